"""Score answers to a generated puzzle set: each answer checked by :func:`hanoikit.checker.check`, then summed up.

An answer is a JSON object with the ``id`` of its instance and the ``answer``: text in any form
:mod:`hanoikit.movelist` reads (a model's reply as it is), or a list of moves (``moves`` is taken too). An instance
without an answer counts as not solved (``missing``). The optimum of each instance is the set's own (``optimal``).

>>> from hanoikit.generate import generate
>>> instances = list(generate(2, seed=1, families=["classic"], disks=(2, 2)))
>>> answers = [{"id": "1-0", "answer": "1SI\\n2SD\\n1ID"}, {"id": "1-1", "answer": "1SD\\n2SD"}]
>>> result = score(instances, answers)
>>> result.summary["solved_rate"], result.summary["optimal_rate"], result.errors
(0.5, 0.5, {'larger': 1})
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .checker import check
from .errors import HanoiError, InvalidMoveError, quote
from .generate import instance_puzzle

__all__ = ["POSITION_BUCKETS", "Score", "plot", "score", "table"]

POSITION_BUCKETS = ("0-25%", "25-50%", "50-75%", "75-100%", ">100%")
"""Where the first error falls, as a share of the optimal length."""


@dataclass
class Score:
    """Per-answer results (``results``), the totals (``summary``), the totals by family (``families``), the kinds of
    first errors (``errors``) and where they fall (``positions``)."""

    results: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    families: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    positions: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The whole score as plain data, ready for JSON."""
        return {"summary": self.summary, "families": self.families, "errors": self.errors,
                "positions": self.positions, "results": self.results}


def _answer(item: Mapping[str, Any]) -> Any:  # whatever the answer file holds: check() reads it or refuses it
    for key in ("answer", "moves"):
        if key in item:
            return item[key]
    raise InvalidMoveError(f"an answer gives its 'id' and its 'answer', not {quote(dict(item))}")


def _totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    count = len(rows)
    solved = [r for r in rows if r["solved"]]
    excess = [r["excess"] for r in solved]
    return {
        "instances": count,
        "answered": sum(r["kind"] != "missing" for r in rows),
        "solved_rate": len(solved) / count if count else 0.0,
        "optimal_rate": sum(r["excess"] == 0 for r in solved) / count if count else 0.0,
        "mean_excess": statistics.fmean(excess) if excess else None,
        "mean_optimal": statistics.fmean(r["optimal"] for r in rows) if rows else None,
    }


def _bucket(first: int, optimal: int) -> str:
    share = (first - 1) / optimal
    return POSITION_BUCKETS[min(int(share * 4), 4)]


