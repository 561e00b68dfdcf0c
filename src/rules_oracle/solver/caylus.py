"""The Z3 encoding of Caylus 1303 (``model/caylus``), 2 to 5 players.

Projection (integer variables; per player ``i``, resource ``r`` in ``data.RESOURCES`` order):

* per player: ``hand{i}`` (workers in hand), ``camp{i}``, ``board{i}`` (workers on the road
  and the construction site), ``houses{i}`` (in stock), ``owned{i}`` (road spaces carrying
  his house), ``pp{i}`` (prestige points), ``res{i}.{r}``;
* the game: ``stage`` (the index of the model's ``Stage``), ``favour`` (0/1: a favour is
  pending), ``round``, ``provost``, ``drawn`` (characters in play), ``tiles`` (starting
  tiles left to draw), ``site`` (construction-site slots filled), ``free`` (empty road
  spaces), ``road.start``/``road.wood``/``road.stone``/``road.prestige`` (buildings of
  each material on the road), ``supply.wood``/``supply.stone``/``supply.prestige``;
* ``opt.limited``: 1 under the reading ``supply=limited``, ``opt.freemarket``: 1 under
  ``favour_market=free`` (each constant in a game).

Kept exactly: every count above. Abstracted away: where on the road a building, a house
or a worker stands, which building kinds are where, who holds which character, whose
turn it is and the order of the bridge and of delivery. What depends on them enters an
action kind as a *parameter*, constrained by the kind's domain and guard, and
``classify`` reads its value off the model's state: the workers a placement costs (1,
2 after a pass unless the night worker, 2 for the early riser), the owner paid for a
placement and his points (0-3), the architect's and foreman's point, the goldsmith's,
the chamberlain's bundles, the building taking effect (its kind and side: the guard of
``use`` has one case per building, its options and what each gives and takes), a built
building's kind (its cost and points exact), the owner's bonus of the stone production.

Each player action has a *direct* effect (exact, above) and a *tail*: the model's
automatic steps that follow it until the next choice (the end of activation returning
the workers to the camp, the end of delivery, recruitment with the granary's food and
the factory's fabric, the provost's reset, the next round, the final 2 PP per gold).
The tail is summarised by parameters per player (workers back to the camp ``t.ret{i}``,
recruited ``t.rec{i}``, food ``t.food{i}`` and fabric ``t.fab{i}`` of recruitment, and the
workers due ``t.due{i}``, which ``classify`` counts on the road: the base, a residence's
worker, a garden's 2, the day labourer's 1) and of the game (``t.nr`` next round,
``t.reset`` the provost reset to ``t.prov``, the next ``t.st`` stage and ``t.fv`` favour),
all constrained by the guard: a worker goes back only from the board, recruitment comes
only from the camp and only at a round's end, the workers due or all the camp holds, at
most 1 food and 1 fabric, the round advances at most by 1 and never past 9, the game
ends only in round 9, with the final points exactly 2 per gold.

The rule options other than ``supply`` and ``favour_market`` need no variable: the provost's
reset and start under either ``provost_reset`` lie within the provost's range (all that
``t.prov`` and the invariant say of them); the favour's choices under ``favour_effect`` (a
required or declinable site effect, a lapsed favour's ``decline``) fall within the guards of
``use-site``, ``steal-character`` and ``decline``; the delivery's favour under
``deliveryman_tie`` is the tail's ``t.fv``; a prestige building under ``prestige_house=stock``
(only with a house in stock) is one ``build-prestige``'s guard, which asks no house, allows.

This is sound: the encoding's transition relation contains the model's (each sampled
transition is checked by ``oracle verify``'s faithfulness obligation: the parameters
``classify`` gives satisfy domain and guard and the update gives the model's next
projection), so an invariant inductive here holds on every reachable model state.
"""

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3

from rules_oracle.model.caylus import building as effects
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Build,
    BuildPrestige,
    Claim,
    Decline,
    Deliver,
    DrawCharacter,
    DrawTile,
    FirstPlayer,
    MoveProvost,
    Pass,
    PlaceOnSite,
    PlaceWorker,
    StealCharacter,
    TakeCharacter,
    Use,
    UseSite,
)
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core import IllegalAction
from rules_oracle.model.core.stated import Stated
from rules_oracle.solver.encoding import ActionKind, Encoding, Opening, Params, Vars
from rules_oracle.solver.terms import flag, int_term

#: caylus/delivery.bundle, restated from its quote ("Игрок получает 5 очков престижа за
#: каждый доставленный набор"), not read from the model's data: the points of a bundle
BUNDLE_PP = 5
#: caylus/stewardship.recruitment and caylus/character.day-labourer, restated from their
#: quotes («1 рабочего за каждую свою резиденцию», «2 рабочих, если игрок построил сад»,
#: «Получайте 1 дополнительного рабочего во время вербовки»), not read from the model: the
#: workers a residence, a garden and the day labourer add to a round's recruitment (the
#: base, 3 or 2 at five players, is the data's ``RECRUIT``, which the rule's quote states)
RESIDENCE_WORKERS, GARDEN_WORKERS, DAY_LABOURER_WORKERS = 1, 2, 1
#: the constants this encoding restates from the rules' quotes
STATED = (Stated("BUNDLE_PP", BUNDLE_PP, RB.DELIVERY_BUNDLE),
          Stated("RESIDENCE_WORKERS", RESIDENCE_WORKERS, RB.STEWARDSHIP_RECRUITMENT),
          Stated("GARDEN_WORKERS", GARDEN_WORKERS, RB.STEWARDSHIP_RECRUITMENT),
          Stated("DAY_LABOURER_WORKERS", DAY_LABOURER_WORKERS, RB.CHARACTER_DAY_LABOURER))

STAGES = tuple(Stage)
ST = {s: i for i, s in enumerate(STAGES)}
S_TILES, S_WOOD, S_STONE, S_FIRST, S_CHARS, S_DRAFT = (ST[Stage.TILES], ST[Stage.WOOD],
                                                       ST[Stage.STONE], ST[Stage.FIRST],
                                                       ST[Stage.CHARACTERS], ST[Stage.DRAFT])
S_EARLY, S_PLAN, S_ACT, S_BRIDGE, S_BAILIFF = (ST[Stage.EARLY], ST[Stage.PLANNING],
                                               ST[Stage.ACTIVATION], ST[Stage.BRIDGE],
                                               ST[Stage.BAILIFF])
S_DELIVERY, S_PRESTIGE, S_OVER = ST[Stage.DELIVERY], ST[Stage.PRESTIGE], ST[Stage.OVER]
NR = D.N_RESOURCES
RS = range(NR)
PLAIN = D.PLAIN
MAX_PLAYERS = 5
#: the printed buildings on the road
PRINTED = len(D.PRINTED_ORDER)
#: per-player variable stems
PER_PLAYER = ("hand", "camp", "board", "houses", "owned", "pp")
GLOBALS = ("stage", "favour", "round", "provost", "drawn", "tiles", "site", "free",
           "road.start", "road.wood", "road.stone", "road.prestige", "supply.wood",
           "supply.stone", "supply.prestige", "opt.limited", "opt.freemarket")
#: the tail's global parameters
TAIL_GLOBAL = ("t.nr", "t.reset", "t.prov", "t.st", "t.fv")
DELTAS = tuple(f"d{r}" for r in RS)

State = dict[str, Any]


def res(i: int, r: int) -> str:
    return f"res{i}.{r}"


#: per-kind stock variables: starting tiles left to draw, wood, stone and prestige
#: buildings beside the board (prefix, kinds, data.KINDS index of the first)
STOCKS = (("st", len(D.START_KINDS), D.FARM), ("sw", len(D.WOOD_KINDS), D.WOOD_FARM),
          ("ss", len(D.STONE_KINDS), D.STONE_FARM), ("sp", len(D.PRESTIGE_KINDS), D.GARDEN))
STOCK_VARS = tuple(f"{x}{k}" for x, count, _ in STOCKS for k in range(count))
#: the wood then the stone kinds, as ``build``'s parameter ``k`` numbers them
BUILDABLE = (*D.WOOD_KINDS, *D.STONE_KINDS)


def pick(terms: Sequence[Any], idx: Any) -> Any:
    """terms[idx] (the last term outside the range)."""
    if isinstance(idx, int):
        return terms[idx] if 0 <= idx < len(terms) else terms[-1]
    out = terms[-1]
    for j in range(len(terms) - 2, -1, -1):
        out = ite(idx == j, terms[j], out)
    return out


