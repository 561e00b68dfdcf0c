"""The terms every obligation of one encoding at one player count asks about (its
:class:`Frame`: the pre-state, I, its parts and cases, each kind's :class:`Step`), built
once per process, and what of an invariant part a kind's update changes."""

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import z3

from rules_oracle.solver.encoding import ActionKind, Encoding, forget_term_memos
from rules_oracle.solver.provers.capi import (
    APP_DECL,
    ARG,
    AST_ID,
    AST_KIND,
    DECL_KIND,
    MK_AND,
    NUM_ARGS,
)
from rules_oracle.solver.provers.queries import (
    LIMITS,
    changes,
    decide,
    lazily,
    reason,
    shown_values,
)
from rules_oracle.solver.terms import as_term, substitute_all


def post_state(pre: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """The post-state: each variable's term in ``update``, else its term in ``pre``."""
    return {v: as_term(update[v]) if v in update else t for v, t in pre.items()}


def fresh_params(kind: ActionKind, tag: str) -> dict[str, Any]:
    """A fresh integer variable for each of ``kind``'s parameters, named after ``tag``."""
    return {p: z3.Int(f"{tag}.{kind.name}.{p}") for p in kind.params}


def _flat(term: Any) -> list[Any]:
    """The C ASTs of the conjuncts of ``term`` (a term), nested conjunctions flattened, in
    order: borrowed from ``term``, which keeps them while it lives."""
    ctx = term.ctx.ref()
    out: list[Any] = []
    stack = [term.as_ast()]
    while stack:
        ast = stack.pop()
        if (AST_KIND(ctx, ast) == z3.Z3_APP_AST
                and DECL_KIND(ctx, APP_DECL(ctx, ast)) == z3.Z3_OP_AND):
            stack.extend(ARG(ctx, ast, i) for i in reversed(range(NUM_ARGS(ctx, ast))))
        else:
            out.append(ast)
    return out


def _wrapped(ast: Any, ctx: z3.Context) -> Any:
    """The Python term of the C AST ``ast`` (a Bool application, or any other term)."""
    if AST_KIND(ctx.ref(), ast) == z3.Z3_APP_AST:
        return z3.BoolRef(ast, ctx)
    return z3.z3._to_expr_ref(ast, ctx)


def conjuncts_of(term: Any) -> list[Any]:
    """The conjuncts of ``term``, nested conjunctions flattened, in order (walked through
    Z3's C API, a Python term made for each conjunct only)."""
    t = as_term(term)
    return [_wrapped(ast, t.ctx) for ast in _flat(t)]


def _constants(term: Any, memo: dict[int, frozenset[int]], keep: list[Any]) -> frozenset[int]:
    """The ids of the variables (uninterpreted constants) ``term`` reads; ``memo`` keeps
    them per subterm id, for terms that share subterms, and ``keep`` the terms walked (a
    term keeps its subterms, and so their ids, from being given to other terms). The walk
    goes through Z3's C API, as :mod:`.compiled`'s, not through a Python wrapper per
    node: over Burgundy's I at 4 players (1,242 conjuncts, 7,727 distinct subterms) 0.15 s
    against 1.06 s."""
    ctx = term.ctx.ref()
    root = term.as_ast()
    top = AST_ID(ctx, root)
    if top in memo:
        return memo[top]
    keep.append(term)
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        ast, ready = stack.pop()
        key = AST_ID(ctx, ast)
        if key in memo:
            continue
        n = NUM_ARGS(ctx, ast) if AST_KIND(ctx, ast) == z3.Z3_APP_AST else 0
        if n == 0:
            variable = (AST_KIND(ctx, ast) == z3.Z3_APP_AST and
                        DECL_KIND(ctx, APP_DECL(ctx, ast)) == z3.Z3_OP_UNINTERPRETED)
            memo[key] = frozenset((key,)) if variable else _NONE
            continue
        children = [ARG(ctx, ast, i) for i in range(n)]
        if not ready:
            stack.append((ast, True))
            stack.extend((c, False) for c in children)
            continue
        memo[key] = frozenset().union(*(memo[AST_ID(ctx, c)] for c in children))
    return memo[top]


_NONE: frozenset[int] = frozenset()


def conjunct_ids(term: Any) -> frozenset[int]:
    """The ids of the conjuncts of ``term`` (for :func:`changed_groups`'s ``held``)."""
    return frozenset(c.get_id() for c in conjuncts_of(term))


def changed_groups(before: Any, after: Any, held: frozenset[int] | None = None) -> list[Any]:
    """What must be proved of ``after`` (an invariant part over the post-state) given
    ``before`` (the same part over the pre-state), as conjunctions of at most
    :data:`LIMITS.chunk` conjuncts. A conjunct the update leaves syntactically equal to its
    pre-state form (it reads no updated variable) holds already, and is dropped, when it
    is one of the conjuncts ``held`` names (:func:`conjunct_ids` of the whole invariant I
    over the pre-state; ``None``: every pre-state conjunct is held); when the two parts do
    not flatten to the same shape, the whole of ``after``."""
    before, after = as_term(before), as_term(after)
    pre, post = _flat(before), _flat(after)
    if len(pre) != len(post):
        return [after]
    ctx = after.ctx
    ref = ctx.ref()
    changed = [b for a, b in zip(pre, post, strict=True)
               if AST_ID(ref, a) != AST_ID(ref, b)
               or (held is not None and AST_ID(ref, a) not in held)]
    out = []
    for i in range(0, len(changed), LIMITS.chunk):  # z3.And of the chunk, through the C API
        chunk = changed[i:i + LIMITS.chunk]
        out.append(z3.BoolRef(MK_AND(ref, len(chunk), (z3.Ast * len(chunk))(*chunk)), ctx))
    return out


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
    costs seconds for a large encoding (Burgundy at 4 players: about 2 s, most of it every
    kind's update, with its player kinds' later seats renamed from the first's), more than
    many of the queries."""

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
    #: the gain bounds found by cases so far, by kind (:meth:`guess`)
    bounds: dict[str, int] = attrs.field(factory=dict)
    #: every kind's gain bound found in the process (0 for a kind never enabled; ``None``:
    #: not settled), where a window bound's search starts (:func:`~.bounds.window_guess`)
    gains: dict[str, int | None] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        self.conjuncts = tuple(conjuncts_of(self.whole))
        self.held = frozenset(c.get_id() for c in self.conjuncts)

    def keeps(self, step: Step, group: Any, start: Sequence[Any] | None, timeout: float,
              part: str | None = None) -> tuple[str, str]:
        """Whether ``step`` keeps ``group`` (of the invariant part named ``part``, if one)
        true from every state satisfying I: first from ``start`` (some of I's conjuncts;
        ``None``, or a kind of the encoding's ``whole_kinds_in`` for ``part``: not tried)
        and as few more of them as it takes (:func:`lazily`; a kind of
        the encoding's ``split_kinds``, or of its ``split_kinds_in`` for ``part``, by its
        cases at once), then under all of I (by the encoding's cases where the
        query does not settle whole). ``("alone" | "proved" | "counterexample" |
        "unknown", detail)``; the detail of a counterexample shows the kind, parameters,
        pre-state and changed variables."""
        name, encoding = step.kind.name, self.encoding
        split = (name in encoding.split_kinds
                 or (part is not None and name in encoding.split_kinds_in.get(part, ())))
        if part is not None and name in encoding.whole_kinds_in.get(part, ()):
            start = None  # never kept by the part alone: asked under I at once
        if start is not None and lazily(start, step.enabled, group, self.conjuncts,
                                         self.cases, not split):
            return "alone", ""
        result, s = decide(z3.And(self.whole, step.enabled, z3.Not(group)), self.cases,
                            timeout, LIMITS.whole_first)
        if result == z3.sat:
            m = s.model()
            return "counterexample", (
                f"{step.kind.name}{shown_values(m, step.params)} from {shown_values(m, self.pre)}"
                f" changes {changes(m, self.pre, step.post)}")
        if result == z3.unknown:
            return "unknown", f"{step.kind.name}: {reason(s, timeout)}"
        return "proved", ""

    def around(self, facts: Sequence[Any], case: Any) -> list[Any]:
        """The conjuncts of I that read a variable ``facts`` or ``case`` read, once the
        case's equalities (``term == number``) are put into the facts: a start for
        :func:`sparing` that leaves out what the question has nothing to do with. A
        player action reads every player's variables through its actor; under the case
        of one acting player it reads that player's (Burgundy's placement at 4 players:
        490 of I's 1,242 conjuncts)."""
        if self._reads is None:
            self._reads = [_constants(c, self._memo, self._kept) for c in self.conjuncts]
        pairs = [(c.arg(0), c.arg(1)) for c in conjuncts_of(case)
                 if z3.is_eq(c) and z3.is_int_value(c.arg(1))]
        shown = [z3.simplify(z3.substitute(t, *pairs)) if pairs else t for t in facts]
        need = frozenset().union(*(_constants(t, self._memo, self._kept) for t in (*shown, case)))
        return [c for c, reads in zip(self.conjuncts, self._reads, strict=True)
                if reads & need]

    def guess(self, kind: str) -> int | None:
        """The largest bound found so far of a kind the encoding names a sibling of
        ``kind`` (:attr:`~.encoding.Encoding.bound_siblings`), where one is, else the
        encoding's guess (:meth:`~.encoding.Encoding.bound_guess`): where to start
        looking for ``kind``'s (``None``: nowhere)."""
        found = [self.bounds[k] for group in self.encoding.bound_siblings if kind in group
                 for k in group if k != kind and k in self.bounds]
        if found:
            return max(found)
        return self.encoding.bound_guess(kind, self.players)

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
        params = fresh_params(kind, "p")
        update = kind.update(self.pre, params)
        unknown = sorted(set(update) - set(self.pre))
        if unknown:
            raise ValueError(f"kind {kind.name} updates unknown variables {unknown}")
        built = Step(kind, params, as_term(kind.domain(params)),
                     as_term(kind.guard(self.pre, params)), post_state(self.pre, update))
        if kind is own:
            self._steps[name] = built
        return built

    def post_parts(self, kind: ActionKind) -> dict[str, Any]:
        """The invariant's parts over the post-state of ``kind`` (one of :attr:`kinds`):
        each part with every variable the kind updates replaced by its post-state term
        (``z3.substitute``, every part in one substitution, :func:`~.terms.substitute_all`;
        a part is built from the variables' terms, so this is the part over the
        post-state, and what the kind leaves alone keeps its term and id). Z3 substitutes
        in a fraction of the time it takes to build the parts again (Burgundy at 4 players:
        0.15 s for every kind, 1.35 s a part at a time, 8 s building them again)."""
        found = self._post_parts.get(kind.name)
        if found is None:
            post = self.step(kind).post
            pairs = [(term, post[name]) for name, term in self.pre.items()
                     if not term.eq(post[name])]
            found = dict(zip(self.parts, substitute_all(list(self.parts.values()), pairs),
                             strict=True))
            self._post_parts[kind.name] = found
        return found


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
    while len(_FRAMES) > LIMITS.frames:
        del _FRAMES[next(iter(_FRAMES))]
    return found
