"""The Z3 encoding of base Catan (``model.catan``).

Projection (integers; ``p{i}.`` prefixes a player's variables, resources ``r`` and
development cards ``c`` in the model's order):

* counters: ``stage`` (the index of :class:`~model.catan.state.Stage` in its declared
  order: 0 terrain ... 13 over), ``turn``, ``turns``, ``placement``, ``snode`` (1 while a
  set-up settlement awaits its road), ``dw``/``dr`` (the roll, 0 before it), ``devp``
  (a card played this turn), ``built``, ``trades``, ``offers``, ``free`` (free roads
  left), ``victim`` (-1 none), ``robber`` (its hex, -1 before the variable board has its
  desert), ``longest``/``army`` (holders, -1 none), ``winner`` (-1 none);
* the variant options that change numeric play: ``opt.separate`` (``phases``),
  ``opt.oneowed`` (``shortage``), ``opt.knight`` (``before-roll``), ``opt.spiral``
  (``tokens``), ``opt.afterrobber`` (``knight-win``), ``opt.remains`` (``plenty``),
  ``opt.unplayable`` (``road-stuck``), ``opt.optional`` (``road-second``),
  ``opt.freebuild`` (``free-roads``), ``opt.anyrate`` (``rate``);
* cards: ``bank{r}``, ``deck{c}``, ``played{c}``; per player ``res{r}`` (hand),
  ``dev{c}`` (held), ``new{c}`` (of those, bought this turn), ``knights``;
* pieces and points: per player ``roads``, ``settlements``, ``cities``, ``len`` (longest
  road), ``vp`` (public points), ``score`` (the model's score: ``vp`` plus victory point
  cards), ``disc`` (cards still to discard on a 7);
* the board's chance steps as counts: ``ter{t}`` (terrain hexes of kind t laid),
  ``tok{j}`` (tokens of ``data.NUMBERS[j]`` laid), ``hb{k}`` (harbours of kind k laid);
* the domestic offer: ``oph`` (0 none, 1 build, 2 respond, 3 counter, 4 consider,
  5 choose), ``oresp`` (the responder, -1 none), ``ogive{r}``, ``oget{r}``,
  ``ocgive{r}``, ``ocget{r}`` (the offer and counter-offer, seen from the player on
  turn), ``oacc{j}`` (1 when seat j accepted).

One kind per model action type, except that a placement is a kind per stage
(``setup-settlement``/``build-settlement``, ``setup-road``/``build-road``/``free-road``)
and an ``OfferCard`` that opens an offer in the main phase is ``open-offer``. Every
automatic consequence (production and the bank shortage, the 7's discards, the longest
road and largest army cards, public points, the win after every step, the end of the
turn and the turn limit) is in the updates, so every projected variable updates exactly.

Geometry (which intersection, path or hex) is not projected. What the guards cannot
compute from counts is a parameter that ``classify`` takes from the model (the
abstractions), each bounded by the guard as far as counts allow:

* ``site`` of a settlement, ``ok`` of a road, a city, a robber hex: whether the model's
  placement rule holds for that spot (distance rule and connection, a free connected
  path, the player's own settlement, a hex the robber may go to); ``vok`` whether the
  named victim is one the model allows there (-1 exactly when nobody there has cards);
  the guard adds the numeric parts (costs, pieces in stock, the victim's cards, another
  hex than the robber's);
* ``nl{j}`` (a settlement) and ``nlen`` (a road): the road lengths after the placement;
  a settlement leaves its builder's length and only shortens the others', a road never
  shortens its owner's and no road is longer than the roads placed; the card and the
  points then follow exactly (``roads.award_longest``);
* ``g{r}`` of the second set-up settlement: the producing hexes of each resource next to
  it (at most 3 in all; the bank pays what it holds);
* ``owe{i}.{r}`` of a roll: the cards each player is owed, restated from the rule over the
  board tables (not ``production.owed``); at most
  ``settlements + 2 * cities`` per player for each hex with the rolled number (at most 2
  such hexes, 1 for a 2 or a 12), none on a 7; the bank shortage is then exact;
* ``rate`` of a maritime trade: the player's rate for the card given (2, 3 or 4); of a
  trade at a named rate (``maritime-trade-at``, ``rate=any``): the rate named, with
  ``best`` the player's best rate for the card and ``has`` whether the named rate is one
  the player has (4 always, 3 with a generic harbour, 2 with the card's own), restated
  over the harbour table (not ``trade.has_rate``);
* ``more`` after a free road and ``open`` after a road-building card: whether the model
  finds a free road to place next (possible only with a road left in stock);
* ``desert`` of the last terrain step: the desert's hex (where the robber starts).

Score variables: ``p{i}.score``. One action gives its player at most 3 points (a
settlement whose placement breaks the longest road, which then passes to its builder).
"""

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import z3

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Action,
    Answer,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    Counter,
    Dice,
    Discard,
    Draw,
    EndTurn,
    LayHarbour,
    LayTerrain,
    LayToken,
    MaritimeTrade,
    MaritimeTradeAt,
    MoveRobber,
    OfferCard,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Propose,
    RollDice,
    SpiralCorner,
    Steal,
    StopRoadBuilding,
    TradeWith,
    Withdraw,
)
from rules_oracle.model.catan.build import road_connected, site_free
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.seven import robber_targets, victims
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.catan.trade import rates
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.stated import Stated
from rules_oracle.solver.encoding import ActionKind, Encoding, Opening, Params, Vars
from rules_oracle.solver.terms import ONE, Z, between, flag, int_term, pn, select, sum_of

STAGES = tuple(Stage)
STAGE_CODE = {s: i for i, s in enumerate(STAGES)}
(TERRAIN, TOKENS, HARBOURS, SETUP, PRE_ROLL, DICE, DISCARD, ROBBER, STEAL, MAIN, DRAW,
 ROAD_BUILDING, TRADE, OVER) = (STAGE_CODE[s] for s in (
     Stage.TERRAIN, Stage.TOKENS, Stage.HARBOURS, Stage.SETUP, Stage.PRE_ROLL, Stage.DICE,
     Stage.DISCARD, Stage.ROBBER, Stage.STEAL, Stage.MAIN, Stage.DRAW, Stage.ROAD_BUILDING,
     Stage.TRADE, Stage.OVER))
PHASES = ("", "build", "respond", "counter", "consider", "choose")
PH_CODE = {name: i for i, name in enumerate(PHASES)}
NONE, BUILD, RESPOND, COUNTER, CONSIDER, CHOOSE = range(len(PHASES))

NR = D.N_RESOURCES
ND = len(D.DEVELOPMENTS)
NT = len(D.TERRAINS)
NN = len(D.NUMBERS)
NK = len(D.HARBOUR_KINDS)
N_TOKENS = sum(D.NUMBER_COUNTS)
VP = D.VICTORY_POINT

#: the most points a player can hold: 9 before the winning step, which gives at most 3
SCORE_CAP = D.VICTORY - 1 + 3

#: catan/production.yield, restated: cards a settlement (level 1) and a city (level 2) yield
CARDS_PER_LEVEL = (0, 1, 2)
#: catan/seven.discard, restated from its quote ("every player holding more than 7 discards
#: half"), not read from the model's data: the hand a 7 leaves whole
DISCARD_ABOVE = 7
#: the constants this encoding restates from the rules' quotes
STATED = (Stated("DISCARD_ABOVE", DISCARD_ABOVE, RB.SEVEN_DISCARD),)

# the model's own bounds the counters rely on
assert D.FREE_ROADS == 2 and D.PLENTY_CARDS == 2


# ---------------------------------------------------------------------------
# Variable names
# ---------------------------------------------------------------------------

OPTIONS = ("opt.separate", "opt.oneowed", "opt.knight", "opt.spiral", "opt.afterrobber",
           "opt.remains", "opt.unplayable", "opt.optional", "opt.freebuild", "opt.anyrate")
COUNTERS = ("stage", "turn", "turns", "placement", "snode", "dw", "dr", "devp", "built",
            "trades", "offers", "free", "victim", "robber", "longest", "army", "winner")
PLAYER_SCALARS = ("knights", "roads", "settlements", "cities", "len", "vp", "score", "disc")


def _player_vars(i: int) -> list[str]:
    out = [pn(i, f"res{r}") for r in range(NR)]
    out += [pn(i, f"dev{c}") for c in range(ND)]
    out += [pn(i, f"new{c}") for c in range(ND)]
    out += [pn(i, x) for x in PLAYER_SCALARS]
    return out


def _offer_vars(players: int) -> list[str]:
    out = ["oph", "oresp"]
    for side in ("ogive", "oget", "ocgive", "ocget"):
        out += [f"{side}{r}" for r in range(NR)]
    out += [f"oacc{j}" for j in range(players)]
    return out


def _global_vars(players: int) -> list[str]:
    out = [*COUNTERS, *OPTIONS]
    out += [f"bank{r}" for r in range(NR)]
    out += [f"deck{c}" for c in range(ND)] + [f"played{c}" for c in range(ND)]
    out += [f"ter{t}" for t in range(NT)] + [f"tok{j}" for j in range(NN)]
    out += [f"hb{k}" for k in range(NK)]
    out += _offer_vars(players)
    return out


def _res(v: Vars, i: int) -> list[Any]:
    return [v[pn(i, f"res{r}")] for r in range(NR)]


def _cards(v: Vars, i: int) -> Any:
    return sum_of(_res(v, i))


def _of(v: Vars, who: Any, name: str, players: int, default: Any = Z) -> Any:
    """Player ``who``'s variable ``name`` (``who`` a term)."""
    return select(who, [v[pn(i, name)] for i in range(players)], default)


def _placer(players: int, k: Any) -> Any:
    """The seat making set-up placement ``k`` (snake order)."""
    return z3.If(k < players, k, 2 * players - 1 - k)


def _placed(players: int, i: int, k: Any) -> Any:
    """Set-up placements of seat ``i`` among the first ``k``."""
    return flag(k > i) + flag(k > 2 * players - 1 - i)


def _public(post: Mapping[str, Any], i: int) -> Any:
    return (post[pn(i, "settlements")] + 2 * post[pn(i, "cities")]
            + D.SPECIAL_VP * flag(post["longest"] == i) + D.SPECIAL_VP * flag(post["army"] == i))


def _max(terms: list[Any]) -> Any:
    out = terms[0]
    for t in terms[1:]:
        out = z3.If(t > out, t, out)
    return out


def award_longest(lengths: list[Any], holder: Any) -> Any:
    """``roads.award_longest`` over terms."""
    best = _max(lengths)
    leaders = sum_of([flag(n == best) for n in lengths])
    leader = sum_of([z3.If(n == best, i, 0) for i, n in enumerate(lengths)])
    holder_best = z3.And(holder >= 0, select(holder, lengths, z3.IntVal(-1)) == best)
    return z3.If(best < D.LONGEST_ROAD_MIN, -1,
                 z3.If(holder_best, holder, z3.If(leaders == 1, leader, -1)))


