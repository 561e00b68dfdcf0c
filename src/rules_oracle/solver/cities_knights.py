"""The Z3 encoding of Catan: Cities & Knights (``model.cities_knights``), 3 and 4 players.

Projection (integers; ``p{i}.`` prefixes a player's variables, cards ``x`` in the order of
``data.CARDS``: the 5 resources, then cloth, coin, paper):

* the game: ``stage`` (the index of :class:`~model.cities_knights.state.Stage` in its
  declared order), ``turn``, ``turns``, ``barb`` (the barbarian ship's position),
  ``attacked`` (0/1), ``defl`` (Defender of Catan cards left), ``longest``, ``merchant``
  (holders, -1 none), ``metro{k}`` (the owner of the metropolis of kind k, -1 none),
  ``winner``;
* cards: ``bank{x}``, ``p{i}.h{x}``; progress cards as counts: ``deck{c}`` (the deck of
  colour c, the cards put under it included), ``spent`` (played or discarded and set
  aside), ``p{i}.prog`` (held), ``p{i}.vpc`` (Printer
  and Constitution face up); ``p{i}.def`` (Defender cards);
* per player: ``lv{k}`` (improvement levels), ``roads``, ``settlements``, ``cities``,
  ``walls``, ``kn{l}`` (knights on the board of level l+1), ``vp`` (the model's score).

Kept exactly: every count above. Abstracted away: the board (which intersection, path or
hex a piece, the robber or the merchant is on, road lengths, which knights are active), who
holds which progress card kind, the dice, the pending draws, discards, victims and queues,
and the domestic offer. One kind per action type and stage (``build-settlement`` and
``setup-settlement``; the steps of a progress card are ``card-<action>``). The kinds fall
in two groups:

* *exact* kinds: the variable board's chance steps (``lay-board``: the board is abstracted,
  so a step changes only the stage, to ``board`` again or to ``setup``), set-up placements,
  the roll, the production dice, the main phase's
  building (road, settlement, city, wall, knight, activation, promotion, improvement), the
  metropolis and the end of the turn: costs, stocks (15 roads, 5 settlements, 4 cities, 3
  walls, 2 knights a level, mighty knights only at politics level 3, level 5 at most) and
  the moves of pieces and cards are the rules' own; the longest-road holder after a piece
  is placed is a parameter ``lg`` (it depends on the board), and so is an improvement's
  price ``cost`` (its level, one less after a Crane);
* *summarised* kinds (the event die with the barbarians and production, progress draws,
  the 7's discards and steal, the robber, the aqueduct, the steps of progress cards,
  knights' moves and displacements, reduced cities, trades): what the model decides from
  the board or the hidden state is a parameter that ``classify`` reads off the model's
  next state (but a discard's, a steal's and the aqueduct's card, which it states from
  the action and the state before: ``STATED_MOVES``): card movements per player and card
  (the bank's change is always minus
  their sum, so cards are conserved by construction; production and the aqueduct only
  give, a discard only returns, a steal or a trade only moves between players), progress
  card movements (a deck loses a card to a draw and takes one back when a played or
  discarded card goes under it, never beyond its colour's 18; ``spent``, the cards set
  aside under ``progress-return=set-aside``, changes by minus the sum of the other
  movements and never falls),
  piece and knight changes, the holders, the barbarians (one step forward, or the attack
  at the 7th ship which resets the ship, with at most one Defender card given), and the
  next stage. Where production ends the step (the event die, a progress draw, a reduced
  city: ``pr`` 1, read off the dice, not a 7, and the stage the step ends in), the
  aqueduct is restated under both readings of ``aqueduct-shortage``: its choice follows
  exactly when a player at science level 3 or more got nothing and the bank has a
  resource; nothing is no card taken under the default (``ow`` 0), no card owed under
  ``aqueduct=owed`` (``ow`` 1; ``od{i}`` 1 when the roll owed player i a card, which
  ``classify`` restates over the board tables, and a player who took a card was owed
  one).

Every automatic consequence that the projection can compute is in the updates: the
points of every player recomputed (``victory.points``: settlements 1, cities 2,
metropolises 2, longest road 2, Defender, merchant and Printer/Constitution cards 1), the
win of the player on turn at 13 points, the end of the turn and the turn limit.

Soundness: ``oracle verify``'s faithfulness obligation checks on every sampled transition
that the parameters ``classify`` gives satisfy the kind's domain and guard and that the
update gives the model's next projection, so the encoding's transitions contain the
model's and every invariant part proved inductive holds on the reachable model states.
What the guards of summarised kinds assume (a player never gives more cards than held,
a stage is entered only in the situations its ``stage`` conjunct names) is so checked on
the sample, not proved; the exact kinds prove it. The variant options need no variable:
every reading's transitions fall within the same guards (the aqueduct's ``ow``, read off
the configuration, chooses which reading of ``aqueduct-shortage`` the guard restates),
but for a gate: a parameter read off the configuration, 1 under a reading that opens a
kind to more stages (``kr``: a knight's chase of the robber before the roll too, under
``knight-time=chase-before-roll``, cities_knights/knight-action-time; ``hx``: a
Commercial Harbor credit's exchange, a step of the main phase only under
``harbor-time=any-time``, cities_knights/commercial-harbor-at-once; the credit itself is
abstracted away).

Score variables: ``p{i}.vp``.
"""

import functools
import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import z3

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import (
    Answer,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Counter,
    Dice,
    Discard,
    EndTurn,
    LayTerrain,
    MaritimeTrade,
    MoveRobber,
    OfferCard,
    Propose,
    RollDice,
    SpiralCorner,
    Steal,
    TradeWith,
    Withdraw,
)
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    Action,
    ActivateKnight,
    BuildKnight,
    BuildWall,
    ChaseRobber,
    ChooseCard,
    ChooseDeck,
    ChooseHex,
    ChooseNode,
    ChooseNumber,
    ChoosePath,
    ChoosePlayer,
    ChooseProgress,
    DiscardProgress,
    DrawProgress,
    EventDie,
    HarborExchange,
    Improve,
    MoveKnight,
    PlaceMetropolis,
    PlayProgress,
    PromoteKnight,
    ReduceCity,
    Stop,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.ops import evolve
from rules_oracle.model.core.play import choose
from rules_oracle.solver.catan import Up
from rules_oracle.solver.encoding import ActionKind, Encoding, Opening, Params, Vars
from rules_oracle.solver.terms import ONE, Z, pn, select
from rules_oracle.solver.terms import between as rng
from rules_oracle.solver.terms import flag as b
from rules_oracle.solver.terms import sum_of as total

STAGES = tuple(Stage)
STAGE_CODE = {s: i for i, s in enumerate(STAGES)}
(BOARD, SETUP, PRE_ROLL, DICE, EVENT, DRAWS, PROGRESS_DISCARD, REDUCE, DISCARD, ROBBER, STEAL,
 AQUEDUCT, MAIN, CARD, KNIGHT, DISPLACED, METROPOLIS, TRADE, END, OVER) = (
    STAGE_CODE[s] for s in STAGES)

NC = D.N_CARDS
NCOL = 3
CARD_TOTAL = tuple(BD.CARDS_PER_RESOURCE if x < BD.N_RESOURCES else D.CARDS_PER_COMMODITY
                   for x in range(NC))
COLOUR_TOTAL = tuple(sum(n for k, n in enumerate(D.PROGRESS_COUNTS)
                         if D.PROGRESS_COLOUR[k] == c) for c in range(NCOL))
PIECES = (("roads", BD.ROADS), ("settlements", BD.SETTLEMENTS), ("cities", BD.CITIES),
          ("walls", D.WALLS))
assert sum(COLOUR_TOTAL) == D.N_PROGRESS

# ---------------------------------------------------------------------------
# Variables
# ---------------------------------------------------------------------------

GLOBALS = ("stage", "turn", "turns", "barb", "attacked", "defl", "longest", "merchant",
           "winner", *(f"metro{k}" for k in range(3)), *(f"deck{c}" for c in range(NCOL)),
           "spent", *(f"bank{x}" for x in range(NC)))
