"""What a drive exercised (rule ids of the steps played and of the probes rejected), and
the ``steer`` policy that drives towards the rules not exercised yet."""

import json
import random
import sys
from pathlib import Path

from click.testing import CliRunner

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.play import STEER, Steering, playout
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle.cli import main

ENGINES = Path(__file__).resolve().parent / "engines"
FAITHFUL = [sys.executable, str(ENGINES / "faithful.py")]
V2 = [sys.executable, str(ENGINES / "v2.py")]


def test_a_drive_counts_the_rules_its_steps_and_rejected_probes_exercised() -> None:
    game = registry.get("crafts")
    quiet = drv.drive(FAITHFUL, [game], count=1, seed=3, players=2, probes=0).games[0]
    probed = drv.drive(FAITHFUL, [game], count=1, seed=3, players=2).games[0]
    assert quiet.conforms and probed.finished
    assert quiet.rules_total == probed.rules_total == len(game.rules)
    # the steps' effect rules, each a rule of the game
    config = game.config(2)
    state = game.setup(config)
    applied: set[str] = set()
    for step in playout(game, config, 3):
        applied.update(game.effect_rules(state, step.action, step.state))
        state = step.state
    assert set(quiet.exercised) == applied & set(game.rules.ids)
    assert quiet.exercised
    # the probes rejected add the rules they broke
    assert set(quiet.exercised) < set(probed.exercised)
    data = probed.to_json()["rules_exercised"]
    assert data == {"count": len(probed.exercised), "of": len(game.rules),
                    "rules": list(probed.exercised)}


def test_the_report_joins_the_games_of_each_game() -> None:
    game = registry.get("crafts")
    report = drv.drive(FAITHFUL, [game], count=2, seed=3, players=2)
    ids, total = report.exercised()["crafts"]
    assert set(ids) == set(report.games[0].exercised) | set(report.games[1].exercised)
    assert total == len(game.rules)
    assert report.to_json()["rules_exercised"]["crafts"]["count"] == len(ids)


def test_steer_drives_the_game_oracle_play_steers() -> None:
    game = registry.get("crafts")
    run = drv.drive(FAITHFUL, [game], count=1, seed=5, players=2, policy=STEER).games[0]
    assert run.conforms and run.finished and run.policy == STEER
    played = [unstructure(s.action) for s in playout(game, game.config(2), 5, STEER)]
    assert list(run.actions) == played
    assert run.replay.endswith("--policy steer")


def test_steer_chooses_only_supported_kinds() -> None:
    run = drv.drive([*V2, "unsupported=Sell,Buy"], [registry.get("crafts")], count=1,
                    seed=5, players=2, policy=STEER).games[0]
    assert run.conforms, run.divergence
    assert not any(a["type"] in ("Sell", "Buy") for a in run.actions)
    assert run.departed > 0


def test_steering_among_given_actions_prefers_a_rule_not_shown() -> None:
    game = registry.get("crafts")
    state = game.setup(game.config(2))
    while game.actor(state) < 0:
        state = game.apply(state, next(iter(dict(game.chance_outcomes(state)))))
    actions = game.legal_actions(state)
    steering = Steering(game)
    rng = random.Random(0)
    one = actions[:1]
    assert steering.choose(state, rng, one) == one[0]
    steering.shown.update(r for a in actions
                          for r in game.effect_rules(state, a, game.apply(state, a)))
    # every rule shown: a weighted choice among those given
    assert steering.choose(state, rng, actions) in actions
    try:
        steering.choose(state, rng, ())
    except ValueError as exc:
        assert "no action" in str(exc)
    else:  # pragma: no cover - the empty choice is refused
        raise AssertionError("an empty choice was accepted")


