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

from collections.abc import Sequence

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Action,
    Answer,
    Counter,
    MaritimeTrade,
    MaritimeTradeAt,
    OfferCard,
    Propose,
    TradeWith,
    Withdraw,
)
from rules_oracle.model.catan.ops import (
    PairMemo,
    bump,
    covers,
    evolve,
    evolve_dict,
    in_range,
    minus,
    plus,
    set_player,
)
from rules_oracle.model.catan.state import CatanState, Offer, S
from rules_oracle.model.core import IllegalAction

_EMPTY = D.NO_CARDS
#: (intersection, harbour position) for every intersection at a harbour
HARBOUR_NODES = tuple((n, h) for n, h in enumerate(B.NODE_HARBOUR) if h >= 0)


#: :func:`rates` by the owners' and harbours' identity
_RATES: PairMemo[tuple[int, ...]] = PairMemo()


def rates(node_owner: tuple[int, ...], harbours: tuple[int, ...], p: int) -> tuple[int, ...]:
    """``p``'s maritime rate for each resource: 4, 3 with a generic harbour, 2 with the
    resource's own harbour (a building on one of the harbour's two intersections); a trade
    uses the best of them (catan/maritime-rate); remembered by the owners' and harbours'
    identity."""
    known = _RATES.get(node_owner, harbours, p)
    if known is not None:
        return known
    out = [D.BANK_RATE] * D.N_RESOURCES
    for n, h in HARBOUR_NODES:
        if node_owner[n] != p:
            continue
        kind = harbours[h]
        if kind == D.GENERIC:
            out = [min(x, D.GENERIC_RATE) for x in out]
        elif 0 <= kind < D.N_RESOURCES:
            out[kind] = D.SPECIAL_RATE
    return _RATES.put(node_owner, harbours, p, tuple(out))


def has_rate(node_owner: tuple[int, ...], harbours: tuple[int, ...], p: int, g: int,
             rate: int) -> bool:
    """Whether ``rate`` is one of ``p``'s rates for resource ``g`` (catan/trade.maritime: 4
    always, 3 with a generic harbour, 2 with ``g``'s special harbour), the best or not."""
    if rate == D.BANK_RATE:
        return True
    want = D.GENERIC if rate == D.GENERIC_RATE else g if rate == D.SPECIAL_RATE else None
    return want is not None and any(node_owner[n] == p and harbours[h] == want
                                    for n, h in HARBOUR_NODES)


def trade_rule(state: CatanState) -> str | None:
    """Why the player on turn may not trade now, or ``None``."""
    if state.built and state.config.option("phases") == "separate":
        return RB.TRADE_PHASE
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
    bank = state.bank
    out: list[Action] = [trade for g in range(D.N_RESOURCES) if hand[g] >= rate[g]
                         for t, trade in _MARITIME[g] if bank[t]]
    if state.config.option("rate") == "any":  # catan/maritime-rate: the worse rates too
        out += [MaritimeTradeAt(g, t, r) for g in range(D.N_RESOURCES)
                for r in (D.GENERIC_RATE, D.BANK_RATE)
                if rate[g] < r <= hand[g]
                and has_rate(state.node_owner, state.harbours, p, g, r)
                for t in range(D.N_RESOURCES) if t != g and bank[t]]
    return out


#: per resource given, (resource got, the trade) for every other resource
_MARITIME = tuple(tuple((t, MaritimeTrade(g, t)) for t in range(D.N_RESOURCES) if t != g)
                  for g in range(D.N_RESOURCES))


def maritime(state: CatanState, action: MaritimeTrade) -> CatanState:
    why = trade_rule(state)
    if why is not None:
        raise RB.RULES.illegal(why, "no trade now")
    g, t = action.give, action.get
    if not (in_range(g, D.N_RESOURCES) and in_range(t, D.N_RESOURCES)) or g == t:
        raise RB.RULES.illegal(RB.TRADE_DIFFERENT_RESOURCES, f"give {g!r} for {t!r}")
    p = state.turn
    pl = state.players[p]
    rate = rates(state.node_owner, state.harbours, p)[g]
    if pl.hand[g] < rate:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"{rate} {D.RESOURCES[g]} needed")
    if not state.bank[t]:
        raise RB.RULES.illegal(RB.TRADE_HAS_CARDS, f"the bank has no {D.RESOURCES[t]}")
    return _pay_bank(state, g, t, rate)