PLAYER = (*(f"h{x}" for x in range(NC)), "prog", "vpc", "def",
          *(f"lv{k}" for k in range(3)), "roads", "settlements", "cities", "walls",
          *(f"kn{lv}" for lv in range(D.KNIGHT_LEVELS)), "vp")


def _vars(players: int) -> tuple[str, ...]:
    return (*GLOBALS, *(pn(i, x) for i in range(players) for x in PLAYER))


def _points(v: Mapping[str, Any], i: int) -> Any:
    """``victory.points`` over the projection."""
    metros = total([b(v[f"metro{k}"] == i) for k in range(3)])
    return (v[pn(i, "settlements")] + 2 * v[pn(i, "cities")] + D.METROPOLIS_VP * metros
            + 2 * b(v["longest"] == i) + v[pn(i, "def")] + b(v["merchant"] == i)
            + v[pn(i, "vpc")])


def _stage_ok(v: Mapping[str, Any], players: int) -> Any:
    """What holds on entering each stage (the ``stage`` conjunct of the invariant)."""
    ps = range(players)
    st = v["stage"]
    me = v["turn"]
    hands = total([v[pn(i, f"h{x}")] for i in ps for x in range(NC)])
    return z3.And(
        z3.If(z3.Or(st == BOARD, st == SETUP),
              z3.And(v["turns"] == 0, *(z3.And(v[pn(i, "roads")] <= 2,
                                               v[pn(i, "settlements")] <= 1,
                                               v[pn(i, "cities")] <= 1) for i in ps)),
              v["turns"] >= 1),
        z3.Implies(st == BOARD, z3.And(v["turn"] == 0, *(
            z3.And(v[pn(i, "roads")] == 0, v[pn(i, "settlements")] == 0,
                   v[pn(i, "cities")] == 0) for i in ps))),
        z3.Implies(st == PROGRESS_DISCARD, total([v[pn(i, "prog")] for i in ps]) >= 1),
        z3.Implies(st == END, select(me, [v[pn(i, "prog")] for i in ps]) > D.HAND_LIMIT),
        z3.Implies(st == REDUCE, total([v[pn(i, "cities")] for i in ps]) >= 1),
        z3.Implies(st == DISCARD, hands >= 1),
        z3.Implies(st == DRAWS, total([v[f"deck{c}"] for c in range(NCOL)]) >= 1),
        z3.Implies(st == METROPOLIS, z3.Or(*(select(me, [v[pn(i, f"lv{k}")] for i in ps])
                                             >= D.METROPOLIS_LEVEL for k in range(3)))),
    )


# ---------------------------------------------------------------------------
# Kinds
# ---------------------------------------------------------------------------

#: kinds whose cards only come from the bank, only go to it, only move between players, any
GAIN, GIVE, MOVE, ANY = "gain", "give", "move", "any"
FREE_STAGES = tuple(range(PRE_ROLL, OVER))
#: a progress card's step: roads removed (the Diplomat, every open road under one reading)
#: or placed, a settlement made a city (the Medicine), a wall (the Engineer)
CARD_PIECES = ((-BD.ROADS, 1), (-1, 0), (0, 1), (0, 1))
#: a reduced city: a settlement back (none when the stock is out under
#: reduced-city-stock=removed), its wall lost
REDUCED_PIECES = ((0, 0), (0, 1), (-1, 0), (-1, 0))


class Spec:
    """A summarised kind: which groups of variables its parameters may change."""

    def __init__(self, name: str, stages: tuple[int, ...], cards: str | None = None,
                 prog: bool = False, pieces: bool = False, knights: bool = False,
                 longest: bool = False, merchant: bool = False, rules: tuple[str, ...] = (),
                 ends_turn: bool = False,
                 piece_range: tuple[tuple[int, int], ...] = CARD_PIECES,
                 produces: bool = False, gate: str | None = None,
                 gated: tuple[int, ...] = ()) -> None:
        self.name = name
        self.stages = stages
        self.cards = cards
        self.prog = prog
        self.pieces = pieces
        self.knights = knights
        self.longest = longest
        self.merchant = merchant
        self.rules = (RB.GAME_OVER, *rules)
        #: the turn ends after the step (``turn.end_turn``), the next stage is not a choice
        self.ends_turn = ends_turn
        #: the change of each piece count (roads, settlements, cities, walls) one step makes
        self.piece_range = piece_range
        #: the roll's production may end the step (and the aqueduct follow it): parameters
        #: ``pr`` (1: production ended the step, read by ``classify`` from the dice and the
        #: stage the step ends in), ``ow`` (1 under the reading ``aqueduct=owed``) and
        #: ``od{i}`` (1: the roll owed player i a card)
        self.produces = produces
        #: a reading's parameter (1 under the option's other reading, read off the
        #: configuration) that enables the kind in the ``gated`` stages as well
        self.gate = gate
        self.gated = gated

    def params(self, players: int) -> tuple[str, ...]:
        ps = range(players)
        out = ["nst"]
        if self.cards:
            out += [f"c{i}.{x}" for i in ps for x in range(NC)]
        if self.prog:
            out += [f"pd{i}" for i in ps] + [f"pv{i}" for i in ps]
            out += [f"dd{c}" for c in range(NCOL)]
        if self.pieces:
            out += [f"{x}{i}" for x in ("rd", "sd", "cd", "wd") for i in ps]
        if self.knights:
            out += [f"kd{i}.{lv}" for i in ps for lv in range(D.KNIGHT_LEVELS)]
        if self.longest:
            out.append("lg")
        if self.merchant:
            out.append("mo")
        if self.produces:
            out += ["pr", "ow", *(f"od{i}" for i in ps)]
        if self.gate:
            out.append(self.gate)
        return tuple(out)


SUMMARISED = (
    Spec("event-die", (EVENT,), cards=GAIN, produces=True),
    Spec("draw-progress", (DRAWS,), cards=GAIN, prog=True, produces=True),
    Spec("choose-deck", (DRAWS,)),
    Spec("discard-progress", (PROGRESS_DISCARD,), cards=GAIN, prog=True),
    Spec("end-discard", (END,), prog=True, ends_turn=True),
    Spec("reduce-city", (REDUCE,), cards=GAIN, pieces=True, longest=True,
         piece_range=REDUCED_PIECES, produces=True),
    Spec("discard", (DISCARD,), cards=GIVE),
    Spec("move-robber", (ROBBER,)),
    Spec("steal", (STEAL,), cards=MOVE),
    Spec("aqueduct", (AQUEDUCT,), cards=GAIN),
    Spec("move-knight", (MAIN,)),
    # cities_knights/knight-action-time: before the roll too under knight-time=chase-before-roll
    # (a chase before the roll under the default is no step of that stage: turn.actor)
    Spec("chase-robber", (MAIN,), gate="kr", gated=(PRE_ROLL,), rules=(RB.TURN_ACTOR,)),
    Spec("maritime-trade", (MAIN,), cards=ANY),
    # cities_knights/commercial-harbor-at-once: a harbor credit's exchange, a step of the
    # main phase under harbor-time=any-time only (under at-once no step of it: turn.actor)
    Spec("harbor-exchange", (), cards=MOVE, gate="hx", gated=(MAIN,), rules=(RB.TURN_ACTOR,)),
    Spec("open-offer", (MAIN,)),
    Spec("play-progress", (PRE_ROLL, MAIN), cards=ANY, prog=True, pieces=True, knights=True,
         longest=True, merchant=True),
    *(Spec(f"card-{name}", (CARD,), cards=ANY, prog=True, pieces=True, knights=True,
           longest=True, merchant=True)
      for name in ("card", "hex", "node", "number", "path", "player", "progress", "stop")),
    Spec("knight-target", (KNIGHT,), knights=True, longest=True),
    Spec("displaced", (DISPLACED,), knights=True, longest=True),
    Spec("offer-card", (TRADE,)),
    Spec("propose", (TRADE,)),
    Spec("counter", (TRADE,)),
    Spec("withdraw", (TRADE,)),
    Spec("answer", (TRADE,), cards=MOVE),
    Spec("trade-with", (TRADE,), cards=MOVE),
)
SPECS = {s.name: s for s in SUMMARISED}
#: each gate parameter's option and the reading under which it is 1
GATES = {"kr": ("knight-time", "chase-before-roll"), "hx": ("harbor-time", "any-time")}
#: the parameter prefix of each piece count's change
PIECE_TAGS = ("rd", "sd", "cd", "wd")

