"""Components of Cities & Knights on top of base Catan's (:mod:`model.catan.data`).

The rules text (``003_afb99bb921effa32.txt``) lost its tables; every datum it lacks comes
from ``shared/data/README.md``, section "Catan: Cities & Knights", whose confidence is
given beside it (H: two sources agree or an official source). Base components (board,
resources, harbours, pieces, costs) are base Catan's and are imported, not restated.
"""

from typing import Final

from rules_oracle.model.catan import data as BD
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.core.stated import Stated

# -- cards: the 5 resources then the 3 commodities (the order of every hand and the bank) ----
#: no development cards and no largest army (RB.COMPONENTS_REMOVED): a hand holds these only
COMMODITIES: Final = ("cloth", "coin", "paper")
CARDS: Final = (*BD.RESOURCES, *COMMODITIES)
N_CARDS: Final = len(CARDS)
CLOTH, COIN, PAPER = 5, 6, 7
#: commodity cards of each kind (README: "36 commodity cards (12 paper from forest, 12
#: cloth from pasture, 12 coin from mountains)", H)
CARDS_PER_COMMODITY: Final = 12
BANK_START: Final = (*BD.BANK_START, *(CARDS_PER_COMMODITY,) * 3)
NO_CARDS: Final = (0,) * N_CARDS
#: the commodity a city takes as its second card, per terrain (-1: a second resource)
#: (README: "a city on forest, pasture, mountains: 1 resource + 1 commodity", H)
CITY_COMMODITY: Final = (PAPER, -1, CLOTH, -1, COIN, -1)

# -- costs over the 8 cards (base costs extended with no commodities) ------------------------
ROAD_COST: Final = (*BD.ROAD_COST, 0, 0, 0)
SETTLEMENT_COST: Final = (*BD.SETTLEMENT_COST, 0, 0, 0)
CITY_COST: Final = (*BD.CITY_COST, 0, 0, 0)
#: knight: wool + ore (text); promotion the same; activation grain (text)
KNIGHT_COST: Final = (0, 0, 1, 0, 1, 0, 0, 0)
PROMOTE_COST: Final = KNIGHT_COST
ACTIVATE_COST: Final = (0, 0, 0, 1, 0, 0, 0, 0)
#: city wall: 2 brick (text)
WALL_COST: Final = (0, 2, 0, 0, 0, 0, 0, 0)
#: Medicine: a city for 2 ore + 1 grain (text)
MEDICINE_COST: Final = (0, 0, 0, 1, 2, 0, 0, 0)

# -- improvements ------------------------------------------------------------------------------
#: the three improvement kinds = the three progress colours (text)
KINDS: Final = ("trade", "politics", "science")
TRADE, POLITICS, SCIENCE = range(3)
#: the commodity each kind is bought with (text: cloth, coin, paper)
KIND_COMMODITY: Final = (CLOTH, COIN, PAPER)
#: levels 1..5; level k costs k commodities of its kind (README "improvement cost", H)
MAX_LEVEL: Final = 5
ABILITY_LEVEL: Final = 3
METROPOLIS_LEVEL: Final = 4
METROPOLIS_VP: Final = 2

# -- knights, walls ----------------------------------------------------------------------------
#: knights per player per level: 2 basic, 2 strong, 2 mighty (text; README H)
KNIGHTS_PER_LEVEL: Final = 2
KNIGHT_LEVELS: Final = 3
#: city walls per player (text: "максимум 3"), +2 to the discard limit each
WALLS: Final = 3
WALL_LIMIT_BONUS: Final = 2

# -- the barbarians ----------------------------------------------------------------------------
#: steps on the barbarian track; the attack comes on the 7th ship (README, H; the text lost it)
TRACK: Final = 7
#: Defender of Catan cards (README: "6 Defender of Catan VP cards", H)
DEFENDERS: Final = 6

# -- dice ---------------------------------------------------------------------------------------
#: event die faces: 3 barbarian ships, one city gate per colour (text; README H)
EVENT_FACES: Final = ("ship", "trade", "politics", "science")
SHIP: Final = 0
EVENT_COUNTS: Final = (3, 1, 1, 1)

