"""Every card's effect."""

from fractions import Fraction

import pytest

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.actions import (
    Apply,
    Draw,
    Knight,
    MageDiscard,
    Rebuild,
    Scout,
    ScoutPick,
    Steal,
)
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.rules import CARD_RULES
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import CARD, RES, cards, make, res, resolving

CONVERTERS = [k for k in range(D.NK) if D.CARDS[k].inputs and k not in (D.CASTLE, D.MAGE)]


@pytest.mark.rules(*(CARD_RULES[k] for k in CONVERTERS))
@pytest.mark.parametrize("kind", CONVERTERS)
def test_converter(kind: int) -> None:
    card = D.CARDS[kind]
    rid = CARD_RULES[kind]
    board = [0] * D.NR
    for r in card.inputs:
        board[r] += 1
    s = resolving(2, 0, card.key, boards={0: tuple(board)}, scores={0: 20})
    s = GAME.apply(s, Apply())
    want = [0] * D.NR
    for r in card.outputs:
        want[r] += 1
    extra = 20 + card.vp >= 25  # the space at 25 (kvass) is passed by a 5-point card
    if extra:
        want[RES["kvass"]] += 1
    assert s.boards[0] == tuple(want), rid
    assert s.scores[0] == 20 + card.vp
    assert s.bank == 100 - 10 - sum(want)


@pytest.mark.rules("crafts/card.lumber-mill")
def test_lumber_mill() -> None:
    s = GAME.apply(resolving(2, 0, "lumber_mill"), Apply())
    assert s.boards[0] == res(wood=2) and s.scores[0] == 1


@pytest.mark.rules("crafts/card.castle", "crafts/card.castle-setback", "crafts/castle-floor")
def test_castle_needs_kvass_sword_coin_and_clamps_at_zero() -> None:
    s = resolving(3, 0, "castle", boards={0: res(kvass=1)})
    assert not any(type(a) is Knight for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Knight(1))
    assert e.value.rule == "crafts/card.castle"
    s = resolving(3, 0, "castle", boards={0: res(kvass=1, sword=1)}, scores={2: 3})
    assert [a for a in GAME.legal_actions(s) if type(a) is Knight] == [Knight(1), Knight(2)]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Knight(5))
    assert e.value.rule == "crafts/card.castle-setback"
    s = GAME.apply(s, Knight(2))
    assert s.scores == (8, 0, 0) and s.coins[0] == 4 and s.boards[0] == res(wood=1)


@pytest.mark.rules("crafts/card.mage-tower", "crafts/card.mage-draw", "crafts/card.mage-discard")
def test_mage_tower_draws_five_and_discards_three() -> None:
    s = resolving(2, 0, "mage_tower", boards={0: res(kvass=1, potion=1)},
                  hands={0: cards(farm=1)})
    s = GAME.apply(s, Apply())
    assert s.scores[0] == 8 and s.coins[0] == 4 and s.owed == (5, 0)
    assert GAME.actor(s) == CHANCE
    for _ in range(5):
        s = GAME.apply(s, Draw(CARD["fair"]))
    assert s.hands[0] == cards(farm=1, fair=5)
    assert GAME.actor(s) == 0 and s.phase == Stage.RESOLVE
    assert GAME.legal_actions(s) == (MageDiscard(CARD["farm"]), MageDiscard(CARD["fair"]))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Apply())
    assert e.value.rule == "crafts/card.mage-discard"
    s = GAME.apply(s, MageDiscard(CARD["fair"]))
    s = GAME.apply(s, MageDiscard(CARD["farm"]))
    s = GAME.apply(s, MageDiscard(CARD["fair"]))
    assert s.hands[0] == cards(fair=3) and s.phase == Stage.COMMIT
    assert s.discard == cards(fair=2, farm=1)


@pytest.mark.rules("crafts/mage-short-hand", "crafts/card.mage-discard", "crafts/deck-exhausted")
def test_a_mage_owner_with_fewer_than_three_cards_discards_them_all() -> None:
    """Deck and discard empty: the 5 draws are lost, and the owner, holding 1 card, discards
    it and the card's effect ends (crafts/mage-short-hand)."""
    s = resolving(2, 0, "mage_tower", boards={0: res(kvass=1, potion=1)},
                  hands={0: cards(farm=1)}, deck=cards(), discard=cards())
    s = GAME.apply(s, Apply())
    while GAME.actor(s) == CHANCE:
        s = GAME.apply(s, GAME.chance_outcomes(s)[0][0])
    assert s.hands[0] == cards(farm=1) and GAME.actor(s) == 0
    assert GAME.legal_actions(s) == (MageDiscard(CARD["farm"]),)
    s = GAME.apply(s, MageDiscard(CARD["farm"]))
    # the effect is over: no hand holds a card, so the round ends
    assert s.hands[0] == cards() and s.phase == Stage.END


@pytest.mark.rules("crafts/card.scouting", "crafts/card.scouting-draw", "crafts/scouting-target",
                   "crafts/components.actions-no-vp")
