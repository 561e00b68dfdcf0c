"""Every registered game has each piece docs/new-game.md lists: the model's modules, its
rule book under its own name, invariants and hidden twins, a Z3 encoding, a drawing, the
observation's mapping to drawn fields, generated schemas, a doc page and model tests.

A piece a game still lacks is listed in :data:`GAPS` with why; a gap that is closed
fails too, so the list stays true."""

import importlib
from collections.abc import Mapping
from pathlib import Path

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.game import Game
from rules_oracle.model.core.rules import RuleBook
from rules_oracle.oracle.draw import DRAWERS
from rules_oracle.oracle.draw.observed import PUBLIC

ROOT = Path(__file__).resolve().parents[1]
#: the model modules every game has (docs/new-game.md, sections 1-5)
MODULES = ("rules", "data", "state", "actions", "observation", "game")

#: (game, piece) -> why the game lacks it today
GAPS: Mapping[tuple[str, str], str] = {}


def missing(name: str, root: Path = ROOT) -> list[str]:
    """The pieces of docs/new-game.md that game ``name`` lacks, by name."""
    out: list[str] = []
    base = f"rules_oracle.model.{name}"
    modules = {}
    for part in MODULES:
        try:
            modules[part] = importlib.import_module(f"{base}.{part}")
        except ModuleNotFoundError:
            out.append(f"model.{name}.{part}")
    game = registry.get(name)
    book = getattr(modules.get("rules"), "RULES", None)
    if not isinstance(book, RuleBook) or game.rules is not book:
        out.append("rules.RULES is the game's rule book")
    elif book.game != name:
        out.append("a rule book under the game's name")
    if "data" in modules and not hasattr(modules["data"], "STATED"):
        out.append("data.STATED")
    for module, attribute in ((name, "INVARIANTS"), (f"{name}_hidden", "twins")):
        try:
            found = getattr(importlib.import_module(f"rules_oracle.properties.{module}"),
                            attribute, None)
        except ModuleNotFoundError:
            found = None
        if not found:
            out.append(f"properties.{module}.{attribute}")
    try:
        encoding = importlib.import_module(f"rules_oracle.solver.{name}").ENCODING
        if encoding.game != name:
            out.append("solver ENCODING of the game")
    except (ModuleNotFoundError, AttributeError):
        out.append(f"solver.{name}.ENCODING")
    if name not in DRAWERS:
        out.append("oracle.draw DRAWERS")
    if name not in PUBLIC:
        out.append("oracle.draw.observed PUBLIC")
    for kind in ("state", "action", "observation"):
        if not (root / "docs" / "schemas" / f"{name}.{kind}.schema.json").is_file():
            out.append(f"docs/schemas/{name}.{kind}.schema.json")
    if not (root / "docs" / "games" / f"{name}.md").is_file():
        out.append(f"docs/games/{name}.md")
    if not any((root / "tests" / "model" / name).glob("test_*.py")):
        out.append(f"tests/model/{name}")
    return out


@pytest.mark.parametrize("name", registry.names())
def test_every_game_has_every_piece_of_the_template(name: str) -> None:
    assert isinstance(registry.get(name), Game)
    gaps = sorted(piece for (game, piece) in GAPS if game == name)
    assert missing(name) == gaps


def test_a_game_without_the_pieces_is_told_what_it_lacks(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # the toy race of tests/toygame.py is a game but none of the package's pieces
    monkeypatch.setitem(registry._GAMES, "toy", "tests.toygame:GAME")
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    lacks = missing("toy", tmp_path)
    assert "model.toy.rules" in lacks and "model.toy.game" in lacks
    assert "rules.RULES is the game's rule book" in lacks
    assert "properties.toy.INVARIANTS" in lacks and "properties.toy_hidden.twins" in lacks
    assert "solver.toy.ENCODING" in lacks and "oracle.draw DRAWERS" in lacks
    assert "docs/games/toy.md" in lacks and "tests/model/toy" in lacks
    assert "docs/schemas/toy.state.schema.json" in lacks


def test_a_foreign_rule_book_or_one_under_another_name_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("crafts")
    book = game.rules
    monkeypatch.setattr(book, "game", "elsewhere")
    assert missing("crafts") == ["a rule book under the game's name"]
    monkeypatch.setattr(type(game), "rules", RuleBook("crafts", book.file))
    assert missing("crafts") == ["rules.RULES is the game's rule book"]
