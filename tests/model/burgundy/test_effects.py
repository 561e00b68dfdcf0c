"""Tile effects on placement, completed areas and colour bonuses."""

import attrs
import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    BuyTile,
    CityHallPlace,
    Decline,
    EffectTake,
    EndTurn,
    PlaceTile,
    SellGoods,
    ShipDepot,
    ShipGoods,
    TakeTile,
    TakeWorkers,
    UseWorker,
    WarehouseSell,
)
from rules_oracle.model.burgundy.game import GAME, turn_order
from rules_oracle.model.burgundy.state import Pending
from tests.model.burgundy.helpers import actor, edit, first_turn, goods, me, with_depot
from tests.model.burgundy.test_turn import rejects


def depot_goods(state: object, **per_depot: tuple[int, ...]) -> object:
    dg = [(0,) * 6] * 6
    for key, g in per_depot.items():
        dg[int(key[1:]) - 1] = g
    return attrs.evolve(state, depot_goods=tuple(dg))  # type: ignore[misc]


@pytest.mark.rules("burgundy/ship.take-goods", "burgundy/ship.turn-order")
def test_ship_takes_all_goods_of_one_depot_and_moves_on_the_track() -> None:
    s = edit(first_turn(2), dice=(2, 2), storage=("ship",), goods=goods(k1=1))
    s = depot_goods(s, d4=goods(k1=2, k5=1))
    space = me(s).track_space
    s = GAME.apply(s, PlaceTile(0, "ship", 17))
    assert s.pending == (Pending("ship"),)
    assert me(s).track_space == space + 1
    assert [a for a in GAME.legal_actions(s)] == [ShipDepot(d) for d in range(1, 7)]
    s = GAME.apply(s, ShipDepot(4))
    assert me(s).goods == goods(k1=3, k5=1) and s.depot_goods[3] == (0,) * 6
    assert not s.pending


@pytest.mark.rules("burgundy/ship.take-goods", "burgundy/ship.goods-three-kinds")
def test_ship_three_kinds_limit_leaves_goods_the_player_chooses() -> None:
    # the text's example: she holds blue and two other kinds; the depot has blue, brown, pink
    s = edit(first_turn(2), dice=(2, 2), storage=("ship",), goods=goods(k1=1, k2=1))
    s = depot_goods(s, d3=goods(k1=1, k5=1, k3=1))
    s = GAME.apply(GAME.apply(s, PlaceTile(0, "ship", 17)), ShipDepot(3))
    assert me(s).goods == goods(k1=2, k2=1)
    assert GAME.legal_actions(s) == (ShipGoods(3), ShipGoods(5))
    rejects(s, ShipGoods(2), RB.SHIP_GOODS_THREE_KINDS)
    s = GAME.apply(s, ShipGoods(5))
    assert me(s).goods == goods(k1=2, k2=1, k5=1)
    assert s.depot_goods[2] == goods(k3=1) and not s.pending


@pytest.mark.rules(
    "burgundy/ship.turn-order", "burgundy/ship.white-die", "burgundy/round.turn-order",
)
def test_ship_stacks_on_top_and_changes_order_next_round() -> None:
    s = first_turn(3)
    order = s.order
    # the last player moves right: on top of nobody, first from the next round
    last = order[-1]
    pl = s.players[last]
    moved = attrs.evolve(pl, track_space=1, track_height=0)
    pls = tuple(moved if i == last else p for i, p in enumerate(s.players))
    assert turn_order(pls)[0] == last
    assert s.order == order  # this round's order is fixed
    # a second player moving to the same space lands on top of the stack
    s2 = attrs.evolve(s, players=pls)
    mid = order[1]
    s2 = attrs.evolve(s2, turn=1)
    s2 = edit(s2, mid, storage=("ship",), dice=(2, 2))
    s2 = GAME.apply(s2, PlaceTile(0, "ship", 17))
    assert s2.players[mid].track_space == 1
    assert s2.players[mid].track_height > s2.players[last].track_height
    assert turn_order(s2.players)[:2] == (mid, last)


