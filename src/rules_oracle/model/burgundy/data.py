"""Components of The Castles of Burgundy: tiles, goods, the game board and estate board 1.

Counts that the rules text states are marked ``text``; everything else comes from
``shared/data/README.md`` (supplementary, with its confidence) or is a project default
registered as an ambiguity in :mod:`model.burgundy.rules`.
"""

from typing import Final

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.core.stated import Stated

# -- colours (space colour = tile face colour) ------------------------------------------
BUILDING: Final = "building"  # beige (cities)
PASTURE: Final = "pasture"  # light green
RIVER: Final = "river"  # blue
CASTLE: Final = "castle"  # dark green
KNOWLEDGE: Final = "knowledge"  # yellow
MINE: Final = "mine"  # grey
COLOURS: Final = (BUILDING, PASTURE, RIVER, CASTLE, KNOWLEDGE, MINE)
COLOUR_INDEX: Final = {c: i for i, c in enumerate(COLOURS)}

# -- hex tiles ----------------------------------------------------------------------------
#: the 8 building kinds (text: the building list on the buildings page)
BUILDINGS: Final = (
    "warehouse", "carpenter", "church", "market",
    "boarding-house", "bank", "city-hall", "watchtower",
)
#: animal kinds (supplementary: data/README.md, confidence medium)
ANIMALS: Final = ("cow", "hen", "pig", "sheep")
ANIMAL_TILES: Final = tuple(f"{a}-{n}" for a in ANIMALS for n in (2, 3, 4))
KNOWLEDGE_TILES: Final = tuple(f"knowledge-{n}" for n in range(1, 27))
SHIP: Final = "ship"
CASTLE_TILE: Final = "castle"
MINE_TILE: Final = "mine"

#: every tile name, in canonical order (the order of ``box`` counts)
TILES: Final = (*BUILDINGS, *ANIMAL_TILES, SHIP, CASTLE_TILE, MINE_TILE, *KNOWLEDGE_TILES)
TILE_INDEX: Final = {t: i for i, t in enumerate(TILES)}


def _colour(tile: str) -> str:
    if tile in BUILDINGS:
        return BUILDING
    if tile in ANIMAL_TILES:
        return PASTURE
    if tile == SHIP:
        return RIVER
    if tile == CASTLE_TILE:
        return CASTLE
    if tile == MINE_TILE:
        return MINE
    return KNOWLEDGE


TILE_COLOUR: Final = {t: _colour(t) for t in TILES}
#: animal tile -> (kind, count)
ANIMAL_OF: Final = {f"{a}-{n}": (a, n) for a in ANIMALS for n in (2, 3, 4)}
KNOWLEDGE_NUMBER: Final = {f"knowledge-{n}": n for n in range(1, 27)}

# -- stacks by back colour ----------------------------------------------------------------
BACKS: Final = (BUILDING, PASTURE, RIVER, CASTLE, KNOWLEDGE, MINE, "black")
BLACK: Final = 6

#: black-backed knowledge numbers (supplementary: data/README.md, confidence medium)
BLACK_KNOWLEDGE: Final = (7, 12, 14, 15, 24, 25)


def _stacks() -> tuple[tuple[tuple[str, int], ...], ...]:
    building = tuple((b, 5) for b in BUILDINGS)
    pasture = tuple(
        (f"{a}-{n}", c) for a in ANIMALS for n, c in ((2, 2), (3, 2), (4, 1))
    )
    river = ((SHIP, 20),)
    castle = ((CASTLE_TILE, 14),)  # text: 16 castles, 2 black-backed
    knowledge = tuple(
        (f"knowledge-{n}", 1) for n in range(1, 27) if n not in BLACK_KNOWLEDGE
    )
    mine = ((MINE_TILE, 10),)
    black = (
        *((b, 2) for b in BUILDINGS),
        *((f"{a}-{n}", 1) for a in ANIMALS for n in (3, 4)),
        (SHIP, 6), (CASTLE_TILE, 2), (MINE_TILE, 2),
        *((f"knowledge-{n}", 1) for n in BLACK_KNOWLEDGE),
    )
    return (building, pasture, river, castle, knowledge, mine, black)


#: per back colour: (tile, count) in canonical order; supplementary (data/README.md,
#: confidence medium), totals checked against the text's component list
STACKS: Final = _stacks()
BACK_KINDS: Final = tuple(tuple(t for t, _ in s) for s in STACKS)
BACK_COUNTS: Final = tuple(tuple(n for _, n in s) for s in STACKS)
#: the 164 hex tiles of the component list (RB.COMPONENTS_HEX_TILES), sorted by back colour
HEX_TILES: Final = sum(sum(counts) for counts in BACK_COUNTS)
#: the starting castles come from the dark-green-backed stack, one per player (text: 16
#: castles, 2 of them black-backed, and no separate starting castles; ambiguity
#: burgundy/starting-castles): the castle stack starts with 14 - players
CASTLE_BACK: Final = 3

