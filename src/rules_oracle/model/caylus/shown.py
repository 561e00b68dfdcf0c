"""The rules whose effect a legal step shows (``Game.effect_rules``, named by the
conformance vectors): computed from the step (state before, action, state after), so that a
rule is named only where the step shows it (the owner's PP only where an owner gains it,
the extra cost only where a placement paid it)."""

from functools import lru_cache

from rules_oracle.model.caylus import building, planning, setup
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Build,
    BuildPrestige,
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
from rules_oracle.model.caylus.ops import holder
from rules_oracle.model.caylus.state import CaylusState, FavourStep, Player, Stage

_ACTIVATION = frozenset({Stage.ACTIVATION, Stage.BRIDGE, Stage.BAILIFF})
_PLANNING = frozenset({Stage.EARLY, Stage.PLANNING})
#: the stages whose end sends the workers past the provost to the camp
_WORKING = _PLANNING | _ACTIVATION
#: workers a building's effect gives (the covered market: on its set-up side, on its
#: construction side), for the 15-worker limit
_WORKER_GAINS = {D.GUILD4: (4, 4), D.GUILD3: (3, 3), D.STONE_GUILD: (5, 5),
                 D.COVERED_MARKET: (2, 3)}
#: buildings that build (or put a house), for the road's and the houses' limits
_BUILDERS = frozenset({D.CARPENTER, D.START_CARPENTER, D.STONEMASON})
#: the set-up state of a configuration (immutable), made once, for the first step's rules
_initial = lru_cache(maxsize=256)(setup.initial)


def _is_initial(state: CaylusState) -> bool:
    """Whether ``state`` is its configuration's set-up state (whose stage is the tiles')."""
    return state.stage is Stage.TILES and state == _initial(state.config)


def effect_rules(state: CaylusState, action: Action, after: CaylusState) -> tuple[str, ...]:
    """The rules whose effect the legal step ``state --action--> after`` shows."""
    out: list[str] = []
    if _is_initial(state):  # the first step shows the set-up
        out += [RB.SETUP_PROVOST, RB.SETUP_WORKERS, RB.SETUP_RESOURCES]
    st = state.stage
    if state.favour is not None:
        out += _favour(state, action)
    elif isinstance(action, DrawTile | FirstPlayer | DrawCharacter):
        out += _chance(state, action)
    elif isinstance(action, TakeCharacter):
        out.append(RB.SETUP_DRAFT)
    elif st in _PLANNING:
        out += _planning(state, action, after)
    elif st in _ACTIVATION:
        out += _activation(state, action)
    elif st is Stage.DELIVERY:
        out += _delivery(state, action)
    elif isinstance(action, BuildPrestige):
        out.append(RB.STEWARDSHIP_PRESTIGE)
        out += _built(state, state.owner[state.cursor])
        if action.kind == D.THEATRE:
            out.append(RB.STEWARDSHIP_THEATRE)
    out += _phases(state, action, after)
    out += _supply(state, after)
    return tuple(dict.fromkeys(out))


def _chance(state: CaylusState, action: Action) -> list[str]:
    st = state.stage
    if isinstance(action, FirstPlayer):
        first_game = state.config.option("characters") == "first-game"
        return [RB.SETUP_FIRST_PLAYER, *([RB.SETUP_FIRST_GAME_CHARACTERS] if first_game else [])]
    if isinstance(action, DrawCharacter):
        return [RB.SETUP_CHARACTERS]
    if st is Stage.TILES:
        return [RB.SETUP_STARTING_TILES]
    if st is Stage.WOOD:  # the road's draw (the second) leaves the stonemason out
        return [RB.SETUP_WOOD, *([RB.SETUP_NO_STONEMASON] if state.fill == 1 else [])]
    return [RB.SETUP_STONE]


def _built(state: CaylusState, seat: int) -> list[str]:
    """A building built by ``seat``: the architect's extra PP when he holds him."""
    return [RB.CHARACTER_ARCHITECT] if holder(state, D.ARCHITECT) == seat else []


