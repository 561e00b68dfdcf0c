"""Model mutants: single-rule bugs applied one at a time to a temporary copy of the
repository, each checked by ``oracle verify GAME --games N`` (and, with ``--tests``, by
the game's model tests and the stated-constants test, stopping at the first failure), to
show which obligation kills it and how long that took.

A mutant is an exact source edit (the text to replace must stand once in its file). The
copy is made per mutant in a temporary folder and put first on ``PYTHONPATH``, so the
installed package and the checkout are left alone. Not a test: it takes minutes per
mutant; the table it prints is kept in docs/verification.md.

    python ci/mutants.py [GAME ...] [--mutant ID ...] [--games N] [--tests] [--json]
                         [--z3-cache DIR]

With ``--z3-cache DIR`` the Z3 obligations' results are kept in DIR and reused by a later
mutant whose encoding builds the same terms: a model mutant leaves the encoding alone, and
a query's verdict is fixed by its terms (Z3's work is counted in resource units, not
seconds), so only properties, observations and faithfulness run again, and every bound is
still checked against the mutant's play. The key is the game, the obligation and a hash of
every term the encoding gives at that player count (I, its parts and cases, terminal, each
kind's domain, guard and update, the bound cases and scope, the completeness witnesses);
a mutant of anything the terms read (a constant the encoding takes from the model's data)
changes the hash and runs the proofs afresh.
"""

