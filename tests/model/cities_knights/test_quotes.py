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


@pytest.mark.rules("cities_knights/victory.points", "cities_knights/improvement.max")
def test_the_points_and_the_top_level_are_quoted_row_by_row() -> None:
    """victory.points quotes each row of the points table (not only its header) and
    improvement.max the levels' table down to its last row, level 5."""
    from rules_oracle.model.cities_knights import data as D
    from rules_oracle.model.cities_knights import rules as RB

    points = normalize(RULES.get(RB.VICTORY_POINTS).quote)  # type: ignore[union-attr]
    for row in ("+1 балл | Постройте поселение", "+1 балл | Улучшить поселение до города",
                "+2 балла | Постройте самую длинную дорогу",
                "+1 балл | Наивысшая сила Рыцаря при победе над Варварами",
                "+1 балл | Контроль над Продавцом", "+1 балл | Получите карту прогресса",
                f"+{D.METROPOLIS_VP} балла | Наличие Мегаполиса"):
        assert row in points, row
    levels = normalize(RULES.get(RB.IMPROVEMENT_MAX).quote)  # type: ignore[union-attr]
    assert levels.startswith("1-й уровень") and levels.endswith(f"Уровень {D.MAX_LEVEL} |")


@pytest.mark.rules("cities_knights/attack-losers", "cities_knights/barbarians.tie")
def test_attack_losers_reason_answers_the_singular_player() -> None:
    """The default's reason answers the text's singular 'Игрок с наименьшей силой рыцаря'
    with the winning side's sentence, as singular, whose tie the text gives at once."""
    path = RULES_DIR / FILE
    if not path.exists():
        pytest.skip("the rules texts (../shared/rules) are not present")
    text = normalize(path.read_text(encoding="utf-8"))
    amb = RULES.get_ambiguity("cities_knights/attack-losers")
    for words in ("Игрок с наименьшей силой рыцаря",
                  "Игрок с наибольшим количеством активных Рыцарей",
                  "Если у игроков равная сила рыцаря, каждый из этих игроков"):
        assert normalize(words) in text
        assert words in amb.why
