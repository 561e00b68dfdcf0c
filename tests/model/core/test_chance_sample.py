"""Seeded sampling of exact chance outcomes: the fast path for equally likely outcomes
draws the same ticket as the general one, also when a tuple found uniform is met again."""

import random
from fractions import Fraction

import pytest

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
