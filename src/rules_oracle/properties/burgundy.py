"""Invariants of The Castles of Burgundy: every reachable state satisfies each of them."""

from typing import Any

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.observation import face_down_stacks
from rules_oracle.model.burgundy.state import BurgundyState, Stage
from rules_oracle.properties.base import Invariant, TransitionInvariant, Violation


def _tile_totals() -> dict[str, int]:
    totals = dict.fromkeys(D.TILES, 0)
    for stack in D.STACKS:
        for tile, n in stack:
            totals[tile] += n
    return totals


TILE_TOTALS = _tile_totals()


def hexes_conserved(state: BurgundyState) -> list[Violation]:
    """Every hex tile is in exactly one place: a stack, a depot, storage, an estate, the box."""
    count = dict.fromkeys(D.TILES, 0)
    for back, kinds in enumerate(D.BACK_KINDS):
        for tile, n in zip(kinds, state.supply[back], strict=True):
            count[tile] += n
    for tiles in (*state.depots, state.black):
        for t in tiles:
            count[t] = count.get(t, 0) + 1
    for pl in state.players:
        for t in (*pl.storage, *pl.estate):
            if t:
                count[t] = count.get(t, 0) + 1
        if D.CASTLE_TILE not in pl.estate:  # advanced set-up: the castle not placed yet
            count[D.CASTLE_TILE] += 1
    for i, n in enumerate(state.box):
        count[D.TILES[i]] += n
    out = []
    for tile in sorted(count):
        if count[tile] != TILE_TOTALS.get(tile, 0):
            out.append(Violation("burgundy/inv.hexes-conserved",
                                 f"{tile}: {count[tile]} found, {TILE_TOTALS.get(tile, 0)} exist"))
    return out


def goods_conserved(state: BurgundyState) -> list[Violation]:
    """7 goods tiles of each kind across the face-down goods, the round spaces, depots,
    players and sold stacks; the face-down goods hold the stacks of the phases to come and
    the reserve (17 less the players' draws)."""
    out = []
    drawn = sum(sum(pl.goods) for pl in state.players) if state.stage is Stage.START_GOODS \
        else D.START_GOODS * state.config.players
    reserve = 17 - drawn
    if sum(state.goods_pool) != sum(face_down_stacks(state)) + reserve:
        out.append(Violation("burgundy/inv.goods-conserved",
                             f"{sum(state.goods_pool)} goods face down, not the phase stacks"
                             f" to come {face_down_stacks(state)} and a reserve of {reserve}"))
    for k in range(D.GOODS_KINDS):
        n = state.goods_pool[k]
        n += sum(1 for g in state.goods_stacks[state.goods_next:] if g == k + 1)
        n += sum(g[k] for g in state.depot_goods)
        n += sum(pl.goods[k] + pl.sold[k] for pl in state.players)
        if n != D.GOODS_PER_KIND:
            out.append(Violation("burgundy/inv.goods-conserved", f"kind {k + 1}: {n} tiles"))
    return out


def nonnegative(state: BurgundyState) -> list[Violation]:
    """No negative silver, workers, VP or component counts."""
    out = []
    for i, pl in enumerate(state.players):
        if pl.silver < 0 or pl.workers < 0 or pl.vp < 0:
            out.append(Violation("burgundy/inv.nonnegative",
                                 f"player {i}: silver {pl.silver}, workers {pl.workers},"
                                 f" vp {pl.vp}"))
        if min(pl.goods) < 0 or min(pl.sold) < 0:
            out.append(Violation("burgundy/inv.nonnegative", f"player {i}: negative goods"))
    counts = (*state.goods_pool, *state.box,
              *(n for s in state.supply for n in s), *(n for g in state.depot_goods for n in g))
    if counts and min(counts) < 0:
        out.append(Violation("burgundy/inv.nonnegative", "a negative component count"))
    return out


def limits(state: BurgundyState) -> list[Violation]:
    """At most 3 stored hexes and 3 goods kinds per player; dice show 0 (used) to 6."""
    out = []
    for i, pl in enumerate(state.players):
        if len(pl.storage) > 3:
            out.append(Violation("burgundy/inv.storage", f"player {i}: {len(pl.storage)} stored"))
        if sum(1 for n in pl.goods if n) > 3:
            out.append(Violation("burgundy/inv.goods-kinds", f"player {i}: over 3 goods kinds"))
        if any(not 0 <= d <= 6 for d in pl.dice):
            out.append(Violation("burgundy/inv.dice", f"player {i}: dice {pl.dice}"))
    return out