@pytest.mark.rules("burgundy/castle.extra-action")
def test_castle_gives_one_action_with_any_value() -> None:
    s = with_depot(first_turn(2), 5, "bank")
    s = edit(s, tiles={12: "knowledge-3"}, dice=(6, 1), storage=("castle",))
    # 6 Ca6 touches 12
    s = GAME.apply(s, PlaceTile(0, "castle", 6))
    assert s.pending == (Pending("castle"),)
    acts = GAME.legal_actions(s)
    assert TakeTile(2, 5, "bank") in acts and TakeWorkers(2) in acts
    assert all(getattr(a, "die", 2) == 2 for a in acts)
    rejects(s, TakeWorkers(1), RB.CASTLE_EXTRA_ACTION)
    rejects(s, EndTurn(), RB.CASTLE_EXTRA_ACTION)
    s = GAME.apply(s, TakeTile(2, 5, "bank"))
    assert not s.pending and me(s).dice == (0, 1) and "bank" in me(s).storage


@pytest.mark.rules("burgundy/castle-action-timing", "burgundy/castle.extra-action",
                    "burgundy/action.buy-black")
def test_a_purchase_before_the_castles_action_by_the_timing_reading() -> None:
    """A castle placed from a full storage frees a space: under castle-action=at-once the
    extra action comes first, so a black tile bought before it needs a discard; under
    between-actions the purchase may come before the extra action, which places the bought
    tile, and a worker may be spent then too."""
    for reading in ("at-once", "between-actions"):
        s = first_turn(2, variant={"castle-action": reading})
        s = edit(s, tiles={12: "knowledge-1"}, storage=("castle", "mine", "ship"),
                 dice=(6, 3), silver=2, workers=1)
        s = attrs.evolve(s, black=("knowledge-7",))
        s = GAME.apply(s, PlaceTile(0, "castle", 6))
        assert s.pending == (Pending("castle"),)
        buy, worker = BuyTile(0, "knowledge-7"), UseWorker(1, 1)
        if reading == "at-once":
            rejects(s, buy, RB.CASTLE_EXTRA_ACTION)
            rejects(s, worker, RB.CASTLE_EXTRA_ACTION)
            continue
        assert {buy, worker} <= set(GAME.legal_actions(s))
        assert GAME.effect_rules(s, buy, GAME.apply(s, buy)) == (
            RB.ACTION_BUY_BLACK, RB.ACTION_STORAGE_THREE)
        s = GAME.apply(GAME.apply(s, worker), buy)
        assert s.pending == (Pending("castle"),) and me(s).dice == (0, 4)
        assert me(s).storage == ("knowledge-7", "mine", "ship") and me(s).silver == 0
        rejects(s, EndTurn(), RB.CASTLE_EXTRA_ACTION)  # the extra action still comes
        s = GAME.apply(s, PlaceTile(2, "knowledge-7", 7))  # 7 Kn5 touches the castle on 6
        assert not s.pending and me(s).knowledge == (1, 7)
        assert me(s).storage == ("mine", "ship")


@pytest.mark.rules("burgundy/phase.mine-silver", "burgundy/phase.end-mines")
def test_mines_give_silver_at_phase_end() -> None:
    s = first_turn(2)
    s = attrs.evolve(s, round=4, turn=1)
    s = edit(s, tiles={24: "mine", 29: "mine"}, dice=(0, 0), silver=0)
    p = actor(s)
    s = GAME.apply(s, EndTurn())
    assert s.phase == 1 and s.players[p].silver == 2


@pytest.mark.rules("burgundy/building.warehouse")
def test_warehouse_sells_any_kind_without_a_die() -> None:
    s = edit(first_turn(3), dice=(3, 6), storage=("warehouse",), goods=goods(k6=2, k1=1))
    s = GAME.apply(s, PlaceTile(0, "warehouse", 11))
    assert GAME.legal_actions(s) == (WarehouseSell(1), WarehouseSell(6))
    s = GAME.apply(s, WarehouseSell(6))
    assert me(s).goods == goods(k1=1) and me(s).sold == goods(k6=2) and me(s).dice == (0, 6)


