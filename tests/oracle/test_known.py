"""Known-deviation files: parsing, matching, and `check`/`drive --known`."""

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result

from rules_oracle.oracle import known as kn
from rules_oracle.oracle.check import Divergence
from rules_oracle.oracle.cli import main
from rules_oracle.oracle.diff import FieldDiff
from rules_oracle.oracle.drive import DriveDivergence
from tests.oracle.helpers import edit, lines_of

ROOT = Path(__file__).resolve().parents[2]
ENGINES = Path(__file__).resolve().parent / "engines"


def entry(match: dict[str, Any], ident: str = "x/one", cls: str = "engine-bug") -> dict[str, Any]:
    return {"id": ident, "class": cls, "rule": "crafts/setup.shuffle",
            "explanation": "one line", "match": match}


def text_of(*entries: dict[str, Any]) -> str:
    return json.dumps({"version": 1, "engine": "e", "deviations": list(entries)}, indent=2)


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_schema_is_valid_and_copied_to_docs() -> None:
    packaged = (ROOT / "oracle" / "schema" / "known.schema.json").read_bytes()
    assert (ROOT / "docs" / "known.schema.json").read_bytes() == packaged
    jsonschema.Draft202012Validator.check_schema(kn.schema())


def test_parse_reads_every_field() -> None:
    (dev,) = kn.parse(text_of(entry({"kind": "legal", "action": ["Sell"], "path": "$.a",
                                     "rule": "r/x", "reading": "g/a=b", "legal": "extra"})))
    assert dev.id == "x/one" and dev.cls == "engine-bug" and dev.rule == "crafts/setup.shuffle"
    assert dev.match == kn.Matcher("legal", "r/x", ("Sell",), ("$.a",), "g/a=b", "extra")
    assert dev.to_json()["match"] == {"kind": "legal", "rule": "r/x", "action": ["Sell"],
                                      "path": ["$.a"], "reading": "g/a=b", "legal": "extra"}
    assert not dev.resume and dev.to_json()["continue"] is False


@pytest.mark.parametrize(("text", "words"), [
    ('{"version": 1,\n "deviations": [\n', "not JSON"),
    (text_of(entry({})), "line 6: $.deviations[0].match"),
    (text_of(entry({"kind": "digest"}), entry({"kind": "legal"}, "x/two", "bug")),
     "line 15: $.deviations[1].class"),
    (text_of(entry({"kind": "digest"}), entry({"kind": "legal"})), "used twice"),
    ('{"version": 2, "deviations": []}', "$.version"),
    (text_of(entry({"kind": "digest"})).replace('"kind": "digest"',
                                                '"kind": "actor", "kind": "digest"'),
     'line 11: $.deviations[0].match.kind: the key "kind" is given twice in one object'),
])
def test_malformed_files_name_line_and_field(text: str, words: str) -> None:
    with pytest.raises(kn.KnownError) as caught:
        kn.parse(text, "k.json")
    assert words in str(caught.value)
    assert str(caught.value).startswith("k.json")


def test_load_reports_an_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(kn.KnownError, match="cannot read it"):
        kn.load(str(tmp_path / "none.json"))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(kn.KnownError, match=r"bad\.json"):
        kn.load(str(bad))


def div(kind: str = "digest", **kw: Any) -> DriveDivergence:
    return DriveDivergence(kind, 3, "m", **kw)


