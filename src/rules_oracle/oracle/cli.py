"""The ``oracle`` command line (usage in docs/cli.md).

Exit codes: 0 success or conformance; 1 a nonconforming trace or a failed
verification; 2 bad input (unknown game, bad player count or variant, missing
or malformed file), always with a one-line ``error: ...`` on stderr and no
traceback.
"""

import ast
import contextlib
import importlib
import io
import json
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, cast

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import canonical_text
from rules_oracle.model.core.errors import ConfigError
from rules_oracle.model.core.game import PUBLIC, Config, Game, Viewer
from rules_oracle.model.core.play import ALL_POLICIES, POLICIES
from rules_oracle.model.core.rules import DIRECTED
from rules_oracle.oracle.aim import policies as aim_policies
from rules_oracle.oracle.check import Report, TraceError, check_file
from rules_oracle.oracle.diff import clip, show
from rules_oracle.oracle.reading import InputError, read_file
from rules_oracle.oracle.report import option_text
from rules_oracle.oracle.trace import write_trace

#: the largest test file ``rules --coverage`` scans (bytes)
MAX_SOURCE = 16 * 1024 * 1024
#: the longest value shown in a text report (JSON reports give values whole)
SHOWN = 200
#: statuses that count as success, and the ones that are neither success nor failure
SUCCESS = frozenset({"passed", "proved"})
NEUTRAL = frozenset({"unknown", "skipped"})
#: what the detail of a bound proved under its encoding's stated scope says (solver.provers)
#: the marks of a bound row proved under a scope only (the rest unbounded, or not settled)
SCOPED = ("(not attempted)", "(not settled)")
#: seconds between progress lines when standard error is not a terminal
LOG_EVERY = 10.0


class BadInput(click.ClickException):
    """Bad input: exit 2 with a one-line message."""

    exit_code = 2


class _Stdout(io.TextIOBase):
    """Standard output as every command writes it.

    A character the stream cannot encode (a lone surrogate from a file name)
    is written as a backslash escape rather than failing the write; a write
    that fails (``/dev/full``, a closed pipe) or a closed standard output
    becomes :class:`BadInput` naming it, and the rest of the output is
    dropped (so nothing fails again when Python flushes at exit).
    """

    def _stream(self) -> Any:
        stream = sys.stdout
        if stream is None:
            raise BadInput("cannot write to standard output: it is closed")
        return stream

    def write(self, text: str) -> int:
        stream = self._stream()
        encoding = getattr(stream, "encoding", None) or "utf-8"
        safe = text.encode(encoding, "backslashreplace").decode(encoding)
        try:
            stream.write(safe)
        except OSError as exc:
            raise self._failed(stream, exc) from None
        return len(text)

    def flush(self) -> None:
        stream = sys.stdout
        if stream is None:
            return
        try:
            stream.flush()
        except OSError as exc:
            raise self._failed(stream, exc) from None

    def isatty(self) -> bool:
        stream = sys.stdout
        return stream is not None and stream.isatty()

    @staticmethod
    def _failed(stream: Any, exc: OSError) -> BadInput:
        with contextlib.suppress(Exception):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)
        return BadInput(f"cannot write to standard output: {exc.strerror or exc}")


_STDOUT = cast(IO[str], _Stdout())


