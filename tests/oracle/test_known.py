"""Known-deviation files: parsing, matching, and `check`/`drive --known`."""

import json
import sys
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

from rules_oracle.oracle import known as kn
from rules_oracle.oracle.check import Divergence
from rules_oracle.oracle.diff import FieldDiff
from rules_oracle.oracle.drive import DriveDivergence
from tests.oracle.helpers import edit, lines_of, run

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "src" / "rules_oracle" / "oracle" / "schema"
ENGINES = Path(__file__).resolve().parent / "engines"
MOVE = "toy/move.within-roll"


def entry(match: dict[str, Any], ident: str = "x/one", cls: str = "engine-bug",
          rule: str = "crafts/setup.shuffle") -> dict[str, Any]:
    """An entry; one whose matcher names no more than a kind says it is broad."""
    out = {"id": ident, "class": cls, "rule": rule, "explanation": "one line", "match": match}
    if match and not kn.Matcher(rule=match.get("rule"), action=tuple(match.get("action", ())),
                                path=tuple(p for p in [match.get("path", "$")] if p != "$"),
                                reading=match.get("reading")).narrowed:
        out["broad"] = True
    return out


def text_of(*entries: dict[str, Any], game: str = "crafts") -> str:
    return json.dumps({"version": 1, "engine": "e", "game": game, "deviations": list(entries)},
                      indent=2)


def test_schema_is_valid_and_copied_to_docs() -> None:
    packaged = (SCHEMAS / "known.schema.json").read_bytes()
    assert (ROOT / "docs" / "known.schema.json").read_bytes() == packaged
    jsonschema.Draft202012Validator.check_schema(kn.schema())


def test_parse_reads_every_field() -> None:
    (dev,) = kn.parse(text_of(entry({"kind": "legal", "action": ["Sell"], "path": "$.coins",
                                     "rule": "crafts/end.sell", "reading": "crafts/prices=flat",
                                     "legal": "extra"})))
    assert dev.id == "x/one" and dev.cls == "engine-bug" and dev.rule == "crafts/setup.shuffle"
    assert dev.match == kn.Matcher("legal", "crafts/end.sell", ("Sell",), ("$.coins",),
                                   "crafts/prices=flat", "extra")
    assert dev.to_json()["match"] == {"kind": "legal", "rule": "crafts/end.sell",
                                      "action": ["Sell"], "path": ["$.coins"],
                                      "reading": "crafts/prices=flat", "legal": "extra"}
    assert not dev.resume and dev.to_json()["continue"] is False
    assert dev.game == "crafts" and not dev.broad and dev.line == 7


@pytest.mark.parametrize(("text", "words"), [
    ('{"version": 1,\n "deviations": [\n', "not JSON"),
    (text_of(entry({})), "line 7: $.deviations[0].match"),
    (text_of(entry({"kind": "digest"}), entry({"kind": "legal"}, "x/two", "bug")),
     "line 17: $.deviations[1].class"),
    (text_of(entry({"kind": "digest"}), entry({"kind": "legal"})), "used twice"),
    ('{"version": 2, "deviations": []}', "$.version"),
    (text_of(entry({"kind": "digest"})).replace('"kind": "digest"',
                                                '"kind": "actor", "kind": "digest"'),
     'line 12: $.deviations[0].match.kind: the key "kind" is given twice in one object'),
])
def test_malformed_files_name_line_and_field(text: str, words: str) -> None:
    with pytest.raises(kn.KnownError) as caught:
        kn.parse(text, "k.json")
    assert words in str(caught.value)
    assert str(caught.value).startswith("k.json")


