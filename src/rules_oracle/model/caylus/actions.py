"""Actions of Caylus 1303: chance outcomes and player choices (one choice each).

Ids: ``space`` a road space (0-27), ``kind`` a ``data.KINDS`` index, ``character`` a
``data.CHARACTERS`` index, ``resource`` a ``data.RESOURCES`` index, ``slot`` a
construction-site slot (0-2).
"""

import attrs


# -- chance ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class DrawTile:
    """Set-up: the building kind drawn for the next slot (from the remaining tiles)."""

    kind: int


@attrs.frozen(slots=True)
class FirstPlayer:
    """Set-up: the first player."""

    seat: int


@attrs.frozen(slots=True)
class DrawCharacter:
    """Set-up: a character drawn from the remaining ones."""

    character: int


# -- choices ---------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class TakeCharacter:
    """The draft, or a favour's board character."""

    character: int


@attrs.frozen(slots=True)
class PlaceWorker:
    """Planning: a worker on the building at ``space``."""

    space: int


@attrs.frozen(slots=True)
class PlaceOnSite:
    """Planning: a worker on the leftmost free construction-site space."""


@attrs.frozen(slots=True)
class Pass:
    """Planning: pass (a house on the bridge)."""


@attrs.frozen(slots=True)
class Use:
    """A building's effect: ``option`` 0 its first, 1 its second ('ИЛИ') option;
    ``resource`` and ``other`` the resources chosen where it takes a choice (-1: none)."""

    option: int = 0
    resource: int = -1
    other: int = -1


@attrs.frozen(slots=True)
class Build:
    """Carpenter or stonemason: build ``kind``, paying ``extra`` for its 'any' icon (-1:
    none)."""

    kind: int
    extra: int = -1


@attrs.frozen(slots=True)
class Claim:
    """Lawyer: put one's house on the starting tile at ``space``."""

    space: int


@attrs.frozen(slots=True)
class MoveProvost:
    """Move the provost ``steps`` (negative: back): the toll's choice (1 or 2 steps either
    way), or one step bought at the bridge, or the bailiff's free step."""

    steps: int


@attrs.frozen(slots=True)
class Decline:
    """Decline the pending option (an effect, a provost move, a character, a prestige
    building, the early riser's placement) or end one's delivery."""


@attrs.frozen(slots=True)
class StealCharacter:
    """Favour: take ``character`` from the player holding it."""

    character: int


@attrs.frozen(slots=True)
class UseSite:
    """Favour: use the construction-site building in ``slot``."""

    slot: int


@attrs.frozen(slots=True)
class Deliver:
    """Delivery: one bundle, counts per resource."""

    bundle: tuple[int, ...]


@attrs.frozen(slots=True)
class BuildPrestige:
    """Stewardship: replace the residence being considered by prestige building ``kind``."""

    kind: int


CHANCE_TYPES = (DrawTile, FirstPlayer, DrawCharacter)
PLAYER_TYPES = (TakeCharacter, PlaceWorker, PlaceOnSite, Pass, Use, Build, Claim, MoveProvost,
                Decline, StealCharacter, UseSite, Deliver, BuildPrestige)
Action = (DrawTile | FirstPlayer | DrawCharacter | TakeCharacter | PlaceWorker | PlaceOnSite
          | Pass | Use | Build | Claim | MoveProvost | Decline | StealCharacter | UseSite
          | Deliver | BuildPrestige)
