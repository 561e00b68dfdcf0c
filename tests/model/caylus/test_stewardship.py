"""Stewardship: residences, prestige buildings (the theatre's favour), recruitment at each
player count (the text's 4-player example), the provost's reset, the end and its ties."""

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import BuildPrestige, Decline, Use, UseSite
from rules_oracle.model.caylus.game import GAME, onward
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.caylus.stewardship import begin, provost_reset, recruits
from tests.model.caylus.helpers import bare, built, holding, player, ready, rule_of, run


def _claimed(s: CaylusState, space: int, seat: int) -> CaylusState:
    s = attrs.evolve(s, owner=put(s.owner, space, seat))
    return player(s, seat, houses=s.players[seat].houses - 1)


@pytest.mark.rules("caylus/stewardship.residences", "caylus/stewardship.prestige",
                   "caylus/costs", "caylus/character.architect")
def test_residences_then_prestige_buildings_from_the_bridge_up() -> None:
    s = bare(ready(3))
    s = _claimed(_claimed(s, 6, 1), 9, 2)
    s = player(s, 1, resources={"wood": 1, "gold": 1})
    s = player(s, 2, resources={"stone": 2, "gold": 1})
    s = holding(s, architect=2)
    s = begin(s)
    assert s.side[6] == 1 and s.side[9] == 1 and s.side[5] == 0
    assert s.stage is Stage.PRESTIGE and GAME.actor(s) == 1 and s.cursor == 6
    assert set(GAME.legal_actions(s)) == {BuildPrestige(D.GARDEN), Decline()}
    assert rule_of(s, BuildPrestige(D.MANSION)) == RB.STEWARDSHIP_PRESTIGE
    s = GAME.apply(s, BuildPrestige(D.GARDEN))
    assert s.road[6] == D.GARDEN and s.owner[6] == 1 and s.players[1].prestige == 4
    assert GAME.actor(s) == 2 and s.cursor == 9
    assert set(GAME.legal_actions(s)) == {BuildPrestige(D.GRANARY), BuildPrestige(D.STATUE),
                                          Decline()}
    s = GAME.apply(s, BuildPrestige(D.STATUE))
    assert s.players[2].prestige == 7 + 1
    assert s.stage is Stage.PLANNING and s.round == 2
    # garden: +2 workers; residence gone under it; statue's owner no residence left
    assert s.players[1].workers == ready(3).players[1].workers + 3 + 2


@pytest.mark.rules("caylus/stewardship.theatre", "caylus/favour.choice")
def test_theatre_gives_12_pp_and_a_favour() -> None:
    s = _claimed(bare(ready(2)), 5, 0)
    s = player(s, 0, resources={"wood": 4, "gold": 3})
    s = run(begin(s), BuildPrestige(D.THEATRE))
    assert s.players[0].prestige == 12 and s.favour is not None and s.favour.seat == 0
    s = run(s, UseSite(0), Use(0), Decline())
    assert s.favour is None and s.round == 2


@pytest.mark.rules("caylus/stewardship.recruitment", "caylus/character.day-labourer")
@pytest.mark.parametrize(("players", "base"), [(2, 3), (3, 3), (4, 3), (5, 2)])
def test_recruitment_at_each_player_count(players: int, base: int) -> None:
    s = bare(ready(players))
    assert recruits(s, 0) == (base, 0, 0)
    assert recruits(holding(s, day_labourer=0), 0) == (base + 1, 0, 0)


@pytest.mark.rules("caylus/stewardship.recruitment")
def test_the_texts_recruitment_example() -> None:
    """4 players: Green 3 workers; Black 5 (2 residences); Red 5 (garden); Blue 3 and a
    fabric (factory)."""
    blue, black, green, red = range(4)
    s = bare(ready(4))
    s = built(s, 5, D.FARM, black, side=1)
    s = built(s, 6, D.SAWMILL, black, side=1)
    s = built(s, 7, D.GARDEN, red, side=0)
    s = built(s, 8, D.FACTORY, blue, side=0)
    assert [recruits(s, p) for p in (green, black, red, blue)] == [
        (3, 0, 0), (5, 0, 0), (5, 0, 0), (3, 0, 1)]
    s = built(s, 9, D.GRANARY, green, side=0)
    assert recruits(s, green) == (3, 1, 0)
    before = s.players[blue]
    after = begin(s)
    assert after.players[blue].resources[D.FABRIC] == before.resources[D.FABRIC] + 1
    assert after.players[blue].workers == before.workers + 3


def _filled(s: CaylusState, upto: int) -> CaylusState:
    """``s`` with wood farms built on every empty space before ``upto``."""
    return attrs.evolve(s, road=tuple(D.WOOD_FARM if k < 0 and i < upto else k
                                      for i, k in enumerate(s.road)))


@pytest.mark.rules("caylus/stewardship.provost", "caylus/provost-reset", "caylus/road-length",
                   "caylus/stewardship.round")
def test_provost_reset_on_the_gate_side_of_the_last_building() -> None:
    s = bare(ready(3))
    # nothing built: before the set-up wood building; the stone building does not count
    assert provost_reset(s) == D.WOOD_SPACE - 1
    s = built(s, 14, D.TAILOR, 0)
    assert provost_reset(s) == 13  # the tailor, built last, lies past the provost
    full = _filled(s, D.STONE_SPACE)
    assert provost_reset(full) == D.STONE_SPACE - 1  # the stone building counts now
    after = begin(attrs.evolve(s, provost=25))
    assert after.provost == 13 and after.round == 2


