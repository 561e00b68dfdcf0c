"""Activation: the order up to the provost, the bridge's provost moves in pass order (the
text's example), the toll, the bailiff, every building's effect, the owner's bonus, the
carpenter and stonemason (the quarry example), the lawyer."""

import attrs
import pytest

from rules_oracle.model.caylus import activation, building
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Build,
    Claim,
    Decline,
    MoveProvost,
    Pass,
    PlaceWorker,
    Use,
)
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core.cite import IMPLEMENTED
from rules_oracle.model.core.play import playout
from tests.model.caylus.helpers import (
    activating,
    agrees,
    bare,
    built,
    holding,
    place,
    player,
    ready,
    rule_of,
    run,
)

RICH = {"food": 3, "wood": 3, "stone": 3, "fabric": 3, "gold": 3}


def _at(kind: int, side: int, owner: int = -1, space: int = 14) -> CaylusState:
    """Seat 0's worker on ``kind`` at ``space``; seat 2's worker waits on space 20."""
    s = bare(ready(3))
    s = attrs.evolve(s, road=put(s.road, space, kind), side=put(s.side, space, side),
                     owner=put(s.owner, space, owner))
    s = player(s, 0, resources=RICH, workers=6)
    s = place(s, D.STONE_SPACE, 2)
    return activating(s, space, 0, provost=22)


@pytest.mark.rules("caylus/activation.order", "caylus/building.bridge",
                   "caylus/activation.beyond-provost", "caylus/activation.to-camp",
                   "caylus/building.provost-bounds")
def test_the_texts_bridge_example() -> None:
    """Blue spends nothing; Black pays 2 for 2 back; Red 2 for 2 forward; Green 1 for 1 back:
    Green's worker activates, Red's does not."""
    blue, black, green, red = range(4)
    s = bare(ready(4))
    s = place(place(s, 11, green), 12, red)
    s = attrs.evolve(s, bridge=(blue, black, red, green))
    s = activation.begin(s)
    assert s.stage is Stage.BRIDGE and GAME.actor(s) == blue
    assert set(GAME.legal_actions(s)) == {MoveProvost(-1), MoveProvost(1), Decline()}
    s = GAME.apply(s, Decline())
    black_workers = s.players[black].workers
    s = run(s, MoveProvost(-1), MoveProvost(-1))
    assert s.provost_steps == -2 and GAME.actor(s) == black
    s = GAME.apply(s, Decline())
    assert s.provost == 10 and s.players[black].workers == black_workers - 2
    s = run(s, MoveProvost(1), MoveProvost(1), Decline(), MoveProvost(-1), Decline())
    assert s.provost == 11 and s.stage is Stage.ACTIVATION and GAME.actor(s) == green
    s = GAME.apply(s, Decline())  # the guild at 11; Red's worker past the provost: unused
    assert s.first_worker == (-1,) * D.ROAD_SPACES
    assert s.players[red].workers + s.players[red].camp == D.WORKERS


@pytest.mark.rules("caylus/building.bridge", "caylus/building.provost-bounds",
                   "caylus/character.bailiff")
def test_bridge_steps_bought_one_at_a_time_bounds_and_the_bailiff() -> None:
    s = holding(bare(ready(2)), bailiff=1)
    s = player(place(s, 5, 1), 0, workers=2)
    s = attrs.evolve(s, bridge=(0, 1), provost=5)
    s = activation.begin(s)
    assert rule_of(s, MoveProvost(2)) == RB.BUILDING_BRIDGE  # one step a choice
    s = GAME.apply(s, MoveProvost(-1))
    assert s.provost == 4 and s.players[0].workers == 1
    assert rule_of(s, MoveProvost(-1)) == RB.BUILDING_PROVOST_BOUNDS  # not behind the bridge
    assert rule_of(s, MoveProvost(1)) == RB.BUILDING_BRIDGE  # one direction
    s = GAME.apply(s, Decline())
    assert GAME.actor(s) == 1 and s.provost_steps == 0
    s = run(s, MoveProvost(1), MoveProvost(1), MoveProvost(1))
    assert s.provost == 7 and s.stage is Stage.BAILIFF  # the third step ends his move
    assert GAME.actor(s) == 1
    assert set(GAME.legal_actions(s)) == {MoveProvost(1), MoveProvost(-1), Decline()}
    assert rule_of(s, MoveProvost(2)) == RB.CHARACTER_BAILIFF
    workers = s.players[1].workers
    s = GAME.apply(s, MoveProvost(-1))
    assert s.provost == 6 and s.players[1].workers == workers  # free
    assert s.stage is Stage.ACTIVATION and s.cursor == 5
    poor = attrs.evolve(player(s, 0, workers=0), stage=Stage.BRIDGE, slot=0)
    assert GAME.legal_actions(poor) == (Decline(),)
    assert rule_of(poor, MoveProvost(1)) == RB.BUILDING_BRIDGE
    top = attrs.evolve(s, provost=D.PROVOST_MAX, stage=Stage.BRIDGE, slot=1)
    assert set(GAME.legal_actions(top)) == {MoveProvost(-1), Decline()}