def stock(v: Vars, prefix: str, k: Any) -> Any:
    count = next(c for x, c, _ in STOCKS if x == prefix)
    return pick([v[f"{prefix}{j}"] for j in range(count)], k)


def take_stock(s: State, prefix: str, k: Any, when: Any = True) -> None:
    count = next(c for x, c, _ in STOCKS if x == prefix)
    for j in range(count):
        s[f"{prefix}{j}"] = s[f"{prefix}{j}"] - ite(conj(when, k == j), 1, 0)


def variables_for(n: int) -> tuple[str, ...]:
    out = list(GLOBALS) + list(STOCK_VARS)
    for i in range(n):
        out += [f"{x}{i}" for x in PER_PLAYER]
        out += [res(i, r) for r in RS]
    return tuple(out)


def tail_params(n: int) -> tuple[str, ...]:
    per = tuple(f"t.{x}{i}" for i in range(n) for x in ("ret", "rec", "food", "fab", "due"))
    return (*per, *TAIL_GLOBAL)


# -- term helpers working over Python ints and Z3 terms alike ------------------------------
def ite(c: Any, a: Any, b: Any) -> Any:
    if isinstance(c, bool):
        return a if c else b
    return z3.If(c, a, b)


def conj(*cs: Any) -> Any:
    if all(isinstance(c, bool) for c in cs):
        return all(cs)
    return z3.And(*cs)


def disj(*cs: Any) -> Any:
    if all(isinstance(c, bool) for c in cs):
        return any(cs)
    return z3.Or(*cs)


def implies(a: Any, b: Any) -> Any:
    return disj(neg(a), b)


def neg(c: Any) -> Any:
    return (not c) if isinstance(c, bool) else z3.Not(c)


def add_at(s: State, stem: str, i: Any, n: int, d: Any) -> None:
    """``stem{j}`` += d for the player j == i."""
    for j in range(n):
        s[f"{stem}{j}"] = s[f"{stem}{j}"] + ite(i == j, d, 0)


def at(s: Vars, stem: str, i: Any, n: int) -> Any:
    out = s[f"{stem}{n - 1}"]
    for j in range(n - 2, -1, -1):
        out = ite(i == j, s[f"{stem}{j}"], out)
    return out


def in_range(x: Any, lo: int, hi: int) -> Any:
    """lo <= x <= hi."""
    return conj(x >= lo, x <= hi)



# ===========================================================================
# The action kinds, by the rulebook's chapters (the model's chapter modules,
# model/caylus/*.py). Each kind is a :class:`Spec`: its own parameters, domain, guard
# and direct effect; a player kind's automatic steps after it (its *tail*) are the same
# for every kind (:func:`tail`). :data:`SPECS` lists them and :func:`make_kind` composes
# a spec with the tail.
# ===========================================================================

Direct = Callable[[State, Params, int], None]


class Spec:
    """A kind before the tail: its own parameters and domain, guard and direct effect."""

    def __init__(self, name: str, params: tuple[str, ...], domain: Callable[[Params, int], Any],
                 guard: Callable[[Vars, Params, int], Any], direct: Direct,
                 rules: tuple[str, ...] = (), player: bool = True) -> None:
        self.name = name
        self.params = params
        self.domain = domain
        self.guard = guard
        self.direct = direct
        self.rules = rules
        self.player = player


def _seat(p: Params, n: int) -> Any:
    return in_range(p["i"], 0, n - 1)


def _alive(v: Vars) -> Any:
    return conj(v["stage"] >= S_DRAFT, v["stage"] != S_OVER)


def _no_favour(v: Vars, stage: int) -> Any:
    return conj(v["stage"] == stage, v["favour"] == 0)


def _res_at(v: Vars, i: Any, r: int, n: int) -> Any:
    out = v[res(n - 1, r)]
    for j in range(n - 2, -1, -1):
        out = ite(i == j, v[res(j, r)], out)
    return out


def _bits(p: Params, *names: str) -> Any:
    return conj(*(in_range(p[x], 0, 1) for x in names))


def _nothing(s: State, p: Params, n: int) -> None:
    return None


# ---------------------------------------------------------------------------
# Set-up ("ПОДГОТОВКА К ИГРЕ", model/caylus/setup.py): the starting tiles, the wood and
# stone buildings, the first player and the characters as chance steps, then the draft
# ---------------------------------------------------------------------------


def _draw_tile_domain(p: Params, n: int) -> Any:
    return conj(in_range(p["m"], 0, 2), in_range(p["k"], 0, 8), in_range(p["s"], 0, 1))


def _draw_tile_guard(v: Vars, p: Params, n: int) -> Any:
    """A starting tile, or a wood or stone building (never the stonemason on the road),
    to the construction site's slot of its material or onto the road."""
    m, s = p["m"], p["s"]
    k = p["k"]
    left = ite(m == 0, stock(v, "st", k), ite(m == 1, stock(v, "sw", k), stock(v, "ss", k)))
    return conj(v["stage"] == m, v["favour"] == 0, left >= 1,
                implies(conj(m == 1, s == 0), k != D.STONEMASON - D.WOOD_FARM),
                implies(m == 0, k <= len(D.START_KINDS) - 1),
                implies(s == 1, v["site"] == m),
                implies(s == 0, conj(v["site"] >= m + 1, v["free"] >= 1)))


def _draw_tile(s: State, p: Params, n: int) -> None:
    m, to_site = p["m"], p["s"]
    road = to_site == 0
    s["tiles"] = s["tiles"] - ite(m == 0, 1, 0)
    s["supply.wood"] = s["supply.wood"] - ite(m == 1, 1, 0)
    s["supply.stone"] = s["supply.stone"] - ite(m == 2, 1, 0)
    take_stock(s, "st", p["k"], m == 0)
    take_stock(s, "sw", p["k"], m == 1)
    take_stock(s, "ss", p["k"], m == 2)
    s["site"] = s["site"] + ite(road, 0, 1)
    s["free"] = s["free"] - ite(road, 1, 0)
    for x, mm in (("road.start", 0), ("road.wood", 1), ("road.stone", 2)):
        s[x] = s[x] + ite(conj(road, m == mm), 1, 0)
    last = ite(m == 0, s["tiles"] == 0, road)
    s["stage"] = s["stage"] + ite(last, 1, 0)


def _first_domain(p: Params, n: int) -> Any:
    return conj(in_range(p["seat"], 0, n - 1), in_range(p["fg"], 0, 1))


def _first(s: State, p: Params, n: int) -> None:
    """The first player; in the first game the characters are all in play at once."""
    fg = p["fg"] == 1
    s["stage"] = ite(fg, S_DRAFT, S_CHARS)
    s["drawn"] = ite(fg, n + 3, s["drawn"])


def _character(s: State, p: Params, n: int) -> None:
    s["drawn"] = s["drawn"] + 1
    s["stage"] = ite(s["drawn"] == n + 3, S_DRAFT, S_CHARS)


DRAW_TILE = Spec("draw-tile", ("m", "k", "s"), _draw_tile_domain, _draw_tile_guard,
                 _draw_tile, rules=(RB.SETUP_STARTING_TILES, RB.SETUP_WOOD, RB.SETUP_STONE,
                                    RB.SETUP_NO_STONEMASON), player=False)
FIRST_PLAYER = Spec("first-player", ("seat", "fg"), _first_domain,
                    lambda v, p, n: _no_favour(v, S_FIRST), _first, player=False)
DRAW_CHARACTER = Spec("draw-character", (), lambda p, n: True,
                      lambda v, p, n: conj(_no_favour(v, S_CHARS), v["drawn"] < n + 3),
                      _character, player=False)
#: the draft, or a character taken after a favour's site building
TAKE_CHARACTER = Spec("take-character", ("i",), _seat,
                      lambda v, p, n: disj(_no_favour(v, S_DRAFT), v["favour"] == 1),
                      _nothing)


# ---------------------------------------------------------------------------
# Phase 1, planning ("ФАЗА 1. ПЛАНИРОВАНИЕ", model/caylus/planning.py): a worker on a
# building (its owner paid), on the construction site, or a pass
# ---------------------------------------------------------------------------

def _place(s: State, p: Params, n: int) -> None:
    i, c = p["i"], p["c"]
    add_at(s, "hand", i, n, -c)
    add_at(s, "camp", i, n, c - 1)
    add_at(s, "board", i, n, 1)
    if "o" in p:
        add_at(s, "pp", p["o"], n, p["g"])