def maritime_at(state: CatanState, action: MaritimeTradeAt) -> CatanState:
    """A trade at a named rate worse than the player's best (only under ``rate=any``,
    catan/maritime-rate; the best rate is ``MaritimeTrade``)."""
    why = trade_rule(state)
    if why is not None:
        raise RB.RULES.illegal(why, "no trade now")
    g, t, rate = action.give, action.get, action.rate
    if not (in_range(g, D.N_RESOURCES) and in_range(t, D.N_RESOURCES)) or g == t:
        raise RB.RULES.illegal(RB.TRADE_DIFFERENT_RESOURCES, f"give {g!r} for {t!r}")
    p = state.turn
    if not isinstance(rate, int) or isinstance(rate, bool) \
            or not has_rate(state.node_owner, state.harbours, p, g, rate):
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"{rate!r}:1 is not a rate player {p} has"
                               f" for {D.RESOURCES[g]}")
    best = rates(state.node_owner, state.harbours, p)[g]
    if rate <= best:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"{rate}:1 is the best rate for"
                               f" {D.RESOURCES[g]}: a MaritimeTrade")
    if state.config.option("rate") != "any":
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"only the best rate, {best}:1, under"
                               " catan/maritime-rate=best")
    if state.players[p].hand[g] < rate:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"{rate} {D.RESOURCES[g]} needed")
    if not state.bank[t]:
        raise RB.RULES.illegal(RB.TRADE_HAS_CARDS, f"the bank has no {D.RESOURCES[t]}")
    return _pay_bank(state, g, t, rate)


def _pay_bank(state: CatanState, g: int, t: int, rate: int) -> CatanState:
    """The player on turn gives ``rate`` cards of ``g`` to the bank for one ``t``."""
    p = state.turn
    pl = state.players[p]
    hand = bump(bump(pl.hand, g, -rate), t, 1)
    return set_player(state, p, evolve_dict(pl, hand=hand),
                      bank=bump(bump(state.bank, g, rate), t, -1), trades=state.trades + 1)


# -- domestic ----------------------------------------------------------------------------------
def open_actions(state: CatanState) -> list[Action]:
    """``OfferCard``s that open an offer from the main phase: an offer opens with a card the
    player on turn gives (every offer has one, so no offer is lost by this order)."""
    if trade_rule(state) is not None or state.offers >= D.OFFERS_PER_TURN:
        return []
    hand = state.players[state.turn].hand
    return [_OPENING[r] for r in range(D.N_RESOURCES) if hand[r]]


#: the card that opens an offer, per resource given
_OPENING = tuple(OfferCard(True, r) for r in range(D.N_RESOURCES))


def open_offer(state: CatanState, action: OfferCard) -> CatanState:
    why = trade_rule(state)
    if why is not None:
        raise RB.RULES.illegal(why, "no trade now")
    if state.offers >= D.OFFERS_PER_TURN:
        raise RB.RULES.illegal(RB.TRADE_OFFER_LIMIT, "no more offers this turn")
    if not action.give:
        raise RB.RULES.illegal(RB.TRADE_DOMESTIC, "an offer opens with a card given")
    offer = Offer(phase="build", give=_EMPTY, get=_EMPTY)
    offer = _add(offer, state, action, state.turn)
    return evolve_dict(state, offer=offer, offers=state.offers + 1, stage=S.TRADE)


def trade_actor(state: CatanState) -> int:
    return offer_actor(state.offer, state.turn)


def offer_actor(offer: Offer | None, turn: int) -> int:
    """Who acts on an offer: the responder answering or countering, else the player on
    turn ``turn``."""
    assert offer is not None
    return offer.responder if offer.phase in ("respond", "counter") else turn


def _hands(state: CatanState) -> tuple[tuple[int, ...], ...]:
    return tuple(pl.hand for pl in state.players)


