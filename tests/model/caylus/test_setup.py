"""Set-up: the tiles and buildings drawn as chance steps, the stonemason kept off the road,
the first player, the characters drawn and drafted, workers and resources by player count."""

from fractions import Fraction

import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import DrawCharacter, DrawTile, FirstPlayer, TakeCharacter
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import Stage
from rules_oracle.model.core import CHANCE
from tests.model.caylus.helpers import TILES, ready, rule_of, run


@pytest.mark.rules("caylus/setup.starting-tiles", "caylus/starting-tiles")
def test_starting_tiles_are_drawn_from_the_remaining_nine() -> None:
    s = GAME.setup(GAME.config(2))
    assert GAME.actor(s) == CHANCE and s.stage is Stage.TILES
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes[DrawTile(D.FARM)] == Fraction(2, 9)
    assert outcomes[DrawTile(D.GUILD3)] == Fraction(1, 9)
    assert sum(outcomes.values()) == 1
    s = run(s, *(DrawTile(k) for k in TILES[:3]))
    assert s.site[0] == D.FARM and s.road[5:7] == (D.FARM, D.SAWMILL)
    assert dict(GAME.chance_outcomes(s))[DrawTile(D.QUARRY)] == Fraction(1, 6)
    assert rule_of(s, DrawTile(D.SAWMILL)) == RB.SETUP_STARTING_TILES
    assert rule_of(s, TakeCharacter(0)) == RB.GAME_ACTOR


@pytest.mark.rules("caylus/setup.wood", "caylus/setup.no-stonemason", "caylus/setup.stone",
                   "caylus/setup.provost", "caylus/setup.first-player")
def test_wood_and_stone_buildings_and_the_stonemason() -> None:
    s = run(GAME.setup(GAME.config(3)), *(DrawTile(k) for k in TILES))
    assert s.stage is Stage.WOOD
    assert dict(GAME.chance_outcomes(s))[DrawTile(D.STONEMASON)] == Fraction(1, 9)
    s = GAME.apply(s, DrawTile(D.MANOR))
    assert s.site[1] == D.MANOR and s.wood_supply[D.MANOR - D.WOOD_FARM] == 0
    road_draw = dict(GAME.chance_outcomes(s))
    assert DrawTile(D.STONEMASON) not in road_draw
    assert set(road_draw.values()) == {Fraction(1, 7)}
    assert rule_of(s, DrawTile(D.STONEMASON)) == RB.SETUP_NO_STONEMASON
    s = run(s, DrawTile(D.TAILOR), DrawTile(D.CHURCH))
    assert rule_of(s, DrawTile(D.CHURCH)) == RB.SETUP_STONE
    s = GAME.apply(s, DrawTile(D.GOLD_MINE))
    assert (s.road[D.WOOD_SPACE], s.road[D.STONE_SPACE], s.site) == (
        D.TAILOR, D.GOLD_MINE, (D.FARM, D.MANOR, D.CHURCH))
    assert s.stage is Stage.FIRST and s.provost == 12
    assert set(GAME.chance_outcomes(s)) == {(FirstPlayer(p), Fraction(1, 3)) for p in range(3)}
    assert rule_of(s, FirstPlayer(3)) == RB.SETUP_FIRST_PLAYER
    s = GAME.apply(s, FirstPlayer(2))
    assert s.first_player == 2 and s.stage is Stage.CHARACTERS


@pytest.mark.rules("caylus/setup.characters", "caylus/setup.draft")
def test_characters_drawn_and_drafted_from_the_last_player_counter_clockwise() -> None:
    s = run(GAME.setup(GAME.config(3)), *(DrawTile(k) for k in TILES),
            *(DrawTile(k) for k in (D.WOOD_FARM, D.WOOD_SAWMILL, D.STONE_FARM,
                                    D.STONE_SAWMILL)), FirstPlayer(1))
    assert dict(GAME.chance_outcomes(s))[DrawCharacter(5)] == Fraction(1, 12)
    for c in (11, 3, 5, 7, 0, 9):
        s = GAME.apply(s, DrawCharacter(c))
    assert rule_of(s, DrawCharacter(1)) == RB.GAME_ACTOR
    assert s.stage is Stage.DRAFT and GAME.actor(s) == 0  # the last player: right of seat 1
    assert rule_of(s, TakeCharacter(1)) == RB.SETUP_DRAFT
    s = GAME.apply(s, TakeCharacter(9))
    assert GAME.actor(s) == 2
    s = run(s, TakeCharacter(0), TakeCharacter(3))
    assert s.characters[9] == 0 and s.characters[0] == 2 and s.characters[3] == 1
    assert sorted(c for c, h in enumerate(s.characters) if h == D.BOARD) == [5, 7, 11]
    assert s.characters[1] == D.BOX
    assert s.stage is Stage.PLANNING and GAME.actor(s) == 1


@pytest.mark.rules("caylus/setup.workers", "caylus/setup.resources",
                   "caylus/starting-resources", "caylus/components.house-limit")
@pytest.mark.parametrize(("players", "hand"), [(2, 10), (3, 6), (4, 6), (5, 10)])
def test_workers_houses_resources_by_player_count(players: int, hand: int) -> None:
    s = ready(players)
    for pl in s.players:
        assert (pl.workers, pl.camp, pl.houses) == (hand, 15 - hand, 9)
        assert pl.resources == (1, 2, 1, 0, 0)
    assert sum(1 for h in s.characters if h != D.BOX) == players + 3
    assert sum(1 for h in s.characters if h == D.BOARD) == 3


@pytest.mark.rules("caylus/game.actor")
def test_chance_and_choices_only_in_their_stages() -> None:
    s = GAME.setup(GAME.config(2))
    assert rule_of(s, TakeCharacter(0)) == RB.GAME_ACTOR
    planning = ready(2)
    assert rule_of(planning, DrawTile(D.FARM)) == RB.GAME_ACTOR
    assert GAME.chance_outcomes(planning) == ()


@pytest.mark.rules("caylus/components.unlimited")
def test_resources_are_unlimited_in_play() -> None:
    from rules_oracle.model.caylus.actions import Use
    from tests.model.caylus.helpers import activating, bare, place, player

    s = player(bare(ready(2)), 0, resources={"food": D.RESOURCE_TOKENS[D.FOOD]})
    s = activating(place(s, D.STONE_SPACE, 1), 5, 0, provost=22)  # the farm on space 5
    assert GAME.apply(s, Use(0)).players[0].resources[D.FOOD] == 21


@pytest.mark.rules("caylus/setup.first-game-characters", "caylus/setup.draft")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_first_game_characters(players: int) -> None:
    s = GAME.setup(GAME.config(players, {"characters": "first-game"}))
    s = run(s, *(DrawTile(k) for k in TILES),
            *(DrawTile(k) for k in (D.WOOD_FARM, D.WOOD_SAWMILL, D.STONE_FARM,
                                    D.STONE_SAWMILL)), FirstPlayer(0))
    assert s.stage is Stage.DRAFT and GAME.actor(s) == players - 1
    in_play = {c for c, h in enumerate(s.characters) if h == D.BOARD}
    assert len(in_play) == players + 3
    assert {D.ARCHITECT, D.FOREMAN, D.CHAMBERLAIN, D.BAILIFF, D.DAY_LABOURER} <= in_play
    assert (D.EARLY_RISER in in_play) == (players == 5)
    assert {a for a in GAME.legal_actions(s)} == {TakeCharacter(c) for c in in_play}
