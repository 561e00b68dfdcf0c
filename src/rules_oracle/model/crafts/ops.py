"""Crafts' shared helpers for its chapter modules (no rules here): the configuration's
readings, the seat orders, the bank's pebbles and the prebuilt actions ``legal_actions``
returns.

The game-independent helpers over count tuples (``model.core.ops``) are re-exported.
"""

from fractions import Fraction
from typing import TypeVar

from rules_oracle.model.core.chance import counted
from rules_oracle.model.core.game import Config
from rules_oracle.model.core.ops import bump, evolve, plus, put
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

A = TypeVar("A")

__all__ = [
    "APPLY", "BUY", "CARD_RANGE", "COMMIT", "DECLINE", "DISCARD", "DONE", "DRAW",
    "EFFECT_TYPES", "EXCHANGE", "KNIGHT", "MAGE_DISCARD", "NK", "NR", "ORDERS", "PASS",
    "PICK", "PLAIN", "REBUILD", "REDRAW", "RES_RANGE", "SCOUT", "SELL", "STEAL", "STOP", "WITHDRAW",
    "ZERO_CARDS", "ZERO_RES", "Params", "bump", "evolve", "gain_coins", "gain_resource",
    "next_unpassed", "params", "pile_outcomes", "plus", "put", "sell_one", "take",
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


# -- one card drawn from a pile (exact probabilities from a shared table) ------------------
_SHARES: dict[int, tuple[Fraction, ...]] = {}


def _shares(total: int) -> tuple[Fraction, ...]:
    """``n / total`` for every ``n`` up to ``total``, built once per total."""
    row = _SHARES.get(total)
    if row is None:
        row = _SHARES[total] = tuple(Fraction(n, total) for n in range(total + 1))
    return row


def pile_outcomes(pile: tuple[int, ...],
                  actions: tuple[A, ...]) -> tuple[tuple[A, Fraction], ...]:
    """One card drawn from ``pile`` (counts by kind): ``actions[k]`` with probability
    ``pile[k] / total``, kinds in order, absent kinds left out (as
    ``model.core.chance.draw_outcomes`` gives them, their weights remembered)."""
    total = sum(pile)
    if not total:
        raise ValueError("draw from an empty multiset")
    row = _shares(total)
    return counted(tuple([(actions[k], row[n]) for k, n in enumerate(pile) if n]),
                   [n for n in pile if n], total)


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


# -- the bank's pebbles ------------------------------------------------------------------
def take(s: CraftsState, n: int, p: Params) -> int:
    """How many of ``n`` pebbles the bank gives: all ``n`` when the pool is unlimited, else
    what it holds."""
    if p.limited and n > s.bank:
        return max(s.bank, 0)
    return n


def gain_resource(s: CraftsState, i: int, r: int, n: int, p: Params) -> CraftsState:
    """Player ``i`` takes ``n`` pebbles of resource ``r`` from the bank (as far as it
    holds them)."""
    got = take(s, n, p)
    if not got:
        return s
    return evolve(s, bank=s.bank - got, boards=put(s.boards, i, bump(s.boards[i], r, got)))


def gain_coins(s: CraftsState, i: int, n: int, p: Params) -> CraftsState:
    """Player ``i`` takes ``n`` coins from the bank (as far as it holds them)."""
    got = take(s, n, p)
    if not got:
        return s
    return evolve(s, bank=s.bank - got, coins=bump(s.coins, i, got))


def sell_one(s: CraftsState, i: int, r: int, p: Params) -> CraftsState:
    """One pebble of resource ``r`` from player ``i``'s board to the bank, for its sell
    price (trade.prices) as far as the bank can pay."""
    s = evolve(s, boards=put(s.boards, i, bump(s.boards[i], r, -1)), bank=s.bank + 1)
    return gain_coins(s, i, p.sell[r], p)
