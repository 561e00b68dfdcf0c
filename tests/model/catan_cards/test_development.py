"""Development: costs, once per turn, alternation, settlements and the fate card, cities and
their events, buildings, the 3-for-1 exchange, roads and knights changing hands."""

from pathlib import Path

import pytest

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import development
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    Action,
    BuildBuilding,
    BuildCity,
    BuildRoad,
    Convert,
    Discard,
    Draw,
    EndDevelopment,
    EndTrade,
    FoundSettlement,
    HireKnight,
    Reveal,
    TurnFate,
)
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.rules import FILE, RULES
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.catan_cards.take import victim
from rules_oracle.model.core import CHANCE
from rules_oracle.model.core.play import playout
from rules_oracle.model.core.rules import normalize
from tests.model.catan_cards.helpers import apply, cards, hand, make, rule_of, seat

RULES_TEXT = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / FILE
RICH = cards(clay=3, lumber=3, ore=6, wool=6, grain=4)
DEV = Stage.DEVELOP


@pytest.mark.rules("catan_cards/development.road", "catan_cards/development.knight",
                   "catan_cards/development.once-per-turn",
                   "catan_cards/development.knight-alternate",
                   "catan_cards/score.roads-knights", "catan_cards/road-knight-points")
def test_a_road_and_a_knight_but_not_two_roads() -> None:
    s = make(3, {0: seat(RICH)}, stage=DEV)
    s = GAME.apply(s, BuildRoad())
    me = s.players[0]
    assert me.roads == 2 and me.vp == 2 and hand(s, 0) == cards(2, 2, 6, 6, 4)
    assert s.discard == cards(clay=1, lumber=1) and s.road_stack == 3
    assert rule_of(s, BuildRoad()) == RB.DEVELOPMENT_ONCE_PER_TURN
    s = GAME.apply(s, HireKnight())
    assert s.players[0].knights == 1 and s.players[0].vp == 2
    assert hand(s, 0) == cards(2, 2, 5, 5, 3)
    poor = make(3, {0: seat(cards(clay=1))}, stage=DEV)
    assert (
        rule_of(poor, BuildRoad()) == RB.DEVELOPMENT_ROAD
        and rule_of(poor, HireKnight()) == RB.DEVELOPMENT_KNIGHT
    )


@pytest.mark.rules("catan_cards/development.settlement",
                   "catan_cards/development.settlement-fate",
                   "catan_cards/development.settlement-stack", "catan_cards/score.settlement",
                   "catan_cards/settlement-fate")
def test_a_settlement_may_turn_the_fate_card() -> None:
    s = make(3, {0: seat(RICH)}, stage=DEV)
    s = GAME.apply(s, FoundSettlement())
    assert s.stage is Stage.FATE and s.players[0].settlements == 2 and s.players[0].vp == 2
    assert GAME.legal_actions(s) == (TurnFate(False), TurnFate(True))
    assert rule_of(s, BuildRoad()) == RB.DEVELOPMENT_SETTLEMENT_FATE
    assert GAME.apply(s, TurnFate(True)).fate == D.OTHER
    assert GAME.apply(s, TurnFate(False)).fate == D.WHITE
    must = GAME.apply(make(3, {0: seat(RICH)}, stage=DEV, variant={"settlement-fate": "must"}),
                      FoundSettlement())
    assert must.stage is DEV and must.fate == D.OTHER
    two = GAME.apply(make(2, {0: seat(RICH)}, stage=DEV), FoundSettlement())
    assert two.stage is DEV
    empty = make(3, {0: seat(RICH)}, stage=DEV, settlement_stack=0)
    assert rule_of(empty, FoundSettlement()) == RB.DEVELOPMENT_SETTLEMENT_STACK


@pytest.mark.rules("catan_cards/development.city", "catan_cards/development.city-event",
                   "catan_cards/development.city-needs-settlement",
                   "catan_cards/event.robber-raid", "catan_cards/development.raid-fate",
                   "catan_cards/robber-raid", "catan_cards/score.city")
