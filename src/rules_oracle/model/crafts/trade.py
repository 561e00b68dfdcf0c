"""Продажа и покупка ресурсов (buying and selling resources): with the bank, one unit a
step, at the board's prices, only before the revealed card is applied or declined."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, Buy, Sell
from rules_oracle.model.crafts.ops import BUY, NR, RES_RANGE, SELL, Params, W, bump, put
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def offers(state: CraftsState, p: Params, i: int) -> list[Action]:
    """Before he applies or declines his revealed card, player ``i`` may buy what his coins
    pay for and sell what is on his board (RB.TRADE_BEFORE_APPLY)."""
    coins = state.coins[i]
    board = state.boards[i]
    out: list[Action] = [BUY[r] for r in RES_RANGE if coins >= p.buy[r]]
    out.extend(SELL[r] for r in RES_RANGE if board[r])
    return out


def trade(w: W, p: Params, i: int, a: Buy | Sell, resolving: bool) -> None:
    """Player ``i`` buys one pebble onto his board or sells one from it, with the bank
    (RB.TRADE_BANK), while his revealed card resolves (``resolving``)."""
    if not resolving:
        raise RULES.illegal(RB.TRADE_NOT_AFTER, "trade only before applying your card")
    r = a.resource
    if not 0 <= r < NR:
        raise RULES.illegal(RB.TRADE_PRICES, f"no resource {r}")
    if type(a) is Buy:
        price = p.buy[r]  # RB.TRADE_PRICES: the buy price in coins
        if w.coins[i] < price:
            raise RULES.illegal(RB.TRADE_PRICES,
                                f"{D.RESOURCES[r]} costs {price}, you have {w.coins[i]}")
        w.coins = bump(w.coins, i, -price)
        w.bank += price - 1
        w.boards = put(w.boards, i, bump(w.boards[i], r, 1))
    else:
        if not w.boards[i][r]:  # RB.TRADE_OWN_BOARD: only what is on his own board
            raise RULES.illegal(RB.TRADE_OWN_BOARD, f"no {D.RESOURCES[r]} on your board")
        w.sell_one(i, r, p)  # for the sell price (RB.TRADE_PRICES)
