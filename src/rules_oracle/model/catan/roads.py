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


def award_longest(lengths: tuple[int, ...], holder: int, broken: bool,
                  holder_keeps_tie: bool) -> int:
    """Who holds the longest-road card after a change (-1: set aside).

    The longest road of ``data.LONGEST_ROAD_MIN`` or more takes it; equalling the holder
    does not take it from them; when a road was ``broken`` and several players tie for
    the longest, the card is set aside, except that the holder keeps it while among them
    when ``holder_keeps_tie`` (catan/longest-road-break-tie).
    """
    best = max(lengths)
    if best < D.LONGEST_ROAD_MIN:
        return -1
    leaders = [p for p, n in enumerate(lengths) if n == best]
    if holder >= 0 and lengths[holder] == best:
        if broken and len(leaders) > 1 and not holder_keeps_tie:
            return -1
        return holder
    if len(leaders) == 1:
        return leaders[0]
    return -1


def award_army(knights: tuple[int, ...], holder: int, player: int) -> int:
    """Who holds the largest-army card after ``player`` played a knight."""
    if knights[player] < D.LARGEST_ARMY_MIN:
        return holder
    if holder < 0 or knights[player] > knights[holder]:
        return player
    return holder
