"""The Z3 encoding of The Castles of Burgundy (``model.burgundy``).

Projection (integers; ``p{i}.`` prefixes a player's variables):

* counters: ``stage`` (0 start-goods, 1 first-player, 2 boards, 3 castles, 4 fill,
  5 goods, 6 roll, 7 play, 8 over), ``phase``, ``round``, ``fill``, ``roll``, ``white``,
  ``turn``, ``bought``,
  ``first``, ``ord{j}`` (the round's turn order, -1 before the first roll), the option
  flags ``opt.discard``, ``opt.circular``, ``opt.k8x2``, ``opt.k8nowrap`` (k8-wrap=no-wrap: a
  worker's step of 2 stays within 1-6), ``opt.balanced`` (the depot plan),
  ``opt.lastround`` (tie-order=last-round: the final order kept is the last round's),
  ``opt.advanced`` (setup=advanced), ``opt.secret`` (castle-choice=secret there),
  ``opt.ed2019`` (edition=2019: knowledge tiles 15, 16-23 and 26 as that edition prints them)
  and ``opt.castlebuy`` (castle-action=between-actions: the purchase and workers may come
  before a castle's extra action);
* the pending effect (at most one is ever pending): ``pend`` (``PENDING`` code, 0 none),
  ``parg``, ``ppair``;
* goods: ``pool{k}`` (face down: the stacks of the phases to come and the reserve),
  ``gleft{k}`` (phase goods of kind k drawn, face up, and not yet placed), ``gdrawn``,
  ``gnext``, ``dg{d}.{k}`` (goods on depot d), ``p{i}.goods{k}``,
  ``p{i}.sold{k}``;
* hex tiles, per tile kind ``t`` (index into ``data.TILES``): ``sup{b}.{t}`` (face-down
  stack of back b), ``dep{d}.{t}`` (depot d, 0 = black), ``hbox.{t}``, ``p{i}.st.{t}``
  (storage), ``p{i}.ec.{t}`` (in the estate), and the estate itself as ``p{i}.e{s}``
  (tile index + 1 on space s, 0 empty);
* ``p{i}.silver``, ``p{i}.workers``, ``p{i}.vp`` (the score), ``p{i}.die0``,
  ``p{i}.die1``, ``p{i}.ts``/``p{i}.th`` (turn-order track space and height),
  ``p{i}.nbonus`` (bonus tiles won), ``bon{c}`` (bonus tiles taken per colour);
* ``p{i}.board`` (estate board 1-9) and ``p{i}.start`` (the starting castle's space, -1 from
  the advanced set-up's deal until chosen).

The board is a per-player parameter: the nine boards share the 37 spaces and their
adjacency, and colours, numbers and areas are read from static tables (``COLOUR_BOARDS``,
``NUMBER_BOARDS``, ``AREA_BOARDS``, ``SIZE_BOARDS``) as disjunctions over ``p{i}.board``.

Each model action type is one kind (``DrawBoard`` is ``draw-board``, ``ChooseCastle``
``choose-castle``), except ``EndTurn``, which is ``end-turn`` or, on the
game's last turn (final scoring), ``end-game``. Every automatic consequence of an action
(areas, colour bonuses, animals, buildings, ships and their goods, the next turn, round,
phase and the final scoring) is in its update, so every variable updates exactly.

Two abstractions, both parameters that ``classify`` takes from the model:

* ``roll.goods``: the kind of the round's goods tile (the order of the phase stacks is not
  projected, only ``gleft``); the guard asks for one of that kind left (0 before the
  round's last die);
* ``keep`` of the placing kinds: whether the effect the placed tile pushes is still
  pending afterwards; the guard pins it exactly for every effect except the city hall's,
  where it only needs a stored tile (no stored tile having a legal space drops it).

:func:`completeness` proves legal-action completeness without quantifiers, from a fixed
list of witness actions (:func:`witnesses`) whose parameters are terms over the state.
"""

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs
import z3

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    Action,
    BuyTile,
    ChooseCastle,
    CityHallPlace,
    Decline,
    DrawBoard,
    DrawGoods,
    DrawHex,
    EffectTake,
    EndTurn,
    FirstPlayer,
    PlaceTile,
    Roll,
    SellGoods,
    ShipDepot,
    ShipGoods,
    TakeTile,
    TakeWorkers,
    UseWorker,
    WarehouseSell,
)
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.game import ADVANCED_BOARDS, GAME
from rules_oracle.model.burgundy.state import BurgundyState, Player, Stage
from rules_oracle.model.core import Config
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.solver.encoding import (
    ActionKind,
    BoundCase,
    Encoding,
    Opening,
    Params,
    Vars,
    term_memo,
)
from rules_oracle.solver.terms import (
    ONE,
    Z,
    as_term,
    between,
    flag,
    int_term,
    ite,
    pn,
    select,
    substitute_all,
    sum_of,
)

NT = len(D.TILES)
NS = D.BOARD1.size
K = D.GOODS_KINDS
STAGES = (Stage.START_GOODS, Stage.FIRST, Stage.BOARDS, Stage.CASTLES, Stage.FILL,
          Stage.GOODS, Stage.ROLL, Stage.PLAY, Stage.OVER)
START, FIRST, DEAL, CHOOSE, FILL, GOODS, ROLL, PLAY, OVER = range(9)
STAGE_CODE = {s: i for i, s in enumerate(STAGES)}
PENDING = ("", "castle", "warehouse", "carpenter", "church", "market", "city-hall", "ship",
           "ship-goods")
P_CODE = {k: i for i, k in enumerate(PENDING)}
P_CASTLE, P_WAREHOUSE, P_CARPENTER, P_CHURCH, P_MARKET, P_CITY_HALL, P_SHIP, P_SHIP_GOODS = \
    range(1, 9)

TI = D.TILE_INDEX
#: tile index ranges per colour (the canonical tile order keeps colours contiguous)
COLOUR_RANGE: dict[str, tuple[int, int]] = {}
for _t, _name in enumerate(D.TILES):
    _c = D.TILE_COLOUR[_name]
    lo, hi = COLOUR_RANGE.get(_c, (_t, _t))
    COLOUR_RANGE[_c] = (min(lo, _t), max(hi, _t))
for _c, (_lo, _hi) in COLOUR_RANGE.items():
    assert all(D.TILE_COLOUR[D.TILES[t]] == _c for t in range(_lo, _hi + 1))
ANIMAL_LO = TI["cow-2"]
KNOWLEDGE_LO = TI["knowledge-1"]
CASTLE_T = TI[D.CASTLE_TILE]

#: tile kinds each back colour's stack holds, and what depots can hold
BACK_TILES = tuple(tuple(TI[t] for t in kinds) for kinds in D.BACK_KINDS)
NUMBERED_TILES = tuple(sorted({t for b in range(6) for t in BACK_TILES[b]}))
DEPOT_TILES = (BACK_TILES[D.BLACK], *(NUMBERED_TILES,) * 6)


def _totals() -> tuple[int, ...]:
    out = [0] * NT
    for stack in D.STACKS:
        for tile, n in stack:
            out[TI[tile]] += n
    return tuple(out)


TOTAL = _totals()

# -- the estate boards: per space, which boards give it a colour, a number, an area ----------
#: board numbers (1 basic, 2-9 advanced); every board has the same 37 spaces and adjacency
BOARD_NUMS = tuple(sorted(BOARDS))
assert all(BOARDS[b].neighbours == D.BOARD1.neighbours for b in BOARD_NUMS)
NEIGHBOURS = D.BOARD1.neighbours
BASIC_START = D.BOARD1.start
#: the kinds that place a tile in an estate (their points depend on its board)
PLACEMENT_KINDS = ("place-tile", "city-hall-place")
#: (space, colour) -> the boards where the space has that colour
COLOUR_BOARDS = {(s, c): tuple(b for b in BOARD_NUMS if BOARDS[b].colour[s] == c)
                 for s in range(NS) for c in D.COLOURS}
#: colour -> spaces of that colour on some board
SPACES_ANY = {c: tuple(s for s in range(NS) if COLOUR_BOARDS[(s, c)]) for c in D.COLOURS}
#: (space, number) -> the boards where the space shows that die number
NUMBER_BOARDS = {(s, n): tuple(b for b in BOARD_NUMS if BOARDS[b].number[s] == n)
                 for s in range(NS) for n in range(1, 7)}
#: (space, other space) -> the boards where both lie in one area (other != space)
AREA_BOARDS = {(s, x): tuple(b for b in BOARD_NUMS
                             if BOARDS[b].area[s] == BOARDS[b].area[x])
               for s in range(NS) for x in range(NS) if x != s}
#: space -> the other spaces sharing its area on some board
AREA_MATES = tuple(tuple(x for x in range(NS) if x != s and AREA_BOARDS[(s, x)])
                   for s in range(NS))
#: (space, area size) -> the boards where the space's area has that size
SIZE_BOARDS = {(s, n): tuple(b for b in BOARD_NUMS
                             if len(BOARDS[b].areas[BOARDS[b].area[s]]) == n)
               for s in range(NS) for n in range(1, len(D.AREA_VP))}
#: the first dark-green space of each board (a castle choice always has one)
FIRST_CASTLE = {b: BOARDS[b].colour_spaces[D.CASTLE][0] for b in BOARD_NUMS}
SHIFT = {D.BUILDING: 9, D.PASTURE: 10, D.RIVER: 10, D.CASTLE: 11, D.MINE: 11, D.KNOWLEDGE: 11}
EFFECT_COLOURS = {
    P_CARPENTER: (D.BUILDING,),
    P_CHURCH: (D.MINE, D.KNOWLEDGE, D.CASTLE),
    P_MARKET: (D.RIVER, D.PASTURE),
}

COMMON_RULES = (RB.GAME_OVER, RB.ROUND_ROLL, RB.PHASE_FILL_DEPOTS, RB.PHASE_ROUND_GOODS,
                RB.SETUP_PLAYER_GOODS, RB.SETUP_FIRST_PLAYER)
PLAYER_RULES = (*COMMON_RULES, RB.TURN_EFFECTS_FIRST, RB.CASTLE_EXTRA_ACTION)
CHANCE_RULES = (*COMMON_RULES, RB.TURN_ACTOR)



# ---------------------------------------------------------------------------
# Term helpers: dice faces, the estate boards, a player's estate
# ---------------------------------------------------------------------------

def _wrap(x: Any) -> Any:
    return (x - 1) % 6 + 1


def _near(value: Any, target: Any) -> Any:
    return z3.Or(target == value, target == _wrap(value + 1), target == _wrap(value - 1))


#: :func:`_on`'s terms by the board term's id and the boards (with the board term, which
#: keeps its id from being reused): a placement asks the same ones for every space
_ON: dict[tuple[int, tuple[int, ...]], tuple[Any, Any]] = term_memo()


def _on(board: Any, boards: tuple[int, ...]) -> Any:
    """``board`` is one of ``boards`` (the invariant keeps a board number in 1..9)."""
    key = (board.get_id(), boards)
    hit = _ON.get(key)
    if hit is None:
        if len(_ON) > 4096:
            _ON.clear()
        hit = _ON[key] = (board, _on_term(board, boards))
    return hit[1]


def _on_term(board: Any, boards: tuple[int, ...]) -> Any:
    if not boards:
        return z3.BoolVal(False)
    if len(boards) == len(BOARD_NUMS):
        return z3.BoolVal(True)
    others = [b for b in BOARD_NUMS if b not in boards]
    if len(others) < len(boards):
        return z3.And(*(board != b for b in others))
    return z3.Or(*(board == b for b in boards))


def _colour_at(board: Any, s: int, colour: str) -> Any:
    return _on(board, COLOUR_BOARDS[(s, colour)])


def _same_area(board: Any, s: int, x: int) -> Any:
    return _on(board, AREA_BOARDS[(s, x)])


def _board(v: Mapping[str, Any], i: int) -> Any:
    return v[pn(i, "board")]


def _mines(v: Mapping[str, Any], i: int) -> Any:
    """Mines in player ``i``'s estate: its mine tiles (a tile lies only on a space of its
    colour, so these are the occupied mine spaces of whatever board it has)."""
    lo, hi = COLOUR_RANGE[D.MINE]
    return sum_of([v[pn(i, f"ec.{t}")] for t in range(lo, hi + 1)])


def _hand(v: Mapping[str, Any], i: int) -> Any:
    """1 while player ``i``'s starting castle is off the estate in the advanced set-up (the
    board dealt empties the estate; a secret choice places it only when all have chosen)."""
    return flag(z3.And(z3.Or(v["stage"] == DEAL, v["stage"] == CHOOSE),
                     v[pn(i, f"ec.{CASTLE_T}")] == 0))


def _in_colour(t: Any, colour: str) -> Any:
    lo, hi = COLOUR_RANGE[colour]
    return t == lo if lo == hi else z3.And(t >= lo, t <= hi)


# ---------------------------------------------------------------------------
# Variable names
# ---------------------------------------------------------------------------


