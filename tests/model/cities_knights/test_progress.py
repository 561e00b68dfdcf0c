"""Each progress card, the play rules, and the decks."""

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import BuildRoad, Steal
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    ChooseCard,
    ChooseHex,
    ChooseNode,
    ChooseNumber,
    ChoosePath,
    ChoosePlayer,
    ChooseProgress,
    DiscardProgress,
    EndTurn,
    HarborExchange,
    Improve,
    MoveKnight,
    PlayProgress,
    Stop,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.cities_knights.victory import refresh
from tests.model.cities_knights.helpers import cards, chain, make, progress, rule_of

LINE = chain(0, 3, 7, 12, 17)
#: a path from intersection 12 off the line (where a moved road of player 0 may go)
ELSEWHERE = next(e for e in B.NODE_PATHS[12] if e not in LINE)
BOARD = {"cities": {0: 0, 40: 1}, "settlements": {46: 2},
         "roads": {**dict.fromkeys(LINE, 0), B.NODE_PATHS[40][0]: 1, B.NODE_PATHS[46][0]: 2}}


def play(state: CKState, name: str) -> CKState:
    return GAME.apply(state, PlayProgress(D.PROGRESS_NAMES.index(name)))


def with_card(name: str, **kw: object) -> CKState:
    held = kw.pop("held", {})
    return make(held={0: progress(**{name.replace("-", "_"): 1}), **held},  # type: ignore[dict-item]
                **{**BOARD, **kw})  # type: ignore[arg-type]


@pytest.mark.rules("cities_knights/progress.decks", "cities_knights/components",
                   "cities_knights/components.removed")
def test_decks_hold_54_cards_18_a_colour() -> None:
    assert sum(D.PROGRESS_COUNTS) == D.N_PROGRESS == 54
    for c in range(3):
        assert sum(n for k, n in enumerate(D.PROGRESS_COUNTS) if D.PROGRESS_COLOUR[k] == c) == 18
    assert sum(D.BANK_START[5:]) == 36


@pytest.mark.rules("cities_knights/progress.play", "cities_knights/progress.vp-cards")
def test_play_rules() -> None:
    s = with_card("crane")
    assert rule_of(attrs.evolve(s, stage=Stage.PRE_ROLL), PlayProgress(D.CRANE)) == RB.PROGRESS_PLAY
    assert rule_of(s, PlayProgress(D.SMITH)) == RB.PROGRESS_SMITH
    assert rule_of(s, PlayProgress(D.PRINTER)) == RB.PROGRESS_VP_CARDS
    assert rule_of(s, PlayProgress(99)) == RB.PROGRESS_DECKS  # no such card in the decks


@pytest.mark.rules("cities_knights/turn.actor", "cities_knights/progress.merchant",
                   "cities_knights/metropolis.first", "cities_knights/knight.displace")
def test_another_step_while_a_card_a_metropolis_or_a_displaced_knight_waits() -> None:
    """A step of another kind while a card's choice, a metropolis's city or a displaced
    knight's place is pending is no step of the stage (turn.actor); a choice of the right
    kind that is not among the options breaks the pending rule."""
    s = play(with_card("merchant", hands={0: cards(brick=1, lumber=1)}), "merchant")
    assert rule_of(s, BuildRoad(ELSEWHERE)) == RB.TURN_ACTOR
    assert rule_of(s, EndTurn()) == RB.TURN_ACTOR
    assert rule_of(s, ChooseHex(9)) == RB.PROGRESS_MERCHANT  # a hex, not one of the choices
    metro = make(cities={0: 0, 12: 0}, levels={0: (3, 0, 0)}, hands={0: cards(cloth=4)},
                 **{k: v for k, v in BOARD.items() if k != "cities"})
    metro = GAME.apply(metro, Improve(0))
    assert metro.stage is Stage.METROPOLIS
    assert rule_of(metro, EndTurn()) == RB.TURN_ACTOR
    assert rule_of(metro, Stop()) == RB.METROPOLIS_FIRST  # cities_knights/metropolis-claim
    roads = {**BOARD["roads"], B.path_between(40, 45): 1}
    k = make(cities=BOARD["cities"], roads=roads, knights={7: (0, 2, True), 12: (1, 1, True)})
    k = GAME.apply(GAME.apply(k, MoveKnight(7)), ChooseNode(12))
    assert k.stage is Stage.DISPLACED and rule_of(k, EndTurn()) == RB.TURN_ACTOR
    assert rule_of(k, Stop()) == RB.KNIGHT_DISPLACE  # cities_knights/displaced-must-move


@pytest.mark.rules("cities_knights/progress.merchant")
def test_merchant() -> None:
    s = with_card("merchant")
    acts = GAME.legal_actions(play(s, "merchant"))
    assert ChooseHex(0) in acts and ChooseHex(9) not in acts and ChooseHex(18) not in acts
    s = GAME.apply(play(s, "merchant"), ChooseHex(0))  # mountains
    assert s.merchant == 0 and s.merchant_owner == 0 and GAME.scores(s)[0] == 3
    from rules_oracle.model.catan.actions import MaritimeTrade

    s = attrs.evolve(s, players=(attrs.evolve(s.players[0], hand=cards(ore=2)),
                                 *s.players[1:]))
    s = GAME.apply(s, MaritimeTrade(BD.ORE, BD.WOOL))
    assert s.players[0].hand == cards(wool=1)
    only = with_card("merchant", variant={"merchant": "settlement"})
    assert (
        rule_of(only, PlayProgress(D.MERCHANT)) == RB.PROGRESS_MERCHANT
    )  # his city is no settlement


