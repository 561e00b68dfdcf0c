"""After the roll: building (roads, settlements, cities, walls), knights (recruit, activate,
promote, move, displace, chase), city improvements and metropolises, and maritime trade.
Placement rules are base Catan's pure functions over the board, with knights as pieces."""

from collections.abc import Iterator

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import MaritimeTrade
from rules_oracle.model.catan.build import road_connected, site_free
from rules_oracle.model.catan.ops import bump, covers, evolve, in_range, minus, plus, put
from rules_oracle.model.catan.trade import HARBOUR_NODES, rates
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action, ChooseNode
from rules_oracle.model.cities_knights.common import (
    at_road,
    empty,
    knight_spots,
    pieces,
    road_owners_at,
    set_player,
    update_roads,
)
from rules_oracle.model.cities_knights.state import CKState, Stage


def can_pay(state: CKState, p: int, cost: tuple[int, ...]) -> bool:
    return covers(state.players[p].hand, cost)


def pay(state: CKState, p: int, cost: tuple[int, ...]) -> CKState:
    pl = state.players[p]
    return set_player(state, p, evolve(pl, hand=minus(pl.hand, cost)),
                      bank=plus(state.bank, cost))


# -- roads, settlements, cities, walls ---------------------------------------------------------
def road_spots(state: CKState, p: int) -> tuple[int, ...]:
    """Paths where ``p`` may put a road (cost aside): free, connected through no rival
    piece (knights block as buildings do)."""
    if state.players[p].roads >= BD.ROADS:
        return ()
    blockers = pieces(state)
    return tuple(e for e in range(B.N_PATHS) if state.path_owner[e] == -1
                 and road_connected(state.path_owner, blockers, p, e))


def place_road(state: CKState, p: int, e: int) -> CKState:
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, roads=pl.roads + 1),
                       path_owner=put(state.path_owner, e, p))
    return update_roads(state, False, (p,))


def settlement_spots(state: CKState, p: int) -> tuple[int, ...]:
    if state.players[p].settlements >= BD.SETTLEMENTS:
        return ()
    return tuple(n for n in range(B.N_NODES) if site_free(state.node_owner, n)
                 and state.knight_owner[n] < 0 and at_road(state, p, n))


def place_settlement(state: CKState, p: int, n: int) -> CKState:
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, settlements=pl.settlements + 1),
                       node_owner=put(state.node_owner, n, p),
                       node_level=put(state.node_level, n, 1))
    return update_roads(state, True, road_owners_at(state, n))


def city_spots(state: CKState, p: int) -> tuple[int, ...]:
    if state.players[p].cities >= BD.CITIES:
        return ()
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 1)


def place_city(state: CKState, p: int, n: int) -> CKState:
    pl = state.players[p]
    return set_player(state, p, evolve(pl, settlements=pl.settlements - 1,
                                       cities=pl.cities + 1),
                      node_level=put(state.node_level, n, 2))


def wall_spots(state: CKState, p: int) -> tuple[int, ...]:
    if state.players[p].walls >= D.WALLS:
        return ()
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 2 and not state.walls[n])


def place_wall(state: CKState, p: int, n: int) -> CKState:
    pl = state.players[p]
    return set_player(state, p, evolve(pl, walls=pl.walls + 1), walls=put(state.walls, n, True))


# -- knights ------------------------------------------------------------------------------------
def own_knights(state: CKState, p: int) -> tuple[int, ...]:
    return tuple(n for n in range(B.N_NODES) if state.knight_owner[n] == p)


def knight_build_spots(state: CKState, p: int) -> tuple[int, ...]:
    if state.players[p].knights[0] >= D.KNIGHTS_PER_LEVEL:
        return ()
    return knight_spots(state, p)


def put_knight(state: CKState, p: int, n: int, level: int, active: bool,
               placed: bool = False) -> CKState:
    """``p``'s knight of ``level`` on ``n``; ``placed``: newly placed this turn (mark 4)."""
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, knights=bump(pl.knights, level - 1, 1)),
                       knight_owner=put(state.knight_owner, n, p),
                       knight_level=put(state.knight_level, n, level),
                       knight_active=put(state.knight_active, n, active),
                       knight_marks=put(state.knight_marks, n, 4 if placed else 0))
    return update_roads(state, True, road_owners_at(state, n))


