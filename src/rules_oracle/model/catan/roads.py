"""Longest road and largest army as pure functions over the board tables.

:func:`longest_road` reads only path owners and intersection owners, so any game on this
board (Cities & Knights, whose knights also break roads, passes its own blocking owners)
can call it.
"""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D


def longest_road(path_owner: tuple[int, ...], node_owner: tuple[int, ...], player: int) -> int:
    """The length of ``player``'s longest continuous road: the most of their roads in one
    trail (no road twice), which may not pass through an intersection holding another
    player's piece (it may end there)."""
    mine = [e for e in range(B.N_PATHS) if path_owner[e] == player]
    if not mine:
        return 0
    starts = sorted({n for e in mine for n in B.PATH_NODES[e]})
    best = 0
    for start in starts:
        best = max(best, _walk(path_owner, node_owner, player, start, 0, True))
        if best == len(mine):
            break
    return best


def _walk(path_owner: tuple[int, ...], node_owner: tuple[int, ...], player: int, node: int,
          used: int, first: bool) -> int:
    owner = node_owner[node]
    if not first and owner != -1 and owner != player:
        return 0
    best = 0
    for e in B.NODE_PATHS[node]:
        bit = 1 << e
        if path_owner[e] != player or used & bit:
            continue
        a, b = B.PATH_NODES[e]
        nxt = b if a == node else a
        best = max(best, 1 + _walk(path_owner, node_owner, player, nxt, used | bit, False))
    return best


def award_longest(lengths: tuple[int, ...], holder: int) -> int:
    """Who holds the longest-road card after a change (-1: set aside).

    The longest road of ``data.LONGEST_ROAD_MIN`` or more takes it; a holder still among
    the longest keeps it, also when tied after a break (catan/longest-road.tie,
    catan/longest-road-break-tie); otherwise a sole leader takes it and a tie among others
    sets it aside.
    """
    best = max(lengths)
    if best < D.LONGEST_ROAD_MIN:
        return -1
    if holder >= 0 and lengths[holder] == best:
        return holder
    leaders = [p for p, n in enumerate(lengths) if n == best]
    return leaders[0] if len(leaders) == 1 else -1


def award_army(knights: tuple[int, ...], holder: int, player: int) -> int:
    """Who holds the largest-army card after ``player`` played a knight."""
    if knights[player] < D.LARGEST_ARMY_MIN:
        return holder
    if holder < 0 or knights[player] > knights[holder]:
        return player
    return holder
