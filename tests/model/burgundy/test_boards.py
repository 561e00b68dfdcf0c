"""Estate boards 1-9: the facts data/README.md states for each board."""

import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.boards import BOARD_ROWS, BOARDS

_CODE = {"Bu": D.BUILDING, "An": D.PASTURE, "Sh": D.RIVER, "Ca": D.CASTLE,
         "Kn": D.KNOWLEDGE, "Mi": D.MINE}

# data/README.md, the table "Areas ... centre space and castle spaces": per board the area
# sizes of each kind, the centre space and the castle spaces (rNpM = row N, space M)
STATED = {
    1: ("5+3+3+1", "5+1", "3+3", "3+3", "3+1", "3", "Ca6",
        ("r1p2", "r1p3", "r2p3", "r4p4")),
    2: ("5+3+2+2", "4+2", "2+2+2", "3+2+1", "1+1+1+1", "1+1+1", "Ca6",
        ("r1p4", "r4p1", "r4p4", "r7p4")),
    3: ("5+5+1+1", "4+2", "3+2+1", "6", "1+1+1+1", "2+1", "Ca6",
        ("r2p3", "r4p4", "r6p1", "r6p5")),
    4: ("5+5+2", "3+3", "4+1+1", "3+3", "1+1+1+1", "2+1", "Kn6",
        ("r1p1", "r3p5", "r5p2", "r7p4")),
    5: ("3+3+3+2+1", "3+3", "3+2+1", "3+2+1", "1+1+1+1", "2+1", "Kn6",
        ("r3p2", "r4p5", "r5p2", "r6p4")),
    6: ("6+4+2", "4+2", "6", "3+3", "1+1+1+1", "1+1+1", "Ca6",
        ("r1p3", "r4p4", "r7p1", "r7p4")),
    7: ("7+3+2", "3+3", "2+2+2", "2+2+2", "2+2", "1+1+1", "Bu6",
        ("r1p2", "r1p3", "r7p2", "r7p3")),
    8: ("2+2+2+2+2+2", "6", "1+1+1+1+1+1", "4+2", "1+1+1+1", "2+1", "Mi6",
        ("r2p2", "r2p4", "r6p2", "r6p4")),
    9: ("6+6", "4+2", "4+2", "3+1+1+1", "1+1+1+1", "2+1", "Mi6",
        ("r1p3", "r4p1", "r4p6", "r7p2")),
}
KINDS = (D.BUILDING, D.PASTURE, D.RIVER, D.KNOWLEDGE, D.CASTLE, D.MINE)
DIE_PATTERN = "6543 21654 543123 6126541 254312 61256 3413"


def _space(board: int, ref: str) -> int:
    row, pos = (int(x) for x in ref[1:].split("p"))
    return sum(len(r.split()) for r in BOARD_ROWS[board][:row - 1]) + pos - 1


@pytest.mark.rules("burgundy/setup.advanced")
@pytest.mark.parametrize("board", sorted(STATED))
def test_board_has_its_stated_layout_facts(board: int) -> None:
    estate = BOARDS[board]
    rows = BOARD_ROWS[board]
    assert [len(r.split()) for r in rows] == [4, 5, 6, 7, 6, 5, 4]
    assert estate.size == 37
    counts = {c: len(estate.colour_spaces[c]) for c in D.COLOURS}
    assert counts == {D.BUILDING: 12, D.PASTURE: 6, D.RIVER: 6, D.KNOWLEDGE: 6,
                      D.CASTLE: 4, D.MINE: 3}
    # the same die number on the same space on every board
    assert " ".join("".join(c[2] for c in r.split()) for r in rows) == DIE_PATTERN
    *areas, centre, castles = STATED[board]
    for kind, stated in zip(KINDS, areas, strict=True):
        sizes = sorted((len(a) for a in estate.areas if estate.colour[a[0]] == kind),
                       reverse=True)
        assert sizes == [int(x) for x in str(stated).split("+")], kind
    c = estate.start
    assert _CODE[centre[:2]] == estate.colour[c] and int(centre[2]) == estate.number[c]
    assert {_space(board, r) for r in castles} == set(estate.colour_spaces[D.CASTLE])


@pytest.mark.rules("burgundy/setup.advanced")
def test_boards_have_2_to_6_cities() -> None:
    # the text: "от 2 до 6 городов"
    cities = [sum(1 for a in e.areas if e.colour[a[0]] == D.BUILDING) for e in BOARDS.values()]
    assert min(cities) == 2 and max(cities) == 6
    assert BOARDS[1].colour_spaces == D.BOARD1.colour_spaces


@pytest.mark.rules("burgundy/estate-boards", "burgundy/setup.advanced")
def test_the_texts_cities_of_8_are_answered_by_the_registered_boards() -> None:
    # the text: cities 'от 1 до 8 ячеек'; boards 1-9 reach 7 (board 7's city) and no
    # further, which the registration of the layouts states and answers; the data file's
    # variant (its tenth layout, with a city of 8, as board 2) is registered, not offered
    from rules_oracle.model.burgundy.game import GAME

    largest = {b: max(len(a) for a in e.areas) for b, e in BOARDS.items()}
    assert max(largest.values()) == 7
    assert [b for b, n in largest.items() if n == 7] == [7]
    assert max(len(a) for a in BOARDS[7].areas if BOARDS[7].colour[a[0]] == D.BUILDING) == 7
    assert sorted(BOARDS) == list(range(1, 10))
    amb = GAME.rules.get_ambiguity("burgundy/estate-boards")
    assert amb.default == "supplementary" and amb.kind == "unselectable"
    assert {r.key for r in amb.readings} == {"supplementary", "tenth-as-2"}
    assert "от 1 до 8 ячеек" in amb.why
