"""`oracle campaign`: one result per seed in a directory, resumed and extended; its verdict
is the verdict of the same seeds driven one by one; each signature shrunk to a minimal
replay that `oracle check` reports alike."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.oracle import campaign as cmp
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle import shrink as shr
from tests.oracle.helpers import run

ENGINES = Path(__file__).resolve().parent / "engines"
#: a bug of the game's content: the digest is wrong once a card was applied (Apply)
APPLY = [sys.executable, str(ENGINES / "broken.py"), "kind-digest", "Apply"]
#: the same once a player discarded at the end of his turn (Discard)
DISCARD = [sys.executable, str(ENGINES / "broken.py"), "kind-digest", "Discard"]
OPTIONS = ["--game", "crafts", "--players", "3", "--probes", "0", "--jobs", "2"]


def results(folder: Path) -> dict[str, Any]:
    return {p.name: json.loads(p.read_text()) for p in sorted((folder / "results").iterdir())}


def test_a_campaign_resumes_extends_and_judges_as_its_games_one_by_one(tmp_path: Path
                                                                      ) -> None:
    folder = tmp_path / "c"
    first = run("campaign", str(folder), *OPTIONS, "--games", "2", "--no-shrink", "--json",
                "--", *APPLY)
    report = json.loads(first.stdout)
    assert report["played"] == 2 and report["games"] == 2
    # extended: only the new seed is played
    second = run("campaign", str(folder), "--games", "3", "--no-shrink", "--json", "--",
                 *APPLY)
    extended = json.loads(second.stdout)
    assert extended["played"] == 1 and extended["games"] == 3
    # interrupted after one game (a result lost): resumed, it plays just that one again
    (folder / "results" / "crafts-1.json").unlink()
    (folder / "results" / "crafts-2.json").write_text('{"cut short')
    resumed = json.loads(run("campaign", str(folder), "--no-shrink", "--json").stdout)
    assert resumed["played"] == 2 and resumed["games"] == 3
    assert resumed["signatures"] == extended["signatures"]
    assert resumed["status"] == extended["status"] == "diverges"
    # the same seeds, one by one
    game = registry.get("crafts")
    alone = [drv.drive(APPLY, [game], count=1, seed=s, players=3, probes=0).games[0]
             for s in range(3)]
    stored = results(folder)
    assert [stored[f"crafts-{s}.json"]["status"] for s in range(3)] == [
        r.status for r in alone]
    for s, r in enumerate(alone):
        mine = {k: v for k, v in stored[f"crafts-{s}.json"].items() if k != "requests"}
        assert mine == r.to_json()
    statuses = [r.status for r in alone]
    assert "conforms" in statuses and "diverges" in statuses  # seed 0 never applies a card
    assert resumed["conforming"] == statuses.count("conforms")
    assert resumed["diverging"] == statuses.count("diverges")
    assert (first.exit_code, second.exit_code) == (1, 1)
    [group] = resumed["signatures"]
    assert group["kind"] == "digest" and group["first_seed"] == statuses.index("diverges")
    assert group["count"] == statuses.count("diverges")


def test_a_campaign_keeps_its_settings(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    done = run("campaign", str(folder), *OPTIONS, "--games", "1", "--seed", "0", "--no-shrink",
               "--quiet", "--", *APPLY)
    assert done.exit_code == 0 and "1 conform" in done.stdout and "verdict: conforms" in done.stdout
    other = run("campaign", str(folder), "--policy", "eager", "--no-shrink")
    assert other.exit_code == 2 and "other settings (policy" in other.stderr
    assert run("campaign", str(tmp_path / "new"), "--game", "crafts").exit_code == 2
    assert "no game given" in run("campaign", str(tmp_path / "new2"), "--", *APPLY).stderr
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / cmp.CONFIG).write_text("[]")
    assert run("campaign", str(tmp_path / "bad")).exit_code == 2


def test_summaries_group_divergences_by_signature() -> None:
    def result(seed: int, status: str, divergence: Any = None, known: Any = None,
               tolerated: Any = None) -> dict[str, Any]:
        return {"seed": seed, "status": status, "divergence": divergence, "known": known,
                "tolerated": tolerated or {}, "requests": 10}

    digest = {"kind": "digest", "rule": None, "rules": ["a/x"], "known": None}
    legal = {"kind": "legal", "rule": "a/y", "rules": ["a/z"], "known": "entry"}
    summary = cmp.summarize([
        result(0, "conforms"), result(1, "diverges", digest), result(2, "known", legal, "entry"),
        result(3, "diverges", digest), result(4, "known", None, None, {"other": 2})])
    assert summary.status == "diverges" and not summary.passes
    assert [(g.signature, g.count, g.first_seed) for g in summary.groups] == [
        (("digest", ("a/x",), None), 2, 1), (("legal", ("a/y", "a/z"), "entry"), 1, 2)]
    assert dict(summary.absorbed) == {"entry": 1, "other": 2}
    assert summary.to_json()["requests"] == 50
    assert cmp.shown(summary.groups[1].signature) == "legal [a/y, a/z] (known: entry)"
    assert cmp.summarize([result(0, "known", None, None, {"e": 1})]).status == "known"
    # after an accepted illegal action play went on: a later known divergence is absorbed too
    accepted = {"kind": "accepts-illegal", "rule": "a/w", "rules": ["a/w"], "known": None}
    went_on = {**result(5, "diverges", accepted), "later": [{**legal}]}
    assert dict(cmp.summarize([went_on]).absorbed) == {"entry": 1}
    # and its later divergences are grouped as the first ones are: per game and per divergence
    twice = {**result(6, "diverges", accepted), "later": [{**accepted}, {**legal}]}
    grouped = cmp.summarize([went_on, twice]).groups
    assert [(g.signature, g.count, g.divergences, g.seeds) for g in grouped] == [
        (("accepts-illegal", ("a/w",), None), 2, 3, (5, 6)),
        (("legal", ("a/y", "a/z"), "entry"), 2, 2, (5, 6))]
    assert grouped[0].to_json()["divergences"] == 3
    assert grouped[1].known_shown() == "entry" and grouped[0].known_shown() == "-"
    # an entry explaining a step with the signature's own is shown beside it
    both = {**legal, "also": ["second"]}
    shared = cmp.summarize([result(7, "known", legal, "entry"),
                            result(8, "known", both, "entry")]).groups
    assert [(g.count, g.also, g.known_shown()) for g in shared] == [
        (2, ("second",), "entry + second")]
    assert shared[0].to_json()["also"] == ["second"]


def test_a_divergence_is_shrunk_to_a_shorter_replay_oracle_check_reports_alike(
        tmp_path: Path) -> None:
    folder = tmp_path / "c"
    done = run("campaign", str(folder), *OPTIONS, "--games", "1", "--seed", "1",
               "--shrink-attempts", "30", "--json", "--", *DISCARD)
    report = json.loads(done.stdout)
    [replay] = report["replays"]
    [group] = report["signatures"]
    assert replay["in_trace"] and replay["steps"] < replay["original_steps"]
    assert (replay["kind"], replay["rules"]) == (group["kind"], group["rules"]) == (
        "digest", ["crafts/end.discard"])
    checked = run("check", replay["file"], "--allow-partial", "--json")
    assert checked.exit_code == 1
    found = json.loads(checked.stdout)
    first = found["divergences"][0]
    assert cmp.signature(first) == ("digest", ("crafts/end.discard",), None)
    assert first["step"] == replay["steps"] == replay["step"]
    lines = Path(replay["file"]).read_text().splitlines()
    assert json.loads(lines[0])["version"] == 2 and len(lines) == replay["steps"] + 1
    assert json.loads((folder / "replays" / "replays.json").read_text()) == report["replays"]


#: an engine accepting the illegal sales (its state left as it was): play goes on after each,
#: so a game shows several divergences, under several rules
SELL = [sys.executable, str(ENGINES / "broken.py"), "kind-accept", "Sell"]


def test_every_divergence_of_a_game_is_grouped_and_each_signature_shrunk_once(
        tmp_path: Path) -> None:
    """The later divergences of a game (play went on after an accepted illegal action) are
    grouped with the first ones, counted per game and per divergence, and each signature is
    shrunk once, to a replay oracle check reports alike; the groups are those of the same
    seeds driven one by one, and the results those of two workers."""
    args = ["--game", "crafts", "--players", "3", "--seed", "1", "--games", "2", "--json"]
    done = run("campaign", str(tmp_path / "c"), *args, "--jobs", "1", "--shrink-attempts", "6",
               "--", *SELL)
    report = json.loads(done.stdout)
    assert done.exit_code == 1 and report["status"] == "diverges"
    game = registry.get("crafts")
    alone = [drv.drive(SELL, [game], count=1, seed=s, players=3).games[0] for s in (1, 2)]
    expected: dict[Any, dict[str, Any]] = {}
    for played in alone:
        for d in played.divergences:
            group = expected.setdefault(cmp.signature(d.to_json()), {
                "seeds": [], "divergences": 0})
            group["divergences"] += 1
            if played.seed not in group["seeds"]:
                group["seeds"].append(played.seed)
    firsts = {cmp.signature(p.divergence.to_json()) for p in alone if p.divergence is not None}
    assert len(expected) > len(firsts)  # signatures only later divergences show
    got = {(g["kind"], tuple(g["rules"]), g["known"]): {
        "seeds": g["seeds"], "divergences": g["divergences"]} for g in report["signatures"]}
    assert got == expected
    assert [g["count"] for g in report["signatures"]] == [
        len(g["seeds"]) for g in report["signatures"]]
    assert all(g["first_seed"] == g["seeds"][0] for g in report["signatures"])
    # each signature once, the later ones too, each replay ending in its own signature
    shrunk = [(r["kind"], tuple(r["rules"]), r["known"]) for r in report["replays"]]
    assert sorted(shrunk) == sorted(expected)
    for replay in report["replays"]:
        assert replay["in_trace"] and replay["check"]["kind"] == "illegal"
        assert replay["check"]["rules"] == replay["rules"]
        assert replay["check"]["step"] == replay["steps"] + 1
    # the same seeds on two workers: the same results, the same groups
    two = json.loads(run("campaign", str(tmp_path / "d"), *args, "--jobs", "2", "--no-shrink",
                         "--", *SELL).stdout)
    assert results(tmp_path / "d") == results(tmp_path / "c")
    assert two["signatures"] == report["signatures"]


def test_a_later_divergence_replays_through_the_accepted_actions_before_it() -> None:
    """A signature a game shows only after an accepted illegal action of another: the
    replay goes on after that one and stops at the first divergence of the target's."""
    game = registry.get("crafts")
    played = next(p for p in (drv.drive(SELL, [game], count=1, seed=s, players=3).games[0]
                              for s in (1, 2))
                  if cmp.signature(p.later[-1].to_json())
                  != cmp.signature(p.divergences[0].to_json()))
    later = played.later[-1]
    target = cmp.signature(later.to_json())
    engine = shr._Engine(shr.Driver(tuple(SELL), game, game.config(3), played.seed))
    choices = shr.choices_of(game, game.config(3), played.actions)
    try:
        first = engine.replay(choices)
        aimed = engine.replay(choices, target=target)
    finally:
        engine.close()
    assert cmp.signature(first.divergence.to_json()) == cmp.signature(
        played.divergence.to_json())
    assert cmp.signature(aimed.divergence.to_json()) == target
    assert first.divergence.step < aimed.divergence.step <= later.step
    assert len(aimed.actions) == aimed.divergence.step - 1


