"""Seeded states and parsed drawings for the drawing tests."""

import functools
import xml.etree.ElementTree as ET
from typing import Any

from rules_oracle.model.core import registry
from rules_oracle.model.core.play import playout

SVG = "{http://www.w3.org/2000/svg}"


@functools.cache
def states(game: str, players: int, seed: int) -> tuple[Any, ...]:
    """The set-up state and the state after every step of one seeded uniform game."""
    g = registry.get(game)
    config = g.config(players, {})
    return (g.setup(config), *(s.state for s in playout(g, config, seed)))


def pieces(svg: str) -> list[ET.Element]:
    """Every piece of a drawing (elements with a ``data-kind``), after parsing it as XML."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [e for e in root.iter() if "data-kind" in e.attrib]


def kinds(svg: str) -> dict[str, int]:
    """How many pieces of each kind a drawing has."""
    out: dict[str, int] = {}
    for e in pieces(svg):
        out[e.attrib["data-kind"]] = out.get(e.attrib["data-kind"], 0) + 1
    return out


def fields(element: ET.Element) -> list[str]:
    return element.attrib["data-field"].split()


def highlighted(element: ET.Element) -> bool:
    return "hl" in element.attrib.get("class", "").split()
