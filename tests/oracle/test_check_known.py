"""`oracle check --known`: every line read, every divergence reported, known ones followed."""

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import digest_of, unstructure
from rules_oracle.model.core.game import TERMINAL
from rules_oracle.model.core.play import choose
from rules_oracle.oracle import known as kn
from rules_oracle.oracle.check import TraceError, check_lines
from rules_oracle.oracle.trace import actor_label
from tests.oracle.helpers import edit, lines_of, run

pytestmark = pytest.mark.usefixtures("toy")

MOVE = "toy/move.within-roll"


def engine_trace(at: int, change: Callable[[Any], Any], states: bool = True) -> list[str]:
    """The trace of an engine that plays seed 3 as the model does but changes its state
    after step ``at`` by ``change`` (and plays on from there, seeded)."""
    game = registry.get("toy")
    config = game.config(2)
    rng = random.Random(3)
    state = game.setup(config)
    out = [lines_of()[0]]
    step = 0
    while game.actor(state) != TERMINAL:
        step += 1
        who = actor_label(game.actor(state))
        action = choose(game, state, rng, "uniform")
        state = game.apply(state, action)
        if step == at:
            state = change(state)
        data = unstructure(state)
        rec = {"record": "step", "step": step, "actor": who, "action": unstructure(action),
               "digest": digest_of(data)}
        if states:
            rec["state"] = data
        out.append(json.dumps(rec))
    out.append(json.dumps({"record": "end", "steps": step, "scores": list(game.scores(state)),
                           "winners": list(game.winners(state))}))
    return out


def behind(state: Any) -> Any:
    """The first player one square back (an engine's bookkeeping bug)."""
    first, *rest = state.positions
    return attrs.evolve(state, positions=(max(0, first - 1), *rest))


def first_move_after(lines: list[str], at: int) -> int:
    """The step number of the first Move after step ``at``, with a position to lose."""
    for i, line in enumerate(lines[1:-1], start=1):
        rec = json.loads(line)
        if i > at and rec["action"]["type"] == "Move" and rec["state"]["positions"][0] > 0:
            return i
    raise AssertionError("no such step")


def known_of(*matches: dict[str, Any]) -> tuple[kn.Deviation, ...]:
    entries = [{"id": f"t/{i}", "class": "engine-bug", "rule": MOVE, "explanation": "x",
                "match": m, **({"broad": True} if set(m) <= {"kind", "legal"} else {})}
               for i, m in enumerate(matches)]
    return kn.parse(json.dumps({"version": 1, "game": "toy", "deviations": entries}))


def at_position() -> tuple[list[str], int]:
    plain = lines_of(states=True)
    at = first_move_after(plain, 0)
    return engine_trace(at, behind), at


@pytest.mark.rules(MOVE)
def test_a_known_divergence_is_followed_from_the_trace_s_state_and_all_later_compared() -> None:
    lines, at = at_position()
    assert check_lines(lines).divergence is not None
    known = known_of({"kind": "digest", "path": "$.positions[0]"})
    report = check_lines(lines, known=known)
    assert report.passes and not report.conforms and report.status == "known"
    assert [(d.step, d.kind, d.known) for d in report.divergences] == [(at, "digest", "t/0")]
    assert report.absorbed() == {"t/0": 1} and report.stale == ()
    two = known_of({"kind": "digest", "path": "$.positions[0]"}, {"kind": "illegal",
                                                                   "rule": MOVE})
    assert check_lines(lines, known=two).stale == ("t/1",)
    assert report.after_known == len(lines) - 2 - at and report.uncompared == 0
    assert report.finished
    # a later wrong digest is still found, after the known one
    later = edit(lines, at + 2, lambda r: r.update(digest="0" * 64))
    failed = check_lines(later, known=known)
    assert failed.divergence is not None and failed.divergence.step == at + 2
    assert failed.divergence.kind == "digest" and failed.divergence.known is None
    assert [d.known for d in failed.divergences] == ["t/0", None]
    assert failed.status == "diverges"
    # and so is a wrong end record
    end = edit(lines, -1, lambda r: r.update(scores=[s + 1 for s in r["scores"]]))
    ended = check_lines(end, known=known)
    assert ended.divergence is not None and ended.divergence.kind == "result"


