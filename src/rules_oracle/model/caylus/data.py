"""Components of Caylus 1303: resources, the road, the building kinds, characters and the
numbers by player count.

The rules text (``shared/rules/002_a088f04d6e5f3bce.txt``) lost its icons; costs, prestige
values and some inputs come from ``shared/data/README.md`` (section "Caylus 1303") with the
confidence it gives (H: the text or two sources; M: one good source; L: one buggy program or
inferred). Each such value is registered as an ambiguity in :mod:`model.caylus.rules`.
Every id below is a plain index (see ``docs/games/caylus.md``).
"""

from typing import Final

from rules_oracle.model.core.stated import Stated

# -- resources (text: "20 (еда), 20 (дерево), 20 (камень), 15 (ткань), 15 (золото)", H) ----
RESOURCES: Final = ("food", "wood", "stone", "fabric", "gold")
FOOD, WOOD, STONE, FABRIC, GOLD = range(5)
N_RESOURCES: Final = 5
#: the tokens in the box; in play the supply is unlimited (text, H; RB.COMPONENTS_UNLIMITED,
#: the option ``supply=limited`` reads them as a limit)
RESOURCE_TOKENS: Final = (20, 20, 20, 15, 15)
#: the resources an "any" icon or a market choice may be: food, wood, stone, fabric (H)
PLAIN: Final = (FOOD, WOOD, STONE, FABRIC)
NONE: Final = (0, 0, 0, 0, 0)
#: starting resources "2, 1, 1" (icons lost): 2 wood, 1 food, 1 stone (TT, L)
START_RESOURCES: Final = (1, 2, 1, 0, 0)

# -- workers and houses (H) -------------------------------------------------------------------
#: a player's workers, hand and camp: a gain takes at most what the camp holds
#: (RB.COMPONENTS_WORKER_LIMIT)
WORKERS: Final = 15
#: a player's houses: with none left in stock, no building (RB.COMPONENTS_HOUSE_LIMIT)
HOUSES: Final = 10
#: workers in hand at the start by player count; the rest start in the camp (H)
START_WORKERS: Final = {2: 10, 3: 6, 4: 6, 5: 10}
#: workers recruited each round before modifiers (H)
RECRUIT: Final = {2: 3, 3: 3, 4: 3, 5: 2}
#: workers recruitment adds for each residence a player owns, and with his garden
#: (RB.STEWARDSHIP_RECRUITMENT)
RESIDENCE_WORKERS: Final = 1
GARDEN_WORKERS: Final = 2
#: the day labourer's extra worker at recruitment (RB.CHARACTER_DAY_LABOURER)
DAY_LABOURER_WORKERS: Final = 1
ROUNDS: Final = 9

# -- building kinds ---------------------------------------------------------------------------
PRINTED, START, WOODEN, STONEN, PRESTIGE = range(5)
MATERIALS: Final = ("printed", "starting", "wood", "stone", "prestige")
KINDS: Final = (
    # printed on the board, in road order from the city gate (H)
    "fairground", "lawyer", "carpenter", "toll", "guilds-bridge",
    # starting tiles (H)
    "farm", "sawmill", "quarry", "market", "guild-4", "guild-3", "start-carpenter",
    # wood buildings (H)
    "wood-farm", "wood-sawmill", "wood-quarry", "spinning-mill", "wood-market",
    "covered-market", "manor", "tailor", "stonemason",
    # stone buildings (H)
    "stone-farm", "stone-sawmill", "stone-quarry", "gold-mine", "foundry", "alchemist",
    "stone-guild", "church", "jeweller",
    # prestige buildings (garden, granary, factory, theatre H; the other names TT, L)
    "garden", "factory", "granary", "statue", "theatre", "cathedral", "mansion",
)
(FAIRGROUND, LAWYER, CARPENTER, TOLL, BRIDGE,
 FARM, SAWMILL, QUARRY, MARKET, GUILD4, GUILD3, START_CARPENTER,
 WOOD_FARM, WOOD_SAWMILL, WOOD_QUARRY, SPINNING_MILL, WOOD_MARKET, COVERED_MARKET, MANOR,
 TAILOR, STONEMASON,
 STONE_FARM, STONE_SAWMILL, STONE_QUARRY, GOLD_MINE, FOUNDRY, ALCHEMIST, STONE_GUILD,
 CHURCH, JEWELLER,
 GARDEN, FACTORY, GRANARY, STATUE, THEATRE, CATHEDRAL, MANSION) = range(37)
N_KINDS: Final = len(KINDS)
MATERIAL: Final = ((PRINTED,) * 5 + (START,) * 7 + (WOODEN,) * 9 + (STONEN,) * 9
                   + (PRESTIGE,) * 7)
