"""Round end and final scoring."""

import pytest

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.crafts.actions import Buy, Commit, Discard, Done, Sell
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import CARD, RES, cards, make, res


@pytest.mark.rules("crafts/end.discard", "crafts/end.sell", "crafts/trade.not-after")
def test_round_end_discards_and_sales_in_order() -> None:
    s = make(2, phase=Stage.END, first=1, hands={0: cards(farm=2), 1: cards(castle=1)},
             boards={1: res(sword=1)})
    assert GAME.actor(s) == 1
    assert GAME.legal_actions(s) == (Discard(CARD["castle"]), Sell(RES["sword"]), Done())
    s = GAME.apply(s, Sell(RES["sword"]))
    assert s.coins[1] == 5 + 4 and s.boards[1] == res()
    s = GAME.apply(s, Discard(CARD["castle"]))
    assert s.hands[1] == cards() and s.discard == cards(castle=1)
    # a buy: 'После применения карт игрок уже не может продавать и покупать ресурсы', and
    # the round end gives back only 'Игроки могут продать'
    for bad, rid in ((Buy(RES["wood"]), "crafts/trade.not-after"),
                     (Sell(RES["wood"]), "crafts/end.sell"),
                     (Discard(CARD["fair"]), "crafts/end.discard"),
                     (Commit(CARD["farm"]), "crafts/end.discard")):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, bad)
        assert e.value.rule == rid
    s = GAME.apply(s, Done())
    assert GAME.actor(s) == 0 and s.phase == Stage.END


@pytest.mark.rules("crafts/final.sell", "crafts/final.convert", "crafts/final.winner",
                   "crafts/coin-rounding")
def test_final_scoring_and_shared_victory() -> None:
    s = make(3, phase=Stage.END, round=4, first=0, scores={0: 10, 1: 11, 2: 12},
             coins={0: 3, 1: 2, 2: 0}, boards={0: res(metal=3), 1: res(sword=1, wood=1)})
    s = GAME.apply(s, Done())
    s = GAME.apply(s, Done())
    s = GAME.apply(s, Done())
    assert s.phase == Stage.OVER and GAME.is_terminal(s)
    # 3 + 3*3 = 12 coins -> 3 points; 2 + 4 + 1 = 7 -> 1 point (3 lost); 0
    assert s.coins == (12, 7, 0) and s.boards == (res(), res(), res())
    assert GAME.scores(s) == (13, 12, 12)
    assert GAME.winners(s) == (0,)
    t = make(3, {"coin_rounding": "nearest"}, phase=Stage.END, round=4, first=0,
             scores={0: 10, 1: 11, 2: 12}, coins={0: 3, 1: 2, 2: 0},
             boards={0: res(metal=3), 1: res(sword=1, wood=1)})
    t = GAME.apply(GAME.apply(GAME.apply(t, Done()), Done()), Done())
    assert GAME.scores(t) == (13, 13, 12)
    assert GAME.winners(t) == (0, 1)


@pytest.mark.rules("crafts/round-end-order", "crafts/end.sell", "crafts/pebble-limit")
def test_round_end_sales_in_order_from_the_first_player() -> None:
    """The round end's sales have no order in the text; with a short bank the first player
    clockwise sells first and is paid in full, the next gets what is left."""
    amb = GAME.rules.get_ambiguity("crafts/round-end-order")
    assert amb.kind == "unselectable" and amb.default == "player"
    s = make(2, phase=Stage.END, first=1, coins={0: 45, 1: 45},
             boards={0: res(sword=2), 1: res(sword=2)})
    assert s.bank == 6 and GAME.actor(s) == 1  # the first player, not seat 0
    s = GAME.apply(GAME.apply(s, Sell(RES["sword"])), Sell(RES["sword"]))
    assert s.coins[1] == 45 + 4 + 4 and s.bank == 0  # 6 + 1 - 4 + 1 - 4
    s = GAME.apply(s, Done())
    assert GAME.actor(s) == 0
    s = GAME.apply(GAME.apply(s, Sell(RES["sword"])), Sell(RES["sword"]))
    assert s.coins[0] == 45 + 1 + 1  # each sale paid only the pebble it returned
