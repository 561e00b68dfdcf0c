"""Buildings (the chapter "Свойства зданий" and the building pages): the options a
player has when one of his workers activates a building, or when a favour uses a
construction-site building, and their application; the provost's moves of the toll, the
Guilds Bridge and the bailiff; the owner's bonus of the stone production buildings.

An effect's options are actions (:class:`Use`, :class:`Build`, :class:`Claim`,
:class:`MoveProvost`); :class:`Decline` is open beside them for a worker (the effect "may"
be used), and for a favour only under ``favour_effect=optional``. ``space`` is the road space
activating, -1 for a construction-site building.
"""

from collections.abc import Callable
from typing import NamedTuple

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


# -- the buildings' effects, one chapter function each -------------------------------------
# A building's effect is a predicate and an effect function: the predicate says whether one
# of the choices the building takes (its candidates: Use, Build, Claim or MoveProvost
# actions) is open to the player now, the effect applies it. ``options`` lists the
# candidates the predicate allows, so the legal set and what ``apply`` accepts are one.

#: (state, seat, side, action) -> whether the building allows the choice now
Allows = Callable[[CaylusState, int, int, Action], bool]
#: (state, seat, kind, side, action) -> the state after the choice
Applies = Callable[[CaylusState, int, int, int, Action], CaylusState]


class Effect(NamedTuple):
    """A building's effect: its rule, the choices it takes, the predicate that opens each,
    and its application."""

    rule: str
    candidates: tuple[Action, ...]
    allows: Allows
    apply: Applies


