"""Invariants over seeded random games, corrupted states, variants, quotes, serialization."""

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    BuyTile,
    DrawGoods,
    EffectTake,
    PlaceTile,
    ShipDepot,
    TakeTile,
    UseWorker,
)
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.burgundy.state import BurgundyState, Stage
from rules_oracle.model.core import IllegalAction, digest, structure, to_json, unstructure
from rules_oracle.model.core.play import choose
from rules_oracle.model.core.rules import quote_stands
from rules_oracle.properties.burgundy import INVARIANTS, TRANSITION_INVARIANTS
from tests.model.burgundy.helpers import edit, first_turn, goods, me, with_depot

RULES_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "rules"


def check(state: BurgundyState) -> None:
    for inv in INVARIANTS:
        assert inv(state) == [], inv.__name__


def play(players: int, seed: int, variant: dict[str, str] | None = None) -> list[BurgundyState]:
    rng = random.Random(seed)
    config = GAME.config(players, variant)
    state = GAME.setup(config)
    states = [state]
    bound = GAME.max_steps(config)
    while not GAME.is_terminal(state):
        assert len(states) <= bound
        state = GAME.apply(state, choose(GAME, state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_over_random_games(players: int) -> None:
    for seed in range(4):
        states = play(players, seed)
        for i, s in enumerate(states):
            if i % 7 == 0 or GAME.is_terminal(s):
                check(s)
            if i:
                for tr in TRANSITION_INVARIANTS:
                    assert tr(states[i - 1], None, s) == []
            if not GAME.is_terminal(s) and GAME.actor(s) >= 0:
                assert GAME.legal_actions(s), "a player on turn always has an action"
        assert len(states) - 1 <= GAME.max_steps(GAME.config(players))
        assert len(GAME.winners(states[-1])) == 1


def test_same_choices_same_digests() -> None:
    a, b = play(3, 11), play(3, 11)
    assert [digest(x) for x in a[::50]] == [digest(x) for x in b[::50]]


def test_serialization_round_trips() -> None:
    for s in play(2, 5)[::97]:
        assert structure(unstructure(s), BurgundyState) == s
        assert to_json(structure(unstructure(s), BurgundyState)) == to_json(s)
    for a in (TakeTile(0, 3, "bank", "ship"), PlaceTile(2, "mine", 24), DrawGoods(3)):
        assert structure(unstructure(a), type(a)) == a


def test_corrupted_states_are_caught() -> None:
    s = first_turn(3)
    check(s)
    names = {
        "hexes": attrs.evolve(s, black=s.black[1:]),
        "goods": attrs.evolve(s, goods_pool=(s.goods_pool[0] + 1, *s.goods_pool[1:])),
        "reserve": attrs.evolve(s, goods_pool=(s.goods_pool[0] + 1, *s.goods_pool[1:]),
                                depot_goods=((0,) * 6,) * 6),
        "neg": edit(s, silver=-1),
        "storage": edit(s, storage=("bank", "bank", "ship", "mine")),
        "kinds": edit(s, goods=goods(k1=1, k2=1, k3=1, k4=1)),
        "colour": edit(s, tiles={11: "ship"}),
        "island": edit(s, tiles={36: "bank"}),
        "city": edit(s, tiles={25: "bank", 26: "bank"}),
        "knowledge": edit(s, knowledge=(5,)),
        "bonus": attrs.evolve(s, bonuses=(1, 0, 0, 0, 0, 0)),
        "turn": attrs.evolve(s, order=(0, 0, 1)),
    }
    for name, bad in names.items():
        found = [v for inv in INVARIANTS for v in inv(bad)]
        assert found, name
    lower = edit(s, vp=me(s).vp - 1)
    assert [v.invariant for v in TRANSITION_INVARIANTS[0](s, None, lower)] == [
        "burgundy/inv.vp-never-decreases"]
    assert any(v.invariant == "burgundy/inv.vp-non-negative"
               for inv in INVARIANTS for v in inv(edit(s, vp=-3)))


@pytest.mark.rules(
    "burgundy/action.take-tile", "burgundy/action.place", "burgundy/action.buy-black",
    "burgundy/building.carpenter", "burgundy/ship.take-goods",
)
def test_schema_valid_nonsense_is_rejected_with_a_rule() -> None:
    s = edit(with_depot(first_turn(2), 3, "bank"), dice=(3, 3), silver=5)
    for bad in (TakeTile(0, 3, "dragon"), TakeTile(-1, 3, "bank"), PlaceTile(0, "bank", -5),
                PlaceTile(1, "", 11), BuyTile(0, "dragon"), BuyTile(9, "bank"),
                UseWorker(5, 1), EffectTake(3, "bank"), ShipDepot(0), DrawGoods(1)):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, bad)
        assert err.value.rule in GAME.rules


@pytest.mark.rules(
    "burgundy/action.take-discard", "burgundy/action.buy-black", "burgundy/action.storage-three",
)
def test_variant_storage_full_readings_differ() -> None:
    for reading, expect in (("discard", True), ("forfeit", False)):
        s = first_turn(2, variant={"storage-full": reading})
        s = edit(s, dice=(3, 3), silver=4, storage=("mine", "ship", "castle"))
        buys = [a for a in GAME.legal_actions(s) if isinstance(a, BuyTile)]
        assert bool(buys) == expect
        if expect:
            assert all(a.discard for a in buys)
            s2 = GAME.apply(s, buys[0])
            assert len(me(s2).storage) == 3 and me(s2).silver == 2
        else:
            with pytest.raises(IllegalAction) as err:
                GAME.apply(s, BuyTile(0, s.black[0], "mine"))
            assert err.value.rule == RB.ACTION_STORAGE_THREE


@pytest.mark.rules("burgundy/building.carpenter")
def test_building_effects_always_find_storage_room() -> None:
    # placing takes the building out of storage, so a building's take never meets a full one
    s = with_depot(first_turn(2, variant={"storage-full": "forfeit"}), 2, "church")
    s = edit(s, dice=(3, 3), storage=("carpenter", "mine", "castle"))
    s2 = GAME.apply(s, PlaceTile(0, "carpenter", 11))
    assert EffectTake(2, "church") in GAME.legal_actions(s2)


@pytest.mark.rules("burgundy/knowledge.5")
def test_variant_k5_neighbours_readings_differ() -> None:
    got = {}
    for reading in ("linear", "circular"):
        s = first_turn(2, variant={"k5-neighbours": reading})
        s = edit(s, tiles={12: "knowledge-5"}, dice=(2, 2), storage=("ship",), goods=(0,) * 6)
        s = attrs.evolve(s, depot_goods=(goods(k1=1), *((0,) * 6,) * 4, goods(k6=1)))
        s = GAME.apply(s, PlaceTile(0, "ship", 17))
        got[reading] = ShipDepot(6) in GAME.legal_actions(s)
        if got[reading]:
            assert me(GAME.apply(s, ShipDepot(6))).goods == goods(k1=1, k6=1)
    assert got == {"linear": False, "circular": True}


@pytest.mark.rules("burgundy/knowledge.8")
def test_variant_k8_step_readings_differ() -> None:
    reach = {}
    for reading in ("up-to-2", "exactly-2"):
        s = first_turn(2, variant={"k8-step": reading})
        s = edit(s, tiles={12: "knowledge-8"}, dice=(6, 6), workers=2)
        seen = set()
        for a in GAME.legal_actions(s):
            if isinstance(a, UseWorker) and a.die == 0:
                s1 = GAME.apply(s, a)
                for b in GAME.legal_actions(s1):
                    if isinstance(b, UseWorker) and b.die == 0:
                        seen.add(me(GAME.apply(s1, b)).dice[0])
        reach[reading] = 3 in seen
    assert reach == {"up-to-2": True, "exactly-2": False}


def test_every_option_is_a_registered_ambiguity_with_readings() -> None:
    opts = GAME.rules.options()
    assert set(opts) == {"storage-full", "k5-neighbours", "k8-step", "k8-wrap", "tie-order",
                         "depots", "castle-choice", "edition", "castle-action"}
    for amb in GAME.rules.ambiguities:
        assert amb.default in {r.key for r in amb.readings}


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="shared/rules is not present")
def test_every_quote_stands_in_the_rules_file() -> None:
    """Each in its own file: the rules text, or the data file for the edition's facts."""
    for item in (*GAME.rules, *GAME.rules.ambiguities):
        text = (RULES_DIR / item.file).read_text(encoding="utf-8")
        assert quote_stands(item.quote, text), item.id


def test_reachable_stages_cover_the_game() -> None:
    stages = {s.stage for s in play(2, 3)}
    assert stages == set(Stage) - {Stage.BOARDS, Stage.CASTLES}
    assert {s.stage for s in play(2, 3, {"setup": "advanced"})} == set(Stage)


def test_verify_runs_the_transition_invariants() -> None:
    from rules_oracle.oracle.verify import property_outcomes
    from rules_oracle.properties.base import Violation
    from rules_oracle.properties.registry import transition_invariants

    assert transition_invariants("burgundy") == TRANSITION_INVARIANTS

    def always_broken(before: Any, action: Any, after: Any) -> list[Violation]:
        return [Violation("test/broken", "a step")]

    found = property_outcomes(GAME, (), 1, 0,
                              transition_invariants=(*TRANSITION_INVARIANTS, always_broken))
    status = {o.name: o.status for o in found}
    assert status["invariant/vp_monotone"] == "passed"
    assert status["invariant/always_broken"] == "failed"
