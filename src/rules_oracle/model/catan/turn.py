"""The turn: who acts, the production roll, ending the turn and the turn limit."""

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import Dice
from rules_oracle.model.catan.ops import evolve, evolve_dict, in_range, put
from rules_oracle.model.catan.state import CatanState, S
from rules_oracle.model.core import IllegalAction, uniform

#: the production roll: the ordered pair (white, red), 36 outcomes of 1/36 each
DICE_OUTCOMES = uniform([Dice(w, r) for w in range(1, 7) for r in range(1, 7)])


def not_a_step(detail: str) -> IllegalAction:
    """An action that is not one of the current step's, or not its actor's: only the player
    whose step it is acts, with an action of that step (RB.TURN_ACTOR)."""
    return RB.RULES.illegal(RB.TURN_ACTOR, detail)


def dice_of(action: Dice) -> tuple[int, int]:
    """The dice ``action`` shows (RB.TURN_ROLL), refused when a die cannot show it; the
    game module goes on to the 7 or production, which show them in the state."""
    if not (in_range(action.white - 1, 6) and in_range(action.red - 1, 6)):
        raise RB.RULES.illegal(RB.TURN_ROLL, f"no die shows {action.white} or {action.red}")
    return (action.white, action.red)


def end_turn(state: CatanState) -> CatanState:
    """The next seat's turn begins (RB.TURN_END), or the game ends at the turn limit
    (RB.TURN_LIMIT)."""
    p = state.turn
    pl = state.players[p]
    players = state.players
    if any(pl.bought):
        players = put(players, p, evolve_dict(pl, bought=D.NO_DEVELOPMENTS))
    if state.turns >= D.TURN_LIMIT:
        return evolve_dict(state, players=players, stage=S.OVER)
    return evolve(
        state, players=players, turn=(p + 1) % state.config.players, turns=state.turns + 1,
        dice=(0, 0), dev_played=False, built=False, trades=0, offers=0, stage=S.PRE_ROLL,
    )
