"""Crafts' shared helpers for its chapter modules (no rules here): the configuration's
readings, the seat orders, the working copy a step is applied on, the bank's pebbles and
the prebuilt actions ``legal_actions`` returns.

The game-independent helpers over count tuples (``model.core.ops``) are re-exported.
"""

from rules_oracle.model.core.game import Config
from rules_oracle.model.core.ops import bump, plus, put
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.actions import (
    Apply,
    Buy,
    Commit,
    Decline,
    Discard,
    Done,
    Draw,
    Exchange,
    Knight,
    MageDiscard,
    Pass,
    Rebuild,
    Redraw,
    Scout,
    ScoutPick,
    Sell,
    Steal,
    Stop,
    Withdraw,
)
from rules_oracle.model.crafts.state import CraftsState

__all__ = [
    "APPLY", "BUY", "CARD_RANGE", "COMMIT", "DECLINE", "DISCARD", "DONE", "DRAW",
    "EFFECT_TYPES", "EXCHANGE", "KNIGHT", "MAGE_DISCARD", "NK", "NR", "ORDERS", "PASS",
    "PICK", "PLAIN", "REBUILD", "REDRAW", "RES_RANGE", "SCOUT", "SELL", "STEAL", "STOP", "WITHDRAW",
    "ZERO_CARDS", "ZERO_RES", "Params", "W", "bump", "next_unpassed", "params", "plus", "put",
]

NK = D.NK
NR = D.NR
ZERO_CARDS = (0,) * NK
ZERO_RES = (0,) * NR
CARD_RANGE = range(NK)
RES_RANGE = range(NR)

# -- prebuilt actions (legal_actions returns these shared instances) -------------------
DRAW = tuple(Draw(k) for k in CARD_RANGE)
PICK = tuple(ScoutPick(k) for k in CARD_RANGE)
COMMIT = tuple(Commit(k) for k in CARD_RANGE)
MAGE_DISCARD = tuple(MageDiscard(k) for k in CARD_RANGE)
DISCARD = tuple(Discard(k) for k in CARD_RANGE)
REBUILD = tuple(Rebuild(k) for k in CARD_RANGE)
EXCHANGE = tuple(tuple(Exchange(g, t) for t in CARD_RANGE) for g in CARD_RANGE)
BUY = tuple(Buy(r) for r in RES_RANGE)
SELL = tuple(Sell(r) for r in RES_RANGE)
PASS = Pass()
REDRAW = Redraw()
STOP = Stop()
APPLY = Apply()
DECLINE = Decline()
WITHDRAW = Withdraw()
DONE = Done()
KNIGHT = tuple(Knight(t) for t in range(-1, 6))  # KNIGHT[t + 1]
SCOUT = tuple(Scout(t) for t in range(6))
STEAL = tuple(tuple(Steal(v, r) for r in RES_RANGE) for v in range(6))

#: the action types that apply a revealed card
EFFECT_TYPES = frozenset((Apply, Knight, Scout, Rebuild, Steal))

#: card kinds applied with a plain Apply
PLAIN = frozenset(
    (D.LUMBER, D.FARM, D.CHARCOAL, D.BAKERY, D.KVASS_YARD, D.HUNTER, D.ORE, D.CRYSTAL_MINE,
     D.LAB, D.ARMORY, D.MAGE, D.FAIR)
)

#: ORDERS[players][first]: the players clockwise from ``first``
ORDERS = {
    n: tuple(tuple((f + d) % n for d in range(n)) for f in range(n)) for n in range(2, 7)
}


