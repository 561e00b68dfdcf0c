"""The Z3 encoding of catan_cards: projection and classification, inductive invariant
parts, legal-action completeness, gain bounds against play, faithfulness to the model."""

from typing import Any

import pytest
import z3

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards.actions import (
    BuildRoad,
    Discard,
    EndDevelopment,
    HireKnight,
    TradeMarket,
    TurnFate,
)
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.catan_cards.take import victim as model_victim
from rules_oracle.model.core.play import playout
from rules_oracle.properties.generic import variant_configs
from rules_oracle.solver import provers, registry
from rules_oracle.solver.catan_cards import (
    ENCODING,
    SCORE_CAP,
    CatanCardsEncoding,
    pn,
    recipient,
    victim,
)
from rules_oracle.solver.encoding import ActionKind
from tests.model.catan_cards.helpers import cards, make, seat

PARTS = ("options", "resources-conserved", "developments-conserved", "nonnegative", "market",
         "exchanges", "score", "score-cap", "turn")


def _pairs(players: int, seed: int, options: dict[str, str] | None = None,
           policy: str = "uniform") -> list[tuple[CardsState, Any]]:
    config = GAME.config(players, options or {})
    state = GAME.setup(config)
    out = []
    for step in playout(GAME, config, seed, policy):
        out.append((state, step.action))
        state = step.state
    return out


def test_projection_covers_the_variables_and_satisfies_the_invariant() -> None:
    for players in range(2, 7):
        names = ENCODING.variables_for(players)
        assert len(set(names)) == len(names) and set(ENCODING.variables) >= set(names)
        pairs = _pairs(players, 2, policy="eager")
        final = GAME.apply(*pairs[-1])
        c = provers.compile_encoding(ENCODING, players)
        for state in [s for s, _ in pairs[::25]] + [final]:
            values = ENCODING.project(state)
            assert set(values) == set(names)
            results = c.state_eval([values[v] for v in c.variables])
            assert all(r is True for r in results[:-1]), dict(zip(c.parts, results,
                                                                   strict=False))
            assert results[-1] is GAME.is_terminal(state)
        assert final.stage is Stage.OVER


def test_registry_finds_the_encoding() -> None:
    assert registry.encoding("catan_cards") is ENCODING


def test_classify_names_kinds_and_parameters() -> None:
    s = make(3, {0: seat(cards(clay=1))})
    assert ENCODING.classify(s, TradeMarket(2, 0)) == ("trade-market", {"take": 2, "give": 0})
    assert ENCODING.classify(s, TurnFate(True)) == ("turn-fate", {"turn": 1})
    assert ENCODING.classify(s, Discard(4)) == ("discard", {"resource": 4})
    assert ENCODING.classify(s, EndDevelopment()) == ("end-development", {})
    with pytest.raises(TypeError):
        ENCODING.classify(s, "nonsense")  # type: ignore[arg-type]


def _value(term: Any) -> int:
    return int(z3.simplify(term).as_long())


@pytest.mark.rules("catan_cards/take.neighbour", "catan_cards/take.next",
                   "catan_cards/take.church", "catan_cards/take.citadel",
                   "catan_cards/fate-direction")
def test_victim_and_recipient_terms_equal_the_model() -> None:
    """The encoding's victim of a take and recipient of a draw over concrete states."""
    checked = 0
    for players in (2, 3, 5):
        for options in ({}, {"fate-white": "right"}):
            for state, _ in _pairs(players, 4, options, "eager")[::9]:
                v = {k: z3.IntVal(x) for k, x in ENCODING.project(state).items()}
                for kind in (D.ROAD, D.KNIGHT):
                    assert _value(victim(v, kind, players)) == model_victim(state, kind)
                if state.stage is Stage.DRAW:
                    assert _value(recipient(v, players)) == state.drawing[0]
                    checked += 1
    assert checked > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_every_invariant_part_is_inductive(players: int) -> None:
    outcomes = provers.inductive(ENCODING, players, timeout=10.0)
    assert [o.name for o in outcomes] == [f"inductive/{p}/p{players}" for p in PARTS]
    bad = [(o.name, o.status, o.detail[:300]) for o in outcomes if o.status != "proved"]
    assert not bad


