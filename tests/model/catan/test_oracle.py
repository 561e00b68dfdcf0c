"""The oracle's citations and generated pages for catan's rules, quoted and unquoted."""

import pytest

from model.catan import rules as RB
from oracle.check import cite
from oracle.report import render


@pytest.mark.rules("catan/build.distance", "catan/board.robber-start")
def test_citations_quote_or_name_the_source() -> None:
    quoted = cite(RB.DISTANCE)
    assert quoted is not None and quoted.startswith("../data/README.md: «no settlement")
    unquoted = cite(RB.ROBBER_START)
    assert unquoted is not None and "«" not in unquoted
    assert unquoted.startswith("supplementary: published base game")
    assert "robber starts on the desert" in unquoted


@pytest.mark.rules("catan/trade-build-phase", "catan/bank-shortage")
def test_ambiguity_page_marks_a_gap_without_a_quote() -> None:
    page = render()
    phases = page[page.index("### `catan/trade-build-phase`"):]
    assert phases.split("\n")[2] == "(no quote: no project text states it)"
    shortage = page[page.index("### `catan/bank-shortage`"):]
    assert shortage.split("\n")[2].startswith("> if the bank cannot pay everyone")
