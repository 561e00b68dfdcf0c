"""Aimed play: a drive policy that steers a game toward a named situation.

Some known deviations need a situation random play seldom reaches (a year of plenty held
while the bank is down to one card of a kind: none in 420 steered games). Rather than more
seeds, ``--policy aim:NAME`` steers every choice of the game, the players' actions and the
chance outcomes alike (the oracle chooses both: an outcome it sends is one the rules allow,
with a probability above 0), toward the situation :data:`AIMS` names: at each step it
scores the options (at most :data:`AIM_TRIES` actions, a seeded sample of a larger set;
every chance outcome) by what the state after each one holds, looking through a chance step
that follows (an outcome is chosen too, so the best one counts), and plays one of the best
(the seeded stream breaks ties). Once the situation is reached the game goes on as
``eager`` play does, to its end (left aimed, play would hold there until the turn limit).
The game is still a function of its seed, a drive's game like any other: the campaign
groups what it meets and shrinks it as usual.

An aim states its situation in the model's state alone (:attr:`Aim.reached`); the known
entry whose premise it is (:attr:`Aim.entry`) then shows as a divergence when the engine
deviates there.
"""

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from rules_oracle.model.core.chance import sample
from rules_oracle.model.core.game import CHANCE, TERMINAL, Game

#: the prefix of an aimed policy's name (``aim:NAME``)
PREFIX = "aim:"
#: legal actions an aimed choice scores at most (a seeded sample of a larger set)
AIM_TRIES = 24
#: the score of a state where the aim is reached, and of one it can no longer be reached from
REACHED = 1_000_000.0
LOST = -1_000_000.0


@attrs.frozen
class Aim:
    name: str
    #: the games whose states it reads
    games: tuple[str, ...]
    #: the situation, in words (docs/engines.md lists them)
    text: str
    #: the known entry (docs/engines/catanatron.known.json) the situation is the premise of
    entry: str
    #: whether the situation holds in a state
    reached: Callable[[Game[Any, Any], Any], bool]
    #: how close a step leaves play to it (higher: closer), given the state before, the
    #: action or outcome and the state after
    score: Callable[[Game[Any, Any], Any, Any, Any], float]


# -- catan: a year of plenty while the bank holds one card of a kind at most -----------------


def _plenty_reached(game: Game[Any, Any], state: Any) -> bool:
    """The player on turn has rolled, holds no card bought this turn and may play a year of
    plenty, and the bank holds at most one card of some kind (catanatron then offers a year
    of plenty of a single card; before the roll it offers no card, and a card bought this
    turn is a deviation of its own, new-card-played, that would show at the same step)."""
    from rules_oracle.model.catan.actions import PlayYearOfPlenty

    who = game.actor(state)
    if who < 0 or state.dice == (0, 0) or min(state.bank) > 1 or not sum(state.bank):
        return False
    if any(state.players[who].bought):
        return False
    return any(isinstance(a, PlayYearOfPlenty) for a in game.legal_actions(state))


def _plenty_score(game: Game[Any, Any], before: Any, action: Any, after: Any) -> float:
    """A year of plenty held by someone, then cards out of the bank (fewest of one kind most
    of all: once the card is held, so that it is not bought in a turn the bank is already
    low, where catanatron's offer of a card bought this turn, new-card-played, would show at
    the same step), and no roll the bank cannot pay (a shortage parts catanatron from the
    model first: known entry bank-shortage, which stops play)."""
    from rules_oracle.model.catan import data as D
    from rules_oracle.model.catan import rules as RB

    if _plenty_reached(game, after):
        return REACHED
    if game.actor(after) == TERMINAL:
        return LOST
    try:
        shown = game.effect_rules(before, action, after)
    except Exception:  # a model that cannot say: no penalty
        shown = ()
    if RB.PRODUCTION_SHORTAGE in shown:
        return LOST
    held = any(pl.developments[D.YEAR_OF_PLENTY] for pl in after.players)
    if not held:
        return 0.0
    return float(1000 - sum(after.bank) - 5 * min(after.bank))


AIMS: dict[str, Aim] = {a.name: a for a in (
    Aim("one-card-in-the-bank", ("catan",),
        "the player on turn may play a year of plenty while the bank holds at most one card"
        " of some kind", "one-card-plenty", _plenty_reached, _plenty_score),
)}


def aim_of(policy: str) -> Aim | None:
    """The aim an ``aim:NAME`` policy names (``None``: another policy); ``ValueError`` for
    an unknown name."""
    if not policy.startswith(PREFIX):
        return None
    name = policy[len(PREFIX):]
    if name not in AIMS:
        raise ValueError(f"unknown aim {name!r}; aims: {', '.join(AIMS)}")
    return AIMS[name]


def policies(game: str | None = None) -> tuple[str, ...]:
    """The aimed policies (of ``game``'s aims: every one when ``None``)."""
    return tuple(PREFIX + a.name for a in AIMS.values() if game is None or game in a.games)


@attrs.define
class Aiming:
    """The aimed choice of a game (:func:`choose`)."""

    game: Game[Any, Any]
    aim: Aim
    #: the situation has been reached: play goes on as ``eager``
    met: bool = False

    def value(self, state: Any, option: Any) -> float:
        """The score of playing ``option`` at ``state``, through a chance step after it."""
        game, aim = self.game, self.aim
        after = game.apply(state, option)
        best = aim.score(game, state, option, after)
        if best > LOST and best < REACHED and game.actor(after) == CHANCE:
            best = max(aim.score(game, after, o, game.apply(after, o))
                       for o, p in game.chance_outcomes(after) if p > 0)
        return best

    def choose(self, state: Any, rng: random.Random, among: Sequence[Any] | None = None
               ) -> Any:
        """One of the options (``among``: the ones the engine supports) that score best;
        once the situation is reached, an ``eager`` choice (a chance outcome with its
        probability)."""
        game = self.game
        self.met = self.met or self.aim.reached(game, state)
        if game.actor(state) == CHANCE:
            if self.met:
                return sample(game.chance_outcomes(state), rng)
            options = [a for a, p in game.chance_outcomes(state) if p > 0]
        else:
            options = list(game.legal_actions(state) if among is None else among)
            if self.met and options:
                return _eager(game, state, options, rng)
            if len(options) > AIM_TRIES:
                options = rng.sample(options, AIM_TRIES)
        values = [self.value(state, o) for o in options]
        top = max(values)
        best = [o for o, v in zip(options, values, strict=True) if v == top]
        return best[rng.randrange(len(best))]


def _eager(game: Game[Any, Any], state: Any, options: Sequence[Any], rng: random.Random
           ) -> Any:
    """One of ``options`` drawn as ``eager`` play weighs them (uniformly without weights)."""
    weights = game.policy_weights(state, tuple(options))
    if weights is None or not sum(weights):
        return options[rng.randrange(len(options))]
    return sample([(o, Fraction(w, sum(weights)))
                   for o, w in zip(options, weights, strict=True)], rng)