def estate_valid(state: BurgundyState) -> list[Violation]:
    """Placed hexes match their space's colour and form one group around the start castle."""
    out = []
    setting = state.stage in (Stage.BOARDS, Stage.CASTLES)
    for i, pl in enumerate(state.players):
        est = pl.estate
        board = BOARDS.get(pl.board)
        if board is None or len(est) != board.size:
            out.append(Violation("burgundy/inv.estate", f"player {i}: board {pl.board}"))
            continue
        if setting and not any(est):
            continue  # advanced set-up: the starting castle is not placed yet
        if not 0 <= pl.start < board.size or est[pl.start] != D.CASTLE_TILE or (
                board.colour[pl.start] != D.CASTLE):
            out.append(Violation("burgundy/inv.estate", f"player {i}: no starting castle"))
            continue
        for s, t in enumerate(est):
            if t and (t not in D.TILE_COLOUR or D.TILE_COLOUR[t] != board.colour[s]):
                out.append(Violation("burgundy/inv.estate",
                                     f"player {i}: {t} on a {board.colour[s]} space {s}"))
        seen = {pl.start}
        todo = [pl.start]
        while todo:
            x = todo.pop()
            for y in board.neighbours[x]:
                if est[y] and y not in seen:
                    seen.add(y)
                    todo.append(y)
        placed = sum(1 for t in est if t)
        if len(seen) != placed:
            out.append(Violation("burgundy/inv.estate",
                                 f"player {i}: {placed - len(seen)} tiles touch no group"))
    return out


def one_building_per_city(state: BurgundyState) -> list[Violation]:
    """A city holds one building of each kind unless its owner has knowledge tile 1."""
    out = []
    for i, pl in enumerate(state.players):
        if 1 in pl.knowledge:
            continue
        board = BOARDS[pl.board]
        for area in board.areas:
            if board.colour[area[0]] != D.BUILDING:
                continue
            tiles = [pl.estate[s] for s in area if pl.estate[s]]
            if len(tiles) != len(set(tiles)):
                out.append(Violation("burgundy/inv.one-building-per-city",
                                     f"player {i}: city {area} holds {sorted(tiles)}"))
    return out


def knowledge_consistent(state: BurgundyState) -> list[Violation]:
    """The knowledge list is exactly the knowledge tiles in the estate."""
    out = []
    for i, pl in enumerate(state.players):
        real = tuple(sorted(D.KNOWLEDGE_NUMBER[t] for t in pl.estate if t in D.KNOWLEDGE_NUMBER))
        if real != pl.knowledge:
            out.append(Violation("burgundy/inv.knowledge", f"player {i}: {pl.knowledge} vs"
                                 f" estate {real}"))
    return out


def bonuses_consistent(state: BurgundyState) -> list[Violation]:
    """Each colour gives at most a large and a small bonus, to players who filled it."""
    out = []
    for c, colour in enumerate(D.COLOURS):
        holders = [(i, b) for i, pl in enumerate(state.players) for b in pl.bonus_tiles
                   if b.split(":")[0] == colour]
        if len(holders) != state.bonuses[c] or state.bonuses[c] > 2:
            out.append(Violation("burgundy/inv.bonuses", f"{colour}: {holders} vs"
                                 f" {state.bonuses[c]} taken"))
        for i, _ in holders:
            holder = state.players[i]
            if not all(holder.estate[s] for s in BOARDS[holder.board].colour_spaces[colour]):
                out.append(Violation("burgundy/inv.bonuses",
                                     f"player {i} holds a {colour} bonus without the colour"))
    return out


def turn_structure(state: BurgundyState) -> list[Violation]:
    """In play the turn order is a permutation of the seats and the turn index is in it."""
    n = state.config.players
    if len(state.players) != n:
        return [Violation("burgundy/inv.turn", f"{len(state.players)} players, config {n}")]
    if state.stage is Stage.PLAY and (sorted(state.order) != list(range(n))
                                      or not 0 <= state.turn < n):
        return [Violation("burgundy/inv.turn", f"order {state.order}, turn {state.turn}")]
    return []


def score_nonnegative(state: BurgundyState) -> list[Violation]:
    return [Violation("burgundy/inv.vp-non-negative", f"player {i} has {pl.vp} VP")
            for i, pl in enumerate(state.players) if pl.vp < 0]


def vp_monotone(before: BurgundyState, action: Any, after: BurgundyState) -> list[Violation]:
    """Victory points never decrease from one step to the next."""
    return [Violation("burgundy/inv.vp-never-decreases",
                      f"player {i}: {a.vp} -> {b.vp}")
            for i, (a, b) in enumerate(zip(before.players, after.players, strict=True))
            if b.vp < a.vp]


INVARIANTS: tuple[Invariant, ...] = (
    hexes_conserved, goods_conserved, nonnegative, limits, estate_valid,
    one_building_per_city, knowledge_consistent, bonuses_consistent, turn_structure,
    score_nonnegative,
)
#: invariants over one step (state, action, next state)
TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (vp_monotone,)
