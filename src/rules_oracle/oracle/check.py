"""Replay a trace against the model and report the first divergence.

:func:`check_lines` (or :func:`check_file`) reads a trace line by line:

* a line that is not UTF-8, not JSON, not valid against the trace schema, out
  of order (header first, steps numbered 1, 2, 3 ..., an optional end record
  last), naming an unknown game, player count or variant, or holding an
  action the game's action types cannot be built from raises
  :class:`TraceError` naming the line and the field (``line 7: $.action.card:
  expected a string``);
* otherwise the trace is replayed and the returned :class:`Report` holds the
  first :class:`Divergence`, if any: an action the rules forbid (with the
  rule id), a wrong actor, a digest or state that differs from the model's
  (with a field-level diff when the record carries the state), a result that
  differs, a trace going on after the end, or a trace that stops before the
  end (a divergence unless ``allow_partial``; then a warning).

Nothing on any input escapes as another exception.
"""

import functools
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import (
    digest,
    digest_text,
    error_paths,
    structure,
    to_json,
    unstructure,
)
from rules_oracle.model.core.errors import ConfigError, IllegalAction
from rules_oracle.model.core.game import CHANCE, PUBLIC, TERMINAL, Config, Game
from rules_oracle.oracle.diff import (
    FieldDiff,
    UnknownField,
    clip,
    field_diff,
    partial_diff,
    show,
)
from rules_oracle.oracle.divergence import TRACE_KINDS, Divergence, at_stake, legal_divergence
from rules_oracle.oracle.divergence import cite as cite  # re-exported: check.cite names a rule
from rules_oracle.oracle.known import Deviation, of_game, settle
from rules_oracle.oracle.premises import Situation
from rules_oracle.oracle.reading import (
    MAX_LINE,
    InputError,
    Validator,
    decode,
    loads,
    mib,
    read_lines,
    schema_error,
)
from rules_oracle.oracle.retry import conforming_readings, fields_under, reading_config
from rules_oracle.oracle.trace import CHANCE_ACTOR, FORMAT, VERSIONS, actor_label, dumps, schema
from rules_oracle.oracle.view_text import view_text
from rules_oracle.properties.generic import legal_set

#: the kinds of divergence, in the words reports use
KINDS = TRACE_KINDS

MAX_MESSAGE = 300


class TraceError(Exception):
    """A malformed trace: ``line`` (1-based; ``None`` for the file as a whole) and field path."""

    def __init__(self, line: int | None, path: str | None, message: str) -> None:
        self.line = line
        self.path = path
        self.message = clip(message, MAX_MESSAGE)
        super().__init__(str(self))

    def __str__(self) -> str:
        where = "" if self.line is None else f"line {self.line}: "
        field = "" if self.path is None else f"{self.path}: "
        return f"{where}{field}{self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"status": "malformed", "line": self.line, "path": self.path,
                "message": self.message, "error": str(self)}


def _div(kind: str, step: int, line: int | None, message: str, **fields: Any) -> Divergence:
    """A divergence of a trace, at ``line``."""
    return Divergence(kind, step, message, line=line, **fields)


@attrs.frozen
class Report:
    """The outcome of replaying a well-formed trace."""

    game: str
    players: int
    variant: tuple[tuple[str, str], ...]
    #: step records replayed in agreement with the model
    steps: int
    #: whether the model's game had ended at the last record compared
    finished: bool
    #: the divergence that fails the trace: the first no known deviation matches
    divergence: Divergence | None
    warnings: tuple[str, ...] = ()
    #: every divergence found, in order, the known ones marked with their entry's id
    divergences: tuple[Divergence, ...] = ()
    #: step records read and validated but not compared (comparison stopped before them)
    uncompared: int = 0
    #: steps compared in agreement after a known deviation (not in full lock-step)
    after_known: int = 0
    #: the broad known deviations in force (each matches any divergence of its kind)
    broad: tuple[str, ...] = ()
    #: the known deviations in force (the entries of the trace's game)
    entries: tuple[str, ...] = ()
    #: observation traces: the top-level fields the trace's observations carry, and how
    #: many the model's view has (0: the trace compares digests, all of the state)
    fields: tuple[str, ...] = ()
    available: int = 0
    #: the actions the model played, in canonical JSON (the steps compared, a known
    #: divergence's included; the failing step's action is its divergence's): with the
    #: header's game, players and variant, the replay that redraws the states
    actions: tuple[Any, ...] = ()
    #: observation traces: whose view the observations are (``None``: digests)
    viewer: Any = None
    #: the rule ids the steps compared in agreement applied (their effect rules), and how
    #: many rule ids the game has
    exercised: tuple[str, ...] = ()
    rules_total: int = 0

    @property
    def partial(self) -> tuple[str, ...]:
        """What was not compared in full (empty: everything was)."""
        out: list[str] = []
        if self.available and len(self.fields) < self.available:
            out.append(f"{len(self.fields)} of {self.available} observation fields compared")
        if self.after_known:
            out.append(f"{self.after_known} steps compared after a known deviation")
        if self.uncompared:
            out.append(f"{self.uncompared} step records not compared")
        if self.divergence is None and not self.finished and not self.uncompared:
            out.append("the trace stops before the game ends")
        return tuple(out)

    @property
    def readings(self) -> tuple[str, ...]:
        """The readings (``ambiguity-id=reading``) under which the failing step agrees."""
        return () if self.divergence is None else self.divergence.readings

    @property
    def conforms(self) -> bool:
        """No divergence at all, known or not."""
        return not self.divergences and self.divergence is None

    @property
    def passes(self) -> bool:
        """No divergence but known deviations."""
        return self.divergence is None

    @property
    def status(self) -> str:
        """``conforms``, ``known`` (only known deviations) or ``diverges``."""
        return "conforms" if self.conforms else "known" if self.passes else "diverges"

    @property
    def stale(self) -> tuple[str, ...]:
        """The known deviations in force that matched no divergence."""
        met = self.absorbed()
        return tuple(i for i in self.entries if i not in met)

    def absorbed(self) -> dict[str, int]:
        """How many divergences each known deviation matched."""
        out: dict[str, int] = {}
        for d in self.divergences:
            for ident in d.entries:
                out[ident] = out.get(ident, 0) + 1
        return out

    def conforms_under(self) -> str:
        """The lines saying under which readings the diverging step agrees (or nothing)."""
        return "".join(f"\nconforms under {r}: the step agrees under that reading of the"
                       " ambiguity" for r in self.readings)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "game": self.game, "players": self.players, "variant": dict(self.variant),
            "steps": self.steps, "finished": self.finished, "warnings": list(self.warnings),
            "divergence": None if self.divergence is None else self.divergence.to_json(),
            "readings": list(self.readings),
            "divergences": [d.to_json() for d in self.divergences],
            "known": self.absorbed(), "uncompared": self.uncompared,
            "after_known": self.after_known, "broad": list(self.broad),
            "stale": list(self.stale), "partial": list(self.partial),
            "fields": list(self.fields), "available": self.available,
            "viewer": self.viewer, "actions": list(self.actions),
            "rules_exercised": {"count": len(self.exercised), "of": self.rules_total,
                                "rules": list(self.exercised)},
        }


