"""Trade: maritime trade with the bank at each card's rate (RB.TRADE_MARITIME), and domestic
trade, base Catan's offers (:func:`model.catan.trade.offer_step` and its kin) over the 8
cards of Cities & Knights; a rejection names ``cities_knights/trade.domestic`` (or the actor
rule)."""

from collections.abc import Callable
from typing import TypeVar, cast

from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan import rules as BRB
from rules_oracle.model.catan import trade as BT
from rules_oracle.model.catan.actions import (
    Answer,
    Counter,
    MaritimeTrade,
    OfferCard,
    Propose,
    TradeWith,
    Withdraw,
)
from rules_oracle.model.catan.ops import bump, evolve, in_range, minus, plus
from rules_oracle.model.catan.state import Offer
from rules_oracle.model.catan.trade import HARBOUR_NODES, rates
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action
from rules_oracle.model.cities_knights.common import Links, set_player
from rules_oracle.model.cities_knights.state import CKState, Player, Stage
from rules_oracle.model.core import IllegalAction
from rules_oracle.model.core.ops import by_identity

T = TypeVar("T")
_STEPS = (OfferCard, Propose, Withdraw, Answer, Counter, TradeWith)


def _hands(state: CKState) -> tuple[tuple[int, ...], ...]:
    return _player_hands(state.players)


@by_identity
def _player_hands(players: tuple[Player, ...]) -> tuple[tuple[int, ...], ...]:
    """The players' hands (remembered per players: an offer's steps leave them as they are,
    and its legal steps and the step taken read them both)."""
    return tuple(pl.hand for pl in players)


def _as_ours(step: Callable[[], T]) -> T:
    """Run a base trade step; its rejection names this game's rule."""
    try:
        return step()
    except IllegalAction as exc:
        rule = RB.TURN_ACTOR if exc.rule == BRB.TURN_ACTOR else RB.TRADE_DOMESTIC
        raise RB.RULES.illegal(rule, f"{exc.message} ({exc.rule})") from None


def _limit(state: CKState) -> str | None:
    if state.trades >= D.TRADES_PER_TURN or state.offers >= BD.OFFERS_PER_TURN:
        return RB.TRADE_LIMIT
    return None


def open_actions(state: CKState) -> list[Action]:
    """``OfferCard``s that open an offer (an offer opens with a card given)."""
    if _limit(state) is not None:
        return []
    hand = state.players[state.turn].hand
    return [_OPENING[c] for c in range(D.N_CARDS) if hand[c]]


#: the card that opens an offer, per card given (steps are immutable values, made once)
_OPENING = tuple(OfferCard(True, c) for c in range(D.N_CARDS))


def open_offer(state: CKState, action: OfferCard) -> CKState:
    why = _limit(state)
    if why is not None:
        raise RB.RULES.illegal(why, "no more offers this turn")
    if not action.give:
        raise RB.RULES.illegal(RB.TRADE_DOMESTIC, "an offer opens with a card given")
    empty = D.NO_CARDS
    offer = Offer(phase="build", give=empty, get=empty, counter_give=empty, counter_get=empty)
    hands, turn = _hands(state), state.turn
    offer = _as_ours(lambda: BT.add_card(offer, hands, turn, action, turn))
    return evolve(state, offer=offer, offers=state.offers + 1, stage=Stage.TRADE)


def trade_actor(state: CKState) -> int:
    return BT.offer_actor(state.offer, state.turn)


def trade_actions(state: CKState) -> tuple[Action, ...]:
    offer = state.offer
    assert offer is not None
    # every step on an offer is one of the trade action classes, all in ``Action``
    return cast(tuple[Action, ...], BT.offer_actions(offer, _hands(state), state.turn))


def trade_step(state: CKState, action: Action) -> CKState:
    offer = state.offer
    assert offer is not None
    if not isinstance(action, _STEPS):
        raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of a trade")
    step = action
    hands, turn, n = _hands(state), state.turn, state.config.players
    result = _as_ours(lambda: BT.offer_step(offer, hands, turn, n, step))
    if result is None:
        return evolve(state, offer=None, stage=Stage.MAIN)
    if isinstance(result, Offer):
        return evolve(state, offer=result)
    other, give, get = result
    me, them = state.players[turn], state.players[other]
    state = set_player(state, turn, evolve(me, hand=plus(minus(me.hand, give), get)))
    state = set_player(state, other, evolve(them, hand=plus(minus(them.hand, get), give)))
    return evolve(state, trades=state.trades + 1, offer=None, stage=Stage.MAIN)


def card_rates(state: CKState, p: int, links: Links) -> tuple[int, ...]:
    """``p``'s bank rate per card: base Catan's harbours for resources; commodities 4:1 or
    3:1 at a generic harbour, 2:1 with the trading house; 2:1 for the merchant's resource
    and the Merchant Fleets' cards."""
    base = rates(state.node_owner, state.harbours, p)
    generic = any(state.node_owner[n] == p and state.harbours[h] == BD.GENERIC
                  for n, h in HARBOUR_NODES)
    commodity = links.commodity_rate(state, p, generic)
    out = [*base, commodity, commodity, commodity]
    if state.merchant_owner == p and state.merchant >= 0:
        r = BD.YIELD[state.terrain[state.merchant]]
        if r >= 0:
            out[r] = BD.SPECIAL_RATE
    for c in state.fleet:
        out[c] = BD.SPECIAL_RATE
    return tuple(out)


def maritime_actions(state: CKState, links: Links) -> list[Action]:
    if state.trades >= D.TRADES_PER_TURN:
        return []
    p = state.turn
    hand = state.players[p].hand
    rate = card_rates(state, p, links)
    bank = state.bank
    return [_MARITIME[g][t] for g in range(D.N_CARDS) if hand[g] >= rate[g]
            for t in range(D.N_CARDS) if t != g and bank[t]]


#: the bank trades, per card given and card got (made once)
_MARITIME = tuple(tuple(MaritimeTrade(g, t) for t in range(D.N_CARDS))
                  for g in range(D.N_CARDS))


def maritime(state: CKState, action: MaritimeTrade, links: Links) -> CKState:
    if state.trades >= D.TRADES_PER_TURN:
        raise RB.RULES.illegal(RB.TRADE_LIMIT, "no more trades this turn")
    g, t = action.give, action.get
    if not (in_range(g, D.N_CARDS) and in_range(t, D.N_CARDS)) or g == t:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"give {g!r} for {t!r}")
    p = state.turn
    pl = state.players[p]
    rate = card_rates(state, p, links)[g]
    if pl.hand[g] < rate:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"{rate} {D.CARDS[g]} needed")
    if not state.bank[t]:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"the bank has no {D.CARDS[t]}")
    hand = bump(bump(pl.hand, g, -rate), t, 1)
    return set_player(state, p, evolve(pl, hand=hand),
                      bank=bump(bump(state.bank, g, rate), t, -1), trades=state.trades + 1)
