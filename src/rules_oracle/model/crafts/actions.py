"""Actions of the crafts game: one choice each. Class names are the JSON tags."""

import attrs


# -- chance outcomes ---------------------------------------------------------------
@attrs.frozen(slots=True)
class Draw:
    """Chance: the card kind drawn from the deck (from the discard when the deck is empty)."""

    card: int


@attrs.frozen(slots=True)
class FirstPlayer:
    """Chance: the first player of round 1."""

    player: int


@attrs.frozen(slots=True)
class ScoutPick:
    """Chance: the card kind a Scouting takes at random from its target's hand."""

    card: int


# -- market ------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Exchange:
    """Give hand card kind ``give`` for market card kind ``take``."""

    give: int
    take: int


@attrs.frozen(slots=True)
class Redraw:
    """Instead of the first free exchange: discard the hand, draw 5."""


@attrs.frozen(slots=True)
class Pass:
    """End one's market for the round."""


# -- play: commit ------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Commit:
    """Lay hand card kind ``card`` face down for this step."""

    card: int


@attrs.frozen(slots=True)
class Stop:
    """Stop playing cards this round."""


# -- play: resolve (and round end for Sell) ----------------------------------------------
@attrs.frozen(slots=True)
class Buy:
    resource: int


@attrs.frozen(slots=True)
class Sell:
    resource: int


@attrs.frozen(slots=True)
class Apply:
    """Apply the revealed card (converters, producers, Mage tower, Fair)."""


@attrs.frozen(slots=True)
class Knight:
    """Apply a Castle, setting ``target``'s marker back."""

    target: int


@attrs.frozen(slots=True)
class Scout:
    """Apply Scouting on ``target``'s hand."""

    target: int


@attrs.frozen(slots=True)
class Rebuild:
    """Apply Reconstruction, returning card kind ``card`` from one's table to hand."""

    card: int


@attrs.frozen(slots=True)
class Steal:
    """Apply Theft: move one ``resource`` pebble from ``victim``'s board."""

    victim: int
    resource: int


@attrs.frozen(slots=True)
class Decline:
    """Discard the revealed card and go on playing."""


@attrs.frozen(slots=True)
class Withdraw:
    """Take the revealed card back to hand and stop for the round."""


@attrs.frozen(slots=True)
class MageDiscard:
    """After a Mage: discard hand card kind ``card``."""

    card: int


# -- round end -----------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Discard:
    """Round end: discard hand card kind ``card``."""

    card: int


@attrs.frozen(slots=True)
class Done:
    """Round end: finished discarding and selling."""


Action = (
    Draw | FirstPlayer | ScoutPick | Exchange | Redraw | Pass | Commit | Stop | Buy | Sell
    | Apply | Knight | Scout | Rebuild | Steal | Decline | Withdraw | MageDiscard | Discard
    | Done
)
ACTION_TYPES: tuple[type, ...] = (
    Draw, FirstPlayer, ScoutPick, Exchange, Redraw, Pass, Commit, Stop, Buy, Sell, Apply,
    Knight, Scout, Rebuild, Steal, Decline, Withdraw, MageDiscard, Discard, Done,
)
