"""The play phase: commits, reveal order, declining, trade, points and track spaces."""

import pytest

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.crafts.actions import (
    Apply,
    Buy,
    Commit,
    Decline,
    Done,
    Knight,
    Pass,
    Sell,
    Stop,
    Withdraw,
)
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import CARD, RES, cards, commit, make, res, resolving


@pytest.mark.rules("crafts/play.steps", "crafts/play.commit", "crafts/play.may-stop")
def test_commits_clockwise_from_first_and_stopping() -> None:
    s = make(3, first=1, hands={i: cards(farm=2) for i in range(3)})
    assert s.phase == Stage.COMMIT and GAME.actor(s) == 1
    assert GAME.legal_actions(s) == (Commit(CARD["farm"]), Stop())
    s = GAME.apply(s, Commit(CARD["farm"]))
    assert s.committed == (-1, CARD["farm"], -1) and s.hands[1] == cards(farm=1)
    assert GAME.actor(s) == 2
    s = GAME.apply(s, Stop())
    assert s.passed == (False, False, True) and GAME.actor(s) == 0
    s = GAME.apply(s, Commit(CARD["farm"]))
    assert s.phase == Stage.RESOLVE
    s = GAME.apply(s, Apply())  # player 1 first (clockwise from the first player)
    s = GAME.apply(s, Apply())  # then player 0
    assert s.phase == Stage.COMMIT and GAME.actor(s) == 1  # player 2 stopped for the round
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Commit(CARD["castle"]))
    assert e.value.rule == "crafts/play.commit"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Pass())
    assert e.value.rule == "crafts/play.commit"


@pytest.mark.rules("crafts/play.actions-first", "crafts/play.clockwise")
def test_actions_resolve_before_buildings_clockwise() -> None:
    s = make(3, first=1, hands={0: cards(fair=1), 1: cards(farm=1), 2: cards(fair=1)})
    s = commit(s, {0: "fair", 1: "farm", 2: "fair"})
    order = []
    while s.phase == Stage.RESOLVE:
        order.append(GAME.actor(s))
        s = GAME.apply(s, Apply())
    assert order == [2, 0, 1]


@pytest.mark.rules("crafts/play.cannot-apply", "crafts/card.charcoal-burner")
def test_card_without_inputs_cannot_be_applied() -> None:
    s = resolving(2, 0, "charcoal_burner")
    assert Apply() not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Apply())
    assert e.value.rule == "crafts/card.charcoal-burner"


@pytest.mark.rules("crafts/play.decline-discard", "crafts/play.declined-no-vp")
def test_decline_discards_and_player_goes_on() -> None:
    s = resolving(2, 0, "castle", hands={0: cards(farm=1)})
    s = GAME.apply(s, Decline())
    assert s.scores[0] == 0 and s.discard == cards(castle=1) and s.declined == (1, 0)
    assert s.phase == Stage.COMMIT and GAME.actor(s) == 0


@pytest.mark.rules("crafts/play.withdraw", "crafts/play.end", "crafts/play.declined-no-vp")
def test_withdraw_takes_back_and_stops() -> None:
    s = resolving(2, 0, "castle", hands={0: cards(farm=1)})
    s = GAME.apply(s, Withdraw())
    assert s.hands[0] == cards(farm=1, castle=1) and s.scores[0] == 0
    # both have stopped: the play phase ends
    assert s.phase == Stage.END and s.passed == (False, False)


@pytest.mark.rules("crafts/play.own-card")
def test_only_own_card_effect() -> None:
    s = resolving(2, 0, "farm")
    for bad in (Knight(1), Commit(CARD["farm"]), Done()):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, bad)
        assert e.value.rule == "crafts/play.own-card", bad


@pytest.mark.rules("crafts/play.table", "crafts/end.table-discard")
def test_applied_cards_stay_on_table_until_round_end() -> None:
    s = make(2, hands={0: cards(farm=2)}, )
    s = commit(s, {0: "farm", 1: None})
    s = GAME.apply(s, Apply())
    assert s.table[0] == cards(farm=1)
    s = commit(s, {0: "farm"})
    s = GAME.apply(s, Apply())
    assert s.phase == Stage.END and s.table == (cards(), cards())
    assert s.discard == cards(farm=2)


@pytest.mark.rules("crafts/play.vp", "crafts/play.track-resource", "crafts/card.farm")
def test_points_and_track_space() -> None:
    s = resolving(2, 0, "farm", scores={0: 4})
    s = GAME.apply(s, Apply())
    # 4 -> 5 stops on a resource space: wood; the farm gives 2 wheat
    assert s.scores[0] == 5 and s.boards[0] == res(wheat=2, wood=1)
    assert s.bank == 100 - 10 - 3


