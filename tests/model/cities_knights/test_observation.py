"""Observations: what the public and each player see; hidden hands and progress cards."""

import random

import attrs
import pytest

from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.actions import PlayProgress
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.observation import PlayerView, PublicView
from rules_oracle.model.cities_knights.state import Pending, Stage
from rules_oracle.model.core.play import playout
from rules_oracle.properties.cities_knights_hidden import public_step_differences, twins
from rules_oracle.properties.observation import Twin, check_twin
from tests.model.cities_knights.helpers import cards, chain, make, progress

BOARD = {"cities": {0: 0, 40: 1}, "roads": dict.fromkeys(chain(0, 3, 7, 12, 17), 0)}


@pytest.mark.rules("cities_knights/progress.hand-limit")
def test_hands_and_progress_cards_are_sizes_in_public() -> None:
    s = make(hands={0: cards(ore=2, cloth=1)}, held={1: progress(spy=1, crane=1)},
             knights={7: (0, 2, True)}, **BOARD)  # type: ignore[arg-type]
    pub = GAME.observe(s, "public")
    assert isinstance(pub, PublicView)
    assert pub.seats[0].hand_size == 3 and pub.seats[1].progress_cards == 2
    assert pub.knight_level[7] == 2 and pub.knight_active[7]
    assert not pub.knight_activated_this_turn[7] and not pub.knight_promoted_this_turn[7]
    assert pub.progress_deck_sizes == (18, 17, 17)  # a spy (politics), a crane (science)
    mine = GAME.observe(s, 1)
    assert isinstance(mine, PlayerView) and mine.public == pub
    assert mine.progress == progress(spy=1, crane=1) and mine.hand == cards()
    assert mine.shown_hand == () and mine.shown_progress == ()
    assert GAME.observe(s, 0).hand == cards(ore=2, cloth=1)  # type: ignore[union-attr]
    # a state sharing the players shares the seats; one whose hand changed has its own
    other = attrs.evolve(s, offers=1)
    assert GAME.observe(other, "public").seats is pub.seats  # type: ignore[union-attr]
    richer = attrs.evolve(s, players=(attrs.evolve(s.players[0], hand=cards(ore=3)),
                                      *s.players[1:]))
    seats = GAME.observe(richer, "public").seats  # type: ignore[union-attr]
    assert seats[0].hand_size == 3 and seats[1:] == pub.seats[1:] and seats is not pub.seats
    # the decks' sizes likewise: shared with the same decks, counted anew after a draw or
    # with cards under a deck
    assert GAME.observe(other, "public").progress_deck_sizes is pub.progress_deck_sizes  # type: ignore[union-attr]
    drawn = attrs.evolve(s, deck=(s.deck[0] - 1, *s.deck[1:]))
    assert GAME.observe(drawn, "public").progress_deck_sizes == (17, 17, 17)  # type: ignore[union-attr]
    under = attrs.evolve(drawn, under=((), (D.SPY,), ()))
    assert GAME.observe(under, "public").progress_deck_sizes == (17, 18, 17)  # type: ignore[union-attr]
    assert GAME.observe(s, "public").progress_deck_sizes == (18, 17, 17)  # type: ignore[union-attr]


def test_twins_hide_what_they_change() -> None:
    s = make(hands={0: cards(ore=2), 1: cards(wool=1)}, held={2: progress(spy=1)},
             **BOARD)  # type: ignore[arg-type]
    found = twins(s, random.Random(1))
    assert len(found) == 2
    for twin in found:
        assert GAME.observe(twin.state, "public") == GAME.observe(s, "public")
        for seat in range(3):
            same = GAME.observe(twin.state, seat) == GAME.observe(s, seat)
            assert same == (seat not in twin.changed)


@pytest.mark.rules("cities_knights/spent-progress-cards", "cities_knights/progress-discard-shown")
def test_the_kinds_under_a_deck_are_hidden() -> None:
    s = make(held={0: progress(crane=1)}, **BOARD)  # type: ignore[arg-type]
    s = attrs.evolve(s, deck=tuple(n - (k == D.MINING) for k, n in enumerate(s.deck)),
                     under=((), (), (D.MINING,)))
    found = [t for t in twins(s, random.Random(3)) if "under" in t.what]
    assert len(found) == 1 and found[0].state.under == ((), (), (D.CRANE,))
    assert check_twin(GAME, s, found[0]) == []
    assert GAME.observe(s, "public").progress_deck_sizes == (18, 18, 17)  # type: ignore


@pytest.mark.rules("cities_knights/progress.master-merchant", "cities_knights/progress.spy")
def test_twins_cover_a_card_in_play_but_not_the_cards_it_shows() -> None:
    s = make(hands={0: cards(ore=2), 1: cards(wool=1), 2: cards(grain=1)},
             held={1: progress(spy=1), 2: progress(crane=1)}, **BOARD)  # type: ignore[arg-type]
    for card, step in ((D.COMMERCIAL_HARBOR, 0), (D.MASTER_MERCHANT, 1), (D.SPY, 1)):
        playing = attrs.evolve(s, stage=Stage.CARD, pending=Pending(card, step=step, target=1))
        found = twins(playing, random.Random(2))
        assert found  # stage card is covered
        for twin in found:
            assert check_twin(GAME, playing, twin) == []
            if card == D.MASTER_MERCHANT and step:
                assert all(sum(twin.state.players[1].hand) == 1 and
                           twin.state.players[1].hand == s.players[1].hand for twin in found)
            if card == D.SPY:
                assert twin.state.players[1].progress == s.players[1].progress


@pytest.mark.rules("cities_knights/progress.commercial-harbor")
def test_states_a_player_cannot_tell_apart_play_alike_for_him() -> None:
    # the same legal actions, and public views still equal after the same step, but for the
    # steps whose rules show a rival's cards (REVEALS)
    rng = random.Random(5)
    tried = 0
    for step in playout(GAME, GAME.config(3), 2, "eager"):
        if step.index % 4 or step.index > 1200:
            continue
        for twin in twins(step.state, rng):
            tried += 1
            assert public_step_differences(step.state, twin, limit=12) == []
    assert tried > 100



@pytest.mark.rules("cities_knights/progress.resource-monopoly")
def test_a_difference_after_a_public_step_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_oracle.properties import cities_knights_hidden as H

    s = make(hands={0: cards(lumber=1), 1: cards(ore=2), 2: cards(wool=2)},
             held={0: progress(resource_monopoly=1)}, **BOARD)  # type: ignore[arg-type]
    s = GAME.apply(s, PlayProgress(D.RESOURCE_MONOPOLY))
    twin = next(t for t in twins(s, random.Random(1)) if t.changed == (1, 2))
    # the monopoly shows what the rivals hold of the named card: a named reveal
    assert public_step_differences(s, twin) == []
    monkeypatch.setattr(H, "REVEALS", {})
    assert any("public views differ" in d for d in public_step_differences(s, twin))
    # a "twin" that changes the actor's own cards unannounced changes his legal actions
    own = Twin(attrs.evolve(s, stage=Stage.MAIN, pending=None, players=(
        attrs.evolve(s.players[0], hand=cards(brick=1)), *s.players[1:])), (1,), "bogus")
    assert public_step_differences(attrs.evolve(s, stage=Stage.MAIN, pending=None), own)
