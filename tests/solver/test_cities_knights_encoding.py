"""The Z3 encoding of Cities & Knights: its invariant is inductive part by part at 3 and 4
players (resource and commodity cards, progress cards and Defender cards conserved,
pieces, knights, walls, levels and the barbarian ship within their limits, the score its
parts), every non-terminal state enables a kind, and it agrees with the model on sampled
transitions; broken variants are caught."""

import random
from typing import Any

import attrs
import pytest
import z3

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import BuildCity, EndTurn, RollDice
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    Action,
    BuildKnight,
    BuildWall,
    ChaseRobber,
    ChooseCard,
    HarborExchange,
    Improve,
    PlayProgress,
)
from rules_oracle.model.cities_knights.common import Links
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core.play import choose
from rules_oracle.properties.generic import variant_configs
from rules_oracle.solver import provers, registry
from rules_oracle.solver.cities_knights import ENCODING, CitiesKnightsEncoding
from rules_oracle.solver.encoding import ActionKind
from tests.model.cities_knights.helpers import cards, chain, make, progress, rule_of
from tests.solver.mutants import mutate

PLAYERS = (3, 4)
TIMEOUT = 10.0
PARTS = ("cards-conserved", "progress-conserved", "defenders-conserved", "nonnegative",
         "pieces", "knights", "levels", "barbarians", "holders", "score", "counters", "won",
         "stage")
KIND_NAMES = tuple(k.name for k in ENCODING.kinds(3))


def test_registry_finds_the_encoding() -> None:
    assert registry.encoding("cities_knights") is ENCODING


@pytest.mark.parametrize("players", PLAYERS)
def test_projection_covers_the_variables_and_satisfies_the_invariant(players: int) -> None:
    compiled = provers.compile_encoding(ENCODING, players)
    rng = random.Random(players)
    state = GAME.setup(GAME.config(players))
    for _ in range(600):
        values = ENCODING.project(state)
        assert set(values) == set(ENCODING.variables_for(players))
        *parts, terminal = compiled.state_eval([values[v] for v in compiled.variables])
        assert dict(zip(compiled.parts, parts, strict=True)) == dict.fromkeys(
            compiled.parts, True)
        assert terminal is GAME.is_terminal(state)
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, choose(GAME, state, rng, "eager"))


@pytest.mark.rules(
    RB.COMPONENTS,
    RB.KNIGHT_LIMIT,
    RB.WALL_LIMIT,
    RB.IMPROVEMENT_MAX,
    RB.BARBARIANS_TRACK,
    RB.BARBARIANS_RESET,
    RB.BARBARIANS_DEFENDER,
    "cities_knights/victory.points",
)
@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_every_invariant_part_is_inductive(players: int) -> None:
    outcomes = provers.inductive(ENCODING, players, TIMEOUT)
    assert {o.name for o in outcomes} == {f"inductive/{p}/p{players}" for p in PARTS}
    assert all(o.status == "proved" for o in outcomes), [o for o in outcomes if not o.ok]


@pytest.mark.parametrize("players", PLAYERS)
def test_every_non_terminal_state_enables_a_kind(players: int) -> None:
    out = provers.completeness(ENCODING, players, TIMEOUT)
    assert out.status == "proved" and "witness" in out.detail, out.detail
    cover = provers.cases_cover(ENCODING, players, TIMEOUT)
    assert cover is not None and cover.status == "proved", cover


def _enabled(state: CKState, action: Action) -> bool:
    return provers.enabled(ENCODING, provers.compile_encoding(ENCODING, state.config.players),
                           state, action)


