"""Hypothesis strategies for any game: configurations, reachable states, actions.

* :func:`configs` draws a player count and a reading for every variant option.
* :func:`states` draws a configuration, a seed and a number of steps and plays
  that many seeded legal steps (fewer if the game ends first).
* :func:`actions` draws schema-valid instances of ``game.action_types``: real
  actions harvested from seeded play, and arbitrary ones built field by field
  (small integers, strings from a vocabulary harvested from legal actions plus
  junk, enum members, tuples, frozensets, nested attrs classes).
"""

import random
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

import attrs
from hypothesis import strategies as st

from rules_oracle.model.core.canon import field_types
from rules_oracle.model.core.game import TERMINAL, Config, Game
from rules_oracle.model.core.play import choose
from rules_oracle.properties.generic import JUNK_STRINGS, leaves, strings_in


def configs(game: Game[Any, Any]) -> st.SearchStrategy[Config]:
    """Any valid configuration: a player count and a reading per option."""
    choices: dict[str, st.SearchStrategy[str]] = {}
    options = game.rules.options()
    for name in sorted(options):
        choices[name] = st.sampled_from([r.key for r in options[name].readings])
    for name in sorted(game.extra_options):
        choices[name] = st.sampled_from(list(game.extra_options[name][1]))
    players = st.integers(game.min_players, game.max_players)
    return st.builds(lambda n, v: game.config(n, v), players, st.fixed_dictionaries(choices))


def play(game: Game[Any, Any], config: Config, seed: int, steps: int) -> Any:
    """The state after ``steps`` seeded legal steps (or the end of the game)."""
    rng = random.Random(seed)
    state = game.setup(config)
    for _ in range(steps):
        if game.actor(state) == TERMINAL:
            break
        state = game.apply(state, choose(game, state, rng))
    return state


def states(game: Game[Any, Any], max_steps: int | None = None) -> st.SearchStrategy[Any]:
    """States reached by seeded legal play (up to ``max_steps``, default the game's bound)."""

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        config = draw(configs(game))
        bound = game.max_steps(config) if max_steps is None else max_steps
        seed = draw(st.integers(0, 2**32 - 1))
        steps = draw(st.integers(0, bound))
        return play(game, config, seed, steps)

    return build()


@attrs.frozen
class Harvest:
    """What seeded play shows of a game's actions."""

    actions: tuple[Any, ...]
    strings: tuple[str, ...]
    ints: tuple[int, ...]


def _ints_in(value: Any, into: set[int]) -> None:
    into.update(v for v in leaves(value) if isinstance(v, int) and not isinstance(v, bool))


@cache
def _harvest(game: Game[Any, Any], games: int) -> Harvest:
    seen: dict[Any, None] = {}
    strings: set[str] = set()
    ints: set[int] = set()
    for g in range(games):
        config = game.config(game.min_players + g % (game.max_players - game.min_players + 1))
        rng = random.Random(g)
        state = game.setup(config)
        for _ in range(game.max_steps(config)):
            if game.actor(state) == TERMINAL:
                break
            action = choose(game, state, rng)
            if len(seen) < 2000:
                seen.setdefault(action, None)
            state = game.apply(state, action)
    for a in seen:
        strings_in(a, strings)
        _ints_in(a, ints)
    return Harvest(tuple(seen), tuple(sorted(strings)), tuple(sorted(ints)))


def harvest(game: Game[Any, Any], games: int = 4) -> Harvest:
    """Distinct actions, strings and integers seen in a few seeded games (cached)."""
    return _harvest(game, games)


def _for_type(t: Any, h: Harvest, depth: int) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if t is bool:
        return st.booleans()
    if t is int:
        small = st.integers(-2, 12)
        return st.one_of(small, st.sampled_from(h.ints)) if h.ints else small
    if t is str:
        words = sorted({*h.strings, *JUNK_STRINGS})
        return st.one_of(st.sampled_from(words), st.text(max_size=6))
    if isinstance(t, type) and issubclass(t, Enum):
        return st.sampled_from(list(t))
    if origin is typing.Literal:
        return st.sampled_from(list(args))
    if origin is typing.Union or origin is types.UnionType:
        return st.one_of(*(_for_type(a, h, depth) for a in args))
    if t is type(None):
        return st.none()
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_for_type(args[0], h, depth + 1), max_size=4).map(tuple)
        return st.tuples(*(_for_type(a, h, depth + 1) for a in args))
    if origin in (frozenset, set):
        return st.frozensets(_for_type(args[0], h, depth + 1), max_size=4)
    if t is Config:
        return st.builds(Config, st.integers(1, 6), st.just(()))
    if isinstance(t, type) and attrs.has(t):
        return _for_class(t, h, depth + 1)
    raise TypeError(f"no strategy for field type {t!r}")


def _for_class(cl: type, h: Harvest, depth: int = 0) -> st.SearchStrategy[Any]:
    if depth > 4:
        return st.nothing()
    hints = field_types(cl)  # as declared, also for a compiled class
    fields = {f.alias: _for_type(hints[f.name], h, depth) for f in attrs.fields(cl) if f.init}
    return st.builds(cl, **fields)


def arbitrary_actions(game: Game[Any, Any]) -> st.SearchStrategy[Any]:
    """Schema-valid instances of the game's action classes, built field by field."""
    h = harvest(game)
    return st.one_of(*(_for_class(cl, h) for cl in game.action_types))


def actions(game: Game[Any, Any]) -> st.SearchStrategy[Any]:
    """Real actions seen in play, or arbitrary schema-valid ones (about half each)."""
    h = harvest(game)
    arbitrary = arbitrary_actions(game)
    if not h.actions:
        return arbitrary
    return st.one_of(st.sampled_from(h.actions), arbitrary)