@pytest.mark.rules("cities_knights/merchant-same-hex", "cities_knights/progress.merchant")
def test_merchant_taken_on_the_hex_it_stands_on() -> None:
    held = refresh(attrs.evolve(with_card("merchant"), merchant=0, merchant_owner=1))
    assert GAME.scores(held) == (2, 3, 1)  # player 1 holds the merchant on the mountains
    s = play(held, "merchant")
    assert ChooseHex(0) in GAME.legal_actions(s)  # the hex it stands on, at 0's city
    s = GAME.apply(s, ChooseHex(0))
    assert (s.merchant, s.merchant_owner) == (0, 0) and GAME.scores(s) == (3, 2, 1)


@pytest.mark.rules("cities_knights/progress.resource-monopoly",
                   "cities_knights/progress.trade-monopoly")
def test_monopolies() -> None:
    s = with_card("resource-monopoly", hands={1: cards(ore=3), 2: cards(ore=1)})
    s = GAME.apply(play(s, "resource-monopoly"), ChooseCard(BD.ORE))
    assert s.players[0].hand == cards(ore=3) and s.players[1].hand == cards(ore=1)
    s = with_card("trade-monopoly", hands={1: cards(coin=3), 2: cards(coin=1)})
    s = play(s, "trade-monopoly")
    assert rule_of(s, ChooseCard(BD.ORE)) == RB.PROGRESS_TRADE_MONOPOLY
    s = GAME.apply(s, ChooseCard(D.COIN))
    assert s.players[0].hand == cards(coin=2) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.commercial-harbor")
def test_commercial_harbor() -> None:
    s = with_card("commercial-harbor", hands={0: cards(lumber=2), 1: cards(cloth=1),
                                              2: cards(paper=1)})
    s = play(s, "commercial-harbor")
    assert GAME.actor(s) == 0 and Stop() in GAME.legal_actions(s)
    s = GAME.apply(s, ChooseCard(BD.LUMBER))
    assert GAME.actor(s) == 1 and GAME.legal_actions(s) == (ChooseCard(D.CLOTH),)
    s = GAME.apply(s, ChooseCard(D.CLOTH))
    assert s.players[1].hand == cards(lumber=1) and GAME.actor(s) == 0
    s = GAME.apply(s, Stop())
    assert s.players[0].hand == cards(lumber=1, cloth=1) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.commercial-harbor",
                   "cities_knights/commercial-harbor-order")
def test_commercial_harbor_forces_the_rivals_in_turn_order_passing_none_over() -> None:
    s = with_card("commercial-harbor", hands={0: cards(lumber=2), 1: cards(cloth=1),
                                              2: cards(paper=1)})
    s = play(s, "commercial-harbor")
    # player 1 first: a resource offered to him or the card ended, never player 2 first
    assert s.pending is not None and s.pending.queue == (1, 2)
    assert set(GAME.legal_actions(s)) == {ChooseCard(BD.LUMBER), Stop()}
    ended = GAME.apply(s, Stop())
    assert ended.stage is Stage.MAIN and ended.players[2].hand == cards(paper=1)
    s = GAME.apply(GAME.apply(s, ChooseCard(BD.LUMBER)), ChooseCard(D.CLOTH))
    assert GAME.actor(s) == 0 and s.pending is not None and s.pending.queue == (2,)
    s = GAME.apply(GAME.apply(s, ChooseCard(BD.LUMBER)), ChooseCard(D.PAPER))
    assert s.players[0].hand == cards(cloth=1, paper=1) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/commercial-harbor-at-once",
                   "cities_knights/progress.commercial-harbor")
def test_commercial_harbor_exchanges_follow_its_play_with_nothing_between() -> None:
    s = with_card("commercial-harbor", hands={0: cards(lumber=2, brick=1), 1: cards(cloth=1),
                                              2: cards(paper=1)})
    s = play(s, "commercial-harbor")
    # while the card is in play its player only offers a resource or ends it: no road
    assert set(GAME.legal_actions(s)) == {ChooseCard(BD.LUMBER), ChooseCard(BD.BRICK), Stop()}
    s = GAME.apply(GAME.apply(s, ChooseCard(BD.LUMBER)), ChooseCard(D.CLOTH))
    s = GAME.apply(s, Stop())  # ended after player 1: player 2 is not forced later
    assert s.stage is Stage.MAIN and s.pending is None and s.players[2].hand == cards(paper=1)
    assert not any(isinstance(a, ChooseCard) for a in GAME.legal_actions(s))


@pytest.mark.rules("cities_knights/commercial-harbor-at-once",
                   "cities_knights/progress.commercial-harbor", "cities_knights/build.road",
                   "cities_knights/turn.actor", "cities_knights/commercial-harbor-order")
