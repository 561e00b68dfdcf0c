"""Trade: the allowance of A-side roads, the stack, the market, a rival, the library and
the merchants' guild."""

from fractions import Fraction

import pytest

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards import trade
from rules_oracle.model.catan_cards.actions import (
    Action,
    ChooseFromRival,
    Convert,
    Draw,
    EndDevelopment,
    EndTrade,
    GiveBack,
    GuildTake,
    Take,
    TradeMarket,
    TradeRival,
    TradeStack,
)
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core import CHANCE
from rules_oracle.model.core.play import playout
from tests.model.catan_cards.helpers import apply, cards, hand, make, rule_of, seat

LIB = (1, 0, 0, 0, 0)
GUILD = (0, 0, 0, 1, 0)


@pytest.mark.rules("catan_cards/trade.allowance", "catan_cards/trade.mix",
                   "catan_cards/trade.stack", "catan_cards/trade.market",
                   "catan_cards/development.alternate", "catan_cards/trade.end")
def test_the_texts_example_three_roads_two_a_side_two_exchanges() -> None:
    s = make(3, {0: seat(cards(clay=2, ore=1), roads=3), 1: seat(cards(wool=2))},
             market=cards(0, 2, 1, 1, 1))
    assert GAME.observe(s, "public").exchanges_allowed == 2
    s = GAME.apply(s, TradeMarket(D.LUMBER, D.CLAY))
    assert hand(s, 0) == cards(clay=1, lumber=1, ore=1) and s.market == cards(1, 1, 1, 1, 1)
    s = GAME.apply(s, TradeStack(D.ORE))
    assert s.stage is Stage.DRAW and GAME.actor(s) == CHANCE and s.discard == cards(ore=1)
    s = GAME.apply(s, Draw(D.GRAIN))
    assert hand(s, 0) == cards(clay=1, lumber=1, grain=1) and s.exchanges == 2
    assert GAME.legal_actions(s) == (EndTrade(),)
    assert rule_of(s, TradeStack(D.CLAY)) == RB.TRADE_ALLOWANCE
    assert GAME.apply(s, EndTrade()).stage is Stage.DEVELOP


@pytest.mark.rules("catan_cards/trade.no-roads")
def test_without_an_a_side_road_one_exchange_with_the_stack() -> None:
    s = make(3, {0: seat(cards(clay=2), roads=0), 1: seat(cards(wool=2))})
    assert GAME.legal_actions(s) == (TradeStack(D.CLAY), EndTrade())
    assert rule_of(s, TradeMarket(D.ORE, D.CLAY)) == RB.TRADE_NO_ROADS
    assert rule_of(s, TradeRival(1)) == RB.TRADE_NO_ROADS
    s = apply(s, TradeStack(D.CLAY), Draw(D.ORE))
    assert rule_of(s, TradeStack(D.CLAY)) == RB.TRADE_ALLOWANCE


@pytest.mark.rules("catan_cards/trade.rival", "catan_cards/trade.rival-return")
def test_a_rival_exchange_draws_blind_and_gives_back() -> None:
    s = make(3, {0: seat(cards(clay=1)), 1: seat(cards(wool=2, grain=1))})
    s = GAME.apply(s, TradeRival(1))
    assert s.stage is Stage.RIVAL_DRAW and s.traded_with == (1,)
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes == {Take(D.WOOL): pytest.approx(2 / 3), Take(D.GRAIN): pytest.approx(1 / 3)}
    s = GAME.apply(s, Take(D.GRAIN))
    assert GAME.legal_actions(s) == (GiveBack(D.CLAY), GiveBack(D.GRAIN))
    assert rule_of(s, GiveBack(D.ORE)) == RB.TRADE_RIVAL_RETURN
    assert rule_of(s, EndTrade()) == RB.TRADE_RIVAL
    back = GAME.apply(s, GiveBack(D.GRAIN))
    assert hand(back, 1) == cards(wool=2, grain=1) and back.stage is Stage.TRADE
    s = GAME.apply(s, GiveBack(D.CLAY))
    assert hand(s, 0) == cards(grain=1) and hand(s, 1) == cards(clay=1, wool=2)
    assert rule_of(make(3, {0: seat(cards(clay=1))}), TradeRival(1)) == RB.TRADE_RIVAL
    assert rule_of(make(3, {0: seat(cards(clay=1))}), TradeRival(0)) == RB.TRADE_RIVAL


