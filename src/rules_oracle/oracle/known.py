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

When no one entry matches the fields that differ at a step, several may explain them
together, each some of them (:func:`explain`): a ``path`` entry those under its paths (its
premise holding of them), a ``reading`` entry those that agree under its reading; every
field must be explained, and each entry is counted.

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
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.oracle.diff import FieldDiff
from rules_oracle.oracle.divergence import KINDS, Divergence
from rules_oracle.oracle.premises import PREMISES, Situation, holds
from rules_oracle.oracle.reading import (
    InputError,
    Validator,
    decode,
    loads,
    read_file,
    schema_error,
)

#: the classes of a known deviation
CLASSES = ("engine-bug", "unsupported", "reading", "edition")


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
    #: premises (:mod:`oracle.premises`) that must hold where the divergence is found
    premise: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k, v in (("kind", self.kind), ("rule", self.rule),
                                                 ("reading", self.reading),
                                                 ("legal", self.legal)) if v is not None}
        if self.action:
            out["action"] = list(self.action)
        if self.path:
            out["path"] = list(self.path)
        if self.premise:
            out["premise"] = list(self.premise)
        return out


    @property
    def narrowed(self) -> bool:
        """Whether the matcher says more than a kind: a rule, action kinds, a path below
        the root or a reading (``legal`` alone still takes every divergence of a side)."""
        return bool(self.rule or self.action or self.reading or self.premise
                    or any(p != "$" for p in self.path))


@attrs.frozen
class Deviation:
    """One classified, known deviation of an engine from the model."""

    id: str
    #: ``engine-bug``, ``unsupported``, ``reading`` or ``edition`` (another published
    #: edition of the game, matched by the reading that plays it)
    cls: str
    #: the rule or ambiguity id it concerns
    rule: str
    explanation: str
    match: Matcher
    #: play goes on after it (the states stay in step: a ``legal`` divergence, or a field
    #: the engine computes otherwise); ``continue`` in the file
    resume: bool = False
    #: the game it is a deviation of (the entry's ``game``, else the file's)
    game: str = ""
    #: it matches every divergence of its kind (``"broad": true``, required then): it is
    #: named in every verdict
    broad: bool = False
    #: the line of the file where its id stands (for messages)
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "class": self.cls, "rule": self.rule,
                "explanation": self.explanation, "match": self.match.to_json(),
                "continue": self.resume, "broad": self.broad}

    @property
    def shown(self) -> str:
        """The explanation as printed: escaped (a control character, a terminal escape
        sequence or a line end in the file is shown as its JSON escape)."""
        return escaped(self.explanation)


