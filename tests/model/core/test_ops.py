"""The fast copy-with-changes of frozen classes equals ``attrs.evolve``; a function
remembered by identity gives what the function gives."""

import attrs
import pytest

from rules_oracle.model.core import ops
from rules_oracle.model.core.ops import by_identity, evolve


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


def test_evolve_of_a_dict_backed_class_copies_its_dictionary() -> None:
    value = Plain(1, (2, 3))
    changed = evolve(value, a=7)
    # a copy of the dictionary, not the same one: the original keeps its fields
    assert changed.__dict__ is not value.__dict__ and value.__dict__ == {"a": 1, "b": (2, 3)}
    assert changed.__dict__ == {"a": 7, "b": (2, 3)} and changed.b is value.b
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        changed.a = 2  # type: ignore[misc]
    with pytest.raises(KeyError):
        evolve(value, d=2)
    assert value.__dict__ == {"a": 1, "b": (2, 3)}


@pytest.mark.parametrize("name", ["cities_knights", "caylus", "burgundy", "catan_cards",
                                  "crafts"])
def test_evolve_of_a_wide_state_equals_attrs_evolve(name: str) -> None:
    from rules_oracle.model.core import registry
    from rules_oracle.model.core.play import playout

    game = registry.get(name)
    for step in playout(game, game.config(4), 0):
        if step.index >= 200:
            break
        state = step.state
        changed = evolve(state, turn=state.turn + 1)
        assert changed == attrs.evolve(state, turn=state.turn + 1)
        assert changed != state and evolve(state) == state
        assert state.turn == step.state.turn and changed.turn == state.turn + 1


@pytest.mark.parametrize("name", ["burgundy", "catan_cards"])
def test_evolve_of_a_dict_backed_player_equals_attrs_evolve(name: str) -> None:
    """The dict-backed players (copied by one copy of their dictionary) copy as
    ``attrs.evolve`` does, and hash and compare as it does."""
    from rules_oracle.model.core import registry
    from rules_oracle.model.core.play import playout

    game = registry.get(name)
    for step in playout(game, game.config(4), 0):
        if step.index >= 200:
            break
        for pl in step.state.players:
            assert set(pl.__dict__) == {f.name for f in attrs.fields(type(pl))}
            changed = evolve(pl, vp=pl.vp + 1)
            assert changed == attrs.evolve(pl, vp=pl.vp + 1)
            assert hash(changed) == hash(attrs.evolve(pl, vp=pl.vp + 1))
            assert changed != pl and evolve(pl) == pl and changed.vp == pl.vp + 1


def test_by_identity_remembers_per_object_not_per_equal_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Slotted] = []

    def seat(value: Slotted) -> tuple[int, ...]:
        calls.append(value)
        return (value.a, *value.b)

    remembered = by_identity(seat)
    one, equal = Slotted(1, (2, 3)), Slotted(1, (2, 3))
    first = remembered(one)
    assert first == (1, 2, 3) and remembered(one) is first and calls == [one]
    # an equal but distinct object is computed afresh (its id names another value)
    assert remembered(equal) == first and len(calls) == 2 and calls[1] is equal
    assert remembered(Slotted(4)) == (4,)
    # past the bound the memory starts afresh, and still answers right
    monkeypatch.setattr(ops, "IDENTITY_ENTRIES", 3)
    assert remembered(Slotted(5)) == (5,) and remembered(one) == first
    assert len(calls) == 5 and calls[-1] is one


def test_evolve_refuses_an_unknown_field_of_a_class_without_slots() -> None:
    with pytest.raises(KeyError):
        evolve(Plain(1), d=2)
    value = Plain(1, (2,))
    assert evolve(value, a=3).__dict__ == {"a": 3, "b": (2,)} and value.a == 1
