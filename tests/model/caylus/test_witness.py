"""Readings that change play: the witness search finds a short game on which they
disagree."""

import pytest

from rules_oracle.model.caylus.actions import BuildPrestige
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import Stage
from rules_oracle.oracle.witness import find_witness
from tests.model.directed import directed_witness


@pytest.mark.rules("caylus/steward")
def test_steward_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "caylus/steward", seeds=range(3), players=[4], limit=400)
    assert witness is not None and "prestige" in witness.difference


@pytest.mark.rules("caylus/deliveryman-extra")
def test_deliveryman_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "caylus/deliveryman-extra", seeds=range(8, 9), players=[4],
                           limit=400)
    assert witness is not None and "who acts next differs" in witness.difference


@pytest.mark.rules("caylus/provost-reset")
def test_provost_reset_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "caylus/provost-reset", seeds=range(1), players=[5],
                           limit=400)
    assert witness is not None and "provost" in witness.difference


@pytest.mark.rules("caylus/favour-effect")
def test_favour_effect_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "caylus/favour-effect", seeds=range(19, 20), players=[3],
                           limit=400)
    assert witness is not None and "legal choices differ" in witness.difference


@pytest.mark.rules("caylus/deliveryman-tie")
def test_deliveryman_tie_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "caylus/deliveryman-tie", seeds=range(17, 18), players=[4],
                           limit=400)
    assert witness is not None and "who acts next differs" in witness.difference


@pytest.mark.rules("caylus/favour-market")
def test_favour_market_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "caylus/favour-market", seeds=range(16, 17), players=[3],
                           limit=400)
    assert witness is not None and "legal choices differ" in witness.difference


@pytest.mark.rules("caylus/resource-supply", "caylus/components.unlimited")
def test_supply_readings_disagree_on_the_named_seed() -> None:
    # seeds 0-185 never run a supply dry: the registry names seed 186 and the search
    # plays it first
    amb = GAME.rules.get_ambiguity("caylus/resource-supply")
    assert amb.witness is not None and amb.no_witness is None
    witness = find_witness(GAME, "caylus/resource-supply", seeds=[])
    assert witness is not None and witness.seed == 186 and len(witness.actions) == 350
    assert "resources" in witness.difference and "supply=limited" in witness.difference


@pytest.mark.rules("caylus/prestige-house", "caylus/stewardship.prestige",
                   "caylus/components.house-limit")
def test_prestige_house_readings_disagree_on_the_directed_game() -> None:
    # no seeded game leaves a player without a house: the registry records the game a
    # directed search found (the seed's chance, the players' choices), replayed as legal
    # play; on it a player with no house in stock may pay a prestige building
    actions = directed_witness(GAME, "caylus/prestige-house", 2, 0)
    for reading, offered in (("residence", True), ("stock", False)):
        state = GAME.setup(GAME.config(2, {"prestige_house": reading}))
        for action in actions:
            state = GAME.apply(state, action)
        assert state.players[1].houses == 0
        if offered:  # his residence may become a prestige building
            assert state.stage is Stage.PRESTIGE and GAME.actor(state) == 1
            assert any(isinstance(a, BuildPrestige) for a in GAME.legal_actions(state))
        else:  # no house in stock: the stewardship passes him by
            assert state.stage is not Stage.PRESTIGE and GAME.actor(state) == 0
