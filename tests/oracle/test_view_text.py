"""A view's text written field by field from the last view of its class
(``oracle.view_text``) is ``to_json``'s, whatever the views written before it."""

import json
from typing import Any

import attrs
import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import canonical_text, to_json, unstructure
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import view_text as vt
from rules_oracle.oracle.check import check_lines
from rules_oracle.oracle.trace import dumps, record_game
from rules_oracle.oracle.view_text import view_text


@pytest.mark.parametrize("name", registry.names())
def test_every_view_of_seeded_games_is_written_as_to_json(name: str) -> None:
    game = registry.get(name)
    written = 0
    for players, seed in ((game.min_players, 0), (game.max_players, 1)):
        for i, step in enumerate(playout(game, game.config(players), seed)):
            if i >= 150:
                break
            # the seats' views and the public one in turn: each class's last view changes
            for viewer in ("public", *range(players)):
                view = game.observe(step.state, viewer)
                text = view_text(view)
                assert text == to_json(view) == canonical_text(unstructure(view))
                written += 1
    assert written > 300


@attrs.frozen
class Inner:
    a: int
    b: tuple[int, ...]


@attrs.frozen
class Wide:
    f0: int
    f1: str
    f2: tuple[int, ...]
    f3: Inner
    f4: list[int]
    f5: bool
    f6: int
    f7: int
    f8: int
    f9: int
    f10: int
    f11: Any


@attrs.frozen
class Outer:
    viewer: int
    wide: Wide
    extra: tuple[tuple[int, ...], ...]


def _wide(**changes: Any) -> Wide:
    base = Wide(1, "x", (1, 2), Inner(1, (3,)), [1], True, 6, 7, 8, 9, 10, None)
    return attrs.evolve(base, **changes)


def test_a_changed_field_is_written_anew_and_a_kept_one_kept() -> None:
    shared = (1, 2, 3)
    first = _wide(f2=shared)
    assert view_text(first) == to_json(first)
    for change in ({"f0": 2}, {"f1": "é\"\\"}, {"f2": (4,)}, {"f3": Inner(2, (5, 6))},
                   {"f5": False}, {"f11": (1, (2, 3))}, {"f2": shared, "f0": True},
                   {"f0": 1.5}, {}):
        view = _wide(**change)
        assert view_text(view) == to_json(view) == canonical_text(unstructure(view))


def test_a_value_whose_text_may_change_is_written_every_time() -> None:
    cards = [1, 2]
    view = _wide(f4=cards, f11=(cards,))
    assert view_text(view) == to_json(view)
    cards.append(3)  # the same objects, another text
    again = attrs.evolve(view)
    assert view_text(again) == to_json(again) and '"f4":[1,2,3]' in view_text(again)
    cards.append(4)
    assert '"f11":[[1,2,3,4]]' in view_text(attrs.evolve(view))


