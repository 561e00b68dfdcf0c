"""A phase ("Подготовка к фазе", "Конец фазы"): clearing the game board, filling the depots
and the black depot, the phase's goods on the round spaces, and at its end the mines'
silver. The game module runs the phases in order (RB.PHASE_FIVE_PHASES: ``data.PHASES``)."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import Action, DrawHex
from rules_oracle.model.burgundy.ops import add_tile, goods_drawable, implements
from rules_oracle.model.burgundy.state import BurgundyState, Mods, Player
from rules_oracle.model.core.ops import bump, evolve, put


@implements(RB.PHASE_FIVE_PHASES)
def last(state: BurgundyState) -> bool:
    """Whether the phase ending is the last: the game has 5 phases, A to E."""
    return state.phase + 1 == D.PHASES


@implements(RB.PHASE_FILL_DEPOTS, RB.PHASE_THREE_PLAYER_DEPOT_6, RB.PHASE_BLACK_DEPOT)
def plan(state: BurgundyState) -> tuple[tuple[int, int], ...]:
    """The current phase's fill plan, (depot or 0 for black, back colour) per draw:
    the spaces in use by player count (RB.PHASE_FILL_DEPOTS), the 3-player depot 6 space's
    castle or mine (RB.PHASE_THREE_PLAYER_DEPOT_6) and the black depot's 4/6/8
    (RB.PHASE_BLACK_DEPOT), by the variant ``depots``."""
    return D.FILL_PLANS[(state.config.option("depots"), state.config.players, state.phase)]


@implements(RB.PHASE_CLEAR)
def clear(state: BurgundyState) -> BurgundyState:
    """From phase B on, every hex left on the game board goes to the box (RB.PHASE_CLEAR);
    the depots' goods stay."""
    box = state.box
    for tiles in (*state.depots, state.black):
        for t in tiles:
            box = bump(box, D.TILE_INDEX[t])
    return evolve(state, depots=((),) * 6, black=(), box=box)


def next_fill(state: BurgundyState, fill: int) -> int | None:
    """The next draw of the fill plan from ``fill`` on, skipping empty stacks, or ``None``
    when the depots are filled."""
    steps = plan(state)
    while fill < len(steps) and not any(state.supply[steps[fill][1]]):
        fill += 1
    return fill if fill < len(steps) else None


def fill_rule(state: BurgundyState, action: Action) -> str | None:
    """Why ``action`` is not the next depot space's draw (RB.PHASE_FILL_DEPOTS: a hex of the
    space's back colour still in its stack), or ``None``."""
    _, back = plan(state)[state.fill]
    if not isinstance(action, DrawHex) or action.tile not in D.BACK_KINDS[back]:
        return RB.PHASE_FILL_DEPOTS
    if not state.supply[back][D.BACK_KINDS[back].index(action.tile)]:
        return RB.PHASE_FILL_DEPOTS
    return None


@implements(RB.PHASE_FILL_DEPOTS)
def fill(state: BurgundyState, tile: str) -> BurgundyState:
    """``tile`` from its stack onto the next space of the plan (a numbered depot or the
    black depot)."""
    target, back = plan(state)[state.fill]
    i = D.BACK_KINDS[back].index(tile)
    supply = put(state.supply, back, bump(state.supply[back], i, -1))
    if target:
        depots = put(state.depots, target - 1, add_tile(state.depots[target - 1], tile))
        return evolve(state, supply=supply, depots=depots)
    return evolve(state, supply=supply, black=add_tile(state.black, tile))


def round_goods_rule(state: BurgundyState, action: Action) -> str | None:
    """Why ``action`` is not a draw of the phase's goods (RB.PHASE_ROUND_GOODS), or ``None``."""
    return None if goods_drawable(state.goods_pool, action) else RB.PHASE_ROUND_GOODS


@implements(RB.PHASE_ROUND_GOODS)
def round_goods(state: BurgundyState, kind: int) -> BurgundyState:
    """The phase's next goods tile, face up on the next round space (RB.PHASE_ROUND_GOODS)."""
    return evolve(state, goods_pool=bump(state.goods_pool, kind - 1, -1),
                  goods_stacks=(*state.goods_stacks, kind))


def goods_laid(state: BurgundyState) -> bool:
    """Whether the phase's 5 goods are on the round spaces."""
    return len(state.goods_stacks) == (state.phase + 1) * D.PHASE_GOODS


@implements(RB.PHASE_END_MINES, RB.PHASE_MINE_SILVER)
def end_income(pl: Player, mods: Mods) -> Player:
    """A phase's end for one player: 1 silver per mine (RB.PHASE_END_MINES,
    RB.PHASE_MINE_SILVER), and the workers his knowledge adds per mine; his dice cleared."""
    mines = pl.estate.count(D.MINE_TILE)
    return evolve(pl, silver=pl.silver + mines, dice=(0, 0),
                  workers=pl.workers + mines * mods.mine_workers)
