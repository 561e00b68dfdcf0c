"""The state of a game of The Castles of Burgundy (field names are stable: see docs)."""

from enum import Enum

import attrs

from rules_oracle.model.core import Config


class Stage(Enum):
    """What the next step is."""

    GOODS = "goods"  # drawing the phase's 5 goods at its start (chance)
    START_GOODS = "start-goods"  # drawing 3 goods per player (chance)
    FIRST = "first-player"  # choosing the first player (chance)
    BOARDS = "boards"  # advanced set-up: dealing the estate boards (chance)
    CASTLES = "castles"  # advanced set-up: choosing the starting castles (players)
    FILL = "fill"  # filling the depots at a phase's start (chance)
    ROLL = "roll"  # rolling the round's dice (chance)
    PLAY = "play"  # players' turns
    OVER = "over"  # the game has ended


@attrs.frozen(slots=True)
class Pending:
    """An effect of a placed tile still waiting for its owner's choice.

    kinds: ``castle`` (one action with a die of any value), ``warehouse`` (sell a kind),
    ``carpenter``/``church``/``market`` (take a tile of the right colour from a numbered
    depot), ``city-hall`` (may place one more stored tile), ``ship`` (choose a depot, or the
    first of two neighbouring depots with knowledge 5), ``ship-goods`` (choose which new
    goods kinds to take from depot ``arg``, or depots ``arg`` and its neighbour when
    ``pair``).
    """

    kind: str
    arg: int = 0
    pair: bool = False


# dict-backed, not slotted: a step's copy of a player (14 fields) is one copy of its
# dictionary of fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class Player:
    #: 37 estate spaces, "" when empty (tile names otherwise)
    estate: tuple[str, ...]
    #: stored hex tiles (at most 3), sorted by name
    storage: tuple[str, ...]
    #: goods held, count per kind (die value 1..6 at index 0..5)
    goods: tuple[int, ...]
    #: goods sold, count per kind
    sold: tuple[int, ...]
    silver: int
    workers: int
    vp: int
    #: this round's two dice; 0 once used
    dice: tuple[int, int]
    #: knowledge tile numbers in the estate, sorted
    knowledge: tuple[int, ...]
    #: bonus tiles won, e.g. "mine:large", in the order won
    bonus_tiles: tuple[str, ...]
    #: turn-order track: space (0 = first) and height in the stack (higher = on top)
    track_space: int
    track_height: int
    #: estate board number (1 in the basic game; 2-9 dealt in the advanced set-up)
    board: int = 1
    #: the starting castle's space (-1 while not chosen in the advanced set-up; with the
    #: secret choice it holds the hidden commit until every player has chosen)
    start: int = 18


# dict-backed, not slotted: a step's copy of the state is one copy of its dictionary
# of fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class BurgundyState:
    config: Config
    stage: Stage
    players: tuple[Player, ...]
    #: face-down hex stacks: per back colour, counts aligned with ``data.BACK_KINDS``
    supply: tuple[tuple[int, ...], ...]
    #: numbered depots 1..6 (index 0..5): hex tiles on them, sorted
    depots: tuple[tuple[str, ...], ...]
    #: the black depot's hex tiles, sorted
    black: tuple[str, ...]
    #: goods on each numbered depot's goods space: count per kind
    depot_goods: tuple[tuple[int, ...], ...]
    #: goods still face down, count per kind: the stacks of the phases to come and the
    #: reserve, which the table cannot tell apart; a phase's goods are drawn from them at
    #: its start, and at the end they are the boxed reserve
    goods_pool: tuple[int, ...]
    #: the phase goods drawn so far (face up on the round spaces): index phase * 5 + round
    goods_stacks: tuple[int, ...]
    #: how many of ``goods_stacks`` have gone to depots
    goods_next: int
    #: hex tiles in the box (discarded, cleared at a phase start): per ``data.TILES``
    box: tuple[int, ...]
    #: per colour (``data.COLOURS``): bonus tiles already taken (0, 1 or 2)
    bonuses: tuple[int, ...]
    #: seat of the first player chosen at set-up (-1 before)
    first: int = -1
    phase: int = 0
    round: int = 0
    #: position in the phase's fill plan (stage FILL) or in the set-up draws
    fill: int = 0
    #: dice rolled so far this round (stage ROLL)
    roll: int = 0
    white: int = 0
    #: this round's turn order (seats)
    order: tuple[int, ...] = ()
    #: index into ``order`` of the player whose turn it is
    turn: int = 0
    #: whether the player on turn has made this turn's purchase
    bought: bool = False
    #: effects waiting for a choice, innermost last
    pending: tuple[Pending, ...] = ()


@attrs.frozen(slots=True)
class Mods:
    """What a player's knowledge tiles change in the other chapters' rules (computed by
    ``knowledge.mods``; the game module hands it to the chapter that applies it), with the
    rule that then governs each choice."""

    any_building: bool  # a city may hold any buildings
    mine_workers: int  # workers per mine at a phase's end
    sell_silver: int  # silver per sale
    sell_workers: int  # workers per sale
    ship_firsts: tuple[int, ...]  # the depots (or first of two) a ship may empty
    ship_pair: bool  # a ship empties two neighbouring depots
    ship_rule: str
    buy_depots: tuple[int, ...]  # the depots a purchase may come from (0: black)
    animal_extra: int  # VP per animal tile scored on top of its animals
    worker_steps: tuple[int, ...]  # a worker's changes of a die
    worker_bounded: bool  # a step of 2 may not pass 6 or 1
    worker_rule: str
    shift_colours: frozenset[str]  # colours placed with a die shifted by 1 for free
    take_near: bool  # a take may use a depot one off the die
    take_rule: str
    take_workers: int  # workers of the take-workers action
    take_workers_silver: int  # silver of the take-workers action