def award_army(knights: list[Any], holder: Any, player: Any) -> Any:
    """``roads.award_army`` over terms (``player`` just played a knight)."""
    mine = select(player, knights)
    return z3.If(mine < D.LARGEST_ARMY_MIN, holder,
                 z3.If(z3.Or(holder < 0, mine > select(holder, knights)), player, holder))


# ---------------------------------------------------------------------------
# Update helpers
# ---------------------------------------------------------------------------


class Up:
    """An update under construction: additive changes and assignments."""

    def __init__(self, v: Vars, players: int) -> None:
        self.v = v
        self.players = players
        self.delta: dict[str, list[Any]] = {}
        self.set: dict[str, Any] = {}

    def add(self, name: str, delta: Any) -> None:
        self.delta.setdefault(name, []).append(int_term(delta))

    def add_player(self, who: Any, name: str, delta: Any) -> None:
        """Add ``delta`` to player ``who``'s ``name`` (``who`` an int or a term)."""
        for i in range(self.players):
            if isinstance(who, int):
                if who == i:
                    self.add(pn(i, name), delta)
            else:
                self.add(pn(i, name), z3.If(who == i, delta, 0))

    def put(self, name: str, value: Any) -> None:
        self.set[name] = int_term(value)

    def terms(self) -> dict[str, Any]:
        out = {k: self.v[k] + sum_of(ds) for k, ds in self.delta.items()}
        out.update(self.set)
        return out


def _pay(u: Up, who: Any, cost: tuple[int, ...]) -> None:
    for r, n in enumerate(cost):
        if n:
            u.add_player(who, f"res{r}", -n)
            u.add(f"bank{r}", n)


def _covers(v: Vars, who: Any, need: list[Any], players: int) -> Any:
    return z3.And(*(_of(v, who, f"res{r}", players) >= need[r] for r in range(NR)))


def _can_pay(v: Vars, players: int, cost: tuple[int, ...]) -> Any:
    return z3.And(*(_of(v, v["turn"], f"res{r}", players) >= n
                    for r, n in enumerate(cost) if n))


def _refresh(v: Vars, up: dict[str, Any], players: int) -> dict[str, Any]:
    """Public points and scores of every player recomputed from the post-state."""
    post = {**v, **up}
    out = dict(up)
    for i in range(players):
        vp = _public(post, i)
        out[pn(i, "vp")] = vp
        out[pn(i, "score")] = vp + post[pn(i, f"dev{VP}")]
    return out


def robber_pending(v: Mapping[str, Any]) -> Any:
    """``scoring.robber_pending``: a knight's robber to move first (knight-win=after-robber)."""
    return z3.And(v["opt.afterrobber"] == 1, z3.Or(v["stage"] == ROBBER, v["stage"] == STEAL))


def _finish(v: Vars, up: dict[str, Any], players: int) -> dict[str, Any]:
    """``scoring.finish``: the player on turn with 10 points wins at once."""
    post = {**v, **up}
    score = select(post["turn"], [post[pn(i, "score")] for i in range(players)])
    over = z3.And(post["turns"] >= 1, post["stage"] != OVER, z3.Not(robber_pending(post)),
                  score >= D.VICTORY)
    out = dict(up)
    out["stage"] = z3.If(over, OVER, post["stage"])
    out["winner"] = z3.If(over, post["turn"], post["winner"])
    for name in _offer_vars(players):
        cleared = -1 if name == "oresp" else 0
        out[name] = z3.If(over, cleared, post[name])
    return out


def _after_card(v: Vars) -> Any:
    """``turn.after_roll_or_card``: the main phase once rolled, else before the roll."""
    return z3.If(v["dw"] != 0, MAIN, PRE_ROLL)


def _close_offer(u: Up, players: int) -> None:
    u.put("stage", MAIN)
    for name in _offer_vars(players):
        u.put(name, -1 if name == "oresp" else 0)


def _settle_roads(v: Vars, u: Up, lengths: list[Any], changed: Any) -> None:
    """Road lengths after a placement; the longest road card when any changed."""
    players = u.players
    for i in range(players):
        u.put(pn(i, "len"), lengths[i])
    award = award_longest(lengths, v["longest"])
    u.put("longest", z3.If(changed, award, v["longest"]))

# ---------------------------------------------------------------------------
# Action kinds: how a kind is made
# ---------------------------------------------------------------------------

PLAYER_RULES = (
    RB.TURN_ACTOR,
    RB.GAME_OVER,
    RB.TURN_ROLL,
    RB.SEVEN_DISCARD,
    RB.SEVEN_ROBBER,
    RB.DEVELOPMENT_ROAD_BUILDING,
)
CHANCE_RULES = (RB.TURN_ACTOR, RB.GAME_OVER)
TRADE_RULES = (RB.TRADE_PHASE, RB.TRADE_LIMIT)
CARD_RULES = (RB.TRADE_DIFFERENT_RESOURCES, RB.TRADE_OFFER_LIMIT, RB.TRADE_HAS_CARDS)
PLAY_RULES = (RB.DEVELOPMENT_ONE_PER_TURN, RB.DEVELOPMENT_NOT_NEW, RB.DEVELOPMENT_BEFORE_ROLL)
CARD_RULE = {D.KNIGHT: RB.DEVELOPMENT_KNIGHT, D.ROAD_BUILDING: RB.DEVELOPMENT_ROAD_BUILDING,
             D.YEAR_OF_PLENTY: RB.DEVELOPMENT_YEAR_OF_PLENTY, D.MONOPOLY: RB.DEVELOPMENT_MONOPOLY}

#: a kind's parts, each given the player count first
Domain = Callable[[int, Params], Any]
Guard = Callable[[int, Vars, Params], Any]
Update = Callable[[int, Vars, Params, Up], None]


def _full_update(n: int, update: Update, refresh: bool, v: Vars, p: Params) -> dict[str, Any]:
    """A kind's update, then public points and scores (``refresh``) and the win."""
    u = Up(v, n)
    update(n, v, p, u)
    up = u.terms()
    if refresh:
        up = _refresh(v, up, n)
    return _finish(v, up, n)


def _kind(n: int, name: str, params: tuple[str, ...], domain: Domain, guard: Guard,
          update: Update, rules: tuple[str, ...], refresh: bool = False) -> ActionKind:
    """The kind ``name`` for ``n`` players: every update ends with ``scoring.finish``."""
    return ActionKind(name, params, partial(domain, n), partial(guard, n),
                      partial(_full_update, n, update, refresh), rules)


def _always(n: int, p: Params) -> Any:
    return z3.BoolVal(True)


def _turn_var(n: int, v: Vars, name: str) -> Any:
    """The variable ``name`` of the player on turn."""
    return _of(v, v["turn"], name, n)


def _laid(v: Vars, prefix: str, count: int) -> Any:
    return sum_of([v[f"{prefix}{x}"] for x in range(count)])


def _resource_domain(n: int, p: Params) -> Any:
    return between(p["resource"], 0, NR - 1)


# ---------------------------------------------------------------------------
# The board (board.py): the variable board's chance steps
# ---------------------------------------------------------------------------


def _board_next(v: Vars, ter: Any, tok: Any, hb: Any) -> Any:
    """``setup._board_stage`` from the laid counts (after a step)."""
    return z3.If(ter < B.N_HEXES, TERRAIN,
                 z3.If(z3.If(v["opt.spiral"] == 1, tok == 0, tok < N_TOKENS), TOKENS,
                       z3.If(hb < B.N_HARBOURS, HARBOURS, SETUP)))


def _terrain_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["terrain"], 0, NT - 1), between(p["desert"], -1, B.N_HEXES - 1))


def _terrain_guard(n: int, v: Vars, p: Params) -> Any:
    t, desert = p["terrain"], p["desert"]
    last = _laid(v, "ter", NT) + 1 == B.N_HEXES
    return z3.And(v["stage"] == TERRAIN,
                  select(t, [v[f"ter{x}"] < D.TERRAIN_COUNTS[x] for x in range(NT)],
                         z3.BoolVal(False)),
                  z3.If(last, between(desert, 0, B.N_HEXES - 1), desert == -1))


def _terrain_update(n: int, v: Vars, p: Params, u: Up) -> None:
    t = p["terrain"]
    for x in range(NT):
        u.add(f"ter{x}", flag(t == x))
    ter = _laid(v, "ter", NT) + 1
    u.put("robber", z3.If(ter == B.N_HEXES, p["desert"], v["robber"]))
    u.put("stage", _board_next(v, ter, _laid(v, "tok", NN), _laid(v, "hb", NK)))


def lay_terrain(n: int) -> ActionKind:
    """A terrain hex laid (the desert's hex, where the robber starts, on the last)."""
    return _kind(n, "lay-terrain", ("terrain", "desert"), _terrain_domain, _terrain_guard,
                 _terrain_update, (*CHANCE_RULES, RB.BOARD_VARIABLE_TERRAIN))


def _corner_domain(n: int, p: Params) -> Any:
    return z3.Or(*(p["hex"] == h for h in B.CORNERS))


def _corner_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == TOKENS, v["opt.spiral"] == 1)


def _corner_update(n: int, v: Vars, p: Params, u: Up) -> None:
    for j in range(NN):
        u.put(f"tok{j}", D.NUMBER_COUNTS[j])
    u.put("stage", _board_next(v, _laid(v, "ter", NT), z3.IntVal(N_TOKENS),
                               _laid(v, "hb", NK)))


def spiral_corner(n: int) -> ActionKind:
    """The spiral's corner: every token laid at once."""
    return _kind(n, "spiral-corner", ("hex",), _corner_domain, _corner_guard, _corner_update,
                 (*CHANCE_RULES, RB.BOARD_SPIRAL))


def _token_index(number: Any) -> Any:
    return select(number, [z3.IntVal(D.NUMBERS.index(x)) if x in D.NUMBERS else
                           z3.IntVal(-1) for x in range(max(D.NUMBERS) + 1)],
                  z3.IntVal(-1))


def _token_domain(n: int, p: Params) -> Any:
    return z3.Or(*(p["number"] == x for x in D.NUMBERS))


def _token_guard(n: int, v: Vars, p: Params) -> Any:
    j = _token_index(p["number"])
    return z3.And(v["stage"] == TOKENS, v["opt.spiral"] == 0,
                  select(j, [v[f"tok{x}"] < D.NUMBER_COUNTS[x] for x in range(NN)],
                         z3.BoolVal(False)))


def _token_update(n: int, v: Vars, p: Params, u: Up) -> None:
    j = _token_index(p["number"])
    for x in range(NN):
        u.add(f"tok{x}", flag(j == x))
    u.put("stage", _board_next(v, _laid(v, "ter", NT), _laid(v, "tok", NN) + 1,
                               _laid(v, "hb", NK)))


