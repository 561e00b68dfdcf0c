"""Play after an accepted illegal action: where the engine and the model can be brought back
in step, the divergence is reported and the game goes on, so a later bug of the same game is
found in the same drive."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rules_oracle.model.core import registry
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.known import parse

ENGINES = Path(__file__).resolve().parent / "engines"
SHUFFLE = "crafts/setup.shuffle"


def two_bugs(*options: str) -> list[str]:
    return [sys.executable, str(ENGINES / "two_bugs.py"), "5", "40", *options]


def run_one(command: list[str], **kw: Any) -> drv.GameRun:
    return drv.drive(command, [registry.get("crafts")], count=1, seed=0, players=2,
                     **kw).games[0]


@pytest.mark.rules(SHUFFLE)
@pytest.mark.parametrize(("options", "how"), [((), "unchanged"), (("changed",), "replayed")])
def test_two_independent_bugs_are_both_reported_in_one_drive(options: tuple[str, ...],
                                                             how: str) -> None:
    run = run_one(two_bugs(*options))
    first = run.divergence
    assert first is not None and first.kind == "accepts-illegal" and first.rule == SHUFFLE
    assert first.resumed == how and 5 <= first.step < 40
    assert [d.kind for d in run.later] == ["digest"] and run.later[0].step == 40
    assert run.status == "diverges" and run.accepted == 1
    assert run.after_accepted == 40 - first.step  # the steps compared after it, in full
    data = run.to_json()
    assert data["divergence"]["resumed"] == how and data["later"][0]["kind"] == "digest"
    assert data["accepted"] == 1 and data["after_accepted"] == run.after_accepted


@pytest.mark.rules(SHUFFLE)
def test_an_engine_that_cannot_be_brought_back_stops_as_before() -> None:
    run = run_one(two_bugs("changed", "no-reset"))
    div = run.divergence
    assert div is not None and div.kind == "accepts-illegal" and not div.resumed
    assert "play stopped" in div.message and run.later == () and run.accepted == 0
    assert len(run.actions) == div.step - 1


@pytest.mark.rules(SHUFFLE)
def test_a_known_accepted_action_is_counted_and_play_goes_on() -> None:
    known = parse(json.dumps({
        "version": 1, "engine": "two_bugs", "game": "crafts", "deviations": [
            {"id": "draws-anything", "class": "engine-bug", "rule": SHUFFLE,
             "explanation": "accepts a card draw the deck cannot give",
             "match": {"kind": "accepts-illegal", "rule": SHUFFLE, "action": ["Draw"]}}]}),
        "known.json")
    run = run_one(two_bugs(), known=known)
    div = run.divergence
    assert dict(run.tolerated) == {"draws-anything": 1}
    assert div is not None and div.kind == "digest" and div.step == 40 and run.known is None
    assert run.status == "diverges" and run.after_known > 0


def test_the_cli_reports_both_and_the_steps_after() -> None:
    result = CliRunner().invoke(main, [
        "drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "0",
        "--", *two_bugs("changed")])
    assert result.exit_code == 1, result.output
    text = " ".join(result.output.split())
    assert "diverges at step" in text and "accepts-illegal" in text
    assert "play went on: it was reset and every action sent again" in text
    assert "then at step 40: digest" in text
    assert "1 illegal actions accepted" in text and "steps compared after the first" in text
