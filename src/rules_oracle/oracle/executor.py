"""Where the oracle's independent work runs: in this process, in worker processes on every
core of this machine, or on a Ray cluster.

An :class:`Executor` maps a function over items and gives the results in the items'
order, whatever order they finish in; ``done(index, result)`` is called as each one
finishes (for progress bars and campaign files). The results never depend on the
executor or on the number of workers: the work of an item is a function of the item.

A worker may keep something open between items (``oracle drive`` keeps its engine
subprocess running from one game to the next); it registers a function with
:func:`at_worker_end`, which every executor calls once in each worker when the work is
done (in this process too, when the work ran here).

Nothing of Ray is imported unless a :class:`RayExecutor` runs something.
"""

import contextlib
import multiprocessing
import os
from collections.abc import Callable, Collection, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol, TypeVar

import attrs

T = TypeVar("T")
R = TypeVar("R")

Done = Callable[[int, Any], None]
Failed = Callable[[Any, str], Any]


class ExecutorError(Exception):
    """Work that could not run: a worker died with no ``failed`` to stand for its result,
    or the cluster could not be reached."""


#: what a worker closes when the work is done (registered by the functions it runs)
_AT_END: list[Callable[[], None]] = []


def at_worker_end(close: Callable[[], None]) -> None:
    """Have ``close`` called once when this worker's work is done (registered once)."""
    if close not in _AT_END:
        _AT_END.append(close)


def worker_end() -> None:
    """Call what :func:`at_worker_end` registered, then forget it."""
    found = list(_AT_END)
    _AT_END.clear()
    for close in found:
        close()


def default_jobs() -> int:
    """Worker processes by default: every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class Executor(Protocol):
    """Runs ``fn`` over ``items``; the results in the items' order."""

    def map(self, fn: Callable[[T], R], items: Sequence[T], *, done: Done | None = None,
            failed: Callable[[T, str], R] | None = None,
            shares: Sequence[str] | None = None) -> list[R]:
        """``fn`` of each item; ``failed(item, why)`` stands for the result of an item whose
        worker died (without it: :class:`ExecutorError`); items of one non-empty share go
        to one worker where the balance allows (a worker's caches serve them)."""
        ...  # pragma: no cover - a protocol

    @property
    def name(self) -> str:
        """How reports name it (``local, 2 processes``)."""
        ...  # pragma: no cover - a protocol


def _inline(fn: Callable[[T], R], items: Sequence[T], done: Done | None) -> list[R]:
    out: list[R] = []
    try:
        for i, item in enumerate(items):
            out.append(fn(item))
            if done is not None:
                done(i, out[-1])
    finally:
        worker_end()
    return out


# -- local worker processes ----------------------------------------------------------------

#: the work being mapped, inherited by forked worker processes: (fn, items)
_WORK: list[Any] = []


def _serve(conn: Connection) -> None:
    """A worker process: run the items it is sent (their index) and send back each result,
    until it is sent None; then :func:`worker_end`."""
    fn, items = _WORK
    try:
        while (index := conn.recv()) is not None:
            try:
                conn.send((True, fn(items[index])))
            except Exception as exc:
                conn.send((False, f"{type(exc).__name__}: {exc}"))
    finally:
        worker_end()


@attrs.define
class _Worker:
    process: Any
    conn: Connection
    task: int | None = None
    shares: set[str] = attrs.field(factory=set)


def _start(context: Any) -> _Worker:
    mine, theirs = context.Pipe()
    process = context.Process(target=_serve, args=(theirs,), daemon=True)
    process.start()
    theirs.close()
    return _Worker(process, mine)


def _pick(worker: _Worker, pending: list[int], workers: Sequence[_Worker],
          shares: Sequence[str]) -> int:
    """The next item for ``worker`` (an index into ``pending``): the first of a share it
    has run, else the first no other worker has a share in, else the first."""
    mine = [shares[i] for i in pending]
    for at, share in enumerate(mine):
        if share and share in worker.shares:
            return at
    taken = {s for w in workers if w is not worker for s in w.shares}
    return next((at for at, share in enumerate(mine) if share not in taken), 0)


