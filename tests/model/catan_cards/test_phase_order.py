"""The game owns the turn's order: no phase module of the card game imports another
phase's, and the cards a phase's step leaves owed are dealt by the game."""


import pytest

from rules_oracle.model.catan_cards.actions import EndDevelopment
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.state import Stage
from rules_oracle.model.core.play import playout
from tests.model.chapters import imported

PHASES = {"setup", "turn", "trade", "development", "production"}



def test_no_phase_imports_another() -> None:
    for stem in sorted(PHASES):
        assert imported("catan_cards", stem) & PHASES == set(), stem
    assert imported("catan_cards", "game") >= PHASES


@pytest.mark.rules("catan_cards/production.draw", "catan_cards/development.end")
def test_the_end_of_development_deals_production() -> None:
    config = GAME.config(3)
    for step in playout(GAME, config, 0):
        s = step.state
        if s.stage is Stage.DEVELOP and s.turns > 1:
            break
    after = GAME.apply(s, EndDevelopment())
    assert after.stage is Stage.DRAW and after.drawing[0] == s.turn
    assert len(after.drawing) >= 2 and after.resume is Stage.OVER
