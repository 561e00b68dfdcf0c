"""The protocol every game model implements.

Shaped after OpenSpiel's Game/State API but immutable: a game object is a
stateless bundle of pure functions over frozen ``attrs`` states.

* ``setup(config)`` returns the state before any chance step: shuffles, first
  player and every other piece of set-up randomness come out as chance steps.
* ``actor(state)`` is a player index, :data:`CHANCE` or :data:`TERMINAL`.
  Simultaneous choices are sequential hidden commits.
* ``legal_actions(state)`` lists every legal action of the acting player in a
  canonical order; at a chance node ``chance_outcomes(state)`` lists outcomes
  with exact probabilities (a deck draw is one step over the remaining
  multiset, so any implementation's shuffle can be replayed by its draws).
* ``apply(state, action)`` returns a new state or raises
  :class:`~model.core.errors.IllegalAction` naming the rule broken.
* ``observe(state, viewer)`` is what a viewer may see under the rules: ``"public"``
  (what every player sees) or a player index (the public view plus that player's
  own hidden cards), as frozen ``attrs`` classes (``observation_types``).
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Generic, TypeVar

import attrs

from rules_oracle.model.core.errors import ConfigError
from rules_oracle.model.core.rules import RuleBook

#: ``actor`` of a state whose next step is a chance outcome.
CHANCE = -1
#: ``actor`` of a finished game.
TERMINAL = -2
#: the viewer of ``Game.observe`` who sees only what every player sees
PUBLIC = "public"
#: a viewer of ``Game.observe``: :data:`PUBLIC` or a player index
Viewer = int | str


def viewer_seat(viewer: Viewer, players: int) -> int:
    """The seat a viewer names, -1 for :data:`PUBLIC`; ``ValueError`` for anything else."""
    if viewer == PUBLIC:
        return -1
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise ValueError(f"a viewer is {PUBLIC!r} or a player index 0-{players - 1},"
                         f" not {viewer!r}")
    return viewer


@attrs.frozen(slots=True)
class Config:
    """Player count plus variant options (option name -> reading key).

    ``variant`` always holds every option of the game, sorted by name, so two
    configurations that play the same are equal and digest the same.
    """

    players: int
    variant: tuple[tuple[str, str], ...] = ()

    def option(self, name: str) -> str:
        """The value of variant option ``name`` (the first pair naming it); read from the
        configuration's options as a table, made once per configuration (a state carries
        its configuration, so a game's steps ask the same object)."""
        known = _OPTIONS.get(id(self))
        if known is None or known[0] is not self:
            if len(_OPTIONS) >= OPTION_TABLES:
                _OPTIONS.clear()
            known = _OPTIONS[id(self)] = (self, dict(reversed(self.variant)))
        value = known[1].get(name)
        if value is None:
            raise KeyError(f"no variant option {name!r} in this configuration")
        return value


#: per configuration (by identity, held so that its id names it): its options as a table;
#: past :data:`OPTION_TABLES` configurations the memory starts afresh
_OPTIONS: dict[int, tuple[Config, dict[str, str]]] = {}
OPTION_TABLES = 256


S = TypeVar("S")
A = TypeVar("A")


