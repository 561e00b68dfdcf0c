"""Components, set-up, phases and rounds, the game's end."""

import random
from fractions import Fraction

import attrs
import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    DrawGoods,
    DrawHex,
    EndTurn,
    FirstPlayer,
    Roll,
    TakeWorkers,
)
from rules_oracle.model.burgundy.game import GAME, turn_order
from rules_oracle.model.burgundy.state import BurgundyState, Stage
from rules_oracle.model.core import CHANCE, TERMINAL
from rules_oracle.model.core.play import choose
from rules_oracle.oracle.witness import compare_readings
from tests.model.burgundy.helpers import actor, edit, first_turn, me
from tests.model.burgundy.test_turn import rejects


def run_until(state: BurgundyState, stage: Stage, seed: int = 0) -> BurgundyState:
    rng = random.Random(seed)
    while state.stage is not stage:
        state = GAME.apply(state, choose(GAME, state, rng))
    return state


@pytest.mark.rules("burgundy/components.hex-tiles", "burgundy/components.goods")
def test_component_counts_match_the_text() -> None:
    total = sum(sum(c) for c in D.BACK_COUNTS)
    assert total == 164
    per_colour: dict[str, int] = {}
    for stack in D.STACKS:
        for tile, n in stack:
            per_colour[D.TILE_COLOUR[tile]] = per_colour.get(D.TILE_COLOUR[tile], 0) + n
    assert per_colour == {D.BUILDING: 56, D.PASTURE: 28, D.KNOWLEDGE: 26, D.CASTLE: 16,
                          D.MINE: 12, D.RIVER: 26}
    assert sum(D.BACK_COUNTS[D.BLACK]) == 40
    black = dict(D.STACKS[D.BLACK])
    assert sum(black[b] for b in D.BUILDINGS) == 16 and black[D.SHIP] == 6
    assert len({t for t in D.TILES if t.startswith("knowledge")}) == 26
    assert D.GOODS_PER_KIND * D.GOODS_KINDS == 42


@pytest.mark.rules("burgundy/components.hex-tiles", "burgundy/setup.start-castle")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_castles_come_from_the_castle_stack(players: int) -> None:
    state = GAME.setup(GAME.config(players))
    assert state.supply[D.CASTLE_BACK] == (14 - players,)
    assert all(pl.estate.count(D.CASTLE_TILE) == 1 for pl in state.players)
    assert sum(state.box) == 0
    black = dict(D.STACKS[D.BLACK])[D.CASTLE_TILE]
    assert state.supply[D.CASTLE_BACK][0] + players + black == 16


def test_board_1_has_37_spaces_and_cities_of_1_5_3_3() -> None:
    b = D.BOARD1
    assert b.size == 37 and [len(r.split()) for r in D.BOARD1_ROWS] == [4, 5, 6, 7, 6, 5, 4]
    cities = sorted(len(a) for a in b.areas if b.colour[a[0]] == D.BUILDING)
    assert cities == [1, 3, 3, 5]
    assert b.colour[b.start] == D.CASTLE and b.number[b.start] == 6
    assert len(b.neighbours[b.start]) == 6
    assert {c: len(b.colour_spaces[c]) for c in D.COLOURS} == {
        D.BUILDING: 12, D.PASTURE: 6, D.RIVER: 6, D.CASTLE: 4, D.KNOWLEDGE: 6, D.MINE: 3}
    assert all(x in b.neighbours[y] for x in range(37) for y in b.neighbours[x])


@pytest.mark.rules(
    "burgundy/setup.goods-stacks", "burgundy/setup.player-goods", "burgundy/setup.start-castle",
    "burgundy/setup.silver",
)
def test_goods_stacks_reserve_and_player_goods() -> None:
    s = GAME.setup(GAME.config(3))
    # the stacks and the reserve are face down: the players draw from all 42 unseen goods
    assert GAME.actor(s) == CHANCE and s.stage is Stage.START_GOODS
    outs = GAME.chance_outcomes(s)
    assert outs == tuple((DrawGoods(k), Fraction(1, 6)) for k in range(1, 7))
    s = run_until(s, Stage.FIRST)
    assert all(sum(p.goods) == 3 for p in s.players)
    assert s.goods_stacks == () and sum(s.goods_pool) == 42 - 9  # 25 stacked + 8 reserve
    for p in s.players:
        assert p.estate[D.BOARD1.start] == "castle" and p.silver == 1
        assert sum(1 for t in p.estate if t) == 1
    rejects(GAME.setup(GAME.config(2)), DrawGoods(7), RB.SETUP_PLAYER_GOODS)


@pytest.mark.rules(
    "burgundy/setup.first-player", "burgundy/setup.workers", "burgundy/setup.turn-order",
    "burgundy/setup.white-die",
)
@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_first_player_workers_and_track(first: int) -> None:
    s = run_until(GAME.setup(GAME.config(4)), Stage.FIRST)
    assert [a for a, _ in GAME.chance_outcomes(s)] == [FirstPlayer(i) for i in range(4)]
    rejects(s, FirstPlayer(4), RB.SETUP_FIRST_PLAYER)
    s = GAME.apply(s, FirstPlayer(first))
    for i, p in enumerate(s.players):
        assert p.workers == 1 + (i - first) % 4 and p.track_space == 0
    assert turn_order(s.players) == tuple((first + k) % 4 for k in range(4))
    s = run_until(s, Stage.PLAY)
    assert actor(s) == first  # the first player holds the white die and plays first


