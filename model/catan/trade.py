"""Trading: maritime trade with the bank (4:1, 3:1 and 2:1 at harbours) and domestic trade
between the player on turn and the others, in atomic steps.

Domestic trade (stage ``trade``, state field ``offer``; docs/games/catan.md has the
steps): the player on turn opens an offer with a card it gives (``OfferCard``),
adds cards one at a time (at most ``data.OFFER_CARDS`` a side, only cards it holds on
its own side, no resource on both sides), then ``Propose``s or ``Withdraw``s. Every other
player, in seat order from the next, answers (``Answer``) or builds a counter-offer
(``Counter``, then ``OfferCard``s seen from the responder, then ``Propose`` or
``Withdraw``), which the player on turn accepts (the trade is made) or declines (the next
player answers). When all have answered, the player on turn trades with one who accepted
(``TradeWith``) or withdraws. Every set of legal actions has at most 12 members.
"""

from model.catan import board as B
from model.catan import data as D
from model.catan import rules as RB
from model.catan.actions import (
    Action,
    Answer,
    Counter,
    MaritimeTrade,
    OfferCard,
    Propose,
    TradeWith,
    Withdraw,
)
from model.catan.ops import bump, covers, evolve, in_range, minus, plus, set_player
from model.catan.state import CatanState, Offer, Stage
from model.core import IllegalAction

_EMPTY = D.NO_CARDS
#: (intersection, harbour position) for every intersection at a harbour
HARBOUR_NODES = tuple((n, h) for n, h in enumerate(B.NODE_HARBOUR) if h >= 0)


def rates(node_owner: tuple[int, ...], harbours: tuple[int, ...], p: int) -> tuple[int, ...]:
    """``p``'s maritime rate for each resource: 4, 3 with a generic harbour, 2 with the
    resource's own harbour (a building on one of the harbour's two intersections)."""
    out = [D.BANK_RATE] * D.N_RESOURCES
    for n, h in HARBOUR_NODES:
        if node_owner[n] != p:
            continue
        kind = harbours[h]
        if kind == D.GENERIC:
            out = [min(x, D.GENERIC_RATE) for x in out]
        elif 0 <= kind < D.N_RESOURCES:
            out[kind] = D.SPECIAL_RATE
    return tuple(out)


def trade_rule(state: CatanState) -> str | None:
    """Why the player on turn may not trade now, or ``None``."""
    if state.built and state.config.option("phases") == "separate":
        return RB.PHASES
    if state.trades >= D.TRADES_PER_TURN:
        return RB.TRADE_LIMIT
    return None


# -- maritime ----------------------------------------------------------------------------------
def maritime_actions(state: CatanState) -> list[Action]:
    if trade_rule(state) is not None:
        return []
    p = state.turn
    hand = state.players[p].hand
    rate = rates(state.node_owner, state.harbours, p)
    return [MaritimeTrade(g, t) for g in range(D.N_RESOURCES) if hand[g] >= rate[g]
            for t in range(D.N_RESOURCES) if t != g and state.bank[t]]


def maritime(state: CatanState, action: MaritimeTrade) -> CatanState:
    why = trade_rule(state)
    if why is not None:
        raise RB.RULES.illegal(why, "no trade now")
    g, t = action.give, action.get
    if not (in_range(g, D.N_RESOURCES) and in_range(t, D.N_RESOURCES)) or g == t:
        raise RB.RULES.illegal(RB.TRADE_SAME, f"give {g!r} for {t!r}")
    p = state.turn
    pl = state.players[p]
    rate = rates(state.node_owner, state.harbours, p)[g]
    if pl.hand[g] < rate:
        raise RB.RULES.illegal(RB.MARITIME, f"{rate} {D.RESOURCES[g]} needed")
    if not state.bank[t]:
        raise RB.RULES.illegal(RB.TRADE_CARDS, f"the bank has no {D.RESOURCES[t]}")
    hand = bump(bump(pl.hand, g, -rate), t, 1)
    return set_player(state, p, evolve(pl, hand=hand),
                      bank=bump(bump(state.bank, g, rate), t, -1), trades=state.trades + 1)


