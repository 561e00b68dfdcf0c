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
