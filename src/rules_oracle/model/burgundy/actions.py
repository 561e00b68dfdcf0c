"""Actions of The Castles of Burgundy: chance outcomes and player choices (one choice each).

``die`` is 0 or 1 for the player's two dice and 2 for a castle's extra action (any value).
``depot`` is 1..6 for the numbered depots and 0 for the black depot. ``discard`` names the
stored tile discarded to make room ("" when storage has room).
"""

import attrs


# -- chance ----------------------------------------------------------------------------
@attrs.frozen(slots=True)
class DrawGoods:
    kind: int


@attrs.frozen(slots=True)
class FirstPlayer:
    player: int


@attrs.frozen(slots=True)
class DrawHex:
    tile: str


@attrs.frozen(slots=True)
class Roll:
    value: int


@attrs.frozen(slots=True)
class DrawBoard:
    """Advanced set-up: the estate board (2-9) dealt to the next seat."""

    board: int


# -- players ---------------------------------------------------------------------------
@attrs.frozen(slots=True)
class ChooseCastle:
    """Advanced set-up: the space of one's starting castle (a dark-green space)."""

    space: int


@attrs.frozen(slots=True)
class UseWorker:
    die: int
    delta: int


@attrs.frozen(slots=True)
class TakeTile:
    die: int
    depot: int
    tile: str
    discard: str = ""


@attrs.frozen(slots=True)
class PlaceTile:
    die: int
    tile: str
    space: int


@attrs.frozen(slots=True)
class SellGoods:
    die: int
    kind: int


@attrs.frozen(slots=True)
class TakeWorkers:
    die: int


@attrs.frozen(slots=True)
class BuyTile:
    depot: int
    tile: str
    discard: str = ""


@attrs.frozen(slots=True)
class EndTurn:
    pass


@attrs.frozen(slots=True)
class ShipDepot:
    depot: int


@attrs.frozen(slots=True)
class ShipGoods:
    kind: int


@attrs.frozen(slots=True)
class EffectTake:
    depot: int
    tile: str
    discard: str = ""


@attrs.frozen(slots=True)
class WarehouseSell:
    kind: int


@attrs.frozen(slots=True)
class CityHallPlace:
    tile: str
    space: int


@attrs.frozen(slots=True)
class Decline:
    pass


Action = (
    DrawGoods | FirstPlayer | DrawHex | Roll | UseWorker | TakeTile | PlaceTile | SellGoods
    | TakeWorkers | BuyTile | EndTurn | ShipDepot | ShipGoods | EffectTake | WarehouseSell
    | CityHallPlace | Decline | DrawBoard | ChooseCastle
)
CHANCE_TYPES = (DrawGoods, FirstPlayer, DrawHex, Roll, DrawBoard)
PLAYER_TYPES = (
    UseWorker, TakeTile, PlaceTile, SellGoods, TakeWorkers, BuyTile, EndTurn, ShipDepot,
    ShipGoods, EffectTake, WarehouseSell, CityHallPlace, Decline, ChooseCastle,
)
