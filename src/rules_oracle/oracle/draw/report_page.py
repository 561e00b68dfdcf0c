"""The divergence report as one self-contained HTML page (``--html FILE`` of ``oracle check``
and ``oracle drive``, ``oracle report RESULT.json --html FILE``).

The page is built from the JSON report alone (what ``check --json`` or ``drive --json``
prints), so it shows what the verdict says in text and JSON, never more or less: at the top
the verdict line as the text report prints it and what was compared (observation fields,
unsupported kinds, chance drawn by the engine, probes, the known entries with what each
absorbed, the stale and broad ones); then every divergence: the rules at stake quoted with
their English summary (from the game's rules registry), the model's and the engine's values
side by side, the board before and after the diverging step with the differing fields
highlighted (an observation's paths mapped to the state fields they are made from,
:mod:`oracle.draw.observed`), and a step control walking the replay (the report's actions,
replayed by the model from the set-up) up to the divergence. Nothing is fetched.
"""

import html
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import structure
from rules_oracle.model.core.game import CHANCE, TERMINAL, Game
from rules_oracle.oracle.diff import show
from rules_oracle.oracle.draw import DRAWERS, canvas, changed
from rules_oracle.oracle.draw.observed import observed
from rules_oracle.oracle.draw.page import KEY_EVERY, STEPPER, Frame, encode, script_json
from rules_oracle.oracle.reading import InputError, decode, loads, read_file

#: the longest value a cell shows (the JSON report has it whole)
SHOWN = 400
#: the largest report file read (bytes)
MAX_REPORT = 256 * 1024 * 1024
#: the missing or extra actions listed for one divergence
LISTED = 20


class ReportError(Exception):
    """A report the page cannot be built from: one line naming the field."""


# -- reading a report ------------------------------------------------------------------------


def load(path: str) -> dict[str, Any]:
    """The JSON report in file ``path`` (strictly read), or :class:`ReportError`."""
    try:
        with open(path, "rb") as handle:
            data = loads(decode(read_file(handle, MAX_REPORT)).removeprefix("\ufeff"))
    except OSError as exc:
        raise ReportError(f"cannot read {path}: {exc.strerror or exc}") from None
    except InputError as exc:
        raise ReportError(f"{path}: not a JSON report: {exc}") from None
    kind_of(data, path)
    assert isinstance(data, dict)
    return data


def _field(obj: Any, key: str, types: "Types", where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise ReportError(f"{where}: missing field {key!r}")
    value = obj[key]
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in (
            types if isinstance(types, tuple) else (types,))):
        raise ReportError(f"{where}.{key}: unexpected value {show(value, 60)}")
    return value


Types = type | tuple[type, ...]
#: fields of a divergence the page reads when present (``null`` or absent: not shown)
_OPTIONAL: tuple[tuple[str, Types], ...] = (
    ("line", int), ("diffs", list), ("missing", list), ("extra", list), ("extra_rules", list),
    ("rules", list), ("readings", list), ("known", str), ("rule", str),
    ("missing_count", int), ("extra_count", int), ("also", list))
#: the fields the page reads, with their types: a drive report's, each of its games', a
#: check report's
_DRIVE_FIELDS: tuple[tuple[str, Types], ...] = (
    ("status", str), ("requests", int), ("seconds", (int, float)), ("absorbed", dict),
    ("stale", list), ("broad", list), ("partial", list))
_RUN_FIELDS: tuple[tuple[str, Types], ...] = (
    ("game", str), ("players", int), ("variant", dict), ("seed", int), ("policy", str),
    ("steps", int), ("finished", bool), ("status", str), ("probes", int), ("actions", list),
    ("declared", dict), ("gaps", dict), ("tolerated", dict), ("partial", list))
_CAMPAIGN_FIELDS: tuple[tuple[str, Types], ...] = (
    ("directory", str), ("status", str), ("games", int), ("conforming", int), ("known", int),
    ("diverging", int), ("signatures", list), ("absorbed", dict), ("requests", int),
    ("settings", dict), ("stale", list), ("broad", list), ("first_games", list),
    ("replays", list))
_CHECK_FIELDS: tuple[tuple[str, Types], ...] = (
    ("file", str), ("status", str), ("game", str), ("players", int), ("variant", dict),
    ("steps", int), ("finished", bool), ("divergences", list), ("known", dict),
    ("stale", list), ("broad", list), ("partial", list))


