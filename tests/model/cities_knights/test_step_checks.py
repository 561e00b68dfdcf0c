"""The step invariants that recompute the roll's summarised steps from the state before
(the barbarian attack, production with commodities, the 7 with walls, the aqueduct): each
holds on the worked examples and flags the outcome a wrong model would give."""

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.actions import Dice, RollDice
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.actions import ChooseCard, EventDie
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core.rules import RuleBook
from rules_oracle.model.core.stated import states
from rules_oracle.properties.cities_knights import (
    STATED,
    TRANSITION_INVARIANTS,
    aqueduct_card,
    barbarian_attack,
    production,
)
from tests.model.cities_knights.helpers import cards, make

ROADS = {B.NODE_PATHS[n][0]: p for n, p in ((0, 0), (10, 1), (40, 2), (2, 0), (46, 1))}
# hex 11 mountains 8: 20 26 32 37 31 25; hex 12 forest 8: 28 34 39 43 38 33
SETTLED = {"settlements": {20: 0}, "cities": {34: 1, 31: 2},
           "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[31][0]: 2, B.NODE_PATHS[34][0]: 1}}


def event(state: CKState, white: int, red: int, face: int = D.SHIP) -> tuple[CKState, CKState]:
    """The state before the event die and the one after it, from a pre-roll state."""
    before = GAME.apply(GAME.apply(state, RollDice()), Dice(white, red))
    return before, GAME.apply(before, EventDie(face))


def _defenders(state: CKState, seat: int, n: int) -> CKState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], defenders=n)
    return attrs.evolve(state, players=tuple(players))


def _hand(state: CKState, seat: int, hand: tuple[int, ...]) -> CKState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], hand=hand)
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.rules("cities_knights/barbarians.defence", "cities_knights/barbarians.defender")
def test_a_won_attacks_defender_is_recomputed() -> None:
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
             knights={3: (0, 2, True), 11: (1, 1, True)})
    before, after = event(s, 1, 1)
    assert after.players[0].defenders == 1
    assert barbarian_attack(before, EventDie(D.SHIP), after) == []
    # the card given to the other player, or to nobody, or the ship left standing
    wrong = _defenders(_defenders(after, 0, 0), 1, 1)
    assert barbarian_attack(before, EventDie(D.SHIP), wrong)
    assert barbarian_attack(before, EventDie(D.SHIP), _defenders(after, 0, 0))
    assert barbarian_attack(before, EventDie(D.SHIP), attrs.evolve(after, barbarians=6))


@pytest.mark.rules("cities_knights/barbarians.tie", "cities_knights/barbarians.loss")
def test_a_tie_defends_and_the_weakest_lose_a_city() -> None:
    # 2 cities, knight strength 2: a tie of knights and cities defends
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
             knights={3: (0, 1, True), 11: (1, 1, True)})
    before, after = event(s, 1, 1)
    assert after.draws == ((0, -1), (1, -1))
    assert barbarian_attack(before, EventDie(D.SHIP), after) == []
    lost = attrs.evolve(after, draws=(), queue=(0, 1), stage=Stage.REDUCE)
    assert barbarian_attack(before, EventDie(D.SHIP), lost)
    # 3 cities, strength 1: lost; the players without knights (0 and 1) reduce
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1, 40: 2}, roads=ROADS, barbarians=6,
             knights={41: (2, 1, True)})
    before, after = event(s, 1, 1)
    assert after.queue == (0, 1)
    assert barbarian_attack(before, EventDie(D.SHIP), after) == []
    assert barbarian_attack(before, EventDie(D.SHIP), attrs.evolve(after, queue=(2,)))
    assert barbarian_attack(before, EventDie(D.SHIP),
                            attrs.evolve(after, queue=(), stage=Stage.MAIN))
    assert barbarian_attack(before, EventDie(D.SHIP), _defenders(after, 2, 1))
    # a ship that does not reach the end of the track is no attack
    s = make(stage=Stage.PRE_ROLL, cities={0: 0}, roads=ROADS, barbarians=2)
    before, after = event(s, 1, 1)
    assert barbarian_attack(before, EventDie(D.SHIP), _defenders(after, 0, 1)) == []


