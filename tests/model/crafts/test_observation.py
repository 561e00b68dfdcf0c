"""Crafts observations: what each viewer sees of hands, face-down cards, the deck and the
open piles."""

import attrs
import pytest

from rules_oracle.model.core import CHANCE, PUBLIC, canon
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.actions import Apply, Commit, Redraw, Scout, Stop
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.observation import MageDiscards, PlayerView, PublicView, ScoutingPick
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import CARD, cards, commit, make, res, resolving, run


def _public(state: object) -> PublicView:
    view = GAME.observe(state, PUBLIC)  # type: ignore[arg-type]
    assert isinstance(view, PublicView)
    return view


def _player(state: object, seat: int) -> PlayerView:
    view = GAME.observe(state, seat)  # type: ignore[arg-type]
    assert isinstance(view, PlayerView)
    return view


@pytest.mark.rules("crafts/play.commit")
def test_a_committed_card_is_face_down_until_all_reveal() -> None:
    state = make(3, hands={0: cards(farm=1, castle=1), 1: cards(farm=2), 2: cards(fair=1)})
    state = run(state, GAME.legal_actions(state)[0])  # player 0 commits his first kind
    assert state.phase == Stage.COMMIT and state.committed[0] == CARD["farm"]
    public = _public(state)
    assert public.revealed == (-1, -1, -1)
    assert public.hand_sizes == (2, 2, 1)  # the face-down card is not seen to leave
    assert _player(state, 0).face_down_card == CARD["farm"]
    assert _player(state, 1).face_down_card == -1
    assert _player(state, 0).hand == cards(castle=1)


@pytest.mark.rules("crafts/play.commit", "crafts/play.actions-first")
def test_revealed_cards_are_public() -> None:
    state = make(2, hands={0: cards(farm=1), 1: cards(fair=1)})
    state = commit(state, {0: "farm", 1: "fair"})
    public = _public(state)
    assert public.stage == "resolve"
    assert public.revealed == (CARD["farm"], CARD["fair"])
    assert public.to_act == 1  # the action card resolves first
    assert _player(state, 0).face_down_card == -1


@pytest.mark.rules("crafts/market.six-cards", "crafts/play.table")
def test_market_tables_discard_and_boards_are_open() -> None:
    market = cards(farm=2, castle=1, theft=3)
    state = make(2, phase=Stage.MARKET, market=market, discard=cards(fair=2),
                 table={1: cards(lumber_mill=1)}, boards={0: res(wood=2)},
                 hands={0: cards(farm=5), 1: cards(farm=1)})
    public = _public(state)
    assert public.stage == "market" and public.to_act == 0
    assert public.market == market
    assert public.discard == cards(fair=2)
    assert public.tables[1] == cards(lumber_mill=1)
    assert public.boards[0] == res(wood=2)
    assert public.deck_size == sum(state.deck) == D.TOTAL_CARDS - 6 - 2 - 1 - 6
    assert public.hand_sizes == (5, 1)


@pytest.mark.rules("crafts/card.mage-tower", "crafts/card.mage-discard")
def test_a_mages_discards_are_public() -> None:
    state = resolving(2, 0, "mage_tower", boards={0: res(kvass=1, potion=1)})
    state = run(state, Apply())
    assert GAME.actor(state) == CHANCE
    pending = _public(state).pending
    assert pending == MageDiscards(player=0, left=3)
    assert _public(state).hand_sizes == (0, 0)  # the 5 cards are still to draw
    assert _public(state).cards_to_draw[0] == 5


@pytest.mark.rules("crafts/card.scouting")
def test_a_scoutings_pick_names_scout_and_target_but_not_the_card() -> None:
    state = resolving(2, 0, "scouting", hands={1: cards(castle=1, farm=1)})
    state = run(state, Scout(1))
    public = _public(state)
    assert public.pending == ScoutingPick(scout=0, target=1)
    assert public.to_act == CHANCE and public.hand_sizes == (0, 2)
    assert _player(state, 1).hand == cards(castle=1, farm=1)


