"""Burgundy observations: face-down goods and hex stacks are seen as sizes; a phase's goods
are drawn (and seen) when the phase begins; no player holds a secret in the basic game."""

import itertools
import random
from fractions import Fraction

import attrs
import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.actions import DrawGoods, SellGoods, WarehouseSell
from rules_oracle.model.burgundy.game import GAME, turn_order
from rules_oracle.model.burgundy.observation import PlayerView, PublicView
from rules_oracle.model.burgundy.state import BurgundyState, Stage
from rules_oracle.model.core import CHANCE, PUBLIC
from rules_oracle.model.core.play import choose, playout
from tests.model.burgundy.helpers import first_turn
from tests.model.burgundy.test_turn import rejects


def _public(state: BurgundyState) -> PublicView:
    view = GAME.observe(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


@pytest.mark.rules("burgundy/setup.goods-stacks", "burgundy/phase.round-goods")
def test_a_phases_goods_are_drawn_when_it_begins() -> None:
    state = GAME.setup(GAME.config(2))
    assert _public(state).goods_stacks == (5, 5, 5, 5, 5)
    assert _public(state).goods_reserve == 17
    while state.stage is not Stage.GOODS:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    # after the players' draws and the phase's hexes, the state holds no goods kind that
    # lies face down: only how many of each kind nobody has seen
    assert state.goods_stacks == () and state.phase == 0
    assert sum(state.goods_pool) == 42 - 6
    outs = GAME.chance_outcomes(state)
    assert outs == tuple((DrawGoods(k + 1), Fraction(n, 36))
                         for k, n in enumerate(state.goods_pool) if n)
    for kind in (3, 5):
        state = GAME.apply(state, DrawGoods(kind))
    public = _public(state)
    assert public.stage is Stage.GOODS and public.to_act == CHANCE
    assert public.goods_stacks == (3, 5, 5, 5, 5) and public.round_goods == (3, 5)
    assert public.goods_reserve == 17 - 6
    rejects(attrs.evolve(state, goods_pool=(0, *state.goods_pool[1:])), DrawGoods(1),
            "burgundy/phase.round-goods")
    for kind in (3, 1, 6):
        state = GAME.apply(state, DrawGoods(kind))
    assert state.stage is Stage.ROLL and state.goods_stacks == (3, 5, 3, 1, 6)
    assert _public(state).goods_stacks == (0, 5, 5, 5, 5)


@pytest.mark.rules("burgundy/setup.goods-stacks", "burgundy/phase.round-goods")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_face_down_goods_follow_from_what_is_seen(players: int) -> None:
    """What the state keeps of the face-down goods (counts per kind) is 7 per kind less
    the goods the view shows: the state hides nothing the table does not."""
    for step in itertools.islice(playout(GAME, GAME.config(players), players), 0, None, 7):
        s, view = step.state, _public(step.state)
        for k in range(6):
            seen = (view.round_goods.count(k + 1) + sum(g[k] for g in view.depot_goods)
                    + sum(seat.goods[k] + seat.sold_goods[k] for seat in view.seats))
            assert s.goods_pool[k] == 7 - seen
        assert sum(s.goods_pool) == sum(view.goods_stacks) + view.goods_reserve


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


def test_the_phase_letter_stays_e_once_the_game_is_over() -> None:
    state = attrs.evolve(first_turn(2), stage=Stage.OVER, phase=D.PHASES)
    assert _public(state).phase == "E" and _public(state).to_act == CHANCE


@pytest.mark.rules("burgundy/game.end", "burgundy/phase.five-phases")
def test_a_finished_game_shows_the_last_round_it_played() -> None:
    """The game ends after phase E's fifth round: its view says E, round 5, as the last
    turn's view did, not round 1."""
    rng = random.Random(3)
    state = GAME.setup(GAME.config(3))
    last = state
    while state.stage is not Stage.OVER:
        last = state
        state = GAME.apply(state, choose(GAME, state, rng, "eager"))
    before, after = _public(last), _public(state)
    assert (before.phase, before.round) == ("E", D.ROUNDS)
    assert (after.phase, after.round) == ("E", D.ROUNDS)


@pytest.mark.rules("burgundy/round.roll", "burgundy/round.turn-order")
def test_before_a_rounds_roll_the_view_keeps_the_last_rounds_order_and_white_die() -> None:
    """Until a round's roll, the view's turn order and white die are the last round's (0
    and empty before the first roll); the seats' track gives the coming order."""
    rng = random.Random(5)
    state = GAME.setup(GAME.config(3))
    assert (_public(state).white_die, _public(state).turn_order) == (0, ())
    last = state
    while not (state.stage is Stage.ROLL and state.round == 1):
        last = state
        state = GAME.apply(state, choose(GAME, state, rng, "eager"))
    view = _public(state)
    assert (view.round, view.white_die, view.turn_order) == (2, last.white, last.order)
    coming = turn_order(state.players)
    while state.stage is Stage.ROLL:
        state = GAME.apply(state, choose(GAME, state, rng))
    assert _public(state).turn_order == coming


@pytest.mark.rules("burgundy/sold-goods-view", "burgundy/action.sell",
                   "burgundy/building.warehouse")
def test_sold_goods_by_kind_follow_from_the_open_sales() -> None:
    """The view counts each player's face-down sold goods by kind: a viewer who saw each
    sale (its kind, and the seller's face-up goods before it) counts the same."""
    amb = GAME.rules.get_ambiguity("burgundy/sold-goods-view")
    assert amb.default == "counted" and amb.option is None
    rng = random.Random(3)
    state = GAME.setup(GAME.config(3))
    counted = [[0] * 6 for _ in range(3)]
    sales = 0
    while state.stage is not Stage.OVER:
        before = _public(state)
        action = choose(GAME, state, rng)
        if isinstance(action, SellGoods | WarehouseSell):
            seat = before.to_act
            counted[seat][action.kind - 1] += before.seats[seat].goods[action.kind - 1]
            sales += 1
        state = GAME.apply(state, action)
        assert [list(seat.sold_goods) for seat in _public(state).seats] == counted
    assert sales > 0


@pytest.mark.rules("burgundy/phase.round-goods", "burgundy/round.place-goods",
                   "burgundy/turn.effects-first")
def test_remembered_round_goods_are_the_states_own() -> None:
    """The view's round goods (one tuple per goods drawn and count laid) are the state's
    goods still to come, and its pending effects the state's, at every step of a seeded
    4-player game; two successive views of unchanged goods share them (so their text is
    written once)."""
    from rules_oracle.model.burgundy.observation import Effect

    before: PublicView | None = None
    was: BurgundyState | None = None
    shared = 0
    for step in playout(GAME, GAME.config(4), 3):
        s = step.state
        view = _public(s)
        assert view.round_goods == s.goods_stacks[s.goods_next:]
        assert view.pending == tuple(Effect(p.kind, p.arg, p.pair) for p in s.pending)
        if before is not None and was is not None and was.goods_stacks == s.goods_stacks \
                and was.goods_next == s.goods_next:
            assert view.round_goods is before.round_goods
            shared += 1
        before, was = view, s
    assert shared > 500


@pytest.mark.rules("burgundy/components.hex-tiles", "burgundy/setup.silver")
def test_only_the_set_up_states_step_shows_the_set_up() -> None:
    """The set-up's rules are shown by a step from the set-up state alone (the state is
    compared with the set-up state only when its face-down goods are the set-up's), at
    every step of a seeded game, and by a step from a copy of the set-up state."""
    from rules_oracle.model.burgundy import rules as RB
    from rules_oracle.model.core.ops import evolve

    config = GAME.config(3)
    start = GAME.setup(config)
    state = start
    firsts = 0
    for step in playout(GAME, config, 4):
        shows = RB.COMPONENTS_HEX_TILES in GAME.effect_rules(state, step.action, step.state)
        assert shows == (state == start)
        firsts += shows
        state = step.state
    assert firsts == 1
    copy = evolve(start, goods_pool=tuple(start.goods_pool))
    first = GAME.chance_outcomes(copy)[0][0]
    assert RB.COMPONENTS_HEX_TILES in GAME.effect_rules(copy, first, GAME.apply(copy, first))
    drawn = evolve(start, goods_pool=(0, *start.goods_pool[1:]))
    assert RB.COMPONENTS_HEX_TILES not in GAME.effect_rules(drawn, first, GAME.apply(copy, first))
