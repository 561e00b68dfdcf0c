"""Finding a number in a rule's quote: digits standing alone or a Russian number word."""

import pytest

from rules_oracle.model.core.stated import Stated, states


@pytest.mark.parametrize(("text", "value"), [
    ("получите из банка по 2 Монеты", 2),
    ("Постройте 2 бесплатные дороги", 2),
    ("верните двух рабочих", 2),
    ("каждый игрок берёт себе на руку три карты", 3),
    ("третий игрок", 3),
    ("пятнадцать жетонов", 15),
    ("двадцать", 20),
    ("семь", 7),
    ("одну карту", 1),
    ("10 VP", 10),
    ("19 of each, 95", 95),
])
def test_a_stated_number_is_found(text: str, value: int) -> None:
    assert states(text, value)


@pytest.mark.parametrize(("text", "value"), [
    ("получите из банка по 2 Монеты", 3),
    ("12 карт", 2),
    ("12 карт", 1),
    ("двадцать", 2),
    ("пятнадцать жетонов", 5),
    ("одиннадцать", 1),
    ("семья", 7),
    ("одновременно", 1),
    ("без чисел", 4),
    ("число 99", 9),
])
def test_a_number_not_stated_is_not_found(text: str, value: int) -> None:
    assert not states(text, value)


def test_a_stated_constant_names_its_rule() -> None:
    s = Stated("FAIR_COINS", 2, "crafts/card.fair")
    assert (s.name, s.value, s.rule) == ("FAIR_COINS", 2, "crafts/card.fair")
