"""4. Окончание раунда (round end): the table cleared, then each player in turn discards
hand cards and sells resources, one a step, until he is done."""

from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, Discard, Done, Sell
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
    bump,
    evolve,
    plus,
    put,
    sell_one,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def clear_table(s: CraftsState, n: int) -> CraftsState:
    """Every card played in front of the players goes to the discard
    (RB.END_TABLE_DISCARD); then each player's round end, nobody done yet."""
    discard = s.discard
    for row in s.table:
        discard = plus(discard, row)
    return evolve(s, discard=discard, table=(ZERO_CARDS,) * n, passed=(False,) * n)


def next_player(s: CraftsState, n: int) -> int:
    """The first player not done yet, clockwise from the first player, whose turn it is
    then (-1: everyone is done; crafts/round-end-order)."""
    for i in ORDERS[n][s.first]:
        if not s.passed[i]:
            return i
    return -1


def discard_rule(s: CraftsState, i: int, k: int) -> str | None:
    """Why player ``i`` may not discard hand card ``k``, or ``None`` (RB.END_DISCARD: any
    number of hand cards, one a step)."""
    return None if 0 <= k < NK and s.hands[i][k] else RB.END_DISCARD


def sell_rule(s: CraftsState, i: int, r: int) -> str | None:
    """Why player ``i`` may not sell a resource ``r`` pebble, or ``None`` (RB.END_SELL: any
    number from his board, one a step, to the bank)."""
    return None if 0 <= r < NR and s.boards[i][r] else RB.END_SELL


def legal(state: CraftsState, i: int) -> list[Action]:
    out: list[Action] = [DISCARD[k] for k in CARD_RANGE if discard_rule(state, i, k) is None]
    out.extend(SELL[r] for r in RES_RANGE if sell_rule(state, i, r) is None)
    out.append(DONE)
    return out


def act(s: CraftsState, p: Params, i: int, a: Action) -> CraftsState:
    """Player ``i`` discards a hand card, sells a resource or is done."""
    t = type(a)
    if t is Discard:
        assert isinstance(a, Discard)
        k = a.card
        rule = discard_rule(s, i, k)
        if rule is not None:
            raise RULES.illegal(rule, f"no card {k} in hand")
        return evolve(s, hands=put(s.hands, i, bump(s.hands[i], k, -1)),
                      discard=bump(s.discard, k, 1))
    if t is Sell:
        assert isinstance(a, Sell)
        r = a.resource
        rule = sell_rule(s, i, r)
        if rule is not None:
            raise RULES.illegal(rule, f"no resource {r} on your board")
        return sell_one(s, i, r, p)
    if t is Done:
        return evolve(s, passed=put(s.passed, i, True))
    raise RULES.illegal(RB.END_DISCARD, f"at round end discard, sell or say done, not {a!r}")
