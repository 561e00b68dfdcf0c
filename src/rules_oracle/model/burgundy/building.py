"""Buildings ("Здание (бежевый жетон)", "Здания"): one of each kind per city, and each
kind's effect, applied at once when it is placed; an effect that cannot apply is lost."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import Action, EffectTake, WarehouseSell
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.ops import distinct, implements
from rules_oracle.model.burgundy.state import BurgundyState, Mods, Pending, Player
from rules_oracle.model.core.ops import evolve

#: the tiles a carpenter's workshop, church or market takes, by colour
TAKES = {
    "carpenter": frozenset({D.BUILDING}),
    "church": frozenset({D.MINE, D.KNOWLEDGE, D.CASTLE}),
    "market": frozenset({D.RIVER, D.PASTURE}),
}
#: the rule of each building's effect
RULE = {"carpenter": RB.BUILDING_CARPENTER, "church": RB.BUILDING_CHURCH,
        "market": RB.BUILDING_MARKET, "warehouse": RB.BUILDING_WAREHOUSE,
        "boarding-house": RB.BUILDING_BOARDING_HOUSE, "bank": RB.BUILDING_BANK,
        "city-hall": RB.BUILDING_CITY_HALL, "watchtower": RB.BUILDING_WATCHTOWER}
#: the buildings whose effect waits for the player's choice
CHOICES = frozenset({*TAKES, "warehouse", "city-hall"})


def city_rule(pl: Player, tile: str, space: int, mods: Mods) -> str | None:
    """Why ``tile`` may not go on ``space`` of ``pl``'s estate: a city holds at most one
    building of each kind (RB.BUILDING_ONE_PER_CITY; knowledge 1 lifts it); else ``None``."""
    if D.TILE_COLOUR[tile] != D.BUILDING or mods.any_building:
        return None
    board = BOARDS[pl.board]
    if any(pl.estate[x] == tile for x in board.areas[board.area[space]]):
        return RB.BUILDING_ONE_PER_CITY
    return None


@implements(RB.BUILDING_BOARDING_HOUSE, RB.BUILDING_BANK, RB.BUILDING_WATCHTOWER,
            RB.BUILDING_SUPPLY_UNLIMITED)
def placed(state: BurgundyState, pl: Player, tile: str) -> tuple[BurgundyState, Player]:
    """A building placed: the boarding house's 4 workers (RB.BUILDING_BOARDING_HOUSE), the
    bank's 2 silver (RB.BUILDING_BANK), the watchtower's 4 VP (RB.BUILDING_WATCHTOWER), from
    an unlimited stock (RB.BUILDING_SUPPLY_UNLIMITED); any other's choice pending."""
    if tile == "boarding-house":
        return state, evolve(pl, workers=pl.workers + 4)
    if tile == "bank":
        return state, evolve(pl, silver=pl.silver + 2)
    if tile == "watchtower":
        return state, evolve(pl, vp=pl.vp + 4)
    return evolve(state, pending=(*state.pending, Pending(tile))), pl


def takes(state: BurgundyState, pl: Player, kind: str,
          may_discard: bool) -> list[tuple[int, str, str]]:
    """The (depot, tile, discard) choices of a carpenter's workshop, church or market
    (``kind``): a tile of its colours from a numbered depot (RB.BUILDING_CARPENTER,
    RB.BUILDING_CHURCH, RB.BUILDING_MARKET), into storage as a take."""
    full = len(pl.storage) >= 3
    if full and not may_discard:
        return []
    discards = distinct(pl.storage) if full else ("",)
    colours = TAKES[kind]
    out: list[tuple[int, str, str]] = []
    for d in range(1, 7):
        for tile in distinct(state.depots[d - 1]):
            if D.TILE_COLOUR[tile] in colours:
                out.extend((d, tile, x) for x in discards)
    return out


def take_rule(kind: str, action: EffectTake) -> str | None:
    """Why ``action`` is not a take of the building ``kind``: only numbered depots, only
    tiles of its colours (its rule); else ``None`` (the take itself is a take's)."""
    if not 1 <= action.depot <= 6:
        return RULE[kind]
    if action.tile not in D.TILE_COLOUR or D.TILE_COLOUR[action.tile] not in TAKES[kind]:
        return RULE[kind]
    return None


def warehouse_rule(pl: Player, action: Action) -> str | None:
    """Why ``action`` is not the warehouse's sale: any kind the player holds, without a die
    (RB.BUILDING_WAREHOUSE); else ``None``."""
    if not isinstance(action, WarehouseSell) or not 1 <= action.kind <= 6 \
            or not pl.goods[action.kind - 1]:
        return RB.BUILDING_WAREHOUSE
    return None


@implements(RB.BUILDING_EFFECT_LOST)
def lost(state: BurgundyState, pl: Player, kind: str, may_discard: bool,
         city_hall_spaces: bool) -> bool:
    """Whether the pending building effect ``kind`` cannot apply, so it is lost and the
    building stays (RB.BUILDING_EFFECT_LOST): a warehouse without goods, a take with no
    tile to take, a city hall with no stored tile to place (``city_hall_spaces``: one
    can go somewhere)."""
    if kind == "warehouse":
        return not any(pl.goods)
    if kind in TAKES:
        return not takes(state, pl, kind, may_discard)
    return kind == "city-hall" and not city_hall_spaces
