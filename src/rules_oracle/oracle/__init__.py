"""The oracle: traces, replay and diff, verification runs and the command line."""
