"""Cities & Knights (3-4 players) on base Catan: the reference model, a thin :class:`Game`
over the chapters (:mod:`~model.cities_knights.setup`, :mod:`~model.cities_knights.turn`,
:mod:`~model.cities_knights.build`, :mod:`~model.cities_knights.progress`)."""

from fractions import Fraction

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
from rules_oracle.model.cities_knights import build, observation, progress, setup, trade, turn
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
    Improve,
    MoveKnight,
    PlayProgress,
    PromoteKnight,
    ReduceCity,
    Stop,
)
from rules_oracle.model.cities_knights.common import refresh
from rules_oracle.model.cities_knights.rules import RULES
from rules_oracle.model.cities_knights.shown import effect_rules as shown_rules
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer

_CHANCE_STAGES = (Stage.BOARD, Stage.DICE, Stage.EVENT, Stage.STEAL)
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
        st = state.stage
        if st is Stage.OVER:
            return TERMINAL
        if st in _CHANCE_STAGES:
            return CHANCE
        if st is Stage.DRAWS:
            return state.draws[0][0] if turn.draws_actor_chooses(state) else CHANCE
        if st is Stage.PROGRESS_DISCARD:
            return turn.progress_discarder(state)
        if st is Stage.REDUCE or st is Stage.AQUEDUCT:
            return state.queue[0]
        if st is Stage.DISCARD:
            return turn.discarder(state)
        if st is Stage.CARD:
            return progress.card_actor(state)
        if st is Stage.DISPLACED:
            return state.displaced[0]
        if st is Stage.TRADE:
            return trade.trade_actor(state)
        return state.turn

    def chance_outcomes(self, state: CKState) -> tuple[tuple[Action, Fraction], ...]:
        st = state.stage
        if st is Stage.DICE:
            return turn.DICE_OUTCOMES
        if st is Stage.BOARD:
            return setup.board_outcomes(state)
        if st is Stage.EVENT:
            return turn.EVENT_OUTCOMES
        if st is Stage.DRAWS and not turn.draws_actor_chooses(state):
            return turn.draw_outcomes_of(state)
        if st is Stage.STEAL:
            return turn.steal_outcomes(state)
        return ()

    def legal_actions(self, state: CKState) -> tuple[Action, ...]:
        st = state.stage
        if st is Stage.MAIN:
            return self._main_actions(state)
        if st is Stage.PRE_ROLL:
            return (RollDice(), *progress.play_actions(state))
        if st is Stage.CARD:
            return progress.card_actions(state)
        if st is Stage.TRADE:
            return trade.trade_actions(state)
        if st is Stage.DISCARD:
            return turn.discard_actions(state)
        if st is Stage.ROBBER:
            return turn.robber_actions(state)
        if st is Stage.DRAWS:
            return turn.deck_choices(state) if turn.draws_actor_chooses(state) else ()
        if st is Stage.PROGRESS_DISCARD:
            return turn.progress_discard_actions(state, turn.progress_discarder(state))
        if st is Stage.END:
            return turn.progress_discard_actions(state, state.turn)
        if st is Stage.REDUCE:
            return turn.reduce_actions(state)
        if st is Stage.AQUEDUCT:
            return turn.aqueduct_actions(state)
        if st is Stage.KNIGHT:
            return tuple(ChooseNode(n) for n in build.knight_targets(state, state.knight_node))
        if st is Stage.DISPLACED:
            return build.displaced_actions(state)
        if st is Stage.METROPOLIS:
            return build.metropolis_actions(state)
        if st is Stage.SETUP:
            return setup.setup_actions(state)
        return ()

    def _main_actions(self, state: CKState) -> tuple[Action, ...]:
        p = state.turn
        out: list[Action] = []
        if build.can_pay(state, p, D.ROAD_COST):
            out.extend(BuildRoad(e) for e in build.road_spots(state, p))
        if build.can_pay(state, p, D.SETTLEMENT_COST):
            out.extend(BuildSettlement(n) for n in build.settlement_spots(state, p))
        if build.can_pay(state, p, D.CITY_COST):
            out.extend(BuildCity(n) for n in build.city_spots(state, p))
        if build.can_pay(state, p, D.WALL_COST):
            out.extend(BuildWall(n) for n in build.wall_spots(state, p))
        if build.can_pay(state, p, D.KNIGHT_COST):
            out.extend(BuildKnight(n) for n in build.knight_build_spots(state, p))
            out.extend(PromoteKnight(n) for n in build.own_knights(state, p)
                       if build.promote_rule(state, p, n) is None)
        if build.can_pay(state, p, D.ACTIVATE_COST):
            out.extend(ActivateKnight(n) for n in build.activatable(state, p))
        out.extend(MoveKnight(n) for n in build.movable(state, p))
        out.extend(ChaseRobber(n) for n in build.chasers(state, p))
        out.extend(Improve(k) for k in range(3) if build.improve_rule(state, p, k) is None)
        out.extend(progress.play_actions(state))
        out.extend(build.maritime_actions(state))
        out.extend(trade.open_actions(state))
        out.append(EndTurn())
        return tuple(out)

    # -- apply -------------------------------------------------------------------------------
    def apply(self, state: CKState, action: Action) -> CKState:
        if state.stage is Stage.OVER:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        return _finish(refresh(self._step(state, action)))

    def _step(self, state: CKState, action: Action) -> CKState:
        st = state.stage
        chance = self.actor(state) == CHANCE
        if chance != isinstance(action, CHANCE_TYPES):
            raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of stage"
                                f" {st.value}")
        if st is Stage.BOARD:
            return setup.lay_board(state, action)
        if st is Stage.DICE and isinstance(action, Dice):
            return turn.roll(state, action)
        if st is Stage.EVENT and isinstance(action, EventDie):
            return turn.event(state, action)
        if st is Stage.DRAWS:
            if isinstance(action, DrawProgress):
                return turn.draw(state, action)
            if isinstance(action, ChooseDeck):
                return turn.choose_deck(state, action)
        if st is Stage.STEAL and isinstance(action, Steal):
            return turn.steal(state, action)
        if st is Stage.SETUP:
            return setup.setup_step(state, action)
        if st is Stage.PRE_ROLL:
            if isinstance(action, RollDice):
                return evolve(state, stage=Stage.DICE)
            if isinstance(action, PlayProgress):
                return progress.play(state, action)
        if st is Stage.MAIN:
            return self._main(state, action)
        if st is Stage.CARD:
            return progress.card_step(state, action)
        if st is Stage.TRADE:
            return trade.trade_step(state, action)
        if st is Stage.DISCARD and isinstance(action, Discard):
            return turn.discard(state, action)
        if st is Stage.ROBBER and isinstance(action, MoveRobber):
            return turn.move_robber(state, action)
        if st is Stage.PROGRESS_DISCARD and isinstance(action, DiscardProgress):
            state = turn.discard_progress(state, turn.progress_discarder(state), action)
            if turn.progress_discarder(state) >= 0:
                return state
            if state.pending is not None:  # the Spy's card was one too many
                return evolve(state, pending=None, stage=Stage.MAIN)
            return turn.continue_draws(state)
        if st is Stage.END and isinstance(action, DiscardProgress):
            state = turn.discard_progress(state, state.turn, action)
            return turn.end_turn(state)
        if st is Stage.REDUCE and isinstance(action, ReduceCity):
            return turn.reduce_city(state, action)
        if st is Stage.AQUEDUCT and isinstance(action, (ChooseCard, Stop)):
            return turn.aqueduct(state, action)
        if st is Stage.KNIGHT:
            return build.knight_step(state, action)
        if st is Stage.DISPLACED:
            return build.displaced_step(state, action)
        if st is Stage.METROPOLIS:
            return build.place_metropolis(state, action)
        raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of stage"
                            f" {st.value}")

    def _main(self, state: CKState, action: Action) -> CKState:
        p = state.turn
        if isinstance(action, BuildRoad):
            if action.path not in build.road_spots(state, p):
                raise RULES.illegal(RB.BUILD_ROAD, f"no road on path {action.path!r}")
            return build.place_road(self._pay(state, D.ROAD_COST, RB.BUILD_ROAD), p,
                                    action.path)
        if isinstance(action, BuildSettlement):
            if action.node not in build.settlement_spots(state, p):
                raise RULES.illegal(RB.BUILD_SETTLEMENT, f"no settlement on {action.node!r}")
            return build.place_settlement(self._pay(state, D.SETTLEMENT_COST,
                                                    RB.BUILD_SETTLEMENT), p, action.node)
        if isinstance(action, BuildCity):
            if action.node not in build.city_spots(state, p):
                raise RULES.illegal(RB.BUILD_CITY, f"no city on {action.node!r}")
            return build.place_city(self._pay(state, D.CITY_COST, RB.BUILD_CITY), p,
                                    action.node)
        if isinstance(action, BuildWall):
            if action.node not in build.wall_spots(state, p):
                raise RULES.illegal(RB.WALL_LIMIT, f"no wall on {action.node!r}")
            return build.place_wall(self._pay(state, D.WALL_COST, RB.WALL_BUILD), p, action.node)
        if isinstance(action, BuildKnight):
            if action.node not in build.knight_build_spots(state, p):
                raise RULES.illegal(RB.KNIGHT_PLACE, f"no knight on {action.node!r}")
            return build.put_knight(self._pay(state, D.KNIGHT_COST, RB.KNIGHT_BUILD), p,
                                    action.node, 1, False, placed=True)
        if isinstance(action, ActivateKnight):
            if action.node not in build.activatable(state, p):
                raise RULES.illegal(RB.KNIGHT_ACTIVATE, f"no inactive knight of yours on"
                                    f" {action.node!r}")
            return build.activate(
                self._pay(state, D.ACTIVATE_COST, RB.KNIGHT_ACTIVATE), action.node
            )
        if isinstance(action, PromoteKnight):
            why = build.promote_rule(state, p, action.node)
            if why is not None:
                raise RULES.illegal(why, f"the knight on {action.node!r} cannot be promoted")
            return build.promote(
                self._pay(state, D.PROMOTE_COST, RB.KNIGHT_PROMOTE), p, action.node
            )
        if isinstance(action, MoveKnight):
            if action.node not in build.movable(state, p):
                n = action.node
                fresh = in_range(n, len(state.knight_marks)) and state.knight_owner[n] == p \
                    and state.knight_active[n] and state.knight_marks[n] & 1
                raise RULES.illegal(RB.KNIGHT_NO_ACT_WHEN_ACTIVATED if fresh else RB.KNIGHT_MOVE,
                                    f"no knight to move on {n!r}")
            return evolve(state, knight_node=action.node, stage=Stage.KNIGHT)
        if isinstance(action, ChaseRobber):
            if action.node not in build.chasers(state, p):
                raise RULES.illegal(
                    RB.ROBBER_NOT_BEFORE_ATTACK if not state.attacked else RB.KNIGHT_CHASE,
                    f"no knight to chase the robber on {action.node!r}",
                )
            n = action.node
            active = (*state.knight_active[:n], False, *state.knight_active[n + 1:])
            return evolve(state, knight_active=active, knight_node=n, stage=Stage.ROBBER)
        if isinstance(action, Improve):
            why = build.improve_rule(state, p, action.kind)
            if why is not None:
                raise RULES.illegal(why, f"no improvement of kind {action.kind!r} now")
            return build.improve(state, p, action.kind)
        if isinstance(action, PlayProgress):
            return progress.play(state, action)
        if isinstance(action, MaritimeTrade):
            return build.maritime(state, action)
        if isinstance(action, OfferCard):
            return trade.open_offer(state, action)
        if isinstance(action, EndTurn):
            return turn.end_turn(state)
        raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step after the roll")

    def _pay(self, state: CKState, cost: tuple[int, ...], rule: str) -> CKState:
        if not build.can_pay(state, state.turn, cost):
            raise RULES.illegal(rule, "the cost is not in hand")
        return build.pay(state, state.turn, cost)

    # -- eager play --------------------------------------------------------------------------
    def policy_weights(self, state: CKState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Building and improving first, then knights and cards, then trades."""
        if state.stage is Stage.SETUP:
            return None
        return tuple(_EAGER.get(type(a).__name__, 5) for a in actions)

    # -- results -----------------------------------------------------------------------------
    def scores(self, state: CKState) -> tuple[int, ...]:
        return tuple(pl.vp for pl in state.players)

    def winners(self, state: CKState) -> tuple[int, ...]:
        if state.stage is not Stage.OVER or state.winner < 0:
            return ()
        return (state.winner,)


def _finish(state: CKState) -> CKState:
    """The player on turn with 13 points wins at once, on his own turn only
    (cities_knights/victory.thirteen, victory.own-turn)."""
    if state.turns and state.stage is not Stage.OVER \
            and state.players[state.turn].vp >= D.VICTORY:
        return evolve(state, stage=Stage.OVER, winner=state.turn, pending=None)
    return state


_EAGER = {
    "BuildCity": 400, "BuildSettlement": 400, "Improve": 200, "BuildRoad": 40,
    "BuildKnight": 60, "ActivateKnight": 60, "PromoteKnight": 40, "BuildWall": 30,
    "PlayProgress": 60, "MoveKnight": 5, "ChaseRobber": 10, "MaritimeTrade": 8,
    "EndTurn": 20, "RollDice": 20, "OfferCard": 1, "Propose": 10, "Withdraw": 2, "Answer": 5,
    "Counter": 1, "TradeWith": 10,
}

GAME = CitiesKnights()