@pytest.mark.rules(
    "burgundy/building.carpenter", "burgundy/building.church", "burgundy/building.market",
)
@pytest.mark.parametrize(("building", "ok", "bad"), [
    ("carpenter", "bank", "ship"), ("church", "knowledge-3", "cow-2"),
    ("market", "cow-2", "mine"),
])
def test_taking_buildings(building: str, ok: str, bad: str) -> None:
    s = with_depot(with_depot(first_turn(2), 2, ok, bad), 5, "castle", "ship", "bank")
    s = attrs.evolve(s, black=("church", "cow-3", "knowledge-7", "mine"))
    s = edit(s, dice=(3, 3), storage=(building,))
    s = GAME.apply(s, PlaceTile(0, building, 11))
    acts = GAME.legal_actions(s)
    assert EffectTake(2, ok) in acts and EffectTake(2, bad) not in acts
    assert all(isinstance(a, EffectTake) and a.depot != 0 for a in acts)
    rule = {
        "carpenter": RB.BUILDING_CARPENTER,
        "church": RB.BUILDING_CHURCH,
        "market": RB.BUILDING_MARKET,
    }[building]
    rejects(s, EffectTake(2, bad), rule)
    rejects(s, EffectTake(0, ok), rule)
    s = GAME.apply(s, EffectTake(2, ok))
    assert me(s).storage == (ok,) and not s.pending


@pytest.mark.rules(
    "burgundy/building.boarding-house", "burgundy/building.bank", "burgundy/building.watchtower",
)
def test_boarding_house_bank_watchtower() -> None:
    s = edit(first_turn(2), dice=(3, 3), storage=("boarding-house", "bank", "watchtower"),
             workers=0, silver=0)
    vp = me(s).vp
    assert me(GAME.apply(s, PlaceTile(0, "boarding-house", 11))).workers == 4
    assert me(GAME.apply(s, PlaceTile(0, "bank", 25))).silver == 2
    # 11 completes a city of 1: watch the watchtower's 4 on 25 instead
    assert me(GAME.apply(s, PlaceTile(0, "watchtower", 25))).vp == vp + 4


@pytest.mark.rules("burgundy/building.city-hall")
def test_city_hall_places_another_tile_of_any_number_or_declines() -> None:
    s = edit(first_turn(2), dice=(3, 3), storage=("city-hall", "ship", "mine"))
    s = GAME.apply(s, PlaceTile(0, "city-hall", 25))
    acts = GAME.legal_actions(s)
    assert Decline() in acts
    assert CityHallPlace("ship", 17) in acts and CityHallPlace("ship", 19) in acts
    assert CityHallPlace("mine", 24) in acts
    rejects(s, CityHallPlace("mine", 33), RB.ACTION_PLACE_ADJACENT)
    s2 = GAME.apply(s, CityHallPlace("ship", 19))
    assert me(s2).estate[19] == "ship" and s2.pending == (Pending("ship"),)
    s3 = GAME.apply(s, Decline())
    assert not s3.pending and me(s3).storage == ("mine", "ship")


@pytest.mark.rules("burgundy/building.one-per-city")
def test_one_building_of_a_kind_per_city() -> None:
    s = edit(first_turn(2), tiles={25: "bank"}, dice=(1, 5), storage=("bank", "church"))
    rejects(s, PlaceTile(0, "bank", 26), RB.BUILDING_ONE_PER_CITY)
    assert PlaceTile(0, "church", 26) in GAME.legal_actions(s)
    # another city may hold a bank
    s2 = edit(s, tiles={17: "ship"}, dice=(5, 5))
    assert PlaceTile(0, "bank", 23) in GAME.legal_actions(s2)


@pytest.mark.rules("burgundy/building.effect-lost")
def test_building_effect_lost_when_it_cannot_apply() -> None:
    s = edit(first_turn(2), dice=(3, 3), storage=("market", "warehouse"), goods=(0,) * 6)
    s = attrs.evolve(s, depots=((),) * 6)
    s2 = GAME.apply(s, PlaceTile(0, "market", 11))
    assert me(s2).estate[11] == "market" and not s2.pending
    s3 = GAME.apply(s, PlaceTile(0, "warehouse", 25))
    assert not s3.pending