#: a kind's parts, each given the player count first
Domain = Callable[[int, Params], Any]
Guard = Callable[[int, Vars, Params], Any]
Update = Callable[[int, Vars, Params, Up], None]


# ---------------------------------------------------------------------------
# How a kind is made: points and the win after every step (victory.py)
# ---------------------------------------------------------------------------


def _finish(n: int, v: Vars, up: dict[str, Any]) -> dict[str, Any]:
    """Points recomputed; the player on turn with 13 points wins at once."""
    post = {**v, **up}
    out = dict(up)
    for i in range(n):
        out[pn(i, "vp")] = _points(post, i)
    post = {**post, **out}
    score = select(post["turn"], [post[pn(i, "vp")] for i in range(n)])
    over = z3.And(post["turns"] >= 1, post["stage"] != OVER, score >= D.VICTORY)
    out["stage"] = z3.If(over, OVER, post["stage"])
    out["winner"] = z3.If(over, post["turn"], post["winner"])
    return out


def _post_of(n: int, v: Vars, update: Update, p: Params) -> dict[str, Any]:
    u = Up(v, n)
    update(n, v, p, u)
    return {**v, **u.terms()}


def _checked_guard(n: int, guard: Guard, update: Update, stage_check: bool, v: Vars,
                   p: Params) -> Any:
    """A kind's guard; with ``stage_check``, what holds on entering the stage it ends in."""
    g = guard(n, v, p)
    if stage_check:
        g = z3.And(g, _stage_ok(_post_of(n, v, update, p), n))
    return g


def _full_update(n: int, update: Update, v: Vars, p: Params) -> dict[str, Any]:
    u = Up(v, n)
    update(n, v, p, u)
    return _finish(n, v, u.terms())


def _kind(n: int, name: str, params: tuple[str, ...], domain: Domain, guard: Guard,
          update: Update, rules: tuple[str, ...], stage_check: bool = False) -> ActionKind:
    return ActionKind(name, params, partial(domain, n),
                      partial(_checked_guard, n, guard, update, stage_check),
                      partial(_full_update, n, update), rules)


def _me(n: int, v: Vars, name: str) -> Any:
    """The variable ``name`` of the player on turn."""
    return select(v["turn"], [v[pn(i, name)] for i in range(n)])


def _can_pay(n: int, v: Vars, cost: tuple[int, ...]) -> Any:
    return z3.And(*(_me(n, v, f"h{x}") >= c for x, c in enumerate(cost) if c))


def _pay(v: Vars, u: Up, cost: tuple[int, ...]) -> None:
    for x, c in enumerate(cost):
        if c:
            u.add_player(v["turn"], f"h{x}", -c)
            u.add(f"bank{x}", c)


def _always(n: int, p: Params) -> Any:
    return z3.BoolVal(True)


def _lg_domain(n: int, p: Params) -> Any:
    return rng(p["lg"], -1, n - 1)


def _stage_guard(stage: int, n: int, v: Vars, p: Params) -> Any:
    return v["stage"] == stage


def _stage_guard_of(stage: int) -> Guard:
    """The guard of a kind that only needs its stage."""
    return partial(_stage_guard, stage)


def _to_stage(stage: int, n: int, v: Vars, p: Params, u: Up) -> None:
    u.put("stage", stage)


# ---------------------------------------------------------------------------
# The end of the turn (turn.py)
# ---------------------------------------------------------------------------


def _end_turn(n: int, v: Vars, held_now: Any, u: Up) -> None:
    """``turn.end_turn``: down to 4 progress cards first, then the next seat."""
    t = v["turn"]
    over_hand = held_now > D.HAND_LIMIT
    limit = v["turns"] >= D.TURN_LIMIT
    u.put("stage", z3.If(over_hand, END, z3.If(limit, OVER, PRE_ROLL)))
    nxt = z3.If(z3.Or(over_hand, limit), t, z3.If(t + 1 == n, 0, t + 1))
    u.put("turn", nxt)
    u.put("turns", z3.If(z3.Or(over_hand, limit), v["turns"], v["turns"] + 1))


def _end_turn_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _end_turn(n, v, _me(n, v, "prog"), u)


def end_turn(n: int) -> ActionKind:
    return _kind(n, "end-turn", (), _always, _stage_guard_of(MAIN), _end_turn_update,
                 (RB.GAME_OVER,))


# ---------------------------------------------------------------------------
# Summarised kinds: movements of cards, progress cards, pieces and knights
# ---------------------------------------------------------------------------


def _summary_domain(spec: Spec, n: int, p: Params) -> Any:
    ps = range(n)
    out = [z3.Or(*(p["nst"] == s for s in FREE_STAGES))]
    if spec.cards:
        lo, hi = {GAIN: (0, 8), GIVE: (-8, 0), MOVE: (-8, 8), ANY: (-8, 8)}[spec.cards]
        out += [rng(p[f"c{i}.{x}"], lo, hi) for i in ps for x in range(NC)]
    if spec.prog:
        out += [rng(p[f"pd{i}"], -2, 2) for i in ps]
        out += [rng(p[f"pv{i}"], 0, 1) for i in ps]
        out += [rng(p[f"dd{c}"], -1, 1) for c in range(NCOL)]
    if spec.pieces:
        out += [rng(p[f"{x}{i}"], lo, hi) for x, (lo, hi) in
                zip(PIECE_TAGS, spec.piece_range, strict=True) for i in ps]
    if spec.knights:
        out += [rng(p[f"kd{i}.{lv}"], -2, 2) for i in ps for lv in range(D.KNIGHT_LEVELS)]
    if spec.longest:
        out.append(_lg_domain(n, p))
    if spec.merchant:
        out.append(rng(p["mo"], -1, n - 1))
    if spec.produces:
        out += [rng(p["pr"], 0, 1), rng(p["ow"], 0, 1), *(rng(p[f"od{i}"], 0, 1) for i in ps)]
    if spec.gate:
        out.append(rng(p[spec.gate], 0, 1))
    return z3.And(*out)


def _prog_delta(n: int, p: Params) -> Any:
    """The progress cards' movements summed: minus the change of the cards set aside."""
    return total([p[f"pd{i}"] for i in range(n)] + [p[f"pv{i}"] for i in range(n)]
                 + [p[f"dd{c}"] for c in range(NCOL)])


def _cards_moved_ok(spec: Spec, n: int, v: Vars, p: Params) -> list[Any]:
    """No hand and no bank stock below 0; cards only between players for ``MOVE``."""
    out = []
    for x in range(NC):
        moved = [p[f"c{i}.{x}"] for i in range(n)]
        out += [v[pn(i, f"h{x}")] + moved[i] >= 0 for i in range(n)]
        out.append(v[f"bank{x}"] - total(moved) >= 0)
        if spec.cards == MOVE:
            out.append(total(moved) == 0)
    return out


def _progress_moved_ok(n: int, v: Vars, p: Params) -> list[Any]:
    """No hand below 0, a deck within its colour's cards, at most 2 cards set aside."""
    out = [v[pn(i, "prog")] + p[f"pd{i}"] >= 0 for i in range(n)]
    out += [rng(v[f"deck{c}"] + p[f"dd{c}"], 0, COLOUR_TOTAL[c]) for c in range(NCOL)]
    out += [_prog_delta(n, p) <= 0, _prog_delta(n, p) >= -2]
    return out


def _within_stock(settlements: Any, cities: Any) -> Any:
    """Settlements within their 5 pieces and the city pieces no city uses: a reduced city
    with no settlement piece left is turned on its side and counts as a settlement
    (cities_knights/reduced-city-stock=on-side; under ``removed`` it never does)."""
    return settlements + cities <= BD.SETTLEMENTS + BD.CITIES


