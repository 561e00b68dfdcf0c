"""Production (``3. Добыча``): the player on turn draws 2 cards from the resource stack,
and one more for each of his knights lying A side up; then his turn ends."""

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.score import a_side
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import evolve


@implements(RB.PRODUCTION_DRAW, RB.PRODUCTION_KNIGHTS)
def produce(state: CardsState) -> CardsState:
    """The production's cards owed to the player on turn (``drawing``; the game deals
    them), the turn's end after them (``resume`` OVER)."""
    p = state.turn
    n = D.PRODUCTION + a_side(state.players[p].knights)
    return evolve(state, drawing=(p,) * n, resume=Stage.OVER)
