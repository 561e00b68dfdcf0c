"""Seeded sampling of exact chance outcomes: the fast path for equally likely outcomes
draws the same ticket as the general one, also when a tuple found uniform is met again."""

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_oracle.model.core import chance
from rules_oracle.model.core.chance import sample, uniform


def _general(outcomes: tuple[tuple[int, Fraction], ...], rng: random.Random) -> int:
    """The general path: each outcome its own (equal) probability object."""
    return sample(tuple((a, Fraction(p.numerator, p.denominator)) for a, p in outcomes), rng)


@pytest.mark.parametrize("size", [1, 3, 36])
def test_uniform_outcomes_met_again_draw_what_the_general_path_draws(size: int) -> None:
    outcomes = uniform(list(range(size)))
    for seed in range(20):
        first = sample(outcomes, random.Random(seed))
        again = sample(outcomes, random.Random(seed))
        assert first == again == _general(outcomes, random.Random(seed))
    assert (chance._UNIFORM.get(id(outcomes)) is outcomes) == (size >= 8)


def test_unequal_outcomes_are_not_taken_for_uniform() -> None:
    outcomes = ((0, Fraction(1, 2)), *((k, Fraction(1, 18)) for k in range(1, 10)))
    draws = [sample(outcomes, random.Random(seed)) for seed in range(200)]
    assert id(outcomes) not in chance._UNIFORM
    assert 60 < draws.count(0) < 140  # half the draws, not a tenth


def test_the_memory_starts_afresh_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance, "UNIFORM_ENTRIES", 2)
    kept = [uniform(list(range(8 + k))) for k in range(5)]
    for outcomes in kept:
        sample(outcomes, random.Random(0))
        assert len(chance._UNIFORM) <= 2
    assert chance._UNIFORM.get(id(kept[-1])) is kept[-1]


def test_unequal_outcomes_met_again_draw_what_a_fresh_list_draws() -> None:
    """A tuple's weights are remembered (held by identity): met again, and between draws
    of other outcomes, it draws what the same outcomes in a fresh list (never remembered)
    draw."""
    a = ((0, Fraction(1, 2)), (1, Fraction(1, 3)), (2, Fraction(1, 6)))
    b = ((5, Fraction(3, 4)), (6, Fraction(1, 4)))
    for seed in range(50):
        for outcomes in (a, b, a):
            got = sample(outcomes, random.Random(seed))
            assert got == sample(list(outcomes), random.Random(seed))
    assert chance._WEIGHTS[id(a)] == (a, (3, 2, 1), 6)
    assert not any(type(known[0]) is list for known in chance._WEIGHTS.values())


def test_the_weights_memory_starts_afresh_past_its_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance, "WEIGHTS_ENTRIES", 2)
    kept = [((0, Fraction(1, k)), (1, Fraction(k - 1, k))) for k in range(3, 8)]
    for outcomes in kept:
        sample(outcomes, random.Random(0))
        assert len(chance._WEIGHTS) <= 2
    assert chance._WEIGHTS[id(kept[-1])][0] is kept[-1]


def test_a_draws_equal_probabilities_are_one_object() -> None:
    """``draw_outcomes`` gives one probability object per (count, total): equal
    probabilities are the same object, so equally likely draws take the uniform path."""
    outcomes = chance.draw_outcomes(enumerate((2, 2, 0, 2, 2)), str)
    assert [k for k, _ in outcomes] == ["0", "1", "3", "4"]
    assert all(p is outcomes[0][1] and p == Fraction(1, 4) for _, p in outcomes)
    assert chance.draw_outcomes(enumerate((1, 3)), str)[1][1] == Fraction(3, 4)


@given(st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=12)
       .filter(any))
def test_a_draws_remembered_weights_are_those_its_fractions_give(counts: list[int]) -> None:
    """``draw_outcomes`` remembers the weights :func:`chance._weights` finds from its
    fractions (the counts over their greatest common divisor), so a sample of it draws the
    same ticket as a fresh list of the same outcomes, which finds them."""
    outcomes = chance.draw_outcomes(enumerate(counts), int)
    known = chance._WEIGHTS[id(outcomes)]
    assert known[0] is outcomes
    assert (known[1], known[2]) == chance._weights(outcomes)
    for seed in range(5):
        assert sample(outcomes, random.Random(seed)) == sample(list(outcomes),
                                                               random.Random(seed))


def test_counted_weights_are_the_counts_over_their_divisor() -> None:
    outcomes = ((0, Fraction(2, 6)), (1, Fraction(4, 6)))
    assert chance.counted(outcomes, [2, 4], 6) is outcomes
    assert chance._WEIGHTS[id(outcomes)] == (outcomes, (1, 2), 3)
    prime = ((0, Fraction(3, 5)), (1, Fraction(2, 5)))
    chance.counted(prime, [3, 2], 5)
    assert chance._WEIGHTS[id(prime)] == (prime, (3, 2), 5)


def test_counted_memory_starts_afresh_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance, "WEIGHTS_ENTRIES", 2)
    kept = [chance.draw_outcomes(enumerate((1, k)), int) for k in range(1, 6)]
    assert len(chance._WEIGHTS) <= 2
    assert chance._WEIGHTS[id(kept[-1])][0] is kept[-1]
