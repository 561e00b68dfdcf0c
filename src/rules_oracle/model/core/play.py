"""Seeded play: random legal choices and exact chance sampling.

Two policies choose among legal actions: ``uniform`` (every legal action
equally likely) and ``eager`` (weighted by the game's
:meth:`~model.core.game.Game.policy_weights`, which favour actions that carry
play deeper: applying a card rather than passing, say). Chance outcomes are
always sampled with their exact probabilities. The same game, configuration,
seed and policy give the same game in every process.
"""

import random
from collections.abc import Iterator
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


#: the play policies, the default first
POLICIES = ("uniform", "eager")


def choose(game: Game[Any, Any], state: Any, rng: random.Random,
           policy: str = "uniform") -> Any:
    """A random legal action under ``policy``, or a chance outcome with its probability."""
    who = game.actor(state)
    if who == CHANCE:
        return sample(game.chance_outcomes(state), rng)
    if who == TERMINAL:
        raise ValueError("the game is over")
    actions = game.legal_actions(state)
    if policy == "eager":
        weights = game.policy_weights(state, actions)
        if weights is not None:
            if len(weights) != len(actions) or min(weights) < 0 or sum(weights) == 0:
                raise ValueError(f"{game.name}: bad policy weights {weights!r}")
            ticket = rng.randrange(sum(weights))
            for action, weight in zip(actions, weights, strict=True):
                if ticket < weight:
                    return action
                ticket -= weight
    elif policy != "uniform":
        raise ValueError(f"unknown policy {policy!r}; policies: {', '.join(POLICIES)}")
    return actions[rng.randrange(len(actions))]


def playout(game: Game[Any, Any], config: Config, seed: int,
            policy: str = "uniform") -> Iterator[Step]:
    """Every step of one seeded random game, to the end (bounded by ``max_steps``)."""
    rng = random.Random(seed)
    state = game.setup(config)
    bound = game.max_steps(config)
    index = 0
    while game.actor(state) != TERMINAL:
        if index >= bound:
            raise RuntimeError(f"{game.name}: no end after {bound} steps (seed {seed})")
        who = game.actor(state)
        action = choose(game, state, rng, policy)
        state = game.apply(state, action)
        index += 1
        yield Step(index, who, action, state)


def final_state(game: Game[Any, Any], config: Config, seed: int,
                policy: str = "uniform") -> Any:
    """The terminal state of one seeded random game."""
    state = game.setup(config)
    for step in playout(game, config, seed, policy):
        state = step.state
    return state
