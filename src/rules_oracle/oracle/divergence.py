"""The kinds of divergence the oracle reports, in the words reports use.

``oracle check`` (a trace replayed) and ``oracle drive`` (an engine driven) each
report their own kinds; a known-deviations file (:mod:`oracle.known`) may name any
of them. Both report a :class:`Divergence`.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.model.core.game import CHANCE
from rules_oracle.oracle.diff import FieldDiff, clip, show

#: the kinds of divergence of a replayed trace (``oracle check``, the pytest plugin)
TRACE_KINDS = {
    "setup-digest": "the state after set-up differs",
    "illegal": "the rules forbid the action",
    "actor": "the wrong actor acted",
    "legal": "the legal actions differ",
    "after-end": "the trace goes on after the game ended",
    "digest": "the state after the step differs",
    "observation": "a field of the observation after the step differs",
    "state": "the state written in the trace differs from the model's",
    "early-end": "the end record comes before the game ended",
    "result": "the final scores or winners differ",
    "truncated": "the trace stops before the game ended",
    "unlisted": "the model accepts an action it does not list (a model defect)",
    "model-error": "the model failed (a model defect)",
}

#: the kinds of divergence of a driven engine (``oracle drive``)
DRIVE_KINDS = {
    "reset": "the implementation refused or failed the reset",
    "setup-digest": "the state after set-up differs",
    "actor": "a different actor is to act",
    "legal": "the legal actions differ",
    "chance": "the chance probabilities differ",
    "rejects-legal": "the implementation rejects an action the model allows",
    "accepts-illegal": "the implementation accepts an action the model rejects",
    "rule": "the implementation names another rule than the model",
    "digest": "the state after the step differs",
    "state": "the digest agrees but the state the implementation returned differs",
    "timeout": "no reply within the time limit",
    "crash": "the implementation exited or closed its output",
    "protocol": "a reply that is not JSON or not of the expected shape",
    "model-error": "the model failed (a model defect)",
    "observation": "a field of the observation after the step differs",
    "outcome": "the chance outcome the implementation drew is not a possible one",
    "unsupported": "every legal action is of a kind the implementation does not support",
}

#: every kind, with the words of the first table that has it
KINDS = {**DRIVE_KINDS, **TRACE_KINDS}


def cite(rule: str | None) -> str | None:
    """``file: «quote» (summary)`` of a registered rule id, or ``None``: the rulebook's own
    words and, beside them, the English summary a reader of another language needs."""
    found = None if rule is None else registry.find_rule(rule)
    if found is None:
        return None
    if not found.quote:  # a rule no project text states: its source says where it comes from
        return f"{found.source}: ({found.summary})"
    return f"{found.file}: «{found.quote}» ({found.summary})"


@attrs.frozen
class Divergence:
    """A place where a trace or an engine and the model disagree (one type for both)."""

    kind: str
    #: the step (0 for the set-up; for ``truncated``, the first missing step; in a drive,
    #: the step being played, steps + 1 after the end)
    step: int
    message: str
    #: the trace line (``None``: not from a trace, or the trace ended)
    line: int | None = None
    #: the request that showed it (a drive)
    request: str | None = None
    #: the action in question (canonical JSON)
    action: Any = None
    #: the rule id at stake (an illegal action: the rule it breaks)
    rule: str | None = None
    expected: Any = None
    got: Any = None
    #: legal actions the engine lacks / lists in excess (canonical JSON; a drive)
    missing: tuple[Any, ...] = ()
    extra: tuple[Any, ...] = ()
    missing_count: int = 0
    extra_count: int = 0
    diffs: tuple[FieldDiff, ...] = ()
    exit_code: int | None = None
    reply: str | None = None
    #: the rule the model rejects each extra action under, listed or not (``None``: not an
    #: action it can read)
    extra_rules: tuple[str | None, ...] = ()
    #: the readings (``ambiguity-id=reading``) under which the diverging step agrees
    readings: tuple[str, ...] = ()
    #: the id of the known deviation it matches (the first, when several entries together
    #: explain the fields that differ at its step)
    known: str | None = None
    #: the rule ids at stake: what the model rejects an extra action under, what allows a
    #: missing one or a step (its effect rules), what decided who acts (the step before's)
    rules: tuple[str, ...] = ()
    #: a drive's compound step (one action of the engine for model steps ``step`` to
    #: ``through``, compared after the last): its last step; 0 when not found in one
    through: int = 0
    #: a drive's accepted illegal action after which play went on: how the engine and the
    #: model were brought back in step (``unchanged``: the engine's state was still the
    #: model's; ``replayed``: reset and every action sent again); empty when play stopped
    resumed: str = ""
    #: the other known deviations that, with ``known``, explain the fields that differ at
    #: its step (each explaining some of them)
    also: tuple[str, ...] = ()

    @property
    def entries(self) -> tuple[str, ...]:
        """Every known deviation it was matched by (``known``, then ``also``)."""
        return () if self.known is None else (self.known, *self.also)

    @property
    def citation(self) -> str | None:
        """Where the rule at stake stands: ``file: «quote» (summary)``."""
        return cite(self.rule)

    @property
    def missing_total(self) -> int:
        """How many legal actions the engine lacks (listed or not)."""
        return self.missing_count or len(self.missing)

    @property
    def extra_total(self) -> int:
        """How many actions the engine lists beyond the model's (listed or not)."""
        return self.extra_count or len(self.extra)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "step": self.step, "line": self.line, "message": self.message,
            "request": self.request, "action": self.action, "rule": self.rule,
            "citation": self.citation, "expected": self.expected, "got": self.got,
            "missing": list(self.missing), "extra": list(self.extra),
            "missing_count": self.missing_count, "extra_count": self.extra_count,
            "extra_rules": list(self.extra_rules),
            "diffs": [d.to_json() for d in self.diffs], "exit_code": self.exit_code,
            "reply": self.reply, "readings": list(self.readings), "known": self.known,
            "rules": list(self.rules), "through": self.through, "resumed": self.resumed,
            "also": list(self.also),
        }

    def describe(self) -> str:
        """A one-paragraph plain-text account (the pytest plugin, ``oracle drive``)."""
        where = f"step {self.step}" + ("" if self.line is None else f" (line {self.line})")
        parts = [f"{where}: {self.kind}: {self.message}"]
        if self.action is not None:
            parts.append(f"  action: {show(self.action)}")
        if self.rule is not None:
            parts.append(f"  rule: {clip(self.rule, 200)}")
            if self.citation is not None:
                parts.append(f"  text: {self.citation}")
        if self.through > self.step:
            parts.append(f"  in a compound step: one action of the engine for model steps"
                         f" {self.step}-{self.through}, compared after the last")
        if self.rules and self.rules != (self.rule,):
            parts.append(f"  rules at stake: {', '.join(self.rules)}")
        if self.expected is not None or self.got is not None:
            parts.append(f"  expected: {show(self.expected)}")
            parts.append(f"  got:      {show(self.got)}")
        for a in self.missing:
            parts.append(f"  missing: {show(a)}")
        if self.missing_count > len(self.missing):
            parts.append(f"  ... {self.missing_count - len(self.missing)} more missing")
        rules = self.extra_rules or (None,) * len(self.extra)
        for a, why in zip(self.extra, rules, strict=False):
            parts.append(f"  extra:   {show(a)}"
                         + ("" if why is None else f" (the model rejects it under {why})"))
        if self.extra_count > len(self.extra):
            parts.append(f"  ... {self.extra_count - len(self.extra)} more extra")
        for d in self.diffs:
            note = f" ({d.note})" if d.note else ""
            parts.append(f"  {d.path}: expected {show(d.expected)}, got {show(d.got)}{note}")
        if self.reply is not None:
            parts.append(f"  reply: {self.reply}")
        if self.resumed:
            how = ("its state was still the model's" if self.resumed == "unchanged" else
                   "it was reset and every action sent again")
            parts.append(f"  play went on: {how}")
        return "\n".join(parts)


