"""The check of an observation trace compares a step's fields as text with the model's
view's canonical text before reading them: the verdict, the report and every error
message stay those of reading each line whole (``oracle.check._read_observed``)."""

import contextlib
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import check, trace
from rules_oracle.oracle.check import TraceError, check_file, check_lines

GAMES = (("crafts", 3, 2), ("catan", 3, 1), ("cities_knights", 4, 0))


@cache
def _written(name: str, players: int, seed: int, viewer: Any) -> tuple[str, ...]:
    game = registry.get(name)
    return tuple(trace.record_game(game, game.config(players), seed, observations=viewer))


def written(name: str = "crafts", players: int = 3, seed: int = 2,
            viewer: Any = 0) -> list[str]:
    return list(_written(name, players, seed, viewer))


def outcome(lines: list[str] | Path) -> Any:
    """The report's JSON, or the error's words."""
    try:
        report = check_file(str(lines)) if isinstance(lines, Path) else check_lines(lines)
    except TraceError as exc:
        return ("malformed", str(exc))
    return report.to_json()


def whole(lines: list[str] | Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """:func:`outcome` with every line read whole."""
    with monkeypatch.context() as m:
        m.setattr(check, "_read_observed", lambda raw, line: None)
        return outcome(lines)


def same(lines: list[str] | Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    found = outcome(lines)
    assert found == whole(lines, monkeypatch)
    return found


def with_fields(line: str, text: str) -> str:
    """A canonical step line whose observation's fields are the text ``text``."""
    rec = json.loads(line)
    rec["observation"]["fields"] = {}
    canonical = trace.dumps(rec)
    assert ',"observation":{"fields":{},' in canonical
    return canonical.replace(',"observation":{"fields":{},', f',"observation":{{"fields":{text},',
                             1)


def fields_of(line: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(line)["observation"]["fields"]
    return found


def test_a_conforming_trace_is_read_without_its_fields(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name, players, seed in GAMES:
        lines = written(name, players, seed)
        read: list[int] = []
        seen = check._read_observed

        def spy(raw: str | bytes, line: int, seen: Any = seen, read: list[int] = read) -> Any:
            found = seen(raw, line)
            if found is not None:
                read.append(line)
            return found

        monkeypatch.setattr(check, "_read_observed", spy)
        found = outcome(lines)
        monkeypatch.setattr(check, "_read_observed", seen)
        assert found["status"] == "conforms"
        assert read == list(range(2, len(lines)))  # every step, not the header nor the end
        assert found == whole(lines, monkeypatch)
        assert found["fields"] and found["available"] == len(found["fields"])


def _int_path(value: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path of the first integer (not a boolean) in ``value``."""
    if type(value) is int:
        return path
    items = (value.items() if isinstance(value, dict)
             else enumerate(value) if isinstance(value, list) else ())
    for key, item in items:
        if key == "type":
            continue
        found = _int_path(item, (*path, key))
        if found is not None:
            return found
    return None


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    here = value
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = new
    return value


CHANGES: dict[str, Callable[[dict[str, Any]], str]] = {
    "a wrong number": lambda f: trace.dumps(_set(f, _int_path(f) or (), _get(f) + 1)),
    "true for a number": lambda f: trace.dumps(_set(f, _int_path(f) or (), True)),
    "a float for a number": lambda f: trace.dumps(_set(f, _int_path(f) or (), 1.0 * _get(f))),
    "an unknown field": lambda f: trace.dumps({**f, "zzz": 1}),
    "some fields only": lambda f: trace.dumps({k: f[k] for k in sorted(f)[:2]}),
    "spaces and keys reversed": lambda f: json.dumps(dict(reversed(f.items())), indent=1),
    "not JSON": lambda f: '{"a":}',
    "a list": lambda f: "[1]",
    "a key given twice": lambda f: '{"type":1,"type":2}',
    "a lone surrogate": lambda f: '{"type":"\\ud800"}',
    "too deep": lambda f: '{"a":' + "[" * 70 + "]" * 70 + "}",
    "a string holding the record's end": lambda f: trace.dumps(
        {**f, "zzz": ',"viewer":0},"record":"step","step":1}'}),
}


def _get(f: dict[str, Any]) -> int:
    here: Any = f
    for key in _int_path(f) or ():
        here = here[key]
    assert type(here) is int
    return here


@pytest.mark.parametrize("change", sorted(CHANGES))
@pytest.mark.parametrize(("name", "players", "seed"), GAMES[:2])
def test_changed_fields_give_what_the_whole_line_gives(
        change: str, name: str, players: int, seed: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written(name, players, seed)
    at = len(lines) // 2
    lines[at] = with_fields(lines[at], CHANGES[change](fields_of(lines[at])))
    found = same(lines, monkeypatch)
    if change in ("spaces and keys reversed", "some fields only"):
        assert found["status"] == "conforms"
    elif change in ("a wrong number", "true for a number", "a float for a number"):
        assert found["status"] == "diverges"
        assert found["divergence"]["kind"] == "observation"
        assert found["divergence"]["step"] == at
        path = "$." + ".".join(map(str, _int_path(fields_of(written(name, players,
                                                                    seed)[at])) or ()))
        assert found["divergence"]["diffs"][0]["path"].replace("[", ".").replace("]", "") == (
            path)
    else:
        assert found[0] == "malformed"
        assert found[1].startswith(f"line {at + 1}: ")


@pytest.mark.parametrize("other", ["step number", "action type", "after the end", "v1"])
def test_a_fault_of_the_fields_is_found_before_the_record_s_others(
        other: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    at = 1 if other == "v1" else 5  # a version 1 trace's first step has an observation
    rec = json.loads(lines[at])
    if other == "step number":
        rec["step"] += 1
    elif other == "action type":
        rec["action"]["type"] = "Nothing"
    elif other == "v1":
        head = json.loads(lines[0])
        head["version"] = 1
        head.pop("compare")
        lines[0] = trace.dumps(head)
    if other == "after the end":
        end = json.loads(lines[-1])
        end.pop("steps", None)
        lines.insert(at, trace.dumps(end))
        at += 1
    lines[at] = with_fields(trace.dumps(rec), '{"a":}')
    found = same(lines, monkeypatch)
    assert found[0] == "malformed"
    assert found[1].startswith(f"line {at + 1}: not JSON: Expecting value at column")
    lines[at] = with_fields(trace.dumps(rec), trace.dumps(fields_of(written()[at])))
    assert same(lines, monkeypatch)[0] == "malformed"


@pytest.mark.parametrize("where", ["illegal action", "after a divergence"])
def test_fields_not_compared_are_still_read(where: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    at = 6
    first = at if where == "illegal action" else 3
    rec = json.loads(lines[first])
    rec["action"] = json.loads(lines[first + 1])["action"]
    if rec["action"] == json.loads(lines[first])["action"]:  # pragma: no cover
        pytest.skip("the same action twice")
    lines[first] = trace.dumps(rec)
    assert outcome(lines)["status"] == "diverges"
    lines[at] = with_fields(lines[at], "[1]")
    found = same(lines, monkeypatch)
    assert found[0] == "malformed" and found[1].startswith(f"line {at + 1}: $.observation")


def test_a_file_of_bytes_with_line_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written("catan", 3, 1)
    path = tmp_path / "t.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8"))
    assert same(path, monkeypatch)["status"] == "conforms"
    at = 9
    changed = list(lines)
    changed[at] = with_fields(lines[at], CHANGES["a wrong number"](fields_of(lines[at])))
    path.write_bytes(("\r\n".join(changed) + "\r\n").encode("utf-8"))
    assert same(path, monkeypatch)["divergence"]["step"] == at
    path.write_bytes(("\n".join(changed) + "\n").encode("utf-8").replace(b'"turn', b'"\xffturn'))
    found = same(path, monkeypatch)
    assert found[0] == "malformed" and found[1].startswith("line 2: not UTF-8 text")


RECORD_CHANGES: dict[str, Callable[[str], str]] = {
    "a bad actor": lambda line: line.replace('"actor":', '"actor":-7,"x":', 1),
    "a broken action": lambda line: line.replace('{"action":{', '{"action":{,', 1),
    "a space before the fields": lambda line: line.replace(
        ',"observation":{"fields":', ',"observation": {"fields":', 1),
    "a step 0": lambda line: line.replace('"step":', '"step":0,"y":', 1),
}


@pytest.mark.parametrize("change", sorted(RECORD_CHANGES))
def test_a_record_that_does_not_read_without_its_fields_is_read_whole(
        change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    at = 4
    lines[at] = RECORD_CHANGES[change](lines[at])
    assert lines[at] != written()[at]
    assert check._read_observed(lines[at], at + 1) is None
    found = same(lines, monkeypatch)
    if change == "a space before the fields":
        assert found["status"] == "conforms"
    else:
        assert found[0] == "malformed" and found[1].startswith(f"line {at + 1}: ")


def test_a_line_over_the_limit_is_refused_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    limit = len(lines[3]) - 1
    monkeypatch.setattr(check, "MAX_LINE", limit)
    assert len(lines[1]) <= limit or check._read_observed(lines[1], 2) is None
    found = same(lines, monkeypatch)
    assert found[0] == "malformed" and "longer than" in found[1]


def test_a_step_s_head_is_read_from_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A canonical step line of an action of scalar values gives the record the whole line
    gives (``{}`` for its fields) without reading the record's text, each action's text
    read once."""
    for name, players, seed in GAMES:
        lines = written(name, players, seed)
        general = 0
        for at, line in enumerate(lines[1:-1], 2):
            rec = json.loads(line)
            rec["observation"]["fields"] = {}
            head = check._step_without_fields(line, line.index(',"observation":{"fields":'),
                                              line.rindex(',"viewer":'))
            found = check._read_observed(line, at)
            assert found is not None and found[0] == rec
            assert [type(v) for v in found[0].values()] == [type(v) for v in rec.values()]
            if head is None:
                general += 1
        assert general < len(lines) // 4
    rec = check._read_observed(written()[3], 4)
    assert rec is not None
    rec[0]["action"]["type"] = "Changed"  # each record has its own action
    again = check._read_observed(written()[3], 4)
    assert again is not None and again[0]["action"] == json.loads(written()[3])["action"]
    monkeypatch.setattr(check, "ACTION_TEXTS", 1)
    monkeypatch.setattr(check, "_ACTION_DATA", {})
    texts = {json.dumps(json.loads(line)["action"]) for line in written()[1:8]}
    for at, line in enumerate(written()[1:8], 2):
        assert check._read_observed(line, at) is not None
        assert len(check._ACTION_DATA) == 1
    assert len(texts) > 1


HEAD_CHANGES: dict[str, Callable[[str], str]] = {
    "an action of a list": lambda line: line.replace('{"action":{', '{"action":{"l":[1],', 1),
    "an action of an object": lambda line: line.replace('{"action":{', '{"action":{"o":{},',
                                                        1),
    "an action not an object": lambda line: line.replace('{"action":{', '{"action":[{', 1)
    .replace(',"actor":', '],"actor":', 1),
    "an action's key given twice": lambda line: line.replace(
        '{"action":{', '{"action":{"type":"Roll",', 1),
    "an action without a type": lambda line: line.replace('"type":"', '"kind":"', 1),
    "an empty action type": lambda line: line.replace(
        '{"action":{', '{"action":{"type":"",', 1).replace(',"type":"', ',"kind":"', 1),
    "a float in the action": lambda line: line.replace('{"action":{', '{"action":{"a":1.0,', 1),
    "a lone surrogate in the action": lambda line: line.replace(
        '{"action":{', '{"action":{"a":"\\ud800",', 1),
    "a string holding the actor's key": lambda line: line.replace(
        '{"action":{', '{"action":{"a":",\\"actor\\":0,",', 1),
    "spaces in the action": lambda line: line.replace('{"action":{', '{"action": { ', 1),
    "a space after the actor's key": lambda line: line.replace('"actor":', '"actor": ', 1),
    "the chance actor": lambda line: re.sub(r'"actor":[0-9]+', '"actor":"chance"', line,
                                            count=1),
    "an actor written as a float": lambda line: re.sub(r'"actor":([0-9]+)', r'"actor":\1.0',
                                                       line, count=1),
    "an actor of 19 digits": lambda line: re.sub(r'"actor":[0-9]+', '"actor":' + "9" * 19,
                                                 line, count=1),
    "a step of 19 digits": lambda line: re.sub(r'"step":[0-9]+', '"step":' + "9" * 19, line),
    "a step of 5000 digits": lambda line: re.sub(r'"step":[0-9]+', '"step":' + "9" * 5000,
                                                 line),
    "the public viewer": lambda line: line.replace(',"viewer":0},"record"',
                                                   ',"viewer":"public"},"record"'),
    "a viewer of 19 digits": lambda line: line.replace(
        ',"viewer":0},"record"', ',"viewer":' + "9" * 19 + '},"record"'),
    "text before the action": lambda line: " " + line,
}


@pytest.mark.parametrize("change", sorted(HEAD_CHANGES))
def test_a_changed_head_gives_what_the_whole_line_gives(
        change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    at = next(i for i, line in enumerate(lines) if re.search('"actor":[0-9]', line))
    lines[at] = HEAD_CHANGES[change](lines[at])
    assert lines[at] != written()[at]
    found = same(lines, monkeypatch)
    whole_rec: Any = None
    with contextlib.suppress(TraceError):
        whole_rec = check.parse_line(lines[at], at + 1)
    read = check._read_observed(lines[at], at + 1)
    if read is not None:  # read without its fields: the record the whole line gives
        whole_rec["observation"]["fields"] = {}
        assert read[0] == whole_rec
        assert [type(v) for v in read[0].values()] == [type(v) for v in whole_rec.values()]
    if change in ("spaces in the action", "text before the action",
                  "a space after the actor's key"):
        assert found["status"] == "conforms"
    elif change in ("the chance actor", "an actor of 19 digits", "the public viewer"):
        assert found["status"] == "diverges" and found["divergence"]["step"] == at
    else:
        assert found[0] == "malformed" and found[1].startswith(f"line {at + 1}: ")
