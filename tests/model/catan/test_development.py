"""Development cards: when they can be played, and what each kind does."""

import attrs
import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    BuildRoad,
    BuyDevelopment,
    Draw,
    EndTurn,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    StopRoadBuilding,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from tests.model.catan.helpers import cards, hand, make, road, rule_of


def devs(knight: int = 0, vp: int = 0, roads: int = 0, plenty: int = 0,
         monopoly: int = 0) -> tuple[int, ...]:
    return (knight, vp, roads, plenty, monopoly)


def base(stage: Stage = Stage.MAIN, **kw: object) -> object:
    return make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
                developments={0: devs(1, 0, 1, 1, 1)}, stage=stage,
                hands={0: cards(wool=1, grain=1, ore=1), 1: cards(ore=3, grain=1),
                       2: cards(ore=2)}, **kw)  # type: ignore[arg-type]


@pytest.mark.rules("catan/development.not-new", "catan/development.one-per-turn",
                   "catan/development.victory-point")
def test_not_in_the_turn_bought_and_one_a_turn() -> None:
    s = make(settlements={20: 0}, roads={road(20, 25): 0}, hands={0: cards(wool=1, grain=1,
                                                                           ore=1)})
    s = GAME.apply(GAME.apply(s, BuyDevelopment()), Draw(D.KNIGHT))
    assert PlayKnight() not in GAME.legal_actions(s)
    assert rule_of(s, PlayKnight()) == RB.DEVELOPMENT_NOT_NEW
    s = GAME.apply(s, EndTurn())
    assert s.players[0].bought == devs()
    s = attrs.evolve(s, turn=0, stage=Stage.PRE_ROLL)
    assert PlayKnight() in GAME.legal_actions(s)
    s = GAME.apply(base(), PlayMonopoly(4))
    assert s.dev_played and rule_of(s, PlayKnight()) == RB.DEVELOPMENT_ONE_PER_TURN
    assert not any(isinstance(a, PlayYearOfPlenty) for a in GAME.legal_actions(s))
    # victory point cards are never played: there is no action for them
    vp = make(developments={0: devs(vp=1)}, settlements={20: 0}, roads={road(20, 25): 0})
    assert GAME.legal_actions(vp)[-1] == EndTurn() and len(GAME.legal_actions(vp)) <= 12
    assert rule_of(vp, PlayRoadBuilding()) == RB.DEVELOPMENT_ROAD_BUILDING
    assert rule_of(vp, PlayMonopoly(0)) == RB.DEVELOPMENT_MONOPOLY
    assert rule_of(vp, PlayYearOfPlenty(0, 0)) == RB.DEVELOPMENT_YEAR_OF_PLENTY
    assert rule_of(vp, PlayKnight()) == RB.DEVELOPMENT_KNIGHT


@pytest.mark.rules("catan/development.knight", "catan/development.before-roll",
                   "catan/development-before-roll")
def test_a_knight_before_the_roll() -> None:
    s = base(stage=Stage.PRE_ROLL)
    acts = GAME.legal_actions(s)
    assert acts[0] == RollDice() and PlayKnight() in acts and PlayMonopoly(0) in acts
    s = GAME.apply(s, PlayKnight())
    assert s.stage is Stage.ROBBER and s.players[0].knights == 1 and s.played[0] == 1
    s = GAME.apply(s, MoveRobber(11, 1))
    s = GAME.apply(s, GAME.chance_outcomes(s)[0][0])
    assert s.stage is Stage.PRE_ROLL and GAME.legal_actions(s) == (RollDice(),)
    knight_only = base(stage=Stage.PRE_ROLL, variant={"before-roll": "knight"})
    acts = GAME.legal_actions(knight_only)
    assert PlayKnight() in acts and PlayMonopoly(0) not in acts
    assert rule_of(knight_only, PlayMonopoly(0)) == RB.DEVELOPMENT_BEFORE_ROLL
    assert rule_of(knight_only, BuildRoad(road(20, 26))) == RB.TURN_ROLL


