"""Shrinking: a divergence reduced to a minimal replay, as Hypothesis shrinks an example.

A driven game is its *choices*: at each step, the index of the action played among the
model's options there (the actor's legal actions, or the chance outcomes, in the model's
order). Replayed with another list of choices (each taken modulo the options' count, so
that any list plays a game), the game goes elsewhere; :func:`shrink` searches, against the
engine itself, for the shortest list that still ends in a divergence of the same
signature (:func:`oracle.campaign.signature`: kind, rules named, known entry): chunks of
choices deleted (delta debugging: halves, quarters, ... single steps), then each choice
made as simple as it can be (0, the first option), every candidate driven through the
engine from a reset, within a budget of attempts and seconds. The steps after the
divergence are never played, so the replay ends where the divergence shows.

:func:`write_replay` writes the result as a version-2 trace (what the engine reported at
the divergence written into its step) that ``oracle check --allow-partial`` replays.
"""

import json
import re
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.model.core.canon import digest_of, structure, unstructure
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE, TERMINAL, Config, Game
from rules_oracle.oracle.drive import (
    RETRIED,
    Declared,
    DriveError,
    Peer,
    _Game,
    _Stop,
)
from rules_oracle.oracle.known import Deviation, settle
from rules_oracle.oracle.parallel import RESTART
from rules_oracle.oracle.premises import Situation
from rules_oracle.oracle.retry import conforming_readings
from rules_oracle.oracle.trace import dumps, header, step_record

Signature = tuple[str, tuple[str, ...], str | None]

#: the kinds of divergence a probe (an illegal action sent) shows
PROBED = frozenset({"accepts-illegal", "rule"})


def _signature(divergence: Any) -> Signature:
    from rules_oracle.oracle.campaign import signature

    return signature(divergence.to_json())


def options(game: Game[Any, Any], state: Any) -> list[Any]:
    """What may happen at ``state``, in the model's order: the chance outcomes at a chance
    step, else the actor's legal actions."""
    if game.actor(state) == CHANCE:
        return [a for a, p in game.chance_outcomes(state) if p > 0]
    return list(game.legal_actions(state))


def choices_of(game: Game[Any, Any], config: Config, actions: Sequence[Any]) -> list[int]:
    """The choices of a game played as ``actions`` (canonical JSON): each one's index among
    the options of its step."""
    state = game.setup(config)
    out = []
    for data in actions:
        found = options(game, state)
        texts = [dumps(unstructure(a)) for a in found]
        index = texts.index(dumps(data))
        out.append(index)
        state = game.apply(state, found[index])
    return out


class _Exhausted(BaseException):
    """The choices ran out before a divergence (not an ``Exception``: the game loop turns
    those into model errors)."""


class _Scripted(_Game):
    """A driven game whose choices come from a list instead of the seeded policy; with a
    ``focus`` (an illegal action the engine accepted, and the rule the model rejects it
    under), that action is the one probe sent, wherever the model rejects it under that
    rule, in place of the probes drawn from the seed's random stream (which a changed
    prefix shifts, so a shorter game would send other probes). With a ``target``
    signature, play goes on after an accepted illegal action of another signature (where
    the drive goes on) and stops at the first divergence of the target's."""

    script: Sequence[int] = ()
    used: list[int]
    #: a replay ends at the divergence it is made for, an accepted illegal action included
    resume_accepted = False
    focus: tuple[Any, str | None] | None = None
    target: Signature | None = None
    #: the readings a divergence is retried under (the ones known entries name)
    named: frozenset[str] = frozenset()

    def _go_on(self, step: int, state: Any, reply: Mapping[str, Any], stop: _Stop) -> None:
        """Stop at an accepted illegal action of the target's signature (its known entry
        settled as the drive settles it); go on after any other."""
        if self.target is not None:
            divergence = self.at_stake(stop.divergence)
            if _signature(divergence)[:2] == self.target[:2]:
                recheck = self.recheck
                assert recheck is not None

                def agrees(before: Any) -> bool:
                    recheck(before)
                    return True

                readings = (conforming_readings(self.game, self.config, self.played, agrees,
                                                self.named)
                            if self.named else ())
                marked, _ = settle(self.known, divergence, readings,
                                   Situation(self.game, state))
                if _signature(marked) == self.target:
                    raise stop
        super()._go_on(step, state, reply, stop)

    def _keep(self, divergence: Any, prefix: int, state: Any, how: str) -> None:
        """Nothing is kept of an accepted illegal action play goes on after (only with a
        target, which :meth:`_go_on` stops at, does play go on): its readings are not
        worth a replay of the model each."""

    def _probes(self, state: Any, legal: Sequence[Any],
                prober: Any) -> list[tuple[Any, IllegalAction]]:
        if self.focus is None:
            return super()._probes(state, legal, prober)
        data, rule = self.focus
        types = {cls.__name__: cls for cls in self.game.action_types}
        try:
            self.game.apply(state, structure(data, types[data["type"]]))
        except IllegalAction as exc:
            if exc.rule == rule:
                return [(data, exc)]
        return []

    def _choose(self, step: int, state: Any, rng: Any) -> Any:
        if step > len(self.script):
            raise _Exhausted
        found = options(self.game, state)
        unsupported, allowed = self.declared.unsupported, self.allowed
        kept = [a for a in found if type(a).__name__ not in unsupported
                and (allowed is None or dumps(unstructure(a)) in allowed)]
        if not kept:
            return super()._choose(step, state, rng)  # the unsupported divergence
        # the choice among all the options; when the engine leaves it out (an unsupported
        # kind, an action it does not allow after a known deviation), among the rest
        wanted = self.script[step - 1]
        chosen = found[wanted % len(found)]
        if chosen not in kept:
            chosen = kept[wanted % len(kept)]
        self.used[step - 1] = found.index(chosen)
        return chosen


