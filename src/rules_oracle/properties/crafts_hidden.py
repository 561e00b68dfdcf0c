"""Twins of crafts states: states that differ only in what the rules hide.

Hidden are the deck's contents, the cards in each hand and a step's choices in the commit
stage (a card committed face down, or a stop: crafts/commit-seen). A twin moves one card
between two of these places, giving back one of another kind, so every size a player sees
stays the same, or changes a seat's choice of the step under way:

* deck and a hand (the player's own secret changes);
* two hands (both players' secrets change);
* a face-down card and the deck (its owner's secret changes);
* a face-down card taken back into its owner's hand, who stopped instead (his secret
  changes; the others see the step's choices only at the reveal).
"""

import random

import attrs

from rules_oracle.model.crafts.state import CraftsState, Stage
from rules_oracle.properties.observation import Exemption, Twin, shuffled


def _swap(pile: tuple[int, ...], out: int, into: int) -> tuple[int, ...]:
    """``pile`` with one card of kind ``out`` replaced by one of kind ``into``."""
    counts = list(pile)
    counts[out] -= 1
    counts[into] += 1
    return tuple(counts)


def _kinds(pile: tuple[int, ...]) -> list[int]:
    return [k for k, n in enumerate(pile) if n]


def _trade(a: tuple[int, ...], b: tuple[int, ...],
           rng: random.Random) -> tuple[int, int] | None:
    """A card kind of ``a`` and another kind of ``b`` (to exchange), or None."""
    for k in shuffled(_kinds(a), rng):
        others = [j for j in _kinds(b) if j != k]
        if others:
            return k, rng.choice(others)
    return None


def _with_hand(hands: tuple[tuple[int, ...], ...], seat: int,
               hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1:])


def twins(state: CraftsState, rng: random.Random) -> list[Twin]:
    """Up to four twins of ``state``: deck and hand, two hands, face-down card and deck, a
    stop instead of a face-down card."""
    out: list[Twin] = []
    seats = shuffled(range(state.config.players), rng)
    for p in seats:
        pick = _trade(state.hands[p], state.deck, rng)
        if pick:
            k, j = pick
            hands = _with_hand(state.hands, p, _swap(state.hands[p], k, j))
            out.append(Twin(attrs.evolve(state, hands=hands, deck=_swap(state.deck, j, k)),
                            (p,), f"card {k} of player {p}'s hand swapped for {j} of the deck"))
            break
    for p in seats:
        for q in seats:
            pick = _trade(state.hands[p], state.hands[q], rng) if p < q else None
            if pick:
                k, j = pick
                hands = _with_hand(state.hands, p, _swap(state.hands[p], k, j))
                hands = _with_hand(hands, q, _swap(state.hands[q], j, k))
                out.append(Twin(attrs.evolve(state, hands=hands), (p, q),
                                f"card {k} of player {p}'s hand swapped for {j} of player"
                                f" {q}'s"))
                break
        else:
            continue
        break
    if state.phase == Stage.COMMIT:
        for p in seats:
            k = state.committed[p]
            others = [j for j in _kinds(state.deck) if j != k]
            if k >= 0 and others:
                j = rng.choice(others)
                committed = (*state.committed[:p], j, *state.committed[p + 1:])
                out.append(Twin(attrs.evolve(state, committed=committed,
                                             deck=_swap(state.deck, j, k)), (p,),
                                f"player {p}'s face-down card {k} swapped for {j} of the deck"))
                break
        for p in seats:
            k = state.committed[p]
            if k >= 0:
                hand = list(state.hands[p])
                hand[k] += 1
                out.append(Twin(attrs.evolve(
                    state, committed=(*state.committed[:p], -1, *state.committed[p + 1:]),
                    hands=_with_hand(state.hands, p, tuple(hand)),
                    passed=(*state.passed[:p], True, *state.passed[p + 1:]),
                    stopped=state.stopped | 1 << p), (p,),
                    f"player {p} stopped instead of laying card {k} face down"))
                break
    return out


#: exceptions to ``observation/indistinguishable``: the last player to commit a card face
#: down or to stop closes the step, which turns every committed card over at once, so the
#: public view after it shows what was hidden
_REVEAL = ("the step's last commit or stop turns every face-down card over at once (the"
           " cards are committed face down, then revealed together)")
EXEMPT = (Exemption("Commit", _REVEAL, "crafts/play.commit"),
          Exemption("Stop", _REVEAL, "crafts/play.may-stop"))
