"""The oracle's citations and generated pages for catan's rules, quoted and unquoted."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.game import GAME
from rules_oracle.oracle.check import cite
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.report import render
from rules_oracle.oracle.trace import record_game


@pytest.mark.rules("catan/build.distance", "catan/board.robber-start")
def test_citations_quote_or_name_the_source() -> None:
    quoted = cite(RB.BUILD_DISTANCE)
    assert quoted is not None and quoted.startswith("../data/README.md: «no settlement")
    unquoted = cite(RB.BOARD_ROBBER_START)
    assert unquoted is not None and "«" not in unquoted
    assert unquoted.startswith("supplementary: published base game")
    assert "robber starts on the desert" in unquoted


@pytest.mark.rules("catan/trade-build-phase", "catan/bank-shortage")
def test_ambiguity_page_marks_a_gap_without_a_quote() -> None:
    page = render()
    phases = page[page.index("### `catan/trade-build-phase`"):]
    assert phases.split("\n")[2] == "(no quote: no project text states it)"
    shortage = page[page.index("### `catan/bank-shortage`"):]
    assert shortage.split("\n")[2].startswith("> if the bank cannot pay everyone")


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_play_bad_input_names_the_problem(tmp_path: Path) -> None:
    for args, words in (
        (("--players", "2"), "catan takes 3 to 4 players, not 2"),
        (("-v", "tokens=zigzag"), "readings are spiral, random"),
        (("-v", "board=hex"), "allowed are beginner, variable"),
    ):
        result = _run("play", "catan", "--out", str(tmp_path / "g.jsonl"), *args)
        assert result.exit_code == 2 and words in result.stderr, result.output


@pytest.mark.rules("catan/turn.actor")
def test_check_names_the_broken_rule_in_a_tampered_trace(tmp_path: Path) -> None:
    lines = list(record_game(GAME, GAME.config(3), 4))
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _run("check", str(good)).exit_code == 0
    # the first end of a turn, replaced by a second roll
    i = next(k for k, x in enumerate(lines) if '"EndTurn"' in x)
    record = json.loads(lines[i])
    record["action"] = {"type": "RollDice"}
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*lines[:i], json.dumps(record), *lines[i + 1:]]) + "\n",
                   encoding="utf-8")
    result = _run("check", str(bad), "--json")
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["status"] == "diverges"
    assert report["divergence"]["rule"] == "catan/turn.actor"
    assert report["divergence"]["step"] == i


def test_every_entry_point_rejects_bad_catan_input_in_one_line(tmp_path: Path) -> None:
    """Exit 2 and one error line naming the problem, for each command given catan."""
    lines = list(record_game(GAME, GAME.config(3), 4))
    header = json.loads(lines[0])
    two = tmp_path / "two.jsonl"
    two.write_text(json.dumps({**header, "players": 2}) + "\n" + "\n".join(lines[1:3]) + "\n",
                   encoding="utf-8")
    cases = [
        (("check", str(two)), "catan takes 3 to 4 players, not 2"),
        (("ambiguities", "catan", "--witness", "catan/nope"),
         "'catan/nope' is not an ambiguity of catan with a variant option"),
        (("rules", "catan", "--coverage", "--tests", str(tmp_path / "none")),
         "tests directory"),
        (("verify", "catan", "--games", "0"), "--games"),
        (("vectors", "catan", "--count", "0"), "--count"),
        (("drive", "--game", "catan", "--players", "2", "--", "true"),
         "catan takes 3 to 4 players, not 2"),
        (("drive", "--game", "catan", "--games", "1", "--", str(tmp_path / "no-engine")),
         "cannot start"),
    ]
    for args, words in cases:
        result = _run(*args)
        errors = result.stderr.strip().splitlines()
        assert result.exit_code == 2, (args, result.output)
        assert len(errors) == 1 and words in errors[0], (args, result.stderr)
        assert "Traceback" not in result.output