def score(instances: Iterable[Mapping[str, Any]], answers: Iterable[Mapping[str, Any]]) -> Score:
    """Check each answer against its instance (by ``id``) and sum the results up.

    Raises :class:`~hanoikit.InvalidMoveError` for an answer without an id or an answer, or given twice, and
    :class:`~hanoikit.InvalidPuzzleError` for an instance that does not name a puzzle.
    """
    given: dict[str, Any] = {}
    for item in answers:
        if not isinstance(item, Mapping) or "id" not in item:
            raise InvalidMoveError(f"an answer is an object with an 'id' and an 'answer', not {quote(item)}")
        key = str(item["id"])
        if key in given:
            raise InvalidMoveError(f"two answers to instance {quote(key)}")
        given[key] = _answer(item)
    rows = []
    for instance in instances:
        puzzle, src, dst = instance_puzzle(dict(instance))
        key = str(instance.get("id"))
        row: dict[str, Any] = {"id": key, "family": instance.get("family"), "n": puzzle.n,
                               "optimal": instance.get("optimal")}
        if key not in given:
            row.update(solved=False, excess=None, moves=0, first_illegal=None, kind="missing", reason=None)
        else:
            try:
                known = instance.get("optimal")
                known = known if isinstance(known, int) and not isinstance(known, bool) and known >= 0 else None
                report = check(puzzle, given.pop(key), src, dst, suboptimal=False, optimal=known)
            except HanoiError as error:
                row.update(solved=False, excess=None, moves=0, first_illegal=1, kind="unreadable", reason=str(error))
            else:
                row.update(solved=report.solved, excess=report.excess, moves=report.moves,
                           first_illegal=report.first_illegal, kind=report.kind, reason=report.reason)
                if report.optimal is not None:
                    row["optimal"] = report.optimal
        rows.append(row)
    if given:
        raise InvalidMoveError(f"answers to instances not in the set: {quote(sorted(given)[:5])}")
    result = Score(results=rows, summary=_totals(rows))
    for family in sorted({str(r["family"]) for r in rows}):
        result.families[family] = _totals([r for r in rows if str(r["family"]) == family])
    result.errors = dict(Counter(r["kind"] for r in rows if r["kind"] is not None).most_common())
    places = Counter(_bucket(r["first_illegal"], r["optimal"]) for r in rows if r["first_illegal"] and r["optimal"])
    result.positions = {bucket: places[bucket] for bucket in POSITION_BUCKETS}
    return result


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def table(result: Score) -> str:
    """The summary as a plain-text table: one row per family and a total, then the first errors.

    >>> from hanoikit.generate import generate
    >>> print(table(score(generate(1, seed=1, disks=(2, 2)), [{"id": "1-0", "answer": "1SI 2SD 1ID"}])))
    family      instances  answered  solved  optimal  mean excess  mean optimum
    classic             1         1  100.0%   100.0%          0.0           3.0
    all                 1         1  100.0%   100.0%          0.0           3.0
    <BLANKLINE>
    first errors: none
    """
    head = f"{'family':<10} {'instances':>10} {'answered':>9} {'solved':>7} {'optimal':>8} {'mean excess':>12} " \
           f"{'mean optimum':>13}"
    lines = [head]
    for name, totals in [*result.families.items(), ("all", result.summary)]:
        excess = "-" if totals["mean_excess"] is None else f"{totals['mean_excess']:.1f}"
        optimum = "-" if totals["mean_optimal"] is None else f"{totals['mean_optimal']:.1f}"
        lines.append(f"{name:<10} {totals['instances']:>10} {totals['answered']:>9} "
                     f"{_percent(totals['solved_rate']):>7} {_percent(totals['optimal_rate']):>8} {excess:>12} "
                     f"{optimum:>13}")
    lines.append("")
    if result.errors:
        lines.append("first errors: " + ", ".join(f"{kind} {count}" for kind, count in result.errors.items()))
        lines.append("first illegal move, as a share of the optimum: " +
                     ", ".join(f"{bucket} {count}" for bucket, count in result.positions.items()))
    else:
        lines.append("first errors: none")
    return "\n".join(lines)


def plot(result: Score, path: str) -> None:
    """Save a plot of the solved and optimal rates against difficulty (the optimal length, in powers of two) to
    ``path``, in the format its extension names (png, svg, pdf)."""
    from matplotlib.figure import Figure

    from .draw.files import save_figure

    bins: dict[int, list[dict[str, Any]]] = {}
    for row in result.results:
        if row["optimal"]:
            bins.setdefault(int(row["optimal"]).bit_length() - 1, []).append(row)
    keys = sorted(bins)
    x = [2**key for key in keys]
    solved = [sum(r["solved"] for r in bins[key]) / len(bins[key]) for key in keys]
    optimal = [sum(r["solved"] and r["excess"] == 0 for r in bins[key]) / len(bins[key]) for key in keys]
    figure = Figure(figsize=(7, 4.2), dpi=120)
    axes = figure.subplots()
    axes.plot(x, solved, "o-", label="solved", color="#1f77b4")
    axes.plot(x, optimal, "s--", label="solved optimally", color="#d62728")
    for xi, key, yi in zip(x, keys, solved):
        axes.annotate(f"{len(bins[key])}", (xi, yi), textcoords="offset points", xytext=(0, 7), ha="center",
                      fontsize=7, color="#555555")
    axes.set_xscale("log", base=2)
    axes.set_ylim(-0.03, 1.08)
    axes.set_xlabel("difficulty: optimal number of moves (bins of [2^k, 2^(k+1)); labels: instances per bin)")
    axes.set_ylabel("share of instances")
    axes.set_title(f"Success against difficulty ({len(result.results)} instances)")
    axes.grid(True, alpha=0.3)
    axes.legend(loc="best")
    figure.tight_layout()
    save_figure(figure, path)
