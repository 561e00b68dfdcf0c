"""Canonical JSON of states and actions, and state digests.

One ``cattrs`` converter turns any state or action into plain JSON data
(dicts, lists, strings, integers, booleans, ``None``: nothing that is not
JSON, so the data compares equal to its own parsed text): every ``attrs``
instance becomes an object tagged ``{"type": ClassName, ...}``, tuples
(fixed-length ones too) become lists, frozensets become lists sorted by their canonical text,
fractions become ``"p/q"`` strings. Keys are sorted when the text is written.
Structuring is strict (no ``"3"`` for ``3``, no unknown keys, no missing key even
for a field with a default) and lossless:
``structure(unstructure(x), type(x)) == x``.

``digest(state)`` is the SHA-256 of the canonical text, the same in every
process and on every machine.

``to_json`` and ``digest`` write the canonical text straight from the values, without
building the plain data first, and remember the text of every frozen ``attrs`` instance
and of every longer tuple by identity: a step's state shares most of its parts with the
state before it (the board, the untouched players), so only what the step changed is
written anew. Values are immutable (frozen classes over tuples), so a remembered text
stays true (a tuple's only when its items are scalars, enums or frozen instances); the
text is the one ``canonical_text(unstructure(value))`` gives, character
for character (tests compare both over every game's states and views).
"""

import ast
import functools
import hashlib
import inspect
import json
import sys
import types
import typing
from collections.abc import Callable
from enum import Enum, IntEnum
from fractions import Fraction
from itertools import compress
from json.encoder import (  # type: ignore[attr-defined]
    c_encode_basestring,
    c_make_encoder,
    encode_basestring,
)
from operator import attrgetter, is_not
from pathlib import Path
from typing import Any, TypeVar

import attr._make
import attrs
import cattrs
from cattrs.errors import AttributeValidationNote
from cattrs.gen import make_dict_structure_fn_from_attrs, make_dict_unstructure_fn_from_attrs

from rules_oracle.model.core.game import Config

T = TypeVar("T")
JSON = Any

TAG = "type"


#: json.dumps with these arguments, built once (``json.dumps`` builds an encoder per call)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
#: its C encoder, made once too (``JSONEncoder.encode`` makes one per call); without the
#: check for circular data, which plain JSON data never is
_C_ENCODER = (None if c_make_encoder is None or c_encode_basestring is None else
              c_make_encoder(None, _CANONICAL.default, c_encode_basestring, None, ":", ",",
                             True, False, True))


def canonical_text(value: JSON) -> str:
    """Canonical text of plain JSON data: sorted keys, no whitespace, UTF-8 kept."""
    if _C_ENCODER is None:  # pragma: no cover - CPython has the C encoder
        return _CANONICAL.encode(value)
    return "".join(_C_ENCODER(value, 0))


