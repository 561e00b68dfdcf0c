"""`oracle vectors`: deterministic, current, tamper-evident, with their rule coverage."""

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import digest, structure
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import vectors as vec
from rules_oracle.oracle.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "src" / "rules_oracle" / "oracle" / "schema"


@cache
def small(game: str = "crafts", seed: int = 0) -> vec.VectorSet:
    return vec.generate(registry.get(game), seed=seed, count=1, games=4)


@cache
def full_crafts() -> vec.VectorSet:
    return vec.generate(registry.get("crafts"))


def vectors_of(made: vec.VectorSet) -> list[dict[str, Any]]:
    return copy.deepcopy(list(made.vectors))


def test_same_seed_same_vectors_and_bytes(tmp_path: Path) -> None:
    game = registry.get("crafts")
    again = vec.generate(game, seed=0, count=1, games=4)
    assert again.to_json() == small().to_json()
    a = vec.write(again, tmp_path / "a").read_bytes()
    b = vec.write(small(), tmp_path / "b").read_bytes()
    assert a == b
    assert small(seed=1).to_json()["vectors"] != small().to_json()["vectors"]


@pytest.mark.parametrize("game", ["crafts", "burgundy"])
def test_every_vector_rechecks_against_the_model(game: str, tmp_path: Path) -> None:
    made = small(game)
    path = vec.write(made, tmp_path)
    assert path.name == f"{game}.vectors.json"
    report = vec.verify_file(path)
    assert report.ok and len(report.results) == len(made.vectors) > 0
    assert report.to_json()["status"] == "current"
    kinds = vec.kinds(made.vectors)
    assert kinds["legal"] > 0 and kinds["illegal"] > 0
    ids = [v["id"] for v in made.vectors]
    assert len(set(ids)) == len(ids)


def test_vectors_come_from_the_seeded_game_their_origin_names() -> None:
    game = registry.get("burgundy")
    for v in small("burgundy").vectors[::7]:
        origin = v["origin"]
        config = game.config(v["players"], v["variant"])
        state = game.setup(config)
        for step in playout(game, config, origin["seed"], origin["policy"]):
            if step.index > origin["step"]:
                break
            state = step.state
        assert digest(state) == v["pre_digest"]


def test_coverage_of_action_types_and_rules() -> None:
    made = full_crafts()
    game = registry.get("crafts")
    assert made.types_uncovered == ()
    assert set(made.types_covered) == {cls.__name__ for cls in game.action_types}
    assert set(made.rules_covered) | set(made.rules_uncovered) == set(game.rules.ids)
    assert not set(made.rules_covered) & set(made.rules_uncovered)
    named = {r for v in made.vectors for r in v["rules"]}
    assert named == set(made.rules_covered)
    rejected = {v["expect"]["rule"] for v in made.vectors if "rule" in v["expect"]}
    assert rejected == set(made.rules_rejected) and len(rejected) >= 10
    shown = {r for v in made.vectors if "post_state" in v["expect"] for r in v["rules"]}
    assert shown == set(made.rules_shown)
    # most of crafts' rules have a vector (effect or rejection); the rest are listed
    assert len(made.rules_covered) >= 0.9 * len(game.rules)
    per_type: dict[str, int] = {}
    for v in made.vectors:
        if v["id"].startswith("crafts:legal/"):
            per_type[v["action"]["type"]] = per_type.get(v["action"]["type"], 0) + 1
    assert set(per_type.values()) <= {1, 2} and made.count == 2
    assert made.coverage()["rules"]["uncovered"] == list(made.rules_uncovered)


@pytest.mark.rules("crafts/card.castle-setback", "crafts/final.convert", "crafts/game.reshuffle",
                   "crafts/card.fair", "crafts/market.extra-cost")
def test_rule_vectors_show_the_rule_they_name() -> None:
    made = full_crafts()
    by_id = {v["id"]: v for v in made.vectors}
    knight = by_id["crafts:rule/crafts/card.castle-setback/1"]
    assert knight["action"]["type"] == "Knight" and "post_state" in knight["expect"]
    target = knight["action"]["target"]
    if target >= 0:  # the target's marker went back (not below 0)
        before = knight["pre_state"]["scores"][target]
        assert knight["expect"]["post_state"]["scores"][target] == max(0, before - 4)
    final = by_id["crafts:rule/crafts/final.convert/1"]
    assert "end-of-game" in final["tags"]
    # tagged scoring exactly when the conversion moved a marker (coins under 4 give none)
    scored = final["expect"]["post_state"]["scores"] != final["pre_state"]["scores"]
    assert ("scoring" in final["tags"]) == scored
    assert final["expect"]["post_state"]["phase"] != final["pre_state"]["phase"]
    paid = by_id["crafts:rule/crafts/market.extra-cost/1"]
    i = paid["pre_state"]["turn"]
    assert paid["expect"]["post_state"]["coins"][i] == paid["pre_state"]["coins"][i] - 2
    rebuilt = by_id["crafts:rule/crafts/game.reshuffle/1"]
    assert sum(rebuilt["pre_state"]["deck"]) <= 1 < sum(rebuilt["expect"]["post_state"]["deck"])