@pytest.mark.rules("caylus/building.toll")
def test_toll_moves_the_provost_up_to_two_steps_free() -> None:
    s = _at(D.TOLL, 0, space=3)
    s = attrs.evolve(s, provost=13)
    assert set(GAME.legal_actions(s)) == {MoveProvost(k) for k in (-2, -1, 1, 2)} | {
        Decline()}
    w = s.players[0].workers
    s = GAME.apply(s, MoveProvost(2))
    assert s.provost == 15 and s.players[0].workers == w


EFFECTS = [
    # kind, side, action, resource change, hand-worker change, PP change, rule
    (D.FARM, 0, Use(0), {"food": 1}, 0, 0, RB.BUILDING_PRODUCE),
    (D.SAWMILL, 0, Use(0), {"wood": 1}, 0, 0, RB.BUILDING_PRODUCE),
    (D.QUARRY, 0, Use(0), {"stone": 1}, 0, 0, RB.BUILDING_PRODUCE),
    (D.MARKET, 0, Use(0, D.FABRIC), {"fabric": 1}, -1, 0, RB.BUILDING_MARKET),
    (D.GUILD4, 0, Use(0), {"stone": -1}, 4, 0, RB.BUILDING_GUILD_4),
    (D.GUILD3, 0, Use(0, D.FOOD), {"food": -1}, 3, 0, RB.BUILDING_GUILD_3),
    (D.WOOD_FARM, 1, Use(0), {"food": 2}, 0, 0, RB.BUILDING_WOOD_PRODUCE),
    (D.WOOD_QUARRY, 0, Use(0), {"stone": 1}, 0, 1, RB.BUILDING_WOOD_PRODUCE),
    (D.SPINNING_MILL, 1, Use(0), {"fabric": 2}, 0, 0, RB.BUILDING_WOOD_PRODUCE),
    (D.WOOD_MARKET, 1, Use(0, D.STONE), {"stone": 1}, 0, 0, RB.BUILDING_WOOD_MARKET),
    (D.COVERED_MARKET, 1, Use(0), {}, 3, 0, RB.BUILDING_COVERED_MARKET),
    (D.COVERED_MARKET, 0, Use(0), {}, 2, 1, RB.BUILDING_COVERED_MARKET),
    (D.MANOR, 0, Use(0), {}, 0, 2, RB.BUILDING_MANOR),
    (D.TAILOR, 1, Use(0), {"fabric": -1}, 0, 4, RB.BUILDING_TAILOR),
    (D.TAILOR, 0, Use(1), {"fabric": -2}, 0, 6, RB.BUILDING_TAILOR),
    (D.STONE_SAWMILL, 1, Use(0), {"wood": 2, "fabric": 1}, 0, 0, RB.BUILDING_STONE_PRODUCE),
    (D.STONE_FARM, 0, Use(0), {"food": 1, "fabric": 1}, 0, 0, RB.BUILDING_STONE_PRODUCE),
    (D.GOLD_MINE, 1, Use(0), {"gold": 1}, 0, 0, RB.BUILDING_GOLD_MINE),
    (D.FOUNDRY, 1, Use(0), {"gold": 1}, -1, 0, RB.BUILDING_FOUNDRY),
    (D.FOUNDRY, 1, Use(1), {"gold": 2}, -3, 0, RB.BUILDING_FOUNDRY),
    (D.ALCHEMIST, 1, Use(0, D.WOOD), {"wood": -1, "gold": 1}, 0, 0, RB.BUILDING_ALCHEMIST),
    (D.ALCHEMIST, 1, Use(1, D.FOOD, D.FOOD), {"food": -2, "gold": 2}, 0, 0, RB.BUILDING_ALCHEMIST),
    (D.STONE_GUILD, 1, Use(0, D.FABRIC), {"fabric": -1}, 5, 0, RB.BUILDING_STONE_GUILD),
    (D.CHURCH, 1, Use(0), {}, -2, 4, RB.BUILDING_CHURCH),
    (D.CHURCH, 1, Use(1), {}, -4, 6, RB.BUILDING_CHURCH),
    (D.JEWELLER, 1, Use(0), {"gold": -1}, 0, 5, RB.BUILDING_JEWELLER),
    (D.JEWELLER, 0, Use(1), {"gold": -2}, 0, 9, RB.BUILDING_JEWELLER),
]