def test_a_broken_update_breaks_conservation() -> None:
    class PaidFromNowhere(CatanCardsEncoding):
        """The discard pile takes a road's cost, but the builder's hand keeps it."""

        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            def update(kind: ActionKind) -> Any:
                def unpaid(v: Any, p: Any) -> Any:
                    up = dict(kind.update(v, p))
                    for i in range(players):
                        for r in (D.CLAY, D.LUMBER):
                            up.pop(pn(i, f"res{r}"), None)
                    return up
                return unpaid
            return tuple(ActionKind(k.name, k.params, k.domain, k.guard, update(k), k.rules)
                         if k.name == "build-road" else k for k in super().kinds(players))

    out = provers.inductive(PaidFromNowhere(), 2, timeout=10.0,
                            parts=("resources-conserved", "market"))
    assert [o.status for o in out] == ["counterexample", "proved"]
    assert out[0].detail.startswith("build-road")


@pytest.mark.rules("catan_cards/end", "catan_cards/score.building")
def test_the_score_cap_is_tight() -> None:
    """11 points are reachable when the game ends at once: 9 and a 4-point building on a
    city; a cap of 10 is not inductive."""
    import rules_oracle.solver.catan_cards as module

    saved = module.SCORE_CAP
    try:
        module.SCORE_CAP = SCORE_CAP - 1
        provers.forget_frames()  # the frames hold the terms built before
        out = provers.inductive(ENCODING, 2, timeout=10.0, parts=("score-cap",))
    finally:
        module.SCORE_CAP = saved
        provers.forget_frames()
    assert out[0].status == "counterexample"
    assert out[0].detail.startswith("build-building")
    assert SCORE_CAP == D.VICTORY + 1


@pytest.mark.rules("catan_cards/development.once-per-turn", "catan_cards/end")
def test_a_turn_reaches_at_most_9_and_its_developments_gains() -> None:
    """While the game goes on the player on turn holds at most 9 plus the gains of the kinds
    developed this turn (6 in all, so ending at the end of the turn a score stays within
    15); a building counted as 1 is not inductive."""
    import rules_oracle.properties.catan_cards as module

    assert module.TURN_GAIN == (1, 1, 1, 1, 2)
    saved = module.TURN_GAIN
    try:
        module.TURN_GAIN = (1, 1, 1, 1, 1)
        provers.forget_frames()  # the frames hold the terms built before
        out = provers.inductive(ENCODING, 2, timeout=10.0, parts=("score-cap",))
    finally:
        module.TURN_GAIN = saved
        provers.forget_frames()
    assert out[0].status == "counterexample"
    assert out[0].detail.startswith("build-building")


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.rules("catan_cards/trade.end", "catan_cards/development.end")
def test_legal_action_completeness(players: int) -> None:
    cover = provers.cases_cover(ENCODING, players, timeout=10.0)
    assert cover is not None and cover.status == "proved"
    out = provers.completeness(ENCODING, players, timeout=10.0)
    assert out.status == "proved" and "witness" in out.detail


@pytest.mark.rules("catan_cards/development.end")
def test_ending_development_is_what_keeps_the_turn_live() -> None:
    class NoEnd(CatanCardsEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(
                ActionKind(k.name, k.params, k.domain, lambda v, p: z3.BoolVal(False),
                           k.update, k.rules) if k.name == "end-development" else k
                for k in super().kinds(players))

    def stuck(encoding: CatanCardsEncoding) -> tuple[Any, Any]:
        v = encoding.fresh("s", 2)
        kinds = {k.name: k for k in encoding.kinds(2)}
        enabled = [z3.And(kinds[name].domain(p), kinds[name].guard(v, p))
                   for name, p in encoding.completeness_witnesses(v, 2)]
        s = z3.Solver()
        s.set("timeout", 10_000)
        s.add(encoding.invariant(v, 2), z3.Not(encoding.terminal(v, 2)),
              z3.Not(z3.Or(*enabled)))
        return s.check(), s

    assert stuck(ENCODING)[0] == z3.unsat
    result, s = stuck(NoEnd())
    assert result == z3.sat
    assert s.model().eval(z3.Int("s.stage")).as_long() == list(Stage).index(Stage.DEVELOP)


@pytest.mark.rules("catan_cards/score.roads-knights", "catan_cards/score.building",
                   "catan_cards/score.city", "catan_cards/score.settlement")
@pytest.mark.slow
def test_gain_bounds_hold_in_play() -> None:
    bounds = {b.kind: b for b in provers.gain_bounds(ENCODING, 3, timeout=10.0)
              if b.steps == 1}
    expected = {"build-road": 1, "hire-knight": 1, "found-settlement": 1, "build-city": 1,
                "build-building": 2}
    for kind in ENCODING.kinds(3):
        assert bounds[kind.name].value == expected.get(kind.name, 0), kind.name
    assert bounds["any-action"].value == 2
    window = provers.window_bound(ENCODING, 2, 30.0, steps=2)
    assert window.value == 3 and window.outcome.status == "proved"
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 2000, seed=3)
    checked = provers.against_play(list(bounds.values()), report.observed[3])
    assert not [o for o in checked if o.status == "failed"]
    seen = report.observed[3].by_kind
    assert seen["build-road"] <= 1 and seen["draw"] == 0


