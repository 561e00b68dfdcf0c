"""Invariants of Cities & Knights: every reachable state satisfies each of them."""

from typing import Any

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.roads import longest_road
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.common import pieces as piece_owners
from rules_oracle.model.cities_knights.common import points
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.properties.base import Invariant, TransitionInvariant, Violation

_CARD_COUNTS = (*(BD.CARDS_PER_RESOURCE,) * BD.N_RESOURCES, *(D.CARDS_PER_COMMODITY,) * 3)


def cards_conserved(state: CKState) -> list[Violation]:
    """Bank plus hands hold 19 of each resource and 12 of each commodity."""
    out = []
    for c in range(D.N_CARDS):
        n = state.bank[c] + sum(pl.hand[c] for pl in state.players)
        if n != _CARD_COUNTS[c]:
            out.append(Violation("cities_knights/inv.cards-conserved",
                                 f"{D.CARDS[c]}: {n} cards, {_CARD_COUNTS[c]} exist"))
    return out


def progress_conserved(state: CKState) -> list[Violation]:
    """Decks (the cards under them included) + hands + spent + Printer/Constitution face
    up = the 54 progress cards, per kind; a card lies under its own colour's deck; no VP
    card is ever held in a hand."""
    out = []
    face_up = sum(pl.vp_cards for pl in state.players)
    under = [0] * D.N_PROGRESS_KINDS
    for c, kinds in enumerate(state.under):
        for k in kinds:
            under[k] += 1
            if D.PROGRESS_COLOUR[k] != c:
                out.append(Violation("cities_knights/inv.progress-conserved",
                                     f"{D.PROGRESS_NAMES[k]} under the deck of colour {c}"))
    for k in range(D.N_PROGRESS_KINDS):
        n = state.deck[k] + state.spent[k] + under[k] \
            + sum(pl.progress[k] for pl in state.players)
        if k in D.VP_CARDS:
            if any(pl.progress[k] for pl in state.players):
                out.append(Violation("cities_knights/inv.progress-conserved",
                                     f"{D.PROGRESS_NAMES[k]} held in a hand"))
            continue
        if n != D.PROGRESS_COUNTS[k]:
            out.append(Violation("cities_knights/inv.progress-conserved",
                                 f"{D.PROGRESS_NAMES[k]}: {n} cards, {D.PROGRESS_COUNTS[k]}"
                                 " exist"))
    vp_total = sum(state.deck[k] + state.spent[k] for k in D.VP_CARDS) + face_up
    if vp_total != sum(D.PROGRESS_COUNTS[k] for k in D.VP_CARDS):
        out.append(Violation("cities_knights/inv.progress-conserved",
                             f"{vp_total} Printer/Constitution cards, 2 exist"))
    return out


def nonnegative(state: CKState) -> list[Violation]:
    """No negative count anywhere."""
    counts = [*state.bank, *state.deck, *state.spent, *state.discards, state.trades,
              state.offers, state.defenders_left]
    for pl in state.players:
        counts += [*pl.hand, *pl.progress, pl.vp_cards, pl.defenders, *pl.levels, *pl.knights]
    if min(counts) < 0:
        return [Violation("cities_knights/inv.nonnegative", "a negative count")]
    return []


def pieces(state: CKState) -> list[Violation]:
    """Piece counts match the board and stay within 15 roads, 5 settlements, 4 cities,
    3 walls and 2 knights a level; walls stand on cities, metropolises on their cities."""
    out = []
    n_players = len(state.players)
    # per seat: settlements, cities, walls, then knights of levels 1-3 (one pass)
    tally = [[0] * 6 for _ in range(n_players)]
    for o, lv, wall in zip(state.node_owner, state.node_level, state.walls, strict=True):
        if 0 <= o < n_players:
            if lv in (1, 2):
                tally[o][lv - 1] += 1
            tally[o][2] += wall
    for o, lv in zip(state.knight_owner, state.knight_level, strict=True):
        if 0 <= o < n_players and lv in (1, 2, 3):
            tally[o][2 + lv] += 1
    for i, pl in enumerate(state.players):
        roads = state.path_owner.count(i)
        settle, cities, walls, k1, k2, k3 = tally[i]
        knights = (k1, k2, k3)
        board = (roads, settle, cities, walls, knights)
        counts = (pl.roads, pl.settlements, pl.cities, pl.walls, pl.knights)
        if board != counts:
            out.append(Violation("cities_knights/inv.pieces",
                                 f"player {i}: board {board}, counts {counts}"))
        if roads > BD.ROADS or settle > BD.SETTLEMENTS or cities > BD.CITIES \
                or walls > D.WALLS or max(knights) > D.KNIGHTS_PER_LEVEL:
            out.append(Violation("cities_knights/inv.pieces", f"player {i}: over a limit"))
    for n in range(B.N_NODES):
        if state.walls[n] and state.node_level[n] != 2:
            out.append(Violation("cities_knights/inv.pieces", f"a wall without a city on {n}"))
        if state.node_owner[n] >= 0 and state.knight_owner[n] >= 0:
            out.append(Violation("cities_knights/inv.pieces", f"a knight on a building {n}"))
        if (state.knight_owner[n] < 0) != (state.knight_level[n] == 0) \
                or (state.knight_active[n] and state.knight_owner[n] < 0):
            out.append(Violation("cities_knights/inv.pieces", f"knight fields disagree at {n}"))
    placing = state.metro_kind
    for kind, n in enumerate(state.metropolis):
        if n >= 0 and state.node_level[n] != 2:
            out.append(Violation("cities_knights/inv.pieces",
                                 f"metropolis {D.KINDS[kind]} not on a city"))
        if n >= 0 and state.players[state.node_owner[n]].levels[kind] < D.METROPOLIS_LEVEL:
            out.append(Violation("cities_knights/inv.pieces",
                                 f"metropolis {D.KINDS[kind]} held below level 4"))
        if n < 0 and kind != placing and any(pl.levels[kind] >= D.METROPOLIS_LEVEL
                                             for pl in state.players):
            out.append(Violation("cities_knights/inv.pieces",
                                 f"metropolis {D.KINDS[kind]} unplaced at level 4"))
    return out


