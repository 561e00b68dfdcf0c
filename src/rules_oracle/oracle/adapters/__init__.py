"""Adapters: real engines speaking the drive protocol (docs/protocol.md)."""
