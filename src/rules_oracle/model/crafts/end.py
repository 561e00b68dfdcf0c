"""4. Окончание раунда (round end): the table cleared, then each player in turn discards
hand cards and sells resources, one a step, until he is done."""

from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, Buy, Discard, Done, Sell
from rules_oracle.model.crafts.ops import (
    CARD_RANGE,
    DISCARD,
    DONE,
    NK,
    NR,
    ORDERS,
    RES_RANGE,
    SELL,
    ZERO_CARDS,
    Params,
    W,
    bump,
    plus,
    put,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def clear_table(w: W, n: int) -> None:
    """Every card played in front of the players goes to the discard
    (RB.END_TABLE_DISCARD); then each player's round end, nobody done yet."""
    discard = w.discard
    for row in w.table:
        discard = plus(discard, row)
    w.discard = discard
    w.table = (ZERO_CARDS,) * n
    w.passed = (False,) * n


def next_player(w: W, n: int) -> bool:
    """Whether a player is not done yet (then it is the first such one's turn, clockwise
    from the first player)."""
    for i in ORDERS[n][w.first]:
        if not w.passed[i]:
            w.turn = i
            return True
    return False


def discard_rule(s: CraftsState | W, i: int, k: int) -> str | None:
    """Why player ``i`` may not discard hand card ``k``, or ``None`` (RB.END_DISCARD: any
    number of hand cards, one a step)."""
    return None if 0 <= k < NK and s.hands[i][k] else RB.END_DISCARD


def sell_rule(s: CraftsState | W, i: int, r: int) -> str | None:
    """Why player ``i`` may not sell a resource ``r`` pebble, or ``None`` (RB.END_SELL: any
    number from his board, one a step, to the bank)."""
    return None if 0 <= r < NR and s.boards[i][r] else RB.END_SELL


def legal(state: CraftsState, i: int) -> list[Action]:
    out: list[Action] = [DISCARD[k] for k in CARD_RANGE if discard_rule(state, i, k) is None]
    out.extend(SELL[r] for r in RES_RANGE if sell_rule(state, i, r) is None)
    out.append(DONE)
    return out


def act(w: W, p: Params, i: int, a: Action) -> None:
    """Player ``i`` discards a hand card, sells a resource or is done."""
    t = type(a)
    if t is Discard:
        assert isinstance(a, Discard)
        k = a.card
        rule = discard_rule(w, i, k)
        if rule is not None:
            raise RULES.illegal(rule, f"no card {k} in hand")
        w.hands = put(w.hands, i, bump(w.hands[i], k, -1))
        w.discard = bump(w.discard, k, 1)
    elif t is Sell:
        assert isinstance(a, Sell)
        r = a.resource
        rule = sell_rule(w, i, r)
        if rule is not None:
            raise RULES.illegal(rule, f"no resource {r} on your board")
        w.sell_one(i, r, p)
    elif t is Done:
        w.passed = put(w.passed, i, True)
    else:
        raise RULES.illegal(RB.END_SELL if t is Buy else RB.END_DISCARD,
                            f"at round end discard, sell or say done, not {a!r}")
