"""Drive protocol version 2: declared observations, unsupported kinds, engine-drawn chance."""

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import canonical_text, to_json, unstructure
from rules_oracle.model.core.game import PUBLIC
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import drive as drv

ENGINES = Path(__file__).resolve().parent / "engines"
FAITHFUL = [sys.executable, str(ENGINES / "faithful.py")]
FIELDS = "observe=public:coins,scores,hand_sizes,stage,deck_size"


def v2(*options: str) -> list[str]:
    return [sys.executable, str(ENGINES / "v2.py"), *options]


def run_one(command: list[str], *, seed: int = 4, players: int = 2, **kw: Any) -> drv.GameRun:
    report = drv.drive(command, [registry.get("crafts")], count=1, seed=seed, players=players,
                       **kw)
    return report.games[0]


def test_version_1_engines_are_still_driven() -> None:
    both = [run_one(FAITHFUL, protocol=p) for p in (1, 2)]
    assert all(r.conforms and r.finished for r in both)
    assert both[0].actions == both[1].actions
    assert both[1].declared == drv.Declared()
    with pytest.raises(drv.DriveError, match="unknown protocol version 3"):
        drv.drive(FAITHFUL, [registry.get("crafts")], count=1, protocol=3)


@pytest.mark.parametrize("inline", [False, True])
def test_observation_engine_conforms(inline: bool) -> None:
    run = run_one(v2(FIELDS, *(["inline"] if inline else [])))
    assert run.conforms, run.divergence
    assert run.finished and run.declared.compare == "observation"
    assert run.declared.fields == ("coins", "scores", "hand_sizes", "stage", "deck_size")
    assert run.to_json()["declared"]["viewer"] == "public"


def test_a_seat_view_conforms() -> None:
    run = run_one(v2("observe=1:hand,public"))
    assert run.conforms, run.divergence
    assert run.declared.viewer == 1


def test_a_wrong_field_is_named_by_path() -> None:
    run = run_one(v2(FIELDS, "fault=wrong-view"))
    div = run.divergence
    assert div is not None and div.kind == "observation" and div.step == 3
    assert div.diffs[0].path == "$.coins"
    assert "public view: $.coins" in div.message and "implementation" in div.message


@pytest.mark.parametrize(("fault", "step", "words"), [
    ("missing-field", 3, "missing deck_size"),
    ("undeclared", 3, "undeclared round"),
    ("no-observation", 1, "carries no observation"),
    ("bad-field", 0, '"no_such_field" is not a field of the model\'s PublicView'),
    ("bad-kind", 0, '"Teleport" is not an action kind of crafts'),
])
def test_bad_declarations_are_protocol_divergences(fault: str, step: int, words: str) -> None:
    extra = ["unsupported=Sell"] if fault == "bad-kind" else []
    run = run_one(v2(FIELDS, f"fault={fault}", *extra))
    div = run.divergence
    assert div is not None and div.kind == "protocol" and div.step == step, div
    assert words in div.message


def test_unsupported_kinds_are_never_chosen_and_counted_as_gaps() -> None:
    run = run_one(v2("unsupported=Sell,Buy"), seed=5)
    assert run.conforms, run.divergence
    assert not any(a["type"] in ("Sell", "Buy") for a in run.actions)
    gaps = dict(run.gaps)
    assert gaps.get("Sell", 0) > 0 and set(gaps) <= {"Sell", "Buy"}
    assert run.departed > 0  # the choice left the game `oracle play` writes
    assert run.to_json()["gaps"] == gaps


def test_unsupported_kinds_listed_all_the_same_are_extra() -> None:
    run = run_one(v2("unsupported=Sell", "fault=lists-unsupported"))
    div = run.divergence
    assert div is not None and div.kind == "legal" and div.extra
    assert {a["type"] for a in div.extra} == {"Sell"}


def test_a_game_with_only_unsupported_actions_stops_and_says_so() -> None:
    run = run_one(v2("unsupported=Pass,Exchange"))
    div = run.divergence
    assert div is not None and div.kind == "unsupported"
    assert isinstance(div.expected, list) and div.expected