def _pieces_moved_ok(n: int, v: Vars, p: Params) -> list[Any]:
    """Every piece count within its stock; no more walls than cities."""
    out = []
    for i in range(n):
        for tag, (piece, stock) in zip(PIECE_TAGS, PIECES, strict=True):
            top = BD.SETTLEMENTS + BD.CITIES if piece == "settlements" else stock
            out.append(rng(v[pn(i, piece)] + p[f"{tag}{i}"], 0, top))
        out.append(_within_stock(v[pn(i, "settlements")] + p[f"sd{i}"],
                                 v[pn(i, "cities")] + p[f"cd{i}"]))
        out.append(v[pn(i, "walls")] + p[f"wd{i}"] <= v[pn(i, "cities")] + p[f"cd{i}"])
    return out


def _summary_guard(spec: Spec, n: int, v: Vars, p: Params) -> Any:
    stages = [v["stage"] == s for s in spec.stages]
    if spec.gate:
        stages.append(z3.And(p[spec.gate] == 1, z3.Or(*(v["stage"] == s for s in spec.gated))))
    out = [z3.Or(*stages)]
    if spec.cards:
        out += _cards_moved_ok(spec, n, v, p)
    if spec.prog:
        out += _progress_moved_ok(n, v, p)
    if spec.pieces:
        out += _pieces_moved_ok(n, v, p)
    if spec.knights:
        out += [rng(v[pn(i, f"kn{lv}")] + p[f"kd{i}.{lv}"], 0, D.KNIGHTS_PER_LEVEL)
                for i in range(n) for lv in range(D.KNIGHT_LEVELS)]
    if spec.produces:
        out.append(aqueduct_follows(n, v, p))
    return z3.And(*out)


def _move_cards(n: int, p: Params, u: Up) -> None:
    """Each player's cards moved; the bank's change is minus their sum."""
    for x in range(NC):
        moved = [p[f"c{i}.{x}"] for i in range(n)]
        for i in range(n):
            u.add(pn(i, f"h{x}"), moved[i])
        u.add(f"bank{x}", -total(moved))


def _move_progress(n: int, p: Params, u: Up) -> None:
    """Progress cards held, face up and in the decks; ``spent`` takes minus their sum."""
    for i in range(n):
        u.add(pn(i, "prog"), p[f"pd{i}"])
        u.add(pn(i, "vpc"), p[f"pv{i}"])
    for c in range(NCOL):
        u.add(f"deck{c}", p[f"dd{c}"])
    u.add("spent", -_prog_delta(n, p))


def _move_pieces(n: int, p: Params, u: Up) -> None:
    for tag, (piece, _) in zip(PIECE_TAGS, PIECES, strict=True):
        for i in range(n):
            u.add(pn(i, piece), p[f"{tag}{i}"])


def _summary_update(spec: Spec, n: int, v: Vars, p: Params, u: Up) -> None:
    u.put("stage", p["nst"])
    if spec.cards:
        _move_cards(n, p, u)
    if spec.prog:
        _move_progress(n, p, u)
    if spec.pieces:
        _move_pieces(n, p, u)
    if spec.knights:
        for i in range(n):
            for lv in range(D.KNIGHT_LEVELS):
                u.add(pn(i, f"kn{lv}"), p[f"kd{i}.{lv}"])
    if spec.longest:
        u.put("longest", p["lg"])
    if spec.merchant:
        u.put("merchant", p["mo"])
    if spec.ends_turn:
        left = select(v["turn"], [v[pn(i, "prog")] + p[f"pd{i}"] for i in range(n)])
        _end_turn(n, v, left, u)


def summarised(n: int, spec: Spec) -> ActionKind:
    """The summarised kind ``spec`` describes; its guard checks the stage it ends in."""
    return _kind(n, spec.name, spec.params(n), partial(_summary_domain, spec),
                 partial(_summary_guard, spec), partial(_summary_update, spec), spec.rules,
                 stage_check=True)


# ---------------------------------------------------------------------------
# The aqueduct (improvement.py), where production ends the step
# ---------------------------------------------------------------------------


def aqueduct_follows(n: int, v: Vars, p: Params) -> Any:
    """cities_knights/improvement.aqueduct ("Если ни одно из ваших чисел не выпадает или
    если ваше число заблокировано, вы можете выбрать ресурс"), under either reading of
    cities_knights/aqueduct-shortage: once production ends the step, the aqueduct's choice
    follows exactly when a player at science level 3 or more got nothing from the roll and
    the bank has a resource left. Nothing is no card taken (``received``, the default,
    ``ow`` 0) or no card owed (``owed``, ``ow`` 1: ``od{i}`` 0, none of his numbers came up
    or it was blocked); a player who took a card was owed one."""
    ps = range(n)
    took = [z3.Or(*(p[f"c{i}.{x}"] != 0 for x in range(NC))) for i in ps]
    nothing = [z3.If(p["ow"] == 1, p[f"od{i}"] == 0, z3.Not(took[i])) for i in ps]
    barren = [z3.And(v[pn(i, f"lv{D.SCIENCE}")] >= D.ABILITY_LEVEL, nothing[i]) for i in ps]
    left = total([v[f"bank{x}"] - total([p[f"c{i}.{x}"] for i in ps])
                  for x in range(BD.N_RESOURCES)])
    queued = z3.And(z3.Or(*barren), left >= 1)
    return z3.Implies(p["pr"] == 1, z3.And((p["nst"] == AQUEDUCT) == queued,
                                           *(z3.Implies(took[i], p[f"od{i}"] == 1)
                                             for i in ps)))


# ---------------------------------------------------------------------------
# The event die (barbarians.py): the ship, the attack, then production
# ---------------------------------------------------------------------------

#: the event die's own parameters: the ship's next place, the attack, the defender
EVENT_PARAMS = ("nb", "atk", "dfd")


def _event_domain(event: ActionKind, n: int, p: Params) -> Any:
    return z3.And(event.domain(p), rng(p["nb"], 0, D.TRACK - 1), rng(p["atk"], 0, 1),
                  rng(p["dfd"], -1, n - 1))


def _event_pre(n: int, v: Vars, p: Params) -> dict[str, Any]:
    """The state once the ship and the defender are settled (production follows)."""
    out = dict(v)
    out["barb"] = p["nb"]
    out["attacked"] = z3.If(p["atk"] == 1, 1, v["attacked"])
    got = p["dfd"] >= 0
    # past the 6 cards the point is given all the same (defender-cards-out=point)
    out["defl"] = v["defl"] - b(z3.And(got, v["defl"] >= 1))
    for i in range(n):
        out[pn(i, "def")] = v[pn(i, "def")] + b(p["dfd"] == i)
    return out


def _event_guard(event: ActionKind, n: int, v: Vars, p: Params) -> Any:
    barb = v["barb"]
    return z3.And(
        z3.If(p["atk"] == 1, z3.And(barb == D.TRACK - 1, p["nb"] == 0),
              z3.Or(p["nb"] == barb, p["nb"] == barb + 1)),
        z3.Implies(p["dfd"] >= 0, p["atk"] == 1),
        event.guard(_event_pre(n, v, p), p))


def _event_update(event: ActionKind, n: int, v: Vars, p: Params) -> dict[str, Any]:
    pre = _event_pre(n, v, p)
    out = dict(event.update(pre, p))
    for name in ("barb", "attacked", "defl", *(pn(i, "def") for i in range(n))):
        if name not in out:
            out[name] = pre[name]
    return out


def event_die(n: int) -> ActionKind:
    """The event die: the summarised production step after the ship's move."""
    event = summarised(n, SPECS["event-die"])
    return ActionKind("event-die", (*event.params, *EVENT_PARAMS),
                      partial(_event_domain, event, n), partial(_event_guard, event, n),
                      partial(_event_update, event, n), event.rules)


# ---------------------------------------------------------------------------
# Set-up (setup.py): the board, a settlement, a city with its cards, roads
# ---------------------------------------------------------------------------


def _board_domain(n: int, p: Params) -> Any:
    return z3.Or(p["nst"] == BOARD, p["nst"] == SETUP)


def _board_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.put("stage", p["nst"])


def lay_board(n: int) -> ActionKind:
    """A chance step of the variable board: which terrain is left is the board's
    (abstracted), so setup.board's rejections of a step the board has no room for are not
    the guard's."""
    return _kind(n, "lay-board", ("nst",), _board_domain, _stage_guard_of(BOARD),
                 _board_update, (RB.GAME_OVER,), stage_check=True)


