"""The rules a legal step shows (``GAME.effect_rules``, named in the conformance vectors)."""

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Build,
    Decline,
    Deliver,
    DrawTile,
    MoveProvost,
    Pass,
    PlaceOnSite,
    PlaceWorker,
    Use,
)
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core.play import playout
from tests.model.caylus.helpers import (
    GAME,
    activating,
    bare,
    built,
    holding,
    player,
    ready,
    run,
)


def shown(state: CaylusState, action: Action) -> tuple[str, ...]:
    return GAME.effect_rules(state, action, GAME.apply(state, action))


@pytest.mark.rules(RB.SETUP_PROVOST, RB.SETUP_WORKERS, RB.SETUP_RESOURCES, RB.SETUP_START,
                   RB.SETUP_WOOD, RB.SETUP_MASON)
def test_the_set_up_is_shown_by_its_steps() -> None:
    s = GAME.setup(GAME.config(3))
    first = shown(s, DrawTile(D.FARM))
    assert {RB.SETUP_PROVOST, RB.SETUP_WORKERS, RB.SETUP_RESOURCES, RB.SETUP_START} \
        <= set(first)
    s = run(s, *(DrawTile(k) for k in (D.FARM, D.FARM, D.SAWMILL, D.QUARRY, D.MARKET,
                                       D.MARKET, D.GUILD4, D.GUILD3, D.START_CARPENTER)))
    site = shown(s, DrawTile(D.STONEMASON))  # the site's wood building may be the mason
    assert RB.SETUP_WOOD in site and RB.SETUP_MASON not in site
    assert RB.SETUP_PROVOST not in site  # only the first step shows the set-up
    s = GAME.apply(s, DrawTile(D.STONEMASON))
    assert RB.SETUP_MASON in shown(s, DrawTile(D.WOOD_FARM))  # the road's draw leaves it out


@pytest.mark.rules(RB.PLAN_BUILDING, RB.PLAN_OWNER_PP, RB.THIEF_R, RB.STEWARD_R,
                   RB.PLAN_PASS, RB.PLAN_FIRST_TILE, RB.PLAN_EXTRA, RB.NIGHT_WORKER_R,
                   RB.PLAN_SITE, RB.PLAN_WORKERS)
def test_planning_names_the_owner_pp_only_where_an_owner_gains_it() -> None:
    s = built(bare(ready(3)), 14, D.MANOR, 1)
    mine = shown(attrs.evolve(s, turn=1), PlaceWorker(14))
    assert RB.PLAN_BUILDING in mine and RB.PLAN_OWNER_PP not in mine  # one's own building
    theirs = shown(s, PlaceWorker(14))
    assert RB.PLAN_OWNER_PP in theirs and RB.STEWARD_R not in theirs
    assert RB.STEWARD_R in shown(holding(s, steward=1), PlaceWorker(14))
    thief = shown(holding(s, thief=0), PlaceWorker(14))
    assert RB.THIEF_R in thief and RB.PLAN_OWNER_PP not in thief
    first = shown(s, Pass())
    assert {RB.PLAN_PASS, RB.PLAN_FIRST_TILE} <= set(first) and RB.PLAN_WORKERS not in first
    s = GAME.apply(s, Pass())
    second = shown(s, PlaceOnSite())
    assert {RB.PLAN_SITE, RB.PLAN_EXTRA} <= set(second)
    night = shown(holding(s, night_worker=1), PlaceOnSite())
    assert RB.NIGHT_WORKER_R in night and RB.PLAN_EXTRA not in night
    broke = shown(player(s, 1, workers=1), Pass())
    assert RB.PLAN_WORKERS in broke and RB.PLAN_FIRST_TILE not in broke


@pytest.mark.rules(RB.ACT_ORDER, RB.ACT_CHOICE, RB.ACT_CAMP, RB.CARPENTER_R, RB.BUILD_PP,
                   RB.ANY_ICON, RB.ARCHITECT_R, RB.ROAD_FULL, RB.HOUSE_LIMIT,
                   RB.COVERED_MARKET_R, RB.WORKER_LIMIT, RB.OWNER_BONUS, RB.STONE_PRODUCE)
