"""Set-up: the components by player count, the deal, the starting cards, the fate card."""

import pytest

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards.actions import Draw
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.setup import components, initial
from rules_oracle.model.catan_cards.state import Stage
from rules_oracle.model.core import CHANCE
from rules_oracle.properties.catan_cards import INVARIANTS


@pytest.mark.rules("catan_cards/components.resources", "catan_cards/components.developments",
                   "catan_cards/setup.all-four", "catan_cards/components.symbols",
                   "catan_cards/symbols", "catan_cards/building-texts",
                   "catan_cards/event-split")
def test_four_players_use_every_card() -> None:
    resources, roads, knights, settlements, buildings, events = components(GAME.config(4))
    assert resources == (11, 11, 16, 15, 14) and sum(resources) == 67
    assert (roads, settlements, knights, sum(buildings)) == (9, 15, 5, 9)
    assert roads + settlements + knights + sum(buildings) == 38
    assert buildings == (1, 2, 2, 2, 2) and events == (5, 10)


@pytest.mark.rules("catan_cards/setup.remove-two", "catan_cards/setup.remove-three",
                   "catan_cards/setup.second-set", "catan_cards/second-set")
@pytest.mark.parametrize(("players", "variant", "expected"), [
    (2, {}, (67, 5, 2, 7, (1, 2, 1, 0, 1), (2, 5))),
    (3, {}, (67, 7, 4, 11, (1, 2, 2, 1, 1), (4, 7))),
    (5, {}, (134, 11, 7, 19, (1, 2, 3, 3, 2), (7, 12))),
    (6, {}, (134, 13, 8, 23, (1, 2, 3, 4, 3), (8, 15))),
    (5, {"second-set": "as-count"}, (134, 16, 9, 26, (2, 4, 4, 3, 3), (9, 17))),
    (6, {"second-set": "as-count"}, (134, 18, 10, 30, (2, 4, 4, 4, 4), (10, 20))),
])
def test_cards_removed_and_added_by_player_count(players: int, variant: dict[str, str],
                                                 expected: tuple[object, ...]) -> None:
    resources, roads, knights, settlements, buildings, events = components(
        GAME.config(players, variant))
    assert (sum(resources), roads, knights, settlements, buildings, events) == expected


@pytest.mark.rules("catan_cards/setup.start-cards", "catan_cards/setup.a-side-up",
                   "catan_cards/setup.fate", "catan_cards/setup.fate-two",
                   "catan_cards/setup.settlement-stack", "catan_cards/setup.buildings-open",
                   "catan_cards/fate-five-six")
def test_starting_cards_and_the_fate_card() -> None:
    s = initial(GAME.config(3))
    assert all((p.settlements, p.roads, p.knights, p.vp) == (1, 1, 0, 1) for p in s.players)
    assert (s.road_stack, s.settlement_stack, s.knight_stack) == (4, 8, 4)
    assert s.fate == D.WHITE
    assert initial(GAME.config(2)).fate == -1
    assert initial(GAME.config(6)).fate == D.WHITE
    assert initial(GAME.config(6, {"fate-five-six": "unused"})).fate == -1
    assert s.unseen_events == (4, 7) and s.building_stack == (1, 2, 2, 1, 1)


@pytest.mark.rules("catan_cards/setup.market", "catan_cards/setup.hands",
                   "catan_cards/setup.first-player")
def test_the_deal_is_chance_over_the_stack() -> None:
    s = GAME.setup(GAME.config(2))
    assert GAME.actor(s) == CHANCE and s.stage is Stage.DRAW
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes[Draw(D.ORE)] * 67 == 16 and sum(outcomes.values()) == 1
    for _ in range(5):
        s = GAME.apply(s, Draw(D.ORE))
    assert s.market == (0, 0, 5, 0, 0) and s.turns == 0
    for r in (D.CLAY, D.CLAY, D.WOOL, D.GRAIN, D.GRAIN, D.GRAIN):
        s = GAME.apply(s, Draw(r))
    assert s.players[0].hand == (2, 0, 0, 1, 0) and s.players[1].hand == (0, 0, 0, 0, 3)
    assert s.stage is Stage.TRADE and s.turn == 0 and s.turns == 1
    assert sum(s.stack) == 67 - 11
    for inv in INVARIANTS:
        assert inv(s) == [], inv.__name__