@pytest.mark.rules("caylus/building.produce", "caylus/building.market", "caylus/guild-cost",
                   "caylus/building.guild-4", "caylus/building.guild-3",
                   "caylus/building.wood-produce", "caylus/building.wood-market",
                   "caylus/building.covered-market", "caylus/building.manor",
                   "caylus/building.tailor", "caylus/building.stone-produce",
                   "caylus/stone-production", "caylus/building.gold-mine",
                   "caylus/building.foundry", "caylus/building.alchemist",
                   "caylus/building.stone-guild", "caylus/building.church",
                   "caylus/building.jeweller", "caylus/stone-setup-sides",
                   "caylus/activation.choice", "caylus/components.worker-limit")
@pytest.mark.parametrize(("kind", "side", "action", "res", "workers", "pp", "rule"), EFFECTS)
def test_building_effects(kind: int, side: int, action: Action, res: dict[str, int],
                          workers: int, pp: int, rule: str) -> None:
    s = _at(kind, side)
    assert action in GAME.legal_actions(s) and Decline() in GAME.legal_actions(s)
    before = s.players[0]
    after = GAME.apply(s, action)
    pl = after.players[0]
    expected = tuple(before.resources[i] + res.get(r, 0) for i, r in enumerate(D.RESOURCES))
    assert pl.resources == expected
    assert pl.workers == before.workers + workers
    assert pl.camp == before.camp + 1 - workers  # the worker itself goes to the camp
    assert pl.prestige == before.prestige + pp
    assert after.stage is Stage.ACTIVATION and after.cursor == D.STONE_SPACE
    declined = GAME.apply(s, Decline())
    assert declined.players[0].resources == before.resources
    assert rule_of(s, Use(1, D.GOLD, D.GOLD)) == rule
    poor = player(s, 0, resources=(0, 0, 0, 0, 0), workers=0)
    if (res and min(res.values()) < 0) or workers < 0:
        assert action not in GAME.legal_actions(poor)


@pytest.mark.rules("caylus/components.worker-limit")
def test_workers_come_only_from_the_camp() -> None:
    s = player(_at(D.STONE_GUILD, 1), 0, workers=12, camp=2)
    after = GAME.apply(s, Use(0, D.FOOD))
    assert after.players[0].workers == 14 and after.players[0].camp == 1  # its own worker


@pytest.mark.rules("caylus/building.owner-bonus", "caylus/building.stone-produce")
def test_owner_bonus_once_and_not_with_his_own_worker() -> None:
    s = _at(D.STONE_QUARRY, 1, owner=1)
    assert GAME.apply(s, Use(0)).players[1].resources[D.STONE] == s.players[1].resources[
        D.STONE] + 1
    assert GAME.apply(s, Decline()).players[1].resources[D.STONE] == s.players[1].resources[
        D.STONE] + 1  # the building activated: the bonus stands
    two = attrs.evolve(s, second_worker=put(s.second_worker, 14, 2), journeyman_used=True)
    two = player(two, 2, workers=two.players[2].workers - 1)
    after = run(two, Use(0), Use(0))
    assert after.players[1].resources[D.STONE] == s.players[1].resources[D.STONE] + 1
    mine = attrs.evolve(two, second_worker=put(two.second_worker, 14, 1))
    mine = player(mine, 1, workers=mine.players[1].workers - 1)
    mine = player(mine, 2, workers=mine.players[2].workers + 1)
    stone = mine.players[1].resources[D.STONE]
    assert GAME.apply(mine, Use(0)).players[1].resources[D.STONE] == stone
    own = _at(D.STONE_QUARRY, 1, owner=0)
    assert GAME.apply(own, Use(0)).players[0].resources[D.STONE] == 3 + 2


