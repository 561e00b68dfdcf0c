"""The rules whose effect a legal step shows (``Game.effect_rules``, named by the
conformance vectors): computed from the step (state before, action, state after), so that a
rule is named only where the step shows it (commodities only where a city produced one, the
barbarians' strength only on the ship that attacks). Production is base Catan's
(:func:`model.catan.production.owed`), with the commodity of a city's second card."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Dice,
    Discard,
    MaritimeTrade,
    MoveRobber,
    OfferCard,
    Steal,
)
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import production, setup, victory
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
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
    PlayProgress,
    PromoteKnight,
    ReduceCity,
    Stop,
)
from rules_oracle.model.cities_knights.common import active_knights, strength
from rules_oracle.model.cities_knights.progress import CARD_RULE, progress_discarder
from rules_oracle.model.cities_knights.state import CKState, Stage

#: stages a step may leave through production (the roll's last chance step or choice)
_BEFORE_PRODUCTION = frozenset({Stage.EVENT, Stage.REDUCE, Stage.DRAWS,
                                Stage.PROGRESS_DISCARD})
_AFTER_PRODUCTION = frozenset({Stage.MAIN, Stage.AQUEDUCT, Stage.DISCARD, Stage.ROBBER})
#: the fixed rules of a step's kind in the main stage
_MAIN: dict[type, tuple[str, ...]] = {
    BuildRoad: (RB.BUILD_ROAD,), BuildSettlement: (RB.BUILD_SETTLEMENT,),
    BuildCity: (RB.BUILD_CITY,), BuildWall: (RB.WALL_BUILD,),
    BuildKnight: (RB.KNIGHT_BUILD, RB.KNIGHT_PLACE), ActivateKnight: (RB.KNIGHT_ACTIVATE,),
    PromoteKnight: (RB.KNIGHT_PROMOTE,), ChaseRobber: (RB.KNIGHT_CHASE,),
    HarborExchange: (RB.PROGRESS_COMMERCIAL_HARBOR,),
}


def effect_rules(state: CKState, action: Action, after: CKState) -> tuple[str, ...]:
    """The rules whose effect the legal step ``state --action--> after`` shows."""
    out: list[str] = []
    st = state.stage
    # the first step shows the set-up (the initial state has neither turns nor placements:
    # that rules the rest of the game out before building it to compare)
    if state.turns == 0 and state.placement == 0 and state == setup.initial(state.config):
        out += [RB.COMPONENTS, RB.COMPONENTS_REMOVED, RB.SETUP_BOARD, RB.PROGRESS_DECKS]
    if st is Stage.BOARD:
        out.append(RB.SETUP_BOARD)
    elif st is Stage.SETUP:
        out.append(RB.SETUP_PLACEMENT)  # a building by the distance rule, a road at it
        if isinstance(action, BuildCity):
            out.append(RB.SETUP_SECOND_CITY)
    elif st is Stage.MAIN:
        out += _main(state, action, after)
    elif st is Stage.CARD:
        assert state.pending is not None
        out.append(CARD_RULE[state.pending.card])
    elif st is Stage.TRADE:
        out.append(RB.TRADE_DOMESTIC)
    if after.trades > state.trades and after.trades == D.TRADES_PER_TURN:
        out.append(RB.TRADE_LIMIT)  # the turn's last trade, maritime or domestic
    out += _roll(state, action, after)
    out += _knights(state, action, after)
    out += _progress(state, action)
    out += victory.shown(state, after)
    return tuple(dict.fromkeys(out))


def _main(state: CKState, action: Action, after: CKState) -> list[str]:
    out = list(_MAIN.get(type(action), ()))
    p = state.turn
    if isinstance(action, PromoteKnight) and state.knight_level[action.node] == 2:
        out.append(RB.KNIGHT_MIGHTY)
    elif isinstance(action, Improve):
        out += [RB.IMPROVEMENT_BUY, RB.IMPROVEMENT_COST]
        if state.crane:
            out.append(RB.PROGRESS_CRANE)
        if after.stage is Stage.METROPOLIS:  # the metropolis comes: a free city takes it
            out.append(RB.METROPOLIS_NEEDS_CITY)
            if state.metropolis[action.kind] >= 0:
                out.append(RB.METROPOLIS_TAKE)
    elif isinstance(action, MaritimeTrade):
        out.append(RB.TRADE_MARITIME)
        g = action.give
        if g >= BD.N_RESOURCES and state.players[p].levels[D.TRADE] >= D.ABILITY_LEVEL:
            out.append(RB.IMPROVEMENT_TRADING_HOUSE)
        if g in state.fleet:
            out.append(RB.PROGRESS_MERCHANT_FLEET)
        elif state.merchant_owner == p and state.merchant >= 0 \
                and BD.YIELD[state.terrain[state.merchant]] == g:
            out.append(RB.PROGRESS_MERCHANT)
    elif isinstance(action, OfferCard):
        out.append(RB.TRADE_DOMESTIC)
    return out


def _roll(state: CKState, action: Action, after: CKState) -> list[str]:
    """The dice, the event die with the barbarians, production and the 7."""
    out: list[str] = []
    st = state.stage
    if isinstance(action, Dice):
        out.append(RB.DICE_THREE)
    elif isinstance(action, EventDie):
        out.append(RB.DICE_EVENT)
        if action.face == D.SHIP:
            out.append(RB.BARBARIANS_MOVE)
            if state.barbarians + 1 >= D.TRACK:
                out += _attack(state, after)
    elif isinstance(action, ReduceCity):
        out.append(RB.BARBARIANS_LOSS)
        p = state.queue[0]
        if state.walls[action.node]:
            out.append(RB.WALL_LOST)
        if any(m >= 0 and state.node_owner[m] == p for m in state.metropolis):
            out.append(RB.METROPOLIS_IMMUNE)
    elif isinstance(action, (ChooseCard, Stop)) and st is Stage.AQUEDUCT:
        out.append(RB.IMPROVEMENT_AQUEDUCT)
    elif isinstance(action, Discard):
        out.append(RB.ROBBER_DISCARD if state.pending is None else RB.PROGRESS_SABOTEUR)
        if state.pending is None and after.stage is Stage.MAIN and not after.attacked:
            out.append(RB.ROBBER_NOT_BEFORE_ATTACK)  # the 7's last discard: the robber stays
    elif isinstance(action, MoveRobber):
        out.append(RB.ROBBER_MOVE)
    elif isinstance(action, Steal):
        out.append(RB.ROBBER_MOVE if state.pending is None else CARD_RULE[state.pending.card])
    if st in _BEFORE_PRODUCTION and after.stage in _AFTER_PRODUCTION:
        out += production.shown(state, after)
    return out


def _attack(state: CKState, after: CKState) -> list[str]:
    """The 7th ship: the barbarians' strength against the active knights."""
    out = [RB.BARBARIANS_TRACK, RB.BARBARIANS_STRENGTH, RB.BARBARIANS_DEFENCE, RB.BARBARIANS_RESET]
    n = state.config.players
    contrib = tuple(strength(state, p) for p in range(n))
    if sum(contrib) >= sum(pl.cities for pl in state.players):
        if state.config.option("defender") == "count":
            key = tuple(active_knights(state, p) for p in range(n))
        else:
            key = contrib
        best = max(key)
        if best and key.count(best) > 1:
            out.append(RB.BARBARIANS_TIE)
        elif any(a.defenders > b.defenders for a, b in zip(after.players, state.players,
                                                           strict=True)):
            out.append(RB.BARBARIANS_DEFENDER)
        return out
    reducible = {p for p in range(n) if any(
        state.node_owner[v] == p and state.node_level[v] == 2 and v not in state.metropolis
        for v in range(B.N_NODES))}
    if reducible:
        out.append(RB.BARBARIANS_LOSS)
    low = min((contrib[p] for p in reducible), default=None)
    if any(p not in reducible and (low is None or contrib[p] <= low) for p in range(n)):
        out.append(
            RB.BARBARIANS_IMMUNE
        )  # as weak as a loser, but no city the barbarians may reduce
    return out