def bounds(state: CKState) -> list[Violation]:
    """The barbarians within the track, levels within 0..5, Defender cards given and left
    make 6 (more given only once none is left)."""
    out = []
    if not 0 <= state.barbarians < D.TRACK:
        out.append(Violation("cities_knights/inv.bounds", f"barbarians at {state.barbarians}"))
    given = sum(pl.defenders for pl in state.players)
    # past the 6 cards a Defender point is still given (cities_knights/defender-cards-out)
    if given + state.defenders_left != D.DEFENDERS \
            and not (state.defenders_left == 0 and given > D.DEFENDERS):
        out.append(Violation("cities_knights/inv.bounds", f"{given} + {state.defenders_left}"
                             " Defender cards"))
    if any(not 0 <= lv <= D.MAX_LEVEL for pl in state.players for lv in pl.levels):
        out.append(Violation("cities_knights/inv.bounds", "an improvement level out of range"))
    return out


def score(state: CKState) -> list[Violation]:
    """Each player's points recomputed from the board and the cards equal the state's; the
    longest road's holder has the longest road, of 5 or more."""
    out = []
    for i, pl in enumerate(state.players):
        if pl.vp != points(state, i):
            out.append(Violation("cities_knights/inv.score",
                                 f"player {i}: vp {pl.vp}, recomputed {points(state, i)}"))
    lengths = [pl.road_length for pl in state.players]
    if state.longest >= 0 and (lengths[state.longest] < BD.LONGEST_ROAD_MIN
                               or lengths[state.longest] < max(lengths)):
        out.append(Violation("cities_knights/inv.score", f"longest road held by"
                             f" {state.longest} with lengths {lengths}"))
    return out


#: longest roads recomputed per (path owners, blocking owners, seats): consecutive states
#: mostly share their board, so each board is walked once
_LENGTHS: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]] = {}


def _lengths(path_owner: tuple[int, ...], blockers: tuple[int, ...], n: int) -> tuple[int, ...]:
    key = (path_owner, blockers, n)
    found = _LENGTHS.get(key)
    if found is None:
        if len(_LENGTHS) >= 4096:
            _LENGTHS.clear()
        found = _LENGTHS[key] = tuple(longest_road(path_owner, blockers, i) for i in range(n))
    return found


def road_lengths(state: CKState) -> list[Violation]:
    """Each longest road recomputed from the board (knights block) equals the state's."""
    lengths = _lengths(state.path_owner, piece_owners(state), len(state.players))
    return [Violation("cities_knights/inv.road-length", f"player {i}: {pl.road_length}")
            for i, pl in enumerate(state.players) if lengths[i] != pl.road_length]


def turn_structure(state: CKState) -> list[Violation]:
    """Seats in range; discards only while discarding; a card pending only in its stages;
    a winner has 13 points; the player on turn with 13 points has won; progress hands within
    4 off turn, and within 5 on turn (under either reading of cities_knights/own-turn-hand:
    a turn begins with at most 4, its roll draws at most one, the Spy's card replaces the
    Spy)."""
    out = []
    n = state.config.players
    if len(state.players) != n or not 0 <= state.turn < n:
        return [Violation("cities_knights/inv.turn", f"{len(state.players)} players")]
    if any(state.discards) != (state.stage is Stage.DISCARD):
        out.append(Violation("cities_knights/inv.turn", f"discards {state.discards} in"
                             f" stage {state.stage.value}"))
    if state.stage is Stage.CARD and state.pending is None:
        out.append(Violation("cities_knights/inv.turn", "stage card without a card"))
    if state.winner >= 0 and state.players[state.winner].vp < D.VICTORY:
        out.append(Violation("cities_knights/inv.turn", f"winner {state.winner} without 13"))
    if state.stage not in (Stage.OVER, Stage.SETUP) \
            and state.players[state.turn].vp >= D.VICTORY:
        out.append(Violation("cities_knights/inv.turn", f"player {state.turn} has 13 points"
                             " on turn and the game goes on"))
    if state.stage is not Stage.PROGRESS_DISCARD:
        for q in range(n):
            if q != state.turn and sum(state.players[q].progress) > D.HAND_LIMIT:
                out.append(Violation("cities_knights/inv.turn", f"player {q} holds over 4"
                                     " progress cards off turn"))
    if state.stage is not Stage.SETUP \
            and sum(state.players[state.turn].progress) > D.HAND_LIMIT + 1:
        out.append(Violation("cities_knights/inv.turn", f"player {state.turn} holds over 5"
                             " progress cards on his turn"))
    return out