# -- parsing and validation ------------------------------------------------------

_VALIDATOR = Validator(schema())
_HEX64 = re.compile(r"[0-9a-f]{64}")
_STEP_KEYS = frozenset({"record", "step", "actor", "action", "digest", "state", "observation",
                        "legal"})


def parse_line(raw: str | bytes, line: int) -> Any:
    """The JSON value of one line (read by :func:`oracle.reading.loads`), or :class:`TraceError`."""
    try:
        if len(raw) > MAX_LINE:
            raise InputError(None, f"a line longer than {mib(MAX_LINE)} (the limit)")
        text = decode(raw) if isinstance(raw, bytes) else raw
        if line == 1:
            text = text.removeprefix("\ufeff")
        return loads(text)
    except InputError as exc:
        raise TraceError(line, exc.path, exc.message) from None


def _fast_step_ok(rec: Any) -> bool:
    """True only for step records the schema certainly accepts (the common case, fast)."""
    if type(rec) is not dict or rec.get("record") != "step" or not rec.keys() <= _STEP_KEYS:
        return False
    step = rec.get("step")
    actor = rec.get("actor")
    action = rec.get("action")
    digest = rec.get("digest", "0" * 64)
    state = rec.get("state", {})
    seen = rec.get("observation", {"viewer": PUBLIC, "fields": {}})
    viewer = seen.get("viewer") if type(seen) is dict else None
    listed = rec.get("legal", [])
    return (
        type(step) is int and step >= 1
        and (actor == CHANCE_ACTOR or (type(actor) is int and actor >= 0))
        and type(action) is dict and type(action.get("type")) is str and action["type"] != ""
        and type(digest) is str and _HEX64.fullmatch(digest) is not None
        and type(state) is dict
        and type(seen) is dict and seen.keys() == {"viewer", "fields"}
        and (viewer == PUBLIC or (type(viewer) is int and viewer >= 0))
        and type(seen["fields"]) is dict
        and type(listed) is list
        and all(type(a) is dict and type(a.get("type")) is str and a["type"] != ""
                for a in listed)
    )


def validate_record(rec: Any, line: int) -> None:
    """Raise :class:`TraceError` unless ``rec`` is a schema-valid record of exact integers."""
    if _fast_step_ok(rec):
        return
    found = schema_error(_VALIDATOR, rec)
    if found is not None:
        raise TraceError(line, *found)


class _Unread:
    """The observation fields of a step record not read yet: their text, compared with the
    canonical text of the model's view (equal texts are equal JSON values, types
    included), and read with the whole line, as any other line, when they differ or
    anything else needs them.

    The record was read from the line with ``{}`` in place of that text (see
    :func:`_read_observed`), so the line's JSON is the record with the fields' text put
    back: when that text is the model's canonical text of a view, it holds no key twice,
    no number beyond an integer, no surrogate, and nests as deep as the model's view types
    (under 10 levels), so the whole line passes every check of :func:`parse_line` and
    :func:`validate_record` and reads as the record with the view's data for fields."""

    __slots__ = ("done", "end", "keys", "line", "raw", "rec", "start", "text")

    def __init__(self, raw: str | bytes, line: int, rec: dict[str, Any], text: str,
                 start: int, end: int) -> None:
        self.raw = raw
        self.line = line
        self.rec = rec
        #: the fields' text: ``text[start:end]`` (the line's text and where they stand in it)
        self.text = text
        self.start = start
        self.end = end
        #: whether the fields are settled: compared equal to the view's text, or read
        self.done = False
        #: the top-level keys of the fields (once compared equal to the view's text)
        self.keys: tuple[str, ...] = ()

    def agrees(self, view: Any, text: str) -> bool:
        """Whether the fields' text is ``text``, the canonical text of ``view``."""
        if len(text) != self.end - self.start or not self.text.startswith(text, self.start):
            return False
        self.keys = _keys_of(view)
        self.done = True
        return True

    def read(self) -> None:
        """Read the whole line as :func:`_lines` reads any other (:class:`TraceError` as it
        gives) and put its observation's fields in the record."""
        if self.done:
            return
        full = parse_line(self.raw, self.line)
        validate_record(full, self.line)
        self.rec["observation"]["fields"] = full["observation"]["fields"]
        self.done = True