#: an engine lacking an action: it leaves every Scout out of its legal lists
NO_SCOUT = [sys.executable, str(ENGINES / "broken.py"), "kind-missing", "Scout"]


def test_an_action_the_engine_lacks_is_shrunk_to_a_replay_ending_in_its_list(
        tmp_path: Path) -> None:
    folder = tmp_path / "c"
    done = run("campaign", str(folder), *OPTIONS, "--games", "1", "--seed", "1",
               "--shrink-attempts", "30", "--json", "--", *NO_SCOUT)
    report = json.loads(done.stdout)
    [replay] = report["replays"]
    [group] = report["signatures"]
    assert group["kind"] == "legal" and "crafts/card.scouting" in group["rules"]
    assert replay["in_trace"] and replay["steps"] < replay["original_steps"]
    # the replay ends at the step whose lists differ, carrying the engine's list there
    lines = Path(replay["file"]).read_text().splitlines()
    last = json.loads(lines[-1])
    assert len(lines) == replay["step"] + 1 == replay["steps"] + 2
    assert last["step"] == replay["step"] and last["legal"]
    assert all(a["type"] != "Scout" for a in last["legal"])
    checked = run("check", replay["file"], "--allow-partial", "--json")
    assert checked.exit_code == 1
    first = json.loads(checked.stdout)["divergences"][0]
    assert cmp.signature(first) == (group["kind"], tuple(group["rules"]), None)
    assert first["step"] == replay["step"] and {a["type"] for a in first["missing"]} == {
        "Scout"}


