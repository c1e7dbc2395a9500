"""Score answers to a puzzle set: each answer checked by :func:`hanoikit.checker.check`, then summed up with 95 %
confidence intervals, in total, by family and by number of disks.

The set is what :func:`hanoikit.generate.generate` writes, or a reasoning-gym ``tower_of_hanoi`` dataset (its entries
with their ``metadata``, read by :func:`hanoikit.integrations.reasoning_gym.instance_from_entry`). An answer is a JSON
object with the ``answer``: a model's reply as it is (text: the last move list in it is read, see
:mod:`hanoikit.movelist`), or a list of moves (``moves`` is taken too). Answers are paired with instances by ``id``
when the set has ids, else by line order. Each result has a ``kind``: ``None`` (solved), ``"unfinished"``, the kind
of the first illegal move (:func:`~hanoikit.checker.error_kind`), ``"unreadable"`` (no move list could be read, or an
answer that is a number, a boolean or an object), ``"no_answer"`` (a blank reply or ``null``) or ``"missing"`` (no
answer given for the instance). The optimum of each instance is the set's own (``optimal``) or computed.

>>> from hanoikit.generate import generate
>>> instances = list(generate(2, seed=1, families=["classic"], disks=(2, 2)))
>>> answers = [{"id": "1-0", "answer": "Sure:\\n1SI\\n2SD\\n1ID"}, {"id": "1-1", "answer": "1SD\\n2SD"}]
>>> result = score(instances, answers)
>>> result.summary["solved_rate"], result.summary["solved_interval"], result.errors
(0.5, (0.0945, 0.9055), {'larger': 1})
"""

from __future__ import annotations

import math
import numbers
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from .checker import STYLE_FORMATS, check
from .errors import HanoiError, InvalidArgumentError, InvalidMoveError, quote
from .generate import instance_puzzle
from .limits import MAX_SEARCH_POSITIONS
from .move import as_int
from .movelist import Names
from .puzzle import Puzzle
from .state import State

__all__ = ["KINDS", "POSITION_BUCKETS", "Score", "instances_of", "plot", "score", "table", "wilson"]

POSITION_BUCKETS = ("0-25%", "25-50%", "50-75%", "75-100%", ">100%")
"""Where the first error falls, as a share of the optimal length."""

KINDS = ("unfinished", "unreadable", "ambiguous", "no_answer", "missing")
"""The kinds of results besides the kinds of illegal moves (``None`` is solved)."""

_Z = 1.959963984540054  # the 97.5 % quantile of the normal distribution: 95 % intervals


