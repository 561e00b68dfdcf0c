import pytest

from rules_oracle.model.core import cite
from rules_oracle.model.core.cite import implements


def test_the_marker_returns_the_function_unchanged() -> None:
    def f() -> int:
        return 1

    assert implements("caylus/end.gold", "caylus/end.over")(f) is f


def test_the_marker_names_a_rule() -> None:
    with pytest.raises(ValueError, match="at least one rule"):
        implements()


def test_the_marker_names_a_function_and_a_compiled_method_by_module_and_qualname(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plain function is named by its own module; a method compiled by mypyc is a
    descriptor with no module of its own (as ``str.upper`` is), named by its class's."""
    marked: dict[str, list[str]] = {}
    monkeypatch.setattr(cite, "IMPLEMENTED", marked)

    def f() -> int:
        return 1

    assert implements("x/rule.one")(f) is f
    assert implements("x/rule.two")(str.upper) is str.upper
    assert not hasattr(str.upper, "__module__")
    assert marked == {
        "x/rule.one": [f"{__name__}.test_the_marker_names_a_function_and_a_compiled_method_"
                       "by_module_and_qualname.<locals>.f"],
        "x/rule.two": ["builtins.str.upper"]}