def test_a_deviation_play_continues_after_is_shrunk_to_a_replay_ending_in_it(
        tmp_path: Path) -> None:
    """A known entry that lets play continue absorbs its divergences and stops no game: the
    campaign still shrinks the first game that met it, the entry made to stop play there,
    to a replay that oracle check --known names it in."""
    entry = {"id": "no-scout", "class": "engine-bug", "rule": "crafts/card.scouting",
             "explanation": "the engine never lists a scouting card", "continue": True,
             "match": {"kind": "legal", "legal": "missing", "action": ["Scout"]}}
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"version": 1, "game": "crafts", "deviations": [entry]}))
    folder = tmp_path / "c"
    done = run("campaign", str(folder), *OPTIONS, "--games", "1", "--seed", "1",
               "--known", str(known), "--shrink-attempts", "30", "--json", "--", *NO_SCOUT)
    report = json.loads(done.stdout)
    assert done.exit_code == 0 and report["status"] == "known" and not report["signatures"]
    stored = results(folder)["crafts-1.json"]
    assert stored["tolerated"]["no-scout"] > 0 and stored["divergence"] is None
    [replay] = report["replays"]
    assert (replay["kind"], replay["known"]) == ("legal", "no-scout")
    assert replay["in_trace"] and replay["steps"] < replay["original_steps"]
    assert replay["check"]["known"] == "no-scout" and replay["check"]["kind"] == "legal"
    checked = run("check", replay["file"], "--allow-partial", "--json", "--known", str(known))
    assert checked.exit_code == 0
    first = json.loads(checked.stdout)["divergences"][0]
    assert (first["kind"], first["known"], first["step"]) == ("legal", "no-scout",
                                                             replay["step"])


