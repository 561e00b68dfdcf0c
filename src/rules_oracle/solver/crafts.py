"""The Z3 encoding of the crafts card game (``model/crafts``).

Projection (integer variables; per player ``i`` and card kind ``k``, resource ``r``):

* counters: ``round``, ``phase`` (the ``PH_*`` numbers), ``turn``, ``first``,
  ``to_market``, ``task``, ``task_player``, ``task_count``, ``bank``;
* per player: ``score{i}``, ``best{i}``, ``coins{i}``, ``board{i}.{r}``,
  ``hand{i}.{k}``, ``table{i}.{k}``, ``committed{i}`` (-1 or a card kind),
  ``passed{i}`` (0/1), ``exchanges{i}``, ``declined{i}``, ``owed{i}``;
* piles: ``deck.{k}``, ``discard.{k}``, ``market.{k}``;
* the variant readings as 0/1 flags ``opt.<name>`` (constant in a game), so one
  encoding covers every reading of every option.

One action kind per action type of the model. Player kinds take the acting
player as parameter ``i`` (the model's actor is ``turn``); kinds resolving a
revealed card of any kind take it as ``card`` (tied to ``committed{i}`` by the
guard). Updates include the model's automatic transitions that follow an action
(the ``settle`` of ``model/crafts/game.py``: market close, play steps, the table
going to the discard, the next round's first player and draws, the final sale
and conversion), written as the same case analysis over the projection.
"""

from collections.abc import Callable, Sequence
from typing import Any

import z3

from rules_oracle.model.core.game import CHANCE, Config
from rules_oracle.model.core.stated import Stated
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    Action,
    Apply,
    Buy,
    Commit,
    Decline,
    Discard,
    Done,
    Draw,
    Exchange,
    FirstPlayer,
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
from rules_oracle.model.crafts.game import GAME, PLAIN
from rules_oracle.model.crafts.state import (
    TASK_MAGE,
    TASK_NONE,
    TASK_SCOUT,
    CraftsState,
    Stage,
)
from rules_oracle.solver.encoding import ActionKind, Encoding, Opening, Params, Vars
from rules_oracle.solver.terms import as_term

PH_DEAL, PH_FIRST, PH_MARKET, PH_COMMIT, PH_RESOLVE, PH_END, PH_OVER = map(int, Stage)  # 0..6
NK = D.NK
NR = D.NR
KS = range(NK)
RS = range(NR)
GRADED_BUY = tuple(b for b, _ in D.PRICES_GRADED)
GRADED_SELL = tuple(s for _, s in D.PRICES_GRADED)
FLAT_BUY, FLAT_SELL = D.PRICES_FLAT[0]
PLAIN_CARDS = tuple(sorted(PLAIN))
INPUTS = tuple(c.inputs for c in D.CARDS)
OUTPUTS = tuple(c.outputs for c in D.CARDS)
CARD_COINS = tuple(c.coins for c in D.CARDS)
#: crafts/card.fair, restated from its quote ("получите из банка по 2 Монеты"), not read
#: from the model's data: coins the Fair pays per card counted
FAIR_COINS = 2
#: crafts/card.castle-setback, restated from its quote ("передвиньте маркер любого игрока на
#: Счётчике очков на 4 деления назад"): the spaces the Castle sets a marker back
CASTLE_SETBACK = 4
#: the constants this encoding restates from the rules' quotes
STATED = (Stated("FAIR_COINS", FAIR_COINS, RB.CARD_RULES[D.FAIR]),
          Stated("CASTLE_SETBACK", CASTLE_SETBACK, RB.CARD_CASTLE_SETBACK))

#: the variant readings as flags: (flag, option, reading that sets it to 1)
OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("opt.two_tier", "levels", "two-tier"),
    ("opt.flat", "prices", "flat"),
    ("opt.every10", "track_spaces", "every10"),
    ("opt.limited", "pebbles", "limited"),
    ("opt.castle_any", "castle_target", "any"),
    ("opt.castle_forbid", "castle_floor", "forbid"),
    ("opt.recon_lose", "reconstruction_points", "lose"),
    ("opt.fair_revealed", "fair_count", "revealed"),
    ("opt.fair_played", "fair_count", "played"),
    ("opt.final_value", "final_sale", "value"),
    ("opt.track_once", "track_repeat", "once"),
    ("opt.first_self", "first_tie", "self"),
    ("opt.coin_nearest", "coin_rounding", "nearest"),
    ("opt.scout_any", "scouting_target", "any"),
    ("opt.scout_empty", "scouting_empty", "draw"),
    ("opt.redraw_five", "redraw_hand", "exactly-five"),
    ("opt.castle_collect", "castle_setback", "collect"),
    ("opt.deck_later", "deck_rebuild", "next-draw"),
    ("opt.fair_nonempty", "empty_fair", "decline"),
    ("opt.stop_withdraw", "commit_stop", "withdraw"),
)
FLAGS = tuple(f for f, _, _ in OPTIONS)

State = dict[str, Any]
#: settle variants for actions after which, by the guard and I, fewer cases are live
#: (the phase number + 100 * variant): the round-end phase after an action of a player who
#: has not passed (no round change) ...
END_STAY = 100 + PH_END
#: ... the market after an action that leaves the acting player (or, for a draw, the
#: player to act) unpassed: nothing happens ...
MARKET_STAY = 100 + PH_MARKET
#: ... resolution after a trade: the trading player's card is still to resolve
RESOLVE_STAY = 100 + PH_RESOLVE
Index = Any  # a Python int or a z3 integer term


# ---------------------------------------------------------------------------
# small term helpers
# ---------------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    return a is b or (z3.is_expr(a) and z3.is_expr(b) and bool(a.eq(b)))


def ite(c: Any, a: Any, b: Any) -> Any:
    """If(c, a, b), folding a constant condition and equal branches."""
    if isinstance(c, bool):
        return a if c else b
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    if _same(a, b):
        return a
    return z3.If(c, as_term(a), as_term(b))


def eq(x: Index, j: int) -> Any:
    """x == j, a Python bool when x is a Python int."""
    if isinstance(x, int):
        return x == j
    return x == j


def conj(*cs: Any) -> Any:
    if any(c is False for c in cs):
        return False
    rest = [c for c in cs if c is not True]
    if not rest:
        return True
    return rest[0] if len(rest) == 1 else z3.And(*rest)


def merge(c: Any, a: State, b: State) -> State:
    return {k: ite(c, a[k], b[k]) for k in a}


def pick(terms: Sequence[Any], idx: Index, default: Any = None) -> Any:
    """terms[idx] as an If chain (``default`` outside the range, else the last term)."""
    if isinstance(idx, int):
        if 0 <= idx < len(terms):
            return terms[idx]
        return default if default is not None else terms[-1]
    out = default if default is not None else terms[-1]
    last = len(terms) - 1 if default is None else len(terms)
    for j in range(last - 1, -1, -1):
        out = ite(idx == j, terms[j], out)
    return out


def zmin(a: Any, b: Any) -> Any:
    return z3.If(a <= b, a, b)


def zmax(a: Any, b: Any) -> Any:
    return z3.If(a >= b, a, b)


# variable names
def hand(i: int, k: int) -> str:
    return f"hand{i}.{k}"


def table(i: int, k: int) -> str:
    return f"table{i}.{k}"


def board(i: int, r: int) -> str:
    return f"board{i}.{r}"


PER_PLAYER = ("score", "best", "coins", "committed", "passed", "exchanges", "declined", "owed")
SCALARS = ("round", "phase", "turn", "first", "bank", "to_market", "task", "task_player",
           "task_count")


