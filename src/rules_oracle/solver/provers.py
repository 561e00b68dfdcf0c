"""Generic Z3 provers over any game's :class:`~solver.encoding.Encoding`.

Every prover returns :class:`~properties.base.Outcome` objects and takes a
per-query timeout (seconds):

* :func:`inductive` -- for each named conjunct P of I and each action kind,
  ``I(s) and domain(p) and guard(s, p) and not P(update(s, p))`` is UNSAT;
* :func:`completeness` -- ``I(s) and not terminal(s)`` leaves some kind enabled;
* :func:`gain_bounds` -- the most points one action (per kind and overall) and
  ``bound_steps`` consecutive actions can give one player (``z3.Optimize``);
* :func:`monotonicity` -- no enabled action lowers a score (when claimed);
* :func:`faithfulness` -- on sampled transitions of the Python model, the
  encoding's guards hold on applied actions, fail on rejected ones, and its
  updates give the projection of the next state.

Guards, updates, I and ``terminal`` are compiled once per player count from
their Z3 terms into plain Python functions over integers, so faithfulness
checks many thousands of transitions per second; terms the compiler does not
know are evaluated by ``z3.substitute`` and ``z3.simplify`` instead.
"""

import itertools
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs
import z3

from rules_oracle.model.core.canon import digest, to_json
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import TERMINAL, Config, Game
from rules_oracle.model.core.play import POLICIES, choose
from rules_oracle.properties.base import Outcome
from rules_oracle.solver.encoding import ActionKind, BoundCase, Encoding, forget_term_memos

Value = int | bool

# ---------------------------------------------------------------------------
# Compiling Z3 terms to Python
# ---------------------------------------------------------------------------


class _Unsupported(Exception):
    pass


class _NoValue(Exception):
    """A term has no value under Z3's semantics that we can reproduce (division by 0)."""


def _zdiv(a: int, b: int) -> int:
    """Z3 integer division (Euclidean: the remainder is never negative)."""
    if b == 0:
        raise _NoValue("division by zero")
    return a // b if b > 0 else -(a // -b)


def _zmod(a: int, b: int) -> int:
    if b == 0:
        raise _NoValue("modulo zero")
    return a % abs(b)


_INFIX = {
    z3.Z3_OP_ADD: " + ",
    z3.Z3_OP_SUB: " - ",
    z3.Z3_OP_MUL: " * ",
    z3.Z3_OP_AND: " and ",
    z3.Z3_OP_OR: " or ",
}
_COMPARE = {
    z3.Z3_OP_LE: " <= ",
    z3.Z3_OP_LT: " < ",
    z3.Z3_OP_GE: " >= ",
    z3.Z3_OP_GT: " > ",
    z3.Z3_OP_EQ: " == ",
    z3.Z3_OP_XOR: " != ",
}


def _raw(name: str) -> Callable[..., Any]:
    """The C function behind ``z3.<name>`` without the wrapper's per-call error check
    (the terms walked here are well formed; the checks cost most of the walk)."""
    wrapper = getattr(z3, name)
    elems = (wrapper.__defaults__ or (None,))[-1]
    raw = getattr(elems, "f", None)
    return raw if callable(raw) else wrapper  # type: ignore[no-any-return]


_AST_ID = _raw("Z3_get_ast_id")
_AST_KIND = _raw("Z3_get_ast_kind")
_APP_DECL = _raw("Z3_get_app_decl")
_DECL_KIND = _raw("Z3_get_decl_kind")
_NUM_ARGS = _raw("Z3_get_app_num_args")
_ARG = _raw("Z3_get_app_arg")
_SORT = _raw("Z3_get_sort")
_SORT_KIND = _raw("Z3_get_sort_kind")
_NUMERAL = _raw("Z3_get_numeral_string")


def _python_source(terms: Sequence[Any], inputs: Sequence[Any]) -> str:
    """Source of ``def f(x): ...`` returning the tuple of ``terms`` for inputs ``x``.

    The walk goes through Z3's C API directly (ids, kinds, arguments), not through
    Python wrapper objects per node: encodings have hundreds of thousands of nodes.
    """
    if not terms:
        return "def f(x):\n    return ()\n"
    ctx = terms[0].ctx.ref()
    index = {c.get_id(): i for i, c in enumerate(inputs)}
    names: dict[int, str] = {}
    lines: list[str] = []
    roots = [t.as_ast() for t in terms]
    stack: list[tuple[Any, bool]] = [(a, False) for a in reversed(roots)]
    while stack:
        ast, ready = stack.pop()
        key = _AST_ID(ctx, ast)
        if key in names:
            continue
        if key in index:
            names[key] = f"x[{index[key]}]"
            continue
        kind = _AST_KIND(ctx, ast)
        if kind == z3.Z3_NUMERAL_AST:
            if _SORT_KIND(ctx, _SORT(ctx, ast)) != z3.Z3_INT_SORT:
                raise _Unsupported("a numeral that is not an integer")
            text = _NUMERAL(ctx, ast)
            names[key] = f"({int(text.decode() if isinstance(text, bytes) else text)})"
            continue
        if kind != z3.Z3_APP_AST:
            raise _Unsupported("a quantifier or bound variable")
        op = _DECL_KIND(ctx, _APP_DECL(ctx, ast))
        if op == z3.Z3_OP_TRUE:
            names[key] = "True"
            continue
        if op == z3.Z3_OP_FALSE:
            names[key] = "False"
            continue
        n = _NUM_ARGS(ctx, ast)
        if n == 0:
            raise _Unsupported(f"free term {z3.to_expr_ref(ast, terms[0].ctx)}")
        children = [_ARG(ctx, ast, i) for i in range(n)]
        if not ready:
            stack.append((ast, True))
            stack.extend((c, False) for c in reversed(children))
            continue
        args = [names[_AST_ID(ctx, c)] for c in children]
        if op in _INFIX:
            code = _INFIX[op].join(args)
        elif op in _COMPARE and len(args) == 2:
            code = _COMPARE[op].join(args)
        elif op == z3.Z3_OP_UMINUS:
            code = f"-{args[0]}"
        elif op == z3.Z3_OP_NOT:
            code = f"not {args[0]}"
        elif op == z3.Z3_OP_IMPLIES:
            code = f"(not {args[0]}) or {args[1]}"
        elif op == z3.Z3_OP_ITE:
            code = f"{args[1]} if {args[0]} else {args[2]}"
        elif op == z3.Z3_OP_IDIV:
            code = f"_zdiv({args[0]}, {args[1]})"
        elif op == z3.Z3_OP_MOD:
            code = f"_zmod({args[0]}, {args[1]})"
        elif op == z3.Z3_OP_DISTINCT:
            code = f"len({{{', '.join(args)}}}) == {len(args)}"
        else:
            decl = z3.FuncDeclRef(_APP_DECL(ctx, ast), terms[0].ctx)
            raise _Unsupported(f"operator {decl.name()}")
        name = f"t{len(lines)}"
        lines.append(f"    {name} = {code}")
        names[key] = name
    result = ", ".join(names[_AST_ID(ctx, a)] for a in roots)
    return "def f(x):\n" + "\n".join(lines) + f"\n    return ({result},)\n"


def compile_terms(
    terms: Sequence[Any], inputs: Sequence[Any]
) -> Callable[[Sequence[int]], tuple[Value, ...]]:
    """A function from input values (in ``inputs`` order) to the values of ``terms``.

    Compiled to Python where every operator is known; otherwise (or where a
    compiled term divides by zero) evaluated with Z3 itself.
    """
    def by_z3(values: Sequence[int]) -> tuple[Value, ...]:
        pairs = [(c, z3.IntVal(v)) for c, v in zip(inputs, values, strict=True)]
        out: list[Value] = []
        for t in terms:
            r = z3.simplify(z3.substitute(t, *pairs)) if pairs else z3.simplify(t)
            if z3.is_true(r):
                out.append(True)
            elif z3.is_false(r):
                out.append(False)
            elif z3.is_int_value(r):
                out.append(r.as_long())
            else:
                raise ValueError(f"term {t} has no value under {values}")
        return tuple(out)

    try:
        source = _python_source(terms, inputs)
    except _Unsupported:
        return by_z3
    scope: dict[str, Any] = {"_zdiv": _zdiv, "_zmod": _zmod}
    exec(compile(source, "<encoding>", "exec"), scope)
    fast: Callable[[Sequence[int]], tuple[Value, ...]] = scope["f"]

    def run(values: Sequence[int]) -> tuple[Value, ...]:
        try:
            return fast(values)
        except _NoValue:
            return by_z3(values)

    return run


