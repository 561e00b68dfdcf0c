"""Helpers shared by the chapters: seats, paying, pieces on intersections, the longest road
with knights as blockers, and knight strength; and :class:`Links`, the other chapters'
functions the game module hands a chapter, so that no chapter imports another."""

from collections.abc import Callable
from typing import Any, NamedTuple

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.longest_road import award_longest, longest_road, longest_road_at
from rules_oracle.model.catan.ops import covers, evolve, minus, plus, put
from rules_oracle.model.cities_knights.state import CKState, Player


def set_player(state: CKState, p: int, pl: Player, **changes: Any) -> CKState:
    """``state`` with seat ``p``'s player replaced (and any other ``changes``): one copy."""
    return evolve(state, players=put(state.players, p, pl), **changes)


def order_from(state: CKState, first: int) -> tuple[int, ...]:
    """Every seat in turn order starting with ``first``."""
    n = state.config.players
    return tuple((first + i) % n for i in range(n))


def others(state: CKState) -> tuple[int, ...]:
    """The other seats in turn order from the player on turn."""
    return order_from(state, state.turn)[1:]


def pieces(state: CKState) -> tuple[int, ...]:
    """The owner of the piece (building or knight) on each intersection (-1: empty)."""
    return tuple(o if o >= 0 else k for o, k in zip(state.node_owner, state.knight_owner,
                                                   strict=True))


def empty(state: CKState, node: int) -> bool:
    return state.node_owner[node] < 0 and state.knight_owner[node] < 0


def at_road(state: CKState, p: int, node: int) -> bool:
    """Whether one of ``p``'s roads ends at ``node``."""
    return any(state.path_owner[e] == p for e in B.NODE_PATHS[node])


def knight_spots(state: CKState, p: int) -> tuple[int, ...]:
    """Empty intersections at one of ``p``'s roads (where ``p`` may put a knight)."""
    return tuple(n for n in range(B.N_NODES) if empty(state, n) and at_road(state, p, n))


def road_owners_at(state: CKState, node: int) -> tuple[int, ...]:
    """The owners of the roads at ``node`` (whose longest road a piece there may change)."""
    return tuple(sorted({state.path_owner[e] for e in B.NODE_PATHS[node]} - {-1}))


def update_roads(state: CKState, broken: bool, seats: tuple[int, ...] | None = None,
                 built: int = -1) -> CKState:
    """The longest road of ``seats`` (default: every player) recomputed (knights block as
    buildings do), and the longest-road card awarded (base Catan's rule; a break keeps a
    tied holder's card). Only the seats a change can touch need recomputing; after a road
    built on path ``built`` its builder's longest road is his last one or one through it
    (a road added breaks no trail), so only the trails reaching it are walked."""
    blockers = pieces(state)
    if built >= 0:
        lengths = tuple(max(pl.road_length, longest_road_at(state.path_owner, blockers, p,
                                                             built))
                        if seats is None or p in seats else pl.road_length
                        for p, pl in enumerate(state.players))
    else:
        lengths = tuple(longest_road(state.path_owner, blockers, p)
                        if seats is None or p in seats else pl.road_length
                        for p, pl in enumerate(state.players))
    if seats is not None and all(lengths[p] == state.players[p].road_length for p in seats):
        return state
    holder = award_longest(lengths, state.longest)
    players = tuple(pl if pl.road_length == n else evolve(pl, road_length=n)
                    for pl, n in zip(state.players, lengths, strict=True))
    return evolve(state, players=players, longest=holder)


def held(pl: Player) -> int:
    """Progress cards in hand (Printer and Constitution lie face up, never held)."""
    return sum(pl.progress)


def strength(state: CKState, p: int) -> int:
    """The sum of the levels of ``p``'s active knights."""
    return sum(lv for o, lv, a in zip(state.knight_owner, state.knight_level,
                                      state.knight_active, strict=True) if o == p and a)