def lay_token(n: int) -> ActionKind:
    """A number token laid at random."""
    return _kind(n, "lay-token", ("number",), _token_domain, _token_guard, _token_update,
                 (*CHANCE_RULES, RB.COMPONENTS_TOKENS))


def _harbour_domain(n: int, p: Params) -> Any:
    return between(p["kind"], 0, NK - 1)


def _harbour_guard(n: int, v: Vars, p: Params) -> Any:
    k = p["kind"]
    return z3.And(v["stage"] == HARBOURS,
                  select(k, [v[f"hb{x}"] < D.HARBOUR_COUNTS[x] for x in range(NK)],
                         z3.BoolVal(False)))


def _harbour_update(n: int, v: Vars, p: Params, u: Up) -> None:
    k = p["kind"]
    for x in range(NK):
        u.add(f"hb{x}", flag(k == x))
    u.put("stage", _board_next(v, _laid(v, "ter", NT), _laid(v, "tok", NN),
                               _laid(v, "hb", NK) + 1))


def lay_harbour(n: int) -> ActionKind:
    """A harbour laid (shuffled harbours)."""
    return _kind(n, "lay-harbour", ("kind",), _harbour_domain, _harbour_guard, _harbour_update,
                 (*CHANCE_RULES, RB.COMPONENTS_HARBOURS))


# ---------------------------------------------------------------------------
# Set-up (setup.py): snake-order settlements and roads
# ---------------------------------------------------------------------------


def _nl(n: int) -> tuple[str, ...]:
    """The parameters of every player's road length after a settlement."""
    return tuple(f"nl{j}" for j in range(n))


def _lengths_ok(n: int, v: Vars, p: Params, builder: Any) -> Any:
    """A settlement keeps its builder's road length and only shortens the others'."""
    nl = _nl(n)
    return z3.And(*(z3.If(builder == j, p[nl[j]] == v[pn(j, "len")],
                          z3.And(p[nl[j]] >= 0, p[nl[j]] <= v[pn(j, "len")]))
                    for j in range(n)))


def _settle(n: int, v: Vars, p: Params, u: Up) -> None:
    """A settlement of the player on turn (``build.place_settlement``)."""
    nl = _nl(n)
    u.add_player(v["turn"], "settlements", 1)
    lengths = [p[nl[j]] for j in range(n)]
    changed = z3.Or(*(p[nl[j]] != v[pn(j, "len")] for j in range(n)))
    _settle_roads(v, u, lengths, changed)


def _nl_domain(n: int, p: Params) -> Any:
    nl = _nl(n)
    return z3.And(*(between(p[nl[j]], 0, D.ROADS) for j in range(n)))


def _setup_settlement_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["site"], 0, 1), _nl_domain(n, p),
                  *(between(p[f"g{r}"], 0, 3) for r in range(NR)))


def _setup_settlement_guard(n: int, v: Vars, p: Params) -> Any:
    gains = [p[f"g{r}"] for r in range(NR)]
    return z3.And(v["stage"] == SETUP, v["snode"] == 0, p["site"] == 1,
                  _turn_var(n, v, "settlements") < D.SETTLEMENTS,
                  _lengths_ok(n, v, p, v["turn"]),
                  z3.If(v["placement"] >= n, sum_of(gains) <= 3,
                        z3.And(*(g == 0 for g in gains))))


def _setup_settlement_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _settle(n, v, p, u)
    for r in range(NR):
        got = z3.If(p[f"g{r}"] <= v[f"bank{r}"], p[f"g{r}"], v[f"bank{r}"])
        u.add_player(v["turn"], f"res{r}", got)
        u.add(f"bank{r}", -got)
    u.put("snode", 1)


def setup_settlement(n: int) -> ActionKind:
    """A set-up settlement; the second takes a card of each producing hex next to it."""
    return _kind(n, "setup-settlement", ("site", *_nl(n), *(f"g{r}" for r in range(NR))),
                 _setup_settlement_domain, _setup_settlement_guard, _setup_settlement_update,
                 (*PLAYER_RULES, RB.SETUP_SNAKE, RB.BUILD_DISTANCE, RB.COMPONENTS_PIECES),
                 refresh=True)


def _road_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["ok"], 0, 1), between(p["nlen"], 0, D.ROADS))


def _lay_road(n: int, v: Vars, p: Params, u: Up) -> None:
    """A road of the player on turn (``build.place_road``)."""
    me = v["turn"]
    u.add_player(me, "roads", 1)
    old = _turn_var(n, v, "len")
    lengths = [z3.If(me == j, p["nlen"], v[pn(j, "len")]) for j in range(n)]
    _settle_roads(v, u, lengths, p["nlen"] != old)


def _road_guard(n: int, v: Vars, p: Params) -> Any:
    old = _turn_var(n, v, "len")
    return z3.And(p["ok"] == 1, p["nlen"] >= old,
                  p["nlen"] <= _turn_var(n, v, "roads") + 1)


def _setup_road_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == SETUP, v["snode"] == 1, _road_guard(n, v, p))


def _setup_road_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _lay_road(n, v, p, u)
    k = v["placement"] + 1
    last = k == 2 * n
    u.put("placement", k)
    u.put("snode", 0)
    u.put("turn", z3.If(last, 0, _placer(n, k)))
    u.put("turns", z3.If(last, 1, v["turns"]))
    u.put("stage", z3.If(last, PRE_ROLL, SETUP))


def setup_road(n: int) -> ActionKind:
    """A set-up road at the settlement just placed; the next placer in snake order."""
    return _kind(n, "setup-road", ("ok", "nlen"), _road_domain, _setup_road_guard,
                 _setup_road_update,
                 (*PLAYER_RULES, RB.SETUP_SNAKE, RB.BUILD_ROAD_FREE_PATH,
                  RB.SETUP_ROAD_AT_SETTLEMENT),
                 refresh=True)


# ---------------------------------------------------------------------------
# The turn (turn.py): the roll and the end of the turn
# ---------------------------------------------------------------------------


def _roll_guard(n: int, v: Vars, p: Params) -> Any:
    return v["stage"] == PRE_ROLL


def _roll_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.put("stage", DICE)


def roll_dice(n: int) -> ActionKind:
    """The player on turn rolls: the dice, a chance step, follow."""
    return _kind(n, "roll-dice", (), _always, _roll_guard, _roll_update, PLAYER_RULES)


def _end_guard(n: int, v: Vars, p: Params) -> Any:
    return v["stage"] == MAIN


def _end_update(n: int, v: Vars, p: Params, u: Up) -> None:
    me = v["turn"]
    for c in range(ND):
        for i in range(n):
            u.put(pn(i, f"new{c}"), z3.If(me == i, 0, v[pn(i, f"new{c}")]))
    limit = v["turns"] >= D.TURN_LIMIT
    u.put("stage", z3.If(limit, OVER, PRE_ROLL))
    u.put("turn", z3.If(limit, me, z3.If(me + 1 == n, 0, me + 1)))
    u.put("turns", z3.If(limit, v["turns"], v["turns"] + 1))
    for name in ("dw", "dr", "devp", "built", "trades", "offers"):
        u.put(name, z3.If(limit, v[name], 0))


def end_turn(n: int) -> ActionKind:
    """The end of the turn: cards bought become playable, the next seat or the turn limit."""
    return _kind(n, "end-turn", (), _always, _end_guard, _end_update, PLAYER_RULES)


# ---------------------------------------------------------------------------
# Production (production.py): the dice
# ---------------------------------------------------------------------------


def _owe(n: int) -> tuple[tuple[int, int, str], ...]:
    """(player, resource, parameter) of the cards a roll owes."""
    return tuple((i, r, f"owe{i}.{r}") for i in range(n) for r in range(NR))


def _dice_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["white"], 1, 6), between(p["red"], 1, 6),
                  *(between(p[name], 0, 4 * D.CITIES + 2 * D.SETTLEMENTS)
                    for _, _, name in _owe(n)))


def _dice_guard(n: int, v: Vars, p: Params) -> Any:
    owe = _owe(n)
    total = p["white"] + p["red"]
    hexes = z3.If(z3.Or(total == 2, total == 12), 1, 2)
    per_player = []
    for i in range(n):
        got = sum_of([p[name] for j, _, name in owe if j == i])
        per_player.append(
            got <= hexes * (v[pn(i, "settlements")] + 2 * v[pn(i, "cities")]))
    return z3.And(v["stage"] == DICE, *per_player,
                  z3.Implies(total == D.ROBBER_ROLL,
                             z3.And(*(p[name] == 0 for _, _, name in owe))))


def _seven_discards(n: int, v: Vars, seven: Any, u: Up) -> list[Any]:
    """catan/seven.discard: every hand over ``DISCARD_ABOVE`` owes half on a 7."""
    discards = []
    for i in range(n):
        cards = _cards(v, i)
        d = z3.If(z3.And(seven, cards > DISCARD_ABOVE), cards / 2, 0)
        discards.append(d)
        u.put(pn(i, "disc"), d)
    return discards


def _produce(n: int, v: Vars, p: Params, u: Up) -> None:
    """The cards owed, each resource in full when the bank has them all, else to the only
    player owed under ``shortage=one-owed``, else to nobody."""
    for r in range(NR):
        due = [p[f"owe{i}.{r}"] for i in range(n)]
        total_r = sum_of(due)
        bank = v[f"bank{r}"]
        full = total_r <= bank
        single = sum_of([flag(x > 0) for x in due]) == 1
        rest = z3.And(single, v["opt.oneowed"] == 1)
        for i in range(n):
            u.add(pn(i, f"res{r}"),
                  z3.If(full, due[i], z3.If(z3.And(rest, due[i] > 0), bank, 0)))
        u.put(f"bank{r}", z3.If(full, bank - total_r, z3.If(rest, 0, bank)))


def _dice_update(n: int, v: Vars, p: Params, u: Up) -> None:
    total = p["white"] + p["red"]
    seven = total == D.ROBBER_ROLL
    u.put("dw", p["white"])
    u.put("dr", p["red"])
    discards = _seven_discards(n, v, seven, u)
    any_discard = z3.Or(*(d > 0 for d in discards))
    u.put("stage", z3.If(seven, z3.If(any_discard, DISCARD, ROBBER), MAIN))
    _produce(n, v, p, u)


def dice(n: int) -> ActionKind:
    """The dice: production, or on a 7 the discards due and the robber."""
    return _kind(n, "dice", ("white", "red", *(name for _, _, name in _owe(n))),
                 _dice_domain, _dice_guard, _dice_update, (*CHANCE_RULES, RB.TURN_ROLL))


# ---------------------------------------------------------------------------
# The 7 (seven.py): discards, the robber, the steal
# ---------------------------------------------------------------------------


def _discarder(n: int, v: Vars) -> Any:
    """``seven.discarder``: seat order from the player on turn."""
    firsts = []
    for t in range(n):
        out: Any = z3.IntVal(-1)
        for k in reversed(range(n)):
            seat = (t + k) % n
            out = z3.If(v[pn(seat, "disc")] > 0, seat, out)
        firsts.append(out)
    return select(v["turn"], firsts, z3.IntVal(-1))


