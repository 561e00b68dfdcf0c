"""The term helpers the encodings and the provers share (solver/terms.py)."""

import z3

from rules_oracle.solver import terms


def value(term: object) -> object:
    """The value of a closed term."""
    found = z3.simplify(terms.as_term(term))
    if z3.is_bool(found):
        return z3.is_true(found)
    return found.as_long()


def test_values_become_terms_of_their_sort() -> None:
    x = z3.Int("x")
    assert terms.as_term(True).sort() == z3.BoolSort() and value(terms.as_term(False)) is False
    assert terms.as_term(3).sort() == z3.IntSort() and value(terms.as_term(3)) == 3
    assert terms.as_term(x) is x
    # an integer term takes a bool as its count
    assert terms.int_term(True).sort() == z3.IntSort() and value(terms.int_term(True)) == 1
    assert value(terms.int_term(-2)) == -2 and terms.int_term(x) is x


def test_sums_flags_ranges_and_choices() -> None:
    assert terms.pn(2, "vp") == "p2.vp"
    assert value(terms.sum_of([])) == 0
    assert value(terms.sum_of([z3.IntVal(2), z3.IntVal(5)])) == 7
    assert value(terms.flag(z3.BoolVal(True))) == 1 and value(terms.flag(z3.BoolVal(False))) == 0
    assert [value(terms.between(z3.IntVal(n), 1, 3)) for n in range(5)] == [
        False, True, True, True, False]
    assert [value(terms.in_range(z3.IntVal(n), 1, 3)) for n in range(5)] == [
        False, True, True, False, False]
    choices = [z3.IntVal(10), z3.IntVal(20), z3.IntVal(30)]
    assert [value(terms.select(z3.IntVal(i), choices)) for i in range(-1, 4)] == [
        0, 10, 20, 30, 0]
    assert value(terms.select(z3.IntVal(5), choices, z3.IntVal(-1))) == -1


def test_one_substitution_over_many_terms() -> None:
    x, y, z, b = z3.Int("x"), z3.Int("y"), z3.Int("z"), z3.Bool("b")
    shared = z3.If(b, x + 1, x * 2)
    many = [shared + y, z3.And(b, shared > y), x - 0, shared]
    pairs = [(x, z), (b, y > z)]
    found = terms.substitute_all(many, pairs)
    # the very terms one substitution a term gives (no rewriting: ``z - 0`` stays)
    assert len(found) == len(many)
    assert all(f.eq(z3.substitute(t, *pairs)) for f, t in zip(found, many, strict=True))
    assert found[2].eq(z - 0) and not found[2].eq(z)
    assert found[1].sort() == z3.BoolSort() and found[0].sort() == z3.IntSort()
    assert terms.substitute_all([], pairs) == []
    assert all(f is t for f, t in zip(terms.substitute_all(many, []), many, strict=True))


def test_ite_is_the_term_if_builds() -> None:
    x, y, b = z3.Int("x"), z3.Int("y"), z3.Bool("b")
    r = z3.Real("r")
    other = z3.Context()
    cases = [(b, x, y), (b, x + 1, z3.IntVal(0)), (x > y, terms.ONE, terms.Z), (b, r, r * 2),
             # the coercions z3.If makes: an int and a real, Python values, a Python bool
             (b, x, r), (b, x, 3), (b, 2, 5), (True, x, y), (b, z3.Bool("c"), z3.BoolVal(True))]
    for cond, a, c in cases:
        found, built = terms.ite(cond, a, c), z3.If(cond, a, c)
        assert found.eq(built) and type(found) is type(built)
    assert terms.ite(z3.Bool("b", other), z3.Int("x", other), z3.Int("y", other)).ctx is other
