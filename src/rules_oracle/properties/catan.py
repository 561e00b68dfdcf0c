"""Invariants of base Catan: every reachable state satisfies each of them."""

from typing import Any

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.properties.base import Invariant, LastOf, TransitionInvariant, Violation

_BOARD_STAGES = frozenset({Stage.TERRAIN, Stage.TOKENS, Stage.HARBOURS})


def resources_conserved(state: CatanState) -> list[Violation]:
    """Bank plus hands hold 19 cards of each resource (95 in all)."""
    return list(_RESOURCES(state.bank, *(pl.hand for pl in state.players)))


def _resources(bank: tuple[int, ...], *hands: tuple[int, ...]) -> tuple[Violation, ...]:
    out = []
    for r in range(D.N_RESOURCES):
        n = bank[r] + sum(hand[r] for hand in hands)
        if n != D.CARDS_PER_RESOURCE:
            out.append(Violation("catan/inv.resources-conserved",
                                 f"{D.RESOURCES[r]}: {n} cards, {D.CARDS_PER_RESOURCE} exist"))
    return tuple(out)


#: the bank and the hands are mostly the very objects of the state before
_RESOURCES = LastOf(_resources)


def developments_conserved(state: CatanState) -> list[Violation]:
    """Deck plus hands plus played cards hold the 25 development cards."""
    out = []
    for c in range(len(D.DEVELOPMENTS)):
        n = state.deck[c] + state.played[c] + sum(pl.developments[c] for pl in state.players)
        if n != D.DEVELOPMENT_COUNTS[c]:
            out.append(Violation("catan/inv.developments-conserved",
                                 f"{D.DEVELOPMENTS[c]}: {n} cards, {D.DEVELOPMENT_COUNTS[c]}"
                                 " exist"))
    if state.played[D.KNIGHT] != sum(pl.knights for pl in state.players):
        out.append(Violation("catan/inv.developments-conserved",
                             "played knights differ from the players' knight counts"))
    return out


def nonnegative(state: CatanState) -> list[Violation]:
    """No negative count; cards bought this turn are among those held."""
    return list(_NONNEGATIVE(state.bank, state.deck, state.played, state.discards,
                             state.free_roads, state.trades, state.offers, state.players))


def _nonnegative(bank: tuple[int, ...], deck: tuple[int, ...], played: tuple[int, ...],
                 discards: tuple[int, ...], free_roads: int, trades: int, offers: int,
                 players: tuple[Any, ...]) -> tuple[Violation, ...]:
    out = []
    counts = (*bank, *deck, *played, *discards, free_roads, trades, offers)
    if min(counts) < 0:
        out.append(Violation("catan/inv.nonnegative", "a negative bank, deck or turn count"))
    for i, pl in enumerate(players):
        if min((*pl.hand, *pl.developments, *pl.bought, pl.knights)) < 0:
            out.append(Violation("catan/inv.nonnegative", f"player {i}: a negative count"))
        if any(b > d for b, d in zip(pl.bought, pl.developments, strict=True)):
            out.append(Violation("catan/inv.nonnegative",
                                 f"player {i}: more cards bought than held"))
    return tuple(out)


#: the counts' tuples and the players (immutable, their counts with them) are mostly the
#: very objects of the state before
_NONNEGATIVE = LastOf(_nonnegative)


def _on_board(path_owner: tuple[int, ...], node_owner: tuple[int, ...],
              node_level: tuple[int, ...], players: int) -> tuple[tuple[int, int, int], ...]:
    """Each player's roads, settlements and cities on the board."""
    return tuple((sum(1 for o in path_owner if o == i),
                  sum(1 for o, lv in zip(node_owner, node_level, strict=True)
                      if o == i and lv == 1),
                  sum(1 for o, lv in zip(node_owner, node_level, strict=True)
                      if o == i and lv == 2)) for i in range(players))


_ON_BOARD = LastOf(_on_board)


def pieces(state: CatanState) -> list[Violation]:
    """Each player's piece counts match the board and stay within 15 / 5 / 4."""
    out = []
    counted = _ON_BOARD(state.path_owner, state.node_owner, state.node_level,
                        len(state.players))
    for i, pl in enumerate(state.players):
        roads, settlements, cities = counted[i]
        if (roads, settlements, cities) != (pl.roads, pl.settlements, pl.cities):
            out.append(Violation("catan/inv.pieces",
                                 f"player {i}: board {roads}/{settlements}/{cities}, counts"
                                 f" {pl.roads}/{pl.settlements}/{pl.cities}"))
        if roads > D.ROADS or settlements > D.SETTLEMENTS or cities > D.CITIES:
            out.append(Violation("catan/inv.pieces", f"player {i}: over the piece limits"))
    return out


