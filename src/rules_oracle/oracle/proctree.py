"""Ending every process an implementation started, even one that left its process group.

``oracle drive`` runs the implementation in a session and process group of
its own (``start_new_session``), so killing the group ends it and every
descendant that stayed in the group. A descendant can leave the group
(``setsid``, ``setpgid``, or a double fork that daemonizes); to end those
too, the implementation is started with a *mark* in its environment
(``RULES_ORACLE_ENGINE=<token>``, a fresh random token per process), which
every descendant inherits, and :func:`end_tree` kills, on Linux:

1. the process group;
2. every process whose environment (``/proc/PID/environ``) carries the mark;
3. every descendant (by parent links in ``/proc/PID/stat``) of the
   implementation or of a marked process,

freezing each (``SIGSTOP``: a stopped process neither forks nor exits) and
scanning again until a round finds no new process, then killing them all.
Each process is opened as a pidfd before its mark is read and signalled
through it, so a reused process id is never signalled; the caller keeps the
implementation unreaped until this is done (:class:`oracle.drive.Peer`
checks for its exit with ``waitid(WNOWAIT)``), so its process id, which is
also the group's, cannot have passed to another program.

What cannot be ended (documented in docs/protocol.md): a descendant that
leaves the process group, replaces its environment without the mark *and*
whose parent chain up to the implementation is broken (a parent exited, so
it was re-parented to init) before driving ends; a process running as
another user (``setuid``), whose environment cannot be read nor signalled;
and a process started on the implementation's behalf by another program
(a service manager, ``at``, a daemon reached over a socket), which is not its
descendant at all. Without ``/proc`` only the process group is killed.
"""

import contextlib
import os
import secrets
import signal
from collections.abc import Iterator
from pathlib import Path

#: the environment variable that marks an implementation and its descendants
MARK = "RULES_ORACLE_ENGINE"
#: rounds of scanning before giving up on a tree that keeps forking
MAX_ROUNDS = 50

_PROC = Path("/proc")


def new_mark() -> str:
    """A fresh token for one implementation process."""
    return f"{os.getpid()}-{secrets.token_hex(8)}"


def _pids() -> Iterator[int]:
    try:
        entries = os.listdir(_PROC)
    except OSError:
        return
    own = os.getpid()
    for name in entries:
        if name.isdigit() and int(name) != own:
            yield int(name)


def _parent(pid: int) -> int | None:
    try:
        stat = (_PROC / str(pid) / "stat").read_bytes()
    except OSError:
        return None
    # "pid (comm) state ppid ...": the command may hold spaces and parentheses
    fields = stat.rpartition(b")")[2].split()
    return int(fields[1]) if len(fields) > 1 and fields[1].isdigit() else None


def _marked(pid: int, entry: bytes) -> bool:
    try:
        environ = (_PROC / str(pid) / "environ").read_bytes()
    except OSError:
        return False
    return entry in environ.split(b"\0")


def _open(pid: int) -> int | None:
    opener = getattr(os, "pidfd_open", None)
    if opener is None:  # pragma: no cover - Linux before 5.3
        return None
    try:
        fd: int = opener(pid)
    except OSError:
        return None
    return fd


def _signal(pid: int, fd: int | None, sig: int) -> None:
    sender = getattr(signal, "pidfd_send_signal", None)
    with contextlib.suppress(OSError):
        if fd is not None and sender is not None:
            sender(fd, sig)
        else:  # pragma: no cover - Linux before 5.3
            os.kill(pid, sig)


def end_tree(root: int, mark: str | None) -> int:
    """Kill ``root``'s process group and, with ``/proc``, every marked process and descendant.

    The tree is frozen first (``SIGSTOP``: a stopped process neither forks nor
    exits, so parent links hold), rescanned until no new process turns up,
    then killed. Returns how many processes were found outside the group's
    leader.
    """
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(root, signal.SIGSTOP)
    entry = None if mark is None else f"{MARK}={mark}".encode()
    held: dict[int, int | None] = {}
    skipped: set[int] = set()
    try:
        if _PROC.is_dir():
            for _ in range(MAX_ROUNDS):
                if not _freeze_round(root, entry, held, skipped):
                    break
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(root, signal.SIGKILL)
        for pid, fd in held.items():
            _signal(pid, fd, signal.SIGKILL)
    finally:
        for fd in held.values():
            if fd is not None:
                os.close(fd)
    return len(held)


def _freeze_round(root: int, entry: bytes | None, held: dict[int, int | None],
                  skipped: set[int]) -> bool:
    """Stop every process of the tree not yet held; False when there was none."""
    parents = {pid: _parent(pid) for pid in _pids()}
    marked = set() if entry is None else {
        pid for pid in parents if pid not in held and pid not in skipped
        and _marked(pid, entry)}
    below = _descendants(parents, {root} | marked | held.keys())
    fresh = (marked | below) - held.keys() - skipped - {root}
    for pid in sorted(fresh):
        fd = _open(pid)
        # checked again through the pidfd, which pins the process: a reused id is left alone
        if pid in below:
            ok = _parent(pid) in ({root} | marked | held.keys() | below)
        else:
            ok = entry is not None and _marked(pid, entry)
        if not ok:
            if fd is not None:
                os.close(fd)
            skipped.add(pid)
            continue
        _signal(pid, fd, signal.SIGSTOP)
        held[pid] = fd
    return bool(fresh)


def _descendants(parents: dict[int, int | None], roots: set[int]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        if parent is not None:
            children.setdefault(parent, []).append(pid)
    out: set[int] = set()
    stack = list(roots)
    while stack:
        for kid in children.get(stack.pop(), ()):
            if kid not in out:
                out.add(kid)
                stack.append(kid)
    return out
