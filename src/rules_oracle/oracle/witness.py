"""Witnesses for ambiguities: short games on which two readings disagree.

Two configurations differ only in one variant option (the ambiguity's
option), one per reading. A seeded game is played under reading A; every
step is applied under reading B as well. The first step after which the two
games differ is the witness's end: the acting player or the legal choices
differ, one reading rejects the step the other took (with the rule id), or
the states differ field by field (the configuration itself left out); at the
game's end, the scores or (a tie broken another way) the winners differ. The
shortest such game over the seeds tried is the witness. Where only a long scan
of seeds (or a game steered towards rules not shown yet, ``steer``) shows the
readings apart, the ambiguity's registration names that seeded game
(``Ambiguity.witness``): it is played first, so the search finds it at once. Where
no seeded game reaches the situation, a directed search
(:mod:`rules_oracle.oracle.witness_search`) finds one; the registration records its
seed and the players' choices (policy ``directed``), and it is replayed the same way.
"""

import random
from collections.abc import Iterable
from typing import Any

import attrs

from rules_oracle.model.core import CHANCE, TERMINAL, Game, IllegalAction, unstructure
from rules_oracle.model.core.canon import canonical_text
from rules_oracle.model.core.game import Config
from rules_oracle.model.core.play import POLICIES, STEER, Steering, choose
from rules_oracle.model.core.rules import DIRECTED, Witnessed


@attrs.frozen
class Witness:
    ambiguity: str
    option: str
    readings: tuple[str, str]
    players: int
    seed: int
    #: the play policy of reading A's game (``model.core.play.POLICIES``)
    policy: str
    #: the actions (canonical JSON) played from set-up, the last one shows the split
    actions: tuple[Any, ...]
    #: what differs after the last action, in words, values as canonical JSON (the
    #: readings named as ``option=reading``)
    difference: str


def _project(state: Any) -> dict[str, Any]:
    data = unstructure(state)
    data.pop("config", None)
    return dict(data)


def _text(value: Any) -> str:
    """A value as canonical JSON (``"1"`` for a string, ``1`` for a number)."""
    return canonical_text(value)


def _listed(actions: list[Any]) -> str:
    return ", ".join(canonical_text(unstructure(a)) for a in actions) or "none"


def _first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    if type(a) is not type(b):
        return f"{path}: {_text(a)} vs {_text(b)}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: present under one reading only"
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: length {len(a)} vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {_text(a)} vs {_text(b)}"


def _options(game: Game[Any, Any], who: int, state: Any) -> list[Any]:
    if who == CHANCE:
        return [a for a, _ in game.chance_outcomes(state)]
    return list(game.legal_actions(state))


def _equal_but_config(a: Any, b: Any) -> bool:
    """Whether two ``attrs`` states are equal once ``b`` carries ``a``'s configuration: a
    cheap test that spares the field-by-field comparison of equal states."""
    if type(a) is not type(b) or not attrs.has(type(a)) or not hasattr(a, "config"):
        return False
    return bool(attrs.evolve(b, config=a.config) == a)


def compare_readings(game: Game[Any, Any], sa: Any, sb: Any,
             names: tuple[str, str] = ("A", "B")) -> str | None:
    """What differs between reading A's state ``sa`` and reading B's ``sb`` (``names``
    name the readings in the text), or ``None``."""
    a, b = names
    wa, wb = game.actor(sa), game.actor(sb)
    if wa != wb:
        return f"who acts next differs: {_actor(wa)} under {a}, {_actor(wb)} under {b}"
    if wa == TERMINAL:
        sc_a, sc_b = game.scores(sa), game.scores(sb)
        if sc_a != sc_b:
            return (f"the final scores differ: {_text(unstructure(list(sc_a)))} under {a},"
                    f" {_text(unstructure(list(sc_b)))} under {b}")
        win_a, win_b = game.winners(sa), game.winners(sb)
        if win_a != win_b:  # equal scores, a tie broken differently
            return (f"the winners differ: {_text(unstructure(list(win_a)))} under {a},"
                    f" {_text(unstructure(list(win_b)))} under {b} (the scores"
                    f" {_text(unstructure(list(sc_a)))} under both)")
        return None
    if not _equal_but_config(sa, sb):
        diff = _first_difference(_project(sa), _project(sb))
        if diff:
            return f"the state differs at {diff} ({a} vs {b})"
    la, lb = _options(game, wa, sa), _options(game, wb, sb)
    if la != lb:
        only_a = [x for x in la if x not in lb]
        only_b = [x for x in lb if x not in la]
        return (f"the legal choices differ: legal only under {a} ({len(only_a)}):"
                f" {_listed(only_a[:3])}{_more(only_a)}; legal only under {b} ({len(only_b)}):"
                f" {_listed(only_b[:3])}{_more(only_b)}")
    return None


