"""Engine mutants: single-rule bugs in catanatron's released source, and in the catan model,
each driven through ``oracle drive`` with docs/engines/catanatron.known.json in place, to
show that a green drive is never a bug let through.

- An *engine* mutant edits a copy of the installed ``catanatron`` package (the
  ``[catanatron]`` extra) in a temporary folder put first on the engine's ``PYTHONPATH``;
  the oracle and the model are the checkout's.
- A *model* mutant edits a copy of the package (``src``) put first on the oracle's
  ``PYTHONPATH``; the engine (catanatron and the adapter, which reads the model's board
  and constants) runs unmodified from the checkout.

Each patch is a list of exact search/replace pairs; the text searched must stand exactly
once in its file, or the script stops naming the mutant (a new catanatron release cannot
turn a mutant into a silent no-op). Each mutant is driven one seeded game at a time (seed
``i``, 3 players on even seeds and 4 on odd ones), up to ``--games`` games, stopping at the
first game the oracle fails (a divergence no known entry absorbs: caught). A mutant whose
every game passes is missed; the known entries that absorbed more in its games than in the
unmodified engine's same games are named (an entry absorbing a mutant must be narrowed).
The unmodified engine is driven the same games first (``--baseline``; it must exit 0).

Not a test: it takes minutes per missed mutant and seconds to a minute per caught one;
the table it prints is kept in docs/engines/catanatron.md.

    python ci/engine_mutants.py [--mutant ID ...] [--kind engine|model] [--games N]
                                [--no-baseline] [--json]
"""

import argparse
import importlib.util
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
SRC = ROOT / "src"
KNOWN = ROOT / "docs" / "engines" / "catanatron.known.json"
_CLI = "import sys; from rules_oracle.oracle.cli import main; sys.exit(main())"
ADAPTER = "rules_oracle.oracle.adapters.catanatron"


@dataclass(frozen=True)
class Mutant:
    """One single-rule bug: each ``(old, new)`` of ``edits`` made in ``path``.

    ``path`` is relative to the catanatron package (``engine``) or to
    ``src/rules_oracle`` (``model``); ``rules`` are the rule ids a catch should name (any
    of them)."""

    id: str
    kind: str
    rules: tuple[str, ...]
    what: str
    path: str
    edits: tuple[tuple[str, str], ...]


def _m(ident: str, kind: str, rules: str, what: str, path: str, *edits: tuple[str, str]) -> Mutant:
    return Mutant(ident, kind, tuple(f"catan/{r}" for r in rules.split()), what, path, edits)


E, M = "engine", "model"

