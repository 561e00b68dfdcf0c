"""Checks every game model must pass, on any state of any game.

Each check is a plain function returning a list of
:class:`~properties.base.Violation` (empty when the state passes); the ids are
the names in :data:`CHECKS`. :func:`run_game` plays one seeded random game (the
same game :func:`model.core.play.playout` plays for that seed) and runs them
all, plus the game's own invariants, on its states; :class:`GameChecker` does
the same over many games and keeps per-check counts for the verification
runner.
"""

import marshal
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any

import attrs

from rules_oracle.model.core.canon import canonical_text, structure, to_json, unstructure
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE, TERMINAL, Config, Game
from rules_oracle.model.core.play import STEER, Steering, choose
from rules_oracle.properties.base import Invariant, TransitionInvariant, Violation

ACTOR_RANGE = "generic/actor-range"
LIVE = "generic/live"
TERMINAL_CLOSED = "generic/terminal-closed"
DISTINCT = "generic/legal-actions-distinct"
APPLY = "generic/legal-actions-apply"
EXACT = "generic/accepts-exactly-legal"
WITH_RULE = "generic/rejects-with-rule"
CHANCE_DIST = "generic/chance-distribution"
ROUNDTRIP = "generic/roundtrip"
PURE = "generic/apply-pure"
NO_NOOP = "generic/no-silent-noop"
CONFIG = "generic/config-carried"
SCORES = "generic/scores-shape"
TERMINATES = "generic/terminates"

#: every generic check id, with what it asserts
CHECKS: dict[str, str] = {
    ACTOR_RANGE: "actor is a player index, CHANCE or TERMINAL",
    LIVE: "a non-terminal state has a legal action or a chance outcome; a terminal one none",
    TERMINAL_CLOSED: "a terminal state rejects every action with a registered rule",
    DISTINCT: "legal actions are distinct and enumerated the same way twice",
    APPLY: "every enumerated legal action applies without error",
    EXACT: "apply accepts exactly the enumerated actions (or chance outcomes)",
    WITH_RULE: "every rejection is an IllegalAction naming a registered rule",
    CHANCE_DIST: "chance outcomes are distinct with positive exact probabilities summing to 1",
    ROUNDTRIP: "states and actions survive canonical JSON unchanged",
    PURE: "apply leaves its input unchanged and gives equal results for equal input",
    NO_NOOP: "an applied action changes the state",
    CONFIG: "every state carries the configuration it was set up with",
    SCORES: "scores have one integer per player; winners are distinct player indices",
    TERMINATES: "every game ends within max_steps(config)",
}

#: checks whose function also finds violations of other ids
COVERS: dict[str, tuple[str, ...]] = {
    DISTINCT: (APPLY, NO_NOOP),
    EXACT: (WITH_RULE,),
    TERMINAL_CLOSED: (WITH_RULE,),
}


def _short(value: object, limit: int = 160) -> str:
    try:
        text = to_json(value)
    except Exception:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------
# Candidate actions: mutations of real ones
# ---------------------------------------------------------------------------

JUNK_STRINGS = ("", "?", "no-such-thing")


def _variants(value: Any, rng: random.Random, vocabulary: Sequence[str]) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [m for m in type(value) if m is not value][:3]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 0, value + 100]
    if isinstance(value, str):
        out: list[Any] = [value + "x", *JUNK_STRINGS]
        if vocabulary:
            out.append(vocabulary[rng.randrange(len(vocabulary))])
        return out
    if isinstance(value, tuple):
        out = []
        if value:
            out.append(value[:-1])
            out.append((*value, value[-1]))
            i = rng.randrange(len(value))
            out.extend((*value[:i], v, *value[i + 1:])
                       for v in _variants(value[i], rng, vocabulary))
        return out
    if isinstance(value, frozenset):
        items = sorted(value, key=_short)
        out = []
        if items:
            out.append(value - {items[rng.randrange(len(items))]})
        return out
    if attrs.has(type(value)):
        return mutations(value, rng, vocabulary, limit=6)
    return []


#: per attrs class: the names of its fields ``__init__`` sets, and their arguments' names
_INIT: dict[type, tuple[tuple[str, str], ...]] = {}


