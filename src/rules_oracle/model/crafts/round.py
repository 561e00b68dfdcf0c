"""1. Начало раунда (round start): the cards dealt or drawn up to a hand, the first player."""

from fractions import Fraction

from rules_oracle.model.core.chance import uniform
from rules_oracle.model.core.ops import evolve
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import Action, FirstPlayer
from rules_oracle.model.crafts.ops import Params
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState


def deal_first(state: CraftsState) -> CraftsState:
    """Round 1: every player is owed a hand of 5 (RB.ROUND_DEAL_FIRST), drawn one chance
    step a card."""
    return evolve(state, owed=(D.HAND,) * state.config.players)


def first_player_outcomes(state: CraftsState) -> tuple[tuple[Action, Fraction], ...]:
    """Round 1's first player, at random (RB.ROUND_FIRST_RANDOM)."""
    return uniform([FirstPlayer(i) for i in range(state.config.players)])


def first_player(s: CraftsState, p: Params, a: Action) -> CraftsState:
    """Round 1's first player is drawn: he takes the first player's token."""
    if type(a) is not FirstPlayer or not 0 <= a.player < p.players:
        raise RULES.illegal(RB.ROUND_FIRST_RANDOM, f"a first player is due, not {a!r}")
    return evolve(s, first=a.player, turn=a.player)


def first_of_round(s: CraftsState, p: Params) -> int:
    """A later round's first player: the lowest score (RB.ROUND_FIRST_LOWEST), a tie to
    the tied player nearest clockwise from the last first player (RB.ROUND_FIRST_TIE;
    under ``first_tie=self`` the last first player himself first)."""
    low = min(s.scores)
    n = p.players
    start = 0 if p.first_self else 1
    for d in range(start, start + n):
        j = (s.first + d) % n
        if s.scores[j] == low:
            return j
    raise AssertionError("no lowest score")  # pragma: no cover


def start(s: CraftsState, p: Params) -> CraftsState:
    """A later round starts: its first player, and each player owed the cards up to 5
    (RB.ROUND_REFILL); a hand of more than 5 keeps them all (RB.ROUND_KEEP_EXTRA)."""
    first = first_of_round(s, p)
    return evolve(s, first=first, turn=first,
                  owed=tuple(max(0, D.HAND - sum(h)) for h in s.hands))
