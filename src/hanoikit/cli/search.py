"""Commands of `hanoi`: placeholder, filled in by its issue."""

from .app import app  # noqa: F401