#: the top-level keys of a view type's plain data, per type
_VIEW_KEYS: dict[type, tuple[str, ...]] = {}


def _keys_of(view: Any) -> tuple[str, ...]:
    keys = _VIEW_KEYS.get(type(view))
    if keys is None:
        keys = _VIEW_KEYS[type(view)] = tuple(unstructure(view))
    return keys


#: where a step record's observation fields begin, and what follows them to the end of
#: the line, in the canonical text of a step record without state, digest or legal list
_FIELDS_AT = ',"observation":{"fields":'
_FIELDS_END = ',"viewer":'
_OBSERVED_END = re.compile(r',"viewer":(?:"public"|0|[1-9][0-9]*)\},"record":"step",'
                           r'"step":[1-9][0-9]*\}\n?')
#: the same end with the viewer and the step number (at most 18 digits: an int however read)
_OBSERVED_TAIL = re.compile(r',"viewer":(?:"(public)"|(0|[1-9][0-9]{0,17}))\},"record":"step",'
                            r'"step":([1-9][0-9]{0,17})\}\n?')
#: the beginning of such a line, and what follows its action: the actor and the fields
_ACTION_AT = '{"action":'
_ACTOR_AT = ',"actor":'
_ACTOR = re.compile(r'"(chance)"|(0|[1-9][0-9]{0,17})')
#: an action's text -> its data, for actions of scalar values read strictly once (a game
#: repeats few actions: a roll, a pass, a card); past :data:`ACTION_TEXTS` it starts afresh
_ACTION_DATA: dict[str, dict[str, Any]] = {}
ACTION_TEXTS = 4096
_SCALAR_TYPES = frozenset({int, str, bool, type(None)})


def _quick_text(raw: str | bytes) -> str | None:
    """A line's text for a quick reading, or ``None`` where only the general reading may
    speak (a line too long, or bytes that are not UTF-8: it names the error)."""
    if len(raw) > MAX_LINE:
        return None
    try:
        return decode(raw) if isinstance(raw, bytes) else raw
    except InputError:
        return None


def _read_observed(raw: str | bytes, line: int) -> tuple[dict[str, Any], _Unread] | None:
    """A step record of an observation trace in canonical text, read without its
    observation's fields (``{}`` in their place) and those fields' text; ``None`` for any
    other line (or one that does not read so: it is read as a whole).

    The line must end in ``,"observation":{"fields":F,"viewer":V},"record":"step",
    "step":N}``: read with ``{}`` for ``F`` and found a step record, those are structural
    characters of the top-level object (a quote among them inside a string would be
    followed by a bare word), so ``{}`` stood where the record's fields stand."""
    text = _quick_text(raw)
    if text is None:
        return None
    end = text.rfind(_FIELDS_END)
    if end < 0 or _OBSERVED_END.fullmatch(text, end) is None:
        return None
    # the first such key from the start: a step whose action holds scalars only has no
    # other before its fields (a string holds no bare quote), whatever the fields hold
    at = text.find(_FIELDS_AT, 0, end)
    if at < 0:
        return None
    rec = _step_without_fields(text, at, end)
    if rec is None:  # read whole but the fields, found backward from their end
        at = text.rfind(_FIELDS_AT, 0, end)
        try:
            rec = loads(text[:at + len(_FIELDS_AT)] + "{}" + text[end:])
        except InputError:
            return None
        if not _fast_step_ok(rec):
            return None
    return rec, _Unread(raw, line, rec, text, at + len(_FIELDS_AT), end)


def _step_without_fields(text: str, at: int, end: int) -> dict[str, Any] | None:
    """The record :func:`_read_observed` reads, ``{}`` for its fields, when the line begins
    ``{"action":A,"actor":X`` and the fields begin at ``at``, ``X`` is an actor and ``A``
    an action of scalar values (read strictly, once per text); else ``None`` (the line
    is read as the record's text, the general way).

    Then the record is exactly the line's JSON: :func:`_head` reads the action and the
    actor, and the rest is the fixed text of a step record (:data:`_OBSERVED_TAIL`)
    holding exact integers, no key twice."""
    tail = _OBSERVED_TAIL.fullmatch(text, end)
    head = None if tail is None else _head(text, at)
    if tail is None or head is None:
        return None
    public, viewer, step = tail.groups()
    return {"action": dict(head[0]), "actor": head[1],
            "observation": {"fields": {}, "viewer": PUBLIC if public else int(viewer)},
            "record": "step", "step": int(step)}


def _head(text: str, at: int) -> tuple[dict[str, Any], int | str] | None:
    """The action's data and the actor of a line beginning ``{"action":A,"actor":X`` where
    ``X`` ends at ``at``, ``X`` an actor and ``A`` an action of scalar values (read
    strictly, once per text); else ``None``. The text between ``,"actor":`` (the last
    before ``at``: ``X`` holds no other) and ``{"action":`` is then the action's whole
    value, which nests one level."""
    if not text.startswith(_ACTION_AT):
        return None
    actor_at = text.rfind(_ACTOR_AT, 0, at)
    actor = _ACTOR.fullmatch(text, actor_at + len(_ACTOR_AT), at)
    if actor_at < 0 or actor is None:
        return None
    action_text = text[len(_ACTION_AT):actor_at]
    data = _ACTION_DATA.get(action_text)
    if data is None:
        try:
            data = loads(action_text)
        except InputError:
            return None
        if (type(data) is not dict or type(data.get("type")) is not str or not data["type"]
                or not all(type(v) in _SCALAR_TYPES for v in data.values())):
            return None
        if len(_ACTION_DATA) >= ACTION_TEXTS:
            _ACTION_DATA.clear()
        _ACTION_DATA[action_text] = data
    chance, seat = actor.groups()
    return data, CHANCE_ACTOR if chance else int(seat)


