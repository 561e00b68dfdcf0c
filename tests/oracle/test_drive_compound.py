"""Compound steps: one action of the engine for several model steps (a roll with its dice and
the production they bring, a round of draws), compared where the engine has a state."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import drive as drv

ENGINES = Path(__file__).resolve().parent / "engines"
ROLL = "RollDice:Dice"


def compound(*args: str) -> list[str]:
    return [sys.executable, str(ENGINES / "compound.py"), *args]


def every_kind(game: str) -> str:
    """A declaration that every step of ``game`` begins a compound step of every kind."""
    kinds = ",".join(cls.__name__ for cls in registry.get(game).action_types)
    return f"{kinds}:{kinds}"


def run_one(command: list[str], game: str = "crafts", *, seed: int = 4, players: int = 2,
            **kw: Any) -> drv.GameRun:
    return drv.drive(command, [registry.get(game)], count=1, seed=seed, players=players,
                     **kw).games[0]


def catan(*args: str) -> drv.GameRun:
    return run_one(compound(*args), "catan", seed=0, players=3, policy="eager")


@pytest.mark.rules("catan/turn.roll", "catan/production.yield")
def test_an_engine_whose_roll_brings_its_dice_and_production_conforms() -> None:
    run = catan(ROLL)
    assert run.conforms and run.finished, run.divergence
    # the engine answers legal with an error between a roll and its dice: it was never asked
    assert run.compound > 100 and run.inside >= run.compound - 10
    assert run.declared.compound == ((frozenset({"RollDice"}), frozenset({"Dice"})),)
    assert any("inside compound steps" in p for p in run.partial)
    # the game played is the seeded one, every model step in the report's actions
    plain = run_one([sys.executable, str(ENGINES / "faithful.py")], "catan", seed=0,
                    players=3, policy="eager")
    assert run.actions == plain.actions and run.steps == plain.steps
    assert run.to_json()["compound"] == {"actions": run.compound, "inside": run.inside}


@pytest.mark.rules("catan/production.yield")
def test_a_bug_inside_a_compound_roll_is_caught_at_its_first_step_and_named() -> None:
    run = catan(ROLL, "fault=city-one")
    div = run.divergence
    assert div is not None and div.kind == "digest", div
    assert div.action == {"type": "RollDice"} and div.through == div.step + 1
    assert run.actions[div.step - 1] == {"type": "RollDice"}
    assert run.actions[div.step]["type"] == "Dice" and len(run.actions) == div.through
    assert "catan/production.yield" in div.rules
    assert {d.path.split("[")[0] for d in div.diffs} <= {"$.bank", "$.players"}
    assert f"model steps {div.step}-{div.through}" in div.describe()
    assert div.to_json()["through"] == div.through


def test_a_round_of_draws_in_one_action_conforms() -> None:
    run = run_one(compound("Draw:Draw"))
    assert run.conforms and run.finished, run.divergence
    assert run.inside > 10
    assert run.actions == run_one([sys.executable, str(ENGINES / "faithful.py")]).actions


@pytest.mark.rules("crafts/setup.shuffle")
@pytest.mark.parametrize("fault", ["lie", "skip"])
def test_declaring_every_step_compound_hides_no_lie_inside(fault: str) -> None:
    run = run_one(compound(every_kind("crafts"), f"fault={fault}"))
    div = run.divergence
    assert div is not None and div.kind == "digest", div
    assert div.through > div.step
    assert "crafts/setup.shuffle" in div.rules


def test_declaring_every_step_compound_leaves_every_choice_compared() -> None:
    """A player's choice is always a step of its own: the engine is asked its legal actions
    there, so a missing one is caught even when every kind is declared compound."""
    honest = run_one(compound(every_kind("crafts")))
    assert honest.conforms, honest.divergence
    div = run_one(compound(every_kind("crafts"), "fault=miss-legal")).divergence
    assert div is not None and div.kind == "legal" and div.missing_total == 1


def test_a_refused_compound_step_is_named_at_its_first_step() -> None:
    run = run_one(compound("Draw:Draw", "fault=refuse-then"))
    div = run.divergence
    assert div is not None and div.kind == "rejects-legal", div
    assert div.step == 1 and div.through > 1 and div.action["type"] == "Draw"
    assert div.rules and all(r.startswith("crafts/") for r in div.rules)


@pytest.mark.parametrize(("declared", "words"), [
    ([{"first": ["Teleport"], "then": ["Draw"]}], "$.compound[0].first[0]: \"Teleport\" is not"),
    ([{"first": ["Pass"], "then": ["Buy"]}, {"first": ["Pass"], "then": ["Sell"]}],
     "$.compound[1].first[0]: \"Pass\" begins two compound steps"),
    ([{"first": ["Pass"], "then": ["Draw"]}], "$.compound[0].then[0]: \"Draw\" is declared in"
     " rolls"),
])
def test_a_compound_declaration_that_does_not_fit_is_refused(declared: Any, words: str) -> None:
    game = registry.get("crafts")
    config = game.config(2)
    reply = {"ok": True, "compound": declared, "rolls": ["Draw"]}
    drv.validate_reply("reset", json.loads(json.dumps(reply)))
    with pytest.raises(drv.PeerFailure, match="reset: ") as failure:
        drv.declared_of(game, config, game.setup(config), reply)
    assert words in failure.value.message


def test_an_unknown_kind_declared_compound_stops_the_game_at_reset() -> None:
    div = run_one(compound("Teleport:Draw")).divergence
    assert div is not None and div.kind == "protocol" and div.step == 0
    assert "$.compound[0].first[0]" in div.message


def test_the_schema_reads_compound_declarations_and_requests() -> None:
    with pytest.raises(drv.PeerFailure):
        drv.validate_reply("reset", {"ok": True, "compound": [{"first": ["Draw"]}]})
    drv.validate_reply("reset", {"ok": True, "compound": [{"first": ["A"], "then": ["B"]}]})
    from rules_oracle.oracle.reading import Validator

    schema = drv.schema()
    request = Validator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                         "$ref": "#/$defs/request"})
    assert not list(request.iter_errors({"op": "apply", "id": 1, "action": {"type": "A"},
                                         "then": [{"type": "B"}]}))


def test_the_cli_says_what_compound_steps_left_uncompared() -> None:
    from click.testing import CliRunner

    from rules_oracle.oracle.cli import main

    result = CliRunner().invoke(main, [
        "drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "4",
        "--", *compound("Draw:Draw")])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "compound steps (one action of the implementation for several model steps" in text
    assert "steps inside compound steps" in text and "conforms (partial:" in text


PLACEMENT = "Decline,PlaceWorker,Use:Decline,PlaceWorker,Pass,Use,MoveProvost"


def test_forced_steps_of_several_players_join_one_compound_step() -> None:
    """Caylus: the workers placed and the buildings declined that leave their player no
    choice are made by the engine in the action before them (no chance kind declared: every
    step inside is a forced one)."""
    run = run_one(compound(PLACEMENT), "caylus", players=3)
    assert run.conforms and run.finished, run.divergence
    assert run.inside > 20 and run.compound > run.inside // 3


@pytest.mark.rules("caylus/planning.pass", "caylus/planning.end")
def test_forced_steps_left_undone_inside_a_compound_step_are_caught() -> None:
    run = run_one(compound(PLACEMENT, "fault=skip"), "caylus", players=3)
    div = run.divergence
    assert div is not None and div.kind == "digest" and div.through > div.step
    assert {"caylus/planning.pass", "caylus/planning.end"} <= set(div.rules)
