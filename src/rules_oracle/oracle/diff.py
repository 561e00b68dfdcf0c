"""Field-level differences between two canonical JSON values."""

import json
import re
from collections.abc import Iterable
from typing import Any

import attrs

from rules_oracle.model.core.canon import canonical_text

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@attrs.frozen(slots=True)
class FieldDiff:
    """One field whose value differs: ``expected`` is the model's, ``got`` the trace's.

    ``note`` says when a side lacks the field (``"missing in the trace"``,
    ``"not in the model"``); the absent side is then ``None``.
    """

    path: str
    expected: Any
    got: Any
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        out = {"path": self.path, "expected": self.expected, "got": self.got}
        if self.note:
            out["note"] = self.note
        return out


def child(path: str, key: str | int) -> str:
    """The JSON path of a member: ``$.a.b``, ``$.a[3]``, ``$["odd key"]``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if _NAME.fullmatch(key):
        return f"{path}.{key}"
    return f'{path}["{key}"]'


def path_of(parts: Iterable[str | int]) -> str:
    """The JSON path of a sequence of keys and indices from the root."""
    out = "$"
    for p in parts:
        out = child(out, p)
    return out


def clip(text: str, limit: int = 200) -> str:
    """``text`` with white space folded, cut to ``limit`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def show(value: Any, limit: int = 120) -> str:
    """A JSON value as compact canonical text for messages, cut to ``limit``."""
    try:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):  # pragma: no cover - values shown here come from JSON
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: same type as well as same value (``1``, ``1.0`` and ``true`` differ)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def field_diff(expected: Any, got: Any, path: str = "$", limit: int = 50) -> list[FieldDiff]:
    """The differing leaves of two JSON values, depth first in key order (at most ``limit``)."""
    out: list[FieldDiff] = []
    _walk(expected, got, path, out, limit)
    return out


def _walk(expected: Any, got: Any, path: str, out: list[FieldDiff], limit: int) -> None:
    if len(out) >= limit:
        return
    if type(expected) is dict and type(got) is dict:
        for key in sorted(expected.keys() | got.keys()):
            if len(out) >= limit:
                return
            where = child(path, key)
            if key not in got:
                out.append(FieldDiff(where, expected[key], None, "missing in the trace"))
            elif key not in expected:
                out.append(FieldDiff(where, None, got[key], "not in the model"))
            else:
                _walk(expected[key], got[key], where, out, limit)
        return
    if type(expected) is list and type(got) is list:
        for i in range(max(len(expected), len(got))):
            if len(out) >= limit:
                return
            where = child(path, i)
            if i >= len(got):
                out.append(FieldDiff(where, expected[i], None, "missing in the trace"))
            elif i >= len(expected):
                out.append(FieldDiff(where, None, got[i], "not in the model"))
            else:
                _walk(expected[i], got[i], where, out, limit)
        return
    if not same(expected, got):
        out.append(FieldDiff(path, expected, got))


#: the most differing fields of an observation listed
MAX_DIFFS = 50


class UnknownField(ValueError):
    """An observation names a field the model's view does not have (``path``)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def partial_diff(model: Any, got: Any, path: str, out: list[FieldDiff]) -> None:
    """Append to ``out`` the fields of ``got`` that differ from the model's ``model``
    (at most :data:`MAX_DIFFS`): what an observation a trace or an engine reports says.

    Objects are compared by the keys ``got`` has (a key the model's object lacks raises
    :class:`UnknownField` naming its path), lists item by item when their lengths agree
    and whole otherwise, anything else as JSON values (:func:`same`).
    """
    if type(model) is dict and type(got) is dict:
        if "type" in got and "type" in model and not same(got["type"], model["type"]):
            if len(out) < MAX_DIFFS:
                out.append(FieldDiff(child(path, "type"), model["type"], got["type"]))
            return  # another class: its other fields are not comparable
        for key in sorted(got):
            if key not in model:
                raise UnknownField(child(path, key), f"not a field of {_view_name(model)}")
            if not _equal(model[key], got[key]):
                partial_diff(model[key], got[key], child(path, key), out)
        return
    if type(model) is list and type(got) is list and len(model) == len(got):
        for i, (m, g) in enumerate(zip(model, got, strict=True)):
            if not _equal(m, g):
                partial_diff(m, g, child(path, i), out)
        return
    if len(out) < MAX_DIFFS and not same(model, got):
        out.append(FieldDiff(path, model, got))


#: the JSON scalars whose Python equality is the equality of their canonical texts (not
#: ``true``/``false``, equal to ``1``/``0`` in Python, nor floats, ``1.0`` equal to ``1``)
_EXACT = frozenset({int, str, type(None)})
_NESTED = frozenset({list, dict})


def exact(value: Any) -> bool:
    """True when the plain JSON data ``value`` holds no ``true``, ``false`` or float at any
    depth: two such values are equal in Python (``==``, in C) exactly when their canonical
    texts are, so a value found equal to one already compared stands for its text."""
    kind = type(value)
    if kind is list:
        items: Iterable[Any] = value
    elif kind is dict:
        items = value.values()
    else:
        return kind in _EXACT
    kinds = set(map(type, items))
    if kinds <= _EXACT:
        return True
    if not kinds <= _EXACT | _NESTED:
        return False
    return all(exact(v) for v in items if type(v) is list or type(v) is dict)


def _equal(model: Any, got: Any) -> bool:
    """:func:`same`, fast: Python's equality (in C) first, then the canonical texts of
    objects and lists, which tell ``1``, ``1.0`` and ``true`` apart as :func:`same` does
    (a member found equal has no differing field to look for)."""
    if type(model) is not type(got) or model != got:
        return False
    if type(model) is dict or type(model) is list:
        return canonical_text(model) == canonical_text(got)
    return True


def _view_name(model: dict[str, Any]) -> str:
    """How a message names an object of the model's view: its type, or ``the view``."""
    kind = model.get("type")
    return f"the model's {kind}" if isinstance(kind, str) else "the model's view"
