"""The ``oracle`` command line, through click's test runner."""

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle.cli import main, scan_rule_marks
from rules_oracle.properties.base import Outcome
from tests.oracle.helpers import bad_input, edit, lines_of, run

pytestmark = pytest.mark.usefixtures("toy")


def write(tmp_path: Path, lines: list[str], name: str = "t.jsonl") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


# -- games, play, check --------------------------------------------------------------------

def test_games() -> None:
    result = run("games")
    assert result.exit_code == 0 and "toy" in result.stdout and "Toy dice race" in result.stdout
    rows = json.loads(run("games", "--json").stdout)
    toy = next(r for r in rows if r["name"] == "toy")
    assert toy == {"name": "toy", "title": "Toy dice race", "min_players": 2, "max_players": 3,
                   "rules": 3, "ambiguities": 0, "options": 0}
    amb = next(r for r in rows if r["name"] == "toyamb")
    assert (amb["ambiguities"], amb["options"]) == (2, 1)


def test_games_with_a_broken_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, "broken", "tests.toygame:RULES")
    result = run("games")
    assert result.exit_code == 1 and "cannot load game 'broken'" in result.stderr
    assert "toy" in result.stdout
    assert run("games", "--json").exit_code == 1
    bad_input(run("rules", "broken"), "cannot load game 'broken'")


def test_version_and_help() -> None:
    assert run("--version").exit_code == 0
    result = run("--help")
    assert result.exit_code == 0 and "check" in result.stdout


def test_play_to_stdout_and_file(tmp_path: Path) -> None:
    out = run("play", "toy", "--players", "2", "--seed", "3")
    assert out.exit_code == 0
    assert out.stdout.splitlines() == lines_of(seed=3)
    path = tmp_path / "t.jsonl"
    result = run("play", "toy", "-n", "3", "-s", "7", "--out", str(path), "--states")
    assert result.exit_code == 0 and "wrote" in result.stderr
    assert path.read_text(encoding="utf-8").splitlines() == lines_of(seed=7, players=3,
                                                                     states=True)
    variant = run("play", "toyamb", "--variant", "exact-goal=yes", "-v", "speed=fast")
    assert json.loads(variant.stdout.splitlines()[0])["variant"] == {
        "exact-goal": "yes", "speed": "fast"}


def test_play_bad_input(tmp_path: Path) -> None:
    bad_input(run("play", "nope"), "unknown game 'nope'")
    bad_input(run("play", "toy", "--players", "9"), "2 to 3 players, not 9")
    bad_input(run("play", "toy", "--players", "two"), "two")
    bad_input(run("play", "toy", "--variant", "speed"), "option=reading")
    bad_input(run("play", "toyamb", "-v", "speed=fast", "-v", "speed=normal"), "twice")
    bad_input(run("play", "toyamb", "-v", "exact-goal=maybe"), "readings are no, yes")
    bad_input(run("play", "toy", "-v", "colour=red"), "unknown variant option", "toy has")
    bad_input(run("play", "toy", "--out", str(tmp_path / "no" / "dir" / "t.jsonl")),
              "cannot write")
    bad_input(run("play"), "Missing argument")
    bad_input(run("frobnicate"), "No such command")


def test_check_conforms(tmp_path: Path) -> None:
    path = write(tmp_path, lines_of(states=True))
    result = run("check", path)
    assert result.exit_code == 0 and "conforms" in result.stdout
    report = json.loads(run("check", path, "--json").stdout)
    assert report["status"] == "conforms" and report["file"] == path and report["steps"] > 0
    stdin = run("check", "-", input="\n".join(lines_of()) + "\n")
    assert stdin.exit_code == 0, stdin.output


@pytest.mark.rules("toy/move.within-roll")
def test_check_divergence_illegal(tmp_path: Path) -> None:
    lines = lines_of()
    i = next(k for k, x in enumerate(lines) if '"Move"' in x)
    path = write(tmp_path, edit(lines, i, lambda r: r["action"].update(steps=9)))
    result = run("check", path)
    assert result.exit_code == 1
    assert f"diverges at step {i}: illegal" in result.stdout
    assert "toy/move.within-roll" in result.stdout and '"steps":9' in result.stdout
    report = json.loads(run("check", path, "--json").stdout)
    assert report["status"] == "diverges"
    assert report["divergence"]["rule"] == "toy/move.within-roll"
    assert report["divergence"]["step"] == i


