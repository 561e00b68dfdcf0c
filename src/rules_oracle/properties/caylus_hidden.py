"""Twins of Caylus 1303 states: states that differ only in what the rules hide.

Hidden are each player's prestige points (kept face down). A twin gives one player some
more (or fewer, when he has them) prestige points: his secret changes, nobody else's.
At the end the tokens are turned over: no twins.
"""

import random

import attrs

from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.properties.observation import Exemption, Twin, shuffled


def twins(state: CaylusState, rng: random.Random) -> list[Twin]:
    """Up to two twins, each changing one player's prestige points."""
    out: list[Twin] = []
    if state.stage is Stage.OVER:
        return out  # the tokens are turned over at the end
    for p in shuffled(range(state.config.players), rng)[:2]:
        pl = state.players[p]
        delta = rng.choice((-1, 1)) if pl.prestige else 1
        delta *= rng.randint(1, max(1, pl.prestige)) if delta < 0 else rng.randint(1, 5)
        players = (*state.players[:p], attrs.evolve(pl, prestige=pl.prestige + delta),
                   *state.players[p + 1:])
        out.append(Twin(attrs.evolve(state, players=players), (p,),
                        f"player {p}'s prestige {pl.prestige} -> {pl.prestige + delta}"))
    return out


#: exceptions to ``observation/indistinguishable``: the step that ends the game turns every
#: player's prestige points face up for the final count
EXEMPT = (Exemption("*", "the game's end turns the face-down prestige points over (the"
                    " views show every player's score then)",
                    "caylus/end.ties (the final count compares every player's prestige)",
                    at_end=True),)