@pytest.mark.slow
@pytest.mark.rules(RB.WALL_BUILD, RB.KNIGHT_BUILD, RB.IMPROVEMENT_MAX)
def test_guards_reject_what_the_model_rejects() -> None:
    """A wall without 2 brick, a knight without wool and ore, a sixth improvement level:
    the model's rejections have false guards, its acceptances true ones."""
    rich = make(3, cities={0: 0}, roads={0: 0, 1: 0},
                hands={0: cards(brick=2, wool=1, ore=1, cloth=6)},
                levels={0: (4, 0, 0)})
    assert _enabled(rich, BuildWall(0)) and _enabled(rich, Improve(0))
    poor = make(3, cities={0: 0}, roads={0: 0, 1: 0}, hands={0: cards(brick=1)})
    assert rule_of(poor, BuildWall(0)) == RB.WALL_BUILD and not _enabled(poor, BuildWall(0))
    spot = next(a for a in GAME.legal_actions(rich) if isinstance(a, BuildKnight))
    assert _enabled(rich, spot)
    assert rule_of(poor, spot) == RB.KNIGHT_BUILD and not _enabled(poor, spot)
    top = make(3, cities={0: 0}, hands={0: cards(cloth=6)}, levels={0: (5, 0, 0)})
    assert rule_of(top, Improve(0)) == RB.IMPROVEMENT_MAX and not _enabled(top, Improve(0))


@pytest.mark.rules(RB.BUILD_CITY, "cities_knights/victory.points")
def test_an_exact_kind_agrees_with_the_model() -> None:
    """A city: the cost to the bank, a settlement piece back, 1 more point."""
    s = make(3, settlements={0: 0}, hands={0: cards(grain=2, ore=3)})
    name, params = ENCODING.classify(s, BuildCity(0))
    assert name == "build-city" and params == {} and _enabled(s, BuildCity(0))
    compiled = provers.compile_encoding(ENCODING, 3)
    ck = compiled.kinds[name]
    pre = ENCODING.project(s)
    values = [pre[v] for v in compiled.variables]
    _, _, *updates = ck.evaluate(values)
    post = dict(pre)
    post.update(zip(ck.updated, (int(u) for u in updates), strict=True))
    after = ENCODING.project(GAME.apply(s, BuildCity(0)))
    assert post == after
    assert after["p0.vp"] == pre["p0.vp"] + 1 and after["bank4"] == pre["bank4"] + 3


@pytest.mark.rules("cities_knights/victory.points")
def test_classify_step_gives_what_classify_gives() -> None:
    """Handed the model's next state and both projections (None and the state's own for a
    rejected variant), classify gives the same kind and parameters as on its own."""
    from rules_oracle.model.core.errors import IllegalAction
    from rules_oracle.properties.generic import mutations

    rng = random.Random(5)
    state = GAME.setup(GAME.config(4))
    rejected = 0
    for _ in range(400):
        if GAME.is_terminal(state):
            break
        action = choose(GAME, state, rng, "eager")
        pre = ENCODING.project(state)
        after = GAME.apply(state, action)
        assert ENCODING.classify_step(state, action, after, pre, ENCODING.project(after)) \
            == ENCODING.classify(state, action)
        for cand in mutations(action, rng)[:2]:
            try:
                GAME.apply(state, cand)
            except IllegalAction:
                rejected += 1
                assert ENCODING.classify_step(state, cand, None, pre, pre) \
                    == ENCODING.classify(state, cand)
        state = after
    assert rejected > 0
    foreign: Any = object()
    with pytest.raises(TypeError):
        ENCODING.classify(state, foreign)
    with pytest.raises(TypeError):
        ENCODING.classify_step(state, foreign, None, pre, pre)