import argparse
import functools
import hashlib
import json
import os
import pickle
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
           "if row[0] != robber)", ")"),
    Mutant("catan-city-one-card", "catan", "catan/production.yield",
           "a city yields 1 card, as a settlement", "model/catan/production.py",
           "if node_level[n] == 2:", "if node_level[n] == 3:"),
    Mutant("catan-discard-above-eight", "catan", "catan/seven.discard",
           "a 7 makes hands over 8 (not 7) discard", "model/catan/data.py",
           "DISCARD_ABOVE: Final = 7", "DISCARD_ABOVE: Final = 8"),
    Mutant("caylus-night-worker-inverted", "caylus", "caylus/character.night-worker",
           "the night worker's cost exemption inverted", "model/caylus/character.py",
           "holder(state, D.NIGHT_WORKER) == seat", "holder(state, D.NIGHT_WORKER) != seat"),
    Mutant("caylus-owner-bonus-own-worker", "caylus", "caylus/building.owner-bonus",
           "the owner's bonus paid also with his own worker on the building",
           "model/caylus/building.py",
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
           "a city scores 1 point instead of 2", "model/catan_cards/score.py",
           "return (pl.settlements + 2 * pl.cities", "return (pl.settlements + 1 * pl.cities"),
    Mutant("cards-two-exchanges-without-roads", "catan_cards", "catan_cards/trade.no-roads",
           "two exchanges a turn without an A-side road", "model/catan_cards/trade.py",
           "return max(1, a_side(pl.roads))", "return max(2, a_side(pl.roads))"),
    Mutant("cards-production-draws-one", "catan_cards", "catan_cards/production.draw",
           "production draws 1 card instead of 2", "model/catan_cards/data.py",
           "PRODUCTION: Final = 2", "PRODUCTION: Final = 1"),
    Mutant("catan-army-tie-takes", "catan", "catan/largest-army.exceed",
           "a knight count equal to the holder's takes the largest army",
           "model/catan/largest_army.py",
           "if holder < 0 or knights[player] > knights[holder]:",
           "if holder < 0 or knights[player] >= knights[holder]:"),
    Mutant("catan-longest-road-four", "catan", "catan/longest-road.minimum",
           "a road of 4 takes the longest road", "model/catan/longest_road.py",
           "if best < D.LONGEST_ROAD_MIN:", "if best < D.LONGEST_ROAD_MIN - 1:"),
    Mutant("catan-plenty-one-card", "catan", "catan/development.year-of-plenty",
           "the Year of Plenty gives only its first card", "model/catan/development.py",
           "for r in (action.first, action.second):", "for r in (action.first,):"),
    Mutant("catan-road-building-three", "catan", "catan/development.road-building",
           "Road Building gives 3 free roads", "model/catan/development.py",
           "free = min(D.FREE_ROADS, D.ROADS - state.players[p].roads)",
           "free = min(D.FREE_ROADS + 1, D.ROADS - state.players[p].roads)"),
    Mutant("caylus-foreman-no-bonus", "caylus", "caylus/character.foreman",
           "the foreman's holder gets no extra PP for a bundle", "model/caylus/delivery.py",
           "pp = D.BUNDLE_PP + character.foreman_pp(state, seat)",
           "pp = D.BUNDLE_PP"),
    Mutant("caylus-garden-one-worker", "caylus", "caylus/stewardship.recruitment",
           "a garden recruits 1 worker instead of 2", "model/caylus/stewardship.py",
           "workers += D.GARDEN_WORKERS", "workers += 1"),
    Mutant("caylus-gold-three-points", "caylus", "caylus/end.gold",
           "a gold cube left at the end scores 3 PP instead of 2", "model/caylus/end.py",
           "D.GOLD_PP * pl.resources[D.GOLD]", "(D.GOLD_PP + 1) * pl.resources[D.GOLD]"),
    Mutant("caylus-architect-no-bonus", "caylus", "caylus/character.architect",
           "the architect's holder gets no extra PP for a prestige building",
           "model/caylus/stewardship.py",
           "pp = D.PRESTIGE_POINTS[k] + character.architect_pp(state, seat)",
           "pp = D.PRESTIGE_POINTS[k]"),
    Mutant("crafts-theft-one-coin-less", "crafts", "crafts/card.theft",
           "a theft costs a coin less than the resource's level", "model/crafts/card.py",
           "coins=bump(s.coins, i, -level), bank=s.bank + level,",
           "coins=bump(s.coins, i, 1 - level), bank=s.bank + level - 1,"),
    Mutant("crafts-mage-draws-four", "crafts", "crafts/card.mage-draw",
           "the Mage Tower draws 4 cards instead of 5", "model/crafts/card.py",
           "owed=bump(s.owed, i, D.MAGE_DRAW)", "owed=bump(s.owed, i, D.MAGE_DRAW - 1)"),
    Mutant("crafts-convert-five-coins", "crafts", "crafts/final.convert",
           "the final conversion takes 5 coins a point instead of 4", "model/crafts/final.py",
           "return coins // D.COINS_PER_POINT", "return coins // (D.COINS_PER_POINT + 1)"),
    Mutant("crafts-sell-at-buy-price", "crafts", "crafts/trade.prices",
           "a sale pays the purchase price", "model/crafts/ops.py",
           "gain_coins(s, i, p.sell[r], p)", "gain_coins(s, i, p.buy[r], p)"),
    Mutant("crafts-second-exchange-free", "crafts", "crafts/market.extra-cost",
           "a second market exchange is free as well", "model/crafts/market.py",
           "if s.exchanges[i]:  # RB.MARKET_FREE_FIRST: only the first is free",
           "if s.exchanges[i] > 1:  # RB.MARKET_FREE_FIRST: only the first is free"),
    Mutant("burgundy-sell-no-silver", "burgundy", "burgundy/action.sell",
           "selling goods gives no silver", "model/burgundy/knowledge.py",
           "sell_silver=2 if 3 in has else 1,", "sell_silver=2 if 3 in has else 0,"),
    Mutant("burgundy-workers-three", "burgundy", "burgundy/action.take-workers",
           "taking workers gives 3 instead of 2", "model/burgundy/knowledge.py",
           "take_workers=4 if 14 in has else 2,", "take_workers=4 if 14 in has else 3,"),
    Mutant("burgundy-buy-three-silver", "burgundy", "burgundy/action.buy-black",
           "a purchase from the black depot costs 3 silver", "model/burgundy/action.py",
           "state = set_player(state, p, evolve(pl, silver=pl.silver - 2))",
           "state = set_player(state, p, evolve(pl, silver=pl.silver - 3))"),
    Mutant("burgundy-boarding-house-three", "burgundy", "burgundy/building.boarding-house",
           "the boarding house gives 3 workers instead of 4", "model/burgundy/building.py",
           "evolve(pl, workers=pl.workers + 4)", "evolve(pl, workers=pl.workers + 3)"),
    Mutant("burgundy-phase-bonus-next", "burgundy", "burgundy/area.complete",
           "a completed area scores the next phase's bonus", "model/burgundy/area.py",
           "return D.AREA_VP[size] + D.PHASE_VP[phase] if size else 0",
           "return D.AREA_VP[size] + D.PHASE_VP[min(phase + 1, D.PHASES - 1)] if size else 0"),
    Mutant("burgundy-mines-no-silver", "burgundy", "burgundy/phase.end-mines",
           "mines pay no silver at a phase's end", "model/burgundy/phase.py",
           "silver=pl.silver + mines,", "silver=pl.silver,"),
    Mutant("burgundy-second-bonus-large", "burgundy", "burgundy/colour.second",
           "the second player to fill a colour takes the large bonus too",
           "model/burgundy/colour.py",
           "vp = pl.vp + (D.LARGE_BONUS[n] if taken == 0 else D.SMALL_BONUS[n])",
           "vp = pl.vp + (D.LARGE_BONUS[n] if taken <= 1 else D.SMALL_BONUS[n])"),
    Mutant("ck-barbarian-tie-lost", "cities_knights", "cities_knights/barbarians.tie",
           "a tie between knights and cities loses to the barbarians",
           "model/cities_knights/barbarians.py", "if defence >= cities:", "if defence > cities:"),
    Mutant("ck-seven-walls-ignored", "cities_knights", "cities_knights/wall.discard-limit",
           "city walls no longer raise the hand limit on a 7", "model/cities_knights/wall.py",
           "BD.DISCARD_ABOVE + D.WALL_LIMIT_BONUS", "BD.DISCARD_ABOVE + 0 * D.WALL_LIMIT_BONUS"),
    Mutant("ck-fourth-wall", "cities_knights", "cities_knights/wall.limit",
           "a fourth city wall may be built", "model/cities_knights/wall.py",
           "if state.players[p].walls >= D.WALLS:", "if state.players[p].walls > D.WALLS:"),
    Mutant("ck-strongest-loses", "cities_knights", "cities_knights/barbarians.loss",
           "the player with the most knight strength loses a city",
           "model/cities_knights/barbarians.py",
           "low = min(contrib[p] for p in eligible)", "low = max(contrib[p] for p in eligible)"),
    Mutant("ck-wall-kept-on-loss", "cities_knights", "cities_knights/wall.lost",
           "a reduced city's wall stays with the player's count",
           "model/cities_knights/barbarians.py",
           "pl = evolve(pl, cities=pl.cities - 1, walls=pl.walls - wall)",
           "pl = evolve(pl, cities=pl.cities - 1, walls=pl.walls)"),
    Mutant("ck-aqueduct-level-four", "cities_knights", "cities_knights/improvement.aqueduct",
           "the aqueduct works only from science level 4",
           "model/cities_knights/improvement.py",
           "if state.players[p].levels[D.SCIENCE] >= D.ABILITY_LEVEL and nothing[p])",
           "if state.players[p].levels[D.SCIENCE] > D.ABILITY_LEVEL and nothing[p])"),
    Mutant("ck-aqueduct-owed-level-four", "cities_knights",
           "cities_knights/improvement.aqueduct",
           "under aqueduct=owed the aqueduct works only from science level 4",
           "model/cities_knights/production.py",
           "nothing = tuple(not any(got[p]) for p in range(n))",
           "nothing = tuple(not any(got[p]) and state.players[p].levels[D.SCIENCE]"
           " > D.ABILITY_LEVEL for p in range(n))"),
    Mutant("ck-forest-city-no-paper", "cities_knights", "cities_knights/production.commodity",
           "a city on forest takes a second lumber, not paper", "model/cities_knights/data.py",
           "CITY_COMMODITY: Final = (PAPER, -1, CLOTH, -1, COIN, -1)",
           "CITY_COMMODITY: Final = (-1, -1, CLOTH, -1, COIN, -1)"),
    Mutant("ck-metropolis-one-point", "cities_knights", "cities_knights/victory.points",
           "a metropolis adds 1 point instead of 2", "model/cities_knights/victory.py",
           "D.METROPOLIS_VP * metropolises(state, p)", "1 * metropolises(state, p)"),
    Mutant("cards-raid-above-eight", "catan_cards", "catan_cards/event.robber-raid",
           "a robber raid takes half of hands over 8 (not 7)", "model/catan_cards/event.py",
           "sum(pl.hand) > D.RAID_LIMIT else 0", "sum(pl.hand) > D.RAID_LIMIT + 1 else 0"),
    Mutant("cards-four-point-building-three", "catan_cards", "catan_cards/score.building",
           "every building scores 3 points, the four-point one too",
           "model/catan_cards/score.py",
           "sum(D.BUILDING_VP[k] * n for k, n in enumerate(pl.buildings))",
           "sum(3 * n for k, n in enumerate(pl.buildings))"),
    Mutant("cards-citadel-protects-two", "catan_cards", "catan_cards/take.citadel",
           "the citadel protects 2 roads instead of 3", "model/catan_cards/take.py",
           "return pl.roads > (D.CITADEL_ROADS if pl.buildings[D.CITADEL] else 0)",
           "return pl.roads > (D.CITADEL_ROADS - 1 if pl.buildings[D.CITADEL] else 0)"),
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