def test_check_divergence_state_diff(tmp_path: Path) -> None:
    lines = lines_of(states=True)
    path = write(tmp_path, edit(lines, 2, lambda r: r["state"].update(turn=5)))
    result = run("check", path)
    assert result.exit_code == 1
    assert "$.turn" in result.stdout and "expected (model)" in result.stdout


def test_check_divergence_actor_and_truncated(tmp_path: Path) -> None:
    lines = lines_of()
    actor = run("check", write(tmp_path, edit(lines, 1, lambda r: r.update(actor=1))))
    assert actor.exit_code == 1 and "actor" in actor.stdout and "expected" in actor.stdout
    short = write(tmp_path, lines[:4], "short.jsonl")
    truncated = run("check", short)
    assert truncated.exit_code == 1 and "truncated" in truncated.stdout
    partial = run("check", short, "--allow-partial")
    assert partial.exit_code == 0 and "warning" in partial.stdout
    assert "unfinished" in partial.stdout
    assert run("check", short, "--strict", "--allow-partial").exit_code == 0


def test_check_malformed(tmp_path: Path) -> None:
    lines = lines_of()
    path = write(tmp_path, edit(lines, 3, lambda r: r["action"].update(type=7)))
    bad_input(run("check", path), path, "line 4: $.action.type: expected a string")
    report = json.loads(run("check", path, "--json").stdout)
    assert report["status"] == "malformed" and report["line"] == 4
    assert report["path"] == "$.action.type"
    assert run("check", path, "--json").exit_code == 2
    garbage = tmp_path / "g.bin"
    garbage.write_bytes(bytes(range(256)) * 40)
    bad_input(run("check", str(garbage)), "line 1", "not JSON")
    garbage.write_bytes(bytes(range(255, 0, -1)) * 40)
    bad_input(run("check", str(garbage)), "line 1", "not UTF-8")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    bad_input(run("check", str(empty)), "empty trace")
    bad_input(run("check", write(tmp_path, ["not json"], "n.jsonl")), "not JSON")
    unknown = write(tmp_path, edit(lines, 0, lambda r: r.update(game="nope")), "u.jsonl")
    bad_input(run("check", unknown), "line 1: $.game: unknown game")
    variant = write(tmp_path, edit(lines, 0, lambda r: r.update(variant={"x": "y"})), "v.jsonl")
    bad_input(run("check", variant), "line 1: $.variant")
    players = write(tmp_path, edit(lines, 0, lambda r: r.update(players=1)), "p.jsonl")
    bad_input(run("check", players), "line 1: $.players")
    huge = write(tmp_path, [lines[0], '{"step": ' + "7" * 10000 + "}"], "h.jsonl")
    bad_input(run("check", huge), "line 2", "not JSON")
    bad_input(run("check", str(tmp_path / "missing.jsonl")), "cannot read")
    # a directory is a corpus: each trace checked, the malformed ones named (exit 2)
    corpus = run("check", str(tmp_path), "--jobs", "1")
    assert corpus.exit_code == 2 and "0/7 traces pass, 0 fail, 7 malformed" in corpus.stdout
    assert "empty.jsonl: malformed: line 1: empty trace" in " ".join(corpus.stdout.split())


# -- verify -------------------------------------------------------------------------------------

def fake_verify(monkeypatch: pytest.MonkeyPatch, status: str = "passed") -> list[Any]:
    calls: list[Any] = []

    def plan(game: str, games: int = 20, seed: int = 0) -> tuple[str, int, int]:
        calls.append((game, games, seed))
        return (game, games, seed)

    def execute(plans: list[Any], jobs: int, progress: Any = None) -> list[list[Outcome]]:
        calls.append(("jobs", jobs))
        if progress is not None:
            progress("obligations", 1, 2)
            progress("obligations", 2, 2)
        return [[Outcome(f"{game}/legal-actions-apply", "property", "passed", 0.25),
                 Outcome(f"{game}/pool-conservation", "z3", status, 1.5, "detail text"),
                 Outcome(f"{game}/score-bound", "bound", "unknown", 3.0, "timeout"),
                 Outcome(f"{game}/final-bound", "bound", "proved", 1.0,
                         "max gain 9 under x=y; under the other readings unbounded under the"
                         " invariant (not attempted); observed 2")]
                for game, _, _ in plans]

    module = types.ModuleType("rules_oracle.oracle.verify")
    module.plan = plan  # type: ignore[attr-defined]
    module.execute = execute  # type: ignore[attr-defined]
    module.default_jobs = lambda: 7  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rules_oracle.oracle.verify", module)
    return calls


