"""The package's own verification of a game (``oracle verify GAME``).

:func:`run` gives one :class:`~properties.base.Outcome` per obligation:

* kind ``property``: each generic check (``generic/...``) and each of the
  game's invariants and invariants over one step (``invariant/<name>``,
  ``properties.<game>.INVARIANTS`` and ``TRANSITION_INVARIANTS``) over ``games`` seeded games spread
  over every player count and every non-default variant reading, plus the
  largest one-step score gain seen in play (``observed/max-gain``) and the rules play
  exercised, n of N (``observed/rules-exercised``);
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
from functools import cache, partial
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.model.core.game import Config, Game
from rules_oracle.model.core.play import POLICIES, STEER
from rules_oracle.oracle import executor as executor_module
from rules_oracle.oracle.executor import Executor
from rules_oracle.properties import generic
from rules_oracle.properties.base import Invariant, Outcome, TransitionInvariant
from rules_oracle.properties.registry import invariants as game_invariants
from rules_oracle.properties.registry import transition_invariants as game_transition_invariants
from rules_oracle.solver import provers
from rules_oracle.solver.encoding import Encoding
from rules_oracle.solver.registry import encoding as game_encoding

Progress = Callable[[str, int, int], None]

#: seconds any one Z3 query may take, counted in Z3's resource units (a query that
#: would take longer is reported unknown, with the time, rather than waited for; see
#: ``provers.RLIMIT_PER_SECOND``)
QUERY_TIMEOUT = 10.0
#: transitions the faithfulness check samples
TRANSITIONS = 5000
#: past them, it samples on (up to this many times as many) until every kind is sampled
UNTIL_EVERY_KIND = 4


def _missing(exc: ModuleNotFoundError, module: str) -> bool:
    return exc.name is not None and module.startswith(exc.name)


def _invariants(
    name: str,
) -> tuple[tuple[Invariant, ...], tuple[TransitionInvariant, ...], Outcome | None]:
    module = f"rules_oracle.properties.{name}"
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
    module = f"rules_oracle.solver.{name}"
    start = time.perf_counter()
    try:
        found = game_encoding(name)
    except ModuleNotFoundError as exc:
        if _missing(exc, module):
            return None, Outcome("encoding", "z3", "skipped", 0.0,
                                 f"no Z3 encoding yet (no module {module}): the game's Z3"
                                 " obligations are not run")
        return None, Outcome("encoding", "z3", "failed", time.perf_counter() - start,
                             f"importing {module}: {exc!r}")
    except Exception as exc:  # a broken encoding module is reported, not fatal
        return None, Outcome("encoding", "z3", "failed", time.perf_counter() - start,
                             f"importing {module}: {exc!r}")
    return found, None


def _name(inv: Callable[..., Any]) -> str:
    return str(getattr(inv, "__name__", repr(inv)))


#: seeded games per property task: a game's property games run as tasks of this many
#: (in parallel, in worker processes), their counts added up; the split is fixed, so the
#: outcomes are the same for every number of worker processes
PROPERTY_CHUNK = 5


#: every this many property games, one is steered (``model.core.play.STEER``): it plays
#: toward the rules its steps have not shown yet, so that rare effects and limits come up
STEER_EVERY = 4


def policy_of(i: int, configs: int) -> str:
    """The play policy of property game ``i`` over ``configs`` configurations: every
    :data:`STEER_EVERY`-th game steered, the others alternating between the uniform and
    the eager policy (``model.core.play.POLICIES``; each pass over the configurations swaps
    them)."""
    if i % STEER_EVERY == STEER_EVERY - 1:
        return STEER
    return POLICIES[(i + i // configs) % 2]


def _property_stats(
    game: Game[Any, Any], invariants: Sequence[Invariant],
    transition_invariants: Sequence[TransitionInvariant], seed: int, first: int, count: int,
) -> tuple[generic.Stats, int]:
    """The checks of games ``first .. first + count - 1`` of the property games (their
    counts, and how many were played eagerly): configurations in turn, policies as
    :func:`policy_of` gives them."""
    configs = generic.variant_configs(game)
    checker = generic.GameChecker(game, invariants, transition_invariants)
    eager = 0
    for i in range(first, first + count):
        policy = policy_of(i, len(configs))
        eager += policy == "eager"
        checker.run(configs[i % len(configs)], seed + i, policy)
    return checker.stats, eager


def _merged(parts: Sequence[generic.Stats], keep: int = 5) -> generic.Stats:
    """The counts of several runs of checks added up (the first ``keep`` violations of each
    check, in order; the largest gain per action)."""
    out = generic.Stats()
    for part in parts:
        out.games += part.games
        out.steps += part.steps
        for name, n in part.checked.items():
            out.checked[name] = out.checked.get(name, 0) + n
        for name, t in part.seconds.items():
            out.seconds[name] = out.seconds.get(name, 0.0) + t
        for name, found in part.failures.items():
            kept = out.failures.setdefault(name, [])
            kept.extend(found[:max(0, keep - len(kept))])
        for action, gain in part.gains.items():
            out.gains[action] = max(out.gains.get(action, gain), gain)
        out.shown |= part.shown
    return out


#: rule ids a row names at most among those play did not show
UNSHOWN_LISTED = 12


def exercised(game: Game[Any, Any], shown: set[str]) -> Outcome:
    """The rules the property games' steps showed (``Game.effect_rules``), n of the
    game's N, and the first of those they did not (informative: set-up and component
    rules show in no step, and a game without ``effect_rules`` shows none)."""
    rules = sorted(r.id for r in game.rules)
    missing = [r for r in rules if r not in shown]
    listed = ", ".join(missing[:UNSHOWN_LISTED]) + (" ..." if len(missing) > UNSHOWN_LISTED
                                                     else "")
    return Outcome("observed/rules-exercised", "property", "passed", 0.0,
                   f"{len(rules) - len(missing)} of {len(rules)} rules shown by play"
                   + (f"; not shown: {listed}" if missing else ""))


def _property_rows(
    game: Game[Any, Any], invariants: Sequence[Invariant],
    transition_invariants: Sequence[TransitionInvariant], stats: generic.Stats, eager: int,
) -> list[Outcome]:
    """One row per generic check and game invariant, and the largest gain seen."""
    configs = generic.variant_configs(game)
    steered = sum(1 for i in range(stats.games) if i % STEER_EVERY == STEER_EVERY - 1)
    scope = (f"{stats.games} games ({eager} eager, {steered} steered), {stats.steps} steps,"
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
    out.append(exercised(game, stats.shown))
    return out


def _chunks(games: int) -> list[tuple[int, int]]:
    """The property games as (first, count) runs of :data:`PROPERTY_CHUNK`."""
    return [(first, min(PROPERTY_CHUNK, games - first))
            for first in range(0, games, PROPERTY_CHUNK)]


def property_outcomes(
    game: Game[Any, Any], invariants: Sequence[Invariant], games: int, seed: int,
    progress: Progress | None = None,
    transition_invariants: Sequence[TransitionInvariant] = (),
) -> list[Outcome]:
    """The generic checks and the game's invariants (over states and over steps) over
    ``games`` seeded games, in runs of :data:`PROPERTY_CHUNK` games (as ``oracle verify``'s
    tasks run them).

    Every fourth game is steered toward the rules not shown yet; the others alternate
    between the uniform and the eager play policy (:func:`policy_of`), configurations in
    turn.
    """
    parts = []
    for first, count in _chunks(games):
        parts.append(_property_stats(game, invariants, transition_invariants, seed, first,
                                     count))
        if progress is not None:
            progress("properties", first + count, games)
    return _property_rows(game, invariants, transition_invariants,
                          _merged([stats for stats, _ in parts]),
                          sum(eager for _, eager in parts))


#: observation checks: seeded games per player count, and every how many states
OBSERVATION_GAMES = 2
OBSERVATION_EVERY = 5


def observation_outcomes(game: Game[Any, Any], seed: int) -> list[Outcome]:
    """The observation properties (``properties.observation``) over seeded games of every
    player count, policies in turn: one row per property. None for a game without
    observations; unknown when the game has no builder of hidden-information twins."""
    runs = [_observation_run(game, seed, i) for i in range(len(_observed_configs(game)))]
    return _observation_rows(game, runs)


def _observed_configs(game: Game[Any, Any]) -> list[Config]:
    return list(generic.all_configs(game)) if game.observation_types else []


@attrs.frozen
class _ObservationRun:
    """What the observation games of one configuration checked."""

    seconds: float
    states: int
    twins: int
    games: int
    violations: list[Any]


def _observation_run(game: Game[Any, Any], seed: int, index: int
                     ) -> _ObservationRun | Outcome:
    """The observation games of the ``index``-th configuration (its own task); an
    ``unknown`` outcome when the game has no builder of hidden-information twins."""
    from rules_oracle.properties import observation
    from rules_oracle.properties.registry import hidden_twins

    start = time.perf_counter()
    try:
        twins = hidden_twins(game.name)
    except ModuleNotFoundError as exc:
        return Outcome("observation", "property", "unknown", 0.0,
                       f"no module properties.{game.name}_hidden ({exc.name})")
    config = _observed_configs(game)[index]
    states = built = 0
    found: list[Any] = []
    for g in range(OBSERVATION_GAMES):
        run = observation.run_observations(
            game, config, seed + g, twins, every=OBSERVATION_EVERY,
            policy=POLICIES[(index * OBSERVATION_GAMES + g) % 2])
        states += run.states
        built += run.twins
        found.extend(run.violations)
    return _ObservationRun(time.perf_counter() - start, states, built, OBSERVATION_GAMES,
                           found)


def _observation_rows(game: Game[Any, Any],
                      runs: Sequence[_ObservationRun | Outcome]) -> list[Outcome]:
    if not game.observation_types:
        return []
    from rules_oracle.properties import observation

    missing = [r for r in runs if isinstance(r, Outcome)]
    if missing:
        return [attrs.evolve(missing[0], name=name) for name in observation.CHECKS]
    done = [r for r in runs if not isinstance(r, Outcome)]
    seconds = sum(r.seconds for r in done)
    scope = (f"{sum(r.states for r in done)} states, {sum(r.twins for r in done)}"
             f" hidden-information twins; {sum(r.games for r in done)} games")
    found = [v for r in done for v in r.violations]
    out = []
    for name in observation.CHECKS:
        mine = [v for v in found if v.invariant == name]
        if mine:
            out.append(Outcome(name, "property", "failed", seconds, f"{len(mine)} violations,"
                               " e.g. " + " | ".join(v.message for v in mine[:3])))
        else:
            out.append(Outcome(name, "property", "passed", seconds, scope))
    return out


# ---------------------------------------------------------------------------
# Obligations as independent tasks
# ---------------------------------------------------------------------------

@attrs.frozen
class Task:
    """One obligation (or a run of them) as a unit of work for a worker process.

    ``work`` returns the task's results; ``fail`` gives the same shape of result
    for a failed obligation, when ``work`` raises or its worker process dies.
    """

    name: str
    kind: str
    work: Callable[[], Any]
    fail: Callable[[Outcome], Any]
    #: tasks with the same share (a game's Z3 obligations at one player count) reuse the
    #: terms the first of them builds in a worker process (``provers.frame``): they go to
    #: one worker where the others have work of their own; empty: none
    share: str = ""
    #: the shares whose terms the task builds besides its own (faithfulness: those of every
    #: player count): their tasks go to its worker where the others have work of their own
    holds: tuple[str, ...] = ()

    def failed(self, seconds: float, detail: str) -> Any:
        return self.fail(Outcome(self.name, self.kind, "failed", seconds, detail))

    def __call__(self) -> Any:
        start = time.perf_counter()
        try:
            return self.work()
        except Exception as exc:  # a crashing encoding or model is a failed obligation
            return self.failed(time.perf_counter() - start, f"raised {exc!r}")


@attrs.frozen
class Plan:
    """The obligations of one game as independent tasks, and how to put their
    results together into the game's outcomes (in the order the table shows)."""

    game: str
    tasks: tuple[Task, ...]
    assemble: Callable[[Sequence[Any]], list[Outcome]]
    #: the arguments of :func:`plan` that build it again in another process (game name,
    #: games, seed, timeout, transitions); ``None`` when built from objects of this one
    spec: tuple[str, int, int, float, int] | None = None