def _replace(kind_name: str, **changes: Any) -> type[CitiesKnightsEncoding]:
    class Broken(CitiesKnightsEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            out = []
            for k in super().kinds(players):
                if k.name == kind_name:
                    k = ActionKind(changes.get("name", k.name), k.params,
                                   changes.get("domain", k.domain),
                                   changes.get("guard", k.guard)(k, players)
                                   if "guard" in changes else k.guard,
                                   changes["update"](k, players) if "update" in changes
                                   else k.update, k.rules)
                out.append(k)
            return tuple(out)
    return Broken


@pytest.mark.rules(RB.WALL_LIMIT)
def test_a_broken_guard_is_caught() -> None:
    """Dropping the wall stock from the wall's guard lets a fourth wall be built."""

    def loose(k: ActionKind, players: int) -> Any:
        def guard(v: Any, p: Any) -> Any:
            fixed = dict(v)
            for i in range(players):
                fixed[f"p{i}.walls"] = z3.IntVal(0)
            return k.guard(fixed, p)
        return guard

    broken = _replace("build-wall", guard=loose)()
    out = provers.inductive(broken, 3, TIMEOUT, parts=("pieces",))
    assert out[0].status == "counterexample" and out[0].detail.startswith("build-wall")


@pytest.mark.rules(RB.COMPONENTS)
def test_a_leaking_update_is_caught() -> None:
    """A progress draw that forgets to take the card from its deck breaks conservation
    (proved broken by Z3, and seen on the sample by faithfulness)."""

    def leak(k: ActionKind, players: int) -> Any:
        def update(v: Any, p: Any) -> Any:
            post = dict(k.update(v, p))
            for c in range(3):
                post[f"deck{c}"] = v[f"deck{c}"]
            return post
        return update

    broken = _replace("draw-progress", update=leak)()
    out = provers.inductive(broken, 3, TIMEOUT, parts=("progress-conserved",))
    assert out[0].status == "counterexample" and out[0].detail.startswith("draw-progress")
    report = provers.faithfulness_report(GAME, broken, [GAME.config(3)], 1500)
    assert report.outcome.status == "failed" and "deck" in report.outcome.detail


@pytest.mark.rules(RB.TURN_LIMIT, RB.PROGRESS_HAND_LIMIT)
def test_a_drifted_end_of_turn_is_caught() -> None:
    """An end of turn that forgets the next seat disagrees with the model at once."""

    def stuck(k: ActionKind, players: int) -> Any:
        def update(v: Any, p: Any) -> Any:
            post = dict(k.update(v, p))
            post["turn"] = v["turn"]
            return post
        return update

    s = make(3, stage=Stage.MAIN)
    pairs = [(s, EndTurn())]
    good = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=pairs)
    assert good.outcome.status == "passed", good.outcome.detail
    bad = provers.faithfulness_report(GAME, _replace("end-turn", update=stuck)(),
                                      [GAME.config(3)], 1, extra=pairs)
    assert bad.outcome.status == "failed" and "turn is 1 in the model" in bad.outcome.detail


def test_a_loose_score_bound_is_not_claimed() -> None:
    """The score part really constrains: a variant scoring cities 1 point is refuted."""

    def cheap(k: ActionKind, players: int) -> Any:
        def update(v: Any, p: Any) -> Any:
            post = dict(k.update(v, p))
            post["p0.vp"] = post["p0.vp"] - z3.If(v["turn"] == 0, 1, 0)
            return post
        return update

    broken = _replace("build-city", update=cheap)()
    out = provers.inductive(broken, 3, TIMEOUT, parts=("score",))
    assert out[0].status == "counterexample"


def _eager_pairs(players: int, steps: int, seed: int) -> list[tuple[CKState, Action]]:
    """(state, action) pairs of an eager game's first ``steps`` steps."""
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players))
    out = []
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        action = choose(GAME, state, rng, "eager")
        out.append((state, action))
        state = GAME.apply(state, action)
    return out


@pytest.mark.rules(
    RB.WALL_BUILD,
    RB.KNIGHT_BUILD,
    RB.IMPROVEMENT_BUY,
    RB.IMPROVEMENT_MAX,
    RB.GAME_OVER,
    RB.PROGRESS_HAND_LIMIT,
    RB.PROGRESS_OFF_TURN,
    RB.METROPOLIS_FIRST,
)
@pytest.mark.slow
def test_faithful_on_sampled_transitions() -> None:
    """5,000 transitions of seeded play over every reading (uniform and eager policies in
    turn), after the encoding's openings (the progress discards, the variable board, an
    aqueduct) and an eager 4-player game (seed 27: an aqueduct at step 617, a displaced
    knight at 781, a metropolis at 1171), with the rejections of
    the rules the guards encode."""
    extra = provers.opening_pairs(GAME, ENCODING) + _eager_pairs(4, 1200, 27)
    total = 5000 + len(extra)
    report = provers.faithfulness_report(GAME, ENCODING, variant_configs(GAME), total,
                                         extra=extra)
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions == total
    assert set(report.observed) == set(PLAYERS)
    seen: set[str] = set()
    for observed in report.observed.values():
        seen |= set(observed.by_kind)
    reached = {"dice", "event-die", "roll-dice", "end-turn", "build-road", "build-knight",
               "activate-knight", "improve", "play-progress", "draw-progress", "steal",
               "maritime-trade", "trade-with", "setup-settlement", "setup-city", "setup-road",
               "end-discard", "discard-progress", "place-metropolis", "reduce-city",
               "card-node", "card-path", "displaced", "knight-target", "aqueduct", "lay-board"}
    assert reached <= seen, reached - seen