# -- progress cards (README tables, H; the text gives the same counts) ----------------------
#: (name, colour, count) in canonical order
PROGRESS: Final = (
    ("merchant", TRADE, 6), ("resource-monopoly", TRADE, 4),
    ("commercial-harbor", TRADE, 2), ("master-merchant", TRADE, 2),
    ("merchant-fleet", TRADE, 2), ("trade-monopoly", TRADE, 2),
    ("spy", POLITICS, 3), ("bishop", POLITICS, 2), ("deserter", POLITICS, 2),
    ("diplomat", POLITICS, 2), ("intrigue", POLITICS, 2), ("saboteur", POLITICS, 2),
    ("warlord", POLITICS, 2), ("wedding", POLITICS, 2), ("constitution", POLITICS, 1),
    ("alchemist", SCIENCE, 2), ("crane", SCIENCE, 2), ("inventor", SCIENCE, 2),
    ("irrigation", SCIENCE, 2), ("medicine", SCIENCE, 2), ("mining", SCIENCE, 2),
    ("road-building", SCIENCE, 2), ("smith", SCIENCE, 2), ("engineer", SCIENCE, 1),
    ("printer", SCIENCE, 1),
)
PROGRESS_NAMES: Final = tuple(name for name, _, _ in PROGRESS)
PROGRESS_COLOUR: Final = tuple(colour for _, colour, _ in PROGRESS)
PROGRESS_COUNTS: Final = tuple(count for _, _, count in PROGRESS)
N_PROGRESS_KINDS: Final = len(PROGRESS)
N_PROGRESS: Final = 54
(MERCHANT, RESOURCE_MONOPOLY, COMMERCIAL_HARBOR, MASTER_MERCHANT, MERCHANT_FLEET,
 TRADE_MONOPOLY, SPY, BISHOP, DESERTER, DIPLOMAT, INTRIGUE, SABOTEUR, WARLORD, WEDDING,
 CONSTITUTION, ALCHEMIST, CRANE, INVENTOR, IRRIGATION, MEDICINE, MINING, ROAD_BUILDING,
 SMITH, ENGINEER, PRINTER) = range(25)
#: victory-point cards: kept face up, not in the hand limit (text)
VP_CARDS: Final = (CONSTITUTION, PRINTER)
NO_PROGRESS: Final = (0,) * N_PROGRESS_KINDS
#: progress cards in hand (VP cards excluded): 4, 5 during one's own turn (text)
HAND_LIMIT: Final = 4
#: red die at most level + 1 draws (README "progress draw", H)
DRAW_OFFSET: Final = 1
#: Resource Monopoly takes up to 2 from each player, Trade Monopoly 1 (text)
MONOPOLY_TAKE: Final = 2
#: Irrigation and Mining: 2 cards per hex (text)
HARVEST: Final = 2
#: Inventor may not move these tokens (text: "кроме 6, 8, 2, 12")
INVENTOR_FIXED: Final = (2, 6, 8, 12)
#: Smith promotes up to 2 knights, Road Building places 2 roads, Wedding 2 cards (text)
FREE_TWO: Final = 2

# -- victory -------------------------------------------------------------------------------------
VICTORY: Final = 13

# -- bounds of the model (see docs/games/cities_knights.md) -----------------------------------
TURN_LIMIT: Final = 500
TRADES_PER_TURN: Final = BD.TRADES_PER_TURN

# -- the numbers the texts state ---------------------------------------------------------------
#: the rule whose quote (the text's, or the data file's cited fact) states each count, cost
#: and limit above (a test finds the number there): the components (README: "54 progress
#: cards (18 a colour), 36 commodity cards", H), knights, walls, improvements, the track,
#: the progress hand and the win
STATED: Final = (
    Stated("N_PROGRESS", N_PROGRESS, RB.COMPONENTS),
    Stated("sum(PROGRESS_COUNTS)", N_PROGRESS, RB.COMPONENTS),
    Stated("3 * CARDS_PER_COMMODITY", 3 * CARDS_PER_COMMODITY, RB.COMPONENTS),
    Stated("KNIGHT_COST", KNIGHT_COST, RB.KNIGHT_BUILD),
    Stated("ACTIVATE_COST", ACTIVATE_COST, RB.KNIGHT_ACTIVATE),
    Stated("PROMOTE_COST", PROMOTE_COST, RB.KNIGHT_PROMOTE),
    Stated("KNIGHTS_PER_LEVEL", KNIGHTS_PER_LEVEL, RB.KNIGHT_LIMIT),
    Stated("WALL_COST", WALL_COST, RB.WALL_BUILD),
    Stated("WALLS", WALLS, RB.WALL_LIMIT),
    Stated("WALL_LIMIT_BONUS", WALL_LIMIT_BONUS, RB.WALL_DISCARD_LIMIT),
    Stated("MAX_LEVEL", MAX_LEVEL, RB.IMPROVEMENT_MAX),
    Stated("TRACK", TRACK, RB.BARBARIANS_TRACK),
    Stated("HAND_LIMIT", HAND_LIMIT, RB.PROGRESS_HAND_LIMIT),
    Stated("VICTORY", VICTORY, RB.VICTORY_THIRTEEN),
)
