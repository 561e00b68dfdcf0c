"""The hostile-input suite of issue 13: every malformed file, lying engine, bad option and
broken stream of ``tests/hostile/cases.py`` ends in its exact exit code and one clear line
(or report), never a traceback, a hang or a process left behind."""

from pathlib import Path

import pytest

from tests.hostile.cases import CASES, CLASSES
from tests.hostile.runner import problems, run


def test_every_class_of_the_issue_has_cases() -> None:
    assert {cls for cls, _ in CASES.values()} == set(CLASSES)


@pytest.mark.parametrize("name", sorted(CASES, key=lambda n: (CASES[n][0], n)))
def test_hostile(name: str, tmp_path: Path) -> None:
    cls, build = CASES[name]
    case = build(tmp_path)
    outcome = run(case)
    found = problems(case, outcome)
    assert not found, f"class {cls} ({CLASSES[cls]}): {name}: " + "; ".join(found)


def test_huge_game_counts_are_planned_one_game_at_a_time() -> None:
    """``--games 10**11`` plays on (as asked) without first building a list of every game."""
    from rules_oracle.model.core import registry
    from rules_oracle.oracle import drive, vectors

    game = registry.get("crafts")
    config, seed = next(drive._plan(game, None, 10**11, 5))
    assert (config.players, seed) == (game.min_players, 5)
    total, planned = vectors._plan(game, 10**11, 0)
    assert total == 10**11 and next(planned)[2] == 0
