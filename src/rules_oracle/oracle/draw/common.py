"""Helpers every game's drawing shares: a panel of fields as text pieces."""

import json
from collections.abc import Collection
from enum import Enum
from typing import Any

import attrs

from rules_oracle.model.core.canon import unstructure
from rules_oracle.oracle.diff import child, clip
from rules_oracle.oracle.draw.svg import Canvas

#: the height of a line of a panel
LINE = 13
#: the longest value a panel shows (the state's JSON has it whole)
SHOWN = 90


def short(value: Any) -> str:
    """A field's value as compact text (enums by value, attrs classes as canonical JSON)."""
    if isinstance(value, Enum):
        return str(value.value)
    if value is None:
        return "-"
    if isinstance(value, bool | int | str):
        return str(value).lower() if isinstance(value, bool) else str(value)
    data = unstructure(value)
    return clip(json.dumps(data, separators=(",", ":"), ensure_ascii=False), SHOWN)


def panel(canvas: Canvas, obj: Any, path: str, x: float, y: float, *,
          seat: int | None = None, skip: Collection[str] = (), kind: str = "field") -> float:
    """Every field of the ``attrs`` instance ``obj`` (at JSON ``path``) but ``skip``, one text
    piece a line from ``(x, y)``; the ``y`` below the last line."""
    for f in attrs.fields(type(obj)):
        if f.name in skip or f.name == "config":
            continue
        where = child(path, f.name)
        canvas.text(x, y, f"{f.name}: {short(getattr(obj, f.name))}", css="small",
                    fields=(where,), kind=kind, seat=seat)
        y += LINE
    return y


def seats_panel(canvas: Canvas, players: tuple[Any, ...], x: float, y: float, *,
                skip: Collection[str] = (), title: str = "seat") -> float:
    """Every player's fields under a heading in his colour; the ``y`` below them."""
    from rules_oracle.oracle.draw.svg import seat_colour

    for seat, player in enumerate(players):
        canvas.element("rect", x=x, y=y - 10, width=10, height=10, fill=seat_colour(seat))
        canvas.text(x + 14, y, f"{title} {seat}", css="label")
        y = panel(canvas, player, f"$.players[{seat}]", x + 14, y + LINE, seat=seat,
                  skip=skip) + 4
    return y
