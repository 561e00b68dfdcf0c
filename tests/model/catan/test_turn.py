"""Ending the turn, the win on one's own turn, the turn limit, eager weights."""

import attrs
import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    BuildCity,
    Dice,
    EndTurn,
    RollDice,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from rules_oracle.model.core import TERMINAL
from tests.model.catan.helpers import cards, make, road, rule_of


@pytest.mark.rules("catan/turn.end", "catan/turn.roll", "catan/turn.actor")
def test_end_turn_passes_to_the_next_seat() -> None:
    s = make(settlements={20: 0}, roads={road(20, 25): 0}, stage=Stage.PRE_ROLL, turns=4)
    assert GAME.legal_actions(s) == (RollDice(),)
    assert rule_of(s, EndTurn()) == RB.TURN_ROLL
    assert rule_of(s, Dice(1, 1)) == RB.TURN_ACTOR
    s = GAME.apply(GAME.apply(s, RollDice()), Dice(2, 2))
    assert rule_of(s, RollDice()) == RB.TURN_ACTOR
    s = GAME.apply(s, EndTurn())
    assert (s.turn, s.turns, s.dice, s.stage) == (1, 5, (0, 0), Stage.PRE_ROLL)
    s = attrs.evolve(s, turn=2)
    assert GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(2, 2)), EndTurn()).turn == 0


@pytest.mark.rules("catan/victory.ten", "catan/victory.own-turn")
def test_ten_points_on_ones_own_turn() -> None:
    roads = {road(20, 25): 0, road(31, 36): 0, road(0, 4): 0, road(41, 46): 0, road(12, 17): 0,
             road(38, 43): 0}
    s = make(cities={20: 0, 31: 0, 41: 0}, settlements={0: 0, 12: 0, 38: 0}, roads=roads,
             hands={0: cards(grain=2, ore=3)})
    assert GAME.scores(s) == (9, 0, 0)
    s = GAME.apply(s, BuildCity(0))
    assert s.stage is Stage.OVER and GAME.actor(s) == TERMINAL and GAME.winners(s) == (0,)
    assert GAME.scores(s) == (10, 0, 0)


@pytest.mark.rules("catan/victory.own-turn", "catan/longest-road.break")
def test_points_gained_on_another_turn_win_when_ones_turn_begins() -> None:
    # player 1 holds 10 points during player 0's turn; the game goes on until player 1's
    # turn begins
    roads = {road(20, 25): 1, road(31, 36): 1, road(0, 4): 1, road(41, 46): 1,
             road(12, 17): 1, road(7, 3): 0}
    s = make(cities={20: 1, 31: 1, 41: 1, 0: 1}, settlements={12: 1, 7: 0}, roads=roads)
    assert GAME.scores(s)[1] == 9
    s = attrs.evolve(s, players=(s.players[0], attrs.evolve(
        s.players[1], developments=(0, 1, 0, 0, 0)), s.players[2]), deck=(14, 4, 2, 2, 2))
    assert GAME.scores(s)[1] == 10 and s.stage is Stage.MAIN
    s = GAME.apply(s, EndTurn())
    assert s.stage is Stage.OVER and GAME.winners(s) == (1,)


@pytest.mark.rules("catan/turn.limit", "catan/game.over")
def test_the_turn_limit_ends_the_game_without_a_winner() -> None:
    s = make(settlements={20: 0}, roads={road(20, 25): 0}, turns=D.TURN_LIMIT)
    s = GAME.apply(s, EndTurn())
    assert s.stage is Stage.OVER and GAME.winners(s) == () and GAME.actor(s) == TERMINAL
    assert rule_of(s, RollDice()) == RB.GAME_OVER


def test_max_steps_is_stated_and_grows_with_players() -> None:
    three, four = GAME.max_steps(GAME.config(3)), GAME.max_steps(GAME.config(4))
    assert 0 < three < four
    assert three >= D.TURN_LIMIT * 3
    # the figures docs/games/catan.md derives
    assert (three, four) == (161_192, 194_224)


def test_eager_weights_favour_building() -> None:
    s = make(settlements={20: 0}, roads={e: 0 for e in (road(20, 25), road(25, 19))},
             hands={0: cards(2, 2, 1, 3, 3)})
    acts = GAME.legal_actions(s)
    weights = GAME.policy_weights(s, acts)
    assert weights is not None and len(weights) == len(acts) and min(weights) > 0
    by = dict(zip(acts, weights, strict=True))
    assert by[BuildCity(20)] > by[EndTurn()] > by[acts[-2]]
    assert GAME.policy_weights(GAME.setup(GAME.config(3)), ()) is None