def test_a_wide_view_held_by_another_is_written_by_its_own_row() -> None:
    extra = ((1,), (2, 3))
    for i in range(4):
        view = Outer(viewer=i % 2, wide=_wide(f0=i // 2), extra=extra)
        assert view_text(view) == to_json(view)
    assert Wide in vt._ROWS and Outer in vt._ROWS


def test_a_failed_write_leaves_no_stale_text() -> None:
    good = _wide(f6=100)
    assert view_text(good) == to_json(good)
    with pytest.raises(TypeError):
        view_text(_wide(f6=101, f11=object()))  # not JSON: the write stops part way
    back = _wide(f6=100)
    assert view_text(back) == to_json(back)
    same_parts = attrs.evolve(good)  # the values of the last view written whole
    assert view_text(same_parts) == to_json(same_parts)


@pytest.mark.parametrize("value", [1, "s", (1, 2), [1], {"a": 1}, None])
def test_anything_else_is_written_by_to_json(value: Any) -> None:
    @attrs.define
    class Loose:  # not frozen: its instances may change
        a: int
        b: int

    assert view_text(value) == to_json(value)
    loose = Loose(1, 2)
    assert view_text(loose) == to_json(loose)
    loose.a = 5
    assert view_text(loose) == to_json(loose) and Loose not in vt._ROWS


@pytest.mark.parametrize(("name", "players"), [("crafts", 3), ("cities_knights", 4),
                                               ("caylus", 3)])
def test_a_check_finds_a_stale_or_retyped_field(name: str, players: int) -> None:
    """Through the fields written from the last view: a step whose fields are the last
    step's (where the view changed), or one field's value of another JSON type, diverges
    at that step and names the field."""
    game = registry.get(name)
    lines = list(record_game(game, game.config(players), 0, observations=0))[:120]
    recs = [json.loads(line) for line in lines]
    at = next(i for i in range(3, len(recs) - 1)
              if recs[i]["observation"]["fields"] != recs[i - 1]["observation"]["fields"])
    stale = dict(recs[at], observation={**recs[at]["observation"],
                                        "fields": recs[at - 1]["observation"]["fields"]})
    changed = list(lines)
    changed[at] = dumps(stale)
    report = check_lines(changed, allow_partial=True)
    assert report.divergence is not None and report.divergence.kind == "observation"
    assert report.divergence.step == at and report.divergence.diffs
    for retype in (bool, float, str):
        fields = json.loads(lines[at])["observation"]["fields"]
        public = fields.get("public", fields)
        ints = [k for k in sorted(public) if type(public[k]) is int and k != "players"]
        key = next((k for k in ints if public[k] in (0, 1)), ints[0])
        public[key] = retype(public[key])  # equal in Python (True == 1, 1.0 == 1)
        rec = json.loads(lines[at])
        rec["observation"]["fields"] = fields
        changed = list(lines)
        changed[at] = dumps(rec)
        report = check_lines(changed, allow_partial=True)
        assert report.divergence is not None and report.divergence.kind == "observation"
        assert report.divergence.step == at
        assert report.divergence.diffs[0].path.endswith("." + key)


@attrs.frozen
class Nest:
    a: int
    inner: "Nest | None"


def test_a_view_holding_one_of_its_own_class() -> None:
    for i in range(3):
        view = Nest(i, Nest(i + 1, Nest(0, None)))
        assert view_text(view) == to_json(view)


def test_a_changed_scalar_is_written_by_its_type_s_own_writer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A field now holding a number, a string, a flag or null is written without the
    general field writer; any other value (a float, a list) still goes by it."""
    first = _wide()
    assert view_text(first) == to_json(first)
    met: list[Any] = []

    written = vt.field_text

    def spy(value: Any) -> str:
        met.append(value)
        return written(value)

    monkeypatch.setattr(vt, "field_text", spy)
    for change in ({"f0": 2, "f1": "y", "f5": False, "f11": None}, {"f6": True, "f1": "é"}):
        view = attrs.evolve(first, **change)
        assert view_text(view) == to_json(view) == canonical_text(unstructure(view))
    assert met == [first.f4] * 2  # a list's text may change: written every time
    met.clear()
    view = attrs.evolve(first, f0=1.5, f6=True)
    assert view_text(view) == to_json(view)
    assert met == [1.5, first.f4]


def test_a_tuple_built_anew_from_the_same_items_keeps_its_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A field's tuple made anew of the same lasting items (the seats of players a step left
    alone) keeps the last text, unwritten; one with another item, or holding an item whose
    text may change, is written."""
    seats = (Inner(1, (3,)), Inner(2, (4,)))
    first = _wide(f11=seats)
    assert view_text(first) == to_json(first)
    written: list[Any] = []

    def field_text(value: Any) -> str:
        written.append(value)
        return to_json(value)

    monkeypatch.setattr(vt, "field_text", field_text)
    again = _wide(f11=tuple(list(seats)))
    assert again.f11 is not seats
    assert view_text(again) == to_json(again)
    assert not any(v is again.f11 for v in written)
    other = _wide(f11=(seats[0], Inner(5, ())))
    assert view_text(other) == to_json(other)
    assert any(v is other.f11 for v in written)
    cards = [1]
    loose = _wide(f11=(cards,))
    assert view_text(loose) == to_json(loose)
    cards.append(2)
    rebuilt = _wide(f11=(cards,))  # the same changeable item: written again
    assert view_text(rebuilt) == to_json(rebuilt) and '"f11":[[1,2]]' in view_text(rebuilt)
