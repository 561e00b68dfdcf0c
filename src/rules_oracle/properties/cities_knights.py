"""Invariants of Cities & Knights: every reachable state satisfies each of them."""

from typing import Any

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import ChooseCard, EventDie
from rules_oracle.model.cities_knights.state import CKState, Player, Stage
from rules_oracle.model.core.stated import Stated
from rules_oracle.properties.base import Invariant, LastOf, TransitionInvariant, Violation
from rules_oracle.properties.catan import road_length

#: the numbers the step checks below write from the rules' quotes, not the model's data
#: (a test finds each in its quote): base Catan's hand limit on a 7, a wall's 2 cards more
HAND_LIMIT_7 = 7
WALL_BONUS = 2
STATED = (Stated("HAND_LIMIT_7", HAND_LIMIT_7, "catan/seven.discard"),
          Stated("WALL_BONUS", WALL_BONUS, RB.WALL_DISCARD_LIMIT))
#: a city's second card per terrain (cities_knights/production.commodity: "Города,
#: расположенные на шерсти, древесине или руде, производят 1 ресурс и 1 товар"): paper on
#: forest, cloth on pasture, coin on mountains; elsewhere a second resource (None)
_SECOND = {BD.FOREST: D.PAPER, BD.PASTURE: D.CLOTH, BD.MOUNTAINS: D.COIN}

_CARD_COUNTS = (*(BD.CARDS_PER_RESOURCE,) * BD.N_RESOURCES, *(D.CARDS_PER_COMMODITY,) * 3)


def cards_conserved(state: CKState) -> list[Violation]:
    """Bank plus hands hold 19 of each resource and 12 of each commodity."""
    return list(_CARDS(state.bank, *(pl.hand for pl in state.players)))


def _cards(bank: tuple[int, ...], *hands: tuple[int, ...]) -> tuple[Violation, ...]:
    out = []
    for c in range(D.N_CARDS):
        n = bank[c] + sum(hand[c] for hand in hands)
        if n != _CARD_COUNTS[c]:
            out.append(Violation("cities_knights/inv.cards-conserved",
                                 f"{D.CARDS[c]}: {n} cards, {_CARD_COUNTS[c]} exist"))
    return tuple(out)


#: the bank and the hands change on few steps (an offer's steps move no card)
_CARDS = LastOf(_cards)


def progress_conserved(state: CKState) -> list[Violation]:
    """Decks (the cards under them included) + hands + spent + Printer/Constitution face
    up = the 54 progress cards, per kind; a card lies under its own colour's deck; no VP
    card is ever held in a hand."""
    players = state.players
    return list(_PROGRESS(state.under, state.deck, state.spent,
                          *(pl.progress for pl in players), *(pl.vp_cards for pl in players)))


def _progress(under: tuple[tuple[int, ...], ...], deck: tuple[int, ...],
              spent: tuple[int, ...], *hands: Any) -> tuple[Violation, ...]:
    """What the progress cards break: ``hands`` are every player's progress cards per
    kind, then every player's Printer/Constitution cards face up."""
    seats = len(hands) // 2
    progress: tuple[tuple[int, ...], ...] = hands[:seats]
    out = []
    face_up = sum(hands[seats:])
    counted = [0] * D.N_PROGRESS_KINDS
    for c, kinds in enumerate(under):
        for k in kinds:
            counted[k] += 1
            if D.PROGRESS_COLOUR[k] != c:
                out.append(Violation("cities_knights/inv.progress-conserved",
                                     f"{D.PROGRESS_NAMES[k]} under the deck of colour {c}"))
    for k in range(D.N_PROGRESS_KINDS):
        n = deck[k] + spent[k] + counted[k] + sum(hand[k] for hand in progress)
        if k in D.VP_CARDS:
            if any(hand[k] for hand in progress):
                out.append(Violation("cities_knights/inv.progress-conserved",
                                     f"{D.PROGRESS_NAMES[k]} held in a hand"))
            continue
        if n != D.PROGRESS_COUNTS[k]:
            out.append(Violation("cities_knights/inv.progress-conserved",
                                 f"{D.PROGRESS_NAMES[k]}: {n} cards, {D.PROGRESS_COUNTS[k]}"
                                 " exist"))
    vp_total = sum(deck[k] + spent[k] for k in D.VP_CARDS) + face_up
    if vp_total != sum(D.PROGRESS_COUNTS[k] for k in D.VP_CARDS):
        out.append(Violation("cities_knights/inv.progress-conserved",
                             f"{vp_total} Printer/Constitution cards, 2 exist"))
    return tuple(out)


