"""What a viewer of a game of Cities & Knights may see: the public view and each player's.

Hidden under the rules: the resource and commodity cards in a hand (a rival's hand is seen
as its size) and the progress cards in a hand (seen as their number), and the order of the
three progress decks (their sizes are seen). The Master Merchant's player sees the chosen
rival's cards, and the Spy's player the chosen rival's progress cards, while choosing.
Everything else lies open: the board, buildings, roads, knights (level, active), walls,
metropolises, the merchant, the robber, the barbarians, the bank, the cards played or
discarded, the Printer and Constitution face up, Defender cards, improvements, points, the
dice, the card being played and a domestic offer.

Hexes 0-18, intersections 0-53, paths 0-71 are base Catan's ids; cards (lumber, brick,
wool, grain, ore, cloth, coin, paper), progress kinds and improvement kinds are those of
``docs/games/cities_knights.md``.
"""

import attrs

from rules_oracle.model.catan.state import Offer
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.state import CKState, Pending, Player, Stage
from rules_oracle.model.core.game import CHANCE, Viewer, viewer_seat
from rules_oracle.model.core.ops import by_identity


@attrs.frozen(slots=True)
class Seat:
    """What every player sees of one player."""

    #: resource and commodity cards held, progress cards held (sizes only)
    hand_size: int
    progress_cards: int
    #: Printer and Constitution face up, Defender of Catan cards
    victory_cards: int
    defender_cards: int
    #: improvement levels (trade, politics, science)
    improvements: tuple[int, int, int]
    roads: int
    settlements: int
    cities: int
    city_walls: int
    #: knights on the board per level (basic, strong, mighty)
    knights: tuple[int, int, int]
    victory_points: int
    road_length: int


@attrs.frozen(slots=True)
class PublicView:
    """What every player sees. ``to_act``: the seat whose choice is pending (-1: chance or
    over); ``on_turn``: the seat whose turn it is."""

    players: int
    stage: Stage
    turn_number: int
    on_turn: int
    to_act: int
    terrain: tuple[int, ...]
    tokens: tuple[int, ...]
    harbours: tuple[int, ...]
    robber: int
    merchant_hex: int
    merchant_holder: int
    #: per intersection: building owner (-1: none), 1 settlement / 2 city, a city wall
    building_owner: tuple[int, ...]
    building_level: tuple[int, ...]
    city_walls: tuple[bool, ...]
    #: the intersection of the trade, politics, science metropolis (-1: none)
    metropolises: tuple[int, int, int]
    #: per intersection: knight owner (-1: none), level (0: none), active
    knight_owner: tuple[int, ...]
    knight_level: tuple[int, ...]
    knight_active: tuple[bool, ...]
    #: per intersection: its knight was activated this turn (it takes no action this turn),
    #: promoted this turn (no second promotion)
    knight_activated_this_turn: tuple[bool, ...]
    knight_promoted_this_turn: tuple[bool, ...]
    #: per intersection: its knight was placed this turn (reading knight-act); activated
    #: this turn by the Warlord under warlord=may-act (it may act, but not chase)
    knight_placed_this_turn: tuple[bool, ...]
    knight_warlord_this_turn: tuple[bool, ...]
    road_owner: tuple[int, ...]
    barbarian_position: int
    barbarians_have_attacked: bool
    defender_cards_left: int
    #: resource and commodity cards in the bank
    bank: tuple[int, ...]
    #: progress cards left in the trade, politics, science decks (those put under them
    #: included, face down)
    progress_deck_sizes: tuple[int, int, int]
    #: progress cards played or discarded and set aside, per kind (``progress-return=
    #: set-aside``; none under the default)
    progress_spent: tuple[int, ...]
    dice: tuple[int, int]
    event_face: int
    trades_this_turn: int
    offers_this_turn: int
    #: the domestic trade in progress (stage trade), seen from the player on turn
    offer: Offer | None
    #: the cards the Merchant Fleets played this turn make tradable 2:1
    merchant_fleet_cards: tuple[int, ...]
    #: the Crane this turn: 0 none played, 1 played and not yet used, 2 its discount used
    crane_played: int
    #: the rivals who gave a commodity for a resource to a Commercial Harbor this turn
    commercial_harbor_traded: tuple[int, ...]
    #: reading ``harbor-time=any-time``: the rivals the pending Commercial Harbor credit
    #: may still force this turn, in order (public, as the card's queue is)
    commercial_harbor_credit: tuple[int, ...]
    #: reading ``progress-play=one``: a progress card was played this turn
    progress_played_this_turn: bool
    discards_owed: tuple[int, ...]
    players_to_rob: tuple[int, ...]
    progress_draws_pending: tuple[tuple[int, int], ...]
    seats_to_choose: tuple[int, ...]
    metropolis_being_placed: int
    moving_knight: int
    displaced_knight: tuple[int, int, bool]
    card_in_play: Pending | None
    longest_road: int
    seats: tuple[Seat, ...]
    winner: int


