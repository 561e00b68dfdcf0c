"""Production on the beginner board, the bank shortage, the 7: discards, robber, steal."""

from fractions import Fraction

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    BuildRoad,
    Dice,
    Discard,
    EndTurn,
    MoveRobber,
    RollDice,
    Steal,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import Stage
from tests.model.catan.helpers import cards, hand, make, rule_of

# hex 11 mountains 8: corners 20 26 32 37 31 25; hex 12 forest 8: 28 34 39 43 38 33
SETTLED = {"settlements": {20: 0, 31: 2, 43: 2}, "cities": {34: 1},
           "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[31][0]: 2, B.NODE_PATHS[43][0]: 2,
                     B.NODE_PATHS[34][0]: 1}}


def rolled(state: object, white: int, red: int) -> object:
    return GAME.apply(GAME.apply(state, RollDice()), Dice(white, red))  # type: ignore[arg-type]


@pytest.mark.rules("catan/turn.roll")
def test_roll_is_one_step_over_36_ordered_pairs() -> None:
    s = make(stage=Stage.PRE_ROLL, **SETTLED)
    s = GAME.apply(s, RollDice())
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {Fraction(1, 36)}
    assert outcomes[0][0] == Dice(1, 1) and outcomes[1][0] == Dice(1, 2)
    assert rule_of(s, Dice(0, 6)) == RB.TURN_ROLL
    assert rule_of(s, Dice(3, 7)) == RB.TURN_ROLL
    assert rule_of(s, Steal(0)) == RB.TURN_ACTOR


@pytest.mark.rules("catan/production.yield", "catan/turn.roll")
def test_an_eight_on_the_beginner_board() -> None:
    s = rolled(make(stage=Stage.PRE_ROLL, **SETTLED), 3, 5)
    # settlement 20 on mountains: 1 ore; city 34 on forest: 2 lumber;
    # settlements 31 (mountains) and 43 (forest): 1 ore and 1 lumber
    assert hand(s, 0) == cards(ore=1)
    assert hand(s, 1) == cards(lumber=2)
    assert hand(s, 2) == cards(lumber=1, ore=1)
    assert s.bank == (16, 19, 19, 19, 17)
    assert s.stage is Stage.MAIN and s.dice == (3, 5)


@pytest.mark.rules("catan/production.yield")
@pytest.mark.parametrize("terrain", [D.FOREST, D.HILLS, D.PASTURE, D.FIELDS, D.MOUNTAINS])
def test_each_terrain_yields_the_resource_its_rule_names(terrain: int) -> None:
    # the terrain-to-resource pairing stands in no project text: the rule must say it, and
    # a settlement on such a hex must get that resource when its number is rolled
    resource = D.YIELD[terrain]
    summary = RB.RULES[RB.PRODUCTION_YIELD].summary
    assert f"{D.TERRAINS[terrain]} {D.RESOURCES[resource]}" in summary
    h = D.BEGINNER_TERRAIN.index(terrain)
    number = D.BEGINNER_TOKENS[h]
    # a corner of the hex touching no other hex with its number
    node = next(n for n in B.HEX_NODES[h]
                if all(D.BEGINNER_TOKENS[o] != number for o in B.NODE_HEXES[n] if o != h))
    s = make(stage=Stage.PRE_ROLL, settlements={node: 1},
             roads={B.NODE_PATHS[node][0]: 1})
    white = max(1, number - 6)
    s = rolled(s, white, number - white)
    assert hand(s, 1) == tuple(int(r == resource) for r in range(D.N_RESOURCES))


@pytest.mark.rules("catan/production.robber")
def test_the_robber_blocks_its_hex() -> None:
    s = make(stage=Stage.PRE_ROLL, **SETTLED)
    s = rolled(attrs.evolve(s, robber=11), 4, 4)
    assert hand(s, 0) == cards() and hand(s, 1) == cards(lumber=2)


@pytest.mark.rules("catan/production.shortage", "catan/bank-shortage")
def test_bank_shortage_readings() -> None:
    # one ore left in the bank; 0 and 2 are owed ore: nobody gets it under either reading
    hands = {1: cards(ore=18)}
    for reading in ("one-owed", "nobody"):
        s = rolled(make(stage=Stage.PRE_ROLL, hands=hands, variant={"shortage": reading},
                        **SETTLED), 6, 2)
        assert hand(s, 0) == cards() and hand(s, 2) == cards(lumber=1)
        assert s.bank[4] == 1
    # only player 0 is owed ore (2 for a city), 1 is left: one-owed gets it, nobody does not
    alone = {"cities": {20: 0, 34: 1}, "roads": {B.NODE_PATHS[20][0]: 0,
                                                 B.NODE_PATHS[34][0]: 1}}
    s = rolled(make(stage=Stage.PRE_ROLL, hands=hands, **alone), 6, 2)
    assert hand(s, 0) == cards(ore=1) and s.bank[4] == 0
    s = rolled(make(stage=Stage.PRE_ROLL, hands=hands, variant={"shortage": "nobody"},
                    **alone), 6, 2)
    assert hand(s, 0) == cards() and s.bank[4] == 1


