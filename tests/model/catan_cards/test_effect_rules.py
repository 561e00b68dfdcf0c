"""The rules a legal step shows (``GAME.effect_rules``, named in the conformance vectors)."""

import pytest

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    Action,
    BuildRoad,
    ChooseFromRival,
    Draw,
    EndDevelopment,
    HireKnight,
    TradeMarket,
    TradeRival,
    TradeStack,
)
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.play import playout
from tests.model.catan_cards.helpers import cards, make, seat


def shown(state: CardsState, action: Action) -> tuple[str, ...]:
    return GAME.effect_rules(state, action, GAME.apply(state, action))


def top(state: CardsState) -> Draw:
    """A card the stack holds."""
    return Draw(next(r for r, n in enumerate(state.stack) if n))


@pytest.mark.rules(
    RB.SETUP_REMOVE_TWO,
    RB.SETUP_FATE_TWO,
    RB.SETUP_ALL_FOUR,
    RB.SETUP_FATE,
    RB.SETUP_MARKET,
    RB.SETUP_HANDS,
    RB.SETUP_FIRST_PLAYER,
)
def test_the_first_step_shows_the_set_up_of_its_player_count() -> None:
    two = GAME.setup(GAME.config(2))
    named = shown(two, Draw(D.ORE))
    assert {RB.SETUP_REMOVE_TWO, RB.SETUP_FATE_TWO, RB.SETUP_MARKET} <= set(named)
    assert RB.SETUP_FATE not in named and RB.SETUP_ALL_FOUR not in named
    four = GAME.setup(GAME.config(4))
    assert {RB.SETUP_ALL_FOUR, RB.SETUP_FATE} <= set(shown(four, Draw(D.ORE)))
    s = four
    for _ in range(D.MARKET):
        s = GAME.apply(s, top(s))
    assert RB.SETUP_HANDS in shown(s, top(s)) and RB.SETUP_ALL_FOUR not in shown(s, top(s))
    while len(s.drawing) > 1:
        s = GAME.apply(s, top(s))
    assert RB.SETUP_FIRST_PLAYER in shown(s, top(s))


@pytest.mark.rules(
    RB.TRADE_STACK, RB.TRADE_NO_ROADS, RB.TRADE_MARKET, RB.TRADE_ALLOWANCE, RB.TRADE_MIX
)
def test_exchanges_name_the_allowance_only_when_it_is_used_up() -> None:
    s = make(3, {0: seat(cards(ore=2), roads=0)})
    assert {RB.TRADE_STACK, RB.TRADE_NO_ROADS} <= set(shown(s, TradeStack(D.ORE)))
    s = make(3, {0: seat(cards(ore=2), roads=3)})  # A, B, A: two exchanges
    first = shown(s, TradeMarket(D.CLAY, D.ORE))
    assert (
        RB.TRADE_MARKET in first and RB.TRADE_ALLOWANCE not in first and RB.TRADE_MIX not in first
    )
    s = GAME.apply(s, TradeMarket(D.CLAY, D.ORE))
    second = shown(s, TradeMarket(D.WOOL, D.ORE))
    assert {RB.TRADE_ALLOWANCE, RB.TRADE_MIX} <= set(second) and RB.TRADE_NO_ROADS not in second


@pytest.mark.rules(
    RB.DEVELOPMENT_ROAD,
    RB.DEVELOPMENT_ALTERNATE,
    RB.SCORE_ROADS_KNIGHTS,
    RB.TAKE_NEIGHBOUR,
    RB.TAKE_FATE,
    RB.TAKE_NEXT,
    RB.TAKE_CITADEL,
    RB.DEVELOPMENT_KNIGHT,
    RB.DEVELOPMENT_BUILDING_EFFECT,
)
def test_a_road_taken_from_a_rival_names_who_was_passed_over() -> None:
    hand = cards(clay=1, lumber=1)
    s = make(3, {0: seat(hand, roads=1)}, stage=Stage.DEVELOP)
    stack = shown(s, BuildRoad())
    assert {RB.DEVELOPMENT_ROAD, RB.DEVELOPMENT_ALTERNATE, RB.SCORE_ROADS_KNIGHTS} <= set(
        stack
    )  # the second road: B side
    assert RB.TAKE_NEIGHBOUR not in stack
    s = make(3, {0: seat(hand, roads=1), 1: seat(roads=2)}, stage=Stage.DEVELOP,
             road_stack=0)
    took = shown(s, BuildRoad())
    assert {RB.TAKE_NEIGHBOUR, RB.TAKE_FATE} <= set(took) and RB.TAKE_NEXT not in took
    castle = (0, 0, 1, 0, 0)
    s = make(3, {0: seat(hand, roads=1), 1: seat(roads=3, cities=0, buildings=castle),
                 2: seat(roads=2)}, stage=Stage.DEVELOP, road_stack=0)
    past = shown(s, BuildRoad())
    assert {
        RB.TAKE_NEIGHBOUR,
        RB.TAKE_NEXT,
        RB.TAKE_CITADEL,
        RB.DEVELOPMENT_BUILDING_EFFECT,
    } <= set(past)
    knight = shown(make(3, {0: seat(cards(ore=1, wool=1, grain=1))}, stage=Stage.DEVELOP),
                   HireKnight())
    assert (
        RB.DEVELOPMENT_KNIGHT in knight and RB.SCORE_ROADS_KNIGHTS not in knight
    )  # the first knight: A side


