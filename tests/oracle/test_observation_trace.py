"""Trace format version 2: steps compared through observations (docs/trace-format.md)."""

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from rules_oracle.model.core import registry
from rules_oracle.oracle import trace
from rules_oracle.oracle.check import TraceError, check_file, check_lines
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.diff import MAX_DIFFS
from tests.oracle.helpers import edit, record

pytest_plugins = ["pytester"]

pytestmark = pytest.mark.usefixtures("toy")


@cache
def _written(viewer: Any, states: bool = False) -> tuple[str, ...]:
    game = registry.get("crafts")
    return tuple(trace.record_game(game, game.config(3), 2, observations=viewer, states=states))


def written(viewer: Any = "public", states: bool = False) -> list[str]:
    """The lines of seeded crafts game 2 (3 players) written with ``viewer``'s observations."""
    return list(_written(viewer, states))


def fields(rec: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = rec["observation"]["fields"]
    return found


def malformed(lines: list[str], line: int, path: str, message: str) -> None:
    with pytest.raises(TraceError) as info:
        check_lines(lines)
    assert str(info.value) == f"line {line}: {path}: {message}"


def test_play_writes_a_version_2_trace_that_conforms(tmp_path: Path) -> None:
    out = tmp_path / "seat1.jsonl"
    result = CliRunner().invoke(main, ["play", "crafts", "-n", "3", "-s", "2",
                                       "--observations", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text("utf-8").splitlines()
    assert lines == written(1)
    validator = jsonschema.Draft202012Validator(trace.schema())
    for line in lines:
        validator.validate(json.loads(line))
        assert trace.dumps(json.loads(line)) == line
    head = record(lines, 0)
    assert (head["version"], head["compare"]) == (2, "observation")
    steps = [json.loads(x) for x in lines[1:-1]]
    assert all("digest" not in s and s["observation"]["viewer"] == 1 for s in steps)
    assert fields(steps[0])["type"] == "PlayerView"
    report = check_file(str(out))
    assert (report.conforms, report.steps, report.finished) == (True, len(steps), True)
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 0
    assert f"conforms ({len(steps)} steps, game finished, rules exercised" in checked.output


def test_public_observations_conform_and_only_present_fields_are_compared() -> None:
    lines = written()
    assert check_lines(lines).conforms

    def keep_two(rec: dict[str, Any]) -> None:
        view = fields(rec)
        rec["observation"]["fields"] = {"scores": view["scores"], "hand_sizes": view["hand_sizes"]}

    for index in range(1, len(lines) - 1):
        lines = edit(lines, index, keep_two)
    report = check_lines(lines)
    assert (report.conforms, report.steps) == (True, len(lines) - 2)
    lines = edit(lines, 4, lambda r: r["observation"].update(fields={}))
    assert check_lines(lines).conforms


def test_a_tampered_public_field_is_reported_with_its_path_and_step() -> None:
    lines = edit(written(), 5, lambda r: fields(r)["hand_sizes"].__setitem__(2, 9))
    report = check_lines(lines)
    div = report.divergence
    assert div is not None and report.steps == 4
    assert (div.kind, div.step, div.line) == ("observation", 5, 6)
    assert div.message == "public view: $.hand_sizes[2]: trace 9, model 0"
    assert [d.to_json() for d in div.diffs] == [
        {"path": "$.hand_sizes[2]", "expected": 0, "got": 9}]
    assert div.action == record(lines, 5)["action"]
    result = CliRunner().invoke(main, ["check", "--json", "-"], input="\n".join(lines))
    assert result.exit_code == 1
    assert json.loads(result.output)["divergence"]["kind"] == "observation"


def test_a_player_view_compares_the_hidden_hand() -> None:
    lines = written(1)
    hand = fields(record(lines, 9))["hand"]
    wrong = [1 - min(n, 1) for n in hand]
    report = check_lines(edit(lines, 9, lambda r: fields(r).update(hand=wrong)))
    div = report.divergence
    assert div is not None and (div.kind, div.step, div.line) == ("observation", 9, 10)
    assert div.message == f"seat 1 view: $.hand[0]: trace {wrong[0]}, model {hand[0]}"
    assert len(div.diffs) == len(hand)
    nested = edit(lines, 9, lambda r: fields(r)["public"].update(coins=[0, 0, 99]))
    div = check_lines(nested).divergence
    assert div is not None and div.diffs[-1].path == "$.public.coins[2]"


def test_a_list_of_another_length_and_a_value_of_another_type_differ_whole() -> None:
    lines = written()
    div = check_lines(edit(lines, 3, lambda r: fields(r).update(coins=[5]))).divergence
    assert div is not None and div.message == "public view: $.coins: trace [5], model [5,5,5]"
    div = check_lines(edit(lines, 3, lambda r: fields(r).update(type="PlayerView"))).divergence
    assert div is not None
    assert div.message == 'public view: $.type: trace "PlayerView", model "PublicView"'
    div = check_lines(edit(lines, 3, lambda r: fields(r).update(round={"n": 1}))).divergence
    assert div is not None and div.message == 'public view: $.round: trace {"n":1}, model 1'


def test_differing_fields_are_listed_up_to_the_limit() -> None:
    def scramble(rec: dict[str, Any]) -> None:
        view = fields(rec)
        for name in ("tables", "boards"):
            view[name] = [[7] * len(row) for row in view[name]]

    div = check_lines(edit(written(), 3, scramble)).divergence
    assert div is not None and len(div.diffs) == MAX_DIFFS == 50
    others = edit(written(), 3, lambda r: fields(r).update(boards=[{"type": "Other"}] * 3))
    div = check_lines(others).divergence
    assert div is not None
    assert [(d.path, d.got) for d in div.diffs] == [
        (f"$.boards[{i}]", {"type": "Other"}) for i in range(3)]


def test_a_field_the_view_lacks_is_malformed() -> None:
    lines = written(1)
    malformed(edit(lines, 5, lambda r: fields(r)["public"].update(seats=[])), 6,
              "$.observation.fields.public.seats", "not a field of the model's PublicView")
    malformed(edit(lines, 5, lambda r: fields(r).update({"odd key": 1})), 6,
              '$.observation.fields["odd key"]', "not a field of the model's PlayerView")


def test_a_viewer_outside_the_seats_is_malformed() -> None:
    lines = written()
    malformed(edit(lines, 2, lambda r: r["observation"].update(viewer=3)), 3,
              "$.observation.viewer", 'a viewer is "public" or a seat 0-2, not 3')
    malformed(edit(lines, 2, lambda r: r["observation"].update(viewer=-1)), 3,
              "$.observation.viewer",
              'expected "public" or a player index (an integer >= 0), got -1')
    malformed(edit(lines, 2, lambda r: r["observation"].update(viewer="me")), 3,
              "$.observation.viewer",
              'expected "public" or a player index (an integer >= 0), got "me"')
    malformed(edit(lines, 2, lambda r: r["observation"].pop("fields")), 3,
              "$.observation.fields", "missing field")


def test_what_a_step_must_carry_follows_the_header() -> None:
    lines = written()
    malformed(edit(lines, 4, lambda r: r.pop("observation")), 5,
              "$.observation", "missing field (the header compares observations)")
    digests = edit(lines, 0, lambda r: r.update(compare="digest"))
    malformed(digests, 2, "$.digest", "missing field (the header compares digests)")
    v1 = edit(lines, 0, lambda r: (r.pop("compare"), r.update(version=1)))
    malformed(v1, 2, "$.observation", "unexpected field")
    plain = list(_plain())
    malformed(edit(plain, 1, lambda r: r.pop("digest")), 2, "$.digest", "missing field")


@cache
def _plain() -> tuple[str, ...]:
    game = registry.get("crafts")
    return tuple(trace.record_game(game, game.config(3), 2))


def test_a_digest_beside_an_observation_is_compared_too() -> None:
    plain = list(_plain())
    seen = written()
    both = [json.dumps(record(plain, 0) | {"version": 2, "compare": "digest"})]
    for p, s in zip(plain[1:-1], seen[1:-1], strict=True):
        both.append(json.dumps(json.loads(p) | {"observation": json.loads(s)["observation"]}))
    both.append(plain[-1])
    assert check_lines(both).conforms
    div = check_lines(edit(both, 6, lambda r: r.update(digest="0" * 64))).divergence
    assert div is not None and (div.kind, div.step) == ("digest", 6)
    div = check_lines(edit(both, 6, lambda r: fields(r).update(round=2))).divergence
    assert div is not None and (div.kind, div.step) == ("observation", 6)


def test_a_state_beside_an_observation_without_digest() -> None:
    lines = written(states=True)
    assert check_lines(lines).conforms
    div = check_lines(edit(lines, 3, lambda r: r["state"].update(round=5))).divergence
    assert div is not None and (div.kind, div.step) == ("state", 3)
    assert [d.path for d in div.diffs] == ["$.round"]


def test_the_end_record_is_compared_as_in_version_1() -> None:
    lines = written()
    div = check_lines(edit(lines, len(lines) - 1,
                           lambda r: r.update(winners=[9]))).divergence
    assert div is not None and div.kind == "result"


def test_v1_traces_are_written_as_before() -> None:
    lines = list(_plain())
    head = record(lines, 0)
    assert head["version"] == 1 and "compare" not in head
    assert all("observation" not in json.loads(x) and "digest" in json.loads(x)
               for x in lines[1:-1])
    assert check_lines(lines).conforms


def test_a_game_whose_observe_fails_is_a_model_error() -> None:
    game = registry.get("toy")
    lines = list(trace.record_game(game, game.config(2), 3))
    head = json.dumps(record(lines, 0) | {"version": 2, "compare": "observation"})
    step = json.loads(lines[1])
    del step["digest"]
    step["observation"] = {"viewer": "public", "fields": {}}
    div = check_lines([head, json.dumps(step)]).divergence
    assert div is not None and (div.kind, div.step, div.line) == ("model-error", 1, 2)
    assert div.message == "observe failed: NotImplementedError: toy defines no observation"


def test_hostile_observations_stay_bounded() -> None:
    lines = written()
    deep: Any = 0
    for _ in range(70):
        deep = [deep]
    with pytest.raises(TraceError) as info:
        check_lines(edit(lines, 2, lambda r: fields(r).update(round=deep)))
    assert str(info.value) == "line 3: nested more than 64 levels deep (the limit)"
    shallow: Any = 0
    for _ in range(55):
        shallow = {"round": shallow}
    div = check_lines(edit(lines, 2, lambda r: fields(r).update(round=shallow))).divergence
    assert div is not None and div.message.startswith('public view: $.round: trace {"round":')
    many = edit(lines, 2, lambda r: fields(r).update(coins=[0] * 100_000))
    div = check_lines(many).divergence
    assert div is not None and div.diffs[0].path == "$.coins"


def test_play_refuses_a_viewer_outside_the_seats() -> None:
    for viewer in ("3", "x", "-1"):
        result = CliRunner().invoke(main, ["play", "crafts", "-n", "3",
                                           "--observations", viewer])
        assert result.exit_code == 2
        assert result.output.strip().endswith(
            f"--observations: expected public or a seat 0-2, got {viewer!r}")


def test_play_writes_public_observations_to_standard_output() -> None:
    result = CliRunner().invoke(main, ["play", "crafts", "-n", "3", "-s", "2",
                                       "--observations", "public"])
    assert result.exit_code == 0
    assert result.output.splitlines() == written()


def test_the_plugin_replays_version_2_traces(pytester: pytest.Pytester) -> None:
    folder = pytester.path / "traces"
    folder.mkdir()
    lines = written(1)
    (folder / "good.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad = edit(lines, 5, lambda r: fields(r)["public"]["hand_sizes"].__setitem__(2, 9))
    (folder / "bad.jsonl").write_text("\n".join(bad) + "\n", encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--oracle-traces", "traces/*.jsonl")
    result.assert_outcomes(passed=1, failed=1)
    assert "step 5 (line 6): observation: seat 1 view: $.public.hand_sizes[2]: trace 9," \
           " model 0" in result.stdout.str()


def test_a_trace_with_fewer_fields_than_the_view_is_partial(tmp_path: Path) -> None:
    lines = written()
    whole = check_lines(lines)
    assert whole.partial == () and whole.available == len(whole.fields) > 5

    def keep_two(rec: dict[str, Any]) -> None:
        view = fields(rec)
        rec["observation"]["fields"] = {"scores": view["scores"], "hand_sizes": view["hand_sizes"]}

    for index in range(1, len(lines) - 1):
        lines = edit(lines, index, keep_two)
    report = check_lines(lines)
    assert report.conforms and report.fields == ("hand_sizes", "scores")
    assert report.partial == (f"2 of {whole.available} observation fields compared",)
    out = tmp_path / "two.jsonl"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    shown = CliRunner().invoke(main, ["check", str(out)])
    assert shown.exit_code == 0
    assert f"conforms (partial: 2 of {whole.available} observation fields compared)" in (
        shown.output)
    strict = CliRunner().invoke(main, ["check", str(out), "--require-full"])
    assert strict.exit_code == 1 and "--require-full" in strict.output
    data = json.loads(CliRunner().invoke(main, ["check", str(out), "--json"]).stdout)
    assert data["partial"] == [f"2 of {whole.available} observation fields compared"]
