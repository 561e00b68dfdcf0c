"""A configuration's plain data is written and read once per configuration: the data
given out is the converter's, a fresh copy each time, and malformed data is refused as
before."""

from typing import Any

import cattrs
import pytest

from rules_oracle.model.core import Config, canon, registry
from rules_oracle.model.core.canon import canonical_text, structure, unstructure


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