def test_the_published_commercial_harbor_is_a_credit_used_between_other_steps() -> None:
    # harbor-time=any-time: the play opens a credit on players 1 and 2 (in turn order); the
    # player builds a road, then uses it one exchange a step
    any_time = {"harbor-time": "any-time"}
    s = with_card("commercial-harbor", hands={0: cards(lumber=2, brick=1), 1: cards(cloth=1),
                                              2: cards(paper=1)}, variant=any_time)
    s = play(s, "commercial-harbor")
    assert s.stage is Stage.MAIN and s.pending is None and s.harbor == (1, 2)
    assert GAME.observe(s, "public").commercial_harbor_credit == (1, 2)  # type: ignore
    legal = GAME.legal_actions(s)
    assert HarborExchange(BD.LUMBER) in legal and HarborExchange(BD.BRICK) in legal
    road = next(a for a in legal if type(a).__name__ == "BuildRoad")
    s = GAME.apply(s, road)  # a lumber and the brick spent between the card and its use
    assert HarborExchange(BD.BRICK) not in GAME.legal_actions(s)
    assert rule_of(s, HarborExchange(BD.BRICK)) == RB.PROGRESS_COMMERCIAL_HARBOR
    s = GAME.apply(s, HarborExchange(BD.LUMBER))
    assert s.stage is Stage.CARD and GAME.actor(s) == 1 and s.harbor == (2,)
    assert GAME.legal_actions(s) == (ChooseCard(D.CLOTH),)
    s = GAME.apply(s, ChooseCard(D.CLOTH))
    assert s.stage is Stage.MAIN and s.pending is None and s.harboured == (1,)
    assert s.players[0].hand == cards(cloth=1) and s.players[1].hand == cards(lumber=1)
    # no resource left: player 2 stays in the credit, which lapses at the turn's end
    assert not any(isinstance(a, HarborExchange) for a in GAME.legal_actions(s))
    assert GAME.apply(s, EndTurn()).harbor == ()
    # no resource is needed to play it; a rival with no commodity is passed, the
    # resource kept
    s = with_card("commercial-harbor", hands={1: cards(ore=1), 2: cards(paper=1)},
                  variant=any_time)
    s = play(s, "commercial-harbor")
    assert s.harbor == (1, 2)
    assert not any(isinstance(a, HarborExchange) for a in GAME.legal_actions(s))
    s = attrs.evolve(s, players=(attrs.evolve(s.players[0], hand=cards(grain=1)),
                                 *s.players[1:]))
    s = GAME.apply(s, HarborExchange(BD.GRAIN))
    assert s.stage is Stage.MAIN and s.harbor == (2,) and s.players[0].hand == cards(grain=1)
    # under the default the card is played at once: no credit, no HarborExchange step
    at_once = play(with_card("commercial-harbor", hands={0: cards(lumber=2),
                                                         1: cards(cloth=1)}),
                   "commercial-harbor")
    assert at_once.stage is Stage.CARD and at_once.harbor == ()
    main = GAME.apply(at_once, Stop())
    assert rule_of(main, HarborExchange(BD.LUMBER)) == RB.TURN_ACTOR


@pytest.mark.rules("cities_knights/commercial-harbor-at-once",
                   "cities_knights/progress.commercial-harbor")
def test_a_rival_with_no_commodity_leaves_the_resource_with_its_player_in_both_readings() -> None:
    """The any-time reading says what its step does with a rival holding no commodity:
    no exchange, the resource kept, as the card played at once does."""
    amb = RB.RULES.get_ambiguity("cities_knights/commercial-harbor-at-once")
    any_reading = next(r.summary for r in amb.readings if r.key == "any-time")
    assert "no exchange, the resource kept" in any_reading
    hands = {0: cards(grain=1), 1: cards(ore=1), 2: cards(paper=1)}
    at_once = GAME.apply(play(with_card("commercial-harbor", hands=hands), "commercial-harbor"),
                         ChooseCard(BD.GRAIN))
    any_time = GAME.apply(play(with_card("commercial-harbor", hands=hands,
                                         variant={"harbor-time": "any-time"}),
                               "commercial-harbor"), HarborExchange(BD.GRAIN))
    for s in (at_once, any_time):
        assert s.players[0].hand == cards(grain=1) and s.players[1].hand == cards(ore=1)
        assert s.harboured == ()
    assert at_once.pending is not None and at_once.pending.queue == (2,)
    assert any_time.harbor == (2,) and any_time.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/commercial-harbor-at-once",
                   "cities_knights/commercial-harbor-once",
                   "cities_knights/progress.commercial-harbor")
def test_a_second_harbor_credit_adds_the_rivals_the_reading_forces_again() -> None:
    hands = {0: cards(lumber=4), 1: cards(cloth=2), 2: cards(ore=1)}
    once = make(held={0: progress(commercial_harbor=2)}, hands=hands,  # type: ignore
                variant={"harbor-time": "any-time"}, **BOARD)
    per_card = attrs.evolve(once, config=GAME.config(3, {"harbor-time": "any-time",
                                                        "commercial-harbor": "per-card"}))
    first = [GAME.apply(GAME.apply(play(s, "commercial-harbor"), HarborExchange(BD.LUMBER)),
                        ChooseCard(D.CLOTH)) for s in (once, per_card)]
    assert [(s.harbor, s.harboured) for s in first] == [((2,), (1,))] * 2
    # once a turn: player 1 gave already and player 2 is in the credit, so a second card
    # adds nobody and is not played; under per-card it forces both again
    assert rule_of(first[0], PlayProgress(D.COMMERCIAL_HARBOR)) \
        == RB.PROGRESS_COMMERCIAL_HARBOR
    assert play(first[1], "commercial-harbor").harbor == (2, 1, 2)