def test_shrinking_starts_from_the_shortest_game_and_where_an_entry_shows_first(
        tmp_path: Path) -> None:
    """A signature's shortest game is shrunk; an entry letting play continue, from the game
    (of the first ones that met it) where it shows at the earliest step."""
    from types import SimpleNamespace

    from rules_oracle.oracle import known as kn

    a, b = ("digest", ("x/y",), None), ("legal", (), None)
    results = [{"seed": 0, "divergence": {"kind": "digest", "rules": ["x/y"]}, "actions": [1, 2]},
               {"seed": 1, "divergence": {"kind": "legal", "rules": []}, "actions": [1]},
               {"seed": 2, "divergence": None, "actions": []},
               {"seed": 3, "divergence": {"kind": "digest", "rules": ["x/y"]}, "actions": [5]},
               {"seed": 4, "divergence": {"kind": "digest", "rules": ["x/y"]}, "actions": [6]}]
    summary = SimpleNamespace(results=results)
    assert shr._shortest(summary, a)["seed"] == 3 and shr._shortest(summary, b)["seed"] == 1
    # where the entry shows first: each game driven with the entry stopping play
    entry = {"id": "no-scout", "class": "engine-bug", "rule": "crafts/card.scouting",
             "explanation": "x", "continue": False,
             "match": {"kind": "legal", "legal": "missing", "action": ["Scout"]}}
    stops = tuple(kn.parse(json.dumps({"version": 1, "game": "crafts", "deviations": [entry]})))
    game = registry.get("crafts")
    played = [g for g in (drv.drive(NO_SCOUT, [game], count=1, seed=s, players=3, probes=0,
                                    known=stops).games[0] for s in range(6))
              if g.divergence is not None][:shr.MET_TRIED]
    steps = [g.divergence.step for g in played if g.divergence is not None]
    met = [{"seed": g.seed, "players": 3, "variant": dict(game.config(3).variant),
            "actions": g.actions} for g in played]
    settings = SimpleNamespace(command=tuple(NO_SCOUT), policy="uniform", timeout=10.0,
                               probes=0, strict_rules=False, protocol=2)
    chosen = shr._earliest(game, settings, met, stops, "no-scout")
    earliest = min(range(len(met)), key=lambda i: steps[i])
    assert len(met) == shr.MET_TRIED
    assert chosen["seed"] == met[earliest]["seed"]
    assert len(chosen["actions"]) == steps[earliest] - 1
    assert len(set(steps)) > 1  # the choice matters
    # an entry no game shows again: the first game, as it is
    faithful = (sys.executable, str(ENGINES / "faithful.py"))
    none = shr._earliest(game, SimpleNamespace(**{**vars(settings), "command": faithful}), met,
                         stops, "no-scout")
    assert none is met[0]


