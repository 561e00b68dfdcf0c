"""The canonical text written straight from the values (``to_json``, ``digest``) is the text
of the converter's plain data, character for character, remembered texts included."""

import hashlib
from enum import Enum
from fractions import Fraction
from typing import Any

import attrs
import pytest

from rules_oracle.model.core import PUBLIC, Config, canon, registry
from rules_oracle.model.core.canon import canonical_text, digest, to_json, unstructure
from rules_oracle.model.core.play import playout


def slow_text(value: object) -> str:
    """The canonical text through the converter's plain data."""
    return canonical_text(unstructure(value))


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


class Rank(Enum):
    LOW = 1
    HIGH = (2, 3)


@attrs.frozen(slots=True)
class Leaf:
    n: int
    tags: frozenset[str]
    colour: Colour = Colour.RED


@attrs.frozen(slots=True)
class Odd:
    """Fields the converter writes unusually: one not set by ``__init__`` (not written)."""

    ratio: Fraction
    rank: Rank
    names: dict[str, int]
    counts: dict[int, int]
    maybe: Leaf | None = None
    hidden: int = attrs.field(init=False, default=7)


@attrs.frozen(slots=True)
class Big:
    items: tuple[Leaf, ...]
    flags: tuple[bool, ...]
    cells: tuple[int, ...]
    nested: tuple[tuple[int, ...], ...]
    leaves: frozenset[Leaf]
    config: Config
    label: str = 'quote " and \\ and ü and \n'


@attrs.frozen(slots=True)
class Liar:
    """Values of other types than declared where the converter still writes JSON."""

    count: int
    name: str
    cells: tuple[int, ...]
    pair: tuple[int, bool]
    maybe: tuple[int, ...] | None


@attrs.define
class Loose:
    """A mutable class: its text is written anew every time."""

    values: tuple[int, ...]
    note: str


def sample_big() -> Big:
    leaves = tuple(Leaf(i, frozenset({f"t{i}", "a"}), Colour.BLUE if i % 2 else Colour.RED)
                   for i in range(10))
    return Big(leaves, (True, False) * 5, tuple(range(-3, 20)),
               ((1, 2), tuple(range(12)), ()), frozenset(leaves[:4]),
               Config(3, (("a", "x"), ("b", "y"))))


VALUES: list[Any] = [
    sample_big(),
    Odd(Fraction(-4, 6), Rank.HIGH, {"b": 2, "a": 1, "ü": 3}, {10: 1, 9: 2},
        Leaf(0, frozenset())),
    Odd(Fraction(5), Rank.LOW, {}, {}),
    Liar(True, "x", (True, False) * 5, [1, 2], None),  # type: ignore[arg-type]
    Liar(-1, "", tuple(range(20)), (0, False), tuple(range(9))),
    (1, True, None, "x", (2, False)),
    tuple(range(30)),
    [Leaf(1, frozenset({"x"}))] * 9,
    frozenset({(1, 2), (0, 5), (10,)}),
    {"k": [Leaf(2, frozenset())], "a": None},
    Loose((1, 2), "n"),
    True, 0, -12, "text", None, Fraction(1, 3), Colour.BLUE,
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_text_equals_the_converters_text(value: Any) -> None:
    assert to_json(value) == slow_text(value)
    assert to_json(value) == slow_text(value)  # the second time from the memory
    assert digest(value) == hashlib.sha256(slow_text(value).encode("utf-8")).hexdigest()


def test_remembered_parts_keep_their_text_inside_new_values() -> None:
    big = sample_big()
    first = to_json(big)
    changed = attrs.evolve(big, cells=(*big.cells, 99), label="other")
    assert to_json(changed) == slow_text(changed)
    assert to_json(big) == first


def test_a_mutable_class_is_written_anew() -> None:
    loose = Loose(tuple(range(10)), "before")
    assert '"note":"before"' in to_json(loose)
    loose.note = "after"
    assert to_json(loose) == slow_text(loose)
    assert '"note":"after"' in to_json(loose)


def test_the_memory_starts_afresh_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canon, "MEMO_CHARS", 100)
    values = [sample_big() for _ in range(5)]
    for value in values:
        assert to_json(value) == slow_text(value)
    assert canon._memo_size <= 100 + max(len(to_json(v)) for v in values)
    for value in values:
        assert to_json(value) == slow_text(value)


@pytest.mark.parametrize("name", registry.names())
def test_every_games_states_actions_and_views(name: str) -> None:
    game = registry.get(name)
    for players in (game.min_players, game.max_players):
        config = game.config(players)
        for policy in ("uniform", "eager"):
            for step in playout(game, config, 3, policy):
                if step.index > 400:
                    break
                assert to_json(step.state) == slow_text(step.state), (players, step.index)
                assert to_json(step.action) == slow_text(step.action)
                if game.observation_types and step.index % 5 == 0:
                    for viewer in (PUBLIC, step.index % players):
                        view = game.observe(step.state, viewer)
                        assert to_json(view) == slow_text(view), (viewer, step.index)


