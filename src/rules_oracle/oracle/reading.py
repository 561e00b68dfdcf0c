"""One bounded, validated reading path for every input the oracle takes.

Traces (``oracle check``, the pytest plugin), an implementation's replies
(``oracle drive``) and vector files (``oracle vectors --verify``) are read
here, and nothing else in the oracle parses their bytes:

* :func:`read_lines` reads a byte stream a line at a time, each line at most
  :data:`MAX_LINE` bytes and at most :data:`MAX_BLANK` blank lines in a row, so an
  endless line (``/dev/zero``) is an error naming the limit, not a
  ``MemoryError``; :func:`read_file` reads a whole file of at most
  :data:`MAX_FILE` bytes;
* :func:`decode` requires UTF-8;
* :func:`loads` parses JSON strictly: no key given twice in one object (JSON
  leaves the meaning of a repeated key open and Python would keep the last value, so
  ``{"action": A, "action": B}`` could pass as ``B``), no ``NaN`` or ``Infinity``, no number
  that overflows a float, no integer of more than 4,300 digits (Python's
  limit on converting digits), nothing nested more than :data:`MAX_DEPTH`
  levels deep, and no string or key holding a lone surrogate (``"\\ud800"``,
  which is not a Unicode character and cannot be written as UTF-8);
* :data:`Validator` is the JSON Schema validator of the oracle's schemas,
  with corrections to Python's defaults: ``integer`` means a JSON integer,
  and ``const`` and ``enum`` compare JSON types too (``1.0`` is neither an
  integer nor the constant ``1``), and a ``pattern``'s ``$`` matches only at the
  end of the string, as in ECMA-262 (Python's ``$`` also matches before a
  final newline, so ``"2/27\\n"`` would pass ``^[0-9]+/[0-9]+$``).

Every failure is an :class:`InputError` naming the field (a JSON path) or the
limit; callers add the file and line.
"""

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import IO, Any

import jsonschema  # type: ignore[import-untyped]

from rules_oracle.oracle.diff import child, clip, path_of, same, show

#: the longest line of a trace or reply read, in bytes
MAX_LINE = 32 * 1024 * 1024
#: the most blank lines in a row in a trace
MAX_BLANK = 65536
#: the largest vector file read, in bytes
MAX_FILE = 64 * 1024 * 1024
#: the deepest nesting of arrays and objects read (the models' data is under 10 deep)
MAX_DEPTH = 64
#: the most digits of an integer (Python's own limit on converting digits to an int)
MAX_DIGITS = 4300


class InputError(ValueError):
    """Input refused: ``path`` is the JSON path of the field (``None``: the text as a whole)."""

    def __init__(self, path: str | None, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
        #: the line of a multi-line text where the fault stands (already in the message)
        self.line = line

    def __str__(self) -> str:
        return self.message if self.path is None else f"{self.path}: {self.message}"


def mib(size: int) -> str:
    """A byte count as written in messages: ``32 MiB`` (or bytes when not whole MiB)."""
    return f"{size // (1024 * 1024)} MiB" if size % (1024 * 1024) == 0 else f"{size} bytes"


# -- bytes -------------------------------------------------------------------------------


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes]:
    """The lines of ``stream`` (with their line ends), each at most ``limit`` bytes.

    Blank lines are yielded too (callers number lines); a run of more than
    :data:`MAX_BLANK` blank lines is refused, so an endless stream of line ends
    ends too. An :class:`InputError` is raised in place of the line that
    breaks a limit.
    """
    blank = 0
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit:
            raise InputError(None, f"a line longer than {mib(limit)} (the limit)")
        if raw.strip():
            blank = 0
        else:
            blank += 1
            if blank > MAX_BLANK:
                raise InputError(None, f"more than {MAX_BLANK} blank lines in a row (the limit)")
        yield raw


def read_file(stream: IO[bytes], limit: int = MAX_FILE) -> bytes:
    """The whole of ``stream``, at most ``limit`` bytes; :class:`InputError` beyond."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputError(None, f"larger than {mib(limit)} (the limit)")
    return data


def decode(raw: bytes) -> str:
    """UTF-8 text, or :class:`InputError` naming the first bad byte (0-based offset)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(None, f"not UTF-8 text (bad byte at {exc.start})") from None


