"""Write the generated documentation: docs/ambiguities.md and, per game, the JSON Schemas
of its canonical state, actions and observations in docs/schemas/ (``--check``: only
compare)."""

import argparse
import json
import sys
from pathlib import Path

from rules_oracle.model.core import registry
from rules_oracle.model.core.schema import game_schemas
from rules_oracle.oracle.report import render

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "ambiguities.md"
SCHEMAS = ROOT / "docs" / "schemas"


def pages() -> dict[Path, str]:
    """Every generated page by path, with its current text."""
    out = {TARGET: render()}
    for game in registry.all_games():
        for kind, schema in game_schemas(game).items():
            text = json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
            out[SCHEMAS / f"{game.name}.{kind}.schema.json"] = text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a page differs from the code, writing nothing")
    args = parser.parse_args(argv)
    stale = 0
    for path, page in pages().items():
        name = path.relative_to(ROOT)
        if args.check:
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if current != page:
                print(f"{name} is stale: run python ci/gen_docs.py")
                stale += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
        print(f"wrote {name}")
    if args.check and not stale:
        print("generated docs are current")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
