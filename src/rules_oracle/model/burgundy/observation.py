"""What a viewer of a game of The Castles of Burgundy may see.

Hidden under the rules (``004_3ac49a9dd95cad60.txt``): the hex tiles in their stacks
("отдельными стопками лицевой стороной вниз": only each stack's size is seen), the goods
tiles in the phase stacks of the phases still to come and in the reserve ("5 закрытых
стопок", "17 закрытых жетонов в резерве"). A phase's 5 goods tiles go face up on the round
spaces when the phase begins. Everything a player owns lies open; his one secret is the
starting castle's space while it is a hidden commit (advanced set-up with
castle-choice=secret: "тайно, но одновременно"), which his own view shows.

Seats, estate spaces 0-36, depots 1-6, goods kinds 1-6 and tile names are those of
``docs/games/burgundy.md``.
"""

from functools import cache, lru_cache
from typing import Literal

import attrs

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.state import BurgundyState, Player, Stage
from rules_oracle.model.core.game import CHANCE, Viewer, viewer_seat
from rules_oracle.model.core.ops import by_identity

Phase = Literal["A", "B", "C", "D", "E"]
PHASE_LETTERS: tuple[Phase, ...] = ("A", "B", "C", "D", "E")



@attrs.frozen(slots=True)
class Seat:
    """One player's estate and supplies, all in the open."""

    #: 37 estate spaces: a tile name, "" when empty
    estate: tuple[str, ...]
    #: stored hex tiles (at most 3), sorted names
    storage: tuple[str, ...]
    #: goods held, count per kind 1-6 (index 0-5)
    goods: tuple[int, ...]
    #: goods sold, count per kind (face down, but each sale names its kind)
    sold_goods: tuple[int, ...]
    silver: int
    workers: int
    vp: int
    #: this round's two dice, 0 once used (0, 0 before the roll)
    dice: tuple[int, int]
    #: numbers of the knowledge tiles in the estate, sorted
    knowledge: tuple[int, ...]
    #: bonus tiles won, e.g. "mine:large", in the order won
    bonus_tiles: tuple[str, ...]
    #: turn-order track: space (0 = start) and height in its stack (higher = on top)
    track_space: int
    track_height: int
    #: estate board number (1; 2-9 in the advanced set-up)
    board: int
    #: the starting castle's space once it lies in the estate (-1 before, and while a
    #: secret choice is still hidden)
    start: int


@attrs.frozen(slots=True)
class Effect:
    """A placed tile's effect waiting for its owner's choice (innermost last).

    ``kind``: castle, warehouse, carpenter, church, market, city-hall, ship (choose a
    depot), ship-goods (choose goods of depot ``depot``, and of its neighbour when
    ``with_neighbour``); ``depot`` is 0 for the other kinds.
    """

    kind: str
    depot: int
    with_neighbour: bool


@attrs.frozen(slots=True)
class PublicView:
    """What every player sees of a game of The Castles of Burgundy.

    ``stage``: goods, start-goods, first-player, boards, fill, roll (chance steps),
    castles (the advanced set-up's castle choices), play, over.
    ``to_act``: the seat whose choice is pending, -1 when the next step is chance or the
    game is over.
    """

    players: int
    stage: Stage
    #: phase A-E and its round 1-5 (E and 5 once the game is over: it ends after phase
    #: E's fifth round)
    phase: Phase
    round: int
    #: seat of the first player chosen at set-up (-1 before)
    first_player: int
    to_act: int
    #: the turn order (seats) and the white die of the round being played, set by its roll:
    #: before it (and while a phase is prepared) the last round's, the seats' track giving
    #: the coming order (empty and 0 before the game's first roll); once the game is over,
    #: the order the tie-break reads (burgundy/tie-order)
    turn_order: tuple[int, ...]
    white_die: int
    #: the player on turn has made this turn's purchase
    purchase_made: bool
    seats: tuple[Seat, ...]
    #: numbered depots 1-6 (index 0-5): their hex tiles, sorted names
    depots: tuple[tuple[str, ...], ...]
    black_depot: tuple[str, ...]
    #: goods on each numbered depot: count per kind 1-6
    depot_goods: tuple[tuple[int, ...], ...]
    #: the face-up goods of this phase's rounds still to come, in round order
    round_goods: tuple[int, ...]
    #: face-down goods tiles in each phase's stack, phases A-E
    goods_stacks: tuple[int, ...]
    #: face-down goods tiles in the reserve (the 17 before the players' draws)
    goods_reserve: int
    #: face-down hex tiles in each stack, by back colour: building, pasture, river, castle,
    #: knowledge, mine, black
    hex_stacks: tuple[int, ...]
    #: hex tiles out of the game (discarded, cleared at a phase start), sorted names
    out_of_game: tuple[str, ...]
    #: per colour (building, pasture, river, castle, knowledge, mine): bonus tiles taken
    bonuses_taken: tuple[int, ...]
    pending: tuple[Effect, ...]


