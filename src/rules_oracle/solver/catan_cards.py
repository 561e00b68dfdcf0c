"""The Z3 encoding of the Catan quick card game (``model.catan_cards``).

Projection (integers; ``p{i}.`` prefixes a player's variables; resources ``r``, buildings
``k``, events ``e`` and development kinds ``d`` in the model's orders):

* counters: ``stage`` (the index of :class:`~model.catan_cards.state.Stage` in its declared
  order: 0 draw ... 9 over), ``turn``, ``turns``, ``exch`` (exchanges this turn),
  ``guild`` (the guild used this turn), ``rival`` (-1 none), ``back`` (cards drawn from
  the rival and not yet given back), ``giving`` (giving them back has begun),
  ``winner`` (-1 none),
  ``fate`` (-1 not in play), ``resume`` (a stage index), ``owm`` (cards owed to the
  market at the deal), ``built{d}``;
* cards: ``stack{r}``, ``market{r}``, ``disc{r}``, ``rstack``, ``kstack``, ``sstack``,
  ``bstack{k}``, ``unseen{e}``, ``shown{e}``;
* per player: ``res{r}``, ``roads``, ``knights``, ``sett``, ``city`` (without a
  building), ``bld{k}``, ``vp``, ``owe`` (cards owed from the stack), ``dis`` (cards
  still given up in a robber raid), ``tw`` (exchanged with this turn);
* the options that change numeric play: ``opt.white`` (1: white arrows to the next
  seat), ``opt.rk`` (road and knight points: 0 B side, 1 A side, 2 each), ``opt.atonce``,
  ``opt.raid``, ``opt.mday``, ``opt.guild``, ``opt.cstack`` (3-for-1 from the stack
  first), ``opt.same`` (settlement and city one development), ``opt.must`` (a
  settlement turns the fate card), ``opt.fate`` (the fate card in play), ``opt.ascount``
  (``second-set``), which with the player count fix the components in play,
  ``opt.clock`` (``take-next=clockwise``: past the neighbour a road or knight is sought
  clockwise), ``opt.together`` (``exchange-steps=together``: more cards drawn from one
  rival before any goes back), ``opt.pstop`` (``protected=stop``: a player whose cards
  of the kind are all protected ends the search for a road or knight to take),
  ``opt.near`` (``take-search=next-only``: the search for a road or knight to take ends
  after the neighbour and the next after him) and ``opt.bname`` (``building-once=name``:
  two different buildings a turn; ``built4`` then counts the buildings of the turn, at
  most the buildings of the player on turn).

The order of the pending draws is not projected: the model's sequences always serve the
market first, then the seats from the player on turn clockwise (the deal from seat 0,
a market day from the builder, production and a stack exchange the player on turn
alone), so the recipient of the next card is a function of ``owm`` and the ``owe``
counts. Every automatic consequence (the stack rebuilt, skipped draws, the end of the
turn, the turn limit, points, the win at once) is in the updates.

Score variables: ``p{i}.vp``. One action gives its player at most 2 points (a building on
a city). While the game goes on the player on turn holds at most 9 plus the gains of the
kinds developed this turn (``properties.catan_cards.TURN_GAIN``, each kind once a turn,
6 in all: the
invariant part ``score-cap``), so a score stays within 15 (under ``opt.bname`` a building
of each kind in one turn: within 15 + 2 (NB - 1)); ending at once within 9 + 2.

Layout: short top-level functions under the rulebook's chapters, as in the model package
(``model/catan_cards/*.py``), composed top-down: the projection and how it is read; the
points; an update under construction (:class:`_Up`); the turn's automatic steps (the next
draw, the stack rebuilt, the end of the turn, the win at once: :func:`_step` wraps every
kind's update in them); then per chapter its action kinds, a guard and an update each
(chance draws, trade, taking a road or knight, development, events), the invariant one
function a part, and :func:`_kinds`, the table that puts every kind together. Each function
takes the player count ``n`` it needs.
"""

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any

import z3

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    Action,
    BuildBuilding,
    BuildCity,
    BuildRoad,
    ChooseFromRival,
    Convert,
    Discard,
    Draw,
    EndDevelopment,
    EndTrade,
    FoundSettlement,
    GiveBack,
    GuildTake,
    HireKnight,
    Reveal,
    Take,
    TradeMarket,
    TradeRival,
    TradeStack,
    TurnFate,
)
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.stated import Stated
from rules_oracle.properties import catan_cards as P
from rules_oracle.solver.encoding import ActionKind, Encoding, Params, Vars
from rules_oracle.solver.terms import ONE, Z, flag, in_range, int_term, pn, select, sum_of

STAGES = tuple(Stage)
STAGE_CODE = {s: i for i, s in enumerate(STAGES)}
(DRAW, TRADE, CHOOSE, RIVAL_DRAW, GIVE_BACK, GUILD_DRAW, DEVELOP, FATE, EVENT, DISCARD,
 OVER) = (
    STAGE_CODE[s] for s in (Stage.DRAW, Stage.TRADE, Stage.CHOOSE, Stage.RIVAL_DRAW,
                            Stage.GIVE_BACK,
                            Stage.GUILD_DRAW, Stage.DEVELOP, Stage.FATE, Stage.EVENT,
                            Stage.DISCARD, Stage.OVER))
NR = D.N_RESOURCES
NB = D.N_BUILDINGS
NE = len(D.EVENTS)
ND = len(D.DEVELOPMENTS)
#: the most points a player holds while the game goes on (9 before the winning step, which
#: gives at most 2) or at its end
SCORE_CAP = D.VICTORY - 1 + 2
#: catan_cards/production.draw, restated from its quote ("Возьмите 2 верхние карты из стопки
#: сырья"), not read from the model's data: the cards a production draws before knights
PRODUCTION = 2
#: the constants this encoding restates from the rules' quotes
STATED = (Stated("PRODUCTION", PRODUCTION, RB.PRODUCTION_DRAW),)


OPTIONS = ("opt.white", "opt.rk", "opt.atonce", "opt.raid", "opt.mday", "opt.guild",
           "opt.cstack", "opt.same", "opt.must", "opt.fate", "opt.ascount", "opt.clock",
           "opt.together", "opt.pstop", "opt.near", "opt.bname")
COUNTERS = ("stage", "turn", "turns", "exch", "guild", "rival", "back", "giving", "winner",
            "fate", "resume", "owm", "rstack", "kstack", "sstack")
PLAYER_SCALARS = ("roads", "knights", "sett", "city", "vp", "owe", "dis", "tw")


# ---------------------------------------------------------------------------
# the projection and how it is read
# ---------------------------------------------------------------------------


def _player_vars(i: int) -> list[str]:
    out = [pn(i, f"res{r}") for r in range(NR)]
    out += [pn(i, f"bld{k}") for k in range(NB)]
    out += [pn(i, x) for x in PLAYER_SCALARS]
    return out


def _global_vars() -> list[str]:
    out = [*COUNTERS, *OPTIONS]
    for prefix in ("stack", "market", "disc"):
        out += [f"{prefix}{r}" for r in range(NR)]
    out += [f"bstack{k}" for k in range(NB)]
    out += [f"unseen{e}" for e in range(NE)] + [f"shown{e}" for e in range(NE)]
    out += [f"built{d}" for d in range(ND)]
    return out