def _placing(v: Vars, p: Params, n: int) -> Any:
    """The placement's cost ``c``: 2 for the early riser, 1 or 2 in planning, in hand."""
    c = p["c"]
    stage = v["stage"]
    return conj(v["favour"] == 0, disj(conj(stage == S_EARLY, c == 2),
                                       conj(stage == S_PLAN, in_range(c, 1, 2))),
                at(v, "hand", p["i"], n) >= c)


def _place_guard(v: Vars, p: Params, n: int) -> Any:
    o, g = p["o"], p["g"]
    return conj(_placing(v, p, n), o != p["i"], implies(o == -1, g == 0))


def _place_domain(p: Params, n: int) -> Any:
    return conj(_seat(p, n), in_range(p["c"], 1, 3), in_range(p["o"], -1, n - 1),
                in_range(p["g"], 0, 3))


#: the rules a placement's guard encodes
PLACE_RULES = (RB.PLANNING_NO_WORKERS, RB.PLANNING_EXTRA_COST, RB.CHARACTER_EARLY_RISER)
PLACE = Spec("place", ("i", "c", "o", "g"), _place_domain, _place_guard, _place,
             rules=PLACE_RULES)
PLACE_ON_SITE = Spec("place-on-site", ("i", "c"),
                     lambda p, n: conj(_seat(p, n), in_range(p["c"], 1, 3)), _placing, _place,
                     rules=PLACE_RULES)
PASS = Spec("pass", ("i",), _seat, lambda v, p, n: _no_favour(v, S_PLAN), _nothing,
            rules=(RB.CHARACTER_EARLY_RISER,))


# ---------------------------------------------------------------------------
# The buildings' effects ("Свойства зданий", model/caylus/building.py): per building
# kind and side, the options and what each gives and takes (``use``'s guard)
# ---------------------------------------------------------------------------

def _gain(x: Any, nominal: Any, limited: Any) -> Any:
    """A resource delta: exactly ``nominal``, or under supply=limited a gain cut to 0..it."""
    if isinstance(nominal, int) and nominal <= 0:
        return x == nominal
    return disj(x == nominal, conj(limited == 1, nominal > 0, x >= 0, x < nominal))


def _unit(j: int, amount: Any) -> list[Any]:
    return [amount if x == j else 0 for x in RS]


def _chosen(x: Any, amount: int) -> list[Any]:
    return [ite(x == j, amount, 0) for j in RS]


def _plus(a: list[Any], b: list[Any]) -> list[Any]:
    return [x + y if not (isinstance(y, int) and y == 0) else x for x, y in zip(a, b,
                                                                               strict=True)]


@attrs.frozen
class _Effect:
    """What an effect row reads: the acting player's workers and resources, the option
    and resource parameters, and the effect's deltas (``use``'s parameters)."""

    v: Vars
    p: Params
    n: int

    @property
    def have(self) -> list[Any]:
        return [_res_at(self.v, self.p["i"], j, self.n) for j in RS]

    @property
    def hand(self) -> Any:
        return at(self.v, "hand", self.p["i"], self.n)

    def eff(self, nominal: list[Any], workers: Any, points: Any) -> Any:
        """The deltas are ``nominal`` (a gain cut under supply=limited), the hand's
        workers ``workers``, the points ``points``."""
        d = [self.p[x] for x in DELTAS]
        limited = self.v["opt.limited"]
        return conj(*(_gain(d[j], nominal[j], limited) for j in RS), self.p["dw"] == workers,
                    self.p["dp"] == points)

    def gain(self, k: int) -> Any:
        """``k`` workers from the camp, as many as it holds."""
        camp = at(self.v, "camp", self.p["i"], self.n)
        return ite(camp >= k, k, camp)

    @property
    def none(self) -> Any:
        return conj(self.p["opt"] == 0, self.p["r"] == -1, self.p["o"] == -1)

    @property
    def plain_r(self) -> Any:
        return conj(self.p["opt"] == 0, in_range(self.p["r"], 0, 3), self.p["o"] == -1)

    @property
    def both(self) -> Any:
        return conj(in_range(self.p["opt"], 0, 1), self.p["r"] == -1, self.p["o"] == -1)


Rows = list[tuple[tuple[int, ...], Any]]


def _production_rows(e: _Effect) -> Rows:
    """The farms, sawmills and quarries, and the spinning mill."""
    side = e.p["side"]
    rows: Rows = []
    for k in (D.FARM, D.SAWMILL, D.QUARRY):
        rows.append(((k,), conj(e.none, e.eff(_unit(D.PRODUCES[k], 1), 0, 0))))
    for k in (D.WOOD_FARM, D.WOOD_SAWMILL, D.WOOD_QUARRY, D.SPINNING_MILL):
        rows.append(((k,), conj(e.none, ite(side == 1, e.eff(_unit(D.PRODUCES[k], 2), 0, 0),
                                            e.eff(_unit(D.PRODUCES[k], 1), 0, 1)))))
    for k in (D.STONE_FARM, D.STONE_SAWMILL, D.STONE_QUARRY):
        rows.append(((k,), conj(e.none, e.eff(_plus(_unit(D.PRODUCES[k], ite(side == 1, 2, 1)),
                                                    _unit(D.FABRIC, 1)), 0, 0))))
    return rows


def _market_rows(e: _Effect) -> Rows:
    """The covered market, manor, gold mine, fairground and markets."""
    side, r, v = e.p["side"], e.p["r"], e.v
    zero: list[Any] = [0] * NR
    return [
        ((D.COVERED_MARKET,), conj(e.none, ite(side == 1, e.eff(zero, e.gain(3), 0),
                                               e.eff(zero, e.gain(2), 1)))),
        ((D.MANOR,), conj(e.none, ite(side == 1, e.eff(zero, 0, 0), e.eff(zero, 0, 2)))),
        ((D.GOLD_MINE,), conj(e.none, e.eff(_unit(D.GOLD, 1), 0, 0))),
        ((D.FAIRGROUND,), conj(e.none, e.have[D.WOOD] >= 1, e.eff(_unit(D.WOOD, -1), 0, 0))),
        # a worker returned from the hand, also through a favour (favour_market=pay); under
        # favour_market=free a favour's use returns none
        ((D.MARKET,), conj(e.plain_r, ite(conj(v["favour"] == 1, v["opt.freemarket"] == 1),
                                          e.eff(_chosen(r, 1), 0, 0),
                                          conj(e.hand >= 1, e.eff(_chosen(r, 1), -1, 0))))),
        ((D.WOOD_MARKET,), conj(e.plain_r, e.eff(_chosen(r, 1), 0, 0))),
    ]


def _guild_rows(e: _Effect) -> Rows:
    """The guilds: a resource for workers from the camp."""
    r, have = e.p["r"], e.have
    return [
        ((D.GUILD4,), conj(e.none, have[D.STONE] >= 1, e.eff(_unit(D.STONE, -1), e.gain(4), 0))),
        ((D.GUILD3,), conj(e.plain_r, pick(have, r) >= 1, e.eff(_chosen(r, -1), e.gain(3), 0))),
        ((D.STONE_GUILD,), conj(e.plain_r, pick(have, r) >= 1,
                                e.eff(_chosen(r, -1), e.gain(5), 0))),
    ]


def _craft_rows(e: _Effect) -> Rows:
    """The tailor, foundry, church and jeweller: one of two options."""
    opt, have, hand = e.p["opt"], e.have, e.hand
    return [
        ((D.TAILOR,), conj(e.both, have[D.FABRIC] >= opt + 1,
                           e.eff(_unit(D.FABRIC, -(opt + 1)), 0, 4 + 2 * opt))),
        ((D.FOUNDRY,), conj(e.both, hand >= 1 + 2 * opt,
                            e.eff(_unit(D.GOLD, 1 + opt), -(1 + 2 * opt), 0))),
        ((D.CHURCH,), conj(e.both, hand >= 2 + 2 * opt,
                           e.eff([0] * NR, -(2 + 2 * opt), 4 + 2 * opt))),
        ((D.JEWELLER,), conj(e.both, have[D.GOLD] >= opt + 1,
                             e.eff(_unit(D.GOLD, -(opt + 1)), 0, 5 + 4 * opt))),
    ]


