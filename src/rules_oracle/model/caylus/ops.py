"""Caylus's helpers over its state and players, shared by the chapters; the
game-independent ones (``model.core.ops``) are re-exported here for Caylus's modules (no
rules here)."""

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.state import CaylusState, Favour, FavourStep, Player
from rules_oracle.model.core.ops import bump, covers, evolve, minus, put

__all__ = ["bump", "covers", "evolve", "favour", "gain_workers", "holder", "minus", "put",
           "return_workers", "within_supply"]


def gain_workers(pl: Player, n: int) -> Player:
    """``pl`` with up to ``n`` workers from the camp to the hand (at most what it holds)."""
    k = min(n, pl.camp)
    return evolve(pl, workers=pl.workers + k, camp=pl.camp - k)


def return_workers(pl: Player, n: int) -> Player:
    """``pl`` with ``n`` workers from the hand to the camp."""
    return evolve(pl, workers=pl.workers - n, camp=pl.camp + n)


def holder(state: CaylusState, character: int) -> int:
    """The seat holding ``character`` (-1: nobody)."""
    h = state.characters[character]
    return h if h >= 0 else -1


def favour(state: CaylusState, seat: int) -> CaylusState:
    """``state`` with a favour pending for ``seat``."""
    return evolve(state, favour=Favour(seat, FavourStep.CHOOSE))


def within_supply(state: CaylusState, seat: int, old: tuple[int, ...], pl: Player) -> Player:
    """``pl`` with its gains over ``old`` cut to the tokens left in the supply under the
    ``supply=limited`` reading (unchanged under the default, unlimited)."""
    if state.config.option("supply") != "limited":
        return pl
    res = list(pl.resources)
    for r in range(D.N_RESOURCES):
        if res[r] > old[r]:
            others = sum(q.resources[r] for i, q in enumerate(state.players) if i != seat)
            res[r] = max(old[r], min(res[r], D.RESOURCE_TOKENS[r] - others))
    return evolve(pl, resources=tuple(res))

