"""Hand-made states of the Catan quick card game for worked examples."""

from collections.abc import Mapping

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.score import vp
from rules_oracle.model.catan_cards.setup import components, initial
from rules_oracle.model.catan_cards.state import CardsState, Player, Stage
from rules_oracle.model.core import IllegalAction
from rules_oracle.model.core.ops import evolve, minus


def cards(clay: int = 0, lumber: int = 0, ore: int = 0, wool: int = 0,
          grain: int = 0) -> tuple[int, ...]:
    return (clay, lumber, ore, wool, grain)


def seat(hand: tuple[int, ...] = D.NO_CARDS, *, roads: int = 1, knights: int = 0,
         settlements: int = 1, cities: int = 0,
         buildings: tuple[int, ...] = (0, 0, 0, 0, 0)) -> Player:
    return Player(hand=hand, roads=roads, knights=knights, settlements=settlements,
                  cities=cities, buildings=buildings)


def make(players: int = 3, seats: Mapping[int, Player] | None = None, *,
         market: tuple[int, ...] = cards(1, 1, 1, 1, 1), stage: Stage = Stage.TRADE,
         turn: int = 0, variant: Mapping[str, str] | None = None, turns: int = 5,
         discard: tuple[int, ...] = D.NO_CARDS,
         revealed: tuple[int, ...] | None = None, **changes: object) -> CardsState:
    """A consistent state on a turn: the given seats (the others with the starting cards
    and an empty hand); the stacks hold the rest. City events: the revealed ones are robber
    raids unless ``revealed`` says otherwise."""
    config = GAME.config(players, dict(variant or {}))
    base = initial(config)
    reading = config.option("road-knight-points")
    people = []
    for p in range(players):
        pl = (seats or {}).get(p, seat())
        people.append(evolve(pl, vp=vp(pl, reading)))
    resources, roads, knights, settlements, buildings, events = components(config)
    held = market
    for pl in people:
        held = tuple(a + b for a, b in zip(held, pl.hand, strict=True))
    stack = minus(minus(resources, held), discard)
    cities = sum(pl.cities + sum(pl.buildings) for pl in people)
    shown = revealed if revealed is not None else (0, cities)
    state = evolve(
        base, stage=stage, players=tuple(people), stack=stack, market=market, discard=discard,
        road_stack=roads - sum(pl.roads for pl in people),
        knight_stack=knights - sum(pl.knights for pl in people),
        settlement_stack=settlements - sum(pl.settlements for pl in people) - cities,
        building_stack=tuple(b - sum(pl.buildings[k] for pl in people)
                             for k, b in enumerate(buildings)),
        unseen_events=minus(events, shown), revealed_events=shown, drawing=(),
        turn=turn, turns=turns,
    )
    return evolve(state, **changes)


def rule_of(state: CardsState, action: object) -> str:
    """The rule id an illegal action names (fails when the action is accepted)."""
    try:
        GAME.apply(state, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc.rule
    raise AssertionError(f"{action!r} was accepted")


def hand(state: CardsState, p: int) -> tuple[int, ...]:
    return state.players[p].hand


def apply(state: CardsState, *actions: object) -> CardsState:
    for a in actions:
        state = GAME.apply(state, a)  # type: ignore[arg-type]
    return state
