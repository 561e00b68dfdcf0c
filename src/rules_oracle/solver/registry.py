"""Each game's Z3 encoding, found by game name (module ``solver.<game>``, ``ENCODING``)."""

import importlib
from typing import Any, cast

from rules_oracle.solver.encoding import Encoding


def encoding(game: str) -> Encoding[Any, Any]:
    module = importlib.import_module(f"rules_oracle.solver.{game}")
    return cast(Encoding[Any, Any], module.ENCODING)
