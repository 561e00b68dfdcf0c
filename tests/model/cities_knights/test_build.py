"""Knights (recruit, activate, promote, move, displace, chase, breaking roads), walls,
improvements, metropolises, building and maritime trade."""

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    MaritimeTrade,
    MoveRobber,
)
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    ActivateKnight,
    BuildKnight,
    BuildWall,
    ChaseRobber,
    ChooseNode,
    Improve,
    MoveKnight,
    PromoteKnight,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import Stage
from tests.model.cities_knights.helpers import cards, chain, make, rule_of

# a road of player 0 from his city on 0 along 0-3-7-12-17; player 1's city at 40
LINE = chain(0, 3, 7, 12, 17)
BOARD = {"cities": {0: 0, 40: 1}, "roads": {**dict.fromkeys(LINE, 0),
                                           B.NODE_PATHS[40][0]: 1}}


@pytest.mark.rules("cities_knights/knight.build", "cities_knights/knight.place",
                   "cities_knights/knight.limit")
def test_recruit_a_basic_knight_at_ones_road() -> None:
    s = make(hands={0: cards(wool=3, ore=3)}, **BOARD)
    assert BuildKnight(7) in GAME.legal_actions(s) and BuildKnight(40) not in \
        GAME.legal_actions(s)
    assert rule_of(s, BuildKnight(30)) == RB.KNIGHT_PLACE
    s = GAME.apply(s, BuildKnight(7))
    assert s.knight_owner[7] == 0 and s.knight_level[7] == 1 and not s.knight_active[7]
    assert s.players[0].hand == cards(wool=2, ore=2) and s.players[0].knights == (1, 0, 0)
    s = GAME.apply(s, BuildKnight(12))
    assert rule_of(s, BuildKnight(17)) == RB.KNIGHT_LIMIT  # both basic knights out
    assert rule_of(make(**BOARD), BuildKnight(7)) == RB.KNIGHT_BUILD


@pytest.mark.rules("cities_knights/knight-site", "cities_knights/knight.place")
def test_a_knight_goes_at_ones_own_road_not_at_a_rivals_only() -> None:
    """Intersection 35 ends player 1's road from his city on 40 and touches no road of
    player 0's: only player 1 may recruit a knight there."""
    rivals_end = B.PATH_NODES[B.NODE_PATHS[40][0]][0]
    assert rivals_end == 35 and all(e not in LINE for e in B.NODE_PATHS[35])
    mine = make(hands={0: cards(wool=1, ore=1)}, **BOARD)
    assert BuildKnight(35) not in GAME.legal_actions(mine) and BuildKnight(17) in \
        GAME.legal_actions(mine)
    assert rule_of(mine, BuildKnight(35)) == RB.KNIGHT_PLACE
    his = make(hands={1: cards(wool=1, ore=1)}, turn=1, **BOARD)
    assert BuildKnight(35) in GAME.legal_actions(his)
    assert GAME.apply(his, BuildKnight(35)).knight_owner[35] == 1


@pytest.mark.rules("cities_knights/knight.activate", "cities_knights/knight.promote",
                   "cities_knights/knight.promote-once", "cities_knights/knight.mighty")
def test_activate_and_promote() -> None:
    s = make(hands={0: cards(wool=3, ore=3, grain=1)}, knights={7: (0, 1, False)}, **BOARD)
    assert (
        rule_of(make(knights={7: (0, 1, False)}, **BOARD), ActivateKnight(7)) == RB.KNIGHT_ACTIVATE
    )
    s = GAME.apply(s, ActivateKnight(7))
    assert s.knight_active[7] and s.players[0].hand[3] == 0
    assert rule_of(s, ActivateKnight(7)) == RB.KNIGHT_ACTIVATE
    s = GAME.apply(s, PromoteKnight(7))
    assert s.knight_level[7] == 2 and s.knight_active[7] and s.players[0].knights == (0, 1, 0)
    assert rule_of(s, PromoteKnight(7)) == RB.KNIGHT_PROMOTE_ONCE
    s = attrs.evolve(s, knight_marks=(0,) * B.N_NODES)
    assert rule_of(s, PromoteKnight(7)) == RB.KNIGHT_MIGHTY
    s = attrs.evolve(s, players=(attrs.evolve(s.players[0], levels=(0, 3, 0)),
                                 *s.players[1:]))
    s = GAME.apply(s, PromoteKnight(7))
    assert s.knight_level[7] == 3 and s.players[0].knights == (0, 0, 1)
    assert rule_of(s, PromoteKnight(12)) == RB.KNIGHT_PROMOTE


