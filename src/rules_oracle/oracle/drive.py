"""Live driving: play seeded games through a foreign implementation and compare every step.

The implementation runs as a subprocess speaking the JSON Lines protocol of
docs/protocol.md on its standard input and output (one request line, one
reply line; schema in ``oracle/schema/protocol.schema.json``). For each
seeded game, :func:`drive` resets it, then at every step asks for the actor
and the legal actions (compared with the model's as sets, missing and extra
actions named), sends a few actions the model rejects (built by
:func:`properties.generic.mutations`) and expects them rejected, sends the
action the model's seeded play chooses (:func:`model.core.play.choose`) and
compares the state digest after it (field by field when the implementation
returns its state). The first divergence of each game is reported with the
seed, the step and the actions played so far; the chosen actions are those
``oracle play GAME --players P --seed S --policy X`` writes.

Timeouts, crashes, and replies that are not JSON or not of the expected
shape are divergences of kind ``timeout``, ``crash`` and ``protocol``; the
oracle never hangs on them, and the subprocess (its whole process group) is
killed when driving ends.
"""

import contextlib
import gc
import json
import math
import operator
import os
import random
import re
import select
import subprocess
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.model.core.canon import digest_of, structure, to_json, unstructure
from rules_oracle.model.core.chance import sample
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE, PUBLIC, TERMINAL, Config, Game, Viewer
from rules_oracle.model.core.play import ALL_POLICIES, STEER, Steering, choose
from rules_oracle.oracle import proctree
from rules_oracle.oracle.aim import Aiming, aim_of
from rules_oracle.oracle.aim import policies as aim_policies
from rules_oracle.oracle.diff import (
    FieldDiff,
    UnknownField,
    child,
    clip,
    exact,
    field_diff,
    partial_diff,
    show,
)
from rules_oracle.oracle.divergence import (
    DRIVE_KINDS,
    Divergence,
    at_stake,
    legal_divergence,
)
from rules_oracle.oracle.known import Deviation, classify, for_game, settle
from rules_oracle.oracle.premises import Situation
from rules_oracle.oracle.reading import (
    MAX_DIGITS,
    MAX_LINE,
    InputError,
    Validator,
    decode,
    loads,
    mib,
    schema_error,
)
from rules_oracle.oracle.retry import conforming_readings, fields_under
from rules_oracle.oracle.trace import actor_label, dumps
from rules_oracle.properties.generic import legal_set, mutations, strings_in

#: the protocol version the oracle speaks (it also drives engines of the versions below)
PROTOCOL_VERSION = 2
PROTOCOL_VERSIONS = (1, 2)

#: the kinds of divergence, in the words reports use
KINDS = DRIVE_KINDS

#: the divergences retried under the other readings of the game's ambiguities
RETRIED = frozenset({"setup-digest", "actor", "legal", "chance", "rejects-legal",
                     "accepts-illegal", "digest", "state", "observation"})

#: the longest reply line read (bytes); a longer one is a protocol error
MAX_REPLY = MAX_LINE
#: extra actions let pass by a known deviation that are probed again later, at most
MAX_WATCHED = 16
#: canonical texts of the model's actions remembered in one game, at most
MAX_TEXTS = 50_000
#: accepted illegal probes kept per game after which play went on, and the resets made to
#: bring play back in step, at most
MAX_FOUND = 20
MAX_REPLAYS = 10
#: bytes of the implementation's standard error shown in a crash report
STDERR_TAIL = 2000
#: bytes of its standard error kept (read as it comes; the rest is dropped)
STDERR_KEEP = 4 * STDERR_TAIL
#: the longest wait between checks that the implementation is still running (s)
POLL = 0.05
#: the longest --timeout (s): one day
MAX_TIMEOUT = 86400.0


class DriveError(Exception):
    """Bad input to :func:`drive` (the command cannot be started, a bad option)."""


