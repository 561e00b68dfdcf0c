"""Fixtures: the toy games registered for the duration of a test."""

from collections.abc import Iterator
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.game import Game
from tests.oracle.helpers import TOYS


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game[Any, Any]]:
    """The toy games registered (and unregistered afterwards); yields the toy race.

    Other entries that do not load (left behind by other tests) are hidden meanwhile.
    """
    games = dict(registry._GAMES)
    for name in list(games):
        try:
            registry.get(name)
        except Exception:
            del games[name]
    monkeypatch.setattr(registry, "_GAMES", games | TOYS)
    for name in TOYS:
        registry._loaded.pop(name, None)
    yield registry.get("toy")
    for name in TOYS:
        registry._loaded.pop(name, None)


@pytest.fixture
def only_toy(monkeypatch: pytest.MonkeyPatch, toy: Game[Any, Any]) -> Game[Any, Any]:
    """The toy race as the only registered game."""
    monkeypatch.setattr(registry, "_GAMES", {"toy": TOYS["toy"]})
    return toy
