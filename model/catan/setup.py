"""Set-up: the board (beginner's fixed, or the variable board as chance steps) and the
snake-order placements with the second settlement's cards."""

from fractions import Fraction

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
    variable = config.option("board") == "variable"
    terrain = (-1,) * B.N_HEXES if variable else D.BEGINNER_TERRAIN
    tokens = (0,) * B.N_HEXES if variable else D.BEGINNER_TOKENS
    shuffled = config.option("harbours") == "shuffled"
    harbours = (-1,) * B.N_HARBOURS if shuffled else D.BEGINNER_HARBOURS
    robber = -1 if variable else D.BEGINNER_TERRAIN.index(D.DESERT)
    state = CatanState(
        config=config, stage=Stage.SETUP, terrain=terrain, tokens=tokens, harbours=harbours,
        robber=robber, players=(player,) * n, bank=D.BANK_START, deck=D.DEVELOPMENT_COUNTS,
        played=D.NO_DEVELOPMENTS, node_owner=(-1,) * B.N_NODES, node_level=(0,) * B.N_NODES,
        path_owner=(-1,) * B.N_PATHS, discards=(0,) * n,
    )
    return evolve(state, stage=_board_stage(state))


def _board_stage(state: CatanState) -> Stage:
    """The next board-laying stage, or set-up placements once the board is complete."""
    if -1 in state.terrain:
        return Stage.TERRAIN
    if state.config.option("tokens") == "spiral":
        if not any(state.tokens):
            return Stage.TOKENS
    elif sum(1 for t in state.tokens if t) < B.N_HEXES - 1:
        return Stage.TOKENS
    if -1 in state.harbours:
        return Stage.HARBOURS
    return Stage.SETUP


def terrain_left(state: CatanState) -> tuple[int, ...]:
    return tuple(n - state.terrain.count(t) for t, n in enumerate(D.TERRAIN_COUNTS))


def tokens_left(state: CatanState) -> tuple[int, ...]:
    return tuple(n - state.tokens.count(v) for v, n in zip(D.NUMBERS, D.NUMBER_COUNTS,
                                                            strict=True))


def harbours_left(state: CatanState) -> tuple[int, ...]:
    return tuple(n - state.harbours.count(k) for k, n in enumerate(D.HARBOUR_COUNTS))


def next_token_hex(state: CatanState) -> int:
    """Random tokens: the next non-desert hex without a token, in hex order."""
    return next(h for h in range(B.N_HEXES)
                if not state.tokens[h] and state.terrain[h] != D.DESERT)


def board_outcomes(state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
    if state.stage is Stage.TERRAIN:
        return draw_outcomes(enumerate(terrain_left(state)), LayTerrain)
    if state.stage is Stage.TOKENS:
        if state.config.option("tokens") == "spiral":
            return _SPIRAL_OUTCOMES
        return draw_outcomes(zip(D.NUMBERS, tokens_left(state), strict=True), LayToken)
    return draw_outcomes(enumerate(harbours_left(state)), LayHarbour)


def lay_terrain(state: CatanState, action: LayTerrain) -> CatanState:
    if not in_range(action.terrain, len(D.TERRAINS)) or not terrain_left(state)[action.terrain]:
        raise RB.RULES.illegal(RB.VARIABLE, f"no {action.terrain!r} terrain hex is left")
    terrain = put(state.terrain, state.terrain.index(-1), action.terrain)
    state = evolve(state, terrain=terrain)
    if -1 not in terrain:
        state = evolve(state, robber=terrain.index(D.DESERT))
    return evolve(state, stage=_board_stage(state))


def spiral_corner(state: CatanState, action: SpiralCorner) -> CatanState:
    if action.hex not in B.CORNERS:
        raise RB.RULES.illegal(RB.SPIRAL, f"hex {action.hex} is not a corner hex")
    tokens = [0] * B.N_HEXES
    laid = iter(D.SPIRAL_TOKENS)
    for h in B.spiral(action.hex):
        if state.terrain[h] != D.DESERT:
            tokens[h] = next(laid)
    state = evolve(state, tokens=tuple(tokens))
    return evolve(state, stage=_board_stage(state))


def lay_token(state: CatanState, action: LayToken) -> CatanState:
    if action.number not in D.NUMBERS or not tokens_left(state)[D.NUMBERS.index(action.number)]:
        raise RB.RULES.illegal(RB.TOKENS, f"no token {action.number!r} is left")
    state = evolve(state, tokens=put(state.tokens, next_token_hex(state), action.number))
    return evolve(state, stage=_board_stage(state))


def lay_harbour(state: CatanState, action: LayHarbour) -> CatanState:
    if not in_range(action.kind, len(D.HARBOUR_KINDS)) or not harbours_left(state)[action.kind]:
        raise RB.RULES.illegal(RB.HARBOURS, f"no harbour of kind {action.kind!r} is left")
    harbours = put(state.harbours, state.harbours.index(-1), action.kind)
    state = evolve(state, harbours=harbours)
    return evolve(state, stage=_board_stage(state))


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
            raise RB.RULES.illegal(RB.SNAKE, "the road of this placement comes first")
        why = settlement_rule(state, p, action.node, True)
        if why is not None:
            raise RB.RULES.illegal(why, f"no settlement on intersection {action.node}")
        state = place_settlement(state, p, action.node)
        if state.placement >= state.config.players:
            state = give_setup_resources(state, p, action.node)
        return evolve(state, setup_node=action.node)
    if isinstance(action, BuildRoad):
        if state.setup_node < 0:
            raise RB.RULES.illegal(RB.SNAKE, "the settlement of this placement comes first")
        if not in_range(action.path, B.N_PATHS) or state.path_owner[action.path] != -1:
            raise RB.RULES.illegal(RB.ROAD_FREE, f"path {action.path} is not free")
        if action.path not in B.NODE_PATHS[state.setup_node]:
            raise RB.RULES.illegal(RB.SETUP_ROAD, f"path {action.path} does not touch"
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
    return RB.RULES.illegal(RB.ACTOR, f"{type(action).__name__} is not a step of set-up")
