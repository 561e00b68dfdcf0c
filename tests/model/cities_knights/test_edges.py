"""Edge cases: exceptions and exhausted stocks the rules and registered readings settle."""

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.actions import Dice, MoveRobber, RollDice
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    ChaseRobber,
    ChooseCard,
    ChooseHex,
    ChooseNode,
    ChoosePath,
    ChoosePlayer,
    DiscardProgress,
    DrawProgress,
    EndTurn,
    EventDie,
    Improve,
    MoveKnight,
    PlayProgress,
    ReduceCity,
    Stop,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.observation import PlayerView
from rules_oracle.model.cities_knights.progress import open_roads
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.properties.cities_knights import pieces as piece_limits
from tests.model.cities_knights.helpers import cards, chain, make, progress, rule_of

LINE = chain(0, 3, 7, 12, 17)
BOARD = {"cities": {0: 0, 40: 1}, "roads": {**dict.fromkeys(LINE, 0), B.NODE_PATHS[40][0]: 1}}


@pytest.mark.rules("cities_knights/knight-action-time", "cities_knights/knight.chase",
                   "cities_knights/knight.move")
def test_knights_act_after_the_roll_only() -> None:
    # player 0's knight on 7, active since before the turn, touches the robber's hex 3
    s = attrs.evolve(make(knights={7: (0, 1, True)}, attacked=True, **BOARD),  # type: ignore
                     robber=3)
    assert ChaseRobber(7) in GAME.legal_actions(s) and MoveKnight(7) in GAME.legal_actions(s)
    before = attrs.evolve(s, stage=Stage.PRE_ROLL, dice=(0, 0))
    assert GAME.legal_actions(before) == (RollDice(),)
    assert rule_of(before, ChaseRobber(7)) == RB.TURN_ACTOR
    assert rule_of(before, MoveKnight(7)) == RB.TURN_ACTOR


@pytest.mark.rules("cities_knights/knight-action-time", "cities_knights/knight.chase",
                   "cities_knights/knight.move", "cities_knights/robber.not-before-attack")
def test_the_knight_errant_variant_chases_the_robber_before_the_roll() -> None:
    # knight-time=chase-before-roll: the knight on 7 (active since before the turn) touching
    # the robber's hex 3 chases it before the roll; moving stays after the roll
    s = attrs.evolve(make(knights={7: (0, 1, True)}, attacked=True,  # type: ignore
                          variant={"knight-time": "chase-before-roll"}, **BOARD),
                     robber=3, stage=Stage.PRE_ROLL, dice=(0, 0))
    assert GAME.legal_actions(s) == (RollDice(), ChaseRobber(7))
    assert rule_of(s, MoveKnight(7)) == RB.TURN_ACTOR
    chased = GAME.apply(s, ChaseRobber(7))
    assert chased.stage is Stage.ROBBER and chased.knight_node == 7
    assert not chased.knight_active[7]
    hexes = {a.hex for a in GAME.legal_actions(chased) if isinstance(a, MoveRobber)}
    after = GAME.apply(chased, next(a for a in GAME.legal_actions(chased)
                                    if isinstance(a, MoveRobber) and a.victim == -1))
    # back to the roll still to come, the knight spent: no second chase by it
    assert after.stage is Stage.PRE_ROLL and after.robber in hexes and after.robber != 3
    assert GAME.legal_actions(after) == (RollDice(),)
    # not before the first attack, nor with a knight activated this turn
    assert GAME.legal_actions(attrs.evolve(s, attacked=False)) == (RollDice(),)
    fresh = attrs.evolve(s, knight_marks=tuple(1 if n == 7 else 0 for n in range(B.N_NODES)))
    assert GAME.legal_actions(fresh) == (RollDice(),)
    assert rule_of(fresh, ChaseRobber(7)) == RB.KNIGHT_CHASE
    assert rule_of(attrs.evolve(s, attacked=False), ChaseRobber(7)) \
        == RB.ROBBER_NOT_BEFORE_ATTACK


