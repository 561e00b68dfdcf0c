"""Caylus's helpers over its players; the game-independent ones (``model.core.ops``) are
re-exported here for Caylus's modules (no rules here)."""

from rules_oracle.model.caylus.state import Player
from rules_oracle.model.core.ops import bump, covers, evolve, minus, put

__all__ = ["bump", "covers", "evolve", "gain_workers", "minus", "put", "return_workers"]


def gain_workers(pl: Player, n: int) -> Player:
    """``pl`` with up to ``n`` workers from the camp to the hand (at most what it holds)."""
    k = min(n, pl.camp)
    return evolve(pl, workers=pl.workers + k, camp=pl.camp - k)


def return_workers(pl: Player, n: int) -> Player:
    """``pl`` with ``n`` workers from the hand to the camp."""
    return evolve(pl, workers=pl.workers - n, camp=pl.camp + n)
