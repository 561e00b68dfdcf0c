"""Build a copy of the package with the hot modules of the model compiled by mypyc.

The package stays pure Python: this is an optional build for speed (random play of every
game, the catanatron race, checks and drives), written to a folder of its own (default
``build/compiled``) and used by putting that folder first on ``PYTHONPATH``::

    .venv/bin/python ci/compile.py            # needs mypy (the dev extra) and a C compiler
    PYTHONPATH=build/compiled .venv/bin/python ci/bench.py     # all rows, compiled
    .venv/bin/python ci/bench.py --beside build/compiled      # the race by both builds

Only the modules the profiles of random play and of a live drive name are compiled
(:data:`COMPILED`): every game's steps, legal actions, set-up, scoring and the helpers
they call (their rule books and observations stay Python, and so do the data tables, read
once, of every game but base Catan, and the rules a step shows of every game but Cities &
Knights: random play never asks them), the copy and chance helpers of ``model.core``, and
the live drive's loop with its comparison of values (``oracle.drive``, ``oracle.diff``:
``ci/bench.py --beside build/compiled`` drives catanatron with it beside the pure oracle).
A method marked with ``model.core.cite.implements`` is, compiled, a descriptor of its class
without a module of its own: the marker names it by its class's module, as the pure one is
named. The modules of the states and actions stay Python too: mypyc compiles ``a == b`` of
two instances of a class compiled with them, which defines no ``__eq__`` of its own, as
identity, while the ``attrs`` classes get theirs from
their decorator at run time (a step's rules compare a state with the initial one: compiled,
the set-up's rules went unnamed). Were they compiled, they would read back as the pure ones
do: reading a state back (``structure``), the canonical text's writers and the schemas take
a class's field types and docstring from ``model.core.canon.field_types``/``class_doc``,
which read a compiled module's ``.py`` file beside it (mypyc keeps only bare classes,
``tuple`` for ``tuple[Player, ...]``, and a filler docstring). The canonical text and
digest (``model.core.canon``, which generates its writers at run time) and
``model.core.game`` (whose ``Game`` every other game's class extends, which a compiled
class would refuse) stay Python, so a digest is written by the same code either way;
tests/test_compiled.py builds the copy once and finds the same digests, rules shown, legal
action sets, field types, schemas and states and actions read back in seeded games of every
game with and without it, and the same drive reports of the test engines
(tests/oracle/engines).
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "rules_oracle"

#: the modules compiled (paths under src/): every other module stays Python (the drive's
#: strict reader, oracle.reading, too: mypyc 2.4 stops on an internal error in it; and the
#: crafts game's data, which defines its cards' attrs class)
COMPILED = (
    "rules_oracle/model/core/ops.py",
    "rules_oracle/model/core/chance.py",
    *(f"rules_oracle/model/catan/{m}.py" for m in (
        "board", "build", "data", "development", "game", "largest_army", "longest_road",
        "ops", "production", "setup", "seven", "trade", "turn", "victory")),
    *(f"rules_oracle/model/cities_knights/{m}.py" for m in (
        "barbarians", "build", "common", "dice", "game", "improvement", "knight",
        "metropolis", "production", "progress", "robber", "setup", "shown", "trade", "turn",
        "victory", "wall")),
    *(f"rules_oracle/model/crafts/{m}.py" for m in (
        "card", "end", "final", "game", "market", "ops", "play", "policy", "round", "setup",
        "trade")),
    *(f"rules_oracle/model/burgundy/{m}.py" for m in (
        "action", "animal", "area", "building", "castle", "colour", "game", "knowledge", "ops",
        "phase", "round", "setup", "ship", "turn")),
    *(f"rules_oracle/model/caylus/{m}.py" for m in (
        "activation", "building", "character", "delivery", "end", "favour", "game", "ops",
        "planning", "setup", "stewardship")),
    *(f"rules_oracle/model/catan_cards/{m}.py" for m in (
        "development", "event", "game", "ops", "production", "score", "setup", "take", "trade",
        "turn")),
    *(f"rules_oracle/oracle/{m}.py" for m in ("diff", "drive")),
)


def _copy(out: Path) -> None:
    """A fresh copy of the package's Python sources in ``out``."""
    target = out / "rules_oracle"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(SOURCE, target,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))


#: the C compiler's optimisation level of the build for speed (mypyc's default)
FAST = "3"
#: the level of a build for testing only: the same C from mypyc, so the same semantics,
#: compiled without optimisation (about 230 s of CPU against 420 s at level 3)
PLAIN = "0"


def build(out: Path, quiet: bool = True, opt_level: str = FAST) -> dict[str, float]:
    """Compile :data:`COMPILED` into a copy of the package in ``out``, the C compiled at
    ``opt_level`` (mypyc's ``MYPYC_OPT_LEVEL``): wall and CPU seconds (this process's
    children) of the build."""
    _copy(out)
    before = os.times()
    start = time.monotonic()
    env = {**os.environ, "MYPYPATH": str(out), "MYPYC_OPT_LEVEL": opt_level}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([sys.executable, "-m", "mypyc", *COMPILED], cwd=out, env=env,
                          capture_output=quiet, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"mypyc failed:\n{done.stdout}\n{done.stderr}")
    wall = time.monotonic() - start
    after = os.times()
    shutil.rmtree(out / "build", ignore_errors=True)
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system)
    return {"wall": wall, "cpu": cpu}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "compiled"),
                        help="the folder of the compiled copy (default build/compiled)")
    parser.add_argument("--verbose", action="store_true", help="show mypyc's output")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    took = build(out, quiet=not args.verbose)
    print(f"compiled {len(COMPILED)} modules into {out} in {took['wall']:.1f} s "
          f"({took['cpu']:.1f} s CPU); use it with PYTHONPATH={out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
