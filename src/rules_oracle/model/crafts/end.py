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


def legal(state: CraftsState, i: int) -> list[Action]:
    hand = state.hands[i]
    board = state.boards[i]
    out: list[Action] = [DISCARD[k] for k in CARD_RANGE if hand[k]]
    out.extend(SELL[r] for r in RES_RANGE if board[r])
    out.append(DONE)
    return out


def act(w: W, p: Params, i: int, a: Action) -> None:
    """Player ``i`` discards a hand card (RB.END_DISCARD), sells a resource to the bank
    (RB.END_SELL) or is done."""
    t = type(a)
    if t is Discard:
        assert isinstance(a, Discard)
        k = a.card
        if not (0 <= k < NK and w.hands[i][k]):
            raise RULES.illegal(RB.END_DISCARD, f"no card {k} in hand")
        w.hands = put(w.hands, i, bump(w.hands[i], k, -1))
        w.discard = bump(w.discard, k, 1)
    elif t is Sell:
        assert isinstance(a, Sell)
        r = a.resource
        if not (0 <= r < NR and w.boards[i][r]):
            raise RULES.illegal(RB.END_SELL, f"no resource {r} on your board")
        w.sell_one(i, r, p)
    elif t is Done:
        w.passed = put(w.passed, i, True)
    else:
        raise RULES.illegal(RB.END_SELL if t is Buy else RB.END_DISCARD,
                            f"at round end discard, sell or say done, not {a!r}")