class OracleGroup(click.Group):
    """A group whose errors are one line on stderr, never a traceback or a usage dump."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False,
                             windows_expand_args=windows_expand_args, **extra)
            _STDOUT.flush()  # a failing output is reported here, not at interpreter exit
        except click.ClickException as exc:
            message = " ".join(exc.format_message().split())
            click.echo(f"error: {message}", err=True)
            code = exc.exit_code
        except click.Abort:
            click.echo("error: aborted", err=True)
            code = 1
        else:
            code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _console(err: bool = False) -> Console:
    stream: Any = sys.stderr if err else _STDOUT
    width = None if stream.isatty() else int(os.environ.get("COLUMNS", "160"))
    return Console(file=stream, markup=False, highlight=False, emoji=False, width=width)


def _game(name: str) -> Game[Any, Any]:
    try:
        return registry.get(name)
    except KeyError as exc:
        raise BadInput(str(exc.args[0]) if exc.args else str(exc)) from None
    except Exception as exc:
        raise BadInput(f"cannot load game {name!r}: {exc}") from None


def _targets(name: str | None) -> list[Game[Any, Any]]:
    if name is None or name == "all":
        names = registry.names()
        if not names:
            raise BadInput("no games are registered")
        return [_game(n) for n in names]
    return [_game(name)]


def _variant(pairs: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        option, sep, reading = pair.partition("=")
        if not sep or not option or not reading:
            raise BadInput(f"--variant expects option=reading, got {pair!r}")
        if option in out:
            raise BadInput(f"--variant {option} given twice")
        out[option] = reading
    return out


def _config(game: Game[Any, Any], players: int | None, variant: Sequence[str]) -> Config:
    try:
        return game.config(game.min_players if players is None else players, _variant(variant))
    except ConfigError as exc:
        raise BadInput(str(exc)) from None


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False), file=_STDOUT)


def _cell(value: object) -> Text:
    return Text(str(value))


_STATUS_STYLE = {"passed": "green", "proved": "green", "conforms": "green",
                 "unknown": "yellow", "skipped": "yellow"}


def _status(status: str) -> Text:
    return Text(status, style=_STATUS_STYLE.get(status, "bold red"))


@click.group(cls=OracleGroup)
@click.version_option(package_name="rules-oracle", prog_name="oracle")
def main() -> None:
    """Reference rules oracle: game models, their verification, and trace conformance."""


# -- games ---------------------------------------------------------------------------


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def games(as_json: bool) -> int:
    """The registered games."""
    rows = []
    broken = 0
    for name in registry.names():
        try:
            g = registry.get(name)
        except Exception as exc:
            click.echo(f"warning: cannot load game {name!r}: {exc}", err=True)
            broken += 1
            continue
        rows.append({
            "name": g.name, "title": g.title, "min_players": g.min_players,
            "max_players": g.max_players, "rules": len(g.rules),
            "ambiguities": len(g.rules.ambiguities), "options": len(g.rules.options()),
        })
    if as_json:
        _emit_json(rows)
        return 1 if broken else 0
    table = Table("name", "title", "players", "rules", "ambiguities", "variant options")
    for r in rows:
        table.add_row(_cell(r["name"]), _cell(r["title"]),
                      _cell(f"{r['min_players']}-{r['max_players']}"), _cell(r["rules"]),
                      _cell(r["ambiguities"]), _cell(r["options"]))
    _console().print(table)
    return 1 if broken else 0


# -- play and check ---------------------------------------------------------------------


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--players", "-n", type=int, help="Player count (default: the fewest allowed).")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--out", "-o", default="-", show_default=True, help="Trace file; - for stdout.")
@click.option("--variant", "-v", multiple=True, metavar="OPTION=READING",
              help="A variant option (repeatable); others take their defaults.")
@click.option("--states", is_flag=True, help="Write the full state with every step.")
@click.option("--policy", type=click.Choice(ALL_POLICIES), default=POLICIES[0],
              show_default=True, help="How players choose: uniformly, eagerly (favouring deep"
              " play), or steering towards rules the game has not shown yet.")
@click.option("--observations", metavar="VIEWER",
              help="Write a version 2 trace whose steps carry what VIEWER (public or a"
                   " seat) sees after them, in place of digests.")
def play(game_name: str, players: int | None, seed: int, out: str, variant: tuple[str, ...],
         states: bool, policy: str, observations: str | None) -> int:
    """Play a seeded random game and write it as a trace."""
    game = _game(game_name)
    config = _config(game, players, variant)
    viewer = None if observations is None else _viewer(observations, config.players)
    if out == "-":
        lines = write_trace(_STDOUT, game, config, seed, states=states, policy=policy,
                            observations=viewer)
    else:
        try:
            with open(out, "w", encoding="utf-8", newline="\n") as handle:
                lines = write_trace(handle, game, config, seed, states=states, policy=policy,
                                    observations=viewer)
        except OSError as exc:
            raise BadInput(f"cannot write {out}: {exc.strerror or exc}") from None
        click.echo(f"wrote {out}: {game.name}, {config.players} players, seed {seed},"
                   f" {lines - 2} steps", err=True)
    return 0


def _viewer(text: str, players: int) -> Viewer:
    """The viewer ``--observations`` names: ``public`` or a seat 0 to ``players - 1``."""
    if text == PUBLIC:
        return PUBLIC
    if text.isascii() and text.isdigit() and int(text) < players:
        return int(text)
    raise BadInput(f"--observations: expected public or a seat 0-{players - 1},"
                   f" got {clip(repr(text), 40)}")


def _print_report(path: str, report: Report, known: Sequence[Any] = (),
                  require_full: bool = False) -> None:
    console = _console()
    head = f"{path}: {report.game}, {report.players} players"
    for w in report.warnings:
        console.print(Text(f"warning: {w}", style="yellow"))
    by_id = {d.id: d for d in known}
    for met in report.divergences:
        for ident in met.entries:
            deviation = by_id[ident]
            together = " (with " + ", ".join(i for i in met.entries if i != ident) + ")" if (
                met.also) else ""
            console.print(Text(f"known deviation {deviation.id} ({deviation.cls},"
                               f" {deviation.rule}) at step {met.step}: {met.kind}:"
                               f" {met.message}{together}", style="yellow"))
            console.print(Text(f"  why: {deviation.shown}"))
    absorbed = report.absorbed()
    if absorbed:
        console.print(Text("known deviations met: " + ", ".join(
            f"{ident} {count}x" for ident, count in absorbed.items()), style="yellow"))
    for ident in report.broad:
        console.print(Text(_broad_line(by_id[ident]), style="yellow"))
    if known:
        console.print(Text("stale known deviations (absorbed nothing here): "
                           + (", ".join(report.stale) or "none")))
    div = report.divergence
    if div is None:
        state = "finished" if report.finished else "unfinished"
        verdict = "conforms" if report.conforms else "conforms but for known deviations"
        if report.partial:
            verdict += f" (partial: {'; '.join(report.partial)})"
        console.print(Text(f"{head}: {verdict} ({report.steps} steps, game {state}, rules"
                           f" exercised {len(report.exercised)} of {report.rules_total})",
                           style="yellow" if report.partial else "green"))
        if require_full and report.partial:
            console.print(Text("--require-full: not everything was compared", style="bold red"))
        return
    console.print(Text(f"{head}: diverges at step {div.step}: {div.kind} (rules exercised"
                       f" before it {len(report.exercised)} of {report.rules_total})",
                       style="bold red"))
    table = Table(show_header=False, box=None)
    table.add_row(_cell("where"), _cell(f"step {div.step}"
                                        + ("" if div.line is None else f", line {div.line}")))
    table.add_row(_cell("what"), _cell(div.message))
    if div.action is not None:
        table.add_row(_cell("action"), _cell(show(div.action, SHOWN)))
    if div.rule is not None:
        table.add_row(_cell("rule"), _cell(div.rule))
        if div.citation is not None:
            table.add_row(_cell("text"), _cell(div.citation))
    if div.rules and div.rules != (div.rule,):
        table.add_row(_cell("rules at stake"), _cell(", ".join(div.rules)))
    if div.kind in ("actor", "digest", "setup-digest", "truncated", "early-end", "after-end"):
        table.add_row(_cell("expected"), _cell(show(div.expected, SHOWN)))
        table.add_row(_cell("got"), _cell(show(div.got, SHOWN)))
    console.print(table)
    if div.diffs:
        diff = Table("field", "expected (model)", "got (trace)", "note")
        for d in div.diffs:
            diff.add_row(_cell(d.path), _cell(show(d.expected, SHOWN)), _cell(show(d.got, SHOWN)),
                         _cell(d.note))
        console.print(diff)
    for line in report.conforms_under().splitlines()[1:]:
        console.print(Text(line, style="yellow"))


# -- where work runs --------------------------------------------------------------------


def _executor_options(jobs_help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--jobs``, ``--executor`` and ``--address`` (oracle.executor)."""
    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        func = click.option("--address", metavar="ADDR", default=None,
                            help="The Ray cluster's address (with --executor ray; default:"
                                 " a local cluster started for the run).")(func)
        func = click.option("--executor", "executor_kind", type=click.Choice(["local", "ray"]),
                            default="local", show_default=True,
                            help="Where the work runs: local processes, or a Ray cluster"
                                 " (the ray extra).")(func)
        return click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                            help=jobs_help)(func)
    return decorate


def _executor(kind: str, jobs: int | None, address: str | None) -> Any:
    """The executor the options name; bad input when they do not fit."""
    from rules_oracle.oracle.executor import ExecutorError, executor

    try:
        return executor(kind, jobs, address)
    except ExecutorError as exc:
        raise BadInput(str(exc)) from None


def _trace_files(pattern: str) -> list[str] | None:
    """The trace files a directory (its ``*.jsonl``, recursively) or a glob names, sorted;
    ``None`` for one file."""
    import glob

    if os.path.isdir(pattern):
        return sorted(str(p) for p in Path(pattern).rglob("*.jsonl") if p.is_file())
    if glob.has_magic(pattern):
        return sorted(p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p))
    return None