@pytest.mark.rules("cities_knights/robber.discard", "cities_knights/wall.discard-limit")
def test_a_sevens_discards_count_each_wall() -> None:
    s = make(stage=Stage.PRE_ROLL, hands={1: cards(ore=4, paper=5), 2: cards(ore=9)},
             walls=(31,), **SETTLED)  # type: ignore[arg-type]
    before, after = event(s, 3, 4)
    assert after.discards == (0, 4, 0)
    assert production(before, EventDie(D.SHIP), after) == []
    # the wall ignored: player 2 discarding half of his 9
    assert production(before, EventDie(D.SHIP), attrs.evolve(after, discards=(0, 4, 4)))
    assert production(before, EventDie(D.SHIP), _hand(after, 1, cards(ore=4)))


@pytest.mark.rules("cities_knights/production.commodity", "cities_knights/production.shortage")
def test_production_pays_a_commodity_to_a_city_on_forest() -> None:
    s = make(stage=Stage.PRE_ROLL, **SETTLED)  # type: ignore[arg-type]
    before, after = event(s, 4, 4)  # 8: hex 11 mountains and hex 12 forest
    assert after.players[1].hand == cards(lumber=1, paper=1)
    assert after.players[2].hand == cards(ore=1, coin=1)
    assert production(before, EventDie(D.SHIP), after) == []
    two_lumber = _hand(after, 1, cards(lumber=2))
    assert production(before, EventDie(D.SHIP), attrs.evolve(
        two_lumber, bank=tuple(b - (c == 0) + (c == D.PAPER) for c, b in enumerate(after.bank))))
    # a paper short in the bank: the single player owed it gets what is left (none)
    short = attrs.evolve(s, bank=tuple(0 if c == D.PAPER else b for c, b in enumerate(s.bank)))
    before, after = event(short, 4, 4)
    assert after.players[1].hand == cards(lumber=1)
    assert production(before, EventDie(D.SHIP), after) == []


@pytest.mark.rules("cities_knights/improvement.aqueduct")
def test_the_aqueducts_queue_and_card_are_recomputed() -> None:
    s = make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, **SETTLED)  # type: ignore[arg-type]
    before, after = event(s, 1, 1)  # 2: nobody produces
    assert after.stage is Stage.AQUEDUCT and after.queue == (0,)
    assert production(before, EventDie(D.SHIP), after) == []
    assert production(before, EventDie(D.SHIP),
                      attrs.evolve(after, queue=(), stage=Stage.MAIN))
    chosen = GAME.apply(after, ChooseCard(2))
    assert aqueduct_card(after, ChooseCard(2), chosen) == []
    assert aqueduct_card(after, ChooseCard(2), _hand(chosen, 0, cards(wool=2)))
    assert aqueduct_card(after, ChooseCard(2), _hand(chosen, 1, cards(ore=1)))
    # level 2: no aqueduct
    s = make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 2)}, **SETTLED)  # type: ignore[arg-type]
    before, after = event(s, 1, 1)
    assert after.stage is Stage.MAIN
    assert production(before, EventDie(D.SHIP),
                      attrs.evolve(after, queue=(0,), stage=Stage.AQUEDUCT))


def test_the_step_checks_are_transition_invariants() -> None:
    assert {barbarian_attack, production, aqueduct_card} <= set(TRANSITION_INVARIANTS)


def test_the_step_checks_numbers_stand_in_their_quotes() -> None:
    from rules_oracle.model.catan.rules import RULES as CATAN
    from rules_oracle.model.cities_knights.rules import RULES as CK

    books: dict[str, RuleBook] = {"catan": CATAN, "cities_knights": CK}
    for stated in STATED:
        rule = books[stated.rule.split("/")[0]][stated.rule]
        assert all(states(rule.quote, n) for n in stated.numbers()), stated
        assert not states(rule.quote, stated.numbers()[-1] + 1), stated
