"""The pytest plugin, run in a nested pytest through ``pytester``."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
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
    toy = registry.get("toy")
    assert re.search(rf'name="oracle_rules_exercised" value="\d+ of {len(toy.rules)}"', xml)


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


def known_file(path: Path, *matches: tuple[str, dict[str, Any]], game: str = "toy",
               rule: str = "toy/move.within-roll") -> Path:
    deviations = [{"id": ident, "class": "engine-bug", "rule": rule,
                   "explanation": "one line", "match": match,
                   **({"broad": True} if set(match) <= {"kind", "legal"} else {})}
                  for ident, match in matches]
    path.write_text(json.dumps({"version": 1, "engine": "e", "game": game,
                                "deviations": deviations}), encoding="utf-8")
    return path


@pytest.mark.rules("toy/move.within-roll")
def test_a_known_deviation_does_not_fail_and_an_unknown_one_does(
        pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    known_file(pytester.path / "known.json",
               ("t/far", {"kind": "illegal", "rule": "toy/move.within-roll"}))
    junit = pytester.path / "junit.xml"
    result = pytester.runpytest("-p", "no:cacheprovider", "-rx", "--oracle-traces",
                                "traces/*.jsonl", "--oracle-known", "known.json",
                                "--oracle-report", "report.json", f"--junitxml={junit}")
    # good conforms; illegal is known; short (truncated) and garbage still fail
    result.assert_outcomes(passed=1, xfailed=1, failed=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    out = result.stdout.str()
    assert "known deviation t/far (engine-bug, toy/move.within-roll) at step" in out
    report = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))
    assert (report["conforms"], report["known"], report["diverges"], report["malformed"]) == (
        1, 1, 1, 1)
    by_name = {Path(r["trace"]).name: r for r in report["results"]}
    assert by_name["illegal.jsonl"]["status"] == "known"
    assert by_name["illegal.jsonl"]["known"] == {"t/far": 1}
    assert by_name["short.jsonl"]["status"] == "diverges"
    assert 'name="oracle_known" value="t/far"' in junit.read_text(encoding="utf-8")
    assert 'name="oracle_absorbed" value="t/far 1x"' in junit.read_text(encoding="utf-8")
    assert report["absorbed"] == {"t/far": 1} and report["stale"] == []
    assert "oracle: known deviations absorbed: t/far 1x" in out
    assert "oracle: stale known deviations (absorbed nothing): none" in out
    # only the known one selected: the run passes
    alone = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces",
                               "traces/illegal.jsonl", "--oracle-known", "known.json")
    alone.assert_outcomes(xfailed=1)
    assert alone.ret == pytest.ExitCode.OK
    # an entry that does not match: the divergence fails as without the file
    known_file(pytester.path / "other.json", ("t/digest", {"kind": "digest"}))
    other = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces",
                               "traces/illegal.jsonl", "--oracle-known", "other.json")
    other.assert_outcomes(failed=1)


def test_the_known_file_from_the_ini_file(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    (pytester.path / "ci").mkdir()
    known_file(pytester.path / "ci" / "known.json",
               ("t/far", {"kind": "illegal"}), ("t/short", {"kind": "truncated"}))
    pytester.makeini("[pytest]\noracle_known = ci/known.json\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl")
    result.assert_outcomes(passed=1, xfailed=2, failed=1)  # garbage is malformed, never known
    # the option overrides the ini file
    known_file(pytester.path / "none.json")
    over = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl",
                              "--oracle-known", "none.json")
    over.assert_outcomes(passed=1, failed=3)


def test_a_bad_known_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    (pytester.path / "bad.json").write_text('{"version": 1, "deviations": [{"id": 3}]}',
                                            encoding="utf-8")
    for name, words in (("missing.json", "cannot read it"), ("bad.json", "$.")):
        result = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces",
                                    "traces/good.jsonl", "--oracle-known", name)
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        err = result.stderr.str()
        assert "--oracle-known" in err and words in err, err


def test_a_reading_names_and_classifies_a_trace(pytester: pytest.Pytester) -> None:
    from tests.oracle.test_check_readings import FLAT, flat_trace

    folder = pytester.path / "traces"
    folder.mkdir()
    (folder / "flat.jsonl").write_text("\n".join(flat_trace("public")) + "\n",
                                       encoding="utf-8")
    failed = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl")
    failed.assert_outcomes(failed=1)
    assert f"conforms under {FLAT}" in failed.stdout.str()
    known_file(pytester.path / "known.json", ("e/flat", {"reading": FLAT}), game="crafts",
               rule="crafts/prices")
    known = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl",
                               "--oracle-known", "known.json")
    known.assert_outcomes(xfailed=1)


def test_require_full_fails_a_trace_not_compared_in_full(pytester: pytest.Pytester) -> None:
    traces(pytester.path)
    args = ["-p", "no:cacheprovider", "--oracle-traces", "traces/short.jsonl",
            "--oracle-allow-partial"]
    lenient = pytester.runpytest(*args, "--junitxml=j.xml")
    lenient.assert_outcomes(passed=1)
    junit = (pytester.path / "j.xml").read_text(encoding="utf-8")
    assert 'name="oracle_partial" value="the trace stops before the game ends"' in junit
    strict = pytester.runpytest(*args, "--oracle-require-full")
    strict.assert_outcomes(failed=1)
    assert "not compared in full (--oracle-require-full)" in strict.stdout.str()


def test_entries_explaining_one_step_together_are_each_named(
        pytester: pytest.Pytester) -> None:
    from rules_oracle.oracle.check import check_lines
    from tests.oracle.test_check_readings import FLAT, flat_trace

    lines = flat_trace("public")
    first = check_lines(lines).divergence
    assert first is not None and first.line is not None
    (pytester.path / "traces").mkdir()
    (pytester.path / "traces" / "flat.jsonl").write_text("\n".join(edit(
        lines, first.line - 1, lambda r: r["observation"]["fields"].update(round=99))) + "\n",
        encoding="utf-8")
    (pytester.path / "known.json").write_text(json.dumps({
        "version": 1, "engine": "e", "game": "crafts", "deviations": [
            {"id": "e/flat", "class": "reading", "rule": "crafts/prices",
             "explanation": "flat prices", "match": {"reading": FLAT}},
            {"id": "e/round", "class": "engine-bug", "rule": "crafts/prices",
             "explanation": "a wrong round",
             "match": {"kind": "observation", "path": "$.round"}}]}), encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "-rx", "--oracle-traces",
                                "traces/*.jsonl", "--oracle-known", "known.json",
                                "--oracle-report", "report.json")
    result.assert_outcomes(xfailed=1)
    out = result.stdout.str()
    assert f"known deviation e/round (engine-bug, crafts/prices) at step {first.step}" in out
    report = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))
    assert report["absorbed"] == {"e/flat": 1, "e/round": 1} and report["stale"] == []
