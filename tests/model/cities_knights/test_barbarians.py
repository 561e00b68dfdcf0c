"""The barbarians: the track, an attack won (Defender), tied (progress cards), lost
(cities reduced, walls lost, metropolises immune), and the reset."""

import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.actions import Dice, RollDice
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import ChooseDeck, DrawProgress, EventDie, ReduceCity
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from tests.model.cities_knights.helpers import make, rule_of

ROADS = {B.NODE_PATHS[n][0]: p for n, p in ((0, 0), (10, 1), (40, 2), (2, 0), (46, 1))}


def ship(state: CKState) -> CKState:
    state = GAME.apply(GAME.apply(state, RollDice()), Dice(1, 1))
    return GAME.apply(state, EventDie(D.SHIP))


@pytest.mark.rules("cities_knights/barbarians.move", "cities_knights/barbarians.track")
def test_a_ship_moves_the_barbarians_one_step() -> None:
    s = ship(make(stage=Stage.PRE_ROLL, cities={0: 0}, roads=ROADS))
    assert s.barbarians == 1 and not s.attacked
    s = ship(make(stage=Stage.PRE_ROLL, cities={0: 0}, roads=ROADS, barbarians=5))
    assert s.barbarians == 6 and not s.attacked


@pytest.mark.rules("cities_knights/barbarians.strength", "cities_knights/barbarians.defence",
                   "cities_knights/barbarians.defender", "cities_knights/barbarians.reset")
def test_attack_won_gives_the_sole_strongest_a_defender() -> None:
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
             knights={3: (0, 2, True), 11: (1, 1, True), 15: (1, 1, False)})
    s = ship(s)
    assert s.attacked and s.barbarians == 0 and not any(s.knight_active)
    assert s.players[0].defenders == 1 and s.defenders_left == 5
    assert GAME.scores(s)[0] == 3 and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/barbarians.tie", "cities_knights/progress.decks")
def test_attack_won_with_a_tie_gives_each_tied_player_a_progress_card() -> None:
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
             knights={3: (0, 1, True), 11: (1, 1, True)})
    s = ship(s)
    assert s.stage is Stage.DRAWS and s.draws == ((0, -1), (1, -1)) and GAME.actor(s) == 0
    s = GAME.apply(s, ChooseDeck(D.SCIENCE))
    outcomes = dict(GAME.chance_outcomes(s))
    assert sum(outcomes.values()) == 1 and DrawProgress(D.PRINTER) in outcomes
    s = GAME.apply(s, DrawProgress(D.PRINTER))
    assert s.players[0].vp_cards == 1 and sum(s.players[0].progress) == 0
    assert GAME.actor(s) == 1
    s = GAME.apply(s, ChooseDeck(D.TRADE))
    assert rule_of(s, DrawProgress(D.SPY)) == RB.PROGRESS_DECKS  # no gate: the trade deck's
    s = GAME.apply(s, DrawProgress(D.MERCHANT))
    assert s.players[1].progress[D.MERCHANT] == 1 and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/barbarians.loss", "cities_knights/wall.lost",
                   "cities_knights/metropolis.immune", "cities_knights/barbarians.immune")
def test_attack_lost_reduces_a_city_of_each_weakest_but_not_a_metropolis() -> None:
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 2: 0, 10: 1, 40: 2}, roads=ROADS,
             barbarians=6, walls=(0,), metropolis=(40, -1, -1), levels={2: (4, 0, 0)},
             knights={11: (1, 1, True)})
    s = ship(s)
    # player 2's only city is a metropolis: immune; player 0 (0) is weakest; 1 has 1
    assert s.stage is Stage.REDUCE and s.queue == (0,)
    assert rule_of(s, ReduceCity(40)) == RB.METROPOLIS_IMMUNE
    assert rule_of(s, ReduceCity(10)) == RB.BARBARIANS_LOSS
    s = GAME.apply(s, ReduceCity(0))
    assert s.node_level[0] == 1 and not s.walls[0] and s.players[0].walls == 0
    assert s.players[0].cities == 1 and s.players[0].settlements == 1
    assert s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/loss-among", "cities_knights/barbarians.immune",
                   "cities_knights/barbarians.loss")
def test_attack_lost_the_weakest_is_sought_among_players_with_a_city() -> None:
    # player 2 has no city and no knight (strength 0, the lowest of all) and is spared;
    # of the others player 0 (strength 1) is the weakest and loses a city, not nobody
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 2: 0, 10: 1, 46: 1}, settlements={40: 2},
             roads=ROADS, barbarians=6, knights={3: (0, 1, True), 11: (1, 2, True)})
    s = ship(s)  # 4 cities against 3
    assert s.stage is Stage.REDUCE and s.queue == (0,)
    s = GAME.apply(s, ReduceCity(2))
    assert s.players[0].cities == 1 and s.players[1].cities == 2 and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/barbarians.loss", "cities_knights/attack-losers")
