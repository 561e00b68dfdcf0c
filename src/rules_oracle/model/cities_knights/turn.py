"""The turn: who acts, and the end of the turn with its progress-card limit and the turn
limit. The roll's chapters follow in the game module's order: the dice
(:mod:`~model.cities_knights.dice`), the barbarians, progress draws, production, the robber
and the aqueduct."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.common import held
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import IllegalAction


def not_a_step(detail: str) -> IllegalAction:
    """An action that is not one of the current step's, or not its actor's: only the player
    whose step it is acts, with a step of the current stage (RB.TURN_ACTOR)."""
    return RB.RULES.illegal(RB.TURN_ACTOR, detail)


def end_turn(state: CKState) -> CKState:
    """The player ending his turn discards down to 4 progress cards, then the next seat's
    turn begins (or the game ends at the turn limit, RB.TURN_LIMIT)."""
    if held(state.players[state.turn]) > D.HAND_LIMIT:
        return evolve(state, stage=Stage.END)
    if state.turns >= D.TURN_LIMIT:
        return evolve(state, stage=Stage.OVER)
    marks = (0,) * B.N_NODES
    return evolve(state, turn=(state.turn + 1) % state.config.players, turns=state.turns + 1,
                  dice=(0, 0), event=-1, trades=0, offers=0, fleet=(), crane=0, harboured=(),
                  harbor=(), played=False, fresh=(), knight_marks=marks,
                  stage=Stage.PRE_ROLL)