# -- goods --------------------------------------------------------------------------------
GOODS_PER_KIND: Final = 7  # text: "по 7 каждого из 6 цветов"
GOODS_KINDS: Final = 6
PHASE_GOODS: Final = 5  # text: 5 stacks of 5
PHASES: Final = 5
ROUNDS: Final = 5
START_GOODS: Final = 3
#: goods colour per die value (supplementary: shared/data/README.md, goods colours by die value,
#: confidence medium; colour names do not change play)
GOODS_COLOUR: Final = ("light blue", "purple", "pink", "red", "brown", "orange")

# -- scoring tables ---------------------------------------------------------------------
#: completed area by size 1..8 (supplementary; the text gives the range 1-36)
AREA_VP: Final = (0, 1, 3, 6, 10, 15, 21, 28, 36)
#: phase bonus A..E (text: the ends, "от 10 (первая фаза, А) до 2 (последняя фаза, Д)";
#: B-D supplementary, data/README.md, confidence medium: ambiguity burgundy/phase-bonus)
PHASE_VP: Final = (10, 8, 6, 4, 2)
#: large colour bonus by player count (text: 5/6/7)
LARGE_BONUS: Final = {2: 5, 3: 6, 4: 7}
#: small colour bonus by player count (text range 2-4; per-count split: ambiguity)
SMALL_BONUS: Final = {2: 2, 3: 3, 4: 4}
#: VP per goods tile sold by player count (text: 2, 3 or 4; the split: ambiguity
#: burgundy/sell-vp)
SELL_VP: Final = {2: 2, 3: 3, 4: 4}
#: black depot tiles per phase by player count (text "от 4 до 8"; split: ambiguity)
BLACK_DEPOT: Final = {2: 4, 3: 6, 4: 8}
#: knowledge 16-23: the building kind each names (17 and 22 from the text's example; the
#: rest from data/README.md, 'Knowledge tiles 16-23', first-edition tile pictures,
#: confidence high; ambiguity burgundy/knowledge-16-23)
KNOWLEDGE_BUILDING: Final = {
    16: "warehouse", 17: "watchtower", 18: "carpenter", 19: "church",
    20: "market", 21: "boarding-house", 22: "bank", 23: "city-hall",
}
#: the 2019 anniversary edition (option edition=2019; supplementary: data/README.md, the ZZ
#: engine's catalogue of that edition, "Disagreements, not used": 16 carpenter, 17
#: watchtower, 18 boarding house, 19 church, 20 market, 21 town hall, 22 bank, 23 warehouse)
KNOWLEDGE_BUILDING_2019: Final = {
    16: "carpenter", 17: "watchtower", 18: "boarding-house", 19: "church",
    20: "market", 21: "city-hall", 22: "bank", 23: "warehouse",
}
#: the knowledge tiles the editions score differently: VP per goods kind sold (tile 15) and
#: per bonus tile (tile 26), by edition (text: 3 and 2; data/README.md: 2019 gives 2 and 3)
K15_VP: Final = {"first": 3, "2019": 2}
K26_VP: Final = {"first": 2, "2019": 3}


def knowledge_buildings(edition: str) -> dict[int, str]:
    """Knowledge tiles 16-23: the building kind each names in ``edition``."""
    return KNOWLEDGE_BUILDING_2019 if edition == "2019" else KNOWLEDGE_BUILDING

# -- the game board's depots ----------------------------------------------------------
#: depot 1..6 -> its 4 hex spaces as (back colour index, least player count using it).
#: The published board (supplementary: data/README.md, "Game board: the six numbered
#: depots"; 2-player spaces confidence high, 3- and 4-player spaces medium-high; sources
#: PN, ZZ, FO, JH there). Reading ``published`` of ambiguity burgundy/depot-layout.
PUBLISHED_DEPOTS: Final = (
    ((0, 2), (2, 2), (4, 3), (1, 4)),
    ((4, 2), (3, 2), (0, 3), (0, 4)),
    ((1, 2), (0, 2), (2, 3), (4, 4)),
    ((2, 2), (0, 2), (1, 3), (5, 4)),
    ((5, 2), (4, 2), (0, 3), (0, 4)),
    ((0, 2), (1, 2), (3, 3), (2, 4)),
)
#: The project's own layout (reading ``balanced``), made before the published plan was
#: collected: the text gives only the totals (12/18/24 spaces) and depot 6's dark-green
#: space; chosen so that 4 players use up every stack exactly over 5 phases.
BALANCED_DEPOTS: Final = (
    ((0, 2), (2, 2), (1, 3), (4, 4)),
    ((0, 2), (4, 2), (2, 3), (1, 4)),
    ((0, 2), (1, 2), (4, 3), (5, 4)),
    ((0, 2), (3, 2), (0, 3), (2, 4)),
    ((1, 2), (2, 2), (0, 3), (0, 4)),
    ((4, 2), (5, 2), (3, 3), (0, 4)),
)
#: the readings of variant option ``depots`` (ambiguity burgundy/depot-layout)
DEPOT_PLANS: Final = {"published": PUBLISHED_DEPOTS, "balanced": BALANCED_DEPOTS}


