"""The directed witness search and the replay of the games it finds."""

from typing import Any

import attrs
import pytest

from rules_oracle.model.core import RuleBook, Witnessed, registry, unstructure
from rules_oracle.model.core.rules import DIRECTED
from rules_oracle.oracle import witness_search
from rules_oracle.oracle.witness import directed_actions, find_witness
from tests.oracle.test_witness import GAME, AmbiguousToy


def test_the_search_finds_a_disagreement_and_the_registry_replays_it() -> None:
    found = witness_search.directed_search(GAME, "toyamb/reach", lambda s: 0.0, players=2,
                                           seed=3, budget=30.0)
    assert found is not None
    assert found.witnessed.policy == DIRECTED and found.witnessed.seed == 3
    assert found.witness.difference.startswith("the legal choices differ")
    book = RuleBook("toyamb", "toy.txt")
    for rule in ("move.within-roll", "roll.chance", "game.over"):
        book.rule(rule, "q", "s")
    book.ambiguity("reach", quote="q", question="?", readings={"roll": "r", "roll-plus-one": "p"},
                   default="roll", why="w", source="s", option="reach",
                   witness=found.witnessed)

    class Directed(AmbiguousToy):
        rules = book

    replayed = find_witness(Directed(), "toyamb/reach", seeds=[])
    assert replayed is not None and replayed.policy == DIRECTED
    assert replayed.actions == found.witness.actions
    assert replayed.difference == found.witness.difference
    played = directed_actions(GAME, GAME.config(2, {}), found.witnessed)
    assert [unstructure(a) for a in played[:len(replayed.actions)]] == list(replayed.actions)


def test_the_search_gives_up_when_the_readings_never_part_or_time_runs_out() -> None:
    # colours play alike: every game of the beam ends without a difference
    assert witness_search.directed_search(GAME, "toyamb/colour", lambda s: 0.0, players=2,
                                          seed=0, width=2, branch=2, budget=30.0) is None
    assert witness_search.directed_search(GAME, "toyamb/reach", lambda s: 0.0, players=2,
                                          seed=0, budget=0.0) is None
    with pytest.raises(ValueError, match="no variant option"):
        witness_search.directed_search(GAME, "toyamb/data-only", lambda s: 0.0, players=2,
                                       seed=0)


def test_recorded_choices_that_run_out_show_nothing() -> None:
    # a directed game whose choices end before the readings part is no witness
    book = RuleBook("toyamb", "toy.txt")
    for rule in ("move.within-roll", "roll.chance", "game.over"):
        book.rule(rule, "q", "s")
    book.ambiguity("reach", quote="q", question="?", readings={"roll": "r", "roll-plus-one": "p"},
                   default="roll", why="w", source="s", option="reach")
    book.ambiguity("colour", quote="q", question="?", readings={"white": "w", "black": "b"},
                   default="white", why="w", source="s", option="colour",
                   witness=Witnessed(2, 0, DIRECTED, (0, 0)))

    class Short(AmbiguousToy):
        rules = book

    assert find_witness(Short(), "toyamb/colour", seeds=[]) is None
    assert len(directed_actions(Short(), Short().config(2, {}), Witnessed(2, 0, DIRECTED,
                                                                          (0, 0)))) >= 2


def test_only_a_directed_witness_records_choices() -> None:
    with pytest.raises(ValueError, match="only a directed witness"):
        Witnessed(2, 0, "eager", (1,))
    assert Witnessed(2, 0, DIRECTED, (1, 0)).choices == (1, 0)


def test_the_premise_scores_grow_towards_the_premise() -> None:
    caylus = registry.get("caylus")
    state = caylus.setup(caylus.config(2, {}))
    start = witness_search.caylus_houses(state)
    fewer = attrs.evolve(state.players[0], houses=state.players[0].houses - 2)
    assert witness_search.caylus_houses(
        attrs.evolve(state, players=(fewer, *state.players[1:]))) == start + 200
    ck = registry.get("cities_knights")
    cks = ck.setup(ck.config(3, {}))
    base = witness_search.cities_knights_shortage(cks)
    drained = attrs.evolve(cks, bank=(cks.bank[0] - 4, *cks.bank[1:]))
    assert witness_search.cities_knights_shortage(drained) > base


