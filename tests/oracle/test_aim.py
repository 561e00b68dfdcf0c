"""Aimed play (``--policy aim:NAME``): every choice, chance outcomes too, steered toward a
named situation; a function of its seed; refused for another game or an unknown name."""

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.game import TERMINAL
from rules_oracle.oracle import aim as am
from rules_oracle.oracle import drive as drv
from tests.oracle.helpers import run

ENGINES = Path(__file__).resolve().parent / "engines"
PLENTY = "aim:one-card-in-the-bank"


def aimed(name: str, players: int, seed: int, steps: int) -> tuple[list[Any], list[Any]]:
    """The states and actions of an aimed game of catan, ``steps`` at most."""
    game = registry.get("catan")
    aiming = am.Aiming(game, am.AIMS[name])
    rng = random.Random(seed)
    state = game.setup(game.config(players))
    states, actions = [state], []
    while len(actions) < steps and game.actor(state) != TERMINAL:
        action = aiming.choose(state, rng)
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.mark.rules("catan/development.year-of-plenty", "catan/production.shortage")
def test_an_aimed_game_reaches_a_year_of_plenty_before_a_bank_of_one_card() -> None:
    """Uniform and steered play met it in none of 420 games: aimed play, in the first
    150 steps of a 3-player game (every roll one the bank can pay)."""
    game = registry.get("catan")
    aim = am.AIMS["one-card-in-the-bank"]
    states, actions = aimed(aim.name, 3, 2, 150)
    reached = [i for i, s in enumerate(states) if aim.reached(game, s)]
    assert reached and reached[0] < 150
    state = states[reached[0]]
    assert min(state.bank) <= 1 and game.actor(state) >= 0 and state.dice != (0, 0)
    assert not any(state.players[game.actor(state)].bought)
    assert aim.entry == "one-card-plenty"
    # the same seed, the same game
    assert [unstructure(a) for a in aimed(aim.name, 3, 2, 60)[1]] == [
        unstructure(a) for a in actions[:60]]
    # a state where nobody may play a year of plenty is not it
    assert not aim.reached(game, states[0])


def test_aims_are_named_policies_of_their_games() -> None:
    assert am.aim_of("uniform") is None
    assert am.aim_of(PLENTY) is am.AIMS["one-card-in-the-bank"]
    with pytest.raises(ValueError, match="unknown aim"):
        am.aim_of("aim:nowhere")
    assert PLENTY in am.policies("catan") and not am.policies("crafts")
    crafts = registry.get("crafts")
    faithful = [sys.executable, str(ENGINES / "faithful.py")]
    with pytest.raises(drv.DriveError, match="is of catan only"):
        drv.drive(faithful, [crafts], count=1, policy=PLENTY)
    with pytest.raises(drv.DriveError, match="unknown aim"):
        drv.drive(faithful, [crafts], count=1, policy="aim:nowhere")
    refused = run("drive", "--game", "catan", "--policy", "aim:nowhere", "--", *faithful)
    assert refused.exit_code == 2


@pytest.mark.rules("catan/development.year-of-plenty")
def test_a_drive_plays_the_aimed_game() -> None:
    """Through an engine (one whose digest goes wrong at step 140, to keep it short) the
    drive plays the aimed game: the same actions as the policy alone, the situation
    reached on the way."""
    game = registry.get("catan")
    broken = [sys.executable, str(ENGINES / "broken.py"), "wrong-digest", "140"]
    played = drv.drive(broken, [game], count=1, seed=2, players=3, probes=0,
                       policy=PLENTY).games[0]
    assert played.divergence is not None and played.divergence.step == 140
    assert played.policy == PLENTY and "--policy aim:one-card-in-the-bank" in played.replay
    states, actions = aimed("one-card-in-the-bank", 3, 2, len(played.actions))
    assert list(played.actions) == [unstructure(a) for a in actions]
    assert any(am.AIMS["one-card-in-the-bank"].reached(game, s) for s in states)
