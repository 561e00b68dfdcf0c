"""The model mutants of ``ci/mutants.py`` stay applicable: each edit's text stands once in
its file, changes it, and names a registered rule of its game; at least 36 in all, at least
six for every game."""

import importlib.util
import shutil
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from rules_oracle.model.core import registry

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_mutants", ROOT / "ci" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MUTANTS = _script().MUTANTS


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.id for m in MUTANTS])
def test_each_mutant_applies_once_to_a_copy(mutant: object, tmp_path: Path) -> None:
    script = _script()
    m = next(x for x in script.MUTANTS if x.id == getattr(mutant, "id", None))
    assert m.game in registry.names()
    target = tmp_path / script.PACKAGE / m.path
    target.parent.mkdir(parents=True)
    shutil.copy2(ROOT / script.PACKAGE / m.path, target)
    script.apply(m, tmp_path)
    changed = target.read_text(encoding="utf-8")
    assert changed != (ROOT / script.PACKAGE / m.path).read_text(encoding="utf-8")
    assert m.new in changed and m.game in m.path
    assert m.rule in registry.get(m.game).rules
    # applied once: the text it replaces no longer stands there
    with pytest.raises(SystemExit, match="stands 0 times"):
        script.apply(m, tmp_path)


def test_every_game_has_six_mutants_at_least() -> None:
    per_game = Counter(m.game for m in MUTANTS)
    assert set(per_game) == set(registry.names())
    assert min(per_game.values()) >= 6
    assert len(MUTANTS) >= 36
    assert len({m.id for m in MUTANTS}) == len(MUTANTS)


def test_the_z3_cache_key_is_the_encodings_terms() -> None:
    """Reused Z3 results are keyed by a hash of the encoding's terms: the same for the same
    encoding, another for an encoding whose guard or update differs (its verdicts may)."""
    from tests import toyencoding as toy

    terms_hash = _script().terms_hash
    plain = terms_hash(toy.ENCODING, 2)
    assert plain == terms_hash(toy.ToyEncoding(), 2)
    assert plain != terms_hash(toy.ENCODING, 3)
    assert plain != terms_hash(toy.OverreachToyEncoding(), 2)
    assert plain != terms_hash(toy.DriftedToyEncoding(), 2)
