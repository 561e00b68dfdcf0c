"""Helpers shared by the chapters: seats, paying, pieces on intersections, the longest road
with knights as blockers, and knight strength."""

from typing import Any

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.longest_road import award_longest, longest_road
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


def update_roads(state: CKState, broken: bool, seats: tuple[int, ...] | None = None
                 ) -> CKState:
    """The longest road of ``seats`` (default: every player) recomputed (knights block as
    buildings do), and the longest-road card awarded (base Catan's rule; a break keeps a
    tied holder's card). Only the seats a change can touch need recomputing."""
    blockers = pieces(state)
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