@pytest.mark.rules("cities_knights/progress.deserter", "cities_knights/knight.mighty")
def test_deserter_brings_a_mighty_knight_without_the_fortress() -> None:
    s = make(held={0: progress(deserter=1)}, knights={41: (1, 3, True)}, **BOARD)  # type: ignore
    s = GAME.apply(GAME.apply(s, PlayProgress(D.DESERTER)), ChoosePlayer(1))
    s = GAME.apply(GAME.apply(s, ChooseNode(41)), ChooseNode(12))
    assert s.knight_level[12] == 3 and s.players[0].levels[D.POLITICS] == 0


@pytest.mark.rules("cities_knights/progress.warlord", "cities_knights/knight.no-act-when-activated",
                   "cities_knights/warlord-activated")
def test_warlords_knights_take_no_action_this_turn() -> None:
    s = make(held={0: progress(warlord=1)}, knights={7: (0, 1, False)}, **BOARD)  # type: ignore
    s = GAME.apply(s, PlayProgress(D.WARLORD))
    assert s.knight_active[7] and rule_of(s, MoveKnight(7)) == RB.KNIGHT_NO_ACT_WHEN_ACTIVATED
    free = make(held={0: progress(warlord=1)}, knights={7: (0, 1, False)},  # type: ignore
                variant={"warlord": "may-act"}, **BOARD)
    free = GAME.apply(free, PlayProgress(D.WARLORD))
    assert free.knight_active[7] and free.knight_marks[7] == 8
    assert GAME.apply(free, MoveKnight(7)).stage is Stage.KNIGHT
    # no chase: "пока они были активны до начала вашего хода" (hex 3 touches 7)
    chase = attrs.evolve(free, robber=3, attacked=True)
    assert ChaseRobber(7) not in GAME.legal_actions(chase)
    assert rule_of(chase, ChaseRobber(7)) == RB.KNIGHT_CHASE


@pytest.mark.rules("cities_knights/progress.deserter", "cities_knights/deserter-knight")
def test_deserters_knight_comes_inactive_or_as_the_removed_one() -> None:
    for variant, active in (({}, False), ({"deserter-knight": "as-removed"}, True)):
        s = make(held={0: progress(deserter=1)}, knights={41: (1, 2, True)},  # type: ignore
                 variant=variant, **BOARD)
        s = GAME.apply(GAME.apply(s, PlayProgress(D.DESERTER)), ChoosePlayer(1))
        s = GAME.apply(GAME.apply(s, ChooseNode(41)), ChooseNode(12))
        assert s.knight_level[12] == 2 and s.knight_active[12] is active


@pytest.mark.rules("cities_knights/knight.chase", "cities_knights/knight.no-act-when-activated",
                   "cities_knights/deserter-knight", "cities_knights/progress.deserter")
def test_deserters_active_knight_takes_no_action_the_turn_it_came() -> None:
    """Under deserter-knight=as-removed the Deserter's knight comes active in the turn it is
    placed: no action that turn ("Вы НЕ МОЖЕТЕ разместить рыцаря, активировать рыцаря и
    выполнить действие рыцаря"), no chase ("пока они были активны до начала вашего хода")."""
    for act in ("activated", "placed-and-activated"):
        s = make(held={0: progress(deserter=1)}, knights={41: (1, 2, True)},  # type: ignore
                 variant={"deserter-knight": "as-removed", "knight-act": act}, attacked=True,
                 **BOARD)
        s = GAME.apply(GAME.apply(s, PlayProgress(D.DESERTER)), ChoosePlayer(1))
        s = GAME.apply(GAME.apply(s, ChooseNode(41)), ChooseNode(12))
        robber = next(h for h in B.NODE_HEXES[12] if h != s.robber)
        s = attrs.evolve(s, robber=robber)
        legal = GAME.legal_actions(s)
        assert s.knight_active[12] and ChaseRobber(12) not in legal
        assert (
            MoveKnight(12) not in legal
            and rule_of(s, MoveKnight(12)) == RB.KNIGHT_NO_ACT_WHEN_ACTIVATED
        )
        assert rule_of(s, ChaseRobber(12)) == RB.KNIGHT_CHASE
        # the next turn it was active before the turn began: it moves and chases
        later = attrs.evolve(s, knight_marks=(0,) * B.N_NODES)
        assert {ChaseRobber(12), MoveKnight(12)} <= set(GAME.legal_actions(later))