def _alchemist_rows(e: _Effect) -> Rows:
    """The alchemist: one resource for a gold, or two for two."""
    opt, r, o, have = e.p["opt"], e.p["r"], e.p["o"], e.have
    return [((D.ALCHEMIST,), disj(
        conj(e.plain_r, pick(have, r) >= 1, e.eff(_plus(_chosen(r, -1), _unit(D.GOLD, 1)), 0, 0)),
        conj(opt == 1, in_range(r, 0, 3), in_range(o, 0, 3), r <= o,
             pick(have, r) >= 1 + ite(r == o, 1, 0), pick(have, o) >= 1,
             e.eff(_plus(_plus(_chosen(r, -1), _chosen(o, -1)), _unit(D.GOLD, 2)), 0, 0))))]


def effect_rows(v: Vars, p: Params, n: int) -> Any:
    """The options of the building taking effect (``bk`` its kind, ``side``) and what each
    gives and takes: ``opt``, ``r``, ``o`` the action's option and resources, ``d{r}`` the
    resource deltas, ``dw`` the hand's workers, ``dp`` the points (one case per
    building)."""
    e = _Effect(v, p, n)
    rows = [*_production_rows(e), *_market_rows(e), *_guild_rows(e), *_craft_rows(e),
            *_alchemist_rows(e)]
    bk = p["bk"]
    return disj(*(conj(disj(*(bk == k for k in kinds)), row) for kinds, row in rows))


# ---------------------------------------------------------------------------
# Phase 2, activation ("ФАЗА 2. АКТИВАЦИЯ", model/caylus/activation.py): a building's
# effect, a building built by the carpenter or stonemason, a house by the lawyer, the
# provost moved on the bridge, an effect declined (the owner's bonus all the same)
# ---------------------------------------------------------------------------

def _deltas(s: State, p: Params, n: int) -> None:
    for j in range(n):
        for r in RS:
            s[res(j, r)] = s[res(j, r)] + ite(p["i"] == j, p[f"d{r}"], 0)


def _bonus(s: State, p: Params, n: int) -> None:
    """The stone production's owner's bonus: ``bq`` (0/1) of resource ``br`` to ``bo``."""
    for j in range(n):
        for r in PLAIN[:3]:
            s[res(j, r)] = s[res(j, r)] + ite(conj(p["bo"] == j, p["br"] == r), p["bq"], 0)


def _use(s: State, p: Params, n: int) -> None:
    _deltas(s, p, n)
    add_at(s, "hand", p["i"], n, p["dw"])
    add_at(s, "camp", p["i"], n, -p["dw"])
    add_at(s, "pp", p["i"], n, p["dp"])
    _bonus(s, p, n)


def _bonus_guard(v: Vars, p: Params) -> Any:
    """The owner's bonus goes to another player, only while a road worker activates."""
    bo = p["bo"]
    return conj(bo != p["i"], implies(bo == -1, p["bq"] == 0),
                implies(bo != -1, conj(v["stage"] == S_ACT, v["favour"] == 0)))


def _effect_time(v: Vars) -> Any:
    """A worker activating (or the favour's site building taking effect)."""
    return disj(v["favour"] == 1, conj(v["stage"] == S_ACT, v["favour"] == 0))


def _affords(v: Vars, p: Params, n: int) -> Any:
    return conj(*(_res_at(v, p["i"], r, n) + p[f"d{r}"] >= 0 for r in RS))


def _use_guard(v: Vars, p: Params, n: int) -> Any:
    return conj(_effect_time(v), implies(v["favour"] == 1, p["side"] == 0),
                _affords(v, p, n), effect_rows(v, p, n), _bonus_guard(v, p))


def _bonus_domain(p: Params, n: int) -> Any:
    return conj(in_range(p["bo"], -1, n - 1), in_range(p["bq"], 0, 1),
                in_range(p["br"], 0, 2))


def _use_domain(p: Params, n: int) -> Any:
    return conj(_seat(p, n), in_range(p["bk"], -1, D.N_KINDS - 1), _bits(p, "side"),
                in_range(p["opt"], 0, 1), in_range(p["r"], -1, 3), in_range(p["o"], -1, 3),
                conj(*(in_range(p[x], -10, 2) for x in DELTAS)), in_range(p["dw"], -4, 5),
                in_range(p["dp"], 0, 9), _bonus_domain(p, n))


#: the rules a rejected effect cites (``effects.rule_of``): every building's
EFFECT_RULES = tuple(sorted({effects.rule_of(k) for k in range(D.N_KINDS)}))
USE = Spec("use", ("i", "bk", "side", "opt", "r", "o", *DELTAS, "dw", "dp", "bo", "bq", "br"),
           _use_domain, _use_guard, _use, rules=EFFECT_RULES)


#: per ``build`` kind (``BUILDABLE`` order): fixed cost, 'any' icons, points
B_FIXED = tuple(D.COST[k][0] for k in BUILDABLE)
B_ANYS = tuple(D.COST[k][1] for k in BUILDABLE)
B_PTS = tuple(D.PRESTIGE_POINTS[k] for k in BUILDABLE)
#: per prestige kind: cost and points
P_COST = tuple(D.COST[k][0] for k in D.PRESTIGE_KINDS)
P_PTS = tuple(D.PRESTIGE_POINTS[k] for k in D.PRESTIGE_KINDS)
N_WOOD = len(D.WOOD_KINDS)


def build_cost(p: Params, r: int) -> Any:
    """What ``build`` takes of resource ``r``: the kind's fixed cost (the stonemason's
    set-up side leaves out a stone building's stone) and the 'any' icon paid in ``e``."""
    k = p["k"]
    fixed = pick([c[r] for c in B_FIXED], k)
    if r == D.STONE:
        fixed = fixed - ite(conj(p["sm"] == 1, k >= N_WOOD), 1, 0)
    return fixed + ite(p["e"] == r, 1, 0)


def _pay(s: State, p: Params, n: int, cost: Callable[[Params, int], Any]) -> None:
    for j in range(n):
        for r in RS:
            s[res(j, r)] = s[res(j, r)] - ite(p["i"] == j, cost(p, r), 0)


def _build(s: State, p: Params, n: int) -> None:
    _pay(s, p, n, build_cost)
    i, k = p["i"], p["k"]
    add_at(s, "houses", i, n, -1)
    add_at(s, "owned", i, n, 1)
    add_at(s, "pp", i, n, pick(B_PTS, k) + p["a"])
    wood = k < N_WOOD
    s["free"] = s["free"] - 1
    s["road.wood"] = s["road.wood"] + ite(wood, 1, 0)
    s["road.stone"] = s["road.stone"] + ite(wood, 0, 1)
    s["supply.wood"] = s["supply.wood"] - ite(wood, 1, 0)
    s["supply.stone"] = s["supply.stone"] - ite(wood, 0, 1)
    take_stock(s, "sw", k, wood)
    take_stock(s, "ss", k - N_WOOD, neg(wood))


def _build_guard(v: Vars, p: Params, n: int) -> Any:
    i, k, e = p["i"], p["k"], p["e"]
    wood = k < N_WOOD
    anys = pick(B_ANYS, k)
    return conj(_effect_time(v), at(v, "houses", i, n) >= 1, v["free"] >= 1,
                ite(wood, stock(v, "sw", k), stock(v, "ss", k - N_WOOD)) >= 1,
                ite(wood, 1, 2) == p["at"],
                ite(anys == 0, e == -1, in_range(e, 0, 3)),
                *(_res_at(v, i, r, n) >= build_cost(p, r) for r in RS))


def _build_domain(p: Params, n: int) -> Any:
    return conj(_seat(p, n), in_range(p["k"], 0, len(BUILDABLE) - 1), in_range(p["e"], -1, 3),
                in_range(p["at"], 0, 2), _bits(p, "sm", "a"))


BUILD = Spec("build", ("i", "k", "e", "sm", "at", "a"), _build_domain, _build_guard, _build,
             rules=(RB.BUILDING_CARPENTER, RB.BUILDING_STONEMASON))


def _claim(s: State, p: Params, n: int) -> None:
    i = p["i"]
    for j in range(n):
        s[res(j, D.FABRIC)] = s[res(j, D.FABRIC)] - ite(i == j, 1, 0)
    add_at(s, "houses", i, n, -1)
    add_at(s, "owned", i, n, 1)


def _claim_guard(v: Vars, p: Params, n: int) -> Any:
    i = p["i"]
    return conj(_effect_time(v), _res_at(v, i, D.FABRIC, n) >= 1, at(v, "houses", i, n) >= 1)


CLAIM = Spec("claim", ("i",), _seat, _claim_guard, _claim)


def _move(s: State, p: Params, n: int) -> None:
    s["provost"] = s["provost"] + p["k"]
    add_at(s, "hand", p["i"], n, -p["b"])
    add_at(s, "camp", p["i"], n, p["b"])