def test_faithful_on_5000_transitions_every_kind_sampled() -> None:
    report = provers.faithfulness_report(GAME, ENCODING, variant_configs(GAME), 5000,
                                         seed=0, until_every_kind=30000)
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions >= 5000 and report.rejected > 2000
    assert f"all {len(ENCODING.kinds(3))} kinds sampled" in report.outcome.detail


@pytest.mark.rules("catan_cards/take.fate")
def test_a_take_turns_the_fate_card_in_the_encoding_as_in_the_model() -> None:
    s = make(4, {0: seat(cards(clay=1, lumber=1, ore=1, wool=1, grain=1), roads=1),
                 1: seat(roads=2), 2: seat(roads=2), 3: seat(roads=4)}, stage=Stage.DEVELOP)
    after = GAME.apply(s, BuildRoad())
    kinds = {k.name: k for k in ENCODING.kinds(4)}
    v = {k: z3.IntVal(x) for k, x in ENCODING.project(s).items()}
    up = kinds["build-road"].update(v, {})
    assert _value(up["fate"]) == after.fate == D.OTHER
    assert _value(up[pn(1, "roads")]) == 1 and _value(up[pn(1, "vp")]) == 1
    for name, action in (("hire-knight", HireKnight()), ("build-road", BuildRoad())):
        enabled = _value(z3.If(kinds[name].guard(v, {}), 1, 0))
        assert enabled == (action in GAME.legal_actions(s)) == 1
    walled = make(4, {0: seat(cards(clay=1, lumber=1), roads=1), 1: seat(roads=2),
                      2: seat(roads=2), 3: seat(roads=4)}, stage=Stage.DEVELOP, fate=D.OTHER,
                  road_stack=0)
    w = {k: z3.IntVal(x) for k, x in ENCODING.project(walled).items()}
    assert _value(victim(w, D.ROAD, 4)) == 3


@pytest.mark.rules("catan_cards/take-search", "catan_cards/take-next", "catan_cards/take.next")
def test_the_search_for_a_card_to_take_ends_as_in_the_model_by_reading() -> None:
    """Under take-search=next-only the encoding's victim ends the search after two rivals as
    the model's does, the arrows' way and clockwise, over built and seeded states."""
    bare = {0: seat(cards(clay=1, lumber=1), roads=1), 1: seat(roads=0), 2: seat(roads=0),
            3: seat(roads=2)}
    for variant in ({}, {"take-search": "next-only"},
                    {"take-search": "next-only", "take-next": "clockwise"}):
        for fate in (D.WHITE, D.OTHER):
            s = make(4, bare, stage=Stage.DEVELOP, fate=fate, road_stack=0, variant=variant)
            v = {k: z3.IntVal(x) for k, x in ENCODING.project(s).items()}
            assert _value(victim(v, D.ROAD, 4)) == model_victim(s, D.ROAD)
    near = make(4, bare, stage=Stage.DEVELOP, road_stack=0, variant={"take-search": "next-only"})
    assert model_victim(near, D.ROAD) == -1  # the case the readings differ in
    checked = 0
    for players in (4, 5):
        for state, _ in _pairs(players, 19, {"take-search": "next-only"}, "eager")[::7]:
            v = {k: z3.IntVal(x) for k, x in ENCODING.project(state).items()}
            for kind in (D.ROAD, D.KNIGHT):
                assert _value(victim(v, kind, players)) == model_victim(state, kind)
                checked += 1
    assert checked > 100
