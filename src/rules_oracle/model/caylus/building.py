"""Buildings (the chapter "Свойства зданий" and the building pages): the options a
player has when one of his workers activates a building, or when a favour uses a
construction-site building, and their application; the provost's moves of the toll, the
Guilds Bridge and the bailiff; the owner's bonus of the stone production buildings.

An effect's options are actions (:class:`Use`, :class:`Build`, :class:`Claim`,
:class:`MoveProvost`); :class:`Decline` is open beside them for a worker (the effect "may"
be used), and for a favour only under ``favour_effect=optional``. ``space`` is the road space
activating, -1 for a construction-site building.
"""

from rules_oracle.model.caylus import character
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Action, Build, Claim, MoveProvost, Use
from rules_oracle.model.caylus.ops import (
    bump,
    covers,
    evolve,
    favour,
    gain_workers,
    minus,
    put,
    return_workers,
    within_supply,
)
from rules_oracle.model.caylus.state import CaylusState, Player
from rules_oracle.model.core.cite import implements

_PRODUCTION_START = {D.FARM: D.FOOD, D.SAWMILL: D.WOOD, D.QUARRY: D.STONE}
_WOOD_PRODUCTION = {D.WOOD_FARM: D.FOOD, D.WOOD_SAWMILL: D.WOOD, D.WOOD_QUARRY: D.STONE,
                    D.SPINNING_MILL: D.FABRIC}
_STONE_PRODUCTION = {D.STONE_FARM: D.FOOD, D.STONE_SAWMILL: D.WOOD, D.STONE_QUARRY: D.STONE}
STONE_PRODUCTION = frozenset(_STONE_PRODUCTION)
_ONE_STEP: tuple[int, ...] = (-1, 1)
_USE0 = (Use(0),)
_USE01 = (Use(0), Use(1))
_PAIRS = tuple((a, b) for a in D.PLAIN for b in D.PLAIN if a <= b)


@implements(RB.BUILDING_ROAD_FULL)
def first_free(state: CaylusState) -> int:
    """The first free road space (-1: the road is full)."""
    for s in range(D.ROAD_SPACES):
        if state.road[s] < 0:
            return s
    return -1


def build_cost(kind: int, setup_mason: bool = False) -> tuple[tuple[int, ...], int]:
    """(fixed resources, 'any' icons) of building ``kind``; the stonemason's set-up side
    leaves out the stone."""
    fixed, anys = D.COST[kind]
    if setup_mason:
        fixed = bump(fixed, D.STONE, -1)
    return fixed, anys


@implements(RB.BUILDING_ANY_ICON)
def build_options(state: CaylusState, seat: int, kinds: tuple[int, ...],
                  supply: tuple[int, ...], setup_mason: bool = False) -> tuple[Action, ...]:
    """Every affordable :class:`Build` of a wood or stone building from the supply."""
    pl = state.players[seat]
    if pl.houses < 1 or first_free(state) < 0:
        return ()
    out: list[Action] = []
    for k, n in zip(kinds, supply, strict=True):
        if not n:
            continue
        fixed, anys = build_cost(k, setup_mason)
        if not covers(pl.resources, fixed):
            continue
        if anys == 0:
            out.append(Build(k))
            continue
        left = minus(pl.resources, fixed)
        out.extend(Build(k, r) for r in D.PLAIN if left[r] >= 1)
    return tuple(out)


