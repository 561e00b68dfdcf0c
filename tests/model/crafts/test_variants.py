"""Every variant option's readings really play differently."""

from typing import Any

import pytest

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.crafts.actions import (
    Apply,
    Buy,
    Draw,
    Knight,
    Rebuild,
    Scout,
    ScoutPick,
    Steal,
)
from rules_oracle.model.crafts.game import GAME
from tests.model.crafts.helpers import CARD, RES, cards, make, res, resolving


@pytest.mark.rules("crafts/resource-levels")
def test_levels() -> None:
    b = {1: res(metal=1, food=1)}
    dep = resolving(2, 0, "theft", {"levels": "depth"}, boards=b)
    two = resolving(2, 0, "theft", boards=b)  # two-tier, the default
    assert Steal(1, RES["metal"]) not in GAME.legal_actions(dep)
    assert GAME.apply(two, Steal(1, RES["metal"])).coins[0] == 3
    assert GAME.apply(two, Steal(1, RES["food"])).coins[0] == 4
    assert GAME.apply(dep, Steal(1, RES["food"])).coins[0] == 3


@pytest.mark.rules("crafts/prices")
def test_prices() -> None:
    s = resolving(2, 0, "farm")
    t = resolving(2, 0, "farm", {"prices": "flat"})
    with pytest.raises(IllegalAction):
        GAME.apply(s, Buy(RES["sword"]))
    assert GAME.apply(t, Buy(RES["sword"])).coins[0] == 3


@pytest.mark.rules("crafts/track-spaces")
def test_track_spaces() -> None:
    a = GAME.apply(resolving(2, 0, "farm", scores={0: 4}), Apply())
    b = GAME.apply(resolving(2, 0, "farm", {"track_spaces": "every10"}, scores={0: 4}), Apply())
    assert a.boards[0] == res(wheat=2, wood=1) and b.boards[0] == res(wheat=2)
    c = GAME.apply(resolving(2, 0, "farm", {"track_spaces": "every10"}, scores={0: 9}), Apply())
    assert c.boards[0] == res(wheat=2, wood=1)


@pytest.mark.rules("crafts/pebble-limit")
def test_pebble_limit() -> None:
    rich = {0: 45, 1: 45}
    s = resolving(2, 0, "farm", coins=rich, boards={1: res(wood=9)})
    assert s.bank == 1
    a = GAME.apply(s, Apply())
    assert a.boards[0] == res(wheat=1) and a.bank == 0
    u = resolving(2, 0, "farm", {"pebbles": "unlimited"}, coins=rich, boards={1: res(wood=9)})
    b = GAME.apply(u, Apply())
    assert b.boards[0] == res(wheat=2) and b.bank == -1


@pytest.mark.rules("crafts/castle-target")
def test_castle_target() -> None:
    kw = {"boards": {0: res(kvass=1, sword=1)}, "scores": {0: 10}}
    s = resolving(2, 0, "castle", **kw)
    t = resolving(2, 0, "castle", {"castle_target": "any"}, **kw)
    assert Knight(0) not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Knight(0))
    assert e.value.rule == "crafts/card.castle-setback"
    assert GAME.apply(t, Knight(0)).scores[0] == 14


@pytest.mark.rules("crafts/castle-floor")
def test_castle_floor() -> None:
    kw = {"boards": {0: res(kvass=1, sword=1)}, "scores": {1: 2, 2: 7}}
    s = resolving(3, 0, "castle", **kw)
    t = resolving(3, 0, "castle", {"castle_floor": "forbid"}, **kw)
    assert GAME.apply(s, Knight(1)).scores == (8, 0, 7)
    assert [a for a in GAME.legal_actions(t) if type(a) is Knight] == [Knight(2)]
    with pytest.raises(IllegalAction):
        GAME.apply(t, Knight(1))
    u = resolving(2, 0, "castle", {"castle_floor": "forbid"}, boards=kw["boards"],
                  scores={1: 3})
    assert [a for a in GAME.legal_actions(u) if type(a) is Knight] == [Knight(-1)]
    assert GAME.apply(u, Knight(-1)).scores == (8, 3)


