"""The pytest plugin, run in a nested pytest through ``pytester``."""

import json
from pathlib import Path
from typing import Any

import pytest

from tests.oracle.helpers import edit, lines_of

pytest_plugins = ["pytester"]

pytestmark = pytest.mark.usefixtures("toy")


def traces(root: Path) -> None:
    folder = root / "traces"
    folder.mkdir()
    lines = lines_of()
    i = next(k for k, x in enumerate(lines) if '"Move"' in x)
    (folder / "good.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad = edit(lines, i, lambda r: r["action"].update(steps=9))
    (folder / "illegal.jsonl").write_text("\n".join(bad) + "\n", encoding="utf-8")
    (folder / "garbage.jsonl").write_bytes(b"\xff\xfe not a trace\n")
    (folder / "short.jsonl").write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")


@pytest.mark.rules("toy/move.within-roll")
def test_traces_become_items(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    junit = pytester.path / "junit.xml"
    result = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl",
                                "--oracle-report", "report.json", f"--junitxml={junit}")
    result.assert_outcomes(passed=1, failed=3)
    out = result.stdout.str()
    assert "traces/illegal.jsonl::replay" in out
    assert "rule: toy/move.within-roll" in out
    assert "malformed trace: line 1: not UTF-8" in out
    assert "truncated" in out
    report = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))
    assert (report["traces"], report["conforms"], report["diverges"], report["malformed"]) == (
        4, 1, 2, 1)
    by_name = {Path(r["trace"]).name: r for r in report["results"]}
    assert by_name["illegal.jsonl"]["divergence"]["rule"] == "toy/move.within-roll"
    assert by_name["garbage.jsonl"]["line"] == 1
    xml = junit.read_text(encoding="utf-8")
    assert 'name="oracle_rule" value="toy/move.within-roll"' in xml
    assert xml.count("<testcase") == 4


def test_allow_partial_and_selection(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    pytester.makepyfile(test_other="def test_other():\n    assert True\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/short*",
                                "--oracle-traces", "traces/good.jsonl",
                                "--oracle-allow-partial", "--oracle-strict")
    result.assert_outcomes(passed=3)
    only = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl",
                              "-m", "oracle_trace", "-k", "good")
    only.assert_outcomes(passed=1)


def test_inert_without_the_option(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    pytester.makepyfile(test_other="def test_other():\n    assert True\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "traces", "test_other.py",
                                "--oracle-report", "report.json")
    result.assert_outcomes(passed=1)
    assert not (pytester.path / "report.json").exists()
    help_text = pytester.runpytest("--help").stdout.str()
    assert "--oracle-traces" in help_text


def test_glob_matching_nothing_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "nothing/*.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "no file matches" in result.stderr.str()


def test_collect_only_lists_the_traces(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    result = pytester.runpytest("-p", "no:cacheprovider", "--collect-only", "-q",
                                "--oracle-traces", str(pytester.path / "traces" / "*.jsonl"),
                                "--oracle-traces", "traces/good.jsonl")
    lines: Any = [x for x in result.stdout.lines if "::replay" in x]
    assert sorted(lines) == sorted(f"traces/{n}.jsonl::replay"
                                   for n in ("good", "illegal", "garbage", "short"))
