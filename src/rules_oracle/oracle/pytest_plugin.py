"""pytest plugin: replay trace files as tests (registered through the ``pytest11`` entry point).

Inert unless ``--oracle-traces GLOB`` is given. Then every matching file
becomes one test item ``<file>::replay`` (marked ``oracle_trace``) that
replays the trace against the model and fails with the first divergence.

* ``--oracle-traces GLOB`` (repeatable; ``**`` allowed): the traces; a glob
  that matches nothing is a usage error.
* ``--oracle-report FILE.json``: a JSON summary of every trace replayed (its
  directory is checked when pytest starts: a usage error, not an internal
  error after every test).
* ``--oracle-allow-partial``: a trace that stops before the game ends passes.
* ``--oracle-strict``: also require every action to be among the listed choices.
* ``--oracle-require-full``: a trace not compared in full (an observation trace carrying
  fewer fields than the model's view, steps compared after a known deviation or not
  compared at all) fails; without it the report says so (``partial``, JUnit property
  ``oracle_partial``).
* ``--oracle-known FILE`` (or the ini option ``oracle_known``, relative to the ini
  file): known deviations, as ``oracle check --known FILE`` reads them
  (``docs/known.schema.json``). A divergence matching an entry is reported as
  known (the item is an expected failure, ``xfailed``, naming the entry; status
  ``known`` in the JSON summary) and does not fail the run; any other divergence
  fails as before. A file that cannot be read or is malformed is a usage error.

A divergence is retried under the other readings of the game's ambiguities; the
failure names each reading under which the diverging step agrees ("conforms under
ID=READING"), and a ``reading`` matcher of the known file can classify it.

JUnit XML comes from pytest itself (``--junitxml``); a failing item carries
the divergence kind, step and rule id as JUnit properties, and every item the rules its
steps exercised (``oracle_rules_exercised``, ``n of N``).
"""

import glob
import json
import os
from pathlib import Path
from typing import Any

import pytest

