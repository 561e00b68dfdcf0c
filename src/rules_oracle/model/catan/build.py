"""Building: roads, settlements, cities (placement rules, piece limits, costs). A placement
only puts the piece; the game module decides the longest road and the points after it
(:mod:`~model.catan.longest_road`, :mod:`~model.catan.victory`)."""

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.ops import (
    PairMemo,
    covers,
    evolve_dict,
    in_range,
    minus,
    plus,
    put,
    set_player,
)
from rules_oracle.model.catan.state import CatanState

#: a placement: (state, player, intersection or path) -> state
Placer = Callable[[CatanState, int, int], CatanState]


def road_connected(path_owner: tuple[int, ...], node_owner: tuple[int, ...], p: int,
                   path: int) -> bool:
    """A path touches ``p``'s building, or ``p``'s road at an intersection without a rival
    building."""
    for n in B.PATH_NODES[path]:
        o = node_owner[n]
        if o == p:
            return True
        if o == -1 and any(path_owner[e] == p for e in B.NODE_PATHS[n] if e != path):
            return True
    return False


def site_free(node_owner: tuple[int, ...], node: int) -> bool:
    """An empty intersection whose neighbours are all empty (the distance rule)."""
    return node_owner[node] == -1 and all(node_owner[m] == -1 for m in B.NODE_NODES[node])


def road_rule(state: CatanState, p: int, path: int) -> str | None:
    """Why ``p`` may not put a road on ``path`` now (cost aside), or ``None``."""
    if not in_range(path, B.N_PATHS) or state.path_owner[path] != -1:
        return RB.BUILD_ROAD_FREE_PATH
    if state.players[p].roads >= D.ROADS:
        return RB.COMPONENTS_PIECES
    if not road_connected(state.path_owner, state.node_owner, p, path):
        return RB.BUILD_ROAD_CONNECTED
    return None


def settlement_rule(state: CatanState, p: int, node: int, setup: bool) -> str | None:
    """Why ``p`` may not put a settlement on ``node`` now (cost aside), or ``None``."""
    if not in_range(node, B.N_NODES) or not site_free(state.node_owner, node):
        return RB.BUILD_DISTANCE
    if state.players[p].settlements >= D.SETTLEMENTS:
        return RB.COMPONENTS_PIECES
    if not setup and not any(state.path_owner[e] == p for e in B.NODE_PATHS[node]):
        return RB.BUILD_SETTLEMENT_CONNECTED
    return None


def city_rule(state: CatanState, p: int, node: int) -> str | None:
    if not in_range(node, B.N_NODES) or state.node_owner[node] != p \
            or state.node_level[node] != 1:
        return RB.BUILD_CITY_UPGRADE
    if state.players[p].cities >= D.CITIES:
        return RB.COMPONENTS_PIECES
    return None


#: :func:`roads_open`'s and :func:`settlement_sites`' places by the owners' identity
_OPEN_ROADS: PairMemo[tuple[int, ...]] = PairMemo()
_SITES: PairMemo[tuple[int, ...]] = PairMemo()


def roads_open(state: CatanState, p: int) -> tuple[int, ...]:
    """Paths where ``p`` may put a road now (cost aside): the free paths at ``p``'s
    buildings and at the ends of his roads where no rival builds (``road_connected``),
    in path order. Gathered from his own pieces rather than tried path by path, and
    remembered by the owners' identity (they change only when a piece is placed)."""
    if state.players[p].roads >= D.ROADS:
        return ()
    path_owner, node_owner = state.path_owner, state.node_owner
    known = _OPEN_ROADS.get(path_owner, node_owner, p)
    if known is not None:
        return known
    ends: set[int] = set()
    for e, owner in enumerate(path_owner):
        if owner == p:
            ends.update(B.PATH_NODES[e])
    ends.update(n for n, owner in enumerate(node_owner) if owner == p)
    found: set[int] = set()
    for n in ends:
        owner = node_owner[n]
        if owner == p or owner == -1:
            found.update(B.NODE_PATHS[n])
    return _OPEN_ROADS.put(path_owner, node_owner, p,
                           tuple(sorted(e for e in found if path_owner[e] == -1)))


