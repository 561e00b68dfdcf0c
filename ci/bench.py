"""Benchmark: complete random games per second, and trace replay steps per second.

Plays seeded random games with ``model.core.play.final_state`` for crafts (2, 4
and 6 players) and burgundy (2, 3 and 4 players), whichever models are present,
and 4-player games under the eager policy (longer, deeper games; no floor),
then writes traces and replays them with the oracle's checker. Prints one table
with each rate beside its floor and the ratio (on one core). Not a test: the
figures depend on the machine.

    python ci/bench.py [--quick] [--seconds S] [--json]
"""

import argparse
import json
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from model.core import registry
from model.core.play import final_state
from oracle.check import check_lines
from oracle.trace import record_game

#: (game, players) -> provisional floor in complete games per second (None: no floor)
PLAN: dict[tuple[str, int], float | None] = {
    ("crafts", 2): None, ("crafts", 4): 50.0, ("crafts", 6): None,
    ("burgundy", 2): None, ("burgundy", 3): None, ("burgundy", 4): 20.0,
}


def games_per_second(name: str, players: int, budget: float, min_games: int,
                     policy: str = "uniform") -> dict[str, Any]:
    game = registry.get(name)
    config = game.config(players)
    final_state(game, config, 10_000, policy)  # warm up imports and caches
    start = time.perf_counter()
    n = 0
    while n < min_games or time.perf_counter() - start < budget:
        final_state(game, config, n, policy)
        n += 1
    seconds = time.perf_counter() - start
    # the floors are for uniform random play
    floor = PLAN.get((name, players)) if policy == "uniform" else None
    label = f"{name} {players}p games" + ("" if policy == "uniform" else f" ({policy})")
    return {"what": label, "count": n, "seconds": seconds,
            "rate": n / seconds, "unit": "games/s", "floor": floor}


def replay_steps_per_second(name: str, players: int, budget: float, states: bool
                            ) -> dict[str, Any]:
    game = registry.get(name)
    config = game.config(players)
    traces = [list(record_game(game, config, seed, states=states)) for seed in range(3)]
    start = time.perf_counter()
    steps = 0
    rounds = 0
    while rounds < 1 or time.perf_counter() - start < budget:
        for lines in traces:
            report = check_lines(lines)
            if not report.conforms:
                raise SystemExit(f"{name}: its own trace diverges: {report.divergence}")
            steps += report.steps
        rounds += 1
    seconds = time.perf_counter() - start
    label = f"{name} {players}p check" + (" (with states)" if states else "")
    return {"what": label, "count": steps, "seconds": seconds, "rate": steps / seconds,
            "unit": "steps/s", "floor": None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 0.5 s each)")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per row")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    budget = args.seconds if args.seconds is not None else (0.5 if args.quick else 5.0)
    min_games = 2 if args.quick else 10
    present = set(registry.names())
    rows: list[dict[str, Any]] = []
    for (name, players), _ in PLAN.items():
        if name in present:
            rows.append(games_per_second(name, players, budget, min_games))
    for name in ("crafts", "burgundy"):
        if name in present:
            rows.append(games_per_second(name, 4, budget, min_games, "eager"))
    for name in ("crafts", "burgundy"):
        if name in present:
            players = 4
            rows.append(replay_steps_per_second(name, players, budget, states=False))
            rows.append(replay_steps_per_second(name, players, budget, states=True))
    if not rows:
        print("no game models present; nothing to measure", file=sys.stderr)
        return 1
    for r in rows:
        r["ratio"] = None if r["floor"] is None else r["rate"] / r["floor"]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    table = Table("measure", "count", "seconds", "rate", "floor", "rate / floor",
                  title="rules-oracle benchmark (one core)")
    for r in rows:
        floor = "-" if r["floor"] is None else f"{r['floor']:.0f} {r['unit']}"
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}x"
        table.add_row(r["what"], str(r["count"]), f"{r['seconds']:.2f}",
                      f"{r['rate']:.1f} {r['unit']}", floor, ratio)
    Console(width=None if sys.stdout.isatty() else 120).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
