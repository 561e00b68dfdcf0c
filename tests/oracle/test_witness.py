"""Ambiguity witnesses: a short game on which two readings disagree."""

from fractions import Fraction

import pytest

from rules_oracle.model.core import RuleBook, Witnessed, registry, unstructure
from rules_oracle.model.core.play import playout
from rules_oracle.model.core.rules import DIRECTED
from rules_oracle.oracle.witness import _first_difference, directed_actions, find_witness
from tests.toygame import Action, Move, ToyGame, ToyState

BOOK = RuleBook("toyamb", "toy.txt")
for rule in ("move.within-roll", "roll.chance", "game.over"):
    BOOK.rule(rule, "q", "s")
BOOK.ambiguity("reach", quote="move up to the roll", question="May one move one past the roll?",
               readings={"roll": "up to the roll", "roll-plus-one": "one more"},
               default="roll", why="test", source="test", option="reach")
BOOK.ambiguity("colour", quote="q", question="What colour is the die?",
               readings={"white": "w", "black": "b"}, default="white", why="test",
               source="test", option="colour")
BOOK.ambiguity("data-only", quote="q", question="?", readings={"a": "a"}, default="a",
               why="test", source="test")


class AmbiguousToy(ToyGame):
    name = "toyamb"
    rules = BOOK

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        moves = super().legal_actions(state)
        if moves and state.config.option("reach") == "roll-plus-one":
            return (*moves, Move(state.roll + 1))
        return moves

    def apply(self, state: ToyState, action: Action) -> ToyState:
        extra = state.config.option("reach") == "roll-plus-one"
        if extra and isinstance(action, Move) and action.steps == state.roll + 1 > 1:
            pos = list(state.positions)
            pos[state.turn % state.config.players] += action.steps
            return ToyState(state.config, tuple(pos), state.turn + 1, 0)
        return super().apply(state, action)

    def chance_outcomes(self, state: ToyState) -> tuple[tuple[Action, Fraction], ...]:
        return super().chance_outcomes(state)


GAME = AmbiguousToy()


def test_witness_found_for_a_reading_that_changes_play() -> None:
    witness = find_witness(GAME, "toyamb/reach", seeds=range(5))
    assert witness is not None
    assert witness.readings == ("roll", "roll-plus-one") and witness.option == "reach"
    assert witness.actions[0]["type"] == "Roll"
    assert len(witness.actions) == 1
    roll = witness.actions[0]["value"]
    assert witness.difference == (
        "the legal choices differ: legal only under reach=roll (0): none;"
        f' legal only under reach=roll-plus-one (1): {{"steps":{roll + 1},"type":"Move"}}')


def test_witness_reversed_readings_report_rejection() -> None:
    witness = find_witness(GAME, "toyamb/reach", readings=("roll-plus-one", "roll"),
                           seeds=range(30), players=[2])
    assert witness is not None and witness.players == 2
    assert witness.difference.startswith(
        "the legal choices differ: legal only under reach=roll-plus-one (1):")


def test_no_witness_when_readings_play_alike() -> None:
    assert find_witness(GAME, "toyamb/colour", seeds=range(3)) is None


def test_data_only_ambiguity_has_no_witness() -> None:
    with pytest.raises(ValueError, match="no variant option"):
        find_witness(GAME, "toyamb/data-only")


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ({"x": 1}, {"x": 2}, "$.x: 1 vs 2"),
        ({"x": [1, 2]}, {"x": [1]}, "$.x: length 2 vs 1"),
        ({"x": [1, 2]}, {"x": [1, 3]}, "$.x[1]: 2 vs 3"),
        ({"x": 1}, {"y": 1}, "$.x: present under one reading only"),
        ({"x": 1}, {"x": "1"}, '$.x: 1 vs "1"'),
        ({"x": [{"a": True}]}, {"x": [{"a": None}]}, "$.x[0].a: true vs null"),
        ({"x": [1]}, {"x": [1]}, None),
    ],
)
def test_first_difference_names_the_field(a: object, b: object, expected: str | None) -> None:
    assert _first_difference(a, b) == expected