def test_shrinking_retries_a_divergence_only_under_the_readings_entries_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay's signature depends on the readings only through the entries matching one:
    the other readings are not replayed (each is a replay of the model from set-up)."""
    from rules_oracle.oracle import known as kn
    from rules_oracle.oracle import retry

    game = registry.get("crafts")
    config = game.config(3)
    labels = [label for label, _ in retry.other_readings(game, config)]
    assert retry.conforming_readings(game, config, [], lambda _: True) == tuple(labels)
    assert retry.conforming_readings(game, config, [], lambda _: True, {labels[1]}) == (
        labels[1],)
    asked: list[Any] = []
    real = drv.conforming_readings

    def spy(*args: Any) -> tuple[str, ...]:
        asked.append(args[4])
        return real(*args)

    monkeypatch.setattr(drv, "conforming_readings", spy)
    entry = {"id": "other", "class": "reading", "rule": "crafts/end.discard",
             "explanation": "x", "match": {"reading": labels[0]}}
    known = tuple(kn.parse(json.dumps({"version": 1, "game": "crafts", "deviations": [entry]})))
    played = drv.drive(DISCARD, [game], count=1, seed=1, players=3, probes=0).games[0]
    choices = shr.choices_of(game, config, played.actions)
    for entries, expected in ((known, [{labels[0]}]), ((), [])):
        asked.clear()
        engine = shr._Engine(shr.Driver(tuple(DISCARD), game, config, 1, probes=0,
                                        known=entries))
        try:
            seen = engine.replay(choices)
        finally:
            engine.close()
        assert seen.divergence is not None and seen.divergence.kind == "digest"
        assert asked == expected and seen.divergence.known is None


def test_an_accepted_illegal_action_is_probed_wherever_the_model_rejects_it_so() -> None:
    """A shrunk game sends other random probes than the seeded one: the replays send the
    accepted action wherever the model rejects it under the same rule, so the divergence
    shows at the first such step whatever the prefix."""
    from rules_oracle.model.core.canon import structure
    from rules_oracle.model.core.errors import IllegalAction

    game = registry.get("crafts")
    config = game.config(3)
    sell = (sys.executable, str(ENGINES / "broken.py"), "kind-accept", "Sell")
    played = drv.drive(list(sell), [game], count=1, seed=1, players=3).games[0]
    divergence = played.divergence
    assert divergence is not None and divergence.kind == "accepts-illegal"
    types = {cls.__name__: cls for cls in game.action_types}
    action = structure(divergence.action, types[divergence.action["type"]])
    engine = shr._Engine(shr.Driver(sell, game, config, 1))
    choices = shr.choices_of(game, config, played.actions)
    try:
        focused = engine.replay(choices, (divergence.action, divergence.rule))
        plain = engine.replay(choices)
    finally:
        engine.close()
    first = None  # the first step before which the model rejects it under that rule
    for step, (before, _played) in enumerate(_states(game, played.actions, config), start=1):
        try:
            game.apply(before, action)
        except IllegalAction as exc:
            if exc.rule == divergence.rule:
                first = step
                break
    assert first is not None
    assert plain.divergence.step == divergence.step
    assert focused.divergence.kind == "accepts-illegal"
    assert focused.divergence.step == first < divergence.step
    assert focused.divergence.action == divergence.action


@pytest.mark.parametrize("fault", ["Discard", "Sell"])
def test_shrinking_sends_probes_only_for_a_divergence_a_probe_shows(
        fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("crafts")
    command = DISCARD if fault == "Discard" else [sys.executable, str(ENGINES / "broken.py"),
                                                 "kind-accept", "Sell"]
    played = drv.drive(command, [game], count=1, seed=1, players=3).games[0]
    assert played.divergence is not None
    sent: list[Any] = []
    real = drv._Game._send_probes

    def spy(self: Any, step: int, batch: Any, state: Any) -> None:
        sent.extend(data for data, _exc in batch)
        real(self, step, batch, state)

    monkeypatch.setattr(drv._Game, "_send_probes", spy)
    target = cmp.signature(played.divergence.to_json())
    found = shr.shrink(shr.Driver(tuple(command), game, game.config(3), 1), played.actions,
                       target, attempts=3)
    assert found is not None and cmp.signature(found.best.divergence.to_json()) == target
    assert bool(sent) is (fault == "Sell")


def test_shrinking_gives_up_when_the_game_does_not_diverge_again() -> None:
    game = registry.get("crafts")
    driver = shr.Driver(tuple(DISCARD), game, game.config(3), 0, probes=0)
    faithful = [sys.executable, str(ENGINES / "faithful.py")]
    played = drv.drive(faithful, [game], count=1, seed=0, players=3, probes=0).games[0]
    assert shr.shrink(driver, played.actions[:5], ("digest", (), None), attempts=3) is None
    assert shr.choices_of(game, game.config(3), played.actions[:3]) == [
        shr.options(game, s).index(a) for s, a in _states(game, played.actions[:3])]


def _states(game: Any, actions: Any, config: Any = None) -> list[tuple[Any, Any]]:
    from rules_oracle.model.core.canon import unstructure

    state = game.setup(config or game.config(3))
    out = []
    for data in actions:
        action = next(a for a in shr.options(game, state) if unstructure(a) == data)
        out.append((state, action))
        state = game.apply(state, action)
    return out


@pytest.mark.parametrize(("path", "value"), [("$.a.b[1]", 9), ("$.c", 3)])
def test_a_replay_writes_the_engine_s_value_at_a_path(path: str, value: int) -> None:
    data: dict[str, Any] = {"a": {"b": [1, 2]}, "c": 0}
    shr._set(data, path, value)
    assert (data["a"]["b"][1] if path.startswith("$.a") else data["c"]) == value


def test_the_progress_bar_counts_games_and_divergences(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    from rules_oracle.oracle import campaign_cli

    with campaign_cli._bar(False, 3, 0, 0) as none:
        assert none is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with campaign_cli._bar(True, 3, 1, 0) as update:
        assert update is not None
        update({"status": "diverges"})
        update({"status": "conforms"})


REPLAYS = Path(__file__).resolve().parents[2] / "docs" / "engines" / "replays"


@pytest.mark.rules("catan/longest-road.break", "catan/development.not-new",
                   "catan/development.road-building", "catan/development-before-roll",
                   "catan/production.shortage", "catan/development.year-of-plenty")
@pytest.mark.parametrize(("name", "kind", "known", "step"), [
    ("01-road-into-rival-building-card-seed19", "observation", "road-into-rival-building-card",
     96),
    ("03-new-card-accepted-seed4", "illegal", "new-card-accepted", 20),
    ("04-card-before-roll-seed0", "legal", "card-before-roll", 137),
    ("05-new-card-played-seed0", "legal", "new-card-played", 17),
    ("06-road-building-needs-resources-seed3", "legal", "road-building-needs-resources", 42),
    ("07-road-into-rival-building-seed8", "observation", "road-into-rival-building", 21),
    ("01-bank-shortage-seed377", "observation", "bank-shortage", 243),
    ("03-one-card-plenty-seed2", "legal", "one-card-plenty", 91)])
def test_the_machine_shrunk_catanatron_replays_show_their_deviation(
        name: str, kind: str, known: str | None, step: int) -> None:
    """docs/engines/replays: each ends in the deviation it was shrunk for, which `oracle
    check` finds in it without catanatron, named by the same entry (an action catanatron
    lacks or allows wrongly from the last step's legal list, a card it accepted as an
    illegal step under the rule the entry names)."""
    from rules_oracle.oracle.check import check_file
    from rules_oracle.oracle.known import load

    entries = load(str(REPLAYS.parents[0] / "catanatron.known.json"))
    report = check_file(str(REPLAYS / f"{name}.jsonl"), allow_partial=True, known=entries)
    first = report.divergences[0]
    assert (first.kind, first.known, first.step) == (kind, known, step)
    assert report.passes and report.steps >= step - 1  # every step before it agrees
    if kind == "illegal":
        assert first.rule == "catan/development.not-new"


def _attempt(divergence: Any, steps: int, compare: str = "digest",
             offered: tuple[Any, ...] = ()) -> shr.Attempt:
    from rules_oracle.model.core.canon import unstructure
    from rules_oracle.model.core.play import playout

    game = registry.get("crafts")
    actions = tuple(unstructure(s.action) for s in playout(game, game.config(2), 4))[:steps]
    declared = drv.Declared(compare=compare, viewer="public", fields=("scores",),
                            available=9) if compare == "observation" else drv.Declared()
    return shr.Attempt(divergence, (0,) * steps, actions, declared, offered)


def _check_lines(lines: list[str], tmp_path: Path) -> Any:
    from rules_oracle.oracle.check import check_file

    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines) + "\n")
    report = check_file(str(path), allow_partial=True)
    return report.divergences[0] if report.divergences else None


def test_a_replay_trace_carries_the_divergence_as_the_engine_showed_it(tmp_path: Path) -> None:
    from rules_oracle.model.core.canon import unstructure
    from rules_oracle.oracle.divergence import Divergence

    game = registry.get("crafts")
    config = game.config(2)
    setup = Divergence("setup-digest", 0, "m", got="1" * 64)
    lines, written = shr.replay_lines(game, config, 4, _attempt(setup, 0))
    assert written and _check_lines(lines, tmp_path).kind == "setup-digest"
    actor = Divergence("actor", 6, "m", expected=0, got=1)
    lines, written = shr.replay_lines(game, config, 4, _attempt(actor, 5))
    found = _check_lines(lines, tmp_path)
    assert written and (found.kind, found.step) == ("actor", 6)
    state = game.setup(config)
    for data in _attempt(actor, 5).actions:
        state = game.apply(state, next(a for a in shr.options(game, state)
                                       if unstructure(a) == data))
    legal = unstructure(shr.options(game, state)[0])
    import random

    prober = drv.Prober(game, random.Random(0))
    prober.remember(shr.options(game, state))
    [(_action, extra, _exc)] = prober.probes(state, shr.options(game, state), 1)
    listed = tuple(unstructure(a) for a in shr.options(game, state))
    illegal = Divergence("legal", 6, "m", extra=(extra,), extra_count=1)
    lines, written = shr.replay_lines(game, config, 4, _attempt(illegal, 5, "observation",
                                                                (*listed, extra)))
    found = _check_lines(lines, tmp_path)
    assert written and (found.kind, found.step, found.extra) == ("legal", 6, (extra,))
    # the step written is one both allow, after the engine's list
    assert json.loads(lines[6])["action"] in listed and json.loads(lines[6])["legal"][-1] == extra
    missing = Divergence("legal", 6, "m", missing=(legal,), missing_count=1)
    lines, written = shr.replay_lines(game, config, 4, _attempt(missing, 5, offered=listed[1:]))
    found = _check_lines(lines, tmp_path)
    assert written and len(lines) == 7
    assert (found.kind, found.step, found.missing) == ("legal", 6, (legal,))
    # an engine listing nothing the model allows: the model's first option is the step
    lines, written = shr.replay_lines(game, config, 4, _attempt(missing, 5, offered=(extra,)))
    assert written and json.loads(lines[6])["action"] == legal
    # the kinds the engine declared unsupported are written in the header (left out of a
    # player's list only: this step is a chance step, its outcomes all compared)
    import attrs

    gap = _attempt(missing, 5, offered=listed[1:])
    gap = attrs.evolve(gap, declared=drv.Declared(unsupported=frozenset({legal["type"]})))
    lines, written = shr.replay_lines(game, config, 4, gap)
    assert json.loads(lines[0])["unsupported"] == [legal["type"]]
    assert written and _check_lines(lines, tmp_path).missing == (legal,)
    # an illegal action the engine accepted: the last step, which oracle check rejects
    accepted = Divergence("accepts-illegal", 6, "m", action=extra)
    lines, written = shr.replay_lines(game, config, 4, _attempt(accepted, 5, "observation"))
    found = _check_lines(lines, tmp_path)
    assert written and (found.kind, found.step, found.action) == ("illegal", 6, extra)
    # an engine saying the game is over: the replay ends in an end record
    over = Divergence("actor", 6, "m", expected=0, got="terminal")
    lines, written = shr.replay_lines(game, config, 4, _attempt(over, 5))
    found = _check_lines(lines, tmp_path)
    assert written and (found.kind, found.step) == ("early-end", 6)
    assert json.loads(lines[-1])["record"] == "end" and len(lines) == 7
    from rules_oracle.oracle.diff import FieldDiff

    seen = Divergence("observation", 5, "m", diffs=(FieldDiff("$.scores[1]", 0, 7, ""),))
    lines, written = shr.replay_lines(game, config, 4, _attempt(seen, 5, "observation"))
    found = _check_lines(lines, tmp_path)
    assert written and (found.kind, found.step) == ("observation", 5)
    assert json.loads(lines[5])["observation"]["fields"]["scores"][1] == 7


def test_the_text_report_lists_signatures_replays_and_absorbed(
        capsys: pytest.CaptureFixture[str]) -> None:
    from rules_oracle.oracle import campaign_cli

    digest = {"kind": "digest", "rule": None, "rules": ["a/x"], "known": None}
    results = [{"seed": 3, "status": "diverges", "divergence": digest, "known": None,
                "tolerated": {"entry": 4}, "requests": 1}]
    summary = cmp.summarize(results)
    settings = cmp.Settings(("engine",), "crafts", 1, 3)
    replays = [{"kind": "digest", "rules": ["a/x"], "known": None, "steps": 7,
                "original_steps": 30, "file": "r/01.jsonl"}]
    campaign_cli._print_summary(Path("d"), settings, summary, 1, 2.0, replays, ["old"],
                                ["broad known deviation in force: wide"])
    out = " ".join(capsys.readouterr().out.split())
    assert "1 diverge" in out and "7 steps (from 30): r/01.jsonl" in out
    assert "known deviations absorbed: entry 4x" in out and "verdict: diverges" in out
    assert "stale known deviations (absorbed nothing in this run): old" in out
    assert "broad known deviation in force: wide" in out


def test_the_page_of_a_campaign_draws_each_signature_s_first_game(tmp_path: Path) -> None:
    from rules_oracle.oracle.draw import report_page as rp

    folder = tmp_path / "c"
    page = tmp_path / "campaign.html"
    done = run("campaign", str(folder), *OPTIONS, "--games", "3", "--no-shrink", "--json",
               "--html", str(page), "--", *APPLY)
    report = json.loads(done.stdout)
    [group] = report["signatures"]
    [first] = report["first_games"]
    assert first["seed"] == group["first_seed"] and first["divergence"]["kind"] == "digest"
    assert report["stale"] == [] and report["broad"] == []
    text = page.read_text("utf-8")
    # the verdict and counts the text report prints, each signature with its first game
    for line in rp.campaign_verdict(report):
        assert line in text.replace("&#x27;", "'")
    assert f"{group['count']} games, first crafts 3p seed {group['first_seed']}" in text
    assert 'class="signatures"' in text and "diverges" in text
    # saved JSON gives the same page
    saved = tmp_path / "campaign.json"
    saved.write_text(done.stdout)
    again = tmp_path / "again.html"
    shown = run("report", str(saved), "--html", str(again))
    assert shown.exit_code == 1 and shown.stdout.splitlines() == rp.campaign_verdict(report)
    assert again.read_text("utf-8") == text
    # a signature with entries explaining its steps together names them all
    paired = dict(report, signatures=[dict(group, known="e/one", also=["e/two"])])
    assert "<td>e/one + e/two</td>" in rp.page(paired)
    # a campaign report whose games do not match its signatures is refused
    broken = dict(report, first_games=[])
    saved.write_text(json.dumps(broken))
    refused = run("report", str(saved), "--html", str(again))
    assert refused.exit_code == 2 and "one game per signature" in refused.output


def test_a_step_two_entries_explain_together_replays_with_the_same_signature() -> None:
    """The shrinker classifies a replay's divergence as the drive does: a reading and a
    path entry explaining one step's fields together (the engine plays another reading of
    the first player's tie and reports a wrong round from step 3 on)."""
    from rules_oracle.oracle import known as kn

    engine = (sys.executable, str(ENGINES / "v2.py"), "observe=public:round,first_player",
              "play=first_tie:self", "fault=wrong-view")
    known = kn.parse(json.dumps({"version": 1, "game": "crafts", "deviations": [
        {"id": "e/tie", "class": "reading", "rule": "crafts/first-tie",
         "explanation": "tie", "match": {"reading": "crafts/first-tie=self"}},
        {"id": "e/round", "class": "engine-bug", "rule": "crafts/first-tie",
         "explanation": "round", "match": {"kind": "observation", "path": "$.round"},
         "continue": True}]}))
    game = registry.get("crafts")
    played = drv.drive(list(engine), [game], count=1, seed=1, players=2, probes=0,
                       known=known).games[0]
    assert played.divergence is not None and played.divergence.entries == ("e/tie", "e/round")
    target = cmp.signature(played.divergence.to_json())
    assert target[2] == "e/tie"
    driver = shr.Driver(engine, game, game.config(2), 1, probes=0, known=known)
    found = shr.shrink(driver, played.actions, target, attempts=3)
    assert found is not None
