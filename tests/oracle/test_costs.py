"""The cost table that orders ``oracle verify``'s tasks over worker processes."""

from typing import Any

from rules_oracle.model.core import registry
from rules_oracle.oracle import verify
from rules_oracle.oracle.costs import COSTS
from rules_oracle.properties.base import Outcome


def test_every_task_of_every_game_has_a_cost() -> None:
    """A new obligation gets its row in ``oracle/costs.py`` (else it is ordered by a guess);
    the table names no task that no longer exists."""
    names = set()
    for game in registry.names():
        for task in verify.plan(game).tasks:
            names.add(f"{game}/{task.name}")
    assert sorted(names - set(COSTS)) == []
    assert sorted(set(COSTS) - names) == []
    assert all(c > 0 for c in COSTS.values())


def _task(name: str, share: str = "") -> verify.Task:
    def work() -> list[Outcome]:
        return [Outcome(name, "z3", "proved", 0.0, "")]

    def fail(o: Outcome) -> Any:
        return [o]

    return verify.Task(name, "z3", work, fail, share)


def test_the_costliest_share_goes_first_and_its_costliest_task_first(
        monkeypatch: Any) -> None:
    monkeypatch.setitem(COSTS, "toy/a", 1.0)
    monkeypatch.setitem(COSTS, "toy/b", 5.0)
    monkeypatch.setitem(COSTS, "toy/c", 4.0)
    monkeypatch.setitem(COSTS, "toy/d", 3.0)
    monkeypatch.setitem(COSTS, "toy/e", 0.5)
    tasks = (_task("a", "toy/p2"), _task("b", "toy/p2"), _task("c", "toy/p3"),
             _task("d", "toy/p3"), _task("e"))
    p = verify.Plan("toy", tasks, lambda results: [o for r in results for o in r])
    # p3 (7 s) before p2 (6 s), each by cost; the task of no share (0.5 s) last
    assert verify.ordered([p]) == [2, 3, 1, 0, 4]
    # the outcomes come back in the plan's order whatever order the workers take them
    two = verify.execute([p], jobs=2)[0]
    assert [o.name for o in two] == ["a", "b", "c", "d", "e"]
    assert two == verify.execute([p], jobs=1)[0]