def _always(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return True


def _gain(state: CaylusState, seat: int, pl: Player) -> CaylusState:
    """``state`` with ``seat`` become ``pl``, his gains cut to the supply."""
    pl = within_supply(state, seat, state.players[seat].resources, pl)
    return evolve(state, players=put(state.players, seat, pl))


def _add(pl: Player, resource: int, n: int, pp: int = 0) -> Player:
    return evolve(pl, resources=bump(pl.resources, resource, n), prestige=pl.prestige + pp)


def _use(action: Action) -> Use:
    assert isinstance(action, Use)
    return action


_USE_ANY = tuple(Use(0, r) for r in D.PLAIN)


@implements(RB.BUILDING_PRODUCE)
def produce(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """The farm, sawmill and quarry of the start: 1 of their resource."""
    return _gain(state, seat, _add(state.players[seat], _PRODUCTION_START[kind], 1))


@implements(RB.BUILDING_WOOD_PRODUCE)
def wood_produce(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """A wooden production building: 2 of its resource, or on its set-up side 1 and 1 PP."""
    r = _WOOD_PRODUCTION[kind]
    pl = state.players[seat]
    return _gain(state, seat, _add(pl, r, 2) if side else _add(pl, r, 1, 1))


@implements(RB.BUILDING_STONE_PRODUCE)
def stone_produce(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """A stone production building: 2 of its resource (1 on its set-up side) and 1
    fabric."""
    r = _STONE_PRODUCTION[kind]
    pl = state.players[seat]
    return _gain(state, seat, _add(_add(pl, r, 2 if side else 1), D.FABRIC, 1))


@implements(RB.BUILDING_COVERED_MARKET)
def covered_market(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """3 workers, or on its set-up side 2 workers and 1 PP."""
    pl = state.players[seat]
    pl = gain_workers(pl, 3) if side else evolve(gain_workers(pl, 2), prestige=pl.prestige + 1)
    return _gain(state, seat, pl)


@implements(RB.BUILDING_MANOR)
def manor(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """2 PP on its set-up side, else a favour."""
    pl = state.players[seat]
    if side == 0:
        return _gain(state, seat, evolve(pl, prestige=pl.prestige + 2))
    return _gain(favour(state, seat), seat, pl)


@implements(RB.BUILDING_GOLD_MINE)
def gold_mine(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    return _gain(state, seat, _add(state.players[seat], D.GOLD, 1))


def _has_wood(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].resources[D.WOOD] > 0


@implements(RB.BUILDING_FAIRGROUND)
def fairground(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """1 wood for a favour."""
    pl = _add(state.players[seat], D.WOOD, -1)
    return _gain(favour(state, seat), seat, pl)


def _claim_allowed(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    """A fabric and a house for a residential start building nobody owns."""
    assert isinstance(action, Claim)
    pl = state.players[seat]
    return bool(pl.resources[D.FABRIC]) and pl.houses >= 1 \
        and state.owner[action.space] < 0 and state.side[action.space] == 0


@implements(RB.BUILDING_LAWYER)
def lawyer(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """A house on a start building, for a fabric."""
    assert isinstance(action, Claim)
    pl = state.players[seat]
    pl = evolve(pl, resources=bump(pl.resources, D.FABRIC, -1), houses=pl.houses - 1)
    return evolve(state, players=put(state.players, seat, pl),
                  owner=put(state.owner, action.space, seat))


def _build_candidates(kinds: tuple[int, ...]) -> tuple[Action, ...]:
    """Every build of ``kinds``: the building, and where its cost has an 'any' icon, the
    resource paid for it."""
    out: list[Action] = []
    for k in kinds:
        out.extend((Build(k),) if D.COST[k][1] == 0 else (Build(k, r) for r in D.PLAIN))
    return tuple(out)


@implements(RB.BUILDING_ANY_ICON)
def _build_allowed(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    """A house, a free road space, the building in the supply, its cost in hand (the 'any'
    icon paid by a resource of the player's choice; the stonemason's set-up side leaves
    out the stone)."""
    assert isinstance(action, Build)
    pl = state.players[seat]
    if pl.houses < 1 or first_free(state) < 0:
        return False
    k = action.kind
    if D.MATERIAL[k] == D.WOODEN:
        if not state.wood_supply[k - D.WOOD_FARM]:
            return False
        fixed, _ = build_cost(k)
    else:
        if not state.stone_supply[k - D.STONE_FARM]:
            return False
        fixed, _ = build_cost(k, side == 0)
    if not covers(pl.resources, fixed):
        return False
    return action.extra < 0 or minus(pl.resources, fixed)[action.extra] >= 1


@implements(RB.BUILDING_CARPENTER, RB.BUILDING_STONEMASON)
def builder(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """The carpenter builds a wooden building, the stonemason a stone one (:func:`build`)."""
    assert isinstance(action, Build)
    return build(state, seat, action)


def _provost_allowed(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    assert isinstance(action, MoveProvost)
    return bool(provost_moves(state, (action.steps,)))


@implements(RB.BUILDING_TOLL)
def toll(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """The provost moves 1 or 2 spaces either way (:func:`provost_moves`)."""
    assert isinstance(action, MoveProvost)
    return evolve(state, provost=state.provost + action.steps)


def _market_allowed(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].workers >= 1 or _free_market(state)


@implements(RB.BUILDING_MARKET)
def market(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """A worker to the camp (none for a free favour's market) for a resource of choice."""
    pl = return_workers(state.players[seat], 0 if _free_market(state) else 1)
    return _gain(state, seat, _add(pl, _use(action).resource, 1))


@implements(RB.BUILDING_WOOD_MARKET)
def wood_market(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """A resource of choice."""
    return _gain(state, seat, _add(state.players[seat], _use(action).resource, 1))


def _has_stone(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].resources[D.STONE] > 0


@implements(RB.BUILDING_GUILD_4)
def guild_4(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """A stone for 4 workers."""
    return _gain(state, seat, gain_workers(_add(state.players[seat], D.STONE, -1), 4))


def _has_resource(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].resources[_use(action).resource] > 0


@implements(RB.BUILDING_GUILD_3)
def guild_3(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """Any resource for 3 workers."""
    pl = _add(state.players[seat], _use(action).resource, -1)
    return _gain(state, seat, gain_workers(pl, 3))


@implements(RB.BUILDING_STONE_GUILD)
def stone_guild(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """Any resource for 5 workers."""
    pl = _add(state.players[seat], _use(action).resource, -1)
    return _gain(state, seat, gain_workers(pl, 5))


def _fabric_for(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].resources[D.FABRIC] >= _use(action).option + 1


@implements(RB.BUILDING_TAILOR)
def tailor(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """1 fabric for 4 PP, or 2 for 6."""
    opt = _use(action).option
    return _gain(state, seat, _add(state.players[seat], D.FABRIC, -(opt + 1), 4 + 2 * opt))


def _foundry_workers(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].workers >= 1 + 2 * _use(action).option


@implements(RB.BUILDING_FOUNDRY)
def foundry(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """1 worker for 1 gold, or 3 for 2."""
    opt = _use(action).option
    pl = _add(return_workers(state.players[seat], 1 + 2 * opt), D.GOLD, 1 + opt)
    return _gain(state, seat, pl)


def _church_workers(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].workers >= 2 + 2 * _use(action).option


@implements(RB.BUILDING_CHURCH)
def church(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """2 workers for 4 PP, or 4 for 6."""
    opt = _use(action).option
    pl = state.players[seat]
    pl = evolve(return_workers(pl, 2 + 2 * opt), prestige=pl.prestige + 4 + 2 * opt)
    return _gain(state, seat, pl)


def _gold_for(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    return state.players[seat].resources[D.GOLD] >= _use(action).option + 1


@implements(RB.BUILDING_JEWELLER)
def jeweller(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """1 gold for 5 PP, or 2 for 9."""
    opt = _use(action).option
    return _gain(state, seat, _add(state.players[seat], D.GOLD, -(opt + 1), 5 + 4 * opt))


def _alchemist_has(state: CaylusState, seat: int, side: int, action: Action) -> bool:
    """The resource (the two, of one kind or two) given is in hand."""
    use = _use(action)
    res = state.players[seat].resources
    if use.option == 0:
        return res[use.resource] > 0
    return res[use.resource] >= 1 + (use.resource == use.other) and res[use.other] > 0


@implements(RB.BUILDING_ALCHEMIST)
def alchemist(state: CaylusState, seat: int, kind: int, side: int,
        action: Action) -> CaylusState:
    """1 resource for 1 gold, or 2 for 2."""
    use = _use(action)
    pl = _add(state.players[seat], use.resource, -1)
    if use.option:
        pl = _add(pl, use.other, -1)
    return _gain(state, seat, _add(pl, D.GOLD, 1 + use.option))


_USE0 = (Use(0),)
_USE01 = (Use(0), Use(1))
_PAIRS = tuple((a, b) for a in D.PLAIN for b in D.PLAIN if a <= b)
_PRODUCE = Effect(RB.BUILDING_PRODUCE, _USE0, _always, produce)
_WOOD_PRODUCE = Effect(RB.BUILDING_WOOD_PRODUCE, _USE0, _always, wood_produce)
_STONE_PRODUCE = Effect(RB.BUILDING_STONE_PRODUCE, _USE0, _always, stone_produce)
_CARPENTER = Effect(RB.BUILDING_CARPENTER, _build_candidates(D.WOOD_KINDS), _build_allowed,
                    builder)

#: each building's effect by its kind (the bridge and the prestige buildings have none)
EFFECTS: dict[int, Effect] = {
    D.FARM: _PRODUCE, D.SAWMILL: _PRODUCE, D.QUARRY: _PRODUCE,
    D.WOOD_FARM: _WOOD_PRODUCE, D.WOOD_SAWMILL: _WOOD_PRODUCE, D.WOOD_QUARRY: _WOOD_PRODUCE,
    D.SPINNING_MILL: _WOOD_PRODUCE,
    D.STONE_FARM: _STONE_PRODUCE, D.STONE_SAWMILL: _STONE_PRODUCE,
    D.STONE_QUARRY: _STONE_PRODUCE,
    D.COVERED_MARKET: Effect(RB.BUILDING_COVERED_MARKET, _USE0, _always, covered_market),
    D.MANOR: Effect(RB.BUILDING_MANOR, _USE0, _always, manor),
    D.GOLD_MINE: Effect(RB.BUILDING_GOLD_MINE, _USE0, _always, gold_mine),
    D.FAIRGROUND: Effect(RB.BUILDING_FAIRGROUND, _USE0, _has_wood, fairground),
    D.LAWYER: Effect(RB.BUILDING_LAWYER, tuple(Claim(s) for s in D.START_SPACES),
                     _claim_allowed, lawyer),
    D.CARPENTER: _CARPENTER, D.START_CARPENTER: _CARPENTER,
    D.STONEMASON: Effect(RB.BUILDING_STONEMASON, _build_candidates(D.STONE_KINDS),
                         _build_allowed, builder),
    D.TOLL: Effect(RB.BUILDING_TOLL, tuple(MoveProvost(k) for k in (-2, -1, 1, 2)),
                   _provost_allowed, toll),
    D.MARKET: Effect(RB.BUILDING_MARKET, _USE_ANY, _market_allowed, market),
    D.WOOD_MARKET: Effect(RB.BUILDING_WOOD_MARKET, _USE_ANY, _always, wood_market),
    D.GUILD4: Effect(RB.BUILDING_GUILD_4, _USE0, _has_stone, guild_4),
    D.GUILD3: Effect(RB.BUILDING_GUILD_3, _USE_ANY, _has_resource, guild_3),
    D.STONE_GUILD: Effect(RB.BUILDING_STONE_GUILD, _USE_ANY, _has_resource, stone_guild),
    D.TAILOR: Effect(RB.BUILDING_TAILOR, _USE01, _fabric_for, tailor),
    D.FOUNDRY: Effect(RB.BUILDING_FOUNDRY, _USE01, _foundry_workers, foundry),
    D.CHURCH: Effect(RB.BUILDING_CHURCH, _USE01, _church_workers, church),
    D.JEWELLER: Effect(RB.BUILDING_JEWELLER, _USE01, _gold_for, jeweller),
    D.ALCHEMIST: Effect(RB.BUILDING_ALCHEMIST,
                        (*_USE_ANY, *(Use(1, a, b) for a, b in _PAIRS)),
                        _alchemist_has, alchemist),
}


def rule_of(kind: int) -> str:
    """The rule of a building's effect."""
    effect = EFFECTS.get(kind)
    return effect.rule if effect is not None else RB.ACTIVATION_CHOICE


def effect_rule(state: CaylusState, seat: int, kind: int, side: int, action: Action
                ) -> str | None:
    """Why ``seat`` may not take ``action`` as the effect of ``kind`` on ``side``, or
    ``None``: a choice the building takes that its predicate opens now; anything else
    breaks the building's rule (:func:`rule_of`)."""
    effect = EFFECTS.get(kind)
    if effect is None:
        return RB.ACTIVATION_CHOICE
    if action in effect.candidates and effect.allows(state, seat, side, action):
        return None
    return effect.rule


def options(state: CaylusState, seat: int, kind: int, side: int) -> tuple[Action, ...]:
    """The options (besides declining) of ``seat`` activating ``kind`` on ``side``: the
    choices :func:`effect_rule` allows."""
    effect = EFFECTS.get(kind)
    if effect is None:
        return ()
    allows = effect.allows
    return tuple(a for a in effect.candidates if allows(state, seat, side, a))


def apply(state: CaylusState, seat: int, kind: int, side: int, action: Action) -> CaylusState:
    """Apply one of :func:`options` (the caller checked it is one)."""
    return EFFECTS[kind].apply(state, seat, kind, side, action)


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
