"""Variants of the toy dice race for exercising the oracle's rarer paths."""

from types import MappingProxyType
from typing import Any

from rules_oracle.model.core import RuleBook
from tests.toygame import Move, ToyGame, ToyState

AMB_RULES = RuleBook("toyamb", "toy.txt")
AMB_RULES.rule("move.within-roll", "move up to the roll", "Move 1..roll steps.")
AMB_RULES.ambiguity(
    "goal.exact", quote="first to reach 6", question="Must the goal be reached exactly?",
    readings={"no": "reaching or passing 6 wins", "yes": "only landing on 6 wins"},
    default="no", why="the text says reach", source="project default (playability)",
    option="exact-goal",
)
AMB_RULES.ambiguity(
    "die.colour", quote="roll the die", question="Which colour is the die?",
    readings={"white": "white", "red": "red"}, default="white", why="no effect",
    source="project default (playability)",
)


class AmbToy(ToyGame):
    """The toy race with a registered ambiguity and an extra option."""

    name = "toyamb"
    rules = AMB_RULES
    extra_options = MappingProxyType({"speed": ("normal", ("normal", "fast"))})


class LaxToy(ToyGame):
    """Lists only 'stay' as a move, but applies any move within the roll."""

    name = "toylax"

    def legal_actions(self, state: ToyState) -> tuple[Any, ...]:
        return (Move(0),) if self.actor(state) >= 0 else ()


class BrokenToy(ToyGame):
    """Fails with an ordinary exception on a move of 2 (a defective model)."""

    name = "toybroken"

    def apply(self, state: ToyState, action: Any) -> ToyState:
        if isinstance(action, Move) and action.steps == 2:
            raise ZeroDivisionError("broken")
        return super().apply(state, action)


AMB = AmbToy()
LAX = LaxToy()
BROKEN = BrokenToy()


class NoSetupToy(ToyGame):
    """Fails while setting up."""

    name = "toynosetup"

    def setup(self, config: Any) -> ToyState:
        raise RuntimeError("no board")


class NoScoresToy(ToyGame):
    """Fails to score a finished game."""

    name = "toynoscores"

    def scores(self, state: ToyState) -> tuple[int, ...]:
        raise RuntimeError("no scores")


NO_SETUP = NoSetupToy()
NO_SCORES = NoScoresToy()