def variables_for(n: int) -> tuple[str, ...]:
    out: list[str] = list(SCALARS)
    out += [f"{p}.{k}" for p in ("deck", "discard", "market") for k in KS]
    for i in range(n):
        out += [f"{f}{i}" for f in PER_PLAYER]
        out += [board(i, r) for r in RS]
        out += [hand(i, k) for k in KS]
        out += [table(i, k) for k in KS]
    out += list(FLAGS)
    return tuple(out)


# ---------------------------------------------------------------------------
# the model's mechanics over the projection
# ---------------------------------------------------------------------------


class Mech:
    """Symbolic versions of the model's effects and automatic transitions for n players."""

    def __init__(self, n: int, general: bool = False) -> None:
        self.n = n
        #: ignore the settle variants (``*_STAY``): the model's full case analysis everywhere
        self.general = general
        self.orders = tuple(tuple((f + d) % n for d in range(n)) for f in range(n))

    # -- reading --------------------------------------------------------------
    def flag(self, s: Vars, name: str) -> Any:
        return s[name] == 1

    def sell_price(self, s: Vars, r: int) -> Any:
        return ite(self.flag(s, "opt.flat"), FLAT_SELL, GRADED_SELL[r])

    def buy_price(self, s: Vars, r: int) -> Any:
        return ite(self.flag(s, "opt.flat"), FLAT_BUY, GRADED_BUY[r])

    def level(self, s: Vars, r: int) -> Any:
        return ite(self.flag(s, "opt.two_tier"), D.LEVELS_TWO_TIER[r], D.LEVELS_DEPTH[r])

    def at(self, s: Vars, field: str, i: Index) -> Any:
        return pick([s[f"{field}{j}"] for j in range(self.n)], i)

    def cell(self, s: Vars, name: Callable[[int, int], str], i: Index, k: Index,
             width: int) -> Any:
        return pick([pick([s[name(j, c)] for c in range(width)], k) for j in range(self.n)], i)

    def hand_size(self, s: Vars, i: int) -> Any:
        return z3.Sum(*(s[hand(i, k)] for k in KS))

    def pile_size(self, s: Vars, pile: str) -> Any:
        return z3.Sum(*(s[f"{pile}.{k}"] for k in KS))

    def draws_pending(self, s: Vars) -> Any:
        return z3.Or(s["to_market"] > 0, *(s[f"owed{i}"] > 0 for i in range(self.n)))

    def piles_empty(self, s: Vars) -> Any:
        return self.pile_size(s, "deck") + self.pile_size(s, "discard") == 0

    def chance(self, s: Vars) -> Any:
        return z3.Or(self.draws_pending(s), s["phase"] == PH_FIRST, s["task"] == TASK_SCOUT)

    def first_in_order(self, s: Vars, start: Index, pred: Sequence[Any]) -> Any:
        """The first player j clockwise from ``start`` with pred[j], or -1."""
        chains = []
        for f in range(self.n):
            out: Any = z3.IntVal(-1)
            for j in reversed(self.orders[f]):
                out = ite(pred[j], j, out)
            chains.append(out)
        return pick(chains, start)

    def resolver(self, s: Vars) -> Any:
        n = self.n
        c = [s[f"committed{j}"] for j in range(n)]
        action = self.first_in_order(s, s["first"], [x >= D.SCOUTING for x in c])
        any_card = self.first_in_order(s, s["first"], [x >= 0 for x in c])
        return z3.If(action >= 0, action, any_card)

    # -- writing --------------------------------------------------------------
    def add(self, s: State, name: str, d: Any) -> None:
        s[name] = s[name] + d

    def add_at(self, s: State, field: str, i: Index, d: Any) -> None:
        for j in range(self.n):
            key = f"{field}{j}"
            s[key] = ite(eq(i, j), s[key] + d, s[key])

    def set_at(self, s: State, field: str, i: Index, v: Any) -> None:
        for j in range(self.n):
            key = f"{field}{j}"
            s[key] = ite(eq(i, j), v, s[key])

    def add_cell(self, s: State, name: Callable[[int, int], str], i: Index, k: Index,
                 width: int, d: Any) -> None:
        for j in range(self.n):
            for c in range(width):
                key = name(j, c)
                s[key] = ite(conj(eq(i, j), eq(k, c)), s[key] + d, s[key])

    def add_pile(self, s: State, pile: str, k: Index, d: Any) -> None:
        for c in KS:
            key = f"{pile}.{c}"
            s[key] = ite(eq(k, c), s[key] + d, s[key])

    def take(self, s: State, want: Any) -> Any:
        """W.take: up to ``want`` pebbles from the bank (all when unlimited); returns got."""
        bank = s["bank"]
        got = ite(z3.And(self.flag(s, "opt.limited"), as_term(want) > bank), zmax(bank, 0), want)
        s["bank"] = bank - got
        return got

    def gain_resource(self, s: State, i: Index, r: Index, want: Any) -> None:
        got = self.take(s, want)
        self.add_cell(s, board, i, r, NR, got)

    def gain_coins(self, s: State, i: Index, want: Any) -> None:
        got = self.take(s, want)
        self.add_at(s, "coins", i, got)

    def sell_one(self, s: State, i: Index, r: Index) -> None:
        self.add_cell(s, board, i, r, NR, -1)
        s["bank"] = s["bank"] + 1
        price = pick([self.sell_price(s, x) for x in RS], r)
        self.gain_coins(s, i, price)

    def forward(self, s: State, i: Index, vp: Any) -> None:
        """W.forward: the marker moves ``vp`` on; resource spaces passed give their pebble."""
        old = self.at(s, "score", i)
        best = self.at(s, "best", i)
        new = old + vp
        self.set_at(s, "score", i, new)
        low = ite(self.flag(s, "opt.track_once"), zmax(old, best), old)
        every10 = self.flag(s, "opt.every10")
        cycle = len(D.TRACK_CYCLE)
        # a card gives at most 8 points, so at most two spaces (5 apart) are passed
        assert 2 * min(D.TRACK_SPACING.values()) > D.MAX_CARD_VP
        for step in (1, 2):
            k5 = low / 5 + step
            k10 = low / 10 + step
            passed = ite(every10, k10 * 10 <= new, k5 * 5 <= new)
            res = ite(every10, (k10 - 1) % cycle, (k5 - 1) % cycle)
            got = self.take(s, ite(passed, 1, 0))
            for c, r in enumerate(D.TRACK_CYCLE):
                for j in range(self.n):
                    key = board(j, r)
                    s[key] = ite(conj(eq(i, j), res == c), s[key] + got, s[key])
        self.set_at(s, "best", i, zmax(new, best))

    def back(self, s: State, j: int) -> None:
        """W.back: a Castle's setback of player ``j``; under castle_setback=collect (and
        track_repeat=repeat) the resource space passed or stopped on going back gives its
        pebble (crafts/castle-setback-collect)."""
        key = f"score{j}"
        old = as_term(s[key])
        new = zmax(0, old - CASTLE_SETBACK)
        s[key] = new
        # a setback of 4 passes at most one space (spaces are 5 or 10 apart)
        assert min(D.TRACK_SPACING.values()) > CASTLE_SETBACK
        every10 = self.flag(s, "opt.every10")
        cycle = len(D.TRACK_CYCLE)
        q5 = (old - 1) / 5
        q10 = (old - 1) / 10
        q = ite(every10, q10, q5)
        space = ite(every10, q10 * 10, q5 * 5)
        on = z3.And(self.flag(s, "opt.castle_collect"), z3.Not(self.flag(s, "opt.track_once")),
                    q >= 1, space >= new)
        res = (q - 1) % cycle
        got = self.take(s, ite(on, 1, 0))
        for c, r in enumerate(D.TRACK_CYCLE):
            bkey = board(j, r)
            s[bkey] = ite(res == c, s[bkey] + got, s[bkey])

    # -- automatic transitions (model.crafts.game.settle) ------------------------
    def settle(self, s: State, phases: Sequence[int]) -> State:
        """The automatic transitions after an action; ``phases``: the phases s may be in."""
        pending = self.draws_pending(s)
        empty = self.piles_empty(s)
        lost = dict(s)
        lost["to_market"] = z3.IntVal(0)
        for i in range(self.n):
            lost[f"owed{i}"] = z3.IntVal(0)
        s1 = merge(z3.And(pending, empty), lost, s)
        go = self.by_phase(s1, phases)
        s2 = merge(s1["task"] == TASK_SCOUT, s1, go)
        return merge(z3.And(pending, z3.Not(empty)), s, s2)

    def by_phase(self, s: State, phases: Sequence[int]) -> State:
        handlers: dict[int, Callable[[State], State]] = {
            PH_DEAL: self.deal_settle,
            PH_MARKET: self.market_settle,
            PH_COMMIT: lambda x: self.commit_settle(x, True),
            PH_RESOLVE: self.resolve_settle,
            PH_END: self.end_settle,
            END_STAY: self.end_stay,
            MARKET_STAY: dict,
            RESOLVE_STAY: self.resolve_stay,
        }
        if self.general:
            phases = tuple(dict.fromkeys(ph % 100 for ph in phases))
        live = [ph for ph in phases if ph in handlers]
        if not live:
            return s
        out = handlers[live[-1]](dict(s))
        if len(phases) > len(live):  # FIRST or OVER: nothing happens
            out = merge(z3.Or(*(s["phase"] == ph % 100 for ph in live)), out, s)
        for ph in reversed(live[:-1]):
            out = merge(s["phase"] == ph % 100, handlers[ph](dict(s)), out)
        return out

    def market_init(self, s: State) -> State:
        """DEAL with the first player known: the market opens (6 draws, none if no cards)."""
        s = dict(s)
        s["phase"] = z3.IntVal(PH_MARKET)
        s["to_market"] = ite(self.piles_empty(s), 0, D.MARKET)
        for i in range(self.n):
            s[f"passed{i}"] = z3.IntVal(0)
            s[f"exchanges{i}"] = z3.IntVal(0)
        s["turn"] = s["first"]
        return s

    def deal_settle(self, s: State) -> State:
        first = dict(s)
        first["phase"] = z3.IntVal(PH_FIRST)
        return merge(s["first"] < 0, first, self.market_init(s))

    def market_settle(self, s: State) -> State:
        n = self.n
        all_passed = z3.And(*(s[f"passed{i}"] == 1 for i in range(n)))
        closed = dict(s)
        for k in KS:
            closed[f"discard.{k}"] = s[f"discard.{k}"] + s[f"market.{k}"]
            closed[f"market.{k}"] = z3.IntVal(0)
        closed["phase"] = z3.IntVal(PH_COMMIT)
        for i in range(n):
            closed[f"passed{i}"] = z3.IntVal(0)
            closed[f"committed{i}"] = z3.IntVal(-1)
            closed[f"declined{i}"] = z3.IntVal(0)
        closed = self.commit_settle(closed, False)
        moved = dict(s)
        moved["turn"] = ite(self.at(s, "passed", s["turn"]) == 1,
                            self.next_unpassed(s, s["turn"]), s["turn"])
        return merge(all_passed, closed, moved)

    def next_unpassed(self, s: Vars, i: Index) -> Any:
        n = self.n
        pred = [s[f"passed{j}"] == 0 for j in range(n)]
        chains = []
        for f in range(n):
            out: Any = z3.IntVal(-1)
            for d in range(n, 0, -1):
                j = (f + d) % n
                out = ite(pred[j], j, out)
            chains.append(out)
        return pick(chains, i)

    def commit_settle(self, s: State, may_have_committed: bool) -> State:
        n = self.n
        pred = [z3.And(s[f"passed{j}"] == 0, s[f"committed{j}"] < 0, self.hand_size(s, j) > 0)
                for j in range(n)]
        who = self.first_in_order(s, s["first"], pred)
        found = dict(s)
        found["turn"] = who
        over = dict(s)
        for k in KS:
            over[f"discard.{k}"] = z3.Sum(s[f"discard.{k}"], *(s[table(i, k)] for i in range(n)))
            for i in range(n):
                over[table(i, k)] = z3.IntVal(0)
        over["phase"] = z3.IntVal(PH_END)
        for i in range(n):
            over[f"passed{i}"] = z3.IntVal(0)
        over["turn"] = s["first"]  # the first unpassed player of the round end
        rest = over
        if may_have_committed:
            resolve = dict(s)
            resolve["phase"] = z3.IntVal(PH_RESOLVE)
            resolve = self.resolve_settle(resolve, from_commit=True)
            any_committed = z3.Or(*(s[f"committed{j}"] >= 0 for j in range(n)))
            rest = merge(any_committed, resolve, over)
        return merge(who >= 0, found, rest)

    def resolve_settle(self, s: State, from_commit: bool = False) -> State:
        mage = s["task"] == TASK_MAGE
        waiting = z3.And(mage, s["task_count"] > 0,
                         pick([self.hand_size(s, j) for j in range(self.n)],
                              s["task_player"]) > 0)
        stay = dict(s)
        stay["turn"] = s["task_player"]
        cleared = dict(s)
        for key, value in (("task", TASK_NONE), ("task_player", -1), ("task_count", 0)):
            cleared[key] = ite(mage, value, s[key])
        r = self.resolver(cleared)
        found = dict(cleared)
        found["turn"] = r
        if from_commit:
            rest = found  # someone committed: there is a resolver
        else:
            back = dict(cleared)
            back["phase"] = z3.IntVal(PH_COMMIT)
            back = self.commit_settle(back, False)
            rest = merge(r >= 0, found, back)
        return merge(waiting, stay, rest)

    def resolve_stay(self, s: State) -> State:
        out = dict(s)
        out["turn"] = self.resolver(s)
        return out

    def end_stay(self, s: State) -> State:
        """END after a discard or sale: the actor has not passed, so the round goes on."""
        n = self.n
        out = dict(s)
        out["turn"] = self.first_in_order(s, s["first"], [s[f"passed{j}"] == 0 for j in range(n)])
        return out

    def end_settle(self, s: State) -> State:
        n = self.n
        who = self.first_in_order(s, s["first"], [s[f"passed{j}"] == 0 for j in range(n)])
        found = dict(s)
        found["turn"] = who
        final = self.final(s)
        nxt = self.next_round(s)
        return merge(who >= 0, found, merge(s["round"] >= D.ROUNDS, final, nxt))

    def next_round(self, s: State) -> State:
        n = self.n
        t = dict(s)
        t["round"] = s["round"] + 1
        scores = [s[f"score{j}"] for j in range(n)]
        low: Any = scores[0]
        for x in scores[1:]:
            low = zmin(low, x)
        first = self.first_lowest(s, scores, low)
        t["first"] = first
        t["turn"] = first
        for i in range(n):
            t[f"owed{i}"] = zmax(0, D.HAND - self.hand_size(s, i))
        t["phase"] = z3.IntVal(PH_DEAL)
        pending = z3.Or(*(t[f"owed{i}"] > 0 for i in range(n)))
        empty = self.piles_empty(t)
        lost = dict(t)
        for i in range(n):
            lost[f"owed{i}"] = z3.IntVal(0)
        lost = self.market_init(lost)
        return merge(z3.And(pending, z3.Not(empty)), t,
                     merge(pending, lost, self.market_init(t)))

    def first_lowest(self, s: State, scores: Sequence[Any], low: Any) -> Any:
        n = self.n
        chains_next = []
        chains_self = []
        for f in range(n):
            nxt: Any = z3.IntVal(f)
            own: Any = z3.IntVal(f)
            for d in range(n, 0, -1):  # the previous first player comes last
                j = (f + d) % n
                nxt = ite(scores[j] == low, j, nxt)
            for d in range(n - 1, -1, -1):  # he is nearest to himself
                j = (f + d) % n
                own = ite(scores[j] == low, j, own)
            chains_next.append(nxt)
            chains_self.append(own)
        return ite(self.flag(s, "opt.first_self"), pick(chains_self, s["first"]),
                   pick(chains_next, s["first"]))

    def final(self, s: State) -> State:
        """rules_oracle.model.crafts.final.score: every resource sold, coins converted 4:1.

        Player j sells U_j pebbles worth V_j coins (V_j >= U_j: every price is at least
        1). Unlimited pool: he gains V_j. Limited pool (bank >= 0): every unit returns
        its pebble before it is paid, so a sequence of sales from bank B gains
        min(V, B + U) and leaves max(B + U - V, 0) -- by induction over the units, and
        so over a player's resources in any order. The bank a player meets is the
        start bank less the drain D = V - U of the players before him (from the first
        player), floored at 0: B_j = max(B - sum of D before j, 0); he gains
        U_j + min(D_j, B_j).
        """
        n = self.n
        out = dict(s)
        for i in range(n):
            for r in RS:
                out[board(i, r)] = z3.IntVal(0)
        limited = self.flag(s, "opt.limited")
        bank = s["bank"]
        units = [z3.Sum(*(s[board(i, r)] for r in RS)) for i in range(n)]
        value = [z3.Sum(*(s[board(i, r)] * self.sell_price(s, r) for r in RS))
                 for i in range(n)]
        drain = [value[i] - units[i] for i in range(n)]
        worth = [s[f"coins{i}"] + value[i] for i in range(n)]
        met = []
        for j in range(n):
            before = []
            for f in range(n):
                order = self.orders[f]
                ahead = order[:order.index(j)]
                before.append(z3.Sum(*(drain[x] for x in ahead)) if ahead else z3.IntVal(0))
            met.append(zmax(bank - pick(before, s["first"]), 0))
        out["bank"] = ite(limited, zmax(bank - z3.Sum(*drain), 0), bank - z3.Sum(*drain))
        nearest = self.flag(s, "opt.coin_nearest")
        for i in range(n):
            paid = s[f"coins{i}"] + units[i] + zmin(drain[i], met[i])
            coins = ite(limited, paid, worth[i])
            out[f"coins{i}"] = coins
            # final_sale=value: what the bank could not pay still counts for the conversion
            counted = ite(self.flag(s, "opt.final_value"), worth[i], coins)
            bonus = ite(nearest, (counted + 2) / D.COINS_PER_POINT, counted / D.COINS_PER_POINT)
            out[f"score{i}"] = s[f"score{i}"] + bonus
        out["phase"] = z3.IntVal(PH_OVER)
        out["turn"] = z3.IntVal(-1)
        return out


