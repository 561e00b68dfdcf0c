"""The generated ambiguity report is current and complete."""

from pathlib import Path

from model.core import registry
from oracle.report import render

DOC = Path(__file__).resolve().parents[2] / "docs" / "ambiguities.md"


def test_ambiguity_report_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), (
        "docs/ambiguities.md is stale: run `python ci/gen_docs.py`")


def test_report_names_every_ambiguity_and_option() -> None:
    page = render()
    for game in registry.all_games():
        for amb in game.rules.ambiguities:
            assert f"### `{amb.id}`" in page
            if amb.option:
                assert f"Variant option: `{amb.option}`." in page
