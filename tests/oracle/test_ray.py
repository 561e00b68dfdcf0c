"""The Ray executor on a local Ray cluster (started once, 2 CPUs): drives,
checks of a corpus and verify's obligations give, byte for byte, what the local executor
gives on the same seeds. Skipped when Ray (the ``ray`` extra) is not installed."""

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import verify
from rules_oracle.oracle.executor import LocalExecutor, RayExecutor
from rules_oracle.oracle.trace import record_game
from tests.oracle.helpers import run

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'rules-oracle[ray]')")

ENGINES = Path(__file__).resolve().parent / "engines"
FAITHFUL = [sys.executable, str(ENGINES / "faithful.py")]
BROKEN = [sys.executable, str(ENGINES / "broken.py"), "wrong-digest", "5"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def cluster() -> Iterator[str]:
    """A local Ray cluster in this process (its address, for other processes to join)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()


def test_the_ray_executor_gives_the_local_results(
        cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One test, so that the cluster starts once however the tests are spread over
    processes (pytest-xdist); each check below is one of its parts."""
    for command in (FAITHFUL, BROKEN):
        _a_drive_on_ray_is_the_local_drive(command)
    _a_drive_joins_a_cluster_by_its_address(cluster)
    _a_check_of_a_corpus_on_ray_is_the_local_check(tmp_path)
    _a_campaign_on_ray_is_the_local_campaign(tmp_path)
    _verify_obligations_on_ray_are_the_local_ones()
    _verify_on_ray_from_the_command_line(monkeypatch)


def without_time(text: str) -> str:
    return re.sub(r'"seconds": [0-9.]+', '"seconds": 0', text)


def _a_drive_on_ray_is_the_local_drive(command: list[str]) -> None:
    args = ["drive", "--game", "crafts", "--games", "3", "--seed", "5", "--json"]
    local = run(*args, "--jobs", "1", "--", *command)
    on_ray = run(*args, "--executor", "ray", "--", *command)
    assert on_ray.exit_code == local.exit_code
    assert without_time(on_ray.stdout) == without_time(local.stdout)
    assert len(json.loads(local.stdout)["games"]) == 3


def _a_drive_joins_a_cluster_by_its_address(cluster: str) -> None:
    """Another process (the command line) joins the running cluster with --address."""
    args = ["drive", "--game", "crafts", "--games", "2", "--seed", "1", "--json"]
    local = run(*args, "--jobs", "1", "--", *BROKEN)
    done = subprocess.run([sys.executable, "-m", "rules_oracle.oracle", *args, "--executor",
                           "ray", "--address", cluster, "--", *BROKEN],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == local.exit_code == 1, done.stderr
    assert without_time(done.stdout) == without_time(local.stdout)


def _a_check_of_a_corpus_on_ray_is_the_local_check(tmp_path: Path) -> None:
    game = registry.get("crafts")
    for seed in range(3):
        lines = list(record_game(game, game.config(2 + seed), seed))
        if seed == 1:
            record = json.loads(lines[4])
            record["digest"] = "f" * 64
            lines[4] = json.dumps(record)
        (tmp_path / f"g{seed}.jsonl").write_text("\n".join(lines) + "\n")
    local = run("check", str(tmp_path), "--jobs", "1", "--json")
    on_ray = run("check", str(tmp_path), "--executor", "ray", "--json")
    assert on_ray.exit_code == local.exit_code == 1
    assert on_ray.stdout == local.stdout


def _a_campaign_on_ray_is_the_local_campaign(tmp_path: Path) -> None:
    """Games that go on after accepted illegal actions (several divergences each): the
    results and the signatures, later divergences included, are the local ones."""
    sell = [sys.executable, str(ENGINES / "broken.py"), "kind-accept", "Sell"]
    args = ["--game", "crafts", "--players", "3", "--seed", "1", "--games", "2", "--no-shrink",
            "--json"]
    local = run("campaign", str(tmp_path / "local"), *args, "--jobs", "1", "--", *sell)
    on_ray = run("campaign", str(tmp_path / "ray"), *args, "--executor", "ray", "--", *sell)
    assert on_ray.exit_code == local.exit_code == 1
    mine, theirs = json.loads(local.stdout), json.loads(on_ray.stdout)
    assert theirs["signatures"] == mine["signatures"]
    assert sum(g["divergences"] for g in mine["signatures"]) > len(mine["signatures"]) > 1
    for name in ("crafts-1.json", "crafts-2.json"):
        assert ((tmp_path / "ray" / "results" / name).read_text()
                == (tmp_path / "local" / "results" / name).read_text())


def _counts(result: Any) -> Any:
    stats, eager = result
    return (stats.games, stats.steps, sorted(stats.checked.items()),
            sorted((k, [v.message for v in found]) for k, found in stats.failures.items()),
            sorted(stats.gains.items()), eager)


def _verify_obligations_on_ray_are_the_local_ones() -> None:
    """The obligations are built again on the worker from the plan's arguments; a few of
    crafts' property tasks (all of them would take minutes) give the same counts."""
    whole = verify.plan("crafts", games=10, seed=3)
    assert whole.spec == ("crafts", 10, 3, verify.QUERY_TIMEOUT, verify.TRANSITIONS)
    part = verify.Plan(whole.game, whole.tasks[:2], lambda results: list(results), whole.spec)
    local = verify.execute([part], 1)[0]
    on_ray = verify.execute([part], executor=RayExecutor())[0]
    assert [_counts(r) for r in on_ray] == [_counts(r) for r in local]
    assert local[0][0].games == 5
    mine = verify.plan("crafts", games=2, invariants=())
    assert mine.spec is None
    with pytest.raises(Exception, match="local executor only"):
        verify.execute([mine], executor=RayExecutor())
    assert isinstance(LocalExecutor(2).name, str)


def _verify_on_ray_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """`oracle verify --executor ray`: the table of two property tasks of crafts (the whole
    plan takes minutes), the same as the local one."""
    from rules_oracle.properties.base import Outcome

    real = verify.plan

    def plan(game: str, games: int = 20, seed: int = 0) -> verify.Plan:
        whole = real(game, games, seed)

        def assemble(results: Any) -> list[Outcome]:
            return [Outcome(f"part/{i}", "property", "passed", 0.0, str(_counts(r)))
                    for i, r in enumerate(results)]

        return verify.Plan(whole.game, whole.tasks[:2], assemble, whole.spec)

    monkeypatch.setattr(verify, "plan", plan)
    local = run("verify", "crafts", "--games", "10", "--json", "--jobs", "1")
    on_ray = run("verify", "crafts", "--games", "10", "--json", "--executor", "ray")
    assert on_ray.exit_code == local.exit_code == 0
    assert [(r["name"], r["detail"]) for r in json.loads(on_ray.stdout)] == [
        (r["name"], r["detail"]) for r in json.loads(local.stdout)]
    assert len(json.loads(local.stdout)) == 2
