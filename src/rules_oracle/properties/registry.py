"""Each game's invariants, found by game name (module ``properties.<game>``): ``INVARIANTS``
and, when the module has them, ``TRANSITION_INVARIANTS`` (over one step)."""

import importlib
from typing import cast

from rules_oracle.properties.base import Invariant, TransitionInvariant
from rules_oracle.properties.observation import Exemption, TwinMaker


def invariants(game: str) -> tuple[Invariant, ...]:
    """The game's invariants; every one must hold in every reachable state."""
    module = importlib.import_module(f"rules_oracle.properties.{game}")
    return cast(tuple[Invariant, ...], module.INVARIANTS)


def transition_invariants(game: str) -> tuple[TransitionInvariant, ...]:
    """The game's invariants over one step (state, action, next state); () when it has none."""
    module = importlib.import_module(f"rules_oracle.properties.{game}")
    return cast(tuple[TransitionInvariant, ...], getattr(module, "TRANSITION_INVARIANTS", ()))


def hidden_twins(game: str) -> TwinMaker:
    """The game's twin builder (``properties.<game>_hidden.twins``): states that differ from
    a state only in what the rules hide, for the observation properties."""
    module = importlib.import_module(f"rules_oracle.properties.{game}_hidden")
    return cast(TwinMaker, module.twins)


def hidden_exemptions(game: str) -> tuple[Exemption, ...]:
    """The game's named exceptions to ``observation/indistinguishable``
    (``properties.<game>_hidden.EXEMPT``; none when the module names none)."""
    module = importlib.import_module(f"rules_oracle.properties.{game}_hidden")
    return cast(tuple[Exemption, ...], getattr(module, "EXEMPT", ()))
