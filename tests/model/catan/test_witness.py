"""Readings that change play: the oracle's witness search finds short games on which they
disagree (the rarer ones, a shortage or a tied break, have worked examples instead)."""

import pytest

from rules_oracle.model.catan.game import GAME
from rules_oracle.oracle.witness import find_witness


@pytest.mark.rules("catan/harbour-placement", "catan/trade-build-phase",
                   "catan/development-before-roll", "catan/friendly-robber")
@pytest.mark.parametrize(("ambiguity", "words"), [
    ("catan/harbour-placement", "who acts next differs"),
    ("catan/trade-build-phase", "legal choices differ"),
    ("catan/development-before-roll", "legal choices differ"),
    ("catan/friendly-robber", "legal choices differ"),
])
def test_readings_disagree_on_a_seeded_game(ambiguity: str, words: str) -> None:
    witness = find_witness(GAME, ambiguity, seeds=range(2), players=[3], limit=3000)
    assert witness is not None and words in witness.difference


@pytest.mark.rules("catan/token-placement", "catan/board.spiral")
def test_token_readings_disagree_on_the_variable_board() -> None:
    # the tokens are printed on the beginner board, so the option needs board=variable,
    # which the search sets: the spiral's corner against a random token
    assert GAME.option_needs["tokens"] == {"board": "variable"}
    witness = find_witness(GAME, "catan/token-placement", seeds=range(1), players=[3],
                           limit=200)
    assert witness is not None and len(witness.actions) == 19
    assert "legal only under tokens=spiral" in witness.difference


@pytest.mark.rules("catan/knight-victory-order", "catan/road-building-stuck",
                   "catan/road-building-second")
@pytest.mark.parametrize(("ambiguity", "seed", "words"), [
    ("catan/road-building-second", 14, "legal choices differ"),
    ("catan/knight-victory-order", 14, "who acts next differs"),
    ("catan/road-building-stuck", 17, "legal choices differ"),
])
def test_card_readings_disagree_on_the_seeds_the_search_finds(ambiguity: str, seed: int,
                                                              words: str) -> None:
    players = [3] if ambiguity == "catan/road-building-second" else [4]
    witness = find_witness(GAME, ambiguity, seeds=[seed], players=players, limit=3000)
    assert witness is not None and words in witness.difference


@pytest.mark.rules("catan/year-of-plenty-bank", "catan/development.year-of-plenty")
def test_plenty_readings_disagree_on_the_named_seed() -> None:
    # a bank with one card of a kind left facing a player holding Year of Plenty is rare in
    # seeded play: the registry names 4 players, seed 2015, eager, and the search plays it
    # first (test_development has worked examples of each reading)
    amb = GAME.rules.get_ambiguity("catan/year-of-plenty-bank")
    assert amb.witness is not None and amb.no_witness is None
    witness = find_witness(GAME, "catan/year-of-plenty-bank", seeds=[])
    assert witness is not None and (witness.players, witness.seed) == (4, 2015)
    assert len(witness.actions) == 1151
    assert witness.difference == (
        "the legal choices differ: legal only under plenty=both (0): none; legal only under"
        ' plenty=what-remains (1): {"first":2,"second":2,"type":"PlayYearOfPlenty"}')


@pytest.mark.rules("catan/maritime-rate", "catan/trade.maritime")
def test_rate_readings_disagree_once_a_harbour_owner_holds_four() -> None:
    # 3 players, seed 2, uniform play: after the 23rd step's roll a player at a harbour
    # holds 4 lumber, and rate=any offers 4:1 beside the better rate
    witness = find_witness(GAME, "catan/maritime-rate", seeds=range(3), players=[3],
                           limit=3000)
    assert witness is not None and (witness.seed, len(witness.actions)) == (2, 23)
    assert "legal only under rate=best (0): none; legal only under rate=any (4)" \
        in witness.difference
    assert '"rate":4,"type":"MaritimeTradeAt"' in witness.difference
