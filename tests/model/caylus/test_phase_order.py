"""The game owns the phase order: no phase module of Caylus imports another phase's."""

import ast
from pathlib import Path

import attrs
import pytest

from rules_oracle.model.caylus.game import onward
from rules_oracle.model.caylus.state import Stage
from tests.model.caylus.helpers import bare, player, ready

MODEL = Path(__file__).resolve().parents[3] / "src" / "rules_oracle" / "model" / "caylus"
PHASES = {"setup", "planning", "activation", "favour", "delivery", "stewardship", "end"}


def imported(stem: str) -> set[str]:
    """The Caylus modules ``stem``.py imports."""
    out: set[str] = set()
    for node in ast.walk(ast.parse((MODEL / f"{stem}.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "rules_oracle.model.caylus":
            out.update(name.name for name in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "rules_oracle.model.caylus."):
            out.add((node.module or "").rsplit(".", 1)[1])
    return out


def test_no_phase_imports_another() -> None:
    for stem in sorted(PHASES):
        assert imported(stem) & PHASES == set(), stem
    assert imported("game") >= PHASES


@pytest.mark.rules("caylus/end.over", "caylus/end.gold")
def test_a_phase_handed_over_is_begun_by_the_game_once() -> None:
    s = player(attrs.evolve(bare(ready(3)), round=9), 0, resources={"gold": 3}, prestige=10)
    handed = attrs.evolve(s, stage=Stage.OVER)  # the last stewardship's hand-over
    over = onward(Stage.PRESTIGE, handed)
    assert over.stage is Stage.OVER and over.players[0].prestige == 16
    assert onward(Stage.OVER, over) == over  # a stage within its phase: nothing begins
    assert onward(Stage.PRESTIGE, attrs.evolve(handed, stage=Stage.PRESTIGE)).players[
        0].prestige == 10
