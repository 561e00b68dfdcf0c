"""The generic provers prove the toy encoding and catch every broken variant."""

import collections
import ctypes
import ctypes.util
import random
import re
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest
import z3

from rules_oracle.model.core.canon import digest
from rules_oracle.model.core.play import POLICIES, choose
from rules_oracle.oracle import verify
from rules_oracle.properties import generic
from rules_oracle.properties.base import Violation
from rules_oracle.properties.generic import all_configs
from rules_oracle.solver import provers
from rules_oracle.solver.encoding import ActionKind, BoundCase, Opening
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


@pytest.mark.rules("toy/move.within-roll", "toy/roll.chance")
def test_faithfulness_projects_each_state_once() -> None:
    seen: list[Any] = []

    class Counting(toy.ToyEncoding):
        def project(self, state: Any) -> dict[str, int]:
            seen.append(state)  # kept alive, so no two of them share an id
            return super().project(state)

    report = provers.faithfulness_report(GAME, Counting(), all_configs(GAME), 500)
    assert report.outcome.status == "passed", report.outcome.detail
    times = collections.Counter(id(s) for s in seen)
    # a step's state is the previous step's next state: its projection is the one
    # taken for the previous step's update
    assert len(seen) >= 500 and max(times.values()) == 1


def test_faithfulness_locates_a_disagreement_by_seed_step_and_state_digest() -> None:
    out = provers.faithfulness(GAME, toy.DriftedToyEncoding(), all_configs(GAME), 2000)
    assert out.status == "failed"
    found = re.search(r"seed (\d+) step (\d+) state ([0-9a-f]{12})(?: \(variant\))?: move",
                      out.detail)
    assert found is not None, out.detail
    game_seed, step = int(found.group(1)), int(found.group(2))
    state = GAME.setup(all_configs(GAME)[game_seed % len(all_configs(GAME))])
    rng = random.Random(game_seed)
    for _ in range(step):
        state = GAME.apply(state, choose(GAME, state, rng, POLICIES[game_seed % 2]))
    assert digest(state)[:12] == found.group(3)


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


def test_enabled_at_is_the_kind_built_at_the_parameters() -> None:
    """A witness's enabled term, substituted into its kind's step, is the very term of its
    kind's domain and guard built at the witness's parameters; a Python int stands for its
    value."""
    from rules_oracle.solver.provers.deadlock import enabled_at

    encoding = WitnessedToy()
    f = provers.frame(encoding, 2)
    kinds = {k.name: k for k in f.kinds}
    for name, params in encoding.completeness_witnesses(f.pre, 2):
        built = z3.And(kinds[name].domain(params), kinds[name].guard(f.pre, params))
        assert enabled_at(f, name, params).eq(built)
    for value in (0, 3):
        built = z3.And(kinds["roll"].domain({"value": z3.IntVal(value)}),
                       kinds["roll"].guard(f.pre, {"value": z3.IntVal(value)}))
        assert enabled_at(f, "roll", {"value": value}).eq(built)


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


def test_cases_decide_what_the_whole_query_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = provers.prove_all(toy.ENCODING, 2)[0]
    monkeypatch.setattr(provers.LIMITS, "whole_first", 0.0)  # straight to the cases
    split, _ = provers.prove_all(toy.CasesToyEncoding(), 2)
    assert {o.name: o.status for o in split} == {
        **{o.name: o.status for o in whole}, "cases-cover/p2": "proved"}
    broken = {o.name: o for o in provers.inductive(CasesOverreach(), 2)}
    assert broken["inductive/positions-bounded/p2"].status == "counterexample"
    assert "move" in broken["inductive/positions-bounded/p2"].detail


class CasesOverreach(toy.OverreachToyEncoding):
    def cases(self, v: Any, players: int) -> list[Any]:
        return [v["roll"] == 0, v["roll"] > 0]


def test_a_case_split_that_misses_states_is_a_counterexample() -> None:
    gap = provers.cases_cover(toy.GappedCasesToyEncoding(), 2)
    assert gap is not None and gap.status == "counterexample"
    assert "roll=2}" in gap.detail
    assert provers.cases_cover(toy.ENCODING, 2) is None


class _Undecided:
    """A solver that settles nothing: the path of a case that times out."""

    def __init__(self, timeout: float) -> None:
        self.added: list[Any] = []

    def add(self, *terms: Any) -> None:
        self.added.extend(terms)

    def check(self) -> Any:
        return z3.unknown

    def reason_unknown(self) -> str:
        return "canceled"  # what Z3 says when the budget (rlimit) runs out

    def spent(self) -> float:
        return 0.0

    def set(self, name: str, value: Any) -> None:
        pass

    def maximize(self, term: Any) -> Any:
        return None


def test_cases_settle_or_stay_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    x = z3.Int("x")
    easy, found = provers.decide(x == 7, [x < 5, x >= 5], 1.0, 0.0)
    assert easy == z3.sat and found.model()[x].as_long() == 7
    none, _ = provers.decide(z3.And(x == 7, x == 8), [x < 5, x >= 5], 1.0, 0.0)
    assert none == z3.unsat
    monkeypatch.setattr(provers.SOLVERS, "check", _Undecided)
    stuck, last = provers.decide(x == 7, [x < 5, x >= 5], 1.0, 2.0)
    assert stuck == z3.unknown and any(z3.eq(t, x >= 5) for t in last.added)
    outcome = provers.inductive(toy.CasesToyEncoding(), 2, timeout=3.0, parts=("roll-range",))
    assert [(o.status, o.detail) for o in outcome] == [("unknown", "move: timed out after 3 s")]


def test_a_probe_then_the_cases_then_the_whole_query(monkeypatch: pytest.MonkeyPatch) -> None:
    """`decide` gives the whole query a short probe, then asks case by case, and when a
    case does not settle asks the whole query again with the full budget."""
    x = z3.Int("x")
    cases = [x < 5, x >= 5]
    real = provers.Query
    asked: list[tuple[str, float]] = []

    class CasesStuck:
        """Z3, except that a case query or a query on the probe's budget does not settle."""

        def __init__(self, timeout: float) -> None:
            self.inner, self.timeout, self.terms = real(timeout), timeout, list[Any]()

        def add(self, *terms: Any) -> None:
            self.terms.extend(terms)
            self.inner.add(*terms)

        def check(self) -> Any:
            case = any(z3.eq(c, t) for c in cases for t in self.terms)
            asked.append(("case" if case else "whole", self.timeout))
            return z3.unknown if case or self.timeout < 1.0 else self.inner.check()

        def model(self) -> Any:
            return self.inner.model()

    monkeypatch.setattr(provers.SOLVERS, "check", CasesStuck)
    found, s = provers.decide(x == 7, cases, 1.0, 0.3)
    assert found == z3.sat and s.model()[x].as_long() == 7
    assert asked == [("whole", 0.3), ("case", 1.0), ("case", 1.0), ("whole", 1.0)]
    asked.clear()
    # a whole query that had the full budget is not asked again
    assert provers.decide(x == 7, cases, 0.5, 0.5)[0] == z3.unknown
    assert asked == [("whole", 0.5), ("case", 0.5), ("case", 0.5)]


