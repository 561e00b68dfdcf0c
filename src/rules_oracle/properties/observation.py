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
* ``observation/indistinguishable``: a player who cannot tell a state from its twin (his view
  of both is equal) has, when he is to act, the same legal actions in both, and the same
  action taken in both leaves equal public views. Where a rule makes this false on purpose,
  the game names the exception as data (``EXEMPT`` in ``properties/<game>_hidden.py``: the
  action type, the reason, the rule or reading).

:func:`run_observations` plays one seeded game and checks all five on its states.
"""

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from rules_oracle.model.core.canon import structure, to_json, unstructure
from rules_oracle.model.core.game import PUBLIC, TERMINAL, Config, Game, Viewer
from rules_oracle.model.core.play import choose
from rules_oracle.properties.base import Violation
from rules_oracle.properties.generic import plain_bytes, snapshot

DETERMINISTIC = "observation/deterministic"
PLAYER_VIEW = "observation/player-view"
PUBLIC_HIDES = "observation/public-hides"
OWN_SECRETS = "observation/own-secrets"
INDISTINGUISHABLE = "observation/indistinguishable"
CHECKS = (DETERMINISTIC, PLAYER_VIEW, PUBLIC_HIDES, OWN_SECRETS, INDISTINGUISHABLE)
#: how many of the common legal actions are applied to a state and its twin
ACTIONS_CHECKED = 6


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


@attrs.frozen(slots=True)
class Exemption:
    """An action type that a rule lets depend on what its actor cannot see (an exception to
    ``observation/indistinguishable``): its public outcome may differ between a state and a
    twin its actor cannot tell apart, and with ``legal`` its legality too; with ``at_end``
    only on the step that ends the game. ``action`` is the type's name, ``"*"`` any type;
    ``reason`` says why, ``source`` names the rule or reading."""

    action: str
    reason: str
    source: str
    legal: bool = False
    at_end: bool = False
    #: the states it holds in (a card in play, a stage), None for every state
    during: Callable[[Any], bool] | None = None

    def covers(self, action: Any, state: Any = None) -> bool:
        return self.action in ("*", type(action).__name__) and (
            self.during is None or self.during(state))


def viewers(game: Game[Any, Any], state: Any) -> tuple[Viewer, ...]:
    """``"public"`` and every seat."""
    return (PUBLIC, *range(game.config_of(state).players))


class Seen:
    """One state's views, one per viewer, its legal actions and the public views after its
    steps: computed once and shared by the checks of the state and of each of its twins
    (a view is a function of the state: :func:`check_deterministic` observes it again)."""

    def __init__(self, game: Game[Any, Any], state: Any) -> None:
        self.game = game
        self.state = state
        #: viewer -> the state's view
        self.views: dict[Viewer, Any] = {v: game.observe(state, v)
                                         for v in viewers(game, state)}
        self._legal: tuple[Any, ...] | None = None
        #: action -> the state after it
        self._after: dict[Any, Any] = {}
        #: action -> the public view of the state after it
        self._public: dict[Any, Any] = {}

    def view(self, viewer: Viewer) -> Any:
        return self.views[viewer]

    def legal(self) -> tuple[Any, ...]:
        if self._legal is None:
            self._legal = self.game.legal_actions(self.state)
        return self._legal

    def after(self, action: Any) -> Any:
        """The state ``action`` leads to."""
        if action not in self._after:
            self._after[action] = self.game.apply(self.state, action)
        return self._after[action]

    def public_after(self, action: Any) -> Any:
        """The public view of the state ``action`` leads to."""
        if action not in self._public:
            self._public[action] = self.game.observe(self.after(action), PUBLIC)
        return self._public[action]


def _seen(game: Game[Any, Any], state: Any, seen: "Seen | None") -> Seen:
    return Seen(game, state) if seen is None else seen


def check_deterministic(game: Game[Any, Any], state: Any,
                        seen: Seen | None = None) -> list[Violation]:
    """Observing ``state`` again, or its copy rebuilt from JSON, gives equal views whose
    plain data are equal byte for byte (:func:`~properties.generic.plain_bytes`: so their
    canonical texts are equal), each one of the game's observation types and round-tripping
    its JSON (``seen``: the state's views where the caller has them)."""
    out: list[Violation] = []
    views = _seen(game, state, seen).views
    copy = structure(unstructure(state), type(state))
    for viewer in viewers(game, state):
        first = views[viewer]
        again = game.observe(state, viewer)
        rebuilt = game.observe(copy, viewer)
        if not isinstance(first, tuple(game.observation_types)):
            out.append(Violation(DETERMINISTIC, f"viewer {viewer!r}: {type(first).__name__}"
                                 " is none of the game's observation types"))
            continue
        raw = unstructure(first)
        if not (first == again == rebuilt) or not (
                plain_bytes(raw) == snapshot(again) == snapshot(rebuilt)):
            out.append(Violation(DETERMINISTIC,
                                 f"viewer {viewer!r}: observing one state twice differs"))
        elif structure(raw, type(first)) != first:
            out.append(Violation(DETERMINISTIC,
                                 f"viewer {viewer!r}: the view does not round-trip its JSON"))
    return out


def check_player_views(game: Game[Any, Any], state: Any,
                       seen: Seen | None = None) -> list[Violation]:
    out: list[Violation] = []
    views = _seen(game, state, seen).views
    public = views[PUBLIC]
    for seat in viewers(game, state)[1:]:
        view = views[seat]
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


def check_twin(game: Game[Any, Any], state: Any, twin: Twin, seen: Seen | None = None,
               twin_seen: Seen | None = None) -> list[Violation]:
    """The twin's public view and the views of the players whose secrets it leaves alone
    are the state's; the others' differ (``seen``, ``twin_seen``: the state's and the
    twin's views where the caller has them)."""
    out: list[Violation] = []
    mine = _seen(game, state, seen).views
    theirs = _seen(game, twin.state, twin_seen).views
    for viewer in viewers(game, state):
        a = mine[viewer]
        b = theirs[viewer]
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


def _names(actions: Sequence[Any]) -> str:
    return ", ".join(sorted(to_json(a) for a in actions)[:3])


def check_indistinguishable(game: Game[Any, Any], state: Any, twin: Twin,
                            exempt: Sequence[Exemption] = (), *,
                            rng: random.Random | None = None,
                            actions: int = ACTIONS_CHECKED, seen: Seen | None = None,
                            twin_seen: Seen | None = None) -> list[Violation]:
    """The player to act, when his view of ``state`` and of the twin is equal, has the same
    legal actions in both, and ``actions`` of them (drawn with ``rng``, all when None)
    taken in both leave equal public views; action types in ``exempt`` are left out
    (``seen``, ``twin_seen``: the state's and the twin's views, legal actions and steps
    where the caller has them: a state's are shared by its twins' checks)."""
    seat = game.actor(state)
    if seat < 0 or game.actor(twin.state) != seat:
        return []  # chance or the end
    here, there = _seen(game, state, seen), _seen(game, twin.state, twin_seen)
    if here.view(seat) != there.view(seat):
        return []  # a player who sees the difference (check_twin)
    free = [e for e in exempt if e.legal]
    mine = [a for a in here.legal() if not any(e.covers(a, state) for e in free)]
    theirs = [a for a in there.legal() if not any(e.covers(a, twin.state) for e in free)]
    if mine != theirs:
        only = [a for a in mine if a not in theirs]
        other = [a for a in theirs if a not in mine]
        return [Violation(INDISTINGUISHABLE, f"player {seat} cannot tell the states apart"
                          f" ({twin.what}) but his legal actions differ: only in the state"
                          f" [{_names(only)}], only in the twin [{_names(other)}]")]
    chosen = mine if rng is None or len(mine) <= actions else rng.sample(mine, actions)
    out: list[Violation] = []
    for action in chosen:
        after, twin_after = here.after(action), there.after(action)
        ends = TERMINAL in (game.actor(after), game.actor(twin_after))
        if any(e.covers(action, state) and (ends or not e.at_end) for e in exempt):
            continue
        a, b = here.public_after(action), there.public_after(action)
        if a != b:
            where = _first_difference(unstructure(a), unstructure(b))
            out.append(Violation(INDISTINGUISHABLE, f"player {seat}'s {to_json(action)}"
                                 f" shows hidden information ({twin.what}): the public views"
                                 f" after it differ at {where}"))
    return out


def exemptions(game: Game[Any, Any]) -> tuple[Exemption, ...]:
    """The game's named exceptions to ``observation/indistinguishable`` (``EXEMPT`` in
    ``properties/<game>_hidden.py``; none when it has no such module or list)."""
    from rules_oracle.properties.registry import hidden_exemptions

    try:
        return hidden_exemptions(game.name)
    except ModuleNotFoundError:
        return ()


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
                     limit: int | None = None,
                     exempt: Sequence[Exemption] | None = None) -> ObservationRun:
    """Check every ``every``-th state of one seeded game (the first ``limit`` of them):
    determinism and player views on each, and each twin ``twins`` builds of it (the
    exceptions to ``observation/indistinguishable``: ``exempt``, by default the game's)."""
    rng = random.Random(f"twins/{seed}")
    pick = random.Random(f"actions/{seed}")
    excused = exemptions(game) if exempt is None else tuple(exempt)
    found: list[Violation] = []
    states = built = 0
    for index, state in enumerate(_states(game, config, seed, policy)):
        if index % every:
            continue
        if limit is not None and states >= limit:
            break
        states += 1
        where = f"{game.name} {config.players}p seed {seed} step {index}"
        # the state's views, legal actions and steps, computed once for all its checks
        seen = Seen(game, state)
        problems = check_deterministic(game, state, seen) + check_player_views(game, state,
                                                                               seen)
        for twin in twins(state, rng):
            built += 1
            other = Seen(game, twin.state)
            problems += check_twin(game, state, twin, seen, other)
            problems += check_indistinguishable(game, state, twin, excused, rng=pick,
                                                seen=seen, twin_seen=other)
        found += [Violation(v.invariant, f"{v.message} ({where})") for v in problems]
    return ObservationRun(states, built, tuple(found))


def shuffled(items: Sequence[int], rng: random.Random) -> list[int]:
    """A shuffled copy (twin builders pick what to change with it)."""
    out = list(items)
    rng.shuffle(out)
    return out
