"""The Castles of Burgundy: the central board (six numbered depots with their tiles and
goods, the black depot) and every player's estate board (:mod:`model.burgundy.boards`
gives each board's spaces as axial coordinates, colours and die numbers)."""

import math
from collections.abc import Iterable
from typing import Any

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.oracle.draw.common import LINE, panel
from rules_oracle.oracle.draw.svg import Canvas, seat_colour

COLOUR_FILL = {D.BUILDING: "#e8d2a6", D.PASTURE: "#a5d66f", D.RIVER: "#64b5f6",
               D.CASTLE: "#2e7d32", D.KNOWLEDGE: "#fdd835", D.MINE: "#9e9e9e"}
GOODS_FILL = ("#1e88e5", "#8e24aa", "#f06292", "#e53935", "#6d4c41", "#fb8c00")
#: an estate space's size (centre to corner) in pixels
SPACE = 14.0
#: the central board's centre and depots' distance from it
BOARD_X, BOARD_Y, RING = 190.0, 215.0, 125.0
#: one seat's block: an estate above its fields
BLOCK_W, BLOCK_H = 250.0, 420.0
BLOCKS_X = 400.0


def abbreviation(tile: str) -> str:
    """A tile's short label: ``K12`` for knowledge 12, ``cow3``, ``ware`` for warehouse."""
    if tile in D.KNOWLEDGE_NUMBER:
        return f"K{D.KNOWLEDGE_NUMBER[tile]}"
    if tile in D.ANIMAL_OF:
        animal, n = D.ANIMAL_OF[tile]
        return f"{animal}{n}"
    return tile[:4]


def _hexagon(x: float, y: float, size: float) -> list[tuple[float, float]]:
    return [(x + size * math.cos(math.radians(60 * k - 30)),
             y + size * math.sin(math.radians(60 * k - 30))) for k in range(6)]


def _tile(canvas: Canvas, x: float, y: float, tile: str, fields: tuple[str, ...],
          kind: str, seat: int | None = None) -> None:
    canvas.polygon(_hexagon(x, y, SPACE), fields=fields, kind=kind, seat=seat,
                   fill=COLOUR_FILL.get(D.TILE_COLOUR.get(tile, ""), "#ffffff"),
                   stroke="#222", stroke_width=1)
    canvas.text(x, y + 3, abbreviation(tile), css="small", text_anchor="middle")


