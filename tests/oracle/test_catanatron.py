"""The catanatron adapter: ids map both ways, outcomes are forced, and seeded games
driven through it show no divergence that docs/engines/catanatron.known.json lacks."""

import random
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("catanatron", reason="the catanatron extra is not installed")

from rules_oracle.model.catan import board
from rules_oracle.model.core import registry
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle.adapters import catanatron as ad
from rules_oracle.oracle.known import load

ROOT = Path(__file__).resolve().parents[2]
KNOWN = ROOT / "docs" / "engines" / "catanatron.known.json"
ADAPTER = [sys.executable, "-m", "rules_oracle.oracle.adapters.catanatron"]


def test_ids_map_both_ways_and_keep_adjacency() -> None:
    assert sorted(ad.NODE_TO_CATANATRON) == list(range(board.N_NODES))
    assert len(set(ad.PATH_TO_EDGE)) == board.N_PATHS
    for path, (a, b) in enumerate(board.PATH_NODES):
        edge = ad.PATH_TO_EDGE[path]
        assert set(edge) == {ad.NODE_TO_CATANATRON[a], ad.NODE_TO_CATANATRON[b]}
        assert ad.EDGE_TO_PATH[edge] == path
    assert len(set(ad.HEX_TO_COORDINATE)) == board.N_HEXES
    assert all(sum(c) == 0 for c in ad.HEX_TO_COORDINATE)


def test_the_board_set_up_is_the_models() -> None:
    game = registry.get("catan")
    from rules_oracle.model.core.canon import unstructure

    view = unstructure(game.observe(game.setup(game.config(4)), "public"))
    adapter = ad.Adapter()
    reply = adapter.reset({"game": "catan", "players": 4, "seed": 0, "variant": {}})
    assert reply["ok"] and reply["compare"] == "observation"
    seen = reply["observation"]
    for field in ("terrain", "tokens", "harbours", "robber", "bank", "road_owner"):
        assert seen[field] == view[field], field


def test_the_models_harbours_are_catanatrons_ports() -> None:
    """The model's harbour positions are catanatron's own fixed ports, water hex and facing:
    the adapter's port topology is BASE_MAP_TEMPLATE's."""
    from catanatron.models.map import BASE_MAP_TEMPLATE

    ports = {c: t for c, t in BASE_MAP_TEMPLATE.topology.items() if isinstance(t, tuple)}
    topology, where = ad._harbour_topology()
    assert len(where) == len(ports) == board.N_HARBOURS
    assert {w: topology[w] for w in where} == ports


@pytest.mark.parametrize(("request_", "words"), [
    ({"game": "crafts", "players": 3}, "base Catan"),
    ({"game": "catan", "players": 5}, "2-4 players"),
    ({"game": "catan", "players": 3, "variant": {"board": "variable"}}, "board=beginner"),
    ({"game": "catan", "players": 3, "variant": {"rate": "any"}}, "best rate only"),
])
def test_what_it_cannot_set_up_is_refused(request_: dict[str, object], words: str) -> None:
    reply = ad.Adapter().reset(request_)
    assert reply["ok"] is False and words in reply["error"]


def test_the_roll_is_one_step_with_its_dice_and_outcomes_are_forced() -> None:
    """catanatron's roll is a compound step (RollDice, then Dice), declared at reset: the
    dice come with it, so no state between them is made up; a card drawn is held and
    forced, and an impossible one rejected."""
    adapter = ad.Adapter()
    reply = adapter.reset({"game": "catan", "players": 3, "seed": 0, "variant": {}})
    assert reply["compound"] == [{"first": ["RollDice"], "then": ["Dice"]}]
    while adapter.legal()[0] != 0 or adapter.legal()[1] != [{"type": "RollDice"}]:
        actor, actions, _ = adapter.legal()
        adapter.apply(actions[0])
    for resource in ("SHEEP", "WHEAT", "ORE"):  # the price of a card, before the roll
        adapter.state.player_state[f"P0_{resource}_IN_HAND"] += 1
    alone = adapter.handle({"op": "apply", "action": {"type": "RollDice"}})
    assert alone["ok"] is False and "comes with its dice" in alone["error"]
    dice = adapter.handle({"op": "apply", "action": {"type": "Dice", "white": 4, "red": 5}})
    assert dice["ok"] is False and "not among catanatron's playable actions" in dice["error"]
    wrong = adapter.handle({"op": "apply", "action": {"type": "EndTurn"},
                            "then": [{"type": "Dice", "white": 4, "red": 5}]})
    assert wrong["ok"] is False and "only RollDice" in wrong["error"]
    assert adapter.handle({"op": "apply", "action": {"type": "RollDice"},
                           "then": [{"type": "Dice", "white": 4, "red": 5}]})["ok"]
    last = adapter.state.actions[-1]
    assert last.value == (4, 5)  # the roll catanatron made is the one forced
    assert adapter.legal()[0] == 0  # no chance step held: the player on turn acts
    # a roll where catanatron does not offer one is catanatron's refusal
    again = adapter.handle({"op": "apply", "action": {"type": "RollDice"},
                            "then": [{"type": "Dice", "white": 1, "red": 1}]})
    assert again["ok"] is False and "not among catanatron's playable actions" in again["error"]
    assert adapter.handle({"op": "apply", "action": {"type": "BuyDevelopment"}})["ok"]
    actor, actions, chances = adapter.legal()
    assert actor == "chance" and chances is not None and len(actions) == 5
    bad = adapter.handle({"op": "apply", "action": {"type": "Draw", "card": 9}})
    assert bad["ok"] is False and "not a possible outcome" in bad["error"]
    assert adapter.handle({"op": "apply", "action": {"type": "Draw", "card": 0}})["ok"]
    assert adapter.state.actions[-1].value == "KNIGHT"
    trade = adapter.handle({"op": "apply", "action": {"type": "OfferCard", "give": True,
                                                       "resource": 0}})
    assert trade["ok"] is False and "domestic trade" in trade["error"]