def distance_rule(state: CatanState) -> list[Violation]:
    """No two buildings on neighbouring intersections; owner and level agree."""
    return list(_DISTANCE(state.node_owner, state.node_level, len(state.players)))


def _distance(node_owner: tuple[int, ...], node_level: tuple[int, ...], n_players: int
              ) -> tuple[Violation, ...]:
    out = []
    for n in range(B.N_NODES):
        o, lv = node_owner[n], node_level[n]
        if (o == -1) != (lv == 0) or not -1 <= o < n_players or lv not in (0, 1, 2):
            out.append(Violation("catan/inv.distance", f"intersection {n}: owner {o},"
                                 f" level {lv}"))
        if o >= 0 and any(node_owner[m] >= 0 for m in B.NODE_NODES[n] if m > n):
            out.append(Violation("catan/inv.distance",
                                 f"intersection {n} has a neighbouring building"))
    return tuple(out)


_DISTANCE = LastOf(_distance)


def connected(state: CatanState) -> list[Violation]:
    """Every road belongs to a network of its owner's roads that reaches one of the
    owner's buildings (a rival settlement built later may split a network, so the network
    is taken through any intersection); every building touches one of its owner's roads
    (but the set-up settlement still awaiting its road)."""
    return list(_CONNECTED(state.path_owner, state.node_owner, state.setup_node,
                           len(state.players)))


def _connected(path_owner: tuple[int, ...], node_owner: tuple[int, ...], setup_node: int,
               players: int) -> tuple[Violation, ...]:
    out = []
    for i in range(players):
        mine = {e for e in range(B.N_PATHS) if path_owner[e] == i}
        reached: set[int] = set()
        todo = [e for e in mine if any(node_owner[x] == i for x in B.PATH_NODES[e])]
        reached.update(todo)
        while todo:
            e = todo.pop()
            for x in B.PATH_NODES[e]:
                for f in B.NODE_PATHS[x]:
                    if f in mine and f not in reached:
                        reached.add(f)
                        todo.append(f)
        if reached != mine:
            out.append(Violation("catan/inv.connected",
                                 f"player {i}: roads {sorted(mine - reached)} are cut off"))
        for n in range(B.N_NODES):
            if node_owner[n] != i or n == setup_node:
                continue
            if not any(path_owner[e] == i for e in B.NODE_PATHS[n]):
                out.append(Violation("catan/inv.connected",
                                     f"player {i}: the building on {n} touches no own road"))
    return tuple(out)


_CONNECTED = LastOf(_connected)


def score(state: CatanState) -> list[Violation]:
    """Public points are settlements + 2 per city + 2 per special card, and the holders of
    the special cards qualify: the longest road of 5+ (no longer rival road), 3+ knights
    (no rival with more)."""
    out = []
    for i, pl in enumerate(state.players):
        vp = (pl.settlements + 2 * pl.cities + D.SPECIAL_VP * (state.longest == i)
              + D.SPECIAL_VP * (state.army == i))
        if pl.vp != vp:
            out.append(Violation("catan/inv.score", f"player {i}: vp {pl.vp}, pieces and"
                                 f" cards give {vp}"))
    lengths = [pl.road_length for pl in state.players]
    if state.longest >= 0 and (lengths[state.longest] < D.LONGEST_ROAD_MIN
                               or lengths[state.longest] < max(lengths)):
        out.append(Violation("catan/inv.score", f"longest road held by {state.longest}"
                             f" with lengths {lengths}"))
    knights = [pl.knights for pl in state.players]
    if state.army >= 0 and (knights[state.army] < D.LARGEST_ARMY_MIN or any(
            k > knights[state.army] for k in knights)):
        out.append(Violation("catan/inv.score", f"largest army held by {state.army}"
                             f" with knights {knights}"))
    if state.army < 0 and max(knights) >= D.LARGEST_ARMY_MIN:
        out.append(Violation("catan/inv.score", f"nobody holds the army; knights {knights}"))
    return out


def _trail(path_owner: tuple[int, ...], node_owner: tuple[int, ...], player: int, node: int,
           used: frozenset[int]) -> int:
    """The most roads of ``player`` a trail goes on from ``node`` with, none of ``used``
    again; it stops at an intersection holding another player's piece
    (catan/longest-road.break) unless it starts there."""
    if used and node_owner[node] not in (-1, player):
        return 0
    longest = 0
    for e in B.NODE_PATHS[node]:
        if path_owner[e] == player and e not in used:
            a, b = B.PATH_NODES[e]
            longest = max(longest, 1 + _trail(path_owner, node_owner, player,
                                              a if b == node else b, used | {e}))
    return longest


