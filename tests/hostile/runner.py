"""Running a hostile case: in process (the ``oracle`` command through click's runner) or as a
subprocess (stream redirections, pytest with the plugin, and the figures of ci/hostile.py)."""

import os
import subprocess
import sys
import time
import traceback

import attrs
from click.testing import CliRunner

from oracle.cli import main
from tests.hostile.cases import ROOT, Case

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
    return [sys.executable, "-c", "from oracle.cli import main; main()", *case.args]


def run_subprocess(case: Case) -> Outcome:
    argv = command(case)
    if case.redirect:
        argv = ["sh", "-c", f'exec "$@" {case.redirect}', "sh", *argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "160"}
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL if "<" not in case.redirect else None,
                            cwd=case.cwd, env=env)
    try:
        out, err = proc.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return Outcome(None, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                       time.monotonic() - start, hang=True)
    seconds = time.monotonic() - start
    return Outcome(proc.returncode, out.decode("utf-8", "replace"),
                   err.decode("utf-8", "replace"), seconds)


def run_in_process(case: Case) -> Outcome:
    start = time.monotonic()
    result = CliRunner().invoke(main, list(case.args), catch_exceptions=True)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        stderr += "".join(traceback.format_exception(*result.exc_info))
    return Outcome(result.exit_code, result.stdout, stderr, time.monotonic() - start)


def run(case: Case) -> Outcome:
    if case.program == "pytest" or case.redirect:
        return run_subprocess(case)
    return run_in_process(case)
