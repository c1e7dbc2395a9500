"""Score answers to a puzzle set: each answer checked by :func:`hanoikit.checker.check`, then summed up with 95 %
confidence intervals, in total, by family and by family and number of disks; several models side by side.

The set is what :func:`hanoikit.generate.generate` writes, or a reasoning-gym ``tower_of_hanoi`` dataset (its entries
with their ``metadata``, read by :func:`hanoikit.integrations.reasoning_gym.instance_from_entry`). An answer is a JSON
object with the ``answer``: a model's reply as it is (text: the last move list in it is read, see
:mod:`hanoikit.movelist`), or a list of moves (``moves`` is taken too). Answers are paired with instances by ``id``
(or reasoning-gym's ``metadata.source_index``: :data:`PAIRINGS`) when both carry it, else by line order. Each result
has a ``kind``: ``None`` (solved), ``"unfinished"``, the kind of the first illegal move
(:func:`~hanoikit.checker.error_kind`), ``"unreadable"`` (no move list could be read, or an answer that is a number, a
boolean or an object), ``"no_answer"`` (a blank reply or ``null``) or ``"missing"`` (no answer given for the
instance). The optimum of each instance is the set's own (``optimal``) or computed.

Answers are read one at a time and only each one's result is kept, so the memory does not grow with the replies.

>>> from hanoikit.generate import generate
>>> instances = list(generate(2, seed=1, families=["classic"], disks=(2, 2)))
>>> answers = [{"id": "1-0", "answer": "Sure:\\n1SI\\n2SD\\n1ID"}, {"id": "1-1", "answer": "1SD\\n2SD"}]
>>> result = score(instances, answers)
>>> result.summary["solved_rate"], result.summary["solved_interval"], result.errors, result.paired_by
(0.5, (0.0945, 0.9055), {'larger': 1}, 'id')
"""

from __future__ import annotations

import functools
import math
import numbers
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
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

__all__ = ["KINDS", "PAIRINGS", "POSITION_BUCKETS", "ROW_FIELDS", "SUMMARY_KEYS", "Score", "instances_of", "plot",
           "score", "table", "wilson"]

POSITION_BUCKETS = ("0-25%", "25-50%", "50-75%", "75-100%", ">100%")
"""Where the first error falls, as a share of the optimal length."""

KINDS = ("unfinished", "unreadable", "ambiguous", "no_answer", "missing")
"""The kinds of results besides the kinds of illegal moves (``None`` is solved)."""

PAIRINGS = ("id", "source_index", "line order")
"""How answers were paired with instances (:attr:`Score.paired_by`): by the ``id`` both carry, by reasoning-gym's
``metadata.source_index`` (an answer's ``id`` or its own ``metadata.source_index``), or by line order when the set
has neither or the answers carry no key."""

ROW_FIELDS = ("id", "family", "n", "posts", "optimal", "solved", "excess", "moves", "first_illegal", "kind", "reason",
              "remaining", "extracted_from", "format_ok", "warnings", "reply_chars")
"""The fields of a result row (:attr:`Score.results`), documented in the evaluation tutorial."""

SUMMARY_KEYS = ("instances", "answered", "no_answer", "solved", "optimal", "solved_rate", "solved_interval",
                "optimal_rate", "optimal_interval", "ambiguous", "format_checked", "format_ok", "format_ok_rate",
                "format_ok_interval", "mean_excess", "mean_optimal")
"""The keys of a summary (:attr:`Score.summary`, and each total by family and by family and disks)."""

_INSTANCE_KEYS = ("id", "source_index", "family", "n", "posts", "moves", "colors", "start", "goal", "optimal", "names",
                  "style")
"""What scoring keeps of an instance (not its prompt, link or solution)."""

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
    family and number of disks (``disks``: family, then n), the kinds of first errors (``errors``) and where they
    fall (``positions``); how answers were paired (``paired_by``, one of :data:`PAIRINGS`) and the model's name
    (``label``, when several are compared)."""

    results: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    families: dict[str, dict[str, Any]] = field(default_factory=dict)
    disks: dict[str, dict[int, dict[str, Any]]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    positions: dict[str, int] = field(default_factory=dict)
    paired_by: str = "id"
    label: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON-ready values (intervals as pairs, the numbers of disks as text)."""
        disks = {family: {str(n): t for n, t in sizes.items()} for family, sizes in self.disks.items()}
        return {**({} if self.label is None else {"label": self.label}), "paired_by": self.paired_by,
                "summary": self.summary, "families": self.families, "disks": disks, "errors": self.errors,
                "positions": self.positions, "results": self.results}


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