def escaped(text: str) -> str:
    """``text`` with control characters, quotes and backslashes as JSON escapes."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


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
    """The deviations of a file's text, each checked against its game (:func:`validate`);
    :class:`KnownError` names the line and field. A leading byte-order mark is read as
    traces read it (skipped)."""
    text = text.removeprefix("\ufeff")
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
                          m.get("legal"), tuple(m.get("premise", ())))
        deviation = Deviation(entry["id"], entry["class"], entry["rule"], entry["explanation"],
                              matcher, entry.get("continue", False),
                              entry.get("game", data.get("game", "")),
                              entry.get("broad", False), _line_of(text, entry))
        where = f"$.deviations[{i}]"
        if "game" in entry and "game" in data and entry["game"] != data["game"]:
            raise KnownError(file, deviation.line, f"{where}.game",
                             f"entry {deviation.id!r} is of {entry['game']!r}, the file of"
                             f" {data['game']!r}")
        problem = validate(deviation, "game" in entry)
        if problem is not None:
            raise KnownError(file, deviation.line, f"{where}{problem[0]}",
                             f"entry {deviation.id!r}: {problem[1]}")
        out.append(deviation)
    return tuple(out)


def validate(deviation: Deviation, own_game: bool = True) -> tuple[str, str] | None:
    """The field (a path below the entry) and what is wrong with an entry, checked against
    its game, or ``None``: the game is registered; the rule is one of its rules or
    ambiguities; the matcher's kind is a divergence kind, its rule one of the game's rules,
    each path one of the game's state or observation schema (by the kind: ``observation``
    paths the observation's, ``digest`` and ``state`` paths the state's), its reading a
    reading of one of the game's options; a matcher that says no more than a kind is
    refused unless the entry says ``"broad": true``."""
    from rules_oracle.model.core import registry

    where_game = ".game" if own_game else " (the file's $.game)"
    if not deviation.game:
        return ".game", "the entry names no game, nor does the file ($.game)"
    try:
        game = registry.get(deviation.game)
    except Exception as exc:
        return where_game, f"not a game: {exc.args[0] if exc.args else exc}"
    rule_ids = set(game.rules.ids)
    ambiguities = {a.id: a for a in game.rules.ambiguities}
    if deviation.rule not in rule_ids and deviation.rule not in ambiguities:
        return ".rule", (f"{deviation.rule!r} is not a rule or ambiguity id of {game.name}"
                         f" (oracle rules {game.name}, oracle ambiguities {game.name})")
    m = deviation.match
    if m.kind is not None and m.kind not in KINDS:
        return ".match.kind", (f"{m.kind!r} is not a divergence kind ({', '.join(sorted(KINDS))})")
    if m.rule is not None and m.rule not in rule_ids:
        return ".match.rule", f"{m.rule!r} is not a rule id of {game.name}"
    for i, pattern in enumerate(m.path):
        if not _path_in_game(game, m.kind, pattern):
            where = ".match.path" + ("" if len(m.path) == 1 else f"[{i}]")
            return where, (f"{pattern!r} is not a field of {game.name}'s"
                           f" {_schemas_of(m.kind)} (docs/schemas/{game.name}.*.schema.json)")
    if m.reading is not None:
        ident, _, key = m.reading.partition("=")
        found = ambiguities.get(ident)
        if found is None or found.kind != "option" or key not in {r.key for r in found.readings}:
            return ".match.reading", (f"{m.reading!r} is not a reading of one of {game.name}'s"
                                      " variant options (oracle ambiguities)")
    for i, name in enumerate(m.premise):
        premise = PREMISES.get(name)
        if premise is None or game.name not in premise.games:
            names = sorted(p.name for p in PREMISES.values() if game.name in p.games)
            return f".match.premise[{i}]", (f"{name!r} is not a premise of {game.name}"
                                            f" ({', '.join(names) or 'it has none'})")
    if deviation.cls == "edition" and m.reading is None:
        return ".match.reading", ("an edition entry names the reading that plays the engine's"
                                  " edition (OPTION=READING of oracle ambiguities), so every"
                                  " step is compared under it")
    if not m.narrowed and not deviation.broad:
        return ".match", ("it matches every divergence of its kind (no rule, action, path"
                          " below $ or reading): narrow it, or say \"broad\": true to accept"
                          " that it is named in every verdict")
    return None


def _schemas_of(kind: str | None) -> str:
    return {"observation": "observation", "digest": "state", "state": "state",
            "setup-digest": "state"}.get(kind or "", "state or observation")


_SEGMENT = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*|\*)|\[([0-9]+|\*)\]|\[\"([^\"]*)\"\]")


def _path_in_game(game: Any, kind: str | None, pattern: str) -> bool:
    """Whether ``pattern`` names a field of the game's state or observation schema."""
    from rules_oracle.model.core.schema import game_schemas

    schemas = game_schemas(game)
    wanted = _schemas_of(kind)
    roots = [schemas[n] for n in ("state", "observation")
             if n in schemas and n in wanted]
    return any(_path_in(root, pattern) for root in roots)


def _path_in(root: dict[str, Any], pattern: str) -> bool:
    """Whether ``pattern`` (``$.a[*].b``) names something instances of ``root`` can hold."""
    if not pattern.startswith("$"):
        return False
    segments: list[tuple[str, str]] = []
    at = 1
    while at < len(pattern):
        found = _SEGMENT.match(pattern, at)
        if found is None:
            return False
        name, index, quoted = found.groups()
        segments.append(("key", name) if name is not None else ("index", index)
                        if index is not None else ("key", quoted))
        at = found.end()
    defs = root.get("$defs", {})
    nodes = _concrete(root, defs)
    for how, label in segments:
        below: list[dict[str, Any]] = []
        for node in nodes:
            below.extend(_members(node, how, label))
        nodes = [c for b in below for c in _concrete(b, defs)]
        if not nodes:
            return False
    return True