def _init_fields(cls: type) -> tuple[tuple[str, str], ...]:
    """The (field, ``__init__`` argument) names of an attrs class's init fields."""
    found = _INIT.get(cls)
    if found is None:
        found = _INIT[cls] = tuple((f.name, f.alias) for f in attrs.fields(cls) if f.init)
    return found

def mutations(
    action: Any, rng: random.Random, vocabulary: Sequence[str] = (), limit: int = 8
) -> list[Any]:
    """Up to ``limit`` variants of an attrs action with one field changed (ints +-1,
    -1, 0, +100; bools flipped; other enum members; strings from ``vocabulary`` and
    junk; tuples shortened, lengthened or with one element changed)."""
    if not attrs.has(type(action)):
        return []
    out: list[Any] = []
    cls = type(action)
    fields = _init_fields(cls)
    given = {a: getattr(action, n) for n, a in fields}  # the fields, read once
    for alias, value in given.items():
        for v in _variants(value, rng, vocabulary):
            try:  # attrs.evolve(action, **{alias: v})
                out.append(cls(**{**given, alias: v}))
            except Exception:
                continue
    if len(out) > limit:
        out = rng.sample(out, limit)
    return out


def leaves(value: Any) -> Iterator[Any]:
    """Every scalar inside an action or state: through tuples, frozensets and attrs fields."""
    if isinstance(value, tuple | frozenset):
        for v in value:
            yield from leaves(v)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from leaves(getattr(value, field.name))
    else:
        yield value


def strings_in(value: Any, into: set[str]) -> None:
    """Collect every string inside an action or state (for vocabularies)."""
    into.update(v for v in leaves(value) if isinstance(v, str))


# ---------------------------------------------------------------------------
# Single-state checks
# ---------------------------------------------------------------------------


def legal_set(game: Game[Any, Any], state: Any) -> tuple[Any, ...]:
    """The actions ``apply`` must accept: legal actions, or chance outcome actions."""
    who = game.actor(state)
    if who == CHANCE:
        return tuple(a for a, _ in game.chance_outcomes(state))
    if who == TERMINAL:
        return ()
    return game.legal_actions(state)


def check_actor(game: Game[Any, Any], state: Any) -> list[Violation]:
    who = game.actor(state)
    players = game.config_of(state).players
    if isinstance(who, bool) or not isinstance(who, int):
        return [Violation(ACTOR_RANGE, f"actor is {who!r}, not an int")]
    if who in (CHANCE, TERMINAL) or 0 <= who < players:
        return []
    return [Violation(ACTOR_RANGE, f"actor {who} with {players} players")]


@attrs.define(slots=True)
class Offered:
    """What a state offers, as :func:`check_live` enumerated it: its actor, its legal
    actions and its chance outcomes (``known`` once they are filled in)."""

    known: bool = False
    actor: int = TERMINAL
    legal: tuple[Any, ...] = ()
    outcomes: tuple[tuple[Any, Fraction], ...] = ()

    def legal_set(self) -> tuple[Any, ...]:
        """:func:`legal_set` of the state, from what was enumerated."""
        if self.actor == CHANCE:
            return tuple(a for a, _ in self.outcomes)
        if self.actor == TERMINAL:
            return ()
        return self.legal


def check_live(game: Game[Any, Any], state: Any,
               offered: Offered | None = None) -> list[Violation]:
    """A state to act in offers something, a terminal one nothing (``offered``: where to
    keep what the state offers, for the choice of the step from it and the checks of
    its legal actions)."""
    who = game.actor(state)
    legal = game.legal_actions(state)
    outcomes = game.chance_outcomes(state)
    if offered is not None:
        offered.known, offered.actor, offered.legal, offered.outcomes = (
            True, who, legal, outcomes)
    out = []
    if who == TERMINAL:
        if legal or outcomes:
            out.append(Violation(LIVE, "terminal state offers actions or chance outcomes"))
        if not game.is_terminal(state):
            out.append(Violation(LIVE, "actor is TERMINAL but is_terminal is false"))
    elif who == CHANCE:
        if not outcomes:
            out.append(Violation(LIVE, "chance node without outcomes"))
    elif not legal:
        out.append(Violation(LIVE, f"player {who} to act has no legal action"))
    return out


