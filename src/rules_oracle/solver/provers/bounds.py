"""Gain bounds: the most points one action of a kind, any one action, and
``bound_steps`` consecutive actions can give one player (``z3.Optimize``, then a search by
plain queries, case by case where the encoding splits them), and each bound against the
gains seen in play."""

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3

from rules_oracle.properties.base import Outcome
from rules_oracle.solver.encoding import ActionKind, BoundCase, Encoding
from rules_oracle.solver.provers.frames import Frame, frame, fresh_params
from rules_oracle.solver.provers.queries import (
    LIMITS,
    decide,
    optimizer,
    reason,
    solver,
    sparing,
)
from rules_oracle.solver.terms import as_term


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
        return "unknown", None, reason(opt, timeout)
    value = handle.value()
    if not z3.is_int_value(value):
        return "unknown", None, UNBOUNDED
    return "proved", int(value.as_long()), ""


#: the detail of a bound the invariant leaves open
UNBOUNDED = "unbounded under the invariant"


def _bound(facts: Sequence[Any], scores_pre: Sequence[Any], scores_post: Sequence[Any],
           timeout: float, cases: Sequence[Any] = (), optimize: bool = True,
           guess: int | None = None) -> tuple[str, int | None, str]:
    """The largest gain under ``facts``: 0 when no gain passes 0 and one reaches it (two
    queries, the first with :data:`LIMITS.nothing_first` seconds); else ``z3.Optimize`` for
    ``LIMITS.optimize_first`` seconds (unless not to ``optimize``), then, if it did not settle,
    :func:`search_max` with ``timeout`` per query; with a positive ``guess`` at the largest
    gain, the search from it alone."""
    g = z3.Int("gain")
    gained = _gained(g, scores_pre, scores_post)
    if guess is not None and guess > 0:  # a gain is expected: the search asks for it first
        return search_max([*facts, gained], g, timeout, cases, guess=guess)
    nothing = solver(min(LIMITS.nothing_first, timeout))
    nothing.add(*facts, gained, g > 0)
    if nothing.check() == z3.unsat:  # no point gained: is 0 reached?
        reached = solver(timeout)
        reached.add(*facts, gained, g == 0)
        if reached.check() == z3.sat:
            return "proved", 0, ""
    if optimize:
        opt = optimizer(min(LIMITS.optimize_first, timeout))
        opt.add(*facts, gained)
        status, value, why = _maximize(opt, g, min(LIMITS.optimize_first, timeout))
        if status == "proved" or why in (NEVER_ENABLED, UNBOUNDED):
            return status, value, why
    return search_max([*facts, gained], g, timeout, cases, guess=guess)


#: a search query is tried with these Z3 ``random_seed`` values in turn, each for its
#: share of the query time
SEEDS = ((0, 0.5), (1, 0.25), (2, 0.25))


def _restarting(query: Any, timeout: float) -> tuple[Any, Any]:
    """Check ``query`` with each of ``SEEDS`` in turn until one settles, all together
    within ``timeout``: the time a satisfiable query takes varies with the seed by ten
    times and more, and a restart cuts that long tail where one long attempt waits it
    out. The first seed has half the time, for queries that are long for every seed."""
    for seed, share in SEEDS:
        s = solver(timeout * share)
        s.set("random_seed", seed)
        s.add(query)
        result = s.check()
        if result != z3.unknown:
            break
    return result, s


#: a cheaper way to ask a query first (its facts and one more term, or none): the
#: verdict and the solver that gave it
Asking = Callable[[Any | None], tuple[Any, Any]]


