"""Финальный подсчёт очков и определение победителя (final scoring): after round 4 the
resources are sold, the coins converted to points, and the furthest marker wins."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.ops import ORDERS, RES_RANGE, Params, evolve, sell_one
from rules_oracle.model.crafts.state import CraftsState


def coin_points(coins: int, p: Params) -> int:
    """Coins convert to points 4:1 (RB.FINAL_CONVERT), rounded down (or to the nearest
    under ``coin_rounding=nearest``)."""
    if p.coin_nearest:
        return (coins + 2) // D.COINS_PER_POINT
    return coins // D.COINS_PER_POINT


def score(s: CraftsState, p: Params) -> CraftsState:
    """Every resource is sold (RB.FINAL_SELL), in player order from the first player
    (crafts/final-sale); under ``final_sale=value`` what the bank could not pay still
    counts for the conversion."""
    unpaid = [0] * p.players
    sell = p.sell
    for i in ORDERS[p.players][s.first]:
        for r in RES_RANGE:
            for _ in range(s.boards[i][r]):
                before = s.coins[i]
                s = sell_one(s, i, r, p)
                unpaid[i] += sell[r] - (s.coins[i] - before)
    if not p.final_value:
        unpaid = [0] * p.players
    return evolve(s, scores=tuple(sc + coin_points(c + u, p)
                                  for sc, c, u in zip(s.scores, s.coins, unpaid, strict=True)))


def winners(state: CraftsState) -> tuple[int, ...]:
    """The furthest on the track win, all of them on a tie (RB.FINAL_WINNER)."""
    best = max(state.scores)
    return tuple(i for i, s in enumerate(state.scores) if s == best)


def shown() -> tuple[str, ...]:
    """The rules the step that ends the game shows."""
    return (RB.FINAL_SELL, RB.FINAL_CONVERT, RB.FINAL_WINNER)
