"""Cities & Knights (3-4 players) on base Catan: the reference model, a thin :class:`Game`
over the text's chapters (``setup``, ``dice``, ``production``, ``barbarians``, ``knight``,
``robber``, ``wall``, ``improvement``, ``metropolis``, ``progress``, ``victory``) and base
Catan's (``build``, ``trade``, ``turn``), each a module of :mod:`model.cities_knights`; it
owns the order of a roll's steps (the event die's ship or gate, then production). No chapter
imports another: what a chapter calls of another it is handed as :data:`LINKS`
(``common.Links``)."""

from fractions import Fraction
from operator import attrgetter
from typing import Any, Final

import attrs

from rules_oracle.model.catan.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Dice,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferCard,
    RollDice,
    Steal,
)
from rules_oracle.model.catan.ops import evolve, in_range
from rules_oracle.model.cities_knights import (
    barbarians,
    build,
    dice,
    improvement,
    knight,
    metropolis,
    observation,
    production,
    progress,
    robber,
    setup,
    trade,
    turn,
    victory,
    wall,
)
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    CHANCE_TYPES,
    PLAYER_TYPES,
    Action,
    ActivateKnight,
    BuildKnight,
    BuildWall,
    ChaseRobber,
    ChooseCard,
    ChooseDeck,
    ChooseNode,
    DiscardProgress,
    DrawProgress,
    EventDie,
    HarborExchange,
    Improve,
    MoveKnight,
    PlayProgress,
    PromoteKnight,
    ReduceCity,
    Stop,
)
from rules_oracle.model.cities_knights.common import Links, can_pay, pay
from rules_oracle.model.cities_knights.rules import RULES
from rules_oracle.model.cities_knights.shown import effect_rules as shown_rules
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer


class S:
    """The stages, as plain class attributes: a member read off the enum class itself goes
    through ``EnumType.__getattr__``'s hook (Python 3.11), some 0.1 us a read, and a step
    of this model reads some thirty stages on its way (``_actor``, ``legal_actions``,
    ``_step``)."""

    BOARD: Final = Stage.BOARD
    SETUP: Final = Stage.SETUP
    PRE_ROLL: Final = Stage.PRE_ROLL
    DICE: Final = Stage.DICE
    EVENT: Final = Stage.EVENT
    DRAWS: Final = Stage.DRAWS
    PROGRESS_DISCARD: Final = Stage.PROGRESS_DISCARD
    REDUCE: Final = Stage.REDUCE
    DISCARD: Final = Stage.DISCARD
    ROBBER: Final = Stage.ROBBER
    STEAL: Final = Stage.STEAL
    AQUEDUCT: Final = Stage.AQUEDUCT
    MAIN: Final = Stage.MAIN
    CARD: Final = Stage.CARD
    KNIGHT: Final = Stage.KNIGHT
    DISPLACED: Final = Stage.DISPLACED
    METROPOLIS: Final = Stage.METROPOLIS
    TRADE: Final = Stage.TRADE
    END: Final = Stage.END
    OVER: Final = Stage.OVER


_CHANCE_STAGES = (S.BOARD, S.DICE, S.EVENT, S.STEAL)
#: the steps of one turn at most: see docs/games/cities_knights.md
PER_TURN = 2500
#: the variable board's chance steps: a terrain hex each, then the spiral's corner
BOARD_STEPS = 19 + 1