class _Sampling(random.Random):
    """catanatron's generator with a wrong discard: k + ``more`` cards (None: no card)."""

    def __init__(self, more: int | None) -> None:
        super().__init__(0)
        self.more = more

    def sample(self, population: Any, k: int, **_: Any) -> list[Any]:
        return [] if self.more is None else list(population)[:k + self.more]


def _hands_then_seven(adapter: ad.Adapter, hands: dict[int, int],
                      monkeypatch: pytest.MonkeyPatch | None = None,
                      more: int | None = 0) -> None:
    """Seat 0 about to roll, each seat holding the given number of wood, then a 7 (with
    catanatron's discard drawing ``more`` cards too many, when a monkeypatch is given)."""
    adapter.reset({"game": "catan", "players": 3, "seed": 0, "variant": {}})
    if monkeypatch is not None:
        import catanatron.state as engine
        monkeypatch.setattr(engine, "random", _Sampling(more))
    while adapter.legal()[:2] != (0, [{"type": "RollDice"}]):
        adapter.apply(adapter.legal()[1][0])
    for seat in range(3):
        for resource in ad.RESOURCE_NAMES:
            adapter.state.player_state[f"P{seat}_{resource}_IN_HAND"] = 0
        adapter.state.player_state[f"P{seat}_WOOD_IN_HAND"] = hands.get(seat, 0)
    adapter.apply({"type": "RollDice"}, [{"type": "Dice", "white": 3, "red": 4}])


@pytest.mark.rules("catan/seven.discard")
def test_who_discards_how_many_is_catanatrons_own_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    adapter = ad.Adapter()
    _hands_then_seven(adapter, {1: 9, 2: 7})
    assert adapter.owed == {1: 4}  # catanatron's len(hand) // 2, for hands over its limit
    assert adapter.legal()[0] == 1
    for _ in range(4):
        adapter.apply({"type": "Discard", "resource": 0})
    assert adapter.hand(1)[0] == 5 and not adapter.state.is_discarding
    # a catanatron whose discard takes one card too many: the adapter asks for what it takes
    _hands_then_seven(adapter, {1: 9, 2: 7}, monkeypatch, 1)
    assert adapter.owed == {1: 5}


@pytest.mark.rules("catan/seven.discard")
def test_a_discard_of_no_card_is_made_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    adapter = ad.Adapter()
    _hands_then_seven(adapter, {1: 9}, monkeypatch, None)
    assert adapter.owed == {} and not adapter.state.is_discarding


@pytest.mark.rules("catan/turn.limit")
def test_the_game_ends_at_catanatrons_own_turn_limit() -> None:
    from catanatron.game import TURNS_LIMIT

    adapter = ad.Adapter()
    adapter.reset({"game": "catan", "players": 3, "seed": 0, "variant": {}})
    while adapter.legal()[:2] != (0, [{"type": "RollDice"}]):
        adapter.apply(adapter.legal()[1][0])
    assert adapter.state.num_turns == 4  # the set-up's 2 + 2 changes of seat
    adapter.state.num_turns = TURNS_LIMIT - 1
    adapter.apply({"type": "RollDice"}, [{"type": "Dice", "white": 2, "red": 3}])
    assert adapter.legal()[0] == 0 and not adapter.over()
    adapter.apply({"type": "EndTurn"})
    assert adapter.state.num_turns == TURNS_LIMIT
    assert adapter.legal() == ("terminal", [], None)


def test_seeded_games_show_no_unknown_divergence() -> None:
    report = drv.drive(ADAPTER, [registry.get("catan")], count=2, seed=100,
                       known=load(str(KNOWN)), timeout=60)
    for run in report.games:
        assert run.status != "diverges", (run.seed, run.divergence)
        assert run.steps > 100
        assert dict(run.gaps).get("OfferCard", 0) > 0  # domestic trade: a declared gap
    assert report.passes


@pytest.mark.rules("catan/development-before-roll", "catan/seven.discard")
def test_a_card_left_out_before_the_roll_leaves_the_seven_s_discards_to_the_model() -> None:
    """4 players, seed 97 (uniform): at step 592 catanatron leaves out Road Building before
    the roll (known `card-before-roll`, play goes on among the actions both allow); the roll
    is a 7 and seat 0 must discard, a forced step the compound roll takes in. Choosing it
    among the roll step's actions (only RollDice) reported the discard "unsupported"."""
    report = drv.drive(ADAPTER, [registry.get("catan")], count=1, seed=97, players=4,
                       known=load(str(KNOWN)), timeout=60)
    [run] = report.games
    assert run.status != "diverges", run.divergence
    assert run.steps > 594 and dict(run.tolerated).get("card-before-roll", 0) >= 1


@pytest.mark.rules("catan/hidden-points", "catan/development.victory-point")
def test_the_winner_shows_the_victory_point_cards_that_won() -> None:
    # 4 players, seed 201, eager: player 3 wins with 7 public points and 3 victory point
    # cards, which the final view of both sides counts
    report = drv.drive(ADAPTER, [registry.get("catan")], count=1, seed=201, policy="eager",
                       known=load(str(KNOWN)), timeout=60)
    (run,) = report.games
    assert run.divergence is None and run.steps > 500
    assert report.passes
