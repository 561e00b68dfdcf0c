"""The reviewer's tables in docs/games: every registered game's page has one section "Quotes:
why each states its rule", a row per rule holding the rule's own quote and a reason why that
quote states the rule (a rule with no quote says why none exists)."""

import re
from pathlib import Path

import pytest

from rules_oracle.model.catan.rules import RULES as CATAN
from rules_oracle.model.caylus.rules import RULES as CAYLUS
from rules_oracle.model.core import registry
from rules_oracle.model.core.rules import normalize

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
HEADING = "## Quotes: why each states its rule"
#: a row: the rule id in backticks, the quote, the reason; a '|' inside a cell is escaped
ROW = re.compile(r"^\| `([^`]+)` \| ((?:[^|\\]|\\.)*) \| ((?:[^|\\]|\\.)*) \|$")


def table(text: str) -> dict[str, tuple[str, str]]:
    """The rows of a page's one quote table: rule id -> (quote cell, reason)."""
    assert text.count(HEADING) == 1
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    out: dict[str, tuple[str, str]] = {}
    for line in section.splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in out, m.group(1)
            out[m.group(1)] = (m.group(2), m.group(3))
        else:
            assert not line.startswith("| `"), line  # a rule's row the format misses
    return out


def quote_cell(quote: str) -> str:
    """How a quote stands in the table: normalized, in «», '|' escaped; '—' for none."""
    return "«" + normalize(quote).replace("|", "\\|") + "»" if quote else "—"


@pytest.mark.parametrize("game", registry.names())
def test_every_rule_has_its_quote_and_a_reason(game: str) -> None:
    book = registry.get(game).rules
    rows = table((DOCS / f"{game}.md").read_text(encoding="utf-8"))
    assert sorted(rows) == sorted(rule.id for rule in book)
    for rule in book:
        quote, why = rows[rule.id]
        assert quote == quote_cell(rule.quote), rule.id
        assert len(why.split()) >= 3 and why.strip("«»") != normalize(rule.quote), rule.id
        assert why.startswith("no quote:") == (not rule.quote), rule.id


def test_a_row_out_of_step_is_found() -> None:
    """The table reader misses nothing: a row in another format, a second heading, a wrong
    quote cell each fail."""
    good = f"{HEADING}\n\n| rule | quote | why |\n| --- | --- | --- |\n" \
           "| `g/a` | «x \\| y» | the reason here |\n\n## Next\n| `g/b` | — | elsewhere |\n"
    assert table(good) == {"g/a": ("«x \\| y»", "the reason here")}
    assert quote_cell("x | y") == "«x \\| y»" and quote_cell("") == "—"
    with pytest.raises(AssertionError):
        table(good.replace("| `g/a` | «x \\| y» |", "| `g/a` | «x | y» |"))
    with pytest.raises(AssertionError):
        table(good + HEADING)


@pytest.mark.rules("catan/trade.domestic", "caylus/favour.choice")
def test_quotes_found_not_to_state_their_rule_were_replaced() -> None:
    # the Cities & Knights sentence on trading commodities does not state domestic trade
    domestic = next(rule for rule in CATAN if rule.id == "catan/trade.domestic")
    assert domestic.quote == "" and "no project text" in (domestic.source or "")
    # a favour is a choice of two: the quote holds both options, not the first alone
    favour = next(rule for rule in CAYLUS if rule.id == "caylus/favour.choice")
    assert "ИЛИ" in favour.quote and "использовать эффект" in favour.quote