WOOD_KINDS: Final = tuple(range(WOOD_FARM, STONEMASON + 1))
STONE_KINDS: Final = tuple(range(STONE_FARM, JEWELLER + 1))
PRESTIGE_KINDS: Final = tuple(range(GARDEN, MANSION + 1))
START_KINDS: Final = tuple(range(FARM, START_CARPENTER + 1))
#: the 9 starting tiles: 2 farms and 2 markets make nine (TT, L)
START_TILE_COUNTS: Final = (2, 1, 1, 2, 1, 1, 1)

#: the resource a production building yields
PRODUCES: Final = {FARM: FOOD, SAWMILL: WOOD, QUARRY: STONE, WOOD_FARM: FOOD,
                   WOOD_SAWMILL: WOOD, WOOD_QUARRY: STONE, SPINNING_MILL: FABRIC,
                   STONE_FARM: FOOD, STONE_SAWMILL: WOOD, STONE_QUARRY: STONE}


def _cost(food: int = 0, wood: int = 0, stone: int = 0, fabric: int = 0,
          gold: int = 0) -> tuple[int, ...]:
    return (food, wood, stone, fabric, gold)


#: building cost: (fixed resources, number of "any" icons: food, wood, stone or fabric);
#: wood/stone costs TT (L) except the farm/sawmill/quarry's (the quarry example, M)
COST: Final[dict[int, tuple[tuple[int, ...], int]]] = {
    WOOD_FARM: (_cost(food=1, wood=1), 0), WOOD_SAWMILL: (_cost(food=1, wood=1), 0),
    WOOD_QUARRY: (_cost(food=1, wood=1), 0), SPINNING_MILL: (_cost(wood=2), 0),
    WOOD_MARKET: (_cost(food=1, wood=1), 0), COVERED_MARKET: (_cost(wood=1), 1),
    MANOR: (_cost(wood=1, fabric=1), 0), TAILOR: (_cost(wood=1), 1),
    STONEMASON: (_cost(wood=1), 1),
    STONE_FARM: (_cost(food=1, stone=1), 0), STONE_SAWMILL: (_cost(food=1, stone=1), 0),
    STONE_QUARRY: (_cost(food=1, stone=1), 0), GOLD_MINE: (_cost(food=1, stone=1), 0),
    FOUNDRY: (_cost(wood=1, stone=1), 0), ALCHEMIST: (_cost(wood=1, stone=1), 0),
    STONE_GUILD: (_cost(stone=1), 1), CHURCH: (_cost(stone=1, fabric=1), 0),
    JEWELLER: (_cost(wood=1, stone=1), 0),
    GARDEN: (_cost(wood=1, gold=1), 0), FACTORY: (_cost(fabric=1, gold=1), 0),
    GRANARY: (_cost(stone=1, gold=1), 0), STATUE: (_cost(stone=2, gold=1), 0),
    THEATRE: (_cost(wood=4, gold=3), 0), CATHEDRAL: (_cost(stone=3, gold=3), 0),
    MANSION: (_cost(stone=5, gold=5), 0),
}
#: prestige points for building (TT, L; the quarry's 2 M; the theatre's 12 H)
PRESTIGE_POINTS: Final = {
    WOOD_FARM: 2, WOOD_SAWMILL: 2, WOOD_QUARRY: 2, SPINNING_MILL: 2, WOOD_MARKET: 3,
    COVERED_MARKET: 3, MANOR: 4, TAILOR: 4, STONEMASON: 4,
    STONE_FARM: 3, STONE_SAWMILL: 3, STONE_QUARRY: 3, GOLD_MINE: 4, FOUNDRY: 5,
    ALCHEMIST: 5, STONE_GUILD: 4, CHURCH: 5, JEWELLER: 5,
    GARDEN: 4, FACTORY: 5, GRANARY: 7, STATUE: 7, THEATRE: 12, CATHEDRAL: 15, MANSION: 20,
}

# -- the road (geometry: project default, L; see the ambiguity caylus/road-length) ---------
#: spaces 0-4: the printed buildings in activation order, the bridge last
PRINTED_ORDER: Final = (FAIRGROUND, LAWYER, CARPENTER, TOLL, BRIDGE)
BRIDGE_SPACE: Final = 4
#: the 8 marked spaces of the starting tiles
START_SPACES: Final = tuple(range(5, 13))
#: the marked space of the set-up wood building, and of the set-up stone building
WOOD_SPACE: Final = 13
STONE_SPACE: Final = 20
#: spaces on the road (0-27); the provost may stand after space 4 up to 2 marked
#: provost spaces past the road's end
ROAD_SPACES: Final = 28
PROVOST_EXTRA: Final = 2
PROVOST_MIN: Final = BRIDGE_SPACE
PROVOST_MAX: Final = ROAD_SPACES - 1 + PROVOST_EXTRA
#: the provost starts 'позади' the marked space (taken to be the set-up wood building's):
#: on its city-gate side, after the last starting tile (M; caylus/provost-reset), or under
#: the far-side reading after the wood building; each is the reset of the set-up road
PROVOST_START: Final = WOOD_SPACE - 1
PROVOST_START_FAR: Final = WOOD_SPACE
#: construction-site slots: 1st starting tile, 2nd wood, 3rd stone (set-up side), H
SITE_SLOTS: Final = 3
#: favour gating: the slots usable by round (rounds 1-3: 1; 4-6: 2; 7-9: 3), H
def site_slots_open(round_: int) -> int:
    return 1 if round_ <= 3 else 2 if round_ <= 6 else 3