def card_ok(offer: Offer, hands: Sequence[tuple[int, ...]], turn: int, give: bool, r: int,
            counter: bool) -> str | None:
    """Why one more card may not go on a side, or ``None``. Sides are seen from the player
    on turn: an on-turn ``give`` card is in ``give``, a responder's in ``counter_get``.
    Only the cards a player gives are checked against a hand, its own: a card asked for is
    not checked against the other's hidden hand (a responder countering does not learn the
    hand of the player on turn; that player's answer needs the cards instead).
    The card kinds are those of the offer's sides (resources here; an expansion's offers
    may be wider)."""
    if not in_range(r, len(offer.give)):
        return RB.TRADE_DIFFERENT_RESOURCES
    mine, theirs = ((offer.counter_get, offer.counter_give) if counter
                    else (offer.give, offer.get))
    side, other = (mine, theirs) if give else (theirs, mine)
    if other[r]:
        return RB.TRADE_DIFFERENT_RESOURCES
    if sum(side) >= D.OFFER_CARDS:
        return RB.TRADE_OFFER_LIMIT
    if give and hands[offer.responder if counter else turn][r] <= side[r]:
        return RB.TRADE_HAS_CARDS
    return None


def add_card(offer: Offer, hands: Sequence[tuple[int, ...]], turn: int, action: OfferCard,
             who: int) -> Offer:
    """``offer`` with the card of ``action`` added by ``who`` (raises when it may not)."""
    counter = offer.phase == "counter"
    why = card_ok(offer, hands, turn, action.give, action.resource, counter)
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


def _add(offer: Offer, state: CatanState, action: OfferCard, who: int) -> Offer:
    return add_card(offer, _hands(state), state.turn, action, who)


def responders(turn: int, players: int) -> tuple[int, ...]:
    """The seats answering an offer, in seat order after the player on turn
    (catan/domestic-trade-order)."""
    return tuple((turn + i) % players for i in range(1, players))


#: the card steps of an offer per number of card kinds: (given, asked for) per kind, made
#: once (steps are immutable values, so every offer's list shares them)
_CARDS: dict[int, tuple[tuple[OfferCard, ...], tuple[OfferCard, ...]]] = {}
_PROPOSE = Propose()
_WITHDRAW = Withdraw()

#: a responder's and the player on turn's steps, by whether he may accept
_RESPOND: dict[bool, tuple[Action, ...]] = {True: (Answer(True), Answer(False), Counter()),
                                           False: (Answer(False), Counter())}
_CONSIDER: dict[bool, tuple[Action, ...]] = {True: (Answer(True), Answer(False)),
                                            False: (Answer(False),)}


def _cards(kinds: int) -> tuple[tuple[OfferCard, ...], tuple[OfferCard, ...]]:
    made = _CARDS.get(kinds)
    if made is None:
        made = _CARDS[kinds] = (tuple(OfferCard(True, r) for r in range(kinds)),
                                tuple(OfferCard(False, r) for r in range(kinds)))
    return made


def offer_actions(offer: Offer, hands: Sequence[tuple[int, ...]], turn: int
                  ) -> tuple[Action, ...]:
    """The legal steps on an offer in progress."""
    ph = offer.phase
    if ph in ("build", "counter"):
        counter = ph == "counter"
        # card_ok of every card, with what it reads of the offer read once: a card given
        # goes on the mover's side while it is not asked for, under the limit and in hand;
        # a card asked for on the other side while it is not given, under the limit
        mine, theirs = ((offer.counter_get, offer.counter_give) if counter
                        else (offer.give, offer.get))
        give, ask = _cards(len(offer.give))
        kinds = range(len(give))
        out: list[Action] = []
        if sum(mine) < D.OFFER_CARDS:
            hand = hands[offer.responder if counter else turn]
            out.extend(give[r] for r in kinds if not theirs[r] and hand[r] > mine[r])
        if sum(theirs) < D.OFFER_CARDS:
            out.extend(ask[r] for r in kinds if not mine[r])
        sides = (offer.counter_give, offer.counter_get) if counter else (offer.give, offer.get)
        if sum(sides[0]) and sum(sides[1]):
            out.append(_PROPOSE)
        out.append(_WITHDRAW)
        return tuple(out)
    if ph == "respond":
        return _RESPOND[covers(hands[offer.responder], offer.get)]
    if ph == "consider":
        return _CONSIDER[covers(hands[turn], offer.counter_give)]
    return (*(TradeWith(p) for p in offer.accepted), _WITHDRAW)


def trade_actions(state: CatanState) -> tuple[Action, ...]:
    offer = state.offer
    assert offer is not None
    return offer_actions(offer, _hands(state), state.turn)