#: how many missing or extra actions a report lists
MAX_LISTED = 20


def rejection(game: Any, before: Any, data: Any) -> str | None:
    """The rule the model rejects action ``data`` (canonical JSON) under in ``before``
    (``None``: not an action of the game's, or one it does not reject)."""
    from rules_oracle.model.core.canon import structure
    from rules_oracle.model.core.errors import IllegalAction

    types = {cls.__name__: cls for cls in game.action_types}
    try:
        game.apply(before, structure(data, types[data["type"]]))
    except IllegalAction as exc:
        return exc.rule
    except Exception:
        return None
    return None


def legal_divergence(game: Any, step: int, before: Any, legal: Sequence[Any],
                     theirs: Mapping[str, Any], text: Callable[[Any], str] | None = None,
                     **fields: Any) -> Divergence | None:
    """The ``legal`` divergence of an engine listing ``theirs`` (canonical text -> JSON)
    where the model's legal actions are ``legal`` (``None``: the same sets): the actions it
    lacks, its extra ones, and the rule the model rejects each extra one under (a known
    deviation of one rule matches only extras that break that rule). ``text`` is the
    canonical text of a model action (a drive passes its cache; ``to_json`` otherwise)."""
    from rules_oracle.model.core.canon import to_json, unstructure

    listed = {(text or to_json)(a): a for a in legal}
    missing = [unstructure(listed[t]) for t in sorted(listed) if t not in theirs]
    extra = [theirs[t] for t in sorted(theirs) if t not in listed]
    if not missing and not extra:
        return None
    what = []
    if missing:
        what.append(f"{len(missing)} legal action(s) missing")
    if extra:
        what.append(f"{len(extra)} action(s) the model does not allow")
    rules = tuple(rejection(game, before, a) for a in extra)
    common = rules[0] if rules and len(set(rules)) == 1 else None
    return Divergence("legal", step, "; ".join(what), missing=tuple(missing[:MAX_LISTED]),
                      extra=tuple(extra[:MAX_LISTED]), missing_count=len(missing),
                      extra_count=len(extra), rule=common if not missing else None,
                      extra_rules=rules, **fields)


