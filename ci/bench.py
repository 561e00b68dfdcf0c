"""Benchmark: complete random games per second, and trace replay steps per second.

Plays seeded random games with ``model.core.play.final_state`` for crafts (2, 4
and 6 players), burgundy (2, 3 and 4 players), catan and cities_knights (3 and 4
players), caylus (2 to 5 players) and catan_cards (2, 4 and 6 players), whichever
models are present, and 4-player games under the eager policy (longer, deeper games;
no floor), then writes traces and replays them with the oracle's checker.

Base Catan races a real peer: with the optional extra ``rules-oracle[bench]``
(catanatron from PyPI) installed, catanatron's random 4-player games are played
in the same run, beside our random 4-player games restricted to the action
families catanatron's random player has (every action but domestic trade,
which catanatron does not enumerate), games and actions per second for both,
and the ratio ours / catanatron's. Prints one table with each rate beside its
floor or peer and the ratio (on one core). Not a test: the figures depend on the
machine.

    python ci/bench.py [--quick] [--seconds S] [--json]
"""

import argparse
import importlib.util
import json
import random
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from rules_oracle.model.core import registry
from rules_oracle.model.core.play import final_state
from rules_oracle.oracle.check import check_lines
from rules_oracle.oracle.trace import record_game

#: (game, players) -> provisional floor in complete games per second (None: no floor)
PLAN: dict[tuple[str, int], float | None] = {
    ("crafts", 2): None, ("crafts", 4): 50.0, ("crafts", 6): None,
    ("burgundy", 2): None, ("burgundy", 3): None, ("burgundy", 4): 20.0,
    ("catan", 3): None, ("catan", 4): None,
    ("cities_knights", 3): None, ("cities_knights", 4): None,
    ("caylus", 2): None, ("caylus", 3): None, ("caylus", 4): None, ("caylus", 5): None,
    ("catan_cards", 2): None, ("catan_cards", 4): None, ("catan_cards", 6): None,
}

#: the games with eager-play and replay rows (at 4 players)
GAMES = ("crafts", "burgundy", "catan", "cities_knights", "caylus", "catan_cards")

#: catan action types of domestic trade (catanatron's random player has none)
DOMESTIC = frozenset({"OfferCard", "Propose", "Withdraw", "Answer", "Counter", "TradeWith"})


def catan_without_domestic(budget: float, min_games: int) -> dict[str, Any]:
    """Our random 4-player catan games, uniform over every legal action but domestic
    trade (chance steps by their exact probabilities): games and actions per second."""
    from rules_oracle.model.core.chance import sample
    from rules_oracle.model.core.game import CHANCE

    game = registry.get("catan")
    config = game.config(4)
    bound = game.max_steps(config)
    start = time.perf_counter()
    n = actions = 0
    while n < min_games or time.perf_counter() - start < budget:
        rng = random.Random(n)
        state = game.setup(config)
        for _ in range(bound):
            actor = game.actor(state)
            if actor == CHANCE:
                state = game.apply(state, sample(game.chance_outcomes(state), rng))
                continue
            if game.is_terminal(state):
                break
            legal = [a for a in game.legal_actions(state) if type(a).__name__ not in DOMESTIC]
            state = game.apply(state, rng.choice(legal))
            actions += 1
        n += 1
    seconds = time.perf_counter() - start
    return {"what": "catan 4p games, no domestic trade", "count": n, "seconds": seconds,
            "rate": n / seconds, "unit": "games/s", "floor": None,
            "actions": actions, "action_rate": actions / seconds}


def catanatron_games(budget: float, min_games: int) -> dict[str, Any] | None:
    """catanatron's random 4-player games (None when the bench extra is not installed)."""
    if importlib.util.find_spec("catanatron") is None:
        return None
    from catanatron import Color, Game, RandomPlayer

    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    start = time.perf_counter()
    n = actions = 0
    while n < min_games or time.perf_counter() - start < budget:
        played = Game([RandomPlayer(c) for c in colours], seed=n)
        played.play()
        actions += len(played.state.actions)
        n += 1
    seconds = time.perf_counter() - start
    return {"what": "catanatron 4p games (random players)", "count": n, "seconds": seconds,
            "rate": n / seconds, "unit": "games/s", "floor": None,
            "actions": actions, "action_rate": actions / seconds}


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
    for name in GAMES:
        if name in present:
            rows.append(games_per_second(name, 4, budget, min_games, "eager"))
    peer: dict[str, Any] | None = None
    if "catan" in present:
        ours = catan_without_domestic(budget, min_games)
        rows.append(ours)
        peer = catanatron_games(budget, min_games)
        if peer is not None:
            rows.append(peer)
            for r in (ours, peer):
                r["peer"] = peer["rate"]
                r["peer_actions"] = peer["action_rate"]
    for name in GAMES:
        if name in present:
            players = 4
            rows.append(replay_steps_per_second(name, players, budget, states=False))
            rows.append(replay_steps_per_second(name, players, budget, states=True))
    if not rows:
        print("no game models present; nothing to measure", file=sys.stderr)
        return 1
    for r in rows:
        if "peer" in r:
            r["ratio"] = r["rate"] / r["peer"]
        else:
            r["ratio"] = None if r["floor"] is None else r["rate"] / r["floor"]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    table = Table("measure", "count", "seconds", "rate", "actions/s", "floor or peer",
                  "ratio", title="rules-oracle benchmark (one core)")
    for r in rows:
        if "peer" in r:
            against = f"catanatron {r['peer']:.1f} games/s, {r['peer_actions']:.0f} actions/s"
        else:
            against = "-" if r["floor"] is None else f"floor {r['floor']:.0f} {r['unit']}"
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}x"
        per_action = f"{r['action_rate']:.0f}" if "action_rate" in r else "-"
        table.add_row(r["what"], str(r["count"]), f"{r['seconds']:.2f}",
                      f"{r['rate']:.1f} {r['unit']}", per_action, against, ratio)
    console = Console(width=None if sys.stdout.isatty() else 140)
    console.print(table)
    if "catan" in present and peer is None:
        console.print("catanatron is not installed: pip install -e '.[bench]' races it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