def test_attack_lost_all_tied_weakest_lose_or_one_by_variant() -> None:
    base = {"cities": {0: 0, 10: 1, 40: 2}, "roads": ROADS, "barbarians": 6,
            "stage": Stage.PRE_ROLL, "knights": {41: (2, 1, True)}}
    s = ship(make(**base))  # type: ignore[arg-type]
    assert s.queue == (0, 1)
    s = ship(make(variant={"losers": "one"}, **base))  # type: ignore[arg-type]
    assert s.queue == (0,)


@pytest.mark.rules("cities_knights/one-event-order", "cities_knights/barbarians.tie",
                   "cities_knights/improvement.aqueduct")
def test_players_acting_on_one_event_go_in_turn_order_from_the_roller() -> None:
    # player 1 rolls: the tied defenders 0 and 1 draw from player 1 on
    s = make(stage=Stage.PRE_ROLL, turn=1, cities={0: 0, 10: 1}, roads=ROADS, barbarians=6,
             knights={3: (0, 1, True), 11: (1, 1, True)})
    s = ship(s)
    assert s.draws == ((1, -1), (0, -1)) and GAME.actor(s) == 1
    # a roll of 2 gives nobody anything: the aqueduct's picks from player 1 on
    s = make(stage=Stage.PRE_ROLL, turn=1, cities={0: 0, 10: 1, 40: 2}, roads=ROADS,
             levels={0: (0, 0, 3), 1: (0, 0, 3), 2: (0, 0, 3)})
    s = ship(s)
    assert s.stage is Stage.AQUEDUCT and s.queue == (1, 2, 0) and GAME.actor(s) == 1


@pytest.mark.rules("cities_knights/barbarians.defender")
def test_defender_by_count_variant() -> None:
    base = {"cities": {0: 0, 10: 1}, "roads": ROADS, "barbarians": 6, "stage": Stage.PRE_ROLL,
            "knights": {3: (0, 3, True), 11: (1, 1, True), 15: (1, 1, True)}}
    assert ship(make(**base)).players[0].defenders == 1  # type: ignore[arg-type]
    s = ship(make(variant={"defender": "count"}, **base))  # type: ignore[arg-type]
    assert s.players[1].defenders == 1


@pytest.mark.rules("cities_knights/dice.gate-draw", "cities_knights/progress.off-turn")
def test_gate_draws_by_level_and_red_die_and_off_turn_limit() -> None:
    from tests.model.cities_knights.helpers import progress

    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS,
             levels={0: (0, 0, 1), 1: (0, 0, 2), 2: (0, 0, 0)},
             held={1: progress(crane=2, smith=2)})
    s = GAME.apply(GAME.apply(s, RollDice()), Dice(1, 3))
    s = GAME.apply(s, EventDie(3))  # science gate, red 3: level 2 or more draws
    assert s.draws == ((1, D.SCIENCE),)
    s = GAME.apply(s, DrawProgress(D.MINING))
    assert s.stage is Stage.PROGRESS_DISCARD and GAME.actor(s) == 1
    from rules_oracle.model.cities_knights.actions import DiscardProgress

    assert rule_of(s, DiscardProgress(D.SPY)) == RB.PROGRESS_OFF_TURN
    s = GAME.apply(s, DiscardProgress(D.CRANE))
    assert s.stage is Stage.MAIN and sum(s.players[1].progress) == 4


@pytest.mark.rules("cities_knights/barbarian-strength", "cities_knights/barbarians.strength",
                   "cities_knights/barbarians.defender")
def test_a_metropolis_counts_once_or_once_more_by_reading() -> None:
    # 2 cities, one a metropolis; active knights of strength 2 in all
    base = {"cities": {0: 0, 40: 2}, "roads": ROADS, "barbarians": 6,
            "stage": Stage.PRE_ROLL, "metropolis": (40, -1, -1), "levels": {2: (4, 0, 0)},
            "knights": {3: (0, 2, True)}}
    won = ship(make(**base))  # type: ignore[arg-type]
    assert won.players[0].defenders == 1 and won.stage is Stage.MAIN
    # b = s + m with s counting every city: strength 3 beats the knights' 2
    lost = ship(make(variant={"barbarian-strength": "plus-metropolis"},
                     **base))  # type: ignore[arg-type]
    assert lost.players[0].defenders == 0 and lost.stage is Stage.REDUCE
    assert lost.queue == (0,)

