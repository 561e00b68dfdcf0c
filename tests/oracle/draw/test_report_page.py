"""The divergence report as an HTML page: built from the JSON report, it says what the
verdict says (every divergence, rule, known entry and count), quotes the rules at stake,
marks the differing fields on the board before and after the step, and replays the game to
the divergence, for every game."""

import html
import json
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import known as kn
from rules_oracle.oracle.check import check_lines
from rules_oracle.oracle.draw import report_page as rp
from rules_oracle.oracle.draw.page import KEY_EVERY
from rules_oracle.oracle.draw.report_page import (
    ReportError,
    kind_of,
    page,
    status_words,
    verdict_lines,
)
from rules_oracle.oracle.draw.svg import marked as is_marked
from rules_oracle.oracle.trace import record_game
from tests.oracle.draw.helpers import fields, highlighted, pieces
from tests.oracle.draw.pagedata import frame_svg
from tests.oracle.draw.reports import engine_lines, read_page, ruled_step, said

GAMES = [("catan", 3), ("cities_knights", 3), ("burgundy", 2), ("caylus", 3), ("crafts", 3),
         ("catan_cards", 2)]


def report_of(lines: list[str], known: tuple[kn.Deviation, ...] = (),
              file: str = "t.jsonl") -> dict[str, Any]:
    """The JSON report ``oracle check --json`` prints for a trace."""
    report = check_lines(lines, known=known)
    return {"file": file, **report.to_json(), **rp.known_entries(known)}


def svgs(text: str) -> list[str]:
    """The inline drawings of a page (the boards before and after each step)."""
    out = []
    start = text.find("<svg")
    while start >= 0:
        end = text.index("</svg>", start) + len("</svg>")
        out.append(text[start:end])
        start = text.find("<svg", end)
    return out


def replays(text: str) -> list[dict[str, Any]]:
    """The data of each step control of a page, each with the page's one pool of elements."""
    found = []
    chunks = text.split('<script type="application/json" class="frames">')[1:]
    if chunks:
        start = text.index('<script type="application/json" id="pool">')
        shared = json.loads(text[text.index(">", start) + 1:text.index("</script>", start)])
        assert len(shared) == len(set(shared))  # each element once in the page
    for chunk in chunks:
        found.append({**json.loads(chunk[:chunk.index("</script>")]), "pool": shared})
    return found


def shown(text: str, words: str) -> bool:
    return " ".join(words.split()) in read_page(text)[0]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_game_diverging_is_drawn_with_its_fields_marked(game: str, players: int) -> None:
    at = ruled_step(game, players, 4, 12)
    lines, paths = engine_lines(game, players, 4, {at: 0})
    data = report_of(lines)
    div = data["divergence"]
    assert (div["kind"], div["step"]) == ("digest", at)
    assert [d["path"] for d in div["diffs"]] == [paths[at]]
    text = page(data)
    words, _rows = read_page(text)  # parses, every element closed in order
    assert "diverges" in words and data["file"] in words
    before, after = svgs(text)
    for drawing in (before, after):  # the wrong field marked on both boards, nothing else
        marked = [e for e in pieces(drawing) if highlighted(e)]
        assert marked and all(is_marked(fields(e), [paths[at]]) for e in marked), paths[at]
    # the rules the step applied, each quoted from its text with the English summary
    assert div["rules"]
    for rid in div["rules"]:
        rule = registry.find_rule(rid)
        assert rule is not None
        assert f'data-rule="{rid}"' in text
        assert html.escape(rule.summary) in text
        if rule.quote:
            assert f'<q lang="ru">{html.escape(rule.quote)}</q>' in text
    # the replay walks from the set-up to the state after the step, its last frame marked
    (replay,) = replays(text)
    frames = replay["frames"]
    assert len(frames) == at + 1 and replay["start"] == at
    assert frames[0]["label"] == "step 0: set-up"
    assert frames[at]["label"].startswith(f"step {at}: ")
    assert frames[at]["changed"] == [paths[at]] and frames[at]["differing"]
    assert frame_svg(replay, at) == after
    # the frame before it is the board before the step (its marks those of its own step)
    assert frame_svg(replay, at - 1).replace(' hl"', '"') == before.replace(' hl"', '"')
    # the model's value and the trace's side by side
    (row,) = [r for r in read_page(text)[1] if r and r[0] == paths[at]]
    assert int(row[2]) == int(row[1]) + 1