def _options(opt: Callable[[str], str], fate: int) -> dict[str, int]:
    """The option flags of a configuration (``opt.fate``: whether the fate card is in
    play)."""
    return {
        "opt.white": int(opt("fate-white") == "left"),
        "opt.rk": ("b-side", "a-side", "each").index(opt("road-knight-points")),
        "opt.atonce": int(opt("end") == "at-once"),
        "opt.raid": int(opt("robber-raid") == "half-over-7"),
        "opt.mday": int(opt("market-day") == "draw-one"),
        "opt.guild": int(opt("guild") == "take"),
        "opt.cstack": int(opt("convert-from") == "stack"),
        "opt.same": int(opt("settlement-city") == "same"),
        "opt.must": int(opt("settlement-fate") == "must"),
        "opt.fate": int(fate >= 0),
        "opt.ascount": int(opt("second-set") == "as-count"),
        "opt.clock": int(opt("take-next") == "clockwise"),
        "opt.together": int(opt("exchange-steps") == "together"),
        "opt.pstop": int(opt("protected") == "stop"),
        "opt.near": int(opt("take-search") == "next-only"),
        "opt.bname": int(opt("building-once") == "name"),
    }


def project(state: CardsState) -> dict[str, int]:
    """The projection of a model state."""
    out: dict[str, int] = {
        "stage": STAGE_CODE[state.stage], "turn": state.turn, "turns": state.turns,
        "exch": state.exchanges, "guild": int(state.guild_used), "rival": state.rival,
        "winner": state.winner, "fate": state.fate, "resume": STAGE_CODE[state.resume],
        "owm": state.drawing.count(-1), "rstack": state.road_stack,
        "kstack": state.knight_stack, "sstack": state.settlement_stack,
    }
    out.update(_options(state.config.option, state.fate))
    out.update({"back": state.owed_back, "giving": int(state.giving_back)})
    for r in range(NR):
        out[f"stack{r}"] = state.stack[r]
        out[f"market{r}"] = state.market[r]
        out[f"disc{r}"] = state.discard[r]
    for k in range(NB):
        out[f"bstack{k}"] = state.building_stack[k]
    for e in range(NE):
        out[f"unseen{e}"] = state.unseen_events[e]
        out[f"shown{e}"] = state.revealed_events[e]
    for d in range(ND):
        out[f"built{d}"] = state.built[d]
    for i, pl in enumerate(state.players):
        for r in range(NR):
            out[pn(i, f"res{r}")] = pl.hand[r]
        for k in range(NB):
            out[pn(i, f"bld{k}")] = pl.buildings[k]
        out[pn(i, "roads")] = pl.roads
        out[pn(i, "knights")] = pl.knights
        out[pn(i, "sett")] = pl.settlements
        out[pn(i, "city")] = pl.cities
        out[pn(i, "vp")] = pl.vp
        out[pn(i, "owe")] = state.drawing.count(i)
        out[pn(i, "dis")] = state.discards[i] if state.discards else 0
        out[pn(i, "tw")] = int(i in state.traded_with)
    return out


def _of(v: Vars, who: Any, name: str, players: int, default: Any = Z) -> Any:
    return select(who, [v[pn(i, name)] for i in range(players)], default)


def _me(n: int, v: Vars, name: str) -> Any:
    """The variable ``name`` of the player on turn."""
    return _of(v, v["turn"], name, n)


def _hand(v: Vars, i: int) -> Any:
    return sum_of([v[pn(i, f"res{r}")] for r in range(NR)])


def _held(n: int, v: Vars, who: Any, r: Any) -> Any:
    """The cards of resource ``r`` player ``who`` holds."""
    return select(r, [_of(v, who, f"res{x}", n) for x in range(NR)])


def recipient(v: Vars, players: int) -> Any:
    """The seat the next card goes to (-1: the market): the market first, then the seats
    owed from the player on turn clockwise."""
    out: Any = z3.IntVal(-1)
    for j in reversed(range(players)):
        q = (v["turn"] + j) % players
        out = z3.If(_of(v, q, "owe", players) > 0, q, out)
    return z3.If(v["owm"] > 0, -1, out)


def discarder(v: Vars, players: int) -> Any:
    """The seat that gives up the next card of a robber raid (from the player on turn)."""
    out: Any = z3.IntVal(-1)
    for j in reversed(range(players)):
        q = (v["turn"] + j) % players
        out = z3.If(_of(v, q, "dis", players) > 0, q, out)
    return out


# ---------------------------------------------------------------------------
# points and the components in play (model/catan_cards/score.py, setup.py)
# ---------------------------------------------------------------------------


def _a_side(n: Any) -> Any:
    return (n + 1) / 2


def _pile_vp(n: Any, rk: Any) -> Any:
    return z3.If(rk == 0, n / 2, z3.If(rk == 1, (n + 1) / 2, n))


def _vp(post: Mapping[str, Any], i: int) -> Any:
    rk = post["opt.rk"]
    return (post[pn(i, "sett")] + 2 * post[pn(i, "city")]
            + sum_of([D.BUILDING_VP[k] * post[pn(i, f"bld{k}")] for k in range(NB)])
            + _pile_vp(post[pn(i, "roads")], rk) + _pile_vp(post[pn(i, "knights")], rk))


def totals(players: int, ascount: Any) -> dict[str, Any]:
    """The components in play as terms of ``opt.ascount``, restated from the set-up rules
    over the card tables (``properties.catan_cards.in_play``, not the model's
    ``setup.components``)."""
    cfgs = [P.in_play(players, x) for x in ("symbol-only", "as-count")]
    out: dict[str, Any] = {}

    def pick(a: int, b: int) -> Any:
        return z3.IntVal(a) if a == b else z3.If(ascount == 1, b, a)

    lo, hi = cfgs
    for r in range(NR):
        out[f"res{r}"] = pick(lo[0][r], hi[0][r])
    out["roads"] = pick(lo[1], hi[1])
    out["knights"] = pick(lo[2], hi[2])
    out["sett"] = pick(lo[3], hi[3])
    for k in range(NB):
        out[f"bld{k}"] = pick(lo[4][k], hi[4][k])
    for e in range(NE):
        out[f"ev{e}"] = pick(lo[5][e], hi[5][e])
    return out


# ---------------------------------------------------------------------------
# an update under construction
# ---------------------------------------------------------------------------


class _Up:
    """An update under construction: additive changes and assignments."""

    def __init__(self, v: Vars, players: int) -> None:
        self.v = v
        self.players = players
        self.delta: dict[str, list[Any]] = {}
        self.set: dict[str, Any] = {}

    def add(self, name: str, delta: Any) -> None:
        self.delta.setdefault(name, []).append(int_term(delta))

    def add_player(self, who: Any, name: str, delta: Any) -> None:
        for i in range(self.players):
            self.add(pn(i, name), z3.If(who == i, int_term(delta), Z))

    def put(self, name: str, value: Any) -> None:
        self.set[name] = int_term(value)

    def terms(self) -> dict[str, Any]:
        out = {k: self.v[k] + sum_of(ds) for k, ds in self.delta.items()}
        out.update(self.set)
        return out


def _post(v: Vars, up: Mapping[str, Any]) -> dict[str, Any]:
    return {**v, **up}