def test_a_city_reveals_a_robber_raid() -> None:
    s = make(3, {0: seat(cards(ore=3, grain=2, wool=6)), 1: seat(cards(clay=9)),
                 2: seat(cards(wool=8))}, stage=DEV)
    s = GAME.apply(s, BuildCity())
    assert s.stage is Stage.EVENT and GAME.actor(s) == CHANCE
    assert dict(GAME.chance_outcomes(s)) == {Reveal(0): pytest.approx(4 / 11),
                                             Reveal(1): pytest.approx(7 / 11)}
    assert s.players[0].cities == 1 and s.players[0].settlements == 0 and s.players[0].vp == 2
    s = GAME.apply(s, Reveal(D.ROBBER_RAID))
    assert s.fate == D.OTHER and s.discards == (0, 4, 4) and GAME.actor(s) == 1
    assert s.revealed_events == (0, 1) and s.unseen_events == (4, 6)
    assert GAME.legal_actions(s) == (Discard(D.CLAY),)
    assert rule_of(s, Discard(D.WOOL)) == RB.EVENT_ROBBER_RAID
    assert rule_of(s, BuildRoad()) == RB.EVENT_ROBBER_RAID
    s = apply(s, *[Discard(D.CLAY)] * 4)
    assert GAME.actor(s) == 2
    s = apply(s, *[Discard(D.WOOL)] * 4)
    assert s.stage is DEV and hand(s, 1) == cards(clay=5) and hand(s, 2) == cards(wool=4)
    assert rule_of(s, BuildCity()) == RB.DEVELOPMENT_ONCE_PER_TURN
    bare = make(3, {0: seat(RICH, settlements=0)}, stage=DEV)
    assert rule_of(bare, BuildCity()) == RB.DEVELOPMENT_CITY_NEEDS_SETTLEMENT
    only = GAME.apply(GAME.apply(make(3, {0: seat(cards(ore=3, grain=2)), 1: seat(cards(
        clay=9))}, stage=DEV, variant={"robber-raid": "fate-only"}), BuildCity()),
        Reveal(D.ROBBER_RAID))
    assert only.stage is DEV and only.fate == D.OTHER and hand(only, 1) == cards(clay=9)


@pytest.mark.rules("catan_cards/event.market-day", "catan_cards/market-day")
def test_market_day_readings() -> None:
    """By default the market day touches every player ("влияет на всех игроков"): each
    draws a card, from the builder clockwise; under market-day=none nothing happens."""
    s = make(3, {0: seat(cards(ore=3, grain=2))}, stage=DEV, variant={"market-day": "none"})
    none = apply(s, BuildCity(), Reveal(D.MARKET_DAY))
    assert none.stage is DEV and none.fate == D.WHITE and none.players == (
        GAME.apply(s, BuildCity()).players)
    s = make(3, {1: seat(cards(ore=3, grain=2))}, stage=DEV, turn=1)
    s = apply(s, BuildCity(), Reveal(D.MARKET_DAY))
    assert s.stage is Stage.DRAW and s.drawing == (1, 2, 0)
    s = apply(s, Draw(D.ORE), Draw(D.WOOL), Draw(D.GRAIN))
    assert s.stage is DEV
    assert (hand(s, 1), hand(s, 2), hand(s, 0)) == (cards(ore=1), cards(wool=1),
                                                   cards(grain=1))


@pytest.mark.rules("catan_cards/settlement-city")
def test_settlement_and_city_in_one_turn_by_reading() -> None:
    """By default a settlement and a city are one kind of card ("Поселение/Город"): one of
    them a turn ("нельзя тратить сырьё на одинаковые карты развития")."""
    rich = {0: seat(RICH)}
    s = apply(make(3, rich, stage=DEV, variant={"settlement-city": "separate"}),
              FoundSettlement(), TurnFate(False))
    assert BuildCity() in GAME.legal_actions(s)
    same = apply(make(3, rich, stage=DEV), FoundSettlement(), TurnFate(False))
    assert BuildCity() not in GAME.legal_actions(same)
    assert rule_of(same, BuildCity()) == RB.DEVELOPMENT_ONCE_PER_TURN


