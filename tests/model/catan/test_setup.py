"""Set-up: the variable board's chance steps, snake order, the second settlement's cards."""

from fractions import Fraction

import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    BuildRoad,
    BuildSettlement,
    Dice,
    LayHarbour,
    LayTerrain,
    LayToken,
    RollDice,
    SpiralCorner,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from rules_oracle.model.core import CHANCE
from tests.model.catan.helpers import rule_of


@pytest.mark.rules("catan/board.beginner", "catan/board.robber-start", "catan/setup.first-player")
def test_default_set_up_is_the_beginner_board() -> None:
    s = GAME.setup(GAME.config(3))
    assert s.stage is Stage.SETUP and s.turn == 0 and GAME.actor(s) == 0
    assert s.terrain == D.BEGINNER_TERRAIN and s.tokens == D.BEGINNER_TOKENS
    assert s.harbours == D.BEGINNER_HARBOURS and s.robber == 9
    assert s.bank == (19,) * 5 and s.deck == (14, 5, 2, 2, 2)
    assert len(GAME.legal_actions(s)) == 54


@pytest.mark.rules("catan/board.variable-terrain", "catan/board.spiral", "catan/board.robber-start")
def test_variable_board_terrain_then_spiral_corner() -> None:
    s = GAME.setup(GAME.config(3, {"board": "variable"}))
    assert s.stage is Stage.TERRAIN and GAME.actor(s) == CHANCE
    first = dict(GAME.chance_outcomes(s))
    assert first[LayTerrain(D.FOREST)] == Fraction(4, 19)
    assert first[LayTerrain(D.DESERT)] == Fraction(1, 19)
    # lay the beginner terrain in hex order
    for t in D.BEGINNER_TERRAIN:
        s = GAME.apply(s, LayTerrain(t))
    assert s.stage is Stage.TOKENS and s.robber == 9
    assert dict(GAME.chance_outcomes(s)) == {SpiralCorner(h): Fraction(1, 6) for h in B.CORNERS}
    s = GAME.apply(s, SpiralCorner(0))
    # A=5 on hex 0, B=2 on hex 3, C=6 on hex 7, ..., the centre is the desert: skipped
    assert (s.tokens[0], s.tokens[3], s.tokens[7], s.tokens[9]) == (5, 2, 6, 0)
    assert s.tokens[5] == 11  # the 18th token goes to the last inner hex
    assert s.stage is Stage.SETUP
    assert (
        rule_of(GAME.setup(GAME.config(3, {"board": "variable"})), LayTerrain(9))
        == RB.BOARD_VARIABLE_TERRAIN
    )


@pytest.mark.rules("catan/board.variable-terrain", "catan/components.tokens",
                   "catan/components.harbours", "catan/token-placement", "catan/harbour-placement")
def test_random_tokens_and_shuffled_harbours_are_draws() -> None:
    s = GAME.setup(GAME.config(4, {"board": "variable", "tokens": "random",
                                   "harbours": "shuffled"}))
    for t in D.BEGINNER_TERRAIN:
        s = GAME.apply(s, LayTerrain(t))
    assert dict(GAME.chance_outcomes(s))[LayToken(2)] == Fraction(1, 18)
    assert rule_of(s, LayToken(7)) == RB.COMPONENTS_TOKENS
    assert rule_of(s, SpiralCorner(0)) == RB.TURN_ACTOR
    for v in D.BEGINNER_TOKENS:
        if v:
            s = GAME.apply(s, LayToken(v))
    assert s.tokens == D.BEGINNER_TOKENS and s.stage is Stage.HARBOURS
    assert dict(GAME.chance_outcomes(s))[LayHarbour(D.GENERIC)] == Fraction(4, 9)
    for k in (D.ORE, D.GENERIC, D.GENERIC, D.GENERIC, D.GENERIC, D.LUMBER, D.BRICK, D.WOOL):
        s = GAME.apply(s, LayHarbour(k))
    assert rule_of(s, LayHarbour(D.ORE)) == RB.COMPONENTS_HARBOURS
    s = GAME.apply(s, LayHarbour(D.GRAIN))
    assert s.harbours[0] == D.ORE and s.stage is Stage.SETUP


@pytest.mark.rules("catan/setup.snake", "catan/setup.first-player",
                   "catan/setup.road-at-settlement", "catan/setup.second-resources",
                   "catan/setup.second-placement", "catan/build.distance")