@pytest.mark.rules("cities_knights/knight.move", "cities_knights/knight.no-act-when-activated")
def test_move_along_ones_roads_deactivates() -> None:
    s = make(knights={7: (0, 1, True)}, **BOARD)
    assert GAME.legal_actions(GAME.apply(s, MoveKnight(7))) == (
        ChooseNode(3), ChooseNode(12), ChooseNode(17))
    s = GAME.apply(GAME.apply(s, MoveKnight(7)), ChooseNode(17))
    assert s.knight_owner[17] == 0 and not s.knight_active[17] and s.knight_owner[7] == -1
    fresh = make(hands={0: cards(grain=1)}, knights={7: (0, 1, False)}, **BOARD)
    fresh = GAME.apply(fresh, ActivateKnight(7))
    assert rule_of(fresh, MoveKnight(7)) == RB.KNIGHT_NO_ACT_WHEN_ACTIVATED
    assert rule_of(fresh, MoveKnight(99)) == RB.KNIGHT_MOVE
    moving = GAME.apply(make(knights={7: (0, 1, True)}, **BOARD), MoveKnight(7))
    assert rule_of(moving, ChooseNode(30)) == RB.KNIGHT_MOVE
    assert rule_of(moving, BuildRoad(0)) == RB.TURN_ACTOR


@pytest.mark.rules("cities_knights/knight.displace")
def test_displace_a_weaker_rival_knight() -> None:
    roads = {**BOARD["roads"], **dict.fromkeys(chain(8, 12), 1)}  # type: ignore[arg-type]
    s = make(cities={0: 0, 40: 1}, roads=roads,
             knights={7: (0, 2, True), 12: (1, 1, True)})
    s = GAME.apply(s, MoveKnight(7))
    assert ChooseNode(12) in GAME.legal_actions(s) and ChooseNode(17) not in \
        GAME.legal_actions(s)
    s = GAME.apply(s, ChooseNode(12))
    assert s.knight_owner[12] == 0 and s.stage is Stage.DISPLACED and GAME.actor(s) == 1
    assert rule_of(s, ChooseNode(30)) == RB.KNIGHT_DISPLACE
    s = GAME.apply(s, ChooseNode(8))
    assert s.knight_owner[8] == 1 and s.knight_active[8] and s.stage is Stage.MAIN
    same = make(cities={0: 0, 40: 1}, roads=roads, knights={7: (0, 1, True), 12: (1, 1, True)})
    assert rule_of(GAME.apply(same, MoveKnight(7)), ChooseNode(12)) == RB.KNIGHT_DISPLACE


@pytest.mark.rules("cities_knights/knight.chase")
def test_chase_the_robber_only_after_the_first_attack() -> None:
    # hex 3 (fields) has corners 7 12 17 22 16 11
    s = make(knights={7: (0, 1, True)}, **BOARD)
    s = attrs.evolve(s, robber=3)
    assert rule_of(s, ChaseRobber(7)) == RB.ROBBER_NOT_BEFORE_ATTACK
    s = attrs.evolve(s, attacked=True)
    s = GAME.apply(s, ChaseRobber(7))
    assert s.stage is Stage.ROBBER and not s.knight_active[7]
    s = GAME.apply(s, MoveRobber(9, -1))
    assert s.robber == 9 and s.stage is Stage.MAIN
    assert rule_of(attrs.evolve(s, robber=3), ChaseRobber(7)) == RB.KNIGHT_CHASE