def _listed(o: Outcome) -> list[Outcome]:
    return [o]


def _one(prover: Callable[..., Outcome | None], *args: Any) -> list[Outcome]:
    """A prover's one outcome as a list (none when it has nothing to prove)."""
    found = prover(*args)
    return [] if found is None else [found]


def _sibling_bounds(encoding: Encoding[Any, Any], players: int, group: Sequence[str],
                    timeout: float) -> list[provers.GainBound]:
    """The gain bounds of a group of sibling kinds, in one process and in the group's
    order, each after the one before it (:attr:`Encoding.bound_siblings`)."""
    return [provers.kind_bound(encoding, players, kind, timeout) for kind in group]


def _failed_bounds(players: int, group: Sequence[str], failed: Outcome
                   ) -> list[provers.GainBound]:
    """A failed group task as a failed bound of each of its kinds."""
    return [provers.GainBound(players, kind, 1, None,
                              attrs.evolve(failed, name=f"bound/{kind}/p{players}"))
            for kind in group]


def _z3_tasks(
    game: Game[Any, Any], encoding: Encoding[Any, Any], seed: int, timeout: float,
    transitions: int,
) -> tuple[list[Task], Callable[[Sequence[Any]], list[Outcome]]]:
    """Every Z3 obligation per player count, the bounds, and faithfulness, as tasks."""
    counts = list(range(game.min_players, game.max_players + 1))
    tasks: list[Task] = []
    #: per task: its player count (0 for faithfulness) and its role in the table
    roles: list[tuple[int, str]] = []

    def add(name: str, kind: str, work: Callable[[], Any],
            fail: Callable[[Outcome], Any] = _listed, *, players: int = 0,
            role: str = "proof", share: int = 0, holds: Sequence[int] = ()) -> None:
        share = share or players
        tasks.append(Task(name, kind, work, fail, f"{game.name}/p{share}" if share else "",
                          tuple(f"{game.name}/p{n}" for n in holds)))
        roles.append((players, role))

    # faithfulness compiles the frames of every player count (provers.compile_encoding):
    # the worker that runs it goes on with the largest count, and the tasks of the other
    # counts go to it where the other worker has work of its own (it holds their frames,
    # as many as provers.LIMITS.frames keeps)
    add("faithfulness", "faithfulness", lambda: provers.faithfulness_report(
        game, encoding, generic.variant_configs(game), transitions, seed,
        extra=provers.opening_pairs(game, encoding),
        until_every_kind=UNTIL_EVERY_KIND * transitions), lambda o: o, role="faithfulness",
        share=counts[-1], holds=counts)
    for players in reversed(counts):  # the largest games first: their queries are slowest
        pre = encoding.fresh("s", players)
        parts = tuple(encoding.invariant_parts(pre, players))
        for part in parts:
            name = f"inductive/{part}/p{players}"
            add(name, "z3", partial(provers.inductive, encoding, players, timeout, (part,)),
                players=players)
        if encoding.cases(pre, players):
            add(f"cases-cover/p{players}", "z3",
                partial(_one, provers.cases_cover, encoding, players, timeout), players=players)
        add(f"completeness/p{players}", "z3",
            partial(_one, provers.completeness, encoding, players, timeout), players=players)
        if encoding.monotone_scores and encoding.score_vars(players):
            add(f"monotone-scores/p{players}", "z3",
                partial(_one, provers.monotonicity, encoding, players, timeout),
                players=players)
        if encoding.score_vars(players):
            names = [k.name for k in encoding.kinds(players)]
            # a group of bound siblings is one task: the later kinds' searches start from
            # the first's bound, found in the same process (Encoding.bound_siblings)
            groups = {k: g for g in encoding.bound_siblings if set(g) <= set(names)
                      for k in g}
            for name in names:
                group = groups.get(name)
                if group is None:
                    add(f"bound/{name}/p{players}", "bound",
                        partial(provers.kind_bound, encoding, players, name, timeout),
                        partial(provers.GainBound, players, name, 1, None),
                        players=players, role="kind-bound")
                elif name == group[0]:
                    add(f"bound/{'+'.join(group)}/p{players}", "bound",
                        partial(_sibling_bounds, encoding, players, group, timeout),
                        partial(_failed_bounds, players, group),
                        players=players, role="kind-bounds")
            if encoding.bound_steps > 1:
                steps = encoding.bound_steps
                add(f"bound/{steps}-steps/p{players}", "bound",
                    partial(provers.window_bound, encoding, players, timeout),
                    partial(provers.GainBound, players, f"{steps}-steps", steps, None),
                    players=players, role="window")

    def assemble(results: Sequence[Any]) -> list[Outcome]:
        out: list[Outcome] = []
        bounds: list[provers.GainBound] = []
        for players in counts:
            mine = [(role, r) for (n, role), r in zip(roles, results, strict=True)
                    if n == players]
            for role, r in mine:
                if role == "proof":
                    out.extend(r)
            kinds = [r for role, r in mine if role == "kind-bound"]
            kinds += [b for role, r in mine if role == "kind-bounds" for b in r]
            order = {k.name: at for at, k in enumerate(encoding.kinds(players))}
            kinds.sort(key=lambda b: order.get(b.kind, len(order)))
            if kinds:
                window = [r for role, r in mine if role == "window"]
                bounds.extend([*kinds, provers.overall_bound(players, kinds), *window])
        faith = results[roles.index((0, "faithfulness"))]
        if isinstance(faith, Outcome):  # the faithfulness run itself failed
            out.extend(provers.against_play(bounds, provers.Observed()))
            out.append(faith)
            return out
        for players in counts:
            seen = faith.observed.get(players, provers.Observed())
            out.extend(provers.against_play([b for b in bounds if b.players == players], seen))
        out.append(faith.outcome)
        return out

    return tasks, assemble


