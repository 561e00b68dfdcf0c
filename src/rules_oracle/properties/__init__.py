"""Invariants as plain predicates over states, generic checks and Hypothesis strategies."""
