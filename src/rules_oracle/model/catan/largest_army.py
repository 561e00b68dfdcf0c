"""The largest army: who holds its card after a knight is played."""

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.ops import evolve_dict
from rules_oracle.model.catan.state import CatanState


def award_army(knights: tuple[int, ...], holder: int, player: int) -> int:
    """Who holds the largest-army card after ``player`` played a knight."""
    if knights[player] < D.LARGEST_ARMY_MIN:  # RB.LARGEST_ARMY_MINIMUM
        return holder
    if holder < 0 or knights[player] > knights[holder]:  # RB.LARGEST_ARMY_EXCEED
        return player
    return holder


def after_knight(state: CatanState, player: int) -> CatanState:
    """``state`` (``player`` just played a knight) with the card's holder decided again."""
    knights = tuple(x.knights for x in state.players)
    return evolve_dict(state, army=award_army(knights, state.army, player))


def shown(state: CatanState, after: CatanState) -> list[str]:
    """The largest-army rules a step shows: a knight played decides the card again."""
    out: list[str] = []
    if after.army != state.army or after.players[state.turn].knights \
            != state.players[state.turn].knights:
        out.append(RB.LARGEST_ARMY_MINIMUM)
        if state.army >= 0:
            out.append(RB.LARGEST_ARMY_EXCEED)
    return out
