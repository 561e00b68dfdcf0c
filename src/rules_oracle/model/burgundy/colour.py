"""Colour bonuses ("Первый, кто заполняет жетонами все ячейки одного цвета"): the first and
the second player to fill every space of a colour take its large and small bonus tile."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.ops import implements
from rules_oracle.model.burgundy.state import BurgundyState, Player
from rules_oracle.model.core.ops import bump, evolve


def complete(estate: tuple[str, ...], colour: str, board: D.Estate = D.BOARD1) -> bool:
    """Whether every space of ``colour`` is filled."""
    return all(estate[s] for s in board.colour_spaces[colour])


@implements(RB.COLOUR_FIRST, RB.COLOUR_SECOND)
def bonus(state: BurgundyState, pl: Player, colour: str) -> tuple[BurgundyState, Player]:
    """A filled colour's bonus, if one is left: the large one, 5/6/7 VP by player count
    (RB.COLOUR_FIRST), or the small one, 2/3/4 VP (RB.COLOUR_SECOND); none for the third
    and fourth."""
    c = D.COLOUR_INDEX[colour]
    taken = state.bonuses[c]
    if taken >= 2:
        return state, pl
    n = state.config.players
    vp = pl.vp + (D.LARGE_BONUS[n] if taken == 0 else D.SMALL_BONUS[n])
    tiles = (*pl.bonus_tiles, f"{colour}:{'large' if taken == 0 else 'small'}")
    return evolve(state, bonuses=bump(state.bonuses, c)), evolve(pl, vp=vp, bonus_tiles=tiles)