def test_a_query_runs_in_a_context_of_its_own_on_a_budget_of_z3_work() -> None:
    """Every query is translated into a Z3 context of its own and spends a budget of Z3
    resource units (the same for the same query in every process), not of wall-clock
    time: out of it, the query is unknown; its model reads terms of the main context."""
    x, y = z3.Ints("x y")
    query = [x * x + y * y == 25, x > y, y > 0]
    spent = []
    for _ in range(2):
        s = provers.solver(1.0)
        s.add(*query)
        assert s.check() == z3.sat
        assert s.model().eval(x * x + y * y).as_long() == 25 and s.model()[x].as_long() == 4
        spent.append(s.spent())
    assert 0 < spent[0] == spent[1] < 1.0
    starved = provers.solver(1 / provers.RLIMIT_PER_SECOND)
    starved.add(*query)
    assert starved.check() == z3.unknown
    assert provers.reason(starved, 1e-7) == "timed out after 1e-07 s"


def test_a_query_asserts_each_term_translated_as_given() -> None:
    """`Query.add` asserts the terms translated into the query's context, in one translation
    of their conjunction: the same assertions, in the same order, as translating each term
    alone (one term, a term that is itself a conjunction, a term given twice); a term that is
    not a Bool is refused."""
    x, y = z3.Ints("x y")
    for terms in ([x > 1], [x > 1, z3.And(y > x, y < 9), x > 1, x + y == 7], []):
        s = provers.solver(1.0)
        s.add(*terms)
        own = z3.Context()
        assert [a.sexpr() for a in s._s.assertions()] == [t.translate(own).sexpr() for t in terms]
    s = provers.solver(1.0)
    s.add(x > 1)
    s.add(y == x + 1, y < 3)
    assert s.check() == z3.unsat
    opt = provers.optimizer(1.0)
    opt.add(x >= 0, x <= 4, y == x + 1)
    handle = opt.maximize(y)
    assert opt.check() == z3.sat and handle.value().as_long() == 5
    with pytest.raises(z3.Z3Exception):
        provers.solver(1.0).add(x + 1)