@pytest.mark.rules("cities_knights/progress.commercial-harbor",
                   "cities_knights/commercial-harbor-once")
def test_a_second_commercial_harbor_forces_each_rival_once_a_turn() -> None:
    hands = {0: cards(lumber=4), 1: cards(cloth=2), 2: cards(ore=1)}
    for variant, again in (({}, (2,)), ({"commercial-harbor": "per-card"}, (1, 2))):
        s = make(held={0: progress(commercial_harbor=2)}, hands=hands,  # type: ignore
                 variant=variant, **BOARD)
        s = play(s, "commercial-harbor")
        s = GAME.apply(GAME.apply(s, ChooseCard(BD.LUMBER)), ChooseCard(D.CLOTH))
        s = GAME.apply(s, ChooseCard(BD.LUMBER))  # player 2: no commodity, no exchange
        assert s.stage is Stage.MAIN and s.harboured == (1,)
        assert GAME.observe(s, "public").commercial_harbor_traded == (1,)  # type: ignore
        s = play(s, "commercial-harbor")
        # once a turn: player 1 gave his commodity already; player 2 gave none
        assert s.pending is not None and s.pending.queue == again
        assert GAME.apply(s, Stop()).players[1].hand == cards(lumber=1, cloth=1)
    # every rival gave one: a third card finds nobody to force this turn
    s = make(held={0: progress(commercial_harbor=2)}, hands=hands, **BOARD)  # type: ignore
    s = attrs.evolve(s, harboured=(1, 2))
    assert rule_of(s, PlayProgress(D.COMMERCIAL_HARBOR)) == RB.PROGRESS_COMMERCIAL_HARBOR
    assert GAME.apply(s, EndTurn()).harboured == ()  # the next turn forces them again


@pytest.mark.rules("cities_knights/progress.commercial-harbor")
def test_commercial_harbor_shows_nobody_who_holds_a_commodity() -> None:
    one = with_card("commercial-harbor", hands={0: cards(lumber=2), 1: cards(cloth=1),
                                                2: cards(ore=1)})
    two = with_card("commercial-harbor", hands={0: cards(lumber=2), 1: cards(ore=1),
                                                2: cards(cloth=1)})
    assert GAME.observe(one, "public") == GAME.observe(two, "public")
    one, two = play(one, "commercial-harbor"), play(two, "commercial-harbor")
    # the card in play asks every rival in turn, whatever he holds
    assert GAME.observe(one, "public") == GAME.observe(two, "public")
    assert one.pending is not None and one.pending.queue == (1, 2)
    assert GAME.legal_actions(one) == GAME.legal_actions(two)
    # offered a resource, player 1 of the second game has no commodity: no exchange
    two = GAME.apply(two, ChooseCard(BD.LUMBER))
    assert two.players[0].hand == cards(lumber=2) and GAME.actor(two) == 0
    two = GAME.apply(GAME.apply(two, ChooseCard(BD.LUMBER)), ChooseCard(D.CLOTH))
    assert two.players[0].hand == cards(lumber=1, cloth=1) and two.stage is Stage.MAIN
    # nobody holds a commodity: the card is still played, for nothing
    none = with_card("commercial-harbor", hands={0: cards(lumber=1), 1: cards(ore=1)})
    none = GAME.apply(play(none, "commercial-harbor"), ChooseCard(BD.LUMBER))
    assert none.stage is Stage.CARD and none.pending is not None and none.pending.queue == (2,)
    none = GAME.apply(none, ChooseCard(BD.LUMBER))
    assert none.stage is Stage.MAIN and none.players[0].hand == cards(lumber=1)


@pytest.mark.rules("cities_knights/progress.master-merchant")
def test_master_merchant_takes_two_from_a_richer_player() -> None:
    s = with_card("master-merchant", hands={1: cards(wool=1, paper=2)},
                  settlements={46: 2, 50: 1})
    s = play(s, "master-merchant")
    assert GAME.legal_actions(s) == (ChoosePlayer(1),)  # 2 has fewer points
    s = GAME.apply(s, ChoosePlayer(1))
    view = GAME.observe(s, 0)
    assert view.shown_hand == cards(wool=1, paper=2)  # type: ignore[union-attr]
    assert GAME.observe(s, 2).shown_hand == ()  # type: ignore[union-attr]
    s = GAME.apply(GAME.apply(s, ChooseCard(D.PAPER)), ChooseCard(BD.WOOL))
    assert s.players[0].hand == cards(wool=1, paper=1) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/two-from-one", "cities_knights/progress.master-merchant")
def test_master_merchant_takes_the_one_card_of_a_richer_player() -> None:
    s = play(with_card("master-merchant", hands={1: cards(wool=1)}, settlements={50: 1}),
             "master-merchant")
    assert GAME.legal_actions(s) == (ChoosePlayer(1),)  # 3 points, one card
    s = GAME.apply(s, ChoosePlayer(1))
    assert GAME.legal_actions(s) == (ChooseCard(BD.WOOL),)
    s = GAME.apply(s, ChooseCard(BD.WOOL))
    assert s.players[0].hand == cards(wool=1) and not sum(s.players[1].hand)
    assert s.stage is Stage.MAIN and s.pending is None  # the second card is not owed


