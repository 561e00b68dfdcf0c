"""The board: base Catan's beginner board by default, its variable board under board=variable
(laid by base Catan's chance steps, then set-up and play as usual)."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import BuildSettlement, LayTerrain, SpiralCorner
from rules_oracle.model.catan.game import GAME as CATAN
from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import BuildCity
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.observation import PublicView
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import CHANCE
from rules_oracle.model.core.canon import digest
from rules_oracle.model.core.play import playout
from rules_oracle.properties.cities_knights import board
from tests.model.cities_knights.helpers import rule_of

VARIABLE = {"board": "variable"}


def _laid(seed: int, players: int = 3) -> tuple[CKState, list[object]]:
    """A variable board laid by chance steps drawn at random by their probabilities."""
    rng = random.Random(seed)
    s = GAME.setup(GAME.config(players, VARIABLE))
    steps: list[object] = []
    while s.stage is Stage.BOARD:
        outcomes = GAME.chance_outcomes(s)
        assert sum(p for _, p in outcomes) == 1
        action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        steps.append(action)
        s = GAME.apply(s, action)
    return s, steps


@pytest.mark.rules("cities_knights/setup.board", "cities_knights/board")
def test_default_is_the_beginner_board() -> None:
    s = GAME.setup(GAME.config(3))
    assert s.stage is Stage.SETUP and GAME.actor(s) == 0
    assert s.terrain == BD.BEGINNER_TERRAIN and s.tokens == BD.BEGINNER_TOKENS
    assert s.harbours == BD.BEGINNER_HARBOURS and s.robber == BD.BEGINNER_TERRAIN.index(BD.DESERT)
    assert GAME.config(3).option("board") == "beginner"


@pytest.mark.rules("cities_knights/setup.board", "cities_knights/board")
def test_variable_board_is_laid_by_catans_chance_steps() -> None:
    s = GAME.setup(GAME.config(3, VARIABLE))
    assert s.stage is Stage.BOARD and GAME.actor(s) == CHANCE and GAME.legal_actions(s) == ()
    assert s.terrain == (-1,) * B.N_HEXES and not any(s.tokens) and s.robber == -1
    first = dict(GAME.chance_outcomes(s))
    assert first[LayTerrain(BD.FOREST)] == Fraction(4, 19)
    assert first[LayTerrain(BD.DESERT)] == Fraction(1, 19)
    assert rule_of(s, LayTerrain(9)) == RB.SETUP_BOARD
    assert rule_of(s, SpiralCorner(0)) == RB.SETUP_BOARD  # the terrain comes first
    assert rule_of(s, BuildSettlement(0)) == RB.TURN_ACTOR  # no placement before the board
    for t in BD.BEGINNER_TERRAIN:
        s = GAME.apply(s, LayTerrain(t))
    assert s.stage is Stage.BOARD and s.robber == BD.BEGINNER_TERRAIN.index(BD.DESERT)
    assert dict(GAME.chance_outcomes(s)) == {SpiralCorner(h): Fraction(1, 6) for h in B.CORNERS}
    assert rule_of(s, LayTerrain(BD.FOREST)) == RB.SETUP_BOARD  # every terrain hex is laid
    assert rule_of(s, SpiralCorner(9)) == RB.SETUP_BOARD  # not a corner hex
    s = GAME.apply(s, SpiralCorner(0))
    # the spiral from hex 0: A=5 on hex 0, B=2 on hex 3, C=6 on hex 7, the desert skipped
    assert (s.tokens[0], s.tokens[3], s.tokens[7], s.tokens[9]) == (5, 2, 6, 0)
    assert s.stage is Stage.SETUP and GAME.actor(s) == 0
    assert s.harbours == BD.BEGINNER_HARBOURS


@pytest.mark.rules("cities_knights/setup.board", "cities_knights/board")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_laid_variable_board_is_legal_and_the_same_as_catans(seed: int) -> None:
    s, steps = _laid(seed, 3 + seed % 2)
    assert len(steps) == B.N_HEXES + 1
    assert Counter(s.terrain) == dict(enumerate(BD.TERRAIN_COUNTS))
    laid = [t for t in s.tokens if t]
    assert len(laid) == B.N_HEXES - 1
    assert Counter(laid) == dict(zip(BD.NUMBERS, BD.NUMBER_COUNTS, strict=True))
    desert = s.terrain.index(BD.DESERT)
    assert s.tokens[desert] == 0 and s.robber == desert
    # base Catan's variable board under the same chance steps
    c = CATAN.setup(CATAN.config(3, VARIABLE))
    for action in steps:
        c = CATAN.apply(c, action)  # type: ignore[arg-type]
    assert (c.terrain, c.tokens, c.harbours, c.robber) == (s.terrain, s.tokens, s.harbours,
                                                           s.robber)
    pub = GAME.observe(s, "public")
    assert isinstance(pub, PublicView)
    assert (pub.terrain, pub.tokens, pub.harbours, pub.robber) == (s.terrain, s.tokens,
                                                                   s.harbours, s.robber)
    assert pub.to_act == 0


@pytest.mark.rules("cities_knights/setup.board", "cities_knights/setup.second-city")
def test_play_goes_on_on_the_variable_board() -> None:
    config = GAME.config(4, VARIABLE)
    stages: set[Stage] = set()
    last = None
    for step in itertools.islice(playout(GAME, config, 7), 3000):
        if step.state.stage is Stage.PRE_ROLL and Stage.PRE_ROLL not in stages:
            # set-up done: a settlement, a city and two roads each
            assert all((p.settlements, p.cities, p.roads) == (1, 1, 2)
                       for p in step.state.players)
        stages.add(step.state.stage)
        last = step.state
    assert last is not None and last.turns >= 3
    assert {Stage.BOARD, Stage.SETUP, Stage.PRE_ROLL, Stage.MAIN} <= stages
    assert last.terrain != BD.BEGINNER_TERRAIN and -1 not in last.terrain
    # the second placements are cities and took the cards of the laid board's hexes
    s, _ = _laid(5)
    for node in (0, 10, 20):
        s = GAME.apply(s, BuildSettlement(node))
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    s = GAME.apply(s, BuildCity(30))
    produced = [t for t in (s.terrain[h] for h in B.NODE_HEXES[30]) if t != BD.DESERT]
    assert sum(s.players[2].hand) == len(produced)


@pytest.mark.rules("cities_knights/setup.board")
def test_digests_are_deterministic_for_a_seed() -> None:
    config = GAME.config(3, VARIABLE)

    def digests(seed: int) -> list[str]:
        return [digest(step.state) for step in itertools.islice(playout(GAME, config, seed),
                                                                  400)]

    first = digests(11)
    assert digests(11) == first
    assert digests(12) != first
    boards = {digest(_laid(seed)[0]) for seed in range(4)}
    assert len(boards) == 4


def test_the_board_invariant_holds_and_catches_a_broken_board() -> None:
    s = GAME.setup(GAME.config(3, VARIABLE))
    assert board(s) == []
    s = GAME.apply(s, LayTerrain(BD.FOREST))
    assert board(s) == []
    assert board(evolve(s, tokens=(5,) + (0,) * (B.N_HEXES - 1)))
    done, _ = _laid(2)
    assert board(done) == []
    h = next(h for h in range(B.N_HEXES) if done.terrain[h] != BD.DESERT)
    two_deserts = (*done.terrain[:h], BD.DESERT, *done.terrain[h + 1:])
    assert board(evolve(done, terrain=two_deserts))
    assert board(evolve(done, tokens=(0,) * B.N_HEXES))
    assert board(evolve(done, robber=-1))
