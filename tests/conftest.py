"""Suite-wide settings: Hypothesis without deadlines (no timed tests), derandomized and
without an example database (the same examples on every machine), and the
check that every id a test names in ``@pytest.mark.rules(...)`` is registered.

A test may name rule ids and ambiguity ids of any registered game or of the toy
race (``tests/toygame.py``); an unknown id fails the test, so rule coverage
measured from these marks cannot count rules that do not exist.
"""

from collections.abc import Iterator
from functools import cache

import coverage
import pytest
from hypothesis import HealthCheck, settings

from rules_oracle.model.core import registry
from rules_oracle.solver import provers

pytest_plugins = ["pytester"]

# derandomized and without an example database: every machine and every fresh
# clone runs the same examples, so a result never depends on earlier local runs
settings.register_profile(
    "oracle", deadline=None, suppress_health_check=[HealthCheck.too_slow],
    derandomize=True, database=None,
)
settings.load_profile("oracle")


@cache
def _known_ids() -> tuple[frozenset[str], tuple[str, ...]]:
    """Every registered rule and ambiguity id, and the games whose models failed to load."""
    from tests.toygame import RULES as TOY_RULES

    books = [TOY_RULES]
    broken = []
    for name in registry.names():
        try:
            books.append(registry.get(name).rules)
        except Exception as exc:  # a model being written must not hide the others
            broken.append(f"{name} ({exc!r})")
    ids = {rid for book in books for rid in book.ids}
    ids |= {a.id for book in books for a in book.ambiguities}
    return frozenset(ids), tuple(broken)


@pytest.fixture(autouse=True)
def _rule_ids_are_registered(request: pytest.FixtureRequest) -> None:
    named = [rid for mark in request.node.iter_markers("rules") for rid in mark.args]
    if not named:
        return
    known, broken = _known_ids()
    unknown = [rid for rid in named if rid not in known]
    if unknown:
        note = f" (models that failed to load: {', '.join(broken)})" if broken else ""
        pytest.fail(f"@pytest.mark.rules names unregistered id(s): {', '.join(unknown)}{note}")


@pytest.fixture(autouse=True)
def _fixed_output_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output to a file or a pipe is as wide as ``COLUMNS`` says (160 when unset); pin it,
    so a test reads the same lines whatever terminal or test runner started the suite."""
    monkeypatch.setenv("COLUMNS", "160")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run first (in their order, the rest after in theirs): spread
    over worker processes, the longest start at once and the run ends on short ones."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


#: non-empty once a slow test ran unmeasured in this process, until the next measured test
#: drops the Z3 frames and term memos it may have built (``provers.forget_frames``)
_UNMEASURED_FRAMES: list[bool] = []


@pytest.fixture(autouse=True)
def _slow_tests_unmeasured(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test marked ``slow`` runs without coverage measurement: these are the Z3 proofs
    and long samples, whose Python (building Z3 terms, evaluating compiled guards) runs
    about twice as slow measured. Their code is measured through the faster tests, so the
    coverage figure counts only what those reach: it can only be lower for it. A measured
    test after slow ones starts without the Z3 frames they built (they are built again,
    measured)."""
    cov = coverage.Coverage.current()
    if cov is None:
        yield
        return
    if not request.node.get_closest_marker("slow"):
        if _UNMEASURED_FRAMES:
            # the Z3 terms a slow test built were built unmeasured: a measured test
            # that reused them would leave their builders counted as never run
            provers.forget_frames()
            _UNMEASURED_FRAMES.clear()
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        _UNMEASURED_FRAMES.append(True)
        cov.start()