def wilson(successes: int, trials: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``successes`` in ``trials`` (95 % by default), rounded to 4 places;
    ``(0.0, 1.0)`` for no trials.

    >>> wilson(0, 10), wilson(5, 10), wilson(10, 10)
    ((0.0, 0.2775), (0.2366, 0.7634), (0.7225, 1.0))
    >>> wilson(5, 3)
    Traceback (most recent call last):
    hanoikit.errors.InvalidArgumentError: the successes are a whole number from 0 to the 3 trials, not 5
    """
    count = as_int(trials)
    if count is None or count < 0:
        raise InvalidArgumentError(f"the number of trials is a whole number of at least 0, not {quote(trials)}")
    trials = count
    hits = as_int(successes)
    if hits is None or not 0 <= hits <= trials:
        raise InvalidArgumentError(
            f"the successes are a whole number from 0 to the {trials} trials, not {quote(successes)}"
        )
    if isinstance(z, bool) or not isinstance(z, numbers.Real) or not math.isfinite(z) or z <= 0:
        raise InvalidArgumentError(f"z is a positive finite number, not {quote(z)}")
    successes = hits
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    square = z * z / trials
    centre = (p + square / 2) / (1 + square)
    half = z * math.sqrt(p * (1 - p) / trials + square / (4 * trials)) / (1 + square)
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


@dataclass
class Score:
    """Per-answer results (``results``), the totals (``summary``), the totals by family (``families``) and by
    number of disks (``disks``), the kinds of first errors (``errors``) and where they fall (``positions``)."""

    results: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    families: dict[str, dict[str, Any]] = field(default_factory=dict)
    disks: dict[int, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    positions: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON-ready values (intervals as pairs, the keys of ``disks`` as text)."""
        return {"summary": self.summary, "families": self.families, "disks": {str(n): t for n, t in self.disks.items()},
                "errors": self.errors, "positions": self.positions, "results": self.results}


def _totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    count = len(rows)
    solved = [r for r in rows if r["solved"]]
    optimal = sum(r["excess"] == 0 for r in solved)
    excess = [r["excess"] for r in solved if r["excess"] is not None]
    optima = [r["optimal"] for r in rows if r["optimal"] is not None]
    return {
        "instances": count,
        "answered": sum(r["kind"] not in ("missing", "no_answer") for r in rows),
        "no_answer": sum(r["kind"] == "no_answer" for r in rows),
        "solved": len(solved),
        "optimal": optimal,
        "solved_rate": len(solved) / count if count else 0.0,
        "solved_interval": wilson(len(solved), count),
        "optimal_rate": optimal / count if count else 0.0,
        "optimal_interval": wilson(optimal, count),
        "ambiguous": sum(r["kind"] == "ambiguous" for r in rows),
        **_format_totals(rows),
        "mean_excess": statistics.fmean(excess) if excess else None,
        "mean_optimal": statistics.fmean(optima) if optima else None,
    }


def _style(instance: Mapping[str, Any]) -> str | None:
    """The prompt style of ``instance`` when it is one whose format :func:`~hanoikit.checker.format_ok` knows."""
    style = instance.get("style")
    return style if isinstance(style, str) and style in STYLE_FORMATS else None


def _format_totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How many answers were written exactly in their prompt's format, among those whose format is known."""
    known = [r["format_ok"] for r in rows if r.get("format_ok") is not None]
    exact = sum(known)
    return {"format_checked": len(known), "format_ok": exact,
            "format_ok_rate": exact / len(known) if known else 0.0, "format_ok_interval": wilson(exact, len(known))}


def _bucket(first: int, optimal: int) -> str:
    share = (first - 1) / optimal
    return POSITION_BUCKETS[min(int(share * 4), 4)]


def instances_of(items: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The instances of a set: hanoikit's as they are, reasoning-gym's ``tower_of_hanoi`` entries converted
    (:func:`~hanoikit.integrations.reasoning_gym.instance_from_entry`)."""
    from .integrations.reasoning_gym import instance_from_entry, is_entry

    return [instance_from_entry(item) if is_entry(item) else dict(item) for item in items]


def _pairs(instances: list[dict[str, Any]], answers: Iterable[object]) -> list[tuple[bool, object]]:
    """The answer of each instance, ``(False, None)`` when none was given: by id when the set has ids, else by
    line order."""
    listed = list(answers)
    for item in listed:
        if not isinstance(item, Mapping) or not ("answer" in item or "moves" in item or "id" in item):
            raise InvalidMoveError(f"an answer is an object with an 'id' and an 'answer', not {quote(item)}")
    if instances and all("id" in i and i["id"] is not None for i in instances):
        given: dict[str, object] = {}
        for item in listed:
            assert isinstance(item, Mapping)
            if "id" not in item:
                raise InvalidMoveError(f"the set has ids: an answer gives its 'id' and its 'answer', not {quote(item)}")
            key = str(item["id"])
            if key in given:
                raise InvalidMoveError(f"two answers to instance {quote(key)}")
            given[key] = _answer(item)
        pairs = [(str(i["id"]) in given, given.pop(str(i["id"]), None)) for i in instances]
        if given:
            raise InvalidMoveError(f"answers to instances not in the set: {quote(sorted(given)[:5])}")
        return pairs
    if len(listed) > len(instances):
        raise InvalidMoveError(f"{len(listed)} answers to a set of {len(instances)} instances (paired by line order)")
    return [(True, _answer(item)) for item in listed if isinstance(item, Mapping)] + [(False, None)] * (
        len(instances) - len(listed))


def _answer(item: Mapping[str, Any]) -> object:
    for key in ("answer", "moves"):
        if key in item:
            return item[key]
    raise InvalidMoveError(f"an answer gives its 'answer' (or 'moves'), not {quote(dict(item))}")


def score(instances: Iterable[Mapping[str, Any]], answers: Iterable[Mapping[str, Any]], *, names: Names = None,
          strict: bool = False, remaining: bool = True) -> Score:
    """Check each answer against its instance and sum the results up.

    ``names`` (default: each instance's own ``names``, else hanoikit's letters and numbers) names the posts of the
    answers; with ``strict`` an answer must be a bare move list. With ``remaining``, each unfinished or illegal answer
    gets the distance from the position it reached to the goal (``remaining``, by the registry's solvers: on four
    posts and more the heuristic search above the exhaustive search's tables, a few milliseconds a query at 10 disks
    once its tables are built; ``None`` where no solver answers it within its caps, or only the exhaustive search
    beyond its tables would: see :func:`hanoikit.solvers.exhaustive.distance`).

    Raises :class:`~hanoikit.InvalidMoveError` for an answer that is not an object with an answer, given twice or to
    an instance not in the set, and :class:`~hanoikit.InvalidPuzzleError` for an instance that names no puzzle.
    """
    listed = instances_of(instances)
    rows = []
    for instance, (given, answer) in zip(listed, _pairs(listed, answers)):
        puzzle, src, dst = instance_puzzle(instance)
        known = instance.get("optimal")
        known = known if isinstance(known, int) and not isinstance(known, bool) and known >= 0 else None
        row: dict[str, Any] = {"id": instance.get("id"), "family": instance.get("family"), "n": puzzle.n,
                               "posts": puzzle.posts, "optimal": known, "solved": False, "excess": None, "moves": 0,
                               "first_illegal": None, "kind": "missing", "reason": None, "remaining": None,
                               "extracted_from": None, "format_ok": None, "warnings": [],
                               "answer_chars": len(answer) if isinstance(answer, str) else None}
        if given and not (answer is None or isinstance(answer, (str, list))):
            row.update(kind="unreadable", reason=f"an answer is text or a list of moves, not {quote(answer)}")
        elif given:
            try:
                text = cast("str | list[object] | None", answer)
                report = check(puzzle, text, src, dst, names=names or instance.get("names"), strict=strict,
                               suboptimal=False, optimal=known, style=_style(instance))
            except HanoiError as error:
                row.update(kind="unreadable", reason=str(error))
            else:
                row.update(solved=report.solved, excess=report.excess, moves=report.moves,
                           first_illegal=report.first_illegal, kind=report.kind, reason=report.reason,
                           extracted_from=report.extracted_from, optimal=report.optimal,
                           format_ok=report.format_ok, warnings=list(report.warnings))
                if remaining and report.answered and not report.solved and report.optimal is not None and (
                        report.kind != "ambiguous"):
                    row["remaining"] = _remaining(puzzle, report.final, dst)
        rows.append(row)
    result = Score(results=rows, summary=_totals(rows))
    for family in sorted({str(r["family"]) for r in rows}):
        result.families[family] = _totals([r for r in rows if str(r["family"]) == family])
    for n in sorted({r["n"] for r in rows}):
        result.disks[n] = _totals([r for r in rows if r["n"] == n])
    result.errors = dict(Counter(r["kind"] for r in rows if r["kind"] is not None).most_common())
    places = Counter(_bucket(r["first_illegal"], r["optimal"]) for r in rows if r["first_illegal"] and r["optimal"])
    result.positions = {bucket: places[bucket] for bucket in POSITION_BUCKETS}
    return result


def _remaining(puzzle: Puzzle, final: str, goal: State) -> int | None:
    """The distance from ``final`` to ``goal``, unless only the exhaustive search beyond its table size (the
    frontier search, seconds a query) would answer it."""
    from .solvers.exhaustive import position_bound
    from .solvers.registry import EXHAUSTIVE

    try:
        state = puzzle.parse(final)
        if puzzle.solver(state, goal) is EXHAUSTIVE and position_bound(puzzle) > MAX_SEARCH_POSITIONS:
            return None
        return puzzle.distance(state, goal)
    except HanoiError:
        return None


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _rate(totals: dict[str, Any], what: str) -> str:
    if not totals["instances"]:
        return "-"  # no rate of nothing (the JSON keeps 0.0 and the interval [0, 1])
    low, high = totals[f"{what}_interval"]
    return f"{_percent(totals[f'{what}_rate'])} [{100 * low:.1f}, {100 * high:.1f}]"


def table(result: Score) -> str:
    """The summary as a plain-text table: one row per family and a total, one row per number of disks, then the
    first errors. Rates come with their 95 % Wilson intervals in brackets.

    >>> from hanoikit.generate import generate
    >>> print(table(score(generate(1, seed=1, disks=(2, 2)), [{"id": "1-0", "answer": "1SI 2SD 1ID"}])))
    family    instances  answered  no answer  solved [95% interval]  optimal [95% interval]  mean excess  mean optimum
    classic           1         1          0   100.0% [20.6, 100.0]    100.0% [20.6, 100.0]          0.0           3.0
    all               1         1          0   100.0% [20.6, 100.0]    100.0% [20.6, 100.0]          0.0           3.0
    <BLANKLINE>
    disks     instances  answered  no answer  solved [95% interval]  optimal [95% interval]  mean excess  mean optimum
    2                 1         1          0   100.0% [20.6, 100.0]    100.0% [20.6, 100.0]          0.0           3.0
    <BLANKLINE>
    first errors: none
    """
    def head(first: str) -> str:
        return (f"{first:<9} {'instances':>9} {'answered':>9} {'no answer':>10} {'solved [95% interval]':>22} "
                f"{'optimal [95% interval]':>23} {'mean excess':>12} {'mean optimum':>13}")

    def row(name: str, totals: dict[str, Any]) -> str:
        excess = "-" if totals["mean_excess"] is None else f"{totals['mean_excess']:.1f}"
        optimum = "-" if totals["mean_optimal"] is None else f"{totals['mean_optimal']:.1f}"
        return (f"{name:<9} {totals['instances']:>9} {totals['answered']:>9} {totals['no_answer']:>10} "
                f"{_rate(totals, 'solved'):>22} {_rate(totals, 'optimal'):>23} {excess:>12} {optimum:>13}")

    lines = [head("family"), *(row(name, t) for name, t in [*result.families.items(), ("all", result.summary)])]
    lines += ["", head("disks"), *(row(str(n), t) for n, t in result.disks.items()), ""]
    if result.errors:
        lines.append("first errors: " + ", ".join(f"{kind} {count}" for kind, count in result.errors.items()))
        lines.append("first illegal move, as a share of the optimum: " +
                     ", ".join(f"{bucket} {count}" for bucket, count in result.positions.items()))
    else:
        lines.append("first errors: none")
    return "\n".join(lines)


PLOT_FORMATS = ("png", "svg", "pdf")
"""The file formats of :func:`plot`, by extension."""


def plot(result: Score, path: str) -> None:
    """Save a plot of the solved and optimal rates against the number of disks, one curve per family with its 95 %
    Wilson interval shaded, to ``path`` in the format its extension names (png, svg, pdf)."""
    from matplotlib.figure import Figure

    from .draw.files import save_figure

    figure = Figure(figsize=(10, 4.2), dpi=120)
    axes = figure.subplots(1, 2, sharey=True)
    families = sorted({str(r["family"]) for r in result.results})
    colours = [f"C{i % 10}" for i in range(len(families))]
    for side, what, title in ((axes[0], "solved", "solved"), (axes[1], "optimal", "solved optimally")):
        for family, colour in zip(families, colours):
            rows = [r for r in result.results if str(r["family"]) == family]
            sizes = sorted({r["n"] for r in rows})
            totals = [_totals([r for r in rows if r["n"] == n]) for n in sizes]
            rate = [t[f"{what}_rate"] for t in totals]
            low = [t[f"{what}_interval"][0] for t in totals]
            high = [t[f"{what}_interval"][1] for t in totals]
            side.plot(sizes, rate, "o-", color=colour, label=f"{family} ({len(rows)})", markersize=4)
            side.fill_between(sizes, low, high, color=colour, alpha=0.18, linewidth=0)
        side.set_title(f"{title} (95% Wilson intervals shaded)", fontsize=10)
        side.set_xlabel("disks")
        side.set_ylim(-0.03, 1.03)
        side.grid(True, alpha=0.3)
    axes[0].set_ylabel("share of instances")
    axes[0].legend(loc="best", fontsize=8, title="family (instances)", title_fontsize=8)
    figure.suptitle(f"Success by number of disks ({len(result.results)} instances)")
    figure.tight_layout()
    save_figure(figure, path)
