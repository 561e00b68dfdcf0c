"""The state of a game of base Catan (field names are stable: see docs/games/catan.md).

Per-resource counts are tuples in :data:`model.catan.data.RESOURCES` order (lumber, brick,
wool, grain, ore); per-development counts in :data:`model.catan.data.DEVELOPMENTS` order.
The board is three flat tuples over intersections and paths (ids of
:mod:`model.catan.board`), so every rule reads it by index.
"""

from enum import Enum
from typing import Final

import attrs

from rules_oracle.model.core import Config


class Stage(Enum):
    """What the next step is."""

    TERRAIN = "terrain"  # variable board: a terrain hex per hex (chance)
    TOKENS = "tokens"  # variable board: the spiral's corner or a token per hex (chance)
    HARBOURS = "harbours"  # shuffled harbours: a kind per position (chance)
    SETUP = "setup"  # set-up placements (settlement then road)
    PRE_ROLL = "pre-roll"  # the player on turn rolls (or plays a card first)
    DICE = "dice"  # the production roll (chance)
    DISCARD = "discard"  # players over 7 cards discard, one card a step
    ROBBER = "robber"  # the player on turn moves the robber and names a victim
    STEAL = "steal"  # the stolen card (chance over the victim's hand)
    MAIN = "main"  # trading and building after the roll
    DRAW = "draw"  # the bought development card (chance over the deck)
    ROAD_BUILDING = "road-building"  # free roads of a road-building card
    TRADE = "trade"  # a domestic trade in progress (see ``Offer``)
    OVER = "over"


class S:
    """The stages, as plain class attributes: a member read off the enum class itself goes
    through ``EnumType.__getattr__``'s hook (Python 3.11), about a thousand instructions a
    read, and a step reads several stages on its way (``actor``, ``legal_actions``,
    ``apply`` and the chapters' steps)."""

    TERRAIN: Final = Stage.TERRAIN
    TOKENS: Final = Stage.TOKENS
    HARBOURS: Final = Stage.HARBOURS
    SETUP: Final = Stage.SETUP
    PRE_ROLL: Final = Stage.PRE_ROLL
    DICE: Final = Stage.DICE
    DISCARD: Final = Stage.DISCARD
    ROBBER: Final = Stage.ROBBER
    STEAL: Final = Stage.STEAL
    MAIN: Final = Stage.MAIN
    DRAW: Final = Stage.DRAW
    ROAD_BUILDING: Final = Stage.ROAD_BUILDING
    TRADE: Final = Stage.TRADE
    OVER: Final = Stage.OVER


@attrs.frozen(slots=True)
class Offer:
    """A domestic trade in progress; ``give``/``get`` are seen from the player on turn.

    phase ``build``: the player on turn adds cards, proposes or withdraws; ``respond``:
    ``responder`` accepts, declines or starts a counter-offer; ``counter``: ``responder``
    builds a counter-offer (``counter_give``/``counter_get``, seen from the player on turn)
    and proposes it; ``consider``: the player on turn accepts or declines the counter;
    ``choose``: the player on turn picks one of the accepting players or withdraws.
    """

    phase: str
    give: tuple[int, ...]
    get: tuple[int, ...]
    responder: int = -1
    #: seats that accepted the offer, in the order they answered (from the player on turn)
    accepted: tuple[int, ...] = ()
    counter_give: tuple[int, ...] = (0, 0, 0, 0, 0)
    counter_get: tuple[int, ...] = (0, 0, 0, 0, 0)


@attrs.frozen(slots=False)  # without slots: copied as one dictionary (``ops.evolve``)
class Player:
    #: resource cards held
    hand: tuple[int, ...]
    #: development cards held (played ones leave the hand)
    developments: tuple[int, ...]
    #: of ``developments``, those bought this turn
    bought: tuple[int, ...]
    #: knights played
    knights: int = 0
    roads: int = 0
    settlements: int = 0
    cities: int = 0
    #: public victory points: settlements, 2 per city, 2 per special card
    vp: int = 0
    #: length of the player's longest continuous road
    road_length: int = 0


@attrs.frozen(slots=False)  # without slots: copied as one dictionary (``ops.evolve``)
class CatanState:
    config: Config
    stage: Stage
    #: terrain per hex (``data.TERRAINS`` index; -1 before the variable board is laid)
    terrain: tuple[int, ...]
    #: number token per hex (0: none: the desert, or not laid yet)
    tokens: tuple[int, ...]
    #: harbour kind per harbour position (``data.HARBOUR_KINDS`` index; -1 before laid)
    harbours: tuple[int, ...]
    robber: int
    players: tuple[Player, ...]
    #: resource cards in the bank
    bank: tuple[int, ...]
    #: development cards in the deck
    deck: tuple[int, ...]
    #: development cards played (knights, road building, year of plenty, monopoly)
    played: tuple[int, ...]
    #: owner of each intersection's building (-1: empty)
    node_owner: tuple[int, ...]
    #: 1 settlement, 2 city (0: empty)
    node_level: tuple[int, ...]
    #: owner of each path's road (-1: empty)
    path_owner: tuple[int, ...]
    #: seat of the player on turn (in set-up: of the player placing)
    turn: int = 0
    #: turns begun so far (the first turn after set-up is turn 1)
    turns: int = 0
    #: set-up: placements made (0..2n), and the settlement awaiting its road (-1: none)
    placement: int = 0
    setup_node: int = -1
    #: position in a chance sequence of the variable board
    fill: int = 0
    #: the last production roll (white, red); (0, 0) before this turn's roll
    dice: tuple[int, int] = (0, 0)
    #: a development card has been played this turn
    dev_played: bool = False
    #: something was built this turn (for the separate trade and build phases)
    built: bool = False
    trades: int = 0
    offers: int = 0
    #: free roads left of a road-building card
    free_roads: int = 0
    #: cards each player still has to discard
    discards: tuple[int, ...] = ()
    #: the robber's victim awaiting the steal (-1: none)
    victim: int = -1
    #: holders of the longest road and largest army (-1: nobody)
    longest: int = -1
    army: int = -1
    offer: Offer | None = None
    winner: int = -1


def after_roll_or_card(state: CatanState) -> Stage:
    """Where play resumes after the robber or a card: before or after this turn's roll."""
    return S.MAIN if state.dice != (0, 0) else S.PRE_ROLL