# ---------------------------------------------------------------------------
# the encoding
# ---------------------------------------------------------------------------

ALL_RULE_KINDS = (RB.GAME_OVER,)


class CraftsEncoding(Encoding[CraftsState, Action]):
    game = "crafts"
    variables = variables_for(6)
    #: no window bound: the gain over consecutive steps is the sum of the per-step gains,
    #: and the only kind with a gain above 8 (the final Done) is the game's last step
    bound_steps = 1
    #: a Castle is seldom played (it costs kvass and a sword): an eager 2-player game sets
    #: a player of 16 points back at step 144, where a wrong setback shows
    openings = (Opening((), 150, players=2, policy="eager", seed=1),)

    def __init__(self, general: bool = False) -> None:
        #: build every update with the full case analysis of the model's settle (slower
        #: proofs; used to check that the settle variants change nothing under I and guard)
        self.general = general
        self._kinds: dict[int, tuple[ActionKind, ...]] = {}
        self._mech: dict[int, Mech] = {}
        self._cache: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def variables_for(self, players: int) -> tuple[str, ...]:
        return variables_for(players)

    def cases(self, v: Vars, players: int) -> list[Any]:
        """A split by the player on turn (-1: none, as in the deal): the player kinds and
        the settle after them branch on it, and each case is a far smaller query."""
        return [v["turn"] == i for i in range(-1, players)]

    def bound_scope(self, v: Vars, players: int) -> tuple[str, Any]:
        """Under pebbles=unlimited the bank may go below 0, so coins have no limit in the
        invariant and the final sale's gain none either: bounds are proved under the
        default reading, the 100 pebbles a hard limit."""
        return "pebbles=limited (the default reading)", v["opt.limited"] == 1

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(f"score{i}" for i in range(players))

    def mech(self, n: int) -> Mech:
        m = self._mech.get(n)
        if m is None:
            m = self._mech[n] = Mech(n, self.general)
        return m

    # -- invariant ------------------------------------------------------------
    def terminal(self, v: Vars, players: int) -> Any:
        return v["phase"] == PH_OVER

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        key = ("parts", players, *(v[x].get_id() if z3.is_expr(v[x]) else v[x] for x in v))
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = (self._parts(v, players), tuple(v.values()))
        return dict(hit[0])

    def _parts(self, v: Vars, players: int) -> dict[str, Any]:
        n = players
        m = self.mech(n)
        s = dict(v)
        ps = range(n)
        committed = [s[f"committed{i}"] for i in ps]
        cards = []
        for k in KS:
            total = z3.Sum(s[f"deck.{k}"], s[f"discard.{k}"], s[f"market.{k}"],
                           *(s[hand(i, k)] for i in ps), *(s[table(i, k)] for i in ps),
                           *(z3.If(c == k, 1, 0) for c in committed))
            cards.append(total == D.FULL_DECK[k])
        pebbles = z3.Sum(s["bank"], *(s[f"coins{i}"] for i in ps),
                         *(s[board(i, r)] for i in ps for r in RS))
        counts = [s[f"{p}.{k}"] for p in ("deck", "discard", "market") for k in KS]
        for i in ps:
            counts += [s[hand(i, k)] for k in KS] + [s[table(i, k)] for k in KS]
            counts += [s[board(i, r)] for r in RS]
            counts += [s[f"{f}{i}"] for f in ("coins", "owed", "exchanges", "declined")]
        counts += [s["to_market"], s["task_count"]]
        ph = s["phase"]
        chance = m.chance(s)
        draws = m.draws_pending(s)
        turn = s["turn"]
        task = s["task"]
        tp = s["task_player"]
        hand_sizes = [m.hand_size(s, i) for i in ps]
        return {
            "options": z3.And(*(z3.Or(s[f] == 0, s[f] == 1) for f in FLAGS),
                              s["opt.fair_revealed"] + s["opt.fair_played"] <= 1),
            "cards-conserved": z3.And(*cards),
            "pebbles-conserved": z3.And(
                pebbles == D.PEBBLES, z3.Implies(s["opt.limited"] == 1, s["bank"] >= 0)),
            "non-negative": z3.And(*(c >= 0 for c in counts)),
            "score-bounds": z3.And(*(z3.And(s[f"score{i}"] >= 0, s[f"best{i}"] >= 0,
                                            z3.Implies(ph != PH_OVER,
                                                       s[f"score{i}"] <= s[f"best{i}"]))
                                     for i in ps)),
            "counters": z3.And(
                s["round"] >= 1, s["round"] <= D.ROUNDS, ph >= PH_DEAL, ph <= PH_OVER,
                s["first"] >= -1, s["first"] < n, turn >= -1, turn < n,
                s["to_market"] <= D.MARKET,
                z3.Or(task == TASK_NONE, task == TASK_MAGE, task == TASK_SCOUT),
                tp >= -1, tp < n,
                *(z3.And(c >= -1, c < NK) for c in committed),
                *(z3.Or(s[f"passed{i}"] == 0, s[f"passed{i}"] == 1) for i in ps),
            ),
            "turn-structure": z3.And(
                z3.Implies(ph >= PH_MARKET, z3.And(s["first"] >= 0, s["first"] < n)),
                z3.Implies(s["first"] < 0, z3.And(s["round"] == 1, ph <= PH_FIRST)),
                z3.Implies(z3.And(ph >= PH_MARKET, ph <= PH_END), z3.And(turn >= 0, turn < n)),
                z3.Implies(z3.Or(ph == PH_MARKET, ph == PH_END), m.at(s, "passed", turn) == 0),
                z3.Implies(z3.And(ph == PH_COMMIT, z3.Not(chance)), z3.And(
                    m.at(s, "passed", turn) == 0, m.at(s, "committed", turn) == -1,
                    pick(hand_sizes, turn) > 0)),
                z3.Implies(draws, z3.Not(m.piles_empty(s))),
                z3.Implies(ph == PH_DEAL, draws),
                z3.Implies(ph == PH_FIRST, z3.Not(draws)),
                z3.Implies(ph == PH_OVER, z3.Not(draws)),
                z3.Implies(z3.And(ph != PH_MARKET, ph != PH_RESOLVE, ph != PH_DEAL),
                           z3.Not(draws)),
                z3.Implies(s["to_market"] > 0, ph == PH_MARKET),
                z3.Implies(task != TASK_NONE, z3.And(ph == PH_RESOLVE, tp >= 0)),
                z3.Implies(task == TASK_SCOUT, z3.And(
                    z3.Not(draws), pick(hand_sizes, tp) > 0,
                    s["task_count"] >= 0, s["task_count"] < n)),
                z3.Implies(z3.And(task == TASK_MAGE, z3.Not(draws)), z3.And(
                    turn == tp, s["task_count"] > 0, pick(hand_sizes, tp) > 0)),
                z3.Implies(z3.And(ph == PH_RESOLVE, task == TASK_NONE, z3.Not(draws)),
                           m.at(s, "committed", turn) >= 0),
                z3.Implies(z3.And(ph != PH_COMMIT, ph != PH_RESOLVE),
                           z3.And(*(c == -1 for c in committed))),
            ),
        }

    # -- kinds ----------------------------------------------------------------------
    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        found = self._kinds.get(players)
        if found is None:
            found = self._kinds[players] = self._build(players)
        return found

    def _build(self, n: int) -> tuple[ActionKind, ...]:
        m = self.mech(n)
        cache = self._cache

        def cached(name: str, fn: Callable[[State, Params], State]) -> Callable[
                [Vars, Params], dict[str, Any]]:
            def update(v: Vars, p: Params) -> dict[str, Any]:
                key = (n, name, *(t.get_id() for t in v.values()),
                       *(p[x].get_id() for x in sorted(p)))
                hit = cache.get(key)
                if hit is None:
                    pre = dict(v)
                    post = fn(dict(v), p)
                    changed = {k: t for k, t in post.items() if not _same(t, pre[k])}
                    hit = (changed, tuple(v.values()), tuple(p.values()))
                    cache[key] = hit
                return dict(hit[0])
            return update

        def in_range(x: Any, lo: int, hi: int) -> Any:
            return z3.And(x >= lo, x < hi)

        def alive(v: Vars) -> Any:
            return v["phase"] != PH_OVER

        def acting(v: Vars, p: Params, phase: int) -> Any:
            i = p["i"]
            return z3.And(alive(v), z3.Not(m.chance(v)), v["phase"] == phase, v["turn"] == i)

        def resolving(v: Vars, p: Params) -> Any:
            return z3.And(acting(v, p, PH_RESOLVE), v["task"] == TASK_NONE)

        def owns(v: Vars, p: Params, card: int) -> Any:
            return z3.And(resolving(v, p), m.at(v, "committed", p["i"]) == card)

        def player(p: Params) -> Any:
            return in_range(p["i"], 0, n)

        # -- chance --------------------------------------------------------------
        def draw_guard(v: Vars, p: Params) -> Any:
            k = p["card"]
            deck_empty = m.pile_size(v, "deck") == 0
            pile = pick([ite(deck_empty, v[f"discard.{c}"], v[f"deck.{c}"]) for c in KS], k)
            return z3.And(alive(v), m.draws_pending(v), pile >= 1)

        def draw_update(s: State, p: Params) -> State:
            k = p["card"]
            swap = m.pile_size(s, "deck") == 0
            for c in KS:
                d, x = s[f"deck.{c}"], s[f"discard.{c}"]
                s[f"deck.{c}"] = ite(swap, x, d)
                s[f"discard.{c}"] = ite(swap, 0, x)
            m.add_pile(s, "deck", k, -1)
            # game.reshuffle: the moment it runs out (crafts/deck-rebuild=empty)
            rebuilt = z3.And(z3.Not(m.flag(s, "opt.deck_later")), m.pile_size(s, "deck") == 0)
            for c in KS:
                d, x = s[f"deck.{c}"], s[f"discard.{c}"]
                s[f"deck.{c}"] = ite(rebuilt, x, d)
                s[f"discard.{c}"] = ite(rebuilt, 0, x)
            start = ite(s["first"] >= 0, s["first"], 0)
            t = m.first_in_order(s, start, [s[f"owed{j}"] > 0 for j in range(n)])
            to_hand = dict(s)
            m.add_cell(to_hand, hand, t, k, NK, 1)
            m.add_at(to_hand, "owed", t, -1)
            to_market = dict(s)
            m.add_pile(to_market, "market", k, 1)
            to_market["to_market"] = s["to_market"] - 1
            s = merge(t >= 0, to_hand, to_market)
            return m.settle(s, (PH_DEAL, MARKET_STAY, PH_RESOLVE))

        def first_guard(v: Vars, p: Params) -> Any:
            return z3.And(alive(v), z3.Not(m.draws_pending(v)), v["phase"] == PH_FIRST)

        def first_update(s: State, p: Params) -> State:
            s["first"] = p["player"]
            s["turn"] = p["player"]
            s["phase"] = z3.IntVal(PH_DEAL)
            return m.settle(s, (PH_DEAL,))

        def pick_guard(v: Vars, p: Params) -> Any:
            return z3.And(alive(v), z3.Not(m.draws_pending(v)), v["phase"] != PH_FIRST,
                          v["task"] == TASK_SCOUT,
                          m.cell(v, hand, v["task_player"], p["card"], NK) >= 1)

        def pick_update(s: State, p: Params) -> State:
            victim, scout, k = s["task_player"], s["task_count"], p["card"]
            m.add_cell(s, hand, victim, k, NK, -1)
            m.add_cell(s, hand, scout, k, NK, 1)
            m.add_at(s, "owed", victim, 1)
            s["task"] = z3.IntVal(TASK_NONE)
            s["task_player"] = z3.IntVal(-1)
            s["task_count"] = z3.IntVal(0)
            return m.settle(s, (PH_RESOLVE,))

        # -- market --------------------------------------------------------------
        def exchange_guard(v: Vars, p: Params) -> Any:
            i = p["i"]
            return z3.And(acting(v, p, PH_MARKET),
                          m.cell(v, hand, i, p["give"], NK) >= 1,
                          pick([v[f"market.{c}"] for c in KS], p["take"]) >= 1,
                          z3.Or(m.at(v, "exchanges", i) == 0,
                                m.at(v, "coins", i) >= D.EXTRA_EXCHANGE))

        def exchange_update(s: State, p: Params) -> State:
            i, g, k = p["i"], p["give"], p["take"]
            paid = m.at(s, "exchanges", i) > 0
            m.add_at(s, "coins", i, ite(paid, -D.EXTRA_EXCHANGE, 0))
            s["bank"] = s["bank"] + ite(paid, D.EXTRA_EXCHANGE, 0)
            m.add_cell(s, hand, i, g, NK, -1)
            m.add_cell(s, hand, i, k, NK, 1)
            m.add_pile(s, "market", k, -1)
            m.add_pile(s, "market", g, 1)
            m.add_at(s, "exchanges", i, 1)
            s["turn"] = m.next_unpassed(s, i)
            return m.settle(s, (MARKET_STAY,))

        def redraw_guard(v: Vars, p: Params) -> Any:
            size = pick([m.hand_size(v, j) for j in range(n)], p["i"])
            return z3.And(acting(v, p, PH_MARKET), m.at(v, "exchanges", p["i"]) == 0,
                          ite(m.flag(v, "opt.redraw_five"), size == D.HAND, size > 0))

        def redraw_update(s: State, p: Params) -> State:
            i = p["i"]
            for k in KS:
                h = m.cell(s, hand, i, k, NK)
                s[f"discard.{k}"] = s[f"discard.{k}"] + h
            for j in range(n):
                for k in KS:
                    s[hand(j, k)] = ite(i == j, 0, s[hand(j, k)])
            m.set_at(s, "owed", i, D.HAND)
            m.set_at(s, "exchanges", i, 1)
            s["turn"] = m.next_unpassed(s, i)
            return m.settle(s, (MARKET_STAY,))

        def pass_update(s: State, p: Params) -> State:
            m.set_at(s, "passed", p["i"], 1)
            s["turn"] = m.next_unpassed(s, p["i"])
            return m.settle(s, (PH_MARKET,))

        # -- play: commit -----------------------------------------------------------
        def commit_guard(v: Vars, p: Params) -> Any:
            return z3.And(acting(v, p, PH_COMMIT), m.cell(v, hand, p["i"], p["card"], NK) >= 1)

        def commit_update(s: State, p: Params) -> State:
            m.add_cell(s, hand, p["i"], p["card"], NK, -1)
            m.set_at(s, "committed", p["i"], p["card"])
            return m.settle(s, (PH_COMMIT,))

        def stop_guard(v: Vars, p: Params) -> Any:
            return z3.And(acting(v, p, PH_COMMIT), z3.Not(m.flag(v, "opt.stop_withdraw")))

        def stop_update(s: State, p: Params) -> State:
            m.set_at(s, "passed", p["i"], 1)
            return m.settle(s, (PH_COMMIT,))

        # -- play: resolve -------------------------------------------------------------
        def buy_guard(v: Vars, p: Params) -> Any:
            price = pick([m.buy_price(v, r) for r in RS], p["res"])
            return z3.And(resolving(v, p), m.at(v, "coins", p["i"]) >= price)

        def buy_update(s: State, p: Params) -> State:
            i, r = p["i"], p["res"]
            price = pick([m.buy_price(s, x) for x in RS], r)
            m.add_at(s, "coins", i, -price)
            s["bank"] = s["bank"] + price - 1
            m.add_cell(s, board, i, r, NR, 1)
            return m.settle(s, (RESOLVE_STAY,))

        def sell_guard(v: Vars, p: Params) -> Any:
            when = z3.Or(resolving(v, p), z3.And(acting(v, p, PH_END),
                                                 m.at(v, "passed", p["i"]) == 0))
            return z3.And(when, m.cell(v, board, p["i"], p["res"], NR) >= 1)

        def sell_update(s: State, p: Params) -> State:
            m.sell_one(s, p["i"], p["res"])
            return m.settle(s, (RESOLVE_STAY, END_STAY))

        def place(s: State, i: Index, card: Any) -> None:
            """_place: the card goes on the table, a building scores."""
            m.add_cell(s, table, i, card, NK, 1)
            m.set_at(s, "committed", i, -1)
            vp = z3.simplify(pick([z3.IntVal(x) for x in D.VP], card))
            forward = dict(s)
            m.forward(forward, i, vp)
            s.update(merge(z3.simplify(vp > 0), forward, s))

        def pay_ok(v: Vars, i: Index, card: Any) -> Any:
            coins = m.at(v, "coins", i)
            options = []
            for c in (*PLAIN_CARDS, D.CASTLE):
                need = [m.cell(v, board, i, r, NR) >= 1 for r in INPUTS[c]]
                options.append(z3.And(card == c, coins >= CARD_COINS[c], *need))
            return z3.Or(*options)

        def pay(s: State, i: Index, card: Any) -> None:
            for c in (*PLAIN_CARDS, D.CASTLE):
                if not INPUTS[c] and not CARD_COINS[c]:
                    continue
                paid = dict(s)
                for r in INPUTS[c]:
                    m.add_cell(paid, board, i, r, NR, -1)
                paid["bank"] = s["bank"] + len(INPUTS[c]) + CARD_COINS[c]
                if CARD_COINS[c]:
                    m.add_at(paid, "coins", i, -CARD_COINS[c])
                s.update(merge(card == c, paid, s))

        def fair_count(s: Vars, i: Index) -> Any:
            """card.fair_count: the other cards a Fair counts (crafts/fair-count)."""
            count = pick([z3.Sum(*(s[table(j, k)] for k in KS)) for j in range(n)], i)
            return count + ite(m.flag(s, "opt.fair_revealed"), m.at(s, "declined", i),
                               ite(m.flag(s, "opt.fair_played"),
                                   m.cell(s, table, i, D.RECONSTRUCTION, NK), 0))

        def apply_guard(v: Vars, p: Params) -> Any:
            card = p["card"]
            # crafts/empty-application: under empty_fair=decline a Fair counting 0 is no
            # application
            fair_ok = z3.Or(card != D.FAIR, z3.Not(m.flag(v, "opt.fair_nonempty")),
                            fair_count(v, p["i"]) > 0)
            return z3.And(owns(v, p, card), z3.Or(*(card == c for c in PLAIN_CARDS)),
                          pay_ok(v, p["i"], card), fair_ok)

        def apply_update(s: State, p: Params) -> State:
            i, card = p["i"], p["card"]
            pay(s, i, card)
            # Fair: 2 coins per card on one's table (and declined ones, by the option)
            fair = dict(s)
            m.gain_coins(fair, i, FAIR_COINS * fair_count(s, i))
            out = merge(card == D.FAIR, fair, s)
            for c in PLAIN_CARDS:
                if not OUTPUTS[c]:
                    continue
                produced = dict(out)
                for r in OUTPUTS[c]:
                    m.gain_resource(produced, i, r, 1)
                out = merge(card == c, produced, out)
            mage = dict(out)
            m.add_at(mage, "owed", i, D.MAGE_DRAW)
            mage["task"] = z3.IntVal(TASK_MAGE)
            mage["task_player"] = i
            mage["task_count"] = z3.IntVal(D.MAGE_DISCARD)
            out = merge(card == D.MAGE, mage, out)
            place(out, i, card)
            return m.settle(out, (PH_RESOLVE,))

        def knight_targets(v: Vars, p: Params) -> Any:
            i, t = p["i"], p["target"]
            cand = [z3.Or(j != i, m.flag(v, "opt.castle_any")) for j in range(n)]
            strong = [z3.And(cand[j], v[f"score{j}"] >= CASTLE_SETBACK) for j in range(n)]
            plain = z3.And(in_range(t, 0, n), pick(cand, t, z3.BoolVal(False)))
            forbid = z3.If(z3.Or(*strong), z3.And(in_range(t, 0, n),
                                                  pick(strong, t, z3.BoolVal(False))),
                           t == -1)
            return ite(m.flag(v, "opt.castle_forbid"), forbid, plain)

        def knight_guard(v: Vars, p: Params) -> Any:
            return z3.And(owns(v, p, D.CASTLE), knight_targets(v, p),
                          pay_ok(v, p["i"], z3.IntVal(D.CASTLE)))

        def knight_update(s: State, p: Params) -> State:
            i, t = p["i"], p["target"]
            pay(s, i, z3.IntVal(D.CASTLE))
            place(s, i, z3.IntVal(D.CASTLE))
            for j in range(n):
                back = dict(s)
                m.back(back, j)
                s.update(merge(t == j, back, s))
            return m.settle(s, (PH_RESOLVE,))

        def scout_guard(v: Vars, p: Params) -> Any:
            i, t = p["i"], p["target"]
            size = pick([m.hand_size(v, j) for j in range(n)], t)
            return z3.And(owns(v, p, D.SCOUTING), in_range(t, 0, n),
                          z3.Or(t != i, m.flag(v, "opt.scout_any")),
                          z3.Or(size > 0, m.flag(v, "opt.scout_empty")))

        def scout_update(s: State, p: Params) -> State:
            i, t = p["i"], p["target"]
            size = pick([m.hand_size(s, j) for j in range(n)], t)
            task = dict(s)
            task["task"] = z3.IntVal(TASK_SCOUT)
            task["task_player"] = t
            task["task_count"] = i
            draw = dict(s)
            m.add_at(draw, "owed", t, 1)
            out = merge(size > 0, task, draw)
            place(out, i, z3.IntVal(D.SCOUTING))
            return m.settle(out, (PH_RESOLVE,))

        def rebuild_guard(v: Vars, p: Params) -> Any:
            k = p["card"]
            return z3.And(owns(v, p, D.RECONSTRUCTION), k != D.RECONSTRUCTION,
                          m.cell(v, table, p["i"], k, NK) >= 1)

        def rebuild_update(s: State, p: Params) -> State:
            i, k = p["i"], p["card"]
            m.add_cell(s, table, i, k, NK, -1)
            m.add_cell(s, hand, i, k, NK, 1)
            vp = pick([z3.IntVal(x) for x in D.VP], k)
            lose = z3.And(m.flag(s, "opt.recon_lose"), vp > 0)
            m.set_at(s, "score", i, ite(lose, zmax(0, m.at(s, "score", i) - vp),
                                        m.at(s, "score", i)))
            place(s, i, z3.IntVal(D.RECONSTRUCTION))
            return m.settle(s, (PH_RESOLVE,))

        def steal_guard(v: Vars, p: Params) -> Any:
            i, t, r = p["i"], p["victim"], p["res"]
            level = pick([m.level(v, x) for x in RS], r)
            return z3.And(owns(v, p, D.THEFT), in_range(t, 0, n), t != i, level <= 2,
                          m.cell(v, board, t, r, NR) >= 1, m.at(v, "coins", i) >= level)

        def steal_update(s: State, p: Params) -> State:
            i, t, r = p["i"], p["victim"], p["res"]
            level = pick([m.level(s, x) for x in RS], r)
            m.add_at(s, "coins", i, -level)
            s["bank"] = s["bank"] + level
            m.add_cell(s, board, t, r, NR, -1)
            m.add_cell(s, board, i, r, NR, 1)
            place(s, i, z3.IntVal(D.THEFT))
            return m.settle(s, (PH_RESOLVE,))

        def own_card_guard(v: Vars, p: Params) -> Any:
            return z3.And(resolving(v, p), m.at(v, "committed", p["i"]) == p["card"])

        def decline_update(s: State, p: Params) -> State:
            i, c = p["i"], p["card"]
            m.add_pile(s, "discard", c, 1)
            m.set_at(s, "committed", i, -1)
            m.add_at(s, "declined", i, 1)
            return m.settle(s, (PH_RESOLVE,))

        def withdraw_update(s: State, p: Params) -> State:
            i, c = p["i"], p["card"]
            m.add_cell(s, hand, i, c, NK, 1)
            m.set_at(s, "committed", i, -1)
            m.add_at(s, "declined", i, 1)
            m.set_at(s, "passed", i, 1)
            return m.settle(s, (PH_RESOLVE,))

        def mage_guard(v: Vars, p: Params) -> Any:
            return z3.And(acting(v, p, PH_RESOLVE), v["task"] == TASK_MAGE,
                          m.cell(v, hand, p["i"], p["card"], NK) >= 1)

        def discard_update(s: State, p: Params) -> State:
            m.add_cell(s, hand, p["i"], p["card"], NK, -1)
            m.add_pile(s, "discard", p["card"], 1)
            return s

        def mage_update(s: State, p: Params) -> State:
            s = discard_update(s, p)
            s["task_count"] = s["task_count"] - 1
            return m.settle(s, (PH_RESOLVE,))

        def end_discard_guard(v: Vars, p: Params) -> Any:
            return z3.And(acting(v, p, PH_END), m.at(v, "passed", p["i"]) == 0,
                          m.cell(v, hand, p["i"], p["card"], NK) >= 1)

        def end_discard_update(s: State, p: Params) -> State:
            return m.settle(discard_update(s, p), (END_STAY,))

        def done_update(s: State, p: Params) -> State:
            m.set_at(s, "passed", p["i"], 1)
            return m.settle(s, (PH_END,))

        def dom(**ranges: tuple[int, int]) -> Callable[[Params], Any]:
            def domain(p: Params) -> Any:
                return z3.And(*(in_range(p[x], lo, hi) for x, (lo, hi) in ranges.items()))
            return domain

        pl = (0, n)
        card = (0, NK)
        res = (0, NR)
        cr = RB.CARD_RULES
        over = ALL_RULE_KINDS

        def kind(name: str, names: tuple[str, ...], domain: Callable[[Params], Any],
                 guard: Callable[[Vars, Params], Any], fn: Callable[[State, Params], State],
                 rules: tuple[str, ...]) -> ActionKind:
            return ActionKind(name, names, domain, guard, cached(name, fn), over + rules)

        def acting_in(phase: int) -> Callable[[Vars, Params], Any]:
            return lambda v, p: acting(v, p, phase)

        def no_rule_guard(phase: int) -> Callable[[Vars, Params], Any]:
            return acting_in(phase)

        return (
            kind("draw", ("card",), dom(card=card), draw_guard, draw_update,
                 (RB.SETUP_SHUFFLE,)),
            kind("first-player", ("player",), dom(player=pl), first_guard, first_update,
                 (RB.ROUND_FIRST_RANDOM,)),
            kind("scout-pick", ("card",), dom(card=card), pick_guard, pick_update,
                 (cr[D.SCOUTING],)),
            kind("exchange", ("i", "give", "take"), dom(i=pl, give=card, take=card),
                 exchange_guard, exchange_update, (RB.MARKET_EXCHANGE, RB.MARKET_EXTRA_COST)),
            kind("redraw", ("i",), dom(i=pl), redraw_guard, redraw_update,
                 (RB.MARKET_REDRAW, RB.MARKET_REDRAW_ONCE)),
            kind("pass", ("i",), dom(i=pl), no_rule_guard(PH_MARKET), pass_update, ()),
            kind("commit", ("i", "card"), dom(i=pl, card=card), commit_guard, commit_update,
                 (RB.PLAY_COMMIT,)),
            kind("stop", ("i",), dom(i=pl), stop_guard, stop_update, (RB.PLAY_MAY_STOP,)),
            kind("buy", ("i", "res"), dom(i=pl, res=res), buy_guard, buy_update,
                 (RB.TRADE_PRICES, RB.TRADE_NOT_AFTER)),
            kind("sell", ("i", "res"), dom(i=pl, res=res), sell_guard, sell_update,
                 (RB.TRADE_OWN_BOARD, RB.TRADE_PRICES, RB.TRADE_NOT_AFTER, RB.END_SELL)),
            kind("apply", ("i", "card"), dom(i=pl, card=card), apply_guard, apply_update,
                 (RB.PLAY_OWN_CARD, *(cr[c] for c in PLAIN_CARDS))),
            kind("knight", ("i", "target"), dom(i=pl, target=(-1, n)), knight_guard,
                 knight_update, (RB.PLAY_OWN_CARD, RB.CARD_CASTLE_SETBACK, cr[D.CASTLE])),
            kind("scout", ("i", "target"), dom(i=pl, target=pl), scout_guard, scout_update,
                 (RB.PLAY_OWN_CARD, cr[D.SCOUTING])),
            kind("rebuild", ("i", "card"), dom(i=pl, card=card), rebuild_guard, rebuild_update,
                 (RB.PLAY_OWN_CARD, cr[D.RECONSTRUCTION])),
            kind("steal", ("i", "victim", "res"), dom(i=pl, victim=pl, res=res), steal_guard,
                 steal_update, (RB.PLAY_OWN_CARD, RB.CARD_THEFT_TYPE, cr[D.THEFT])),
            kind("decline", ("i", "card"), dom(i=pl, card=card), own_card_guard,
                 decline_update, ()),
            kind("withdraw", ("i", "card"), dom(i=pl, card=card), own_card_guard,
                 withdraw_update, ()),
            kind("mage-discard", ("i", "card"), dom(i=pl, card=card), mage_guard, mage_update,
                 (RB.CARD_MAGE_DISCARD,)),
            kind("discard", ("i", "card"), dom(i=pl, card=card), end_discard_guard,
                 end_discard_update, (RB.END_DISCARD,)),
            kind("done", ("i",), dom(i=pl), no_rule_guard(PH_END), done_update, ()),
        )

    # -- the model side -----------------------------------------------------------------
    def project(self, state: CraftsState) -> dict[str, int]:
        out: dict[str, int] = {
            "round": state.round, "phase": state.phase, "turn": state.turn,
            "first": state.first, "bank": state.bank, "to_market": state.to_market,
            "task": state.task, "task_player": state.task_player,
            "task_count": state.task_count,
        }
        for pile, counts in (("deck", state.deck), ("discard", state.discard),
                             ("market", state.market)):
            for k in KS:
                out[f"{pile}.{k}"] = counts[k]
        for i in range(state.config.players):
            out[f"score{i}"] = state.scores[i]
            out[f"best{i}"] = state.best[i]
            out[f"coins{i}"] = state.coins[i]
            out[f"committed{i}"] = state.committed[i]
            out[f"passed{i}"] = int(state.passed[i])
            out[f"exchanges{i}"] = state.exchanges[i]
            out[f"declined{i}"] = state.declined[i]
            out[f"owed{i}"] = state.owed[i]
            for r in RS:
                out[board(i, r)] = state.boards[i][r]
            for k in KS:
                out[hand(i, k)] = state.hands[i][k]
                out[table(i, k)] = state.table[i][k]
        out.update(flags(state.config))
        return out

    def classify(self, state: CraftsState, action: Action) -> tuple[str, dict[str, int]]:
        t = type(action)
        name = _NAMES.get(t)
        if name is None:
            raise TypeError(f"not a crafts action: {action!r}")
        who = state.turn
        if GAME.actor(state) == CHANCE or not 0 <= who < state.config.players:
            who = -1
        out: dict[str, int] = {}
        for field in _PARAMS[name]:
            if field == "i":
                out["i"] = who
            elif field == "card" and name in ("apply", "decline", "withdraw"):
                out["card"] = state.committed[who] if who >= 0 else -1
            else:
                out[field] = _int(getattr(action, _FIELDS.get((name, field), field)))
        return name, out


#: card-applying kinds (a card's own points: at most the 8 of Castle and Mage tower)
CARD_KINDS = ("apply", "knight", "scout", "rebuild", "steal")


def round_bound() -> int:
    """The most a player's marker can gain in the play phase of one round.

    Points come only from applying buildings (``_place``); an applied card stays on its
    owner's table until the play phase ends unless his own Reconstruction returns it, and
    a Reconstruction is applied at most once a round (it cannot be returned). So each
    building card is applied by a player at most once a round, plus once per
    Reconstruction he applies (at most 5, each worth at most another 8 points).
    """
    buildings = sum(c.vp * c.count for c in D.CARDS if c.building)
    return buildings + D.CARDS[D.RECONSTRUCTION].count * D.MAX_CARD_VP


def gain_bound(kind: str, players: int, fixed: dict[str, int] | None = None,
               timeout: float = 10.0) -> int | None:
    """z3.Optimize: the most one action of ``kind`` adds to a player's score, from a state
    satisfying I with the option flags in ``fixed`` set (e.g. ``{"opt.limited": 1}``).
    None when unbounded, never enabled or unknown."""
    enc = ENCODING
    kind_ = next(k for k in enc.kinds(players) if k.name == kind)
    pre = enc.fresh("s", players)
    ps = {x: z3.Int(f"p.{kind}.{x}") for x in kind_.params}
    upd = kind_.update(pre, ps)
    opt = z3.Optimize()
    opt.set("timeout", int(timeout * 1000))
    opt.add(enc.invariant(pre, players), kind_.domain(ps), kind_.guard(pre, ps))
    for name, value in (fixed or {}).items():
        opt.add(pre[name] == value)
    gain = z3.Int("gain")
    opt.add(z3.Or(*(gain == upd.get(v, pre[v]) - pre[v] for v in enc.score_vars(players))))
    handle = opt.maximize(gain)
    if opt.check() != z3.sat:
        return None
    value = handle.value()
    return value.as_long() if z3.is_int_value(value) else None