@pytest.mark.parametrize(("change", "where", "words"), [
    (lambda e: e["match"].update(kind="Digest"), "$.deviations[0].match.kind",
     "'Digest' is not a divergence kind"),
    (lambda e: e["match"].update(path="$.seats[*].road_length"), "$.deviations[0].match.path",
     "'$.seats[*].road_length' is not a field of crafts's state"),
    (lambda e: e["match"].update(kind="observation", path=["$.coins", "$.deck"]),
     "$.deviations[0].match.path[1]", "'$.deck' is not a field of crafts's observation"),
    (lambda e: e["match"].update(path="$.coins[*].x"), "$.deviations[0].match.path",
     "is not a field"),
    (lambda e: e["match"].update(path="$..coins"), "$.deviations[0].match.path",
     "is not a field"),
    (lambda e: e["match"].update(rule="catan/victory.ten"), "$.deviations[0].match.rule",
     "'catan/victory.ten' is not a rule id of crafts"),
    (lambda e: e.update(rule="crafts/no-such"), "$.deviations[0].rule",
     "'crafts/no-such' is not a rule or ambiguity id of crafts"),
    (lambda e: e["match"].update(reading="crafts/prices=cheap"), "$.deviations[0].match.reading",
     "is not a reading of one of crafts's variant options"),
    (lambda e: e.update(game="catan"), "$.deviations[0].game",
     "entry 'x/one' is of 'catan', the file of 'crafts'"),
    (lambda e: e.update(colour="red"), "$.deviations[0].colour", "unexpected field"),
    (lambda e: e["match"].update(premise="x"), "$.deviations[0].match.premise",
     "expected an array"),
    (lambda e: e["match"].update(premise=["before-roll"]), "$.deviations[0].match.premise[0]",
     "'before-roll' is not a premise of crafts (it has none)"),
    (lambda e: e["match"].update(premise=["nothing"]), "$.deviations[0].match.premise[0]",
     "'nothing' is not a premise of crafts"),
    (lambda e: e.update(match={"kind": "digest"}), "$.deviations[0].match",
     "it matches every divergence of its kind"),
    (lambda e: e.update(match={"path": "$"}), "$.deviations[0].match",
     "it matches every divergence of its kind"),
    (lambda e: e.update(match={"kind": "legal", "legal": "extra"}), "$.deviations[0].match",
     "it matches every divergence of its kind"),
])
def test_entries_are_checked_against_their_game(change: Any, where: str, words: str) -> None:
    good = entry({"kind": "digest", "path": "$.coins", "rule": "crafts/end.sell"})
    assert kn.parse(text_of(good))
    bad = json.loads(json.dumps(good))
    change(bad)
    with pytest.raises(kn.KnownError) as caught:
        kn.parse(text_of(bad), "k.json")
    assert f": {where}: " in str(caught.value) and words in str(caught.value), str(caught.value)
    assert str(caught.value).startswith("k.json: line 7: ")


def test_an_entry_names_its_game_or_the_file_does() -> None:
    good = entry({"kind": "digest", "path": "$.coins"})
    nameless = json.dumps({"version": 1, "deviations": [good]})
    with pytest.raises(kn.KnownError, match=r"\$\.deviations\[0\]\.game: .*names no game"):
        kn.parse(nameless)
    (own,) = kn.parse(json.dumps({"version": 1, "deviations": [{**good, "game": "crafts"}]}))
    assert own.game == "crafts"
    with pytest.raises(kn.KnownError, match=r"\$\.deviations\[0\]\.game: .*not a game"):
        kn.parse(json.dumps({"version": 1, "deviations": [{**good, "game": "chess"}]}))
    with pytest.raises(kn.KnownError, match=r"the file's \$\.game.*not a game"):
        kn.parse(text_of(good, game="chess"))
    mixed = kn.parse(json.dumps({"version": 1, "deviations": [
        {**good, "game": "crafts"},
        {**entry({"kind": "digest", "path": "$.supply"}, "b/x", rule="burgundy/setup.goods-stacks"),
         "game": "burgundy"}]}))
    assert [d.id for d in kn.for_game(mixed, "burgundy")] == ["b/x"]
    assert kn.for_game(kn.parse(text_of(good)), "burgundy") == ()
    with pytest.raises(kn.KnownError, match=r"\$\.deviations\[0\]\.game: entry 'x/one' is of"
                       r" 'crafts', not of 'burgundy'"):
        kn.of_game(kn.parse(text_of(good)), "burgundy")