def _strict_int(value: object, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _strict_int_enum(value: object, t: type[IntEnum]) -> IntEnum:
    """A member of the ``IntEnum`` ``t`` from exactly one of its numbers (not ``True`` for
    1, nor ``"1"``)."""
    return t(_strict_int(value, int))


def _strict_str(value: object, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {value!r}")
    return value


def _strict_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _fraction(value: object, _: type) -> Fraction:
    if not isinstance(value, str):
        raise TypeError(f"expected a fraction 'p/q', got {value!r}")
    return Fraction(value)


def _is_attrs_union(t: Any) -> bool:
    origin = typing.get_origin(t)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(t)
        return all(attrs.has(a) for a in args)
    return False


def _is_set_type(t: Any) -> bool:
    return t in (frozenset, set) or typing.get_origin(t) in (frozenset, set)


def _is_fixed_tuple(t: Any) -> bool:
    """``tuple[X, Y]`` (fixed length; ``tuple[X, ...]`` already unstructures to a list)."""
    if typing.get_origin(t) is not tuple:
        return False
    args = typing.get_args(t)
    return bool(args) and args[-1] is not Ellipsis


def _missing(cl: type, fields: list[Any]) -> cattrs.ClassValidationError:
    """The error for fields left out of the data: every field is required, even one with a
    default (canonical JSON writes every field), each named as cattrs names its own errors."""
    errors = []
    for f in fields:
        exc = KeyError(f.name)
        exc.__notes__ = [AttributeValidationNote(
            f"Structuring class {cl.__qualname__} @ attribute {f.name}", f.name, f.type)]
        errors.append(exc)
    return cattrs.ClassValidationError(f"While structuring {cl.__name__}", errors, cl)


#: per ``attrs`` class: its fields' declared types, resolved once
_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def field_types(cls: type) -> dict[str, Any]:
    """The declared type of every field of the ``attrs`` class ``cls``, as its Python source
    writes it (``tuple[Player, ...]``, ``Offer | None``), resolved once per class.

    A class of a module compiled by mypyc (``ci/compile.py``) keeps only bare classes in
    its annotations (``tuple``, ``type``): its types are read from the annotations of the
    module's source (the ``.py`` file beside the compiled one) and resolved in the compiled
    module's namespace, so they name the compiled classes themselves."""
    known = _FIELD_TYPES.get(cls)
    if known is None:
        known = _FIELD_TYPES[cls] = _declared_types(cls)
    return known


def _declared_types(cls: type) -> dict[str, Any]:
    source = _compiled_source(cls)
    if source is None:
        return typing.get_type_hints(cls)
    written: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):  # a base's fields first, as attrs orders them
        if klass.__module__ == cls.__module__:
            written.update(_class_node(source, klass.__qualname__)[1])
        elif attrs.has(klass):
            written.update(field_types(klass))
    # the strings resolve as the pure class's own annotations would, in the module's names
    stand_in = types.new_class(cls.__name__, (), {}, lambda ns: ns.update(
        __annotations__=written, __module__=cls.__module__))
    return typing.get_type_hints(stand_in, vars(sys.modules[cls.__module__]))


def class_doc(cls: type) -> str | None:
    """``inspect.getdoc(cls)``, also for a class compiled by mypyc (whose docstring is a
    filler): the docstring of the class or of the nearest base class that has one, as its
    source writes it."""
    for klass in cls.__mro__[:-1]:  # object's own is not one
        source = _compiled_source(klass)
        doc = klass.__dict__.get("__doc__") if source is None else _class_node(
            source, klass.__qualname__)[0]
        if isinstance(doc, str):
            return inspect.cleandoc(doc)
    return None


def _compiled_source(cls: type) -> Path | None:
    """The Python source of the class's module when that module is compiled (its ``.py``
    file beside the compiled one); None for a module run from its source."""
    module = sys.modules.get(cls.__module__)
    where = getattr(module, "__file__", None) or ""
    if module is None or not where or where.endswith(".py"):
        return None
    source = Path(where).with_name(cls.__module__.rsplit(".", 1)[-1] + ".py")
    if not source.is_file():
        raise TypeError(f"{cls.__qualname__}: the compiled module {cls.__module__} has no "
                        f"source beside it ({source}) to read its declarations from")
    return source


@functools.cache
def _class_node(source: Path, qualname: str) -> tuple[str | None, dict[str, str]]:
    """The docstring and the annotations (as written) of the class ``qualname`` in the
    Python file ``source`` (none when the file does not define it)."""
    body: list[ast.stmt] = ast.parse(source.read_text(encoding="utf-8")).body
    node: ast.ClassDef | None = None
    for part in qualname.split("."):
        found = [n for n in body if isinstance(n, ast.ClassDef) and n.name == part]
        if not found:
            return None, {}
        node = found[0]
        body = node.body
    assert node is not None
    return ast.get_docstring(node, clean=False), {
        n.target.id: ast.unparse(n.annotation) for n in body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def _typed_fields(cls: type) -> list[Any]:
    """``attrs.fields(cls)`` with every field's declared type (:func:`field_types`)."""
    declared = field_types(cls)
    return [f.evolve(type=declared.get(f.name, f.type)) for f in attrs.fields(cls)]


def _fast_reader(cl: type, fields: list[Any], conv: cattrs.Converter
                 ) -> Callable[[dict[str, Any]], Any] | None:
    """A reader of well-formed data of the ``attrs`` class ``cl`` (every field there, no other
    key): each field by the hook of its declared type, as the converter's own reading
    does, an integer, string or boolean field, and a tuple of them, taken as it is when
    it has exactly that type (the hook would give it back unchanged), without a call.
    Anything else raises, and the general reading is left to name the fault. None for a
    class with a field the converter reads another way (an attrs converter)."""
    if any(f.converter is not None for f in fields):
        return None
    declared = field_types(cl)
    scope: dict[str, Any] = {"cl": cl}
    args = []
    for i, f in enumerate(fields):
        t = declared.get(f.name, f.type)
        scope[f"h{i}"], scope[f"t{i}"] = conv.get_structure_hook(t), t
        value = f"data[{f.name!r}]"
        items = typing.get_args(t)
        if t in _SCALARS:
            scope[f"k{i}"] = t
            expr = f"(v if type(v := {value}) is k{i} else h{i}(v, t{i}))"
        elif (typing.get_origin(t) is tuple and len(items) == 2 and items[1] is Ellipsis
              and items[0] in _SCALARS):
            scope[f"k{i}"] = frozenset(items[:1])
            expr = (f"(tuple(v) if type(v := {value}) is list and k{i}.issuperset(map(type, v))"
                    f" else h{i}(v, t{i}))")
        elif _is_scalar_row(t):
            scope[f"k{i}"] = items
            expr = (f"(tuple(v) if type(v := {value}) is list and tuple(map(type, v)) == k{i}"
                    f" else h{i}(v, t{i}))")
        else:
            expr = f"h{i}({value}, t{i})"
        args.append(f"{f.alias}={expr}")
    # the source is built from the class's own field names only
    exec("def read(data):\n    return cl(" + ", ".join(args) + ")", scope)
    fn: Callable[[dict[str, Any]], Any] = scope["read"]
    return fn


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def unstructure_factory(cl: type) -> Callable[[Any], dict[str, Any]]:
        base: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn_from_attrs(
            _typed_fields(cl), cl, conv)
        name = cl.__name__

        def hook(obj: Any) -> dict[str, Any]:
            out = base(obj)
            out[TAG] = name
            return out

        return hook

    def structure_factory(cl: type) -> Callable[[Any, type], Any]:
        base: Callable[[Any, type], Any] = make_dict_structure_fn_from_attrs(
            _typed_fields(cl), cl, conv, _cattrs_forbid_extra_keys=True
        )
        name = cl.__name__
        fields = [f for f in attrs.fields(cl) if f.init]
        names = frozenset(f.name for f in fields)
        keys = names | {TAG}
        fast = _fast_reader(cl, fields, conv)

        def hook(data: Any, _: type) -> Any:
            if fast is not None and type(data) is dict and data.keys() == keys and (
                    data[TAG] == name):
                try:
                    return fast(data)
                except Exception:  # the general reading below names the fault
                    pass
            if not isinstance(data, dict):
                raise TypeError(f"expected an object of type {name}, got {data!r}")
            if data.get(TAG) != name:
                raise ValueError(f"expected {TAG}={name!r}, got {data.get(TAG)!r}")
            body = dict(data)  # the data without its tag, in its order
            del body[TAG]
            if not names.issubset(body):
                raise _missing(cl, [f for f in fields if f.name not in body])
            return base(body, cl)

        return hook

    def union_hook(data: Any, t: Any) -> Any:
        options = {a.__name__: a for a in typing.get_args(t)}
        if not isinstance(data, dict) or data.get(TAG) not in options:
            tag = data.get(TAG) if isinstance(data, dict) else None
            raise ValueError(
                f"unknown {TAG} {tag!r}; expected one of {', '.join(sorted(options))}"
            )
        return conv.structure(data, options[data[TAG]])

    def frozenset_unstructure(value: frozenset[Any]) -> list[Any]:
        items = [conv.unstructure(v) for v in value]
        return sorted(items, key=canonical_text)

    conv.register_unstructure_hook_factory(attrs.has, unstructure_factory)
    conv.register_structure_hook_factory(attrs.has, structure_factory)
    conv.register_structure_hook_func(_is_attrs_union, union_hook)
    conv.register_unstructure_hook_func(_is_set_type, frozenset_unstructure)
    def fixed_tuple_unstructure(value: Any) -> list[Any]:
        if type(value) is tuple and _PASSED.issuperset(map(type, value)):
            return list(value)  # what the converter gives each of these is the item itself
        return [conv.unstructure(v) for v in value]

    conv.register_unstructure_hook_func(_is_fixed_tuple, fixed_tuple_unstructure)
    conv.register_unstructure_hook(Fraction, lambda f: f"{f.numerator}/{f.denominator}")
    conv.register_structure_hook(Fraction, _fraction)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(IntEnum, _strict_int_enum)
    conv.register_unstructure_hook(Enum, lambda e: e.value)
    _register_scalar_tuples(conv)
    _register_configs(conv)
    return conv


#: the element types of ``tuple[X, ...]`` fields read without a hook per element
_SCALARS = (int, bool, str)
#: the exact types whose values the converter gives out as they are (its identity hook)
_PASSED = frozenset({int, bool, str, type(None)})


def _register_scalar_tuples(conv: cattrs.Converter) -> None:
    """Read ``tuple[int, ...]`` (and of bool, of str) from a list whose items all have
    exactly that type in one pass: states are mostly such tuples, and cattrs calls a
    hook per item (a third of the time a state takes to read back). Anything else (a
    wrong item, not a list) goes to cattrs' own reading, which names the bad item."""
    def is_scalar_tuple(t: Any) -> bool:
        args = typing.get_args(t)
        return (typing.get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis
                and args[0] in _SCALARS)

    general = conv.get_structure_hook(tuple[int, ...])  # cattrs' own, for any tuple type

    def structure_factory(t: Any) -> Callable[[Any, Any], Any]:
        # the item type read once per tuple type; the items' types checked in one pass in C
        only = frozenset(typing.get_args(t)[:1])

        def structure_tuple(data: Any, t: Any) -> Any:
            if type(data) is list and only.issuperset(map(type, data)):
                return tuple(data)
            return general(data, t)

        return structure_tuple

    conv.register_structure_hook_factory(is_scalar_tuple, structure_factory)

    def row_factory(t: Any) -> Callable[[Any, Any], Any]:
        general = conv.gen_structure_hetero_tuple(t)  # cattrs' own, which names a bad item
        kinds = typing.get_args(t)

        def structure_row(data: Any, t: Any) -> Any:
            if type(data) is list and tuple(map(type, data)) == kinds:
                return tuple(data)
            return general(data, t)

        return structure_row

    conv.register_structure_hook_factory(_is_scalar_row, row_factory)


def _is_scalar_row(t: Any) -> bool:
    """``tuple[X, Y, ...]`` of fixed length whose items are integers, booleans or strings
    (read from a list of exactly those types, item for item, in one pass)."""
    args = typing.get_args(t)
    return (typing.get_origin(t) is tuple and bool(args) and args[-1] is not Ellipsis
            and all(a in _SCALARS for a in args))


#: configurations remembered per converter hook; past this many they start afresh
CONFIGS_KEPT = 256


def _config_key(data: Any) -> tuple[int, tuple[tuple[str, str], ...]] | None:
    """The values of a configuration's plain data, when it is well formed (an integer
    player count, pairs of strings, the tag and nothing else); else None."""
    if type(data) is not dict or len(data) != 3 or data.get(TAG) != "Config":
        return None
    players, variant = data.get("players"), data.get("variant")
    if type(players) is not int or type(variant) is not list:
        return None
    if not all(type(p) is list and len(p) == 2 and type(p[0]) is str and type(p[1]) is str
               for p in variant):
        return None
    return players, tuple((k, v) for k, v in variant)


def _flat_pairs(data: Any) -> bool:
    """Whether a configuration's plain data is a dict whose ``variant`` is a list of lists
    of scalars (its other values scalars): then a new dict over new lists of its pairs is a
    copy sharing nothing that can change."""
    variant = data.get("variant") if type(data) is dict else None
    return (type(variant) is list
            and all(type(v) not in (list, dict) for k, v in data.items() if k != "variant")
            and all(type(p) is list and not any(type(x) in (list, dict) for x in p)
                    for p in variant))


def _register_configs(conv: cattrs.Converter) -> None:
    """Write and read a configuration once per configuration: every state carries one (of
    some thirty options), which was half the time a state's plain data took. The data
    given out is a fresh copy each time (the caller may change it); malformed data goes
    to the converter's own reading, which names the fault."""
    write = conv.get_unstructure_hook(Config)
    read = conv.get_structure_hook(Config)
    #: configuration -> its plain data (never given out) and whether a copy of its pairs
    #: alone is a fresh copy (they hold no lists nor objects: the strings are immutable)
    datas: dict[Config, tuple[Any, bool]] = {}
    configs: dict[tuple[int, tuple[tuple[str, str], ...]], Config] = {}

    def unstructure_config(config: Config) -> Any:
        known = datas.get(config)
        if known is None:
            if len(datas) >= CONFIGS_KEPT:
                datas.clear()
            data = json.loads(canonical_text(write(config)))
            known = datas[config] = (data, _flat_pairs(data))
        data, flat = known
        if flat:
            return {**data, "variant": list(map(list, data["variant"]))}
        return json.loads(canonical_text(data))

    def structure_config(data: Any, t: type) -> Config:
        key = _config_key(data)
        config = configs.get(key) if key is not None else None
        if config is None:
            config = read(data, t)
            if key is not None:
                if len(configs) >= CONFIGS_KEPT:
                    configs.clear()
                configs[key] = config
        return config

    conv.register_unstructure_hook(Config, unstructure_config)
    conv.register_structure_hook(Config, structure_config)


converter = _make_converter()


def unstructure(obj: object) -> JSON:
    """Plain JSON data for a state, action or any value they are made of."""
    return converter.unstructure(obj)


def structure(data: JSON, cl: type[T]) -> T:
    """Rebuild a value of type ``cl``; raises ``cattrs`` errors on malformed data."""
    return converter.structure(data, cl)


def to_json(obj: object) -> str:
    """Canonical text: sorted keys, no whitespace, UTF-8 characters kept (equal to
    ``canonical_text(unstructure(obj))``, written without the plain data)."""
    return _text(obj)


def digest_of(data: JSON) -> str:
    """SHA-256 (hex) of the canonical text of plain JSON data (an unstructured state)."""
    return hashlib.sha256(canonical_text(data).encode("utf-8")).hexdigest()


def digest(state: object) -> str:
    """SHA-256 (hex) of the canonical text of ``state``."""
    return digest_text(_text(state))


def digest_text(text: str) -> str:
    """SHA-256 (hex) of a canonical text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- the canonical text written straight from the values ---------------------------------

#: id -> (value, its canonical text) for frozen attrs instances and longer tuples; the
#: value is held, so its id names it while the entry lives
_memo: dict[int, tuple[object, str]] = {}
#: characters of text remembered; past :data:`MEMO_CHARS` characters or
#: :data:`MEMO_ENTRIES` values the memory starts afresh
_memo_size = 0
MEMO_CHARS = 8_000_000
MEMO_ENTRIES = 400_000
#: tuples shorter than this are written anew each time (cheaper than remembering them)
MEMO_ITEMS = 8


def _remember(value: object, text: str) -> str:
    global _memo_size
    if _memo_size > MEMO_CHARS or len(_memo) > MEMO_ENTRIES:
        _memo.clear()
        _memo_size = 0
    _memo[id(value)] = (value, text)
    _memo_size += len(text)
    return text


def _text(value: object) -> str:
    """The canonical text of any value ``unstructure`` takes."""
    writer = _WRITERS.get(type(value))
    if writer is None:
        writer = _writer_for(type(value))
    return writer(value)


def _int_text(value: int) -> str:
    return int.__repr__(value)


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _none_text(_: None) -> str:
    return "null"


#: the types whose values never change: scalars, enums and frozen classes met so far (a
#: tuple's text is remembered only when all its items are of these types)
_LASTING: set[type] = {int, bool, str, type(None), Fraction}


def _lasting(value: tuple[Any, ...]) -> bool:
    return all(map(_LASTING.__contains__, map(type, value)))


def _tuple_text(value: tuple[Any, ...] | list[Any]) -> str:
    if len(value) < MEMO_ITEMS or type(value) is not tuple:
        return "[" + ",".join(map(_text, value)) + "]"
    known = _memo.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    text = "[" + ",".join(map(_text, value)) + "]"
    return _remember(value, text) if _lasting(value) else text


def _set_text(value: frozenset[Any] | set[Any]) -> str:
    # a set unstructures to its items sorted by their canonical text
    return "[" + ",".join(sorted(map(_text, value))) + "]"


def _fraction_text(value: Fraction) -> str:
    return f'"{value.numerator}/{value.denominator}"'


def _general_text(value: object) -> str:
    """Anything else: through the converter (the same text, the slow way)."""
    return canonical_text(converter.unstructure(value))


def _dict_text(value: dict[Any, Any]) -> str:
    if not all(type(k) is str for k in value):
        return _general_text(value)
    return "{" + ",".join(encode_basestring(k) + ":" + _text(value[k])
                          for k in sorted(value)) + "}"


#: the writers of the scalars' texts (their values never change), by exact type
SCALAR_TEXTS: dict[type, Callable[[Any], str]] = {
    int: _int_text, bool: _bool_text, str: encode_basestring, type(None): _none_text,
}

_WRITERS: dict[type, Callable[[Any], str]] = {
    int: _int_text, bool: _bool_text, str: encode_basestring, type(None): _none_text,
    tuple: _tuple_text, list: _tuple_text, frozenset: _set_text, set: _set_text,
    Fraction: _fraction_text, dict: _dict_text,
}


def _is_frozen(cls: type) -> bool:
    """Whether instances of the ``attrs`` class ``cls`` refuse every assignment (a frozen
    class's ``__setattr__`` is attrs' refusal)."""
    return getattr(cls, "__setattr__", None) is _FROZEN_SETATTR


_FROZEN_SETATTR = getattr(attr._make, "_frozen_setattrs", None)


#: the ``attrs`` classes met that json's encoder refuses (none of the JSON types it writes
#: itself): a tuple of their instances goes the general way without trying the encoder
_RECORDS: set[type] = set()


def _writer_for(cls: type) -> Callable[[Any], str]:
    if attrs.has(cls):
        writer = _attrs_writer(cls)
        if _is_frozen(cls):
            _LASTING.add(cls)
        if not issubclass(cls, (str, int, float, list, tuple, dict)):
            _RECORDS.add(cls)
    elif issubclass(cls, Enum):
        _LASTING.add(cls)

        def writer(value: Any) -> str:
            return _text(value.value)
    else:
        writer = _general_text
    _WRITERS[cls] = writer
    return writer


def _refuse(value: object) -> object:
    raise TypeError(f"not plain JSON: {type(value).__name__}")


#: json's own encoder, for values made of integers, booleans, strings, ``None`` and
#: tuples only: the same text as :func:`canonical_text`, written in C
_plain_chunks = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, _refuse, encode_basestring, None, ":", ",", True, False, True)


def _plain_tuple_text(value: Any) -> str:
    """The text of a field declared as a tuple of plain values (its value, whatever it
    holds: anything else goes the general way)."""
    if type(value) is not tuple:
        return _text(value)
    # remembered however few its items (a table per player, a supply per kind): a view
    # sharing the field with the state, or with the view before, writes it once
    known = _memo.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    if value and type(value[0]) in _RECORDS:  # json's encoder would refuse it: no trial
        return _tuple_text(value)
    try:
        text: str = "".join(_plain_chunks(value, 0))
    except TypeError:
        return _tuple_text(value)
    return _remember(value, text) if value and _lasting_rows(value) else text


def _lasting_rows(value: tuple[Any, ...]) -> bool:
    """Whether ``value``'s items, and the items of those that are tuples, are all of the
    types whose values never change."""
    return _lasting(value) or all(_lasting(item) if type(item) is tuple
                                  else type(item) in _LASTING for item in value)


_PLAIN = (int, bool, str, type(None))

#: declared field types of numbers and strings
_SCALAR_FIELDS = (int, bool, str)
#: fields of other types a frozen class has at least, for its writer to take the texts of
#: the fields it shares with the instance written last from that one's (:func:`_wide_writer`)
KEPT_FIELDS = 6


def _lasting_value(value: object) -> bool:
    """Whether ``value``'s text never changes: a value of a type whose values never
    change, or a tuple of them (or of tuples of them)."""
    kind = type(value)
    if kind in _LASTING:
        return True
    if kind is not tuple:
        return False
    # a tuple whose text is remembered is one (only those are remembered): no scan
    known = _memo.get(id(value))
    return (known is not None and known[0] is value) or _lasting_rows(value)  # type: ignore[arg-type]


def field_text(value: object) -> str:
    """``to_json(value)`` as a frozen class's writer writes a field's value: a tuple of
    plain values (integers, booleans, strings, ``None``, tuples of them) by json's own
    encoder and remembered by identity however few its items, anything else as
    :func:`to_json` does."""
    return _plain_tuple_text(value)


def lasting(value: object) -> bool:
    """Whether ``value``'s canonical text never changes: a scalar, an enum member, an
    instance of a frozen ``attrs`` class, or a tuple of them (or of tuples of them), so that
    a text written for it once stays true while the value is held."""
    return _lasting_value(value) or (attrs.has(type(value)) and _is_frozen(type(value)))


def _is_plain(t: Any) -> bool:
    """Whether the declared type ``t`` holds only integers, booleans, strings, ``None``
    and tuples of them."""
    if t in _PLAIN:
        return True
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin is tuple or origin is typing.Union or origin is types.UnionType:
        return bool(args) and all(a is Ellipsis or _is_plain(a) for a in args)
    return False


def _field_text(name: str, t: Any, value: str | None = None) -> str:
    """The expression writing field ``name`` of declared type ``t`` (checked at run time:
    a value of another type goes the general way), read from ``value`` (an expression;
    default: the field of ``obj``)."""
    value = f"obj.{name}" if value is None else value
    if t is int:
        return f"(irepr(v) if type(v := {value}) is int else text(v))"
    if t is str:
        return f"(estr(v) if type(v := {value}) is str else text(v))"
    if t is not bool and _is_plain(t) and typing.get_origin(t) is tuple:
        return f"plain_tuple({value})"
    return f"text({value})"


def _attrs_writer(cls: type) -> Callable[[Any], str]:
    """The text of one class's instances: the fields the converter writes (those set by
    ``__init__``) and the class's tag, in key order, each field's text from its value;
    remembered per instance when the class is frozen. A large frozen class (a state, a view:
    at least :data:`KEPT_FIELDS` fields holding more than a number or a string) is written
    by :func:`_wide_writer`."""
    try:
        hints = field_types(cls)
    except Exception:  # pragma: no cover - an unresolvable annotation: no declared types
        hints = {}
    declared = {f.name: hints.get(f.name, Any) for f in attrs.fields(cls) if f.init}
    frozen = _is_frozen(cls)
    lines = ["def write(obj):"]
    if frozen:
        lines += ["    known = memo.get(id(obj))",
                  "    if known is not None and known[0] is obj:",
                  "        return known[1]"]
    tag = encode_basestring(cls.__name__)
    parts = []
    for i, key in enumerate(sorted({*declared, TAG})):
        head = ("{" if i == 0 else ",") + encode_basestring(key) + ":"
        parts.append(repr(head + tag) if key == TAG
                     else f"{head!r}, {_field_text(key, declared[key])}")
    # one join: adding the parts one by one would copy the text written so far each time
    body = "''.join((" + ", ".join(parts) + ", '}'))"
    lines.append(f"    return remember(obj, {body})" if frozen else f"    return {body}")
    scope: dict[str, Any] = {"memo": _memo, "remember": _remember, "text": _text,
                             "irepr": int.__repr__, "estr": encode_basestring,
                             "plain_tuple": _plain_tuple_text}
    # the source is built from the class's own field names and name only
    exec("\n".join(lines), scope)
    fn: Callable[[Any], str] = scope["write"]
    if frozen and sum(t not in _SCALAR_FIELDS for t in declared.values()) >= KEPT_FIELDS:
        return _wide_writer(cls, declared, fn)
    return fn


class FieldRow:
    """One frozen class's fields in its writer's order (sorted keys, the tag among them) and
    the instance written last: its values and each field's text with what comes before it.
    The wide writers (:func:`_wide_writer` for a state, ``oracle.view_text`` for a view)
    find the fields whose value is another object than the last instance's in one pass
    (``is not`` over the two rows of values, :meth:`changed`) and write only those anew; a
    field's text is kept only while its value's text never changes (:func:`lasting`), any
    other (in :attr:`fresh`) is written every time."""

    __slots__ = ("busy", "fresh", "get", "heads", "parts", "slots", "values")

    def __init__(self, cls: type, names: list[str]) -> None:
        keys = sorted({*names, TAG})
        #: the values of an instance's fields, in key order (a tuple, for two or more)
        self.get = attrgetter(*names)
        #: where each field's text stands among the parts
        self.slots = tuple(keys.index(n) for n in names)
        #: per field what comes before its value's text
        self.heads = tuple(("{" if i == 0 else ",") + encode_basestring(k) + ":"
                           for i, k in enumerate(keys) if k != TAG)
        #: per key its text with what comes before it (the tag's is fixed), and the end
        self.parts = [(("{" if i == 0 else ",") + encode_basestring(k) + ":"
                       + (encode_basestring(cls.__name__) if k == TAG else ""))
                      for i, k in enumerate(keys)] + ["}"]
        #: the last instance's values (``None``: none, or its texts are not all written)
        self.values: tuple[Any, ...] | None = None
        #: the fields whose last text does not last (written again every time)
        self.fresh: list[int] = []
        #: whether an instance is being written (one of its class inside it is written
        #: another way)
        self.busy = False

    def changed(self, values: tuple[Any, ...]) -> tuple[Any, Any]:
        """The fields of ``values`` to write anew (those whose value is another object than
        the last instance's, and those whose last text does not last) and those of the
        latter; the texts stand for no instance until the writer sets :attr:`values`."""
        last = self.values
        self.values = None
        changed: Any = (range(len(values)) if last is None
                        else compress(range(len(values)), map(is_not, values, last)))
        fresh = self.fresh
        stale: Any = ()
        if fresh:
            stale = set(fresh)
            changed = {*changed, *stale}
            fresh.clear()
        return changed, stale


def _wide_writer(cls: type, declared: dict[str, Any], whole: Callable[[Any], str]
                 ) -> Callable[[Any], str]:
    """The writer of a large frozen class by its :class:`FieldRow`; the instance's text is
    the kept texts joined. An instance of the class met while one is being written (inside
    it) is written whole (``whole``)."""
    names = sorted(declared)
    row = FieldRow(cls, names)
    get, slots, heads, parts, fresh = row.get, row.slots, row.heads, row.parts, row.fresh
    plain = tuple(declared[n] is not bool and _is_plain(declared[n])
                  and typing.get_origin(declared[n]) is tuple for n in names)
    memo, scalars, remember = _memo, SCALAR_TEXTS, _remember
    plain_tuple, text, keeps = _plain_tuple_text, _text, _lasting_value

    def write(obj: Any) -> str:
        known = memo.get(id(obj))
        if known is not None and known[0] is obj:
            return known[1]
        if row.busy:
            return whole(obj)
        row.busy = True
        try:
            values = get(obj)
            changed, _ = row.changed(values)
            for i in changed:
                value = values[i]
                scalar = scalars.get(type(value))
                if scalar is not None:  # a number, a string, a flag or null: its text lasts
                    parts[slots[i]] = heads[i] + scalar(value)
                    continue
                parts[slots[i]] = heads[i] + (plain_tuple(value) if plain[i]
                                              else text(value))
                if not keeps(value):
                    fresh.append(i)
            row.values = values
            return remember(obj, "".join(parts))
        finally:
            row.busy = False

    return write


def _describe(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return f"unknown field(s): {', '.join(sorted(exc.extra_fields))}"
    text = str(exc)
    return text if text else type(exc).__name__


def error_paths(exc: BaseException, path: str = "$") -> list[str]:
    """Messages naming the field (``message @ $.a.b``) of every leaf error in ``exc``."""
    if not isinstance(exc, cattrs.BaseValidationError):
        return [f"{_describe(exc, None)} @ {path}"]
    return list(cattrs.transform_error(exc, path, format_exception=_describe))
