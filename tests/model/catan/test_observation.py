"""Catan observations: hands, development cards (victory points included) and the deck are
seen as sizes by the rivals and in full by their holder."""

import random
from typing import Any

import attrs
import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.actions import Counter, OfferCard, Propose
from rules_oracle.model.catan.game import Catan
from rules_oracle.model.catan.observation import PlayerView, PublicView
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.core import CHANCE, PUBLIC, Viewer
from rules_oracle.properties import observation as O
from rules_oracle.properties.registry import hidden_twins
from tests.model.catan.helpers import GAME, cards, make, road

VP_CARD = (0, 1, 0, 0, 0)
KNIGHT_CARD = (1, 0, 0, 0, 0)


def _public(state: CatanState) -> PublicView:
    view = GAME.observe(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


def _player(state: CatanState, seat: int) -> PlayerView:
    view = GAME.observe(state, seat)
    assert isinstance(view, PlayerView)
    return view


def _holding_vp() -> CatanState:
    return make(3, settlements={0: 0, 10: 1, 40: 2}, hands={1: cards(ore=2, wool=1)},
                developments={1: VP_CARD}, turn=0)


def _holding_knight() -> CatanState:
    """The same as :func:`_holding_vp` but for a knight in place of the victory point card."""
    return make(3, settlements={0: 0, 10: 1, 40: 2}, hands={1: cards(ore=2, wool=1)},
                developments={1: KNIGHT_CARD}, turn=0)


@pytest.mark.rules("catan/development.victory-point", "catan/components.development-deck")
def test_a_victory_point_card_is_seen_only_by_its_holder() -> None:
    state = _holding_vp()
    seat = _public(state).seats[1]
    assert seat.development_cards == 1 and seat.public_victory_points == 1
    assert _public(state).development_deck_size == 24
    mine = _player(state, 1)
    assert mine.developments == VP_CARD and mine.victory_points == 2
    assert _player(state, 0).public == _public(state)
    twin = O.Twin(_holding_knight(), (1,), "the VP card is a knight")
    assert O.check_twin(GAME, state, twin) == []


@pytest.mark.rules("catan/components.resource-cards")
def test_hands_are_seen_as_sizes() -> None:
    state = _holding_vp()
    public = _public(state)
    assert [s.hand_size for s in public.seats] == [0, 3, 0]
    assert public.bank == tuple(19 - n for n in cards(ore=2, wool=1))
    assert _player(state, 1).hand == cards(ore=2, wool=1)
    assert _player(state, 2).hand == cards()


@pytest.mark.rules("catan/seven.steal")
def test_a_steal_names_the_victim_not_the_card() -> None:
    state = attrs.evolve(_holding_vp(), stage=Stage.STEAL, victim=1, dice=(3, 4))
    public = _public(state)
    assert public.stage is Stage.STEAL and public.to_act == CHANCE and public.robbed == 1
    assert public.dice == (3, 4)


class PointsShown(Catan):
    """Public points count the victory point cards."""

    def observe(self, state: CatanState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        public = view if isinstance(view, PublicView) else view.public
        seats = tuple(attrs.evolve(s, public_victory_points=pl.vp
                                   + pl.developments[D.VICTORY_POINT])
                      for s, pl in zip(public.seats, state.players, strict=True))
        public = attrs.evolve(public, seats=seats)
        return public if isinstance(view, PublicView) else attrs.evolve(view, public=public)


class KnightsLeft(Catan):
    """The deck's size is given as the knights left in it."""

    def observe(self, state: CatanState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, PublicView):
            return attrs.evolve(view, development_deck_size=state.deck[D.KNIGHT])
        return attrs.evolve(view, public=attrs.evolve(view.public,
                                                      development_deck_size=state.deck[0]))


@pytest.mark.rules("catan/development.victory-point")
def test_public_points_counting_victory_cards_are_caught() -> None:
    twin = O.Twin(_holding_knight(), (1,), "the VP card is a knight")
    found = O.check_twin(PointsShown(), _holding_vp(), twin)
    assert found and {v.invariant for v in found} == {O.PUBLIC_HIDES}
    assert "seats[1].public_victory_points" in found[0].message


@pytest.mark.rules("catan/components.development-deck")
def test_a_view_of_the_decks_contents_is_caught() -> None:
    game = KnightsLeft()
    run = O.run_observations(game, game.config(4), 2, hidden_twins("catan"), every=40,
                             limit=60)
    assert run.violations
    assert {v.invariant for v in run.violations} == {O.PUBLIC_HIDES}


@pytest.mark.rules("catan/trade.domestic", "catan/components.resource-cards")
def test_a_counter_offer_keeps_the_hand_of_the_player_on_turn_hidden() -> None:
    # player 0 offers lumber for ore; player 1 builds a counter-offer
    s = make(3, settlements={20: 0}, roads={road(20, 25): 0},
             hands={0: cards(lumber=3, wool=1), 1: cards(ore=1, brick=2), 2: cards(grain=2)})
    for a in (OfferCard(True, D.LUMBER), OfferCard(False, D.ORE), Propose(), Counter()):
        s = GAME.apply(s, a)
    assert GAME.actor(s) == 1
    twins = [t for seed in range(40) for t in hidden_twins("catan")(s, random.Random(seed))]
    # the twins move the unnamed cards of a trading player too (wool, grain, brick)
    assert {t.changed for t in twins} >= {(0, 1), (0, 2), (1, 2)}
    on_turn = [t for t in twins if t.changed == (0, 2)]
    assert all(t.state.players[0].hand[D.LUMBER] == 3 for t in twins)
    assert all(O.check_indistinguishable(GAME, s, t) == [] for t in on_turn)


@pytest.mark.rules("catan/development.victory-point", "catan/victory.ten", "catan/hidden-points")
def test_the_winner_shows_the_victory_point_cards_that_won() -> None:
    """Victory point cards stay hidden until their holder reveals them to win: the public
    view of the finished game counts the winner's (and only the winner's)."""
    from rules_oracle.model.catan.actions import BuyDevelopment, Draw

    roads = {road(20, 25): 0, road(31, 36): 0, road(0, 4): 0, road(41, 46): 0, road(12, 17): 0}
    s = make(cities={20: 0, 31: 0, 41: 0}, settlements={0: 0, 12: 0, 40: 1}, roads=roads,
             developments={0: (1, 1, 0, 0, 0), 1: VP_CARD},
             hands={0: cards(wool=1, grain=1, ore=1)})
    s = GAME.apply(s, BuyDevelopment())
    before = _public(s)
    assert [x.public_victory_points for x in before.seats] == [8, 1, 0]  # still hidden
    s = GAME.apply(s, Draw(D.VICTORY_POINT))
    assert s.stage is Stage.OVER and s.winner == 0
    after = _public(s)
    # 8 public points and the two victory point cards revealed; player 1's card stays hidden
    assert [x.public_victory_points for x in after.seats] == [10, 1, 0]
    assert _player(s, 0).victory_points == 10 and _player(s, 1).victory_points == 2
    # the cards that won are no longer hidden: a twin without one is seen by everyone
    twin = attrs.evolve(s, players=(attrs.evolve(s.players[0], developments=(0, 3, 0, 0, 0)),
                                    *s.players[1:]))
    assert _public(twin).seats[0].public_victory_points == 11
    # twins move only what stays hidden: never the cards the winner showed
    for seed in range(20):
        for made in hidden_twins("catan")(s, random.Random(seed)):
            assert made.state.players[0].developments[D.VICTORY_POINT] == 2, made.what
            assert O.check_twin(GAME, s, made) == []