def test_outcomes_drawn_by_the_engine_are_followed_and_checked() -> None:
    run = run_one(v2("rolls=Draw", FIELDS))
    assert run.conforms, run.divergence
    assert run.rolled > 10 and run.finished
    assert run.departed > 0
    # the engine's own draws were followed: the game is another than the seeded one
    assert run.actions != run_one(FAITHFUL).actions


def test_rolled_outcomes_with_digests_conform() -> None:
    run = run_one(v2("rolls=Draw,FirstPlayer"))
    assert run.conforms, run.divergence
    assert run.rolled > 10


def test_an_impossible_outcome_is_caught() -> None:
    run = run_one(v2("rolls=Draw", "fault=bad-outcome"))
    div = run.divergence
    assert div is not None and div.kind == "outcome" and div.request == "roll"
    assert div.got == {"type": "Nothing"}


def test_the_version_2_replies_fit_the_schema() -> None:
    schema = drv.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    full = {"$schema": schema["$schema"], "$defs": schema["$defs"]}
    ok = [("reset", {"ok": True, "compare": "observation", "viewer": 0, "fields": ["coins"],
                     "unsupported": ["Sell"], "rolls": ["Draw"], "observation": {"coins": 1}}),
          ("roll", {"ok": True, "chance": {"type": "Draw", "card": 1}}),
          ("state", {"ok": True, "observation": {"coins": [1]}}),
          ("reset", {"ok": True, "probe": True}),
          ("probe", {"ok": True, "results": [{"ok": False, "error": "no", "rule": "r"}]}),
          ("probe", {"ok": True, "results": [{"ok": False, "error": "no"},
                                             {"ok": True, "observation": {"coins": 1}}]})]
    bad = [("reset", {"ok": True, "compare": "everything"}),
           ("roll", {"ok": True}),
           ("state", {"ok": True}),
           ("reset", {"ok": True, "probe": 1}),
           ("probe", {"ok": True, "results": []}),
           ("probe", {"ok": True}),
           ("probe", {"ok": True, "results": [{"ok": False}]})]
    for name, reply in ok:
        jsonschema.validate(reply, {**full, "$ref": f"#/$defs/{name}"})
        drv.validate_reply(name, json.loads(json.dumps(reply)))
    for name, reply in bad:
        with pytest.raises(drv.PeerFailure):
            drv.validate_reply(name, reply)


def test_the_cli_shows_gaps_rolls_and_departure() -> None:
    from click.testing import CliRunner

    from rules_oracle.oracle.cli import main

    result = CliRunner().invoke(main, [
        "drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "5",
        "--", *v2("unsupported=Sell,Buy")])
    assert result.exit_code == 0, result.output
    assert "declared gap: legal actions of unsupported kinds not compared: " in result.output
    assert "Sell" in result.output
    assert "is not the one `oracle play` writes" in result.output
    rolled = CliRunner().invoke(main, [
        "drive", "--game", "crafts", "--players", "2", "--games", "1", "--", *v2("rolls=Draw")])
    assert rolled.exit_code == 0, rolled.output
    assert "chance outcomes drawn by the implementation" in rolled.output
    old = CliRunner().invoke(main, ["drive", "--game", "crafts", "--players", "2", "--games",
                                    "1", "--protocol", "1", "--json", "--", *FAITHFUL])
    assert old.exit_code == 0, old.output
    assert json.loads(old.output)["games"][0]["declared"]["compare"] == "digest"


@pytest.mark.parametrize("observe", [True, False])
def test_a_divergence_that_another_reading_explains_is_named(observe: bool) -> None:
    options = [FIELDS] if observe else []
    run = run_one(v2(*options, "play=prices:flat"), seed=1)
    div = run.divergence
    assert div is not None
    assert run.readings == ("crafts/prices=flat",), (div, run.readings)
    assert run.to_json()["readings"] == ["crafts/prices=flat"]
    if not observe:  # the digest covers the configuration: it differs at once
        assert div.kind == "setup-digest"
    else:  # the public view does not: the first difference comes in play
        assert div.step > 10 and div.kind == "legal"


