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


class _Scripted:
    """A peer answering each op from a table (a list: one answer after another)."""

    def __init__(self, answers: dict[str, list[dict[str, Any]]]) -> None:
        self.answers = answers
        self.ops: list[str] = []

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        self.ops.append(op)
        return self.answers[op].pop(0)


def _game(answers: dict[str, list[dict[str, Any]]]) -> tuple[drv._Game, _Scripted, Any]:
    game = registry.get("crafts")
    config = game.config(2)
    peer = _Scripted(answers)
    run = drv._Game(peer, game, config, 0, "uniform", 2, False, 2)  # type: ignore[arg-type]
    return run, peer, game.setup(config)


WRONG = {"ok": True, "digest": "0" * 64}


def test_outcomes_the_engine_drew_cannot_be_replayed() -> None:
    run, peer, state = _game({"state": [WRONG]})
    run.rolled = 1
    assert run._in_step(3, state, {}) is None and peer.ops == ["state"]


def test_replays_are_bounded_and_a_rejected_replay_does_not_bring_play_back() -> None:
    run, peer, state = _game({"state": [WRONG]})
    run.replays = drv.MAX_REPLAYS
    assert run._in_step(3, state, {}) is None and peer.ops == ["state"]
    run, peer, state = _game({"state": [WRONG], "reset": [{"ok": True}],
                              "apply": [{"ok": False, "error": "no"}]})
    run.sent = [{"action": {"type": "Pass"}}, {"action": {"type": "Pass"}}]
    assert run._in_step(3, state, {}) is None
    assert peer.ops == ["state", "reset", "apply"] and run.replays == 1


def test_an_observation_still_the_models_means_the_engine_did_not_change() -> None:
    from rules_oracle.model.core.canon import unstructure
    from rules_oracle.model.core.game import PUBLIC

    run, peer, state = _game({})
    view = unstructure(run.game.observe(state, PUBLIC))
    run.declared = drv.Declared("observation", PUBLIC, ("coins", "stage"))
    seen = {"coins": view["coins"], "stage": view["stage"]}
    assert run._in_step(3, state, {"ok": True, "observation": seen}) == "unchanged"
    assert peer.ops == []
    changed = {**seen, "coins": [c + 1 for c in view["coins"]]}
    run.rolled = 1
    assert run._in_step(3, state, {"ok": True, "observation": changed}) is None
    with pytest.raises(drv._Stop) as stop:  # a reply that breaks the protocol stays one
        run._in_step(3, state, {"ok": True, "observation": {"coins": view["coins"]}})
    assert stop.value.divergence.kind == "protocol"


def test_an_engine_failing_on_the_way_back_is_reported_after_the_action_it_accepted() -> None:
    from rules_oracle.model.core.canon import structure
    from rules_oracle.model.core.errors import IllegalAction

    class Failing(_Scripted):
        def request(self, op: str, **fields: Any) -> dict[str, Any]:
            if op == "state":
                raise drv.PeerFailure("crash", "the implementation exited")
            return super().request(op, **fields)

    game = registry.get("crafts")
    config = game.config(2)
    state = game.setup(config)
    data = {"type": "Draw", "card": 999}
    types = {cls.__name__: cls for cls in game.action_types}
    with pytest.raises(IllegalAction) as illegal:
        game.apply(state, structure(data, types["Draw"]))
    run = drv._Game(Failing({"apply": [{"ok": True}]}), game, config, 0, "uniform", 2,  # type: ignore[arg-type]
                    False, 2)
    with pytest.raises(drv._Stop) as stop:
        run._send_probe(1, data, illegal.value, state)
    assert stop.value.divergence.kind == "crash"
    (kept,) = run.found
    assert kept.kind == "accepts-illegal" and kept.rule == SHUFFLE and not kept.resumed


def test_a_game_is_known_only_when_every_later_divergence_is_known() -> None:
    import attrs

    from rules_oracle.oracle.divergence import Divergence

    first = Divergence("accepts-illegal", 5, "accepted", known="a")
    later = Divergence("digest", 9, "differs", known="b")
    run = drv.GameRun("crafts", 2, (), 0, "uniform", 8, False, first, (), known="a",
                      later=(later,))
    assert run.status == "known" and run.divergences == (first, later)
    report = drv.DriveReport(("engine",), (run,), 1, 0.0, entries=("a", "b", "c"))
    assert report.absorbed() == {"a": 1, "b": 1} and report.stale == ("c",)
    assert attrs.evolve(run, later=(attrs.evolve(later, known=None),)).status == "diverges"