def test_scores_bounded_per_kind() -> None:
    """Every kind's gain bound settles at 3 players and holds against play; the building
    kinds' are their points (a settlement 1 and the longest road 2, a city 1)."""
    bounds = {b.kind: b for b in provers.gain_bounds(ENCODING, 3, TIMEOUT)}
    assert set(KIND_NAMES) <= set(bounds)
    for name in KIND_NAMES:
        assert bounds[name].outcome.status == "proved", (name, bounds[name].outcome.detail)
    assert bounds["build-settlement"].value == 3
    assert bounds["build-city"].value == 1
    assert bounds["roll-dice"].value == 0
    assert bounds["build-wall"].value == 0
    assert D.VICTORY == 13


@pytest.mark.rules(RB.WALL_LIMIT)
def test_the_fourth_wall_probe_catches_a_model_allowing_it(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """No seeded game builds a third wall; the encoding's probe is a consistent state with
    3 walls, a fourth city and 2 brick, and a wall on that city: the model rejects it, and
    a model that allowed it fails faithfulness (the guard stops at 3)."""
    from rules_oracle.properties.cities_knights import INVARIANTS
    from rules_oracle.solver.cities_knights import fourth_wall

    (state, action), = ENCODING.probes()
    assert (state, action) == fourth_wall()
    pl = state.players[state.turn]
    assert (pl.walls, pl.cities, state.stage) == (3, 4, Stage.MAIN) and pl.hand[1] >= 2
    assert [inv.__name__ for inv in INVARIANTS if inv(state)] == []
    assert isinstance(action, BuildWall) and rule_of(state, action) == RB.WALL_LIMIT
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(4)], 1)
    assert report.outcome.status == "passed", report.outcome.detail
    monkeypatch.setattr(D, "WALLS", 4)  # the model's limit only: the encoding bound 3
    assert GAME.apply(state, action).players[state.turn].walls == 4
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(4)], 1)
    assert report.outcome.status == "failed"
    assert "probe 0" in report.outcome.detail and "guard is false" in report.outcome.detail


@pytest.mark.rules(RB.METROPOLIS_FIRST, RB.VICTORY_POINTS)
def test_the_opening_places_a_metropolis_worth_two_points(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded play seldom reaches a metropolis; the encoding's eager 4-player opening
    places one, so a model counting it 1 point (not 2) fails faithfulness there: the
    encoding's points are its own."""
    from rules_oracle.model.cities_knights import victory

    pairs = provers.opening_pairs(GAME, ENCODING)
    placed = [(s, a) for s, a in pairs if s.stage is Stage.METROPOLIS]
    assert placed
    (state, action) = placed[0]
    assert not any(m >= 0 for m in state.metropolis)
    assert any(m >= 0 for m in GAME.apply(state, action).metropolis)
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(4)], 1,
                                         extra=placed[:1])
    assert report.outcome.status == "passed", report.outcome.detail
    points = victory.points

    def one_point(state: CKState, p: int) -> int:
        return points(state, p) - victory.metropolises(state, p)

    assert mutate(monkeypatch, victory.__name__, "points", one_point) >= 1
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(4)], 1,
                                         extra=placed[:1])
    assert report.outcome.status == "failed" and "place-metropolis" in report.outcome.detail


