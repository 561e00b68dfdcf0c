"""Base Catan (3-4 players): the reference model, a thin :class:`Game` over the chapters
(:mod:`~model.catan.board`, :mod:`~model.catan.setup`, :mod:`~model.catan.turn`,
:mod:`~model.catan.production`, :mod:`~model.catan.seven`, :mod:`~model.catan.build`,
:mod:`~model.catan.trade`, :mod:`~model.catan.development`,
:mod:`~model.catan.longest_road`, :mod:`~model.catan.largest_army`,
:mod:`~model.catan.victory`). The game module owns the order of play: no chapter imports
another, and what a step sets off in another chapter (the longest road after a placement,
the largest army after a knight, the points after either) is applied here, or handed to the
chapter as a function (:data:`PLACING`, ``build.roads_open``)."""

import re
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from rules_oracle.model.catan import (
    build,
    development,
    largest_army,
    longest_road,
    observation,
    production,
    setup,
    seven,
    trade,
    turn,
    victory,
)
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    CHANCE_TYPES,
    PLAYER_TYPES,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    Dice,
    Discard,
    Draw,
    EndTurn,
    LayHarbour,
    LayTerrain,
    LayToken,
    MaritimeTrade,
    MaritimeTradeAt,
    MoveRobber,
    OfferCard,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    SpiralCorner,
    Steal,
    StopRoadBuilding,
)
from rules_oracle.model.catan.ops import covers, evolve_dict
from rules_oracle.model.catan.rules import RULES
from rules_oracle.model.catan.state import CatanState, S
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer
from rules_oracle.model.core.ops import by_identity

#: :func:`_costs_met` by hand
_COSTS_MET: dict[tuple[int, ...], tuple[bool, bool, bool, bool]] = {}
#: hands :data:`_COSTS_MET` holds before it starts afresh
COSTS_MET_ENTRIES = 4096


def _costs_met(hand: tuple[int, ...]) -> tuple[bool, bool, bool, bool]:
    """Whether ``hand`` pays a road, a settlement, a city and a development card
    (``build.can_pay`` of each cost), remembered by hand."""
    known = _COSTS_MET.get(hand)
    if known is None:
        if len(_COSTS_MET) >= COSTS_MET_ENTRIES:
            _COSTS_MET.clear()
        known = _COSTS_MET[hand] = (
            covers(hand, D.ROAD_COST), covers(hand, D.SETTLEMENT_COST),
            covers(hand, D.CITY_COST), covers(hand, D.DEVELOPMENT_COST))
    return known


#: the actions without fields, built once (actions are immutable)
_BUY = BuyDevelopment()
_END = EndTurn()
_ROLL = RollDice()


@by_identity
def _road_actions(paths: tuple[int, ...]) -> tuple[Action, ...]:
    """A road on each of ``paths`` (``build.roads_open``'s tuples, remembered by identity)."""
    return tuple(BuildRoad(e) for e in paths)


@by_identity
def _settlement_actions(nodes: tuple[int, ...]) -> tuple[Action, ...]:
    """A settlement on each of ``nodes`` (``build.settlement_sites``' tuples)."""
    return tuple(BuildSettlement(n) for n in nodes)


@by_identity
def _city_actions(nodes: tuple[int, ...]) -> tuple[Action, ...]:
    """A city on each of ``nodes`` (``build.city_sites``' tuples)."""
    return tuple(BuildCity(n) for n in nodes)


def place_road(state: CatanState, p: int, path: int) -> CatanState:
    """``p``'s road put on ``path`` (no payment), then the longest road decided again and,
    when it changed, the points."""
    placed = build.place_road(state, p, path)
    decided = longest_road.after_road(placed, p, path)
    return placed if decided is placed else victory.refresh_vp(decided)


def place_settlement(state: CatanState, p: int, node: int) -> CatanState:
    """``p``'s settlement put on ``node`` (no payment), then the longest road of the rivals
    whose roads it breaks decided again, and the points."""
    placed = build.place_settlement(state, p, node)
    return victory.refresh_vp(longest_road.after_settlement(placed, p, node))


def place_city(state: CatanState, p: int, node: int) -> CatanState:
    """``p``'s city put on ``node`` (no payment), then the points."""
    return victory.refresh_vp(build.place_city(state, p, node))


#: what set-up's placements need from the building chapter and the game
PLACING = setup.Placing(build.settlement_rule, place_settlement, place_road)


