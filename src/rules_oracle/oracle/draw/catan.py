"""Base Catan's and Cities & Knights' board: terrain, numbers, harbours, roads, buildings,
the robber; for Cities & Knights also knights, walls, metropolises, the merchant and the
barbarian track. Geometry: :mod:`model.catan.board` (its lattice: a unit of x is half a
hex's width, a unit of y a quarter of its height)."""

import math
from collections.abc import Callable, Iterable
from typing import Any

from rules_oracle.model.catan import board as B
from rules_oracle.oracle.draw.common import panel, seats_panel
from rules_oracle.oracle.draw.svg import Canvas, seat_colour

#: a hex's size (centre to corner) in pixels
SIZE = 34.0
XU = SIZE * math.sqrt(3) / 2
YU = SIZE / 2
#: the board's centre on the canvas
CX, CY = 200.0, 215.0
#: where the panels begin
PANEL_X = 410.0
TERRAIN_FILL = ("#2e7d32", "#c1440e", "#9ccc65", "#f2cf2a", "#8d8d8d", "#e8d8a8")
HARBOUR_LABEL = ("2:1 lum", "2:1 bri", "2:1 woo", "2:1 gra", "2:1 ore", "3:1")
#: Cities & Knights' metropolis kinds (trade, politics, science)
METROPOLIS = ("T", "P", "S")


def _at(point: tuple[float, float]) -> tuple[float, float]:
    return CX + point[0] * XU, CY + point[1] * YU


def _node(n: int) -> tuple[float, float]:
    return _at(B.NODE_POINT[n])


def _hex_centre(h: int) -> tuple[float, float]:
    return _at(B.HEX_CENTRE[h])


def _terrain(canvas: Canvas, state: Any) -> None:
    with canvas.layer("terrain"):
        for h in range(B.N_HEXES):
            t = state.terrain[h]
            canvas.polygon([_node(n) for n in B.HEX_NODES[h]], fields=(f"$.terrain[{h}]",),
                           kind="hex", fill=TERRAIN_FILL[t] if t >= 0 else "#dddddd",
                           stroke="#6b5b3e", stroke_width=1.5)
        for h in range(B.N_HEXES):
            x, y = _hex_centre(h)
            token = state.tokens[h]
            if token:
                canvas.element("circle", fields=(f"$.tokens[{h}]",), kind="token",
                               cx=x, cy=y, r=10, fill="#fff8e1", stroke="#333")
                canvas.text(x, y + 4, str(token), text_anchor="middle",
                            fill="#c62828" if token in (6, 8) else "#222")
            canvas.text(x, y + 22, f"h{h}", css="small", text_anchor="middle", fill="#333")


def _harbours(canvas: Canvas, state: Any) -> None:
    with canvas.layer("harbours"):
        for i, e in enumerate(B.HARBOUR_PATHS):
            (ax, ay), (bx, by) = (_node(n) for n in B.PATH_NODES[e])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            hx, hy = _hex_centre(B.PATH_HEXES[e][0])
            px, py = mx + (mx - hx) * 0.7, my + (my - hy) * 0.7
            kind = state.harbours[i]
            canvas.element("line", x1=ax, y1=ay, x2=px, y2=py, stroke="#795548")
            canvas.element("line", x1=bx, y1=by, x2=px, y2=py, stroke="#795548")
            canvas.element("circle", fields=(f"$.harbours[{i}]",), kind="harbour",
                           cx=px, cy=py, r=12, fill="#b3e5fc", stroke="#01579b")
            canvas.text(px, py + 3, HARBOUR_LABEL[kind] if kind >= 0 else "?", css="small",
                        text_anchor="middle")


def _roads(canvas: Canvas, state: Any) -> None:
    """Roads, and every empty path as a thin line (a piece, so a diff can mark it)."""
    with canvas.layer("roads"):
        for e, owner in enumerate(state.path_owner):
            (ax, ay), (bx, by) = (_node(n) for n in B.PATH_NODES[e])
            dx, dy = (bx - ax) * 0.15, (by - ay) * 0.15
            if owner < 0:
                canvas.element("line", fields=(f"$.path_owner[{e}]",), kind="path",
                               x1=ax + dx, y1=ay + dy, x2=bx - dx, y2=by - dy,
                               stroke="#ffffff", stroke_opacity="0.5", stroke_width=2)
                continue
            canvas.element("line", fields=(f"$.path_owner[{e}]",), kind="road", seat=owner,
                           x1=ax + dx, y1=ay + dy, x2=bx - dx, y2=by - dy,
                           stroke=seat_colour(owner), stroke_width=6, stroke_linecap="round")


