"""The board: the geometry of the base Catan board (19 land hexes, 54 intersections, 72 paths
and the 9 harbour positions on the coast, as precomputed tuples), and laying it (the
beginner board, or the variable board's terrain, tokens and harbours as chance steps; the
``board.*`` rules).

Coordinate system (pictured in docs/games/catan.md). Hexes are pointy-topped, in rows of
3, 4, 5, 4, 3; hex ``h`` is numbered row by row, top to bottom, left to right (0-18).
Hex (q, r) in axial coordinates (r = row - 2) has its centre at the lattice point
``(x, y) = (2q + r, 3r)``, where a unit of x is half a hex's width and a unit of y a
quarter of its height. Its six corners are ``(x, y-2)`` (top), ``(x+1, y-1)``,
``(x+1, y+1)``, ``(x, y+2)`` (bottom), ``(x-1, y+1)``, ``(x-1, y-1)``, clockwise from
the top. Intersections (0-53) are the distinct corners sorted top to bottom, then left to
right (by ``(y, x)``). Paths (0-71) are the distinct hex sides, sorted by their midpoint
top to bottom, then left to right. The coast is the 30 paths of one hex only, in clockwise
order starting at the upper-left side of hex 0; the harbours lie on coast paths
``HARBOUR_COAST`` (the published frame's positions as two implementations give them, see
``catan/harbour-positions``).

Everything is a pure function of these tables, so an expansion (Cities & Knights) reuses
them as they are, and lays its board with the same steps (:func:`lay` works on any state
with the board's fields).
"""

import math
from fractions import Fraction
from typing import Final, Protocol, TypeVar

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import Action, LayHarbour, LayTerrain, LayToken, SpiralCorner
from rules_oracle.model.catan.ops import evolve, in_range, put
from rules_oracle.model.core import draw_outcomes, uniform

Point = tuple[int, int]


def _axial() -> tuple[tuple[int, int], ...]:
    out = []
    for r in range(-2, 3):
        for q in range(max(-2, -r - 2), min(2, -r + 2) + 1):
            out.append((q, r))
    return tuple(out)


#: axial (q, r) of each hex
HEX_AXIAL: Final = _axial()
N_HEXES: Final = len(HEX_AXIAL)
#: lattice centre (x, y) of each hex
HEX_CENTRE: Final = tuple((2 * q + r, 3 * r) for q, r in HEX_AXIAL)
_OFFSETS: Final = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _corners(h: int) -> tuple[Point, ...]:
    x, y = HEX_CENTRE[h]
    return tuple((x + dx, y + dy) for dx, dy in _OFFSETS)


#: lattice point of each intersection
NODE_POINT: Final = tuple(sorted({p for h in range(N_HEXES) for p in _corners(h)},
                                 key=lambda p: (p[1], p[0])))
N_NODES: Final = len(NODE_POINT)
_NODE_OF: Final = {p: i for i, p in enumerate(NODE_POINT)}
#: the six intersections of each hex, clockwise from the top
HEX_NODES: Final = tuple(tuple(_NODE_OF[p] for p in _corners(h)) for h in range(N_HEXES))


def _paths() -> tuple[tuple[int, int], ...]:
    pairs = set()
    for nodes in HEX_NODES:
        for i in range(6):
            a, b = nodes[i], nodes[(i + 1) % 6]
            pairs.add((min(a, b), max(a, b)))

    def key(pair: tuple[int, int]) -> tuple[int, int]:
        (xa, ya), (xb, yb) = NODE_POINT[pair[0]], NODE_POINT[pair[1]]
        return (ya + yb, xa + xb)

    return tuple(sorted(pairs, key=key))


#: the two intersections of each path (smaller id first)
PATH_NODES: Final = _paths()
N_PATHS: Final = len(PATH_NODES)
_PATH_OF: Final = {pair: i for i, pair in enumerate(PATH_NODES)}


def path_between(a: int, b: int) -> int:
    """The path joining intersections ``a`` and ``b`` (``KeyError`` if none)."""
    return _PATH_OF[(min(a, b), max(a, b))]


