"""Constants the texts state are checked against the texts: each count, cost and limit a
game's data lists in ``STATED`` names its rule, and the number stands in that rule's quote
(or the data file's cited fact), so a mistyped constant is caught by the text rather than
by a second copy of the constant."""

import importlib
from types import ModuleType

import pytest

from rules_oracle.model.core.rules import RuleBook
from rules_oracle.model.core.stated import Stated, states

GAMES = ("burgundy", "catan", "catan_cards", "caylus", "cities_knights", "crafts")


def _modules(game: str) -> tuple[ModuleType, RuleBook]:
    data = importlib.import_module(f"rules_oracle.model.{game}.data")
    rules = importlib.import_module(f"rules_oracle.model.{game}.rules")
    return data, rules.RULES


def _stated(game: str) -> list[Stated]:
    return list(_modules(game)[0].STATED)


@pytest.mark.parametrize("game", GAMES)
def test_every_stated_constant_stands_in_its_rules_quote(game: str) -> None:
    data, book = _modules(game)
    assert len(data.STATED) >= 8
    for stated in data.STATED:
        rule = book.get(stated.rule)
        assert rule is not None, stated
        # the name (or expression over the data's names) gives the value listed
        assert eval(stated.name, {"__builtins__": {"sum": sum}}, vars(data)) == stated.value
        assert stated.numbers(), stated
        for n in stated.numbers():
            assert states(rule.quote, n), (stated, n, rule.quote)


@pytest.mark.parametrize("game", GAMES)
def test_a_mistyped_constant_is_caught_by_the_quote(game: str) -> None:
    """Each stated number off by one is missing from its quote for most constants: the
    check can fail (a quote that writes every number would pass anything)."""
    data, book = _modules(game)
    caught = 0
    for stated in data.STATED:
        quote = book[stated.rule].quote
        wrong = stated.numbers()[-1] + 1
        caught += not states(quote, wrong)
    assert caught >= len(data.STATED) * 2 // 3


def test_a_tuple_is_checked_count_by_count() -> None:
    cost = Stated("CITY_COST", (0, 0, 0, 2, 3), "catan/build.city-cost")
    assert cost.numbers() == (2, 3)
    assert Stated("X", 7, "r").numbers() == (7,)


@pytest.mark.parametrize("game", ["catan", "catan_cards", "caylus", "crafts"])
def test_an_encodings_restated_constants_stand_in_their_quotes(game: str) -> None:
    """An encoding writes the numbers it needs from the rules, not from the model's data;
    each stands in its rule's quote and equals the data's (a data constant mistyped in the
    model then disagrees with the encoding in faithfulness)."""
    encoding = importlib.import_module(f"rules_oracle.solver.{game}")
    data, book = _modules(game)
    assert encoding.STATED
    for stated in encoding.STATED:
        assert all(states(book[stated.rule].quote, n) for n in stated.numbers()), stated
        assert getattr(data, stated.name) == stated.value, stated