def _discard_guard(n: int, v: Vars, p: Params) -> Any:
    who = _discarder(n, v)
    return z3.And(v["stage"] == DISCARD,
                  select(p["resource"], [_of(v, who, f"res{r}", n) > 0
                                         for r in range(NR)], z3.BoolVal(False)))


def _discard_update(n: int, v: Vars, p: Params, u: Up) -> None:
    who = _discarder(n, v)
    r = p["resource"]
    for x in range(NR):
        u.add_player(who, f"res{x}", -flag(r == x))
        u.add(f"bank{x}", flag(r == x))
    u.add_player(who, "disc", -1)
    left = sum_of([v[pn(i, "disc")] for i in range(n)]) - 1
    u.put("stage", z3.If(left > 0, DISCARD, ROBBER))


def discard(n: int) -> ActionKind:
    """A card discarded on a 7 by the next player who owes one."""
    return _kind(n, "discard", ("resource",), _resource_domain, _discard_guard,
                 _discard_update, PLAYER_RULES)


def _robber_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["hex"], 0, B.N_HEXES - 1), between(p["victim"], -1, n - 1),
                  between(p["ok"], 0, 1), between(p["vok"], 0, 1))


def _robber_guard(n: int, v: Vars, p: Params) -> Any:
    victim = p["victim"]
    return z3.And(v["stage"] == ROBBER, p["ok"] == 1, p["vok"] == 1,
                  p["hex"] != v["robber"],
                  z3.Or(victim == -1, z3.And(victim != v["turn"], select(
                      victim, [_cards(v, i) for i in range(n)]) > 0)))


def _robber_update(n: int, v: Vars, p: Params, u: Up) -> None:
    victim = p["victim"]
    u.put("robber", p["hex"])
    u.put("victim", victim)
    u.put("stage", z3.If(victim < 0, _after_card(v), STEAL))


def move_robber(n: int) -> ActionKind:
    """The robber to another hex, and the victim named."""
    return _kind(n, "move-robber", ("hex", "victim", "ok", "vok"), _robber_domain,
                 _robber_guard, _robber_update, (*PLAYER_RULES, RB.SEVEN_STEAL))


def _steal_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == STEAL, select(
        p["resource"], [_of(v, v["victim"], f"res{r}", n) > 0 for r in range(NR)],
        z3.BoolVal(False)))


def _steal_update(n: int, v: Vars, p: Params, u: Up) -> None:
    r = p["resource"]
    for x in range(NR):
        u.add_player(v["victim"], f"res{x}", -flag(r == x))
        u.add_player(v["turn"], f"res{x}", flag(r == x))
    u.put("victim", -1)
    u.put("stage", _after_card(v))


def steal(n: int) -> ActionKind:
    """A card drawn at random from the victim's hand."""
    return _kind(n, "steal", ("resource",), _resource_domain, _steal_guard, _steal_update,
                 (*CHANCE_RULES, RB.SEVEN_STEAL))


# ---------------------------------------------------------------------------
# Building (build.py): settlements, roads, cities, development cards
# ---------------------------------------------------------------------------


def _build_settlement_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["site"], 0, 1), _nl_domain(n, p))


def _build_settlement_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == MAIN, p["site"] == 1,
                  _turn_var(n, v, "settlements") < D.SETTLEMENTS,
                  _can_pay(v, n, D.SETTLEMENT_COST), _lengths_ok(n, v, p, v["turn"]))


def _build_settlement_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _pay(u, v["turn"], D.SETTLEMENT_COST)
    _settle(n, v, p, u)
    u.put("built", 1)


def build_settlement(n: int) -> ActionKind:
    return _kind(n, "build-settlement", ("site", *_nl(n)), _build_settlement_domain,
                 _build_settlement_guard, _build_settlement_update,
                 (*PLAYER_RULES, RB.BUILD_DISTANCE, RB.COMPONENTS_PIECES,
                  RB.BUILD_SETTLEMENT_CONNECTED, RB.BUILD_SETTLEMENT_COST),
                 refresh=True)


def _build_road_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == MAIN, _turn_var(n, v, "roads") < D.ROADS,
                  _can_pay(v, n, D.ROAD_COST), _road_guard(n, v, p))


def _build_road_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _pay(u, v["turn"], D.ROAD_COST)
    _lay_road(n, v, p, u)
    u.put("built", 1)


def build_road(n: int) -> ActionKind:
    return _kind(n, "build-road", ("ok", "nlen"), _road_domain, _build_road_guard,
                 _build_road_update,
                 (*PLAYER_RULES, RB.BUILD_ROAD_FREE_PATH, RB.COMPONENTS_PIECES,
                  RB.BUILD_ROAD_CONNECTED, RB.BUILD_ROAD_COST),
                 refresh=True)


def _ok_domain(n: int, p: Params) -> Any:
    return between(p["ok"], 0, 1)


def _city_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == MAIN, p["ok"] == 1, _turn_var(n, v, "settlements") >= 1,
                  _turn_var(n, v, "cities") < D.CITIES, _can_pay(v, n, D.CITY_COST))


def _city_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _pay(u, v["turn"], D.CITY_COST)
    u.add_player(v["turn"], "settlements", -1)
    u.add_player(v["turn"], "cities", 1)
    u.put("built", 1)


def build_city(n: int) -> ActionKind:
    return _kind(n, "build-city", ("ok",), _ok_domain, _city_guard, _city_update,
                 (*PLAYER_RULES, RB.BUILD_CITY_UPGRADE, RB.COMPONENTS_PIECES,
                  RB.BUILD_CITY_COST),
                 refresh=True)


def _buy_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == MAIN, _laid(v, "deck", ND) > 0,
                  _can_pay(v, n, D.DEVELOPMENT_COST))


def _buy_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _pay(u, v["turn"], D.DEVELOPMENT_COST)
    u.put("built", 1)
    u.put("stage", DRAW)


def buy_development(n: int) -> ActionKind:
    """A development card paid for; the draw, a chance step, follows."""
    return _kind(n, "buy-development", (), _always, _buy_guard, _buy_update,
                 (*PLAYER_RULES, RB.BUILD_DEVELOPMENT_DECK, RB.BUILD_DEVELOPMENT_COST))


def _draw_domain(n: int, p: Params) -> Any:
    return between(p["card"], 0, ND - 1)


def _draw_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == DRAW, select(
        p["card"], [v[f"deck{c}"] > 0 for c in range(ND)], z3.BoolVal(False)))


def _draw_update(n: int, v: Vars, p: Params, u: Up) -> None:
    card = p["card"]
    for c in range(ND):
        u.add(f"deck{c}", -flag(card == c))
        u.add_player(v["turn"], f"dev{c}", flag(card == c))
        u.add_player(v["turn"], f"new{c}", flag(card == c))
    u.add_player(v["turn"], "score", flag(card == VP))
    u.put("stage", MAIN)


def draw(n: int) -> ActionKind:
    return _kind(n, "draw", ("card",), _draw_domain, _draw_guard, _draw_update,
                 (*CHANCE_RULES, RB.BUILD_DEVELOPMENT_DECK))


# ---------------------------------------------------------------------------
# Development cards (development.py)
# ---------------------------------------------------------------------------


def _card_rules(card: int) -> tuple[str, ...]:
    return (*PLAYER_RULES, *PLAY_RULES, CARD_RULE[card])


def _playable(n: int, v: Vars, card: int) -> Any:
    """``development.playable`` for the player on turn."""
    held = _turn_var(n, v, f"dev{card}")
    early = z3.BoolVal(True) if card == D.KNIGHT else z3.Or(
        v["stage"] != PRE_ROLL, v["opt.knight"] == 0)
    return z3.And(z3.Or(v["stage"] == PRE_ROLL, v["stage"] == MAIN), v["devp"] == 0,
                  held > 0, held - _turn_var(n, v, f"new{card}") > 0, early)


def _play(u: Up, v: Vars, card: int) -> None:
    u.add_player(v["turn"], f"dev{card}", -1)
    u.add(f"played{card}", 1)
    u.put("devp", 1)


def _knight_guard(n: int, v: Vars, p: Params) -> Any:
    return _playable(n, v, D.KNIGHT)


def _knight_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _play(u, v, D.KNIGHT)
    me = v["turn"]
    u.add_player(me, "knights", 1)
    knights = [v[pn(i, "knights")] + flag(me == i) for i in range(n)]
    u.put("army", award_army(knights, v["army"], me))
    u.put("stage", ROBBER)


def play_knight(n: int) -> ActionKind:
    """A knight: the largest army, then the robber."""
    return _kind(n, "play-knight", (), _always, _knight_guard, _knight_update,
                 _card_rules(D.KNIGHT), refresh=True)


def _rb_domain(n: int, p: Params) -> Any:
    return between(p["open"], 0, 1)


def _rb_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(_playable(n, v, D.ROAD_BUILDING),
                  z3.Implies(v["opt.unplayable"] == 1, p["open"] == 1),
                  z3.Implies(p["open"] == 1, _turn_var(n, v, "roads") < D.ROADS))


def _rb_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _play(u, v, D.ROAD_BUILDING)
    left = D.ROADS - _turn_var(n, v, "roads")
    free = z3.If(left < D.FREE_ROADS, left, D.FREE_ROADS)
    u.put("free", z3.If(p["open"] == 1, free, 0))
    u.put("stage", z3.If(p["open"] == 1, ROAD_BUILDING, v["stage"]))


def play_road_building(n: int) -> ActionKind:
    """Road Building: up to 2 free roads, when one may be placed."""
    return _kind(n, "play-road-building", ("open",), _rb_domain, _rb_guard, _rb_update,
                 _card_rules(D.ROAD_BUILDING))


def _plenty_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["first"], 0, NR - 1), between(p["second"], 0, NR - 1),
                  p["first"] <= p["second"])


def _plenty_guard(n: int, v: Vars, p: Params) -> Any:
    a, b = p["first"], p["second"]
    bank = [v[f"bank{r}"] for r in range(NR)]
    return z3.And(_playable(n, v, D.YEAR_OF_PLENTY),
                  z3.If(a == b, z3.Or(select(a, bank) >= 2, z3.And(
                      v["opt.remains"] == 1, select(a, bank) == 1)),
                        z3.And(select(a, bank) >= 1, select(b, bank) >= 1)))


def _plenty_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _play(u, v, D.YEAR_OF_PLENTY)
    for r in range(NR):
        bank = v[f"bank{r}"]
        twice = z3.And(p["first"] == r, p["second"] == r)
        got = z3.If(twice, z3.If(bank >= 2, 2, bank),
                    flag(p["first"] == r) + flag(p["second"] == r))
        u.add_player(v["turn"], f"res{r}", got)
        u.add(f"bank{r}", -got)


