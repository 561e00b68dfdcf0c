"""The hostile-input suite of issue 13: every malformed file, lying engine, bad option and
broken stream of ``tests/hostile/cases.py`` ends in its exact exit code and one clear line
(or report), never a traceback, a hang or a process left behind."""

import re
from pathlib import Path

import pytest

from tests.hostile.cases import CASES, CLASSES
from tests.hostile.runner import run


def test_every_class_of_the_issue_has_cases() -> None:
    assert {cls for cls, _ in CASES.values()} == set(CLASSES)


@pytest.mark.parametrize("name", sorted(CASES, key=lambda n: (CASES[n][0], n)))
def test_hostile(name: str, tmp_path: Path) -> None:
    cls, build = CASES[name]
    case = build(tmp_path)
    outcome = run(case)
    where = f"class {cls} ({CLASSES[cls]}): {name}"
    assert not outcome.traceback, f"{where}: a traceback\n{outcome.stdout}\n{outcome.stderr}"
    assert not outcome.hang, where
    assert outcome.code == case.code, (
        f"{where}: exit {outcome.code}, expected {case.code}\n{outcome.stdout[-3000:]}\n"
        f"{outcome.stderr[-3000:]}")
    if case.stream == "stderr":
        lines = outcome.stderr.splitlines()
        assert len(lines) <= 1, f"{where}: more than one line on stderr: {outcome.stderr!r}"
        line = lines[0] if lines else ""
        assert re.search(case.expect, line), f"{where}: {line!r} !~ {case.expect!r}"
    else:
        text = outcome.stdout if case.stream == "stdout" else outcome.stdout + outcome.stderr
        assert re.search(case.expect, text), f"{where}: {text[-3000:]!r} !~ {case.expect!r}"
    if case.max_output is not None:
        assert len(outcome.stdout) <= case.max_output, f"{where}: {len(outcome.stdout)} characters"
    if case.after is not None:
        case.after()
