"""Set-up: the board (beginner's fixed, or the variable board as chance steps) and the
snake-order placements with the second settlement's cards."""

from fractions import Fraction
from typing import Protocol, TypeVar

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Action,
    BuildRoad,
    BuildSettlement,
    LayHarbour,
    LayTerrain,
    LayToken,
    SpiralCorner,
)
from rules_oracle.model.catan.build import (
    give_setup_resources,
    place_road,
    place_settlement,
    settlement_rule,
)
from rules_oracle.model.catan.ops import evolve, in_range, put
from rules_oracle.model.catan.state import CatanState, Player, Stage
from rules_oracle.model.core import Config, IllegalAction, draw_outcomes, uniform

_SPIRAL_OUTCOMES = uniform([SpiralCorner(h) for h in B.CORNERS])


def initial(config: Config) -> CatanState:
    """The state before any step: the beginner board, or an empty variable board."""
    n = config.players
    player = Player(hand=D.NO_CARDS, developments=D.NO_DEVELOPMENTS, bought=D.NO_DEVELOPMENTS)
    terrain, tokens, harbours, robber = start_board(
        config.option("board") == "variable", config.option("harbours") == "shuffled")
    state = CatanState(
        config=config, stage=Stage.SETUP, terrain=terrain, tokens=tokens, harbours=harbours,
        robber=robber, players=(player,) * n, bank=D.BANK_START, deck=D.DEVELOPMENT_COUNTS,
        played=D.NO_DEVELOPMENTS, node_owner=(-1,) * B.N_NODES, node_level=(0,) * B.N_NODES,
        path_owner=(-1,) * B.N_PATHS, discards=(0,) * n,
    )
    return evolve(state, stage=_board_stage(state))


# -- the board (shared with the games set up as base Catan: model.cities_knights) ------------
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
TERRAIN, TOKENS, HARBOURS, DONE = "terrain", "tokens", "harbours", "done"


def start_board(variable: bool, shuffled: bool) -> tuple[tuple[int, ...], tuple[int, ...],
                                                         tuple[int, ...], int]:
    """Terrain, tokens, harbours and the robber's hex before any step: the beginner board's,
    or unlaid (-1 terrain and harbours, 0 tokens, robber -1) where the board is laid by
    chance steps (``variable``: hexes and tokens; ``shuffled``: harbour kinds)."""
    terrain = (-1,) * B.N_HEXES if variable else D.BEGINNER_TERRAIN
    tokens = (0,) * B.N_HEXES if variable else D.BEGINNER_TOKENS
    harbours = (-1,) * B.N_HARBOURS if shuffled else D.BEGINNER_HARBOURS
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
    elif sum(1 for t in state.tokens if t) < B.N_HEXES - 1:
        return TOKENS
    if -1 in state.harbours:
        return HARBOURS
    return DONE


_STAGES = {TERRAIN: Stage.TERRAIN, TOKENS: Stage.TOKENS, HARBOURS: Stage.HARBOURS,
           DONE: Stage.SETUP}


def _spiral(state: CatanState) -> bool:
    return state.config.option("tokens") == "spiral"


def _board_stage(state: CatanState) -> Stage:
    """The next board-laying stage, or set-up placements once the board is complete."""
    return _STAGES[board_phase(state, _spiral(state))]


def terrain_left(state: Board) -> tuple[int, ...]:
    return tuple(n - state.terrain.count(t) for t, n in enumerate(D.TERRAIN_COUNTS))


def tokens_left(state: Board) -> tuple[int, ...]:
    return tuple(n - state.tokens.count(v) for v, n in zip(D.NUMBERS, D.NUMBER_COUNTS,
                                                            strict=True))


def harbours_left(state: Board) -> tuple[int, ...]:
    return tuple(n - state.harbours.count(k) for k, n in enumerate(D.HARBOUR_COUNTS))


def next_token_hex(state: Board) -> int:
    """Random tokens: the next non-desert hex without a token, in hex order."""
    return next(h for h in range(B.N_HEXES)
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


def board_outcomes(state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
    return phase_outcomes(state, _spiral(state))


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
    if -1 not in terrain:
        state = evolve(state, robber=terrain.index(D.DESERT))
    return state


def spiral_corner_on(state: S, action: SpiralCorner) -> S:
    if action.hex not in B.CORNERS:
        raise RB.RULES.illegal(RB.BOARD_SPIRAL, f"hex {action.hex} is not a corner hex")
    tokens = [0] * B.N_HEXES
    laid = iter(D.SPIRAL_TOKENS)
    for h in B.spiral(action.hex):
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


def _staged(state: CatanState) -> CatanState:
    return evolve(state, stage=_board_stage(state))


def lay_terrain(state: CatanState, action: LayTerrain) -> CatanState:
    return _staged(lay_terrain_on(state, action))


def spiral_corner(state: CatanState, action: SpiralCorner) -> CatanState:
    return _staged(spiral_corner_on(state, action))


def lay_token(state: CatanState, action: LayToken) -> CatanState:
    return _staged(lay_token_on(state, action))


def lay_harbour(state: CatanState, action: LayHarbour) -> CatanState:
    return _staged(lay_harbour_on(state, action))


# -- placements ------------------------------------------------------------------------------
def placer(players: int, placement: int) -> int:
    """The seat making set-up placement ``placement`` (snake order: 0..n-1, n-1..0)."""
    return placement if placement < players else 2 * players - 1 - placement


def setup_actions(state: CatanState) -> tuple[Action, ...]:
    p = state.turn
    if state.setup_node < 0:
        return tuple(BuildSettlement(n) for n in range(B.N_NODES)
                     if settlement_rule(state, p, n, True) is None)
    return tuple(BuildRoad(e) for e in B.NODE_PATHS[state.setup_node]
                 if state.path_owner[e] == -1)


def setup_step(state: CatanState, action: Action) -> CatanState:
    p = state.turn
    if isinstance(action, BuildSettlement):
        if state.setup_node >= 0:
            raise RB.RULES.illegal(RB.SETUP_SNAKE, "the road of this placement comes first")
        why = settlement_rule(state, p, action.node, True)
        if why is not None:
            raise RB.RULES.illegal(why, f"no settlement on intersection {action.node}")
        state = place_settlement(state, p, action.node)
        if state.placement >= state.config.players:
            state = give_setup_resources(state, p, action.node)
        return evolve(state, setup_node=action.node)
    if isinstance(action, BuildRoad):
        if state.setup_node < 0:
            raise RB.RULES.illegal(RB.SETUP_SNAKE, "the settlement of this placement comes first")
        if not in_range(action.path, B.N_PATHS) or state.path_owner[action.path] != -1:
            raise RB.RULES.illegal(RB.BUILD_ROAD_FREE_PATH, f"path {action.path} is not free")
        if action.path not in B.NODE_PATHS[state.setup_node]:
            raise RB.RULES.illegal(RB.SETUP_ROAD_AT_SETTLEMENT, f"path {action.path} does not touch"
                                   f" intersection {state.setup_node}")
        state = place_road(state, p, action.path)
        k = state.placement + 1
        n = state.config.players
        if k == 2 * n:
            return evolve(state, placement=k, setup_node=-1, turn=0, turns=1,
                                stage=Stage.PRE_ROLL)
        return evolve(state, placement=k, setup_node=-1, turn=placer(n, k))
    raise _wrong(action)


def _wrong(action: Action) -> IllegalAction:
    return RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of set-up")
