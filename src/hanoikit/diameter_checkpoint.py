"""Checkpoints of :func:`hanoikit.search.diameter`: the bounds on every class's eccentricity, saved after the searches
(:class:`hanoikit.eccentricity.Bounds`), so that a run stopped on the way resumes where it was.

A checkpoint is one file per member, engine and version of the code, named by a digest of them, in the directory
given (by default ``diameter`` under the cache directory, :func:`hanoikit.cache.cache_dir`). It is written whole (a
temporary file renamed over it) with a BLAKE2b checksum over what it is and what it holds
(:func:`hanoikit.cache.seal`), and read back only from a regular file of at most the bytes its bounds take: a
damaged or foreign file is refused and the run starts afresh. The file is removed when the run ends.

>>> import tempfile
>>> from hanoikit import Puzzle
>>> from hanoikit.eccentricity import Bounds
>>> with tempfile.TemporaryDirectory() as tmp:
...     saved = Checkpoint.at(Puzzle(3, posts=4), tmp, "codes", 2, every=0)
...     bounds = Bounds(2)
...     bounds.sources.append(0)
...     saved.save(bounds)
...     again = saved.load()
...     saved.remove()
...     gone = saved.load()
>>> again.sources, gone
([0], None)
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import time
from pathlib import Path

from . import cache
from .eccentricity import Bounds
from .errors import InvalidArgumentError
from .puzzle import Puzzle

__all__ = ["CHECKPOINT_CODES", "Checkpoint"]

CHECKPOINT_CODES = 1 << 20
"""From this many codes on (4 posts n >= 10, magnetic on 4 posts n >= 8), :func:`hanoikit.search.diameter`
checkpoints unless told not to: runs of minutes."""

_SOURCES = ("eccentricity.py", "automorphisms.py", "positions.py", "component.py", "diameter_checkpoint.py")


class Checkpoint:
    """The checkpoint file of one diameter run (see the module docstring); ``every``: the fewest seconds between two
    saves (the first search is saved at once)."""

    def __init__(self, path: Path, identity: str, orbits: int, every: float) -> None:
        self.path = path
        self.identity = identity
        self.orbits = orbits
        self.every = every
        self.last = float("-inf")

    @classmethod
    def at(cls, puzzle: Puzzle, directory: str | Path, engine: str, orbits: int, every: float = 5.0) -> Checkpoint:
        """The checkpoint of ``puzzle``'s run by ``engine`` on ``orbits`` classes, in ``directory``."""
        here = Path(__file__).parent
        key = cache.source_key(*(str(here / name) for name in _SOURCES)) or "unversioned"
        identity = f"diameter {puzzle!r} {engine} {orbits} {key}"
        name = hashlib.blake2b(identity.encode(), digest_size=12).hexdigest()
        return cls(Path(directory) / f"diameter-{name}.checkpoint", identity, orbits, every)

    @property
    def limit(self) -> int:
        """The most bytes the file can hold: the bounds, a flag and at most a source per class."""
        return 32 * self.orbits + 4096

    def load(self) -> Bounds | None:
        """The bounds saved, ``None`` if there are none (or the file is not a checkpoint of this run, or damaged)."""
        try:
            body = cache.unseal(cache.read_regular(self.path, self.limit), self.identity)
        except OSError:
            return None
        if body is None:
            return None
        try:
            return Bounds.from_dict(marshal.loads(body), self.orbits)
        except (ValueError, EOFError, TypeError, InvalidArgumentError):
            return None

    def save(self, bounds: Bounds) -> None:
        """Save ``bounds`` if :attr:`every` seconds passed since the last save (a failure to write is ignored)."""
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        temporary = self.path.with_name(f".{self.path.name}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(cache.seal(self.identity, marshal.dumps(bounds.as_dict())))
            temporary.replace(self.path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    def remove(self) -> None:
        """Remove the file (the run ended)."""
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
