"""Twins of Catan states: states that differ only in what the rules hide.

Hidden are the resource cards in each hand, the development cards in each hand (victory
point cards included) and the development deck. A twin moves one card between two of these
places, giving back one of another kind, so every size a player sees stays the same:

* a resource card between two hands (both players' secrets change; during a domestic
  trade only resources its offer and counter-offer leave unnamed, so that the cards a
  player offers or holds for an acceptance stay; the rest of a trading player's hand is as
  hidden as anyone's);
* a development card between a hand and the deck (its holder's secret changes), one held
  from an earlier turn or one bought this turn.

A twin that would give the player on turn 10 points (the game would be over) is not built,
nor one that moves the victory point cards of a player who has won (he shows them to win).
"""

import random

import attrs

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.state import CatanState, Player, Stage
from rules_oracle.properties.catan import turn_structure
from rules_oracle.properties.observation import Exemption, Twin, shuffled


def _move(counts: tuple[int, ...], out: int, into: int) -> tuple[int, ...]:
    moved = list(counts)
    moved[out] -= 1
    moved[into] += 1
    return tuple(moved)


def _with(players: tuple[Player, ...], seat: int, pl: Player) -> tuple[Player, ...]:
    return (*players[:seat], pl, *players[seat + 1:])


def _named(state: CatanState) -> set[int]:
    """The resources a domestic trade under way names (on either side, offer or counter)."""
    offer = state.offer
    if state.stage is not Stage.TRADE or offer is None:
        return set()
    sides = (offer.give, offer.get, offer.counter_give, offer.counter_get)
    return {r for side in sides for r, n in enumerate(side) if n}


def _resource_twin(state: CatanState, seats: list[int], rng: random.Random) -> Twin | None:
    named = _named(state)
    for p in seats:
        for q in seats:
            if p >= q:
                continue
            a, b = state.players[p].hand, state.players[q].hand
            pairs = [(k, j) for k in range(5) for j in range(5) if a[k] and b[j] and k != j
                     and k not in named and j not in named]
            if pairs:
                k, j = rng.choice(pairs)
                players = _with(state.players, p, attrs.evolve(state.players[p],
                                                               hand=_move(a, k, j)))
                players = _with(players, q, attrs.evolve(state.players[q], hand=_move(b, j, k)))
                return Twin(attrs.evolve(state, players=players), (p, q),
                            f"resource {k} of player {p}'s hand swapped for {j} of player"
                            f" {q}'s")
    return None


def _development_twin(state: CatanState, seats: list[int], rng: random.Random,
                      bought: bool) -> Twin | None:
    for p in seats:
        pl = state.players[p]
        held = pl.bought if bought else tuple(
            d - b for d, b in zip(pl.developments, pl.bought, strict=True))
        # the winner's victory point cards are shown once he has won (catan/hidden-points)
        shown = p == state.winner
        pairs = [(k, j) for k in range(5) for j in range(5)
                 if held[k] and state.deck[j] and k != j
                 and not (shown and D.VICTORY_POINT in (k, j))]
        rng.shuffle(pairs)
        for k, j in pairs:
            changed = attrs.evolve(pl, developments=_move(pl.developments, k, j),
                                   bought=_move(pl.bought, k, j) if bought else pl.bought)
            twin = attrs.evolve(state, players=_with(state.players, p, changed),
                                deck=_move(state.deck, j, k))
            if not turn_structure(twin):
                when = "bought this turn" if bought else "held"
                return Twin(twin, (p,), f"development {k} {when} by player {p} swapped"
                            f" for {j} of the deck")
    return None


#: the exception to ``observation/indistinguishable``: a monopoly makes every rival hand over
#: all he holds of the named resource, so how many each gives (and so his hand's size after
#: it) is shown to all
EXEMPT = (Exemption("PlayMonopoly", "every rival hands over all his cards of the named"
                    " resource to the player of the monopoly, openly: how many each gives is"
                    " shown to all", "catan/development.monopoly"),)


def twins(state: CatanState, rng: random.Random) -> list[Twin]:
    """Up to three twins: resources between hands, a held or a just-bought development
    card and the deck."""
    seats = shuffled(range(state.config.players), rng)
    found = (_resource_twin(state, seats, rng), _development_twin(state, seats, rng, False),
             _development_twin(state, seats, rng, True))
    return [t for t in found if t is not None]
