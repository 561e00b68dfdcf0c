"""The dice (chapter 3): the production dice and the event die, whose ship moves the
barbarians and whose city gates let players draw progress cards."""

from fractions import Fraction

from rules_oracle.model.catan.actions import Dice
from rules_oracle.model.catan.ops import evolve, in_range
from rules_oracle.model.catan.turn import DICE_OUTCOMES as DICE_OUTCOMES
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import EventDie
from rules_oracle.model.cities_knights.common import order_from
from rules_oracle.model.cities_knights.state import CKState, Stage

#: the event die: 3 ship faces of 6, one gate per colour
EVENT_OUTCOMES = tuple((EventDie(f), Fraction(c, 6)) for f, c in enumerate(D.EVENT_COUNTS))


def roll(state: CKState, action: Dice) -> CKState:
    """The production dice (RB.DICE_THREE: the white and the red die; the event die
    follows)."""
    if not (in_range(action.white - 1, 6) and in_range(action.red - 1, 6)):
        raise RB.RULES.illegal(RB.DICE_THREE, f"no die shows {action.white} or {action.red}")
    return evolve(state, dice=(action.white, action.red), stage=Stage.EVENT)


def event(state: CKState, action: EventDie) -> CKState:
    """The event die's face (RB.DICE_EVENT), which resolves before production
    (RB.DICE_EVENT_FIRST): a ship moves the barbarians, a city gate lets players draw
    (:func:`gate_draws`); the game module goes on to either, then to production."""
    face = action.face
    if not in_range(face, len(D.EVENT_FACES)):
        raise RB.RULES.illegal(RB.DICE_EVENT, f"no event face {face!r}")
    return evolve(state, event=face)


def gate_draws(state: CKState) -> tuple[tuple[int, int], ...]:
    """The progress draws a city gate gives (RB.DICE_GATE_DRAW): in turn order from the
    roller, each player with an improvement of the gate's colour whose level plus
    D.DRAW_OFFSET is at least the red die's number (the die faces its level card shows)
    draws a card of that colour."""
    colour = state.event - 1
    red = state.dice[1]
    return tuple((q, colour) for q in order_from(state, state.turn)
                 if state.players[q].levels[colour] >= 1
                 and red <= state.players[q].levels[colour] + D.DRAW_OFFSET)