#: the progress cards change on few steps: the decks, the cards under them and spent, and
#: each hand, are mostly the very objects of the state before
_PROGRESS = LastOf(_progress)


def nonnegative(state: CKState) -> list[Violation]:
    """No negative count anywhere."""
    return list(_NONNEGATIVE(state.bank, state.deck, state.spent, state.discards,
                             state.trades, state.offers, state.defenders_left, state.players))


def _nonnegative(bank: tuple[int, ...], deck: tuple[int, ...], spent: tuple[int, ...],
                 discards: tuple[int, ...], trades: int, offers: int, defenders_left: int,
                 players: tuple[Any, ...]) -> tuple[Violation, ...]:
    counts = [*bank, *deck, *spent, *discards, trades, offers, defenders_left]
    for pl in players:
        counts += [*pl.hand, *pl.progress, pl.vp_cards, pl.defenders, *pl.levels, *pl.knights]
    if min(counts) < 0:
        return (Violation("cities_knights/inv.nonnegative", "a negative count"),)
    return ()


#: the counts' tuples and the players (immutable, their counts with them) are mostly the
#: very objects of the state before
_NONNEGATIVE = LastOf(_nonnegative)


def pieces(state: CKState) -> list[Violation]:
    """Piece counts match the board and stay within 15 roads, 5 settlements (and the cities
    turned on their side, reading reduced-city-stock=on-side), 4 cities, 3 walls and 2
    knights a level; walls stand on cities, metropolises on their cities."""
    out = []
    tally, placed = _BOARD_PIECES(state.path_owner, state.node_owner, state.node_level,
                                  state.walls, state.knight_owner, state.knight_level,
                                  state.knight_active, len(state.players))
    for i, pl in enumerate(state.players):
        roads, settle, cities, walls, k1, k2, k3 = tally[i]
        knights = (k1, k2, k3)
        board = (roads, settle, cities, walls, knights)
        counts = (pl.roads, pl.settlements, pl.cities, pl.walls, pl.knights)
        if board != counts:
            out.append(Violation("cities_knights/inv.pieces",
                                 f"player {i}: board {board}, counts {counts}"))
        # cities_knights/reduced-city-stock=on-side: a city turned on its side is a
        # settlement beyond the settlement pieces, its city piece one no city uses
        spare = BD.CITIES - cities if state.config.option("reduced-city") == "on-side" else 0
        if roads > BD.ROADS or settle > BD.SETTLEMENTS + spare or cities > BD.CITIES \
                or walls > D.WALLS or max(knights) > D.KNIGHTS_PER_LEVEL:
            out.append(Violation("cities_knights/inv.pieces", f"player {i}: over a limit"))
    out.extend(placed)
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


def _board_pieces(path_owner: tuple[int, ...], node_owner: tuple[int, ...],
                  node_level: tuple[int, ...], walls: tuple[bool, ...],
                  knight_owner: tuple[int, ...], knight_level: tuple[int, ...],
                  knight_active: tuple[bool, ...], n_players: int
                  ) -> tuple[tuple[tuple[int, ...], ...], tuple[Violation, ...]]:
    """Per seat the roads, settlements, cities, walls and knights of levels 1-3 on the
    board; and what the board's intersections break: a wall without a city, a knight on a
    building, knight fields that disagree."""
    # per seat: settlements, cities, walls, then knights of levels 1-3 (one pass)
    tally = [[0] * 6 for _ in range(n_players)]
    for o, lv, wall in zip(node_owner, node_level, walls, strict=True):
        if 0 <= o < n_players:
            if lv in (1, 2):
                tally[o][lv - 1] += 1
            tally[o][2] += wall
    for o, lv in zip(knight_owner, knight_level, strict=True):
        if 0 <= o < n_players and lv in (1, 2, 3):
            tally[o][2 + lv] += 1
    out = []
    for n in range(B.N_NODES):
        if walls[n] and node_level[n] != 2:
            out.append(Violation("cities_knights/inv.pieces", f"a wall without a city on {n}"))
        if node_owner[n] >= 0 and knight_owner[n] >= 0:
            out.append(Violation("cities_knights/inv.pieces", f"a knight on a building {n}"))
        if (knight_owner[n] < 0) != (knight_level[n] == 0) \
                or (knight_active[n] and knight_owner[n] < 0):
            out.append(Violation("cities_knights/inv.pieces", f"knight fields disagree at {n}"))
    return (tuple((path_owner.count(i), *tally[i]) for i in range(n_players)), tuple(out))


_BOARD_PIECES = LastOf(_board_pieces)


