"""Maritime trade at 4:1, 3:1 and 2:1; domestic trade in atomic steps."""

import attrs
import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Answer,
    BuildRoad,
    Counter,
    EndTurn,
    MaritimeTrade,
    MaritimeTradeAt,
    OfferCard,
    Propose,
    TradeWith,
    Withdraw,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from rules_oracle.model.catan.trade import rates
from tests.model.catan.helpers import cards, hand, make, road, rule_of


@pytest.mark.rules("catan/trade.maritime", "catan/trade.different-resources",
                   "catan/trade.has-cards")
def test_four_to_one_with_the_bank() -> None:
    s = make(settlements={20: 0}, roads={road(20, 25): 0}, hands={0: cards(lumber=4, ore=3)})
    trades = [a for a in GAME.legal_actions(s) if isinstance(a, MaritimeTrade)]
    assert trades == [MaritimeTrade(0, t) for t in (1, 2, 3, 4)]
    s2 = GAME.apply(s, MaritimeTrade(0, 3))
    assert hand(s2, 0) == cards(grain=1, ore=3) and s2.bank == (19, 19, 19, 18, 16)
    assert s2.trades == 1
    assert rule_of(s, MaritimeTrade(4, 0)) == RB.TRADE_MARITIME
    assert rule_of(s, MaritimeTrade(0, 0)) == RB.TRADE_DIFFERENT_RESOURCES
    assert rule_of(s, MaritimeTrade(0, 5)) == RB.TRADE_DIFFERENT_RESOURCES
    dry = attrs.evolve(s, bank=(15, 0, 19, 19, 16), players=(
        attrs.evolve(s.players[0], hand=cards(lumber=4, brick=19, ore=3)), *s.players[1:]))
    assert rule_of(dry, MaritimeTrade(0, 1)) == RB.TRADE_HAS_CARDS


@pytest.mark.rules("catan/trade.maritime", "catan/components.harbours",
                   "catan/board.beginner-harbours")
def test_harbour_rates() -> None:
    # intersection 0 is on the generic harbour (0, 3); 1 on the grain harbour (1, 5)
    s = make(settlements={0: 0, 5: 1}, roads={road(0, 4): 0, road(5, 9): 1},
             hands={0: cards(wool=3), 1: cards(grain=2, ore=2)})
    assert rates(s.node_owner, s.harbours, 0) == (3, 3, 3, 3, 3)
    assert rates(s.node_owner, s.harbours, 1) == (4, 4, 4, 2, 4)
    assert rates(s.node_owner, s.harbours, 2) == (4,) * 5
    s2 = GAME.apply(s, MaritimeTrade(2, 4))
    assert hand(s2, 0) == cards(ore=1)
    s1 = attrs.evolve(s, turn=1)
    assert MaritimeTrade(3, 0) in GAME.legal_actions(s1)
    assert rule_of(s1, MaritimeTrade(4, 0)) == RB.TRADE_MARITIME
    assert hand(GAME.apply(s1, MaritimeTrade(3, 1)), 1) == cards(brick=1, ore=2)


@pytest.mark.rules("catan/trade.maritime", "catan/maritime-rate")
def test_a_harbour_trades_at_its_best_rate_only() -> None:
    amb = GAME.rules.get_ambiguity("catan/maritime-rate")
    assert amb.default == "best" and amb.option == "rate"
    # seat 0 at the generic harbour of path 0 (intersections 0 and 3), 10 cards, 4 of them
    # wool: 3 wool for 1 card leaves 8 (4 discarded on a rival's 7); 4:1, which would leave
    # 7, is not offered under the model's reading
    s = make(settlements={0: 0}, roads={road(0, 3): 0},
             hands={0: cards(lumber=2, brick=2, wool=4, grain=2)})
    assert rates(s.node_owner, s.harbours, 0) == (3,) * D.N_RESOURCES
    trades = [a for a in GAME.legal_actions(s) if isinstance(a, MaritimeTrade)]
    assert trades == [MaritimeTrade(2, t) for t in (0, 1, 3, 4)]
    assert not any(isinstance(a, MaritimeTradeAt) for a in GAME.legal_actions(s))
    after = GAME.apply(s, MaritimeTrade(2, 4))
    assert hand(after, 0) == cards(lumber=2, brick=2, wool=1, grain=2, ore=1)
    assert sum(hand(after, 0)) == 8
    # a rate the player has but worse than the best is refused under the default
    assert rule_of(s, MaritimeTradeAt(2, 4, 4)) == RB.TRADE_MARITIME


