"""Estate boards 1-9 of The Castles of Burgundy as data (rows top to bottom, kind + die).

Board 1 is the basic game's board (``data.BOARD1_ROWS``). Boards 2-9 belong to the text's
advanced set-up ("случайным образом распределите между собой личные планшеты"; sides
"с номерами 2–9"). Their layouts are supplementary: ``shared/data/README.md``, section
"Estate boards 2-9" (confidence high that these are the published layouts, medium-high that
the numbers are the first edition's; sources ZZ and FO there agree on every space, WJ on
board 6; ambiguity burgundy/estate-boards), played with the variant ``setup=advanced``.
"""

from typing import Final

from rules_oracle.model.burgundy.data import BOARD1_ROWS, Estate

#: board number -> rows (supplementary: data/README.md, see the module docstring)
BOARD_ROWS: Final[dict[int, tuple[str, ...]]] = {
    1: BOARD1_ROWS,
    2: ("Kn6 Kn5 Kn4 Ca3",
        "Bu2 Bu1 Sh6 An5 Mi4",
        "Mi5 Bu4 Bu3 Sh1 An2 Sh3",
        "Ca6 Bu1 Sh2 Ca6 Kn5 Bu4 Sh1",
        "Kn2 Sh5 Bu4 An3 Kn1 Bu2",
        "Bu6 Bu1 An2 Bu5 Mi6",
        "An3 An4 Bu1 Ca3"),
    3: ("An6 An5 An4 An3",
        "Sh2 Sh1 Ca6 Sh5 Sh4",
        "Bu5 Mi4 Kn3 Kn1 Sh2 Bu3",
        "Bu6 Bu1 Kn2 Ca6 Kn5 Bu4 Bu1",
        "Bu2 Bu5 Kn4 Kn3 Bu1 Bu2",
        "Ca6 An1 Mi2 Mi5 Ca6",
        "Bu3 An4 Sh1 Bu3"),
    4: ("Ca6 An5 Bu4 Sh3",
        "An2 An1 Bu6 Sh5 Sh4",
        "Bu5 Bu4 Bu3 Sh1 Ca2 Mi3",
        "An6 An1 An2 Kn6 Kn5 Mi4 Sh1",
        "Bu2 Ca5 Kn4 Bu3 Bu1 Bu2",
        "Bu6 Mi1 Bu2 Kn5 Kn6",
        "Sh3 Bu4 Kn1 Ca3"),
    5: ("An6 Bu5 Bu4 Sh3",
        "An2 An1 Bu6 Mi5 Mi4",
        "Bu5 Ca4 Kn3 Sh1 Sh2 Sh3",
        "Bu6 Bu1 An2 Kn6 Ca5 Bu4 Bu1",
        "Kn2 Ca5 An4 Kn3 Sh1 Bu2",
        "Bu6 An1 Bu2 Ca5 Sh6",
        "Kn3 Kn4 Bu1 Mi3"),
    6: ("Kn6 Kn5 Ca4 Sh3",
        "Kn2 Bu1 Bu6 Sh5 Bu4",
        "An5 An4 Mi3 Sh1 Bu2 Bu3",
        "Kn6 Bu1 Bu2 Ca6 Sh5 Bu4 Bu1",
        "Kn2 Bu5 Bu4 Mi3 Sh1 Bu2",
        "Kn6 Mi1 An2 An5 Sh6",
        "Ca3 An4 An1 Ca3"),
    7: ("Kn6 Ca5 Ca4 Sh3",
        "Kn2 An1 An6 An5 Sh4",
        "Sh5 Mi4 Bu3 Bu1 Mi2 An3",
        "Sh6 Kn1 Bu2 Bu6 Bu5 An4 Bu1",
        "Bu2 Kn5 Bu4 Bu3 An1 Bu2",
        "Bu6 Sh1 Mi2 Kn5 Bu6",
        "Sh3 Ca4 Ca1 Kn3"),
    8: ("Bu6 Bu5 Sh4 Bu3",
        "Sh2 Ca1 Kn6 Ca5 Bu4",
        "Bu5 Kn4 Mi3 Kn1 Kn2 Sh3",
        "Bu6 An1 Kn2 Mi6 An5 Kn4 Bu1",
        "Sh2 An5 An4 An3 Mi1 Bu2",
        "Bu6 Ca1 An2 Ca5 Sh6",
        "Bu3 Sh4 Bu1 Bu3"),
    9: ("Bu6 Bu5 Ca4 Kn3",
        "Bu2 Bu1 An6 An5 Sh4",
        "Bu5 Bu4 An3 An1 Sh2 Sh3",
        "Ca6 Kn1 Kn2 Mi6 Sh5 Ca4 Kn1",
        "Sh2 Sh5 Kn4 Mi3 Bu1 An2",
        "Kn6 Bu1 Bu2 Bu5 An6",
        "Mi3 Ca4 Bu1 Bu3"),
}

#: board number -> the estate (adjacency, areas); ``start`` is the centre, which is the
#: starting castle's space only on board 1 (and a castle space on boards 2, 3 and 6)
BOARDS: Final[dict[int, Estate]] = {n: Estate(rows, -1) for n, rows in BOARD_ROWS.items()}
