"""Building Castles of Burgundy states for tests."""

import random
from collections.abc import Mapping
from typing import Any

import attrs

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.burgundy.state import BurgundyState, Player, Stage
from rules_oracle.model.core.play import choose


def first_turn(players: int = 2, seed: int = 0,
               variant: Mapping[str, str] | None = None) -> BurgundyState:
    """The state at the first player's first turn of a seeded game."""
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players, variant))
    while state.stage is not Stage.PLAY:
        state = GAME.apply(state, choose(GAME, state, rng))
    return state


def actor(state: BurgundyState) -> int:
    return GAME.actor(state)


def me(state: BurgundyState) -> Player:
    return state.players[GAME.actor(state)]


def edit(state: BurgundyState, p: int | None = None, *,
         tiles: Mapping[int, str] | None = None, **changes: Any) -> BurgundyState:
    """Change player ``p`` (default: the one on turn); ``tiles`` puts tiles on estate spaces
    (keeping the knowledge list in step with the estate)."""
    if p is None:
        p = GAME.actor(state)
    pl = state.players[p]
    if tiles:
        estate = list(pl.estate)
        for s, t in tiles.items():
            estate[s] = t
        changes["estate"] = tuple(estate)
    if "estate" in changes:
        changes.setdefault("knowledge", tuple(sorted(
            D.KNOWLEDGE_NUMBER[t] for t in changes["estate"] if t in D.KNOWLEDGE_NUMBER)))
    if "storage" in changes:
        changes["storage"] = tuple(sorted(changes["storage"]))
    pls = list(state.players)
    pls[p] = attrs.evolve(pl, **changes)
    return attrs.evolve(state, players=tuple(pls))


def goods(**kinds: int) -> tuple[int, ...]:
    """Goods counts by kind: goods(k4=4, k2=3)."""
    out = [0] * 6
    for key, n in kinds.items():
        out[int(key[1:]) - 1] = n
    return tuple(out)


def with_depot(state: BurgundyState, depot: int, *tiles: str) -> BurgundyState:
    depots = list(state.depots)
    depots[depot - 1] = tuple(sorted(tiles))
    return attrs.evolve(state, depots=tuple(depots))
