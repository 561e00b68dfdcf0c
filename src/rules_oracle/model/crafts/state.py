"""The state of a crafts game: count vectors indexed by card kind and resource.

Field names are stable (the Z3 encoding and foreign implementations read them):

* ``round`` 1..4; ``phase`` a :class:`Stage`; ``turn`` the player
  whose choice is pending (meaningful in player phases); ``first`` the first
  player of the round (-1 before the round-1 draw).
* per player (tuples of length ``players``): ``scores`` (track position),
  ``best`` (furthest position reached, for crafts/track-repeat=once),
  ``coins``, ``boards`` (resource counts, 9 per player), ``hands`` and
  ``table`` (card counts, 16 per player), ``committed`` (card kind revealed
  this step or -1), ``passed`` (market: passed; play: stopped for the round;
  round end: done), ``exchanges`` (market exchanges made this round, a redraw
  counts as one), ``declined`` (cards revealed and declined this round),
  ``owed`` (cards still to draw).
* card piles (16 counts each): ``deck``, ``discard``, ``market``;
  ``to_market`` market cards still to draw.
* ``bank`` pebbles in the bank.
* ``task`` a pending effect (``TASK_*``), ``task_player`` and ``task_count``.
* ``stopped`` the seats (bit ``i``: seat ``i``) that stopped in the commit step under way:
  their stop is one of the step's simultaneous choices, hidden from the others until every
  seat has chosen (0 outside a commit step).
"""

from enum import IntEnum

import attrs

from rules_oracle.model.core.game import Config


class Stage(IntEnum):
    """What the next step is; its number is the canonical ``phase`` (states, traces and the
    Z3 encoding's projection read the number)."""

    DEAL = 0  # round start: cards owed are drawn (chance)
    FIRST = 1  # round 1: the first player is drawn (chance)
    MARKET = 2
    COMMIT = 3  # play: players commit a card face down or stop
    RESOLVE = 4  # play: revealed cards resolve
    END = 5  # round end: discards and sales
    OVER = 6


TASK_NONE = 0
TASK_MAGE = 1  # task_player discards task_count more cards
TASK_SCOUT = 2  # chance: a random card leaves task_player's hand (to turn's hand)


# dict-backed, not slotted: a step's copy of the state is one copy of its dictionary
# of fields (model.core.ops.evolve), not a slot set per field
@attrs.frozen(slots=False)
class CraftsState:
    config: Config
    round: int
    phase: Stage
    turn: int
    first: int
    scores: tuple[int, ...]
    best: tuple[int, ...]
    coins: tuple[int, ...]
    boards: tuple[tuple[int, ...], ...]
    bank: int
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    market: tuple[int, ...]
    to_market: int
    hands: tuple[tuple[int, ...], ...]
    table: tuple[tuple[int, ...], ...]
    committed: tuple[int, ...]
    passed: tuple[bool, ...]
    exchanges: tuple[int, ...]
    declined: tuple[int, ...]
    owed: tuple[int, ...]
    task: int = TASK_NONE
    task_player: int = -1
    task_count: int = 0
    stopped: int = 0