def _int(x: Any) -> int:
    """An action's integer field (a bool counts as the int it is in Python); anything
    else as an index no domain admits."""
    return int(x) if isinstance(x, int) else -1000


_NAMES: dict[type, str] = {
    Draw: "draw", FirstPlayer: "first-player", ScoutPick: "scout-pick", Exchange: "exchange",
    Redraw: "redraw", Pass: "pass", Commit: "commit", Stop: "stop", Buy: "buy", Sell: "sell",
    Apply: "apply", Knight: "knight", Scout: "scout", Rebuild: "rebuild", Steal: "steal",
    Decline: "decline", Withdraw: "withdraw", MageDiscard: "mage-discard",
    Discard: "discard", Done: "done",
}
_PARAMS: dict[str, tuple[str, ...]] = {
    "draw": ("card",), "first-player": ("player",), "scout-pick": ("card",),
    "exchange": ("i", "give", "take"), "redraw": ("i",), "pass": ("i",),
    "commit": ("i", "card"), "stop": ("i",), "buy": ("i", "res"), "sell": ("i", "res"),
    "apply": ("i", "card"), "knight": ("i", "target"), "scout": ("i", "target"),
    "rebuild": ("i", "card"), "steal": ("i", "victim", "res"), "decline": ("i", "card"),
    "withdraw": ("i", "card"), "mage-discard": ("i", "card"), "discard": ("i", "card"),
    "done": ("i",),
}
_FIELDS: dict[tuple[str, str], str] = {
    ("buy", "res"): "resource", ("sell", "res"): "resource", ("steal", "res"): "resource",
}


def flags(config: Config) -> dict[str, int]:
    """The 0/1 option flags of a configuration."""
    return {f: int(config.option(opt) == reading) for f, opt, reading in OPTIONS}

ENCODING = CraftsEncoding()
