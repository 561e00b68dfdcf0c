"""The reviewer's table in docs/games/catan_cards.md lists every rule once, with its quote."""

from pathlib import Path

import pytest

from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.rules import RULES

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "catan_cards.md"


def table_rows() -> dict[str, list[str]]:
    """The table's rows by rule id (local part): quote and reason."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Rules and their quotes (reviewer's table)", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            assert cells[0] not in rows, cells[0]
            rows[cells[0].strip("`")] = cells[1:]
    return rows


@pytest.mark.rules("catan_cards/development.end")
def test_the_reviewers_table_names_every_rule_with_its_quote() -> None:
    rows = table_rows()
    assert sorted(rows) == sorted(r.id.split("/", 1)[1] for r in RULES)
    for rule in RULES:
        quote, reason = rows[rule.id.split("/", 1)[1]]
        assert quote.startswith(rule.quote or "(none"), rule.id
        assert reason, rule.id


@pytest.mark.rules("catan_cards/take.church", "catan_cards/take.citadel",
                   "catan_cards/setup.a-side-up", "catan_cards/event.robber-raid",
                   "catan_cards/setup.fate", "catan_cards/trade.stack",
                   "catan_cards/trade.market", "catan_cards/development.alternate")
def test_quotes_name_what_their_rules_are_about() -> None:
    """A protection's quote names its building, the stacks' side names both stacks, the raid
    is quoted as a city's event: not the bare fragment after the condition."""
    assert "церковь" in RULES[RB.CHURCH].quote
    assert "цитадель" in RULES[RB.CITADEL].quote
    assert "«Рыцарь» и «Дорога»" in RULES[RB.A_SIDE_UP].quote
    assert "строительство города" in RULES[RB.RAID].quote
    assert "карту судьбы" in RULES[RB.FATE].quote and "втроём" in RULES[RB.FATE].quote
    assert "Возьмите из стопки" in RULES[RB.STACK].quote  # the draw, not only the discard
    assert "Верните на рынок" in RULES[RB.MARKET_TRADE].quote
    assert "следующую — вверх символом (В)" in RULES[RB.ALTERNATE].quote  # the alternation
