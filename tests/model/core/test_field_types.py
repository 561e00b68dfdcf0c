"""The converter and the canonical text read an ``attrs`` class's field types as its Python
source declares them, also for a class of a module compiled by mypyc, whose annotations
keep only bare classes (``tuple`` for ``tuple[Leaf, ...]``, ``type`` for ``Leaf | None``):
such a module is stood in for here by one run from a text with bare annotations, its
``__file__`` a compiled file's name, beside the source with the declared ones."""

import inspect
import sys
import textwrap
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import cattrs
import pytest

from rules_oracle.model.core import canon, registry
from rules_oracle.model.core.canon import (
    canonical_text,
    class_doc,
    field_types,
    structure,
    to_json,
    unstructure,
)

#: the source as written (beside the "compiled" module)
SOURCE = '''
import attrs

from stand_in_base import Base


@attrs.frozen(slots=True)
class Leaf:
    """A leaf.

    Its tags.
    """

    n: int
    tags: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class Tree(Base):
    leaves: tuple[Leaf, ...]
    pair: tuple[int, int]
    maybe: Leaf | None = None


Made = attrs.make_class("Made", {"n": attrs.field(type=int)}, frozen=True)
'''

#: what the compiled module holds: the annotations as mypyc keeps them
COMPILED = '''
import attrs

from stand_in_base import Base


@attrs.frozen(slots=True)
class Leaf:
    """mypyc filler docstring"""

    n: int
    tags: tuple = ()


@attrs.frozen(slots=True)
class Tree(Base):
    """mypyc filler docstring"""

    leaves: tuple
    pair: tuple
    maybe: type = None


Made = attrs.make_class("Made", {"n": attrs.field(type=int)}, frozen=True)
'''

#: a pure base class of another module
BASE = '''
import attrs


@attrs.frozen(slots=True)
class Base:
    """The base."""

    weights: tuple[int, ...]
'''


@pytest.fixture
def compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    (tmp_path / "stand_in_base.py").write_text(textwrap.dedent(BASE), encoding="utf-8")
    (tmp_path / "stand_in.py").write_text(textwrap.dedent(SOURCE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = ModuleType("stand_in")
    module.__file__ = str(tmp_path / "stand_in.cpython-311-x86_64-linux-gnu.so")
    monkeypatch.setitem(sys.modules, "stand_in", module)
    exec(compile(COMPILED, module.__file__, "exec"), vars(module))
    yield module
    sys.modules.pop("stand_in_base", None)


def test_a_compiled_class_has_its_sources_field_types(compiled: Any) -> None:
    assert attrs.fields(compiled.Tree).leaves.type is tuple  # what mypyc leaves
    assert field_types(compiled.Tree) == {
        "weights": tuple[int, ...], "leaves": tuple[compiled.Leaf, ...],
        "pair": tuple[int, int], "maybe": compiled.Leaf | None}
    assert field_types(compiled.Leaf) == {"n": int, "tags": tuple[str, ...]}
    # a class the source does not write keeps the types attrs holds
    assert field_types(compiled.Made) == {}
    assert structure({"type": "Made", "n": 3}, compiled.Made) == compiled.Made(n=3)


def test_a_compiled_state_reads_back_and_writes_the_pure_text(compiled: Any) -> None:
    leaf = compiled.Leaf(2, ("a", "b"))
    tree = compiled.Tree((5, 6), (leaf, compiled.Leaf(3)), (1, 4), leaf)
    data = unstructure(tree)
    assert data == {"type": "Tree", "weights": [5, 6], "pair": [1, 4],
                    "leaves": [{"type": "Leaf", "n": 2, "tags": ["a", "b"]},
                               {"type": "Leaf", "n": 3, "tags": []}],
                    "maybe": {"type": "Leaf", "n": 2, "tags": ["a", "b"]}}
    back = structure(data, compiled.Tree)
    assert back == tree and type(back.maybe) is compiled.Leaf
    assert to_json(tree) == canonical_text(data)
    with pytest.raises(cattrs.BaseValidationError):  # leaves, not numbers
        structure({**data, "leaves": [1]}, compiled.Tree)


def test_a_compiled_class_has_its_sources_docstring(compiled: Any) -> None:
    assert compiled.Leaf.__doc__ == "mypyc filler docstring"
    assert class_doc(compiled.Leaf) == "A leaf.\n\nIts tags."
    # none of its own: the nearest base's, as inspect.getdoc finds it
    assert class_doc(compiled.Tree) == "The base."
    assert class_doc(compiled.Made) is None


def test_a_pure_class_has_its_own_types_and_docstring() -> None:
    game = registry.get("catan")
    player = field_types(game.state_type)["players"].__args__[0]  # no docstring
    for cls in (game.state_type, player, *game.action_types):
        assert class_doc(cls) == inspect.getdoc(cls)
    assert class_doc(player) is None
    state = game.state_type
    assert field_types(state) == typing.get_type_hints(state)


def test_a_compiled_module_without_its_source_is_refused(
    compiled: Any, tmp_path: Path,
) -> None:
    (tmp_path / "stand_in.py").unlink()
    canon._FIELD_TYPES.pop(compiled.Tree, None)
    with pytest.raises(TypeError, match="no source beside it"):
        field_types(compiled.Tree)
