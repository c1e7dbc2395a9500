"""Bridges to other projects' formats and registries (each imports its project only when used)."""

__all__: list[str] = []
