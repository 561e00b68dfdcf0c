"""Running a hostile case: in process (the ``oracle`` command through click's runner) or as a
subprocess (stream redirections, pytest with the plugin, and the figures of ci/hostile.py)."""

import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import IO

import attrs
from click.testing import CliRunner

from rules_oracle.oracle.cli import main
from tests.hostile.cases import ROOT, Case

#: the package (src/) and the tests (the repository root), for a child process
PYTHONPATH = os.pathsep.join((str(ROOT / "src"), str(ROOT)))

#: the longest a case may take before it counts as a hang (s)
HANG = 120.0


@attrs.frozen
class Outcome:
    code: int | None
    stdout: str
    stderr: str
    seconds: float
    #: peak resident memory of the process (KiB; subprocess runs only)
    peak_kib: int | None = None
    hang: bool = False

    @property
    def traceback(self) -> bool:
        text = self.stdout + self.stderr
        return "Traceback (most recent call last)" in text or "INTERNALERROR" in text


def command(case: Case) -> list[str]:
    if case.program == "pytest":
        return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *case.args]
    return [sys.executable, "-c", "from rules_oracle.oracle.cli import main; main()", *case.args]


#: GNU time, which measures the peak memory of the process it starts
GNU_TIME = "/usr/bin/time"


def run_subprocess(case: Case, *, measure: bool = False) -> Outcome:
    """Run ``case`` as a process; with ``measure``, its peak resident memory too.

    The peak comes from GNU time (``%M``), which forks the case itself: a
    process started straight from this (larger) one would report this one's
    peak, which Linux carries over ``exec``.
    """
    argv = command(case)
    if case.redirect:
        argv = ["sh", "-c", f'exec "$@" {case.redirect}', "sh", *argv]
    report = None
    if measure and Path(GNU_TIME).exists():
        handle, report = tempfile.mkstemp(prefix="hostile-peak-")
        os.close(handle)
        argv = [GNU_TIME, "-f", "%M", "-o", report, *argv]
    env = {**os.environ, "PYTHONPATH": PYTHONPATH, "COLUMNS": "160"}
    if "COVERAGE_PROCESS_START" in env:  # measured too: the configuration from any directory
        env["COVERAGE_PROCESS_START"] = str(Path(env["COVERAGE_PROCESS_START"]).resolve())
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL if "<" not in case.redirect else None,
                            cwd=case.cwd, env=env, start_new_session=True)
    chunks: dict[str, bytes] = {}
    readers = [threading.Thread(target=_drain, args=(stream, name, chunks))
               for name, stream in (("out", proc.stdout), ("err", proc.stderr))]
    for reader in readers:
        reader.start()
    timer = threading.Timer(HANG, os.killpg, (proc.pid, signal.SIGKILL))
    timer.start()
    if case.terminate_when is not None:
        threading.Thread(target=_terminate, args=(proc.pid, Path(case.terminate_when),
                                                  report is not None), daemon=True).start()
    _, status, usage = os.wait4(proc.pid, 0)
    hang = not timer.is_alive()
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join()
    peak = usage.ru_maxrss
    if report is not None:
        words = Path(report).read_text().split()
        Path(report).unlink()
        peak = int(words[-1]) if words and words[-1].isdigit() else peak
    return Outcome(None if hang else proc.returncode,
                   chunks["out"].decode("utf-8", "replace"),
                   chunks["err"].decode("utf-8", "replace"), time.monotonic() - start,
                   peak_kib=peak, hang=hang)


def _terminate(pid: int, when: Path, measured: bool) -> None:
    """SIGTERM to the oracle (GNU time's child when measured) once ``when`` has content."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        if when.exists() and when.read_text().strip():
            break
        time.sleep(0.02)
    if measured:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pid = int(children[0]) if children else pid
    os.kill(pid, signal.SIGTERM)


def _drain(stream: IO[bytes] | None, name: str, into: dict[str, bytes]) -> None:
    assert stream is not None
    into[name] = stream.read()
    stream.close()


def run_in_process(case: Case) -> Outcome:
    start = time.monotonic()
    result = CliRunner().invoke(main, list(case.args), catch_exceptions=True)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        stderr += "".join(traceback.format_exception(*result.exc_info))
    return Outcome(result.exit_code, result.stdout, stderr, time.monotonic() - start)


def problems(case: Case, outcome: Outcome) -> list[str]:
    """How ``outcome`` differs from what ``case`` expects (empty: as expected)."""
    out: list[str] = []
    if outcome.traceback:
        out.append("a traceback")
    if outcome.hang:
        out.append(f"no end within {HANG:g} s")
        return out
    if outcome.code != case.code:
        out.append(f"exit {outcome.code}, expected {case.code}")
    if case.stream == "stderr":
        lines = outcome.stderr.splitlines()
        if len(lines) > 1:
            out.append(f"{len(lines)} lines on stderr, not one")
        line = lines[0] if lines else ""
        if not re.search(case.expect, line):
            out.append(f"{line[:300]!r} !~ {case.expect!r}")
    else:
        text = outcome.stdout if case.stream == "stdout" else outcome.stdout + outcome.stderr
        if not re.search(case.expect, text):
            out.append(f"{text[-2000:]!r} !~ {case.expect!r}")
    if case.max_output is not None and len(outcome.stdout) > case.max_output:
        out.append(f"{len(outcome.stdout)} characters of output, more than {case.max_output}")
    if case.after is not None:
        try:
            case.after()
        except AssertionError as exc:
            out.append(str(exc))
    return out


def run(case: Case) -> Outcome:
    if case.program == "pytest" or case.redirect or case.terminate_when:
        return run_subprocess(case)
    return run_in_process(case)