def _move_guard(v: Vars, p: Params, n: int) -> Any:
    """The provost moved within the road, by a worker from hand on the bridge."""
    k, b = p["k"], p["b"]
    stage = v["stage"]
    return conj(v["favour"] == 0, disj(stage == S_ACT, stage == S_BRIDGE, stage == S_BAILIFF),
                in_range(v["provost"] + k, D.PROVOST_MIN, D.PROVOST_MAX),
                implies(b == 1, conj(stage == S_BRIDGE, at(v, "hand", p["i"], n) >= 1)))


MOVE_PROVOST = Spec("move-provost", ("i", "k", "b"),
                    lambda p, n: conj(_seat(p, n), in_range(p["k"], -2, 2), p["k"] != 0,
                                      _bits(p, "b")),
                    _move_guard, _move, rules=(RB.BUILDING_PROVOST_BOUNDS,))


def _decline_guard(v: Vars, p: Params, n: int) -> Any:
    stage = v["stage"]
    return conj(stage >= S_EARLY, stage <= S_PRESTIGE,
                disj(stage != S_PLAN, v["favour"] == 1), _bonus_guard(v, p))


DECLINE = Spec("decline", ("i", "bo", "bq", "br"),
               lambda p, n: conj(_seat(p, n), _bonus_domain(p, n)), _decline_guard, _bonus)


# ---------------------------------------------------------------------------
# Favours ("ПРИВИЛЕГИЯ", model/caylus/favour.py): a character stolen, or a construction
# site building's effect (``use``) then a character taken
# ---------------------------------------------------------------------------

STEAL_CHARACTER = Spec("steal-character", ("i",), _seat, lambda v, p, n: v["favour"] == 1,
                       _nothing)
USE_SITE = Spec("use-site", ("i",), _seat, lambda v, p, n: v["favour"] == 1, _nothing)


# ---------------------------------------------------------------------------
# Phase 3, delivery ("ФАЗА 3. ДОСТАВКА", model/caylus/delivery.py): a bundle a step
# ---------------------------------------------------------------------------

def _deliver(s: State, p: Params, n: int) -> None:
    for j in range(n):
        for r in RS:
            s[res(j, r)] = s[res(j, r)] - ite(p["i"] == j, p[f"b{r}"], 0)
    add_at(s, "pp", p["i"], n, BUNDLE_PP + p["f"] + D.GOLDSMITH_PP * p["gs"])


def _deliver_guard(v: Vars, p: Params, n: int) -> Any:
    """Three cubes, one food and two other kinds (the chamberlain: any three); the
    goldsmith's point with a gold."""
    b = [p[f"b{r}"] for r in RS]
    plain_bundle = conj(b[D.FOOD] == 1, *(in_range(x, 0, 1) for x in b[1:]))
    return conj(_no_favour(v, S_DELIVERY),
                sum(b, start=z3.IntVal(0)) == 3,
                *(_res_at(v, p["i"], r, n) >= b[r] for r in RS),
                implies(p["ch"] == 0, plain_bundle),
                implies(p["gs"] == 1, b[D.GOLD] >= 1))


DELIVER = Spec("deliver", ("i", *(f"b{r}" for r in RS), "ch", "f", "gs"),
               lambda p, n: conj(_seat(p, n), *(in_range(p[f"b{r}"], 0, 3) for r in RS),
                                 _bits(p, "ch", "f", "gs")),
               _deliver_guard, _deliver, rules=(RB.DELIVERY_BUNDLE,))


# ---------------------------------------------------------------------------
# Phase 4, stewardship ("ФАЗА 4. УПРАВЛЕНИЕ", model/caylus/stewardship.py): a prestige
# building on a residence
# ---------------------------------------------------------------------------

def prestige_cost(p: Params, r: int) -> Any:
    return pick([c[r] for c in P_COST], p["k"])


def _prestige(s: State, p: Params, n: int) -> None:
    _pay(s, p, n, prestige_cost)
    add_at(s, "pp", p["i"], n, pick(P_PTS, p["k"]) + p["a"])
    s["supply.prestige"] = s["supply.prestige"] - 1
    s["road.prestige"] = s["road.prestige"] + 1
    s["road.start"] = s["road.start"] - 1
    take_stock(s, "sp", p["k"])


def _prestige_guard(v: Vars, p: Params, n: int) -> Any:
    i = p["i"]
    return conj(_no_favour(v, S_PRESTIGE), stock(v, "sp", p["k"]) >= 1,
                v["road.start"] >= 1,
                *(_res_at(v, i, r, n) >= prestige_cost(p, r) for r in RS))


BUILD_PRESTIGE = Spec("build-prestige", ("i", "k", "a"),
                      lambda p, n: conj(_seat(p, n),
                                        in_range(p["k"], 0, len(D.PRESTIGE_KINDS) - 1),
                                        _bits(p, "a")),
                      _prestige_guard, _prestige, rules=(RB.STEWARDSHIP_PRESTIGE,))


# ---------------------------------------------------------------------------
# The tail: the automatic steps after a player's choice (the workers back to the camp,
# stewardship's recruitment and the provost's reset, the next round, and the end of the
# game's 2 PP per gold, model/caylus/end.py), and the limited supply
# ---------------------------------------------------------------------------

def tail(s: State, p: Params, n: int) -> None:
    """The automatic steps after a player's choice (see the module docstring)."""
    for j in range(n):
        ret, rec = p[f"t.ret{j}"], p[f"t.rec{j}"]
        s[f"board{j}"] = s[f"board{j}"] - ret
        s[f"hand{j}"] = s[f"hand{j}"] + rec
        s[f"camp{j}"] = s[f"camp{j}"] + ret - rec
        s[res(j, D.FOOD)] = s[res(j, D.FOOD)] + p[f"t.food{j}"]
        s[res(j, D.FABRIC)] = s[res(j, D.FABRIC)] + p[f"t.fab{j}"]
        s[f"pp{j}"] = s[f"pp{j}"] + ite(p["t.st"] == S_OVER, D.GOLD_PP * s[res(j, D.GOLD)], 0)
    s["round"] = s["round"] + p["t.nr"]
    s["provost"] = ite(p["t.reset"] == 1, p["t.prov"], s["provost"])
    s["stage"] = p["t.st"]
    s["favour"] = p["t.fv"]


def tail_guard(pre: Vars, mid: State, p: Params, n: int) -> Any:
    """What the model's automatic steps may do (see the module docstring)."""
    nr, reset, st, fv = p["t.nr"], p["t.reset"], p["t.st"], p["t.fv"]
    over = st == S_OVER
    per = []
    for j in range(n):
        ret, rec, food, fab, due = (p[f"t.{x}{j}"]
                                    for x in ("ret", "rec", "food", "fab", "due"))
        camp = mid[f"camp{j}"] + ret
        per.append(conj(ret >= 0, ret <= mid[f"board{j}"], rec >= 0,
                        rec <= camp, in_range(food, 0, 1), in_range(fab, 0, 1),
                        implies(reset == 0, conj(rec == 0, food == 0, fab == 0)),
                        # recruitment: the workers due, as many as the camp holds
                        implies(reset == 1, rec == ite(due <= camp, due, camp))))
    return conj(
        *per,
        in_range(nr, 0, 1), in_range(reset, 0, 1), in_range(fv, 0, 1),
        in_range(p["t.prov"], D.PROVOST_MIN, D.PROVOST_MAX),
        in_range(st, S_DRAFT, S_OVER),
        reset == ite(disj(nr == 1, over), 1, 0),
        implies(nr == 1, pre["round"] < D.ROUNDS),
        implies(over, conj(pre["round"] == D.ROUNDS, nr == 0, fv == 0)),
        implies(st <= S_PLAN, fv == 0),
        implies(st == S_DRAFT, conj(pre["stage"] == S_DRAFT, reset == 0)),
        implies(pre["stage"] >= S_EARLY, st >= S_EARLY),
    )


def within_supply(post: State, n: int) -> Any:
    """Under supply=limited, the players hold at most each resource's tokens."""
    return implies(post["opt.limited"] == 1, conj(*(
        sum((post[res(j, r)] for j in range(n)), start=z3.IntVal(0)
            if z3.is_expr(post[res(0, r)]) else 0) <= D.RESOURCE_TOKENS[r] for r in RS)))


# ---------------------------------------------------------------------------
# The kinds, composed
# ---------------------------------------------------------------------------