@pytest.mark.rules("caylus/building.stone-produce", "caylus/building.owner-bonus",
                   "caylus/planning.owner-pp", "caylus/stone-production")
def test_the_texts_farm_example() -> None:
    """Red's worker on Blue's farm: Blue takes 1 PP at once; activated, Red takes 2 food and
    1 fabric and Blue 1 food; Blue on his own farm would take only 2 food and 1 fabric."""
    red, blue = 0, 1

    def game(worker: int) -> CaylusState:
        s = built(bare(ready(2)), 14, D.STONE_FARM, blue)
        s = attrs.evolve(player(player(s, red, resources={}), blue, resources={}), provost=20)
        if worker == red:
            return run(s, PlaceWorker(14), Pass(), Pass())
        return run(s, Pass(), PlaceWorker(14), Pass())

    s = game(red)
    assert s.players[blue].prestige == 1
    while s.stage is not Stage.ACTIVATION:
        s = GAME.apply(s, Decline())  # nobody moves the provost at the bridge
    s = GAME.apply(s, Use(0))
    assert s.players[red].resources == (2, 0, 0, 1, 0)
    assert s.players[blue].resources == (1, 0, 0, 0, 0) and s.players[blue].prestige == 1
    own = game(blue)
    while own.stage is not Stage.ACTIVATION:
        own = GAME.apply(own, Decline())
    own = GAME.apply(own, Use(0))
    assert own.players[blue].resources == (2, 0, 0, 1, 0) and own.players[blue].prestige == 0


@pytest.mark.rules("caylus/building.carpenter", "caylus/building.build-pp", "caylus/costs",
                   "caylus/building.road-full", "caylus/components.house-limit",
                   "caylus/building.any-icon", "caylus/character.architect")
def test_the_quarry_example_and_building() -> None:
    """Red on the carpenter builds a quarry: 1 + 1, first free space, his house, 2 PP."""
    s = _at(D.CARPENTER, 0, space=2)
    s = player(s, 0, resources={"food": 1, "wood": 1})
    assert D.COST[D.WOOD_QUARRY] == ((1, 1, 0, 0, 0), 0) and D.PRESTIGE_POINTS[
        D.WOOD_QUARRY] == 2
    assert set(GAME.legal_actions(s)) == {Build(k) for k in (
        D.WOOD_QUARRY, D.WOOD_MARKET)} | {Build(k, D.FOOD) for k in (
            D.COVERED_MARKET, D.TAILOR, D.STONEMASON)} | {Decline()}
    after = GAME.apply(s, Build(D.WOOD_QUARRY))
    pl = after.players[0]
    assert pl.resources == (0, 0, 0, 0, 0) and pl.prestige == 2 and pl.houses == 8
    assert (after.road[14], after.side[14], after.owner[14]) == (D.WOOD_QUARRY, 1, 0)
    assert after.wood_supply[D.WOOD_QUARRY - D.WOOD_FARM] == 0
    rich = player(s, 0, resources=RICH)
    assert Build(D.TAILOR, D.FABRIC) in GAME.legal_actions(rich)
    assert Build(D.TAILOR, D.GOLD) not in GAME.legal_actions(rich)
    tailor = GAME.apply(holding(rich, architect=0), Build(D.TAILOR, D.FABRIC))
    assert tailor.players[0].resources == (3, 2, 3, 2, 3)
    assert tailor.players[0].prestige == 4 + 1
    assert rule_of(player(s, 0, houses=0), Build(D.WOOD_QUARRY)) == RB.BUILDING_CARPENTER
    assert GAME.legal_actions(player(s, 0, houses=0)) == (Decline(),)
    full = attrs.evolve(s, road=tuple(k if k >= 0 else D.WOOD_FARM for k in s.road))
    assert GAME.legal_actions(full) == (Decline(),)


