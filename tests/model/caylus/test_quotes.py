"""Every Caylus quote pins its sentence: it stands exactly once in the rules text, so its
one occurrence is the rule's own; the few that legitimately repeat are listed with why."""

from pathlib import Path

import pytest

from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.rules import FILE, RULES
from rules_oracle.model.core.rules import normalize

RULES_DIR = Path(__file__).resolve().parents[3] / ".." / "shared" / "rules"

#: quotes standing more than once, each occurrence stating the same rule
REPEATS = {
    "caylus/building.road-full": "the same note stands under the carpenter and under the"
                                 " stonemason, the two building effects it limits",
}


def _text() -> str:
    path = RULES_DIR / FILE
    if not path.exists():
        pytest.skip("the rules texts (../shared/rules) are not present")
    return normalize(path.read_text(encoding="utf-8"))


def test_every_quote_stands_once_but_the_listed_repeats() -> None:
    text = _text()
    counts = {item.id: text.count(normalize(item.quote))
              for item in (*RULES, *RULES.ambiguities) if item.file == FILE and item.quote}
    assert {i for i, n in counts.items() if n != 1} == set(REPEATS)
    assert all(counts[i] > 1 for i in REPEATS)


@pytest.mark.rules("caylus/building.road-full", "caylus/building.carpenter",
                   "caylus/building.stonemason")
def test_the_road_full_note_repeats_word_for_word() -> None:
    text = _text()
    note = "Примечание. Вы не можете выполнить это действие, если на дороге нет свободной клетки."
    assert text.count(note) == 2
    assert text.index("Игрок выбирает 1 деревянное здание из запаса") < text.index(note)


def test_every_option_has_its_default_and_two_readings() -> None:
    cfg = GAME.config(2)
    options = RULES.options()
    assert set(options) >= {"steward", "deliveryman", "supply", "provost_reset",
                            "favour_effect", "deliveryman_tie", "favour_market"}
    for name, amb in options.items():
        assert cfg.option(name) == amb.default
        assert len(amb.readings) >= 2 and amb.why and amb.source
