"""The 26 knowledge tiles, each by its own rule id."""

from typing import Any

import attrs
import pytest

from rules_oracle.model.burgundy import knowledge
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    BuyTile,
    EndTurn,
    PlaceTile,
    SellGoods,
    ShipDepot,
    TakeTile,
    TakeWorkers,
    UseWorker,
    WarehouseSell,
)
from rules_oracle.model.burgundy.game import GAME, final_vp
from rules_oracle.model.burgundy.state import BurgundyState
from tests.model.burgundy.helpers import actor, edit, first_turn, goods, me, with_depot
from tests.model.burgundy.test_turn import rejects

K = RB.K


def with_k(n: int, players: int = 2, **changes: Any) -> BurgundyState:
    return edit(first_turn(players), tiles={12: f"knowledge-{n}"}, **changes)


@pytest.mark.rules("burgundy/knowledge.1", "burgundy/building.one-per-city")
def test_k1_lifts_the_city_rule() -> None:
    s = with_k(1, dice=(1, 1), storage=("bank",))
    s = edit(s, tiles={25: "bank"})
    assert PlaceTile(0, "bank", 26) in GAME.legal_actions(s)
    assert me(GAME.apply(s, PlaceTile(0, "bank", 26))).estate[26] == "bank"


@pytest.mark.rules("burgundy/knowledge.2")
def test_k2_mines_also_give_workers() -> None:
    s = attrs.evolve(first_turn(2), round=4, turn=1)
    s = edit(s, tiles={12: "knowledge-2", 24: "mine"}, dice=(0, 0), silver=0, workers=0)
    p = actor(s)
    s = GAME.apply(s, EndTurn())
    assert s.players[p].silver == 1 and s.players[p].workers == 1


@pytest.mark.rules("burgundy/knowledge.3", "burgundy/knowledge.4", "burgundy/building.warehouse")
def test_k3_k4_on_die_sales_and_warehouse() -> None:
    for n, silver, workers in ((3, 2, 0), (4, 1, 1)):
        s = with_k(n, dice=(2, 3), goods=goods(k2=1, k5=1), silver=0, workers=0,
                   storage=("warehouse",))
        s1 = GAME.apply(s, SellGoods(0, 2))
        assert (me(s1).silver, me(s1).workers) == (silver, workers)
        s2 = GAME.apply(GAME.apply(s, PlaceTile(1, "warehouse", 11)),
                        WarehouseSell(5))
        assert (me(s2).silver, me(s2).workers) == (silver, workers)


@pytest.mark.rules("burgundy/knowledge.5", "burgundy/ship.take-goods",
                   "burgundy/knowledge-5-pair")
def test_k5_ship_takes_two_neighbouring_depots() -> None:
    """burgundy/knowledge-5-pair: the ship names the first of two neighbouring depots and
    takes both; a single depot (6, whose pair is not linear) is not a choice."""
    s = with_k(5, dice=(2, 2), storage=("ship",), goods=(0,) * 6)
    dg = [(0,) * 6] * 6
    dg[2], dg[3] = goods(k1=1), goods(k2=2)
    s = attrs.evolve(s, depot_goods=tuple(dg))
    s = GAME.apply(s, PlaceTile(0, "ship", 17))
    assert GAME.legal_actions(s) == tuple(ShipDepot(d) for d in range(1, 6))
    rejects(s, ShipDepot(6), RB.KNOWLEDGE_5)
    s = GAME.apply(s, ShipDepot(3))
    assert me(s).goods == goods(k1=1, k2=2) and s.depot_goods[2:4] == ((0,) * 6,) * 2


@pytest.mark.rules("burgundy/knowledge.6", "burgundy/action.buy-black")
def test_k6_buys_from_all_seven_depots() -> None:
    s = with_depot(with_k(6, silver=4, storage=()), 4, "bank")
    assert BuyTile(4, "bank") in GAME.legal_actions(s)
    s = GAME.apply(s, BuyTile(4, "bank"))
    assert me(s).storage == ("bank",) and me(s).silver == 2
    rejects(s, BuyTile(0, s.black[0]), RB.ACTION_BUY_BLACK)


@pytest.mark.rules("burgundy/knowledge.8", "burgundy/turn.worker-adjust")
def test_k8_steps_of_one_or_two() -> None:
    s = with_k(8, dice=(6, 1), workers=3)
    acts = GAME.legal_actions(s)
    assert {a.delta for a in acts if isinstance(a, UseWorker) and a.die == 0} == {-2, -1, 1, 2}
    rejects(s, UseWorker(0, 3), K[8])
    rejects(first_turn(2), UseWorker(0, 2), RB.TURN_WORKER_ADJUST)


