"""Frozen reference implementations the tests compare the library with (see each module's header)."""
