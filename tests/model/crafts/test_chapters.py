"""The game module owns the order of play: no chapter module of crafts imports another
(each chapter is a pure state -> state function over the kernel's and ``ops``' helpers;
``game`` calls them in the rulebook's order)."""

from tests.model.chapters import imported

#: the chapter modules (a rule id's prefix names one)
CHAPTERS = {"setup", "round", "market", "play", "trade", "card", "end", "final"}


def test_no_chapter_imports_another() -> None:
    for stem in sorted(CHAPTERS | {"ops"}):
        assert imported("crafts", stem) & (CHAPTERS - {stem}) == set(), stem
    assert imported("crafts", "game") >= CHAPTERS
