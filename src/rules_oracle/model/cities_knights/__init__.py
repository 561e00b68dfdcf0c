"""Catan: Cities & Knights on the base Catan model (003_afb99bb921effa32.txt)."""
