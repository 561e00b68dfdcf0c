"""2. Рынок карт (the card market): six cards laid out, exchanges in turn, the redraw."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, Exchange, Pass, Redraw
from rules_oracle.model.crafts.ops import (
    CARD_RANGE,
    EXCHANGE,
    NK,
    PASS,
    REDRAW,
    ZERO_CARDS,
    Params,
    W,
    bump,
    next_unpassed,
    plus,
    put,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def open_market(w: W, n: int) -> None:
    """Six cards are laid out face up (RB.MARKET_SIX_CARDS), one chance draw each; the
    first player acts first (RB.MARKET_TURN_ORDER)."""
    w.to_market = D.MARKET
    w.passed = (False,) * n
    w.exchanges = (0,) * n
    w.turn = w.first


def close_market(w: W) -> None:
    """Everyone has passed: the market's cards go to the discard (RB.MARKET_TO_DISCARD)."""
    w.discard = plus(w.discard, w.market)
    w.market = ZERO_CARDS


def skip_passed(w: W) -> None:
    """A player who has passed takes no further turn (RB.MARKET_PASS)."""
    if w.passed[w.turn]:
        w.turn = next_unpassed(w.passed, w.turn)


def can_redraw(hand: tuple[int, ...], p: Params) -> bool:
    """Whether ``hand`` may be discarded and redrawn (RB.MARKET_REDRAW; under
    ``redraw_hand=exactly-five`` only a hand of 5)."""
    size = sum(hand)
    return size == D.HAND if p.redraw_five else size > 0


def legal(state: CraftsState, p: Params, i: int) -> list[Action]:
    """Player ``i``'s market choices: exchanges he can pay for, the redraw, the pass."""
    hand = state.hands[i]
    out: list[Action] = []
    if state.exchanges[i] == 0 or state.coins[i] >= D.EXTRA_EXCHANGE:
        takes = [t for t in CARD_RANGE if state.market[t]]
        for g in CARD_RANGE:
            if hand[g]:
                row = EXCHANGE[g]
                out.extend(row[t] for t in takes)
    if state.exchanges[i] == 0 and can_redraw(hand, p):
        out.append(REDRAW)
    out.append(PASS)
    return out


def act(w: W, p: Params, i: int, a: Action) -> None:
    """Player ``i`` exchanges, redraws or passes."""
    t = type(a)
    hand = w.hands[i]
    if t is Exchange:
        assert isinstance(a, Exchange)
        g, k = a.give, a.take
        # RB.MARKET_EXCHANGE: one hand card for one market card
        if not (0 <= g < NK and hand[g]):
            raise RULES.illegal(RB.MARKET_EXCHANGE, f"no card {g} in hand to exchange")
        if not (0 <= k < NK and w.market[k]):
            raise RULES.illegal(RB.MARKET_EXCHANGE, f"no card {k} in the market")
        if w.exchanges[i]:  # RB.MARKET_FREE_FIRST: only the first is free
            if w.coins[i] < D.EXTRA_EXCHANGE:
                raise RULES.illegal(RB.MARKET_EXTRA_COST, "a further exchange costs 2 coins")
            w.coins = bump(w.coins, i, -D.EXTRA_EXCHANGE)
            w.bank += D.EXTRA_EXCHANGE
        w.hands = put(w.hands, i, bump(bump(hand, g, -1), k, 1))
        w.market = bump(bump(w.market, k, -1), g, 1)
        w.exchanges = bump(w.exchanges, i, 1)
        w.turn = next_unpassed(w.passed, i)
    elif t is Redraw:
        if w.exchanges[i]:
            raise RULES.illegal(RB.MARKET_REDRAW_ONCE,
                                "a redraw replaces the first free exchange only")
        if not can_redraw(hand, p):
            raise RULES.illegal(RB.MARKET_REDRAW, f"cannot redraw a hand of {sum(hand)}")
        w.discard = plus(w.discard, hand)
        w.hands = put(w.hands, i, ZERO_CARDS)
        w.owed = put(w.owed, i, D.HAND)
        # RB.MARKET_REDRAW_AFTER: the redraw counts as the free exchange
        w.exchanges = put(w.exchanges, i, 1)
        w.turn = next_unpassed(w.passed, i)
    elif t is Pass:
        w.passed = put(w.passed, i, True)
        w.turn = next_unpassed(w.passed, i)
    else:
        raise RULES.illegal(RB.MARKET_EXCHANGE, f"in the market exchange or pass, not {a!r}")
