"""The Catan quick card game (2-6 players): the reference model, a thin :class:`Game` over
the chapters (:mod:`~model.catan_cards.setup`, :mod:`~model.catan_cards.turn`,
:mod:`~model.catan_cards.trade`, :mod:`~model.catan_cards.development` with
:mod:`~model.catan_cards.take` and :mod:`~model.catan_cards.event`,
:mod:`~model.catan_cards.production`, :mod:`~model.catan_cards.score`). The game deals the
cards a step leaves owed (production's, a market day's) and ends the game."""

from fractions import Fraction
from typing import Final

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import (
    development,
    event,
    observation,
    production,
    score,
    setup,
    trade,
    turn,
)
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    CHANCE_TYPES,
    PLAYER_TYPES,
    Action,
    Draw,
    EndDevelopment,
    Reveal,
    Take,
    TurnFate,
)
from rules_oracle.model.catan_cards.rules import RULES
from rules_oracle.model.catan_cards.shown import effect_rules as shown_rules
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer
from rules_oracle.model.core.cite import implements


class S:
    """The stages, as plain class attributes: a member read off the enum class itself goes
    through ``EnumType.__getattr__``'s hook (Python 3.11), and a step reads some ten
    stages on its way (``actor``, ``legal_actions``, ``_step``)."""

    DRAW: Final = Stage.DRAW
    TRADE: Final = Stage.TRADE
    CHOOSE: Final = Stage.CHOOSE
    RIVAL_DRAW: Final = Stage.RIVAL_DRAW
    GIVE_BACK: Final = Stage.GIVE_BACK
    GUILD_DRAW: Final = Stage.GUILD_DRAW
    DEVELOP: Final = Stage.DEVELOP
    FATE: Final = Stage.FATE
    EVENT: Final = Stage.EVENT
    DISCARD: Final = Stage.DISCARD
    OVER: Final = Stage.OVER