@main.command()
@click.argument("file", metavar="FILE|DIR|GLOB")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report.")
@click.option("--allow-partial", is_flag=True,
              help="A trace that stops before the game ends is a warning, not a divergence.")
@click.option("--strict", is_flag=True,
              help="Also require every action to be among the model's listed choices.")
@click.option("--known", "known_file", metavar="FILE",
              help="Known deviations (JSON, docs/known.schema.json): a matching divergence"
                   " is reported as known and exits 0.")
@click.option("--require-full", is_flag=True,
              help="A trace not compared in full (observation fields left out, steps after a"
                   " known deviation) fails.")
@click.option("--html", "html_file", metavar="FILE",
              help="Also write the report as one self-contained HTML page (one trace only).")
@_executor_options("Worker processes for many traces  [default: every core]")
def check(file: str, as_json: bool, allow_partial: bool, strict: bool,
          known_file: str | None, require_full: bool, html_file: str | None, jobs: int | None,
          executor_kind: str, address: str | None) -> int:
    """Replay a trace (or every trace of a directory or glob); exit 0 if it conforms (or
    diverges only as known), 1 if it diverges, 2 if malformed."""
    from rules_oracle.oracle.known import KnownError

    known = _known(known_file)
    many = _trace_files(file)
    if many is not None:
        if html_file is not None:
            raise BadInput("--html takes one trace, not a directory or glob")
        return _check_many(file, many, as_json, allow_partial, strict, known, require_full,
                           _executor(executor_kind, jobs, address))
    try:
        report = check_file(file, allow_partial=allow_partial, strict=strict, known=known)
    except KnownError as exc:
        raise BadInput(f"--known: {exc}") from None
    except TraceError as exc:
        if as_json:
            _emit_json({"file": file, **exc.to_json()})
            return 2
        raise BadInput(str(exc) if exc.line is None else f"{file}: {exc}") from None
    out = {"file": file, **report.to_json(), **_known_entries(known)}
    _html_report(html_file, out)
    if as_json:
        _emit_json(out)
    else:
        _print_report(file, report, known, require_full)
    return 0 if report.passes and not (require_full and report.partial) else 1


def _check_many(pattern: str, files: list[str], as_json: bool, allow_partial: bool,
                strict: bool, known: Sequence[Any], require_full: bool, executor: Any) -> int:
    """``check`` of many traces on ``executor``: each file's report in the files' order, then
    a summary; exit 2 if one is malformed, else 1 if one fails."""
    from rules_oracle.oracle.parallel import CheckTask, check_many

    if not files:
        raise BadInput(f"{pattern}: no trace files (*.jsonl) found")
    done = check_many([CheckTask(f, allow_partial, strict, tuple(known)) for f in files],
                      executor)
    for d in done:
        if d.known_error is not None:
            raise BadInput(f"--known: {d.known_error}")
    malformed = sum(1 for d in done if d.report is None)
    failed = sum(1 for d in done if d.report is not None and not (
        d.report.passes and not (require_full and d.report.partial)))
    passed = len(done) - malformed - failed
    status = "malformed" if malformed else "diverges" if failed else "passes"
    if as_json:
        _emit_json({"status": status, "files": [
            {"file": d.path, **(d.report.to_json() if d.report is not None else d.error or {})}
            for d in done], "passed": passed, "failed": failed, "malformed": malformed})
    else:
        for d in done:
            if d.report is None:
                _console().print(Text(f"{d.path}: malformed: {d.message}", style="bold red"))
            else:
                _print_report(d.path, d.report, known, require_full)
        style = "bold red" if malformed or failed else "green"
        _console().print(Text(f"{passed}/{len(done)} traces pass, {failed} fail, {malformed}"
                              " malformed", style=style))
    return 2 if malformed else 1 if failed else 0


# -- verify -----------------------------------------------------------------------------

ProgressFn = Callable[[str, int, int], None]


@contextmanager
def _progress(enabled: bool, label: str, always_last: bool = True
              ) -> Iterator[ProgressFn | None]:
    """A progress callback ``(name, done, total)``: a transient bar on a terminal, else a
    line every ``LOG_EVERY`` seconds on standard error, and the last one (``done ==
    total``) always or, without ``always_last``, only when an earlier line was written."""
    if not enabled:
        yield None
        return
    if not sys.stderr.isatty():  # a log: a line every few seconds, never silent for minutes
        start = time.monotonic()
        last = [start]

        def line(name: str, done: int, total: int) -> None:
            now = time.monotonic()
            final = done == total and (always_last or last[0] > start)
            if now - last[0] >= LOG_EVERY or final:
                last[0] = now
                click.echo(f"{label}: {name} {done}/{total} ({now - start:.0f} s)", err=True)

        yield line
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=_console(err=True), transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(name: str, done: int, total: int) -> None:
            bar.update(task, description=f"{label}: {name}", completed=done, total=total)

        yield update


def _verify_module() -> Any:
    try:
        return importlib.import_module("rules_oracle.oracle.verify")
    except ImportError as exc:
        raise BadInput(f"verification is not available: {exc}") from None


def _run_verify(games_: list[Game[Any, Any]], n: int, seed: int, show: bool,
                jobs: int | None = None, executor: Any = None) -> list[dict[str, Any]]:
    module = _verify_module()
    rows: list[dict[str, Any]] = []
    plans = [module.plan(game.name, games=n, seed=seed) for game in games_]
    label = "verify " + ", ".join(game.name for game in games_)
    with _progress(show, label) as progress:
        if executor is None:
            found = module.execute(plans, jobs or module.default_jobs(), progress)
        else:
            from rules_oracle.oracle.executor import ExecutorError

            try:
                found = module.execute(plans, 1, progress, executor=executor)
            except ExecutorError as exc:
                raise BadInput(str(exc)) from None
    for game, outcomes in zip(games_, found, strict=True):
        for o in outcomes:
            rows.append({"game": game.name, "name": o.name, "kind": o.kind,
                         "status": o.status, "seconds": round(float(o.seconds), 3),
                         "detail": o.detail})
    return rows


def _failed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r["status"] not in SUCCESS | NEUTRAL]


@main.command()
@click.argument("game_name", metavar="[GAME|all]", required=False)
@click.option("--games", "-g", "n", type=click.IntRange(min=1), default=20, show_default=True,
              help="Seeded games per property.")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="First seed.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of obligations.")
@_executor_options("Worker processes for the obligations  [default: every core]")
def verify(game_name: str | None, n: int, seed: int, as_json: bool, jobs: int | None,
           executor_kind: str, address: str | None) -> int:
    """Verify games: properties over seeded games and the Z3 obligations, as one table."""
    targets = _targets(game_name)
    on = None if executor_kind == "local" else _executor(executor_kind, jobs, address)
    if on is None and address is not None:
        raise BadInput("--address is for --executor ray")
    rows = _run_verify(targets, n, seed, not as_json, jobs, on)
    failed = _failed(rows)
    if as_json:
        _emit_json(rows)
        return 1 if failed else 0
    table = Table("game", "name", "kind", "status", "seconds", "detail")
    for r in rows:
        table.add_row(_cell(r["game"]), _cell(r["name"]), _cell(r["kind"]),
                      _status(r["status"]), _cell(f"{r['seconds']:.2f}"), _cell(r["detail"]))
    console = _console()
    console.print(table)
    ok = sum(1 for r in rows if r["status"] in SUCCESS)
    unknown = sum(1 for r in rows if r["status"] == "unknown")
    skipped = sum(1 for r in rows if r["status"] == "skipped")
    scoped = sum(1 for r in rows if any(mark in r["detail"] for mark in SCOPED))
    note = f"; {scoped} bounds proved under a stated scope only (see their rows)" if scoped else ""
    console.print(Text(f"{len(rows)} obligations: {ok} passed or proved, {len(failed)} failed,"
                       f" {unknown} unknown, {skipped} skipped{note}",
                       style="bold red" if failed else "green"))
    return 1 if failed else 0


# -- rules and ambiguities -------------------------------------------------------------------


def _is_rules_mark(func: ast.expr) -> bool:
    """``pytest.mark.rules``, ``mark.rules`` (any base ending in ``mark``)."""
    if not isinstance(func, ast.Attribute) or func.attr != "rules":
        return False
    base = func.value
    return (isinstance(base, ast.Attribute) and base.attr == "mark") or (
        isinstance(base, ast.Name) and base.id == "mark")


def _strings(node: ast.expr, names: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.Starred):
        return _strings(node.value, names)
    if isinstance(node, (ast.Tuple, ast.List)):
        out: list[str] = []
        for element in node.elts:
            got = _strings(element, names)
            if got is None:
                return None
            out.extend(got)
        return tuple(out)
    return None


def scan_rule_marks(root: Path) -> tuple[set[str], list[str]]:
    """Rule ids named in ``pytest.mark.rules(...)`` under ``root`` (static), and warnings.

    Arguments may be string literals, tuples or lists of them (starred or
    not), or module-level names bound to such literals in the same file.
    """
    ids: set[str] = set()
    warnings: list[str] = []
    for path in sorted(root.rglob("*.py")):
        try:
            with path.open("rb") as handle:
                source = read_file(handle, MAX_SOURCE)
            tree = ast.parse(source, str(path))
            found = _marked_ids(tree, path)
        except InputError as exc:  # larger than the limit
            warnings.append(f"{path}: not scanned ({exc})")
            continue
        except (RecursionError, MemoryError):  # CPython's parser on deep nesting
            warnings.append(f"{path}: not scanned (nested too deeply to parse)")
            continue
        except (SyntaxError, UnicodeDecodeError, ValueError, OSError) as exc:
            warnings.append(f"{path}: not scanned ({type(exc).__name__})")
            continue
        ids.update(found[0])
        warnings.extend(found[1])
    return ids, warnings


def _marked_ids(tree: ast.Module, path: Path) -> tuple[set[str], list[str]]:
    """The rule ids one parsed file names in ``pytest.mark.rules``, and warnings."""
    ids: set[str] = set()
    warnings: list[str] = []
    names: dict[str, tuple[str, ...]] = {}
    for stmt in tree.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)):
            value = _strings(stmt.value, names)
            if value is not None:
                names[stmt.targets[0].id] = value
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_rules_mark(node.func):
            for arg in node.args:
                got = _strings(arg, names)
                if got is None:
                    warnings.append(f"{path}:{arg.lineno}: a rule id that is not a literal")
                else:
                    ids.update(got)
    return ids, warnings


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--coverage", is_flag=True, help="Which rules no test names in pytest.mark.rules.")
@click.option("--tests", "tests_dir", default="tests", show_default=True,
              help="The tests directory to scan for --coverage.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rules(game_name: str, coverage: bool, tests_dir: str, as_json: bool) -> int:
    """The rules of a game (id, file, quote, summary), or their coverage by the tests."""
    game = _game(game_name)
    book = game.rules
    if not coverage:
        rows = [{"id": r.id, "file": r.file, "quote": r.quote, "summary": r.summary,
                 "source": r.source} for r in book]
        if as_json:
            _emit_json(rows)
            return 0
        table = Table("id", "file", "quote", "summary", "source")
        for r in book:
            table.add_row(_cell(r.id), _cell(r.file), _cell(r.quote), _cell(r.summary),
                          _cell(r.source or "text"))
        _console().print(table)
        return 0
    root = Path(tests_dir)
    if not root.is_dir():
        what = "is not a directory" if root.exists() else "not found"
        raise BadInput(f"tests directory {tests_dir!r} {what} (use --tests DIR)")
    if not any(root.rglob("*.py")):
        raise BadInput(f"no Python files under {tests_dir!r}: nothing to measure coverage by")
    named, warnings = scan_rule_marks(root)
    covered = [rid for rid in book.ids if rid in named]
    uncovered = [rid for rid in book.ids if rid not in named]
    ambiguity_ids = {a.id for a in book.ambiguities}
    unknown = sorted(i for i in named if i.startswith(f"{game.name}/") and i not in book
                     and i not in ambiguity_ids)
    if as_json:
        _emit_json({"game": game.name, "total": len(book), "covered": covered,
                    "uncovered": uncovered, "unknown": unknown, "warnings": warnings})
        return 0
    console = _console()
    for w in warnings:
        console.print(Text(f"warning: {w}", style="yellow"))
    share = 100.0 * len(covered) / len(book) if len(book) else 100.0
    console.print(f"{game.name}: {len(covered)}/{len(book)} rules covered ({share:.1f}%)")
    if uncovered:
        table = Table("uncovered rule", "quote")
        for rid in uncovered:
            table.add_row(_cell(rid), _cell(book[rid].quote))
        console.print(table)
    for rid in unknown:
        console.print(Text(f"tests name an unregistered rule id: {rid}", style="yellow"))
    return 0


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--witness", "witness", metavar="ID|all",
              help="Search a short game on which the default and another reading disagree.")
@click.option("--seeds", type=click.IntRange(min=1), default=20, show_default=True,
              help="Seeded games tried per player count in the witness search.")