def play_year_of_plenty(n: int) -> ActionKind:
    """Year of Plenty: two cards from the bank (what remains under ``plenty=what-remains``)."""
    return _kind(n, "play-year-of-plenty", ("first", "second"), _plenty_domain, _plenty_guard,
                 _plenty_update, _card_rules(D.YEAR_OF_PLENTY))


def _monopoly_guard(n: int, v: Vars, p: Params) -> Any:
    return _playable(n, v, D.MONOPOLY)


def _monopoly_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _play(u, v, D.MONOPOLY)
    me, r = v["turn"], p["resource"]
    for i in range(n):
        for x in range(NR):
            taken = sum_of([v[pn(q, f"res{x}")] for q in range(n) if q != i])
            name = pn(i, f"res{x}")
            u.put(name, z3.If(r == x, z3.If(me == i, v[name] + taken, 0), v[name]))


def play_monopoly(n: int) -> ActionKind:
    """Monopoly: every card of the named resource from the other players."""
    return _kind(n, "play-monopoly", ("resource",), _resource_domain, _monopoly_guard,
                 _monopoly_update, _card_rules(D.MONOPOLY))


def _free_road_domain(n: int, p: Params) -> Any:
    return z3.And(_road_domain(n, p), between(p["more"], 0, 1))


def _free_road_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == ROAD_BUILDING, _turn_var(n, v, "roads") < D.ROADS,
                  _road_guard(n, v, p),
                  z3.Implies(p["more"] == 1, z3.And(
                      v["free"] >= 2, _turn_var(n, v, "roads") + 1 < D.ROADS)))


def _free_road_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _lay_road(n, v, p, u)
    more = p["more"] == 1
    u.put("free", z3.If(more, v["free"] - 1, 0))
    # catan/road-building-trade-phase: under free-roads=build a free road ends trading
    u.put("built", z3.If(v["opt.freebuild"] == 1, 1, v["built"]))
    u.put("stage", z3.If(more, ROAD_BUILDING, _after_card(v)))


def free_road(n: int) -> ActionKind:
    """A free road of Road Building; ``more`` when another may follow."""
    return _kind(n, "free-road", ("ok", "nlen", "more"), _free_road_domain, _free_road_guard,
                 _free_road_update,
                 (*PLAYER_RULES, RB.BUILD_ROAD_FREE_PATH, RB.COMPONENTS_PIECES,
                  RB.BUILD_ROAD_CONNECTED),
                 refresh=True)


def _stop_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == ROAD_BUILDING, v["opt.optional"] == 1)


def _stop_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.put("free", 0)
    u.put("stage", _after_card(v))


def stop_road_building(n: int) -> ActionKind:
    """The second free road declined (``road-second=optional``)."""
    return _kind(n, "stop-road-building", (), _always, _stop_guard, _stop_update,
                 PLAYER_RULES)


# ---------------------------------------------------------------------------
# Trade (trade.py): maritime trade
# ---------------------------------------------------------------------------


def _may_trade(v: Vars) -> Any:
    return z3.And(v["stage"] == MAIN, z3.Not(z3.And(v["built"] == 1,
                                                    v["opt.separate"] == 1)),
                  v["trades"] < D.TRADES_PER_TURN)


def _maritime_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["give"], 0, NR - 1), between(p["get"], 0, NR - 1),
                  between(p["rate"], D.SPECIAL_RATE, D.BANK_RATE))


def _maritime_guard(n: int, v: Vars, p: Params) -> Any:
    g, t = p["give"], p["get"]
    return z3.And(_may_trade(v), g != t,
                  select(g, [_turn_var(n, v, f"res{r}") for r in range(NR)]) >= p["rate"],
                  select(t, [v[f"bank{r}"] for r in range(NR)]) > 0)


def _maritime_update(n: int, v: Vars, p: Params, u: Up) -> None:
    g, t = p["give"], p["get"]
    for r in range(NR):
        delta = flag(t == r) - z3.If(g == r, p["rate"], 0)
        u.add_player(v["turn"], f"res{r}", delta)
        u.add(f"bank{r}", -delta)
    u.add("trades", 1)


def maritime_trade(n: int) -> ActionKind:
    """``rate`` cards of one resource to the bank for one of another."""
    return _kind(n, "maritime-trade", ("give", "get", "rate"), _maritime_domain,
                 _maritime_guard, _maritime_update,
                 (*PLAYER_RULES, *TRADE_RULES, RB.TRADE_DIFFERENT_RESOURCES,
                  RB.TRADE_MARITIME, RB.TRADE_HAS_CARDS))


def _maritime_at_domain(n: int, p: Params) -> Any:
    return z3.And(_maritime_domain(n, p), between(p["best"], D.SPECIAL_RATE, D.BANK_RATE),
                  between(p["has"], 0, 1))


def _maritime_at_guard(n: int, v: Vars, p: Params) -> Any:
    """catan/maritime-rate=any: a rate the player has, worse than the best."""
    return z3.And(v["opt.anyrate"] == 1, p["has"] == 1, p["rate"] > p["best"],
                  _maritime_guard(n, v, p))


def maritime_trade_at(n: int) -> ActionKind:
    """A named rate worse than the player's best (``rate=any``): ``rate`` cards of one
    resource to the bank for one of another."""
    return _kind(n, "maritime-trade-at", ("give", "get", "rate", "best", "has"),
                 _maritime_at_domain, _maritime_at_guard, _maritime_update,
                 (*PLAYER_RULES, *TRADE_RULES, RB.TRADE_DIFFERENT_RESOURCES,
                  RB.TRADE_MARITIME, RB.TRADE_HAS_CARDS))


# ---------------------------------------------------------------------------
# Trade (trade.py): the domestic offer, built card by card
# ---------------------------------------------------------------------------


def _side(v: Vars, side: str) -> list[Any]:
    return [v[f"{side}{x}"] for x in range(NR)]


def _card_domain(n: int, p: Params) -> Any:
    return z3.And(between(p["give"], 0, 1), between(p["resource"], 0, NR - 1))


def _card_ok(n: int, v: Vars, p: Params, counter: Any) -> Any:
    """``trade._card_ok``: one more card on a side of the offer or counter-offer."""
    r, give = p["resource"], p["give"] == 1

    def at(side: str) -> Any:
        return select(r, _side(v, side))

    def holds(who: Any, side: str) -> Any:
        return select(r, [_of(v, who, f"res{x}", n) for x in range(NR)]) > at(side)

    plain = z3.If(give,
                  z3.And(at("oget") == 0, sum_of(_side(v, "ogive")) < D.OFFER_CARDS,
                         holds(v["turn"], "ogive")),
                  z3.And(at("ogive") == 0, sum_of(_side(v, "oget")) < D.OFFER_CARDS))
    countered = z3.If(give,
                      z3.And(at("ocgive") == 0, sum_of(_side(v, "ocget")) < D.OFFER_CARDS,
                             holds(v["oresp"], "ocget")),
                      z3.And(at("ocget") == 0, sum_of(_side(v, "ocgive")) < D.OFFER_CARDS))
    return z3.If(counter, countered, plain)


def _add_card(p: Params, u: Up, counter: Any) -> None:
    r, give = p["resource"], p["give"] == 1
    for x in range(NR):
        here = r == x
        u.add(f"ogive{x}", flag(z3.And(z3.Not(counter), give, here)))
        u.add(f"oget{x}", flag(z3.And(z3.Not(counter), z3.Not(give), here)))
        u.add(f"ocget{x}", flag(z3.And(counter, give, here)))
        u.add(f"ocgive{x}", flag(z3.And(counter, z3.Not(give), here)))


def _open_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(_may_trade(v), v["offers"] < D.OFFERS_PER_TURN, p["give"] == 1,
                  _card_ok(n, v, p, z3.BoolVal(False)))


def _open_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _add_card(p, u, z3.BoolVal(False))
    u.put("oph", BUILD)
    u.add("offers", 1)
    u.put("stage", TRADE)


def open_offer(n: int) -> ActionKind:
    """The first card given of a domestic offer opens it."""
    return _kind(n, "open-offer", ("give", "resource"), _card_domain, _open_guard,
                 _open_update,
                 (*PLAYER_RULES, *TRADE_RULES, *CARD_RULES, RB.TRADE_DOMESTIC))


def _building(v: Vars) -> Any:
    return z3.And(v["stage"] == TRADE, z3.Or(v["oph"] == BUILD, v["oph"] == COUNTER))


def _offer_card_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(_building(v), _card_ok(n, v, p, v["oph"] == COUNTER))


def _offer_card_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _add_card(p, u, v["oph"] == COUNTER)


def offer_card(n: int) -> ActionKind:
    """One more card on a side of the offer or of the counter-offer."""
    return _kind(n, "offer-card", ("give", "resource"), _card_domain, _offer_card_guard,
                 _offer_card_update, (*PLAYER_RULES, *CARD_RULES))


def _sides_filled(v: Vars) -> Any:
    return z3.If(v["oph"] == COUNTER,
                 z3.And(sum_of(_side(v, "ocgive")) > 0, sum_of(_side(v, "ocget")) > 0),
                 z3.And(sum_of(_side(v, "ogive")) > 0, sum_of(_side(v, "oget")) > 0))


def _propose_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(_building(v), _sides_filled(v))


def _propose_update(n: int, v: Vars, p: Params, u: Up) -> None:
    counter = v["oph"] == COUNTER
    u.put("oph", z3.If(counter, CONSIDER, RESPOND))
    first = z3.If(v["turn"] + 1 == n, 0, v["turn"] + 1)
    u.put("oresp", z3.If(counter, v["oresp"], first))


def propose(n: int) -> ActionKind:
    """The offer (to the next seats in turn) or the counter-offer (to the player on turn)."""
    return _kind(n, "propose", (), _always, _propose_guard, _propose_update,
                 (*PLAYER_RULES, RB.TRADE_DIFFERENT_RESOURCES))


# ---------------------------------------------------------------------------
# Trade (trade.py): answers, counter-offers and the exchange
# ---------------------------------------------------------------------------


def _next_responder(n: int, v: Vars, u: Up, accepted: list[Any]) -> None:
    """``trade._next_responder`` (``accepted``: the acceptance flags after the step)."""
    resp = v["oresp"]
    nxt = z3.If(resp + 1 == n, 0, resp + 1)
    done = nxt == v["turn"]
    anyone = z3.Or(*(a == 1 for a in accepted))
    close = z3.And(done, z3.Not(anyone))
    for j in range(n):
        u.put(f"oacc{j}", z3.If(close, 0, accepted[j]))
    u.put("oph", z3.If(done, z3.If(anyone, CHOOSE, NONE), RESPOND))
    u.put("oresp", z3.If(done, -1, nxt))
    for x in range(NR):
        u.put(f"ocgive{x}", 0)
        u.put(f"ocget{x}", 0)
        u.put(f"ogive{x}", z3.If(close, 0, v[f"ogive{x}"]))
        u.put(f"oget{x}", z3.If(close, 0, v[f"oget{x}"]))
    u.put("stage", z3.If(close, MAIN, TRADE))