@pytest.mark.rules(RB.IMPROVEMENT_AQUEDUCT)
def test_the_aqueduct_is_restated_where_production_ends_the_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The variable board's opening reaches an aqueduct taken by a player at science level
    3 whom the roll gave nothing; replayed under the default reading, the guard of the
    producing kinds asks the aqueduct's choice exactly then, so a model asking level 4
    fails faithfulness there."""
    from rules_oracle.model.cities_knights import production as chapter
    from rules_oracle.model.core.ops import evolve

    pairs = provers.opening_pairs(GAME, ENCODING)

    def at_three(state: CKState, after: CKState) -> bool:
        return after.stage is Stage.AQUEDUCT and state.stage is not Stage.AQUEDUCT and any(
            after.players[q].levels[D.SCIENCE] == D.ABILITY_LEVEL for q in after.queue)

    found = [(s, a) for s, a in pairs if at_three(s, GAME.apply(s, a))]
    assert found
    state, action = found[0]
    received = GAME.config(state.config.players,
                           {**dict(state.config.variant), "aqueduct": "received"})
    replayed = evolve(state, config=received)
    assert at_three(replayed, GAME.apply(replayed, action))
    found = [(replayed, action)]
    name, params = ENCODING.classify(*found[0])
    assert params["pr"] == 1 and params["ow"] == 0
    report = provers.faithfulness_report(GAME, ENCODING, [received], 1, extra=found[:1])
    assert report.outcome.status == "passed", report.outcome.detail
    production = chapter.production

    def from_four(state: CKState, links: Links) -> CKState:
        after = production(state, links)
        if after.stage is not Stage.AQUEDUCT:
            return after
        queue = tuple(q for q in after.queue
                      if after.players[q].levels[D.SCIENCE] > D.ABILITY_LEVEL)
        return evolve(after, queue=queue, stage=Stage.AQUEDUCT if queue else Stage.MAIN)

    assert mutate(monkeypatch, chapter.__name__, "production", from_four) >= 1
    report = provers.faithfulness_report(GAME, ENCODING, [received], 1, extra=found[:1])
    assert report.outcome.status == "failed"
    assert f"{name}" in report.outcome.detail and "guard is false" in report.outcome.detail


@pytest.mark.rules(RB.IMPROVEMENT_AQUEDUCT)
def test_the_aqueduct_is_restated_under_the_owed_reading_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``aqueduct=owed`` the aqueduct follows for a player at science level 3 whom the
    roll owed nothing: the opening's aqueduct step played under that reading agrees with
    the encoding, whose ``od`` flags restate what the roll owed over the board tables, and a
    model asking level 4 under that reading alone fails faithfulness there."""
    from rules_oracle.model.cities_knights import production as chapter
    from rules_oracle.model.core.ops import evolve

    pairs = provers.opening_pairs(GAME, ENCODING)
    found = [(s, a) for s, a in pairs if GAME.apply(s, a).stage is Stage.AQUEDUCT
             and s.stage is not Stage.AQUEDUCT]
    assert found
    state, action = found[0]
    owed = GAME.config(state.config.players, {**dict(state.config.variant), "aqueduct": "owed"})
    state = evolve(state, config=owed)
    after = GAME.apply(state, action)
    assert after.stage is Stage.AQUEDUCT
    assert any(after.players[q].levels[D.SCIENCE] == D.ABILITY_LEVEL for q in after.queue)
    name, params = ENCODING.classify(state, action)
    assert params["pr"] == 1 and params["ow"] == 1
    assert {params[f"od{q}"] for q in after.queue} == {0}
    assert all(params[f"od{i}"] == 1 for i in range(owed.players)
               if any(params[f"c{i}.{x}"] for x in range(D.N_CARDS)))
    report = provers.faithfulness_report(GAME, ENCODING, [owed], 1, extra=[(state, action)])
    assert report.outcome.status == "passed", report.outcome.detail
    production = chapter.production

    def owed_from_four(state: CKState, links: Links) -> CKState:
        after = production(state, links)
        if after.stage is not Stage.AQUEDUCT or state.config.option("aqueduct") != "owed":
            return after
        queue = tuple(q for q in after.queue
                      if after.players[q].levels[D.SCIENCE] > D.ABILITY_LEVEL)
        return evolve(after, queue=queue, stage=Stage.AQUEDUCT if queue else Stage.MAIN)

    assert mutate(monkeypatch, chapter.__name__, "production", owed_from_four) >= 1
    report = provers.faithfulness_report(GAME, ENCODING, [owed], 1, extra=[(state, action)])
    assert report.outcome.status == "failed"
    assert name in report.outcome.detail and "guard is false" in report.outcome.detail


