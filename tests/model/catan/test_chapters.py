"""The game module owns the order of play: no chapter module of base Catan imports another
(a placement only puts its piece, and the game module decides the longest road, the largest
army and the points after it, or hands a chapter the function it needs)."""

from tests.model.chapters import imported

#: the chapter modules (a rule id's prefix names one); ``board`` is the board's geometry
#: that every chapter reads, as ``data``, and imports none of them
CHAPTERS = {"setup", "turn", "production", "seven", "build", "trade", "development",
            "longest_road", "largest_army", "victory"}


def test_no_chapter_imports_another() -> None:
    for stem in sorted(CHAPTERS | {"board"}):
        assert imported("catan", stem) & (CHAPTERS - {stem}) == set(), stem
    assert imported("catan", "game") >= CHAPTERS
