"""Components of the crafts card game: cards, resources, prices, track spaces.

Card kinds, counts, victory points and effects come from the rules text
(``000_61bdf1ce14b8d876.txt``). The resource levels, the buy and sell prices
of the resource board and the resource spaces of the score track are not in
the text (they were printed on the boards): the tables here are the project's
own defaults, each tied to the ambiguity that registers the gap
(``crafts/resource-levels``, ``crafts/prices``, ``crafts/track-spaces``).
"""

from typing import Final

import attrs

from rules_oracle.model.core.stated import Stated
from rules_oracle.model.crafts import rules as RB

# -- resources (indices into a board) ---------------------------------------
WOOD: Final = 0
WHEAT: Final = 1
COAL: Final = 2
FOOD: Final = 3
KVASS: Final = 4
METAL: Final = 5
CRYSTAL: Final = 6
POTION: Final = 7
SWORD: Final = 8
#: a player's resource board (RB.COMPONENTS_BOARDS): one count a resource, its pebbles
RESOURCES: Final = ("wood", "wheat", "coal", "food", "kvass", "metal", "crystal", "potion", "sword")
RESOURCES_RU: Final = (
    "Дерево", "Пшеница", "Уголь", "Еда", "Квас", "Металл", "Кристалл", "Зелье", "Меч",
)
NR: Final = len(RESOURCES)

# -- card kinds (indices into hands, deck, ...) -------------------------------
LUMBER: Final = 0
FARM: Final = 1
CHARCOAL: Final = 2
BAKERY: Final = 3
KVASS_YARD: Final = 4
HUNTER: Final = 5
ORE: Final = 6
CRYSTAL_MINE: Final = 7
LAB: Final = 8
ARMORY: Final = 9
CASTLE: Final = 10
MAGE: Final = 11
SCOUTING: Final = 12
RECONSTRUCTION: Final = 13
FAIR: Final = 14
THEFT: Final = 15


@attrs.frozen(slots=True)
class Card:
    """One card kind: how many are in the deck, its points and its effect."""

    key: str
    name_ru: str
    count: int
    building: bool
    vp: int
    #: resources consumed from the player's board (one pebble each)
    inputs: tuple[int, ...] = ()
    #: coins paid to the bank
    coins: int = 0
    #: resources put on the board (from the bank for producers)
    outputs: tuple[int, ...] = ()


CARDS: Final = (
    Card("lumber_mill", "Лесопилка", 8, True, 1, (), 0, (WOOD, WOOD)),
    Card("farm", "Ферма", 8, True, 1, (), 0, (WHEAT, WHEAT)),
    Card("charcoal_burner", "Дом углежога", 8, True, 2, (WOOD,), 0, (COAL,)),
    Card("mill_bakery", "Мельница-пекарня", 8, True, 2, (WHEAT,), 0, (FOOD,)),
    Card("kvass_yard", "Квасной двор", 8, True, 2, (WHEAT,), 0, (KVASS,)),
    Card("hunters_hut", "Шалаш охотника", 8, True, 2, (WOOD,), 0, (FOOD,)),
    Card("ore_works", "Рудная мануфактура", 8, True, 3, (FOOD,), 0, (METAL,)),
    Card("crystal_mine", "Шахта кристаллов", 8, True, 3, (FOOD,), 0, (CRYSTAL,)),
    Card("laboratory", "Лаборатория", 6, True, 5, (COAL, CRYSTAL), 0, (POTION,)),
    Card("armory", "Оружейная мастерская", 6, True, 5, (COAL, METAL), 0, (SWORD,)),
    Card("castle", "Замок", 6, True, 8, (KVASS, SWORD), 1, ()),
    Card("mage_tower", "Башня мага", 6, True, 8, (KVASS, POTION), 1, ()),
    # the action cards give no points (RB.COMPONENTS_ACTIONS_NO_VP)
    Card("scouting", "Разведка", 5, False, 0),
    Card("reconstruction", "Реконструкция", 5, False, 0),
    Card("fair", "Ярмарка", 5, False, 0),
    Card("theft", "Кража", 5, False, 0),
)
NK: Final = len(CARDS)
CARD_KEYS: Final = tuple(c.key for c in CARDS)
FULL_DECK: Final = tuple(c.count for c in CARDS)
TOTAL_CARDS: Final = sum(FULL_DECK)  # 88 buildings + 20 actions
BUILDINGS: Final = tuple(i for i, c in enumerate(CARDS) if c.building)
ACTIONS: Final = tuple(i for i, c in enumerate(CARDS) if not c.building)
IS_BUILDING: Final = tuple(c.building for c in CARDS)
VP: Final = tuple(c.vp for c in CARDS)
MAX_CARD_VP: Final = max(VP)
BUILDING_CARDS: Final = sum(FULL_DECK[k] for k in BUILDINGS)
ACTION_CARDS: Final = sum(FULL_DECK[k] for k in ACTIONS)

