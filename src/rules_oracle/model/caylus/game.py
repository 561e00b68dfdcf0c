"""Caylus 1303 (2-5 players): the reference model, a thin :class:`Game` over the chapters
(:mod:`~model.caylus.setup`, :mod:`~model.caylus.planning`, :mod:`~model.caylus.activation`,
:mod:`~model.caylus.favour`, :mod:`~model.caylus.delivery`,
:mod:`~model.caylus.stewardship`, :mod:`~model.caylus.end`, over the buildings'
:mod:`~model.caylus.building` and the characters' :mod:`~model.caylus.character`).

The game owns the phase order: a phase's module never begins another phase; it ends its
own by handing over, setting ``stage`` to the first stage of the phase that follows, and
:func:`onward` begins that phase (which may end at once and hand over in turn)."""

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType

from rules_oracle.model.caylus import (
    activation,
    delivery,
    end,
    favour,
    observation,
    planning,
    setup,
    stewardship,
)
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import CHANCE_TYPES, PLAYER_TYPES, Action, PlaceWorker
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.shown import effect_rules as shown_rules
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer

_CHANCE = frozenset({Stage.TILES, Stage.WOOD, Stage.STONE, Stage.FIRST, Stage.CHARACTERS})
_ACTIVATION = frozenset({Stage.ACTIVATION, Stage.BRIDGE, Stage.BAILIFF})
_PLANNING = frozenset({Stage.EARLY, Stage.PLANNING})

#: the phase of each stage: a step that leaves its phase has handed over to the next one
_PHASE = {**dict.fromkeys((*_CHANCE, Stage.DRAFT), "setup"),
          **dict.fromkeys(_PLANNING, "planning"), **dict.fromkeys(_ACTIVATION, "activation"),
          Stage.DELIVERY: "delivery", Stage.PRESTIGE: "stewardship", Stage.OVER: "end"}
#: the phase order: the stage a phase hands over with, and how the next phase begins
_BEGIN: Mapping[Stage, Callable[[CaylusState], CaylusState]] = MappingProxyType({
    Stage.PLANNING: planning.begin,      # after the draft and after each round
    Stage.ACTIVATION: activation.begin,  # after planning
    Stage.DELIVERY: delivery.begin,      # after activation
    Stage.PRESTIGE: stewardship.begin,   # after delivery
    Stage.OVER: end.final,               # after the last round's stewardship
})


def onward(before: Stage, state: CaylusState) -> CaylusState:
    """``state`` after a step taken at stage ``before``, with each phase handed over to
    begun (a phase may end at once and hand over in turn)."""
    while state.favour is None and _PHASE[state.stage] != _PHASE[before]:
        before = state.stage
        state = _BEGIN[before](state)
    return state


def proceed(state: CaylusState) -> CaylusState:
    """After a favour: the interrupted phase goes on to its next choice."""
    st = state.stage
    if st in _ACTIVATION:
        return activation.settle(state)
    if st is Stage.DELIVERY:
        return delivery.settle(state)
    assert st is Stage.PRESTIGE
    return stewardship.settle(state)