def _pay(u: _Up, who: Any, cost: tuple[int, ...]) -> None:
    for r, n in enumerate(cost):
        if n:
            u.add_player(who, f"res{r}", -n)
            u.add(f"disc{r}", n)


def _move(u: _Up, giver: Any, taker: Any, r: Any) -> None:
    for x in range(NR):
        u.add_player(giver, f"res{x}", flag(r == x) * -1)
        u.add_player(taker, f"res{x}", flag(r == x))


Guard = Callable[[int, Vars, Params], Any]
UpdateFn = Callable[[int, Vars, Params, _Up], None]
Post = Callable[[dict[str, Any]], dict[str, Any]]
ACTOR_RULES = (RB.TURN_ACTOR, RB.GAME_OVER)


# ---------------------------------------------------------------------------
# the turn's automatic steps (model/catan_cards/turn.py)
# ---------------------------------------------------------------------------


def _flip(v: Vars) -> Any:
    return z3.If(v["fate"] >= 0, 1 - v["fate"], v["fate"])


def _begin(post: dict[str, Any], seat: Any, players: int, when: Any) -> dict[str, Any]:
    """``turn.begin_turn`` when ``when`` holds."""
    out = dict(post)
    resets: dict[str, Any] = {"stage": z3.IntVal(TRADE), "turn": seat,
                              "turns": post["turns"] + 1, "exch": Z, "guild": Z,
                              "rival": z3.IntVal(-1), "resume": z3.IntVal(TRADE)}
    resets.update({f"built{d}": Z for d in range(ND)})
    resets.update({pn(i, "tw"): Z for i in range(players)})
    for name, value in resets.items():
        out[name] = z3.If(when, value, post[name])
    return out


def _over(post: dict[str, Any], winner: Any, players: int, when: Any) -> dict[str, Any]:
    """``score.over`` when ``when`` holds."""
    out = dict(post)
    changes: dict[str, Any] = {"stage": z3.IntVal(OVER), "winner": winner, "owm": Z,
                               "rival": z3.IntVal(-1)}
    for i in range(players):
        changes[pn(i, "owe")] = Z
        changes[pn(i, "dis")] = Z
    for name, value in changes.items():
        out[name] = z3.If(when, value, post[name])
    return out


def _end_turn(post: dict[str, Any], players: int, when: Any) -> dict[str, Any]:
    """``turn.end_turn`` when ``when`` holds."""
    won = z3.And(when, _of(post, post["turn"], "vp", players) >= D.VICTORY)
    limit = z3.And(when, z3.Not(won), post["turns"] >= D.TURN_LIMIT)
    nxt = z3.And(when, z3.Not(won), z3.Not(limit))
    out = _over(post, post["turn"], players, won)
    out = _over(out, z3.IntVal(-1), players, limit)
    return _begin(out, (post["turn"] + 1) % players, players, nxt)


def _restock(post: dict[str, Any]) -> dict[str, Any]:
    """``turn.restock``: an empty stack takes the discard pile."""
    empty = sum_of([post[f"stack{r}"] for r in range(NR)]) == 0
    out = dict(post)
    for r in range(NR):
        out[f"stack{r}"] = z3.If(empty, post[f"disc{r}"], post[f"stack{r}"])
        out[f"disc{r}"] = z3.If(empty, Z, post[f"disc{r}"])
    return out


def _settle(post: dict[str, Any], players: int) -> dict[str, Any]:
    """``turn.settle``: the next draw, or skip the draws and resume."""
    post = _restock(post)
    owed = post["owm"] + sum_of([post[pn(i, "owe")] for i in range(players)])
    stocked = sum_of([post[f"stack{r}"] for r in range(NR)]) > 0
    drawing = z3.And(owed > 0, stocked)
    out = dict(post)
    out["stage"] = z3.If(drawing, DRAW, post["resume"])
    out["owm"] = z3.If(drawing, post["owm"], Z)
    for i in range(players):
        out[pn(i, "owe")] = z3.If(drawing, post[pn(i, "owe")], Z)
    return _end_turn(out, players, z3.And(z3.Not(drawing), post["resume"] == OVER))


def _step(n: int, update: UpdateFn, post: Post | None, v: Vars, p: Params
          ) -> dict[str, Any]:
    """A kind's whole update: its own changes, then ``post`` (the automatic steps that
    follow it), the stack rebuilt, the points counted, and the win at once."""
    u = _Up(v, n)
    update(n, v, p, u)
    after = _post(v, u.terms())
    if post is not None:
        after = post(after)
    after = _restock(after)
    for i in range(n):
        after[pn(i, "vp")] = _vp(after, i)
    won = z3.And(after["turns"] >= 1, after["stage"] != OVER, v["opt.atonce"] == 1,
                 _of(after, after["turn"], "vp", n) >= D.VICTORY)
    after = _over(after, after["turn"], n, won)
    return {k: t for k, t in after.items() if k not in v or t is not v[k]}


# ---------------------------------------------------------------------------
# chance: the deal's and the turn's draws, the card drawn from a rival
# ---------------------------------------------------------------------------


def draw_guard(n: int, v: Vars, p: Params) -> Any:
    r = p["resource"]
    return z3.And(v["stage"] == DRAW, select(r, [v[f"stack{x}"] for x in range(NR)]) > 0)


def draw_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    r = p["resource"]
    who = recipient(v, n)
    for x in range(NR):
        u.add(f"stack{x}", -flag(r == x))
        u.add(f"market{x}", z3.If(who == -1, flag(r == x), Z))
    for x in range(NR):
        u.add_player(who, f"res{x}", flag(r == x))
    u.add("owm", z3.If(who == -1, -1, 0))
    u.add_player(who, "owe", -1)


def draw_post(n: int, after: dict[str, Any]) -> dict[str, Any]:
    """After a draw: the first turn begins once the deal is done, else the next draw."""
    owed = after["owm"] + sum_of([after[pn(i, "owe")] for i in range(n)])
    deal_done = z3.And(after["turns"] == 0, owed == 0)
    begun = _begin(after, Z, n, deal_done)
    settled = _settle(after, n)
    return {k: z3.If(deal_done, begun[k], settled[k]) for k in after}


def take_guard(n: int, v: Vars, p: Params) -> Any:
    r = p["resource"]
    return z3.And(z3.Or(v["stage"] == RIVAL_DRAW, v["stage"] == GUILD_DRAW),
                  select(r, [_of(v, v["rival"], f"res{x}", n) for x in range(NR)]) > 0)


def take_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    _move(u, v["rival"], v["turn"], p["resource"])
    exchange = v["stage"] == RIVAL_DRAW
    u.put("stage", z3.If(exchange, GIVE_BACK, TRADE))
    u.put("rival", z3.If(exchange, v["rival"], -1))
    u.put("back", z3.If(exchange, v["back"] + 1, v["back"]))


# ---------------------------------------------------------------------------
# trade (model/catan_cards/trade.py)
# ---------------------------------------------------------------------------


def _allowance(v: Vars, players: int) -> Any:
    a = _a_side(_of(v, v["turn"], "roads", players))
    return z3.If(a > 1, a, ONE)


def trading(n: int, v: Vars) -> Any:
    return z3.And(v["stage"] == TRADE, v["exch"] < _allowance(v, n))


def roads_a(n: int, v: Vars) -> Any:
    return _a_side(_me(n, v, "roads")) >= 1