@pytest.mark.rules("caylus/building.stonemason", "caylus/costs")
def test_stonemason_both_sides() -> None:
    s = player(_at(D.STONEMASON, 1), 0, resources={"wood": 1, "food": 1})
    assert GAME.legal_actions(s) == (Decline(),)  # a stone building needs stone
    setup_side = player(_at(D.STONEMASON, 0), 0, resources={"wood": 1, "food": 1})
    builds = {a for a in GAME.legal_actions(setup_side) if isinstance(a, Build)}
    assert Build(D.GOLD_MINE) in builds and Build(D.FOUNDRY) in builds
    after = GAME.apply(setup_side, Build(D.GOLD_MINE))
    assert after.players[0].resources == (0, 1, 0, 0, 0) and after.players[0].prestige == 4
    assert after.road[15] == D.GOLD_MINE  # the stonemason stands on 14
    full = player(_at(D.STONEMASON, 1), 0, resources=RICH)
    church = GAME.apply(full, Build(D.CHURCH))
    assert church.players[0].resources == (3, 3, 2, 2, 3)


@pytest.mark.rules("caylus/building.lawyer", "caylus/lawyer-cost")
def test_lawyer_claims_a_starting_tile() -> None:
    s = _at(D.LAWYER, 0, space=1)
    claims = {a.space for a in GAME.legal_actions(s) if isinstance(a, Claim)}
    assert claims == set(D.START_SPACES)
    after = GAME.apply(s, Claim(7))
    assert after.owner[7] == 0 and after.players[0].houses == 8
    assert after.players[0].resources[D.FABRIC] == 2
    assert after.side[7] == 0  # a residence only at stewardship
    claimed = attrs.evolve(s, owner=put(s.owner, 7, 1))
    assert Claim(7) not in GAME.legal_actions(claimed)
    poor = player(s, 0, resources={"food": 1})
    assert GAME.legal_actions(poor) == (Decline(),)
    assert rule_of(poor, Claim(7)) == RB.BUILDING_LAWYER


@pytest.mark.rules("caylus/resource-supply", "caylus/components.unlimited",
                   "caylus/building.owner-bonus")
@pytest.mark.parametrize(("reading", "gained"), [("unlimited", 3), ("limited", 1)])
def test_a_limited_supply_cuts_gains(reading: str, gained: int) -> None:
    s = bare(ready(3, variant={"supply": reading}))
    s = attrs.evolve(s, road=put(s.road, 14, D.STONE_QUARRY), side=put(s.side, 14, 1),
                     owner=put(s.owner, 14, 1))
    s = player(s, 1, resources={"stone": 12, "fabric": 14})
    s = player(s, 2, resources={"stone": 7})
    s = player(s, 0, resources={"stone": 0})
    s = activating(place(s, D.STONE_SPACE, 2), 14, 0, provost=22)
    after = GAME.apply(s, Use(0))
    assert after.players[0].resources[D.STONE] == min(2, gained)
    assert after.players[0].resources[D.FABRIC] == 1
    bonus = 0 if reading == "limited" else 1  # the supply is out when the owner's turn comes
    assert after.players[1].resources[D.STONE] == 12 + bonus
    from rules_oracle.model.caylus.stewardship import begin

    granary = player(built(bare(ready(2, variant={"supply": reading})), 5, D.GRANARY, 0,
                           side=0), 1, resources={"food": 20})
    assert begin(granary).players[0].resources[D.FOOD] == (2 if reading == "unlimited" else 1)


@pytest.mark.rules("caylus/activation.choice", "caylus/building.bridge",
                   "caylus/building.provost-bounds", "caylus/character.bailiff")
