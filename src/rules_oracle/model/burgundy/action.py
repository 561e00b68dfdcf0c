"""The actions ("ДЕЙСТВИЯ"): take a hex from a depot into storage, place a stored hex in the
estate, sell goods, take workers, and once a turn buy from the black depot. What a placed
tile then does is its own chapter's (ship, animal, castle, building, knowledge, area,
colour); the game module chains them."""

from functools import lru_cache

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.data import Estate
from rules_oracle.model.burgundy.ops import (
    add_tile,
    distinct,
    implements,
    near,
    remove_tile,
    set_player,
)
from rules_oracle.model.burgundy.state import BurgundyState, Mods, Player
from rules_oracle.model.core.ops import bump, evolve, put

#: storage holds at most 3 hex tiles (RB.ACTION_STORAGE_THREE)
STORAGE = 3
_TILESET = frozenset(D.TILES)


@implements(RB.ACTION_STORAGE_THREE)
def storage_full(pl: Player) -> bool:
    """Whether every storage space is taken (RB.ACTION_STORAGE_THREE)."""
    return len(pl.storage) >= STORAGE


def discards(pl: Player) -> tuple[str, ...]:
    """The discard choices of a take: a stored tile when storage is full, else none ("")."""
    return distinct(pl.storage) if storage_full(pl) else ("",)


# -- take a hex -----------------------------------------------------------------------------
def take_depot_rule(value: int, depot: int, mods: Mods) -> str | None:
    """Why a die showing ``value`` (0: a castle's die of any value) may not take from
    numbered depot ``depot``: the die names the depot (RB.ACTION_TAKE_TILE; knowledge 12
    allows one off), or ``None``."""
    if not 1 <= depot <= 6:
        return RB.ACTION_TAKE_TILE
    if value and depot != value and not (mods.take_near and near(value, depot)):
        return mods.take_rule
    return None


def source(state: BurgundyState, depot: int) -> tuple[str, ...]:
    """The hexes of numbered depot ``depot``, or of the black depot (0)."""
    return state.depots[depot - 1] if depot else state.black


def take_rule(state: BurgundyState, pl: Player, depot: int, tile: str, discard: str,
              rule: str, may_discard: bool) -> str | None:
    """Why ``pl`` may not take ``tile`` from ``depot`` into storage, discarding ``discard``
    first: the tile is not there (``rule``, the taking rule), or storage is full and no
    stored tile is discarded, or it has room and one is (RB.ACTION_TAKE_DISCARD); else
    ``None``."""
    if tile not in _TILESET or tile not in source(state, depot):
        return rule
    if storage_full(pl):
        if not may_discard or discard not in pl.storage:
            return RB.ACTION_TAKE_DISCARD
    elif discard:
        return RB.ACTION_TAKE_DISCARD
    return None


@implements(RB.ACTION_TAKE_TILE, RB.ACTION_TAKE_DISCARD)
def take(state: BurgundyState, p: int, depot: int, tile: str, discard: str) -> BurgundyState:
    """``tile`` from ``depot`` into storage (RB.ACTION_TAKE_TILE), ``discard`` out of the game
    first (RB.ACTION_TAKE_DISCARD)."""
    pl = state.players[p]
    storage = pl.storage
    box = state.box
    if discard:
        storage = remove_tile(storage, discard)
        box = bump(box, D.TILE_INDEX[discard])
    taken = remove_tile(source(state, depot), tile)
    if depot:
        state = evolve(state, depots=put(state.depots, depot - 1, taken), box=box)
    else:
        state = evolve(state, black=taken, box=box)
    return set_player(state, p, evolve(pl, storage=add_tile(storage, tile)))


# -- place a hex ----------------------------------------------------------------------------
def _space_rule(estate: tuple[str, ...], board: Estate, space: int, value: int | None,
                shift: bool, rule: str) -> str | None:
    if estate[space]:
        return rule
    if value is not None:
        n = board.number[space]
        if n != value and not (shift and near(value, n)):
            return RB.ACTION_PLACE_NUMBER
    if not any(estate[x] for x in board.neighbours[space]):
        return RB.ACTION_PLACE_ADJACENT
    return None


def place_rule(pl: Player, tile: str, space: int, value: int | None, mods: Mods,
               rule: str) -> str | None:
    """Why ``pl`` may not place ``tile`` on ``space`` with a die of ``value`` (None: no die,
    any number): only stored tiles (RB.ACTION_PLACE_FROM_STORAGE), an empty space (``rule``,
    the placing rule), of the tile's colour (RB.ACTION_PLACE_COLOUR) and the die's number
    (RB.ACTION_PLACE_NUMBER; knowledge 9-11 allow one off), next to a placed tile
    (RB.ACTION_PLACE_ADJACENT); else ``None``. A city's buildings are the building
    chapter's."""
    if tile not in pl.storage:
        return RB.ACTION_PLACE_FROM_STORAGE
    board = BOARDS[pl.board]
    if not 0 <= space < board.size or pl.estate[space]:
        return rule
    colour = D.TILE_COLOUR[tile]
    if board.colour[space] != colour:
        return RB.ACTION_PLACE_COLOUR
    return _space_rule(pl.estate, board, space, value, colour in mods.shift_colours, rule)