def test_a_fault_no_reading_explains_names_none() -> None:
    run = run_one(v2(FIELDS, "fault=wrong-view"))
    assert run.divergence is not None and run.readings == ()


def test_the_cli_says_conforms_under() -> None:
    from click.testing import CliRunner

    from rules_oracle.oracle.cli import main

    result = CliRunner().invoke(main, [
        "drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "1",
        "--", *v2(FIELDS, "play=prices:flat")])
    assert result.exit_code == 1
    assert "conforms under crafts/prices=flat" in result.output


@pytest.mark.parametrize(("reply", "words"), [
    ({"viewer": 7}, "$.viewer: a viewer is \"public\" or a seat 0-1, not 7"),
    ({"viewer": "everyone"}, "$.viewer"),
    ({"compare": "observation"}, "needs the fields reported"),
    ({"compare": "observation", "fields": ["coins", "coins"]}, "a field is named twice"),
    ({"compare": "observation", "fields": ["type"]}, "is not a field of the model's"),
    ({"fields": ["coins"]}, "declared only with compare \"observation\""),
    ({"rolls": ["Nothing"]}, "$.rolls[0]"),
])
def test_declarations_that_do_not_fit_the_game(reply: dict[str, Any], words: str) -> None:
    game = registry.get("crafts")
    config = game.config(2)
    with pytest.raises(drv.PeerFailure) as caught:
        drv.declared_of(game, config, game.setup(config), {"ok": True, **reply})
    assert caught.value.kind == "protocol" and words in caught.value.message


def test_a_declaration_is_read_whole() -> None:
    game = registry.get("crafts")
    config = game.config(2)
    declared = drv.declared_of(game, config, game.setup(config), {
        "ok": True, "compare": "observation", "viewer": 1, "fields": ["hand", "public"],
        "unsupported": ["Sell"], "rolls": ["Draw"], "players": [2, 3],
        "compound": [{"first": ["Pass", "Buy"], "then": ["FirstPlayer"]}], "probe": True})
    view = unstructure(game.observe(game.setup(config), 1))
    assert declared == drv.Declared("observation", 1, ("hand", "public"),
                                    frozenset({"Sell"}), frozenset({"Draw"}), len(view) - 1,
                                    (2, 3), ((frozenset({"Pass", "Buy"}),
                                              frozenset({"FirstPlayer"})),), True)
    assert declared.to_json() == {"compare": "observation", "viewer": 1,
                                  "fields": ["hand", "public"], "unsupported": ["Sell"],
                                  "rolls": ["Draw"], "available": len(view) - 1,
                                  "players": [2, 3],
                                  "compound": [{"first": ["Buy", "Pass"],
                                                "then": ["FirstPlayer"]}], "probe": True}
    assert declared.then_of("Buy") == frozenset({"FirstPlayer"})
    assert declared.then_of("Sell") is None


