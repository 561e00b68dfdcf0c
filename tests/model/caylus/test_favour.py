"""Favours: steal a character, or use a construction-site building (gated by round) and
then take a board character; from the fairground, the manor, delivery and the theatre."""

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import favour
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Build,
    Decline,
    StealCharacter,
    TakeCharacter,
    Use,
    UseSite,
)
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.state import CaylusState, FavourStep, Stage
from rules_oracle.model.core.play import playout
from tests.model.caylus.helpers import activating, agrees, bare, place, player, ready, rule_of, run


def _fair(round_: int = 1) -> CaylusState:
    """Seat 0 on the fairground with a wood; seat 1 holds the architect; seat 2's worker
    waits on space 20."""
    s = bare(ready(3))
    s = attrs.evolve(s, characters=put(s.characters, D.ARCHITECT, 1), round=round_)
    s = place(s, D.STONE_SPACE, 2)
    return activating(s, 0, 0, provost=22)


@pytest.mark.rules("caylus/building.fairground", "caylus/fairground-cost",
                   "caylus/favour.choice", "caylus/favour.gate", "caylus/favour.take")
def test_fairground_favour_site_building_and_character() -> None:
    s = _fair()
    wood = s.players[0].resources[D.WOOD]
    s = GAME.apply(s, Use(0))
    assert s.players[0].resources[D.WOOD] == wood - 1
    assert s.favour is not None and s.favour.step is FavourStep.CHOOSE and GAME.actor(s) == 0
    assert set(GAME.legal_actions(s)) == {StealCharacter(D.ARCHITECT), UseSite(0)}
    assert rule_of(s, UseSite(1)) == RB.FAVOUR_GATE
    assert rule_of(s, StealCharacter(D.FOREMAN)) == RB.FAVOUR_CHOICE
    s = GAME.apply(s, UseSite(0))  # the starting farm on the site
    assert set(GAME.legal_actions(s)) == {Use(0)}  # the effect must be used
    assert rule_of(s, Use(1)) == RB.BUILDING_PRODUCE
    food = s.players[0].resources[D.FOOD]
    s = GAME.apply(s, Use(0))
    assert s.players[0].resources[D.FOOD] == food + 1
    board = {c for c, h in enumerate(s.characters) if h == D.BOARD}
    assert set(GAME.legal_actions(s)) == {TakeCharacter(c) for c in board} | {Decline()}
    assert rule_of(s, TakeCharacter(D.ARCHITECT)) == RB.FAVOUR_TAKE
    c = min(board)
    s = GAME.apply(s, TakeCharacter(c))
    assert s.characters[c] == 0 and s.favour is None
    assert s.stage is Stage.BRIDGE and GAME.actor(s) == 0  # activation goes on: the bridge


@pytest.mark.rules("caylus/favour.gate")
@pytest.mark.parametrize(("round_", "slots"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3)])
def test_favour_gating_by_round(round_: int, slots: int) -> None:
    s = GAME.apply(_fair(round_), Use(0))
    assert {a.slot for a in GAME.legal_actions(s) if isinstance(a, UseSite)} == set(
        range(slots))


@pytest.mark.rules("caylus/favour.choice")
def test_steal_a_character() -> None:
    s = GAME.apply(_fair(), Use(0))
    s = GAME.apply(s, StealCharacter(D.ARCHITECT))
    assert s.characters[D.ARCHITECT] == 0 and s.favour is None
    assert s.stage is Stage.BRIDGE