@pytest.mark.rules("catan/seven.discard", "catan/seven.discard-limit", "catan/discard-order")
def test_a_seven_with_discards() -> None:
    hands = {0: cards(lumber=5, ore=4), 1: cards(brick=8), 2: cards(wool=7)}
    s = rolled(make(stage=Stage.PRE_ROLL, hands=hands, **SETTLED), 3, 4)
    # 9 cards: discard 4; 8 cards: discard 4; 7 cards: none
    assert s.stage is Stage.DISCARD and s.discards == (4, 4, 0)
    assert GAME.actor(s) == 0
    assert GAME.legal_actions(s) == (Discard(0), Discard(4))
    assert rule_of(s, Discard(1)) == RB.SEVEN_DISCARD
    assert rule_of(s, Discard(9)) == RB.SEVEN_DISCARD
    assert rule_of(s, EndTurn()) == RB.SEVEN_DISCARD
    for r in (0, 0, 4, 4):
        s = GAME.apply(s, Discard(r))
    assert GAME.actor(s) == 1 and hand(s, 0) == cards(lumber=3, ore=2)
    for _ in range(4):
        s = GAME.apply(s, Discard(1))
    assert hand(s, 1) == cards(brick=4) and s.stage is Stage.ROBBER
    assert s.bank == (14 + 2, 11 + 4, 12, 19, 15 + 2)


@pytest.mark.rules("catan/seven.discard", "catan/seven.steal", "catan/seven-cards")
def test_a_seven_reaches_resource_cards_only() -> None:
    amb = GAME.rules.get_ambiguity("catan/seven-cards")
    assert amb.default == "resources" and amb.option is None
    # seat 1: 7 resource cards and 3 development cards; seat 2: 8 resource cards and 2
    # development cards (a victory point card among them); seat 0 rolls
    devs = {1: (2, 1, 0, 0, 0), 2: (1, 1, 0, 0, 0)}
    hands = {1: cards(brick=7), 2: cards(wool=8)}
    s = rolled(make(stage=Stage.PRE_ROLL, hands=hands, developments=devs, **SETTLED), 3, 4)
    assert s.discards == (0, 0, 4)
    assert GAME.legal_actions(s) == (Discard(2),)
    for _ in range(4):
        s = GAME.apply(s, Discard(2))
    assert s.players[2].developments == devs[2] and s.players[1].developments == devs[1]
    # seat 1 holds development cards but no resource card: no victim on its hexes
    s = rolled(make(stage=Stage.PRE_ROLL, developments=devs, **SETTLED), 3, 4)
    acts = GAME.legal_actions(s)
    assert MoveRobber(12, -1) in acts and MoveRobber(12, 1) not in acts
    assert rule_of(s, MoveRobber(12, 1)) == RB.SEVEN_STEAL
    s = rolled(make(stage=Stage.PRE_ROLL, hands={2: cards(ore=1)}, developments=devs,
                    **SETTLED), 3, 4)
    assert MoveRobber(12, 1) not in GAME.legal_actions(s)
    assert MoveRobber(12, 2) in GAME.legal_actions(s)
    s = GAME.apply(s, MoveRobber(12, 2))
    assert dict(GAME.chance_outcomes(s)) == {Steal(4): Fraction(1)}


@pytest.mark.rules("catan/seven.robber", "catan/seven.steal")
def test_robber_move_and_steal() -> None:
    hands = {1: cards(lumber=1), 2: cards(grain=2, ore=1)}
    s = rolled(make(stage=Stage.PRE_ROLL, hands=hands, **SETTLED), 1, 6)
    assert s.stage is Stage.ROBBER and GAME.actor(s) == 0
    acts = GAME.legal_actions(s)
    assert MoveRobber(11, 2) in acts and MoveRobber(11, -1) not in acts
    assert MoveRobber(12, 1) in acts and MoveRobber(12, 2) in acts
    assert MoveRobber(0, -1) in acts and all(a.hex != 9 for a in acts)
    assert rule_of(s, MoveRobber(9, -1)) == RB.SEVEN_ROBBER  # must move
    assert rule_of(s, MoveRobber(11, -1)) == RB.SEVEN_STEAL  # a victim is there
    assert rule_of(s, MoveRobber(11, 1)) == RB.SEVEN_STEAL  # 1 has no building on 11
    assert rule_of(s, MoveRobber(0, 2)) == RB.SEVEN_STEAL
    assert rule_of(s, BuildRoad(0)) == RB.SEVEN_ROBBER
    s = GAME.apply(s, MoveRobber(11, 2))
    assert s.robber == 11 and s.stage is Stage.STEAL
    assert dict(GAME.chance_outcomes(s)) == {Steal(3): Fraction(2, 3), Steal(4): Fraction(1, 3)}
    assert rule_of(s, Steal(0)) == RB.SEVEN_STEAL
    s = GAME.apply(s, Steal(3))
    assert hand(s, 0) == cards(grain=1) and hand(s, 2) == cards(grain=1, ore=1)
    assert s.stage is Stage.MAIN
    # a hex with nobody to rob: no steal step
    s2 = rolled(make(stage=Stage.PRE_ROLL, **SETTLED), 1, 6)
    s2 = GAME.apply(s2, MoveRobber(11, -1))
    assert s2.stage is Stage.MAIN and s2.robber == 11


@pytest.mark.rules("catan/seven.robber", "catan/friendly-robber")
def test_friendly_robber_spares_small_players() -> None:
    s = rolled(make(stage=Stage.PRE_ROLL, variant={"robber": "friendly"}, **SETTLED), 1, 6)
    hexes = {a.hex for a in GAME.legal_actions(s)}
    # players 1 (2 points: a city) and 2 (2 points) are protected; player 0 is the mover
    assert 11 not in hexes and 12 not in hexes and 0 in hexes
    assert rule_of(s, MoveRobber(12, -1)) == RB.SEVEN_ROBBER
    standard = rolled(make(stage=Stage.PRE_ROLL, **SETTLED), 1, 6)
    assert 12 in {a.hex for a in GAME.legal_actions(standard)}
