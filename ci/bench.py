"""Benchmark: random play and trace replay rates, each beside its target, in one run.

Plays seeded random games with ``model.core.play.playout`` for crafts (2, 4
and 6 players), burgundy (2, 3 and 4 players), catan and cities_knights (3 and 4
players), caylus (2 to 5 players) and catan_cards (2, 4 and 6 players), whichever
models are present, and 4-player games under the eager policy (longer, deeper games),
then writes 4-player traces (digests, digests with states, and seat 0's observations)
and replays them with the oracle's checker.

Base Catan races a real peer: with the optional extra ``rules-oracle[bench]``
(catanatron from PyPI) installed, catanatron's random 4-player games are played
in the same run, beside our random 4-player games restricted to the action
families catanatron's random player has (every action but domestic trade,
which catanatron does not enumerate), games and actions per second for both,
and the ratio ours / catanatron's. The racers play in alternating rounds
(:data:`RACE_ROUNDS`, each round's order the reverse of the last's), so that the
machine's drift during the race slows both alike; the ratio is of the totals, and the
row shows the spread of the rounds' ratios beside it. With catanatron installed the
oracle also drives a few live games of it through its adapter (``oracle drive``'s
engine) and measures the CPU time of the oracle's process and of the engine's.

Targets (each read from one run, never a timed test): random 4-player play at least
50,000 steps per second (chance steps included) for every game; ``oracle check`` of a
4-player trace at least 15,000 steps per second, digests and observations alike;
random 4-player Catan without domestic trade at least 2x catanatron in games and in
actions per second; the oracle's share of a live catanatron drive's CPU under 20%.
Rates are CPU time of this process (one core), so that a machine shared with other
work changes them less. The table's title says which build ran: pure Python, or the
mypyc build of ``ci/compile.py`` (``PYTHONPATH=build/compiled``), with how many of its
modules loaded compiled; the race row names it too, and ``--beside build/compiled`` races
another build in the same run (a process of its own with that folder first on its path),
its row beside this build's, against the same catanatron games; with the drive's row, it
also drives the same games with the oracle run by that build (its own row, naming the build;
the engine's process runs the pure package either way). Prints one table with each
rate beside its target and the ratio. Not a test: the figures depend on the machine.

    python ci/bench.py [--quick] [--seconds S] [--json] [--drive-games N] [--drive-only]
                       [--games NAME ...] [--beside FOLDER ...]
"""

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from rules_oracle.model.core import registry
from rules_oracle.model.core.play import playout
from rules_oracle.oracle.check import check_lines
from rules_oracle.oracle.trace import record_game

#: (game, players) of the random-play rows
PLAN: tuple[tuple[str, int], ...] = (
    ("crafts", 2), ("crafts", 4), ("crafts", 6),
    ("burgundy", 2), ("burgundy", 3), ("burgundy", 4),
    ("catan", 3), ("catan", 4),
    ("cities_knights", 3), ("cities_knights", 4),
    ("caylus", 2), ("caylus", 3), ("caylus", 4), ("caylus", 5),
    ("catan_cards", 2), ("catan_cards", 4), ("catan_cards", 6),
)

#: targets: random 4-player play and check of a 4-player trace (steps per second), the
#: race with catanatron (ours / catanatron's) and the oracle's CPU share of a live drive
PLAY_TARGET = 50_000.0
CHECK_TARGET = 15_000.0
RACE_TARGET = 2.0
SHARE_TARGET = 0.20
#: games of the live catanatron drive
DRIVE_GAMES = 3

ROOT = Path(__file__).resolve().parent.parent

#: the games with eager-play and replay rows (at 4 players)
GAMES = ("crafts", "burgundy", "catan", "cities_knights", "caylus", "catan_cards")

#: catan action types of domestic trade (catanatron's random player has none)
DOMESTIC = frozenset({"OfferCard", "Propose", "Withdraw", "Answer", "Counter", "TradeWith"})


