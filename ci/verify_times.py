"""Verification times against their targets: ``oracle verify`` per game and for all
games in one pool of worker processes, on every core (or ``--jobs N``).

Every game together in one pool (the way ``oracle verify`` runs them): obligations
by status per game, the wall time, the CPU time (this process and its workers), and the
slowest obligations, then the obligations' own seconds by game and kind (property, z3,
bound, faithfulness: where the time goes; the wall seconds each took in its worker, its CPU
seconds only on a machine with a core for each worker and nothing else running); with
``--each``, each game alone first (its own wall time). Targets: the whole verification of
crafts and burgundy under 90 s of wall time on 2 cores, and no obligation left unknown.
No single Z3 query can take more than ``oracle.verify.QUERY_TIMEOUT`` seconds of Z3's work
(``solver.provers.RLIMIT_PER_SECOND`` resource units to the second, about a second on
the reference machine): past it the query is stopped and its obligation reported
unknown, so an unknown count of 0 also says that every query settled within that
budget. Not a test: the wall times depend on the machine; the verdicts do not.

    python ci/verify_times.py [GAME ...] [--each] [--jobs N] [--games N] [--json]
"""

import argparse
import json
import os
import sys
import time
from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from rules_oracle.model.core import registry
from rules_oracle.oracle import verify
from rules_oracle.properties.base import Outcome

#: wall seconds for crafts and burgundy together on 2 cores
TARGET_WALL = 90.0


def _own_work(found: list[list[Outcome]]) -> list[Outcome]:
    """The outcomes whose seconds are work of their own: not an any-action bound (the sum of
    its kinds' bounds), and a game's first observation row only (each shows the time of
    all its observation checks)."""
    out = []
    for game in found:
        observed = False
        for o in game:
            if o.name.startswith("observation/"):
                if observed:
                    continue
                observed = True
            if not o.name.startswith("bound/any-action/"):
                out.append(o)
    return out


def measure(names: list[str], jobs: int, games: int) -> dict[str, Any]:
    plans = [verify.plan(name, games=games) for name in names]
    start, before = time.perf_counter(), os.times()
    found = verify.execute(plans, jobs)
    wall, after = time.perf_counter() - start, os.times()
    cpu = sum(getattr(after, f) - getattr(before, f)
              for f in ("user", "system", "children_user", "children_system"))
    outcomes = [o for game in found for o in game]
    statuses = {name: dict(sorted(Counter(o.status for o in game).items()))
                for name, game in zip(names, found, strict=True)}
    slowest = sorted(_own_work(found), key=lambda o: -o.seconds)[:3]
    kinds: dict[str, dict[str, float]] = {}
    for name, game in zip(names, found, strict=True):
        for o in _own_work([game]):
            row = kinds.setdefault(name, {})
            row[o.kind] = row.get(o.kind, 0.0) + o.seconds
    return {
        "games": names, "jobs": jobs, "wall": round(wall, 1), "cpu": round(cpu, 1),
        "kinds": {g: {k: round(v, 1) for k, v in sorted(row.items())}
                  for g, row in kinds.items()},
        "obligations": len(outcomes), "statuses": statuses,
        "unknown": [f"{o.name}: {o.detail}" for o in outcomes if o.status == "unknown"],
        "slowest": [f"{o.name} {o.seconds:.1f} s" for o in slowest],
    }


def _kinds_table(row: dict[str, Any]) -> Table:
    """The obligations' own seconds (the wall time each took in its worker) of ``row``'s
    run, by game and kind, with the totals: where the verification's time goes."""
    kinds = sorted({k for per in row["kinds"].values() for k in per})
    table = Table("game", *kinds, "all", title="seconds of the obligations' own work, by kind")
    for game, per in row["kinds"].items():
        table.add_row(game, *(f"{per.get(k, 0.0):.1f}" for k in kinds),
                      f"{sum(per.values()):.1f}")
    totals = [sum(per.get(k, 0.0) for per in row["kinds"].values()) for k in kinds]
    table.add_row("all", *(f"{t:.1f}" for t in totals), f"{sum(totals):.1f}")
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--jobs", type=int, default=verify.default_jobs())
    parser.add_argument("--games", type=int, default=20, help="seeded games per property")
    parser.add_argument("--each", action="store_true", help="each game alone first")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.names or list(registry.names())
    rows = [measure([name], args.jobs, args.games) for name in names] if args.each else []
    if len(names) > 1 or not rows:
        rows.append(measure(names, args.jobs, args.games))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    table = Table("games", "jobs", "obligations", "statuses", "wall s", "CPU s", "slowest")
    for r in rows:
        table.add_row(", ".join(r["games"]), str(r["jobs"]), str(r["obligations"]),
                      "; ".join(f"{game}: " + ", ".join(f"{k} {v}" for k, v in counts.items())
                                for game, counts in r["statuses"].items()),
                      f"{r['wall']:.1f}", f"{r['cpu']:.1f}", "; ".join(r["slowest"]))
    console = Console()
    console.print(table)
    console.print(_kinds_table(rows[-1]))
    pair = [r for r in rows if set(r["games"]) == {"crafts", "burgundy"}]
    if pair:
        wall = pair[0]["wall"]
        console.print(f"crafts and burgundy: {wall:.1f} s wall on {args.jobs} jobs"
                      f" (target {TARGET_WALL:.0f} s on 2 cores):"
                      f" {'met' if wall <= TARGET_WALL else 'not met'}")
    for r in rows:
        for line in r["unknown"]:
            console.print(f"unknown ({', '.join(r['games'])}): {line}")
    console.print(f"per-query budget {verify.QUERY_TIMEOUT:g} s of Z3 work (in resource units)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