def _as_term(value: Any) -> Any:
    if isinstance(value, bool):
        return z3.BoolVal(value)
    if isinstance(value, int):
        return z3.IntVal(value)
    return value


@attrs.frozen
class CompiledKind:
    """One action kind compiled for a player count."""

    kind: ActionKind
    #: variables the update lists, in variable order
    updated: tuple[str, ...]
    #: (pre values + param values) -> (domain, guard, *updated values)
    evaluate: Callable[[Sequence[int]], tuple[Value, ...]]


@attrs.frozen
class Compiled:
    """An encoding compiled for one player count."""

    players: int
    variables: tuple[str, ...]
    parts: tuple[str, ...]
    #: pre values -> (*invariant parts, terminal)
    state_eval: Callable[[Sequence[int]], tuple[Value, ...]]
    kinds: Mapping[str, CompiledKind]


def compile_encoding(encoding: Encoding[Any, Any], players: int) -> Compiled:
    """``encoding`` at ``players`` as Python functions, from the terms of its
    :func:`frame` (built once per process and shared with the proofs)."""
    f = frame(encoding, players)
    variables = encoding.variables_for(players)
    inputs = [f.pre[v] for v in variables]
    state_eval = compile_terms(
        [_as_term(t) for t in (*f.parts.values(), encoding.terminal(f.pre, players))], inputs
    )
    kinds: dict[str, CompiledKind] = {}
    for kind in f.kinds:
        step = f.step(kind)
        updated = tuple(v for v in variables if not step.post[v].eq(f.pre[v]))
        terms = [step.domain, step.guard, *(step.post[v] for v in updated)]
        evaluate = compile_terms(terms, inputs + [step.params[p] for p in kind.params])
        kinds[kind.name] = CompiledKind(kind, updated, evaluate)
    return Compiled(players, variables, tuple(f.parts), state_eval, kinds)


def enabled(encoding: Encoding[Any, Any], compiled: Compiled, state: Any, action: Any) -> bool:
    """Whether the kind ``encoding.classify`` names for ``action`` in ``state`` has its
    domain and guard true there (``compiled``: the encoding compiled for the state's
    player count)."""
    name, params = encoding.classify(state, action)
    kind = compiled.kinds[name]
    pre = encoding.project(state)
    values = [pre[v] for v in compiled.variables] + [params[p] for p in kind.kind.params]
    dom, guard, *_ = kind.evaluate(values)
    return dom is True and guard is True


# ---------------------------------------------------------------------------
# Proof obligations
# ---------------------------------------------------------------------------