@pytest.mark.rules("catan_cards/trade.library", "catan_cards/trade.library-once")
def test_the_library_chooses_once_per_rival() -> None:
    """"при обмене вы можете выбрать одну карту с руки соперника": the exchange begins
    (TradeRival), then its owner sees the rival's hand and chooses a card, or draws blind
    after all."""
    s = make(3, {0: seat(cards(clay=1), roads=3, cities=0, settlements=0, buildings=LIB),
                 1: seat(cards(wool=2, grain=1))})
    assert not any(isinstance(a, ChooseFromRival) for a in GAME.legal_actions(s))
    assert rule_of(s, ChooseFromRival(1, D.GRAIN)) == RB.TRADE_LIBRARY
    looking = GAME.apply(s, TradeRival(1))
    assert looking.stage is Stage.CHOOSE and GAME.actor(looking) == 0
    assert looking.exchanges == 1 and looking.traded_with == (1,) and looking.rival == 1
    assert GAME.legal_actions(looking) == (ChooseFromRival(1, D.WOOL),
                                           ChooseFromRival(1, D.GRAIN), TradeRival(1))
    assert rule_of(looking, ChooseFromRival(1, D.ORE)) == RB.TRADE_LIBRARY
    assert rule_of(looking, ChooseFromRival(2, D.WOOL)) == RB.TRADE_LIBRARY
    assert rule_of(looking, GiveBack(D.CLAY)) == RB.TRADE_LIBRARY
    blind = GAME.apply(looking, TradeRival(1))
    assert blind.stage is Stage.RIVAL_DRAW and blind.exchanges == 1
    s2 = apply(looking, ChooseFromRival(1, D.GRAIN), GiveBack(D.CLAY))
    assert hand(s2, 0) == cards(grain=1) and s2.traded_with == (1,)
    assert GAME.apply(s2, TradeRival(1)).stage is Stage.RIVAL_DRAW
    assert rule_of(s2, ChooseFromRival(1, D.WOOL)) == RB.TRADE_LIBRARY_ONCE
    plain = make(3, {0: seat(cards(clay=1)), 1: seat(cards(wool=2))})
    assert rule_of(plain, ChooseFromRival(1, D.WOOL)) == RB.TRADE_LIBRARY
    assert GAME.apply(plain, TradeRival(1)).stage is Stage.RIVAL_DRAW


@pytest.mark.rules("catan_cards/trade.guild", "catan_cards/guild")
def test_the_guild_draws_from_a_rival_with_as_many_points() -> None:
    me = seat(cards(), settlements=0, buildings=GUILD)  # 3 points
    s = make(3, {0: me, 1: seat(cards(ore=2), settlements=3), 2: seat(cards(ore=1))})
    assert [a for a in GAME.legal_actions(s) if isinstance(a, GuildTake)] == [GuildTake(1)]
    assert rule_of(s, GuildTake(2)) == RB.TRADE_GUILD
    s = GAME.apply(s, GuildTake(1))
    assert s.stage is Stage.GUILD_DRAW and GAME.chance_outcomes(s) == ((Take(D.ORE), 1),)
    s = GAME.apply(s, Take(D.ORE))
    assert hand(s, 0) == cards(ore=1) and s.stage is Stage.TRADE and s.exchanges == 0
    assert rule_of(s, GuildTake(1)) == RB.TRADE_GUILD
    off = make(3, {0: me, 1: seat(cards(ore=2), settlements=3)}, variant={"guild": "none"})
    assert rule_of(off, GuildTake(1)) == RB.TRADE_GUILD


@pytest.mark.rules("catan_cards/trade.market", "catan_cards/market-return")
def test_market_checks() -> None:
    s = make(3, {0: seat(cards(clay=1))}, market=cards(ore=5))
    assert rule_of(s, TradeMarket(D.WOOL, D.CLAY)) == RB.TRADE_MARKET
    assert rule_of(s, TradeMarket(D.ORE, D.GRAIN)) == RB.TRADE_MARKET
    same = GAME.apply(s, TradeMarket(D.ORE, D.ORE))
    assert hand(same, 0) == cards(clay=1) and same.exchanges == 1
    assert rule_of(s, TradeStack(D.WOOL)) == RB.TRADE_STACK