@pytest.mark.rules(MOVE)
def test_a_malformed_line_anywhere_after_a_known_divergence_is_malformed() -> None:
    lines, at = at_position()
    known = known_of({"kind": "digest", "path": "$.positions[0]"})
    for garbage in ("{not json", '{"record": "step"}', '{"a": 1, "a": 2}'):
        with pytest.raises(TraceError) as caught:
            check_lines([*lines[:-3], garbage, *lines[-2:]], known=known)
        assert caught.value.line == len(lines) - 2
    # after a divergence the model cannot follow (an illegal action), the rest is still read
    far = edit(lines_of(), at, lambda r: r["action"].update(steps=9))
    illegal = known_of({"kind": "illegal", "rule": MOVE})
    report = check_lines(far, known=illegal)
    assert report.passes and report.uncompared == len(far) - 2 - at
    assert any("not compared" in w for w in report.warnings)
    with pytest.raises(TraceError) as caught:
        check_lines([*far[:-2], "{not json", far[-1]], known=illegal)
    assert caught.value.line == len(far) - 1
    with pytest.raises(TraceError, match="expected step"):
        check_lines([*far[:-2], far[-3], far[-1]], known=illegal)


@pytest.mark.rules(MOVE)
def test_digests_alone_follow_the_model_so_every_later_digest_must_be_known_too() -> None:
    plain = lines_of(states=True)
    at = first_move_after(plain, 0)
    lines = engine_trace(at, behind, states=False)
    path_only = known_of({"kind": "digest", "path": "$.positions[0]"})
    # no state written: no field to name, so a path matcher cannot match
    assert check_lines(lines, known=path_only).status == "diverges"
    every = known_of({"kind": "digest", "action": ["Move", "Roll"]})
    report = check_lines(lines, known=every)
    # the end record too differs from the model's result: no entry matches it
    assert report.divergence is not None and report.divergence.kind == "result"
    digests = len(report.divergences) - 1
    assert digests > 1 and report.absorbed() == {"t/0": digests}
    both = known_of({"kind": "digest", "action": ["Move", "Roll"]}, {"kind": "result"})
    assert check_lines(lines, known=both).absorbed() == {"t/0": digests, "t/1": 1}


@pytest.mark.rules(MOVE)
def test_the_cli_lists_every_divergence_and_counts_what_each_entry_absorbed(
        tmp_path: Path) -> None:
    lines, at = at_position()
    trace = tmp_path / "t.jsonl"
    later = edit(lines, at + 2, lambda r: r.update(digest="0" * 64))
    trace.write_text("\n".join(later) + "\n", encoding="utf-8")
    known = tmp_path / "k.json"
    entry = {"id": "t/behind", "class": "engine-bug", "rule": MOVE, "explanation": "one back",
             "match": {"kind": "digest", "path": "$.positions[0]"}}
    known.write_text(json.dumps({"version": 1, "game": "toy", "deviations": [entry]}),
                     encoding="utf-8")
    text = run("check", str(trace), "--known", str(known))
    assert text.exit_code == 1
    assert f"known deviation t/behind (engine-bug, {MOVE}) at step {at}: digest" in text.output
    assert f"diverges at step {at + 2}: digest" in text.output
    out = json.loads(run("check", str(trace), "--known", str(known), "--json").stdout)
    assert out["status"] == "diverges" and out["known"] == {"t/behind": 1}
    assert [d["step"] for d in out["divergences"]] == [at, at + 2]
    trace.write_text("\n".join(lines) + "\n", encoding="utf-8")
    passed = run("check", str(trace), "--known", str(known))
    assert passed.exit_code == 0 and "conforms but for known deviations" in passed.output
    assert "known deviations met: t/behind 1x" in passed.output
    assert "stale known deviations (absorbed nothing here): none" in passed.output
    clean = tmp_path / "clean.jsonl"
    clean.write_text("\n".join(lines_of()) + "\n", encoding="utf-8")
    idle = run("check", str(clean), "--known", str(known))
    assert idle.exit_code == 0
    assert "stale known deviations (absorbed nothing here): t/behind" in idle.output
    assert json.loads(run("check", str(clean), "--known", str(known), "--json").stdout)[
        "stale"] == ["t/behind"]
    trace.write_text("\n".join([*lines[:-2], "{", lines[-1]]) + "\n", encoding="utf-8")
    assert run("check", str(trace), "--known", str(known)).exit_code == 2
