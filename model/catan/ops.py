"""Small pure helpers over tuples and states (no rules here)."""

from typing import TypeVar

import attrs

from model.catan.state import CatanState, Player

T = TypeVar("T")


def bump(counts: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    """``counts`` with ``n`` added at index ``i``."""
    return (*counts[:i], counts[i] + n, *counts[i + 1:])


def plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def covers(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    """Whether ``have`` holds at least ``need`` of every kind."""
    return all(h >= n for h, n in zip(have, need, strict=True))


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1:])


def set_player(state: CatanState, p: int, pl: Player) -> CatanState:
    return attrs.evolve(state, players=put(state.players, p, pl))


def in_range(value: int, size: int) -> bool:
    return 0 <= value < size
