"""Checkpoints of the frontier search: each finished layer made durable in a directory, to resume a killed search.

The directory holds ``state.json`` (the search, the layers so far, which file holds each block and the checksum of
every file), one file per block changed since the previous checkpoint (``blocks/B-V.bin``, the row's bytes) and the
current layer's positions (``frontier-V.npz``). A checkpoint is written beside the previous one and takes over when
``state.json`` is replaced (an atomic rename, after every file it names is on disk); the files only the old one named
are then removed. A search killed at any moment therefore resumes from its last checkpoint and ends with the same
result.

What is written is checked when read back: each file has a BLAKE2b checksum in ``state.json``, which has its own, and
the record must agree with the blocks (the positions found so far are the layers' sum, the current layer holds the
last layer's count, at most every position is reached) and with itself (the first layer is the source alone, each
layer at most as large as the one before times the moves a position has). A checksum guards against damage, not
edits: what can be derived again cheaply is, so the layers of a search of up to :data:`REDERIVE_POSITIONS` positions
so far are those of the search run again from its source. A damaged, truncated or missing file, one edited by hand, or
a checkpoint written by a version of hanoikit whose position code differs (``state.json`` records the key of the
modules that lay out the table: :func:`hanoikit.cache.source_key`) raises :class:`~hanoikit.CheckpointError` naming
it, before anything is changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import zipfile
from collections.abc import Callable
from typing import IO, Any

import numpy as np

from .. import positions
from ..cache import read_regular, source_key
from ..errors import CheckpointError, InvalidPuzzleError
from . import layout as _layout
from .layout import Layout, position_count
from .lock import DirectoryLock

__all__ = ["REDERIVE_POSITIONS", "Checkpoint", "checksum", "holds_checkpoint"]

REDERIVE_POSITIONS = 1 << 22
"""The most positions a checkpoint's layers may count for them to be derived again on resuming (a search of that
size takes about a second)."""

_STATE = "state.json"
_FORMAT = 3  # 2: with checksums; 3: with the key of the position code
_CODE = (positions.__file__, _layout.__file__, __file__)
"""The modules whose code says what a checkpoint's bytes mean: the position code, the table's layout in blocks, the
files' format."""
_STATE_BYTES = 8192  # the most bytes of a state.json besides its blocks and layers (see _state_bytes)
_BLOCK_BYTES = 160  # the most bytes of a block's entries in state.json: its version and checksum
_BRACKETS = 64  # the most '[' and '{' of a state.json (it holds about 10): a deeper one is no checkpoint
_BLOCK = re.compile(r"(\d+)-(\d+)\.bin")
_FRONTIER = re.compile(r"frontier-(\d+)\.npz")

_LOW = np.uint64(0x5555555555555555)  # the low bit of every two-bit code of a word


def _counts(row: np.ndarray) -> tuple[int, int, int]:
    """How many codes of ``row`` (whole 64-bit words) are visited (not 0), and how many hold the values 2 and 3.

    >>> _counts(np.array([0b11_10_01_00, 0, 0, 0, 0, 0, 0, 0], dtype=np.uint8))
    (3, 1, 1)
    """
    words = row.view(np.uint64)
    high = (words >> np.uint64(1)) & _LOW
    low = words & _LOW
    threes = int(np.bitwise_count(high & low).sum())
    return int(np.bitwise_count(high | low).sum()), int(np.bitwise_count(high).sum()) - threes, threes


def checksum(data: bytes | memoryview) -> str:
    """The BLAKE2b checksum (16 bytes, in hex) of ``data``, as a checkpoint records it.

    >>> checksum(b"")
    'cae66941d9efbd404e4d88758ea67670'
    """
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def holds_checkpoint(directory: str) -> bool:
    """Whether ``directory`` holds a checkpoint: its ``state.json``, or files of one whose ``state.json`` is gone
    (which :meth:`Checkpoint.load` then refuses). The first checkpoint of a search alone, cut short before its
    ``state.json`` was written, is none: the search starts again."""
    if os.path.exists(os.path.join(directory, _STATE)):
        return True
    names = _listing(directory) + [f"blocks/{name}" for name in _listing(os.path.join(directory, "blocks"))]
    return any(_serial(name) > 1 for name in names)


