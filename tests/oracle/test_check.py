"""Replaying traces: conformance, every kind of divergence, every kind of malformed input."""

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.game import Game
from rules_oracle.oracle.check import (
    KINDS,
    TraceError,
    _fast_step_ok,
    check_file,
    check_lines,
)
from rules_oracle.oracle.reading import loads
from rules_oracle.oracle.trace import schema
from tests.oracle.helpers import edit, lines_of, record

pytestmark = pytest.mark.usefixtures("toy")

MOVE = "toy/move.within-roll"
ROLL = "toy/roll.chance"


def first_move(lines: list[str]) -> int:
    """The index of the first player step (a Move)."""
    return next(i for i, line in enumerate(lines) if '"Move"' in line)


@pytest.mark.rules(MOVE, ROLL)
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 3])
def test_round_trip_conforms(seed: int, players: int) -> None:
    for states in (False, True):
        report = check_lines(lines_of(seed=seed, players=players, states=states))
        assert report.conforms, report.divergence
        assert report.finished
        assert report.steps == record(lines_of(seed=seed, players=players), -1)["steps"]
        assert report.to_json()["status"] == "conforms"


def test_bytes_and_blank_lines_are_read() -> None:
    lines = lines_of()
    raw = [("\ufeff" + lines[0]).encode()] + [b"  \n"] + [x.encode() + b"\r\n" for x in lines[1:]]
    assert check_lines(raw).conforms


@pytest.mark.rules(MOVE)
def test_edited_action_that_is_still_legal_changes_the_digest() -> None:
    lines = lines_of()
    i = first_move(lines)
    roll = record(lines, i - 1)["action"]["value"]

    def change(r: dict[str, Any]) -> None:
        r["action"]["steps"] = (r["action"]["steps"] + 1) % (roll + 1)

    div = check_lines(edit(lines, i, change)).divergence
    assert div is not None and div.kind == "digest"
    assert div.step == i and div.line == i + 1
    assert div.expected != div.got and div.diffs == ()


@pytest.mark.rules(MOVE)
def test_illegal_move_names_its_rule() -> None:
    lines = lines_of()
    i = first_move(lines)
    bad = edit(lines, i, lambda r: r["action"].update(steps=9))
    report = check_lines(bad)
    div = report.divergence
    assert div is not None and div.kind == "illegal" and div.rule == MOVE
    assert div.action == {"type": "Move", "steps": 9}
    assert report.steps == i - 1
    assert "rule: toy/move.within-roll" in div.describe()
    assert div.citation == "toy.txt: «move up to the roll» (Move 1..roll steps.)"
    assert "text: toy.txt: «move up to the roll» (Move 1..roll steps.)" in div.describe()
    assert div.to_json()["citation"] == div.citation


@pytest.mark.rules(ROLL)
def test_illegal_chance_outcome_names_its_rule() -> None:
    bad = edit(lines_of(), 1, lambda r: r["action"].update(value=7))
    div = check_lines(bad).divergence
    assert div is not None and (div.kind, div.rule, div.step) == ("illegal", ROLL, 1)
    huge = edit(lines_of(), 1, lambda r: r["action"].update(value=10**300))
    div = check_lines(huge).divergence
    assert div is not None and div.rule == ROLL


@pytest.mark.rules(ROLL)
def test_wrong_action_type_for_the_phase_is_illegal() -> None:
    bad = edit(lines_of(), 1, lambda r: r.update(action={"type": "Move", "steps": 0}))
    div = check_lines(bad).divergence
    assert div is not None and div.kind == "illegal" and div.rule == ROLL


def test_edited_digest() -> None:
    lines = lines_of()
    bad = edit(lines, 4, lambda r: r.update(digest="0" * 64))
    div = check_lines(bad).divergence
    assert div is not None and div.kind == "digest" and div.step == 4
    assert div.got == "0" * 64 and div.expected == record(lines, 4)["digest"]


@pytest.mark.parametrize(("actor", "expected"), [(1, 0), ("chance", 0), (0, "chance"),
                                                  (10**300, 0)])