def _setup_settlement_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.add_player(v["turn"], "settlements", 1)


def setup_settlement(n: int) -> ActionKind:
    return _kind(n, "setup-settlement", (), _always, _stage_guard_of(SETUP),
                 _setup_settlement_update, (RB.GAME_OVER,), stage_check=True)


def _setup_city_domain(n: int, p: Params) -> Any:
    # a set-up city takes up to 3 of a card, 6 under setup-gain=production
    return z3.And(*(rng(p[f"g{x}"], 0, 6) for x in range(NC)))


def _setup_city_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == SETUP,
                  *(p[f"g{x}"] <= v[f"bank{x}"] for x in range(NC)))


def _setup_city_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.add_player(v["turn"], "cities", 1)
    for x in range(NC):
        u.add_player(v["turn"], f"h{x}", p[f"g{x}"])
        u.add(f"bank{x}", -p[f"g{x}"])


def setup_city(n: int) -> ActionKind:
    """The set-up city, with a card of each producing hex next to it (``g{x}``)."""
    return _kind(n, "setup-city", tuple(f"g{x}" for x in range(NC)), _setup_city_domain,
                 _setup_city_guard, _setup_city_update, (RB.GAME_OVER,), stage_check=True)


def _setup_road_domain(n: int, p: Params) -> Any:
    return z3.And(rng(p["nt"], 0, n - 1), rng(p["ntu"], 0, 1), _lg_domain(n, p))


def _setup_road_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.add_player(v["turn"], "roads", 1)
    u.put("longest", p["lg"])
    u.put("turn", p["nt"])
    u.put("turns", p["ntu"])
    u.put("stage", z3.If(p["ntu"] == 1, PRE_ROLL, SETUP))


def setup_road(n: int) -> ActionKind:
    """A set-up road; the next placer (``nt``) and whether play begins (``ntu``)."""
    return _kind(n, "setup-road", ("nt", "ntu", "lg"), _setup_road_domain,
                 _stage_guard_of(SETUP), _setup_road_update, (RB.GAME_OVER,),
                 stage_check=True)


# ---------------------------------------------------------------------------
# The roll (turn.py, dice.py)
# ---------------------------------------------------------------------------


def roll_dice(n: int) -> ActionKind:
    return _kind(n, "roll-dice", (), _always, _stage_guard_of(PRE_ROLL),
                 partial(_to_stage, DICE), (RB.GAME_OVER,))


def dice(n: int) -> ActionKind:
    """The production dice: the event die follows."""
    return _kind(n, "dice", (), _always, _stage_guard_of(DICE), partial(_to_stage, EVENT),
                 (RB.GAME_OVER,))


# ---------------------------------------------------------------------------
# Building (build.py, wall.py, knight.py): costs and stocks
# ---------------------------------------------------------------------------

#: a building step's piece changes of the player on turn: (variable, change)
Changes = tuple[tuple[str, int], ...]


def _build_guard(cost: tuple[int, ...], changes: Changes, n: int, v: Vars, p: Params) -> Any:
    """The main phase, the cost held, and every changed count within its stock."""
    out = [v["stage"] == MAIN, _can_pay(n, v, cost)]
    for name, d in changes:
        stock = dict(PIECES).get(name) or D.KNIGHTS_PER_LEVEL
        out.append(_me(n, v, name) + d <= stock if d > 0 else _me(n, v, name) + d >= 0)
    return z3.And(*out)


def _build_update(cost: tuple[int, ...], changes: Changes, road: bool, n: int, v: Vars,
                  p: Params, u: Up) -> None:
    """The cost paid and the counts changed; after a road or a settlement the longest
    road's holder (``lg``, decided by the board)."""
    _pay(v, u, cost)
    for name, d in changes:
        u.add_player(v["turn"], name, d)
    if road:
        u.put("longest", p["lg"])


def _building(n: int, name: str, params: tuple[str, ...], domain: Domain, cost: tuple[int, ...],
              changes: Changes, rules: tuple[str, ...], road: bool = False,
              guard: Guard | None = None) -> ActionKind:
    """A building kind; ``guard``, when given, adds to the cost and the stocks."""
    base = partial(_build_guard, cost, changes)
    return _kind(n, name, params, domain,
                 base if guard is None else partial(_both, base, guard),
                 partial(_build_update, cost, changes, road), rules)


def _both(first: Guard, second: Guard, n: int, v: Vars, p: Params) -> Any:
    return z3.And(first(n, v, p), second(n, v, p))


def build_road(n: int) -> ActionKind:
    return _building(n, "build-road", ("lg",), _lg_domain, D.ROAD_COST, (("roads", 1),),
                     (RB.GAME_OVER,), road=True)


def build_settlement(n: int) -> ActionKind:
    return _building(n, "build-settlement", ("lg",), _lg_domain, D.SETTLEMENT_COST,
                     (("settlements", 1),), (RB.GAME_OVER,), road=True)


def build_city(n: int) -> ActionKind:
    return _building(n, "build-city", (), _always, D.CITY_COST,
                     (("settlements", -1), ("cities", 1)), (RB.GAME_OVER,))


def _wall_guard(n: int, v: Vars, p: Params) -> Any:
    """cities_knights/wall.limit: a wall stands under a city (at most 3)."""
    return _me(n, v, "walls") < _me(n, v, "cities")


def build_wall(n: int) -> ActionKind:
    return _building(n, "build-wall", (), _always, D.WALL_COST, (("walls", 1),),
                     (RB.GAME_OVER, RB.WALL_BUILD), guard=_wall_guard)


def build_knight(n: int) -> ActionKind:
    return _building(n, "build-knight", (), _always, D.KNIGHT_COST, (("kn0", 1),),
                     (RB.GAME_OVER, RB.KNIGHT_BUILD))


def _activate_guard(n: int, v: Vars, p: Params) -> Any:
    return total([_me(n, v, f"kn{lv}") for lv in range(D.KNIGHT_LEVELS)]) >= 1


def activate_knight(n: int) -> ActionKind:
    return _building(n, "activate-knight", (), _always, D.ACTIVATE_COST, (), (RB.GAME_OVER,),
                     guard=_activate_guard)


def _promote_domain(n: int, p: Params) -> Any:
    return rng(p["level"], 0, D.KNIGHT_LEVELS - 2)


def _promote_guard(n: int, v: Vars, p: Params) -> Any:
    lv = p["level"]
    return z3.And(
        v["stage"] == MAIN, _can_pay(n, v, D.PROMOTE_COST),
        select(lv, [_me(n, v, f"kn{x}") >= 1 for x in range(D.KNIGHT_LEVELS - 1)],
               z3.BoolVal(False)),
        select(lv, [_me(n, v, f"kn{x + 1}") < D.KNIGHTS_PER_LEVEL
                    for x in range(D.KNIGHT_LEVELS - 1)], z3.BoolVal(False)),
        z3.Implies(lv == 1, _me(n, v, f"lv{D.POLITICS}") >= D.ABILITY_LEVEL))


def _promote_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _pay(v, u, D.PROMOTE_COST)
    for x in range(D.KNIGHT_LEVELS - 1):
        u.add_player(v["turn"], f"kn{x}", -b(p["level"] == x))
        u.add_player(v["turn"], f"kn{x + 1}", b(p["level"] == x))


def promote_knight(n: int) -> ActionKind:
    """A knight a level up (mighty only at politics level 3)."""
    return _kind(n, "promote-knight", ("level",), _promote_domain, _promote_guard,
                 _promote_update, (RB.GAME_OVER,))


# ---------------------------------------------------------------------------
# Improvements (improvement.py) and the metropolis (metropolis.py)
# ---------------------------------------------------------------------------


def _improve_domain(n: int, p: Params) -> Any:
    return z3.And(rng(p["kind"], 0, 2), rng(p["cost"], 0, D.MAX_LEVEL),
                  z3.Or(p["nst"] == MAIN, p["nst"] == METROPOLIS))