def plan(
    game: str | Game[Any, Any],
    games: int = 20,
    seed: int = 0,
    *,
    invariants: Sequence[Invariant] | None = None,
    transition_invariants: Sequence[TransitionInvariant] | None = None,
    encoding: Encoding[Any, Any] | None = None,
    timeout: float = QUERY_TIMEOUT,
    transitions: int = TRANSITIONS,
) -> Plan:
    """The obligations of one game as tasks (see :func:`run` for the arguments)."""
    model = registry.get(game) if isinstance(game, str) else game
    invariants_given, steps_given, encoding_given = invariants, transition_invariants, encoding
    head: list[Outcome] = []
    if invariants is None:
        invariants, found_steps, problem = _invariants(model.name)
        if transition_invariants is None:
            transition_invariants = found_steps
        if problem is not None:
            head.append(problem)
    props = tuple(invariants)
    steps = tuple(transition_invariants or ())
    chunks = _chunks(games)
    observed = len(_observed_configs(model))
    tasks = [Task(f"properties/{first}", "property",
                  partial(_property_stats, model, props, steps, seed, first, count),
                  _listed) for first, count in chunks]
    tasks += [Task(f"observations/{i}", "property",
                   partial(_observation_run, model, seed, i), lambda o: o)
              for i in range(observed)]
    if encoding is None:
        encoding, problem = _encoding(model.name)
        if problem is not None:
            head.append(problem)
    z3_assemble: Callable[[Sequence[Any]], list[Outcome]] | None = None
    if encoding is not None:
        found, z3_assemble = _z3_tasks(model, encoding, seed, timeout, transitions)
        tasks.extend(found)

    def assemble(results: Sequence[Any]) -> list[Outcome]:
        out = [o for o in head if o.name == "invariants"]
        found = results[:len(chunks)]
        broken = [o for r in found if isinstance(r, list) for o in r]
        if broken:  # a property task raised or its worker process died
            out.extend(broken)
        else:
            out.extend(_property_rows(model, props, steps, _merged([r[0] for r in found]),
                                      sum(r[1] for r in found)))
        at = len(chunks) + observed
        out.extend(_observation_rows(model, results[len(chunks):at]))
        out.extend(o for o in head if o.name == "encoding")
        if z3_assemble is not None:
            out.extend(z3_assemble(results[at:]))
        return out

    named = (isinstance(game, str) and invariants_given is None and steps_given is None
             and encoding_given is None)
    spec = (model.name, games, seed, timeout, transitions) if named else None
    return Plan(model.name, tuple(tasks), assemble, spec)


