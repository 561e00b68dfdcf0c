"""Small Z3 term helpers the encodings and the provers share: constants, sums, 0/1 flags,
bounded integers, a choice among terms by an index term, the conversion of a model's
Python values to Z3 terms, and one substitution over many terms."""

from collections.abc import Sequence
from typing import Any

import z3

#: the integer terms 0 and 1
Z = z3.IntVal(0)
ONE = z3.IntVal(1)


def as_term(value: Any) -> Any:
    """``value`` as a Z3 term: a Python bool as a Boolean, an int as an integer, a term as
    it is."""
    if isinstance(value, bool):
        return z3.BoolVal(value)
    if isinstance(value, int):
        return z3.IntVal(value)
    return value


def int_term(x: Any) -> Any:
    """``x`` as an integer term: a Python int (a bool counts 0 or 1) as its value, a term
    as it is."""
    return z3.IntVal(x) if isinstance(x, int) else x


def pn(i: int, name: str) -> str:
    """The name of player ``i``'s variable ``name``."""
    return f"p{i}.{name}"


def sum_of(terms: list[Any]) -> Any:
    """The sum of ``terms`` (0 for none)."""
    return z3.Sum(*terms) if terms else Z


def flag(cond: Any) -> Any:
    """1 where ``cond`` holds, else 0."""
    return ite(cond, ONE, Z)


def between(x: Any, lo: int, hi: int) -> Any:
    """``lo <= x <= hi``."""
    return z3.And(x >= lo, x <= hi)


def in_range(x: Any, lo: int, hi: int) -> Any:
    """``lo <= x < hi`` (an index into ``hi - lo`` things)."""
    return z3.And(x >= lo, x < hi)


def ite(cond: Any, a: Any, b: Any) -> Any:
    """``z3.If(cond, a, b)``, the very same term: where ``cond`` is a Boolean term and ``a``
    and ``b`` are arithmetic terms of one sort and of its context (so that ``z3.If``'s
    coercions leave them as they are), made by one call into Z3's C API, without those
    coercions' Python wrappers of every sort they compare (a third of the time to build an
    update's chain of ``If`` per acting player); otherwise by ``z3.If``."""
    if (type(cond) is z3.BoolRef and isinstance(a, z3.ArithRef) and isinstance(b, z3.ArithRef)
            and a.ctx is cond.ctx and b.ctx is cond.ctx):
        ref = cond.ctx.ref()
        x, y = a.as_ast(), b.as_ast()
        if _SORT(ref, x).value == _SORT(ref, y).value:
            return z3.ArithRef(_MK_ITE(ref, cond.as_ast(), x, y), cond.ctx)
    return z3.If(cond, a, b)


_SORT = z3.z3core.Z3_get_sort
_MK_ITE = z3.z3core.Z3_mk_ite


def select(index: Any, values: list[Any], default: Any = Z) -> Any:
    """values[index] as an If-chain (``default`` outside the range)."""
    out = default
    for j in reversed(range(len(values))):
        out = ite(index == j, values[j], out)
    return out


def substitute_all(terms: Sequence[Any], pairs: Sequence[tuple[Any, Any]]) -> list[Any]:
    """``[z3.substitute(t, *pairs) for t in terms]`` (terms of any sorts) in one substitution:
    the terms are the arguments of one application, so that a subterm they share is
    substituted once, not once a term. Z3 substitutes without rewriting, so each result is
    the very term built with the replacements in place of what they replace (the same term,
    and id, as building it so)."""
    if not terms:
        return []
    if not pairs:
        return list(terms)
    pack = z3.Function("substitute_all!", *(t.sort() for t in terms), z3.BoolSort())
    return list(z3.substitute(pack(*terms), *pairs).children())
