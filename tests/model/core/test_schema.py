"""The generated JSON Schemas describe exactly the canonical JSON of states and actions."""

import importlib.util
import json
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import attrs
import jsonschema
import pytest

from rules_oracle.model.core import canon, registry
from rules_oracle.model.core.play import playout
from rules_oracle.model.core.schema import game_schemas, schema_of

ROOT = Path(__file__).resolve().parents[3]


def _validator(schema: Any) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", registry.names())
def test_states_and_actions_of_seeded_play_validate(name: str) -> None:
    game = registry.get(name)
    schemas = game_schemas(game)
    state_v, action_v = _validator(schemas["state"]), _validator(schemas["action"])
    config = game.config(game.max_players)
    state_v.validate(canon.unstructure(game.setup(config)))
    steps = 0
    kinds: set[str] = set()
    for step in playout(game, config, seed=3):
        kind = type(step.action).__name__
        if kind not in kinds or step.index % 10 == 0:  # every action type, and a sample
            kinds.add(kind)
            action_v.validate(canon.unstructure(step.action))
        if step.index % 25 == 0:
            state_v.validate(canon.unstructure(step.state))
        steps += 1
    state_v.validate(canon.unstructure(step.state))
    assert steps > 25


@pytest.mark.parametrize("name", registry.names())
def test_a_wrong_field_is_rejected(name: str) -> None:
    game = registry.get(name)
    schemas = game_schemas(game)
    state_v, action_v = _validator(schemas["state"]), _validator(schemas["action"])
    data = canon.unstructure(game.setup(game.config(game.min_players)))
    assert state_v.is_valid(data)
    assert not state_v.is_valid({**data, "extra": 1})
    missing = dict(data)
    missing.pop(next(k for k in data if k != canon.TAG))
    assert not state_v.is_valid(missing)
    assert not state_v.is_valid({**data, canon.TAG: "Other"})
    config = {**data["config"], "players": "2"}
    assert not state_v.is_valid({**data, "config": config})
    assert not action_v.is_valid({canon.TAG: "NoSuchAction"})


class Colour(Enum):
    RED = "red"


@attrs.frozen
class Leaf:
    """A leaf.

    More text that is not the summary."""

    n: int
    share: Fraction
    colour: Colour
    pair: tuple[int, str]
    tags: frozenset[str]
    maybe: int | None
    side: Literal["a", "b"]


@attrs.frozen
class Node:
    child: Leaf
    flag: bool


def test_every_canonical_form_has_its_schema() -> None:
    schema = schema_of("node", Node)
    assert schema["$defs"]["Leaf"]["description"] == "A leaf."
    assert "description" not in schema["$defs"]["Node"]
    validator = _validator(schema)
    leaf = Leaf(1, Fraction(2, 3), Colour.RED, (4, "x"), frozenset({"b", "a"}), None, "a")
    node = Node(leaf, True)
    data = canon.unstructure(node)
    validator.validate(data)
    bad_leaves: list[dict[str, Any]] = [
        {"share": "2.5"}, {"colour": "blue"}, {"pair": [4]}, {"pair": [4, "x", 5]},
        {"tags": ["a", "a"]}, {"maybe": "1"}, {"n": True}, {"side": "c"},
    ]
    for change in bad_leaves:
        assert not validator.is_valid({**data, "child": {**data["child"], **change}}), change
    assert validator.is_valid({**data, "child": {**data["child"], "maybe": 7}})


def test_two_classes_of_one_name_are_refused() -> None:
    first = attrs.make_class("Twin", {"a": attrs.field(type=int)})
    second = attrs.make_class("Twin", {"b": attrs.field(type=int)})
    with pytest.raises(TypeError, match="two classes are named Twin"):
        schema_of("twins", first, second)
    with pytest.raises(ValueError, match="at least one class"):
        schema_of("none")


def test_a_type_without_a_json_form_is_refused() -> None:
    @attrs.frozen
    class Odd:
        value: dict[str, int]

    with pytest.raises(TypeError, match="no JSON Schema"):
        schema_of("odd", Odd)


def test_generated_docs_are_current() -> None:
    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "ci" / "gen_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for path, text in module.pages().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run `python ci/gen_docs.py`")
        if path.suffix == ".json":
            json.loads(text)
