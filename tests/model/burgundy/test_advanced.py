"""The advanced set-up (variant ``setup=advanced``): estate boards 2-9 dealt at random, the
starting castle on a dark-green space of one's choice, openly or secretly."""

import random
from fractions import Fraction

import attrs
import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.actions import (
    ChooseCastle,
    DrawBoard,
    DrawGoods,
    FirstPlayer,
    PlaceTile,
    Roll,
)
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.burgundy.observation import PlayerView, PublicView
from rules_oracle.model.burgundy.state import BurgundyState, Stage
from rules_oracle.model.core import CHANCE, digest
from rules_oracle.model.core.play import choose, playout
from rules_oracle.properties.burgundy import INVARIANTS
from rules_oracle.properties.burgundy_hidden import twins
from rules_oracle.properties.observation import check_twin
from tests.model.burgundy.helpers import edit
from tests.model.burgundy.test_turn import rejects

ADV = "burgundy/setup.advanced"
CASTLE = "burgundy/setup.advanced-castle"
SECRET = "burgundy/setup.advanced-secret"


def _to_first_player(players: int, variant: dict[str, str]) -> BurgundyState:
    """Set-up up to the first-player draw (goods drawn by a fixed seed)."""
    rng = random.Random(1)
    s = GAME.setup(GAME.config(players, variant))
    while s.stage is not Stage.FIRST:
        s = GAME.apply(s, choose(GAME, s, rng))
    return s


def _dealt(boards: tuple[int, ...], first: int = 1,
           variant: dict[str, str] | None = None) -> BurgundyState:
    """Boards dealt to seats 0.. in order, the first player chosen."""
    s = _to_first_player(len(boards), {"setup": "advanced", **(variant or {})})
    s = GAME.apply(s, FirstPlayer(first))
    for b in boards:
        s = GAME.apply(s, DrawBoard(b))
    return s


def _play_to_turn(s: BurgundyState) -> BurgundyState:
    rng = random.Random(0)
    while GAME.actor(s) == CHANCE:
        s = GAME.apply(s, choose(GAME, s, rng))
    return s


@pytest.mark.rules(ADV, "burgundy/setup.start-castle")
def test_the_basic_game_stays_the_default() -> None:
    assert GAME.config(2) == GAME.config(2, {"setup": "basic"})
    s = GAME.apply(_to_first_player(2, {}), FirstPlayer(0))
    assert s.stage is Stage.FILL
    assert all(p.board == 1 and p.start == 18 and p.estate[18] == "castle"
               for p in s.players)


@pytest.mark.rules(ADV)
def test_boards_are_dealt_at_random_without_repeats() -> None:
    s = GAME.apply(_to_first_player(3, {"setup": "advanced"}), FirstPlayer(2))
    assert s.stage is Stage.BOARDS and GAME.actor(s) == CHANCE
    assert GAME.chance_outcomes(s) == tuple((DrawBoard(b), Fraction(1, 8))
                                            for b in range(2, 10))
    s = GAME.apply(s, DrawBoard(7))
    assert s.players[0].board == 7 and s.players[0].estate == ("",) * 37
    assert GAME.chance_outcomes(s) == tuple((DrawBoard(b), Fraction(1, 7))
                                            for b in (2, 3, 4, 5, 6, 8, 9))
    for bad in (DrawBoard(7), DrawBoard(1), DrawBoard(10), DrawGoods(1), Roll(3)):
        with pytest.raises(Exception) as err:
            GAME.apply(s, bad)
        assert getattr(err.value, "rule", None) == ADV
    s = GAME.apply(GAME.apply(s, DrawBoard(2)), DrawBoard(9))
    assert [p.board for p in s.players] == [7, 2, 9]
    assert s.stage is Stage.CASTLES and GAME.actor(s) == 2  # the first player chooses first


@pytest.mark.rules(CASTLE, "burgundy/action.place-adjacent")
def test_open_castle_choice_in_turn_order() -> None:
    s = _dealt((7, 2), first=1)
    # board 2's dark-green spaces: r1p4, r4p1, r4p4, r7p4 (data/README.md)
    assert GAME.actor(s) == 1
    assert GAME.legal_actions(s) == (ChooseCastle(3), ChooseCastle(15), ChooseCastle(18),
                                     ChooseCastle(36))
    rejects(s, ChooseCastle(0), CASTLE)  # board 2's space 0 is knowledge
    rejects(s, ChooseCastle(37), CASTLE)
    rejects(s, Roll(2), CASTLE)
    s = GAME.apply(s, ChooseCastle(36))
    assert s.players[1].estate[36] == "castle" and s.players[1].start == 36
    assert GAME.observe(s, "public").seats[1].start == 36  # type: ignore[union-attr]
    # board 7's dark-green spaces: r1p2, r1p3, r7p2, r7p3
    assert GAME.actor(s) == 0
    assert GAME.legal_actions(s) == tuple(ChooseCastle(x) for x in (1, 2, 34, 35))
    s = GAME.apply(s, ChooseCastle(1))
    assert s.stage is Stage.FILL
    assert s.players[0].estate[1] == "castle"
    assert sum(1 for t in s.players[0].estate if t) == 1
    s = _play_to_turn(s)
    # the first tile goes next to the chosen castle: board 7's space 1 touches 0 (Kn6),
    # 2 (Ca4), 5 (An1) and 6 (An6)
    s = attrs.evolve(edit(s, 0, storage=("cow-2", "knowledge-3"), dice=(1, 6)),
                     turn=s.order.index(0))
    places = {(a.tile, a.die, a.space) for a in GAME.legal_actions(s)
              if isinstance(a, PlaceTile)}
    assert places == {("cow-2", 0, 5), ("cow-2", 1, 6), ("knowledge-3", 1, 0)}


