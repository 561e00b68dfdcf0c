"""The rules a legal step shows (named by the conformance vectors) are the rules it follows."""

import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Dice,
    Discard,
    Draw,
    EndTurn,
    MaritimeTrade,
    PlayKnight,
    PlayMonopoly,
    Steal,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from rules_oracle.model.core.play import playout


@pytest.mark.rules(
    RB.PRODUCTION_YIELD,
    RB.PRODUCTION_ROBBER,
    RB.TURN_END,
    RB.DEVELOPMENT_VICTORY_POINT,
    RB.VICTORY_TEN,
    RB.VICTORY_OWN_TURN,
    RB.LONGEST_ROAD_MINIMUM,
    RB.LARGEST_ARMY_MINIMUM,
    RB.SETUP_SECOND_RESOURCES,
    RB.COMPONENTS_TERRAIN,
    RB.SETUP_FIRST_PLAYER,
    RB.BUILD_ROAD_COST,
    RB.BUILD_ROAD_CONNECTED,
    RB.DEVELOPMENT_ROAD_BUILDING,
    RB.BUILD_SETTLEMENT_COST,
    RB.BUILD_DISTANCE,
    RB.BUILD_SETTLEMENT_CONNECTED,
    RB.BUILD_CITY_COST,
    RB.BUILD_CITY_UPGRADE,
    RB.SEVEN_DISCARD_LIMIT,
    RB.SEVEN_ROBBER,
    RB.SEVEN_DISCARD,
    RB.DEVELOPMENT_KNIGHT,
    RB.DEVELOPMENT_MONOPOLY,
    RB.TRADE_MARITIME,
    RB.SEVEN_STEAL,
)
def test_effect_rules_name_what_the_step_does() -> None:
    seen: set[str] = set()
    for seed in range(2):
        config = GAME.config(3)
        state = GAME.setup(config)
        first = True
        for step in playout(GAME, config, seed, "eager"):
            named = GAME.effect_rules(state, step.action, step.state)
            assert len(set(named)) == len(named) and all(r in GAME.rules for r in named)
            seen.update(named)
            assert (RB.COMPONENTS_TERRAIN in named) == first  # the set-up, shown by the first step
            a, after = step.action, step.state
            if RB.PRODUCTION_YIELD in named:
                assert isinstance(a, Dice) and a.white + a.red != 7
            if RB.PRODUCTION_ROBBER in named:
                assert isinstance(a, Dice) and state.tokens[state.robber] == a.white + a.red
            assert (RB.TURN_END in named) == isinstance(a, EndTurn)
            if RB.DEVELOPMENT_VICTORY_POINT in named:
                assert isinstance(a, Draw) and a.card == D.VICTORY_POINT
            if (
                RB.LONGEST_ROAD_MINIMUM in named
            ):  # the card decided again: it moved, or a length did
                assert after.longest != state.longest or [p.road_length for p in state.players] \
                    != [p.road_length for p in after.players]
            if RB.LARGEST_ARMY_MINIMUM in named:  # decided again: it moved, or a knight was played
                assert after.army != state.army or isinstance(a, PlayKnight)
            if isinstance(a, BuildRoad) and state.stage is Stage.MAIN:
                assert {RB.BUILD_ROAD_COST, RB.BUILD_ROAD_CONNECTED} <= set(named)
            if isinstance(a, BuildRoad) and state.stage is Stage.ROAD_BUILDING:
                assert RB.DEVELOPMENT_ROAD_BUILDING in named and RB.BUILD_ROAD_COST not in named
            if isinstance(a, BuildSettlement) and state.stage is Stage.MAIN:
                assert {
                    RB.BUILD_SETTLEMENT_COST,
                    RB.BUILD_DISTANCE,
                    RB.BUILD_SETTLEMENT_CONNECTED,
                } <= set(named)
            if isinstance(a, BuildCity):
                assert {RB.BUILD_CITY_COST, RB.BUILD_CITY_UPGRADE} <= set(named)
            if isinstance(a, Dice) and a.white + a.red == 7:
                assert {RB.SEVEN_DISCARD_LIMIT, RB.SEVEN_ROBBER} <= set(named)
                assert (RB.SEVEN_DISCARD in named) == (after.stage is Stage.DISCARD)
            if isinstance(a, (Discard, PlayKnight, PlayMonopoly, MaritimeTrade, Steal)):
                assert {
                    Discard: RB.SEVEN_DISCARD,
                    PlayKnight: RB.DEVELOPMENT_KNIGHT,
                    PlayMonopoly: RB.DEVELOPMENT_MONOPOLY,
                    MaritimeTrade: RB.TRADE_MARITIME,
                    Steal: RB.SEVEN_STEAL,
                }[type(a)] in named
            if RB.VICTORY_TEN in named:
                assert after.stage is Stage.OVER and after.winner >= 0
            state, first = after, False
    assert {
        RB.PRODUCTION_YIELD,
        RB.TURN_END,
        RB.VICTORY_TEN,
        RB.SETUP_SECOND_RESOURCES,
        RB.SETUP_FIRST_PLAYER,
        RB.BUILD_ROAD_COST,
        RB.SEVEN_DISCARD,
        RB.SEVEN_ROBBER,
        RB.SEVEN_STEAL,
        RB.TRADE_MARITIME,
    } <= seen


