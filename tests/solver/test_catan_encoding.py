"""The Z3 encoding of catan: projection and classification, inductive invariant parts,
legal-action completeness, gain bounds against play, faithfulness to the model."""

from typing import Any

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Answer,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Counter,
    Dice,
    EndTurn,
    MaritimeTrade,
    MaritimeTradeAt,
    MoveRobber,
    OfferCard,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Propose,
    RollDice,
    StopRoadBuilding,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.largest_army import award_army as model_army
from rules_oracle.model.catan.longest_road import award_longest as model_longest
from rules_oracle.model.catan.production import owed
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.core.ops import evolve
from rules_oracle.model.core.play import playout
from rules_oracle.properties.generic import variant_configs
from rules_oracle.solver import provers, registry
from rules_oracle.solver.catan import (
    ENCODING,
    MAIN,
    PRE_ROLL,
    SCORE_CAP,
    CatanEncoding,
    award_army,
    award_longest,
    pn,
    witnesses,
)
from rules_oracle.solver.encoding import ActionKind
from tests.model.catan.helpers import cards, chain, make, road
from tests.solver.mutants import mutate

PARTS = ("resources-conserved", "developments-conserved", "nonnegative", "pieces", "score",
         "holders", "counters", "board", "setup", "turn", "offer", "won", "score-cap")
GUARDED = ("catan/turn.actor", "catan/turn.roll", "catan/seven.discard", "catan/seven.robber",
           "catan/seven.steal", "catan/development.road-building", "catan/setup.snake",
           "catan/setup.road-at-settlement", "catan/build.distance", "catan/components.pieces",
           "catan/build.settlement-connected", "catan/build.road-free-path",
           "catan/build.road-connected", "catan/build.city-upgrade", "catan/build.road-cost",
           "catan/build.settlement-cost", "catan/build.city-cost", "catan/build.development-cost",
           "catan/build.development-deck", "catan/development.one-per-turn",
           "catan/development.not-new", "catan/development.knight",
           "catan/development.year-of-plenty", "catan/development.monopoly", "catan/trade.maritime",
           "catan/trade.different-resources", "catan/trade.has-cards", "catan/trade.limit",
           "catan/trade.offer-limit", "catan/trade.domestic", "catan/board.variable-terrain",
           "catan/board.spiral", "catan/components.tokens", "catan/components.harbours")


def _pairs(players: int, seed: int, options: dict[str, str] | None = None,
           policy: str = "uniform") -> list[tuple[CatanState, Any]]:
    """(state, action) of every step of one seeded game."""
    config = GAME.config(players, options or {})
    state = GAME.setup(config)
    out = []
    for step in playout(GAME, config, seed, policy):
        out.append((state, step.action))
        state = step.state
    return out


def _board_steps() -> list[tuple[CatanState, Any]]:
    """The first steps (board chance and set-up) of the variable and shuffled boards, whose
    configurations seeded play over ``variant_configs`` seldom reaches in 5,000 steps."""
    out: list[tuple[CatanState, Any]] = []
    for options in ({"board": "variable"}, {"board": "variable", "tokens": "random"},
                    {"harbours": "shuffled"}):
        out += _pairs(3, 1, options)[:80]
    return out


def test_projection_covers_the_variables_and_satisfies_the_invariant() -> None:
    for players in (3, 4):
        names = ENCODING.variables_for(players)
        assert len(set(names)) == len(names) and set(ENCODING.variables) >= set(names)
        pairs = _pairs(players, 2, policy="eager")
        final = GAME.apply(*pairs[-1])
        c = provers.compile_encoding(ENCODING, players)
        for state in [s for s, _ in pairs[::50]] + [final]:
            values = ENCODING.project(state)
            assert set(values) == set(names)
            results = c.state_eval([values[v] for v in c.variables])
            assert all(r is True for r in results[:-1]), dict(zip(c.parts, results,
                                                                   strict=False))
            assert results[-1] is GAME.is_terminal(state)
        assert final.stage is Stage.OVER and final.winner >= 0
        assert ENCODING.project(final)[pn(final.winner, "score")] >= D.VICTORY


def test_registry_finds_the_encoding() -> None:
    assert registry.encoding("catan") is ENCODING


@pytest.mark.rules("catan/setup.second-resources", "catan/production.yield",
                   "catan/production.robber", "catan/seven.robber", "catan/seven.steal",
                   "catan/trade.maritime", "catan/setup.snake", "catan/build.city-upgrade",
                   "catan/trade.domestic")
