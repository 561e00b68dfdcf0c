import pytest

from rules_oracle.model.core.cite import implements


def test_the_marker_returns_the_function_unchanged() -> None:
    def f() -> int:
        return 1

    assert implements("caylus/end.gold", "caylus/end.over")(f) is f


def test_the_marker_names_a_rule() -> None:
    with pytest.raises(ValueError, match="at least one rule"):
        implements()