#: the end of a step record of a digest trace in canonical text (no state, no legal list)
#: from its digest on, and the most characters it takes
_DIGEST_AT = ',"digest":"'
_DIGESTED_TAIL = re.compile(r',"digest":"([0-9a-f]{64})","record":"step",'
                            r'"step":([1-9][0-9]{0,17})\}\n?')
_DIGESTED_TAIL_CHARS = 120


def _read_digested(raw: str | bytes) -> dict[str, Any] | None:
    """A step record of a digest trace in canonical text, ``{"action":A,"actor":X,
    "digest":D,"record":"step","step":N}`` with ``A`` an action of scalar values, read
    from its text (see :func:`_head`; the rest is the fixed text of a step record holding
    exact integers and a digest, no key twice): the line's JSON, which :func:`parse_line`
    and :func:`validate_record` accept. ``None`` for any other line (it is read the
    general way)."""
    text = _quick_text(raw)
    if text is None:
        return None
    at = text.rfind(_DIGEST_AT, max(0, len(text) - _DIGESTED_TAIL_CHARS))
    if at < 0:
        return None
    tail = _DIGESTED_TAIL.fullmatch(text, at)
    head = None if tail is None else _head(text, at)
    if tail is None or head is None:
        return None
    written, step = tail.groups()
    return {"action": dict(head[0]), "actor": head[1], "digest": written, "record": "step",
            "step": int(step)}


def _lines(source: Iterable[str | bytes]) -> Iterator[tuple[int, Any, _Unread | None]]:
    """Numbered, parsed and validated records, skipping blank lines; after the first, a
    step record of an observation trace comes with its observation's fields unread
    (:class:`_Unread`). A step line is first tried by the quick reading of the kind of
    step the header announces (:func:`_read_observed` when it compares observations, else
    :func:`_read_digested`); a line that does not read so is read the general way."""
    items = iter(source)
    number = 0
    first = True
    observing = False
    while True:
        number += 1
        try:
            raw = next(items)
        except StopIteration:
            return
        except InputError as exc:  # a line over the limit (oracle.reading.read_lines)
            raise TraceError(number, exc.path, exc.message) from None
        if not raw.strip():
            continue
        if first:  # the header: what the steps compare
            rec = parse_line(raw, number)
            validate_record(rec, number)
            first = False
            observing = type(rec) is dict and rec.get("compare") == "observation"
            yield number, rec, None
            continue
        if observing:
            observed = _read_observed(raw, number)
            if observed is not None:
                yield number, *observed
                continue
        else:
            digested = _read_digested(raw)
            if digested is not None:
                yield number, digested, None
                continue
        rec = parse_line(raw, number)
        validate_record(rec, number)
        yield number, rec, None


# -- the replay ---------------------------------------------------------------------


def _load_game(rec: dict[str, Any], line: int) -> tuple[Game[Any, Any], Config]:
    if rec["record"] != "header":
        raise TraceError(line, "$.record", f'expected "header" first, got {show(rec["record"])}')
    assert rec["format"] == FORMAT and rec["version"] in VERSIONS  # the schema says so
    if rec["version"] == 1 and "compare" in rec:
        raise TraceError(line, "$.compare", "unexpected field (version 1 compares digests)")
    if rec["version"] == 1 and "unsupported" in rec:
        raise TraceError(line, "$.unsupported", "unexpected field (a version 2 field)")
    name = rec["game"]
    try:
        game = registry.get(name)
    except KeyError as exc:
        raise TraceError(line, "$.game", str(exc.args[0]) if exc.args else str(exc)) from None
    except Exception as exc:
        raise TraceError(line, "$.game", f"cannot load game {name!r}: {exc}") from None
    players = rec["players"]
    if not game.min_players <= players <= game.max_players:
        raise TraceError(line, "$.players",
                         f"{name} takes {game.min_players} to {game.max_players} players,"
                         f" not {players}")
    try:
        config = game.config(players, rec["variant"])
    except ConfigError as exc:
        raise TraceError(line, "$.variant", str(exc)) from None
    kinds = {cls.__name__ for cls in game.action_types}
    for i, kind in enumerate(rec.get("unsupported", ())):
        if kind not in kinds:
            raise TraceError(line, f"$.unsupported[{i}]", f"{show(kind)} is not an action kind"
                             f" of {name} ({', '.join(sorted(kinds))})")
    return game, config


def _engine_legal(rec: dict[str, Any], line: int) -> dict[str, Any]:
    """A step's ``legal`` list (canonical text -> JSON); an action listed twice is
    malformed."""
    theirs: dict[str, Any] = {}
    for i, data in enumerate(rec["legal"]):
        text = dumps(data)
        if text in theirs:
            raise TraceError(line, f"$.legal[{i}]", "an action listed twice")
        theirs[text] = data
    return theirs


@functools.cache
def _named(action_types: tuple[type, ...]) -> dict[str, type]:
    """A game's action types by name."""
    return {cls.__name__: cls for cls in action_types}


#: (the game's action types, the action's keys, values and their types) -> the action
#: made from them; only actions whose values are all hashable (scalars) are remembered
_ACTIONS: dict[tuple[Any, ...], Any] = {}
#: actions remembered before the memory starts afresh
ACTION_ENTRIES = 4096