#: rate=any: the worse rates too (catan/maritime-rate)
ANY = {"rate": "any"}


@pytest.mark.rules("catan/trade.maritime", "catan/maritime-rate",
                   "catan/trade.different-resources", "catan/trade.has-cards")
def test_any_rate_at_a_generic_harbour_offers_four_to_one_too() -> None:
    # the case of the ambiguity: 10 cards, 4 of them wool, at a generic harbour; 4:1 leaves
    # 7 cards, safe from a rival's 7
    s = make(settlements={0: 0}, roads={road(0, 3): 0},
             hands={0: cards(lumber=2, brick=2, wool=4, grain=2)}, variant=ANY)
    trades = [a for a in GAME.legal_actions(s) if isinstance(a, MaritimeTrade | MaritimeTradeAt)]
    assert trades == [*(MaritimeTrade(2, t) for t in (0, 1, 3, 4)),
                      *(MaritimeTradeAt(2, t, 4) for t in (0, 1, 3, 4))]
    after = GAME.apply(s, MaritimeTradeAt(2, 4, 4))
    assert hand(after, 0) == cards(lumber=2, brick=2, grain=2, ore=1)
    assert sum(hand(after, 0)) == 7 and after.bank[2] == D.CARDS_PER_RESOURCE
    assert after.trades == 1
    assert GAME.effect_rules(s, MaritimeTradeAt(2, 4, 4), after) == (RB.TRADE_MARITIME,)
    # the best rate is a MaritimeTrade; no special harbour for wool; 4 lumber not in hand
    assert rule_of(s, MaritimeTradeAt(2, 4, 3)) == RB.TRADE_MARITIME
    assert rule_of(s, MaritimeTradeAt(2, 4, 2)) == RB.TRADE_MARITIME
    assert rule_of(s, MaritimeTradeAt(2, 4, 5)) == RB.TRADE_MARITIME
    assert rule_of(s, MaritimeTradeAt(2, 4, True)) == RB.TRADE_MARITIME  # not a number
    assert rule_of(s, MaritimeTradeAt(0, 4, 4)) == RB.TRADE_MARITIME
    assert rule_of(s, MaritimeTradeAt(2, 2, 4)) == RB.TRADE_DIFFERENT_RESOURCES
    assert rule_of(s, MaritimeTradeAt(2, 7, 4)) == RB.TRADE_DIFFERENT_RESOURCES
    dry = attrs.evolve(s, bank=(*s.bank[:4], 0), players=(
        attrs.evolve(s.players[0], hand=cards(lumber=2, brick=2, wool=4, grain=2, ore=19)),
        *s.players[1:]))
    assert rule_of(dry, MaritimeTradeAt(2, 4, 4)) == RB.TRADE_HAS_CARDS
    assert MaritimeTradeAt(2, 4, 4) not in GAME.legal_actions(dry)
    limited = attrs.evolve(s, trades=D.TRADES_PER_TURN)
    assert rule_of(limited, MaritimeTradeAt(2, 4, 4)) == RB.TRADE_LIMIT
    assert not any(isinstance(a, MaritimeTradeAt) for a in GAME.legal_actions(limited))