_PENDING_STAGES = frozenset({Stage.CARD, Stage.DISCARD, Stage.STEAL, Stage.DISPLACED,
                             Stage.PROGRESS_DISCARD})


_TERRAIN = tuple(sorted(t for t, n in enumerate(BD.TERRAIN_COUNTS) for _ in range(n)))
_TOKENS = tuple(sorted(v for v, n in zip(BD.NUMBERS, BD.NUMBER_COUNTS, strict=True)
                       for _ in range(n)))


def board(state: CKState) -> list[Violation]:
    """While the board is laid (stage board): terrain in hex order, no token, no piece
    placed; after it base Catan's board: 19 hexes by kind, its 18 tokens
    (the Inventor only swaps them), the robber on a hex."""
    out = []
    laid = [t for t in state.terrain if t >= 0]
    if state.stage is Stage.BOARD:
        if state.terrain[:len(laid)] != tuple(laid) or any(state.tokens) \
                or any(o >= 0 for o in state.node_owner):
            out.append(Violation("cities_knights/inv.board", "board laid out of order"))
        return out
    if tuple(sorted(state.terrain)) != _TERRAIN:
        out.append(Violation("cities_knights/inv.board", f"terrain {state.terrain}"))
    if tuple(sorted(t for t in state.tokens if t)) != _TOKENS:
        out.append(Violation("cities_knights/inv.board", f"tokens {state.tokens}"))
    if not 0 <= state.robber < B.N_HEXES:
        out.append(Violation("cities_knights/inv.board", f"robber on {state.robber}"))
    return out


def pending_work(state: CKState) -> list[Violation]:
    """Pending work matches the stage: robberies only while stealing, draws only while
    drawing (or a drawer discards), a queue only while reducing cities or taking aqueduct
    cards, a metropolis, knight or displaced knight only in its stage, a card in play only
    in its steps (and the discards, robberies or displacement it causes)."""
    st = state.stage
    checks = (
        ("players to rob", bool(state.victims), st is Stage.STEAL),
        # a drawer's discard may follow the last draw
        ("progress draws", bool(state.draws) or (st is Stage.PROGRESS_DISCARD),
         st is Stage.DRAWS or st is Stage.PROGRESS_DISCARD),
        ("seats to choose", bool(state.queue), st is Stage.REDUCE or st is Stage.AQUEDUCT),
        ("a metropolis to place", state.metro_kind >= 0, st is Stage.METROPOLIS),
        ("a displaced knight", state.displaced[0] >= 0, st is Stage.DISPLACED),
        ("a domestic offer", state.offer is not None, st is Stage.TRADE),
    )
    out = [Violation("cities_knights/inv.pending-work", f"{what} in stage {st.value}")
           for what, present, allowed in checks if present != allowed]
    # the knight moving; a displaced knight keeps the intersection it was taken from; a
    # chasing knight is named while the robber moves (a 7's robber names none)
    moving = st is Stage.KNIGHT or st is Stage.DISPLACED
    if st is not Stage.ROBBER and (state.knight_node >= 0) != moving:
        out.append(Violation("cities_knights/inv.pending-work",
                             f"a moving knight in stage {st.value}"))
    if state.pending is not None and st not in _PENDING_STAGES:
        out.append(Violation("cities_knights/inv.pending-work",
                             f"a card in play in stage {st.value}"))
    return out


def levels_never_fall(before: CKState, action: Any, after: CKState) -> list[Violation]:
    """Improvement levels, Defender cards and face-up VP cards never decrease."""
    out = []
    for i, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
        if any(y < x for x, y in zip(a.levels, b.levels, strict=True)) \
                or b.defenders < a.defenders or b.vp_cards < a.vp_cards:
            out.append(Violation("cities_knights/inv.levels-never-fall", f"player {i}"))
    return out


INVARIANTS: tuple[Invariant, ...] = (
    cards_conserved, progress_conserved, nonnegative, pieces, bounds, score, road_lengths,
    turn_structure, pending_work, board,
)
TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (levels_never_fall,)