@pytest.mark.rules("cities_knights/progress.merchant-fleet")
def test_merchant_fleet() -> None:
    s = with_card("merchant-fleet", hands={0: cards(grain=2)})
    s = GAME.apply(play(s, "merchant-fleet"), ChooseCard(BD.GRAIN))
    assert s.fleet == (BD.GRAIN,)
    from rules_oracle.model.catan.actions import MaritimeTrade

    s = GAME.apply(s, MaritimeTrade(BD.GRAIN, BD.ORE))
    assert s.players[0].hand == cards(ore=1)


@pytest.mark.rules("cities_knights/progress.merchant-fleet")
def test_a_second_merchant_fleet_keeps_the_first() -> None:
    # each Fleet's 2:1 lasts "до конца вашего хода": the second adds its card
    s = with_card("merchant-fleet", held={0: progress(merchant_fleet=2)},
                  hands={0: cards(grain=2, ore=2)})
    s = GAME.apply(play(s, "merchant-fleet"), ChooseCard(BD.GRAIN))
    s = GAME.apply(play(s, "merchant-fleet"), ChooseCard(BD.ORE))
    assert s.fleet == (BD.GRAIN, BD.ORE)
    from rules_oracle.model.catan.actions import EndTurn, MaritimeTrade

    s = GAME.apply(GAME.apply(s, MaritimeTrade(BD.GRAIN, BD.WOOL)), MaritimeTrade(BD.ORE, BD.WOOL))
    assert s.players[0].hand == cards(wool=2)
    assert GAME.apply(s, EndTurn()).fleet == ()


@pytest.mark.rules("cities_knights/progress.spy")
def test_spy() -> None:
    s = with_card("spy", held={1: progress(crane=1, smith=1)})
    s = GAME.apply(play(s, "spy"), ChoosePlayer(1))
    assert GAME.observe(s, 0).shown_progress == progress(crane=1, smith=1)  # type: ignore
    s = GAME.apply(s, ChooseProgress(D.SMITH))
    assert s.players[0].progress == progress(smith=1) and s.players[1].progress == \
        progress(crane=1)


@pytest.mark.rules("cities_knights/progress.spy", "cities_knights/own-turn-hand",
                   "cities_knights/progress.hand-limit")
def test_a_spy_taking_a_sixth_card_on_ones_turn_discards_at_once() -> None:
    s = with_card("spy", held={0: progress(spy=1, crane=5), 1: progress(smith=1)})
    s = GAME.apply(GAME.apply(play(s, "spy"), ChoosePlayer(1)), ChooseProgress(D.SMITH))
    assert s.stage is Stage.PROGRESS_DISCARD and GAME.actor(s) == 0
    s = GAME.apply(s, DiscardProgress(D.CRANE))
    assert s.stage is Stage.MAIN and s.pending is None and sum(s.players[0].progress) == 5


@pytest.mark.rules("cities_knights/progress.bishop", "cities_knights/bishop-victims")
def test_bishop_robs_everyone_on_the_hex() -> None:
    # player 2's knight on 36 touches hex 14 too, but only buildings are robbed
    s = with_card("bishop", hands={1: cards(ore=1), 2: cards(wool=1)},
                  knights={36: (2, 1, True)})
    assert rule_of(s, PlayProgress(D.BISHOP)) == RB.ROBBER_NOT_BEFORE_ATTACK
    s = GAME.apply(play(attrs.evolve(s, attacked=True), "bishop"), ChooseHex(14))
    # hex 14 (fields): corners 30 36 41 45 40 35: player 1's city on 40 only
    assert s.robber == 14 and s.stage is Stage.STEAL and s.victims == (1,)
    s = GAME.apply(s, Steal(BD.ORE))
    assert s.players[0].hand == cards(ore=1) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.deserter")
def test_deserter() -> None:
    s = with_card("deserter", knights={41: (1, 2, True)})
    s = GAME.apply(play(s, "deserter"), ChoosePlayer(1))
    assert GAME.actor(s) == 1  # the victim chooses (default)
    s = GAME.apply(s, ChooseNode(41))
    assert s.knight_owner[41] == -1 and GAME.actor(s) == 0
    s = GAME.apply(s, ChooseNode(7))
    assert s.knight_level[7] == 2 and s.players[0].knights == (0, 1, 0)
    mine = with_card("deserter", knights={41: (1, 1, True)}, variant={"deserter": "player"})
    mine = GAME.apply(play(mine, "deserter"), ChoosePlayer(1))
    assert GAME.actor(mine) == 0
    assert GAME.apply(GAME.apply(mine, ChooseNode(41)), Stop()).stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.diplomat")
def test_diplomat_one_or_all_open_roads() -> None:
    s = with_card("diplomat")
    s = play(s, "diplomat")
    assert ChoosePath(LINE[-1]) in GAME.legal_actions(s)
    assert ChoosePath(LINE[0]) not in GAME.legal_actions(s)  # closed at the city
    s = GAME.apply(s, ChoosePath(LINE[-1]))
    assert s.path_owner[LINE[-1]] == -1 and s.players[0].roads == 3
    # "вы можете ее переместить": moved, so not back where it stood
    assert rule_of(s, ChoosePath(LINE[-1])) == RB.PROGRESS_DIPLOMAT
    s = GAME.apply(s, ChoosePath(ELSEWHERE))  # re-placed
    assert s.players[0].roads == 4 and s.path_owner[ELSEWHERE] == 0 and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.diplomat", "cities_knights/diplomat")
