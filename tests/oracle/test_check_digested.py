"""A step line of a digest trace in canonical text is read from its text
(``oracle.check._read_digested``): the record, the verdict, the report and every error
message stay those of reading each line whole."""

import contextlib
import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import check, trace
from rules_oracle.oracle.check import TraceError, check_lines

GAMES = (("crafts", 3, 2), ("caylus", 4, 0), ("burgundy", 2, 1))


@cache
def _written(name: str, players: int, seed: int) -> tuple[str, ...]:
    game = registry.get(name)
    return tuple(trace.record_game(game, game.config(players), seed))


def written(name: str = "crafts", players: int = 3, seed: int = 2) -> list[str]:
    return list(_written(name, players, seed))


def outcome(lines: list[str] | list[bytes]) -> Any:
    """The report's JSON, or the error's words."""
    try:
        return check_lines(lines).to_json()
    except TraceError as exc:
        return ("malformed", str(exc))


def same(lines: list[str] | list[bytes], monkeypatch: pytest.MonkeyPatch) -> Any:
    """:func:`outcome`, asserted equal to that of every line read whole."""
    found = outcome(lines)
    with monkeypatch.context() as m:
        m.setattr(check, "_read_digested", lambda raw: None)
        assert found == outcome(lines)
    return found


def test_a_digest_trace_s_steps_are_read_from_their_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step line gives the record the whole line gives, types included, except those
    of an action holding more than scalars (read whole); each record its own action."""
    for name, players, seed in GAMES:
        lines = written(name, players, seed)
        general = 0
        for line in lines[1:-1]:
            rec = json.loads(line)
            found = check._read_digested(line)
            if found is None:
                general += 1
                assert any(type(v) in (list, dict) for v in rec["action"].values())
                continue
            assert found == rec
            assert [type(v) for v in found.values()] == [type(v) for v in rec.values()]
        assert general < len(lines) // 20
        assert check._read_digested(lines[0]) is None and check._read_digested(lines[-1]) is None
        assert same(lines, monkeypatch)["status"] == "conforms"
    first = check._read_digested(written()[3])
    assert first is not None
    first["action"]["type"] = "Changed"
    again = check._read_digested(written()[3].encode() + b"\n")
    assert again is not None and again["action"] == json.loads(written()[3])["action"]
    assert same([line.encode() + b"\n" for line in written()], monkeypatch)["status"] == (
        "conforms")


def test_a_line_over_the_limit_or_not_utf8_is_read_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    assert check._read_digested(lines[2].encode()[:-3] + b"\xff\"}") is None
    monkeypatch.setattr(check, "MAX_LINE", len(lines[2]) - 1)
    assert check._read_digested(lines[2]) is None
    found = same(lines, monkeypatch)
    assert found[0] == "malformed" and "longer than" in found[1]


DIGEST = re.compile('"digest":"[0-9a-f]{64}"')

CHANGES: dict[str, Callable[[str], str]] = {
    "an action of a list": lambda line: line.replace('{"action":{', '{"action":{"l":[1],', 1),
    "an action's key given twice": lambda line: line.replace(
        '{"action":{', '{"action":{"type":"Roll",', 1),
    "an action without a type": lambda line: line.replace('"type":"', '"kind":"', 1),
    "a float in the action": lambda line: line.replace('{"action":{', '{"action":{"a":1.0,', 1),
    "a string holding the actor's key": lambda line: line.replace(
        '{"action":{', '{"action":{"a":",\\"actor\\":0,",', 1),
    "a string holding the digest's key": lambda line: line.replace(
        '{"action":{', '{"action":{"a":",\\"digest\\":\\"",', 1),
    "spaces in the action": lambda line: line.replace('{"action":{', '{"action": { ', 1),
    "the chance actor": lambda line: re.sub(r'"actor":[0-9]+', '"actor":"chance"', line,
                                            count=1),
    "an actor written as a float": lambda line: re.sub(r'"actor":([0-9]+)', r'"actor":\1.0',
                                                       line, count=1),
    "a digest in capitals": lambda line: DIGEST.sub(
        lambda m: m.group(0).upper().replace('"DIGEST"', '"digest"'), line),
    "a short digest": lambda line: DIGEST.sub('"digest":"' + "a" * 63 + '"', line),
    "a wrong digest": lambda line: DIGEST.sub('"digest":"' + "a" * 64 + '"', line),
    "a digest given twice": lambda line: line.replace(',"actor":', ',"digest":"x","actor":', 1),
    "a space after the digest's key": lambda line: line.replace('"digest":', '"digest": ', 1),
    "a step of 19 digits": lambda line: re.sub(r'"step":[0-9]+', '"step":' + "9" * 19, line),
    "a step of 0": lambda line: re.sub(r'"step":[0-9]+', '"step":0', line),
    "a state after the digest": lambda line: line.replace(
        '"record":"step"', '"record":"step","state":{}', 1),
    "a carriage return": lambda line: line + "\r\n",
    "text before the action": lambda line: " " + line,
    "text after the record": lambda line: line + " ",
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_changed_line_gives_what_the_whole_line_gives(
        change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = written()
    at = next(i for i, line in enumerate(lines) if re.search('"actor":[0-9]', line))
    lines[at] = CHANGES[change](lines[at])
    assert lines[at] != written()[at]
    found = same(lines, monkeypatch)
    read = check._read_digested(lines[at])
    if read is not None:  # read from its text: the record the whole line gives
        whole: Any = None
        with contextlib.suppress(TraceError):
            whole = check.parse_line(lines[at], at + 1)
        assert read == whole
        assert [type(v) for v in read.values()] == [type(v) for v in whole.values()]
    if change in ("spaces in the action", "text before the action", "text after the record",
                  "a space after the digest's key", "a carriage return"):
        assert found["status"] == "conforms"
    elif change in ("the chance actor", "a wrong digest", "a state after the digest"):
        assert found["status"] == "diverges" and found["divergence"]["step"] == at
    else:
        assert found[0] == "malformed" and found[1].startswith(f"line {at + 1}: ")


def test_each_trace_tries_the_quick_reading_of_its_header_s_kind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A digest trace's steps are tried as digest lines only, an observation trace's as
    observation lines only; a step of the other kind is read the general way."""
    tried: list[str] = []
    digested, observed = check._read_digested, check._read_observed

    def digest_spy(raw: str | bytes) -> Any:
        tried.append("digest")
        return digested(raw)

    def observed_spy(raw: str | bytes, line: int) -> Any:
        tried.append("observation")
        return observed(raw, line)

    monkeypatch.setattr(check, "_read_digested", digest_spy)
    monkeypatch.setattr(check, "_read_observed", observed_spy)
    lines = written()
    assert outcome(lines)["status"] == "conforms"
    assert set(tried) == {"digest"} and len(tried) == len(lines) - 1
    tried.clear()
    game = registry.get("crafts")
    seen = list(trace.record_game(game, game.config(3), 2, observations=0))
    assert outcome(["", *seen])["status"] == "conforms"
    assert set(tried) == {"observation"} and len(tried) == len(seen) - 1
    tried.clear()
    # a digest step in an observation trace: read whole, and found missing its observation
    seen[3] = lines[3]
    found = outcome(seen)
    assert found[0] == "malformed" and found[1].startswith("line 4: $.observation")
    with monkeypatch.context() as m:
        m.setattr(check, "_read_observed", lambda raw, line: None)
        assert outcome(seen) == found
