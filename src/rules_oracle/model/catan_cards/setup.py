"""Set-up: the components in play for the player count, the starting cards, the market
and the hands (``ПОДГОТОВКА К ИГРЕ``)."""

from functools import cache

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.score import vp
from rules_oracle.model.catan_cards.state import CardsState, Player, Stage
from rules_oracle.model.core import Config
from rules_oracle.model.core.cite import implements


@cache
@implements(RB.SETUP_REMOVE_TWO, RB.SETUP_REMOVE_THREE, RB.SETUP_ALL_FOUR, RB.SETUP_SECOND_SET)
def components(config: Config) -> tuple[tuple[int, ...], int, int, int, tuple[int, ...],
                                        tuple[int, ...]]:
    """(resource cards per resource, roads, knights, settlement/city cards, buildings per
    kind, city events per kind) in play (catan_cards/setup.remove-two ... second-set)."""
    table = D.SETS_SYMBOL_ONLY if config.option("second-set") == "symbol-only" \
        else D.SETS_AS_COUNT
    first, second = table[config.players]
    symbols = (*first, *second)
    sets = 2 if config.players > 4 else 1
    resources = tuple(sets * n for n in D.RESOURCE_CARDS)
    roads = sum(D.ROAD_CARDS[s] for s in symbols)
    knights = sum(D.KNIGHT_CARDS[s] for s in symbols)
    settlements = sum(D.SETTLEMENT_CARDS[s] for s in symbols)
    buildings = tuple(sum(D.BUILDING_CARDS[s][k] for s in symbols)
                      for k in range(D.N_BUILDINGS))
    events = tuple(sum(D.EVENT_CARDS[s][e] for s in symbols) for e in range(len(D.EVENTS)))
    return resources, roads, knights, settlements, buildings, events


@implements(RB.SETUP_FATE_TWO)
def fate_in_play(config: Config) -> bool:
    """3 and 4 players; 5 and 6 by catan_cards/fate-five-six (catan_cards/setup.fate-two)."""
    if config.players == 2:
        return False
    return config.players <= 4 or config.option("fate-five-six") == "used"


@implements(RB.SETUP_SETTLEMENT_STACK, RB.SETUP_A_SIDE_UP, RB.SETUP_BUILDINGS_OPEN,
            RB.SETUP_MARKET, RB.SETUP_HANDS, RB.SETUP_FATE, RB.SETUP_START_CARDS,
            RB.SETUP_FIRST_PLAYER)
def initial(config: Config) -> CardsState:
    """Before the deal: each player's starting settlement and road (A side up), the stacks,
    the fate card white arrows up; then 5 market cards and 3 per hand are drawn (chance),
    and the first player (seat 0, the eldest) begins."""
    resources, roads, knights, settlements, buildings, events = components(config)
    n = config.players
    start = Player(hand=D.NO_CARDS)
    start = Player(hand=D.NO_CARDS, vp=vp(start, config.option("road-knight-points")))
    deal = (-1,) * D.MARKET + tuple(p for p in range(n) for _ in range(D.HAND))
    return CardsState(
        config=config, stage=Stage.DRAW, players=(start,) * n,
        stack=resources, market=D.NO_CARDS, discard=D.NO_CARDS, road_stack=roads - n,
        knight_stack=knights, settlement_stack=settlements - n, building_stack=buildings,
        unseen_events=events, revealed_events=(0,) * len(D.EVENTS),
        fate=D.WHITE if fate_in_play(config) else -1, drawing=deal, resume=Stage.TRADE,
        turn=0,
    )