@pytest.mark.rules("catan_cards/development.building", "catan_cards/development.building-choice",
                   "catan_cards/development.building-unique",
                   "catan_cards/development.building-needs-city",
                   "catan_cards/development.building-effect", "catan_cards/score.building",
                   "catan_cards/one-building-per-city")
def test_buildings_on_cities() -> None:
    s = make(3, {0: seat(RICH, cities=1, buildings=(0, 1, 0, 0, 0))}, stage=DEV)
    legal = [a for a in GAME.legal_actions(s) if isinstance(a, BuildBuilding)]
    assert legal == [BuildBuilding(k) for k in (D.LIBRARY, D.CITADEL, D.GUILD, D.FOUR_POINT)]
    assert rule_of(s, BuildBuilding(D.CHURCH)) == RB.DEVELOPMENT_BUILDING_UNIQUE
    assert rule_of(s, BuildBuilding(9)) == RB.DEVELOPMENT_BUILDING_CHOICE
    before = s.players[0].vp
    s = GAME.apply(s, BuildBuilding(D.FOUR_POINT))
    me = s.players[0]
    assert me.cities == 0 and me.buildings == (0, 1, 0, 0, 1) and me.vp == before - 2 + 4
    assert s.building_stack[D.FOUR_POINT] == 0 and hand(s, 0) == cards(3, 3, 5, 3, 4)
    assert rule_of(s, BuildBuilding(D.LIBRARY)) == RB.DEVELOPMENT_ONCE_PER_TURN
    nocity = make(3, {0: seat(RICH)}, stage=DEV)
    assert rule_of(nocity, BuildBuilding(D.LIBRARY)) == RB.DEVELOPMENT_BUILDING_NEEDS_CITY
    gone = make(3, {0: seat(RICH, cities=1), 1: seat(cards(), cities=1, settlements=0,
                                                      buildings=(1, 0, 0, 0, 0))}, stage=DEV)
    assert rule_of(gone, BuildBuilding(D.LIBRARY)) == RB.DEVELOPMENT_BUILDING_CHOICE


@pytest.mark.rules("catan_cards/building-once", "catan_cards/development.once-per-turn",
                   "catan_cards/development.building-unique")
def test_two_different_buildings_in_one_turn_by_reading() -> None:
    """By default every building card is of the kind 'Здание': one building a turn ("нельзя
    тратить сырьё на одинаковые карты развития"); read by name, a library and a church
    differ, and only the same building twice is refused (by the building rule)."""
    two = {0: seat(RICH, cities=2)}
    kind = GAME.apply(make(3, two, stage=DEV), BuildBuilding(D.CHURCH))
    assert not [a for a in GAME.legal_actions(kind) if isinstance(a, BuildBuilding)]
    assert rule_of(kind, BuildBuilding(D.LIBRARY)) == RB.DEVELOPMENT_ONCE_PER_TURN
    name = GAME.apply(make(3, two, stage=DEV, variant={"building-once": "name"}),
                      BuildBuilding(D.CHURCH))
    legal = [a for a in GAME.legal_actions(name) if isinstance(a, BuildBuilding)]
    assert BuildBuilding(D.LIBRARY) in legal and BuildBuilding(D.CHURCH) not in legal
    assert name.building_stack[D.CHURCH] == 1  # the second church is there: refused as alike
    assert rule_of(name, BuildBuilding(D.CHURCH)) == RB.DEVELOPMENT_BUILDING_UNIQUE
    both = GAME.apply(name, BuildBuilding(D.LIBRARY))
    me = both.players[0]
    assert me.cities == 0 and me.buildings == (1, 1, 0, 0, 0) and both.built[D.BUILDING] == 2
    assert me.vp == kind.players[0].vp + 1  # the church's 3 in place of the second city's 2
    assert rule_of(both, BuildBuilding(D.CITADEL)) == RB.DEVELOPMENT_BUILDING_CHOICE  # no free city


