"""The end of the game ("КОНЕЦ ИГРЫ"): after the 9th round's stewardship, 2 PP for each
gold left; the most PP wins, ties share the victory."""

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.ops import evolve
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core.cite import implements


@implements(RB.END_OVER, RB.END_GOLD)
def final(state: CaylusState) -> CaylusState:
    """The game over after the last round: each player's gold scores."""
    final = tuple(evolve(pl, prestige=pl.prestige + D.GOLD_PP * pl.resources[D.GOLD])
                  for pl in state.players)
    return evolve(state, players=final, stage=Stage.OVER)


def scores(state: CaylusState) -> tuple[int, ...]:
    return tuple(pl.prestige for pl in state.players)


@implements(RB.END_TIES)
def winners(state: CaylusState) -> tuple[int, ...]:
    """The players with the most PP once the game is over (all of them on a tie)."""
    if state.stage is not Stage.OVER:
        return ()
    s = scores(state)
    best = max(s)
    return tuple(p for p, v in enumerate(s) if v == best)