class PeerFailure(Exception):
    """The implementation timed out, crashed or broke the protocol."""

    def __init__(self, kind: str, message: str, *, exit_code: int | None = None,
                 reply: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.exit_code = exit_code
        self.reply = reply


# -- the protocol schema ------------------------------------------------------------------


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the protocol's requests and replies."""
    text = (Path(__file__).parent / "schema" / "protocol.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(name: str) -> Any:
    full = schema()
    sub = {"$schema": full["$schema"], "$defs": full["$defs"], "$ref": f"#/$defs/{name}"}
    return Validator(sub)




_HEX64 = re.compile(r"[0-9a-f]{64}")
_FRACTION = re.compile(r"[0-9]+/[0-9]+")


def _tagged(value: Any) -> bool:
    return type(value) is dict and type(value.get("type")) is str and value["type"] != ""


def _fast_ok(op: str, reply: dict[str, Any]) -> bool:
    """True only for replies the schema certainly accepts (the common cases, fast): a
    failure, or a success to legal, apply or state."""
    if type(reply.get("id", 0)) is not int:
        return False
    if reply.get("ok") is False:
        return type(reply.get("error")) is str and type(reply.get("rule", "")) is str
    if (reply.get("ok") is not True or op not in ("legal", "apply", "state")
            or ("observation" in reply and (op == "legal"
                                            or type(reply["observation"]) is not dict))):
        return False
    if op == "legal":
        actor = reply.get("actor")
        actions = reply.get("actions")
        probabilities = reply.get("probabilities", [])
        return ((actor in ("chance", "terminal") or (type(actor) is int and actor >= 0))
                and type(actions) is list and all(_tagged(a) for a in actions)
                and type(probabilities) is list
                and all(type(p) is str and _FRACTION.fullmatch(p) for p in probabilities))
    digest = reply.get("digest")
    if digest is None and op == "state" and "observation" not in reply:
        return False
    return ((digest is None or (type(digest) is str and _HEX64.fullmatch(digest) is not None))
            and ("state" not in reply or _tagged(reply["state"])))


def _fast_probe(reply: dict[str, Any]) -> bool:
    """True only for a reply to probe the schema certainly accepts: every action rejected."""
    results = reply.get("results")
    return (reply.get("ok") is True and type(reply.get("id", 0)) is int
            and type(results) is list and len(results) > 0
            and all(type(r) is dict and r.get("ok") is False and _fast_ok("apply", r)
                    for r in results))


def validate_reply(op: str, reply: Any) -> None:
    """Raise :class:`PeerFailure` (``protocol``) unless ``reply`` fits the reply to ``op``."""
    if type(reply) is dict and (_fast_probe(reply) if op == "probe" else _fast_ok(op, reply)):
        return
    if type(reply) is not dict:
        raise PeerFailure("protocol", f"the reply to {op} is not a JSON object",
                          reply=show(reply, 200))
    ok = reply.get("ok")
    if type(ok) is not bool:
        raise PeerFailure("protocol", f"the reply to {op} has no boolean field ok",
                          reply=show(reply, 200))
    found = schema_error(_validator(op if ok else "failure"), reply)
    if found is not None:
        where, message = found
        raise PeerFailure("protocol", f"the reply to {op}: {where}: {clip(message, 160)}",
                          reply=show(reply, 200))


#: the fields of each observation class met (:func:`_field_names`)
_FIELDS: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    """The fields of an observation class (none for a class that is not an attrs class)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = (frozenset(attrs.fields_dict(cls)) if attrs.has(cls)
                                else frozenset())
    return names



def _same_items(value: Any, before: Any) -> bool:
    """Whether ``value`` and ``before`` are tuples of the same objects (the same text, the
    model's values being immutable)."""
    return (type(value) is tuple and type(before) is tuple and len(value) == len(before)
            and all(map(operator.is_, value, before)))


def _changed_items(value: Any, got: Any, last: tuple[Any, str, Any]) -> list[int] | None:
    """The items of a field to walk again, its model's and engine's values ``value`` and
    ``got`` lists of objects as long as when they last agreed (``last``: the model's value,
    its text and the engine's value then): those where the model's item is not the same
    object or the engine's not equal to its own then, or not free of true, false and
    floats (:func:`exact`). ``None``: the field is not such a list (walked whole)."""
    before, _text, seen = last
    if (type(value) is not tuple or type(before) is not tuple or type(got) is not list
            or type(seen) is not list or not got or type(got[0]) is not dict
            or not len(value) == len(got) == len(before) == len(seen)):
        return None
    return [i for i, item in enumerate(got)
            if not (value[i] is before[i] and type(item) is dict and item == seen[i]
                    and exact(item))]

# -- the subprocess -------------------------------------------------------------------------


class Peer:
    """An implementation running as a subprocess; one request line -> one reply line.

    It runs in a session and process group of its own, with the mark of
    :mod:`oracle.proctree` in its environment, so :meth:`close` ends it and
    every process it started. Its standard error is read through a pipe as it
    comes and only the last :data:`STDERR_KEEP` bytes are kept.
    """

    def __init__(self, command: Sequence[str], timeout: float, *, cwd: str | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        if not command:
            raise DriveError("no command to run")
        self.timeout = timeout
        self.requests = 0
        self.mark = proctree.new_mark()
        environment = dict(os.environ if env is None else env)
        environment[proctree.MARK] = self.mark
        try:
            self.proc = subprocess.Popen(
                list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=cwd, env=environment, start_new_session=True)
        except (OSError, ValueError) as exc:
            raise DriveError(f"cannot start {command[0]}:"
                             f" {getattr(exc, 'strerror', None) or exc}") from None
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        self._err: int | None = self.proc.stderr.fileno()
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        self._buffer = bytearray()
        self._tail = bytearray()
        self._closed = False
        #: the polls waiting to write a request and to read a reply (each with standard
        #: error), built once: a request costs no selector of its own
        self._selectors: dict[int, select.poll] = {}

    # -- requests ---------------------------------------------------------------
    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        """Send one request and return its validated reply, or raise :class:`PeerFailure`."""
        self.requests += 1
        ident = self.requests
        message = {"op": op, "id": ident, **fields}
        deadline = time.monotonic() + self.timeout
        self._write((dumps(message) + "\n").encode("utf-8"), deadline, op)
        raw = self._read_line(deadline, op)
        try:
            reply = loads(decode(raw))
        except InputError as exc:
            shown = raw.decode("utf-8", "replace")
            raise PeerFailure("protocol", f"the reply to {op} cannot be read:"
                              f" {clip(str(exc), 120)}", reply=clip(shown)) from None
        validate_reply(op, reply)
        assert isinstance(reply, dict)
        if "id" in reply and reply["id"] != ident:
            raise PeerFailure("protocol", f"the reply to request {ident} ({op}) carries id"
                              f" {show(reply['id'], 40)}", reply=show(reply, 200))
        return reply

    def _selector(self, fd: int, events: int) -> select.poll:
        sel = self._selectors.get(fd)
        if sel is None:
            sel = self._selectors[fd] = select.poll()
            sel.register(fd, events)
            if self._err is not None:
                sel.register(self._err, select.POLLIN)
        return sel

    def _wait(self, sel: select.poll, deadline: float) -> bool:
        """Wait for ``sel`` (at most :data:`POLL` s); drain standard error; True if ready
        (an end or an error of the pipe is ready too: the read or write then tells it)."""
        remaining = max(0.0, min(deadline - time.monotonic(), POLL))
        ready = False
        # milliseconds, rounded up: a wait shorter than one is not a busy loop
        for fd, _events in sel.poll(math.ceil(remaining * 1000)):
            if fd == self._err:
                self._drain_stderr()
            else:
                ready = True
        return ready

    def _write(self, data: bytes, deadline: float, op: str) -> None:
        # counted, not a shrinking memoryview: compiled by mypyc, that loop wrote its
        # data twice
        sent = 0
        while sent < len(data):
            try:
                sent += os.write(self._in, data[sent:] if sent else data)
                continue
            except BlockingIOError:
                pass
            except OSError:
                raise self._crashed(op, "closed its input") from None
            if self._status() is not None:
                raise self._crashed(op, "exited")
            if time.monotonic() >= deadline:
                raise PeerFailure("timeout", f"the {op} request could not be written within"
                                  f" {self.timeout:g} s (the implementation reads no input)")
            self._wait(self._selector(self._in, select.POLLOUT), deadline)

    def _read_line(self, deadline: float, op: str) -> bytes:
        buffer = self._buffer
        while True:
            end = buffer.find(b"\n")
            while end >= 0:
                line = bytes(buffer[:end])
                del buffer[: end + 1]
                if line.strip():
                    return line
                end = buffer.find(b"\n")  # blank lines between replies are tolerated
            if len(buffer) > MAX_REPLY:
                raise PeerFailure("protocol", f"the reply to {op} is longer than"
                                  f" {mib(MAX_REPLY)} without a line end (the limit)")
            # its exit is looked for only when no output came within the wait (a reply
            # comes without a look at the process)
            ready = self._wait(self._selector(self._out, select.POLLIN), deadline)
            exited = not ready and self._status() is not None
            if ready or exited:
                # after an exit, what it wrote before exiting is still read: the
                # outcome does not depend on who else holds the pipe
                if not self._read_out(exited):
                    raise self._crashed(op, "closed its output")
                if exited and buffer.find(b"\n") < 0:
                    raise self._crashed(op, "exited")
                continue
            if time.monotonic() >= deadline:
                raise PeerFailure("timeout", f"no reply to {op} within {self.timeout:g} s")

    def _read_out(self, everything: bool) -> bool:
        """Read what standard output holds (all of it when ``everything``); False at its end."""
        while len(self._buffer) <= MAX_REPLY:
            try:
                chunk = os.read(self._out, 65536)
            except BlockingIOError:
                return True
            except OSError:  # pragma: no cover - a pipe error is an end
                return False
            if not chunk:
                return False
            self._buffer.extend(chunk)  # in place: _read_line holds the same array
            if not everything:
                return True
        return True

    def _drain_stderr(self) -> None:
        """Read what standard error holds, keeping only its last :data:`STDERR_KEEP` bytes."""
        for _ in range(64):  # bounded: a flood is read on the next wait
            if self._err is None:
                return
            try:
                chunk = os.read(self._err, 65536)
            except BlockingIOError:
                return
            except OSError:  # pragma: no cover - a pipe error is an end
                chunk = b""
            if not chunk:
                for waiting in self._selectors.values():
                    waiting.unregister(self._err)
                self._err = None
                return
            self._tail.extend(chunk)
            if len(self._tail) > STDERR_KEEP:
                del self._tail[: len(self._tail) - STDERR_KEEP]

    def _crashed(self, op: str, what: str) -> PeerFailure:
        code = self._wait_status(1.0)
        if code is None:
            message = f"the implementation {what} while answering {op} (still running)"
        else:
            message = f"the implementation exited with code {code} while answering {op}"
        tail = self.stderr_tail()
        if tail:
            message += f"; stderr ends: {tail}"
        return PeerFailure("crash", message, exit_code=code)

    def stderr_tail(self, limit: int = STDERR_TAIL) -> str:
        """The end of what the implementation wrote on standard error (lines joined by |)."""
        self._drain_stderr()
        data = bytes(self._tail[-limit:])
        return " | ".join(line.strip() for line in data.decode("utf-8", "replace").splitlines()
                          if line.strip())

    # -- the end ------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return not self._closed and self._status() is None

    def _status(self) -> int | None:
        """The exit code (negative: the signal) once the implementation has exited, or
        ``None``. It is not reaped here: until :meth:`close` its process id stays its own,
        so the process group and descendants it names can never be another program's."""
        if self.proc.returncode is not None:
            return self.proc.returncode
        try:
            info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:  # pragma: no cover - reaped elsewhere
            return self.proc.poll()
        if info is None:
            return None
        signalled = info.si_code in (os.CLD_KILLED, os.CLD_DUMPED)
        return -info.si_status if signalled else info.si_status

    def _wait_status(self, seconds: float) -> int | None:
        """:meth:`_status`, waiting up to ``seconds`` for an exit."""
        deadline = time.monotonic() + seconds
        while True:
            code = self._status()
            if code is not None or time.monotonic() >= deadline:
                return code
            time.sleep(0.01)

    def close(self, grace: float = 0.3) -> None:
        """Ask the implementation to quit, then end it and every process it started
        (:func:`oracle.proctree.end_tree`); always reaps it."""
        if self._closed:
            return
        self._closed = True
        self._selectors.clear()
        try:
            if self._status() is None:
                with contextlib.suppress(OSError):
                    os.write(self._in, b'{"op":"quit"}\n')
            with contextlib.suppress(OSError):
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            self._wait_status(grace)
        finally:
            proctree.end_tree(self.proc.pid, self.mark)
            if self._status() is None:  # pragma: no cover - the group kill reached it
                self.proc.kill()
            self.proc.wait()  # reaped only now that the whole tree is ended
            assert self.proc.stdout is not None and self.proc.stderr is not None
            self.proc.stdout.close()
            self.proc.stderr.close()


# -- illegal probes ---------------------------------------------------------------------------


class Prober:
    """Actions the model rejects in a state: mutations of legal ones and actions seen before.

    Each probe is the action as a foreign implementation would read it back
    from canonical JSON, with the :class:`IllegalAction` the model raises.
    """

    def __init__(self, game: Game[Any, Any], rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self._pool: list[Any] = []
        self._vocabulary: set[str] = set()
        #: actions whose strings are in the vocabulary already (equal actions hold the
        #: same strings), within a bound
        self._read: set[Any] = set()
        self._types = {cls.__name__: cls for cls in game.action_types}

    def remember(self, actions: Sequence[Any]) -> None:
        rng = self.rng
        chosen = actions if len(actions) <= 2 else rng.sample(list(actions), 2)
        for a in chosen:
            if len(self._pool) < 200:
                self._pool.append(a)
            else:
                self._pool[rng.randrange(len(self._pool))] = a
            if len(self._vocabulary) < 400 and a not in self._read:
                strings_in(a, self._vocabulary)
                if len(self._read) < 4096:
                    self._read.add(a)

    def candidates(self, legal: Sequence[Any], per_action: int = 4) -> list[Any]:
        rng = self.rng
        vocabulary = sorted(self._vocabulary)
        out: list[Any] = []
        for a in rng.sample(list(legal), min(2, len(legal))):
            out.extend(mutations(a, rng, vocabulary, limit=per_action))
        pool = self._pool
        out.extend(pool[rng.randrange(len(pool))] for _ in range(min(2, len(pool))))
        return out

    def probes(self, state: Any, legal: Sequence[Any], limit: int,
               per_action: int = 4) -> list[tuple[Any, dict[str, Any], IllegalAction]]:
        """Up to ``limit`` (action, canonical JSON, rejection) the model gives in ``state``."""
        out: list[tuple[Any, dict[str, Any], IllegalAction]] = []
        if limit <= 0:
            return out
        listed = set(legal)
        seen: set[str] = set()
        for candidate in self.candidates(legal, per_action):
            if len(out) >= limit:
                break
            try:
                data = unstructure(candidate)
                text = dumps(data)
                if text in seen:
                    continue
                seen.add(text)
                action = structure(data, self._types[data["type"]])
                if action in listed:
                    continue
                self.game.apply(state, action)
            except IllegalAction as exc:
                out.append((action, data, exc))
            except Exception:  # a model defect the generic checks report; not a probe
                continue
        return out


@attrs.frozen
class Declared:
    """What an implementation declared in its ``reset`` reply (protocol version 2)."""

    #: ``digest`` (whole states, as in version 1) or ``observation``
    compare: str = "digest"
    #: whose view it reports: ``"public"`` or a seat
    viewer: Viewer = PUBLIC
    #: the top-level fields of that view it reports (with ``compare`` ``observation``)
    fields: tuple[str, ...] = ()
    #: action kinds (type names) it does not implement: never chosen, left out of comparisons
    unsupported: frozenset[str] = frozenset()
    #: chance kinds it draws itself (``roll``): the oracle follows its outcome
    rolls: frozenset[str] = frozenset()
    #: the top-level fields of the model's view for that viewer (compare ``observation``)
    available: int = 0
    #: the player counts it supports (empty: not declared); a game of another count is a
    #: declared gap, not driven
    players: tuple[int, ...] = ()
    #: compound steps: (first kinds, then kinds) -- one action of the engine covers a step of
    #: a first kind and the chance and forced steps of a then kind that follow it
    compound: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    #: it answers ``probe``: the illegal actions of a step are sent in one request
    probe: bool = False

    def then_of(self, kind: str) -> frozenset[str] | None:
        """The kinds that may follow a step of ``kind`` in one compound step (``None``:
        ``kind`` begins none)."""
        for first, then in self.compound:
            if kind in first:
                return then
        return None

    def to_json(self) -> dict[str, Any]:
        return {"compare": self.compare, "viewer": self.viewer, "fields": list(self.fields),
                "unsupported": sorted(self.unsupported), "rolls": sorted(self.rolls),
                "available": self.available, "players": list(self.players),
                "compound": [{"first": sorted(f), "then": sorted(t)}
                             for f, t in self.compound], "probe": self.probe}


# -- reports ---------------------------------------------------------------------------------



#: the divergence of a driven game (the one type the oracle reports)
DriveDivergence = Divergence


@attrs.frozen
class GameRun:
    """One seeded game driven through the implementation."""

    game: str
    players: int
    variant: tuple[tuple[str, str], ...]
    seed: int
    policy: str
    #: steps played in agreement
    steps: int
    finished: bool
    divergence: DriveDivergence | None
    #: the actions played so far, in canonical JSON (a replayable prefix)
    actions: tuple[Any, ...]
    #: illegal actions sent, and the ones on which the rule ids differed (a warning)
    probes: int = 0
    warnings: tuple[str, ...] = ()
    #: the command that writes this game's trace (its first ``steps`` steps are these,
    #: unless ``departed``)
    replay: str = ""
    #: what the implementation declared at its reset (protocol version 2)
    declared: Declared = Declared()
    #: legal actions of unsupported kinds left out of the comparison, per kind (a declared gap)
    gaps: tuple[tuple[str, int], ...] = ()
    #: chance steps whose outcome the implementation drew
    rolled: int = 0
    #: the first step at which the game left the one ``replay`` writes (an unsupported kind
    #: excluded from the choice, or an outcome the implementation drew); 0: never
    departed: int = 0
    #: the readings (``ambiguity-id=reading``) under which the divergence disappears
    readings: tuple[str, ...] = ()
    #: the id of the known deviation (``--known``) the divergence matches
    known: str | None = None
    #: known deviations met on the way that let play continue, with how often
    tolerated: tuple[tuple[str, int], ...] = ()
    #: steps played after the first known deviation met (compared, not in lock-step)
    after_known: int = 0
    #: the rule ids exercised: the effect rules of the steps played and the rules of the
    #: illegal actions the implementation rejected
    exercised: tuple[str, ...] = ()
    #: how many rule ids the game has
    rules_total: int = 0
    #: False: not driven, the implementation declared it does not support the player count
    driven: bool = True
    #: compound steps sent (one action of the engine for several model steps), and the model
    #: steps inside them whose legal actions or outcomes the engine did not list
    compound: int = 0
    inside: int = 0
    #: the divergences found after ``divergence`` (an accepted illegal action after which
    #: play was brought back in step), in order, the one that ended the game last
    later: tuple[DriveDivergence, ...] = ()
    #: illegal actions accepted after which play went on, and the steps compared after the
    #: first of them
    accepted: int = 0
    after_accepted: int = 0

    @property
    def divergences(self) -> tuple[DriveDivergence, ...]:
        """Every divergence of the game, in order."""
        return (() if self.divergence is None else (self.divergence,)) + self.later

    @property
    def partial(self) -> tuple[str, ...]:
        """What was not compared in full (empty: everything was)."""
        out: list[str] = []
        declared = self.declared
        if not self.driven:
            return (f"not driven: the implementation supports"
                    f" {_counts(declared.players)} players only",)
        if declared.compare == "observation" and len(declared.fields) < declared.available:
            out.append(f"{len(declared.fields)} of {declared.available} observation fields"
                       " compared")
        left = sum(count for _, count in self.gaps)
        if left:
            out.append(f"{left} legal actions of unsupported kinds not compared"
                       f" ({', '.join(kind for kind, _ in self.gaps)})")
        if self.rolled:
            out.append(f"{self.rolled} chance outcomes drawn by the engine (probabilities"
                       " not compared)")
        if self.inside:
            out.append(_inside(self.inside))
        if not self.probes:
            out.append("no illegal action probed")
        if self.after_known:
            out.append(f"{self.after_known} steps after a known deviation")
        if self.divergence is None and not self.finished:
            out.append("the game did not finish")
        return tuple(out)

    @property
    def conforms(self) -> bool:
        """No divergence at all, known or not."""
        return self.divergence is None and not self.tolerated

    @property
    def status(self) -> str:
        """``conforms``, ``known`` (only known deviations) or ``diverges``."""
        if self.divergence is None:
            return "known" if self.tolerated else "conforms"
        if self.known is None or any(d.known is None for d in self.later):
            return "diverges"
        return "known"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "variant": dict(self.variant),
            "seed": self.seed, "policy": self.policy, "steps": self.steps,
            "finished": self.finished, "status": self.status,
            "probes": self.probes, "warnings": list(self.warnings),
            "divergence": None if self.divergence is None else self.divergence.to_json(),
            "actions": list(self.actions), "replay": self.replay,
            "declared": self.declared.to_json(), "gaps": dict(self.gaps),
            "rolled": self.rolled, "departed": self.departed,
            "readings": list(self.readings), "known": self.known,
            "tolerated": dict(self.tolerated), "after_known": self.after_known,
            "partial": list(self.partial),
            "rules_exercised": {"count": len(self.exercised), "of": self.rules_total,
                                "rules": list(self.exercised)},
            "driven": self.driven,
            "compound": {"actions": self.compound, "inside": self.inside},
            "later": [d.to_json() for d in self.later], "accepted": self.accepted,
            "after_accepted": self.after_accepted,
        }


@attrs.frozen
class DriveReport:
    command: tuple[str, ...]
    games: tuple[GameRun, ...]
    requests: int
    seconds: float
    #: the broad known deviations in force (each matches any divergence of its kind)
    broad: tuple[str, ...] = ()
    #: the known deviations in force (the entries of the games driven)
    entries: tuple[str, ...] = ()

    def absorbed(self) -> dict[str, int]:
        """How many divergences each known deviation matched, over every game."""
        out: dict[str, int] = {}
        for run in self.games:
            for ident, count in run.tolerated:
                out[ident] = out.get(ident, 0) + count
            for d in run.divergences:
                for ident in d.entries:
                    out[ident] = out.get(ident, 0) + 1
        return out

    @property
    def stale(self) -> tuple[str, ...]:
        """The known deviations in force that matched nothing in the run."""
        met = self.absorbed()
        return tuple(i for i in self.entries if i not in met)

    @property
    def conforms(self) -> bool:
        return all(g.conforms for g in self.games)

    def exercised(self) -> dict[str, tuple[tuple[str, ...], int]]:
        """Per game driven: the rule ids exercised over every game of it, and how many
        rule ids it has."""
        out: dict[str, tuple[set[str], int]] = {}
        for g in self.games:
            out.setdefault(g.game, (set(), g.rules_total))[0].update(g.exercised)
        return {name: (tuple(sorted(seen)), total) for name, (seen, total) in out.items()}

    @property
    def passes(self) -> bool:
        """Every game conforms or diverges only as a known deviation (``--known``)."""
        return all(g.status != "diverges" for g in self.games)

    @property
    def status(self) -> str:
        return "conforms" if self.conforms else "known" if self.passes else "diverges"

    @property
    def partial(self) -> tuple[str, ...]:
        """What was not compared in full, over every game."""
        out: list[str] = []
        skipped = [g for g in self.games if not g.driven]
        if skipped:
            counts = sorted({g.players for g in skipped})
            out.append(f"{len(skipped)} of {len(self.games)} games not driven (player counts"
                       f" the implementation does not support: {_counts(counts)})")
        fields = sorted({f"{len(g.declared.fields)} of {g.declared.available}"
                         for g in self.games if g.declared.compare == "observation"
                         and len(g.declared.fields) < g.declared.available})
        if fields:
            out.append(f"{' / '.join(fields)} observation fields compared")
        left: dict[str, int] = {}
        for g in self.games:
            for kind, count in g.gaps:
                left[kind] = left.get(kind, 0) + count
        if left:
            out.append(f"{sum(left.values())} legal actions of unsupported kinds not compared"
                       f" ({', '.join(sorted(left))})")
        rolled = sum(g.rolled for g in self.games)
        if rolled:
            out.append(f"{rolled} chance outcomes drawn by the engine (probabilities not"
                       " compared)")
        inside = sum(g.inside for g in self.games)
        if inside:
            out.append(_inside(inside))
        unprobed = sum(1 for g in self.games if not g.probes and g.driven)
        if unprobed:
            out.append(f"no illegal action probed in {unprobed} of {len(self.games)} games")
        after = sum(g.after_known for g in self.games)
        if after:
            out.append(f"{after} steps compared after a known deviation")
        unfinished = sum(1 for g in self.games
                         if g.divergence is None and not g.finished and g.driven)
        if unfinished:
            out.append(f"{unfinished} games did not finish")
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "command": list(self.command), "requests": self.requests,
            "broad": list(self.broad), "absorbed": self.absorbed(), "stale": list(self.stale),
            "partial": list(self.partial),
            "rules_exercised": {name: {"count": len(ids), "of": total, "rules": list(ids)}
                                for name, (ids, total) in self.exercised().items()},
            "seconds": round(self.seconds, 3),
            "games": [g.to_json() for g in self.games],
        }


# -- one game ------------------------------------------------------------------------------


class _Stop(Exception):
    def __init__(self, divergence: DriveDivergence) -> None:
        super().__init__(divergence.message)
        self.divergence = divergence


def _inside(count: int) -> str:
    """What compound steps leave uncompared."""
    return (f"{count} steps inside compound steps (the engine lists neither their chance"
            " outcomes with probabilities nor their forced actions)")


def _counts(counts: Sequence[int]) -> str:
    """``3``, ``3 or 4``, ``2, 3 or 4``."""
    shown = [str(c) for c in counts]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _label(who: int) -> int | str:
    """The protocol's actor: as in traces, or ``"terminal"`` for a finished game."""
    return "terminal" if who == TERMINAL else actor_label(who)


def _state_check(step: int, kind: str, model_data: Any, model_digest: str,
                 reply: Mapping[str, Any], request: str, action: Any = None) -> None:
    """Compare a reply's ``digest`` and ``state`` (when present) with the model's."""
    given = reply.get("state")
    got_digest = reply.get("digest")
    if got_digest is not None and got_digest != model_digest:
        diffs = tuple(field_diff(model_data, given)) if given is not None else ()
        raise _Stop(DriveDivergence(kind, step, KINDS[kind], request=request, action=action,
                                    expected=model_digest, got=got_digest, diffs=diffs))
    if given is not None and dumps(given) != dumps(model_data):
        raise _Stop(DriveDivergence("state", step, KINDS["state"], request=request,
                                    action=action, diffs=tuple(field_diff(model_data, given))))



def _deviations(divergence: Divergence) -> list[Divergence]:
    """A ``legal`` divergence as the deviations it may hold, each to be matched by an entry:
    the actions the engine lacks, and its extra actions grouped by the rule the model
    rejects them under (an extra card played the turn it was bought and a second card in
    one turn are two deviations, even at one step)."""
    if not divergence.extra:
        return [divergence]
    parts: list[Divergence] = []
    if divergence.missing:
        parts.append(attrs.evolve(divergence, extra=(), extra_count=0, extra_rules=(),
                                  rule=None))
    rules = divergence.extra_rules or (None,) * divergence.extra_total
    listed = dict(enumerate(divergence.extra))
    for rule in dict.fromkeys(rules):
        indices = [i for i, r in enumerate(rules) if r == rule]
        parts.append(attrs.evolve(
            divergence, missing=(), missing_count=0, rule=rule,
            extra=tuple(listed[i] for i in indices if i in listed), extra_count=len(indices),
            extra_rules=(rule,) * len(indices)))
    return parts


def declared_of(game: Game[Any, Any], config: Config, state: Any,
                reply: Mapping[str, Any]) -> Declared:
    """The declaration of a version-2 ``reset`` reply, checked against the game; raises
    :class:`PeerFailure` (``protocol``) naming the field that does not fit."""
    kinds = {cls.__name__ for cls in game.action_types}
    compare = reply.get("compare", "digest")
    viewer: Viewer = reply.get("viewer", PUBLIC)
    if viewer != PUBLIC and not (type(viewer) is int and 0 <= viewer < config.players):
        raise PeerFailure("protocol", f"reset: $.viewer: a viewer is \"public\" or a seat"
                          f" 0-{config.players - 1}, not {show(viewer)}")
    fields = tuple(reply.get("fields", ()))
    view: dict[str, Any] = {}
    if compare == "observation":
        try:
            view = unstructure(game.observe(state, viewer))
        except Exception as exc:
            raise PeerFailure("protocol", f"reset: the model has no view for {show(viewer)}:"
                              f" {exc!r}") from None
        if not fields:
            raise PeerFailure("protocol", "reset: $.fields: compare \"observation\" needs the"
                              " fields reported")
        for i, name in enumerate(fields):
            if name == "type" or name not in view:
                raise PeerFailure("protocol", f"reset: $.fields[{i}]: {show(name)} is not a"
                                  f" field of the model's {view.get('type', 'view')}"
                                  f" (fields: {', '.join(sorted(k for k in view if k != 'type'))})")
        if len(set(fields)) != len(fields):
            raise PeerFailure("protocol", "reset: $.fields: a field is named twice")
    elif fields:
        raise PeerFailure("protocol", "reset: $.fields: fields are declared only with"
                          " compare \"observation\"")
    named: dict[str, frozenset[str]] = {}
    for key in ("unsupported", "rolls"):
        names = reply.get(key, [])
        for i, name in enumerate(names):
            if name not in kinds:
                raise PeerFailure("protocol", f"reset: $.{key}[{i}]: {show(name)} is not an"
                                  f" action kind of {game.name} ({', '.join(sorted(kinds))})")
        named[key] = frozenset(names)
    available = len([k for k in view if k != "type"]) if compare == "observation" else 0
    players = tuple(reply.get("players", ()))
    if players and config.players not in players:
        raise PeerFailure("protocol", f"reset: $.players: a {config.players}-player game was"
                          f" accepted, but the counts declared are {show(list(players))}")
    return Declared(compare, viewer, fields, named["unsupported"], named["rolls"], available,
                    players, _compound_of(reply.get("compound", []), kinds, named["rolls"]),
                    reply.get("probe", False) is True)


def _compound_of(declared: Sequence[Mapping[str, Any]], kinds: set[str],
                 rolls: frozenset[str]) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """The compound steps a ``reset`` reply declares, checked against the game's kinds."""
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    begun: set[str] = set()
    for i, item in enumerate(declared):
        for key in ("first", "then"):
            for j, name in enumerate(item[key]):
                where = f"reset: $.compound[{i}].{key}[{j}]"
                if name not in kinds:
                    raise PeerFailure("protocol", f"{where}: {show(name)} is not an action kind"
                                      f" of the game ({', '.join(sorted(kinds))})")
                if name in rolls:
                    raise PeerFailure("protocol", f"{where}: {show(name)} is declared in rolls:"
                                      " the engine draws it itself, the oracle cannot send it"
                                      " in a compound step")
                if key == "first" and name in begun:
                    raise PeerFailure("protocol", f"{where}: {show(name)} begins two compound"
                                      " steps")
        begun.update(item["first"])
        out.append((frozenset(item["first"]), frozenset(item["then"])))
    return tuple(out)


class _Remembering:
    """A game whose legal actions in the last state asked about are remembered (states are
    immutable, and the one remembered is held, so the same object has the same actions):
    a step's list, its choice and a compound step's look at a forced step compute them
    once. Everything else is the game's."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self._at: Any = None
        self._actions: tuple[Any, ...] = ()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        if state is not self._at:
            self._actions = self.game.legal_actions(state)
            self._at = state
        return self._actions


class _Game:
    """The driving of one game; raises :class:`_Stop` at the first divergence it cannot go on
    after."""

    #: go on after an accepted illegal probe where the games can be brought back in step
    resume_accepted = True

    def __init__(self, peer: Peer, game: Game[Any, Any], config: Config, seed: int,
                 policy: str, probes: int, strict_rules: bool, protocol: int,
                 known: Sequence[Deviation] = ()) -> None:
        self.peer = peer
        self.game = game
        #: the game as its legal actions are asked for by the choice and the comparison
        self.model: Any = _Remembering(game)
        self.config = config
        self.seed = seed
        self.policy = policy
        self.probe_limit = probes
        self.strict_rules = strict_rules
        self.protocol = protocol
        self.declared = Declared()
        self.steps = 0
        self.actions: list[Any] = []
        self.probes_sent = 0
        self.warnings: list[str] = []
        self.finished = False
        #: legal actions of unsupported kinds left out of the comparison, per kind
        self.gaps: dict[str, int] = {}
        #: chance steps whose outcome the implementation drew
        self.rolled = 0
        #: the first step at which the game left the one ``oracle play`` writes (0: never)
        self.departed = 0
        #: the actions and outcomes applied, as the model's objects
        self.played: list[Any] = []
        #: how many of them came before the step being checked
        self.prefix = 0
        #: the last comparison made, as a function of the state before its step (the model's
        #: under another reading when retried): raises :class:`_Stop` while it diverges
        self.recheck: Callable[[Any], None] | None = None
        #: the known deviations after which play continues, and how often each was met
        self.known = tuple(known)
        self.continuing = tuple(d for d in known if d.resume)
        self.tolerated: dict[str, int] = {}
        self.first_tolerated: int | None = None
        #: the actions the implementation listed at this step, and (after a tolerated
        #: ``legal`` divergence) the canonical texts the oracle may choose among
        self.offered: Sequence[Any] = ()
        self.allowed: set[str] | None = None
        #: the step being compared and the last one played (state before, action, state
        #: after), for the rules at stake in a divergence
        self.current: tuple[Any, Any, Any] | None = None
        self.last: tuple[Any, Any, Any] | None = None
        #: the model's state where the comparison under way looks (the state before the
        #: step, or after it for the state's fields), for known deviations' premises
        self.at: Any = None
        #: the rule ids exercised so far (effect rules of the steps played, rules of the
        #: illegal actions rejected), and the steering towards the others (``steer``)
        self.exercised: set[str] = set()
        self.steering = Steering(game) if policy == STEER else None
        #: an aimed policy's choice (``aim:NAME``: toward a named situation, oracle/aim.py)
        found_aim = aim_of(policy)
        self.aiming = None if found_aim is None else Aiming(game, found_aim)
        #: extra actions a known deviation let pass (canonical text -> JSON): the oracle
        #: goes on probing them where the model rejects them under a rule no entry covers
        self.watched: dict[str, Any] = {}
        #: False once the implementation refused the reset declaring the count unsupported
        self.driven = True
        #: compound steps sent (one action of the engine for several model steps), and the
        #: model steps inside them whose legal actions or outcomes the engine did not list
        self.compounds = 0
        self.inside = 0
        #: the apply requests the engine accepted (their fields), to replay them after a reset
        self.sent: list[dict[str, Any]] = []
        self.reset_fields: dict[str, Any] = {}
        #: accepted illegal probes after which play went on: how many, the first step, the
        #: divergences kept (at most MAX_FOUND) and the resets made to bring play back
        self.accepted = 0
        self.first_accepted: int | None = None
        self.found: list[Divergence] = []
        self.replays = 0
        #: the model's legal set of the step under way (its state, the set), the canonical
        #: texts of the model's actions met so far, and the texts of the actions the engine
        #: listed at this step (its list, their texts): each computed once a step
        self._legal_at: tuple[Any, Sequence[Any]] | None = None
        self._texts: dict[Any, str] = {}
        self._offered_texts: tuple[Any, set[str]] | None = None
        #: the game's action classes by name, and the watched actions read back as the model's
        self._types = {cls.__name__: cls for cls in game.action_types}
        self._structured: dict[str, Any] = {}
        #: per observation field: the model's value, its text and the engine's value (holding
        #: no true, false or float) the last time they agreed
        self._agreed: dict[str, tuple[Any, str, Any]] = {}

    def request(self, op: str, step: int, shown: Any = None, **fields: Any) -> dict[str, Any]:
        try:
            reply = self.peer.request(op, **fields)
        except PeerFailure as exc:
            raise _Stop(DriveDivergence(exc.kind, step, exc.message, request=op, action=shown,
                                        exit_code=exc.exit_code, reply=exc.reply)) from None
        if not reply["ok"] and op in ("legal", "state", "roll", "probe"):
            raise _Stop(DriveDivergence("protocol", step, f"the implementation answered {op}"
                                        f" with an error: {clip(reply['error'])}", request=op,
                                        reply=clip(dumps(reply))))
        return reply

    def run(self) -> None:
        game, config = self.game, self.config
        rng = random.Random(self.seed)  # the same choices as model.core.play.playout
        prober = Prober(game, random.Random(self.seed * 7919 + 17))
        try:
            state = game.setup(config)
            unstructure(state)  # a model defect shows here, before the reset
        except Exception as exc:
            raise _Stop(DriveDivergence("model-error", 0, f"set-up failed: {exc!r}")) from None
        self.reset_fields = {"protocol": self.protocol, "game": game.name,
                             "players": config.players, "variant": dict(config.variant),
                             "seed": self.seed}
        reply = self.request("reset", 0, **self.reset_fields)
        if not reply["ok"]:
            supported = reply.get("players") if self.protocol >= 2 else None
            if (type(supported) is list and supported
                    and all(type(c) is int for c in supported)
                    and config.players not in supported):
                # a declared gap: the implementation supports other player counts only
                self.declared = Declared(players=tuple(sorted(supported)))
                self.driven = False
                return
            raise _Stop(DriveDivergence("reset", 0, f"{KINDS['reset']}: "
                                        f"{clip(reply['error'])}", request="reset"))
        if self.protocol >= 2:
            try:
                self.declared = declared_of(game, config, state, reply)
            except PeerFailure as exc:
                raise _Stop(DriveDivergence("protocol", 0, exc.message, request="reset",
                                            reply=show(reply, 200))) from None
        def setup_check(start: Any) -> None:
            start_data = unstructure(start)
            _state_check(0, "setup-digest", start_data, digest_of(start_data), reply,
                         "reset")
            if "observation" in reply and self.declared.compare == "observation":
                self._compare_view(0, start, reply["observation"], "reset", None)

        self.at = state
        self._check(setup_check, state)
        bound = game.max_steps(config)
        while True:
            step = self.steps + 1
            self.prefix = len(self.played)
            self.allowed = None
            self.at = state
            self.current = (state, None, None)
            try:
                who = game.actor(state)
                legal = legal_set(self.model, state)
                outcomes = dict(game.chance_outcomes(state)) if who == CHANCE else {}
            except Exception as exc:
                raise _Stop(DriveDivergence("model-error", step, f"{exc!r}")) from None
            self._legal_at = (state, legal)
            rolled = bool(outcomes) and all(type(a).__name__ in self.declared.rolls
                                            for a in outcomes)
            # a chance step that begins a compound step: the engine may list no outcome
            grouped = bool(outcomes) and all(self.declared.then_of(type(a).__name__)
                                             is not None for a in outcomes)
            reply = self.request("legal", step)
            self.offered = reply["actions"]
            unlisted = (rolled or grouped) and not reply["actions"]
            if unlisted:
                self._check(self._actor_check(step, reply), state)
            else:
                self._supported(legal, who, count=True)
                self._check(self._legal_check(step, reply), state)
            if who == TERMINAL:
                self.finished = True
                self._probe_end(state, prober)
                return
            if self.steps >= bound:
                raise _Stop(DriveDivergence("model-error", step,
                                            f"no end after {bound} steps"))
            prober.remember(legal)
            self._send_probes(step, [*self._probes(state, legal, prober),
                                     *self._watched_probes(step, state)], state)
            if rolled:
                state = self._roll(step, state, outcomes, rng)
                continue
            try:
                action = self._choose(step, state, rng)
                new = game.apply(state, action)
                action_data = unstructure(action)
            except _Stop:
                raise
            except Exception as exc:
                raise _Stop(DriveDivergence("model-error", step, f"{exc!r}")) from None
            then = self.declared.then_of(type(action).__name__)
            if then is not None:
                state = self._compound(step, (state, action, new), then, rng, bound,
                                       int(unlisted))
                continue
            reply = self.request("apply", step, action_data, action=action_data)
            self.sent.append({"action": action_data})
            self.current = (state, action, new)
            if not reply["ok"]:
                rule = reply.get("rule")
                stop = _Stop(DriveDivergence(
                    "rejects-legal", step, f"{KINDS['rejects-legal']}: "
                    f"{clip(reply['error'])}", request="apply", action=action_data,
                    rule=rule if isinstance(rule, str) else None))
                self._check(self._legal_under(action, stop), state)
            self.actions.append(action_data)
            self.played.append(action)
            self.at = new
            self._check(self._after_check(step, action, reply, "apply", action_data,
                                          (state, new)), state)
            self.last = (state, action, new)
            self._exercise(state, action, new)
            state = new
            self.steps = step

    # -- version 2 ------------------------------------------------------------------
    def _supported(self, legal: Sequence[Any], who: int, count: bool = False) -> Sequence[Any]:
        """``legal`` without the kinds the implementation does not support (counted in
        :attr:`gaps` when ``count``)."""
        unsupported = self.declared.unsupported
        if not unsupported or who < 0:
            return legal
        kept = []
        for a in legal:
            kind = type(a).__name__
            if kind in unsupported:
                if count:
                    self.gaps[kind] = self.gaps.get(kind, 0) + 1
            else:
                kept.append(a)
        return kept

    def _choose(self, step: int, state: Any, rng: random.Random) -> Any:
        """The seeded choice (:func:`model.core.play.choose`), among supported kinds only."""
        game, unsupported, allowed = self.game, self.declared.unsupported, self.allowed
        if self.aiming is not None:
            return self._aim(step, state, rng)
        if self.steering is not None and game.actor(state) >= 0:
            return self._steer(step, state, rng)
        if (not unsupported and allowed is None) or game.actor(state) < 0:
            return choose(self.model, state, rng, self.policy)
        actions = self.model.legal_actions(state)
        keep = [i for i, a in enumerate(actions) if type(a).__name__ not in unsupported
                and (allowed is None or self._text_of(a) in allowed)]
        if len(keep) == len(actions):
            return choose(self.model, state, rng, self.policy)
        if not keep:
            kinds = sorted({type(a).__name__ for a in actions})
            raise _Stop(DriveDivergence("unsupported", step, f"{KINDS['unsupported']}:"
                                        f" {', '.join(kinds)}", expected=kinds))
        self.departed = self.departed or step
        weights = (game.policy_weights(state, actions) if self.policy == "eager" else None)
        kept_weights = [1] * len(keep) if weights is None else [weights[i] for i in keep]
        if sum(kept_weights) <= 0:
            kept_weights = [1] * len(keep)
        total = sum(kept_weights)
        # one probability object per weight: equal weights (the uniform policy's) then take
        # sample's uniform path, which draws the same ticket as its general one
        shares = {w: Fraction(w, total) for w in set(kept_weights)}
        return sample([(actions[i], shares[w]) for i, w in zip(keep, kept_weights,
                                                               strict=True)], rng)

    def _choosable(self, step: int, state: Any) -> tuple[tuple[Any, ...], list[Any]]:
        """The model's legal actions at ``state`` and those of them the engine supports (its
        declared kinds, and its allowed list if it gives one); none supported is a divergence."""
        unsupported, allowed = self.declared.unsupported, self.allowed
        actions = tuple(self.model.legal_actions(state))
        keep = [a for a in actions if type(a).__name__ not in unsupported
                and (allowed is None or self._text_of(a) in allowed)]
        if not keep:
            kinds = sorted({type(a).__name__ for a in actions})
            raise _Stop(DriveDivergence("unsupported", step, f"{KINDS['unsupported']}:"
                                        f" {', '.join(kinds)}", expected=kinds))
        return actions, keep

    def _steer(self, step: int, state: Any, rng: random.Random) -> Any:
        """The ``steer`` choice (towards rules not exercised yet), among supported kinds."""
        assert self.steering is not None
        actions, keep = self._choosable(step, state)
        if len(keep) == len(actions):
            return self.steering.choose(state, rng)
        self.departed = self.departed or step
        return self.steering.choose(state, rng, keep)

    def _aim(self, step: int, state: Any, rng: random.Random) -> Any:
        """The aimed choice (a chance outcome too), among supported kinds."""
        assert self.aiming is not None
        if self.game.actor(state) < 0:
            return self.aiming.choose(state, rng)
        actions, keep = self._choosable(step, state)
        if len(keep) < len(actions):
            self.departed = self.departed or step
        return self.aiming.choose(state, rng, keep)

    def _roll(self, step: int, state: Any, outcomes: Mapping[Any, Fraction],
              rng: random.Random) -> Any:
        """A chance step the implementation draws: ask for its outcome, check it is possible,
        follow it in the model and compare the state after it."""
        try:
            # keeps the seeded stream
            ours = choose(self.model, state, rng,
                          "uniform" if self.aiming is not None else self.policy)
        except Exception as exc:
            raise _Stop(DriveDivergence("model-error", step, f"{exc!r}")) from None
        reply = self.request("roll", step)
        data = reply["chance"]
        types = {cls.__name__: cls for cls in self.game.action_types}
        try:
            outcome = structure(data, types[data["type"]])
            possible = outcomes.get(outcome, Fraction(0)) > 0
        except Exception:
            possible = False
        if not possible:
            listed = sorted(dumps(unstructure(a)) for a in outcomes)
            raise _Stop(DriveDivergence("outcome", step, f"{KINDS['outcome']}: {show(data)}",
                                        request="roll", action=data,
                                        expected=clip(", ".join(listed), 300), got=data))
        if outcome != ours:
            self.departed = self.departed or step
        try:
            new = self.game.apply(state, outcome)
        except Exception as exc:
            raise _Stop(DriveDivergence("model-error", step, f"{exc!r}")) from None
        self.rolled += 1
        self.actions.append(data)
        self.played.append(outcome)
        self.at = new
        self.current = (state, outcome, new)
        self._check(self._after_check(step, outcome, reply, "roll", data, (state, new)),
                    state)
        self.last = (state, outcome, new)
        self._exercise(state, outcome, new)
        self.steps = step
        return new

    def _compound(self, step: int, first: tuple[Any, Any, Any], then: frozenset[str],
                  rng: random.Random, bound: int, unlisted: int) -> Any:
        """A compound step: the model plays ``first`` and each chance or forced step of a
        ``then`` kind after it one by one (the seeded choices, as ever); the engine is sent
        them in one ``apply`` and compared once, after the last. A divergence is reported
        at the first step, naming the effect rules of every step of the group."""
        game = self.game
        group = [first]
        state = first[2]
        # the engine's list (kept when a tolerated deviation made the oracle choose among
        # the actions both allow) was of the first step's actions; the steps after it are
        # chance or forced ones the model chooses, and one not of a ``then`` kind ends the
        # group to be chosen again as a step of its own
        self.allowed = None
        while self.steps + len(group) < bound:
            try:
                who = game.actor(state)
                if who == TERMINAL or (who >= 0 and len(self.model.legal_actions(state)) != 1):
                    break  # a choice of a player is always a step of its own
                saved = rng.getstate()
                action = self._choose(step + len(group), state, rng)
                if type(action).__name__ not in then:
                    rng.setstate(saved)  # the next step's own choice, drawn again
                    break
                new = game.apply(state, action)
            except _Stop:
                raise
            except Exception as exc:
                raise _Stop(DriveDivergence("model-error", step + len(group),
                                            f"{exc!r}")) from None
            group.append((state, action, new))
            state = new
        actions = [a for _, a, _ in group]
        data = [unstructure(a) for a in actions]
        fields: dict[str, Any] = {"action": data[0]}
        if len(data) > 1:
            fields["then"] = data[1:]
        through = step + len(group) - 1
        before = first[0]
        previous = self.last
        self.current = first
        reply = self.request("apply", step, data[0], **fields)
        self.sent.append(fields)
        self.compounds += 1
        self.inside += len(group) - 1 + unlisted

        def rules() -> tuple[str, ...]:
            out: list[str] = []
            try:
                if previous is not None and game.actor(before) == CHANCE:
                    out.extend(game.effect_rules(*previous))  # the choice the outcome ends
                for triple in group:
                    out.extend(game.effect_rules(*triple))
            except Exception:  # a model that cannot say: the divergence names what it has
                pass
            return tuple(dict.fromkeys(out))

        def in_group(check: Callable[[Any], None]) -> Callable[[Any], None]:
            def grouped(start: Any) -> None:
                try:
                    check(start)
                except _Stop as stop:
                    found = stop.divergence
                    if found.step == step and found.kind not in ("protocol", "model-error",
                                                                 "timeout", "crash"):
                        stop.divergence = attrs.evolve(found, through=through,
                                                       rules=found.rules or rules())
                    raise
            return grouped

        if not reply["ok"]:
            rule = reply.get("rule")
            stop = _Stop(DriveDivergence(
                "rejects-legal", step, f"{KINDS['rejects-legal']}: {clip(reply['error'])}",
                request="apply", action=data[0], rule=rule if isinstance(rule, str) else None))

            def allowed(start: Any) -> None:
                try:
                    at = start
                    for a in actions:
                        at = game.apply(at, a)
                except IllegalAction:
                    return
                raise stop
            self._check(in_group(allowed), before)
        self.actions.extend(data)
        self.played.extend(actions)
        self.at = state
        self._check(in_group(self._after_check(step, actions[0], reply, "apply", data[0],
                                               (before, state), tuple(actions[1:]))), before)
        for triple in group:
            self._exercise(*triple)
        self.last = group[-1]
        self.steps = through
        return state

    def _exercise(self, before: Any, action: Any, after: Any) -> None:
        """Count the rules the step played applied (and steer away from them)."""
        try:
            rules = self.game.effect_rules(before, action, after)
        except Exception:  # a model that cannot say; the comparison goes on
            return
        self.exercised.update(rules)
        if self.steering is not None:
            self.steering.shown.update(rules)

    # -- comparisons, each a function of the state before its step ---------------------
    def _check(self, check: Callable[[Any], None], before: Any) -> None:
        """Run ``check`` on ``before``, keeping it to retry under other readings; a
        divergence matching a known deviation that lets play continue is counted and
        play goes on (a ``legal`` one: the oracle then chooses among the actions both
        allow)."""
        self.recheck = check
        try:
            check(before)
        except _Stop as stop:
            stop.divergence = self.at_stake(stop.divergence)
            divergence = stop.divergence
            if divergence.kind not in ("legal", "observation", "state"):
                raise
            parts = _deviations(divergence) if divergence.kind == "legal" else [divergence]
            where = Situation(self.game, before if self.at is None else self.at)
            settled = [settle(self.continuing, part, (), where) for part in parts]
            if any(matched is None for _, matched in settled):
                raise
            for marked, _ in settled:  # several entries may explain a step's fields together
                for ident in marked.entries:
                    self.tolerated[ident] = self.tolerated.get(ident, 0) + 1
            if self.first_tolerated is None:
                self.first_tolerated = divergence.step
            if divergence.kind == "legal":
                self.allowed = {dumps(a) for a in self.offered}
                for a in divergence.extra:
                    if len(self.watched) < MAX_WATCHED:
                        self.watched.setdefault(dumps(a), a)

    def at_stake(self, divergence: Divergence) -> Divergence:
        """``divergence`` naming the rules at stake (:func:`oracle.divergence.at_stake`)."""
        return at_stake(self.game, divergence, self.current, self.last)

    def _actor_check(self, step: int, reply: Mapping[str, Any]) -> Callable[[Any], None]:
        def check(before: Any) -> None:
            label = _label(self.game.actor(before))
            if reply["actor"] != label:
                raise _Stop(DriveDivergence("actor", step, f"{show(label)} is to act, not"
                                            f" {show(reply['actor'])}", request="legal",
                                            expected=label, got=reply["actor"]))
        return check

    def _legal_check(self, step: int, reply: Mapping[str, Any]) -> Callable[[Any], None]:
        actor = self._actor_check(step, reply)

        def check(before: Any) -> None:
            actor(before)
            game = self.game
            who = game.actor(before)
            outcomes = dict(game.chance_outcomes(before)) if who == CHANCE else {}
            known = self._legal_at
            legal = known[1] if known is not None and known[0] is before else legal_set(game,
                                                                                      before)
            self._compare_legal(step, self._supported(legal, who), outcomes, reply, before)
        return check

    def _legal_under(self, action: Any, stop: "_Stop") -> Callable[[Any], None]:
        """The implementation rejected ``action``: it diverges while the model allows it."""
        def check(before: Any) -> None:
            try:
                self.game.apply(before, action)
            except IllegalAction:
                return
            raise stop
        return check

    def _illegal_under(self, action: Any, stop: "_Stop") -> Callable[[Any], None]:
        """The implementation accepted ``action``: it diverges while the model rejects it."""
        def check(before: Any) -> None:
            try:
                self.game.apply(before, action)
            except IllegalAction:
                raise stop from None
        return check

    def _after_check(self, step: int, action: Any, reply: dict[str, Any], asked: str,
                     action_data: Any, known: tuple[Any, Any],
                     then: tuple[Any, ...] = ()) -> Callable[[Any], None]:
        """The comparison of the state after ``action`` (and the steps ``then`` of its
        compound step); asks for the state once, now. ``known`` is the state before and
        after them, already computed (not applied twice)."""
        if self.declared.compare == "observation" and "observation" not in reply:
            reply = self.request("state", step, action_data)
            asked = "state"
            if "observation" not in reply:
                raise _Stop(DriveDivergence(
                    "protocol", step, "the reply to state carries no observation (the"
                    " reset declared compare \"observation\")", request="state",
                    reply=show(reply, 200)))
        elif self.declared.compare == "digest" and "digest" not in reply:
            reply = self.request("state", step, action_data)
            asked = "state"
            if "digest" not in reply:
                raise _Stop(DriveDivergence("protocol", step, "the reply to state carries no"
                                            " digest", request="state", reply=show(reply, 200)))

        def check(before: Any) -> None:
            if before is known[0]:
                new = known[1]
            else:
                try:
                    new = self.game.apply(before, action)
                    for following in then:
                        new = self.game.apply(new, following)
                except Exception as exc:
                    raise _Stop(DriveDivergence("model-error", step, f"{exc!r}")) from None
            self._after(step, new, reply, asked, action_data)
        return check

    def _retry(self, only: Collection[str] | None = None) -> tuple[str, ...]:
        """The readings (``ambiguity=reading``, one option changed) under which the last
        comparison agrees: the actions so far replayed from set-up under that reading (with
        ``only``, just those readings are tried)."""
        recheck = self.recheck
        if recheck is None:
            return ()

        def agrees(before: Any) -> bool:
            recheck(before)  # raises _Stop while it diverges
            return True

        return conforming_readings(self.game, self.config, self.played[:self.prefix], agrees,
                                   only)

    def _under(self, label: str) -> tuple[FieldDiff, ...] | None:
        """The fields still differing at the last comparison under reading ``label``, the
        actions so far replayed from set-up under it (:func:`oracle.retry.fields_under`)."""
        recheck = self.recheck
        if recheck is None:
            return None

        def compared(before: Any) -> Divergence | None:
            try:
                recheck(before)
            except _Stop as stop:
                return stop.divergence
            return None

        return fields_under(self.game, self.config, self.played[:self.prefix], compared,
                            label)

    def _after(self, step: int, new: Any, reply: dict[str, Any], asked: str,
               action_data: Any) -> None:
        """Compare the state after a step, as declared: its digest or the observation."""
        if self.declared.compare == "observation":
            self._compare_view(step, new, reply["observation"], asked, action_data)
            return
        try:
            new_data = unstructure(new)
        except Exception as exc:  # pragma: no cover - the model unstructures its states
            raise _Stop(DriveDivergence("model-error", step, f"{exc!r}")) from None
        _state_check(step, "digest", new_data, digest_of(new_data), reply, asked,
                     action_data)

    def _compare_view(self, step: int, state: Any, seen: Any, asked: str,
                      action_data: Any) -> None:
        """Compare the declared fields of ``seen`` with the model's view of ``state``."""
        declared = self.declared
        present, wanted = set(seen), set(declared.fields)
        if present != wanted:
            what = []
            if wanted - present:
                what.append(f"missing {', '.join(sorted(wanted - present))}")
            if present - wanted:
                what.append(f"undeclared {', '.join(sorted(present - wanted))}")
            raise _Stop(DriveDivergence("protocol", step, f"the observation does not carry the"
                                        f" declared fields: {'; '.join(what)}", request=asked,
                                        action=action_data))
        diffs: list[FieldDiff] = []
        try:
            model_view = self.game.observe(state, declared.viewer)
            # field by field: a field whose canonical text is the model's has no differing
            # part (equal canonical texts are equal JSON values, types included); the
            # model's texts are remembered from step to step (``to_json``), so only the
            # fields that differ or carry fewer keys are unstructured and walked. A field
            # the engine reports as it did when it last agreed with the model's same text
            # agrees again: its value is compared in Python, which tells values apart as
            # their texts do when neither holds true, false or a float (:func:`exact`).
            # A list of the same length agrees item by item the same way (the model's
            # item the same object, the engine's equal): only its other items are walked
            names = _field_names(type(model_view))
            #: the fields not found agreeing: their values and texts, and the items of a
            #: list left to walk (``None``: the whole field)
            unequal: list[tuple[str, Any, str | None, list[int] | None]] = []
            if not names.issuperset(seen):  # pragma: no cover - the fields were checked
                unequal = [(key, getattr(model_view, key, None), None, None)
                           for key in sorted(seen)]
            else:
                agreed = self._agreed
                for key in sorted(seen):
                    got = seen[key]
                    value = getattr(model_view, key)
                    last = agreed.get(key)
                    if last is not None:
                        if got == last[2]:
                            if exact(got):
                                if last[0] is value or _same_items(value, last[0]):
                                    continue
                                text = to_json(value)
                                if text == last[1]:
                                    agreed[key] = (value, text, got)
                                    continue
                            else:
                                text = to_json(value)
                        else:
                            items = _changed_items(value, got, last)
                            if items is not None:
                                unequal.append((key, value, None, items))
                                continue
                            text = to_json(value)
                    else:
                        text = to_json(value)
                    if dumps(got) != text:
                        unequal.append((key, value, text, None))
                    elif exact(got):
                        agreed[key] = (value, text, got)
                if not unequal:
                    return
            #: the model's data and the engine's to walk, with their paths
            walks: list[tuple[Any, Any, str]] = []
            for key, value, _text, items in unequal:
                where = child("$", key)
                if items is None:
                    walks.append((unstructure(value), seen[key], where))
                else:
                    walks.extend((unstructure(value[i]), seen[key][i], child(where, i))
                                 for i in items)
        except Exception as exc:
            raise _Stop(DriveDivergence("model-error", step, f"observe failed: {exc!r}",
                                        action=action_data)) from None
        try:
            for model_data, got, where in walks:
                partial_diff(model_data, got, where, diffs)
        except UnknownField as exc:
            raise _Stop(DriveDivergence("protocol", step, f"the observation: {exc.path}:"
                                        f" {exc.message}", request=asked,
                                        action=action_data)) from None
        if not diffs:
            for key, value, written, _items in unequal:  # fewer keys, each agreeing
                if exact(seen[key]):
                    self._agreed[key] = (value, to_json(value) if written is None else written,
                                         seen[key])
            return
        first = diffs[0]
        who = "public" if declared.viewer == PUBLIC else f"seat {declared.viewer}"
        raise _Stop(DriveDivergence(
            "observation", step, f"{who} view: {first.path}: implementation"
            f" {show(first.got)}, model {show(first.expected)}", request=asked,
            action=action_data, diffs=tuple(diffs)))

    def _text_of(self, action: Any) -> str:
        """The canonical text of one of the model's actions, remembered by value (the
        model's actions are typed: equal actions have equal texts)."""
        try:
            return self._texts[action]
        except KeyError:
            if len(self._texts) >= MAX_TEXTS:
                self._texts.clear()
            text = self._texts[action] = to_json(action)
            return text

    def _compare_legal(self, step: int, legal: Sequence[Any], outcomes: Mapping[Any, Fraction],
                       reply: Mapping[str, Any], before: Any = None) -> None:
        theirs: dict[str, Any] = {}
        for a in reply["actions"]:
            text = dumps(a)
            if text in theirs:
                raise _Stop(DriveDivergence("legal", step, "an action is listed twice",
                                            request="legal", action=a))
            theirs[text] = a
        self._offered_texts = (reply["actions"], set(theirs))
        found = legal_divergence(self.game, step, before, legal, theirs, self._text_of,
                                 request="legal")
        if found is not None:
            raise _Stop(found)
        probabilities = reply.get("probabilities")
        if probabilities is None or not outcomes:
            return
        if len(probabilities) != len(reply["actions"]):
            raise _Stop(DriveDivergence("protocol", step, f"{len(reply['actions'])} outcomes but"
                                        f" {len(probabilities)} probabilities",
                                        request="legal"))
        by_text = {to_json(a): p for a, p in outcomes.items()}
        for a, p in zip(reply["actions"], probabilities, strict=True):
            num, _, den = p.partition("/")
            if len(num) > MAX_DIGITS or len(den) > MAX_DIGITS or int(den) == 0:
                raise _Stop(DriveDivergence(
                    "protocol", step, f"probability {show(p, 60)} of {show(a)}: expected p/q"
                    f" with q > 0, each of at most {MAX_DIGITS} digits", request="legal",
                    action=a))
            expected = by_text[dumps(a)]
            if Fraction(int(num), int(den)) != expected:
                raise _Stop(DriveDivergence(
                    "chance", step, f"{KINDS['chance']}: {show(a)}", request="legal",
                    action=a, expected=f"{expected.numerator}/{expected.denominator}", got=p))

    def _probes(self, state: Any, legal: Sequence[Any],
                prober: Prober) -> list[tuple[Any, IllegalAction]]:
        """The illegal actions probed at a step (canonical JSON, the model's rejection)."""
        return [(data, exc) for _action, data, exc in prober.probes(state, legal,
                                                                    self.probe_limit)]

    def _watched_probes(self, step: int, state: Any) -> list[tuple[Any, IllegalAction]]:
        """After a known deviation let an extra action pass, probe that action wherever the
        engine does not list it and the model rejects it under a rule no known entry covers
        there (a second development card in a turn, after a card bought this turn was let
        pass): tolerating one deviation must not hide another of the same kind."""
        out: list[tuple[Any, IllegalAction]] = []
        if not self.watched or self.probe_limit <= 0:
            return out
        known = self._offered_texts
        offered = (known[1] if known is not None and known[0] is self.offered
                   else {dumps(a) for a in self.offered})
        types = self._types
        where = Situation(self.game, state)
        items = list(self.watched.items())
        turn = step % len(items)  # each in turn, when more are due than the limit
        for text, data in items[turn:] + items[:turn]:
            if text in offered:
                continue
            try:
                action = self._structured.get(text)
                if action is None:
                    action = self._structured[text] = structure(data, types[data["type"]])
                self.game.apply(state, action)
            except IllegalAction as exc:
                would = DriveDivergence("accepts-illegal", step, exc.message, request="apply",
                                        action=data, rule=exc.rule)
                if classify(self.known, would, (), where) is not None:
                    continue  # a known entry covers it here: probing would only stop play
                out.append((data, exc))
                if len(out) >= self.probe_limit:
                    return out
            except Exception:  # legal here, or not an action the model reads
                continue
        return out

    def _go_on(self, step: int, state: Any, reply: Mapping[str, Any], stop: "_Stop") -> None:
        """After the engine accepted an illegal probe in ``state``: bring the two games back
        in step and go on (the divergence kept, or counted for the known entry it matches),
        or raise ``stop`` when they cannot be."""
        if not self.resume_accepted:
            raise stop
        divergence = self.at_stake(stop.divergence)
        prefix = len(self.played)
        try:
            how = self._in_step(step, state, reply)
        except _Stop as failed:  # the engine failed on the way back: both are reported
            self._keep(divergence, prefix, state, "")
            raise failed from None
        if how is None:
            stop.divergence = attrs.evolve(
                stop.divergence, message=f"{stop.divergence.message} (play stopped: the"
                " engine's state was no longer the model's and no reset and replay brought it"
                " back)")
            raise stop
        self._keep(divergence, prefix, state, how)

    def _keep(self, divergence: Divergence, prefix: int, state: Any, how: str) -> None:
        """Record an accepted illegal probe after which play goes on (``how``: how the games
        were brought back in step; empty when they were not)."""
        recheck = self.recheck
        assert recheck is not None

        def agrees(before: Any) -> bool:
            recheck(before)
            return True

        # once MAX_FOUND are kept the game diverges whatever this one matches: the readings
        # (a replay of the game under each) are no longer worth their time
        readings = (conforming_readings(self.game, self.config, self.played[:prefix], agrees)
                    if len(self.found) < MAX_FOUND else ())
        divergence, matched = settle(self.known, divergence, readings,
                                     Situation(self.game, state))
        if matched is not None and how:
            self.tolerated[matched.id] = self.tolerated.get(matched.id, 0) + 1
            if self.first_tolerated is None:
                self.first_tolerated = divergence.step
            return
        self.accepted += 1
        if self.first_accepted is None:
            self.first_accepted = divergence.step
        if len(self.found) < MAX_FOUND:
            self.found.append(attrs.evolve(divergence, resumed=how))

    def _in_step(self, step: int, state: Any, reply: Mapping[str, Any]) -> str | None:
        """How the engine and the model are in step again after an accepted illegal probe:
        ``unchanged`` (the engine's state or observation is still the model's), ``replayed``
        (reset and every action sent again, it is), or ``None`` (neither)."""
        if self._same(step, state, reply):
            return "unchanged"
        if self.rolled or self.replays >= MAX_REPLAYS:
            return None  # an outcome the engine drew cannot be sent to it again
        self.replays += 1
        again = self.request("reset", step, **self.reset_fields)
        if not again["ok"]:
            return None
        for fields in self.sent:
            if not self.request("apply", step, fields["action"], **fields)["ok"]:
                return None
        return "replayed" if self._same(step, state, {}) else None

    def _same(self, step: int, state: Any, reply: Mapping[str, Any]) -> bool:
        """True when the engine's state (the reply's, else asked) is the model's ``state``."""
        key = "observation" if self.declared.compare == "observation" else "digest"
        if key not in reply:
            reply = self.request("state", step)
            if key not in reply:
                return False
        try:
            if key == "observation":
                self._compare_view(step, state, reply["observation"], "state", None)
            else:
                data = unstructure(state)
                _state_check(step, "digest", data, digest_of(data), reply, "state")
        except _Stop as differs:
            if differs.divergence.kind in ("observation", "digest", "state"):
                return False
            raise
        return True

    def _probe_end(self, state: Any, prober: Prober) -> None:
        step = self.steps + 1
        for _action, data, exc in prober.probes(state, (), min(1, self.probe_limit)):
            self._send_probe(step, data, exc, state)

    def _send_probes(self, step: int, batch: Sequence[tuple[Any, IllegalAction]],
                     state: Any) -> None:
        """Send the illegal actions of a step: in one ``probe`` request to an engine that
        declared it (after an accepted one, the rest in the next), else one ``apply`` each."""
        if not self.declared.probe or len(batch) < 2:
            for data, exc in batch:
                self._send_probe(step, data, exc, state)
            return
        while batch:
            sent = [data for data, _exc in batch]
            reply = self.request("probe", step, sent, actions=sent)
            results = reply["results"]
            if len(results) > len(batch):
                raise _Stop(DriveDivergence(
                    "protocol", step, f"{len(results)} results to a probe of {len(batch)}"
                    " actions", request="probe", reply=show(reply, 200)))
            for i, result in enumerate(results):
                data, exc = batch[i]
                self.probes_sent += 1
                self._probe_reply(step, data, exc, state, result, "probe")
                if result["ok"]:
                    batch = batch[i + 1:]
                    break
            else:
                if len(results) < len(batch):
                    raise _Stop(DriveDivergence(
                        "protocol", step, f"{len(results)} results to a probe of"
                        f" {len(batch)} actions, none accepted", request="probe",
                        reply=show(reply, 200)))
                return

    def _send_probe(self, step: int, data: Any, exc: IllegalAction, state: Any) -> None:
        self.probes_sent += 1
        self._probe_reply(step, data, exc, state, self.request("apply", step, data, action=data))

    def _probe_reply(self, step: int, data: Any, exc: IllegalAction, state: Any,
                     reply: Mapping[str, Any], asked: str = "apply") -> None:
        """Judge the engine's reply to the illegal action ``data`` (the model's rejection
        ``exc``) sent in ``state``."""
        if reply["ok"]:
            stop = _Stop(DriveDivergence(
                "accepts-illegal", step, f"{KINDS['accepts-illegal']}: {exc.message}",
                request=asked, action=data, rule=exc.rule))
            types = {cls.__name__: cls for cls in self.game.action_types}
            self.recheck = self._illegal_under(structure(data, types[data["type"]]), stop)
            self._go_on(step, state, reply, stop)
            return
        self.exercised.add(exc.rule)
        theirs = reply.get("rule")
        if theirs is not None and theirs != exc.rule:
            note = (f"step {step}: {show(data)} rejected under rule {show(theirs, 120)};"
                    f" the model names {exc.rule!r}")
            if self.strict_rules:
                raise _Stop(DriveDivergence("rule", step, KINDS["rule"], request=asked,
                                            action=data, rule=exc.rule, expected=exc.rule,
                                            got=theirs))
            if len(self.warnings) < 5:
                self.warnings.append(note)


def drive_game(peer: Peer, game: Game[Any, Any], config: Config, seed: int, *,
               policy: str = "uniform", probes: int = 2, strict_rules: bool = False,
               protocol: int = PROTOCOL_VERSION, known: Sequence[Deviation] = ()) -> GameRun:
    """Drive one seeded game through ``peer``; the first divergence, if any, is in the result."""
    run = _Game(peer, game, config, seed, policy, probes, strict_rules, protocol, known)
    divergence: DriveDivergence | None = None
    readings: tuple[str, ...] = ()
    under = None
    try:
        run.run()
    except _Stop as stop:
        divergence = run.at_stake(stop.divergence)
        if divergence.kind in RETRIED:
            readings, under = run._retry(), run._under
    matched = None
    if divergence is not None:
        where = None if run.at is None else Situation(game, run.at)
        divergence, matched = settle(known, divergence, readings, where, under)
    later: tuple[DriveDivergence, ...] = ()
    if run.found:  # accepted illegal actions after which play went on come first
        later = (*run.found[1:], *(() if divergence is None else (divergence,)))
        divergence, matched, readings = run.found[0], None, run.found[0].readings
    try:
        default = dict(game.config(config.players).variant)
    except Exception:  # pragma: no cover - the configuration was built by the same game
        default = {}
    variants = "".join(f" --variant {k}={v}" for k, v in config.variant if default.get(k) != v)
    replay = (f"oracle play {game.name} --players {config.players} --seed {seed}"
              f" --policy {policy}{variants}" if run.aiming is None else
              # an aimed game is the drive's alone (oracle play does not aim): its actions
              f"oracle drive --game {game.name} --players {config.players} --seed {seed}"
              f" --games 1 --policy {policy}{variants} -- ENGINE")
    return GameRun(game.name, config.players, config.variant, seed, policy, run.steps,
                   run.finished, divergence, tuple(run.actions), run.probes_sent,
                   tuple(run.warnings), replay, run.declared, tuple(sorted(run.gaps.items())),
                   run.rolled, run.departed, readings,
                   None if matched is None else matched.id,
                   tuple(sorted(run.tolerated.items())),
                   0 if run.first_tolerated is None else run.steps - run.first_tolerated + 1,
                   tuple(sorted(r for r in run.exercised if r in game.rules)),
                   len(game.rules), run.driven, run.compounds, run.inside, later,
                   run.accepted,
                   0 if run.first_accepted is None else run.steps - run.first_accepted + 1)


def plan(game: Game[Any, Any], players: int | None, count: int, seed: int,
         variant: Mapping[str, str] | None = None) -> list[tuple[Config, int]]:
    """The games to drive: ``count`` seeds from ``seed``; player counts cycle when not given."""
    return list(_plan(game, players, count, seed, variant))


def _plan(game: Game[Any, Any], players: int | None, count: int, seed: int,
          variant: Mapping[str, str] | None = None) -> Iterator[tuple[Config, int]]:
    """:func:`plan` one game at a time (any ``count``); a bad configuration raises at once."""
    counts = ([players] if players is not None
              else list(range(game.min_players, game.max_players + 1)))
    configs = [game.config(c, variant) for c in counts]
    return ((configs[i % len(configs)], seed + i) for i in range(count))


@contextlib.contextmanager
def _collector_spared() -> Iterator[None]:
    """The objects alive when a drive begins (modules, the models' tables, the known
    deviations) left out of the cyclic garbage collector's passes while it runs
    (:func:`gc.freeze`), so that its full collections walk only what the drive made; they
    are the collector's again after it. Nothing changes when objects are frozen already
    (by the program that drives)."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()

def drive(command: Sequence[str], games: Sequence[Game[Any, Any]], *, count: int = 3,
          seed: int = 0, players: int | None = None, variant: Mapping[str, str] | None = None,
          policy: str = "uniform", timeout: float = 10.0, probes: int = 2,
          strict_rules: bool = False, protocol: int = PROTOCOL_VERSION,
          cwd: str | None = None, env: Mapping[str, str] | None = None,
          progress: Callable[[GameRun], None] | None = None,
          known: Sequence[Deviation] = (), executor: Any = None) -> DriveReport:
    """Drive ``count`` seeded games of each game through ``command``.

    The games run on ``executor`` (:mod:`oracle.executor`; default: one after another in
    this process), each a function of its seed (:func:`oracle.parallel.drive_one`): the
    runs, their order and the report are the same on any executor, with any number of
    workers (``progress`` is called as each game ends, in the order they end). In each
    worker one subprocess serves its games (each begins with a reset); after a
    timeout, crash or protocol failure it is killed and a fresh one is
    started for the next game. Raises :class:`DriveError` when the command
    cannot be started, and ``ConfigError`` for a bad player count or variant. A
    divergence matching one of ``known`` is marked with its id (:mod:`oracle.known`).
    """
    try:
        aimed = aim_of(policy)
    except ValueError as exc:
        raise DriveError(str(exc)) from None
    if policy not in ALL_POLICIES and aimed is None:
        raise DriveError(f"unknown policy {policy!r}; policies: {', '.join(ALL_POLICIES)},"
                         f" {', '.join(aim_policies())}")
    if aimed is not None and any(g.name not in aimed.games for g in games):
        raise DriveError(f"aim {aimed.name!r} is of {', '.join(aimed.games)} only")
    if protocol not in PROTOCOL_VERSIONS:
        raise DriveError(f"unknown protocol version {protocol!r}; versions:"
                         f" {', '.join(map(str, PROTOCOL_VERSIONS))}")
    if not 0 < timeout <= MAX_TIMEOUT:
        raise DriveError(f"the timeout must be more than 0 and at most {MAX_TIMEOUT:g} s,"
                         f" not {timeout:g}")
    names = {g.name for g in games}
    for i, d in enumerate(known):
        if d.game not in names:
            raise DriveError(f"--known: $.deviations[{i}].game: entry {d.id!r} is of"
                             f" {d.game!r}, not of a game driven ({', '.join(sorted(names))})")
    from rules_oracle.oracle.executor import LocalExecutor
    from rules_oracle.oracle.parallel import GameTask, drive_one

    known_of = {g.name: tuple(for_game(known, g.name)) for g in games}
    environment = None if env is None else tuple(sorted(env.items()))
    tasks = [GameTask(tuple(command), g, c, s, policy, timeout, probes, strict_rules, protocol,
                      cwd, environment, known_of[g.name])
             for g in games for c, s in _plan(g, players, count, seed, variant)]
    start = time.perf_counter()

    def done(_index: int, result: Any) -> None:
        if progress is not None and result.run is not None:
            progress(result.run)

    with _collector_spared():
        results = (executor or LocalExecutor(1)).map(drive_one, tasks, done=done)
    for result in results:
        if result.error is not None:
            raise DriveError(result.error)
    runs = tuple(r.run for r in results)
    requests = sum(r.requests for r in results)
    return DriveReport(tuple(command), runs, requests, time.perf_counter() - start,
                       tuple(d.id for d in known if d.broad), tuple(d.id for d in known))
