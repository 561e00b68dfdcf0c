"""The state of a game of Caylus 1303 (field names are stable: see docs/games/caylus.md).

Per-resource counts are tuples in :data:`model.caylus.data.RESOURCES` order (food, wood,
stone, fabric, gold). The road is flat tuples over its spaces 0-27: the building kind of
each space (``data.KINDS`` index, -1 empty), its side, the owner whose house stands on it and
the workers on it. The provost stands after road space ``provost``: spaces up to it activate.
"""

from enum import Enum

import attrs

from rules_oracle.model.core import Config


class Stage(Enum):
    """What the next step is."""

    TILES = "tiles"  # the starting tiles (9 chance steps)
    WOOD = "wood"  # the wood buildings: site slot 2, then the road (chance)
    STONE = "stone"  # the stone buildings: site slot 3, then the road (chance)
    FIRST = "first"  # the first player (chance)
    CHARACTERS = "characters"  # players + 3 characters drawn (chance)
    DRAFT = "draft"  # each player takes a character, last player first, counter-clockwise
    EARLY = "early"  # the early riser's placement before the first player
    PLANNING = "planning"
    ACTIVATION = "activation"  # a worker's owner chooses an effect
    BRIDGE = "bridge"  # players in pass order move the provost
    BAILIFF = "bailiff"  # the bailiff's free step
    DELIVERY = "delivery"  # the player delivering chooses bundles
    PRESTIGE = "prestige"  # a residence's owner may build a prestige building
    OVER = "over"

    #: a member is its own identity (as Enum's equality says): hashed by the built-in
    #: object hash, not by Enum's hash of the member's name written in Python (the stage
    #: is looked up in sets and tables several times a step)
    __hash__ = object.__hash__


class FavourStep(Enum):
    """Where a favour stands."""

    CHOOSE = "choose"  # steal a character or use a construction-site building
    EFFECT = "effect"  # the site building's effect
    TAKE = "take"  # take a board character (or not)


@attrs.frozen(slots=True)
class Favour:
    """A favour being granted to ``seat``; ``slot`` the site building used (-1: none yet)."""

    seat: int
    step: FavourStep
    slot: int = -1


@attrs.frozen(slots=True)
class Player:
    #: workers in hand (the reserve) and in the camp
    workers: int
    camp: int
    resources: tuple[int, ...]
    #: houses in stock (not on a building nor on the bridge)
    houses: int
    #: prestige points (kept face down)
    prestige: int = 0


# dict-backed, not slotted: a step's copy of the state is one copy of its dictionary
# of fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class CaylusState:
    config: Config
    stage: Stage
    players: tuple[Player, ...]
    #: per road space: building kind (-1 empty), side (0 starting/set-up, 1 residence/
    #: construction), owner's seat (-1: no house), first and second worker's seat (-1: none)
    road: tuple[int, ...]
    side: tuple[int, ...]
    owner: tuple[int, ...]
    first_worker: tuple[int, ...]
    second_worker: tuple[int, ...]
    #: the construction site's three set-up buildings (kinds; -1 before drawn)
    site: tuple[int, int, int]
    #: seats of the workers on the construction site, left to right
    site_workers: tuple[int, ...] = ()
    #: wood and stone buildings beside the board, per kind (1 or 0)
    wood_supply: tuple[int, ...] = (1,) * 9
    stone_supply: tuple[int, ...] = (1,) * 9
    prestige_supply: tuple[int, ...] = (1,) * 7
    #: starting tiles left to draw, per starting kind
    start_tiles: tuple[int, ...] = (2, 1, 1, 2, 1, 1, 1)
    #: per character: a seat, -1 on the board, -2 in the box; drawn is the set-up draw
    characters: tuple[int, ...] = (-2,) * 12
    drawn: tuple[int, ...] = ()
    provost: int = 12
    round: int = 1
    first_player: int = 0
    #: the seat to act in planning, the draft or delivery (by stage)
    turn: int = 0
    #: seats in pass order (their houses on the bridge)
    bridge: tuple[int, ...] = ()
    #: the journeyman's second placement used this round
    journeyman_used: bool = False
    #: activation: the road space and worker (0 first, 1 second) now activating; the bridge
    #: stage: index into ``bridge``; the prestige stage: the road space
    cursor: int = 0
    slot: int = 0
    #: the bridge stage: steps the player moving the provost has bought (negative: back)
    provost_steps: int = 0
    #: delivery: seats in delivery order, the index of the one delivering, bundles this round
    delivery_order: tuple[int, ...] = ()
    delivered: tuple[int, ...] = ()
    goldsmith_used: bool = False
    #: a favour being granted (interrupts the stage)
    favour: Favour | None = None
    #: set-up chance position
    fill: int = 0
