"""One handle per rule: a search for a rule's id, or for its constant, lands on its code.

For every rule of every game's rule book (docs/new-game.md, "One handle per rule"):

- its constant in ``rules.py`` is named after its local id (``catan/seven.discard`` is
  ``SEVEN_DISCARD``), and it is the rule's only constant there;
- the id's prefix names the chapter module that implements it (``seven.*`` in
  ``seven.py``; the ``components.*`` rules are the game's components, in ``data.py``);
- that module cites the rule where it is implemented, as ``RB.CONSTANT``;
- every model module reads its own game's rule book as ``RB`` (an expansion reads its base
  game's as ``BRB``).

Functions marked ``@implements(RB.X)`` (``model/core/cite.py``) sit in the chapter module
the rule's id names.
"""

import ast
import importlib
import pkgutil
import re
import shutil
import sys
from pathlib import Path

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.cite import IMPLEMENTED

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "src" / "rules_oracle" / "model"
#: prefixes whose module is not named after them
MODULE_OF = {"components": "data"}
#: the base game an expansion's modules may read as ``BRB``
BASE = {"cities_knights": "catan"}
GAMES = sorted(name for name in registry.names() if (MODEL / name).is_dir())


def constant_name(rule_id: str) -> str:
    """The constant a rule's id asks for: ``game/seven.discard`` -> ``SEVEN_DISCARD``."""
    return re.sub(r"[^A-Za-z0-9]+", "_", rule_id.split("/", 1)[1]).upper()


def chapter_module(rule_id: str) -> str:
    """The module a rule's id names: its prefix, ``components`` read as ``data``."""
    prefix = rule_id.split("/", 1)[1].split(".", 1)[0]
    return MODULE_OF.get(prefix, prefix.replace("-", "_"))


def aliases(source: str, game: str) -> list[str]:
    """Every ``from rules_oracle.model.G import rules as X`` that breaks the alias rule."""
    wrong: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "rules_oracle.model."):
            owner = (node.module or "").split(".")[2]
            for name in node.names:
                if name.name != "rules":
                    continue
                want = "RB" if owner == game else "BRB" if BASE.get(game) == owner else None
                if name.asname != want:
                    wrong.append(f"rules of {owner} imported as {name.asname}")
    return wrong


def problems(game: str) -> list[str]:
    """What keeps ``game``'s rules from having one handle each, one line per rule."""
    out: list[str] = []
    rules = importlib.import_module(f"rules_oracle.model.{game}.rules")
    constants: dict[str, list[str]] = {}
    for name, value in vars(rules).items():
        if name.isupper() and isinstance(value, str) and value.startswith(f"{game}/"):
            constants.setdefault(value, []).append(name)
    sources = {path.stem: path.read_text(encoding="utf-8")
               for path in (MODEL / game).glob("*.py")}
    for rule in registry.get(game).rules:
        want = constant_name(rule.id)
        names = constants.get(rule.id, [])
        if names != [want]:
            out.append(f"{rule.id}: constants {names}, want [{want}]")
        module = chapter_module(rule.id)
        if module not in sources or module == "rules":
            out.append(f"{rule.id}: no chapter module {module}.py")
        elif not re.search(rf"\bRB\.{want}\b", sources[module]):
            out.append(f"{rule.id}: {module}.py does not cite RB.{want}")
    for stem, source in sorted(sources.items()):
        out.extend(f"{stem}.py: {line}" for line in aliases(source, game))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_one_handle(game: str) -> None:
    found = problems(game)
    assert found == [], "\n".join(found)


def test_the_check_sees_a_misnamed_constant(tmp_path: Path) -> None:
    assert constant_name("catan/seven.discard") == "SEVEN_DISCARD"
    assert constant_name("catan/largest-army.award") == "LARGEST_ARMY_AWARD"
    assert chapter_module("catan/largest-army.award") == "largest_army"
    assert chapter_module("crafts/components.deck") == "data"
    wrong = "from rules_oracle.model.catan import rules as RL\n"
    assert aliases(wrong, "catan") == ["rules of catan imported as RL"]
    assert aliases("from rules_oracle.model.catan import rules as BRB\n",
                   "cities_knights") == []
    assert aliases("from rules_oracle.model.catan import rules as RB\n",
                   "cities_knights") == ["rules of catan imported as RB"]


def misplaced(marks: dict[str, list[str]]) -> list[str]:
    """The ``@implements`` marks (rule id -> ``module.function``) of the model's functions
    outside the chapter module their rule's id names (a test's own marks are not the
    model's)."""
    out: list[str] = []
    for rule, functions in sorted(marks.items()):
        game = rule.split("/", 1)[0]
        where = f"rules_oracle.model.{game}.{chapter_module(rule)}."
        out.extend(f"{rule}: {f}" for f in functions
                   if f.startswith("rules_oracle.model.") and not f.startswith(where))
    return out


def test_every_marked_function_sits_in_its_rules_chapter() -> None:
    for info in pkgutil.walk_packages([str(MODEL)], "rules_oracle.model."):
        importlib.import_module(info.name)
    assert len(IMPLEMENTED) > 100
    assert misplaced(IMPLEMENTED) == []
    assert misplaced({"catan/seven.discard": ["rules_oracle.model.catan.turn.discard"]}) == [
        "catan/seven.discard: rules_oracle.model.catan.turn.discard"]


def test_the_check_sees_a_missing_constant_and_a_missing_citation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_oracle.model.catan import rules as catan_rules
    monkeypatch.delattr(catan_rules, "SEVEN_DISCARD")
    assert "catan/seven.discard: constants [], want [SEVEN_DISCARD]" in problems("catan")
    monkeypatch.undo()
    copy = tmp_path / "model"
    shutil.copytree(MODEL / "catan", copy / "catan")
    seven = copy / "catan" / "seven.py"
    seven.write_text(re.sub(r"RB\.SEVEN_DISCARD\b", "RB.X", seven.read_text(encoding="utf-8")),
                     encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "MODEL", copy)
    assert problems("catan") == ["catan/seven.discard: seven.py does not cite RB.SEVEN_DISCARD"]