def test_a_declared_plain_tuple_holding_objects_is_written_by_its_values() -> None:
    leaves = (Leaf(1, frozenset()),) * 9
    liar = Liar(1, "a", leaves, (1, True), (Leaf(2, frozenset()),))  # type: ignore[arg-type]
    text = to_json(liar)
    assert '"cells":[' + ",".join([to_json(leaves[0])] * 9) + "]" in text
    assert '"maybe":[{"n":2,"tags":[],"type":"Leaf"' not in text  # colour comes first
    assert '"maybe":[{"colour":"red","n":2,"tags":[],"type":"Leaf"}]' in text


def test_a_tuple_holding_changeable_items_is_written_anew() -> None:
    """A longer tuple's text is remembered only when its items cannot change."""
    looses = tuple(Loose((i,), "a") for i in range(9))
    lists = tuple([i] for i in range(9))
    assert to_json(looses) == slow_text(looses) and to_json(lists) == slow_text(lists)
    looses[3].note = "b"
    lists[4].append(7)
    assert to_json(looses) == slow_text(looses) and '"note":"b"' in to_json(looses)
    assert to_json(lists) == slow_text(lists) and "[4,7]" in to_json(lists)
    lasting = tuple(Leaf(i, frozenset()) for i in range(9))
    assert to_json(lasting) == slow_text(lasting)
    assert canon._memo[id(lasting)][0] is lasting


@attrs.frozen(slots=True)
class Tables:
    rows: tuple[tuple[int, ...], ...]


def test_a_few_rows_of_lasting_values_are_remembered_and_changeable_rows_are_not() -> None:
    """A tuple of tuples (a table per player) is remembered however few its rows, when the
    rows hold only values that cannot change."""
    rows = ((1, 2, 3), (4, 5, 6))
    table = Tables(rows)
    assert to_json(table) == slow_text(table) == '{"rows":[[1,2,3],[4,5,6]],"type":"Tables"}'
    assert canon._memo[id(rows)][0] is rows
    assert to_json(Tables(rows)) == to_json(table)  # another view sharing the rows
    changeable = (([1],), (2,))
    loose = Tables(changeable)  # type: ignore[arg-type]
    assert to_json(loose) == slow_text(loose)
    assert id(changeable) not in canon._memo
    changeable[0][0].append(7)
    assert to_json(Tables(changeable)) == slow_text(Tables(changeable))  # type: ignore[arg-type]
    assert "[[1,7]]" in to_json(Tables(changeable))  # type: ignore[arg-type]
    empty = Tables(())
    assert to_json(empty) == slow_text(empty)


def test_a_short_plain_tuple_field_is_remembered_when_its_items_cannot_change() -> None:
    """A few lasting values in a field declared a plain tuple (a supply per kind) are
    remembered by identity, so a view sharing them with the state writes them once; an
    empty one and one holding changeable items are not."""
    short = (3, 1, 2)
    table = Tables((short,))
    assert to_json(table) == slow_text(table)
    assert to_json(short) == "[3,1,2]"
    liar = Liar(1, "a", short, (1, True), None)
    assert to_json(liar) == slow_text(liar)
    assert canon._memo[id(short)][0] is short
    changeable = ([1], 2)
    loose = Liar(1, "a", changeable, (1, True), None)  # type: ignore[arg-type]
    assert to_json(loose) == slow_text(loose)
    assert id(changeable) not in canon._memo
    changeable[0].append(5)
    again = Liar(1, "a", changeable, (1, True), None)  # type: ignore[arg-type]
    assert "[[1,5],2]" in to_json(again)


def test_the_memory_starts_afresh_past_its_count_of_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canon, "MEMO_ENTRIES", 10)
    values = [Liar(i, "a", (i, i + 1), (1, True), None) for i in range(40)]
    for value in values:
        assert to_json(value) == slow_text(value)
        assert len(canon._memo) <= 11


