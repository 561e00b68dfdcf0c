"""The shape every invariant has: a plain function from a state to its violations."""

from collections.abc import Callable
from typing import Any

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