def test_scoring_phase_and_game_end_vectors() -> None:
    made = full_crafts()
    for tag in ("scoring", "end-of-phase", "end-of-game"):
        tagged = [v for v in made.vectors if v["id"].startswith(f"crafts:{tag}/")]
        assert 1 <= len(tagged) <= made.count
        for v in tagged:
            assert tag in v["tags"] and "post_state" in v["expect"]
            pre, post = v["pre_state"], v["expect"]["post_state"]
            if tag == "scoring":
                assert pre["scores"] != post["scores"]
            elif tag == "end-of-phase":
                assert (pre["phase"], pre["round"]) != (post["phase"], post["round"])
            else:
                game = registry.get("crafts")
                assert game.is_terminal(structure(post, game.state_type))


def test_rejections_prefer_actions_legal_elsewhere() -> None:
    made = small()
    game = registry.get("crafts")
    looks = [v for v in made.vectors if "legal-elsewhere" in v["tags"]]
    assert looks and all("rule" in v["expect"] for v in looks)
    for v in looks:
        assert v["rules"] == [v["expect"]["rule"]] and v["expect"]["rule"] in game.rules
    # the earliest one: its action was legal in a state played before it
    first = min(looks, key=lambda v: (v["origin"]["seed"], v["origin"]["step"]))
    action = structure(first["action"], next(
        a for a in game.action_types if a.__name__ == first["action"]["type"]))
    legal_before = False
    own = game.config(first["players"], first["variant"])
    origin = (first["origin"]["seed"], first["origin"]["policy"], first["origin"]["step"])
    for config, policy, seed in vec.plan(game, 4, 0):
        if config != own:  # legal elsewhere under the same configuration
            continue
        state = game.setup(config)
        for step in playout(game, config, seed, policy):
            if (seed, policy, step.index) == origin:
                break
            # legal: a player's action or a chance outcome (a card drawn elsewhere)
            legal_before = (legal_before or action in game.legal_actions(state)
                            or action in dict(game.chance_outcomes(state)))
            state = step.state
        if seed == origin[0]:
            break
    assert legal_before


def test_coverage_option_lists_rules_with_and_without_a_vector() -> None:
    result = CliRunner().invoke(main, ["vectors", "crafts", "--games", "4", "--coverage"])
    assert result.exit_code == 0, result.output
    made = small()
    head = result.output.splitlines()[0]
    assert head.startswith("crafts: rules with a vector ")
    rows = [x.split() for x in result.output.splitlines()[1:]]
    assert [r[1] for r in rows if r[0] == "with"] == list(vec.generate(
        registry.get("crafts"), count=2, games=4).rules_covered)
    assert {r[1] for r in rows} == set(registry.get("crafts").rules.ids)
    assert made.games == 4
    as_json = json.loads(CliRunner().invoke(
        main, ["vectors", "crafts", "--games", "4", "--coverage", "--json"]).output)
    assert as_json[0]["game"] == "crafts" and "by_rejection" in as_json[0]["coverage"]["rules"]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["caylus", "catan_cards"])
def test_vectors_name_nine_tenths_of_the_rules(game: str) -> None:
    """The default vectors (every configuration under uniform, eager and steered play) name
    at least 90% of a game's rules: by the effect a legal step shows, or by a rejection."""
    made = vec.generate(registry.get(game))
    assert len(made.rules_covered) >= 0.9 * len(registry.get(game).rules)
    policies = {v["origin"]["policy"] for v in made.vectors}
    assert policies == {"uniform", "eager", "steer"}
    shown = {r for v in made.vectors if "post_state" in v["expect"] for r in v["rules"]}
    assert len(shown) > len(made.rules_rejected)  # the effects name most of them

def legal_vector() -> dict[str, Any]:
    return next(v for v in vectors_of(small()) if "post_state" in v["expect"])


def illegal_vector() -> dict[str, Any]:
    return next(v for v in vectors_of(small()) if "rule" in v["expect"])


def status(vector: dict[str, Any]) -> vec.VectorResult:
    return vec.check_vector(vector)