def test_a_run_says_what_it_compared_and_require_full_fails_a_partial_one() -> None:
    from click.testing import CliRunner

    from rules_oracle.oracle.cli import main

    game = registry.get("crafts")
    view = unstructure(game.observe(game.setup(game.config(2)), "public"))
    fields = len(view) - 1
    run = run_one(v2("observe=public:coins"))
    assert run.conforms and run.partial == (f"1 of {fields} observation fields compared",)
    full = run_one(v2("observe=public:" + ",".join(sorted(k for k in view if k != "type"))))
    assert full.conforms and full.partial == ()
    unprobed = run_one(FAITHFUL, probes=0)
    assert unprobed.conforms and unprobed.partial == ("no illegal action probed",)
    gaps = run_one(v2(FIELDS, "unsupported=Sell"))
    assert any("legal actions of unsupported kinds not compared (Sell)" in p
               for p in gaps.partial), gaps.partial
    args = ["drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "4"]
    shown = CliRunner().invoke(main, [*args, "--", *v2("observe=public:coins")])
    assert shown.exit_code == 0
    assert f"conforms (partial: 1 of {fields} observation fields compared)" in shown.stdout
    assert f"1/1 games conform (partial: 1 of {fields} observation fields compared)" in (
        shown.stdout)
    strict = CliRunner().invoke(main, [*args, "--require-full", "--", *v2("observe=public:coins")])
    assert strict.exit_code == 1 and "--require-full: not everything was compared" in (
        strict.stdout)
    none = CliRunner().invoke(main, [*args, "--probes", "0", "--json", "--", *FAITHFUL])
    assert json.loads(none.stdout)["partial"] == ["no illegal action probed in 1 of 1 games"]
    assert CliRunner().invoke(main, [*args, "--require-full", "--", *FAITHFUL]).exit_code == 0


def test_the_probes_of_a_step_go_in_one_request_to_an_engine_that_declares_probe() -> None:
    one, batched = (drv.drive(v2(FIELDS, *extra), [registry.get("crafts")], count=1, seed=4,
                              players=2) for extra in ((), ("probe",)))
    assert batched.games[0].conforms, batched.games[0].divergence
    assert batched.games[0].declared.probe and not one.games[0].declared.probe
    # the same game, the same illegal actions tried and judged, in fewer round trips
    assert batched.games[0].actions == one.games[0].actions
    assert batched.games[0].probes == one.games[0].probes > 0
    assert batched.games[0].exercised == one.games[0].exercised
    assert batched.requests < one.requests
    assert batched.games[0].to_json()["declared"]["probe"] is True


def test_an_illegal_action_accepted_inside_a_probe_request_is_caught_and_play_goes_on(
        ) -> None:
    run = run_one(v2(FIELDS, "probe", "fault=probe-accept"))
    div = run.divergence
    assert div is not None and div.kind == "accepts-illegal" and div.request == "probe"
    # the engine's state was left as it was: play went on to the end, and the probes after
    # the accepted one were sent after it (one apply each when one is left)
    assert run.finished and run.accepted > 1
    plain = run_one(v2(FIELDS))
    assert run.probes == plain.probes


@pytest.mark.parametrize(("fault", "words"), [
    ("probe-extra", "results to a probe of"),
    ("probe-short", "none accepted"),
    ("probe-error", "answered probe with an error"),
])
def test_a_probe_reply_that_does_not_answer_each_action_is_a_protocol_divergence(
        fault: str, words: str) -> None:
    run = run_one(v2(FIELDS, "probe", f"fault={fault}"))
    div = run.divergence
    assert div is not None and div.kind == "protocol" and div.request == "probe"
    assert words in div.message


@pytest.mark.parametrize("name", sorted(registry.names()))
def test_a_view_compared_field_by_field_reads_as_the_whole_view(name: str) -> None:
    # the observation is compared field by field, each field's canonical text written from
    # the model's value: the same text as that field of the whole view unstructured
    game = registry.get(name)
    config = game.config(game.min_players)
    states = [step.state for step in playout(game, config, 1)][::7]
    for state in states:
        for viewer in (PUBLIC, 0):
            view = game.observe(state, viewer)
            data = unstructure(view)
            assert drv._field_names(type(view)) == set(data) - {"type"}
            for key in drv._field_names(type(view)):
                assert to_json(getattr(view, key)) == canonical_text(data[key])
    assert drv._field_names(int) == frozenset()


def test_the_texts_of_the_model_s_actions_are_remembered_within_a_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("crafts")
    config = game.config(2)
    run = drv._Game(None, game, config, 1, "uniform", 2, False, 2)  # type: ignore[arg-type]
    monkeypatch.setattr(drv, "MAX_TEXTS", 2)
    actions = [step.action for step in playout(game, config, 1)][:6]
    for action in actions:
        assert run._text_of(action) == to_json(action) == run._text_of(action)
        assert len(run._texts) <= 2