@pytest.mark.rules("catan_cards/development.building-choice",
                   "catan_cards/development.building-needs-city",
                   "catan_cards/one-building-per-city")
def test_a_player_whose_cities_all_hold_a_building_has_a_city() -> None:
    """He has a city ("здание нельзя построить, если у вас нет города" does not refuse him):
    no city of his is free for a second building (one building per city)."""
    full = make(3, {0: seat(RICH, settlements=1, buildings=(0, 1, 0, 0, 0))}, stage=DEV)
    assert not [a for a in GAME.legal_actions(full) if isinstance(a, BuildBuilding)]
    assert rule_of(full, BuildBuilding(D.LIBRARY)) == RB.DEVELOPMENT_BUILDING_CHOICE


@pytest.mark.rules("catan_cards/development.convert", "catan_cards/convert-source")
def test_three_for_one_during_development_only() -> None:
    s = make(3, {0: seat(cards(ore=4))}, stage=DEV, discard=cards(wool=2))
    legal = [a for a in GAME.legal_actions(s) if isinstance(a, Convert)]
    assert legal == [Convert(D.ORE, t) for t in (D.CLAY, D.LUMBER, D.WOOL, D.GRAIN)]
    stack = GAME.apply(s, Convert(D.ORE, D.WOOL))
    assert hand(stack, 0) == cards(ore=1, wool=1) and stack.discard == cards(ore=3, wool=2)
    assert stack.stack[D.WOOL] == s.stack[D.WOOL] - 1
    d = make(3, {0: seat(cards(ore=4))}, stage=DEV, discard=cards(wool=2),
             variant={"convert-from": "discard"})
    pile = GAME.apply(d, Convert(D.ORE, D.WOOL))
    assert pile.discard == cards(ore=3, wool=1) and pile.stack == d.stack
    other = GAME.apply(d, Convert(D.ORE, D.CLAY))
    assert other.stack[D.CLAY] == d.stack[D.CLAY] - 1
    assert rule_of(s, Convert(D.ORE, D.ORE)) == RB.DEVELOPMENT_CONVERT
    assert rule_of(s, Convert(D.CLAY, D.ORE)) == RB.DEVELOPMENT_CONVERT
    # tried during trade, the 3-for-1 is refused by its own rule ("только во время развития")
    assert (
        rule_of(make(3, {0: seat(cards(ore=4))}), Convert(D.ORE, D.WOOL)) == RB.DEVELOPMENT_CONVERT
    )


@pytest.mark.rules("catan_cards/take.neighbour", "catan_cards/take.fate",
                   "catan_cards/take.next", "catan_cards/fate-direction",
                   "catan_cards/taken-side")
def test_an_empty_road_stack_takes_from_the_neighbour_the_arrows_point_to() -> None:
    seats = {0: seat(RICH, roads=1), 1: seat(roads=2), 2: seat(roads=2), 3: seat(roads=4)}
    s = make(4, seats, stage=DEV)
    assert s.road_stack == 0 and victim(s, D.ROAD) == 1 and s.players[1].vp == 2
    s2 = GAME.apply(s, BuildRoad())
    assert [p.roads for p in s2.players] == [2, 1, 2, 4] and s2.fate == D.OTHER
    assert s2.players[1].vp == 1 and s2.players[0].vp == 2
    right = make(4, seats, stage=DEV, fate=D.OTHER)
    assert victim(right, D.ROAD) == 3
    assert victim(make(4, seats, stage=DEV, variant={"fate-white": "right"}), D.ROAD) == 3
    passed = make(4, {0: seat(RICH, roads=1), 1: seat(roads=0), 2: seat(roads=4),
                      3: seat(roads=4)}, stage=DEV)
    assert victim(passed, D.ROAD) == 2