def kind_of(data: Any, source: str = "the report") -> str:
    """``check`` or ``drive``: which command's JSON report ``data`` is; :class:`ReportError`
    when it is neither, or a fields the page reads is missing or of another type."""
    if not isinstance(data, dict):
        raise ReportError(f"{source}: not a report of oracle check --json or oracle drive"
                          " --json (not a JSON object)")
    if data.get("status") == "malformed":
        raise ReportError(f"{source}: the report is of a malformed trace:"
                          f" {show(data.get('error'), 200)}")
    if "signatures" in data and "directory" in data:
        for key, types in _CAMPAIGN_FIELDS:
            _field(data, key, types, "$")
        _strings(data, ("stale", "broad"), "$")
        _counts(data, ("absorbed",), "$")
        for i, sig in enumerate(data["signatures"]):
            for key, types in (("kind", str), ("rules", list), ("count", int),
                               ("first_seed", int)):
                _field(sig, key, types, f"$.signatures[{i}]")
        _runs(data["first_games"], "$.first_games")
        if len(data["first_games"]) != len(data["signatures"]):
            raise ReportError("$.first_games: one game per signature expected")
        return "campaign"
    if "games" in data:
        _field(data, "games", list, "$")
        for key, types in _DRIVE_FIELDS:
            _field(data, key, types, "$")
        _strings(data, ("command", "stale", "broad", "partial"), "$")
        _counts(data, ("absorbed",), "$")
        _runs(data["games"], "$.games")
        return "drive"
    if "game" in data:
        for key, types in _CHECK_FIELDS:
            _field(data, key, types, "$")
        _strings(data, ("stale", "broad", "partial", "warnings", "fields"), "$")
        _counts(data, ("known",), "$")
        for key in ("uncompared", "after_known", "available"):
            if data.get(key) is not None:
                _field(data, key, int, "$")
        if data.get("actions") is not None:
            _field(data, "actions", list, "$")
        for i, div in enumerate(data["divergences"]):
            _divergence_fields(div, f"$.divergences[{i}]")
        if data.get("divergence") is not None:
            _divergence_fields(data["divergence"], "$.divergence")
        return "check"
    raise ReportError(f"{source}: not a report of oracle check --json or oracle drive --json"
                      " (neither a game nor games)")


def _divergence_fields(div: Any, where: str) -> None:
    for key, needed in (("kind", str), ("step", int), ("message", str)):
        _field(div, key, needed, where)
    for key, types in _OPTIONAL:
        if div.get(key) is not None:
            _field(div, key, types, where)
    for key in ("diffs", "rules", "extra_rules", "readings"):
        for i, item in enumerate(div.get(key) or ()):
            if key == "diffs":
                _field(item, "path", str, f"{where}.diffs[{i}]")
            elif item is not None and not isinstance(item, str):
                raise ReportError(f"{where}.{key}[{i}]: unexpected value {show(item, 60)}")


def _strings(obj: dict[str, Any], keys: Sequence[str], where: str) -> None:
    """The fields ``keys`` of ``obj``, when present, are lists of strings."""
    for key in keys:
        value = obj.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ReportError(f"{where}.{key}: unexpected value {show(value, 60)}")


def _counts(obj: dict[str, Any], keys: Sequence[str], where: str) -> None:
    """The fields ``keys`` of ``obj``, when present, map names to counts."""
    for key in keys:
        value = obj.get(key) or {}
        if not isinstance(value, dict) or not all(
                type(v) is int for v in value.values()):
            raise ReportError(f"{where}.{key}: unexpected value {show(value, 60)}")


def _declared_fields(declared: dict[str, Any], where: str) -> None:
    for key in ("fields", "unsupported", "rolls"):
        value = declared.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ReportError(f"{where}.{key}: unexpected value {show(value, 60)}")


# -- the verdict, as the text report says it ---------------------------------------------------


def _partial(partial: Sequence[str]) -> str:
    return f" (partial: {'; '.join(partial)})" if partial else ""