def test_a_replay_longer_than_a_key_frame_is_rebuilt_exactly() -> None:
    at = KEY_EVERY + 9
    lines, _paths = engine_lines("catan", 3, 2, {at: 1})
    text = page(report_of(lines))
    (replay,) = replays(text)
    assert len(replay["frames"]) == at + 1
    _before, after = svgs(text)
    assert frame_svg(replay, at) == after
    assert "key" in replay["frames"][KEY_EVERY] and "ops" in replay["frames"][at]
    # a middle frame marks what its step changed, not the divergence
    assert not replay["frames"][at - 1].get("differing")


def test_the_page_says_what_the_json_says_known_entries_included() -> None:
    lines, paths = engine_lines("catan", 3, 6, {20: 0, 40: 2})
    rule = registry.get("catan").rules.ids[0]
    entries = [
        {"id": "vp-off", "class": "engine-bug", "rule": rule,
         "explanation": "its <first> field is one too many", "match": {"kind": "digest",
                                                                      "path": [paths[20]]}},
        {"id": "never", "class": "engine-bug", "rule": rule,
         "explanation": "never met", "match": {"kind": "digest", "path": ["$.bank[0]"]}},
    ]
    known = kn.parse(json.dumps({"version": 1, "game": "catan", "deviations": entries}))
    data = report_of(lines, known)
    assert data["known"] == {"vp-off": 1} and data["stale"] == ["never"]
    assert [d["step"] for d in data["divergences"]] == [20, 40]
    text = page(data)
    words, rows = read_page(text)
    missing = [w for w in said(data) if " ".join(w.split()) not in words]
    assert missing == []
    assert verdict_lines(data)[0] in words
    # each entry: its class, rule, what it absorbed, stale or not, and why (escaped)
    assert ["vp-off", "engine-bug", rule, "1", "", "its <first> field is one too many"] in rows
    assert ["never", "engine-bug", rule, "0", "stale: absorbed nothing here", "never met"] in rows
    assert "its &lt;first&gt; field" in text
    # both divergences drawn, the known one and the failing one
    assert text.count('<section class="divergence known"') == 1
    assert text.count('<section class="divergence failing"') == 1
    assert len(replays(text)) == 2 and len(svgs(text)) == 4
    assert text.count('id="pool"') == 1


def test_a_conforming_run_says_so_and_what_was_compared() -> None:
    lines, _ = engine_lines("crafts", 3, 1)
    data = report_of(lines)
    assert data["status"] == "conforms"
    text = page(data)
    words, _rows = read_page(text)
    assert 'data-status="conforms"' in text
    assert "conforms" in words and "no divergence" in words
    assert f"steps compared in agreement: {data['steps']}" in words
    assert "whole states compared (digests)" in words
    assert "partial: none: compared in full" in words
    assert "known deviations: none given" in words
    assert "<svg" not in text and replays(text) == []
    ex = data["rules_exercised"]
    assert verdict_lines(data) == [f"t.jsonl: crafts, 3 players: conforms ({data['steps']}"
                                   f" steps, game finished, rules exercised {ex['count']} of"
                                   f" {ex['of']})"]
    # a report saved before rules were counted reads as it did
    older = {k: v for k, v in data.items() if k != "rules_exercised"}
    assert verdict_lines(older) == [f"t.jsonl: crafts, 3 players: conforms ({data['steps']}"
                                    " steps, game finished)"]


def test_an_observation_divergence_marks_the_state_fields_it_is_made_from() -> None:
    game = registry.get("catan")
    lines = list(record_game(game, game.config(3), 5, observations="public"))
    rec = json.loads(lines[30])
    rec["observation"]["fields"]["seats"][1]["roads"] += 1
    lines[30] = json.dumps(rec)
    data = report_of(lines)
    div = data["divergence"]
    assert div["kind"] == "observation" and div["diffs"][0]["path"] == "$.seats[1].roads"
    assert data["viewer"] == "public" and data["available"] == len(data["fields"])
    text = page(data)
    assert shown(text, f"observation fields compared: {len(data['fields'])} of"
                       f" {data['available']}")
    _before, after = svgs(text)
    marked = [e for e in pieces(after) if highlighted(e)]
    assert marked and all("$.players[1].roads" in fields(e) for e in marked)