def ambiguities(game_name: str, as_json: bool, witness: str | None, seeds: int) -> int:
    """The registry of ambiguities of a game: where the rules text is silent or garbled."""
    game = _game(game_name)
    chosen = _witness_targets(game, witness)
    listed = [a for a in game.rules.ambiguities if witness in (None, "all") or a.id in chosen]
    rows: list[dict[str, Any]] = []
    searched = 0
    with _progress(witness == "all", f"witness search {game.name}") as progress:
        for amb in listed:
            row: dict[str, Any] = {
                "id": amb.id, "file": amb.file, "quote": amb.quote, "question": amb.question,
                "readings": [{"key": r.key, "summary": r.summary} for r in amb.readings],
                "default": amb.default, "why": amb.why, "source": amb.source,
                "option": amb.option, "kind": amb.kind,
                "unselectable": amb.unselectable, "no_witness": amb.no_witness,
            }
            if amb.id in chosen:
                row["witness"] = _witness_row(game, amb.id, seeds)
                searched += 1
                if progress is not None:
                    progress(amb.id, searched, len(chosen))
            rows.append(row)
    if as_json:
        _emit_json(rows)
        return 0
    console = _console()
    if witness in (None, "all"):
        console.print(f"{game.name}: {len(rows)} ambiguities")
    for a in rows:
        console.print(Text(a["id"], style="bold"))
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_row(_cell("file"), _cell(a["file"]))
        table.add_row(_cell("quote"), _cell(a["quote"]))
        table.add_row(_cell("question"), _cell(a["question"]))
        for r in a["readings"]:
            mark = " (default)" if r["key"] == a["default"] else ""
            table.add_row(_cell("reading"), _cell(f"{r['key']}{mark}: {r['summary']}"))
        table.add_row(_cell("why"), _cell(a["why"]))
        table.add_row(_cell("source"), _cell(a["source"]))
        option = a["option"] or option_text(game.rules.get_ambiguity(a["id"]))
        table.add_row(_cell("option"), _cell(option))
        if "witness" in a:
            table.add_row(_cell("witness"), _cell(_describe_witness(game.name, a["witness"],
                                                                    a["no_witness"])))
        console.print(table)
    return 0


def _witness_targets(game: Game[Any, Any], witness: str | None) -> set[str]:
    if witness is None:
        return set()
    with_option = [a.id for a in game.rules.ambiguities if a.option is not None]
    if witness == "all":
        return set(with_option)
    if witness not in with_option:
        raise BadInput(f"{witness!r} is not an ambiguity of {game.name} with a variant option;"
                       f" those are: {', '.join(with_option) or 'none'}")
    return {witness}


def _witness_row(game: Game[Any, Any], aid: str, seeds: int) -> dict[str, Any] | None:
    from rules_oracle.oracle.witness import find_witness

    found = find_witness(game, aid, seeds=range(seeds))
    if found is None:
        return None
    return {"option": found.option, "readings": list(found.readings),
            "needs": dict(game.option_needs.get(found.option, {})),
            "players": found.players, "seed": found.seed, "policy": found.policy,
            "steps": len(found.actions),
            "last_action": found.actions[-1] if found.actions else None,
            "difference": found.difference, "actions": list(found.actions)}


def _describe_witness(name: str, w: dict[str, Any] | None, why_none: str | None = None) -> str:
    if w is None:
        if why_none:
            return f"none found in the seeded games tried, as the registry says: {why_none}"
        return "none found in the seeded games tried (the readings may differ only deeper)"
    a, b = w["readings"]
    last = ("" if w["last_action"] is None
            else f" (the last step: {canonical_text(w['last_action'])})")
    if w["policy"] == DIRECTED:
        return (f"{w['option']}={a} and {w['option']}={b} disagree after step {w['steps']} of"
                f" the same play{last}: {w['difference']}; replay: the {w['players']}-player"
                f" game of seed {w['seed']} with the player choices the registry records"
                f" (found by a directed search)")
    return (f"{w['option']}={a} and {w['option']}={b} disagree after step {w['steps']} of the"
            f" same play{last}: {w['difference']}; replay: the first {w['steps']} steps of"
            f" `oracle play {name} --players {w['players']} --seed {w['seed']}"
            f" --policy {w['policy']}"
            + "".join(f" --variant {k}={v}" for k, v in sorted(w.get("needs", {}).items()))
            + f" --variant {w['option']}={a}`")


# -- demo --------------------------------------------------------------------------------------


@main.command()
@click.option("--games", "-g", "n", type=click.IntRange(min=1), default=3, show_default=True,
              help="Seeded games per property in the verification.")
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="Seed of the demo game.")
@click.option("--skip-verify", is_flag=True, help="Only the trace round trip.")
def demo(n: int, seed: int, skip_verify: bool) -> int:
    """Verify every game briefly, then write a seeded game per game as a trace and check it."""
    targets = _targets(None)
    console = _console()
    failures = 0
    if not skip_verify:
        rows = _run_verify(targets, n, seed, True)
        failed = _failed(rows)
        failures += len(failed)
        for g in targets:
            mine = [r for r in rows if r["game"] == g.name]
            bad = [r["name"] for r in failed if r["game"] == g.name]
            console.print(f"verify {g.name}: {len(mine) - len(bad)}/{len(mine)} obligations"
                          " without failure" + (f"; failed: {', '.join(bad)}" if bad else ""))
    with tempfile.TemporaryDirectory(prefix="oracle-demo-") as tmp:
        for g in targets:
            config = g.config(g.min_players)
            path = Path(tmp) / f"{g.name}-seed{seed}.jsonl"
            start = time.perf_counter()
            with path.open("w", encoding="utf-8", newline="\n") as handle:
                write_trace(handle, g, config, seed, states=True)
            try:
                report = check_file(str(path))
            except TraceError as exc:  # pragma: no cover - the writer's own traces are well-formed
                console.print(Text(f"check {g.name}: malformed: {exc}", style="bold red"))
                failures += 1
                continue
            seconds = time.perf_counter() - start
            if report.conforms:
                console.print(Text(f"trace {g.name}: {config.players} players, seed {seed},"
                                   f" {report.steps} steps written and checked back: conforms"
                                   f" ({seconds:.2f} s)", style="green"))
            else:  # pragma: no cover - a model that disagrees with itself
                failures += 1
                _print_report(str(path), report)
    return 1 if failures else 0


# -- drive -------------------------------------------------------------------------------------


