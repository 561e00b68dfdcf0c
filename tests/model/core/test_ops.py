"""The fast copy-with-changes of frozen classes equals ``attrs.evolve``."""

import attrs
import pytest

from rules_oracle.model.core.ops import evolve


@attrs.frozen(slots=True)
class Slotted:
    a: int
    b: tuple[int, ...] = ()
    c: str = "x"


@attrs.frozen(slots=False)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@pytest.mark.parametrize("value", [Slotted(1, (2, 3)), Plain(1, (2, 3))], ids=["slots", "dict"])
def test_evolve_equals_attrs_evolve(value: Slotted | Plain) -> None:
    assert evolve(value) == value and evolve(value) is not value
    assert evolve(value, a=5) == attrs.evolve(value, a=5)
    changed = evolve(value, b=(9,), a=0)
    assert changed == attrs.evolve(value, b=(9,), a=0)
    assert value.a == 1 and value.b == (2, 3)  # the original is untouched
    assert hash(changed) == hash(attrs.evolve(value, b=(9,), a=0))


def test_evolve_refuses_an_unknown_field_of_a_slotted_class() -> None:
    with pytest.raises(KeyError):
        evolve(Slotted(1), d=2)