def test_an_illegal_action_quotes_the_rule_it_breaks_and_draws_no_after() -> None:
    lines, _ = engine_lines("caylus", 2, 3)
    rec = json.loads(lines[5])
    game = registry.get("caylus")
    # another action of the game, not legal at this step: the rule the model names
    other = next(json.loads(line)["action"] for line in lines[6:-1]
                 if json.loads(line)["action"]["type"] != rec["action"]["type"])
    rec["action"] = other
    lines = [*lines[:5], json.dumps(rec), *lines[6:]]
    data = report_of(lines)
    div = data["divergence"]
    assert div["kind"] == "illegal" and div["rule"] in game.rules
    text = page(data)
    assert f'data-rule="{div["rule"]}"' in text
    assert html.escape(game.rules[div["rule"]].summary) in text
    assert len(svgs(text)) == 1  # before only: the model does not play the action
    assert shown(text, "the model does not play the step's action")
    assert shown(text, "no field paths to highlight")


def test_a_drive_report_shows_each_game_and_what_was_declared() -> None:
    lines, _ = engine_lines("catan", 3, 0)
    actions = [json.loads(line)["action"] for line in lines[1:-1]]
    div = {"kind": "legal", "step": 31, "message": "1 action(s) the model does not allow",
           "line": None, "action": None, "rule": "catan/development.not-new",
           "extra": [{"type": "PlayKnight"}], "extra_count": 1,
           "extra_rules": ["catan/development.not-new"], "missing": [], "diffs": [],
           "rules": ["catan/development.not-new"], "known": None, "readings": ["x=y"]}
    run = {"game": "catan", "players": 3, "variant": {}, "seed": 0, "policy": "uniform",
           "steps": 30, "finished": False, "status": "diverges", "probes": 60,
           "actions": actions[:30], "declared": {"compare": "observation", "viewer": 1,
                                                  "fields": ["public"], "available": 9,
                                                  "unsupported": ["OfferCard"],
                                                  "rolls": ["Dice"]},
           "gaps": {"OfferCard": 7}, "tolerated": {"t": 3}, "rolled": 4, "after_known": 11,
           "partial": ["1 of 9 observation fields compared"], "divergence": div,
           "known": None, "departed": 19, "warnings": ["a <warning>"]}
    good = {**run, "seed": 1, "status": "conforms", "divergence": None, "finished": True,
            "tolerated": {}, "partial": [], "steps": 400, "departed": 0, "warnings": []}
    data = {"status": "diverges", "command": ["engine", "--x"], "requests": 977,
            "seconds": 1.5, "absorbed": {"t": 3}, "stale": [], "broad": ["t"],
            "partial": ["1 of 9 observation fields compared"], "games": [run, good],
            "known_entries": [{"id": "t", "class": "unsupported", "rule": "catan/trade",
                               "explanation": "no trade", "match": {"kind": "legal"},
                               "broad": True}]}
    assert kind_of(data) == "drive"
    text = page(data)
    words, _rows = read_page(text)
    assert [w for w in said(data) if " ".join(w.split()) not in words] == []
    assert verdict_lines(data) == [
        "catan 3p seed 0 uniform: diverges at step 31: legal",
        "catan 3p seed 1 uniform: conforms (400 steps, 60 illegal actions rejected, game"
        " finished)",
        "1/2 games conform (partial: 1 of 9 observation fields compared) (977 requests,"
        " 1.50 s)"]
    assert "broad known deviation in force: t matches every legal divergence (no trade)" in words
    assert "conforms under x=y" in words
    assert ("catan 3p seed 0 uniform: from step 19 the game is not the one `oracle play`"
            " writes: the report's actions are its replay") in words
    assert "catan 3p seed 0 uniform: warning: a <warning>" in words
    assert "seed 1 uniform: from step" not in words
    assert "(the model rejects it under <code>catan/development.not-new</code>)" in text
    assert len(svgs(text)) == 1  # a legal divergence: the board before the step
    (replay,) = replays(text)
    assert len(replay["frames"]) == 31


def test_a_game_without_a_drawing_is_said_so() -> None:
    data = {"file": "t", "status": "diverges", "game": "nogame", "players": 2, "variant": {},
            "steps": 0, "finished": False, "known": {}, "stale": [], "broad": [],
            "partial": [], "divergence": {"kind": "digest", "step": 1, "message": "m"},
            "divergences": [{"kind": "digest", "step": 1, "message": "m",
                             "rules": ["nogame/x"]}]}
    text = page(data)
    assert shown(text, "no drawing for game nogame")
    assert "<code>nogame/x</code>: not a registered rule" in text


