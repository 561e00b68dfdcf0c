"""A single-rule bug in the model, as a source edit would make it: every module that bound
the model's function (``from ... import f`` copies the binding) gets the replacement, the
checks under test included, so a check that calls the model shares the bug."""

import sys
from collections.abc import Callable
from typing import Any

import pytest


def mutate(monkeypatch: pytest.MonkeyPatch, module: str, name: str,
           replacement: Callable[..., Any]) -> int:
    """Replace ``module.name`` wherever a loaded project module holds it; the number of
    bindings replaced."""
    original = getattr(sys.modules[module], name)
    count = 0
    for mod_name, mod in list(sys.modules.items()):
        if mod_name.startswith("rules_oracle") and getattr(mod, name, None) is original:
            monkeypatch.setattr(mod, name, replacement)
            count += 1
    return count