def test_cli_shows_a_witness_that_play_reproduces() -> None:
    import json

    from click.testing import CliRunner

    from rules_oracle.model.core import registry, unstructure
    from rules_oracle.model.core.canon import canonical_text
    from rules_oracle.model.core.play import playout
    from rules_oracle.oracle.cli import main

    runner = CliRunner()
    result = runner.invoke(main, ["ambiguities", "crafts", "--witness", "crafts/prices",
                                  "--seeds", "2", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["id"]: row for row in json.loads(result.output)}
    witness = rows["crafts/prices"]["witness"]
    assert list(rows) == ["crafts/prices"]  # --witness ID: that one ambiguity
    assert witness["readings"] == ["graded", "flat"] and witness["steps"] >= 1
    game = registry.get("crafts")
    config = game.config(witness["players"], {"prices": "graded"})
    steps = playout(game, config, witness["seed"], witness["policy"])
    replayed = [s.action for _, s in zip(range(witness["steps"]), steps, strict=False)]
    assert [unstructure(a) for a in replayed] == witness["actions"]

    text = runner.invoke(main, ["ambiguities", "crafts", "--witness", "crafts/prices",
                                "--seeds", "2"])
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[0] == "crafts/prices"  # that one ambiguity, no other
    assert sum(1 for line in lines if line.startswith("crafts/")) == 1
    flat = " ".join(text.output.split())
    assert (f"prices=graded and prices=flat disagree after step {witness['steps']} of the same"
            f" play (the last step: {canonical_text(witness['actions'][-1])}):") in flat
    assert "legal only under prices=flat" in flat and "'" not in witness["difference"]


def test_cli_witness_bad_id_and_none_found() -> None:
    from click.testing import CliRunner

    from rules_oracle.oracle.cli import _describe_witness, main

    result = CliRunner().invoke(main, ["ambiguities", "crafts", "--witness", "crafts/nope"])
    assert result.exit_code == 2
    assert "not an ambiguity of crafts with a variant option" in result.output
    assert "none found" in _describe_witness("crafts", None)


#: the options whose readings no short seeded game shows apart, each saying why
WITHOUT_WITNESS = {"cities_knights/own-turn-hand"}
#: the options whose witness only a long scan of seeds (or a steered game) finds: the
#: registry names the seeded game, and the search plays it first
SEEDED_WITNESS = {"caylus/resource-supply", "cities_knights/barbarian-strength",
                  "cities_knights/level-four-city", "catan/year-of-plenty-bank",
                  "caylus/prestige-house", "cities_knights/aqueduct-shortage",
                  "cities_knights/reduced-city-stock", "burgundy/tie-order",
                  "catan_cards/building-once", "crafts/redraw-hand",
                  "cities_knights/crane-per-turn"}
#: every ambiguity that names a seeded witness, across the games
NAMED = [(g.name, a.id) for g in registry.all_games() for a in g.rules.ambiguities
         if a.witness is not None]


def test_the_named_witnesses_are_the_expected_ones() -> None:
    assert {aid for _, aid in NAMED} == SEEDED_WITNESS
    assert not SEEDED_WITNESS & WITHOUT_WITNESS


@pytest.mark.parametrize(("name", "aid"), NAMED)
def test_a_named_witness_disagrees_and_play_replays_it(name: str, aid: str) -> None:
    # no seed is scanned: the registry's game alone must show the readings apart, and
    # `oracle play` with its seed and policy plays the same steps
    game = registry.get(name)
    known = game.rules.get_ambiguity(aid).witness
    assert known is not None
    witness = find_witness(game, aid, seeds=[])
    assert witness is not None, f"{aid}: the named game no longer shows the readings apart"
    assert (witness.players, witness.seed, witness.policy) == (
        known.players, known.seed, known.policy)
    amb = game.rules.get_ambiguity(aid)
    config = game.config(known.players, {**game.option_needs.get(amb.option or "", {})})
    if known.policy == DIRECTED:  # the seed's chance and the recorded choices, legal play
        played = directed_actions(game, config, known)
        replayed = [unstructure(a) for a in played[:len(witness.actions)]]
    else:
        steps = playout(game, config, known.seed, known.policy)
        replayed = [unstructure(s.action) for _, s in zip(witness.actions, steps, strict=False)]
    assert replayed == list(witness.actions)


def test_an_option_without_a_seeded_witness_says_why() -> None:
    from rules_oracle.model.core import registry
    from rules_oracle.oracle.cli import _describe_witness
    from rules_oracle.oracle.report import render_game

    said = {a.id: a for g in registry.all_games() for a in g.rules.ambiguities
            if a.no_witness}
    assert set(said) == WITHOUT_WITNESS
    assert all(a.option is not None and len(a.no_witness or "") > 80 for a in said.values())
    reason = said["cities_knights/own-turn-hand"].no_witness or ""
    assert reason in _describe_witness("cities_knights", None, reason)
    assert "No seeded witness: " in render_game(registry.get("cities_knights"))
    book = RuleBook("toynw", "toy.txt")
    with pytest.raises(ValueError, match="only an option"):
        book.ambiguity("x", quote="q", question="?", readings={"a": "a"}, default="a",
                       why="w", source="s", no_witness="never")
    for kwargs in ({}, {"option": "x", "no_witness": "never"}):
        with pytest.raises(ValueError, match="a found witness needs an option"):
            book.ambiguity("y", quote="q", question="?", readings={"a": "a"}, default="a",
                           why="w", source="s", witness=Witnessed(2, 0, "eager"),
                           **kwargs)


STEERED = RuleBook("toyamb", "toy.txt")
for rule in ("move.within-roll", "roll.chance", "game.over"):
    STEERED.rule(rule, "q", "s")
STEERED.ambiguity("reach", quote="move up to the roll", question="?",
                  readings={"roll": "up to the roll", "roll-plus-one": "one more"},
                  default="roll", why="test", source="test", option="reach",
                  witness=Witnessed(players=3, seed=5, policy="steer"))
STEERED.ambiguity("colour", quote="q", question="What colour is the die?",
                  readings={"white": "w", "black": "b"}, default="white", why="test",
                  source="test", option="colour",
                  witness=Witnessed(players=2, seed=0, policy="uniform"))


class SteeredToy(AmbiguousToy):
    rules = STEERED


def test_a_named_steered_witness_is_played_first_as_play_steers_it() -> None:
    game = SteeredToy()
    witness = find_witness(game, "toyamb/reach", seeds=[])
    assert witness is not None
    assert (witness.players, witness.seed, witness.policy) == (3, 5, "steer")
    steps = playout(game, game.config(3, {}), 5, "steer")
    replayed = [unstructure(s.action) for _, s in zip(witness.actions, steps, strict=False)]
    assert replayed == list(witness.actions)
    # the other readings' order is not the named one's: the seeds alone are searched
    assert find_witness(game, "toyamb/reach", readings=("roll-plus-one", "roll"),
                        seeds=[]) is None
    # a shorter game among the seeds replaces the named one
    shorter = find_witness(game, "toyamb/reach", seeds=range(5))
    assert shorter is not None and len(shorter.actions) <= len(witness.actions)
    # a named game on which the readings no longer disagree is no witness (the test that
    # replays the registry's named games fails then)
    assert find_witness(game, "toyamb/colour", seeds=[]) is None


def test_the_report_names_a_seeded_witness() -> None:
    from rules_oracle.oracle.report import render_game

    page = " ".join(render_game(registry.get("caylus")).split())
    assert ("Seeded witness: the readings disagree on `oracle play caylus --players 4"
            " --seed 186 --policy eager`") in page
