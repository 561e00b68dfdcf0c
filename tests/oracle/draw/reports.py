"""Diverging traces of the real games, and a divergence report's page read back as text."""

import json
import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import digest_of, structure, unstructure
from rules_oracle.model.core.game import TERMINAL
from rules_oracle.model.core.play import choose, playout
from rules_oracle.oracle.draw import canvas
from rules_oracle.oracle.trace import actor_label, record_game
from tests.oracle.draw.helpers import pieces

_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def resolve(data: Any, path: str) -> Any:
    """The value at JSON path ``path`` (``$.players[2].vp``) of ``data``."""
    for name, index in _STEP.findall(path[1:]):
        data = data[name] if name else data[int(index)]
    return data


def put(data: Any, path: str, value: Any) -> None:
    """Set the value at ``path`` of ``data`` (in place)."""
    steps = _STEP.findall(path[1:])
    for name, index in steps[:-1]:
        data = data[name] if name else data[int(index)]
    name, index = steps[-1]
    data[name if name else int(index)] = value


def drawn_number(game: str, state: Any, skip: int = 0) -> str:
    """The path of a field of ``state`` a drawn piece shows alone that holds a number (the
    ``skip``-th such): a field an engine could get wrong, and the drawing marks."""
    data = unstructure(state)
    found = []
    for e in pieces(canvas(game, state).svg()):
        fields = e.attrib["data-field"].split()
        if len(fields) != 1 or "config" in fields[0]:
            continue
        try:
            value = resolve(data, fields[0])
        except (KeyError, IndexError, TypeError):
            continue
        if type(value) is int and fields[0] not in found:
            found.append(fields[0])
    return found[skip]


def engine_lines(game_name: str, players: int, seed: int, wrong: dict[int, int] | None = None,
                 states: bool = True) -> tuple[list[str], dict[int, str]]:
    """The trace of an engine that plays ``seed`` as the model does but, after each step
    ``k`` of ``wrong``, has one drawn number (the ``wrong[k]``-th) one more and plays on from
    there; and the path it got wrong at each such step."""
    wrong = wrong or {}
    game = registry.get(game_name)
    config = game.config(players)
    rng = random.Random(seed)
    state = game.setup(config)
    out = [next(iter(record_game(game, config, seed, end=False)))]
    paths: dict[int, str] = {}
    step = 0
    while game.actor(state) != TERMINAL:
        step += 1
        who = actor_label(game.actor(state))
        action = choose(game, state, rng, "uniform")
        state = game.apply(state, action)
        data = unstructure(state)
        if step in wrong:
            path = paths[step] = drawn_number(game_name, state, wrong[step])
            put(data, path, resolve(data, path) + 1)
            state = structure(data, game.state_type)
        rec = {"record": "step", "step": step, "actor": who, "action": unstructure(action),
               "digest": digest_of(data)}
        if states:
            rec["state"] = data
        out.append(json.dumps(rec))
    out.append(json.dumps({"record": "end", "steps": step, "scores": list(game.scores(state)),
                           "winners": list(game.winners(state))}))
    return out, paths


def ruled_step(game_name: str, players: int, seed: int, start: int) -> int:
    """The first step from ``start`` of the seeded uniform game whose effects the game names
    rules for (so that a divergence there has rules at stake)."""
    game = registry.get(game_name)
    config = game.config(players)
    before = game.setup(config)
    for step in playout(game, config, seed):
        if step.index >= start and game.effect_rules(before, step.action, step.state):
            return step.index
        before = step.state
    raise AssertionError("no step names a rule")


class _Text(HTMLParser):
    """The text of a page outside scripts and styles, a row of cells per table row, and
    whether every element that must be closed is, in order."""

    VOID = frozenset({"meta", "input", "br", "img", "hr", "link", "path", "rect", "circle",
                      "polygon", "line", "ellipse", "polyline"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.rows: list[list[str]] = []
        self.open: list[str] = []
        self.errors: list[str] = []
        self.skip = 0
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self.cell = []
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
            return
        self.open.pop()
        if tag in ("script", "style"):
            self.skip -= 1
        if tag in ("td", "th") and self.cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        self.parts.append(data)
        if self.cell is not None:
            self.cell.append(data)


def read_page(html: str) -> tuple[str, list[list[str]]]:
    """A page's text (whitespace collapsed) and table rows; fails unless it parses as HTML
    with every element closed in order."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    assert parser.errors == [], parser.errors[:5]
    assert parser.open == [], parser.open
    return " ".join(" ".join(parser.parts).split()), parser.rows


def said(data: dict[str, Any]) -> Iterator[str]:
    """Every divergence (kind, step, message), rule id, known entry and count a JSON report
    holds, as the words the page must show."""
    runs = data.get("games", [data])
    for run in runs:
        if "divergences" in run:
            divs = run["divergences"]
        else:
            divs = [run["divergence"]] if run.get("divergence") else []
        for div in divs:
            yield div["kind"]
            yield f"step {div['step']}"
            yield " ".join(div["message"].split())
            if div.get("known"):
                yield div["known"]
            yield from (r for r in div.get("rules") or () if r)
            if div.get("rule"):
                yield div["rule"]
            yield from (r for r in div.get("extra_rules") or () if r)
        for key in ("steps", "probes", "rolled", "after_known", "uncompared"):
            if key in run:
                yield str(run[key])
        if run.get("available"):
            yield f"{len(run['fields'])} of {run['available']}"
        declared = run.get("declared") or {}
        if declared.get("compare") == "observation":
            yield f"{len(declared['fields'])} of {declared['available']}"
        yield from (f"{k} {v}" for k, v in (run.get("gaps") or {}).items())
        yield from (f"{k} {v}x" for k, v in (run.get("tolerated") or {}).items())
        yield from run.get("partial", ())
        if isinstance(run.get("known"), str):
            yield str(run["known"])
    yield from data.get("stale", ())
    yield from data.get("broad", ())
    for e in data.get("known_entries", ()):
        yield e["id"]
    if "requests" in data:
        yield str(data["requests"])