def spaces(pl: Player, tile: str, value: int | None, mods: Mods) -> list[int]:
    """The spaces ``place_rule`` allows for a stored ``tile``: empty, of its colour, its
    number and next to a placed tile."""
    colour = D.TILE_COLOUR[tile]
    shift = value is not None and colour in mods.shift_colours
    return list(_open_spaces(pl.estate, pl.board, colour, value, shift))


@lru_cache(maxsize=1 << 12)
def _open_spaces(estate: tuple[str, ...], board: int, colour: str, value: int | None,
                 shift: bool) -> tuple[int, ...]:
    """:func:`spaces` of an estate on ``BOARDS[board]`` for a colour, die and shift,
    remembered by them (a turn asks them again for each stored tile of the colour, and
    both dice, and the next turn of an unchanged estate)."""
    b = BOARDS[board]
    return tuple(s for s in b.colour_spaces[colour]
                 if _space_rule(estate, b, s, value, shift, RB.ACTION_PLACE) is None)


@implements(RB.ACTION_PLACE)
def put_tile(pl: Player, tile: str, space: int) -> Player:
    """``tile`` from storage onto ``space`` (RB.ACTION_PLACE); a knowledge tile's number joins
    the player's knowledge."""
    knowledge = pl.knowledge
    if tile in D.KNOWLEDGE_NUMBER:
        knowledge = tuple(sorted((*knowledge, D.KNOWLEDGE_NUMBER[tile])))
    return evolve(pl, estate=put(pl.estate, space, tile), storage=remove_tile(pl.storage, tile),
                  knowledge=knowledge)


# -- sell goods -----------------------------------------------------------------------------
def sell_rule(pl: Player, kind: int, value: int) -> str | None:
    """Why ``pl`` may not sell goods ``kind`` with a die showing ``value`` (0: any): he holds
    none, or the die names another kind (RB.ACTION_SELL); else ``None``."""
    if not 1 <= kind <= 6 or not pl.goods[kind - 1]:
        return RB.ACTION_SELL
    if value and value != kind:
        return RB.ACTION_SELL
    return None


@implements(RB.ACTION_SELL)
def sell(state: BurgundyState, p: int, kind: int, mods: Mods) -> BurgundyState:
    """All goods of ``kind`` sold (RB.ACTION_SELL): silver (knowledge 3: 2), workers
    (knowledge 4) and 2/3/4 VP per tile by player count (burgundy/sell-vp)."""
    pl = state.players[p]
    k = kind - 1
    n = pl.goods[k]
    return set_player(state, p, evolve(
        pl, goods=put(pl.goods, k, 0), sold=bump(pl.sold, k, n),
        silver=pl.silver + mods.sell_silver,
        workers=pl.workers + mods.sell_workers,
        vp=pl.vp + n * D.SELL_VP[state.config.players],
    ))


# -- take workers ---------------------------------------------------------------------------
@implements(RB.ACTION_TAKE_WORKERS)
def take_workers(state: BurgundyState, p: int, mods: Mods) -> BurgundyState:
    """2 workers whatever the die shows (RB.ACTION_TAKE_WORKERS; knowledge 13 and 14 add)."""
    pl = state.players[p]
    return set_player(state, p, evolve(pl, workers=pl.workers + mods.take_workers,
                                       silver=pl.silver + mods.take_workers_silver))


# -- buy from the black depot ---------------------------------------------------------------
def buy_rule(state: BurgundyState, pl: Player, depot: int, mods: Mods) -> str | None:
    """Why ``pl`` may not buy from ``depot`` now (the tile aside): once a turn, for 2 silver
    (RB.ACTION_BUY_BLACK), from the black depot (knowledge 6: any depot), into storage
    (a full one by burgundy/storage-full-effect: RB.ACTION_STORAGE_THREE); else ``None``."""
    if state.bought or pl.silver < 2:
        return RB.ACTION_BUY_BLACK
    if depot != 0:
        if not 1 <= depot <= 6:
            return RB.ACTION_BUY_BLACK
        if depot not in mods.buy_depots:
            return RB.KNOWLEDGE_6
    if storage_full(pl) and state.config.option("storage-full") != "discard":
        return RB.ACTION_STORAGE_THREE
    return None


@implements(RB.ACTION_BUY_BLACK)
def pay(state: BurgundyState, p: int) -> BurgundyState:
    """The purchase's 2 silver (RB.ACTION_BUY_BLACK), the turn's one purchase made."""
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, silver=pl.silver - 2))
    return evolve(state, bought=True)
