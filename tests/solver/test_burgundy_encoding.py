"""The Z3 encoding of burgundy: projection and classification, inductive invariant parts,
legal-action completeness, gain bounds against play, faithfulness to the model."""

import random
from typing import Any

import pytest
import z3

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import knowledge
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import EndTurn, Roll, TakeTile, TakeWorkers
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.core.ops import evolve
from rules_oracle.model.core.play import choose, playout
from rules_oracle.properties.generic import variant_configs
from rules_oracle.solver import burgundy, provers
from rules_oracle.solver.burgundy import CHOOSE, ENCODING, TI, BurgundyEncoding, completeness, pn
from rules_oracle.solver.encoding import ActionKind, forget_term_memos
from rules_oracle.solver.terms import as_term, int_term

PARTS = ("hexes-conserved", "goods-conserved", "nonnegative", "storage-limit", "goods-kinds",
         "dice", "estate", "set-up", "bonuses", "supply-suffices", "counters", "pending",
         "turn-order", "income-budget")
GUARDED = (
    RB.ACTION_TAKE_TILE,
    RB.ACTION_TAKE_DISCARD,
    RB.TURN_DIE_ONCE,
    RB.TURN_WORKER_ADJUST,
    RB.ACTION_SELL,
    RB.ACTION_BUY_BLACK,
    RB.ACTION_STORAGE_THREE,
    RB.ACTION_PLACE,
    RB.ACTION_PLACE_FROM_STORAGE,
    RB.ACTION_PLACE_COLOUR,
    RB.ACTION_PLACE_NUMBER,
    RB.ACTION_PLACE_ADJACENT,
    RB.BUILDING_ONE_PER_CITY,
    RB.TURN_TWO_ACTIONS,
    RB.TURN_EFFECTS_FIRST,
    RB.CASTLE_EXTRA_ACTION,
    RB.SHIP_GOODS_THREE_KINDS,
    RB.BUILDING_WAREHOUSE,
    RB.ROUND_ROLL,
    RB.PHASE_FILL_DEPOTS,
    RB.PHASE_ROUND_GOODS,
)


def _states(players: int, seed: int) -> list[Any]:
    return [step.state for step in playout(GAME, GAME.config(players), seed)]


@pytest.mark.slow
def test_projection_covers_the_variables_and_conserves() -> None:
    for players in (2, 3, 4):
        names = ENCODING.variables_for(players)
        assert len(set(names)) == len(names)
        state = _states(players, 3)[-1]
        values = ENCODING.project(state)
        assert set(values) == set(names)
        c = provers.compile_encoding(ENCODING, players)
        results = c.state_eval([values[v] for v in c.variables])
        assert all(r is True for r in results[:-1]), dict(zip(c.parts, results, strict=False))
        assert results[-1] is GAME.is_terminal(state)
        assert set(ENCODING.variables) >= set(names)


@pytest.mark.rules(RB.ROUND_ROLL, RB.ROUND_PLACE_GOODS, RB.TURN_TWO_ACTIONS, RB.GAME_END)
def test_classify_names_kinds_and_parameters() -> None:
    states = _states(2, 1)
    roll = next(s for s in states if s.stage.value == "roll" and s.roll == 4)
    kind, params = ENCODING.classify(roll, Roll(3))
    assert kind == "roll" and params == {"value": 3, "goods": roll.goods_stacks[roll.goods_next]}
    play = next(s for s in states if s.stage.value == "play" and not s.pending)
    assert ENCODING.classify(play, TakeTile(0, 2, "no-such-tile"))[1]["tile"] == -1
    assert ENCODING.classify(play, TakeWorkers(1)) == ("take-workers", {"die": 1})
    last = [s for s in states if s.stage.value == "play" and s.phase == 4 and s.round == 4]
    assert ENCODING.classify(last[-1], EndTurn())[0] == "end-game"
    assert ENCODING.classify(play, EndTurn())[0] == "end-turn"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_invariant_part_is_inductive(players: int) -> None:
    outcomes = provers.inductive(ENCODING, players, timeout=30.0)
    assert [o.name for o in outcomes] == [f"inductive/{p}/p{players}" for p in PARTS]
    bad = [(o.name, o.status, o.detail[:300]) for o in outcomes if o.status != "proved"]
    assert not bad


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_action_completeness_by_witnesses(players: int) -> None:
    assert completeness(ENCODING, players, timeout=60.0) == z3.unsat