@attrs.frozen
class Attempt:
    """One replay of a list of choices through the engine."""

    #: the divergence met (``None``: none before the choices ran out or the game ended)
    divergence: Any
    #: the choices consumed, up to the divergence's step
    used: tuple[int, ...]
    #: the actions played (canonical JSON), up to and with the divergence's step
    actions: tuple[Any, ...]
    declared: Declared
    #: the actions the engine listed at the last step compared (canonical JSON)
    offered: tuple[Any, ...] = ()


@attrs.frozen
class Driver:
    """What replays need: the engine command and the drive's options."""

    command: tuple[str, ...]
    game: Game[Any, Any]
    config: Config
    seed: int
    policy: str = "uniform"
    timeout: float = 10.0
    probes: int = 2
    strict_rules: bool = False
    protocol: int = 2
    known: tuple[Deviation, ...] = ()


class _Engine:
    """One engine subprocess for many replays (restarted after a crash, timeout, ...)."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.peer: Peer | None = None

    def replay(self, script: Sequence[int],
               focus: tuple[Any, str | None] | None = None,
               target: Signature | None = None) -> Attempt:
        """Drive the game of ``script`` through the engine to its first divergence (with
        ``target``, to the first of that signature: play goes on after an accepted illegal
        action of another, as in the drive)."""
        d = self.driver
        if self.peer is None or not self.peer.alive:
            self.close()
            self.peer = Peer(d.command, d.timeout)
        run = _Scripted(self.peer, d.game, d.config, d.seed, d.policy, d.probes,
                        d.strict_rules, d.protocol, d.known)
        run.script = list(script)
        run.used = list(script)
        run.focus = focus
        # a signature's known entry depends only on the readings entries name
        named = frozenset(k.match.reading for k in d.known if k.match.reading is not None)
        if target is not None:
            run.target = target
            run.resume_accepted = True
            run.named = named
        divergence = None
        readings: tuple[str, ...] = ()
        under = None
        try:
            run.run()
        except _Stop as stop:
            divergence = run.at_stake(stop.divergence)
            if divergence.kind in RETRIED:
                readings = run._retry(named) if named else ()
                under = run._under  # entries explaining a step's fields together, as drive
        except _Exhausted:
            pass
        if divergence is not None:
            where = None if run.at is None else Situation(d.game, run.at)
            divergence, _ = settle(d.known, divergence, readings, where, under)
            if divergence.kind in RESTART:
                self.close()
        steps = len(run.actions)
        return Attempt(divergence, tuple(run.used[:steps]), tuple(run.actions), run.declared,
                       tuple(run.offered))

    def close(self) -> None:
        if self.peer is not None:
            self.peer.close()
            self.peer = None


@attrs.frozen
class Shrunk:
    """The minimal replay found for a signature."""

    signature: Signature
    original: Attempt
    best: Attempt
    attempts: int
    seconds: float


def shrink(driver: Driver, actions: Sequence[Any], target: Signature, *,
           attempts: int = 200, seconds: float = 120.0) -> Shrunk | None:
    """The shortest, simplest replay of ``target`` found from the game played as
    ``actions`` (``None`` when replaying ``actions`` does not show ``target`` again). No
    probes are sent unless the target is a probe's divergence (half the requests of a
    replay, and none of them in the trace it gives)."""
    if target[0] not in PROBED:
        driver = attrs.evolve(driver, probes=0)
    engine = _Engine(driver)
    start = time.monotonic()
    tried = 0

    def budget() -> bool:
        return tried < attempts and time.monotonic() - start < seconds

    focus: tuple[Any, str | None] | None = None

    def attempt(script: Sequence[int]) -> Attempt | None:
        nonlocal tried
        tried += 1
        found = engine.replay(script, focus, target)
        if found.divergence is None or _signature(found.divergence) != target:
            return None
        return found

    try:
        first = attempt(choices_of(driver.game, driver.config, actions))
        if first is None:
            return None
        best = first
        if first.divergence.kind == "accepts-illegal":
            # the accepted action probed wherever the model rejects it under its rule: the
            # same game shows it at the first such step the engine accepts it
            focus = (first.divergence.action, first.divergence.rule)
            focused = attempt(first.used)
            if focused is None:
                focus = None
            elif len(focused.used) <= len(best.used):
                best = focused
        size = 2
        while budget() and len(best.used) > 1:
            script = list(best.used)
            chunk = max(1, len(script) // size)
            better = None
            for at in range(0, len(script), chunk):
                if not budget():
                    break
                better = attempt(script[:at] + script[at + chunk:])
                if better is not None and len(better.used) < len(script):
                    break
                better = None
            if better is not None:
                best = better
                size = max(2, size - 1)
            elif chunk == 1:
                break
            else:
                size = min(size * 2, len(script))
        at = 0
        while budget() and at < len(best.used):
            if best.used[at] != 0:
                script = list(best.used)
                script[at] = 0
                better = attempt(script)
                if better is not None and len(better.used) <= len(best.used):
                    best = better
            at += 1
        return Shrunk(target, first, best, tried, time.monotonic() - start)
    finally:
        engine.close()


# -- the replay as a trace ------------------------------------------------------------------

_PART = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def _set(data: Any, path: str, value: Any) -> None:
    """Set the field at ``path`` (``$.public.seats[2].cards``) in ``data``."""
    parts = [(key, None if index is None or index == "" else int(index))
             for key, index in _PART.findall(path[1:])]
    target = data
    for i, (key, index) in enumerate(parts):
        last = i == len(parts) - 1
        if index is None:
            if last:
                target[key] = value
            else:
                target = target[key]
        elif last:
            target[index] = value
        else:
            target = target[index]


def replay_lines(game: Game[Any, Any], config: Config, seed: int, attempt: Attempt
                 ) -> tuple[list[str], bool]:
    """A version-2 trace of ``attempt``: the model's records up to the divergence, and the
    divergence as the engine showed it (its digest, its observation's fields, the actions
    it listed, the action it accepted, the actor it named); and whether the divergence
    could be written (``False``: a crash, a timeout, ...: the trace then stops before
    it)."""
    div = attempt.divergence
    declared = attempt.declared
    compare = "observation" if declared.compare == "observation" else "digest"
    state = game.setup(config)
    head = header(game, config, seed=seed, compare=compare,
                  setup_digest=digest_of(unstructure(state)))
    written = False
    if div.kind == "setup-digest" and div.got is not None:
        head["digest"] = div.got
        written = True
    lines = [dumps(head)]

    def view(after: Any) -> tuple[Any, Any] | None:
        if compare != "observation":
            return None
        seen = unstructure(game.observe(after, declared.viewer))
        fields = declared.fields or tuple(k for k in seen if k != "type")
        return declared.viewer, {k: seen[k] for k in fields}

    for index, data in enumerate(attempt.actions, start=1):
        actor = game.actor(state)
        found = options(game, state)
        action = next(a for a in found if dumps(unstructure(a)) == dumps(data))
        after = game.apply(state, action)
        record = step_record(index, actor, action, after, observation=view(after))
        if index == div.step and div.kind in ("digest", "state") and div.got is not None:
            record["digest"] = div.got
            written = True
        if index == div.step and div.kind == "observation" and div.diffs:
            fields = record["observation"]["fields"]
            for d in div.diffs:
                _set(fields, d.path, d.got)
            written = True
        lines.append(dumps(record))
        state = after
    step = len(attempt.actions) + 1
    if div.step == step and not written:
        actor = game.actor(state)
        extra = div.action if div.kind == "accepts-illegal" else None
        if div.kind == "legal" and actor != TERMINAL and options(game, state):
            # the engine's list before the step, and a step both allow (or the model's first)
            offered = {dumps(a) for a in attempt.offered}
            found = options(game, state)
            action = next((a for a in found if dumps(unstructure(a)) in offered), found[0])
            after = game.apply(state, action)
            record = step_record(step, actor, action, after, observation=view(after))
            record["legal"] = list(attempt.offered)
            if declared.unsupported:
                head["unsupported"] = sorted(declared.unsupported)
                lines[0] = dumps(head)
            lines.append(dumps(record))
            written = True
        elif extra is not None and actor != TERMINAL:
            record = {"record": "step", "step": step, "actor": _label(actor), "action": extra,
                      "digest": digest_of(unstructure(state))}
            seen = view(state)
            if seen is not None:  # the engine's state after it is not known: the one before
                record["observation"] = {"viewer": seen[0], "fields": seen[1]}
            lines.append(dumps(record))
            written = True
        elif div.kind == "actor" and div.got == "terminal" and actor != TERMINAL:
            # the engine says the game is over: its trace ends there (its result is not
            # known; the model's scores are written, and the end comes first in a check)
            lines.append(dumps({"record": "end", "steps": len(attempt.actions),
                                "scores": list(game.scores(state)), "winners": []}))
            written = True
        elif div.kind == "actor" and actor != TERMINAL and options(game, state):
            action = options(game, state)[0]
            record = step_record(step, actor, action, game.apply(state, action),
                                 observation=view(game.apply(state, action)))
            record["actor"] = div.got
            lines.append(dumps(record))
            written = True
    return lines, written


def _label(actor: int) -> Any:
    from rules_oracle.oracle.trace import actor_label

    return actor_label(actor)


def write_replay(path: Path, game: Game[Any, Any], config: Config, seed: int,
                 attempt: Attempt) -> bool:
    """Write :func:`replay_lines` to ``path``; whether the divergence is in it."""
    lines, written = replay_lines(game, config, seed, attempt)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return written


def checked(path: Path, known: Sequence[Deviation] = ()) -> dict[str, Any] | None:
    """What ``oracle check --allow-partial`` finds in a replay: its first divergence's
    kind, rules and known entry (``None``: it conforms)."""
    from rules_oracle.oracle.campaign import signature
    from rules_oracle.oracle.check import TraceError, check_file

    try:
        report = check_file(str(path), allow_partial=True, known=known)
    except TraceError as exc:  # pragma: no cover - a replay the oracle wrote is well formed
        return {"kind": None, "rules": [], "known": None, "step": None, "error": str(exc)}
    if not report.divergences:
        return None
    first = report.divergences[0]  # known or not: the known file names it
    kind, rules, entry = signature(first.to_json())
    return {"kind": kind, "rules": list(rules), "known": entry, "step": first.step}


#: the games that met an entry letting play continue replayed to find where it shows first
MET_TRIED = 4


def _shortest(summary: Any, target: Signature) -> Mapping[str, Any]:
    """The campaign's earliest divergence of signature ``target``: of the games showing it
    (as their first divergence or a later one), the one where it shows at the earliest step
    (the first of equal ones), as that game's result with its actions cut there."""
    from rules_oracle.oracle.campaign import divergences_of, signature

    best: tuple[int, Mapping[str, Any]] | None = None
    for r in summary.results:
        step = next((int(d.get("step", len(r["actions"]))) for d in divergences_of(r)
                     if signature(d) == target), None)
        if step is not None and (best is None or step < best[0]):
            best = (step, r)
    assert best is not None, "a signature of the campaign's"
    step, result = best
    return {**result, "actions": list(result["actions"][:step])}


