"""The kernel shared by every game model."""

from rules_oracle.model.core.canon import digest, structure, to_json, unstructure
from rules_oracle.model.core.chance import draw_outcomes, sample, uniform
from rules_oracle.model.core.errors import ConfigError, IllegalAction
from rules_oracle.model.core.game import CHANCE, PUBLIC, TERMINAL, Config, Game, Viewer, viewer_seat
from rules_oracle.model.core.rules import Ambiguity, Reading, Rule, RuleBook, Witnessed

__all__ = [
    "CHANCE",
    "PUBLIC",
    "TERMINAL",
    "Ambiguity",
    "Config",
    "ConfigError",
    "Game",
    "IllegalAction",
    "Reading",
    "Rule",
    "RuleBook",
    "Viewer",
    "Witnessed",
    "digest",
    "draw_outcomes",
    "sample",
    "structure",
    "to_json",
    "uniform",
    "unstructure",
    "viewer_seat",
]
