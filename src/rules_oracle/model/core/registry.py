"""Every game model by name, imported on first use."""

import importlib
import importlib.util
from typing import Any

from rules_oracle.model.core.game import Game
from rules_oracle.model.core.rules import Rule

#: name -> "module:attribute" of the game object
_GAMES: dict[str, str] = {
    "crafts": "rules_oracle.model.crafts.game:GAME",
    "burgundy": "rules_oracle.model.burgundy.game:GAME",
    "catan": "rules_oracle.model.catan.game:GAME",
    "cities_knights": "rules_oracle.model.cities_knights.game:GAME",
    "caylus": "rules_oracle.model.caylus.game:GAME",
    "catan_cards": "rules_oracle.model.catan_cards.game:GAME",
}

_loaded: dict[str, Game[Any, Any]] = {}


def names() -> tuple[str, ...]:
    """The names of every game whose model is present, in registry order."""
    present = []
    for name, target in _GAMES.items():
        module = target.split(":")[0]
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:  # its parent package is absent
            found = False
        if found:
            present.append(name)
    return tuple(present)


def get(name: str) -> Game[Any, Any]:
    """The game called ``name``; ``KeyError`` naming the known games otherwise."""
    if name not in _loaded:
        if name not in _GAMES or name not in names():
            raise KeyError(f"unknown game {name!r}; known games: {', '.join(names())}")
        module, attr = _GAMES[name].split(":")
        game = getattr(importlib.import_module(module), attr)
        if not isinstance(game, Game):
            raise TypeError(f"{_GAMES[name]} is not a Game")
        _loaded[name] = game
    return _loaded[name]


def all_games() -> tuple[Game[Any, Any], ...]:
    return tuple(get(n) for n in names())


def register(name: str, target: str) -> None:
    """Add a game ``"module:attribute"`` under ``name`` (third-party or test games)."""
    _GAMES[name] = target
    _loaded.pop(name, None)


def find_rule(rule_id: str) -> Rule | None:
    """The registered rule with this id (``game/local-id``), or ``None``."""
    name = rule_id.split("/", 1)[0]
    try:
        book = get(name).rules
    except (KeyError, TypeError, ImportError):
        return None
    return book.get(rule_id)