#: preprocessing before the SMT core: the encodings' updates are long chains of
#: ``If`` over equalities that propagation and elimination shrink to a small core
#: (a query of minutes with the default solver takes a second this way)
TACTIC = ("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "smt")
#: parameters of the SMT core (the last of :data:`TACTIC`): Z3's older arithmetic solver
#: (``arith.solver=2``) settles the encodings' small integer cores in about two thirds
#: of the time the default one takes (128 of the slowest queries of crafts, Burgundy and
#: the card game: 59 s against 100 s), most in its bound propagation and branching
SMT = {"arith.solver": 2}


class _Model:
    """A model of a :class:`_Fresh` query, evaluating terms of the main context."""

    def __init__(self, model: Any, ctx: z3.Context) -> None:
        self._model, self._ctx = model, ctx

    def eval(self, term: Any, model_completion: bool = False) -> Any:
        return self._model.eval(term.translate(self._ctx), model_completion=model_completion)

    def __getitem__(self, term: Any) -> Any:
        return self._model[term.translate(self._ctx)]


#: Z3 resource units (its ``rlimit``: a count of the work it does, the same for the same
#: query on every machine) that one second of a query's budget buys: about a second of
#: Z3's work on the reference machine (Burgundy's end-game bound at 4 players, a
#: ``z3.Optimize``, spends 63 M units in 5.5 to 7 s there)
RLIMIT_PER_SECOND = 10_000_000
#: a query's wall-clock limit, as a multiple of its budget: a stop for a machine many
#: times slower or loaded, never reached on the reference machine
WALL_FACTOR = 3.0


class _Fresh:
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
    (for one version of Z3); a wall-clock limit of :data:`WALL_FACTOR` times the budget
    stops a query on a machine far slower than the reference one."""

    def __init__(self, timeout: float, optimize: bool = False) -> None:
        self.ctx = z3.Context()
        self._s: Any = (z3.Optimize(ctx=self.ctx) if optimize
                        else z3.Then(*TACTIC[:-1], z3.With(TACTIC[-1], ctx=self.ctx, **SMT),
                                     ctx=self.ctx).solver())
        self._s.set("rlimit", max(1, int(timeout * RLIMIT_PER_SECOND)))
        self._s.set("timeout", max(1, int(timeout * WALL_FACTOR * 1000)))

    def spent(self) -> float:
        """The budget its checks have spent so far, in seconds (of Z3 resource units)."""
        try:
            units = self._s.statistics().get_key_value("rlimit count")
        except z3.Z3Exception:  # no check yet
            units = 0
        return float(units) / RLIMIT_PER_SECOND

    def add(self, *terms: Any) -> None:
        self._s.add(*(t.translate(self.ctx) for t in terms))

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


def _solver(timeout: float) -> Any:
    return _Fresh(timeout)


def _post(pre: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    return {v: _as_term(update[v]) if v in update else t for v, t in pre.items()}


def _values(model: Any, terms: Mapping[str, Any], limit: int = 60) -> str:
    shown = [f"{k}={model.eval(t, model_completion=True)}" for k, t in terms.items()]
    if len(shown) > limit:
        shown = [*shown[:limit], f"... ({len(shown) - limit} more)"]
    return "{" + ", ".join(shown) + "}"


def _changes(model: Any, pre: Mapping[str, Any], post: Mapping[str, Any]) -> str:
    out = []
    for k, t in pre.items():
        a = model.eval(t, model_completion=True)
        b = model.eval(post[k], model_completion=True)
        if not z3.is_true(z3.simplify(a == b)):
            out.append(f"{k} {a}->{b}")
    return ", ".join(out) or "nothing"


def _fresh_params(kind: ActionKind, tag: str) -> dict[str, Any]:
    return {p: z3.Int(f"{tag}.{kind.name}.{p}") for p in kind.params}


def _decide(query: Any, cases: Sequence[Any], timeout: float,
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
        s = _solver(probe)
        s.add(query)
        result = s.check()
        if result != z3.unknown or not cases:
            return result, s
    verdict: Any = z3.unsat
    last: Any = None
    for case in cases:
        c = _solver(timeout)
        c.add(query, case)
        found = c.check()
        if found == z3.sat:
            return found, c
        if found == z3.unknown or last is None:
            last = c
            if found == z3.unknown:
                verdict = z3.unknown
    if verdict == z3.unknown and probe < timeout:  # the cases did not settle: the whole
        s = _solver(timeout)
        s.add(query)
        return s.check(), s
    return verdict, last


#: seconds the whole query gets before an encoding's cases are tried one by one
WHOLE_FIRST = 6.0

#: seconds a round of :func:`_check_sparingly` asks its query whole before it asks the
#: encoding's cases one by one: a query that the cases settle in hundredths of a second
#: can take seconds whole (crafts' ``cards-conserved`` at 6 players: 14 s with half of
#: the round's budget first, 7 s with this probe)
PROBE = 0.3

#: the conjuncts of an invariant part that a kind changes are checked in groups of this
#: many: one query over a thousand negated conjuncts can be slower than a few over groups,
#: and many small groups repeat the work on the kind's step (with :data:`SMT`'s arithmetic
#: solver, Burgundy's inductive parts at 4 players: 14.4 s in groups of 80, 12.1 s in
#: groups of 400, 13.1 s whole; at 2 players 7.7 s and 6.9 s in groups of 80 and 400)
CHUNK = 400


def _conjuncts(term: Any) -> list[Any]:
    """The conjuncts of ``term``, nested conjunctions flattened, in order."""
    out: list[Any] = []
    stack = [_as_term(term)]
    while stack:
        t = stack.pop()
        if z3.is_and(t):
            stack.extend(reversed(t.children()))
        else:
            out.append(t)
    return out


def _constants(term: Any, memo: dict[int, frozenset[int]], keep: list[Any]) -> frozenset[int]:
    """The ids of the variables (uninterpreted constants) ``term`` reads; ``memo`` keeps
    them per subterm id, for terms that share subterms, and ``keep`` the terms walked (a
    term keeps its subterms, and so their ids, from being given to other terms). The walk
    goes through Z3's C API, as :func:`_python_source`'s, not through a Python wrapper per
    node: over Burgundy's I at 4 players (1,242 conjuncts, 7,727 distinct subterms) 0.15 s
    against 1.06 s."""
    ctx = term.ctx.ref()
    root = term.as_ast()
    top = _AST_ID(ctx, root)
    if top in memo:
        return memo[top]
    keep.append(term)
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        ast, ready = stack.pop()
        key = _AST_ID(ctx, ast)
        if key in memo:
            continue
        n = _NUM_ARGS(ctx, ast) if _AST_KIND(ctx, ast) == z3.Z3_APP_AST else 0
        if n == 0:
            variable = (_AST_KIND(ctx, ast) == z3.Z3_APP_AST and
                        _DECL_KIND(ctx, _APP_DECL(ctx, ast)) == z3.Z3_OP_UNINTERPRETED)
            memo[key] = frozenset((key,)) if variable else _NONE
            continue
        children = [_ARG(ctx, ast, i) for i in range(n)]
        if not ready:
            stack.append((ast, True))
            stack.extend((c, False) for c in children)
            continue
        memo[key] = frozenset().union(*(memo[_AST_ID(ctx, c)] for c in children))
    return memo[top]


_NONE: frozenset[int] = frozenset()


def conjunct_ids(term: Any) -> frozenset[int]:
    """The ids of the conjuncts of ``term`` (for :func:`changed_groups`'s ``held``)."""
    return frozenset(c.get_id() for c in _conjuncts(term))


def changed_groups(before: Any, after: Any, held: frozenset[int] | None = None) -> list[Any]:
    """What must be proved of ``after`` (an invariant part over the post-state) given
    ``before`` (the same part over the pre-state), as conjunctions of at most
    :data:`CHUNK` conjuncts. A conjunct the update leaves syntactically equal to its
    pre-state form (it reads no updated variable) holds already, and is dropped, when it
    is one of the conjuncts ``held`` names (:func:`conjunct_ids` of the whole invariant I
    over the pre-state; ``None``: every pre-state conjunct is held); when the two parts do
    not flatten to the same shape, the whole of ``after``."""
    pre, post = _conjuncts(before), _conjuncts(after)
    if len(pre) != len(post):
        return [_as_term(after)]
    changed = [b for a, b in zip(pre, post, strict=True)
               if not a.eq(b) or (held is not None and a.get_id() not in held)]
    return [z3.And(*changed[i:i + CHUNK]) for i in range(0, len(changed), CHUNK)]


@attrs.frozen
class Step:
    """One action kind's transition from a frame's pre-state: its fresh parameters, its
    domain and guard, ``enabled`` (both) and the post-state terms."""

    kind: ActionKind
    params: dict[str, Any]
    domain: Any
    guard: Any
    post: dict[str, Any]
    enabled: Any = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "enabled", z3.And(self.domain, self.guard))


@attrs.define
class Frame:
    """The terms every obligation of one encoding at one player count asks about: the
    pre-state, I, its parts and cases, and each kind's step, built once per process
    (:func:`frame`) and shared by the obligations a worker process runs. Building them
    costs seconds for a large encoding (Burgundy at 4 players: about 6 s, nearly all of
    it every kind's update), more than many of the queries."""

    encoding: Encoding[Any, Any]
    players: int
    pre: dict[str, Any]
    whole: Any
    cases: tuple[Any, ...]
    parts: dict[str, Any]
    kinds: tuple[ActionKind, ...]
    #: I's conjuncts (nested conjunctions flattened), and their ids
    conjuncts: tuple[Any, ...] = attrs.field(init=False)
    held: frozenset[int] = attrs.field(init=False)
    _steps: dict[str, Step] = attrs.field(factory=dict)
    _post_parts: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    #: the variables each of I's conjuncts reads (:meth:`around`), and per subterm
    _reads: list[frozenset[int]] | None = None
    _memo: dict[int, frozenset[int]] = attrs.field(factory=dict)
    _kept: list[Any] = attrs.field(factory=list)

    def __attrs_post_init__(self) -> None:
        self.conjuncts = tuple(_conjuncts(self.whole))
        self.held = frozenset(c.get_id() for c in self.conjuncts)

    def keeps(self, step: Step, group: Any, start: Sequence[Any] | None, timeout: float
              ) -> tuple[str, str]:
        """Whether ``step`` keeps ``group`` true from every state satisfying I: first from
        ``start`` (some of I's conjuncts; ``None``: not tried) and as few more of them as
        it takes (:func:`_lazily`), then under all of I (by the encoding's cases where the
        query does not settle whole). ``("alone" | "proved" | "counterexample" |
        "unknown", detail)``; the detail of a counterexample shows the kind, parameters,
        pre-state and changed variables."""
        if start is not None and _lazily(start, step.enabled, group, self.conjuncts,
                                         self.cases):
            return "alone", ""
        result, s = _decide(z3.And(self.whole, step.enabled, z3.Not(group)), self.cases,
                            timeout, WHOLE_FIRST)
        if result == z3.sat:
            m = s.model()
            return "counterexample", (
                f"{step.kind.name}{_values(m, step.params)} from {_values(m, self.pre)}"
                f" changes {_changes(m, self.pre, step.post)}")
        if result == z3.unknown:
            return "unknown", f"{step.kind.name}: {_reason(s, timeout)}"
        return "proved", ""

    def around(self, facts: Sequence[Any], case: Any) -> list[Any]:
        """The conjuncts of I that read a variable ``facts`` or ``case`` read, once the
        case's equalities (``term == number``) are put into the facts: a start for
        :func:`_sparing` that leaves out what the question has nothing to do with. A
        player action reads every player's variables through its actor; under the case
        of one acting player it reads that player's (Burgundy's placement at 4 players:
        490 of I's 1,242 conjuncts)."""
        if self._reads is None:
            self._reads = [_constants(c, self._memo, self._kept) for c in self.conjuncts]
        pairs = [(c.arg(0), c.arg(1)) for c in _conjuncts(case)
                 if z3.is_eq(c) and z3.is_int_value(c.arg(1))]
        shown = [z3.simplify(z3.substitute(t, *pairs)) if pairs else t for t in facts]
        need = frozenset().union(*(_constants(t, self._memo, self._kept) for t in (*shown, case)))
        return [c for c, reads in zip(self.conjuncts, self._reads, strict=True)
                if reads & need]

    def step(self, kind: ActionKind | str) -> Step:
        """The step of ``kind`` (one of :attr:`kinds`, or its name), built once; a kind
        object that is not one of the frame's gets a step of its own, not kept."""
        name = kind if isinstance(kind, str) else kind.name
        found = self._steps.get(name)
        if found is not None and (isinstance(kind, str) or found.kind is kind):
            return found
        own = next((k for k in self.kinds if k.name == name), None)
        if isinstance(kind, str):
            if own is None:
                raise KeyError(f"no action kind {name}")
            kind = own
        params = _fresh_params(kind, "p")
        update = kind.update(self.pre, params)
        unknown = sorted(set(update) - set(self.pre))
        if unknown:
            raise ValueError(f"kind {kind.name} updates unknown variables {unknown}")
        built = Step(kind, params, _as_term(kind.domain(params)),
                     _as_term(kind.guard(self.pre, params)), _post(self.pre, update))
        if kind is own:
            self._steps[name] = built
        return built

    def post_parts(self, kind: ActionKind) -> dict[str, Any]:
        """The invariant's parts over the post-state of ``kind`` (one of :attr:`kinds`):
        each part with every variable the kind updates replaced by its post-state term
        (``z3.substitute``; a part is built from the variables' terms, so this is the part
        over the post-state, and what the kind leaves alone keeps its term and id). Z3
        substitutes in a fraction of the time it takes to build the parts again (Burgundy at
        4 players: 0.8 s against 8 s for every kind)."""
        found = self._post_parts.get(kind.name)
        if found is None:
            post = self.step(kind).post
            pairs = [(term, post[name]) for name, term in self.pre.items()
                     if not term.eq(post[name])]
            found = {name: z3.substitute(part, *pairs) if pairs else part
                     for name, part in self.parts.items()}
            self._post_parts[kind.name] = found
        return found


#: frames kept per process, the most recently used last (a verify worker runs one game's
#: player counts in turn; a test run builds many encodings)
FRAMES = 4
_FRAMES: dict[tuple[int, int], Frame] = {}


def forget_frames() -> None:
    """Drop every frame this process keeps, and the encodings' memos of terms
    (:func:`~rules_oracle.solver.encoding.forget_term_memos`): for a caller that changes
    what an encoding builds (a module constant it reads) between obligations, or that
    must see the terms built again."""
    _FRAMES.clear()
    forget_term_memos()


def frame(encoding: Encoding[Any, Any], players: int) -> Frame:
    """The shared terms of ``encoding`` at ``players`` (built on first use)."""
    key = (id(encoding), players)
    found = _FRAMES.pop(key, None)
    if found is None or found.encoding is not encoding:
        pre = encoding.fresh("s", players)
        whole = encoding.invariant(pre, players)
        found = Frame(encoding, players, pre, whole, tuple(encoding.cases(pre, players)),
                      encoding.invariant_parts(pre, players), encoding.kinds(players))
    _FRAMES[key] = found
    while len(_FRAMES) > FRAMES:
        del _FRAMES[next(iter(_FRAMES))]
    return found


#: seconds :func:`_lazily` gets in all, and how many rounds it takes at most (with
#: :data:`SMT`'s arithmetic solver a budget's second is about half a second of wall time:
#: Burgundy's inductive parts at 4 players took 27-37 s with 2 s, 24-33 s with 4 s)
ALONE_FIRST = 4.0
LAZY_ROUNDS = 4


def _check_sparingly(facts: Sequence[Any], start: Sequence[Any], invariant: Sequence[Any],
                     budget: float, cases: Sequence[Any] = ()) -> Any:
    """:func:`_sparing`'s verdict alone."""
    return _sparing(facts, start, invariant, budget, cases)[0]


def _sparing(facts: Sequence[Any], start: Sequence[Any], invariant: Sequence[Any],
             budget: float, cases: Sequence[Any] = (), rounds: int | None = None
             ) -> tuple[Any, Any]:
    """Check ``facts`` and I (``invariant``, its conjuncts) under as few of I's conjuncts as
    it takes: first ``start`` (some of them), then, while Z3 finds a state that breaks
    conjuncts of I, those conjuncts too. ``unsat`` when a round is UNSAT (then so is the
    query under all of I, a stronger hypothesis); ``sat`` when a state found satisfies all
    of I; ``unknown`` when the rounds do not settle within ``budget`` seconds in all or
    after :data:`LAZY_ROUNDS` rounds. A query most of I has nothing to do with is settled
    from a small hypothesis, and faster (Burgundy's ``nonnegative`` at 4 players: 31 s of
    queries under I, 6 s under the part).

    With the encoding's ``cases`` (a cover of the states satisfying I), a round that does
    not settle whole within :data:`PROBE` seconds is asked case by case, each case with
    the budget: UNSAT in every case is UNSAT (a state of I is in some case, and satisfies
    the conjuncts so far); Burgundy's tile placement keeps every score from falling by 0.4
    s per acting player, where the query whole takes 8 s."""
    hypothesis = list(start)
    left = budget  # in Z3 resource units, as every query's budget (_Fresh)
    s: Any = None
    for _ in range(LAZY_ROUNDS if rounds is None else rounds):
        if left <= 0:
            break
        s = _solver(min(PROBE, left) if cases else left)
        s.add(*hypothesis, *facts)
        result = s.check()
        left -= s.spent()
        if result == z3.unknown and cases:
            result = z3.unsat
            for case in cases:
                s = _solver(budget)
                s.add(*hypothesis, *facts, case)
                result = s.check()
                left -= s.spent()
                if result != z3.unsat:
                    break
        if result != z3.sat:
            return result, s
        m = s.model()
        broken = [c for c in invariant if not z3.is_true(m.eval(c, model_completion=True))]
        if not broken:
            return z3.sat, s
        hypothesis.extend(broken)
    return z3.unknown, s


def _lazily(part: Sequence[Any], enabled: Any, group: Any, whole: Sequence[Any],
            cases: Sequence[Any] = ()) -> bool:
    """Whether ``enabled`` keeps ``group`` true, proved from the invariant part's conjuncts
    ``part`` and as few more of I's conjuncts (``whole``) as it takes
    (:func:`_check_sparingly`, :data:`ALONE_FIRST` seconds, by the encoding's ``cases``
    where the query whole does not settle). False when that does not prove it: the group
    is then asked under I, which finds the counterexample or proves it."""
    return bool(_check_sparingly((enabled, z3.Not(group)), part, whole, ALONE_FIRST, cases)
                == z3.unsat)


def inductive(
    encoding: Encoding[Any, Any], players: int, timeout: float = 10.0,
    parts: Sequence[str] | None = None,
) -> list[Outcome]:
    """One outcome per conjunct of I (or per named ``parts``): no enabled action
    of any kind breaks it (checked over the conjuncts the kind changes, in groups;
    each group first under the part alone, then under the whole of I)."""
    f = frame(encoding, players)
    part_names = tuple(f.parts)
    if parts is not None:
        unknown = sorted(set(parts) - set(part_names))
        if unknown:
            raise KeyError(f"no invariant part(s) {', '.join(unknown)}")
        part_names = tuple(p for p in part_names if p in parts)
    outcomes = []
    for part in part_names:
        start = time.perf_counter()
        status, untouched, alone = "proved", 0, 0
        detail = ""
        # the part is a weaker hypothesis than I only when its conjuncts are I's own
        conjuncts = _conjuncts(f.parts[part])
        own = conjuncts if {c.get_id() for c in conjuncts} <= f.held else None
        for kind in f.kinds:
            step = f.step(kind)
            groups = changed_groups(f.parts[part], f.post_parts(kind)[part], f.held)
            untouched += not groups
            needs_whole = False
            for group in groups:
                found, why = f.keeps(step, group, own, timeout)
                needs_whole |= found != "alone"
                if found == "counterexample":
                    status, detail = found, why
                    break
                if found == "unknown":
                    status, detail = found, why
            alone += bool(groups) and not needs_whole
            if status == "counterexample":
                break
        if status == "proved":
            detail = (f"{len(f.kinds)} kinds ({untouched} leave it unchanged; {alone} keep it"
                      " by the part and a few of I's conjuncts alone)")
        outcomes.append(
            Outcome(f"inductive/{part}/p{players}", "z3", status,
                    time.perf_counter() - start, detail)
        )
    return outcomes


def _reason(s: Any, timeout: float) -> str:
    """Why a query did not settle, in words."""
    why = str(s.reason_unknown())
    if why in ("timeout", "canceled", "unknown"):  # out of its budget (or wall-clock time)
        return f"timed out after {timeout:g} s"
    return why


def cases_cover(encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
                ) -> Outcome | None:
    """The encoding's case split covers every state satisfying I (``None``: no cases)."""
    f = frame(encoding, players)
    pre, cases = f.pre, f.cases
    if not cases:
        return None
    start = time.perf_counter()
    s = _solver(timeout)
    s.add(f.whole, z3.Not(z3.Or(*cases)))
    result = s.check()
    if result == z3.unsat:
        status, detail = "proved", f"{len(cases)} cases cover every state satisfying the invariant"
    elif result == z3.sat:
        status, detail = "counterexample", f"no case holds in {_values(s.model(), pre)}"
    else:
        status, detail = "unknown", _reason(s, timeout)
    return Outcome(f"cases-cover/p{players}", "z3", status, time.perf_counter() - start,
                   detail)


def completeness(
    encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
) -> Outcome:
    """No state satisfying I and not terminal has every kind disabled.

    With the encoding's completeness witnesses, first the quantifier-free
    query: I, not terminal, and every witness disabled is UNSAT (proved).
    Otherwise (no witnesses, or a state they miss) the general query: no kind
    enabled for any parameters.
    """
    start = time.perf_counter()
    f = frame(encoding, players)
    pre = f.pre
    witnesses = encoding.completeness_witnesses(pre, players)
    missed = ""
    if witnesses:
        kinds = {k.name: k for k in f.kinds}
        quick = _solver(timeout)
        quick.add(f.whole, z3.Not(encoding.terminal(pre, players)))
        quick.add(z3.Not(z3.Or(*(z3.And(kinds[name].domain(params),
                                         kinds[name].guard(pre, params))
                                  for name, params in witnesses))))
        verdict = quick.check()
        if verdict == z3.unsat:
            return Outcome(f"completeness/p{players}", "z3", "proved",
                           time.perf_counter() - start,
                           f"one of {len(witnesses)} witness actions is enabled in every"
                           " non-terminal state satisfying the invariant")
        missed = ("the witness actions do not cover every state; " if verdict == z3.sat
                  else f"witness query {_reason(quick, timeout)}; ")
    s = _solver(timeout)
    s.add(f.whole, z3.Not(encoding.terminal(pre, players)))
    for kind in f.kinds:
        step = f.step(kind)
        if step.params:
            s.add(z3.ForAll(list(step.params.values()), z3.Not(step.enabled)))
        else:
            s.add(z3.Not(step.enabled))
    result = s.check()
    if result == z3.unsat:
        status, detail = ("proved",
                          "every non-terminal state satisfying the invariant enables a kind")
    elif result == z3.sat:
        status, detail = "counterexample", f"no kind enabled in {_values(s.model(), pre)}"
    else:
        status, detail = "unknown", _reason(s, timeout)
    return Outcome(f"completeness/p{players}", "z3", status, time.perf_counter() - start,
                   missed + detail)


@attrs.frozen
class GainBound:
    """The most points ``steps`` consecutive actions (of ``kind``) can give one player."""

    players: int
    #: an action kind's name, ``"any-action"`` or ``"<k>-steps"``
    kind: str
    steps: int
    #: the bound; ``None`` when unknown, unbounded or the kind is never enabled
    value: int | None
    outcome: Outcome
    #: the encoding's ``bound_scope`` the bound is proved under, when it is not proved over
    #: every state satisfying I (play outside the scope may then exceed it)
    scope: str | None = None


def _gained(g: Any, scores_pre: Sequence[Any], scores_post: Sequence[Any]) -> Any:
    """``g`` is some player's gain."""
    return z3.Or(*(g == b - a for a, b in zip(scores_pre, scores_post, strict=True)))


#: the detail of a kind whose guard no state satisfying I meets
NEVER_ENABLED = "never enabled under the invariant"


def _maximize(opt: Any, g: Any, timeout: float) -> tuple[str, int | None, str]:
    handle = opt.maximize(g)
    result = opt.check()
    if result == z3.unsat:
        return "unknown", None, NEVER_ENABLED
    if result == z3.unknown:
        return "unknown", None, _reason(opt, timeout)
    value = handle.value()
    if not z3.is_int_value(value):
        return "unknown", None, UNBOUNDED
    return "proved", int(value.as_long()), ""


#: the detail of a bound the invariant leaves open
UNBOUNDED = "unbounded under the invariant"


#: seconds ``z3.Optimize`` gets before a bound is found by search instead: it shows a gain
#: unbounded, or a kind never enabled, in a fraction of a second, where the search is as
#: fast or faster on a bound it finds (with :data:`SMT`'s arithmetic solver, crafts'
#: end-of-round bound at 6 players: 4.3 s of Optimize, 1.1 s of search)
OPTIMIZE_FIRST = 1.0
#: a gain past this is reported as no bound (the search stops there)
SEARCH_CAP = 10**6


#: seconds a bound's first query gets (does an action of the kind gain any point?): most
#: kinds score nothing, and two small queries show it where ``z3.Optimize`` takes seconds
#: (Burgundy's tile taking at 4 players: 2 s)
NOTHING_FIRST = 1.0


def _bound(facts: Sequence[Any], scores_pre: Sequence[Any], scores_post: Sequence[Any],
           timeout: float, cases: Sequence[Any] = (), optimize: bool = True
           ) -> tuple[str, int | None, str]:
    """The largest gain under ``facts``: 0 when no gain passes 0 and one reaches it (two
    queries, the first with :data:`NOTHING_FIRST` seconds); else ``z3.Optimize`` for
    ``OPTIMIZE_FIRST`` seconds (unless not to ``optimize``), then, if it did not settle,
    :func:`_search_max` with ``timeout`` per query."""
    g = z3.Int("gain")
    gained = _gained(g, scores_pre, scores_post)
    nothing = _solver(min(NOTHING_FIRST, timeout))
    nothing.add(*facts, gained, g > 0)
    if nothing.check() == z3.unsat:  # no point gained: is 0 reached?
        reached = _solver(timeout)
        reached.add(*facts, gained, g == 0)
        if reached.check() == z3.sat:
            return "proved", 0, ""
    if optimize:
        opt = _optimizer(min(OPTIMIZE_FIRST, timeout))
        opt.add(*facts, gained)
        status, value, why = _maximize(opt, g, min(OPTIMIZE_FIRST, timeout))
        if status == "proved" or why in (NEVER_ENABLED, UNBOUNDED):
            return status, value, why
    return _search_max([*facts, gained], g, timeout, cases)


#: a search query is tried with these Z3 ``random_seed`` values in turn, each for its
#: share of the query time
SEEDS = ((0, 0.5), (1, 0.25), (2, 0.25))


def _restarting(query: Any, timeout: float) -> tuple[Any, Any]:
    """Check ``query`` with each of ``SEEDS`` in turn until one settles, all together
    within ``timeout``: the time a satisfiable query takes varies with the seed by ten
    times and more, and a restart cuts that long tail where one long attempt waits it
    out. The first seed has half the time, for queries that are long for every seed."""
    for seed, share in SEEDS:
        s = _solver(timeout * share)
        s.set("random_seed", seed)
        s.add(query)
        result = s.check()
        if result != z3.unknown:
            break
    return result, s


#: a cheaper way to ask a query first (its facts and one more term, or none): the
#: verdict and the solver that gave it
Asking = Callable[[Any | None], tuple[Any, Any]]


def _search_max(facts: Sequence[Any], g: Any, timeout: float,
                cases: Sequence[Any] = (), first: Asking | None = None
                ) -> tuple[str, int | None, str]:
    """The largest value of ``g`` under ``facts`` by plain satisfiability queries.

    A first model gives a feasible gain; doubling steps find a gain no model reaches;
    bisection closes the gap. The bound is proved by its last query: ``g > bound``
    is UNSAT. Every query is small (one target each), where a single
    ``z3.Optimize`` over the whole range may not settle; with the encoding's ``cases``, a
    query that does not settle whole is asked case by case (:func:`_decide`). A query
    that ``first`` settles is not asked otherwise.
    """
    def ask(extra: Any | None) -> tuple[Any, int | None, Any]:
        more = () if extra is None else (extra,)
        s: Any = None
        result = z3.unknown
        if first is not None:
            result, s = first(extra)
        if result == z3.unknown and cases:
            result, s = _decide(z3.And(*facts, *more), cases, timeout, WHOLE_FIRST)
        elif result == z3.unknown:
            result, s = _restarting(z3.And(*facts, *more), timeout)
        found = None
        if result == z3.sat:
            found = int(s.model().eval(g, model_completion=True).as_long())
        return result, found, s

    result, best, s = ask(None)
    if result == z3.unsat:
        return "unknown", None, NEVER_ENABLED
    if result == z3.unknown or best is None:
        return "unknown", None, _reason(s, timeout)
    step = 1
    ceiling: int | None = None  # the least gain known to be unreachable
    while ceiling is None or ceiling > best + 1:
        target = best + step if ceiling is None else (best + 1 + ceiling) // 2
        if target > SEARCH_CAP:
            return "unknown", None, f"{UNBOUNDED} (gains past {SEARCH_CAP})"
        result, found, s = ask(g >= target)
        if result == z3.unknown or (result == z3.sat and found is None):
            return "unknown", None, f"{_reason(s, timeout)} (searching above {best})"
        if result == z3.sat and found is not None:
            best = found
            step *= 2
        else:
            ceiling = target
    return "proved", best, ""


def confirm_max(facts: Sequence[Any], g: Any, value: int, timeout: float,
                cases: Sequence[Any] = ()) -> tuple[str, str]:
    """Check a claimed largest value of ``g`` under ``facts`` with two queries: ``g >=
    value`` is SAT (it is reached) and ``g > value`` is UNSAT (nothing passes it).

    ``("proved", "")``; ``("counterexample", how)`` when a model passes ``value`` or none
    reaches it; ``("unknown", why)`` when a query does not settle. Each query is asked
    case by case when it does not settle whole (:func:`_decide`).
    """
    above, s = _decide(z3.And(*facts, g > value), cases, timeout, WHOLE_FIRST)
    if above == z3.sat:
        found = s.model().eval(g, model_completion=True)
        return "counterexample", f"{found} is reached, above {value}"
    if above == z3.unknown:
        return "unknown", f"{_reason(s, timeout)} (asking for more than {value})"
    reached, s = _decide(z3.And(*facts, g >= value), cases, timeout, WHOLE_FIRST)
    if reached == z3.unsat:
        return "counterexample", f"{value} is never reached"
    if reached == z3.unknown:
        return "unknown", f"{_reason(s, timeout)} (asking for {value})"
    return "proved", ""


def _bound_by_cases(facts: Sequence[Any], scores_pre: Sequence[Any],
                    scores_post: Sequence[Any], timeout: float, cases: Sequence[Any],
                    split: Sequence[BoundCase], around: tuple[Frame, Any] | None = None
                    ) -> tuple[str, int | None, str]:
    """The largest gain under ``facts`` as the largest of its bounds under each of
    ``split`` (described cases, some with narrower cases of their own).

    First, that the cases cover ``facts`` (one UNSAT query, asked by ``cases`` if it
    does not settle whole). A case with narrower cases is one Z3 would not settle whole:
    it is asked by its narrower cases, after a query that they cover it. The first
    enabled case's bound is found by a search; each later case costs one query (does it
    pass the best so far?) and, only when it does, a search above the best. Burgundy's
    placements ask a board per acting player, nine per player: at 4 players a board's
    query takes about 0.15 s around the case, where the player's whole case takes 2 s
    when it settles within its budget, and 4 s of budgets spent for nothing when it does
    not. On success the third element names the case that gives the bound.

    With ``around`` (the frame whose I is the first of ``facts``, and the kind's enabled
    term), a case's queries are first asked under the conjuncts of I around the case
    (:meth:`Frame.around`, :func:`_sparing`), and under all of I only when that does not
    settle them: one acting player's placement reads that player's estate, not the
    others' (Burgundy at 4 players: 1 s against 3 s a query)."""
    def gaps(within: Sequence[BoundCase], *case: Any) -> tuple[Any, Any]:
        """Whether a state under ``facts`` (and ``case``) is in none of ``within``."""
        return _decide(z3.And(*facts, *case, z3.Not(z3.Or(*(c.case for c in within)))),
                       cases, timeout, WHOLE_FIRST)

    cover, s = gaps(split)
    if cover == z3.sat:
        return "unknown", None, "the bound's cases do not cover every enabled state"
    if cover == z3.unknown:
        return "unknown", None, f"whether the bound's cases cover: {_reason(s, timeout)}"
    g = z3.Int("gain")
    gained = _gained(g, scores_pre, scores_post)
    best: tuple[int, str] | None = None
    narrower = 0

    def covered(node: BoundCase) -> str | None:
        found, s = gaps(node.within, node.case)
        if found == z3.sat:
            return f"{node.label}: its narrower cases do not cover it"
        if found == z3.unknown:
            return f"{node.label}: whether its narrower cases cover it: {_reason(s, timeout)}"
        return None

    def sparing(case: Any, budget: float, *also: Any, rounds: int | None = None
                ) -> Asking | None:
        """Queries under ``case`` (and ``also``) asked around it first, with ``budget``
        (in so many ``rounds`` of :func:`_sparing`)."""
        if around is None:
            return None
        f, enabled = around
        start = f.around([enabled, gained], case)

        def ask(extra: Any | None) -> tuple[Any, Any]:
            more = () if extra is None else (extra,)
            return _sparing([enabled, gained, case, *also, *more], start, f.conjuncts,
                            budget, rounds=rounds)
        return ask

    def explore(node: BoundCase) -> str | None:
        """Raise ``best`` to the largest gain under ``node``; the reason it cannot."""
        nonlocal best, narrower
        if node.within:
            problem = covered(node)
            narrower += len(node.within)
            for sub in node.within:
                problem = problem or explore(sub)
            return problem
        # a search (Optimize does not settle the cases an encoding splits), above the best
        # so far when there is one: its first query (is any gain above the best?) is all a
        # case that does not pass it costs
        above = () if best is None else (g > best[0],)
        status, value, why = _search_max([*facts, gained, node.case, *above], g, timeout,
                                         first=sparing(node.case, timeout, *above,
                                                       rounds=1))
        if why == NEVER_ENABLED:
            return None
        if status != "proved" or value is None:
            return f"{node.label}: {why}"
        best = (value, node.label)
        return None

    for node in split:
        problem = explore(node)
        if problem is not None:
            return "unknown", None, problem
    if best is None:
        return "unknown", None, NEVER_ENABLED
    more = f" ({narrower} narrower ones asked)" if narrower else ""
    return "proved", best[0], f"the largest of {len(split)} cases{more}, under {best[1]}"


def _optimizer(timeout: float) -> Any:
    return _Fresh(timeout, optimize=True)


def kind_bound(
    encoding: Encoding[Any, Any], players: int, kind: ActionKind | str, timeout: float = 10.0
) -> GainBound:
    """The most points one action of ``kind`` (an action kind, or the name of one of the
    encoding's) can give one player (``z3.Optimize``)."""
    score_vars = encoding.score_vars(players)
    start = time.perf_counter()
    f = frame(encoding, players)
    pre, cases = f.pre, f.cases
    step = f.step(kind)
    kind = step.kind
    post = step.post
    facts = [f.whole, step.enabled]
    split = tuple(c if isinstance(c, BoundCase) else BoundCase(*c)
                  for c in encoding.bound_cases(pre, players, kind.name))
    if split:
        status, value, why = _bound_by_cases(facts, [pre[v] for v in score_vars],
                                             [post[v] for v in score_vars], timeout,
                                             cases, split, (f, step.enabled))
    else:
        status, value, why = _bound(facts, [pre[v] for v in score_vars],
                                    [post[v] for v in score_vars], timeout, cases)
    detail = f"max gain {value}" if value is not None else why
    if split and value is not None:
        detail += f" ({why})"
    scope = encoding.bound_scope(pre, players)
    scoped: str | None = None
    unbounded = why.startswith(UNBOUNDED)  # by Optimize or past the search cap
    if scope is not None and (unbounded or (status == "unknown" and why != NEVER_ENABLED)):
        label, restriction = scope
        status, value, inside = _bound([*facts, restriction], [pre[v] for v in score_vars],
                                       [post[v] for v in score_vars], timeout, cases)
        shown = f"max gain {value}" if value is not None else inside
        outside = (f"under the other readings {UNBOUNDED} (not attempted)" if unbounded
                   else f"over every state: {why} (not settled)")
        detail = f"{shown} under {label}; {outside}"
        scoped = label
    if status == "unknown" and why == NEVER_ENABLED:
        status = "proved"  # settled: no state satisfying I enables the kind, so no gain
    return GainBound(players, kind.name, 1, value, Outcome(
        f"bound/{kind.name}/p{players}", "bound", status, time.perf_counter() - start,
        detail), scoped)


def overall_bound(players: int, bounds: Sequence[GainBound]) -> GainBound:
    """The bound over any one action, from the bounds of every kind."""
    enabled = [b for b in bounds if b.outcome.detail != NEVER_ENABLED]
    known = [b.value for b in enabled if b.value is not None]
    seconds = sum(b.outcome.seconds for b in bounds)
    if enabled and len(known) == len(enabled):
        best = max(enabled, key=lambda b: b.value if b.value is not None else 0)
        scopes = sorted({b.scope for b in enabled if b.scope is not None})
        scope = "; ".join(scopes) if scopes else None
        under = f" (a kind's bound under {scope})" if scope else ""
        return GainBound(players, "any-action", 1, best.value, Outcome(
            f"bound/any-action/p{players}", "bound", "proved", seconds,
            f"max gain {best.value} ({best.kind}){under}"), scope)
    open_ = sorted(b.kind for b in enabled if b.value is None)
    return GainBound(players, "any-action", 1, None, Outcome(
        f"bound/any-action/p{players}", "bound", "unknown", seconds,
        f"no bound for {', '.join(open_)}" if open_
        else "no kind is ever enabled under the invariant"))


def gain_bounds(
    encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
) -> list[GainBound]:
    """Bounds per kind, over any one action, and over ``encoding.bound_steps`` steps."""
    if not encoding.score_vars(players):
        return []
    kinds = encoding.kinds(players)
    bounds = [kind_bound(encoding, players, kind, timeout) for kind in kinds]
    bounds.append(overall_bound(players, bounds))
    if encoding.bound_steps > 1:
        bounds.append(window_bound(encoding, players, timeout))
    return bounds


def window_bound(encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
                 ) -> GainBound:
    """The most points ``encoding.bound_steps`` consecutive actions can give one player."""
    return _window_bound(encoding, players, encoding.kinds(players),
                         encoding.score_vars(players), encoding.bound_steps, timeout)


def _window_bound(
    encoding: Encoding[Any, Any], players: int, kinds: Sequence[ActionKind],
    score_vars: Sequence[str], k: int, timeout: float,
) -> GainBound:
    start = time.perf_counter()
    states = [encoding.fresh(f"s{t}", players) for t in range(k + 1)]
    facts = [encoding.invariant(states[0], players)]
    for t in range(k):
        pre, nxt = states[t], states[t + 1]
        options = []
        for kind in kinds:
            params = _fresh_params(kind, f"p{t}")
            update = kind.update(pre, params)
            options.append(z3.And(
                kind.domain(params), kind.guard(pre, params),
                *(nxt[v] == _as_term(update.get(v, pre[v])) for v in pre),
            ))
        facts.append(z3.Or(*options))
    # by search alone: over a disjunction of every kind per step Optimize spends its
    # budget in vain (catan at 4 players: 32 s with it first, 7 s by search alone)
    status, value, why = _bound(facts, [states[0][v] for v in score_vars],
                                [states[k][v] for v in score_vars], timeout, optimize=False)
    detail = f"max gain {value} over {k} consecutive actions" if value is not None else why
    return GainBound(players, f"{k}-steps", k, value, Outcome(
        f"bound/{k}-steps/p{players}", "bound", status, time.perf_counter() - start, detail))


def monotonicity(
    encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
) -> Outcome:
    """No enabled action lowers any score variable."""
    start = time.perf_counter()
    f = frame(encoding, players)
    pre = f.pre
    score_vars = encoding.score_vars(players)
    status, detail = "proved", f"{len(score_vars)} score variables never decrease"
    for kind in f.kinds:
        step = f.step(kind)
        found, why = f.keeps(step, z3.And(*(step.post[v] >= pre[v] for v in score_vars)), (),
                             timeout)
        if found == "counterexample":
            status, detail = found, why
            break
        if found == "unknown":
            status, detail = found, why
    return Outcome(f"monotone-scores/p{players}", "z3", status,
                   time.perf_counter() - start, detail)


def prove_all(
    encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
) -> tuple[list[Outcome], list[GainBound]]:
    """Every Z3 obligation for one player count: inductive parts, completeness,
    monotonicity (when claimed), and the gain bounds (not yet checked against play)."""
    outcomes = inductive(encoding, players, timeout)
    cover = cases_cover(encoding, players, timeout)
    if cover is not None:
        outcomes.append(cover)
    outcomes.append(completeness(encoding, players, timeout))
    if encoding.monotone_scores and encoding.score_vars(players):
        outcomes.append(monotonicity(encoding, players, timeout))
    return outcomes, gain_bounds(encoding, players, timeout)


def against_play(
    bounds: Sequence[GainBound], observed: "Observed"
) -> list[Outcome]:
    """Each bound with the largest gain seen in play: failed when play exceeds it."""
    out = []
    for b in bounds:
        if b.kind == "any-action":
            seen = max(observed.by_kind.values(), default=None)
        elif b.steps > 1:
            seen = observed.window if observed.window_steps == b.steps else None
        else:
            seen = observed.by_kind.get(b.kind)
        o = b.outcome
        shown = "not seen in play" if seen is None else f"observed {seen}"
        above = b.value is not None and seen is not None and seen > b.value
        if seen is not None and o.detail == NEVER_ENABLED:
            shown += " (a kind never enabled under the invariant is played)"
            status = "failed"
        elif above and b.scope is not None:  # play covers every configuration, the bound not
            shown += f" (above the bound: play outside {b.scope})"
            status = o.status
        elif above:
            status = "failed"
        else:
            status = o.status
        out.append(Outcome(o.name, "bound", status, o.seconds, f"{o.detail}; {shown}"))
    return out


# ---------------------------------------------------------------------------
# Faithfulness
# ---------------------------------------------------------------------------


@attrs.define
class Observed:
    """Largest score gains (of the encoding's score variables) seen in play."""

    by_kind: dict[str, int] = attrs.field(factory=dict)
    window_steps: int = 0
    window: int | None = None


@attrs.frozen
class FaithfulnessReport:
    outcome: Outcome
    transitions: int
    rejected: int
    #: player count -> gains seen with that many players
    observed: dict[int, Observed]


def _mutants(action: Any, rng: random.Random) -> list[Any]:
    # imported here: properties.generic imports nothing from solver, keep it that way
    from rules_oracle.properties.generic import mutations

    return mutations(action, rng)


def _transitions(
    game: Game[Any, Any], configs: Sequence[Config], seed: int
) -> Iterator[tuple[int, int, Any, Any, Any]]:
    """(game seed, step, state, action, next state) from seeded games, configs in turn.

    Games alternate between the uniform and the eager play policy, so that the
    sample reaches the deep play uniform choices seldom reach.
    """
    g = 0
    idle = 0
    while idle <= len(configs):
        config = configs[g % len(configs)]
        game_seed = seed * 1_000_003 + g
        rng = random.Random(game_seed)
        state = game.setup(config)
        bound = game.max_steps(config)
        step = 0
        policy = POLICIES[g % len(POLICIES)]
        while game.actor(state) != TERMINAL and step < bound:
            action = choose(game, state, rng, policy)
            nxt = game.apply(state, action)
            yield game_seed, step, state, action, nxt
            state = nxt
            step += 1
        idle = idle + 1 if step == 0 else 0
        g += 1


def opening_pairs(game: Game[Any, Any], encoding: Encoding[Any, Any], seed: int = 1
                  ) -> list[tuple[Any, Any]]:
    """(state, action) of the first steps of each of the encoding's ``openings``, each
    played with the seed ``seed - 1`` plus its own (its own under the default ``seed``)."""
    out: list[tuple[Any, Any]] = []
    for opening in encoding.openings:
        players = game.min_players if opening.players is None else opening.players
        config = game.config(players, dict(opening.options))
        rng = random.Random(seed + opening.seed - 1)
        state = game.setup(config)
        for _ in range(opening.steps):
            if game.actor(state) == TERMINAL:
                break
            action = choose(game, state, rng, opening.policy)
            out.append((state, action))
            state = game.apply(state, action)
    return out


def faithfulness_report(
    game: Game[Any, Any], encoding: Encoding[Any, Any], configs: Sequence[Config],
    transitions: int = 5000, seed: int = 0, rejected_per_step: int = 2,
    progress: Callable[[int, int], None] | None = None,
    extra: Iterable[tuple[Any, Any]] = (),
    until_every_kind: int = 0,
) -> FaithfulnessReport:
    """Compare the encoding with the model on ``transitions`` sampled transitions.

    ``extra``: (state, action) pairs checked first and counted among the transitions
    (for instance play from hand-built states reaching what seeded play seldom reaches).
    ``until_every_kind``: keep sampling past ``transitions``, up to this many in all,
    until every action kind has been sampled. The outcome names the kinds never sampled.
    """
    start = time.perf_counter()
    configs = [c for c in configs if encoding.covers(c)]
    if not configs:
        raise ValueError("faithfulness needs at least one configuration the encoding covers")
    compiled: dict[int, Compiled] = {}
    problems: list[str] = []
    count = 0
    rejected = 0
    observed: dict[int, Observed] = {}
    rng = random.Random(seed * 31 + 7)
    pool: list[Any] = []
    history: list[tuple[int, ...]] = []
    last_seed = -1

    def disagree(where: str, text: str) -> None:
        if len(problems) < 5:
            problems.append(f"{where}: {text}")

    def check_state(c: Compiled, where: str, state: Any, values: dict[str, int]) -> None:
        results = c.state_eval([values[v] for v in c.variables])
        for name, ok in zip(c.parts, results, strict=False):
            if ok is not True:
                disagree(where, f"invariant part {name} is false on a reachable state")
        if bool(results[-1]) != game.is_terminal(state):
            disagree(where, f"terminal {results[-1]} but the model says {game.is_terminal(state)}")

    def check_step(
        c: Compiled, where: str, state: Any, pre: dict[str, int], action: Any, after: Any
    ) -> tuple[str, dict[str, int]] | None:
        try:
            name, params = encoding.classify(state, action)
        except Exception as exc:
            disagree(where, f"classify failed on {to_json(action)}: {exc!r}")
            return None
        ck = c.kinds.get(name)
        if ck is None or set(params) != set(ck.kind.params):
            disagree(where, f"classify gave unknown kind/params {name} {params}")
            return None
        post = encoding.project(after)
        values = [pre[v] for v in c.variables] + [params[p] for p in ck.kind.params]
        dom, guard, *updates = ck.evaluate(values)
        label = f"{name}{params} ({to_json(action)})"
        if dom is not True:
            disagree(where, f"{label} applied by the model but outside the kind's domain")
        if guard is not True:
            disagree(where, f"{label} applied by the model but the guard is false")
        new = dict(pre)
        new.update(zip(ck.updated, (int(u) for u in updates), strict=True))
        for v in c.variables:
            if post.get(v) != new[v]:
                disagree(where, f"{label}: {v} is {post.get(v)} in the model,"
                         f" {new[v]} in the encoding")
        if set(post) != set(c.variables):
            disagree(where, f"projection keys differ from variables: {sorted(post)}")
        return name, post

    def given() -> Iterator[tuple[int, int, Any, Any, Any]]:
        for j, (state, action) in enumerate(extra):
            yield -1 - j, 0, state, action, game.apply(state, action)

    def check_rejected(c: Compiled, where: str, state: Any, pre: dict[str, int], cand: Any,
                       rejection: IllegalAction) -> None:
        """A step the model rejects: the kind that lists the rule must not enable it."""
        nonlocal rejected
        try:  # a mutant may lie outside every kind the encoding classifies
            name, params = encoding.classify(state, cand)
        except Exception:
            return
        ck = c.kinds.get(name)
        if ck is None or rejection.rule not in ck.kind.rules:
            return
        if set(params) != set(ck.kind.params):
            return
        values = [pre[v] for v in c.variables] + [params[p] for p in ck.kind.params]
        # an encoding that fails to evaluate its own kind is a finding, not a skip
        dom, guard, *_ = ck.evaluate(values)
        rejected += 1
        if dom is True and guard is True:
            disagree(where, f"{name}{params} ({to_json(cand)}) rejected by the model"
                     f" ({rejection.rule}) but the guard holds")

    def compiled_for(state: Any) -> Compiled:
        players = game.config_of(state).players
        if players not in compiled:
            compiled[players] = compile_encoding(encoding, players)
        return compiled[players]

    # hand-built steps at limits play does not reach, before the sample
    for j, (state, action) in enumerate(encoding.probes()):
        c = compiled_for(state)
        where = f"probe {j} state {digest(state)[:12]}"
        pre = encoding.project(state)
        check_state(c, where, state, pre)
        try:
            after = game.apply(state, action)
        except IllegalAction as exc:
            check_rejected(c, where, state, pre, action, exc)
        else:
            check_step(c, where, state, pre, action, after)

    sampled = _transitions(game, configs, seed)
    kinds_seen: set[str] = set()
    kinds_all: set[str] = set()
    for game_seed, step, state, action, nxt in itertools.chain(given(), sampled):
        if count >= transitions and (count >= until_every_kind or kinds_seen >= kinds_all):
            break
        players = game.config_of(state).players
        c = compiled_for(state)
        if players not in observed:
            observed[players] = Observed(window_steps=encoding.bound_steps)
            kinds_all.update(c.kinds)
        seen = observed[players]
        where = f"seed {game_seed} step {step} state {digest(state)[:12]}"
        pre = encoding.project(state)
        if set(pre) != set(c.variables):
            disagree(where, f"projection keys differ from variables: {sorted(pre)}")
            break
        check_state(c, where, state, pre)
        checked = check_step(c, where, state, pre, action, nxt)
        count += 1
        if checked is not None:
            name, post = checked
            kinds_seen.add(name)
            if game.is_terminal(nxt):
                check_state(c, where + " (next)", nxt, post)
            scores = encoding.score_vars(players)
            if scores and all(v in post for v in scores):
                gain = max(post[v] - pre[v] for v in scores)
                seen.by_kind[name] = max(seen.by_kind.get(name, gain), gain)
                if game_seed != last_seed:
                    history = [tuple(pre[v] for v in scores)]
                    last_seed = game_seed
                history.append(tuple(post[v] for v in scores))
                k = seen.window_steps
                if k > 1 and len(history) > k:
                    w = max(b - a for a, b in zip(history[-k - 1], history[-1], strict=True))
                    seen.window = w if seen.window is None else max(seen.window, w)
                    del history[0]
        # rejected (or accepted) variants of the action
        if len(pool) < 200:
            pool.append(action)
        else:
            pool[rng.randrange(len(pool))] = action
        candidates = _mutants(action, rng)
        candidates.append(pool[rng.randrange(len(pool))])
        rng.shuffle(candidates)
        for cand in candidates[:rejected_per_step]:
            if cand == action:
                continue
            try:
                after = game.apply(state, cand)
            except IllegalAction as exc:
                rejection = exc
            except Exception:  # a model crash on a mutant: the generic checks report it
                continue
            else:
                check_step(c, where + " (variant)", state, pre, cand, after)
                continue
            check_rejected(c, where, state, pre, cand, rejection)
        if progress is not None and count % 250 == 0:
            progress(count, transitions)
    seconds = time.perf_counter() - start
    summary = f"{count} transitions, {rejected} rejected actions checked"
    unseen = sorted(kinds_all - kinds_seen)
    summary += (f"; kinds never sampled: {', '.join(unseen)}" if unseen
                else f"; all {len(kinds_all)} kinds sampled")
    if problems:
        outcome = Outcome("faithfulness", "faithfulness", "failed", seconds,
                          summary + "; " + " | ".join(problems))
    elif count < transitions:
        outcome = Outcome("faithfulness", "faithfulness", "unknown", seconds,
                          summary + f" (fewer than {transitions})")
    else:
        outcome = Outcome("faithfulness", "faithfulness", "passed", seconds, summary)
    return FaithfulnessReport(outcome, count, rejected, observed)


def faithfulness(
    game: Game[Any, Any], encoding: Encoding[Any, Any], configs: Sequence[Config],
    transitions: int = 5000, seed: int = 0, extra: Iterable[tuple[Any, Any]] = (),
) -> Outcome:
    """Passed when guards and updates agree with the model on every sampled transition."""
    return faithfulness_report(game, encoding, configs, transitions, seed,
                               extra=extra).outcome


__all__ = [
    "Compiled",
    "FaithfulnessReport",
    "GainBound",
    "Observed",
    "against_play",
    "cases_cover",
    "compile_encoding",
    "compile_terms",
    "completeness",
    "faithfulness",
    "faithfulness_report",
    "forget_frames",
    "gain_bounds",
    "inductive",
    "kind_bound",
    "monotonicity",
    "opening_pairs",
    "overall_bound",
    "prove_all",
    "window_bound",
]