@pytest.mark.rules("burgundy/knowledge.8", "burgundy/knowledge-8-wrap", "burgundy/turn.worker-wrap")
@pytest.mark.parametrize("step", ["up-to-2", "exactly-2"])
def test_k8_step_of_two_past_six_and_one_by_the_wrap_reading(step: str) -> None:
    """burgundy/knowledge-8-wrap: by default one worker turns a 6 into a 2 and a 1 into a
    5; under k8-wrap=no-wrap a step of 2 stays within 1-6, a step of 1 still wraps."""
    for wrap, past in (("wrap", True), ("no-wrap", False)):
        s = edit(first_turn(2, variant={"k8-step": step, "k8-wrap": wrap}),
                 tiles={12: "knowledge-8"}, dice=(6, 1), workers=2)
        acts = GAME.legal_actions(s)
        assert (UseWorker(0, 2) in acts, UseWorker(1, -2) in acts) == (past, past)
        assert UseWorker(0, -2) in acts and UseWorker(1, 2) in acts
        if past:
            assert me(GAME.apply(s, UseWorker(0, 2))).dice == (2, 1)
            assert me(GAME.apply(s, UseWorker(1, -2))).dice == (6, 5)
        else:
            rejects(s, UseWorker(0, 2), K[8])
            rejects(s, UseWorker(1, -2), K[8])
        if step == "up-to-2":
            assert me(GAME.apply(s, UseWorker(0, 1))).dice == (1, 1)  # 6 into 1 still wraps


@pytest.mark.rules("burgundy/knowledge.9", "burgundy/knowledge.10", "burgundy/knowledge.11")
@pytest.mark.parametrize(("n", "tile", "space", "die"), [
    (9, "bank", 11, 4), (10, "ship", 17, 1), (10, "ship", 17, 3), (11, "mine", 24, 5),
])
def test_free_shift_for_placing(n: int, tile: str, space: int, die: int) -> None:
    s = with_k(n, dice=(die, die), storage=(tile,))
    assert PlaceTile(0, tile, space) in GAME.legal_actions(s)
    plain = edit(first_turn(2), tiles={12: "knowledge-3"}, dice=(die, die), storage=(tile,))
    rejects(plain, PlaceTile(0, tile, space), RB.ACTION_PLACE_NUMBER)


@pytest.mark.rules("burgundy/free-shift-step", "burgundy/knowledge.8", "burgundy/knowledge.9",
                   "burgundy/knowledge.12")
def test_free_shift_stays_one_with_knowledge_8() -> None:
    """burgundy/free-shift-step: with knowledge 8 a worker changes a die by 2, but the free
    change of tiles 9-12 stays 'на ±1'."""
    s = edit(first_turn(2), tiles={12: "knowledge-8", 30: "knowledge-9"}, dice=(1, 2),
             storage=("bank",))
    rejects(s, PlaceTile(0, "bank", 11), RB.ACTION_PLACE_NUMBER)  # 1 to 3: a change of 2
    assert PlaceTile(1, "bank", 11) in GAME.legal_actions(s)  # 2 to 3: the free 1
    t = with_depot(edit(first_turn(2), tiles={12: "knowledge-8", 30: "knowledge-12"},
                        dice=(3, 2)), 1, "bank")
    rejects(t, TakeTile(0, 1, "bank"), K[12])
    assert TakeTile(1, 1, "bank") in GAME.legal_actions(t)


@pytest.mark.rules("burgundy/knowledge.9")
def test_k9_does_not_shift_other_colours() -> None:
    s = with_k(9, dice=(1, 1), storage=("ship",))
    rejects(s, PlaceTile(0, "ship", 17), RB.ACTION_PLACE_NUMBER)


@pytest.mark.rules("burgundy/knowledge.12", "burgundy/action.take-tile")
def test_k12_free_shift_for_taking() -> None:
    s = with_depot(with_k(12, dice=(6, 6), storage=()), 1, "bank")
    assert TakeTile(0, 1, "bank") in GAME.legal_actions(s)
    s2 = with_depot(edit(first_turn(2), dice=(6, 6)), 1, "bank")
    rejects(s2, TakeTile(0, 1, "bank"), RB.ACTION_TAKE_TILE)
    s3 = with_depot(with_k(12, dice=(3, 3)), 1, "bank")
    rejects(s3, TakeTile(0, 1, "bank"), K[12])