def test_wrong_actor(actor: Any, expected: Any) -> None:
    lines = lines_of()
    i = first_move(lines) if expected == 0 else 1
    bad = edit(lines, i, lambda r: r.update(actor=actor))
    div = check_lines(bad).divergence
    assert div is not None and div.kind == "actor"
    assert (div.expected, div.got, div.step) == (expected, actor, i)


def test_truncated_trace_is_a_divergence_or_with_allow_partial_a_warning() -> None:
    lines = lines_of(end=False)[:5]
    report = check_lines(lines)
    div = report.divergence
    assert div is not None and div.kind == "truncated" and div.step == 5 and div.line is None
    assert not report.finished
    partial = check_lines(lines, allow_partial=True)
    assert partial.conforms and partial.steps == 4
    assert len(partial.warnings) == 1 and "stops after step 4" in partial.warnings[0]
    assert partial.warnings[0].endswith(("; the game goes on: player 0 acts next",
                                         "; the game goes on: player 1 acts next",
                                         "; the game goes on: a chance step comes next"))
    header_only = check_lines(lines[:1])
    assert header_only.divergence is not None and header_only.divergence.step == 1


def test_end_record_before_the_end() -> None:
    lines = lines_of()
    early = [*lines[:5], json.dumps({"record": "end", "scores": [0, 0], "winners": [0, 1]})]
    div = check_lines(early).divergence
    assert div is not None and div.kind == "early-end" and div.step == 5
    who = {0: "player 0 acts next", 1: "player 1 acts next", "chance": "a chance step comes next"}
    assert div.message == f"the game goes on: {who[div.expected]}"


def test_steps_after_the_end() -> None:
    lines = lines_of()
    extra = edit(lines, -2, lambda r: r.update(step=len(lines) - 1))
    end = edit(lines, -1, lambda r: r.update(steps=r["steps"] + 1))[-1]
    longer = [*lines[:-1], extra[-2], end]
    div = check_lines(longer).divergence
    assert div is not None and div.kind == "after-end" and div.step == len(lines) - 1
    # every line is still read: the end record counting the records wrongly is malformed
    with pytest.raises(TraceError, match=r"\$\.steps: the trace has \d+ step records"):
        check_lines([*lines[:-1], extra[-2], lines[-1]])


@pytest.mark.parametrize("field", ["scores", "winners"])
def test_result_mismatch(field: str) -> None:
    lines = lines_of()
    bad = edit(lines, -1, lambda r: r.update({field: [*r[field], 5]}))
    div = check_lines(bad).divergence
    assert div is not None and div.kind == "result"
    assert any(d.path.startswith(f"$.{field}") for d in div.diffs)


def test_setup_digest() -> None:
    bad = edit(lines_of(), 0, lambda r: r.update(digest="f" * 64))
    div = check_lines(bad).divergence
    assert div is not None and div.kind == "setup-digest" and div.step == 0


def test_state_diff_by_field() -> None:
    lines = lines_of(states=True)
    i = first_move(lines)

    def change(r: dict[str, Any]) -> None:
        r["state"]["positions"][1] = 4
        r["state"]["turn"] = True
        r["state"]["extra"] = 1
        del r["state"]["roll"]

    div = check_lines(edit(lines, i, change)).divergence
    assert div is not None and div.kind == "state"
    got = {d.path: (d.expected, d.got, d.note) for d in div.diffs}
    assert got["$.positions[1]"][1] == 4
    assert got["$.turn"] == (1, True, "")
    assert got["$.extra"] == (None, 1, "not in the model")
    assert got["$.roll"][2] == "missing in the trace"
    text = div.describe()
    assert "$.positions[1]" in text


def test_digest_and_state_both_wrong_shows_the_diff() -> None:
    lines = lines_of(states=True)

    def change(r: dict[str, Any]) -> None:
        r["state"]["roll"] = 3 if r["state"]["roll"] != 3 else 2
        r["digest"] = "a" * 64

    div = check_lines(edit(lines, 1, change)).divergence
    assert div is not None and div.kind == "digest"
    assert [d.path for d in div.diffs] == ["$.roll"]


