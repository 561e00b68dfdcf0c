"""Known deviations: a file classifying the divergences an engine is known to have.

``oracle check --known FILE`` and ``oracle drive --known FILE`` read a JSON file
(schema ``oracle/schema/known.schema.json``, also ``docs/known.schema.json``)
listing deviations, each with an id, a class (``engine-bug``, ``unsupported`` or
``reading``), the rule or ambiguity id it concerns, a one-line explanation and a
matcher. A divergence that matches an entry is reported as known and does not fail
the run; one that matches none does. Like the expectation files of browser
conformance suites, it lets an engine's CI go green on today's state and red on
any new divergence.

A matcher holds one or more of (all given must hold):

- ``kind``: the divergence kind (``digest``, ``observation``, ``legal``, ...);
- ``rule``: the rule id the divergence names;
- ``action``: action kinds (type names): the divergence's action is of one of them,
  or, for a ``legal`` divergence, every missing and extra action is;
- ``path``: field paths (``$.seats[*].hand_size``; ``*`` stands for one key or
  index): every field the divergence names differing is one of them or inside one;
- ``reading``: ``ambiguity-id=reading``: the divergence disappears under that reading;
- ``legal``: ``extra`` or ``missing``: a ``legal`` divergence with only actions the engine
  lists beyond the model's, or only actions of the model's it lacks.

An entry with ``"continue": true`` lets ``oracle drive`` play on after a ``legal``,
``observation`` or ``state`` divergence it matches (counted per game, as
``tolerated``), for deviations that leave the two games in step: an engine listing
actions the model forbids (the oracle chooses among the actions both allow) or a field
it computes otherwise. A ``legal`` divergence with both missing and extra actions is then
two deviations, each of which must match. Every later comparison is still made, so a new
divergence still fails. A ``reading`` matcher never continues (the retry runs when play stops).
"""

import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.oracle.reading import (
    InputError,
    Validator,
    decode,
    loads,
    read_file,
    schema_error,
)

#: the classes of a known deviation
CLASSES = ("engine-bug", "unsupported", "reading")


class KnownError(Exception):
    """A malformed known-deviations file: the file, the line (when known) and the field."""

    def __init__(self, file: str, line: int | None, path: str | None, message: str) -> None:
        self.file = file
        self.line = line
        self.path = path
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file + ("" if self.line is None else f": line {self.line}")
        field = "" if self.path is None else f": {self.path}"
        return f"{where}{field}: {self.message}"


@attrs.frozen
class Matcher:
    kind: str | None = None
    rule: str | None = None
    action: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    reading: str | None = None
    legal: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k, v in (("kind", self.kind), ("rule", self.rule),
                                                 ("reading", self.reading),
                                                 ("legal", self.legal)) if v is not None}
        if self.action:
            out["action"] = list(self.action)
        if self.path:
            out["path"] = list(self.path)
        return out


@attrs.frozen
class Deviation:
    """One classified, known deviation of an engine from the model."""

    id: str
    #: ``engine-bug``, ``unsupported`` or ``reading``
    cls: str
    #: the rule or ambiguity id it concerns
    rule: str
    explanation: str
    match: Matcher
    #: play goes on after it (the states stay in step: a ``legal`` divergence, or a field
    #: the engine computes otherwise); ``continue`` in the file
    resume: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "class": self.cls, "rule": self.rule,
                "explanation": self.explanation, "match": self.match.to_json(),
                "continue": self.resume}


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a known-deviations file."""
    text = (Path(__file__).parent / "schema" / "known.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator() -> Any:
    return Validator(schema())


def _line_of(text: str, entry: Any) -> int | None:
    """The line where a deviation's id stands in the file's text (for messages)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        return None
    at = text.find(json.dumps(entry["id"]))
    return None if at < 0 else text.count("\n", 0, at) + 1


