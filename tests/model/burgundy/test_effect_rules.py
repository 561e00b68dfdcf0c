"""The rules each step shows (``GAME.effect_rules``), named in the conformance vectors."""

import attrs
import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import DrawHex, EndTurn, PlaceTile, TakeWorkers
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.burgundy.state import Stage
from rules_oracle.model.core.play import playout
from tests.model.burgundy.helpers import edit, first_turn


def _shown(state: object, action: object) -> tuple[str, ...]:
    return GAME.effect_rules(state, action, GAME.apply(state, action))  # type: ignore[arg-type]


@pytest.mark.rules(
    RB.AREA_COMPLETE, RB.COLOUR_FIRST, RB.ACTION_PLACE, RB.ACTION_PLACE_NUMBER, RB.PHASE_MINE_SILVER
)
def test_a_placement_names_the_area_and_the_colour_bonus_it_scores() -> None:
    assert D.BOARD1.areas[D.BOARD1.area[24]] == (24, 29, 33)  # board 1's mines: one area
    s = edit(first_turn(2), dice=(4, 1), storage=("mine",), tiles={29: "mine", 33: "mine"})
    shown = _shown(s, PlaceTile(0, "mine", 24))
    assert {
        RB.ACTION_PLACE,
        RB.ACTION_PLACE_NUMBER,
        RB.ACTION_PLACE_COLOUR,
        RB.ACTION_PLACE_ADJACENT,
        RB.ACTION_PLACE_FROM_STORAGE,
        RB.TURN_DIE_ONCE,
        RB.AREA_COMPLETE,
        RB.COLOUR_FIRST,
    } <= set(shown)
    assert RB.COLOUR_SECOND not in shown and RB.ANIMAL_SCORE not in shown
    # with the large mine bonus gone, the same placement wins the small one
    taken = attrs.evolve(s, bonuses=(0, 0, 0, 0, 0, 1))
    assert RB.COLOUR_SECOND in _shown(taken, PlaceTile(0, "mine", 24))
    # an area left open scores nothing
    open_area = edit(first_turn(2), dice=(4, 1), storage=("mine",))
    assert RB.AREA_COMPLETE not in _shown(open_area, PlaceTile(0, "mine", 24))


@pytest.mark.rules(
    RB.BUILDING_WATCHTOWER,
    RB.BUILDING_ONE_PER_CITY,
    RB.BUILDING_BANK,
    RB.ANIMAL_SCORE,
    RB.BUILDING_EFFECT_LOST,
    RB.BUILDING_CARPENTER,
)
def test_each_building_names_its_effect() -> None:
    s = edit(first_turn(2), dice=(3, 3), storage=("watchtower", "bank", "carpenter"))
    assert RB.BUILDING_WATCHTOWER in _shown(s, PlaceTile(0, "watchtower", 11))
    assert RB.BUILDING_ONE_PER_CITY in _shown(s, PlaceTile(0, "watchtower", 11))
    assert RB.BUILDING_BANK in _shown(s, PlaceTile(0, "bank", 25))
    # a carpenter's workshop with no building in any depot: its effect is lost
    empty = attrs.evolve(s, depots=((),) * 6)
    shown = _shown(empty, PlaceTile(0, "carpenter", 25))
    assert RB.BUILDING_CARPENTER in shown and RB.BUILDING_EFFECT_LOST in shown
    withtile = attrs.evolve(s, depots=(("bank",), (), (), (), (), ()))
    assert RB.BUILDING_EFFECT_LOST not in _shown(withtile, PlaceTile(0, "carpenter", 25))
    # an animal tile scores its pasture (board 1's space 27 is a lone pasture, An2)
    assert D.BOARD1.colour[27] == D.PASTURE and 26 in D.BOARD1.neighbours[27]
    cow = edit(first_turn(2), dice=(2, 2), storage=("cow-2",), tiles={25: "bank", 26: "market"})
    shown = _shown(cow, PlaceTile(0, "cow-2", 27))
    assert RB.ANIMAL_SCORE in shown and RB.BUILDING_WATCHTOWER not in shown