def sup(b: int, t: int) -> str:
    return f"sup{b}.{t}"


def dep(d: int, t: int) -> str:
    return f"dep{d}.{t}"


@attrs.frozen
class _PlayerKeys:
    """Variable names of one player, built once (the projection runs per transition)."""

    silver: str
    workers: str
    vp: str
    die0: str
    die1: str
    ts: str
    th: str
    nbonus: str
    board: str
    start: str
    goods: tuple[str, ...]
    sold: tuple[str, ...]
    st: tuple[str, ...]
    ec: tuple[str, ...]
    e: tuple[str, ...]


def _player_keys(i: int) -> _PlayerKeys:
    return _PlayerKeys(
        pn(i, "silver"), pn(i, "workers"), pn(i, "vp"), pn(i, "die0"), pn(i, "die1"),
        pn(i, "ts"), pn(i, "th"), pn(i, "nbonus"), pn(i, "board"), pn(i, "start"),
        tuple(pn(i, f"goods{k}") for k in range(K)), tuple(pn(i, f"sold{k}") for k in range(K)),
        tuple(pn(i, f"st.{t}") for t in range(NT)), tuple(pn(i, f"ec.{t}") for t in range(NT)),
        tuple(pn(i, f"e{s}") for s in range(NS)))


def _player_vars(i: int) -> list[str]:
    out = [pn(i, x) for x in ("silver", "workers", "vp", "die0", "die1", "ts", "th", "nbonus",
                              "board", "start")]
    out += [pn(i, f"goods{k}") for k in range(K)]
    out += [pn(i, f"sold{k}") for k in range(K)]
    out += [pn(i, f"st.{t}") for t in range(NT)]
    out += [pn(i, f"ec.{t}") for t in range(NT)]
    out += [pn(i, f"e{s}") for s in range(NS)]
    return out


#: per seat, seat 0's variable names -> the seat's
_SEAT_KEYS = tuple(dict(zip(_player_vars(0), _player_vars(i), strict=True)) for i in range(4))


def _global_vars(players: int) -> list[str]:
    out = ["stage", "phase", "round", "fill", "roll", "white", "turn", "bought", "first",
           "opt.discard", "opt.circular", "opt.k8x2", "opt.k8nowrap", "opt.balanced",
           "opt.lastround", "opt.advanced", "opt.secret", "opt.ed2019", "opt.castlebuy", "pend",
           "parg", "ppair",
           "gdrawn", "gnext"]
    out += [f"ord{j}" for j in range(players)]
    out += [f"pool{k}" for k in range(K)]
    out += [f"gleft{k}" for k in range(K)]
    out += [f"dg{d}.{k}" for d in range(1, 7) for k in range(K)]
    out += [sup(b, t) for b in range(len(BACK_TILES)) for t in BACK_TILES[b]]
    out += [dep(d, t) for d in range(7) for t in DEPOT_TILES[d]]
    out += [f"hbox.{t}" for t in range(NT)]
    out += [f"bon{c}" for c in range(len(D.COLOURS))]
    return out


# ---------------------------------------------------------------------------
# Static tables over symbolic counters
# ---------------------------------------------------------------------------


def _plan(players: int, phase: int, name: str) -> tuple[tuple[int, int], ...]:
    return D.FILL_PLANS[(name, players, phase)]


def _by_plan(v: Vars, build: Callable[[str], Any]) -> Any:
    """``build(plan)`` under the depot plan the option flag ``opt.balanced`` selects."""
    return z3.If(v["opt.balanced"] == 1, build("balanced"), build("published"))


def _plan_lookup(v: Vars, players: int, which: int) -> Any:
    """The fill plan's depot (which=0) or back (which=1) at (phase, fill)."""
    def one(name: str) -> Any:
        out: Any = z3.IntVal(-1)
        for ph in reversed(range(D.PHASES)):
            plan = _plan(players, ph, name)
            out = z3.If(v["phase"] == ph,
                        select(v["fill"], [z3.IntVal(e[which]) for e in plan], z3.IntVal(-1)),
                        out)
        return out
    return _by_plan(v, one)


def _plan_length(v: Vars, players: int) -> Any:
    return _by_plan(v, lambda name: select(
        v["phase"], [z3.IntVal(len(_plan(players, ph, name))) for ph in range(D.PHASES)],
        z3.IntVal(0)))


def _remaining_draws(v: Vars, players: int, back: int) -> Any:
    """Draws of ``back`` still to come in this and later phases' depot fills."""
    def one(name: str) -> Any:
        def later(ph: int) -> int:
            return sum(1 for q in range(ph + 1, D.PHASES)
                       for _, b in _plan(players, q, name) if b == back)

        def this(ph: int) -> Any:
            return sum_of([flag(v["fill"] <= f)
                         for f, (_, b) in enumerate(_plan(players, ph, name)) if b == back])

        total = later(-1)
        in_fill = select(v["phase"], [later(ph) + this(ph) for ph in range(D.PHASES)])
        after = select(v["phase"], [z3.IntVal(later(ph)) for ph in range(D.PHASES)])
        st = v["stage"]
        return z3.If(st < FILL, total, z3.If(st == FILL, in_fill, z3.If(st == OVER, 0, after)))
    return _by_plan(v, one)


# ---------------------------------------------------------------------------
# Player-level helpers (player index concrete)
# ---------------------------------------------------------------------------


def _kn(v: Vars, i: int, n: int) -> Any:
    return v[pn(i, f"ec.{KNOWLEDGE_LO + n - 1}")] > 0


def _stored(v: Vars, i: int) -> Any:
    return sum_of([v[pn(i, f"st.{t}")] for t in range(NT)])


def _st_of(v: Vars, i: int, t: Any) -> Any:
    return select(t, [v[pn(i, f"st.{x}")] for x in range(NT)])


def _dep_of(v: Vars, d: Any, t: Any) -> Any:
    terms = [z3.If(z3.And(d == dd, t == x), v[dep(dd, x)], Z)
             for dd in range(7) for x in DEPOT_TILES[dd]]
    return sum_of(terms)


def _kinds_held(goods: list[Any]) -> Any:
    return sum_of([flag(g > 0) for g in goods])


def _estate_count(v: Vars, i: int, t: int) -> Any:
    return v[pn(i, f"ec.{t}")]



# ---------------------------------------------------------------------------
# Memos: the provers ask for the same guard, update and invariant of equal terms
# ---------------------------------------------------------------------------

_MEMO: dict[tuple[Any, ...], Any] = term_memo()