def test_the_cli_drives_with_steer_and_says_what_was_exercised() -> None:
    result = CliRunner().invoke(main, ["drive", "--game", "crafts", "--games", "1",
                                       "--players", "2", "--policy", "steer", "--",
                                       *FAITHFUL])
    assert result.exit_code == 0, result.output
    assert "rules exercised (crafts):" in result.output
    assert " of " in result.output.split("rules exercised (crafts):")[1]
    result = CliRunner().invoke(main, ["drive", "--game", "crafts", "--games", "1",
                                       "--players", "2", "--json", "--", *FAITHFUL])
    assert json.loads(result.output)["rules_exercised"]["crafts"]["of"] > 0


def test_a_player_count_the_engine_declares_unsupported_is_a_gap_not_a_divergence() -> None:
    game = registry.get("crafts")
    counts = range(game.min_players, game.max_players + 1)
    assert len(counts) >= 2
    only = counts[-1]
    report = drv.drive([*V2, f"players={only}"], [game], count=len(counts), seed=2)
    skipped = [g for g in report.games if not g.driven]
    assert skipped and all(g.players != only for g in skipped)
    assert all(g.divergence is None for g in report.games), report.games
    assert report.passes
    gap = skipped[0]
    assert gap.steps == 0 and gap.declared.players == (only,)
    assert gap.partial == (f"not driven: the implementation supports {only} players only",)
    assert gap.to_json()["driven"] is False
    assert any("not driven (player counts the implementation does not support" in p
               for p in report.partial)
    driven = next(g for g in report.games if g.driven)
    assert driven.conforms and driven.finished and driven.declared.players == (only,)
    # without the declaration a refused reset stays a divergence
    plain = drv.drive([*V2, f"players={only}"], [game], count=1, seed=2,
                      players=counts[0], protocol=1).games[0]
    assert plain.divergence is not None and plain.divergence.kind == "reset"


def test_a_declared_count_that_excludes_the_game_accepted_is_a_protocol_divergence() -> None:
    game = registry.get("crafts")
    run = drv.drive([*V2, f"players={game.max_players}", "fault=players-mismatch"], [game],
                    count=1, seed=2, players=game.min_players).games[0]
    assert run.divergence is not None and run.divergence.kind == "protocol"
    assert "$.players" in run.divergence.message


def test_the_cli_shows_the_count_not_driven() -> None:
    game = registry.get("crafts")
    result = CliRunner().invoke(main, ["drive", "--game", "crafts", "--games", "1",
                                       "--players", str(game.min_players), "--",
                                       *V2, f"players={game.max_players}"])
    assert result.exit_code == 0, result.output
    assert "not driven: the implementation supports" in result.output
    result = CliRunner().invoke(main, ["drive", "--game", "crafts", "--games", "1",
                                       "--players", str(game.min_players), "--require-full",
                                       "--", *V2, f"players={game.max_players}"])
    assert result.exit_code == 1


def test_a_checked_trace_says_the_rules_its_steps_exercised(tmp_path: Path) -> None:
    from rules_oracle.oracle.check import check_lines
    from tests.oracle.helpers import edit, lines_of

    game = registry.get("crafts")
    lines = lines_of("crafts", seed=3, players=2)
    report = check_lines(lines)
    config = game.config(2)
    state = game.setup(config)
    applied: set[str] = set()
    for step in playout(game, config, 3):
        applied.update(game.effect_rules(state, step.action, step.state))
        state = step.state
    assert report.conforms and set(report.exercised) == applied & set(game.rules.ids)
    assert report.rules_total == len(game.rules)
    assert report.to_json()["rules_exercised"]["count"] == len(report.exercised)
    # a trace that diverges part-way exercised only the steps before it
    cut = len(lines) // 2
    bad = edit(lines, cut, lambda r: r.update(digest="0" * 64))
    short = check_lines(bad)
    assert short.divergence is not None
    assert set(short.exercised) <= set(report.exercised)
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the console wraps long lines
    assert f"rules exercised {len(report.exercised)} of {len(game.rules)}" in said
    path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert f"rules exercised before it {len(short.exercised)} of {len(game.rules)}" in said