def test_a_broad_entry_is_accepted_when_it_says_so_and_named_in_every_verdict(
        tmp_path: Path) -> None:
    broad = {**entry({"kind": "digest"}, "e/any"), "broad": True}
    (dev,) = kn.parse(text_of(broad))
    assert dev.broad and dev.to_json()["broad"] is True
    engine = [sys.executable, str(ENGINES / "faithful.py")]
    path = tmp_path / "known.json"
    path.write_text(text_of(broad), encoding="utf-8")
    result = run("drive", "--game", "crafts", "--players", "2", "--games", "1", "--known",
                 str(path), "--", *engine)
    assert result.exit_code == 0, result.output
    assert "broad known deviation in force: e/any matches every digest divergence" in (
        result.stdout)
    report = json.loads(run("drive", "--game", "crafts", "--players", "2", "--games", "1",
                            "--known", str(path), "--json", "--", *engine).stdout)
    assert report["broad"] == ["e/any"]
    assert report["absorbed"] == {} and report["stale"] == ["e/any"]
    assert "stale known deviations (absorbed nothing in this run): e/any" in result.stdout
    wrong = run("drive", "--game", "burgundy", "--players", "2", "--games", "1", "--known",
                str(path), "--", *engine)
    assert wrong.exit_code == 2 and "entry 'e/any' is of 'crafts', not of a game driven" in (
        wrong.stderr)


def test_a_byte_order_mark_is_read_and_explanations_are_printed_escaped(tmp_path: Path) -> None:
    sneaky = {**entry({"kind": "digest"}, "e/any"), "broad": True,
              "explanation": "fine\u001b[2J\nFAKE: all conforms"}
    path = tmp_path / "known.json"
    path.write_bytes(b"\xef\xbb\xbf" + text_of(sneaky).encode("utf-8"))
    (dev,) = kn.load(str(path))
    assert dev.shown == "fine\\u001b[2J\\nFAKE: all conforms"
    engine = [sys.executable, str(ENGINES / "broken.py"), "wrong-digest", "3"]
    result = run("drive", "--game", "crafts", "--players", "2", "--games", "1", "--known",
                 str(path), "--", *engine)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\nFAKE" not in result.stdout
    assert "why: fine\\u001b[2J\\nFAKE: all conforms" in result.stdout


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
    # a trace shows an illegal action the engine accepted as an illegal step
    ({"kind": "accepts-illegal", "rule": "toy/x"},
     Divergence("illegal", 2, 5, "m", rule="toy/x"), (), True),
    ({"kind": "accepts-illegal", "rule": "toy/x"}, div("rejects-legal", rule="toy/x"), (),
     False),
    ({"kind": "illegal", "rule": "toy/x"}, div("accepts-illegal", rule="toy/x"), (), False),
    # and an engine that answered the game is over ends its trace there
    ({"kind": "actor"}, Divergence("early-end", 2, 5, "m", got="end"), (), True),
    ({"kind": "actor"}, Divergence("result", 2, 5, "m"), (), False),
])
def test_matching(match: dict[str, Any], divergence: Any, readings: tuple[str, ...],
                  expected: bool) -> None:
    path = match.get("path", ())
    matcher = kn.Matcher(match.get("kind"), match.get("rule"), tuple(match.get("action", ())),
                         (path,) if isinstance(path, str) else tuple(path),
                         match.get("reading"), match.get("legal"))
    dev = kn.Deviation("x/one", "engine-bug", "g/x", "one line", matcher)
    assert kn.matches(dev.match, divergence, readings) is expected
    assert (kn.classify((dev,), divergence, readings) is dev) is expected


def test_the_first_matching_deviation_classifies() -> None:
    devs = kn.parse(text_of(entry({"kind": "legal"}, "a/one"), entry({"kind": "digest"}, "a/two"),
                            entry({"kind": "digest"}, "a/three")))
    found = kn.classify(devs, div())
    assert found is not None and found.id == "a/two"


