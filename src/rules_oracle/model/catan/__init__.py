"""Base Catan (3-4 players): the reference model (see docs/games/catan.md)."""
