"""Deliberately broken toy races: each breaks one thing a generic check must catch."""

from fractions import Fraction
from typing import Any

import attrs

from rules_oracle.model.core import CHANCE, IllegalAction
from tests.toygame import RULES, Action, Move, Roll, ToyGame, ToyState


class Mutating(ToyGame):
    """apply writes into its input state."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        out = super().apply(state, action)
        if isinstance(action, Move):
            object.__setattr__(state, "positions", out.positions)
        return out


class Lax(ToyGame):
    """apply accepts a move one step past the roll."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if isinstance(action, Move) and self.actor(state) >= 0 and action.steps == state.roll + 1:
            return attrs.evolve(state, turn=state.turn + 1, roll=0)
        return super().apply(state, action)


class Crashy(ToyGame):
    """apply raises ValueError on a negative move instead of IllegalAction."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if isinstance(action, Move) and action.steps < 0:
            raise ValueError("negative move")
        return super().apply(state, action)


class Unregistered(ToyGame):
    """rejections name a rule id nobody registered."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        try:
            return super().apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction("toy/no-such-rule", exc.message) from None


class Duplicates(ToyGame):
    """enumerates the 'stay' move twice."""

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        legal = super().legal_actions(state)
        return (*legal, Move(0)) if legal else legal


class Unappliable(ToyGame):
    """enumerates a move it then rejects."""

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        legal = super().legal_actions(state)
        return (*legal, Move(state.roll + 1)) if legal else legal

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if isinstance(action, Move) and action.steps > state.roll:
            raise RULES.illegal("toy/move.within-roll", "too far")
        return super().apply(state, action)


class BadDice(ToyGame):
    """die probabilities sum to 2/3."""

    def chance_outcomes(self, state: ToyState) -> tuple[tuple[Action, Fraction], ...]:
        if self.actor(state) != CHANCE:
            return ()
        return tuple((Roll(v), Fraction(2, 9)) for v in (1, 2, 3))


class Stuck(ToyGame):
    """offers no move once a player reaches 4 (but the game is not over)."""

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        if max(state.positions) >= 4:
            return ()
        return super().legal_actions(state)


class Endless(ToyGame):
    """claims games end within 5 steps."""

    def max_steps(self, config: Any) -> int:
        return 5


class Listy(ToyGame):
    """keeps positions in a list, which does not survive canonical JSON."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        out = super().apply(state, action)
        return attrs.evolve(out, positions=list(out.positions))  # type: ignore[arg-type]


class Noop(ToyGame):
    """'staying' (moving 0) silently leaves the state as it was (the roll is kept)."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if isinstance(action, Move) and action.steps == 0 and self.actor(state) >= 0:
            return state
        return super().apply(state, action)


class BadActor(ToyGame):
    """names player 7 to act on turn 5."""

    def actor(self, state: ToyState) -> int:
        who = super().actor(state)
        return 7 if who >= 0 and state.turn == 5 else who


class Forgetful(ToyGame):
    """drops the configuration from the state after the first move."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        out = super().apply(state, action)
        if isinstance(action, Move):
            return attrs.evolve(out, config=attrs.evolve(out.config, variant=(("x", "y"),)))
        return out


class BadWinners(ToyGame):
    """names a player that does not exist as a winner."""

    def winners(self, state: ToyState) -> tuple[int, ...]:
        return (*super().winners(state), 9)


class Reopened(ToyGame):
    """accepts a roll after the end of the game."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if self.is_terminal(state) and isinstance(action, Roll):
            return attrs.evolve(state, roll=action.value)
        return super().apply(state, action)
