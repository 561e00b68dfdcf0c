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


@pytest.mark.rules(RB.SETUP_PROVOST, RB.SETUP_WORKERS, RB.SETUP_RESOURCES, RB.SETUP_STARTING_TILES,
                   RB.SETUP_WOOD, RB.SETUP_NO_STONEMASON)
def test_the_set_up_is_shown_by_its_steps() -> None:
    s = GAME.setup(GAME.config(3))
    first = shown(s, DrawTile(D.FARM))
    assert {RB.SETUP_PROVOST, RB.SETUP_WORKERS, RB.SETUP_RESOURCES, RB.SETUP_STARTING_TILES} \
        <= set(first)
    s = run(s, *(DrawTile(k) for k in (D.FARM, D.FARM, D.SAWMILL, D.QUARRY, D.MARKET,
                                       D.MARKET, D.GUILD4, D.GUILD3, D.START_CARPENTER)))
    site = shown(s, DrawTile(D.STONEMASON))  # the site's wood building may be the mason
    assert RB.SETUP_WOOD in site and RB.SETUP_NO_STONEMASON not in site
    assert RB.SETUP_PROVOST not in site  # only the first step shows the set-up
    s = GAME.apply(s, DrawTile(D.STONEMASON))
    assert RB.SETUP_NO_STONEMASON in shown(
        s, DrawTile(D.WOOD_FARM)
    )  # the road's draw leaves it out


@pytest.mark.rules(
    RB.PLANNING_BUILDING,
    RB.PLANNING_OWNER_PP,
    RB.CHARACTER_THIEF,
    RB.CHARACTER_STEWARD,
    RB.PLANNING_PASS,
    RB.PLANNING_FIRST_PLAYER_TILE,
    RB.PLANNING_EXTRA_COST,
    RB.CHARACTER_NIGHT_WORKER,
    RB.PLANNING_SITE,
    RB.PLANNING_NO_WORKERS,
)
def test_planning_names_the_owner_pp_only_where_an_owner_gains_it() -> None:
    s = built(bare(ready(3)), 14, D.MANOR, 1)
    mine = shown(attrs.evolve(s, turn=1), PlaceWorker(14))
    assert RB.PLANNING_BUILDING in mine and RB.PLANNING_OWNER_PP not in mine  # one's own building
    theirs = shown(s, PlaceWorker(14))
    assert RB.PLANNING_OWNER_PP in theirs and RB.CHARACTER_STEWARD not in theirs
    assert RB.CHARACTER_STEWARD in shown(holding(s, steward=1), PlaceWorker(14))
    thief = shown(holding(s, thief=0), PlaceWorker(14))
    assert RB.CHARACTER_THIEF in thief and RB.PLANNING_OWNER_PP not in thief
    first = shown(s, Pass())
    assert {RB.PLANNING_PASS, RB.PLANNING_FIRST_PLAYER_TILE} <= set(
        first
    ) and RB.PLANNING_NO_WORKERS not in first
    s = GAME.apply(s, Pass())
    second = shown(s, PlaceOnSite())
    assert {RB.PLANNING_SITE, RB.PLANNING_EXTRA_COST} <= set(second)
    night = shown(holding(s, night_worker=1), PlaceOnSite())
    assert RB.CHARACTER_NIGHT_WORKER in night and RB.PLANNING_EXTRA_COST not in night
    broke = shown(player(s, 1, workers=1), Pass())
    assert RB.PLANNING_NO_WORKERS in broke and RB.PLANNING_FIRST_PLAYER_TILE not in broke


