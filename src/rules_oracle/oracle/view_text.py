"""The canonical text of a model's views, step after step, written field by field.

A check of an observation trace compares each step's fields with the canonical text of the
model's view (:func:`model.core.canon.to_json`): equal texts are equal JSON values, types
included. Successive views share most of their fields' values (the parts of the state a
step left alone, and the parts built from them, are the same objects), so
:func:`view_text` keeps, per view class, the values of the last view written and each
field's text (a :class:`~rules_oracle.model.core.canon.FieldRow`, as a state's writer does),
finds the fields whose value is another object in one pass (``is not``
over the two rows of values) and writes only those anew. A field's text is kept only when
its value's text never changes (:func:`model.core.canon.lasting`: scalars, enums, frozen
instances, tuples of them); any other is written every time. A tuple built anew from the
same items as the last one's (the seats of players the step left alone) keeps its text. A
field holding a wide view (a seat's view holding the public one) is written the same way,
by its class's own row.

The text is ``to_json(view)``'s, character for character (tests compare both over every
game's views); unlike it, the view's own text is not remembered (a view serves one step).
"""

from operator import is_
from typing import Any

import attrs

from rules_oracle.model.core.canon import (
    SCALAR_TEXTS,
    FieldRow,
    field_text,
    lasting,
    to_json,
)

#: a class with at least this many fields is written by a row of its own when a view holds it
WIDE = 12


class _Row(FieldRow):
    """One view class's :class:`~rules_oracle.model.core.canon.FieldRow`, written field by
    field."""

    __slots__ = ()

    def __init__(self, cls: type) -> None:
        super().__init__(cls, sorted(f.name for f in attrs.fields(cls) if f.init))

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
        changed, stale = self.changed(values)
        fresh, parts, slots, heads = self.fresh, self.parts, self.slots, self.heads
        rows = _ROWS
        scalars = SCALAR_TEXTS
        for i in changed:
            value = values[i]
            j = slots[i]
            scalar = scalars.get(type(value))
            if scalar is not None:  # a number, a string, a flag or null: its text lasts
                parts[j] = heads[i] + scalar(value)
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
                parts[j] = heads[i] + field_text(value)
                if not lasting(value):
                    fresh.append(i)
            else:  # a wide frozen instance: lasting
                parts[j] = heads[i] + row.write(value)
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
