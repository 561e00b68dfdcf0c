"""Invariants of Caylus 1303: every reachable state satisfies each of them."""

from typing import Any

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.properties.base import Invariant, TransitionInvariant, Violation

_SETUP = frozenset({Stage.TILES, Stage.WOOD, Stage.STONE, Stage.FIRST, Stage.CHARACTERS})


def workers_conserved(state: CaylusState) -> list[Violation]:
    """Each player's 15 workers: hand + camp + road + construction site."""
    out = []
    for p, pl in enumerate(state.players):
        placed = (state.first_worker.count(p) + state.second_worker.count(p)
                  + state.site_workers.count(p))
        total = pl.workers + pl.camp + placed
        if total != D.WORKERS:
            out.append(Violation("caylus/inv.workers-conserved",
                                 f"player {p}: {pl.workers} in hand + {pl.camp} in camp +"
                                 f" {placed} placed = {total}, not {D.WORKERS}"))
    return out


def houses_conserved(state: CaylusState) -> list[Violation]:
    """Each player's 10 houses: stock + houses on road buildings + 1 at the bridge."""
    out = []
    for p, pl in enumerate(state.players):
        total = pl.houses + state.owner.count(p) + 1
        if total != D.HOUSES:
            out.append(Violation("caylus/inv.houses-conserved",
                                 f"player {p}: {pl.houses} in stock + {state.owner.count(p)} on"
                                 f" buildings + 1 at the bridge = {total}"))
    return out


def nonnegative(state: CaylusState) -> list[Violation]:
    """No negative resource, worker, house or prestige count."""
    out = []
    for p, pl in enumerate(state.players):
        if min((*pl.resources, pl.workers, pl.camp, pl.houses, pl.prestige)) < 0:
            out.append(Violation("caylus/inv.nonnegative", f"player {p}: a negative count"))
    return out


def within_supply(state: CaylusState) -> list[Violation]:
    """Under ``supply=limited`` the players hold at most the tokens of each resource."""
    if state.config.option("supply") != "limited":
        return []
    out = []
    for r in range(D.N_RESOURCES):
        held = sum(pl.resources[r] for pl in state.players)
        if held > D.RESOURCE_TOKENS[r]:
            out.append(Violation("caylus/inv.within-supply",
                                 f"{D.RESOURCES[r]}: {held} held, {D.RESOURCE_TOKENS[r]} tokens"))
    return out


def buildings_conserved(state: CaylusState) -> list[Violation]:
    """Every wood, stone and prestige building is once in the supply, on the site or on
    the road; the starting tiles placed and left make nine; the printed ones stand."""
    out = []
    placed = [*state.road, *state.site]
    for kinds, supply in ((D.WOOD_KINDS, state.wood_supply), (D.STONE_KINDS,
                                                              state.stone_supply),
                          (D.PRESTIGE_KINDS, state.prestige_supply)):
        for k, n in zip(kinds, supply, strict=True):
            # a prestige building replaces a residence: it is on the road once or left
            if n + placed.count(k) != 1:
                out.append(Violation("caylus/inv.buildings-conserved",
                                     f"{D.KINDS[k]}: {n} in supply, {placed.count(k)} placed"))
    starts = sum(1 for k in placed if k >= 0 and D.MATERIAL[k] == D.START)
    prestige = sum(1 for k in state.road if k >= 0 and D.MATERIAL[k] == D.PRESTIGE)
    if starts + prestige + sum(state.start_tiles) != 9:
        out.append(Violation("caylus/inv.buildings-conserved",
                             f"{starts} starting tiles + {prestige} prestige buildings on them"
                             f" + {sum(state.start_tiles)} to draw is not 9"))
    if state.road[:5] != D.PRINTED_ORDER:
        out.append(Violation("caylus/inv.buildings-conserved", "a printed building moved"))
    return out


def road_order(state: CaylusState) -> list[Violation]:
    """Built buildings fill the road from its first free space: no building built (a
    construction side up) stands past an empty space; owners only on starting tiles,
    prestige buildings and built buildings."""
    out = []
    gap = False
    for s in range(D.ROAD_SPACES):
        k = state.road[s]
        if k < 0:
            gap = True
            if state.owner[s] >= 0 or state.side[s]:
                out.append(Violation("caylus/inv.road-order", f"empty space {s} owned"))
            continue
        material = D.MATERIAL[k]
        if gap and material in (D.WOODEN, D.STONEN) and state.side[s] == 1:
            out.append(Violation("caylus/inv.road-order", f"building at {s} past a gap"))
        if (state.owner[s] >= 0 and material == D.PRINTED) or (
                state.owner[s] < 0 and material == D.PRESTIGE) or (
                material in (D.WOODEN, D.STONEN) and (state.owner[s] >= 0) != (
                state.side[s] == 1)):
            out.append(Violation("caylus/inv.road-order", f"space {s}: owner"
                                 f" {state.owner[s]} on {D.KINDS[k]}"))
    return out