def _entries(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The known entries a report lists, by id (each field the page reads as text)."""
    listed = data.get("known_entries")
    out: dict[str, dict[str, Any]] = {}
    for e in listed if isinstance(listed, list) else ():
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            match = e.get("match")
            out[e["id"]] = {**{k: str(e.get(k, "")) for k in ("class", "rule", "explanation")},
                            "match": match if isinstance(match, dict) else {}}
    return out


def _runs(runs: Sequence[Any], where: str) -> None:
    """Check the fields the page reads of a drive's games (``where[i]``)."""
    for i, run in enumerate(runs):
        for key, types in _RUN_FIELDS:
            _field(run, key, types, f"{where}[{i}]")
        _declared_fields(run["declared"], f"{where}[{i}].declared")
        _strings(run, ("partial", "warnings"), f"{where}[{i}]")
        _counts(run, ("gaps", "tolerated"), f"{where}[{i}]")
        for key in ("rolled", "after_known", "departed"):
            if run.get(key) is not None:
                _field(run, key, int, f"{where}[{i}]")
        if run.get("known") is not None:
            _field(run, "known", str, f"{where}[{i}]")
        if run.get("divergence") is not None:
            _divergence_fields(run["divergence"], f"{where}[{i}].divergence")
        if run.get("later") is not None:
            _field(run, "later", list, f"{where}[{i}]")
        for j, later in enumerate(run.get("later") or ()):
            _divergence_fields(later, f"{where}[{i}].later[{j}]")


def _exercised(report: Mapping[str, Any], before: str = "") -> str:
    """``rules exercised n of N`` as the text report says it ('' for a report without it)."""
    ex = report.get("rules_exercised")
    if not isinstance(ex, dict) or not {"count", "of"} <= set(ex):
        return ""
    return f"rules exercised{before} {ex['count']} of {ex['of']}"


def check_verdict(data: Mapping[str, Any]) -> str:
    """The verdict line ``oracle check`` prints for the report ``data``."""
    head = f"{data['file']}: {data['game']}, {data['players']} players"
    div = data.get("divergence")
    if div is None:
        state = "finished" if data["finished"] else "unfinished"
        verdict = ("conforms" if data["status"] == "conforms"
                   else "conforms but for known deviations")
        exercised = _exercised(data)
        return (f"{head}: {verdict}{_partial(data['partial'])} ({data['steps']} steps, game"
                f" {state}{', ' + exercised if exercised else ''})")
    exercised = _exercised(data, " before it")
    return (f"{head}: diverges at step {div['step']}: {div['kind']}"
            + (f" ({exercised})" if exercised else ""))


def _run_head(run: Mapping[str, Any]) -> str:
    return f"{run['game']} {run['players']}p seed {run['seed']} {run['policy']}"


def run_verdict(run: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> str:
    """The line ``oracle drive`` prints for one game of its report."""
    head = _run_head(run)
    div = run.get("divergence")
    known = run.get("known")
    if div is not None and known is not None:
        entry = entries.get(known)
        what = "" if entry is None else f" ({entry['class']}, {entry['rule']})"
        also = div.get("also") or []
        together = f" (with {', '.join(map(str, also))})" if also else ""
        return (f"{head}: known deviation {known}{what} at step {div['step']}:"
                f" {div['kind']}{together}")
    if run.get("driven") is False and run["partial"]:
        return f"{head}: {run['partial'][0]} (a declared gap)"
    if div is None:
        state = "finished" if run["finished"] else "unfinished"
        verdict = "conforms" if run["status"] == "conforms" else "conforms but for known deviations"
        exercised = _exercised(run)
        return (f"{head}: {verdict}{_partial(run['partial'])} ({run['steps']} steps,"
                f" {run['probes']} illegal actions rejected, game {state}"
                f"{', ' + exercised if exercised else ''})")
    return f"{head}: diverges at step {div['step']}: {div['kind']}"


def drive_verdict(data: Mapping[str, Any]) -> str:
    """The summary line ``oracle drive`` prints for the report ``data``."""
    runs = data["games"]
    good = sum(1 for r in runs if r["status"] == "conforms")
    known = sum(1 for r in runs if r["status"] == "known")
    also = f", {known} with a known deviation" if known else ""
    return (f"{good}/{len(runs)} games conform{also}{_partial(data['partial'])}"
            f" ({data['requests']} requests, {data['seconds']:.2f} s)")


def campaign_verdict(data: Mapping[str, Any]) -> list[str]:
    """The lines ``oracle campaign`` prints first and last for the report ``data`` (its
    timing left out: the JSON report has none)."""
    settings = data["settings"]
    first = int(settings.get("seed", 0))
    return [f"campaign {data['directory']}: {settings.get('game')}, {data['games']} games"
            f" (seeds {first}-{first + int(settings.get('games', data['games'])) - 1}):"
            f" {data['conforming']} conform, {data['known']} known,"
            f" {data['diverging']} diverge", f"verdict: {data['status']}"]


def verdict_lines(data: Mapping[str, Any]) -> list[str]:
    """The verdict lines of a report as the text report prints them: ``check``'s one line,
    ``drive``'s line per game and its summary, or a campaign's summary and verdict."""
    kind = kind_of(data)
    if kind == "check":
        return [check_verdict(data)]
    if kind == "campaign":
        return campaign_verdict(data)
    entries = _entries(data)
    exercised = data.get("rules_exercised")
    per_game = [f"rules exercised ({name}): {ex['count']} of {ex['of']}"
                for name, ex in (exercised.items() if isinstance(exercised, dict) else ())
                if isinstance(ex, dict) and {"count", "of"} <= set(ex)]
    return [*(run_verdict(r, entries) for r in data["games"]), *per_game, drive_verdict(data)]


def status_words(data: Mapping[str, Any]) -> str:
    """``conforms``, ``conforms (partial: ...)``, ``conforms but for known deviations``
    (``(partial: ...)``) or ``diverges``."""
    status = data["status"]
    if status == "diverges":
        return "diverges"
    word = "conforms" if status == "conforms" else "conforms but for known deviations"
    return word + _partial(data.get("partial") or [])


# -- replays ---------------------------------------------------------------------------------


@attrs.frozen
class Replay:
    """The model's states of a report's actions replayed from the set-up."""

    #: ``(label, state)``: the set-up (step 0), then the state after each action
    states: tuple[tuple[str, Any], ...]
    #: why the replay stopped before the last action (empty: it did not)
    stopped: str = ""


def _action(game: Game[Any, Any], data: Any) -> Any:
    types = {cls.__name__: cls for cls in game.action_types}
    return structure(data, types[data["type"]])


def _who(game: Game[Any, Any], state: Any) -> str:
    who = game.actor(state)
    return "chance" if who == CHANCE else "end" if who == TERMINAL else f"seat {who}"


def replay(game: Game[Any, Any], players: int, variant: Mapping[str, str],
           actions: Sequence[Any]) -> Replay:
    """The model's states after each of ``actions`` (canonical JSON) from the set-up under
    ``players`` and ``variant``; stops at the first the model cannot apply."""
    try:
        state = game.setup(game.config(players, dict(variant)))
    except Exception as exc:
        return Replay((), f"the model cannot set up the game: {show(str(exc), 200)}")
    out: list[tuple[str, Any]] = [("step 0: set-up", state)]
    for n, data in enumerate(actions, 1):
        try:
            who = _who(game, state)
            state = game.apply(state, _action(game, data))
        except Exception as exc:
            return Replay(tuple(out), f"the replay stops at step {n}: the model cannot apply"
                          f" {show(data, 200)} ({show(str(exc), 200)})")
        out.append((f"step {n}: {who}: {show(data, 300)}", state))
    return Replay(tuple(out))


# -- HTML pieces -----------------------------------------------------------------------------


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _value(value: Any) -> str:
    return f"<code>{_e(show(value, SHOWN))}</code>"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], css: str = "") -> str:
    """A table of already escaped cells."""
    if not rows:
        return ""
    cls = f' class="{css}"' if css else ""
    out = [f"<table{cls}><thead><tr>", *(f"<th>{_e(h)}</th>" for h in head),
           "</tr></thead><tbody>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _list(items: Sequence[str], css: str = "") -> str:
    if not items:
        return ""
    cls = f' class="{css}"' if css else ""
    return f"<ul{cls}>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def rule_quote(rule_id: str) -> str:
    """A rule at stake as HTML: its id, the rules text's own words and the English summary
    (or where it comes from when no project text states it)."""
    found = registry.find_rule(rule_id)
    if found is None:
        return (f'<div class="rule" data-rule="{_e(rule_id)}"><code>{_e(rule_id)}</code>:'
                " not a registered rule</div>")
    if found.quote:
        words = (f'<span class="file">{_e(found.file)}</span>: <q lang="ru">{_e(found.quote)}</q>')
    else:
        words = f'<span class="file">{_e(found.source or found.file)}</span>'
    return (f'<div class="rule" data-rule="{_e(rule_id)}"><code>{_e(rule_id)}</code> {words}'
            f' <span class="summary">({_e(found.summary)})</span></div>')


def _rules_at_stake(div: Mapping[str, Any]) -> list[str]:
    ids = [r for r in div.get("rules") or () if isinstance(r, str)]
    for extra in (div.get("rule"), *(div.get("extra_rules") or ())):
        if isinstance(extra, str) and extra not in ids:
            ids.append(extra)
    return ids


def highlight_paths(game: str, div: Mapping[str, Any], viewer: Any) -> tuple[str, ...]:
    """The state paths a divergence's differing fields mark on the board: the diff's own
    paths (a state's), or for an observation the state fields its paths are made from."""
    paths = [d["path"] for d in div.get("diffs") or () if isinstance(d, dict)
             and isinstance(d.get("path"), str)]
    if div.get("kind") != "observation":
        return tuple(paths)
    seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    try:
        return tuple(sorted(observed(game, paths, seat)))
    except KeyError:  # a game the observation tables do not map
        return ()


@attrs.frozen
class Side:
    """What the other side of the comparison is called: ``trace`` or ``engine``."""

    name: str


def _values(div: Mapping[str, Any], side: Side) -> str:
    """The model's and the other side's values side by side."""
    rows: list[list[str]] = []
    if div.get("expected") is not None or div.get("got") is not None:
        rows.append(["(the divergence)", _value(div.get("expected")), _value(div.get("got")),
                     ""])
    for d in div.get("diffs") or ():
        rows.append([f"<code>{_e(d.get('path'))}</code>", _value(d.get("expected")),
                     _value(d.get("got")), _e(d.get("note") or "")])
    out = _table(["field", "model", side.name, "note"], rows, "values")
    missing = [_value(a) for a in (div.get("missing") or ())[:LISTED]]
    count = div.get("missing_count") or len(div.get("missing") or ())
    if missing:
        out += (f"<p>{count} legal action(s) the model allows and the {side.name} lacks:</p>"
                + _list(missing, "actions"))
    extra = list((div.get("extra") or ())[:LISTED])
    why = list(div.get("extra_rules") or ()) + [None] * len(extra)
    count = div.get("extra_count") or len(extra)
    if extra:
        items = [_value(a) + ("" if r is None else f" (the model rejects it under"
                              f" <code>{_e(r)}</code>)") for a, r in zip(extra, why, strict=False)]
        out += (f"<p>{count} action(s) the {side.name} lists and the model does not"
                " allow:</p>" + _list(items, "actions"))
    if div.get("reply") is not None:
        out += f"<p>reply: {_value(div['reply'])}</p>"
    return out


def _svg(game: str, state: Any, marks: Sequence[str]) -> str:
    return canvas(game, state, marks).svg()


def _frames(game: str, rep: Replay, upto: int, marks: Sequence[str]) -> Iterator[Frame]:
    """The replay's frames from the set-up to state ``upto``, each highlighting what its step
    changed, and the last the differing fields."""
    before = None
    for n, (label, state) in enumerate(rep.states[:upto + 1]):
        if n == upto and marks:
            shown: tuple[str, ...] = tuple(marks)
        else:
            shown = () if before is None else tuple(sorted(changed(before, state)))
        yield Frame(label, shown, canvas(game, state, shown))
        before = state


@attrs.define
class Pool:
    """The distinct SVG elements of every replay of a page, each kept once."""

    elements: list[str] = attrs.Factory(list)
    index: dict[str, int] = attrs.Factory(dict)


def _replay_section(game: str, rep: Replay, upto: int, marks: Sequence[str], ident: str,
                    pool: Pool) -> str:
    _, frames = encode(_frames(game, rep, upto, marks), pool.elements, pool.index)
    frames[-1]["differing"] = bool(marks)
    data = {"frames": frames, "keyEvery": KEY_EVERY, "start": len(frames) - 1}
    return (f'<section class="replay" id="{_e(ident)}" data-step="">'
            '<div class="controls"><button class="first" title="the set-up">|&lt;</button>'
            '<button class="prev" title="the step before">&lt;</button>'
            '<button class="next" title="the next step">&gt;</button>'
            '<button class="last" title="the diverging step">&gt;|</button>'
            '<input type="range" class="slider" min="0" value="0" aria-label="step">'
            ' <span class="step-counter"></span><div class="step-label"></div>'
            '<div class="step-changed"></div></div><div class="stage"></div>'
            f'<script type="application/json" class="frames">{script_json(data)}</script>'
            "</section>")


def _boards(game: str, rep: Replay, div: Mapping[str, Any], action: Any,
            marks: Sequence[str], ident: str, pool: Pool) -> str:
    """The board before and after the diverging step, and the replay to it."""
    step = div["step"]
    before_at = min(max(step - 1, 0), len(rep.states) - 1)
    if not rep.states:
        return f'<p class="note">{_e(rep.stopped)}</p>'
    note = f'<p class="note">{_e(rep.stopped)}</p>' if rep.stopped else ""
    label, before = rep.states[before_at]
    after = None
    after_label = ""
    if step >= 1 and len(rep.states) > step:
        after_label, after = rep.states[step]
    elif step >= 1 and action is not None and before_at == step - 1:
        g = registry.get(game)
        try:
            after = g.apply(before, _action(g, action))
            after_label = f"step {step}: {_who(g, before)}: {show(action, 300)}"
        except Exception as exc:
            note += (f'<p class="note">the model does not play the step\'s action'
                     f" ({_e(show(str(exc), 200))}): no state after it</p>")
    cells = [f'<figure class="board before"><figcaption>before the step: {_e(label)}'
             f"</figcaption>{_svg(game, before, marks)}</figure>"]
    if after is not None:
        cells.append(f'<figure class="board after"><figcaption>after it (the model):'
                     f" {_e(after_label)}</figcaption>{_svg(game, after, marks)}</figure>")
    states = Replay(rep.states[:before_at + 1] + (((after_label, after),)
                                                  if after is not None else ()))
    upto = len(states.states) - 1
    marked = ("" if marks else '<p class="note">no field paths to highlight: the'
              " divergence names no differing field of the state</p>")
    return (note + marked + '<div class="boards">' + "".join(cells) + "</div>"
            + f"<h4>the replay from the set-up to step {upto}</h4>"
            + _replay_section(game, states, upto, marks, ident, pool))


def _divergence(game: str, div: Mapping[str, Any], heading: str, side: Side, rep: Replay | None,
                actions: Sequence[Any], viewer: Any, ident: str,
                entries: Mapping[str, Mapping[str, Any]], pool: Pool) -> str:
    known = div.get("known")
    named = [] if known is None else [known, *(str(a) for a in div.get("also") or ())]
    status = ("not a known deviation" if known is None
              else "known deviation " + " with ".join(k + (
                  f" ({entries[k]['class']}, {entries[k]['rule']})" if k in entries else "")
                  for k in named))
    css = "divergence known" if known is not None else "divergence failing"
    where = f"step {div['step']}" + ("" if div.get("line") is None else f", line {div['line']}")
    parts = [f'<section class="{css}" data-kind="{_e(div["kind"])}" data-step="{div["step"]}">',
             f"<h3>{_e(heading)}: {_e(where)}: {_e(div['kind'])}</h3>",
             f'<p class="message">{_e(div["message"])}</p>',
             f'<p class="known-status">{_e(status)}</p>']
    for k in named:  # every entry explaining the step
        if k in entries:
            parts.append(f'<p class="why">why ({_e(k)}): {_e(entries[k]["explanation"])}</p>'
                         if len(named) > 1 else
                         f'<p class="why">why: {_e(entries[k]["explanation"])}</p>')
    if div.get("action") is not None:
        parts.append(f"<p>action: {_value(div['action'])}</p>")
    rules = _rules_at_stake(div)
    parts.append("<h4>rules at stake</h4>" + ("".join(rule_quote(r) for r in rules) if rules
                                             else '<p class="note">none named</p>'))
    for reading in div.get("readings") or ():
        parts.append(f'<p class="reading">conforms under {_e(reading)}: the step agrees under'
                     " that reading of the ambiguity</p>")
    parts.append(f"<h4>the model and the {_e(side.name)}</h4>" + _values(div, side))
    marks = highlight_paths(game, div, viewer)
    if marks:
        parts.append("<p>highlighted: " + " ".join(f"<code>{_e(m)}</code>" for m in marks)
                     + "</p>")
    if rep is None:
        parts.append(f'<p class="note">no drawing for game {_e(game)}</p>')
    else:
        step = div["step"]
        action = actions[step - 1] if 0 < step <= len(actions) else div.get("action")
        parts.append(_boards(game, rep, div, action, marks, ident, pool))
    parts.append("</section>")
    return "".join(parts)


# -- what was compared -----------------------------------------------------------------------


def _known_table(absorbed: Mapping[str, int], stale: Sequence[str], broad: Sequence[str],
                 entries: Mapping[str, Mapping[str, Any]]) -> str:
    ids = list(dict.fromkeys([*entries, *absorbed, *stale, *broad]))
    if not ids:
        return "<p>known deviations: none given</p>"
    rows = []
    for ident in ids:
        entry = entries.get(ident, {})
        notes = [w for w, on in (("stale: absorbed nothing here", ident in stale),
                                 ("broad: matches every divergence of its kind",
                                  ident in broad)) if on]
        rows.append([f"<code>{_e(ident)}</code>", _e(entry.get("class", "")),
                     _e(entry.get("rule", "")), _e(absorbed.get(ident, 0)),
                     _e("; ".join(notes)), _e(entry.get("explanation", ""))])
    return ("<h3>known deviations</h3>"
            + _table(["entry", "class", "rule", "absorbed", "", "why"], rows, "known"))


def _check_compared(data: Mapping[str, Any]) -> str:
    items = [f"steps compared in agreement: {data['steps']}"
             f" (the game {'finished' if data['finished'] else 'did not finish'})"]
    available = data.get("available") or 0
    fields = data.get("fields") or []
    if available:
        items.append(f"observation fields compared: {len(fields)} of {available}"
                     f" ({', '.join(fields)}; viewer {data.get('viewer')})")
    else:
        items.append("whole states compared (digests)")
    if data.get("uncompared"):
        items.append(f"step records not compared: {data['uncompared']}")
    if data.get("after_known"):
        items.append(f"steps compared after a known deviation: {data['after_known']}")
    items.extend(f"warning: {w}" for w in data.get("warnings") or ())
    partial = data["partial"]
    items.append("partial: " + ("; ".join(partial) if partial else "none: compared in full"))
    return _list([_e(i) for i in items])


def _drive_compared(data: Mapping[str, Any]) -> str:
    rows = []
    notes: list[str] = []
    for run in data["games"]:
        declared = run["declared"]
        if declared.get("compare") == "observation":
            compared = (f"observation of {declared.get('viewer')}:"
                        f" {len(declared.get('fields') or [])} of"
                        f" {declared.get('available')} fields")
        else:
            compared = "digests (whole states)"
        gaps = ", ".join(f"{k} {v}" for k, v in run["gaps"].items())
        tolerated = ", ".join(f"{k} {v}x" for k, v in run["tolerated"].items())
        rows.append([_e(_run_head(run)), _e(run["status"]), _e(run["steps"]), _e(compared),
                     _e(", ".join(declared.get("unsupported") or [])), _e(gaps),
                     _e(", ".join(declared.get("rolls") or [])), _e(run.get("rolled", 0)),
                     _e(run["probes"]), _e(tolerated), _e(run.get("after_known", 0)),
                     _e("; ".join(run["partial"]) or "none")])
        if run.get("departed"):
            notes.append(f"{_run_head(run)}: from step {run['departed']} the game is not the"
                         " one `oracle play` writes: the report's actions are its replay")
        notes.extend(f"{_run_head(run)}: warning: {w}" for w in run.get("warnings") or ())
    command = " ".join(str(c) for c in data.get("command") or [])
    partial = data["partial"]
    head = _list([f"engine: <code>{_e(command)}</code>",
                  f"games: {len(data['games'])}, requests: {data['requests']},"
                  f" {data['seconds']:.2f} s",
                  "partial: " + (_e("; ".join(partial)) if partial
                                 else "none: compared in full")])
    return (head + _table(["game", "status", "steps", "compared", "unsupported kinds",
                           "legal actions left out", "chance drawn by the engine",
                           "outcomes drawn", "illegal actions probed", "known tolerated",
                           "steps after a known deviation", "partial"], rows, "runs")
            + _list([_e(n) for n in notes], "notes"))


# -- the page --------------------------------------------------------------------------------


def page(data: Mapping[str, Any], title: str | None = None) -> str:
    """The HTML page of a JSON report of ``oracle check``, ``oracle drive`` or ``oracle
    campaign`` (each signature's first game drawn)."""
    kind = kind_of(data)
    entries = _entries(data)
    pool = Pool()
    if kind == "check":
        title = title or f"oracle check {data['file']}"
        compared = _check_compared(data)
        absorbed, stale, broad = data["known"], data["stale"], data["broad"]
        sections = _check_divergences(data, entries, pool)
    elif kind == "campaign":
        title = title or f"oracle campaign {data['directory']}"
        compared = _campaign_compared(data)
        absorbed, stale, broad = data["absorbed"], data["stale"], data["broad"]
        sections = _campaign_divergences(data, entries, pool)
    else:
        names = dict.fromkeys(run["game"] for run in data["games"])
        title = title or f"oracle drive {', '.join(names)}".rstrip()
        compared = _drive_compared(data)
        absorbed, stale, broad = data["absorbed"], data["stale"], data["broad"]
        sections = _drive_divergences(data, entries, pool)
    status = data["status"]
    lines = "".join(f'<div class="line">{_e(line)}</div>' for line in verdict_lines(data))
    body = [f'<div id="verdict" class="{_e(status)}" data-status="{_e(status)}">'
            f'<div id="status">{_e(status_words(data))}</div>{lines}</div>',
            "<h2>what was compared</h2>", compared,
            _known_table(absorbed, stale, broad, entries)]
    for ident in broad:
        entry = entries.get(ident, {})
        kind_word = (entry.get("match") or {}).get("kind")
        every = f"every {kind_word} divergence" if kind_word else "every divergence"
        body.append(f'<p class="broad">broad known deviation in force: {_e(ident)} matches'
                    f" {_e(every)} ({_e(entry.get('explanation', ''))})</p>")
    body.append(f"<h2>divergences ({len(sections)})</h2>")
    body.append("".join(sections) if sections else '<p id="none">no divergence</p>')
    if pool.elements:
        body.append('<script type="application/json" id="pool">'
                    f"{script_json(pool.elements)}</script>")
    return (_HEAD.replace("@TITLE@", _e(title)) + "".join(body) + _SCRIPT)


def _check_divergences(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]],
                       pool: Pool) -> list[str]:
    divs = data["divergences"]
    if not divs and data.get("divergence") is not None:
        divs = [data["divergence"]]
    actions = data.get("actions") or []
    game = data["game"]
    rep = None
    if divs and game in DRAWERS:
        rep = replay(registry.get(game), data["players"], data["variant"], actions)
    side = Side("trace")
    return [_divergence(game, d, game, side, rep, actions, data.get("viewer"), f"replay-{i}",
                        entries, pool) for i, d in enumerate(divs)]