#: what applying an action to a state gave: ``None`` when ``apply`` accepted it, else the
#: exception it raised
Applied = dict[Any, Exception | None]


def check_legal_actions(game: Game[Any, Any], state: Any,
                        legal: tuple[Any, ...] | None = None,
                        applied: Applied | None = None) -> list[Violation]:
    """Distinct, stable, and each one applies (at chance nodes: each outcome); ``legal``:
    a first enumeration where the caller has one (a second one is compared with it);
    ``applied``: where to note what applying each legal action gave (for
    :func:`check_exact` on the same state)."""
    out = []
    if legal is None:
        legal = legal_set(game, state)
    if legal != legal_set(game, state):
        out.append(Violation(DISTINCT, "two enumerations of the legal actions differ"))
    try:
        distinct = len(set(legal)) == len(legal)
    except TypeError as exc:
        return [*out, Violation(DISTINCT, f"unhashable action: {exc}")]
    if not distinct:
        seen: set[Any] = set()
        dup = None
        for a in legal:
            if a in seen:
                dup = a
                break
            seen.add(a)
        out.append(Violation(DISTINCT, f"{_short(dup)} enumerated twice"))
    for action in legal:
        try:
            nxt = game.apply(state, action)
        except Exception as exc:
            if applied is not None:
                applied[action] = exc
            out.append(Violation(APPLY, f"legal {_short(action)} raised {exc!r}"))
            continue
        if applied is not None:
            applied[action] = None
        if nxt == state:
            out.append(Violation(NO_NOOP, f"legal {_short(action)} left the state unchanged"))
    return out


def check_chance(game: Game[Any, Any], state: Any) -> list[Violation]:
    if game.actor(state) != CHANCE:
        return []
    out = []
    outcomes = game.chance_outcomes(state)
    total = Fraction(0)
    for action, p in outcomes:
        if not isinstance(p, Fraction) or p <= 0:
            out.append(Violation(CHANCE_DIST, f"{_short(action)} has probability {p!r}"))
        else:
            total += p
    if total != 1:
        out.append(Violation(CHANCE_DIST, f"probabilities sum to {total}"))
    actions = [a for a, _ in outcomes]
    if len(set(actions)) != len(actions):
        out.append(Violation(CHANCE_DIST, "an outcome is listed twice"))
    return out


def check_exact(game: Game[Any, Any], state: Any, candidates: Iterable[Any],
                legal: tuple[Any, ...] | None = None,
                applied: Applied | None = None) -> list[Violation]:
    """``apply`` accepts a candidate iff it is legal; every rejection names a known rule.
    ``legal``: the state's legal set where the caller has it (:func:`legal_set`);
    ``applied``: what applying legal actions to this state gave already
    (:func:`check_legal_actions`), which a legal candidate is judged by instead of being
    applied again (``apply`` gives the same for the same state and action: the purity
    check asks it)."""
    allowed = frozenset(legal_set(game, state) if legal is None else legal)
    out = []
    for action in candidates:
        try:
            is_legal = action in allowed
        except TypeError:
            is_legal = False
        noted, known = False, None
        if is_legal and applied is not None and action in applied:
            noted, known = True, applied[action]
        try:
            if not noted:
                game.apply(state, action)
            elif known is not None:
                raise known
        except IllegalAction as exc:
            if is_legal:
                out.append(Violation(EXACT, f"legal {_short(action)} rejected: {exc}"))
            if exc.rule not in game.rules:
                out.append(Violation(WITH_RULE, f"{_short(action)} rejected with unregistered"
                                     f" rule {exc.rule!r}"))
        except Exception as exc:
            out.append(Violation(WITH_RULE, f"{_short(action)} raised {exc!r}"))
        else:
            if not is_legal:
                out.append(Violation(EXACT, f"illegal {_short(action)} accepted"
                                     f" (actor {game.actor(state)})"))
    return out