# -- characters (H) ----------------------------------------------------------------------------
CHARACTERS: Final = ("architect", "foreman", "chamberlain", "deliveryman", "day-labourer",
                     "journeyman", "early-riser", "night-worker", "thief", "steward",
                     "bailiff", "goldsmith")
(ARCHITECT, FOREMAN, CHAMBERLAIN, DELIVERYMAN, DAY_LABOURER, JOURNEYMAN, EARLY_RISER,
 NIGHT_WORKER, THIEF, STEWARD, BAILIFF, GOLDSMITH) = range(12)
N_CHARACTERS: Final = 12
#: the recommended characters of a first game by player count (names H, counts M)
FIRST_GAME_CHARACTERS: Final = {
    2: (ARCHITECT, FOREMAN, CHAMBERLAIN, BAILIFF, DAY_LABOURER),
    3: (ARCHITECT, FOREMAN, CHAMBERLAIN, BAILIFF, DAY_LABOURER, DELIVERYMAN),
    4: (ARCHITECT, FOREMAN, CHAMBERLAIN, BAILIFF, DAY_LABOURER, DELIVERYMAN, JOURNEYMAN),
    5: (ARCHITECT, FOREMAN, CHAMBERLAIN, BAILIFF, DAY_LABOURER, DELIVERYMAN, JOURNEYMAN,
        EARLY_RISER),
}
#: where a character lies: a seat, or one of these
BOX: Final = -2
BOARD: Final = -1

# -- delivery -----------------------------------------------------------------------------------
BUNDLE_PP: Final = 5
GOLDSMITH_PP: Final = 5
GOLD_PP: Final = 2


def _bundles() -> tuple[tuple[int, ...], ...]:
    plain = []
    for a in range(1, 5):
        for b in range(a + 1, 5):
            plain.append(tuple(1 if r in (FOOD, a, b) else 0 for r in range(5)))
    return tuple(plain)


def _any_bundles() -> tuple[tuple[int, ...], ...]:
    out = []
    for a in range(5):
        for b in range(a, 5):
            for c in range(b, 5):
                counts = [0] * 5
                for r in (a, b, c):
                    counts[r] += 1
                out.append(tuple(counts))
    return tuple(sorted(out, reverse=True))


#: bundles: 3 different resources, one of them food (6); with the chamberlain any 3 (35)
BUNDLES: Final = _bundles()
ANY_BUNDLES: Final = _any_bundles()


#: the rule whose quote states each count, reward and limit above (a test finds the number
#: there); the tokens in the box, the houses and the starting resources are data the text
#: lost with its icons or does not give
STATED: Final = (
    Stated("WORKERS", WORKERS, "caylus/components.worker-limit"),
    Stated("ROUNDS", ROUNDS, "caylus/end.over"),
    Stated("SITE_SLOTS", SITE_SLOTS, "caylus/favour.choice"),
    Stated("BUNDLE_PP", BUNDLE_PP, "caylus/delivery.bundle"),
    Stated("GOLDSMITH_PP", GOLDSMITH_PP, "caylus/character.goldsmith"),
    Stated("GOLD_PP", GOLD_PP, "caylus/end.gold"),
    Stated("RECRUIT[3]", RECRUIT[3], "caylus/stewardship.recruitment"),
    Stated("RECRUIT[5]", RECRUIT[5], "caylus/stewardship.recruitment"),
    Stated("RESIDENCE_WORKERS", RESIDENCE_WORKERS, "caylus/stewardship.recruitment"),
    Stated("GARDEN_WORKERS", GARDEN_WORKERS, "caylus/stewardship.recruitment"),
    Stated("DAY_LABOURER_WORKERS", DAY_LABOURER_WORKERS, "caylus/character.day-labourer"),
    Stated("START_WORKERS[2]", START_WORKERS[2], "caylus/setup.workers"),
    Stated("START_WORKERS[5]", START_WORKERS[5], "caylus/setup.workers"),
    Stated("START_WORKERS[3]", START_WORKERS[3], "caylus/setup.workers"),
    Stated("sum(START_TILE_COUNTS)", sum(START_TILE_COUNTS), "caylus/setup.starting-tiles"),
)
