"""Small helpers over the state's tuples, shared by the chapter modules (no rules here)."""


from rules_oracle.model.burgundy.actions import DrawGoods
from rules_oracle.model.burgundy.state import BurgundyState, Player
from rules_oracle.model.core.cite import IMPLEMENTED as IMPLEMENTED
from rules_oracle.model.core.cite import implements as implements
from rules_oracle.model.core.ops import evolve, put


def wrap(value: int) -> int:
    """A die value after wrapping (7 is 1, 0 is 6)."""
    return (value - 1) % 6 + 1


def near(value: int, target: int) -> bool:
    """Whether ``target`` is ``value`` or one step from it, wrapping past 6 and 1."""
    return target == value or target == wrap(value + 1) or target == wrap(value - 1)


def add_tile(tiles: tuple[str, ...], tile: str) -> tuple[str, ...]:
    """``tiles`` (kept sorted) with ``tile`` added."""
    return tuple(sorted((*tiles, tile)))


def remove_tile(tiles: tuple[str, ...], tile: str) -> tuple[str, ...]:
    """``tiles`` with one ``tile`` taken out."""
    i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1:]


def distinct(tiles: tuple[str, ...]) -> tuple[str, ...]:
    """Sorted tiles without repeats (the tuples are kept sorted)."""
    out: list[str] = []
    for t in tiles:
        if not out or out[-1] != t:
            out.append(t)
    return tuple(out)


def kinds_held(goods: tuple[int, ...]) -> int:
    """How many goods kinds a player holds."""
    return sum(1 for n in goods if n)


def set_player(state: BurgundyState, p: int, pl: Player) -> BurgundyState:
    """``state`` with seat ``p`` replaced by ``pl``."""
    return evolve(state, players=put(state.players, p, pl))


def goods_drawable(pool: tuple[int, ...], action: object) -> bool:
    """Whether ``action`` draws a goods tile still face down in ``pool``."""
    return isinstance(action, DrawGoods) and 1 <= action.kind <= 6 and pool[action.kind - 1] > 0
