"""The rules a legal step shows (``GAME.effect_rules``, named in the conformance vectors)."""

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.actions import Dice, Discard, EndTurn, MaritimeTrade, RollDice
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    Action,
    DiscardProgress,
    DrawProgress,
    EventDie,
    PlayProgress,
    ReduceCity,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core.play import STEER, playout
from tests.model.cities_knights.helpers import cards, make, progress

# hex 11 mountains 8: 20 26 32 37 31 25; hex 12 forest 8: 28 34 39 43 38 33
SETTLED = {"settlements": {20: 0}, "cities": {34: 1, 31: 2},
           "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[31][0]: 2, B.NODE_PATHS[34][0]: 1}}
ROADS = {B.NODE_PATHS[n][0]: p for n, p in ((0, 0), (10, 1), (40, 2), (2, 0), (46, 1))}


def shown(state: CKState, action: Action) -> tuple[str, ...]:
    return GAME.effect_rules(state, action, GAME.apply(state, action))


def at_event(state: CKState, white: int, red: int) -> CKState:
    return GAME.apply(GAME.apply(state, RollDice()), Dice(white, red))


@pytest.mark.rules(
    RB.COMPONENTS,
    RB.COMPONENTS_REMOVED,
    RB.SETUP_BOARD,
    RB.SETUP_PLACEMENT,
    RB.PROGRESS_DECKS,
    RB.DICE_THREE,
    RB.DICE_EVENT,
)
def test_the_first_step_shows_the_set_up() -> None:
    s = GAME.setup(GAME.config(3))
    action = GAME.legal_actions(s)[0] if GAME.actor(s) >= 0 else GAME.chance_outcomes(s)[0][0]
    first = shown(s, action)
    assert {RB.COMPONENTS, RB.COMPONENTS_REMOVED, RB.SETUP_BOARD, RB.PROGRESS_DECKS} <= set(first)
    placing = GAME.setup(GAME.config(3))
    settlement = GAME.legal_actions(placing)[0]
    assert RB.SETUP_PLACEMENT in shown(placing, settlement)
    placing = GAME.apply(placing, settlement)
    assert RB.SETUP_PLACEMENT in shown(placing, GAME.legal_actions(placing)[0])  # its road
    s = GAME.apply(make(stage=Stage.PRE_ROLL, **SETTLED), RollDice())
    dice = shown(s, Dice(4, 4))
    assert RB.DICE_THREE in dice and RB.COMPONENTS not in dice


@pytest.mark.rules(
    RB.PRODUCTION_COMMODITY, RB.PRODUCTION_ONLY_CITIES, RB.BARBARIANS_MOVE, RB.VICTORY_POINTS
)
def test_production_names_commodities_only_where_a_city_took_one() -> None:
    s = at_event(make(stage=Stage.PRE_ROLL, **SETTLED), 4, 4)
    named = shown(s, EventDie(1))  # a gate nobody draws at: production follows
    assert {RB.DICE_EVENT, RB.PRODUCTION_COMMODITY, RB.PRODUCTION_ONLY_CITIES} <= set(named)
    assert RB.BARBARIANS_MOVE not in named and RB.VICTORY_POINTS not in named
    assert RB.BARBARIANS_MOVE in shown(s, EventDie(D.SHIP))
    barren = shown(at_event(make(stage=Stage.PRE_ROLL, **SETTLED), 1, 1), EventDie(1))
    assert RB.PRODUCTION_COMMODITY not in barren and RB.PRODUCTION_ONLY_CITIES not in barren


@pytest.mark.rules(RB.WALL_DISCARD_LIMIT, RB.ROBBER_NOT_BEFORE_ATTACK, RB.ROBBER_DISCARD)
def test_a_seven_names_the_walls_limit_and_the_robber_at_rest() -> None:
    s = make(stage=Stage.PRE_ROLL, hands={1: cards(ore=4, paper=5), 2: cards(ore=9)},
             walls=(31,), **SETTLED)
    seven = shown(at_event(s, 3, 4), EventDie(1))
    assert (
        RB.WALL_DISCARD_LIMIT in seven and RB.ROBBER_NOT_BEFORE_ATTACK not in seven
    )  # discards come first
    s = GAME.apply(at_event(s, 3, 4), EventDie(1))
    for _ in range(3):
        assert RB.ROBBER_NOT_BEFORE_ATTACK not in shown(s, Discard(D.PAPER))
        s = GAME.apply(s, Discard(D.PAPER))
    assert {RB.ROBBER_DISCARD, RB.ROBBER_NOT_BEFORE_ATTACK} <= set(
        shown(s, Discard(D.PAPER))
    )  # the last one
    bare = make(stage=Stage.PRE_ROLL, hands={1: cards(ore=4, paper=5), 2: cards(ore=12)},
                walls=(31,), **SETTLED)
    assert RB.WALL_DISCARD_LIMIT not in shown(at_event(bare, 3, 4), EventDie(1))  # 12: half anyway
    calm = make(stage=Stage.PRE_ROLL, **SETTLED)
    named = shown(at_event(calm, 3, 4), EventDie(1))
    assert RB.ROBBER_NOT_BEFORE_ATTACK in named and RB.WALL_DISCARD_LIMIT not in named
    later = attrs.evolve(calm, attacked=True)
    assert RB.ROBBER_NOT_BEFORE_ATTACK not in shown(at_event(later, 3, 4), EventDie(1))


@pytest.mark.rules(
    RB.BARBARIANS_TRACK,
    RB.BARBARIANS_STRENGTH,
    RB.BARBARIANS_DEFENCE,
    RB.BARBARIANS_RESET,
    RB.BARBARIANS_DEFENDER,
    RB.BARBARIANS_TIE,
    RB.BARBARIANS_LOSS,
    RB.BARBARIANS_IMMUNE,
    RB.WALL_LOST,
    RB.METROPOLIS_IMMUNE,
)
def test_the_seventh_ship_names_the_attacks_outcome() -> None:
    won = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
               knights={3: (0, 2, True), 11: (1, 1, True)})
    named = shown(at_event(won, 1, 1), EventDie(D.SHIP))
    assert {
        RB.BARBARIANS_TRACK,
        RB.BARBARIANS_STRENGTH,
        RB.BARBARIANS_DEFENCE,
        RB.BARBARIANS_RESET,
        RB.BARBARIANS_DEFENDER,
    } <= set(named)
    assert RB.BARBARIANS_TIE not in named and RB.BARBARIANS_LOSS not in named
    early = shown(at_event(attrs.evolve(won, barbarians=5), 1, 1), EventDie(D.SHIP))
    assert RB.BARBARIANS_MOVE in early and RB.BARBARIANS_STRENGTH not in early
    tied = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
                knights={3: (0, 1, True), 11: (1, 1, True)})
    named = shown(at_event(tied, 1, 1), EventDie(D.SHIP))
    assert RB.BARBARIANS_TIE in named and RB.BARBARIANS_DEFENDER not in named
    lost = make(stage=Stage.PRE_ROLL, cities={0: 0, 2: 0, 10: 1, 40: 2}, roads=ROADS,
                barbarians=6, walls=(0,), metropolis=(40, -1, -1), levels={2: (4, 0, 0)},
                knights={11: (1, 1, True)})
    s = at_event(lost, 1, 1)
    assert {RB.BARBARIANS_LOSS, RB.BARBARIANS_IMMUNE} <= set(shown(s, EventDie(D.SHIP)))
    s = GAME.apply(s, EventDie(D.SHIP))
    walled = shown(s, ReduceCity(0))
    assert {RB.BARBARIANS_LOSS, RB.WALL_LOST} <= set(walled) and RB.METROPOLIS_IMMUNE not in walled
    assert RB.WALL_LOST not in shown(s, ReduceCity(2))
    safe = attrs.evolve(s, metropolis=(2, -1, -1))
    assert RB.METROPOLIS_IMMUNE in shown(safe, ReduceCity(0))