@pytest.mark.rules("catan_cards/trade.from-hand", "catan_cards/empty-hand")
def test_an_empty_hand_exchanges_nothing() -> None:
    """"обменять одну карту сырья с руки": with no card in hand neither the market nor a
    rival trades (a rival exchange would be a look at his hand)."""
    empty = make(3, {0: seat(cards(), roads=3), 1: seat(cards(wool=2))})
    assert GAME.legal_actions(empty) == (EndTrade(),)
    assert rule_of(empty, TradeRival(1)) == RB.TRADE_FROM_HAND
    assert rule_of(empty, TradeMarket(D.ORE, D.ORE)) == RB.TRADE_FROM_HAND
    library = make(3, {0: seat(cards(), roads=3, settlements=0, buildings=LIB),
                       1: seat(cards(wool=2))})
    assert rule_of(library, TradeRival(1)) == RB.TRADE_FROM_HAND
    one = make(3, {0: seat(cards(clay=1), roads=3), 1: seat(cards(wool=2))})
    assert TradeRival(1) in GAME.legal_actions(one)


@pytest.mark.rules("catan_cards/exchange-steps", "catan_cards/trade.rival",
                   "catan_cards/trade.rival-return")
def test_a_two_card_exchange_with_one_rival_by_reading() -> None:
    """A rival holding ore and wool, two exchanges: one card at a time the second draw may
    take back the card just given; under exchange-steps=together both are drawn first (so
    the player holds both), then two go back, and no draw follows a card given back."""
    start = {0: seat(cards(clay=2), roads=3), 1: seat(cards(ore=1, wool=1))}
    one = apply(make(3, start), TradeRival(1), Take(D.ORE))
    assert GAME.legal_actions(one) == (GiveBack(D.CLAY), GiveBack(D.ORE))
    one = apply(one, GiveBack(D.ORE), TradeRival(1))
    assert GAME.chance_outcomes(one) == ((Take(D.ORE), Fraction(1, 2)),
                                         (Take(D.WOOL), Fraction(1, 2)))
    both = apply(make(3, start, variant={"exchange-steps": "together"}), TradeRival(1),
                 Take(D.ORE))
    assert both.owed_back == 1 and TradeRival(1) in GAME.legal_actions(both)
    both = apply(both, TradeRival(1))
    assert GAME.chance_outcomes(both) == ((Take(D.WOOL), Fraction(1)),)
    both = apply(both, Take(D.WOOL))
    assert both.owed_back == 2 and hand(both, 0) == cards(clay=2, ore=1, wool=1)
    assert TradeRival(1) not in GAME.legal_actions(both)  # the allowance: 2 A-side roads
    both = apply(both, GiveBack(D.CLAY))
    assert both.stage is Stage.GIVE_BACK and both.giving_back and both.owed_back == 1
    assert rule_of(both, TradeRival(1)) == RB.TRADE_RIVAL
    both = apply(both, GiveBack(D.CLAY))
    assert both.stage is Stage.TRADE and both.owed_back == 0 and not both.giving_back
    assert hand(both, 1) == cards(clay=2) and both.exchanges == 2


@pytest.mark.rules("catan_cards/library-together", "catan_cards/trade.library",
                   "catan_cards/trade.library-once", "catan_cards/exchange-steps")
def test_the_library_chooses_the_first_card_of_a_draw_together() -> None:
    """Under exchange-steps=together the library's owner chooses the first card drawn from
    a rival; the second card of that draw, his second exchange with him, is drawn blind."""
    start = {0: seat(cards(clay=2), roads=3, settlements=0, buildings=LIB),
             1: seat(cards(ore=1, wool=1))}
    s = apply(make(3, start, variant={"exchange-steps": "together"}), TradeRival(1))
    assert s.stage is Stage.CHOOSE
    s = apply(s, ChooseFromRival(1, D.ORE))
    assert s.stage is Stage.GIVE_BACK and TradeRival(1) in GAME.legal_actions(s)
    s = apply(s, TradeRival(1))
    assert s.stage is Stage.RIVAL_DRAW and GAME.actor(s) == CHANCE and s.exchanges == 2
    assert GAME.chance_outcomes(s) == ((Take(D.WOOL), Fraction(1)),)
    assert rule_of(s, ChooseFromRival(1, D.WOOL)) is not None


_CHOICES: tuple[Action, ...] = (
    *(TradeStack(r) for r in range(-1, D.N_RESOURCES + 1)),
    *(TradeMarket(t, g) for t in range(-1, D.N_RESOURCES + 1)
      for g in range(-1, D.N_RESOURCES + 1)),
    *(TradeRival(q) for q in range(-1, 7)), *(GuildTake(q) for q in range(-1, 7)),
    *(ChooseFromRival(q, r) for q in range(-1, 4) for r in range(-1, D.N_RESOURCES + 1)),
    *(GiveBack(r) for r in range(-1, D.N_RESOURCES + 1)),
    EndTrade(), Convert(D.CLAY, D.ORE), EndDevelopment(),
)
_CHAPTER = {Stage.TRADE: trade.choice_rule, Stage.CHOOSE: trade.choose_rule,
            Stage.GIVE_BACK: trade.give_back_rule}