@attrs.frozen(slots=True)
class Wide:
    """A frozen class with enough fields other than numbers and strings for its writer to
    take a field's text from the instance written last when the field holds the same
    lasting object."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    c: tuple[tuple[int, ...], ...]
    d: Leaf
    e: Leaf | None
    f: Colour
    g: tuple[Leaf, ...]
    h: tuple[int, ...]
    n: int = 0
    s: str = ""


def test_a_wide_class_takes_the_texts_of_the_fields_it_shares_with_the_last_one() -> None:
    assert canon.KEPT_FIELDS <= 8  # Wide has 8 fields other than numbers and strings
    first = Wide((1, 2), tuple(range(9)), ((1,), (2, 3)), Leaf(1, frozenset({"x"})), None,
                 Colour.BLUE, (Leaf(2, frozenset()),), (5,), 3, "x")
    assert to_json(first) == slow_text(first)
    changes: list[dict[str, Any]] = [
        {"a": (1, 3)}, {"c": ((1,),)}, {"d": Leaf(4, frozenset())}, {"e": Leaf(5, frozenset())},
        {"f": Colour.RED, "n": 4}, {"g": ()}, {"h": (6,), "s": "y"}, {}, {"e": None},
    ]
    value = first
    for change in changes:  # each from the one written just before
        value = attrs.evolve(value, **change)
        assert to_json(value) == slow_text(value), change
    # the same changeable object in a field (a list where a tuple is declared) is written
    # anew, never taken from the last text
    cells = [1, 2]
    shared = attrs.evolve(first, h=cells)  # type: ignore[arg-type]
    assert to_json(shared) == slow_text(shared)
    cells.append(9)
    again = attrs.evolve(shared, n=7)
    assert to_json(again) == slow_text(again) and '"h":[1,2,9]' in to_json(again)
    # a tuple holding a changeable item likewise
    rows = ((1,), [2])
    holder = attrs.evolve(first, c=rows)  # type: ignore[arg-type]
    assert to_json(holder) == slow_text(holder)
    rows[1].append(8)  # type: ignore[attr-defined]
    after = attrs.evolve(holder, n=8)
    assert to_json(after) == slow_text(after) and '"c":[[1],[2,8]]' in to_json(after)


def test_a_remembered_tuple_is_found_lasting_without_a_scan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A tuple whose text is remembered is lasting (only lasting ones are remembered), so a
    wide class's writer keeps its text without scanning its items; a tuple not remembered is
    scanned, and one holding a changeable item is not kept."""
    rows = ((1, 2), (3, 4))
    first = Wide((1, 2), tuple(range(9)), rows, Leaf(1, frozenset()), None, Colour.BLUE, (),
                 (5,), 0, "")
    assert to_json(first) == slow_text(first) and canon._memo[id(rows)][0] is rows

    def no_scan(value: Any) -> bool:
        raise AssertionError("scanned a remembered tuple")

    monkeypatch.setattr(canon, "_lasting_rows", no_scan)
    assert canon._lasting_value(rows)
    monkeypatch.undo()
    fresh = ((7,), (8,))
    assert canon._lasting_value(fresh) and id(fresh) not in canon._memo
    loose = ((7,), [8])
    assert not canon._lasting_value(loose)
    holder = attrs.evolve(first, c=loose)  # type: ignore[arg-type]
    assert to_json(holder) == slow_text(holder)
    loose[1].append(9)  # type: ignore[attr-defined]
    after = attrs.evolve(holder, n=1)
    assert to_json(after) == slow_text(after) and '"c":[[7],[8,9]]' in to_json(after)


def test_a_tuple_of_instances_is_written_without_trying_jsons_encoder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A field's tuple of ``attrs`` instances (a view's seats) goes the general way at once,
    once their class is known; a tuple of plain values still goes by json's encoder."""
    seats = (Leaf(1, frozenset({"a"})), Leaf(2, frozenset()))
    assert canon.field_text(seats) == slow_text(seats)  # the class is met (and known)
    assert Leaf in canon._RECORDS

    def refused(value: Any, level: int) -> Any:
        raise AssertionError("json's encoder tried on instances")

    monkeypatch.setattr(canon, "_plain_chunks", refused)
    again = (Leaf(3, frozenset()), Leaf(1, frozenset({"a"})))
    assert canon.field_text(again) == slow_text(again)
    monkeypatch.undo()
    assert canon.field_text(()) == "[]"
    assert canon.field_text((1, "b", (None, True))) == '[1,"b",[null,true]]'


@attrs.frozen(slots=True)
class Nest:
    """A wide class that may hold one of its own kind (written inside another)."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    c: Leaf
    d: Colour
    e: tuple[Leaf, ...]
    f: tuple[str, ...]
    inner: "Nest | None" = None
    n: int = 0


def test_a_wide_class_inside_one_of_its_own_kind_is_written_whole() -> None:
    """An instance met while another of its class is written is written whole, and the
    texts kept for the outer one stay its own."""
    inner = Nest((1,), (2,), Leaf(1, frozenset()), Colour.RED, (), ("x",), None, 5)
    outer = Nest((3,), (2,), Leaf(2, frozenset({"t"})), Colour.BLUE, (inner.c,), ("y",),
                 inner, 6)
    assert to_json(outer) == slow_text(outer)
    assert '"inner":' + slow_text(inner) in to_json(outer)
    after = attrs.evolve(outer, n=7)  # from the outer one's kept texts
    assert to_json(after) == slow_text(after)
    assert to_json(inner) == slow_text(inner)


def test_a_wide_class_written_after_a_failure_writes_every_field_anew() -> None:
    """A field whose text cannot be written fails the instance; the next one of its class
    is written whole, never from texts kept for a value they do not stand for."""
    first = Nest((1,), (2,), Leaf(1, frozenset()), Colour.RED, (), ("x",))
    assert to_json(first) == slow_text(first)
    broken = attrs.evolve(first, b=(9,), f=(object(),))  # type: ignore[arg-type]
    with pytest.raises(Exception, match="object"):
        to_json(broken)
    after = attrs.evolve(first, b=(8,))
    assert to_json(after) == slow_text(after)
