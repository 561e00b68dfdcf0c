"""`oracle drive`: the faithful engine conforms, every faulty engine is caught and named."""

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "src" / "rules_oracle" / "oracle" / "schema"
ENGINES = Path(__file__).resolve().parent / "engines"
FAITHFUL = [sys.executable, str(ENGINES / "faithful.py")]


def broken(fault: str, after: int = 3) -> list[str]:
    return [sys.executable, str(ENGINES / "broken.py"), fault, str(after)]


def crafts() -> Any:
    return registry.get("crafts")


def run_one(command: list[str], *, timeout: float = 10.0, **kw: Any) -> drv.GameRun:
    report = drv.drive(command, [crafts()], count=1, players=2, timeout=timeout, **kw)
    assert len(report.games) == 1
    return report.games[0]


def played(game: str, players: int, seed: int, policy: str = "uniform") -> list[Any]:
    g = registry.get(game)
    return [unstructure(s.action) for s in playout(g, g.config(players), seed, policy)]


# -- the faithful engine ----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "policy"), [
    ("crafts", 3, "uniform"), ("crafts", 2, "eager"), ("burgundy", 2, "uniform")])
def test_faithful_engine_conforms(game: str, players: int, policy: str) -> None:
    report = drv.drive(FAITHFUL, [registry.get(game)], count=1, seed=4, players=players,
                       policy=policy)
    assert report.conforms, report.games[0].divergence
    run = report.games[0]
    assert run.finished and run.probes > run.steps // 2
    # the game played is the one `oracle play` writes for that seed and policy
    assert list(run.actions) == played(game, players, 4, policy)
    assert run.steps == len(run.actions)
    assert run.replay == f"oracle play {game} --players {players} --seed 4 --policy {policy}"
    assert report.requests > 3 * run.steps
    assert report.to_json()["status"] == "conforms"


def test_player_counts_cycle_and_seeds_follow() -> None:
    g = crafts()
    planned = drv.plan(g, None, 7, 10)
    assert [c.players for c, _ in planned] == [2, 3, 4, 5, 6, 2, 3]
    assert [s for _, s in planned] == list(range(10, 17))
    assert {c.players for c, _ in drv.plan(g, 4, 3, 0)} == {4}


def test_digest_sent_with_apply_needs_no_state_request() -> None:
    inline = run_one(broken("inline"))
    plain = run_one(FAITHFUL)
    assert inline.conforms and plain.conforms
    assert inline.actions == plain.actions


# -- faulty engines -------------------------------------------------------------------------


def assert_prefix(run: drv.GameRun) -> None:
    """The actions reported are the first steps of the seeded game: it can be replayed."""
    assert list(run.actions) == played("crafts", 2, 0)[: len(run.actions)]


def test_accepting_an_illegal_action_is_named_with_the_model_rule() -> None:
    run = run_one(broken("accept-illegal"))
    div = run.divergence
    assert div is not None and div.kind == "accepts-illegal"
    assert div.step == 4 and div.request == "apply"
    assert div.rule in crafts().rules and div.action is not None
    rule = crafts().rules[div.rule]
    assert div.to_json()["citation"] == f"{rule.file}: «{rule.quote}» ({rule.summary})"
    assert f"«{rule.quote}» ({rule.summary})" in div.describe()
    assert div.action not in played("crafts", 2, 0)[:4]
    # its state stayed the model's: play went on to the end, and each illegal action it
    # accepted later is reported too
    assert div.resumed == "unchanged" and run.finished and run.status == "diverges"
    assert run.accepted > 1 and len(run.later) == min(run.accepted, drv.MAX_FOUND) - 1
    assert all(d.kind == "accepts-illegal" and d.step >= 4 for d in run.later)
    assert run.after_accepted == run.steps - 3
    assert run.actions == tuple(played("crafts", 2, 0))


def test_a_missing_legal_action_is_named() -> None:
    run = run_one(broken("miss-legal"))
    div = run.divergence
    assert div is not None and div.kind == "legal" and div.step == 4
    assert div.missing_count == 1 and len(div.missing) == 1 and not div.extra
    assert "1 legal action(s) missing" in div.message
    assert "missing: " in div.describe()
    assert_prefix(run)


