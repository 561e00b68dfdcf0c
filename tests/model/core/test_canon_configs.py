"""A configuration's plain data is written and read once per configuration: the data
given out is the converter's, a fresh copy each time, and malformed data is refused as
before."""

from typing import Any

import attrs
import cattrs
import pytest

from rules_oracle.model.core import Config, canon, registry
from rules_oracle.model.core.canon import canonical_text, error_paths, structure, unstructure


def test_a_configuration_gives_fresh_data_equal_to_the_converters() -> None:
    config = registry.get("cities_knights").config(4)
    first = unstructure(config)
    assert first == {"players": 4, "type": "Config",
                     "variant": [list(pair) for pair in config.variant]}
    first["players"] = 3
    first["variant"][0][1] = "changed"
    again = unstructure(config)
    assert again["players"] == 4 and again["variant"][0] == list(config.variant[0])
    assert again is not first
    assert structure(again, Config) == config
    assert canonical_text(again) == canon.to_json(config)


def test_the_same_configuration_read_twice_is_the_same_value() -> None:
    config = Config(3, (("a", "x"), ("b", "y")))
    data = unstructure(config)
    assert structure(data, Config) == config
    assert structure(unstructure(config), Config) is structure(data, Config)


@pytest.mark.parametrize("change", [
    lambda d: d.update(players=True),
    lambda d: d.update(players="3"),
    lambda d: d.update(variant=[["a", 1]]),
    lambda d: d.update(variant=[["a", "x", "y"]]),
    lambda d: d.update(extra=1),
    lambda d: d.pop("variant"),
    lambda d: d.update(type="Other"),
])
def test_malformed_configurations_are_still_refused(change: Any) -> None:
    data = unstructure(Config(3, (("a", "x"),)))
    change(data)
    with pytest.raises((cattrs.BaseValidationError, TypeError, ValueError, KeyError)):
        structure(data, Config)
    with pytest.raises((cattrs.BaseValidationError, TypeError, ValueError, KeyError)):
        structure([3, []], Config)


def test_past_the_kept_configurations_they_start_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canon, "CONFIGS_KEPT", 2)
    configs = [Config(n, (("a", str(n)),)) for n in range(2, 7)]
    for config in configs * 2:
        assert structure(unstructure(config), Config) == config
        assert canonical_text(unstructure(config)) == canon.to_json(config)


def test_a_configuration_whose_pairs_hold_more_than_strings_is_copied_whole() -> None:
    config = Config(2, (("a", ("x", "y")),))  # type: ignore[arg-type]
    first = unstructure(config)
    assert first["variant"] == [["a", ["x", "y"]]]
    first["variant"][0][1].append("z")
    again = unstructure(config)
    assert again["variant"] == [["a", ["x", "y"]]]
    assert canonical_text(again) == canon.to_json(config)


def test_scalar_tuples_read_back_exactly_and_refuse_other_items() -> None:
    assert structure([1, 2, 3], tuple[int, ...]) == (1, 2, 3)
    assert structure([], tuple[str, ...]) == ()
    assert structure([True, False], tuple[bool, ...]) == (True, False)
    for bad, t in (([1, True], tuple[int, ...]), ([1, "2"], tuple[int, ...]),
                   (["a", 1], tuple[str, ...]), ([1], tuple[bool, ...])):
        with pytest.raises((cattrs.BaseValidationError, TypeError)):
            structure(bad, t)


def test_fixed_tuples_of_scalars_and_of_values_unstructure_alike() -> None:
    assert unstructure((1, True, "x", None)) == [1, True, "x", None]
    config = Config(2, (("a", "x"),))
    assert canon.converter.unstructure((1, 2), tuple[int, int]) == [1, 2]
    assert canon.converter.unstructure((config, 2), tuple[Config, int]) == [
        unstructure(config), 2]


@attrs.frozen(slots=True)
class Counted:
    n: int
    name: str
    on: bool
    values: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    row: tuple[int, int, bool]


@attrs.frozen(slots=True)
class Converted:
    n: int = attrs.field(converter=int)


def test_well_formed_data_reads_back_field_by_field_and_faults_are_named() -> None:
    value = Counted(3, "x", True, (1, 2), ((1, 2),), (4, 5, False))
    data = unstructure(value)
    assert structure(data, Counted) == value
    for key, bad, said in (("n", True, "expected an integer"), ("name", 1, "expected a string"),
                           ("on", 0, "expected true or false"), ("values", [1, "2"], "[1]"),
                           ("pairs", [[1]], "$.pairs"), ("row", [4, 5], "Not enough values"),
                           ("row", [4, True, False], "$.row[1]")):
        with pytest.raises(cattrs.BaseValidationError) as info:
            structure({**data, key: bad}, Counted)
        assert any(said in p and f"$.{key}" in p for p in error_paths(info.value))
    with pytest.raises(cattrs.BaseValidationError) as extra:
        structure({**data, "more": 1}, Counted)
    assert "unknown field(s): more @ $" in error_paths(extra.value)
    missing = {k: v for k, v in data.items() if k != "on"}
    with pytest.raises(cattrs.BaseValidationError) as gone:
        structure(missing, Counted)
    assert error_paths(gone.value) == ["required field missing @ $.on"]


def test_a_class_with_an_attrs_converter_reads_the_general_way() -> None:
    assert canon._fast_reader(Converted, list(attrs.fields(Converted)),
                              canon.converter) is None
    assert structure({"n": 4, "type": "Converted"}, Converted) == Converted(4)


def test_fixed_rows_of_scalars_read_item_for_item() -> None:
    assert structure([[1, 2], [3, 4]], tuple[tuple[int, int], ...]) == ((1, 2), (3, 4))
    assert structure([1, "a", True], tuple[int, str, bool]) == (1, "a", True)
    for bad, said in (([1, 2, 3], "Too many values"), ([1, True], "expected an integer")):
        with pytest.raises(cattrs.BaseValidationError) as info:
            structure(bad, tuple[int, int])
        assert any(said in p for p in error_paths(info.value))
