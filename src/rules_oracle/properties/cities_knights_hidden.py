"""Twins of Cities & Knights states: states that differ only in what the rules hide.

Hidden are the resource and commodity cards in each hand, the progress cards in each hand
and the order of the progress decks. A twin moves one card between two of these places,
giving back one of another kind, so every size a player sees stays the same:

* a resource or commodity card between two hands (both players' secrets change; not the
  cards of a player in a domestic trade under way, whose offer names them);
* a progress card between a hand and the deck of its colour (its holder's secret changes);
* a progress card between a hand and the cards put face down under the deck of its colour
  (the kinds there are hidden; its holder's secret changes).

Twins are built in every stage, stage ``card`` too, but never of the cards a card in play
shows its player (the Master Merchant's rival's hand, the Spy's rival's progress cards),
nor one that would change who may act.
"""

import random

import attrs

from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Player, Stage
from rules_oracle.properties.observation import Exemption, Twin, shuffled


def _move(counts: tuple[int, ...], out: int, into: int) -> tuple[int, ...]:
    moved = list(counts)
    moved[out] -= 1
    moved[into] += 1
    return tuple(moved)


def _with(players: tuple[Player, ...], seat: int, pl: Player) -> tuple[Player, ...]:
    return (*players[:seat], pl, *players[seat + 1:])


def _same_play(state: CKState, twin: CKState) -> bool:
    return GAME.actor(state) == GAME.actor(twin)


def _trading(state: CKState) -> set[int]:
    """Seats in a domestic trade under way, whose offer names their cards."""
    offer = state.offer
    if state.stage is not Stage.TRADE or offer is None:
        return set()
    return {state.turn, offer.responder, *offer.accepted}


def _card_twin(state: CKState, seats: list[int], rng: random.Random) -> Twin | None:
    busy = _trading(state)
    free = [s for s in seats if s not in busy]
    for p in free:
        for q in free:
            if p >= q:
                continue
            a, b = state.players[p].hand, state.players[q].hand
            pairs = [(k, j) for k in range(D.N_CARDS) if a[k] for j in range(D.N_CARDS)
                     if b[j] and k != j]
            if pairs:
                k, j = rng.choice(pairs)
                players = _with(state.players, p, attrs.evolve(state.players[p],
                                                               hand=_move(a, k, j)))
                players = _with(players, q, attrs.evolve(state.players[q], hand=_move(b, j, k)))
                twin = attrs.evolve(state, players=players)
                if _same_play(state, twin):
                    return Twin(twin, (p, q), f"card {k} of player {p}'s hand swapped for"
                                f" {j} of player {q}'s")
    return None


def _progress_twin(state: CKState, seats: list[int], rng: random.Random) -> Twin | None:
    for p in seats:
        pl = state.players[p]
        pairs = [(k, j) for k in range(D.N_PROGRESS_KINDS) if pl.progress[k]
                 for j in range(D.N_PROGRESS_KINDS)
                 if state.deck[j] and k != j and j not in D.VP_CARDS
                 and D.PROGRESS_COLOUR[k] == D.PROGRESS_COLOUR[j]]
        rng.shuffle(pairs)
        for k, j in pairs:
            twin = attrs.evolve(state, players=_with(state.players, p, attrs.evolve(
                pl, progress=_move(pl.progress, k, j))), deck=_move(state.deck, j, k))
            if _same_play(state, twin):
                return Twin(twin, (p,), f"progress card {k} of player {p} swapped for {j}"
                            " of the deck")
    return None


def _under_twin(state: CKState, seats: list[int], rng: random.Random) -> Twin | None:
    for p in seats:
        pl = state.players[p]
        pairs = [(k, c, i) for k in range(D.N_PROGRESS_KINDS) if pl.progress[k]
                 for c, kinds in enumerate(state.under) if c == D.PROGRESS_COLOUR[k]
                 for i, j in enumerate(kinds) if j != k]
        rng.shuffle(pairs)
        for k, c, i in pairs:
            j = state.under[c][i]
            kinds = (*state.under[c][:i], k, *state.under[c][i + 1:])
            twin = attrs.evolve(state, players=_with(state.players, p, attrs.evolve(
                pl, progress=_move(pl.progress, k, j))),
                under=(*state.under[:c], kinds, *state.under[c + 1:]))
            if _same_play(state, twin):
                return Twin(twin, (p,), f"progress card {k} of player {p} swapped for {j}"
                            f" under the deck of colour {c}")
    return None


def _shown(state: CKState) -> tuple[set[int], set[int]]:
    """The seats whose hand (Master Merchant) or progress cards (Spy) the card in play
    shows its player."""
    pd = state.pending
    if state.stage is not Stage.CARD or pd is None or pd.step != 1:
        return set(), set()
    if pd.card == D.MASTER_MERCHANT:
        return {pd.target}, set()
    if pd.card == D.SPY:
        return set(), {pd.target}
    return set(), set()


def twins(state: CKState, rng: random.Random) -> list[Twin]:
    """Up to three twins: cards between hands, a progress card and its deck, a progress
    card and the cards under its deck."""
    seats = shuffled(range(state.config.players), rng)
    hands, progress = _shown(state)
    found = (_card_twin(state, [s for s in seats if s not in hands], rng),
             _progress_twin(state, [s for s in seats if s not in progress], rng),
             _under_twin(state, [s for s in seats if s not in progress], rng))
    return [t for t in found if t is not None]


#: steps after which two states a viewer could not tell apart may look different to all,
#: because the rules show it then (each named with why): the monopolies hand over what a
#: rival holds of the named card; a rival offered a resource by the Commercial Harbor shows
#: whether he holds a commodity by giving one or not
REVEALS = {
    D.RESOURCE_MONOPOLY: "each rival hands over up to 2 of the named resource",
    D.TRADE_MONOPOLY: "each rival hands over 1 of the named commodity if he holds one",
    D.COMMERCIAL_HARBOR: "a rival offered a resource gives a commodity, or shows he has none",
}


def revealing(state: CKState) -> bool:
    """A card of :data:`REVEALS` is in play: its steps show what rivals hold."""
    return state.stage is Stage.CARD and state.pending is not None \
        and state.pending.card in REVEALS


#: the exception to ``observation/indistinguishable``: any step while a card of
#: :data:`REVEALS` is in play (the monopolies' handing over, the Commercial Harbor's answers)
EXEMPT = (Exemption("*", "the monopolies make each rival hand over what he holds of the named"
                    " card, and a rival offered a resource by the Commercial Harbor gives a"
                    " commodity or shows he has none: the rules show it to all",
                    "cities_knights/progress.resource-monopoly", during=revealing),)


def public_step_differences(state: CKState, twin: Twin, limit: int = 40) -> list[str]:
    """For a twin whose changed secrets are not the actor's: the legal actions that differ,
    and the legal steps after which the public views differ, but for the steps of a card in
    :data:`REVEALS` (at most ``limit`` steps tried)."""
    who = GAME.actor(state)
    if who < 0 or who in twin.changed or GAME.actor(twin.state) != who:
        return []
    mine, theirs = GAME.legal_actions(state), GAME.legal_actions(twin.state)
    if mine != theirs:
        return [f"the legal actions of player {who} differ ({twin.what})"]
    if revealing(state):
        return []
    out = []
    for action in mine[:limit]:
        if GAME.observe(GAME.apply(state, action), "public") != GAME.observe(
                GAME.apply(twin.state, action), "public"):
            out.append(f"after {action!r} the public views differ ({twin.what})")
    return out
