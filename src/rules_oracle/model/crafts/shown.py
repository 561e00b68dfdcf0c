"""The rules a legal step of the crafts game shows (``CraftsGame.effect_rules``), for the
conformance vectors and the divergence report."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import final, setup
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    Action,
    Buy,
    Commit,
    Decline,
    Discard,
    Done,
    Draw,
    Exchange,
    FirstPlayer,
    Knight,
    MageDiscard,
    Pass,
    Redraw,
    ScoutPick,
    Sell,
    Steal,
    Stop,
    Withdraw,
)
from rules_oracle.model.crafts.ops import EFFECT_TYPES, params
from rules_oracle.model.crafts.state import (
    TASK_MAGE,
    CraftsState,
    Stage,
)

IS_BUILDING = D.IS_BUILDING
VP = D.VP


def effect_rules(state: CraftsState, action: Action, after: CraftsState) -> tuple[str, ...]:
    """The rules whose effect the legal step ``state --action--> after`` shows."""
    out: list[str] = []
    t = type(action)
    if state.phase == Stage.DEAL and state.round == 1 and state.first < 0 \
            and sum(state.deck) == D.TOTAL_CARDS:  # the first step: the set-up
        out += setup.shown()
    if t is Draw:
        out.append(RB.SETUP_SHUFFLE)
        if state.to_market and not any(state.owed):
            out.append(RB.MARKET_SIX_CARDS)
        elif state.phase == Stage.DEAL:
            out.append(RB.ROUND_DEAL_FIRST if state.round == 1 else RB.ROUND_REFILL)
        elif state.phase == Stage.RESOLVE:
            out.append(RB.CARD_MAGE_DRAW if state.task == TASK_MAGE else RB.CARD_SCOUTING_DRAW)
        if sum(after.deck) + sum(after.discard) == sum(state.deck) + sum(state.discard) - 1 \
                and sum(after.deck) > sum(state.deck) - 1:
            out.append(RB.GAME_RESHUFFLE)
    elif t is FirstPlayer:
        out.append(RB.ROUND_FIRST_RANDOM)
    elif t is ScoutPick:
        out.append(RB.CARD_SCOUTING)
    elif t is Exchange:
        free = state.exchanges[state.turn] == 0
        out += [RB.MARKET_EXCHANGE, RB.MARKET_TURN_ORDER, RB.MARKET_ROUNDS,
                RB.MARKET_FREE_FIRST if free else RB.MARKET_EXTRA_COST]
    elif t is Redraw:  # it uses up the free exchange: every later one costs 2
        out += [RB.MARKET_REDRAW, RB.MARKET_REDRAW_AFTER, RB.MARKET_TURN_ORDER,
                RB.MARKET_ROUNDS]
    elif t is Pass:
        out += [RB.MARKET_PASS, RB.MARKET_TURN_ORDER]
        if after.phase != Stage.MARKET:
            out.append(RB.MARKET_TO_DISCARD)
    elif t is Commit:
        out += [RB.PLAY_STEPS, RB.PLAY_COMMIT]
    elif t is Stop:
        out.append(RB.PLAY_MAY_STOP)
    elif t is MageDiscard:
        out.append(RB.CARD_MAGE_DISCARD)
    elif (t is Buy or t is Sell) and state.phase == Stage.RESOLVE:
        out += [RB.TRADE_BEFORE_APPLY, RB.TRADE_PRICES, RB.TRADE_OWN_BOARD, RB.TRADE_BANK]
    elif t is Sell:
        out += [RB.END_SELL, RB.TRADE_PRICES]
    elif t is Discard:
        out.append(RB.END_DISCARD)
    elif t is Decline or t is Withdraw:
        out += [RB.PLAY_CANNOT_APPLY, RB.PLAY_DECLINED_NO_VP,
                RB.PLAY_DECLINE_DISCARD if t is Decline else RB.PLAY_WITHDRAW]
    elif t in EFFECT_TYPES:
        i = state.turn
        c = state.committed[i]
        out += [RB.PLAY_OWN_CARD, RB.CARD_RULES[c], RB.PLAY_CLOCKWISE, RB.PLAY_TABLE]
        if not IS_BUILDING[c]:
            out += [RB.PLAY_ACTIONS_FIRST, RB.COMPONENTS_ACTIONS_NO_VP]
        if VP[c]:
            out.append(RB.PLAY_VP)
            p = params(state.config)
            old = state.scores[i]
            # the spaces the marker reaches past its start (past its furthest under
            # track_repeat=once, as play.forward collects them)
            low = max(old, state.best[i]) if p.track_once else old
            if (old + VP[c]) // p.spacing > low // p.spacing:
                out.append(RB.PLAY_TRACK_RESOURCE)
        if t is Knight:
            out.append(RB.CARD_CASTLE_SETBACK)
        elif t is Steal:
            out.append(RB.CARD_THEFT_TYPE)
    elif t is Done and after.phase == Stage.OVER:
        out += final.shown()
    if state.phase in (Stage.COMMIT, Stage.RESOLVE) and after.phase == Stage.END:
        out += [RB.PLAY_END, RB.END_TABLE_DISCARD]
    if after.round != state.round:
        out += [RB.GAME_ROUNDS, RB.ROUND_FIRST_LOWEST]
        low = min(after.scores)
        if sum(1 for x in after.scores if x == low) > 1:
            out.append(RB.ROUND_FIRST_TIE)
        if any(sum(h) > D.HAND for h in after.hands):
            out.append(RB.ROUND_KEEP_EXTRA)
    return tuple(dict.fromkeys(out))
