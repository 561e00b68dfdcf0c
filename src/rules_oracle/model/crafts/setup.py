"""Подготовка к игре (set-up): the players' coins and markers, the shuffled deck."""

from rules_oracle.model.core.game import Config
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.ops import ZERO_CARDS, ZERO_RES
from rules_oracle.model.crafts.state import CraftsState, Stage


def setup(config: Config) -> CraftsState:
    """The table before round 1's deal (the deal itself: ``round.deal_first``)."""
    n = config.players
    return CraftsState(
        config=config, round=1, phase=Stage.DEAL, turn=-1, first=-1,
        scores=(0,) * n, best=(0,) * n,  # RB.SETUP_MARKERS_ZERO
        coins=(D.START_COINS,) * n,  # RB.SETUP_COINS: 5 pebbles beside the board
        boards=(ZERO_RES,) * n, bank=D.PEBBLES - D.START_COINS * n,
        # RB.SETUP_SHUFFLE: one deck of buildings and actions; its order is not kept, each
        # draw is a chance step over the cards left in it (``game.CraftsGame.chance_outcomes``)
        deck=D.FULL_DECK, discard=ZERO_CARDS, market=ZERO_CARDS, to_market=0,
        hands=(ZERO_CARDS,) * n, table=(ZERO_CARDS,) * n, committed=(-1,) * n,
        passed=(False,) * n, exchanges=(0,) * n, declined=(0,) * n, owed=(0,) * n,
    )


def shown() -> tuple[str, ...]:
    """The rules the game's first step shows: the set-up and the components it lays out."""
    return (RB.SETUP_COINS, RB.SETUP_MARKERS_ZERO, RB.COMPONENTS_BUILDINGS,
            RB.COMPONENTS_ACTIONS, RB.COMPONENTS_PEBBLES, RB.COMPONENTS_COINS,
            RB.COMPONENTS_BANK, RB.COMPONENTS_BOARDS)
