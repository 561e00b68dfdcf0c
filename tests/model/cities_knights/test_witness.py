"""Witnesses of Cities & Knights' readings: one the search finds, ones only a long scan of
seeds found (the registry names the seeded game, played first), and readings that no
seeded game shows apart (the search finds none, and the registry says why; each is played
both ways from a built state elsewhere)."""

import pytest

from rules_oracle.model.catan.data import GRAIN
from rules_oracle.model.cities_knights.data import SCIENCE
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import Stage
from rules_oracle.model.core import unstructure
from rules_oracle.model.core.rules import DIRECTED
from rules_oracle.oracle.witness import directed_actions, find_witness
from tests.model.directed import directed_witness


@pytest.mark.rules("cities_knights/own-turn-hand")
def test_no_seeded_witness_and_the_registry_says_why() -> None:
    assert GAME.rules.get_ambiguity("cities_knights/own-turn-hand").no_witness
    assert find_witness(GAME, "cities_knights/own-turn-hand", seeds=range(1),
                        players=[4]) is None


@pytest.mark.rules("cities_knights/aqueduct-shortage", "cities_knights/improvement.aqueduct",
                   "cities_knights/production.shortage")
def test_aqueduct_shortage_readings_disagree_on_the_directed_game() -> None:
    # no seeded game found a roll owing a player with the aqueduct only cards the bank
    # lacks: the registry records the game a directed search found (4 players, seed 1's
    # chance, the players' choices), replayed as legal play. Its last roll owes player 3
    # (science level 4) only grain while the bank has none
    actions = directed_witness(GAME, "cities_knights/aqueduct-shortage", 4, 1)
    for reading, offered in (("received", True), ("owed", False)):
        state = GAME.setup(GAME.config(4, {"aqueduct": reading}))
        for action in actions[:-1]:
            state = GAME.apply(state, action)
        hand = state.players[3].hand
        assert state.bank[GRAIN] == 0 and state.players[3].levels[SCIENCE] >= 3
        state = GAME.apply(state, actions[-1])
        assert state.players[3].hand == hand  # the roll gave him nothing
        # player 1 (science level 3, none of his numbers rolled) takes his card either way
        assert state.stage is Stage.AQUEDUCT and 1 in state.queue
        if offered:  # the aqueduct makes up for the shortage, player 3 first
            assert GAME.actor(state) == 3 and state.queue == (3, 1)
        else:  # he was owed grain: no aqueduct card for him
            assert GAME.actor(state) == 1 and state.queue == (1,)


@pytest.mark.rules("cities_knights/displaced-knight", "cities_knights/knight.displace")
def test_the_displaced_knights_readings_disagree_on_a_seeded_game() -> None:
    witness = find_witness(GAME, "cities_knights/displaced-knight", seeds=range(1, 2),
                           players=[3], limit=400)
    assert witness is not None and witness.policy == "eager" and len(witness.actions) == 146
    assert "who acts next differs" in witness.difference


@pytest.mark.rules("cities_knights/barbarian-strength", "cities_knights/barbarians.strength")
def test_barbarian_strength_readings_disagree_on_the_named_seed() -> None:
    # 3 players, seed 49, eager: at step 822 the ship lands with 2 cities, one bearing the
    # metropolis, against 2 active knights: held under `cities`, a city pillaged (a card
    # back to the bank) under `plus-metropolis`
    amb = GAME.rules.get_ambiguity("cities_knights/barbarian-strength")
    assert amb.witness is not None and amb.no_witness is None
    witness = find_witness(GAME, "cities_knights/barbarian-strength", seeds=[])
    assert witness is not None and (witness.players, witness.seed) == (3, 49)
    assert len(witness.actions) == 822 and witness.actions[-1]["type"] == "EventDie"
    assert witness.difference.startswith("the state differs at $.bank[0]: 13 vs 14")


@pytest.mark.rules("cities_knights/level-four-city", "cities_knights/improvement.city")
def test_level_four_city_readings_disagree_on_the_named_seed() -> None:
    # 4 players, seed 98, eager: at step 1955 player 1's one city bears the science
    # metropolis and he can pay politics level 4, whose metropolis player 0 holds at 4:
    # only `if-metropolis` lets him buy it
    amb = GAME.rules.get_ambiguity("cities_knights/level-four-city")
    assert amb.witness is not None and amb.no_witness is None
    witness = find_witness(GAME, "cities_knights/level-four-city", seeds=[])
    assert witness is not None and (witness.players, witness.seed) == (4, 98)
    assert len(witness.actions) == 1955
    assert witness.difference == (
        "the legal choices differ: legal only under level-four-city=always (0): none; legal"
        ' only under level-four-city=if-metropolis (1): {"kind":1,"type":"Improve"}')


@pytest.mark.rules("cities_knights/reduced-city-stock", "cities_knights/barbarians.loss")
def test_reduced_city_stock_readings_disagree_on_the_directed_game() -> None:
    # no seeded game lost a city for a player with his 5 settlements on the board: the
    # registry records the game a directed search found (3 players, seed 0's chance, the
    # players' choices); its last step reduces such a player's city on intersection 31
    amb = GAME.rules.get_ambiguity("cities_knights/reduced-city-stock")
    known = amb.witness
    assert known is not None and known.policy == DIRECTED and amb.no_witness is None
    witness = find_witness(GAME, "cities_knights/reduced-city-stock", seeds=[])
    assert witness is not None and (witness.players, witness.seed) == (3, 0)
    assert witness.actions[-1] == {"node": 31, "type": "ReduceCity"}
    assert witness.difference.startswith("the state differs at $.node_level[31]: 1 vs 0")
    actions = list(directed_actions(GAME, GAME.config(3, {}), known))
    assert [unstructure(a) for a in actions] == list(witness.actions)
    for reading, kept in (("on-side", True), ("removed", False)):
        state = GAME.setup(GAME.config(3, {"reduced-city": reading}))
        for action in actions[:-1]:
            state = GAME.apply(state, action)
        p = state.queue[0]
        assert state.stage is Stage.REDUCE and state.players[p].settlements == 5
        state = GAME.apply(state, actions[-1])
        assert (state.node_owner[31] == p) is kept
        assert state.players[p].settlements == (6 if kept else 5)


@pytest.mark.rules("cities_knights/progress-nothing-chosen", "cities_knights/progress.inventor")
def test_nothing_chosen_readings_disagree_on_a_seeded_game() -> None:
    # 3 players, seed 8, eager: at step 55 an Inventor's player has chosen hex 14 and may
    # swap it with hex 5, which bears the same number, only under `allowed`
    witness = find_witness(GAME, "cities_knights/progress-nothing-chosen", seeds=[8],
                           players=[3])
    assert witness is not None and witness.policy == "eager" and len(witness.actions) == 55
    assert 'legal only under nothing-chosen=allowed (1): {"hex":5,"type":"ChooseHex"}' \
        in witness.difference