MUTANTS = (
    # -- catanatron: the robber
    _m("cn-robber-produces", E, "production.robber", "the robber's hex still produces",
       "state.py", ("if tile.number != number or board.robber_coordinate == coordinate:",
                    "if tile.number != number:")),
    _m("cn-robber-stays", E, "seven.robber", "the robber may stay on its hex",
       "models/actions.py", ("continue  # ignore. must move robber.",
                             "pass  # ignore. must move robber.")),
    _m("cn-robber-robs-self", E, "seven.steal", "the robber's mover may rob himself",
       "models/actions.py", ("and color != candidate_color  # can't play yourself",
                             "and True  # can't play yourself")),
    _m("cn-robber-robs-empty", E, "seven.steal", "a player with no card may be robbed",
       "models/actions.py", ("player_num_resource_cards(state, candidate_color) >= 1",
                             "player_num_resource_cards(state, candidate_color) >= 0")),
    # -- discards
    _m("cn-discard-at-seven", E, "seven.discard seven.discard-limit",
       "a hand of exactly 7 cards discards on a 7", "state.py",
       ("player_num_resource_cards(state, color) > state.discard_limit",
        "player_num_resource_cards(state, color) >= state.discard_limit")),
    _m("cn-discard-round-up", E, "seven.discard", "the discard rounds up, not down",
       "state.py", ("num_to_discard = len(hand) // 2", "num_to_discard = (len(hand) + 1) // 2")),
    _m("cn-discard-later-above-eight", E, "seven.discard seven.discard-limit",
       "after the first discarder, only hands over 8 discard", "state.py",
       ("player_num_resource_cards(state, color) > 7 for color in state.colors",
        "player_num_resource_cards(state, color) > 8 for color in state.colors")),
    # -- costs and the bank
    _m("cn-road-lumber-only", E, "build.road-cost", "a road may be bought without brick",
       "models/decks.py", ("ROAD_COST_FREQDECK = [1, 1, 0, 0, 0]",
                           "ROAD_COST_FREQDECK = [1, 0, 0, 0, 0]")),
    _m("cn-settlement-no-grain", E, "build.settlement-cost",
       "a settlement may be bought without grain", "models/decks.py",
       ("SETTLEMENT_COST_FREQDECK = [1, 1, 1, 1, 0]",
        "SETTLEMENT_COST_FREQDECK = [1, 1, 1, 0, 0]")),
    _m("cn-city-two-ore", E, "build.city-cost", "a city may be bought with 2 ore",
       "models/decks.py", ("CITY_COST_FREQDECK = [0, 0, 0, 2, 3]",
                           "CITY_COST_FREQDECK = [0, 0, 0, 2, 2]")),
    _m("cn-development-ore-kept", E, "build.development-cost",
       "a development card's ore does not go back to the bank", "models/decks.py",
       ("DEVELOPMENT_CARD_COST_FREQDECK = [0, 0, 1, 1, 1]",
        "DEVELOPMENT_CARD_COST_FREQDECK = [0, 0, 1, 1, 0]")),
    _m("cn-road-bank-unpaid", E, "build.road-cost", "a road's cost does not go to the bank",
       "state_functions.py", ("state.resource_freqdeck, ROAD_COST_FREQDECK",
                              "state.resource_freqdeck, [0, 0, 0, 0, 0]")),
    _m("cn-discard-bank-unpaid", E, "seven.discard", "discarded cards do not go to the bank",
       "state.py", ("state.resource_freqdeck = freqdeck_add(state.resource_freqdeck, to_discard)",
                    "pass")),
    # -- distance and connectivity
    _m("cn-no-distance-rule", E, "build.distance",
       "a settlement may stand next to another", "models/board.py",
       ("self.board_buildable_ids.discard(n)", "pass")),
    _m("cn-settlement-unconnected", E, "build.settlement-connected",
       "a settlement need not touch one's road", "models/board.py",
       ("return sorted(list(nodes.intersection(self.board_buildable_ids)))",
        "return sorted(list(self.board_buildable_ids))")),
    _m("cn-road-through-rival", E, "build.road-connected",
       "a road may go on past a rival's building", "models/board.py",
       ("                if not self.is_enemy_node(node, color):\n"
        "                    expandable_nodes.add(node)",
        "                if True:\n"
        "                    expandable_nodes.add(node)")),
    # -- longest road, largest army
    _m("cn-longest-road-four", E, "longest-road.minimum longest-road.five",
       "the longest road card at 4 roads", "models/board.py",
       ("if candidate_length >= 5 and", "if candidate_length >= 4 and")),
    _m("cn-longest-road-tie-takes", E, "longest-road.tie longest-road.minimum",
       "an equal road takes the longest road card", "models/board.py",
       ("and candidate_length > self.road_length:", "and candidate_length >= self.road_length:")),
    _m("cn-largest-army-two", E, "largest-army.minimum", "the largest army at 2 knights",
       "state_functions.py", ("if candidate_size >= 3:", "if candidate_size >= 2:")),
    _m("cn-largest-army-tie-takes", E, "largest-army.exceed",
       "an equal army takes the largest army card", "state_functions.py",
       ("previous_army_size < candidate_size", "previous_army_size <= candidate_size")),
    # -- production and set-up
    _m("cn-city-one-card", E, "production.yield", "a city produces 1 card", "state.py",
       ("intented_payout[building[0]][tile.resource] += 2",
        "intented_payout[building[0]][tile.resource] += 1")),
    _m("cn-first-settlement-produces", E, "setup.second-resources",
       "the first set-up settlement, not the second, gives the starting cards", "state.py",
       ("is_second_house = len(buildings) == 2", "is_second_house = len(buildings) == 1")),
    # -- harbours
    _m("cn-special-harbour-three", E, "trade.maritime", "a 2:1 harbour trades at 3:1",
       "models/actions.py", ("rates[resource] = 2", "rates[resource] = 3")),
    _m("cn-generic-harbour-four", E, "trade.maritime", "a 3:1 harbour trades at 4:1",
       "models/actions.py", ("rates = {WOOD: 3, BRICK: 3, SHEEP: 3, WHEAT: 3, ORE: 3}",
                             "rates = {WOOD: 4, BRICK: 4, SHEEP: 4, WHEAT: 4, ORE: 4}")),
    # -- development cards
    _m("cn-two-cards-a-turn", E, "development.one-per-turn",
       "more than one development card a turn", "state_functions.py",
       ("not state.player_state[f\"{key}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN\"]\n        and",
        "True\n        and")),
    _m("cn-knight-not-before-roll", E, "development.before-roll development.knight",
       "no knight before the roll", "models/actions.py",
       ("            actions = [Action(color, ActionType.ROLL, None)]\n"
        "            if player_can_play_dev(state, color, \"KNIGHT\"):",
        "            actions = [Action(color, ActionType.ROLL, None)]\n"
        "            if False:")),
    _m("cn-monopoly-one-each", E, "development.monopoly",
       "a monopoly takes one card from each player", "state.py",
       ("f\"{key}_{mono_resource}_IN_HAND\"\n                ]",
        "f\"{key}_{mono_resource}_IN_HAND\"\n                ] and 1")),
    _m("cn-plenty-distinct", E, "development.year-of-plenty",
       "a year of plenty takes two different resources", "models/actions.py",
       ("for j in range(i, len(RESOURCES)):", "for j in range(i + 1, len(RESOURCES)):")),
    _m("cn-road-building-one", E, "development.road-building",
       "the road building card builds 1 road", "state.py",
       ("state.free_roads_available = 2", "state.free_roads_available = 1")),
    _m("cn-victory-card-uncounted", E, "development.victory-point victory.ten",
       "a victory point card does not count", "state_functions.py",
       ("    if dev_card == VICTORY_POINT:\n        state.player_state",
        "    if False:\n        state.player_state")),
    _m("cn-deck-fifteen-knights", E, "components.development-deck",
       "15 knights in the development deck", "models/decks.py",
       ("[KNIGHT] * 14", "[KNIGHT] * 15")),
    # -- victory
    _m("cn-win-at-nine", E, "victory.ten", "a player wins at 9 points", "game.py",
       ("vps_to_win: int = 10,", "vps_to_win: int = 9,")),
    _m("cn-city-three-points", E, "build.city-upgrade", "a city is worth 3 points",
       "state_functions.py",
       ("CITIES_AVAILABLE\"] -= 1\n\n"
        "    state.player_state[f\"{key}_VICTORY_POINTS\"] += 1\n"
        "    state.player_state[f\"{key}_ACTUAL_VICTORY_POINTS\"] += 1\n",
        "CITIES_AVAILABLE\"] -= 1\n\n"
        "    state.player_state[f\"{key}_VICTORY_POINTS\"] += 2\n"
        "    state.player_state[f\"{key}_ACTUAL_VICTORY_POINTS\"] += 2\n")),
    # -- the catan model, driven against the unmodified catanatron
    _m("model-robber-produces", M, "production.robber", "the robber no longer blocks production",
       "model/catan/production.py",
       ("if row[0] != robber)", ")")),
    _m("model-city-one-card", M, "production.yield", "a city yields 1 card",
       "model/catan/production.py", ("if node_level[n] == 2:", "if node_level[n] == 3:")),
    _m("model-discard-above-eight", M, "seven.discard seven.discard-limit",
       "hands over 8 (not 7) discard", "model/catan/data.py",
       ("DISCARD_ABOVE: Final = 7", "DISCARD_ABOVE: Final = 8")),
    _m("model-discards-from-seat-0", M, "seven.discard", "discards asked from seat 0",
       "model/catan/seven.py", ("p = (state.turn + i) % n", "p = i % n")),
    _m("model-city-three-points", M, "build.city-upgrade", "a city is worth 3 points",
       "model/catan/victory.py",
       ("pl.settlements + 2 * pl.cities", "pl.settlements + 3 * pl.cities")),
    _m("model-own-settlement-breaks-road", M, "longest-road.break",
       "one's own settlement breaks one's road", "model/catan/longest_road.py",
       ("if not first and owner != -1 and owner != player:", "if not first and owner != -1:")),
    _m("model-settlement-no-grain", M, "build.settlement-cost",
       "a settlement costs no grain", "model/catan/data.py",
       ("SETTLEMENT_COST: Final = (1, 1, 1, 1, 0)", "SETTLEMENT_COST: Final = (1, 1, 1, 0, 0)")),
    _m("model-city-two-ore", M, "build.city-cost", "a city costs 2 ore", "model/catan/data.py",
       ("CITY_COST: Final = (0, 0, 0, 2, 3)", "CITY_COST: Final = (0, 0, 0, 2, 2)")),
    _m("model-longest-road-four", M, "longest-road.minimum longest-road.five",
       "the longest road card at 4 roads", "model/catan/data.py",
       ("LONGEST_ROAD_MIN: Final = 5", "LONGEST_ROAD_MIN: Final = 4")),
    _m("model-largest-army-two", M, "largest-army.minimum", "the largest army at 2 knights",
       "model/catan/data.py", ("LARGEST_ARMY_MIN: Final = 3", "LARGEST_ARMY_MIN: Final = 2")),
    _m("model-generic-harbour-four", M, "trade.maritime", "a 3:1 harbour trades at 4:1",
       "model/catan/data.py", ("GENERIC_RATE: Final = 3", "GENERIC_RATE: Final = 4")),
    _m("model-road-building-one", M, "development.road-building",
       "the road building card builds 1 road", "model/catan/data.py",
       ("FREE_ROADS: Final = 2", "FREE_ROADS: Final = 1")),
)