@pytest.mark.rules("catan_cards/take.church", "catan_cards/take.citadel",
                   "catan_cards/nobody-to-take", "catan_cards/setup.fate-two")
def test_church_and_citadel_protect() -> None:
    church = (0, 1, 0, 0, 0)
    citadel = (0, 0, 1, 0, 0)
    s = make(2, {0: seat(RICH, knights=0, roads=2), 1: seat(knights=2, roads=3)}, stage=DEV)
    assert s.knight_stack == 0 and s.fate == -1 and victim(s, D.KNIGHT) == 1
    guarded = make(2, {0: seat(RICH, knights=0, roads=2),
                       1: seat(knights=1, roads=3, settlements=0, buildings=church)},
                   stage=DEV, knight_stack=1)
    assert victim(guarded, D.KNIGHT) == -1
    walled = make(2, {0: seat(RICH, roads=2), 1: seat(roads=3, settlements=0,
                                                       buildings=citadel)}, stage=DEV)
    assert walled.road_stack == 0 and victim(walled, D.ROAD) == -1
    assert BuildRoad() not in GAME.legal_actions(walled)
    assert rule_of(walled, BuildRoad()) == RB.TAKE_NEXT
    more = make(2, {0: seat(RICH, roads=1), 1: seat(roads=4, settlements=0, buildings=citadel)},
                stage=DEV)
    assert GAME.apply(more, BuildRoad()).players[1].roads == 3


@pytest.mark.rules("catan_cards/take.church", "catan_cards/church-owner")
def test_a_church_protects_its_owners_knight_only() -> None:
    """'Если построена церковь, ваш первый рыцарь не может быть взят': the church of
    player 2 leaves player 1's only knight to be taken; its own first knight stays."""
    church = (0, 1, 0, 0, 0)
    s = make(3, {0: seat(RICH, knights=1), 1: seat(knights=1),
                 2: seat(knights=2, settlements=0, buildings=church)}, stage=DEV)
    assert s.knight_stack == 0 and victim(s, D.KNIGHT) == 1
    after = GAME.apply(s, HireKnight())
    assert [pl.knights for pl in after.players] == [2, 0, 2]
    alone = make(3, {0: seat(RICH, knights=3), 1: seat(knights=0),
                     2: seat(knights=1, settlements=0, buildings=church)}, stage=DEV)
    assert alone.knight_stack == 0 and victim(alone, D.KNIGHT) == -1
    assert rule_of(alone, HireKnight()) == RB.TAKE_NEXT


@pytest.mark.rules("catan_cards/development.end", "catan_cards/turn.actor")
def test_development_ends_explicitly() -> None:
    """The end's quote names the step that follows once in the text (the heading "3. Добыча"
    stands twice: in the turn's outline and over production)."""
    if RULES_TEXT.is_file():
        quote = normalize(RULES[RB.DEVELOPMENT_END].quote)
        assert normalize(RULES_TEXT.read_text(encoding="utf-8")).count(quote) == 1
    s = make(3, {0: seat(cards(clay=1))}, stage=DEV)
    assert GAME.legal_actions(s) == (EndDevelopment(),)
    assert GAME.apply(s, EndDevelopment()).stage is Stage.DRAW
    assert rule_of(s, Draw(D.ORE)) == RB.TURN_ACTOR


