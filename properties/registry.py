"""Each game's invariants, found by game name (module ``properties.<game>``, ``INVARIANTS``)."""

import importlib
from typing import cast

from properties.base import Invariant


def invariants(game: str) -> tuple[Invariant, ...]:
    """The game's invariants; every one must hold in every reachable state."""
    module = importlib.import_module(f"properties.{game}")
    return cast(tuple[Invariant, ...], module.INVARIANTS)