def _flags(n: int, v: Vars) -> list[Any]:
    return [v[f"oacc{j}"] for j in range(n)]


def _withdraw_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == TRADE, z3.Or(v["oph"] == BUILD, v["oph"] == COUNTER,
                                             v["oph"] == CHOOSE))


def _withdraw_update(n: int, v: Vars, p: Params, u: Up) -> None:
    # in a counter-offer: the responder declines; else the offer closes
    nxt = Up(v, n)
    _next_responder(n, v, nxt, _flags(n, v))
    closed = Up(v, n)
    _close_offer(closed, n)
    a, b = nxt.terms(), closed.terms()
    counter = v["oph"] == COUNTER
    for name in sorted(set(a) | set(b)):
        u.put(name, z3.If(counter, a.get(name, v[name]), b.get(name, v[name])))


def withdraw(n: int) -> ActionKind:
    return _kind(n, "withdraw", (), _always, _withdraw_guard, _withdraw_update, PLAYER_RULES)


def _exchange(n: int, v: Vars, u: Up, other: Any, give: str, get: str) -> None:
    """``trade._exchange``: the player on turn gives ``give`` to ``other`` for ``get``."""
    for x in range(NR):
        delta = v[f"{get}{x}"] - v[f"{give}{x}"]
        u.add_player(v["turn"], f"res{x}", delta)
        u.add_player(other, f"res{x}", -delta)
    u.add("trades", 1)
    _close_offer(u, n)


def _answer_domain(n: int, p: Params) -> Any:
    return between(p["accept"], 0, 1)


def _answer_guard(n: int, v: Vars, p: Params) -> Any:
    respond = z3.And(v["oph"] == RESPOND, z3.Implies(
        p["accept"] == 1, _covers(v, v["oresp"], _side(v, "oget"), n)))
    consider = z3.And(v["oph"] == CONSIDER, z3.Implies(
        p["accept"] == 1, _covers(v, v["turn"], _side(v, "ocgive"), n)))
    return z3.And(v["stage"] == TRADE, z3.Or(respond, consider))


def _answer_update(n: int, v: Vars, p: Params, u: Up) -> None:
    yes = p["accept"] == 1
    # respond: record an acceptance, then the next responder
    respond = Up(v, n)
    accepted = [z3.If(z3.And(yes, v["oresp"] == j), 1, v[f"oacc{j}"]) for j in range(n)]
    _next_responder(n, v, respond, accepted)
    # consider: accepting the counter-offer makes the trade, declining passes on
    made = Up(v, n)
    _exchange(n, v, made, v["oresp"], "ocgive", "ocget")
    declined = Up(v, n)
    _next_responder(n, v, declined, _flags(n, v))
    a, b, c = respond.terms(), made.terms(), declined.terms()
    is_respond = v["oph"] == RESPOND
    for name in sorted(set(a) | set(b) | set(c)):
        u.put(name, z3.If(is_respond, a.get(name, v[name]),
                          z3.If(yes, b.get(name, v[name]), c.get(name, v[name]))))


def answer(n: int) -> ActionKind:
    """A responder's answer to the offer, or the player on turn's to the counter-offer."""
    return _kind(n, "answer", ("accept",), _answer_domain, _answer_guard, _answer_update,
                 (*PLAYER_RULES, RB.TRADE_HAS_CARDS))


def _counter_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == TRADE, v["oph"] == RESPOND)


def _counter_update(n: int, v: Vars, p: Params, u: Up) -> None:
    u.put("oph", COUNTER)


def counter(n: int) -> ActionKind:
    return _kind(n, "counter", (), _always, _counter_guard, _counter_update, PLAYER_RULES)


def _trade_with_domain(n: int, p: Params) -> Any:
    return between(p["player"], 0, n - 1)


def _trade_with_guard(n: int, v: Vars, p: Params) -> Any:
    return z3.And(v["stage"] == TRADE, v["oph"] == CHOOSE,
                  select(p["player"], _flags(n, v)) == 1)


def _trade_with_update(n: int, v: Vars, p: Params, u: Up) -> None:
    _exchange(n, v, u, p["player"], "ogive", "oget")


def trade_with(n: int) -> ActionKind:
    """The player on turn trades with one of those who accepted."""
    return _kind(n, "trade-with", ("player",), _trade_with_domain, _trade_with_guard,
                 _trade_with_update, (*PLAYER_RULES, RB.TRADE_DOMESTIC))


# ---------------------------------------------------------------------------
# Every kind, in the order the provers report them
# ---------------------------------------------------------------------------

KINDS: tuple[Callable[[int], ActionKind], ...] = (
    lay_terrain, spiral_corner, lay_token, lay_harbour,
    setup_settlement, setup_road,
    roll_dice, dice, discard, move_robber, steal,
    build_settlement, build_road, build_city, buy_development, draw, end_turn,
    play_knight, play_road_building, play_year_of_plenty, play_monopoly, free_road,
    stop_road_building,
    maritime_trade, open_offer, offer_card, propose, withdraw, answer, counter, trade_with,
    maritime_trade_at,
)


def _kinds(players: int) -> tuple[ActionKind, ...]:
    return tuple(make(players) for make in KINDS)


# ---------------------------------------------------------------------------
# The encoding
# ---------------------------------------------------------------------------