def from_hand(n: int, v: Vars) -> Any:
    """An exchange with the market or a rival needs a card in hand."""
    return select(v["turn"], [_hand(v, i) for i in range(n)]) > 0


def stack_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(trading(n, v), _held(n, v, v["turn"], p["give"]) > 0)


def stack_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    g = p["give"]
    for x in range(NR):
        u.add_player(v["turn"], f"res{x}", -flag(g == x))
        u.add(f"disc{x}", flag(g == x))
    u.add("exch", 1)
    u.add_player(v["turn"], "owe", 1)
    u.put("resume", TRADE)


def market_guard(n: int, v: Vars, p: Params) -> Any:
    t, g = p["take"], p["give"]
    return z3.And(trading(n, v), roads_a(n, v), from_hand(n, v),
                  select(t, [v[f"market{x}"] for x in range(NR)]) > 0,
                  _held(n, v, v["turn"], g) + flag(g == t) > 0)


def market_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    t, g = p["take"], p["give"]
    for x in range(NR):
        u.add_player(v["turn"], f"res{x}", flag(t == x) - flag(g == x))
        u.add(f"market{x}", flag(g == x) - flag(t == x))
    u.add("exch", 1)


def rival_ok(n: int, v: Vars, q: Any) -> Any:
    return z3.And(q != v["turn"], select(q, [_hand(v, i) for i in range(n)]) > 0)


def more_guard(n: int, v: Vars, p: Params) -> Any:
    """exchange-steps=together: one more card from the same rival, nothing given back
    yet, within the allowance."""
    return z3.And(v["stage"] == GIVE_BACK, v["opt.together"] == 1, v["giving"] == 0,
                  p["rival"] == v["rival"], v["exch"] < _allowance(v, n),
                  rival_ok(n, v, p["rival"]))


def first_guard(n: int, v: Vars, p: Params) -> Any:
    """An exchange with a rival begins (drawn blind or, with the library, chosen)."""
    return z3.And(trading(n, v), roads_a(n, v), from_hand(n, v), rival_ok(n, v, p["rival"]))


def blind_guard(n: int, v: Vars, p: Params) -> Any:
    """With the library, the exchange under way draws blind after all."""
    return z3.And(v["stage"] == CHOOSE, p["rival"] == v["rival"])


def rival_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.Or(first_guard(n, v, p), more_guard(n, v, p), blind_guard(n, v, p))


def rival_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    """An exchange begins (with the library and a rival not yet exchanged with this
    turn: the choice first), or one more card of it, or the blind draw after all."""
    q = p["rival"]
    begun = v["stage"] == CHOOSE
    u.add("exch", z3.If(begun, 0, 1))
    for i in range(n):
        u.put(pn(i, "tw"), z3.If(q == i, 1, v[pn(i, "tw")]))
    u.put("rival", q)
    library = z3.And(v["stage"] == TRADE, _me(n, v, f"bld{D.LIBRARY}") > 0,
                     _of(v, q, "tw", n) == 0)
    u.put("stage", z3.If(library, CHOOSE, RIVAL_DRAW))


def choose_guard(n: int, v: Vars, p: Params) -> Any:
    q, r = p["rival"], p["resource"]
    return z3.And(v["stage"] == CHOOSE, q == v["rival"], _held(n, v, q, r) > 0)


def choose_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    _move(u, p["rival"], v["turn"], p["resource"])
    u.put("stage", GIVE_BACK)
    u.put("back", z3.IntVal(1))


def give_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == GIVE_BACK, _held(n, v, v["turn"], p["resource"]) > 0)


def give_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    _move(u, v["turn"], v["rival"], p["resource"])
    done = v["back"] <= 1
    u.put("stage", z3.If(done, TRADE, GIVE_BACK))
    u.put("rival", z3.If(done, -1, v["rival"]))
    u.put("back", v["back"] - 1)
    u.put("giving", z3.If(done, 0, 1))


def guild_guard(n: int, v: Vars, p: Params) -> Any:
    q = p["rival"]
    return z3.And(v["stage"] == TRADE, v["guild"] == 0, v["opt.guild"] == 1,
                  _me(n, v, f"bld{D.GUILD}") > 0, rival_ok(n, v, q),
                  _of(v, q, "vp", n) >= _me(n, v, "vp"))


def guild_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    u.put("guild", 1)
    u.put("rival", p["rival"])
    u.put("stage", GUILD_DRAW)


def end_trade_guard(n: int, v: Vars, p: Params) -> Any:
    return v["stage"] == TRADE


def end_trade_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    u.put("stage", DEVELOP)


# ---------------------------------------------------------------------------
# taking a road or knight from a rival (model/catan_cards/take.py)
# ---------------------------------------------------------------------------


def _takeable(v: Vars, q: Any, kind: int, players: int) -> Any:
    if kind == D.ROAD:
        guard = z3.If(_of(v, q, f"bld{D.CITADEL}", players) > 0, D.CITADEL_ROADS, 0)
        return _of(v, q, "roads", players) > guard
    guard = z3.If(_of(v, q, f"bld{D.CHURCH}", players) > 0, D.CHURCH_KNIGHTS, 0)
    return _of(v, q, "knights", players) > guard


def victim(v: Vars, kind: int, players: int) -> Any:
    """``take.victim`` over terms (past the neighbour the arrows' way, or clockwise
    under ``opt.clock``; under ``opt.pstop`` a player with only protected cards ends it;
    under ``opt.near`` it ends after two rivals)."""
    arrows = z3.If(v["fate"] < 0, 1, z3.If((v["fate"] == D.WHITE) == (v["opt.white"] == 1),
                                           1, -1))
    first = (v["turn"] + arrows) % players
    step = z3.If(v["opt.clock"] == 1, 1, arrows)
    out: Any = z3.IntVal(-1)
    field = "roads" if kind == D.ROAD else "knights"
    seats = [(first + step * i) % players for i in range(players)]
    for i in reversed(range(players)):
        q = seats[i]
        rival = q != v["turn"]
        # rivals sought before q (the taker is passed over, not counted)
        before = i - z3.Sum(*(z3.If(seats[j] == v["turn"], 1, 0) for j in range(i))) if i \
            else z3.IntVal(0)
        beyond = z3.And(rival, v["opt.near"] == 1, before >= 2)
        stops = z3.And(rival, v["opt.pstop"] == 1, _of(v, q, field, players) > 0)
        out = z3.If(beyond, -1, z3.If(z3.And(rival, _takeable(v, q, kind, players)), q,
                                      z3.If(stops, -1, out)))
    return out


# ---------------------------------------------------------------------------
# development (model/catan_cards/development.py, production.py)
# ---------------------------------------------------------------------------


def _once(v: Vars, kind: int) -> Any:
    if kind in (D.SETTLEMENT, D.CITY):
        both = z3.And(v[f"built{D.SETTLEMENT}"] == 0, v[f"built{D.CITY}"] == 0)
        return z3.And(v[f"built{kind}"] == 0, z3.Or(v["opt.same"] == 0, both))
    if kind == D.BUILDING:
        return z3.Or(v[f"built{kind}"] == 0, v["opt.bname"] == 1)
    return v[f"built{kind}"] == 0


def _covers(v: Vars, players: int, cost: tuple[int, ...]) -> Any:
    return z3.And(*(_of(v, v["turn"], f"res{r}", players) >= n for r, n in enumerate(cost)
                    if n))