def remove_knight(state: CKState, n: int) -> CKState:
    p, level = state.knight_owner[n], state.knight_level[n]
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, knights=bump(pl.knights, level - 1, -1)),
                       knight_owner=put(state.knight_owner, n, -1),
                       knight_level=put(state.knight_level, n, 0),
                       knight_active=put(state.knight_active, n, False),
                       knight_marks=put(state.knight_marks, n, 0))
    return update_roads(state, False, road_owners_at(state, n))


def activatable(state: CKState, p: int) -> tuple[int, ...]:
    return tuple(n for n in own_knights(state, p) if not state.knight_active[n])


def activate(state: CKState, n: int) -> CKState:
    return evolve(state, knight_active=put(state.knight_active, n, True),
                  knight_marks=put(state.knight_marks, n, state.knight_marks[n] | 1))


def promote_rule(state: CKState, p: int, n: int) -> str | None:
    """Why ``p`` may not promote the knight on ``n`` now (cost aside), or ``None``."""
    if not in_range(n, B.N_NODES) or state.knight_owner[n] != p:
        return RB.KNIGHT_PROMOTE
    level = state.knight_level[n]
    if level >= D.KNIGHT_LEVELS or state.players[p].knights[level] >= D.KNIGHTS_PER_LEVEL:
        return RB.KNIGHT_LIMIT
    if state.knight_marks[n] & 2:
        return RB.KNIGHT_PROMOTE_ONCE
    if level == 2 and state.players[p].levels[D.POLITICS] < D.ABILITY_LEVEL:
        return RB.KNIGHT_MIGHTY
    return None


def promote(state: CKState, p: int, n: int) -> CKState:
    level = state.knight_level[n]
    pl = state.players[p]
    knights = bump(bump(pl.knights, level - 1, -1), level, 1)
    return set_player(state, p, evolve(pl, knights=knights),
                      knight_level=put(state.knight_level, n, level + 1),
                      knight_marks=put(state.knight_marks, n, state.knight_marks[n] | 2))


def can_act(state: CKState, p: int, n: int) -> bool:
    """An active knight of ``p``'s, active since before this turn (knight-act=activated),
    or not both placed and activated this turn (knight-act=placed-and-activated)."""
    if not (in_range(n, B.N_NODES) and state.knight_owner[n] == p and state.knight_active[n]):
        return False
    marks = state.knight_marks[n]
    if state.config.option("knight-act") == "placed-and-activated":
        return not (marks & 1 and marks & 4)
    return not marks & 1


def _reached(state: CKState, p: int, start: int) -> Iterator[int]:
    """Every intersection ``p``'s roads lead to from ``start``, once each, as a knight's
    move goes: on through empty intersections and ``p``'s own pieces, stopping at any
    other piece."""
    seen = {start}
    frontier = [start]
    while frontier:
        a = frontier.pop()
        for e in B.NODE_PATHS[a]:
            if state.path_owner[e] != p:
                continue
            x, y = B.PATH_NODES[e]
            m = y if x == a else x
            if m in seen:
                continue
            seen.add(m)
            yield m
            if empty(state, m) or state.node_owner[m] == p or state.knight_owner[m] == p:
                frontier.append(m)


def knight_targets(state: CKState, n: int) -> tuple[int, ...]:
    """Where the knight on ``n`` may go: empty intersections of its owner's road network
    reached from it, and weaker rival knights there (to displace)."""
    p, level = state.knight_owner[n], state.knight_level[n]
    return tuple(sorted(
        m for m in _reached(state, p, n)
        if empty(state, m) or (state.knight_owner[m] >= 0 and state.knight_owner[m] != p
                               and state.knight_level[m] < level)))


def movable(state: CKState, p: int) -> tuple[int, ...]:
    return tuple(n for n in own_knights(state, p) if can_act(state, p, n)
                 and knight_targets(state, n))