@pytest.mark.rules(RB.ROBBER_DISCARD)
def test_a_discard_of_another_card_than_named_fails_faithfulness(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A discard's card movement is stated from the action and the state before (the next
    seat with cards to discard returns the card named), not read off the model's next
    state: a model returning another card of the discarder's to the bank fails
    faithfulness, though it conserves every card."""
    from rules_oracle.model.catan.actions import Discard
    from rules_oracle.model.cities_knights import robber

    rng = random.Random(0)
    state = GAME.setup(GAME.config(3))
    while True:
        if state.stage is Stage.DISCARD:
            seat = robber.discarder(state)
            held = [c for c in range(D.N_CARDS) if state.players[seat].hand[c]]
            if len(held) >= 2:
                break
        state = GAME.apply(state, choose(GAME, state, rng))
    action = Discard(held[0])
    name, params = ENCODING.classify(state, action)
    assert name == "discard" and params[f"c{seat}.{held[0]}"] == -1
    report = provers.faithfulness_report(GAME, ENCODING, [state.config], 1,
                                         extra=[(state, action)])
    assert report.outcome.status == "passed", report.outcome.detail
    discard = robber.discard

    def another(state: CKState, action: Discard) -> CKState:
        return discard(state, Discard(held[1]))

    assert mutate(monkeypatch, robber.__name__, "discard", another) >= 1
    report = provers.faithfulness_report(GAME, ENCODING, [state.config], 1,
                                         extra=[(state, action)])
    assert report.outcome.status == "failed"
    assert "discard" in report.outcome.detail


def _early_chase(variant: dict[str, str]) -> CKState:
    """Player 0 before the roll, his knight on 7 (active since before the turn) touching
    the robber's hex 3, after the first attack."""
    board = {"cities": {0: 0, 40: 1},
             "roads": {**dict.fromkeys(chain(0, 3, 7, 12, 17), 0), B.NODE_PATHS[40][0]: 1}}
    s = make(3, knights={7: (0, 1, True)}, attacked=True, variant=variant,
             **board)  # type: ignore[arg-type]
    return attrs.evolve(s, robber=3, stage=Stage.PRE_ROLL, dice=(0, 0))


@pytest.mark.rules("cities_knights/knight-action-time", RB.KNIGHT_CHASE, RB.TURN_ACTOR)
def test_a_chase_before_the_roll_is_faithful_and_a_guard_ignoring_the_reading_is_caught(
) -> None:
    """knight-time=chase-before-roll: the chase before the roll, the robber's move and the
    roll after it agree with the model (kind chase-robber, gate ``kr`` 1); under the
    default a chase before the roll is no step of that stage, and a guard that opens the
    stage whatever the reading is caught."""
    s = _early_chase({"knight-time": "chase-before-roll"})
    chased = GAME.apply(s, ChaseRobber(7))
    move = GAME.legal_actions(chased)[0]
    moved = GAME.apply(chased, move)
    examples = [(s, ChaseRobber(7)), (chased, move), (moved, RollDice())]
    assert ENCODING.classify(s, ChaseRobber(7)) == ("chase-robber", {"nst": 9, "kr": 1})
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], len(examples),
                                         extra=examples)
    assert report.outcome.status == "passed", report.outcome.detail
    default = _early_chase({})
    assert rule_of(default, ChaseRobber(7)) == RB.TURN_ACTOR
    assert ENCODING.classify(default, ChaseRobber(7))[1]["kr"] == 0
    assert not _enabled(default, ChaseRobber(7)) and _enabled(s, ChaseRobber(7))

    class Probed(CitiesKnightsEncoding):
        def probes(self) -> tuple[tuple[CKState, Any], ...]:
            return ((default, ChaseRobber(7)),)

    def anytime(k: ActionKind, players: int) -> Any:
        def guard(v: Any, p: Any) -> Any:
            return k.guard(v, {**p, "kr": z3.IntVal(1)})
        return guard

    ok = provers.faithfulness_report(GAME, Probed(), [GAME.config(3)], 1).outcome
    assert ok.status == "passed", ok.detail
    broken = type("Broken", (_replace("chase-robber", guard=anytime), Probed), {})()
    out = provers.faithfulness_report(GAME, broken, [GAME.config(3)], 1).outcome
    assert out.status == "failed" and f"rejected by the model ({RB.TURN_ACTOR})" in out.detail