def _close(state: CatanState) -> CatanState:
    return evolve_dict(state, offer=None, stage=S.MAIN)


def _exchange(state: CatanState, other: int, give: tuple[int, ...],
              get: tuple[int, ...]) -> CatanState:
    """The player on turn gives ``give`` to ``other`` and receives ``get``."""
    p = state.turn
    me, them = state.players[p], state.players[other]
    state = set_player(state, p, evolve_dict(me, hand=plus(minus(me.hand, give), get)))
    state = set_player(state, other, evolve_dict(them, hand=plus(minus(them.hand, get), give)))
    return _close(evolve_dict(state, trades=state.trades + 1))


def _next_responder(offer: Offer, turn: int, players: int) -> Offer | None:
    """The offer passed to the next responder, or to the choice among those who accepted;
    ``None`` when nobody is left and nobody accepted (the offer closes)."""
    order = responders(turn, players)
    empty = (0,) * len(offer.give)
    i = order.index(offer.responder) + 1
    if i < len(order):
        return evolve(offer, phase="respond", responder=order[i], counter_give=empty,
                      counter_get=empty)
    if offer.accepted:
        return evolve(offer, phase="choose", responder=-1, counter_give=empty,
                      counter_get=empty)
    return None


def _wrong(action: Action, phase: str) -> IllegalAction:
    return RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of a trade's"
                            f" {phase} phase")


#: the outcome of a step on an offer: the offer goes on, closes (``None``), or a trade is
#: made: (partner, cards the player on turn gives, cards he gets)
OfferResult = Offer | tuple[int, tuple[int, ...], tuple[int, ...]] | None


def offer_step(offer: Offer, hands: Sequence[tuple[int, ...]], turn: int, players: int,
               action: Action) -> OfferResult:
    """One step on an offer in progress (raises ``IllegalAction`` naming the rule)."""
    ph = offer.phase
    if ph in ("build", "counter"):
        who = offer.responder if ph == "counter" else turn
        if isinstance(action, OfferCard):
            return add_card(offer, hands, turn, action, who)
        if isinstance(action, Propose):
            counter = ph == "counter"
            sides = ((offer.counter_give, offer.counter_get) if counter
                     else (offer.give, offer.get))
            if not (sum(sides[0]) and sum(sides[1])):
                raise RB.RULES.illegal(
                    RB.TRADE_DIFFERENT_RESOURCES, "an offer needs a card on each side"
                )
            if counter:
                return evolve(offer, phase="consider")
            return evolve(offer, phase="respond", responder=responders(turn, players)[0])
        if isinstance(action, Withdraw):
            return _next_responder(offer, turn, players) if ph == "counter" else None
        raise _wrong(action, ph)
    if ph == "respond":
        if isinstance(action, Answer):
            if action.accept:
                if not covers(hands[offer.responder], offer.get):
                    raise RB.RULES.illegal(RB.TRADE_HAS_CARDS, f"player {offer.responder} lacks"
                                           " the cards asked for")
                offer = evolve(offer, accepted=(*offer.accepted, offer.responder))
            return _next_responder(offer, turn, players)
        if isinstance(action, Counter):
            return evolve(offer, phase="counter")
        raise _wrong(action, ph)
    if ph == "consider":
        if isinstance(action, Answer):
            if action.accept:
                if not covers(hands[turn], offer.counter_give):
                    raise RB.RULES.illegal(RB.TRADE_HAS_CARDS, f"player {turn} lacks the cards"
                                           " the counter-offer asks for")
                return (offer.responder, offer.counter_give, offer.counter_get)
            return _next_responder(offer, turn, players)
        raise _wrong(action, ph)
    if isinstance(action, TradeWith):
        if action.player not in offer.accepted:
            raise RB.RULES.illegal(RB.TRADE_DOMESTIC, f"player {action.player!r} did not accept")
        return (action.player, offer.give, offer.get)
    if isinstance(action, Withdraw):
        return None
    raise _wrong(action, ph)


def trade_step(state: CatanState, action: Action) -> CatanState:
    offer = state.offer
    assert offer is not None
    result = offer_step(offer, _hands(state), state.turn, state.config.players, action)
    if result is None:
        return _close(state)
    if isinstance(result, Offer):
        return evolve_dict(state, offer=result)
    partner, give, get = result
    return _exchange(state, partner, give, get)
