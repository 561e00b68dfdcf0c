"""City walls (chapter 9): building them, their limit, the discard limit they raise, and a
wall lost with its city."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.ops import evolve, in_range, put
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.common import set_player
from rules_oracle.model.cities_knights.state import CKState, Player


def wall_spots(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s cities without a wall, while ``p`` has fewer than 3 walls (RB.WALL_LIMIT)."""
    if state.players[p].walls >= D.WALLS:
        return ()
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 2 and not state.walls[n])


def refusal(state: CKState, p: int, n: int) -> str:
    """The rule a wall on ``n`` that :func:`wall_spots` refuses ``p`` breaks: his 3 walls
    built, or a wall on that city already (RB.WALL_LIMIT), else no city of his there
    (RB.WALL_SITE)."""
    if state.players[p].walls >= D.WALLS or (in_range(n, B.N_NODES) and state.walls[n]
                                             and state.node_owner[n] == p):
        return RB.WALL_LIMIT
    return RB.WALL_SITE


def place_wall(state: CKState, p: int, n: int) -> CKState:
    pl = state.players[p]
    return set_player(state, p, evolve(pl, walls=pl.walls + 1), walls=put(state.walls, n, True))


#: what a wall costs and the rule stating it
COST = (D.WALL_COST, RB.WALL_BUILD)


def discard_limit(pl: Player) -> int:
    """The hand a player may hold on a 7 without discarding: 7, 2 more a wall
    (RB.WALL_DISCARD_LIMIT)."""
    return BD.DISCARD_ABOVE + D.WALL_LIMIT_BONUS * pl.walls


def lose_wall(walls: tuple[bool, ...], n: int) -> tuple[tuple[bool, ...], bool]:
    """The walls after the city on ``n`` is reduced, and whether it had one: a wall goes
    with its city (RB.WALL_LOST)."""
    wall = walls[n]
    return (put(walls, n, False) if wall else walls), wall
