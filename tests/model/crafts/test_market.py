"""The card market: exchanges, their cost, redraw, passing."""

import pytest

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.crafts.actions import Commit, Draw, Exchange, Pass, Redraw
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import CARD, cards, make, run

F, C, M, S = CARD["farm"], CARD["castle"], CARD["mage_tower"], CARD["scouting"]


def market(players: int = 2, **kw: object) -> object:
    kw.setdefault("hands", {i: cards(farm=5) for i in range(players)})
    return make(players, phase=Stage.MARKET, market=cards(castle=3, mage_tower=3), **kw)


@pytest.mark.rules("crafts/market.exchange", "crafts/market.free-first",
                   "crafts/market.turn-order")
def test_first_exchange_is_free_and_turns_go_round() -> None:
    s = market(3, first=1)
    assert GAME.actor(s) == 1
    assert Exchange(F, C) in GAME.legal_actions(s)
    s = GAME.apply(s, Exchange(F, C))
    assert s.hands[1] == cards(farm=4, castle=1) and s.coins[1] == 5
    assert s.market == cards(castle=2, mage_tower=3, farm=1)
    assert GAME.actor(s) == 2
    s = run(s, Pass(), Pass())
    assert GAME.actor(s) == 1  # a second round of exchanges


@pytest.mark.rules("crafts/market.rounds", "crafts/market-order", "crafts/market.turn-order",
                   "crafts/market.redraw")
def test_turns_go_clockwise_round_after_round_until_all_pass() -> None:
    """4 players, player 2 first: the turns go 2, 3, 0, 1 and round again (clockwise,
    crafts/market-order); an exchange or a redraw hands the turn on, a passed player is
    skipped, and the market lasts until every player has passed."""
    s = market(4, first=2, coins={2: 5})
    seen = []
    for a in (Exchange(F, C), Redraw(), Pass(), Exchange(F, M)):
        seen.append(GAME.actor(s))
        s = GAME.apply(s, a)
        while GAME.actor(s) == CHANCE:  # the redraw's 5 cards
            s = GAME.apply(s, GAME.chance_outcomes(s)[0][0])
    assert seen == [2, 3, 0, 1]
    assert GAME.actor(s) == 2  # a second round; player 0 passed and is skipped after 1
    s = run(s, Pass(), Pass())
    assert s.phase == Stage.MARKET and GAME.actor(s) == 1
    s = GAME.apply(s, Pass())
    assert s.phase == Stage.COMMIT


@pytest.mark.rules("crafts/market.extra-cost")
def test_further_exchanges_cost_two_coins() -> None:
    s = market(2, coins={0: 3})
    s = run(s, Exchange(F, C), Pass())
    s = GAME.apply(s, Exchange(F, M))
    assert s.coins[0] == 1 and s.bank == 100 - 1 - 5
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Exchange(F, M))
    assert e.value.rule == "crafts/market.extra-cost"
    assert GAME.legal_actions(s) == (Pass(),)


@pytest.mark.rules("crafts/market.pass", "crafts/market.to-discard")
def test_passing_is_final_and_market_goes_to_discard() -> None:
    s = market(2)
    s = GAME.apply(s, Pass())
    assert GAME.actor(s) == 1
    s = GAME.apply(s, Exchange(F, C))
    assert GAME.actor(s) == 1  # player 0 passed and takes no further part
    s = GAME.apply(s, Pass())
    assert s.phase == Stage.COMMIT and sum(s.market) == 0
    assert s.discard == cards(castle=2, mage_tower=3, farm=1)


@pytest.mark.rules("crafts/market.redraw", "crafts/market.redraw-after")
def test_redraw_instead_of_first_free_exchange() -> None:
    s = market(2)
    assert Redraw() in GAME.legal_actions(s)
    s = GAME.apply(s, Redraw())
    assert s.hands[0] == cards() and s.discard == cards(farm=5) and s.owed == (5, 0)
    assert GAME.actor(s) == CHANCE
    for _ in range(5):
        s = GAME.apply(s, Draw(S))
    assert s.hands[0] == cards(scouting=5)
    s = GAME.apply(s, Pass())
    s = GAME.apply(s, Exchange(S, C))
    assert s.coins[0] == 3  # after a redraw every exchange costs 2


@pytest.mark.rules("crafts/market.redraw-once")
def test_redraw_not_after_exchange_or_twice() -> None:
    s = market(2)
    s = run(s, Exchange(F, C), Pass())
    assert Redraw() not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Redraw())
    assert e.value.rule == "crafts/market.redraw-once"


@pytest.mark.rules("crafts/market.exchange")
def test_illegal_market_actions() -> None:
    s = market(2)
    for bad in (Exchange(C, M), Exchange(F, F), Exchange(-1, C), Exchange(F, 99), Commit(F)):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, bad)
        assert e.value.rule == "crafts/market.exchange", bad


@pytest.mark.rules("crafts/redraw-hand", "crafts/market.redraw")
def test_redraw_hand_size_variant() -> None:
    big = {0: cards(farm=7), 1: cards(farm=1)}
    s = market(2, hands=big)
    assert Redraw() in GAME.legal_actions(s)
    s = GAME.apply(s, Redraw())
    assert s.discard == cards(farm=7) and s.owed == (5, 0)
    s = market(2, hands=big, variant={"redraw_hand": "exactly-five"})
    assert Redraw() not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Redraw())
    assert e.value.rule == "crafts/market.redraw"
    assert s.phase == Stage.MARKET
    # 'all': any hand that holds a card; an empty one has nothing to discard
    s = market(2, hands={0: cards(), 1: cards(farm=1)})
    assert GAME.legal_actions(s) == (Pass(),)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Redraw())
    assert e.value.rule == "crafts/market.redraw"


@pytest.mark.rules("crafts/market-same-kind", "crafts/market.exchange",
                   "crafts/market.redraw-after")
def test_an_exchange_for_a_card_of_the_same_kind_is_an_exchange() -> None:
    """A farm for a farm changes no count, yet it is the player's free exchange: his redraw
    right ends and his next exchange costs 2 coins (crafts/market-same-kind)."""
    s = make(2, phase=Stage.MARKET, market=cards(farm=2, castle=1),
             hands={i: cards(farm=5) for i in range(2)})
    assert Exchange(F, F) in GAME.legal_actions(s)
    s = GAME.apply(s, Exchange(F, F))
    assert s.hands[0] == cards(farm=5) and s.market == cards(farm=2, castle=1)
    assert s.coins[0] == 5 and s.exchanges[0] == 1
    s = GAME.apply(s, Pass())
    assert Redraw() not in GAME.legal_actions(s)
    s = GAME.apply(s, Exchange(F, C))
    assert s.coins[0] == 3
