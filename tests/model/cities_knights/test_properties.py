"""Invariants over seeded games, and a corrupted state breaking each; quotes; determinism."""

import random

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import digest, structure, to_json, unstructure
from rules_oracle.model.core.ops import bump
from rules_oracle.model.core.play import choose
from rules_oracle.properties import cities_knights as props
from rules_oracle.properties.cities_knights import (
    INVARIANTS,
    TRANSITION_INVARIANTS,
    bounds,
    cards_conserved,
    levels_never_fall,
    nonnegative,
    pending_work,
    pieces,
    progress_conserved,
    road_lengths,
    score,
    turn_structure,
)
from tests.model.cities_knights.helpers import cards, chain, make, progress

BOARD = {"cities": {0: 0, 40: 1}, "roads": dict.fromkeys(chain(0, 3, 7, 12, 17), 0)}


def played(players: int, seed: int, policy: str = "uniform", limit: int = 4000
           ) -> list[CKState]:
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players))
    states = [state]
    while not GAME.is_terminal(state) and len(states) < limit:
        state = GAME.apply(state, choose(GAME, state, rng, policy))
        states.append(state)
    return states


@pytest.mark.rules("cities_knights/turn.actor")
@pytest.mark.parametrize(("players", "policy"), [(3, "eager"), (4, "uniform")])
def test_seeded_play_keeps_every_invariant(players: int, policy: str) -> None:
    states = played(players, 7, policy)
    for before, after in zip(states[::7], states[1::7], strict=False):
        for inv in INVARIANTS:
            assert inv(before) == [], inv.__name__
        for tinv in TRANSITION_INVARIANTS:
            assert tinv(before, None, after) == []


def _player(state: CKState, seat: int, **changes: object) -> CKState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, players=tuple(players))


def test_cards_conserved_can_fail() -> None:
    s = make(hands={0: cards(cloth=1)}, **BOARD)  # type: ignore[arg-type]
    assert cards_conserved(s) == []
    assert cards_conserved(attrs.evolve(s, bank=D.BANK_START))


def test_progress_conserved_can_fail() -> None:
    s = make(held={0: progress(spy=1)}, **BOARD)  # type: ignore[arg-type]
    assert progress_conserved(s) == []
    assert progress_conserved(attrs.evolve(s, deck=D.PROGRESS_COUNTS))
    assert progress_conserved(_player(s, 1, progress=progress(printer=1)))
    assert progress_conserved(_player(s, 1, vp_cards=1))
    # a spy put under the deck of the science colour, not its own (politics)
    moved = attrs.evolve(s, deck=bump(s.deck, D.SPY, -1), under=((), (), (D.SPY,)))
    assert progress_conserved(moved)
    assert progress_conserved(attrs.evolve(moved, under=((), (D.SPY,), ()))) == []


def test_progress_conserved_is_kept_for_the_same_cards_only() -> None:
    """The count is given again while the decks, spent cards and hands are the very same
    objects (another field changed), and made anew for a new hand, even an equal one."""
    s = make(held={0: progress(spy=1)}, **BOARD)  # type: ignore[arg-type]
    assert progress_conserved(s) == []
    kept, computed = props._PROGRESS.kept, props._PROGRESS.computed
    assert progress_conserved(attrs.evolve(s, trades=s.trades + 1)) == []
    assert (props._PROGRESS.kept, props._PROGRESS.computed) == (kept + 1, computed)
    broken = _player(s, 1, progress=progress(printer=1))
    assert progress_conserved(broken)
    assert progress_conserved(_player(broken, 1, progress=progress())) == []
    assert props._PROGRESS.computed == computed + 2


def test_nonnegative_can_fail() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert nonnegative(s) == []
    assert nonnegative(_player(s, 0, hand=cards(ore=-1)))


def test_pieces_can_fail() -> None:
    s = make(knights={7: (0, 1, True)}, walls=(0,), metropolis=(0, -1, -1),
             levels={0: (4, 0, 0)}, **BOARD)  # type: ignore[arg-type]
    assert pieces(s) == []
    assert pieces(_player(s, 0, roads=2))
    assert pieces(_player(s, 0, knights=(3, 0, 0)))
    assert pieces(attrs.evolve(s, knight_level=(0,) * B.N_NODES))
    assert pieces(attrs.evolve(s, node_level=(1, *s.node_level[1:])))
    assert pieces(_player(s, 0, levels=(3, 0, 0)))
    assert pieces(attrs.evolve(s, metropolis=(-1, -1, -1)))
    assert pieces(attrs.evolve(s, knight_owner=(0, *s.knight_owner[1:]),
                               knight_level=(1, *s.knight_level[1:])))


def test_bounds_can_fail() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert bounds(s) == []
    assert bounds(attrs.evolve(s, barbarians=D.TRACK))
    assert bounds(attrs.evolve(s, defenders_left=5))
    assert bounds(_player(s, 0, levels=(6, 0, 0)))
    # past the 6 cards (defender-cards-out=point) only once none is left
    assert bounds(attrs.evolve(_player(s, 0, defenders=7), defenders_left=0)) == []
    assert bounds(attrs.evolve(_player(s, 0, defenders=7), defenders_left=1))


def test_score_can_fail() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert score(s) == []
    assert score(_player(s, 0, vp=5))
    assert score(attrs.evolve(s, longest=1))


def test_road_lengths_can_fail() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert road_lengths(s) == []
    assert road_lengths(_player(s, 0, road_length=1))


def test_turn_structure_can_fail() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert turn_structure(s) == []
    assert turn_structure(attrs.evolve(s, discards=(1, 0, 0)))
    assert turn_structure(attrs.evolve(s, stage=Stage.CARD))
    assert turn_structure(attrs.evolve(s, winner=1))
    assert turn_structure(_player(s, 0, vp=13))
    assert turn_structure(_player(s, 1, progress=progress(spy=3, smith=2)))
    # on his turn 5 are held, never a 6th (cities_knights/own-turn-hand's no_witness)
    assert turn_structure(_player(s, 0, progress=progress(spy=3, smith=2))) == []
    assert turn_structure(_player(s, 0, progress=progress(spy=3, smith=3)))
    assert turn_structure(attrs.evolve(s, turn=5))


def test_pending_work_can_fail() -> None:
    s = make(**BOARD)  # type: ignore[arg-type]
    assert pending_work(s) == []
    assert pending_work(attrs.evolve(s, victims=(1,)))
    assert pending_work(attrs.evolve(s, stage=Stage.REDUCE))
    assert pending_work(attrs.evolve(s, metro_kind=0))
    from rules_oracle.model.cities_knights.state import Pending

    assert pending_work(attrs.evolve(s, pending=Pending(D.SPY)))
    assert pending_work(attrs.evolve(s, knight_node=7))  # a moving knight in stage main
    assert pending_work(attrs.evolve(s, stage=Stage.ROBBER, knight_node=7)) == []  # a chase


def test_levels_never_fall_can_fail() -> None:
    s = make(levels={0: (2, 0, 0)}, **BOARD)  # type: ignore[arg-type]
    assert levels_never_fall(s, None, s) == []
    assert levels_never_fall(s, None, _player(s, 0, levels=(1, 0, 0)))


@pytest.mark.rules("cities_knights/turn.actor")
def test_states_round_trip_and_digest_alike() -> None:
    states = played(3, 3, limit=1500)
    for s in states[::97]:
        again = structure(unstructure(s), CKState)
        assert again == s and digest(again) == digest(s)
        assert to_json(again) == to_json(s)
    assert GAME.max_steps(GAME.config(4)) > len(played(4, 1, limit=10 ** 9))