def _listing(directory: str) -> list[str]:
    try:
        return os.listdir(directory)
    except OSError:
        return []


def _serial(name: str) -> int:
    """The checkpoint number in a checkpoint file's name (0 if it is none)."""
    found = _BLOCK.fullmatch(name.removeprefix("blocks/")) or _FRONTIER.fullmatch(name)
    return int(found[found.lastindex or 0]) if found else 0


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


def _file_checksum(path: str) -> str:
    """The :func:`checksum` of the file ``path``, read in parts (it was just written: from the page cache)."""
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as file:
        while part := file.read(1 << 20):
            digest.update(part)
    return digest.hexdigest()


def _sealed(record: dict[str, Any]) -> str:
    """The checksum of a ``state.json`` record (its fields but ``checksum``, in a canonical JSON)."""
    body = {key: value for key, value in record.items() if key != "checksum"}
    return checksum(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())


class Checkpoint:
    """The checkpoints of one search (``layout``, from code ``source``, to code ``target``) in ``directory``, which
    it locks (see :class:`~hanoikit.frontier.lock.DirectoryLock`) until :meth:`close`, or until it is collected:
    :class:`~hanoikit.CheckpointInUseError` if another search holds it."""

    def __init__(self, directory: str, layout: Layout, source: int, target: int) -> None:
        self.lock = DirectoryLock(directory)
        self.directory = directory
        self.layout = layout
        self.target = target
        self.search = {"puzzle": repr(layout.puzzle), "block_disks": layout.m, "source": source, "target": target}
        self.versions: dict[int, int] = {}
        self.sums: dict[int, str] = {}
        self.serial = 0
        self.frontier: str | None = None

    def close(self) -> None:
        """Unlock the directory."""
        self.lock.release()

    @property
    def exists(self) -> bool:
        """Whether the directory holds a checkpoint (see :func:`holds_checkpoint`)."""
        return holds_checkpoint(self.directory)

    def load(
        self, table: np.ndarray, layers_from: Callable[[int], list[int] | None] | None = None
    ) -> tuple[dict[str, Any], np.ndarray, np.ndarray]:
        """Fill ``table`` from the last checkpoint; return its state, the listed codes and the blocks to scan.
        ``layers_from(count)``, if given, is called while the layers count at most :data:`REDERIVE_POSITIONS`
        positions: the first ``count`` layers of the search run again (``None``: not derived), which the record's
        must equal.

        Raises :class:`~hanoikit.CheckpointError` naming the file if any file is missing, damaged or disagrees with
        the others or with itself (``table`` may then be partly filled), and :class:`~hanoikit.InvalidPuzzleError`
        if the checkpoint is of another search.
        """
        try:
            state, listed, dense = self._load(table)
            self._derived(state["layers"], layers_from)
            return state, listed, dense
        except BaseException:
            self.close()  # the search ends here: the directory is left as it was
            raise

    def _load(self, table: np.ndarray) -> tuple[dict[str, Any], np.ndarray, np.ndarray]:
        saved = self._record()
        if saved["code"] != _code_key():
            raise self._damaged(os.path.join(self.directory, _STATE), "was written by another version of hanoikit "
                                "(its position code differs)")
        if saved["search"] != self.search:
            raise InvalidPuzzleError(
                f"the checkpoint in {self.directory} is of another search ({saved['search']}), not {self.search}"
            )
        state = saved["state"]
        value = state["value"]
        sums = saved["checksums"]["blocks"]
        visited = current = other = 0
        in_block: dict[int, int] = {}
        for block, version in saved["versions"].items():
            row = self._read(self._block_path(block, version), sums[str(block)], self.layout.row_bytes)
            if len(row) != self.layout.row_bytes:
                raise self._damaged(self._block_path(block, version), "of another size than a block")
            table[block] = np.frombuffer(row, dtype=np.uint8)
            found, twos, threes = _counts(table[block])
            visited += found
            in_block[block] = twos if value == 2 else threes
            other += threes if value == 2 else twos
            current += in_block[block]
        listed, dense = self._layer(saved["frontier"], saved["checksums"]["frontier"], state["layers"][-1])
        self._agree(table, state, (visited, current, other), (listed, dense), in_block, saved["frontier"])
        self.serial = saved["serial"]
        self.versions = dict(saved["versions"])
        self.sums = {int(block): digest for block, digest in sums.items()}
        self.frontier = saved["frontier"]
        self._tidy()
        return state, listed, dense

    def _record(self) -> dict[str, Any]:
        """The ``state.json`` record, checked: its size and depth before it is parsed, then its checksum and the type
        of every field."""
        path = os.path.join(self.directory, _STATE)
        text = self._bytes(path, _state_bytes(self.layout))
        if text.count(b"[") + text.count(b"{") > _BRACKETS:
            raise self._damaged(path, "is nested too deep for a checkpoint")
        try:
            saved = json.loads(text)
        except ValueError:  # also a UnicodeDecodeError
            raise self._damaged(path, "is empty, truncated or not JSON" if text else "is empty") from None
        if not isinstance(saved, dict) or "checksum" not in saved:
            raise self._damaged(path, "has no checksum (written by an older hanoikit, or not a checkpoint)")
        if saved["checksum"] != _sealed(saved):
            raise self._damaged(path, "does not match its checksum")
        try:
            _check_record(saved, self.layout)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise self._damaged(path, f"is not a checkpoint of this format ({error})") from None
        saved["versions"] = {int(block): version for block, version in saved["versions"].items()}
        return saved

    def _bytes(self, path: str, limit: int) -> bytes:
        """The bytes of the regular file ``path``, at most ``limit`` (missing, unreadable, larger or no regular file:
        damaged)."""
        try:
            return read_regular(path, limit)
        except FileNotFoundError:
            raise self._damaged(path, "is missing") from None
        except OSError as error:
            raise self._damaged(path, f"cannot be read ({error.strerror or error})") from None

    def _read(self, path: str, expected: str, limit: int) -> bytes:
        """The bytes of the file ``path`` (at most ``limit``), whose checksum must be ``expected``."""
        data = self._bytes(path, limit)
        if checksum(data) != expected:
            raise self._damaged(path, "is empty" if not data else "does not match its checksum (damaged or truncated)")
        return data

    def _layer(self, name: str, expected: str, size: int) -> tuple[np.ndarray, np.ndarray]:
        """The current layer's listed codes and blocks to scan, from the file ``name`` (a layer of ``size``
        positions: at most that many codes, and every block, 8 bytes each)."""
        layout = self.layout
        path = os.path.join(self.directory, name)
        data = self._read(path, expected, 8 * (size + layout.blocks) + 4096)
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
                listed, dense = arrays["listed"], arrays["dense"]
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            raise self._damaged(path, f"is not a layer's positions ({error})") from None
        limit = layout.blocks * layout.block_codes
        for array, top in ((listed, limit), (dense, layout.blocks)):
            if array.dtype != np.int64 or array.ndim != 1 or (array.size and not 0 <= array.min() <= array.max() < top):
                raise self._damaged(path, "is not a layer's positions")
        return listed, dense

    def _agree(
        self,
        table: np.ndarray,
        state: dict[str, Any],
        counts: tuple[int, int, int],
        layer: tuple[np.ndarray, np.ndarray],
        in_block: dict[int, int],
        frontier: str,
    ) -> None:
        """Check that the record and the layer's list agree with the blocks (``counts``: the positions they hold,
        those with the current layer's value and those with the other value): the checks that cost nothing beside
        reading them."""
        path = os.path.join(self.directory, _STATE)
        (visited, current, other), (listed, dense) = counts, layer
        layers, value, distance = state["layers"], state["value"], state["distance"]
        states = position_count(self.layout.puzzle)
        if sum(layers) > states:
            raise self._damaged(path, f"counts {sum(layers):,} positions reached, more than the {states:,} there are")
        if other:
            raise self._damaged(path, f"gives the current layer the value {value}, the blocks hold the other value")
        if visited != sum(layers):
            raise self._damaged(path, f"counts {sum(layers):,} positions reached, the blocks hold {visited:,}")
        if current != layers[-1]:
            raise self._damaged(path, f"counts {layers[-1]:,} positions in the last layer, the blocks hold {current:,}")
        size = self.layout.block_codes
        blocks, local = listed // size, listed % size
        values = (table[blocks, local >> 2] >> ((local & 3) << 1).astype(np.uint8)) & 3
        scanned = sum(in_block.get(block, 0) for block in dense.tolist())
        if np.any(values != value) or np.unique(listed).size != listed.size or listed.size + scanned != layers[-1]:
            raise self._damaged(os.path.join(self.directory, frontier), "does not list the positions the blocks hold")
        if self.target >= 0:
            local_target = self.target % size
            found = (table[self.target // size, local_target >> 2] >> ((local_target & 3) << 1)) & 3
            last = len(layers) - 1
            if (distance is None) != (found == 0) or (distance is not None and (
                not 0 <= distance <= last or (distance == last) != (found == value)
            )):
                raise self._damaged(path, f"gives a distance to the target ({distance}) the blocks do not")

    def _derived(self, layers: list[int], layers_from: Callable[[int], list[int] | None] | None) -> None:
        """Check the layers against what can be derived: the source alone first, no layer but the last empty, none
        larger than the one before times the moves a position has, and the layers of the search run again."""
        path = os.path.join(self.directory, _STATE)
        moves = len(self.layout.puzzle.moves)
        if layers[0] != 1:
            raise self._damaged(path, f"counts {layers[0]:,} positions at distance 0, not the source alone")
        for depth in range(1, len(layers)):
            if layers[depth] > moves * layers[depth - 1] or (not layers[depth] and depth < len(layers) - 1):
                raise self._damaged(path, f"counts {layers[depth]:,} positions at distance {depth} after "
                                    f"{layers[depth - 1]:,}: no search finds that")
        derived = layers_from(len(layers)) if layers_from is not None and sum(layers) <= REDERIVE_POSITIONS else None
        if derived is not None and derived != layers:
            depth = next(d for d, (mine, found) in enumerate(zip(layers, derived)) if mine != found)
            raise self._damaged(path, f"counts {layers[depth]:,} positions at distance {depth}, the search run again "
                                f"finds {derived[depth]:,}")

    def _damaged(self, path: str, what: str) -> CheckpointError:
        return CheckpointError(f"checkpoint file {path} {what}: cannot resume from it", path=path)

    def _tidy(self) -> None:
        """Remove the files a checkpoint cut short left behind (those ``state.json`` does not name); one that cannot
        be removed (a directory that is not empty) is left, as harmless as before."""
        named = {f"{block}-{version}.bin" for block, version in self.versions.items()}
        for name in _listing(os.path.join(self.directory, "blocks")):
            if _BLOCK.fullmatch(name) and name not in named:
                _remove_stale(os.path.join(self.directory, "blocks", name))
        for name in _listing(self.directory):
            if _FRONTIER.fullmatch(name) and name != self.frontier:
                _remove_stale(os.path.join(self.directory, name))

    def save(
        self, table: np.ndarray, dirty: np.ndarray, state: dict[str, Any], listed: np.ndarray, dense: np.ndarray
    ) -> None:
        """Write the blocks flagged ``dirty`` (and clear the flags), the current layer and ``state``."""
        os.makedirs(os.path.join(self.directory, "blocks"), exist_ok=True)
        self.serial += 1
        old = dict(self.versions)
        for block in np.flatnonzero(dirty).tolist():
            row = np.ascontiguousarray(table[block])
            self.sums[block] = checksum(row.data)
            _durable(self._block_path(block, self.serial), "wb", row.tofile)
            self.versions[block] = self.serial
        dirty[:] = 0
        frontier = f"frontier-{self.serial}.npz"
        listed, dense = np.asarray(listed, dtype=np.int64), np.asarray(dense, dtype=np.int64)
        _durable(os.path.join(self.directory, frontier), "wb", lambda file: np.savez(file, listed=listed, dense=dense))
        saved: dict[str, Any] = {
            "format": _FORMAT,
            "code": _code_key(),
            "search": self.search,
            "serial": self.serial,
            "state": state,
            "frontier": frontier,
            "versions": {str(block): version for block, version in self.versions.items()},
            "checksums": {
                "frontier": _file_checksum(os.path.join(self.directory, frontier)),
                "blocks": {str(block): digest for block, digest in self.sums.items()},
            },
        }
        saved["checksum"] = _sealed(saved)
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


def _remove_stale(path: str) -> None:
    """Remove the stale file (or empty directory) ``path`` if it can be."""
    try:
        os.remove(path)
    except IsADirectoryError:
        with contextlib.suppress(OSError):
            os.rmdir(path)
    except OSError:
        pass


def _state_bytes(layout: Layout) -> int:
    """The most bytes of a ``state.json`` of a search with ``layout``: its fields, its blocks and its layers (each
    of at least one position but the last, ``", "`` and its digits: at most 3 bytes a position).

    >>> from hanoikit import Puzzle
    >>> _state_bytes(Layout(Puzzle(3)))
    8436
    """
    return int(_STATE_BYTES + _BLOCK_BYTES * layout.blocks + 3 * (position_count(layout.puzzle) + 1))


def _code_key() -> str:
    """The key of the code that gives a checkpoint's bytes their meaning (``unknown`` where it cannot be read); not
    of the Python version, which does not change them."""
    return source_key(*_CODE, python=False) or "unknown"


def _check_record(saved: dict[str, Any], layout: Layout) -> None:
    """Raise ``ValueError`` (or ``KeyError``, ``TypeError``) unless every field of ``saved`` has its type and
    range."""

    def integer(value: object, low: int, high: float = float("inf")) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{value!r} is not an integer from {low} to {high}")
        return value

    if saved["format"] != _FORMAT:
        raise ValueError(f"format {saved['format']!r}")
    if not isinstance(saved["code"], str):
        raise TypeError("code")
    serial = integer(saved["serial"], 1)
    state = saved["state"]
    integer(state["value"], 2, 3)
    layers = state["layers"]
    if not isinstance(layers, list) or not layers:
        raise ValueError("no layers")
    for size in layers:
        integer(size, 0)
    if state["distance"] is not None:
        integer(state["distance"], 0)
    if type(state["seconds"]) not in (int, float):
        raise TypeError("seconds")
    name = saved["frontier"]
    if not isinstance(name, str) or _FRONTIER.fullmatch(name) is None or _serial(name) != serial:
        raise ValueError(f"frontier file {name!r}")
    integer(len(saved["checksums"]["frontier"]), 32, 32)
    sums = saved["checksums"]["blocks"]
    versions = saved["versions"]
    if not isinstance(versions, dict) or not isinstance(sums, dict) or set(versions) != set(sums):
        raise ValueError("the blocks and their checksums differ")
    for block, version in versions.items():
        integer(int(block), 0, layout.blocks - 1)
        integer(version, 1, serial)
        integer(len(sums[block]), 32, 32)
