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
  next state: card movements per player and card (the bank's change is always minus
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
  aqueduct is restated under the default reading (``ow`` 0): its choice follows exactly
  when a player at science level 3 or more took no card and the bank has a resource.

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
the configuration, only lifts the restatement under the reading ``aqueduct=owed``).

Score variables: ``p{i}.vp``.
"""

import functools
import random
from collections.abc import Callable, Mapping
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
#: a reduced city: a settlement back (none when the stock is out), its wall lost
REDUCED_PIECES = ((0, 0), (0, 1), (-1, 0), (-1, 0))


class Spec:
    """A summarised kind: which groups of variables its parameters may change."""

    def __init__(self, name: str, stages: tuple[int, ...], cards: str | None = None,
                 prog: bool = False, pieces: bool = False, knights: bool = False,
                 longest: bool = False, merchant: bool = False, rules: tuple[str, ...] = (),
                 ends_turn: bool = False,
                 piece_range: tuple[tuple[int, int], ...] = CARD_PIECES,
                 produces: bool = False) -> None:
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
        #: stage the step ends in) and ``ow`` (1 under the reading ``aqueduct=owed``)
        self.produces = produces

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
            out += ["pr", "ow"]
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
    Spec("chase-robber", (MAIN,)),
    Spec("maritime-trade", (MAIN,), cards=ANY),
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

Update = Callable[[Vars, Params, Up], None]


def _kinds(players: int) -> tuple[ActionKind, ...]:
    n = players
    ps = range(n)

    def finish(v: Vars, up: dict[str, Any]) -> dict[str, Any]:
        """Points recomputed; the player on turn with 13 points wins at once."""
        post = {**v, **up}
        out = dict(up)
        for i in ps:
            out[pn(i, "vp")] = _points(post, i)
        post = {**post, **out}
        score = select(post["turn"], [post[pn(i, "vp")] for i in ps])
        over = z3.And(post["turns"] >= 1, post["stage"] != OVER, score >= D.VICTORY)
        out["stage"] = z3.If(over, OVER, post["stage"])
        out["winner"] = z3.If(over, post["turn"], post["winner"])
        return out

    def post_of(v: Vars, update: Update, p: Params) -> dict[str, Any]:
        u = Up(v, n)
        update(v, p, u)
        return {**v, **u.terms()}

    def kind(name: str, params: tuple[str, ...], domain: Callable[[Params], Any],
             guard: Callable[[Vars, Params], Any], update: Update, rules: tuple[str, ...],
             stage_check: bool = False) -> ActionKind:
        def full_guard(v: Vars, p: Params) -> Any:
            g = guard(v, p)
            if stage_check:
                g = z3.And(g, _stage_ok(post_of(v, update, p), n))
            return g

        def full(v: Vars, p: Params) -> dict[str, Any]:
            u = Up(v, n)
            update(v, p, u)
            return finish(v, u.terms())

        return ActionKind(name, params, domain, full_guard, full, rules)

    def me(v: Vars, name: str) -> Any:
        return select(v["turn"], [v[pn(i, name)] for i in ps])

    def can_pay(v: Vars, cost: tuple[int, ...]) -> Any:
        return z3.And(*(me(v, f"h{x}") >= c for x, c in enumerate(cost) if c))

    def pay(v: Vars, u: Up, cost: tuple[int, ...]) -> None:
        for x, c in enumerate(cost):
            if c:
                u.add_player(v["turn"], f"h{x}", -c)
                u.add(f"bank{x}", c)

    def always(p: Params) -> Any:
        return z3.BoolVal(True)

    def lg_domain(p: Params) -> Any:
        return rng(p["lg"], -1, n - 1)

    def end_turn(v: Vars, held_now: Any, u: Up) -> None:
        """``turn.end_turn``: down to 4 progress cards first, then the next seat."""
        t = v["turn"]
        over_hand = held_now > D.HAND_LIMIT
        limit = v["turns"] >= D.TURN_LIMIT
        u.put("stage", z3.If(over_hand, END, z3.If(limit, OVER, PRE_ROLL)))
        nxt = z3.If(z3.Or(over_hand, limit), t, z3.If(t + 1 == n, 0, t + 1))
        u.put("turn", nxt)
        u.put("turns", z3.If(z3.Or(over_hand, limit), v["turns"], v["turns"] + 1))

    # -- summarised kinds ------------------------------------------------------------------
    def aqueduct_follows(v: Vars, p: Params) -> Any:
        """cities_knights/improvement.aqueduct, under the default reading (a roll that gave
        a player nothing): once production ends the step, the aqueduct's choice follows
        exactly when a player at science level 3 or more took no card from it and the bank
        has a resource left."""
        barren = [z3.And(v[pn(i, f"lv{D.SCIENCE}")] >= D.ABILITY_LEVEL,
                         *(p[f"c{i}.{x}"] == 0 for x in range(NC))) for i in ps]
        left = total([v[f"bank{x}"] - total([p[f"c{i}.{x}"] for i in ps])
                      for x in range(BD.N_RESOURCES)])
        queued = z3.And(z3.Or(*barren), left >= 1)
        return z3.Implies(z3.And(p["pr"] == 1, p["ow"] == 0),
                          (p["nst"] == AQUEDUCT) == queued)

    def summarised(spec: Spec) -> ActionKind:
        params = spec.params(n)

        def domain(p: Params) -> Any:
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
                        zip(("rd", "sd", "cd", "wd"), spec.piece_range, strict=True)
                        for i in ps]
            if spec.knights:
                out += [rng(p[f"kd{i}.{lv}"], -2, 2) for i in ps
                        for lv in range(D.KNIGHT_LEVELS)]
            if spec.longest:
                out.append(lg_domain(p))
            if spec.merchant:
                out.append(rng(p["mo"], -1, n - 1))
            if spec.produces:
                out += [rng(p["pr"], 0, 1), rng(p["ow"], 0, 1)]
            return z3.And(*out)

        def prog_delta(p: Params) -> Any:
            return total([p[f"pd{i}"] for i in ps] + [p[f"pv{i}"] for i in ps]
                         + [p[f"dd{c}"] for c in range(NCOL)])

        def guard(v: Vars, p: Params) -> Any:
            out = [z3.Or(*(v["stage"] == s for s in spec.stages))]
            if spec.cards:
                for x in range(NC):
                    moved = [p[f"c{i}.{x}"] for i in ps]
                    out += [v[pn(i, f"h{x}")] + moved[i] >= 0 for i in ps]
                    out.append(v[f"bank{x}"] - total(moved) >= 0)
                    if spec.cards == MOVE:
                        out.append(total(moved) == 0)
            if spec.prog:
                out += [v[pn(i, "prog")] + p[f"pd{i}"] >= 0 for i in ps]
                out += [rng(v[f"deck{c}"] + p[f"dd{c}"], 0, COLOUR_TOTAL[c])
                        for c in range(NCOL)]
                out += [prog_delta(p) <= 0, prog_delta(p) >= -2]
            if spec.pieces:
                for i in ps:
                    for tag, (piece, stock) in zip(("rd", "sd", "cd", "wd"), PIECES,
                                                   strict=True):
                        out.append(rng(v[pn(i, piece)] + p[f"{tag}{i}"], 0, stock))
                    out.append(v[pn(i, "walls")] + p[f"wd{i}"]
                               <= v[pn(i, "cities")] + p[f"cd{i}"])
            if spec.knights:
                out += [rng(v[pn(i, f"kn{lv}")] + p[f"kd{i}.{lv}"], 0, D.KNIGHTS_PER_LEVEL)
                        for i in ps for lv in range(D.KNIGHT_LEVELS)]
            if spec.produces:
                out.append(aqueduct_follows(v, p))
            return z3.And(*out)

        def update(v: Vars, p: Params, u: Up) -> None:
            u.put("stage", p["nst"])
            if spec.cards:
                for x in range(NC):
                    moved = [p[f"c{i}.{x}"] for i in ps]
                    for i in ps:
                        u.add(pn(i, f"h{x}"), moved[i])
                    u.add(f"bank{x}", -total(moved))
            if spec.prog:
                for i in ps:
                    u.add(pn(i, "prog"), p[f"pd{i}"])
                    u.add(pn(i, "vpc"), p[f"pv{i}"])
                for c in range(NCOL):
                    u.add(f"deck{c}", p[f"dd{c}"])
                u.add("spent", -prog_delta(p))
            if spec.pieces:
                for tag, (piece, _) in zip(("rd", "sd", "cd", "wd"), PIECES, strict=True):
                    for i in ps:
                        u.add(pn(i, piece), p[f"{tag}{i}"])
            if spec.knights:
                for i in ps:
                    for lv in range(D.KNIGHT_LEVELS):
                        u.add(pn(i, f"kn{lv}"), p[f"kd{i}.{lv}"])
            if spec.longest:
                u.put("longest", p["lg"])
            if spec.merchant:
                u.put("merchant", p["mo"])
            if spec.ends_turn:
                left = select(v["turn"], [v[pn(i, "prog")] + p[f"pd{i}"] for i in ps])
                end_turn(v, left, u)

        return kind(spec.name, params, domain, guard, update, spec.rules, stage_check=True)

    # the event die: the ship moves (the attack at the 7th resets it), production follows
    event = summarised(SPECS["event-die"])
    ev_params = (*event.params, "nb", "atk", "dfd")

    def ev_domain(p: Params) -> Any:
        return z3.And(event.domain(p), rng(p["nb"], 0, D.TRACK - 1), rng(p["atk"], 0, 1),
                      rng(p["dfd"], -1, n - 1))

    def ev_guard(v: Vars, p: Params) -> Any:
        barb = v["barb"]
        return z3.And(
            z3.If(p["atk"] == 1, z3.And(barb == D.TRACK - 1, p["nb"] == 0),
                  z3.Or(p["nb"] == barb, p["nb"] == barb + 1)),
            z3.Implies(p["dfd"] >= 0, p["atk"] == 1),
            event.guard(ev_pre(v, p), p))

    def ev_pre(v: Vars, p: Params) -> dict[str, Any]:
        """The state once the ship and the defender are settled (production follows)."""
        out = dict(v)
        out["barb"] = p["nb"]
        out["attacked"] = z3.If(p["atk"] == 1, 1, v["attacked"])
        got = p["dfd"] >= 0
        # past the 6 cards the point is given all the same (defender-cards-out=point)
        out["defl"] = v["defl"] - b(z3.And(got, v["defl"] >= 1))
        for i in ps:
            out[pn(i, "def")] = v[pn(i, "def")] + b(p["dfd"] == i)
        return out

    def ev_full_update(v: Vars, p: Params) -> dict[str, Any]:
        pre = ev_pre(v, p)
        out = dict(event.update(pre, p))
        for name in ("barb", "attacked", "defl", *(pn(i, "def") for i in ps)):
            if name not in out:
                out[name] = pre[name]
        return out

    event_kind = ActionKind("event-die", ev_params, ev_domain, ev_guard, ev_full_update,
                            event.rules)

    # -- set-up ----------------------------------------------------------------------------
    def board_domain(p: Params) -> Any:
        return z3.Or(p["nst"] == BOARD, p["nst"] == SETUP)

    def board_update(v: Vars, p: Params, u: Up) -> None:
        u.put("stage", p["nst"])

    def setup_settlement(v: Vars, p: Params, u: Up) -> None:
        u.add_player(v["turn"], "settlements", 1)

    def setup_city_domain(p: Params) -> Any:
        # a set-up city takes up to 3 of a card, 6 under setup-gain=production
        return z3.And(*(rng(p[f"g{x}"], 0, 6) for x in range(NC)))

    def setup_city_guard(v: Vars, p: Params) -> Any:
        return z3.And(v["stage"] == SETUP,
                      *(p[f"g{x}"] <= v[f"bank{x}"] for x in range(NC)))

    def setup_city(v: Vars, p: Params, u: Up) -> None:
        u.add_player(v["turn"], "cities", 1)
        for x in range(NC):
            u.add_player(v["turn"], f"h{x}", p[f"g{x}"])
            u.add(f"bank{x}", -p[f"g{x}"])

    def setup_road_domain(p: Params) -> Any:
        return z3.And(rng(p["nt"], 0, n - 1), rng(p["ntu"], 0, 1), lg_domain(p))

    def setup_road_guard(v: Vars, p: Params) -> Any:
        return v["stage"] == SETUP

    def setup_road(v: Vars, p: Params, u: Up) -> None:
        u.add_player(v["turn"], "roads", 1)
        u.put("longest", p["lg"])
        u.put("turn", p["nt"])
        u.put("turns", p["ntu"])
        u.put("stage", z3.If(p["ntu"] == 1, PRE_ROLL, SETUP))

    # -- the roll --------------------------------------------------------------------------
    def to(stage: int) -> Update:
        def update(v: Vars, p: Params, u: Up) -> None:
            u.put("stage", stage)
        return update

    # -- building --------------------------------------------------------------------------
    def build(cost: tuple[int, ...], changes: tuple[tuple[str, int], ...],
              road: bool = False) -> tuple[Callable[[Vars, Params], Any], Update]:
        def guard(v: Vars, p: Params) -> Any:
            out = [v["stage"] == MAIN, can_pay(v, cost)]
            for name, d in changes:
                stock = dict(PIECES).get(name) or D.KNIGHTS_PER_LEVEL
                out.append(me(v, name) + d <= stock if d > 0 else me(v, name) + d >= 0)
            return z3.And(*out)

        def update(v: Vars, p: Params, u: Up) -> None:
            pay(v, u, cost)
            for name, d in changes:
                u.add_player(v["turn"], name, d)
            if road:
                u.put("longest", p["lg"])
        return guard, update

    road_g, road_u = build(D.ROAD_COST, (("roads", 1),), road=True)
    sett_g, sett_u = build(D.SETTLEMENT_COST, (("settlements", 1),), road=True)
    city_g, city_u = build(D.CITY_COST, (("settlements", -1), ("cities", 1)))
    wall_g0, wall_u = build(D.WALL_COST, (("walls", 1),))
    knight_g, knight_u = build(D.KNIGHT_COST, (("kn0", 1),))
    act_g0, act_u = build(D.ACTIVATE_COST, ())

    def wall_g(v: Vars, p: Params) -> Any:
        return z3.And(wall_g0(v, p), me(v, "walls") < me(v, "cities"))

    def act_g(v: Vars, p: Params) -> Any:
        return z3.And(act_g0(v, p), total([me(v, f"kn{lv}")
                                           for lv in range(D.KNIGHT_LEVELS)]) >= 1)

    def promote_domain(p: Params) -> Any:
        return rng(p["level"], 0, D.KNIGHT_LEVELS - 2)

    def promote_g(v: Vars, p: Params) -> Any:
        lv = p["level"]
        return z3.And(
            v["stage"] == MAIN, can_pay(v, D.PROMOTE_COST),
            select(lv, [me(v, f"kn{x}") >= 1 for x in range(D.KNIGHT_LEVELS - 1)],
                   z3.BoolVal(False)),
            select(lv, [me(v, f"kn{x + 1}") < D.KNIGHTS_PER_LEVEL
                        for x in range(D.KNIGHT_LEVELS - 1)], z3.BoolVal(False)),
            z3.Implies(lv == 1, me(v, f"lv{D.POLITICS}") >= D.ABILITY_LEVEL))

    def promote_u(v: Vars, p: Params, u: Up) -> None:
        pay(v, u, D.PROMOTE_COST)
        for x in range(D.KNIGHT_LEVELS - 1):
            u.add_player(v["turn"], f"kn{x}", -b(p["level"] == x))
            u.add_player(v["turn"], f"kn{x + 1}", b(p["level"] == x))

    def improve_domain(p: Params) -> Any:
        return z3.And(rng(p["kind"], 0, 2), rng(p["cost"], 0, D.MAX_LEVEL),
                      z3.Or(p["nst"] == MAIN, p["nst"] == METROPOLIS))

    def improve_g(v: Vars, p: Params) -> Any:
        k, cost = p["kind"], p["cost"]
        level = select(k, [me(v, f"lv{x}") for x in range(3)])
        held_c = select(k, [me(v, f"h{D.KIND_COMMODITY[x]}") for x in range(3)])
        return z3.And(v["stage"] == MAIN, level < D.MAX_LEVEL, me(v, "cities") >= 1,
                      z3.Or(cost == level + 1, cost == level), held_c >= cost,
                      z3.Implies(p["nst"] == METROPOLIS, level + 1 >= D.METROPOLIS_LEVEL))

    def improve_u(v: Vars, p: Params, u: Up) -> None:
        k, cost = p["kind"], p["cost"]
        for x in range(3):
            c = D.KIND_COMMODITY[x]
            u.add_player(v["turn"], f"lv{x}", b(k == x))
            u.add_player(v["turn"], f"h{c}", z3.If(k == x, -cost, 0))
            u.add(f"bank{c}", z3.If(k == x, cost, 0))
        u.put("stage", p["nst"])

    def metro_domain(p: Params) -> Any:
        return z3.And(rng(p["mk"], 0, 2), rng(p["nst"], PRE_ROLL, OVER - 1))

    def metro_g(v: Vars, p: Params) -> Any:
        return z3.And(v["stage"] == METROPOLIS,
                      select(p["mk"], [me(v, f"lv{x}") >= D.METROPOLIS_LEVEL for x in range(3)],
                             z3.BoolVal(False)))

    def metro_u(v: Vars, p: Params, u: Up) -> None:
        for x in range(3):
            u.put(f"metro{x}", z3.If(p["mk"] == x, v["turn"], v[f"metro{x}"]))
        u.put("stage", p["nst"])

    def stage_is(stage: int) -> Callable[[Vars, Params], Any]:
        def guard(v: Vars, p: Params) -> Any:
            return v["stage"] == stage
        return guard

    main = (RB.GAME_OVER,)
    exact = (
        # which terrain is left is the board's (abstracted): setup.board's rejections of a
        # step the board has no room for are not the guard's
        kind("lay-board", ("nst",), board_domain, stage_is(BOARD), board_update,
             (RB.GAME_OVER,), stage_check=True),
        kind("setup-settlement", (), always, lambda v, p: v["stage"] == SETUP,
             setup_settlement, (RB.GAME_OVER,), stage_check=True),
        kind("setup-city", tuple(f"g{x}" for x in range(NC)), setup_city_domain,
             setup_city_guard, setup_city, (RB.GAME_OVER,), stage_check=True),
        kind("setup-road", ("nt", "ntu", "lg"), setup_road_domain, setup_road_guard,
             setup_road, (RB.GAME_OVER,), stage_check=True),
        kind("roll-dice", (), always, stage_is(PRE_ROLL), to(DICE), main),
        kind("dice", (), always, stage_is(DICE), to(EVENT), (RB.GAME_OVER,)),
        kind("end-turn", (), always, stage_is(MAIN),
             lambda v, p, u: end_turn(v, me(v, "prog"), u), main),
        kind("build-road", ("lg",), lg_domain, road_g, road_u, main),
        kind("build-settlement", ("lg",), lg_domain, sett_g, sett_u,
             main),
        kind("build-city", (), always, city_g, city_u, main),
        kind("build-wall", (), always, wall_g, wall_u, (*main, RB.WALL_BUILD)),
        kind("build-knight", (), always, knight_g, knight_u,
             (*main, RB.KNIGHT_BUILD)),
        kind("activate-knight", (), always, act_g, act_u, main),
        kind("promote-knight", ("level",), promote_domain, promote_g, promote_u,
             main),
        kind("improve", ("kind", "cost", "nst"), improve_domain, improve_g, improve_u,
             (*main, RB.IMPROVEMENT_BUY, RB.IMPROVEMENT_MAX), stage_check=True),
        kind("place-metropolis", ("mk", "nst"), metro_domain, metro_g, metro_u, main,
             stage_check=True),
    )
    rest = tuple(summarised(s) for s in SUMMARISED if s.name != "event-die")
    return (*exact, event_kind, *rest)


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


class CitiesKnightsEncoding(Encoding[CKState, Action]):
    game = "cities_knights"
    variables = _vars(4)
    #: the gain bounds are per action (a window of two steps over 47 kinds, most with
    #: dozens of parameters, is beyond the query time)
    bound_steps = 1
    #: deep or rare steps the seeded sample may miss: the progress discards under
    #: ``progress-play=one`` (seed 23, uniform play: off turn at step 978, at a turn's end
    #: at step 1183), the variable board's chance steps with the set-up on it and an
    #: aqueduct (step 1397) under ``board=variable`` (seed 19, uniform play), a progress card
    #: discarded at the end of one's turn (``end-discard``: an eager 4-player game, seed 2,
    #: step 493; uniform play seldom holds 5 progress cards) and a metropolis placed, with
    #: its 2 points (the same game, step 1604; no game of the sample placed one)
    openings = (Opening((("progress-play", "one"),), 1200, seed=23),
                Opening((("board", "variable"),), 1400, seed=19),
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
            pieces += [rng(v[pn(i, name)], 0, stock) for name, stock in PIECES]
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
        for k in range(3):
            node = state.metropolis[k]
            out[f"metro{k}"] = state.node_owner[node] if node >= 0 else -1
            out[f"deck{k}"] = sum(x for j, x in enumerate(state.deck)
                                  if D.PROGRESS_COLOUR[j] == k) + len(state.under[k])
        for x in range(NC):
            out[f"bank{x}"] = state.bank[x]
        for i, pl in enumerate(state.players):
            for x in range(NC):
                out[pn(i, f"h{x}")] = pl.hand[x]
            out[pn(i, "prog")] = sum(pl.progress)  # in hand: the VP cards lie face up
            out[pn(i, "vpc")] = pl.vp_cards
            out[pn(i, "def")] = pl.defenders
            for k in range(3):
                out[pn(i, f"lv{k}")] = pl.levels[k]
            for lv in range(D.KNIGHT_LEVELS):
                out[pn(i, f"kn{lv}")] = pl.knights[lv]
            for name in ("roads", "settlements", "cities", "walls", "vp"):
                out[pn(i, name)] = getattr(pl, name)
        return out

    def classify(self, state: CKState, action: Action) -> tuple[str, dict[str, int]]:
        by = _BY_TYPE.get(type(action))
        if by is None:
            raise TypeError(f"not a cities_knights action: {action!r}")
        name = by.get(state.stage, by[None])
        players = state.config.players
        after = _after(state, action)
        pre = self.project(state)
        post = self.project(after) if after is not None else pre
        spec = SPECS.get(name)

        def nst() -> int:
            st = post["stage"]
            if after is None or st == OVER:
                return MAIN
            return st

        def delta(var: str) -> int:
            return post[var] - pre[var]

        if spec is not None:
            p: dict[str, int] = {"nst": nst()}
            for param in spec.params(players):
                if param.startswith("c") and "." in param:
                    i, x = param[1:].split(".")
                    p[param] = delta(pn(int(i), f"h{x}"))
                elif param.startswith("pd"):
                    p[param] = delta(pn(int(param[2:]), "prog"))
                elif param.startswith("pv"):
                    p[param] = delta(pn(int(param[2:]), "vpc"))
                elif param.startswith("dd"):
                    p[param] = delta(f"deck{param[2:]}")
                elif param[:2] in ("rd", "sd", "cd", "wd"):
                    piece = dict(zip(("rd", "sd", "cd", "wd"), (n for n, _ in PIECES),
                                     strict=True))[param[:2]]
                    p[param] = delta(pn(int(param[2:]), piece))
                elif param.startswith("kd"):
                    i, lv = param[2:].split(".")
                    p[param] = delta(pn(int(i), f"kn{lv}"))
                elif param == "lg":
                    p[param] = post["longest"]
                elif param == "mo":
                    p[param] = post["merchant"]
                elif param == "pr":
                    # the roll (not a 7) is produced once the step ends in the main phase
                    # or the aqueduct's choice
                    p[param] = int(after is not None and sum(state.dice) != BD.ROBBER_ROLL
                                   and post["stage"] in (MAIN, AQUEDUCT))
                elif param == "ow":
                    p[param] = int(state.config.option("aqueduct") == "owed")
            if name == "event-die":
                atk = int(after is not None and post["attacked"] == 1 and pre["barb"]
                          == D.TRACK - 1 and post["barb"] == 0)
                got = [i for i in range(players) if delta(pn(i, "def")) > 0]
                p.update(nb=post["barb"], atk=atk, dfd=got[0] if got else -1)
            return name, p
        if name in ("build-road", "build-settlement"):
            return name, {"lg": post["longest"]}
        if name == "lay-board":
            return name, {"nst": post["stage"] if post["stage"] == SETUP else BOARD}
        if name == "setup-road":
            return name, {"nt": post["turn"], "ntu": post["turns"], "lg": post["longest"]}
        if name == "setup-city":
            me = state.turn
            return name, {f"g{x}": delta(pn(me, f"h{x}")) for x in range(NC)}
        if name == "promote-knight":
            me = state.turn
            up = [lv for lv in range(D.KNIGHT_LEVELS - 1)
                  if delta(pn(me, f"kn{lv + 1}")) > 0]
            return name, {"level": up[0] if up else 0}
        if name == "improve" and isinstance(action, Improve):
            k = action.kind
            me = state.turn
            ok = isinstance(k, int) and 0 <= k < 3
            cost = -delta(pn(me, f"h{D.KIND_COMMODITY[k]}")) if ok else 0
            stage = post["stage"] if post["stage"] in (MAIN, METROPOLIS) else MAIN
            return name, {"kind": k, "cost": cost, "nst": stage}
        if name == "place-metropolis":
            got = [k for k in range(3) if post[f"metro{k}"] != pre[f"metro{k}"]]
            return name, {"mk": got[0] if got else 0, "nst": nst()}
        return name, {}


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
