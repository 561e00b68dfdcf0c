"""Seeded play: random legal choices and exact chance sampling.

Two policies choose among legal actions: ``uniform`` (every legal action
equally likely) and ``eager`` (weighted by the game's
:meth:`~model.core.game.Game.policy_weights`, which favour actions that carry
play deeper: applying a card rather than passing, say). A third, ``steer``,
steers a game towards rules it has not shown yet: it remembers the rules its
steps showed (:meth:`~model.core.game.Game.effect_rules`) and picks, among the
legal actions it tries, one whose step shows a rule not shown yet, or else as
``eager`` does. Chance outcomes are always sampled with their exact
probabilities. The same game, configuration, seed and policy give the same game
in every process.
"""

import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from rules_oracle.model.core.chance import sample
from rules_oracle.model.core.game import CHANCE, TERMINAL, Config, Game


@attrs.frozen(slots=True)
class Step:
    """One step of a game: who acted, the action, and the state after it."""

    index: int
    actor: int
    action: Any
    state: Any


#: the play policies, the default first (the ones verification, witness searches and
#: the conformance vectors play in turn)
POLICIES = ("uniform", "eager")
#: the coverage-steering policy, and every policy ``playout`` plays
STEER = "steer"
ALL_POLICIES = (*POLICIES, STEER)
#: legal actions a steering choice tries at most (a seeded sample of a larger set)
STEER_TRIES = 24


@attrs.define
class Steering:
    """The memory of a ``steer`` game: the rules its steps have shown so far."""

    game: Game[Any, Any]
    shown: set[str] = attrs.field(factory=set)

    def choose(self, state: Any, rng: random.Random,
               among: Sequence[Any] | None = None) -> Any:
        """An action whose step shows a rule not shown yet (among those tried, weighted as
        ``eager`` weighs them), else the ``eager`` choice; a chance outcome with its
        probability. ``among``: the legal actions it may choose from (default: all; a
        driven engine's supported ones)."""
        game = self.game
        if game.actor(state) < 0:
            return choose(game, state, rng)
        if among is None:
            actions = game.legal_actions(state)
        else:
            actions = tuple(among)
            if not actions:
                raise ValueError("no action to choose from")
        tried = actions if len(actions) <= STEER_TRIES else rng.sample(actions, STEER_TRIES)
        fresh = [a for a in tried
                 if not self.shown.issuperset(game.effect_rules(state, a, game.apply(state, a)))]
        if fresh:
            return weighted(tuple(fresh), game.policy_weights(state, tuple(fresh)), rng)
        if among is None:
            return choose(game, state, rng, "eager")
        return weighted(actions, game.policy_weights(state, actions), rng)

    def saw(self, state: Any, action: Any, after: Any) -> None:
        """Remember the rules the step ``state --action--> after`` showed."""
        self.shown.update(self.game.effect_rules(state, action, after))


def choose(game: Game[Any, Any], state: Any, rng: random.Random,
           policy: str = "uniform", offered: tuple[Any, ...] | None = None,
           who: int | None = None) -> Any:
    """A random legal action under ``policy``, or a chance outcome with its probability
    (``offered``: the state's legal actions, or at a chance node its outcomes with their
    probabilities, where the caller has enumerated them already: the same choice; ``who``:
    ``game.actor(state)``, where the caller has asked it already: the same choice)."""
    if who is None:
        who = game.actor(state)
    if who == CHANCE:
        return sample(game.chance_outcomes(state) if offered is None else offered, rng)
    if who == TERMINAL:
        raise ValueError("the game is over")
    actions = game.legal_actions(state) if offered is None else offered
    if policy == "eager":
        weights = game.policy_weights(state, actions)
        if weights is not None:
            if len(weights) != len(actions) or min(weights) < 0 or sum(weights) == 0:
                raise ValueError(f"{game.name}: bad policy weights {weights!r}")
            return weighted(actions, weights, rng)
    elif policy == STEER:
        raise ValueError(f"policy {STEER!r} remembers its game: play it with Steering")
    elif policy != "uniform":
        raise ValueError(f"unknown policy {policy!r}; policies: {', '.join(ALL_POLICIES)}")
    return actions[rng.randrange(len(actions))]


def weighted(actions: tuple[Any, ...], weights: tuple[int, ...] | None,
             rng: random.Random) -> Any:
    """One of ``actions`` drawn with ``weights`` (uniformly without any, or when they are
    all 0)."""
    if weights is None or not sum(weights):
        return actions[rng.randrange(len(actions))]
    ticket = rng.randrange(sum(weights))
    for action, weight in zip(actions, weights, strict=True):
        if ticket < weight:
            return action
        ticket -= weight
    raise AssertionError("a ticket below the total weight")  # pragma: no cover


def playout(game: Game[Any, Any], config: Config, seed: int,
            policy: str = "uniform") -> Iterator[Step]:
    """Every step of one seeded random game, to the end (bounded by ``max_steps``)."""
    rng = random.Random(seed)
    state = game.setup(config)
    bound = game.max_steps(config)
    steering = Steering(game) if policy == STEER else None
    index = 0
    while (who := game.actor(state)) != TERMINAL:
        if index >= bound:
            raise RuntimeError(f"{game.name}: no end after {bound} steps (seed {seed})")
        if steering is None:
            action = choose(game, state, rng, policy, who=who)
            state = game.apply(state, action)
        else:
            action = steering.choose(state, rng)
            after = game.apply(state, action)
            steering.saw(state, action, after)
            state = after
        index += 1
        yield Step(index, who, action, state)


def final_state(game: Game[Any, Any], config: Config, seed: int,
                policy: str = "uniform") -> Any:
    """The terminal state of one seeded random game."""
    state = game.setup(config)
    for step in playout(game, config, seed, policy):
        state = step.state
    return state