def check_roundtrip(value: Any, text: str | None = None,
                    raw: Any = None) -> list[Violation]:
    """Canonical JSON of a state or action gives it back, and the text is stable
    (``text``: the value's canonical text where the caller has it already; ``raw``: its
    plain data, ``unstructure(value)``, likewise)."""
    try:
        if raw is None:
            raw = unstructure(value)
        if text is None:
            text = canonical_text(raw)
        back = structure(raw, type(value))
    except Exception as exc:
        return [Violation(ROUNDTRIP, f"{type(value).__name__}: {exc!r}")]
    if back != value:
        return [Violation(ROUNDTRIP, f"{type(value).__name__} changed: {_short(value)}")]
    # the rebuilt value's text by its definition, from its plain data: a third of the
    # time the canonical writer takes on a value made of new objects only, none of whose
    # parts it has met (a sampled state's text ``text`` is the canonical writer's: so the
    # writer and the definition are compared on every sampled state)
    if _fresh_text(back) != text:
        return [Violation(ROUNDTRIP, f"{type(value).__name__}: canonical text changed")]
    return []


def _fresh_text(value: Any) -> str:
    """The canonical text written anew from the value's fields: never the text the
    canonical writer remembers for a frozen value, which a write into the value would
    leave stale (the very fault the purity checks look for)."""
    return canonical_text(unstructure(value))


#: the marshal format a snapshot is written in: version 2 writes every object in full
#: (from version 3 on, an object met before is written as a reference to it, so two equal
#: values made of different objects would read differently) and each type by its own code
#: (``True`` is not ``1``)
SNAPSHOT_FORMAT = 2


def plain_bytes(raw: Any) -> bytes:
    """Plain JSON data (``unstructure``'s) written byte for byte: two are equal exactly
    when the data are, item for item, of the same types (a boolean is not a number) and
    with the keys in the same order; so equal bytes have the same canonical text (which
    sorts the keys; the converter writes a class's fields in one order)."""
    return marshal.dumps(raw, SNAPSHOT_FORMAT)


def snapshot(value: Any) -> bytes:
    """A value's plain data written anew from its fields (:func:`plain_bytes`), never
    through the text the canonical writer remembers for a frozen value, which a write into
    the value would leave stale (the very fault the purity checks look for). Taking and
    comparing two is a third of the time writing and comparing their canonical texts
    takes, and as strict."""
    return plain_bytes(unstructure(value))


def check_pure(game: Game[Any, Any], state: Any, action: Any,
               before: bytes | None = None) -> list[Violation]:
    """Applying ``action`` leaves ``state`` as it was, and does the same twice
    (``before``: the state's :func:`snapshot` where the caller has it already)."""
    if before is None:
        before = snapshot(state)
    first = game.apply(state, action)
    out = []
    if snapshot(state) != before:
        out.append(Violation(PURE, f"apply({_short(action)}) changed its input state"))
    second = game.apply(state, action)
    if first != second:
        out.append(Violation(PURE, f"apply({_short(action)}) gave two different results"))
    return out


def check_config(game: Game[Any, Any], state: Any, config: Config) -> list[Violation]:
    carried = game.config_of(state)
    if carried != config:
        return [Violation(CONFIG, f"state carries {carried}, not {config}")]
    return []


def check_unchanged(state: Any, before: bytes) -> list[Violation]:
    """``state`` still has the plain data of the :func:`snapshot` ``before`` (no apply
    wrote into it)."""
    if snapshot(state) != before:
        return [Violation(PURE, "applying actions changed the input state")]
    return []


def check_scores(game: Game[Any, Any], state: Any) -> list[Violation]:
    players = game.config_of(state).players
    scores = game.scores(state)
    out = []
    if (not isinstance(scores, tuple) or len(scores) != players
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)):
        out.append(Violation(SCORES, f"scores {scores!r} for {players} players"))
    if game.is_terminal(state):
        winners = game.winners(state)
        if (not isinstance(winners, tuple) or len(set(winners)) != len(winners)
                or not all(isinstance(w, int) and 0 <= w < players for w in winners)):
            out.append(Violation(SCORES, f"winners {winners!r}"))
    return out