def _knights(state: CKState, action: Action, after: CKState) -> list[str]:
    """A knight's move or displacement, and a knight breaking a rival's road."""
    out: list[str] = []
    st = state.stage
    if isinstance(action, ChooseNode):
        if st is Stage.KNIGHT:
            out.append(RB.KNIGHT_DISPLACE if state.knight_owner[action.node] >= 0
                       else RB.KNIGHT_MOVE)
        elif st is Stage.DISPLACED:
            out.append(RB.KNIGHT_DISPLACE)
        elif st is Stage.METROPOLIS:
            out.append(RB.METROPOLIS_FIRST)
        elif st is Stage.CARD and state.pending is not None \
                and state.pending.card == D.SMITH and state.knight_level[action.node] == 2:
            out.append(RB.KNIGHT_MIGHTY)
    if after.knight_owner != state.knight_owner and any(
            a.road_length < b.road_length for a, b in zip(after.players, state.players,
                                                          strict=True)):
        out.append(RB.KNIGHT_BREAK_ROAD)
    return out


def _progress(state: CKState, action: Action) -> list[str]:
    """Progress cards played, drawn (at a gate, or by a tied defender) and discarded."""
    if isinstance(action, PlayProgress):
        return [RB.PROGRESS_PLAY, CARD_RULE[action.progress]]
    if isinstance(action, DrawProgress):
        out = [RB.BARBARIANS_TIE if state.event == D.SHIP else RB.DICE_GATE_DRAW]
        if action.progress in D.VP_CARDS:
            out += [RB.PROGRESS_VP_CARDS, CARD_RULE[action.progress]]
        return out
    if isinstance(action, ChooseDeck):
        return [RB.BARBARIANS_TIE]
    if isinstance(action, DiscardProgress):
        off = state.stage is Stage.PROGRESS_DISCARD and progress_discarder(state) != state.turn
        return [RB.PROGRESS_OFF_TURN if off else RB.PROGRESS_HAND_LIMIT]
    return []