def play_card(state: CatanState, action: Action) -> CatanState:
    """A development card played; after a knight the largest army decided again and the
    points."""
    played = development.play(state, action, build.roads_open)
    if isinstance(action, PlayKnight):
        return victory.refresh_vp(largest_army.after_knight(played, state.turn))
    return played


#: the rule a development card played follows
_CARD_RULES: Mapping[type, str] = MappingProxyType(
    {
        PlayKnight: RB.DEVELOPMENT_KNIGHT,
        PlayRoadBuilding: RB.DEVELOPMENT_ROAD_BUILDING,
        PlayYearOfPlenty: RB.DEVELOPMENT_YEAR_OF_PLENTY,
        PlayMonopoly: RB.DEVELOPMENT_MONOPOLY,
    }
)

#: a field whose value the model recomputes (state or observation paths), and its name
_FIELD = re.compile(r"\$\.(?:seats|players)\[\d+\]\.(road_length)|\$\.(longest|longest_road"
                    r"|army|largest_army)")
#: the rules deciding each such field (:meth:`Catan.field_rules`)
_FIELD_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "road_length": (RB.LONGEST_ROAD_MINIMUM, RB.LONGEST_ROAD_BREAK),
    **dict.fromkeys(("longest", "longest_road"), (
        RB.LONGEST_ROAD_MINIMUM, RB.LONGEST_ROAD_FIVE, RB.LONGEST_ROAD_TIE,
        RB.LONGEST_ROAD_BREAK)),
    **dict.fromkeys(("army", "largest_army"), (RB.LARGEST_ARMY_MINIMUM,
                                               RB.LARGEST_ARMY_EXCEED)),
})


