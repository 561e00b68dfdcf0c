"""The rules a legal step shows (named by the conformance vectors) are the rules it follows."""

import pytest

from rules_oracle.model.core.play import playout
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    Apply,
    Decline,
    Done,
    Draw,
    Exchange,
    Knight,
    Pass,
    Redraw,
    Withdraw,
)
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import res, resolving


@pytest.mark.rules(
    RB.GAME_RESHUFFLE,
    RB.MARKET_FREE_FIRST,
    RB.MARKET_EXTRA_COST,
    RB.MARKET_TO_DISCARD,
    RB.MARKET_REDRAW_AFTER,
    RB.CARD_CASTLE_SETBACK,
    RB.PLAY_DECLINE_DISCARD,
    RB.PLAY_WITHDRAW,
    RB.END_TABLE_DISCARD,
    RB.FINAL_CONVERT,
    RB.GAME_ROUNDS,
    RB.SETUP_COINS,
)
def test_effect_rules_name_what_the_step_does() -> None:
    seen: set[str] = set()
    for seed, players in ((0, 2), (1, 6)):
        config = GAME.config(players)
        state = GAME.setup(config)
        first = True
        for step in playout(GAME, config, seed, "eager"):
            a, after = step.action, step.state
            named = GAME.effect_rules(state, a, after)
            assert len(set(named)) == len(named) and all(r in GAME.rules for r in named)
            seen.update(named)
            assert (RB.SETUP_COINS in named) == first
            if RB.GAME_RESHUFFLE in named:  # the discard became the deck
                assert isinstance(a, Draw) and sum(after.deck) >= sum(state.deck)
            if isinstance(a, Exchange):
                cost = 0 if RB.MARKET_FREE_FIRST in named else 2
                assert RB.MARKET_EXTRA_COST in named or cost == 0
                assert after.coins[state.turn] == state.coins[state.turn] - cost
            if RB.MARKET_REDRAW_AFTER in named:  # the free exchange is used up
                assert isinstance(a, Redraw) and after.exchanges[state.turn] == 1
            if RB.MARKET_TO_DISCARD in named:
                assert isinstance(a, Pass) and not any(after.market)
            assert (RB.CARD_CASTLE_SETBACK in named) == isinstance(a, Knight)
            assert (RB.PLAY_DECLINE_DISCARD in named) == isinstance(a, Decline)
            assert (RB.PLAY_WITHDRAW in named) == isinstance(a, Withdraw)
            if RB.END_TABLE_DISCARD in named:
                assert after.phase == Stage.END and not any(map(any, after.table))
            if RB.GAME_ROUNDS in named:
                assert after.round == state.round + 1
            assert (RB.FINAL_CONVERT in named) == (isinstance(a, Done)
                                                   and after.phase == Stage.OVER)
            state, first = after, False
    assert {RB.GAME_RESHUFFLE, RB.MARKET_TO_DISCARD, RB.END_TABLE_DISCARD, RB.FINAL_CONVERT,
            RB.GAME_ROUNDS} <= seen


@pytest.mark.rules(RB.PLAY_TRACK_RESOURCE, "crafts/track-repeat")
def test_the_track_rule_is_named_only_when_a_space_gives_its_resource() -> None:
    # a Castle set the marker back from 12 to 8; an ore works moves it to 11 over space 10
    board = res(food=1)
    for repeat, collects in (("repeat", True), ("once", False)):
        state = resolving(2, 0, "ore_works", {"track_repeat": repeat}, boards={0: board},
                          scores={0: 8}, best=(12, 0))
        after = GAME.apply(state, Apply())
        gained = sum(after.boards[0]) - sum(state.boards[0])  # food -> metal, + wheat at 10
        assert gained == (1 if collects else 0)
        assert (RB.PLAY_TRACK_RESOURCE in GAME.effect_rules(state, Apply(), after)) == collects