def _drive_divergences(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]],
                       pool: Pool) -> list[str]:
    return _run_divergences(data["games"], [_run_head(run) for run in data["games"]], entries,
                            pool)


def _run_divergences(runs: Sequence[Mapping[str, Any]], heads: Sequence[str],
                     entries: Mapping[str, Mapping[str, Any]], pool: Pool) -> list[str]:
    out = []
    side = Side("engine")
    for i, (run, head) in enumerate(zip(runs, heads, strict=True)):
        div = run.get("divergence")
        if div is None:
            continue
        div = {**div, "known": run.get("known", div.get("known"))}
        game = run["game"]
        rep = None
        if game in DRAWERS:
            rep = replay(registry.get(game), run["players"], run["variant"], run["actions"])
        out.append(_divergence(game, div, head, side, rep, run["actions"],
                               run["declared"].get("viewer"), f"replay-{i}", entries, pool))
        # after an accepted illegal action play went on: the game's later divergences
        for j, later in enumerate(run.get("later") or ()):
            out.append(_divergence(game, later, head, side, rep, run["actions"],
                                   run["declared"].get("viewer"), f"replay-{i}-{j + 1}",
                                   entries, pool))
    return out


def _signature_words(sig: Mapping[str, Any]) -> str:
    rules = ", ".join(str(r) for r in sig["rules"]) or "no rule named"
    known = sig.get("known")
    return f"{sig['kind']} [{rules}]" + ("" if known is None else f" (known: {known})")


