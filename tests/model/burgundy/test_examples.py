"""Every worked example of the rules text, number for number."""

import pytest

from rules_oracle.model.burgundy import knowledge
from rules_oracle.model.burgundy.actions import PlaceTile, TakeTile, UseWorker
from rules_oracle.model.burgundy.game import GAME
from tests.model.burgundy.helpers import edit, first_turn, goods, me, with_depot

# estate board 1 spaces used below: 10 An4, 9 An5, 4 An2 (one pasture of 5); 17 Sh2 touches
# 10 and the start castle; 12 Kn1 touches the start castle.


@pytest.mark.rules("burgundy/animal.score")
def test_cows_score_seven_then_eleven() -> None:
    s = first_turn(2)
    s = edit(s, tiles={17: "ship", 10: "cow-3"}, storage=("cow-4", "cow-4"), dice=(5, 2))
    vp = me(s).vp
    s = GAME.apply(s, PlaceTile(0, "cow-4", 9))
    assert me(s).vp - vp == 4 + 3 == 7
    s = GAME.apply(s, PlaceTile(1, "cow-4", 4))
    assert me(s).vp - vp == 7 + 11
    assert 4 + 4 + 3 == 11


@pytest.mark.rules("burgundy/knowledge.7", "burgundy/animal.score")
def test_knowledge_7_sheep_nine_then_pigs_three() -> None:
    s = first_turn(2)
    s = edit(s, tiles={17: "ship", 12: "knowledge-7", 10: "sheep-4"},
             storage=("sheep-3", "pig-2"), dice=(5, 2))
    vp = me(s).vp
    s = GAME.apply(s, PlaceTile(0, "sheep-3", 9))
    assert me(s).vp - vp == (3 + 1) + (4 + 1) == 9
    s = GAME.apply(s, PlaceTile(1, "pig-2", 4))
    assert me(s).vp - vp == 9 + 3


@pytest.mark.rules("burgundy/knowledge.15", "burgundy/knowledge.25")
def test_knowledge_15_and_25_on_goods_sold() -> None:
    s = first_turn(2)
    # 4 red (value 4), 3 purple (2), 3 pink (3), 1 orange (6): the colours' values are the
    # supplementary mapping; the scores depend on kinds and counts only
    sold = goods(k4=4, k2=3, k3=3, k6=1)
    s15 = edit(s, tiles={12: "knowledge-15"}, sold=sold)
    assert knowledge.end_vp(me(s15)) == 12
    s25 = edit(s, tiles={12: "knowledge-25"}, sold=sold)
    assert knowledge.end_vp(me(s25)) == 11
    both = edit(s, tiles={12: "knowledge-15", 7: "knowledge-25"}, sold=sold)
    assert knowledge.end_vp(me(both)) == 23


@pytest.mark.rules("burgundy/knowledge.17", "burgundy/knowledge.22")
def test_knowledge_17_and_22_watchtowers_and_banks() -> None:
    s = first_turn(2)
    s = edit(s, tiles={12: "knowledge-17", 7: "knowledge-22", 11: "watchtower", 25: "bank",
                       26: "watchtower", 31: "bank", 22: "bank", 13: "bank"})
    assert knowledge.end_vp(me(s)) == (2 * 4) + (4 * 4) == 24


@pytest.mark.rules("burgundy/knowledge.24")
def test_knowledge_24_animal_kinds() -> None:
    s = first_turn(2)
    s = edit(s, tiles={12: "knowledge-24", 10: "cow-2", 9: "hen-3", 4: "sheep-2",
                       5: "sheep-3", 0: "sheep-4"})
    assert knowledge.end_vp(me(s)) == 12


@pytest.mark.rules("burgundy/turn.worker-adjust", "burgundy/turn.worker-wrap",
                    "burgundy/action.take-tile")
def test_two_workers_turn_a_two_into_a_six() -> None:
    s = first_turn(2)
    s = with_depot(edit(s, dice=(2, 3), workers=2), 6, "ship")
    s = GAME.apply(s, UseWorker(0, -1))
    assert me(s).dice == (1, 3)
    s = GAME.apply(s, UseWorker(0, -1))
    assert me(s).dice == (6, 3) and me(s).workers == 0
    s = GAME.apply(s, TakeTile(0, 6, "ship"))
    assert me(s).storage == ("ship",)


@pytest.mark.rules("burgundy/knowledge.8")
def test_knowledge_8_turns_a_six_into_a_three_with_two_workers() -> None:
    s = first_turn(2)
    s = edit(s, tiles={12: "knowledge-8"}, dice=(6, 1), workers=2)
    s = GAME.apply(s, UseWorker(0, -2))
    s = GAME.apply(s, UseWorker(0, -1))
    assert me(s).dice[0] == 3 and me(s).workers == 0