@pytest.mark.rules("catan_cards/take.next", "catan_cards/take-next")
def test_the_next_player_after_the_neighbour_by_reading() -> None:
    """Arrows to the previous seat (3 for seat 0), who has no road: the search goes on the
    arrows' way (seat 2) by default, clockwise after him (seat 1, seat 0 passed over) under
    take-next=clockwise."""
    seats = {0: seat(RICH, roads=1), 1: seat(roads=4), 2: seat(roads=4), 3: seat(roads=0)}
    s = make(4, seats, stage=DEV, fate=D.OTHER)
    assert s.road_stack == 0 and victim(s, D.ROAD) == 2
    assert GAME.apply(s, BuildRoad()).players[2].roads == 3
    c = make(4, seats, stage=DEV, fate=D.OTHER, variant={"take-next": "clockwise"})
    assert victim(c, D.ROAD) == 1
    assert GAME.apply(c, BuildRoad()).players[1].roads == 3
    left = make(4, {0: seat(RICH, roads=1), 1: seat(roads=0), 2: seat(roads=4),
                    3: seat(roads=4)}, stage=DEV, variant={"take-next": "clockwise"})
    assert victim(left, D.ROAD) == 2  # arrows to the next seat: both readings go clockwise


@pytest.mark.rules("catan_cards/take.next", "catan_cards/take-search",
                   "catan_cards/nobody-to-take")
def test_how_far_the_search_for_a_road_goes_by_reading() -> None:
    """4 players, arrows to the next seat: neither the neighbour (seat 1) nor the next after
    him (seat 2) has a road; seat 3 has two. By default the search goes on round the table
    and takes seat 3's top road; under take-search=next-only it ends after seat 2, so no
    road can be bought. With 3 players the neighbour and the next are every rival."""
    seats = {0: seat(RICH, roads=1), 1: seat(roads=0), 2: seat(roads=0), 3: seat(roads=2)}
    s = make(4, seats, stage=DEV, road_stack=0)
    assert s.road_stack == 0 and victim(s, D.ROAD) == 3
    after = GAME.apply(s, BuildRoad())
    assert after.players[3].roads == 1 and after.players[0].roads == 2
    near = make(4, seats, stage=DEV, road_stack=0, variant={"take-search": "next-only"})
    assert victim(near, D.ROAD) == -1 and BuildRoad() not in GAME.legal_actions(near)
    assert rule_of(near, BuildRoad()) == RB.TAKE_NEXT
    # the next after the neighbour still gives his road under next-only
    second = make(4, {**seats, 2: seat(roads=1)}, stage=DEV, road_stack=0,
                  variant={"take-search": "next-only"})
    assert victim(second, D.ROAD) == 2
    # clockwise past the neighbour (arrows to seat 3): seat 3, then seat 1 (the taker passed
    # over), then seat 2; next-only stops after seat 1
    back = {0: seat(RICH, roads=1), 1: seat(roads=0), 2: seat(roads=2), 3: seat(roads=0)}
    clock = {"take-next": "clockwise"}
    assert victim(make(4, back, stage=DEV, road_stack=0, fate=D.OTHER, variant=clock),
                  D.ROAD) == 2
    assert victim(make(4, back, stage=DEV, road_stack=0, fate=D.OTHER,
                       variant={**clock, "take-search": "next-only"}), D.ROAD) == -1
    three = {0: seat(RICH, roads=1), 1: seat(roads=0), 2: seat(roads=2)}
    assert victim(make(3, three, stage=DEV, road_stack=0,
                       variant={"take-search": "next-only"}), D.ROAD) == 2


@pytest.mark.rules("catan_cards/protected", "catan_cards/take.next", "catan_cards/take.citadel",
                   "catan_cards/take.church")
