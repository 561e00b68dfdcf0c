"""The coverage-steering play policy (``steer``): towards rules its game has not shown yet."""

import random

import pytest

from rules_oracle.model.core.canon import digest
from rules_oracle.model.core.play import STEER, STEER_TRIES, Steering, choose, playout
from tests.toygame import R_MOVE, R_ROLL, Move, Roll, ToyGame, ToyState


class Shown(ToyGame):
    """The toy race whose full moves (the whole roll) show the move rule, and whose rolls
    of 3 show the roll rule; eager play prefers staying put."""

    def effect_rules(self, state: ToyState, action: Move | Roll,
                     after: ToyState) -> tuple[str, ...]:
        if isinstance(action, Roll):
            return (R_ROLL,) if action.value == 3 else ()
        return (R_MOVE,) if action.steps == state.roll else ()

    def policy_weights(self, state: ToyState,
                       actions: tuple[Move | Roll, ...]) -> tuple[int, ...] | None:
        return tuple(100 if isinstance(a, Move) and a.steps == 0 else 1 for a in actions)


GAME = Shown()


def rolled(roll: int) -> ToyState:
    return GAME.apply(GAME.setup(GAME.config(2)), Roll(roll))


def test_steering_takes_a_step_showing_a_rule_not_shown_yet() -> None:
    for seed in range(20):
        assert Steering(GAME).choose(rolled(3), random.Random(seed)) == Move(3)
    seen = Steering(GAME, {R_MOVE})  # shown already: the eager choice (mostly staying)
    picks = {seen.choose(rolled(3), random.Random(seed)) for seed in range(20)}
    assert Move(0) in picks
    chance = GAME.setup(GAME.config(2))  # a chance step keeps its probabilities
    assert {Steering(GAME).choose(chance, random.Random(s)) for s in range(30)} \
        == {Roll(1), Roll(2), Roll(3)}


def test_steering_remembers_what_its_game_showed() -> None:
    steering = Steering(GAME)
    state = rolled(2)
    after = GAME.apply(state, Move(2))
    steering.saw(state, Move(2), after)
    assert steering.shown == {R_MOVE}
    steering.saw(state, Move(1), GAME.apply(state, Move(1)))
    assert steering.shown == {R_MOVE}


def test_steer_games_are_seeded_and_reach_the_rules() -> None:
    config = GAME.config(2)
    first = [(s.action, digest(s.state)) for s in playout(GAME, config, 4, STEER)]
    again = [(s.action, digest(s.state)) for s in playout(GAME, config, 4, STEER)]
    assert first == again
    # the first move of a steered game shows the move rule; eager play mostly stays
    steered = [next(s.action for s in playout(GAME, config, k, STEER) if isinstance(s.action,
                                                                                    Move))
               for k in range(10)]
    eager = [next(s.action for s in playout(GAME, config, k, "eager") if isinstance(s.action,
                                                                                    Move))
             for k in range(10)]
    assert all(a.steps > 0 for a in steered) and sum(a.steps == 0 for a in eager) >= 8


def test_steering_tries_a_sample_of_a_large_choice() -> None:
    state = ToyState(GAME.config(2), (0, 0), 0, 3 * STEER_TRIES)  # a roll beyond the die
    picks = {Steering(GAME).choose(state, random.Random(s)) for s in range(40)}
    # the full move is seldom among the tried: the eager choice (staying) comes too
    assert Move(0) in picks and all(isinstance(a, Move) for a in picks)


def test_steer_is_played_with_its_memory_only() -> None:
    with pytest.raises(ValueError, match="Steering"):
        choose(GAME, rolled(2), random.Random(0), STEER)
    with pytest.raises(ValueError, match="steer"):
        choose(GAME, rolled(2), random.Random(0), "greedy")

