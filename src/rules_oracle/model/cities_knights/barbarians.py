"""The barbarians (chapters 5 and 7): the ship's advance on the track, and the attack:
cities against active knights, the defender's reward or the weakest players' lost cities."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.ops import evolve, in_range, put
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action, ReduceCity
from rules_oracle.model.cities_knights.common import (
    Links,
    active_knights,
    order_from,
    road_owners_at,
    set_player,
    strength,
    update_roads,
)
from rules_oracle.model.cities_knights.state import CKState, Stage


def advance(state: CKState, links: Links) -> CKState:
    """A ship on the event die moves the barbarians one step (RB.BARBARIANS_MOVE); on the
    track's last step they attack (RB.BARBARIANS_TRACK), else production follows."""
    state = evolve(state, barbarians=state.barbarians + 1)
    if state.barbarians >= D.TRACK:
        return attack(state, links)
    return links.production(state)


def attack(state: CKState, links: Links) -> CKState:
    """The barbarians attack: cities vs active knights; then every knight deactivates and
    the ship returns (cities_knights/barbarians.*)."""
    n = state.config.players
    cities = sum(pl.cities for pl in state.players)  # RB.BARBARIANS_STRENGTH
    if state.config.option("barbarian-strength") == "plus-metropolis":
        # cities_knights/barbarian-strength: b = s + m, a metropolis counted once more
        cities += sum(1 for node in state.metropolis if node >= 0)
    contrib = tuple(strength(state, p) for p in range(n))
    counts = tuple(active_knights(state, p) for p in range(n))
    defence = sum(contrib)  # RB.BARBARIANS_DEFENCE
    order = order_from(state, state.turn)
    # RB.BARBARIANS_RESET: the ship back to the start, every knight inactive
    state = evolve(state, barbarians=0, attacked=True,
                   knight_active=(False,) * B.N_NODES)
    if defence >= cities:
        key = counts if state.config.option("defender") == "count" else contrib
        best = max(key)
        if best == 0:  # cities_knights/no-defenders: nobody contributed
            return links.production(state)
        top = tuple(p for p in order if key[p] == best)
        if len(top) == 1:  # RB.BARBARIANS_DEFENDER
            p = top[0]
            # cities_knights/defender-cards-out: past the 6 cards, the point all the same
            if state.defenders_left or state.config.option("defender-out") == "point":
                pl = state.players[p]
                state = set_player(state, p, evolve(pl, defenders=pl.defenders + 1),
                                   defenders_left=max(0, state.defenders_left - 1))
            return links.production(state)
        # RB.BARBARIANS_TIE: each tied player draws a progress card of a colour of choice
        return links.continue_draws(evolve(state, draws=tuple((p, -1) for p in top)))
    # RB.BARBARIANS_IMMUNE: a player without a city the barbarians may reduce is spared;
    # RB.BARBARIANS_LOSS: the weakest of the others each reduce a city (cities_knights/
    # loss-among: the spared are left out of the comparison)
    eligible = [p for p in order if _reducible(state, p, links)]
    if not eligible:
        return links.production(state)
    low = min(contrib[p] for p in eligible)
    losers = tuple(p for p in eligible if contrib[p] == low)
    if state.config.option("losers") == "one":
        losers = losers[:1]
    return evolve(state, queue=losers, stage=Stage.REDUCE)


def _reducible(state: CKState, p: int, links: Links) -> tuple[int, ...]:
    """``p``'s cities the barbarians may reduce: not metropolises."""
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 2 and not links.immune(state, n))


def reduce_actions(state: CKState, links: Links) -> tuple[Action, ...]:
    return tuple(ReduceCity(n) for n in _reducible(state, state.queue[0], links))


def reduce_city(state: CKState, action: ReduceCity, links: Links) -> CKState:
    p = state.queue[0]
    n = action.node
    if n not in _reducible(state, p, links):
        raise RB.RULES.illegal(RB.BARBARIANS_LOSS if not in_range(n, B.N_NODES) or n not in
                               state.metropolis else RB.METROPOLIS_IMMUNE,
                               f"intersection {n!r} holds no reducible city of player {p}")
    pl = state.players[p]
    walls, wall = links.lose_wall(state.walls, n)
    pl = evolve(pl, cities=pl.cities - 1, walls=pl.walls - wall)
    # cities_knights/reduced-city-stock: with no settlement piece left, the city turned on
    # its side is a settlement all the same (default), or is removed
    if pl.settlements < BD.SETTLEMENTS or state.config.option("reduced-city") == "on-side":
        pl = evolve(pl, settlements=pl.settlements + 1)
        state = set_player(state, p, pl, walls=walls, node_level=put(state.node_level, n, 1))
    else:
        state = set_player(state, p, pl, walls=walls, node_level=put(state.node_level, n, 0),
                           node_owner=put(state.node_owner, n, -1))
        state = update_roads(state, False, road_owners_at(state, n))
    state = evolve(state, queue=state.queue[1:])
    if state.queue:
        return state
    return links.production(state)