def test_a_player_with_only_protected_cards_by_reading() -> None:
    """The neighbour the arrows point to (seat 1) holds 3 roads behind his citadel: passed
    over for seat 2 by default; under protected=stop he has a road, so nothing is taken and
    no road can be bought."""
    citadel = (0, 0, 1, 0, 0)
    people = {0: seat(RICH, roads=1), 1: seat(roads=3, settlements=0, buildings=citadel),
              2: seat(roads=3)}
    s = make(3, people, stage=DEV)
    assert s.road_stack == 0 and victim(s, D.ROAD) == 2
    after = GAME.apply(s, BuildRoad())
    assert after.players[1].roads == 3 and after.players[2].roads == 2
    stop = make(3, people, stage=DEV, variant={"protected": "stop"})
    assert victim(stop, D.ROAD) == -1 and BuildRoad() not in GAME.legal_actions(stop)
    assert rule_of(stop, BuildRoad()) == RB.TAKE_NEXT
    church = (0, 1, 0, 0, 0)
    knights = {0: seat(RICH), 1: seat(knights=1, settlements=0, buildings=church),
               2: seat(knights=2)}
    assert victim(make(3, knights, stage=DEV, knight_stack=0), D.KNIGHT) == 2
    assert victim(make(3, knights, stage=DEV, knight_stack=0,
                       variant={"protected": "stop"}), D.KNIGHT) == -1
    # a player with no knight at all is passed over under both readings
    bare = {0: seat(RICH), 1: seat(), 2: seat(knights=2)}
    assert victim(make(3, bare, stage=DEV, knight_stack=0,
                       variant={"protected": "stop"}), D.KNIGHT) == 2


_CHOICES: tuple[Action, ...] = (
    BuildRoad(), HireKnight(), FoundSettlement(), BuildCity(),
    *(BuildBuilding(k) for k in range(-1, D.N_BUILDINGS + 1)),
    *(Convert(g, t) for g in range(-1, D.N_RESOURCES + 1) for t in range(-1, D.N_RESOURCES + 1)),
    EndDevelopment(), EndTrade(), TurnFate(True),
)


def _agrees(s: CardsState) -> None:
    """Every choice the development's predicate allows is legal and accepted; every other
    one is illegal and ``apply`` refuses it naming the rule the predicate returns."""
    legal = GAME.legal_actions(s)
    for a in (*_CHOICES, *legal):
        why = development.choice_rule(s, a)
        if why is None:
            GAME.apply(s, a)  # accepted
        else:
            assert rule_of(s, a) == why, a
        assert (why is None) == (a in legal), a


@pytest.mark.rules("catan_cards/development.once-per-turn", "catan_cards/development.road",
                   "catan_cards/development.knight", "catan_cards/development.settlement",
                   "catan_cards/development.city", "catan_cards/development.building",
                   "catan_cards/development.settlement-stack",
                   "catan_cards/development.city-needs-settlement",
                   "catan_cards/development.building-choice",
                   "catan_cards/development.building-unique",
                   "catan_cards/development.building-needs-city",
                   "catan_cards/development.convert", "catan_cards/take.next",
                   "catan_cards/building-once", "catan_cards/settlement-city")
def test_one_predicate_lists_and_refuses() -> None:
    """The development's predicate allows exactly the legal set, and ``apply`` refuses every
    other choice naming the rule it returns: on seeded play under the readings of which
    developments a turn allows, and on built states (buildings, full cities, empty stacks,
    a spent turn)."""
    seen = 0
    for variant in ({}, {"building-once": "name", "settlement-city": "same"}):
        for seed in (0, 1, 2):
            for step in playout(GAME, GAME.config(3, variant), seed):
                if step.state.stage is DEV:
                    seen += 1
                    _agrees(step.state)
    assert seen > 30
    rich = make(3, {0: seat(RICH, cities=1, buildings=(0, 1, 0, 0, 0))}, stage=DEV)
    full = make(3, {0: seat(RICH, settlements=1, buildings=(0, 1, 0, 0, 0))}, stage=DEV)
    poor = make(3, {0: seat(cards(ore=3), settlements=0)}, stage=DEV)
    empty = make(3, {0: seat(RICH)}, stage=DEV, road_stack=0, knight_stack=0,
                 settlement_stack=0)
    for s in (rich, full, poor, empty, apply(rich, BuildBuilding(D.LIBRARY), BuildRoad()),
              make(3, {0: seat(RICH, cities=2)}, stage=DEV, variant={"building-once": "name"})):
        _agrees(s)
