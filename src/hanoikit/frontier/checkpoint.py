"""Checkpoints of the frontier search: each finished layer made durable in a directory, to resume a killed search.

The directory holds ``state.json`` (the search, the layers so far and which file holds each block), one file per
block changed since the previous checkpoint (``blocks/B-V.bin``, the row's bytes) and the current layer's positions
(``frontier-V.npz``). A checkpoint is written beside the previous one and takes over when ``state.json`` is replaced
(an atomic rename, after every file it names is on disk); the files only the old one named are then removed. A search
killed at any moment therefore resumes from its last checkpoint and ends with the same result.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import IO, Any

import numpy as np

from ..errors import InvalidPuzzleError
from .layout import Layout

__all__ = ["Checkpoint"]

_STATE = "state.json"


def _durable(path: str, mode: str, write: Callable[[IO[Any]], object]) -> None:
    """Write a file with ``write(file)`` and make it durable (flushed and synced to the disk)."""
    with open(path, mode) as file:
        write(file)
        file.flush()
        os.fsync(file.fileno())


def _sync(path: str) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class Checkpoint:
    """The checkpoints of one search (``layout``, from code ``source``, to code ``target``) in ``directory``."""

    def __init__(self, directory: str, layout: Layout, source: int, target: int) -> None:
        self.directory = directory
        self.search = {"puzzle": repr(layout.puzzle), "block_disks": layout.m, "source": source, "target": target}
        self.versions: dict[int, int] = {}
        self.serial = 0
        self.frontier: str | None = None

    @property
    def exists(self) -> bool:
        """Whether the directory holds a checkpoint."""
        return os.path.exists(os.path.join(self.directory, _STATE))

    def load(self, table: np.ndarray) -> tuple[dict[str, Any], np.ndarray, np.ndarray]:
        """Fill ``table`` from the last checkpoint; return its state, the listed codes and the blocks to scan."""
        with open(os.path.join(self.directory, _STATE)) as file:
            saved = json.load(file)
        if saved["search"] != self.search:
            raise InvalidPuzzleError(
                f"the checkpoint in {self.directory} is of another search ({saved['search']}), not {self.search}"
            )
        self.serial = saved["serial"]
        self.versions = {int(block): version for block, version in saved["versions"].items()}
        for block, version in self.versions.items():
            table[block] = np.fromfile(self._block_path(block, version), dtype=np.uint8)
        self.frontier = saved["frontier"]
        with np.load(os.path.join(self.directory, self.frontier)) as arrays:
            listed, dense = arrays["listed"], arrays["dense"]
        return saved["state"], listed, dense

    def save(
        self, table: np.ndarray, dirty: np.ndarray, state: dict[str, Any], listed: np.ndarray, dense: np.ndarray
    ) -> None:
        """Write the blocks flagged ``dirty`` (and clear the flags), the current layer and ``state``."""
        os.makedirs(os.path.join(self.directory, "blocks"), exist_ok=True)
        self.serial += 1
        old = dict(self.versions)
        for block in np.flatnonzero(dirty).tolist():
            _durable(self._block_path(block, self.serial), "wb", np.ascontiguousarray(table[block]).tofile)
            self.versions[block] = self.serial
        dirty[:] = 0
        frontier = f"frontier-{self.serial}.npz"
        _durable(os.path.join(self.directory, frontier), "wb", lambda file: np.savez(file, listed=listed, dense=dense))
        saved = {
            "search": self.search,
            "serial": self.serial,
            "state": state,
            "frontier": frontier,
            "versions": {str(block): version for block, version in self.versions.items()},
        }
        temporary = os.path.join(self.directory, _STATE + ".new")
        _durable(temporary, "w", lambda file: json.dump(saved, file))
        os.replace(temporary, os.path.join(self.directory, _STATE))
        _sync(self.directory)
        for block, version in old.items():
            if self.versions[block] != version:
                os.remove(self._block_path(block, version))
        if self.frontier is not None:
            os.remove(os.path.join(self.directory, self.frontier))
        self.frontier = frontier

    def _block_path(self, block: int, version: int) -> str:
        return os.path.join(self.directory, "blocks", f"{block}-{version}.bin")
