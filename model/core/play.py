"""Seeded play: random legal choices and exact chance sampling."""

import random
from collections.abc import Iterator
from typing import Any

import attrs

from model.core.chance import sample
from model.core.game import CHANCE, TERMINAL, Config, Game


@attrs.frozen(slots=True)
class Step:
    """One step of a game: who acted, the action, and the state after it."""

    index: int
    actor: int
    action: Any
    state: Any


def choose(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A uniformly random legal action, or a chance outcome with its probability."""
    who = game.actor(state)
    if who == CHANCE:
        return sample(game.chance_outcomes(state), rng)
    if who == TERMINAL:
        raise ValueError("the game is over")
    actions = game.legal_actions(state)
    return actions[rng.randrange(len(actions))]


def playout(game: Game[Any, Any], config: Config, seed: int) -> Iterator[Step]:
    """Every step of one seeded random game, to the end (bounded by ``max_steps``)."""
    rng = random.Random(seed)
    state = game.setup(config)
    bound = game.max_steps(config)
    index = 0
    while game.actor(state) != TERMINAL:
        if index >= bound:
            raise RuntimeError(f"{game.name}: no end after {bound} steps (seed {seed})")
        who = game.actor(state)
        action = choose(game, state, rng)
        state = game.apply(state, action)
        index += 1
        yield Step(index, who, action, state)


def final_state(game: Game[Any, Any], config: Config, seed: int) -> Any:
    """The terminal state of one seeded random game."""
    state = game.setup(config)
    for step in playout(game, config, seed):
        state = step.state
    return state
