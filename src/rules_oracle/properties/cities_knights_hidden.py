"""Twins of Cities & Knights states: states that differ only in what the rules hide.

Hidden are the resource and commodity cards in each hand, the progress cards in each hand
and the order of the progress decks. A twin moves one card between two of these places,
giving back one of another kind, so every size a player sees stays the same:

* a resource or commodity card between two hands (both players' secrets change; not the
  cards of a player in a domestic trade under way, whose offer names them);
* a progress card between a hand and the deck of its colour (its holder's secret changes).

No twin is built while a card in play shows a rival's cards or a hand is being taken from
(stage ``card``), nor one that would change who may act.
"""

import random

import attrs

from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Player, Stage
from rules_oracle.properties.observation import Twin, shuffled


def _move(counts: tuple[int, ...], out: int, into: int) -> tuple[int, ...]:
    moved = list(counts)
    moved[out] -= 1
    moved[into] += 1
    return tuple(moved)


def _with(players: tuple[Player, ...], seat: int, pl: Player) -> tuple[Player, ...]:
    return (*players[:seat], pl, *players[seat + 1:])


def _same_play(state: CKState, twin: CKState) -> bool:
    return GAME.actor(state) == GAME.actor(twin)


def _trading(state: CKState) -> set[int]:
    """Seats in a domestic trade under way, whose offer names their cards."""
    offer = state.offer
    if state.stage is not Stage.TRADE or offer is None:
        return set()
    return {state.turn, offer.responder, *offer.accepted}


def _card_twin(state: CKState, seats: list[int], rng: random.Random) -> Twin | None:
    busy = _trading(state)
    free = [s for s in seats if s not in busy]
    for p in free:
        for q in free:
            if p >= q:
                continue
            a, b = state.players[p].hand, state.players[q].hand
            pairs = [(k, j) for k in range(D.N_CARDS) for j in range(D.N_CARDS)
                     if a[k] and b[j] and k != j]
            if pairs:
                k, j = rng.choice(pairs)
                players = _with(state.players, p, attrs.evolve(state.players[p],
                                                               hand=_move(a, k, j)))
                players = _with(players, q, attrs.evolve(state.players[q], hand=_move(b, j, k)))
                twin = attrs.evolve(state, players=players)
                if _same_play(state, twin):
                    return Twin(twin, (p, q), f"card {k} of player {p}'s hand swapped for"
                                f" {j} of player {q}'s")
    return None


def _progress_twin(state: CKState, seats: list[int], rng: random.Random) -> Twin | None:
    for p in seats:
        pl = state.players[p]
        pairs = [(k, j) for k in range(D.N_PROGRESS_KINDS) for j in range(D.N_PROGRESS_KINDS)
                 if pl.progress[k] and state.deck[j] and k != j and j not in D.VP_CARDS
                 and D.PROGRESS_COLOUR[k] == D.PROGRESS_COLOUR[j]]
        rng.shuffle(pairs)
        for k, j in pairs:
            twin = attrs.evolve(state, players=_with(state.players, p, attrs.evolve(
                pl, progress=_move(pl.progress, k, j))), deck=_move(state.deck, j, k))
            if _same_play(state, twin):
                return Twin(twin, (p,), f"progress card {k} of player {p} swapped for {j}"
                            " of the deck")
    return None


def twins(state: CKState, rng: random.Random) -> list[Twin]:
    """Up to two twins: cards between hands, a progress card and its deck."""
    if state.stage is Stage.CARD:
        return []
    seats = shuffled(range(state.config.players), rng)
    found = (_card_twin(state, seats, rng), _progress_twin(state, seats, rng))
    return [t for t in found if t is not None]