def developing(n: int, v: Vars, k: int) -> Any:
    return z3.And(v["stage"] == DEVELOP, _once(v, k), _covers(v, n, D.COSTS[k]))


def pile_guard(k: int, n: int, v: Vars, p: Params) -> Any:
    """A road or a knight: from its stack, else taken from a rival."""
    stack = "rstack" if k == D.ROAD else "kstack"
    return z3.And(developing(n, v, k), z3.Or(v[stack] > 0, victim(v, k, n) >= 0))


def pile_update(k: int, n: int, v: Vars, p: Params, u: _Up) -> None:
    stack, field = ("rstack", "roads") if k == D.ROAD else ("kstack", "knights")
    _pay(u, v["turn"], D.COSTS[k])
    u.put(f"built{k}", 1)
    stocked = v[stack] > 0
    u.add(stack, flag(stocked) * -1)
    q = victim(v, k, n)
    u.add_player(q, field, z3.If(stocked, 0, -1))
    u.put("fate", z3.If(stocked, v["fate"], _flip(v)))
    u.add_player(v["turn"], field, 1)


def settlement_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(developing(n, v, D.SETTLEMENT), v["sstack"] > 0)


def settlement_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    _pay(u, v["turn"], D.SETTLEMENT_COST)
    u.put(f"built{D.SETTLEMENT}", 1)
    u.add("sstack", -1)
    u.add_player(v["turn"], "sett", 1)
    must = v["opt.must"] == 1
    u.put("stage", z3.If(z3.And(v["fate"] >= 0, z3.Not(must)), FATE, DEVELOP))
    u.put("fate", z3.If(must, _flip(v), v["fate"]))


def city_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(developing(n, v, D.CITY), _me(n, v, "sett") > 0)


def city_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    _pay(u, v["turn"], D.CITY_COST)
    u.put(f"built{D.CITY}", 1)
    u.add_player(v["turn"], "sett", -1)
    u.add_player(v["turn"], "city", 1)
    u.put("stage", EVENT)


def building_guard(n: int, v: Vars, p: Params) -> Any:
    k = p["building"]
    return z3.And(developing(n, v, D.BUILDING), _me(n, v, "city") > 0,
                  select(k, [v[f"bstack{x}"] for x in range(NB)]) > 0,
                  select(k, [_me(n, v, f"bld{x}") for x in range(NB)]) == 0)


def building_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    k = p["building"]
    _pay(u, v["turn"], D.BUILDING_COST)
    u.add(f"built{D.BUILDING}", 1)
    u.add_player(v["turn"], "city", -1)
    for x in range(NB):
        u.add_player(v["turn"], f"bld{x}", flag(k == x))
        u.add(f"bstack{x}", -flag(k == x))


def convert_guard(n: int, v: Vars, p: Params) -> Any:
    g, t = p["give"], p["get"]
    supply = select(t, [v[f"stack{x}"] + v[f"disc{x}"] for x in range(NR)])
    return z3.And(v["stage"] == DEVELOP, g != t,
                  _held(n, v, v["turn"], g) >= D.CONVERT_GIVE, supply > 0)


def convert_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    g, t = p["give"], p["get"]
    stack_t = select(t, [v[f"stack{x}"] for x in range(NR)])
    disc_t = select(t, [v[f"disc{x}"] for x in range(NR)])
    from_stack = z3.If(v["opt.cstack"] == 1, stack_t > 0, disc_t == 0)
    for x in range(NR):
        u.add_player(v["turn"], f"res{x}", flag(t == x) - D.CONVERT_GIVE * flag(g == x))
        u.add(f"disc{x}", D.CONVERT_GIVE * flag(g == x)
              - z3.If(z3.Not(from_stack), flag(t == x), Z))
        u.add(f"stack{x}", -z3.If(from_stack, flag(t == x), Z))


def end_dev_guard(n: int, v: Vars, p: Params) -> Any:
    return v["stage"] == DEVELOP


def end_dev_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    """Production: the player on turn is owed 2 cards and one per A-side knight."""
    u.add_player(v["turn"], "owe", PRODUCTION + _a_side(_me(n, v, "knights")))
    u.put("resume", OVER)


def fate_guard(n: int, v: Vars, p: Params) -> Any:
    return v["stage"] == FATE


def fate_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    u.put("fate", z3.If(p["turn"] == 1, _flip(v), v["fate"]))
    u.put("stage", DEVELOP)


# ---------------------------------------------------------------------------
# events (model/catan_cards/event.py)
# ---------------------------------------------------------------------------


def reveal_guard(n: int, v: Vars, p: Params) -> Any:
    e = p["event"]
    return z3.And(v["stage"] == EVENT, select(e, [v[f"unseen{x}"] for x in range(NE)]) > 0)


def reveal_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    e = p["event"]
    for x in range(NE):
        u.add(f"unseen{x}", -flag(e == x))
        u.add(f"shown{x}", flag(e == x))
    raid = e == D.ROBBER_RAID
    u.put("fate", z3.If(raid, _flip(v), v["fate"]))
    owed = [z3.If(z3.And(raid, v["opt.raid"] == 1, _hand(v, i) > D.RAID_LIMIT),
                  _hand(v, i) / 2, 0) for i in range(n)]
    for i in range(n):
        u.put(pn(i, "dis"), owed[i])
    market_day = z3.And(z3.Not(raid), v["opt.mday"] == 1)
    for i in range(n):
        u.put(pn(i, "owe"), z3.If(market_day, 1, v[pn(i, "owe")]))
    u.put("resume", z3.If(market_day, DEVELOP, v["resume"]))
    u.put("stage", z3.If(sum_of(owed) > 0, DISCARD, DEVELOP))


def reveal_post(n: int, after: dict[str, Any]) -> dict[str, Any]:
    """After an event: a market day's draws, if any."""
    owed = sum_of([after[pn(i, "owe")] for i in range(n)])
    settled = _settle(after, n)
    return {k: z3.If(owed > 0, settled[k], after[k]) for k in after}


def discard_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == DISCARD, _held(n, v, discarder(v, n), p["resource"]) > 0)


def discard_update(n: int, v: Vars, p: Params, u: _Up) -> None:
    q, r = discarder(v, n), p["resource"]
    for x in range(NR):
        u.add_player(q, f"res{x}", -flag(r == x))
        u.add(f"disc{x}", flag(r == x))
    u.add_player(q, "dis", -1)
    left = sum_of([v[pn(i, "dis")] for i in range(n)]) - 1
    u.put("stage", z3.If(left > 0, DISCARD, DEVELOP))


# ---------------------------------------------------------------------------
# the invariant, one function a part
# ---------------------------------------------------------------------------


def _laid(n: int, v: Vars) -> Any:
    """The cities and buildings laid (each turned an event card over)."""
    return sum_of([v[pn(i, "city")] + sum_of([v[pn(i, f"bld{k}")] for k in range(NB)])
                   for i in range(n)])


def options_part(n: int, v: Vars) -> Any:
    return z3.And(
        *(z3.Or(v[o] == 0, v[o] == 1) for o in OPTIONS if o != "opt.rk"),
        v["opt.rk"] >= 0, v["opt.rk"] <= 2,
        (v["opt.fate"] == 1) if 3 <= n <= 4 else (v["opt.fate"] == 0) if n == 2
        else z3.BoolVal(True),
        z3.Or(v["opt.ascount"] == 0, n > 4))


