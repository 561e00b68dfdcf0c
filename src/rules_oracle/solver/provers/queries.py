"""How every obligation asks Z3: a query in a context of its own on a budget of Z3's work
(:class:`Query`), the limits the obligations ask with (:data:`LIMITS`), the solvers they
get (:data:`SOLVERS`), and the ways a query too large to settle whole is settled anyway:
by the encoding's cases (:func:`decide`) or under as few of I's conjuncts as it takes
(:func:`sparing`)."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import z3

from rules_oracle.solver.provers.capi import (
    ARG,
    AST_KIND,
    BOOL_VALUE,
    DEC_REF,
    INC_REF,
    MK_AND,
    MODEL_EVAL,
    NUM_ARGS,
    OPTIMIZE_ASSERT,
    SOLVER_ASSERT,
    TRANSLATE,
    keep_freed_memory,
)

#: preprocessing before the SMT core: the encodings' updates are long chains of
#: ``If`` over equalities that propagation and elimination shrink to a small core
#: (a query of minutes with the default solver takes a second this way)
TACTIC = ("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "smt")
#: parameters of the SMT core (the last of :data:`TACTIC`): Z3's older arithmetic solver
#: (``arith.solver=2``) settles the encodings' small integer cores in about two thirds
#: of the time the default one takes (128 of the slowest queries of crafts, Burgundy and
#: the card game: 59 s against 100 s), most in its bound propagation and branching
SMT = {"arith.solver": 2}


def translated_and(src: Any, dst: Any, terms: Sequence[Any]) -> Any:
    """The conjunction of ``terms`` (Bools of context ``src``) made and translated into
    context ``dst`` through Z3's C API, in one translation (a subterm the terms share is
    copied once); its arguments are the terms translated where it has one per term. The
    caller holds a reference to the result and gives it back with ``DEC_REF(dst, ...)``."""
    n = len(terms)
    both = MK_AND(src, n, (z3.Ast * n)(*(t.as_ast() for t in terms)))
    INC_REF(src, both)
    copied = TRANSLATE(src, both, dst)
    INC_REF(dst, copied)
    DEC_REF(src, both)
    return copied


class _Model:
    """A model of a :class:`Query` query, evaluating terms of the main context."""

    def __init__(self, model: Any, ctx: z3.Context) -> None:
        self._model, self._ctx = model, ctx

    def eval(self, term: Any, model_completion: bool = False) -> Any:
        return self._model.eval(term.translate(self._ctx), model_completion=model_completion)

    def __getitem__(self, term: Any) -> Any:
        return self._model[term.translate(self._ctx)]

    def failing(self, conjuncts: Sequence[Any]) -> list[Any]:
        """The ``conjuncts`` (Bools of the main context) the model, completed, does not make
        true, in order: those for which ``eval(c, model_completion=True)`` is not true,
        found through Z3's C API by one translation of their conjunction and no Python
        wrapper per conjunct (a round of :func:`sparing` asks it of all of I's)."""
        n = len(conjuncts)
        if n < 2:
            return [c for c in conjuncts
                    if not z3.is_true(self.eval(c, model_completion=True))]
        src, dst = conjuncts[0].ctx_ref(), self._ctx.ref()
        copied = translated_and(src, dst, conjuncts)
        try:
            if AST_KIND(dst, copied) != z3.Z3_APP_AST or NUM_ARGS(dst, copied) != n:
                return [c for c in conjuncts
                        if not z3.is_true(self.eval(c, model_completion=True))]
            model = self._model.model
            out = []
            value = (z3.Ast * 1)()
            for i, c in enumerate(conjuncts):
                if not MODEL_EVAL(dst, model, ARG(dst, copied, i), True, value):
                    raise z3.Z3Exception(f"the model does not evaluate {c}")
                INC_REF(dst, value[0])
                if BOOL_VALUE(dst, value[0]) != z3.Z3_L_TRUE:
                    out.append(c)
                DEC_REF(dst, value[0])
            return out
        finally:
            DEC_REF(dst, copied)


#: Z3 resource units (its ``rlimit``: a count of the work it does, the same for the same
#: query on every machine) that one second of a query's budget buys: about a second of
#: Z3's work on the reference machine (Burgundy's end-game bound at 4 players, a
#: ``z3.Optimize``, spends 63 M units in 5.5 to 7 s there)
RLIMIT_PER_SECOND = 10_000_000
#: a query's wall-clock stop, a guard against a hung solver only: this many times its
#: budget plus :data:`WALL_SLACK` seconds. It must never be what ends a query that Z3 would
#: settle within its budget, or the verdict would depend on the load: under a load of about
#: 13 on 2 cores a process gets a sixth of a core, and the SMT core spends a budget's second
#: in about half a second of the reference machine's time, so a budget can take 3-4 times
#: its length in wall time; with 3 times the budget, Burgundy's completeness at 4 players
#: and Catan's 2-step bounds at 3 and 4 players read unknown there, and proved on a quiet
#: machine. Sixty times covers a machine 30 times slower than the reference one, or a load
#: of 100 on 2 cores
WALL_FACTOR = 60.0
#: seconds added to every query's wall-clock stop (a query of a tenth of a second is
#: stopped after a minute and six seconds, not after six)
WALL_SLACK = 60.0


#: whether the process keeps the memory a query's context frees for the next one
#: (:func:`~.capi.keep_freed_memory`), set once when the first query is made
_MEMORY: list[bool] = []


class Query:
    """A solver (``z3.Then(*TACTIC)``, its SMT core with :data:`SMT`) or ``z3.Optimize`` in
    a Z3 context of its own: the terms added are translated into it (a copy made in C,
    milliseconds for Burgundy's I).
    How long Z3 takes on a query depends on the ids its terms have, and in a shared
    context those depend on every term built before it: an obligation would settle in
    seconds in one worker process and time out in another that had run other obligations
    first. A context of its own gives the query the same terms, in the same order, in
    every process.

    Its budget of ``timeout`` seconds is counted in Z3's resource units
    (:data:`RLIMIT_PER_SECOND`), not in wall-clock time: whether a query settles within
    it is then the same on every machine and under any load, and so is every verdict
    (for one version of Z3). A wall-clock stop (:meth:`wall`) guards against a hung
    solver only: a query it ends is reported as stopped by it (:func:`reason`), not as out
    of its budget."""

    def __init__(self, timeout: float, optimize: bool = False) -> None:
        if not _MEMORY:
            _MEMORY.append(keep_freed_memory())
        self.ctx = z3.Context()
        self._s: Any = (z3.Optimize(ctx=self.ctx) if optimize
                        else z3.Then(*TACTIC[:-1], z3.With(TACTIC[-1], ctx=self.ctx, **SMT),
                                     ctx=self.ctx).solver())
        self._s.set("rlimit", max(1, int(timeout * RLIMIT_PER_SECOND)))
        self._s.set("timeout", max(1, int(self.wall(timeout) * 1000)))

    @staticmethod
    def wall(timeout: float) -> float:
        """The wall-clock seconds after which a query with a budget of ``timeout`` seconds is
        stopped: :data:`WALL_FACTOR` times the budget and :data:`WALL_SLACK` more."""
        return timeout * WALL_FACTOR + WALL_SLACK

    def spent(self) -> float:
        """The budget its checks have spent so far, in seconds (of Z3 resource units)."""
        try:
            units = self._s.statistics().get_key_value("rlimit count")
        except z3.Z3Exception:  # no check yet
            units = 0
        return float(units) / RLIMIT_PER_SECOND

    def add(self, *terms: Any) -> None:
        """Assert ``terms`` (Bools of the main context), each translated into the query's
        context: the same assertions in the same order as ``add(*(t.translate(ctx) for t in
        terms))``, through Z3's C API and in one translation of their conjunction, whose
        arguments are the terms translated (a translation copies a subterm the terms share
        once, not once a term, and no Python wrapper is made per term: a query under
        Burgundy's I at 4 players asserts 1,248 terms)."""
        dst = self.ctx.ref()
        if isinstance(self._s, z3.Optimize):
            put, into = OPTIMIZE_ASSERT, self._s.optimize
        else:
            put, into = SOLVER_ASSERT, self._s.solver
        if not terms:
            return
        src = terms[0].ctx_ref()
        for t in terms:
            if not isinstance(t, z3.BoolRef) or t.ctx_ref() != src:
                raise z3.Z3Exception(f"a query asserts Bools of one context, not {t!r}")
        n = len(terms)
        copied = translated_and(src, dst, terms)
        try:
            if (n > 1 and AST_KIND(dst, copied) == z3.Z3_APP_AST
                    and NUM_ARGS(dst, copied) == n):
                for i in range(n):
                    put(dst, into, ARG(dst, copied, i))
            else:  # not n arguments as given (one term): each translated alone
                for t in terms:
                    put(dst, into, TRANSLATE(src, t.as_ast(), dst))
        finally:
            DEC_REF(dst, copied)

    def set(self, name: str, value: Any) -> None:
        self._s.set(name, value)

    def check(self) -> Any:
        return self._s.check()

    def model(self) -> _Model:
        return _Model(self._s.model(), self.ctx)

    def reason_unknown(self) -> str:
        return str(self._s.reason_unknown())

    def maximize(self, term: Any) -> Any:
        return self._s.maximize(term.translate(self.ctx))


@attrs.define
class Limits:
    """The budgets (seconds of Z3's work) and sizes the obligations ask with, read when a
    query is asked: one object every prover module shares, so a test narrows one of them
    for its length (``monkeypatch.setattr(LIMITS, "chunk", 1)``) whatever module asks."""

    #: seconds the whole query gets before an encoding's cases are tried one by one
    whole_first: float = 6.0
    #: seconds a round of :func:`check_sparingly` asks its query whole before it asks the
    #: encoding's cases one by one: a query that the cases settle in hundredths of a second
    #: can take seconds whole (crafts' ``cards-conserved`` at 6 players: 14 s with half of
    #: the round's budget first, 7 s with this probe)
    probe: float = 0.3
    #: the conjuncts of an invariant part that a kind changes are checked in groups of this
    #: many: one query over a thousand negated conjuncts can be slower than a few over
    #: groups, and many small groups repeat the work on the kind's step (with :data:`SMT`'s
    #: arithmetic solver, Burgundy's inductive parts at 4 players: 14.4 s in groups of 80,
    #: 12.1 s in groups of 400, 13.1 s whole; at 2 players 7.7 s and 6.9 s in groups of 80
    #: and 400)
    chunk: int = 400
    #: seconds :func:`lazily` gets in all, and how many rounds it takes at most (with
    #: :data:`SMT`'s arithmetic solver a budget's second is about half a second of wall
    #: time: Burgundy's inductive parts at 4 players took 27-37 s with 2 s, 24-33 s with 4 s)
    alone_first: float = 4.0
    lazy_rounds: int = 4
    #: seconds ``z3.Optimize`` gets before a bound is found by search instead: it shows a
    #: gain unbounded, or a kind never enabled, in a fraction of a second, where the search
    #: is as fast or faster on a bound it finds (with :data:`SMT`'s arithmetic solver,
    #: crafts' end-of-round bound at 6 players: 4.3 s of Optimize, 1.1 s of search)
    optimize_first: float = 1.0
    #: a gain past this is reported as no bound (the search stops there)
    search_cap: int = 10**6
    #: seconds a bound's first query gets (does an action of the kind gain any point?):
    #: most kinds score nothing, and two small queries show it where ``z3.Optimize`` takes
    #: seconds (Burgundy's tile taking at 4 players: 2 s)
    nothing_first: float = 1.0
    #: frames (:func:`~.frames.frame`) kept per process, the most recently used last (a
    #: verify worker runs one game's player counts in turn; a test run builds many
    #: encodings)
    frames: int = 4


#: the limits every obligation asks with
LIMITS = Limits()


@attrs.define
class Solvers:
    """Where the obligations get their solvers: ``check(timeout)`` for a satisfiability
    query, ``optimize(timeout)`` for a ``z3.Optimize`` (both :class:`Query` objects). One
    object every prover module shares: a test puts a solver that does not settle in its
    place (``monkeypatch.setattr(SOLVERS, "check", Undecided)``)."""

    check: Callable[[float], Any] = Query
    optimize: Callable[[float], Any] = attrs.field(factory=lambda: _optimize)


def _optimize(timeout: float) -> Query:
    return Query(timeout, optimize=True)


#: the solvers every obligation asks with
SOLVERS = Solvers()


def solver(timeout: float) -> Any:
    """A solver for one satisfiability query with a budget of ``timeout`` seconds."""
    return SOLVERS.check(timeout)


def optimizer(timeout: float) -> Any:
    """A ``z3.Optimize`` with a budget of ``timeout`` seconds."""
    return SOLVERS.optimize(timeout)


def shown_values(model: Any, terms: Mapping[str, Any], limit: int = 60) -> str:
    shown = [f"{k}={model.eval(t, model_completion=True)}" for k, t in terms.items()]
    if len(shown) > limit:
        shown = [*shown[:limit], f"... ({len(shown) - limit} more)"]
    return "{" + ", ".join(shown) + "}"


def changes(model: Any, pre: Mapping[str, Any], post: Mapping[str, Any]) -> str:
    out = []
    for k, t in pre.items():
        a = model.eval(t, model_completion=True)
        b = model.eval(post[k], model_completion=True)
        if not z3.is_true(z3.simplify(a == b)):
            out.append(f"{k} {a}->{b}")
    return ", ".join(out) or "nothing"


def decide(query: Any, cases: Sequence[Any], timeout: float,
           first: float | None = None) -> tuple[Any, Any]:
    """Check ``query`` in a fresh solver; ``(result, solver)``.

    With the encoding's ``cases`` (a cover of every state satisfying I), the
    whole query gets ``first`` seconds (none when ``first`` is 0); if it does
    not settle, each case is its own query with ``timeout``: UNSAT when every
    case is, SAT as soon as one is; when a case does not settle and the whole query
    had less than ``timeout``, the whole query is asked again with ``timeout``.
    Without cases the whole query gets ``timeout``.
    """
    probe = timeout if not cases or first is None else min(first, timeout)
    if probe > 0:
        s = solver(probe)
        s.add(query)
        result = s.check()
        if result != z3.unknown or not cases:
            return result, s
    verdict: Any = z3.unsat
    last: Any = None
    for case in cases:
        c = solver(timeout)
        c.add(query, case)
        found = c.check()
        if found == z3.sat:
            return found, c
        if found == z3.unknown or last is None:
            last = c
            if found == z3.unknown:
                verdict = z3.unknown
    if verdict == z3.unknown and probe < timeout:  # the cases did not settle: the whole
        s = solver(timeout)
        s.add(query)
        return s.check(), s
    return verdict, last


#: seconds the whole query gets before an encoding's cases are tried one by one
def reason(s: Any, timeout: float) -> str:
    """Why a query did not settle, in words."""
    why = str(s.reason_unknown())
    if why == "timeout":  # Z3's wall-clock stop, a guard against a hung solver only
        return f"stopped by the wall-clock guard before its budget of {timeout:g} s was spent"
    if why in ("canceled", "unknown"):  # out of its budget of Z3's work
        return f"timed out after {timeout:g} s"
    return why


def check_sparingly(facts: Sequence[Any], start: Sequence[Any], invariant: Sequence[Any],
                     budget: float, cases: Sequence[Any] = (), probe: bool = True) -> Any:
    """:func:`sparing`'s verdict alone."""
    return sparing(facts, start, invariant, budget, cases, probe=probe)[0]


def sparing(facts: Sequence[Any], start: Sequence[Any], invariant: Sequence[Any],
             budget: float, cases: Sequence[Any] = (), rounds: int | None = None,
             probe: bool = True) -> tuple[Any, Any]:
    """Check ``facts`` and I (``invariant``, its conjuncts) under as few of I's conjuncts as
    it takes: first ``start`` (some of them), then, while Z3 finds a state that breaks
    conjuncts of I, those conjuncts too. ``unsat`` when a round is UNSAT (then so is the
    query under all of I, a stronger hypothesis); ``sat`` when a state found satisfies all
    of I; ``unknown`` when the rounds do not settle within ``budget`` seconds in all or
    after :data:`LIMITS.lazy_rounds` rounds. A query most of I has nothing to do with is settled
    from a small hypothesis, and faster (Burgundy's ``nonnegative`` at 4 players: 31 s of
    queries under I, 6 s under the part).

    With the encoding's ``cases`` (a cover of the states satisfying I), a round that does
    not settle whole within :data:`LIMITS.probe` seconds is asked case by case, each case with
    the budget: UNSAT in every case is UNSAT (a state of I is in some case, and satisfies
    the conjuncts so far); Burgundy's tile placement keeps every score from falling by 0.4
    s per acting player, where the query whole takes 8 s. Not to ``probe``: with ``cases``,
    each round is asked case by case at once (for a query whose whole form seldom settles
    within the probe, which is then spent for nothing)."""
    hypothesis = list(start)
    left = budget  # in Z3 resource units, as every query's budget (Query)
    s: Any = None
    total = LIMITS.lazy_rounds if rounds is None else rounds
    for done in range(1, total + 1):
        if left <= 0:
            break
        result = z3.unknown
        if probe or not cases:
            s = solver(min(LIMITS.probe, left) if cases else left)
            s.add(*hypothesis, *facts)
            result = s.check()
            left -= s.spent()
        if result == z3.unknown and cases:
            result = z3.unsat
            for case in cases:
                s = solver(budget)
                s.add(*hypothesis, *facts, case)
                result = s.check()
                left -= s.spent()
                if result != z3.unsat:
                    break
        if result != z3.sat:
            return result, s
        m = s.model()
        if z3.is_true(m.eval(_conjunction(invariant), model_completion=True)):
            return z3.sat, s  # the state found satisfies every conjunct of I
        if done == total:  # no round left to add the conjuncts it breaks
            break
        hypothesis.extend(failing(m, invariant))
    return z3.unknown, s


def failing(model: Any, conjuncts: Sequence[Any]) -> list[Any]:
    """The ``conjuncts`` ``model`` (completed) does not make true, in order: by the
    model's own ``failing`` where it has one (:class:`Query`'s), else one evaluation a
    conjunct."""
    if isinstance(model, _Model):
        return model.failing(conjuncts)
    return [c for c in conjuncts if not z3.is_true(model.eval(c, model_completion=True))]


#: :func:`_conjunction`'s terms by the id of the sequence of conjuncts (kept with it, so
#: that its id is not given to another while it is here)
_CONJUNCTIONS: dict[int, tuple[Sequence[Any], Any]] = {}


def _conjunction(conjuncts: Sequence[Any]) -> Any:
    """``z3.And(*conjuncts)``, built once per sequence: a model satisfies it exactly when it
    satisfies each of them, and one evaluation of it replaces one per conjunct (1,248 for
    Burgundy's I at 4 players) for a state that satisfies them all."""
    hit = _CONJUNCTIONS.get(id(conjuncts))
    if hit is None or hit[0] is not conjuncts:
        if len(_CONJUNCTIONS) > 64:
            _CONJUNCTIONS.clear()
        hit = _CONJUNCTIONS[id(conjuncts)] = (conjuncts, z3.And(*conjuncts))
    return hit[1]


def lazily(part: Sequence[Any], enabled: Any, group: Any, whole: Sequence[Any],
            cases: Sequence[Any] = (), probe: bool = True) -> bool:
    """Whether ``enabled`` keeps ``group`` true, proved from the invariant part's conjuncts
    ``part`` and as few more of I's conjuncts (``whole``) as it takes
    (:func:`check_sparingly`, :data:`LIMITS.alone_first` seconds, by the encoding's ``cases``
    where the query whole does not settle; not to ``probe``: by the cases at once). False
    when that does not prove it: the group is then asked under I, which finds the
    counterexample or proves it."""
    return bool(check_sparingly((enabled, z3.Not(group)), part, whole, LIMITS.alone_first, cases,
                                probe) == z3.unsat)