class CatanEncoding(Encoding[CatanState, Action]):
    game = "catan"
    variables = tuple([*_global_vars(4), *(x for i in range(4) for x in _player_vars(i))])
    bound_steps = 2
    #: the variable board's laying (terrain, spiral corner, random tokens) and shuffled
    #: harbours: long games over one option at a time seldom reach them, and random tokens
    #: need two options at once
    openings = (Opening((("board", "variable"),), 80),
                Opening((("board", "variable"), ("tokens", "random")), 80),
                Opening((("harbours", "shuffled"),), 80))

    def probes(self) -> tuple[tuple[CatanState, Action], ...]:
        """A knight tying the largest army's holder (``solver.catan_probes``)."""
        from rules_oracle.solver.catan_probes import army_tie

        return (army_tie(),)

    def variables_for(self, players: int) -> tuple[str, ...]:
        return tuple([*_global_vars(players),
                      *(x for i in range(players) for x in _player_vars(i))])

    def score_vars(self, players: int) -> tuple[str, ...]:
        return tuple(pn(i, "score") for i in range(players))

    def terminal(self, v: Vars, players: int) -> Any:
        return v["stage"] == OVER

    def kinds(self, players: int) -> tuple[ActionKind, ...]:
        return _kinds(players)

    def invariant(self, v: Vars, players: int) -> Any:
        return z3.And(*self.invariant_parts(v, players).values())

    def cases(self, v: Vars, players: int) -> list[Any]:
        """One case per seat on turn (the player kinds select the actor's variables)."""
        return [v["turn"] == i for i in range(players)]

    def completeness_witnesses(self, v: Vars, players: int) -> list[tuple[str, Any]]:
        return witnesses(v, players)

    # -- invariant ------------------------------------------------------------------------
    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        ps = range(players)
        res = [z3.And(*(v[f"bank{r}"] + sum_of([v[pn(i, f"res{r}")] for i in ps])
                        == D.CARDS_PER_RESOURCE for r in range(NR)))]
        devs = [v[f"deck{c}"] + v[f"played{c}"] + sum_of([v[pn(i, f"dev{c}")] for i in ps])
                == D.DEVELOPMENT_COUNTS[c] for c in range(ND)]
        devs.append(v[f"played{VP}"] == 0)
        devs.append(v[f"played{D.KNIGHT}"] == sum_of([v[pn(i, "knights")] for i in ps]))
        counts = [v[f"bank{r}"] for r in range(NR)]
        counts += [v[f"{x}{c}"] for x in ("deck", "played") for c in range(ND)]
        counts += [v[f"{x}{k}"] for x, m in (("ter", NT), ("tok", NN), ("hb", NK))
                   for k in range(m)]
        counts += [v[f"{x}{r}"] for x in ("ogive", "oget", "ocgive", "ocget")
                   for r in range(NR)]
        new_held = []
        for i in ps:
            counts += _res(v, i)
            counts += [v[pn(i, f"{x}{c}")] for x in ("dev", "new") for c in range(ND)]
            counts += [v[pn(i, x)] for x in ("knights", "disc")]
            new_held += [v[pn(i, f"new{c}")] <= v[pn(i, f"dev{c}")] for c in range(ND)]
        pieces = []
        for i in ps:
            pieces += [between(v[pn(i, "roads")], 0, D.ROADS),
                       between(v[pn(i, "settlements")], 0, D.SETTLEMENTS),
                       between(v[pn(i, "cities")], 0, D.CITIES),
                       between(v[pn(i, "len")], 0, D.ROADS),
                       v[pn(i, "len")] <= v[pn(i, "roads")]]
        score = []
        for i in ps:
            score.append(v[pn(i, "vp")] == _public(v, i))
            score.append(v[pn(i, "score")] == v[pn(i, "vp")] + v[pn(i, f"dev{VP}")])
        return {
            "resources-conserved": z3.And(*res),
            "developments-conserved": z3.And(*devs),
            "nonnegative": z3.And(*(c >= 0 for c in counts), *new_held),
            "pieces": z3.And(*pieces),
            "score": z3.And(*score),
            "holders": self._holders(v, players),
            "counters": self._counters(v, players),
            "board": self._board(v, players),
            "setup": self._setup(v, players),
            "turn": self._turn(v, players),
            "offer": self._offer(v, players),
            "won": self._won(v, players),
            "score-cap": self._cap(v, players),
        }

    def _cap(self, v: Vars, players: int) -> Any:
        """No score passes 12: a player not on turn has at most 9 points besides the longest
        road (its last turn ended below 10, and only that card moves to it meanwhile)."""
        live = z3.And(v["turns"] >= 1, v["stage"] != OVER)
        return z3.And(
            *(z3.Implies(z3.And(live, v["turn"] != i),
                         v[pn(i, "score")] - D.SPECIAL_VP * flag(v["longest"] == i)
                         < D.VICTORY) for i in range(players)),
            *(v[pn(i, "score")] <= SCORE_CAP for i in range(players)))

    def _won(self, v: Vars, players: int) -> Any:
        """Play goes on only while the player on turn has fewer than 10 points."""
        score = _of(v, v["turn"], "score", players)
        return z3.And(
            z3.Implies(z3.And(v["turns"] >= 1, v["stage"] != OVER, z3.Not(robber_pending(v))),
                       score < D.VICTORY),
            z3.Implies(v["winner"] >= 0, z3.And(
                v["winner"] == v["turn"], score >= D.VICTORY)))

    def _holders(self, v: Vars, players: int) -> Any:
        ps = range(players)
        longest, army = v["longest"], v["army"]
        lens = [v[pn(i, "len")] for i in ps]
        knights = [v[pn(i, "knights")] for i in ps]
        return z3.And(
            between(longest, -1, players - 1), between(army, -1, players - 1),
            z3.Implies(longest >= 0, z3.And(
                select(longest, lens) >= D.LONGEST_ROAD_MIN,
                *(n <= select(longest, lens) for n in lens))),
            z3.If(army >= 0, z3.And(
                select(army, knights) >= D.LARGEST_ARMY_MIN,
                *(k <= select(army, knights) for k in knights)),
                z3.And(*(k < D.LARGEST_ARMY_MIN for k in knights))),
        )

    def _counters(self, v: Vars, players: int) -> Any:
        st = v["stage"]
        return z3.And(
            between(st, 0, OVER), between(v["turn"], 0, players - 1),
            between(v["turns"], 0, D.TURN_LIMIT), between(v["trades"], 0, D.TRADES_PER_TURN),
            between(v["offers"], 0, D.OFFERS_PER_TURN), between(v["dw"], 0, 6),
            between(v["dr"], 0, 6), (v["dw"] == 0) == (v["dr"] == 0),
            between(v["devp"], 0, 1), between(v["built"], 0, 1),
            *(between(v[o], 0, 1) for o in OPTIONS),
            between(v["placement"], 0, 2 * players), between(v["snode"], 0, 1),
            between(v["winner"], -1, players - 1),
            z3.Implies(v["winner"] >= 0, st == OVER),
            between(v["victim"], -1, players - 1), between(v["robber"], -1, B.N_HEXES - 1),
            between(v["free"], 0, D.FREE_ROADS),
        )

    def _board(self, v: Vars, players: int) -> Any:
        st = v["stage"]
        ter = sum_of([v[f"ter{t}"] for t in range(NT)])
        tok = sum_of([v[f"tok{j}"] for j in range(NN)])
        hb = sum_of([v[f"hb{k}"] for k in range(NK)])
        return z3.And(
            *(v[f"ter{t}"] <= D.TERRAIN_COUNTS[t] for t in range(NT)),
            *(v[f"tok{j}"] <= D.NUMBER_COUNTS[j] for j in range(NN)),
            *(v[f"hb{k}"] <= D.HARBOUR_COUNTS[k] for k in range(NK)),
            z3.If(st == TERRAIN, z3.And(ter < B.N_HEXES, tok == 0, v["robber"] == -1),
                  z3.And(ter == B.N_HEXES, v["robber"] >= 0)),
            z3.If(st == TOKENS, z3.And(tok < N_TOKENS, z3.Implies(v["opt.spiral"] == 1,
                                                                  tok == 0)),
                  z3.Implies(st != TERRAIN, tok == N_TOKENS)),
            z3.If(st == HARBOURS, hb < B.N_HARBOURS,
                  z3.Implies(st > HARBOURS, hb == B.N_HARBOURS)),
        )

    def _setup(self, v: Vars, players: int) -> Any:
        ps = range(players)
        st, k = v["stage"], v["placement"]
        untouched = z3.And(
            *(v[pn(i, x)] == 0 for i in ps
              for x in ("knights", "cities", *(f"dev{c}" for c in range(ND)),
                        *(f"new{c}" for c in range(ND)))),
            *(v[x] == 0 for x in ("devp", "built", "trades", "offers", "dw", "dr")),
            v["longest"] == -1, v["army"] == -1,
        )
        before = z3.And(k == 0, v["snode"] == 0, v["turn"] == 0, v["turns"] == 0,
                        *(v[pn(i, x)] == 0 for i in ps
                          for x in ("roads", "settlements", *(f"res{r}" for r in range(NR)))))
        placing = z3.And(
            between(k, 0, 2 * players - 1), v["turn"] == _placer(players, k), v["turns"] == 0,
            *(v[pn(i, "roads")] == _placed(players, i, k) for i in ps),
            *(v[pn(i, "settlements")] == _placed(players, i, k)
              + flag(z3.And(v["snode"] == 1, v["turn"] == i)) for i in ps),
        )
        return z3.And(
            z3.Implies(st <= SETUP, untouched),
            z3.Implies(st < SETUP, before),
            z3.Implies(st == SETUP, placing),
            z3.Implies(st > SETUP, z3.And(k == 2 * players, v["snode"] == 0,
                                          v["turns"] >= 1)),
        )

    def _turn(self, v: Vars, players: int) -> Any:
        ps = range(players)
        st = v["stage"]
        disc = [v[pn(i, "disc")] for i in ps]
        victim = v["victim"]
        rolled = z3.Or(st == DISCARD, st == MAIN, st == DRAW, st == TRADE)
        return z3.And(
            z3.Implies(z3.Or(st == PRE_ROLL, st == DICE), v["dw"] == 0),
            z3.Implies(rolled, v["dw"] >= 1),
            z3.If(st == DISCARD,
                  z3.And(sum_of(disc) >= 1, *(disc[i] <= _cards(v, i) for i in ps)),
                  z3.And(*(d == 0 for d in disc))),
            z3.If(st == STEAL,
                  z3.And(victim >= 0, victim != v["turn"],
                         select(victim, [_cards(v, i) for i in ps]) > 0),
                  victim == -1),
            z3.Implies(st == DRAW, sum_of([v[f"deck{c}"] for c in range(ND)]) > 0),
            z3.If(st == ROAD_BUILDING,
                  z3.And(v["free"] >= 1,
                         _of(v, v["turn"], "roads", players) + v["free"] <= D.ROADS),
                  z3.Implies(st != OVER, v["free"] == 0)),
        )

    def _offer(self, v: Vars, players: int) -> Any:
        ps = range(players)
        st, ph, resp, me = v["stage"], v["oph"], v["oresp"], v["turn"]

        def side(name: str) -> list[Any]:
            return [v[f"{name}{x}"] for x in range(NR)]

        give, get, cgive, cget = side("ogive"), side("oget"), side("ocgive"), side("ocget")
        acc = [v[f"oacc{j}"] for j in ps]
        hand_me = [_of(v, me, f"res{x}", players) for x in range(NR)]
        hand_resp = [_of(v, resp, f"res{x}", players) for x in range(NR)]
        empty = z3.And(*(x == 0 for x in (*give, *get, *cgive, *cget, *acc)), resp == -1)
        no_counter = z3.And(*(x == 0 for x in (*cgive, *cget)))
        proposed = z3.Or(ph == RESPOND, ph == COUNTER, ph == CONSIDER, ph == CHOOSE)
        responding = z3.Or(ph == RESPOND, ph == COUNTER, ph == CONSIDER)
        countering = z3.Or(ph == COUNTER, ph == CONSIDER)
        return z3.And(
            between(ph, 0, len(PHASES) - 1),
            (st == TRADE) == (ph != NONE),
            z3.Implies(ph == NONE, empty),
            z3.Implies(ph != NONE, z3.And(
                v["trades"] < D.TRADES_PER_TURN, sum_of(give) >= 1,
                sum_of(give) <= D.OFFER_CARDS, sum_of(get) <= D.OFFER_CARDS,
                *(z3.Or(give[x] == 0, get[x] == 0) for x in range(NR)),
                *(give[x] <= hand_me[x] for x in range(NR)))),
            z3.Implies(proposed, sum_of(get) >= 1),
            z3.Implies(z3.Or(ph == BUILD, ph == CHOOSE), z3.And(resp == -1, no_counter)),
            z3.Implies(responding, z3.And(between(resp, 0, players - 1), resp != me)),
            z3.Implies(ph == RESPOND, no_counter),
            z3.Implies(countering, z3.And(
                sum_of(cgive) <= D.OFFER_CARDS, sum_of(cget) <= D.OFFER_CARDS,
                *(z3.Or(cgive[x] == 0, cget[x] == 0) for x in range(NR)),
                *(cget[x] <= hand_resp[x] for x in range(NR)))),
            z3.Implies(ph == BUILD, z3.And(*(a == 0 for a in acc))),
            z3.Implies(ph == CHOOSE, sum_of(acc) >= 1),
            *(between(a, 0, 1) for a in acc),
            *(z3.Implies(acc[j] == 1, z3.And(
                me != j, *(v[pn(j, f"res{x}")] >= get[x] for x in range(NR))))
              for j in ps),
        )

    # -- projection -------------------------------------------------------------------------
    def project(self, state: CatanState) -> dict[str, int]:
        cfg = state.config
        out: dict[str, int] = {
            "stage": STAGE_CODE[state.stage], "turn": state.turn, "turns": state.turns,
            "placement": state.placement, "snode": int(state.setup_node >= 0),
            "dw": state.dice[0], "dr": state.dice[1], "devp": int(state.dev_played),
            "built": int(state.built), "trades": state.trades, "offers": state.offers,
            "free": state.free_roads, "victim": state.victim, "robber": state.robber,
            "longest": state.longest, "army": state.army, "winner": state.winner,
            "opt.separate": int(cfg.option("phases") == "separate"),
            "opt.oneowed": int(cfg.option("shortage") == "one-owed"),
            "opt.knight": int(cfg.option("before-roll") == "knight"),
            "opt.spiral": int(cfg.option("tokens") == "spiral"),
            "opt.afterrobber": int(cfg.option("knight-win") == "after-robber"),
            "opt.remains": int(cfg.option("plenty") == "what-remains"),
            "opt.unplayable": int(cfg.option("road-stuck") == "unplayable"),
            "opt.optional": int(cfg.option("road-second") == "optional"),
            "opt.freebuild": int(cfg.option("free-roads") == "build"),
            "opt.anyrate": int(cfg.option("rate") == "any"),
        }
        for r in range(NR):
            out[f"bank{r}"] = state.bank[r]
        for c in range(ND):
            out[f"deck{c}"] = state.deck[c]
            out[f"played{c}"] = state.played[c]
        for t in range(NT):
            out[f"ter{t}"] = state.terrain.count(t)
        for j, x in enumerate(D.NUMBERS):
            out[f"tok{j}"] = state.tokens.count(x)
        for k in range(NK):
            out[f"hb{k}"] = state.harbours.count(k)
        offer = state.offer
        out["oph"] = PH_CODE[offer.phase] if offer else 0
        out["oresp"] = offer.responder if offer else -1
        for x in range(NR):
            out[f"ogive{x}"] = offer.give[x] if offer else 0
            out[f"oget{x}"] = offer.get[x] if offer else 0
            out[f"ocgive{x}"] = offer.counter_give[x] if offer else 0
            out[f"ocget{x}"] = offer.counter_get[x] if offer else 0
        for j in range(cfg.players):
            out[f"oacc{j}"] = int(offer is not None and j in offer.accepted)
        scores = GAME.scores(state)
        for i, pl in enumerate(state.players):
            for r in range(NR):
                out[pn(i, f"res{r}")] = pl.hand[r]
            for c in range(ND):
                out[pn(i, f"dev{c}")] = pl.developments[c]
                out[pn(i, f"new{c}")] = pl.bought[c]
            out[pn(i, "knights")] = pl.knights
            out[pn(i, "roads")] = pl.roads
            out[pn(i, "settlements")] = pl.settlements
            out[pn(i, "cities")] = pl.cities
            out[pn(i, "len")] = pl.road_length
            out[pn(i, "vp")] = pl.vp
            out[pn(i, "score")] = scores[i]
            out[pn(i, "disc")] = state.discards[i]
        return out

    def classify(self, state: CatanState, action: Action) -> tuple[str, dict[str, int]]:
        for kind, read in _CLASSIFY:
            if isinstance(action, kind):
                return read(state, action)
        raise TypeError(f"not a catan action: {action!r}")