# -- domestic ----------------------------------------------------------------------------------
def open_actions(state: CatanState) -> list[Action]:
    """``OfferCard``s that open an offer from the main phase: an offer opens with a card the
    player on turn gives (every offer has one, so no offer is lost by this order)."""
    if trade_rule(state) is not None or state.offers >= D.OFFERS_PER_TURN:
        return []
    hand = state.players[state.turn].hand
    return [OfferCard(True, r) for r in range(D.N_RESOURCES) if hand[r]]


def open_offer(state: CatanState, action: OfferCard) -> CatanState:
    why = trade_rule(state)
    if why is not None:
        raise RB.RULES.illegal(why, "no trade now")
    if state.offers >= D.OFFERS_PER_TURN:
        raise RB.RULES.illegal(RB.OFFER_LIMIT, "no more offers this turn")
    if not action.give:
        raise RB.RULES.illegal(RB.DOMESTIC, "an offer opens with a card given")
    offer = Offer(phase="build", give=_EMPTY, get=_EMPTY)
    offer = _add(offer, state, action, state.turn)
    return evolve(state, offer=offer, offers=state.offers + 1, stage=Stage.TRADE)


def trade_actor(state: CatanState) -> int:
    offer = state.offer
    assert offer is not None
    return offer.responder if offer.phase in ("respond", "counter") else state.turn


def _card_ok(offer: Offer, state: CatanState, give: bool, r: int, counter: bool) -> str | None:
    """Why one more card may not go on a side, or ``None``. Sides are seen from the player
    on turn: an on-turn ``give`` card is in ``give``, a responder's in ``counter_get``."""
    if not in_range(r, D.N_RESOURCES):
        return RB.TRADE_SAME
    mine, theirs = ((offer.counter_get, offer.counter_give) if counter
                    else (offer.give, offer.get))
    side, other = (mine, theirs) if give else (theirs, mine)
    if other[r]:
        return RB.TRADE_SAME
    if sum(side) >= D.OFFER_CARDS:
        return RB.OFFER_LIMIT
    giver = (offer.responder if give else state.turn) if counter else (
        state.turn if give else -1)
    if giver >= 0 and state.players[giver].hand[r] <= side[r]:
        return RB.TRADE_CARDS
    return None


def _add(offer: Offer, state: CatanState, action: OfferCard, who: int) -> Offer:
    counter = offer.phase == "counter"
    why = _card_ok(offer, state, action.give, action.resource, counter)
    if why is not None:
        raise RB.RULES.illegal(why, f"player {who} cannot add {action.resource!r} to the"
                               f" {'given' if action.give else 'asked'} cards")
    r = action.resource
    if counter:
        if action.give:
            return evolve(offer, counter_get=bump(offer.counter_get, r, 1))
        return evolve(offer, counter_give=bump(offer.counter_give, r, 1))
    if action.give:
        return evolve(offer, give=bump(offer.give, r, 1))
    return evolve(offer, get=bump(offer.get, r, 1))


def _responders(state: CatanState) -> tuple[int, ...]:
    n = state.config.players
    return tuple((state.turn + i) % n for i in range(1, n))


def trade_actions(state: CatanState) -> tuple[Action, ...]:
    offer = state.offer
    assert offer is not None
    ph = offer.phase
    if ph in ("build", "counter"):
        counter = ph == "counter"
        out: list[Action] = [OfferCard(give, r) for give in (True, False)
                             for r in range(D.N_RESOURCES)
                             if _card_ok(offer, state, give, r, counter) is None]
        sides = (offer.counter_give, offer.counter_get) if counter else (offer.give, offer.get)
        if sum(sides[0]) and sum(sides[1]):
            out.append(Propose())
        out.append(Withdraw())
        return tuple(out)
    if ph == "respond":
        hand = state.players[offer.responder].hand
        yes = [Answer(True)] if covers(hand, offer.get) else []
        return (*yes, Answer(False), Counter())
    if ph == "consider":
        return (Answer(True), Answer(False))
    return (*(TradeWith(p) for p in offer.accepted), Withdraw())