def test_untouched_vectors_pass() -> None:
    assert status(legal_vector()).status == "ok"
    assert status(illegal_vector()).status == "ok"


def test_tampered_vectors_are_detected() -> None:
    v = legal_vector()
    v["expect"]["post_digest"] = "0" * 64
    assert status(v).status == "fails" and "post_digest" in status(v).message

    v = legal_vector()
    post = v["expect"]["post_state"]
    key = next(k for k, x in sorted(post.items()) if type(x) is int)
    post[key] += 1
    result = status(v)
    assert result.status == "fails" and [d.path for d in result.diffs] == [f"$.{key}"]

    v = legal_vector()
    v["expect"] = {"rule": "crafts/game.over"}
    assert status(v).status == "fails" and "accepts" in status(v).message

    v = illegal_vector()
    v["expect"]["rule"] = "crafts/some.other"
    assert status(v).status == "fails" and "names rule" in status(v).message

    v = illegal_vector()
    v["expect"] = {"post_state": v["pre_state"], "post_digest": v["pre_digest"]}
    assert status(v).status == "fails" and "rejects" in status(v).message

    v = legal_vector()
    v["pre_digest"] = "f" * 64
    assert status(v).status == "fails" and "pre_digest" in status(v).message

    v = legal_vector()
    v["players"] = 2 if v["players"] != 2 else 3
    assert status(v).status == "fails" and "configuration" in status(v).message


def test_a_vector_s_rules_tags_and_id_are_checked_against_the_model() -> None:
    vectors = vectors_of(small())
    legal = next(v for v in vectors if "post_state" in v["expect"] and v["rules"])
    illegal = illegal_vector()
    tagged = next(v for v in vectors if "post_state" in v["expect"] and v["tags"])
    assert all(status(v).status == "ok" for v in (legal, illegal, tagged))
    game = registry.get("crafts")
    other = next(r for r in game.rules.ids if r not in legal["rules"])

    def fails(vector: dict[str, Any], words: str) -> None:
        result = status(vector)
        assert result.status == "fails" and words in result.message, result

    fails({**legal, "rules": [*legal["rules"], other]}, "rules: the model names")
    fails({**legal, "rules": legal["rules"][1:]}, "rules: the model names")
    fails({**legal, "rules": ["catan/victory.ten"]}, "rules: the model names")
    fails({**illegal, "rules": [other]}, "rules: the model names")
    fails({**illegal, "rules": []}, "rules: the model names")
    fails({**legal, "tags": [*legal["tags"], "legal-elsewhere"]}, "tags: expected")
    fails({**tagged, "tags": []}, "tags: expected")
    fails({**illegal, "tags": ["scoring"]}, "tags: expected")
    assert status({**illegal, "tags": ["legal-elsewhere"]}).status == "ok"
    assert status({**illegal, "tags": []}).status == "ok"
    kind = legal["action"]["type"]
    rule = legal["rules"][0]
    assert status({**legal, "id": f"crafts:legal/{kind}/7"}).status == "ok"
    assert status({**legal, "id": f"crafts:rule/{rule}/1"}).status == "ok"
    assert status({**tagged, "id": f"crafts:{tagged['tags'][0]}/2"}).status == "ok"
    for wrong in ("crafts:legal/Nothing/1", f"crafts:rule/{other}/1", f"burgundy:legal/{kind}/1",
                  f"crafts:legal/{kind}/0", f"crafts:legal/{kind}/x", f"crafts:legal/{kind}",
                  f"crafts:illegal/{rule}/1", "crafts:end-of-game/1", "anything"):
        fails({**legal, "id": wrong}, "does not say what the vector shows")
    reason = illegal["expect"]["rule"]
    assert status({**illegal, "id": f"crafts:illegal/{reason}/3"}).status == "ok"
    for wrong in (f"crafts:illegal/{other}/1", f"crafts:rule/{reason}/1", f"crafts:legal/"
                  f"{illegal['action']['type']}/1", "crafts:legal-elsewhere/1"):
        fails({**illegal, "id": wrong}, "does not say what the vector shows")


def test_vectors_that_cannot_be_loaded_are_bad() -> None:
    v = legal_vector()
    v["game"] = "nope"
    assert status(v).status == "bad"
    v = legal_vector()
    v["variant"] = {"no-such-option": "x"}
    assert status(v).status == "bad"
    v = legal_vector()
    v["pre_state"] = {"type": "Nothing"}
    assert status(v).status == "bad" and "pre_state" in status(v).message
    v = legal_vector()
    v["action"] = {"type": "Nothing"}
    assert status(v).status == "bad" and "action type" in status(v).message
    v = legal_vector()
    v["action"] = {**v["action"], "extra": 1}
    assert status(v).status == "bad" and "action" in status(v).message