@pytest.mark.rules("crafts/trade.before-apply", "crafts/trade.prices", "crafts/trade.bank",
                   "crafts/prices")
def test_buy_and_sell_before_applying() -> None:
    s = resolving(2, 0, "charcoal_burner", boards={0: res(coal=1)})
    assert Apply() not in GAME.legal_actions(s)
    s = GAME.apply(s, Buy(RES["wood"]))
    assert s.coins[0] == 3 and s.boards[0] == res(wood=1, coal=1)
    assert s.bank == 100 - 10 - 1 + 2 - 1
    s = GAME.apply(s, Sell(RES["coal"]))
    assert s.coins[0] == 5 and s.boards[0] == res(wood=1)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Buy(RES["sword"]))  # 6 coins
    assert e.value.rule == "crafts/trade.prices"
    s = GAME.apply(s, Apply())
    assert s.boards[0] == res(coal=1) and s.scores[0] == 2


@pytest.mark.rules("crafts/trade.before-apply", "crafts/trade.own-board")
def test_no_trade_after_applying_or_without_the_resource() -> None:
    s = resolving(2, 0, "farm", hands={0: cards(farm=1)})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Sell(RES["wood"]))
    assert e.value.rule == "crafts/trade.own-board"
    s = GAME.apply(s, Apply())
    assert s.phase == Stage.COMMIT
    # the next step's commits: no card of his is revealed to trade before
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Sell(RES["wheat"]))
    assert e.value.rule == "crafts/trade.before-apply"
    with pytest.raises(IllegalAction):
        GAME.apply(s, Buy(99))


@pytest.mark.rules("crafts/track-length", "crafts/play.track-resource")
def test_scores_count_on_past_any_track_length() -> None:
    s = resolving(2, 0, "castle", boards={0: res(kvass=1, sword=1)}, scores={0: 96})
    s = GAME.apply(s, Knight(1))
    # 96 -> 104 passes space 100, the 20th resource space (kvass, the cycle's 5th)
    assert s.scores[0] == 104 and s.boards[0] == res(kvass=1)


@pytest.mark.rules("crafts/building-order", "crafts/play.clockwise", "crafts/card.castle",
                   "crafts/card.farm", "crafts/play.track-resource")
def test_buildings_resolve_clockwise_from_the_first_player() -> None:
    # player 1 (first) knocks player 0 back from 4 to 0 before player 0's farm: the farm
    # then gives 1 point and no track space (clockwise); the other order would pass 5
    s = make(2, first=1, hands={0: cards(farm=1), 1: cards(castle=1)},
             boards={1: res(kvass=1, sword=1)}, scores={0: 4})
    s = commit(s, {1: "castle", 0: "farm"})
    assert GAME.actor(s) == 1
    s = GAME.apply(s, Knight(0))
    assert s.scores == (0, 8)
    s = GAME.apply(s, Apply())
    assert s.scores == (1, 8) and s.boards[0] == res(wheat=2)


@pytest.mark.rules("crafts/card.hunters-hut", "crafts/card.ore-works", "crafts/card.crystal-mine",
                   "crafts/card.laboratory", "crafts/play.vp")
def test_converters_of_the_chains() -> None:
    for key, board, out, vp in (("hunters_hut", res(wood=1), res(food=1), 2),
                                ("ore_works", res(food=1), res(metal=1), 3),
                                ("crystal_mine", res(food=1), res(crystal=1), 3),
                                ("laboratory", res(coal=1, crystal=1), res(potion=1, wood=1), 5)):
        s = resolving(2, 0, key, boards={0: board})
        t = GAME.apply(s, Apply())  # 5 points pass track space 5 (wood)
        assert t.boards[0] == out and t.scores[0] == vp, key
        assert GAME.apply(resolving(2, 0, key), Decline()).scores[0] == 0
        with pytest.raises(IllegalAction):
            GAME.apply(resolving(2, 0, key), Apply())