@pytest.mark.rules("cities_knights/commercial-harbor-at-once",
                   RB.PROGRESS_COMMERCIAL_HARBOR, RB.TURN_ACTOR)
def test_a_harbor_credit_is_faithful_and_a_guard_ignoring_the_reading_is_caught() -> None:
    """harbor-time=any-time: the card's play (the credit opened), a road between, the
    credit's exchange (kind harbor-exchange, gate ``hx`` 1: the resource to the rival) and
    the rival's commodity agree with the model; under the default a harbor exchange is no
    step of the main phase, and a guard that opens it whatever the reading is caught."""
    board = {"cities": {0: 0, 40: 1}, "settlements": {46: 2},
             "roads": {**dict.fromkeys(chain(0, 3, 7, 12, 17), 0), B.NODE_PATHS[40][0]: 1,
                       B.NODE_PATHS[46][0]: 2}}
    hands = {0: cards(lumber=2, brick=1), 1: cards(cloth=1), 2: cards(paper=1)}
    s = make(3, held={0: progress(commercial_harbor=1)}, hands=hands,
             variant={"harbor-time": "any-time"}, **board)  # type: ignore[arg-type]
    steps: list[tuple[CKState, Action]] = []
    for pick in (lambda a: isinstance(a, PlayProgress), lambda a: type(a).__name__
                 == "BuildRoad", lambda a: a == HarborExchange(BD.LUMBER),
                 lambda a: isinstance(a, ChooseCard)):
        action = next(a for a in GAME.legal_actions(s) if pick(a))
        steps.append((s, action))
        s = GAME.apply(s, action)
    assert s.players[0].hand == cards(cloth=1) and s.harbor == (2,)
    exchange = steps[2]
    assert ENCODING.classify(*exchange)[0] == "harbor-exchange"
    assert ENCODING.classify(*exchange)[1]["hx"] == 1
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], len(steps),
                                         extra=steps)
    assert report.outcome.status == "passed", report.outcome.detail
    default = attrs.evolve(exchange[0], config=GAME.config(3), harbor=())
    assert rule_of(default, HarborExchange(BD.LUMBER)) == RB.TURN_ACTOR
    assert not _enabled(default, HarborExchange(BD.LUMBER))

    class Probed(CitiesKnightsEncoding):
        def probes(self) -> tuple[tuple[CKState, Any], ...]:
            return ((default, HarborExchange(BD.LUMBER)),)

    def opened(k: ActionKind, players: int) -> Any:
        def guard(v: Any, p: Any) -> Any:
            return k.guard(v, {**p, "hx": z3.IntVal(1)})
        return guard

    ok = provers.faithfulness_report(GAME, Probed(), [GAME.config(3)], 1).outcome
    assert ok.status == "passed", ok.detail
    broken = type("Broken", (_replace("harbor-exchange", guard=opened), Probed), {})()
    out = provers.faithfulness_report(GAME, broken, [GAME.config(3)], 1).outcome
    assert out.status == "failed" and f"rejected by the model ({RB.TURN_ACTOR})" in out.detail
