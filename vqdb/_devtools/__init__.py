"""Tools for vqdb's developers (not part of the public API)."""
