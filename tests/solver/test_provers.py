"""The generic provers prove the toy encoding and catch every broken variant."""

from typing import Any

import pytest
import z3

from oracle import verify
from properties.generic import all_configs
from solver import provers
from solver.encoding import ActionKind
from tests import toyencoding as toy
from tests.toygame import GAME


@pytest.mark.parametrize("players", [2, 3])
def test_toy_encoding_proves(players: int) -> None:
    outcomes, bounds = provers.prove_all(toy.ENCODING, players)
    names = {o.name for o in outcomes}
    assert {f"inductive/{p}/p{players}" for p in
            ("roll-range", "turn-range", "positions-nonnegative", "positions-bounded",
             "progress")} <= names
    assert f"completeness/p{players}" in names and f"monotone-scores/p{players}" in names
    assert all(o.status == "proved" for o in outcomes), outcomes
    values = {b.kind: b.value for b in bounds}
    assert values == {"roll": 0, "move": 3, "any-action": 3, "4-steps": 3}


def test_overreach_breaks_induction_with_a_counterexample() -> None:
    outcomes = {o.name: o for o in provers.inductive(toy.OverreachToyEncoding(), 2)}
    bad = outcomes["inductive/positions-bounded/p2"]
    assert bad.status == "counterexample" and not bad.ok
    assert "move{steps=4}" in bad.detail and "roll=3" in bad.detail
    assert outcomes["inductive/progress/p2"].status == "counterexample"
    assert outcomes["inductive/roll-range/p2"].status == "proved"


def test_stuck_encoding_fails_completeness() -> None:
    out = provers.completeness(toy.StuckToyEncoding(), 3)
    assert out.status == "counterexample"
    assert "turn=7" in out.detail and "roll=0" in out.detail


def test_monotonicity_counterexample() -> None:
    class Shrinking(toy.ToyEncoding):
        def kinds(self, players: int) -> tuple[Any, ...]:
            roll, move = super().kinds(players)
            return (roll, ActionKind(
                "move", move.params, move.domain, move.guard,
                lambda v, p: {**move.update(v, p), "pos0": v["pos0"] - p["steps"]}))

    out = provers.monotonicity(Shrinking(), 2)
    assert out.status == "counterexample"


@pytest.mark.rules("toy/move.within-roll", "toy/roll.chance")
def test_faithfulness_passes_on_the_toy() -> None:
    report = provers.faithfulness_report(GAME, toy.ENCODING, all_configs(GAME), 5000)
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions == 5000 and report.rejected > 1000
    assert report.observed[2].by_kind == {"roll": 0, "move": 3}


@pytest.mark.parametrize(("encoding", "says"), [
    (toy.DriftedToyEncoding(), "roll is 0 in the model"),
    (toy.OverreachToyEncoding(), "but the guard holds"),
    (toy.TightToyEncoding(), "but the guard is false"),
    (toy.StuckToyEncoding(), "but the guard is false"),
], ids=["drifted-update", "lax-guard", "tight-guard", "stuck-guard"])
def test_faithfulness_fails_on_a_drifted_encoding(encoding: Any, says: str) -> None:
    out = provers.faithfulness(GAME, encoding, all_configs(GAME), 2000)
    assert out.status == "failed" and says in out.detail


def test_faithfulness_sees_a_wrong_invariant_and_terminal() -> None:
    class WrongI(toy.ToyEncoding):
        def invariant_parts(self, v: Any, players: int) -> dict[str, Any]:
            return {**super().invariant_parts(v, players), "never-moved": v["pos0"] == 0}

    class WrongEnd(toy.ToyEncoding):
        def terminal(self, v: Any, players: int) -> Any:
            return v["turn"] >= 8

    out = provers.faithfulness(GAME, WrongI(), all_configs(GAME), 500)
    assert "never-moved is false" in out.detail
    out = provers.faithfulness(GAME, WrongEnd(), all_configs(GAME), 500)
    assert "terminal False but the model says True" in out.detail