@pytest.mark.rules(
    "burgundy/knowledge.13", "burgundy/knowledge.14", "burgundy/building.boarding-house",
)
def test_k13_k14_take_workers() -> None:
    s13 = with_k(13, dice=(2, 2), workers=0, silver=0, storage=("boarding-house",))
    s = GAME.apply(s13, TakeWorkers(0))
    assert (me(s).workers, me(s).silver) == (2, 1)
    s = GAME.apply(s13, PlaceTile(0, "boarding-house", 13))
    assert (me(s).workers, me(s).silver) == (4, 0)  # not on the boarding house
    s14 = with_k(14, dice=(2, 2), workers=0)
    assert me(GAME.apply(s14, TakeWorkers(1))).workers == 4


@pytest.mark.rules(
    "burgundy/knowledge.16", "burgundy/knowledge.17", "burgundy/knowledge.18",
    "burgundy/knowledge.19", "burgundy/knowledge.20", "burgundy/knowledge.21",
    "burgundy/knowledge.22", "burgundy/knowledge.23",
)
@pytest.mark.parametrize("n", range(16, 24))
def test_k16_to_23_four_per_named_building(n: int) -> None:
    from rules_oracle.model.burgundy.data import KNOWLEDGE_BUILDING
    b = KNOWLEDGE_BUILDING[n]
    s = with_k(n)
    s = edit(s, tiles={11: b, 25: b, 8: b})
    assert knowledge.end_vp(me(s)) == 12


@pytest.mark.rules("burgundy/knowledge.26")
def test_k26_two_per_bonus_tile() -> None:
    s = with_k(26, bonus_tiles=("mine:large", "river:small"))
    assert knowledge.end_vp(me(s)) == 4


@pytest.mark.rules(
    "burgundy/knowledge.7", "burgundy/knowledge.15", "burgundy/knowledge.24",
    "burgundy/knowledge.25",
)
def test_end_knowledge_without_their_content_scores_nothing() -> None:
    for n in (15, 24, 25):
        assert knowledge.end_vp(me(with_k(n))) == 0
    s = with_k(7, dice=(4, 4), storage=("cow-2",))
    s = edit(s, tiles={17: "ship"})
    vp = me(s).vp
    assert me(GAME.apply(s, PlaceTile(0, "cow-2", 10))).vp == vp + 3


@pytest.mark.rules("burgundy/knowledge.15", "burgundy/knowledge.16", "burgundy/knowledge.21",
                   "burgundy/knowledge.23", "burgundy/knowledge.26", "burgundy/edition")
def test_the_2019_edition_prints_other_knowledge_tiles() -> None:
    """15: 2 per goods kind sold (text 3); 26: 3 per bonus tile (text 2); 16 names the
    carpenter's workshop (text: warehouse), 21 the city hall, 23 the warehouse."""
    sold = with_k(15, sold=(1, 0, 2, 0, 0, 1))
    assert knowledge.end_vp(me(sold)) == 9
    assert knowledge.end_vp(me(sold), "2019") == 6
    bonus = with_k(26, bonus_tiles=("mine:large", "river:small"))
    assert knowledge.end_vp(me(bonus), "2019") == 6
    built = edit(first_turn(2), tiles={12: "knowledge-16", 13: "knowledge-21",
                                       14: "knowledge-23", 11: "carpenter", 25: "warehouse"})
    assert knowledge.end_vp(me(built)) == 4  # 16: the warehouse
    assert knowledge.end_vp(me(built), "2019") == 8  # 16: carpenter; 23: warehouse
    assert final_vp(me(built), "2019") - final_vp(me(built)) == 4


@pytest.mark.rules("burgundy/knowledge-16-23", "burgundy/knowledge.16", "burgundy/knowledge.23")
def test_k16_to_23_buildings_as_the_data_file_gives_them() -> None:
    """The data file's table of knowledge tiles 16-23 (first-edition tile pictures) is the
    model's, and the registered default names that table as its source."""
    import re
    from pathlib import Path

    from rules_oracle.model.burgundy import rules as RB
    from rules_oracle.model.burgundy.data import KNOWLEDGE_BUILDING
    path = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "README.md"
    if not path.exists():
        pytest.skip("the component data (shared/data) is not present")
    text = path.read_text(encoding="utf-8")
    section = text.split("Knowledge tiles 16-23 (4 VP per building of one kind)")[1]
    table = section.split("Disagreements")[0]
    names = {"warehouse": "warehouse", "watchtower": "watchtower",
             "carpenter's workshop": "carpenter", "church": "church", "market": "market",
             "boarding house": "boarding-house", "bank": "bank", "city hall": "city-hall"}
    stated = {int(n): names[b] for n, b in re.findall(r"\| (\d\d) \| ([a-z' ]+?) \|", table)}
    assert stated == KNOWLEDGE_BUILDING
    amb = RB.RULES.get_ambiguity("burgundy/knowledge-16-23")
    assert "data/README.md" in amb.source and "Knowledge tiles 16-23" in amb.source