def test_diplomat_all_lets_one_move_ones_own_roads() -> None:
    every = play(with_card("diplomat", variant={"diplomat": "all"}), "diplomat")
    assert every.path_owner[LINE[-1]] == -1
    assert every.path_owner[B.NODE_PATHS[40][0]] == -1  # a rival's open road too
    # "Если это ваша собственная дорога, вы можете ее переместить"
    assert every.stage is Stage.CARD and GAME.actor(every) == 0
    acts = GAME.legal_actions(every)
    assert ChoosePath(ELSEWHERE) in acts and Stop() in acts
    assert ChoosePath(LINE[-1]) not in acts
    moved = GAME.apply(every, ChoosePath(ELSEWHERE))
    assert moved.players[0].roads == 4 and moved.stage is Stage.MAIN and moved.pending is None
    kept = GAME.apply(every, Stop())
    assert kept.players[0].roads == 3 and kept.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.intrigue")
def test_intrigue() -> None:
    s = with_card("intrigue", knights={12: (1, 3, True)},
                  roads={**BOARD["roads"], B.path_between(40, 45): 1})  # type: ignore
    s = GAME.apply(play(s, "intrigue"), ChooseNode(12))
    assert s.knight_owner[12] == -1 and s.stage is Stage.DISPLACED and GAME.actor(s) == 1
    # the intersection it was taken from is no free place for it: the card is not undone
    assert ChooseNode(12) not in GAME.legal_actions(s)
    assert rule_of(s, ChooseNode(12)) == RB.PROGRESS_INTRIGUE
    s = GAME.apply(s, ChooseNode(45))
    assert s.knight_owner[45] == 1 and s.knight_level[45] == 3
    assert s.stage is Stage.MAIN and s.knight_node == -1 and s.pending is None


@pytest.mark.rules("cities_knights/progress.intrigue")
def test_intrigue_removes_a_knight_with_no_other_place() -> None:
    # player 1's only road runs from his city on 8 to his knight on 12: once the knight is
    # taken from 12, no other empty intersection touches his roads, so it leaves the board
    s = with_card("intrigue", knights={12: (1, 2, True)},
                  roads={**dict.fromkeys(LINE, 0), B.path_between(8, 12): 1},
                  cities={0: 0, 8: 1})
    s = GAME.apply(play(s, "intrigue"), ChooseNode(12))
    assert s.stage is Stage.MAIN and s.knight_owner[12] == -1
    assert s.players[1].knights == (0, 0, 0) and s.knight_node == -1


@pytest.mark.rules("cities_knights/progress.saboteur")
def test_saboteur() -> None:
    s = with_card("saboteur", hands={1: cards(ore=5), 2: cards(ore=4)})
    s = play(s, "saboteur")
    assert s.stage is Stage.DISCARD and s.discards == (0, 2, 0)  # 2 has fewer points
    from rules_oracle.model.catan.actions import Discard

    assert rule_of(s, Discard(BD.LUMBER)) == RB.PROGRESS_SABOTEUR  # no 7: not the robber's
    s = GAME.apply(GAME.apply(s, Discard(BD.ORE)), Discard(BD.ORE))
    assert s.stage is Stage.MAIN and s.pending is None and s.robber == make().robber


@pytest.mark.rules("cities_knights/saboteur-half", "cities_knights/progress.saboteur")
def test_the_saboteur_halves_an_odd_hand_rounded_down() -> None:
    s = play(with_card("saboteur", hands={1: cards(ore=3, cloth=2)}), "saboteur")
    assert s.discards == (0, 2, 0)


@pytest.mark.rules("cities_knights/saboteur-self", "cities_knights/progress.saboteur")
def test_the_saboteur_spares_its_player_unless_read_otherwise() -> None:
    hands = {0: cards(ore=4), 1: cards(ore=2)}
    s = play(with_card("saboteur", hands=hands), "saboteur")
    assert s.discards == (0, 1, 0)  # its player has as many points as himself, yet keeps all
    s = play(with_card("saboteur", hands=hands, variant={"saboteur": "all"}), "saboteur")
    assert s.discards == (2, 1, 0)


@pytest.mark.rules("cities_knights/progress.warlord")
def test_warlord() -> None:
    s = with_card("warlord", knights={7: (0, 1, False), 12: (0, 2, False)})
    s = play(s, "warlord")
    assert s.knight_active[7] and s.knight_active[12] and s.stage is Stage.MAIN
    assert rule_of(with_card("warlord"), PlayProgress(D.WARLORD)) == RB.PROGRESS_WARLORD


@pytest.mark.rules("cities_knights/progress.wedding")
def test_wedding() -> None:
    s = with_card("wedding", hands={1: cards(ore=1, coin=2)}, settlements={46: 2, 50: 1})
    s = play(s, "wedding")
    assert GAME.actor(s) == 1
    s = GAME.apply(GAME.apply(s, ChooseCard(BD.ORE)), ChooseCard(D.COIN))
    assert s.players[0].hand == cards(ore=1, coin=1) and s.stage is Stage.MAIN
    assert rule_of(with_card("wedding"), PlayProgress(D.WEDDING)) == RB.PROGRESS_WEDDING


