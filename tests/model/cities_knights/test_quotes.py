"""Every Cities & Knights quote pins its sentence: it stands exactly once in the rules text
(the reviewer's table of docs/games/cities_knights.md is checked with every game's in
tests/model/test_quote_tables.py)."""

from pathlib import Path

import pytest

from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.rules import FILE, RULES
from rules_oracle.model.core.rules import normalize

ROOT = Path(__file__).resolve().parents[3]
RULES_DIR = ROOT / ".." / "shared" / "rules"


def test_every_quote_stands_once_in_the_text() -> None:
    path = RULES_DIR / FILE
    if not path.exists():
        pytest.skip("the rules texts (../shared/rules) are not present")
    text = normalize(path.read_text(encoding="utf-8"))
    counts = {item.id: text.count(normalize(item.quote))
              for item in (*RULES, *RULES.ambiguities) if item.file == FILE and item.quote}
    assert {i: n for i, n in counts.items() if n != 1} == {}


def test_every_option_has_its_default_and_two_readings() -> None:
    cfg = GAME.config(3)
    for name, amb in RULES.options().items():
        assert cfg.option(name) == amb.default
        assert len(amb.readings) >= 2 and amb.why and amb.source
