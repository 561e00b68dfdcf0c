"""The state of a game of the Catan quick card game (field names: docs/games/catan_cards.md).

Per-resource counts are tuples in :data:`model.catan_cards.data.RESOURCES` order (clay,
lumber, ore, wool, grain); per-building counts in ``data.BUILDINGS`` order; per-event
counts in ``data.EVENTS`` order. Roads and knights lie A, B, A, B... so a pile is its size:
its k-th card lies A side up when k is odd.
"""

from enum import Enum

import attrs

from rules_oracle.model.core import Config


class Stage(Enum):
    """What the next step is."""

    DRAW = "draw"  # a resource card from the stack to ``drawing[0]`` (chance)
    TRADE = "trade"  # the player on turn exchanges or ends trading
    CHOOSE = "choose"  # with the library: the player on turn sees ``rival``'s hand, picks a card
    RIVAL_DRAW = "rival-draw"  # the card drawn from ``rival``'s hand in an exchange (chance)
    GIVE_BACK = "give-back"  # the player on turn gives ``rival`` a card back
    GUILD_DRAW = "guild-draw"  # the card the merchants' guild takes from ``rival`` (chance)
    DEVELOP = "develop"  # the player on turn builds, converts or ends development
    FATE = "fate"  # after a settlement: its founder turns the fate card or not
    EVENT = "event"  # a new city's event (chance over the unseen city sides)
    DISCARD = "discard"  # a robber raid: players over 7 cards discard, one card a step
    OVER = "over"


# dict-backed, not slotted: a step's copy of a player is one copy of its dictionary of
# fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class Player:
    #: resource cards held (hidden from the others)
    hand: tuple[int, ...]
    #: road and knight cards in the player's piles
    roads: int = 1
    knights: int = 0
    #: settlement cards (settlement side up), cities without a building
    settlements: int = 1
    cities: int = 0
    #: buildings on his cities, per kind (0 or 1 each)
    buildings: tuple[int, ...] = (0, 0, 0, 0, 0)
    #: points: settlements, cities, buildings, roads and knights
    vp: int = 1


# dict-backed, not slotted: a step's copy of the state is one copy of its dictionary
# of fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class CardsState:
    config: Config
    stage: Stage
    players: tuple[Player, ...]
    #: the face-down resource stack, the open market, the open discard pile
    stack: tuple[int, ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    #: cards left in the road, knight and settlement/city stacks
    road_stack: int
    knight_stack: int
    settlement_stack: int
    #: the open building stack, per kind
    building_stack: tuple[int, ...]
    #: city events on the settlement/city cards not yet turned (stack and settlements),
    #: and those revealed by cities, per event
    unseen_events: tuple[int, ...]
    revealed_events: tuple[int, ...]
    #: the fate card's side (data.WHITE, data.OTHER); -1 when it is not in play
    fate: int
    #: seats still owed a card from the stack, in order (-1: the market, at set-up)
    drawing: tuple[int, ...] = ()
    #: the stage after the draws (TRADE, DEVELOP; OVER standing for the end of the turn)
    resume: Stage = Stage.TRADE
    turn: int = 0
    #: turns begun (the first turn is turn 1; 0 during the deal)
    turns: int = 0
    #: exchanges made this turn
    exchanges: int = 0
    #: rivals exchanged with this turn (sorted), for the library's choice
    traded_with: tuple[int, ...] = ()
    guild_used: bool = False
    #: developments paid for this turn, per ``data.DEVELOPMENTS`` kind (0 or 1; buildings
    #: up to one per building kind under catan_cards/building-once=name)
    built: tuple[int, ...] = (0, 0, 0, 0, 0)
    #: the rival of the exchange or guild draw under way (-1: none)
    rival: int = -1
    #: cards drawn from the rival in the exchange under way and not yet given back, and
    #: whether giving them back has begun (no more draws then; catan_cards/exchange-steps)
    owed_back: int = 0
    giving_back: bool = False
    #: cards each seat still discards in a robber raid (empty: none)
    discards: tuple[int, ...] = ()
    winner: int = -1