@pytest.mark.rules("caylus/building.manor", "caylus/favour.take", "caylus/building.stonemason")
def test_manor_favour_and_a_site_stonemason_without_stone() -> None:
    s = bare(ready(3))
    s = attrs.evolve(s, site=(D.FARM, D.STONEMASON, D.STONE_FARM), round=5,
                     road=put(s.road, 14, D.MANOR), side=put(s.side, 14, 1))
    s = player(s, 0, resources={"wood": 1, "food": 1})
    s = activating(place(s, D.STONE_SPACE, 2), 14, 0, provost=22)
    s = run(s, Use(0), UseSite(1))
    assert Build(D.GOLD_MINE) in GAME.legal_actions(s)  # the set-up side: no stone
    s = GAME.apply(s, Build(D.GOLD_MINE))
    assert s.road[15] == D.GOLD_MINE and s.owner[15] == 0
    nobody = attrs.evolve(s, characters=tuple(D.BOX if h == D.BOARD else h
                                              for h in s.characters))
    assert nobody.favour is not None
    # with no board character left the favour ends after the effect
    t = bare(ready(3))
    t = attrs.evolve(t, characters=tuple(D.BOX if h == D.BOARD else h for h in t.characters))
    t = attrs.evolve(t, characters=put(t.characters, 0, 1))
    t = GAME.apply(activating(place(player(t, 0, resources={"wood": 1}), D.STONE_SPACE, 2), 0,
                              0, provost=22), Use(0))
    t = run(t, UseSite(0), Use(0))
    assert t.favour is None and t.stage is Stage.BRIDGE


def _poor_favour(reading: str, steal: bool, **res: int) -> CaylusState:
    """Round 1: seat 0 spends its only wood (and keeps ``res``) at the fairground for a
    favour; the site's 1st building is the starting carpenter; seat 1 holds the architect
    when ``steal``."""
    s = bare(ready(3, variant={"favour_effect": reading}))
    s = attrs.evolve(s, site=(D.START_CARPENTER, *s.site[1:]))
    if steal:
        s = attrs.evolve(s, characters=put(s.characters, D.ARCHITECT, 1))
    s = player(s, 0, resources={"wood": 1 + res.pop("wood", 0), **res})
    s = GAME.apply(activating(place(s, D.STONE_SPACE, 2), 0, 0, provost=22), Use(0))
    assert s.favour is not None and s.favour.step is FavourStep.CHOOSE
    return s


@pytest.mark.rules("caylus/favour-effect", "caylus/favour.choice", "caylus/favour.take",
                   "caylus/building.carpenter")
def test_favour_effect_required_by_default() -> None:
    s = _poor_favour("required", steal=True)
    assert GAME.legal_actions(s) == (StealCharacter(D.ARCHITECT),)  # no usable site effect
    assert rule_of(s, UseSite(0)) == RB.FAVOUR_CHOICE
    assert rule_of(s, Decline()) == RB.FAVOUR_CHOICE
    lapse = _poor_favour("required", steal=False)
    assert GAME.legal_actions(lapse) == (Decline(),)  # nothing to do: the favour lapses
    after = GAME.apply(lapse, Decline())
    assert after.favour is None and after.characters == lapse.characters
    rich = GAME.apply(_poor_favour("required", steal=False, wood=1, food=1), UseSite(0))
    assert Decline() not in GAME.legal_actions(rich)
    assert Build(D.WOOD_QUARRY) in GAME.legal_actions(rich)
    assert rule_of(rich, Decline()) == RB.BUILDING_CARPENTER


@pytest.mark.rules("caylus/favour-effect", "caylus/favour.choice", "caylus/favour.take")
def test_favour_effect_optional_reading() -> None:
    s = _poor_favour("optional", steal=False)
    assert GAME.legal_actions(s) == (UseSite(0),)
    s = GAME.apply(s, UseSite(0))
    assert GAME.legal_actions(s) == (Decline(),)
    s = GAME.apply(s, Decline())
    board = {c for c, h in enumerate(s.characters) if h == D.BOARD}
    assert set(GAME.legal_actions(s)) == {TakeCharacter(c) for c in board} | {Decline()}
    s = GAME.apply(s, TakeCharacter(min(board)))
    assert s.characters[min(board)] == 0 and s.favour is None


def _market_favour(reading: str, workers: int) -> CaylusState:
    """Round 1: seat 0, with ``workers`` left in hand, gets a favour at the fairground; the
    site's 1st building is a starting market; nobody holds a character to steal."""
    s = bare(ready(3, variant={"favour_market": reading}))
    s = attrs.evolve(s, site=(D.MARKET, *s.site[1:]))
    s = player(s, 0, resources={"wood": 1}, workers=workers + 1)
    s = GAME.apply(activating(place(s, D.STONE_SPACE, 2), 0, 0, provost=22), Use(0))
    assert s.favour is not None and s.players[0].workers == workers
    return s


