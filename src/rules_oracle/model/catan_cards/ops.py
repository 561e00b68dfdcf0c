"""The card game's helpers shared by its chapters (no rules here)."""

from rules_oracle.model.catan_cards.state import CardsState
from rules_oracle.model.core.ops import evolve


def turn_fate(state: CardsState) -> CardsState:
    """The fate card turned over (nothing without a fate card in play)."""
    return state if state.fate < 0 else evolve(state, fate=1 - state.fate)