class Game(ABC, Generic[S, A]):
    """A game model. Subclasses set the class attributes and the abstract methods."""

    #: registry name, e.g. ``"crafts"``
    name: str
    #: human title
    title: str
    min_players: int
    max_players: int
    rules: RuleBook
    #: the state class (for the converter)
    state_type: type[Any]
    #: every action class, player and chance alike (for the converter)
    action_types: tuple[type[Any], ...]
    #: extra variant options that are not ambiguity readings: name -> (default, allowed)
    extra_options: Mapping[str, tuple[str, tuple[str, ...]]] = {}
    #: options whose readings play differently only together with other options:
    #: option -> the other options' values it needs (variant configurations and witness
    #: searches set them along with the option)
    option_needs: Mapping[str, Mapping[str, str]] = {}
    #: the classes ``observe`` returns (public view first); () when the game has none
    observation_types: tuple[type[Any], ...] = ()

    # -- configuration ------------------------------------------------------
    def config(self, players: int, variant: Mapping[str, str] | None = None) -> Config:
        """A validated configuration with every option filled with its default."""
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.name} takes {self.min_players} to {self.max_players} players,"
                f" not {players}"
            )
        chosen = dict(variant or {})
        full: dict[str, str] = {}
        for option, amb in self.rules.options().items():
            value = chosen.pop(option, amb.default)
            if value not in {r.key for r in amb.readings}:
                raise ConfigError(
                    f"variant {option}={value!r}: readings are "
                    + ", ".join(r.key for r in amb.readings)
                )
            full[option] = value
        for option, (default, allowed) in self.extra_options.items():
            value = chosen.pop(option, default)
            if value not in allowed:
                raise ConfigError(f"variant {option}={value!r}: allowed are {', '.join(allowed)}")
            full[option] = value
        if chosen:
            raise ConfigError(f"unknown variant option(s): {', '.join(sorted(chosen))};"
                              f" {self.name} has {self.describe_options()}")
        return Config(players, tuple(sorted(full.items())))

    def describe_options(self) -> str:
        """Every variant option with its readings, the default first: for error messages."""
        found: list[tuple[str, str, tuple[str, ...]]] = [
            (option, amb.default, tuple(r.key for r in amb.readings))
            for option, amb in self.rules.options().items()]
        found += [(option, default, allowed)
                  for option, (default, allowed) in self.extra_options.items()]
        if not found:
            return "no variant options"
        parts = []
        for option, default, readings in sorted(found):
            others = [r for r in readings if r != default]
            parts.append(f"{option}={'|'.join([default, *others])}")
        return "options " + ", ".join(parts) + " (default first)"

    # -- the protocol ---------------------------------------------------------
    @abstractmethod
    def setup(self, config: Config) -> S: ...

    @abstractmethod
    def actor(self, state: S) -> int: ...

    @abstractmethod
    def legal_actions(self, state: S) -> tuple[A, ...]: ...

    @abstractmethod
    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]: ...

    @abstractmethod
    def apply(self, state: S, action: A) -> S: ...

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def winners(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def max_steps(self, config: Config) -> int:
        """An upper bound on the steps (chance included) of any game."""

    def effect_rules(self, state: S, action: A, after: S) -> tuple[str, ...]:
        """The rule ids whose effect the legal step ``state --action--> after`` shows
        (the card applied, the scoring done, the pile rebuilt); conformance vectors
        name them. Default: none (the vectors still name the rules a Z3 encoding's
        guard checks and every rule a rejection names)."""
        return ()

    def setup_rules(self) -> tuple[str, ...]:
        """The rule ids the set-up applies (components, board, first player): the rules at
        stake when the state after set-up differs. Default: none."""
        return ()

    def end_rules(self) -> tuple[str, ...]:
        """The rule ids that decide whether the game is over (victory, turn limit): the
        rules at stake when one side says the game ended and the other does not.
        Default: none."""
        return ()

    def field_rules(self, path: str) -> tuple[str, ...]:
        """The rule ids that decide the value of a field of the state or observation (its
        JSON path, ``$.seats[2].road_length``) whatever step wrote it: a value the model
        recomputes from the board or the hands (a road's length, a card's holder), so that
        a field that differs after a step names them even where the step's own effect
        rules do not (the model's value did not change). Default: none."""
        return ()

    def policy_weights(self, state: S, actions: tuple[A, ...]) -> tuple[int, ...] | None:
        """Weights of ``actions`` for the ``eager`` play policy (``None``: uniform).

        Fuzzers and verification runs use it to reach deep play (long chains,
        rare effects) that uniform random choices seldom reach. It changes
        which games are sampled, never which actions are legal.
        """
        return None

    def observe(self, state: S, viewer: Viewer) -> Any:
        """What ``viewer`` may see of ``state`` under the rules.

        ``viewer`` is :data:`PUBLIC` (what every player sees: scores, board, discard
        piles, hand and deck *sizes*) or a player index (the public view plus that
        player's own hidden cards). The result is a frozen ``attrs`` instance of one of
        ``observation_types``, a function of the state alone; a player's view has the
        fields ``viewer`` (the seat) and ``public`` (the public view) beside his secrets.
        Its canonical JSON comes from :mod:`model.core.canon`.
        """
        raise NotImplementedError(f"{self.name} defines no observation")

    def is_terminal(self, state: S) -> bool:
        return self.actor(state) == TERMINAL

    def config_of(self, state: S) -> Config:
        """The configuration a state was set up with (states carry it as ``config``)."""
        config = getattr(state, "config", None)
        if not isinstance(config, Config):
            raise TypeError(f"{type(state).__name__} carries no config")
        return config