def test_classify_names_kinds_and_parameters() -> None:
    pairs = _pairs(3, 5)
    start = pairs[0][0]
    assert ENCODING.classify(start, BuildSettlement(0)) == (
        "setup-settlement", {"site": 1, "nl0": 0, "nl1": 0, "nl2": 0,
                             "g0": 0, "g1": 0, "g2": 0, "g3": 0, "g4": 0})
    assert ENCODING.classify(start, BuildRoad(0)) == ("setup-road", {"ok": 0, "nlen": 0})
    # the second settlement's parameters are the cards it takes
    second = next((s, a) for s, a in pairs
                  if s.stage is Stage.SETUP and s.placement >= 3 and s.setup_node < 0)
    state, action = second
    kind, params = ENCODING.classify(state, action)
    got = GAME.apply(state, action).players[state.turn].hand
    assert kind == "setup-settlement" and params["site"] == 1
    assert [params[f"g{r}"] for r in range(D.N_RESOURCES)] == list(got)
    assert sum(got) <= 3
    # a production roll's parameters are what each player is owed, and the bank pays it
    rolls = [(s, a) for s, a in pairs if isinstance(a, Dice) and a.white + a.red != 7]
    paid = 0
    for state, action in rolls[:40]:
        kind, params = ENCODING.classify(state, action)
        due = owed(state.terrain, state.tokens, state.robber, state.node_owner,
                   state.node_level, action.white + action.red, 3)
        assert kind == "dice"
        assert all(params[f"owe{i}.{r}"] == due[i][r] for i in range(3) for r in range(5))
        after = GAME.apply(state, action)
        if all(sum(row[r] for row in due) <= state.bank[r] for r in range(5)):
            for i in range(3):
                assert [params[f"owe{i}.{r}"] for r in range(5)] == [
                    a - b for a, b in zip(after.players[i].hand, state.players[i].hand,
                                          strict=True)]
            paid += sum(map(sum, due))
    assert paid > 0
    assert ENCODING.classify(state, Dice(3, 4))[1]["owe0.0"] == 0
    # the robber: a legal move has ok = vok = 1; the robber's own hex is not ok
    robber = next(s for s, _ in pairs if s.stage is Stage.ROBBER)
    for move in GAME.legal_actions(robber):
        assert ENCODING.classify(robber, move)[1] | {"hex": 0, "victim": 0} == {
            "hex": 0, "victim": 0, "ok": 1, "vok": 1}
    assert ENCODING.classify(robber, MoveRobber(robber.robber, -1))[1]["ok"] == 0
    assert ENCODING.classify(robber, MoveRobber(B.N_HEXES, -1))[1] == {
        "hex": B.N_HEXES, "victim": -1, "ok": 0, "vok": 0}
    main = next(s for s, _ in pairs if s.stage is Stage.MAIN)
    assert ENCODING.classify(main, MaritimeTrade(9, 0))[1]["rate"] == D.BANK_RATE
    assert ENCODING.classify(main, BuildCity(-1)) == ("build-city", {"ok": 0})
    assert ENCODING.classify(main, OfferCard(True, 0))[0] == "open-offer"
    trade = next(s for s, _ in pairs if s.stage is Stage.TRADE)
    assert ENCODING.classify(trade, OfferCard(False, 0))[0] == "offer-card"
    assert ENCODING.classify(main, EndTurn()) == ("end-turn", {})


def _value(term: Any) -> int:
    return int(z3.simplify(term).as_long())


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.tie",
                   "catan/longest-road-break-tie", "catan/largest-army.minimum",
                   "catan/largest-army.exceed")
@given(st.integers(3, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, D.ROADS), min_size=n, max_size=n),
    st.lists(st.integers(0, D.DEVELOPMENT_COUNTS[D.KNIGHT]), min_size=n, max_size=n),
    st.integers(-1, n - 1), st.integers(0, n - 1))))
def test_award_terms_equal_the_model(case: Any) -> None:
    """The encoding's longest road and largest army awards are the model's functions."""
    lengths, knights, holder, player = case
    got = award_longest([z3.IntVal(x) for x in lengths], z3.IntVal(holder))
    assert _value(got) == model_longest(tuple(lengths), holder)
    army = award_army([z3.IntVal(x) for x in knights], z3.IntVal(holder), z3.IntVal(player))
    assert _value(army) == model_army(tuple(knights), holder, player)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_every_invariant_part_is_inductive(players: int) -> None:
    outcomes = provers.inductive(ENCODING, players, timeout=10.0)
    assert [o.name for o in outcomes] == [f"inductive/{p}/p{players}" for p in PARTS]
    bad = [(o.name, o.status, o.detail[:300]) for o in outcomes if o.status != "proved"]
    assert not bad


def test_a_broken_update_breaks_conservation() -> None:
    class PaidFromNowhere(CatanEncoding):
        """The bank takes a road's cost, but the builder's hand keeps it."""

        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            def update(kind: ActionKind) -> Any:
                def unpaid(v: Any, p: Any) -> Any:
                    up = dict(kind.update(v, p))
                    for i in range(players):
                        for r in (D.LUMBER, D.BRICK):
                            up.pop(pn(i, f"res{r}"), None)
                    return up
                return unpaid
            return tuple(ActionKind(k.name, k.params, k.domain, k.guard, update(k), k.rules)
                         if k.name == "build-road" else k for k in super().kinds(players))

    out = provers.inductive(PaidFromNowhere(), 3, timeout=10.0,
                            parts=("resources-conserved", "pieces"))
    assert [o.status for o in out] == ["counterexample", "proved"]
    assert out[0].detail.startswith("build-road")


def test_the_score_cap_is_tight() -> None:
    """12 points are reachable in the encoding: 9 and a settlement that breaks a rival's
    longest road, so that the card passes to the builder; a cap of 11 is not inductive."""
    import rules_oracle.solver.catan as module

    saved = module.SCORE_CAP
    try:
        module.SCORE_CAP = SCORE_CAP - 1
        provers.forget_frames()  # the frames hold the terms built before
        out = provers.inductive(ENCODING, 3, timeout=10.0, parts=("score-cap",))
    finally:
        module.SCORE_CAP = saved
        provers.forget_frames()
    assert out[0].status == "counterexample"
    assert out[0].detail.startswith("build-settlement")
    assert SCORE_CAP == D.VICTORY + 2


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.rules("catan/turn.end")
def test_legal_action_completeness(players: int) -> None:
    cover = provers.cases_cover(ENCODING, players, timeout=10.0)
    assert cover is not None and cover.status == "proved"
    out = provers.completeness(ENCODING, players, timeout=10.0)
    assert out.status == "proved" and "witness" in out.detail


def _stuck(encoding: CatanEncoding, players: int) -> Any:
    """z3 result of: I, not terminal, and every witness action disabled."""
    v = encoding.fresh("s", players)
    kinds = {k.name: k for k in encoding.kinds(players)}
    enabled = [z3.And(kinds[name].domain(p), kinds[name].guard(v, p))
               for name, p in witnesses(v, players)]
    s = z3.Solver()
    s.set("timeout", 10_000)
    s.add(encoding.invariant(v, players), z3.Not(encoding.terminal(v, players)),
          z3.Not(z3.Or(*enabled)))
    return s.check(), s


@pytest.mark.rules("catan/turn.end")
def test_ending_the_turn_is_what_keeps_the_main_phase_live() -> None:
    class NoEnd(CatanEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(
                ActionKind(k.name, k.params, k.domain, lambda v, p: z3.BoolVal(False),
                           k.update, k.rules) if k.name == "end-turn" else k
                for k in super().kinds(players))

    assert _stuck(ENCODING, 3)[0] == z3.unsat
    result, s = _stuck(NoEnd(), 3)
    assert result == z3.sat
    assert s.model().eval(z3.Int("s.stage")).as_long() == ENCODING.project(
        next(st for st, _ in _pairs(3, 5) if st.stage is Stage.MAIN))["stage"]


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.break",
                   "catan/largest-army.minimum", "catan/build.city-upgrade",
                   "catan/development.victory-point", "catan/victory.ten")
@pytest.mark.slow
def test_gain_bounds_hold_in_play() -> None:
    bounds = {b.kind: b for b in provers.gain_bounds(ENCODING, 3, timeout=10.0)}
    expected = {
        # a settlement (1) whose break leaves the builder's road the longest (2)
        "build-settlement": 1 + D.SPECIAL_VP,
        # the longest road card
        "build-road": D.SPECIAL_VP, "free-road": D.SPECIAL_VP,
        # the largest army card
        "play-knight": D.SPECIAL_VP,
        # a city is 2 points where its settlement was 1; a victory point card
        "build-city": 1, "draw": 1,
        # set-up roads are too short for the longest road card
        "setup-settlement": 1,
    }
    for kind in ENCODING.kinds(3):
        assert bounds[kind.name].value == expected.get(kind.name, 0), kind.name
    assert bounds["any-action"].value == 1 + D.SPECIAL_VP
    # two steps: that settlement, then a knight taking the largest army
    assert bounds["2-steps"].value == 1 + 2 * D.SPECIAL_VP
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 2000, seed=3)
    checked = provers.against_play(list(bounds.values()), report.observed[3])
    assert not [o for o in checked if o.status == "failed"]
    seen = report.observed[3].by_kind
    assert seen["build-road"] == D.SPECIAL_VP and seen["draw"] <= 1


@pytest.mark.rules(*GUARDED)
def test_faithful_on_5000_transitions_every_kind_sampled() -> None:
    # a seed whose 5000 transitions reach every kind (a year of plenty is rare: seeds 0 and 4
    # miss one kind each on the beginner board); declining free roads (road-second=optional)
    # is rarer still, so the card examples come too
    report = provers.faithfulness_report(GAME, ENCODING, variant_configs(GAME), 5000,
                                         seed=1, extra=[*_board_steps(), *_card_examples(),
                                                        *_rate_examples()])
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions == 5000 and report.rejected > 2000
    assert f"all {len(ENCODING.kinds(3))} kinds sampled" in report.outcome.detail
    assert set(report.observed) == {3, 4}


def _rate_examples() -> list[tuple[CatanState, Any]]:
    """rate=any: every trade at a worse rate from a generic harbour, a special one and both
    (4:1 and 3:1 beside 2:1), and the best rate beside them."""
    out: list[tuple[CatanState, Any]] = []
    for settlements, roads in (({0: 0}, {road(0, 3): 0}), ({5: 0}, {road(5, 9): 0}),
                               ({0: 0, 5: 0}, {road(0, 3): 0, road(5, 9): 0})):
        s = make(settlements=settlements, roads=roads, hands={0: cards(wool=4, grain=4)},
                 variant={"rate": "any"})
        out.extend((s, a) for a in GAME.legal_actions(s)
                   if isinstance(a, MaritimeTrade | MaritimeTradeAt) and a.get == D.ORE)
    return out


# hex 11 mountains 8: corners 20 26 32 37 31 25; hex 12 forest 8: 28 34 39 43 38 33
SETTLED = {"settlements": {20: 0, 31: 2, 43: 2}, "cities": {34: 1},
           "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[31][0]: 2, B.NODE_PATHS[43][0]: 2,
                     B.NODE_PATHS[34][0]: 1}}
ALONE = {"cities": {20: 0, 34: 1},
         "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[34][0]: 1}}
RICH = cards(5, 5, 5, 5, 5)


def _worked_examples() -> list[tuple[CatanState, Any]]:
    """Transitions seeded play does not reach: the bank shortage under both readings, and
    settlements breaking the longest road (into a tie the holder keeps, and so that the card
    passes to the builder)."""
    out: list[tuple[CatanState, Any]] = []
    for reading in ("one-owed", "nobody"):
        for buildings in (SETTLED, ALONE):
            # one ore left in the bank, an 8 rolled: several owed (nobody gets it) or one
            state = make(stage=Stage.PRE_ROLL, hands={1: cards(ore=18)},
                         variant={"shortage": reading}, **buildings)  # type: ignore[arg-type]
            out.append((state, RollDice()))
            out.append((GAME.apply(state, RollDice()), Dice(6, 2)))
    broken = {**{e: 0 for e in chain(7, 3, 0, 4, 1, 5, 2, 6)},
              **{e: 1 for e in chain(5, 9, 13, 18, 23, 17)}}
    out.append((make(settlements={7: 0, 13: 1}, roads=broken, hands={1: RICH}, turn=1),
                BuildSettlement(5)))
    out.extend(_card_examples())
    # player 1's 6 roads outlast player 0's 7 cut to 5: the card passes to the builder
    longer = {**broken, **{e: 1 for e in chain(17, 22)}}
    out.append((make(settlements={7: 0, 13: 1}, roads=longer, hands={1: RICH}, turn=1),
                BuildSettlement(5)))
    return out


def _card_examples() -> list[tuple[CatanState, Any]]:
    """A knight that wins under both knight-win readings (robber and theft before the win
    under after-robber), Year of Plenty with one ore left and Road Building with no road to
    place, under both readings each."""
    out: list[tuple[CatanState, Any]] = []
    for reading in ("at-once", "after-robber"):
        s = make(settlements={0: 0, 2: 0, 9: 0, 40: 0, 31: 1}, cities={16: 0, 24: 0},
                 roads={road(9, 14): 0, road(31, 36): 1}, knights={0: 2},
                 developments={0: (1, 0, 0, 0, 0)}, hands={1: cards(ore=2)},
                 variant={"knight-win": reading})
        out.append((s, PlayKnight()))
        s = GAME.apply(s, PlayKnight())
        if s.stage is Stage.ROBBER:
            move = next(a for a in GAME.legal_actions(s)
                        if isinstance(a, MoveRobber) and a.victim == 1)
            out.append((s, move))
            s = GAME.apply(s, move)
            out.append((s, GAME.chance_outcomes(s)[0][0]))
    for reading in ("both", "what-remains"):
        s = make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
                 developments={0: (0, 0, 0, 1, 0)}, hands={1: cards(ore=18)},
                 variant={"plenty": reading})
        out.extend((s, a) for a in GAME.legal_actions(s) if isinstance(a, PlayYearOfPlenty)
                   and D.ORE in (a.first, a.second))
    for reading in ("lost", "unplayable"):
        s = make(settlements={31: 1}, roads={road(31, 36): 1},
                 developments={0: (0, 0, 1, 0, 0)}, variant={"road-stuck": reading})
        out.extend((s, a) for a in GAME.legal_actions(s) if isinstance(a, PlayRoadBuilding))
        out.append((s, EndTurn()))
    # road-second=optional: the free roads declined before the first and after it
    s = make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
             developments={0: (0, 0, 1, 0, 0)}, variant={"road-second": "optional"})
    s = GAME.apply(s, PlayRoadBuilding())
    out.append((s, StopRoadBuilding()))
    out.append((GAME.apply(s, GAME.legal_actions(s)[0]), StopRoadBuilding()))
    # phases=separate: a free road leaves trading open (free-roads=trade-on) or ends it
    for reading in ("trade-on", "build"):
        s = make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
                 developments={0: (0, 0, 1, 0, 0)},
                 variant={"phases": "separate", "free-roads": reading})
        s = GAME.apply(s, PlayRoadBuilding())
        out.append((s, GAME.legal_actions(s)[0]))
    return out


@pytest.mark.rules("catan/knight-victory-order", "catan/year-of-plenty-bank",
                   "catan/road-building-stuck", "catan/road-building-second",
                   "catan/road-building-trade-phase")
def test_card_examples_cover_both_readings() -> None:
    examples = _card_examples()
    kinds = [type(a).__name__ for _, a in examples]
    # the knight under both readings, the robber and theft under after-robber only
    assert kinds.count("PlayKnight") == 2 and kinds.count("MoveRobber") == 1
    # (4, 4) only under what-remains; Road Building only under lost
    assert [(a.first, a.second) for _, a in examples
            if isinstance(a, PlayYearOfPlenty)].count((D.ORE, D.ORE)) == 1
    assert kinds.count("PlayRoadBuilding") == 1 and kinds.count("StopRoadBuilding") == 2
    # a free road under phases=separate, once under each free-roads reading
    assert [s.config.option("free-roads") for s, a in examples
            if isinstance(a, BuildRoad) and s.config.option("phases") == "separate"] \
        == ["trade-on", "build"]
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)],
                                         len(examples), extra=examples)
    assert report.outcome.status == "passed", report.outcome.detail


@pytest.mark.rules("catan/trade.domestic", "catan/trade.has-cards")
def test_faithful_on_a_counter_offer_asking_for_cards_the_player_on_turn_lacks() -> None:
    # player 1 counters 1 brick for 2 wool; player 0 holds one wool and cannot accept
    s = make(settlements={20: 0}, roads={road(20, 25): 0},
             hands={0: cards(lumber=3, wool=1), 1: cards(ore=1, brick=2), 2: cards(ore=2)})
    examples: list[tuple[CatanState, Any]] = []
    for a in (OfferCard(True, 0), OfferCard(False, D.ORE), Propose(), Counter(),
              OfferCard(True, D.BRICK), OfferCard(False, D.WOOL), OfferCard(False, D.WOOL),
              Propose(), Answer(False)):
        examples.append((s, a))
        s = GAME.apply(s, a)
    considered = examples[-1][0]
    assert GAME.legal_actions(considered) == (Answer(False),)
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], len(examples),
                                         rejected_per_step=8, extra=examples)
    assert report.outcome.status == "passed", report.outcome.detail
    # the guard of an answer in the consider phase reads the hand of the player on turn
    c = provers.compile_encoding(ENCODING, 3)
    pre = ENCODING.project(considered)
    assert pre["p0.res2"] == 1 and pre["ocgive2"] == 2
    answer = c.kinds["answer"]
    guards = []
    for a in (Answer(True), Answer(False)):
        name, params = ENCODING.classify(considered, a)
        assert name == "answer"
        values = [pre[v] for v in c.variables] + [params[x] for x in answer.kind.params]
        guards.append(answer.evaluate(values)[1])
    assert guards == [False, True]


@pytest.mark.rules("catan/production.shortage", "catan/production.yield", "catan/bank-shortage",
                   "catan/longest-road.break", "catan/longest-road-break-tie",
                   "catan/longest-road.tie")
def test_faithful_on_the_shortage_and_road_breaks() -> None:
    examples = _worked_examples()
    after = GAME.apply(*examples[-1])
    before = examples[-1][0]
    assert (before.longest, after.longest) == (0, 1)
    gain = after.players[1].vp - before.players[1].vp
    assert gain == 1 + D.SPECIAL_VP
    shortage = [GAME.apply(s, a) for s, a in examples[:8] if isinstance(a, Dice)]
    assert [x.bank[D.ORE] for x in shortage] == [1, 0, 1, 1]
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)],
                                         len(examples), extra=examples)
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions == len(examples)
    # the bound of one settlement is reached by the model
    settlement = next(k for k in ENCODING.kinds(3) if k.name == "build-settlement")
    assert provers.kind_bound(ENCODING, 3, settlement, timeout=10.0).value == gain
    assert report.observed[3].by_kind["build-settlement"] == gain


@pytest.mark.rules("catan/maritime-rate", "catan/trade.maritime")
def test_trades_at_a_worse_rate_are_faithful_and_a_guard_ignoring_the_rates_is_caught(
) -> None:
    examples = _rate_examples()
    named = [(a.give, a.rate) for _, a in examples if isinstance(a, MaritimeTradeAt)]
    # wool and grain at 4 from the generic harbour, grain at 3 and 4 with both harbours
    assert named == [(2, 4), (3, 4), (3, 4), (2, 4), (3, 3), (3, 4)]
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], len(examples) * 20,
                                         extra=examples, rejected_per_step=4)
    assert report.outcome.status == "passed", report.outcome.detail

    class AnyRate(CatanEncoding):
        """A rate named is taken whether the player has it or not."""

        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(
                ActionKind(k.name, k.params, k.domain,
                           lambda v, p, g=k.guard: z3.Or(g(v, p), z3.And(
                               v["opt.anyrate"] == 1, p["rate"] > p["best"])),
                           k.update, k.rules) if k.name == "maritime-trade-at" else k
                for k in super().kinds(players))

    s = make(settlements={5: 0}, roads={road(5, 9): 0}, hands={0: cards(grain=4)},
             variant={"rate": "any"})
    wrong = [(s, MaritimeTradeAt(3, 4, 4))] * 40  # its mutants name rate 3, not held
    out = provers.faithfulness_report(GAME, AnyRate(), [GAME.config(3)], len(wrong),
                                      extra=wrong, rejected_per_step=4).outcome
    assert out.status == "failed" and f"rejected by the model ({RB.TRADE_MARITIME})" \
        in out.detail


def test_a_drifted_update_is_caught() -> None:
    class Drifted(CatanEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            def update(kind: ActionKind) -> Any:
                return lambda v, p: {**kind.update(v, p),
                                     pn(0, "res0"): v[pn(0, "res0")] + 1}
            return tuple(
                ActionKind(k.name, k.params, k.domain, k.guard, update(k), k.rules)
                if k.name == "end-turn" else k for k in super().kinds(players))

    out = provers.faithfulness(GAME, Drifted(), [GAME.config(3)], 600)
    assert out.status == "failed" and "p0.res0" in out.detail


@pytest.mark.rules("catan/turn.roll")
def test_a_broken_guard_is_caught() -> None:
    class EndAnyTime(CatanEncoding):
        """Ending the turn before the roll."""

        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            return tuple(
                ActionKind(k.name, k.params, k.domain,
                           lambda v, p: z3.Or(v["stage"] == PRE_ROLL, v["stage"] == MAIN),
                           k.update, k.rules) if k.name == "end-turn" else k
                for k in super().kinds(players))

    out = provers.faithfulness(GAME, EndAnyTime(), [GAME.config(3)], 600)
    assert out.status == "failed" and f"rejected by the model ({RB.TURN_ROLL})" in out.detail


@pytest.mark.rules("catan/production.robber", "catan/production.yield")
def test_a_robber_that_no_longer_blocks_production_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The encoding states production from the rule: a model whose production ignores the
    robber pays an ore on hex 11 (mountains 8) the encoding does not owe."""
    import rules_oracle.model.catan.production as production

    real = production.owed

    def ignores_robber(terrain: Any, tokens: Any, robber: int, *args: Any, **kw: Any) -> Any:
        return real(terrain, tokens, -1, *args, **kw)

    def eight() -> list[tuple[CatanState, Any]]:
        state = evolve(make(stage=Stage.DICE, settlements={20: 0}, dice=(0, 0)), robber=11)
        assert B.HEX_NODES[11].count(20) == 1 and state.tokens[11] == 8
        return [(state, Dice(6, 2))]

    good = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=eight())
    assert good.outcome.status == "passed", good.outcome.detail
    assert mutate(monkeypatch, production.__name__, "owed", ignores_robber) >= 2
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=eight())
    assert report.outcome.status == "failed"
    assert "p0.res4 is 1 in the model, 0 in the encoding" in report.outcome.detail, \
        report.outcome.detail


@pytest.mark.rules("catan/seven.discard")
def test_a_discard_limit_mistyped_in_the_model_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The encoding writes the 7's limit from the rule's quote: a model whose hands over 8
    (not 7) discard leaves an 8-card hand whole, and faithfulness disagrees. (The same bug
    typed into data.py, which an encoding reading the constant shared, is applied to a copy
    by ci/mutants.py: catan-discard-above-eight.)"""
    import rules_oracle.model.catan.seven as chapter

    real = chapter.discards_due

    def over_eight(hands: Any, limit: int = 8) -> Any:
        return real(hands, limit)

    def seven() -> list[tuple[CatanState, Any]]:
        return [(make(stage=Stage.DICE, hands={1: cards(2, 2, 2, 2, 0)}, dice=(0, 0)),
                 Dice(3, 4))]

    good = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=seven())
    assert good.outcome.status == "passed", good.outcome.detail
    assert mutate(monkeypatch, chapter.__name__, "discards_due", over_eight) >= 1
    bad = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3)], 1, extra=seven())
    assert bad.outcome.status == "failed"
    assert "p1.disc" in bad.outcome.detail, bad.outcome.detail


@pytest.mark.rules("catan/largest-army.exceed")
def test_the_army_tie_probe_catches_a_model_giving_the_army_on_a_tie(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded play seldom ties the army's holder; the probe does (3 knights against 3),
    on a consistent state: the holder keeps the card, and a model handing it over fails
    faithfulness, since the encoding restates the award."""
    from rules_oracle.model.catan import largest_army
    from rules_oracle.properties.catan import INVARIANTS
    from rules_oracle.solver.catan_probes import army_tie

    (state, action), = ENCODING.probes()
    assert (state, action) == army_tie()
    holder = state.army
    assert [inv.__name__ for inv in INVARIANTS if inv(state)] == []
    assert state.players[holder].knights == state.players[state.turn].knights + 1
    after = GAME.apply(state, action)
    assert after.army == holder
    assert after.players[state.turn].knights == after.players[holder].knights
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(4)], 1)
    assert report.outcome.status == "passed", report.outcome.detail

    def ties_take(knights: tuple[int, ...], held: int, player: int) -> int:
        return player if knights[player] >= D.LARGEST_ARMY_MIN else model_army(
            knights, held, player)

    monkeypatch.setattr(largest_army, "award_army", ties_take)
    assert GAME.apply(state, action).army == state.turn
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(4)], 1)
    assert report.outcome.status == "failed" and "probe 0" in report.outcome.detail