@pytest.mark.rules(CASTLE, SECRET)
def test_secret_castle_choice_is_revealed_when_all_have_chosen() -> None:
    s = _dealt((3, 8, 5), first=0, variant={"castle-choice": "secret"})
    s = GAME.apply(s, ChooseCastle(6))  # board 3: r2p3
    assert s.players[0].start == 6 and not any(s.players[0].estate)
    public = GAME.observe(s, "public")
    assert isinstance(public, PublicView) and public.seats[0].start == -1
    own, other = GAME.observe(s, 0), GAME.observe(s, 1)
    assert isinstance(own, PlayerView) and own.castle_choice == 6
    assert isinstance(other, PlayerView) and other.castle_choice == -1
    # a twin with another hidden choice: the same for everyone but its owner
    found = twins(s, random.Random(0))
    moved = [t for t in found if t.changed == (0,)]
    assert moved and check_twin(GAME, s, moved[0]) == []
    # board 8's dark-green spaces: r2p2, r2p4, r6p2, r6p4
    assert GAME.legal_actions(s) == tuple(ChooseCastle(x) for x in (5, 7, 29, 31))
    s = GAME.apply(GAME.apply(s, ChooseCastle(29)), ChooseCastle(10))  # board 5: r3p2
    assert s.stage is Stage.FILL
    assert [p.estate.index("castle") for p in s.players] == [6, 29, 10]
    assert all(v.castle_choice == -1 for v in (GAME.observe(s, i) for i in range(3))
               if isinstance(v, PlayerView))


@pytest.mark.rules(ADV, CASTLE, SECRET)
@pytest.mark.parametrize("choice", ["open", "secret"])
def test_advanced_games_keep_the_invariants_and_replay_alike(choice: str) -> None:
    config = GAME.config(3, {"setup": "advanced", "castle-choice": choice})
    steps = list(playout(GAME, config, 5))
    assert steps[-1].state.stage is Stage.OVER
    assert len(steps) <= GAME.max_steps(config)
    assert {s.action.__class__ for s in steps} >= {DrawBoard, ChooseCastle}
    for step in steps:
        for inv in INVARIANTS:
            assert inv(step.state) == [], (step.index, inv)
    again = list(playout(GAME, config, 5))
    assert [digest(a.state) for a in steps] == [digest(b.state) for b in again]
    boards = [p.board for p in steps[-1].state.players]
    assert len(set(boards)) == 3 and set(boards) <= set(range(2, 10))
    assert all(p.estate[p.start] == D.CASTLE_TILE for p in steps[-1].state.players)


@pytest.mark.rules(SECRET)
def test_the_castle_choice_is_varied_and_witnessed_in_the_advanced_set_up() -> None:
    """castle-choice plays differently only with setup=advanced: the variant configurations
    and the witness search set both."""
    from rules_oracle.oracle.witness import find_witness
    from rules_oracle.properties.generic import variant_configs

    secret = GAME.config(2, {"setup": "advanced", "castle-choice": "secret"})
    assert secret in variant_configs(GAME)
    assert GAME.config(2, {"castle-choice": "secret"}) not in variant_configs(GAME)
    found = find_witness(GAME, "burgundy/castle-choice", seeds=range(1), players=[2],
                         limit=200)
    assert found is not None and found.readings == ("open", "secret")
    assert found.actions[-1]["type"] == "ChooseCastle"


@pytest.mark.rules("burgundy/starting-castle-area", "burgundy/area.complete",
                   "burgundy/setup.start-castle", ADV)
def test_the_starting_castle_fills_its_area_without_scoring() -> None:
    amb = GAME.rules.get_ambiguity("burgundy/starting-castle-area")
    assert amb.default == "no-score" and [r.key for r in amb.readings] == ["no-score"]
    # the basic game: board 1's central castle is an area of one space, filled and unscored
    basic = _play_to_turn(GAME.apply(_to_first_player(2, {}), FirstPlayer(0)))
    board1 = D.BOARD1
    assert board1.areas[board1.area[18]] == (18,)
    assert all(p.vp == 0 for p in basic.players)
    # the advanced set-up: board 2's castle spaces are areas of one, board 7's of two
    s = _dealt((7, 2), first=1)
    s = GAME.apply(GAME.apply(s, ChooseCastle(36)), ChooseCastle(1))
    s = _play_to_turn(s)
    assert [p.vp for p in s.players] == [0, 0]
    # board 7: a castle next to the starting one completes the area of two in phase A
    s = attrs.evolve(edit(s, 0, storage=("castle",), dice=(4, 6)), turn=s.order.index(0))
    s = GAME.apply(s, PlaceTile(0, "castle", 2))
    assert s.players[0].vp == 3 + 10