def _print_drive(report: Any, known: Sequence[Any] = (), require_full: bool = False) -> None:
    console = _console()
    by_id = {d.id: d for d in known}
    for run in report.games:
        head = f"{run.game} {run.players}p seed {run.seed} {run.policy}"
        div = run.divergence
        if div is not None and run.known is not None:
            for ident in div.entries or (run.known,):
                deviation = by_id[ident]
                together = " (with " + ", ".join(i for i in div.entries if i != ident) + ")" if (
                    div.also) else ""
                console.print(Text(f"{head}: known deviation {deviation.id} ({deviation.cls},"
                                   f" {deviation.rule}) at step {div.step}: {div.kind}{together}",
                                   style="yellow"))
                console.print(Text(f"  why: {deviation.shown}"))
            console.print(Text(f"  what: {div.message}"))
        elif not run.driven:
            console.print(Text(f"{head}: {run.partial[0]} (a declared gap)", style="yellow"))
        elif div is None:
            state = "finished" if run.finished else "unfinished"
            verdict = "conforms" if run.conforms else "conforms but for known deviations"
            if run.partial:
                verdict += f" (partial: {'; '.join(run.partial)})"
            console.print(Text(f"{head}: {verdict} ({run.steps} steps, {run.probes} illegal"
                               f" actions rejected, game {state}, rules exercised"
                               f" {len(run.exercised)} of {run.rules_total})",
                               style="yellow" if run.partial else "green"))
        else:
            console.print(Text(f"{head}: diverges at step {div.step}: {div.kind}",
                               style="bold red"))
            console.print(Text(f"  what: {div.message}"))
            for line in div.describe().splitlines()[1:]:
                console.print(Text(line))
            console.print(Text(f"  actions so far: the first {len(run.actions)} steps of"
                               f" `{run.replay}`"))
            console.print(Text(f"  rules exercised: {len(run.exercised)} of {run.rules_total}"))
            for reading in run.readings:
                console.print(Text(f"  conforms under {reading}: the step agrees under that"
                                   " reading of the ambiguity", style="yellow"))
        if run.accepted:
            console.print(Text(f"  {run.accepted} illegal actions accepted, after each of"
                               " which play was brought back in step and went on:"
                               f" {run.after_accepted} steps compared after the first"))
        for later in run.later:
            known_as = "" if later.known is None else (
                f" (known deviation {' + '.join(later.entries)})")
            console.print(Text(f"  then at step {later.step}: {later.kind}{known_as}:"
                               f" {later.message}",
                               style="yellow" if later.known else "bold red"))
            for line in later.describe().splitlines()[1:]:
                console.print(Text(f"  {line}"))
        if run.tolerated:
            met = ", ".join(f"{ident} {count}x" for ident, count in run.tolerated)
            console.print(Text(f"  known deviations met, play continued: {met}",
                               style="yellow"))
        if run.gaps:
            gaps = ", ".join(f"{kind} {count}" for kind, count in run.gaps)
            console.print(Text(f"  declared gap: legal actions of unsupported kinds not"
                               f" compared: {gaps}", style="yellow"))
        if run.rolled:
            console.print(Text(f"  {run.rolled} chance outcomes drawn by the implementation"
                               " (checked possible; probabilities not compared)"))
        if run.compound:
            console.print(Text(f"  {run.compound} compound steps (one action of the"
                               " implementation for several model steps, compared after the"
                               f" last; {run.inside} steps inside them)"))
        if run.departed:
            console.print(Text(f"  from step {run.departed} the game is not the one `oracle"
                               " play` writes: the report's actions are its replay"))
        for w in run.warnings:
            console.print(Text(f"  warning: {w}", style="yellow"))
    for ident in report.broad:
        console.print(Text(_broad_line(by_id[ident]), style="yellow"))
    _print_absorbed(console, report.absorbed(), report.stale)
    for name, (ids, total) in report.exercised().items():
        console.print(Text(f"rules exercised ({name}): {len(ids)} of {total}"))
    good = sum(1 for r in report.games if r.conforms)
    known_runs = sum(1 for r in report.games if r.status == "known")
    also = f", {known_runs} with a known deviation" if known_runs else ""
    partial = f" (partial: {'; '.join(report.partial)})" if report.partial else ""
    failed = not report.passes or (require_full and bool(report.partial))
    console.print(Text(f"{good}/{len(report.games)} games conform{also}{partial}"
                       f" ({report.requests} requests, {report.seconds:.2f} s)",
                       style="bold red" if failed else "yellow" if partial else "green"))
    if require_full and report.partial:
        console.print(Text("--require-full: not everything was compared", style="bold red"))


