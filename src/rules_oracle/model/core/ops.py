"""Small pure helpers over count tuples and frozen ``attrs`` states, shared by the games'
models (no rules here)."""

import types
from collections.abc import Callable
from operator import ge
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_EVOLVERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def _evolver(cls: Any) -> Callable[[Any, dict[str, Any]], Any]:
    """A copy-with-changes function for one frozen ``attrs`` class, written out field by
    field (the classes have no validators or converters, so this equals ``attrs.evolve``
    without its per-call introspection): every field copied, then the changes set; a
    slotted class's fields through their slots' own setters, a dict-backed class's (the
    models' classes keep nothing but their fields in it) as one copy of its dictionary."""
    names = tuple(a.name for a in attrs.fields(cls))
    slots = all(isinstance(getattr(cls, n, None), types.MemberDescriptorType) for n in names)
    scope: dict[str, Any] = {"make": object.__new__, "cls": cls, "put": object.__setattr__}
    lines = ["def evolve(obj, changes):", "    new = make(cls)"]
    if slots:
        setters = {n: getattr(cls, n).__set__ for n in names}
        scope["setters"] = setters
        scope.update({f"set_{i}": setters[n] for i, n in enumerate(names)})
        lines += [f"    set_{i}(new, obj.{n})" for i, n in enumerate(names)]
        lines += ["    for name, value in changes.items():",
                  "        setters[name](new, value)"]
    else:
        # a dict-backed class: its dictionary of fields copied whole (one C-level copy,
        # whatever the width: a wide state's step changes a field or two of some fifty),
        # then the changes, fields of the class only, set in the copy
        scope["fields"] = frozenset(names)
        lines += ["    values = obj.__dict__.copy()",
                  "    for name, value in changes.items():",
                  "        if name not in fields:",
                  "            raise KeyError(name)",
                  "        values[name] = value",
                  "    put(new, '__dict__', values)"]
    lines.append("    return new")
    # the source is built from the class's own field names only
    exec("\n".join(lines), scope)
    fn: Callable[[Any, dict[str, Any]], Any] = scope["evolve"]
    return fn


def evolve(obj: T, **changes: Any) -> T:
    """``attrs.evolve`` for the models' frozen classes, fast (see :func:`_evolver`)."""
    cls = type(obj)
    fn = _EVOLVERS.get(cls)
    if fn is None:
        fn = _EVOLVERS[cls] = _evolver(cls)
    new: T = fn(obj, changes)
    return new


def bump(counts: tuple[int, ...], i: int, n: int = 1) -> tuple[int, ...]:
    """``counts`` with ``n`` added at index ``i``."""
    return (*counts[:i], counts[i] + n, *counts[i + 1:])


def plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def covers(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    """Whether ``have`` holds at least ``need`` of every kind."""
    return all(map(ge, have, need))


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at index ``i``."""
    return (*items[:i], value, *items[i + 1:])


def in_range(value: int, size: int) -> bool:
    """Whether ``value`` is an index into a sequence of ``size`` items."""
    return 0 <= value < size


#: entries an :func:`by_identity` memory holds before it starts afresh
IDENTITY_ENTRIES = 4096

R = TypeVar("R")


def by_identity(fn: Callable[[T], R]) -> Callable[[T], R]:
    """``fn`` remembered per argument by identity, for a pure function of an immutable value
    (a frozen ``attrs`` instance or a tuple of them or of scalars): successive states share
    their untouched parts, so a view built from them gives back the same objects (whose
    canonical text is then remembered too). The argument is held with its result, so its
    id names it while the entry lives; past :data:`IDENTITY_ENTRIES` the memory starts
    afresh."""
    memo: dict[int, tuple[T, R]] = {}

    def remembered(value: T) -> R:
        known = memo.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        if len(memo) >= IDENTITY_ENTRIES:
            memo.clear()
        out = fn(value)
        memo[id(value)] = (value, out)
        return out

    return remembered