@pytest.mark.rules("cities_knights/knight.break-road")
def test_a_knight_breaks_a_rival_road() -> None:
    line = chain(0, 3, 7, 12, 17, 22)
    s = make(cities={0: 0, 40: 1}, roads=dict.fromkeys(line, 0),
             hands={1: cards(wool=1, ore=1)})
    assert s.players[0].road_length == 5 and s.longest == 0
    s = attrs.evolve(s, turn=1, path_owner=tuple(1 if e == B.path_between(11, 7) else o
                                                 for e, o in enumerate(s.path_owner)))
    s = GAME.apply(s, BuildKnight(7))
    assert s.players[0].road_length == 3 and s.longest == -1
    assert BuildRoad(B.path_between(7, 3)) not in GAME.legal_actions(s)


@pytest.mark.rules("cities_knights/wall.build", "cities_knights/wall.limit",
                   "cities_knights/wall.site")
def test_city_walls() -> None:
    s = make(cities={0: 0, 2: 0, 10: 0, 14: 0}, hands={0: cards(brick=8)}, **{
        "roads": {B.NODE_PATHS[n][0]: 0 for n in (0, 2, 10, 14)}})
    for n in (0, 2, 10):
        s = GAME.apply(s, BuildWall(n))
    assert s.players[0].walls == 3 and s.players[0].hand == cards(brick=2)
    assert rule_of(s, BuildWall(14)) == RB.WALL_LIMIT
    assert rule_of(make(cities={0: 0}), BuildWall(0)) == RB.WALL_BUILD
    # one wall a city: a second on the walled city breaks the limit; a wall on a
    # settlement or a rival's city or off the board, the wall's site (one's own city)
    s = make(cities={0: 0, 40: 1}, settlements={2: 0}, walls=(0,), hands={0: cards(brick=2)},
             roads={B.NODE_PATHS[n][0]: p for n, p in ((0, 0), (2, 0), (40, 1))})
    assert rule_of(s, BuildWall(0)) == RB.WALL_LIMIT
    assert rule_of(s, BuildWall(2)) == RB.WALL_SITE and rule_of(s, BuildWall(40)) == RB.WALL_SITE
    assert rule_of(s, BuildWall(99)) == RB.WALL_SITE


@pytest.mark.rules("cities_knights/improvement.buy", "cities_knights/improvement.cost",
                   "cities_knights/improvement.city", "cities_knights/improvement.max")
def test_improvement_levels_cost_their_level() -> None:
    s = make(hands={0: cards(cloth=6)}, **BOARD)
    for level in (1, 2, 3):
        s = GAME.apply(s, Improve(D.TRADE))
        assert s.players[0].levels[D.TRADE] == level
    assert s.players[0].hand == cards()
    assert rule_of(s, Improve(D.TRADE)) == RB.IMPROVEMENT_COST
    assert rule_of(s, Improve(7)) == RB.IMPROVEMENT_BUY
    no_city = make(settlements={0: 0}, hands={0: cards(coin=1)}, cities={40: 1})
    assert rule_of(no_city, Improve(D.POLITICS)) == RB.IMPROVEMENT_CITY
    board = make(settlements={0: 0}, hands={0: cards(coin=1)}, cities={40: 1},
                 variant={"improvement-city": "board"})
    assert GAME.apply(board, Improve(D.POLITICS)).players[0].levels[D.POLITICS] == 1
    top = make(hands={0: cards(paper=9)}, levels={0: (0, 0, 5)}, **BOARD)
    assert rule_of(top, Improve(D.SCIENCE)) == RB.IMPROVEMENT_MAX


@pytest.mark.rules("cities_knights/metropolis.first", "cities_knights/metropolis.take",
                   "cities_knights/metropolis.needs-city")