def resources_part(n: int, v: Vars, tot: Mapping[str, Any]) -> Any:
    return z3.And(*(
        v[f"stack{r}"] + v[f"market{r}"] + v[f"disc{r}"]
        + sum_of([v[pn(i, f"res{r}")] for i in range(n)]) == tot[f"res{r}"]
        for r in range(NR)))


def developments_part(n: int, v: Vars, tot: Mapping[str, Any]) -> Any:
    ps = range(n)
    stage = v["stage"]
    laid = _laid(n, v)
    awaiting = laid - sum_of([v[f"shown{e}"] for e in range(NE)])
    return z3.And(
        v["rstack"] + sum_of([v[pn(i, "roads")] for i in ps]) == tot["roads"],
        v["kstack"] + sum_of([v[pn(i, "knights")] for i in ps]) == tot["knights"],
        v["sstack"] + sum_of([v[pn(i, "sett")] for i in ps]) + laid == tot["sett"],
        *(v[f"bstack{k}"] + sum_of([v[pn(i, f"bld{k}")] for i in ps]) == tot[f"bld{k}"]
          for k in range(NB)),
        *(v[f"unseen{e}"] + v[f"shown{e}"] == tot[f"ev{e}"] for e in range(NE)),
        z3.If(stage == EVENT, awaiting == 1,
              z3.If(stage == OVER, z3.Or(awaiting == 0, awaiting == 1), awaiting == 0)),
        sum_of([v[f"unseen{e}"] for e in range(NE)])
        == v["sstack"] + sum_of([v[pn(i, "sett")] for i in ps]) + awaiting)


def nonnegative_part(n: int, v: Vars) -> Any:
    nonneg = [v[f"{x}{r}"] >= 0 for x in ("stack", "market", "disc") for r in range(NR)]
    nonneg += [v[x] >= 0 for x in ("rstack", "kstack", "sstack", "exch", "owm")]
    nonneg += [v[f"bstack{k}"] >= 0 for k in range(NB)]
    nonneg += [v[f"{x}{e}"] >= 0 for x in ("unseen", "shown") for e in range(NE)]
    nonneg += [z3.Or(v[f"built{d}"] == 0, v[f"built{d}"] == 1) for d in range(ND)
               if d != D.BUILDING]
    # buildings this turn: 0 or 1, or under opt.bname as many as the player on turn has
    nonneg += [v[f"built{D.BUILDING}"] >= 0,
               z3.Or(v[f"built{D.BUILDING}"] <= 1, v["opt.bname"] == 1),
               v[f"built{D.BUILDING}"] <= sum_of([_of(v, v["turn"], f"bld{k}", n)
                                                for k in range(NB)])]
    nonneg += [z3.Or(v["guild"] == 0, v["guild"] == 1)]
    for i in range(n):
        nonneg += [v[pn(i, f"res{r}")] >= 0 for r in range(NR)]
        nonneg += [z3.Or(v[pn(i, f"bld{k}")] == 0, v[pn(i, f"bld{k}")] == 1)
                   for k in range(NB)]
        nonneg += [v[pn(i, x)] >= 0 for x in ("roads", "knights", "sett", "city", "owe",
                                              "dis")]
        nonneg += [z3.Or(v[pn(i, "tw")] == 0, v[pn(i, "tw")] == 1)]
    return z3.And(*nonneg)


def market_part(n: int, v: Vars) -> Any:
    market = sum_of([v[f"market{r}"] for r in range(NR)])
    return z3.And(market <= D.MARKET, z3.Implies(z3.Not(v["turns"] == 0), market == 5))


def exchanges_part(n: int, v: Vars) -> Any:
    return z3.And(
        v["exch"] <= _allowance(v, n),
        sum_of([v[pn(i, "tw")] for i in range(n)]) <= v["exch"],
        _of(v, v["turn"], "tw", n) == 0)


def score_part(n: int, v: Vars) -> Any:
    return z3.And(*(v[pn(i, "vp")] == _vp(v, i) for i in range(n)))


def score_cap_part(n: int, v: Vars) -> Any:
    """A turn's developments give at most their kinds' gains (each kind once a turn):
    while the game goes on the player on turn holds at most 9 plus the gains of the
    developments paid for this turn, every other player at most 9; ending at once,
    nobody holds 10 while the game goes on, and the winning step gives at most 2."""
    ps = range(n)
    stage = v["stage"]
    paid = sum_of([P.TURN_GAIN[d] * v[f"built{d}"] for d in range(ND)])
    return z3.And(
        *(z3.Implies(stage != OVER, v[pn(i, "vp")]
                     <= D.VICTORY - 1 + z3.If(v["turn"] == i, paid, 0)) for i in ps),
        *(v[pn(i, "vp")] <= D.VICTORY - 1 + sum(P.TURN_GAIN)
          + z3.If(v["opt.bname"] == 1, P.TURN_GAIN[D.BUILDING] * (NB - 1), 0)
          for i in ps),
        z3.Implies(v["opt.atonce"] == 1, z3.And(
            *(v[pn(i, "vp")] <= SCORE_CAP for i in ps),
            z3.Implies(stage != OVER, z3.And(*(v[pn(i, "vp")] < D.VICTORY
                                               for i in ps))))))


def _rival_steps(n: int, v: Vars, hands: list[Any]) -> list[Any]:
    """The turn part's conjuncts on an exchange with a rival under way."""
    stage = v["stage"]
    rival_stage = z3.Or(stage == CHOOSE, stage == RIVAL_DRAW, stage == GIVE_BACK,
                        stage == GUILD_DRAW)
    return [
        (v["rival"] >= 0) == rival_stage, v["rival"] != v["turn"], v["rival"] < n,
        v["rival"] >= -1,
        z3.Implies(z3.Or(stage == RIVAL_DRAW, stage == GUILD_DRAW),
                   select(v["rival"], hands) > 0),
        z3.Implies(stage == GIVE_BACK, select(v["turn"], hands) > 0),
        # the library's choice: an exchange begun with a rival, both holding cards
        z3.Implies(stage == CHOOSE, z3.And(
            v["exch"] >= 1, _of(v, v["rival"], "tw", n) == 1,
            select(v["rival"], hands) > 0, select(v["turn"], hands) > 0)),
        # the cards drawn from the rival and owed back (exchange-steps)
        v["back"] >= 0, v["back"] + flag(stage == RIVAL_DRAW) <= v["exch"],
        z3.Or(v["giving"] == 0, v["giving"] == 1),
        z3.Implies(z3.Not(z3.Or(stage == RIVAL_DRAW, stage == GIVE_BACK)),
                   z3.And(v["back"] == 0, v["giving"] == 0)),
        z3.Implies(z3.Or(stage == RIVAL_DRAW, stage == GIVE_BACK),
                   select(v["turn"], hands) >= v["back"]),
        z3.Implies(stage == GIVE_BACK, v["back"] >= 1),
        z3.Implies(stage == RIVAL_DRAW, v["giving"] == 0),
        z3.Implies(v["opt.together"] == 0, z3.And(
            v["giving"] == 0, v["back"] == z3.If(stage == GIVE_BACK, 1, 0))),
    ]


