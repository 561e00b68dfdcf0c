"""The card games' tables: crafts (each player's tableau and hand, resource board, coins
and score; the market, deck and discard) and the Catan card game (each player's piles,
buildings and hand; the market and the stacks)."""

from collections.abc import Iterable, Sequence
from typing import Any

from rules_oracle.model.catan_cards import data as CC
from rules_oracle.model.crafts import data as CR
from rules_oracle.oracle.draw.common import LINE, panel, short
from rules_oracle.oracle.draw.svg import Canvas, counts_text, seat_colour

CARD_W, CARD_H = 74.0, 30.0
PER_ROW = 8
WIDTH = 20 + PER_ROW * (CARD_W + 4)


def _cards(canvas: Canvas, x: float, y: float, names: Sequence[str], counts: Sequence[int],
           path: str, kind: str, seat: int | None = None, fill: str = "#fffde7") -> float:
    """One card per kind held (with its count), each a piece of ``path[kind]``; the ``y``
    below them."""
    k = 0
    for i, n in enumerate(counts):
        if not n:
            continue
        cx = x + (k % PER_ROW) * (CARD_W + 4)
        cy = y + (k // PER_ROW) * (CARD_H + 4)
        canvas.element("rect", fields=(f"{path}[{i}]",), kind=kind, seat=seat, x=cx, y=cy,
                       width=CARD_W, height=CARD_H, rx=4, fill=fill,
                       stroke=seat_colour(seat) if seat is not None else "#555",
                       stroke_width=1.5)
        canvas.text(cx + 4, cy + 13, names[i][:13], css="small")
        canvas.text(cx + 4, cy + 25, f"x{n}", css="small")
        k += 1
    rows = (k + PER_ROW - 1) // PER_ROW
    return y + max(rows, 1) * (CARD_H + 4) + 6


def _seat_value(name: str, value: Any) -> str:
    """A crafts seat's field as text: resources by name, a hand by its size."""
    if name == "boards":
        return counts_text(CR.RESOURCES, value)
    if name == "hands":
        return f"{sum(value)} cards"
    return short(value)


def _heading(canvas: Canvas, x: float, y: float, text: str, path: str,
             seat: int | None = None) -> float:
    """A pile's heading, a piece of the whole pile at ``path``."""
    if seat is not None:
        canvas.element("rect", x=x, y=y - 11, width=WIDTH - 20, height=15,
                       fill=seat_colour(seat), fill_opacity="0.25")
    canvas.text(x + 2, y, text, css="label", fields=(path,), kind="pile", seat=seat)
    return y + 8


def draw_crafts(state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """Crafts: the market, every player's tableau and the table's fields."""
    canvas = Canvas(WIDTH, 400, "crafts", highlight)
    names = CR.CARD_KEYS
    with canvas.layer("market"):
        canvas.text(10, 18, "crafts", css="title")
        y = _heading(canvas, 10, 40, "market", "$.market")
        y = _cards(canvas, 10, y, names, state.market, "$.market", "market-card")
    per_seat = ("scores", "best", "coins", "boards", "hands", "table", "committed", "passed",
                "exchanges", "declined", "owed")
    for seat in range(len(state.scores)):
        with canvas.layer(f"seat {seat}"):
            y = _heading(canvas, 10, y + 10, f"seat {seat}: tableau", f"$.table[{seat}]",
                         seat)
            y = _cards(canvas, 10, y, names, state.table[seat], f"$.table[{seat}]",
                       "tableau-card", seat)
            y = _heading(canvas, 10, y + 6, "hand", f"$.hands[{seat}]")
            y = _cards(canvas, 10, y, names, state.hands[seat], f"$.hands[{seat}]",
                       "hand-card", seat, "#e3f2fd")
            for name in per_seat:
                if name == "table":
                    continue
                shown = _seat_value(name, getattr(state, name)[seat])
                canvas.text(20 + 190 * (per_seat.index(name) % 3),
                            y + 4 + LINE * (per_seat.index(name) // 3),
                            f"{name}: {shown}", css="small",
                            fields=(f"$.{name}[{seat}]",), kind="field", seat=seat)
            y += LINE * 4
    with canvas.layer("table"):
        end = panel(canvas, state, "$", 10, y + 10, skip=(*per_seat, "market"))
    canvas.height = end
    return canvas


def draw_catan_cards(state: Any, highlight: Iterable[str] = ()) -> Canvas:
    """The Catan card game: the market, every player's piles and the table's fields."""
    canvas = Canvas(WIDTH, 400, "Catan card game", highlight)
    with canvas.layer("market"):
        canvas.text(10, 18, "Catan card game", css="title")
        y = _heading(canvas, 10, 40, "market", "$.market")
        y = _cards(canvas, 10, y, CC.RESOURCES, state.market, "$.market", "market-card")
    for seat, player in enumerate(state.players):
        with canvas.layer(f"seat {seat}"):
            y = _heading(canvas, 10, y + 10, f"seat {seat}", f"$.players[{seat}]", seat)
            piles = (player.roads, player.knights, player.settlements, player.cities)
            x = 10.0
            for name, n in zip(("roads", "knights", "settlements", "cities"), piles,
                               strict=True):
                for k in range(n):
                    canvas.element("rect", fields=(f"$.players[{seat}].{name}",),
                                   kind=name[:-1] if name != "cities" else "city", seat=seat,
                                   x=x + 5 * k, y=y, width=22, height=30, rx=3,
                                   fill=seat_colour(seat), stroke="#000")
                canvas.text(x, y + 42, f"{name} {n}", css="small",
                            fields=(f"$.players[{seat}].{name}",), kind="pile", seat=seat)
                x += max(n, 1) * 5 + 60
            y = _cards(canvas, 10, y + 50, CC.BUILDINGS, player.buildings,
                       f"$.players[{seat}].buildings", "building", seat, "#e1bee7")
            y = _heading(canvas, 10, y + 6, "hand", f"$.players[{seat}].hand")
            y = _cards(canvas, 10, y, CC.RESOURCES, player.hand, f"$.players[{seat}].hand",
                       "hand-card", seat, "#e3f2fd")
            y = panel(canvas, player, f"$.players[{seat}]", 20, y + 10, seat=seat,
                      skip=("roads", "knights", "settlements", "cities", "buildings", "hand"))
    with canvas.layer("table"):
        end = panel(canvas, state, "$", 10, y + 10, skip=("players", "market"))
    canvas.height = end
    return canvas
