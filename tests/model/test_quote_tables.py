"""The reviewer's tables in docs/games: a row per rule, holding the rule's own quote and a
reason why that quote states the rule."""

import re
from pathlib import Path

import pytest

from rules_oracle.model.catan.rules import RULES as CATAN
from rules_oracle.model.caylus.rules import RULES as CAYLUS
from rules_oracle.model.core.rules import RuleBook, normalize

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
HEADING = "## Quotes: why each states its rule"
ROW = re.compile(r"^\| `([^`]+)` \| (.*) \| (.*) \|$")


def _table(game: str) -> dict[str, tuple[str, str]]:
    page = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    assert page.count(HEADING) == 1, game
    section = page.split(HEADING, 1)[1].split("\n## ", 1)[0]
    out: dict[str, tuple[str, str]] = {}
    for line in section.splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in out, m.group(1)
            out[m.group(1)] = (m.group(2), m.group(3))
    return out


@pytest.mark.parametrize(("game", "book"), [("catan", CATAN), ("caylus", CAYLUS)])
def test_every_rule_has_its_quote_and_a_reason(game: str, book: RuleBook) -> None:
    table = _table(game)
    assert set(table) == {rule.id for rule in book}
    for rule in book:
        quote, why = table[rule.id]
        assert quote == (f"«{normalize(rule.quote)}»" if rule.quote else "—"), rule.id
        assert len(why.split()) >= 3 and why.strip("«»") != normalize(rule.quote), rule.id
        if not rule.quote:
            assert why.startswith("no quote:"), rule.id


@pytest.mark.rules("catan/trade.domestic", "caylus/favour.choice")
def test_quotes_found_not_to_state_their_rule_were_replaced() -> None:
    # the Cities & Knights sentence on trading commodities does not state domestic trade
    domestic = next(rule for rule in CATAN if rule.id == "catan/trade.domestic")
    assert domestic.quote == "" and "no project text" in (domestic.source or "")
    # a favour is a choice of two: the quote holds both options, not the first alone
    favour = next(rule for rule in CAYLUS if rule.id == "caylus/favour.choice")
    assert "ИЛИ" in favour.quote and "использовать эффект" in favour.quote
