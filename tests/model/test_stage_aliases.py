"""A game whose dispatch reads its stages as plain class attributes (``game.S``: a member
read off the enum class goes through ``EnumType.__getattr__``'s hook in Python 3.11) names
every stage there, each the member itself."""

import importlib
from enum import Enum

import pytest

from rules_oracle.model.core import registry

GAMES = [name for name in registry.names()
         if isinstance(getattr(importlib.import_module(f"rules_oracle.model.{name}.game"),
                               "S", None), type)]


def test_the_games_with_stage_aliases_are_found() -> None:
    assert {"burgundy", "catan_cards", "cities_knights"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_games_stage_names_are_the_stages(game: str) -> None:
    aliases = importlib.import_module(f"rules_oracle.model.{game}.game").S
    stage: type[Enum] = importlib.import_module(f"rules_oracle.model.{game}.state").Stage
    named = {n: v for n, v in vars(aliases).items() if not n.startswith("_")}
    assert named == {m.name: m for m in stage}
    assert all(v is stage[n] for n, v in named.items())