def options(state: CaylusState, seat: int, kind: int, side: int) -> tuple[Action, ...]:
    """The options (besides declining) of ``seat`` activating ``kind`` on ``side``."""
    pl = state.players[seat]
    res = pl.resources
    if kind in _PRODUCTION_START or kind in _WOOD_PRODUCTION or kind in _STONE_PRODUCTION \
            or kind in (D.COVERED_MARKET, D.MANOR, D.GOLD_MINE):
        return _USE0
    if kind == D.FAIRGROUND:
        return _USE0 if res[D.WOOD] else ()
    if kind == D.LAWYER:
        if not res[D.FABRIC] or pl.houses < 1:
            return ()
        return tuple(Claim(s) for s in D.START_SPACES
                     if state.owner[s] < 0 and state.side[s] == 0)
    if kind == D.CARPENTER or kind == D.START_CARPENTER:
        return build_options(state, seat, D.WOOD_KINDS, state.wood_supply)
    if kind == D.STONEMASON:
        return build_options(state, seat, D.STONE_KINDS, state.stone_supply, side == 0)
    if kind == D.TOLL:
        return provost_moves(state, (-2, -1, 1, 2))
    if kind == D.MARKET:
        return tuple(Use(0, r) for r in D.PLAIN) if pl.workers >= 1 or _free_market(
            state) else ()
    if kind == D.WOOD_MARKET:
        return tuple(Use(0, r) for r in D.PLAIN)
    if kind == D.GUILD4:
        return _USE0 if res[D.STONE] else ()
    if kind == D.GUILD3 or kind == D.STONE_GUILD:
        return tuple(Use(0, r) for r in D.PLAIN if res[r])
    if kind == D.TAILOR:
        return _USE01[:min(res[D.FABRIC], 2)]
    if kind == D.FOUNDRY:
        return _USE01[:(pl.workers >= 1) + (pl.workers >= 3)]
    if kind == D.CHURCH:
        return _USE01[:(pl.workers >= 2) + (pl.workers >= 4)]
    if kind == D.JEWELLER:
        return _USE01[:min(res[D.GOLD], 2)]
    if kind == D.ALCHEMIST:
        one = tuple(Use(0, r) for r in D.PLAIN if res[r])
        two = tuple(Use(1, a, b) for a, b in _PAIRS if res[a] >= 1 + (a == b) and res[b])
        return one + two
    return ()  # the bridge, prestige buildings: no worker effect


@implements(RB.BUILDING_PROVOST_BOUNDS)
def provost_moves(state: CaylusState, steps: tuple[int, ...]) -> tuple[Action, ...]:
    """The provost's moves by ``steps`` that keep it on the road: never back past the bridge,
    nor past the marked provost spaces at the road's end."""
    return tuple(MoveProvost(k) for k in steps
                 if D.PROVOST_MIN <= state.provost + k <= D.PROVOST_MAX)


@implements(RB.BUILDING_BRIDGE)
def bridge_steps(state: CaylusState, seat: int) -> tuple[int, ...]:
    """The Guilds Bridge's next step for ``seat`` (a worker each; one way, up to 3)."""
    bought = state.provost_steps
    if state.players[seat].workers < 1:
        return ()
    return (-1,) if bought < 0 else (1,) if bought > 0 else _ONE_STEP