@pytest.mark.parametrize(("data", "words"), [
    ([], "not a JSON object"),
    ({"x": 1}, "neither a game nor games"),
    ({"status": "malformed", "error": "line 3: bad"}, "malformed trace: \"line 3: bad\""),
    ({"games": [], "status": "conforms"}, "$: missing field 'requests'"),
    ({"games": [{"game": "catan"}], "status": "conforms", "requests": 1, "seconds": 1,
      "absorbed": {}, "stale": [], "broad": [], "partial": []},
     "$.games[0]: missing field 'players'"),
    ({"game": "catan", "file": "f", "status": "diverges", "players": "3"},
     "$.players: unexpected value \"3\""),
    ({"file": "t", "status": "diverges", "game": "catan", "players": 3, "variant": {},
      "steps": 0, "finished": False, "known": {}, "stale": [], "broad": [], "partial": [],
      "divergences": [{"kind": "digest", "step": True, "message": "m"}]},
     "$.divergences[0].step: unexpected value true"),
])
def test_a_report_of_another_shape_is_refused_naming_the_field(data: Any, words: str) -> None:
    with pytest.raises(ReportError) as caught:
        page(data)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def _run(game: str, seed: int, actions: list[Any], div: dict[str, Any] | None,
         **fields: Any) -> dict[str, Any]:
    return {"game": game, "players": 2, "variant": {}, "seed": seed, "policy": "uniform",
            "steps": len(actions), "finished": False, "status": "diverges", "probes": 3,
            "actions": actions, "declared": {"compare": "digest", "viewer": "public"},
            "gaps": {}, "tolerated": {}, "partial": [], "divergence": div, "known": None,
            **fields}


def test_a_known_divergence_of_a_drive_and_an_engine_lacking_actions() -> None:
    lines, _ = engine_lines("caylus", 2, 1)
    actions = [json.loads(line)["action"] for line in lines[1:-1]][:20]
    lacking = {"kind": "legal", "step": 21, "message": "2 legal action(s) missing",
               "missing": actions[20:21] or [{"type": "Pass"}], "missing_count": 2,
               "rule": "caylus/not-a-rule", "rules": [], "reply": "{\"ok\": true}"}
    known = {"kind": "actor", "step": 21, "message": "seat 1 is to act, not 0",
             "expected": 1, "got": 0, "rules": []}
    data = {"status": "known", "command": ["e"], "requests": 5, "seconds": 0.25,
            "absorbed": {"k": 1}, "stale": [], "broad": [], "partial": [],
            "known_entries": [{"id": "k", "class": "reading", "rule": "caylus/x",
                               "explanation": "an actor", "match": {"kind": "actor"}}],
            "games": [_run("caylus", 1, actions, lacking),
                      _run("caylus", 2, actions, known, status="known", known="k")]}
    text = page(data)
    words, rows = read_page(text)
    assert verdict_lines(data)[1] == ("caylus 2p seed 2 uniform: known deviation k (reading,"
                                      " caylus/x) at step 21: actor")
    assert status_words(data) == "conforms but for known deviations"
    assert "<title>oracle drive caylus</title>" in text
    assert "2 legal action(s) the model allows and the engine lacks:" in words
    assert "<code>caylus/not-a-rule</code>: not a registered rule" in text
    assert "reply:" in words
    assert ["(the divergence)", "1", "0", ""] in rows
    assert text.count('<section class="divergence known"') == 1


def test_a_replay_the_model_cannot_follow_is_said_so() -> None:
    game = registry.get("crafts")
    lines, _ = engine_lines("crafts", 3, 1)
    actions = [json.loads(line)["action"] for line in lines[1:-1]][:10]
    rep = rp.replay(game, 3, {}, [*actions[:4], {"type": "Nope"}, *actions[5:]])
    assert len(rep.states) == 5 and rep.stopped.startswith("the replay stops at step 5:")
    assert rp.replay(game, 3, {"no-such-option": "x"}, actions).states == ()
    div = {"kind": "digest", "step": 8, "message": "m", "rules": []}
    base = {"file": "t", "status": "diverges", "game": "crafts", "players": 3, "steps": 7,
            "finished": False, "known": {}, "stale": [], "broad": [], "partial": [],
            "divergence": div, "divergences": [div]}
    text = page({**base, "variant": {}, "actions": [*actions[:4], {"type": "Nope"}, *actions[5:7]]})
    assert shown(text, "the replay stops at step 5: the model cannot apply")
    assert len(svgs(text)) == 1 and len(replays(text)[0]["frames"]) == 5
    text = page({**base, "variant": {"no-such-option": "x"}, "actions": actions})
    assert shown(text, "the model cannot set up the game")
    assert svgs(text) == []


def _mutations(data: Any, path: tuple[Any, ...] = ()) -> Any:
    """Every path into ``data`` (objects and the first item of lists, three levels deep)."""
    yield path
    if len(path) >= 4:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _mutations(value, (*path, key))
    elif isinstance(data, list) and data:
        yield from _mutations(data[0], (*path, 0))


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return copy