class CatanCards(Game[CardsState, Action]):
    name = "catan_cards"
    title = "Catan: the quick card game"
    min_players = 2
    max_players = 6
    rules = RULES
    state_type = CardsState
    action_types = (*CHANCE_TYPES, *PLAYER_TYPES)
    observation_types = observation.OBSERVATION_TYPES

    def setup(self, config: Config) -> CardsState:
        return setup.initial(config)

    def max_steps(self, config: Config) -> int:
        """A bound on every game's steps; the derivation is in docs/games/catan_cards.md."""
        n = config.players
        resources = sum(setup.components(config)[0])
        deal = D.MARKET + D.HAND * n
        roads, knights = setup.components(config)[1:3]
        # a trade phase: per exchange at most 4 steps (exchange, the library's choice,
        # draw, give back), the guild's 2, the end; the allowance is at most the A-side
        # roads a pile can hold
        trade_steps = 4 * max(1, (roads + 1) // 2) + 2 + 1
        # development: 5 builds, each with a fate choice or an event and a raid's discards
        # (every card at most once) or a market day's n draws; conversions shrink the hand
        develop = 5 * 2 + 1 + resources + n + resources // 2 + 1
        produce = D.PRODUCTION + (knights + 1) // 2
        return deal + D.TURN_LIMIT * (trade_steps + develop + produce)

    def effect_rules(self, state: CardsState, action: Action,
                     after: CardsState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows
        (:mod:`model.catan_cards.shown`)."""
        return shown_rules(state, action, after)

    def observe(self, state: CardsState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        """What ``viewer`` may see (``model.catan_cards.observation``)."""
        return observation.observe(state, viewer)

    def actor(self, state: CardsState) -> int:
        """Whose step it is; asked of the same state three times a step (by the player, the
        chooser and ``apply``), so the last state's answer is kept with it."""
        global _ACTOR_LAST
        last = _ACTOR_LAST
        if last[0] is state:
            return last[1]
        who = self._actor(state)
        _ACTOR_LAST = (state, who)
        return who

    def _actor(self, state: CardsState) -> int:
        st = state.stage
        if st is S.TRADE or st is S.DEVELOP or st is S.GIVE_BACK \
                or st is S.FATE or st is S.CHOOSE:
            return state.turn
        if st is S.DISCARD:
            return event.discarder(state)
        if st is S.OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, state: CardsState) -> tuple[tuple[Action, Fraction], ...]:
        st = state.stage
        if st is S.DRAW:
            return turn.draw_outcomes_of(state)
        if st is S.RIVAL_DRAW or st is S.GUILD_DRAW:
            return trade.take_outcomes(state)
        if st is S.EVENT:
            return development.event_outcomes(state)
        return ()

    def legal_actions(self, state: CardsState) -> tuple[Action, ...]:
        st = state.stage
        if st is S.TRADE:
            return trade.actions(state)
        if st is S.DEVELOP:
            return development.actions(state)
        if st is S.GIVE_BACK:
            return trade.give_back_actions(state)
        if st is S.CHOOSE:
            return trade.choose_actions(state)
        if st is S.FATE:
            return _FATE_CHOICES
        if st is S.DISCARD:
            return event.discard_actions(state)
        return ()

    def apply(self, state: CardsState, action: Action) -> CardsState:
        if state.stage is S.OVER:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        # an empty stack takes the discard pile whenever cards reach it (turn.restock)
        return _finish(turn.restock(self._step(state, action)))

    def _step(self, state: CardsState, action: Action) -> CardsState:
        st = state.stage
        chance = isinstance(action, CHANCE_TYPES)
        if self.actor(state) == CHANCE:
            if st is S.DRAW and isinstance(action, Draw):
                turn.check_outcome(action.resource, state.stack)
                return turn.draw(state, action)
            if (st is S.RIVAL_DRAW or st is S.GUILD_DRAW) and isinstance(action, Take):
                turn.check_outcome(action.resource, state.players[state.rival].hand)
                return trade.take(state, action)
            if st is S.EVENT and isinstance(action, Reveal):
                turn.check_outcome(action.event, state.unseen_events)
                return _deal(development.reveal(state, action))  # a market day's cards
            raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not the chance step"
                                f" of stage {st.value}")
        if chance:
            raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is a chance outcome, and"
                                " a player acts now")
        if st is S.TRADE:
            return _deal(trade.step(state, action))  # the stack's card of an exchange
        if st is S.DEVELOP:
            if isinstance(action, EndDevelopment):  # production follows
                return _deal(production.produce(state))
            return development.step(state, action)
        if st is S.GIVE_BACK:
            return trade.give_back(state, action)
        if st is S.CHOOSE:
            return trade.choose(state, action)
        if st is S.FATE:
            return development.fate_choice(state, action)
        return event.discard(state, action)

    def policy_weights(self, state: CardsState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Building first (buildings, cities, settlements, knights, roads), then trading;
        conversions and ending a phase less often."""
        return tuple(_EAGER.get(type(a).__name__, 1) for a in actions)

    def scores(self, state: CardsState) -> tuple[int, ...]:
        return score.scores(state)

    def winners(self, state: CardsState) -> tuple[int, ...]:
        if state.stage is not S.OVER or state.winner < 0:
            return ()
        return (state.winner,)


def _deal(state: CardsState) -> CardsState:
    """The cards a chapter's step left owed (``drawing``: an exchange with the stack,
    production, a market day) dealt from the stack, one chance step each."""
    return turn.settle(state) if state.drawing else state


@implements(RB.GAME_END)
def _finish(state: CardsState) -> CardsState:
    """Under catan_cards/end=at-once: the game ends as soon as the player on turn has 10
    points (points come only on one's own turn; under end-of-turn, ``turn.end_turn``)."""
    if state.turns and state.stage is not S.OVER \
            and state.players[state.turn].vp >= D.VICTORY \
            and state.config.option("end") == "at-once":
        return score.over(state, state.turn)
    return state


#: the last state asked whose step it is, and the answer
_ACTOR_LAST: tuple[CardsState | None, int] = (None, TERMINAL)
_FATE_CHOICES: tuple[Action, ...] = (TurnFate(False), TurnFate(True))

_EAGER = {
    "BuildBuilding": 400, "BuildCity": 400, "FoundSettlement": 300, "HireKnight": 150,
    "BuildRoad": 150, "TradeMarket": 6, "TradeStack": 6, "TradeRival": 8,
    "ChooseFromRival": 8, "GuildTake": 20, "EndTrade": 6, "Convert": 4, "EndDevelopment": 10,
}

GAME = CatanCards()