def default_jobs() -> int:
    """Worker processes by default: every core this process may run on."""
    return executor_module.default_jobs()


def _call(task: Task) -> Any:
    return task()


def _fail(task: Task, why: str) -> Any:
    return task.failed(0.0, why)


@cache
def _rebuilt(spec: tuple[str, int, int, float, int]) -> Plan:
    game, games, seed, timeout, transitions = spec
    return plan(game, games, seed, timeout=timeout, transitions=transitions)


def _remote(item: tuple[tuple[str, int, int, float, int], int]) -> Any:
    """Task ``index`` of the plan ``spec`` names, built again where it runs (a cluster's
    worker: the tasks' closures and Z3 terms are never sent, only their names)."""
    spec, index = item
    return _rebuilt(spec).tasks[index]()


def cost(game: str, task: Task) -> float:
    """The estimated CPU seconds of ``task`` of ``game`` (``oracle.costs``)."""
    from rules_oracle.oracle.costs import COSTS, UNLISTED

    return COSTS.get(f"{game}/{task.name}", UNLISTED)


def ordered(plans: Sequence[Plan]) -> list[int]:
    """The tasks of ``plans`` (indices into them all, in order) in the order worker
    processes take them: longest first, by shares (the tasks of one share, a game's Z3
    obligations at one player count, reuse the terms the first builds, so they go
    together), the costliest share first and its costliest task first, then the tasks of no
    share by cost (``oracle.costs``). The last tasks to start are the shortest, so neither
    worker idles long at the end while the other runs a long task."""
    groups: dict[str, list[tuple[float, int]]] = {}
    at = 0
    for p in plans:
        for t in p.tasks:
            key = t.share or f"\0{at}"
            groups.setdefault(key, []).append((cost(p.game, t), at))
            at += 1
    ranked = sorted(groups.values(), key=lambda g: (-sum(c for c, _ in g), g[0][1]))
    return [i for g in ranked for _, i in sorted(g, key=lambda ci: (-ci[0], ci[1]))]


