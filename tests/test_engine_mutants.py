"""The mutants of ``ci/engine_mutants.py`` stay applicable: each edit's text stands once in
its file (catanatron's installed release or the model) and changes it, each names rules of
catan, and the suite covers the rules the table is meant to (at least 25 catanatron
mutants over the robber, discards, costs, distance, connectivity, longest road, largest
army, production, harbours, each development card, victory and the bank; at least 10 of
the model)."""

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rules_oracle.model.core import registry

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_engine_mutants",
                                                  ROOT / "ci" / "engine_mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()
MUTANTS = SCRIPT.MUTANTS


def _base(mutant: Any) -> Path:
    if mutant.kind == "engine":
        pytest.importorskip("catanatron")
        return Path(SCRIPT.catanatron_dir())
    return ROOT / "src" / "rules_oracle"


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.id for m in MUTANTS])
def test_each_mutant_applies_once_to_a_copy(mutant: Any, tmp_path: Path) -> None:
    base = _base(mutant)
    path = mutant.path
    target = tmp_path / path
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(base / path, target)
    SCRIPT.apply(mutant, tmp_path)
    changed = target.read_text(encoding="utf-8")
    assert changed != (base / path).read_text(encoding="utf-8")
    for _old, new in mutant.edits:
        assert new in changed
    rules = registry.get("catan").rules
    assert mutant.rules and all(r in rules for r in mutant.rules)


def test_a_patch_whose_text_is_gone_stops_the_script(tmp_path: Path) -> None:
    mutant = SCRIPT.Mutant("gone", "engine", ("catan/victory.ten",), "nothing",
                           "x.py", (("not there", "here"),))
    (tmp_path / "x.py").write_text("something else\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="gone: 'not there' stands 0 times"):
        SCRIPT.apply(mutant, tmp_path)


def test_the_suite_covers_the_rules_it_promises() -> None:
    engine = [m for m in MUTANTS if m.kind == "engine"]
    model = [m for m in MUTANTS if m.kind == "model"]
    assert len(engine) >= 25 and len(model) >= 10
    assert len({m.id for m in MUTANTS}) == len(MUTANTS)
    named = {r.removeprefix("catan/") for m in engine for r in m.rules}
    for area in ("seven.robber", "seven.steal", "seven.discard", "build.road-cost",
                 "build.settlement-cost", "build.city-cost", "build.development-cost",
                 "build.distance", "build.settlement-connected", "build.road-connected",
                 "longest-road.minimum", "largest-army.minimum", "production.yield",
                 "production.robber", "trade.maritime", "development.knight",
                 "development.monopoly", "development.year-of-plenty",
                 "development.road-building", "development.victory-point",
                 "development.one-per-turn", "victory.ten"):
        assert area in named, area


def test_a_mutant_is_caught_at_its_first_failing_game_and_absorption_is_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    mutant = next(m for m in MUTANTS if m.kind == "model")
    reports = iter([
        {"exit": 0, "status": "known", "absorbed": {"entry": 3}, "games": []},
        {"exit": 1, "status": "diverges", "absorbed": {}, "games": [
            {"status": "diverges", "rules_exercised": {"rules": ["catan/turn.end"]},
             "divergence": {"kind": "observation", "step": 7, "message": "m", "rule": None,
                            "rules": list(mutant.rules)}}]},
    ])
    monkeypatch.setattr(SCRIPT, "drive_one", lambda *args: next(reports))
    row = SCRIPT.run(mutant, 20, {0: {"entry": 1}})
    assert row["caught"] and row["games"] == 2 and row["named"]
    assert row["absorbed"] == {"entry": 2}  # beyond the unmodified engine's same game
    assert row["exercised"] == ["catan/turn.end"]
    assert "| yes | 2 | observation |" in SCRIPT._cell(row)


def test_an_oracle_failure_is_not_a_catch(monkeypatch: pytest.MonkeyPatch) -> None:
    mutant = next(m for m in MUTANTS if m.kind == "model")
    monkeypatch.setattr(SCRIPT, "drive_one",
                        lambda *args: {"exit": 2, "error": "bad input", "games": []})
    row = SCRIPT.run(mutant, 20, {})
    assert not row["caught"] and row["error"] == "bad input" and row["games"] == 1
    assert "| error |" in SCRIPT._cell(row)


def test_the_unmodified_engine_is_driven_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    reports = iter([{"exit": 1, "games": []}, {"exit": 0, "games": [], "absorbed": {"e": 1}}])
    monkeypatch.setattr(SCRIPT, "drive_one", lambda *args: next(reports))
    row = SCRIPT.run(None, 2, {})
    assert row["exits"] == [1, 0] and row["failed"] == [0] and not row["caught"]
    assert row["per_seed"] == {0: {}, 1: {"e": 1}}
