"""Readings that change play: the witness search finds a short game on which they
disagree (seeds and player counts as the search found them)."""

import pytest

from rules_oracle.model.crafts.game import GAME
from rules_oracle.oracle.witness import find_witness


@pytest.mark.rules("crafts/castle-setback-collect")
def test_castle_setback_collect_witness() -> None:
    witness = find_witness(GAME, "crafts/castle-setback-collect", seeds=range(1, 2),
                           players=[2], limit=3000)
    assert witness is not None and "$.bank" in witness.difference
    assert witness.readings == ("none", "collect")


@pytest.mark.rules("crafts/deck-rebuild")
def test_deck_rebuild_witness() -> None:
    witness = find_witness(GAME, "crafts/deck-rebuild", seeds=range(1), players=[6],
                           limit=3000)
    assert witness is not None and "$.deck" in witness.difference


@pytest.mark.rules("crafts/empty-application")
def test_empty_fair_witness() -> None:
    witness = find_witness(GAME, "crafts/empty-application", seeds=range(1), players=[2],
                           limit=3000)
    assert witness is not None and "legal only under empty_fair=apply" in witness.difference


@pytest.mark.rules("crafts/resource-levels")
def test_levels_witness() -> None:
    witness = find_witness(GAME, "crafts/resource-levels", seeds=range(2, 3), players=[2],
                           limit=3000)
    assert witness is not None and witness.readings == ("two-tier", "depth")


@pytest.mark.rules("crafts/commit-stop")
def test_commit_stop_witness() -> None:
    witness = find_witness(GAME, "crafts/commit-stop", seeds=range(1), players=[2],
                           limit=3000)
    assert witness is not None and "legal only under commit_stop=stop" in witness.difference


@pytest.mark.rules("crafts/redraw-hand", "crafts/market.redraw")
def test_redraw_hand_witness_is_the_named_game() -> None:
    # seeds 0-71 never offer a redraw to a hand of other than 5 cards: the registry names
    # seed 72, and the search plays it first (no seed scanned)
    amb = GAME.rules.get_ambiguity("crafts/redraw-hand")
    assert amb.witness is not None and amb.no_witness is None
    witness = find_witness(GAME, "crafts/redraw-hand", seeds=[])
    assert witness is not None and (witness.players, witness.seed) == (3, 72)
    assert witness.policy == "eager" and len(witness.actions) == 146
    assert ('legal only under redraw_hand=all (1): {"type":"Redraw"}; legal only under'
            " redraw_hand=exactly-five (0): none") in witness.difference