def _central(canvas: Canvas, state: Any) -> None:
    with canvas.layer("depots"):
        canvas.element("circle", cx=BOARD_X, cy=BOARD_Y, r=RING + 60, fill="#f3ead2",
                       stroke="#8d6e63")
        for d in range(6):
            angle = math.radians(60 * d - 90)
            x, y = BOARD_X + RING * math.cos(angle), BOARD_Y + RING * math.sin(angle)
            canvas.element("circle", fields=(f"$.depots[{d}]", f"$.depot_goods[{d}]"),
                           kind="depot", cx=x, cy=y, r=46, fill="#fffaf0", stroke="#8d6e63")
            canvas.text(x, y - 32, f"depot {d + 1}", css="small", text_anchor="middle")
            for k, tile in enumerate(state.depots[d]):
                tx = x - 27 + 18 * (k % 4) if k < 4 else x - 27 + 18 * (k - 4)
                ty = y - 10 if k < 4 else y + 10
                _tile(canvas, tx, ty, tile, (f"$.depots[{d}][{k}]",), "depot-tile")
            _goods(canvas, x - 20, y + 30, state.depot_goods[d], f"$.depot_goods[{d}]")
        canvas.text(BOARD_X, BOARD_Y - 34, "black depot", css="small", text_anchor="middle",
                    fields=("$.black",), kind="depot")
        for k, tile in enumerate(state.black):
            tx = BOARD_X - 27 + 18 * (k % 4)
            ty = BOARD_Y - 16 + 24 * (k // 4)
            _tile(canvas, tx, ty, tile, (f"$.black[{k}]",), "black-tile")


def _goods(canvas: Canvas, x: float, y: float, counts: tuple[int, ...], path: str,
           seat: int | None = None) -> None:
    """One square per good (coloured by kind), each a piece of its kind's count."""
    i = 0
    for kind, n in enumerate(counts):
        for _ in range(n):
            canvas.element("rect", fields=(f"{path}[{kind}]",), kind="goods", seat=seat,
                           x=x + 9 * i, y=y - 7, width=8, height=8, fill=GOODS_FILL[kind],
                           stroke="#000")
            i += 1


def _estate(canvas: Canvas, player: Any, seat: int, x0: float, y0: float) -> None:
    """A seat's estate board with its tiles, his storage and his goods."""
    board = BOARDS.get(player.board, BOARDS[1])
    canvas.element("rect", x=x0 - 6, y=y0 - 14, width=BLOCK_W - 8, height=14,
                   fill=seat_colour(seat))
    canvas.text(x0, y0 - 3, f"seat {seat}: estate board {player.board}", css="label",
                fill="#fff")
    cx, cy = x0 + 115, y0 + 85
    for s in range(board.size):
        q, r = board.coords[s]
        x = cx + SPACE * math.sqrt(3) * (q + r / 2)
        y = cy + SPACE * 1.5 * r
        tile = player.estate[s] if s < len(player.estate) else ""
        field = (f"$.players[{seat}].estate[{s}]",)
        if tile:
            _tile(canvas, x, y, tile, field, "estate-tile", seat)
        else:
            canvas.polygon(_hexagon(x, y, SPACE), fields=field, kind="estate-space",
                           seat=seat, fill=COLOUR_FILL[board.colour[s]], fill_opacity="0.35",
                           stroke="#777", stroke_width=0.5)
            canvas.text(x, y + 3, str(board.number[s]), css="small", text_anchor="middle",
                        fill="#555")
    y = cy + 110
    for k, tile in enumerate(player.storage):
        _tile(canvas, x0 + 20 + 32 * k, y, tile, (f"$.players[{seat}].storage[{k}]",),
              "stored-tile", seat)
    canvas.text(x0 + 120, y + 4, "storage", css="small")
    _goods(canvas, x0, y + 24, player.goods, f"$.players[{seat}].goods", seat)


#: where a seat's fields begin below the top of his block
FIELDS_Y = 239.0


def draw_burgundy(state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """Burgundy: the central board, every estate board and every field."""
    canvas = Canvas(BLOCKS_X + 2 * BLOCK_W, 460, "The Castles of Burgundy", highlight)
    canvas.cached("depots", ("$.depots", "$.depot_goods", "$.black"),
                  (state.depots, state.depot_goods, state.black),
                  lambda: _central(canvas, state))
    bottom = 0.0
    for seat, player in enumerate(state.players):
        x0 = BLOCKS_X + BLOCK_W * (seat % 2)
        y0 = 24 + BLOCK_H * (seat // 2)
        path = f"$.players[{seat}]"

        def estate(player: Any = player, seat: int = seat, x0: float = x0,
                   y0: float = y0) -> None:
            with canvas.layer(f"estate {seat}"):
                _estate(canvas, player, seat, x0, y0)

        canvas.cached(f"estate {seat}",
                      tuple(f"{path}.{f}" for f in ("estate", "storage", "goods", "board")),
                      (player.estate, player.storage, player.goods, player.board), estate)
        with canvas.layer(f"seat {seat}"):
            bottom = max(bottom, panel(canvas, player, path, x0, y0 + FIELDS_Y, seat=seat,
                                       skip=("estate", "storage", "goods")))
    with canvas.layer("table"):
        canvas.text(10, 18, "The Castles of Burgundy", css="title")
        end = panel(canvas, state, "$", 10, 440,
                    skip=("players", "depots", "black", "depot_goods"))
    canvas.height = max(460.0, bottom + LINE, end)
    return canvas
