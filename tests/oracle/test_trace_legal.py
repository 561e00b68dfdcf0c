"""A version-2 step's ``legal``: the engine's list before the step, compared with the model's
as sets (docs/trace-format.md, "The engine's legal actions")."""

import json
from functools import cache
from typing import Any

import jsonschema
import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import known as kn
from rules_oracle.oracle import trace
from rules_oracle.oracle.check import TraceError, check_lines
from rules_oracle.oracle.diff import show
from rules_oracle.properties.generic import legal_set


@cache
def _game() -> tuple[tuple[dict[str, Any], ...], tuple[tuple[Any, ...], ...]]:
    """Seeded crafts game 1 (3 players) as version-2 digest records, and the model's legal
    actions (canonical JSON) before each step."""
    game = registry.get("crafts")
    config = game.config(3)
    state = game.setup(config)
    head = trace.header(game, config, seed=1, compare="digest",
                        setup_digest=trace.digest(state))
    records: list[dict[str, Any]] = [head]
    legal: list[tuple[Any, ...]] = []
    for step in playout(game, config, 1):
        legal.append(tuple(unstructure(a) for a in legal_set(game, state)))
        records.append(trace.step_record(step.index, step.actor, step.action, step.state))
        state = step.state
    return tuple(records), tuple(legal)


def lines_with(at: int, listed: list[Any] | None = None, **head: Any) -> list[str]:
    """The game's first ``at`` steps, step ``at`` carrying ``listed`` (default: the model's
    own list) as its ``legal``."""
    records, legal = _game()
    out = [dict(r) for r in records[:at + 1]]
    out[0].update(head)
    out[at]["legal"] = list(legal[at - 1]) if listed is None else listed
    return [trace.dumps(r) for r in out]


def first_with(kind: str, others: bool = True) -> int:
    """The first step whose model list holds an action of ``kind`` (and another kind)."""
    _, legal = _game()
    for i, actions in enumerate(legal, start=1):
        kinds = {a["type"] for a in actions}
        if kind in kinds and (not others or len(kinds) > 1):
            return i
    raise AssertionError(f"no step lists {kind}")


def test_a_list_equal_to_the_model_s_conforms_and_is_schema_valid() -> None:
    at = first_with("Scout")
    lines = lines_with(at)
    validator = jsonschema.Draft202012Validator(trace.schema())
    for line in lines:
        validator.validate(json.loads(line))
    report = check_lines(lines, allow_partial=True)
    assert report.conforms and report.steps == at
    # the order of the list does not matter
    _, legal = _game()
    assert check_lines(lines_with(at, list(reversed(legal[at - 1]))),
                       allow_partial=True).conforms


def test_an_action_the_list_lacks_or_adds_is_a_legal_divergence_at_that_step() -> None:
    at = first_with("Scout")
    _, legal = _game()
    lacking = [a for a in legal[at - 1] if a["type"] != "Scout"]
    report = check_lines(lines_with(at, lacking), allow_partial=True)
    found = report.divergence
    assert found is not None and (found.kind, found.step, found.line) == ("legal", at, at + 1)
    assert {a["type"] for a in found.missing} == {"Scout"} and not found.extra
    assert found.missing_total == len(legal[at - 1]) - len(lacking)
    assert found.rules and report.steps == at - 1
    # an extra action: named with the rule the model rejects it under
    here = set(map(trace.dumps, legal[at - 1]))
    extra = next(a for actions in legal[at:] for a in actions
                 if trace.dumps(a) not in here and a["type"] in ("Stop", "Commit", "Done"))
    more = check_lines(lines_with(at, [*legal[at - 1], extra]), allow_partial=True)
    div = more.divergence
    assert div is not None and div.kind == "legal" and div.extra == (extra,)
    assert div.extra_rules and div.extra_rules[0] is not None and div.rule == div.extra_rules[0]
    assert div.rule in div.rules


def test_the_header_s_unsupported_kinds_are_left_out_of_the_comparison() -> None:
    at = first_with("Scout")
    _, legal = _game()
    lacking = [a for a in legal[at - 1] if a["type"] != "Scout"]
    report = check_lines(lines_with(at, lacking, unsupported=["Scout"]), allow_partial=True)
    assert report.conforms and report.steps == at


def test_a_known_entry_matches_a_lacking_action_and_the_step_is_compared_after_it() -> None:
    at = first_with("Scout")
    _, legal = _game()
    lacking = [a for a in legal[at - 1] if a["type"] != "Scout"]
    entry = {"id": "no-scout", "class": "engine-bug", "rule": "crafts/card.scouting",
             "explanation": "x", "continue": True,
             "match": {"kind": "legal", "legal": "missing", "action": ["Scout"]}}
    known = kn.parse(json.dumps({"version": 1, "game": "crafts", "deviations": [entry]}))
    lines = lines_with(at, lacking)
    report = check_lines(lines, allow_partial=True, known=known)
    assert report.passes and report.status == "known" and report.steps == at
    assert [(d.kind, d.step, d.known) for d in report.divergences] == [("legal", at, "no-scout")]
    # the step's own digest is still compared after the known list
    wrong = json.loads(lines[-1])
    wrong["digest"] = "0" * 64
    broken = check_lines([*lines[:-1], trace.dumps(wrong)], allow_partial=True, known=known)
    assert broken.divergence is not None and broken.divergence.kind == "digest"


@pytest.mark.parametrize("case", ["twice", "version-1", "unsupported-kind", "v1-unsupported"])
def test_a_malformed_list_or_declaration_names_its_line_and_field(case: str) -> None:
    at = first_with("Scout")
    _, legal = _game()
    if case == "twice":
        lines = lines_with(at, [*legal[at - 1], legal[at - 1][0]])
        where, message = (at + 1, f"$.legal[{len(legal[at - 1])}]"), "an action listed twice"
    elif case == "version-1":
        records = [json.loads(x) for x in lines_with(at)]
        records[0]["version"] = 1
        del records[0]["compare"]
        lines = [trace.dumps(r) for r in records]
        where, message = (at + 1, "$.legal"), "unexpected field (a version 2 field)"
    elif case == "unsupported-kind":
        lines = lines_with(at, unsupported=["Nothing"])
        where, message = (1, "$.unsupported[0]"), f"{show('Nothing')} is not an action kind"
    else:
        records = [json.loads(x) for x in lines_with(at, unsupported=["Scout"])]
        records[0]["version"] = 1
        del records[0]["compare"]
        lines = [trace.dumps(r) for r in records]
        where, message = (1, "$.unsupported"), "unexpected field (a version 2 field)"
    with pytest.raises(TraceError) as info:
        check_lines(lines, allow_partial=True)
    assert (info.value.line, info.value.path) == where
    assert info.value.message.startswith(message)