def _buildings(canvas: Canvas, state: Any, extra: Iterable[tuple[int, str]] = (),
               empty: tuple[str, ...] = ()) -> None:
    """Settlements and cities, and every empty intersection as a dot (a piece); ``extra``
    adds a field path to the building at a node, ``empty`` names more per-intersection
    fields a dot shows."""
    more: dict[int, list[str]] = {}
    for n, path in extra:
        more.setdefault(n, []).append(path)
    with canvas.layer("buildings"):
        for n, owner in enumerate(state.node_owner):
            x, y = _node(n)
            fields = (f"$.node_owner[{n}]", f"$.node_level[{n}]", *more.get(n, ()))
            if owner < 0:
                canvas.element("circle", fields=(*fields, *(f"$.{f}[{n}]" for f in empty)),
                               kind="intersection", cx=x, cy=y, r=2.5, fill="#ffffff",
                               fill_opacity="0.6")
                continue
            if state.node_level[n] >= 2:
                canvas.polygon([(x - 9, y + 7), (x - 9, y - 3), (x - 2, y - 3), (x - 2, y - 10),
                                (x + 9, y - 10), (x + 9, y + 7)], fields=fields, kind="city",
                               seat=owner, fill=seat_colour(owner), stroke="#111")
            else:
                canvas.polygon([(x - 6, y + 6), (x - 6, y - 2), (x, y - 8), (x + 6, y - 2),
                                (x + 6, y + 6)], fields=fields, kind="settlement", seat=owner,
                               fill=seat_colour(owner), stroke="#111")


def _robber(canvas: Canvas, state: Any) -> None:
    with canvas.layer("robber"):
        if state.robber >= 0:
            x, y = _hex_centre(state.robber)
            canvas.element("ellipse", fields=("$.robber",), kind="robber", cx=x - 16, cy=y - 4,
                           rx=5, ry=9, fill="#222", stroke="#000")


def _cached(canvas: Canvas, name: str, state: Any, names: tuple[str, ...],
            body: Callable[[], None]) -> None:
    """Layers drawn by ``body`` from the state's fields ``names`` only, kept for reuse."""
    canvas.cached(name, tuple(f"$.{n}" for n in names),
                  tuple(getattr(state, n) for n in names), body)


def _board(canvas: Canvas, state: Any) -> None:
    """The layers base Catan and Cities & Knights share: terrain, harbours, roads."""
    _cached(canvas, "terrain", state, ("terrain", "tokens"), lambda: _terrain(canvas, state))
    _cached(canvas, "harbours", state, ("harbours",), lambda: _harbours(canvas, state))
    _cached(canvas, "roads", state, ("path_owner",), lambda: _roads(canvas, state))