def test_any_field_of_another_type_gives_a_page_or_a_one_line_error() -> None:
    div = {"kind": "legal", "step": 2, "message": "m", "line": None, "action": {"type": "X"},
           "rule": "crafts/x", "diffs": [{"path": "$.a", "expected": 1, "got": 2}],
           "missing": [{"type": "X"}], "extra": [{"type": "Y"}], "extra_rules": ["crafts/y"],
           "missing_count": 1, "extra_count": 1, "rules": ["crafts/z"], "readings": ["a=b"],
           "known": None, "reply": "r", "expected": 1, "got": 2}
    run = _run("nogame", 1, [{"type": "X"}], div, declared={
        "compare": "observation", "viewer": 0, "fields": ["a"], "available": 3,
        "unsupported": ["U"], "rolls": ["R"]}, gaps={"U": 2}, tolerated={"k": 1},
        departed=1, warnings=["w"])
    drive = {"status": "diverges", "command": ["e"], "requests": 5, "seconds": 0.25,
             "absorbed": {"k": 1}, "stale": ["s"], "broad": ["k"], "partial": ["p"],
             "known_entries": [{"id": "k", "class": "reading", "rule": "crafts/x",
                                "explanation": "e", "match": {"kind": "legal"}}],
             "games": [run]}
    check = {"file": "t", "status": "diverges", "game": "nogame", "players": 2,
             "variant": {}, "steps": 1, "finished": False, "known": {"k": 1}, "stale": [],
             "broad": [], "partial": [], "divergence": div, "divergences": [div],
             "fields": ["a"], "available": 2, "viewer": 1, "warnings": ["w"],
             "known_entries": drive["known_entries"], "actions": [{"type": "X"}]}
    built = refused = 0
    for report in (drive, check):
        assert page(report)
        for path in _mutations(report):
            for value in (None, 1, True, "x", [], {}, [1], [{}], {"a": 1}):
                try:
                    page(_replaced(report, path, value))
                    built += 1
                except ReportError as exc:
                    assert "\n" not in str(exc)
                    refused += 1
    assert built and refused


def test_the_later_divergences_of_a_game_that_went_on_are_shown() -> None:
    import sys
    from pathlib import Path

    from rules_oracle.oracle import drive as drv

    engine = Path(__file__).resolve().parents[1] / "engines" / "two_bugs.py"
    report = drv.drive([sys.executable, str(engine), "5", "40", "changed"],
                       [registry.get("crafts")], count=1, seed=0, players=2)
    data = report.to_json()
    assert [d["kind"] for d in data["games"][0]["later"]] == ["digest"]
    text = page(data)
    assert 'data-kind="accepts-illegal"' in text and 'data-kind="digest" data-step="40"' in text
    with pytest.raises(ReportError, match=r"\.later\[0\]"):
        page({**data, "games": [{**data["games"][0], "later": [{"kind": 3}]}]})


def test_entries_explaining_one_step_together_are_each_on_the_page() -> None:
    from tests.oracle.helpers import edit
    from tests.oracle.test_check_readings import FLAT, flat_trace

    lines = flat_trace("public")
    first = check_lines(lines).divergence
    assert first is not None and first.line is not None
    broken = edit(lines, first.line - 1,
                  lambda r: r["observation"]["fields"].update(round=99))
    known = kn.parse(json.dumps({"version": 1, "game": "crafts", "deviations": [
        {"id": "e/flat", "class": "reading", "rule": "crafts/prices",
         "explanation": "flat prices", "match": {"reading": FLAT}},
        {"id": "e/round", "class": "engine-bug", "rule": "crafts/prices",
         "explanation": "a wrong round", "match": {"kind": "observation", "path": "$.round"}},
    ]}))
    data = report_of(broken, known)
    assert data["known"] == {"e/flat": 1, "e/round": 1}
    words, _ = read_page(page(data))
    assert ("known deviation e/flat (reading, crafts/prices) with e/round (engine-bug,"
            " crafts/prices)") in words
    assert "why (e/flat): flat prices" in words and "why (e/round): a wrong round" in words
    # a drive's game line names them too
    run = _run("crafts", 1, [], {"kind": "observation", "step": 36, "message": "m",
                                 "rules": [], "also": ["e/round"]},
               status="known", known="e/tie")
    assert rp.run_verdict(run, {}) == ("crafts 2p seed 1 uniform: known deviation e/tie at step"
                                       " 36: observation (with e/round)")