def check_terminal_closed(
    game: Game[Any, Any], state: Any, candidates: Iterable[Any]
) -> list[Violation]:
    out = []
    for action in candidates:
        try:
            game.apply(state, action)
        except IllegalAction as exc:
            if exc.rule not in game.rules:
                out.append(Violation(WITH_RULE, f"after the end {_short(action)} rejected with"
                                     f" unregistered rule {exc.rule!r}"))
        except Exception as exc:
            out.append(Violation(WITH_RULE, f"after the end {_short(action)} raised {exc!r}"))
        else:
            out.append(Violation(TERMINAL_CLOSED, f"{_short(action)} accepted after the end"))
    return out


def _name(invariant: Callable[..., Any]) -> str:
    return getattr(invariant, "__name__", repr(invariant))


# ---------------------------------------------------------------------------
# Whole games
# ---------------------------------------------------------------------------


@attrs.define
class Stats:
    """What a :class:`GameChecker` has checked so far."""

    #: check or invariant name -> how many times it ran
    checked: dict[str, int] = attrs.field(factory=dict)
    #: check or invariant name -> its first violations (at most ``keep`` each)
    failures: dict[str, list[Violation]] = attrs.field(factory=dict)
    games: int = 0
    steps: int = 0
    #: action class name -> the largest one-step gain of any player's score
    gains: dict[str, int] = attrs.field(factory=dict)
    #: check or invariant name -> seconds spent in it
    seconds: dict[str, float] = attrs.field(factory=dict)
    #: the rule ids the steps played showed (``Game.effect_rules``): the rules play exercised
    shown: set[str] = attrs.field(factory=set)


