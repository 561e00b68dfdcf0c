"""Hand-made Catan states for worked examples (beginner board unless a variant says so)."""

import itertools
from collections.abc import Mapping

import attrs

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.longest_road import award_longest, longest_road
from rules_oracle.model.catan.setup import initial
from rules_oracle.model.catan.state import CatanState, Player, Stage
from rules_oracle.model.catan.victory import refresh_vp
from rules_oracle.model.core import IllegalAction


def road(a: int, b: int) -> int:
    return B.path_between(a, b)


def chain(*nodes: int) -> tuple[int, ...]:
    """The paths along a walk over intersections."""
    return tuple(road(a, b) for a, b in itertools.pairwise(nodes))


def cards(lumber: int = 0, brick: int = 0, wool: int = 0, grain: int = 0,
          ore: int = 0) -> tuple[int, ...]:
    return (lumber, brick, wool, grain, ore)


def make(players: int = 3, *, settlements: Mapping[int, int] | None = None,
         cities: Mapping[int, int] | None = None, roads: Mapping[int, int] | None = None,
         hands: Mapping[int, tuple[int, ...]] | None = None,
         developments: Mapping[int, tuple[int, ...]] | None = None,
         knights: Mapping[int, int] | None = None, army: int = -1,
         stage: Stage = Stage.MAIN, turn: int = 0, dice: tuple[int, int] = (2, 3),
         variant: Mapping[str, str] | None = None, turns: int = 10) -> CatanState:
    """A consistent state after set-up: buildings ``{node: seat}``, roads ``{path: seat}``,
    hands and development cards by seat (the bank and deck hold the rest)."""
    config = GAME.config(players, dict(variant or {}))
    state = initial(config)
    owner = [-1] * B.N_NODES
    level = [0] * B.N_NODES
    for n, p in (settlements or {}).items():
        owner[n], level[n] = p, 1
    for n, p in (cities or {}).items():
        owner[n], level[n] = p, 2
    paths = [-1] * B.N_PATHS
    for e, p in (roads or {}).items():
        paths[e] = p
    hands = hands or {}
    developments = developments or {}
    knights = knights or {}
    people = []
    for p in range(players):
        people.append(Player(
            hand=hands.get(p, D.NO_CARDS), developments=developments.get(p, D.NO_DEVELOPMENTS),
            bought=D.NO_DEVELOPMENTS, knights=knights.get(p, 0), roads=paths.count(p),
            settlements=sum(1 for o, lv in zip(owner, level, strict=True) if o == p and lv == 1),
            cities=sum(1 for o, lv in zip(owner, level, strict=True) if o == p and lv == 2),
            road_length=longest_road(tuple(paths), tuple(owner), p),
        ))
    bank = tuple(D.CARDS_PER_RESOURCE - sum(pl.hand[r] for pl in people)
                 for r in range(D.N_RESOURCES))
    deck = tuple(D.DEVELOPMENT_COUNTS[c] - sum(pl.developments[c] for pl in people)
                 - (sum(pl.knights for pl in people) if c == D.KNIGHT else 0)
                 for c in range(len(D.DEVELOPMENTS)))
    played = (sum(pl.knights for pl in people), 0, 0, 0, 0)
    longest = award_longest(tuple(pl.road_length for pl in people), -1)
    state = attrs.evolve(
        state, stage=stage, players=tuple(people), node_owner=tuple(owner),
        node_level=tuple(level), path_owner=tuple(paths), bank=bank, deck=deck, played=played,
        turn=turn, turns=turns, placement=2 * players, dice=dice if stage is not Stage.PRE_ROLL
        else (0, 0), longest=longest, army=army,
    )
    return refresh_vp(state)


def rule_of(state: CatanState, action: object) -> str:
    """The rule id an illegal action names (fails when the action is accepted)."""
    try:
        GAME.apply(state, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc.rule
    raise AssertionError(f"{action!r} was accepted")


def hand(state: CatanState, p: int) -> tuple[int, ...]:
    return state.players[p].hand