#: the six paths of each hex, clockwise from the upper-right side
HEX_PATHS: Final = tuple(
    tuple(path_between(nodes[i], nodes[(i + 1) % 6]) for i in range(6)) for nodes in HEX_NODES
)
#: hexes touching each intersection (1 to 3), ascending
NODE_HEXES: Final = tuple(
    tuple(h for h in range(N_HEXES) if n in HEX_NODES[h]) for n in range(N_NODES)
)
#: paths at each intersection (2 or 3), ascending
NODE_PATHS: Final = tuple(
    tuple(e for e, pair in enumerate(PATH_NODES) if n in pair) for n in range(N_NODES)
)
#: neighbouring intersections of each intersection, ascending
NODE_NODES: Final = tuple(
    tuple(sorted(a if b == n else b for a, b in (PATH_NODES[e] for e in NODE_PATHS[n])))
    for n in range(N_NODES)
)
#: neighbouring hexes of each hex, ascending
HEX_NEIGHBOURS: Final = tuple(
    tuple(g for g in range(N_HEXES) if g != h and len(set(HEX_NODES[g]) & set(HEX_NODES[h])) == 2)
    for h in range(N_HEXES)
)
#: hexes touching each path (1 on the coast, else 2)
PATH_HEXES: Final = tuple(
    tuple(h for h in range(N_HEXES) if e in HEX_PATHS[h]) for e in range(N_PATHS)
)


def _coast() -> tuple[int, ...]:
    edges = [e for e in range(N_PATHS) if len(PATH_HEXES[e]) == 1]

    def angle(e: int) -> float:
        (xa, ya), (xb, yb) = NODE_POINT[PATH_NODES[e][0]], NODE_POINT[PATH_NODES[e][1]]
        # screen coordinates (y down): clockwise is increasing atan2 of (y, x)
        return math.atan2((ya + yb) * math.sqrt(3) / 2, (xa + xb) * 1.0)

    ordered = sorted(edges, key=angle)
    start = path_between(HEX_NODES[0][5], HEX_NODES[0][0])
    i = ordered.index(start)
    return tuple(ordered[i:] + ordered[:i])


#: the 30 coast paths, clockwise from the upper-left side of hex 0
COAST: Final = _coast()
#: positions in ``COAST`` of the 9 harbours, clockwise from the top left (catan/harbour-positions).
#: shared/data/README.md gives only their kinds in this order ("beginner harbours, clockwise
#: from top-left", confidence M) and no positions; the positions are the published frame's as
#: two implementations give them, which agree harbour for harbour:
#: - catanatron 3.2.1, ``catanatron/models/map.py``, ``BASE_MAP_TEMPLATE``: ports on water hexes
#:   (0, 3, -3) SE, (2, 1, -3) SW, (3, -1, -2) SW, (3, -3, 0) W, (1, -3, 2) NW, (-1, -2, 3) NW,
#:   (-3, 0, 3) NE, (-3, 2, 1) E, (-2, 3, -1) E (cube coordinates, facing the land);
#: - JSettlers2 (github.com/jdmonin/JSettlers2), ``soc/game/SOCBoard4p.java``,
#:   ``PORTS_EDGE_V1`` / ``PORTS_FACING_V1``, "clockwise from upper-left": the upper-left hex's
#:   upper-left side, the top middle hex's upper-right, the upper right of the rightmost hex of
#:   the row above the middle, the east side of the middle row's rightmost, the lower right of
#:   the rightmost below the middle, the lower right of the bottom middle, the lower left of the
#:   bottom leftmost, the west side of the leftmost below the middle, and of the leftmost above.
#: Confidence M (two implementations agree; no official source here).
HARBOUR_COAST: Final = (0, 3, 7, 10, 13, 17, 20, 23, 27)
#: the path of each harbour position, clockwise from the top left
HARBOUR_PATHS: Final = tuple(COAST[i] for i in HARBOUR_COAST)
N_HARBOURS: Final = len(HARBOUR_PATHS)
#: the harbour position at each intersection, -1 where there is none
NODE_HARBOUR: Final[tuple[int, ...]] = tuple(
    next((i for i, e in enumerate(HARBOUR_PATHS) if n in PATH_NODES[e]), -1)
    for n in range(N_NODES)
)