_FILES = pytest.StashKey[frozenset[Path]]()
_RESULTS = pytest.StashKey[list[dict[str, Any]]]()
_KNOWN = pytest.StashKey[tuple[Any, ...]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rules-oracle", "conformance traces replayed by the rules oracle")
    group.addoption("--oracle-traces", action="append", default=[], metavar="GLOB",
                    help="replay every trace file matching GLOB as a test (repeatable)")
    group.addoption("--oracle-report", default=None, metavar="FILE.json",
                    help="write a JSON summary of the replayed traces to FILE.json")
    group.addoption("--oracle-allow-partial", action="store_true", default=False,
                    help="a trace that stops before the game ends is not a failure")
    group.addoption("--oracle-strict", action="store_true", default=False,
                    help="also require every action to be among the model's listed choices")
    group.addoption("--oracle-require-full", action="store_true", default=False,
                    help="a trace not compared in full (observation fields left out, steps"
                         " after a known deviation) fails")
    group.addoption("--oracle-known", default=None, metavar="FILE",
                    help="known deviations (JSON, as oracle check --known): a matching"
                         " divergence is reported as known and does not fail")
    parser.addini("oracle_known", "known deviations file for the replayed traces (relative"
                  " to the ini file; --oracle-known overrides it)", default=None)


def _check_report_target(target: str) -> None:
    """A usage error now, not an internal error after every test has run."""
    path = Path(target)
    if path.is_dir():
        raise pytest.UsageError(f"--oracle-report {target!r}: is a directory, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise pytest.UsageError(f"--oracle-report {target!r}: no directory {str(folder)!r}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise pytest.UsageError(f"--oracle-report {target!r}: not writable")


def _load_known(config: pytest.Config) -> tuple[Any, ...]:
    """The deviations of ``--oracle-known`` (or the ini option); a usage error when the
    file cannot be read or is malformed."""
    from rules_oracle.oracle.known import KnownError, load

    given: str | None = config.getoption("oracle_known")
    option = "--oracle-known"
    if not given:
        ini = config.getini("oracle_known")
        if not ini:
            return ()
        option = "oracle_known (ini)"
        base = config.inipath.parent if config.inipath is not None else config.rootpath
        given = str(base / str(ini))
    try:
        return load(given)
    except KnownError as exc:
        raise pytest.UsageError(f"{option}: {exc}") from None


def pytest_configure(config: pytest.Config) -> None:
    patterns: list[str] = config.getoption("oracle_traces") or []
    if not patterns:
        return
    target = config.getoption("oracle_report")
    if target:
        _check_report_target(target)
    config.stash[_KNOWN] = _load_known(config)
    config.addinivalue_line("markers", "oracle_trace: a trace replayed by the rules oracle")
    files: list[Path] = []
    for pattern in patterns:
        matched = sorted(p for p in glob.glob(pattern, recursive=True) if Path(p).is_file())
        if not matched:
            raise pytest.UsageError(f"--oracle-traces {pattern!r}: no file matches")
        files.extend(Path(p).resolve() for p in matched)
    config.stash[_FILES] = frozenset(files)
    config.stash[_RESULTS] = []
    # collect the traces as if they had been named on the command line
    known = set(config.args)
    for path in dict.fromkeys(files):
        if str(path) not in known:
            config.args.append(str(path))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> "TraceFile | None":
    files = parent.config.stash.get(_FILES, None)
    if files and file_path.resolve() in files:
        trace: TraceFile = TraceFile.from_parent(parent, path=file_path)
        return trace
    return None


class TraceFile(pytest.File):
    """A trace file: one item that replays it."""

    def collect(self) -> list["TraceItem"]:
        item: TraceItem = TraceItem.from_parent(self, name="replay")
        item.add_marker("oracle_trace")
        return [item]


class TraceFailure(Exception):
    """A trace that does not conform or is malformed (the report is the message)."""


class TraceItem(pytest.Item):
    def runtest(self) -> None:
        from rules_oracle.oracle.check import TraceError, check_file
        from rules_oracle.oracle.known import KnownError

        config = self.config
        results = config.stash[_RESULTS]
        entry: dict[str, Any] = {"trace": str(self.path), "nodeid": self.nodeid}
        known: tuple[Any, ...] = config.stash[_KNOWN]
        try:
            report = check_file(str(self.path),
                                allow_partial=bool(config.getoption("oracle_allow_partial")),
                                strict=bool(config.getoption("oracle_strict")), known=known)
        except KnownError as exc:
            entry.update({"status": "malformed", "error": f"known file: {exc}"})
            results.append(entry)
            self.user_properties.append(("oracle_status", "malformed"))
            raise TraceFailure(f"the known file does not fit this trace: {exc}") from None
        except TraceError as exc:
            entry.update(exc.to_json())
            results.append(entry)
            self.user_properties.append(("oracle_status", "malformed"))
            raise TraceFailure(f"malformed trace: {exc}") from None
        entry.update(report.to_json())
        results.append(entry)
        self.user_properties.append(("oracle_status", report.status))
        self.user_properties.append(("oracle_rules_exercised",
                                     f"{len(report.exercised)} of {report.rules_total}"))
        if report.broad:
            self.user_properties.append(("oracle_broad", ", ".join(report.broad)))
        div = report.divergence
        if div is not None:
            self.user_properties.append(("oracle_kind", div.kind))
            self.user_properties.append(("oracle_step", str(div.step)))
            rules = div.rules or (() if div.rule is None else (div.rule,))
            if rules:
                self.user_properties.append(("oracle_rule", ", ".join(rules)))
            raise TraceFailure(
                f"{report.game}, {report.players} players: diverges after {report.steps}"
                f" conforming steps\n{div.describe()}{report.conforms_under()}")
        if report.partial:
            self.user_properties.append(("oracle_partial", "; ".join(report.partial)))
            if config.getoption("oracle_require_full"):
                raise TraceFailure(f"{report.game}, {report.players} players: not compared in"
                                   f" full (--oracle-require-full): {'; '.join(report.partial)}")
        absorbed = report.absorbed()
        if absorbed:
            by_id = {d.id: d for d in known}
            first = report.divergences[0]
            self.user_properties.append(("oracle_kind", first.kind))
            self.user_properties.append(("oracle_step", str(first.step)))
            self.user_properties.append(("oracle_known", ", ".join(absorbed)))
            self.user_properties.append(("oracle_absorbed", ", ".join(
                f"{ident} {count}x" for ident, count in absorbed.items())))
            met = []
            for ident, count in absorbed.items():
                deviation = by_id[ident]
                at = next(d for d in report.divergences if ident in d.entries)
                met.append(f"known deviation {ident} ({deviation.cls}, {deviation.rule}) at step"
                           f" {at.step}: {at.kind}, {count}x")
            pytest.xfail("; ".join(met))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> Any:
        if isinstance(excinfo.value, TraceFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)  # pragma: no cover - a defect in the checker

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"trace {self.path.name}"


def _absorbed(config: pytest.Config) -> tuple[dict[str, int], list[str]]:
    """What each known deviation absorbed over the traces replayed, and the entries that
    absorbed nothing (stale)."""
    absorbed: dict[str, int] = {}
    for result in config.stash.get(_RESULTS, []):
        met = result.get("known")
        if isinstance(met, dict):
            for ident, count in met.items():
                absorbed[ident] = absorbed.get(ident, 0) + count
    known: tuple[Any, ...] = config.stash.get(_KNOWN, ())
    return absorbed, [d.id for d in known if d.id not in absorbed]


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    """Known deviations: what each absorbed, and the stale ones (absorbed nothing)."""
    if not config.stash.get(_KNOWN, ()) or _RESULTS not in config.stash:
        return
    absorbed, stale = _absorbed(config)
    met = ", ".join(f"{ident} {count}x" for ident, count in absorbed.items()) or "nothing"
    terminalreporter.write_line(f"oracle: known deviations absorbed: {met}")
    terminalreporter.write_line("oracle: stale known deviations (absorbed nothing): "
                                + (", ".join(stale) or "none"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    target = config.getoption("oracle_report")
    if not target or _RESULTS not in config.stash:
        return
    results = config.stash[_RESULTS]
    counts = {s: sum(1 for r in results if r.get("status") == s)
              for s in ("conforms", "known", "diverges", "malformed")}
    absorbed, stale = _absorbed(config)
    summary = {"traces": len(results), **counts, "absorbed": absorbed, "stale": stale,
               "results": results}
    # a lone surrogate (from a file name) is written as its JSON escape
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    try:
        Path(target).write_bytes(text.encode("utf-8", "backslashreplace"))
    except OSError as exc:
        config.get_terminal_writer().line(
            f"error: --oracle-report {target!r}: cannot write: {exc.strerror or exc}", red=True)
        session.exitstatus = pytest.ExitCode.USAGE_ERROR