@pytest.mark.rules("crafts/castle-floor", "crafts/castle-target", "crafts/card.castle-setback")
def test_castle_floor_counts_the_owners_new_points() -> None:
    """Under castle_target=any and castle_floor=forbid the owner of the Castle may set
    himself back from 0: the setback follows the Castle's 8 points ('Даёт 8 победных очков,
    немедленно передвиньте'), so he has 8 when it comes."""
    kw = {"boards": {0: res(kvass=1, sword=1)}, "scores": {1: 3}}
    s = resolving(2, 0, "castle", {"castle_target": "any", "castle_floor": "forbid"}, **kw)
    assert [a for a in GAME.legal_actions(s) if type(a) is Knight] == [Knight(0)]
    assert GAME.apply(s, Knight(0)).scores == (4, 3)
    with pytest.raises(IllegalAction):
        GAME.apply(s, Knight(-1))


@pytest.mark.rules("crafts/reconstruction-points")
def test_reconstruction_points() -> None:
    kw = {"table": {0: cards(armory=1)}, "scores": {0: 5}}
    a = GAME.apply(resolving(2, 0, "reconstruction", **kw), Rebuild(CARD["armory"]))
    b = GAME.apply(resolving(2, 0, "reconstruction", {"reconstruction_points": "lose"}, **kw),
                   Rebuild(CARD["armory"]))
    assert a.scores[0] == 5 and b.scores[0] == 0
    # the marker stops at 0 when the card gave more than the score left (the reading's words)
    low = {**kw, "scores": {0: 2}}
    c = GAME.apply(resolving(2, 0, "reconstruction", {"reconstruction_points": "lose"}, **low),
                   Rebuild(CARD["armory"]))
    assert c.scores[0] == 0


@pytest.mark.rules("crafts/fair-count")
def test_fair_count() -> None:
    kw = {"table": {0: cards(farm=1)}, "declined": (2, 0)}
    a = GAME.apply(resolving(2, 0, "fair", **kw), Apply())
    b = GAME.apply(resolving(2, 0, "fair", {"fair_count": "revealed"}, **kw), Apply())
    assert a.coins[0] == 7 and b.coins[0] == 11


@pytest.mark.rules("crafts/track-repeat")
def test_track_repeat() -> None:
    kw = {"scores": {0: 4}, "best": (12, 0)}
    a = GAME.apply(resolving(2, 0, "farm", **kw), Apply())
    b = GAME.apply(resolving(2, 0, "farm", {"track_repeat": "once"}, **kw), Apply())
    assert a.boards[0] == res(wheat=2, wood=1) and b.boards[0] == res(wheat=2)


@pytest.mark.rules("crafts/scouting-target")
def test_scouting_target() -> None:
    kw = {"hands": {0: cards(farm=1), 1: cards(farm=1)}}
    a = resolving(2, 0, "scouting", **kw)
    b = resolving(2, 0, "scouting", {"scouting_target": "any"}, **kw)
    assert Scout(0) not in GAME.legal_actions(a)
    assert Scout(0) in GAME.legal_actions(b)
    b = GAME.apply(b, Scout(0))
    assert b.task_player == 0


@pytest.mark.rules("crafts/scouting-empty")
def test_scouting_empty() -> None:
    a = resolving(2, 0, "scouting")
    b = resolving(2, 0, "scouting", {"scouting_empty": "draw"})
    assert Scout(1) not in GAME.legal_actions(a)
    b = GAME.apply(b, Scout(1))
    assert b.owed == (0, 1)


def test_unknown_option_rejected() -> None:
    from rules_oracle.model.core.errors import ConfigError

    with pytest.raises(ConfigError):
        GAME.config(2, {"pebbles": "infinite"})
    assert make(2, {"pebbles": "unlimited"}).config.option("pebbles") == "unlimited"


@pytest.mark.rules("crafts/fair-count", "crafts/card.fair", "crafts/card.reconstruction")
def test_fair_count_played_counts_cards_returned_by_reconstruction() -> None:
    # farm applied, returned by the Reconstruction (on the table), farm applied again
    kw = {"table": {0: cards(farm=1, reconstruction=1)}, "declined": (1, 0)}
    a = GAME.apply(resolving(2, 0, "fair", **kw), Apply())
    b = GAME.apply(resolving(2, 0, "fair", {"fair_count": "played"}, **kw), Apply())
    c = GAME.apply(resolving(2, 0, "fair", {"fair_count": "revealed"}, **kw), Apply())
    assert a.coins[0] == 5 + 2 * 2
    assert b.coins[0] == 5 + 2 * 3  # the farm was played twice
    assert c.coins[0] == 5 + 2 * 3  # the declined card