def test_pre_states_load_as_model_states() -> None:
    game = registry.get("crafts")
    for v in small().vectors:
        state = structure(v["pre_state"], game.state_type)
        assert digest(state) == v["pre_digest"]


def write_vectors(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_files_malformed_or_with_repeated_ids(tmp_path: Path) -> None:
    good = small().to_json()
    with pytest.raises(vec.VectorError, match="not JSON"):
        vec.verify_file(_text(tmp_path / "b.json", "{"))
    bad = copy.deepcopy(good)
    del bad["vectors"][0]["pre_digest"]
    with pytest.raises(vec.VectorError, match=r"\$\.vectors\[0\]"):
        vec.verify_file(write_vectors(tmp_path / "c.json", bad))
    twice = copy.deepcopy(good)
    twice["vectors"].append(twice["vectors"][0])
    twice["vectors"].append({**twice["vectors"][1], "id": "x", "game": "burgundy"})
    report = vec.verify_file(write_vectors(tmp_path / "d.json", twice))
    assert [r.status for r in report.results[-2:]] == ["bad", "bad"]
    assert not report.ok
    with pytest.raises(vec.VectorError, match="not found"):
        vec.verify(tmp_path / "missing")
    with pytest.raises(vec.VectorError, match=r"no \*\.json"):
        vec.verify(_dir(tmp_path / "empty"))
    with pytest.raises(vec.VectorError, match="cannot read"):
        vec.verify_file(_dir(tmp_path / "adir.json"))


def test_a_key_given_twice_in_a_vector_file_is_refused(tmp_path: Path) -> None:
    path = vec.write(small(), tmp_path)
    lines = path.read_text("utf-8").split("\n")
    lines[1] = lines[1].replace('{"action":', '{"action":{"type":"X"},"action":', 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(vec.VectorError, match=r'vectors\[0\]\.action: the key "action" is given'
                       r" twice in one object \(at line 2, column \d+"):
        vec.verify_file(path)
    result = CliRunner().invoke(main, ["vectors", "--verify", str(path)])
    assert result.exit_code == 2 and 'the key "action" is given twice' in result.output


def _text(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _dir(path: Path) -> Path:
    path.mkdir()
    return path


def test_vector_schema_is_valid_and_copied_to_docs() -> None:
    packaged = (SCHEMAS / "vectors.schema.json").read_bytes()
    assert (ROOT / "docs" / "vectors.schema.json").read_bytes() == packaged
    jsonschema.Draft202012Validator.check_schema(vec.schema())
    jsonschema.Draft202012Validator(vec.schema()).validate(small().to_json())


# -- the command line -----------------------------------------------------------------------


def cli(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception)
    return result


def test_cli_write_and_verify(tmp_path: Path) -> None:
    out = tmp_path / "v"
    result = cli("vectors", "crafts", "--out", str(out), "--games", "3", "--count", "1")
    assert result.exit_code == 0, result.output
    assert "rules with no vector" in result.stdout and "action types" in result.stdout
    path = out / "crafts.vectors.json"
    checked = cli("vectors", "--verify", str(out))
    assert checked.exit_code == 0 and "all current" in checked.stdout
    rows = json.loads(cli("vectors", "--verify", str(path), "--json").stdout)
    assert rows[0]["status"] == "current" and rows[0]["ok"] == rows[0]["vectors"]

    data = json.loads(path.read_text("utf-8"))
    data["vectors"][0]["expect"]["post_digest"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    stale = cli("vectors", "--verify", str(out))
    assert stale.exit_code == 1 and "1 of" in stale.stdout
    assert data["vectors"][0]["id"] in stale.stdout
    rows = json.loads(cli("vectors", "--verify", str(out), "--json").stdout)
    assert rows[0]["status"] == "stale" and rows[0]["failures"][0]["status"] == "fails"

    made = json.loads(cli("vectors", "crafts", "--out", str(tmp_path / "w"), "--games", "2",
                          "--json").stdout)
    assert made[0]["game"] == "crafts" and made[0]["vectors"] == made[0]["legal"] + made[0][
        "illegal"]


@pytest.mark.parametrize(("args", "words"), [
    ((), "no game given"),
    (("crafts", "--verify", "x"), "not both"),
    (("--verify", "/no/such/dir"), "not found"),
    (("nope",), "unknown game"),
])
def test_cli_bad_input(args: tuple[str, ...], words: str) -> None:
    result = cli("vectors", *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines
