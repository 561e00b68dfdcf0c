"""Hand-made Cities & Knights states for worked examples (the beginner board)."""

import itertools
from collections.abc import Mapping

import attrs

from rules_oracle.model.catan import board as B
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.common import update_roads
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.setup import initial
from rules_oracle.model.cities_knights.state import CKState, Player, Stage
from rules_oracle.model.cities_knights.victory import refresh
from rules_oracle.model.core import IllegalAction


def road(a: int, b: int) -> int:
    return B.path_between(a, b)


def chain(*nodes: int) -> tuple[int, ...]:
    return tuple(road(a, b) for a, b in itertools.pairwise(nodes))


def cards(lumber: int = 0, brick: int = 0, wool: int = 0, grain: int = 0, ore: int = 0,
          cloth: int = 0, coin: int = 0, paper: int = 0) -> tuple[int, ...]:
    return (lumber, brick, wool, grain, ore, cloth, coin, paper)


def progress(**counts: int) -> tuple[int, ...]:
    """Progress counts by name (``road_building=1``)."""
    out = [0] * D.N_PROGRESS_KINDS
    for name, n in counts.items():
        out[D.PROGRESS_NAMES.index(name.replace("_", "-"))] = n
    return tuple(out)


def make(players: int = 3, *, settlements: Mapping[int, int] | None = None,
         cities: Mapping[int, int] | None = None, roads: Mapping[int, int] | None = None,
         hands: Mapping[int, tuple[int, ...]] | None = None,
         held: Mapping[int, tuple[int, ...]] | None = None,
         knights: Mapping[int, tuple[int, int, bool]] | None = None,
         levels: Mapping[int, tuple[int, int, int]] | None = None,
         walls: tuple[int, ...] = (), metropolis: tuple[int, int, int] = (-1, -1, -1),
         stage: Stage = Stage.MAIN, turn: int = 0, dice: tuple[int, int] = (2, 3),
         attacked: bool = False, barbarians: int = 0,
         variant: Mapping[str, str] | None = None, turns: int = 10) -> CKState:
    """A consistent state after set-up: buildings ``{node: seat}``, roads ``{path: seat}``,
    knights ``{node: (seat, level, active)}``, hands and progress cards by seat (the bank and
    decks hold the rest)."""
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
    k_owner = [-1] * B.N_NODES
    k_level = [0] * B.N_NODES
    k_active = [False] * B.N_NODES
    for n, (p, lv, act) in (knights or {}).items():
        k_owner[n], k_level[n], k_active[n] = p, lv, act
    hands = hands or {}
    held = held or {}
    people = []
    bank = list(D.BANK_START)
    deck = list(D.PROGRESS_COUNTS)
    for p in range(players):
        hand = hands.get(p, D.NO_CARDS)
        prog = held.get(p, D.NO_PROGRESS)
        bank = [b - h for b, h in zip(bank, hand, strict=True)]
        deck = [d - h for d, h in zip(deck, prog, strict=True)]
        people.append(Player(
            hand=hand, progress=prog, levels=(levels or {}).get(p, (0, 0, 0)),
            roads=paths.count(p),
            settlements=sum(1 for o, lv in zip(owner, level, strict=True) if o == p and lv == 1),
            cities=sum(1 for o, lv in zip(owner, level, strict=True) if o == p and lv == 2),
            walls=sum(1 for n in walls if owner[n] == p),
            knights=tuple(sum(1 for o, lv in zip(k_owner, k_level, strict=True)
                              if o == p and lv == x) for x in (1, 2, 3)),  # type: ignore[arg-type]
        ))
    state = attrs.evolve(
        state, stage=stage, turn=turn, turns=turns, dice=dice, players=tuple(people),
        bank=tuple(bank), deck=tuple(deck), node_owner=tuple(owner), node_level=tuple(level),
        path_owner=tuple(paths), knight_owner=tuple(k_owner), knight_level=tuple(k_level),
        knight_active=tuple(k_active), walls=tuple(n in walls for n in range(B.N_NODES)),
        metropolis=metropolis, attacked=attacked, barbarians=barbarians, placement=2 * players)
    return refresh(update_roads(state, False))


def rule_of(state: CKState, action: object) -> str:
    """The rule id ``apply`` names in rejecting ``action``."""
    try:
        GAME.apply(state, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc.rule
    raise AssertionError(f"{action!r} was accepted")


def hexes_of(terrain: int) -> tuple[int, ...]:
    from rules_oracle.model.catan import data as BD

    return tuple(h for h in range(B.N_HEXES) if BD.BEGINNER_TERRAIN[h] == terrain)