def write(tmp_path: Path, *entries: dict[str, Any], game: str = "crafts") -> str:
    path = tmp_path / "known.json"
    path.write_text(text_of(*entries, game=game), encoding="utf-8")
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
    known = write(tmp_path, entry({"kind": "illegal", "rule": MOVE}, "t/far", rule=MOVE),
                  game="toy")
    result = run("check", str(trace), "--known", known)
    assert result.exit_code == 0, result.output
    assert "known deviation t/far" in result.stdout
    report = json.loads(run("check", str(trace), "--known", known, "--json").stdout)
    assert report["status"] == "known" and report["known"] == {"t/far": 1}
    assert [d["known"] for d in report["divergences"]] == ["t/far"]
    other = write(tmp_path, entry({"kind": "digest"}, "t/digest", rule=MOVE), game="toy")
    assert run("check", str(trace), "--known", other).exit_code == 1
    clean = tmp_path / "c.jsonl"
    clean.write_text("\n".join(lines) + "\n")
    assert run("check", str(clean), "--known", known).exit_code == 0
    # a file of another game does not fit the trace: bad input naming the entry
    crafts = write(tmp_path, entry({"kind": "illegal", "rule": "crafts/setup.shuffle"}, "c/x"))
    wrong = run("check", str(trace), "--known", crafts)
    assert wrong.exit_code == 2 and "$.deviations[0].game: entry 'c/x' is of 'crafts'" in (
        wrong.stderr)


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
    assert "known deviations absorbed: e/legal " in result.stdout
    assert "stale known deviations" not in result.stdout
    assert "1 with a known deviation" in result.stdout


def test_an_extra_action_names_the_rule_the_model_rejects_it_under() -> None:
    from rules_oracle.model.core import registry
    from rules_oracle.oracle import drive as drv

    engine = [sys.executable, str(ENGINES / "broken.py"), "stale-legal", "3"]
    game = registry.get("crafts")
    first = drv.drive(engine, [game], count=1, players=2, seed=4).games[0].divergence
    assert first is not None and first.kind == "legal" and first.extra and not first.missing
    assert first.rule is not None and first.extra_rules == (first.rule,)
    assert f"(the model rejects it under {first.rule})" in first.describe()
    assert first.rule in game.rules.ids
    # an entry for extras of another rule does not match them; one of that rule does
    another = next(r for r in game.rules.ids if r != first.rule)
    other = {**entry({"kind": "legal", "legal": "extra", "rule": another}, "e/x"),
             "continue": True}
    halted = drv.drive(engine, [game], count=1, players=2, seed=4,
                       known=kn.parse(text_of(other))).games[0]
    assert halted.divergence == first and halted.known is None
    same = {**entry({"kind": "legal", "legal": "extra", "rule": first.rule}, "e/x"),
            "continue": True}
    went_on = drv.drive(engine, [game], count=1, players=2, seed=4,
                        known=kn.parse(text_of(same))).games[0]
    assert dict(went_on.tolerated)["e/x"] >= 1
    assert went_on.divergence is None or went_on.divergence.step > first.step


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


def test_two_deviations_at_one_step_are_matched_each_by_its_entry() -> None:
    from rules_oracle.oracle import drive as drv

    new_card = {"type": "PlayKnight"}
    second = {"type": "PlayMonopoly", "resource": 1}
    both = div("legal", missing=({"type": "PlayRoadBuilding"},), extra=(new_card, second),
               extra_rules=("catan/development.not-new", "catan/development.one-per-turn"))
    parts = drv._deviations(both)
    assert [(p.rule, p.extra, p.missing) for p in parts] == [
        (None, (), ({"type": "PlayRoadBuilding"},)),
        ("catan/development.not-new", (new_card,), ()),
        ("catan/development.one-per-turn", (second,), ())]
    entries = kn.parse(text_of(
        entry({"kind": "legal", "legal": "extra", "rule": "catan/development.not-new"}, "c/new",
              rule="catan/development.not-new"),
        entry({"kind": "legal", "legal": "missing", "action": ["PlayRoadBuilding"]}, "c/road",
              rule="catan/development.road-building"), game="catan"))
    found = [kn.classify(entries, p) for p in parts]
    # the second card in one turn is no entry's: the step is not absorbed
    assert [None if f is None else f.id for f in found] == ["c/road", "c/new", None]
    assert drv._deviations(div("legal", missing=({"type": "A"},))) == [
        div("legal", missing=({"type": "A"},))]