def _planning(state: CaylusState, action: Action, after: CaylusState) -> list[str]:
    seat = state.turn
    early = state.stage is Stage.EARLY
    out: list[str] = [RB.CHARACTER_EARLY_RISER] if early else [RB.PLANNING_ORDER]
    if isinstance(action, Pass):
        out.append(RB.PLANNING_PASS)
        if not state.bridge:
            out.append(RB.PLANNING_FIRST_PLAYER_TILE)
        if state.players[seat].workers < planning.cost(state, seat):
            out.append(RB.PLANNING_NO_WORKERS)
        return out
    if isinstance(action, Decline):
        return out
    if state.bridge and not early:  # someone passed: the extra worker, or none
        out.append(RB.CHARACTER_NIGHT_WORKER if holder(state, D.NIGHT_WORKER) == seat
                   else RB.PLANNING_EXTRA_COST)
    if isinstance(action, PlaceOnSite):
        out.append(RB.PLANNING_SITE)
        return out
    assert isinstance(action, PlaceWorker)
    s = action.space
    out.append(RB.PLANNING_BUILDING)
    if state.first_worker[s] >= 0:
        out.append(RB.CHARACTER_JOURNEYMAN)
    owner = state.owner[s]
    if owner >= 0 and owner != seat:
        if holder(state, D.THIEF) == seat:
            out.append(RB.CHARACTER_THIEF)
        elif after.players[owner].prestige > state.players[owner].prestige:
            out.append(RB.PLANNING_OWNER_PP)
            if holder(state, D.STEWARD) == owner:
                out.append(RB.CHARACTER_STEWARD)
    return out


def _effect(state: CaylusState, seat: int, kind: int, side: int, action: Action) -> list[str]:
    """A building's effect used by ``seat`` (a worker's or a favour's)."""
    out = [building.rule_of(kind)]
    if isinstance(action, Build):
        out += [RB.BUILDING_BUILD_PP, *_built(state, seat)]
        if action.extra >= 0:
            out.append(RB.BUILDING_ANY_ICON)
    gain = _WORKER_GAINS.get(kind)
    if isinstance(action, Use) and gain is not None \
            and state.players[seat].camp < gain[min(side, 1)]:
        out.append(RB.COMPONENTS_WORKER_LIMIT)  # the camp held fewer workers than the effect gives
    return out


def _declined(state: CaylusState, seat: int, kind: int) -> list[str]:
    """A builder declined where the road or the player's houses left no building."""
    if kind in _BUILDERS and building.first_free(state) < 0:
        return [RB.BUILDING_ROAD_FULL]
    if (kind in _BUILDERS or kind == D.LAWYER) and state.players[seat].houses < 1:
        return [RB.COMPONENTS_HOUSE_LIMIT]
    return []


def _activation(state: CaylusState, action: Action) -> list[str]:
    st = state.stage
    if st is Stage.BRIDGE:
        return [RB.BUILDING_BRIDGE] if isinstance(action, MoveProvost) else []
    if st is Stage.BAILIFF:
        return [RB.CHARACTER_BAILIFF] if isinstance(action, MoveProvost) else []
    c = state.cursor
    seat = state.first_worker[c] if state.slot == 0 else state.second_worker[c]
    kind, side = state.road[c], state.side[c]
    out = [RB.ACTIVATION_ORDER, RB.ACTIVATION_TO_CAMP]
    if isinstance(action, Decline):
        out += _declined(state, seat, kind)
    else:
        out += [RB.ACTIVATION_CHOICE, *_effect(state, seat, kind, side, action)]
    owner = state.owner[c]
    if state.slot == 0 and kind in building.STONE_PRODUCTION and owner >= 0 and owner != seat \
            and owner != state.second_worker[c]:
        out.append(RB.BUILDING_OWNER_BONUS)
    return out


def _favour(state: CaylusState, action: Action) -> list[str]:
    fav = state.favour
    assert fav is not None
    if fav.step is FavourStep.CHOOSE:
        if isinstance(action, StealCharacter):
            return [RB.FAVOUR_CHOICE]
        if isinstance(action, UseSite):
            gated = D.site_slots_open(state.round) < D.SITE_SLOTS
            return [RB.FAVOUR_CHOICE, *([RB.FAVOUR_GATE] if gated else [])]
        return []
    if fav.step is FavourStep.EFFECT:
        kind = state.site[fav.slot]
        if isinstance(action, Decline):
            return _declined(state, fav.seat, kind)
        return _effect(state, fav.seat, kind, 0, action)
    return [RB.FAVOUR_TAKE] if isinstance(action, TakeCharacter) else []


