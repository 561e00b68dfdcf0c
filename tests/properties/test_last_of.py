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


def test_count_invariants_see_a_changed_hand_after_a_kept_one() -> None:
    """The counts, cards and points kept for the very same players and tuples are computed
    anew for a hand, a player or a bank written anew right after, and a step that leaves the
    players the same objects lets no level fall."""
    ck = _deep(CK, 3, 2, 600)
    checks = (PK.cards_conserved, PK.nonnegative, PK.score, PK.board)
    assert all(check(ck) == [] and check(ck) == [] for check in checks)
    seat = next(i for i, pl in enumerate(ck.players) if any(pl.hand))
    pl = ck.players[seat]
    card = next(k for k, n in enumerate(pl.hand) if n)
    hand = tuple(n - (k == card) for k, n in enumerate(pl.hand))
    lost = attrs.evolve(ck, players=tuple(attrs.evolve(p, hand=hand) if i == seat else p
                                          for i, p in enumerate(ck.players)))
    assert [v.invariant for v in PK.cards_conserved(lost)] == [
        "cities_knights/inv.cards-conserved"]
    richer = attrs.evolve(ck, players=tuple(attrs.evolve(p, vp=p.vp + 1) if i == seat else p
                                            for i, p in enumerate(ck.players)))
    assert [v.invariant for v in PK.score(richer)] == ["cities_knights/inv.score"]
    assert PK.levels_never_fall(ck, None, attrs.evolve(ck, turns=ck.turns + 1)) == []
    assert PK.levels_never_fall(richer, None, lost) == []
    fallen = attrs.evolve(ck, players=tuple(attrs.evolve(p, vp_cards=p.vp_cards - 1)
                                            if i == seat else p for i, p in enumerate(ck.players)))
    assert PK.levels_never_fall(ck, None, fallen) != []
    negative = attrs.evolve(ck, bank=(-1, *ck.bank[1:]))
    assert PK.nonnegative(negative) != [] and PK.nonnegative(ck) == []
    moved = attrs.evolve(ck, robber=-1)
    assert "robber on -1" in " ".join(v.message for v in PK.board(moved))
    assert PK.board(ck) == []
    state = _deep(CATAN, 3, 1, 400)
    assert PC.resources_conserved(state) == [] and PC.nonnegative(state) == []
    cut = attrs.evolve(state, bank=(state.bank[0] + 1, *state.bank[1:]))
    assert [v.invariant for v in PC.resources_conserved(cut)] == [
        "catan/inv.resources-conserved"]
    assert PC.nonnegative(attrs.evolve(state, bank=(-1, *state.bank[1:]))) != []
    assert PC.resources_conserved(state) == [] and PC.nonnegative(state) == []
