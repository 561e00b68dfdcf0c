"""Set-up ("ПОДГОТОВКА К ИГРЕ"): the starting tiles, the wood and stone buildings, the
first player and the characters as chance steps, then the character draft; after it, the
first round's planning (``stage`` PLANNING, begun by the game)."""

from fractions import Fraction

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    DrawCharacter,
    DrawTile,
    FirstPlayer,
    TakeCharacter,
)
from rules_oracle.model.caylus.ops import evolve, put
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Player, Stage
from rules_oracle.model.core import Config, draw_outcomes, uniform
from rules_oracle.model.core.cite import implements


@implements(RB.SETUP_WORKERS, RB.SETUP_RESOURCES, RB.SETUP_PROVOST)
def initial(config: Config) -> CaylusState:
    """The state before any chance step: the printed buildings on the road, the players'
    workers, houses and starting resources."""
    n = config.players
    road = [-1] * D.ROAD_SPACES
    for s, k in enumerate(D.PRINTED_ORDER):
        road[s] = k
    start = D.START_WORKERS[n]
    player = Player(workers=start, camp=D.WORKERS - start, resources=D.START_RESOURCES,
                    houses=D.HOUSES - 1)
    empty = (-1,) * D.ROAD_SPACES
    return CaylusState(
        config=config, stage=Stage.TILES, players=(player,) * n, road=tuple(road),
        side=(0,) * D.ROAD_SPACES, owner=empty, first_worker=empty, second_worker=empty,
        site=(-1, -1, -1),
        provost=(D.PROVOST_START if config.option("provost_reset") == "gate-side"
                 else D.PROVOST_START_FAR), start_tiles=D.START_TILE_COUNTS,
    )


def outcomes(state: CaylusState) -> tuple[tuple[Action, Fraction], ...]:
    """The chance outcomes of a set-up stage."""
    st = state.stage
    if st is Stage.TILES:
        return draw_outcomes(zip(D.START_KINDS, state.start_tiles, strict=True), DrawTile)
    if st is Stage.WOOD:
        counts = list(zip(D.WOOD_KINDS, state.wood_supply, strict=True))
        if state.fill == 1:
            counts = [(k, 0 if k == D.STONEMASON else c) for k, c in counts]
        return draw_outcomes(counts, DrawTile)
    if st is Stage.STONE:
        return draw_outcomes(zip(D.STONE_KINDS, state.stone_supply, strict=True), DrawTile)
    if st is Stage.FIRST:
        return uniform(tuple(FirstPlayer(p) for p in range(state.config.players)))
    assert st is Stage.CHARACTERS
    return draw_outcomes(((c, 1 if h == D.BOX else 0)
                          for c, h in enumerate(state.characters)), DrawCharacter)


def _check(state: CaylusState, action: Action) -> None:
    if all(a != action for a, _ in outcomes(state)):
        rule = {Stage.TILES: RB.SETUP_STARTING_TILES, Stage.WOOD: RB.SETUP_WOOD,
                Stage.STONE: RB.SETUP_STONE, Stage.FIRST: RB.SETUP_FIRST_PLAYER,
                Stage.CHARACTERS: RB.SETUP_CHARACTERS}[state.stage]
        if state.stage is Stage.WOOD and action == DrawTile(D.STONEMASON):
            rule = RB.SETUP_NO_STONEMASON
        raise RULES.illegal(rule, f"{action} is not a chance outcome of stage"
                                  f" {state.stage.value}")


def _place(state: CaylusState, kind: int, site_slot: int, space: int) -> CaylusState:
    if state.fill == 0:
        site = put(state.site, site_slot, kind)
        return evolve(state, site=(site[0], site[1], site[2]), fill=1)
    return evolve(state, road=put(state.road, space, kind), fill=state.fill + 1)


@implements(RB.SETUP_FIRST_GAME_CHARACTERS)
def chance(state: CaylusState, action: Action) -> CaylusState:
    """Apply a set-up chance outcome."""
    _check(state, action)
    st = state.stage
    if st is Stage.TILES:
        assert isinstance(action, DrawTile)
        i = action.kind - D.FARM
        tiles = put(state.start_tiles, i, state.start_tiles[i] - 1)
        space = D.START_SPACES[state.fill - 1] if state.fill else -1
        state = evolve(_place(state, action.kind, 0, space), start_tiles=tiles)
        return evolve(state, stage=Stage.WOOD, fill=0) if state.fill == 9 else state
    if st is Stage.WOOD or st is Stage.STONE:
        assert isinstance(action, DrawTile)
        wood = st is Stage.WOOD
        if wood:
            i = action.kind - D.WOOD_FARM
            state = evolve(state, wood_supply=put(state.wood_supply, i, 0))
            state = _place(state, action.kind, 1, D.WOOD_SPACE)
        else:
            i = action.kind - D.STONE_FARM
            state = evolve(state, stone_supply=put(state.stone_supply, i, 0))
            state = _place(state, action.kind, 2, D.STONE_SPACE)
        if state.fill == 2:
            return evolve(state, stage=Stage.STONE if wood else Stage.FIRST, fill=0)
        return state
    if st is Stage.FIRST:
        assert isinstance(action, FirstPlayer)
        state = evolve(state, stage=Stage.CHARACTERS, first_player=action.seat)
        if state.config.option("characters") == "first-game":
            chosen = D.FIRST_GAME_CHARACTERS[state.config.players]
            chars = tuple(D.BOARD if c in chosen else D.BOX for c in range(D.N_CHARACTERS))
            return _to_draft(evolve(state, characters=chars, drawn=chosen))
        return state
    assert isinstance(action, DrawCharacter)
    n = state.config.players
    state = evolve(state, characters=put(state.characters, action.character, D.BOARD),
                   drawn=(*state.drawn, action.character), fill=state.fill + 1)
    return _to_draft(state) if state.fill == n + 3 else state


def _to_draft(state: CaylusState) -> CaylusState:
    """The draft begins with the last player (right of the first)."""
    n = state.config.players
    return evolve(state, stage=Stage.DRAFT, fill=0, turn=(state.first_player - 1) % n)


def draft_actions(state: CaylusState) -> tuple[Action, ...]:
    return tuple(TakeCharacter(c) for c in state.drawn if state.characters[c] == D.BOARD)


def draft(state: CaylusState, action: Action) -> CaylusState:
    """A draft pick; after the last one, the first round's planning."""
    if not isinstance(action, TakeCharacter) or action not in draft_actions(state):
        raise RULES.illegal(RB.SETUP_DRAFT, f"{action} is not a pick of the drawn characters")
    n = state.config.players
    state = evolve(state, characters=put(state.characters, action.character, state.turn),
                   fill=state.fill + 1, turn=(state.turn - 1) % n)
    if state.fill == n:
        return evolve(state, fill=0, stage=Stage.PLANNING)
    return state