def test_metropolis_first_at_four_taken_at_five() -> None:
    s = make(hands={0: cards(coin=4), 1: cards(coin=5)}, levels={0: (0, 3, 0), 1: (0, 4, 0)},
             **BOARD)
    s = attrs.evolve(s, metropolis=(-1, 40, -1))
    s = GAME.apply(s, Improve(D.POLITICS))  # level 4: player 1 holds it
    assert s.stage is Stage.MAIN and s.metropolis[D.POLITICS] == 40
    s = attrs.evolve(s, turn=1)
    s = GAME.apply(s, Improve(D.POLITICS))  # player 1 reaches 5 first: keeps it
    assert s.stage is Stage.MAIN and s.metropolis[D.POLITICS] == 40
    first = make(hands={0: cards(cloth=4)}, levels={0: (3, 0, 0)}, **BOARD)
    first = GAME.apply(first, Improve(D.TRADE))
    assert first.stage is Stage.METROPOLIS and GAME.legal_actions(first) == (ChooseNode(0),)
    assert rule_of(first, ChooseNode(40)) == RB.METROPOLIS_FIRST
    first = GAME.apply(first, ChooseNode(0))
    assert first.metropolis[D.TRADE] == 0 and GAME.scores(first)[0] == 4
    take = make(hands={1: cards(cloth=5)}, levels={0: (4, 0, 0), 1: (4, 0, 0)}, turn=1,
                **BOARD)
    take = attrs.evolve(take, metropolis=(0, -1, -1))
    take = GAME.apply(take, Improve(D.TRADE))
    assert take.stage is Stage.METROPOLIS and take.metropolis[D.TRADE] == -1
    take = GAME.apply(take, ChooseNode(40))
    assert take.metropolis[D.TRADE] == 40 and GAME.scores(take) == (2, 4, 0)
    full = make(hands={1: cards(cloth=5)}, levels={1: (4, 0, 0)}, turn=1, cities={40: 1},
                roads={B.NODE_PATHS[40][0]: 1}, metropolis=(-1, 40, -1))
    assert rule_of(full, Improve(D.TRADE)) == RB.METROPOLIS_NEEDS_CITY
    # player 1's only city holds the trade metropolis; player 0 holds politics at level 4
    held = make(hands={1: cards(coin=4)}, levels={0: (0, 4, 0), 1: (4, 3, 0)}, turn=1,
                cities={0: 0, 40: 1}, metropolis=(40, 0, -1))
    # "Вы не можете ... приобрести Улучшение Города 4-го уровня, не имея доступного города"
    assert rule_of(held, Improve(D.POLITICS)) == RB.METROPOLIS_NEEDS_CITY
    lax = attrs.evolve(held, config=GAME.config(3, {"level-four-city": "if-metropolis"}))
    assert GAME.apply(lax, Improve(D.POLITICS)).players[1].levels[D.POLITICS] == 4
    # level 5 that brings no metropolis (its holder is at 5) needs no free city
    five = attrs.evolve(held, players=(attrs.evolve(held.players[0], levels=(0, 5, 0)),
                                       attrs.evolve(
        held.players[1], levels=(4, 4, 0), hand=cards(coin=5)), held.players[2]))
    assert GAME.apply(five, Improve(D.POLITICS)).players[1].levels[D.POLITICS] == 5


@pytest.mark.rules("cities_knights/improvement.trading-house", "cities_knights/trade.maritime",
                   "cities_knights/trade.limit")
def test_maritime_rates_with_commodities_and_the_trading_house() -> None:
    s = make(hands={0: cards(cloth=4, coin=2)}, **BOARD)
    assert MaritimeTrade(D.CLOTH, 0) in GAME.legal_actions(s)
    assert rule_of(s, MaritimeTrade(D.COIN, 0)) == RB.TRADE_MARITIME
    s = make(hands={0: cards(coin=2)}, levels={0: (3, 0, 0)}, **BOARD)
    s = GAME.apply(s, MaritimeTrade(D.COIN, D.PAPER))
    assert s.players[0].hand == cards(paper=1)
    assert rule_of(s, MaritimeTrade(D.PAPER, D.PAPER)) == RB.TRADE_MARITIME
    assert rule_of(attrs.evolve(s, trades=D.TRADES_PER_TURN), MaritimeTrade(0, 1)) \
        == RB.TRADE_LIMIT


@pytest.mark.rules("cities_knights/victory.longest-road", "cities_knights/victory.points",
                   "cities_knights/build.road", "cities_knights/build.settlement",
                   "cities_knights/build.city")
def test_building_roads_settlements_cities() -> None:
    s = make(hands={0: cards(lumber=2, brick=2, wool=1, grain=3, ore=3)}, **BOARD)
    s = GAME.apply(s, BuildSettlement(17))
    s = GAME.apply(s, BuildCity(17))
    s = GAME.apply(s, BuildRoad(B.path_between(17, 22)))
    assert s.players[0].road_length == 5 and s.longest == 0 and GAME.scores(s)[0] == 6
    assert rule_of(s, BuildCity(17)) == RB.BUILD_CITY
    assert rule_of(s, BuildSettlement(40)) == RB.BUILD_SETTLEMENT
    assert rule_of(s, BuildRoad(0)) == RB.BUILD_ROAD
    assert rule_of(s, BuildRoad(B.path_between(22, 28))) == RB.BUILD_ROAD  # no cards left