def test_strict_finds_actions_the_model_accepts_but_does_not_list() -> None:
    lines = lines_of()
    lax = edit(lines, 0, lambda r: r.update(game="toylax"))
    moved = next(i for i, line in enumerate(lines) if '"Move"' in line and '"steps":0' not in line)
    assert check_lines(lax).conforms
    div = check_lines(lax, strict=True).divergence
    assert div is not None and div.kind == "unlisted" and div.step == moved
    assert check_lines(lines, strict=True).conforms


def test_model_failures_are_reported_not_raised() -> None:
    for seed in range(30):
        lines = lines_of(seed=seed)
        if '"steps":2,' in "".join(lines) or '"steps":2}' in "".join(lines):
            break
    head = json.loads(lines[0])
    head["game"] = "toybroken"
    report = check_lines([json.dumps(head), *lines[1:]])
    assert report.divergence is not None and report.divergence.kind == "model-error"
    assert "ZeroDivisionError" in report.divergence.message
    assert set(KINDS) >= {report.divergence.kind}


def test_variant_in_header() -> None:
    g = registry.get("toyamb")
    config = g.config(2, {"exact-goal": "yes"})
    from rules_oracle.oracle.trace import record_game

    lines = list(record_game(g, config, 1))
    assert record(lines, 0)["variant"] == {"exact-goal": "yes", "speed": "normal"}
    report = check_lines(lines)
    assert report.conforms and dict(report.variant)["exact-goal"] == "yes"
    partial = edit(lines, 0, lambda r: r.update(variant={"speed": "fast"}))
    assert dict(check_lines(partial, allow_partial=True).variant) == {
        "exact-goal": "no", "speed": "fast"}


# -- malformed input -------------------------------------------------------------------

def header() -> dict[str, Any]:
    return record(lines_of(), 0)


def bad(lines: list[Any], line: int | None, path: str | None, words: str) -> None:
    with pytest.raises(TraceError) as info:
        check_lines(lines)
    err = info.value
    assert (err.line, err.path) == (line, path), str(err)
    assert words in err.message, str(err)
    assert str(err).startswith(f"line {line}: " if line else "")
    assert err.to_json()["status"] == "malformed"


def test_empty_and_blank_files() -> None:
    bad([], 1, None, "empty trace")
    bad(["", "   "], 1, None, "empty trace")


def test_non_json_and_binary() -> None:
    lines = lines_of()
    bad([lines[0], lines[1], "{not json"], 3, None, "not JSON")
    bad([lines[0], '{"record": "step"\n'], 2, None, "Expecting ',' delimiter at column 19")
    bad([lines[0], '{"record": "st'], 2, None, "Unterminated string starting at column 12")
    bad([lines[0], b"\xff\xfe\x00garbage"], 2, None, "not UTF-8")
    bad([b"\x89PNG\r\n"], 1, None, "not UTF-8")
    bad([lines[0], '{"record": "step", "step": NaN}'], 2, None, "not JSON")
    bad([lines[0], "[" * 100_000], 2, None, "nested more than 64 levels deep (the limit)")
    bad([lines[0], '{"step": ' + "9" * 5000 + "}"], 2, None, "not JSON")
    bad(["[1, 2]"], 1, "$", "expected an object")
    bad(["{}"], 1, "$.record", "missing field")


def test_a_key_given_twice_is_malformed_wherever_it_stands() -> None:
    lines = lines_of()
    i = first_move(lines)
    step = record(lines, i)
    body = json.dumps(step)[1:]
    twice = "the key {} is given twice in one object"
    # a first action, actor or digest the last value would hide
    bad([*lines[:i], '{"action": {"type": "Roll", "value": 1}, ' + body], i + 1, "$.action",
        twice.format('"action"'))
    bad([*lines[:i], '{"actor": 1, ' + body], i + 1, "$.actor", twice.format('"actor"'))
    bad([*lines[:i], '{"digest": "' + "0" * 64 + '", ' + body], i + 1, "$.digest",
        twice.format('"digest"'))
    inner = json.dumps(step["action"])
    nested = json.dumps(step).replace(inner, inner[:-1] + ', "steps": 0}')
    bad([*lines[:i], nested], i + 1, "$.action.steps", twice.format('"steps"'))
    bad(['{"game": "toy", ' + lines[0][1:]], 1, "$.game", twice.format('"game"'))
    bad([lines[0], '[{"a": [1, {"b": 2, "b": 3}]}]'], 2, "$[0].a[1].b", twice.format('"b"'))
    # the same key in different objects, or as a value, is no fault
    assert loads('{"a": {"a": "a"}, "b": [{"a": 1}, {"a": 2}]}') == {
        "a": {"a": "a"}, "b": [{"a": 1}, {"a": 2}]}


