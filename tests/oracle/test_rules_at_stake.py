"""Every divergence names the rules at stake: a step's effect rules for a field that
differs, the step before's for the actor, the rule an extra action breaks, the effect
rules of a missing one."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rules_oracle.model.core import registry
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle.check import check_lines
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.trace import record_game

ENGINES = Path(__file__).resolve().parent / "engines"


def catan_lines() -> list[str]:
    game = registry.get("catan")
    return list(record_game(game, game.config(3), 1))


def edit(lines: list[str], index: int, **fields: Any) -> list[str]:
    out = list(lines)
    rec = json.loads(out[index])
    rec.update(fields)
    out[index] = json.dumps(rec)
    return out


def effects_of(lines: list[str], index: int) -> tuple[str, ...]:
    """The effect rules of the step on line ``index`` (1-based step = index)."""
    game = registry.get("catan")
    config = game.config(3)
    for step in playout(game, config, 1):
        if step.index == index - 1:
            before = step.state
        if step.index == index:
            return game.effect_rules(before, step.action, step.state)
    raise AssertionError("no such step")


def test_a_differing_digest_names_the_step_s_effect_rules(tmp_path: Path) -> None:
    lines = catan_lines()
    index = next(i for i in range(30, len(lines) - 1) if effects_of(lines, i))
    report = check_lines(edit(lines, index, digest="0" * 64))
    div = report.divergence
    assert div is not None and div.kind == "digest"
    assert div.rules == effects_of(lines, index) != ()
    assert "rules at stake: " + ", ".join(div.rules) in div.describe()
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(edit(lines, index, digest="0" * 64)) + "\n", encoding="utf-8")
    shown = CliRunner().invoke(main, ["check", str(trace)])
    assert shown.exit_code == 1 and div.rules[0] in shown.output
    assert json.loads(CliRunner().invoke(main, ["check", str(trace), "--json"]).stdout)[
        "divergence"]["rules"] == list(div.rules)


def test_a_wrong_actor_names_the_rules_of_the_step_before() -> None:
    lines = catan_lines()
    index = next(i for i in range(30, len(lines) - 1)
                 if json.loads(lines[i])["actor"] != "chance" and effects_of(lines, i - 1))
    actor = json.loads(lines[index])["actor"]
    div = check_lines(edit(lines, index, actor=(actor + 1) % 3)).divergence
    assert div is not None and div.kind == "actor"
    assert div.rules == effects_of(lines, index - 1)


def test_missing_and_extra_actions_name_their_rules() -> None:
    game = registry.get("crafts")
    missing = drv.drive([sys.executable, str(ENGINES / "broken.py"), "miss-legal", "3"], [game],
                        count=1, players=2, seed=4).games[0].divergence
    assert missing is not None and missing.kind == "legal" and missing.missing
    # the effect rules of the action it lacks: rules of the game
    assert missing.rules and set(missing.rules) <= set(game.rules.ids)
    extra = drv.drive([sys.executable, str(ENGINES / "broken.py"), "stale-legal", "3"], [game],
                      count=1, players=2, seed=4).games[0].divergence
    assert extra is not None and extra.rule is not None and extra.rules[0] == extra.rule


def test_the_rules_at_stake_reach_back_to_what_decided_the_situation() -> None:
    from rules_oracle.model.catan import rules as RB
    from rules_oracle.model.core.play import playout
    from rules_oracle.oracle.divergence import Divergence, at_stake

    game = registry.get("catan")
    config = game.config(3)
    state = game.setup(config)
    steps = []
    for step in playout(game, config, 1):
        steps.append((state, step.action, step.state))
        state = step.state
        if len(steps) > 400:
            break
    # a legal divergence names the step before's effect rules too
    i = next(k for k in range(1, len(steps)) if type(steps[k - 1][1]).__name__ == "EndTurn")
    legal = at_stake(game, Divergence("legal", i + 1, "differ"), (steps[i][0], None, None),
                     steps[i - 1])
    assert RB.TURN_END in legal.rules
    # a field after a chance outcome names the choice it completes
    j = next(k for k in range(1, len(steps)) if type(steps[k][1]).__name__ == "Dice"
             and type(steps[k - 1][1]).__name__ == "RollDice")
    seen = at_stake(game, Divergence("observation", j + 1, "differ"), steps[j], steps[j - 1])
    assert RB.TURN_ROLL in seen.rules
    # the set-up's rules when the state after set-up differs
    setup = at_stake(game, Divergence("observation", 0, "differ"), None, None)
    assert setup.rules == game.setup_rules() and RB.COMPONENTS_DEVELOPMENT_DECK in setup.rules
    # the rules deciding the end when one side says the game is over
    end = at_stake(game, Divergence("actor", 9, "over", expected=1, got="terminal"), None,
                   steps[5])
    assert end.rules[:2] == (RB.VICTORY_TEN, RB.VICTORY_OWN_TURN)
    # and when a trace ends while the model's game goes on (the same, as a trace shows it)
    ended = at_stake(game, Divergence("early-end", 9, "over", expected=1, got="end"), None,
                     steps[5])
    assert ended.rules == end.rules
    plain = at_stake(game, Divergence("actor", 9, "other", expected=1, got=2), None, steps[5])
    assert RB.VICTORY_TEN not in plain.rules


@pytest.mark.rules("catan/longest-road.break", "catan/longest-road.minimum",
                   "catan/longest-road.tie", "catan/largest-army.exceed")
def test_a_recomputed_field_names_the_rules_deciding_it() -> None:
    """A road length one short after a road that left the model's lengths unchanged (the
    bug: one's own settlement breaking one's road) names the rules of a road's length, not
    only the road's cost and connection, which are all the step's effect rules."""
    from rules_oracle.model.catan import rules as RB
    from rules_oracle.oracle.diff import FieldDiff
    from rules_oracle.oracle.divergence import Divergence, at_stake

    game = registry.get("catan")
    config = game.config(3)
    state = game.setup(config)
    step = None
    for played in playout(game, config, 1):
        if (type(played.action).__name__ == "BuildRoad" and state.stage.name == "MAIN"
                and [p.road_length for p in state.players]
                == [p.road_length for p in played.state.players]):
            step = (state, played.action, played.state)
            break
        state = played.state
    assert step is not None
    assert RB.LONGEST_ROAD_BREAK not in game.effect_rules(*step)
    seat = step[0].turn
    length = step[2].players[seat].road_length
    found = at_stake(game, Divergence("observation", 9, "differ", diffs=(
        FieldDiff(f"$.seats[{seat}].road_length", length, length - 1),)), step, None)
    assert found.rules[:2] == (RB.BUILD_ROAD_COST, RB.BUILD_ROAD_CONNECTED)
    assert RB.LONGEST_ROAD_BREAK in found.rules and RB.LONGEST_ROAD_MINIMUM in found.rules
    assert game.field_rules("$.players[0].road_length") == game.field_rules(
        f"$.seats[{seat}].road_length")
    card = at_stake(game, Divergence("state", 9, "differ", diffs=(
        FieldDiff("$.longest", -1, 0), FieldDiff("$.army", -1, 1))), step, None)
    assert {RB.LONGEST_ROAD_TIE, RB.LARGEST_ARMY_EXCEED} <= set(card.rules)
    # a field written by the step alone names nothing more
    bank = at_stake(game, Divergence("observation", 9, "differ", diffs=(
        FieldDiff("$.bank[0]", 1, 2),)), step, None)
    assert bank.rules == game.effect_rules(*step)
    assert registry.get("crafts").field_rules("$.seats[0].road_length") == ()
