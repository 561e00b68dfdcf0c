"""The eager and the steering play policies in traces, verification and witnesses."""

import json
from pathlib import Path

from click.testing import CliRunner

from rules_oracle.model.core.play import STEER
from rules_oracle.oracle.check import check_file
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.verify import run
from tests.toygame import GAME


def test_play_eager_writes_the_policy_and_checks_back(tmp_path: Path) -> None:
    out = tmp_path / "eager.jsonl"
    result = CliRunner().invoke(main, ["play", "crafts", "-n", "3", "--seed", "2",
                                       "--policy", "eager", "--out", str(out)])
    assert result.exit_code == 0, result.output
    header = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert header["policy"] == "eager"
    assert check_file(str(out)).conforms


def test_play_steer_writes_the_policy_and_checks_back(tmp_path: Path) -> None:
    out = tmp_path / "steer.jsonl"
    result = CliRunner().invoke(main, ["play", "caylus", "--seed", "3", "--policy", STEER,
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    header = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert header["policy"] == STEER
    assert check_file(str(out)).conforms


def test_play_uniform_header_has_no_policy(tmp_path: Path) -> None:
    out = tmp_path / "uniform.jsonl"
    result = CliRunner().invoke(main, ["play", "crafts", "--seed", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "policy" not in json.loads(out.read_text(encoding="utf-8").splitlines()[0])


def test_play_rejects_an_unknown_policy() -> None:
    result = CliRunner().invoke(main, ["play", "crafts", "--policy", "greedy"])
    assert result.exit_code == 2 and "greedy" in result.output


def test_verify_alternates_policies_and_steers_every_fourth_game() -> None:
    outcomes = run(GAME, games=4, invariants=())
    details = [o.detail for o in outcomes if o.kind == "property" and o.status == "passed"]
    assert details and all("4 games (2 eager, 1 steered)" in d for d in details if "games" in d)
    from rules_oracle.oracle.verify import policy_of

    assert [policy_of(i, 3) for i in range(8)] == [
        "uniform", "eager", "uniform", STEER, "eager", "uniform", "uniform", STEER]


def test_verify_reports_the_rules_play_exercised() -> None:
    """The rules the property games' steps show, n of the game's N, and the first of those
    they do not (the toy shows none: it names no effect rules)."""
    from rules_oracle.model.core import registry
    from rules_oracle.oracle.verify import exercised

    toy = [o for o in run(GAME, games=2, invariants=())
           if o.name == "observed/rules-exercised"]
    assert len(toy) == 1 and toy[0].status == "passed"
    assert toy[0].detail.startswith(f"0 of {len(list(GAME.rules))} rules shown by play")
    crafts = registry.get("crafts")
    ids = sorted(r.id for r in crafts.rules)
    row = exercised(crafts, set(ids[:3]) | {"crafts/not-a-rule"})
    assert row.detail.startswith(f"3 of {len(ids)} rules shown by play; not shown: {ids[3]}")
    assert row.detail.endswith("...")
    assert exercised(crafts, set(ids)).detail == f"{len(ids)} of {len(ids)} rules shown by play"
