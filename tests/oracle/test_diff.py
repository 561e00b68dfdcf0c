"""Field-level differences of canonical JSON."""

from rules_oracle.oracle.diff import FieldDiff, child, field_diff


def test_paths() -> None:
    assert child("$", "a") == "$.a"
    assert child("$.a", 3) == "$.a[3]"
    assert child("$", "odd key") == '$["odd key"]'
    assert child("$", "2x") == '$["2x"]'


def test_equal_values_have_no_diff() -> None:
    value = {"a": [1, {"b": True}], "c": None, "d": "x"}
    assert field_diff(value, {"d": "x", "c": None, "a": [1, {"b": True}]}) == []


def test_leaves_types_and_missing_members() -> None:
    model = {"a": 1, "b": [1, 2, 3], "c": {"d": 1}, "e": 2}
    trace = {"a": True, "b": [1, 5], "c": {"d": 1.0}, "f": 3}
    got = field_diff(model, trace)
    assert got == [
        FieldDiff("$.a", 1, True),
        FieldDiff("$.b[1]", 2, 5),
        FieldDiff("$.b[2]", 3, None, "missing in the trace"),
        FieldDiff("$.c.d", 1, 1.0),
        FieldDiff("$.e", 2, None, "missing in the trace"),
        FieldDiff("$.f", None, 3, "not in the model"),
    ]
    assert field_diff([1], [1, [2]]) == [FieldDiff("$[1]", None, [2], "not in the model")]
    assert field_diff({"a": [1]}, {"a": {"0": 1}}) == [FieldDiff("$.a", [1], {"0": 1})]


def test_limit() -> None:
    many = field_diff(list(range(100)), [-1] * 100, limit=7)
    assert len(many) == 7
    nested = field_diff({"a": list(range(10)), "b": 1}, {"a": [-1] * 10, "b": 2}, limit=3)
    assert [d.path for d in nested] == ["$.a[0]", "$.a[1]", "$.a[2]"]
    keys = field_diff({str(i): i for i in range(10)}, {}, limit=2)
    assert len(keys) == 2


def test_to_json() -> None:
    assert FieldDiff("$.a", 1, 2).to_json() == {"path": "$.a", "expected": 1, "got": 2}
    assert FieldDiff("$.a", 1, None, "missing in the trace").to_json()["note"] == (
        "missing in the trace")


def test_partial_diff_tells_equal_values_of_other_types_apart() -> None:
    """Members equal under Python's equality but not as JSON (``true`` for ``1``, ``1.0``
    for ``1``) still differ, however deep; equal members are skipped whole."""
    from rules_oracle.oracle.diff import partial_diff

    model = {"type": "V", "a": [1, 1, {"b": [0, 0]}], "c": {"d": 1}, "e": 3}
    got = {"a": [1, True, {"b": [0, 0.0]}], "c": {"d": 1}, "e": 3}
    out: list[FieldDiff] = []
    partial_diff(model, got, "$", out)
    assert [(d.path, d.expected, d.got) for d in out] == [
        ("$.a[1]", 1, True), ("$.a[2].b[1]", 0, 0.0)]
    same_again: list[FieldDiff] = []
    partial_diff(model, {"a": [1, 1, {"b": [0, 0]}], "e": 3}, "$", same_again)
    assert same_again == []


def test_exact_values_are_those_without_true_false_or_floats() -> None:
    """Values Python's equality tells apart exactly as their canonical texts do."""
    from rules_oracle.oracle.diff import exact

    assert exact(3) and exact("x") and exact(None) and exact([])
    assert exact([1, "a", None, [2, {"b": [0, 0]}], {"c": {"d": -1}}])
    for loose in (True, 1.0, [1, True], {"a": 0.0}, [[1], [False]], [{"a": [1, {"b": 2.5}]}],
                  {"a": {"b": [None, True]}}):
        assert not exact(loose), loose