SPECS = (DRAW_TILE, FIRST_PLAYER, DRAW_CHARACTER, TAKE_CHARACTER, PLACE, PLACE_ON_SITE, PASS,
         USE, BUILD, CLAIM, MOVE_PROVOST, DECLINE, STEAL_CHARACTER, USE_SITE, DELIVER,
         BUILD_PRESTIGE)
SPEC = {s.name: s for s in SPECS}


def direct_post(spec: Spec, v: Vars, p: Params, n: int) -> State:
    s = dict(v)
    spec.direct(s, p, n)
    return s


def full_post(spec: Spec, v: Vars, p: Params, n: int) -> State:
    s = direct_post(spec, v, p, n)
    if spec.player:
        tail(s, p, n)
    return s


def make_kind(spec: Spec, n: int) -> ActionKind:
    tparams = tail_params(n) if spec.player else ()

    def domain(p: Params) -> Any:
        return spec.domain(p, n)

    def guard(v: Vars, p: Params) -> Any:
        g = conj(v["stage"] != S_OVER, spec.guard(v, p, n))
        if not spec.player:
            return g
        mid = direct_post(spec, v, p, n)
        post = dict(mid)
        tail(post, p, n)
        return conj(_alive(v), g, tail_guard(v, mid, p, n), within_supply(post, n))

    def update(v: Vars, p: Params) -> dict[str, Any]:
        post = full_post(spec, v, p, n)
        return {k: t for k, t in post.items() if t is not v[k]}

    return ActionKind(spec.name, (*spec.params, *tparams), domain, guard, update, spec.rules)


# ===========================================================================
# The invariant I, one function a part (``invariant_parts``' names)
# ===========================================================================


def _non_negative(v: Vars, n: int) -> Any:
    counts = [v[x] for x in ("drawn", "tiles", "site", "free", "road.start", "road.wood",
                             "road.stone", "road.prestige", "supply.wood", "supply.stone",
                             "supply.prestige")]
    for i in range(n):
        counts += [v[f"{x}{i}"] for x in PER_PLAYER if x != "pp"]
        counts += [v[res(i, r)] for r in RS]
    return z3.And(*(c >= 0 for c in counts))


def _setup(v: Vars, n: int) -> Any:
    """The set-up's stages: tiles, wood and stone buildings drawn, then the characters;
    until the first planning nothing is owned or on the board."""
    stage, chars, site = v["stage"], v["drawn"], v["site"]
    return z3.And(
        z3.Implies(stage <= S_STONE, chars == 0),
        z3.Implies(stage == S_TILES, z3.And(v["tiles"] >= 1, v["supply.wood"] == 9,
                                            v["supply.stone"] == 9,
                                            site == z3.If(v["tiles"] == 9, 0, 1))),
        z3.Implies(stage == S_WOOD, z3.And(
            v["tiles"] == 0, v["supply.stone"] == 9,
            z3.Or(z3.And(site == 1, v["supply.wood"] == 9),
                  z3.And(site == 2, v["supply.wood"] == 8)))),
        z3.Implies(stage == S_STONE, z3.And(
            v["tiles"] == 0, v["supply.wood"] == 7,
            z3.Or(z3.And(site == 2, v["supply.stone"] == 9),
                  z3.And(site == 3, v["supply.stone"] == 8)))),
        z3.Implies(stage >= S_FIRST, z3.And(v["tiles"] == 0, site == 3)),
        z3.Implies(stage == S_FIRST, chars == 0),
        z3.Implies(stage == S_CHARS, chars < n + 3),
        z3.Implies(stage >= S_DRAFT, chars == n + 3),
        z3.Implies(stage <= S_DRAFT, z3.And(v["round"] == 1, v["favour"] == 0,
                                            v["road.prestige"] == 0,
                                            *(v[f"owned{i}"] == 0 for i in range(n)),
                                            *(v[f"board{i}"] == 0 for i in range(n)))),
    )


def _buildings_conserved(v: Vars) -> Any:
    site = v["site"]
    return z3.And(
        v["free"] + PRINTED + v["road.start"] + v["road.wood"] + v["road.stone"]
        + v["road.prestige"] == D.ROAD_SPACES,
        v["tiles"] + v["road.start"] + v["road.prestige"] + flag(site >= 1)
        == sum(D.START_TILE_COUNTS),
        v["supply.wood"] + v["road.wood"] + flag(site >= 2) == len(D.WOOD_KINDS),
        v["supply.stone"] + v["road.stone"] + flag(site >= 3) == len(D.STONE_KINDS),
        v["supply.prestige"] + v["road.prestige"] == len(D.PRESTIGE_KINDS),
        site <= D.SITE_SLOTS,
    )


def _stock_kinds(v: Vars) -> Any:
    return z3.And(
        *(z3.And(v[f"{x}{k}"] >= 0, v[f"{x}{k}"] <= (D.START_TILE_COUNTS[k] if x == "st"
                                                     else 1))
          for x, count, _ in STOCKS for k in range(count)),
        *(v[total] == z3.Sum(*(v[f"{x}{k}"] for k in range(count)))
          for total, (x, count, _) in zip(("tiles", "supply.wood", "supply.stone",
                                           "supply.prestige"), STOCKS, strict=True)))


def _turn_structure(v: Vars, n: int) -> Any:
    stage = v["stage"]
    return z3.And(
        stage >= S_TILES, stage <= S_OVER, v["round"] >= 1, v["round"] <= D.ROUNDS,
        z3.Or(v["favour"] == 0, v["favour"] == 1),
        z3.Implies(stage <= S_PLAN, v["favour"] == 0),
        z3.Implies(stage == S_OVER, z3.And(v["favour"] == 0,
                                           v["round"] == D.ROUNDS)),
        v["provost"] >= D.PROVOST_MIN, v["provost"] <= D.PROVOST_MAX, _setup(v, n))


def _parts(v: Vars, n: int) -> dict[str, Any]:
    ps = range(n)
    return {
        "options": z3.And(z3.Or(v["opt.limited"] == 0, v["opt.limited"] == 1),
                          z3.Or(v["opt.freemarket"] == 0, v["opt.freemarket"] == 1)),
        "workers-conserved": z3.And(*(v[f"hand{i}"] + v[f"camp{i}"] + v[f"board{i}"]
                                      == D.WORKERS for i in ps)),
        "houses-conserved": z3.And(*(v[f"houses{i}"] + v[f"owned{i}"] == D.HOUSES - 1
                                     for i in ps)),
        "buildings-conserved": _buildings_conserved(v),
        "stock-kinds": _stock_kinds(v),
        "non-negative": _non_negative(v, n),
        "within-supply": within_supply(dict(v), n),
        "score-bounds": z3.And(*(z3.And(v[f"pp{i}"] >= 0,
                                        z3.Implies(v["stage"] <= S_DRAFT, v[f"pp{i}"] == 0))
                                 for i in ps)),
        "turn-structure": _turn_structure(v, n),
    }


# ===========================================================================
# Legal-action completeness by witnesses
# ===========================================================================


def _first_in_stock(v: Vars, prefix: str, skip: tuple[int, ...]) -> Any:
    """The first kind of a stock with one left (not among ``skip``)."""
    count = next(c for x, c, _ in STOCKS if x == prefix)
    out: Any = z3.IntVal(0)
    for k in range(count - 1, -1, -1):
        if k not in skip:
            out = z3.If(v[f"{prefix}{k}"] >= 1, k, out)
    return out


def _witnesses(v: Vars, n: int) -> list[tuple[str, Params]]:
    """A tile drawn, the first player, a character, and with no tail the draft, a pass
    or a decline."""
    zeros: dict[str, Any] = {x: z3.IntVal(0) for x in tail_params(n)}
    zeros["t.prov"] = z3.IntVal(D.PROVOST_MIN)

    def tailed(**kw: Any) -> dict[str, Any]:
        out = dict(zeros)
        out["t.st"] = v["stage"]
        out["t.fv"] = v["favour"]
        out.update({k: int_term(x) for k, x in kw.items()})
        return out

    stage = v["stage"]
    return [
        ("draw-tile", {"m": stage, "k": z3.If(stage == S_TILES, _first_in_stock(v, "st", ()),
                                              z3.If(stage == S_WOOD,
                                                    _first_in_stock(v, "sw", (8,)),
                                                    _first_in_stock(v, "ss", ()))),
                       "s": z3.If(v["site"] == stage, 1, 0)}),
        ("first-player", {"seat": z3.IntVal(0), "fg": z3.IntVal(0)}),
        ("draw-character", {}),
        ("take-character", tailed(i=0, **{"t.fv": 0})),
        ("pass", tailed(i=0)),
        ("decline", tailed(i=0, bo=-1, bq=0, br=0)),
    ]