def bridge_rule(state: CaylusState, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` as his step at the Guilds Bridge, or ``None``:
    a step the bridge sells (:func:`bridge_steps`) that keeps the provost on the road."""
    if isinstance(action, MoveProvost) and action.steps in bridge_steps(state, seat):
        return None if provost_moves(state, (action.steps,)) else RB.BUILDING_PROVOST_BOUNDS
    return RB.BUILDING_BRIDGE


def bridge_move(state: CaylusState, seat: int, steps: int) -> CaylusState:
    """One step bought at the Guilds Bridge: the provost moves, 1 worker to the camp."""
    return evolve(state, provost=state.provost + steps,
                  provost_steps=state.provost_steps + steps,
                  players=put(state.players, seat, return_workers(state.players[seat], 1)))


def _free_market(state: CaylusState) -> bool:
    """Whether the starting market now used is a favour's under ``favour_market=free`` (no
    worker on its tile, no worker returned)."""
    return state.favour is not None and state.config.option("favour_market") == "free"


def rule_of(kind: int) -> str:
    """The rule of a building's effect."""
    return _RULE.get(kind, RB.ACTIVATION_CHOICE)


def effect_rule(state: CaylusState, seat: int, kind: int, side: int, action: Action
                ) -> str | None:
    """Why ``seat`` may not take ``action`` as the effect of ``kind`` on ``side``, or
    ``None``: an effect's choices are its :func:`options`, and any other breaks the
    building's rule (:func:`rule_of`)."""
    return None if action in options(state, seat, kind, side) else rule_of(kind)


_RULE = {
    D.FAIRGROUND: RB.BUILDING_FAIRGROUND,
    D.LAWYER: RB.BUILDING_LAWYER,
    D.CARPENTER: RB.BUILDING_CARPENTER,
    D.START_CARPENTER: RB.BUILDING_CARPENTER,
    D.TOLL: RB.BUILDING_TOLL,
    D.FARM: RB.BUILDING_PRODUCE,
    D.SAWMILL: RB.BUILDING_PRODUCE,
    D.QUARRY: RB.BUILDING_PRODUCE,
    D.MARKET: RB.BUILDING_MARKET,
    D.GUILD4: RB.BUILDING_GUILD_4,
    D.GUILD3: RB.BUILDING_GUILD_3,
    D.WOOD_FARM: RB.BUILDING_WOOD_PRODUCE,
    D.WOOD_SAWMILL: RB.BUILDING_WOOD_PRODUCE,
    D.WOOD_QUARRY: RB.BUILDING_WOOD_PRODUCE,
    D.SPINNING_MILL: RB.BUILDING_WOOD_PRODUCE,
    D.WOOD_MARKET: RB.BUILDING_WOOD_MARKET,
    D.COVERED_MARKET: RB.BUILDING_COVERED_MARKET,
    D.MANOR: RB.BUILDING_MANOR,
    D.TAILOR: RB.BUILDING_TAILOR,
    D.STONEMASON: RB.BUILDING_STONEMASON,
    D.STONE_FARM: RB.BUILDING_STONE_PRODUCE,
    D.STONE_SAWMILL: RB.BUILDING_STONE_PRODUCE,
    D.STONE_QUARRY: RB.BUILDING_STONE_PRODUCE,
    D.GOLD_MINE: RB.BUILDING_GOLD_MINE,
    D.FOUNDRY: RB.BUILDING_FOUNDRY,
    D.ALCHEMIST: RB.BUILDING_ALCHEMIST,
    D.STONE_GUILD: RB.BUILDING_STONE_GUILD,
    D.CHURCH: RB.BUILDING_CHURCH,
    D.JEWELLER: RB.BUILDING_JEWELLER,
}


def _add(pl: Player, resource: int, n: int, pp: int = 0) -> Player:
    return evolve(pl, resources=bump(pl.resources, resource, n), prestige=pl.prestige + pp)


@implements(RB.BUILDING_BUILD_PP)
def build(state: CaylusState, seat: int, action: Build) -> CaylusState:
    """Place the building: pay, first free space, construction side up, house, PP."""
    pl = state.players[seat]
    kind = action.kind
    fixed, _ = build_cost(kind, D.MATERIAL[kind] == D.STONEN and _setup_mason(state))
    paid = minus(pl.resources, fixed)
    if action.extra >= 0:
        paid = bump(paid, action.extra, -1)
    pp = D.PRESTIGE_POINTS[kind] + character.architect_pp(state, seat)
    pl = evolve(pl, resources=paid, houses=pl.houses - 1, prestige=pl.prestige + pp)
    space = first_free(state)
    if D.MATERIAL[kind] == D.WOODEN:
        i = kind - D.WOOD_FARM
        changes = {"wood_supply": put(state.wood_supply, i, 0)}
    else:
        i = kind - D.STONE_FARM
        changes = {"stone_supply": put(state.stone_supply, i, 0)}
    return evolve(state, players=put(state.players, seat, pl),
                  road=put(state.road, space, kind), side=put(state.side, space, 1),
                  owner=put(state.owner, space, seat), **changes)


def _setup_mason(state: CaylusState) -> bool:
    """Whether the stonemason now activating shows its set-up side."""
    fav = state.favour
    if fav is not None:
        return fav.slot >= 0 and state.site[fav.slot] == D.STONEMASON
    return state.side[state.cursor] == 0


def apply(state: CaylusState, seat: int, kind: int, side: int, action: Action) -> CaylusState:
    """Apply one of :func:`options` (the caller checked it is one)."""
    if isinstance(action, Build):
        return build(state, seat, action)
    if isinstance(action, Claim):
        pl = state.players[seat]
        pl = evolve(pl, resources=bump(pl.resources, D.FABRIC, -1), houses=pl.houses - 1)
        return evolve(state, players=put(state.players, seat, pl),
                      owner=put(state.owner, action.space, seat))
    if isinstance(action, MoveProvost):
        return evolve(state, provost=state.provost + action.steps)
    assert isinstance(action, Use)
    pl = state.players[seat]
    opt, r, o = action.option, action.resource, action.other
    if kind in _PRODUCTION_START:
        pl = _add(pl, _PRODUCTION_START[kind], 1)
    elif kind in _WOOD_PRODUCTION:
        pl = _add(pl, _WOOD_PRODUCTION[kind], 2) if side else _add(
            pl, _WOOD_PRODUCTION[kind], 1, 1)
    elif kind in _STONE_PRODUCTION:
        pl = _add(_add(pl, _STONE_PRODUCTION[kind], 2 if side else 1), D.FABRIC, 1)
    elif kind == D.COVERED_MARKET:
        pl = gain_workers(pl, 3) if side else evolve(gain_workers(pl, 2),
                                                     prestige=pl.prestige + 1)
    elif kind == D.MANOR:
        if side == 0:
            pl = evolve(pl, prestige=pl.prestige + 2)
        else:
            state = favour(state, seat)
    elif kind == D.GOLD_MINE:
        pl = _add(pl, D.GOLD, 1)
    elif kind == D.FAIRGROUND:
        pl = _add(pl, D.WOOD, -1)
        state = favour(state, seat)
    elif kind == D.MARKET:
        pl = _add(return_workers(pl, 0 if _free_market(state) else 1), r, 1)
    elif kind == D.WOOD_MARKET:
        pl = _add(pl, r, 1)
    elif kind == D.GUILD4:
        pl = gain_workers(_add(pl, D.STONE, -1), 4)
    elif kind == D.GUILD3:
        pl = gain_workers(_add(pl, r, -1), 3)
    elif kind == D.STONE_GUILD:
        pl = gain_workers(_add(pl, r, -1), 5)
    elif kind == D.TAILOR:
        pl = _add(pl, D.FABRIC, -(opt + 1), 4 + 2 * opt)
    elif kind == D.FOUNDRY:
        pl = _add(return_workers(pl, 1 + 2 * opt), D.GOLD, 1 + opt)
    elif kind == D.CHURCH:
        pl = evolve(return_workers(pl, 2 + 2 * opt), prestige=pl.prestige + 4 + 2 * opt)
    elif kind == D.JEWELLER:
        pl = _add(pl, D.GOLD, -(opt + 1), 5 + 4 * opt)
    else:
        assert kind == D.ALCHEMIST
        pl = _add(pl, r, -1)
        if opt:
            pl = _add(pl, o, -1)
        pl = _add(pl, D.GOLD, 1 + opt)
    pl = within_supply(state, seat, state.players[seat].resources, pl)
    return evolve(state, players=put(state.players, seat, pl))


@implements(RB.BUILDING_OWNER_BONUS)
def owner_bonus(state: CaylusState, c: int, kind: int) -> CaylusState:
    """The owner's bonus resource when a stone production building at road space ``c``
    activates: once, and never with his own worker on the building."""
    if kind not in STONE_PRODUCTION:
        return state
    owner = state.owner[c]
    if owner < 0 or owner in (state.first_worker[c], state.second_worker[c]):
        return state
    pl = state.players[owner]
    r = D.PRODUCES[kind]
    pl = within_supply(state, owner, pl.resources,
                       evolve(pl, resources=bump(pl.resources, r, 1)))
    return evolve(state, players=put(state.players, owner, pl))