def test_witness_completeness_finds_a_stuck_state() -> None:
    class NoWorkers(BurgundyEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(
                ActionKind(k.name, k.params, k.domain, lambda v, p: z3.BoolVal(False),
                           k.update, k.rules) if k.name == "take-workers" else k
                for k in super().kinds(players))

    assert completeness(NoWorkers(), 2, timeout=60.0) == z3.sat


#: the placement kinds, whose bound is found case by case (the acting player and its
#: estate board: the encoding's ``bound_cases``)
PLACEMENTS = ("place-tile", "city-hall-place")


@pytest.mark.slow
@pytest.mark.rules(RB.ACTION_SELL, RB.BUILDING_WAREHOUSE, RB.GAME_END_SILVER)
def test_gain_bounds_hold_in_play() -> None:
    bounds = {k.name: provers.kind_bound(ENCODING, 2, k, timeout=20.0)
              for k in ENCODING.kinds(2) if k.name != "city-hall-place"}
    seller = D.GOODS_PER_KIND * D.SELL_VP[2]
    # over the nine boards: board 8's pasture of 6 (see below) gives the most
    assert bounds["place-tile"].value == PLACEMENT_BEST[8]
    assert bounds["place-tile"].outcome.detail.endswith("acting on estate board 8)")
    assert bounds["sell-goods"].value == seller
    assert bounds["warehouse-sell"].value == seller
    for name in ("draw-goods", "first-player", "draw-hex", "roll", "use-worker", "take-tile",
                 "take-workers", "buy-tile", "end-turn", "ship-depot", "ship-goods",
                 "effect-take", "decline"):
        assert bounds[name].value == 0, name
    # silver and workers are unlimited in supply, but what is still to come bounds them
    # (the income-budget part), so the final scoring has a bound too
    end = bounds["end-game"]
    assert end.outcome.status == "proved" and end.value is not None and end.value >= seller
    # where the searches start (the encoding's bound_guess) is where they end
    for name in ("place-tile", "end-game"):
        assert bounds[name].value == ENCODING.bound_guess(name, 2), name
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(2)], 1500, seed=4)
    checked = provers.against_play(list(bounds.values()), report.observed[2])
    assert not [o for o in checked if o.status == "failed"]
    seen = report.observed[2].by_kind
    assert 0 < seen["place-tile"] <= PLACEMENT_BEST[1] and seen["sell-goods"] <= seller


#: the most points one placement gives on a board: board 1's best is phase A, its pasture
#: of 5, the large bonus 5 and five animal tiles of one kind at 4 + 1 each (10 + 25 + 5 +
#: 15); board 8's pasture of 6 gives 10 + 21 + 5 + 30
PLACEMENT_BEST = {1: 55, 8: 66}


@pytest.mark.slow
@pytest.mark.rules(RB.BUILDING_CITY_HALL, RB.AREA_COMPLETE, RB.COLOUR_FIRST, RB.BUILDING_WATCHTOWER)
@pytest.mark.parametrize("name", PLACEMENTS)
@pytest.mark.parametrize("board", sorted(PLACEMENT_BEST))
def test_placement_bound_on_one_board(name: str, board: int) -> None:
    """With both players on ``board``, one placement gives at most its best, and reaches
    it; proved by two queries (reached, not passed), each asked player by player."""
    kind = next(k for k in ENCODING.kinds(2) if k.name == name)
    pre = ENCODING.fresh("s", 2)
    params = provers.fresh_params(kind, "p")
    post = provers.post_state(pre, kind.update(pre, params))
    gain = z3.Int("gain")
    facts = [ENCODING.invariant(pre, 2), kind.domain(params), kind.guard(pre, params),
             pre[pn(0, "board")] == board, pre[pn(1, "board")] == board,
             z3.Or(*(gain == post[v] - pre[v] for v in ENCODING.score_vars(2)))]
    cases = ENCODING.cases(pre, 2)
    assert provers.confirm_max(facts, gain, PLACEMENT_BEST[board], 60.0, cases) == (
        "proved", "")
    assert provers.confirm_max(facts, gain, PLACEMENT_BEST[board] - 1, 60.0, cases)[0] == (
        "counterexample")


@pytest.mark.slow
def test_scores_never_decrease() -> None:
    assert provers.monotonicity(ENCODING, 2, timeout=30.0).status == "proved"


