"""``oracle campaign DIR``: a resumable campaign of seeded games through an engine, its
report grouped by signature, and each signature shrunk to a minimal replay (docs/cli.md)."""

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from rules_oracle.model.core.errors import ConfigError
from rules_oracle.model.core.play import ALL_POLICIES, POLICIES
from rules_oracle.oracle.aim import policies as aim_policies
from rules_oracle.oracle.cli import (
    BadInput,
    _broad_line,
    _config,
    _console,
    _emit_json,
    _ending_on_termination,
    _executor,
    _executor_options,
    _game,
    _html_report,
    _known,
    _known_entries,
    _print_absorbed,
    _variant,
)

#: the defaults of a new campaign's settings
DEFAULTS: dict[str, Any] = {"games": 100, "seed": 0, "players": None, "variant": (),
                            "policy": POLICIES[0], "timeout": 10.0, "probes": 2,
                            "strict_rules": False, "protocol": 2}


@contextmanager
def _bar(enabled: bool, total: int, already: int, diverging: int
         ) -> Iterator[Callable[[dict[str, Any]], None] | None]:
    """A progress bar on a terminal (games/s, divergences so far, time left); else nothing."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TextColumn("{task.fields[found]}"),
               TimeRemainingColumn())
    start = time.monotonic()
    counts = {"played": 0, "diverging": diverging}
    with Progress(*columns, console=_console(err=True), transient=True) as bar:
        task = bar.add_task("campaign", total=total, completed=already,
                            rate="", found=f"{diverging} diverging")

        def update(result: dict[str, Any]) -> None:
            counts["played"] += 1
            counts["diverging"] += result["status"] == "diverges"
            rate = counts["played"] / max(time.monotonic() - start, 1e-9)
            bar.update(task, advance=1, rate=f"{rate:.2f} games/s",
                       found=f"{counts['diverging']} diverging")

        yield update


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("directory", metavar="DIR")
@click.option("--game", "game_name", metavar="GAME", help="The game (required for a new DIR).")
@click.option("--games", "n", type=click.IntRange(min=1), default=None,
              help="Seeded games in the campaign (more than DIR holds: it is extended)"
                   "  [new DIR: 100]")
@click.option("--seed", "-s", type=int, default=None, help="First seed  [new DIR: 0]")
@click.option("--players", "-n", type=int, help="Player count (default: every count in turn).")
@click.option("--variant", "-v", multiple=True, metavar="OPTION=READING",
              help="A variant option (repeatable); others take their defaults.")
@click.option("--policy", type=click.Choice((*ALL_POLICIES, *aim_policies())), default=None,
              help="How the oracle chooses the players' actions (aim:NAME: toward a named"
                   " situation)  [new DIR: uniform]")
@click.option("--timeout", type=float, default=None, help="Seconds per reply  [new DIR: 10]")
@click.option("--probes", type=click.IntRange(min=0), default=None,
              help="Illegal actions sent per step  [new DIR: 2]")
@click.option("--strict-rules", is_flag=True, default=None,
              help="A rejection naming another rule id than the model's is a divergence.")
@click.option("--protocol", type=click.IntRange(1, 2), default=None,
              help="The protocol version sent with reset  [new DIR: 2]")
@click.option("--known", "known_file", metavar="FILE", help="Known deviations (JSON).")
@_executor_options("Games played at once  [default: every core]")
@click.option("--shrink/--no-shrink", default=True, show_default=True,
              help="Reduce each signature's first game to a minimal replay (DIR/replays).")
@click.option("--shrink-attempts", type=click.IntRange(min=1), default=200, show_default=True,
              help="Engine replays tried per signature at most.")
@click.option("--shrink-seconds", type=click.FloatRange(min=0.0), default=120.0,
              show_default=True, help="Seconds spent shrinking per signature at most.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report.")
@click.option("--html", "html_file", metavar="FILE",
              help="Also write the report as one self-contained HTML page (each signature's"
                   " first game drawn).")
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def campaign(directory: str, game_name: str | None, n: int | None, seed: int | None,
             players: int | None, variant: tuple[str, ...], policy: str | None,
             timeout: float | None, probes: int | None, strict_rules: bool | None,
             protocol: int | None, known_file: str | None, jobs: int | None,
             executor_kind: str, address: str | None, shrink: bool, shrink_attempts: int,
             shrink_seconds: float, quiet: bool, as_json: bool, html_file: str | None,
             command: tuple[str, ...]) -> int:
    """Drive many seeded games through an engine (-- CMD ...), one result per seed in DIR:
    run again, it resumes or extends; exit 0 if every game conforms or diverges only as
    known, 1 otherwise."""
    import json

    from rules_oracle.oracle import campaign as cmp
    from rules_oracle.oracle.drive import MAX_TIMEOUT, DriveError
    from rules_oracle.oracle.executor import ExecutorError

    folder = Path(directory)
    stored = None
    if (folder / cmp.CONFIG).exists():
        try:
            stored = cmp.Settings.from_json(json.loads((folder / cmp.CONFIG).read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise BadInput(f"{folder / cmp.CONFIG}: not a campaign's settings: {exc}") from None
    base = DEFAULTS if stored is None else stored.to_json()
    if command and command[0].startswith("-") and command[0] != "-":
        raise BadInput(f"unknown option {command[0]!r} (put the command after --)")
    if not command and stored is None:
        raise BadInput("no command given: oracle campaign DIR --game GAME [OPTIONS] -- CMD ...")
    name = game_name or (None if stored is None else stored.game)
    if name is None:
        raise BadInput("no game given: oracle campaign DIR --game GAME [OPTIONS] -- CMD ...")
    game = _game(name)
    chosen = tuple(sorted(_variant(variant).items())) if variant else tuple(
        sorted(dict(base["variant"]).items()))
    count = players if players is not None else base["players"]
    try:
        game.config(count or game.min_players, dict(chosen))
    except ConfigError as exc:
        raise BadInput(str(exc)) from None
    if count is not None:
        _config(game, count, [f"{k}={v}" for k, v in chosen])
    wait = timeout if timeout is not None else float(base["timeout"])
    if not 0 < wait <= MAX_TIMEOUT:
        raise BadInput(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds,"
                       f" not {wait:g}")
    known = _known(known_file)
    known_path = known_file if known_file is not None else base.get("known")
    if known_file is None and known_path is not None:
        known = _known(known_path)
    asked = cmp.Settings(
        tuple(command) if command else tuple(base["command"]), game.name,
        n if n is not None else int(base["games"]),
        seed if seed is not None else int(base["seed"]), count, chosen,
        policy or base["policy"], wait, probes if probes is not None else int(base["probes"]),
        bool(strict_rules) if strict_rules is not None else bool(base["strict_rules"]),
        protocol if protocol is not None else int(base["protocol"]), known_path,
        None if known_path is None else cmp.file_digest(known_path))
    try:
        settings = cmp.prepare(folder, asked)
    except (cmp.CampaignError, OSError) as exc:
        raise BadInput(str(exc)) from None
    before = cmp.load_results(folder, settings)
    on = _executor(executor_kind, jobs, address)
    start = time.perf_counter()
    try:
        with _ending_on_termination(), _bar(not quiet and not as_json, settings.games,
                                            len(before),
                                            sum(r["status"] == "diverges" for r in before)
                                            ) as progress:
            results = cmp.run(folder, settings, on, known, progress)
    except (DriveError, ExecutorError) as exc:
        raise BadInput(str(exc)) from None
    summary = cmp.summarize(results)
    replays: list[dict[str, Any]] = []
    if shrink and (summary.groups or summary.absorbed):  # entries play continued after too
        from rules_oracle.oracle import shrink as shr

        replays = shr.shrink_campaign(folder, settings, summary, known, shrink_attempts,
                                      shrink_seconds)
    seconds = time.perf_counter() - start
    mine = [d for d in known if d.game == game.name]
    absorbed = dict(summary.absorbed)
    out = {"directory": str(folder), **summary.to_json(),
           "played": len(results) - len(before), "replays": replays,
           "settings": settings.to_json(),
           "stale": [d.id for d in mine if d.id not in absorbed],
           "broad": [d.id for d in mine if d.broad],
           "first_games": [dict(g.first) for g in summary.groups], **_known_entries(mine)}
    _html_report(html_file, out)
    if as_json:
        _emit_json(out)
    else:
        _print_summary(folder, settings, summary, len(results) - len(before), seconds,
                       replays, out["stale"], [_broad_line(d) for d in mine if d.broad])
    return 0 if summary.passes else 1


def _print_summary(folder: Path, settings: Any, summary: Any, played: int, seconds: float,
                   replays: list[dict[str, Any]], stale: list[str],
                   broad: list[str]) -> None:
    console = _console()
    style = {"conforms": "green", "known": "yellow", "diverges": "bold red"}[summary.status]
    console.print(Text(f"campaign {folder}: {settings.game}, {summary.games} games (seeds"
                       f" {settings.seed}-{settings.seed + settings.games - 1}; {played}"
                       f" played now, {seconds:.1f} s): {summary.conforming} conform,"
                       f" {summary.known} known, {summary.diverging} diverge", style=style))
    if summary.groups:
        table = Table("count", "divergences", "first seed", "kind", "rules", "known",
                      "minimal replay")
        by_sig = {(r["kind"], tuple(r["rules"]), r["known"]): r for r in replays}
        for g in summary.groups:
            kind, rules, _ = g.signature
            replay = by_sig.get(g.signature)
            shown = "" if replay is None else (f"{replay['steps']} steps (from"
                                               f" {replay['original_steps']}): {replay['file']}")
            table.add_row(str(g.count), str(g.divergences), str(g.first_seed), kind,
                          ", ".join(rules) or "-", g.known_shown(), shown)
        console.print(table)
    _print_absorbed(console, dict(summary.absorbed), stale)
    for line in broad:
        console.print(Text(line, style="yellow"))
    console.print(Text(f"verdict: {summary.status}", style=style))
