"""What a viewer of a game of Caylus 1303 may see: the public view and each player's view.

Hidden under the rules: each player's prestige points ("полученные вами жетоны очков
престижа храните лицевой стороной вниз"); his own view shows them, and at the end
every player's are turned over. Workers and resources
are open ("Количество рабочих и ресурсов игроков — открытая информация"), and so is
everything on the board: the road, the construction site, the bridge, the supply of
buildings, the characters in play. The characters returned to the box are not shown (only
those drawn at set-up are in play).

Road spaces 0-27, building kinds, characters and resources are the ids of
``docs/games/caylus.md``.
"""

import attrs

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.state import CaylusState, Favour, Player, Stage
from rules_oracle.model.core import ops
from rules_oracle.model.core.game import CHANCE, Viewer, viewer_seat
from rules_oracle.model.core.ops import by_identity


@attrs.frozen(slots=True)
class Seat:
    """What every player sees of one player."""

    workers_in_hand: int
    workers_in_camp: int
    #: per resource (food, wood, stone, fabric, gold)
    resources: tuple[int, ...]
    houses_in_stock: int
    #: the characters in front of him
    characters: tuple[int, ...]
    passed: bool


# dict-backed, not slotted: a step builds a view of some thirty fields, and attrs' init
# stores each in the instance's dictionary where a slotted class calls a setter per field
@attrs.frozen(slots=False)
class PublicView:
    """What every player sees (prestige points are face down: not here).

    ``stage``: tiles, wood, stone, first, characters (set-up chance), draft, early,
    planning, activation, bridge, bailiff, delivery, prestige, over. ``to_act``: the seat
    whose choice is pending, -1 when the next step is chance or the game is over.
    """

    players: int
    stage: Stage
    round: int
    to_act: int
    first_player: int
    #: the road space after which the provost stands (spaces up to it activate), and the
    #: steps bought by the player now moving it at the bridge (negative: back)
    provost: int
    provost_steps_bought: int
    #: per road space: building kind (-1 empty), side (0 starting/set-up, 1 residence/
    #: construction), owner (-1 none), first and second worker (-1 none)
    road_building: tuple[int, ...]
    road_side: tuple[int, ...]
    road_owner: tuple[int, ...]
    road_first_worker: tuple[int, ...]
    road_second_worker: tuple[int, ...]
    #: the construction site's three set-up buildings and its workers, left to right
    site_buildings: tuple[int, ...]
    site_workers: tuple[int, ...]
    #: seats in the order they passed (their houses on the Guilds Bridge)
    bridge_order: tuple[int, ...]
    #: wood, stone and prestige buildings left beside the board, per kind
    wood_supply: tuple[int, ...]
    stone_supply: tuple[int, ...]
    prestige_supply: tuple[int, ...]
    #: characters drawn at set-up, and those on the board now
    characters_in_play: tuple[int, ...]
    characters_on_board: tuple[int, ...]
    journeyman_used: bool
    goldsmith_used: bool
    #: activation: the road space activating (stewardship: the residence whose owner is
    #: offered a prestige building, or during the theatre's favour the space after it; -1
    #: in other stages); delivery: seats in delivery order and the index of the one
    #: delivering; bundles delivered this round per seat
    activating_space: int
    delivery_order: tuple[int, ...]
    delivering: int
    bundles_delivered: tuple[int, ...]
    #: the favour being granted, if any
    favour: Favour | None
    seats: tuple[Seat, ...]
    #: at the end the prestige tokens are turned over: each seat's points, and the winners
    #: (both empty before)
    revealed_prestige: tuple[int, ...]
    winners: tuple[int, ...]


@attrs.frozen(slots=True)
class PlayerView:
    """What player ``viewer`` sees: the public view plus his own prestige points."""

    viewer: int
    public: PublicView
    prestige_points: int


OBSERVATION_TYPES: tuple[type, ...] = (PublicView, PlayerView)
#: the stages whose ``cursor`` is a road space the view shows (the building activating, the
#: residence on offer)
_CURSOR_ON_ROAD = frozenset({Stage.ACTIVATION, Stage.PRESTIGE})


