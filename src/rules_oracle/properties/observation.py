"""Properties of observations (``Game.observe``), checkable on any game that has them.

* ``observation/deterministic``: an observation is a function of the state: observing a
  state twice, or a copy of it rebuilt from its canonical JSON, gives equal views with the
  same canonical text; the view is one of the game's ``observation_types`` and round-trips
  through its canonical JSON.
* ``observation/player-view``: a player's view is the public view plus his own secrets:
  its ``public`` part equals the public view and its ``viewer`` is the player, so two
  players' views differ only in their own secrets.
* ``observation/public-hides``: a *twin* of a state differs from it only in hidden
  information (deck contents, a hand's contents, a face-down card: each game builds them,
  ``properties/<game>_hidden.py``); the public views of the two are equal, and so are the
  views of every player whose own secrets the twin leaves alone.
* ``observation/own-secrets``: a player whose own secrets the twin changes sees the change.

:func:`run_observations` plays one seeded game and checks all four on its states.
"""

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from rules_oracle.model.core.canon import structure, to_json, unstructure
from rules_oracle.model.core.game import PUBLIC, TERMINAL, Config, Game, Viewer
from rules_oracle.model.core.play import choose
from rules_oracle.properties.base import Violation

DETERMINISTIC = "observation/deterministic"
PLAYER_VIEW = "observation/player-view"
PUBLIC_HIDES = "observation/public-hides"
OWN_SECRETS = "observation/own-secrets"
CHECKS = (DETERMINISTIC, PLAYER_VIEW, PUBLIC_HIDES, OWN_SECRETS)


@attrs.frozen(slots=True)
class Twin:
    """A state that differs from another only in hidden information.

    ``changed``: the seats whose own secrets differ between the two (ascending); ``what``
    says in words what was changed.
    """

    state: Any
    changed: tuple[int, ...]
    what: str


#: a game's twin builder: (state, rng) -> twins of the state (none when nothing is hidden)
TwinMaker = Callable[[Any, random.Random], list[Twin]]


def viewers(game: Game[Any, Any], state: Any) -> tuple[Viewer, ...]:
    """``"public"`` and every seat."""
    return (PUBLIC, *range(game.config_of(state).players))


def check_deterministic(game: Game[Any, Any], state: Any) -> list[Violation]:
    out: list[Violation] = []
    copy = structure(unstructure(state), type(state))
    for viewer in viewers(game, state):
        first = game.observe(state, viewer)
        again = game.observe(state, viewer)
        rebuilt = game.observe(copy, viewer)
        if not isinstance(first, tuple(game.observation_types)):
            out.append(Violation(DETERMINISTIC, f"viewer {viewer!r}: {type(first).__name__}"
                                 " is none of the game's observation types"))
            continue
        if not (first == again == rebuilt) or not (
                to_json(first) == to_json(again) == to_json(rebuilt)):
            out.append(Violation(DETERMINISTIC,
                                 f"viewer {viewer!r}: observing one state twice differs"))
        elif structure(unstructure(first), type(first)) != first:
            out.append(Violation(DETERMINISTIC,
                                 f"viewer {viewer!r}: the view does not round-trip its JSON"))
    return out


def check_player_views(game: Game[Any, Any], state: Any) -> list[Violation]:
    out: list[Violation] = []
    public = game.observe(state, PUBLIC)
    for seat in viewers(game, state)[1:]:
        view = game.observe(state, seat)
        if getattr(view, "public", None) != public:
            out.append(Violation(PLAYER_VIEW, f"player {seat}'s view does not hold the"
                                 " public view as its public part"))
        elif getattr(view, "viewer", None) != seat:
            out.append(Violation(PLAYER_VIEW, f"player {seat}'s view names viewer"
                                 f" {getattr(view, 'viewer', None)!r}"))
    return out


def _first_difference(a: Any, b: Any, path: str = "$") -> str:
    """The path of the first field where two canonical JSON values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path


def check_twin(game: Game[Any, Any], state: Any, twin: Twin) -> list[Violation]:
    out: list[Violation] = []
    for viewer in viewers(game, state):
        a = game.observe(state, viewer)
        b = game.observe(twin.state, viewer)
        if viewer == PUBLIC or viewer not in twin.changed:
            if a != b:
                where = _first_difference(unstructure(a), unstructure(b))
                who = "the public view" if viewer == PUBLIC else f"player {viewer}'s view"
                out.append(Violation(PUBLIC_HIDES, f"{who} shows hidden information:"
                                     f" {twin.what} changes it at {where}"))
        elif a == b:
            out.append(Violation(OWN_SECRETS, f"player {viewer} does not see his own"
                                 f" secret: {twin.what} leaves his view unchanged"))
    return out


@attrs.frozen(slots=True)
class ObservationRun:
    """One seeded game's observation checks: states and twins checked, what failed."""

    states: int
    twins: int
    violations: tuple[Violation, ...]


def _states(game: Game[Any, Any], config: Config, seed: int, policy: str) -> Iterator[Any]:
    rng = random.Random(seed)
    state = game.setup(config)
    yield state
    for _ in range(game.max_steps(config)):
        if game.actor(state) == TERMINAL:
            return
        state = game.apply(state, choose(game, state, rng, policy))
        yield state


def run_observations(game: Game[Any, Any], config: Config, seed: int, twins: TwinMaker,
                     *, every: int = 1, policy: str = "uniform",
                     limit: int | None = None) -> ObservationRun:
    """Check every ``every``-th state of one seeded game (the first ``limit`` of them):
    determinism and player views on each, and each twin ``twins`` builds of it."""
    rng = random.Random(f"twins/{seed}")
    found: list[Violation] = []
    states = built = 0
    for index, state in enumerate(_states(game, config, seed, policy)):
        if index % every:
            continue
        if limit is not None and states >= limit:
            break
        states += 1
        where = f"{game.name} {config.players}p seed {seed} step {index}"
        problems = check_deterministic(game, state) + check_player_views(game, state)
        for twin in twins(state, rng):
            built += 1
            problems += check_twin(game, state, twin)
        found += [Violation(v.invariant, f"{v.message} ({where})") for v in problems]
    return ObservationRun(states, built, tuple(found))


def shuffled(items: Sequence[int], rng: random.Random) -> list[int]:
    """A shuffled copy (twin builders pick what to change with it)."""
    out = list(items)
    rng.shuffle(out)
    return out
