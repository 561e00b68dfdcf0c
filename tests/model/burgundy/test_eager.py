"""The eager play policy: it keeps every legal action possible and reaches deep play."""

import random

import pytest

from rules_oracle.model.burgundy.actions import CityHallPlace, PlaceTile
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.core.play import choose, playout
from rules_oracle.properties.burgundy import INVARIANTS, TRANSITION_INVARIANTS
from tests.model.burgundy.reach import game_events


def test_weights_cover_every_legal_action() -> None:
    rng = random.Random(5)
    config = GAME.config(3)
    state = GAME.setup(config)
    seen = 0
    while not GAME.is_terminal(state):
        if GAME.actor(state) >= 0:
            actions = GAME.legal_actions(state)
            weights = GAME.policy_weights(state, actions)
            assert weights is not None and len(weights) == len(actions)
            assert min(weights) >= 1
            seen += 1
        state = GAME.apply(state, choose(GAME, state, rng, "eager"))
    assert seen > 100


@pytest.mark.rules("burgundy/area.complete", "burgundy/colour.first", "burgundy/colour.second",
                   "burgundy/castle.extra-action", "burgundy/building.city-hall")
def test_eager_play_reaches_what_uniform_play_seldom_does() -> None:
    eager = [game_events(2, seed, "eager") for seed in range(30)]
    uniform = [game_events(2, seed, "uniform") for seed in range(30)]

    def games_with(events: list, key: str) -> int:  # type: ignore[type-arg]
        return sum(1 for ev in events if ev[key])

    assert games_with(eager, "colour-bonus") >= 15
    assert games_with(eager, "colour-bonus") > games_with(uniform, "colour-bonus")
    assert games_with(eager, "castle-action:place") > games_with(uniform, "castle-action:place")
    assert sum(ev["area-completed"] for ev in eager) > 2 * sum(
        ev["area-completed"] for ev in uniform)
    assert games_with(eager, "action:CityHallPlace") >= 15


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_in_eager_games(players: int) -> None:
    config = GAME.config(players)
    for seed in range(2):
        before = GAME.setup(config)
        placed = 0
        for step in playout(GAME, config, seed, "eager"):
            for inv in INVARIANTS:
                assert inv(step.state) == [], (seed, step.index)
            for tinv in TRANSITION_INVARIANTS:
                assert tinv(before, step.action, step.state) == [], (seed, step.index)
            if isinstance(step.action, PlaceTile | CityHallPlace):
                placed += 1
            before = step.state
        assert GAME.is_terminal(before) and GAME.winners(before)
        assert placed >= 15 * players