# -- the published token spiral -------------------------------------------------------------
#: the outer ring counterclockwise from hex 0, the inner ring, the centre
_OUTER_CCW: Final = (0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1)
_INNER_CCW: Final = (4, 8, 13, 14, 10, 5)
_CENTRE: Final = 9
#: the six corner hexes a spiral may start from, counterclockwise from hex 0
CORNERS: Final = _OUTER_CCW[::2]


def spiral(corner: int) -> tuple[int, ...]:
    """All 19 hexes in spiral order: from corner hex ``corner`` counterclockwise round the
    coast, then the inner ring, then the centre (the published placement order)."""
    k = CORNERS.index(corner)
    outer = _OUTER_CCW[2 * k:] + _OUTER_CCW[:2 * k]
    inner = _INNER_CCW[k:] + _INNER_CCW[:k]
    return (*outer, *inner, _CENTRE)


_SPIRAL_OUTCOMES = uniform([SpiralCorner(h) for h in CORNERS])


# -- laying the board (shared with the games set up as base Catan: model.cities_knights) -----
class Board(Protocol):
    """A state with base Catan's board fields (``CatanState``, ``CKState``)."""

    @property
    def terrain(self) -> tuple[int, ...]: ...
    @property
    def tokens(self) -> tuple[int, ...]: ...
    @property
    def harbours(self) -> tuple[int, ...]: ...
    @property
    def robber(self) -> int: ...


S = TypeVar("S", bound=Board)
#: what is laid next on the board: a terrain hex, the number tokens, a harbour, or nothing
TERRAIN: Final[str] = "terrain"
TOKENS: Final[str] = "tokens"
HARBOURS: Final[str] = "harbours"
DONE: Final[str] = "done"


def start_board(variable: bool, shuffled: bool) -> tuple[tuple[int, ...], tuple[int, ...],
                                                         tuple[int, ...], int]:
    """Terrain, tokens, harbours and the robber's hex before any step: the beginner board's,
    or unlaid (-1 terrain and harbours, 0 tokens, robber -1) where the board is laid by
    chance steps (``variable``: hexes and tokens; ``shuffled``: harbour kinds)."""
    # RB.BOARD_BEGINNER: the beginner board's terrain and tokens, unless laid by chance
    # (RB.BOARD_VARIABLE_TERRAIN); RB.BOARD_BEGINNER_HARBOURS: its harbour kinds
    terrain = (-1,) * N_HEXES if variable else D.BEGINNER_TERRAIN
    tokens = (0,) * N_HEXES if variable else D.BEGINNER_TOKENS
    harbours = (-1,) * N_HARBOURS if shuffled else D.BEGINNER_HARBOURS
    # RB.BOARD_ROBBER_START: the robber starts on the desert
    robber = -1 if variable else D.BEGINNER_TERRAIN.index(D.DESERT)
    return terrain, tokens, harbours, robber


def board_phase(state: Board, spiral: bool) -> str:
    """What is laid next (``TERRAIN``, ``TOKENS``, ``HARBOURS``), or ``DONE``; ``spiral``:
    the tokens go along the spiral (one step), else one a hex."""
    if -1 in state.terrain:
        return TERRAIN
    if spiral:
        if not any(state.tokens):
            return TOKENS
    elif sum(1 for t in state.tokens if t) < N_HEXES - 1:
        return TOKENS
    if -1 in state.harbours:
        return HARBOURS
    return DONE


def terrain_left(state: Board) -> tuple[int, ...]:
    return tuple(n - state.terrain.count(t) for t, n in enumerate(D.TERRAIN_COUNTS))