def _action_of(game: Game[Any, Any], data: dict[str, Any], line: int) -> Any:
    """The action a step's data name (an immutable value: one made from equal data,
    values of the same types, serves again)."""
    kinds = game.action_types
    values = tuple(data.values())
    key = (kinds, tuple(data), values, tuple(map(type, values)))
    try:
        return _ACTIONS[key]
    except KeyError:
        pass
    except TypeError:  # a list among the values: made anew
        return _make_action(game, data, line)
    action = _make_action(game, data, line)
    if len(_ACTIONS) >= ACTION_ENTRIES:
        _ACTIONS.clear()
    _ACTIONS[key] = action
    return action


def _make_action(game: Game[Any, Any], data: dict[str, Any], line: int) -> Any:
    types = _named(tuple(game.action_types))
    tag = data["type"]
    cls = types.get(tag)
    if cls is None:
        raise TraceError(line, "$.action.type",
                         f"unknown action type {show(tag)} for {game.name}; expected one of "
                         + ", ".join(sorted(types)))
    try:
        return structure(data, cls)
    except Exception as exc:
        try:
            first = error_paths(exc)[0]
        except Exception:  # pragma: no cover - cattrs gives paths for its own errors
            first = str(exc)
        message, _, where = first.rpartition(" @ ")
        if not message:
            message, where = first, "$"
        path = "$.action" + where[1:] if where.startswith("$") else "$.action"
        raise TraceError(line, path, message) from None


#: divergences after which the model can follow the trace: the step's action was applied
#: (or the set-up made) and only what the trace says of the state after it differs
FOLLOWED = frozenset({"setup-digest", "digest", "state", "observation"})


def check_lines(
    source: Iterable[str | bytes], *, allow_partial: bool = False, strict: bool = False,
    known: Sequence[Deviation] = (),
) -> Report:
    """Replay the lines of a trace; see the module docstring. Raises :class:`TraceError`.

    Every line is read and validated, whatever diverges: a malformed line anywhere is a
    :class:`TraceError`. A divergence matching one of ``known`` (:mod:`oracle.known`) is
    recorded with the entry's id and, when the model can follow the trace past it
    (:data:`FOLLOWED`), the comparison goes on: under the entry's reading when it names one
    (the model then plays under that reading), else from the state the trace writes when it
    writes one, else from the model's state. Comparison stops at the first divergence no
    entry matches, or one the model cannot follow; the steps after it are counted as not
    compared.
    """
    records = _lines(source)
    try:
        line, head, _ = next(records)
    except StopIteration:
        raise TraceError(1, None, "empty trace: no header line") from None
    game, config = _load_game(head, line)
    of_game(known, game.name)
    replay = _Replay(game, config, known, strict, head)
    replay.start(line)
    ended = False
    for line, rec, unread in records:
        try:
            checked = _checked(game, config, head, replay, rec, line, ended)
        except TraceError:
            if unread is not None:  # a fault of the whole line is found first, as it was
                unread.read()
            raise
        if checked is None:
            ended = True
            continue
        action, theirs = checked
        replay.step(rec, action, line, theirs, unread)
    replay.finish(allow_partial)
    return replay.report()


def _checked(game: Game[Any, Any], config: Config, head: dict[str, Any], replay: "_Replay",
             rec: dict[str, Any], line: int, ended: bool,
             ) -> tuple[Any, dict[str, Any] | None] | None:
    """A record after the header checked in its place (:class:`TraceError` otherwise): ``None``
    for an end record (compared), else a step record's action and the engine's legal list
    (``None`` when it has none)."""
    kind = rec["record"]
    if ended:
        raise TraceError(line, "$.record", "nothing may follow the end record")
    if kind == "header":
        raise TraceError(line, "$.record", "a second header")
    if kind == "end":
        if "steps" in rec and rec["steps"] != replay.count:
            raise TraceError(line, "$.steps",
                             f"the trace has {replay.count} step records, not {rec['steps']}")
        replay.end(rec, line)
        return None
    if rec["step"] != replay.count + 1:
        raise TraceError(line, "$.step", f"expected step {replay.count + 1}, got {rec['step']}")
    _require(rec, line, head["version"], replay.compare)
    if "legal" in rec and head["version"] == 1:
        raise TraceError(line, "$.legal", "unexpected field (a version 2 field)")
    theirs = _engine_legal(rec, line) if "legal" in rec else None
    action = _action_of(game, rec["action"], line)
    if "observation" in rec:
        _viewer_of(rec["observation"]["viewer"], config.players, line)
    return action, theirs