def _rolling_state() -> object:
    """A state of seed 0 (3 players) where the production roll is due."""
    config = GAME.config(3)
    for step in playout(GAME, config, 0):
        if step.state.stage is Stage.DICE and step.index > 60:
            return step.state
    raise AssertionError("no roll")  # pragma: no cover


@pytest.mark.rules(RB.PRODUCTION_SHORTAGE, RB.PRODUCTION_YIELD)
def test_a_roll_the_bank_cannot_pay_names_the_shortage() -> None:
    from rules_oracle.model.catan.ops import evolve

    state = _rolling_state()
    rolls = [Dice(w, r) for w in range(1, 7) for r in range(1, 7) if w + r != 7]
    short = evolve(state, bank=(0,) * D.N_RESOURCES)
    assert any(
        RB.PRODUCTION_SHORTAGE in GAME.effect_rules(short, d, GAME.apply(short, d)) for d in rolls
    )
    full = evolve(state, bank=(D.CARDS_PER_RESOURCE,) * D.N_RESOURCES)
    assert not any(RB.PRODUCTION_SHORTAGE in GAME.effect_rules(full, d, GAME.apply(full, d))
                   for d in rolls)


@pytest.mark.rules(RB.LONGEST_ROAD_TIE, RB.SETUP_SNAKE)
def test_a_tie_for_the_longest_road_and_the_set_up_order_are_named() -> None:
    seen: set[str] = set()
    config = GAME.config(4)
    for seed in range(6):
        state = GAME.setup(config)
        for step in playout(GAME, config, seed):
            named = GAME.effect_rules(state, step.action, step.state)
            if RB.LONGEST_ROAD_TIE in named:
                best = max(p.road_length for p in step.state.players)
                assert best >= D.LONGEST_ROAD_MIN and step.state.longest >= 0
                assert sum(p.road_length == best for p in step.state.players) > 1
            seen.update(named)
            state = step.state
    assert {RB.SETUP_SNAKE, RB.LONGEST_ROAD_TIE} <= seen


@pytest.mark.rules(RB.SETUP_SECOND_PLACEMENT, RB.SETUP_SECOND_RESOURCES)
def test_a_second_settlement_on_the_desert_alone_shows_the_second_placement() -> None:
    from rules_oracle.model.catan import board as B
    from rules_oracle.model.catan.actions import LayTerrain, SpiralCorner

    # the variable board with the desert on corner hex 0, whose top intersection 0 touches
    # no other hex: a second settlement there yields nothing, and is the second placement
    terrain = list(D.BEGINNER_TERRAIN)
    terrain[0], terrain[9] = terrain[9], terrain[0]
    s = GAME.setup(GAME.config(3, {"board": "variable"}))
    for t in terrain:
        s = GAME.apply(s, LayTerrain(t))
    s = GAME.apply(s, SpiralCorner(7))
    assert B.NODE_HEXES[0] == (0,) and s.terrain[0] == D.DESERT
    for node, other in ((20, 26), (34, 28), (41, 36)):
        s = GAME.apply(s, BuildSettlement(node))
        s = GAME.apply(s, BuildRoad(B.path_between(node, other)))
    assert s.placement == 3 and s.turn == 2
    after = GAME.apply(s, BuildSettlement(0))
    assert after.players[2].hand == s.players[2].hand
    shown = GAME.effect_rules(s, BuildSettlement(0), after)
    assert RB.SETUP_SECOND_PLACEMENT in shown and RB.SETUP_SECOND_RESOURCES in shown