@attrs.frozen(slots=True)
class PlayerView:
    """What player ``viewer`` sees: the public view plus his own cards, and a rival's cards
    a Master Merchant or Spy of his shows him."""

    viewer: int
    public: PublicView
    hand: tuple[int, ...]
    progress: tuple[int, ...]
    #: the chosen rival's resource and commodity cards (Master Merchant), else empty
    shown_hand: tuple[int, ...]
    #: the chosen rival's progress cards (Spy), else empty
    shown_progress: tuple[int, ...]
    #: reading ``progress-play=one``: the progress cards (kinds) the viewer gained this
    #: turn, when he is on turn (not playable this turn)
    gained_this_turn: tuple[int, ...] = ()


OBSERVATION_TYPES: tuple[type, ...] = (PublicView, PlayerView)


@by_identity
def _seat(pl: Player) -> Seat:
    return Seat(hand_size=sum(pl.hand), progress_cards=sum(pl.progress),
                victory_cards=pl.vp_cards, defender_cards=pl.defenders,
                improvements=pl.levels, roads=pl.roads, settlements=pl.settlements,
                cities=pl.cities, city_walls=pl.walls, knights=pl.knights,
                victory_points=pl.vp, road_length=pl.road_length)


@by_identity
def _seats(players: tuple[Player, ...]) -> tuple[Seat, ...]:
    """Every seat's public part (the same tuple while the players are the same objects, so
    successive views share it and its remembered text)."""
    return tuple(_seat(pl) for pl in players)


@by_identity
def _marks(marks: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    """The knights activated, promoted, placed and moved by the Warlord this turn."""
    return tuple(tuple(bool(m & bit) for m in marks) for bit in (1, 2, 4, 8))


@by_identity
def _deck_sizes(deck: tuple[int, ...]) -> tuple[int, ...]:
    """The progress cards left in each colour's deck."""
    return tuple(sum(n for k, n in enumerate(deck) if D.PROGRESS_COLOUR[k] == c)
                 for c in range(3))


#: the decks and the cards under them of the last view, and the decks' sizes
_SIZES: tuple[object, object, tuple[int, int, int]] = ((), (), (0, 0, 0))


def _progress_sizes(s: CKState) -> tuple[int, int, int]:
    """The progress cards left in each colour's deck and under it (the same tuple while the
    decks and the cards under them are the same objects as the last view's)."""
    global _SIZES
    last = _SIZES
    if last[0] is s.deck and last[1] is s.under:
        return last[2]
    left = _deck_sizes(s.deck)
    sizes = (left[0] + len(s.under[0]), left[1] + len(s.under[1]), left[2] + len(s.under[2]))
    _SIZES = (s.deck, s.under, sizes)
    return sizes


def public_view(s: CKState) -> PublicView:
    from rules_oracle.model.cities_knights.game import GAME

    who = GAME.actor(s)
    activated, promoted, placed, warlord = _marks(s.knight_marks)
    return PublicView(
        players=s.config.players, stage=s.stage, turn_number=s.turns, on_turn=s.turn,
        to_act=who if who >= 0 else CHANCE, terrain=s.terrain, tokens=s.tokens,
        harbours=s.harbours, robber=s.robber, merchant_hex=s.merchant,
        merchant_holder=s.merchant_owner, building_owner=s.node_owner,
        building_level=s.node_level, city_walls=s.walls, metropolises=s.metropolis,
        knight_owner=s.knight_owner, knight_level=s.knight_level,
        knight_active=s.knight_active,
        knight_activated_this_turn=activated, knight_promoted_this_turn=promoted,
        knight_placed_this_turn=placed, knight_warlord_this_turn=warlord,
        road_owner=s.path_owner, barbarian_position=s.barbarians,
        barbarians_have_attacked=s.attacked, defender_cards_left=s.defenders_left,
        bank=s.bank, progress_deck_sizes=_progress_sizes(s),
        progress_spent=s.spent, dice=s.dice, event_face=s.event, trades_this_turn=s.trades,
        offers_this_turn=s.offers, offer=s.offer,
        merchant_fleet_cards=s.fleet, crane_played=s.crane,
        commercial_harbor_traded=s.harboured, commercial_harbor_credit=s.harbor,
        progress_played_this_turn=s.played, discards_owed=s.discards,
        players_to_rob=s.victims, progress_draws_pending=s.draws, seats_to_choose=s.queue,
        metropolis_being_placed=s.metro_kind, moving_knight=s.knight_node,
        displaced_knight=s.displaced, card_in_play=s.pending, longest_road=s.longest,
        seats=_seats(s.players), winner=s.winner,
    )


def _shown(s: CKState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    pd = s.pending
    if pd is None or s.stage is not Stage.CARD or seat != s.turn or pd.step != 1:
        return (), ()
    if pd.card == D.MASTER_MERCHANT:
        return s.players[pd.target].hand, ()
    if pd.card == D.SPY:
        return (), s.players[pd.target].progress
    return (), ()


def observe(s: CKState, viewer: Viewer) -> PublicView | PlayerView:
    seat = viewer_seat(viewer, s.config.players)
    public = public_view(s)
    if seat < 0:
        return public
    pl = s.players[seat]
    hand, prog = _shown(s, seat)
    return PlayerView(viewer=seat, public=public, hand=pl.hand, progress=pl.progress,
                      shown_hand=hand, shown_progress=prog,
                      gained_this_turn=s.fresh if seat == s.turn else ())
