"""What a viewer of a game of base Catan may see: the public view and each player's view.

Hidden under the published rules (``shared/data/README.md``): the resource cards in a hand
(a rival's hand is seen as its size), the development cards in a hand (seen as their number,
victory point cards included: they stay hidden until they win the game, when the winner's
are shown to win: catan/hidden-points) and the development deck (shuffled, face down: only
its size is seen). Everything else lies open:
the board, the buildings and roads, the robber, the bank's resource cards, the development
cards played, the dice, each player's pieces, knights, public points and the special cards,
and a domestic trade offer.

Hexes 0-18, intersections 0-53, paths 0-71, harbour positions 0-8, resources (lumber, brick,
wool, grain, ore), terrains and development kinds (knight, victory-point, road-building,
year-of-plenty, monopoly) are the ids of ``docs/games/catan.md``.
"""

import attrs

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.state import CatanState, Offer, Player, Stage
from rules_oracle.model.core.game import CHANCE, Viewer, viewer_seat
from rules_oracle.model.core.ops import by_identity


@attrs.frozen(slots=True)
class Seat:
    """What every player sees of one player: counts of his hidden cards, his pieces."""

    #: resource cards held
    hand_size: int
    #: development cards held (victory point cards included), of which bought this turn
    development_cards: int
    bought_this_turn: int
    knights_played: int
    #: pieces on the board
    roads: int
    settlements: int
    cities: int
    #: points every player sees: settlements, 2 per city, 2 per special card; once he has
    #: won, his victory point cards too (shown to win: catan/hidden-points)
    public_victory_points: int
    #: length of his longest continuous road
    road_length: int


@attrs.frozen(slots=True)
class PublicView:
    """What every player sees of a game of base Catan (hands and the deck as sizes only).

    ``stage``: terrain, tokens, harbours (the variable board is laid: chance), setup,
    pre-roll, dice (chance), discard, robber, steal (chance), main, draw (chance),
    road-building, trade, over. ``to_act``: the seat whose choice is pending, -1 when the
    next step is chance or the game is over; ``on_turn``: the seat whose turn it is (in
    set-up: the one placing).
    """

    players: int
    stage: Stage
    #: turns begun (the first turn after set-up is turn 1)
    turn_number: int
    on_turn: int
    to_act: int
    #: per hex: terrain index (-1 before laid) and number token (0: none)
    terrain: tuple[int, ...]
    tokens: tuple[int, ...]
    #: per harbour position: kind (resource index for 2:1, 5 for 3:1; -1 before laid)
    harbours: tuple[int, ...]
    #: the robber's hex (-1 before the variable board's desert is laid)
    robber: int
    #: per intersection: owner seat (-1: none) and 1 settlement / 2 city (0: none)
    building_owner: tuple[int, ...]
    building_level: tuple[int, ...]
    #: per path: owner seat of its road (-1: none)
    road_owner: tuple[int, ...]
    #: set-up: the settlement waiting for its road (-1: none)
    settlement_awaiting_road: int
    #: resource cards in the bank, per resource
    bank: tuple[int, ...]
    development_deck_size: int
    #: development cards played, per kind
    developments_played: tuple[int, ...]
    #: this turn's roll (white, red); (0, 0) before it
    dice: tuple[int, int]
    #: this turn: a development card played, something built, trades made, offers opened
    development_played_this_turn: bool
    built_this_turn: bool
    trades_this_turn: int
    offers_this_turn: int
    free_roads_left: int
    #: cards each seat still discards on a 7
    discards_owed: tuple[int, ...]
    #: the seat the robber robs next (stage steal; -1: none)
    robbed: int
    #: holders of the longest road and of the largest army (-1: nobody)
    longest_road: int
    largest_army: int
    seats: tuple[Seat, ...]
    #: the domestic trade in progress (stage trade), seen from the player on turn
    offer: Offer | None
    #: the winner (-1: none)
    winner: int


@attrs.frozen(slots=True)
class PlayerView:
    """What player ``viewer`` sees: the public view plus his own cards."""

    viewer: int
    public: PublicView
    #: his resource cards, per resource
    hand: tuple[int, ...]
    #: his development cards, per kind (victory point cards included), and of those the
    #: ones bought this turn
    developments: tuple[int, ...]
    developments_bought_this_turn: tuple[int, ...]
    #: his points with his victory point cards
    victory_points: int


OBSERVATION_TYPES: tuple[type, ...] = (PublicView, PlayerView)


def _seat(pl: Player, won: bool) -> Seat:
    """``pl`` as every player sees him; ``won``: he has won, showing his victory point cards
    (RB.DEVELOPMENT_VICTORY_POINT: hidden until then; catan/hidden-points)."""
    seat = _public_seat(pl)
    if won:
        return attrs.evolve(seat, public_victory_points=pl.vp + pl.developments[D.VICTORY_POINT])
    return seat


@by_identity
def _public_seat(pl: Player) -> Seat:
    """``pl`` as every player sees him while his victory point cards are hidden."""
    return Seat(hand_size=sum(pl.hand), development_cards=sum(pl.developments),
                bought_this_turn=sum(pl.bought), knights_played=pl.knights, roads=pl.roads,
                settlements=pl.settlements, cities=pl.cities, public_victory_points=pl.vp,
                road_length=pl.road_length)


def _to_act(s: CatanState) -> int:
    from rules_oracle.model.catan.game import GAME

    who = GAME.actor(s)
    return who if who >= 0 else CHANCE


def public_view(s: CatanState) -> PublicView:
    """The public view of ``s``."""
    return PublicView(
        players=s.config.players, stage=s.stage, turn_number=s.turns, on_turn=s.turn,
        to_act=_to_act(s), terrain=s.terrain, tokens=s.tokens, harbours=s.harbours,
        robber=s.robber, building_owner=s.node_owner, building_level=s.node_level,
        road_owner=s.path_owner, settlement_awaiting_road=s.setup_node, bank=s.bank,
        development_deck_size=sum(s.deck), developments_played=s.played, dice=s.dice,
        development_played_this_turn=s.dev_played, built_this_turn=s.built,
        trades_this_turn=s.trades, offers_this_turn=s.offers,
        free_roads_left=s.free_roads, discards_owed=s.discards or (0,) * s.config.players,
        robbed=s.victim, longest_road=s.longest, largest_army=s.army,
        seats=tuple(_seat(pl, i == s.winner) for i, pl in enumerate(s.players)),
        offer=s.offer, winner=s.winner,
    )


def observe(s: CatanState, viewer: Viewer) -> PublicView | PlayerView:
    """What ``viewer`` (``"public"`` or a seat) sees of ``s``."""
    seat = viewer_seat(viewer, s.config.players)
    public = public_view(s)
    if seat < 0:
        return public
    pl = s.players[seat]
    return PlayerView(viewer=seat, public=public, hand=pl.hand, developments=pl.developments,
                      developments_bought_this_turn=pl.bought,
                      victory_points=pl.vp + pl.developments[D.VICTORY_POINT])