def catan_without_domestic(budget: float, min_games: int, first: int = 0) -> dict[str, Any]:
    """Our random 4-player catan games, uniform over every legal action but domestic
    trade (chance steps by their exact probabilities): games and actions per second. The
    games are seeded ``first``, ``first + 1``, ..."""
    from rules_oracle.model.core.chance import sample
    from rules_oracle.model.core.game import CHANCE

    game = registry.get("catan")
    config = game.config(4)
    bound = game.max_steps(config)
    # the classes themselves (an action's class is found by identity, not by its name)
    domestic = frozenset(t for t in game.action_types if t.__name__ in DOMESTIC)
    start = time.process_time()
    n = actions = 0
    while n < min_games or time.process_time() - start < budget:
        rng = random.Random(first + n)
        state = game.setup(config)
        for _ in range(bound):
            actor = game.actor(state)
            if actor == CHANCE:
                state = game.apply(state, sample(game.chance_outcomes(state), rng))
                continue
            if game.is_terminal(state):
                break
            legal = [a for a in game.legal_actions(state) if type(a) not in domestic]
            state = game.apply(state, rng.choice(legal))
            actions += 1
        n += 1
    seconds = time.process_time() - start
    return {"what": "catan 4p games, no domestic trade", "count": n, "seconds": seconds,
            "rate": n / seconds, "unit": "games/s", "target": None,
            "actions": actions, "action_rate": actions / seconds}


def catanatron_games(budget: float, min_games: int, first: int = 0) -> dict[str, Any] | None:
    """catanatron's random 4-player games, seeded ``first``, ``first + 1``, ... (None when
    the bench extra is not installed)."""
    if importlib.util.find_spec("catanatron") is None:
        return None
    from catanatron import Color, Game, RandomPlayer

    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    start = time.process_time()
    n = actions = 0
    while n < min_games or time.process_time() - start < budget:
        played = Game([RandomPlayer(c) for c in colours], seed=first + n)
        played.play()
        actions += len(played.state.actions)
        n += 1
    seconds = time.process_time() - start
    return {"what": "catanatron 4p games (random players)", "count": n, "seconds": seconds,
            "rate": n / seconds, "unit": "games/s", "target": None,
            "actions": actions, "action_rate": actions / seconds}


def catanatron_drive(games: int) -> dict[str, Any] | None:
    """The oracle's share of the CPU in a live drive of ``games`` random 4-player catanatron
    games through its adapter (None without catanatron): the CPU time of this process
    against the engine's (its processes', counted once they end with the drive).

    Both sides are counted whole: the engine's is the adapter process's whole life, from
    its start (the interpreter and catanatron's import, about 0.25 s) to its end, which
    the drive awaits before it returns; the oracle's is the drive alone (the known file is
    read and the game looked up before), its first game's warm-up included (imports and
    the model's tables, about 0.2 s)."""
    if importlib.util.find_spec("catanatron") is None:
        return None
    from rules_oracle.oracle.drive import drive
    from rules_oracle.oracle.known import load

    known = load(str(ROOT / "docs" / "engines" / "catanatron.known.json"))
    # -E: the engine's process ignores PYTHONPATH, so it runs the pure package whichever
    # build drives it (the rows of two builds drive the same engine)
    game = registry.get("catan")  # imported here when no row before played it
    command = [sys.executable, "-E", "-m", "rules_oracle.oracle.adapters.catanatron"]
    before = os.times()
    report = drive(command, [game], count=games, players=4, known=known, timeout=60.0)
    after = os.times()
    oracle = (after.user - before.user) + (after.system - before.system)
    engine = ((after.children_user - before.children_user)
              + (after.children_system - before.children_system))
    share = oracle / (oracle + engine) if oracle + engine > 0 else 0.0
    return {"what": f"catanatron drive, {games} games: oracle's CPU share ({build()})",
            "count": report.requests, "seconds": oracle + engine, "rate": share,
            "unit": "share", "target": SHARE_TARGET, "below": True,
            "note": f"oracle {oracle:.2f} s, engine {engine:.2f} s CPU"}