@pytest.mark.parametrize(("match", "divergence", "readings", "expected"), [
    ({"kind": "digest"}, div(), (), True),
    ({"kind": "legal"}, div(), (), False),
    ({"rule": "a/b"}, div("rejects-legal", rule="a/b"), (), True),
    ({"rule": "a/b"}, div("rejects-legal", rule="a/c"), (), False),
    ({"action": ["Sell"]}, div(action={"type": "Sell"}), (), True),
    ({"action": ["Sell"]}, div(action={"type": "Buy"}), (), False),
    ({"action": ["Sell"]}, div(action=None), (), False),
    ({"action": ["Sell", "Buy"]}, div("legal", missing=({"type": "Sell"},),
                                      extra=({"type": "Buy"},)), (), True),
    ({"action": ["Sell"]}, div("legal", missing=({"type": "Sell"},),
                               extra=({"type": "Buy"},)), (), False),
    ({"path": "$.seats[*].hand_size"},
     div("observation", diffs=(FieldDiff("$.seats[2].hand_size", 1, 2),)), (), True),
    ({"path": "$.seats"}, div("observation", diffs=(FieldDiff("$.seats[2].roads", 1, 2),)),
     (), True),
    ({"path": "$.seat"}, div("observation", diffs=(FieldDiff("$.seats[2].roads", 1, 2),)),
     (), False),
    ({"path": "$.bank"}, div(), (), False),
    ({"path": "$.seats[*].roads"}, div("observation", diffs=(
        FieldDiff("$.seats[2].roads", 1, 2), FieldDiff("$.bank[0]", 1, 2))), (), False),
    ({"path": ["$.seats[*].roads", "$.bank"]}, div("observation", diffs=(
        FieldDiff("$.seats[2].roads", 1, 2), FieldDiff("$.bank[0]", 1, 2))), (), True),
    ({"reading": "g/a=b"}, div(), ("g/a=b",), True),
    ({"legal": "extra"}, div("legal", extra=({"type": "Sell"},)), (), True),
    ({"legal": "extra"}, div("legal", missing=({"type": "Sell"},)), (), False),
    ({"legal": "missing"}, div("legal", missing=({"type": "Sell"},)), (), True),
    ({"legal": "missing"}, div("legal", missing=({"type": "Sell"},),
                               extra=({"type": "Buy"},)), (), False),
    ({"legal": "missing"}, div(), (), False),
    ({"reading": "g/a=b"}, div(), ("g/a=c",), False),
    ({"kind": "illegal", "rule": "toy/x"}, Divergence("illegal", 2, 5, "m", rule="toy/x"), (),
     True),
])
def test_matching(match: dict[str, Any], divergence: Any, readings: tuple[str, ...],
                  expected: bool) -> None:
    (dev,) = kn.parse(text_of(entry(match)))
    assert kn.matches(dev.match, divergence, readings) is expected
    assert (kn.classify((dev,), divergence, readings) is dev) is expected


def test_the_first_matching_deviation_classifies() -> None:
    devs = kn.parse(text_of(entry({"kind": "legal"}, "a/one"), entry({"kind": "digest"}, "a/two"),
                            entry({"kind": "digest"}, "a/three")))
    found = kn.classify(devs, div())
    assert found is not None and found.id == "a/two"


def write(tmp_path: Path, *entries: dict[str, Any]) -> str:
    path = tmp_path / "known.json"
    path.write_text(text_of(*entries), encoding="utf-8")
    return str(path)


def test_drive_known_deviation_passes_and_an_unknown_one_fails(tmp_path: Path) -> None:
    engine = [sys.executable, str(ENGINES / "broken.py"), "wrong-digest", "3"]
    args = ["drive", "--game", "crafts", "--players", "2", "--games", "1"]
    known = write(tmp_path, entry({"kind": "digest"}, "e/digest"))
    result = run(*args, "--known", known, "--", *engine)
    assert result.exit_code == 0, result.output
    assert "known deviation e/digest (engine-bug, crafts/setup.shuffle) at step 3" in result.stdout
    assert "1 with a known deviation" in result.stdout
    report = json.loads(run(*args, "--known", known, "--json", "--", *engine).stdout)
    assert report["status"] == "known" and report["games"][0]["known"] == "e/digest"
    other = write(tmp_path, entry({"kind": "legal"}, "e/legal"))
    failed = run(*args, "--known", other, "--", *engine)
    assert failed.exit_code == 1
    assert "diverges at step 3: digest" in failed.stdout
    bad = run(*args, "--known", str(tmp_path / "missing.json"), "--", *engine)
    assert bad.exit_code == 2 and "--known:" in bad.stderr and "cannot read it" in bad.stderr


