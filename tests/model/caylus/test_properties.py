"""Invariants over seeded games and on corrupted states; quotes; determinism; max_steps."""

import itertools
import random
from pathlib import Path

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Favour, FavourStep, Stage
from rules_oracle.model.core import digest
from rules_oracle.model.core.play import choose
from rules_oracle.model.core.rules import quote_stands
from rules_oracle.properties.base import Violation
from rules_oracle.properties.caylus import (
    INVARIANTS,
    TRANSITION_INVARIANTS,
    buildings_conserved,
    houses_conserved,
    nonnegative,
    placements,
    prestige_never_decreases,
    provost_bounds,
    road_order,
    round_never_decreases,
    turn_structure,
    within_supply,
    workers_conserved,
)
from tests.model.caylus.helpers import built, place, player, ready

SHARED = Path(__file__).resolve().parents[3].parent / "shared"


def play(players: int, seed: int, policy: str = "uniform") -> list[CaylusState]:
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players))
    states = [state]
    while GAME.actor(state) != -2:
        state = GAME.apply(state, choose(GAME, state, rng, policy))
        states.append(state)
    return states


@pytest.mark.parametrize(("players", "seed", "policy"), [
    (2, 1, "eager"), (3, 2, "uniform"), (4, 3, "eager"), (5, 4, "eager")])
def test_invariants_hold_over_seeded_games(players: int, seed: int, policy: str) -> None:
    states = play(players, seed, policy)
    assert len(states) <= GAME.max_steps(GAME.config(players))
    assert states[-1].stage is Stage.OVER and states[-1].round == D.ROUNDS
    for s in states[::3] + states[-1:]:
        for inv in INVARIANTS:
            assert inv(s) == [], inv.__name__
    for a, b in itertools.pairwise(states):
        for tinv in TRANSITION_INVARIANTS:
            assert tinv(a, None, b) == [], tinv.__name__


def test_same_seed_same_game() -> None:
    assert [digest(s) for s in play(3, 7)] == [digest(s) for s in play(3, 7)]


def _one(violations: list[Violation], invariant: str) -> None:
    assert violations and all(v.invariant == invariant for v in violations)


def test_workers_conserved_fails_on_a_lost_worker() -> None:
    s = ready(3)
    _one(workers_conserved(player(s, 1, workers=5, camp=s.players[1].camp)),
         "caylus/inv.workers-conserved")


def test_houses_conserved_fails_on_a_free_house() -> None:
    s = ready(3)
    _one(houses_conserved(attrs.evolve(s, owner=put(s.owner, 14, 0))),
         "caylus/inv.houses-conserved")


def test_nonnegative_fails_on_a_debt() -> None:
    _one(nonnegative(player(ready(3), 2, resources=(0, -1, 0, 0, 0))), "caylus/inv.nonnegative")


def test_within_supply_fails_past_the_tokens_when_limited() -> None:
    s = ready(2, variant={"supply": "limited"})
    s = player(player(s, 0, resources={"gold": 10}), 1, resources={"gold": 6})
    _one(within_supply(s), "caylus/inv.within-supply")
    assert within_supply(attrs.evolve(s, config=GAME.config(2))) == []


@pytest.mark.parametrize("players", [2, 5])
def test_invariants_hold_with_a_limited_supply(players: int) -> None:
    rng = random.Random(players)
    s = GAME.setup(GAME.config(players, {"supply": "limited", "steward": "three",
                                         "deliveryman": "bundle"}))
    while GAME.actor(s) != -2:
        s = GAME.apply(s, choose(GAME, s, rng, "eager"))
        for inv in INVARIANTS:
            assert inv(s) == [], inv.__name__


def test_buildings_conserved_fails_on_a_copy() -> None:
    s = ready(3)
    _one(buildings_conserved(attrs.evolve(s, road=put(s.road, 14, D.WOOD_SAWMILL))),
         "caylus/inv.buildings-conserved")
    _one(buildings_conserved(attrs.evolve(s, road=put(s.road, 14, D.FARM))),
         "caylus/inv.buildings-conserved")
    _one(buildings_conserved(attrs.evolve(s, road=put(s.road, 0, D.TOLL))),
         "caylus/inv.buildings-conserved")


def test_road_order_fails_on_a_gap_and_odd_owners() -> None:
    s = ready(3)
    _one(road_order(built(s, 16, D.TAILOR, 0)), "caylus/inv.road-order")
    _one(road_order(attrs.evolve(s, owner=put(s.owner, 2, 0))), "caylus/inv.road-order")
    _one(road_order(attrs.evolve(s, owner=put(s.owner, 16, 0))), "caylus/inv.road-order")


def test_placements_fail_on_forbidden_and_double_workers() -> None:
    s = ready(3)
    _one(placements(place(s, 4, 0)), "caylus/inv.placements")
    _one(placements(place(s, 16, 0)), "caylus/inv.placements")
    two = attrs.evolve(place(s, 5, 0), second_worker=put(s.second_worker, 5, 1))
    _one(placements(two), "caylus/inv.placements")  # the journeyman not used
    _one(placements(attrs.evolve(s, site_workers=(1, 1))), "caylus/inv.placements")
    both = attrs.evolve(s, second_worker=put(put(s.second_worker, 5, 1), 6, 1),
                        first_worker=put(put(s.first_worker, 5, 0), 6, 0),
                        journeyman_used=True)
    _one(placements(both), "caylus/inv.placements")


def test_provost_bounds_fail_behind_the_bridge() -> None:
    _one(provost_bounds(attrs.evolve(ready(3), provost=3)), "caylus/inv.provost")
    _one(provost_bounds(attrs.evolve(ready(3), provost=D.PROVOST_MAX + 1)), "caylus/inv.provost")


def test_turn_structure_fails() -> None:
    s = ready(3)
    _one(turn_structure(attrs.evolve(s, round=10)), "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, bridge=(1, 1))), "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, characters=put(s.characters, 0, 5))), "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, characters=put(s.characters, 11, D.BOARD))),
         "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, stage=Stage.DELIVERY, cursor=3)), "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, favour=Favour(7, FavourStep.CHOOSE))),
         "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, provost_steps=1)), "caylus/inv.turn")
    _one(turn_structure(attrs.evolve(s, stage=Stage.BRIDGE, provost_steps=3)),
         "caylus/inv.turn")


def test_transition_invariants_fail() -> None:
    s = ready(3)
    _one(prestige_never_decreases(player(s, 0, prestige=3), None, s),
         "caylus/inv.prestige-monotone")
    _one(round_never_decreases(s, None, attrs.evolve(s, round=3)), "caylus/inv.round-monotone")


def test_every_quote_stands_in_its_file() -> None:
    rules_dir = SHARED / "rules"
    if not rules_dir.exists():
        pytest.skip("shared rules absent")
    for item in (*RULES, *RULES.ambiguities):
        text = (rules_dir / item.file).read_text(encoding="utf-8")
        assert quote_stands(item.quote, text), item.id


def test_the_steward_option_is_a_variant() -> None:
    assert GAME.config(2).option("steward") == "two"
    assert GAME.config(2, {"steward": "three"}).option("steward") == "three"
