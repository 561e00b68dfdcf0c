"""Exact chance outcomes and their seeded sampling."""

import math
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

A = TypeVar("A")
K = TypeVar("K")


def draw_outcomes(
    counts: Iterable[tuple[K, int]], make: Callable[[K], A]
) -> tuple[tuple[A, Fraction], ...]:
    """One draw from a multiset given as (kind, count) pairs: P(kind) = count / total.

    Kinds with count 0 are left out; the order of ``counts`` is kept (canonical). The
    draw's integer weights are remembered with it (:func:`counted`).
    """
    pairs = [(k, n) for k, n in counts if n > 0]
    total = sum(n for _, n in pairs)
    if total == 0:
        raise ValueError("draw from an empty multiset")
    return counted(tuple([(make(k), _probability(n, total)) for k, n in pairs]),
                   [n for _, n in pairs], total)


def counted(outcomes: tuple[tuple[A, Fraction], ...], counts: Sequence[int],
            total: int) -> tuple[tuple[A, Fraction], ...]:
    """``outcomes``, a draw whose probabilities are ``counts[i] / total`` (the counts
    positive, ``total`` their sum), with the integer weights :func:`sample` draws its ticket
    against remembered beside it, so that a sample of it need not find them from the
    fractions.

    They are the weights :func:`_weights` finds: the probabilities over their common
    denominator, which is ``total`` over the greatest common divisor ``g`` of the counts
    (``g`` divides ``total``), so each weight is ``count // g`` and their sum ``total // g``
    (tests compare the two)."""
    g = math.gcd(*counts)
    _keep(outcomes, tuple(counts) if g == 1 else tuple([n // g for n in counts]), total // g)
    return outcomes


@lru_cache(maxsize=1 << 12)
def _probability(n: int, total: int) -> Fraction:
    """``Fraction(n, total)``, one object per pair (a fraction is immutable; its
    normalisation costs a gcd and a few allocations a draw)."""
    return Fraction(n, total)


def uniform(actions: Sequence[A]) -> tuple[tuple[A, Fraction], ...]:
    """Every action equally likely."""
    if not actions:
        raise ValueError("uniform choice among no outcomes")
    p = Fraction(1, len(actions))
    return tuple((a, p) for a in actions)


#: id -> outcomes (a tuple, held so that its id names it) found to share one probability
#: object; past :data:`UNIFORM_ENTRIES` the memory starts afresh
_UNIFORM: dict[int, Sequence[tuple[object, Fraction]]] = {}
UNIFORM_ENTRIES = 256


def sample(outcomes: Sequence[tuple[A, Fraction]], rng: random.Random) -> A:
    """Pick an outcome with its exact probability, using integers only.

    Outcomes sharing one probability object (as :func:`uniform` gives them) take a fast
    path that draws the same ticket as the general one (every weight is then 1)."""
    if _UNIFORM.get(id(outcomes)) is outcomes:  # found uniform before (a game's dice)
        return outcomes[rng.randrange(len(outcomes))][0]
    first = outcomes[0][1] if outcomes else None
    if first is not None and first.numerator == 1 and first.denominator == len(outcomes) \
            and all(p is first for _, p in outcomes):
        if type(outcomes) is tuple and len(outcomes) >= 8:  # immutable: stays uniform
            if len(_UNIFORM) >= UNIFORM_ENTRIES:
                _UNIFORM.clear()
            _UNIFORM[id(outcomes)] = outcomes
        return outcomes[rng.randrange(len(outcomes))][0]
    known = _WEIGHTS.get(id(outcomes))
    if known is not None and known[0] is outcomes:  # met before (a draw's outcomes)
        weights, total = known[1], known[2]
    else:
        weights, total = _weights(outcomes)
        if type(outcomes) is tuple:  # immutable: its weights stay
            _keep(outcomes, weights, total)
    ticket = rng.randrange(total)
    for (action, _), w in zip(outcomes, weights, strict=True):
        if ticket < w:
            return action
        ticket -= w
    raise AssertionError("weights do not cover the ticket")  # pragma: no cover


#: id -> outcomes (a tuple, held so that its id names it), their integer weights and the
#: weights' sum; past :data:`WEIGHTS_ENTRIES` the memory starts afresh
_WEIGHTS: dict[int, tuple[Sequence[tuple[object, Fraction]], tuple[int, ...], int]] = {}
WEIGHTS_ENTRIES = 4096


def _keep(outcomes: tuple[tuple[A, Fraction], ...], weights: tuple[int, ...],
          total: int) -> None:
    """Remember ``outcomes``' weights and their sum in :data:`_WEIGHTS` (held by identity),
    the memory started afresh past :data:`WEIGHTS_ENTRIES`."""
    if len(_WEIGHTS) >= WEIGHTS_ENTRIES:
        _WEIGHTS.clear()
    _WEIGHTS[id(outcomes)] = (outcomes, weights, total)


def _weights(outcomes: Sequence[tuple[A, Fraction]]) -> tuple[tuple[int, ...], int]:
    """The outcomes' probabilities as integers over their common denominator, and their
    sum."""
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    weights = tuple(p.numerator * (denominator // p.denominator) for _, p in outcomes)
    return weights, sum(weights)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