def tokens_left(state: Board) -> tuple[int, ...]:
    return tuple(n - state.tokens.count(v) for v, n in zip(D.NUMBERS, D.NUMBER_COUNTS,
                                                            strict=True))


def harbours_left(state: Board) -> tuple[int, ...]:
    return tuple(n - state.harbours.count(k) for k, n in enumerate(D.HARBOUR_COUNTS))


def next_token_hex(state: Board) -> int:
    """Random tokens: the next non-desert hex without a token, in hex order."""
    return next(h for h in range(N_HEXES)
                if not state.tokens[h] and state.terrain[h] != D.DESERT)


def phase_outcomes(state: Board, spiral: bool) -> tuple[tuple[Action, Fraction], ...]:
    """The chance outcomes of the board's next step (``board_phase`` not ``DONE``)."""
    phase = board_phase(state, spiral)
    if phase == TERRAIN:
        return draw_outcomes(enumerate(terrain_left(state)), LayTerrain)
    if phase == TOKENS:
        if spiral:
            return _SPIRAL_OUTCOMES
        return draw_outcomes(zip(D.NUMBERS, tokens_left(state), strict=True), LayToken)
    return draw_outcomes(enumerate(harbours_left(state)), LayHarbour)


def lay(state: S, action: object, spiral: bool) -> S:
    """One board-laying step on any state with the board fields (its stage untouched).
    Raises ``IllegalAction`` (catan's rules) for a step that is not the board's next."""
    phase = board_phase(state, spiral)
    if isinstance(action, LayTerrain) and phase == TERRAIN:
        return lay_terrain_on(state, action)
    if isinstance(action, SpiralCorner) and phase == TOKENS and spiral:
        return spiral_corner_on(state, action)
    if isinstance(action, LayToken) and phase == TOKENS and not spiral:
        return lay_token_on(state, action)
    if isinstance(action, LayHarbour) and phase == HARBOURS:
        return lay_harbour_on(state, action)
    raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not the board's next step")


def lay_terrain_on(state: S, action: LayTerrain) -> S:
    if not in_range(action.terrain, len(D.TERRAINS)) or not terrain_left(state)[action.terrain]:
        raise RB.RULES.illegal(
            RB.BOARD_VARIABLE_TERRAIN, f"no {action.terrain!r} terrain hex is left"
        )
    terrain = put(state.terrain, state.terrain.index(-1), action.terrain)
    state = evolve(state, terrain=terrain)
    if -1 not in terrain:  # RB.BOARD_ROBBER_START
        state = evolve(state, robber=terrain.index(D.DESERT))
    return state


def spiral_corner_on(state: S, action: SpiralCorner) -> S:
    """The published tokens laid along the spiral from ``action.hex`` (RB.BOARD_SPIRAL)."""
    if action.hex not in CORNERS:
        raise RB.RULES.illegal(RB.BOARD_SPIRAL, f"hex {action.hex} is not a corner hex")
    tokens = [0] * N_HEXES
    laid = iter(D.SPIRAL_TOKENS)
    for h in spiral(action.hex):
        if state.terrain[h] != D.DESERT:
            tokens[h] = next(laid)
    return evolve(state, tokens=tuple(tokens))


def lay_token_on(state: S, action: LayToken) -> S:
    if action.number not in D.NUMBERS or not tokens_left(state)[D.NUMBERS.index(action.number)]:
        raise RB.RULES.illegal(RB.COMPONENTS_TOKENS, f"no token {action.number!r} is left")
    return evolve(state, tokens=put(state.tokens, next_token_hex(state), action.number))


def lay_harbour_on(state: S, action: LayHarbour) -> S:
    if not in_range(action.kind, len(D.HARBOUR_KINDS)) or not harbours_left(state)[action.kind]:
        raise RB.RULES.illegal(
            RB.COMPONENTS_HARBOURS, f"no harbour of kind {action.kind!r} is left"
        )
    return evolve(state, harbours=put(state.harbours, state.harbours.index(-1), action.kind))