def _piece_owners(node_owner: tuple[int, ...], knight_owner: tuple[int, ...]
                  ) -> tuple[int, ...]:
    return tuple(o if o >= 0 else k for o, k in zip(node_owner, knight_owner, strict=True))


_PIECE_OWNERS = LastOf(_piece_owners)


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


def piece_owners(state: CKState) -> tuple[int, ...]:
    """The owner of the building or knight on each intersection (-1: none): what blocks a
    rival's road."""
    return _PIECE_OWNERS(state.node_owner, state.knight_owner)


def points(state: CKState, p: int) -> int:
    """``p``'s points from the board and the cards (cities_knights/victory.points):
    settlements 1, cities 2, each metropolis 2 more, the longest road 2, a point per
    Defender card, the merchant 1, Printer and Constitution 1 each."""
    return _points(state.players, state.metropolis, state.node_owner, state.longest,
                   state.merchant_owner, p)


def _points(players: tuple[Player, ...], metropolis: tuple[int, ...],
            node_owner: tuple[int, ...], longest: int, merchant_owner: int, p: int) -> int:
    pl = players[p]
    metros = sum(1 for n in metropolis if n >= 0 and node_owner[n] == p)
    return (pl.settlements + 2 * pl.cities + 2 * metros + 2 * (longest == p)
            + pl.defenders + (merchant_owner == p) + pl.vp_cards)


def score(state: CKState) -> list[Violation]:
    """Each player's points recomputed from the board and the cards equal the state's; the
    longest road's holder has the longest road, of 5 or more."""
    return list(_SCORE(state.players, state.metropolis, state.node_owner, state.longest,
                       state.merchant_owner))


def _score(players: tuple[Player, ...], metropolis: tuple[int, ...],
           node_owner: tuple[int, ...], longest: int,
           merchant_owner: int) -> tuple[Violation, ...]:
    out = []
    for i, pl in enumerate(players):
        due = _points(players, metropolis, node_owner, longest, merchant_owner, i)
        if pl.vp != due:
            out.append(Violation("cities_knights/inv.score",
                                 f"player {i}: vp {pl.vp}, recomputed {due}"))
    lengths = [pl.road_length for pl in players]
    if longest >= 0 and (lengths[longest] < BD.LONGEST_ROAD_MIN
                         or lengths[longest] < max(lengths)):
        out.append(Violation("cities_knights/inv.score", f"longest road held by"
                             f" {longest} with lengths {lengths}"))
    return tuple(out)


#: the players and the board's owners are mostly the very objects of the state before (an
#: offer's steps change neither)
_SCORE = LastOf(_score)


#: longest roads recomputed per (path owners, blocking owners, seats): consecutive states
#: mostly share their board, so each board is walked once
_LENGTHS: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]] = {}


def _lengths(path_owner: tuple[int, ...], blockers: tuple[int, ...], n: int) -> tuple[int, ...]:
    key = (path_owner, blockers, n)
    found = _LENGTHS.get(key)
    if found is None:
        if len(_LENGTHS) >= 4096:
            _LENGTHS.clear()
        found = _LENGTHS[key] = tuple(road_length(path_owner, blockers, i) for i in range(n))
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
    return list(_BOARD(state.stage is Stage.BOARD, state.terrain, state.tokens,
                       state.node_owner, state.robber))


def _board(laying: bool, terrain: tuple[int, ...], tokens: tuple[int, ...],
           node_owner: tuple[int, ...], robber: int) -> tuple[Violation, ...]:
    out = []
    laid = [t for t in terrain if t >= 0]
    if laying:
        if terrain[:len(laid)] != tuple(laid) or any(tokens) \
                or any(o >= 0 for o in node_owner):
            out.append(Violation("cities_knights/inv.board", "board laid out of order"))
        return tuple(out)
    if tuple(sorted(terrain)) != _TERRAIN:
        out.append(Violation("cities_knights/inv.board", f"terrain {terrain}"))
    if tuple(sorted(t for t in tokens if t)) != _TOKENS:
        out.append(Violation("cities_knights/inv.board", f"tokens {tokens}"))
    if not 0 <= robber < B.N_HEXES:
        out.append(Violation("cities_knights/inv.board", f"robber on {robber}"))
    return tuple(out)


#: the board's tuples are the very objects of the state before but while it is laid and
#: when the Inventor swaps tokens or the robber moves
_BOARD = LastOf(_board)


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
    if after.players is before.players:  # the very same players: nothing fell
        return []
    out = []
    for i, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
        if any(y < x for x, y in zip(a.levels, b.levels, strict=True)) \
                or b.defenders < a.defenders or b.vp_cards < a.vp_cards:
            out.append(Violation("cities_knights/inv.levels-never-fall", f"player {i}"))
    return out