@pytest.mark.rules(
    RB.DICE_GATE_DRAW,
    RB.PROGRESS_OFF_TURN,
    RB.PROGRESS_HAND_LIMIT,
    RB.PROGRESS_VP_CARDS,
    RB.PROGRESS_PRINTER,
    RB.PROGRESS_PLAY,
    RB.PROGRESS_CRANE,
)
def test_progress_cards_drawn_discarded_and_played() -> None:
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS,
             levels={0: (0, 0, 1), 1: (0, 0, 2), 2: (0, 0, 0)},
             held={1: progress(crane=2, smith=2)})
    s = GAME.apply(at_event(s, 1, 3), EventDie(3))  # science gate: seat 1 draws
    drawn = shown(s, DrawProgress(D.MINING))
    assert RB.DICE_GATE_DRAW in drawn and RB.PROGRESS_VP_CARDS not in drawn
    assert {RB.DICE_GATE_DRAW, RB.PROGRESS_VP_CARDS, RB.PROGRESS_PRINTER} <= set(
        shown(s, DrawProgress(D.PRINTER))
    )
    s = GAME.apply(s, DrawProgress(D.MINING))
    off = shown(s, DiscardProgress(D.CRANE))
    assert RB.PROGRESS_OFF_TURN in off and RB.PROGRESS_HAND_LIMIT not in off
    end = GAME.apply(make(held={0: progress(crane=3, smith=2)}, **SETTLED), EndTurn())
    assert RB.PROGRESS_HAND_LIMIT in shown(end, DiscardProgress(D.CRANE))
    main = make(held={0: progress(crane=1)}, **SETTLED)
    assert {RB.PROGRESS_PLAY, RB.PROGRESS_CRANE} <= set(shown(main, PlayProgress(D.CRANE)))


