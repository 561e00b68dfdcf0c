"""The Z3 encoding of Caylus 1303: its invariant is inductive part by part at every player
count, every non-terminal state enables a kind, scores never decrease, the gain bounds
hold in play, and it agrees with the model on sampled transitions (seeded play plus the
prestige buildings of a hand-built stewardship)."""

import random
from typing import Any

import pytest
import z3

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Build,
    BuildPrestige,
    Decline,
    Deliver,
    Pass,
    PlaceWorker,
    Use,
)
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.caylus.stewardship import begin
from rules_oracle.model.core.play import choose
from rules_oracle.properties.generic import all_configs, variant_configs
from rules_oracle.solver import provers, registry
from rules_oracle.solver.caylus import ENCODING, CaylusEncoding
from rules_oracle.solver.encoding import ActionKind
from tests.model.caylus.helpers import activating, bare, built, holding, player, ready, run
from tests.solver.mutants import mutate

PLAYERS = (2, 3, 4, 5)
TIMEOUT = 10.0
KIND_NAMES = tuple(k.name for k in ENCODING.kinds(2))
#: every rule id some kind's guard encodes
GUARDED = tuple(sorted({r for k in ENCODING.kinds(2) for r in k.rules}))


def stewardship(players: int, seed: int) -> CaylusState:
    """A stewardship where every seat owns a residence and can afford prestige buildings."""
    from attrs import evolve

    from rules_oracle.model.caylus.ops import put

    s = bare(ready(players))
    for seat in range(players):
        space = D.START_SPACES[seat]
        s = evolve(s, owner=put(s.owner, space, seat))
        s = player(s, seat, houses=s.players[seat].houses - 1,
                   resources={"wood": 4, "stone": 5, "fabric": 1, "gold": 3 + seed % 3})
    return begin(s)


def prestige_transitions(steps: int = 12) -> list[tuple[CaylusState, Action]]:
    """(state, action) pairs of eager play from :func:`stewardship`, every player count."""
    out = []
    for players in PLAYERS:
        rng = random.Random(players)
        state = stewardship(players, players)
        for _ in range(steps):
            if GAME.is_terminal(state):
                break
            action = choose(GAME, state, rng, "eager")
            out.append((state, action))
            state = GAME.apply(state, action)
    return out


def test_registry_finds_the_encoding() -> None:
    assert registry.encoding("caylus") is ENCODING


@pytest.mark.parametrize("config", variant_configs(GAME), ids=str)
def test_projection_covers_the_variables_and_satisfies_the_invariant(config: Any) -> None:
    compiled = provers.compile_encoding(ENCODING, config.players)
    rng = random.Random(3)
    state = GAME.setup(config)
    for _ in range(400):
        values = ENCODING.project(state)
        assert set(values) == set(ENCODING.variables_for(config.players))
        *parts, terminal = compiled.state_eval([values[v] for v in compiled.variables])
        assert dict(zip(compiled.parts, parts, strict=True)) == dict.fromkeys(
            compiled.parts, True)
        assert terminal is GAME.is_terminal(state)
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, choose(GAME, state, rng, "uniform"))
    assert GAME.is_terminal(state)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_invariant_part_is_inductive(players: int) -> None:
    outcomes = provers.inductive(ENCODING, players, TIMEOUT)
    assert {o.name for o in outcomes} == {
        f"inductive/{p}/p{players}" for p in
        ("options", "workers-conserved", "houses-conserved", "buildings-conserved", "stock-kinds",
         "non-negative", "within-supply", "score-bounds", "turn-structure")}
    assert all(o.status == "proved" for o in outcomes), [o for o in outcomes if not o.ok]
    cover = provers.cases_cover(ENCODING, players, TIMEOUT)
    assert cover is not None and cover.status == "proved", cover


@pytest.mark.parametrize("players", PLAYERS)
def test_every_non_terminal_state_enables_a_kind(players: int) -> None:
    out = provers.completeness(ENCODING, players, TIMEOUT)
    assert out.status == "proved" and "witness" in out.detail, out.detail


@pytest.mark.rules(
    "caylus/components.unlimited",
    RB.END_GOLD,
    RB.CHARACTER_STEWARD,
    RB.BUILDING_CHURCH,
    RB.CHARACTER_GOLDSMITH,
    RB.CHARACTER_FOREMAN,
    RB.CHARACTER_ARCHITECT,
)
def test_scores_never_decrease_and_bounds_hold_in_play() -> None:
    assert provers.monotonicity(ENCODING, 2, TIMEOUT).status == "proved"
    bounds = {b.kind: b for b in provers.gain_bounds(ENCODING, 2, TIMEOUT)}
    assert set(KIND_NAMES) <= set(bounds)
    for name in ("draw-tile", "first-player", "draw-character"):
        assert bounds[name].outcome.status == "proved" and bounds[name].value == 0
    # the final 2 PP per gold: with 15 gold tokens (supply=limited) at most 30 on top of an
    # action's own points (the steward's 3 in all, the church's 6, the architect's 1 on a
    # building's points), less 2 per gold the action pays
    tokens = D.RESOURCE_TOKENS[D.GOLD]
    final = D.GOLD_PP * tokens
    expected = dict.fromkeys(KIND_NAMES[3:], final)
    expected["place"] = final + 3
    expected["use"] = final + 6
    expected["build"] = final + 1 + max(D.PRESTIGE_POINTS[k] for k in (*D.WOOD_KINDS,
                                                                       *D.STONE_KINDS))
    expected["deliver"] = D.BUNDLE_PP + 1 + D.GOLDSMITH_PP + D.GOLD_PP * (tokens - 1)
    expected["build-prestige"] = max(D.PRESTIGE_POINTS[k] + 1 + D.GOLD_PP * (
        tokens - D.COST[k][0][D.GOLD]) for k in D.PRESTIGE_KINDS)
    for name in KIND_NAMES[3:]:
        b = bounds[name]
        assert b.outcome.status == "proved", b.outcome.detail
        assert "under supply=limited" in b.outcome.detail
        assert b.value == expected[name], (name, b.value)
    report = provers.faithfulness_report(GAME, ENCODING, all_configs(GAME), 3000,
                                         extra=prestige_transitions())
    seen = report.observed[2].by_kind
    assert seen["build-prestige"] >= 4
    for name, gain in seen.items():
        value = bounds[name].value
        assert value is not None and gain <= value, (name, gain, value)


def test_a_broken_guard_is_caught() -> None:
    """Dropping the stock check from the lawyer's claim breaks house non-negativity."""

    class Careless(CaylusEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            out = []
            for k in super().kinds(players):
                if k.name == "claim":
                    guard = k.guard

                    def loose(v: Any, p: Any, guard: Any = guard) -> Any:
                        fixed = dict(v)
                        for i in range(players):
                            fixed[f"houses{i}"] = z3.IntVal(1)
                        return guard(fixed, p)

                    k = ActionKind(k.name, k.params, k.domain, loose, k.update, k.rules)
                out.append(k)
            return tuple(out)

    outcomes = {o.name: o for o in provers.inductive(Careless(), 2, TIMEOUT)}
    assert outcomes["inductive/non-negative/p2"].status == "counterexample"
    assert "claim" in outcomes["inductive/non-negative/p2"].detail


@pytest.mark.rules(RB.CHARACTER_FOREMAN, RB.DELIVERY_BUNDLE)
def test_faithfulness_catches_a_drifted_update() -> None:
    """An encoding whose bundles forget the foreman's point disagrees with the model."""

    class Stingy(CaylusEncoding):
        def kinds(self, players: int) -> tuple[ActionKind, ...]:
            out = []
            for k in super().kinds(players):
                if k.name == "deliver":
                    inner = k.update

                    def update(v: Any, p: Any, inner: Any = inner) -> dict[str, Any]:
                        post = dict(inner(v, p))
                        for i in range(players):
                            post[f"pp{i}"] = post.get(f"pp{i}", v[f"pp{i}"]) - z3.If(
                                p["i"] == i, p["f"], 0)
                        return post

                    k = ActionKind(k.name, k.params, k.domain, k.guard, update, k.rules)
                out.append(k)
            return tuple(out)

    s = holding(bare(ready(2)), foreman=0)
    s = player(s, 0, resources={"food": 2, "wood": 2, "stone": 2},
               workers=s.players[0].workers - 1, camp=s.players[0].camp)  # on the site
    from attrs import evolve

    from rules_oracle.model.caylus.delivery import begin as deliver

    s = deliver(evolve(s, site_workers=(0,)))
    pairs = [(s, Deliver((1, 1, 1, 0, 0)))]
    good = provers.faithfulness_report(GAME, ENCODING, all_configs(GAME), 1, extra=pairs)
    assert good.outcome.status == "passed", good.outcome.detail
    bad = provers.faithfulness_report(GAME, Stingy(), all_configs(GAME), 1, extra=pairs)
    assert bad.outcome.status == "failed", bad.outcome.detail
    assert "deliver" in bad.outcome.detail and "pp0" in bad.outcome.detail


@pytest.mark.rules(RB.BUILDING_OWNER_BONUS, RB.BUILDING_STONE_PRODUCE)
def test_the_owners_bonus_even_when_the_worker_declines() -> None:
    """A worker on another player's stone quarry gives its owner 1 stone whether he uses
    the effect or declines: ``use`` and ``decline`` both carry the bonus parameters."""
    s = built(bare(ready(2)), 14, D.STONE_QUARRY, owner=1)
    s = activating(s, 14, 0)
    compiled = provers.compile_encoding(ENCODING, 2)
    pre = ENCODING.project(s)
    for action, kind in ((Use(0), "use"), (Decline(), "decline")):
        name, params = ENCODING.classify(s, action)
        assert name == kind and (params["bo"], params["bq"], params["br"]) == (1, 1, D.STONE)
        ck = compiled.kinds[name]
        values = [pre[v] for v in compiled.variables] + [params[p] for p in ck.kind.params]
        dom, guard, *updates = ck.evaluate(values)
        assert dom is True and guard is True
        post = dict(pre)
        post.update(zip(ck.updated, (int(u) for u in updates), strict=True))
        assert post == ENCODING.project(GAME.apply(s, action))
        assert post["res1.2"] == pre["res1.2"] + 1


@pytest.mark.rules(
    *GUARDED, RB.STEWARDSHIP_PRESTIGE, RB.STEWARDSHIP_THEATRE, RB.CHARACTER_ARCHITECT
)
def test_faithful_on_sampled_transitions_through_every_kind() -> None:
    extra = prestige_transitions()
    assert any(isinstance(a, BuildPrestige) for _, a in extra)
    total = 5000 + len(extra)
    report = provers.faithfulness_report(GAME, ENCODING, variant_configs(GAME), total,
                                         extra=extra)
    assert report.outcome.status == "passed", report.outcome.detail
    assert report.transitions == total and report.rejected > 100
    seen: set[str] = set()
    for observed in report.observed.values():
        seen |= set(observed.by_kind)
    assert seen == set(KIND_NAMES)
    assert set(report.observed) == set(PLAYERS)


def _enabled(state: CaylusState, action: Action) -> bool:
    return provers.enabled(ENCODING, provers.compile_encoding(ENCODING, state.config.players),
                           state, action)


@pytest.mark.rules(
    RB.BUILDING_TAILOR, RB.BUILDING_CARPENTER, RB.BUILDING_ALCHEMIST, RB.COMPONENTS_HOUSE_LIMIT
)
def test_guards_reject_what_the_model_rejects() -> None:
    """The tailor's second option needs 2 fabric, a building a house in stock, the
    alchemist's pair two resources: the model's rejections have false guards, its
    acceptances true ones."""
    from tests.model.caylus.helpers import rule_of

    tailor = player(activating(built(bare(ready(2)), 14, D.TAILOR, owner=1), 14, 0), 0,
                    resources={"fabric": 1})
    assert rule_of(tailor, Use(1)) == RB.BUILDING_TAILOR and not _enabled(tailor, Use(1))
    assert rule_of(tailor, Use(0)) == "" and _enabled(tailor, Use(0))
    carpenter = player(activating(bare(ready(2)), 2, 0), 0, resources={"food": 1, "wood": 1})
    assert rule_of(carpenter, Build(D.WOOD_QUARRY)) == "" and _enabled(
        carpenter, Build(D.WOOD_QUARRY))
    homeless = player(carpenter, 0, houses=0)
    assert rule_of(homeless, Build(D.WOOD_QUARRY)) == RB.BUILDING_CARPENTER
    assert not _enabled(homeless, Build(D.WOOD_QUARRY))
    alchemist = player(activating(built(bare(ready(2)), 14, D.ALCHEMIST, owner=1), 14, 0), 0,
                       resources={"wood": 1, "stone": 1})
    assert rule_of(alchemist, Use(1, D.WOOD, D.WOOD)) == RB.BUILDING_ALCHEMIST
    assert not _enabled(alchemist, Use(1, D.WOOD, D.WOOD))
    assert _enabled(alchemist, Use(1, D.WOOD, D.STONE))


def _market_favour(workers: int, use_site: bool = True, **variant: str) -> CaylusState:
    """Round 1: seat 0, with ``workers`` in hand, has a favour (the fairground's) whose
    site's 1st building is a starting market; with ``use_site`` he has chosen it."""
    import attrs

    from rules_oracle.model.caylus.actions import UseSite
    from tests.model.caylus.helpers import place

    s = bare(ready(3, variant=variant))
    s = attrs.evolve(s, site=(D.MARKET, *s.site[1:]))
    s = player(s, 0, resources={"wood": 1}, workers=workers + 1)
    s = GAME.apply(activating(place(s, D.STONE_SPACE, 2), 0, 0, provost=22), Use(0))
    if use_site:
        s = GAME.apply(s, UseSite(0))
    assert s.favour is not None and s.players[0].workers == workers
    return s


@pytest.mark.rules("caylus/favour-market", RB.BUILDING_MARKET)
@pytest.mark.parametrize("effect", ["required", "optional"])
def test_the_favours_market_guard_per_reading(effect: str) -> None:
    """favour_market=pay: a favour's market returns a worker from the hand, and without one
    the guard is false as the model rejects it; favour_market=free: it returns none, the
    guard true with an empty hand. A worker's market costs one under either reading."""
    from tests.model.caylus.helpers import rule_of

    for workers in (0, 1):
        s = _market_favour(workers, favour_market="free", favour_effect=effect)
        name, params = ENCODING.classify(s, Use(0, D.FABRIC))
        assert name == "use" and params["dw"] == 0 and _enabled(s, Use(0, D.FABRIC))
        assert ENCODING.project(s)["opt.freemarket"] == 1
    s = _market_favour(1, favour_market="pay", favour_effect=effect)
    name, params = ENCODING.classify(s, Use(0, D.FABRIC))
    assert name == "use" and params["dw"] == -1 and _enabled(s, Use(0, D.FABRIC))
    assert ENCODING.project(s)["opt.freemarket"] == 0
    if effect == "optional":  # under the default the market is no choice without a worker
        s = _market_favour(0, favour_market="pay", favour_effect=effect)
        assert rule_of(s, Use(0, D.FABRIC)) == RB.BUILDING_MARKET
        assert not _enabled(s, Use(0, D.FABRIC))
    for reading in ("pay", "free"):
        s = bare(ready(3, variant={"favour_market": reading, "favour_effect": effect}))
        s = activating(player(s, 0, workers=2), 9, 0, provost=22)  # a starting market
        assert s.road[9] == D.MARKET and _enabled(s, Use(0, D.FABRIC))
        assert ENCODING.classify(s, Use(0, D.FABRIC))[1]["dw"] == -1
        empty = player(s, 0, workers=0)
        assert rule_of(empty, Use(0, D.FABRIC)) == RB.BUILDING_MARKET
        assert not _enabled(empty, Use(0, D.FABRIC))



RULE_FIXES = ("provost_reset", "favour_effect", "deliveryman_tie", "favour_market",
              "prestige_house")


def _houseless_residence(prestige_house: str) -> CaylusState:
    """Seat 1's residence at stewardship, a garden affordable, his last house spent on a
    building (houses and owned spaces kept consistent)."""
    s = bare(ready(3, variant={"prestige_house": prestige_house}))
    s = player(s, 1, resources={"wood": 1, "gold": 1})
    from attrs import evolve

    from rules_oracle.model.caylus.ops import put

    s = player(evolve(s, owner=put(s.owner, 6, 1)), 1, houses=s.players[1].houses - 1)
    kinds = [k for k, n in zip(D.WOOD_KINDS, s.wood_supply, strict=True) if n] + [
        k for k, n in zip(D.STONE_KINDS, s.stone_supply, strict=True) if n]
    spaces = [i for i in range(D.ROAD_SPACES) if s.road[i] < 0]
    for kind, space in zip(kinds[:7], spaces, strict=False):
        s = built(s, space, kind, 1)
    s = begin(s)
    assert s.stage is Stage.PRESTIGE and s.cursor == 6
    return built(s, spaces[7], kinds[7], 1)


@pytest.mark.rules("caylus/provost-reset", "caylus/favour-effect", "caylus/deliveryman-tie",
                   "caylus/favour-market", "caylus/prestige-house")
@pytest.mark.parametrize(("option", "reading"), [
    (o, r.key) for o in RULE_FIXES for r in GAME.rules.options()[o].readings])
def test_faithful_under_each_reading_of_the_rule_fixes(option: str, reading: str) -> None:
    """Seeded play at 3 players under each reading of the options the rule fixes brought
    (the provost's reset and start, the favour's effect, the deliveryman's tie, the
    favour's market), with the favour's market used (free, or paid) or, unaffordable,
    the favour lapsing (required) or its effect declined (optional)."""
    extra: list[tuple[CaylusState, Action]] = []
    if option == "favour_effect":
        s = _market_favour(0, use_site=reading == "optional", favour_effect=reading)
        assert GAME.legal_actions(s) == (Decline(),)
        extra = [(s, Decline())]
    elif option == "favour_market":
        s = _market_favour(int(reading == "pay"), favour_market=reading)
        extra = [(s, Use(0, D.FOOD))]
    elif option == "prestige_house":
        s = _houseless_residence(reading)
        assert (BuildPrestige(D.GARDEN) in GAME.legal_actions(s)) == (reading == "residence")
        extra = [(s, Decline() if reading == "stock" else BuildPrestige(D.GARDEN))]
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(3, {option: reading})],
                                         800, seed=11, extra=extra)
    assert report.outcome.status == "passed", report.outcome.detail


@pytest.mark.rules("caylus/planning.extra-cost", "caylus/character.night-worker")
@pytest.mark.parametrize("night_worker", [1, 2])
def test_a_night_workers_exemption_inverted_is_caught(monkeypatch: pytest.MonkeyPatch,
                                                      night_worker: int) -> None:
    """The encoding states the placement cost from the rules: after a pass, a model that
    charges the night worker's holder the extra worker and spares the others disagrees."""
    import rules_oracle.model.caylus.planning as planning

    def inverted(state: CaylusState, seat: int) -> int:
        if state.stage is Stage.EARLY:
            return 2
        return 1 + int(bool(state.bridge) and state.characters[D.NIGHT_WORKER] == seat)

    drawn = (D.ARCHITECT, D.FOREMAN, D.CHAMBERLAIN, D.DELIVERYMAN, D.DAY_LABOURER,
             D.NIGHT_WORKER)

    def placing() -> list[tuple[CaylusState, Action]]:
        """A fresh state each time (classify remembers the model's last steps by state)."""
        s = run(ready(3, drawn, picks={night_worker: D.NIGHT_WORKER}), Pass())
        assert s.characters[D.NIGHT_WORKER] == night_worker and s.turn == 1 and s.bridge
        return [(s, PlaceWorker(5))]

    config = placing()[0][0].config
    good = provers.faithfulness_report(GAME, ENCODING, [config], 1, extra=placing())
    assert good.outcome.status == "passed", good.outcome.detail
    assert mutate(monkeypatch, planning.__name__, "cost", inverted) >= 1
    bad = provers.faithfulness_report(GAME, ENCODING, [config], 1, extra=placing())
    assert bad.outcome.status == "failed"
    assert "place{" in bad.outcome.detail, bad.outcome.detail


@pytest.mark.rules(RB.BUILDING_OWNER_BONUS)
def test_no_owners_bonus_from_an_empty_supply() -> None:
    """Under supply=limited the encoding's own owner's bonus gives nothing once every stone
    token is held, as the model does."""
    s = built(bare(ready(2, variant={"supply": "limited"})), 14, D.STONE_QUARRY, owner=1)
    s = activating(s, 14, 0)
    others = sum(pl.resources[D.STONE] for pl in s.players) - s.players[1].resources[D.STONE]
    full = player(s, 1, resources={"stone": D.RESOURCE_TOKENS[D.STONE] - others})
    for state, bonus in ((s, (1, 1, D.STONE)), (full, (-1, 0, 0))):
        _, params = ENCODING.classify(state, Decline())
        assert (params["bo"], params["bq"], params["br"]) == bonus
    report = provers.faithfulness_report(GAME, ENCODING, [s.config], 1,
                                         extra=[(full, Decline()), (s, Decline())])
    assert report.outcome.status == "passed", report.outcome.detail



@pytest.mark.rules(RB.STEWARDSHIP_PRESTIGE, RB.CHARACTER_ARCHITECT, RB.STEWARDSHIP_RECRUITMENT)
def test_the_opening_builds_a_garden_with_the_architect_then_recruits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded play seldom builds a prestige building; the encoding's opening (an eager
    5-player game) has the architect's holder build a garden, and the round's end that
    follows recruits for it. A model withholding the architect's point fails faithfulness
    there (``classify`` reads who holds the architect, the update adds the point), and so
    does a model recruiting 1 worker for a garden (the guard asks the workers due, which
    ``classify`` counts on the road)."""
    from rules_oracle.model.caylus import stewardship
    from rules_oracle.model.caylus.actions import BuildPrestige
    from rules_oracle.model.core.ops import evolve
    from rules_oracle.solver import caylus as caylus_encoding

    pairs = provers.opening_pairs(GAME, ENCODING)
    built = [(s, a) for s, a in pairs if isinstance(a, BuildPrestige)
             and s.characters[D.ARCHITECT] == stewardship.actor(s)]
    assert [a.kind for _, a in built] == [D.GARDEN]
    (state, action), = built
    seat = stewardship.actor(state)
    name, params = ENCODING.classify(state, action)
    assert name == "build-prestige"
    assert params["t.reset"] == 1 and params[f"t.due{seat}"] >= 2 + D.RECRUIT[5]
    assert params[f"t.rec{seat}"] == params[f"t.due{seat}"]
    report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(5)], 1, extra=built)
    assert report.outcome.status == "passed", report.outcome.detail
    step = stewardship.step

    def withheld(pp: int, workers: int) -> Any:
        def doctored(state: CaylusState, action: Any) -> CaylusState:
            after = step(state, action)
            if (state, action) == built[0]:
                pl = after.players[seat]
                pl = evolve(pl, prestige=pl.prestige - pp, workers=pl.workers - workers,
                            camp=pl.camp + workers)
                after = evolve(after, players=tuple(pl if i == seat else x
                                                    for i, x in enumerate(after.players)))
            return after
        return doctored

    for pp, workers, differs in ((1, 0, f"pp{seat} is"), (0, 1, "guard is false")):
        with monkeypatch.context() as patch:
            assert mutate(patch, stewardship.__name__, "step", withheld(pp, workers)) >= 1
            # classify remembers the model's last steps: forget the unmutated one
            patch.setattr(caylus_encoding, "_APPLIED", [])
            report = provers.faithfulness_report(GAME, ENCODING, [GAME.config(5)], 1,
                                                 extra=built)
        assert report.outcome.status == "failed", (pp, workers)
        assert "build-prestige" in report.outcome.detail and differs in report.outcome.detail