class Catan(Game[CatanState, Action]):
    name = "catan"
    title = "Catan (base game)"
    min_players = 3
    max_players = 4
    rules = RULES
    state_type = CatanState
    action_types: tuple[type[object], ...] = (*CHANCE_TYPES, *PLAYER_TYPES)
    observation_types: tuple[type[object], ...] = observation.OBSERVATION_TYPES
    extra_options: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType(
        {"board": ("beginner", ("beginner", "variable"))})
    #: the number tokens are laid only on the variable board (the beginner board prints them)
    option_needs: Mapping[str, Mapping[str, str]] = MappingProxyType(
        {"tokens": MappingProxyType({"board": "variable"}),
         "free-roads": MappingProxyType({"phases": "separate"})})

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, config: Config) -> CatanState:
        return setup.initial(config)

    def max_steps(self, config: Config) -> int:
        """A bound on every game's steps; the derivation is in docs/games/catan.md."""
        n = config.players
        board = 19 + 18 + 9
        placements = 4 * n
        offer = (2 * D.OFFER_CARDS + 1) + (n - 1) * (1 + 2 * D.OFFER_CARDS + 1 + 1) + 1
        per_turn = (2 + D.CARDS_PER_RESOURCE * D.N_RESOURCES // 2 + 2 + 1 + 3
                    + D.TRADES_PER_TURN + D.OFFERS_PER_TURN * offer)
        # a city returns its settlement to stock: at most 5 + 4 settlements are ever built
        pieces = n * (D.ROADS + D.SETTLEMENTS + 2 * D.CITIES)
        developments = 2 * D.N_DEVELOPMENTS
        return board + placements + D.TURN_LIMIT * per_turn + pieces + developments

    # -- rules a step shows (conformance vectors) ----------------------------------------------
    def setup_rules(self) -> tuple[str, ...]:
        """The components, the robber's start and the first player."""
        return (
            RB.COMPONENTS_TERRAIN,
            RB.COMPONENTS_TOKENS,
            RB.COMPONENTS_HARBOURS,
            RB.COMPONENTS_RESOURCE_CARDS,
            RB.COMPONENTS_DEVELOPMENT_DECK,
            RB.COMPONENTS_PIECES,
            RB.BOARD_ROBBER_START,
            RB.SETUP_FIRST_PLAYER,
        )

    def end_rules(self) -> tuple[str, ...]:
        """10 points during one's own turn; the model's turn bound."""
        return (RB.VICTORY_TEN, RB.VICTORY_OWN_TURN, RB.TURN_LIMIT)

    def field_rules(self, path: str) -> tuple[str, ...]:
        """The rules deciding a seat's road length (the longest continuous road, broken by a
        rival's building) and the holders of the longest road and the largest army."""
        found = _FIELD.fullmatch(path)
        if found is None:
            return ()
        return _FIELD_RULES[found.group(1) or found.group(2)]

    def effect_rules(self, state: CatanState, action: Action,
                     after: CatanState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows."""
        out: list[str] = []
        t = type(action)
        # the first step shows the set-up (the initial state has neither turns nor
        # placements: that rules the rest of the game out before building it to compare)
        if state.turns == 0 and state.placement == 0 and state == setup.initial(state.config):
            out += self.setup_rules()
            if state.stage is S.SETUP:  # the fixed beginner board
                out += [RB.BOARD_BEGINNER, RB.BOARD_BEGINNER_HARBOURS]
        if isinstance(action, Dice) and after.stage is not S.DISCARD \
                and after.stage is not S.ROBBER:
            out += production.shown(state, action.white + action.red)
        elif isinstance(action, Dice):  # a 7: who discards (hands over the limit), the robber
            out += (
                [RB.SEVEN_DISCARD_LIMIT, RB.SEVEN_DISCARD]
                if after.stage is S.DISCARD
                else [RB.SEVEN_DISCARD_LIMIT]
            )
            out.append(RB.SEVEN_ROBBER)
        elif t is Discard:
            out += [RB.SEVEN_DISCARD_LIMIT, RB.SEVEN_DISCARD]
        elif t is EndTurn:
            out.append(RB.TURN_END)
        elif t is RollDice:
            out.append(RB.TURN_ROLL)
        elif isinstance(action, Draw):
            out.append(RB.BUILD_DEVELOPMENT_DECK)
            if action.card == D.VICTORY_POINT:
                out.append(RB.DEVELOPMENT_VICTORY_POINT)
        elif t is BuildSettlement and state.stage is S.SETUP:
            out.append(RB.BUILD_DISTANCE)
            # the second round's settlements, also one that touches no producing hex
            if state.placement >= state.config.players:
                out += [RB.SETUP_SECOND_RESOURCES, RB.SETUP_SECOND_PLACEMENT]
            else:  # the first settlement: the rule that only the second yields, applied
                out.append(RB.SETUP_SECOND_RESOURCES)
        elif t is BuildSettlement:
            out += [RB.BUILD_SETTLEMENT_COST, RB.BUILD_DISTANCE, RB.BUILD_SETTLEMENT_CONNECTED]
        elif t is BuildRoad:
            if state.stage is S.SETUP:
                out += [RB.SETUP_ROAD_AT_SETTLEMENT, RB.SETUP_SNAKE]
            elif state.stage is S.ROAD_BUILDING:
                out += [RB.DEVELOPMENT_ROAD_BUILDING, RB.BUILD_ROAD_CONNECTED]
            else:
                out += [RB.BUILD_ROAD_COST, RB.BUILD_ROAD_CONNECTED]
        elif t is BuildCity:
            out += [RB.BUILD_CITY_COST, RB.BUILD_CITY_UPGRADE]
        elif t is BuyDevelopment:
            out.append(RB.BUILD_DEVELOPMENT_COST)
        elif t is MaritimeTrade or t is MaritimeTradeAt:
            out.append(RB.TRADE_MARITIME)
        elif t in _CARD_RULES:
            out.append(_CARD_RULES[t])
        elif t is MoveRobber:
            out.append(RB.SEVEN_ROBBER)
        elif t is Steal:
            out.append(RB.SEVEN_STEAL)
        out += longest_road.shown(state, after, t is BuildSettlement)
        out += largest_army.shown(state, after)
        out += victory.shown(state, after)
        return tuple(dict.fromkeys(out))

    # -- the protocol ------------------------------------------------------------------------
    def observe(self, state: CatanState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        """What ``viewer`` may see (``model.catan.observation``)."""
        return observation.observe(state, viewer)

    def actor(self, state: CatanState) -> int:
        st = state.stage
        if st is S.MAIN or st is S.PRE_ROLL or st is S.ROBBER \
                or st is S.SETUP or st is S.ROAD_BUILDING:
            return state.turn
        if st is S.TRADE:
            return trade.trade_actor(state)
        if st is S.DISCARD:
            return seven.discarder(state)
        if st is S.OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self, state: CatanState) -> bool:
        """Whether the game is over (``actor`` is ``TERMINAL`` exactly then)."""
        return state.stage is S.OVER

    def chance_outcomes(self, state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
        st = state.stage
        if st is S.DICE:
            return turn.DICE_OUTCOMES
        if st is S.STEAL:
            return seven.steal_outcomes(state)
        if st is S.DRAW:
            return development.draw_outcomes_of(state)
        if st is S.TERRAIN or st is S.TOKENS or st is S.HARBOURS:
            return setup.board_outcomes(state)
        return ()

    def legal_actions(self, state: CatanState) -> tuple[Action, ...]:
        st = state.stage
        if st is S.MAIN:
            return self._main_actions(state)
        if st is S.PRE_ROLL:
            return (_ROLL, *development.play_actions(state, build.roads_open))
        if st is S.TRADE:
            return trade.trade_actions(state)
        if st is S.DISCARD:
            return seven.discard_actions(state)
        if st is S.ROBBER:
            return seven.robber_actions(state)
        if st is S.ROAD_BUILDING:
            roads = _road_actions(build.roads_open(state, state.turn))
            if development.may_stop(state):
                return (*roads, StopRoadBuilding())
            return roads
        if st is S.SETUP:
            return setup.setup_actions(state, PLACING)
        return ()

    def _main_actions(self, state: CatanState) -> tuple[Action, ...]:
        p = state.turn
        pl = state.players[p]
        road, settlement, city, development_card = _costs_met(pl.hand)
        out: list[Action] = []
        if road:
            out.extend(_road_actions(build.roads_open(state, p)))
        if settlement:
            out.extend(_settlement_actions(build.settlement_sites(state, p)))
        if city and pl.cities < D.CITIES:
            out.extend(_city_actions(build.city_sites(state, p)))
        if development_card and any(state.deck):  # build.buy_rule's conditions
            out.append(_BUY)
        out.extend(development.play_actions(state, build.roads_open))
        out.extend(trade.maritime_actions(state))
        out.extend(trade.open_actions(state))
        out.append(_END)
        return tuple(out)

    # -- apply -------------------------------------------------------------------------------
    def apply(self, state: CatanState, action: Action) -> CatanState:
        st = state.stage
        if st is S.MAIN:  # the commonest stage first, with no frame between (as _step)
            return victory.finish(self._main(state, action))
        if st is S.OVER:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        return victory.finish(self._step(state, action))

    def _step(self, state: CatanState, action: Action) -> CatanState:
        st = state.stage
        if st is S.MAIN:  # the commonest stage first (its refusals as below)
            return self._main(state, action)
        # a chance stage (identity tests: no enum hashing, no call)
        if st is S.DICE or st is S.STEAL or st is S.DRAW or st is S.TERRAIN \
                or st is S.TOKENS or st is S.HARBOURS:
            return self._chance(state, action)
        if isinstance(action, CHANCE_TYPES):
            raise self._chance_now(action)
        if st is S.SETUP:
            return setup.setup_step(state, action, PLACING)
        if st is S.PRE_ROLL:
            if isinstance(action, RollDice):
                return evolve_dict(state, stage=S.DICE)
            if isinstance(action, development.PLAY_TYPES):
                return play_card(state, action)
            raise self._wrong(action, RB.TURN_ROLL, "the roll comes first")
        if st is S.TRADE:
            return trade.trade_step(state, action)
        if st is S.DISCARD:
            if isinstance(action, Discard):
                return seven.discard(state, action)
            raise self._wrong(action, RB.SEVEN_DISCARD, "discards on the 7 come first")
        if st is S.ROBBER:
            if isinstance(action, MoveRobber):
                return seven.move_robber(state, action)
            raise self._wrong(action, RB.SEVEN_ROBBER, "the robber moves first")
        assert st is S.ROAD_BUILDING  # every other stage is handled above
        if isinstance(action, BuildRoad):
            why = build.road_rule(state, state.turn, action.path)
            if why is not None:
                raise RULES.illegal(why, f"no free road on path {action.path}")
            state = place_road(state, state.turn, action.path)
            if state.config.option("free-roads") == "build":  # catan/road-building-trade-phase
                state = evolve_dict(state, built=True)
            return development.free_road_done(state, build.roads_open)
        if isinstance(action, StopRoadBuilding) and development.may_stop(state):
            return development.stop_free_roads(state)
        raise self._wrong(action, RB.DEVELOPMENT_ROAD_BUILDING, "the free roads come first")

    def _wrong(self, action: Action, rule: str, why: str) -> Exception:
        return RULES.illegal(rule, f"{type(action).__name__} not allowed now: {why}")

    def _chance(self, state: CatanState, action: Action) -> CatanState:
        st = state.stage
        if st is S.DICE and isinstance(action, Dice):
            dice = turn.dice_of(action)  # shown by the 7 or production (one copy)
            if dice[0] + dice[1] == D.ROBBER_ROLL:
                return seven.start(state, dice)
            return production.produce(state, dice)
        if st is S.STEAL and isinstance(action, Steal):
            return seven.steal(state, action)
        if st is S.DRAW and isinstance(action, Draw):
            return development.draw(state, action)
        if st is S.TERRAIN and isinstance(action, LayTerrain):
            return setup.lay_terrain(state, action)
        if st is S.TOKENS:
            spiral = state.config.option("tokens") == "spiral"
            if spiral and isinstance(action, SpiralCorner):
                return setup.spiral_corner(state, action)
            if not spiral and isinstance(action, LayToken):
                return setup.lay_token(state, action)
        if st is S.HARBOURS and isinstance(action, LayHarbour):
            return setup.lay_harbour(state, action)
        raise turn.not_a_step(f"{type(action).__name__} is not the chance step of stage"
                              f" {st.value}")

    def _chance_now(self, action: Action) -> Exception:
        return turn.not_a_step(f"{type(action).__name__} is a chance outcome, and a player"
                               " acts now")

    def _main(self, state: CatanState, action: Action) -> CatanState:
        p = state.turn
        if isinstance(action, EndTurn):  # the commonest steps first (the types are disjoint)
            return turn.end_turn(state)
        if isinstance(action, MaritimeTrade):
            return trade.maritime(state, action)
        if isinstance(action, BuildRoad):
            return self._build(state, action.path, D.ROAD_COST,
                               build.road_rule(state, p, action.path), place_road)
        if isinstance(action, BuildSettlement):
            why = build.settlement_rule(state, p, action.node, False)
            return self._build(state, action.node, D.SETTLEMENT_COST, why,
                               place_settlement)
        if isinstance(action, BuildCity):
            return self._build(state, action.node, D.CITY_COST,
                               build.city_rule(state, p, action.node), place_city)
        if isinstance(action, BuyDevelopment):
            why = build.buy_rule(state, p)
            if why is not None:
                raise RULES.illegal(why, build.BUY_DETAIL[why])
            return build.pay(state, p, D.DEVELOPMENT_COST, built=True, stage=S.DRAW)
        if isinstance(action, development.PLAY_TYPES):
            return play_card(state, action)
        if isinstance(action, MaritimeTradeAt):
            return trade.maritime_at(state, action)
        if isinstance(action, OfferCard):
            return trade.open_offer(state, action)
        if isinstance(action, CHANCE_TYPES):
            raise self._chance_now(action)
        raise turn.not_a_step(f"{type(action).__name__} not allowed now: not a step of the main"
                              " phase")

    def _build(self, state: CatanState, where: int, cost: tuple[int, ...],
               why: str | None, place: build.Placer) -> CatanState:
        p = state.turn
        if why is not None:
            raise RULES.illegal(why, f"cannot build at {where}")
        unpaid = build.cost_rule(state, p, cost)
        if unpaid is not None:
            raise RULES.illegal(unpaid, "the cost is not in hand")
        return place(build.pay(state, p, cost, built=True), p, where)

    # -- eager play --------------------------------------------------------------------------
    def policy_weights(self, state: CatanState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Building first (cities, settlements, development cards, roads), then cards, then
        trades; domestic offers seldom."""
        if state.stage is S.SETUP:
            return None
        return tuple(_EAGER.get(type(a).__name__, 1) for a in actions)

    # -- results -----------------------------------------------------------------------------
    def scores(self, state: CatanState) -> tuple[int, ...]:
        return victory.scores(state)

    def winners(self, state: CatanState) -> tuple[int, ...]:
        if state.stage is not S.OVER or state.winner < 0:
            return ()
        return (state.winner,)


_EAGER = {
    "BuildCity": 400, "BuildSettlement": 400, "BuyDevelopment": 60, "BuildRoad": 40,
    "PlayKnight": 30, "PlayRoadBuilding": 30, "PlayYearOfPlenty": 10, "PlayMonopoly": 10,
    "MaritimeTrade": 8, "EndTurn": 20, "RollDice": 20, "OfferCard": 1, "Propose": 10,
    "Withdraw": 2, "Answer": 5, "Counter": 1, "TradeWith": 10, "MoveRobber": 1, "Discard": 1,
    "StopRoadBuilding": 1,
}

GAME = Catan()
