"""Same configuration and same choices give the same digests in every process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules_oracle.model.core import registry

ROOT = Path(__file__).resolve().parent.parent
#: the package (src/) and the tests (the repository root), for a child process
PYTHONPATH = os.pathsep.join((str(ROOT / "src"), str(ROOT)))

SCRIPT = """
import sys
from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import digest
from rules_oracle.model.core.play import playout
from tests.toygame import GAME as TOY

name, every = sys.argv[1], int(sys.argv[2])
game = TOY if name == "toy" else registry.get(name)
for players in range(game.min_players, game.max_players + 1):
    config = game.config(players)
    for seed in (0, 1):
        print(players, seed, digest(game.setup(config)))
        last = None
        for step in playout(game, config, seed):
            state = digest(step.state) if step.index % every == 0 else ""
            print(step.index, repr(step.actor), digest(step.action), state)
            last = step.state
        print("last", digest(last))
"""

#: every how many steps the state's digest is compared (1 by default; every action's digest
#: and the last state's always are): Cities & Knights' random games run ~10,000 steps to
#: the turn limit, and a divergence carries on into the following states and actions
STATE_EVERY = {"cities_knights": 10}


def _digests(name: str, hashseed: str) -> str:
    env = {"PYTHONHASHSEED": hashseed, "PYTHONPATH": PYTHONPATH, "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, name, str(STATE_EVERY.get(name, 1))], cwd=ROOT,
        env=env, capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("name", ["toy", *registry.names()])
def test_digests_do_not_depend_on_the_hash_seed(name: str) -> None:
    first = _digests(name, "0")
    assert first.count("\n") > 10
    for hashseed in ("1", "4242"):
        assert _digests(name, hashseed) == first