def _agrees(s: CardsState) -> None:
    """Every choice ``apply`` accepts is legal and the stage's predicate allows it; every
    one it rejects is illegal and names the rule the predicate returns."""
    choice_rule = _CHAPTER[s.stage]
    legal = GAME.legal_actions(s)
    for a in (*_CHOICES, *legal):
        why = choice_rule(s, a)
        if why is None:
            GAME.apply(s, a)  # accepted
        else:
            assert rule_of(s, a) == why, (s.stage, a)
        assert (why is None) == (a in legal), (s.stage, a)


@pytest.mark.rules("catan_cards/trade.allowance", "catan_cards/trade.no-roads",
                   "catan_cards/trade.stack", "catan_cards/trade.market",
                   "catan_cards/trade.rival", "catan_cards/trade.rival-return",
                   "catan_cards/trade.from-hand", "catan_cards/trade.library",
                   "catan_cards/trade.library-once", "catan_cards/trade.guild",
                   "catan_cards/exchange-steps", "catan_cards/guild")
def test_one_predicate_lists_and_refuses() -> None:
    """The trade phase's predicates allow exactly the legal set, and ``apply`` refuses every
    other choice naming the rule they return: on seeded play under either exchange-steps
    reading, and on built states with the library, the guild and an owed card."""
    seen: set[Stage] = set()
    for variant in ({}, {"exchange-steps": "together"}):
        for seed in (0, 1, 2):
            for step in playout(GAME, GAME.config(3, variant), seed):
                if step.state.stage in _CHAPTER:
                    seen.add(step.state.stage)
                    _agrees(step.state)
    assert seen >= {Stage.TRADE, Stage.GIVE_BACK}
    library = make(3, {0: seat(cards(clay=1), roads=3, settlements=0, buildings=LIB),
                       1: seat(cards(wool=2, grain=1))})
    looking = GAME.apply(library, TradeRival(1))
    met = apply(looking, ChooseFromRival(1, D.GRAIN), GiveBack(D.CLAY))
    guild = make(3, {0: seat(cards(), settlements=0, buildings=GUILD),
                     1: seat(cards(ore=2), settlements=3), 2: seat(cards(ore=1))})
    start = {0: seat(cards(clay=2), roads=3), 1: seat(cards(ore=1, wool=1))}
    together = apply(make(3, start, variant={"exchange-steps": "together"}), TradeRival(1),
                     Take(D.ORE))
    spent = make(3, {0: seat(cards(clay=2), roads=0)}, exchanges=1)
    for s in (library, looking, met, guild, together, apply(together, TradeRival(1), Take(
            D.WOOL), GiveBack(D.ORE)), spent, make(3, {0: seat(cards(), roads=3)})):
        _agrees(s)


@pytest.mark.rules("catan_cards/trade.market")
def test_the_market_exchanges_listed_are_those_the_market_card_rule_allows() -> None:
    """The market's exchanges are listed with the card taken checked once per card and the
    card returned per card: over seeded 4-player games they are the (take, give) pairs the
    whole rule allows, tried one by one, in the same order; an index off the resources is
    refused on either side."""
    listed = 0
    for seed in (0, 1, 2):
        for step in playout(GAME, GAME.config(4), seed):
            s = step.state
            if s.stage is not Stage.TRADE:
                continue
            market = [a for a in GAME.legal_actions(s) if isinstance(a, TradeMarket)]
            pairs = [TradeMarket(t, g) for t in range(D.N_RESOURCES)
                     for g in range(D.N_RESOURCES) if trade.market_rule(s, t, g) is None]
            assert market == pairs
            listed += len(market)
    assert listed
    s = make(3, {0: seat(cards(clay=2), roads=3)}, stage=Stage.TRADE)
    for take, give in ((-1, 0), (D.N_RESOURCES, 0), (0, -1), (0, D.N_RESOURCES)):
        assert trade._market_card_rule(s, take, give) == RB.TRADE_MARKET
    assert trade._market_card_rule(s, D.ORE, D.ORE) is None  # the card taken goes back
    assert trade._market_card_rule(s, D.ORE, D.WOOL) == RB.TRADE_MARKET  # no wool in hand