#: how a drive's actor divergence writes a finished game
TERMINAL_LABEL = "terminal"

#: divergences whose rules at stake are the effect rules of the step compared
STEP_KINDS = frozenset({"digest", "state", "observation", "rejects-legal", "setup-digest"})
#: divergences whose rules at stake are the effect rules of the step before (what decided
#: who acts, or that the game ended)
AFTER_KINDS = frozenset({"actor", "after-end", "early-end", "truncated", "result",
                         "unsupported"})


def at_stake(game: Any, divergence: Divergence, step: tuple[Any, Any, Any] | None,
             last: tuple[Any, Any, Any] | None) -> Divergence:
    """``divergence`` naming the rules at stake (unless it names some already): for a field
    or step that differs, or an action the engine rejects, the effect rules of ``step``
    (the state before, the action, the state after), and the rules deciding each differing
    field the model recomputes (``Game.field_rules``: a road's length, a card's holder,
    which the step's own effect rules leave out where the model's value did not change);
    for an actor, an end or a result, those
    of ``last`` (the step before); for a ``legal`` divergence, the effect rules of each
    missing action and the rule each extra one breaks; its own rule otherwise."""
    if divergence.rules:
        return divergence
    rules: list[str] = [] if divergence.rule is None else [divergence.rule]
    try:
        if divergence.kind in STEP_KINDS and step is not None and step[1] is not None:
            before, action, after = step
            if after is None:
                after = game.apply(before, action)
            rules.extend(game.effect_rules(before, action, after))
            if last is not None and game.actor(before) == CHANCE:
                # an outcome completes the choice before it (the card paid for, then drawn)
                rules.extend(game.effect_rules(*last))
        elif divergence.kind in STEP_KINDS and divergence.step == 0:
            rules.extend(game.setup_rules())
        elif divergence.kind in AFTER_KINDS and last is not None:
            if divergence.kind == "early-end" or (divergence.kind == "actor" and TERMINAL_LABEL
                                                  in (divergence.expected, divergence.got)):
                rules.extend(game.end_rules())  # one side says the game is over
            rules.extend(game.effect_rules(*last))
        elif divergence.kind == "legal" and step is not None:
            from rules_oracle.model.core.canon import structure

            before = step[0]
            types = {cls.__name__: cls for cls in game.action_types}
            for data in divergence.missing:
                action = structure(data, types[data["type"]])
                rules.extend(game.effect_rules(before, action, game.apply(before, action)))
            rules.extend(r for r in divergence.extra_rules if r is not None)
            if last is not None:  # the step that made the lists what they are
                rules.extend(game.effect_rules(*last))
        if divergence.kind in STEP_KINDS:  # the rules deciding a recomputed field's value
            for diff in divergence.diffs:
                rules.extend(game.field_rules(diff.path))
    except Exception:  # a model that cannot say: the divergence keeps what it names
        pass
    return attrs.evolve(divergence, rules=tuple(dict.fromkeys(rules)))