def test_one_predicate_lists_and_refuses() -> None:
    """Activation's choice rule allows exactly the legal set, and ``apply`` refuses every
    other choice naming the rule it returns: on seeded play, and at the provost's bounds."""
    seen: set[Stage] = set()
    for seed in (0, 1, 2):
        for step in playout(GAME, GAME.config(3), seed):
            s = step.state
            if s.stage in (Stage.ACTIVATION, Stage.BRIDGE, Stage.BAILIFF) and s.favour is None:
                seen.add(s.stage)
                agrees(s, activation.choice_rule)
    assert seen >= {Stage.ACTIVATION, Stage.BRIDGE}
    # the bridge and the bailiff at either end of the provost's track, and without workers
    s = holding(bare(ready(2)), bailiff=1)
    s = activation.begin(attrs.evolve(place(s, 5, 1), bridge=(0, 1), provost=5))
    for provost in (D.PROVOST_MIN, D.PROVOST_MAX):
        for stage in (Stage.BRIDGE, Stage.BAILIFF):
            agrees(attrs.evolve(s, provost=provost, stage=stage, slot=1 if
                                stage is Stage.BRIDGE else 2), activation.choice_rule)
    agrees(player(s, 0, workers=0), activation.choice_rule)
    agrees(attrs.evolve(s, provost_steps=-1), activation.choice_rule)


@pytest.mark.rules("caylus/building.produce", "caylus/building.wood-produce",
                   "caylus/building.stone-produce", "caylus/building.covered-market",
                   "caylus/building.manor", "caylus/building.gold-mine",
                   "caylus/building.fairground", "caylus/building.lawyer",
                   "caylus/building.carpenter", "caylus/building.stonemason",
                   "caylus/building.any-icon", "caylus/building.toll",
                   "caylus/building.market", "caylus/building.wood-market",
                   "caylus/building.guild-4", "caylus/building.guild-3",
                   "caylus/building.stone-guild", "caylus/building.tailor",
                   "caylus/building.foundry", "caylus/building.church",
                   "caylus/building.jeweller", "caylus/building.alchemist",
                   "caylus/activation.choice")
def test_each_buildings_effect_is_its_chapter_function() -> None:
    """Every building's effect is a function marked as the code of the building's rule,
    and its predicate lists and refuses as one: on either side, for a rich and a poor
    player, every choice ``apply`` accepts is legal and every other names the building's
    rule."""
    for kind, effect in building.EFFECTS.items():
        assert effect.rule == building.rule_of(kind)
        assert f"{building.__name__}.{effect.apply.__qualname__}" in IMPLEMENTED[effect.rule]
        for side in (0, 1):
            rich = _at(kind, side)
            poor = player(rich, 0, resources={}, workers=0, houses=0)
            for s in (rich, poor, attrs.evolve(rich, provost=D.PROVOST_MAX)):
                agrees(s, activation.choice_rule)
                legal = [a for a in GAME.legal_actions(s) if not isinstance(a, Decline)]
                for a in (*legal, *effect.candidates):
                    why = building.effect_rule(s, 0, kind, side, a)
                    assert why == (None if a in legal else effect.rule), (kind, side, a)
    assert building.rule_of(D.BRIDGE) == RB.ACTIVATION_CHOICE


@pytest.mark.rules("caylus/provost-direction", "caylus/building.bridge",
                   "caylus/building.toll")
def test_a_provost_move_goes_one_way() -> None:
    # the bridge: once a step forward is bought, only forward steps are sold, and back
    # once a step back is; the toll offers 1 or 2 steps either way, never a mixed move
    s = player(bare(ready(2)), 0, workers=5)
    s = activation.begin(attrs.evolve(s, bridge=(0, 1), provost=10))
    s = GAME.apply(s, MoveProvost(1))
    assert set(GAME.legal_actions(s)) == {MoveProvost(1), Decline()}
    assert rule_of(s, MoveProvost(-1)) == RB.BUILDING_BRIDGE
    s = run(s, Decline(), MoveProvost(-1))
    assert s.provost == 10 and GAME.actor(s) == 1
    assert rule_of(s, MoveProvost(1)) == RB.BUILDING_BRIDGE
    t = _at(D.TOLL, 0)
    assert set(GAME.legal_actions(t)) == {MoveProvost(k) for k in (-2, -1, 1, 2)} | {Decline()}
