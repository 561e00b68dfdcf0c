"""Observations: hands and the stack are seen as sizes by the rivals (a hand in full by its
holder); the market, the discard pile and the tableaus lie open."""

import random

import pytest

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards.actions import TradeRival
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.observation import PlayerView, PublicView
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core import CHANCE, PUBLIC
from rules_oracle.model.core.ops import bump, evolve, put
from rules_oracle.properties import observation as O
from rules_oracle.properties.catan_cards_hidden import EXEMPT, twins
from tests.model.catan_cards.helpers import cards, make, seat


def _public(state: CardsState) -> PublicView:
    view = GAME.observe(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


def _player(state: CardsState, p: int) -> PlayerView:
    view = GAME.observe(state, p)
    assert isinstance(view, PlayerView)
    return view


def _state() -> CardsState:
    return make(3, {0: seat(cards(clay=2, ore=1), roads=3, knights=1),
                    1: seat(cards(wool=4), cities=1, buildings=(0, 1, 0, 0, 0))},
                market=cards(ore=2, grain=3), discard=cards(lumber=2))


@pytest.mark.rules("catan_cards/setup.hands", "catan_cards/setup.market")
def test_hands_are_sizes_the_market_is_open() -> None:
    s = _state()
    pub = _public(s)
    assert pub.market == cards(ore=2, grain=3) and pub.discard_pile == cards(lumber=2)
    assert pub.resource_stack_size == 67 - 5 - 3 - 4 - 2
    assert [x.hand_size for x in pub.seats] == [3, 4, 0]
    assert pub.seats[0].roads_a_side == 2 and pub.seats[0].knights_a_side == 1
    assert pub.seats[1].victory_points == 1 + 2 + 3 and pub.seats[1].buildings == (0, 1, 0, 0, 0)
    assert pub.exchanges_allowed == 2 and pub.to_act == 0 and pub.fate_side == D.WHITE
    mine = _player(s, 0)
    assert mine.hand == cards(clay=2, ore=1) and mine.public == pub and mine.viewer == 0
    assert _player(s, 1).hand == cards(wool=4)


@pytest.mark.rules("catan_cards/setup.settlement-stack")
def test_city_events_are_unseen_by_everyone() -> None:
    pub = _public(_state())
    assert pub.unseen_events == (4, 5) and pub.revealed_events == (0, 2)
    assert pub.settlement_stack_size == 11 - 3 - 2


def test_a_chance_step_has_nobody_to_act() -> None:
    s = evolve(_state(), stage=Stage.DRAW, drawing=(0,), resume=Stage.TRADE)
    assert _public(s).to_act == CHANCE and _public(s).cards_owed == (0,)


def test_a_swapped_hand_card_is_seen_by_its_holder_only() -> None:
    s = _state()
    players = put(s.players, 0, evolve(s.players[0], hand=bump(bump(s.players[0].hand,
                                                                   D.CLAY, -1), D.GRAIN)))
    twin = evolve(s, players=players, stack=bump(bump(s.stack, D.GRAIN, -1), D.CLAY))
    assert O.check_twin(GAME, s, O.Twin(twin, (0,), "a clay for a grain of the stack")) == []
    assert _public(twin) == _public(s) and _player(twin, 1) == _player(s, 1)
    assert _player(twin, 0) != _player(s, 0)


def test_the_twins_are_twins() -> None:
    s = _state()
    found = twins(s, random.Random(3))
    assert len(found) == 2
    for twin in found:
        assert O.check_twin(GAME, s, twin) == [], twin.what
    assert sorted(len(t.changed) for t in found) == [1, 2]


def test_a_view_names_its_viewer() -> None:
    with pytest.raises(ValueError):
        GAME.observe(_state(), 3)


@pytest.mark.rules("catan_cards/development.convert", "catan_cards/convert-source")
def test_the_three_for_one_shows_whether_the_stack_holds_the_resource() -> None:
    """Player 0 cannot tell the two states apart (a wool of the stack swapped for a clay of
    player 1's hand), yet the 3-for-1 for wool is legal in one only: a named exception to
    ``observation/indistinguishable``, reported when the exception is left out."""
    s = make(3, {0: seat(cards(ore=3)), 1: seat(cards(clay=2))}, stage=Stage.DEVELOP,
             discard=cards(ore=1))
    s = evolve(s, stack=cards(clay=5, lumber=5, ore=5, wool=1, grain=5))
    players = put(s.players, 1, evolve(s.players[1], hand=cards(clay=1, wool=1)))
    twin = O.Twin(evolve(s, players=players, stack=bump(bump(s.stack, D.WOOL, -1), D.CLAY)),
                  (1,), "a clay of player 1's hand swapped for the stack's wool")
    assert O.check_twin(GAME, s, twin) == []
    found = O.check_indistinguishable(GAME, s, twin)
    assert [v.invariant for v in found] == [O.INDISTINGUISHABLE]
    assert "Convert" in found[0].message and "player 0 cannot tell" in found[0].message
    assert O.check_indistinguishable(GAME, s, twin, EXEMPT) == []
    assert [e.source for e in EXEMPT] == ["catan_cards/convert-source"]


@pytest.mark.rules("catan_cards/trade.library", "catan_cards/trade.library-once")
def test_the_library_sees_no_hand_before_its_exchange() -> None:
    """The library lets its owner choose a card of the hand of the rival he exchanges with
    ("при обмене вы можете выбрать одну карту с руки соперника"), not look at every
    rival's hand: in the trade phase his legal actions and his view are the same whatever
    the rivals hold; once the exchange with one has begun (stage choose), his view shows
    that rival's hand (``shown_hand``), which he chooses from, and nobody else's view does."""
    lib = seat(cards(clay=1, lumber=1), roads=3, settlements=0, buildings=(1, 0, 0, 0, 0))
    s = make(3, {0: lib, 1: seat(cards(ore=1, wool=1)), 2: seat(cards(grain=2))})
    players = put(s.players, 1, evolve(s.players[1], hand=cards(wool=1, grain=1)))
    players = put(players, 2, evolve(players[2], hand=cards(ore=1, grain=1)))
    twin = O.Twin(evolve(s, players=players), (1, 2),
                  "an ore of player 1's hand swapped for a grain of player 2's")
    assert O.check_twin(GAME, s, twin) == []
    assert GAME.legal_actions(s) == GAME.legal_actions(twin.state)
    assert O.check_indistinguishable(GAME, s, twin) == []
    assert _player(s, 0).shown_hand == ()
    looking, other = (GAME.apply(x, TradeRival(1)) for x in (s, twin.state))
    assert _player(looking, 0).shown_hand == cards(ore=1, wool=1)
    assert _player(other, 0).shown_hand == cards(wool=1, grain=1)
    assert _player(looking, 2).shown_hand == () and _player(looking, 1).shown_hand == ()
    assert _public(looking) == _public(other)
    # the twins of a state of the choice leave the shown rival's hand alone: his view
    # tells every other state apart, so no exception to indistinguishability is needed
    for t in twins(looking, random.Random(5)):
        assert 1 not in t.changed and O.check_twin(GAME, looking, t) == [], t.what
        assert O.check_indistinguishable(GAME, looking, t) == []
    blind = GAME.apply(looking, TradeRival(1))
    assert blind.stage is Stage.RIVAL_DRAW and _player(blind, 0).shown_hand == ()
