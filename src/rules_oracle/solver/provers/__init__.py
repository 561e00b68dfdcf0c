"""Generic Z3 provers over any game's :class:`~solver.encoding.Encoding`, one module an
obligation kind.

Every prover returns :class:`~properties.base.Outcome` objects and takes a
per-query timeout (seconds of Z3's work):

* :func:`~.invariants.inductive` -- for each named conjunct P of I and each action kind,
  ``I(s) and domain(p) and guard(s, p) and not P(update(s, p))`` is UNSAT;
  :func:`~.invariants.cases_cover` -- the encoding's case split covers I;
  :func:`~.invariants.monotonicity` -- no enabled action lowers a score (when claimed);
* :func:`~.deadlock.completeness` -- ``I(s) and not terminal(s)`` leaves some kind enabled;
* :mod:`.bounds` -- the most points one action (per kind and overall) and
  ``bound_steps`` consecutive actions can give one player, and each bound against play;
* :func:`~.faithful.faithfulness` -- on sampled transitions of the Python model, the
  encoding's guards hold on applied actions, fail on rejected ones, and its
  updates give the projection of the next state (:mod:`.compiled` compiles the
  encoding's terms to Python for it).

They share :mod:`.frames` (the terms of an encoding at a player count, built once per
process) and :mod:`.queries` (how a query is asked: a context of its own, a budget of Z3's
work, :data:`~.queries.LIMITS` and :data:`~.queries.SOLVERS`, case splits). This package
names the API the rest of the project uses; the modules never import it.
"""

from typing import Any

from rules_oracle.properties.base import Outcome
from rules_oracle.solver.encoding import Encoding
from rules_oracle.solver.provers.bounds import (
    NEVER_ENABLED,
    UNBOUNDED,
    GainBound,
    Observed,
    against_play,
    confirm_max,
    gain_bounds,
    kind_bound,
    overall_bound,
    search_max,
    window_bound,
)
from rules_oracle.solver.provers.compiled import (
    Compiled,
    CompiledKind,
    compile_encoding,
    compile_terms,
    enabled,
)
from rules_oracle.solver.provers.deadlock import completeness
from rules_oracle.solver.provers.faithful import (
    FaithfulnessReport,
    faithfulness,
    faithfulness_report,
    opening_pairs,
)
from rules_oracle.solver.provers.frames import (
    Frame,
    Step,
    changed_groups,
    conjunct_ids,
    forget_frames,
    frame,
    fresh_params,
    post_state,
)
from rules_oracle.solver.provers.invariants import cases_cover, inductive, monotonicity
from rules_oracle.solver.provers.queries import (
    LIMITS,
    RLIMIT_PER_SECOND,
    SMT,
    SOLVERS,
    TACTIC,
    Limits,
    Query,
    Solvers,
    check_sparingly,
    decide,
    lazily,
    optimizer,
    reason,
    solver,
    sparing,
)


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


__all__ = [
    "LIMITS",
    "NEVER_ENABLED",
    "RLIMIT_PER_SECOND",
    "SMT",
    "SOLVERS",
    "TACTIC",
    "UNBOUNDED",
    "Compiled",
    "CompiledKind",
    "FaithfulnessReport",
    "Frame",
    "GainBound",
    "Limits",
    "Observed",
    "Query",
    "Solvers",
    "Step",
    "against_play",
    "cases_cover",
    "changed_groups",
    "check_sparingly",
    "compile_encoding",
    "compile_terms",
    "completeness",
    "confirm_max",
    "conjunct_ids",
    "decide",
    "enabled",
    "faithfulness",
    "faithfulness_report",
    "forget_frames",
    "frame",
    "fresh_params",
    "gain_bounds",
    "inductive",
    "kind_bound",
    "lazily",
    "monotonicity",
    "opening_pairs",
    "optimizer",
    "overall_bound",
    "post_state",
    "prove_all",
    "reason",
    "search_max",
    "solver",
    "sparing",
    "window_bound",
]
