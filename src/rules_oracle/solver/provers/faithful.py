"""Faithfulness: on sampled transitions of the Python model, the encoding's guards hold
on applied actions and fail on rejected ones, its updates give the projection of the next
state, its I holds and its ``terminal`` agrees; the gains seen in play are kept for the
bounds."""

import itertools
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from rules_oracle.model.core.canon import digest, to_json
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import TERMINAL, Config, Game
from rules_oracle.model.core.play import POLICIES, choose
from rules_oracle.properties.base import Outcome
from rules_oracle.solver.encoding import Encoding
from rules_oracle.solver.provers.bounds import Observed
from rules_oracle.solver.provers.compiled import Compiled, compile_encoding


@attrs.frozen
class FaithfulnessReport:
    outcome: Outcome
    transitions: int
    rejected: int
    #: player count -> gains seen with that many players
    observed: dict[int, Observed]


@attrs.frozen
class _At:
    """Where a disagreement is found: the step's text and the state whose digest it shows,
    written only when a disagreement is kept (a digest a transition cost more than the
    checks of many)."""

    head: str
    state: Any
    tail: str = ""

    def __add__(self, more: str) -> "_At":
        return _At(self.head, self.state, self.tail + more)

    def __str__(self) -> str:
        return f"{self.head} state {digest(self.state)[:12]}{self.tail}"


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

    def disagree(where: _At, text: str) -> None:
        if len(problems) < 5:
            problems.append(f"{where}: {text}")

    def check_state(c: Compiled, where: _At, state: Any, values: dict[str, int]) -> None:
        results = c.state_eval([values[v] for v in c.variables])
        for name, ok in zip(c.parts, results, strict=False):
            if ok is not True:
                disagree(where, f"invariant part {name} is false on a reachable state")
        if bool(results[-1]) != game.is_terminal(state):
            disagree(where, f"terminal {results[-1]} but the model says {game.is_terminal(state)}")

    def check_step(
        c: Compiled, where: _At, state: Any, pre: dict[str, int], action: Any, after: Any
    ) -> tuple[str, dict[str, int]] | None:
        post = encoding.project(after)
        try:
            name, params = encoding.classify_step(state, action, after, pre, post)
        except Exception as exc:
            disagree(where, f"classify failed on {to_json(action)}: {exc!r}")
            return None
        ck = c.kinds.get(name)
        if ck is None or set(params) != set(ck.kind.params):
            disagree(where, f"classify gave unknown kind/params {name} {params}")
            return None
        values = [pre[v] for v in c.variables] + [params[p] for p in ck.kind.params]
        dom, guard, *updates = ck.evaluate(values)

        def label() -> str:
            return f"{name}{params} ({to_json(action)})"

        if dom is not True:
            disagree(where, f"{label()} applied by the model but outside the kind's domain")
        if guard is not True:
            disagree(where, f"{label()} applied by the model but the guard is false")
        new = dict(pre)
        new.update(zip(ck.updated, (int(u) for u in updates), strict=True))
        for v in c.variables:
            if post.get(v) != new[v]:
                disagree(where, f"{label()}: {v} is {post.get(v)} in the model,"
                         f" {new[v]} in the encoding")
        if set(post) != set(c.variables):
            disagree(where, f"projection keys differ from variables: {sorted(post)}")
        return name, post

    def given() -> Iterator[tuple[int, int, Any, Any, Any]]:
        for j, (state, action) in enumerate(extra):
            yield -1 - j, 0, state, action, game.apply(state, action)

    def check_rejected(c: Compiled, where: _At, state: Any, pre: dict[str, int], cand: Any,
                       rejection: IllegalAction) -> None:
        """A step the model rejects: the kind that lists the rule must not enable it."""
        nonlocal rejected
        try:  # a mutant may lie outside every kind the encoding classifies
            name, params = encoding.classify_step(state, cand, None, pre, pre)
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
        where = _At(f"probe {j}", state)
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
    last_next: Any = None
    last_post: dict[str, int] | None = None
    for game_seed, step, state, action, nxt in itertools.chain(given(), sampled):
        if count >= transitions and (count >= until_every_kind or kinds_seen >= kinds_all):
            break
        players = game.config_of(state).players
        c = compiled_for(state)
        if players not in observed:
            observed[players] = Observed(window_steps=encoding.bound_steps)
            kinds_all.update(c.kinds)
        seen = observed[players]
        where = _At(f"seed {game_seed} step {step}", state)
        # the projection of the previous step's next state, when this step starts from it
        pre = (last_post if state is last_next and last_post is not None
               else encoding.project(state))
        if set(pre) != set(c.variables):
            disagree(where, f"projection keys differ from variables: {sorted(pre)}")
            break
        check_state(c, where, state, pre)
        checked = check_step(c, where, state, pre, action, nxt)
        count += 1
        last_next, last_post = None, None
        if checked is not None:
            name, post = checked
            last_next, last_post = nxt, post
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