def _draws_and_end(n: int, v: Vars, hands: list[Any]) -> list[Any]:
    """The turn part's conjuncts on the discards and draws due, the fate card and the
    game's end."""
    ps = range(n)
    stage = v["stage"]
    owed = v["owm"] + sum_of([v[pn(i, "owe")] for i in ps])
    stack = sum_of([v[f"stack{r}"] for r in range(NR)])
    return [
        (sum_of([v[pn(i, "dis")] for i in ps]) > 0) == (stage == DISCARD),
        *(v[pn(i, "dis")] <= hands[i] for i in ps),
        (owed > 0) == (stage == DRAW),
        z3.Implies(stage == DRAW, stack > 0),
        z3.Implies(stack == 0, sum_of([v[f"disc{r}"] for r in range(NR)]) == 0),
        z3.If(v["opt.fate"] == 1, z3.Or(v["fate"] == 0, v["fate"] == 1), v["fate"] == -1),
        z3.Implies(stage == FATE, v["fate"] >= 0),
        v["winner"] >= -1, v["winner"] < n,
        z3.Implies(v["winner"] >= 0, z3.And(stage == OVER,
                                            select(v["winner"], [v[pn(i, "vp")]
                                                                  for i in ps]) >= 10)),
        z3.Implies(z3.And(stage != OVER, v["opt.atonce"] == 1),
                   _of(v, v["turn"], "vp", n) < D.VICTORY),
        v["turns"] >= 0, v["turns"] <= D.TURN_LIMIT,
    ]


def _deal_and_resume(n: int, v: Vars, hands: list[Any]) -> list[Any]:
    """The turn part's conjuncts on the deal, and on the draws due by the stage a draw
    resumes."""
    ps = range(n)
    stage = v["stage"]
    deal = v["turns"] == 0
    owed = v["owm"] + sum_of([v[pn(i, "owe")] for i in ps])
    market = sum_of([v[f"market{r}"] for r in range(NR)])
    return [
        z3.Implies(deal, z3.And(
            stage == DRAW, v["turn"] == 0, v["resume"] == TRADE, v["exch"] == 0,
            v["owm"] + market == D.MARKET,
            sum_of([v[f"stack{r}"] for r in range(NR)]) >= owed,
            sum_of([v[f"disc{r}"] for r in range(NR)]) == 0,
            *(hands[i] + v[pn(i, "owe")] == D.HAND for i in ps),
            *(z3.Implies(v["owm"] > 0, v[pn(i, "owe")] == D.HAND) for i in ps),
            *(z3.Implies(v[pn(i, "owe")] < D.HAND, v[pn(j, "owe")] == 0)
              for i in ps for j in ps if j < i))),
        z3.Implies(z3.Not(deal), v["owm"] == 0),
        z3.Implies(z3.And(z3.Not(deal), v["resume"] == TRADE, stage == DRAW),
                   z3.And(*(v[pn(i, "owe")] == z3.If(v["turn"] == i, 1, 0) for i in ps))),
        z3.Implies(z3.And(z3.Not(deal), v["resume"] == OVER),
                   z3.And(*(z3.Implies(v["turn"] != i, v[pn(i, "owe")] == 0)
                            for i in ps))),
        z3.Implies(z3.And(z3.Not(deal), v["resume"] == DEVELOP),
                   z3.And(*(v[pn(i, "owe")] <= 1 for i in ps))),
        z3.Implies(z3.Or(stage == TRADE, stage == CHOOSE, stage == RIVAL_DRAW,
                         stage == GIVE_BACK, stage == GUILD_DRAW,
                         z3.And(stage == DRAW, v["resume"] == TRADE)),
                   sum_of([v[f"built{d}"] for d in range(ND)]) == 0),
    ]


def turn_part(n: int, v: Vars) -> Any:
    """Who acts and what is under way in each stage."""
    hands = [_hand(v, i) for i in range(n)]
    stage = v["stage"]
    return z3.And(
        v["turn"] >= 0, v["turn"] < n, stage >= 0, stage <= OVER,
        z3.Or(v["resume"] == TRADE, v["resume"] == DEVELOP, v["resume"] == OVER),
        *_rival_steps(n, v, hands), *_draws_and_end(n, v, hands),
        *_deal_and_resume(n, v, hands))


def invariant_parts(n: int, v: Vars) -> dict[str, Any]:
    tot = totals(n, v["opt.ascount"])
    return {
        "options": options_part(n, v),
        "resources-conserved": resources_part(n, v, tot),
        "developments-conserved": developments_part(n, v, tot),
        "nonnegative": nonnegative_part(n, v),
        "market": market_part(n, v),
        "exchanges": exchanges_part(n, v),
        "score": score_part(n, v),
        "score-cap": score_cap_part(n, v),
        "turn": turn_part(n, v),
    }


# ---------------------------------------------------------------------------
# the action kinds
# ---------------------------------------------------------------------------


def always(p: Params) -> Any:
    return z3.BoolVal(True)


def res_domain(names: tuple[str, ...], p: Params) -> Any:
    """Each parameter of ``names`` a resource."""
    return z3.And(*(in_range(p[x], 0, NR) for x in names))


def event_domain(p: Params) -> Any:
    return in_range(p["event"], 0, NE)


def seat_domain(n: int, p: Params) -> Any:
    return in_range(p["rival"], 0, n)


def bool_domain(p: Params) -> Any:
    return z3.Or(p["turn"] == 0, p["turn"] == 1)


#: the rules the exchanges with a rival name (the library's choice adds its own)
RIVAL_RULES = (RB.TRADE_ALLOWANCE, RB.TRADE_NO_ROADS, RB.TRADE_FROM_HAND, RB.TRADE_RIVAL)