class _Replay:
    """The comparison of one trace with the model, record by record."""

    def __init__(self, game: Game[Any, Any], config: Config, known: Sequence[Deviation],
                 strict: bool, head: dict[str, Any]) -> None:
        self.game = game
        self.config = config
        self.known = tuple(known)
        self.strict = strict
        self.head = head
        #: what every step must carry: a digest (version 1, or compare "digest") or an
        #: observation
        self.compare: str = head.get("compare", "digest")
        #: step records read
        self.count = 0
        #: steps compared in agreement, and of them those after a known deviation
        self.agreed = 0
        self.after_known = 0
        #: step records read but not compared (after comparison stopped)
        self.uncompared = 0
        self.state: Any = None
        #: every divergence found, in order (known ones carry the entry's id)
        self.found: list[Divergence] = []
        #: the divergence that fails the trace (none known matches it)
        self.failing: Divergence | None = None
        #: why comparison stopped early (``None``: it did not)
        self.stopped: str | None = None
        self.warnings: list[str] = []
        #: the actions applied (to retry a divergence under other readings)
        self.played: list[Any] = []
        #: the step being compared and the last one agreed (state before, action, state
        #: after), for the rules at stake in a divergence
        self.current: tuple[Any, Any, Any] | None = None
        self.last: tuple[Any, Any, Any] | None = None
        #: observation traces: the top-level fields seen, and the view's count
        self.fields: set[str] = set()
        #: the keys of the last view whose fields agreed as text (already in ``fields``)
        self.keys: tuple[str, ...] = ()
        self.available = 0
        self.viewer: Any = None
        #: whether a known entry matches on a reading (divergences are then retried first)
        self.by_reading = any(d.match.reading is not None for d in self.known)
        #: the effect rules of the steps compared in agreement
        self.exercised: set[str] = set()

    @property
    def comparing(self) -> bool:
        return self.stopped is None

    def start(self, line: int) -> None:
        game, head = self.game, self.head
        try:
            self.state = game.setup(self.config)
            if "digest" in head:
                setup_digest = digest(self.state)
                if setup_digest != head["digest"]:
                    written = head["digest"]
                    div = _div("setup-digest", 0, line, KINDS["setup-digest"],
                                     expected=setup_digest, got=written)
                    matched = self.settle(div, lambda start: digest(start) == written, True)
                    if matched is not None:
                        self.follow(matched, self.state, None)
        except Exception as exc:
            self.settle(_div("model-error", 0, line, f"set-up failed: {exc!r}"), None,
                        False)

    def step(self, rec: dict[str, Any], action: Any, line: int,
             theirs: dict[str, Any] | None = None, unread: _Unread | None = None) -> None:
        self.count += 1
        if unread is not None and (theirs is not None or not self.comparing):
            unread.read()
        try:
            self._step(rec, action, line, theirs, unread)
        finally:
            if "observation" in rec:
                if unread is not None and unread.keys:
                    if unread.keys is not self.keys:  # a view type's keys, counted once
                        self.keys = unread.keys
                        self.fields.update(k for k in unread.keys if k != "type")
                else:
                    self.fields.update(k for k in rec["observation"]["fields"] if k != "type")

    def _step(self, rec: dict[str, Any], action: Any, line: int,
              theirs: dict[str, Any] | None, unread: _Unread | None) -> None:
        if "observation" in rec:
            seen = rec["observation"]
            self.viewer = seen["viewer"]
            if not self.available and self.comparing:
                try:
                    view = unstructure(self.game.observe(self.state, seen["viewer"]))
                    self.available = len([k for k in view if k != "type"])
                except Exception:  # the comparison reports a model that cannot observe
                    pass
        if not self.comparing:
            self.uncompared += 1
            return
        if theirs is not None and not self.legal(rec, theirs, line):
            return
        divergence, new = _replay_step(self.game, self.state, rec, action, line, self.strict,
                                       unread)
        if divergence is not None and unread is not None:
            unread.read()  # a divergence's report and its retries read the fields
        self.current = (self.state, action, new)
        if divergence is None:
            self.last = self.current
            self.current = None
            try:  # a plain try: cheaper each step than a context manager
                rules = self.game.effect_rules(self.state, action, new)
            except Exception:  # a model that cannot say: compare on
                rules = ()
            self.exercised.update(rules)
            self.state = new
            self.played.append(action)
            self.agreed += 1
            if self.found:
                self.after_known += 1
            return
        follow = divergence.kind in FOLLOWED and new is not None
        matched = self.settle(divergence, _step_agrees(self.game, rec, action, line,
                                                        self.strict), follow,
                              new if follow else None,
                              _step_compared(self.game, rec, action, line, self.strict))
        if matched is not None:
            self.played.append(action)
            self.follow(matched, new, rec.get("state"))

    def legal(self, rec: dict[str, Any], theirs: dict[str, Any], line: int) -> bool:
        """Compare the actions the engine listed before a step (its ``legal``) with the
        model's, as sets, leaving out the kinds the header declares unsupported; whether the
        comparison goes on (they agree, or a known deviation matches)."""
        unsupported = frozenset(self.head.get("unsupported", ()))

        def compared(before: Any) -> Divergence | None:
            try:
                who = self.game.actor(before)
                if who == TERMINAL:
                    return None  # the step itself reports a step after the end
                legal = [a for a in legal_set(self.game, before)
                         if who < 0 or type(a).__name__ not in unsupported]
                return legal_divergence(self.game, rec["step"], before, legal, theirs,
                                        line=line)
            except Exception as exc:
                return _div("model-error", rec["step"], line,
                            f"{type(exc).__name__}: {exc}", action=rec["action"])

        divergence = compared(self.state)
        if divergence is None:
            return True
        self.current = (self.state, None, None)
        return self.settle(divergence, lambda before: compared(before) is None,
                           divergence.kind == "legal") is not None

    def end(self, rec: dict[str, Any], line: int) -> None:
        if not self.comparing:
            return
        divergence = _check_end(self.game, self.state, rec, self.count, line)
        if divergence is not None:
            self.settle(divergence, _end_agrees(self.game, rec, self.count, line), False)

    def finish(self, allow_partial: bool) -> None:
        if not self.comparing:
            return
        game = self.game
        try:
            who = game.actor(self.state)
        except Exception as exc:
            self.settle(_div("model-error", self.count, None, f"actor failed: {exc!r}"),
                        None, False)
            return
        if who == TERMINAL:
            return
        message = f"the trace stops after step {self.count}; the game goes on: {next_up(who)}"
        if allow_partial:
            self.warnings.append(message)
        else:
            self.settle(_div("truncated", self.count + 1, None, message,
                                   expected=actor_label(who), got="end of trace"),
                        lambda last: game.actor(last) == TERMINAL, False)

    def settle(self, divergence: Divergence, agrees: Callable[[Any], bool] | None,
               follow: bool, at: Any = None,
               compared: Callable[[Any], Divergence | None] | None = None,
               ) -> Deviation | None:
        """Record ``divergence``, classified by the known file (premises checked on ``at``,
        the model's state where it was found; default the current one); the entry it
        matches when comparison goes on past it, else ``None`` (comparison stops). Where
        several entries explain the step's fields together (``compared`` repeats the step
        under a reading), the one to follow is the first with a reading, else the first."""
        where = Situation(self.game, self.state if at is None else at)
        divergence = at_stake(self.game, divergence, self.current, self.last)
        self.current = None
        retried = False
        readings: tuple[str, ...] = ()
        if self.by_reading:
            readings, retried = self.retry(divergence, agrees), True
        under = None
        if compared is not None:
            def under(label: str) -> tuple[FieldDiff, ...] | None:
                return fields_under(self.game, self.config, self.played, compared, label)
        marked, matched = settle(self.known, divergence, readings, where, under)
        if marked.also:
            team = [d for d in self.known if d.id in marked.entries]
            matched = next((d for d in team if d.match.reading is not None), matched)
        if matched is None:
            if not retried:
                marked = attrs.evolve(marked, readings=self.retry(divergence, agrees))
            self.failing = marked
            self.found.append(marked)
            self.stopped = f"step {divergence.step}: {divergence.kind}, not a known deviation"
            return None
        self.found.append(marked)
        if not follow:
            self.stopped = (f"step {divergence.step}: the model cannot follow the trace past a"
                            f" {divergence.kind} divergence (known deviation {matched.id})")
            return None
        return matched

    def retry(self, divergence: Divergence,
              agrees: Callable[[Any], bool] | None) -> tuple[str, ...]:
        """The readings under which the diverging comparison agrees."""
        if agrees is None or divergence.kind == "model-error":
            return ()
        return conforming_readings(self.game, self.config, self.played, agrees)

    def follow(self, matched: Deviation, new: Any, written: Any) -> None:
        """Go on past a known divergence: under the entry's reading (the state after the step
        replayed under it), else from the state the trace wrote, else from ``new``."""
        game = self.game
        reading = matched.match.reading
        if reading is not None:
            other = reading_config(game, self.config, reading)
            if other is not None:
                try:
                    state = game.setup(other)
                    for action in self.played:
                        state = game.apply(state, action)
                except Exception:  # pragma: no cover - the retry replayed them under it
                    pass
                else:
                    self.config, self.state = other, state
                    return
        if written is not None:
            try:
                self.state = structure(written, game.state_type)
                return
            except Exception:
                self.warnings.append("the state a trace record writes after a known deviation"
                                     " cannot be read as a model state; the model's own is"
                                     " followed")
        self.state = new

    def report(self) -> Report:
        try:
            finished = self.state is not None and self.game.actor(self.state) == TERMINAL
        except Exception:
            finished = False
        if self.uncompared:
            self.warnings.append(f"{self.uncompared} step record(s) after {self.stopped} were"
                                 " read and validated but not compared")
        return Report(self.game.name, self.config.players, self.config.variant, self.agreed,
                      finished, self.failing, tuple(self.warnings),
                      divergences=tuple(self.found), uncompared=self.uncompared,
                      after_known=self.after_known,
                      broad=tuple(d.id for d in self.known if d.broad),
                      entries=tuple(d.id for d in self.known),
                      fields=tuple(sorted(self.fields)), available=self.available,
                      actions=tuple(unstructure(a) for a in self.played), viewer=self.viewer,
                      exercised=tuple(sorted(r for r in self.exercised
                                             if r in self.game.rules)),
                      rules_total=len(self.game.rules))


