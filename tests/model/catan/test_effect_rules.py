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


@pytest.mark.rules(RB.PRODUCE, RB.PRODUCE_ROBBER, RB.END, RB.DEV_VP, RB.VICTORY, RB.VICTORY_CK,
                   RB.LONGEST, RB.ARMY, RB.SECOND, RB.TERRAIN, RB.FIRST, RB.ROAD_COST,
                   RB.ROAD_CONNECTED, RB.ROAD_BUILDING, RB.SETTLEMENT_COST, RB.DISTANCE,
                   RB.SETTLEMENT_CONNECTED, RB.CITY_COST, RB.CITY_UPGRADE, RB.DISCARD_CK,
                   RB.ROBBER, RB.DISCARD, RB.KNIGHT, RB.MONOPOLY, RB.MARITIME, RB.STEAL)
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
            assert (RB.TERRAIN in named) == first  # the set-up, shown by the first step
            a, after = step.action, step.state
            if RB.PRODUCE in named:
                assert isinstance(a, Dice) and a.white + a.red != 7
            if RB.PRODUCE_ROBBER in named:
                assert isinstance(a, Dice) and state.tokens[state.robber] == a.white + a.red
            assert (RB.END in named) == isinstance(a, EndTurn)
            if RB.DEV_VP in named:
                assert isinstance(a, Draw) and a.card == D.VICTORY_POINT
            if RB.LONGEST in named:  # the card decided again: it moved, or a length did
                assert after.longest != state.longest or [p.road_length for p in state.players] \
                    != [p.road_length for p in after.players]
            if RB.ARMY in named:  # decided again: it moved, or a knight was played
                assert after.army != state.army or isinstance(a, PlayKnight)
            if isinstance(a, BuildRoad) and state.stage is Stage.MAIN:
                assert {RB.ROAD_COST, RB.ROAD_CONNECTED} <= set(named)
            if isinstance(a, BuildRoad) and state.stage is Stage.ROAD_BUILDING:
                assert RB.ROAD_BUILDING in named and RB.ROAD_COST not in named
            if isinstance(a, BuildSettlement) and state.stage is Stage.MAIN:
                assert {RB.SETTLEMENT_COST, RB.DISTANCE, RB.SETTLEMENT_CONNECTED} <= set(named)
            if isinstance(a, BuildCity):
                assert {RB.CITY_COST, RB.CITY_UPGRADE} <= set(named)
            if isinstance(a, Dice) and a.white + a.red == 7:
                assert {RB.DISCARD_CK, RB.ROBBER} <= set(named)
                assert (RB.DISCARD in named) == (after.stage is Stage.DISCARD)
            if isinstance(a, (Discard, PlayKnight, PlayMonopoly, MaritimeTrade, Steal)):
                assert {Discard: RB.DISCARD, PlayKnight: RB.KNIGHT, PlayMonopoly: RB.MONOPOLY,
                        MaritimeTrade: RB.MARITIME, Steal: RB.STEAL}[type(a)] in named
            if RB.VICTORY in named:
                assert after.stage is Stage.OVER and after.winner >= 0
            state, first = after, False
    assert {RB.PRODUCE, RB.END, RB.VICTORY, RB.SECOND, RB.FIRST, RB.ROAD_COST, RB.DISCARD,
            RB.ROBBER, RB.STEAL, RB.MARITIME} <= seen


def _rolling_state() -> object:
    """A state of seed 0 (3 players) where the production roll is due."""
    config = GAME.config(3)
    for step in playout(GAME, config, 0):
        if step.state.stage is Stage.DICE and step.index > 60:
            return step.state
    raise AssertionError("no roll")  # pragma: no cover


@pytest.mark.rules(RB.SHORTAGE, RB.PRODUCE)
def test_a_roll_the_bank_cannot_pay_names_the_shortage() -> None:
    from rules_oracle.model.catan.ops import evolve

    state = _rolling_state()
    rolls = [Dice(w, r) for w in range(1, 7) for r in range(1, 7) if w + r != 7]
    short = evolve(state, bank=(0,) * D.N_RESOURCES)
    assert any(RB.SHORTAGE in GAME.effect_rules(short, d, GAME.apply(short, d)) for d in rolls)
    full = evolve(state, bank=(D.CARDS_PER_RESOURCE,) * D.N_RESOURCES)
    assert not any(RB.SHORTAGE in GAME.effect_rules(full, d, GAME.apply(full, d))
                   for d in rolls)


@pytest.mark.rules(RB.LONGEST_TIE, RB.SNAKE)
def test_a_tie_for_the_longest_road_and_the_set_up_order_are_named() -> None:
    seen: set[str] = set()
    config = GAME.config(4)
    for seed in range(6):
        state = GAME.setup(config)
        for step in playout(GAME, config, seed):
            named = GAME.effect_rules(state, step.action, step.state)
            if RB.LONGEST_TIE in named:
                best = max(p.road_length for p in step.state.players)
                assert best >= D.LONGEST_ROAD_MIN and step.state.longest >= 0
                assert sum(p.road_length == best for p in step.state.players) > 1
            seen.update(named)
            state = step.state
    assert {RB.SNAKE, RB.LONGEST_TIE} <= seen
