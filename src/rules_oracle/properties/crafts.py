"""Invariants of the crafts card game: every reachable state satisfies each of them."""

from typing import Any

from rules_oracle.model.core.game import CHANCE, TERMINAL
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.game import GAME, params, resolver
from rules_oracle.model.crafts.state import (
    TASK_MAGE,
    TASK_NONE,
    CraftsState,
    Stage,
)
from rules_oracle.properties.base import Invariant, Violation

CARDS = "crafts/inv.cards-conserved"
PEBBLES = "crafts/inv.pebbles-conserved"
NON_NEGATIVE = "crafts/inv.non-negative"
SCORES = "crafts/inv.score-bounds"
TURN = "crafts/inv.turn-structure"


def _piles(s: CraftsState) -> list[tuple[str, tuple[int, ...]]]:
    piles = [("deck", s.deck), ("discard", s.discard), ("market", s.market)]
    for i in range(s.config.players):
        piles.append((f"hands[{i}]", s.hands[i]))
        piles.append((f"table[{i}]", s.table[i]))
    return piles


def cards_conserved(s: CraftsState) -> list[Violation]:
    """Every one of the 108 cards is in exactly one place (per kind)."""
    total = [0] * D.NK
    for _, pile in _piles(s):
        for k in range(D.NK):
            total[k] += pile[k]
    for c in s.committed:
        if 0 <= c < D.NK:
            total[c] += 1
    out = []
    for k in range(D.NK):
        if total[k] != D.FULL_DECK[k]:
            out.append(Violation(CARDS, f"{D.CARD_KEYS[k]}: {total[k]} cards, expected"
                                        f" {D.FULL_DECK[k]}"))
    return out


def pebbles_conserved(s: CraftsState) -> list[Violation]:
    """Bank + boards + coins = 100 (with the unlimited pool the bank may count below 0)."""
    total = s.bank + sum(s.coins) + sum(sum(b) for b in s.boards)
    out = []
    if total != D.PEBBLES:
        out.append(Violation(PEBBLES, f"{total} pebbles, expected {D.PEBBLES}"))
    if params(s.config).limited and s.bank < 0:
        out.append(Violation(PEBBLES, f"bank holds {s.bank} pebbles"))
    return out


def non_negative(s: CraftsState) -> list[Violation]:
    out = []
    for name, pile in _piles(s):
        if min(pile) < 0:
            out.append(Violation(NON_NEGATIVE, f"{name} has a negative count: {pile}"))
    for i in range(s.config.players):
        if min(s.boards[i]) < 0:
            out.append(Violation(NON_NEGATIVE, f"boards[{i}] negative: {s.boards[i]}"))
    for name, vec in (("coins", s.coins), ("owed", s.owed), ("exchanges", s.exchanges),
                      ("declined", s.declined)):
        if min(vec) < 0:
            out.append(Violation(NON_NEGATIVE, f"{name} negative: {vec}"))
    if s.to_market < 0 or s.task_count < 0:
        out.append(Violation(NON_NEGATIVE, "to_market or task_count negative"))
    return out


def score_bounds(s: CraftsState) -> list[Violation]:
    """0 <= score <= GAME.score_bound; before the end a marker never exceeds its best."""
    bound = GAME.score_bound(s.config)
    out = []
    for i, sc in enumerate(s.scores):
        if not 0 <= sc <= bound:
            out.append(Violation(SCORES, f"player {i} scores {sc}, bounds 0..{bound}"))
        if s.phase != Stage.OVER and sc > s.best[i]:
            out.append(Violation(SCORES, f"player {i} scores {sc} above his best {s.best[i]}"))
    return out


def turn_structure(s: CraftsState) -> list[Violation]:
    """Round 1..4; the pending actor is consistent with the phase; piles empty out of phase."""
    out: list[Violation] = []
    n = s.config.players

    def bad(msg: str) -> None:
        out.append(Violation(TURN, msg))

    if not 1 <= s.round <= D.ROUNDS:
        bad(f"round {s.round}")
    ph = s.phase
    if not Stage.DEAL <= ph <= Stage.OVER:
        bad(f"phase {ph}")
        return out
    if ph != Stage.FIRST and not (s.round == 1 and ph == Stage.DEAL) and not 0 <= s.first < n:
        bad(f"first player {s.first}")
    if ph != Stage.MARKET and (any(s.market) or s.to_market):
        bad("market cards outside the market")
    if ph not in (Stage.COMMIT, Stage.RESOLVE):
        if any(any(row) for row in s.table):
            bad("cards on the table outside the play phase")
        if any(c >= 0 for c in s.committed):
            bad("committed cards outside the play phase")
    if s.stopped and (ph != Stage.COMMIT or any(
            s.stopped >> i & 1 and not s.passed[i] for i in range(n))
            or s.stopped >> n):
        bad(f"stops of a commit step {s.stopped} outside it or on seats not stopped")
    if ph == Stage.MARKET and sum(s.market) + s.to_market > D.MARKET:
        bad("more than 6 market cards")
    if s.task != TASK_NONE and ph != Stage.RESOLVE:
        bad(f"task {s.task} outside resolution")
    who = GAME.actor(s)
    if who == TERMINAL:
        if ph != Stage.OVER:
            bad(f"terminal in phase {ph}")
        return out
    if who == CHANCE:
        if not GAME.chance_outcomes(s):
            bad("a chance step is due with no outcome")
        return out
    t = s.turn
    if not 0 <= t < n:
        bad(f"turn {t}")
        return out
    if ph in (Stage.MARKET, Stage.COMMIT, Stage.END) and s.passed[t]:
        bad(f"player {t} acts after passing")
    if ph == Stage.COMMIT and (s.committed[t] >= 0 or not any(s.hands[t])):
        bad(f"player {t} commits twice or with no card")
    if ph == Stage.RESOLVE:
        if s.task == TASK_MAGE:
            if t != s.task_player:
                bad(f"player {t} acts for player {s.task_player}'s Mage")
        elif t != resolver(s) or s.committed[t] < 0:
            bad(f"player {t} resolves out of order")
    if ph in (Stage.DEAL, Stage.FIRST):
        bad("a player acts during the deal")
    if not GAME.legal_actions(s):
        bad("no legal action for the acting player")
    return out


INVARIANTS: tuple[Invariant, ...] = (
    cards_conserved, pebbles_conserved, non_negative, score_bounds, turn_structure,
)


def check(state: Any) -> list[Violation]:
    """Every violation of every invariant in ``state``."""
    out: list[Violation] = []
    for inv in INVARIANTS:
        out.extend(inv(state))
    return out
