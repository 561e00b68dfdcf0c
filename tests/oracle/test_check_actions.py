"""A step's action data made into the model's action: equal data with values of the same
types give the same (immutable) action again; other data is made anew, refused as before."""

from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import structure
from rules_oracle.model.crafts.actions import Draw, Exchange
from rules_oracle.oracle import check
from rules_oracle.oracle.check import TraceError


def test_equal_data_gives_the_same_action_again() -> None:
    game = registry.get("crafts")
    first = check._action_of(game, {"type": "Exchange", "give": 1, "take": 2}, 3)
    again = check._action_of(game, {"type": "Exchange", "give": 1, "take": 2}, 4)
    assert first == Exchange(give=1, take=2)
    assert again is first
    other = check._action_of(game, {"type": "Exchange", "give": 2, "take": 1}, 5)
    assert other == Exchange(give=2, take=1)


def test_a_boolean_is_not_taken_for_the_equal_integer() -> None:
    game = registry.get("crafts")
    one = check._action_of(game, {"type": "Draw", "card": 1}, 3)
    assert one == Draw(card=1) and type(one.card) is int
    data: dict[str, Any] = {"type": "Draw", "card": True}
    try:
        expected: Any = structure(data, Draw)
    except Exception:
        with pytest.raises(TraceError):
            check._action_of(game, data, 4)
    else:
        made = check._action_of(game, data, 4)
        assert made == expected and type(made.card) is type(expected.card)


def test_unhashable_values_are_made_anew_and_refusals_stay() -> None:
    game = registry.get("crafts")
    with pytest.raises(TraceError) as listed:
        check._action_of(game, {"type": "Draw", "card": [1]}, 7)
    assert listed.value.line == 7
    with pytest.raises(TraceError):
        check._action_of(game, {"type": "Nothing"}, 8)
    with pytest.raises(TraceError):  # a refusal is not remembered
        check._action_of(game, {"type": "Exchange", "give": 1}, 9)


def test_the_memory_starts_afresh_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "ACTION_ENTRIES", 3)
    game = registry.get("crafts")
    for card in range(10):
        assert check._action_of(game, {"type": "Draw", "card": card}, 1) == Draw(card=card)
        assert len(check._ACTIONS) <= 3