@pytest.mark.rules("cities_knights/progress.alchemist")
def test_alchemist_sets_the_dice() -> None:
    s = with_card("alchemist", stage=Stage.PRE_ROLL)
    s = GAME.apply(GAME.apply(play(s, "alchemist"), ChooseNumber(6)), ChooseNumber(2))
    assert s.dice == (6, 2) and s.stage is Stage.EVENT
    assert rule_of(with_card("alchemist"), PlayProgress(D.ALCHEMIST)) == RB.PROGRESS_ALCHEMIST


@pytest.mark.rules("cities_knights/progress.crane")
def test_crane() -> None:
    s = with_card("crane", hands={0: cards(cloth=1)}, held={0: progress(crane=2)})
    s = play(s, "crane")
    assert rule_of(s, PlayProgress(D.CRANE)) == RB.PROGRESS_CRANE
    s = GAME.apply(s, Improve(D.TRADE))
    assert s.players[0].levels == (1, 0, 0) and s.players[0].hand == cards(cloth=1)
    assert s.crane == 2  # used


@pytest.mark.rules("cities_knights/progress.engineer")
def test_engineer() -> None:
    s = GAME.apply(play(with_card("engineer"), "engineer"), ChooseNode(0))
    assert s.walls[0] and s.players[0].walls == 1


@pytest.mark.rules("cities_knights/progress.inventor")
def test_inventor() -> None:
    s = play(with_card("inventor"), "inventor")
    assert ChooseHex(4) not in GAME.legal_actions(s)  # a 6
    s = GAME.apply(GAME.apply(s, ChooseHex(0)), ChooseHex(10))
    assert s.tokens[0] == 3 and s.tokens[10] == 10


@pytest.mark.rules("cities_knights/progress.inventor", "cities_knights/progress-nothing-chosen")
def test_inventor_may_swap_equal_numbers_unless_refused() -> None:
    """Hexes 0 and 6 both bear a 10: '2 числа' are two tokens, equal ones too by default;
    under nothing-chosen=refused the swap must change a number."""
    s = GAME.apply(play(with_card("inventor"), "inventor"), ChooseHex(0))
    assert s.tokens[0] == s.tokens[6] == 10 and ChooseHex(6) in GAME.legal_actions(s)
    s = GAME.apply(s, ChooseHex(6))
    assert s.tokens[0] == s.tokens[6] == 10 and s.stage is Stage.MAIN
    strict = play(with_card("inventor", variant={"nothing-chosen": "refused"}), "inventor")
    strict = GAME.apply(strict, ChooseHex(0))
    assert ChooseHex(6) not in GAME.legal_actions(strict)
    assert ChooseHex(10) in GAME.legal_actions(strict)
    assert rule_of(strict, ChooseHex(6)) == RB.PROGRESS_INVENTOR


@pytest.mark.rules("cities_knights/progress.irrigation", "cities_knights/progress.mining")
def test_irrigation_and_mining() -> None:
    s = play(with_card("irrigation", cities={0: 0, 12: 0}), "irrigation")
    assert s.players[0].hand == cards(grain=2)  # hex 3 only
    s = play(with_card("mining"), "mining")
    assert s.players[0].hand == cards(ore=2)  # hex 0


@pytest.mark.rules("cities_knights/harvest-robber", "cities_knights/progress.irrigation")
def test_the_robbers_hex_counts_for_irrigation() -> None:
    s = attrs.evolve(with_card("irrigation", cities={0: 0, 12: 0}), robber=3)
    assert play(s, "irrigation").players[0].hand == cards(grain=2)  # hex 3, robbed


@pytest.mark.rules("cities_knights/progress.irrigation", "cities_knights/production.shortage")
def test_irrigation_from_a_short_bank_takes_what_remains() -> None:
    """The one player owed grain takes the bank's last card, as base Catan's single owed
    player does."""
    s = with_card("irrigation", cities={0: 0, 12: 0})
    s = attrs.evolve(s, bank=(*s.bank[:3], 1, *s.bank[4:]))
    s = play(s, "irrigation")
    assert s.players[0].hand == cards(grain=1) and s.bank[3] == 0


@pytest.mark.rules("cities_knights/progress.medicine")
def test_medicine() -> None:
    s = with_card("medicine", settlements={17: 0, 46: 2}, hands={0: cards(ore=2, grain=1)})
    s = GAME.apply(play(s, "medicine"), ChooseNode(17))
    assert s.node_level[17] == 2 and s.players[0].hand == cards()
    assert rule_of(with_card("medicine", settlements={17: 0}), PlayProgress(D.MEDICINE)) \
        == RB.PROGRESS_MEDICINE


@pytest.mark.rules("cities_knights/progress.road-building")
def test_road_building() -> None:
    s = play(with_card("road-building"), "road-building")
    s = GAME.apply(s, ChoosePath(B.path_between(17, 22)))
    s = GAME.apply(s, ChoosePath(B.path_between(22, 28)))
    assert s.players[0].roads == 6 and s.stage is Stage.MAIN and s.longest == 0


@pytest.mark.rules("cities_knights/progress.road-building", "cities_knights/road-building-both")
def test_road_building_may_stop_after_the_first_road_under_its_reading() -> None:
    s = GAME.apply(play(with_card("road-building"), "road-building"),
                   ChoosePath(B.path_between(17, 22)))
    assert s.stage is Stage.CARD and Stop() not in GAME.legal_actions(s)  # "Постройте 2"
    loose = attrs.evolve(s, config=GAME.config(3, {"road-building": "may-stop"}))
    assert Stop() in GAME.legal_actions(loose)
    loose = GAME.apply(loose, Stop())
    assert loose.players[0].roads == 5 and loose.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.smith")
