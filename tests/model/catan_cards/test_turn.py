"""Production, the stack rebuilt, the passing of the turn, points and the end of the game
(the text's winning tableau)."""

import pytest

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    BuildRoad,
    Draw,
    EndDevelopment,
    EndTrade,
    HireKnight,
)
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.score import pile_vp
from rules_oracle.model.catan_cards.state import Stage
from rules_oracle.model.core import TERMINAL
from rules_oracle.model.core.play import final_state
from tests.model.catan_cards.helpers import apply, cards, hand, make, rule_of, seat

DEV = Stage.DEVELOP
CHURCH = (0, 1, 0, 0, 0)


@pytest.mark.rules("catan_cards/production.draw", "catan_cards/production.knights",
                   "catan_cards/turn.pass")
def test_production_two_cards_and_one_per_a_side_knight() -> None:
    s = make(3, {0: seat(knights=3)}, stage=DEV, exchanges=1, traded_with=(1,),
             built=(1, 0, 0, 0, 0))
    s = GAME.apply(s, EndDevelopment())
    assert s.stage is Stage.DRAW and s.drawing == (0, 0, 0, 0)
    s = apply(s, Draw(D.ORE), Draw(D.ORE), Draw(D.WOOL), Draw(D.GRAIN))
    assert hand(s, 0) == cards(ore=2, wool=1, grain=1)
    assert (s.stage, s.turn, s.turns, s.exchanges, s.traded_with, s.built) == (
        Stage.TRADE, 1, 6, 0, (), (0, 0, 0, 0, 0))


@pytest.mark.rules("catan_cards/turn.restock", "catan_cards/empty-supply")
def test_the_discard_pile_becomes_the_stack() -> None:
    big = cards(9, 10, 12, 14, 13)
    s = make(2, {1: seat(big)}, stage=DEV, discard=cards(ore=3))
    assert s.stack == cards(clay=1)
    s = apply(s, EndDevelopment(), Draw(D.CLAY))
    assert s.stack == cards(ore=3) and s.discard == D.NO_CARDS and s.stage is Stage.DRAW
    s = GAME.apply(s, Draw(D.ORE))
    assert hand(s, 0) == cards(clay=1, ore=1) and s.turn == 1
    dry = make(2, {1: seat(cards(9, 10, 15, 14, 13))}, stage=DEV)
    assert dry.stack == cards(clay=1) and dry.discard == D.NO_CARDS
    dry = apply(dry, EndDevelopment(), Draw(D.CLAY))
    assert dry.stage is Stage.TRADE and dry.turn == 1 and hand(dry, 0) == cards(clay=1)


@pytest.mark.rules("catan_cards/turn.restock", "catan_cards/restock-when")
def test_cards_paid_into_an_empty_stack_become_the_stack() -> None:
    rest = cards(10, 10, 15, 15, 14)  # every card but a clay, a lumber and the market
    s = make(2, {0: seat(cards(clay=1, lumber=1)), 1: seat(rest)}, stage=DEV,
             market=cards(0, 0, 1, 0, 0))
    assert s.stack == D.NO_CARDS
    s = GAME.apply(s, BuildRoad())
    assert s.stack == cards(clay=1, lumber=1) and s.discard == D.NO_CARDS
    # the stack is rebuilt at once, not when a card is next due (catan_cards/restock-when)
    amb = GAME.rules.get_ambiguity("catan_cards/restock-when")
    assert amb.default == "at-once" and amb.option is None and amb.unselectable


@pytest.mark.rules("catan_cards/game.end", "catan_cards/end", "catan_cards/score.city",
                   "catan_cards/score.building", "catan_cards/score.settlement",
                   "catan_cards/score.roads-knights", "catan_cards/game.over")
def test_the_texts_winning_tableau_ends_the_game_at_once() -> None:
    # 2 for roads (4 roads: 2 B side up), 1 for a knight (2 knights: 1 B side up),
    # 2 settlements, a plain city 2, a city with a church 3: 10
    tableau = seat(cards(ore=1, wool=1, grain=1), roads=4, knights=1, settlements=2,
                   cities=1, buildings=CHURCH)
    s = make(3, {0: tableau}, stage=DEV)
    assert s.players[0].vp == 9
    won = GAME.apply(s, HireKnight())
    assert won.players[0].vp == 10 and won.stage is Stage.OVER and won.winner == 0
    assert GAME.actor(won) == TERMINAL and GAME.winners(won) == (0,)
    assert GAME.scores(won)[0] == 10
    assert rule_of(won, EndTrade()) == RB.GAME_OVER
    late = make(3, {0: tableau}, stage=DEV, variant={"end": "end-of-turn"})
    late = GAME.apply(late, HireKnight())
    assert late.stage is DEV and GAME.winners(late) == ()
    late = apply(late, EndDevelopment(), Draw(D.ORE), Draw(D.ORE), Draw(D.ORE))
    assert late.stage is Stage.OVER and late.winner == 0


