"""The inductive parts of I (every part kept by every enabled action), the encoding's
case split covering I, and scores that never fall (when the encoding claims it)."""

import time
from collections.abc import Sequence
from typing import Any

import z3

from rules_oracle.properties.base import Outcome
from rules_oracle.solver.encoding import Encoding
from rules_oracle.solver.provers.frames import changed_groups, conjuncts_of, frame
from rules_oracle.solver.provers.queries import reason, shown_values, solver


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
        conjuncts = conjuncts_of(f.parts[part])
        own = conjuncts if {c.get_id() for c in conjuncts} <= f.held else None
        for kind in f.kinds:
            step = f.step(kind)
            groups = changed_groups(f.parts[part], f.post_parts(kind)[part], f.held)
            untouched += not groups
            needs_whole = False
            for group in groups:
                found, why = f.keeps(step, group, own, timeout, part)
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


def cases_cover(encoding: Encoding[Any, Any], players: int, timeout: float = 10.0
                ) -> Outcome | None:
    """The encoding's case split covers every state satisfying I (``None``: no cases)."""
    f = frame(encoding, players)
    pre, cases = f.pre, f.cases
    if not cases:
        return None
    start = time.perf_counter()
    s = solver(timeout)
    s.add(f.whole, z3.Not(z3.Or(*cases)))
    result = s.check()
    if result == z3.unsat:
        status, detail = "proved", f"{len(cases)} cases cover every state satisfying the invariant"
    elif result == z3.sat:
        status, detail = "counterexample", f"no case holds in {shown_values(s.model(), pre)}"
    else:
        status, detail = "unknown", reason(s, timeout)
    return Outcome(f"cases-cover/p{players}", "z3", status, time.perf_counter() - start,
                   detail)


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


