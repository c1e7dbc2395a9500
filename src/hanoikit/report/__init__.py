"""The reproduction report: every number, table and figure of the seeds next to what hanoikit computes.

Each seed's items come from its own module as :class:`Check` rows; :mod:`hanoikit.report.build` writes them out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Check"]


@dataclass(frozen=True)
class Check:
    """One published item beside hanoikit's computation.

    ``published`` and ``computed`` are shown as text; ``match`` says whether they agree; ``note`` explains a mismatch
    (or how the value was computed); ``figures`` are paths of pictures belonging to the item, relative to the report.
    """

    seed: str
    item: str
    published: str
    computed: str
    match: bool
    note: str = ""
    figures: tuple[str, ...] = field(default=())