def placements(state: CaylusState) -> list[Violation]:
    """Workers only on buildings that take them; a second worker only the journeyman's,
    once a round, beside another player's; one site worker per player."""
    out = []
    seconds = 0
    for s in range(D.ROAD_SPACES):
        first, second = state.first_worker[s], state.second_worker[s]
        k = state.road[s]
        if first < 0 and second < 0:
            continue
        if k < 0 or k == D.BRIDGE or D.MATERIAL[k] == D.PRESTIGE or (
                D.MATERIAL[k] == D.START and state.side[s] == 1):
            out.append(Violation("caylus/inv.placements", f"a worker on space {s}"))
        if second >= 0:
            seconds += 1
            # the journeyman may since have been stolen by a favour: not checked here
            if first == second or not state.journeyman_used:
                out.append(Violation("caylus/inv.placements",
                                     f"space {s}: second worker {second} beside {first}"))
    if seconds > 1:
        out.append(Violation("caylus/inv.placements", f"{seconds} second workers"))
    if len(set(state.site_workers)) != len(state.site_workers):
        out.append(Violation("caylus/inv.placements", "two site workers of one player"))
    return out


def provost_bounds(state: CaylusState) -> list[Violation]:
    """The provost never stands behind the bridge nor past the marked provost spaces."""
    if not D.PROVOST_MIN <= state.provost <= D.PROVOST_MAX:
        return [Violation("caylus/inv.provost", f"provost after space {state.provost}")]
    return []


def turn_structure(state: CaylusState) -> list[Violation]:
    """Rounds 1-9; the bridge holds each seat at most once; characters lie with seats, on
    the board or in the box, players + 3 in play after set-up; the phase's indexes are in
    range."""
    out = []
    n = state.config.players
    if not 1 <= state.round <= D.ROUNDS or len(state.players) != n:
        out.append(Violation("caylus/inv.turn", f"round {state.round}"))
    if len(set(state.bridge)) != len(state.bridge) or any(
            not 0 <= p < n for p in state.bridge):
        out.append(Violation("caylus/inv.turn", f"bridge {state.bridge}"))
    if any(not D.BOX <= h < n for h in state.characters):
        out.append(Violation("caylus/inv.turn", f"characters {state.characters}"))
    in_play = sum(1 for h in state.characters if h != D.BOX)
    if state.stage not in _SETUP and in_play != n + 3:
        out.append(Violation("caylus/inv.turn", f"{in_play} characters in play"))
    if state.stage is Stage.DELIVERY and state.cursor > len(state.delivery_order):
        out.append(Violation("caylus/inv.turn", "delivery index past the order"))
    if abs(state.provost_steps) > 2 or (state.provost_steps and state.stage is not
                                         Stage.BRIDGE):
        out.append(Violation("caylus/inv.turn", f"{state.provost_steps} provost steps bought"))
    if state.favour is not None and not 0 <= state.favour.seat < n:
        out.append(Violation("caylus/inv.turn", f"favour to seat {state.favour.seat}"))
    return out


def prestige_never_decreases(before: CaylusState, action: Any,
                             after: CaylusState) -> list[Violation]:
    """No rule takes prestige points away: each player's never decreases."""
    return [Violation("caylus/inv.prestige-monotone",
                      f"player {p}: {a.prestige} -> {b.prestige}")
            for p, (a, b) in enumerate(zip(before.players, after.players, strict=True))
            if b.prestige < a.prestige]


def round_never_decreases(before: CaylusState, action: Any,
                          after: CaylusState) -> list[Violation]:
    """The round marker only moves forward, one round at a time."""
    if not before.round <= after.round <= before.round + 1:
        return [Violation("caylus/inv.round-monotone", f"{before.round} -> {after.round}")]
    return []


INVARIANTS: tuple[Invariant, ...] = (
    workers_conserved, houses_conserved, nonnegative, within_supply, buildings_conserved,
    road_order,
    placements, provost_bounds, turn_structure,
)
#: invariants over one step (state, action, next state)
TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (
    prestige_never_decreases, round_never_decreases)
