"""Phase 1, planning ("ФАЗА 1. ПЛАНИРОВАНИЕ"): the early riser's placement, then from the
first player clockwise a worker on a building, on the construction site, or a pass. When
every player passed, the phase hands over to activation (``stage`` ACTIVATION, begun by the
game)."""

from functools import lru_cache

from rules_oracle.model.caylus import character
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Action, Decline, Pass, PlaceOnSite, PlaceWorker
from rules_oracle.model.caylus.ops import evolve, holder, put
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Player, Stage
from rules_oracle.model.core.cite import implements


def begin(state: CaylusState) -> CaylusState:
    """A round's planning: the early riser first (if he can pay), then the first player."""
    state = evolve(state, bridge=(), journeyman_used=False, goldsmith_used=False,
                   turn=state.first_player, cursor=0, slot=0, delivery_order=(),
                   delivered=(), stage=Stage.PLANNING)
    riser = character.early_riser(state)
    if riser >= 0:
        return evolve(state, stage=Stage.EARLY, turn=riser)
    return state


@implements(RB.PLANNING_EXTRA_COST)
def cost(state: CaylusState, seat: int) -> int:
    """Workers a placement takes: 1, +1 after a pass (not for the night worker), +1 for
    the early riser's placement."""
    if state.stage is Stage.EARLY:
        return 2
    extra = 1 if state.bridge and not character.night_worker(state, seat) else 0
    return 1 + extra


@implements(RB.PLANNING_BUILDING, RB.PLANNING_FORBIDDEN)
def takes_worker(state: CaylusState, space: int) -> bool:
    """Whether the building at ``space`` takes workers at all."""
    return _takes_worker(state.road, state.side, space)


def _takes_worker(road: tuple[int, ...], side: tuple[int, ...], space: int) -> bool:
    kind = road[space]
    if kind < 0 or kind == D.BRIDGE:
        return False
    material = D.MATERIAL[kind]
    if material == D.PRESTIGE:
        return False
    return not (material == D.START and side[space] == 1)


@lru_cache(maxsize=1 << 10)
def worker_spaces(road: tuple[int, ...], side: tuple[int, ...]) -> tuple[int, ...]:
    """The road spaces whose buildings take workers (:func:`takes_worker`), in road order;
    remembered by the road's kinds and sides (they change only when a building is built or
    turned)."""
    return tuple(s for s in range(D.ROAD_SPACES) if _takes_worker(road, side, s))


def placement_rule(state: CaylusState, seat: int, action: PlaceWorker | PlaceOnSite
                   ) -> str | None:
    """Why ``seat`` may not place this worker now, or ``None``."""
    if state.players[seat].workers < cost(state, seat):
        if state.stage is Stage.EARLY:
            return RB.CHARACTER_EARLY_RISER
        return RB.PLANNING_EXTRA_COST if state.bridge else RB.PLANNING_NO_WORKERS
    if isinstance(action, PlaceOnSite):
        return RB.PLANNING_SITE if seat in state.site_workers else None
    return _space_rule(state, seat, action.space)


def _space_rule(state: CaylusState, seat: int, s: int) -> str | None:
    """Why ``seat``, who has the workers, may not place one on road space ``s``, or
    ``None``: a building taking workers, then who stands there (:func:`_join_rule`)."""
    if not 0 <= s < D.ROAD_SPACES or not takes_worker(state, s):
        return RB.PLANNING_FORBIDDEN
    return _join_rule(state, seat, s)


def _join_rule(state: CaylusState, seat: int, s: int) -> str | None:
    """Why ``seat`` may not join the workers on the building at ``s``, or ``None``."""
    if not character.can_join(state, seat, s):
        return (RB.CHARACTER_JOURNEYMAN if holder(state, D.JOURNEYMAN) == seat
                else RB.PLANNING_OCCUPIED)
    return None


def choice_rule(state: CaylusState, action: Action) -> str | None:
    """Why the player on turn may not take ``action`` now, or ``None``: a placement
    (:func:`placement_rule`), the early riser's decline, or a pass."""
    if isinstance(action, PlaceWorker | PlaceOnSite):
        return placement_rule(state, state.turn, action)
    early = state.stage is Stage.EARLY
    if isinstance(action, Decline if early else Pass):
        return None
    return RB.CHARACTER_EARLY_RISER if early else RB.PLANNING_ORDER


def actions(state: CaylusState) -> tuple[Action, ...]:
    """The choices :func:`choice_rule` allows, in a canonical order: the workers checked
    once (:func:`placement_rule`'s first test), then the road spaces taking workers
    (:func:`worker_spaces`) each by :func:`_join_rule`, the site, a pass or decline."""
    seat = state.turn
    out: list[Action] = []
    if state.players[seat].workers >= cost(state, seat):
        out.extend(_PLACE[s] for s in worker_spaces(state.road, state.side)
                   if _join_rule(state, seat, s) is None)
        if placement_rule(state, seat, _SITE) is None:
            out.append(_SITE)
    out.append(_DECLINE if state.stage is Stage.EARLY else _PASS)
    return tuple(out)


#: the planning choices, made once (frozen: one object serves every state)
_PLACE = tuple(PlaceWorker(s) for s in range(D.ROAD_SPACES))
_SITE = PlaceOnSite()
_DECLINE = Decline()
_PASS = Pass()


@implements(RB.PLANNING_PASS, RB.PLANNING_FIRST_PLAYER_TILE)
def step(state: CaylusState, action: Action) -> CaylusState:
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, f"{action} is not a planning choice now")
    seat = state.turn
    if isinstance(action, Decline):
        return evolve(state, stage=Stage.PLANNING, turn=state.first_player)
    if isinstance(action, Pass):
        first = state.first_player if state.bridge else seat
        state = evolve(state, bridge=(*state.bridge, seat), first_player=first)
        return _next(state, seat)
    n = cost(state, seat)
    pl = state.players[seat]
    players = put(state.players, seat, evolve(pl, workers=pl.workers - n,
                                              camp=pl.camp + n - 1))
    if isinstance(action, PlaceOnSite):
        state = evolve(state, players=players, site_workers=(*state.site_workers, seat))
    else:
        assert isinstance(action, PlaceWorker)
        s = action.space
        if state.first_worker[s] < 0:
            state = evolve(state, players=players,
                           first_worker=put(state.first_worker, s, seat))
        else:
            state = evolve(state, players=players, journeyman_used=True,
                           second_worker=put(state.second_worker, s, seat))
        state = _owner_pp(state, seat, state.owner[s])
    if state.stage is Stage.EARLY:
        return evolve(state, stage=Stage.PLANNING, turn=state.first_player)
    return _next(state, seat)


@implements(RB.PLANNING_OWNER_PP)
def _owner_pp(state: CaylusState, seat: int, owner: int) -> CaylusState:
    """The owner's PP for a worker on his building (thief: none; steward: 2 or 1 + 2)."""
    if owner < 0 or owner == seat:
        return state
    pp = character.owner_pp(state, seat, owner)
    if pp == 0:
        return state
    pl: Player = state.players[owner]
    return evolve(state, players=put(state.players, owner,
                                     evolve(pl, prestige=pl.prestige + pp)))


@implements(RB.PLANNING_ORDER, RB.PLANNING_END)
def _next(state: CaylusState, seat: int) -> CaylusState:
    """The next player clockwise who has not passed; when all passed, activation's turn."""
    n = state.config.players
    if len(state.bridge) == n:
        return evolve(state, stage=Stage.ACTIVATION)
    p = (seat + 1) % n
    while p in state.bridge:
        p = (p + 1) % n
    return evolve(state, turn=p)
