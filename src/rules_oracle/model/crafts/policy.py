"""The ``eager`` play policy of the crafts game (``CraftsGame.policy_weights``): weights
that carry play on and into the deep chains (no rules here)."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.actions import Action, Buy, Commit, Decline, Done, Pass, Redraw, Sell
from rules_oracle.model.crafts.ops import EFFECT_TYPES, Params, params
from rules_oracle.model.crafts.state import (
    TASK_MAGE,
    CraftsState,
    Stage,
)

INPUTS = tuple(c.inputs for c in D.CARDS)
CARD_COINS = tuple(c.coins for c in D.CARDS)
IS_BUILDING = D.IS_BUILDING
VP = D.VP


def weights(state: CraftsState,
            actions: tuple[Action, ...]) -> tuple[int, ...] | None:
    """Weights for ``eager`` play: carry play on and into the deep chains.

    Commit a card that can be applied (or made applicable by buying its missing
    inputs) rather than stop; buy what the revealed card lacks; apply rather than
    decline; after the free exchange mostly pass (paid exchanges drain the coins
    the chains need); at round end keep cards and resources. Every legal action
    keeps a weight of at least 1.
    """
    ph = state.phase
    if ph == Stage.COMMIT:
        return _commit_weights(state, actions)
    if ph == Stage.RESOLVE:
        if state.task == TASK_MAGE:
            return None
        return _resolve_weights(state, actions)
    n = len(actions)
    if ph == Stage.MARKET:
        paid = state.exchanges[state.turn] > 0
        return tuple(
            (2 * n if paid else 1 + n // 8) if type(a) is Pass
            else 2 if type(a) is Redraw else 1
            for a in actions)
    if ph == Stage.END:
        return tuple(max(4, n) if type(a) is Done else 1 for a in actions)
    return None

def _shortfall(board: tuple[int, ...], coins: int, c: int, p: Params) -> int:
    """Coins player needs to buy what card ``c`` lacks (-1: he cannot afford it)."""
    need = 0
    for r in INPUTS[c]:
        if not board[r]:
            need += p.buy[r]
    return need if need + CARD_COINS[c] <= coins else -1

def _commit_weights(s: CraftsState, actions: tuple[Action, ...]) -> tuple[int, ...]:
    i = s.turn
    p = params(s.config)
    board = s.boards[i]
    coins = s.coins[i]
    out = []
    for a in actions:
        if type(a) is not Commit:
            out.append(1)  # Stop
            continue
        c = a.card
        if IS_BUILDING[c]:
            short = _shortfall(board, coins, c, p)
            w = 2 if short < 0 else 8 if short else 20
            if w > 2 and VP[c] >= 5:
                w *= 3  # the deep cards: laboratory, armory, castle, mage tower
        elif c == D.FAIR:
            w = 4 + 4 * sum(s.table[i])
        elif c == D.RECONSTRUCTION:
            w = 10 if any(s.table[i]) else 2
        else:
            w = 6
        out.append(w)
    return tuple(out)

def _resolve_weights(s: CraftsState, actions: tuple[Action, ...]) -> tuple[int, ...]:
    i = s.turn
    c = s.committed[i]
    board = s.boards[i]
    inputs = INPUTS[c]
    effects = sum(1 for a in actions if type(a) in EFFECT_TYPES)
    lacks = any(not board[r] for r in inputs) or s.coins[i] < CARD_COINS[c]
    out = []
    for a in actions:
        t = type(a)
        if t in EFFECT_TYPES:
            w = 1 + 60 // effects
        elif t is Buy:
            assert isinstance(a, Buy)
            w = 40 if a.resource in inputs and not board[a.resource] else 1
        elif t is Sell:
            assert isinstance(a, Sell)
            w = 4 if lacks and a.resource not in inputs else 1
        elif t is Decline:
            w = 1 if effects else 3
        else:
            w = 1  # Withdraw
        out.append(w)
    return tuple(out)