def _actor(who: int) -> str:
    if who == TERMINAL:
        return "nobody (the game is over)"
    return "chance" if who == CHANCE else f"player {who}"


def _more(found: list[Any]) -> str:
    return f" and {len(found) - 3} more" if len(found) > 3 else ""


def directed_play(game: Game[Any, Any], state: Any, rng: random.Random,
                  choices: tuple[int, ...], done: int) -> Any:
    """The next step of a directed game: a chance outcome drawn from ``rng``, or the
    recorded choice ``choices[done]`` among the legal actions (``None`` once the choices
    run out)."""
    if game.actor(state) == CHANCE:
        return choose(game, state, rng)
    if done >= len(choices):
        return None
    return game.legal_actions(state)[choices[done]]


def directed_actions(game: Game[Any, Any], config: Config, known: Witnessed) -> list[Any]:
    """Every action of a directed witness's game under ``config``, played from the set-up:
    chance drawn from the seed, the recorded choices among the legal actions (each step
    applied, so an illegal one raises)."""
    rng = random.Random(known.seed)
    state = game.setup(config)
    actions: list[Any] = []
    chosen = 0
    while game.actor(state) != TERMINAL:
        player = game.actor(state) != CHANCE
        action = directed_play(game, state, rng, known.choices, chosen)
        if action is None:
            break
        chosen += player
        state = game.apply(state, action)
        actions.append(action)
    return actions


def _play_pair(game: Game[Any, Any], ca: Config, cb: Config, seed: int, policy: str,
               limit: int, names: tuple[str, str] = ("A", "B"),
               choices: tuple[int, ...] = ()) -> tuple[list[Any], str] | None:
    rng = random.Random(seed)
    steering = Steering(game) if policy == STEER else None
    sa, sb = game.setup(ca), game.setup(cb)
    actions: list[Any] = []
    chosen = 0
    diff = compare_readings(game, sa, sb, names)
    if diff:
        return actions, diff
    while game.actor(sa) != TERMINAL and len(actions) < limit:
        if policy == DIRECTED:
            player = game.actor(sa) != CHANCE
            action = directed_play(game, sa, rng, choices, chosen)
            if action is None:
                return None
            chosen += player
        elif steering is None:
            action = choose(game, sa, rng, policy)
        else:
            action = steering.choose(sa, rng)
        after = game.apply(sa, action)
        if steering is not None:  # as ``playout`` steers: the replay is the same game
            steering.saw(sa, action, after)
        actions.append(action)
        sa = after
        try:
            sb = game.apply(sb, action)
        except IllegalAction as err:
            return actions, (f"the last action is legal under {names[0]} but rejected under"
                             f" {names[1]} by rule {err.rule}: {err.message}")
        diff = compare_readings(game, sa, sb, names)
        if diff:
            return actions, diff
    return None


def find_witness(game: Game[Any, Any], ambiguity: str, *, readings: tuple[str, str] | None = None,
                 seeds: Iterable[int] = range(40), players: Iterable[int] | None = None,
                 limit: int = 5000) -> Witness | None:
    """The shortest disagreement found over ``seeds`` and player counts, or ``None``. The
    seeded game the registry names for the ambiguity (``Ambiguity.witness``), if any, is
    played first and to any length: it bounds the rest of the search."""
    amb = game.rules.get_ambiguity(ambiguity)
    if amb.option is None:
        raise ValueError(f"{ambiguity} has no variant option: its readings do not change play")
    other = next(r.key for r in amb.readings if r.key != amb.default)
    if readings is None:
        readings = (amb.default, other)
    counts = list(players) if players is not None else list(
        range(game.min_players, game.max_players + 1))
    names = (f"{amb.option}={readings[0]}", f"{amb.option}={readings[1]}")
    needs = dict(game.option_needs.get(amb.option, {}))

    option = amb.option

    def configs(n: int) -> tuple[Config, Config]:
        return (game.config(n, {**needs, option: readings[0]}),
                game.config(n, {**needs, option: readings[1]}))

    best: Witness | None = None
    if amb.witness is not None and readings == (amb.default, other):
        known = amb.witness
        ca, cb = configs(known.players)
        found = _play_pair(game, ca, cb, known.seed, known.policy, game.max_steps(ca), names,
                           known.choices)
        if found is not None:
            best = Witness(ambiguity, amb.option, readings, known.players, known.seed,
                           known.policy, tuple(unstructure(a) for a in found[0]), found[1])
    for seed in seeds:
        for n in counts:
            ca, cb = configs(n)
            for policy in POLICIES:
                bound = limit if best is None else min(limit, len(best.actions))
                found = _play_pair(game, ca, cb, seed, policy, bound, names)
                if found is None:
                    continue
                actions, difference = found
                if best is None or len(actions) < len(best.actions):
                    best = Witness(ambiguity, amb.option, readings, n, seed, policy,
                                   tuple(unstructure(a) for a in actions), difference)
    return best