def test_scouting_takes_a_random_card_and_victim_draws() -> None:
    s = resolving(3, 0, "scouting", hands={1: cards(castle=2, farm=1)})
    scouts = [a for a in GAME.legal_actions(s) if type(a) is Scout]
    assert scouts == [Scout(1)]  # player 2 has no card; not oneself
    s = GAME.apply(s, Scout(1))
    assert s.scores[0] == 0 and GAME.actor(s) == CHANCE
    out = dict(GAME.chance_outcomes(s))
    assert {a.card: p for a, p in out.items()} == {CARD["castle"]: Fraction(2, 3),
                                                   CARD["farm"]: Fraction(1, 3)}
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, ScoutPick(CARD["fair"]))
    assert e.value.rule == "crafts/card.scouting"
    s = GAME.apply(s, ScoutPick(CARD["castle"]))
    assert s.hands[0] == cards(castle=1) and s.hands[1] == cards(castle=1, farm=1)
    assert s.owed == (0, 1, 0)
    s = GAME.apply(s, Draw(CARD["fair"]))
    assert s.hands[1] == cards(castle=1, farm=1, fair=1)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(resolving(3, 0, "scouting"), Scout(2))
    assert e.value.rule == "crafts/card.scouting"


@pytest.mark.rules("crafts/card.reconstruction", "crafts/reconstruction-reconstruction",
                   "crafts/reconstruction-points")
def test_reconstruction_returns_a_played_card() -> None:
    s = resolving(2, 0, "reconstruction", table={0: cards(farm=1, reconstruction=1)},
                  scores={0: 1})
    assert [a for a in GAME.legal_actions(s) if type(a) is Rebuild] == [Rebuild(CARD["farm"])]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Rebuild(CARD["reconstruction"]))
    assert e.value.rule == "crafts/card.reconstruction"
    s = GAME.apply(s, Rebuild(CARD["farm"]))
    assert s.hands[0] == cards(farm=1) and s.table[0] == cards(reconstruction=2)
    assert s.scores[0] == 1


@pytest.mark.rules("crafts/card.fair", "crafts/fair-count")
def test_fair_pays_two_per_other_played_card() -> None:
    s = resolving(2, 0, "fair", table={0: cards(farm=2, fair=1)}, declined=(1, 0))
    s = GAME.apply(s, Apply())
    assert s.coins[0] == 5 + 2 * 3  # the declined card does not count (default)
    assert s.discard == cards(farm=2, fair=2)  # play over: the table went to the discard


@pytest.mark.rules("crafts/card.theft", "crafts/card.theft-type", "crafts/resource-levels")
def test_theft_by_level() -> None:
    boards = {1: res(wood=1, food=1, metal=1)}
    s = resolving(2, 0, "theft", boards=boards)
    steals = [a for a in GAME.legal_actions(s) if type(a) is Steal]
    # two-tier (the default): wood and food are level I, metal level II
    assert steals == [Steal(1, RES["wood"]), Steal(1, RES["food"]), Steal(1, RES["metal"])]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Steal(0, RES["wood"]))
    # 'с Планшета другого игрока' is the Theft card's own sentence, not the type's
    assert e.value.rule == "crafts/card.theft"
    t = GAME.apply(s, Steal(1, RES["metal"]))
    assert t.coins[0] == 3 and t.boards == (res(metal=1), res(wood=1, food=1))
    t = GAME.apply(s, Steal(1, RES["wood"]))
    assert t.coins[0] == 4 and t.boards == (res(wood=1), res(food=1, metal=1))
    t = GAME.apply(s, Steal(1, RES["food"]))
    assert t.coins[0] == 4 and t.boards == (res(food=1), res(wood=1, metal=1))
    poor = resolving(2, 0, "theft", boards=boards, coins={0: 1})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(poor, Steal(1, RES["metal"]))
    assert e.value.rule == "crafts/card.theft"
    # depth: metal is level III and cannot be stolen
    deep = resolving(2, 0, "theft", {"levels": "depth"}, boards=boards)
    steals = [a for a in GAME.legal_actions(deep) if type(a) is Steal]
    assert steals == [Steal(1, RES["wood"]), Steal(1, RES["food"])]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(deep, Steal(1, RES["metal"]))
    assert e.value.rule == "crafts/card.theft"
    assert GAME.apply(deep, Steal(1, RES["food"])).coins[0] == 3  # food is level II
    nothing = resolving(2, 0, "theft", boards={1: res()})
    assert [type(a).__name__ for a in GAME.legal_actions(nothing)][-2:] == ["Decline",
                                                                           "Withdraw"]
    assert not any(type(a) is Steal for a in GAME.legal_actions(nothing))
    unstealable = resolving(2, 0, "theft", {"levels": "depth"}, boards={1: res(sword=2)})
    assert not any(type(a) is Steal for a in GAME.legal_actions(unstealable))


def test_make_helper_is_consistent() -> None:
    from rules_oracle.properties.crafts import check

    s = make(3, hands={0: cards(farm=3)}, boards={1: res(wood=2)})
    assert check(s) == []