@attrs.frozen
class LocalExecutor:
    """``jobs`` forked worker processes on this machine (1: this process). An item goes to a
    worker as it becomes free; a worker that dies fails its item and is replaced."""

    jobs: int = 1

    @property
    def name(self) -> str:
        return "local, 1 process" if self.jobs <= 1 else f"local, {self.jobs} processes"

    def map(self, fn: Callable[[T], R], items: Sequence[T], *, done: Done | None = None,
            failed: Callable[[T, str], R] | None = None,
            shares: Sequence[str] | None = None,
            holds: Sequence[Collection[str]] | None = None) -> list[R]:
        """As :meth:`Executor.map`; ``holds``: per item, the shares its worker holds once it
        has taken the item, besides the item's own (an item that builds what the tasks of
        other shares use: those go to its worker where the balance allows)."""
        total = len(items)
        if (self.jobs <= 1 or total <= 1
                or "fork" not in multiprocessing.get_all_start_methods()):
            return _inline(fn, items, done)
        if _WORK:
            raise ExecutorError("a local executor's workers cannot start another pool")
        _WORK[:] = [fn, items]
        try:
            return self._pool(items, done, failed, shares or [""] * total,
                              holds or [()] * total)
        finally:
            _WORK.clear()

    def _pool(self, items: Sequence[Any], done: Done | None, failed: Failed | None,
              shares: Sequence[str], holds: Sequence[Collection[str]]) -> list[Any]:
        total = len(items)
        context = multiprocessing.get_context("fork")
        results: list[Any] = [None] * total
        workers = [_start(context) for _ in range(min(self.jobs, total))]
        pending = list(range(total))
        finished = 0
        try:
            while finished < total:
                for w in workers:
                    if w.task is None and pending:
                        w.task = pending.pop(_pick(w, pending, workers, shares))
                        if shares[w.task]:
                            w.shares.add(shares[w.task])
                        w.shares.update(holds[w.task])
                        w.conn.send(w.task)
                busy = [w for w in workers if w.task is not None]
                for ready in wait([w.conn for w in busy]):
                    w = next(w for w in busy if w.conn is ready)
                    index = w.task
                    assert index is not None
                    try:
                        ok, value = w.conn.recv()
                    except (EOFError, OSError) as exc:  # the worker process died
                        w.process.join()
                        ok, value = False, (f"its worker process died (exit code"
                                            f" {w.process.exitcode}): {exc!r}")
                        workers[workers.index(w)] = w = _start(context)
                    if not ok:
                        if failed is None:
                            raise ExecutorError(f"item {index}: {value}")
                        value = failed(items[index], value)
                    results[index] = value
                    w.task = None
                    finished += 1
                    if done is not None:
                        done(index, value)
        finally:
            for w in workers:
                with contextlib.suppress(OSError):  # the worker may be gone already
                    w.conn.send(None)
            for w in workers:
                w.process.join(timeout=10)
                if w.process.is_alive():  # pragma: no cover - an item still running on error
                    w.process.terminate()
                    w.process.join()
        return results


# -- Ray --------------------------------------------------------------------------------------


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ExecutorError("the ray executor needs Ray: pip install 'rules-oracle[ray]'"
                            ) from None
    return ray


class _Actor:
    """A Ray actor: one long-lived worker process (its caches, its engine) of the cluster."""

    def run(self, fn: Callable[[Any], Any], item: Any) -> tuple[bool, Any]:
        try:
            return True, fn(item)
        except Exception as exc:
            return False, f"{type(exc).__name__}: {exc}"

    def end(self) -> None:
        worker_end()


@attrs.frozen
class RayExecutor:
    """Actors on a Ray cluster: at ``address`` (``ray start --head`` prints it; ``auto``
    the one this machine belongs to) or, without one, the cluster already initialised in
    this process or else a local one started for the work and stopped after it. ``jobs``
    actors (default: the cluster's CPUs), each a long-lived worker process; the package and
    the engine command must be installed on every node."""

    address: str | None = None
    jobs: int | None = None

    @property
    def name(self) -> str:
        return f"ray at {self.address}" if self.address else "ray"

    def map(self, fn: Callable[[T], R], items: Sequence[T], *, done: Done | None = None,
            failed: Callable[[T, str], R] | None = None,
            shares: Sequence[str] | None = None) -> list[R]:
        ray = _ray()
        started = not ray.is_initialized()
        if started:
            try:
                ray.init(address=self.address, include_dashboard=False,
                         log_to_driver=False, logging_level="ERROR")
            except Exception as exc:
                raise ExecutorError(f"cannot reach the Ray cluster"
                                    f"{' at ' + self.address if self.address else ''}:"
                                    f" {exc}") from None
        try:
            return self._map(ray, fn, items, done, failed)
        finally:
            if started:
                ray.shutdown()

    def _map(self, ray: Any, fn: Callable[[Any], Any], items: Sequence[Any],
             done: Done | None, failed: Failed | None) -> list[Any]:
        total = len(items)
        results: list[Any] = [None] * total
        if not total:
            return results
        cpus = int(ray.cluster_resources().get("CPU", 1))
        count = max(1, min(total, self.jobs or cpus))
        actor = ray.remote(num_cpus=1)(_Actor)
        actors = [actor.remote() for _ in range(count)]
        pending = list(range(total))
        running: dict[Any, tuple[int, Any]] = {}
        try:
            for a in actors:
                if pending:
                    i = pending.pop(0)
                    running[a.run.remote(fn, items[i])] = (i, a)
            while running:
                ready, _ = ray.wait(list(running), num_returns=1)
                ref = ready[0]
                index, a = running.pop(ref)
                try:
                    ok, value = ray.get(ref)
                except Exception as exc:  # the actor died
                    ok, value = False, f"its Ray worker died: {exc}"
                    a = actor.remote()
                    actors.append(a)
                if not ok:
                    if failed is None:
                        raise ExecutorError(f"item {index}: {value}")
                    value = failed(items[index], value)
                results[index] = value
                if done is not None:
                    done(index, value)
                if pending:
                    i = pending.pop(0)
                    running[a.run.remote(fn, items[i])] = (i, a)
        finally:
            with contextlib.suppress(Exception):
                ray.get([a.end.remote() for a in actors], timeout=30)
            for a in actors:
                with contextlib.suppress(Exception):
                    ray.kill(a)
        return results


def executor(kind: str = "local", jobs: int | None = None,
             address: str | None = None) -> "LocalExecutor | RayExecutor":
    """The executor a command line names: ``local`` (``jobs`` processes, default every
    core) or ``ray`` (at ``address``)."""
    if kind == "local":
        if address is not None:
            raise ExecutorError("--address is for --executor ray")
        return LocalExecutor(jobs or default_jobs())
    if kind == "ray":
        return RayExecutor(address, jobs)
    raise ExecutorError(f"unknown executor {kind!r}; executors: local, ray")