@pytest.mark.rules("catan/trade.maritime", "catan/maritime-rate", "catan/components.harbours")
def test_any_rate_at_a_special_harbour_offers_each_rate_the_player_has() -> None:
    # seat 1 on the grain harbour (intersection 5): 2:1 and 4:1 for grain, not 3:1
    s = make(settlements={5: 1}, roads={road(5, 9): 1}, hands={1: cards(grain=4, ore=3)},
             turn=1, variant=ANY)
    trades = [a for a in GAME.legal_actions(s) if isinstance(a, MaritimeTrade | MaritimeTradeAt)]
    assert trades == [*(MaritimeTrade(3, t) for t in (0, 1, 2, 4)),
                      *(MaritimeTradeAt(3, t, 4) for t in (0, 1, 2, 4))]
    assert rule_of(s, MaritimeTradeAt(3, 0, 3)) == RB.TRADE_MARITIME
    assert rule_of(s, MaritimeTradeAt(3, 0, 2)) == RB.TRADE_MARITIME
    assert hand(GAME.apply(s, MaritimeTradeAt(3, 0, 4)), 1) == cards(lumber=1, ore=3)
    # with a generic harbour too (intersection 0): grain at 2, 3 and 4; ore at 3 only
    both = make(settlements={0: 1, 5: 1}, roads={road(0, 3): 1, road(5, 9): 1},
                hands={1: cards(grain=4, ore=3)}, turn=1, variant=ANY)
    worse = [a for a in GAME.legal_actions(both) if isinstance(a, MaritimeTradeAt)]
    assert worse == [*(MaritimeTradeAt(3, t, r) for r in (3, 4) for t in (0, 1, 2, 4))]
    assert MaritimeTrade(4, 0) in GAME.legal_actions(both)
    assert hand(GAME.apply(both, MaritimeTradeAt(3, 0, 3)), 1) == cards(lumber=1, grain=1,
                                                                        ore=3)
    # without a harbour 4:1 is the best rate: the readings offer the same trades
    bare = make(settlements={20: 0}, roads={road(20, 25): 0}, hands={0: cards(lumber=8)},
                variant=ANY)
    assert [a for a in GAME.legal_actions(bare) if isinstance(a, MaritimeTradeAt)] == []
    assert rule_of(bare, MaritimeTradeAt(0, 1, 4)) == RB.TRADE_MARITIME


@pytest.mark.rules("catan/trade.limit")
def test_trades_per_turn_are_bounded() -> None:
    s = make(settlements={20: 0}, roads={road(20, 25): 0}, hands={0: cards(lumber=19)})
    s = attrs.evolve(s, trades=D.TRADES_PER_TURN)
    assert not any(isinstance(a, MaritimeTrade | OfferCard) for a in GAME.legal_actions(s))
    assert rule_of(s, MaritimeTrade(0, 1)) == RB.TRADE_LIMIT
    assert GAME.apply(s, EndTurn()).trades == 0


def _offered() -> object:
    """Player 0 offers 2 lumber for 1 ore."""
    s = make(settlements={20: 0}, roads={road(20, 25): 0},
             hands={0: cards(lumber=3, wool=1), 1: cards(ore=1, brick=2), 2: cards(ore=2)})
    for a in (OfferCard(True, 0), OfferCard(True, 0), OfferCard(False, 4)):
        s = GAME.apply(s, a)
    return s


@pytest.mark.rules("catan/trade.domestic", "catan/trade.has-cards",
                   "catan/trade.different-resources")
