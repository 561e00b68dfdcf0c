"""The rules whose effect a legal step shows (``Game.effect_rules``, named by the
conformance vectors): computed from the step (state before, action, state after), so that a
rule is named only where the step shows it (a card taken from a rival only where the stack
was empty, the knights' extra production only on the draws they add)."""

from functools import lru_cache

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards import setup
from rules_oracle.model.catan_cards.actions import (
    Action,
    BuildBuilding,
    BuildCity,
    BuildRoad,
    ChooseFromRival,
    Convert,
    Discard,
    Draw,
    EndDevelopment,
    EndTrade,
    FoundSettlement,
    GiveBack,
    GuildTake,
    HireKnight,
    Reveal,
    Take,
    TradeMarket,
    TradeRival,
    TradeStack,
    TurnFate,
)
from rules_oracle.model.catan_cards.score import a_side, pile_vp
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.catan_cards.take import direction
from rules_oracle.model.catan_cards.trade import allowance

#: the rule of each player count's components
_COUNT_RULE = {
    2: RB.SETUP_REMOVE_TWO,
    3: RB.SETUP_REMOVE_THREE,
    4: RB.SETUP_ALL_FOUR,
    5: RB.SETUP_SECOND_SET,
    6: RB.SETUP_SECOND_SET,
}
#: the fixed rules of a step's kind
_KIND: dict[type, tuple[str, ...]] = {
    TradeMarket: (RB.TRADE_MARKET,),
    TradeRival: (RB.TRADE_RIVAL,),
    GiveBack: (RB.TRADE_RIVAL,),
    ChooseFromRival: (RB.TRADE_LIBRARY, RB.DEVELOPMENT_BUILDING_EFFECT),
    GuildTake: (RB.TRADE_GUILD,),
    EndTrade: (RB.TRADE_END,),
    Convert: (RB.DEVELOPMENT_CONVERT,),
    EndDevelopment: (RB.DEVELOPMENT_END,),
    TurnFate: (RB.DEVELOPMENT_SETTLEMENT_FATE,),
    Discard: (RB.EVENT_ROBBER_RAID,),
    FoundSettlement: (RB.DEVELOPMENT_SETTLEMENT, RB.SCORE_SETTLEMENT),
    BuildCity: (RB.DEVELOPMENT_CITY, RB.DEVELOPMENT_CITY_NEEDS_SETTLEMENT, RB.SCORE_CITY),
    BuildBuilding: (RB.DEVELOPMENT_BUILDING, RB.DEVELOPMENT_BUILDING_CHOICE, RB.SCORE_BUILDING),
}


#: the set-up state of a configuration (immutable), made once, for the first step's rules
_initial = lru_cache(maxsize=256)(setup.initial)


def _is_initial(state: CardsState) -> bool:
    """Whether ``state`` is its configuration's set-up state."""
    first = _initial(state.config)
    return state.stage is first.stage and state.turns == first.turns and state == first


def effect_rules(state: CardsState, action: Action, after: CardsState) -> tuple[str, ...]:
    """The rules whose effect the legal step ``state --action--> after`` shows."""
    out: list[str] = []
    if _is_initial(state):  # the first step shows the set-up
        out += _setup(state)
    out += _KIND.get(type(action), ())
    if isinstance(action, Draw):
        out += _draw(state)
    elif isinstance(action, Take):
        out.append(RB.TRADE_GUILD if state.stage is Stage.GUILD_DRAW else RB.TRADE_RIVAL)
    elif isinstance(action, Reveal):
        out += _event(state, action)
    elif state.stage is Stage.CHOOSE:
        pass  # the library's choice or the blind draw after all: the kind's rules above
    elif isinstance(action, TradeStack | TradeMarket | TradeRival):
        out += _exchange(state, action, after)
    elif isinstance(action, BuildRoad | HireKnight):
        out += _pile(state, action, after)
    elif (isinstance(action, FoundSettlement) and after.fate != state.fate) \
            or (after.stage is Stage.FATE and state.stage is not Stage.FATE):
        out.append(RB.DEVELOPMENT_SETTLEMENT_FATE)
    if sum(after.stack) > sum(state.stack):  # the stack grows only from the discard
        out.append(RB.TURN_RESTOCK)
    if after.turns > state.turns:
        out.append(RB.TURN_PASS if state.turns else RB.SETUP_FIRST_PLAYER)
    if after.stage is Stage.OVER and state.stage is not Stage.OVER:
        out.append(RB.GAME_END if after.winner >= 0 else RB.TURN_LIMIT)
    return tuple(dict.fromkeys(out))


