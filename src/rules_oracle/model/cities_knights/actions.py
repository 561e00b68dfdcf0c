"""Actions of Cities & Knights. Base Catan's action classes are reused where the step is the
same (:mod:`model.catan.actions`: ``Dice``, ``Steal``, ``RollDice``, ``EndTurn``,
``LayTerrain``, ``SpiralCorner`` (the variable board),
``BuildSettlement``, ``BuildRoad``, ``BuildCity``, ``Discard``, ``MoveRobber``,
``MaritimeTrade`` and the domestic trade's ``OfferCard``, ``Propose``, ``Withdraw``,
``Answer``, ``Counter``, ``TradeWith``; their ``resource`` fields index the 8 cards here);
the rest are new.
Ids: ``node`` 0-53, ``path`` 0-71, ``hex`` 0-18 (base board); ``card`` an index of
``data.CARDS``; ``progress`` of ``data.PROGRESS_NAMES``; ``kind``/``colour`` of
``data.KINDS``.
"""

import attrs

from rules_oracle.model.catan.actions import (
    Answer,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Counter,
    Dice,
    Discard,
    EndTurn,
    LayTerrain,
    MaritimeTrade,
    MoveRobber,
    OfferCard,
    Propose,
    RollDice,
    SpiralCorner,
    Steal,
    TradeWith,
    Withdraw,
)


@attrs.frozen(slots=True)
class EventDie:
    """The event die's face: 0 ship, 1 trade, 2 politics, 3 science gate."""

    face: int


@attrs.frozen(slots=True)
class DrawProgress:
    """The progress card drawn (from the deck of the draw's colour)."""

    progress: int


@attrs.frozen(slots=True)
class ChooseDeck:
    """A tied top defender picks the colour of the progress card he draws."""

    colour: int


@attrs.frozen(slots=True)
class DiscardProgress:
    progress: int


@attrs.frozen(slots=True)
class ReduceCity:
    """A loser of a barbarian attack reduces this city to a settlement."""

    node: int


@attrs.frozen(slots=True)
class BuildWall:
    node: int


@attrs.frozen(slots=True)
class BuildKnight:
    node: int


@attrs.frozen(slots=True)
class ActivateKnight:
    node: int


@attrs.frozen(slots=True)
class PromoteKnight:
    node: int


@attrs.frozen(slots=True)
class MoveKnight:
    """Start moving (or displacing with) the active knight on ``node``."""

    node: int


@attrs.frozen(slots=True)
class ChaseRobber:
    """The active knight on ``node`` chases the robber from a hex it touches."""

    node: int


@attrs.frozen(slots=True)
class Improve:
    kind: int


@attrs.frozen(slots=True)
class PlaceMetropolis:
    node: int


@attrs.frozen(slots=True)
class PlayProgress:
    progress: int


@attrs.frozen(slots=True)
class HarborExchange:
    """Under ``harbor-time=any-time``: offer resource ``card`` to the first rival the
    pending Commercial Harbor credit may still force (he gives a commodity of his choice
    for it, or, holding none, leaves the credit with no exchange: the resource is kept)."""

    card: int


@attrs.frozen(slots=True)
class ChooseCard:
    """A resource or commodity named, given or taken (a card's step, the aqueduct)."""

    card: int


@attrs.frozen(slots=True)
class ChooseProgress:
    """The Spy's pick among a rival's progress cards."""

    progress: int


@attrs.frozen(slots=True)
class ChoosePlayer:
    player: int


@attrs.frozen(slots=True)
class ChooseNode:
    node: int


@attrs.frozen(slots=True)
class ChoosePath:
    path: int


@attrs.frozen(slots=True)
class ChooseHex:
    hex: int


@attrs.frozen(slots=True)
class ChooseNumber:
    """An Alchemist's die value (white first, then red)."""

    number: int


@attrs.frozen(slots=True)
class Stop:
    """End a card's optional steps early."""


Action = (
    Dice | EventDie | DrawProgress | Steal | LayTerrain | SpiralCorner
    | BuildSettlement | BuildRoad | BuildCity | RollDice | EndTurn | Discard | MoveRobber
    | MaritimeTrade | ChooseDeck | DiscardProgress | ReduceCity | BuildWall | BuildKnight
    | ActivateKnight | PromoteKnight | MoveKnight | ChaseRobber | Improve | PlaceMetropolis
    | PlayProgress | ChooseCard | ChooseProgress | ChoosePlayer | ChooseNode | ChoosePath
    | ChooseHex | ChooseNumber | Stop | OfferCard | Propose | Withdraw | Answer | Counter
    | TradeWith | HarborExchange
)
CHANCE_TYPES = (Dice, EventDie, DrawProgress, Steal, LayTerrain, SpiralCorner)
PLAYER_TYPES = (
    BuildSettlement, BuildRoad, BuildCity, RollDice, EndTurn, Discard, MoveRobber,
    MaritimeTrade, ChooseDeck, DiscardProgress, ReduceCity, BuildWall, BuildKnight,
    ActivateKnight, PromoteKnight, MoveKnight, ChaseRobber, Improve, PlaceMetropolis,
    PlayProgress, ChooseCard, ChooseProgress, ChoosePlayer, ChooseNode, ChoosePath, ChooseHex,
    ChooseNumber, Stop, OfferCard, Propose, Withdraw, Answer, Counter, TradeWith,
    HarborExchange,
)
