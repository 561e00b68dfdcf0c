"""Building crafts states for tests: count vectors by name, scenario states, stepping."""

import random
from collections.abc import Mapping
from typing import Any

from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.core.play import choose
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import game
from rules_oracle.model.crafts.actions import Commit, Stop
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import CraftsState, Stage

CARD = {k: i for i, k in enumerate(D.CARD_KEYS)}
RES = {k: i for i, k in enumerate(D.RESOURCES)}


def cards(**kinds: int) -> tuple[int, ...]:
    """Card counts by key: cards(farm=2, castle=1)."""
    out = [0] * D.NK
    for k, n in kinds.items():
        out[CARD[k]] = n
    return tuple(out)


def res(**kinds: int) -> tuple[int, ...]:
    """Resource counts by name: res(wood=2, kvass=1)."""
    out = [0] * D.NR
    for k, n in kinds.items():
        out[RES[k]] = n
    return tuple(out)


def make(players: int = 2, variant: Mapping[str, str] | None = None, *,
         phase: int = Stage.COMMIT, round: int = 1, first: int = 0,
         hands: Mapping[int, tuple[int, ...]] | None = None,
         table: Mapping[int, tuple[int, ...]] | None = None,
         boards: Mapping[int, tuple[int, ...]] | None = None,
         coins: Mapping[int, int] | None = None,
         scores: Mapping[int, int] | None = None,
         market: tuple[int, ...] | None = None,
         discard: tuple[int, ...] | None = None,
         deck: tuple[int, ...] | None = None,
         **fields: Any) -> CraftsState:
    """A consistent state: cards are taken from the deck (unless ``deck`` is given),
    pebbles from the bank; automatic transitions are run."""
    cfg = GAME.config(players, variant)
    n = players
    zero = (0,) * D.NK
    hs = tuple((hands or {}).get(i, zero) for i in range(n))
    ts = tuple((table or {}).get(i, zero) for i in range(n))
    mk = market or zero
    dc = discard or zero
    if deck is None:
        used = [sum(v[k] for v in (*hs, *ts, mk, dc)) for k in range(D.NK)]
        deck = tuple(f - u for f, u in zip(D.FULL_DECK, used, strict=True))
    bs = tuple((boards or {}).get(i, (0,) * D.NR) for i in range(n))
    cs = tuple((coins or {}).get(i, D.START_COINS) for i in range(n))
    sc = tuple((scores or {}).get(i, 0) for i in range(n))
    bank = D.PEBBLES - sum(cs) - sum(sum(b) for b in bs)
    values: dict[str, Any] = dict(
        config=cfg, round=round, phase=phase, turn=first, first=first, scores=sc, best=sc,
        coins=cs, boards=bs, bank=bank, deck=deck, discard=dc, market=mk, to_market=0,
        hands=hs, table=ts, committed=(-1,) * n, passed=(False,) * n, exchanges=(0,) * n,
        declined=(0,) * n, owed=(0,) * n,
    )
    values.update(fields)
    state = CraftsState(**values)
    return settle(state)


def settle(state: CraftsState) -> CraftsState:
    return game.settle(state, game.params(state.config))


def run(state: CraftsState, *actions: Any) -> CraftsState:
    for a in actions:
        state = GAME.apply(state, a)
    return state


def commit(state: CraftsState, plays: Mapping[int, str | None]) -> CraftsState:
    """Every player of the commit stage commits his card (by key) or stops (None)."""
    assert state.phase == Stage.COMMIT
    while state.phase == Stage.COMMIT:
        i = GAME.actor(state)
        key = plays.get(i)
        state = GAME.apply(state, Stop() if key is None else Commit(CARD[key]))
    return state


def resolving(players: int = 2, player: int = 0, card: str = "farm",
              variant: Mapping[str, str] | None = None, **kw: Any) -> CraftsState:
    """The state where ``player`` resolves his revealed ``card``; the others stop."""
    hands = dict(kw.pop("hands", {}))
    hands[player] = tuple(a + b for a, b in zip(hands.get(player, (0,) * D.NK),
                                                cards(**{card: 1}), strict=True))
    state = make(players, variant, hands=hands, **kw)
    state = commit(state, {player: card})
    assert state.phase == Stage.RESOLVE and GAME.actor(state) == player, state
    return state


def biased_choice(state: CraftsState, rng: random.Random) -> Any:
    """A random legal action, preferring to apply cards and keep playing (to reach deep
    states that uniform random play seldom sees)."""
    if GAME.actor(state) == CHANCE:
        return choose(GAME, state, rng)
    acts = GAME.legal_actions(state)
    names = [type(a).__name__ for a in acts]
    good = [a for a, nm in zip(acts, names, strict=True)
            if nm in ("Apply", "Knight", "Scout", "Rebuild", "Steal", "Commit")]
    if good and rng.random() < 0.85:
        return rng.choice(good)
    if state.phase == Stage.RESOLVE and rng.random() < 0.7:
        buys = [a for a, nm in zip(acts, names, strict=True) if nm == "Buy"]
        if buys:
            return rng.choice(buys)
    return rng.choice(acts)


def biased_game(players: int, seed: int,
                variant: Mapping[str, str] | None = None) -> list[CraftsState]:
    rng = random.Random(seed)
    cfg = GAME.config(players, variant)
    state = GAME.setup(cfg)
    states = [state]
    bound = GAME.max_steps(cfg)
    while not GAME.is_terminal(state):
        assert len(states) <= bound
        state = GAME.apply(state, biased_choice(state, rng))
        states.append(state)
    return states