# ===========================================================================
# The encoding
# ===========================================================================


class CaylusEncoding(Encoding[CaylusState, Action]):
    game = "caylus"
    variables = variables_for(MAX_PLAYERS)
    monotone_scores = True
    #: no window bound: under supply=unlimited the final 2 PP per gold has no limit, and
    #: the window prover takes no scope; over k steps the gain is at most the sum of the
    #: per-step bounds
    bound_steps = 1
    #: a garden built by the architect's holder (caylus/character.architect: a point more),
    #: and the round's end recruiting for it (caylus/stewardship.recruitment: 2 workers),
    #: which the sample's games seldom reach (no prestige building is built in most
    #: games): an eager 5-player game (seed 13) does both at step 363
    openings = (Opening((), 364, players=5, policy="eager", seed=13),)

    def __init__(self) -> None:
        self._kinds: dict[int, tuple[ActionKind, ...]] = {}

    def variables_for(self, players: int) -> tuple[str, ...]:
        return variables_for(players)

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        found = self._kinds.get(players)
        if found is None:
            found = self._kinds[players] = tuple(make_kind(s, players) for s in SPECS)
        return found

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(f"pp{i}" for i in range(players))

    def bound_scope(self, v: Vars, players: int) -> tuple[str, Any]:
        """Under supply=unlimited (the default) a player's gold has no limit, nor the final
        2 PP per gold: that bound is proved under supply=limited (15 gold tokens)."""
        return "supply=limited (15 gold tokens)", v["opt.limited"] == 1

    def terminal(self, v: Vars, players: int) -> Any:
        return v["stage"] == S_OVER

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        return _parts(v, players)

    def cases(self, v: Vars, players: int) -> list[Any]:
        """One case per stage (the guards dispatch on it)."""
        return [v["stage"] == s for s in range(len(STAGES))]

    def completeness_witnesses(self, v: Vars, players: int) -> list[tuple[str, Params]]:
        return _witnesses(v, players)

    # -- the model side ----------------------------------------------------------------------
    def project(self, state: CaylusState) -> dict[str, int]:
        for known, values in _PROJECTED:
            if known is state:
                return dict(values)
        values = _project(state)
        _PROJECTED.insert(0, (state, values))
        del _PROJECTED[6:]
        return dict(values)

    def classify(self, state: CaylusState, action: Action) -> tuple[str, dict[str, int]]:
        return _classify(state, action, self.project)


# ===========================================================================
# Projection and classification (the model side)
# ===========================================================================

#: the material of a road space's building kind (the last entry: -1, an empty space)
_MATERIAL = (*D.MATERIAL, -1)
#: the last few projections (the faithfulness check projects each state more than once)
_PROJECTED: list[tuple[CaylusState, dict[str, int]]] = []
#: the last few model steps classify applied: (state, action, next state or None)
_APPLIED: list[tuple[CaylusState, Action, CaylusState | None]] = []


def _project(state: CaylusState) -> dict[str, int]:
    mats = [_MATERIAL[k] for k in state.road]
    out = {
        "stage": ST[state.stage], "favour": int(state.favour is not None),
        "round": state.round, "provost": state.provost,
        "drawn": len(state.characters) - state.characters.count(D.BOX),
        "tiles": sum(state.start_tiles),
        "site": D.SITE_SLOTS - state.site.count(-1),
        "free": mats.count(-1), "road.start": mats.count(D.START),
        "road.wood": mats.count(D.WOODEN), "road.stone": mats.count(D.STONEN),
        "road.prestige": mats.count(D.PRESTIGE),
        "supply.wood": sum(state.wood_supply), "supply.stone": sum(state.stone_supply),
        "supply.prestige": sum(state.prestige_supply),
        "opt.limited": int(state.config.option("supply") == "limited"),
        "opt.freemarket": int(state.config.option("favour_market") == "free"),
    }
    for prefix, counts in (("st", state.start_tiles), ("sw", state.wood_supply),
                           ("ss", state.stone_supply), ("sp", state.prestige_supply)):
        for k, x in enumerate(counts):
            out[f"{prefix}{k}"] = x
    first, second, site, owner = (state.first_worker, state.second_worker,
                                  state.site_workers, state.owner)
    for i, pl in enumerate(state.players):
        out[f"hand{i}"] = pl.workers
        out[f"camp{i}"] = pl.camp
        out[f"board{i}"] = first.count(i) + second.count(i) + site.count(i)
        out[f"houses{i}"] = pl.houses
        out[f"owned{i}"] = owner.count(i)
        out[f"pp{i}"] = pl.prestige
        for r, x in enumerate(pl.resources):
            out[f"res{i}.{r}"] = x
    return out


def _apply(state: CaylusState, action: Action) -> CaylusState | None:
    """The model's next state (None: the model rejects the action), remembered for the
    few calls one classification makes."""
    for s, a, after in _APPLIED:
        if s is state and a == action:
            return after
    try:
        nxt: CaylusState | None = GAME.apply(state, action)
    except IllegalAction:
        nxt = None
    _APPLIED.insert(0, (state, action, nxt))
    del _APPLIED[4:]
    return nxt


def _int(x: Any) -> int:
    return int(x) if isinstance(x, int) else -1000


def _actor(state: CaylusState) -> int:
    return GAME.actor(state)


def _setup_params(state: CaylusState, action: Action) -> tuple[str, dict[str, int]] | None:
    """The set-up's chance steps (None: another action)."""
    if isinstance(action, DrawTile):
        kind = _int(action.kind)
        material = D.MATERIAL[kind] if 0 <= kind < D.N_KINDS else -1
        m = {D.START: 0, D.WOODEN: 1, D.STONEN: 2}.get(material, -1)
        first = (D.FARM, D.WOOD_FARM, D.STONE_FARM)[m] if m >= 0 else 0
        return "draw-tile", {"m": m, "k": kind - first, "s": int(state.fill == 0)}
    if isinstance(action, FirstPlayer):
        return "first-player", {"seat": _int(action.seat),
                                "fg": int(state.config.option("characters") == "first-game")}
    if isinstance(action, DrawCharacter):
        return "draw-character", {}
    return None


def _place_params(state: CaylusState, action: PlaceWorker | PlaceOnSite, i: int
                  ) -> tuple[str, dict[str, int]]:
    """A placement's cost, and the owner paid and his points (the thief's holder pays
    none; the steward's holder gets 2 or 3 under ``steward``)."""
    c = _placement_cost(state, i) if state.stage in (Stage.EARLY, Stage.PLANNING) else 1
    if isinstance(action, PlaceOnSite):
        return "place-on-site", {"i": i, "c": c}
    s = _int(action.space)
    owner = state.owner[s] if 0 <= s < D.ROAD_SPACES else -1
    gift = 0
    if owner >= 0 and owner != i and _holder(state, D.THIEF) != i:
        gift = 1
        if _holder(state, D.STEWARD) == owner:
            gift = 2 if state.config.option("steward") == "two" else 3
    if gift == 0:
        owner = -1
    return "place", {"i": i, "c": c, "o": owner, "g": gift}


def _deliver_params(state: CaylusState, action: Deliver, i: int) -> dict[str, int]:
    bundle = tuple(action.bundle)
    if len(bundle) != NR:
        raise ValueError("not a bundle of five counts")
    return {"i": i, **{f"b{r}": _int(bundle[r]) for r in RS},
            "ch": int(_holder(state, D.CHAMBERLAIN) == i),
            "f": int(_holder(state, D.FOREMAN) == i),
            "gs": int(_int(bundle[D.GOLD]) > 0 and _holder(state, D.GOLDSMITH) == i
                      and not state.goldsmith_used)}


def _build_params(state: CaylusState, action: Build, i: int) -> dict[str, int]:
    k = _int(action.kind)
    activating, side = _activating(state)
    at_ = (1 if activating in (D.CARPENTER, D.START_CARPENTER) else
           2 if activating == D.STONEMASON else 0)
    return {"i": i, "k": BUILDABLE.index(k) if k in BUILDABLE else -1,
            "e": _int(action.extra),
            "sm": int(activating == D.STONEMASON and side == 0), "at": at_,
            "a": int(_holder(state, D.ARCHITECT) == i)}