def instances_of(items: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """The instances of a set, one at a time: hanoikit's as they are, reasoning-gym's ``tower_of_hanoi`` entries
    converted (:func:`~hanoikit.integrations.reasoning_gym.instance_from_entry`)."""
    from .integrations.reasoning_gym import instance_from_entry, is_entry

    for item in items:
        yield instance_from_entry(item) if is_entry(item) else dict(item)


def _key(value: object) -> str | None:
    return None if value is None or isinstance(value, bool) else str(value)


class _Pairing:
    """Which instance each answer, as it comes, answers: by ``id``, by reasoning-gym's ``source_index``, or by line
    order (:data:`PAIRINGS`), decided by the set and the first answer."""

    def __init__(self, instances: list[dict[str, Any]]) -> None:
        self.count = len(instances)
        self.ids = self._index(instances, "id")
        self.sources = self._index(instances, "source_index")
        self.by: str | None = None
        self.seen = 0
        self.done: set[int] = set()

    def _index(self, instances: list[dict[str, Any]], key: str) -> dict[str, int] | None:
        keys = [_key(i.get(key)) for i in instances]
        if not keys or None in keys:
            return None
        index = {k: n for n, k in enumerate(cast("list[str]", keys))}
        return index if len(index) == len(keys) else None

    def _keyed(self, item: Mapping[str, Any]) -> tuple[str | None, str | None]:
        """The answer's ``id`` and its ``metadata.source_index``."""
        metadata = item.get("metadata")
        source = metadata.get("source_index") if isinstance(metadata, Mapping) else None
        return _key(item.get("id")), _key(source)

    def place(self, item: object) -> int:
        """The index of the instance ``item`` answers."""
        if not isinstance(item, Mapping) or not ("answer" in item or "moves" in item or "id" in item):
            raise InvalidMoveError(f"an answer is an object with an 'id' and an 'answer', not {quote(item)}")
        answer_id, source = self._keyed(item)
        if self.by is None:
            if self.ids is not None and answer_id is not None:
                self.by = "id"
            elif self.sources is not None and (answer_id is not None or source is not None):
                self.by = "source_index"
            else:  # a set with ids takes answers with ids only
                self.by = "id" if self.ids is not None else "line order"
        self.seen += 1
        if self.by == "line order":
            if self.seen > self.count:
                raise InvalidMoveError(f"{self.seen} answers (or more) to a set of {self.count} instances, paired "
                                       "by line order")
            return self.seen - 1
        if self.by == "id":
            index, key = self.ids, answer_id
            if key is None:
                raise InvalidMoveError(f"the set has ids: an answer gives its 'id' and its 'answer', not {quote(item)}")
        else:
            index, key = self.sources, answer_id if answer_id is not None else source
            if key is None:
                raise InvalidMoveError("the set is paired by reasoning-gym's source_index: an answer gives its 'id' "
                                       f"or its metadata's 'source_index', not {quote(item)}")
        assert index is not None
        found = index.get(key)
        if found is None:
            raise InvalidMoveError(f"an answer to instance {quote(key)}, which is not in the set")
        if found in self.done:
            raise InvalidMoveError(f"two answers to instance {quote(key)}")
        self.done.add(found)
        return found


def _answer(item: Mapping[str, Any]) -> object:
    for key in ("answer", "moves"):
        if key in item:
            return item[key]
    raise InvalidMoveError(f"an answer gives its 'answer' (or 'moves'), not {quote(dict(item))}")


def score(instances: Iterable[Mapping[str, Any]], answers: Iterable[Mapping[str, Any]], *, names: Names = None,
          strict: bool = False, remaining: bool = True, label: str | None = None) -> Score:
    """Check each answer against its instance and sum the results up.

    ``names`` (default: each instance's own ``names``, else hanoikit's letters and numbers) names the posts of the
    answers; with ``strict`` an answer must be a bare move list. With ``remaining``, each unfinished or illegal answer
    gets the distance from the position it reached to the goal (``remaining``, by the registry's solvers: on four
    posts and more the heuristic search above the exhaustive search's tables, a few milliseconds a query at 10 disks
    once its tables are built; ``None`` where no solver answers it within its caps, or only the exhaustive search
    beyond its tables would: see :func:`hanoikit.solvers.exhaustive.distance`). ``answers`` are read one at a time
    (a generator keeps the memory flat); ``label`` names the model in tables and plots of several.

    Raises :class:`~hanoikit.InvalidMoveError` for an answer that is not an object with an answer, given twice or to
    an instance not in the set, and :class:`~hanoikit.InvalidPuzzleError` for an instance that names no puzzle.
    """
    listed = [{key: item[key] for key in _INSTANCE_KEYS if key in item} for item in instances_of(instances)]
    pairing = _Pairing(listed)
    rows: list[dict[str, Any] | None] = [None] * len(listed)
    for item in answers:
        index = pairing.place(item)
        rows[index] = _row(listed[index], True, _answer(item), names, strict, remaining)
    done = [row or _row(instance, False, None, names, strict, remaining) for instance, row in zip(listed, rows)]
    return _summed(done, pairing.by or ("id" if pairing.ids is not None else "line order"), label)


def _row(instance: dict[str, Any], given: bool, answer: object, names: Names, strict: bool,
         remaining: bool) -> dict[str, Any]:
    """The result of one answer (``given``: whether there was one) to ``instance``: :data:`ROW_FIELDS`."""
    puzzle, src, dst = _puzzle_of(instance)
    known = instance.get("optimal")
    known = known if isinstance(known, int) and not isinstance(known, bool) and known >= 0 else None
    key = instance.get("id") if instance.get("id") is not None else instance.get("source_index")
    row: dict[str, Any] = {"id": key, "family": instance.get("family"), "n": puzzle.n,
                           "posts": puzzle.posts, "optimal": known, "solved": False, "excess": None, "moves": 0,
                           "first_illegal": None, "kind": "missing", "reason": None, "remaining": None,
                           "extracted_from": None, "format_ok": None, "warnings": [],
                           "reply_chars": len(answer) if isinstance(answer, str) else None}
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
                played = report.moves if report.first_illegal is None else report.first_illegal - 1
                on_course = _along_the_optimum(puzzle, src, dst, report.final, played, report.optimal)
                row["remaining"] = on_course if on_course is not None else _remaining(puzzle, report.final, dst)
    return row


_PUZZLE_KEYS = ("n", "posts", "moves", "colors", "start", "goal")


def _puzzle_of(instance: dict[str, Any]) -> tuple[Puzzle, State, State]:
    """:func:`~hanoikit.generate.instance_puzzle`, made once for the instances that share their puzzle and ends."""
    if not all(name in instance for name in _PUZZLE_KEYS):
        return instance_puzzle(instance)  # which says what is missing
    try:
        return _made_puzzle(tuple(instance[name] for name in _PUZZLE_KEYS))
    except TypeError:  # a field that is a list or an object: no key (instance_puzzle says what is wrong)
        return instance_puzzle(instance)


@functools.lru_cache(maxsize=1024)
def _made_puzzle(key: tuple[object, ...]) -> tuple[Puzzle, State, State]:
    return instance_puzzle(dict(zip(_PUZZLE_KEYS, key)))


def _summed(rows: list[dict[str, Any]], paired_by: str, label: str | None) -> Score:
    result = Score(results=rows, summary=_totals(rows), paired_by=paired_by, label=label)
    for family in sorted({str(r["family"]) for r in rows}):
        own = [r for r in rows if str(r["family"]) == family]
        result.families[family] = _totals(own)
        result.disks[family] = {n: _totals([r for r in own if r["n"] == n]) for n in sorted({r["n"] for r in own})}
    result.errors = dict(Counter(r["kind"] for r in rows if r["kind"] is not None).most_common())
    places = Counter(_bucket(r["first_illegal"], r["optimal"]) for r in rows if r["first_illegal"] and r["optimal"])
    result.positions = {bucket: places[bucket] for bucket in POSITION_BUCKETS}
    return result


def _along_the_optimum(puzzle: Puzzle, src: State, dst: State, final: str, played: int, optimal: int) -> int | None:
    """``optimal - played`` when ``final`` is the position after the first ``played`` moves of the optimal solution
    from the puzzle's start to its goal (a position on an optimal path: exactly the distance left, found in a
    fraction of a query; an answer cut short by its length limit stops there), else ``None``."""
    if src != puzzle.start or dst != puzzle.goal or not 0 <= played <= optimal:
        return None
    try:
        return optimal - played if str(puzzle.state_at(played)) == final else None
    except HanoiError:
        return None


@functools.lru_cache(maxsize=1 << 14)
def _remaining(puzzle: Puzzle, final: str, goal: State) -> int | None:
    """The distance from ``final`` to ``goal``, unless only the exhaustive search beyond its table size (the
    frontier search, seconds a query) would answer it; asked once for each puzzle (the instances that share it
    share one :func:`_puzzle_of`) and position, as the unfinished answers of several models often stop at the same
    places."""
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


def _models(result: Score | Sequence[Score]) -> list[Score]:
    return [result] if isinstance(result, Score) else list(result)


def table(result: Score | Sequence[Score]) -> str:
    """The summary as a plain-text table: one row per family and a total, one row per family and number of disks,
    then the first errors; of several models (each :attr:`Score.label`), a row per model, then per model and family,
    then per model, family and number of disks. Rates come with their 95 % Wilson intervals in brackets.

    >>> from hanoikit.generate import generate
    >>> print(table(score(generate(1, seed=1, disks=(2, 2)), [{"id": "1-0", "answer": "1SI\\n2SD\\n1ID"}])))
    family    instances  answered  no answer  solved [95% interval]  optimal [95% interval]  mean excess  mean optimum
    classic           1         1          0   100.0% [20.6, 100.0]    100.0% [20.6, 100.0]          0.0           3.0
    all               1         1          0   100.0% [20.6, 100.0]    100.0% [20.6, 100.0]          0.0           3.0
    <BLANKLINE>
    disks     instances  answered  no answer  solved [95% interval]  optimal [95% interval]  mean excess  mean optimum
    classic 2         1         1          0   100.0% [20.6, 100.0]    100.0% [20.6, 100.0]          0.0           3.0
    <BLANKLINE>
    first errors: none
    in the format the prompt asks: 1 of 1, 100.0% [20.6, 100.0]
    """
    models = _models(result)
    several = len(models) > 1
    sections: list[tuple[str, list[tuple[str, dict[str, Any]]]]] = []
    if several:
        sections.append(("model", [(_label(m, i), m.summary) for i, m in enumerate(models)]))
    families = [(f"{_label(m, i)}: " * several + name, t) for i, m in enumerate(models)
                for name, t in [*m.families.items(), *([] if several else [("all", m.summary)])]]
    sections.append(("model: family" if several else "family", families))
    sections.append(("model: disks" if several else "disks",
                     [(f"{_label(m, i)}: " * several + f"{family} {n}", t) for i, m in enumerate(models)
                      for family, sizes in m.disks.items() for n, t in sizes.items()]))
    width = max(9, *(len(name) for _, rows in sections for name, _ in rows), *(len(h) for h, _ in sections))

    def head(first: str) -> str:
        return (f"{first:<{width}} {'instances':>9} {'answered':>9} {'no answer':>10} {'solved [95% interval]':>22} "
                f"{'optimal [95% interval]':>23} {'mean excess':>12} {'mean optimum':>13}")

    def row(name: str, totals: dict[str, Any]) -> str:
        excess = "-" if totals["mean_excess"] is None else f"{totals['mean_excess']:.1f}"
        optimum = "-" if totals["mean_optimal"] is None else f"{totals['mean_optimal']:.1f}"
        return (f"{name:<{width}} {totals['instances']:>9} {totals['answered']:>9} {totals['no_answer']:>10} "
                f"{_rate(totals, 'solved'):>22} {_rate(totals, 'optimal'):>23} {excess:>12} {optimum:>13}")

    lines: list[str] = []
    for title, rows in sections:
        lines += [head(title), *(row(name, totals) for name, totals in rows), ""]
    for i, model in enumerate(models):
        which = f" ({_label(model, i)})" if several else ""
        if model.errors:
            lines.append(f"first errors{which}: " + ", ".join(f"{kind} {count}" for kind, count in
                                                               model.errors.items()))
            lines.append(f"first illegal move, as a share of the optimum{which}: " +
                         ", ".join(f"{bucket} {count}" for bucket, count in model.positions.items()))
        else:
            lines.append(f"first errors{which}: none")
        if model.summary["format_checked"]:
            lines.append(f"in the format the prompt asks{which}: {model.summary['format_ok']:,} of "
                         f"{model.summary['format_checked']:,}, {_rate(model.summary, 'format_ok')}")
    return "\n".join(lines)


def _label(model: Score, index: int) -> str:
    return model.label if model.label is not None else f"model {index + 1}"


PLOT_FORMATS = ("png", "svg", "pdf")
"""The file formats of :func:`plot`, by extension."""


def plot(result: Score | Sequence[Score], path: str) -> None:
    """Save a plot of the solved and optimal rates against the number of disks, a row of two panels per family and
    in each a curve per model with its 95 % Wilson interval shaded, the number of instances behind each point
    written above it, to ``path`` in the format its extension names (png, svg, pdf)."""
    from matplotlib.figure import Figure

    from .draw.files import save_figure

    models = _models(result)
    families = sorted({family for model in models for family in model.disks})
    figure = Figure(figsize=(10, 1.0 + 3.3 * len(families)), dpi=120)
    axes = figure.subplots(len(families), 2, sharey=True, squeeze=False)
    for line, family in zip(axes, families):
        curves = [(_label(m, i) if len(models) > 1 or m.label else "answers", f"C{i % 10}", m.disks.get(family, {}))
                  for i, m in enumerate(models)]
        for side, what, title in ((line[0], "solved", "solved"), (line[1], "optimal", "solved optimally")):
            _curves(side, curves, what)
            side.set_title(f"{family}: {title}", fontsize=10)
            side.set_ylim(-0.03, 1.12)
            side.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
            side.grid(True, alpha=0.3)
        line[0].set_ylabel("share of instances")
    handles, names = axes[0][0].get_legend_handles_labels()
    top = 1 - 0.62 / (1.0 + 3.3 * len(families))  # room for the title and the legend, in inches
    figure.legend(handles, names, loc="lower center", bbox_to_anchor=(0.5, top), ncol=min(len(names), 6),
                  fontsize=9, frameon=False)
    for side in axes[-1]:
        side.set_xlabel("disks (the instances behind each point in small type at the top)")
    what = f"{len(models)} models, " if len(models) > 1 else ""
    figure.suptitle(f"Success by number of disks ({what}{len(models[0].results)} instances; 95% Wilson intervals "
                    "shaded)")
    figure.tight_layout(rect=(0, 0, 1, top))
    save_figure(figure, path)


def _curves(side: Any, curves: list[tuple[str, str, dict[int, dict[str, Any]]]], what: str) -> None:
    """Draw each curve's rate of ``what`` by number of disks, its interval shaded, on the axes ``side``, and the
    number of instances behind each point along the top (every model answers the same set: the same numbers)."""
    sizes = sorted({n for _, _, totals in curves for n in totals})
    for index, (name, colour, totals) in enumerate(curves):
        sizes_here = sorted(totals)
        shift = 0.05 * (index - (len(curves) - 1) / 2)  # side by side, so that equal rates do not hide a curve
        xs = [n + shift for n in sizes_here]
        rate = [totals[n][f"{what}_rate"] for n in sizes_here]
        low = [totals[n][f"{what}_interval"][0] for n in sizes_here]
        high = [totals[n][f"{what}_interval"][1] for n in sizes_here]
        side.plot(xs, rate, linestyle="-", marker="osD^v<>ph*"[index % 10], color=colour, label=name, markersize=4.5)
        side.fill_between(xs, low, high, color=colour, alpha=0.13, linewidth=0)
    for n in sizes:
        counts = sorted({t[n]["instances"] for _, _, t in curves if n in t})
        side.annotate("/".join(map(str, counts)), (n, 1.12), textcoords="offset points", xytext=(0, -9),
                      ha="center", fontsize=7, color="0.35")
    side.set_xticks(sizes)