def catanatron_dir() -> Path:
    """The installed catanatron package (the ``[catanatron]`` extra)."""
    spec = importlib.util.find_spec("catanatron")
    if spec is None or spec.origin is None:
        raise SystemExit("catanatron is not installed: pip install -e '.[catanatron]'")
    return Path(spec.origin).parent


def apply(mutant: Mutant, package: Path) -> None:
    """Make the mutant's edits in ``package``'s copy of its file; each text searched must
    stand there exactly once (else the script stops: the mutant would be a no-op)."""
    path = package / mutant.path
    text = path.read_text(encoding="utf-8")
    for old, new in mutant.edits:
        count = text.count(old)
        if count != 1:
            raise SystemExit(f"{mutant.id}: {old!r} stands {count} times in {path}"
                             " (a changed release? the mutant must be rewritten)")
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def _env(pythonpath: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return env


def drive_one(seed: int, oracle_path: Path | None, engine_path: Path | None,
              policy: str = "uniform") -> dict[str, Any]:
    """One seeded game: the JSON report of ``oracle drive --games 1`` and its exit code.
    The engine runs with ``engine_path`` (a mutated catanatron) or the checkout first on its
    path; the oracle with ``oracle_path`` (a mutated model) or the checkout."""
    engine = ["env", f"PYTHONPATH={engine_path or SRC}", "PYTHONDONTWRITEBYTECODE=1",
              sys.executable, "-m", ADAPTER]
    cmd = [sys.executable, "-c", _CLI, "drive", "--game", "catan", "--games", "1",
           "--seed", str(seed), "--players", str(3 + seed % 2), "--policy", policy, "--json",
           "--known", str(KNOWN), "--", *engine]
    done = subprocess.run(cmd, cwd=ROOT, env=_env(oracle_path or SRC), capture_output=True,
                          text=True, check=False)
    try:
        report: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        report = {"error": (done.stderr or done.stdout)[-2000:]}
    report["exit"] = done.returncode
    return report


def _absorbed(report: dict[str, Any]) -> dict[str, int]:
    return {k: int(v) for k, v in report.get("absorbed", {}).items()}


def run(mutant: Mutant | None, games: int, baseline: dict[int, dict[str, int]],
        log: Any = None, policy: str = "uniform") -> dict[str, Any]:
    """Drive ``mutant`` (``None``: the unmodified engine) up to ``games`` games, stopping at
    the first failing one; the table's row."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="engine-mutant-") as tmp:
        oracle_path: Path | None = None
        engine_path: Path | None = None
        if mutant is not None and mutant.kind == E:
            engine_path = Path(tmp) / "engine"
            shutil.copytree(catanatron_dir(), engine_path / "catanatron",
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            apply(mutant, engine_path / "catanatron")
            engine_path = Path(os.pathsep.join((str(engine_path), str(SRC))))
        elif mutant is not None:
            shutil.copytree(SRC, Path(tmp) / "src",
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            apply(mutant, Path(tmp) / "src" / "rules_oracle")
            oracle_path = Path(tmp) / "src"
        row: dict[str, Any] = {"id": "unmodified" if mutant is None else mutant.id,
                               "kind": "-" if mutant is None else mutant.kind,
                               "what": "" if mutant is None else mutant.what,
                               "expected": [] if mutant is None else list(mutant.rules),
                               "caught": False, "games": 0, "divergence": None, "rules": [],
                               "named": False, "absorbed": {}, "exits": []}
        absorbed: dict[str, int] = {}
        per_seed: dict[int, dict[str, int]] = {}
        exercised: set[str] = set()
        for seed in range(games):
            report = drive_one(seed, oracle_path, engine_path, policy)
            row["games"] = seed + 1
            row["exits"].append(report["exit"])
            got = _absorbed(report)
            per_seed[seed] = got
            for ran in report.get("games", ()):
                exercised.update(ran.get("rules_exercised", {}).get("rules", ()))
            if log is not None:
                print(f"  {row['id']} seed {seed}: exit {report['exit']}"
                      f" {report.get('status', report.get('error', ''))!s:.300}",
                      file=log, flush=True)
            if report["exit"] != 0 and mutant is None:  # the unmodified engine: every game
                row["failed"] = [*row.get("failed", []), seed]
                continue
            if report["exit"] != 0:
                div = next((g["divergence"] for g in report.get("games", ())
                            if g.get("status") == "diverges"), None)
                if div is None:  # not a verdict: the oracle failed (bad input, a crash)
                    row["error"] = report.get("error", f"exit {report['exit']}")
                    break
                row["caught"] = True
                row["divergence"] = {k: div.get(k) for k in ("kind", "step", "message",
                                                              "rule")}
                row["rules"] = list(div.get("rules") or
                                    ([div["rule"]] if div.get("rule") else []))
                row["players"] = 3 + seed % 2
                row["named"] = bool(set(row["rules"]) & set(row["expected"]))
                break
            # what the known entries absorbed beyond the unmodified engine's same game
            for ident, count in got.items():
                more = count - baseline.get(seed, {}).get(ident, 0)
                if more > 0:
                    absorbed[ident] = absorbed.get(ident, 0) + more
        row["absorbed"] = absorbed
        row["per_seed"] = per_seed
        row["exercised"] = sorted(exercised)
        row["seconds"] = round(time.monotonic() - start, 1)
        return row


def _cell(row: dict[str, Any]) -> str:
    div = row["divergence"] or {}
    rules = ", ".join(f"`{r.removeprefix('catan/')}`" for r in row["rules"]) or "-"
    named = "yes" if row["named"] else "no"
    absorbed = ", ".join(f"`{k}` {v}x" for k, v in sorted(row["absorbed"].items())) or "-"
    caught = "yes" if row["caught"] else "error" if row.get("error") else "**no**"
    games = str(row["games"]) if row["caught"] else f"> {row['games']}"
    return (f"| `{row['id']}` | {row['what']} | {caught} | {games} | {div.get('kind', '-')} |"
            f" {rules} ({named}) | {absorbed} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mutant", action="append", default=[], help="a mutant id")
    parser.add_argument("--kind", choices=(E, M), help="only engine or only model mutants")
    parser.add_argument("--games", type=int, default=20, help="games per mutant at most")
    parser.add_argument("--policy", default="uniform", choices=("uniform", "eager", "steer"),
                        help="the drive's play policy")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip driving the unmodified engine first")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    parser.add_argument("--list", action="store_true", help="list the mutants and check"
                        " that every patch applies, without driving")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if (not args.mutant or m.id in args.mutant)
              and (args.kind is None or m.kind == args.kind)]
    unknown = set(args.mutant) - {m.id for m in MUTANTS}
    if unknown:
        raise SystemExit(f"unknown mutant(s): {', '.join(sorted(unknown))}")
    if args.list:
        with tempfile.TemporaryDirectory(prefix="engine-mutant-") as tmp:
            for m in chosen:
                origin = catanatron_dir() if m.kind == E else SRC / "rules_oracle"
                dest = Path(tmp) / m.id
                shutil.copytree(origin, dest, ignore=shutil.ignore_patterns("__pycache__"))
                apply(m, dest)
                print(f"{m.id} ({m.kind}): {m.what}; {', '.join(m.rules)}")
        return 0
    rows: list[dict[str, Any]] = []
    baseline: dict[int, dict[str, int]] = {}
    if not args.no_baseline:
        base = run(None, args.games, {}, sys.stderr, args.policy)
        baseline = base["per_seed"]
        rows.append(base)
        print(f"unmodified: exits {base['exits']}, {len(base['exercised'])} rules exercised"
              f" ({base['seconds']} s); failing seeds: {base.get('failed', [])}", flush=True)
    print("| mutant | bug | caught | games to catch | kind | rules named (the mutated one?) |"
          " absorbed beyond the unmodified engine |", flush=True)
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    for mutant in chosen:
        row = run(mutant, args.games, baseline, sys.stderr, args.policy)
        rows.append(row)
        if not args.json:
            print(_cell(row), flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    mutated = [r for r in rows if r["id"] != "unmodified"]
    for kind in (E, M):
        of = [r for r in mutated if r["kind"] == kind]
        if of:
            caught = [r for r in of if r["caught"]]
            named = [r for r in caught if r["named"]]
            print(f"{kind}: {len(caught)} of {len(of)} caught within {args.games} games,"
                  f" {len(named)} naming the mutated rule; missed:"
                  f" {', '.join(r['id'] for r in of if not r['caught']) or 'none'}",
                  file=sys.stderr)
    engine = [r for r in mutated if r["kind"] == E]
    model = [r for r in mutated if r["kind"] == M]
    failed = (any(e != 0 for r in rows if r["id"] == "unmodified" for e in r["exits"])
              or (engine and sum(r["caught"] for r in engine) < 0.95 * len(engine))
              or not all(r["caught"] for r in model))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