def chasers(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s knights that may chase the robber: active since before this turn under every
    reading ("пока они были активны до начала вашего хода"), touching its hex. A knight
    activated this turn (marks 1, 8) or placed this turn (mark 4: the Deserter's, active
    under deserter-knight=as-removed) was not active before the turn began."""
    if not state.attacked:
        return ()
    return tuple(n for n in own_knights(state, p) if can_act(state, p, n)
                 and not state.knight_marks[n] & 13 and state.robber in B.NODE_HEXES[n])


def knight_step(state: CKState, action: Action) -> CKState:
    """The chosen target of the moving knight: a move, or a displacement."""
    n = state.knight_node
    if not isinstance(action, ChooseNode):
        raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__}: the knight's target"
                               " comes first")
    t = action.node
    if t not in knight_targets(state, n):
        raise RB.RULES.illegal(RB.KNIGHT_MOVE if not in_range(t, B.N_NODES)
                               or state.knight_owner[t] < 0 else RB.KNIGHT_DISPLACE,
                               f"the knight on {n} cannot go to {t!r}")
    p, level = state.knight_owner[n], state.knight_level[n]
    marks = state.knight_marks[n]
    displaced = (-1, 0, False)
    if state.knight_owner[t] >= 0:
        displaced = (state.knight_owner[t], state.knight_level[t], state.knight_active[t])
        state = remove_knight(state, t)
    state = remove_knight(state, n)
    state = put_knight(state, p, t, level, False)
    state = evolve(state, knight_marks=put(state.knight_marks, t, marks), knight_node=-1)
    return start_displaced(state, displaced, t if displaced[0] >= 0 else -1)


def start_displaced(state: CKState, displaced: tuple[int, int, bool],
                    taken_from: int = -1) -> CKState:
    """A displaced knight's owner re-places it, or loses it with no place left. The
    intersection it was taken from (``taken_from``, kept in ``knight_node`` while its owner
    chooses) is no free place for it (cities_knights/progress.intrigue: an Intrigue empties
    it; a displacing knight stands there) and, under ``displaced=network``, the start of the
    road network it may go to."""
    owner = displaced[0]
    state = evolve(state, knight_node=taken_from)
    if owner >= 0 and displaced_spots(state, owner):
        return evolve(state, displaced=displaced, stage=Stage.DISPLACED)
    return evolve(state, displaced=(-1, 0, False), knight_node=-1, pending=None,
                  stage=Stage.MAIN)


def _network_from(state: CKState, p: int, start: int) -> set[int]:
    """The empty intersections connected to ``start`` by ``p``'s roads (through empty ones
    and ``p``'s own pieces, as a knight's move goes)."""
    return {m for m in _reached(state, p, start) if empty(state, m)}


def displaced_spots(state: CKState, owner: int) -> tuple[int, ...]:
    """Where the displaced knight of ``owner`` may go: an empty intersection at his roads
    other than the one it was taken from; under ``displaced=network`` only one connected
    by his roads to that one (cities_knights/displaced-knight)."""
    spots = tuple(n for n in knight_spots(state, owner) if n != state.knight_node)
    if state.config.option("displaced") == "network" and state.knight_node >= 0:
        reach = _network_from(state, owner, state.knight_node)
        return tuple(n for n in spots if n in reach)
    return spots


def displaced_actions(state: CKState) -> tuple[Action, ...]:
    return tuple(ChooseNode(n) for n in displaced_spots(state, state.displaced[0]))


def displaced_step(state: CKState, action: Action) -> CKState:
    owner, level, active = state.displaced
    if not isinstance(action, ChooseNode) or action.node not in displaced_spots(state, owner):
        raise RB.RULES.illegal(
            RB.PROGRESS_INTRIGUE if state.pending is not None else RB.KNIGHT_DISPLACE,
            "the displaced knight goes to an empty intersection at its"
            " owner's roads, not the one it was taken from",
        )
    keep = state.config.option("displaced-active") == "keep"
    state = put_knight(state, owner, action.node, level, active and keep)
    return evolve(state, displaced=(-1, 0, False), knight_node=-1, pending=None,
                  stage=Stage.MAIN)


# -- improvements and metropolises ---------------------------------------------------------------
def _has_city(state: CKState, p: int) -> bool:
    if state.config.option("improvement-city") == "board":
        return any(pl.cities for pl in state.players)
    return state.players[p].cities > 0


def free_cities(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s cities without a metropolis."""
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 2 and n not in state.metropolis)


def metropolis_comes(state: CKState, p: int, kind: int, level: int) -> bool:
    """Whether reaching ``level`` of ``kind`` brings ``p`` its metropolis."""
    at = state.metropolis[kind]
    if at < 0:
        return level >= D.METROPOLIS_LEVEL
    holder = state.node_owner[at]
    return (holder != p and level == D.MAX_LEVEL
            and state.players[holder].levels[kind] < D.MAX_LEVEL)


def improve_cost(state: CKState, p: int, kind: int) -> tuple[int, ...]:
    level = state.players[p].levels[kind] + 1
    n = max(0, level - 1) if state.crane == 1 else level
    return tuple(n if c == D.KIND_COMMODITY[kind] else 0 for c in range(D.N_CARDS))