@pytest.mark.rules(
    "burgundy/phase.fill-depots", "burgundy/phase.black-depot", "burgundy/phase.round-goods",
)
@pytest.mark.parametrize("plan", sorted(D.DEPOT_PLANS))
@pytest.mark.parametrize(("players", "spaces", "black"), [(2, 12, 4), (3, 18, 6), (4, 24, 8)])
def test_phase_fill_by_player_count(players: int, spaces: int, black: int, plan: str) -> None:
    s = run_until(GAME.setup(GAME.config(players, {"depots": plan})), Stage.FILL)
    back = D.FILL_PLANS[(plan, players, 0)][0][1]
    assert [a for a, _ in GAME.chance_outcomes(s)] == [DrawHex(t) for t in D.BACK_KINDS[back]]
    s = run_until(s, Stage.ROLL)
    assert sum(len(d) for d in s.depots) == spaces and len(s.black) == black
    for d, tiles in enumerate(s.depots, start=1):
        want = sorted(D.BACKS[b] for b, least in D.DEPOT_PLANS[plan][d - 1] if least <= players)
        got = sorted(D.BACKS[0 if D.TILE_COLOUR[t] == D.BUILDING else
                             D.BACKS.index(D.TILE_COLOUR[t])] for t in tiles)
        if players != 3 or d != 6:
            assert got == want
    assert all(D.TILE_COLOUR[t] for t in s.black)


@pytest.mark.rules("burgundy/phase.three-player-depot-6")
@pytest.mark.parametrize("plan", sorted(D.DEPOT_PLANS))
def test_three_players_depot_6_castle_or_mine(plan: str) -> None:
    # depot 6's dark-green space is the one used from 3 players on
    assert D.DEPOT_PLANS[plan][5][2] == (D.CASTLE_BACK, 3)
    for phase, tile in enumerate(["castle", "mine", "castle", "mine", "castle"]):
        third = [D.BACKS[b] for d, b in D.FILL_PLANS[(plan, 3, phase)] if d == 6][2]
        assert third == tile
        assert [D.BACKS[b] for d, b in D.FILL_PLANS[(plan, 4, phase)] if d == 6][2] == "castle"