def _use_params(state: CaylusState, action: Use, i: int) -> dict[str, int]:
    """The building's kind and side, the option, and what its effect alone changed."""
    after = _effect_only(state, action, i)
    old, new = state.players[i], after.players[i]
    bk, side = _activating(state)
    out = {"i": i, "bk": bk, "side": side, "opt": _int(action.option),
           "r": _int(action.resource), "o": _int(action.other),
           **{f"d{r}": new.resources[r] - old.resources[r] for r in RS},
           "dw": new.workers - old.workers, "dp": new.prestige - old.prestige,
           "bo": -1, "bq": 0, "br": 0}
    out.update(_bonus_params(state, after, i))
    return out


def _direct_params(state: CaylusState, action: Action) -> tuple[str, dict[str, int]]:
    """The kind of ``action`` and its own parameters, read off the state (and, for an
    effect, off the model's effect alone)."""
    chance = _setup_params(state, action)
    if chance is not None:
        return chance
    i = _actor(state)
    if isinstance(action, PlaceWorker | PlaceOnSite):
        return _place_params(state, action, i)
    if isinstance(action, Decline):
        return "decline", {"i": i, **_bonus_params(state, _owner_bonus_only(state), i)}
    if isinstance(action, MoveProvost):
        b = int(state.stage is Stage.BRIDGE and state.favour is None)
        return "move-provost", {"i": i, "k": _int(action.steps), "b": b}
    if isinstance(action, Deliver):
        return "deliver", _deliver_params(state, action, i)
    if isinstance(action, BuildPrestige):
        k = _int(action.kind)
        return "build-prestige", {"i": i, "k": k - D.GARDEN if k in D.PRESTIGE_KINDS else -1,
                                  "a": int(_holder(state, D.ARCHITECT) == i)}
    if isinstance(action, Build):
        return "build", _build_params(state, action, i)
    for kind, name in _SEAT_ONLY:
        if isinstance(action, kind):
            return name, {"i": i}
    assert isinstance(action, Use)
    return "use", _use_params(state, action, i)


def _classify(state: CaylusState, action: Action,
              project: Callable[[CaylusState], dict[str, int]]) -> tuple[str, dict[str, int]]:
    """The kind and parameters of ``action``: its own, and for a player's the tail's, read
    off the model's next state (``project``: the encoding's projection)."""
    n = state.config.players
    name, params = _direct_params(state, action)
    spec = SPEC[name]
    if not spec.player:
        return name, params
    pre = project(state)
    mid = direct_post(spec, pre, params, n)
    after = _apply(state, action)
    post = mid if after is None else project(after)
    params.update(_tail_params(pre, mid, post, n))
    if params["t.reset"] and after is not None:
        params.update({f"t.due{j}": _recruitment_due(after, j) for j in range(n)})
    return name, params


#: the actions whose only parameter is the actor
_SEAT_ONLY = ((TakeCharacter, "take-character"), (Pass, "pass"),
              (StealCharacter, "steal-character"), (UseSite, "use-site"), (Claim, "claim"))


def _bonus_params(state: CaylusState, after: CaylusState, i: int) -> dict[str, int]:
    """The owner's bonus: another player whose resources ``after`` changed."""
    for j, (a, b) in enumerate(zip(state.players, after.players, strict=True)):
        if j != i and a.resources != b.resources:
            r = next(r for r in RS if a.resources[r] != b.resources[r])
            return {"bo": j, "bq": b.resources[r] - a.resources[r], "br": r}
    return {"bo": -1, "bq": 0, "br": 0}


def _owner_bonus_only(state: CaylusState) -> CaylusState:
    """The state after a declining road worker's owner's bonus (the building activated)."""
    if state.stage is not Stage.ACTIVATION or state.favour is not None or state.slot != 0:
        return state
    kind = state.road[state.cursor]
    if kind not in STONE_PRODUCTION:
        return state
    return _owner_bonus(state, state.cursor, kind)


def _recruitment_due(state: CaylusState, seat: int) -> int:
    """The workers ``seat`` recruits at a round's end, on the road of ``state`` (the road
    stays as it was at the recruitment): the base, a worker a residence he owns, 2 with his
    garden, 1 for the day labourer's holder (caylus/stewardship.recruitment)."""
    due = D.RECRUIT[state.config.players]
    for s in range(D.ROAD_SPACES):
        k = state.road[s]
        if state.owner[s] != seat or k < 0:
            continue
        if D.MATERIAL[k] == D.START and state.side[s] == 1:
            due += RESIDENCE_WORKERS
        elif k == D.GARDEN:
            due += GARDEN_WORKERS
    return due + (DAY_LABOURER_WORKERS if _holder(state, D.DAY_LABOURER) == seat else 0)


def _holder(state: CaylusState, character: int) -> int:
    """The seat holding ``character`` (-1: nobody, or the box)."""
    h = state.characters[character]
    return h if h >= 0 else -1


def _placement_cost(state: CaylusState, seat: int) -> int:
    """Workers a placement takes, restated from the rules (not ``planning.cost``):
    caylus/character.early-riser, the early riser's placement returns 1 more (2 in all);
    caylus/planning.extra-cost, once someone passed (a house on the bridge) each placement
    returns 1 more, except caylus/character.night-worker's."""
    if state.stage is Stage.EARLY:
        return 2
    passed = len(state.bridge) > 0
    return 2 if passed and _holder(state, D.NIGHT_WORKER) != seat else 1


#: caylus/building.stone-produce: the stone farm, sawmill and quarry, whose owner gets a
#: bonus resource when another player activates them (the resource each produces)
STONE_PRODUCTION = frozenset((D.STONE_FARM, D.STONE_SAWMILL, D.STONE_QUARRY))


def _owner_bonus(state: CaylusState, space: int, kind: int) -> CaylusState:
    """caylus/building.owner-bonus, restated (not the model's activation step): the owner of
    the stone production building at ``space`` gets 1 of its resource, unless a worker of
    his own is on it; under supply=limited only while tokens are left in the supply."""
    owner = state.owner[space]
    if owner < 0 or owner in (state.first_worker[space], state.second_worker[space]):
        return state
    r = D.PRODUCES[kind]
    held = sum(pl.resources[r] for pl in state.players)
    if state.config.option("supply") == "limited" and held >= D.RESOURCE_TOKENS[r]:
        return state
    players = list(state.players)
    pl = players[owner]
    gained = tuple(q + (1 if x == r else 0) for x, q in enumerate(pl.resources))
    players[owner] = attrs.evolve(pl, resources=gained)
    return attrs.evolve(state, players=tuple(players))


def _activating(state: CaylusState) -> tuple[int, int]:
    """The building (kind, side) whose effect is now chosen: the favour's site building or
    the road's activating one (-1: none)."""
    fav = state.favour
    if fav is not None:
        return (state.site[fav.slot], 0) if fav.slot >= 0 else (-1, 0)
    if state.stage is Stage.ACTIVATION:
        return state.road[state.cursor], state.side[state.cursor]
    return -1, 0


def _effect_only(state: CaylusState, action: Action, i: int) -> CaylusState:
    """The state after the effect of ``action`` alone (no automatic steps after it); the
    state itself when the model rejects it."""
    if _apply(state, action) is None:
        return state
    fav = state.favour
    if fav is not None:
        kind, side = state.site[fav.slot], 0
    else:
        kind, side = state.road[state.cursor], state.side[state.cursor]
    after = effects.apply(state, i, kind, side, action)
    if fav is None and state.slot == 0 and kind in STONE_PRODUCTION:
        after = _owner_bonus(after, state.cursor, kind)
    return after


def _tail_params(pre: dict[str, int], mid: State, post: dict[str, int], n: int
                 ) -> dict[str, int]:
    out: dict[str, int] = {}
    for j in range(n):
        out[f"t.ret{j}"] = mid[f"board{j}"] - post[f"board{j}"]
        out[f"t.rec{j}"] = post[f"hand{j}"] - mid[f"hand{j}"]
        out[f"t.food{j}"] = post[res(j, D.FOOD)] - mid[res(j, D.FOOD)]
        out[f"t.fab{j}"] = post[res(j, D.FABRIC)] - mid[res(j, D.FABRIC)]
        out[f"t.due{j}"] = 0
    nr = post["round"] - pre["round"]
    over = post["stage"] == S_OVER
    reset = int(nr == 1 or over)
    out.update({"t.nr": nr, "t.reset": reset,
                "t.prov": post["provost"] if reset else D.PROVOST_MIN,
                "t.st": post["stage"], "t.fv": post["favour"]})
    return out


ENCODING = CaylusEncoding()
