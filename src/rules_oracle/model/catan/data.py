"""Components of base Catan: resources, terrain, number tokens, harbours, costs, the
development deck, pieces and the beginner board.

No rules text covers the base game. Every datum here comes from
``shared/data/README.md`` (section "Base Catan"), whose confidence is given beside
it (H: two sources agree or an official source; M: one good source), or is marked as
a project default, registered as an ambiguity in :mod:`model.catan.rules`.
Hexes are numbered as in :mod:`model.catan.board` (rows top to bottom, left to right).
"""

from typing import Final

from rules_oracle.model.catan import rules as RB
from rules_oracle.model.core.stated import Stated

# -- resources (the order of every per-resource count in the model) ------------------------
RESOURCES: Final = ("lumber", "brick", "wool", "grain", "ore")
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
N_RESOURCES: Final = 5
#: resource cards of each kind (README: "19 of each, 95", H)
CARDS_PER_RESOURCE: Final = 19
BANK_START: Final = (CARDS_PER_RESOURCE,) * N_RESOURCES
NO_CARDS: Final = (0,) * N_RESOURCES

# -- terrain (README: "forest 4, pasture 4, fields 4, hills 3, mountains 3, desert 1", H) -----
TERRAINS: Final = ("forest", "hills", "pasture", "fields", "mountains", "desert")
FOREST, HILLS, PASTURE, FIELDS, MOUNTAINS, DESERT = range(6)
TERRAIN_COUNTS: Final = (4, 3, 4, 4, 3, 1)
#: the resource each terrain yields (-1: the desert yields nothing): the published game's,
#: stated in no project text (the data file names terrains and resources without pairing
#: them), so said in catan/production.yield
YIELD: Final = (LUMBER, BRICK, WOOL, GRAIN, ORE, -1)

# -- number tokens (README: "2 and 12 once; 3, 4, 5, 6, 8, 9, 10, 11 twice", H) -------------
NUMBERS: Final = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
NUMBER_COUNTS: Final = (1, 2, 2, 2, 2, 2, 2, 2, 2, 1)
#: the published token sequence A-R laid along the spiral, skipping the desert (H)
SPIRAL_TOKENS: Final = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

# -- harbours (README: "4 generic 3:1, 5 special 2:1 (one per resource)", H) ----------------
#: a harbour kind is a resource index (2:1 for that resource) or GENERIC (3:1)
GENERIC: Final = 5
HARBOUR_KINDS: Final = ("lumber", "brick", "wool", "grain", "ore", "generic")
HARBOUR_COUNTS: Final = (1, 1, 1, 1, 1, 4)
BANK_RATE: Final = 4
GENERIC_RATE: Final = 3
SPECIAL_RATE: Final = 2

# -- the beginner board (README, rows top to bottom, H) --------------------------------------
#: "M10 P2 Fo9 / Fi12 H6 P4 H10 / Fi9 Fo11 Desert Fo3 M8 / Fo8 M3 Fi4 P5 / H5 Fi6 P11"
BEGINNER_TERRAIN: Final = (
    MOUNTAINS, PASTURE, FOREST,
    FIELDS, HILLS, PASTURE, HILLS,
    FIELDS, FOREST, DESERT, FOREST, MOUNTAINS,
    FOREST, MOUNTAINS, FIELDS, PASTURE,
    HILLS, FIELDS, PASTURE,
)
#: number token per hex (0 on the desert)
BEGINNER_TOKENS: Final = (
    10, 2, 9,
    12, 6, 4, 10,
    9, 11, 0, 3, 8,
    8, 3, 4, 5,
    5, 6, 11,
)
#: harbour kinds at the 9 harbour positions clockwise from the top left (README, M):
#: "3:1, grain 2:1, ore 2:1, 3:1, wool 2:1, 3:1, 3:1, brick 2:1, lumber 2:1"
BEGINNER_HARBOURS: Final = (GENERIC, GRAIN, ORE, GENERIC, WOOL, GENERIC, GENERIC, BRICK, LUMBER)