# -- the roll's summarised steps, each outcome recomputed from the state before ----------------
def _strength(state: CKState, p: int, count: bool) -> int:
    """The sum of the levels of ``p``'s active knights (their number when ``count``)."""
    return sum(1 if count else lv for o, lv, a in zip(
        state.knight_owner, state.knight_level, state.knight_active, strict=True)
        if o == p and a)


def _seats_from(state: CKState) -> tuple[int, ...]:
    n = state.config.players
    return tuple((state.turn + i) % n for i in range(n))


def barbarian_attack(before: CKState, action: Any, after: CKState) -> list[Violation]:
    """The 7th ship's attack (cities_knights/barbarians.*): the cities on the board against
    the strength of the active knights; a tie defends. Defended: the sole strongest player
    takes a Defender card, tied strongest players each draw a progress card of their
    choice, nobody when no knight was active. Lost: the weakest players holding a city
    that is no metropolis reduce one. Either way the knights go inactive and the ship
    back to the start."""
    if not (isinstance(action, EventDie) and action.face == D.SHIP
            and before.stage is Stage.EVENT and before.barbarians + 1 >= D.TRACK):
        return []
    out = []
    rule = "cities_knights/inv.barbarian-attack"
    if after.barbarians != 0 or any(after.knight_active) or not after.attacked:
        out.append(Violation(rule, "the ship stays, or a knight stays active"))
    seats = _seats_from(before)
    cities = sum(1 for lv in before.node_level if lv == 2)
    contrib = [_strength(before, p, False) for p in range(len(before.players))]
    gained = [a.defenders - b.defenders for b, a in zip(before.players, after.players,
                                                         strict=True)]
    if sum(contrib) >= cities:
        key = [_strength(before, p, before.config.option("defender") == "count")
               for p in range(len(before.players))]
        top = tuple(p for p in seats if key[p] == max(key) > 0)
        due = [0] * len(before.players)
        if len(top) == 1 and (before.defenders_left
                              or before.config.option("defender-out") == "point"):
            due[top[0]] = 1
        if gained != due:
            out.append(Violation(rule, f"defended ({sum(contrib)} against {cities} cities):"
                                 f" Defender cards {gained}, due {due}"))
        cards_left = any(before.deck) or any(before.under)
        if len(top) > 1 and cards_left and after.draws != tuple((p, -1) for p in top):
            out.append(Violation(rule, f"tied defenders {top}, draws {after.draws}"))
        if after.stage is Stage.REDUCE:
            out.append(Violation(rule, "a city lost though the knights defended"))
        return out
    if any(gained):
        out.append(Violation(rule, f"lost, and Defender cards {gained} given"))
    metros = {n for n in before.metropolis if n >= 0}
    eligible = [p for p in seats if any(
        o == p and lv == 2 and n not in metros
        for n, (o, lv) in enumerate(zip(before.node_owner, before.node_level, strict=True)))]
    losers: tuple[int, ...] = ()
    if eligible:
        low = min(contrib[p] for p in eligible)
        losers = tuple(p for p in eligible if contrib[p] == low)
        if before.config.option("losers") == "one":
            losers = losers[:1]
    if after.queue != losers or (after.stage is Stage.REDUCE) != bool(losers):
        out.append(Violation(rule, f"lost ({sum(contrib)} against {cities} cities):"
                             f" {after.queue} reduce in stage {after.stage.value}, due"
                             f" {losers}"))
    return out


#: the stages the roll passes through before production
_BEFORE_PRODUCTION = frozenset({Stage.EVENT, Stage.DRAWS, Stage.REDUCE,
                                Stage.PROGRESS_DISCARD})
#: the stages production leaves the turn in (or the game over)
_AFTER_PRODUCTION = frozenset({Stage.AQUEDUCT, Stage.MAIN, Stage.DISCARD, Stage.ROBBER,
                               Stage.OVER})


def _produced(before: CKState, after: CKState) -> bool:
    """Whether production (or a 7) came in this step: the roll's last step before the
    turn's main part."""
    return (before.stage in _BEFORE_PRODUCTION and before.pending is None
            and after.stage in _AFTER_PRODUCTION)


