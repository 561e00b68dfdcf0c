"""Twins of Burgundy states: states that differ only in what the rules hide.

Face down under the rules are the hex stacks and the goods of the phase stacks still to
come and of the reserve. The model keeps both as counts of what is still face down (a
phase's goods are drawn at its start, a hex when its depot space is filled: chance steps
over what is left), so their contents follow from the tiles already seen and no twin can
change them and stay a state of the game (``burgundy/inv.hexes-conserved``,
``burgundy/inv.goods-conserved``); the view shows their sizes only.

The one secret a player holds is his starting castle's space while it is a hidden commit
(advanced set-up, castle-choice=secret): a twin moves it to another dark-green space of
his board, a change he sees and nobody else does.
"""

import random

import attrs

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.state import BurgundyState, Stage
from rules_oracle.properties.observation import Exemption, Twin


def twins(state: BurgundyState, rng: random.Random) -> list[Twin]:
    """A hidden castle commit moved to another dark-green space of its board (no other
    hidden information is kept in a state)."""
    if state.stage is not Stage.CASTLES:
        return []
    for i, pl in enumerate(state.players):
        if pl.start < 0 or D.CASTLE_TILE in pl.estate:
            continue  # no commit, or it lies open
        others = [s for s in BOARDS[pl.board].colour_spaces[D.CASTLE] if s != pl.start]
        s = rng.choice(others)
        players = (*state.players[:i], attrs.evolve(pl, start=s), *state.players[i + 1:])
        return [Twin(attrs.evolve(state, players=players), (i,),
                     f"player {i}'s hidden castle choice moved from {pl.start} to {s}")]
    return []


#: exceptions to ``observation/indistinguishable``: under secret castle choices the last
#: choice places every chosen castle at once, so the public view after it shows them
EXEMPT = (Exemption("ChooseCastle", "secret castle choices are placed together when the last"
                    " player has chosen", "burgundy/castle-choice"),)
