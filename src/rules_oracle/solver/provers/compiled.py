"""Guards, updates, I and ``terminal`` compiled from their Z3 terms into plain Python
functions over integers, once per player count, so that faithfulness checks many
thousands of transitions per second; terms the compiler does not know are evaluated by
``z3.substitute`` and ``z3.simplify`` instead."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import z3

from rules_oracle.solver.encoding import ActionKind, Encoding
from rules_oracle.solver.provers.capi import (
    APP_DECL,
    ARG,
    AST_ID,
    AST_KIND,
    DECL_KIND,
    NUM_ARGS,
    NUMERAL,
    SORT,
    SORT_KIND,
)
from rules_oracle.solver.provers.frames import frame
from rules_oracle.solver.terms import as_term

Value = int | bool

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
        key = AST_ID(ctx, ast)
        if key in names:
            continue
        if key in index:
            names[key] = f"x[{index[key]}]"
            continue
        kind = AST_KIND(ctx, ast)
        if kind == z3.Z3_NUMERAL_AST:
            if SORT_KIND(ctx, SORT(ctx, ast)) != z3.Z3_INT_SORT:
                raise _Unsupported("a numeral that is not an integer")
            text = NUMERAL(ctx, ast)
            names[key] = f"({int(text.decode() if isinstance(text, bytes) else text)})"
            continue
        if kind != z3.Z3_APP_AST:
            raise _Unsupported("a quantifier or bound variable")
        op = DECL_KIND(ctx, APP_DECL(ctx, ast))
        if op == z3.Z3_OP_TRUE:
            names[key] = "True"
            continue
        if op == z3.Z3_OP_FALSE:
            names[key] = "False"
            continue
        n = NUM_ARGS(ctx, ast)
        if n == 0:
            raise _Unsupported(f"free term {z3.to_expr_ref(ast, terms[0].ctx)}")
        children = [ARG(ctx, ast, i) for i in range(n)]
        if not ready:
            stack.append((ast, True))
            stack.extend((c, False) for c in reversed(children))
            continue
        args = [names[AST_ID(ctx, c)] for c in children]
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
            decl = z3.FuncDeclRef(APP_DECL(ctx, ast), terms[0].ctx)
            raise _Unsupported(f"operator {decl.name()}")
        name = f"t{len(lines)}"
        lines.append(f"    {name} = {code}")
        names[key] = name
    result = ", ".join(names[AST_ID(ctx, a)] for a in roots)
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
    :func:`~.frames.frame` (built once per process and shared with the proofs)."""
    f = frame(encoding, players)
    variables = encoding.variables_for(players)
    inputs = [f.pre[v] for v in variables]
    state_eval = compile_terms(
        [as_term(t) for t in (*f.parts.values(), encoding.terminal(f.pre, players))], inputs
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