def search_max(facts: Sequence[Any], g: Any, timeout: float,
                cases: Sequence[Any] = (), first: Asking | None = None,
                guess: int | None = None) -> tuple[str, int | None, str]:
    """The largest value of ``g`` under ``facts`` by plain satisfiability queries.

    A first model gives a feasible gain; doubling steps find a gain no model reaches;
    bisection closes the gap. The bound is proved by its last query: ``g > bound``
    is UNSAT. Every query is small (one target each), where a single
    ``z3.Optimize`` over the whole range may not settle; with the encoding's ``cases``, a
    query that does not settle whole is asked case by case (:func:`decide`). A query
    that ``first`` settles is not asked otherwise.

    With a ``guess`` at the largest value, the first query asks for at least it: reached,
    the search goes on above the gain found (one query more when the guess is the
    bound); never reached, it is the ceiling below which the search looks. The value is
    the same without it; a guess whose query does not settle is dropped.
    """
    def ask(extra: Any | None) -> tuple[Any, int | None, Any]:
        more = () if extra is None else (extra,)
        s: Any = None
        result = z3.unknown
        if first is not None:
            result, s = first(extra)
        if result == z3.unknown and cases:
            result, s = decide(z3.And(*facts, *more), cases, timeout, LIMITS.whole_first)
        elif result == z3.unknown:
            result, s = _restarting(z3.And(*facts, *more), timeout)
        found = None
        if result == z3.sat:
            found = int(s.model().eval(g, model_completion=True).as_long())
        return result, found, s

    ceiling: int | None = None  # the least gain known to be unreachable
    start: tuple[Any, int | None, Any] | None = None
    if guess is not None:
        start = ask(g >= guess)
        if start[0] == z3.unsat:
            ceiling = guess
        if start[0] != z3.sat or start[1] is None:
            start = None
    result, best, s = ask(None) if start is None else start
    if result == z3.unsat:
        return "unknown", None, NEVER_ENABLED
    if result == z3.unknown or best is None:
        return "unknown", None, reason(s, timeout)
    step = 1
    while ceiling is None or ceiling > best + 1:
        target = best + step if ceiling is None else (best + 1 + ceiling) // 2
        if target > LIMITS.search_cap:
            return "unknown", None, f"{UNBOUNDED} (gains past {LIMITS.search_cap})"
        result, found, s = ask(g >= target)
        if result == z3.unknown or (result == z3.sat and found is None):
            return "unknown", None, f"{reason(s, timeout)} (searching above {best})"
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
    case by case when it does not settle whole (:func:`decide`).
    """
    above, s = decide(z3.And(*facts, g > value), cases, timeout, LIMITS.whole_first)
    if above == z3.sat:
        found = s.model().eval(g, model_completion=True)
        return "counterexample", f"{found} is reached, above {value}"
    if above == z3.unknown:
        return "unknown", f"{reason(s, timeout)} (asking for more than {value})"
    reached, s = decide(z3.And(*facts, g >= value), cases, timeout, LIMITS.whole_first)
    if reached == z3.unsat:
        return "counterexample", f"{value} is never reached"
    if reached == z3.unknown:
        return "unknown", f"{reason(s, timeout)} (asking for {value})"
    return "proved", ""


def _bound_by_cases(facts: Sequence[Any], scores_pre: Sequence[Any],
                    scores_post: Sequence[Any], timeout: float, cases: Sequence[Any],
                    split: Sequence[BoundCase], around: tuple[Frame, Any] | None = None,
                    guess: int | None = None) -> tuple[str, int | None, str]:
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
    (:meth:`~.frames.Frame.around`, :func:`~.queries.sparing`), and under all of I only
    when that does not settle them: one acting player's placement reads that player's
    estate, not the others' (Burgundy at 4 players: 1 s against 3 s a query).

    With a ``guess`` (a sibling kind's bound, :meth:`~.frames.Frame.guess`), the cases are
    asked for a gain of at least the guess until one reaches it, and only then for more
    than the best: a case below the guess costs one query, not a search. The bound, and
    the case named, are the ones found without it (the first case reaching the largest
    gain); a guess no case reaches is dropped and the cases searched again without it."""
    def gaps(within: Sequence[BoundCase], *case: Any) -> tuple[Any, Any]:
        """Whether a state under ``facts`` (and ``case``) is in none of ``within``."""
        return decide(z3.And(*facts, *case, z3.Not(z3.Or(*(c.case for c in within)))),
                       cases, timeout, LIMITS.whole_first)

    cover, s = gaps(split)
    if cover == z3.sat:
        return "unknown", None, "the bound's cases do not cover every enabled state"
    if cover == z3.unknown:
        return "unknown", None, f"whether the bound's cases cover: {reason(s, timeout)}"
    g = z3.Int("gain")
    gained = _gained(g, scores_pre, scores_post)
    best: tuple[int, str] | None = None
    narrower = 0

    def covered(node: BoundCase) -> str | None:
        found, s = gaps(node.within, node.case)
        if found == z3.sat:
            return f"{node.label}: its narrower cases do not cover it"
        if found == z3.unknown:
            return f"{node.label}: whether its narrower cases cover it: {reason(s, timeout)}"
        return None

    def around_case(case: Any, budget: float, *also: Any, rounds: int | None = None
                ) -> Asking | None:
        """Queries under ``case`` (and ``also``) asked around it first, with ``budget``
        (in so many ``rounds`` of :func:`sparing`)."""
        if around is None:
            return None
        f, enabled = around
        start = f.around([enabled, gained], case)

        def ask(extra: Any | None) -> tuple[Any, Any]:
            more = () if extra is None else (extra,)
            return sparing([enabled, gained, case, *also, *more], start, f.conjuncts,
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
        # so far when there is one (at least the guess before a case reaches it): its first
        # query (is any gain above the best?) is all a case that does not pass it costs
        above = ((g > best[0],) if best is not None
                 else () if guess is None else (g >= guess,))
        status, value, why = search_max([*facts, gained, node.case, *above], g, timeout,
                                        first=around_case(node.case, timeout, *above,
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
    if best is None and guess is not None:  # no case reaches the guess: search them all
        return _bound_by_cases(facts, scores_pre, scores_post, timeout, cases, split, around)
    if best is None:
        return "unknown", None, NEVER_ENABLED
    more = f" ({narrower} narrower ones asked)" if narrower else ""
    return "proved", best[0], f"the largest of {len(split)} cases{more}, under {best[1]}"


def kind_bound(
    encoding: Encoding[Any, Any], players: int, kind: ActionKind | str, timeout: float = 10.0,
    *, around: bool = True,
) -> GainBound:
    """The most points one action of ``kind`` (an action kind, or the name of one of the
    encoding's) can give one player (``z3.Optimize``). With the encoding's bound cases, a
    case's queries are first asked under the conjuncts of I around it (unless not
    ``around``, or the encoding names the kind in ``bound_whole``: then under all of I
    alone), and the cases' search starts from :meth:`~.frames.Frame.guess`."""
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
                                             cases, split,
                                             (f, step.enabled)
                                             if around and kind.name not in encoding.bound_whole
                                             else None,
                                             f.guess(kind.name))
        if status == "proved" and value is not None:
            f.bounds[kind.name] = value
    else:
        status, value, why = _bound(facts, [pre[v] for v in score_vars],
                                    [post[v] for v in score_vars], timeout, cases,
                                    kind.name not in encoding.bound_by_search)
    detail = f"max gain {value}" if value is not None else why
    if split and value is not None:
        detail += f" ({why})"
    scope = encoding.bound_scope(pre, players)
    scoped: str | None = None
    unbounded = why.startswith(UNBOUNDED)  # by Optimize or past the search cap
    if scope is not None and (unbounded or (status == "unknown" and why != NEVER_ENABLED)):
        label, restriction = scope
        status, value, inside = _bound([*facts, restriction], [pre[v] for v in score_vars],
                                       [post[v] for v in score_vars], timeout, cases,
                                       kind.name not in encoding.bound_by_search)
        shown = f"max gain {value}" if value is not None else inside
        outside = (f"under the other readings {UNBOUNDED} (not attempted)" if unbounded
                   else f"over every state: {why} (not settled)")
        detail = f"{shown} under {label}; {outside}"
        scoped = label
    if status == "unknown" and why == NEVER_ENABLED:
        status = "proved"  # settled: no state satisfying I enables the kind, so no gain
    f.gains[kind.name] = (value or 0) if status == "proved" else None
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


def window_guess(encoding: Encoding[Any, Any], players: int, steps: int, timeout: float = 10.0
                 ) -> int | None:
    """Where the search for the most points ``steps`` consecutive actions give starts: the
    ``steps`` largest one-step bounds of distinct kinds added (each kind's bound found in
    the process, :attr:`~.frames.Frame.gains`, or found now); ``None`` when a kind's bound
    is not known. A hint only: the window bound is the same without it, and its queries
    prove it (catan at 3 and 4 players: 3 + 2, the bound; 2 queries after the first model
    where the search from it asks 5 or 6)."""
    f = frame(encoding, players)
    for kind in f.kinds:
        if kind.name not in f.gains:
            kind_bound(encoding, players, kind, timeout)
    values = [f.gains.get(kind.name) for kind in f.kinds]
    known = [v for v in values if v is not None]
    if len(known) < len(values):
        return None
    return sum(sorted(known, reverse=True)[:steps])


def window_bound(encoding: Encoding[Any, Any], players: int, timeout: float = 10.0,
                 steps: int | None = None) -> GainBound:
    """The most points ``steps`` (``encoding.bound_steps`` unless given) consecutive
    actions can give one player."""
    start = time.perf_counter()
    k = encoding.bound_steps if steps is None else steps
    guess = window_guess(encoding, players, k, timeout)
    kinds, score_vars = encoding.kinds(players), encoding.score_vars(players)
    states = [encoding.fresh(f"s{t}", players) for t in range(k + 1)]
    facts = [encoding.invariant(states[0], players)]
    for t in range(k):
        pre, nxt = states[t], states[t + 1]
        options = []
        for kind in kinds:
            params = fresh_params(kind, f"p{t}")
            update = kind.update(pre, params)
            options.append(z3.And(
                kind.domain(params), kind.guard(pre, params),
                *(nxt[v] == as_term(update.get(v, pre[v])) for v in pre),
            ))
        facts.append(z3.Or(*options))
    # by search alone: over a disjunction of every kind per step Optimize spends its
    # budget in vain (catan at 4 players: 32 s with it first, 7 s by search alone)
    status, value, why = _bound(facts, [states[0][v] for v in score_vars],
                                [states[k][v] for v in score_vars], timeout, optimize=False,
                                guess=guess)
    detail = f"max gain {value} over {k} consecutive actions" if value is not None else why
    return GainBound(players, f"{k}-steps", k, value, Outcome(
        f"bound/{k}-steps/p{players}", "bound", status, time.perf_counter() - start, detail))


@attrs.define
class Observed:
    """Largest score gains (of the encoding's score variables) seen in play."""

    by_kind: dict[str, int] = attrs.field(factory=dict)
    window_steps: int = 0
    window: int | None = None


def against_play(bounds: Sequence[GainBound], observed: Observed) -> list[Outcome]:
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
