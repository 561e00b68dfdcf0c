"""Drawings of a game's state as self-contained SVG (no network, nothing fetched).

``draw(game_name, state, highlight)`` draws one state of any of the six games: the Catan
and Cities & Knights hex board, Burgundy's central and estate boards, Caylus's road, castle
and bridge, the card games' tableaux and markets, each beside every field of the state as
text. Every drawn piece names the fields of the state's canonical JSON it shows
(``data-field``, e.g. ``$.path_owner[30]``), its kind (``data-kind``) and its seat
(``data-seat``); pieces matching a path of ``highlight`` carry the CSS class ``hl``
(:func:`oracle.draw.svg.marked`). ``page`` makes one HTML page of many drawings with a step
control.
"""

from collections.abc import Callable, Iterable
from typing import Any

from rules_oracle.model.core.canon import unstructure
from rules_oracle.oracle.diff import field_diff
from rules_oracle.oracle.draw.burgundy import draw_burgundy
from rules_oracle.oracle.draw.cards import draw_catan_cards, draw_crafts
from rules_oracle.oracle.draw.catan import draw_catan, draw_cities_knights
from rules_oracle.oracle.draw.caylus import draw_caylus
from rules_oracle.oracle.draw.svg import Canvas, marked

Drawer = Callable[[Any, Iterable[str]], Canvas]

#: the drawing of each game, by the game's name
DRAWERS: dict[str, Drawer] = {
    "catan": draw_catan,
    "cities_knights": draw_cities_knights,
    "burgundy": draw_burgundy,
    "caylus": draw_caylus,
    "crafts": draw_crafts,
    "catan_cards": draw_catan_cards,
}


def canvas(game_name: str, state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """The drawing of ``state`` of game ``game_name`` as layers (``KeyError``: no drawing)."""
    try:
        drawer = DRAWERS[game_name]
    except KeyError:
        raise KeyError(f"no drawing for game {game_name!r};"
                       f" drawn: {', '.join(sorted(DRAWERS))}") from None
    return drawer(state, highlight)


def draw(game_name: str, state: Any, highlight: Iterable[str] = ()) -> str:
    """The drawing of ``state`` of game ``game_name`` as one SVG document."""
    return canvas(game_name, state, highlight).svg()


def changed(before: Any, after: Any) -> frozenset[str]:
    """The JSON paths of the fields that differ between two states (leaves)."""
    diffs = field_diff(unstructure(before), unstructure(after), limit=10_000)
    return frozenset(d.path for d in diffs)


__all__ = ["DRAWERS", "Canvas", "canvas", "changed", "draw", "marked"]
