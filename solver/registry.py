"""Each game's Z3 encoding, found by game name (module ``solver.<game>``, ``ENCODING``)."""

import importlib
from typing import Any, cast

from solver.encoding import Encoding


def encoding(game: str) -> Encoding[Any, Any]:
    module = importlib.import_module(f"solver.{game}")
    return cast(Encoding[Any, Any], module.ENCODING)