@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda r: r.update(format="other"), "$.format", 'expected "rules-oracle-trace"'),
    (lambda r: r.update(version=3), "$.version", "expected one of 1, 2; got 3"),
    (lambda r: r.update(version=2), "$.compare", "missing field"),
    (lambda r: r.update(compare="digest"), "$.compare", "unexpected field (version 1"),
    (lambda r: r.update(version=2, compare="state"), "$.compare", "expected one of"),
    (lambda r: r.update(game="nope"), "$.game", "unknown game 'nope'"),
    (lambda r: r.update(game=""), "$.game", "non-empty"),
    (lambda r: r.update(game="x" * 200), "$.game", "at most 100"),
    (lambda r: r.update(players=9), "$.players", "takes 2 to 3 players"),
    (lambda r: r.update(players=10**400), "$.players", "takes 2 to 3 players"),
    (lambda r: r.update(players="2"), "$.players", "expected an integer"),
    (lambda r: r.update(players=2.0), "$.players", "expected an integer"),
    (lambda r: r.update(variant={"speed": "warp"}), "$.variant", "unknown variant"),
    (lambda r: r.update(variant={"a": 1}), "$.variant.a", "expected a string"),
    (lambda r: r.update(variant=[]), "$.variant", "expected an object"),
    (lambda r: r.pop("players"), "$.players", "missing field"),
    (lambda r: r.update(colour="red"), "$.colour", "unexpected field"),
    (lambda r: r.update(record="step"), "$.step", "missing field"),
    (lambda r: r.update(record="bogus"), "$.record", "expected one of"),
])
def test_malformed_header(change: Any, path: str, words: str) -> None:
    bad(edit(lines_of(), 0, change), 1, path, words)


def test_bad_variant_reading_of_an_ambiguity() -> None:
    lines = lines_of()
    head = json.loads(lines[0]) | {"game": "toyamb", "variant": {"exact-goal": "maybe"}}
    bad([json.dumps(head)], 1, "$.variant", "readings are no, yes")


def test_game_that_fails_to_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, "ghost", "tests.oracle.fakes:NO_SUCH_GAME")
    monkeypatch.setattr(registry, "names", lambda: ("ghost",))
    bad([json.dumps(header() | {"game": "ghost"})], 1, "$.game", "cannot load game")


@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda r: r["action"].update(value="x"), "$.action.value", "expected an integer"),
    (lambda r: r["action"].update(value=True), "$.action.value", "expected an integer"),
    (lambda r: r["action"].update(value=1.5), "$.action.value", "expected an integer"),
    (lambda r: r["action"].pop("value"), "$.action.value", "required field missing"),
    (lambda r: r["action"].update(colour=1), "$.action", "unknown field"),
    (lambda r: r["action"].update(type="Jump"), "$.action.type", "unknown action type"),
    (lambda r: r["action"].update(type=3), "$.action.type", "expected a string"),
    (lambda r: r["action"].pop("type"), "$.action.type", "missing field"),
    (lambda r: r.update(action=[]), "$.action", "expected an object"),
    (lambda r: r.update(step="1"), "$.step", "expected an integer"),
    (lambda r: r.update(step=1.0), "$.step", "expected an integer"),
    (lambda r: r.update(step=0), "$.step", ">= 1"),
    (lambda r: r.update(step=2), "$.step", "expected step 1, got 2"),
    (lambda r: r.update(actor=True), "$.actor", '"chance" or a player index'),
    (lambda r: r.update(actor=-1), "$.actor", '"chance" or a player index'),
    (lambda r: r.update(actor="nature"), "$.actor", '"chance" or a player index'),
    (lambda r: r.update(digest="abc"), "$.digest", "expected"),
    (lambda r: r.update(digest=r["digest"].upper()), "$.digest", "expected"),
    (lambda r: r.update(state=[1]), "$.state", "expected an object"),
    (lambda r: r.pop("digest"), "$.digest", "missing field"),
    (lambda r: r.update(colour=1), "$.colour", "unexpected field"),
    (lambda r: r.update(record="header"), "$.format", "missing field"),
])
def test_malformed_step(change: Any, path: str, words: str) -> None:
    lines = lines_of()
    bad(edit(lines, 1, change), 2, path, words)