def test_verify_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fake_verify(monkeypatch)
    result = run("verify", "toy", "--games", "5", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert calls == [("toy", 5, 2), ("jobs", 7)]
    # standard error is not a terminal: progress as lines, the last one always shown
    assert "verify toy: obligations 2/2 (" in result.stderr
    assert "obligations 1/2" not in result.stderr
    assert run("verify", "toy", "--jobs", "3").exit_code == 0
    assert calls[-1] == ("jobs", 3)
    assert "toy/pool-conservation" in result.stdout and "detail text" in result.stdout
    assert ("4 obligations: 3 passed or proved, 0 failed, 1 unknown, 0 skipped; 1 bounds"
            " proved under a stated scope only (see their rows)") in result.stdout


def test_verify_json_and_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_verify(monkeypatch, status="counterexample")
    result = run("verify", "toy", "--json")
    assert result.exit_code == 1
    rows = json.loads(result.stdout)
    assert {tuple(sorted(r)) for r in rows} == {
        ("detail", "game", "kind", "name", "seconds", "status")}
    assert [r["status"] for r in rows] == ["passed", "counterexample", "unknown", "proved"]
    assert rows[1]["seconds"] == 1.5
    table = run("verify", "toy")
    assert table.exit_code == 1 and "1 failed" in table.stdout


def test_verify_all(monkeypatch: pytest.MonkeyPatch, only_toy: Any) -> None:
    calls = fake_verify(monkeypatch)
    assert run("verify").exit_code == 0
    assert run("verify", "all").exit_code == 0
    assert [c[0] for c in calls] == ["toy", "jobs", "toy", "jobs"]


def test_verify_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_oracle.oracle import cli

    fake_verify(monkeypatch)
    seen: list[Any] = []
    with cli._progress(True, "toy") as progress:
        assert progress is not None
        progress("x", 1, 3)
        seen.append(True)
    assert seen
    with cli._progress(False, "toy") as none:
        assert none is None


def test_verify_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_verify(monkeypatch)
    bad_input(run("verify", "nope"), "unknown game 'nope'")
    bad_input(run("verify", "toy", "--games", "0"), "0")
    bad_input(run("verify", "toy", "--jobs", "0"), "--jobs")
    monkeypatch.setitem(sys.modules, "rules_oracle.oracle.verify", None)
    bad_input(run("verify", "toy"), "verification is not available")
    monkeypatch.setattr(registry, "_GAMES", {})
    bad_input(run("verify"), "no games are registered")


# -- rules and ambiguities ------------------------------------------------------------------------

def test_rules_listing() -> None:
    result = run("rules", "toy")
    assert result.exit_code == 0 and "toy/move.within-roll" in result.stdout
    assert "Move 1..roll steps." in result.stdout
    rows = json.loads(run("rules", "toy", "--json").stdout)
    assert rows[0] == {"id": "toy/move.within-roll", "file": "toy.txt",
                       "quote": "move up to the roll", "summary": "Move 1..roll steps.",
                       "source": None}
    bad_input(run("rules", "nope"), "unknown game")


def make_tests_dir(tmp_path: Path) -> Path:
    root = tmp_path / "tests"
    (root / "sub").mkdir(parents=True)
    (root / "test_a.py").write_text(
        "import pytest\nfrom pytest import mark\n"
        "MOVES = ('toy/move.within-roll',)\n"
        "OVER = 'toy/game.over'\n"
        "@pytest.mark.rules(*MOVES, 'toy/typo')\n"
        "def test_a(): pass\n"
        "@mark.rules(OVER, [\"other/x\"])\n"
        "def test_b(): pass\n"
        "@pytest.mark.rules(some_call())\n"
        "def test_c(): pass\n",
        encoding="utf-8")
    (root / "sub" / "test_b.py").write_text("def broken(:\n", encoding="utf-8")
    return root


def test_rule_coverage(tmp_path: Path) -> None:
    root = make_tests_dir(tmp_path)
    ids, warnings = scan_rule_marks(root)
    assert ids == {"toy/move.within-roll", "toy/typo", "toy/game.over", "other/x"}
    assert len(warnings) == 2
    result = run("rules", "toy", "--coverage", "--tests", str(root))
    assert result.exit_code == 0
    assert "toy: 2/3 rules covered" in result.stdout
    assert "toy/roll.chance" in result.stdout and "toy/typo" in result.stdout
    report = json.loads(run("rules", "toy", "--coverage", "--tests", str(root),
                            "--json").stdout)
    assert report["covered"] == ["toy/move.within-roll", "toy/game.over"]
    assert report["uncovered"] == ["toy/roll.chance"]
    assert report["unknown"] == ["toy/typo"]
    assert report["total"] == 3


def test_rule_coverage_default_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_tests_dir(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert "2/3" in run("rules", "toy", "--coverage").stdout
    monkeypatch.chdir(tmp_path / "tests")
    bad_input(run("rules", "toy", "--coverage"), "tests directory 'tests' not found")
    bad_input(run("rules", "toy", "--coverage", "--tests", "nowhere"), "'nowhere' not found")
    (tmp_path / "empty").mkdir()
    bad_input(run("rules", "toy", "--coverage", "--tests", str(tmp_path / "empty")),
              "no Python files under")
    bad_input(run("rules", "toy", "--coverage", "--tests", str(tmp_path / "tests" / "test_a.py")),
              "is not a directory")


def test_ambiguities() -> None:
    result = run("ambiguities", "toyamb")
    assert result.exit_code == 0
    out = result.stdout
    assert "toyamb/goal.exact" in out and "no (default)" in out and "exact-goal" in out
    assert "none (the readings play alike)" in out
    rows = json.loads(run("ambiguities", "toyamb", "--json").stdout)
    assert [r["id"] for r in rows] == ["toyamb/goal.exact", "toyamb/die.colour"]
    assert rows[0]["readings"] == [{"key": "no", "summary": "reaching or passing 6 wins"},
                                   {"key": "yes", "summary": "only landing on 6 wins"}]
    assert rows[0]["option"] == "exact-goal" and rows[1]["option"] is None
    assert set(rows[0]) == {"id", "file", "quote", "question", "readings", "default", "why",
                            "source", "option", "kind", "unselectable", "no_witness"}
    assert [r["kind"] for r in rows] == ["option", "alike"]
    bad_input(run("ambiguities", "nope"), "unknown game")


# -- demo ----------------------------------------------------------------------------------------

def test_demo(monkeypatch: pytest.MonkeyPatch, only_toy: Any) -> None:
    calls = fake_verify(monkeypatch)
    result = run("demo")
    assert result.exit_code == 0, result.output
    assert "verify toy: 4/4 obligations without failure" in result.stdout
    assert "checked back: conforms" in result.stdout
    assert calls == [("toy", 3, 1), ("jobs", 7)]
    skipped = run("demo", "--skip-verify", "--seed", "4")
    assert skipped.exit_code == 0 and "verify" not in skipped.stdout


def test_demo_reports_failed_verification(monkeypatch: pytest.MonkeyPatch, only_toy: Any) -> None:
    fake_verify(monkeypatch, status="failed")
    result = run("demo")
    assert result.exit_code == 1 and "failed: toy/pool-conservation" in result.stdout


def test_entry_point_exits_with_the_code() -> None:
    with pytest.raises(SystemExit) as info:
        main(["rules", "nope"])
    assert info.value.code == 2
    assert main(["games", "--json"], standalone_mode=False) == 0


def test_progress_lines_off_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Off a terminal: a line every LOG_EVERY seconds; without always_last, a short run's
    last line is left out, a long run's is written."""
    from rules_oracle.oracle import cli

    monkeypatch.setattr(cli.sys.stderr, "isatty", lambda: False, raising=False)
    clock = iter([0.0, 1.0, 2.0, 20.0, 31.0, 32.0])
    monkeypatch.setattr(cli.time, "monotonic", lambda: next(clock))
    with cli._progress(True, "drive", False) as quiet:
        assert quiet is not None
        quiet("a", 1, 2)
        quiet("b", 2, 2)
    assert capsys.readouterr().err == ""
    with cli._progress(True, "drive", False) as loud:
        assert loud is not None
        loud("a", 1, 2)
        loud("b", 2, 2)
    assert capsys.readouterr().err == "drive: a 1/2 (11 s)\ndrive: b 2/2 (12 s)\n"
