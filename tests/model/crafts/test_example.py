"""The rulebook's worked example of a round, step by step."""

import pytest

from rules_oracle.model.crafts.actions import Apply, Knight
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import cards, commit, make, res


@pytest.mark.rules("crafts/card.lumber-mill", "crafts/card.mill-bakery", "crafts/card.kvass-yard",
                   "crafts/card.armory", "crafts/card.castle", "crafts/card.castle-setback",
                   "crafts/play.vp", "crafts/play.track-resource", "crafts/castle-target")
def test_worked_example_lumber_bakery_kvass_armory_castle() -> None:
    hand = cards(lumber_mill=1, mill_bakery=1, kvass_yard=1, armory=1, castle=1)
    # "до начала этого раунда у игрока уже были некоторые ресурсы": 2 wheat, 1 coal, 1 metal
    s = make(2, hands={0: hand, 1: cards(farm=5)},
             boards={0: res(wheat=2, coal=1, metal=1)}, scores={1: 10})
    s = commit(s, {0: "lumber_mill", 1: None})  # the rival stops at once
    s = GAME.apply(s, Apply())
    assert s.boards[0] == res(wood=2, wheat=2, coal=1, metal=1) and s.scores[0] == 1
    s = commit(s, {0: "mill_bakery"})
    s = GAME.apply(s, Apply())
    assert s.boards[0] == res(wood=2, wheat=1, food=1, coal=1, metal=1) and s.scores[0] == 3
    s = commit(s, {0: "kvass_yard"})
    s = GAME.apply(s, Apply())
    # 3 -> 5: the marker stops on track space 5 (wood, crafts/track-spaces)
    assert s.scores[0] == 5
    assert s.boards[0] == res(wood=2 + 1, food=1, kvass=1, coal=1, metal=1)
    s = commit(s, {0: "armory"})
    s = GAME.apply(s, Apply())
    assert s.scores[0] == 1 + 2 + 2 + 5
    # 2 wood, 1 food, 1 kvass, 1 sword from the cards (+ wood and wheat from spaces 5 and 10)
    assert s.boards[0] == res(wood=2 + 1, wheat=1, food=1, kvass=1, sword=1)
    s = commit(s, {0: "castle"})
    assert s.phase == Stage.RESOLVE
    assert Knight(0) not in GAME.legal_actions(s)  # a rival's marker
    s = GAME.apply(s, Knight(1))
    assert s.scores == (18, 6)
    assert s.coins[0] == 4
    # kvass, sword and a coin go back to the bank; space 15 gives coal
    assert s.boards[0] == res(wood=3, wheat=1, food=1, coal=1)
    # no card left: the play phase is over and the played cards went to the discard
    assert s.phase == Stage.END and s.discard == hand
