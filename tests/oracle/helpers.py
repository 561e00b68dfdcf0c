"""Trace helpers for the oracle tests."""

import json
from collections.abc import Callable
from typing import Any

from rules_oracle.model.core import registry
from rules_oracle.oracle.trace import record_game

#: toy games the oracle tests register: name -> "module:attribute"
TOYS = {
    "toy": "tests.toygame:GAME",
    "toyamb": "tests.oracle.fakes:AMB",
    "toylax": "tests.oracle.fakes:LAX",
    "toybroken": "tests.oracle.fakes:BROKEN",
    "toynosetup": "tests.oracle.fakes:NO_SETUP",
    "toynoscores": "tests.oracle.fakes:NO_SCORES",
}


def lines_of(game: str = "toy", seed: int = 3, players: int = 2, states: bool = False,
             end: bool = True) -> list[str]:
    """The lines of the trace of one seeded game."""
    g = registry.get(game)
    return list(record_game(g, g.config(players), seed, states=states, end=end))


def edit(lines: list[str], index: int, change: Callable[[dict[str, Any]], None]) -> list[str]:
    """A copy of ``lines`` with record ``index`` changed by ``change``."""
    out = list(lines)
    record = json.loads(out[index])
    change(record)
    out[index] = json.dumps(record)
    return out


def record(lines: list[str], index: int) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(lines[index])
    return loaded
