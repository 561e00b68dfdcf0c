"""Actions of the Catan quick card game: chance outcomes and player choices (one choice
each). ``resource`` is an index of ``data.RESOURCES``, ``building`` of ``data.BUILDINGS``,
``event`` of ``data.EVENTS``, ``rival`` a seat."""

import attrs


# -- chance ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Draw:
    """The top card of the resource stack (over the stack's multiset)."""

    resource: int


@attrs.frozen(slots=True)
class Take:
    """The card drawn at random from a rival's hand (over that hand)."""

    resource: int


@attrs.frozen(slots=True)
class Reveal:
    """A new city's event (over the city sides nobody has seen)."""

    event: int


# -- trade -----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class TradeStack:
    """Discard ``give`` and draw a card from the stack."""

    give: int


@attrs.frozen(slots=True)
class TradeMarket:
    """Take ``take`` from the market and return ``give`` (from the hand after the take)."""

    take: int
    give: int


@attrs.frozen(slots=True)
class TradeRival:
    """Draw a card at random from ``rival``'s hand (then give one back)."""

    rival: int


@attrs.frozen(slots=True)
class ChooseFromRival:
    """With a library: take ``resource`` from ``rival``'s hand (then give one back)."""

    rival: int
    resource: int


@attrs.frozen(slots=True)
class GiveBack:
    """Give ``resource`` to the rival of the exchange under way."""

    resource: int


@attrs.frozen(slots=True)
class GuildTake:
    """With a merchants' guild: draw a card at random from ``rival``."""

    rival: int


@attrs.frozen(slots=True)
class EndTrade:
    pass


# -- development ---------------------------------------------------------------------------
@attrs.frozen(slots=True)
class BuildRoad:
    pass


@attrs.frozen(slots=True)
class HireKnight:
    pass


@attrs.frozen(slots=True)
class FoundSettlement:
    pass


@attrs.frozen(slots=True)
class BuildCity:
    pass


@attrs.frozen(slots=True)
class BuildBuilding:
    building: int


@attrs.frozen(slots=True)
class Convert:
    """Three ``give`` for one ``get`` (another resource)."""

    give: int
    get: int


@attrs.frozen(slots=True)
class EndDevelopment:
    pass


@attrs.frozen(slots=True)
class TurnFate:
    """After a settlement: turn the fate card (``turn``) or leave it."""

    turn: bool


@attrs.frozen(slots=True)
class Discard:
    resource: int


Action = (
    Draw | Take | Reveal | TradeStack | TradeMarket | TradeRival | ChooseFromRival | GiveBack
    | GuildTake | EndTrade | BuildRoad | HireKnight | FoundSettlement | BuildCity
    | BuildBuilding | Convert | EndDevelopment | TurnFate | Discard
)
CHANCE_TYPES = (Draw, Take, Reveal)
PLAYER_TYPES = (
    TradeStack, TradeMarket, TradeRival, ChooseFromRival, GiveBack, GuildTake, EndTrade,
    BuildRoad, HireKnight, FoundSettlement, BuildCity, BuildBuilding, Convert, EndDevelopment,
    TurnFate, Discard,
)
