"""The model modules a game's module imports, for the tests that check the game module
owns the order of play (no chapter imports another)."""

import ast
from pathlib import Path

MODEL = Path(__file__).resolve().parents[2] / "src" / "rules_oracle" / "model"


def imported(game: str, stem: str) -> set[str]:
    """The modules of ``game``'s package that ``model/GAME/STEM.py`` imports."""
    package = f"rules_oracle.model.{game}"
    out: set[str] = set()
    source = (MODEL / game / f"{stem}.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == package:
            out.update(name.name for name in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(f"{package}."):
            out.add((node.module or "").rsplit(".", 1)[1])
    return out