def _campaign_divergences(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]],
                          pool: Pool) -> list[str]:
    heads = [f"{_signature_words(sig)}: {sig['count']} games, first {_run_head(run)}"
             for sig, run in zip(data["signatures"], data["first_games"], strict=True)]
    return _run_divergences(data["first_games"], heads, entries, pool)


def _campaign_compared(data: Mapping[str, Any]) -> str:
    settings = data["settings"]
    command = " ".join(str(c) for c in settings.get("command") or [])
    head = _list([f"engine: <code>{_e(command)}</code>",
                  f"game: {_e(settings.get('game'))}, players: "
                  f"{_e(settings.get('players') or 'every count in turn')}, policy: "
                  f"{_e(settings.get('policy'))}, illegal probes per step: "
                  f"{_e(settings.get('probes'))}",
                  f"games: {data['games']} ({data['conforming']} conform, {data['known']}"
                  f" known, {data['diverging']} diverge), requests: {data['requests']}"])
    replays = {(r.get("kind"), tuple(r.get("rules") or ()), r.get("known")): r
               for r in data["replays"] if isinstance(r, dict)}
    rows = []
    for sig in data["signatures"]:
        replay_of = replays.get((sig["kind"], tuple(sig["rules"]), sig.get("known")))
        shown = "" if replay_of is None else (
            f"{replay_of.get('steps')} steps (from {replay_of.get('original_steps')}):"
            f" {replay_of.get('file')}")
        rows.append([_e(sig["count"]), _e(sig.get("divergences", sig["count"])),
                     _e(sig["first_seed"]), _e(sig["kind"]),
                     _e(", ".join(str(r) for r in sig["rules"]) or "-"),
                     _e(" + ".join([sig["known"], *(sig.get("also") or ())])
                        if sig.get("known") else "-"), _e(shown)])
    return head + "<h3>divergences by signature</h3>" + _table(
        ["count", "divergences", "first seed", "kind", "rules", "known", "minimal replay"],
        rows, "signatures")


