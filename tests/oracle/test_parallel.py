"""Drives and checks on every core: the same runs, order and reports for any number of
worker processes; the executor's own behaviour (dead workers, errors, workers' ends)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import executor as ex
from rules_oracle.oracle.trace import record_game
from tests.oracle.helpers import run

ENGINES = Path(__file__).resolve().parent / "engines"
FAITHFUL = [sys.executable, str(ENGINES / "faithful.py")]
ROOT = Path(__file__).resolve().parents[2]


def broken(fault: str, after: int = 3) -> list[str]:
    return [sys.executable, str(ENGINES / "broken.py"), fault, str(after)]


def without_time(text: str) -> str:
    """A report without its wall time (the one thing that differs between runs)."""
    text = re.sub(r'"seconds": [0-9.]+', '"seconds": 0', text)
    return re.sub(r"[0-9.]+ s\)", "s)", text)


@pytest.mark.parametrize("command", [FAITHFUL, broken("miss-legal", 4), broken("crash", 6)])
def test_drive_reports_are_identical_for_any_number_of_jobs(command: list[str]) -> None:
    args = ["drive", "--game", "crafts", "--games", "4", "--seed", "3"]
    outs = {}
    for jobs in ("1", "2"):
        as_json = run(*args, "--jobs", jobs, "--json", "--", *command)
        text = run(*args, "--jobs", jobs, "--", *command)
        assert as_json.exit_code == text.exit_code
        outs[jobs] = (without_time(as_json.stdout), without_time(text.stdout),
                      as_json.exit_code)
    assert outs["1"] == outs["2"]
    report = json.loads(outs["2"][0])
    assert [g["seed"] for g in report["games"]] == [3, 4, 5, 6]
    assert [g["players"] for g in report["games"]] == [2, 3, 4, 5]
    if command is FAITHFUL:
        assert report["status"] == "conforms" and outs["1"][2] == 0
    else:
        assert report["status"] == "diverges" and outs["1"][2] == 1
        assert all(g["divergence"] is not None for g in report["games"])


def _traces(folder: Path) -> list[Path]:
    game = registry.get("crafts")
    paths = []
    for seed in range(3):
        lines = list(record_game(game, game.config(2 + seed), seed))
        path = folder / f"game{seed}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        paths.append(path)
    bad = list(record_game(game, game.config(2), 9))
    record = json.loads(bad[3])
    record["digest"] = "0" * 64
    bad[3] = json.dumps(record)
    (folder / "sub").mkdir()
    (folder / "sub" / "wrong.jsonl").write_text("\n".join(bad) + "\n")
    return paths


def test_check_of_a_directory_or_glob_is_identical_for_any_number_of_jobs(
        tmp_path: Path) -> None:
    _traces(tmp_path)
    one = run("check", str(tmp_path), "--jobs", "1", "--json")
    two = run("check", str(tmp_path), "--jobs", "2", "--json")
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 1
    report = json.loads(one.stdout)
    assert [Path(f["file"]).name for f in report["files"]] == [
        "game0.jsonl", "game1.jsonl", "game2.jsonl", "wrong.jsonl"]
    assert [f["status"] for f in report["files"]][:3] == ["conforms"] * 3
    assert report["files"][3]["divergences"][0]["kind"] == "digest"
    assert (report["passed"], report["failed"], report["malformed"]) == (3, 1, 0)
    text = run("check", str(tmp_path), "--jobs", "2")
    assert "3/4 traces pass, 1 fail, 0 malformed" in text.stdout
    assert "diverges at step" in text.stdout
    glob = run("check", str(tmp_path / "game*.jsonl"), "--jobs", "2", "--json")
    assert glob.exit_code == 0 and json.loads(glob.stdout)["status"] == "passes"
    (tmp_path / "broken.jsonl").write_text("{not json\n")
    malformed = run("check", str(tmp_path), "--jobs", "2")
    assert malformed.exit_code == 2 and "broken.jsonl: malformed" in malformed.stdout
    as_json = json.loads(run("check", str(tmp_path), "--json").stdout)
    assert as_json["status"] == "malformed" and as_json["files"][0]["status"] == "malformed"
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = run("check", str(empty))
    assert nothing.exit_code == 2 and "no trace files" in nothing.stderr


def test_check_of_many_with_a_known_file_of_another_game(tmp_path: Path) -> None:
    _traces(tmp_path)
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"game": "catan", "deviations": [
        {"id": "x", "class": "engine-bug", "rule": "catan/robber", "explanation": "e",
         "match": {"kind": "digest", "path": ["$.robber"]}}]}))
    result = run("check", str(tmp_path / "*.jsonl"), "--known", str(known))
    assert result.exit_code == 2 and "--known" in result.stderr


def test_executor_options_are_checked() -> None:
    result = run("drive", "--game", "crafts", "--address", "x:1", "--", *FAITHFUL)
    assert result.exit_code == 2 and "--address is for --executor ray" in result.stderr
    result = run("verify", "crafts", "--address", "x:1")
    assert result.exit_code == 2 and "--address is for --executor ray" in result.stderr
    with pytest.raises(ex.ExecutorError, match="unknown executor"):
        ex.executor("dask")
    assert ex.executor("local", 3).name == "local, 3 processes"
    assert ex.executor("local", 1).name == "local, 1 process"
    assert ex.executor("ray", None, "h:1").name == "ray at h:1"
    assert ex.executor("ray").name == "ray"


# -- the local executor -------------------------------------------------------------------------

_ENDED: list[str] = []


def _square(x: int) -> int:
    return x * x


def _dies_on_two(x: int) -> int:
    if x == 2:
        os._exit(7)
    return x


def _raises_on_one(x: int) -> int:
    if x == 1:
        raise ValueError("one is bad")
    return x


def _end() -> None:
    _ENDED.append("ended")


def _registers(x: int) -> int:
    ex.at_worker_end(_end)
    return x


def test_local_executor_keeps_the_items_order_and_reports_each_as_it_ends() -> None:
    seen: list[tuple[int, Any]] = []
    out = ex.LocalExecutor(2).map(_square, list(range(7)),
                                  done=lambda i, r: seen.append((i, r)))
    assert out == [x * x for x in range(7)]
    assert sorted(seen) == [(i, i * i) for i in range(7)]
    assert ex.LocalExecutor(1).map(_square, [3]) == [9]


def test_a_dead_worker_fails_its_item_and_is_replaced() -> None:
    out = ex.LocalExecutor(2).map(_dies_on_two, [0, 1, 2, 3, 4],
                                  failed=lambda item, why: f"failed {item}: {why}")
    assert out[:2] == [0, 1] and out[3:] == [3, 4]
    assert isinstance(out[2], str) and "worker process died (exit code 7)" in out[2]
    with pytest.raises(ex.ExecutorError, match="item 2"):
        ex.LocalExecutor(2).map(_dies_on_two, [0, 1, 2, 3])
    raised = ex.LocalExecutor(2).map(_raises_on_one, [0, 1, 2],
                                     failed=lambda item, why: why)
    assert raised == [0, "ValueError: one is bad", 2]


def test_workers_end_what_they_registered() -> None:
    _ENDED.clear()
    assert ex.LocalExecutor(1).map(_registers, [1, 2]) == [1, 2]
    assert _ENDED == ["ended"]  # once, in this process, after the work
    ex.worker_end()
    assert _ENDED == ["ended"]


def test_the_ray_executor_without_ray_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ex.ExecutorError, match=r"rules-oracle\[ray\]"):
        ex.RayExecutor().map(_square, [1])
    result = run("drive", "--game", "crafts", "--games", "1", "--executor", "ray", "--",
                 *FAITHFUL)
    assert result.exit_code == 2 and "rules-oracle[ray]" in result.stderr


def test_a_local_drive_never_imports_ray() -> None:
    code = ("import sys\n"
            "from click.testing import CliRunner\n"
            "from rules_oracle.oracle.cli import main\n"
            f"r = CliRunner().invoke(main, ['drive', '--game', 'crafts', '--games', '2',"
            f" '--jobs', '2', '--', {FAITHFUL[0]!r}, {FAITHFUL[1]!r}])\n"
            "assert r.exit_code == 0, r.output\n"
            "assert 'ray' not in sys.modules, 'ray was imported'\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_a_page_is_one_traces_report_so_html_of_a_directory_is_refused(
        tmp_path: Path) -> None:
    _traces(tmp_path)
    refused = run("check", str(tmp_path), "--html", str(tmp_path / "page.html"))
    assert refused.exit_code == 2 and "--html takes one trace" in refused.output
    assert not (tmp_path / "page.html").exists()