def _earliest(game: Game[Any, Any], settings: Any, met: Sequence[Mapping[str, Any]],
              entries: tuple[Deviation, ...], ident: str) -> Mapping[str, Any]:
    """Of the games in ``met`` (the first :data:`MET_TRIED`), the one where entry ``ident``
    (made to stop play) shows at the earliest step, as a result cut there."""
    best: tuple[int, Mapping[str, Any]] | None = None
    for result in met[:MET_TRIED]:
        config = game.config(result["players"], result["variant"])
        engine = _Engine(Driver(settings.command, game, config, result["seed"],
                                settings.policy, settings.timeout, settings.probes,
                                settings.strict_rules, settings.protocol, entries))
        try:
            seen = engine.replay(choices_of(game, config, result["actions"]))
        except (DriveError, ValueError):  # the game's own shrinking reports it
            continue
        finally:
            engine.close()
        if seen.divergence is not None and seen.divergence.known == ident and (
                best is None or seen.divergence.step < best[0]):
            best = (seen.divergence.step, {**result, "actions": list(seen.actions)})
    return met[0] if best is None else best[1]


def shrink_campaign(folder: Path, settings: Any, summary: Any, known: Sequence[Deviation],
                    attempts: int, seconds: float) -> list[dict[str, Any]]:
    """Shrink each signature of a campaign once, from its earliest divergence (of the games
    showing it, as their first divergence or a later one, the one where it shows at the
    earliest step), and for each entry that lets play continue, of the first games that met
    it the one where it shows first; the
    replays are written to ``folder/replays`` (one trace per signature, and
    ``replays.json`` describing them)."""
    from rules_oracle.model.core import registry
    from rules_oracle.oracle.known import for_game

    game = registry.get(settings.game)
    mine = tuple(for_game(known, game.name))
    jobs: list[tuple[Signature | str, Mapping[str, Any], tuple[Deviation, ...]]] = [
        (g.signature, _shortest(summary, g.signature), mine) for g in summary.groups]
    named = {g.signature[2] for g in summary.groups}
    for ident, _count in summary.absorbed:
        if ident in named:
            continue
        games = [r for r in summary.results if ident in r.get("tolerated", {})]
        if games:  # play continues after it: made to stop play, so that it is the divergence
            # a replay ends in (the other entries as they are)
            entries = tuple(attrs.evolve(d, resume=False) if d.id == ident else d
                            for d in mine)
            jobs.append((ident, _earliest(game, settings, games, entries, ident), entries))
    out: list[dict[str, Any]] = []
    for number, (target, first, entries) in enumerate(jobs, start=1):
        config = game.config(first["players"], first["variant"])
        driver = Driver(settings.command, game, config, first["seed"], settings.policy,
                        settings.timeout, settings.probes, settings.strict_rules,
                        settings.protocol, entries)
        row: dict[str, Any] = {"seed": first["seed"], "players": first["players"],
                               "original_steps": len(first["actions"])}
        try:
            if isinstance(target, str):  # a tolerated entry: its signature when it stops play
                met = _Engine(driver)
                try:
                    seen = met.replay(choices_of(game, config, first["actions"]))
                finally:
                    met.close()
                if seen.divergence is None or seen.divergence.known != target:
                    other = None if seen.divergence is None else _signature(seen.divergence)
                    out.append({**row, "kind": None, "rules": [], "known": target,
                                "steps": None, "file": None,
                                "error": f"another divergence comes first: {other}"})
                    continue
                target = _signature(seen.divergence)
            kind, rules, entry = target
            row = {"kind": kind, "rules": list(rules), "known": entry, **row}
            found = shrink(driver, first["actions"], target, attempts=attempts,
                           seconds=seconds)
        except (DriveError, ValueError) as exc:
            out.append({"kind": None, "rules": [], "known": None, **row, "steps": None,
                        "file": None, "error": str(exc)})
            continue
        if found is None:
            out.append({**row, "steps": None, "file": None,
                        "error": "replaying the game did not show the divergence again"})
            continue
        name = kind if entry is None else entry
        path = folder / "replays" / f"{number:02d}-{name}-seed{first['seed']}.jsonl"
        written = write_replay(path, game, config, first["seed"], found.best)
        out.append({**row, "steps": len(found.best.actions),
                    "step": found.best.divergence.step, "file": str(path),
                    "choices": list(found.best.used), "attempts": found.attempts,
                    "seconds": round(found.seconds, 1), "in_trace": written,
                    "check": checked(path, entries) if written else None})
    if out:
        (folder / "replays").mkdir(parents=True, exist_ok=True)
        (folder / "replays" / "replays.json").write_text(
            json.dumps(out, indent=2, sort_keys=True) + "\n", "utf-8")
    return out