def _key(*maps: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple((k, t.get_id() if isinstance(t, z3.AstRef) else t)
                 for m in maps for k, t in m.items())


def _memo(tag: Any, fn: Callable[[], Any], *maps: Mapping[str, Any]) -> Any:
    """``fn()`` remembered by ``tag`` and the terms of ``maps`` (the provers ask for the
    same guard, update and invariant of equal terms many times)."""
    key = (tag, *_key(*maps))
    hit = _MEMO.get(key)
    if hit is None:
        if len(_MEMO) > 256:
            _MEMO.clear()
        hit = _MEMO[key] = fn()
    return hit


# ===========================================================================
# The action kinds, by the rulebook's chapters (the model's chapter modules,
# model/burgundy/*.py). A chance kind's guard and update are ``(v, p, players)``; a
# player kind is a rule per seat, ``(v, p, i, players) -> (guard, update)``, which
# :func:`_for_actor` dispatches on the acting player. :func:`_kinds` composes them.
# ===========================================================================


def _always(p: Params) -> Any:
    return z3.BoolVal(True)


# ---------------------------------------------------------------------------
# Set-up ("Подготовка к игре", model/burgundy/setup.py): the first player with his
# workers and turn-order place; in the advanced set-up the dealt boards and the castles
# ---------------------------------------------------------------------------


def _first_player_domain(p: Params, players: int) -> Any:
    return between(p["player"], 0, players - 1)


def _first_player_guard(v: Vars, p: Params, players: int) -> Any:
    return v["stage"] == FIRST


def _first_player_update(v: Vars, p: Params, players: int) -> dict[str, Any]:
    f = p["player"]
    up: dict[str, Any] = {"first": f, "stage": z3.If(v["opt.advanced"] == 1, DEAL, FILL),
                          "fill": Z}
    for i in range(players):
        pos = (i - f) % players
        up[pn(i, "workers")] = 1 + pos
        up[pn(i, "th")] = players - 1 - pos
    return up


def _draw_board_domain(p: Params, players: int) -> Any:
    return between(p["board"], 2, 9)


def _draw_board_guard(v: Vars, p: Params, players: int) -> Any:
    b = p["board"]
    return z3.And(v["stage"] == DEAL, *(z3.Implies(v["fill"] > j, _board(v, j) != b)
                                        for j in range(players)))


def _draw_board_update(v: Vars, p: Params, players: int) -> dict[str, Any]:
    """The board dealt to the next seat, its estate emptied (the castle goes to hand)."""
    b = p["board"]
    up: dict[str, Any] = {}
    for i in range(players):
        now = v["fill"] == i
        up[pn(i, "board")] = z3.If(now, b, _board(v, i))
        up[pn(i, "start")] = z3.If(now, -1, v[pn(i, "start")])
        for s in range(NS):
            up[pn(i, f"e{s}")] = z3.If(now, Z, v[pn(i, f"e{s}")])
        for t in range(NT):
            up[pn(i, f"ec.{t}")] = z3.If(now, Z, v[pn(i, f"ec.{t}")])
    last = v["fill"] + 1 == players
    up["fill"] = z3.If(last, Z, v["fill"] + 1)
    up["stage"] = z3.If(last, CHOOSE, DEAL)
    return up


def _chooser(v: Vars, players: int, i: int) -> Any:
    """Player ``i`` chooses the next starting castle: seats in turn from the first player."""
    return z3.Or(*(z3.And(v["first"] == f, v["fill"] == (i - f) % players)
                   for f in range(players)))


def _choose_castle_domain(p: Params) -> Any:
    return between(p["space"], 0, NS - 1)


def _choose_castle_guard(v: Vars, p: Params, players: int) -> Any:
    space = p["space"]
    return z3.And(v["stage"] == CHOOSE, z3.Or(*(
        z3.And(_chooser(v, players, i), space == s, _colour_at(_board(v, i), s, D.CASTLE))
        for i in range(players) for s in SPACES_ANY[D.CASTLE])))


def _choose_castle_update(v: Vars, p: Params, players: int) -> dict[str, Any]:
    """The chooser's castle: placed at once when open, all placed after the last secret
    choice."""
    space = p["space"]
    last = v["fill"] + 1 == players
    secret = v["opt.secret"] == 1
    up: dict[str, Any] = {}
    for i in range(players):
        me = _chooser(v, players, i)
        start = z3.If(me, space, v[pn(i, "start")])
        up[pn(i, "start")] = start
        open_here = z3.And(me, z3.Not(secret))
        reveal = z3.And(last, secret)
        for s in range(NS):
            e = v[pn(i, f"e{s}")]
            up[pn(i, f"e{s}")] = z3.If(z3.Or(z3.And(open_here, space == s),
                                             z3.And(reveal, start == s)), CASTLE_T + 1, e)
        ec = v[pn(i, f"ec.{CASTLE_T}")]
        up[pn(i, f"ec.{CASTLE_T}")] = ec + flag(z3.Or(open_here, reveal))
    up["fill"] = z3.If(last, Z, v["fill"] + 1)
    up["stage"] = z3.If(last, FILL, CHOOSE)
    return up


# ---------------------------------------------------------------------------
# A phase ("Подготовка к фазе", "Конец фазы", model/burgundy/phase.py): the depots
# filled, the phase's goods drawn (and, before the first phase, the players' goods),
# and at its end the mines' silver and the depots cleared
# ---------------------------------------------------------------------------


def _draw_goods_domain(p: Params, players: int) -> Any:
    return between(p["kind"], 1, 6)


def _draw_goods_guard(v: Vars, p: Params, players: int) -> Any:
    k = p["kind"]
    return z3.And(z3.Or(v["stage"] == GOODS, v["stage"] == START),
                  select(k - 1, [v[f"pool{x}"] for x in range(K)]) > 0)


def _draw_goods_update(v: Vars, p: Params, players: int) -> dict[str, Any]:
    """A goods tile drawn: to the phase's round spaces, or at the start to the player the
    fill counter names (three each)."""
    k = p["kind"]
    goods_stage = v["stage"] == GOODS
    up: dict[str, Any] = {}
    last_start = v["fill"] + 1 == D.START_GOODS * players
    for x in range(K):
        up[f"pool{x}"] = v[f"pool{x}"] - flag(k - 1 == x)
        up[f"gleft{x}"] = v[f"gleft{x}"] + flag(z3.And(goods_stage, k - 1 == x))
    up["gdrawn"] = v["gdrawn"] + flag(goods_stage)
    who = v["fill"] / D.START_GOODS
    for i in range(players):
        for x in range(K):
            g = v[pn(i, f"goods{x}")]
            up[pn(i, f"goods{x}")] = g + flag(z3.And(z3.Not(goods_stage), who == i,
                                                   k - 1 == x))
    phase_done = v["gdrawn"] + 1 == (v["phase"] + 1) * D.PHASE_GOODS
    up["stage"] = z3.If(goods_stage, z3.If(phase_done, ROLL, GOODS),
                        z3.If(last_start, FIRST, START))
    up["fill"] = z3.If(goods_stage, v["fill"], z3.If(last_start, 0, v["fill"] + 1))
    return up


def _draw_hex_domain(p: Params, players: int) -> Any:
    return between(p["tile"], 0, NT - 1)


def _draw_hex_guard(v: Vars, p: Params, players: int) -> Any:
    t = p["tile"]
    back = _plan_lookup(v, players, 1)
    return z3.And(v["stage"] == FILL, z3.Or(*(
        z3.And(back == b, t == x, v[sup(b, x)] > 0)
        for b in range(len(BACK_TILES)) for x in BACK_TILES[b])))


def _draw_hex_update(v: Vars, p: Params, players: int) -> dict[str, Any]:
    """A hex of the fill plan's back onto the plan's depot; the phase's goods follow the
    last."""
    t = p["tile"]
    back = _plan_lookup(v, players, 1)
    target = _plan_lookup(v, players, 0)
    up: dict[str, Any] = {}
    for b in range(len(BACK_TILES)):
        for x in BACK_TILES[b]:
            up[sup(b, x)] = v[sup(b, x)] - flag(z3.And(back == b, t == x))
    for d in range(7):
        for x in DEPOT_TILES[d]:
            up[dep(d, x)] = v[dep(d, x)] + flag(z3.And(target == d, t == x))
    last = v["fill"] + 1 >= _plan_length(v, players)
    up["fill"] = z3.If(last, 0, v["fill"] + 1)
    up["stage"] = z3.If(last, GOODS, FILL)  # then the phase's goods
    return up


def _mine_income(v: Vars, i: int, when: Any) -> dict[str, Any]:
    """Player ``i``'s mines at a phase's end: a silver each (and a worker each with
    knowledge tile 2), where ``when`` holds."""
    mines = _mines(v, i)
    return {pn(i, "silver"): v[pn(i, "silver")] + z3.If(when, mines, 0),
            pn(i, "workers"): v[pn(i, "workers")] + z3.If(z3.And(when, _kn(v, i, 2)), mines, 0)}


def _depots_cleared(v: Vars, when: Any) -> dict[str, Any]:
    """At a phase's end the tiles left on the depots go to the box."""
    up: dict[str, Any] = {}
    for d in range(7):
        for t in DEPOT_TILES[d]:
            up[dep(d, t)] = z3.If(when, Z, v[dep(d, t)])
    for t in range(NT):
        up[f"hbox.{t}"] = v[f"hbox.{t}"] + z3.If(
            when, sum_of([v[dep(d, t)] for d in range(7) if t in DEPOT_TILES[d]]), 0)
    return up


# ---------------------------------------------------------------------------
# The rounds ("ПЯТЬ РАУНДОВ ФАЗЫ", model/burgundy/round.py): the roll, the round's goods
# tile to the depot the white die names, and the turn order
# ---------------------------------------------------------------------------


def _roll_domain(p: Params, players: int) -> Any:
    return z3.And(between(p["value"], 1, 6), between(p["goods"], 0, 6))


def _roll_guard(v: Vars, p: Params, players: int) -> Any:
    g = p["goods"]
    last = v["roll"] == 2 * players
    return z3.And(v["stage"] == ROLL, z3.If(
        last, z3.And(g >= 1, select(g - 1, [v[f"gleft{k}"] for k in range(K)]) > 0),
        g == 0))


def _roll_update(v: Vars, p: Params, players: int) -> dict[str, Any]:
    """The white die, then each player's two; after the last the round's goods tile and
    the turn order, and play."""
    x = p["value"]
    r = v["roll"]
    up: dict[str, Any] = {"white": z3.If(r == 0, x, v["white"])}
    for i in range(players):
        for d in (0, 1):
            up[pn(i, f"die{d}")] = z3.If(r == 2 * i + 1 + d, x, v[pn(i, f"die{d}")])
    last = r == 2 * players
    kind = p["goods"]
    for k in range(K):
        up[f"gleft{k}"] = v[f"gleft{k}"] - flag(z3.And(last, kind == k + 1))
    for d in range(1, 7):
        for k in range(K):
            up[f"dg{d}.{k}"] = v[f"dg{d}.{k}"] + flag(z3.And(last, v["white"] == d,
                                                         kind == k + 1))
    up["gnext"] = v["gnext"] + flag(last)
    up["stage"] = z3.If(last, PLAY, ROLL)
    up["roll"] = z3.If(last, 0, r + 1)
    up["turn"] = Z
    up["bought"] = Z
    order = _turn_order(v, players)
    for j in range(players):
        up[f"ord{j}"] = z3.If(last, order[f"ord{j}"], v[f"ord{j}"])
    return up


def _turn_order(v: Mapping[str, Any], players: int) -> dict[str, Any]:
    pos = []
    for i in range(players):
        ahead = [flag(z3.Or(v[pn(j, "ts")] > v[pn(i, "ts")],
                          z3.And(v[pn(j, "ts")] == v[pn(i, "ts")],
                                 v[pn(j, "th")] > v[pn(i, "th")])))
                 for j in range(players) if j != i]
        pos.append(sum_of(ahead))
    return {f"ord{j}": sum_of([z3.If(pos[i] == j, i, 0) for i in range(players)])
            for j in range(players)}


# ---------------------------------------------------------------------------
# A player's turn ("ХОД ИГРОКА", model/burgundy/turn.py): who acts, the two dice each
# used once, workers changing a die, the turn's end
# ---------------------------------------------------------------------------

#: a player kind per seat: (pre-state, parameters, seat, player count) -> (guard, update)
PlayerRule = Callable[[Vars, Params, int, int], tuple[Any, dict[str, Any]]]


def _actor(v: Vars, players: int) -> Any:
    return select(v["turn"], [v[f"ord{j}"] for j in range(players)], z3.IntVal(-1))


#: the update entries of a player kind that read other seats' variables, for one seat:
#: (pre-state, parameters, seat, player count) -> {variable: term}
CrossRule = Callable[[Vars, Params, int, int], dict[str, Any]]


def _seat_rules(v: Vars, p: Params, players: int, rule: PlayerRule,
                cross: CrossRule | None) -> list[tuple[Any, dict[str, Any]]]:
    """``rule(v, p, i, players)`` for every seat ``i``: seat 0's built, each other seat's its
    terms with seat 0's variables replaced by the seat's (one substitution in Z3, in C),
    and the entries ``cross`` names, which read other seats' variables, built for the seat.
    A rule reads its own seat's variables as seat 0's rule reads seat 0's, so these are the
    very terms (and ids) building the seat's rule gives, in the same order (a test compares
    them kind by kind); Burgundy's player kinds at 4 players: 3.7 s to build seat by seat,
    1.2 s so."""
    guard, update = rule(v, p, 0, players)
    out = [(guard, update)]
    keys = list(update)
    terms = [as_term(guard), *(int_term(update[k]) for k in keys)]
    own = _player_vars(0)
    for i in range(1, players):
        pairs = [(v[a], v[b]) for a, b in zip(own, _player_vars(i), strict=True)]
        found = substitute_all(terms, pairs)
        mine = {_SEAT_KEYS[i].get(k, k): t for k, t in zip(keys, found[1:], strict=True)}
        if cross is not None:
            mine.update(cross(v, p, i, players))
        out.append((found[0], mine))
    return out


def _for_actor(players: int, rule: PlayerRule, cross: CrossRule | None = None
               ) -> tuple[Callable[[Vars, Params], Any], Callable[[Vars, Params], Any]]:
    """Guard and update of a player action from its per-seat form (``cross``: the entries of
    its update that read other seats' variables, :func:`_seat_rules`)."""
    def both(v: Vars, p: Params) -> tuple[Any, dict[str, Any]]:
        act = _actor(v, players)
        parts = _seat_rules(v, p, players, rule, cross)
        guard = z3.And(v["stage"] == PLAY,
                       z3.Or(*(z3.And(act == i, g) for i, (g, _) in enumerate(parts))))
        keys: list[str] = []
        seen: set[str] = set()
        for _, up in parts:
            for key in up:
                if key not in seen:
                    seen.add(key)
                    keys.append(key)
        update: dict[str, Any] = {}
        acting = [act == i for i in range(players - 1)]
        for key in keys:
            values = [int_term(up.get(key, v[key])) for _, up in parts]
            first = values[0].get_id()
            if all(x.get_id() == first for x in values[1:]):
                update[key] = values[0]
                continue
            expr = values[-1]
            for i in reversed(range(players - 1)):
                expr = ite(acting[i], values[i], expr)
            update[key] = expr
        return guard, update

    def cached(v: Vars, p: Params) -> tuple[Any, dict[str, Any]]:
        result: tuple[Any, dict[str, Any]] = _memo((rule, players), lambda: both(v, p), v, p)
        return result

    return (lambda v, p: cached(v, p)[0]), (lambda v, p: cached(v, p)[1])


def _die_value(v: Vars, i: int, die: Any) -> Any:
    return z3.If(die == 0, v[pn(i, "die0")], z3.If(die == 1, v[pn(i, "die1")], Z))


def _die_ok(v: Vars, i: int, die: Any) -> Any:
    """The die is usable: an unused die with nothing pending, or die 2 for a castle."""
    return z3.Or(
        z3.And(v["pend"] == 0, z3.Or(die == 0, die == 1), _die_value(v, i, die) != 0),
        z3.And(v["pend"] == P_CASTLE, die == 2),
    )


def _use_die(v: Vars, i: int, die: Any) -> dict[str, Any]:
    return {pn(i, "die0"): z3.If(die == 0, Z, v[pn(i, "die0")]),
            pn(i, "die1"): z3.If(die == 1, Z, v[pn(i, "die1")]),
            "pend": Z, "parg": Z, "ppair": Z}


def _free_of_effects(v: Vars) -> Any:
    """Nothing pends, or a castle's extra action that the purchase and workers may come
    before (castle-action=between-actions: burgundy/castle-action-timing)."""
    return z3.Or(v["pend"] == 0, z3.And(v["opt.castlebuy"] == 1, v["pend"] == P_CASTLE))


def _use_worker_domain(p: Params) -> Any:
    return z3.And(between(p["die"], 0, 1), between(p["delta"], -2, 2), p["delta"] != 0)


def _use_worker(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """A worker changes a die by 1 (knowledge tile 8: by 2, or up to 2 under k8-step)."""
    die, delta = p["die"], p["delta"]
    k8 = _kn(v, i, 8)
    deltas = z3.If(k8, z3.If(v["opt.k8x2"] == 1, z3.Or(delta == 2, delta == -2),
                             z3.BoolVal(True)),
                   z3.Or(delta == 1, delta == -1))
    value = _die_value(v, i, die)
    # k8-wrap=no-wrap: a step of 2 does not pass 6 or 1 (burgundy/knowledge-8-wrap)
    in_faces = z3.Implies(z3.And(v["opt.k8nowrap"] == 1, z3.Or(delta == 2, delta == -2)),
                          z3.And(value + delta >= 1, value + delta <= 6))
    guard = z3.And(_free_of_effects(v), value != 0, v[pn(i, "workers")] > 0, deltas,
                   in_faces)
    up = {pn(i, "workers"): v[pn(i, "workers")] - 1}
    for d in (0, 1):
        x = v[pn(i, f"die{d}")]
        up[pn(i, f"die{d}")] = z3.If(die == d, _wrap(x + delta), x)
    return guard, up


def _end_turn(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """The turn ends with both dice used and nothing pending (the update is the game's,
    :func:`_end_turn_update`)."""
    return z3.And(v["pend"] == 0, v[pn(i, "die0")] == 0, v[pn(i, "die1")] == 0), {}


def _last_turn(v: Vars, players: int) -> Any:
    return z3.And(v["phase"] == D.PHASES - 1, v["round"] == D.ROUNDS - 1,
                  v["turn"] == players - 1)


def _end_turn_update(v: Vars, players: int) -> dict[str, Any]:
    """The next turn, round (a new roll) or phase (the mines' income, the depots cleared,
    the next fill)."""
    turn_end = v["turn"] + 1 < players
    round_end = z3.And(z3.Not(turn_end), v["round"] + 1 < D.ROUNDS)
    phase_end = z3.And(z3.Not(turn_end), z3.Not(round_end))
    up: dict[str, Any] = {
        "turn": z3.If(turn_end, v["turn"] + 1, Z), "bought": Z,
        "round": z3.If(round_end, v["round"] + 1, z3.If(turn_end, v["round"], Z)),
        "stage": z3.If(turn_end, PLAY, z3.If(round_end, ROLL, FILL)),
        "roll": z3.If(turn_end, v["roll"], Z),
        "phase": v["phase"] + flag(phase_end),
        "fill": v["fill"],
    }
    for i in range(players):
        for d in (0, 1):
            up[pn(i, f"die{d}")] = z3.If(turn_end, v[pn(i, f"die{d}")], Z)
        up.update(_mine_income(v, i, phase_end))
    up.update(_depots_cleared(v, phase_end))
    return up


# ---------------------------------------------------------------------------
# The actions ("ДЕЙСТВИЯ", model/burgundy/action.py): take a hex into storage, place a
# stored hex, sell goods, take workers, and once a turn buy from the black depot
# ---------------------------------------------------------------------------

def _take(v: Vars, i: int, depot: Any, tile: Any, discard: Any,
          may_discard: Any) -> tuple[Any, dict[str, Any]]:
    """Guard and update of moving ``tile`` from ``depot`` into storage."""
    full = _stored(v, i) >= 3
    guard = z3.And(
        _dep_of(v, depot, tile) > 0,
        z3.If(full, z3.And(may_discard, discard >= 0, _st_of(v, i, discard) > 0),
              discard == -1),
    )
    up: dict[str, Any] = {}
    for d in range(7):
        for t in DEPOT_TILES[d]:
            up[dep(d, t)] = v[dep(d, t)] - flag(z3.And(depot == d, tile == t))
    for t in range(NT):
        up[pn(i, f"st.{t}")] = v[pn(i, f"st.{t}")] + flag(tile == t) - flag(discard == t)
        up[f"hbox.{t}"] = v[f"hbox.{t}"] + flag(discard == t)
    return guard, up


def _take_tile_domain(p: Params) -> Any:
    return z3.And(between(p["die"], 0, 2), between(p["depot"], 1, 6),
                  between(p["tile"], 0, NT - 1), between(p["discard"], -1, NT - 1))


def _take_tile(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """A hex from the depot the die names (knowledge tile 12: or a neighbouring one)."""
    die, depot = p["die"], p["depot"]
    value = z3.If(die == 2, Z, _die_value(v, i, die))
    g, up = _take(v, i, depot, p["tile"], p["discard"], z3.BoolVal(True))
    guard = z3.And(_die_ok(v, i, die), g, z3.Or(
        value == 0, depot == value, z3.And(_kn(v, i, 12), _near(value, depot))))
    return guard, {**up, **_use_die(v, i, die)}


def _adjacent(v: Vars, i: int, s: int) -> Any:
    return z3.Or(*(v[pn(i, f"e{x}")] != 0 for x in NEIGHBOURS[s]))


def _space_ok(v: Vars, i: int, tile: Any, space: Any, value: Any) -> Any:
    """``tile`` may go on ``space`` (empty, colour, number unless value is 0, adjacency,
    one building of a kind per city unless knowledge 1), on player ``i``'s board."""
    b = _board(v, i)
    options = []
    for s in range(NS):
        fits = []
        for colour in D.COLOURS:
            on = COLOUR_BOARDS[(s, colour)]
            if not on:
                continue
            numbers = []
            for n in range(1, 7):
                shown = tuple(x for x in on if x in NUMBER_BOARDS[(s, n)])
                if shown:
                    numbers.append(z3.And(_on(b, shown), z3.Or(
                        value == n, z3.And(_kn(v, i, SHIFT[colour]), _near(value, z3.IntVal(n))))))
            fits.append(z3.And(_on(b, on), _in_colour(tile, colour),
                               z3.Or(value == 0, *numbers)))
        city = z3.Or(z3.Not(_in_colour(tile, D.BUILDING)), _kn(v, i, 1), *(
            z3.And(*(z3.Or(z3.Not(_same_area(b, s, x)), v[pn(i, f"e{x}")] != tile + 1)
                     for x in AREA_MATES[s])),))
        options.append(z3.And(space == s, v[pn(i, f"e{s}")] == 0, z3.Or(*fits),
                              _adjacent(v, i, s), city))
    return z3.Or(*options)


def _place_domain(p: Params) -> Any:
    return z3.And(between(p["die"], 0, 2), between(p["tile"], 0, NT - 1),
                  between(p["space"], 0, NS - 1), between(p["keep"], 0, 1))


def _place_tile(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """A stored hex on a space the die's number (or the castle's action) allows."""
    die, tile = p["die"], p["tile"]
    value = z3.If(die == 2, Z, _die_value(v, i, die))
    base = {**v, **_use_die(v, i, die)}
    keep, up = _place(base, i, tile, p["space"], p["keep"], players)
    guard = z3.And(_die_ok(v, i, die), _st_of(v, i, tile) > 0,
                   _space_ok(v, i, tile, p["space"], value), keep)
    return guard, {**_use_die(v, i, die), **up}


def _sell(v: Vars, i: int, kind: Any, players: int) -> dict[str, Any]:
    """Sell every goods tile of ``kind`` (0-based)."""
    up: dict[str, Any] = {}
    n = select(kind, [v[pn(i, f"goods{k}")] for k in range(K)])
    for k in range(K):
        g, s = v[pn(i, f"goods{k}")], v[pn(i, f"sold{k}")]
        up[pn(i, f"goods{k}")] = z3.If(kind == k, Z, g)
        up[pn(i, f"sold{k}")] = z3.If(kind == k, s + g, s)
    up[pn(i, "silver")] = v[pn(i, "silver")] + z3.If(_kn(v, i, 3), 2, 1)
    up[pn(i, "workers")] = v[pn(i, "workers")] + flag(_kn(v, i, 4))
    up[pn(i, "vp")] = v[pn(i, "vp")] + n * D.SELL_VP[players]
    return up


def _has_goods(v: Vars, i: int, kind: Any) -> Any:
    return z3.And(kind >= 0, kind < K, select(kind, [v[pn(i, f"goods{k}")] for k in range(K)]) > 0)


def _sell_domain(p: Params) -> Any:
    return z3.And(between(p["die"], 0, 2), between(p["kind"], 1, 6))


def _sell_goods(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """The goods of the die's number sold."""
    die, kind = p["die"], p["kind"]
    value = z3.If(die == 2, Z, _die_value(v, i, die))
    guard = z3.And(_die_ok(v, i, die), _has_goods(v, i, kind - 1),
                   z3.Or(value == 0, value == kind))
    return guard, {**_use_die(v, i, die), **_sell(v, i, kind - 1, players)}


def _workers_domain(p: Params) -> Any:
    return between(p["die"], 0, 2)


def _take_workers(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """Any die for 2 workers (knowledge tile 14: 4; tile 13: and a silver)."""
    die = p["die"]
    up = {**_use_die(v, i, die),
          pn(i, "workers"): v[pn(i, "workers")] + z3.If(_kn(v, i, 14), 4, 2),
          pn(i, "silver"): v[pn(i, "silver")] + flag(_kn(v, i, 13))}
    return _die_ok(v, i, die), up


def _buy_domain(p: Params) -> Any:
    return z3.And(between(p["depot"], 0, 6), between(p["tile"], 0, NT - 1),
                  between(p["discard"], -1, NT - 1))


def _buy_tile(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """Once a turn, a hex from the black depot for 2 silver (knowledge tile 6: from any)."""
    depot = p["depot"]
    discard_ok = v["opt.discard"] == 1
    g, up = _take(v, i, depot, p["tile"], p["discard"], discard_ok)
    guard = z3.And(_free_of_effects(v), v["bought"] == 0, v[pn(i, "silver")] >= 2,
                   z3.Or(depot == 0, _kn(v, i, 6)), g)
    return guard, {**up, "bought": ONE, pn(i, "silver"): v[pn(i, "silver")] - 2}


# ---------------------------------------------------------------------------
# A placed tile (model/burgundy/area.py, colour.py, animal.py, building.py, ship.py,
# castle.py): the area it completes, the colour bonus, its animals, its own points,
# silver and workers, a ship's step on the turn-order track, and the effect it pushes
# ---------------------------------------------------------------------------

def _phase_vp(v: Vars) -> Any:
    return select(v["phase"], [z3.IntVal(x) for x in D.PHASE_VP])


def _area_points(v: Vars, i: int, space: Any, post_e: Mapping[int, Any]) -> tuple[Any, Any]:
    """Whether the placement completes its area, and the points that gives: its size's
    and the phase's bonus."""
    b = _board(v, i)
    complete = z3.Or(*(z3.And(space == s, *(z3.Or(z3.Not(_same_area(b, s, x)), post_e[x] != 0)
                                            for x in AREA_MATES[s]))
                       for s in range(NS)))
    size = sum_of([z3.If(z3.And(space == s, _on(b, SIZE_BOARDS[(s, n)])), D.AREA_VP[n], 0)
                 for s in range(NS) for n in range(1, len(D.AREA_VP)) if SIZE_BOARDS[(s, n)]])
    return complete, z3.If(complete, size + _phase_vp(v), Z)


def _colour_bonuses(v: Vars, i: int, tile: Any, post_e: Mapping[int, Any], complete: Any,
                    players: int, gain: Any, up: dict[str, Any]) -> Any:
    """The bonus tiles a completed area's colour wins when it fills the colour (the large
    first, then the small), counted into ``up``; ``gain`` with their points."""
    b = _board(v, i)
    bonus_total: Any = Z
    for c, colour in enumerate(D.COLOURS):
        full = z3.And(*(z3.Or(z3.Not(_colour_at(b, s, colour)), post_e[s] != 0)
                        for s in SPACES_ANY[colour]))
        taken = v[f"bon{c}"]
        won = z3.And(complete, _in_colour(tile, colour), full, taken < 2)
        up[f"bon{c}"] = taken + flag(won)
        bonus_total = bonus_total + flag(won)
        gain = gain + z3.If(won, z3.If(taken == 0, D.LARGE_BONUS[players],
                                       D.SMALL_BONUS[players]), 0)
    up[pn(i, "nbonus")] = v[pn(i, "nbonus")] + bonus_total
    return gain


def _animal_points(v: Vars, i: int, tile: Any, space: Any, post_e: Mapping[int, Any]) -> Any:
    """An animal tile's points: every tile of its kind on the pasture counts its animals
    (knowledge tile 7: one more each)."""
    b = _board(v, i)
    k7 = flag(_kn(v, i, 7))
    kind = (tile - ANIMAL_LO) / 3
    animals: Any = Z
    for s in SPACES_ANY[D.PASTURE]:
        here = []
        for x in (s, *AREA_MATES[s]):
            code = post_e[x]
            same = z3.And(code != 0, (code - 1 - ANIMAL_LO) / 3 == kind,
                          z3.BoolVal(True) if x == s else _same_area(b, s, x))
            here.append(z3.If(same, (code - 1 - ANIMAL_LO) % 3 + 2 + k7, 0))
        animals = animals + z3.If(space == s, sum_of(here), 0)
    return animals


def _ship_track(v: Vars, i: int, ship: Any, players: int) -> dict[str, Any]:
    """A ship moves the turn-order token onto the next space, on top."""
    ts = v[pn(i, "ts")]
    top: Any = z3.IntVal(-1)
    for j in range(players):
        if j != i:
            h = v[pn(j, "th")]
            top = z3.If(z3.And(v[pn(j, "ts")] == ts + 1, h > top), h, top)
    return {pn(i, "ts"): z3.If(ship, ts + 1, ts),
            pn(i, "th"): z3.If(ship, top + 1, v[pn(i, "th")])}


def _placed_ship(v: Vars, p: Params, i: int, players: int) -> dict[str, Any]:
    """The entries of a placement's update that read the other seats' variables: a ship's
    step on the turn-order track (:func:`_place`'s, for :func:`_seat_rules`)."""
    return _ship_track(v, i, p["tile"] == TI[D.SHIP], players)


def _pushed(tile: Any, ship: Any) -> Any:
    """The effect a placed tile pushes (``PENDING`` code, 0 none)."""
    push: Any = Z
    for name, code in (("warehouse", P_WAREHOUSE), ("carpenter", P_CARPENTER),
                       ("church", P_CHURCH), ("market", P_MARKET),
                       ("city-hall", P_CITY_HALL)):
        push = z3.If(tile == TI[name], code, push)
    return z3.If(ship, P_SHIP, z3.If(tile == CASTLE_T, P_CASTLE, push))


def _place(v: Vars, i: int, tile: Any, space: Any, keep: Any,
           players: int) -> tuple[Any, dict[str, Any]]:
    """Guard part on ``keep`` and the update of placing a stored tile (checked elsewhere)."""
    up: dict[str, Any] = {}
    e = {s: v[pn(i, f"e{s}")] for s in range(NS)}
    post_e = {s: z3.If(space == s, tile + 1, e[s]) for s in range(NS)}
    for s in range(NS):
        up[pn(i, f"e{s}")] = post_e[s]
    for t in range(NT):
        up[pn(i, f"st.{t}")] = v[pn(i, f"st.{t}")] - flag(tile == t)
        up[pn(i, f"ec.{t}")] = v[pn(i, f"ec.{t}")] + flag(tile == t)
    complete, gain = _area_points(v, i, space, post_e)
    gain = _colour_bonuses(v, i, tile, post_e, complete, players, gain, up)
    gain = gain + z3.If(_in_colour(tile, D.PASTURE), _animal_points(v, i, tile, space, post_e),
                        0)
    gain = gain + z3.If(tile == TI["watchtower"], 4, 0)
    up[pn(i, "vp")] = v[pn(i, "vp")] + gain
    up[pn(i, "workers")] = v[pn(i, "workers")] + z3.If(tile == TI["boarding-house"], 4, 0)
    up[pn(i, "silver")] = v[pn(i, "silver")] + z3.If(tile == TI["bank"], 2, 0)
    ship = tile == TI[D.SHIP]
    up.update(_ship_track(v, i, ship, players))
    push = _pushed(tile, ship)
    post = {**v, **up}
    keep_guard = z3.If(push == 0, keep == 0,
                       z3.If(push == P_CITY_HALL, z3.Or(keep == 0, _stored(post, i) > 0),
                             keep == flag(_push_ok(v, post, i, push))))
    up["pend"] = z3.If(keep == 1, push, Z)
    up["parg"] = Z
    up["ppair"] = Z
    return keep_guard, up


# ---------------------------------------------------------------------------
# Buildings ("Здания", model/burgundy/building.py): the carpenter's workshop, church and
# market take a hex, the warehouse sells, the city hall places one more; an effect that
# cannot apply is lost
# ---------------------------------------------------------------------------

def _push_ok(v: Vars, post: Mapping[str, Any], i: int, code: Any) -> Any:
    """After a push of ``code``: can the effect apply (else ``_settle`` drops it)?"""
    goods_any = z3.Or(*(post[pn(i, f"goods{k}")] > 0 for k in range(K)))
    room = z3.Or(_stored(post, i) < 3, post["opt.discard"] == 1)

    def any_tile(colours: tuple[str, ...]) -> Any:
        return z3.Or(*(post[dep(d, t)] > 0 for d in range(1, 7) for t in DEPOT_TILES[d]
                       if D.TILE_COLOUR[D.TILES[t]] in colours))

    return z3.If(code == P_WAREHOUSE, goods_any,
                 z3.If(code == P_CARPENTER, z3.And(room, any_tile(EFFECT_COLOURS[P_CARPENTER])),
                 z3.If(code == P_CHURCH, z3.And(room, any_tile(EFFECT_COLOURS[P_CHURCH])),
                 z3.If(code == P_MARKET, z3.And(room, any_tile(EFFECT_COLOURS[P_MARKET])),
                       z3.BoolVal(True)))))


def _effect_domain(p: Params) -> Any:
    return z3.And(between(p["depot"], 1, 6), between(p["tile"], 0, NT - 1),
                  between(p["discard"], -1, NT - 1))


def _effect_take(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """The pending building's hex, of one of its colours, from any depot."""
    tile, pend = p["tile"], v["pend"]
    colour_ok = z3.Or(*(z3.And(pend == code, z3.Or(*(_in_colour(tile, c) for c in cols)))
                        for code, cols in EFFECT_COLOURS.items()))
    g, up = _take(v, i, p["depot"], tile, p["discard"], v["opt.discard"] == 1)
    return z3.And(colour_ok, g), {**up, "pend": Z, "parg": Z, "ppair": Z}


def _kind_domain(p: Params) -> Any:
    return between(p["kind"], 1, 6)


def _warehouse_sell(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    kind = p["kind"] - 1
    guard = z3.And(v["pend"] == P_WAREHOUSE, _has_goods(v, i, kind))
    return guard, {**_sell(v, i, kind, players), "pend": Z}


def _city_domain(p: Params) -> Any:
    return z3.And(between(p["tile"], 0, NT - 1), between(p["space"], 0, NS - 1),
                  between(p["keep"], 0, 1))


def _city_hall_place(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """One more stored hex placed, of any number."""
    tile = p["tile"]
    base = {**v, "pend": Z}
    keep, up = _place(base, i, tile, p["space"], p["keep"], players)
    guard = z3.And(v["pend"] == P_CITY_HALL, _st_of(v, i, tile) > 0,
                   _space_ok(v, i, tile, p["space"], Z), keep)
    return guard, up


def _decline(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    return v["pend"] == P_CITY_HALL, {"pend": Z}


# ---------------------------------------------------------------------------
# Ships ("Корабль", model/burgundy/ship.py): the goods of a depot of the player's choice,
# as many kinds as fit his 3
# ---------------------------------------------------------------------------

def _ship(v: Vars, i: int, first: Any, pair: Any, chosen: Any) -> dict[str, Any]:
    """Goods a ship takes from depot ``first`` (and its neighbour when ``pair``);
    ``chosen`` is a kind (0-based) or -1 for "the kinds already held"."""
    second = z3.If(first == 6, 1, first + 1)
    src = {d: z3.Or(first == d, z3.And(pair == 1, second == d)) for d in range(1, 7)}
    goods = [v[pn(i, f"goods{k}")] for k in range(K)]
    dg = {(d, k): v[f"dg{d}.{k}"] for d in range(1, 7) for k in range(K)}

    def avail(k: int, table: Mapping[tuple[int, int], Any]) -> Any:
        return sum_of([z3.If(src[d], table[(d, k)], 0) for d in range(1, 7)])

    take1 = [z3.If(chosen == -1, goods[k] > 0, chosen == k) for k in range(K)]
    g1 = [goods[k] + z3.If(take1[k], avail(k, dg), 0) for k in range(K)]
    dg1 = {(d, k): z3.If(z3.And(take1[k], src[d]), 0, dg[(d, k)]) for (d, k) in dg}
    new = [z3.And(g1[k] == 0, avail(k, dg1) > 0) for k in range(K)]
    nnew = sum_of([flag(n) for n in new])
    free = 3 - _kinds_held(g1)
    all_fit = z3.And(nnew > 0, free > 0, nnew <= free)
    choose = z3.And(nnew > free, free > 0)
    up: dict[str, Any] = {}
    for k in range(K):
        up[pn(i, f"goods{k}")] = g1[k] + z3.If(z3.And(all_fit, new[k]), avail(k, dg1), 0)
        for d in range(1, 7):
            up[f"dg{d}.{k}"] = z3.If(z3.And(all_fit, new[k], src[d]), 0, dg1[(d, k)])
    up["pend"] = z3.If(choose, P_SHIP_GOODS, Z)
    up["parg"] = z3.If(choose, first, Z)
    up["ppair"] = z3.If(choose, pair, Z)
    return up


def _ship_new_kind(v: Vars, i: int, kind: Any | None) -> Any:
    """``kind`` (0-based; None: some kind) may be chosen for the pending ship-goods choice."""
    first, pair = v["parg"], v["ppair"]
    second = z3.If(first == 6, 1, first + 1)
    goods = [v[pn(i, f"goods{k}")] for k in range(K)]
    opts = []
    for k in range(K):
        avail = sum_of([z3.If(z3.Or(first == d, z3.And(pair == 1, second == d)),
                            v[f"dg{d}.{k}"], 0) for d in range(1, 7)])
        opts.append(z3.And(z3.BoolVal(True) if kind is None else kind == k, goods[k] == 0,
                           avail > 0))
    return z3.And(_kinds_held(goods) < 3, z3.Or(*opts))


def _depot_domain(p: Params) -> Any:
    return between(p["depot"], 1, 6)


def _ship_depot(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """The depot a ship takes from (knowledge tile 5: with its neighbour)."""
    depot = p["depot"]
    k5 = _kn(v, i, 5)
    guard = z3.And(v["pend"] == P_SHIP,
                   z3.Or(z3.Not(k5), v["opt.circular"] == 1, depot <= 5))
    return guard, _ship(v, i, depot, flag(k5), z3.IntVal(-1))


def _ship_goods(v: Vars, p: Params, i: int, players: int) -> tuple[Any, dict[str, Any]]:
    """The kind chosen where the new kinds do not all fit."""
    kind = p["kind"] - 1
    guard = z3.And(v["pend"] == P_SHIP_GOODS, _ship_new_kind(v, i, kind))
    return guard, _ship(v, i, v["parg"], v["ppair"], kind)


# ---------------------------------------------------------------------------
# The game's end ("Конец игры", model/burgundy/game.py and knowledge.py): the last phase's
# mines, the final scoring, the order the tie-break reads
# ---------------------------------------------------------------------------

def _final_vp(v: Mapping[str, Any], i: int) -> Any:
    """VP of the final scoring for player ``i`` (silver and workers after the mines)."""
    goods = sum_of([v[pn(i, f"goods{k}")] for k in range(K)])
    vp: Any = goods + v[pn(i, "silver")] + v[pn(i, "workers")] / 2
    sold = [v[pn(i, f"sold{k}")] for k in range(K)]
    ed2019 = v["opt.ed2019"] == 1  # the edition's knowledge tiles (burgundy/edition)
    per_kind = z3.If(ed2019, D.K15_VP["2019"], D.K15_VP["first"])
    vp = vp + z3.If(_kn(v, i, 15), per_kind * sum_of([flag(s > 0) for s in sold]), 0)
    for n, building in D.KNOWLEDGE_BUILDING.items():
        named = z3.If(ed2019, _estate_count(v, i, TI[D.KNOWLEDGE_BUILDING_2019[n]]),
                      _estate_count(v, i, TI[building]))
        vp = vp + z3.If(_kn(v, i, n), 4 * named, 0)
    kinds = []
    for a in range(len(D.ANIMALS)):
        lo = ANIMAL_LO + 3 * a + 1
        kinds.append(flag(sum_of([v[pn(i, f"ec.{t}")] for t in range(lo - 1, lo + 2)]) > 0))
    vp = vp + z3.If(_kn(v, i, 24), 4 * sum_of(kinds), 0)
    vp = vp + z3.If(_kn(v, i, 25), sum_of(sold), 0)
    per_bonus = z3.If(ed2019, D.K26_VP["2019"], D.K26_VP["first"])
    vp = vp + z3.If(_kn(v, i, 26), per_bonus * v[pn(i, "nbonus")], 0)
    return vp


def _end_game_update(v: Vars, players: int) -> dict[str, Any]:
    up: dict[str, Any] = {"turn": Z, "bought": Z, "round": Z, "stage": OVER,
                          "phase": z3.IntVal(D.PHASES)}
    post: dict[str, Any] = dict(v)
    for i in range(players):
        mines = _mines(v, i)
        up[pn(i, "die0")] = Z
        up[pn(i, "die1")] = Z
        up[pn(i, "silver")] = post[pn(i, "silver")] = v[pn(i, "silver")] + mines
        up[pn(i, "workers")] = post[pn(i, "workers")] = v[pn(i, "workers")] + z3.If(
            _kn(v, i, 2), mines, 0)
    for i in range(players):
        up[pn(i, "vp")] = v[pn(i, "vp")] + _final_vp(post, i)
    # the order the tie-break reads (ambiguity burgundy/tie-order): the track, or with
    # tie-order=last-round the final round's order, kept
    track = _turn_order(v, players)
    for j in range(players):
        up[f"ord{j}"] = z3.If(v["opt.lastround"] == 1, v[f"ord{j}"], track[f"ord{j}"])
    return up


# ---------------------------------------------------------------------------
# The kinds, composed
# ---------------------------------------------------------------------------

#: a chance kind's domain, guard or update, given the player count last
ChanceTerm = Callable[[Any, Any, int], Any]

#: the rules a placement's guard encodes
PLACE_RULES = (
    RB.ACTION_PLACE_FROM_STORAGE,
    RB.ACTION_PLACE_COLOUR,
    RB.ACTION_PLACE_NUMBER,
    RB.ACTION_PLACE_ADJACENT,
    RB.BUILDING_ONE_PER_CITY,
    RB.TURN_DIE_ONCE,
)


def _player(players: int, name: str, params: tuple[str, ...],
            domain: Callable[[Params], Any], rule: PlayerRule,
            rules: tuple[str, ...], cross: CrossRule | None = None) -> ActionKind:
    guard, update = _for_actor(players, rule, cross)
    return ActionKind(name, params, domain, guard, update, (*PLAYER_RULES, *rules))


def _chance(players: int, name: str, params: tuple[str, ...],
            domain: Callable[[Params, int], Any], guard: ChanceTerm, update: ChanceTerm,
            rules: tuple[str, ...], common: tuple[str, ...] = CHANCE_RULES) -> ActionKind:
    def cached_update(v: Vars, p: Params) -> Any:
        return _memo((update, players), lambda: update(v, p, players), v, p)

    return ActionKind(name, params, lambda p: domain(p, players),
                      lambda v, p: guard(v, p, players), cached_update, (*common, *rules))


def _turn_end_kinds(players: int) -> tuple[ActionKind, ActionKind]:
    """``end-turn``, and on the game's last turn ``end-game`` (the final scoring)."""
    et_guard, _ = _for_actor(players, _end_turn)
    rules = (*PLAYER_RULES, RB.TURN_TWO_ACTIONS)
    return (
        ActionKind("end-turn", (), _always,
                   lambda v, p: z3.And(et_guard(v, p), z3.Not(_last_turn(v, players))),
                   lambda v, p: _memo(("end-turn", players),
                                      lambda: _end_turn_update(v, players), v),
                   rules),
        ActionKind("end-game", (), _always,
                   lambda v, p: z3.And(et_guard(v, p), _last_turn(v, players)),
                   lambda v, p: _memo(("end-game", players),
                                      lambda: _end_game_update(v, players), v),
                   rules),
    )


def _kinds(players: int) -> tuple[ActionKind, ...]:
    n = players
    return (
        _chance(n, "draw-goods", ("kind",), _draw_goods_domain, _draw_goods_guard,
                _draw_goods_update, ()),
        _chance(n, "first-player", ("player",), _first_player_domain, _first_player_guard,
                _first_player_update, ()),
        _chance(n, "draw-hex", ("tile",), _draw_hex_domain, _draw_hex_guard, _draw_hex_update,
                ()),
        _chance(n, "roll", ("value", "goods"), _roll_domain, _roll_guard, _roll_update, ()),
        _chance(n, "draw-board", ("board",), _draw_board_domain, _draw_board_guard,
                _draw_board_update, (RB.SETUP_ADVANCED,)),
        _chance(n, "choose-castle", ("space",), lambda p, _: _choose_castle_domain(p),
                _choose_castle_guard, _choose_castle_update,
                (RB.SETUP_ADVANCED, RB.SETUP_ADVANCED_CASTLE, RB.SETUP_ADVANCED_SECRET),
                common=COMMON_RULES),
        _player(n, "use-worker", ("die", "delta"), _use_worker_domain, _use_worker,
                (RB.TURN_DIE_ONCE, RB.TURN_WORKER_ADJUST, RB.K[8])),
        _player(n, "take-tile", ("die", "depot", "tile", "discard"), _take_tile_domain,
                _take_tile,
                (RB.TURN_DIE_ONCE, RB.ACTION_TAKE_TILE, RB.K[12], RB.ACTION_TAKE_DISCARD)),
        _player(n, "place-tile", ("die", "tile", "space", "keep"), _place_domain, _place_tile,
                (*PLACE_RULES, RB.ACTION_PLACE), _placed_ship),
        _player(n, "sell-goods", ("die", "kind"), _sell_domain, _sell_goods,
                (RB.TURN_DIE_ONCE, RB.ACTION_SELL)),
        _player(n, "take-workers", ("die",), _workers_domain, _take_workers,
                (RB.TURN_DIE_ONCE,)),
        _player(n, "buy-tile", ("depot", "tile", "discard"), _buy_domain, _buy_tile,
                (RB.ACTION_BUY_BLACK, RB.K[6], RB.ACTION_STORAGE_THREE,
                 RB.ACTION_TAKE_DISCARD)),
        *_turn_end_kinds(n),
        _player(n, "ship-depot", ("depot",), _depot_domain, _ship_depot,
                (RB.SHIP_TAKE_GOODS, RB.K[5])),
        _player(n, "ship-goods", ("kind",), _kind_domain, _ship_goods,
                (RB.SHIP_GOODS_THREE_KINDS,)),
        _player(n, "effect-take", ("depot", "tile", "discard"), _effect_domain, _effect_take,
                (RB.BUILDING_CARPENTER, RB.BUILDING_CHURCH, RB.BUILDING_MARKET,
                 RB.ACTION_TAKE_DISCARD)),
        _player(n, "warehouse-sell", ("kind",), _kind_domain, _warehouse_sell,
                (RB.BUILDING_WAREHOUSE,)),
        _player(n, "city-hall-place", ("tile", "space", "keep"), _city_domain,
                _city_hall_place, (*PLACE_RULES, RB.BUILDING_CITY_HALL), _placed_ship),
        _player(n, "decline", (), _always, _decline, ()),
    )



# ===========================================================================
# The invariant I, one function a part (``invariant_parts``' names)
# ===========================================================================


def _variables(players: int) -> tuple[str, ...]:
    """The variables used with ``players`` players."""
    return tuple([*_global_vars(players),
                  *(x for i in range(players) for x in _player_vars(i))])


def _hexes_conserved(v: Vars, players: int) -> Any:
    """Every hex tile is in a stack, a depot, a storage, an estate, a hand or the box."""
    ps = range(players)
    hexes = []
    for t in range(NT):
        n = [v[sup(b, t)] for b in range(len(BACK_TILES)) if t in BACK_TILES[b]]
        n += [v[dep(d, t)] for d in range(7) if t in DEPOT_TILES[d]]
        n += [v[pn(i, f"st.{t}")] + _estate_count(v, i, t) for i in ps]
        if t == CASTLE_T:
            n += [_hand(v, i) for i in ps]
        n.append(v[f"hbox.{t}"])
        hexes.append(sum_of(n) == TOTAL[t])
    return z3.And(*hexes)


def _goods_conserved(v: Vars, players: int) -> Any:
    """Every goods tile is face down, on a round space, on a depot, held or sold."""
    goods = []
    for k in range(K):
        n = [v[f"pool{k}"]]
        n.append(v[f"gleft{k}"])
        n += [v[f"dg{d}.{k}"] for d in range(1, 7)]
        n += [v[pn(i, f"goods{k}")] + v[pn(i, f"sold{k}")] for i in range(players)]
        goods.append(sum_of(n) == D.GOODS_PER_KIND)
    return z3.And(*goods)


def _nonnegative(v: Vars, players: int) -> Any:
    counts = [v[x] for x in _variables(players)
              if x.startswith(("sup", "dep", "hbox", "pool", "gleft", "dg", "bon"))]
    for i in range(players):
        counts += [v[pn(i, x)] for x in ("silver", "workers", "vp", "nbonus", "ts", "th")]
        counts += [v[pn(i, f"goods{k}")] for k in range(K)]
        counts += [v[pn(i, f"sold{k}")] for k in range(K)]
        counts += [v[pn(i, f"st.{t}")] for t in range(NT)]
        counts += [v[pn(i, f"ec.{t}")] for t in range(NT)]
    return z3.And(*(c >= 0 for c in counts))


def _estate(v: Vars, players: int) -> Any:
    """A tile lies on a space of its colour; from the depot fill on, the starting castle
    is on a dark-green space."""
    estate = []
    for i in range(players):
        b = _board(v, i)
        for s in range(NS):
            e = v[pn(i, f"e{s}")]
            estate.append(z3.Or(e == 0, *(z3.And(_colour_at(b, s, c), _in_colour(e - 1, c))
                                          for c in D.COLOURS if COLOUR_BOARDS[(s, c)])))
        estate.append(z3.Implies(v["stage"] >= FILL, z3.Or(*(
            z3.And(v[pn(i, "start")] == s, _colour_at(b, s, D.CASTLE),
                   v[pn(i, f"e{s}")] == CASTLE_T + 1) for s in SPACES_ANY[D.CASTLE]))))
    return z3.And(*estate)


def _bonuses(v: Vars, players: int) -> Any:
    return z3.And(*(between(v[f"bon{c}"], 0, 2) for c in range(len(D.COLOURS))),
                  sum_of([v[pn(i, "nbonus")] for i in range(players)])
                  == sum_of([v[f"bon{c}"] for c in range(len(D.COLOURS))]))


def _supply_suffices(v: Vars, players: int) -> Any:
    """Each back's stack holds the draws still to come."""
    return z3.And(*(
        sum_of([v[sup(b, t)] for t in BACK_TILES[b]]) >= _remaining_draws(v, players, b)
        for b in range(len(BACK_TILES))))


def _parts(v: Vars, players: int) -> dict[str, Any]:
    ps = range(players)
    return {
        "hexes-conserved": _hexes_conserved(v, players),
        "goods-conserved": _goods_conserved(v, players),
        "nonnegative": _nonnegative(v, players),
        "storage-limit": z3.And(*(_stored(v, i) <= 3 for i in ps)),
        "goods-kinds": z3.And(*(_kinds_held([v[pn(i, f"goods{k}")] for k in range(K)])
                                <= 3 for i in ps)),
        "dice": z3.And(*(between(v[pn(i, f"die{d}")], 0, 6) for i in ps for d in (0, 1))),
        "estate": _estate(v, players),
        "set-up": _setup(v, players),
        "bonuses": _bonuses(v, players),
        "supply-suffices": _supply_suffices(v, players),
        "counters": _counters(v, players),
        "pending": _pending(v, players),
        "turn-order": _track(v, players),
        "income-budget": z3.And(*(_income_budget(v, i, players) for i in ps)),
    }


# -- counters: what each stage holds of the phase, round, goods and dice counters -----------


def _early(v: Vars, players: int) -> Any:
    """Before the first phase: no phase, round, goods tile played, turn, roll or dice."""
    return z3.And(v["phase"] == 0, v["round"] == 0, v["gnext"] == 0, v["turn"] == 0,
                  v["roll"] == 0, v["bought"] == 0, *(v[pn(i, f"die{d}")] == 0
                                                       for i in range(players) for d in (0, 1)))


def _no_goods_yet(v: Vars) -> Any:
    return z3.And(*(v[f"dg{d}.{k}"] == 0 for d in range(1, 7) for k in range(K)))


def _player_goods(v: Vars, players: int) -> Any:
    return sum_of([v[pn(i, f"goods{k}")] for i in range(players) for k in range(K)])


def _counter_ranges(v: Vars) -> list[Any]:
    n_goods = D.PHASES * D.PHASE_GOODS
    gs_ok = sum_of([v[f"gleft{k}"] for k in range(K)]) == v["gdrawn"] - v["gnext"]
    return [between(v["stage"], START, OVER), gs_ok, between(v["gdrawn"], 0, n_goods),
            *(between(v[f"opt.{o}"], 0, 1)
              for o in ("discard", "circular", "k8x2", "k8nowrap", "balanced", "lastround",
                        "ed2019", "castlebuy")),
            between(v["bought"], 0, 1), between(v["white"], 0, 6)]


def _set_up_counters(v: Vars, players: int) -> list[Any]:
    """The start goods dealt three a player, the first player, the boards and castles."""
    st = v["stage"]
    early = _early(v, players)
    pool = sum_of([v[f"pool{k}"] for k in range(K)])
    all_goods = D.GOODS_KINDS * D.GOODS_PER_KIND
    dealt = D.START_GOODS * players
    player_goods = _player_goods(v, players)
    return [
        z3.Implies(st == START, z3.And(early, _no_goods_yet(v), v["gdrawn"] == 0,
                                      between(v["fill"], 0, dealt - 1),
                                      v["first"] == -1,
                                      pool == all_goods - v["fill"], *(
                                          sum_of([v[pn(i, f"goods{k}")] for k in range(K)])
                                          == z3.If(v["fill"] <= 3 * i, 0, z3.If(
                                              v["fill"] >= 3 * i + 3, 3,
                                              v["fill"] - 3 * i))
                                          for i in range(players)))),
        z3.Implies(st == FIRST, z3.And(early, _no_goods_yet(v), v["gdrawn"] == 0,
                                      v["fill"] == 0, v["first"] == -1,
                                      player_goods == dealt)),
        z3.Implies(st >= FIRST, pool == all_goods - dealt - v["gdrawn"]),
        z3.Implies(z3.Or(st == DEAL, st == CHOOSE),
                   z3.And(early, _no_goods_yet(v), v["gdrawn"] == 0,
                          between(v["fill"], 0, players - 1),
                          between(v["first"], 0, players - 1), player_goods == dealt)),
        z3.Implies(st >= FILL, between(v["first"], 0, players - 1)),
    ]


def _phase_counters(v: Vars, players: int) -> list[Any]:
    """The depot fill, the phase's goods, the roll, play and the end."""
    st, ph, rd = v["stage"], v["phase"], v["round"]
    n_goods = D.PHASES * D.PHASE_GOODS
    phase_goods = ph * D.PHASE_GOODS
    all_dice_zero = z3.And(*(v[pn(i, f"die{d}")] == 0
                             for i in range(players) for d in (0, 1)))
    return [
        z3.Implies(st == FILL, z3.And(between(ph, 0, D.PHASES - 1), rd == 0,
                                     v["gnext"] == phase_goods,
                                     v["gdrawn"] == phase_goods, v["turn"] == 0,
                                     v["bought"] == 0, v["roll"] == 0, all_dice_zero,
                                     v["fill"] >= 0, v["fill"] < _plan_length(v, players))),
        z3.Implies(st == GOODS, z3.And(between(ph, 0, D.PHASES - 1), rd == 0,
                                      v["gnext"] == phase_goods,
                                      v["gdrawn"] >= phase_goods,
                                      v["gdrawn"] < phase_goods + D.PHASE_GOODS,
                                      v["turn"] == 0, v["bought"] == 0, v["roll"] == 0,
                                      v["fill"] == 0, all_dice_zero)),
        _roll_counters(v, players),
        _play_counters(v, players),
        z3.Implies(st == OVER, z3.And(ph == D.PHASES, rd == 0, v["gnext"] == n_goods,
                                     v["gdrawn"] == n_goods,
                                     v["turn"] == 0, v["bought"] == 0)),
    ]


def _roll_counters(v: Vars, players: int) -> Any:
    """While rolling, the dice of the players still to roll are 0."""
    ph, rd = v["phase"], v["round"]
    phase_goods = ph * D.PHASE_GOODS
    roll_dice = z3.And(*(z3.Implies(v["roll"] <= 2 * i + 1 + d, v[pn(i, f"die{d}")] == 0)
                         for i in range(players) for d in (0, 1)))
    return z3.Implies(v["stage"] == ROLL, z3.And(
        between(ph, 0, D.PHASES - 1), between(rd, 0, 4), v["gnext"] == phase_goods + rd,
        v["gdrawn"] == phase_goods + D.PHASE_GOODS, v["turn"] == 0, v["bought"] == 0,
        v["fill"] == 0, between(v["roll"], 0, 2 * players), roll_dice,
        z3.Implies(v["roll"] >= 1, between(v["white"], 1, 6))))


def _play_counters(v: Vars, players: int) -> Any:
    """In play, the turn order is a permutation of the seats."""
    ph, rd = v["phase"], v["round"]
    phase_goods = ph * D.PHASE_GOODS
    perm = z3.And(*(between(v[f"ord{j}"], 0, players - 1) for j in range(players)),
                  z3.Distinct(*(v[f"ord{j}"] for j in range(players)))
                  if players > 1 else z3.BoolVal(True))
    return z3.Implies(v["stage"] == PLAY, z3.And(
        between(ph, 0, D.PHASES - 1), between(rd, 0, 4), v["gnext"] == phase_goods + rd + 1,
        v["gdrawn"] == phase_goods + D.PHASE_GOODS, v["fill"] == 0, v["roll"] == 0,
        between(v["turn"], 0, players - 1), perm))


def _counters(v: Vars, players: int) -> Any:
    return z3.And(*_counter_ranges(v), *_set_up_counters(v, players),
                  *_phase_counters(v, players))


# -- set-up, pending effect, turn-order track ------------------------------------------------


def _seat_set_up(v: Vars, players: int, i: int) -> list[Any]:
    """Seat ``i``'s board and starting castle (see :func:`_setup`)."""
    st, adv, secret, fill, first = (v["stage"], v["opt.advanced"], v["opt.secret"],
                                    v["fill"], v["first"])
    b, start = _board(v, i), v[pn(i, "start")]
    e = [v[pn(i, f"e{s}")] for s in range(NS)]
    ec = [v[pn(i, f"ec.{t}")] for t in range(NT)]
    central = z3.And(b == 1, start == BASIC_START,
                     *(e[s] == (CASTLE_T + 1 if s == BASIC_START else 0)
                       for s in range(NS)),
                     *(ec[t] == (1 if t == CASTLE_T else 0) for t in range(NT)))
    undealt = z3.Or(st <= FIRST, z3.And(st == DEAL, fill <= i))
    dealt = z3.Or(z3.And(st == DEAL, fill > i), st == CHOOSE)
    chosen = z3.And(st == CHOOSE, z3.Or(*(
        z3.And(first == f, fill > (i - f) % players) for f in range(players))))
    placed = z3.And(chosen, secret == 0)
    return [
        between(b, 1, 9),
        z3.Implies(adv == 0, z3.And(b == 1, start == BASIC_START)),
        z3.Implies(z3.And(adv == 1, z3.Or(st >= CHOOSE, dealt)), b >= 2),
        z3.Implies(undealt, central),
        z3.Implies(dealt, z3.And(
            z3.If(chosen, z3.Or(*(z3.And(start == s, _colour_at(b, s, D.CASTLE))
                                  for s in SPACES_ANY[D.CASTLE])), start == -1),
            *(e[s] == z3.If(z3.And(placed, start == s), CASTLE_T + 1, 0)
              for s in range(NS)),
            *(ec[t] == (flag(placed) if t == CASTLE_T else 0) for t in range(NT)))),
    ]


def _setup(v: Vars, players: int) -> Any:
    """Boards and starting castles: board 1 with the central castle until the advanced
    set-up deals boards 2-9 in seat order (each dealt estate empty), then the castle
    choices in turn order from the first player (placed at once, or all together after
    the last secret one)."""
    st, adv, secret = v["stage"], v["opt.advanced"], v["opt.secret"]
    facts = [between(adv, 0, 1), between(secret, 0, 1), z3.Implies(secret == 1, adv == 1),
             z3.Implies(z3.Or(st == DEAL, st == CHOOSE), adv == 1)]
    for i in range(players):
        facts += _seat_set_up(v, players, i)
    return z3.And(*facts)


def _pending(v: Vars, players: int) -> Any:
    """At most one effect pends, in play, one that can apply for the acting player."""
    pend = v["pend"]
    act = _actor(v, players)
    facts = []
    for i in range(players):
        goods = [v[pn(i, f"goods{k}")] for k in range(K)]
        ok = _push_ok(v, v, i, pend)
        ship_goods = _ship_new_kind(v, i, None)
        facts.append(z3.Implies(act == i, z3.And(
            ok, z3.Implies(pend == P_SHIP_GOODS, ship_goods),
            z3.Implies(pend == P_WAREHOUSE, z3.Or(*(g > 0 for g in goods))))))
    return z3.And(
        between(pend, 0, len(PENDING) - 1),
        z3.Implies(v["stage"] != PLAY, pend == 0),
        z3.If(pend == P_SHIP_GOODS, z3.And(between(v["parg"], 1, 6),
                                          between(v["ppair"], 0, 1)),
              z3.And(v["parg"] == 0, v["ppair"] == 0)),
        z3.Implies(pend != 0, z3.And(*facts)),
    )


def _track(v: Vars, players: int) -> Any:
    """From the deal on, no two turn-order tokens share a place."""
    distinct = [z3.Or(v[pn(i, "ts")] != v[pn(j, "ts")], v[pn(i, "th")] != v[pn(j, "th")])
                for i in range(players) for j in range(i + 1, players)]
    return z3.Implies(v["stage"] >= DEAL, z3.And(*distinct))


# ---------------------------------------------------------------------------
# The invariant's income budget
# ---------------------------------------------------------------------------

#: rounds in a game, and the most silver and workers one die action can give
ROUNDS_IN_GAME = D.PHASES * 5
DIE_SILVER = 2  # a sale with knowledge tile 3
DIE_WORKERS = 4  # taking workers with knowledge tile 14
START_SILVER = 1
START_WORKERS = 4  # the fourth player's


def _die_actions_left(v: Vars, i: int, players: int, pending: tuple[int, ...]) -> Any:
    """Actions still to come that may give player ``i`` silver or workers: two dice a
    round for the rounds to come, less the dice used this round (in the play stage a 0
    die is a used one), plus one when an effect of ``pending`` (the castle's extra
    action, the warehouse's sale) waits for ``i``."""
    used = z3.If(v["stage"] == PLAY, flag(v[pn(i, "die0")] == 0) + flag(v[pn(i, "die1")] == 0), 0)
    mine = z3.And(v["stage"] == PLAY, _actor(v, players) == i)
    extra = z3.If(z3.And(mine, z3.Or(*(v["pend"] == p for p in pending))), 1, 0)
    return 2 * (ROUNDS_IN_GAME - (5 * v["phase"] + v["round"])) - used + extra


def _income_budget(v: Vars, i: int, players: int) -> Any:
    """Silver and workers are bounded by what is still to come: every die action gives at
    most 2 silver and 4 workers, a bank 2 silver and a boarding house 4 workers once, a
    castle one more action, a warehouse one more sale (at most as much as a die action),
    and each mine 1 silver (and, with knowledge tile 2, 1 worker) at the end of each
    phase still to end. So ``silver + 2 * actions left + mines * phases left
    - 2 * (banks + warehouses + castles) - 5 * mines`` never exceeds its start, and the
    same for workers with 4; the game is finite, and with this the final scoring is
    bounded."""
    ec = {name: v[pn(i, f"ec.{TI[name]}")] for name in ("bank", "warehouse", "boarding-house")}
    ec["castle"] = v[pn(i, f"ec.{CASTLE_T}")] + _hand(v, i)
    mines = _mines(v, i)  # as the phase end counts
    mines_to_come = mines * (D.PHASES - v["phase"])
    left = _die_actions_left(v, i, players, (P_CASTLE, P_WAREHOUSE))
    silver = (v[pn(i, "silver")] + DIE_SILVER * left + mines_to_come
              - DIE_SILVER * (ec["bank"] + ec["warehouse"] + ec["castle"]) - 5 * mines)
    workers = (v[pn(i, "workers")] + DIE_WORKERS * left + mines_to_come
               - DIE_WORKERS * (ec["boarding-house"] + ec["warehouse"] + ec["castle"])
               - 5 * mines)
    return z3.And(silver <= START_SILVER + DIE_SILVER * 2 * ROUNDS_IN_GAME,
                  workers <= START_WORKERS + DIE_WORKERS * 2 * ROUNDS_IN_GAME)



# ===========================================================================
# Projection and classification (the model side)
# ===========================================================================


def _options(config: Config) -> dict[str, int]:
    """The option flags of a configuration's readings."""
    return {
        "opt.discard": int(config.option("storage-full") == "discard"),
        "opt.circular": int(config.option("k5-neighbours") == "circular"),
        "opt.k8x2": int(config.option("k8-step") != "up-to-2"),
        "opt.k8nowrap": int(config.option("k8-wrap") == "no-wrap"),
        "opt.balanced": int(config.option("depots") == "balanced"),
        "opt.lastround": int(config.option("tie-order") == "last-round"),
        "opt.advanced": int(config.option("setup") == "advanced"),
        "opt.ed2019": int(config.option("edition") == "2019"),
        "opt.castlebuy": int(config.option("castle-action") == "between-actions"),
        "opt.secret": int(config.option("setup") == "advanced"
                          and config.option("castle-choice") == "secret"),
    }


def _project_board(state: BurgundyState, out: dict[str, int]) -> None:
    """The goods and hexes of the game board: stacks, depots, box, bonus tiles."""
    stacks = state.goods_stacks[state.goods_next:]
    for k in range(K):
        out[POOL_KEYS[k]] = state.goods_pool[k]
        out[GLEFT_KEYS[k]] = stacks.count(k + 1)
    for d in range(1, 7):
        out.update(zip(DG_KEYS[d], state.depot_goods[d - 1], strict=True))
    for keys_b, supply in zip(SUP_KEYS, state.supply, strict=True):
        out.update(zip(keys_b, supply, strict=True))
    for d in range(7):
        tiles = state.black if d == 0 else state.depots[d - 1]
        depot = DEP_KEYS[d]
        for t in DEPOT_TILES[d]:
            out[depot[t]] = 0
        for name in tiles:
            out[depot[TI[name]]] += 1
    out.update(zip(HBOX_KEYS, state.box, strict=True))
    out.update(zip(BON_KEYS, state.bonuses, strict=True))


def _project_player(pl: Player, keys: _PlayerKeys, out: dict[str, int]) -> None:
    out[keys.silver] = pl.silver
    out[keys.workers] = pl.workers
    out[keys.vp] = pl.vp
    out[keys.die0], out[keys.die1] = pl.dice
    out[keys.ts] = pl.track_space
    out[keys.th] = pl.track_height
    out[keys.nbonus] = len(pl.bonus_tiles)
    out[keys.board] = pl.board
    out[keys.start] = pl.start
    out.update(zip(keys.goods, pl.goods, strict=True))
    out.update(zip(keys.sold, pl.sold, strict=True))
    stored = dict.fromkeys(keys.st, 0)
    for name in pl.storage:
        stored[keys.st[TI[name]]] += 1
    out.update(stored)
    counted = dict.fromkeys(keys.ec, 0)
    for s, name in enumerate(pl.estate):
        if name:
            t = TI[name]
            out[keys.e[s]] = t + 1
            counted[keys.ec[t]] += 1
        else:
            out[keys.e[s]] = 0
    out.update(counted)


def _project(state: BurgundyState) -> dict[str, int]:
    players = state.config.players
    out: dict[str, int] = {
        "stage": STAGE_CODE[state.stage], "phase": state.phase, "round": state.round,
        "fill": state.fill, "roll": state.roll, "white": state.white, "turn": state.turn,
        "bought": int(state.bought), "first": state.first,
        **_options(state.config),
        "gdrawn": len(state.goods_stacks), "gnext": state.goods_next,
    }
    top = state.pending[-1] if state.pending else None
    out["pend"] = P_CODE[top.kind] if top else 0
    out["parg"] = top.arg if top else 0
    out["ppair"] = int(top.pair) if top else 0
    for j in range(players):
        out[ORD_KEYS[j]] = state.order[j] if j < len(state.order) else -1
    _project_board(state, out)
    for i, pl in enumerate(state.players):
        _project_player(pl, PLAYER_KEYS[i], out)
    return out


def _tile(name: str) -> int:
    return TI.get(name, -1) if isinstance(name, str) else -1


def _discard(name: str) -> int:
    if name == "":
        return -1
    return TI.get(name, -2) if isinstance(name, str) else -2


def _classify_chance(state: BurgundyState, action: Action) -> tuple[str, dict[str, int]] | None:
    """The set-up's and the phases' chance steps and the castle choice (None: another)."""
    if isinstance(action, DrawGoods):
        return "draw-goods", {"kind": action.kind}
    if isinstance(action, FirstPlayer):
        return "first-player", {"player": action.player}
    if isinstance(action, DrawHex):
        return "draw-hex", {"tile": _tile(action.tile)}
    if isinstance(action, Roll):
        final = (state.stage is Stage.ROLL and state.roll == 2 * state.config.players
                 and state.goods_next < len(state.goods_stacks))
        goods = state.goods_stacks[state.goods_next] if final else 0
        return "roll", {"value": action.value, "goods": goods}
    if isinstance(action, DrawBoard):
        return "draw-board", {"board": action.board}
    if isinstance(action, ChooseCastle):
        return "choose-castle", {"space": action.space}
    return None


def _classify_die(state: BurgundyState, action: Action) -> tuple[str, dict[str, int]] | None:
    """A turn's actions (None: another)."""
    if isinstance(action, UseWorker):
        return "use-worker", {"die": action.die, "delta": action.delta}
    if isinstance(action, TakeTile):
        return "take-tile", {"die": action.die, "depot": action.depot,
                             "tile": _tile(action.tile), "discard": _discard(action.discard)}
    if isinstance(action, PlaceTile):
        return "place-tile", {"die": action.die, "tile": _tile(action.tile),
                              "space": action.space, "keep": _kept(state, action)}
    if isinstance(action, SellGoods):
        return "sell-goods", {"die": action.die, "kind": action.kind}
    if isinstance(action, TakeWorkers):
        return "take-workers", {"die": action.die}
    if isinstance(action, BuyTile):
        return "buy-tile", {"depot": action.depot, "tile": _tile(action.tile),
                            "discard": _discard(action.discard)}
    if isinstance(action, EndTurn):
        last = (state.phase == D.PHASES - 1 and state.round == D.ROUNDS - 1
                and state.turn == state.config.players - 1)
        return ("end-game" if last else "end-turn"), {}
    return None


def _classify_effect(state: BurgundyState, action: Action) -> tuple[str, dict[str, int]]:
    """A placed tile's effect: a ship's goods, a building's."""
    if isinstance(action, ShipDepot):
        return "ship-depot", {"depot": action.depot}
    if isinstance(action, ShipGoods):
        return "ship-goods", {"kind": action.kind}
    if isinstance(action, EffectTake):
        return "effect-take", {"depot": action.depot, "tile": _tile(action.tile),
                               "discard": _discard(action.discard)}
    if isinstance(action, WarehouseSell):
        return "warehouse-sell", {"kind": action.kind}
    if isinstance(action, CityHallPlace):
        return "city-hall-place", {"tile": _tile(action.tile), "space": action.space,
                                   "keep": _kept(state, action)}
    if isinstance(action, Decline):
        return "decline", {}
    raise TypeError(f"not a burgundy action: {action!r}")


def _classify(state: BurgundyState, action: Action) -> tuple[str, dict[str, int]]:
    return (_classify_chance(state, action) or _classify_die(state, action)
            or _classify_effect(state, action))


def _kept(state: BurgundyState, action: Action) -> int:
    """Whether the model keeps the effect the placement pushes (1) or has none/drops it."""
    try:
        after = GAME.apply(state, action)
    except IllegalAction:
        return 0
    return 1 if after.pending else 0


# ===========================================================================
# The encoding
# ===========================================================================


class BurgundyEncoding(Encoding[BurgundyState, Action]):
    game = "burgundy"
    variables = _variables(4)
    bound_steps = 1
    monotone_scores = True
    #: a tile placed by a die or the castle's action and one placed by the city hall score
    #: through the same terms (``_place``; the city hall only relaxes the die)
    bound_siblings = (PLACEMENT_KINDS,)
    #: the final scoring reads every player's estate: around an edition's case lies most of
    #: I, and a state found there seldom satisfies the rest
    bound_whole = frozenset({"end-game"})
    #: the player kinds with the largest updates (a placement's points, a hex taken into
    #: storage), whose queries over every acting player at once seldom settle within the
    #: probe: at 4 players 7 of their 11 probes in the inductive parts and the scores did
    #: not, 4.1 s of 7.0 s; those tasks at 4 and 3 players 37.8/23.0 s -> 32.1/20.0 s of CPU
    split_kinds = (*PLACEMENT_KINDS, "take-tile", "buy-tile", "effect-take")
    #: shipping in the goods' conservation and a hex drawn in the supply's sufficiency,
    #: whose whole queries there do not settle within the probe at 3 and 4 players: those
    #: parts' tasks at 2-4 players 6.9 s -> 5.9 s of CPU
    split_kinds_in = MappingProxyType({"goods-conserved": frozenset({"ship-depot",
                                                                     "ship-goods"}),
                                       "supply-suffices": frozenset({"draw-hex"})})
    #: a second player filling a colour (burgundy/colour.second: the small bonus), which
    #: the sample's games seldom reach: an eager 3-player game (seed 9) does at step 550
    openings = (Opening((), 560, players=3, policy="eager", seed=9),)

    def completeness_witnesses(self, v: Vars, players: int) -> list[tuple[str, dict[str, Any]]]:
        return witnesses(v, players)

    def bound_cases(self, v: Vars, players: int, kind: str) -> list[BoundCase]:
        return _bound_cases(v, players, kind)

    def bound_guess(self, kind: str, players: int) -> int | None:
        return BOUND_GUESSES.get((kind, players))

    def cases(self, v: Vars, players: int) -> list[Any]:
        """Play split by the acting player (the player kinds dispatch on it), and the
        other stages."""
        act = _actor(v, players)
        return [*(z3.And(v["stage"] == PLAY, act == i) for i in range(players)),
                v["stage"] != PLAY]

    def variables_for(self, players: int) -> tuple[str, ...]:
        return _variables(players)

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(pn(i, "vp") for i in range(players))

    def terminal(self, v: Vars, players: int) -> Any:
        return v["stage"] == OVER

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        parts: dict[str, Any] = _memo(("I", players), lambda: _parts(v, players), v)
        return dict(parts)

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        return _kinds(players)

    def project(self, state: BurgundyState) -> dict[str, int]:
        return _project(state)

    def classify(self, state: BurgundyState, action: Action) -> tuple[str, dict[str, int]]:
        return _classify(state, action)


#: where the searches for the bounds found by cases start (:meth:`Encoding.bound_guess`),
#: by kind and player count: the bounds as found (a placement's on estate board 8, the
#: final scoring's under the 2019 edition). A hint their queries prove: at the bound, the
#: final scoring's search asks 4 queries where it asks 27 from its first gain (about 116),
#: the tile placement's 43 where it asks 71 (both at 4 players: 12.5 s of CPU against
#: 38.7 s with the final scoring's cases asked around them first)
BOUND_GUESSES: dict[tuple[str, int], int] = {
    **{(kind, n): bound for kind in PLACEMENT_KINDS for n, bound in ((2, 66), (3, 67), (4, 68))},
    ("end-game", 2): 732, ("end-game", 3): 735, ("end-game", 4): 738,
}


def _bound_cases(v: Vars, players: int, kind: str) -> list[BoundCase]:
    """A placement's points depend on the estate board the actor plays (its areas, their
    sizes and colours): over the nine boards at once its largest gain does not settle
    within the query time, board by board it does. So a case per acting player, each with
    a case per board of that player's: the first player's boards find the largest gain,
    and each other player's boards show that nothing passes it (a query per board, about
    0.15 s each at 4 players). The final scoring (``end-game``) is asked per edition: its
    knowledge tiles score by ``opt.ed2019``, and over both editions at once its largest
    gain does not settle."""
    if kind == "end-game":
        return [BoundCase(f"edition {name}", v["opt.ed2019"] == flag)
                for name, flag in (("first", 0), ("2019", 1))]
    if kind not in PLACEMENT_KINDS:
        return []
    act = _actor(v, players)
    out = []
    for i in range(players):
        acting = z3.And(v["stage"] == PLAY, act == i)
        out.append(BoundCase(f"player {i + 1} acting", acting, tuple(
            BoundCase(f"player {i + 1} acting on estate board {b}",
                      z3.And(acting, _board(v, i) == b)) for b in sorted(BOARDS))))
    return out


# ===========================================================================
# Legal-action completeness by witnesses
# ===========================================================================

def witnesses(v: Vars, players: int) -> list[tuple[str, dict[str, Any]]]:
    """Candidate actions (kind, parameter terms over the state) one of which is enabled in
    every non-terminal state satisfying I: a quantifier-free form of legal-action
    completeness (see :func:`completeness`)."""
    act = _actor(v, players)
    out: list[tuple[str, dict[str, Any]]] = []
    out += [("draw-goods", {"kind": z3.IntVal(k)}) for k in range(1, 7)]
    out.append(("first-player", {"player": Z}))
    out += [("draw-hex", {"tile": z3.IntVal(t)}) for t in range(NT)]
    out += [("roll", {"value": ONE, "goods": z3.IntVal(g)}) for g in range(7)]
    out += [("draw-board", {"board": z3.IntVal(b)}) for b in ADVANCED_BOARDS]
    space: Any = z3.IntVal(-1)
    for i in reversed(range(players)):
        mine: Any = z3.IntVal(-1)
        for b in reversed(BOARD_NUMS):
            mine = z3.If(_board(v, i) == b, FIRST_CASTLE[b], mine)
        space = z3.If(_chooser(v, players, i), mine, space)
    out.append(("choose-castle", {"space": space}))
    out += [("take-workers", {"die": z3.IntVal(d)}) for d in range(3)]
    out += [("end-turn", {}), ("end-game", {}), ("decline", {})]
    out.append(("ship-depot", {"depot": ONE}))
    out += [("ship-goods", {"kind": z3.IntVal(k)}) for k in range(1, 7)]
    out += [("warehouse-sell", {"kind": z3.IntVal(k)}) for k in range(1, 7)]
    # an effect's take: the first fitting tile, discarding the first stored tile if full
    fits = []
    for d in range(1, 7):
        for t in DEPOT_TILES[d]:
            colour = D.TILE_COLOUR[D.TILES[t]]
            codes = [c for c, cols in EFFECT_COLOURS.items() if colour in cols]
            fits.append((z3.And(v[dep(d, t)] > 0, z3.Or(*(v["pend"] == c for c in codes))),
                         d, t))
    depot: Any = ONE
    tile: Any = Z
    for cond, d, t in reversed(fits):
        depot = z3.If(cond, d, depot)
        tile = z3.If(cond, t, tile)
    discard: Any = z3.IntVal(-1)
    for i in reversed(range(players)):
        first: Any = z3.IntVal(-1)
        for t in reversed(range(NT)):
            first = z3.If(v[pn(i, f"st.{t}")] > 0, t, first)
        discard = z3.If(z3.And(act == i, _stored(v, i) >= 3), first, discard)
    out.append(("effect-take", {"depot": depot, "tile": tile, "discard": discard}))
    return out


def completeness(encoding: "BurgundyEncoding", players: int, timeout: float = 10.0) -> Any:
    """z3 result of ``I and not terminal and no witness action enabled`` (unsat = proved)."""
    v = encoding.fresh("s", players)
    kinds = {k.name: k for k in encoding.kinds(players)}
    enabled = []
    for name, params in witnesses(v, players):
        kind = kinds[name]
        enabled.append(z3.And(kind.domain(params), kind.guard(v, params)))
    solver = z3.Solver()
    solver.set("timeout", int(timeout * 1000))
    solver.add(encoding.invariant(v, players), z3.Not(encoding.terminal(v, players)),
               z3.Not(z3.Or(*enabled)))
    return solver.check()


PLAYER_KEYS = tuple(_player_keys(i) for i in range(4))
ORD_KEYS = tuple(f"ord{j}" for j in range(4))
POOL_KEYS = tuple(f"pool{k}" for k in range(K))
GLEFT_KEYS = tuple(f"gleft{k}" for k in range(K))
DG_KEYS = {d: tuple(f"dg{d}.{k}" for k in range(K)) for d in range(1, 7)}
SUP_KEYS = tuple(tuple(sup(b, t) for t in kinds) for b, kinds in enumerate(BACK_TILES))
DEP_KEYS = tuple({t: dep(d, t) for t in range(NT)} for d in range(7))
HBOX_KEYS = tuple(f"hbox.{t}" for t in range(NT))
BON_KEYS = tuple(f"bon{c}" for c in range(len(D.COLOURS)))

ENCODING = BurgundyEncoding()

__all__ = ["ENCODING", "BurgundyEncoding", "completeness", "witnesses"]