@pytest.mark.rules(RB.TAKE_NEXT, RB.TAKE_CITADEL, "catan_cards/take-next")
def test_the_players_passed_over_are_those_the_search_met() -> None:
    """Arrows to seat 3 (the previous seat), take-next=clockwise: the search meets seat 3
    (no road), passes the taker and takes from seat 1; seat 2, whose citadel guards his
    roads, was never sought, so his citadel shows nothing. The arrows' way (the default)
    meets seat 2 before seat 1: then the citadel is shown."""
    castle = (0, 0, 1, 0, 0)
    people = {0: seat(cards(clay=1, lumber=1), roads=1), 1: seat(roads=2),
              2: seat(roads=3, settlements=0, buildings=castle), 3: seat(roads=0)}
    clock = make(4, people, stage=Stage.DEVELOP, road_stack=0, fate=D.OTHER,
                 variant={"take-next": "clockwise"})
    assert GAME.apply(clock, BuildRoad()).players[1].roads == 1
    met = shown(clock, BuildRoad())
    assert RB.TAKE_NEXT in met and RB.TAKE_CITADEL not in met
    arrows = make(4, people, stage=Stage.DEVELOP, road_stack=0, fate=D.OTHER)
    assert GAME.apply(arrows, BuildRoad()).players[1].roads == 1
    assert {RB.TAKE_NEXT, RB.TAKE_CITADEL} <= set(shown(arrows, BuildRoad()))


@pytest.mark.rules(
    RB.TRADE_RIVAL,
    RB.TRADE_LIBRARY_ONCE,
    RB.DEVELOPMENT_END,
    RB.PRODUCTION_DRAW,
    RB.PRODUCTION_KNIGHTS,
)
def test_production_names_the_knights_draws_apart() -> None:
    library = (1, 0, 0, 0, 0)
    s = make(3, {0: seat(cards(ore=1), roads=3, cities=0, buildings=library),
                 1: seat(cards(wool=2)), 2: seat(cards(grain=1))}, traded_with=(1,))
    blind = shown(s, TradeRival(1))
    assert RB.TRADE_LIBRARY_ONCE in blind and RB.TRADE_RIVAL in blind
    assert RB.TRADE_LIBRARY_ONCE not in shown(s, TradeRival(2))  # not exchanged with yet
    assert RB.TRADE_LIBRARY in shown(s, TradeRival(2))  # the exchange begins with the choice
    s = make(3, {0: seat(knights=1)}, stage=Stage.DEVELOP)
    s = GAME.apply(s, EndDevelopment())
    assert s.stage is Stage.DRAW and len(s.drawing) == 3
    kinds = []
    while s.stage is Stage.DRAW:
        kinds.append(shown(s, Draw(D.ORE)))
        s = GAME.apply(s, Draw(D.ORE))
    assert [RB.PRODUCTION_DRAW in k for k in kinds] == [True, True, False]
    assert [RB.PRODUCTION_KNIGHTS in k for k in kinds] == [False, False, True]


@pytest.mark.rules(RB.TURN_PASS, RB.GAME_END, RB.TURN_RESTOCK, RB.DEVELOPMENT_CITY_EVENT)
def test_seeded_games_show_the_turns_and_the_end() -> None:
    seen: set[str] = set()
    for seed, players in ((0, 2), (1, 4)):
        config = GAME.config(players)
        state = GAME.setup(config)
        for step in playout(GAME, config, seed, "eager"):
            after = step.state
            named = GAME.effect_rules(state, step.action, after)
            assert len(set(named)) == len(named) and all(r in GAME.rules for r in named)
            assert (RB.TURN_PASS in named) == (after.turns > state.turns > 0)
            assert (RB.GAME_END in named) == (after.stage is Stage.OVER and after.winner >= 0)
            if RB.TURN_RESTOCK in named:
                assert sum(after.stack) > sum(state.stack)
            seen.update(named)
            state = after
    assert {RB.TURN_PASS, RB.GAME_END, RB.DEVELOPMENT_CITY_EVENT} <= seen


@pytest.mark.rules(RB.TRADE_LIBRARY, RB.TRADE_RIVAL)
def test_the_library_s_choice_names_the_library() -> None:
    s = make(3, {0: seat(cards(ore=1), roads=3, cities=0, buildings=(1, 0, 0, 0, 0)),
                 1: seat(cards(wool=2))})
    looking = GAME.apply(s, TradeRival(1))
    chosen = shown(looking, ChooseFromRival(1, D.WOOL))
    assert (
        RB.TRADE_LIBRARY in chosen
        and RB.TRADE_ALLOWANCE not in chosen
        and RB.TRADE_MIX not in chosen
    )
    blind = shown(looking, TradeRival(1))
    assert (
        RB.TRADE_RIVAL in blind
        and RB.TRADE_LIBRARY not in blind
        and RB.TRADE_ALLOWANCE not in blind
    )
