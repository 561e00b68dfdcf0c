"""Same configuration and same choices give the same digests in every process."""

import subprocess
import sys
from pathlib import Path

import pytest

from model.core import registry

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import sys
from model.core import registry
from model.core.canon import digest
from model.core.play import playout
from tests.toygame import GAME as TOY

name = sys.argv[1]
game = TOY if name == "toy" else registry.get(name)
for players in range(game.min_players, game.max_players + 1):
    config = game.config(players)
    for seed in (0, 1):
        print(players, seed, digest(game.setup(config)))
        for step in playout(game, config, seed):
            print(step.index, repr(step.actor), digest(step.action), digest(step.state))
"""


def _digests(name: str, hashseed: str) -> str:
    env = {"PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT), "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, name], cwd=ROOT, env=env, capture_output=True,
        text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("name", ["toy", *registry.names()])
def test_digests_do_not_depend_on_the_hash_seed(name: str) -> None:
    first = _digests(name, "0")
    assert first.count("\n") > 10
    for hashseed in ("1", "4242"):
        assert _digests(name, hashseed) == first
