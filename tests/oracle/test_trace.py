"""The trace writer and the published schema."""

import io
import json
from pathlib import Path

import jsonschema
import pytest

from rules_oracle.model.core.canon import digest, unstructure
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import trace
from tests.oracle.helpers import lines_of, record

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "src" / "rules_oracle" / "oracle" / "schema"

pytestmark = pytest.mark.usefixtures("toy")


def test_schema_copy_in_docs_is_identical() -> None:
    packaged = (SCHEMAS / "trace.schema.json").read_bytes()
    assert (ROOT / "docs" / "trace.schema.json").read_bytes() == packaged
    assert json.loads(packaged) == trace.schema()


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(trace.schema())
    assert trace.schema()["$schema"].endswith("2020-12/schema")


def test_every_written_line_is_schema_valid_and_canonical() -> None:
    validator = jsonschema.Draft202012Validator(trace.schema())
    for states in (False, True):
        lines = lines_of(seed=5, players=3, states=states)
        for line in lines:
            rec = json.loads(line)
            validator.validate(rec)
            assert trace.dumps(rec) == line
        kinds = [json.loads(x)["record"] for x in lines]
        assert kinds[0] == "header" and kinds[-1] == "end"
        assert set(kinds[1:-1]) == {"step"}


def test_records_match_the_model(toy: object) -> None:
    from rules_oracle.model.core import registry

    game = registry.get("toy")
    config = game.config(2)
    lines = lines_of(seed=4, states=True)
    head = record(lines, 0)
    assert head["format"] == trace.FORMAT and head["version"] == trace.VERSION
    assert (head["game"], head["players"], head["seed"]) == ("toy", 2, 4)
    assert head["generator"].startswith("rules-oracle")
    assert head["digest"] == digest(game.setup(config))
    steps = list(playout(game, config, 4))
    for step, line in zip(steps, lines[1:], strict=False):
        rec = json.loads(line)
        assert rec["step"] == step.index
        assert rec["actor"] == ("chance" if step.actor < 0 else step.actor)
        assert rec["action"] == unstructure(step.action)
        assert rec["digest"] == digest(step.state)
        assert rec["state"] == unstructure(step.state)
    end = record(lines, -1)
    assert end["steps"] == len(steps)
    assert end["scores"] == list(game.scores(steps[-1].state))
    assert end["winners"] == list(game.winners(steps[-1].state))


def test_same_seed_same_bytes() -> None:
    from rules_oracle.model.core import registry

    game = registry.get("toy")
    a, b = io.StringIO(), io.StringIO()
    n = trace.write_trace(a, game, game.config(3), 11, states=True)
    trace.write_trace(b, game, game.config(3), 11, states=True)
    assert a.getvalue() == b.getvalue()
    assert n == a.getvalue().count("\n")
    assert lines_of(seed=1) != lines_of(seed=2)


def test_actor_label() -> None:
    assert trace.actor_label(-1) == "chance"
    assert trace.actor_label(2) == 2
    with pytest.raises(ValueError):
        trace.actor_label(-2)


def test_header_without_optional_fields() -> None:
    from rules_oracle.model.core import registry

    game = registry.get("toy")
    head = trace.header(game, game.config(3))
    assert "seed" not in head and "digest" not in head
    assert head["players"] == 3


def test_the_documented_example_uses_actions_the_game_has() -> None:
    """docs/trace-format.md's example: every record parses (``{...}`` and ``"..."`` stand for
    what is left out), every action structures with the canonical converter as its game's
    action type, and every actor is ``"chance"`` or a seat of the header's player count."""
    from rules_oracle.model.core import registry
    from rules_oracle.model.core.canon import structure

    text = (ROOT / "docs" / "trace-format.md").read_text(encoding="utf-8")
    example = text.split("```\n", 2)[1]
    records = [json.loads(line.replace("{...}", "{}")) for line in example.splitlines()
               if line != "..."]
    header, *steps, end = records
    assert (header["record"], end["record"]) == ("header", "end")
    game = registry.get(header["game"])
    types = {cls.__name__: cls for cls in game.action_types}
    assert [r["record"] for r in steps] == ["step"] * len(steps) and len(steps) == 2
    for r in steps:
        action = structure(r["action"], types[r["action"]["type"]])
        assert unstructure(action) == r["action"]
        assert r["actor"] == "chance" or 0 <= r["actor"] < header["players"]
    assert len(end["scores"]) == header["players"]