def test_domestic_offer_accepted_by_two_concluded_with_one() -> None:
    s = _offered()
    assert s.stage is Stage.TRADE and s.offer.give == cards(lumber=2)
    assert s.offer.get == cards(ore=1) and s.offers == 1
    acts = GAME.legal_actions(s)
    # another lumber is still in hand; ore is asked for, so it cannot be given too
    assert OfferCard(True, 0) in acts and OfferCard(True, 4) not in acts
    assert OfferCard(True, 2) in acts and OfferCard(True, 1) not in acts
    assert rule_of(s, OfferCard(True, 1)) == RB.TRADE_HAS_CARDS
    assert rule_of(s, OfferCard(False, 0)) == RB.TRADE_DIFFERENT_RESOURCES
    assert rule_of(s, OfferCard(False, 9)) == RB.TRADE_DIFFERENT_RESOURCES
    assert rule_of(s, EndTurn()) == RB.TURN_ACTOR
    s = GAME.apply(s, Propose())
    assert GAME.actor(s) == 1
    assert GAME.legal_actions(s) == (Answer(True), Answer(False), Counter())
    s = GAME.apply(s, Answer(True))
    assert GAME.actor(s) == 2
    s = GAME.apply(s, Answer(True))
    assert GAME.actor(s) == 0 and GAME.legal_actions(s) == (TradeWith(1), TradeWith(2),
                                                             Withdraw())
    assert rule_of(s, TradeWith(0)) == RB.TRADE_DOMESTIC
    assert rule_of(s, Answer(True)) == RB.TURN_ACTOR
    s = GAME.apply(s, TradeWith(2))
    assert hand(s, 0) == cards(lumber=1, wool=1, ore=1) and hand(s, 2) == cards(lumber=2, ore=1)
    assert s.stage is Stage.MAIN and s.offer is None and s.trades == 1


@pytest.mark.rules("catan/trade.domestic", "catan/trade.has-cards")
def test_declines_close_the_offer_and_a_responder_needs_the_cards() -> None:
    s = GAME.apply(_offered(), Propose())
    poor = attrs.evolve(s, players=(s.players[0], attrs.evolve(s.players[1], hand=cards()),
                                    s.players[2]))
    assert GAME.legal_actions(poor) == (Answer(False), Counter())
    assert rule_of(poor, Answer(True)) == RB.TRADE_HAS_CARDS
    assert rule_of(s, Propose()) == RB.TURN_ACTOR
    s = GAME.apply(GAME.apply(s, Answer(False)), Answer(False))
    assert s.stage is Stage.MAIN and s.offer is None and s.trades == 0
    assert hand(s, 0) == cards(lumber=3, wool=1)


@pytest.mark.rules("catan/trade.domestic")
def test_a_counter_offer_accepted() -> None:
    s = GAME.apply(_offered(), Propose())
    s = GAME.apply(s, Counter())
    assert GAME.actor(s) == 1 and s.offer.phase == "counter"
    # player 1 builds from its own side: it gives 1 brick and asks for 1 wool
    acts = GAME.legal_actions(s)
    assert OfferCard(True, 1) in acts and OfferCard(True, 3) not in acts
    assert Propose() not in acts and Withdraw() in acts
    assert rule_of(s, Propose()) == RB.TRADE_DIFFERENT_RESOURCES
    s = GAME.apply(GAME.apply(s, OfferCard(True, 1)), OfferCard(False, 2))
    assert rule_of(s, Counter()) == RB.TURN_ACTOR
    s = GAME.apply(s, Propose())
    assert GAME.actor(s) == 0 and GAME.legal_actions(s) == (Answer(True), Answer(False))
    assert rule_of(s, Counter()) == RB.TURN_ACTOR
    done = GAME.apply(s, Answer(True))
    assert hand(done, 0) == cards(lumber=3, brick=1) and hand(done, 1) == cards(brick=1, wool=1,
                                                                                 ore=1)
    assert done.stage is Stage.MAIN and done.trades == 1
    # declining the counter passes the original offer on to player 2
    s2 = GAME.apply(s, Answer(False))
    assert GAME.actor(s2) == 2 and s2.offer.phase == "respond"
    assert s2.offer.counter_give == cards()


@pytest.mark.rules("catan/trade.domestic", "catan/domestic-trade-order")
def test_answers_come_in_seat_order_and_every_partner_stays_reachable() -> None:
    amb = GAME.rules.get_ambiguity("catan/domestic-trade-order")
    assert amb.default == "seat-order" and amb.option is None
    s = GAME.apply(_offered(), Propose())
    assert GAME.actor(s) == 1  # the next seat answers first
    # a counter-offer of seat 1 accepted closes the trade before seat 2 is asked
    s1 = GAME.apply(s, Counter())
    for a in (OfferCard(True, 1), OfferCard(False, 0), Propose(), Answer(True)):
        s1 = GAME.apply(s1, a)
    assert s1.stage is Stage.MAIN and hand(s1, 2) == cards(ore=2)
    # the same offer still reaches seat 2 when seat 1 declines
    s2 = GAME.apply(GAME.apply(s, Answer(False)), Answer(True))
    assert GAME.legal_actions(s2) == (TradeWith(2), Withdraw())
    done = GAME.apply(s2, TradeWith(2))
    assert hand(done, 2) == cards(lumber=2, ore=1)