@pytest.mark.slow
@pytest.mark.rules(*GUARDED)
def test_faithful_on_5000_transitions() -> None:
    report = provers.faithfulness_report(GAME, ENCODING, variant_configs(GAME), 5000, seed=0)
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions == 5000 and report.rejected > 2000
    assert set(report.observed) == {2, 3, 4}


ADVANCED = ({"setup": "advanced"}, {"setup": "advanced", "castle-choice": "secret"})


@pytest.mark.slow
@pytest.mark.rules(RB.SETUP_ADVANCED, RB.SETUP_ADVANCED_CASTLE, RB.SETUP_ADVANCED_SECRET)
def test_projection_of_the_advanced_set_up() -> None:
    """Boards 2-9 and the chosen castle are projected; every reached state satisfies I."""
    for opts in ADVANCED:
        config = GAME.config(3, opts)
        c = provers.compile_encoding(ENCODING, 3)
        states = [step.state for step in playout(GAME, config, 2)]
        for state in states:
            values = ENCODING.project(state)
            results = c.state_eval([values[v] for v in c.variables])
            assert all(r is True for r in results[:-1]), (state.stage, opts)
        play = next(s for s in states if s.stage.value == "play")
        values = ENCODING.project(play)
        boards = [values[pn(i, "board")] for i in range(3)]
        assert all(2 <= b <= 9 for b in boards) and len(set(boards)) == 3
        for i, pl in enumerate(play.players):
            start = values[pn(i, "start")]
            assert BOARDS[pl.board].colour[start] == D.CASTLE
            assert values[pn(i, f"e{start}")] == TI[D.CASTLE_TILE] + 1
        assert values["opt.advanced"] == 1
        assert values["opt.secret"] == int(opts.get("castle-choice") == "secret")


@pytest.mark.slow
@pytest.mark.rules(RB.SETUP_ADVANCED, RB.SETUP_ADVANCED_CASTLE, RB.SETUP_ADVANCED_SECRET)
def test_faithfulness_samples_the_advanced_set_up() -> None:
    """Every configuration is covered: the deal and the castle choices (open and secret)
    are sampled, accepted and rejected ones, and agree with the model."""
    variants = [c for c in variant_configs(GAME) if c.option("setup") == "advanced"]
    assert {c.option("castle-choice") for c in variants} == {"open", "secret"}
    assert all(ENCODING.covers(c) for c in variant_configs(GAME))
    configs = [GAME.config(4, ADVANCED[1]), GAME.config(3, ADVANCED[0]),
               GAME.config(2, ADVANCED[1])]
    report = provers.faithfulness_report(GAME, ENCODING, configs, 1200, seed=2)
    assert report.outcome.status == "passed", report.outcome.detail
    assert 4 in report.observed and report.rejected > 0
    for players, seen in report.observed.items():
        assert "draw-board" in seen.by_kind and "choose-castle" in seen.by_kind, players