@pytest.mark.rules("caylus/stewardship.provost", "caylus/provost-reset")
def test_the_texts_provost_examples() -> None:
    """А: between the quarry and the stonemason; Б: between the sawmill and the gold mine;
    В: between the gold mine and the alchemist (the set-up stone building)."""
    s = bare(ready(3))  # the set-up wood sawmill on 13, the set-up stone sawmill on 20
    a = built(built(s, D.WOOD_SPACE, D.WOOD_QUARRY, -1, side=0), 14, D.STONEMASON, 0)
    assert (a.road[13], a.road[14], provost_reset(a)) == (D.WOOD_QUARRY, D.STONEMASON, 13)
    b = built(s, 14, D.GOLD_MINE, 1)
    assert (b.road[13], b.road[14], provost_reset(b)) == (D.WOOD_SAWMILL, D.GOLD_MINE, 13)
    c = built(built(_filled(s, 19), 19, D.GOLD_MINE, 1), D.STONE_SPACE, D.ALCHEMIST, -1,
              side=0)
    assert (c.road[19], c.road[20], provost_reset(c)) == (D.GOLD_MINE, D.ALCHEMIST, 19)


@pytest.mark.rules("caylus/provost-reset", "caylus/stewardship.provost", "caylus/setup.provost")
@pytest.mark.parametrize("reading", ["gate-side", "far-side"])
def test_the_set_up_provost_is_the_reset_of_the_set_up_road(reading: str) -> None:
    s = ready(3, variant={"provost_reset": reading})
    assert s.provost == (12 if reading == "gate-side" else 13)
    assert provost_reset(s) == s.provost
    after = begin(attrs.evolve(bare(s), provost=25))  # a round in which nothing was built
    assert after.provost == s.provost and after.round == 2


@pytest.mark.rules("caylus/provost-reset", "caylus/stewardship.provost")
def test_provost_reset_far_side_reading() -> None:
    s = bare(ready(3, variant={"provost_reset": "far-side"}))
    s = built(s, 14, D.TAILOR, 0)
    assert provost_reset(s) == 14  # after the last building: it activates
    full = _filled(s, D.STONE_SPACE)
    assert provost_reset(full) == D.STONE_SPACE - 1  # empty spaces after it remain
    ended = _filled(full, D.ROAD_SPACES)
    assert provost_reset(ended) == D.ROAD_SPACES - 1


@pytest.mark.rules("caylus/end.gold", "caylus/end.ties", "caylus/end.over")
def test_the_end_gold_and_ties() -> None:
    s = bare(ready(3))
    s = attrs.evolve(s, round=9)
    s = player(s, 0, resources={"gold": 3}, prestige=10)
    s = player(s, 1, prestige=16)
    s = player(s, 2, resources={"gold": 1}, prestige=5)
    assert GAME.winners(s) == ()
    s = onward(Stage.PRESTIGE, begin(s))
    assert s.stage is Stage.OVER and GAME.actor(s) == -2
    assert GAME.scores(s) == (16, 16, 7) and GAME.winners(s) == (0, 1)
    assert GAME.legal_actions(s) == ()
    assert rule_of(s, Decline()) == RB.END_OVER


@pytest.mark.rules("caylus/prestige-house", "caylus/components.house-limit",
                   "caylus/stewardship.prestige")
@pytest.mark.parametrize("reading", ["residence", "stock"])
def test_a_prestige_building_without_a_house_in_stock(reading: str) -> None:
    s = _claimed(bare(ready(3, variant={"prestige_house": reading})), 6, 1)
    s = player(s, 1, resources={"wood": 1, "gold": 1}, houses=0)
    s = begin(s)
    if reading == "residence":  # the residence's house marks the prestige building
        assert s.stage is Stage.PRESTIGE and s.cursor == 6
        assert set(GAME.legal_actions(s)) == {BuildPrestige(D.GARDEN), Decline()}
        s = GAME.apply(s, BuildPrestige(D.GARDEN))
        assert s.road[6] == D.GARDEN and s.players[1].houses == 0
    else:  # no house left: no building, so the residence is passed over
        assert s.stage is Stage.PLANNING and s.round == 2 and s.road[6] == D.SAWMILL
        with_house = begin(player(_claimed(bare(ready(3, variant={"prestige_house": reading})),
                                           6, 1), 1, resources={"wood": 1, "gold": 1}))
        assert set(GAME.legal_actions(with_house)) == {BuildPrestige(D.GARDEN), Decline()}
        stuck = attrs.evolve(with_house, players=put(
            with_house.players, 1, attrs.evolve(with_house.players[1], houses=0)))
        assert GAME.legal_actions(stuck) == (Decline(),)
        assert rule_of(stuck, BuildPrestige(D.GARDEN)) == RB.COMPONENTS_HOUSE_LIMIT


@pytest.mark.rules("caylus/provost-last-building", "caylus/stewardship.provost",
                   "caylus/stewardship.prestige")
def test_the_provost_goes_behind_the_last_building_along_the_road() -> None:
    # a prestige building built at this stewardship, over a residence near the bridge, is
    # the latest building in time; the provost still goes behind the furthest one
    s = _claimed(built(bare(ready(2)), 14, D.TAILOR, 1), 6, 0)
    s = player(s, 0, resources={"wood": 1, "gold": 1})
    s = run(begin(s), BuildPrestige(D.GARDEN))
    assert s.road[6] == D.GARDEN and s.round == 2
    assert s.provost == 13  # the city-gate side of the tailor on 14, not of the garden on 6
