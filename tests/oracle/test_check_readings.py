"""`oracle check` retries a diverging step under the other readings of the ambiguities."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rules_oracle.model.core import registry
from rules_oracle.oracle.check import check_lines
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.known import Deviation, KnownError, parse
from rules_oracle.oracle.trace import record_game
from tests.oracle.helpers import edit

FLAT = "crafts/prices=flat"


def flat_trace(observations: str | None, seed: int = 1) -> list[str]:
    """A crafts game played under ``prices=flat`` whose header claims the default
    (``graded``): an engine following the other reading of ``crafts/prices``."""
    game = registry.get("crafts")
    lines = list(record_game(game, game.config(2, {"prices": "flat"}), seed,
                             observations=observations))

    def claim_default(head: dict[str, object]) -> None:
        variant = head["variant"]
        assert isinstance(variant, dict) and variant["prices"] == "flat"
        variant["prices"] = "graded"
        if observations is not None:
            head.pop("digest")  # the state after set-up holds its configuration

    return edit(lines, 0, claim_default)


def test_the_trace_conforms_under_its_own_reading() -> None:
    lines = flat_trace("public")
    honest = edit(lines, 0, lambda head: head["variant"].update(prices="flat"))
    report = check_lines(honest)
    assert report.conforms and report.readings == ()


def test_an_observation_divergence_is_named_by_the_reading_that_explains_it() -> None:
    report = check_lines(flat_trace("public"))
    div = report.divergence
    assert div is not None and div.kind == "observation" and div.step > 1
    assert report.readings == (FLAT,)
    assert report.to_json()["readings"] == [FLAT]
    assert f"conforms under {FLAT}" in report.conforms_under()


def test_a_digest_trace_diverges_at_set_up_and_is_named_too() -> None:
    report = check_lines(flat_trace(None))
    assert report.divergence is not None and report.divergence.kind == "setup-digest"
    assert report.readings == (FLAT,)


def test_a_fault_no_reading_explains_names_none() -> None:
    lines = flat_trace("public")
    honest = edit(lines, 0, lambda head: head["variant"].update(prices="flat"))
    i = next(k for k, x in enumerate(honest) if '"viewer"' in x and k > 5)
    broken = edit(honest, i, lambda r: r["observation"]["fields"].update(round=99))
    report = check_lines(broken)
    assert report.divergence is not None and report.divergence.kind == "observation"
    assert report.readings == ()
    assert report.conforms_under() == ""


def test_the_cli_says_conforms_under_and_a_reading_matcher_classifies(tmp_path: Path) -> None:
    trace = tmp_path / "flat.jsonl"
    trace.write_text("\n".join(flat_trace("public")) + "\n", encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(main, ["check", str(trace)])
    assert text.exit_code == 1, text.output
    assert f"conforms under {FLAT}" in text.output
    out = json.loads(runner.invoke(main, ["check", str(trace), "--json"]).stdout)
    assert out["status"] == "diverges" and out["readings"] == [FLAT]
    known = tmp_path / "known.json"
    entry = {"id": "e/flat", "class": "reading", "rule": "crafts/prices",
             "explanation": "flat prices", "match": {"reading": FLAT}}
    known.write_text(json.dumps({"version": 1, "engine": "e", "game": "crafts",
                                 "deviations": [entry]}),
                     encoding="utf-8")
    assert parse(known.read_text(encoding="utf-8"))[0].match.reading == FLAT
    passed = runner.invoke(main, ["check", str(trace), "--known", str(known), "--json"])
    assert passed.exit_code == 0, passed.output
    out = json.loads(passed.stdout)
    assert out["known"] == {"e/flat": 1} and out["status"] == "known"
    assert out["divergences"][0]["known"] == "e/flat"


def _edition_trace() -> list[str]:
    """A Burgundy game of the 2019 edition whose header claims the text's first edition."""
    game = registry.get("burgundy")
    lines = list(record_game(game, game.config(2, {"edition": "2019"}), 3,
                             observations="public"))

    def claim_first(head: dict[str, object]) -> None:
        variant = head["variant"]
        assert isinstance(variant, dict)
        variant["edition"] = "first"
        head.pop("digest", None)

    return edit(lines, 0, claim_first)


def _edition_file(match: dict[str, object]) -> str:
    return json.dumps({"version": 1, "game": "burgundy", "deviations": [
        {"id": "anniversary", "class": "edition", "rule": "burgundy/edition",
         "explanation": "the engine prints the 2019 anniversary edition's knowledge tiles",
         "match": match}]})


