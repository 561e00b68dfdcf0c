"""The city events (the city side of a settlement/city card, "это событие"): a robber
raid, in which players over 7 cards give up half, one card a step from the builder on, and
a market day. The city's reveal is development's (:func:`model.catan_cards.development.reveal`)."""

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import Action, Discard
from rules_oracle.model.catan_cards.rules import RULES
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import bump, evolve, put


@implements(RB.EVENT_ROBBER_RAID)
def robber_raid(state: CardsState) -> CardsState:
    """Under catan_cards/robber-raid=half-over-7 players over 7 cards owe half of them."""
    if state.config.option("robber-raid") == "half-over-7":
        owed = tuple(sum(pl.hand) // 2 if sum(pl.hand) > D.RAID_LIMIT else 0
                     for pl in state.players)
        if any(owed):
            return evolve(state, discards=owed, stage=Stage.DISCARD)
    return state


@implements(RB.EVENT_MARKET_DAY)
def market_day(state: CardsState) -> CardsState:
    """Under catan_cards/market-day=draw-one every player, from the builder on, is owed a
    card from the stack (``drawing``; the game deals them)."""
    if state.config.option("market-day") == "draw-one":
        n = state.config.players
        return evolve(state, drawing=tuple((state.turn + i) % n for i in range(n)),
                      resume=Stage.DEVELOP)
    return state


def discarder(state: CardsState) -> int:
    """The first seat from the builder clockwise still owing cards in a robber raid."""
    n = state.config.players
    for i in range(n):
        q = (state.turn + i) % n
        if state.discards[q]:
            return q
    raise AssertionError("a raid stage with nothing owed")  # pragma: no cover


def discard_actions(state: CardsState) -> tuple[Action, ...]:
    hand = state.players[discarder(state)].hand
    return tuple(Discard(r) for r in range(D.N_RESOURCES) if hand[r])


def discard(state: CardsState, action: Action) -> CardsState:
    """One card of a robber raid to the discard pile (catan_cards/event.robber-raid)."""
    q = discarder(state)
    if not isinstance(action, Discard):
        raise RULES.illegal(
            RB.EVENT_ROBBER_RAID, f"{type(action).__name__}: seat {q} discards first"
        )
    hand = state.players[q].hand
    if not 0 <= action.resource < D.N_RESOURCES or not hand[action.resource]:
        raise RULES.illegal(RB.EVENT_ROBBER_RAID, f"seat {q} holds no {action.resource}")
    players = put(state.players, q, evolve(state.players[q],
                                           hand=bump(hand, action.resource, -1)))
    owed = bump(state.discards, q, -1)
    state = evolve(state, players=players, discard=bump(state.discard, action.resource),
                   discards=owed if any(owed) else ())
    return state if any(owed) else evolve(state, stage=Stage.DEVELOP)