class Caylus(Game[CaylusState, Action]):
    name = "caylus"
    title = "Caylus 1303"
    min_players = 2
    max_players = 5
    rules = RULES
    state_type = CaylusState
    action_types = (*CHANCE_TYPES, *PLAYER_TYPES)
    observation_types = observation.OBSERVATION_TYPES
    extra_options: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType(
        {"characters": ("random", ("random", "first-game"))})

    def setup(self, config: Config) -> CaylusState:
        return setup.initial(config)

    def max_steps(self, config: Config) -> int:
        """A bound on every game's steps (the derivation is in docs/games/caylus.md)."""
        n = config.players
        chance = 9 + 2 + 2 + 1 + n + 3 + n
        favour = 3
        # planning: every placement spends a worker from the hand; a player holds at most 15
        planning = 1 + D.WORKERS * n + n
        # activation: each worker once (a favour at most each), the bridge (3 steps bought
        # and an end each), the bailiff
        activation = D.WORKERS * n * (1 + favour) + 4 * n + 1
        # delivery: bundles are paid with resources; at most 4 resources a worker a round
        # come in (the stone production with its owner's bonus, or a favour's), plus the
        # start and recruitment: bundles in all are bounded by the game's resources / 3
        resources = n * (sum(D.START_RESOURCES) + D.ROUNDS * (
            2 + 4 * D.WORKERS * (1 + 1) + 4))
        deliveries = resources // 3 + D.ROUNDS * ((n + 1) + favour)
        stewardship = D.ROUNDS * (8 * (1 + favour))
        return chance + D.ROUNDS * (planning + activation) + deliveries + stewardship

    def effect_rules(self, state: CaylusState, action: Action,
                     after: CaylusState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows
        (:mod:`model.caylus.shown`)."""
        return shown_rules(state, action, after)

    def observe(self, state: CaylusState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        return observation.observe(state, viewer)

    def actor(self, state: CaylusState) -> int:
        if state.favour is not None:
            return state.favour.seat
        st = state.stage
        if st in _CHANCE:
            return CHANCE
        if st is Stage.DRAFT or st in _PLANNING:
            return state.turn
        if st in _ACTIVATION:
            return activation.actor(state)
        if st is Stage.DELIVERY:
            return delivery.actor(state)
        if st is Stage.PRESTIGE:
            return stewardship.actor(state)
        return TERMINAL

    def chance_outcomes(self, state: CaylusState) -> tuple[tuple[Action, Fraction], ...]:
        if state.stage in _CHANCE and state.favour is None:
            return setup.outcomes(state)
        return ()

    def legal_actions(self, state: CaylusState) -> tuple[Action, ...]:
        if state.favour is not None:
            return favour.actions(state)
        st = state.stage
        if st is Stage.DRAFT:
            return setup.draft_actions(state)
        if st in _PLANNING:
            return planning.actions(state)
        if st in _ACTIVATION:
            return activation.actions(state)
        if st is Stage.DELIVERY:
            return delivery.actions(state)
        if st is Stage.PRESTIGE:
            return stewardship.actions(state)
        return ()

    def apply(self, state: CaylusState, action: Action) -> CaylusState:
        st = state.stage
        if st is Stage.OVER:
            raise RULES.illegal(RB.END_OVER, "the game is over")
        chance = st in _CHANCE
        if chance != isinstance(action, CHANCE_TYPES):
            raise RULES.illegal(RB.GAME_ACTOR, f"{type(action).__name__} is not a step of stage"
                                f" {st.value}")
        return onward(st, self._step(state, action))

    def _step(self, state: CaylusState, action: Action) -> CaylusState:
        """The step in the chapter of its stage (a favour's in :mod:`~model.caylus.favour`,
        then the interrupted phase's next choice)."""
        st = state.stage
        if st in _CHANCE:
            return setup.chance(state, action)
        if state.favour is not None:
            after = favour.step(state, action)
            return after if after.favour is not None else proceed(after)
        if st is Stage.DRAFT:
            return setup.draft(state, action)
        if st in _PLANNING:
            return planning.step(state, action)
        if st in _ACTIVATION:
            return activation.step(state, action)
        if st is Stage.DELIVERY:
            return delivery.step(state, action)
        return stewardship.step(state, action)

    def policy_weights(self, state: CaylusState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Placing, using, building and delivering before passing and declining; workers
        go to the lawyer and the gold buildings (residences and gold lead to the prestige
        buildings) more often."""
        return tuple(_EAGER_PLACE if isinstance(a, PlaceWorker) and state.road[a.space]
                     in _TOWARDS_PRESTIGE else _EAGER.get(type(a).__name__, 5)
                     for a in actions)

    def scores(self, state: CaylusState) -> tuple[int, ...]:
        return end.scores(state)

    def winners(self, state: CaylusState) -> tuple[int, ...]:
        return end.winners(state)


_EAGER = {"Build": 60, "BuildPrestige": 60, "Deliver": 30, "Claim": 20, "UseSite": 10,
          "StealCharacter": 3, "PlaceWorker": 10, "PlaceOnSite": 10, "Pass": 2, "Decline": 1,
          "Use": 10, "MoveProvost": 2}

_EAGER_PLACE = 60
_TOWARDS_PRESTIGE = frozenset({D.LAWYER, D.GOLD_MINE, D.FOUNDRY, D.ALCHEMIST})

GAME = Caylus()
