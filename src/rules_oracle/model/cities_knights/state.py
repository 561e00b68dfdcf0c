"""The state of a game of Cities & Knights (field names are stable: see
docs/games/cities_knights.md).

Per-card counts are tuples over :data:`model.cities_knights.data.CARDS` (5 resources, then
cloth, coin, paper); per-progress counts over ``data.PROGRESS_NAMES``. The board is base
Catan's (:mod:`model.catan.board` ids) with knights, walls and metropolises per
intersection.
"""

from enum import Enum

import attrs

from rules_oracle.model.catan.state import Offer
from rules_oracle.model.core import Config


class Stage(Enum):
    """What the next step is."""

    BOARD = "board"  # the variable board laid: terrain hexes, then the tokens (chance)
    SETUP = "setup"  # set-up placements (settlement + road, then city + road)
    PRE_ROLL = "pre-roll"  # roll, or play the Alchemist
    DICE = "dice"  # white and red dice (chance)
    EVENT = "event"  # the event die (chance)
    DRAWS = "draws"  # progress draws in order (chance, or a tied defender picks a colour)
    PROGRESS_DISCARD = "progress-discard"  # a player over the progress hand limit discards
    REDUCE = "reduce"  # losers of a barbarian attack each reduce a city
    DISCARD = "discard"  # players over their limit discard (a 7 or the Saboteur)
    ROBBER = "robber"  # the robber moves and a victim is named
    STEAL = "steal"  # stolen card(s) (chance over a victim's hand)
    AQUEDUCT = "aqueduct"  # players with the aqueduct whom the roll gave nothing pick a card
    MAIN = "main"  # building, knights, improvements, trade, progress cards
    CARD = "card"  # the steps of a progress card being played (``Pending``)
    KNIGHT = "knight"  # the target of a knight's move or displacement
    DISPLACED = "displaced"  # the owner of a displaced knight re-places it
    METROPOLIS = "metropolis"  # the city taking a metropolis
    TRADE = "trade"  # a domestic trade in progress (base Catan's ``Offer``, 8 cards a side)
    END = "end"  # the player ending his turn discards progress cards down to 4
    OVER = "over"


@attrs.frozen(slots=True)
class Pending:
    """A progress card being played: ``card`` (progress index), ``step`` of its effect
    (0 first choice, 1 second, 2 third), ``target`` (a chosen seat, hex or die value, or 1
    when a Deserter's knight comes active; -1: none), ``left`` (choices left: cards to take
    or give, roads, promotions, or the level of a knight to place) and ``queue`` (seats still
    to act, in order; the Diplomat's: the paths of one's own roads it removed)."""

    card: int
    step: int = 0
    target: int = -1
    left: int = 0
    queue: tuple[int, ...] = ()


# dict-backed, not slotted: a step's copy of a player is one copy of its dictionary of
# fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class Player:
    #: resource and commodity cards held
    hand: tuple[int, ...]
    #: progress cards held (never Printer or Constitution: those lie face up)
    progress: tuple[int, ...]
    #: Printer and Constitution cards face up
    vp_cards: int = 0
    #: Defender of Catan cards
    defenders: int = 0
    #: improvement levels (trade, politics, science)
    levels: tuple[int, int, int] = (0, 0, 0)
    roads: int = 0
    settlements: int = 0
    cities: int = 0
    walls: int = 0
    #: knights on the board per level (basic, strong, mighty)
    knights: tuple[int, int, int] = (0, 0, 0)
    #: victory points, recomputed from scratch after every step
    vp: int = 0
    #: length of the player's longest continuous road
    road_length: int = 0