# -- pebbles, hands, rounds -----------------------------------------------------
#: every pebble: on a player's board a resource, beside it a coin (RB.COMPONENTS_COINS),
#: the rest in the bank (RB.COMPONENTS_BANK; ``CraftsState.bank``)
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
PEBBLES: Final = 100
START_COINS: Final = 5
HAND: Final = 5
MARKET: Final = 6
ROUNDS: Final = 4
CASTLE_SETBACK: Final = 4
MAGE_DRAW: Final = 5
MAGE_DISCARD: Final = 3
FAIR_COINS: Final = 2
EXTRA_EXCHANGE: Final = 2
COINS_PER_POINT: Final = 4
#: the rule whose quote states each count, cost and limit above (a test finds the number)
STATED: Final = (
    Stated("BUILDING_CARDS", BUILDING_CARDS, RB.COMPONENTS_BUILDINGS),
    Stated("ACTION_CARDS", ACTION_CARDS, RB.COMPONENTS_ACTIONS),
    Stated("MIN_PLAYERS", MIN_PLAYERS, RB.COMPONENTS_PLAYERS),
    Stated("MAX_PLAYERS", MAX_PLAYERS, RB.COMPONENTS_PLAYERS),
    Stated("MAX_PLAYERS", MAX_PLAYERS, RB.COMPONENTS_BOARDS),
    Stated("PEBBLES", PEBBLES, RB.COMPONENTS_PEBBLES),
    Stated("START_COINS", START_COINS, RB.SETUP_COINS),
    Stated("HAND", HAND, RB.ROUND_DEAL_FIRST),
    Stated("MARKET", MARKET, RB.MARKET_SIX_CARDS),
    Stated("ROUNDS", ROUNDS, RB.GAME_ROUNDS),
    Stated("CASTLE_SETBACK", CASTLE_SETBACK, RB.CARD_CASTLE_SETBACK),
    Stated("MAGE_DRAW", MAGE_DRAW, RB.CARD_MAGE_DRAW),
    Stated("MAGE_DISCARD", MAGE_DISCARD, RB.CARD_MAGE_DISCARD),
    Stated("FAIR_COINS", FAIR_COINS, RB.CARD_FAIR),
    Stated("EXTRA_EXCHANGE", EXTRA_EXCHANGE, RB.MARKET_EXTRA_COST),
    Stated("COINS_PER_POINT", COINS_PER_POINT, RB.FINAL_CONVERT),
    # each kind's count ("(8 штук)") and points ("Даёт 1 победное очко") stand in its card's
    # description, which its rule quotes (the action cards' no points:
    # RB.COMPONENTS_ACTIONS_NO_VP)
    *(Stated(f"FULL_DECK[{k}]", c.count, RB.CARD_RULES[k]) for k, c in enumerate(CARDS)),
    *(Stated(f"VP[{k}]", c.vp, RB.CARD_RULES[k]) for k, c in enumerate(CARDS) if c.vp),
)

# -- resource levels (ambiguity crafts/resource-levels) -------------------------
#: "depth": the level is the number of production steps behind a resource
LEVELS_DEPTH: Final = (1, 1, 2, 2, 2, 3, 3, 4, 4)
#: "two-tier" (default): the five cheap resources are level I, the four scarce ones level II
LEVELS_TWO_TIER: Final = (1, 1, 1, 1, 1, 2, 2, 2, 2)

# -- prices (ambiguity crafts/prices): (buy, sell) per resource -----------------
#: "graded" (default): by depth, buy one above sell
PRICES_GRADED: Final = ((2, 1), (2, 1), (3, 2), (3, 2), (3, 2), (4, 3), (4, 3), (6, 4), (6, 4))
#: "flat": every resource buys for 2 and sells for 1
PRICES_FLAT: Final = ((2, 1),) * NR

# -- score track (ambiguity crafts/track-spaces) --------------------------------
#: the resources of the track's resource spaces, in order along the track
TRACK_CYCLE: Final = (WOOD, WHEAT, COAL, FOOD, KVASS)
TRACK_SPACING: Final = {"every5": 5, "every10": 10}
