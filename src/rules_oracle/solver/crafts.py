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

Layout: short top-level functions under the rulebook's chapters, as in the model package
(``model/crafts/*.py``), composed top-down: the projection; the pebbles (the bank, the
prices, the score track); the automatic transitions (:func:`settle`, one function a
phase); then per chapter its action kinds, a guard and an update each (chance draws, the
market, the play phase's commit and resolution, the cards' effects, trade, the round's
end), the final scoring, the invariant one function a part, and :func:`kinds`, the table
that puts every kind together. What the functions share for one player count is a
:class:`Ctx` passed to each.
"""

from collections.abc import Callable, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any

import attrs
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
from rules_oracle.solver.terms import as_term, in_range

#: the model's phase numbers (``phase``, the ``Stage`` enum's), read here only
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
    """``ite(c, a[k], b[k])`` for every variable ``k``: the condition is folded once, not
    once a variable, and a variable both states share is kept as it is (a merge is asked of
    states of hundreds of variables, few of which differ)."""
    if isinstance(c, bool):
        return dict(a if c else b)
    if z3.is_true(c):
        return dict(a)
    if z3.is_false(c):
        return dict(b)
    out: State = {}
    for k, x in a.items():
        y = b[k]
        out[k] = x if _same(x, y) else z3.If(c, as_term(x), as_term(y))
    return out


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


# ---------------------------------------------------------------------------
# the projection
# ---------------------------------------------------------------------------


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


def flags(config: Config) -> dict[str, int]:
    """The 0/1 option flags of a configuration."""
    return {f: int(config.option(opt) == reading) for f, opt, reading in OPTIONS}


def project(state: CraftsState) -> dict[str, int]:
    """The projection of a model state."""
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


# ---------------------------------------------------------------------------
# reading and writing the projection for n players
# ---------------------------------------------------------------------------


@attrs.frozen
class Ctx:
    """What the encoding's functions share for one player count."""

    n: int
    #: ignore the settle variants (``*_STAY``): the model's full case analysis everywhere
    general: bool = False

    #: the players clockwise from each player
    orders: tuple[tuple[int, ...], ...] = attrs.field(
        init=False, default=attrs.Factory(
            lambda c: tuple(tuple((f + d) % c.n for d in range(c.n)) for f in range(c.n)),
            takes_self=True))


def flag(s: Vars, name: str) -> Any:
    return s[name] == 1


def at(c: Ctx, s: Vars, field: str, i: Index) -> Any:
    return pick([s[f"{field}{j}"] for j in range(c.n)], i)


def cell(c: Ctx, s: Vars, name: Callable[[int, int], str], i: Index, k: Index,
         width: int) -> Any:
    return pick([pick([s[name(j, x)] for x in range(width)], k) for j in range(c.n)], i)


def hand_size(s: Vars, i: int) -> Any:
    return z3.Sum(*(s[hand(i, k)] for k in KS))


def pile_size(s: Vars, pile: str) -> Any:
    return z3.Sum(*(s[f"{pile}.{k}"] for k in KS))


def draws_pending(c: Ctx, s: Vars) -> Any:
    return z3.Or(s["to_market"] > 0, *(s[f"owed{i}"] > 0 for i in range(c.n)))


def piles_empty(s: Vars) -> Any:
    return pile_size(s, "deck") + pile_size(s, "discard") == 0


def chance(c: Ctx, s: Vars) -> Any:
    return z3.Or(draws_pending(c, s), s["phase"] == PH_FIRST, s["task"] == TASK_SCOUT)


def first_in_order(c: Ctx, start: Index, pred: Sequence[Any]) -> Any:
    """The first player j clockwise from ``start`` with pred[j], or -1."""
    chains = []
    for f in range(c.n):
        out: Any = z3.IntVal(-1)
        for j in reversed(c.orders[f]):
            out = ite(pred[j], j, out)
        chains.append(out)
    return pick(chains, start)


def next_unpassed(c: Ctx, s: Vars, i: Index) -> Any:
    """The next player after ``i`` clockwise who has not passed, or -1."""
    pred = [s[f"passed{j}"] == 0 for j in range(c.n)]
    chains = []
    for f in range(c.n):
        out: Any = z3.IntVal(-1)
        for d in range(c.n, 0, -1):
            j = (f + d) % c.n
            out = ite(pred[j], j, out)
        chains.append(out)
    return pick(chains, i)


def add_at(c: Ctx, s: State, field: str, i: Index, d: Any) -> None:
    for j in range(c.n):
        key = f"{field}{j}"
        s[key] = ite(eq(i, j), s[key] + d, s[key])


def set_at(c: Ctx, s: State, field: str, i: Index, v: Any) -> None:
    for j in range(c.n):
        key = f"{field}{j}"
        s[key] = ite(eq(i, j), v, s[key])


def add_cell(c: Ctx, s: State, name: Callable[[int, int], str], i: Index, k: Index,
             width: int, d: Any) -> None:
    for j in range(c.n):
        for x in range(width):
            key = name(j, x)
            s[key] = ite(conj(eq(i, j), eq(k, x)), s[key] + d, s[key])


def add_pile(s: State, pile: str, k: Index, d: Any) -> None:
    for x in KS:
        key = f"{pile}.{x}"
        s[key] = ite(eq(k, x), s[key] + d, s[key])


# ---------------------------------------------------------------------------
# pebbles: the bank, the prices and the score track
# ---------------------------------------------------------------------------


def sell_price(s: Vars, r: int) -> Any:
    return ite(flag(s, "opt.flat"), FLAT_SELL, GRADED_SELL[r])


def buy_price(s: Vars, r: int) -> Any:
    return ite(flag(s, "opt.flat"), FLAT_BUY, GRADED_BUY[r])


def level(s: Vars, r: int) -> Any:
    return ite(flag(s, "opt.two_tier"), D.LEVELS_TWO_TIER[r], D.LEVELS_DEPTH[r])


def take(s: State, want: Any) -> Any:
    """As ops.take: up to ``want`` pebbles from the bank (all when unlimited); returns got."""
    bank = s["bank"]
    got = ite(z3.And(flag(s, "opt.limited"), as_term(want) > bank), zmax(bank, 0), want)
    s["bank"] = bank - got
    return got


def gain_resource(c: Ctx, s: State, i: Index, r: Index, want: Any) -> None:
    got = take(s, want)
    add_cell(c, s, board, i, r, NR, got)


def gain_coins(c: Ctx, s: State, i: Index, want: Any) -> None:
    got = take(s, want)
    add_at(c, s, "coins", i, got)


def sell_one(c: Ctx, s: State, i: Index, r: Index) -> None:
    add_cell(c, s, board, i, r, NR, -1)
    s["bank"] = s["bank"] + 1
    price = pick([sell_price(s, x) for x in RS], r)
    gain_coins(c, s, i, price)


def forward(c: Ctx, s: State, i: Index, vp: Any) -> None:
    """As play.forward: the marker moves ``vp`` on; resource spaces passed give their pebble."""
    old = at(c, s, "score", i)
    best = at(c, s, "best", i)
    new = old + vp
    set_at(c, s, "score", i, new)
    low = ite(flag(s, "opt.track_once"), zmax(old, best), old)
    every10 = flag(s, "opt.every10")
    cycle = len(D.TRACK_CYCLE)
    # a card gives at most 8 points, so at most two spaces (5 apart) are passed
    assert 2 * min(D.TRACK_SPACING.values()) > D.MAX_CARD_VP
    for step in (1, 2):
        k5 = low / 5 + step
        k10 = low / 10 + step
        passed = ite(every10, k10 * 10 <= new, k5 * 5 <= new)
        res = ite(every10, (k10 - 1) % cycle, (k5 - 1) % cycle)
        got = take(s, ite(passed, 1, 0))
        for x, r in enumerate(D.TRACK_CYCLE):
            for j in range(c.n):
                key = board(j, r)
                s[key] = ite(conj(eq(i, j), res == x), s[key] + got, s[key])
    set_at(c, s, "best", i, zmax(new, best))


def back(s: State, j: int) -> None:
    """As card.setback: a Castle's setback of player ``j``; under castle_setback=collect (and
    track_repeat=repeat) the resource space passed or stopped on going back gives its
    pebble (crafts/castle-setback-collect)."""
    key = f"score{j}"
    old = as_term(s[key])
    new = zmax(0, old - CASTLE_SETBACK)
    s[key] = new
    # a setback of 4 passes at most one space (spaces are 5 or 10 apart)
    assert min(D.TRACK_SPACING.values()) > CASTLE_SETBACK
    every10 = flag(s, "opt.every10")
    cycle = len(D.TRACK_CYCLE)
    q5 = (old - 1) / 5
    q10 = (old - 1) / 10
    q = ite(every10, q10, q5)
    space = ite(every10, q10 * 10, q5 * 5)
    on = z3.And(flag(s, "opt.castle_collect"), z3.Not(flag(s, "opt.track_once")),
                q >= 1, space >= new)
    res = (q - 1) % cycle
    got = take(s, ite(on, 1, 0))
    for x, r in enumerate(D.TRACK_CYCLE):
        bkey = board(j, r)
        s[bkey] = ite(res == x, s[bkey] + got, s[bkey])


# ---------------------------------------------------------------------------
# automatic transitions (model.crafts.game.settle)
# ---------------------------------------------------------------------------


def settle(c: Ctx, s: State, phases: Sequence[int]) -> State:
    """The automatic transitions after an action; ``phases``: the phases s may be in."""
    pending = draws_pending(c, s)
    empty = piles_empty(s)
    lost = dict(s)
    lost["to_market"] = z3.IntVal(0)
    for i in range(c.n):
        lost[f"owed{i}"] = z3.IntVal(0)
    s1 = merge(z3.And(pending, empty), lost, s)
    go = by_phase(c, s1, phases)
    s2 = merge(s1["task"] == TASK_SCOUT, s1, go)
    return merge(z3.And(pending, z3.Not(empty)), s, s2)


def by_phase(c: Ctx, s: State, phases: Sequence[int]) -> State:
    """The transitions of the phase s is in, one case per phase of ``phases``."""
    handlers: dict[int, Callable[[State], State]] = {
        PH_DEAL: partial(deal_settle, c),
        PH_MARKET: partial(market_settle, c),
        PH_COMMIT: lambda x: commit_settle(c, x, True),
        PH_RESOLVE: partial(resolve_settle, c),
        PH_END: partial(end_settle, c),
        END_STAY: partial(end_stay, c),
        MARKET_STAY: dict,
        RESOLVE_STAY: partial(resolve_stay, c),
    }
    if c.general:
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


# ---------------------------------------------------------------------------
# who acts (the guards' common part)
# ---------------------------------------------------------------------------


def alive(v: Vars) -> Any:
    return v["phase"] != PH_OVER


def acting(c: Ctx, v: Vars, p: Params, phase: int) -> Any:
    """Player ``i`` is on turn in ``phase`` and no chance step is due."""
    i = p["i"]
    return z3.And(alive(v), z3.Not(chance(c, v)), v["phase"] == phase, v["turn"] == i)


def resolving(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(acting(c, v, p, PH_RESOLVE), v["task"] == TASK_NONE)


def owns(c: Ctx, v: Vars, p: Params, card: int) -> Any:
    return z3.And(resolving(c, v, p), at(c, v, "committed", p["i"]) == card)




# ---------------------------------------------------------------------------
# round start (model/crafts/round.py): draws owed, the first player, the market opens
# ---------------------------------------------------------------------------


def market_init(c: Ctx, s: State) -> State:
    """DEAL with the first player known: the market opens (6 draws, none if no cards)."""
    s = dict(s)
    s["phase"] = z3.IntVal(PH_MARKET)
    s["to_market"] = ite(piles_empty(s), 0, D.MARKET)
    for i in range(c.n):
        s[f"passed{i}"] = z3.IntVal(0)
        s[f"exchanges{i}"] = z3.IntVal(0)
    s["turn"] = s["first"]
    return s


def deal_settle(c: Ctx, s: State) -> State:
    first = dict(s)
    first["phase"] = z3.IntVal(PH_FIRST)
    return merge(s["first"] < 0, first, market_init(c, s))


def draw_guard(c: Ctx, v: Vars, p: Params) -> Any:
    k = p["card"]
    deck_empty = pile_size(v, "deck") == 0
    pile = pick([ite(deck_empty, v[f"discard.{x}"], v[f"deck.{x}"]) for x in KS], k)
    return z3.And(alive(v), draws_pending(c, v), pile >= 1)


def draw_update(c: Ctx, s: State, p: Params) -> State:
    k = p["card"]
    swap = pile_size(s, "deck") == 0
    for x in KS:
        d, y = s[f"deck.{x}"], s[f"discard.{x}"]
        s[f"deck.{x}"] = ite(swap, y, d)
        s[f"discard.{x}"] = ite(swap, 0, y)
    add_pile(s, "deck", k, -1)
    # game.reshuffle: the moment it runs out (crafts/deck-rebuild=empty)
    rebuilt = z3.And(z3.Not(flag(s, "opt.deck_later")), pile_size(s, "deck") == 0)
    for x in KS:
        d, y = s[f"deck.{x}"], s[f"discard.{x}"]
        s[f"deck.{x}"] = ite(rebuilt, y, d)
        s[f"discard.{x}"] = ite(rebuilt, 0, y)
    start = ite(s["first"] >= 0, s["first"], 0)
    t = first_in_order(c, start, [s[f"owed{j}"] > 0 for j in range(c.n)])
    to_hand = dict(s)
    add_cell(c, to_hand, hand, t, k, NK, 1)
    add_at(c, to_hand, "owed", t, -1)
    to_market = dict(s)
    add_pile(to_market, "market", k, 1)
    to_market["to_market"] = s["to_market"] - 1
    s = merge(t >= 0, to_hand, to_market)
    return settle(c, s, (PH_DEAL, MARKET_STAY, PH_RESOLVE))


def first_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(alive(v), z3.Not(draws_pending(c, v)), v["phase"] == PH_FIRST)


def first_update(c: Ctx, s: State, p: Params) -> State:
    s["first"] = p["player"]
    s["turn"] = p["player"]
    s["phase"] = z3.IntVal(PH_DEAL)
    return settle(c, s, (PH_DEAL,))


# ---------------------------------------------------------------------------
# market (model/crafts/market.py)
# ---------------------------------------------------------------------------


def market_settle(c: Ctx, s: State) -> State:
    """The market closes into the discard once all have passed, else the turn moves on."""
    all_passed = z3.And(*(s[f"passed{i}"] == 1 for i in range(c.n)))
    closed = dict(s)
    for k in KS:
        closed[f"discard.{k}"] = s[f"discard.{k}"] + s[f"market.{k}"]
        closed[f"market.{k}"] = z3.IntVal(0)
    closed["phase"] = z3.IntVal(PH_COMMIT)
    for i in range(c.n):
        closed[f"passed{i}"] = z3.IntVal(0)
        closed[f"committed{i}"] = z3.IntVal(-1)
        closed[f"declined{i}"] = z3.IntVal(0)
    closed = commit_settle(c, closed, False)
    moved = dict(s)
    moved["turn"] = ite(at(c, s, "passed", s["turn"]) == 1,
                        next_unpassed(c, s, s["turn"]), s["turn"])
    return merge(all_passed, closed, moved)


def exchange_guard(c: Ctx, v: Vars, p: Params) -> Any:
    i = p["i"]
    return z3.And(acting(c, v, p, PH_MARKET),
                  cell(c, v, hand, i, p["give"], NK) >= 1,
                  pick([v[f"market.{x}"] for x in KS], p["take"]) >= 1,
                  z3.Or(at(c, v, "exchanges", i) == 0,
                        at(c, v, "coins", i) >= D.EXTRA_EXCHANGE))


def exchange_update(c: Ctx, s: State, p: Params) -> State:
    i, g, k = p["i"], p["give"], p["take"]
    paid = at(c, s, "exchanges", i) > 0
    add_at(c, s, "coins", i, ite(paid, -D.EXTRA_EXCHANGE, 0))
    s["bank"] = s["bank"] + ite(paid, D.EXTRA_EXCHANGE, 0)
    add_cell(c, s, hand, i, g, NK, -1)
    add_cell(c, s, hand, i, k, NK, 1)
    add_pile(s, "market", k, -1)
    add_pile(s, "market", g, 1)
    add_at(c, s, "exchanges", i, 1)
    s["turn"] = next_unpassed(c, s, i)
    return settle(c, s, (MARKET_STAY,))


def redraw_guard(c: Ctx, v: Vars, p: Params) -> Any:
    size = pick([hand_size(v, j) for j in range(c.n)], p["i"])
    return z3.And(acting(c, v, p, PH_MARKET), at(c, v, "exchanges", p["i"]) == 0,
                  ite(flag(v, "opt.redraw_five"), size == D.HAND, size > 0))


def redraw_update(c: Ctx, s: State, p: Params) -> State:
    i = p["i"]
    for k in KS:
        h = cell(c, s, hand, i, k, NK)
        s[f"discard.{k}"] = s[f"discard.{k}"] + h
    for j in range(c.n):
        for k in KS:
            s[hand(j, k)] = ite(i == j, 0, s[hand(j, k)])
    set_at(c, s, "owed", i, D.HAND)
    set_at(c, s, "exchanges", i, 1)
    s["turn"] = next_unpassed(c, s, i)
    return settle(c, s, (MARKET_STAY,))


def pass_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return acting(c, v, p, PH_MARKET)


def pass_update(c: Ctx, s: State, p: Params) -> State:
    set_at(c, s, "passed", p["i"], 1)
    s["turn"] = next_unpassed(c, s, p["i"])
    return settle(c, s, (PH_MARKET,))


# ---------------------------------------------------------------------------
# play: commit (model/crafts/play.py)
# ---------------------------------------------------------------------------


def commit_settle(c: Ctx, s: State, may_have_committed: bool) -> State:
    """The next player to commit, else resolution (a card committed) or the round's end
    (the tables go to the discard)."""
    n = c.n
    pred = [z3.And(s[f"passed{j}"] == 0, s[f"committed{j}"] < 0, hand_size(s, j) > 0)
            for j in range(n)]
    who = first_in_order(c, s["first"], pred)
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
        resolve = resolve_settle(c, resolve, from_commit=True)
        any_committed = z3.Or(*(s[f"committed{j}"] >= 0 for j in range(n)))
        rest = merge(any_committed, resolve, over)
    return merge(who >= 0, found, rest)


def commit_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(acting(c, v, p, PH_COMMIT), cell(c, v, hand, p["i"], p["card"], NK) >= 1)


def commit_update(c: Ctx, s: State, p: Params) -> State:
    add_cell(c, s, hand, p["i"], p["card"], NK, -1)
    set_at(c, s, "committed", p["i"], p["card"])
    return settle(c, s, (PH_COMMIT,))


def stop_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(acting(c, v, p, PH_COMMIT), z3.Not(flag(v, "opt.stop_withdraw")))


def stop_update(c: Ctx, s: State, p: Params) -> State:
    set_at(c, s, "passed", p["i"], 1)
    return settle(c, s, (PH_COMMIT,))


# ---------------------------------------------------------------------------
# play: resolution (model/crafts/play.py): actions first, then buildings
# ---------------------------------------------------------------------------


def resolver(c: Ctx, s: Vars) -> Any:
    """The next card to resolve: the first action card clockwise from the first player,
    else the first card."""
    committed = [s[f"committed{j}"] for j in range(c.n)]
    action = first_in_order(c, s["first"], [x >= D.SCOUTING for x in committed])
    any_card = first_in_order(c, s["first"], [x >= 0 for x in committed])
    return z3.If(action >= 0, action, any_card)


def resolve_settle(c: Ctx, s: State, from_commit: bool = False) -> State:
    mage = s["task"] == TASK_MAGE
    waiting = z3.And(mage, s["task_count"] > 0,
                     pick([hand_size(s, j) for j in range(c.n)], s["task_player"]) > 0)
    stay = dict(s)
    stay["turn"] = s["task_player"]
    cleared = dict(s)
    for key, value in (("task", TASK_NONE), ("task_player", -1), ("task_count", 0)):
        cleared[key] = ite(mage, value, s[key])
    r = resolver(c, cleared)
    found = dict(cleared)
    found["turn"] = r
    if from_commit:
        rest = found  # someone committed: there is a resolver
    else:
        again = dict(cleared)
        again["phase"] = z3.IntVal(PH_COMMIT)
        again = commit_settle(c, again, False)
        rest = merge(r >= 0, found, again)
    return merge(waiting, stay, rest)


def resolve_stay(c: Ctx, s: State) -> State:
    out = dict(s)
    out["turn"] = resolver(c, s)
    return out


def place(c: Ctx, s: State, i: Index, card: Any) -> None:
    """_place: the card goes on the table, a building scores."""
    add_cell(c, s, table, i, card, NK, 1)
    set_at(c, s, "committed", i, -1)
    vp = z3.simplify(pick([z3.IntVal(x) for x in D.VP], card))
    moved = dict(s)
    forward(c, moved, i, vp)
    s.update(merge(z3.simplify(vp > 0), moved, s))


def own_card_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(resolving(c, v, p), at(c, v, "committed", p["i"]) == p["card"])


def decline_update(c: Ctx, s: State, p: Params) -> State:
    i, card = p["i"], p["card"]
    add_pile(s, "discard", card, 1)
    set_at(c, s, "committed", i, -1)
    add_at(c, s, "declined", i, 1)
    return settle(c, s, (PH_RESOLVE,))


def withdraw_update(c: Ctx, s: State, p: Params) -> State:
    i, card = p["i"], p["card"]
    add_cell(c, s, hand, i, card, NK, 1)
    set_at(c, s, "committed", i, -1)
    add_at(c, s, "declined", i, 1)
    set_at(c, s, "passed", i, 1)
    return settle(c, s, (PH_RESOLVE,))


# ---------------------------------------------------------------------------
# the cards (model/crafts/card.py)
# ---------------------------------------------------------------------------


def pay_ok(c: Ctx, v: Vars, i: Index, card: Any) -> Any:
    """The player holds the coins and inputs the card costs."""
    coins = at(c, v, "coins", i)
    options = []
    for x in (*PLAIN_CARDS, D.CASTLE):
        need = [cell(c, v, board, i, r, NR) >= 1 for r in INPUTS[x]]
        options.append(z3.And(card == x, coins >= CARD_COINS[x], *need))
    return z3.Or(*options)


def pay(c: Ctx, s: State, i: Index, card: Any) -> None:
    for x in (*PLAIN_CARDS, D.CASTLE):
        if not INPUTS[x] and not CARD_COINS[x]:
            continue
        paid = dict(s)
        for r in INPUTS[x]:
            add_cell(c, paid, board, i, r, NR, -1)
        paid["bank"] = s["bank"] + len(INPUTS[x]) + CARD_COINS[x]
        if CARD_COINS[x]:
            add_at(c, paid, "coins", i, -CARD_COINS[x])
        s.update(merge(card == x, paid, s))


def fair_count(c: Ctx, s: Vars, i: Index) -> Any:
    """card.fair_count: the other cards a Fair counts (crafts/fair-count)."""
    count = pick([z3.Sum(*(s[table(j, k)] for k in KS)) for j in range(c.n)], i)
    return count + ite(flag(s, "opt.fair_revealed"), at(c, s, "declined", i),
                       ite(flag(s, "opt.fair_played"),
                           cell(c, s, table, i, D.RECONSTRUCTION, NK), 0))


def apply_guard(c: Ctx, v: Vars, p: Params) -> Any:
    card = p["card"]
    # crafts/empty-application: under empty_fair=decline a Fair counting 0 is no
    # application
    fair_ok = z3.Or(card != D.FAIR, z3.Not(flag(v, "opt.fair_nonempty")),
                    fair_count(c, v, p["i"]) > 0)
    return z3.And(owns(c, v, p, card), z3.Or(*(card == x for x in PLAIN_CARDS)),
                  pay_ok(c, v, p["i"], card), fair_ok)


def apply_update(c: Ctx, s: State, p: Params) -> State:
    i, card = p["i"], p["card"]
    pay(c, s, i, card)
    # Fair: 2 coins per card on one's table (and declined ones, by the option)
    fair = dict(s)
    gain_coins(c, fair, i, FAIR_COINS * fair_count(c, s, i))
    out = merge(card == D.FAIR, fair, s)
    for x in PLAIN_CARDS:
        if not OUTPUTS[x]:
            continue
        produced = dict(out)
        for r in OUTPUTS[x]:
            gain_resource(c, produced, i, r, 1)
        out = merge(card == x, produced, out)
    mage = dict(out)
    add_at(c, mage, "owed", i, D.MAGE_DRAW)
    mage["task"] = z3.IntVal(TASK_MAGE)
    mage["task_player"] = i
    mage["task_count"] = z3.IntVal(D.MAGE_DISCARD)
    out = merge(card == D.MAGE, mage, out)
    place(c, out, i, card)
    return settle(c, out, (PH_RESOLVE,))


def mage_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(acting(c, v, p, PH_RESOLVE), v["task"] == TASK_MAGE,
                  cell(c, v, hand, p["i"], p["card"], NK) >= 1)


def discard_card(c: Ctx, s: State, p: Params) -> State:
    """The card ``p["card"]`` goes from player ``p["i"]``'s hand to the discard."""
    add_cell(c, s, hand, p["i"], p["card"], NK, -1)
    add_pile(s, "discard", p["card"], 1)
    return s


def mage_update(c: Ctx, s: State, p: Params) -> State:
    s = discard_card(c, s, p)
    s["task_count"] = s["task_count"] - 1
    return settle(c, s, (PH_RESOLVE,))


def knight_targets(c: Ctx, v: Vars, p: Params) -> Any:
    i, t = p["i"], p["target"]
    cand = [z3.Or(j != i, flag(v, "opt.castle_any")) for j in range(c.n)]
    # the owner's setback comes after the Castle's points (crafts/castle-floor)
    strong = [z3.And(cand[j], v[f"score{j}"] + z3.If(j == i, D.VP[D.CASTLE], 0)
                     >= CASTLE_SETBACK) for j in range(c.n)]
    plain = z3.And(in_range(t, 0, c.n), pick(cand, t, z3.BoolVal(False)))
    forbid = z3.If(z3.Or(*strong), z3.And(in_range(t, 0, c.n),
                                          pick(strong, t, z3.BoolVal(False))),
                   t == -1)
    return ite(flag(v, "opt.castle_forbid"), forbid, plain)


def knight_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(owns(c, v, p, D.CASTLE), knight_targets(c, v, p),
                  pay_ok(c, v, p["i"], z3.IntVal(D.CASTLE)))


def knight_update(c: Ctx, s: State, p: Params) -> State:
    i, t = p["i"], p["target"]
    pay(c, s, i, z3.IntVal(D.CASTLE))
    place(c, s, i, z3.IntVal(D.CASTLE))
    for j in range(c.n):
        setback = dict(s)
        back(setback, j)
        s.update(merge(t == j, setback, s))
    return settle(c, s, (PH_RESOLVE,))


def scout_guard(c: Ctx, v: Vars, p: Params) -> Any:
    i, t = p["i"], p["target"]
    size = pick([hand_size(v, j) for j in range(c.n)], t)
    return z3.And(owns(c, v, p, D.SCOUTING), in_range(t, 0, c.n),
                  z3.Or(t != i, flag(v, "opt.scout_any")),
                  z3.Or(size > 0, flag(v, "opt.scout_empty")))


def scout_update(c: Ctx, s: State, p: Params) -> State:
    i, t = p["i"], p["target"]
    size = pick([hand_size(s, j) for j in range(c.n)], t)
    task = dict(s)
    task["task"] = z3.IntVal(TASK_SCOUT)
    task["task_player"] = t
    task["task_count"] = i
    draw = dict(s)
    add_at(c, draw, "owed", t, 1)
    out = merge(size > 0, task, draw)
    place(c, out, i, z3.IntVal(D.SCOUTING))
    return settle(c, out, (PH_RESOLVE,))


def pick_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(alive(v), z3.Not(draws_pending(c, v)), v["phase"] != PH_FIRST,
                  v["task"] == TASK_SCOUT,
                  cell(c, v, hand, v["task_player"], p["card"], NK) >= 1)


def pick_update(c: Ctx, s: State, p: Params) -> State:
    victim, scout, k = s["task_player"], s["task_count"], p["card"]
    add_cell(c, s, hand, victim, k, NK, -1)
    add_cell(c, s, hand, scout, k, NK, 1)
    add_at(c, s, "owed", victim, 1)
    s["task"] = z3.IntVal(TASK_NONE)
    s["task_player"] = z3.IntVal(-1)
    s["task_count"] = z3.IntVal(0)
    return settle(c, s, (PH_RESOLVE,))


def rebuild_guard(c: Ctx, v: Vars, p: Params) -> Any:
    k = p["card"]
    return z3.And(owns(c, v, p, D.RECONSTRUCTION), k != D.RECONSTRUCTION,
                  cell(c, v, table, p["i"], k, NK) >= 1)


def rebuild_update(c: Ctx, s: State, p: Params) -> State:
    i, k = p["i"], p["card"]
    add_cell(c, s, table, i, k, NK, -1)
    add_cell(c, s, hand, i, k, NK, 1)
    vp = pick([z3.IntVal(x) for x in D.VP], k)
    lose = z3.And(flag(s, "opt.recon_lose"), vp > 0)
    set_at(c, s, "score", i, ite(lose, zmax(0, at(c, s, "score", i) - vp),
                                 at(c, s, "score", i)))
    place(c, s, i, z3.IntVal(D.RECONSTRUCTION))
    return settle(c, s, (PH_RESOLVE,))


def steal_guard(c: Ctx, v: Vars, p: Params) -> Any:
    i, t, r = p["i"], p["victim"], p["res"]
    cost = pick([level(v, x) for x in RS], r)
    return z3.And(owns(c, v, p, D.THEFT), in_range(t, 0, c.n), t != i, cost <= 2,
                  cell(c, v, board, t, r, NR) >= 1, at(c, v, "coins", i) >= cost)


def steal_update(c: Ctx, s: State, p: Params) -> State:
    i, t, r = p["i"], p["victim"], p["res"]
    cost = pick([level(s, x) for x in RS], r)
    add_at(c, s, "coins", i, -cost)
    s["bank"] = s["bank"] + cost
    add_cell(c, s, board, t, r, NR, -1)
    add_cell(c, s, board, i, r, NR, 1)
    place(c, s, i, z3.IntVal(D.THEFT))
    return settle(c, s, (PH_RESOLVE,))


# ---------------------------------------------------------------------------
# trade (model/crafts/trade.py)
# ---------------------------------------------------------------------------


def buy_guard(c: Ctx, v: Vars, p: Params) -> Any:
    price = pick([buy_price(v, r) for r in RS], p["res"])
    return z3.And(resolving(c, v, p), at(c, v, "coins", p["i"]) >= price)


def buy_update(c: Ctx, s: State, p: Params) -> State:
    i, r = p["i"], p["res"]
    price = pick([buy_price(s, x) for x in RS], r)
    add_at(c, s, "coins", i, -price)
    s["bank"] = s["bank"] + price - 1
    add_cell(c, s, board, i, r, NR, 1)
    return settle(c, s, (RESOLVE_STAY,))


def sell_guard(c: Ctx, v: Vars, p: Params) -> Any:
    when = z3.Or(resolving(c, v, p), z3.And(acting(c, v, p, PH_END),
                                            at(c, v, "passed", p["i"]) == 0))
    return z3.And(when, cell(c, v, board, p["i"], p["res"], NR) >= 1)


def sell_update(c: Ctx, s: State, p: Params) -> State:
    sell_one(c, s, p["i"], p["res"])
    return settle(c, s, (RESOLVE_STAY, END_STAY))


# ---------------------------------------------------------------------------
# round end (model/crafts/end.py): discards and sales, the next round
# ---------------------------------------------------------------------------


def end_stay(c: Ctx, s: State) -> State:
    """END after a discard or sale: the actor has not passed, so the round goes on."""
    out = dict(s)
    out["turn"] = first_in_order(c, s["first"], [s[f"passed{j}"] == 0 for j in range(c.n)])
    return out


def end_settle(c: Ctx, s: State) -> State:
    who = first_in_order(c, s["first"], [s[f"passed{j}"] == 0 for j in range(c.n)])
    found = dict(s)
    found["turn"] = who
    return merge(who >= 0, found,
                 merge(s["round"] >= D.ROUNDS, final(c, s), next_round(c, s)))


def next_round(c: Ctx, s: State) -> State:
    """The next round: its first player, then the cards owed drawn (or lost) and the
    market opened."""
    n = c.n
    t = dict(s)
    t["round"] = s["round"] + 1
    scores = [s[f"score{j}"] for j in range(n)]
    low: Any = scores[0]
    for x in scores[1:]:
        low = zmin(low, x)
    first = first_lowest(c, s, scores, low)
    t["first"] = first
    t["turn"] = first
    for i in range(n):
        t[f"owed{i}"] = zmax(0, D.HAND - hand_size(s, i))
    t["phase"] = z3.IntVal(PH_DEAL)
    pending = z3.Or(*(t[f"owed{i}"] > 0 for i in range(n)))
    empty = piles_empty(t)
    lost = dict(t)
    for i in range(n):
        lost[f"owed{i}"] = z3.IntVal(0)
    lost = market_init(c, lost)
    return merge(z3.And(pending, z3.Not(empty)), t,
                 merge(pending, lost, market_init(c, t)))


def first_lowest(c: Ctx, s: State, scores: Sequence[Any], low: Any) -> Any:
    """The next round's first player: the lowest score, ties by ``first_tie``."""
    n = c.n
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
    return ite(flag(s, "opt.first_self"), pick(chains_self, s["first"]),
               pick(chains_next, s["first"]))


def end_discard_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return z3.And(acting(c, v, p, PH_END), at(c, v, "passed", p["i"]) == 0,
                  cell(c, v, hand, p["i"], p["card"], NK) >= 1)


def end_discard_update(c: Ctx, s: State, p: Params) -> State:
    return settle(c, discard_card(c, s, p), (END_STAY,))


def done_guard(c: Ctx, v: Vars, p: Params) -> Any:
    return acting(c, v, p, PH_END)


def done_update(c: Ctx, s: State, p: Params) -> State:
    set_at(c, s, "passed", p["i"], 1)
    return settle(c, s, (PH_END,))


# ---------------------------------------------------------------------------
# final scoring (model/crafts/final.py)
# ---------------------------------------------------------------------------


def met_banks(c: Ctx, s: State, drain: Sequence[Any]) -> list[Any]:
    """The bank each player meets in the final sale: the start bank less the drain of the
    players before him from the first player, floored at 0."""
    met = []
    for j in range(c.n):
        before = []
        for f in range(c.n):
            order = c.orders[f]
            ahead = order[:order.index(j)]
            before.append(z3.Sum(*(drain[x] for x in ahead)) if ahead else z3.IntVal(0))
        met.append(zmax(s["bank"] - pick(before, s["first"]), 0))
    return met


def final(c: Ctx, s: State) -> State:
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
    n = c.n
    out = dict(s)
    for i in range(n):
        for r in RS:
            out[board(i, r)] = z3.IntVal(0)
    limited = flag(s, "opt.limited")
    bank = s["bank"]
    units = [z3.Sum(*(s[board(i, r)] for r in RS)) for i in range(n)]
    value = [z3.Sum(*(s[board(i, r)] * sell_price(s, r) for r in RS)) for i in range(n)]
    drain = [value[i] - units[i] for i in range(n)]
    worth = [s[f"coins{i}"] + value[i] for i in range(n)]
    met = met_banks(c, s, drain)
    out["bank"] = ite(limited, zmax(bank - z3.Sum(*drain), 0), bank - z3.Sum(*drain))
    nearest = flag(s, "opt.coin_nearest")
    for i in range(n):
        paid = s[f"coins{i}"] + units[i] + zmin(drain[i], met[i])
        coins = ite(limited, paid, worth[i])
        out[f"coins{i}"] = coins
        # final_sale=value: what the bank could not pay still counts for the conversion
        counted = ite(flag(s, "opt.final_value"), worth[i], coins)
        bonus = ite(nearest, (counted + 2) / D.COINS_PER_POINT, counted / D.COINS_PER_POINT)
        out[f"score{i}"] = s[f"score{i}"] + bonus
    out["phase"] = z3.IntVal(PH_OVER)
    out["turn"] = z3.IntVal(-1)
    return out


# ---------------------------------------------------------------------------
# the invariant, one function a part
# ---------------------------------------------------------------------------


def options_part(s: Vars) -> Any:
    """Every flag is 0 or 1, and fair_count has one reading."""
    return z3.And(*(z3.Or(s[f] == 0, s[f] == 1) for f in FLAGS),
                  s["opt.fair_revealed"] + s["opt.fair_played"] <= 1)


def cards_part(c: Ctx, s: Vars) -> Any:
    """Every card of the deck is in a pile, a hand, on a table or committed."""
    ps = range(c.n)
    committed = [s[f"committed{i}"] for i in ps]
    cards = []
    for k in KS:
        total = z3.Sum(s[f"deck.{k}"], s[f"discard.{k}"], s[f"market.{k}"],
                       *(s[hand(i, k)] for i in ps), *(s[table(i, k)] for i in ps),
                       *(z3.If(x == k, 1, 0) for x in committed))
        cards.append(total == D.FULL_DECK[k])
    return z3.And(*cards)


def pebbles_part(c: Ctx, s: Vars) -> Any:
    """The pebbles are in the bank, coins or on the boards; the limited bank never below 0."""
    ps = range(c.n)
    pebbles = z3.Sum(s["bank"], *(s[f"coins{i}"] for i in ps),
                     *(s[board(i, r)] for i in ps for r in RS))
    return z3.And(pebbles == D.PEBBLES, z3.Implies(s["opt.limited"] == 1, s["bank"] >= 0))


def non_negative_part(c: Ctx, s: Vars) -> Any:
    counts = [s[f"{p}.{k}"] for p in ("deck", "discard", "market") for k in KS]
    for i in range(c.n):
        counts += [s[hand(i, k)] for k in KS] + [s[table(i, k)] for k in KS]
        counts += [s[board(i, r)] for r in RS]
        counts += [s[f"{f}{i}"] for f in ("coins", "owed", "exchanges", "declined")]
    counts += [s["to_market"], s["task_count"]]
    return z3.And(*(x >= 0 for x in counts))


def score_part(c: Ctx, s: Vars) -> Any:
    """Scores are at least 0 and, until the final scoring, at most the best reached."""
    return z3.And(*(z3.And(s[f"score{i}"] >= 0, s[f"best{i}"] >= 0,
                           z3.Implies(s["phase"] != PH_OVER,
                                      s[f"score{i}"] <= s[f"best{i}"]))
                    for i in range(c.n)))


def counters_part(c: Ctx, s: Vars) -> Any:
    ph, turn, task, tp = s["phase"], s["turn"], s["task"], s["task_player"]
    n = c.n
    return z3.And(
        s["round"] >= 1, s["round"] <= D.ROUNDS, ph >= PH_DEAL, ph <= PH_OVER,
        s["first"] >= -1, s["first"] < n, turn >= -1, turn < n,
        s["to_market"] <= D.MARKET,
        z3.Or(task == TASK_NONE, task == TASK_MAGE, task == TASK_SCOUT),
        tp >= -1, tp < n,
        *(z3.And(s[f"committed{i}"] >= -1, s[f"committed{i}"] < NK) for i in range(n)),
        *(z3.Or(s[f"passed{i}"] == 0, s[f"passed{i}"] == 1) for i in range(n)),
    )


def turn_part(c: Ctx, s: Vars) -> Any:
    """Who acts in each phase, and which draws and tasks a phase may have pending."""
    ph, turn, task, tp, n = s["phase"], s["turn"], s["task"], s["task_player"], c.n
    draws = draws_pending(c, s)
    hand_sizes = [hand_size(s, i) for i in range(n)]
    return z3.And(
        z3.Implies(ph >= PH_MARKET, in_range(s["first"], 0, n)),
        z3.Implies(s["first"] < 0, z3.And(s["round"] == 1, ph <= PH_FIRST)),
        z3.Implies(z3.And(ph >= PH_MARKET, ph <= PH_END), in_range(turn, 0, n)),
        z3.Implies(z3.Or(ph == PH_MARKET, ph == PH_END), at(c, s, "passed", turn) == 0),
        z3.Implies(z3.And(ph == PH_COMMIT, z3.Not(chance(c, s))), z3.And(
            at(c, s, "passed", turn) == 0, at(c, s, "committed", turn) == -1,
            pick(hand_sizes, turn) > 0)),
        z3.Implies(draws, z3.Not(piles_empty(s))),
        z3.Implies(ph == PH_DEAL, draws),
        z3.Implies(ph == PH_FIRST, z3.Not(draws)),
        z3.Implies(ph == PH_OVER, z3.Not(draws)),
        z3.Implies(z3.And(ph != PH_MARKET, ph != PH_RESOLVE, ph != PH_DEAL), z3.Not(draws)),
        z3.Implies(s["to_market"] > 0, ph == PH_MARKET),
        z3.Implies(task != TASK_NONE, z3.And(ph == PH_RESOLVE, tp >= 0)),
        z3.Implies(task == TASK_SCOUT, z3.And(
            z3.Not(draws), pick(hand_sizes, tp) > 0,
            s["task_count"] >= 0, s["task_count"] < n)),
        z3.Implies(z3.And(task == TASK_MAGE, z3.Not(draws)), z3.And(
            turn == tp, s["task_count"] > 0, pick(hand_sizes, tp) > 0)),
        z3.Implies(z3.And(ph == PH_RESOLVE, task == TASK_NONE, z3.Not(draws)),
                   at(c, s, "committed", turn) >= 0),
        z3.Implies(z3.And(ph != PH_COMMIT, ph != PH_RESOLVE),
                   z3.And(*(s[f"committed{i}"] == -1 for i in range(n)))),
    )


def invariant_parts(c: Ctx, v: Vars) -> dict[str, Any]:
    s = dict(v)
    return {
        "options": options_part(s),
        "cards-conserved": cards_part(c, s),
        "pebbles-conserved": pebbles_part(c, s),
        "non-negative": non_negative_part(c, s),
        "score-bounds": score_part(c, s),
        "counters": counters_part(c, s),
        "turn-structure": turn_part(c, s),
    }


# ---------------------------------------------------------------------------
# the action kinds
# ---------------------------------------------------------------------------

ALL_RULE_KINDS = (RB.GAME_OVER,)
#: an update's terms, kept by the ids of its pre-state's and parameters' terms
Cache = dict[tuple[Any, ...], tuple[Any, ...]]


def cached(c: Ctx, cache: Cache, name: str, fn: Callable[[Ctx, State, Params], State]
           ) -> Callable[[Vars, Params], dict[str, Any]]:
    """The kind's update: the variables ``fn`` changes, built once per pre-state and
    parameter terms."""
    def update(v: Vars, p: Params) -> dict[str, Any]:
        key = (c.n, name, *(t.get_id() for t in v.values()),
               *(p[x].get_id() for x in sorted(p)))
        hit = cache.get(key)
        if hit is None:
            pre = dict(v)
            post = fn(c, dict(v), p)
            changed = {k: t for k, t in post.items() if not _same(t, pre[k])}
            hit = (changed, tuple(v.values()), tuple(p.values()))
            cache[key] = hit
        return dict(hit[0])
    return update


def ranges(bounds: dict[str, tuple[int, int]], p: Params) -> Any:
    """Each parameter of ``bounds`` within its [lo, hi) range."""
    return z3.And(*(in_range(p[x], lo, hi) for x, (lo, hi) in bounds.items()))


def kinds(c: Ctx, cache: Cache) -> tuple[ActionKind, ...]:
    """Every action kind for ``c.n`` players, in the model's order of play."""
    pl, card, res = (0, c.n), (0, NK), (0, NR)
    cr = RB.CARD_RULES

    def kind(name: str, names: tuple[str, ...], guard: Callable[..., Any],
             fn: Callable[[Ctx, State, Params], State], rules: tuple[str, ...],
             **bounds: tuple[int, int]) -> ActionKind:
        return ActionKind(name, names, partial(ranges, bounds), partial(guard, c),
                          cached(c, cache, name, fn), ALL_RULE_KINDS + rules)

    return (
        kind("draw", ("card",), draw_guard, draw_update, (RB.SETUP_SHUFFLE,), card=card),
        kind("first-player", ("player",), first_guard, first_update,
             (RB.ROUND_FIRST_RANDOM,), player=pl),
        kind("scout-pick", ("card",), pick_guard, pick_update, (cr[D.SCOUTING],), card=card),
        kind("exchange", ("i", "give", "take"), exchange_guard, exchange_update,
             (RB.MARKET_EXCHANGE, RB.MARKET_EXTRA_COST), i=pl, give=card, take=card),
        kind("redraw", ("i",), redraw_guard, redraw_update,
             (RB.MARKET_REDRAW, RB.MARKET_REDRAW_ONCE), i=pl),
        kind("pass", ("i",), pass_guard, pass_update, (), i=pl),
        kind("commit", ("i", "card"), commit_guard, commit_update, (RB.PLAY_COMMIT,),
             i=pl, card=card),
        kind("stop", ("i",), stop_guard, stop_update, (RB.PLAY_MAY_STOP,), i=pl),
        kind("buy", ("i", "res"), buy_guard, buy_update,
             (RB.TRADE_PRICES, RB.TRADE_NOT_AFTER, RB.TRADE_BEFORE_APPLY), i=pl, res=res),
        kind("sell", ("i", "res"), sell_guard, sell_update,
             (RB.TRADE_OWN_BOARD, RB.TRADE_PRICES, RB.TRADE_NOT_AFTER, RB.TRADE_BEFORE_APPLY,
              RB.MARKET_NO_SALE, RB.END_SELL),
             i=pl, res=res),
        kind("apply", ("i", "card"), apply_guard, apply_update,
             (RB.PLAY_OWN_CARD, *(cr[x] for x in PLAIN_CARDS)), i=pl, card=card),
        kind("knight", ("i", "target"), knight_guard, knight_update,
             (RB.PLAY_OWN_CARD, RB.CARD_CASTLE_SETBACK, cr[D.CASTLE]), i=pl,
             target=(-1, c.n)),
        kind("scout", ("i", "target"), scout_guard, scout_update,
             (RB.PLAY_OWN_CARD, cr[D.SCOUTING]), i=pl, target=pl),
        kind("rebuild", ("i", "card"), rebuild_guard, rebuild_update,
             (RB.PLAY_OWN_CARD, cr[D.RECONSTRUCTION]), i=pl, card=card),
        kind("steal", ("i", "victim", "res"), steal_guard, steal_update,
             (RB.PLAY_OWN_CARD, RB.CARD_THEFT_TYPE, cr[D.THEFT]), i=pl, victim=pl, res=res),
        kind("decline", ("i", "card"), own_card_guard, decline_update, (), i=pl, card=card),
        kind("withdraw", ("i", "card"), own_card_guard, withdraw_update, (), i=pl, card=card),
        kind("mage-discard", ("i", "card"), mage_guard, mage_update,
             (RB.CARD_MAGE_DISCARD,), i=pl, card=card),
        kind("discard", ("i", "card"), end_discard_guard, end_discard_update,
             (RB.END_DISCARD,), i=pl, card=card),
        kind("done", ("i",), done_guard, done_update, (), i=pl),
    )


# ---------------------------------------------------------------------------
# the encoding
# ---------------------------------------------------------------------------


class CraftsEncoding(Encoding[CraftsState, Action]):
    game = "crafts"
    variables = variables_for(6)
    #: no window bound: the gain over consecutive steps is the sum of the per-step gains,
    #: and the only kind with a gain above 8 (the final Done) is the game's last step
    bound_steps = 1
    #: the end of a round's bound by search alone: z3.Optimize spends its budget in vain at
    #: 5 and 6 players and 2.6 s at 4, where the search settles in a few tenths of a second
    bound_by_search = frozenset({"done"})
    #: the card-playing kinds and the commit, in the cards' conservation: their whole
    #: queries from that part seldom settle within the probe at 5 and 6 players (0.6-1.3 s
    #: of CPU each for nothing), where each player on turn settles in hundredths of a
    #: second; from the other parts their whole queries mostly settle, and cheaper than by
    #: cases. The part's tasks at 2-6 players: 31.4 s -> 18.4 s of CPU in all; the knight
    #: and a card applied in the pebbles' conservation likewise (6.2 s -> 5.6 s)
    split_kinds_in = MappingProxyType({
        "cards-conserved": frozenset({"withdraw", "knight", "commit", "scout", "rebuild",
                                      "decline", "apply", "steal"}),
        "pebbles-conserved": frozenset({"knight", "apply"})})
    #: a draw in the cards' conservation and the end of a round in the pebbles' and the
    #: scores' bounds keep them only under all of I, at every player count from 2 to 6:
    #: their rounds from the part were 2.3 s of CPU at 2-6 players for nothing
    whole_kinds_in = MappingProxyType({"cards-conserved": frozenset({"draw"}),
                                       "pebbles-conserved": frozenset({"done"}),
                                       "score-bounds": frozenset({"done"})})
    #: a Castle is seldom played (it costs kvass and a sword): an eager 2-player game sets
    #: a player of 16 points back at step 144, where a wrong setback shows
    openings = (Opening((), 150, players=2, policy="eager", seed=1),)

    def __init__(self, general: bool = False) -> None:
        #: build every update with the full case analysis of the model's settle (slower
        #: proofs; used to check that the settle variants change nothing under I and guard)
        self.general = general
        self._kinds: dict[int, tuple[ActionKind, ...]] = {}
        self._cache: Cache = {}

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

    def ctx(self, n: int) -> Ctx:
        return Ctx(n, self.general)

    def terminal(self, v: Vars, players: int) -> Any:
        return v["phase"] == PH_OVER

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        key = ("parts", players, *(v[x].get_id() if z3.is_expr(v[x]) else v[x] for x in v))
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = (invariant_parts(self.ctx(players), v), tuple(v.values()))
        return dict(hit[0])

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        found = self._kinds.get(players)
        if found is None:
            found = self._kinds[players] = kinds(self.ctx(players), self._cache)
        return found

    def project(self, state: CraftsState) -> dict[str, int]:
        return project(state)

    def classify(self, state: CraftsState, action: Action) -> tuple[str, dict[str, int]]:
        return classify(state, action)


# ---------------------------------------------------------------------------
# the model's actions as kinds and parameters
# ---------------------------------------------------------------------------


def classify(state: CraftsState, action: Action) -> tuple[str, dict[str, int]]:
    """The kind name and integer parameters of a model action in a state."""
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


ENCODING = CraftsEncoding()