def _improve_guard(n: int, v: Vars, p: Params) -> Any:
    k, cost = p["kind"], p["cost"]
    level = select(k, [_me(n, v, f"lv{x}") for x in range(3)])
    held_c = select(k, [_me(n, v, f"h{D.KIND_COMMODITY[x]}") for x in range(3)])
    return z3.And(v["stage"] == MAIN, level < D.MAX_LEVEL, _me(n, v, "cities") >= 1,
                  z3.Or(cost == level + 1, cost == level), held_c >= cost,
                  z3.Implies(p["nst"] == METROPOLIS, level + 1 >= D.METROPOLIS_LEVEL))


def _improve_update(n: int, v: Vars, p: Params, u: Up) -> None:
    k, cost = p["kind"], p["cost"]
    for x in range(3):
        c = D.KIND_COMMODITY[x]
        u.add_player(v["turn"], f"lv{x}", b(k == x))
        u.add_player(v["turn"], f"h{c}", z3.If(k == x, -cost, 0))
        u.add(f"bank{c}", z3.If(k == x, cost, 0))
    u.put("stage", p["nst"])


def improve(n: int) -> ActionKind:
    """A city improvement a level up, paid in its commodity (``cost``: one less after a
    Crane); ``nst`` the metropolis' placement when the level reaches one."""
    return _kind(n, "improve", ("kind", "cost", "nst"), _improve_domain, _improve_guard,
                 _improve_update, (RB.GAME_OVER, RB.IMPROVEMENT_BUY, RB.IMPROVEMENT_MAX),
                 stage_check=True)


def _metro_domain(n: int, p: Params) -> Any:
    return z3.And(rng(p["mk"], 0, 2), rng(p["nst"], PRE_ROLL, OVER - 1))


def _metro_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == METROPOLIS,
                  select(p["mk"], [_me(n, v, f"lv{x}") >= D.METROPOLIS_LEVEL for x in range(3)],
                         z3.BoolVal(False)))


def _metro_update(n: int, v: Vars, p: Params, u: Up) -> None:
    for x in range(3):
        u.put(f"metro{x}", z3.If(p["mk"] == x, v["turn"], v[f"metro{x}"]))
    u.put("stage", p["nst"])


def place_metropolis(n: int) -> ActionKind:
    """The metropolis of kind ``mk`` taken by the player on turn."""
    return _kind(n, "place-metropolis", ("mk", "nst"), _metro_domain, _metro_guard,
                 _metro_update, (RB.GAME_OVER,), stage_check=True)


# ---------------------------------------------------------------------------
# Every kind, in the order the provers report them
# ---------------------------------------------------------------------------

#: the exact kinds
EXACT: tuple[Callable[[int], ActionKind], ...] = (
    lay_board, setup_settlement, setup_city, setup_road, roll_dice, dice, end_turn,
    build_road, build_settlement, build_city, build_wall, build_knight, activate_knight,
    promote_knight, improve, place_metropolis,
)


def _kinds(players: int) -> tuple[ActionKind, ...]:
    rest = tuple(summarised(players, s) for s in SUMMARISED if s.name != "event-die")
    return (*(make(players) for make in EXACT), event_die(players), *rest)


# ---------------------------------------------------------------------------
# The encoding
# ---------------------------------------------------------------------------

#: (stage, action type) -> kind name; a type with one kind maps from ``None``
_BY_TYPE: dict[type, dict[Stage | None, str]] = {
    LayTerrain: {None: "lay-board"}, SpiralCorner: {None: "lay-board"},
    BuildSettlement: {Stage.SETUP: "setup-settlement", None: "build-settlement"},
    BuildCity: {Stage.SETUP: "setup-city", None: "build-city"},
    BuildRoad: {Stage.SETUP: "setup-road", None: "build-road"},
    RollDice: {None: "roll-dice"}, Dice: {None: "dice"}, EndTurn: {None: "end-turn"},
    BuildWall: {None: "build-wall"}, BuildKnight: {None: "build-knight"},
    ActivateKnight: {None: "activate-knight"}, PromoteKnight: {None: "promote-knight"},
    Improve: {None: "improve"}, PlaceMetropolis: {None: "place-metropolis"},
    EventDie: {None: "event-die"}, DrawProgress: {None: "draw-progress"},
    ChooseDeck: {None: "choose-deck"},
    DiscardProgress: {Stage.END: "end-discard", None: "discard-progress"},
    ReduceCity: {None: "reduce-city"}, Discard: {None: "discard"},
    MoveRobber: {None: "move-robber"}, Steal: {None: "steal"},
    MoveKnight: {None: "move-knight"}, ChaseRobber: {None: "chase-robber"},
    MaritimeTrade: {None: "maritime-trade"}, PlayProgress: {None: "play-progress"},
    HarborExchange: {None: "harbor-exchange"},
    ChooseCard: {Stage.AQUEDUCT: "aqueduct", None: "card-card"},
    ChooseHex: {None: "card-hex"}, ChooseNumber: {None: "card-number"},
    ChoosePath: {None: "card-path"}, ChoosePlayer: {None: "card-player"},
    ChooseProgress: {None: "card-progress"}, Stop: {Stage.AQUEDUCT: "aqueduct", None: "card-stop"},
    ChooseNode: {Stage.KNIGHT: "knight-target", Stage.DISPLACED: "displaced",
                 Stage.METROPOLIS: "place-metropolis", None: "card-node"},
    OfferCard: {Stage.TRADE: "offer-card", None: "open-offer"},
    Propose: {None: "propose"}, Counter: {None: "counter"}, Withdraw: {None: "withdraw"},
    Answer: {None: "answer"}, TradeWith: {None: "trade-with"},
}


def _after(state: CKState, action: Action) -> CKState | None:
    try:
        return GAME.apply(state, action)
    except IllegalAction:
        return None


#: the projection's names, written once: the metropolis holders, the decks, the bank
_METRO = tuple(f"metro{k}" for k in range(3))
_DECK = tuple(f"deck{k}" for k in range(3))
_BANK = tuple(f"bank{x}" for x in range(NC))
#: the progress cards of each colour (indices into the deck's counts)
_COLOUR_CARDS = tuple(tuple(j for j, c in enumerate(D.PROGRESS_COLOUR) if c == k)
                      for k in range(3))
#: each seat's variables in the order ``project`` reads them off the player
_PLAYER_NAMES = tuple(
    (*(pn(i, f"h{x}") for x in range(NC)), pn(i, "prog"), pn(i, "vpc"), pn(i, "def"),
     *(pn(i, f"lv{k}") for k in range(3)), *(pn(i, f"kn{lv}") for lv in range(D.KNIGHT_LEVELS)),
     *(pn(i, name) for name in ("roads", "settlements", "cities", "walls", "vp")))
    for i in range(4))


