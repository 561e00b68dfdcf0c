"""Catan's helpers over its states; the game-independent ones (``model.core.ops``) are
re-exported here for the Catan family's modules (no rules here)."""

from typing import Any

from rules_oracle.model.catan.state import CatanState, Player
from rules_oracle.model.core.ops import bump, covers, evolve, in_range, minus, plus, put

__all__ = ["bump", "covers", "evolve", "in_range", "minus", "plus", "put", "set_player"]


def set_player(state: CatanState, p: int, pl: Player, **changes: Any) -> CatanState:
    """``state`` with seat ``p``'s player replaced (and any other ``changes``): one copy."""
    return evolve(state, players=put(state.players, p, pl), **changes)