def test_the_report_and_the_cli_name_a_directed_witness() -> None:
    from rules_oracle.oracle.cli import _describe_witness
    from rules_oracle.oracle.report import render_game

    page = " ".join(render_game(registry.get("caylus")).split())
    known = registry.get("caylus").rules.get_ambiguity("caylus/prestige-house").witness
    assert known is not None
    assert (f"Directed witness: the readings disagree on the 2-player game of seed 0 whose"
            f" {len(known.choices)} player choices the registry records") in page
    text = _describe_witness("caylus", {
        "option": "prestige_house", "readings": ["residence", "stock"], "players": 2,
        "seed": 0, "policy": DIRECTED, "steps": 3, "last_action": None, "difference": "d"})
    assert text.endswith("replay: the 2-player game of seed 0 with the player choices the"
                         " registry records (found by a directed search)")


def test_main_prints_the_registration_found(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    found = witness_search.directed_search(GAME, "toyamb/reach", lambda s: 0.0, players=2,
                                           seed=3, budget=30.0)
    monkeypatch.setattr(witness_search, "directed_search", lambda *a, **k: found)
    assert witness_search.main(["caylus/prestige-house", "2", "3", "5", "2", "2", "3"]) == 0
    out = capsys.readouterr().out
    assert repr(found.witnessed if found else None) in out
    monkeypatch.setattr(witness_search, "directed_search", lambda *a, **k: None)
    assert witness_search.main(["caylus/prestige-house", "2", "0"]) == 1
    assert "none found (players 2, seed 0, 180 s)" in capsys.readouterr().out


def test_the_shortage_search_prefers_science() -> None:
    from rules_oracle.model.cities_knights.actions import Improve
    from rules_oracle.model.cities_knights.data import POLITICS, SCIENCE

    assert witness_search.PREFER["cities_knights/aqueduct-shortage"] is \
        witness_search.cities_knights_science
    assert witness_search.cities_knights_science(None, Improve(SCIENCE)) == 50
    assert witness_search.cities_knights_science(None, Improve(POLITICS)) == 1


def test_a_step_the_other_reading_rejects_is_a_witness() -> None:
    from rules_oracle.model.core import IllegalAction
    from tests.toygame import Move

    class Strict(AmbiguousToy):
        # under colour=black a move is rejected, though both readings list it as legal
        def apply(self, state: object, action: object) -> object:  # type: ignore[override]
            if isinstance(action, Move) and state.config.option("colour") == "black":  # type: ignore[attr-defined]
                raise IllegalAction("toyamb/move.within-roll", "black moves never")
            return super().apply(state, action)  # type: ignore[arg-type]

    found = witness_search.directed_search(Strict(), "toyamb/colour", lambda s: 0.0,
                                           players=2, seed=0, budget=30.0)
    assert found is not None
    assert found.witness.difference.startswith(
        "the last action is legal under colour=white but rejected under colour=black by rule"
        " toyamb/move.within-roll")
    assert found.witness.actions[-1]["type"] == "Move"


def test_the_stock_search_prefers_settlements_and_scores_them() -> None:
    from rules_oracle.model.catan.actions import BuildSettlement, EndTurn
    from rules_oracle.model.cities_knights.actions import BuildKnight

    prefer = witness_search.PREFER["cities_knights/reduced-city-stock"]
    assert prefer is witness_search.cities_knights_settle
    assert prefer(None, BuildSettlement(0)) == 50 and prefer(None, BuildKnight(0)) == 0
    assert prefer(None, EndTurn()) == 1
    ck = registry.get("cities_knights")
    cks = ck.setup(ck.config(3, {}))
    score = witness_search.SCORES["cities_knights/reduced-city-stock"]
    more = attrs.evolve(cks.players[1], settlements=3, cities=1)
    assert score(attrs.evolve(cks, players=(cks.players[0], more, cks.players[2]))) \
        == score(cks) + 10 * 35
    assert score(attrs.evolve(cks, barbarians=4)) == score(cks) + 4


def test_the_tie_search_scores_a_tie_near_and_a_pass_on_the_track() -> None:
    from rules_oracle.model.burgundy import data as BD
    from rules_oracle.model.burgundy.actions import PlaceTile
    from tests.model.burgundy.helpers import edit, first_turn

    score = witness_search.SCORES["burgundy/tie-order"]
    s = first_turn(2)
    first, second = s.order
    for p, space in ((first, 1), (second, 0)):
        s = edit(s, p, goods=(0,) * 6, silver=0, workers=0, vp=10, storage=(),
                 track_space=space, track_height=0)
    # before the last phase: the gaps in VP and in empty spaces
    assert score(s) == 0
    assert score(edit(s, second, vp=7, tiles={0: BD.SHIP})) == -4
    # the last phase: the later one on the track an empty space ahead, a ship in store
    last = attrs.evolve(s, phase=BD.PHASES - 1)
    assert score(last) == -1 - 5
    assert score(edit(last, second, storage=(BD.SHIP,))) == -1
    assert score(edit(edit(last, second, storage=(BD.SHIP,)), first, tiles={0: BD.SHIP})) == 0
    assert score(edit(last, first, track_space=3)) == -1 - 6 - 5
    assert score(edit(last, second, vp=11)) == -1 - 1 - 5
    # the second of the round two spaces ahead on the track: before the final round the
    # first is the one to pass him; in the final round he has passed, only the gaps count
    ahead = edit(last, second, track_space=3)
    assert score(ahead) == -1 - 3 * 1 - 5
    final = attrs.evolve(ahead, round=BD.ROUNDS - 1)
    assert score(final) == 100 and score(edit(final, first, vp=12)) == 98
    ship = PlaceTile(1, BD.SHIP, 0)
    assert witness_search.PREFER["burgundy/tie-order"](last, ship) == 20
    assert witness_search.burgundy_ship(s, ship) == 1
    assert witness_search.burgundy_ship(last, PlaceTile(1, "mine", 0)) == 1


def test_the_crane_search_keeps_a_crane_for_a_second_and_scores_cranes_in_one_hand() -> None:
    from rules_oracle.model.catan.actions import EndTurn
    from rules_oracle.model.cities_knights.actions import Improve, PlayProgress
    from rules_oracle.model.cities_knights.data import CRANE, POLITICS, SCIENCE

    aid = "cities_knights/crane-per-turn"
    score, prefer = witness_search.SCORES[aid], witness_search.PREFER[aid]
    assert (score, prefer) == (witness_search.cities_knights_cranes,
                               witness_search.cities_knights_crane)
    ck = registry.get("cities_knights")
    cks = ck.setup(ck.config(3, {}))

    def holding(cranes: int, science: int = 0) -> Any:
        pl = cks.players[0]
        pl = attrs.evolve(pl, progress=tuple(cranes if k == CRANE else 0
                                             for k in range(len(pl.progress))),
                          levels=(0, 0, science))
        return attrs.evolve(cks, players=(pl, *cks.players[1:]))

    assert score(holding(1)) == score(cks) + 101
    assert score(holding(2)) == score(cks) + 202
    assert score(holding(3)) == score(cks) + 203  # two Cranes are the premise
    assert score(holding(0, 2)) == score(cks) + 20
    assert prefer(holding(1), PlayProgress(CRANE)) == 0
    assert prefer(holding(2), PlayProgress(CRANE)) == 100
    assert prefer(holding(0), Improve(SCIENCE)) == 50
    assert prefer(holding(0), Improve(POLITICS)) == 1 and prefer(holding(0), EndTurn()) == 1