@pytest.mark.rules("crafts/final-sale", "crafts/final.sell", "crafts/pebble-limit")
def test_final_sale_when_the_bank_runs_short() -> None:
    from rules_oracle.model.crafts.actions import Done
    from rules_oracle.model.crafts.state import Stage

    # the bank holds 1 pebble; player 1 (the first player) sells first
    kw = {"phase": Stage.END, "round": 4, "first": 1, "coins": {0: 40, 1: 48},
          "boards": {0: res(sword=2), 1: res(sword=1, wood=8)}}
    s = make(2, **kw)
    assert s.bank == 1
    t = make(2, {"final_sale": "value"}, **kw)
    s = GAME.apply(GAME.apply(s, Done()), Done())
    t = GAME.apply(GAME.apply(t, Done()), Done())
    assert s.phase == Stage.OVER and t.phase == Stage.OVER
    assert s.coins == t.coins and s.bank == t.bank == 0
    # player 1: sword (bank 1+1=2, paid 2 of 4), 8 wood (each returns a pebble and is paid
    # it): 48 + 2 + 8 = 58 coins; player 0: each sword returns one pebble, paid 1 of 4
    assert s.coins == (42, 58)
    assert GAME.scores(s) == (42 // 4, 58 // 4)
    # the value reading counts the unpaid 2 + 3 + 3 coins
    assert GAME.scores(t) == ((42 + 6) // 4, (58 + 2) // 4)


@pytest.mark.rules("crafts/castle-setback-collect", "crafts/card.castle-setback",
                   "crafts/track-repeat")
def test_castle_setback_collect() -> None:
    kw: dict[str, Any] = {"boards": {0: res(kvass=1, sword=1)}}
    for before, after, got in ((11, 7, res(wheat=1)), (9, 5, res(wood=1)), (3, 0, res())):
        s = resolving(2, 0, "castle", scores={1: before}, **kw)
        t = resolving(2, 0, "castle", {"castle_setback": "collect"}, scores={1: before}, **kw)
        a, b = GAME.apply(s, Knight(1)), GAME.apply(t, Knight(1))
        assert a.scores[1] == b.scores[1] == after
        assert a.boards[1] == res()  # none, the default: a setback collects nothing
        assert b.boards[1] == got  # collect: the space passed (10) or stopped on (5)
        assert b.bank == a.bank - sum(got)
    once = resolving(2, 0, "castle", {"castle_setback": "collect", "track_repeat": "once"},
                     scores={1: 11}, **kw)
    assert GAME.apply(once, Knight(1)).boards[1] == res()  # each space gives only once


@pytest.mark.rules("crafts/deck-rebuild", "crafts/game.reshuffle", "crafts/card.scouting-draw")
def test_deck_rebuild_moment() -> None:
    kw: dict[str, Any] = {"hands": {1: cards(farm=1)}, "deck": cards(lumber_mill=1),
                          "discard": cards(fair=2)}
    for variant in ({}, {"deck_rebuild": "next-draw"}):
        s = resolving(2, 0, "scouting", variant, **kw)
        s = GAME.apply(GAME.apply(s, Scout(1)), ScoutPick(CARD["farm"]))
        assert GAME.actor(s) == CHANCE and s.owed == (0, 1)
        s = GAME.apply(s, Draw(CARD["lumber_mill"]))  # the deck's last card
        if variant:  # next-draw: the deck stays empty until a card is needed
            assert s.deck == cards() and s.discard == cards(fair=2)
        else:  # empty, the default: rebuilt the moment its last card is drawn
            assert s.deck == cards(fair=2) and s.discard == cards()
        assert s.hands[1] == cards(lumber_mill=1)


@pytest.mark.rules("crafts/empty-application", "crafts/card.fair", "crafts/play.cannot-apply")
def test_empty_fair() -> None:
    more = {0: cards(farm=1)}  # a card left, so play goes on and the table stays
    s = resolving(2, 0, "fair", hands=more)
    t = resolving(2, 0, "fair", {"empty_fair": "decline"}, hands=more)
    assert Apply() in GAME.legal_actions(s)
    applied = GAME.apply(s, Apply())
    assert applied.coins[0] == 5 and applied.table[0] == cards(fair=1)
    assert Apply() not in GAME.legal_actions(t)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(t, Apply())
    assert e.value.rule == "crafts/play.cannot-apply"
    counted = resolving(2, 0, "fair", {"empty_fair": "decline"}, table={0: cards(farm=1)},
                        hands=more)
    assert GAME.apply(counted, Apply()).coins[0] == 7
