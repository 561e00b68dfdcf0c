"""JSON Schemas of the canonical JSON of states and actions, built from the classes.

The schema mirrors :mod:`model.core.canon` exactly: an ``attrs`` class is an
object with every field required, no other key, and ``"type"`` fixed to the
class name; ``int`` is an integer, ``bool`` a boolean, ``str`` a string, an
``Enum`` one of its values, ``Fraction`` a ``"p/q"`` string; ``tuple[X, ...]``
is an array of X, ``tuple[X, Y]`` an array of exactly those items, a
``frozenset[X]`` an array of distinct X (sorted by canonical text), ``X | None``
either X or ``null``, and a union of classes one of their objects. Every class
is one entry of ``$defs``, described by the first paragraph of its docstring.

An implementer in any language learns every field of a game's state and
actions from these schemas alone (``docs/schemas/``, written by
``ci/gen_docs.py``); a test validates states and actions from seeded play
against them and checks that a wrong field is rejected.
"""

import inspect
import types
import typing
from enum import Enum
from fractions import Fraction
from typing import Any

import attrs

from rules_oracle.model.core.canon import TAG, class_doc, field_types

JSON = Any

DIALECT = "https://json-schema.org/draft/2020-12/schema"
FRACTION_PATTERN = r"^-?[0-9]+/[0-9]+$"


def _summary(cls: type) -> str | None:
    doc = class_doc(cls)  # as the source writes it, also for a compiled class
    if not doc or doc == inspect.getdoc(object):
        return None
    return " ".join(doc.split("\n\n", 1)[0].split())


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {}
        self.classes: dict[str, type] = {}

    def ref(self, cls: type) -> JSON:
        name = cls.__name__
        if self.classes.setdefault(name, cls) is not cls:
            raise TypeError(f"two classes are named {name}: the type tag cannot tell them apart")
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: recursive types terminate
            hints = field_types(cls)  # as declared, also for a compiled class
            fields = attrs.fields(cls)
            props: dict[str, JSON] = {TAG: {"const": name}}
            for field in fields:
                props[field.name] = self.of(hints[field.name])
            body: JSON = {
                "type": "object",
                "properties": props,
                "required": sorted([TAG, *(f.name for f in fields)]),
                "additionalProperties": False,
            }
            summary = _summary(cls)
            if summary:
                body = {"description": summary, **body}
            self.defs[name] = body
        return {"$ref": f"#/$defs/{name}"}

    def of(self, t: Any) -> JSON:
        if t is bool:
            return {"type": "boolean"}
        if t is int:
            return {"type": "integer"}
        if t is str:
            return {"type": "string"}
        if t is type(None):
            return {"type": "null"}
        if t is Fraction:
            return {"type": "string", "pattern": FRACTION_PATTERN}
        if isinstance(t, type) and issubclass(t, Enum):
            return {"enum": [member.value for member in t]}
        if isinstance(t, type) and attrs.has(t):
            return self.ref(t)
        origin = typing.get_origin(t)
        args = typing.get_args(t)
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin is typing.Union or origin is types.UnionType:
            return {"anyOf": [self.of(a) for a in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {"type": "array", "prefixItems": [self.of(a) for a in args],
                    "items": False, "minItems": len(args)}
        if origin in (frozenset, set):
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        raise TypeError(f"no JSON Schema for the type {t!r}")


def schema_of(title: str, *classes: type) -> JSON:
    """A schema whose instances are the canonical JSON of any one of ``classes``."""
    if not classes:
        raise ValueError("schema_of needs at least one class")
    builder = _Builder()
    refs = [builder.ref(cls) for cls in classes]
    root: JSON = {"$schema": DIALECT, "title": title}
    root.update(refs[0] if len(refs) == 1 else {"oneOf": refs})
    root["$defs"] = dict(sorted(builder.defs.items()))
    return root


def game_schemas(game: Any) -> dict[str, JSON]:
    """The ``state`` and ``action`` schemas of a game (``model.core.game.Game``), and the
    ``observation`` schema when the game has observations (``observation_types``)."""
    out = {
        "state": schema_of(f"{game.name} state", game.state_type),
        "action": schema_of(f"{game.name} action", *game.action_types),
    }
    if game.observation_types:
        out["observation"] = schema_of(f"{game.name} observation", *game.observation_types)
    return out
