"""The game module owns the order of play: no chapter module of Cities & Knights imports
another; what a chapter calls of another it is handed by the game module
(``common.Links``, built as ``game.LINKS``)."""

from rules_oracle.model.cities_knights import (
    build,
    game,
    improvement,
    knight,
    metropolis,
    production,
    progress,
    robber,
    wall,
)
from rules_oracle.model.cities_knights.common import Links
from rules_oracle.model.core.play import playout
from tests.model.chapters import imported

#: the chapter modules (a rule id's prefix names one)
CHAPTERS = {"setup", "dice", "production", "barbarians", "knight", "robber", "wall",
            "improvement", "metropolis", "progress", "victory", "build", "trade", "turn"}

#: the chapter whose function of the same name each link is
OWNER = {"production": production, "continue_draws": progress, "seven": robber,
         "aqueduct_start": improvement, "immune": metropolis,
         "metropolis_comes": metropolis, "needs_city_rule": metropolis, "lose_wall": wall,
         "discard_limit": wall, "commodity_rate": improvement, "start_steals": robber,
         "road_spots": build, "city_spots": build, "place_road": build, "place_city": build,
         "wall_spots": wall, "place_wall": wall, "own_knights": knight,
         "activatable": knight, "promote_rule": knight, "put_knight": knight,
         "remove_knight": knight, "activate": knight, "promote": knight,
         "start_displaced": knight}
#: the links whose chapter function takes the links itself: bound to the game's
BOUND = {"production", "continue_draws", "seven"}


def test_no_chapter_imports_another() -> None:
    for stem in sorted(CHAPTERS | {"common"}):
        assert imported("cities_knights", stem) & (CHAPTERS - {stem}) == set(), stem
    assert imported("cities_knights", "game") >= CHAPTERS


def test_each_link_is_its_chapters_function() -> None:
    links = game.LINKS
    assert set(Links._fields) == set(OWNER)
    for field in sorted(set(OWNER) - BOUND):
        assert getattr(links, field) is getattr(OWNER[field], field), field
    states = [step.state for step in playout(game.GAME, game.GAME.config(3), 0)][200:260]
    assert states
    for field in sorted(BOUND):
        for state in states:
            assert getattr(links, field)(state) == getattr(OWNER[field], field)(state, links)
