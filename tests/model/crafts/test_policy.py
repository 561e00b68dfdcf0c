"""The eager play policy: it reaches the deep cards uniform play misses, keeps every legal
action possible, and eager games satisfy every invariant."""

import pytest

from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.core.play import playout
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.actions import Apply, Knight
from rules_oracle.model.crafts.game import GAME
from rules_oracle.properties.crafts import check


def _deep_effects(players: int, seeds: range, policy: str) -> tuple[int, int]:
    """Castles and Mages applied over seeded games."""
    castles = mages = 0
    cfg = GAME.config(players)
    for seed in seeds:
        state = GAME.setup(cfg)
        for step in playout(GAME, cfg, seed, policy):
            if type(step.action) is Knight:
                castles += 1
            elif type(step.action) is Apply and state.committed[step.actor] == D.MAGE:
                mages += 1
            state = step.state
    return castles, mages


@pytest.mark.rules("crafts/card.castle", "crafts/card.mage-tower", "crafts/card.mage-draw",
                   "crafts/card.castle-setback")
def test_eager_play_reaches_castle_and_mage() -> None:
    eager = _deep_effects(3, range(30), "eager")
    uniform = _deep_effects(3, range(30), "uniform")
    assert eager[0] >= 1 and eager[1] >= 1
    assert eager[0] > uniform[0] and eager[1] > uniform[1]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_invariants_hold_in_eager_games(players: int) -> None:
    cfg = GAME.config(players)
    for seed in range(4):
        steps = 0
        for step in playout(GAME, cfg, seed, "eager"):
            steps += 1
            assert check(step.state) == [], (seed, step.index)
        assert steps < GAME.max_steps(cfg)


def test_weights_keep_every_legal_action_possible() -> None:
    for players in (2, 5):
        cfg = GAME.config(players, {"fair_count": "played", "castle_floor": "forbid"})
        for seed in range(3):
            for step in playout(GAME, cfg, seed, "eager"):
                s = step.state
                if GAME.actor(s) < 0:
                    continue
                acts = GAME.legal_actions(s)
                w = GAME.policy_weights(s, acts)
                if w is not None:
                    assert len(w) == len(acts) and min(w) >= 1
    assert GAME.actor(GAME.setup(GAME.config(2))) == CHANCE