def road_length(path_owner: tuple[int, ...], node_owner: tuple[int, ...], player: int) -> int:
    """``player``'s longest road restated from the rules (not the model's search): the most
    of their roads in one continuous trail, no road counted twice, from any end."""
    ends = {n for e in range(B.N_PATHS) if path_owner[e] == player for n in B.PATH_NODES[e]}
    return max((_trail(path_owner, node_owner, player, n, frozenset()) for n in ends),
               default=0)


def points(state: CatanState, seat: int) -> int:
    """A player's points with the victory point cards, restated: 1 a settlement, 2 a city
    (catan/victory.points), 2 each special card (catan/longest-road.minimum,
    largest-army.minimum), 1 each victory point card (catan/development.victory-point)."""
    pl = state.players[seat]
    return (pl.settlements + 2 * pl.cities + D.SPECIAL_VP * (state.longest == seat)
            + D.SPECIAL_VP * (state.army == seat) + pl.developments[D.VICTORY_POINT])


def _robber_pending(state: CatanState) -> bool:
    """Under catan/knight-win=after-robber a knight's robber still to move or steal: the
    win waits for it."""
    return state.stage in (Stage.ROBBER, Stage.STEAL) \
        and state.config.option("knight-win") == "after-robber"


#: the board of the last state :func:`road_lengths` recomputed, and its lengths: most
#: actions leave the board's tuples as they were (the same objects), and then so are the
#: lengths
_LAST_BOARD: list[Any] = [None, None, ()]


def _lengths(path_owner: tuple[int, ...], node_owner: tuple[int, ...], players: int
             ) -> tuple[int, ...]:
    last_paths, last_nodes, lengths = _LAST_BOARD
    if path_owner is not last_paths or node_owner is not last_nodes or len(lengths) != players:
        lengths = tuple(road_length(path_owner, node_owner, i) for i in range(players))
        _LAST_BOARD[:] = [path_owner, node_owner, lengths]
    found: tuple[int, ...] = lengths
    return found


def road_lengths(state: CatanState) -> list[Violation]:
    """Each player's longest road recomputed from the board equals the state's."""
    out = []
    lengths = _lengths(state.path_owner, state.node_owner, len(state.players))
    for i, pl in enumerate(state.players):
        n = lengths[i]
        if n != pl.road_length:
            out.append(Violation("catan/inv.road-length",
                                 f"player {i}: state says {pl.road_length}, board gives {n}"))
    return out


def turn_structure(state: CatanState) -> list[Violation]:
    """Seats in range; discards pending only while discarding; the robber on a hex after
    the board is laid; a winner has 10 points; nobody else has won on their own turn."""
    out = []
    n = state.config.players
    if len(state.players) != n or not 0 <= state.turn < n:
        out.append(Violation("catan/inv.turn", f"{len(state.players)} players, turn"
                             f" {state.turn}"))
        return out
    if any(state.discards) != (state.stage is Stage.DISCARD):
        out.append(Violation("catan/inv.turn", f"discards {state.discards} in stage"
                             f" {state.stage.value}"))
    if state.stage not in _BOARD_STAGES and not (
            0 <= state.robber < B.N_HEXES and state.terrain[state.robber] != -1):
        out.append(Violation("catan/inv.turn", f"robber on {state.robber}"))
    if (state.offer is not None) != (state.stage is Stage.TRADE):
        out.append(Violation("catan/inv.turn", "an offer outside a trade"))
    if state.winner >= 0 and (state.stage is not Stage.OVER
                              or points(state, state.winner) < D.VICTORY):
        out.append(Violation("catan/inv.turn", f"winner {state.winner} without 10 points"))
    if state.stage is not Stage.OVER and state.stage not in _BOARD_STAGES \
            and state.stage is not Stage.SETUP and not _robber_pending(state) \
            and points(state, state.turn) >= D.VICTORY:
        out.append(Violation("catan/inv.turn", f"player {state.turn} has 10 points on turn"
                             " and the game goes on"))
    return out


def pieces_never_lost(before: CatanState, action: Any, after: CatanState) -> list[Violation]:
    """Pieces stay on the board: a player's roads, building points (settlements + 2 per
    city) and played knights never decrease from one step to the next."""
    out = []
    for i, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
        if (b.roads < a.roads or b.settlements + 2 * b.cities < a.settlements + 2 * a.cities
                or b.knights < a.knights):
            out.append(Violation("catan/inv.pieces-never-lost",
                                 f"player {i}: roads {a.roads} -> {b.roads}, buildings"
                                 f" {a.settlements}/{a.cities} -> {b.settlements}/{b.cities},"
                                 f" knights {a.knights} -> {b.knights}"))
    return out


INVARIANTS: tuple[Invariant, ...] = (
    resources_conserved, developments_conserved, nonnegative, pieces, distance_rule,
    connected, score, road_lengths, turn_structure,
)
#: invariants over one step (state, action, next state)
TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (pieces_never_lost,)
