"""2. Рынок карт (the card market): six cards laid out, exchanges in turn, the redraw."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, Buy, Exchange, Pass, Redraw, Sell
from rules_oracle.model.crafts.ops import (
    CARD_RANGE,
    EXCHANGE,
    NK,
    PASS,
    REDRAW,
    ZERO_CARDS,
    Params,
    bump,
    evolve,
    next_unpassed,
    plus,
    put,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def open_market(s: CraftsState, n: int) -> CraftsState:
    """Six cards are laid out face up (RB.MARKET_SIX_CARDS), one chance draw each; the
    first player acts first (RB.MARKET_TURN_ORDER)."""
    return evolve(s, to_market=D.MARKET, passed=(False,) * n, exchanges=(0,) * n,
                  turn=s.first)


def close_market(s: CraftsState) -> CraftsState:
    """Everyone has passed: the market's cards go to the discard (RB.MARKET_TO_DISCARD)."""
    return evolve(s, discard=plus(s.discard, s.market), market=ZERO_CARDS)


def skip_passed(s: CraftsState) -> CraftsState:
    """A player who has passed takes no further turn (RB.MARKET_PASS)."""
    if s.passed[s.turn]:
        return evolve(s, turn=next_unpassed(s.passed, s.turn))
    return s


def can_redraw(hand: tuple[int, ...], p: Params) -> bool:
    """Whether ``hand`` may be discarded and redrawn (RB.MARKET_REDRAW; under
    ``redraw_hand=exactly-five`` only a hand of 5)."""
    size = sum(hand)
    return size == D.HAND if p.redraw_five else size > 0


def exchange_cost_rule(s: CraftsState, i: int) -> str | None:
    """Why player ``i`` cannot pay for an exchange now, or ``None``: the first is free
    (RB.MARKET_FREE_FIRST), every further one costs 2 coins (RB.MARKET_EXTRA_COST)."""
    if s.exchanges[i] and s.coins[i] < D.EXTRA_EXCHANGE:
        return RB.MARKET_EXTRA_COST
    return None


def exchange_rule(s: CraftsState, i: int, g: int, k: int) -> str | None:
    """Why player ``i`` may not give hand card ``g`` for market card ``k`` now, or ``None``:
    one hand card for one market card (RB.MARKET_EXCHANGE), paid for
    (``exchange_cost_rule``)."""
    if not (0 <= g < NK and s.hands[i][g]) or not (0 <= k < NK and s.market[k]):
        return RB.MARKET_EXCHANGE
    return exchange_cost_rule(s, i)


def redraw_rule(s: CraftsState, p: Params, i: int) -> str | None:
    """Why player ``i`` may not discard his hand and draw 5 now, or ``None``: only instead
    of the first free exchange (RB.MARKET_REDRAW_ONCE), a hand ``can_redraw``."""
    if s.exchanges[i]:
        return RB.MARKET_REDRAW_ONCE
    if not can_redraw(s.hands[i], p):
        return RB.MARKET_REDRAW
    return None


def legal(state: CraftsState, p: Params, i: int) -> list[Action]:
    """Player ``i``'s market choices: the exchanges and the redraw he may make, the pass."""
    hand = state.hands[i]
    out: list[Action] = []
    if exchange_cost_rule(state, i) is None:  # the pairs exchange_rule allows
        takes = [t for t in CARD_RANGE if state.market[t]]
        for g in CARD_RANGE:
            if hand[g]:
                row = EXCHANGE[g]
                out.extend(row[t] for t in takes)
    if redraw_rule(state, p, i) is None:
        out.append(REDRAW)
    out.append(PASS)
    return out


def act(s: CraftsState, p: Params, i: int, a: Action) -> CraftsState:
    """Player ``i`` exchanges, redraws or passes (RB.MARKET_PASS: he is out of the
    market); the turn goes on to the next player who has not passed (RB.MARKET_ROUNDS,
    clockwise: crafts/market-order)."""
    t = type(a)
    hand = s.hands[i]
    if t is Exchange:
        assert isinstance(a, Exchange)
        g, k = a.give, a.take
        rule = exchange_rule(s, i, g, k)
        if rule is not None:
            raise RULES.illegal(rule, f"cannot give card {g} for market card {k} now")
        if s.exchanges[i]:  # RB.MARKET_FREE_FIRST: only the first is free
            s = evolve(s, coins=bump(s.coins, i, -D.EXTRA_EXCHANGE),
                       bank=s.bank + D.EXTRA_EXCHANGE)
        return evolve(s, hands=put(s.hands, i, bump(bump(hand, g, -1), k, 1)),
                      market=bump(bump(s.market, k, -1), g, 1),
                      exchanges=bump(s.exchanges, i, 1), turn=next_unpassed(s.passed, i))
    if t is Redraw:
        rule = redraw_rule(s, p, i)
        if rule is not None:
            raise RULES.illegal(rule, f"cannot redraw a hand of {sum(hand)} now")
        # RB.MARKET_REDRAW_AFTER: the redraw counts as the free exchange
        return evolve(s, discard=plus(s.discard, hand), hands=put(s.hands, i, ZERO_CARDS),
                      owed=put(s.owed, i, D.HAND), exchanges=put(s.exchanges, i, 1),
                      turn=next_unpassed(s.passed, i))
    if t is Pass:
        passed = put(s.passed, i, True)
        return evolve(s, passed=passed, turn=next_unpassed(passed, i))
    if t is Sell:  # 'в фазе «Рынок карт» ..., когда продавать ресурсы уже нельзя'
        raise RULES.illegal(RB.MARKET_NO_SALE, "no resource is sold in the market")
    if t is Buy:  # trade belongs to the resolution of one's revealed card
        raise RULES.illegal(RB.TRADE_BEFORE_APPLY, "buy only while your revealed card"
                            " resolves, before you apply it")
    raise RULES.illegal(RB.MARKET_EXCHANGE, f"in the market exchange or pass, not {a!r}")