def settlement_sites(state: CatanState, p: int) -> tuple[int, ...]:
    """Intersections where ``p`` may put a settlement after set-up (cost aside): free
    sites (``site_free``) at the ends of his roads, in intersection order (the nodes
    ``settlement_rule`` allows); remembered by the owners' identity."""
    if state.players[p].settlements >= D.SETTLEMENTS:
        return ()
    path_owner, node_owner = state.path_owner, state.node_owner
    known = _SITES.get(path_owner, node_owner, p)
    if known is not None:
        return known
    ends: set[int] = set()
    for e, owner in enumerate(path_owner):
        if owner == p:
            ends.update(B.PATH_NODES[e])
    return _SITES.put(path_owner, node_owner, p,
                      tuple(sorted(n for n in ends if site_free(node_owner, n))))


def city_sites(state: CatanState, p: int) -> tuple[int, ...]:
    """``p``'s settlements (the intersections where he may put a city, cost and pieces
    aside), in intersection order; remembered by the owners' and levels' identity."""
    node_owner, node_level = state.node_owner, state.node_level
    known = _CITIES.get(node_owner, node_level, p)
    if known is not None:
        return known
    return _CITIES.put(node_owner, node_level, p,
                       tuple(n for n, owner in enumerate(node_owner)
                             if owner == p and node_level[n] == 1))


_CITIES: PairMemo[tuple[int, ...]] = PairMemo()


def pay(state: CatanState, p: int, cost: tuple[int, ...], **changes: Any) -> CatanState:
    """``p`` pays ``cost`` to the bank (with any other ``changes`` to the state)."""
    pl = state.players[p]
    return set_player(state, p, evolve_dict(pl, hand=minus(pl.hand, cost)),
                      bank=plus(state.bank, cost), **changes)


def can_pay(state: CatanState, p: int, cost: tuple[int, ...]) -> bool:
    return covers(state.players[p].hand, cost)


#: the rule stating each cost
COST_RULES: Mapping[tuple[int, ...], str] = MappingProxyType({
    D.ROAD_COST: RB.BUILD_ROAD_COST,
    D.SETTLEMENT_COST: RB.BUILD_SETTLEMENT_COST,
    D.CITY_COST: RB.BUILD_CITY_COST,
    D.DEVELOPMENT_COST: RB.BUILD_DEVELOPMENT_COST,
})


def cost_rule(state: CatanState, p: int, cost: tuple[int, ...]) -> str | None:
    """The rule stating ``cost`` when ``p`` cannot pay it, or ``None``."""
    return None if can_pay(state, p, cost) else COST_RULES[cost]


#: what a refused purchase of a development card says
BUY_DETAIL: Mapping[str, str] = MappingProxyType({
    RB.BUILD_DEVELOPMENT_DECK: "the development deck is empty",
    RB.BUILD_DEVELOPMENT_COST: "wool, grain and ore needed",
})


def buy_rule(state: CatanState, p: int) -> str | None:
    """Why ``p`` may not buy a development card now, or ``None``: the deck has cards
    (RB.BUILD_DEVELOPMENT_DECK) and the cost is in hand."""
    if not any(state.deck):
        return RB.BUILD_DEVELOPMENT_DECK
    return cost_rule(state, p, D.DEVELOPMENT_COST)


def place_road(state: CatanState, p: int, path: int) -> CatanState:
    """Put ``p``'s road on ``path`` (no payment)."""
    pl = state.players[p]
    return set_player(state, p, evolve_dict(pl, roads=pl.roads + 1),
                      path_owner=put(state.path_owner, path, p))


def place_settlement(state: CatanState, p: int, node: int) -> CatanState:
    """Put ``p``'s settlement on ``node`` (no payment)."""
    pl = state.players[p]
    return set_player(state, p, evolve_dict(pl, settlements=pl.settlements + 1),
                      node_owner=put(state.node_owner, node, p),
                      node_level=put(state.node_level, node, 1))


def place_city(state: CatanState, p: int, node: int) -> CatanState:
    """Put ``p``'s city on his settlement at ``node`` (no payment)."""
    pl = state.players[p]
    return set_player(state, p,
                      evolve_dict(pl, settlements=pl.settlements - 1, cities=pl.cities + 1),
                      node_level=put(state.node_level, node, 2))