def fill_plan(players: int, phase: int,
              plan: str = "published") -> tuple[tuple[int, int], ...]:
    """The spaces filled at a phase's set-up: (depot 1..6 or 0 for black, back index)."""
    out: list[tuple[int, int]] = []
    for d, spaces in enumerate(DEPOT_PLANS[plan], start=1):
        for back, least in spaces:
            if least > players:
                continue
            if players == 3 and d == 6 and back == 3 and phase in (1, 3):
                back = 5  # text: phases B and D put a mine on depot 6's castle space
            out.append((d, back))
    out.extend((0, BLACK) for _ in range(BLACK_DEPOT[players]))
    return tuple(out)


#: (depot plan, players, phase) -> the fill plan
FILL_PLANS: Final = {(name, p, ph): fill_plan(p, ph, name) for name in DEPOT_PLANS
                     for p in (2, 3, 4) for ph in range(PHASES)}


# -- estate board 1 ------------------------------------------------------------------------
#: supplementary: data/README.md (two public sources agree; confidence high)
BOARD1_ROWS: Final = (
    "An6 Ca5 Ca4 Kn3",
    "An2 An1 Ca6 Kn5 Bu4",
    "An5 An4 Bu3 Kn1 Bu2 Bu3",
    "Sh6 Sh1 Sh2 Ca6 Sh5 Sh4 Sh1",
    "Bu2 Bu5 Mi4 Bu3 Bu1 An2",
    "Bu6 Mi1 Kn2 Bu5 Bu6",
    "Mi3 Kn4 Kn1 Bu3",
)
_KIND: Final = {"Bu": BUILDING, "An": PASTURE, "Sh": RIVER, "Ca": CASTLE, "Kn": KNOWLEDGE,
                "Mi": MINE}


class Estate:
    """A 37-space estate with its precomputed adjacency and areas."""

    def __init__(self, rows: tuple[str, ...], start_row: int) -> None:
        radius = len(rows) // 2
        colour: list[str] = []
        number: list[int] = []
        coords: list[tuple[int, int]] = []
        for i, row in enumerate(rows):
            r = i - radius
            q0 = max(-radius, -radius - r)
            for j, cell in enumerate(row.split()):
                colour.append(_KIND[cell[:2]])
                number.append(int(cell[2]))
                coords.append((q0 + j, r))
        index = {c: k for k, c in enumerate(coords)}
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        self.size = len(coords)
        self.colour: tuple[str, ...] = tuple(colour)
        self.number: tuple[int, ...] = tuple(number)
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(index[(q + dq, r + dr)] for dq, dr in steps
                         if (q + dq, r + dr) in index))
            for q, r in coords
        )
        self.start = index[(0, 0)] if start_row < 0 else start_row
        # areas: connected spaces of one colour
        area = [-1] * self.size
        areas: list[tuple[int, ...]] = []
        for s in range(self.size):
            if area[s] >= 0:
                continue
            todo, seen = [s], [s]
            area[s] = len(areas)
            while todo:
                x = todo.pop()
                for y in self.neighbours[x]:
                    if area[y] < 0 and self.colour[y] == self.colour[s]:
                        area[y] = len(areas)
                        seen.append(y)
                        todo.append(y)
            areas.append(tuple(sorted(seen)))
        self.area: tuple[int, ...] = tuple(area)
        self.areas: tuple[tuple[int, ...], ...] = tuple(areas)
        self.colour_spaces: dict[str, tuple[int, ...]] = {
            c: tuple(s for s in range(self.size) if self.colour[s] == c) for c in COLOURS
        }


BOARD1: Final = Estate(BOARD1_ROWS, -1)


#: the rule whose quote states each count and limit above (a test finds the number there);
#: the scoring tables stand in the rules' summaries and the data file (their quotes are
#: the sentences that call them), the per-count splits are registered readings
STATED: Final = (
    Stated("HEX_TILES", HEX_TILES, RB.COMPONENTS_HEX_TILES),
    Stated("GOODS_PER_KIND", GOODS_PER_KIND, RB.COMPONENTS_GOODS),
    Stated("GOODS_KINDS", GOODS_KINDS, RB.COMPONENTS_GOODS),
    Stated("PHASE_GOODS", PHASE_GOODS, "burgundy/setup.goods-stacks"),
    Stated("PHASE_GOODS", PHASE_GOODS, "burgundy/phase.round-goods"),
    Stated("PHASES", PHASES, "burgundy/phase.five-phases"),
    Stated("ROUNDS", ROUNDS, "burgundy/phase.five-phases"),
    Stated("START_GOODS", START_GOODS, "burgundy/setup.player-goods"),
    Stated("BLACK_DEPOT[2]", BLACK_DEPOT[2], "burgundy/phase.black-depot"),
    Stated("BLACK_DEPOT[4]", BLACK_DEPOT[4], "burgundy/phase.black-depot"),
)
