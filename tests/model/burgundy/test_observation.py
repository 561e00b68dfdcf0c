"""Burgundy observations: face-down goods and hex stacks are seen as sizes; a phase's goods
are seen once the phase begins; no player holds a secret."""

from typing import Any

import attrs
import pytest

from model.burgundy import data as D
from model.burgundy.game import Burgundy
from model.burgundy.observation import PlayerView, PublicView
from model.burgundy.state import BurgundyState, Stage
from model.core import CHANCE, PUBLIC, Viewer
from properties import observation as O
from properties.registry import hidden_twins
from tests.model.burgundy.helpers import GAME, first_turn


def _public(state: BurgundyState) -> PublicView:
    view = GAME.observe(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


@pytest.mark.rules("burgundy/setup.goods-stacks")
def test_goods_stacks_are_face_down_while_drawn() -> None:
    state = GAME.setup(GAME.config(2))
    for kind in (3, 1, 4, 1, 5, 6, 2):
        state = GAME.apply(state, GAME.chance_outcomes(state)[kind - 1][0])
    public = _public(state)
    assert public.stage is Stage.GOODS and public.to_act == CHANCE
    assert public.goods_stacks == (5, 2, 0, 0, 0)
    assert public.round_goods == ()
    assert public.goods_reserve == 42 - 7


@pytest.mark.rules("burgundy/phase.round-goods", "burgundy/setup.player-goods",
                   "burgundy/phase.fill-depots")
def test_a_phases_goods_are_seen_when_it_begins() -> None:
    state = first_turn(3, seed=4)
    public = _public(state)
    assert public.phase == "A" and public.round == 1 and public.stage is Stage.PLAY
    assert public.round_goods == state.goods_stacks[1:5]  # round 1's went to a depot
    assert public.goods_stacks == (0, 5, 5, 5, 5)
    assert public.goods_reserve == 17 - 3 * 3
    assert sum(map(sum, public.depot_goods)) == 1
    assert public.hex_stacks == tuple(sum(s) for s in state.supply)
    assert public.to_act == state.order[0] and public.turn_order == state.order
    assert public.seats[0].goods == state.players[0].goods


def test_a_player_sees_the_public_view() -> None:
    state = first_turn(2)
    view = GAME.observe(state, 1)
    assert view == PlayerView(viewer=1, public=_public(state), castle_choice=-1)


class StacksShown(Burgundy):
    """The round goods show the face-down stacks of the later phases too."""

    def observe(self, state: BurgundyState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        shown = state.goods_stacks[state.goods_next:]
        if isinstance(view, PublicView):
            return attrs.evolve(view, round_goods=shown)
        return attrs.evolve(view, public=attrs.evolve(view.public, round_goods=shown))


class ReserveShown(Burgundy):
    """The view shows how many goods of kind 1 the reserve holds."""

    def observe(self, state: BurgundyState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        count = state.goods_pool[0] + state.goods_box[0]
        if isinstance(view, PublicView):
            return attrs.evolve(view, goods_reserve=count)
        return attrs.evolve(view, public=attrs.evolve(view.public, goods_reserve=count))


@pytest.mark.rules("burgundy/setup.goods-stacks")
@pytest.mark.parametrize("leaky", [StacksShown, ReserveShown])
def test_a_view_of_face_down_goods_is_caught(leaky: type[Burgundy]) -> None:
    game = leaky()
    run = O.run_observations(game, game.config(2), 1, hidden_twins("burgundy"), every=3,
                             limit=50)
    assert run.violations
    assert {v.invariant for v in run.violations} == {O.PUBLIC_HIDES}


def test_the_phase_letter_stays_e_once_the_game_is_over() -> None:
    state = attrs.evolve(first_turn(2), stage=Stage.OVER, phase=D.PHASES)
    assert _public(state).phase == "E" and _public(state).to_act == CHANCE
