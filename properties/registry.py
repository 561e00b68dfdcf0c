"""Each game's invariants, found by game name (module ``properties.<game>``): ``INVARIANTS``
and, when the module has them, ``TRANSITION_INVARIANTS`` (over one step)."""

import importlib
from typing import cast

from properties.base import Invariant, TransitionInvariant


def invariants(game: str) -> tuple[Invariant, ...]:
    """The game's invariants; every one must hold in every reachable state."""
    module = importlib.import_module(f"properties.{game}")
    return cast(tuple[Invariant, ...], module.INVARIANTS)


def transition_invariants(game: str) -> tuple[TransitionInvariant, ...]:
    """The game's invariants over one step (state, action, next state); () when it has none."""
    module = importlib.import_module(f"properties.{game}")
    return cast(tuple[TransitionInvariant, ...], getattr(module, "TRANSITION_INVARIANTS", ()))
