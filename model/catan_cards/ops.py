"""The card game's helpers: the game-independent ones (``model.core.ops``), re-exported
here for its modules (no rules here)."""

from rules_oracle.model.core.ops import bump, covers, evolve, minus, plus, put

__all__ = ["bump", "covers", "evolve", "minus", "plus", "put"]
