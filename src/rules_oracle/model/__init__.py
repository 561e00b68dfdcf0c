"""Executable reference models of tabletop games (no dependency on the other packages)."""
