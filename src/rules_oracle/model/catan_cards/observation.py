"""What a viewer of a game of the Catan quick card game may see: the public view and each
player's view.

Hidden under the rules (``001_3c19011efb187f5d.txt``): the resource cards in a hand ("не
показывая их соперникам"; a rival's hand is seen as its size) and the face-down resource
stack (seen as its size). The city sides of the settlement cards lie face down for
everyone ("Вы не должны знать, какие события произойдут в будущем"): every viewer sees
only how many of each event are still unseen. Everything else lies open: the market, the
discard pile (every card reaches it openly, paid or discarded), the development stacks,
each player's roads, knights, settlements, cities and buildings, the fate card. One rule
shows a player a rival's hand: with the library, once an exchange with a rival has begun
(stage choose), its owner sees that rival's hand to choose a card of it ("вы можете
выбрать одну карту с руки соперника"): his view holds it as ``shown_hand``.

Resources (clay, lumber, ore, wool, grain), buildings and events are the ids of
``docs/games/catan_cards.md``.
"""

import attrs

from rules_oracle.model.catan_cards.score import a_side
from rules_oracle.model.catan_cards.state import CardsState, Player, Stage
from rules_oracle.model.catan_cards.trade import allowance
from rules_oracle.model.core.game import CHANCE, Viewer, viewer_seat
from rules_oracle.model.core.ops import by_identity


@attrs.frozen(slots=True)
class Seat:
    """What every player sees of one player."""

    hand_size: int
    #: cards in his road and knight piles, and those of them lying A side up
    roads: int
    roads_a_side: int
    knights: int
    knights_a_side: int
    settlements: int
    #: cities without a building, and his buildings per kind
    cities: int
    buildings: tuple[int, ...]
    victory_points: int


@attrs.frozen(slots=True)
class PublicView:
    """What every player sees of a game (hands and the stack as sizes only).

    ``stage``: draw (chance), trade, choose (the library's choice), rival-draw (chance),
    give-back, guild-draw (chance), develop, fate, event (chance), discard, over.
    ``to_act``: the seat whose choice is pending, -1 when the next step is chance or the
    game is over; ``on_turn``: the seat whose turn it is.
    """

    players: int
    stage: Stage
    #: turns begun (the first turn is turn 1; 0 during the deal)
    turn_number: int
    on_turn: int
    to_act: int
    #: the open market and the open discard pile, per resource
    market: tuple[int, ...]
    discard_pile: tuple[int, ...]
    resource_stack_size: int
    road_stack_size: int
    knight_stack_size: int
    settlement_stack_size: int
    #: the open building stack, per kind
    building_stack: tuple[int, ...]
    #: city events still face down (stack and settlements) and revealed, per event
    unseen_events: tuple[int, ...]
    revealed_events: tuple[int, ...]
    #: the fate card: 0 white arrows up, 1 the other side, -1 not in play
    fate_side: int
    #: seats owed a card from the stack, in order (-1: the market)
    cards_owed: tuple[int, ...]
    #: this turn: exchanges made and allowed, rivals exchanged with, the guild used,
    #: developments paid for (road, knight, settlement, city, building)
    exchanges_made: int
    exchanges_allowed: int
    traded_with: tuple[int, ...]
    guild_used: bool
    developed_this_turn: tuple[int, ...]
    #: the rival of the exchange or guild draw under way (-1: none)
    rival: int
    #: cards drawn from that rival and not yet given back; whether giving back has begun
    owed_back: int
    giving_back: bool
    #: cards each seat still discards in a robber raid (empty: none)
    discards_owed: tuple[int, ...]
    seats: tuple[Seat, ...]
    winner: int


@attrs.frozen(slots=True)
class PlayerView:
    """What player ``viewer`` sees: the public view plus his own hand, and the hand of the
    rival his library lets him choose a card of."""

    viewer: int
    public: PublicView
    #: his resource cards, per resource
    hand: tuple[int, ...]
    #: with the library, during the choice of an exchange begun with a rival (stage
    #: choose, the viewer on turn): that rival's resource cards, per resource; else empty
    shown_hand: tuple[int, ...]


OBSERVATION_TYPES: tuple[type, ...] = (PublicView, PlayerView)


@by_identity
def _seat(pl: Player) -> Seat:
    return Seat(hand_size=sum(pl.hand), roads=pl.roads, roads_a_side=a_side(pl.roads),
                knights=pl.knights, knights_a_side=a_side(pl.knights),
                settlements=pl.settlements, cities=pl.cities, buildings=pl.buildings,
                victory_points=pl.vp)


def _to_act(s: CardsState) -> int:
    from rules_oracle.model.catan_cards.game import GAME

    who = GAME.actor(s)
    return who if who >= 0 else CHANCE


def public_view(s: CardsState) -> PublicView:
    """The public view of ``s``."""
    return PublicView(
        players=s.config.players, stage=s.stage, turn_number=s.turns, on_turn=s.turn,
        to_act=_to_act(s), market=s.market, discard_pile=s.discard,
        resource_stack_size=sum(s.stack), road_stack_size=s.road_stack,
        knight_stack_size=s.knight_stack, settlement_stack_size=s.settlement_stack,
        building_stack=s.building_stack, unseen_events=s.unseen_events,
        revealed_events=s.revealed_events, fate_side=s.fate, cards_owed=s.drawing,
        exchanges_made=s.exchanges, exchanges_allowed=allowance(s.players[s.turn]),
        traded_with=s.traded_with, guild_used=s.guild_used, developed_this_turn=s.built,
        rival=s.rival, owed_back=s.owed_back, giving_back=s.giving_back,
        discards_owed=s.discards, seats=tuple(_seat(pl) for pl in s.players),
        winner=s.winner,
    )


def shown_hand(s: CardsState, seat: int) -> tuple[int, ...]:
    """The rival's hand ``seat`` sees: with the library, while he chooses a card of the
    rival he has begun an exchange with (catan_cards/trade.library); else empty."""
    if s.stage is Stage.CHOOSE and seat == s.turn:
        return s.players[s.rival].hand
    return ()


def observe(s: CardsState, viewer: Viewer) -> PublicView | PlayerView:
    """What ``viewer`` (``"public"`` or a seat) sees of ``s``."""
    seat = viewer_seat(viewer, s.config.players)
    public = public_view(s)
    if seat < 0:
        return public
    return PlayerView(viewer=seat, public=public, hand=s.players[seat].hand,
                      shown_hand=shown_hand(s, seat))
