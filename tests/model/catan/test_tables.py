"""The tables and memories the model keeps for speed give what the rules' plain walks give:
each is compared with its reference over the states of seeded games, and after a change of
board, so a stale or wrong entry fails here."""

import random
from collections.abc import Iterator

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import production
from rules_oracle.model.catan.actions import Dice
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.core.play import playout


def states(players: int, seeds: range, variant: dict[str, str] | None = None
           ) -> Iterator[CatanState]:
    """Every state of seeded uniform games (variable board unless ``variant`` says)."""
    config = GAME.config(players, {"board": "variable", **(variant or {})})
    for seed in seeds:
        for step in playout(GAME, config, seed):
            yield step.state


def walked_production(state: CatanState) -> CatanState:
    """Production by the walk over every hex (``owed``) and ``pay``: the reference."""
    hands = tuple(pl.hand for pl in state.players)
    got = production.owed(state.terrain, state.tokens, state.robber, state.node_owner,
                          state.node_level, sum(state.dice), state.config.players)
    bank, hands = production.pay(state.bank, hands, got,
                                 state.config.option("shortage") == "one-owed")
    players = tuple(attrs.evolve(pl, hand=h) for pl, h in zip(state.players, hands, strict=True))
    return attrs.evolve(state, bank=bank, players=players, stage=Stage.MAIN)


@pytest.mark.rules("catan/production.yield", "catan/production.robber",
                   "catan/production.shortage", "catan/bank-shortage")
@pytest.mark.parametrize("shortage", ["one-owed", "nobody"])
def test_production_by_the_roll_table_is_the_walk(shortage: str) -> None:
    rng = random.Random(7)
    checked = short = 0
    for state in states(4, range(3), {"shortage": shortage}):
        if state.stage is not Stage.DICE:
            continue
        for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
            white = max(1, total - 6)
            rolled = evolve(state, dice=(white, total - white))
            # a bank of few cards, so that the shortage is met too
            low = evolve(rolled, bank=tuple(rng.randrange(3) for _ in rolled.bank))
            for s in (rolled, low):
                assert production.produce(s) == walked_production(s)
                checked += 1
            short += walked_production(low).bank != low.bank
    assert checked > 500 and short > 20


@pytest.mark.rules("catan/production.yield")
def test_roll_table_follows_the_board() -> None:
    """Boards laid in turn (equal ones built anew too) each get their own table."""
    boards = []
    for seed in range(6):
        for state in states(3, range(seed, seed + 1)):
            if state.stage is Stage.SETUP:
                boards.append((state.terrain, state.tokens))
                break
    boards += [(tuple(t), tuple(k)) for t, k in boards]  # equal values, other objects
    for terrain, tokens in boards * 2:
        table = production.roll_table(terrain, tokens)
        for total in range(13):
            want = tuple((h, D.YIELD[terrain[h]], B.HEX_NODES[h])
                         for h in range(B.N_HEXES)
                         if tokens[h] == total and D.YIELD[terrain[h]] >= 0)
            assert table[total] == want
    assert len({b for b in boards}) > 1


@pytest.mark.rules("catan/production.yield")
def test_roll_table_memory_starts_afresh() -> None:
    production._ROLL_TABLES.clear()
    terrain, tokens = (0,) * 19, (8,) * 19
    for _ in range(production.ROLL_TABLE_ENTRIES + 3):
        fresh = tuple(list(tokens))
        assert len(production.roll_table(terrain, fresh)[8]) == 19
    assert len(production._ROLL_TABLES) <= production.ROLL_TABLE_ENTRIES
    assert production.roll_table(terrain, tokens)[8] == production.roll_table(terrain, tokens)[8]


@pytest.mark.rules("catan/production.yield", "catan/turn.roll")
def test_a_dice_step_produces_as_the_walk() -> None:
    for state in states(3, range(2)):
        if state.stage is Stage.DICE:
            out = GAME.apply(state, Dice(4, 4))
            assert out == walked_production(evolve(state, dice=(4, 4)))