def _concrete(node: Any, defs: dict[str, Any]) -> list[dict[str, Any]]:
    """The schemas ``node`` stands for, ``$ref`` followed and alternatives spread."""
    out: list[dict[str, Any]] = []
    stack = [node]
    seen = 0
    while stack and seen < 1000:
        seen += 1
        item = stack.pop()
        if not isinstance(item, dict):
            continue
        ref = item.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            stack.append(defs.get(ref.removeprefix("#/$defs/")))
        for key in ("oneOf", "anyOf", "allOf"):
            stack.extend(item.get(key, ()))
        out.append(item)
    return out


def _members(node: dict[str, Any], how: str, label: str) -> list[Any]:
    """The schemas of ``node``'s members a segment names (``*``: any)."""
    out: list[Any] = []
    props = node.get("properties", {})
    if how == "key" or label == "*":
        if label == "*":
            out.extend(v for k, v in props.items() if k != "type")
        elif label in props:
            out.append(props[label])
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            out.append(extra)
    if how == "index" or label == "*":
        items = node.get("items")
        if isinstance(items, dict):
            out.append(items)
        prefix = node.get("prefixItems", [])
        if label == "*":
            out.extend(prefix)
        elif label.isdigit() and int(label) < len(prefix):
            out.append(prefix[int(label)])
    return out


def for_game(known: Sequence[Deviation], game: str) -> tuple[Deviation, ...]:
    """The entries of ``known`` that are deviations of ``game``."""
    return tuple(d for d in known if d.game == game)


def of_game(known: Sequence[Deviation], game: str, file: str = "--known") -> None:
    """Raise :class:`KnownError` naming the first entry of another game than ``game``."""
    for i, d in enumerate(known):
        if d.game != game:
            raise KnownError(file, d.line, f"$.deviations[{i}].game",
                             f"entry {d.id!r} is of {d.game!r}, not of {game!r} (the game"
                             " checked)")


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


#: how a trace shows a drive's kind of divergence: the engine that accepted an illegal
#: action played it, so its trace holds an illegal step; the engine that answered that the
#: game is over ends its trace there (an entry of the drive's kind matches it, so that
#: ``oracle check`` of a shrunk replay names the same entry)
TRACE_FORM = {"accepts-illegal": "illegal", "actor": "early-end"}


def matches(matcher: Matcher, divergence: Divergence, readings: Sequence[str] = (),
            at: Situation | None = None, broad: bool = False) -> bool:
    """Whether ``divergence`` (of ``oracle check`` or ``oracle drive``) fits ``matcher``:
    every field given holds; a divergence that names differing fields is matched only by
    a matcher naming the fields it may explain (``path``: at least one of them differs and
    nothing else does) or a reading (under which the whole step agrees), unless the entry
    is ``broad``; every premise holds at ``at``."""
    if matcher.kind is not None and divergence.kind not in (matcher.kind,
                                                             TRACE_FORM.get(matcher.kind)):
        return False
    if divergence.diffs and not matcher.path and matcher.reading is None and not broad:
        return False  # a reading explains the whole step: it agrees under it
    if matcher.rule is not None and divergence.rule != matcher.rule:
        return False
    if matcher.action:
        listed = [*divergence.missing, *divergence.extra]
        if divergence.kind == "legal" and listed:
            if any(_kind_of(a) not in matcher.action for a in listed):
                return False
        elif _kind_of(divergence.action) not in matcher.action:
            return False
    if matcher.path and not _paths_match(matcher.path, [d.path for d in divergence.diffs]):
        return False
    if matcher.legal is not None:
        missing, extra = divergence.missing_total, divergence.extra_total
        only = {"extra": extra > 0 and missing == 0, "missing": missing > 0 and extra == 0}
        if divergence.kind != "legal" or not only[matcher.legal]:
            return False
    if matcher.reading is not None and matcher.reading not in readings:
        return False
    return holds(matcher.premise, at, divergence)