def test_smith() -> None:
    s = with_card("smith", knights={7: (0, 1, False), 12: (0, 2, True)})
    s = play(s, "smith")
    assert ChooseNode(12) not in GAME.legal_actions(s)  # no fortress
    s = GAME.apply(s, ChooseNode(7))
    assert s.knight_level[7] == 2 and s.stage is Stage.MAIN  # nothing else to promote


@pytest.mark.rules("cities_knights/progress.smith", "cities_knights/progress-nothing-chosen")
def test_smith_may_promote_none_unless_refused() -> None:
    """"Улучшите до 2 рыцарей": up to 2, no least; under nothing-chosen=refused the first
    promotion is the card's order and only the second may be left."""
    knights = {7: (0, 1, False), 22: (0, 1, True)}
    s = play(with_card("smith", knights=knights), "smith")
    assert Stop() in GAME.legal_actions(s)
    s = GAME.apply(s, Stop())
    assert s.knight_level[7] == 1 and s.stage is Stage.MAIN
    assert s.under[D.SCIENCE] == (D.SMITH,)  # the card is spent
    strict = play(with_card("smith", knights=knights, variant={"nothing-chosen": "refused"}),
                  "smith")
    assert Stop() not in GAME.legal_actions(strict)
    assert rule_of(strict, Stop()) == RB.PROGRESS_SMITH
    strict = GAME.apply(strict, ChooseNode(7))
    assert strict.stage is Stage.CARD and Stop() in GAME.legal_actions(strict)
    strict = GAME.apply(strict, Stop())
    assert strict.knight_level[7] == 2 and strict.knight_level[22] == 1


@pytest.mark.rules("cities_knights/progress.printer", "cities_knights/progress.constitution")
def test_vp_cards_lie_face_up() -> None:
    from rules_oracle.model.cities_knights.progress import gain_progress

    s = gain_progress(gain_progress(make(**BOARD), 0, D.PRINTER), 0, D.CONSTITUTION)
    assert s.players[0].vp_cards == 2 and sum(s.players[0].progress) == 0


@pytest.mark.rules("cities_knights/commercial-harbor-once")
def test_commercial_harbor_readings_disagree_on_the_seed_the_search_finds() -> None:
    """Two Commercial Harbors in one turn are rare: `--seeds 64` finds seed 63 (3 players,
    uniform play, a turn late in the game)."""
    from rules_oracle.oracle.witness import find_witness

    witness = find_witness(GAME, "cities_knights/commercial-harbor-once", seeds=[63],
                           players=[3], limit=3000)
    assert witness is not None and "pending.queue" in witness.difference


@pytest.mark.rules("cities_knights/progress-without-effect", "cities_knights/progress.play",
                   "cities_knights/progress.smith", "cities_knights/progress.warlord")
def test_a_card_that_can_do_nothing_is_unplayable_or_spent() -> None:
    held = {0: progress(smith=1, warlord=1, crane=2)}
    s = make(held=held, **BOARD)  # type: ignore[arg-type]  # no knight at all
    assert rule_of(s, PlayProgress(D.SMITH)) == RB.PROGRESS_SMITH
    assert rule_of(s, PlayProgress(D.WARLORD)) == RB.PROGRESS_WARLORD
    spent = make(held=held, variant={"progress-useless": "spent"}, **BOARD)  # type: ignore
    assert {PlayProgress(D.SMITH), PlayProgress(D.WARLORD)} <= set(GAME.legal_actions(spent))
    spent = play(spent, "smith")
    assert spent.stage is Stage.MAIN and spent.pending is None
    assert spent.players[0].progress == progress(warlord=1, crane=2)
    assert spent.under[D.SCIENCE] == (D.SMITH,)
    # the Crane's own limit stands under either reading
    spent = play(spent, "crane")
    assert spent.crane == 1 and rule_of(spent, PlayProgress(D.CRANE)) == RB.PROGRESS_CRANE


@pytest.mark.rules("cities_knights/progress.inventor", "cities_knights/progress.smith",
                   "cities_knights/progress.merchant", "cities_knights/progress.bishop")
def test_whether_a_card_has_a_choice_is_whether_its_whole_list_has_one() -> None:
    """Over seeded 4-player games: for every card kind's first step from each main and
    pre-roll state, and each card in play, the answer found up to the first choice is
    whether the whole list of choices has one."""
    from rules_oracle.model.cities_knights import progress as P
    from rules_oracle.model.cities_knights.game import LINKS
    from rules_oracle.model.core.play import playout

    answers: set[bool] = set()
    for seed in (0, 1):
        for step in playout(GAME, GAME.config(4), seed, "eager"):
            s = step.state
            if s.stage in (Stage.MAIN, Stage.PRE_ROLL):
                for k in range(D.N_PROGRESS_KINDS):
                    pd = P._first(s, k)
                    has = P._has_options(s, pd, LINKS)
                    assert has == bool(P._options(s, pd, LINKS)), (seed, step.index, k)
                    answers.add(has)
            elif s.stage is Stage.CARD and s.pending is not None:
                assert P._has_options(s, s.pending, LINKS) == bool(P.card_actions(s, LINKS))
    assert answers == {True, False}