@contextmanager
def _ending_on_termination() -> Iterator[None]:
    """SIGTERM and SIGHUP end the oracle as an exception does (exit 128 + the signal), so
    the implementation driven and every process it started are ended on the way out."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, _frame: Any) -> None:
        click.echo(f"error: terminated by {signal.Signals(signum).name}", err=True)
        raise SystemExit(128 + signum)

    previous = {sig: signal.signal(sig, terminate) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@main.command(context_settings={"ignore_unknown_options": True,
                                "allow_interspersed_args": False})
@click.option("--game", "game_name", metavar="GAME|all",
              help="The game to drive (required; all: every registered game in turn).")
@click.option("--players", "-n", type=int, help="Player count (default: every count in turn).")
@click.option("--games", "n", type=click.IntRange(min=1), default=3, show_default=True,
              help="Seeded games per game.")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="First seed.")
@click.option("--variant", "-v", multiple=True, metavar="OPTION=READING",
              help="A variant option (repeatable); others take their defaults.")
@click.option("--policy", type=click.Choice((*ALL_POLICIES, *aim_policies())),
              default=POLICIES[0], show_default=True,
              help="How the oracle chooses the players' actions (steer: towards rules not"
                   " exercised yet in the game; aim:NAME: every choice, chance outcomes too,"
                   " towards a named situation, docs/engines.md).")
@click.option("--timeout", type=float, default=10.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--probes", type=click.IntRange(min=0), default=2, show_default=True,
              help="Illegal actions sent per step (each must be rejected).")
@click.option("--strict-rules", is_flag=True,
              help="A rejection naming another rule id than the model's is a divergence.")
@click.option("--protocol", type=click.IntRange(1, 2), default=2, show_default=True,
              help="The protocol version sent with reset (1 for an engine that insists on it).")
@click.option("--known", "known_file", metavar="FILE",
              help="Known deviations (JSON, docs/known.schema.json): a matching divergence"
                   " is reported as known and does not fail the run.")
@click.option("--require-full", is_flag=True,
              help="A run that did not compare everything (fields, kinds, probes, steps after"
                   " a known deviation) fails.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report.")
@click.option("--html", "html_file", metavar="FILE",
              help="Also write the report as one self-contained HTML page.")
@_executor_options("Games played at once, each worker with its own engine subprocess"
                   "  [default: every core]")
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def drive(game_name: str | None, players: int | None, n: int, seed: int, variant: tuple[str, ...],
          policy: str, timeout: float, probes: int, strict_rules: bool, protocol: int,
          known_file: str | None, require_full: bool, as_json: bool, html_file: str | None,
          jobs: int | None, executor_kind: str, address: str | None,
          command: tuple[str, ...]) -> int:
    """Play seeded games through an implementation speaking the drive protocol (-- CMD ...)."""
    from rules_oracle.oracle.drive import MAX_TIMEOUT, DriveError
    from rules_oracle.oracle.drive import drive as run_drive
    from rules_oracle.oracle.executor import ExecutorError

    if not command:
        raise BadInput("no command given: oracle drive [OPTIONS] -- CMD [ARGS ...]")
    if command[0].startswith("-") and command[0] != "-":
        raise BadInput(f"unknown option {command[0]!r} (put the command after --)")
    if not 0 < timeout <= MAX_TIMEOUT:
        raise BadInput(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds,"
                       f" not {timeout:g}")
    if game_name is None:
        raise BadInput("no game given: oracle drive --game GAME|all [OPTIONS] -- CMD [ARGS ...]"
                       f" (games: {', '.join(registry.names())})")
    targets = _targets(game_name)
    chosen = _variant(variant)
    for g in targets:
        _config(g, players, variant)
    known = _known(known_file)
    total = n * len(targets)
    on = _executor(executor_kind, jobs, address)
    try:
        with _ending_on_termination(), _progress(not as_json, "drive", False) as progress:
            done = [0]

            def ran(run: Any) -> None:
                done[0] += 1
                if progress is not None:
                    progress(f"{run.game} {run.players}p seed {run.seed}", done[0], total)

            report = run_drive(command, targets, count=n, seed=seed, players=players,
                               variant=chosen, policy=policy, timeout=timeout, probes=probes,
                               strict_rules=strict_rules, protocol=protocol, progress=ran,
                               known=known, executor=on)
    except (DriveError, ExecutorError) as exc:
        raise BadInput(str(exc)) from None
    except ConfigError as exc:  # pragma: no cover - checked above
        raise BadInput(str(exc)) from None
    out = {**report.to_json(), **_known_entries(known)}
    _html_report(html_file, out)
    if as_json:
        _emit_json(out)
    else:
        _print_drive(report, known, require_full)
    return 0 if report.passes and not (require_full and report.partial) else 1


def _print_absorbed(console: Console, absorbed: dict[str, int], stale: Sequence[str]) -> None:
    """What each known deviation absorbed in a run, and the ones that absorbed nothing."""
    if absorbed:
        console.print(Text("known deviations absorbed: " + ", ".join(
            f"{ident} {count}x" for ident, count in absorbed.items()), style="yellow"))
    if stale:
        console.print(Text("stale known deviations (absorbed nothing in this run): "
                           + ", ".join(stale)))


def _broad_line(deviation: Any) -> str:
    """The line naming a broad known deviation in a verdict."""
    kind = deviation.match.kind
    every = f"every {kind} divergence" if kind else "every divergence"
    return f"broad known deviation in force: {deviation.id} matches {every} ({deviation.shown})"


def _known_entries(known: Sequence[Any]) -> dict[str, Any]:
    """The known deviations in force, as a JSON report lists them (``known_entries``)."""
    from rules_oracle.oracle.draw.report_page import known_entries

    return known_entries(known)


def _html_report(path: str | None, data: dict[str, Any]) -> None:
    """Write the HTML page of a JSON report to ``path`` (nothing without one)."""
    if path is None:
        return
    from rules_oracle.oracle.draw.report_page import ReportError, write

    try:
        write(path, data)
    except ReportError as exc:
        raise BadInput(str(exc)) from None
    click.echo(f"wrote {path}", err=True)


@main.command(name="report")
@click.argument("file", metavar="RESULT.json")
@click.option("--html", "html_file", metavar="FILE",
              help="Write the report as one self-contained HTML page.")
def report_command(file: str, html_file: str | None) -> int:
    """Read a saved JSON report of check, drive or campaign: print its verdict, and write it
    as an HTML page (--html); exit 0 if it passes, 1 if it diverges."""
    from rules_oracle.oracle.draw.report_page import ReportError, load, verdict_lines

    try:
        data = load(file)
        lines = verdict_lines(data)
    except ReportError as exc:
        raise BadInput(str(exc)) from None
    _html_report(html_file, data)
    for line in lines:
        click.echo(line, file=_STDOUT)
    return 1 if data["status"] == "diverges" else 0


def _known(path: str | None) -> tuple[Any, ...]:
    """The deviations of a ``--known`` file (none without one); bad input when malformed."""
    if path is None:
        return ()
    from rules_oracle.oracle.known import KnownError, load

    try:
        return load(path)
    except KnownError as exc:
        raise BadInput(f"--known: {exc}") from None


# -- vectors -----------------------------------------------------------------------------------


@main.command()
@click.argument("game_name", metavar="[GAME|all]", required=False)
@click.option("--out", "-o", default="vectors", show_default=True,
              help="Directory the vector files are written to (GAME.vectors.json).")
@click.option("--count", "-c", type=click.IntRange(min=1), default=2, show_default=True,
              help="Vectors kept per action type and per rule id.")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="First seed.")
@click.option("--games", "-g", "n", type=click.IntRange(min=1),
              help="Seeded games played (default: two per configuration, at least 10,"
                   " then one a configuration steered, at least 5; a third are steered).")
@click.option("--verify", "verify_target", metavar="DIR|FILE",
              help="Re-check vector files against the model instead of writing them.")
@click.option("--coverage", is_flag=True,
              help="List the rule ids with a vector and those without one (writes no file).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def vectors(game_name: str | None, out: str, count: int, seed: int, n: int | None,
            verify_target: str | None, coverage: bool, as_json: bool) -> int:
    """Write language-neutral conformance vectors, or re-check them (--verify DIR)."""
    from rules_oracle.oracle import vectors as vec

    if verify_target is not None:
        if game_name is not None:
            raise BadInput("give either GAME (to write vectors) or --verify DIR, not both")
        try:
            reports = vec.verify(verify_target)
        except vec.VectorError as exc:
            raise BadInput(str(exc)) from None
        if as_json:
            _emit_json([r.to_json() for r in reports])
        else:
            _print_vector_check(reports)
        return 0 if all(r.ok for r in reports) else 1
    if game_name is None:
        raise BadInput("no game given: oracle vectors GAME|all [--out DIR], or --verify DIR")
    rows: list[dict[str, Any]] = []
    console = _console()
    for game in _targets(game_name):
        with _progress(not as_json, "vectors", False) as progress:
            made = vec.generate(game, seed=seed, count=count, games=n, progress=progress)
        if coverage:
            rows.append({"game": game.name, "coverage": made.coverage()})
            if not as_json:
                _print_rule_coverage(console, made)
            continue
        try:
            path = vec.write(made, out)
        except OSError as exc:
            raise BadInput(f"cannot write to {out}: {exc.strerror or exc}") from None
        split = vec.kinds(made.vectors)
        rows.append({"game": game.name, "path": str(path), "vectors": len(made.vectors),
                     **split, "games": made.games, "coverage": made.coverage()})
        if as_json:
            continue
        rules_total = len(made.rules_covered) + len(made.rules_uncovered)
        types_total = len(made.types_covered) + len(made.types_uncovered)
        console.print(f"wrote {path}: {len(made.vectors)} vectors ({split['legal']} legal,"
                      f" {split['illegal']} illegal) from {made.games} seeded games;"
                      f" action types {len(made.types_covered)}/{types_total};"
                      f" rules named by a vector {len(made.rules_covered)}/{rules_total}"
                      f" ({len(made.rules_rejected)} by a rejection, {len(made.rules_shown)} by"
                      f" a legal step)")
        if made.types_uncovered:
            console.print(Text("action types with no vector: "
                               + ", ".join(made.types_uncovered), style="yellow"))
        if made.rules_uncovered:
            console.print(Text("rules with no vector (no step of play showed or broke them):"
                               " " + ", ".join(made.rules_uncovered), style="yellow"))
    if as_json:
        _emit_json(rows)
    return 0


def _print_rule_coverage(console: Any, made: Any) -> None:
    """`oracle vectors GAME --coverage`: every rule id, with a vector or without one."""
    total = len(made.rules_covered) + len(made.rules_uncovered)
    rejected, shown = set(made.rules_rejected), set(made.rules_shown)
    console.print(f"{made.game}: rules with a vector {len(made.rules_covered)}/{total}"
                  f" ({len(rejected)} by a rejection, {len(shown)} by a legal step) from"
                  f" {made.games} seeded games")
    for rid in made.rules_covered:
        how = ", ".join(w for w, on in (("rejection", rid in rejected),
                                          ("legal step", rid in shown)) if on)
        console.print(f"  with    {rid} ({how})")
    for rid in made.rules_uncovered:
        console.print(Text(f"  without {rid}", style="yellow"))


def _print_vector_check(reports: list[Any]) -> None:
    console = _console()
    for report in reports:
        bad = [r for r in report.results if r.status != "ok"]
        if not bad:
            console.print(Text(f"{report.path}: {report.game}: {len(report.results)} vectors,"
                               " all current", style="green"))
            continue
        console.print(Text(f"{report.path}: {report.game}: {len(bad)} of"
                           f" {len(report.results)} vectors fail", style="bold red"))
        table = Table("vector", "status", "what")
        for r in bad:
            what = r.message + "".join(
                f"; {d.path}: expected {show(d.expected, SHOWN)}, got {show(d.got, SHOWN)}"
                for d in r.diffs[:3])
            table.add_row(_cell(clip(r.id, SHOWN)), _status(r.status), _cell(what))
        console.print(table)


# -- show --------------------------------------------------------------------------------------


@main.command(name="show")
@click.argument("game_name", metavar="GAME")
@click.option("--players", "-n", type=int, help="Player count (default: the fewest allowed).")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--step", "-k", type=int, default=0, show_default=True,
              help="The step drawn (0: the set-up state); the step a page opens at.")
@click.option("--variant", "-v", multiple=True, metavar="OPTION=READING",
              help="A variant option (repeatable); others take their defaults.")
@click.option("--policy", type=click.Choice(POLICIES), default=POLICIES[0], show_default=True,
              help="How players choose, as for play.")
@click.option("--svg", "svg_file", metavar="FILE", help="Draw the state after --step as SVG.")
@click.option("--html", "html_file", metavar="FILE",
              help="One HTML page of the whole game (to --last) with a step control.")
@click.option("--last", type=int, metavar="K", help="The page's last step (default: the end).")
@click.option("--highlight", multiple=True, metavar="PATH",
              help="A state field to mark in the SVG (repeatable; default: those the step"
                   " changed).")
def show_command(game_name: str, players: int | None, seed: int, step: int,
                 variant: tuple[str, ...], policy: str, svg_file: str | None,
                 html_file: str | None, last: int | None, highlight: tuple[str, ...]) -> int:
    """Draw a seeded game (as play writes it): one state as SVG, or a page of every step."""
    from rules_oracle.oracle.draw import DRAWERS, draw
    from rules_oracle.oracle.draw.page import page
    from rules_oracle.oracle.draw.seeded import PastTheEnd, frames, state_at

    game = _game(game_name)
    config = _config(game, players, variant)
    if svg_file is None and html_file is None:
        raise BadInput("show: give --svg FILE, --html FILE or both")
    if game.name not in DRAWERS:
        raise BadInput(f"show: no drawing for game {game.name!r}")
    for name, value in (("--step", step), ("--last", last)):
        if value is not None and value < 0:
            raise BadInput(f"{name} {value}: a step is 0 (the set-up) or more")
    if last is not None and step > last:
        raise BadInput(f"--step {step} is past --last {last}")
    for path in highlight:
        if not path.startswith("$"):
            raise BadInput(f"--highlight {clip(repr(path), 40)}: a field path starts with $")
    head = f"{game.name}, {config.players} players, seed {seed}"
    try:
        if svg_file is not None:
            label, before, state = state_at(game, config, seed, policy, step)
            marks = (highlight if highlight or before is None
                     else tuple(sorted(_changed(before, state))))
            _write(svg_file, draw(game.name, state, marks))
            click.echo(f"wrote {svg_file}: {head}, {label.split(':')[0]}", err=True)
        if html_file is not None:
            drawn = [0]

            def counted() -> Iterator[Any]:  # frames are encoded as drawn, never kept
                for frame in frames(game, config, seed, policy, last, _drawing_progress()):
                    drawn[0] += 1
                    yield frame

            text = page(f"{game.title}: {head}, {policy} play", counted(), step)
            if step >= drawn[0]:
                raise PastTheEnd(f"the game ends after {drawn[0] - 1} steps")
            _write(html_file, text)
            click.echo(f"wrote {html_file}: {head}, steps 0-{drawn[0] - 1}", err=True)
    except PastTheEnd as exc:
        raise BadInput(f"--step {step}: {exc}") from None
    return 0


def _drawing_progress() -> Callable[[int], None]:
    """A line on standard error every ``LOG_EVERY`` seconds while a long game is drawn."""
    start = time.monotonic()
    last = [start]

    def tick(n: int) -> None:
        now = time.monotonic()
        if now - last[0] >= LOG_EVERY:
            last[0] = now
            click.echo(f"drawing: step {n} ({now - start:.0f} s)", err=True)

    return tick


def _changed(before: Any, after: Any) -> frozenset[str]:
    from rules_oracle.oracle.draw import changed

    return changed(before, after)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as exc:
        raise BadInput(f"cannot write {path}: {exc.strerror or exc}") from None


# -- campaign (its own module; registered here) ---------------------------------------------
main.add_command(cast(click.Command,
                      importlib.import_module("rules_oracle.oracle.campaign_cli").campaign))