def draw_catan(state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """Base Catan: the board and every seat's and the table's fields."""
    canvas = Canvas(800, 450, "Catan", highlight)
    _board(canvas, state)
    _cached(canvas, "buildings", state, ("node_owner", "node_level"),
            lambda: _buildings(canvas, state))
    _robber(canvas, state)
    with canvas.layer("table"):
        canvas.text(10, 18, "Catan", css="title")
        bottom = panel(canvas, state, "$", 10, 420, skip=(*_BOARD_FIELDS, "players"))
    with canvas.layer("seats"):
        y = seats_panel(canvas, state.players, PANEL_X, 20)
    canvas.height = max(450.0, y, bottom)
    return canvas


#: fields the board shows (the panel leaves them out)
_BOARD_FIELDS = ("terrain", "tokens", "harbours", "robber", "node_owner", "node_level",
                 "path_owner")
_CK_BOARD_FIELDS = (*_BOARD_FIELDS, "walls", "knight_owner", "knight_level",
                    "knight_active", "knight_marks", "barbarians")


def _knights(canvas: Canvas, state: Any) -> None:
    with canvas.layer("knights"):
        for n, owner in enumerate(state.knight_owner):
            if owner < 0:
                continue
            x, y = _node(n)
            active = state.knight_active[n]
            canvas.element("circle", fields=(f"$.knight_owner[{n}]", f"$.knight_level[{n}]",
                                             f"$.knight_active[{n}]"),
                           kind="knight", seat=owner, cx=x, cy=y, r=8,
                           fill=seat_colour(owner) if active else "#ffffff",
                           stroke=seat_colour(owner), stroke_width=2)
            canvas.text(x, y + 3, str(state.knight_level[n]), css="small",
                        text_anchor="middle")


def _walls(canvas: Canvas, state: Any) -> None:
    with canvas.layer("walls"):
        for n, wall in enumerate(state.walls):
            if wall:
                x, y = _node(n)
                owner = state.node_owner[n]
                canvas.element("rect", fields=(f"$.walls[{n}]",), kind="wall", seat=owner,
                               x=x - 13, y=y - 14, width=26, height=24, fill="none",
                               stroke="#4e342e", stroke_width=3)


def _merchant_and_track(canvas: Canvas, state: Any) -> None:
    from rules_oracle.model.cities_knights import data as CD

    with canvas.layer("merchant"):
        if state.merchant >= 0:
            x, y = _hex_centre(state.merchant)
            owner = state.merchant_owner
            canvas.element("rect", fields=("$.merchant", "$.merchant_owner"), kind="merchant",
                           seat=owner, x=x + 10, y=y - 12, width=10, height=14,
                           fill=seat_colour(owner), stroke="#000")
    with canvas.layer("barbarians"):
        x0, y0 = 10.0, 40.0
        canvas.text(x0, y0 - 6, "barbarians", css="small")
        for k in range(CD.TRACK + 1):
            canvas.element("rect", x=x0, y=y0 + 18 * k, width=16, height=16,
                           fill="#ffcdd2" if k == CD.TRACK else "#eceff1", stroke="#555")
        canvas.element("polygon", fields=("$.barbarians",), kind="barbarian-ship",
                       points=_ship(x0 + 8, y0 + 18 * state.barbarians + 8),
                       fill="#000", stroke="#000")


def _ship(x: float, y: float) -> str:
    return f"{x - 6},{y} {x + 6},{y} {x + 3},{y + 5} {x - 3},{y + 5}"


#: what a Cities & Knights intersection shows
_CK_NODE_FIELDS = ("node_owner", "node_level", "metropolis", "walls", "knight_owner",
                   "knight_level", "knight_active", "knight_marks")


def _ck_buildings(canvas: Canvas, state: Any) -> None:
    """Settlements, cities with their metropolises, and the empty intersections."""
    metros = [(n, f"$.metropolis[{k}]") for k, n in enumerate(state.metropolis) if n >= 0]
    _buildings(canvas, state, metros,
               ("walls", "knight_owner", "knight_level", "knight_active", "knight_marks"))
    with canvas.layer("metropolises"):
        for k, n in enumerate(state.metropolis):
            if n >= 0:
                x, y = _node(n)
                canvas.text(x, y + 5, METROPOLIS[k], css="label", text_anchor="middle",
                            fill="#fff")


def draw_cities_knights(state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """Cities & Knights: base Catan's board, knights, walls, metropolises, the merchant and
    the barbarian track, and every seat's and the table's fields."""
    canvas = Canvas(800, 450, "Cities & Knights", highlight)
    _board(canvas, state)
    _cached(canvas, "walls", state, ("walls", "node_owner"), lambda: _walls(canvas, state))
    _cached(canvas, "buildings", state, _CK_NODE_FIELDS, lambda: _ck_buildings(canvas, state))
    _cached(canvas, "knights", state, ("knight_owner", "knight_level", "knight_active"),
            lambda: _knights(canvas, state))
    _robber(canvas, state)
    _merchant_and_track(canvas, state)
    with canvas.layer("table"):
        canvas.text(10, 18, "Cities & Knights", css="title")
        bottom = panel(canvas, state, "$", 10, 420, skip=(*_CK_BOARD_FIELDS, "players"))
    with canvas.layer("seats"):
        y = seats_panel(canvas, state.players, PANEL_X, 20)
    canvas.height = max(450.0, y, bottom)
    return canvas