class Params:
    """The variant readings of a configuration, resolved once."""

    __slots__ = (
        "buy", "castle_any", "castle_collect", "castle_forbid", "coin_nearest", "deck_later",
        "fair_nonempty", "fair_played", "fair_revealed",
        "final_value", "first_self", "levels", "limited", "players", "recon_lose",
        "redraw_five", "scout_any", "scout_empty", "sell", "spacing", "stop_withdraw",
        "track_once",
    )

    def __init__(self, config: Config) -> None:
        o = config.option
        self.players = config.players
        self.levels = D.LEVELS_DEPTH if o("levels") == "depth" else D.LEVELS_TWO_TIER
        prices = D.PRICES_GRADED if o("prices") == "graded" else D.PRICES_FLAT
        self.buy = tuple(b for b, _ in prices)
        self.sell = tuple(s for _, s in prices)
        self.spacing = D.TRACK_SPACING[o("track_spaces")]
        self.limited = o("pebbles") == "limited"
        self.castle_any = o("castle_target") == "any"
        self.castle_forbid = o("castle_floor") == "forbid"
        self.recon_lose = o("reconstruction_points") == "lose"
        self.fair_revealed = o("fair_count") == "revealed"
        self.fair_played = o("fair_count") == "played"
        self.final_value = o("final_sale") == "value"
        self.track_once = o("track_repeat") == "once"
        self.first_self = o("first_tie") == "self"
        self.coin_nearest = o("coin_rounding") == "nearest"
        self.scout_any = o("scouting_target") == "any"
        self.scout_empty = o("scouting_empty") == "draw"
        self.redraw_five = o("redraw_hand") == "exactly-five"
        self.castle_collect = o("castle_setback") == "collect"
        self.deck_later = o("deck_rebuild") == "next-draw"
        self.fair_nonempty = o("empty_fair") == "decline"
        self.stop_withdraw = o("commit_stop") == "withdraw"


_PARAMS: dict[Config, Params] = {}


def params(config: Config) -> Params:
    p = _PARAMS.get(config)
    if p is None:
        p = _PARAMS[config] = Params(config)
    return p


def next_unpassed(passed: tuple[bool, ...], i: int) -> int:
    """The next seat clockwise after ``i`` that has not passed (-1: none)."""
    n = len(passed)
    for d in range(1, n + 1):
        j = (i + d) % n
        if not passed[j]:
            return j
    return -1


class W:
    """A mutable working copy of a state a step is applied on: its fields are replaced
    (with the kernel's tuple helpers), the tuples never mutated; ``freeze`` gives the next
    state."""

    __slots__ = (
        "bank", "best", "boards", "coins", "committed", "config", "deck", "declined", "discard",
        "exchanges", "first", "hands", "market", "owed", "passed", "phase", "round", "scores",
        "stopped", "table", "task", "task_count", "task_player", "to_market", "turn",
    )

    def __init__(self, s: CraftsState) -> None:
        self.config = s.config
        self.round = s.round
        self.phase = s.phase
        self.turn = s.turn
        self.first = s.first
        self.scores = s.scores
        self.best = s.best
        self.coins = s.coins
        self.boards = s.boards
        self.bank = s.bank
        self.deck = s.deck
        self.discard = s.discard
        self.market = s.market
        self.to_market = s.to_market
        self.hands = s.hands
        self.table = s.table
        self.committed = s.committed
        self.passed = s.passed
        self.exchanges = s.exchanges
        self.declined = s.declined
        self.owed = s.owed
        self.task = s.task
        self.task_player = s.task_player
        self.task_count = s.task_count
        self.stopped = s.stopped

    def freeze(self) -> CraftsState:
        return CraftsState(
            self.config, self.round, self.phase, self.turn, self.first, self.scores, self.best,
            self.coins, self.boards, self.bank, self.deck, self.discard, self.market,
            self.to_market, self.hands, self.table, self.committed, self.passed, self.exchanges,
            self.declined, self.owed, self.task, self.task_player, self.task_count,
            self.stopped,
        )

    # -- the bank's pebbles ------------------------------------------------------------
    def take(self, n: int, p: Params) -> int:
        """Take up to ``n`` pebbles from the bank (all ``n`` when the pool is unlimited)."""
        if p.limited and n > self.bank:
            n = max(self.bank, 0)
        self.bank -= n
        return n

    def gain_resource(self, i: int, r: int, n: int, p: Params) -> None:
        got = self.take(n, p)
        if got:
            board = self.boards[i]
            self.boards = put(self.boards, i, bump(board, r, got))

    def gain_coins(self, i: int, n: int, p: Params) -> None:
        got = self.take(n, p)
        if got:
            self.coins = bump(self.coins, i, got)

    def sell_one(self, i: int, r: int, p: Params) -> None:
        """One pebble of resource ``r`` from player ``i``'s board to the bank, for its sell
        price (trade.prices) as far as the bank can pay."""
        self.boards = put(self.boards, i, bump(self.boards[i], r, -1))
        self.bank += 1
        self.gain_coins(i, p.sell[r], p)
