"""An invariant's result kept for the very same immutable parts of a state, and computed
anew for any other object, even an equal one."""

import random
from typing import Any

import attrs

from rules_oracle.model.catan.game import GAME as CATAN
from rules_oracle.model.cities_knights.game import GAME as CK
from rules_oracle.model.core.play import choose
from rules_oracle.properties import catan as PC
from rules_oracle.properties import cities_knights as PK
from rules_oracle.properties.base import LastOf


def test_a_result_is_kept_for_the_same_objects_only() -> None:
    calls: list[tuple[int, ...]] = []

    def total(parts: tuple[int, ...], extra: int) -> int:
        calls.append(parts)
        return sum(parts) + extra

    last = LastOf(total)
    board = (1, 2, 3)
    assert last(board, 0) == 6 and last(board, 0) == 6
    assert (last.kept, last.computed) == (1, 1)
    equal = tuple(list(board))
    assert equal == board and equal is not board
    assert last(equal, 0) == 6 and last.computed == 2  # an equal new object: computed anew
    assert last((1, 2, 4), 0) == 7 and last((1, 2, 4), 1) == 8
    assert last(board, 1) == 7 and calls[-1] is board


def test_a_call_with_other_parts_is_computed() -> None:
    last = LastOf(lambda *parts: len(parts))
    board = (1, 2)
    assert last(board) == 1 and last(board, board) == 2 and last(board) == 1
    assert (last.kept, last.computed) == (0, 3)


def _deep(game: Any, players: int, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = game.setup(game.config(players))
    for _ in range(steps):
        state = game.apply(state, choose(game, state, rng, "eager"))
    return state


def test_board_invariants_see_a_changed_board_after_a_kept_one() -> None:
    """The board invariants give their kept result for an unchanged board and catch a
    board written anew (a road taken off, a wall put on a settlement) right after."""
    state = _deep(CATAN, 3, 1, 400)
    assert PC.pieces(state) == [] and PC.connected(state) == [] and PC.pieces(state) == []
    road = next(e for e, o in enumerate(state.path_owner) if o >= 0)
    paths = list(state.path_owner)
    paths[road] = -1
    cut = attrs.evolve(state, path_owner=tuple(paths))
    assert [v.invariant for v in PC.pieces(cut)] == ["catan/inv.pieces"]
    nodes = list(state.node_owner)
    taken = next(n for n, o in enumerate(nodes) if o >= 0)
    crowded = attrs.evolve(state, node_owner=tuple(
        nodes[taken] if n in PC.B.NODE_NODES[taken] else o for n, o in enumerate(nodes)))
    assert "catan/inv.distance" in {v.invariant for v in PC.distance_rule(crowded)}
    assert PC.distance_rule(state) == []
    ck = _deep(CK, 3, 2, 600)
    assert PK.pieces(ck) == [] and PK.pieces(ck) == []
    settlement = next(n for n, lv in enumerate(ck.node_level) if lv == 1)
    walls = list(ck.walls)
    walls[settlement] = True
    walled = attrs.evolve(ck, walls=tuple(walls))
    assert "a wall without a city" in " ".join(v.message for v in PK.pieces(walled))
    assert PK.pieces(ck) == []