@pytest.mark.usefixtures("toy")
@pytest.mark.rules("toy/move.within-roll")
def test_check_known_deviation(tmp_path: Path) -> None:
    lines = lines_of()
    i = next(k for k, x in enumerate(lines) if '"Move"' in x)
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(edit(lines, i, lambda r: r["action"].update(steps=9))) + "\n")
    known = write(tmp_path, entry({"kind": "illegal", "rule": "toy/move.within-roll"}, "t/far"))
    result = run("check", str(trace), "--known", known)
    assert result.exit_code == 0, result.output
    assert "known deviation t/far" in result.stdout
    report = json.loads(run("check", str(trace), "--known", known, "--json").stdout)
    assert report["status"] == "known" and report["known"] == {"t/far": 1}
    assert [d["known"] for d in report["divergences"]] == ["t/far"]
    other = write(tmp_path, entry({"kind": "digest"}, "t/digest"))
    assert run("check", str(trace), "--known", other).exit_code == 1
    clean = tmp_path / "c.jsonl"
    clean.write_text("\n".join(lines) + "\n")
    assert run("check", str(clean), "--known", known).exit_code == 0


@pytest.mark.parametrize("fault", ["extra-legal", "miss-legal"])
def test_a_continuing_deviation_lets_play_go_on(fault: str) -> None:
    from rules_oracle.model.core import registry
    from rules_oracle.oracle import drive as drv

    engine = [sys.executable, str(ENGINES / "broken.py"), fault, "3"]
    resume = kn.parse(text_of({**entry({"kind": "legal"}, "e/legal"), "continue": True}))
    assert resume[0].resume
    report = drv.drive(engine, [registry.get("crafts")], count=1, players=2, seed=4,
                       known=resume)
    run = report.games[0]
    assert run.divergence is None and run.finished
    assert dict(run.tolerated)["e/legal"] > 5
    assert run.status == "known" and not run.conforms and report.passes
    assert report.status == "known" and run.to_json()["tolerated"] == dict(run.tolerated)
    # without continue the same deviation stops the game
    stop = kn.parse(text_of(entry({"kind": "legal"}, "e/legal")))
    halted = drv.drive(engine, [registry.get("crafts")], count=1, players=2, seed=4,
                       known=stop).games[0]
    assert halted.divergence is not None and halted.known == "e/legal"
    assert halted.status == "known" and not halted.finished


def test_the_cli_reports_deviations_met_on_the_way(tmp_path: Path) -> None:
    engine = [sys.executable, str(ENGINES / "broken.py"), "extra-legal", "3"]
    known = tmp_path / "k.json"
    known.write_text(text_of({**entry({"kind": "legal"}, "e/legal"), "continue": True}))
    result = run("drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "4",
                 "--known", str(known), "--", *engine)
    assert result.exit_code == 0, result.output
    assert "conforms but for known deviations" in result.stdout
    assert "known deviations met, play continued: e/legal" in result.stdout
    assert "1 with a known deviation" in result.stdout


def test_missing_and_extra_actions_continue_only_when_both_are_known() -> None:
    from rules_oracle.model.core import registry
    from rules_oracle.oracle import drive as drv

    swap = [sys.executable, str(ENGINES / "v2.py"), "fault=swap"]
    game = registry.get("crafts")
    extra = {**entry({"kind": "legal", "legal": "extra", "action": ["Nothing"]}, "e/extra"),
             "continue": True}
    missing = {**entry({"kind": "legal", "legal": "missing"}, "e/missing"), "continue": True}
    both = kn.parse(text_of(extra, missing))
    run = drv.drive(swap, [game], count=1, players=2, seed=4, known=both).games[0]
    assert run.divergence is None and run.finished, run.divergence
    met = dict(run.tolerated)
    assert met["e/extra"] == met["e/missing"] > 5
    halted = drv.drive(swap, [game], count=1, players=2, seed=4,
                       known=kn.parse(text_of(extra))).games[0]
    div = halted.divergence
    assert div is not None and div.kind == "legal" and div.missing and div.extra
    assert halted.known is None and halted.status == "diverges"