# dict-backed, not slotted: a step copies the state with a field or two changed, and a
# dictionary of some fifty fields is copied whole at once (model.core.ops.evolve), where
# slots are set one by one
@attrs.frozen(slots=False)
class CKState:
    config: Config
    stage: Stage
    terrain: tuple[int, ...]
    #: number token per hex (0: none); the Inventor swaps them
    tokens: tuple[int, ...]
    harbours: tuple[int, ...]
    robber: int
    players: tuple[Player, ...]
    #: resource and commodity cards in the bank
    bank: tuple[int, ...]
    #: progress cards in the three decks (one count per kind; a kind's colour is its deck)
    deck: tuple[int, ...]
    #: progress cards played or discarded and set aside, per kind (reading
    #: ``progress-return=set-aside``; under the default they go under their deck: ``under``)
    spent: tuple[int, ...]
    #: owner of each intersection's building (-1: none), 1 settlement / 2 city
    node_owner: tuple[int, ...]
    node_level: tuple[int, ...]
    #: a city wall on each intersection
    walls: tuple[bool, ...]
    #: the intersection of each metropolis (trade, politics, science; -1: not placed)
    metropolis: tuple[int, int, int]
    #: knights per intersection: owner (-1: none), level (0: none), active
    knight_owner: tuple[int, ...]
    knight_level: tuple[int, ...]
    knight_active: tuple[bool, ...]
    #: per intersection: 1 the knight there was activated this turn, 2 promoted this turn,
    #: 4 placed this turn, 8 activated this turn by the Warlord under warlord=may-act
    knight_marks: tuple[int, ...]
    path_owner: tuple[int, ...]
    #: per colour (trade, politics, science): the progress cards played or discarded and
    #: put face down under that deck, first drawn first, once the cards above are drawn
    under: tuple[tuple[int, ...], ...] = ((), (), ())
    #: the merchant's hex and its holder (-1: not placed)
    merchant: int = -1
    merchant_owner: int = -1
    #: barbarian ship's position (0..data.TRACK) and whether an attack has happened
    barbarians: int = 0
    attacked: bool = False
    defenders_left: int = 6
    turn: int = 0
    turns: int = 0
    placement: int = 0
    setup_node: int = -1
    #: this turn's production dice (white, red), (0, 0) before; event face (-1 before)
    dice: tuple[int, int] = (0, 0)
    event: int = -1
    trades: int = 0
    #: domestic offers opened this turn, and the one in progress (stage trade)
    offers: int = 0
    offer: Offer | None = None
    #: Merchant Fleet: the cards tradable 2:1 this turn (each Fleet's card till the turn
    #: ends)
    fleet: tuple[int, ...] = ()
    #: the Crane this turn: 0 none played, 1 played and not yet used, 2 its discount used
    crane: int = 0
    #: Commercial Harbor: the rivals who gave the player on turn a commodity for a resource
    #: this turn, in the order they did (reading commercial-harbor-once)
    harboured: tuple[int, ...] = ()
    #: Commercial Harbor under ``harbor-time=any-time``: the pending harbor credit, the
    #: rivals the player on turn may still force this turn, in the order he forces them
    #: (reading commercial-harbor-at-once)
    harbor: tuple[int, ...] = ()
    #: reading ``progress-play=one`` only: a progress card was played this turn, and the
    #: progress cards (kinds) the player on turn gained this turn
    played: bool = False
    fresh: tuple[int, ...] = ()
    #: cards each player still discards (a 7 or the Saboteur)
    discards: tuple[int, ...] = ()
    #: players still to be robbed (the first is robbed next)
    victims: tuple[int, ...] = ()
    #: progress draws pending: (seat, colour; -1: the seat picks the colour)
    draws: tuple[tuple[int, int], ...] = ()
    #: seats still to reduce a city (barbarians) or to take an aqueduct card
    queue: tuple[int, ...] = ()
    #: the metropolis kind being placed (-1: none)
    metro_kind: int = -1
    #: the knight moving (stage knight) or chasing the robber (stage robber), or the
    #: intersection the displaced knight was taken from, by an Intrigue or a displacing
    #: knight (stage displaced; no place for it, and under displaced=network the start of
    #: the roads it may go along)
    knight_node: int = -1
    #: a displaced knight: owner, level, active
    displaced: tuple[int, int, bool] = (-1, 0, False)
    #: the progress card being played
    pending: Pending | None = None
    longest: int = -1
    winner: int = -1