@pytest.mark.rules(
    RB.ACTION_TAKE_WORKERS,
    RB.PHASE_END_MINES,
    RB.PHASE_MINE_SILVER,
    RB.PHASE_CLEAR,
    RB.GAME_END,
    RB.GAME_END_SILVER,
    RB.PHASE_BLACK_DEPOT,
    RB.PHASE_FILL_DEPOTS,
)
def test_phase_end_game_end_and_fills_are_named() -> None:
    s = edit(first_turn(2), dice=(1, 0), tiles={24: "mine"})
    assert RB.ACTION_TAKE_WORKERS in _shown(s, TakeWorkers(0))
    last = attrs.evolve(s, round=4, turn=1)
    for p in (0, 1):
        last = edit(last, p, dice=(0, 0))
    shown = _shown(last, EndTurn())
    assert {RB.PHASE_END_MINES, RB.PHASE_MINE_SILVER, RB.PHASE_CLEAR} <= set(shown)
    assert RB.GAME_END not in shown
    final = attrs.evolve(last, phase=4)
    shown = _shown(final, EndTurn())
    assert {
        RB.GAME_END,
        RB.GAME_END_SILVER,
        RB.GAME_END_GOODS,
        RB.GAME_END_WORKERS,
        RB.PHASE_END_MINES,
    } <= set(shown)
    assert RB.PHASE_CLEAR not in shown
    # the fill: the black depot's draws name its rule
    fill = next(step.state for step in playout(GAME, GAME.config(2), 0)
                if step.state.stage is Stage.FILL and step.state.fill == 12)
    tile = GAME.chance_outcomes(fill)[0][0]
    assert isinstance(tile, DrawHex)
    assert _shown(fill, tile) == (RB.PHASE_FILL_DEPOTS, RB.PHASE_BLACK_DEPOT)


@pytest.mark.rules(RB.K[2], RB.PHASE_MINE_SILVER, RB.GAME_END)
def test_the_last_phase_end_names_knowledge_2_when_it_pays() -> None:
    """Phase E ends as every phase does (its mines' silver, knowledge 2's workers) before
    the final scoring: the game's last step names knowledge 2 when a mine pays it."""
    s = first_turn(2)
    owner = GAME.actor(s)
    s = edit(s, dice=(0, 0), tiles={24: "mine", 30: "knowledge-2"}, workers=0)
    for phase in (0, 4):
        last = attrs.evolve(s, phase=phase, round=4, turn=1)
        last = edit(last, dice=(0, 0))
        assert GAME.apply(last, EndTurn()).players[owner].workers == 1
        assert RB.K[2] in _shown(last, EndTurn())
    plain = edit(attrs.evolve(s, phase=4, round=4, turn=1), owner, tiles={30: "knowledge-1"})
    plain = edit(plain, dice=(0, 0))
    assert RB.K[2] not in _shown(plain, EndTurn())


@pytest.mark.rules(
    RB.COMPONENTS_HEX_TILES,
    RB.AREA_COMPLETE,
    RB.COLOUR_FIRST,
    RB.COLOUR_SECOND,
    RB.PHASE_END_MINES,
    RB.GAME_END,
    RB.ROUND_PLACE_GOODS,
    RB.BUILDING_EFFECT_LOST,
    RB.SETUP_PLAYER_GOODS,
    RB.PHASE_ROUND_GOODS,
)
def test_seeded_play_names_the_rules_each_step_follows() -> None:
    named: set[str] = set()
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        for policy in ("uniform", "eager"):
            state = GAME.setup(GAME.config(players))
            first = True
            for step in playout(GAME, GAME.config(players), seed, policy):
                a, after = step.action, step.state
                rules = GAME.effect_rules(state, a, after)
                assert len(set(rules)) == len(rules) and all(r in GAME.rules for r in rules)
                assert (
                    RB.COMPONENTS_HEX_TILES in rules
                ) == first  # the set-up, shown by the first step
                if RB.AREA_COMPLETE in rules:
                    p = state.order[state.turn]
                    assert after.players[p].vp > state.players[p].vp
                if RB.COLOUR_FIRST in rules or RB.COLOUR_SECOND in rules:
                    assert after.bonuses != state.bonuses
                assert (RB.PHASE_END_MINES in rules) == (after.phase != state.phase)
                assert (RB.GAME_END in rules) == (after.stage is Stage.OVER)
                assert (RB.ROUND_PLACE_GOODS in rules) == (sum(map(sum, after.depot_goods))
                                                     > sum(map(sum, state.depot_goods)))
                if RB.BUILDING_EFFECT_LOST in rules:
                    assert len(after.pending) <= len(state.pending)
                named.update(rules)
                state, first = after, False
    assert len(named) >= 80, sorted(set(GAME.rules.ids) - named)
