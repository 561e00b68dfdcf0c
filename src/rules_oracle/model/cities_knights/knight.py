"""Knights (chapter 6): building, activating and promoting them, moving and displacing,
chasing the robber, and a displaced knight's new place."""

from collections.abc import Iterator

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.ops import bump, evolve, in_range, put
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action, ChooseNode, Stop
from rules_oracle.model.cities_knights.common import (
    empty,
    knight_spots,
    road_owners_at,
    set_player,
    update_roads,
)
from rules_oracle.model.cities_knights.state import CKState, Stage

#: what each knight action costs and the rule stating it
BUILD = (D.KNIGHT_COST, RB.KNIGHT_BUILD)
ACTIVATE = (D.ACTIVATE_COST, RB.KNIGHT_ACTIVATE)
PROMOTE = (D.PROMOTE_COST, RB.KNIGHT_PROMOTE)


def own_knights(state: CKState, p: int) -> tuple[int, ...]:
    """The intersections of ``p``'s knights (remembered per seat with the very tuple of
    knight owners they were found in: most steps move no knight, and the main stage asks
    for them to move, chase, promote and activate)."""
    owners = state.knight_owner
    last = _OWN_LAST.get(p)
    if last is not None and last[0] is owners:
        return last[1]
    own = tuple(n for n in range(B.N_NODES) if owners[n] == p)
    _OWN_LAST[p] = (owners, own)
    return own


#: per seat, the last knight owners asked about and its knights' intersections there
_OWN_LAST: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def knight_build_spots(state: CKState, p: int) -> tuple[int, ...]:
    """Where ``p`` may place a new basic knight: an empty intersection at ``p``'s roads
    (RB.KNIGHT_PLACE), while ``p`` has fewer than 2 basic knights (RB.KNIGHT_LIMIT)."""
    if state.players[p].knights[0] >= D.KNIGHTS_PER_LEVEL:
        return ()
    return knight_spots(state, p)


def put_knight(state: CKState, p: int, n: int, level: int, active: bool,
               placed: bool = False) -> CKState:
    """``p``'s knight of ``level`` on ``n``; ``placed``: newly placed this turn (mark 4). A
    knight between a rival's roads breaks them (RB.KNIGHT_BREAK_ROAD)."""
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, knights=bump(pl.knights, level - 1, 1)),
                       knight_owner=put(state.knight_owner, n, p),
                       knight_level=put(state.knight_level, n, level),
                       knight_active=put(state.knight_active, n, active),
                       knight_marks=put(state.knight_marks, n, 4 if placed else 0))
    return update_roads(state, True, _rivals_at(state, n, p))


def _rivals_at(state: CKState, n: int, p: int) -> tuple[int, ...]:
    """The owners of the roads at ``n`` but ``p``: the roads ``p``'s knight there breaks
    or, leaving, joins again (his own roads run through his own knight)."""
    return tuple(q for q in road_owners_at(state, n) if q != p)


def remove_knight(state: CKState, n: int) -> CKState:
    p, level = state.knight_owner[n], state.knight_level[n]
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, knights=bump(pl.knights, level - 1, -1)),
                       knight_owner=put(state.knight_owner, n, -1),
                       knight_level=put(state.knight_level, n, 0),
                       knight_active=put(state.knight_active, n, False),
                       knight_marks=put(state.knight_marks, n, 0))
    return update_roads(state, False, _rivals_at(state, n, p))