@pytest.mark.rules("catan_cards/road-knight-points")
def test_the_readings_of_road_and_knight_points() -> None:
    assert [pile_vp(n, "b-side") for n in range(5)] == [0, 0, 1, 1, 2]
    assert [pile_vp(n, "a-side") for n in range(5)] == [0, 1, 1, 2, 2]
    assert [pile_vp(n, "each") for n in range(5)] == [0, 1, 2, 3, 4]
    start = make(3)
    assert start.players[0].vp == 1  # "all players begin with one point, for the settlement"
    assert make(3, variant={"road-knight-points": "a-side"}).players[0].vp == 2
    tableau = seat(roads=3, knights=1, settlements=2, cities=1, buildings=CHURCH)
    assert make(3, {0: tableau}, variant={"road-knight-points": "a-side"}).players[0].vp == 10


@pytest.mark.rules("catan_cards/turn.limit")
def test_the_turn_limit_ends_the_game_without_a_winner() -> None:
    s = make(2, stage=DEV, turns=D.TURN_LIMIT)
    s = apply(s, EndDevelopment(), Draw(D.ORE), Draw(D.ORE))
    assert s.stage is Stage.OVER and s.winner == -1 and GAME.winners(s) == ()


@pytest.mark.rules("catan_cards/turn.actor")
def test_chance_outcomes_are_checked() -> None:
    s = GAME.apply(make(3, stage=DEV), EndDevelopment())
    assert rule_of(s, Draw(9)) == RB.TURN_ACTOR
    assert rule_of(s, EndTrade()) == RB.TURN_ACTOR
    assert rule_of(make(3), Draw(D.ORE)) == RB.TURN_ACTOR
    assert GAME.chance_outcomes(make(3)) == ()


def test_eager_play_builds_first_and_finds_winners() -> None:
    s = make(3, {0: seat(cards(clay=1, lumber=1, ore=3, wool=1, grain=1))}, stage=DEV)
    actions = GAME.legal_actions(s)
    weights = dict(zip(actions, GAME.policy_weights(s, actions) or (), strict=True))
    assert weights[BuildRoad()] > weights[EndDevelopment()] > 0
    finals = [final_state(GAME, GAME.config(n), seed, "eager") for n in (3, 4)
              for seed in (1, 2)]
    assert all(f.stage is Stage.OVER and f.winner >= 0 for f in finals)


@pytest.mark.rules("catan_cards/take.next", "catan_cards/take.neighbour")
def test_the_takes_readings_are_read_from_each_configuration() -> None:
    """The take's readings, read once per configuration (by identity), follow each option:
    the default's, then each other reading flips its own one only."""
    from rules_oracle.model.catan_cards import take

    base = take._readings(GAME.config(4))
    assert base == (True, False, False, False)  # left, arrows, pass-over, round
    options = GAME.rules.options()
    for i, option in enumerate(("fate-white", "take-next", "protected", "take-search")):
        default = dict(GAME.config(4).variant)[option]
        others = [r.key for r in options[option].readings if r.key != default]
        assert others
        for other in others:
            got = take._readings(GAME.config(4, {option: other}))
            assert got[i] != base[i] and got[:i] + got[i + 1:] == base[:i] + base[i + 1:]


@pytest.mark.rules("catan_cards/turn.actor")
def test_whose_step_is_the_answer_found_anew_for_every_state_asked_in_any_order() -> None:
    """The last state's answer is kept with it: over seeded 4-player games, asked of each
    state, of the one before again and of the state again, the answer is the one found
    anew from the stage."""
    from rules_oracle.model.core.play import playout

    before = GAME.setup(GAME.config(4))
    whos: set[int] = set()
    for seed in (0, 1):
        for step in playout(GAME, GAME.config(4), seed):
            s = step.state
            for asked in (s, before, s):
                assert GAME.actor(asked) == GAME._actor(asked)
            whos.add(GAME.actor(s))
            before = s
    assert len(whos) > 3  # chance, seats and the end among them