@pytest.mark.rules("catan/trade.domestic", "catan/trade.has-cards")
def test_a_counter_offer_does_not_read_the_hidden_hand_of_the_player_on_turn() -> None:
    s = GAME.apply(GAME.apply(_offered(), Propose()), Counter())
    # player 0's wool swapped for a grain: player 1 sees the same (hand sizes, the offer)
    twin = attrs.evolve(s, players=(attrs.evolve(s.players[0], hand=cards(lumber=3, grain=1)),
                                    *s.players[1:]))
    assert GAME.observe(s, 1) == GAME.observe(twin, 1)
    assert GAME.legal_actions(s) == GAME.legal_actions(twin)
    # player 1 may ask for cards player 0 lacks; player 0 cannot accept without them
    s = GAME.apply(s, OfferCard(True, 1))
    for _ in range(2):
        s = GAME.apply(s, OfferCard(False, 2))  # 2 wool: player 0 holds one
    s = GAME.apply(s, Propose())
    assert GAME.actor(s) == 0 and GAME.legal_actions(s) == (Answer(False),)
    assert rule_of(s, Answer(True)) == RB.TRADE_HAS_CARDS
    s = GAME.apply(s, Answer(False))
    assert GAME.actor(s) == 2 and s.offer.phase == "respond" and hand(s, 0) == cards(lumber=3,
                                                                                    wool=1)


@pytest.mark.rules("catan/trade.offer-limit", "catan/trade.domestic")
def test_offers_are_bounded_in_size_and_number() -> None:
    s = make(settlements={20: 0}, roads={road(20, 25): 0}, hands={0: cards(lumber=9)})
    assert [a for a in GAME.legal_actions(s) if isinstance(a, OfferCard)] == [OfferCard(True, 0)]
    assert rule_of(s, OfferCard(False, 4)) == RB.TRADE_DOMESTIC  # an offer opens with a card given
    s = GAME.apply(s, OfferCard(True, 0))
    for _ in range(4):
        s = GAME.apply(s, OfferCard(False, 4))
    assert rule_of(s, OfferCard(False, 4)) == RB.TRADE_OFFER_LIMIT
    assert not any(a == OfferCard(False, 3) for a in GAME.legal_actions(s))
    s = GAME.apply(s, Withdraw())
    assert s.stage is Stage.MAIN and s.offers == 1
    s = attrs.evolve(s, offers=D.OFFERS_PER_TURN)
    assert not any(isinstance(a, OfferCard) for a in GAME.legal_actions(s))
    assert rule_of(s, OfferCard(True, 0)) == RB.TRADE_OFFER_LIMIT
    assert rule_of(s, Answer(True)) == RB.TURN_ACTOR
    # a counter-offer withdrawn is a decline
    t = GAME.apply(GAME.apply(_offered(), Propose()), Counter())
    t = GAME.apply(t, Withdraw())
    assert GAME.actor(t) == 2
    assert rule_of(t, TradeWith(1)) == RB.TURN_ACTOR
    assert rule_of(GAME.apply(_offered(), Propose()), BuildRoad(0)) == RB.TURN_ACTOR


@pytest.mark.rules("catan/trade.domestic")
def test_every_trade_step_offers_few_actions() -> None:
    s = _offered()
    assert len(GAME.legal_actions(s)) <= 12
    s = GAME.apply(s, Withdraw())
    assert s.stage is Stage.MAIN and hand(s, 0) == cards(lumber=3, wool=1)