def owed(state: CKState, roll: int) -> list[list[int]]:
    """The cards each player is owed for ``roll`` (cities_knights/production.*): each hex
    of the number the robber is not on gives its resource to each building at its
    corners; a city a second card, a commodity on forest, pasture and mountains."""
    out = [[0] * D.N_CARDS for _ in state.players]
    for h in range(B.N_HEXES):
        terrain = state.terrain[h]
        if state.tokens[h] != roll or h == state.robber or terrain == BD.DESERT:
            continue
        r = BD.YIELD[terrain]  # the terrain's resource (component data)
        for n in B.HEX_NODES[h]:
            o = state.node_owner[n]
            if o >= 0:
                out[o][r] += 1
                if state.node_level[n] == 2:
                    out[o][_SECOND.get(terrain, r)] += 1
    return out


def production(before: CKState, action: Any, after: CKState) -> list[Violation]:
    """Production recomputed (cities_knights/production.*, improvement.aqueduct,
    robber.discard, wall.discard-limit): on a 7 each player holding more than 7 cards, 2
    more per city wall of his, owes half his hand, rounded down, and nothing is paid;
    otherwise the bank pays what each is owed, card kind by card kind, a kind it cannot
    pay in full going to nobody (but all that is left to a single player owed it); then
    whom the roll gave nothing takes a card of his choice when his science has the
    aqueduct (level 3)."""
    if not _produced(before, after):
        return []
    rule = "cities_knights/inv.production"
    roll = after.dice[0] + after.dice[1]
    hands = [pl.hand for pl in before.players]
    if roll == BD.ROBBER_ROLL:
        out = []
        if [pl.hand for pl in after.players] != hands:
            out.append(Violation(rule, "a hand changed on a 7"))
        if after.stage is Stage.OVER:
            return out
        walls = [sum(1 for n, w in enumerate(after.walls) if w and after.node_owner[n] == p)
                 for p in range(len(after.players))]
        due = tuple(sum(h) // 2 if sum(h) > HAND_LIMIT_7 + WALL_BONUS * walls[p] else 0
                    for p, h in enumerate(hands))
        if after.discards != due:
            out.append(Violation(rule, f"a 7: discards {after.discards}, due {due}"))
        return out
    got = owed(after, roll)  # the board after the step (a city lost first counts reduced)
    bank = list(before.bank)
    paid = [list(h) for h in hands]
    for c in range(D.N_CARDS):
        total = sum(row[c] for row in got)
        takers = [p for p, row in enumerate(got) if row[c]]
        if 0 < total <= bank[c]:
            for p in takers:
                paid[p][c] += got[p][c]
            bank[c] -= total
        elif total and len(takers) == 1:
            paid[takers[0]][c] += bank[c]
            bank[c] = 0
    out = []
    if [list(pl.hand) for pl in after.players] != paid or list(after.bank) != bank:
        out.append(Violation(rule, f"roll {roll}: hands {[pl.hand for pl in after.players]},"
                             f" due {paid}"))
    if after.stage is Stage.OVER:
        return out
    nothing = [not any(row) if before.config.option("aqueduct") == "owed"
               else tuple(paid[p]) == hands[p] for p, row in enumerate(got)]
    queue = tuple(p for p in _seats_from(before)
                  if before.players[p].levels[D.SCIENCE] >= 3 and nothing[p])
    if not any(bank[:BD.N_RESOURCES]):
        queue = ()
    if after.queue != queue or (after.stage is Stage.AQUEDUCT) != bool(queue):
        out.append(Violation(rule, f"roll {roll}: the aqueduct's queue {after.queue} in stage"
                             f" {after.stage.value}, due {queue}"))
    return out


def aqueduct_card(before: CKState, action: Any, after: CKState) -> list[Violation]:
    """The aqueduct's card: the first player in its queue takes the resource he names from
    the bank, nothing else changes hands (cities_knights/improvement.aqueduct)."""
    if before.stage is not Stage.AQUEDUCT or not isinstance(action, ChooseCard):
        return []
    p = before.queue[0]
    due = [list(pl.hand) for pl in before.players]
    due[p][action.card] += 1
    if [list(pl.hand) for pl in after.players] != due \
            or after.bank[action.card] != before.bank[action.card] - 1 \
            or after.queue[:len(before.queue) - 1] != before.queue[1:]:
        return [Violation("cities_knights/inv.aqueduct", f"player {p} named card"
                          f" {action.card}: hands {[pl.hand for pl in after.players]}")]
    return []


INVARIANTS: tuple[Invariant, ...] = (
    cards_conserved, progress_conserved, nonnegative, pieces, bounds, score, road_lengths,
    turn_structure, pending_work, board,
)
TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (
    levels_never_fall, barbarian_attack, production, aqueduct_card,
)
