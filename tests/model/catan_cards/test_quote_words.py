"""The quotes of the card game's rules name what their rules are about (the reviewer's table
of docs/games/catan_cards.md is checked with every game's in tests/model/test_quote_tables.py)."""

import pytest

from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.rules import RULES


@pytest.mark.rules("catan_cards/take.church", "catan_cards/take.citadel",
                   "catan_cards/setup.a-side-up", "catan_cards/event.robber-raid",
                   "catan_cards/setup.fate", "catan_cards/trade.stack",
                   "catan_cards/trade.market", "catan_cards/development.alternate")
def test_quotes_name_what_their_rules_are_about() -> None:
    """A protection's quote names its building, the stacks' side names both stacks, the raid
    is quoted as a city's event: not the bare fragment after the condition."""
    assert "церковь" in RULES[RB.TAKE_CHURCH].quote
    assert "цитадель" in RULES[RB.TAKE_CITADEL].quote
    assert "«Рыцарь» и «Дорога»" in RULES[RB.SETUP_A_SIDE_UP].quote
    assert "строительство города" in RULES[RB.EVENT_ROBBER_RAID].quote
    assert "карту судьбы" in RULES[RB.SETUP_FATE].quote and "втроём" in RULES[RB.SETUP_FATE].quote
    assert "Возьмите из стопки" in RULES[RB.TRADE_STACK].quote  # the draw, not only the discard
    assert "Верните на рынок" in RULES[RB.TRADE_MARKET].quote
    assert (
        "следующую — вверх символом (В)" in RULES[RB.DEVELOPMENT_ALTERNATE].quote
    )  # the alternation


@pytest.mark.rules("catan_cards/development.knight", "catan_cards/development.knight-alternate",
                   "catan_cards/development.settlement", "catan_cards/development.city",
                   "catan_cards/development.building", "catan_cards/development.city-event",
                   "catan_cards/development.raid-fate", "catan_cards/setup.market",
                   "catan_cards/turn.restock", "catan_cards/trade.mix",
                   "catan_cards/score.settlement", "catan_cards/score.city",
                   "catan_cards/trade.rival")
def test_costs_points_and_events_name_their_card() -> None:
    """A cost's quote names the development it pays for, a card's points the card, the
    knights' alternation the knights and the roads, the city's event and the raid's turn of
    the fate card the city, the market and the restock what they are and when, the mixing
    of trades the exchange of two cards or more, the rival exchange the cards given back:
    not the bare list of cards or the clause after the condition."""
    quote = {rid: RULES[rid].quote for rid in (
        RB.DEVELOPMENT_KNIGHT, RB.DEVELOPMENT_KNIGHT_ALTERNATE, RB.DEVELOPMENT_SETTLEMENT,
        RB.DEVELOPMENT_CITY, RB.DEVELOPMENT_BUILDING, RB.DEVELOPMENT_CITY_EVENT,
        RB.DEVELOPMENT_RAID_FATE, RB.SETUP_MARKET, RB.TURN_RESTOCK, RB.TRADE_MIX,
        RB.SCORE_SETTLEMENT, RB.SCORE_CITY, RB.TRADE_RIVAL)}
    assert "найма рыцаря" in quote[RB.DEVELOPMENT_KNIGHT]
    assert "рыцарей" in quote[RB.DEVELOPMENT_KNIGHT_ALTERNATE]
    assert "что и дороги" in quote[RB.DEVELOPMENT_KNIGHT_ALTERNATE]
    assert "основания поселения" in quote[RB.DEVELOPMENT_SETTLEMENT]
    assert "строительства города" in quote[RB.DEVELOPMENT_CITY]
    assert "строительства здания" in quote[RB.DEVELOPMENT_BUILDING]
    assert "Построив город" in quote[RB.DEVELOPMENT_CITY_EVENT]
    assert "«Засилье разбойников»" in quote[RB.DEVELOPMENT_RAID_FATE]
    assert "это рынок" in quote[RB.SETUP_MARKET]
    assert "закончатся карты" in quote[RB.TURN_RESTOCK]
    assert "двух карт или более" in quote[RB.TRADE_MIX]
    assert quote[RB.SCORE_SETTLEMENT].startswith("Поселение:")
    assert quote[RB.SCORE_CITY].startswith("Город:")
    assert "Затем верните этому сопернику" in quote[RB.TRADE_RIVAL]
