"""The rules a legal step shows (named by the conformance vectors) are the rules it follows."""

import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import Dice, Draw, EndTurn
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from rules_oracle.model.core.play import playout


@pytest.mark.rules(RB.PRODUCE, RB.PRODUCE_ROBBER, RB.END, RB.DEV_VP, RB.VICTORY, RB.VICTORY_CK,
                   RB.LONGEST, RB.ARMY, RB.SECOND, RB.TERRAIN, RB.FIRST)
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
            if RB.LONGEST in named:
                assert after.longest != state.longest
            if RB.ARMY in named:
                assert after.army != state.army
            if RB.VICTORY in named:
                assert after.stage is Stage.OVER and after.winner >= 0
            state, first = after, False
    assert {RB.PRODUCE, RB.END, RB.VICTORY, RB.SECOND, RB.FIRST} <= seen
