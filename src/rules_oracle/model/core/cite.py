"""The marker citing the rules a function implements (docs/new-game.md, "One handle per
rule"): ``@implements(RB.SEVEN_DISCARD)`` above the function that enforces or computes the
rule, so a search for the rule's id or constant lands on its code."""

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def implements(*rules: str) -> Callable[[F], F]:
    """Mark a function as the code of ``rules`` (rule ids, cited as ``RB.CONSTANT``); the
    function is returned unchanged."""
    if not rules:
        raise ValueError("implements() names at least one rule")

    def mark(function: F) -> F:
        return function

    return mark