class GameChecker:
    """Runs the generic checks and the game's invariants over seeded games.

    Cheap checks (actor, liveness, invariants, scores) run on every state; the
    costly ones (every legal action applied, accept-iff-legal over candidate
    actions, chance distribution, round trip, purity) on every
    ``sample_every``-th state, at a seed-dependent offset.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        invariants: Sequence[Invariant] = (),
        transition_invariants: Sequence[TransitionInvariant] = (),
        *,
        sample_every: int = 3,
        candidates: int = 12,
        keep: int = 5,
    ) -> None:
        self.game = game
        self.invariants = tuple(invariants)
        self.transition_invariants = tuple(transition_invariants)
        #: the invariants with their names, named once
        self._named = tuple((_name(inv), inv) for inv in self.invariants)
        self._named_steps = tuple((_name(inv), inv) for inv in self.transition_invariants)
        self.sample_every = max(1, sample_every)
        self.candidates = candidates
        self.keep = keep
        self.stats = Stats()
        self._pool: list[Any] = []
        self._vocabulary: set[str] = set(JUNK_STRINGS)
        #: the vocabulary sorted, as of when it had this many strings (it only grows)
        self._sorted: tuple[int, list[str]] = (0, [])

    # -- bookkeeping ----------------------------------------------------------
    def _ran(self, name: str) -> None:
        checked = self.stats.checked
        checked[name] = checked.get(name, 0) + 1
        for n in COVERS.get(name, ()):
            checked[n] = checked.get(n, 0) + 1

    def _record(self, name: str, found: list[Violation], where: str,
                into: list[Violation]) -> None:
        """Count a run of check ``name``; keep its violations under their generic id
        (a check may find several kinds) or, for a game invariant, under ``name``."""
        self._ran(name)
        for v in found:
            located = Violation(v.invariant, f"{v.message} [{where}]")
            into.append(located)
            kept = self.stats.failures.setdefault(
                v.invariant if v.invariant in CHECKS else name, [])
            if len(kept) < self.keep:
                kept.append(located)

    def _guard(self, name: str, where: str, into: list[Violation],
               check: Callable[..., list[Violation]], *args: Any) -> None:
        start = time.perf_counter()
        try:
            found = check(*args)
        except Exception as exc:  # a crash in the model is a violation
            found = [Violation(name, f"raised {exc!r}")]
        spent = self.stats.seconds
        spent[name] = spent.get(name, 0.0) + time.perf_counter() - start
        if found:
            self._record(name, found, where, into)
        else:
            self._ran(name)

    def _remember(self, actions: Sequence[Any], rng: random.Random) -> None:
        for a in actions[:4] if len(actions) <= 4 else rng.sample(list(actions), 4):
            if len(self._pool) < 300:
                self._pool.append(a)
            else:
                self._pool[rng.randrange(len(self._pool))] = a
            if len(self._vocabulary) < 500:
                strings_in(a, self._vocabulary)

    def candidates_for(self, state: Any, legal: Sequence[Any], rng: random.Random) -> list[Any]:
        """Legal actions, actions seen in other states, and mutations of legal ones."""
        size, vocabulary = self._sorted
        if size != len(self._vocabulary):
            vocabulary = sorted(self._vocabulary)
            self._sorted = (len(self._vocabulary), vocabulary)
        out = list(legal) if len(legal) <= self.candidates else rng.sample(
            list(legal), self.candidates)
        if self._pool:
            out.extend(self._pool[rng.randrange(len(self._pool))]
                       for _ in range(min(self.candidates // 2, len(self._pool))))
        for a in rng.sample(list(legal), min(3, len(legal))):
            out.extend(mutations(a, rng, vocabulary, limit=self.candidates // 3))
        return out

    def _label(self, config: Config) -> str:
        try:
            default = dict(self.game.config(config.players).variant)
        except Exception:  # a configuration the game refuses is shown whole
            default = {}
        changed = [f"{k}={v}" for k, v in config.variant if default.get(k) != v]
        return " ".join([f"{config.players}p", *changed])

    # -- one game -------------------------------------------------------------
    def run(self, config: Config, seed: int, policy: str = "uniform") -> list[Violation]:
        """Play the game ``playout(game, config, seed, policy)`` plays, checking every state."""
        game = self.game
        found: list[Violation] = []
        rng = random.Random(seed)
        crng = random.Random(seed * 7919 + 1)
        offset = seed % self.sample_every
        label = self._label(config) + ("" if policy == "uniform" else f" {policy}")
        try:
            state = game.setup(config)
        except Exception as exc:
            self._record(APPLY, [Violation(APPLY, f"setup raised {exc!r}")],
                         f"{label} seed {seed} setup", found)
            return found
        bound = game.max_steps(config)
        index = 0
        self.stats.games += 1
        steering = Steering(game) if policy == STEER else None
        while True:
            where = f"{label} seed {seed} step {index}"
            offered = Offered()
            kept = self._check_state(state, config, index % self.sample_every == offset,
                                     crng, where, found, offered)
            try:
                who = game.actor(state)
            except Exception as exc:
                self._record(ACTOR_RANGE, [Violation(ACTOR_RANGE, f"raised {exc!r}")],
                             where, found)
                break
            if who == TERMINAL:
                self._check_end(state, crng, where, found)
                break
            if index >= bound:
                self._record(TERMINATES, [Violation(TERMINATES, f"no end after {bound} steps")],
                             where, found)
                break
            try:
                if steering is None:  # the step chosen from what the state offered
                    action = choose(game, state, rng, policy, None if not offered.known
                                    else offered.outcomes if who == CHANCE else offered.legal)
                else:
                    action = steering.choose(state, rng)
                nxt = game.apply(state, action)
                shown = game.effect_rules(state, action, nxt)
                self.stats.shown.update(shown)
                if steering is not None:
                    steering.shown.update(shown)
            except Exception as exc:
                self._record(APPLY, [Violation(APPLY, f"playing a legal step raised {exc!r}")],
                             where, found)
                break
            if index % self.sample_every == offset:
                self._guard(PURE, where, found, check_pure, game, state, action, kept)
                self._guard(ROUNDTRIP, where, found, check_roundtrip, action)
            self._check_transition(state, action, nxt, where, found)
            state = nxt
            index += 1
            self.stats.steps += 1
        if index <= bound:
            self._ran(TERMINATES)
        return found

    def _check_state(self, state: Any, config: Config, sampled: bool, rng: random.Random,
                     where: str, found: list[Violation],
                     offered: Offered | None = None) -> bytes | None:
        """Check ``state``; sampled, its :func:`snapshot` when every check left the state
        as it was (for the purity check of the step from it), else None (``offered``:
        where to keep what the state offers, as the liveness check enumerated it)."""
        game = self.game
        if offered is None:
            offered = Offered()
        self._guard(ACTOR_RANGE, where, found, check_actor, game, state)
        self._guard(LIVE, where, found, check_live, game, state, offered)
        self._guard(SCORES, where, found, check_scores, game, state)
        for name, inv in self._named:
            self._guard(name, where, found, inv, state)
        if not sampled:
            return None
        self._guard(CONFIG, where, found, check_config, game, state, config)
        # the state's canonical text by the writer, and its plain data: the round trip
        # compares the rebuilt state's with them, the purity checks the plain data after
        # the applies with the snapshot taken now
        try:
            before: str | None = to_json(state)
            raw = unstructure(state)
            snap: bytes | None = plain_bytes(raw)
        except Exception:  # reported by the round trip
            before = raw = snap = None
        self._guard(ROUNDTRIP, where, found, check_roundtrip, state, before, raw)
        if snap is None or game.is_terminal(state):
            return None
        self._guard(CHANCE_DIST, where, found, check_chance, game, state)
        try:  # a first enumeration (the liveness check's), which the check compares
            legal: tuple[Any, ...] | None = (offered.legal_set() if offered.known
                                             else legal_set(game, state))
        except Exception:  # reported by the check, which enumerates them again
            legal = None
        applied: Applied = {}
        self._guard(DISTINCT, where, found, check_legal_actions, game, state, legal, applied)
        if legal is None:
            return None
        self._remember(legal, rng)
        cands = self.candidates_for(state, legal, rng)
        self._guard(EXACT, where, found, check_exact, game, state, cands, legal, applied)
        kept = len(found)
        self._guard(PURE, where, found, check_unchanged, state, snap)
        return snap if len(found) == kept else None

    def _check_transition(self, state: Any, action: Any, nxt: Any, where: str,
                          found: list[Violation]) -> None:
        game = self.game
        if nxt is state:
            self._record(NO_NOOP, [Violation(NO_NOOP, f"{_short(action)} returned its input")],
                         where, found)
        for name, inv in self._named_steps:
            self._guard(name, where, found, inv, state, action, nxt)
        try:
            before, after = game.scores(state), game.scores(nxt)
            gain = max(b - a for a, b in zip(before, after, strict=True))
        except Exception:
            return
        name = type(action).__name__
        if gain > self.stats.gains.get(name, gain - 1):
            self.stats.gains[name] = gain

    def _check_end(self, state: Any, rng: random.Random, where: str,
                   found: list[Violation]) -> None:
        if not self._pool:
            return
        cands = [self._pool[rng.randrange(len(self._pool))] for _ in range(4)]
        self._guard(TERMINAL_CLOSED, where, found, check_terminal_closed, self.game, state, cands)


def run_game(
    game: Game[Any, Any],
    config: Config,
    seed: int,
    invariants: Sequence[Invariant] = (),
    transition_invariants: Sequence[TransitionInvariant] = (),
    *,
    sample_every: int = 3,
) -> list[Violation]:
    """Every violation found in one seeded random game (empty when it is clean)."""
    checker = GameChecker(game, invariants, transition_invariants, sample_every=sample_every)
    return checker.run(config, seed)


def all_configs(game: Game[Any, Any]) -> tuple[Config, ...]:
    """The default configuration for every player count the game allows."""
    return tuple(game.config(n) for n in range(game.min_players, game.max_players + 1))


def variant_configs(game: Game[Any, Any]) -> tuple[Config, ...]:
    """Every player count with defaults, then each non-default reading of each option
    (one option changed at a time, at the smallest player count)."""
    out = list(all_configs(game))
    options = game.rules.options()
    for name in sorted(options):
        for reading in options[name].readings:
            if reading.key != options[name].default:
                needs = dict(game.option_needs.get(name, {}))
                out.append(game.config(game.min_players, {**needs, name: reading.key}))
    for name in sorted(game.extra_options):
        default, allowed = game.extra_options[name]
        for value in allowed:
            if value != default:
                out.append(game.config(game.min_players, {name: value}))
    return tuple(out)
