"""Longest road: 5 or more, ties keep the holder, rival settlements break roads."""

import attrs
import pytest

from rules_oracle.model.catan.actions import BuildRoad, BuildSettlement
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.longest_road import award_longest, longest_road
from rules_oracle.model.catan.victory import refresh_vp
from tests.model.catan.helpers import cards, chain, make, road

RICH = cards(5, 5, 5, 5, 5)


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.five")
def test_road_length_counts_a_trail() -> None:
    paths = [-1] * 72
    for e in chain(7, 3, 0, 4, 1, 5):
        paths[e] = 0
    owners = [-1] * 54
    owners[7] = 0
    assert longest_road(tuple(paths), tuple(owners), 0) == 5
    assert longest_road(tuple(paths), tuple(owners), 1) == 0
    # a fork: 4-8 adds a branch but not to the longest trail
    paths[road(4, 8)] = 0
    assert longest_road(tuple(paths), tuple(owners), 0) == 5
    # a closed ring of six (hex 0) is six roads long
    ring = [-1] * 72
    for e in chain(0, 4, 8, 12, 7, 3, 0):
        ring[e] = 1
    assert longest_road(tuple(ring), tuple([-1] * 54), 1) == 6
    # a rival building at 4 cuts the trail; an own one does not
    owners[4] = 1
    assert longest_road(tuple(paths), tuple(owners), 0) == 3
    owners[4] = 0
    assert longest_road(tuple(paths), tuple(owners), 0) == 5


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.tie")
def test_five_roads_take_the_card_and_a_tie_keeps_it() -> None:
    four = chain(7, 3, 0, 4, 1)
    s = make(settlements={7: 0, 41: 1},
             roads={**{e: 0 for e in four}, **{e: 1 for e in chain(41, 46, 50, 53, 49)}},
             hands={0: RICH, 1: RICH})
    assert s.longest == -1 and s.players[0].road_length == 4
    s = GAME.apply(s, BuildRoad(road(1, 5)))
    assert s.longest == 0 and s.players[0].vp == 3
    s = GAME.apply(attrs.evolve(s, turn=1), BuildRoad(road(49, 45)))
    assert s.players[1].road_length == 5 and s.longest == 0  # a tie keeps the holder
    s = GAME.apply(s, BuildRoad(road(45, 40)))
    assert s.players[1].road_length == 6 and s.longest == 1
    assert (s.players[0].vp, s.players[1].vp) == (1, 3)


@pytest.mark.rules("catan/longest-road.break", "catan/longest-road.break-cities-knights")
def test_a_settlement_breaks_the_longest_road() -> None:
    s = make(settlements={7: 0, 13: 1},
             roads={**{e: 0 for e in chain(7, 3, 0, 4, 1, 5)}, **{e: 1 for e in chain(13, 8, 4)}},
             hands={1: RICH}, turn=1)
    assert s.longest == 0 and s.players[0].vp == 3
    s = GAME.apply(s, BuildSettlement(4))
    # 7-3-0-4 and 4-1-5: 3 and 2 roads; nobody has 5 any more: the card is set aside
    assert s.players[0].road_length == 3 and s.longest == -1
    assert (s.players[0].vp, s.players[1].vp) == (1, 2)


@pytest.mark.rules("catan/longest-road.break", "catan/longest-road-break-tie")
def test_a_break_into_a_tie_keeps_the_holders_card() -> None:
    roads = {**{e: 0 for e in chain(7, 3, 0, 4, 1, 5, 2, 6)},
             **{e: 1 for e in chain(5, 9, 13, 18, 23, 17)}}
    s = make(settlements={7: 0, 13: 1}, roads=roads, hands={1: RICH}, turn=1)
    assert (s.players[0].road_length, s.players[1].road_length, s.longest) == (7, 5, 0)
    s = GAME.apply(s, BuildSettlement(5))
    # 7-3-0-4-1-5 is 5 long, 5-2-6 is 2; player 1 has 5: a tie after the break
    assert (s.players[0].road_length, s.players[1].road_length) == (5, 5)
    assert s.longest == 0


@pytest.mark.rules("catan/longest-road.break", "catan/longest-road.tie",
                   "catan/longest-road-break-tie")
def test_breaking_a_third_players_road_leaves_a_tied_holder_alone() -> None:
    # player 0 holds the card at 6, tied with player 2; player 1 breaks player 3's road
    roads = {**{e: 0 for e in chain(3, 0, 4, 1, 5, 2, 6)},
             **{e: 2 for e in chain(47, 51, 48, 52, 49, 53, 50)},
             **{e: 3 for e in chain(21, 27, 33, 38, 43)}, road(28, 33): 1}
    s = refresh_vp(attrs.evolve(make(4, roads=roads, hands={1: RICH}, turn=1), longest=0))
    assert [pl.road_length for pl in s.players] == [6, 1, 6, 4]
    s = GAME.apply(s, BuildSettlement(33))
    assert [pl.road_length for pl in s.players] == [6, 1, 6, 2]
    assert s.longest == 0 and s.players[0].vp == 2


@pytest.mark.rules("catan/longest-road-break-tie")
def test_the_break_tie_has_one_reading_and_no_option() -> None:
    # the almanac keeps the card with a tied holder whose road was broken; no published
    # source sets it aside, so no variant offers that
    amb = GAME.rules.get_ambiguity("catan/longest-road-break-tie")
    assert amb.option is None and [r.key for r in amb.readings] == ["holder-keeps"]
    with pytest.raises(ValueError, match="road-tie"):
        GAME.config(3, {"road-tie": "set-aside"})


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.tie",
                   "catan/longest-road.break")
def test_award_rules_by_hand() -> None:
    assert award_longest((4, 3, 0), -1) == -1
    assert award_longest((5, 3, 0), -1) == 0
    assert award_longest((5, 5, 0), 0) == 0
    assert award_longest((5, 6, 0), 0) == 1
    assert award_longest((4, 6, 6), 0) == -1  # a tie among others: set aside
    assert award_longest((6, 6, 2), 0) == 0  # a tied holder keeps it
    assert award_longest((3, 6, 2), 0) == 1
    assert award_longest((6, 6, 2), -1) == -1  # a tie with nobody holding: set aside