#: seats a game has at most
_SEATS_MAX = 5


#: no bundles delivered, per number of seats (one tuple each, shared by the views)
_NONE_DELIVERED = tuple((0,) * n for n in range(_SEATS_MAX + 1))


@by_identity
def _held(characters: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per seat 0-4 the characters in front of him, then (last) those on the board."""
    return (*(tuple(c for c, h in enumerate(characters) if h == p) for p in range(_SEATS_MAX)),
            tuple(c for c, h in enumerate(characters) if h == D.BOARD))


@by_identity
def _sorted(drawn: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(drawn))


#: (id of the player, id of his characters, passed) -> (the player, his characters, his
#: seat): a seat is remembered while its parts are the same objects, so successive views
#: share it and its remembered text
_SEATS: dict[tuple[int, int, bool], tuple[Player, tuple[int, ...], Seat]] = {}


def _seat(pl: Player, characters: tuple[int, ...], passed: bool) -> Seat:
    key = (id(pl), id(characters), passed)
    known = _SEATS.get(key)
    if known is not None and known[0] is pl and known[1] is characters:
        return known[2]
    if len(_SEATS) >= ops.IDENTITY_ENTRIES:
        _SEATS.clear()
    seat = Seat(workers_in_hand=pl.workers, workers_in_camp=pl.camp, resources=pl.resources,
                houses_in_stock=pl.houses, characters=characters, passed=passed)
    _SEATS[key] = (pl, characters, seat)
    return seat


#: the seats of the last view built and the parts they were built from (the players, the
#: characters held per seat, the bridge): a step that moves none of these (a provost's
#: step, a building activating for nobody's resources) gives the next view the very
#: tuple, whose text the view's writer then takes as it is
_SEATS_LAST: tuple[object, object, object, tuple[Seat, ...]] = (None, None, None, ())


def _seats(players: tuple[Player, ...], held: tuple[tuple[int, ...], ...],
           bridge: tuple[int, ...]) -> tuple[Seat, ...]:
    """Every seat's view, in seat order."""
    global _SEATS_LAST
    last = _SEATS_LAST
    if last[0] is players and last[1] is held and last[2] is bridge:
        return last[3]
    seats = tuple(_seat(pl, held[p], p in bridge) for p, pl in enumerate(players))
    _SEATS_LAST = (players, held, bridge, seats)
    return seats


def public_view(s: CaylusState) -> PublicView:
    from rules_oracle.model.caylus.game import GAME

    who = GAME.actor(s)
    n = s.config.players
    held = _held(s.characters)
    seats = _seats(s.players, held, s.bridge)
    return PublicView(
        players=n, stage=s.stage, round=s.round, to_act=who if who >= 0 else CHANCE,
        first_player=s.first_player, provost=s.provost,
        provost_steps_bought=s.provost_steps, road_building=s.road,
        road_side=s.side, road_owner=s.owner, road_first_worker=s.first_worker,
        road_second_worker=s.second_worker, site_buildings=s.site,
        site_workers=s.site_workers, bridge_order=s.bridge, wood_supply=s.wood_supply,
        stone_supply=s.stone_supply, prestige_supply=s.prestige_supply,
        characters_in_play=_sorted(s.drawn), characters_on_board=held[-1],
        journeyman_used=s.journeyman_used, goldsmith_used=s.goldsmith_used,
        activating_space=s.cursor if s.stage in _CURSOR_ON_ROAD else -1,
        delivery_order=s.delivery_order,
        delivering=s.cursor if s.stage is Stage.DELIVERY else -1,
        bundles_delivered=s.delivered or _NONE_DELIVERED[n], favour=s.favour, seats=seats,
        revealed_prestige=GAME.scores(s) if s.stage is Stage.OVER else (),
        winners=GAME.winners(s),
    )


def observe(s: CaylusState, viewer: Viewer) -> PublicView | PlayerView:
    """What ``viewer`` (``"public"`` or a seat) sees of ``s``."""
    seat = viewer_seat(viewer, s.config.players)
    public = public_view(s)
    if seat < 0:
        return public
    return PlayerView(viewer=seat, public=public,
                      prestige_points=s.players[seat].prestige)
