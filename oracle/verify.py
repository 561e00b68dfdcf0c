"""The package's own verification of a game (``oracle verify GAME``).

:func:`run` gives one :class:`~properties.base.Outcome` per obligation:

* kind ``property``: each generic check (``generic/...``) and each of the
  game's invariants and invariants over one step (``invariant/<name>``,
  ``properties.<game>.INVARIANTS`` and ``TRANSITION_INVARIANTS``) over ``games`` seeded games spread
  over every player count and every non-default variant reading, plus the
  largest one-step score gain seen in play (``observed/max-gain``);
* when ``solver.<game>`` exists, for each player count: every named conjunct
  of the inductive invariant (kind ``z3``), legal-action completeness, score
  monotonicity when the encoding claims it, the gain bounds per action kind,
  over any action and over ``bound_steps`` consecutive actions (kind
  ``bound``, each checked against the largest gain seen in play), and the
  faithfulness of the encoding on at least 5,000 sampled transitions.

The obligations are described in ``docs/verification.md``.
"""

import time
from collections.abc import Callable, Sequence
from typing import Any

from model.core import registry
from model.core.game import Game
from model.core.play import POLICIES
from properties import generic
from properties.base import Invariant, Outcome, TransitionInvariant
from properties.registry import invariants as game_invariants
from properties.registry import transition_invariants as game_transition_invariants
from solver import provers
from solver.encoding import Encoding
from solver.registry import encoding as game_encoding

Progress = Callable[[str, int, int], None]

#: transitions the faithfulness check samples
TRANSITIONS = 5000
#: past them, it samples on (up to this many times as many) until every kind is sampled
UNTIL_EVERY_KIND = 4


def _missing(exc: ModuleNotFoundError, module: str) -> bool:
    return exc.name is not None and module.startswith(exc.name)


def _invariants(
    name: str,
) -> tuple[tuple[Invariant, ...], tuple[TransitionInvariant, ...], Outcome | None]:
    module = f"properties.{name}"
    start = time.perf_counter()
    try:
        found = game_invariants(name)
        steps = game_transition_invariants(name)
    except ModuleNotFoundError as exc:
        if _missing(exc, module):
            return (), (), Outcome("invariants", "property", "unknown", 0.0,
                                   f"no module {module} (the game's invariants)")
        return (), (), Outcome("invariants", "property", "failed",
                               time.perf_counter() - start, f"importing {module}: {exc!r}")
    except Exception as exc:  # a broken invariants module is reported, not fatal
        return (), (), Outcome("invariants", "property", "failed",
                               time.perf_counter() - start, f"importing {module}: {exc!r}")
    return tuple(found), tuple(steps), None


def _encoding(name: str) -> tuple[Encoding[Any, Any] | None, Outcome | None]:
    module = f"solver.{name}"
    start = time.perf_counter()
    try:
        found = game_encoding(name)
    except ModuleNotFoundError as exc:
        if _missing(exc, module):
            return None, Outcome("encoding", "z3", "unknown", 0.0,
                                 f"no module {module} (the game's Z3 encoding)")
        return None, Outcome("encoding", "z3", "failed", time.perf_counter() - start,
                             f"importing {module}: {exc!r}")
    except Exception as exc:  # a broken encoding module is reported, not fatal
        return None, Outcome("encoding", "z3", "failed", time.perf_counter() - start,
                             f"importing {module}: {exc!r}")
    return found, None


def _name(inv: Callable[..., Any]) -> str:
    return str(getattr(inv, "__name__", repr(inv)))


