"""Retrying a divergence under the other readings of a game's ambiguities.

A divergence may be no fault of the engine's: the engine may follow another
reading of an ambiguity the model registers with a variant option. Both
``oracle drive`` and ``oracle check`` then replay the steps before the one that
diverged from set-up under each other reading (one option changed at a time)
and repeat the failed comparison there; the readings under which it agrees are
reported as ``ambiguity-id=reading`` ("conforms under catan/bank-shortage=nobody").
"""

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

from rules_oracle.model.core.game import Config, Game
from rules_oracle.oracle.diff import FieldDiff
from rules_oracle.oracle.divergence import Divergence


def other_readings(game: Game[Any, Any], config: Config) -> Iterator[tuple[str, Config]]:
    """Each ``ambiguity-id=reading`` other than ``config``'s, with its configuration:
    ``config`` with that one option changed, in the order the game registers them."""
    base = dict(config.variant)
    for option, ambiguity in game.rules.options().items():
        for reading in ambiguity.readings:
            if reading.key == base.get(option):
                continue
            try:
                other = game.config(config.players, {**base, option: reading.key})
            except Exception:  # a reading the game does not take for this player count
                continue
            yield f"{ambiguity.id}={reading.key}", other


def reading_config(game: Game[Any, Any], config: Config, label: str) -> Config | None:
    """The configuration of reading ``label`` (``ambiguity-id=reading``, one option changed
    from ``config``'s); ``None`` when the game has no such reading for it."""
    return next((other for each, other in other_readings(game, config) if each == label),
                None)


def conforming_readings(game: Game[Any, Any], config: Config, actions: Sequence[Any],
                        agrees: Callable[[Any], bool],
                        only: Collection[str] | None = None) -> tuple[str, ...]:
    """The readings (``ambiguity-id=reading``, one option changed from ``config``'s) under
    which ``agrees`` holds of the state reached by replaying ``actions`` from set-up.

    ``agrees`` repeats the failed comparison on the state before the step that diverged;
    it returns false, or raises, while the step still diverges. A reading under which the
    actions do not replay (one is illegal there) is not one under which the game conforms.
    """
    found: list[str] = []
    for label, other in other_readings(game, config):
        if only is not None and label not in only:  # just those readings are tried
            continue
        try:
            state = game.setup(other)
            for action in actions:
                state = game.apply(state, action)
            if not agrees(state):
                continue
        except Exception:  # diverges there too, or the actions do not replay
            continue
        found.append(label)
    return tuple(found)


def fields_under(game: Game[Any, Any], config: Config, actions: Sequence[Any],
                 compared: Callable[[Any], Divergence | None],
                 label: str) -> tuple[FieldDiff, ...] | None:
    """The fields that still differ under reading ``label`` (``ambiguity-id=reading``): the
    actions replayed from set-up under it and the failed comparison (``compared``, from the
    state before the step, giving its divergence or ``None``) repeated there. Empty when the
    step agrees under it; ``None`` when there is no such reading, the actions do not replay
    under it, or the step diverges there otherwise than by fields."""
    other = reading_config(game, config, label)
    if other is None:
        return None
    try:
        state = game.setup(other)
        for action in actions:
            state = game.apply(state, action)
        found = compared(state)
    except Exception:  # the actions do not replay under it, or the model fails there
        return None
    if found is None:
        return ()
    return found.diffs or None