def play_rates(name: str, players: int, budget: float, min_games: int,
               policy: str = "uniform") -> dict[str, Any]:
    """Random games (steps of ``playout``, chance steps included): games and steps per
    second; the target is for uniform random 4-player play."""
    game = registry.get(name)
    config = game.config(players)
    for _ in playout(game, config, 10_000, policy):  # warm up imports and caches
        pass
    start = time.process_time()
    n = steps = 0
    while n < min_games or time.process_time() - start < budget:
        for _ in playout(game, config, n, policy):
            steps += 1
        n += 1
    seconds = time.process_time() - start
    target = PLAY_TARGET if policy == "uniform" and players == 4 else None
    label = f"{name} {players}p play" + ("" if policy == "uniform" else f" ({policy})")
    return {"what": label, "count": steps, "seconds": seconds, "rate": steps / seconds,
            "unit": "steps/s", "target": target, "games": n / seconds}


def replay_steps_per_second(name: str, players: int, budget: float, states: bool,
                            observations: bool = False) -> dict[str, Any]:
    game = registry.get(name)
    config = game.config(players)
    viewer = 0 if observations else None
    traces = [list(record_game(game, config, seed, states=states, observations=viewer))
              for seed in range(3)]
    start = time.process_time()
    steps = 0
    rounds = 0
    while rounds < 1 or time.process_time() - start < budget:
        for lines in traces:
            report = check_lines(lines)
            if not report.conforms:
                raise SystemExit(f"{name}: its own trace diverges: {report.divergence}")
            steps += report.steps
        rounds += 1
    seconds = time.process_time() - start
    label = f"{name} {players}p check" + (" (with states)" if states else "") + (
        " (observations)" if observations else "")
    return {"what": label, "count": steps, "seconds": seconds, "rate": steps / seconds,
            "unit": "steps/s", "target": None if states else CHECK_TARGET}


def race_beside(folder: str, budget: float, min_games: int, first: int = 0
                ) -> dict[str, Any]:
    """:func:`catan_without_domestic` run by another build of the model: a process with
    ``folder`` (e.g. ``build/compiled``, from ``ci/compile.py``) first on its path; its row
    names that build."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(folder).resolve()), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--race-ours", "--seconds",
         str(budget), "--min-games", str(min_games), "--first", str(first)],
        env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the race under {folder} failed:\n{done.stderr}")
    row: dict[str, Any] = json.loads(done.stdout)
    return row


def drive_beside(folder: str, games: int) -> dict[str, Any] | None:
    """:func:`catanatron_drive` with the oracle run by another build: a process with
    ``folder`` first on its path (the engine's process ignores it); its row names that
    build."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(folder).resolve()), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--drive-ours", "--drive-games",
         str(games)], env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the drive under {folder} failed:\n{done.stderr}")
    row: dict[str, Any] | None = json.loads(done.stdout)
    return row


#: rounds of the race: each racer plays this many rounds of games, in turn with the others,
#: a round's order the reverse of the last's (ABBA), so that a machine whose speed drifts
#: during the race (other work, a throttled core: catanatron's own rate has moved from 8.5
#: to 15.7 games/s between runs on one machine) slows every racer alike
RACE_ROUNDS = 6

Racer = Callable[[float, int, int], "dict[str, Any] | None"]


