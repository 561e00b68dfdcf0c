"""The units of work of a drive and of a check over many traces, for any executor.

Each is a function of its item alone, returning a picklable result, so that it runs the
same in this process, in a local worker process or on a cluster (:mod:`oracle.executor`):

- :func:`drive_one` plays one seeded game (:class:`GameTask`: the command, the game, its
  configuration, the seed and the drive's options) through the engine and gives the
  :class:`~oracle.drive.GameRun` and the requests it took. A worker keeps one engine
  subprocess running from game to game (each game begins with a reset) and starts a
  fresh one after a timeout, crash or protocol failure, as a drive in one process does;
  the engine is ended when the worker's work is done.
- :func:`check_one` replays one trace file (:class:`CheckTask`).
"""

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rules_oracle.model.core.game import Config, Game
from rules_oracle.oracle.executor import at_worker_end

#: the kinds after which the engine is restarted for the next game
RESTART = ("timeout", "crash", "protocol")


@attrs.frozen
class GameTask:
    """One seeded game of a drive."""

    command: tuple[str, ...]
    game: Game[Any, Any]
    config: Config
    seed: int
    policy: str = "uniform"
    timeout: float = 10.0
    probes: int = 2
    strict_rules: bool = False
    protocol: int = 2
    cwd: str | None = None
    env: tuple[tuple[str, str], ...] | None = None
    known: tuple[Any, ...] = ()


@attrs.frozen
class GameDone:
    """A game driven (``run``), the requests it took, or why the engine could not start."""

    run: Any = None
    requests: int = 0
    error: str | None = None


#: the engines this worker keeps running, by (command, timeout, cwd, environment)
_PEERS: dict[tuple[Any, ...], Any] = {}


def close_peers() -> None:
    """End every engine this worker keeps running."""
    found = list(_PEERS.values())
    _PEERS.clear()
    for peer in found:
        peer.close()


def drive_one(task: GameTask) -> GameDone:
    """Drive one seeded game (:func:`oracle.drive.drive_game`) through this worker's engine."""
    from rules_oracle.oracle.drive import DriveError, Peer, drive_game

    key = (task.command, task.timeout, task.cwd, task.env)
    peer = _PEERS.get(key)
    if peer is not None and not peer.alive:
        peer.close()
        peer = None
    if peer is None:
        env: Mapping[str, str] | None = None if task.env is None else dict(task.env)
        try:
            peer = Peer(task.command, task.timeout, cwd=task.cwd, env=env)
        except DriveError as exc:
            _PEERS.pop(key, None)
            return GameDone(error=str(exc))
        _PEERS[key] = peer
        at_worker_end(close_peers)
    before = peer.requests
    run = drive_game(peer, task.game, task.config, task.seed, policy=task.policy,
                     probes=task.probes, strict_rules=task.strict_rules,
                     protocol=task.protocol, known=task.known)
    requests = peer.requests - before
    if any(d.kind in RESTART for d in run.divergences):
        peer.close()
        del _PEERS[key]
    return GameDone(run, requests)


@attrs.frozen
class CheckTask:
    """One trace file of a check over many."""

    path: str
    allow_partial: bool = False
    strict: bool = False
    known: tuple[Any, ...] = ()


@attrs.frozen
class CheckDone:
    """A trace replayed: its report, or the error that made it unreadable (``error``: the
    error's JSON, ``message``: its text)."""

    path: str
    report: Any = None
    error: dict[str, Any] | None = None
    message: str = ""
    #: the known file does not fit this trace (its game): the message
    known_error: str | None = None


def check_one(task: CheckTask) -> CheckDone:
    """Replay one trace file (:func:`oracle.check.check_file`)."""
    from rules_oracle.oracle.check import TraceError, check_file
    from rules_oracle.oracle.known import KnownError

    try:
        report = check_file(task.path, allow_partial=task.allow_partial, strict=task.strict,
                            known=task.known)
    except KnownError as exc:
        return CheckDone(task.path, known_error=str(exc))
    except TraceError as exc:
        return CheckDone(task.path, error=exc.to_json(), message=str(exc))
    return CheckDone(task.path, report)


def check_many(tasks: Sequence[CheckTask], executor: Any) -> list[CheckDone]:
    """:func:`check_one` of each task on ``executor``, in the tasks' order."""
    out: list[CheckDone] = executor.map(check_one, list(tasks))
    return out
