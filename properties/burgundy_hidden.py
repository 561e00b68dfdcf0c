"""Twins of Burgundy states: states that differ only in what the rules hide.

Hidden are the goods tiles of the phase stacks still face down and of the reserve (the
goods not yet drawn at set-up, then the boxed rest). A twin swaps two face-down stack
tiles of different kinds (which round gets which goods), or a face-down stack tile with a
reserve tile of another kind. The one secret a player holds is his starting castle's space
while it is a hidden commit (advanced set-up, castle-choice=secret): a twin moves it to
another dark-green space of his board, a change he sees and nobody else does.

The hex stacks are face down too, but the model keeps them as counts (a draw is a chance
step over what is left): their contents follow from the tiles already seen, so a twin
cannot change them and stay a state of the game (``burgundy/inv.hexes-conserved``); the
view shows their sizes only.
"""

import random

import attrs

from model.burgundy import data as D
from model.burgundy.boards import BOARDS
from model.burgundy.observation import face_up_from
from model.burgundy.state import BurgundyState, Stage
from properties.observation import Twin, shuffled


def _bump(counts: tuple[int, ...], kind: int, by: int) -> tuple[int, ...]:
    return (*counts[:kind - 1], counts[kind - 1] + by, *counts[kind:])


def twins(state: BurgundyState, rng: random.Random) -> list[Twin]:
    """Up to two twins: two face-down stack tiles swapped, one swapped with the reserve."""
    out: list[Twin] = []
    stacks = state.goods_stacks
    hidden = shuffled(range(face_up_from(state), len(stacks)), rng)
    for a in hidden:
        others = [b for b in hidden if stacks[b] != stacks[a]]
        if others:
            b = rng.choice(others)
            swapped = list(stacks)
            swapped[a], swapped[b] = stacks[b], stacks[a]
            out.append(Twin(attrs.evolve(state, goods_stacks=tuple(swapped)), (),
                            f"face-down goods at stack positions {a} and {b} swapped"))
            break
    in_pool = any(state.goods_pool)
    reserve = state.goods_pool if in_pool else state.goods_box
    for a in hidden:
        kinds = [k for k in range(1, 7) if reserve[k - 1] and k != stacks[a]]
        if kinds:
            k = rng.choice(kinds)
            swapped = list(stacks)
            swapped[a] = k
            changed = _bump(_bump(reserve, k, -1), stacks[a], 1)
            twin = attrs.evolve(state, goods_stacks=tuple(swapped))
            twin = (attrs.evolve(twin, goods_pool=changed) if in_pool
                    else attrs.evolve(twin, goods_box=changed))
            out.append(Twin(twin, (),
                            f"face-down goods {stacks[a]} at stack position {a} swapped for"
                            f" {k} of the reserve"))
            break
    out.extend(_castle_twins(state, rng))
    return out


def _castle_twins(state: BurgundyState, rng: random.Random) -> list[Twin]:
    """A hidden castle commit moved to another dark-green space of its board."""
    if state.stage is not Stage.CASTLES:
        return []
    for i, pl in enumerate(state.players):
        if pl.start < 0 or D.CASTLE_TILE in pl.estate:
            continue  # no commit, or it lies open
        others = [s for s in BOARDS[pl.board].colour_spaces[D.CASTLE] if s != pl.start]
        s = rng.choice(others)
        players = (*state.players[:i], attrs.evolve(pl, start=s), *state.players[i + 1:])
        return [Twin(attrs.evolve(state, players=players), (i,),
                     f"player {i}'s hidden castle choice moved from {pl.start} to {s}")]
    return []