def _step_agrees(game: Game[Any, Any], rec: dict[str, Any], action: Any, line: int,
                 strict: bool) -> Callable[[Any], bool]:
    """Whether the step of ``rec`` agrees with the model from a given state before it."""
    return lambda before: _replay_step(game, before, rec, action, line, strict)[0] is None


def _step_compared(game: Game[Any, Any], rec: dict[str, Any], action: Any, line: int,
                   strict: bool) -> Callable[[Any], Divergence | None]:
    """The divergence of the step of ``rec`` from a given state before it (``None``: it
    agrees)."""
    return lambda before: _replay_step(game, before, rec, action, line, strict)[0]


def _end_agrees(game: Game[Any, Any], rec: dict[str, Any], count: int,
                line: int) -> Callable[[Any], bool]:
    """Whether the end record ``rec`` agrees with the model from a given last state."""
    return lambda last: _check_end(game, last, rec, count, line) is None


def next_up(who: int) -> str:
    """Who acts next in a game that goes on, in words."""
    return "a chance step comes next" if who == CHANCE else f"player {who} acts next"


def _replay_step(
    game: Game[Any, Any], state: Any, rec: dict[str, Any], action: Any, line: int, strict: bool,
    unread: _Unread | None = None,
) -> tuple[Divergence | None, Any]:
    step = rec["step"]
    data = rec["action"]
    try:
        who = game.actor(state)
        if who == TERMINAL:
            return _div("after-end", step, line, "the game ended before this step",
                              action=data, expected="end", got=rec["actor"]), None
        label = actor_label(who)
        if label != rec["actor"] or type(label) is not type(rec["actor"]):
            return _div("actor", step, line, f"{show(label)} is to act, not"
                              f" {show(rec['actor'])}", action=data, expected=label,
                              got=rec["actor"]), None
        try:
            new = game.apply(state, action)
        except IllegalAction as exc:
            return _div("illegal", step, line, exc.message, action=data,
                              rule=exc.rule), None
        if strict:
            listed = (dict(game.chance_outcomes(state)) if who == CHANCE
                      else game.legal_actions(state))
            if action not in listed:
                return _div("unlisted", step, line, KINDS["unlisted"], action=data), None
        written = rec.get("digest")
        given = rec.get("state")
        # the state's text only when the step compares it (an observation trace does not)
        text = to_json(new) if written is not None or given is not None else ""
    except Exception as exc:
        return _div("model-error", step, line, f"{type(exc).__name__}: {exc}",
                          action=data), None
    model_digest = digest_text(text) if written is not None else None
    state_differs = given is not None and dumps(given) != text
    if written != model_digest or state_differs:
        after = unstructure(new)
        diffs = tuple(field_diff(after, given)) if given is not None else ()
        if written != model_digest:
            return _div("digest", step, line, KINDS["digest"], action=data,
                        expected=model_digest, got=written, diffs=diffs), new
        return _div("state", step, line, KINDS["state"], action=data, diffs=diffs), new
    if "observation" in rec:
        return _compare_observation(game, new, rec, line, unread), new
    return None, new