# -- JSON ----------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {clip(text, 40)} is out of range")
    return value


#: a \u escape of a surrogate code point (paired ones are decoded to one character)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Duplicate(Exception):
    """A key given twice in one object (raised while parsing; located afterwards)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise _Duplicate
    return value


#: the strict decoder, made once (``json.loads`` with these hooks makes one per text)
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite,
                            object_pairs_hook=_unique)


def loads(text: str, *, multiline: bool = False) -> Any:
    """Parse JSON text strictly (see the module docstring); :class:`InputError` otherwise.

    A syntax error or a key given twice names its column (``multiline``: its line and
    column, and :attr:`InputError.line`); a key given twice also names its JSON path.
    """
    try:
        if type(text) is str and not text.startswith("\ufeff"):
            value = _DECODER.decode(text)
        else:  # json's own words for a byte-order mark or bytes
            value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite,
                               object_pairs_hook=_unique)
    except _Duplicate:
        path, key, at = _duplicate(text)
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        where = f"line {line}, column {column}" if multiline else f"column {at + 1}"
        raise InputError(path, f"the key {show(key, 60)} is given twice in one object"
                         f" (at {where}; JSON keys must be unique)",
                         line if multiline else None) from None
    except RecursionError:  # deeper than the parser goes: far past the limit
        raise InputError(None, _DEEP) from None
    except json.JSONDecodeError as exc:
        # "starting at" messages end in "at"; a line read with its line end would
        # otherwise name the line after it
        message = exc.msg.removesuffix(" at")
        where = (f"line {exc.lineno}, column {exc.colno}" if multiline
                 else f"column {exc.pos + 1}")
        raise InputError(None, f"not JSON: {message} at {where}") from None
    except ValueError as exc:
        reason = str(exc)
        if "integer string conversion" in reason:
            reason = f"an integer of more than {MAX_DIGITS} digits (the limit)"
        raise InputError(None, f"not JSON: {reason}") from None
    if (isinstance(value, (dict, list))
            and text.count("[") + text.count("{") > MAX_DEPTH and _too_deep(value)):
        raise InputError(None, _DEEP)
    if _SURROGATE_ESCAPE.search(text) is not None:
        problem = _surrogate(value)
        if problem is not None:
            raise InputError(*problem)
    return value


_DEEP = f"nested more than {MAX_DEPTH} levels deep (the limit)"

#: one token of JSON text after blanks: a structural character or a quote, or a scalar
_TOKEN = re.compile(r'[ \t\n\r]*(?:([{}\[\],:"])|(-?[0-9][0-9.eE+-]*|true|false|null))')


#: a JSON string (its escapes decoded by the parser)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def _duplicate(text: str) -> tuple[str, str, int]:
    """The JSON path, key and offset of the first key given again in its object.

    Called only on text the parser read up to such a key; a token machine over it
    (objects and arrays on a stack, each object with the keys it has shown so far).
    """
    #: per open object or array: its path, its keys so far (``None``: an array), the
    #: current key or index, and whether a key comes next
    stack: list[tuple[str, set[str] | None, list[Any]]] = []
    at = 0
    while True:
        token = _TOKEN.match(text, at)
        if token is None:  # pragma: no cover - the parser found the key before any fault
            return "$", "", at
        at = token.end()
        mark = token.group(1)
        if mark is None:
            continue
        top = stack[-1] if stack else None
        if mark in "{[":
            path = "$" if top is None else child(top[0], top[2][0])
            stack.append((path, set() if mark == "{" else None, ["" if mark == "{" else 0,
                                                                 mark == "{"]))
        elif mark in "}]":
            stack.pop()
        elif mark == "," and top is not None:
            if top[1] is None:
                top[2][0] += 1
            else:
                top[2][1] = True
        elif mark == '"':
            start = at - 1
            quoted = _STRING.match(text, start)
            if quoted is None:  # pragma: no cover - the parser read the string
                return "$", "", start
            at = quoted.end()
            string = json.loads(quoted.group())
            if top is not None and top[1] is not None and top[2][1]:
                if string in top[1]:
                    return child(top[0], string), string, start
                top[1].add(string)
                top[2][0] = string
                top[2][1] = False


def _too_deep(value: Any) -> bool:
    """Whether arrays and objects nest more than :data:`MAX_DEPTH` levels (level by level)."""
    level = [value]
    for _ in range(MAX_DEPTH):
        below = []
        for item in level:
            for member in item.values() if type(item) is dict else item:
                if type(member) is list or type(member) is dict:
                    below.append(member)
        if not below:
            return False
        level = below
    return True


def _surrogate(value: Any) -> tuple[str, str] | None:
    """The path and message of the first string or key holding a lone surrogate."""
    stack: list[tuple[Any, str]] = [(value, "$")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found is not None:
                return path, f"a lone surrogate {_code(found.group())} (not a Unicode character)"
        elif isinstance(item, dict):
            for key in reversed(list(item)):
                found = _SURROGATE.search(key)
                if found is not None:
                    return path, (f"a key with a lone surrogate {_code(found.group())}"
                                  " (not a Unicode character)")
                stack.append((item[key], child(path, key)))
        elif isinstance(item, list):
            stack.extend((item[i], child(path, i)) for i in reversed(range(len(item))))
    return None


def _code(char: str) -> str:
    return f"\\u{ord(char):04x}"


# -- JSON Schema ---------------------------------------------------------------------------


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"  # ECMA-262: "$" is the end of the input
    return re.compile(pattern)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not _regex(pattern).search(instance):
        yield jsonschema.ValidationError(f"{clip(repr(instance), 80)} does not match {pattern!r}")


def _const(validator: Any, const: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not same(instance, const):
        yield jsonschema.ValidationError(f"{show(const, 80)} was expected")


def _enum(validator: Any, enums: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not any(same(instance, e) for e in enums):
        yield jsonschema.ValidationError(f"{show(instance, 80)} is not one of {show(enums, 80)}")


def _is_integer(_checker: Any, instance: Any) -> bool:
    return type(instance) is int


#: the oracle's JSON Schema validator class (draft 2020-12; exact integers, ``const`` and
#: ``enum`` that tell ``1.0`` from ``1``, ECMA ``$``)
Validator: Any = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    validators={"pattern": _pattern, "const": _const, "enum": _enum},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


_TYPE_WORDS = {
    "string": "a string", "integer": "an integer", "object": "an object",
    "array": "an array", "boolean": "true or false", "number": "a number", "null": "null",
}


def schema_error(validator: Any, value: Any) -> tuple[str, str] | None:
    """The path and a one-line message of the most relevant schema error, or ``None``."""
    err = jsonschema.exceptions.best_match(validator.iter_errors(value))
    return None if err is None else _describe(err)


def _describe(err: jsonschema.ValidationError) -> tuple[str, str]:
    while err.parent is not None and err.parent.validator in ("anyOf", "oneOf"):
        err = err.parent  # say what the alternatives are together
    path = path_of(err.absolute_path)
    got = show(err.instance)
    kw = err.validator
    value: Any = err.validator_value
    if kw == "required" and isinstance(err.instance, dict):
        missing = [k for k in value if k not in err.instance]
        return path_of([*err.absolute_path, missing[0]]), "missing field"
    if kw == "additionalProperties" and isinstance(err.instance, dict):
        known = err.schema.get("properties", {})
        extra = sorted(k for k in err.instance if k not in known)
        return path_of([*err.absolute_path, extra[0]]), "unexpected field"
    if kw == "type":
        return path, f"expected {_TYPE_WORDS.get(str(value), str(value))}, got {got}"
    if kw == "const":
        return path, f"expected {show(value)}, got {got}"
    if kw == "enum":
        return path, f"expected one of {', '.join(show(v) for v in value)}; got {got}"
    if kw == "minimum":
        return path, f"expected a number >= {value}, got {got}"
    if kw == "minLength":
        return path, "expected a non-empty string"
    if kw == "pattern":
        return path, f"expected a string matching {value}, got {got}"
    if kw == "minItems":
        return path, f"expected at least {value} item{'s' if value != 1 else ''}, got {got}"
    if kw == "maxLength":
        return path, f"expected at most {value} characters"
    description = err.schema.get("description") if isinstance(err.schema, dict) else None
    if description:
        return path, f"expected {description}, got {got}"
    return path, clip(err.message, 200)