@pytest.mark.rules("catan/development.road-building", "catan/road-building-stuck")
def test_road_building_places_two_free_roads() -> None:
    s = GAME.apply(base(), PlayRoadBuilding())
    assert s.stage is Stage.ROAD_BUILDING and s.free_roads == 2
    assert BuildRoad(road(20, 26)) in GAME.legal_actions(s)
    assert rule_of(s, BuildRoad(road(0, 3))) == RB.BUILD_ROAD_CONNECTED
    assert rule_of(s, EndTurn()) == RB.DEVELOPMENT_ROAD_BUILDING
    s = GAME.apply(s, BuildRoad(road(20, 26)))
    s = GAME.apply(s, BuildRoad(road(26, 32)))
    assert s.stage is Stage.MAIN and s.players[0].roads == 3
    assert hand(s, 0) == cards(wool=1, grain=1, ore=1)
    # with one road left in stock only one is placed
    last = base()
    last = attrs.evolve(last, players=(attrs.evolve(last.players[0], roads=D.ROADS - 1),
                                       *last.players[1:]))
    last = GAME.apply(last, PlayRoadBuilding())
    assert last.free_roads == 1
    last = GAME.apply(last, BuildRoad(road(20, 26)))
    assert last.stage is Stage.MAIN and last.free_roads == 0
    # no road in stock: the card is played and gives nothing
    none = base()
    none = attrs.evolve(none, players=(attrs.evolve(none.players[0], roads=D.ROADS),
                                       *none.players[1:]))
    none = GAME.apply(none, PlayRoadBuilding())
    assert none.stage is Stage.MAIN and none.free_roads == 0 and none.dev_played


@pytest.mark.rules("catan/development.year-of-plenty")
def test_year_of_plenty() -> None:
    s = base()
    plenty = [a for a in GAME.legal_actions(s) if isinstance(a, PlayYearOfPlenty)]
    assert len(plenty) == 15 and PlayYearOfPlenty(2, 2) in plenty
    s2 = GAME.apply(s, PlayYearOfPlenty(1, 3))
    assert hand(s2, 0) == cards(brick=1, wool=1, grain=2, ore=1)
    assert rule_of(s, PlayYearOfPlenty(3, 1)) == RB.DEVELOPMENT_YEAR_OF_PLENTY
    short = attrs.evolve(s, bank=(19, 19, 18, 1, 13), players=(
        s.players[0], s.players[1], attrs.evolve(s.players[2], hand=cards(grain=16, ore=2))))
    assert PlayYearOfPlenty(3, 3) not in GAME.legal_actions(short)
    assert rule_of(short, PlayYearOfPlenty(3, 3)) == RB.DEVELOPMENT_YEAR_OF_PLENTY


@pytest.mark.rules("catan/development.monopoly")
def test_monopoly_takes_every_card_of_a_kind() -> None:
    s = GAME.apply(base(), PlayMonopoly(4))
    assert hand(s, 0) == cards(wool=1, grain=1, ore=6)
    assert hand(s, 1) == cards(grain=1) and hand(s, 2) == cards()
    assert s.played == (0, 0, 0, 0, 1)
    assert rule_of(base(), PlayMonopoly(5)) == RB.DEVELOPMENT_MONOPOLY


@pytest.mark.rules("catan/largest-army.minimum", "catan/largest-army.exceed")
def test_largest_army() -> None:
    s = make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
             knights={0: 2, 1: 3}, army=1, developments={0: devs(2)})
    assert s.players[1].vp == 3
    s = GAME.apply(s, PlayKnight())
    # 3 knights equal the holder's 3: the card stays
    assert s.army == 1 and s.players[0].knights == 3
    s = GAME.apply(s, MoveRobber(0, -1))
    s = attrs.evolve(s, dev_played=False)
    s = GAME.apply(s, PlayKnight())
    assert s.army == 0 and s.players[0].vp == 3 and s.players[1].vp == 1
    first = make(settlements={20: 0}, roads={road(20, 25): 0}, knights={0: 2},
                 developments={0: devs(1)})
    assert GAME.apply(first, PlayKnight()).army == 0


@pytest.mark.rules("catan/development.victory-point", "catan/victory.ten", "catan/hidden-points")
def test_a_bought_victory_point_wins_at_once() -> None:
    roads = {road(20, 25): 0, road(31, 36): 0, road(0, 4): 0, road(41, 46): 0, road(12, 17): 0}
    s = make(cities={20: 0, 31: 0, 41: 0}, settlements={0: 0, 12: 0}, roads=roads,
             developments={0: devs(vp=1)}, hands={0: cards(wool=1, grain=1, ore=1)})
    # public: 3 cities and 2 settlements = 8; the hidden card makes 9
    assert s.players[0].vp == 8 and GAME.scores(s)[0] == 9
    s = GAME.apply(GAME.apply(s, BuyDevelopment()), Draw(D.VICTORY_POINT))
    assert s.stage is Stage.OVER and GAME.winners(s) == (0,) and GAME.scores(s)[0] == 10
    assert rule_of(s, EndTurn()) == RB.GAME_OVER
    assert GAME.legal_actions(s) == () and GAME.chance_outcomes(s) == ()