@pytest.mark.rules("cities_knights/knight-holds-site", "cities_knights/build.settlement")
def test_a_knight_holds_its_intersection_but_keeps_no_distance() -> None:
    hand = {0: cards(lumber=1, brick=1, wool=1, grain=1)}
    # his own knight on 17: no settlement there until it moves away
    s = make(hands=hand, knights={17: (0, 1, False)}, **BOARD)  # type: ignore[arg-type]
    assert BuildSettlement(17) not in GAME.legal_actions(s)
    assert rule_of(s, BuildSettlement(17)) == RB.BUILD_SETTLEMENT
    # knights on the neighbouring 12 and 22 (his own and a rival's) do not bar 17
    s = make(hands=hand, knights={12: (0, 1, False), 22: (1, 1, True)},  # type: ignore[arg-type]
             **BOARD)
    assert BuildSettlement(17) in GAME.legal_actions(s)
    assert GAME.apply(s, BuildSettlement(17)).node_owner[17] == 0


@pytest.mark.rules("cities_knights/trade.domestic")
def test_domestic_trade_with_commodities() -> None:
    from rules_oracle.model.catan.actions import (
        Answer,
        Counter,
        OfferCard,
        Propose,
        TradeWith,
        Withdraw,
    )

    s = make(hands={0: cards(cloth=2), 1: cards(ore=1), 2: cards(ore=2)}, **BOARD)
    assert OfferCard(True, D.CLOTH) in GAME.legal_actions(s)
    assert rule_of(s, OfferCard(False, 4)) == RB.TRADE_DOMESTIC
    s = GAME.apply(s, OfferCard(True, D.CLOTH))
    assert s.stage is Stage.TRADE and s.offer is not None and len(s.offer.give) == D.N_CARDS
    assert rule_of(s, OfferCard(False, D.CLOTH)) == RB.TRADE_DOMESTIC  # both sides
    assert rule_of(s, Improve(D.TRADE)) == RB.TURN_ACTOR
    s = GAME.apply(GAME.apply(s, OfferCard(False, 4)), Propose())
    assert GAME.actor(s) == 1 and GAME.observe(s, "public").offer == s.offer  # type: ignore
    s = GAME.apply(s, Answer(True))
    s = GAME.apply(s, Answer(True))
    assert GAME.legal_actions(s) == (TradeWith(1), TradeWith(2), Withdraw())
    s = GAME.apply(s, TradeWith(2))
    assert s.players[0].hand == cards(cloth=1, ore=1) and s.players[2].hand == cards(
        ore=1, cloth=1) and s.stage is Stage.MAIN and s.trades == 1 and s.offers == 1
    s = GAME.apply(GAME.apply(s, OfferCard(True, D.CLOTH)), OfferCard(False, 4))
    s = GAME.apply(GAME.apply(s, Propose()), Counter())
    assert GAME.actor(s) == 1
    s = GAME.apply(s, Withdraw())
    assert GAME.actor(s) == 2


@pytest.mark.rules("cities_knights/knight-blocks-road", "cities_knights/knight.break-road",
                   "cities_knights/build.road")
def test_a_rival_knight_closes_the_end_of_ones_road() -> None:
    onward = BuildRoad(B.path_between(7, 12))
    roads = {**dict.fromkeys(chain(0, 3, 7), 0), B.path_between(11, 7): 1}
    s = make(cities={0: 0, 40: 1}, roads=roads, hands={0: cards(lumber=1, brick=1)})
    assert onward in GAME.legal_actions(s)  # no knight: the road goes on from 7
    blocked = make(cities={0: 0, 40: 1}, roads=roads, hands={0: cards(lumber=1, brick=1)},
                   knights={7: (1, 1, False)})
    assert onward not in GAME.legal_actions(blocked)
    assert rule_of(blocked, onward) == RB.BUILD_ROAD
