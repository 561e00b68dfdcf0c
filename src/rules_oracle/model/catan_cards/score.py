"""Points (``ЦЕЛЬ ИГРЫ`` and the development cards' texts) and the game over."""

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.state import CardsState, Player, Stage
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import evolve


def a_side(n: int) -> int:
    """Cards of a pile of ``n`` lying A side up (A, B, A...: catan_cards/development.alternate)."""
    return (n + 1) // 2


@implements(RB.SCORE_ROADS_KNIGHTS)
def pile_vp(n: int, reading: str) -> int:
    """Points of a road or knight pile of ``n`` cards (catan_cards/road-knight-points)."""
    if reading == "b-side":
        return n // 2
    if reading == "a-side":
        return (n + 1) // 2
    return n


@implements(RB.SCORE_SETTLEMENT, RB.SCORE_CITY, RB.SCORE_BUILDING)
def vp(pl: Player, reading: str) -> int:
    """Settlements 1, cities 2, buildings 3 or 4 in place of their city, roads and knights
    (catan_cards/score.*)."""
    return (pl.settlements + 2 * pl.cities
            + sum(D.BUILDING_VP[k] * n for k, n in enumerate(pl.buildings))
            + pile_vp(pl.roads, reading) + pile_vp(pl.knights, reading))


def refresh(state: CardsState, seats: tuple[int, ...]) -> CardsState:
    """The points of ``seats`` recomputed after their cards changed."""
    reading = state.config.option("road-knight-points")
    players = list(state.players)
    for p in seats:
        v = vp(players[p], reading)
        if v != players[p].vp:
            players[p] = evolve(players[p], vp=v)
    return evolve(state, players=tuple(players))


def over(state: CardsState, winner: int) -> CardsState:
    return evolve(state, stage=Stage.OVER, winner=winner, drawing=(), discards=(), rival=-1)


def scores(state: CardsState) -> tuple[int, ...]:
    return tuple(pl.vp for pl in state.players)