# -- costs (README, H) -------------------------------------------------------------------------
ROAD_COST: Final = (1, 1, 0, 0, 0)  # brick + lumber
SETTLEMENT_COST: Final = (1, 1, 1, 1, 0)  # brick + lumber + wool + grain
CITY_COST: Final = (0, 0, 0, 2, 3)  # 2 grain + 3 ore
DEVELOPMENT_COST: Final = (0, 0, 1, 1, 1)  # wool + grain + ore

# -- development cards (README: "14 knights, 5 victory points, 2 road building, 2 year of
# plenty, 2 monopoly", H) ---------------------------------------------------------------------
DEVELOPMENTS: Final = ("knight", "victory-point", "road-building", "year-of-plenty", "monopoly")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
DEVELOPMENT_COUNTS: Final = (14, 5, 2, 2, 2)
N_DEVELOPMENTS: Final = 25
NO_DEVELOPMENTS: Final = (0,) * 5
#: roads a road-building card places
FREE_ROADS: Final = 2
#: cards a year-of-plenty card takes
PLENTY_CARDS: Final = 2

# -- pieces per player (README: "15 roads, 5 settlements, 4 cities", H) ----------------------
ROADS: Final = 15
SETTLEMENTS: Final = 5
CITIES: Final = 4

# -- points (README, H) ------------------------------------------------------------------------
VICTORY: Final = 10
LONGEST_ROAD_MIN: Final = 5
LARGEST_ARMY_MIN: Final = 3
SPECIAL_VP: Final = 2
#: a player holding more than this many cards discards half on a 7 (README, H)
DISCARD_ABOVE: Final = 7
ROBBER_ROLL: Final = 7

# -- bounds of the model (registered rules, project defaults; see docs/games/catan.md) -------
#: turns after which the game ends without a winner (turns of all players together)
TURN_LIMIT: Final = 1000
#: trades a player on turn may make in one turn (maritime and domestic together)
TRADES_PER_TURN: Final = 10
#: domestic offers a player on turn may open in one turn
OFFERS_PER_TURN: Final = 3
#: cards on each side of a domestic offer or counter-offer
OFFER_CARDS: Final = 4

#: the rule whose quote (the data file's cited fact, for data the text lacks) states each
#: count, cost, rate and limit above (a test finds the number there); the costs of a road,
#: a settlement and a development card are quoted by the resources alone, and the turn,
#: trade and offer limits are the project's bounds (no text states them)
STATED: Final = (
    Stated("CARDS_PER_RESOURCE", CARDS_PER_RESOURCE, RB.COMPONENTS_RESOURCE_CARDS),
    Stated("TERRAIN_COUNTS", TERRAIN_COUNTS, RB.COMPONENTS_TERRAIN),
    Stated("NUMBERS", NUMBERS, RB.COMPONENTS_TOKENS),
    Stated("HARBOUR_COUNTS", HARBOUR_COUNTS, RB.COMPONENTS_HARBOURS),
    Stated("DEVELOPMENT_COUNTS", DEVELOPMENT_COUNTS, RB.COMPONENTS_DEVELOPMENT_DECK),
    Stated("ROADS", ROADS, RB.COMPONENTS_PIECES),
    Stated("SETTLEMENTS", SETTLEMENTS, RB.COMPONENTS_PIECES),
    Stated("CITIES", CITIES, RB.COMPONENTS_PIECES),
    Stated("BANK_RATE", BANK_RATE, "catan/trade.maritime"),
    Stated("GENERIC_RATE", GENERIC_RATE, "catan/trade.maritime"),
    Stated("SPECIAL_RATE", SPECIAL_RATE, "catan/trade.maritime"),
    Stated("CITY_COST", CITY_COST, "catan/build.city-cost"),
    Stated("FREE_ROADS", FREE_ROADS, "catan/development.road-building"),
    Stated("VICTORY", VICTORY, "catan/victory.ten"),
    Stated("LONGEST_ROAD_MIN", LONGEST_ROAD_MIN, "catan/longest-road.minimum"),
    Stated("LARGEST_ARMY_MIN", LARGEST_ARMY_MIN, "catan/largest-army.minimum"),
    Stated("SPECIAL_VP", SPECIAL_VP, "catan/longest-road.minimum"),
    Stated("DISCARD_ABOVE", DISCARD_ABOVE, "catan/seven.discard"),
)