@attrs.frozen(slots=True)
class PlayerView:
    """What player ``viewer`` sees: the public view and his own hidden castle choice."""

    viewer: int
    public: PublicView
    #: his starting castle's space while it is a secret commit not yet revealed (-1 else)
    castle_choice: int


OBSERVATION_TYPES: tuple[type, ...] = (PublicView, PlayerView)


@by_identity
def _seat(pl: Player) -> Seat:
    return Seat(estate=pl.estate, storage=pl.storage, goods=pl.goods, sold_goods=pl.sold,
                silver=pl.silver, workers=pl.workers, vp=pl.vp, dice=pl.dice,
                knowledge=pl.knowledge, bonus_tiles=pl.bonus_tiles,
                track_space=pl.track_space, track_height=pl.track_height, board=pl.board,
                start=_revealed_start(pl))


def _revealed_start(pl: Player) -> int:
    """The starting castle's space once the castle lies there (-1 before)."""
    if 0 <= pl.start < len(pl.estate) and pl.estate[pl.start] == D.CASTLE_TILE:
        return pl.start
    return -1


def face_down_stacks(s: BurgundyState) -> tuple[int, ...]:
    """Goods tiles still face down in each phase's stack: a phase's 5 are turned face up
    (drawn, ``goods_stacks``) at its start."""
    return _face_down(len(s.goods_stacks))


@cache
def _face_down(drawn: int) -> tuple[int, ...]:
    """:func:`face_down_stacks` after ``drawn`` goods tiles were turned (at most the
    phases' tiles: one tuple per count, so successive views share it and its text)."""
    return tuple(D.PHASE_GOODS - min(D.PHASE_GOODS, max(0, drawn - ph * D.PHASE_GOODS))
                 for ph in range(D.PHASES))


@lru_cache(maxsize=256)
def _round_goods(stacks: tuple[int, ...], laid: int) -> tuple[int, ...]:
    """The face-up goods of the rounds still to come: ``stacks`` from ``laid`` on, one
    tuple per stacks' contents and count laid (the slice is a new tuple each time; a view
    sharing it with the view before writes its text once)."""
    return stacks[laid:]


@by_identity
def _seats(players: tuple[Player, ...]) -> tuple[Seat, ...]:
    return tuple(_seat(pl) for pl in players)


def _to_act(s: BurgundyState) -> int:
    if s.stage is Stage.CASTLES:
        return (s.first + s.fill) % s.config.players
    return s.order[s.turn] if s.stage is Stage.PLAY else CHANCE


@by_identity
def _out_of_game(box: tuple[int, ...]) -> tuple[str, ...]:
    """The tiles out of the game (in the box), sorted."""
    return tuple(sorted(t for t, n in zip(D.TILES, box, strict=True) for _ in range(n)))


@by_identity
def _hex_stacks(supply: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(stack) for stack in supply)


def public_view(s: BurgundyState) -> PublicView:
    """The public view of ``s`` (the parts built from the state's untouched parts are
    remembered per part, so successive views share them and their texts)."""
    stacks = face_down_stacks(s)
    return PublicView(
        players=s.config.players, stage=s.stage,
        phase=PHASE_LETTERS[min(s.phase, D.PHASES - 1)],
        round=D.ROUNDS if s.stage is Stage.OVER else s.round + 1,
        first_player=s.first, to_act=_to_act(s), turn_order=s.order, white_die=s.white,
        purchase_made=s.bought, seats=_seats(s.players),
        depots=s.depots, black_depot=s.black, depot_goods=s.depot_goods,
        round_goods=_round_goods(s.goods_stacks, s.goods_next), goods_stacks=stacks,
        goods_reserve=sum(s.goods_pool) - sum(stacks),
        hex_stacks=_hex_stacks(s.supply), out_of_game=_out_of_game(s.box),
        bonuses_taken=s.bonuses,
        pending=tuple(Effect(p.kind, p.arg, p.pair) for p in s.pending),
    )


def observe(s: BurgundyState, viewer: Viewer) -> PublicView | PlayerView:
    """What ``viewer`` (``"public"`` or a seat) sees of ``s``."""
    seat = viewer_seat(viewer, s.config.players)
    public = public_view(s)
    if seat < 0:
        return public
    pl = s.players[seat]
    hidden = pl.start if pl.start >= 0 and _revealed_start(pl) < 0 else -1
    return PlayerView(viewer=seat, public=public, castle_choice=hidden)