@pytest.mark.rules("cities_knights/progress.play", "cities_knights/progress-play-count")
def test_progress_cards_any_number_a_turn_or_one() -> None:
    held = {0: progress(crane=1, warlord=1)}
    s = make(held=held, knights={7: (0, 1, False)}, **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(GAME.apply(s, PlayProgress(D.CRANE)), PlayProgress(D.WARLORD))
    assert s.crane and s.knight_active[7] and not s.played
    one = make(held=held, knights={7: (0, 1, False)},  # type: ignore[arg-type]
               variant={"progress-play": "one"}, **BOARD)
    one = GAME.apply(one, PlayProgress(D.CRANE))
    assert one.played and rule_of(one, PlayProgress(D.WARLORD)) == RB.PROGRESS_PLAY
    assert GAME.observe(one, "public").progress_played_this_turn  # type: ignore[union-attr]
    ended = GAME.apply(one, EndTurn())
    assert not ended.played and ended.fresh == ()


ROADS = {B.NODE_PATHS[n][0]: p for n, p in ((0, 0), (10, 1), (40, 2), (2, 0), (46, 1))}


def _draw_on_own_turn(variant: dict[str, str]) -> CKState:
    """Player 0 (science level 2) draws a Mining on his own turn's science gate."""
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 10: 1}, roads=ROADS,
             levels={0: (0, 0, 2), 1: (0, 0, 0), 2: (0, 0, 0)},
             held={0: progress(crane=3, smith=2)}, variant=variant)
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(1, 3)), EventDie(3))
    assert s.draws == ((0, D.SCIENCE),)
    return GAME.apply(s, DrawProgress(D.MINING))


@pytest.mark.rules("cities_knights/progress-play-count", "cities_knights/dice.gate-draw")
def test_a_card_drawn_this_turn_is_playable_unless_one_a_turn() -> None:
    s = _draw_on_own_turn({"own-turn-hand": "discard-at-end"})
    assert s.stage is Stage.MAIN and s.fresh == ()
    assert GAME.apply(s, PlayProgress(D.MINING)).under[D.SCIENCE] == (D.MINING,)
    one = _draw_on_own_turn({"progress-play": "one", "own-turn-hand": "discard-at-end"})
    assert one.stage is Stage.MAIN and one.fresh == (D.MINING,)
    assert rule_of(one, PlayProgress(D.MINING)) == RB.PROGRESS_PLAY
    view = GAME.observe(one, 0)
    assert isinstance(view, PlayerView) and view.gained_this_turn == (D.MINING,)
    assert GAME.apply(one, PlayProgress(D.CRANE)).played  # held before the turn


@pytest.mark.rules("cities_knights/progress.hand-limit", "cities_knights/own-turn-hand")
def test_more_than_five_on_ones_turn_until_its_end_or_at_once() -> None:
    s = _draw_on_own_turn({"own-turn-hand": "discard-at-end"})
    assert s.stage is Stage.MAIN and sum(s.players[0].progress) == 6
    # "у вас может быть 5 в свой ход": a 6th is discarded at once (the default)
    five = _draw_on_own_turn({})
    assert five.stage is Stage.PROGRESS_DISCARD and GAME.actor(five) == 0
    assert rule_of(five, DiscardProgress(D.SPY)) == RB.PROGRESS_HAND_LIMIT
    five = GAME.apply(five, DiscardProgress(D.CRANE))
    assert five.stage is Stage.MAIN and sum(five.players[0].progress) == 5