def _per_phase(plan: str, players: int, phase: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for d, back in D.FILL_PLANS[(plan, players, phase)]:
        if d:
            out[D.BACKS[back]] = out.get(D.BACKS[back], 0) + 1
    return out


@pytest.mark.rules("burgundy/phase.fill-depots", "burgundy/phase.three-player-depot-6")
def test_published_depot_plan_matches_the_data_checks() -> None:
    # data/README.md, "Game board": the checks stated for the published plan
    assert _per_phase("published", 4, 0) == {"building": 8, "river": 4, "pasture": 4,
                                             "knowledge": 4, "castle": 2, "mine": 2}
    assert _per_phase("published", 3, 0) == {"building": 6, "river": 3, "pasture": 3,
                                             "knowledge": 3, "castle": 2, "mine": 1}
    assert _per_phase("published", 3, 1) == {"building": 6, "river": 3, "pasture": 3,
                                             "knowledge": 3, "castle": 1, "mine": 2}
    assert _per_phase("published", 2, 0) == {"building": 4, "river": 2, "pasture": 2,
                                             "knowledge": 2, "castle": 1, "mine": 1}
    # with 4 players five phases use up every coloured-back stack exactly
    state = GAME.setup(GAME.config(4))
    for back in range(6):
        drawn = sum(1 for ph in range(D.PHASES) for d, b in D.FILL_PLANS[("published", 4, ph)]
                    if d and b == back)
        assert drawn == sum(state.supply[back])
    assert GAME.config(4).option("depots") == "published"


@pytest.mark.rules(
    "burgundy/round.roll", "burgundy/round.place-goods", "burgundy/round.white-die-unusable",
)
def test_roll_then_goods_to_the_white_dies_depot() -> None:
    s = run_until(GAME.setup(GAME.config(2)), Stage.ROLL)
    assert GAME.chance_outcomes(s) == tuple((Roll(v), f) for v, f in
                                            zip(range(1, 7), [GAME.chance_outcomes(s)[0][1]] * 6,
                                                strict=True))
    goods = s.goods_stacks[0]
    s = GAME.apply(s, Roll(4))  # the white die
    for v in (1, 2, 3, 5):
        s = GAME.apply(s, Roll(v))
    assert s.stage is Stage.PLAY and s.white == 4
    assert s.depot_goods[3][goods - 1] == 1 and s.goods_next == 1
    dice = sorted(v for p in s.players for v in p.dice)
    assert dice == [1, 2, 3, 5]  # the white die is nobody's action die
    assert all(getattr(a, "die", 0) in (0, 1) for a in GAME.legal_actions(s))


@pytest.mark.rules("burgundy/phase.five-phases", "burgundy/phase.clear")
def test_phase_clear_keeps_goods() -> None:
    s = attrs.evolve(first_turn(2), round=4, turn=1)
    s = edit(s, dice=(0, 0))
    dg = s.depot_goods
    left = sum(len(d) for d in s.depots) + len(s.black)
    boxed = sum(s.box)
    s = GAME.apply(s, EndTurn())
    assert s.phase == 1 and s.stage is Stage.FILL
    assert sum(s.box) == boxed + left
    assert s.depot_goods == dg


@pytest.mark.rules(
    "burgundy/game.end", "burgundy/game.end-goods", "burgundy/game.end-silver",
    "burgundy/game.end-workers", "burgundy/game.end-storage", "burgundy/game.over",
)
def test_game_end_scoring() -> None:
    s = attrs.evolve(first_turn(2), phase=4, round=4, turn=1)
    s = edit(s, dice=(0, 0), goods=(1, 2, 0, 0, 0, 0), silver=3, workers=5, vp=40,
             storage=("bank", "ship"), tiles={24: "mine"})
    p = actor(s)
    s = GAME.apply(s, EndTurn())
    assert GAME.actor(s) == TERMINAL and GAME.is_terminal(s)
    # mine +1 silver at the last phase end, then 3 goods + 4 silver + 2 worker pairs
    assert s.players[p].vp == 40 + 3 + 4 + 2
    rejects(s, TakeWorkers(0), RB.GAME_OVER)


@pytest.mark.rules("burgundy/game.tie-break")
def test_tie_breaks() -> None:
    s = attrs.evolve(first_turn(2), stage=Stage.OVER)
    s = edit(s, 0, vp=50)
    s = edit(s, 1, vp=50, tiles={11: "bank"})
    assert GAME.winners(s) == (0,)  # more empty spaces
    s = edit(s, 0, tiles={25: "bank"})
    later = turn_order(s.players)[-1]
    assert GAME.winners(s) == (later,)
    s = edit(s, 0, vp=51)
    assert GAME.winners(s) == (0,)
    assert GAME.winners(first_turn(2)) == ()


@pytest.mark.rules("burgundy/building.supply-unlimited")
def test_workers_and_silver_are_unlimited() -> None:
    s = edit(first_turn(2), workers=500, silver=300, dice=(1, 1))
    s = GAME.apply(s, TakeWorkers(0))
    assert me(s).workers == 502


@pytest.mark.rules("burgundy/setup.advanced", "burgundy/setup.advanced-castle")
def test_advanced_set_up_gaps_are_registered() -> None:
    amb = GAME.rules.get_ambiguity("burgundy/estate-boards")
    assert amb.default == "supplementary" and amb.option is None
    sides = GAME.rules.get_ambiguity("burgundy/board-sides")
    assert sides.option is None and sides.unselectable
    choice = GAME.rules.get_ambiguity("burgundy/castle-choice")
    assert choice.option == "castle-choice" and choice.default == "open"
    assert {r.key for r in choice.readings} == {"open", "secret"}
    assert GAME.extra_options["setup"] == ("basic", ("basic", "advanced"))
    s = first_turn(4)
    assert all(len(p.estate) == 37 and p.board == 1 for p in s.players)


def _tied_final_turn(variant: dict[str, str] | None) -> tuple[BurgundyState, int, int]:
    """The last turn of the game with both players tied on VP and empty spaces, the player on
    turn moved ahead on the track this round: (state, player on turn, the other)."""
    s = attrs.evolve(first_turn(2, variant=variant), phase=4, round=4, turn=1)
    last, other = s.order[1], s.order[0]
    for p in (0, 1):
        s = edit(s, p, dice=(0, 0), goods=(0,) * 6, silver=0, workers=0, vp=30)
    s = edit(s, last, track_space=1, track_height=0)
    return GAME.apply(s, EndTurn()), last, other


@pytest.mark.rules("burgundy/game.tie-break")
def test_tie_order_readings_differ() -> None:
    # track (default): the order on the track after the game, where `last` now leads
    s, last, other = _tied_final_turn(None)
    assert GAME.is_terminal(s) and GAME.winners(s) == (other,)
    assert s.order == (last, other)
    # last-round: the order in which the final round was played
    s, last, other = _tied_final_turn({"tie-order": "last-round"})
    assert GAME.is_terminal(s) and GAME.winners(s) == (last,)
    assert s.order == (other, last)


@pytest.mark.rules("burgundy/game.tie-break")
def test_the_witness_comparison_sees_the_tie_broken_apart() -> None:
    # equal scores, other winners: the readings' comparison names the winners
    track, last, other = _tied_final_turn(None)
    final, _, _ = _tied_final_turn({"tie-order": "last-round"})
    assert GAME.scores(track) == GAME.scores(final)
    diff = compare_readings(GAME, track, final, ("tie-order=track", "tie-order=last-round"))
    assert diff == (f"the winners differ: [{other}] under tie-order=track, [{last}] under"
                    " tie-order=last-round (the scores [30,30] under both)")