@pytest.mark.rules("burgundy/area.complete", "burgundy/phase-bonus")
@pytest.mark.parametrize(("phase", "bonus"), [(0, 10), (1, 8), (2, 6), (3, 4), (4, 2)])
def test_completed_area_scores_size_and_phase(phase: int, bonus: int) -> None:
    s = attrs.evolve(first_turn(2), phase=phase)
    # the city of 3 at 8, 13, 14; 13 and 14 filled, 12 (knowledge) touches 13
    s = edit(s, tiles={12: "knowledge-3", 13: "bank", 14: "church"}, dice=(4, 4),
             storage=("market",))
    s = attrs.evolve(s, depots=((),) * 6)
    vp = me(s).vp
    s = GAME.apply(s, PlaceTile(0, "market", 8))
    assert me(s).vp == vp + 6 + bonus
    # a city of 1 (space 11) gives 1 + the phase bonus
    s2 = edit(s, dice=(3, 3), storage=("bank",))
    assert me(GAME.apply(s2, PlaceTile(0, "bank", 11))).vp == me(s2).vp + 1 + bonus


@pytest.mark.rules("burgundy/phase-bonus", "burgundy/area.complete")
def test_phase_bonus_between_the_texts_ends_is_registered() -> None:
    """burgundy/phase-bonus: the text states phase A's 10 and phase E's 2; the values of
    phases B-D are the registered reading, the model's table."""
    amb = RB.RULES.get_ambiguity("burgundy/phase-bonus")
    assert f"от {D.PHASE_VP[0]} (первая фаза, А) до {D.PHASE_VP[-1]}" in amb.quote
    (reading,) = amb.readings
    assert reading.key == amb.default
    assert reading.summary.startswith(", ".join(map(str, D.PHASE_VP)))


@pytest.mark.rules("burgundy/colour.first", "burgundy/colour.second")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_colour_bonus_first_second_then_nothing(players: int) -> None:
    s = first_turn(players)
    s = edit(s, tiles={24: "mine", 29: "mine"}, dice=(3, 3), storage=("mine",))
    large, small = D.LARGE_BONUS[players], D.SMALL_BONUS[players]
    expected = [large, small, 0]
    for taken, extra in enumerate(expected):
        t = attrs.evolve(s, bonuses=(0, 0, 0, 0, 0, taken))
        vp = me(t).vp
        after = GAME.apply(t, PlaceTile(0, "mine", 33))
        assert me(after).vp == vp + 6 + 10 + extra
        assert after.bonuses[5] == min(taken + 1, 2)
        if extra:
            kind = "large" if taken == 0 else "small"
            assert me(after).bonus_tiles == (f"mine:{kind}",)
        else:
            assert me(after).bonus_tiles == ()


@pytest.mark.rules("burgundy/turn.effects-first")
def test_effects_come_before_other_actions() -> None:
    s = edit(first_turn(2), dice=(2, 2), storage=("ship",), goods=goods(k1=1))
    s = GAME.apply(s, PlaceTile(0, "ship", 17))
    rejects(s, SellGoods(1, 1), RB.TURN_EFFECTS_FIRST)
    rejects(s, TakeWorkers(1), RB.TURN_EFFECTS_FIRST)
    rejects(s, EndTurn(), RB.TURN_EFFECTS_FIRST)


@pytest.mark.rules("burgundy/ship-any-depot", "burgundy/ship.take-goods",
                   "burgundy/ship.turn-order")
def test_ship_may_choose_a_depot_without_goods_and_takes_nothing() -> None:
    s = edit(first_turn(2), dice=(2, 2), storage=("ship",), goods=goods(k1=1))
    s = depot_goods(s, d4=goods(k1=2, k5=1))
    space = me(s).track_space
    s = GAME.apply(GAME.apply(s, PlaceTile(0, "ship", 17)), ShipDepot(2))
    assert me(s).goods == goods(k1=1) and me(s).track_space == space + 1
    assert s.depot_goods[3] == goods(k1=2, k5=1) and not s.pending