class CitiesKnights(Game[CKState, Action]):
    name = "cities_knights"
    title = "Catan: Cities & Knights"
    min_players = 3
    max_players = 4
    rules = RULES
    state_type = CKState
    action_types = (*CHANCE_TYPES, *PLAYER_TYPES)
    observation_types = observation.OBSERVATION_TYPES

    def setup(self, config: Config) -> CKState:
        return setup.initial(config)

    def max_steps(self, config: Config) -> int:
        """The board's steps (19 terrain hexes and the tokens' one), set-up placements,
        then at most ``PER_TURN`` steps in each of ``TURN_LIMIT`` turns (derivation in
        docs/games/cities_knights.md)."""
        return BOARD_STEPS + 4 * config.players + D.TURN_LIMIT * PER_TURN

    def effect_rules(self, state: CKState, action: Action,
                     after: CKState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows
        (:mod:`model.cities_knights.shown`)."""
        return shown_rules(state, action, after)

    def observe(self, state: CKState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        return observation.observe(state, viewer)

    # -- whose step --------------------------------------------------------------------------
    def actor(self, state: CKState) -> int:
        """Whose step it is; asked of the same state up to three times a step (by the
        player, the chooser and ``apply``), so the last state's answer is kept with it."""
        global _ACTOR_LAST
        last = _ACTOR_LAST
        if last[0] is state:
            return last[1]
        who = self._actor(state)
        _ACTOR_LAST = (state, who)
        return who

    def _actor(self, state: CKState) -> int:
        st = state.stage
        if st is S.TRADE:  # two steps in three of random play
            return trade.trade_actor(state)
        if st is S.OVER:
            return TERMINAL
        if st in _CHANCE_STAGES:
            return CHANCE
        if st is S.DRAWS:
            return state.draws[0][0] if progress.draws_actor_chooses(state) else CHANCE
        if st is S.PROGRESS_DISCARD:
            return progress.progress_discarder(state)
        if st is S.REDUCE or st is S.AQUEDUCT:
            return state.queue[0]
        if st is S.DISCARD:
            return robber.discarder(state)
        if st is S.CARD:
            return progress.card_actor(state)
        if st is S.DISPLACED:
            return state.displaced[0]
        return state.turn

    def chance_outcomes(self, state: CKState) -> tuple[tuple[Action, Fraction], ...]:
        st = state.stage
        if st is S.DICE:
            return dice.DICE_OUTCOMES
        if st is S.BOARD:
            return setup.board_outcomes(state)
        if st is S.EVENT:
            return dice.EVENT_OUTCOMES
        if st is S.DRAWS and not progress.draws_actor_chooses(state):
            return progress.draw_outcomes_of(state)
        if st is S.STEAL:
            return robber.steal_outcomes(state)
        return ()

    def legal_actions(self, state: CKState) -> tuple[Action, ...]:
        st = state.stage
        if st is S.TRADE:
            return trade.trade_actions(state)
        if st is S.MAIN:
            return self._main_actions(state)
        if st is S.PRE_ROLL:
            return (_ROLL, *progress.play_actions(state, LINKS), *_early_chases(state))
        if st is S.CARD:
            return progress.card_actions(state, LINKS)
        if st is S.DISCARD:
            return robber.discard_actions(state)
        if st is S.ROBBER:
            return robber.robber_actions(state)
        if st is S.DRAWS:
            return progress.deck_choices(state) if progress.draws_actor_chooses(state) else ()
        if st is S.PROGRESS_DISCARD:
            return progress.progress_discard_actions(state, progress.progress_discarder(state))
        if st is S.END:
            return progress.progress_discard_actions(state, state.turn)
        if st is S.REDUCE:
            return barbarians.reduce_actions(state, LINKS)
        if st is S.AQUEDUCT:
            return improvement.aqueduct_actions(state)
        if st is S.KNIGHT:
            return tuple(ChooseNode(n) for n in knight.knight_targets(state, state.knight_node))
        if st is S.DISPLACED:
            return knight.displaced_actions(state)
        if st is S.METROPOLIS:
            return metropolis.metropolis_actions(state)
        if st is S.SETUP:
            return setup.setup_actions(state)
        return ()

    def _main_actions(self, state: CKState) -> tuple[Action, ...]:
        """The main stage's steps: building, knights, improvements, progress cards and
        maritime trade, then an offer's opening card and the end of the turn. All but the
        last two read no offer count, and a withdrawn offer leaves the state as it was but
        for its count, so they are taken from the last main stage's when the state is equal
        to that one's but for its offers (the very parts, or equal ones)."""
        global _MAIN_LAST
        key = _main_key(state)
        last = _MAIN_LAST
        if last is not None and last[0] == key:
            building = last[1]
        else:
            building = self._building_actions(state)
            _MAIN_LAST = (key, building)
        return (*building, *trade.open_actions(state), _END_TURN)

    def _building_actions(self, state: CKState) -> tuple[Action, ...]:
        p = state.turn
        out: list[Action] = []
        if can_pay(state, p, D.ROAD_COST):
            out.extend(BuildRoad(e) for e in build.road_spots(state, p))
        if can_pay(state, p, D.SETTLEMENT_COST):
            out.extend(BuildSettlement(n) for n in build.settlement_spots(state, p))
        if can_pay(state, p, D.CITY_COST):
            out.extend(BuildCity(n) for n in build.city_spots(state, p))
        if can_pay(state, p, D.WALL_COST):
            out.extend(BuildWall(n) for n in wall.wall_spots(state, p))
        if can_pay(state, p, D.KNIGHT_COST):
            out.extend(BuildKnight(n) for n in knight.knight_build_spots(state, p))
            out.extend(PromoteKnight(n) for n in knight.own_knights(state, p)
                       if knight.promote_rule(state, p, n) is None)
        if can_pay(state, p, D.ACTIVATE_COST):
            out.extend(ActivateKnight(n) for n in knight.activatable(state, p))
        out.extend(MoveKnight(n) for n in knight.movable(state, p))
        out.extend(ChaseRobber(n) for n in knight.chasers(state, p))
        out.extend(Improve(k) for k in range(3)
                   if improvement.improve_rule(state, p, k, LINKS) is None)
        out.extend(progress.play_actions(state, LINKS))
        out.extend(progress.harbor_actions(state))
        out.extend(trade.maritime_actions(state, LINKS))
        return tuple(out)

    # -- apply -------------------------------------------------------------------------------
    def apply(self, state: CKState, action: Action) -> CKState:
        if state.stage is S.OVER:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        return victory.finish(victory.refresh(_before_roll(self._step(state, action))))

    def _step(self, state: CKState, action: Action) -> CKState:
        st = state.stage
        chance = self.actor(state) == CHANCE
        if chance != isinstance(action, CHANCE_TYPES):
            raise turn.not_a_step(f"{type(action).__name__} is not a step of stage {st.value}")
        # the stages are exclusive: the two of most steps first
        if st is S.TRADE:
            return trade.trade_step(state, action)
        if st is S.MAIN:
            return self._main(state, action)
        if st is S.BOARD:
            return setup.lay_board(state, action)
        if st is S.DICE and isinstance(action, Dice):
            return dice.roll(state, action)
        if st is S.EVENT and isinstance(action, EventDie):
            state = dice.event(state, action)
            if state.event == D.SHIP:
                return barbarians.advance(state, LINKS)
            return progress.continue_draws(evolve(state, draws=dice.gate_draws(state)), LINKS)
        if st is S.DRAWS:
            if isinstance(action, DrawProgress):
                return progress.draw(state, action, LINKS)
            if isinstance(action, ChooseDeck):
                return progress.choose_deck(state, action)
        if st is S.STEAL and isinstance(action, Steal):
            return robber.steal(state, action)
        if st is S.SETUP:
            return setup.setup_step(state, action)
        if st is S.PRE_ROLL:
            if isinstance(action, RollDice):
                return evolve(state, stage=S.DICE)
            if isinstance(action, PlayProgress):
                return progress.play(state, action, LINKS)
            if isinstance(action, ChaseRobber) \
                    and state.config.option("knight-time") == "chase-before-roll":
                return _chase(state, action)  # cities_knights/knight-action-time
        if st is S.CARD:
            return progress.card_step(state, action, LINKS)
        if st is S.DISCARD and isinstance(action, Discard):
            return robber.discard(state, action)
        if st is S.ROBBER and isinstance(action, MoveRobber):
            return robber.move_robber(state, action)
        if st is S.PROGRESS_DISCARD and isinstance(action, DiscardProgress):
            state = progress.discard_progress(state, progress.progress_discarder(state), action)
            if progress.progress_discarder(state) >= 0:
                return state
            if state.pending is not None:  # the Spy's card was one too many
                return evolve(state, pending=None, stage=S.MAIN)
            return progress.continue_draws(state, LINKS)
        if st is S.END and isinstance(action, DiscardProgress):
            state = progress.discard_progress(state, state.turn, action)
            return turn.end_turn(state)
        if st is S.REDUCE and isinstance(action, ReduceCity):
            return barbarians.reduce_city(state, action, LINKS)
        if st is S.AQUEDUCT and isinstance(action, (ChooseCard, Stop)):
            return improvement.aqueduct(state, action)
        if st is S.KNIGHT:
            return knight.knight_step(state, action)
        if st is S.DISPLACED:
            return knight.displaced_step(state, action)
        if st is S.METROPOLIS:
            return metropolis.place_metropolis(state, action)
        raise turn.not_a_step(f"{type(action).__name__} is not a step of stage {st.value}")

    def _main(self, state: CKState, action: Action) -> CKState:
        p = state.turn
        if isinstance(action, BuildRoad):
            if action.path not in build.road_spots(state, p):
                raise RULES.illegal(RB.BUILD_ROAD, f"no road on path {action.path!r}")
            return build.place_road(self._pay(state, *build.ROAD), p,
                                    action.path)
        if isinstance(action, BuildSettlement):
            if action.node not in build.settlement_spots(state, p):
                raise RULES.illegal(RB.BUILD_SETTLEMENT, f"no settlement on {action.node!r}")
            return build.place_settlement(self._pay(state, *build.SETTLEMENT), p, action.node)
        if isinstance(action, BuildCity):
            if action.node not in build.city_spots(state, p):
                raise RULES.illegal(RB.BUILD_CITY, f"no city on {action.node!r}")
            return build.place_city(self._pay(state, *build.CITY), p,
                                    action.node)
        if isinstance(action, BuildWall):
            if action.node not in wall.wall_spots(state, p):
                raise RULES.illegal(wall.refusal(state, p, action.node),
                                    f"no wall on {action.node!r}")
            return wall.place_wall(self._pay(state, *wall.COST), p, action.node)
        if isinstance(action, BuildKnight):
            if action.node not in knight.knight_build_spots(state, p):
                full = state.players[p].knights[0] >= D.KNIGHTS_PER_LEVEL
                raise RULES.illegal(RB.KNIGHT_LIMIT if full else RB.KNIGHT_PLACE,
                                    f"no knight on {action.node!r}")
            return knight.put_knight(self._pay(state, *knight.BUILD), p,
                                    action.node, 1, False, placed=True)
        if isinstance(action, ActivateKnight):
            if action.node not in knight.activatable(state, p):
                raise RULES.illegal(RB.KNIGHT_ACTIVATE, f"no inactive knight of yours on"
                                    f" {action.node!r}")
            return knight.activate(
                self._pay(state, *knight.ACTIVATE), action.node
            )
        if isinstance(action, PromoteKnight):
            why = knight.promote_rule(state, p, action.node)
            if why is not None:
                raise RULES.illegal(why, f"the knight on {action.node!r} cannot be promoted")
            return knight.promote(
                self._pay(state, *knight.PROMOTE), p, action.node
            )
        if isinstance(action, MoveKnight):
            if action.node not in knight.movable(state, p):
                n = action.node
                fresh = in_range(n, len(state.knight_marks)) and state.knight_owner[n] == p \
                    and state.knight_active[n] and state.knight_marks[n] & 1
                raise RULES.illegal(RB.KNIGHT_NO_ACT_WHEN_ACTIVATED if fresh else RB.KNIGHT_MOVE,
                                    f"no knight to move on {n!r}")
            return evolve(state, knight_node=action.node, stage=S.KNIGHT)
        if isinstance(action, ChaseRobber):
            return _chase(state, action)
        if isinstance(action, Improve):
            why = improvement.improve_rule(state, p, action.kind, LINKS)
            if why is not None:
                raise RULES.illegal(why, f"no improvement of kind {action.kind!r} now")
            return improvement.improve(state, p, action.kind, LINKS)
        if isinstance(action, PlayProgress):
            return progress.play(state, action, LINKS)
        if isinstance(action, HarborExchange) and state.config.option("harbor-time") \
                == "any-time":  # cities_knights/commercial-harbor-at-once
            return progress.harbor_exchange(state, action)
        if isinstance(action, MaritimeTrade):
            return trade.maritime(state, action, LINKS)
        if isinstance(action, OfferCard):
            return trade.open_offer(state, action)
        if isinstance(action, EndTurn):
            return turn.end_turn(state)
        raise turn.not_a_step(f"{type(action).__name__} is not a step after the roll")

    def _pay(self, state: CKState, cost: tuple[int, ...], rule: str) -> CKState:
        if not can_pay(state, state.turn, cost):
            raise RULES.illegal(rule, "the cost is not in hand")
        return pay(state, state.turn, cost)

    # -- eager play --------------------------------------------------------------------------
    def policy_weights(self, state: CKState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Building and improving first, then knights and cards, then trades."""
        if state.stage is S.SETUP:
            return None
        return tuple(_EAGER.get(type(a).__name__, 5) for a in actions)

    # -- results -----------------------------------------------------------------------------
    def scores(self, state: CKState) -> tuple[int, ...]:
        return tuple(pl.vp for pl in state.players)

    def winners(self, state: CKState) -> tuple[int, ...]:
        if state.stage is not S.OVER or state.winner < 0:
            return ()
        return (state.winner,)


#: the last state asked whose step it is, and the answer
_ACTOR_LAST: tuple[CKState | None, int] = (None, TERMINAL)
#: every part of a state but its offer count and offer, which the main stage's steps but an
#: offer's opening card do not read
_main_key = attrgetter(*(f.name for f in attrs.fields(CKState)
                         if f.name not in ("offers", "offer")))
#: the roll and the turn's end, steps asked for every turn (immutable values, made once)
_ROLL = RollDice()
_END_TURN = EndTurn()
#: the last main stage's key and its steps but an offer's opening card and the turn's end
_MAIN_LAST: tuple[Any, tuple[Action, ...]] | None = None


def _chase(state: CKState, action: ChaseRobber) -> CKState:
    """A knight chases the robber (RB.KNIGHT_CHASE): it deactivates and the robber moves."""
    if action.node not in knight.chasers(state, state.turn):
        raise RULES.illegal(
            RB.ROBBER_NOT_BEFORE_ATTACK if not state.attacked else RB.KNIGHT_CHASE,
            f"no knight to chase the robber on {action.node!r}",
        )
    n = action.node
    active = (*state.knight_active[:n], False, *state.knight_active[n + 1:])
    return evolve(state, knight_active=active, knight_node=n, stage=S.ROBBER)


def _early_chases(state: CKState) -> tuple[Action, ...]:
    """The chases before the roll: none but under knight-time=chase-before-roll (the
    Knight-Errant variant, cities_knights/knight-action-time), where each knight that could
    chase after the roll may."""
    if state.config.option("knight-time") != "chase-before-roll":
        return ()
    return tuple(ChaseRobber(n) for n in knight.chasers(state, state.turn))


def _before_roll(state: CKState) -> CKState:
    """A progress card played before the roll (progress-timing=any-time) or a chase of the
    robber before it (knight-time=chase-before-roll) returns, when it is done, to the roll
    still to come: the main stage with no dice rolled this turn
    (cities_knights/progress-before-roll, cities_knights/knight-action-time)."""
    if state.stage is S.MAIN and state.dice == (0, 0) and (
            state.config.option("progress-timing") == "any-time"
            or state.config.option("knight-time") == "chase-before-roll"):
        return evolve(state, stage=S.PRE_ROLL)
    return state


def _production(state: CKState) -> CKState:
    return production.production(state, LINKS)


def _continue_draws(state: CKState) -> CKState:
    return progress.continue_draws(state, LINKS)


def _seven(state: CKState) -> CKState:
    return robber.seven(state, LINKS)


#: the other chapters' functions the chapters are handed (the game module owns the order of
#: play, so no chapter imports another)
LINKS = Links(
    production=_production, continue_draws=_continue_draws, seven=_seven,
    aqueduct_start=improvement.aqueduct_start, immune=metropolis.immune,
    metropolis_comes=metropolis.metropolis_comes, needs_city_rule=metropolis.needs_city_rule,
    lose_wall=wall.lose_wall, discard_limit=wall.discard_limit,
    commodity_rate=improvement.commodity_rate, start_steals=robber.start_steals,
    road_spots=build.road_spots, city_spots=build.city_spots, place_road=build.place_road,
    place_city=build.place_city, wall_spots=wall.wall_spots, place_wall=wall.place_wall,
    own_knights=knight.own_knights, activatable=knight.activatable,
    promote_rule=knight.promote_rule, put_knight=knight.put_knight,
    remove_knight=knight.remove_knight, activate=knight.activate, promote=knight.promote,
    start_displaced=knight.start_displaced,
)

_EAGER = {
    "BuildCity": 400, "BuildSettlement": 400, "Improve": 200, "BuildRoad": 40,
    "BuildKnight": 60, "ActivateKnight": 60, "PromoteKnight": 40, "BuildWall": 30,
    "PlayProgress": 60, "HarborExchange": 60, "MoveKnight": 5, "ChaseRobber": 10,
    "MaritimeTrade": 8, "EndTurn": 20, "RollDice": 20, "OfferCard": 1, "Propose": 10,
    "Withdraw": 2, "Answer": 5, "Counter": 1, "TradeWith": 10,
}

GAME = CitiesKnights()
