"""The crafts card game (2-6 players, 4 rounds, 88 building and 20 action cards)."""
