"""Hand-built steps for catan's encoding at what seeded play seldom reaches (its
``probes``): made from a seeded game's state with every count kept consistent."""

import functools
import random
from typing import Any

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.actions import PlayKnight
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.core.ops import evolve
from rules_oracle.model.core.play import choose


@functools.cache
def army_tie() -> tuple[CatanState, Any]:
    """A knight that ties the largest army's holder (catan/largest-army.exceed: the card
    passes only to more knights). From the first turn of an eager 4-player game (seed 1)
    before its roll with no knight played: the next player holds the army with 3 knights,
    the player on turn has played 2 and holds a third, bought before (each knight comes
    off the deck; the army's 2 points to its holder)."""
    rng = random.Random(1)
    state = GAME.setup(GAME.config(4))
    while not (state.stage is Stage.PRE_ROLL and state.turns >= 2 and state.army < 0
               and not state.dev_played and state.played[D.KNIGHT] == 0
               and state.deck[D.KNIGHT] >= 6):
        state = GAME.apply(state, choose(GAME, state, rng, "eager"))
    b = state.turn
    a = (b + 1) % len(state.players)
    players = list(state.players)
    players[a] = evolve(players[a], knights=3, vp=players[a].vp + D.SPECIAL_VP)
    hand = tuple(n + (k == D.KNIGHT) for k, n in enumerate(players[b].developments))
    players[b] = evolve(players[b], knights=2, developments=hand)
    deck = tuple(n - 6 * (k == D.KNIGHT) for k, n in enumerate(state.deck))
    played = tuple(n + 5 * (k == D.KNIGHT) for k, n in enumerate(state.played))
    return evolve(state, players=tuple(players), deck=deck, played=played, army=a), PlayKnight()
