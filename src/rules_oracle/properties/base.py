"""The shape every invariant has: a plain function from a state to its violations."""

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs


@attrs.frozen(slots=True)
class Violation:
    """An invariant a state breaks: ``invariant`` is its id (``game/inv-name``)."""

    invariant: str
    message: str


#: an invariant: state -> violations (empty when the state satisfies it)
Invariant = Callable[[Any], list[Violation]]

#: an invariant over one transition: (state, action, next state) -> violations
TransitionInvariant = Callable[[Any, Any, Any], list[Violation]]


R = TypeVar("R")


class LastOf(Generic[R]):
    """A function of immutable parts of a state (tuples of numbers, numbers) that gives its
    last result again while it is asked of the very same objects: most steps leave a
    board's tuples as they were (the same objects, the state's other fields changed), and
    then so is what an invariant computes from them. It is computed from the state's own
    parts, never read from what the model keeps; a part that is a new object, even an
    equal one, is computed anew. One per process, as the games run in it."""

    def __init__(self, fn: Callable[..., R]) -> None:
        self._fn = fn
        self._parts: tuple[Any, ...] | None = None
        self._value: Any = None
        #: how often the last result served, and how often it was computed
        self.kept = self.computed = 0

    def __call__(self, *parts: Any) -> R:
        last = self._parts
        if last is None or len(last) != len(parts) or any(
                a is not b for a, b in zip(last, parts, strict=True)):
            self._value = self._fn(*parts)
            self._parts = parts
            self.computed += 1
        else:
            self.kept += 1
        found: R = self._value
        return found


#: statuses: "passed"/"proved" are success, "failed"/"counterexample" failure, "unknown" neither
SUCCESS = frozenset({"passed", "proved"})


@attrs.frozen(slots=True)
class Outcome:
    """The result of one verification obligation (a property run or a Z3 proof)."""

    name: str
    #: "property" | "z3" | "faithfulness" | "bound"
    kind: str
    #: "passed" | "proved" | "failed" | "counterexample" | "unknown"
    status: str
    seconds: float
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status in SUCCESS
