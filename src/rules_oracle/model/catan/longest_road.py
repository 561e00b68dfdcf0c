"""The longest road: its length and who holds its card, as pure functions over the board
tables.

:func:`longest_road` reads only path owners and intersection owners, so any game on this
board (Cities & Knights, whose knights also break roads, passes its own blocking owners)
can call it. :func:`after_road` and :func:`after_settlement` decide the card again after a
placement (the game module applies them, then the points).
"""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.ops import evolve_dict, put
from rules_oracle.model.catan.state import CatanState


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


def longest_road_at(path_owner: tuple[int, ...], node_owner: tuple[int, ...], player: int,
                    path: int) -> int:
    """:func:`longest_road` over the trails of ``player`` that may reach ``path``: walked
    from the intersections of his roads linked to ``path`` through shared intersections
    (buildings aside, so it holds every trail through ``path``); his other roads are not
    walked."""
    nodes = set(B.PATH_NODES[path])
    roads = {path}
    stack = list(nodes)
    while stack:
        for e, _, nxt in _STEPS[stack.pop()]:
            if path_owner[e] == player and e not in roads:
                roads.add(e)
                if nxt not in nodes:
                    nodes.add(nxt)
                    stack.append(nxt)
    best = 0
    for start in sorted(nodes):
        best = max(best, _walk(path_owner, node_owner, player, start, 0, True))
        if best == len(roads):
            break
    return best


def _steps() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    return tuple(tuple((e, 1 << e, B.PATH_NODES[e][1] if B.PATH_NODES[e][0] == n
                        else B.PATH_NODES[e][0]) for e in B.NODE_PATHS[n])
                 for n in range(B.N_NODES))


#: per intersection, (path, the path's bit, the path's other end) for each path there
_STEPS = _steps()


def _walk(path_owner: tuple[int, ...], node_owner: tuple[int, ...], player: int, node: int,
          used: int, first: bool) -> int:
    owner = node_owner[node]
    # RB.LONGEST_ROAD_BREAK: a rival's piece between two roads splits them (a rival's
    # settlement or city; in Cities & Knights also a knight, RB.LONGEST_ROAD_BREAK_CITIES_KNIGHTS)
    if not first and owner != -1 and owner != player:
        return 0
    best = 0
    for e, bit, nxt in _STEPS[node]:
        if path_owner[e] != player or used & bit:
            continue
        n = 1 + _walk(path_owner, node_owner, player, nxt, used | bit, False)
        if n > best:
            best = n
    return best


def award_longest(lengths: tuple[int, ...], holder: int) -> int:
    """Who holds the longest-road card after a change (-1: set aside).

    The longest road of ``data.LONGEST_ROAD_MIN`` or more takes it; a holder still among
    the longest keeps it, also when tied after a break (catan/longest-road.tie,
    catan/longest-road-break-tie); otherwise a sole leader takes it and a tie among others
    sets it aside.
    """
    best = max(lengths)
    if best < D.LONGEST_ROAD_MIN:  # RB.LONGEST_ROAD_MINIMUM, RB.LONGEST_ROAD_FIVE
        return -1
    if holder >= 0 and lengths[holder] == best:  # RB.LONGEST_ROAD_TIE
        return holder
    leaders = [p for p, n in enumerate(lengths) if n == best]
    return leaders[0] if len(leaders) == 1 else -1


def award(state: CatanState, lengths: tuple[int, ...]) -> CatanState:
    """Every player's road length set to ``lengths`` and the card's holder decided again."""
    holder = award_longest(lengths, state.longest)
    players = tuple(pl if pl.road_length == n else evolve_dict(pl, road_length=n)
                    for pl, n in zip(state.players, lengths, strict=True))
    return evolve_dict(state, players=players, longest=holder)


def after_road(state: CatanState, p: int, path: int) -> CatanState:
    """``state`` (``p`` just put a road on ``path``) with ``p``'s road length and the card
    decided again; ``state`` itself when his length is unchanged. A road only adds to the
    trails through it, so his length is the longer of his length before and the longest
    trail among the roads linked to ``path`` (:func:`longest_road_at`)."""
    before = state.players[p].road_length
    n = max(before, longest_road_at(state.path_owner, state.node_owner, p, path))
    if n == before:
        return state
    return award(state, put(tuple(x.road_length for x in state.players), p, n))


def after_settlement(state: CatanState, p: int, node: int) -> CatanState:
    """``state`` (``p`` just put a settlement on ``node``) with the rivals' roads through it
    measured again (RB.LONGEST_ROAD_BREAK) and the card decided again; ``state`` itself
    when no length changed."""
    rivals = sorted({state.path_owner[e] for e in B.NODE_PATHS[node]} - {-1, p})
    lengths = tuple(x.road_length for x in state.players)
    changed = False
    for q in rivals:
        n = longest_road(state.path_owner, state.node_owner, q)
        if n != lengths[q]:
            lengths = put(lengths, q, n)
            changed = True
    if changed:
        return award(state, lengths)
    return state


def shown(state: CatanState, after: CatanState, settled: bool) -> list[str]:
    """The longest-road rules a step shows (``settled``: the step put a settlement)."""
    out: list[str] = []
    lengths = [p.road_length for p in state.players] != [p.road_length for p in after.players]
    if after.longest != state.longest or lengths:
        # the longest road card decided again: held, taken or not given
        out += [RB.LONGEST_ROAD_MINIMUM, RB.LONGEST_ROAD_FIVE]
        if settled and any(
                b.road_length < a.road_length
                for a, b in zip(state.players, after.players, strict=True)):
            out.append(RB.LONGEST_ROAD_BREAK)
        best = max(p.road_length for p in after.players)
        if best >= D.LONGEST_ROAD_MIN and after.longest >= 0 and sum(
                p.road_length == best for p in after.players) > 1:
            out.append(RB.LONGEST_ROAD_TIE)  # a tie for the longest: the holder keeps it
    return out