@pytest.mark.rules("cities_knights/displaced-knight", "cities_knights/knight.displace")
def test_a_displaced_knight_with_no_place_is_removed() -> None:
    # player 1's only road is the one his knight stands at, between 8 and 12; the
    # intersection 8 holds his city, so no empty place is left at his roads once displaced
    roads = {**dict.fromkeys(LINE, 0), B.path_between(8, 12): 1}
    s = make(cities={0: 0, 8: 1}, roads=roads, knights={7: (0, 2, True), 12: (1, 1, False)})
    s = GAME.apply(GAME.apply(s, MoveKnight(7)), ChooseNode(12))
    assert s.stage is Stage.MAIN and s.players[1].knights == (0, 0, 0)


@pytest.mark.rules("cities_knights/reduced-city-stock", "cities_knights/barbarians.loss",
                   "cities_knights/victory.points")
def test_a_reduced_city_without_a_settlement_piece_is_turned_or_removed() -> None:
    sett = {n: 0 for n in (24, 30, 36, 42, 48)}
    s = make(stage=Stage.PRE_ROLL, cities={0: 0, 40: 1}, settlements=sett, barbarians=6,
             roads={**{B.NODE_PATHS[n][0]: 0 for n in (0, *sett)},
                    B.NODE_PATHS[40][0]: 1}, knights={41: (1, 1, True)})
    gone = attrs.evolve(s, config=GAME.config(3, {"reduced-city": "removed"}))
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(1, 1)), EventDie(D.SHIP))
    assert s.queue == (0,)
    s = GAME.apply(s, ReduceCity(0))
    # "Turn one of your cities on its side and treat it as a settlement" (default)
    assert s.node_owner[0] == 0 and s.node_level[0] == 1 and s.players[0].cities == 0
    assert s.players[0].settlements == 6 and s.players[0].vp == 6
    assert piece_limits(s) == [] and GAME.legal_actions(s)
    gone = GAME.apply(GAME.apply(GAME.apply(gone, RollDice()), Dice(1, 1)), EventDie(D.SHIP))
    gone = GAME.apply(gone, ReduceCity(0))
    assert gone.node_owner[0] == -1 and gone.players[0].cities == 0
    assert gone.players[0].settlements == 5 and gone.players[0].vp == 5
    assert piece_limits(gone) == []
    # the piece limit still holds for a settlement beyond the pieces under ``removed``
    assert piece_limits(attrs.evolve(gone, node_owner=s.node_owner, node_level=s.node_level,
                                     players=s.players))


@pytest.mark.rules("cities_knights/defender-cards-out", "cities_knights/barbarians.defender")
def test_no_defender_card_left() -> None:
    s = make(stage=Stage.PRE_ROLL, knights={3: (0, 3, True)}, barbarians=6, **BOARD)  # type: ignore
    s = attrs.evolve(s, defenders_left=0, players=(
        attrs.evolve(s.players[0], defenders=6), *s.players[1:]))
    out = attrs.evolve(s, config=GAME.config(s.config.players, {"defender-out": "nothing"}))
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(1, 1)), EventDie(D.SHIP))
    assert s.players[0].defenders == 7 and s.defenders_left == 0 and s.stage is Stage.MAIN
    out = GAME.apply(GAME.apply(GAME.apply(out, RollDice()), Dice(1, 1)), EventDie(D.SHIP))
    assert out.players[0].defenders == 6 and out.stage is Stage.MAIN
    assert s.players[0].vp == out.players[0].vp + 1  # the point past the 6 cards