@pytest.mark.rules("crafts/trade-window", "crafts/trade.before-apply")
def test_only_the_resolving_player_trades() -> None:
    """crafts/trade-window (own-resolution): while player 0's Theft resolves, player 1,
    whose building waits, cannot sell the metal the Theft may take; he trades when his own
    card resolves. Nobody trades during the commits."""
    from rules_oracle.model.core.errors import IllegalAction as Illegal
    from rules_oracle.model.crafts.rules import RULES
    from tests.model.crafts.helpers import commit as commit_all
    amb = RULES.get_ambiguity("crafts/trade-window")
    assert amb.default == "own-resolution" and amb.unselectable
    s = make(2, hands={0: cards(theft=1), 1: cards(farm=1)}, boards={1: res(metal=1)})
    assert GAME.actor(s) == 0 and not any(isinstance(a, Buy | Sell)
                                          for a in GAME.legal_actions(s))
    with pytest.raises(Illegal) as e:
        GAME.apply(s, Buy(RES["wood"]))
    assert e.value.rule == "crafts/trade.before-apply"  # nothing is applied yet
    s = commit_all(s, {0: "theft", 1: "farm"})
    assert s.phase == Stage.RESOLVE and GAME.actor(s) == 0
    # every trade offered now is player 0's: a Sell of metal is his, and he has none
    assert Sell(RES["metal"]) not in GAME.legal_actions(s)
    with pytest.raises(Illegal):
        GAME.apply(s, Sell(RES["metal"]))
    s = GAME.apply(s, next(a for a in GAME.legal_actions(s)
                           if type(a).__name__ == "Steal" and a.resource == RES["metal"]))
    assert s.boards[1][RES["metal"]] == 0 and GAME.actor(s) == 1
    assert Sell(RES["metal"]) not in GAME.legal_actions(s)


@pytest.mark.rules("crafts/commit-stop", "crafts/play.may-stop", "crafts/play.withdraw")
def test_stopping_without_a_card_only_under_the_default_reading() -> None:
    """commit_stop=stop (default) offers Stop at the commit; under withdraw a player holding
    cards lays one and stops only by taking his revealed card back."""
    hands = {0: cards(farm=2), 1: cards(farm=2)}
    s = make(2, hands=hands)
    assert Stop() in GAME.legal_actions(s)
    w = make(2, {"commit_stop": "withdraw"}, hands=hands)
    assert GAME.legal_actions(w) == (Commit(CARD["farm"]),)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(w, Stop())
    assert e.value.rule == "crafts/play.may-stop"
    w = GAME.apply(GAME.apply(w, Commit(CARD["farm"])), Commit(CARD["farm"]))
    assert w.phase == Stage.RESOLVE and GAME.actor(w) == 0
    w = GAME.apply(w, Withdraw())
    assert w.passed[0] and w.hands[0] == cards(farm=2)  # the card back, out of the round


@pytest.mark.rules("crafts/trade.before-apply", "crafts/trade.not-after",
                   "crafts/market.no-sale", "crafts/card.mage-discard")
def test_a_trade_out_of_the_window_names_the_rule_it_breaks() -> None:
    """A sale in the market breaks the market's 'когда продавать ресурсы уже нельзя', a buy
    there or during the round's first commits (nothing applied yet) trade.before-apply, a
    trade during the Mage's discards (the Mage tower applied) trade.not-after."""
    from rules_oracle.model.crafts.actions import MageDiscard

    def refused(state: object, action: object) -> str:
        with pytest.raises(IllegalAction) as e:
            GAME.apply(state, action)  # type: ignore[arg-type]
        return e.value.rule

    m = make(2, phase=Stage.MARKET, hands={0: cards(farm=5), 1: cards(farm=5)},
             boards={0: res(wood=2)}, market=cards(castle=6))
    assert m.phase == Stage.MARKET and GAME.actor(m) == 0
    assert refused(m, Sell(RES["wood"])) == "crafts/market.no-sale"
    assert refused(m, Buy(RES["wood"])) == "crafts/trade.before-apply"
    c = make(2, hands={0: cards(farm=5), 1: cards(farm=5)}, boards={0: res(wood=2)})
    assert c.phase == Stage.COMMIT and not any(c.table[0]) and not c.declined[0]
    assert refused(c, Sell(RES["wood"])) == "crafts/trade.before-apply"
    s = resolving(2, 0, "mage_tower", hands={0: cards(farm=2)},
                  boards={0: res(kvass=1, potion=1, wood=1)})
    s = GAME.apply(s, Apply())
    while GAME.actor(s) < 0:
        s = GAME.apply(s, GAME.chance_outcomes(s)[0][0])
    assert s.task_player == 0 and GAME.actor(s) == 0
    assert refused(s, Sell(RES["wood"])) == "crafts/trade.not-after"
    assert refused(s, Buy(RES["wood"])) == "crafts/trade.not-after"
    assert GAME.apply(s, MageDiscard(CARD["farm"])).task_count == 2