def test_views_have_canonical_json_and_reject_bad_viewers() -> None:
    state = make(2, hands={0: cards(farm=1)})
    view = _player(state, 0)
    assert canon.structure(canon.unstructure(view), PlayerView) == view
    assert canon.unstructure(view)["public"]["type"] == "PublicView"
    with pytest.raises(ValueError, match="player index 0-1"):
        GAME.observe(state, 2)


@pytest.mark.rules("crafts/round.refill", "crafts/market.free-first")
def test_a_new_rounds_deal_shows_no_passes_exchanges_or_declines_yet() -> None:
    state = make(2, phase=Stage.MARKET, round=2, hands={0: cards(farm=3), 1: cards(farm=5)},
                 passed=(False, True), exchanges=(2, 1), declined=(1, 0))
    assert state.phase == Stage.MARKET
    dealing = attrs.evolve(state, phase=Stage.DEAL, owed=(2, 0))
    public = _public(dealing)
    assert public.stage == "deal" and public.to_act == CHANCE
    assert public.cards_to_draw == (2, 0)
    assert public.passed == (False, False)
    assert public.exchanges == (0, 0) and public.declined == (0, 0)
    assert _public(state).exchanges == (2, 1)  # in the market they count
    assert _public(state).passed == (False, True)


@pytest.mark.rules("crafts/discard-open", "crafts/market.redraw")
def test_a_redrawn_hand_is_seen_on_the_open_discard_pile() -> None:
    state = make(2, phase=Stage.MARKET, market=cards(farm=6),
                 hands={0: cards(castle=2, theft=3), 1: cards(fair=5)})
    state = run(state, Redraw())
    public = _public(state)
    assert public.cards_to_draw == (5, 0) and public.hand_sizes == (0, 5)
    assert public.discard == cards(castle=2, theft=3)
    assert _player(state, 1).public.discard == cards(castle=2, theft=3)


@pytest.mark.rules("crafts/commit-seen", "crafts/play.commit", "crafts/play.may-stop")
def test_a_later_seat_sees_nothing_of_the_steps_choices_until_the_reveal() -> None:
    """The registered default (hidden, the text's 'одновременно'): the step's choices are
    taken one seat after another, but a seat choosing later sees neither whether an earlier
    one laid a card or stopped nor which card; the stop and the card are seen at the reveal."""
    state = make(3, hands={0: cards(farm=1), 1: cards(farm=1), 2: cards(fair=1)})
    before = _public(state)
    state = run(state, Stop())
    assert state.phase == Stage.COMMIT and state.passed[0] and state.stopped == 1
    seen = _player(state, 1)
    assert seen.public.passed == (False, False, False) and not seen.stopped
    assert _player(state, 0).stopped and _public(state).hand_sizes == before.hand_sizes
    laid = run(state, GAME.legal_actions(state)[0])  # seat 1 lays its farm face down
    seen = _player(laid, 2)
    assert seen.public.passed == (False, False, False) and seen.face_down_card == -1
    assert seen.public.hand_sizes == before.hand_sizes == (1, 1, 1)
    assert _player(laid, 1).face_down_card == CARD["farm"]
    assert _player(laid, 1).public == seen.public
    # had seat 0 laid a card instead, seat 2 would see the same
    other = run(run(make(3, hands={0: cards(farm=1), 1: cards(farm=1), 2: cards(fair=1)}),
                    Commit(CARD["farm"])), Commit(CARD["farm"]))
    assert _player(other, 2) == seen
    # seat 2's stop closes the step: the stop is seen, the laid farm turned over
    done = run(laid, Stop())
    assert done.stopped == 0 and _public(done).passed == (True, False, True)
    assert _public(done).revealed[1] == CARD["farm"] and _public(done).hand_sizes == (1, 0, 1)