class CitiesKnightsEncoding(Encoding[CKState, Action]):
    game = "cities_knights"
    variables = _vars(4)
    #: the gain bounds are per action (a window of two steps over 47 kinds, most with
    #: dozens of parameters, is beyond the query time)
    bound_steps = 1
    #: deep or rare steps the seeded sample may miss: the progress discards under
    #: ``progress-play=one`` (seed 23, uniform play: off turn at step 978, at a turn's end
    #: at step 1183), the variable board's chance steps with the set-up on it and an
    #: aqueduct (step 1397) under ``board=variable`` with ``aqueduct=owed`` (seed 19, uniform
    #: play; the readings part only on a shortage, and the game is the same under the
    #: default reading, whose aqueduct the sample reaches), a progress card
    #: discarded at the end of one's turn (``end-discard``: an eager 4-player game, seed 2,
    #: step 493; uniform play seldom holds 5 progress cards) and a metropolis placed, with
    #: its 2 points (the same game, step 1604; no game of the sample placed one)
    openings = (Opening((("progress-play", "one"),), 1200, seed=23),
                Opening((("board", "variable"), ("aqueduct", "owed")), 1400, seed=19),
                Opening((), 1610, players=4, policy="eager", seed=2))

    def probes(self) -> tuple[tuple[CKState, Any], ...]:
        """A fourth city wall (cities_knights/wall.limit): no eager game of 30 built a
        third, so seeded play never asks it."""
        return (fourth_wall(),)

    def variables_for(self, players: int) -> tuple[str, ...]:
        return _vars(players)

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(pn(i, "vp") for i in range(players))

    def terminal(self, v: Vars, players: int) -> Any:
        return v["stage"] == OVER

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        return _kinds(players)

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def cases(self, v: Vars, players: int) -> list[Any]:
        return [v["turn"] == i for i in range(players)]

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        ps = range(players)
        cards = [v[f"bank{x}"] + total([v[pn(i, f"h{x}")] for i in ps]) == CARD_TOTAL[x]
                 for x in range(NC)]
        progress = [total([v[f"deck{c}"] for c in range(NCOL)]) + v["spent"]
                    + total([v[pn(i, "prog")] + v[pn(i, "vpc")] for i in ps])
                    == D.N_PROGRESS,
                    *(v[f"deck{c}"] <= COLOUR_TOTAL[c] for c in range(NCOL))]
        counts = [v[f"bank{x}"] for x in range(NC)] + [v[f"deck{c}"] for c in range(NCOL)]
        counts += [v["spent"], v["defl"]]
        counts += [v[pn(i, x)] for i in ps
                   for x in (*(f"h{y}" for y in range(NC)), "prog", "vpc", "def")]
        pieces = []
        for i in ps:
            pieces += [rng(v[pn(i, name)], 0, BD.SETTLEMENTS + BD.CITIES
                           if name == "settlements" else stock) for name, stock in PIECES]
            pieces.append(_within_stock(v[pn(i, "settlements")], v[pn(i, "cities")]))
            pieces.append(v[pn(i, "walls")] <= v[pn(i, "cities")])
        knights = [rng(v[pn(i, f"kn{lv}")], 0, D.KNIGHTS_PER_LEVEL) for i in ps
                   for lv in range(D.KNIGHT_LEVELS)]
        levels = [rng(v[pn(i, f"lv{k}")], 0, D.MAX_LEVEL) for i in ps for k in range(3)]
        holders = [rng(v["longest"], -1, players - 1), rng(v["merchant"], -1, players - 1)]
        for k in range(3):
            m = v[f"metro{k}"]
            holders += [rng(m, -1, players - 1),
                        z3.Implies(m >= 0, select(m, [v[pn(i, f"lv{k}")] for i in ps])
                                   >= D.METROPOLIS_LEVEL)]
        live = z3.And(v["turns"] >= 1, v["stage"] != OVER)
        return {
            "cards-conserved": z3.And(*cards),
            "progress-conserved": z3.And(*progress),
            "defenders-conserved": z3.Or(
                v["defl"] + total([v[pn(i, "def")] for i in ps]) == D.DEFENDERS,
                z3.And(v["defl"] == 0, total([v[pn(i, "def")] for i in ps]) > D.DEFENDERS)),
            "nonnegative": z3.And(*(c >= 0 for c in counts)),
            "pieces": z3.And(*pieces),
            "knights": z3.And(*knights),
            "levels": z3.And(*levels),
            "barbarians": z3.And(rng(v["barb"], 0, D.TRACK - 1), rng(v["attacked"], 0, 1)),
            "holders": z3.And(*holders),
            "score": z3.And(*(v[pn(i, "vp")] == _points(v, i) for i in ps)),
            "counters": z3.And(rng(v["stage"], 0, OVER), rng(v["turn"], 0, players - 1),
                               rng(v["turns"], 0, D.TURN_LIMIT),
                               rng(v["winner"], -1, players - 1),
                               z3.Implies(v["winner"] >= 0, v["stage"] == OVER)),
            "won": z3.And(
                z3.Implies(live, select(v["turn"], [v[pn(i, "vp")] for i in ps])
                           < D.VICTORY),
                z3.Implies(v["winner"] >= 0, v["winner"] == v["turn"])),
            "stage": z3.Or(v["stage"] == OVER, _stage_ok(v, players)),
        }

    def completeness_witnesses(self, v: Vars, players: int) -> list[tuple[str, Any]]:
        """Per stage a kind enabled with no change but the next stage: the summarised
        kinds with every movement 0 (``nst`` the main phase), and the exact kinds of the
        stages that have no summarised kind."""
        out: list[tuple[str, Any]] = []
        for spec in SUMMARISED:
            p: dict[str, Any] = {name: Z for name in spec.params(players)}
            p["nst"] = z3.IntVal(MAIN)
            if spec.longest:
                p["lg"] = v["longest"]
            if spec.merchant:
                p["mo"] = v["merchant"]
            if spec.name == "event-die":
                p.update(nb=v["barb"], atk=Z, dfd=z3.IntVal(-1))
            out.append((spec.name, p))
        out.append(("lay-board", {"nst": z3.IntVal(SETUP)}))
        out.append(("setup-road", {"nt": Z, "ntu": ONE, "lg": v["longest"]}))
        out += [("roll-dice", {}), ("dice", {}), ("end-turn", {})]
        lv = [select(v["turn"], [v[pn(i, f"lv{k}")] for i in range(players)])
              for k in range(3)]
        mk = z3.If(lv[0] >= D.METROPOLIS_LEVEL, 0, z3.If(lv[1] >= D.METROPOLIS_LEVEL, 1, 2))
        out.append(("place-metropolis", {"mk": mk, "nst": z3.IntVal(MAIN)}))
        return out

    # -- projection ------------------------------------------------------------------------
    def project(self, state: CKState) -> dict[str, int]:
        out: dict[str, int] = {
            "stage": STAGE_CODE[state.stage], "turn": state.turn, "turns": state.turns,
            "barb": state.barbarians, "attacked": int(state.attacked),
            "defl": state.defenders_left, "longest": state.longest,
            "merchant": state.merchant_owner, "winner": state.winner,
            "spent": sum(state.spent)}
        deck = state.deck
        for k in range(3):
            node = state.metropolis[k]
            out[_METRO[k]] = state.node_owner[node] if node >= 0 else -1
            out[_DECK[k]] = sum([deck[j] for j in _COLOUR_CARDS[k]]) + len(state.under[k])
        out.update(zip(_BANK, state.bank, strict=True))
        for pl, names in zip(state.players, _PLAYER_NAMES, strict=False):
            out.update(zip(names, (
                *pl.hand,
                sum(pl.progress),  # in hand: the VP cards lie face up
                pl.vp_cards, pl.defenders, *pl.levels, *pl.knights,
                pl.roads, pl.settlements, pl.cities, pl.walls, pl.vp), strict=True))
        return out

    def classify(self, state: CKState, action: Action) -> tuple[str, dict[str, int]]:
        if type(action) not in _BY_TYPE:
            raise TypeError(f"not a cities_knights action: {action!r}")
        after = _after(state, action)
        pre = self.project(state)
        return self.classify_step(state, action, after, pre,
                                  self.project(after) if after is not None else pre)

    def classify_step(self, state: CKState, action: Action, after: CKState | None,
                      pre: Mapping[str, int], post: Mapping[str, int]
                      ) -> tuple[str, dict[str, int]]:
        """The kind and parameters from the step's next state and projections (the
        summarised kinds read their movements off them), as the caller has them."""
        by = _BY_TYPE.get(type(action))
        if by is None:
            raise TypeError(f"not a cities_knights action: {action!r}")
        name = by.get(state.stage, by[None])
        spec = SPECS.get(name)
        if spec is not None:
            params = _summary_params(spec, state, after, pre, post)
            if name in STATED_MOVES:
                moves = _stated_moves(name, state, action)
                params.update({f"c{i}.{x}": moves.get((i, x), 0)
                               for i in range(state.config.players) for x in range(NC)})
            return name, params
        return name, _exact_params(name, state, action, after, pre, post)


# ---------------------------------------------------------------------------
# classify: the parameters of a step, read off the projections before and after it
# ---------------------------------------------------------------------------

#: the piece count each piece parameter's prefix changes
_PIECE_OF = dict(zip(PIECE_TAGS, (name for name, _ in PIECES), strict=True))


def _next_stage(after: CKState | None, post: Mapping[str, int]) -> int:
    """The stage a step ends in (the main phase for a rejected step or the game's end)."""
    st = post["stage"]
    if after is None or st == OVER:
        return MAIN
    return st


