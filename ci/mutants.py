"""Model mutants: single-rule bugs applied one at a time to a temporary copy of the
repository, each checked by ``oracle verify GAME --games N`` (and, with ``--tests``, by
the game's model tests and the stated-constants test, stopping at the first failure), to
show which obligation kills it and how long that took.

A mutant is an exact source edit (the text to replace must stand once in its file). The
copy is made per mutant in a temporary folder and put first on ``PYTHONPATH``, so the
installed package and the checkout are left alone. Not a test: it takes minutes per
mutant; the table it prints is kept in docs/verification.md.

    python ci/mutants.py [GAME ...] [--mutant ID ...] [--games N] [--tests] [--json]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
_CLI = "import sys; from rules_oracle.oracle.cli import main; sys.exit(main())"
COPIED = ("src", "tests", "pyproject.toml")
#: where a mutant's path (``model/catan/production.py``) lies in the checkout
PACKAGE = Path("src") / "rules_oracle"


@dataclass(frozen=True)
class Mutant:
    """One single-rule bug: ``old`` replaced by ``new`` in ``path``."""

    id: str
    game: str
    rule: str
    what: str
    path: str
    old: str
    new: str


MUTANTS = (
    Mutant("catan-robber-produces", "catan", "catan/production.robber",
           "the robber no longer blocks production", "model/catan/production.py",
           "if tokens[h] != roll or h == robber:", "if tokens[h] != roll:"),
    Mutant("catan-city-one-card", "catan", "catan/production.yield",
           "a city yields 1 card, as a settlement", "model/catan/production.py",
           "if node_level[n] == 2:", "if node_level[n] == 3:"),
    Mutant("catan-discard-above-eight", "catan", "catan/seven.discard",
           "a 7 makes hands over 8 (not 7) discard", "model/catan/data.py",
           "DISCARD_ABOVE: Final = 7", "DISCARD_ABOVE: Final = 8"),
    Mutant("caylus-night-worker-inverted", "caylus", "caylus/character.night-worker",
           "the night worker's cost exemption inverted", "model/caylus/planning.py",
           "holder(state, D.NIGHT_WORKER) != seat", "holder(state, D.NIGHT_WORKER) == seat"),
    Mutant("caylus-owner-bonus-own-worker", "caylus", "caylus/building.owner-bonus",
           "the owner's bonus paid also with his own worker on the building",
           "model/caylus/activation.py",
           "if owner < 0 or owner in (state.first_worker[c], state.second_worker[c]):",
           "if owner < 0:"),
    Mutant("caylus-bundle-four-points", "caylus", "caylus/delivery.bundle",
           "a delivered bundle gives 4 PP instead of 5", "model/caylus/data.py",
           "BUNDLE_PP: Final = 5", "BUNDLE_PP: Final = 4"),
    Mutant("crafts-fair-pays-three", "crafts", "crafts/card.fair",
           "the Fair pays 3 coins a card instead of 2", "model/crafts/data.py",
           "FAIR_COINS: Final = 2", "FAIR_COINS: Final = 3"),
    Mutant("crafts-castle-setback-three", "crafts", "crafts/card.castle-setback",
           "the Castle sets a marker back 3 spaces instead of 4", "model/crafts/data.py",
           "CASTLE_SETBACK: Final = 4", "CASTLE_SETBACK: Final = 3"),
    Mutant("cards-city-one-point", "catan_cards", "catan_cards/score.city",
           "a city scores 1 point instead of 2", "model/catan_cards/scoring.py",
           "return (pl.settlements + 2 * pl.cities", "return (pl.settlements + 1 * pl.cities"),
    Mutant("cards-two-exchanges-without-roads", "catan_cards", "catan_cards/trade.no-roads",
           "two exchanges a turn without an A-side road", "model/catan_cards/trade.py",
           "return max(1, a_side(pl.roads))", "return max(2, a_side(pl.roads))"),
    Mutant("cards-production-draws-one", "catan_cards", "catan_cards/production.draw",
           "production draws 1 card instead of 2", "model/catan_cards/data.py",
           "PRODUCTION: Final = 2", "PRODUCTION: Final = 1"),
)


def _copy(dest: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, dest / name)
    # the rules texts the quotes are checked against lie beside the checkout
    for shared in (ROOT.parent / "shared", ROOT.parents[1] / "shared"):
        if shared.is_dir() and not (dest.parent / "shared").exists():
            (dest.parent / "shared").symlink_to(shared)
            break


def apply(mutant: Mutant, root: Path) -> None:
    """Edit ``root``'s copy of the mutant's file; the text must stand there once."""
    path = root / PACKAGE / mutant.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutant.old) != 1:
        raise SystemExit(f"{mutant.id}: {mutant.old!r} stands {text.count(mutant.old)}"
                         f" times in {mutant.path}")
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


def _run(cmd: list[str], root: Path) -> tuple[int, str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(root / "src"), str(root))),
           "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.monotonic()
    done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, time.monotonic() - start


def check(mutant: Mutant, games: int, tests: bool) -> dict[str, Any]:
    """Verify (and test) one mutant on a fresh copy; what killed it and how long it took."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        _copy(root)
        apply(mutant, root)
        code, out, seconds = _run([sys.executable, "-c", _CLI, "verify",
                                   mutant.game, "--games", str(games), "--json", "--jobs", "1"],
                                  root)
        try:
            rows = json.loads(out)
        except json.JSONDecodeError:
            rows = []
        killed = [f"{r['name']} ({r['kind']})" for r in rows
                  if r["status"] in ("failed", "counterexample")]
        row: dict[str, Any] = {"id": mutant.id, "game": mutant.game, "rule": mutant.rule,
                               "what": mutant.what, "verify": killed, "exit": code,
                               "seconds": round(seconds, 1)}
        if tests:
            tcode, tout, tsec = _run([sys.executable, "-m", "pytest", "-q", "-x", "-n", "0",
                                      "-p", "no:cacheprovider", f"tests/model/{mutant.game}",
                                      "tests/model/test_stated_constants.py"], root)
            first = next((line for line in tout.splitlines() if line.startswith("FAILED")), "")
            row["tests"] = first.removeprefix("FAILED ").split(" - ")[0] if tcode else ""
            row["test_seconds"] = round(tsec, 1)
        return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="games (default: every game with mutants)")
    parser.add_argument("--mutant", action="append", default=[], help="a mutant id")
    parser.add_argument("--games", type=int, default=5, help="seeded games per property")
    parser.add_argument("--tests", action="store_true", help="also run the game's tests")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if (not args.game or m.game in args.game)
              and (not args.mutant or m.id in args.mutant)]
    rows = []
    for mutant in chosen:
        row = check(mutant, args.games, args.tests)
        rows.append(row)
        if not args.json:
            killed = ", ".join(row["verify"]) or "SURVIVED"
            print(f"| {row['id']} | {row['what']} | {killed} | {row['seconds']} s |"
                  + (f" {row.get('tests') or 'survived'} |" if args.tests else ""), flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    survived = [r["id"] for r in rows if not r["verify"]]
    print(f"{len(rows) - len(survived)} of {len(rows)} mutants killed by verify"
          + (f"; survived: {', '.join(survived)}" if survived else ""), file=sys.stderr)
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
