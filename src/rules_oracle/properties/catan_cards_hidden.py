"""Twins of states of the Catan quick card game: states that differ only in what the rules
hide.

Hidden are the resource cards in each hand and the face-down resource stack. A twin moves
one card between two of these places, giving back one of another kind, so every size a
player sees stays the same:

* a resource card between two hands (both players' secrets change);
* a resource card between a hand and the stack (its holder's secret changes).

The city sides of the settlement cards are hidden from everyone alike, so no player's view
can differ on them: the model keeps them as the counts of unseen events, which are public.
While the library's owner chooses a card of a rival's hand (stage choose) his view shows
that hand, so no twin changes it then.
"""

import random

from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.ops import bump, evolve, put
from rules_oracle.properties.observation import Exemption, Twin, shuffled


def _hand_twin(state: CardsState, seats: list[int], rng: random.Random) -> Twin | None:
    for p in seats:
        for q in seats:
            if p >= q:
                continue
            a, b = state.players[p].hand, state.players[q].hand
            pairs = [(k, j) for k in range(5) for j in range(5) if a[k] and b[j] and k != j]
            if pairs:
                k, j = rng.choice(pairs)
                players = put(state.players, p, evolve(state.players[p],
                                                       hand=bump(bump(a, k, -1), j)))
                players = put(players, q, evolve(state.players[q], hand=bump(bump(b, j, -1), k)))
                return Twin(evolve(state, players=players), (p, q),
                            f"resource {k} of player {p}'s hand swapped for {j} of player"
                            f" {q}'s")
    return None


def _stack_twin(state: CardsState, seats: list[int], rng: random.Random) -> Twin | None:
    for p in seats:
        a = state.players[p].hand
        pairs = [(k, j) for k in range(5) for j in range(5)
                 if a[k] and state.stack[j] and k != j]
        if pairs:
            k, j = rng.choice(pairs)
            players = put(state.players, p, evolve(state.players[p],
                                                   hand=bump(bump(a, k, -1), j)))
            return Twin(evolve(state, players=players, stack=bump(bump(state.stack, j, -1), k)),
                        (p,), f"resource {k} of player {p}'s hand swapped for {j} of the"
                        " stack")
    return None


def twins(state: CardsState, rng: random.Random) -> list[Twin]:
    """Up to two twins: resources between hands, a hand and the stack; never the hand the
    library's choice shows its owner (stage choose)."""
    seats = shuffled(range(state.config.players), rng)
    if state.stage is Stage.CHOOSE:
        seats = [p for p in seats if p != state.rival]
    found = (_hand_twin(state, seats, rng), _stack_twin(state, seats, rng))
    return [t for t in found if t is not None]


#: the exception to ``observation/indistinguishable``: the 3-for-1 takes its card from the
#: face-down stack (there is no bank), so whether it can be made, and whether the card
#: leaves the stack or the discard pile, shows whether the stack holds that resource (the
#: library's choice needs none: the view of its owner shows the hand he chooses from)
EXEMPT = (Exemption("Convert", "the 3-for-1 takes its card from the face-down stack, else"
                    " the discard pile (there is no bank): as at the table, the player"
                    " learns whether the stack holds that resource, and every viewer sees"
                    " which pile the card left", "catan_cards/convert-source", legal=True),)