def terms_hash(encoding: Any, players: int) -> str:
    """A hash of every Z3 term ``encoding`` gives at ``players`` (Z3's structural hashes)."""
    from rules_oracle.solver import provers

    f = provers.frame(encoding, players)
    h = hashlib.sha256()

    def add(*items: Any) -> None:
        for x in items:
            h.update(str(x.hash() if hasattr(x, "hash") and hasattr(x, "sexpr") else x).encode())
            h.update(b"|")

    def cases(found: Any) -> None:
        for c in found or ():
            add(c.label, c.case)
            cases(c.within)

    add(f.whole, *f.cases, encoding.terminal(f.pre, players), encoding.bound_steps,
        encoding.monotone_scores, *encoding.score_vars(players))
    for name in sorted(f.parts):
        add(name, f.parts[name])
    for kind in f.kinds:
        step = f.step(kind)
        add(kind.name, kind.params, kind.rules, step.domain, step.guard)
        for var in sorted(step.post):
            add(var, step.post[var])
        cases(encoding.bound_cases(f.pre, players, kind.name))
    scope = encoding.bound_scope(f.pre, players)
    if scope is not None:
        add(scope[0], scope[1])
    for name, params in encoding.completeness_witnesses(f.pre, players):
        add(name, *(f"{k}={v.hash() if hasattr(v, 'hash') else v}"
                    for k, v in sorted(params.items())))
    return h.hexdigest()[:24]