def parse(text: str, file: str = "<known>") -> tuple[Deviation, ...]:
    """The deviations of a file's text; :class:`KnownError` names the line and field."""
    try:
        data = loads(text, multiline=True)
    except InputError as exc:
        raise KnownError(file, exc.line, exc.path, exc.message) from None
    found = schema_error(_validator(), data)
    if found is not None:
        where, message = found
        line = None
        index = re.match(r"\$\.deviations\[(\d+)\]", where)
        if index is not None:
            line = _line_of(text, data["deviations"][int(index.group(1))])
        raise KnownError(file, line, where, message)
    out: list[Deviation] = []
    seen: set[str] = set()
    for i, entry in enumerate(data["deviations"]):
        if entry["id"] in seen:
            raise KnownError(file, _line_of(text, entry), f"$.deviations[{i}].id",
                             f"the id {entry['id']!r} is used twice")
        seen.add(entry["id"])
        m = entry["match"]
        path = m.get("path", ())
        matcher = Matcher(m.get("kind"), m.get("rule"), tuple(m.get("action", ())),
                          (path,) if isinstance(path, str) else tuple(path), m.get("reading"),
                          m.get("legal"))
        out.append(Deviation(entry["id"], entry["class"], entry["rule"], entry["explanation"],
                             matcher, entry.get("continue", False)))
    return tuple(out)


def load(path: str) -> tuple[Deviation, ...]:
    """The deviations in file ``path``; :class:`KnownError` when unreadable or malformed."""
    try:
        with open(path, "rb") as handle:
            raw = read_file(handle)
        text = decode(raw)
    except OSError as exc:
        raise KnownError(path, None, None, f"cannot read it: {exc.strerror or exc}") from None
    except InputError as exc:
        raise KnownError(path, None, None, str(exc)) from None
    return parse(text, path)


def _path_regex(pattern: str) -> re.Pattern[str]:
    parts = [re.escape(p) for p in pattern.split("*")]
    body = r"[^.\[\]]+".join(parts)
    return re.compile(body + r"(?=$|[.\[])")


def _paths_match(patterns: Sequence[str], paths: Iterable[str]) -> bool:
    """Every path is one of ``patterns`` or inside one (and there is a path)."""
    regexes = [_path_regex(p) for p in patterns]
    listed = list(paths)
    return bool(listed) and all(any(r.match(p) for r in regexes) for p in listed)


def _kind_of(action: Any) -> str | None:
    return action.get("type") if isinstance(action, dict) else None


def matches(matcher: Matcher, divergence: Any, readings: Sequence[str] = ()) -> bool:
    """Whether ``divergence`` (of ``oracle check`` or ``oracle drive``) fits ``matcher``."""
    if matcher.kind is not None and divergence.kind != matcher.kind:
        return False
    if matcher.rule is not None and divergence.rule != matcher.rule:
        return False
    if matcher.action:
        listed = [*getattr(divergence, "missing", ()), *getattr(divergence, "extra", ())]
        if divergence.kind == "legal" and listed:
            if any(_kind_of(a) not in matcher.action for a in listed):
                return False
        elif _kind_of(divergence.action) not in matcher.action:
            return False
    if matcher.path and not _paths_match(matcher.path, [d.path for d in divergence.diffs]):
        return False
    if matcher.legal is not None:
        missing = getattr(divergence, "missing_count", 0) or len(getattr(divergence, "missing", ()))
        extra = getattr(divergence, "extra_count", 0) or len(getattr(divergence, "extra", ()))
        only = {"extra": extra > 0 and missing == 0, "missing": missing > 0 and extra == 0}
        if divergence.kind != "legal" or not only[matcher.legal]:
            return False
    return matcher.reading is None or matcher.reading in readings


def classify(known: Sequence[Deviation], divergence: Any,
             readings: Sequence[str] = ()) -> Deviation | None:
    """The first deviation of ``known`` that ``divergence`` matches, or ``None``."""
    for deviation in known:
        if matches(deviation.match, divergence, readings):
            return deviation
    return None
