"""Components of the Catan quick card game: resources, development cards by player-count
symbol, costs, city events, buildings and points.

Counts the rules text gives (``001_3c19011efb187f5d.txt``, "СОСТАВ ИГРЫ") are marked
*text*. Everything else comes from ``shared/data/README.md`` (section "Catan quick card
game") with the confidence it gives there (H high, M medium, L low), or is a project
default registered as an ambiguity in :mod:`model.catan_cards.rules` (marked *project*).
Per-resource counts are tuples in :data:`RESOURCES` order.
"""

from typing import Final

from rules_oracle.model.core.stated import Stated

# -- resources (text: 11 clay, 11 lumber, 16 ore, 15 wool, 14 grain; the order of the text) ----
RESOURCES: Final = ("clay", "lumber", "ore", "wool", "grain")
CLAY, LUMBER, ORE, WOOL, GRAIN = range(5)
N_RESOURCES: Final = 5
#: one set's resource cards (text; data README agrees, H; RB.COMPONENTS_RESOURCES)
RESOURCE_CARDS: Final = (11, 11, 16, 15, 14)
NO_CARDS: Final = (0, 0, 0, 0, 0)

# -- development cards ------------------------------------------------------------------------
#: the kinds of development a player pays for (a settlement/city card is founded as a
#: settlement and turned into a city)
#: (the 38 development cards, RB.COMPONENTS_DEVELOPMENTS, are the counts below)
DEVELOPMENTS: Final = ("road", "knight", "settlement", "city", "building")
ROAD, KNIGHT, SETTLEMENT, CITY, BUILDING = range(5)

#: the player-count symbol in a card's lower right corner: none, 3-player, 4-player
#: (RB.COMPONENTS_SYMBOLS)
SYMBOLS: Final = ("none", "three", "four")
#: roads per symbol (text: 9 cards; split: data README, M)
ROAD_CARDS: Final = (5, 2, 2)
#: settlement/city cards per symbol (text: 15 cards; split: data README, M)
SETTLEMENT_CARDS: Final = (7, 4, 4)
#: knights per symbol (text: 5 cards; split: data README, M)
KNIGHT_CARDS: Final = (2, 2, 1)

# -- city events (the city side of a settlement/city card) ----------------------------------
EVENTS: Final = ("market-day", "robber-raid")
MARKET_DAY, ROBBER_RAID = range(2)
#: city events per symbol (totals 5 market day, 10 robber raid: data README, M; the split
#: by symbol is the project's: ambiguity catan_cards/event-split)
EVENT_CARDS: Final = ((2, 5), (2, 2), (1, 3))
#: a robber raid: a player holding more than this many resource cards gives up half (data
#: README, L: "make players over 7 cards give some up"; ambiguity catan_cards/robber-raid)
RAID_LIMIT: Final = 7

# -- buildings (the text names the library, the church and the citadel and says a building
# brings 3 or 4 points; the catalogue is data README, M / L, and the project's) ---------------
BUILDINGS: Final = ("library", "church", "citadel", "merchants-guild", "four-point")
LIBRARY, CHURCH, CITADEL, GUILD, FOUR_POINT = range(5)
N_BUILDINGS: Final = 5
#: points of each building kind (library, church, guild 3: data README, M; citadel 3 and
#: the 4-point building: project, ambiguity catan_cards/building-texts)
BUILDING_VP: Final = (3, 3, 3, 3, 4)
#: building cards per symbol, per kind (9 cards: 5 unmarked, 2 and 2 marked: data README, M;
#: library 1, church 2, guild 2 on the 3- and 4-player cards: data README, M/L; citadels and
#: 4-point buildings: project, ambiguity catan_cards/building-texts)
BUILDING_CARDS: Final = (
    (1, 2, 1, 0, 1),  # unmarked
    (0, 0, 1, 1, 0),  # 3-player symbol
    (0, 0, 0, 1, 1),  # 4-player symbol
)
#: knights the church protects, roads the citadel protects (text)
CHURCH_KNIGHTS: Final = 1
CITADEL_ROADS: Final = 3