def active_knights(state: CKState, p: int) -> int:
    return sum(1 for o, a in zip(state.knight_owner, state.knight_active, strict=True)
               if o == p and a)


def can_pay(state: CKState, p: int, cost: tuple[int, ...]) -> bool:
    return covers(state.players[p].hand, cost)


def pay(state: CKState, p: int, cost: tuple[int, ...]) -> CKState:
    pl = state.players[p]
    return set_player(state, p, evolve(pl, hand=minus(pl.hand, cost)),
                      bank=plus(state.bank, cost))


class Links(NamedTuple):
    """The other chapters' functions a chapter calls, built by the game module (which owns
    the order of play) and handed to the chapter functions that need them, so that no
    chapter imports another. Each is the named chapter's own function (those that need
    links themselves bound to the game's)."""

    #: ``production.production``: the dice's production, or the 7
    production: Callable[[CKState], CKState]
    #: ``progress.continue_draws``: the progress cards owed, then production
    continue_draws: Callable[[CKState], CKState]
    #: ``robber.seven``: the 7's discards, then the robber
    seven: Callable[[CKState], CKState]
    #: ``improvement.aqueduct_start``: the aqueduct's resources after production
    aqueduct_start: Callable[[CKState, tuple[bool, ...]], CKState]
    #: ``metropolis.immune``: whether the city on an intersection is a metropolis
    immune: Callable[[CKState, int], bool]
    #: ``metropolis.metropolis_comes``: whether a level brings its metropolis
    metropolis_comes: Callable[[CKState, int, int, int], bool]
    #: ``metropolis.needs_city_rule``: the rule a level breaks without a city for it
    needs_city_rule: Callable[[CKState, int, int, int], str | None]
    #: ``wall.lose_wall``: the walls after a city is reduced, and whether it had one
    lose_wall: Callable[[tuple[bool, ...], int], tuple[tuple[bool, ...], bool]]
    #: ``wall.discard_limit``: the hand a player may hold on a 7
    discard_limit: Callable[[Player], int]
    #: ``improvement.commodity_rate``: a player's bank rate for commodities
    commodity_rate: Callable[[CKState, int, bool], int]
    #: ``robber.start_steals``: the steals from the players named, one by one
    start_steals: Callable[[CKState, tuple[int, ...]], CKState]
    #: ``build.road_spots``, ``build.city_spots``: where a player may build
    road_spots: Callable[[CKState, int], tuple[int, ...]]
    city_spots: Callable[[CKState, int], tuple[int, ...]]
    #: ``build.place_road``, ``build.place_city``: a piece put (no payment)
    place_road: Callable[[CKState, int, int], CKState]
    place_city: Callable[[CKState, int, int], CKState]
    #: ``wall.wall_spots``, ``wall.place_wall``: where a wall may stand, a wall put
    wall_spots: Callable[[CKState, int], tuple[int, ...]]
    place_wall: Callable[[CKState, int, int], CKState]
    #: ``knight.own_knights``, ``knight.activatable``: a player's knights, his inactive ones
    own_knights: Callable[[CKState, int], tuple[int, ...]]
    activatable: Callable[[CKState, int], tuple[int, ...]]
    #: ``knight.promote_rule``: why a knight may not be promoted, or ``None``
    promote_rule: Callable[[CKState, int, int], str | None]
    #: ``knight.put_knight`` (state, player, intersection, level, active, placed)
    put_knight: Callable[[CKState, int, int, int, bool, bool], CKState]
    #: ``knight.remove_knight``, ``knight.activate``: a knight taken off, activated
    remove_knight: Callable[[CKState, int], CKState]
    activate: Callable[[CKState, int], CKState]
    #: ``knight.promote``: a knight promoted (no payment)
    promote: Callable[[CKState, int, int], CKState]
    #: ``knight.start_displaced``: a displaced knight's owner moves it, from the intersection
    start_displaced: Callable[[CKState, tuple[int, int, bool], int], CKState]