# ---------------------------------------------------------------------------
# classify: the kind and parameters of a model action, per action type
# ---------------------------------------------------------------------------

Classified = tuple[str, dict[str, int]]


def _lay_terrain(state: CatanState, action: LayTerrain) -> Classified:
    after = _after(state, action)
    done = after is not None and -1 not in after.terrain
    return "lay-terrain", {"terrain": action.terrain,
                           "desert": after.robber if after and done else -1}


def _settlement(state: CatanState, action: BuildSettlement) -> Classified:
    node = action.node
    free = _int(node, B.N_NODES) and site_free(state.node_owner, node)
    lengths = _lengths(state, action)
    if state.stage is Stage.SETUP:
        gains = [0] * NR
        if free and state.placement >= state.config.players:
            for h in B.NODE_HEXES[node]:
                r = D.YIELD[state.terrain[h]]
                if r >= 0:
                    gains[r] += 1
        return "setup-settlement", {"site": int(free), **lengths,
                                    **{f"g{r}": gains[r] for r in range(NR)}}
    connected = free and any(state.path_owner[e] == state.turn for e in B.NODE_PATHS[node])
    return "build-settlement", {"site": int(connected), **lengths}


def _road(state: CatanState, action: BuildRoad) -> Classified:
    st, p, path = state.stage, state.turn, action.path
    free = _int(path, B.N_PATHS) and state.path_owner[path] == -1
    after = _after(state, action)
    nlen = after.players[p].road_length if after else state.players[p].road_length
    if st is Stage.SETUP:
        ok = free and state.setup_node >= 0 and path in B.NODE_PATHS[state.setup_node]
        return "setup-road", {"ok": int(ok), "nlen": nlen}
    ok = free and road_connected(state.path_owner, state.node_owner, p, path)
    if st is Stage.ROAD_BUILDING:
        more = after is not None and after.stage is Stage.ROAD_BUILDING
        return "free-road", {"ok": int(ok), "nlen": nlen, "more": int(more)}
    return "build-road", {"ok": int(ok), "nlen": nlen}


def _city(state: CatanState, action: BuildCity) -> Classified:
    node = action.node
    ok = (_int(node, B.N_NODES) and state.node_owner[node] == state.turn
          and state.node_level[node] == 1)
    return "build-city", {"ok": int(ok)}


def _road_building(state: CatanState, action: PlayRoadBuilding) -> Classified:
    after = _after(state, action)
    return "play-road-building", {
        "open": int(after is not None and after.stage is Stage.ROAD_BUILDING)}


def _maritime(state: CatanState, action: MaritimeTrade) -> Classified:
    g = action.give
    rate = (rates(state.node_owner, state.harbours, state.turn)[g] if _int(g, NR)
            else D.BANK_RATE)
    return "maritime-trade", {"give": g, "get": action.get, "rate": rate}


def _maritime_at(state: CatanState, action: MaritimeTradeAt) -> Classified:
    """The rate named, the player's best for the card and whether the player has the rate
    named: 4 always, 3 with a building at a generic harbour, 2 with one at the card's own,
    restated over the harbour table."""
    g, rate = action.give, action.rate
    best = (rates(state.node_owner, state.harbours, state.turn)[g] if _int(g, NR)
            else D.BANK_RATE)
    kinds = {state.harbours[h] for n, h in enumerate(B.NODE_HARBOUR)
             if h >= 0 and state.node_owner[n] == state.turn}
    has = (rate == D.BANK_RATE or (rate == D.GENERIC_RATE and D.GENERIC in kinds)
           or (rate == D.SPECIAL_RATE and g in kinds))
    return "maritime-trade-at", {"give": g, "get": action.get, "rate": rate, "best": best,
                                 "has": int(has)}


def _offer_card(state: CatanState, action: OfferCard) -> Classified:
    name = "offer-card" if state.stage is Stage.TRADE else "open-offer"
    return name, {"give": int(action.give), "resource": action.resource}


def _plain(name: str) -> Callable[[CatanState, Any], Classified]:
    """An action type with one kind and no parameters."""
    return lambda state, action: (name, {})


#: (action type, its classifier), in the order they are tried
_CLASSIFY: tuple[tuple[type, Callable[[CatanState, Any], Classified]], ...] = (
    (LayTerrain, _lay_terrain),
    (SpiralCorner, lambda s, a: ("spiral-corner", {"hex": a.hex})),
    (LayToken, lambda s, a: ("lay-token", {"number": a.number})),
    (LayHarbour, lambda s, a: ("lay-harbour", {"kind": a.kind})),
    (Dice, lambda s, a: ("dice", {"white": a.white, "red": a.red, **_owed(s, a)})),
    (Steal, lambda s, a: ("steal", {"resource": a.resource})),
    (Draw, lambda s, a: ("draw", {"card": a.card})),
    (BuildSettlement, _settlement),
    (BuildRoad, _road),
    (BuildCity, _city),
    (BuyDevelopment, _plain("buy-development")),
    (RollDice, _plain("roll-dice")),
    (EndTurn, _plain("end-turn")),
    (Discard, lambda s, a: ("discard", {"resource": a.resource})),
    (MoveRobber, lambda s, a: ("move-robber", {"hex": a.hex, "victim": a.victim,
                                               **_robber(s, a)})),
    (PlayKnight, _plain("play-knight")),
    (PlayRoadBuilding, _road_building),
    (PlayYearOfPlenty, lambda s, a: ("play-year-of-plenty",
                                     {"first": a.first, "second": a.second})),
    (StopRoadBuilding, _plain("stop-road-building")),
    (PlayMonopoly, lambda s, a: ("play-monopoly", {"resource": a.resource})),
    (MaritimeTrade, _maritime),
    (MaritimeTradeAt, _maritime_at),
    (OfferCard, _offer_card),
    (Propose, _plain("propose")),
    (Withdraw, _plain("withdraw")),
    (Answer, lambda s, a: ("answer", {"accept": int(a.accept)})),
    (Counter, _plain("counter")),
    (TradeWith, lambda s, a: ("trade-with", {"player": a.player})),
)


def _int(x: object, size: int) -> bool:
    return isinstance(x, int) and 0 <= x < size


def _after(state: CatanState, action: Action) -> CatanState | None:
    """The model's next state, or ``None`` when it rejects the action."""
    try:
        return GAME.apply(state, action)
    except IllegalAction:
        return None


def _lengths(state: CatanState, action: Action) -> dict[str, int]:
    """Every player's road length after a settlement (as now when it is rejected)."""
    after = _after(state, action) or state
    return {f"nl{j}": pl.road_length for j, pl in enumerate(after.players)}


def _owed(state: CatanState, action: Dice) -> dict[str, int]:
    """The cards each player is owed for a roll, restated from the rules over the board
    tables (the model's ``production.owed`` is not consulted, so that faithfulness compares
    two statements): catan/production.yield, every hex whose token was rolled yields its
    resource, 1 card per adjacent settlement and 2 per adjacent city; catan/production.robber,
    except the hex the robber is on. A 7 and a roll outside the dice owe nothing."""
    players = state.config.players
    total = action.white + action.red
    rolled = _int(action.white - 1, 6) and _int(action.red - 1, 6)
    due = [[0] * NR for _ in range(players)]
    if rolled and total != D.ROBBER_ROLL and state.stage is Stage.DICE:
        for h in range(B.N_HEXES):
            resource = D.YIELD[state.terrain[h]]
            if state.tokens[h] != total or h == state.robber or resource < 0:
                continue
            for n in B.HEX_NODES[h]:
                owner = state.node_owner[n]
                if owner >= 0:
                    due[owner][resource] += CARDS_PER_LEVEL[state.node_level[n]]
    return {f"owe{i}.{r}": due[i][r] for i in range(players) for r in range(NR)}


def _robber(state: CatanState, action: MoveRobber) -> dict[str, int]:
    h = action.hex
    if not _int(h, B.N_HEXES):
        return {"ok": 0, "vok": 0}
    ok = h in robber_targets(state)
    hands = tuple(pl.hand for pl in state.players)
    vs = victims(h, state.turn, state.node_owner, hands)
    vok = (action.victim in vs) if vs else action.victim == -1
    return {"ok": int(ok), "vok": int(vok)}


def witnesses(v: Vars, players: int) -> list[tuple[str, dict[str, Any]]]:
    """Candidate actions (kind, parameter terms over the state) one of which is enabled in
    every non-terminal state satisfying I (legal-action completeness without
    quantifiers)."""
    lens = {f"nl{j}": v[pn(j, "len")] for j in range(players)}
    no_gain = {f"g{r}": Z for r in range(NR)}
    turn_len = _of(v, v["turn"], "len", players)
    out: list[tuple[str, dict[str, Any]]] = []
    out += [("lay-terrain", {"terrain": z3.IntVal(t), "desert": d})
            for t in range(NT) for d in (z3.IntVal(-1), Z)]
    out.append(("spiral-corner", {"hex": z3.IntVal(B.CORNERS[0])}))
    out += [("lay-token", {"number": z3.IntVal(x)}) for x in D.NUMBERS]
    out += [("lay-harbour", {"kind": z3.IntVal(k)}) for k in range(NK)]
    out.append(("setup-settlement", {"site": ONE, **lens, **no_gain}))
    out.append(("setup-road", {"ok": ONE, "nlen": turn_len}))
    out.append(("roll-dice", {}))
    owe0 = {f"owe{i}.{r}": Z for i in range(players) for r in range(NR)}
    out.append(("dice", {"white": ONE, "red": ONE, **owe0}))
    out += [("discard", {"resource": z3.IntVal(r)}) for r in range(NR)]
    other_hex = z3.If(v["robber"] == 0, ONE, Z)
    out.append(("move-robber", {"hex": other_hex, "victim": z3.IntVal(-1), "ok": ONE,
                                "vok": ONE}))
    out += [("steal", {"resource": z3.IntVal(r)}) for r in range(NR)]
    out += [("draw", {"card": z3.IntVal(c)}) for c in range(ND)]
    out.append(("end-turn", {}))
    out.append(("free-road", {"ok": ONE, "nlen": turn_len, "more": Z}))
    out.append(("withdraw", {}))
    out.append(("answer", {"accept": Z}))
    return out


ENCODING = CatanEncoding()

__all__ = ["ENCODING", "CatanEncoding", "Up", "award_army", "award_longest", "between", "flag",
           "pn", "select", "sum_of", "witnesses"]
