"""A Z3 encoding of the toy dice race, plus broken variants the provers must catch.

Projection: ``pos0..pos{n-1}`` (positions = scores), ``turn``, ``roll`` (0 = not
rolled yet). Kinds: ``roll(value)`` and ``move(steps)``.

* :class:`ToyEncoding` is faithful and its invariant is inductive.
* :class:`OverreachToyEncoding` lets a move go one step past the roll: the
  invariant is no longer inductive and the encoding disagrees with the model.
* :class:`DriftedToyEncoding` forgets to clear the roll after a move: it still
  proves, but the faithfulness check sees the drift.
* :class:`StuckToyEncoding` forbids rolling on the last turn: legal-action
  completeness fails.
* :class:`TightToyEncoding` caps moves at 2: its gain bound is below what play shows.
"""

from typing import Any

import z3

from rules_oracle.properties.base import Violation
from rules_oracle.solver.encoding import ActionKind, Encoding, Params, Vars
from tests.toygame import GAME, GOAL, R_MOVE, R_OVER, R_ROLL, TURNS, Action, Move, Roll, ToyState

MAX_ROLL = 3


class ToyEncoding(Encoding[ToyState, Action]):
    game = "toy"
    variables = ("pos0", "pos1", "pos2", "turn", "roll")
    bound_steps = 4
    monotone_scores = True

    def variables_for(self, players: int) -> tuple[str, ...]:
        return (*(f"pos{i}" for i in range(players)), "turn", "roll")

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(f"pos{i}" for i in range(players))

    # -- the pieces the broken variants change ------------------------------
    def max_move(self, v: Vars) -> Any:
        return v["roll"]

    def move_cap(self) -> int:
        return MAX_ROLL

    def roll_after_move(self, v: Vars) -> Any:
        return z3.IntVal(0)

    def may_roll(self, v: Vars, players: int) -> Any:
        return z3.BoolVal(True)

    # -- the encoding -------------------------------------------------------
    def terminal(self, v: Vars, players: int) -> Any:
        return z3.Or(v["turn"] >= TURNS, *(v[f"pos{i}"] >= GOAL for i in range(players)))

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        pos = [v[f"pos{i}"] for i in range(players)]
        return {
            "roll-range": z3.And(v["roll"] >= 0, v["roll"] <= MAX_ROLL),
            "turn-range": z3.And(v["turn"] >= 0, v["turn"] <= TURNS),
            "positions-nonnegative": z3.And(*(p >= 0 for p in pos)),
            "positions-bounded": z3.And(*(p <= GOAL - 1 + MAX_ROLL for p in pos)),
            "progress": z3.Sum(pos) <= MAX_ROLL * v["turn"],
        }

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        def roll_domain(p: Params) -> Any:
            return z3.And(p["value"] >= 1, p["value"] <= MAX_ROLL)

        def roll_guard(v: Vars, p: Params) -> Any:
            return z3.And(
                z3.Not(self.terminal(v, players)), v["roll"] == 0, self.may_roll(v, players)
            )

        def roll_update(v: Vars, p: Params) -> dict[str, Any]:
            return {"roll": p["value"]}

        def move_domain(p: Params) -> Any:
            return z3.And(p["steps"] >= 0, p["steps"] <= self.move_cap())

        def move_guard(v: Vars, p: Params) -> Any:
            return z3.And(
                z3.Not(self.terminal(v, players)), v["roll"] > 0, p["steps"] <= self.max_move(v)
            )

        def move_update(v: Vars, p: Params) -> dict[str, Any]:
            actor = v["turn"] % players
            out: dict[str, Any] = {
                f"pos{i}": z3.If(actor == i, v[f"pos{i}"] + p["steps"], v[f"pos{i}"])
                for i in range(players)
            }
            out["turn"] = v["turn"] + 1
            out["roll"] = self.roll_after_move(v)
            return out

        return (
            ActionKind("roll", ("value",), roll_domain, roll_guard, roll_update,
                       (R_ROLL, R_OVER)),
            ActionKind("move", ("steps",), move_domain, move_guard, move_update,
                       (R_MOVE, R_OVER)),
        )

    def project(self, state: ToyState) -> dict[str, int]:
        out = {f"pos{i}": p for i, p in enumerate(state.positions)}
        out["turn"] = state.turn
        out["roll"] = state.roll
        return out

    def classify(self, state: ToyState, action: Action) -> tuple[str, dict[str, int]]:
        if isinstance(action, Roll):
            return "roll", {"value": action.value}
        if isinstance(action, Move):
            return "move", {"steps": action.steps}
        raise TypeError(f"not a toy action: {action!r}")


class OverreachToyEncoding(ToyEncoding):
    def max_move(self, v: Vars) -> Any:
        return v["roll"] + 1

    def move_cap(self) -> int:
        return MAX_ROLL + 1


class DriftedToyEncoding(ToyEncoding):
    def roll_after_move(self, v: Vars) -> Any:
        return v["roll"]


class StuckToyEncoding(ToyEncoding):
    def may_roll(self, v: Vars, players: int) -> Any:
        return v["turn"] < TURNS - 1


class TightToyEncoding(ToyEncoding):
    def max_move(self, v: Vars) -> Any:
        return z3.If(v["roll"] < 2, v["roll"], z3.IntVal(2))


ENCODING = ToyEncoding()


# -- the toy's invariants (what ``properties.<game>.INVARIANTS`` is for a real game) ----------
def positions_in_range(state: ToyState) -> list[Violation]:
    bad = [p for p in state.positions if not 0 <= p <= GOAL - 1 + MAX_ROLL]
    if bad:
        return [Violation("toy/positions-in-range", f"positions {state.positions}")]
    return []


def turn_structure(state: ToyState) -> list[Violation]:
    out = []
    if not 0 <= state.roll <= MAX_ROLL:
        out.append(Violation("toy/turn-structure", f"roll {state.roll}"))
    if not 0 <= state.turn <= TURNS:
        out.append(Violation("toy/turn-structure", f"turn {state.turn}"))
    if len(state.positions) != state.config.players:
        out.append(Violation("toy/turn-structure", "one position per player"))
    return out


INVARIANTS = (positions_in_range, turn_structure)

__all__ = ["ENCODING", "GAME", "INVARIANTS", "ToyEncoding"]


class CasesToyEncoding(ToyEncoding):
    """The toy with a case split by whether the roll is done: it covers every state."""

    def cases(self, v: Vars, players: int) -> list[Any]:
        return [v["roll"] == 0, v["roll"] > 0]


class GappedCasesToyEncoding(ToyEncoding):
    """A case split that misses the states with a roll of 2."""

    def cases(self, v: Vars, players: int) -> list[Any]:
        return [v["roll"] <= 1, v["roll"] == 3]