def classify(known: Sequence[Deviation], divergence: Divergence,
             readings: Sequence[str] = (), at: Situation | None = None) -> Deviation | None:
    """The first deviation of ``known`` that ``divergence`` matches, or ``None``."""
    for deviation in known:
        if matches(deviation.match, divergence, readings, at, deviation.broad):
            return deviation
    return None


#: the fields that differ at a step replayed under a reading (``ambiguity-id=reading``):
#: empty when the step agrees there, ``None`` when it does not replay under it or diverges
#: there otherwise than by fields
Under = Callable[[str], tuple[FieldDiff, ...] | None]


def _key(diff: FieldDiff) -> tuple[str, str, str]:
    return diff.path, json.dumps(diff.expected, sort_keys=True), json.dumps(diff.got,
                                                                            sort_keys=True)


def _part(deviation: Deviation, divergence: Divergence, at: Situation | None,
          under: Under | None, seen: dict[str, tuple[FieldDiff, ...] | None],
          ) -> tuple[FieldDiff, ...]:
    """The differing fields of ``divergence`` that ``deviation`` explains on its own terms
    (none when it explains none, or its premise does not hold of them): a ``path`` entry,
    those of its paths; a reading entry, those that agree under its reading, provided every
    field still differing there differs here alike (the reading adds no difference)."""
    m = deviation.match
    if m.reading is not None:
        if under is None:
            return ()
        if m.reading not in seen:
            seen[m.reading] = under(m.reading)
        left = seen[m.reading]
        if left is None:
            return ()
        keys = {_key(d) for d in divergence.diffs}
        if any(_key(d) not in keys for d in left):
            return ()
        gone = {_key(d) for d in left}
        part = tuple(d for d in divergence.diffs if _key(d) not in gone)
        readings: tuple[str, ...] = (m.reading,)
    elif m.path:
        regexes = [_path_regex(p) for p in m.path]
        part = tuple(d for d in divergence.diffs if any(r.match(d.path) for r in regexes))
        readings = ()
    else:  # explains the fields only whole (a broad entry), as classify tried
        return ()
    if not part or not matches(m, attrs.evolve(divergence, diffs=part), readings, at,
                               deviation.broad):
        return ()
    return part


def explain(known: Sequence[Deviation], divergence: Divergence, at: Situation | None = None,
            under: Under | None = None) -> tuple[Deviation, ...]:
    """The entries of ``known`` that together explain the fields that differ at a step,
    when no one entry explains them all: each differing field is explained by the first
    entry (in the file's order) that explains it on its own terms (:func:`_part`: its
    kind, rule and action fit, its premise holds of the fields it explains, one of them
    at least differs), and every field must be; the entries that explain a field first, in
    the file's order (empty: some field is left unexplained, or a single entry would do)."""
    if not divergence.diffs:
        return ()
    seen: dict[str, tuple[FieldDiff, ...] | None] = {}
    first: dict[tuple[str, str, str], Deviation] = {}
    for deviation in known:
        for diff in _part(deviation, divergence, at, under, seen):
            first.setdefault(_key(diff), deviation)
    if any(_key(d) not in first for d in divergence.diffs):
        return ()
    team = tuple(d for d in known if d in first.values())
    return team if len(team) > 1 else ()


def settle(known: Sequence[Deviation], divergence: Divergence,
           readings: Sequence[str] = (), at: Situation | None = None,
           under: Under | None = None) -> tuple[Divergence, Deviation | None]:
    """The one place a known file is applied: ``divergence`` with its readings and the id
    of the first entry of ``known`` it matches (``known`` ``None`` when none does), and
    that entry. ``at`` is where it was found, for the entries' premises. When no entry
    matches the step's differing fields whole, several may explain them together
    (:func:`explain`; ``under`` gives the fields still differing under a reading): the
    divergence then names the first as ``known`` and the others as ``also``."""
    matched = classify(known, divergence, readings, at)
    also: tuple[str, ...] = ()
    if matched is None:
        team = explain(known, divergence, at, under)
        if team:
            matched, also = team[0], tuple(d.id for d in team[1:])
    marked = attrs.evolve(divergence, readings=tuple(readings),
                          known=None if matched is None else matched.id, also=also)
    return marked, matched