def write(path: str, data: Mapping[str, Any]) -> None:
    """Write the page of report ``data`` to ``path``; :class:`ReportError` when it cannot."""
    text = page(data)
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as exc:
        raise ReportError(f"cannot write {path}: {exc.strerror or exc}") from None


def known_entries(known: Sequence[Any]) -> dict[str, Any]:
    """The ``known_entries`` field of a JSON report: each known deviation in force (id,
    game, class, rule, explanation, matcher, continue, broad)."""
    return {"known_entries": [d.to_json() for d in known]} if known else {}



_HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>@TITLE@</title>
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>
body{font-family:sans-serif;margin:12px;background:#fff;color:#222;font-size:14px}
h1{font-size:18px}h2{font-size:16px;border-bottom:1px solid #ccc}h3{font-size:15px}
h4{font-size:13px;margin:10px 0 4px}
#verdict{padding:8px;border:2px solid #999;margin-bottom:8px}
#verdict.conforms{border-color:#2a2;background:#efe}#verdict.known{border-color:#c90;background:#ffd}
#verdict.diverges{border-color:#c22;background:#fee}
#status{font-size:20px;font-weight:bold}.line{font-family:monospace;white-space:pre-wrap}
table{border-collapse:collapse;margin:4px 0}td,th{border:1px solid #ccc;padding:2px 5px;
vertical-align:top;text-align:left;font-size:12px}
code{font-size:12px;word-break:break-all}table.known td:first-child code{word-break:normal;
white-space:nowrap}
section.divergence{border:1px solid #bbb;padding:6px 10px;margin:10px 0}
section.failing{border-left:6px solid #c22}section.known{border-left:6px solid #c90}
.rule{margin:3px 0}.rule q{font-style:italic}.summary{color:#444}.note{color:#666}
.boards{display:grid;grid-template-columns:1fr 1fr;gap:10px}.board{margin:0;min-width:0}
.board svg{width:100%;height:auto}.board figcaption{font-size:12px;
font-family:monospace;max-width:700px;word-break:break-all}
.controls{position:sticky;top:0;background:#f0f0f0;padding:6px;border:1px solid #ccc;z-index:1}
.controls button{min-width:3em}.slider{width:40%;vertical-align:middle}
.step-label{font-family:monospace;margin-top:4px;white-space:pre-wrap;word-break:break-all}
.step-changed{font-family:monospace;font-size:12px;color:#a000a0}
</style></head>
<body><h1>@TITLE@</h1>
"""

_SCRIPT = """<script>
"use strict";
""" + STEPPER + """
(function () {
  const shared = document.getElementById("pool");
  const pool = shared ? JSON.parse(shared.textContent) : [];
  const classes = {stage: "stage", slider: "slider", counter: "step-counter",
                   label: "step-label", changed: "step-changed", first: "first",
                   prev: "prev", next: "next", last: "last"};
  document.querySelectorAll("section.replay").forEach(function (section) {
    const data = JSON.parse(section.querySelector("script.frames").textContent);
    const parts = {};
    Object.keys(classes).forEach(function (name) {
      parts[name] = section.querySelector("." + classes[name]); });
    section.oracleShow = oracleStepper(parts, data, pool, section).show;
  });
})();
</script></body></html>
"""
