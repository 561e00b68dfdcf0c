"""Set-up: the board's stages (beginner's fixed, or the variable board as chance steps laid
by :mod:`model.catan.board`) and the snake-order placements with the second settlement's
cards. The placements themselves are the building chapter's and the game module's (the
longest road and the points after each): the game module hands them over as
:class:`Placing`."""

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

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
from rules_oracle.model.catan.ops import bump, evolve, in_range, set_player
from rules_oracle.model.catan.state import CatanState, Player, S, Stage
from rules_oracle.model.core import Config, IllegalAction


def initial(config: Config) -> CatanState:
    """The state before any step: the beginner board, or an empty variable board."""
    n = config.players
    player = Player(hand=D.NO_CARDS, developments=D.NO_DEVELOPMENTS, bought=D.NO_DEVELOPMENTS)
    terrain, tokens, harbours, robber = B.start_board(
        config.option("board") == "variable", config.option("harbours") == "shuffled")
    state = CatanState(
        config=config, stage=S.SETUP, terrain=terrain, tokens=tokens, harbours=harbours,
        robber=robber, players=(player,) * n, bank=D.BANK_START, deck=D.DEVELOPMENT_COUNTS,
        played=D.NO_DEVELOPMENTS, node_owner=(-1,) * B.N_NODES, node_level=(0,) * B.N_NODES,
        path_owner=(-1,) * B.N_PATHS, discards=(0,) * n,
    )
    return evolve(state, stage=_board_stage(state))


_STAGES = {B.TERRAIN: S.TERRAIN, B.TOKENS: S.TOKENS, B.HARBOURS: S.HARBOURS,
           B.DONE: S.SETUP}


def _spiral(state: CatanState) -> bool:
    return state.config.option("tokens") == "spiral"


def _board_stage(state: CatanState) -> Stage:
    """The next board-laying stage, or set-up placements once the board is complete."""
    return _STAGES[B.board_phase(state, _spiral(state))]


def board_outcomes(state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
    return B.phase_outcomes(state, _spiral(state))


def _staged(state: CatanState) -> CatanState:
    return evolve(state, stage=_board_stage(state))


def lay_terrain(state: CatanState, action: LayTerrain) -> CatanState:
    return _staged(B.lay_terrain_on(state, action))


def spiral_corner(state: CatanState, action: SpiralCorner) -> CatanState:
    return _staged(B.spiral_corner_on(state, action))


def lay_token(state: CatanState, action: LayToken) -> CatanState:
    return _staged(B.lay_token_on(state, action))


def lay_harbour(state: CatanState, action: LayHarbour) -> CatanState:
    return _staged(B.lay_harbour_on(state, action))


def give_setup_resources(state: CatanState, p: int, node: int) -> CatanState:
    """The second set-up settlement's cards: 1 per adjacent producing hex, bank allowing
    (RB.SETUP_SECOND_RESOURCES)."""
    bank, hand = state.bank, state.players[p].hand
    bank, hand = take_setup_gain(state.terrain, node, bank, hand)
    return set_player(state, p, evolve(state.players[p], hand=hand), bank=bank)


def take_setup_gain(terrain: tuple[int, ...], node: int, bank: tuple[int, ...],
                    hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bank, hand) after a set-up placement on ``node`` takes 1 card per adjacent producing
    hex, bank allowing (resource indices; hands and bank may be wider)."""
    gain = [0] * D.N_RESOURCES
    for h in B.NODE_HEXES[node]:
        r = D.YIELD[terrain[h]]
        if r >= 0:
            gain[r] += 1
    for r, n in enumerate(gain):
        n = min(n, bank[r])
        if n:
            bank, hand = bump(bank, r, -n), bump(hand, r, n)
    return bank, hand


# -- placements ------------------------------------------------------------------------------
class Placing(NamedTuple):
    """What a set-up placement needs from the rest of the game, handed over by the game
    module: why a settlement may not stand on an intersection (``build.settlement_rule``),
    and a settlement and a road put with what follows them (no payment)."""

    #: (state, player, intersection, set-up) -> the broken rule, or ``None``
    settlement_rule: Callable[[CatanState, int, int, bool], str | None]
    #: (state, player, intersection) -> state
    settle: Callable[[CatanState, int, int], CatanState]
    #: (state, player, path) -> state
    road: Callable[[CatanState, int, int], CatanState]


def placer(players: int, placement: int) -> int:
    """The seat making set-up placement ``placement`` (snake order: 0..n-1, n-1..0,
    RB.SETUP_SNAKE; seat 0 places first, RB.SETUP_FIRST_PLAYER)."""
    return placement if placement < players else 2 * players - 1 - placement


def setup_actions(state: CatanState, placing: Placing) -> tuple[Action, ...]:
    p = state.turn
    if state.setup_node < 0:
        return tuple(BuildSettlement(n) for n in range(B.N_NODES)
                     if placing.settlement_rule(state, p, n, True) is None)
    return tuple(BuildRoad(e) for e in B.NODE_PATHS[state.setup_node]
                 if state.path_owner[e] == -1)


def setup_step(state: CatanState, action: Action, placing: Placing) -> CatanState:
    p = state.turn
    if isinstance(action, BuildSettlement):
        if state.setup_node >= 0:
            raise RB.RULES.illegal(RB.SETUP_SNAKE, "the road of this placement comes first")
        why = placing.settlement_rule(state, p, action.node, True)
        if why is not None:
            raise RB.RULES.illegal(why, f"no settlement on intersection {action.node}")
        state = placing.settle(state, p, action.node)
        # RB.SETUP_SECOND_PLACEMENT: the second round's placements are settlements too, and
        # only they take cards
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
        state = placing.road(state, p, action.path)
        k = state.placement + 1
        n = state.config.players
        if k == 2 * n:  # RB.SETUP_FIRST_PLAYER: seat 0 takes the first turn
            return evolve(state, placement=k, setup_node=-1, turn=0, turns=1,
                                stage=S.PRE_ROLL)
        return evolve(state, placement=k, setup_node=-1, turn=placer(n, k))
    raise _wrong(action)


def _wrong(action: Action) -> IllegalAction:
    return RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of set-up")