def test_a_sparing_round_counts_a_state_only_when_it_satisfies_i(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A state found under some of I's conjuncts settles the query (sat) only when it
    satisfies all of them; in the last round one that breaks a conjunct leaves the query
    unknown, and an earlier round adds the conjuncts it breaks and asks again."""
    x, y = z3.Ints("x y")
    whole = (x >= 0, y >= 0, x + y <= 4)
    assert provers.sparing([x >= 4], list(whole), whole, 2.0, rounds=1)[0] == z3.sat
    # x + y > 4 with no conjunct of I: the state found breaks some of them
    assert provers.sparing([x + y > 4], [], whole, 2.0, rounds=1)[0] == z3.unknown
    assert provers.sparing([x + y > 4], [], whole, 2.0, rounds=4)[0] == z3.unsat
    assert provers.sparing([x > 2], [], whole, 2.0, rounds=4)[0] == z3.sat


def test_the_wall_clock_stop_is_a_guard_against_a_hung_solver_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A query's wall-clock stop leaves its budget of Z3's work room on a loaded machine:
    under a load of about 13 on 2 cores (a sixth of a core each) a budget's second of the SMT
    core took up to 4 s of wall time, so a stop of three times the budget turned three
    verdicts unknown that a quiet machine proves; the stop is tens of times the budget, a
    minute more, and a query it ends says so rather than that its budget ran out."""
    from rules_oracle.solver.provers import queries

    for budget in (0.3, 1.0, 10.0):
        assert queries.Query.wall(budget) >= 30 * budget + 60
    x, y, z = z3.Ints("x y z")
    hard = [x * x * x + y * y * y == z * z * z, x > 1000, y > 1000, z > 1000]
    monkeypatch.setattr(queries, "WALL_FACTOR", 0.0)
    monkeypatch.setattr(queries, "WALL_SLACK", 0.001)
    s = provers.solver(1000.0)
    s.add(*hard)
    assert s.check() == z3.unknown
    assert provers.reason(s, 1000.0) == (
        "stopped by the wall-clock guard before its budget of 1000 s was spent")


def test_inductive_names_unknown_parts() -> None:
    with pytest.raises(KeyError, match="no-such-part"):
        provers.inductive(toy.ENCODING, 2, parts=("no-such-part",))


def _outcomes_without_time(out: list[Any]) -> list[tuple[str, str, str, str]]:
    return [(o.name, o.kind, o.status, o.detail) for o in out]


def test_worker_processes_give_the_same_outcomes() -> None:
    one = verify.run(GAME, games=4, invariants=toy.INVARIANTS,
                     encoding=toy.CasesToyEncoding(), transitions=600, jobs=1)
    two = verify.run(GAME, games=4, invariants=toy.INVARIANTS,
                     encoding=toy.CasesToyEncoding(), transitions=600, jobs=2)
    assert _outcomes_without_time(one) == _outcomes_without_time(two)
    names = [o.name for o in one]
    assert names.index("cases-cover/p2") < names.index("completeness/p2")
    assert names.index("completeness/p3") < names.index("bound/roll/p2")
    assert names[-1] == "faithfulness"


def _dies() -> Any:
    import os

    os._exit(3)


def _raises() -> Any:
    raise RuntimeError("broken obligation")


def _plan(*tasks: Any) -> Any:
    return verify.Plan("toy", tasks, lambda results: [o for r in results for o in r])


def test_a_crashing_or_dying_obligation_is_a_failed_row() -> None:
    seen: list[tuple[str, int, int]] = []
    died = verify.execute([_plan(verify.Task("dies", "z3", _dies, verify._listed),
                                 verify.Task("dies too", "z3", _dies, verify._listed))],
                          jobs=2, progress=lambda *a: seen.append(a))[0]
    assert [(o.name, o.status) for o in died] == [("dies", "failed"), ("dies too", "failed")]
    assert all("worker process died" in o.detail for o in died)
    assert sorted(seen) == [("obligations", 1, 2), ("obligations", 2, 2)]
    raised = verify.execute([_plan(verify.Task("raises", "z3", _raises, verify._listed))])[0]
    assert [(o.name, o.status) for o in raised] == [("raises", "failed")]
    assert "broken obligation" in raised[0].detail


def test_a_share_of_tasks_goes_to_one_worker() -> None:
    """A free worker is given the first pending task of a share it has run (it reuses the
    Z3 terms built for it), else the first no other worker has a share in, else the
    first; tasks without a share go to whoever is free."""
    from rules_oracle.oracle import executor

    shares = ["a/p2", "b/p2", "a/p3", "a/p2", ""]
    mine = executor._Worker(None, cast(Any, None), shares={"a/p2"})
    other = executor._Worker(None, cast(Any, None), shares={"b/p2"})
    workers = [mine, other]
    assert executor._pick(mine, [0, 1, 2, 3, 4], workers, shares) == 0
    assert executor._pick(mine, [1, 2, 3, 4], workers, shares) == 2  # a/p2 again (task 3)
    assert executor._pick(mine, [1, 2, 4], workers, shares) == 1  # a/p3: nobody's yet
    assert executor._pick(other, [1, 2, 4], workers, shares) == 0  # b/p2, its own
    other.shares = {"b/p2", "a/p3"}
    assert executor._pick(mine, [1, 2, 4], workers, shares) == 2  # none of the others'
    assert executor._pick(mine, [1, 2], workers, shares) == 0  # all taken: the first


def _pid_after(seconds: float) -> int:
    import os
    import time

    time.sleep(seconds)
    return os.getpid()


def test_a_task_holding_other_shares_draws_their_tasks() -> None:
    """A task that builds the terms of other shares (faithfulness: every player count's)
    gives its worker those shares: their tasks go to it, not to the first worker free of
    work of its own. Item 3 (share a/p2, held by item 0) goes to item 0's worker, though
    item 2 (share c, nobody's) comes before it; without the holding it would wait for the
    other worker, or go to it."""
    from rules_oracle.oracle import executor

    pids = executor.LocalExecutor(2).map(
        _pid_after, [0.0, 0.5, 0.5, 0.0], shares=["a/p3", "b/p2", "c/p2", "a/p2"],
        holds=[("a/p2", "a/p3"), (), (), ()])
    assert pids[3] == pids[0] != pids[1]
    faith = next(t for t in verify.plan("crafts", 5).tasks if t.name == "faithfulness")
    assert faith.share == "crafts/p6"
    assert faith.holds == tuple(f"crafts/p{n}" for n in range(2, 7))


def test_verify_runs_the_observation_properties(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_oracle.model.core import registry
    from rules_oracle.properties import observation
    from rules_oracle.properties.base import Violation

    assert verify.observation_outcomes(GAME, 0) == []  # the toy has no observations
    crafts = registry.get("crafts")
    rows = verify.observation_outcomes(crafts, 0)
    assert [(o.name, o.status) for o in rows] == [(c, "passed") for c in observation.CHECKS]
    assert "hidden-information twins" in rows[0].detail

    leak = Violation(observation.PUBLIC_HIDES, "a hand shows")
    monkeypatch.setattr(observation, "run_observations",
                        lambda *a, **k: observation.ObservationRun(1, 1, (leak,)))
    rows = verify.observation_outcomes(crafts, 0)
    assert {o.name: o.status for o in rows}[observation.PUBLIC_HIDES] == "failed"

    def missing(name: str) -> Any:
        raise ModuleNotFoundError(f"No module named 'rules_oracle.properties.{name}_hidden'",
                                  name=f"rules_oracle.properties.{name}_hidden")

    monkeypatch.setattr("rules_oracle.properties.registry.hidden_twins", missing)
    rows = verify.observation_outcomes(crafts, 0)
    assert {o.status for o in rows} == {"unknown"}
    assert "no module properties.crafts_hidden" in rows[0].detail


def test_openings_are_sampled_first() -> None:
    class Opened(toy.ToyEncoding):
        openings = (Opening((), 3), Opening((), 2, players=3, policy="eager", seed=5))

    pairs = provers.opening_pairs(GAME, Opened())
    assert len(pairs) == 5 and pairs[0][0] == GAME.setup(GAME.config(GAME.min_players))
    assert pairs[3][0] == GAME.setup(GAME.config(3))
    for run in (pairs[:3], pairs[3:]):
        assert all(GAME.apply(s, a) == run[i + 1][0] for i, (s, a) in enumerate(run[:-1]))
    assert provers.opening_pairs(GAME, toy.ENCODING) == []


def test_a_scope_applies_to_a_bound_the_search_finds_unbounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where Optimize does not settle and the search passes its cap, the stated scope still
    gives the bound."""
    class Scoped(toy.ToyEncoding):
        def invariant_parts(self, v: Any, players: int) -> dict[str, Any]:
            parts = super().invariant_parts(v, players)
            del parts["roll-range"], parts["positions-bounded"], parts["progress"]
            return parts

        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(ActionKind(k.name, k.params, lambda p: z3.BoolVal(True), k.guard,
                                    k.update, k.rules) for k in super().kinds(players))

        def bound_scope(self, v: Any, players: int) -> tuple[str, Any]:
            return "moves of at most 3", v["roll"] <= 3

    move = next(k for k in Scoped().kinds(2) if k.name == "move")
    free = provers.kind_bound(Scoped(), 2, move)
    assert free.value is not None and "under moves of at most 3" in free.outcome.detail
    # Optimize does not settle: the search runs, passes its cap unscoped, then proves the
    # scoped bound
    monkeypatch.setattr(provers.SOLVERS, "optimize", _Undecided)
    monkeypatch.setattr(provers.LIMITS, "search_cap", 50)
    searched = provers.kind_bound(Scoped(), 2, move)
    assert searched.value == free.value and searched.outcome.status == "proved"
    assert searched.outcome.detail.startswith("max gain 3 under moves of at most 3")


def test_a_scope_applies_to_a_bound_that_does_not_settle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bound that does not settle over every state is proved under the encoding's scope,
    the row says both, the overall bound carries the scope, and play above a scoped bound
    (play covers every configuration) is shown, not failed; above an unscoped one it fails."""
    class Scoped(toy.ToyEncoding):
        def bound_scope(self, v: Any, players: int) -> tuple[str, Any]:
            return "rolls of at most 2", v["roll"] <= 2

    encoding = Scoped()
    scope = encoding.bound_scope(provers.frame(encoding, 2).pre, 2)[1]
    asked: list[bool] = []

    class OnlyInScope:
        """Z3 (a query or ``z3.Optimize``), except that a query without the scope does
        not settle."""

        def __init__(self, timeout: float, optimize: bool = False) -> None:
            self.inner = provers.Query(timeout, optimize=optimize)
            self.terms: list[Any] = []

        def add(self, *terms: Any) -> None:
            for term in terms:
                self.terms.extend(term.children() if z3.is_and(term) else [term])
            self.inner.add(*terms)

        def check(self) -> Any:
            asked.append(any(z3.eq(t, scope) for t in self.terms))
            return self.inner.check() if asked[-1] else z3.unknown

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def reason_unknown(self) -> str:
            return "canceled"  # out of its budget (rlimit)

    monkeypatch.setattr(provers.SOLVERS, "check", OnlyInScope)
    monkeypatch.setattr(provers.SOLVERS, "optimize",
                        lambda timeout: OnlyInScope(timeout, optimize=True))
    move = next(k for k in encoding.kinds(2) if k.name == "move")
    bound = provers.kind_bound(encoding, 2, move)
    assert not asked[0] and asked[-1]  # the queries under the scope come second
    assert bound.outcome.status == "proved" and bound.scope == "rolls of at most 2"
    assert bound.outcome.detail == (f"max gain {bound.value} under rolls of at most 2; "
                                    "over every state: timed out after 10 s (not settled)")
    overall = provers.overall_bound(2, [bound])
    assert overall.scope == "rolls of at most 2"
    assert overall.outcome.detail.endswith("(a kind's bound under rolls of at most 2)")
    assert bound.value is not None
    seen = provers.Observed()
    seen.by_kind["move"] = bound.value + 1
    shown, = provers.against_play([bound], seen)
    assert shown.status == "proved"
    assert "above the bound: play outside rolls of at most 2" in shown.detail
    unscoped = attrs.evolve(bound, scope=None)
    failed, = provers.against_play([unscoped], seen)
    assert failed.status == "failed"


def test_a_game_without_an_encoding_is_skipped_visibly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose ``solver.<game>`` module does not exist yet gets one visible
    ``skipped`` row saying so, and no Z3 task; a broken module is a failure."""
    def missing(name: str) -> Any:
        raise ModuleNotFoundError(f"No module named 'rules_oracle.solver.{name}'",
                                  name=f"rules_oracle.solver.{name}")

    monkeypatch.setattr(verify, "game_encoding", missing)
    found, row = verify._encoding("toy")
    assert found is None and row is not None
    assert (row.name, row.status) == ("encoding", "skipped")
    assert "no Z3 encoding yet (no module rules_oracle.solver.toy)" in row.detail
    plan = verify.plan(GAME, games=1, invariants=toy.INVARIANTS)
    assert [t.name for t in plan.tasks] == ["properties/0"]  # the toy has no observations

    def broken(name: str) -> Any:
        raise ModuleNotFoundError("No module named 'z3.missing'", name="z3.missing")

    monkeypatch.setattr(verify, "game_encoding", broken)
    assert verify._encoding("toy")[1].status == "failed"  # type: ignore[union-attr]


def test_changed_groups_drop_what_an_update_leaves_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """An invariant part is proved over the conjuncts a kind changes, in groups of CHUNK;
    a conjunct the update leaves syntactically alone holds already under I."""
    x, y, z = z3.Ints("x y z")
    before = z3.And(x >= 0, z3.And(y >= 0, z >= 0))
    after = z3.And(x >= 0, z3.And(y + 1 >= 0, z - 1 >= 0))
    groups = provers.changed_groups(before, after)
    assert [str(g) for g in groups] == ["And(y + 1 >= 0, z - 1 >= 0)"]
    assert provers.changed_groups(before, before) == []
    monkeypatch.setattr(provers.LIMITS, "chunk", 1)
    assert [str(g) for g in provers.changed_groups(before, after)] == [
        "And(y + 1 >= 0)", "And(z - 1 >= 0)"]
    # shapes that do not line up: the whole post-state part
    reshaped = provers.changed_groups(before, z3.And(x >= 0, y >= 0))
    assert [str(g) for g in reshaped] == ["And(x >= 0, y >= 0)"]
    assert provers.changed_groups(True, True) == []
    # a conjunct is dropped only when the invariant assumed over the pre-state has it
    partial_i = provers.conjunct_ids(z3.And(x >= 0, y >= 0))
    assert [str(g) for g in provers.changed_groups(before, before, partial_i)] == ["And(z >= 0)"]
    whole_i = provers.conjunct_ids(z3.And(before, x < 5))
    assert [str(g) for g in provers.changed_groups(before, after, whole_i)] == [
        "And(y + 1 >= 0)", "And(z - 1 >= 0)"]
    # a conjunct is the same term as z3 gives it, a quantifier as a quantifier
    every = z3.ForAll([y], y >= x)
    flat = provers.frames.conjuncts_of(z3.And(before, every))
    assert [c.get_id() for c in flat] == [c.get_id() for c in (x >= 0, y >= 0, z >= 0, every)]
    assert isinstance(flat[-1], z3.QuantifierRef) and isinstance(flat[0], z3.BoolRef)


def test_a_break_is_found_group_by_group(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one conjunct a group, a kind breaking one conjunct is still a counterexample,
    the other parts stay proved, and the kinds that touch nothing are counted."""
    monkeypatch.setattr(provers.LIMITS, "chunk", 1)
    players = 2
    for row in provers.inductive(toy.ToyEncoding(), players):
        assert row.status == "proved", row
        assert "leave it unchanged;" in row.detail
    broken = {o.name: o.status for o in provers.inductive(toy.OverreachToyEncoding(), players)}
    assert broken["inductive/positions-bounded/p2"] == "counterexample"
    assert broken["inductive/roll-range/p2"] == "proved"


def test_a_bound_found_case_by_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """An encoding's bound cases: the bound is the largest case's (a case never enabled is
    passed over, a later case above the best so far is searched), the row names the case;
    cases that do not cover every enabled state leave the bound unknown."""
    splits: dict[str, Callable[[Any], list[tuple[str, Any]]]] = {}

    class Split(toy.ToyEncoding):
        def bound_cases(self, v: Any, players: int, kind: str) -> list[tuple[str, Any]]:
            return splits[kind](v) if kind in splits else []

    move = next(k for k in Split().kinds(2) if k.name == "move")
    whole = provers.kind_bound(toy.ENCODING, 2, move)
    assert whole.value is not None
    splits["move"] = lambda v: [("no roll", v["roll"] < -5), ("low rolls", v["roll"] <= 2),
                                ("high rolls", v["roll"] > 2)]
    split = provers.kind_bound(Split(), 2, move)
    assert (split.outcome.status, split.value) == ("proved", whole.value)
    assert split.outcome.detail == (f"max gain {whole.value} (the largest of 3 cases, "
                                    "under high rolls)")
    splits["move"] = lambda v: [("low rolls", v["roll"] <= 2)]
    gap = provers.kind_bound(Split(), 2, move)
    assert gap.value is None and gap.outcome.status == "unknown"
    assert gap.outcome.detail == "the bound's cases do not cover every enabled state"
    # cases with narrower ones are asked by them: the first case's narrower cases find its
    # largest gain, a later case's ask whether a gain in them passes it
    roll = lambda v, lo, hi: z3.And(v["roll"] >= lo, v["roll"] <= hi)  # noqa: E731
    splits["move"] = lambda v: [
        BoundCase("low rolls", v["roll"] <= 2, (BoundCase("roll 1", roll(v, -9, 1)),
                                                BoundCase("roll 2", roll(v, 2, 2)))),
        BoundCase("high rolls", v["roll"] > 2, (BoundCase("roll 3", roll(v, 3, 3)),
                                                BoundCase("past 3", v["roll"] > 3)))]
    nested = provers.kind_bound(Split(), 2, move)
    assert (nested.outcome.status, nested.value) == ("proved", whole.value)
    assert nested.outcome.detail == (f"max gain {whole.value} (the largest of 2 cases"
                                     " (4 narrower ones asked), under roll 3)")
    # what the conjuncts around a case do not settle is asked under all of I, to the same
    # bound
    unsettled = provers.kind_bound(Split(), 2, move, around=False)
    assert (unsettled.outcome.status, unsettled.value, unsettled.outcome.detail) == (
        nested.outcome.status, nested.value, nested.outcome.detail)
    # a later case asks each of its narrower cases (one query each when no gain in them
    # passes the best)
    splits["move"] = lambda v: [
        BoundCase("high rolls", v["roll"] > 2, (BoundCase("roll 3", roll(v, 3, 3)),
                                                BoundCase("past 3", v["roll"] > 3))),
        BoundCase("low rolls", v["roll"] <= 2, (BoundCase("roll 1", roll(v, -9, 1)),
                                                BoundCase("roll 2", roll(v, 2, 2))))]
    first = provers.kind_bound(Split(), 2, move)
    assert (first.outcome.status, first.value) == ("proved", whole.value)
    assert "(4 narrower ones asked), under roll 3" in first.outcome.detail
    # narrower cases that do not cover their case, where they are asked
    splits["move"] = lambda v: [
        BoundCase("low rolls", v["roll"] <= 2, (BoundCase("roll 1", roll(v, -9, 1)),)),
        BoundCase("high rolls", v["roll"] > 2, (BoundCase("roll 3", roll(v, 3, 3)),))]
    short = provers.kind_bound(Split(), 2, move)
    assert (short.outcome.status, short.value) == ("unknown", None)
    assert short.outcome.detail == "low rolls: its narrower cases do not cover it"


def _spied_targets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The targets of the bound searches asked from now on (each query's last fact, as
    text), in order: ``search_max`` is spied on."""
    targets: list[str] = []
    search = provers.bounds.search_max

    def spied(facts: Any, g: Any, *args: Any, **kwargs: Any) -> Any:
        targets.append(str(facts[-1]))
        return search(facts, g, *args, **kwargs)
    monkeypatch.setattr(provers.bounds, "search_max", spied)
    return targets


def test_a_sibling_bound_is_where_a_bound_by_cases_starts(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """A kind whose bound is found by cases starts from the largest bound a sibling kind
    (``bound_siblings``) has in the frame: the cases are asked for a gain of at least it
    until one reaches it. The bound and the case named are those found without it, for a
    guess at the bound, below it (searched on above it) and above it (dropped)."""
    class Split(toy.ToyEncoding):
        bound_siblings = (("move", "other"),)

        def bound_cases(self, v: Any, players: int, kind: str) -> list[BoundCase]:
            return [BoundCase("low rolls", v["roll"] <= 2), BoundCase("high rolls", v["roll"] > 2)]

    targets = _spied_targets(monkeypatch)
    encoding = Split()
    move = next(k for k in encoding.kinds(2) if k.name == "move")
    plain = provers.kind_bound(encoding, 2, move)
    assert (plain.outcome.status, plain.value) == ("proved", 3)
    f = provers.frame(encoding, 2)
    assert f.bounds == {"move": 3} and f.guess("move") is None and f.guess("other") == 3
    assert f.guess("roll") is None
    for guess, first in ((3, "gain >= 3"), (1, "gain >= 1"), (7, "gain >= 7")):
        f.bounds.clear()
        f.bounds["other"] = guess
        targets.clear()
        hinted = provers.kind_bound(encoding, 2, move)
        assert (hinted.outcome.status, hinted.value, hinted.outcome.detail) == (
            plain.outcome.status, plain.value, plain.outcome.detail)
        assert targets[0] == first
        # a guess no case reaches is dropped: the cases are searched again without it
        assert (guess == 7) == any(not t.startswith("gain") for t in targets)


def test_an_encodings_guess_is_where_a_bound_by_cases_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind found by cases starts from the encoding's ``bound_guess`` where no sibling's
    bound is found yet (a sibling's found bound before it): the bound and the case named
    are those found without it, for a guess at the bound, below it and above it."""
    guesses: dict[tuple[str, int], int] = {}

    class Guessed(toy.ToyEncoding):
        bound_siblings = (("move", "other"),)

        def bound_cases(self, v: Any, players: int, kind: str) -> list[BoundCase]:
            return [BoundCase("low rolls", v["roll"] <= 2), BoundCase("high rolls", v["roll"] > 2)]

        def bound_guess(self, kind: str, players: int) -> int | None:
            return guesses.get((kind, players))

    targets = _spied_targets(monkeypatch)
    encoding = Guessed()
    assert toy.ENCODING.bound_guess("move", 2) is None  # the default: no guess
    plain = provers.kind_bound(encoding, 2, "move")
    assert (plain.outcome.status, plain.value) == ("proved", 3)
    assert not targets[0].startswith("gain")
    f = provers.frame(encoding, 2)
    for guess in (3, 1, 7):
        guesses[("move", 2)] = guess
        f.bounds.clear()
        assert f.guess("move") == guess and f.guess("roll") is None
        targets.clear()
        hinted = provers.kind_bound(encoding, 2, "move")
        assert (hinted.outcome.status, hinted.value, hinted.outcome.detail) == (
            plain.outcome.status, plain.value, plain.outcome.detail)
        assert targets[0] == f"gain >= {guess}"
    f.bounds["other"] = 2  # a sibling's bound found in the process comes first
    assert f.guess("move") == 2


def test_a_kind_bounded_under_all_of_i_is_not_asked_around_its_cases(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind the encoding names in ``bound_whole`` has its cases' queries asked under all
    of I alone, never first around the case: the same bound and row as around it."""
    class Split(toy.ToyEncoding):
        def bound_cases(self, v: Any, players: int, kind: str) -> list[BoundCase]:
            return [BoundCase("low rolls", v["roll"] <= 2), BoundCase("high rolls", v["roll"] > 2)]

    class Whole(Split):
        bound_whole = frozenset({"move"})

    arounds: list[object] = []
    around = provers.frames.Frame.around

    def spied(self: Any, *args: Any) -> Any:
        arounds.append(args)
        return around(self, *args)
    monkeypatch.setattr(provers.frames.Frame, "around", spied)
    first = provers.kind_bound(Split(), 2, "move")
    assert arounds
    arounds.clear()
    second = provers.kind_bound(Whole(), 2, "move")
    assert arounds == []
    assert (second.value, second.outcome.status, second.outcome.detail) == (
        first.value, first.outcome.status, first.outcome.detail)
    assert second.value == 3


def test_a_kind_that_gains_nothing_is_bounded_without_optimize(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No enabled roll gains a point and one gains none: the bound is 0 from those two
    queries; a kind that gains goes on to ``z3.Optimize``."""
    asked: list[float] = []
    optimizer = provers.SOLVERS.optimize

    def counted(timeout: float) -> Any:
        asked.append(timeout)
        return optimizer(timeout)
    monkeypatch.setattr(provers.SOLVERS, "optimize", counted)
    roll = provers.kind_bound(toy.ENCODING, 2, "roll")
    assert (roll.outcome.status, roll.value, asked) == ("proved", 0, [])
    move = provers.kind_bound(toy.ENCODING, 2, "move")
    assert (move.outcome.status, move.value) == ("proved", 3) and len(asked) == 1


def test_a_kind_bounded_by_search_skips_optimize(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind the encoding names in ``bound_by_search`` has its bound found by the search
    alone, scoped or not: the same bound and row as with ``z3.Optimize`` first, which is
    never asked."""
    class Scoped(toy.ToyEncoding):
        def bound_scope(self, v: Any, players: int) -> tuple[str, Any]:
            return "moves of at most 3", v["roll"] <= 3

    class Searched(toy.ToyEncoding):
        bound_by_search = frozenset({"move"})

    class ScopedSearched(Scoped):
        bound_by_search = frozenset({"move"})

    asked: list[float] = []
    optimizer = provers.SOLVERS.optimize

    def counted(timeout: float) -> Any:
        asked.append(timeout)
        return optimizer(timeout)
    monkeypatch.setattr(provers.SOLVERS, "optimize", counted)
    for plain, searched in ((toy.ToyEncoding(), Searched()), (Scoped(), ScopedSearched())):
        asked.clear()
        first = provers.kind_bound(plain, 2, "move")
        assert len(asked) == 1
        asked.clear()
        second = provers.kind_bound(searched, 2, "move")
        assert asked == []
        assert (second.value, second.outcome.status, second.outcome.detail, second.scope) == (
            first.value, first.outcome.status, first.outcome.detail, first.scope)
        assert second.value == 3


def test_a_window_bound_starts_from_the_one_step_bounds(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """The window bound's search asks first for the ``steps`` largest one-step bounds
    added (``window_guess``, from the kinds' bounds in the frame or found now); the bound
    and row are those found without a guess, and a search from a guess below, at or above
    the largest value gives that value too."""
    provers.forget_frames()
    plain = provers.window_bound(toy.ENCODING, 2, steps=2)
    f = provers.frame(toy.ENCODING, 2)
    kinds = {k.name: provers.kind_bound(toy.ENCODING, 2, k).value for k in f.kinds}
    assert f.gains == {k: v or 0 for k, v in kinds.items()}
    guess = provers.bounds.window_guess(toy.ENCODING, 2, 2)
    assert guess == sum(sorted((v or 0 for v in kinds.values()), reverse=True)[:2])
    f.gains["move"] = None  # a kind not settled: no guess
    assert provers.bounds.window_guess(toy.ENCODING, 2, 2) is None
    f.gains.clear()  # the kinds' bounds are found again
    assert provers.bounds.window_guess(toy.ENCODING, 2, 2) == guess
    targets: list[str] = []
    search = provers.bounds.search_max

    def spied(facts: Any, g: Any, *args: Any, **kwargs: Any) -> Any:
        targets.append(str(kwargs.get("guess")))
        return search(facts, g, *args, **kwargs)
    monkeypatch.setattr(provers.bounds, "search_max", spied)
    hinted = provers.window_bound(toy.ENCODING, 2, steps=2)
    assert targets == [str(guess)]
    assert (hinted.value, hinted.outcome.status, hinted.outcome.detail) == (
        plain.value, plain.outcome.status, plain.outcome.detail)
    assert plain.value is not None
    for hint in (0, 1, plain.value, plain.value + 1, plain.value * 3 + 2):
        monkeypatch.setattr(provers.bounds, "window_guess", lambda *a, h=hint, **k: h)
        again = provers.window_bound(toy.ENCODING, 2, steps=2)
        assert (again.value, again.outcome.detail) == (plain.value, plain.outcome.detail)


def test_a_search_from_a_guess_finds_the_same_largest_value() -> None:
    """``search_max`` from a guess below, at, above the largest value, or where nothing is
    reached, gives what it gives without one."""
    x = z3.Int("x")
    facts = [x >= -3, x <= 7]
    assert provers.bounds.search_max(facts, x, 10.0) == ("proved", 7, "")
    for guess in (-5, 0, 6, 7, 8, 40):
        assert provers.bounds.search_max(facts, x, 10.0, guess=guess) == ("proved", 7, "")
    never = [x >= 1, x <= 0]
    assert provers.bounds.search_max(never, x, 10.0, guess=3) == (
        "unknown", None, provers.bounds.NEVER_ENABLED)


def test_a_models_failing_conjuncts_are_those_it_does_not_make_true() -> None:
    """``failing``: the conjuncts a query's model (completed) does not make true, in order,
    as one evaluation a conjunct finds them; for a plain Z3 model too."""
    x, y, z = z3.Ints("x y z")
    conjuncts = [x >= 0, y == x + 1, z > 5, x + y + z < 3, z3.Or(x == 2, y == 2), y >= 0]
    q = provers.queries.Query(10.0)
    q.add(x == 1, y == 5)
    assert q.check() == z3.sat
    m = q.model()
    want = [c for c in conjuncts if not z3.is_true(m.eval(c, model_completion=True))]
    got = provers.queries.failing(m, conjuncts)
    assert [c.get_id() for c in got] == [c.get_id() for c in want]
    assert [str(c) for c in got] == ["y == x + 1", "z > 5", "x + y + z < 3", "Or(x == 2, y == 2)"]
    assert provers.queries.failing(m, conjuncts[:1]) == []
    assert [str(c) for c in provers.queries.failing(m, conjuncts[2:3])] == ["z > 5"]
    plain = z3.Solver()
    plain.add(x == 1, y == 5)
    assert plain.check() == z3.sat
    assert [c.get_id() for c in provers.queries.failing(plain.model(), conjuncts)] == [
        c.get_id() for c in want]


def test_a_claimed_maximum_is_confirmed_or_refuted() -> None:
    """``confirm_max``: the true maximum is reached and not passed; a lower claim is
    passed, a higher one never reached."""
    move = next(k for k in toy.ENCODING.kinds(2) if k.name == "move")
    best = provers.kind_bound(toy.ENCODING, 2, move).value
    assert best is not None
    pre = toy.ENCODING.fresh("s", 2)
    params = provers.fresh_params(move, "p")
    post = provers.post_state(pre, move.update(pre, params))
    gain = z3.Int("gain")
    facts = [toy.ENCODING.invariant(pre, 2), move.domain(params), move.guard(pre, params),
             z3.Or(*(gain == post[v] - pre[v] for v in toy.ENCODING.score_vars(2)))]
    assert provers.confirm_max(facts, gain, best, 10.0) == ("proved", "")
    assert provers.confirm_max(facts, gain, best - 1, 10.0) == (
        "counterexample", f"{best} is reached, above {best - 1}")
    assert provers.confirm_max(facts, gain, best + 1, 10.0) == (
        "counterexample", f"{best + 1} is never reached")


def test_a_kind_never_enabled_is_settled_and_fails_when_played() -> None:
    """A kind whose guard no state satisfying I meets has no gain: its bound row is proved
    (never enabled), left out of the overall bound, and failed if play shows the kind."""
    class Idle(toy.ToyEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(ActionKind(k.name, k.params, k.domain, lambda v, p: z3.BoolVal(False),
                                    k.update, k.rules) if k.name == "move" else k
                         for k in super().kinds(players))

    move = next(k for k in Idle().kinds(2) if k.name == "move")
    idle = provers.kind_bound(Idle(), 2, move)
    assert (idle.outcome.status, idle.value) == ("proved", None)
    assert idle.outcome.detail == provers.NEVER_ENABLED
    assert provers.overall_bound(2, [idle]).outcome.status == "unknown"
    quiet, = provers.against_play([idle], provers.Observed())
    assert quiet.status == "proved" and quiet.detail.endswith("not seen in play")
    seen = provers.Observed()
    seen.by_kind["move"] = 0
    played, = provers.against_play([idle], seen)
    assert played.status == "failed" and "never enabled under the invariant is played" in (
        played.detail)


def test_a_frame_is_built_once_per_encoding_and_player_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The terms every obligation shares are built once per process; a kind the frame
    does not own gets a step of its own; old frames are let go."""
    enc, other = toy.ToyEncoding(), toy.ToyEncoding()
    f = provers.frame(enc, 2)
    assert provers.frame(enc, 2) is f and provers.frame(other, 2) is not f
    assert provers.frame(enc, 3) is not f
    _, move = f.kinds
    assert f.step("move") is f.step(move) and f.step(move).kind is move
    foreign = attrs.evolve(move, update=lambda v, p: {"turn": v["turn"] + 2})
    mine = f.step(foreign)
    assert mine.kind is foreign and mine is not f.step(move)
    assert z3.eq(z3.simplify(mine.post["turn"] - f.pre["turn"]), z3.IntVal(2))
    assert f.step("move") is f.step(move)  # the foreign step was not kept
    with pytest.raises(KeyError, match="no action kind jump"):
        f.step("jump")
    assert f.post_parts(move) is f.post_parts(move)
    stray = attrs.evolve(move, update=lambda v, p: {"tunr": v["turn"] + 1})
    with pytest.raises(ValueError, match=r"kind move updates unknown variables \['tunr'\]"):
        f.step(stray)
    monkeypatch.setattr(provers.LIMITS, "frames", 1)
    provers.frame(other, 3)
    assert provers.frame(enc, 2) is not f
    kept = provers.frame(other, 3)
    assert provers.frame(other, 3) is kept
    provers.forget_frames()
    assert provers.frame(other, 3) is not kept


def test_post_state_parts_are_the_parts_built_over_the_post_state() -> None:
    """A frame's post-state parts (the parts with each updated variable substituted) say
    what the encoding's own parts built over the post-state say, for every kind of a real
    encoding (crafts, 2 players): Z3 finds no state where they differ."""
    from rules_oracle.solver.crafts import ENCODING

    f = provers.frame(ENCODING, 2)
    for kind in f.kinds:
        built = ENCODING.invariant_parts(f.step(kind).post, 2)
        substituted = f.post_parts(kind)
        assert substituted.keys() == built.keys()
        s = z3.Solver()
        s.add(z3.Or(*(z3.Xor(substituted[n], built[n]) for n in built)))
        assert s.check() == z3.unsat, kind.name
    # and a kind that updates nothing leaves every part as it is
    idle = attrs.evolve(f.kinds[0], name="idle", update=lambda v, p: {})
    alone = provers.Frame(ENCODING, 2, f.pre, f.whole, f.cases, f.parts, (idle,))
    assert alone.post_parts(idle) == f.parts


def test_a_part_is_proved_from_as_few_conjuncts_as_it_takes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`lazily` proves a group from the part, adding the conjuncts of I that the states
    it finds break; it gives up (the group is then asked under I) when a state breaks the
    group and satisfies I, or after its rounds."""
    x, y = z3.Ints("x y")
    part, whole = [x >= 0], [x >= 0, y >= 0, y <= 5]
    assert provers.lazily(part, z3.BoolVal(True), x + y >= 0, whole)
    assert not provers.lazily(part, z3.BoolVal(True), x + y >= 3, whole)
    assert provers.check_sparingly([y >= 2], [], whole, 2.0) == z3.sat  # a state of I
    assert provers.check_sparingly([y >= 6], [], whole, 2.0) == z3.unsat
    assert provers.check_sparingly([y >= 6], [], whole, 0.0) == z3.unknown
    monkeypatch.setattr(provers.LIMITS, "lazy_rounds", 1)
    assert not provers.lazily(part, z3.BoolVal(True), x + y >= 0, whole)
    monkeypatch.setattr(provers.LIMITS, "lazy_rounds", 4)
    monkeypatch.setattr(provers.LIMITS, "alone_first", 0.0)
    assert not provers.lazily(part, z3.BoolVal(True), x + y >= 0, whole)
    rows = provers.inductive(toy.ToyEncoding(), 2)
    assert all(o.status == "proved" for o in rows)
    assert all("; 0 keep it by the part" in o.detail for o in rows)


class _Unowned(toy.ToyEncoding):
    """Its parts are not I's conjuncts: a part is never a hypothesis in place of I."""

    def invariant(self, v: Any, players: int) -> Any:
        return z3.And(z3.BoolVal(True), super().invariant(v, players) == z3.BoolVal(True))


def test_a_part_stands_in_for_i_only_when_it_is_one_of_its_conjuncts() -> None:
    rows = provers.inductive(_Unowned(), 2)
    assert all(o.status == "proved" and "; 0 keep it" in o.detail for o in rows), rows
    kept = provers.inductive(toy.ToyEncoding(), 2)
    assert any("; 0 keep it" not in o.detail for o in kept), kept


def test_property_games_run_as_tasks_whose_counts_add_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's property games run as fixed runs of PROPERTY_CHUNK games, one task each:
    the rows are the same for every number of worker processes, and count every game; a
    run that raises is a failed row."""
    monkeypatch.setattr(verify, "PROPERTY_CHUNK", 3)
    plan = verify.plan(GAME, games=7, invariants=toy.INVARIANTS, encoding=toy.ENCODING,
                       transitions=50)
    assert [t.name for t in plan.tasks[:3]] == ["properties/0", "properties/3", "properties/6"]
    one = verify.execute([plan], 1)[0]
    two = verify.execute([plan], 2)[0]
    assert _outcomes_without_time(one) == _outcomes_without_time(two)
    rows = {o.name: o for o in one if o.kind == "property"}
    direct = {o.name: o.detail for o in verify.property_outcomes(GAME, toy.INVARIANTS, 7, 0)}
    assert {name: o.detail for name, o in rows.items()} == direct
    assert all("7 games" in d for n, d in direct.items() if not n.startswith("observed/"))
    stats = [verify._property_stats(GAME, toy.INVARIANTS, (), 0, first, n)[0]
             for first, n in verify._chunks(7)]
    merged = verify._merged(stats, keep=1)
    assert merged.games == 7 and merged.steps == sum(s.steps for s in stats)
    v = [Violation("x", f"v{i}") for i in range(3)]
    a = generic.Stats(checked={"x": 2}, failures={"x": v[:2]}, games=1, steps=5,
                      gains={"move": 3}, seconds={"x": 1.0}, shown={"r1"})
    b = generic.Stats(checked={"x": 1, "y": 4}, failures={"x": v[2:]}, games=2, steps=7,
                      gains={"move": 2, "roll": 1}, seconds={"x": 0.5}, shown={"r2"})
    both = verify._merged([a, b], keep=2)
    assert (both.games, both.steps, both.checked) == (3, 12, {"x": 3, "y": 4})
    assert both.failures == {"x": v[:2]} and both.gains == {"move": 3, "roll": 1}
    assert both.shown == {"r1", "r2"}
    assert verify._merged([a, b], keep=5).failures == {"x": v}

    def boom(*args: Any) -> Any:
        raise RuntimeError("a broken check")

    monkeypatch.setattr(verify, "_property_stats", boom)
    raised = verify.execute([verify.plan(GAME, games=4, invariants=toy.INVARIANTS,
                                         encoding=toy.ENCODING, transitions=50)], 1)[0]
    assert [(o.name, o.status) for o in raised if o.name.startswith("properties/")] == [
        ("properties/0", "failed"), ("properties/3", "failed")]


def test_a_sparing_check_goes_case_by_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round of `check_sparingly` that does not settle whole is asked per case of the
    encoding's cover: UNSAT when every case is, unknown as soon as one does not settle."""
    x, y = z3.Ints("x y")
    cases = [x < 0, x >= 0]
    stuck = y == 7  # a fact no case settles
    real = provers.Query
    asked: list[str] = []

    class WholeTimesOut:
        """Z3, except that a query naming no case does not settle."""

        def __init__(self, timeout: float) -> None:
            self.inner = real(timeout)
            self.terms: list[Any] = []

        def add(self, *terms: Any) -> None:
            self.terms.extend(terms)
            self.inner.add(*terms)

        def check(self) -> Any:
            named = [c for c in cases if any(z3.eq(c, t) for t in self.terms)]
            asked.append(str(named[0]) if named else "whole")
            if not named or any(z3.eq(t, stuck) for t in self.terms):
                return z3.unknown
            return self.inner.check()

        def model(self) -> Any:
            return self.inner.model()

        def spent(self) -> float:
            return float(self.inner.spent())

    monkeypatch.setattr(provers.SOLVERS, "check", WholeTimesOut)
    whole = [y >= 0]
    assert provers.check_sparingly([y < 0], whole, whole, 2.0, cases) == z3.unsat
    assert asked == ["whole", "x < 0", "x >= 0"]
    assert provers.check_sparingly([y < 0], whole, whole, 2.0) == z3.unknown  # no cases
    # a case's state that breaks I adds the conjuncts it breaks; a second round settles
    assert provers.check_sparingly([y < 0], [], whole, 2.0, cases) == z3.unsat
    monkeypatch.setattr(provers.LIMITS, "lazy_rounds", 1)
    assert provers.check_sparingly([y < 0], [], whole, 2.0, cases) == z3.unknown
    assert provers.check_sparingly([y < 0, x < 0], [], [], 2.0, cases) == z3.sat
    asked.clear()
    assert provers.check_sparingly([stuck], [], whole, 2.0, cases) == z3.unknown
    assert asked == ["whole", "x < 0"]  # the first case that does not settle ends it
    # not to probe: the cases at once, the same verdicts without the whole query
    asked.clear()
    assert provers.check_sparingly([y < 0], whole, whole, 2.0, cases, probe=False) == z3.unsat
    assert asked == ["x < 0", "x >= 0"]
    asked.clear()
    assert provers.check_sparingly([y < 0], whole, whole, 2.0, probe=False) == z3.unknown
    assert asked == ["whole"]  # without cases there is only the whole query to ask


def test_a_kind_split_in_a_part_goes_by_cases_in_that_part_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`Frame.keeps` asks a kind of the encoding's `split_kinds_in` for the part by cases at
    once (no probe), and the kind in any other part, or with no part named, with the
    probe; the verdicts are the same."""
    encoding = toy.CasesToyEncoding()
    encoding.split_kinds_in = {"progress": frozenset({"move"})}
    f = provers.frame(encoding, 2)
    probes: list[tuple[str, bool]] = []
    real = provers.frames.lazily

    def spied(*args: Any) -> bool:
        probes.append((str(args[2]), args[5]))
        return real(*args)

    monkeypatch.setattr(provers.frames, "lazily", spied)
    step = f.step("move")
    for part in ("progress", "turn-range", None):
        group = f.post_parts(step.kind)["progress" if part is None else part]
        assert f.keeps(step, group, list(f.conjuncts), 2.0, part)[0] == "alone"
    assert [p for _, p in probes] == [False, True, True]
    untouched = provers.inductive(toy.CasesToyEncoding(), 2)
    assert [(o.name, o.status, o.detail) for o in provers.inductive(encoding, 2)] == [
        (o.name, o.status, o.detail) for o in untouched]


def test_a_kind_whole_in_a_part_is_asked_under_i_at_once_in_that_part_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`Frame.keeps` asks a kind of the encoding's `whole_kinds_in` for the part under all
    of I at once, never first from the part alone, and the kind in any other part, or
    with no part named, from the part first; the verdicts are the same, and a kind listed
    that keeps the part alone is no longer counted so."""
    encoding = toy.CasesToyEncoding()
    encoding.whole_kinds_in = {"progress": frozenset({"move"})}
    f = provers.frame(encoding, 2)
    tried: list[str] = []
    real = provers.frames.lazily

    def spied(*args: Any) -> bool:
        tried.append(str(args[2]))
        return real(*args)

    monkeypatch.setattr(provers.frames, "lazily", spied)
    step = f.step("move")
    found = []
    for part in ("progress", "turn-range", None):
        group = f.post_parts(step.kind)["progress" if part is None else part]
        found.append(f.keeps(step, group, list(f.conjuncts), 2.0, part)[0])
    assert found == ["proved", "alone", "alone"]
    assert len(tried) == 2
    untouched = provers.inductive(toy.CasesToyEncoding(), 2)
    listed = provers.inductive(encoding, 2)
    assert [(o.name, o.status) for o in listed] == [(o.name, o.status) for o in untouched]
    assert all(o.status == "proved" for o in listed)
    changed = [(a.detail, b.detail) for a, b in zip(untouched, listed, strict=True)
               if a.detail != b.detail]
    assert len(changed) == 1 and "keep it" in changed[0][0]
    alone = [int(d.split("; ")[1].split(" keep")[0]) for d in changed[0]]
    assert alone[1] == alone[0] - 1


def test_freed_memory_is_kept_where_the_c_library_can(monkeypatch: pytest.MonkeyPatch) -> None:
    """`keep_freed_memory` sets glibc's thresholds (a query's context then reuses the pages
    the last one freed); where the C library has no `mallopt`, or none loads, it changes
    nothing and says so."""
    from rules_oracle.solver.provers import capi

    assert capi.keep_freed_memory() is (ctypes.util.find_library("c") is not None
                                        and hasattr(ctypes.CDLL(None), "mallopt"))

    class NoMallopt:
        def __init__(self, name: str) -> None:
            self.name = name

    monkeypatch.setattr(capi.ctypes, "CDLL", NoMallopt)
    assert capi.keep_freed_memory() is False

    def missing(name: str) -> None:
        raise OSError(name)

    monkeypatch.setattr(capi.ctypes, "CDLL", missing)
    assert capi.keep_freed_memory() is False


def test_around_a_case_are_the_conjuncts_its_question_reads() -> None:
    """`Frame.around`: the conjuncts of I that read a variable of the facts, once the
    case's equalities are put into them, or of the case."""
    f = provers.frame(toy.ENCODING, 2)
    v = f.pre
    reads = lambda c, *names: any(  # noqa: E731
        any(z3.eq(x, v[n]) for n in names) for x in z3.z3util.get_vars(c))
    mover = z3.If(v["turn"] == 0, v["pos0"], v["pos1"])  # reads both positions
    got = f.around([mover > 3], v["turn"] == 0)  # ... but under turn 0 only pos0
    assert got == [c for c in f.conjuncts if reads(c, "pos0", "turn")]
    assert not any(reads(c, "pos1") and not reads(c, "pos0", "turn") for c in got)
    assert len(f.around([mover > 3], z3.BoolVal(True))) > len(got)


def test_a_search_asks_a_cheaper_way_first() -> None:
    """`search_max` with ``first``: what it settles is not asked otherwise; what it
    leaves unknown is."""
    x = z3.Int("x")
    facts = [x >= 0, x <= 9]
    asked: list[Any] = []

    def never(extra: Any | None) -> tuple[Any, Any]:
        asked.append(extra)
        return z3.unknown, None

    assert provers.search_max(facts, x, 5.0, first=never) == ("proved", 9, "")
    assert asked and asked[0] is None  # every query was offered to it first

    def empty(extra: Any | None) -> tuple[Any, Any]:
        return z3.unsat, None

    assert provers.search_max(facts, x, 5.0, first=empty) == (
        "unknown", None, provers.NEVER_ENABLED)


def test_sibling_bounds_are_one_task_with_each_kinds_row(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The kinds of a group of bound siblings (``bound_siblings``) are one task, so the later
    kind's search starts from the first's bound in the same process whichever worker takes
    it: the rows are each kind's, in the kinds' order, the same as the tasks one per kind
    give; a group task that raises is a failed row for each of its kinds."""
    class Grouped(toy.ToyEncoding):
        bound_siblings = (("move", "roll"),)

    def rows(encoding: Any) -> list[tuple[str, str, str, str]]:
        plan = verify.plan(GAME, games=1, invariants=toy.INVARIANTS, encoding=encoding,
                           transitions=50)
        out = verify.execute([plan], 1)[0]
        return [r for r in _outcomes_without_time(out) if r[0].startswith("bound/")]

    names = [t.name for t in verify.plan(GAME, games=1, invariants=toy.INVARIANTS,
                                         encoding=Grouped(), transitions=50).tasks]
    assert "bound/move+roll/p2" in names
    assert not {"bound/move/p2", "bound/roll/p2"} & set(names)
    grouped, single = rows(Grouped()), rows(toy.ToyEncoding())
    assert grouped == single
    assert [r[0] for r in grouped if r[0].endswith("/p2")][:2] == ["bound/roll/p2",
                                                                   "bound/move/p2"]

    def boom(*args: Any) -> Any:
        raise RuntimeError("a broken bound")

    monkeypatch.setattr(verify, "_sibling_bounds", boom)
    failed = {r[0]: r[2] for r in rows(Grouped())}
    assert failed["bound/move/p2"] == failed["bound/roll/p2"] == "failed"