@pytest.mark.rules(
    RB.ACTIVATION_ORDER,
    RB.ACTIVATION_CHOICE,
    RB.ACTIVATION_TO_CAMP,
    RB.BUILDING_CARPENTER,
    RB.BUILDING_BUILD_PP,
    RB.BUILDING_ANY_ICON,
    RB.CHARACTER_ARCHITECT,
    RB.BUILDING_ROAD_FULL,
    RB.COMPONENTS_HOUSE_LIMIT,
    RB.BUILDING_COVERED_MARKET,
    RB.COMPONENTS_WORKER_LIMIT,
    RB.BUILDING_OWNER_BONUS,
    RB.BUILDING_STONE_PRODUCE,
)
def test_activation_names_the_effect_used() -> None:
    s = activating(bare(ready(3)), 2, 0)  # the printed carpenter
    s = player(s, 0, resources={"food": 1, "wood": 3, "stone": 1})
    farm = shown(s, Build(D.WOOD_QUARRY))
    assert {
        RB.ACTIVATION_ORDER,
        RB.ACTIVATION_CHOICE,
        RB.BUILDING_CARPENTER,
        RB.BUILDING_BUILD_PP,
    } <= set(farm)
    assert RB.BUILDING_ANY_ICON not in farm and RB.CHARACTER_ARCHITECT not in farm
    market = shown(holding(s, architect=0), Build(D.COVERED_MARKET, D.STONE))
    assert {RB.BUILDING_ANY_ICON, RB.CHARACTER_ARCHITECT} <= set(market)
    declined = shown(s, Decline())
    assert RB.ACTIVATION_CHOICE not in declined and RB.BUILDING_ROAD_FULL not in declined
    full = attrs.evolve(s, road=tuple(D.FARM if k < 0 else k for k in s.road))
    assert RB.BUILDING_ROAD_FULL in shown(full, Decline())
    assert RB.COMPONENTS_HOUSE_LIMIT in shown(player(s, 0, houses=0), Decline())
    cm = activating(built(bare(ready(3)), 14, D.COVERED_MARKET, 1), 14, 0, provost=20)
    assert RB.BUILDING_COVERED_MARKET in shown(cm, Use(0))
    assert RB.COMPONENTS_WORKER_LIMIT not in shown(cm, Use(0))
    assert RB.COMPONENTS_WORKER_LIMIT in shown(player(cm, 0, workers=13, camp=1), Use(0))
    quarry = activating(built(bare(ready(3)), 21, D.STONE_QUARRY, 1), 21, 0, provost=22)
    assert {RB.BUILDING_STONE_PRODUCE, RB.BUILDING_OWNER_BONUS} <= set(shown(quarry, Use(0)))
    own = activating(built(bare(ready(3)), 21, D.STONE_QUARRY, 0), 21, 0, provost=22)
    assert RB.BUILDING_OWNER_BONUS not in shown(own, Use(0))


@pytest.mark.rules(
    RB.DELIVERY_BUNDLE, RB.CHARACTER_FOREMAN, RB.CHARACTER_CHAMBERLAIN, RB.DELIVERY_ORDER
)
def test_delivery_names_the_characters_that_change_it() -> None:
    s = player(bare(ready(3)), 0, resources={"food": 3, "wood": 3, "stone": 3})
    s = attrs.evolve(s, stage=Stage.DELIVERY, site_workers=(0, 1), delivery_order=(0, 1),
                     delivered=(0, 0, 0))
    plain = shown(s, Deliver((1, 1, 1, 0, 0)))
    assert (
        RB.DELIVERY_BUNDLE in plain
        and RB.CHARACTER_FOREMAN not in plain
        and RB.CHARACTER_CHAMBERLAIN not in plain
    )
    assert RB.CHARACTER_FOREMAN in shown(holding(s, foreman=0), Deliver((1, 1, 1, 0, 0)))
    assert RB.CHARACTER_CHAMBERLAIN in shown(holding(s, chamberlain=0), Deliver((0, 3, 0, 0, 0)))
    assert RB.DELIVERY_ORDER in shown(s, Decline())


