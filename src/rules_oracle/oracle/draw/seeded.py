"""Drawings of a seeded game (the same game ``oracle play`` writes for the same options):
one state, or every state as the frames of a page."""

from collections.abc import Callable, Iterator
from typing import Any

from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.game import CHANCE, Config, Game
from rules_oracle.model.core.play import playout
from rules_oracle.oracle.diff import show
from rules_oracle.oracle.draw import canvas, changed
from rules_oracle.oracle.draw.page import Frame

#: the longest action a frame's label shows
SHOWN = 300


class PastTheEnd(ValueError):
    """A step beyond the last of the game."""


def states(game: Game[Any, Any], config: Config, seed: int, policy: str,
           last: int | None = None) -> Iterator[tuple[str, Any]]:
    """``(label, state)``: the set-up state (step 0), then the state after each step up to
    ``last`` (the end of the game when ``None``); ``PastTheEnd`` when the game ends before
    ``last``."""
    yield "step 0: set-up", game.setup(config)
    index = 0
    for step in playout(game, config, seed, policy):
        if last is not None and step.index > last:
            return
        index = step.index
        who = "chance" if step.actor == CHANCE else f"seat {step.actor}"
        yield (f"step {step.index}: {who}: {show(unstructure(step.action), SHOWN)}",
               step.state)
    if last is not None and index < last:
        raise PastTheEnd(f"the game ends after {index} steps")


def state_at(game: Game[Any, Any], config: Config, seed: int, policy: str,
             step: int) -> tuple[str, Any, Any]:
    """The label of step ``step``, the state before it (``None`` at step 0) and after it."""
    before = state = None
    label = ""
    for shown, now in states(game, config, seed, policy, step):
        label, before, state = shown, state, now
    return label, before, state


def frames(game: Game[Any, Any], config: Config, seed: int, policy: str,
           last: int | None = None,
           progress: Callable[[int], None] | None = None) -> Iterator[Frame]:
    """Every state of the seeded game drawn, each highlighting what its step changed."""
    before = None
    for n, (label, state) in enumerate(states(game, config, seed, policy, last)):
        marks = () if before is None else tuple(sorted(changed(before, state)))
        yield Frame(label, marks, canvas(game.name, state, marks))
        before = state
        if progress is not None:
            progress(n)