def _setup(state: CardsState) -> list[str]:
    n = state.config.players
    out = [
        RB.COMPONENTS_RESOURCES,
        RB.COMPONENTS_DEVELOPMENTS,
        RB.COMPONENTS_SYMBOLS,
        _COUNT_RULE[n],
        RB.SETUP_SETTLEMENT_STACK,
        RB.SETUP_A_SIDE_UP,
        RB.SETUP_BUILDINGS_OPEN,
        RB.SETUP_START_CARDS,
    ]
    if n == 2:
        out.append(RB.SETUP_FATE_TWO)
    elif state.fate >= 0:
        out.append(RB.SETUP_FATE)
    return out


def _draw(state: CardsState) -> list[str]:
    """A card from the stack: to the market or a hand at the deal, after a stack exchange,
    in production (the last draws are the knights'), on a market day."""
    who = state.drawing[0]
    if state.turns == 0:
        return [RB.SETUP_MARKET if who < 0 else RB.SETUP_HANDS]
    if state.resume is Stage.TRADE:
        return [RB.TRADE_STACK]
    if state.resume is Stage.DEVELOP:
        return [RB.EVENT_MARKET_DAY]
    knights = a_side(state.players[who].knights)
    return [RB.PRODUCTION_KNIGHTS if len(state.drawing) <= knights else RB.PRODUCTION_DRAW]


def _event(state: CardsState, action: Reveal) -> list[str]:
    out = [RB.DEVELOPMENT_CITY_EVENT]
    if action.event == D.ROBBER_RAID:
        out.append(RB.EVENT_ROBBER_RAID)
        if state.fate >= 0:
            out.append(RB.DEVELOPMENT_RAID_FATE)
    else:
        out.append(RB.EVENT_MARKET_DAY)
    return out


def _exchange(state: CardsState, action: Action, after: CardsState) -> list[str]:
    """An exchange: counted against the allowance (its last one named), the stack's only
    one without a road, another kind after the first."""
    me = state.players[state.turn]
    out: list[str] = []
    if isinstance(action, TradeStack):
        out.append(RB.TRADE_STACK)
    if not a_side(me.roads):
        out.append(RB.TRADE_NO_ROADS)
    elif after.exchanges == allowance(me):
        out.append(RB.TRADE_ALLOWANCE)
    if state.exchanges:
        out.append(RB.TRADE_MIX)
    if after.stage is Stage.CHOOSE:
        out.append(RB.TRADE_LIBRARY)  # the exchange begins with the library's choice
    if isinstance(action, TradeRival) and me.buildings[D.LIBRARY] \
            and action.rival in state.traded_with:
        out.append(RB.TRADE_LIBRARY_ONCE)  # the library's choice was used on him: blind now
    return out


def _pile(state: CardsState, action: BuildRoad | HireKnight, after: CardsState) -> list[str]:
    """A road or knight: its cost, its side, and where the stack is empty the card taken
    from a rival (the neighbour, or the next one past protected or empty piles)."""
    road = isinstance(action, BuildRoad)
    out = (
        [RB.DEVELOPMENT_ROAD, RB.DEVELOPMENT_ALTERNATE]
        if road
        else [RB.DEVELOPMENT_KNIGHT, RB.DEVELOPMENT_KNIGHT_ALTERNATE]
    )
    p = state.turn
    field = "roads" if road else "knights"
    reading = state.config.option("road-knight-points")
    if pile_vp(getattr(after.players[p], field), reading) != pile_vp(
            getattr(state.players[p], field), reading):
        out.append(RB.SCORE_ROADS_KNIGHTS)
    if state.road_stack if road else state.knight_stack:
        return out
    out.append(RB.TAKE_NEIGHBOUR)
    n = state.config.players
    if n == 2:
        out.append(RB.SETUP_FATE_TWO)
    if after.fate != state.fate:
        out.append(RB.TAKE_FATE)
    # the seats in the order the search meets them (catan_cards/take-next), the taker skipped
    first = (p + direction(state)) % n
    step = 1 if state.config.option("take-next") == "clockwise" else direction(state)
    for i in range(n):
        q = (first + step * i) % n
        if q == p:
            continue
        if getattr(after.players[q], field) < getattr(state.players[q], field):
            break
        out.append(RB.TAKE_NEXT)  # passed over: nothing to take, or protected
        pl = state.players[q]
        if road and pl.buildings[D.CITADEL] and pl.roads:
            out += [RB.TAKE_CITADEL, RB.DEVELOPMENT_BUILDING_EFFECT]
        if not road and pl.buildings[D.CHURCH] and pl.knights:
            out += [RB.TAKE_CHURCH, RB.DEVELOPMENT_BUILDING_EFFECT]
    return out