@pytest.mark.rules("cities_knights/robber.move")
def test_robber_to_a_hex_nobody_can_be_robbed_on() -> None:
    s = make(attacked=True, stage=Stage.ROBBER, **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(s, MoveRobber(18, -1))
    assert s.robber == 18 and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.bishop")
def test_bishop_on_a_hex_without_cards_robs_nobody() -> None:
    s = make(held={0: progress(bishop=1)}, attacked=True, **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(GAME.apply(s, PlayProgress(D.BISHOP)), ChooseHex(14))
    assert s.robber == 14 and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.wedding", "cities_knights/two-from-one")
def test_wedding_giver_with_one_card_gives_one() -> None:
    s = make(held={0: progress(wedding=1)}, hands={1: cards(ore=1)}, settlements={50: 1},
             **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(GAME.apply(s, PlayProgress(D.WEDDING)), ChooseCard(4))
    assert s.players[0].hand == cards(ore=1) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/turn.actor")
def test_wrong_steps_name_the_actor_rule() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert rule_of(s, Dice(1, 1)) == RB.TURN_ACTOR
    assert rule_of(s, ChooseCard(0)) == RB.TURN_ACTOR
    assert rule_of(attrs.evolve(s, stage=Stage.PRE_ROLL), ChooseCard(0)) == RB.TURN_ACTOR
    assert rule_of(attrs.evolve(s, stage=Stage.DICE), RollDice()) == RB.TURN_ACTOR


@pytest.mark.rules("cities_knights/no-defenders", "cities_knights/barbarians.tie")
def test_no_reward_when_nobody_defends_no_city() -> None:
    s = make(stage=Stage.PRE_ROLL, settlements={0: 0, 40: 1}, barbarians=6,
             roads={B.NODE_PATHS[0][0]: 0, B.NODE_PATHS[40][0]: 1})
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(1, 1)), EventDie(D.SHIP))
    assert s.stage is Stage.MAIN and s.draws == () and s.attacked
    assert all(pl.defenders == 0 for pl in s.players)


@pytest.mark.rules("cities_knights/knight.build", "cities_knights/knight.activate",
                   "cities_knights/knight.promote")
def test_a_knight_built_may_be_activated_and_promoted_in_the_same_turn() -> None:
    from rules_oracle.model.cities_knights.actions import ActivateKnight, BuildKnight, PromoteKnight

    s = make(hands={0: cards(wool=2, ore=2, grain=1)}, **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(GAME.apply(GAME.apply(s, BuildKnight(7)), ActivateKnight(7)),
                   PromoteKnight(7))
    assert s.knight_level[7] == 2 and s.knight_active[7]
    assert rule_of(s, MoveKnight(7)) == RB.KNIGHT_NO_ACT_WHEN_ACTIVATED


@pytest.mark.rules("cities_knights/open-road", "cities_knights/progress.diplomat")
def test_an_open_road_has_an_end_without_its_owners_road_building_or_knight() -> None:
    # player 0's line from his city on 0 ends at his knight on 17; player 1's knight on 12
    # interrupts it, which leaves it closed (each end of each road meets his own piece)
    held = {0: progress(diplomat=1)}
    closed = make(held=held, knights={17: (0, 1, False), 12: (1, 1, False)}, **BOARD)
    assert not set(LINE) & set(open_roads(closed))
    # a rival's settlement at its end does not close the last road
    loose = make(held=held, settlements={17: 2}, **BOARD)
    assert LINE[-1] in open_roads(loose) and LINE[-2] not in open_roads(loose)
    assert ChoosePath(LINE[-1]) in GAME.legal_actions(GAME.apply(loose, PlayProgress(D.DIPLOMAT)))
    assert ChoosePath(LINE[-1]) not in GAME.legal_actions(
        GAME.apply(closed, PlayProgress(D.DIPLOMAT)))


@pytest.mark.rules("cities_knights/displaced-must-move", "cities_knights/knight.displace",
                   "cities_knights/progress.intrigue")
def test_a_displaced_knight_with_a_free_place_is_moved_not_removed() -> None:
    roads = {**BOARD["roads"], B.path_between(40, 45): 1}
    s = make(held={0: progress(intrigue=1)}, cities=BOARD["cities"], roads=roads,
             knights={12: (1, 1, True)})
    s = GAME.apply(GAME.apply(s, PlayProgress(D.INTRIGUE)), ChooseNode(12))
    assert s.stage is Stage.DISPLACED and GAME.legal_actions(s)
    assert all(isinstance(a, ChooseNode) for a in GAME.legal_actions(s))
    assert rule_of(s, Stop()) == RB.PROGRESS_INTRIGUE
    k = make(cities=BOARD["cities"], roads=roads, knights={7: (0, 2, True), 12: (1, 1, True)})
    k = GAME.apply(GAME.apply(k, MoveKnight(7)), ChooseNode(12))
    assert k.stage is Stage.DISPLACED and rule_of(k, Stop()) == RB.KNIGHT_DISPLACE


@pytest.mark.rules("cities_knights/metropolis-claim", "cities_knights/metropolis.first")
def test_the_first_to_level_four_places_the_metropolis_at_once() -> None:
    s = make(hands={0: cards(cloth=4)}, levels={0: (3, 0, 0)}, **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(s, Improve(D.TRADE))
    assert s.stage is Stage.METROPOLIS and GAME.legal_actions(s) == (ChooseNode(0),)
    assert rule_of(s, Stop()) == RB.METROPOLIS_FIRST


@pytest.mark.rules("cities_knights/displace-connection", "cities_knights/knight.displace")
def test_a_displacement_goes_along_the_displacers_roads_only() -> None:
    # player 1's weaker knights: on 11, joined to player 0's knight on 7 by player 1's road
    # only, and on 17, at the end of player 0's line
    roads = {**BOARD["roads"], B.path_between(7, 11): 1}
    s = make(cities=BOARD["cities"], roads=roads,
             knights={7: (0, 2, True), 11: (1, 1, False), 17: (1, 1, False)})
    s = GAME.apply(s, MoveKnight(7))
    targets = {a.node for a in GAME.legal_actions(s) if isinstance(a, ChooseNode)}
    assert 17 in targets and 11 not in targets
    assert rule_of(s, ChooseNode(11)) == RB.KNIGHT_DISPLACE


@pytest.mark.rules("cities_knights/level-five-city", "cities_knights/metropolis.needs-city",
                   "cities_knights/metropolis.take")
def test_level_five_that_would_take_a_metropolis_needs_a_free_city() -> None:
    # player 0 holds the science metropolis at level 4 on 0; player 1's only city (40)
    # bears the trade metropolis, so the level 5 that would take science is refused
    s = make(hands={1: cards(paper=5)}, levels={0: (0, 0, 4), 1: (4, 0, 4)}, turn=1,
             metropolis=(40, -1, 0), **BOARD)  # type: ignore[arg-type]
    assert rule_of(s, Improve(D.SCIENCE)) == RB.METROPOLIS_NEEDS_CITY
    assert Improve(D.SCIENCE) not in GAME.legal_actions(s)
    # with a second city of his, he buys it and takes the metropolis
    cities = {**BOARD["cities"], 50: 1}  # type: ignore[dict-item]
    free = make(hands={1: cards(paper=5)}, levels={0: (0, 0, 4), 1: (4, 0, 4)}, turn=1,
                metropolis=(40, -1, 0), cities=cities, roads=BOARD["roads"])
    free = GAME.apply(free, Improve(D.SCIENCE))
    assert free.stage is Stage.METROPOLIS and GAME.legal_actions(free) == (ChooseNode(50),)


@pytest.mark.rules("cities_knights/spent-progress-cards", "cities_knights/dice.gate-draw")
def test_a_politics_deck_all_in_hands_gives_a_gate_draw_nothing() -> None:
    """With 4 players the 17 politics cards other than the Constitution (face up) may all be
    held: the deck and the cards under it are empty, so a politics gate draws nothing."""
    held = {0: progress(spy=3, bishop=2), 1: progress(deserter=2, diplomat=2),
            2: progress(intrigue=2, saboteur=2), 3: progress(warlord=2, wedding=2)}
    s = make(4, held=held, levels={1: (0, 1, 0)}, stage=Stage.PRE_ROLL)
    s = attrs.evolve(s, deck=tuple(0 if k == D.CONSTITUTION else n
                                   for k, n in enumerate(s.deck)))
    assert not any(n for k, n in enumerate(s.deck) if D.PROGRESS_COLOUR[k] == D.POLITICS)
    assert not s.under[D.POLITICS]
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(3, 1)), EventDie(2))
    assert s.stage is Stage.MAIN and s.draws == ()
    assert s.players[1].progress == held[1]  # his draw was owed and is lost