@pytest.mark.rules(RB.BUILDING_BRIDGE, RB.PLANNING_END, RB.ACTIVATION_BEYOND_PROVOST)
def test_a_phase_ending_step_names_what_it_ends() -> None:
    s = run(built(bare(ready(2)), 14, D.WOOD_QUARRY, -1), PlaceWorker(14), Pass())
    ends = shown(s, Pass())  # planning ends; activation goes on at the bridge
    assert RB.PLANNING_END in ends and RB.ACTIVATION_BEYOND_PROVOST not in ends
    s = run(s, Pass(), Decline())
    assert s.stage is Stage.BRIDGE
    assert RB.ACTIVATION_BEYOND_PROVOST in shown(
        s, Decline()
    )  # the worker on 14 is past the provost
    t = run(bare(ready(2)), PlaceWorker(7), Pass(), Pass(), Decline(), Decline())
    assert t.stage is Stage.ACTIVATION
    assert RB.ACTIVATION_BEYOND_PROVOST not in shown(t, Use(0))
    bridge = attrs.evolve(t, stage=Stage.BRIDGE, bridge=(0, 1), cursor=D.BRIDGE_SPACE, slot=0)
    assert RB.BUILDING_BRIDGE in shown(bridge, MoveProvost(1))
    assert RB.BUILDING_BRIDGE not in shown(bridge, Decline())


@pytest.mark.rules(
    RB.STEWARDSHIP_ROUND,
    RB.STEWARDSHIP_RECRUITMENT,
    RB.STEWARDSHIP_PROVOST,
    RB.END_OVER,
    RB.END_GOLD,
    RB.STEWARDSHIP_PRESTIGE,
)
def test_seeded_games_show_the_rounds_and_the_end() -> None:
    seen: set[str] = set()
    for seed in range(2):
        config = GAME.config(2 + seed)
        state = GAME.setup(config)
        for step in playout(GAME, config, seed, "eager"):
            named = GAME.effect_rules(state, step.action, step.state)
            assert len(set(named)) == len(named) and all(r in GAME.rules for r in named)
            assert (RB.STEWARDSHIP_ROUND in named) == (step.state.round != state.round)
            assert (RB.END_OVER in named) == (step.state.stage is Stage.OVER)
            if RB.STEWARDSHIP_PRESTIGE in named:
                assert step.state.road != state.road
            seen.update(named)
            state = step.state
    assert {
        RB.STEWARDSHIP_ROUND,
        RB.STEWARDSHIP_RECRUITMENT,
        RB.STEWARDSHIP_PROVOST,
        RB.END_OVER,
    } <= seen


def _grown(before: CaylusState, after: CaylusState) -> bool:
    """Whether a resource's total in play grew past its tokens (each total summed anew)."""
    def total(s: CaylusState, r: int) -> int:
        return sum(pl.resources[r] for pl in s.players)
    return any(total(after, r) > D.RESOURCE_TOKENS[r] and total(after, r) > total(before, r)
               for r in range(D.N_RESOURCES))


@pytest.mark.rules("caylus/components.unlimited")
def test_the_unlimited_supply_is_named_where_a_total_first_passes_the_tokens() -> None:
    """Every step of seeded 4-player games, and steps past the tokens: components.unlimited
    is named exactly where a total grew past them (a player copied with his very
    resources moved none)."""
    from rules_oracle.model.caylus.shown import _supply

    for seed in (0, 1):
        before = GAME.setup(GAME.config(4))
        for step in playout(GAME, GAME.config(4), seed):
            assert bool(_supply(before, step.state)) == _grown(before, step.state)
            before = step.state
    rich = player(ready(4), 1, resources={"gold": 40})
    richer = player(rich, 2, resources={"gold": 1})
    assert _grown(rich, richer) and _supply(rich, richer) == [RB.COMPONENTS_UNLIMITED]
    # a player copied with the same resources (a worker sent out) grows no total
    moved = attrs.evolve(richer, players=(*richer.players[:2], attrs.evolve(
        richer.players[2], workers=richer.players[2].workers - 1), *richer.players[3:]))
    assert not _grown(richer, moved) and _supply(richer, moved) == []
    assert _supply(moved, richer) == []  # a worker back: no total grew