def _require(rec: dict[str, Any], line: int, version: int, compare: str) -> None:
    """Raise :class:`TraceError` unless a step carries what its header's version and
    ``compare`` ask: version 1 a digest and no observation; version 2 what it compares."""
    if version == 1:
        if "observation" in rec:
            raise TraceError(line, "$.observation", "unexpected field")
        if "digest" not in rec:
            raise TraceError(line, "$.digest", "missing field")
    elif compare not in rec:
        raise TraceError(line, f"$.{compare}",
                         f"missing field (the header compares {compare}s)")


def _viewer_of(viewer: Any, players: int, line: int) -> Any:
    """``viewer`` if it names ``"public"`` or a seat of the game, else :class:`TraceError`."""
    if viewer != PUBLIC and not 0 <= viewer < players:
        raise TraceError(line, "$.observation.viewer",
                         f"a viewer is {show(PUBLIC)} or a seat 0-{players - 1}, not {viewer}")
    return viewer


def _compare_observation(
    game: Game[Any, Any], state: Any, rec: dict[str, Any], line: int,
    unread: _Unread | None = None,
) -> Divergence | None:
    """Compare the fields a step's observation carries with the model's view of ``state``
    (``unread``: their text, not read yet unless it differs from the view's)."""
    seen = rec["observation"]
    viewer = seen["viewer"]
    try:
        seen_view = game.observe(state, viewer)
        text = view_text(seen_view)
    except Exception as exc:
        return _div("model-error", rec["step"], line,
                          f"observe failed: {type(exc).__name__}: {exc}", action=rec["action"])
    if unread is not None and not unread.done:
        if unread.agrees(seen_view, text):
            return None
        unread.read()
    try:
        # a whole view equal to the model's has no differing field: equal canonical texts
        # are equal JSON values, types included
        if dumps(seen["fields"]) == text:
            return None
        view = unstructure(seen_view)
    except Exception as exc:
        return _div("model-error", rec["step"], line,
                          f"observe failed: {type(exc).__name__}: {exc}", action=rec["action"])
    diffs: list[FieldDiff] = []
    try:
        partial_diff(view, seen["fields"], "$", diffs)
    except UnknownField as exc:
        raise TraceError(line, "$.observation.fields" + exc.path[1:], exc.message) from None
    if not diffs:
        return None
    first = diffs[0]
    who = "public" if viewer == PUBLIC else f"seat {viewer}"
    message = (f"{who} view: {first.path}: trace {show(first.got)},"
               f" model {show(first.expected)}")
    return _div("observation", rec["step"], line, message, action=rec["action"],
                      diffs=tuple(diffs))


def _check_end(
    game: Game[Any, Any], state: Any, rec: dict[str, Any], count: int, line: int
) -> Divergence | None:
    try:
        who = game.actor(state)
        if who != TERMINAL:
            return _div("early-end", count + 1, line,
                              f"the game goes on: {next_up(who)}",
                              expected=actor_label(who), got="end")
        scores = list(game.scores(state))
        winners = list(game.winners(state))
    except Exception as exc:
        return _div("model-error", count, line, f"{type(exc).__name__}: {exc}")
    if scores != rec["scores"] or winners != rec["winners"]:
        expected = {"scores": scores, "winners": winners}
        got = {"scores": rec["scores"], "winners": rec["winners"]}
        return _div("result", count, line, KINDS["result"], expected=expected, got=got,
                          diffs=tuple(field_diff(expected, got)))
    return None


def check_file(path: str, *, allow_partial: bool = False, strict: bool = False,
               known: Sequence[Deviation] = ()) -> Report:
    """Replay the trace in file ``path`` (``-`` for standard input); see :func:`check_lines`."""
    if path == "-":
        if sys.stdin is None:
            raise TraceError(None, None, "cannot read standard input: it is closed")
        try:
            return check_lines(read_lines(sys.stdin.buffer), allow_partial=allow_partial,
                               strict=strict, known=known)
        except OSError as exc:  # not readable (opened for writing only)
            raise TraceError(None, None, "cannot read standard input:"
                             f" {exc.strerror or exc}") from None
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, errors become TraceError
    except OSError as exc:
        raise TraceError(None, None, f"cannot read {path}: {exc.strerror or exc}") from None
    with handle:
        try:
            return check_lines(read_lines(handle), allow_partial=allow_partial, strict=strict,
                               known=known)
        except OSError as exc:
            raise TraceError(None, None, f"cannot read {path}: {exc.strerror or exc}") from None