def _castle_kind_replaced(guard: Any) -> type[BurgundyEncoding]:
    class Broken(BurgundyEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(
                ActionKind(k.name, k.params, k.domain, guard, k.update, k.rules)
                if k.name == "choose-castle" else k for k in super().kinds(players))
    return Broken


@pytest.mark.rules(RB.SETUP_ADVANCED_CASTLE)
def test_a_castle_off_the_dark_green_spaces_is_caught() -> None:
    """A castle choice allowed on any space: faithfulness sees the model reject a space
    the guard accepts, and the estate part is no longer inductive."""
    broken = _castle_kind_replaced(lambda v, p: v["stage"] == CHOOSE)()
    config = GAME.config(2, {"setup": "advanced"})
    out = provers.faithfulness(GAME, broken, [config], 400)
    assert out.status == "failed" and "choose-castle" in out.detail
    (estate,) = provers.inductive(broken, 2, timeout=30.0, parts=["estate"])
    assert estate.status == "counterexample" and "choose-castle" in estate.detail


def test_a_drifted_update_is_caught() -> None:
    class Drifted(BurgundyEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            def update(kind: ActionKind) -> Any:
                return lambda v, p: {**kind.update(v, p),
                                     pn(0, "silver"): v[pn(0, "silver")] + 1}
            return tuple(
                ActionKind(k.name, k.params, k.domain, k.guard, update(k), k.rules)
                if k.name == "take-workers" else k for k in super().kinds(players))

    out = provers.faithfulness(GAME, Drifted(), [GAME.config(2)], 600)
    assert out.status == "failed" and "p0.silver" in out.detail


def _before_the_end(config: Any, seed: int) -> tuple[Any, Any]:
    """The last state of an eager seeded game and the step that ends it."""
    rng = random.Random(seed)
    state = GAME.setup(config)
    while True:
        action = choose(GAME, state, rng, "eager")
        after = GAME.apply(state, action)
        if GAME.is_terminal(after):
            return state, action
        state = after


@pytest.mark.rules("burgundy/edition", "burgundy/knowledge.16", "burgundy/knowledge.18",
                   "burgundy/knowledge.21")
def test_the_final_scoring_follows_the_edition() -> None:
    """An end whose knowledge tiles the editions score apart (seed 0: tiles 18 and 21): the
    encoding's final scoring agrees with the model under both editions."""
    for edition in ("first", "2019"):
        config = GAME.config(2, {"edition": edition})
        state, action = _before_the_end(config, 0)
        assert any(knowledge.end_vp(pl, "2019") != knowledge.end_vp(pl)
                   for pl in state.players)
        report = provers.faithfulness_report(GAME, ENCODING, [config], 1,
                                             extra=[(state, action)])
        assert report.outcome.status == "passed", report.outcome.detail
        assert ENCODING.project(state)["opt.ed2019"] == int(edition == "2019")


@pytest.mark.rules("burgundy/knowledge-8-wrap", "burgundy/knowledge.8")
def test_the_worker_step_of_two_follows_the_wrap_reading() -> None:
    """A die showing 6 and one showing 1 with knowledge 8: the use-worker guard allows a step
    of 2 past them exactly when the model does, under both readings of k8-wrap."""
    from rules_oracle.model.burgundy.actions import UseWorker
    from tests.model.burgundy.helpers import edit, first_turn
    c = provers.compile_encoding(ENCODING, 2)
    ck = c.kinds["use-worker"]
    for wrap in ("wrap", "no-wrap"):
        state = edit(first_turn(2, variant={"k8-wrap": wrap}), tiles={12: "knowledge-8"},
                     dice=(6, 1), workers=2)
        pre = ENCODING.project(state)
        assert pre["opt.k8nowrap"] == int(wrap == "no-wrap")
        legal = GAME.legal_actions(state)
        past = 0
        for action in (UseWorker(0, 2), UseWorker(1, -2), UseWorker(0, -2), UseWorker(1, 1)):
            name, params = ENCODING.classify(state, action)
            assert name == "use-worker"
            _, guard, *updates = ck.evaluate([pre[v] for v in c.variables]
                                             + [params[p] for p in ck.kind.params])
            assert guard is (action in legal), (wrap, action)
            if guard is True:  # the update is the model's (the die and the worker spent)
                post = ENCODING.project(GAME.apply(state, action))
                assert {v: int(u) for v, u in zip(ck.updated, updates, strict=True)} == {
                    v: post[v] for v in ck.updated}
                past += action in (UseWorker(0, 2), UseWorker(1, -2))  # 6 to 2, 1 to 5
        assert past == (2 if wrap == "wrap" else 0)


@pytest.mark.rules(RB.COLOUR_FIRST, RB.COLOUR_SECOND)
def test_the_opening_gives_a_second_player_a_colours_small_bonus(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded play seldom has a second player fill a colour; the encoding's opening does
    (an eager 3-player game), so a model giving him the large bonus too fails faithfulness
    there, since the encoding restates which bonus is due."""
    from rules_oracle.model.burgundy.game import Burgundy

    pairs = provers.opening_pairs(GAME, ENCODING)
    second = [(s, a) for s, a in pairs
              if 2 in GAME.apply(s, a).bonuses and 2 not in s.bonuses]
    assert len(second) == 1
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=second)
    assert report.outcome.status == "passed", report.outcome.detail
    place = Burgundy._place

    def large_twice(self: Burgundy, state: Any, p: int, tile: str, space: int) -> Any:
        after = place(self, state, p, tile, space)
        if any(a == 2 > b for a, b in zip(after.bonuses, state.bonuses, strict=True)):
            n = state.config.players
            pl = after.players[p]
            pl = evolve(pl, vp=pl.vp + D.LARGE_BONUS[n] - D.SMALL_BONUS[n])
            return evolve(after, players=tuple(pl if i == p else x
                                               for i, x in enumerate(after.players)))
        return after

    monkeypatch.setattr(Burgundy, "_place", large_twice)
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=second)
    assert report.outcome.status == "failed" and ".vp is" in report.outcome.detail


@pytest.mark.rules("burgundy/castle-action-timing", "burgundy/castle.extra-action")
def test_the_purchase_before_a_castles_action_follows_the_timing_reading() -> None:
    """A castle's extra action pending: the buy-tile and use-worker guards allow a purchase
    and a worker exactly when the model does, under both readings of castle-action, and the
    updates are the model's."""
    import attrs

    from rules_oracle.model.burgundy.actions import BuyTile, PlaceTile, UseWorker
    from tests.model.burgundy.helpers import edit, first_turn
    c = provers.compile_encoding(ENCODING, 2)
    allowed = 0
    for reading in ("at-once", "between-actions"):
        state = edit(first_turn(2, variant={"castle-action": reading}),
                     tiles={12: "knowledge-1"}, storage=("castle", "mine", "ship"),
                     dice=(6, 3), silver=2, workers=1)
        state = GAME.apply(attrs.evolve(state, black=("knowledge-7",)),
                           PlaceTile(0, "castle", 6))
        pre = ENCODING.project(state)
        assert pre["opt.castlebuy"] == int(reading == "between-actions")
        legal = GAME.legal_actions(state)
        for kind, action in (("buy-tile", BuyTile(0, "knowledge-7")),
                             ("use-worker", UseWorker(1, 1))):
            ck = c.kinds[kind]
            name, params = ENCODING.classify(state, action)
            assert name == kind
            _, guard, *updates = ck.evaluate([pre[v] for v in c.variables]
                                             + [params[p] for p in ck.kind.params])
            assert guard is (action in legal), (reading, action)
            if guard is True:
                allowed += 1
                post = ENCODING.project(GAME.apply(state, action))
                assert {v: int(u) for v, u in zip(ck.updated, updates, strict=True)} == {
                    v: post[v] for v in ck.updated}
    assert allowed == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seats_rule_is_seat_zeros_renamed(players: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Every player kind's per-seat guard and update, built from seat 0's by renaming its
    variables (and its ``cross`` entries built for the seat), are the very terms, in the
    same order, that building each seat's rule gives; a placement renamed without its
    ship's step on the track (which reads the other seats' places) is not."""
    seen: list[tuple[Any, Any, Any, list[tuple[Any, dict[str, Any]]]]] = []
    real = burgundy._seat_rules

    def spy(v: Any, p: Any, n: int, rule: Any, cross: Any) -> Any:
        out = real(v, p, n, rule, cross)
        seen.append((rule, v, p, out))
        return out

    monkeypatch.setattr(burgundy, "_seat_rules", spy)
    forget_term_memos()
    v = ENCODING.fresh("s", players)
    for kind in ENCODING.kinds(players):
        params = provers.fresh_params(kind, "t")
        kind.guard(v, params)
        kind.update(v, params)
    assert len({rule for rule, *_ in seen}) == 13  # 12 player kinds and the turn's end
    for rule, pre, params, out in seen:
        assert len(out) == players
        for i, (guard, update) in enumerate(out):
            built_guard, built = rule(pre, params, i, players)
            assert as_term(built_guard).eq(as_term(guard)), (rule.__name__, i)
            assert list(built) == list(update), (rule.__name__, i)
            assert all(int_term(built[k]).eq(int_term(update[k])) for k in built), (
                rule.__name__, i)
    place = next((p, o) for rule, _, p, o in seen if rule is burgundy._place_tile)
    bare = real(v, place[0], players, burgundy._place_tile, None)
    assert bare[0][1][pn(0, "th")].eq(place[1][0][1][pn(0, "th")])
    assert not int_term(bare[1][1][pn(1, "th")]).eq(int_term(place[1][1][1][pn(1, "th")]))
    forget_term_memos()


def test_the_kinds_asked_by_cases_at_once_are_kinds() -> None:
    names = {k.name for k in ENCODING.kinds(2)}
    assert ENCODING.split_kinds and set(ENCODING.split_kinds) <= names
    assert set(burgundy.PLACEMENT_KINDS) <= set(ENCODING.split_kinds)
    parts = ENCODING.invariant_parts(ENCODING.fresh("s", 2), 2)
    assert ENCODING.split_kinds_in and set(ENCODING.split_kinds_in) <= set(parts)
    assert all(kinds and kinds <= names for kinds in ENCODING.split_kinds_in.values())