def improve_rule(state: CKState, p: int, kind: int) -> str | None:
    if not in_range(kind, 3):
        return RB.IMPROVEMENT_BUY
    level = state.players[p].levels[kind] + 1
    if level > D.MAX_LEVEL:
        return RB.IMPROVEMENT_MAX
    if not _has_city(state, p):
        return RB.IMPROVEMENT_CITY
    always = state.config.option("level-four-city") == "always" \
        and level == D.METROPOLIS_LEVEL
    if (always or metropolis_comes(state, p, kind, level)) and not free_cities(state, p):
        return RB.METROPOLIS_NEEDS_CITY
    if not can_pay(state, p, improve_cost(state, p, kind)):
        return RB.IMPROVEMENT_COST
    return None


def improve(state: CKState, p: int, kind: int) -> CKState:
    level = state.players[p].levels[kind] + 1
    comes = metropolis_comes(state, p, kind, level)
    state = evolve(pay(state, p, improve_cost(state, p, kind)),
                   crane=2 if state.crane else 0)
    pl = state.players[p]
    levels = (*pl.levels[:kind], level, *pl.levels[kind + 1:])
    state = set_player(state, p, evolve(pl, levels=levels))
    if comes:
        metro = (*state.metropolis[:kind], -1, *state.metropolis[kind + 1:])
        return evolve(state, metropolis=metro, metro_kind=kind, stage=Stage.METROPOLIS)
    return state


def metropolis_actions(state: CKState) -> tuple[Action, ...]:
    return tuple(ChooseNode(n) for n in free_cities(state, state.turn))


def place_metropolis(state: CKState, action: Action) -> CKState:
    if not isinstance(action, ChooseNode) or action.node not in free_cities(state, state.turn):
        raise RB.RULES.illegal(RB.METROPOLIS_FIRST, "the metropolis goes on one's own city without"
                               " one")
    k = state.metro_kind
    metro = (*state.metropolis[:k], action.node, *state.metropolis[k + 1:])
    return evolve(state, metropolis=metro, metro_kind=-1, stage=Stage.MAIN)


# -- maritime trade ----------------------------------------------------------------------
def card_rates(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s bank rate per card: base Catan's harbours for resources; commodities 4:1 or
    3:1 at a generic harbour, 2:1 with the trading house; 2:1 for the merchant's resource
    and the Merchant Fleets' cards."""
    base = rates(state.node_owner, state.harbours, p)
    generic = any(state.node_owner[n] == p and state.harbours[h] == BD.GENERIC
                  for n, h in HARBOUR_NODES)
    commodity = BD.SPECIAL_RATE if state.players[p].levels[D.TRADE] >= D.ABILITY_LEVEL \
        else BD.GENERIC_RATE if generic else BD.BANK_RATE
    out = [*base, commodity, commodity, commodity]
    if state.merchant_owner == p and state.merchant >= 0:
        r = BD.YIELD[state.terrain[state.merchant]]
        if r >= 0:
            out[r] = BD.SPECIAL_RATE
    for c in state.fleet:
        out[c] = BD.SPECIAL_RATE
    return tuple(out)


def maritime_actions(state: CKState) -> list[Action]:
    if state.trades >= D.TRADES_PER_TURN:
        return []
    p = state.turn
    hand = state.players[p].hand
    rate = card_rates(state, p)
    return [MaritimeTrade(g, t) for g in range(D.N_CARDS) if hand[g] >= rate[g]
            for t in range(D.N_CARDS) if t != g and state.bank[t]]


def maritime(state: CKState, action: MaritimeTrade) -> CKState:
    if state.trades >= D.TRADES_PER_TURN:
        raise RB.RULES.illegal(RB.TRADE_LIMIT, "no more trades this turn")
    g, t = action.give, action.get
    if not (in_range(g, D.N_CARDS) and in_range(t, D.N_CARDS)) or g == t:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"give {g!r} for {t!r}")
    p = state.turn
    pl = state.players[p]
    rate = card_rates(state, p)[g]
    if pl.hand[g] < rate:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"{rate} {D.CARDS[g]} needed")
    if not state.bank[t]:
        raise RB.RULES.illegal(RB.TRADE_MARITIME, f"the bank has no {D.CARDS[t]}")
    hand = bump(bump(pl.hand, g, -rate), t, 1)
    return set_player(state, p, evolve(pl, hand=hand),
                      bank=bump(bump(state.bank, g, rate), t, -1), trades=state.trades + 1)
