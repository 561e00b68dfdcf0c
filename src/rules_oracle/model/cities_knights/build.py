"""Building roads, settlements and cities: base Catan's placement rules as pure functions
over the board, with knights as pieces. Walls, knights, improvements and metropolises have
their chapters (:mod:`~model.cities_knights.wall`, ...)."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.build import road_connected, site_free
from rules_oracle.model.catan.ops import evolve, put
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.common import (
    at_road,
    pieces,
    road_owners_at,
    set_player,
    update_roads,
)
from rules_oracle.model.cities_knights.state import CKState

#: what each piece costs and the rule stating it (and where it may go)
ROAD = (D.ROAD_COST, RB.BUILD_ROAD)
SETTLEMENT = (D.SETTLEMENT_COST, RB.BUILD_SETTLEMENT)
CITY = (D.CITY_COST, RB.BUILD_CITY)


def road_spots(state: CKState, p: int) -> tuple[int, ...]:
    """Paths where ``p`` may put a road (cost aside): free, connected through no rival
    piece (knights block as buildings do: cities_knights/knight-blocks-road), while ``p``
    has roads left (RB.BUILD_ROAD)."""
    if state.players[p].roads >= BD.ROADS:
        return ()
    paths, nodes, knights = state.path_owner, state.node_owner, state.knight_owner
    last = _SPOTS_LAST.get(p)
    if last is not None and last[0] is paths and last[1] is nodes and last[2] is knights:
        return last[3]
    blockers = pieces(state)
    spots = tuple(e for e in range(B.N_PATHS) if paths[e] == -1
                  and road_connected(paths, blockers, p, e))
    _SPOTS_LAST[p] = (paths, nodes, knights, spots)
    return spots


#: per seat, the last paths it was asked about and the owners of paths, buildings and
#: knights they were found on (the very tuples: a step that moves no piece keeps them, and
#: the main stage asks for the paths before a road is built and again to check it)
_SPOTS_LAST: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                             tuple[int, ...]]] = {}


def place_road(state: CKState, p: int, e: int) -> CKState:
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, roads=pl.roads + 1),
                       path_owner=put(state.path_owner, e, p))
    return update_roads(state, False, (p,), built=e)


def settlement_spots(state: CKState, p: int) -> tuple[int, ...]:
    """Empty intersections at ``p``'s roads whose neighbours are empty, with no knight on
    them, while ``p`` has settlements left (RB.BUILD_SETTLEMENT)."""
    if state.players[p].settlements >= BD.SETTLEMENTS:
        return ()
    return tuple(n for n in range(B.N_NODES) if site_free(state.node_owner, n)
                 and state.knight_owner[n] < 0 and at_road(state, p, n))


def place_settlement(state: CKState, p: int, n: int) -> CKState:
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, settlements=pl.settlements + 1),
                       node_owner=put(state.node_owner, n, p),
                       node_level=put(state.node_level, n, 1))
    return update_roads(state, True, road_owners_at(state, n))


def city_spots(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s settlements, while ``p`` has cities left (RB.BUILD_CITY)."""
    if state.players[p].cities >= BD.CITIES:
        return ()
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 1)


def place_city(state: CKState, p: int, n: int) -> CKState:
    pl = state.players[p]
    return set_player(state, p, evolve(pl, settlements=pl.settlements - 1,
                                       cities=pl.cities + 1),
                      node_level=put(state.node_level, n, 2))


# -- knights ------------------------------------------------------------------------------------


# -- improvements and metropolises ---------------------------------------------------------------


# -- maritime trade ----------------------------------------------------------------------


