"""Set-up: base Catan's board (the beginner board, or the variable board laid by base
Catan's chance steps: cities_knights/setup.board) and base Catan's snake-order placements
(cities_knights/setup.placement), the second placement a city
(cities_knights/setup.second-city)."""

from fractions import Fraction
from typing import cast

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import BuildCity, BuildRoad, BuildSettlement
from rules_oracle.model.catan.build import site_free
from rules_oracle.model.catan.ops import bump, evolve, in_range, put
from rules_oracle.model.catan.setup import placer, take_setup_gain
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action
from rules_oracle.model.cities_knights.common import set_player, update_roads
from rules_oracle.model.cities_knights.state import CKState, Player, Stage
from rules_oracle.model.core import Config, IllegalAction

#: the variable board's tokens go along the spiral (base Catan's default reading)
SPIRAL = True


def initial(config: Config) -> CKState:
    """The state before any step: base Catan's beginner board, or its variable board still
    to be laid (option ``board``), the shuffled progress decks (drawn as chance steps),
    every piece in stock."""
    n = config.players
    player = Player(hand=D.NO_CARDS, progress=D.NO_PROGRESS)
    nodes = B.N_NODES
    terrain, tokens, harbours, robber = B.start_board(config.option("board") == "variable",
                                                       False)
    state = CKState(
        config=config, stage=Stage.SETUP, terrain=terrain, tokens=tokens, harbours=harbours,
        robber=robber, players=(player,) * n,
        bank=D.BANK_START, deck=D.PROGRESS_COUNTS, spent=D.NO_PROGRESS,
        node_owner=(-1,) * nodes, node_level=(0,) * nodes, walls=(False,) * nodes,
        metropolis=(-1, -1, -1), knight_owner=(-1,) * nodes, knight_level=(0,) * nodes,
        knight_active=(False,) * nodes, knight_marks=(0,) * nodes,
        path_owner=(-1,) * B.N_PATHS, defenders_left=D.DEFENDERS, discards=(0,) * n,
    )
    return evolve(state, stage=_board_stage(state))


def _board_stage(state: CKState) -> Stage:
    return Stage.SETUP if B.board_phase(state, SPIRAL) == B.DONE else Stage.BOARD


def board_outcomes(state: CKState) -> tuple[tuple[Action, Fraction], ...]:
    """The chance outcomes of the board's next step (base Catan's)."""
    return cast(tuple[tuple[Action, Fraction], ...], B.phase_outcomes(state, SPIRAL))


def lay_board(state: CKState, action: Action) -> CKState:
    """A board-laying step, base Catan's (``model.catan.board.lay``)."""
    try:
        state = B.lay(state, action, SPIRAL)
    except IllegalAction as e:
        raise RB.RULES.illegal(RB.SETUP_BOARD, e.message) from None
    return evolve(state, stage=_board_stage(state))


def _second(state: CKState) -> bool:
    return state.placement >= state.config.players


def setup_actions(state: CKState) -> tuple[Action, ...]:
    if state.setup_node < 0:
        make = BuildCity if _second(state) else BuildSettlement
        return tuple(make(n) for n in range(B.N_NODES) if site_free(state.node_owner, n))
    return tuple(BuildRoad(e) for e in B.NODE_PATHS[state.setup_node]
                 if state.path_owner[e] == -1)


def setup_step(state: CKState, action: Action) -> CKState:
    p = state.turn
    if isinstance(action, BuildSettlement | BuildCity):
        if state.setup_node >= 0:
            raise RB.RULES.illegal(RB.TURN_ACTOR, "the road of this placement comes first")
        if isinstance(action, BuildCity) != _second(state):
            raise RB.RULES.illegal(RB.SETUP_SECOND_CITY, "the first placement is a settlement, the"
                                   " second a city")
        n = action.node
        if not in_range(n, B.N_NODES) or not site_free(state.node_owner, n):
            raise RB.RULES.illegal(RB.SETUP_PLACEMENT, f"intersection {n!r} is not free (distance"
                                   " rule)")
        pl = state.players[p]
        city = isinstance(action, BuildCity)
        hand, bank = pl.hand, state.bank
        if city:
            if state.config.option("setup-gain") == "production":
                bank, hand = _city_production(state.terrain, n, bank, hand)
            else:  # cities_knights/setup-city-gain: base Catan's starting cards
                bank, hand = take_setup_gain(state.terrain, n, bank, hand)
            pl = evolve(pl, hand=hand, cities=pl.cities + 1)
        else:
            pl = evolve(pl, settlements=pl.settlements + 1)
        state = set_player(state, p, pl, bank=bank, node_owner=put(state.node_owner, n, p),
                           node_level=put(state.node_level, n, 2 if city else 1),
                           setup_node=n)
        return state
    if isinstance(action, BuildRoad):
        if state.setup_node < 0:
            raise RB.RULES.illegal(RB.TURN_ACTOR, "the building of this placement comes first")
        e = action.path
        if not in_range(e, B.N_PATHS) or state.path_owner[e] != -1 \
                or e not in B.NODE_PATHS[state.setup_node]:
            raise RB.RULES.illegal(RB.SETUP_PLACEMENT, f"path {e!r} is not a free path at"
                                   f" intersection {state.setup_node}")
        pl = state.players[p]
        state = set_player(state, p, evolve(pl, roads=pl.roads + 1),
                           path_owner=put(state.path_owner, e, p))
        state = update_roads(state, False)
        k = state.placement + 1
        n = state.config.players
        if k == 2 * n:
            return evolve(state, placement=k, setup_node=-1, turn=0, turns=1,
                          stage=Stage.PRE_ROLL)
        return evolve(state, placement=k, setup_node=-1, turn=placer(n, k))
    raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of set-up")


def _city_production(terrain: tuple[int, ...], node: int, bank: tuple[int, ...],
                     hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bank, hand) after the set-up city on ``node`` takes what a city produces from each
    adjacent producing hex, bank allowing (cities_knights/setup-city-gain=production)."""
    gain = [0] * D.N_CARDS
    for h in B.NODE_HEXES[node]:
        r = BD.YIELD[terrain[h]]
        if r >= 0:
            gain[r] += 1
            c = D.CITY_COMMODITY[terrain[h]]
            gain[c if c >= 0 else r] += 1
    for c, k in enumerate(gain):
        k = min(k, bank[c])
        if k:
            bank, hand = bump(bank, c, -k), bump(hand, c, k)
    return bank, hand