def test_snake_order_and_second_settlement_cards() -> None:
    s = GAME.setup(GAME.config(3))
    seats = []
    # seat order 0, 1, 2, then 2, 1, 0; settlements on far-apart intersections
    spots = [(20, 20, 26), (34, 34, 28), (0, 0, 3), (13, 13, 9), (41, 41, 36), (51, 51, 48)]
    for node, a, b in spots:
        seats.append(GAME.actor(s))
        assert rule_of(s, BuildRoad(B.path_between(a, b))) == RB.SETUP_SNAKE
        s = GAME.apply(s, BuildSettlement(node))
        assert rule_of(s, BuildSettlement(7)) == RB.SETUP_SNAKE
        assert rule_of(s, BuildRoad(B.path_between(4, 8))) == RB.SETUP_ROAD_AT_SETTLEMENT
        s = GAME.apply(s, BuildRoad(B.path_between(a, b)))
    assert seats == [0, 1, 2, 2, 1, 0]
    # only the second settlements yield: 13 touches hexes 1 (pasture), 4 (hills), 5 (pasture)
    assert s.players[2].hand == (0, 1, 2, 0, 0)
    # 41 touches fields 14, pasture 15, pasture 18; 51 touches hills 16 only
    assert s.players[1].hand == (0, 0, 2, 1, 0)
    assert s.players[0].hand == (0, 1, 0, 0, 0)
    assert s.stage is Stage.PRE_ROLL and s.turn == 0 and s.turns == 1
    assert GAME.legal_actions(s) == (RollDice(),)
    s = GAME.apply(GAME.apply(s, RollDice()), Dice(1, 1))
    assert s.dice == (1, 1)


@pytest.mark.rules("catan/build.distance", "catan/build.road-free-path")
def test_set_up_distance_rule_and_free_paths() -> None:
    s = GAME.setup(GAME.config(3))
    s = GAME.apply(s, BuildSettlement(20))
    s = GAME.apply(s, BuildRoad(B.path_between(20, 26)))
    assert rule_of(s, BuildSettlement(26)) == RB.BUILD_DISTANCE  # next to 20
    assert rule_of(s, BuildSettlement(20)) == RB.BUILD_DISTANCE  # taken
    assert rule_of(s, BuildSettlement(99)) == RB.BUILD_DISTANCE
    assert BuildSettlement(26) not in GAME.legal_actions(s)
    s = GAME.apply(s, BuildSettlement(32))
    assert rule_of(s, BuildRoad(B.path_between(20, 26))) == RB.BUILD_ROAD_FREE_PATH
    assert rule_of(s, BuildRoad(-1)) == RB.BUILD_ROAD_FREE_PATH


@pytest.mark.rules("catan/board.spiral", "catan/turn.actor")
def test_wrong_board_and_set_up_steps_are_rejected() -> None:
    s = GAME.setup(GAME.config(3, {"board": "variable"}))
    for t in D.BEGINNER_TERRAIN:
        s = GAME.apply(s, LayTerrain(t))
    assert rule_of(s, SpiralCorner(9)) == "catan/board.spiral"
    assert rule_of(s, LayToken(5)) == "catan/turn.actor"
    placing = GAME.setup(GAME.config(3))
    assert rule_of(placing, RollDice()) == "catan/turn.actor"
    assert rule_of(placing, Dice(1, 1)) == "catan/turn.actor"


@pytest.mark.rules("catan/beginner-set-up", "catan/setup.snake", "catan/build.distance")
def test_the_beginner_board_is_settled_in_snake_order() -> None:
    # the registered reading: no printed starting position, every seat places where the
    # distance rule allows, on the beginner board as on any
    amb = RB.RULES.get_ambiguity("catan/beginner-set-up")
    assert amb.default == "snake" and amb.kind == "unselectable"
    s = GAME.setup(GAME.config(4))
    assert s.terrain == D.BEGINNER_TERRAIN
    assert GAME.legal_actions(s) == tuple(BuildSettlement(n) for n in range(B.N_NODES))
    s = GAME.apply(s, BuildSettlement(0))
    s = GAME.apply(s, BuildRoad(B.path_between(0, 3)))
    free = {n for n in range(B.N_NODES) if n != 0 and n not in B.NODE_NODES[0]}
    assert GAME.actor(s) == 1
    assert {a.node for a in GAME.legal_actions(s) if isinstance(a, BuildSettlement)} == free