def test_malformed_order() -> None:
    lines = lines_of()
    bad([lines[1], *lines[2:]], 1, "$.record", 'expected "header" first')
    bad([lines[0], lines[0]], 2, "$.record", "a second header")
    bad([*lines, lines[1]], len(lines) + 1, "$.record", "nothing may follow the end record")
    bad([lines[0], lines[2]], 2, "$.step", "expected step 1, got 2")
    bad(edit(lines, -1, lambda r: r.update(steps=99)), len(lines), "$.steps", "not 99")
    bad(edit(lines, -1, lambda r: r.update(scores=[1.0, 2])), len(lines), "$.scores[0]",
        "expected an integer")
    bad(edit(lines, -1, lambda r: r.update(winners=[-1])), len(lines), "$.winners[0]", ">= 0")


def test_check_file(tmp_path: Any) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines_of()) + "\n", encoding="utf-8")
    assert check_file(str(path)).conforms
    with pytest.raises(TraceError) as info:
        check_file(str(tmp_path / "missing.jsonl"))
    assert info.value.line is None and "cannot read" in str(info.value)
    with pytest.raises(TraceError) as info:
        check_file(str(tmp_path))
    assert info.value.line is None


# -- the fast path agrees with the schema --------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False)
    | st.sampled_from(["step", "chance", "Move", "", "a" * 64, "0" * 63 + "g"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "steps", "value", "x"]), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(
    step=st.one_of(st.integers(-1, 3), st.floats(allow_nan=False), st.text(max_size=2)),
    actor=st.one_of(st.integers(-2, 3), st.sampled_from(["chance", "Chance", ""]),
                    st.booleans()),
    action=_json,
    digest=st.sampled_from(["a" * 64, "A" * 64, "a" * 63, "", "0123456789abcdef" * 4]),
    state=st.one_of(st.just(None), _json),
    extra=st.sampled_from([None, "record", "colour"]),
)
def test_fast_path_accepts_only_what_the_schema_accepts(
    step: Any, actor: Any, action: Any, digest: str, state: Any, extra: str | None
) -> None:
    rec: dict[str, Any] = {"record": "step", "step": step, "actor": actor, "action": action,
                           "digest": digest}
    if state is not None:
        rec["state"] = state
    if extra == "colour":
        rec["colour"] = 1
    elif extra == "record":
        rec["record"] = "end"
    if _fast_step_ok(rec):
        jsonschema.validate(rec, schema(), cls=jsonschema.Draft202012Validator)


def test_fast_path_takes_real_steps(toy: Game[Any, Any]) -> None:
    lines = lines_of(states=True)
    assert all(_fast_step_ok(json.loads(x)) for x in lines[1:-1])
    assert unstructure(toy.setup(toy.config(2)))["type"] == "ToyState"


def test_model_failures_in_setup_and_scoring_are_reported() -> None:
    lines = lines_of()
    no_setup = check_lines(edit(lines, 0, lambda r: r.update(game="toynosetup")))
    assert no_setup.divergence is not None and no_setup.divergence.kind == "model-error"
    assert no_setup.divergence.step == 0 and not no_setup.finished
    no_scores = check_lines(edit(lines, 0, lambda r: r.update(game="toynoscores")))
    div = no_scores.divergence
    assert div is not None and div.kind == "model-error" and "no scores" in div.message
    assert div.line == len(lines)
