"""Actions of base Catan: chance outcomes and player choices (one choice each).

Ids: ``node`` an intersection (0-53), ``path`` a path (0-71), ``hex`` a hex (0-18) of
:mod:`model.catan.board`; ``resource`` an index of ``data.RESOURCES``; ``card`` of
``data.DEVELOPMENTS``; ``terrain`` of ``data.TERRAINS``; ``kind`` of
``data.HARBOUR_KINDS``.
"""

import attrs


# -- chance ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class LayTerrain:
    """Variable board: the terrain of the next hex (from the remaining hexes)."""

    terrain: int


@attrs.frozen(slots=True)
class SpiralCorner:
    """Variable board, spiral tokens: the corner hex the spiral starts from."""

    hex: int


@attrs.frozen(slots=True)
class LayToken:
    """Variable board, random tokens: the token of the next non-desert hex."""

    number: int


@attrs.frozen(slots=True)
class LayHarbour:
    """Shuffled harbours: the kind at the next harbour position."""

    kind: int


@attrs.frozen(slots=True)
class Dice:
    """The production roll: the white and the red die (36 ordered outcomes)."""

    white: int
    red: int


@attrs.frozen(slots=True)
class Steal:
    """The card stolen from the robber's victim."""

    resource: int


@attrs.frozen(slots=True)
class Draw:
    """The development card bought (from the remaining deck)."""

    card: int


# -- players ---------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class BuildSettlement:
    node: int


@attrs.frozen(slots=True)
class BuildRoad:
    path: int


@attrs.frozen(slots=True)
class BuildCity:
    node: int


@attrs.frozen(slots=True)
class BuyDevelopment:
    pass


@attrs.frozen(slots=True)
class RollDice:
    pass


@attrs.frozen(slots=True)
class EndTurn:
    pass


@attrs.frozen(slots=True)
class Discard:
    resource: int


@attrs.frozen(slots=True)
class MoveRobber:
    """Move the robber to ``hex`` and name the victim (-1: nobody there has cards)."""

    hex: int
    victim: int


@attrs.frozen(slots=True)
class PlayKnight:
    pass


@attrs.frozen(slots=True)
class PlayRoadBuilding:
    pass


@attrs.frozen(slots=True)
class StopRoadBuilding:
    """Decline the free roads left of a road-building card (road-second=optional)."""


@attrs.frozen(slots=True)
class PlayYearOfPlenty:
    """Take ``first`` and ``second`` (``first <= second``) from the bank."""

    first: int
    second: int


@attrs.frozen(slots=True)
class PlayMonopoly:
    resource: int


@attrs.frozen(slots=True)
class MaritimeTrade:
    """Give ``give`` at the player's best rate for it, take one ``get`` from the bank."""

    give: int
    get: int


@attrs.frozen(slots=True)
class MaritimeTradeAt:
    """Give ``rate`` cards of ``give`` for one ``get`` from the bank, at a rate the player has
    for ``give`` that is worse than the best (``rate=any``, catan/maritime-rate: 4 always, 3
    with a generic harbour); the best rate is always ``MaritimeTrade``."""

    give: int
    get: int
    rate: int


@attrs.frozen(slots=True)
class OfferCard:
    """Add one card to the offer (or counter-offer) being built: one the actor gives
    (``give``) or one the actor asks for."""

    give: bool
    resource: int


@attrs.frozen(slots=True)
class Propose:
    pass


@attrs.frozen(slots=True)
class Withdraw:
    pass


@attrs.frozen(slots=True)
class Answer:
    """Accept or decline the offer (a responder) or the counter-offer (the player on turn)."""

    accept: bool


@attrs.frozen(slots=True)
class Counter:
    """A responder starts building a counter-offer instead of answering."""


@attrs.frozen(slots=True)
class TradeWith:
    """The player on turn concludes the offer with ``player``, one who accepted."""

    player: int


Action = (
    LayTerrain | SpiralCorner | LayToken | LayHarbour | Dice | Steal | Draw
    | BuildSettlement | BuildRoad | BuildCity | BuyDevelopment | RollDice | EndTurn | Discard
    | MoveRobber | PlayKnight | PlayRoadBuilding | PlayYearOfPlenty | PlayMonopoly
    | MaritimeTrade | OfferCard | Propose | Withdraw | Answer | Counter | TradeWith
    | StopRoadBuilding | MaritimeTradeAt
)
CHANCE_TYPES = (LayTerrain, SpiralCorner, LayToken, LayHarbour, Dice, Steal, Draw)
PLAYER_TYPES = (
    BuildSettlement, BuildRoad, BuildCity, BuyDevelopment, RollDice, EndTurn, Discard,
    MoveRobber, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly, MaritimeTrade,
    OfferCard, Propose, Withdraw, Answer, Counter, TradeWith, StopRoadBuilding, MaritimeTradeAt,
)
