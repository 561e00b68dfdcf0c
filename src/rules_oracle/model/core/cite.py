"""The marker citing the rules a function implements (docs/new-game.md, "One handle per
rule"): ``@implements(RB.SEVEN_DISCARD)`` above the function that enforces or computes the
rule, so a search for the rule's id or constant lands on its code."""

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
#: rule id -> the functions marked as its code (``module.qualname``), filled as the games'
#: modules are imported; a game's tests check each sits in the chapter its id names
IMPLEMENTED: dict[str, list[str]] = {}


def implements(*rules: str) -> Callable[[F], F]:
    """Mark a function as the code of ``rules`` (rule ids, cited as ``RB.CONSTANT``); the
    function is returned unchanged."""
    if not rules:
        raise ValueError("implements() names at least one rule")

    def mark(function: F) -> F:
        # a method compiled by mypyc (ci/compile.py) is a descriptor of its class, with no
        # module of its own: its class's is the same
        owner = getattr(function, "__objclass__", function)
        for rule in rules:
            IMPLEMENTED.setdefault(rule, []).append(
                f"{owner.__module__}.{function.__qualname__}")
        return function

    return mark
