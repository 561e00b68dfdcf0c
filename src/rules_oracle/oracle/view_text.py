"""The canonical text of a model's views, step after step, written field by field.

A check of an observation trace compares each step's fields with the canonical text of the
model's view (:func:`model.core.canon.to_json`): equal texts are equal JSON values, types
included. Successive views share most of their fields' values (the parts of the state a
step left alone, and the parts built from them, are the same objects), so
:func:`view_text` keeps, per view class, the values of the last view written and each
field's text, finds the fields whose value is another object in one pass (``is not``
over the two rows of values) and writes only those anew. A field's text is kept only when
its value's text never changes (:func:`model.core.canon.lasting`: scalars, enums, frozen
instances, tuples of them); any other is written every time. A tuple built anew from the
same items as the last one's (the seats of players the step left alone) keeps its text. A
field holding a wide view (a seat's view holding the public one) is written the same way,
by its class's own row.

The text is ``to_json(view)``'s, character for character (tests compare both over every
game's views); unlike it, the view's own text is not remembered (a view serves one step).
"""

from itertools import compress
from json.encoder import encode_basestring
from operator import attrgetter, is_, is_not
from typing import Any

import attrs

from rules_oracle.model.core.canon import SCALAR_TEXTS, TAG, field_text, lasting, to_json

#: a class with at least this many fields is written by a row of its own when a view holds it
WIDE = 12


class _Row:
    """One view class's fields (the writer's order: sorted keys, the tag among them) and the
    last instance's values and texts."""

    __slots__ = ("busy", "fresh", "get", "heads", "parts", "slots", "values")

    def __init__(self, cls: type) -> None:
        names = sorted(f.name for f in attrs.fields(cls) if f.init)
        keys = sorted({*names, TAG})
        #: the values of an instance's fields, in key order (a tuple, for two or more)
        self.get = attrgetter(*names)
        #: where each field's text stands among the parts
        self.slots = tuple(keys.index(n) for n in names)
        heads = [("{" if i == 0 else ",") + encode_basestring(k) + ":" for i, k in
                 enumerate(keys)]
        #: per key what comes before its value's text
        self.heads = heads
        #: per key its text with what comes before it (the tag's is fixed), and the end
        self.parts = [h + encode_basestring(cls.__name__) if k == TAG else h
                      for h, k in zip(heads, keys, strict=True)] + ["}"]
        #: the last instance's values (``None``: none written yet)
        self.values: tuple[Any, ...] | None = None
        #: the fields whose last text does not last (written again every time)
        self.fresh: list[int] = []
        #: whether an instance is being written (one of its class inside it goes by
        #: :func:`to_json`)
        self.busy = False

    def write(self, view: Any) -> str:
        if self.busy:
            return to_json(view)
        self.busy = True
        try:
            return self._write(view)
        finally:
            self.busy = False

    def _write(self, view: Any) -> str:
        values = self.get(view)
        last = self.values
        # the texts stand for ``last`` only once every changed field is written
        self.values = None
        if last is None:
            changed: Any = range(len(values))
        else:
            changed = compress(range(len(values)), map(is_not, values, last))
        fresh = self.fresh
        stale: Any = ()
        if fresh:
            stale = set(fresh)
            changed = {*changed, *stale}
            fresh.clear()
        parts, slots, heads = self.parts, self.slots, self.heads
        rows = _ROWS
        scalars = SCALAR_TEXTS
        for i in changed:
            value = values[i]
            j = slots[i]
            scalar = scalars.get(type(value))
            if scalar is not None:  # a number, a string, a flag or null: its text lasts
                parts[j] = heads[j] + scalar(value)
                continue
            if type(value) is tuple and last is not None and i not in stale:
                old = last[i]
                # a tuple built anew from the same items (the seats of the same players):
                # the same text, kept (its items' texts last: it was not written afresh)
                if type(old) is tuple and len(old) == len(value) and all(map(is_, value, old)):
                    continue
            try:
                row = rows[type(value)]
            except KeyError:
                row = _row_of(value)
            if row is None:
                parts[j] = heads[j] + field_text(value)
                if not lasting(value):
                    fresh.append(i)
            else:  # a wide frozen instance: lasting
                parts[j] = heads[j] + row.write(value)
        self.values = values
        return "".join(parts)


#: per class met: its row (a view class, or a wide frozen class a view holds), or ``None``
#: (its values are written by :func:`to_json`)
_ROWS: dict[type, _Row | None] = {}


def _row_of(value: Any) -> _Row | None:
    """The row of a field's value met first: a wide frozen instance's class gets one, any
    other class ``None`` (its values are written by :func:`to_json`)."""
    cls = type(value)
    wide = attrs.has(cls) and len(attrs.fields(cls)) >= WIDE and lasting(value)
    row = _ROWS[cls] = _Row(cls) if wide else None
    return row


def view_text(view: Any) -> str:
    """``to_json(view)`` for a view of a frozen ``attrs`` class with two or more fields,
    written from the last view of its class (see the module docstring); any other value
    through :func:`to_json`."""
    cls = type(view)
    row = _ROWS.get(cls)
    if row is None:
        if not (attrs.has(cls) and len([f for f in attrs.fields(cls) if f.init]) >= 2
                and lasting(view)):
            return to_json(view)
        row = _ROWS[cls] = _Row(cls)
    return row.write(view)
