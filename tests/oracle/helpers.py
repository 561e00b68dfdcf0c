"""Trace helpers for the oracle tests."""

import json
from collections.abc import Callable
from typing import Any

from click.testing import CliRunner, Result

from rules_oracle.model.core import registry
from rules_oracle.oracle.cli import main
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


def run(*args: str, input: str | None = None) -> Result:
    """``oracle ARGS`` in-process; any exception but an exit fails the test."""
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception)
    return result


def bad_input(result: Result, *words: str) -> None:
    """Exit 2, one line on stderr naming the problem (with ``words``), no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for w in words:
        assert w in lines[0], lines[0]
    assert "Traceback" not in result.output