# -- which symbols are in play, by player count (text; 5-6: the second set) ---------------------
#: per player count: (symbols of the first set, symbols of the second set), under the reading
#: "symbol-only" of catan_cards/second-set (the second set adds only the cards with the symbol)
SETS_SYMBOL_ONLY: Final = {
    2: ((0,), ()), 3: ((0, 1), ()), 4: ((0, 1, 2), ()),
    5: ((0, 1, 2), (1,)), 6: ((0, 1, 2), (1, 2)),
}
#: the same under the reading "as-count": the second set adds what a 3- or 4-player game of
#: that set would use (its unmarked cards too)
SETS_AS_COUNT: Final = {
    2: ((0,), ()), 3: ((0, 1), ()), 4: ((0, 1, 2), ()),
    5: ((0, 1, 2), (0, 1)), 6: ((0, 1, 2), (0, 1, 2)),
}

# -- costs (text, per RESOURCES order: clay, lumber, ore, wool, grain) -------------------------
ROAD_COST: Final = (1, 1, 0, 0, 0)  # 1 lumber, 1 clay
KNIGHT_COST: Final = (0, 0, 1, 1, 1)  # 1 grain, 1 wool, 1 ore
SETTLEMENT_COST: Final = (1, 1, 0, 1, 1)  # lumber, clay, grain, wool
CITY_COST: Final = (0, 0, 3, 0, 2)  # 2 grain, 3 ore
BUILDING_COST: Final = (0, 0, 1, 3, 0)  # 3 wool, 1 ore
COSTS: Final = (ROAD_COST, KNIGHT_COST, SETTLEMENT_COST, CITY_COST, BUILDING_COST)
#: three alike for one other, only during development (text)
CONVERT_GIVE: Final = 3

# -- set-up and the turn (text) ------------------------------------------------------------------
MARKET: Final = 5
HAND: Final = 3
PRODUCTION: Final = 2
VICTORY: Final = 10
#: the fate card's sides: 0 white arrows up (its side at set-up), 1 the other side
WHITE, OTHER = 0, 1

# -- bounds of the model (project, rule catan_cards/turn.limit) ------------------------------------
#: turns after which the game ends with no winner (turns of all players together)
TURN_LIMIT: Final = 400

#: the rule whose quote states each count, cost and limit above (a test finds the number
#: there); the robber raid's limit and the buildings' points are registered readings
#: (catan_cards/robber-raid) or data the text lacks, and the turn limit is the project's
STATED: Final = (
    Stated("sum(RESOURCE_CARDS)", sum(RESOURCE_CARDS), "catan_cards/components.resources"),
    Stated("ROAD_COST", ROAD_COST, "catan_cards/development.road"),
    Stated("KNIGHT_COST", KNIGHT_COST, "catan_cards/development.knight"),
    Stated("SETTLEMENT_COST", SETTLEMENT_COST, "catan_cards/development.settlement"),
    Stated("CITY_COST", CITY_COST, "catan_cards/development.city"),
    Stated("BUILDING_COST", BUILDING_COST, "catan_cards/development.building"),
    Stated("CHURCH_KNIGHTS", CHURCH_KNIGHTS, "catan_cards/take.church"),
    Stated("CITADEL_ROADS", CITADEL_ROADS, "catan_cards/take.citadel"),
    Stated("CONVERT_GIVE", CONVERT_GIVE, "catan_cards/development.convert"),
    Stated("MARKET", MARKET, "catan_cards/setup.market"),
    Stated("HAND", HAND, "catan_cards/setup.hands"),
    Stated("PRODUCTION", PRODUCTION, "catan_cards/production.draw"),
    Stated("VICTORY", VICTORY, "catan_cards/game.end"),
)