def race(racers: Sequence[Racer], budget: float, min_games: int,
         rounds: int = RACE_ROUNDS) -> list[dict[str, Any] | None]:
    """Each racer's row (None for a racer that gives none: catanatron not installed),
    summed over ``rounds`` rounds of ``budget / rounds`` CPU seconds and at least
    ``min_games / rounds`` games each, the racers in turn within a round and a round's
    order the reverse of the last's. A racer's games continue its seeds from round to
    round (the same games as one run of as many). A row keeps its rounds' actions per
    second (``round_rates``; a round's games per second depend more on how long its few
    games happen to be), for the spread of the per-round ratios."""
    per, least = budget / rounds, max(1, -(-min_games // rounds))
    parts: list[list[dict[str, Any]]] = [[] for _ in racers]
    absent: set[int] = set()
    for r in range(rounds):
        order = range(len(racers)) if r % 2 == 0 else range(len(racers) - 1, -1, -1)
        for i in order:
            if i in absent:
                continue
            row = racers[i](per, least, sum(p["count"] for p in parts[i]))
            if row is None:
                absent.add(i)
            else:
                parts[i].append(row)
    out: list[dict[str, Any] | None] = []
    for i, p in enumerate(parts):
        if i in absent or not p:
            out.append(None)
            continue
        count, seconds = sum(x["count"] for x in p), sum(x["seconds"] for x in p)
        actions = sum(x["actions"] for x in p)
        out.append({**p[0], "count": count, "seconds": seconds, "rate": count / seconds,
                    "actions": actions, "action_rate": actions / seconds,
                    "round_rates": [x["action_rate"] for x in p]})
    return out


@cache
def build() -> str:
    """Which build of the model this process runs: pure Python, or how many of the modules
    ``ci/compile.py`` compiles loaded compiled (found once: a process runs one build)."""
    spec = importlib.util.spec_from_file_location("ci_compile", ROOT / "ci" / "compile.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    modules = [p.removesuffix(".py").replace("/", ".") for p in tool.COMPILED]
    compiled = sum(1 for m in modules
                   if not str(importlib.import_module(m).__file__).endswith(".py"))
    return ("pure Python" if compiled == 0
            else f"mypyc: {compiled} of {len(modules)} compiled modules")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 0.5 s each)")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per row")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    parser.add_argument("--drive-games", type=int, default=None,
                        help=f"live catanatron games driven (default {DRIVE_GAMES}, 1 quick;"
                        " 0: none)")
    parser.add_argument("--drive-only", action="store_true",
                        help="only the live catanatron drive's row")
    parser.add_argument("--games", nargs="+", default=None, metavar="NAME",
                        help="only these games' rows (default: every game present)")
    parser.add_argument("--beside", action="append", default=[], metavar="FOLDER",
                        help="also race catanatron with the build in FOLDER (e.g."
                        " build/compiled of ci/compile.py), its row beside this one's"
                        " (repeatable)")
    parser.add_argument("--min-games", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--race-ours", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--drive-ours", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    budget = args.seconds if args.seconds is not None else (0.5 if args.quick else 5.0)
    min_games = args.min_games if args.min_games is not None else (2 if args.quick else 10)
    if args.race_ours:  # one row of another build's race (see race_beside)
        row = catan_without_domestic(budget, min_games, args.first)
        print(json.dumps({**row, "what": f"{row['what']} ({build()})", "build": build()}))
        return 0
    drive_games = args.drive_games if args.drive_games is not None else (
        1 if args.quick else DRIVE_GAMES)
    if args.drive_ours:  # the drive's row of another build (see drive_beside)
        driven = catanatron_drive(drive_games)
        print(json.dumps(driven if driven is None else {**driven, "build": build()}))
        return 0
    present = set(registry.names())
    if args.games is not None:
        present &= set(args.games)
    rows: list[dict[str, Any]] = []
    if args.drive_only:
        present &= {"catan"}
        share = catanatron_drive(drive_games) if "catan" in present else None
        if share is not None:
            rows.append(share)
            rows.extend(r for r in (drive_beside(f, drive_games) for f in args.beside)
                        if r is not None)
        present = set()
    for name, players in PLAN:
        if name in present:
            rows.append(play_rates(name, players, budget, min_games))
    for name in GAMES:
        if name in present:
            rows.append(play_rates(name, 4, budget, min_games, "eager"))
    peer: dict[str, Any] | None = None
    if "catan" in present:
        entrants: list[Racer] = [catan_without_domestic, catanatron_games]
        entrants += [partial(race_beside, folder) for folder in args.beside]
        ran = race(entrants, budget, min_games)
        ours, peer = ran[0], ran[1]
        assert ours is not None
        ours["what"] += f" ({build()})"
        rows.append(ours)
        racers = [ours]
        for other in ran[2:]:
            assert other is not None
            racers.append(other)
            rows.append(other)
        if peer is not None:
            rows.insert(len(rows) - len(racers) + 1, peer)
            for racer in racers:
                racer["peer"] = peer["rate"]
                racer["peer_actions"] = peer["action_rate"]
                racer["round_ratios"] = [a / b for a, b in zip(racer["round_rates"],
                                                               peer["round_rates"],
                                                               strict=True)]
                racer["target"] = RACE_TARGET
    for name in GAMES:
        if name in present:
            players = 4
            rows.append(replay_steps_per_second(name, players, budget, states=False))
            rows.append(replay_steps_per_second(name, players, budget, states=False,
                                                observations=True))
            rows.append(replay_steps_per_second(name, players, budget, states=True))
    if "catan" in present and peer is not None and drive_games > 0:
        share = catanatron_drive(drive_games)
        if share is not None:
            rows.append(share)
            rows.extend(r for r in (drive_beside(f, drive_games) for f in args.beside)
                        if r is not None)
    if not rows:
        print("no game models present; nothing to measure", file=sys.stderr)
        return 1
    for r in rows:
        r["ratio"] = _ratio(r)
        r["meets"] = None if r["ratio"] is None else r["ratio"] >= 1.0
    if args.json:
        # a row of another build (``--beside``) names its own
        print(json.dumps([{"build": build(), **r} for r in rows], indent=2))
        return 0
    table = Table("measure", "count", "CPU s", "rate", "actions/s", "target",
                  "measured / target", "meets",
                  title=f"rules-oracle benchmark (one core; {build()})")
    for r in rows:
        table.add_row(r["what"], str(r["count"]), f"{r['seconds']:.2f}", _rate(r),
                      f"{r['action_rate']:.0f}" if "action_rate" in r else "-",
                      _target(r), _ratio_text(r),
                      "-" if r["meets"] is None else ("yes" if r["meets"] else "NO"))
    console = Console(width=None if sys.stdout.isatty() else 160)
    console.print(table)
    if "catan" in present and peer is None:
        console.print("catanatron is not installed: pip install -e '.[bench]' races it")
    return 0


def _ratio(r: dict[str, Any]) -> float | None:
    """How far a row is past its target (>= 1 meets it): a race row by the lower of its
    two ratios (games and actions), a share by target / share."""
    if r["target"] is None:
        return None
    if "peer" in r:
        games = r["rate"] / r["peer"]
        actions = r["action_rate"] / r["peer_actions"]
        return float(min(games, actions) / r["target"])
    if r.get("below"):
        return r["target"] / r["rate"] if r["rate"] > 0 else float("inf")
    return float(r["rate"] / r["target"])


def _rate(r: dict[str, Any]) -> str:
    if r["unit"] == "share":
        return f"{100 * r['rate']:.1f}% ({r['note']})"
    text = f"{r['rate']:.1f} {r['unit']}"
    if "games" in r:
        text += f" ({r['games']:.1f} games/s)"
    return text


def _target(r: dict[str, Any]) -> str:
    if "peer" in r:
        return (f">= {r['target']:.0f}x catanatron ({r['peer']:.1f} games/s,"
                f" {r['peer_actions']:.0f} actions/s)")
    if r["target"] is None:
        return "-"
    if r["unit"] == "share":
        return f"< {100 * r['target']:.0f}%"
    return f">= {r['target']:.0f} {r['unit']}"


def _ratio_text(r: dict[str, Any]) -> str:
    if r["ratio"] is None:
        return "-"
    if "peer" in r:
        games = r["rate"] / r["peer"]
        actions = r["action_rate"] / r["peer_actions"]
        low, high = min(r["round_ratios"]), max(r["round_ratios"])
        return (f"{games:.2f}x games, {actions:.2f}x actions ({r['ratio']:.2f} of target;"
                f" rounds {low:.2f}-{high:.2f}x actions)")
    return f"{r['ratio']:.2f}"


if __name__ == "__main__":
    sys.exit(main())
