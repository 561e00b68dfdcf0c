"""Продажа и покупка ресурсов (buying and selling resources): with the bank, one unit a
step, at the board's prices, only before the revealed card is applied or declined."""

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, Buy, Sell
from rules_oracle.model.crafts.ops import (
    BUY,
    NR,
    RES_RANGE,
    SELL,
    Params,
    bump,
    evolve,
    put,
    sell_one,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def trade_rule(s: CraftsState, p: Params, i: int, a: Buy | Sell) -> str | None:
    """Why player ``i`` may not buy or sell one pebble by ``a`` now, or ``None``: a buy
    costs the buy price in coins, a sale gives the sell price (RB.TRADE_PRICES), and only
    what is on his own board is sold (RB.TRADE_OWN_BOARD)."""
    r = a.resource
    if not 0 <= r < NR:
        return RB.TRADE_PRICES
    if type(a) is Buy:
        return None if s.coins[i] >= p.buy[r] else RB.TRADE_PRICES
    return None if s.boards[i][r] else RB.TRADE_OWN_BOARD


def offers(state: CraftsState, p: Params, i: int) -> list[Action]:
    """Before he applies or declines his revealed card, player ``i`` may buy and sell
    (RB.TRADE_BEFORE_APPLY): the trades ``trade_rule`` allows."""
    out: list[Action] = [BUY[r] for r in RES_RANGE if trade_rule(state, p, i, BUY[r]) is None]
    out.extend(SELL[r] for r in RES_RANGE if trade_rule(state, p, i, SELL[r]) is None)
    return out


def trade(s: CraftsState, p: Params, i: int, a: Buy | Sell, resolving: bool) -> CraftsState:
    """Player ``i`` buys one pebble onto his board or sells one from it, with the bank
    (RB.TRADE_BANK), while his revealed card resolves (``resolving``; during the commits
    no card of his is revealed: RB.TRADE_BEFORE_APPLY)."""
    if not resolving:  # the commits: no card of his is revealed yet (crafts/trade-window)
        raise RULES.illegal(RB.TRADE_BEFORE_APPLY, "trade only while your revealed card"
                            " resolves, before you apply it")
    rule = trade_rule(s, p, i, a)
    if rule is not None:
        raise RULES.illegal(rule, f"cannot {type(a).__name__.lower()} resource {a.resource}")
    r = a.resource
    if type(a) is Buy:
        price = p.buy[r]
        return evolve(s, coins=bump(s.coins, i, -price), bank=s.bank + price - 1,
                      boards=put(s.boards, i, bump(s.boards[i], r, 1)))
    return sell_one(s, i, r, p)  # for the sell price


def after_applied(message: str) -> IllegalAction:
    """The refusal of a trade once the trader's card is applied (RB.TRADE_NOT_AFTER): a buy
    or sale during his Mage tower's discards, and a buy at the round's end, where selling
    alone comes back (RB.END_SELL)."""
    return RULES.illegal(RB.TRADE_NOT_AFTER, message)