def execute(plans: Sequence[Plan], jobs: int = 1, progress: Progress | None = None,
            executor: Executor | None = None) -> list[list[Outcome]]:
    """Run every task of ``plans`` (in ``jobs`` local worker processes, 1: in this one, or on
    ``executor``) and give each plan's outcomes. The results do not depend on ``jobs`` nor
    on the executor. A task whose worker process dies is a failed obligation."""
    flat = [task for p in plans for task in p.tasks]
    total = len(flat)
    finished = [0]

    def done(_index: int, _result: Any) -> None:
        finished[0] += 1
        if progress is not None:
            progress("obligations", finished[0], total)

    run_on: Executor = executor or executor_module.LocalExecutor(jobs)
    if isinstance(run_on, executor_module.LocalExecutor):
        order = ordered(plans) if jobs > 1 else list(range(total))
        taken = run_on.map(_call, [flat[i] for i in order], done=done, failed=_fail,
                           shares=[flat[i].share for i in order],
                           holds=[flat[i].holds for i in order])
        results = [None] * total
        for i, r in zip(order, taken, strict=True):
            results[i] = r
    else:
        items = []
        for p in plans:
            if p.spec is None:
                raise executor_module.ExecutorError(
                    f"the obligations of {p.game} name objects of this process only (given"
                    " invariants or an encoding): they run on a local executor only")
            items += [(p.spec, i) for i in range(len(p.tasks))]
        tasks = dict(zip(items, flat, strict=True))
        results = run_on.map(_remote, items, done=done,
                             failed=lambda item, why: _fail(tasks[item], why))
    out = []
    at = 0
    for p in plans:
        n = len(p.tasks)
        out.append(p.assemble(results[at:at + n]))
        at += n
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
    timeout: float = QUERY_TIMEOUT,
    transitions: int = TRANSITIONS,
    jobs: int = 1,
) -> list[Outcome]:
    """Verify one game (a registry name or a game object).

    ``invariants``, ``transition_invariants`` and ``encoding`` default to
    ``properties.<game>.INVARIANTS``, ``properties.<game>.TRANSITION_INVARIANTS``
    and ``solver.<game>.ENCODING`` when those modules exist (given
    ``invariants`` without ``transition_invariants`` means none over steps);
    ``timeout`` is per Z3 query, in seconds; ``jobs`` worker processes run the
    obligations (the outcomes are the same for every ``jobs``).
    """
    p = plan(game, games, seed, invariants=invariants,
             transition_invariants=transition_invariants, encoding=encoding,
             timeout=timeout, transitions=transitions)
    return execute([p], jobs, progress)[0]