def _delivery(state: CaylusState, action: Action) -> list[str]:
    if not isinstance(action, Deliver):
        return [RB.DELIVERY_ORDER]  # the deliverer ends: the next one delivers
    order, i = state.delivery_order, state.cursor
    seat = order[i]
    out = [RB.DELIVERY_BUNDLE]
    if holder(state, D.FOREMAN) == seat:
        out.append(RB.CHARACTER_FOREMAN)
    if action.bundle[D.GOLD] and holder(state, D.GOLDSMITH) == seat \
            and not state.goldsmith_used:
        out.append(RB.CHARACTER_GOLDSMITH)
    if action.bundle not in D.BUNDLES:
        out.append(RB.CHARACTER_CHAMBERLAIN)
    if holder(state, D.DELIVERYMAN) == seat and (
            seat in order[:i] or seat not in state.site_workers):
        out.append(RB.CHARACTER_DELIVERYMAN)
    return out


def _phases(state: CaylusState, action: Action, after: CaylusState) -> list[str]:
    """The phases and rounds a step ends (a step may end several at once)."""
    out: list[str] = []
    new_round = after.round != state.round or (
        after.stage is Stage.OVER and state.stage is not Stage.OVER)
    if state.stage in _PLANNING and (after.stage not in _PLANNING or new_round):
        out.append(RB.PLANNING_END)
    if state.stage in _WORKING and (after.stage not in _WORKING or new_round):
        out += _beyond(state, action)
    if after.favour is not None and after.stage is Stage.DELIVERY and state.favour is None:
        out.append(RB.DELIVERY_MOST)
    if after.side is not state.side and any(  # an untouched road turned no tile over
            k >= 0 and D.MATERIAL[k] == D.START and after.side[s] == 1 and state.side[s] == 0
            for s, k in enumerate(after.road)):
        out.append(RB.STEWARDSHIP_RESIDENCES)
    if new_round:
        out += [RB.STEWARDSHIP_RECRUITMENT, RB.STEWARDSHIP_PROVOST]
        if holder(state, D.DAY_LABOURER) >= 0:
            out.append(RB.CHARACTER_DAY_LABOURER)
        if after.round != state.round:
            out.append(RB.STEWARDSHIP_ROUND)
    if after.stage is Stage.OVER and state.stage is not Stage.OVER:
        out.append(RB.END_OVER)
        if any(pl.resources[D.GOLD] for pl in after.players):
            out.append(RB.END_GOLD)
        best = max(pl.prestige for pl in after.players)
        if sum(1 for pl in after.players if pl.prestige == best) > 1:
            out.append(RB.END_TIES)
    return out


def _beyond(state: CaylusState, action: Action) -> list[str]:
    """Activation ends: workers past the provost went to the camp unused."""
    provost = state.provost + (action.steps if isinstance(action, MoveProvost) else 0)
    if any(state.first_worker[s] >= 0 or state.second_worker[s] >= 0
           for s in range(max(provost + 1, 0), D.ROAD_SPACES)):
        return [RB.ACTIVATION_BEYOND_PROVOST]
    return []


def _same_resources(a: Player, b: Player) -> bool:
    """Whether two players hold the very same resources tuple (a step copies a player's
    tuple of resources only when it changes them)."""
    return a.resources is b.resources


def _supply(state: CaylusState, after: CaylusState) -> list[str]:
    """A gain took a resource's total in play past its tokens (unlimited supply)."""
    if after.players is state.players:  # no player changed: no total did
        return []
    if all(map(_same_resources, after.players, state.players)):  # workers, houses, points
        return []
    for r in range(D.N_RESOURCES):
        total = sum(pl.resources[r] for pl in after.players)
        if total > D.RESOURCE_TOKENS[r] and total > sum(pl.resources[r]
                                                        for pl in state.players):
            return [RB.COMPONENTS_UNLIMITED]
    return []