@pytest.mark.rules(
    RB.VICTORY_POINTS,
    RB.VICTORY_LONGEST_ROAD,
    RB.BARBARIANS_MOVE,
    RB.VICTORY_THIRTEEN,
    RB.PROGRESS_PLAY,
)
def test_seeded_games_name_what_their_steps_change() -> None:
    seen: set[str] = set()
    for seed, policy in ((0, "eager"), (1, STEER)):
        config = GAME.config(3)
        state = GAME.setup(config)
        for step in playout(GAME, config, seed, policy):
            a, after = step.action, step.state
            named = GAME.effect_rules(state, a, after)
            assert len(set(named)) == len(named) and all(r in GAME.rules for r in named)
            assert (RB.VICTORY_POINTS in named) == (GAME.scores(after) != GAME.scores(state))
            assert (RB.VICTORY_LONGEST_ROAD in named) == (after.longest != state.longest)
            assert (RB.BARBARIANS_MOVE in named) == (isinstance(a, EventDie) and a.face == D.SHIP)
            assert (RB.PROGRESS_PLAY in named) == isinstance(a, PlayProgress)
            if RB.VICTORY_THIRTEEN in named:
                assert after.stage is Stage.OVER and after.winner >= 0
            seen.update(named)
            state = after
    assert {RB.VICTORY_POINTS, RB.BARBARIANS_MOVE, RB.DICE_THREE, RB.PRODUCTION_COMMODITY} <= seen


@pytest.mark.rules(RB.TRADE_MARITIME, RB.IMPROVEMENT_TRADING_HOUSE, RB.TRADE_LIMIT)
def test_maritime_trade_names_the_trading_house_and_the_last_trade() -> None:
    house = make(hands={0: cards(cloth=2)}, levels={0: (3, 0, 0)}, **SETTLED)
    named = shown(house, MaritimeTrade(D.CLOTH, 0))
    assert {RB.TRADE_MARITIME, RB.IMPROVEMENT_TRADING_HOUSE} <= set(
        named
    ) and RB.TRADE_LIMIT not in named
    last = attrs.evolve(house, trades=D.TRADES_PER_TURN - 1)
    assert RB.TRADE_LIMIT in shown(last, MaritimeTrade(D.CLOTH, 0))
    bank = make(hands={0: cards(cloth=4)}, **SETTLED)
    named = shown(bank, MaritimeTrade(D.CLOTH, 0))
    assert RB.TRADE_MARITIME in named and RB.IMPROVEMENT_TRADING_HOUSE not in named