def _kinds(players: int) -> tuple[ActionKind, ...]:
    """Every action kind for ``players`` players, with its domain, rules and the automatic
    steps that follow it."""
    n = players
    settle = partial(_settle, players=n)
    one = partial(res_domain, ("resource",))

    def kind(name: str, params: tuple[str, ...], domain: Callable[[Params], Any],
             guard: Guard, update: UpdateFn, rules: tuple[str, ...],
             post: Post | None = None) -> ActionKind:
        return ActionKind(name, params, domain, partial(guard, n),
                          partial(_step, n, update, post), (*ACTOR_RULES, *rules))

    return (
        kind("draw", ("resource",), one, draw_guard, draw_update, (), partial(draw_post, n)),
        kind("take", ("resource",), one, take_guard, take_update, ()),
        kind("reveal", ("event",), event_domain, reveal_guard, reveal_update, (),
             partial(reveal_post, n)),
        kind("trade-stack", ("give",), partial(res_domain, ("give",)), stack_guard,
             stack_update, (RB.TRADE_ALLOWANCE, RB.TRADE_STACK), settle),
        kind("trade-market", ("take", "give"), partial(res_domain, ("take", "give")),
             market_guard, market_update,
             (RB.TRADE_ALLOWANCE, RB.TRADE_NO_ROADS, RB.TRADE_FROM_HAND, RB.TRADE_MARKET)),
        kind("trade-rival", ("rival",), always, rival_guard, rival_update, RIVAL_RULES),
        kind("choose-from-rival", ("rival", "resource"), one, choose_guard, choose_update,
             (*RIVAL_RULES, RB.TRADE_LIBRARY, RB.TRADE_LIBRARY_ONCE)),
        kind("give-back", ("resource",), always, give_guard, give_update,
             (RB.TRADE_RIVAL, RB.TRADE_RIVAL_RETURN)),
        kind("guild-take", ("rival",), partial(seat_domain, n), guild_guard, guild_update,
             (RB.TRADE_GUILD,)),
        kind("end-trade", (), always, end_trade_guard, end_trade_update, ()),
        kind("build-road", (), always, partial(pile_guard, D.ROAD),
             partial(pile_update, D.ROAD),
             (RB.DEVELOPMENT_ONCE_PER_TURN, RB.DEVELOPMENT_ROAD, RB.TAKE_NEXT)),
        kind("hire-knight", (), always, partial(pile_guard, D.KNIGHT),
             partial(pile_update, D.KNIGHT),
             (RB.DEVELOPMENT_ONCE_PER_TURN, RB.DEVELOPMENT_KNIGHT, RB.TAKE_NEXT)),
        kind("found-settlement", (), always, settlement_guard, settlement_update,
             (RB.DEVELOPMENT_ONCE_PER_TURN, RB.DEVELOPMENT_SETTLEMENT,
              RB.DEVELOPMENT_SETTLEMENT_STACK)),
        kind("build-city", (), always, city_guard, city_update,
             (RB.DEVELOPMENT_ONCE_PER_TURN, RB.DEVELOPMENT_CITY,
              RB.DEVELOPMENT_CITY_NEEDS_SETTLEMENT)),
        kind("build-building", ("building",), always, building_guard, building_update,
             (RB.DEVELOPMENT_ONCE_PER_TURN, RB.DEVELOPMENT_BUILDING,
              RB.DEVELOPMENT_BUILDING_NEEDS_CITY, RB.DEVELOPMENT_BUILDING_CHOICE,
              RB.DEVELOPMENT_BUILDING_UNIQUE)),
        kind("convert", ("give", "get"), always, convert_guard, convert_update,
             (RB.DEVELOPMENT_CONVERT,), _restock),
        kind("end-development", (), always, end_dev_guard, end_dev_update, (), settle),
        kind("turn-fate", ("turn",), bool_domain, fate_guard, fate_update,
             (RB.DEVELOPMENT_SETTLEMENT_FATE,)),
        kind("discard", ("resource",), always, discard_guard, discard_update,
             (RB.EVENT_ROBBER_RAID,)),
    )


# ---------------------------------------------------------------------------
# the encoding
# ---------------------------------------------------------------------------


class CatanCardsEncoding(Encoding[CardsState, Action]):
    game = "catan_cards"
    variables = tuple([*_global_vars(), *(x for i in range(6) for x in _player_vars(i))])
    #: no window bound in verification: the 2-step query settles at 2 players (3 points)
    #: but not within the query limit from 3 players up; what a turn can give is the
    #: invariant part ``score-cap`` instead
    bound_steps = 1
    #: the scoring builds' bounds by search alone: z3.Optimize settles them in 0.2-1.4 s
    #: at 6 players, the search in 0.1-0.5 s
    bound_by_search = frozenset({"build-road", "hire-knight", "found-settlement", "build-city",
                                 "build-building"})
    #: kinds that keep these parts only under all of I, never from the part and a few of
    #: I's conjuncts alone, at any player count from 2 to 6: their rounds from the part
    #: were 10.8 s of the 36.8 s of CPU the inductive tasks took at 2-6 players
    whole_kinds_in = MappingProxyType({
        "resources-conserved": frozenset({
            "hire-knight", "draw", "discard", "convert", "trade-market", "choose-from-rival",
            "give-back", "build-city", "reveal", "end-trade"}),
        "score-cap": frozenset({"hire-knight", "build-road", "build-building", "build-city",
                                "found-settlement"}),
        "turn": frozenset({"build-road", "hire-knight", "trade-stack", "convert", "build-city",
                           "build-building"})})

    def variables_for(self, players: int) -> tuple[str, ...]:
        return tuple([*_global_vars(), *(x for i in range(players) for x in _player_vars(i))])

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        return _kinds(players)

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(pn(i, "vp") for i in range(players))

    def terminal(self, v: Vars, players: int) -> Any:
        return v["stage"] == OVER

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def cases(self, v: Vars, players: int) -> list[Any]:
        """One case per seat on turn (the kinds select the actor's variables by it)."""
        return [v["turn"] == i for i in range(players)]

    def completeness_witnesses(self, v: Vars, players: int) -> list[tuple[str, Params]]:
        out: list[tuple[str, Params]] = []
        out += [("draw", {"resource": z3.IntVal(r)}) for r in range(NR)]
        out += [("take", {"resource": z3.IntVal(r)}) for r in range(NR)]
        out += [("reveal", {"event": z3.IntVal(e)}) for e in range(NE)]
        out += [("give-back", {"resource": z3.IntVal(r)}) for r in range(NR)]
        out += [("discard", {"resource": z3.IntVal(r)}) for r in range(NR)]
        out += [("end-trade", {}), ("end-development", {}), ("turn-fate", {"turn": Z}),
                ("trade-rival", {"rival": v["rival"]})]
        return out

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        return invariant_parts(players, v)

    def project(self, state: CardsState) -> dict[str, int]:
        return project(state)

    def classify(self, state: CardsState, action: Action) -> tuple[str, dict[str, int]]:
        return classify(action)


# ---------------------------------------------------------------------------
# the model's actions as kinds and parameters
# ---------------------------------------------------------------------------


def classify(action: Action) -> tuple[str, dict[str, int]]:
    """The kind name and integer parameters of a model action."""
    if isinstance(action, Draw):
        return "draw", {"resource": action.resource}
    if isinstance(action, Take):
        return "take", {"resource": action.resource}
    if isinstance(action, Reveal):
        return "reveal", {"event": action.event}
    if isinstance(action, TradeStack):
        return "trade-stack", {"give": action.give}
    if isinstance(action, TradeMarket):
        return "trade-market", {"take": action.take, "give": action.give}
    if isinstance(action, TradeRival):
        return "trade-rival", {"rival": action.rival}
    if isinstance(action, ChooseFromRival):
        return "choose-from-rival", {"rival": action.rival, "resource": action.resource}
    if isinstance(action, GiveBack):
        return "give-back", {"resource": action.resource}
    if isinstance(action, GuildTake):
        return "guild-take", {"rival": action.rival}
    if isinstance(action, EndTrade):
        return "end-trade", {}
    if isinstance(action, BuildRoad):
        return "build-road", {}
    if isinstance(action, HireKnight):
        return "hire-knight", {}
    if isinstance(action, FoundSettlement):
        return "found-settlement", {}
    if isinstance(action, BuildCity):
        return "build-city", {}
    if isinstance(action, BuildBuilding):
        return "build-building", {"building": action.building}
    if isinstance(action, Convert):
        return "convert", {"give": action.give, "get": action.get}
    if isinstance(action, EndDevelopment):
        return "end-development", {}
    if isinstance(action, TurnFate):
        return "turn-fate", {"turn": int(action.turn)}
    if isinstance(action, Discard):
        return "discard", {"resource": action.resource}
    raise TypeError(f"not a catan_cards action: {action!r}")


ENCODING = CatanCardsEncoding()

__all__ = ["ENCODING", "CatanCardsEncoding", "pn", "recipient", "victim"]