def activatable(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s inactive knights, which ``p`` may activate for 1 grain (RB.KNIGHT_ACTIVATE)."""
    return tuple(n for n in own_knights(state, p) if not state.knight_active[n])


def activate(state: CKState, n: int) -> CKState:
    return evolve(state, knight_active=put(state.knight_active, n, True),
                  knight_marks=put(state.knight_marks, n, state.knight_marks[n] | 1))


def promote_rule(state: CKState, p: int, n: int) -> str | None:
    """Why ``p`` may not promote the knight on ``n`` now (cost aside), or ``None``."""
    if not in_range(n, B.N_NODES) or state.knight_owner[n] != p:
        return RB.KNIGHT_PROMOTE
    level = state.knight_level[n]
    if level >= D.KNIGHT_LEVELS or state.players[p].knights[level] >= D.KNIGHTS_PER_LEVEL:
        return RB.KNIGHT_LIMIT
    if state.knight_marks[n] & 2:
        return RB.KNIGHT_PROMOTE_ONCE
    if level == 2 and state.players[p].levels[D.POLITICS] < D.ABILITY_LEVEL:
        return RB.KNIGHT_MIGHTY
    return None


def promote(state: CKState, p: int, n: int) -> CKState:
    level = state.knight_level[n]
    pl = state.players[p]
    knights = bump(bump(pl.knights, level - 1, -1), level, 1)
    return set_player(state, p, evolve(pl, knights=knights),
                      knight_level=put(state.knight_level, n, level + 1),
                      knight_marks=put(state.knight_marks, n, state.knight_marks[n] | 2))


def can_act(state: CKState, p: int, n: int) -> bool:
    """An active knight of ``p``'s, active since before this turn (knight-act=activated),
    or not both placed and activated this turn (knight-act=placed-and-activated):
    RB.KNIGHT_NO_ACT_WHEN_ACTIVATED."""
    if not (in_range(n, B.N_NODES) and state.knight_owner[n] == p and state.knight_active[n]):
        return False
    marks = state.knight_marks[n]
    if state.config.option("knight-act") == "placed-and-activated":
        return not (marks & 1 and marks & 4)
    return not marks & 1


def _reached(state: CKState, p: int, start: int) -> Iterator[int]:
    """Every intersection ``p``'s roads lead to from ``start``, once each, as a knight's
    move goes: on through empty intersections and ``p``'s own pieces, stopping at any
    other piece."""
    seen = {start}
    frontier = [start]
    while frontier:
        a = frontier.pop()
        for e in B.NODE_PATHS[a]:
            if state.path_owner[e] != p:
                continue
            x, y = B.PATH_NODES[e]
            m = y if x == a else x
            if m in seen:
                continue
            seen.add(m)
            yield m
            if empty(state, m) or state.node_owner[m] == p or state.knight_owner[m] == p:
                frontier.append(m)


def knight_targets(state: CKState, n: int) -> tuple[int, ...]:
    """Where the knight on ``n`` may go: empty intersections of its owner's road network
    reached from it (RB.KNIGHT_MOVE), and weaker rival knights there (to displace,
    RB.KNIGHT_DISPLACE)."""
    p, level = state.knight_owner[n], state.knight_level[n]
    return tuple(sorted(
        m for m in _reached(state, p, n)
        if empty(state, m) or (state.knight_owner[m] >= 0 and state.knight_owner[m] != p
                               and state.knight_level[m] < level)))


def movable(state: CKState, p: int) -> tuple[int, ...]:
    return tuple(n for n in own_knights(state, p) if can_act(state, p, n)
                 and knight_targets(state, n))


def chasers(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s knights that may chase the robber (RB.KNIGHT_CHASE, not before the first
    attack: RB.ROBBER_NOT_BEFORE_ATTACK): active since before this turn under every
    reading ("пока они были активны до начала вашего хода"), touching its hex. A knight
    activated this turn (marks 1, 8) or placed this turn (mark 4: the Deserter's, active
    under deserter-knight=as-removed) was not active before the turn began."""
    if not state.attacked:
        return ()
    return tuple(n for n in own_knights(state, p) if can_act(state, p, n)
                 and not state.knight_marks[n] & 13 and state.robber in B.NODE_HEXES[n])


def knight_step(state: CKState, action: Action) -> CKState:
    """The chosen target of the moving knight: a move, or a displacement."""
    n = state.knight_node
    if not isinstance(action, ChooseNode):
        raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__}: the knight's target"
                               " comes first")
    t = action.node
    if t not in knight_targets(state, n):
        raise RB.RULES.illegal(RB.KNIGHT_MOVE if not in_range(t, B.N_NODES)
                               or state.knight_owner[t] < 0 else RB.KNIGHT_DISPLACE,
                               f"the knight on {n} cannot go to {t!r}")
    p, level = state.knight_owner[n], state.knight_level[n]
    marks = state.knight_marks[n]
    displaced = (-1, 0, False)
    if state.knight_owner[t] >= 0:
        displaced = (state.knight_owner[t], state.knight_level[t], state.knight_active[t])
        state = remove_knight(state, t)
    state = remove_knight(state, n)
    state = put_knight(state, p, t, level, False)
    state = evolve(state, knight_marks=put(state.knight_marks, t, marks), knight_node=-1)
    return start_displaced(state, displaced, t if displaced[0] >= 0 else -1)


def start_displaced(state: CKState, displaced: tuple[int, int, bool],
                    taken_from: int = -1) -> CKState:
    """A displaced knight's owner re-places it, or loses it with no place left. The
    intersection it was taken from (``taken_from``, kept in ``knight_node`` while its owner
    chooses) is no free place for it (cities_knights/progress.intrigue: an Intrigue empties
    it; a displacing knight stands there) and, under ``displaced=network``, the start of the
    road network it may go to."""
    owner = displaced[0]
    state = evolve(state, knight_node=taken_from)
    if owner >= 0 and displaced_spots(state, owner):
        return evolve(state, displaced=displaced, stage=Stage.DISPLACED)
    return evolve(state, displaced=(-1, 0, False), knight_node=-1, pending=None,
                  stage=Stage.MAIN)


def _network_from(state: CKState, p: int, start: int) -> set[int]:
    """The empty intersections connected to ``start`` by ``p``'s roads (through empty ones
    and ``p``'s own pieces, as a knight's move goes)."""
    return {m for m in _reached(state, p, start) if empty(state, m)}


def displaced_spots(state: CKState, owner: int) -> tuple[int, ...]:
    """Where the displaced knight of ``owner`` may go: an empty intersection at his roads
    other than the one it was taken from; under ``displaced=network`` only one connected
    by his roads to that one (cities_knights/displaced-knight)."""
    spots = tuple(n for n in knight_spots(state, owner) if n != state.knight_node)
    if state.config.option("displaced") == "network" and state.knight_node >= 0:
        reach = _network_from(state, owner, state.knight_node)
        return tuple(n for n in spots if n in reach)
    return spots


def displaced_actions(state: CKState) -> tuple[Action, ...]:
    return tuple(ChooseNode(n) for n in displaced_spots(state, state.displaced[0]))


def displaced_step(state: CKState, action: Action) -> CKState:
    owner, level, active = state.displaced
    if not isinstance(action, ChooseNode | Stop):  # the displaced knight's place comes first
        raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of a"
                               " displaced knight's placing")
    # a Stop, the knight left off the board with a place free, breaks the card's or the
    # displacement's rule (cities_knights/displaced-must-move), as a place not free does
    if not isinstance(action, ChooseNode) or action.node not in displaced_spots(state, owner):
        raise RB.RULES.illegal(
            RB.PROGRESS_INTRIGUE if state.pending is not None else RB.KNIGHT_DISPLACE,
            "the displaced knight goes to an empty intersection at its"
            " owner's roads, not the one it was taken from",
        )
    keep = state.config.option("displaced-active") == "keep"
    state = put_knight(state, owner, action.node, level, active and keep)
    return evolve(state, displaced=(-1, 0, False), knight_node=-1, pending=None,
                  stage=Stage.MAIN)
