"""Numbers a rules text states: a constant of a game's data (or one an encoding restates)
names the rule whose quote states it, and :func:`states` finds the number in that quote,
written as digits or as a Russian number word, so that a mistyped constant is caught by
the text rather than by a second copy of the constant."""

import re
from typing import Final

import attrs

#: stems of the Russian number words (cardinal and ordinal, any case), by value; a word
#: matches a stem when it starts with it (``дв`` matches два, две, двух; ``трет`` третий)
_STEMS: Final[dict[int, tuple[str, ...]]] = {
    0: ("нол", "нул"),
    1: ("один", "одн", "перв"),
    2: ("два", "две", "двух", "двум", "двою", "втор"),
    3: ("три", "трёх", "трех", "трём", "трем", "трет"),
    4: ("четыр", "четвёрт", "четверт"),
    5: ("пят",),
    6: ("шест",),
    7: ("сем", "седьм"),
    8: ("восем", "восьм"),
    9: ("девят",),
    10: ("десят",),
    11: ("одиннадцат",),
    12: ("двенадцат",),
    15: ("пятнадцат",),
    20: ("двадцат",),
}
#: beginnings of words that start like a number word and are none
_NOT_STEMS: Final = ("семей", "семе", "семья", "пятк", "одновремен", "однак",
                     "второстеп", "трит")


@attrs.frozen(slots=True)
class Stated:
    """A constant of a game's data (a number, or a tuple of counts such as a cost) and the
    rule whose quote (or cited fact) states it; ``name`` is the constant's name in the
    data module, or an expression over its names (``RECRUIT[5]``, ``sum(RESOURCE_CARDS)``)
    that gives the value."""

    name: str
    value: int | tuple[int, ...]
    rule: str

    def numbers(self) -> tuple[int, ...]:
        """The numbers the quote must write: the value, or each distinct count of a tuple
        (a count of 0, a thing the rule does not name, excepted)."""
        if isinstance(self.value, int):
            return (self.value,)
        return tuple(sorted({n for n in self.value if n}))


def _words(text: str) -> list[str]:
    return re.findall(r"[а-яёa-z0-9]+", text.lower())


def _word_is(word: str, value: int) -> bool:
    if word.isdigit():
        return int(word) == value
    if value == 7 and word == "семь":
        return True
    if any(word.startswith(s) for s in _NOT_STEMS):
        return False
    stems = _STEMS.get(value, ())
    longer = tuple(s for v, ss in _STEMS.items() if v > value for s in ss)
    return any(word.startswith(s) for s in stems) and not any(
        word.startswith(s) and len(s) > len(t) for s in longer for t in stems
        if word.startswith(t))


def states(text: str, value: int) -> bool:
    """Whether ``text`` writes ``value``: as digits standing alone (not part of a longer
    number) or as a Russian number word."""
    return any(_word_is(w, value) for w in _words(text))


__all__ = ["Stated", "states"]
