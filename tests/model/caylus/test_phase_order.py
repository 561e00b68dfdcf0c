"""The game owns the phase order: no phase module of Caylus imports another phase's."""


import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import delivery, planning, stewardship
from rules_oracle.model.caylus.actions import (
    BuildPrestige,
    Decline,
    Deliver,
    Pass,
    PlaceOnSite,
    PlaceWorker,
)
from rules_oracle.model.caylus.game import GAME, onward
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core.play import playout
from tests.model.caylus.helpers import bare, player, ready
from tests.model.chapters import imported

PHASES = {"setup", "planning", "activation", "favour", "delivery", "stewardship", "end"}



def test_no_phase_imports_another() -> None:
    for stem in sorted(PHASES):
        assert imported("caylus", stem) & PHASES == set(), stem
    assert imported("caylus", "game") >= PHASES


@pytest.mark.rules("caylus/end.over", "caylus/end.gold")
def test_a_phase_handed_over_is_begun_by_the_game_once() -> None:
    s = player(attrs.evolve(bare(ready(3)), round=9), 0, resources={"gold": 3}, prestige=10)
    handed = attrs.evolve(s, stage=Stage.OVER)  # the last stewardship's hand-over
    over = onward(Stage.PRESTIGE, handed)
    assert over.stage is Stage.OVER and over.players[0].prestige == 16
    assert onward(Stage.OVER, over) == over  # a stage within its phase: nothing begins
    assert onward(Stage.PRESTIGE, attrs.evolve(handed, stage=Stage.PRESTIGE)).players[
        0].prestige == 10


_CHAPTERS = {Stage.EARLY: planning, Stage.PLANNING: planning, Stage.DELIVERY: delivery,
             Stage.PRESTIGE: stewardship}


_CANDIDATES = (*(PlaceWorker(s) for s in range(D.ROAD_SPACES)), PlaceOnSite(), Pass(),
               Decline(), *(Deliver(b) for b in D.ANY_BUNDLES),
               *(BuildPrestige(k) for k in D.PRESTIGE_KINDS))


def _one_predicate(s: CaylusState) -> None:
    chapter = _CHAPTERS[s.stage]
    legal = set(GAME.legal_actions(s))
    for a in _CANDIDATES:
        assert (chapter.choice_rule(s, a) is None) == (a in legal), (s.stage, a)


@pytest.mark.rules("caylus/planning.order", "caylus/delivery.bundle",
                   "caylus/stewardship.prestige", "caylus/components.house-limit")
def test_one_predicate_lists_and_refuses() -> None:
    """Planning's, delivery's and stewardship's choice rules allow exactly the legal set."""
    seen: set[Stage] = set()
    for seed in (0, 1):
        for step in playout(GAME, GAME.config(3), seed):
            if step.state.stage in _CHAPTERS and step.state.favour is None:
                seen.add(step.state.stage)
                _one_predicate(step.state)
    assert seen >= {Stage.PLANNING, Stage.DELIVERY}
    # seeded play seldom reaches a prestige building: a residence whose owner can pay one
    s = bare(ready(3, variant={"prestige_house": "stock"}))
    s = attrs.evolve(s, owner=put(s.owner, 6, 1))
    s = player(s, 1, resources={"wood": 1, "gold": 1})
    built = stewardship.begin(s)
    assert built.stage is Stage.PRESTIGE and len(GAME.legal_actions(built)) > 1
    _one_predicate(built)
    houseless = player(built, 1, houses=0)
    assert GAME.legal_actions(houseless) == (Decline(),)
    _one_predicate(houseless)