@pytest.mark.rules("catan/knight-victory-order", "catan/victory.ten", "catan/largest-army.minimum")
def test_a_winning_knight_ends_the_game_before_or_after_its_robber() -> None:
    # player 0 has 8 points and 2 knights played: a third knight takes the army card (10)
    def start(reading: str) -> object:
        return make(settlements={0: 0, 2: 0, 9: 0, 40: 0, 31: 1}, cities={16: 0, 24: 0},
                    roads={road(9, 14): 0, road(31, 36): 1}, knights={0: 2},
                    developments={0: devs(knight=1)}, hands={1: cards(ore=2)},
                    variant={"knight-win": reading})
    assert start("at-once").players[0].vp == 8  # type: ignore[attr-defined]
    s = GAME.apply(start("at-once"), PlayKnight())  # type: ignore[arg-type]
    assert s.army == 0 and s.stage is Stage.OVER and s.winner == 0
    s = GAME.apply(start("after-robber"), PlayKnight())  # type: ignore[arg-type]
    assert s.army == 0 and s.stage is Stage.ROBBER and s.winner == -1
    robbers = [a for a in GAME.legal_actions(s)
               if isinstance(a, MoveRobber) and a.victim == 1]
    s = GAME.apply(s, robbers[0])
    assert s.stage is Stage.STEAL and s.winner == -1
    s = GAME.apply(s, GAME.chance_outcomes(s)[0][0])
    assert s.stage is Stage.OVER and s.winner == 0 and sum(s.players[0].hand) == 1


@pytest.mark.rules("catan/year-of-plenty-bank", "catan/development.year-of-plenty")
def test_year_of_plenty_with_one_card_of_a_kind_left() -> None:
    # player 1 holds 18 ore: the bank has one ore left
    def start(reading: str) -> object:
        return make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
                    developments={0: devs(plenty=1)}, hands={1: cards(ore=18)},
                    variant={"plenty": reading})
    s = start("both")
    assert PlayYearOfPlenty(4, 4) not in GAME.legal_actions(s)  # type: ignore[arg-type]
    assert PlayYearOfPlenty(0, 4) in GAME.legal_actions(s)  # type: ignore[arg-type]
    assert rule_of(s, PlayYearOfPlenty(4, 4)) == "catan/development.year-of-plenty"
    s = start("what-remains")
    assert PlayYearOfPlenty(4, 4) in GAME.legal_actions(s)  # type: ignore[arg-type]
    after = GAME.apply(s, PlayYearOfPlenty(4, 4))  # type: ignore[arg-type]
    assert after.players[0].hand == cards(ore=1) and after.bank[4] == 0


@pytest.mark.rules("catan/road-building-stuck", "catan/development.road-building")
def test_road_building_with_no_road_to_place() -> None:
    # player 0 has no building and no road: no free road can be placed
    def start(reading: str) -> object:
        return make(settlements={31: 1}, roads={road(31, 36): 1},
                    developments={0: devs(roads=1)}, variant={"road-stuck": reading})
    s = start("lost")
    assert PlayRoadBuilding() in GAME.legal_actions(s)  # type: ignore[arg-type]
    after = GAME.apply(s, PlayRoadBuilding())  # type: ignore[arg-type]
    assert after.stage is Stage.MAIN and after.free_roads == 0 and after.played[2] == 1
    s = start("unplayable")
    assert PlayRoadBuilding() not in GAME.legal_actions(s)  # type: ignore[arg-type]
    assert rule_of(s, PlayRoadBuilding()) == "catan/development.road-building"
    # with a free path the card plays under both readings
    s = base(variant={"road-stuck": "unplayable"})
    assert PlayRoadBuilding() in GAME.legal_actions(s)  # type: ignore[arg-type]


@pytest.mark.rules("catan/road-building-second", "catan/development.road-building")
def test_the_second_free_road_is_compulsory_or_optional() -> None:
    s = GAME.apply(base(), PlayRoadBuilding())  # type: ignore[arg-type]
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    # compulsory: only roads are offered until the second is placed
    assert s.stage is Stage.ROAD_BUILDING
    assert {type(a) for a in GAME.legal_actions(s)} == {BuildRoad}
    assert rule_of(s, StopRoadBuilding()) == "catan/development.road-building"
    assert rule_of(s, EndTurn()) == "catan/development.road-building"
    # optional: the player may stop, back in the main phase with the road piece kept
    s = GAME.apply(base(variant={"road-second": "optional"}),  # type: ignore[arg-type]
                   PlayRoadBuilding())
    assert StopRoadBuilding() in GAME.legal_actions(s)
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    roads = s.players[0].roads
    assert GAME.legal_actions(s)[-1] == StopRoadBuilding()
    s = GAME.apply(s, StopRoadBuilding())
    assert s.stage is Stage.MAIN and s.free_roads == 0 and s.players[0].roads == roads