def _summary_param(param: str, state: CKState, after: CKState | None,
                   pre: Mapping[str, int], post: Mapping[str, int]) -> int | None:
    """A summarised kind's parameter ``param``: a movement, a holder, or the roll's
    production (``pr``, ``ow``, ``od{i}``)."""
    def delta(var: str) -> int:
        return post[var] - pre[var]

    if param.startswith("c") and "." in param:
        i, x = param[1:].split(".")
        return delta(pn(int(i), f"h{x}"))
    if param[:2] in ("pd", "pv", "dd"):
        var = {"pd": "prog", "pv": "vpc"}.get(param[:2])
        return delta(f"deck{param[2:]}" if var is None else pn(int(param[2:]), var))
    if param[:2] in _PIECE_OF:
        return delta(pn(int(param[2:]), _PIECE_OF[param[:2]]))
    if param.startswith("kd"):
        i, lv = param[2:].split(".")
        return delta(pn(int(i), f"kn{lv}"))
    if param in ("lg", "mo"):
        return post["longest" if param == "lg" else "merchant"]
    if param == "pr":
        # the roll (not a 7) is produced once the step ends in the main phase or the
        # aqueduct's choice
        return int(after is not None and sum(state.dice) != BD.ROBBER_ROLL
                   and post["stage"] in (MAIN, AQUEDUCT))
    if param == "ow":
        return int(state.config.option("aqueduct") == "owed")
    if param in GATES:
        option, reading = GATES[param]
        return int(state.config.option(option) == reading)
    if param.startswith("od"):
        produced = _summary_param("pr", state, after, pre, post)
        return int(after is not None and produced == 1
                   and _owed_a_card(after, sum(state.dice), int(param[2:])))
    return None


def _owed_a_card(state: CKState, roll: int, player: int) -> bool:
    """Whether ``roll`` owes ``player`` a card, restated over the board tables (not the
    model's production): catan/production.yield, a hex whose token was rolled yields to
    every building next to it, and catan/production.robber, except the robber's hex; a
    hex of no resource (the desert) yields nothing."""
    for h in range(B.N_HEXES):
        if state.tokens[h] != roll or h == state.robber or BD.YIELD[state.terrain[h]] < 0:
            continue
        if any(state.node_owner[x] == player for x in B.HEX_NODES[h]):
            return True
    return False


def _summary_params(spec: Spec, state: CKState, after: CKState | None,
                    pre: Mapping[str, int], post: Mapping[str, int]) -> dict[str, int]:
    p: dict[str, int] = {"nst": _next_stage(after, post)}
    for param in spec.params(state.config.players):
        value = _summary_param(param, state, after, pre, post)
        if value is not None:
            p[param] = value
    if spec.name == "event-die":
        atk = int(after is not None and post["attacked"] == 1 and pre["barb"]
                  == D.TRACK - 1 and post["barb"] == 0)
        got = [i for i in range(state.config.players)
               if post[pn(i, "def")] - pre[pn(i, "def")] > 0]
        p.update(nb=post["barb"], atk=atk, dfd=got[0] if got else -1)
    return p


#: the summarised kinds whose card movements ``classify`` states from the action and the
#: state before, as their rules do, instead of reading them off the model's next state
STATED_MOVES = ("discard", "steal", "aqueduct")


def _stated_moves(name: str, state: CKState, action: Action) -> dict[tuple[int, int], int]:
    """(player, card) -> change of a step of ``STATED_MOVES``: cities_knights/robber.discard,
    the next seat from the player on turn with cards still to discard returns the card
    named to the bank; cities_knights/robber.move, the first victim's card named goes to
    the player on turn; cities_knights/improvement.aqueduct, the first seat of the
    aqueduct's queue takes the resource named from the bank (none on a ``Stop``). Nothing
    moves where the card named is not there to move."""
    n = state.config.players
    card = getattr(action, "resource", getattr(action, "card", None))
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < NC:
        return {}
    if name == "discard" and state.stage is Stage.DISCARD and any(state.discards):
        seat = next(q for q in ((state.turn + k) % n for k in range(n)) if state.discards[q])
        return {(seat, card): -1} if state.players[seat].hand[card] else {}
    if name == "steal" and state.stage is Stage.STEAL and state.victims:
        victim = state.victims[0]
        if state.players[victim].hand[card]:
            return {(victim, card): -1, (state.turn, card): 1}
        return {}
    if name == "aqueduct" and state.stage is Stage.AQUEDUCT and state.queue \
            and isinstance(action, ChooseCard) and card < BD.N_RESOURCES and state.bank[card]:
        return {(state.queue[0], card): 1}
    return {}


def _exact_params(name: str, state: CKState, action: Action, after: CKState | None,
                  pre: Mapping[str, int], post: Mapping[str, int]) -> dict[str, int]:
    """An exact kind's parameters: what the board decides (the longest road, the next
    placer), the cards of the set-up city, the level promoted, an improvement's price."""
    me = state.turn
    if name in ("build-road", "build-settlement"):
        return {"lg": post["longest"]}
    if name == "lay-board":
        return {"nst": post["stage"] if post["stage"] == SETUP else BOARD}
    if name == "setup-road":
        return {"nt": post["turn"], "ntu": post["turns"], "lg": post["longest"]}
    if name == "setup-city":
        return {f"g{x}": post[pn(me, f"h{x}")] - pre[pn(me, f"h{x}")] for x in range(NC)}
    if name == "promote-knight":
        up = [lv for lv in range(D.KNIGHT_LEVELS - 1)
              if post[pn(me, f"kn{lv + 1}")] - pre[pn(me, f"kn{lv + 1}")] > 0]
        return {"level": up[0] if up else 0}
    if name == "improve" and isinstance(action, Improve):
        k = action.kind
        ok = isinstance(k, int) and 0 <= k < 3
        var = pn(me, f"h{D.KIND_COMMODITY[k]}") if ok else ""
        cost = pre[var] - post[var] if ok else 0
        stage = post["stage"] if post["stage"] in (MAIN, METROPOLIS) else MAIN
        return {"kind": k, "cost": cost, "nst": stage}
    if name == "place-metropolis":
        got = [k for k in range(3) if post[f"metro{k}"] != pre[f"metro{k}"]]
        return {"mk": got[0] if got else 0, "nst": _next_stage(after, post)}
    return {}


@functools.cache
def fourth_wall() -> tuple[CKState, Any]:
    """The first main step of an eager 4-player game (seed 2) whose player on turn has 4
    buildings, walls and no more than 10 points, made 4 cities, 3 of them walled, with 2
    brick from the bank (each settlement made a city a point more), and his wall on the
    fourth city: a step the rules forbid (at most 3 walls)."""
    rng = random.Random(2)
    state = GAME.setup(GAME.config(4))
    while True:
        p = state.turn
        pl = state.players[p]
        mine = sorted((n for n in range(B.N_NODES) if state.node_owner[n] == p),
                      key=lambda n: -state.node_level[n])
        if state.stage is Stage.MAIN and len(mine) >= 4 and pl.walls == 0 \
                and pl.vp + 4 < D.VICTORY and state.bank[BD.BRICK] >= 2:
            break
        state = GAME.apply(state, choose(GAME, state, rng, "eager"))
    nodes = mine[:4]
    made = sum(1 for n in nodes if state.node_level[n] == 1)
    level = tuple(2 if n in nodes else lv for n, lv in enumerate(state.node_level))
    walls = tuple(w or n in nodes[:3] for n, w in enumerate(state.walls))
    due = max(0, 2 - pl.hand[BD.BRICK])
    hand = tuple(c + due * (r == BD.BRICK) for r, c in enumerate(pl.hand))
    bank = tuple(c - due * (r == BD.BRICK) for r, c in enumerate(state.bank))
    pl = evolve(pl, settlements=pl.settlements - made, cities=pl.cities + made, walls=3,
                hand=hand, vp=pl.vp + made)
    players = tuple(pl if i == p else x for i, x in enumerate(state.players))
    state = evolve(state, node_level=level, walls=walls, bank=bank, players=players)
    return state, BuildWall(nodes[3])


ENCODING = CitiesKnightsEncoding()

__all__ = ["ENCODING", "CitiesKnightsEncoding"]