def _close(state: CatanState) -> CatanState:
    return evolve(state, offer=None, stage=Stage.MAIN)


def _exchange(state: CatanState, other: int, give: tuple[int, ...],
              get: tuple[int, ...]) -> CatanState:
    """The player on turn gives ``give`` to ``other`` and receives ``get``."""
    p = state.turn
    me, them = state.players[p], state.players[other]
    state = set_player(state, p, evolve(me, hand=plus(minus(me.hand, give), get)))
    state = set_player(state, other, evolve(them, hand=plus(minus(them.hand, get), give)))
    return _close(evolve(state, trades=state.trades + 1))


def _next_responder(state: CatanState, offer: Offer) -> CatanState:
    order = _responders(state)
    i = order.index(offer.responder) + 1
    if i < len(order):
        return evolve(state, offer=evolve(
            offer, phase="respond", responder=order[i], counter_give=_EMPTY,
            counter_get=_EMPTY))
    if offer.accepted:
        return evolve(state, offer=evolve(
            offer, phase="choose", responder=-1, counter_give=_EMPTY, counter_get=_EMPTY))
    return _close(state)


def _wrong(action: Action, phase: str) -> IllegalAction:
    return RB.RULES.illegal(RB.ACTOR, f"{type(action).__name__} is not a step of a trade's"
                            f" {phase} phase")


def trade_step(state: CatanState, action: Action) -> CatanState:
    offer = state.offer
    assert offer is not None
    ph = offer.phase
    if ph in ("build", "counter"):
        who = offer.responder if ph == "counter" else state.turn
        if isinstance(action, OfferCard):
            return evolve(state, offer=_add(offer, state, action, who))
        if isinstance(action, Propose):
            counter = ph == "counter"
            sides = ((offer.counter_give, offer.counter_get) if counter
                     else (offer.give, offer.get))
            if not (sum(sides[0]) and sum(sides[1])):
                raise RB.RULES.illegal(RB.TRADE_SAME, "an offer needs a card on each side")
            if counter:
                return evolve(state, offer=evolve(offer, phase="consider"))
            first = _responders(state)[0]
            return evolve(state, offer=evolve(offer, phase="respond",
                                                          responder=first))
        if isinstance(action, Withdraw):
            return _next_responder(state, offer) if ph == "counter" else _close(state)
        raise _wrong(action, ph)
    if ph == "respond":
        if isinstance(action, Answer):
            if action.accept:
                if not covers(state.players[offer.responder].hand, offer.get):
                    raise RB.RULES.illegal(RB.TRADE_CARDS, f"player {offer.responder} lacks"
                                           " the cards asked for")
                offer = evolve(offer, accepted=(*offer.accepted, offer.responder))
            return _next_responder(state, offer)
        if isinstance(action, Counter):
            return evolve(state, offer=evolve(offer, phase="counter"))
        raise _wrong(action, ph)
    if ph == "consider":
        if isinstance(action, Answer):
            if action.accept:
                return _exchange(state, offer.responder, offer.counter_give, offer.counter_get)
            return _next_responder(state, offer)
        raise _wrong(action, ph)
    if isinstance(action, TradeWith):
        if action.player not in offer.accepted:
            raise RB.RULES.illegal(RB.DOMESTIC, f"player {action.player} did not accept")
        return _exchange(state, action.player, offer.give, offer.get)
    if isinstance(action, Withdraw):
        return _close(state)
    raise _wrong(action, ph)