def property_outcomes(
    game: Game[Any, Any], invariants: Sequence[Invariant], games: int, seed: int,
    progress: Progress | None = None,
    transition_invariants: Sequence[TransitionInvariant] = (),
) -> list[Outcome]:
    """The generic checks and the game's invariants (over states and over steps) over
    ``games`` seeded games.

    The games alternate between the uniform and the eager play policy
    (``model.core.play.POLICIES``), configurations in turn.
    """
    configs = generic.variant_configs(game)
    checker = generic.GameChecker(game, invariants, transition_invariants)
    eager = 0
    for i in range(games):
        # configurations in turn; each pass over them swaps the policies
        policy = POLICIES[(i + i // len(configs)) % 2]
        eager += policy == "eager"
        checker.run(configs[i % len(configs)], seed + i, policy)
        if progress is not None:
            progress("properties", i + 1, games)
    stats = checker.stats
    scope = (f"{stats.games} games ({eager} eager), {stats.steps} steps,"
             f" {len(configs)} configurations")
    out = []
    names = [(check, check) for check in generic.CHECKS]
    named = [_name(inv) for inv in invariants] + [_name(inv) for inv in transition_invariants]
    names += [(f"invariant/{n}", n) for n in named]
    for shown, key in names:
        ran = stats.checked.get(key, 0)
        seconds = stats.seconds.get(key, 0.0)
        failures = stats.failures.get(key, [])
        if failures:
            detail = f"{len(failures)}+ violations, e.g. " + " | ".join(
                f"{v.invariant}: {v.message}" for v in failures[:3])
            out.append(Outcome(shown, "property", "failed", seconds, detail))
        elif ran:
            out.append(Outcome(shown, "property", "passed", seconds, f"{ran} checks; {scope}"))
        else:
            out.append(Outcome(shown, "property", "unknown", seconds, f"never exercised; {scope}"))
    gains = stats.gains
    if gains:
        best = max(gains, key=lambda k: (gains[k], k))
        listed = ", ".join(f"{k} {gains[k]}" for k in sorted(gains))
        out.append(Outcome("observed/max-gain", "property", "passed", 0.0,
                           f"largest one-step score gain in play: {gains[best]} ({best});"
                           f" by action: {listed}"))
    return out


def z3_outcomes(
    game: Game[Any, Any], encoding: Encoding[Any, Any], seed: int,
    progress: Progress | None = None, timeout: float = 20.0,
    transitions: int = TRANSITIONS,
) -> list[Outcome]:
    """Every Z3 obligation per player count, bounds against play, and faithfulness."""
    counts = list(range(game.min_players, game.max_players + 1))
    total = len(counts) + 1
    out: list[Outcome] = []
    bounds: list[provers.GainBound] = []
    for i, players in enumerate(counts):
        start = time.perf_counter()
        try:
            found, gains = provers.prove_all(encoding, players, timeout)
        except Exception as exc:  # a crashing encoding is a failed obligation
            out.append(Outcome(f"z3/p{players}", "z3", "failed", time.perf_counter() - start,
                               f"the encoding raised {exc!r}"))
            continue
        out.extend(found)
        bounds.extend(gains)
        if progress is not None:
            progress("z3", i + 1, total)

    def report(done: int, of: int) -> None:
        if progress is not None:
            progress("faithfulness", done, of)

    start = time.perf_counter()
    try:
        faith = provers.faithfulness_report(
            game, encoding, generic.variant_configs(game), transitions, seed, progress=report,
            until_every_kind=UNTIL_EVERY_KIND * transitions)
    except Exception as exc:  # a crashing projection is a failed obligation
        out.append(Outcome("faithfulness", "faithfulness", "failed",
                           time.perf_counter() - start, f"raised {exc!r}"))
        out.extend(provers.against_play(bounds, provers.Observed()))
        return out
    for players in counts:
        mine = [b for b in bounds if b.players == players]
        out.extend(provers.against_play(mine, faith.observed.get(players, provers.Observed())))
    out.append(faith.outcome)
    if progress is not None:
        progress("z3", total, total)
    return out


def run(
    game: str | Game[Any, Any],
    games: int = 20,
    seed: int = 0,
    progress: Progress | None = None,
    *,
    invariants: Sequence[Invariant] | None = None,
    transition_invariants: Sequence[TransitionInvariant] | None = None,
    encoding: Encoding[Any, Any] | None = None,
    timeout: float = 20.0,
    transitions: int = TRANSITIONS,
) -> list[Outcome]:
    """Verify one game (a registry name or a game object).

    ``invariants``, ``transition_invariants`` and ``encoding`` default to
    ``properties.<game>.INVARIANTS``, ``properties.<game>.TRANSITION_INVARIANTS``
    and ``solver.<game>.ENCODING`` when those modules exist (given
    ``invariants`` without ``transition_invariants`` means none over steps);
    ``timeout`` is per Z3 query, in seconds.
    """
    model = registry.get(game) if isinstance(game, str) else game
    out: list[Outcome] = []
    if invariants is None:
        invariants, found_steps, problem = _invariants(model.name)
        if transition_invariants is None:
            transition_invariants = found_steps
        if problem is not None:
            out.append(problem)
    out.extend(property_outcomes(model, invariants, games, seed, progress,
                                 transition_invariants or ()))
    if encoding is None:
        encoding, problem = _encoding(model.name)
        if problem is not None:
            out.append(problem)
    if encoding is not None:
        out.extend(z3_outcomes(model, encoding, seed, progress, timeout, transitions))
    return out