def cached_verify(game: str, games: int, cache: Path) -> int:
    """``oracle verify GAME --games N --json --jobs 1`` with the Z3 obligations' results
    kept in ``cache`` by game, obligation and terms hash (see the module's docstring)."""
    import attrs

    from rules_oracle.oracle import cli, verify

    plain = verify._z3_tasks
    hashes: dict[int, str] = {}

    def reuse(task: Any, encoding: Any, players: int) -> Any:
        if players not in hashes:
            hashes[players] = terms_hash(encoding, players)
        key = hashlib.sha256(f"{game}|{task.name}|{hashes[players]}".encode()).hexdigest()
        path = cache / f"{key}.pickle"
        if path.exists():
            return pickle.loads(path.read_bytes())
        result = task.work()
        path.write_bytes(pickle.dumps(result))
        return result

    def tasks(model: Any, encoding: Any, *args: Any) -> Any:
        found, assemble = plain(model, encoding, *args)
        out = []
        for task in found:
            players = int(task.share.rsplit("/p", 1)[1]) if "/p" in task.share else 0
            if task.kind == "faithfulness" or not players:
                out.append(task)
            else:
                out.append(attrs.evolve(task, work=functools.partial(reuse, task, encoding,
                                                                     players)))
        return out, assemble

    verify._z3_tasks = tasks  # type: ignore[assignment]
    cache.mkdir(parents=True, exist_ok=True)
    sys.argv = ["oracle", "verify", game, "--games", str(games), "--json", "--jobs", "1"]
    try:
        cli.main()
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def check(mutant: Mutant, games: int, tests: bool, z3_cache: Path | None = None
          ) -> dict[str, Any]:
    """Verify (and test) one mutant on a fresh copy; what killed it and how long it took."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        _copy(root)
        apply(mutant, root)
        if z3_cache is None:
            cmd = [sys.executable, "-c", _CLI, "verify", mutant.game, "--games", str(games),
                   "--json", "--jobs", "1"]
        else:
            cmd = [sys.executable, str(Path(__file__).resolve()), "--cached-verify",
                   mutant.game, "--games", str(games), "--z3-cache", str(z3_cache)]
        code, out, seconds = _run(cmd, root)
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
    parser.add_argument("--z3-cache", type=Path, default=None,
                        help="keep and reuse the Z3 obligations' results in this folder")
    parser.add_argument("--cached-verify", metavar="GAME", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cached_verify:
        assert args.z3_cache is not None, "--cached-verify needs --z3-cache"
        return cached_verify(args.cached_verify, args.games, args.z3_cache)
    chosen = [m for m in MUTANTS if (not args.game or m.game in args.game)
              and (not args.mutant or m.id in args.mutant)]
    rows = []
    for mutant in chosen:
        row = check(mutant, args.games, args.tests, args.z3_cache)
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