def test_extra_and_duplicate_actions_are_named() -> None:
    extra = run_one(broken("extra-legal")).divergence
    assert extra is not None and extra.kind == "legal" and extra.extra_count == 1
    assert extra.extra[0]["type"] == "Nothing" and not extra.missing
    dup = run_one(broken("duplicate")).divergence
    assert dup is not None and dup.kind == "legal" and "twice" in dup.message


def test_a_wrong_state_is_shown_field_by_field() -> None:
    run = run_one(broken("wrong-state"))
    div = run.divergence
    assert div is not None and div.kind == "digest" and div.step == 3
    assert [d.path for d in div.diffs] == ["$.config.players"]
    assert (div.diffs[0].expected, div.diffs[0].got) == (2, 12)
    assert div.action == run.actions[-1] and len(run.actions) == 3
    assert_prefix(run)


def test_a_wrong_digest_without_state() -> None:
    div = run_one(broken("wrong-digest")).divergence
    assert div is not None and div.kind == "digest" and div.got == "0" * 64
    assert div.request == "state" and not div.diffs


def test_set_up_digest_and_a_state_that_differs_under_the_right_digest() -> None:
    setup = run_one(broken("setup-digest")).divergence
    assert setup is not None and setup.kind == "setup-digest" and setup.step == 0
    assert setup.got == "1" * 64 and setup.request == "reset"
    state = run_one(broken("state-differs")).divergence
    assert state is not None and state.kind == "state" and state.step == 3
    assert [(d.path, d.note) for d in state.diffs] == [("$.surplus", "not in the model")]


def test_wrong_actor_and_wrong_chance_probabilities() -> None:
    actor = run_one(broken("wrong-actor")).divergence
    assert actor is not None and actor.kind == "actor"
    assert actor.got == actor.expected + 1
    chance = run_one(broken("bad-chance", 0)).divergence
    assert chance is not None and chance.kind == "chance" and chance.step == 1
    assert chance.got == "1/1" and chance.expected != "1/1"
    count = run_one(broken("probability-count", 0)).divergence
    assert count is not None and count.kind == "protocol" and "probabilities" in count.message


def test_rejecting_a_legal_action() -> None:
    div = run_one(broken("reject-legal")).divergence
    assert div is not None and div.kind == "rejects-legal" and div.step == 4
    assert "I do not play" in div.message


def test_another_rule_id_is_a_warning_or_with_strict_rules_a_divergence() -> None:
    lax = run_one(broken("wrong-rule"))
    assert lax.conforms and lax.warnings
    assert "nowhere/no-such-rule" in lax.warnings[0]
    strict = run_one(broken("wrong-rule"), strict_rules=True).divergence
    assert strict is not None and strict.kind == "rule"
    assert strict.got == "nowhere/no-such-rule" and strict.expected in crafts().rules


def test_a_refused_reset() -> None:
    run = run_one(broken("refuse"))
    assert run.divergence is not None and run.divergence.kind == "reset"
    assert run.divergence.step == 0 and "plays nothing" in run.divergence.message
    assert run.actions == ()


# -- crashes, hangs, garbage ----------------------------------------------------------------


def test_a_crash_mid_game_with_its_exit_code_and_stderr() -> None:
    report = drv.drive(broken("crash"), [crafts()], count=2, players=2)
    assert [g.divergence.kind for g in report.games if g.divergence] == ["crash", "crash"]
    div = report.games[0].divergence
    assert div is not None and div.exit_code == 3 and div.step == 4
    assert "something went badly wrong" in div.message
    assert_prefix(report.games[0])


def test_a_hang_times_out() -> None:
    # the timeout covers the engine's start-up too: generous, so a loaded machine passes
    div = run_one(broken("hang"), timeout=3.0).divergence
    assert div is not None and div.kind == "timeout" and div.step == 4
    assert "no reply to legal within 3 s" in div.message


def test_an_engine_that_never_reads() -> None:
    div = run_one(broken("silent-deaf"), timeout=0.3).divergence
    assert div is not None and div.kind == "timeout" and div.step == 0


@pytest.mark.parametrize(("fault", "words"), [
    ("garbage", "not JSON"), ("shape", "$.actions: missing field"),
    ("twice-key", '$.actor: the key "actor" is given twice in one object'),
    ("wrong-id", "carries id"), ("error-legal", "answered legal with an error")])
def test_garbage_replies_are_protocol_divergences(fault: str, words: str) -> None:
    div = run_one(broken(fault)).divergence
    assert div is not None and div.kind == "protocol", div
    assert words in div.message
    assert div.reply is not None or fault == "error-legal"