@pytest.mark.rules("caylus/favour-market", "caylus/building.market", "caylus/favour.choice")
def test_a_favours_market_costs_a_worker_by_default() -> None:
    s = _market_favour("pay", workers=0)
    assert GAME.legal_actions(s) == (Decline(),)  # the market is no choice: the favour lapses
    assert rule_of(s, UseSite(0)) == RB.FAVOUR_CHOICE
    s = GAME.apply(_market_favour("pay", workers=1), UseSite(0))
    assert set(GAME.legal_actions(s)) == {Use(0, r) for r in D.PLAIN}
    camp = s.players[0].camp
    s = GAME.apply(s, Use(0, D.FABRIC))
    assert s.players[0].resources[D.FABRIC] == 1
    assert (s.players[0].workers, s.players[0].camp) == (0, camp + 1)


@pytest.mark.rules("caylus/favour-market", "caylus/building.market", "caylus/favour.choice")
def test_a_favours_market_is_free_under_the_free_reading() -> None:
    s = _market_favour("free", workers=0)
    assert GAME.legal_actions(s) == (UseSite(0),)
    s = GAME.apply(s, UseSite(0))
    assert set(GAME.legal_actions(s)) == {Use(0, r) for r in D.PLAIN}
    camp = s.players[0].camp
    s = GAME.apply(s, Use(0, D.FABRIC))
    assert s.players[0].resources[D.FABRIC] == 1
    assert (s.players[0].workers, s.players[0].camp) == (0, camp)


@pytest.mark.rules("caylus/favour-market", "caylus/building.market")
def test_a_workers_market_costs_a_worker_under_either_reading() -> None:
    for reading in ("pay", "free"):
        s = bare(ready(3, variant={"favour_market": reading}))
        s = activating(player(s, 0, workers=1), 9, 0, provost=22)  # a starting market
        assert s.road[9] == D.MARKET and s.players[0].workers == 0
        assert GAME.legal_actions(s) == (Decline(),)


@pytest.mark.rules("caylus/favour.choice", "caylus/favour.gate", "caylus/favour.take",
                   "caylus/favour-effect")
@pytest.mark.parametrize("reading", ["required", "optional"])
def test_one_predicate_lists_and_refuses(reading: str) -> None:
    """The favour's choice rule allows exactly the legal set, and ``apply`` refuses every
    other choice naming the rule it returns: on seeded play, and on a favour built at each
    of its steps (a rival's character, none to steal, a site building without a usable
    effect, no character left on the board)."""
    seen: set[FavourStep] = set()
    for seed in range(6):
        config = GAME.config(3, {"favour_effect": reading})
        for step in playout(GAME, config, seed):
            if step.state.favour is not None:
                seen.add(step.state.favour.step)
                agrees(step.state, favour.choice_rule)
    assert seen
    s = GAME.apply(_fair(4), Use(0))
    if reading == "optional":
        s = attrs.evolve(s, config=GAME.config(3, {"favour_effect": reading}))
    agrees(s, favour.choice_rule)
    # nobody to steal from, and two stonemasons nobody can build with: a lapse (required)
    nothing = player(attrs.evolve(s, characters=(D.BOARD,) * len(s.characters)), 0,
                     resources=(0,) * len(D.RESOURCES), houses=0, workers=0)
    nothing = attrs.evolve(nothing, site=(D.STONEMASON, D.STONEMASON, D.FARM))
    assert (GAME.legal_actions(nothing) == (Decline(),)) is (reading == "required")
    agrees(nothing, favour.choice_rule)
    rich = player(nothing, 0, resources=(3,) * len(D.RESOURCES), houses=3)
    for effect in (rich, nothing if reading == "optional" else rich):
        agrees(GAME.apply(effect, UseSite(0)), favour.choice_rule)
    taken = GAME.apply(s, UseSite(0))
    agrees(taken, favour.choice_rule)
    taken = GAME.apply(taken, Use(0))
    assert taken.favour is not None and taken.favour.step is FavourStep.TAKE
    agrees(taken, favour.choice_rule)