@pytest.mark.rules("burgundy/edition")
def test_an_edition_entry_plays_the_engine_s_edition_and_needs_its_reading() -> None:
    lines = _edition_trace()
    plain = check_lines(lines)
    assert plain.divergence is not None and plain.readings == ("burgundy/edition=2019",)
    known = parse(_edition_file({"kind": "observation", "reading": "burgundy/edition=2019"}),
                  "edition.json")
    report = check_lines(lines, known=known)
    assert report.passes and report.absorbed() == {"anniversary": 1}
    # an edition entry without the edition's reading is refused, naming the field
    with pytest.raises(KnownError, match=r"\.match\.reading: entry 'anniversary': an edition"):
        parse(_edition_file({"kind": "observation", "rule": "burgundy/knowledge.15"}),
              "edition.json")


def test_a_reading_and_a_path_entry_explain_one_step_together() -> None:
    """The engine plays flat prices and, at the step they first show, also reports a wrong
    round: the reading explains the prices' fields, the path entry the round; each is
    counted, and the model follows the trace under the reading from there."""
    lines = flat_trace("public")
    first = check_lines(lines).divergence
    assert first is not None and first.line is not None
    broken = edit(lines, first.line - 1,
                  lambda r: r["observation"]["fields"].update(round=99))
    flat: dict[str, object] = {"id": "e/flat", "class": "reading", "rule": "crafts/prices",
                               "explanation": "flat prices", "match": {"reading": FLAT}}
    round_: dict[str, object] = {
        "id": "e/round", "class": "engine-bug", "rule": "crafts/prices",
        "explanation": "a wrong round", "match": {"kind": "observation", "path": "$.round"}}

    def known(*entries: dict[str, object]) -> tuple[Deviation, ...]:
        return parse(json.dumps({"version": 1, "engine": "e", "game": "crafts",
                                 "deviations": list(entries)}))

    report = check_lines(broken, known=known(flat, round_))
    assert report.status == "known" and report.uncompared == 0, report.divergences
    assert report.absorbed() == {"e/flat": 1, "e/round": 1}
    assert [d.entries for d in report.divergences] == [("e/flat", "e/round")]
    assert report.finished
    # either alone leaves a field unexplained
    for alone in (flat, round_):
        failed = check_lines(broken, known=known(alone))
        assert failed.status == "diverges" and failed.divergence is not None
        assert failed.divergence.step == first.step and failed.absorbed() == {}


def test_the_cli_names_each_entry_explaining_a_step(tmp_path: Path) -> None:
    lines = flat_trace("public")
    first = check_lines(lines).divergence
    assert first is not None and first.line is not None
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(edit(lines, first.line - 1, lambda r: r["observation"][
        "fields"].update(round=99))) + "\n", encoding="utf-8")
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"version": 1, "engine": "e", "game": "crafts", "deviations": [
        {"id": "e/flat", "class": "reading", "rule": "crafts/prices",
         "explanation": "flat prices", "match": {"reading": FLAT}},
        {"id": "e/round", "class": "engine-bug", "rule": "crafts/prices",
         "explanation": "a wrong round", "match": {"kind": "observation", "path": "$.round"}},
    ]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(trace), "--known", str(known)])
    assert result.exit_code == 0, result.output
    assert f"known deviation e/flat (reading, crafts/prices) at step {first.step}" in (
        result.output)
    assert "(with e/round)" in result.output and "(with e/flat)" in result.output
    assert "known deviations met: e/flat 1x, e/round 1x" in result.output


def test_the_fields_still_differing_under_a_reading() -> None:
    from rules_oracle.oracle.diff import FieldDiff
    from rules_oracle.oracle.divergence import Divergence
    from rules_oracle.oracle.retry import fields_under

    game = registry.get("crafts")
    config = game.config(2)
    field = FieldDiff("$.round", 1, 2)
    seen: list[object] = []

    def compared(before: object) -> Divergence | None:
        seen.append(before)
        return Divergence("observation", 1, "m", diffs=(field,))

    assert fields_under(game, config, [], compared, FLAT) == (field,)
    assert seen and getattr(seen[0], "config", None) != config  # set up under the reading
    assert fields_under(game, config, [], lambda _: None, FLAT) == ()
    assert fields_under(game, config, [], lambda _: Divergence("actor", 1, "m"), FLAT) is None
    assert fields_under(game, config, [], compared, "crafts/prices=none") is None

    def fails(before: object) -> Divergence | None:
        raise ValueError("the model fails there")

    assert fields_under(game, config, [], fails, FLAT) is None