def test_activation_names_the_effect_used() -> None:
    s = activating(bare(ready(3)), 2, 0)  # the printed carpenter
    s = player(s, 0, resources={"food": 1, "wood": 3, "stone": 1})
    farm = shown(s, Build(D.WOOD_QUARRY))
    assert {RB.ACT_ORDER, RB.ACT_CHOICE, RB.CARPENTER_R, RB.BUILD_PP} <= set(farm)
    assert RB.ANY_ICON not in farm and RB.ARCHITECT_R not in farm
    market = shown(holding(s, architect=0), Build(D.COVERED_MARKET, D.STONE))
    assert {RB.ANY_ICON, RB.ARCHITECT_R} <= set(market)
    declined = shown(s, Decline())
    assert RB.ACT_CHOICE not in declined and RB.ROAD_FULL not in declined
    full = attrs.evolve(s, road=tuple(D.FARM if k < 0 else k for k in s.road))
    assert RB.ROAD_FULL in shown(full, Decline())
    assert RB.HOUSE_LIMIT in shown(player(s, 0, houses=0), Decline())
    cm = activating(built(bare(ready(3)), 14, D.COVERED_MARKET, 1), 14, 0, provost=20)
    assert RB.COVERED_MARKET_R in shown(cm, Use(0))
    assert RB.WORKER_LIMIT not in shown(cm, Use(0))
    assert RB.WORKER_LIMIT in shown(player(cm, 0, workers=13, camp=1), Use(0))
    quarry = activating(built(bare(ready(3)), 21, D.STONE_QUARRY, 1), 21, 0, provost=22)
    assert {RB.STONE_PRODUCE, RB.OWNER_BONUS} <= set(shown(quarry, Use(0)))
    own = activating(built(bare(ready(3)), 21, D.STONE_QUARRY, 0), 21, 0, provost=22)
    assert RB.OWNER_BONUS not in shown(own, Use(0))


@pytest.mark.rules(RB.BUNDLE, RB.FOREMAN_R, RB.CHAMBERLAIN_R, RB.DELIVERY_ORDER)
def test_delivery_names_the_characters_that_change_it() -> None:
    s = player(bare(ready(3)), 0, resources={"food": 3, "wood": 3, "stone": 3})
    s = attrs.evolve(s, stage=Stage.DELIVERY, site_workers=(0, 1), delivery_order=(0, 1),
                     delivered=(0, 0, 0))
    plain = shown(s, Deliver((1, 1, 1, 0, 0)))
    assert RB.BUNDLE in plain and RB.FOREMAN_R not in plain and RB.CHAMBERLAIN_R not in plain
    assert RB.FOREMAN_R in shown(holding(s, foreman=0), Deliver((1, 1, 1, 0, 0)))
    assert RB.CHAMBERLAIN_R in shown(holding(s, chamberlain=0), Deliver((0, 3, 0, 0, 0)))
    assert RB.DELIVERY_ORDER in shown(s, Decline())


@pytest.mark.rules(RB.BRIDGE_R, RB.PLAN_END, RB.ACT_BEYOND)
def test_a_phase_ending_step_names_what_it_ends() -> None:
    s = run(built(bare(ready(2)), 14, D.WOOD_QUARRY, -1), PlaceWorker(14), Pass())
    ends = shown(s, Pass())  # planning ends; activation goes on at the bridge
    assert RB.PLAN_END in ends and RB.ACT_BEYOND not in ends
    s = run(s, Pass(), Decline())
    assert s.stage is Stage.BRIDGE
    assert RB.ACT_BEYOND in shown(s, Decline())  # the worker on 14 is past the provost
    t = run(bare(ready(2)), PlaceWorker(7), Pass(), Pass(), Decline(), Decline())
    assert t.stage is Stage.ACTIVATION
    assert RB.ACT_BEYOND not in shown(t, Use(0))
    bridge = attrs.evolve(t, stage=Stage.BRIDGE, bridge=(0, 1), cursor=D.BRIDGE_SPACE, slot=0)
    assert RB.BRIDGE_R in shown(bridge, MoveProvost(1))
    assert RB.BRIDGE_R not in shown(bridge, Decline())


@pytest.mark.rules(RB.ROUND_END, RB.RECRUIT_R, RB.PROVOST_RESET, RB.OVER, RB.GOLD_END,
                   RB.PRESTIGE_R)
def test_seeded_games_show_the_rounds_and_the_end() -> None:
    seen: set[str] = set()
    for seed in range(2):
        config = GAME.config(2 + seed)
        state = GAME.setup(config)
        for step in playout(GAME, config, seed, "eager"):
            named = GAME.effect_rules(state, step.action, step.state)
            assert len(set(named)) == len(named) and all(r in GAME.rules for r in named)
            assert (RB.ROUND_END in named) == (step.state.round != state.round)
            assert (RB.OVER in named) == (step.state.stage is Stage.OVER)
            if RB.PRESTIGE_R in named:
                assert step.state.road != state.road
            seen.update(named)
            state = step.state
    assert {RB.ROUND_END, RB.RECRUIT_R, RB.PROVOST_RESET, RB.OVER} <= seen
