"""Every Cities & Knights quote pins its sentence: it stands exactly once in the rules text,
and the reviewer's table of docs/games/cities_knights.md lists every rule with its quote and
why that quote states it."""

from pathlib import Path

import pytest

from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.rules import FILE, RULES
from rules_oracle.model.core.rules import normalize

ROOT = Path(__file__).resolve().parents[3]
RULES_DIR = ROOT / ".." / "shared" / "rules"
DOC = ROOT / "docs" / "games" / "cities_knights.md"


def _table() -> dict[str, tuple[str, str]]:
    """The reviewer's table: rule (local id) -> (quote, reason)."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("### Each rule's quote (reviewer's table)", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in part.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.replace("\\|", "\0").strip("|").split("|")]
        rule, quote, why = (c.replace("\0", "|") for c in cells)
        out[rule.strip("`")] = (quote, why)
    return out


def test_every_quote_stands_once_in_the_text() -> None:
    path = RULES_DIR / FILE
    if not path.exists():
        pytest.skip("the rules texts (../shared/rules) are not present")
    text = normalize(path.read_text(encoding="utf-8"))
    counts = {item.id: text.count(normalize(item.quote))
              for item in (*RULES, *RULES.ambiguities) if item.file == FILE and item.quote}
    assert {i: n for i, n in counts.items() if n != 1} == {}


def test_the_reviewers_table_lists_every_rule_with_its_quote() -> None:
    table = _table()
    ids = [r.id.split("/", 1)[1] for r in RULES]
    assert sorted(table) == sorted(ids)
    for rule in RULES:
        quote, why = table[rule.id.split("/", 1)[1]]
        assert quote == (rule.quote or "(none)"), rule.id
        assert why, rule.id
        if not rule.quote:
            assert rule.source, rule.id  # a rule in no text says where it comes from


def test_every_option_has_its_default_and_two_readings() -> None:
    cfg = GAME.config(3)
    for name, amb in RULES.options().items():
        assert cfg.option(name) == amb.default
        assert len(amb.readings) >= 2 and amb.why and amb.source