def test_two_path_entries_explain_one_step_each_its_fields() -> None:
    coins, bank = FieldDiff("$.coins[0]", 2, 3), FieldDiff("$.bank", 96, 95)
    step = div("observation", diffs=(coins, bank))
    entries = kn.parse(text_of(
        entry({"kind": "digest", "path": "$.bank"}, "c/digest"),  # another kind: no part
        entry({"kind": "observation", "path": "$.coins"}, "c/coins"),
        entry({"kind": "observation", "path": "$.bank"}, "c/bank"),
        entry({"kind": "observation", "path": ["$.bank", "$.coins"], "action": ["Sell"]},
              "c/sell")))
    assert kn.classify(entries, step) is None
    assert [d.id for d in kn.explain(entries, step)] == ["c/coins", "c/bank"]
    marked, matched = kn.settle(entries, step)
    assert matched is not None and marked.entries == ("c/coins", "c/bank")
    # one entry explains the fields whole when it can: no team
    sold = attrs.evolve(step, action={"type": "Sell"})
    assert kn.settle(entries, sold)[0].entries == ("c/sell",)
    # a field no entry explains
    deck = attrs.evolve(step, diffs=(coins, bank, FieldDiff("$.deck_size", 4, 5)))
    assert kn.explain(entries, deck) == () and kn.settle(entries, deck)[1] is None
    assert kn.explain(entries, div("legal", extra=({"type": "Sell"},))) == ()


def test_a_drive_counts_each_entry_explaining_one_step_together() -> None:
    """An engine playing another reading of the first player's tie that also reports a
    wrong round from step 3 on: where the tie shows (step 36), the reading explains the
    first player and the path entry the round."""
    from rules_oracle.model.core import registry
    from rules_oracle.oracle import drive as drv

    engine = [sys.executable, str(ENGINES / "v2.py"), "observe=public:round,first_player",
              "play=first_tie:self", "fault=wrong-view"]
    tie = entry({"reading": "crafts/first-tie=self"}, "e/tie", "reading", "crafts/first-tie")
    round_ = {**entry({"kind": "observation", "path": "$.round"}, "e/round"),
              "continue": True}
    game = registry.get("crafts")
    report = drv.drive(engine, [game], count=1, players=2, seed=1,
                       known=kn.parse(text_of(tie, round_)))
    played = report.games[0]
    div = played.divergence
    assert div is not None and div.kind == "observation" and div.step == 36
    assert sorted(d.path for d in div.diffs) == ["$.first_player", "$.round"]
    assert div.entries == ("e/tie", "e/round") and played.status == "known"
    met = dict(played.tolerated)["e/round"]
    assert report.absorbed() == {"e/round": met + 1, "e/tie": 1}
    assert played.to_json()["divergence"]["also"] == ["e/round"]
    alone = drv.drive(engine, [game], count=1, players=2, seed=1,
                      known=kn.parse(text_of(round_))).games[0]
    assert alone.status == "diverges" and alone.divergence is not None
    assert alone.divergence.step == 36 and alone.divergence.entries == ()


def test_a_campaign_counts_every_entry_explaining_a_step() -> None:
    from rules_oracle.oracle.campaign import summarize

    together = {"kind": "observation", "rules": [], "known": "e/tie", "also": ["e/round"]}
    results = [
        {"seed": 1, "status": "known", "tolerated": {"e/round": 3}, "divergence": together,
         "known": "e/tie", "later": [{**together, "known": "e/tie"}]},
        {"seed": 2, "status": "conforms", "divergence": None, "known": None},
    ]
    summary = summarize(results)
    assert dict(summary.absorbed) == {"e/round": 5, "e/tie": 2}
    assert summary.known == 1 and summary.conforming == 1


def test_the_drive_report_names_each_entry_explaining_a_step(tmp_path: Path) -> None:
    engine = [sys.executable, str(ENGINES / "v2.py"), "observe=public:round,first_player",
              "play=first_tie:self", "fault=wrong-view"]
    tie = entry({"reading": "crafts/first-tie=self"}, "e/tie", "reading", "crafts/first-tie")
    round_ = {**entry({"kind": "observation", "path": "$.round"}, "e/round"),
              "continue": True}
    known = write(tmp_path, tie, round_)
    result = run("drive", "--game", "crafts", "--players", "2", "--games", "1", "--seed", "1",
                 "--known", known, "--", *engine)
    assert result.exit_code == 0, result.output
    assert "known deviation e/tie (reading, crafts/first-tie) at step 36: observation (with" \
           " e/round)" in result.stdout
    assert "known deviation e/round (engine-bug, crafts/setup.shuffle) at step 36" in (
        result.stdout)
    assert "e/tie 1x" in result.stdout
