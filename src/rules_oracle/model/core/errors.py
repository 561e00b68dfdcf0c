"""Errors raised by every game model."""


class IllegalAction(Exception):
    """An action the rules forbid in this state; ``rule`` is the id it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class ConfigError(ValueError):
    """A configuration the game does not allow (player count, variant)."""