def test_the_subprocess_is_killed_at_the_end() -> None:
    for fault in ("ignore-quit", "hang"):
        peer = drv.Peer(broken(fault, 0), 10.0)  # start-up may be slow on a loaded machine
        peer.request("reset", game="crafts", players=2, variant={})
        peer.timeout = 0.3
        if fault == "hang":
            with pytest.raises(drv.PeerFailure):
                peer.request("legal")
        assert peer.alive
        peer.close(grace=0.05)
        assert not peer.alive and peer.proc.returncode is not None
        peer.close()  # closing twice is harmless


def test_reply_shapes() -> None:
    for reply, words in [([], "not a JSON object"), ({"actor": 0}, "no boolean field ok"),
                         ({"ok": False}, "$.error: missing field"),
                         ({"ok": True, "actor": 1.0, "actions": []}, "$.actor: expected"),
                         ({"ok": True, "actor": "x", "actions": []}, "$.actor"),
                         ({"ok": True, "actions": [{"card": 1}], "actor": 0}, "$.actions[0]")]:
        with pytest.raises(drv.PeerFailure) as info:
            drv.validate_reply("legal", reply)
        assert info.value.kind == "protocol" and words in info.value.message, info.value.message
    drv.validate_reply("state", {"ok": True, "digest": "a" * 64, "id": 3})
    drv.validate_reply("apply", {"ok": False, "error": "no", "rule": "x/y"})
    with pytest.raises(drv.PeerFailure):
        drv.validate_reply("state", {"ok": True})


def test_bad_arguments() -> None:
    with pytest.raises(drv.DriveError, match="cannot start"):
        drv.drive([str(ROOT / "no-such-engine")], [crafts()], count=1)
    with pytest.raises(drv.DriveError, match="policy"):
        drv.drive(FAITHFUL, [crafts()], policy="greedy")
    with pytest.raises(drv.DriveError, match="timeout"):
        drv.drive(FAITHFUL, [crafts()], timeout=0)
    with pytest.raises(drv.DriveError, match="no command"):
        drv.Peer([], 1.0)


def test_protocol_schema_is_valid_and_copied_to_docs() -> None:
    packaged = (SCHEMAS / "protocol.schema.json").read_bytes()
    assert (ROOT / "docs" / "protocol.schema.json").read_bytes() == packaged
    jsonschema.Draft202012Validator.check_schema(drv.schema())


# -- the command line -----------------------------------------------------------------------


def cli(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception)
    return result


def test_cli_conforms_and_json() -> None:
    result = cli("drive", "--game", "crafts", "--games", "1", "--json", "--", *FAITHFUL)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["status"] == "conforms" and data["games"][0]["finished"]
    text = cli("drive", "--game", "crafts", "--games", "1", "-n", "2", "--", *FAITHFUL)
    assert text.exit_code == 0 and "1/1 games conform" in text.stdout


def test_cli_diverges() -> None:
    result = cli("drive", "--game", "crafts", "--games", "1", "--", *broken("miss-legal"))
    assert result.exit_code == 1
    assert "diverges at step 4: legal" in result.stdout
    assert "oracle play crafts --players 2 --seed 0 --policy uniform" in result.stdout
    data = json.loads(cli("drive", "--game", "crafts", "--games", "1", "--json", "--",
                          *broken("wrong-rule")).stdout)
    assert data["status"] == "conforms" and data["games"][0]["warnings"]


@pytest.mark.parametrize(("args", "words"), [
    ((), "no command given"),
    (("--", "x"), "no game given: oracle drive --game GAME|all [OPTIONS] -- CMD [ARGS ...]"
                  f" (games: {', '.join(registry.names())})"),
    (("--game", "nope", "--", "x"), "unknown game"),
    (("--game", "crafts", "-n", "9", "--", "x"), "takes 2 to 6 players"),
    (("--game", "crafts", "-v", "nope=1", "--", "x"), "unknown variant"),
    (("--game", "crafts", "--timeout", "0", "--", "x"), "--timeout"),
    (("--game", "crafts", "--", str(ROOT / "no-such-engine")), "cannot start"),
    (("--game", "crafts", "--bogus", "x"), "unknown option"),
])
def test_cli_bad_input(args: tuple[str, ...], words: str) -> None:
    result = cli("drive", *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines
