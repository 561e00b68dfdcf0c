"""Caylus 1303: the road (its 28 spaces with their buildings, houses and workers, and the
provost), the castle (this round's bundles per seat, the construction site and its
workers) and the bridge (houses in pass order); spaces and kinds from
:mod:`model.caylus.data`."""

from collections.abc import Iterable
from typing import Any

from rules_oracle.model.caylus import data as D
from rules_oracle.oracle.draw.common import LINE, panel, seats_panel
from rules_oracle.oracle.draw.svg import Canvas, seat_colour

#: road spaces per row of the drawing (the road snakes back and forth)
PER_ROW = 7
CELL_W, CELL_H = 56.0, 58.0
ROAD_X, ROAD_Y = 14.0, 40.0
MATERIAL_FILL = ("#e0e0e0", "#fff3c4", "#d7b98e", "#b0bec5", "#ce93d8")
PANEL_X = 430.0


def space_at(i: int) -> tuple[float, float]:
    """The top left corner of road space ``i`` (a space past the road continues the snake)."""
    row, col = divmod(i, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    return ROAD_X + col * CELL_W, ROAD_Y + row * CELL_H


def _road(canvas: Canvas, state: Any) -> None:
    with canvas.layer("road"):
        canvas.text(ROAD_X, ROAD_Y - 8, "road (from the city gate)", css="label")
        for i in range(D.ROAD_SPACES):
            x, y = space_at(i)
            kind = state.road[i]
            fill = MATERIAL_FILL[D.MATERIAL[kind]] if kind >= 0 else "#f5f5f5"
            canvas.element("rect", fields=(f"$.road[{i}]", f"$.side[{i}]", f"$.owner[{i}]",
                                           f"$.first_worker[{i}]", f"$.second_worker[{i}]"),
                           kind="building" if kind >= 0 else "road-space",
                           x=x + 1, y=y + 1, width=CELL_W - 2, height=CELL_H - 14, fill=fill,
                           stroke="#555")
            canvas.text(x + 3, y + 11, f"{i}", css="small", fill="#777")
            if kind >= 0:
                canvas.text(x + 3, y + 22, D.KINDS[kind][:10], css="small")
            owner = state.owner[i]
            if owner >= 0:
                canvas.polygon([(x + 40, y + 40), (x + 40, y + 32), (x + 46, y + 27),
                                (x + 52, y + 32), (x + 52, y + 40)],
                               fields=(f"$.owner[{i}]",), kind="house", seat=owner,
                               fill=seat_colour(owner), stroke="#000")
            for k, workers in enumerate((state.first_worker, state.second_worker)):
                seat = workers[i]
                if seat >= 0:
                    name = "first_worker" if k == 0 else "second_worker"
                    canvas.element("circle", fields=(f"$.{name}[{i}]",), kind="worker",
                                   seat=seat, cx=x + 10 + 14 * k, cy=y + 35, r=5,
                                   fill=seat_colour(seat), stroke="#000")
        px, py = space_at(min(state.provost, D.ROAD_SPACES + PER_ROW - 1))
        canvas.polygon([(px + CELL_W / 2 - 7, py + CELL_H - 2), (px + CELL_W / 2, py + CELL_H - 13),
                        (px + CELL_W / 2 + 7, py + CELL_H - 2)], fields=("$.provost",),
                       kind="provost", fill="#fff", stroke="#000", stroke_width=1.5)


def _castle_and_bridge(canvas: Canvas, state: Any, y: float) -> float:
    with canvas.layer("castle"):
        canvas.element("rect", x=ROAD_X, y=y, width=190, height=96, fill="#eceff1",
                       stroke="#455a64")
        canvas.text(ROAD_X + 6, y + 14, "castle: bundles this round", css="label",
                    fields=("$.delivered", "$.delivery_order"), kind="castle")
        for seat, n in enumerate(state.delivered):
            canvas.element("rect", fields=(f"$.delivered[{seat}]",), kind="bundles",
                           seat=seat, x=ROAD_X + 8 + 36 * seat, y=y + 22, width=30, height=20,
                           fill=seat_colour(seat), stroke="#000")
            canvas.text(ROAD_X + 23 + 36 * seat, y + 36, str(n), css="label",
                        text_anchor="middle", fill="#fff")
        canvas.text(ROAD_X + 6, y + 60, "construction site", css="small",
                    fields=("$.site_workers",), kind="site")
        for k, kind in enumerate(state.site):
            canvas.element("rect", fields=(f"$.site[{k}]",), kind="site-building",
                           x=ROAD_X + 8 + 60 * k, y=y + 64, width=56, height=26,
                           fill=MATERIAL_FILL[D.MATERIAL[kind]] if kind >= 0 else "#f5f5f5",
                           stroke="#555")
            canvas.text(ROAD_X + 10 + 60 * k, y + 80, D.KINDS[kind][:10] if kind >= 0 else "-",
                        css="small")
        for k, seat in enumerate(state.site_workers):
            canvas.element("circle", fields=(f"$.site_workers[{k}]",), kind="site-worker",
                           seat=seat, cx=ROAD_X + 200 + 12 * k, cy=y + 77, r=5,
                           fill=seat_colour(seat), stroke="#000")
    with canvas.layer("bridge"):
        bx = ROAD_X + 210
        canvas.element("rect", x=bx, y=y, width=180, height=40, fill="#d7ccc8",
                       stroke="#5d4037")
        canvas.text(bx + 6, y + 14, "bridge (pass order)", css="label", fields=("$.bridge",),
                    kind="bridge")
        for k, seat in enumerate(state.bridge):
            canvas.element("rect", fields=(f"$.bridge[{k}]",), kind="bridge-house", seat=seat,
                           x=bx + 8 + 18 * k, y=y + 20, width=14, height=14,
                           fill=seat_colour(seat), stroke="#000")
    return y + 110


def draw_caylus(state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """Caylus: the road, the castle, the bridge and every seat's and the table's fields."""
    canvas = Canvas(PANEL_X + 330, 500, "Caylus 1303", highlight)
    names = ("road", "side", "owner", "first_worker", "second_worker", "provost")
    canvas.cached("road", tuple(f"$.{n}" for n in names),
                  tuple(getattr(state, n) for n in names), lambda: _road(canvas, state))
    rows = (D.ROAD_SPACES + PER_ROW - 1) // PER_ROW + 1
    below = _castle_and_bridge(canvas, state, ROAD_Y + rows * CELL_H)
    with canvas.layer("table"):
        canvas.text(10, 18, "Caylus 1303", css="title")
        end = panel(canvas, state, "$", 10, below + LINE,
                    skip=("players", "road", "side", "owner", "first_worker", "second_worker",
                          "provost", "delivered", "delivery_order", "site", "site_workers",
                          "bridge"))
    with canvas.layer("seats"):
        y = seats_panel(canvas, state.players, PANEL_X, 20)
    canvas.height = max(500.0, y, end)
    return canvas
