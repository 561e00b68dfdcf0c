"""The five rounds of a phase ("ПЯТЬ РАУНДОВ ФАЗЫ"): the roll, the round's goods tile to the
depot the white die names, and the turn order."""

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import Action, Roll
from rules_oracle.model.burgundy.ops import implements
from rules_oracle.model.burgundy.state import BurgundyState, Player
from rules_oracle.model.core import uniform
from rules_oracle.model.core.ops import bump, evolve, put

#: a die's roll (RB.ROUND_ROLL)
ROLL = uniform([Roll(v) for v in range(1, 7)])


def roll_rule(action: Action) -> str | None:
    """Why ``action`` is not a die's roll (RB.ROUND_ROLL), or ``None``."""
    if not isinstance(action, Roll) or not 1 <= action.value <= 6:
        return RB.ROUND_ROLL
    return None


@implements(RB.ROUND_ROLL, RB.ROUND_WHITE_DIE_UNUSABLE)
def rolled(state: BurgundyState, value: int) -> BurgundyState:
    """The next die of the round's roll (RB.ROUND_ROLL): the white die first, then each
    seat's two. The white die is kept apart from the first player's dice: it is not one of
    his action dice (RB.ROUND_WHITE_DIE_UNUSABLE)."""
    roll = state.roll
    if roll == 0:
        return evolve(state, white=value, roll=1)
    who, die = divmod(roll - 1, 2)
    pl = state.players[who]
    dice = (value, pl.dice[1]) if die == 0 else (pl.dice[0], value)
    # one copy of the state for the seat's dice and the roll's count
    return evolve(state, players=put(state.players, who, evolve(pl, dice=dice)),
                  roll=roll + 1)


def all_rolled(state: BurgundyState) -> bool:
    """Whether the white die and every player's two dice are rolled."""
    return state.roll >= 2 * state.config.players + 1


@implements(RB.ROUND_PLACE_GOODS)
def place_goods(state: BurgundyState) -> BurgundyState:
    """The round's goods tile goes to the depot the white die names (RB.ROUND_PLACE_GOODS)."""
    kind = state.goods_stacks[state.goods_next]
    d = state.white - 1
    return evolve(state, depot_goods=put(state.depot_goods, d,
                                         bump(state.depot_goods[d], kind - 1)),
                  goods_next=state.goods_next + 1)


@implements(RB.ROUND_TURN_ORDER)
def turn_order(players: tuple[Player, ...]) -> tuple[int, ...]:
    """Seats in turn order: track spaces right to left, each stack top to bottom
    (RB.ROUND_TURN_ORDER)."""
    return tuple(sorted(range(len(players)),
                        key=lambda i: (-players[i].track_space, -players[i].track_height)))


def next_round(state: BurgundyState) -> BurgundyState:
    """The next round of the phase: a new roll, the dice cleared."""
    return evolve(state, turn=0, bought=False, round=state.round + 1, roll=0,
                  players=tuple(evolve(pl, dice=(0, 0)) for pl in state.players))