def test_bounds_are_checked_against_play() -> None:
    out = verify.run(GAME, games=4, invariants=toy.INVARIANTS,
                     encoding=toy.TightToyEncoding(), transitions=1000)
    by_name = {o.name: o for o in out}
    assert by_name["bound/move/p2"].status == "failed"
    assert "max gain 2; observed 3" in by_name["bound/move/p2"].detail
    assert by_name["bound/roll/p2"].status == "proved"


def test_compiled_terms_agree_with_z3() -> None:
    x, y = z3.Ints("x y")
    terms = [x / y, x % y, z3.If(x > y, x - y, -x), z3.Distinct(x, y, 3),
             z3.Implies(x > 0, y > 0), z3.Xor(x > 0, y > 0), x * y + 2 * x]
    fast = provers.compile_terms(terms, [x, y])
    for a in range(-5, 6):
        for b in range(-5, 6):
            expected = []
            for t in terms:
                r = z3.simplify(z3.substitute(t, (x, z3.IntVal(a)), (y, z3.IntVal(b))))
                expected.append(r.as_long() if z3.is_int_value(r) else z3.is_true(r))
            if b == 0:
                continue  # Z3 leaves x div 0 uninterpreted
            assert list(fast([a, b])) == expected, (a, b)


def test_unsupported_terms_fall_back_to_z3() -> None:
    x = z3.Int("x")
    f = z3.Function("f", z3.IntSort(), z3.IntSort())
    slow = provers.compile_terms([x + 1, z3.ToInt(z3.ToReal(x))], [x])
    assert slow([4]) == (5, 4)
    with pytest.raises(ValueError):
        provers.compile_terms([f(x)], [x])([1])


class WitnessedToy(toy.ToyEncoding):
    """The toy with completeness witnesses: roll 1, or move 0."""

    def completeness_witnesses(self, v: Any, players: int) -> list[tuple[str, dict[str, Any]]]:
        return [("roll", {"value": z3.IntVal(1)}), ("move", {"steps": z3.IntVal(0)})]


class HalfWitnessedToy(toy.ToyEncoding):
    """Witnesses that miss the states after a roll: the general query must decide."""

    def completeness_witnesses(self, v: Any, players: int) -> list[tuple[str, dict[str, Any]]]:
        return [("roll", {"value": z3.IntVal(1)})]


class StuckWitnessedToy(toy.StuckToyEncoding):
    def completeness_witnesses(self, v: Any, players: int) -> list[tuple[str, dict[str, Any]]]:
        return [("roll", {"value": z3.IntVal(1)}), ("move", {"steps": z3.IntVal(0)})]


def test_completeness_by_witnesses() -> None:
    outcome = provers.completeness(WitnessedToy(), 2)
    assert outcome.status == "proved" and "2 witness actions" in outcome.detail


def test_completeness_falls_back_when_witnesses_miss_states() -> None:
    outcome = provers.completeness(HalfWitnessedToy(), 2)
    assert outcome.status == "proved"
    assert outcome.detail.startswith("the witness actions do not cover every state")


def test_completeness_witnesses_do_not_hide_a_stuck_state() -> None:
    outcome = provers.completeness(StuckWitnessedToy(), 2)
    assert outcome.status == "counterexample"


def test_faithfulness_names_unsampled_kinds_and_can_sample_on() -> None:
    short = provers.faithfulness_report(GAME, toy.ENCODING, all_configs(GAME), 1)
    assert short.transitions == 1
    assert short.outcome.detail.endswith("kinds never sampled: move")
    longer = provers.faithfulness_report(GAME, toy.ENCODING, all_configs(GAME), 1,
                                         until_every_kind=50)
    assert 1 < longer.transitions <= 50
    assert longer.outcome.detail.endswith("all 2 kinds sampled")
