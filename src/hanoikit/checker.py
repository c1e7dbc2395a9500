"""Check a move list against a puzzle: where and why it goes wrong, whether it solves, and how far from the optimum.

:func:`check` replays the moves from the start (or ``src``) and reports, in a :class:`CheckReport`, whether every
move is legal and, if not, the first illegal one (1-based) with the puzzle's own reason
(:meth:`~hanoikit.Puzzle.move_error`); whether the goal (or ``dst``) is reached; the number of moves against the exact
optimum (the excess); and the first move that does not lower the distance to the goal, from which the list stops
being optimal, with the optimal continuation from there on request (``explain=True``).

>>> import hanoikit as hk
>>> report = check(hk.Puzzle(3), "1SD\\n2SI\\n1DI\\n3SD\\n1IS\\n2ID\\n1SD")
>>> report.legal, report.solved, report.moves, report.optimal, report.excess
(True, True, 7, 7, 0)
>>> report = check(hk.Puzzle(3), "1SD 2SI 2ID")
>>> report.first_illegal, report.reason
(3, 'larger disk on a smaller one: disk 2 cannot go on disk 1')
>>> report = check(hk.MagneticPuzzle(2), "1SI 1ID 2SI", explain=True)
>>> report.solved, report.first_suboptimal, [str(m) for m in report.continuation]
(False, 2, ['2SD', '1IS', '1SD'])

**Reading a reply.** When a reply holds more than one list (:attr:`hanoikit.movelist.MoveList.candidates`), the
answer is chosen with the puzzle, and every unusual reading is said in :attr:`CheckReport.warnings`:

1. Lists inside a ``<think>`` block are drafts, passed over when a list follows the block (with a warning when one
   of them solves and the list after does not; read, with a warning, when none does).
2. A last list after a list that solves the puzzle is a *recap*, passed over, when its heading says so ("To recap",
   "the first two moves were") or when it repeats at most half of that list's moves in a row. A longer part of it
   again, not said to be a recap, is a second answer cut short or a recap: *ambiguous*. A list said to be a recap
   that repeats part of a longer list before it is passed over even when that list does not solve.
3. Lists separated only by headings (at most two short lines of prose), position printouts, fences and blank lines
   are halves of one answer when read together they solve the puzzle, go legally further into the last one than it
   goes alone, or stop at its first move as it does alone: they are read as one list. A last list illegal at its
   first move that goes on legally from where the list before it ends (across any prose) may be the rest of that
   answer: *ambiguous*.
4. Otherwise the last list is the answer (drafts come first), unless an earlier list solves the puzzle and the last
   does not, is not given as the answer ("Final answer:", an ``<answer>`` tag) and is shorter, or the earlier one
   is given as the answer: then which is the answer is not certain, and the report is ``kind`` ``"ambiguous"`` (not
   solved, never counted as illegal), its warnings saying why.

With ``style`` (a prompt style of :mod:`hanoikit.generate`), :attr:`CheckReport.format_ok` says whether the reply is
written exactly as that prompt asks (:func:`format_ok`), apart from whether it solves:

>>> reply = "Move disk 1 from Peg 1 to Peg 2\\nMove disk 2 from Peg 1 to Peg 3 (the largest disk)\\n" \\
...         "Move disk 1 from Peg 2 to Peg 3"
>>> report = check(hk.Puzzle(2), reply, names="123", style="reasoning-gym")
>>> report.optimally_solved, report.format_ok, report.warnings
(True, False, ('the text after the move on line 2 is read as a note and ignored',))

**Cost.** The moves are replayed over their arrays by :func:`hanoikit.replay.replay` for every puzzle whose rule
hooks are those of :class:`~hanoikit.Puzzle` and :class:`~hanoikit.MagneticPuzzle` (any posts, any allowed moves,
faces and post colours), O(n + m) for m moves of n disks (10**6 moves in milliseconds once numba's loop is
loaded). A puzzle with other rule hooks is replayed move by move through them, O(n) a move. The optimum is one
:meth:`~hanoikit.Puzzle.distance` query, and the first suboptimal move a binary search over the legal prefix, O(log m)
more queries (none when the list is optimal).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

import numpy as np

from .digits import grouped
from .errors import TooLargeError, UnknownMethodError, UnsolvableError
from .limits import MAX_CONTINUATION_MOVES, MAX_DISKS
from .move import Move, as_count, post_names
from .movelist import MoveList, Names, Unreadable, as_move_list, joined, named_position, post_labels
from .puzzle import Puzzle
from .replay import replay
from .state import State

__all__ = ["STYLE_FORMATS", "CheckReport", "check", "error_kind", "format_ok"]

@dataclass(frozen=True)
class CheckReport:
    """What :func:`check` found. Move numbers are 1-based; ``None`` stands for "none" or "not known"."""

    legal: bool
    """Whether every move is legal (and every line could be read)."""
    solved: bool
    """Whether every move is legal and the last one reaches the goal."""
    moves: int
    """The number of moves listed (unreadable lines count as moves)."""
    optimal: int | None
    """The least number of moves from the start to the goal (``None`` if the goal cannot be reached)."""
    excess: int | None
    """``moves - optimal`` when solved."""
    first_illegal: int | None
    """The first illegal (or unreadable) move."""
    reason: str | None
    """Why it is illegal, in the puzzle's words."""
    first_suboptimal: int | None
    """The first legal move that does not lower the distance to the goal."""
    line: int | None = None
    """The input line of the first illegal move, when the moves were read from text."""
    kind: str | None = None
    """The kind of the first error (see :func:`error_kind`), or ``"unfinished"``, or ``None`` when solved."""
    start: str = ""
    goal: str = ""
    final: str = ""
    """The position after the legal moves."""
    remaining: int | None = None
    """The least number of moves from :attr:`final` to the goal (``None`` if unreachable or not looked for)."""
    continuation: tuple[Move, ...] | None = None
    """With ``explain``: the first moves (at most :data:`~hanoikit.limits.MAX_CONTINUATION_MOVES`) of an optimal
    continuation from the position before :attr:`first_suboptimal` (or from :attr:`final` when the list is optimal
    but unfinished)."""
    continuation_length: int | None = None
    """The length of the whole optimal continuation."""
    continuation_from: str | None = None
    """The position the continuation starts from."""
    unreadable: tuple[Unreadable, ...] = field(default=())
    """The lines that could not be read as moves."""
    posts: int = 3
    """The number of posts of the puzzle (to write the moves)."""
    no_optimum: str | None = None
    """Why :attr:`optimal` is ``None``: the goal cannot be reached, or no solver answers this puzzle at this size
    (then the moves are still checked)."""
    unreachable: bool = False
    """Whether no list of moves reaches the goal from the start (then there is no optimum)."""
    extracted_from: tuple[int, int] | None = None
    """The first and last line of the reply the list was read from (prose around it ignored), when read from text."""
    labels: tuple[str, ...] | None = None
    """The post names of the answer, in post order, in which the messages write posts, moves and positions
    (``None``: hanoikit's letters S, I, D)."""
    warnings: tuple[str, ...] = ()
    """How the reply was read where it was read in an unusual way (a note after a move dropped, lists joined across
    a heading, a recap or a position printout passed over, a list cut short), or why it is ambiguous: a sentence
    each."""
    format_ok: bool | None = None
    """Whether the answer is written exactly in the format its prompt's ``style`` asked for (see
    :func:`format_ok`); ``None`` when the style is not known or the moves were not given as text."""

    @property
    def answered(self) -> bool:
        """Whether there was an answer at all (``kind`` is ``"no_answer"`` for an empty reply)."""
        return self.kind != "no_answer"

    @property
    def optimally_solved(self) -> bool:
        """Whether the list solves the puzzle in the least number of moves."""
        return self.solved and self.excess == 0

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values, moves in their notation on the puzzle's posts.

        >>> import hanoikit as hk
        >>> data = check(hk.Puzzle(2), "1SI 2SD").to_dict()
        >>> data["solved"], data["remaining"], data["kind"]
        (False, 1, 'unfinished')
        """
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["unreadable"] = [vars(u) for u in self.unreadable]
        data["warnings"] = list(self.warnings)
        data["continuation"] = None if self.continuation is None else [self._notation(m) for m in self.continuation]
        return data

    def _no_optimum(self) -> str:
        return f"{'does not exist' if self.unreachable else 'is not known'} ({self.no_optimum})"

    def _notation(self, move: Move) -> str:
        if self.labels is None:
            return move.notation(self.posts)
        disk, src, dst = move
        a, b = self.labels[src], self.labels[dst]
        return f"{disk}{a}{b}" if len(a) == len(b) == 1 and (a + b).isalpha() else f"{disk} {a} {b}"

    def _position(self, text: str) -> str:
        """A position of the report in the answer's post names."""
        if self.labels is None:
            return text
        letters = post_names(self.posts)
        where, colon, faces = text.partition(":")
        if all(len(label) == 1 for label in self.labels):
            return "".join(self.labels[letters.index(c)] for c in where) + colon + faces
        stacks = [[disk for disk in range(len(where), 0, -1) if where[disk - 1] == letter] for letter in letters]
        shown = "; ".join(f"{name}: {' '.join(map(str, stack)) or 'empty'}" for name, stack in zip(self.labels, stacks))
        return f"({shown}{', tops ' + faces if colon else ''})"

    def summary(self) -> list[str]:
        """The report in a few lines of plain English, for a learner or a teacher.

        >>> import hanoikit as hk
        >>> print("\\n".join(check(hk.Puzzle(2), "1SI\\n2SD\\n1ID\\n").summary()))
        solved optimally: 3 moves, the optimum from SS to DD
        >>> lines = check(hk.Puzzle(2), "1SI\\n2SD\\n1ID\\nOr:\\n1SD").summary()
        >>> print(lines[0])  # doctest: +ELLIPSIS
        ambiguous: the reply holds more than one list and which is the answer is not certain; the optimum ...
        >>> print(lines[1])  # doctest: +ELLIPSIS
        note: the list at lines 1-3 solves the puzzle, the last list (line 5, 1 move) does not: ...
        """
        lines = []
        notes = [f"note: {warning}" for warning in self.warnings]
        if not self.answered or self.kind == "ambiguous":
            best = "not known" if self.optimal is None else _moves(self.optimal)
            what = "no answer" if not self.answered else "ambiguous"
            return [f"{what}: {self.reason}; the optimum from {self._position(self.start)} to "
                    f"{self._position(self.goal)} is {best}", *notes]
        if self.unreadable:
            first = self.unreadable[0]
            more = f" (and {grouped(len(self.unreadable) - 1)} more lines)" if len(self.unreadable) > 1 else ""
            lines.append(f"line {first.line} cannot be read: {first.text!r}: {first.reason}{more}")
        elif self.first_illegal is not None:
            where = f" (line {self.line})" if self.line is not None else ""
            lines.append(f"move {self.first_illegal}{where} is illegal in {self._position(self.final)}: {self.reason}")
        elif self.kind == "unreadable":
            lines.append(f"unreadable: {self.reason}")
        optimum = f"the optimum from {self._position(self.start)} to {self._position(self.goal)}"
        if self.solved:
            if self.optimal is None:
                lines.append(f"solved in {_moves(self.moves)}; {optimum} {self._no_optimum()}")
            elif self.excess == 0:
                lines.append(f"solved optimally: {_moves(self.moves)}, {optimum}")
            else:
                lines.append(f"solved in {_moves(self.moves)}, {grouped(self.excess or 0)} more than {optimum} "
                             f"({grouped(self.optimal)})")
        else:
            played = self.moves if self.first_illegal is None else self.first_illegal - 1
            to_go = "" if self.remaining is None else f", {_moves(self.remaining)} from the goal"
            best = self._no_optimum() if self.optimal is None else f"is {_moves(self.optimal)}"
            reach = self._position(self.final)
            legal = f"{grouped(played)} legal move{'s' * (played != 1)}"
            lines.append(f"not solved: {legal} reach{'es' * (played == 1)} {reach}{to_go}; {optimum} {best}")
        if self.first_suboptimal is not None:
            lines.append(f"move {self.first_suboptimal} is the first that does not bring the goal closer")
        if self.continuation is not None:
            listed = " ".join(self._notation(m) for m in self.continuation)
            cut = "" if len(self.continuation) == self.continuation_length else " ..."
            before = f", before move {self.first_suboptimal}" if self.first_suboptimal is not None else ""
            start = f"from {self._position(self.continuation_from or '')}{before}"
            lines.append(f"an optimal continuation {start} ({_moves(self.continuation_length or 0)}): {listed}{cut}")
        return [*lines, *notes]


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{grouped(count)} moves"


def error_kind(puzzle: Puzzle, state: State, move: Move) -> str:
    """Which rule ``move`` breaks in ``state``, as one word: ``"disk"`` (no such disk), ``"rule"`` (a move the
    rules do not allow between these posts), ``"absent"`` (the disk is not on that post), ``"covered"`` (not the top
    disk), ``"larger"`` (onto a smaller disk), else ``"faces"`` (the colour rules, on a magnetic tower) or
    ``"other"``.

    >>> import hanoikit as hk
    >>> error_kind(hk.Puzzle(2), hk.State.parse("SS"), Move(2, 0, 1))
    'covered'
    """
    disk, src, dst = move
    if not 1 <= disk <= puzzle.n:
        return "disk"
    if (src, dst) not in puzzle.moves:
        return "rule"
    posts = state.posts
    if posts[disk - 1] != src:
        return "absent"
    smaller = posts[: disk - 1]
    if src in smaller:
        return "covered"
    if dst in smaller:
        return "larger"
    return "faces" if puzzle.faces else "other"


def check(
    puzzle: Puzzle,
    moves: str | bytes | MoveList | Iterable[object] | None,
    src: State | str | None = None,
    dst: State | str | None = None,
    *,
    names: Names = None,
    strict: bool = False,
    explain: bool = False,
    suboptimal: bool = True,
    optimal: int | None = None,
    style: str | None = None,
) -> CheckReport:
    """Check ``moves`` from ``src`` to ``dst`` (default: the start and the goal of ``puzzle``; positions or their
    notation, in the post names ``names`` when given). ``moves`` is a reply (text or bytes: the last move list in it
    is read, in any form :mod:`hanoikit.movelist` reads, posts named as ``names`` says; with ``strict`` the whole
    text must be a bare list), a :class:`~hanoikit.movelist.MoveList`, or an iterable of moves; a blank reply (or
    ``None``) is no answer (``kind`` ``"no_answer"``). With ``explain``, the report holds an optimal continuation from
    the first suboptimal move; with ``suboptimal=False``, neither the first suboptimal move nor the distance left from
    the last position are looked for (they cost up to O(log m) distance queries) and both are left ``None``.
    ``optimal``, the optimum from ``src`` to ``dst`` if known (a generated set gives it), saves a query. Messages
    write posts, moves and positions in ``names``. Of several lists in a reply the answer is chosen as the module
    says (a reply whose answer is not certain: ``kind`` ``"ambiguous"``), every unusual reading said in
    ``warnings``; ``style`` (``"hanoikit"``, ``"reasoning-gym"``, ``"apple"``; ``None``: not known) gives
    ``format_ok``.

    >>> import hanoikit as hk
    >>> report = check(hk.Puzzle(2), "Sure! The moves:\\n\\nmoves = [[1, 0, 1], [2, 0, 2], [1, 1, 2]]\\n\\nDone.")
    >>> report.optimally_solved, report.extracted_from
    (True, (3, 3))
    >>> check(hk.Puzzle(2), "  \\n").kind
    'no_answer'
    >>> report = check(hk.Puzzle(2), "Move disk 2 from Peg 1 to Peg 3", names="123")
    >>> print(report.summary()[0])
    move 1 (line 1) is illegal in 11: disk 2 is under disk 1 on post 1

    Raises :class:`~hanoikit.InvalidStateError` for positions that are not the puzzle's and
    :class:`~hanoikit.TooLargeError` for a list longer than :data:`~hanoikit.limits.MAX_CHECK_MOVES` moves or an
    optimum beyond the solvers' caps.
    """
    source = puzzle.check(puzzle.start if src is None else _position(puzzle, src, names))
    target = puzzle.check(puzzle.goal if dst is None else _position(puzzle, dst, names))
    optimal = None if optimal is None else as_count(optimal, "the optimum", 0)
    labels = None if names is None else post_labels(puzzle.posts, names)
    blank = moves is None or (isinstance(moves, (str, bytes)) and not moves.strip())
    listed = as_move_list(b"" if moves is None else moves, puzzle.posts, names, strict)
    exact = None if style is None or not isinstance(moves, (str, bytes)) else format_ok(moves, style, puzzle.posts)
    warnings: list[str] = []
    if len(listed.candidates) > 1 or (listed.candidates and (listed.states or listed.candidates[-1].noted or
                                                             listed.candidates[-1].cut or
                                                             listed.candidates[-1].thinking)):
        chosen, warnings = _answer(puzzle, source, target, listed)
        if chosen is None:
            optimal, why, unreachable = (optimal, None, False) if optimal is not None else _optimum(
                puzzle, source, target)
            return CheckReport(
                legal=False, solved=False, moves=0, optimal=optimal, excess=None, first_illegal=None,
                reason="the reply holds more than one list and which is the answer is not certain",
                first_suboptimal=None, kind="ambiguous", start=str(source), goal=str(target), final=str(source),
                posts=puzzle.posts, no_optimum=why, unreachable=unreachable, labels=labels,
                warnings=tuple(warnings), format_ok=False if exact is not None else None,
            )
        listed = chosen
    if exact and style == "apple" and listed.extracted_from is not None:
        exact = listed.extracted_from[0] == listed.extracted_from[1] and isinstance(moves, (str, bytes)) and (
            _apple(_line(moves, listed.extracted_from[0])))
    if blank or not listed.found:
        optimal, why, unreachable = (optimal, None, False) if optimal is not None else _optimum(puzzle, source, target)
        empty = "the reply is empty" if blank else f"no move list in the reply ({_NO_LIST})"
        return CheckReport(
            legal=False, solved=False, moves=0, optimal=optimal, excess=None, first_illegal=None, reason=empty,
            first_suboptimal=None, kind="no_answer" if blank else "unreadable", start=str(source), goal=str(target),
            final=str(source), posts=puzzle.posts, no_optimum=why, unreachable=unreachable, labels=labels,
            format_ok=exact,
        )
    total = len(listed) + len(listed.unreadable)
    readable = len(listed) if not listed.unreadable else listed.unreadable[0].index
    played, final = _replay(puzzle, source, listed, readable)
    legal = played == total
    optimal, why, unreachable = (optimal, None, False) if optimal is not None else _optimum(puzzle, source, target)
    solved = legal and final == target
    first_illegal = None if legal else played + 1
    reason: str | None = None
    kind: str | None = None
    line: int | None = None
    if first_illegal is not None:
        if played == readable and listed.unreadable:
            bad = listed.unreadable[0]
            reason, kind, line = f"line {bad.line} cannot be read as a move: {bad.reason}", "unreadable", bad.line
        else:
            move = Move._make(int(a[played]) for a in (listed.disk, listed.src, listed.dst))
            kind, line = error_kind(puzzle, final, move), listed.line(played)
            reason = _reason(puzzle, final, move, kind, labels)
    elif not solved:
        kind = "unfinished"
    remaining = 0 if final == target else None if optimal is None or not (suboptimal or explain) else _distance(
        puzzle, final, target
    )
    first_suboptimal, before, distance_left = None, final, remaining
    on_course = remaining is not None and optimal is not None and remaining == optimal - played
    if suboptimal and optimal is not None and not on_course:
        optimal_prefix, before = _optimal_prefix(puzzle, source, target, listed, played, optimal)
        if optimal_prefix < played:
            first_suboptimal, distance_left = optimal_prefix + 1, optimal - optimal_prefix
    continuation = length = None
    if explain and distance_left:
        continuation = tuple(islice(puzzle.solve(before, target), MAX_CONTINUATION_MOVES))
        length = distance_left
    return CheckReport(
        legal=legal, solved=solved, moves=total, optimal=optimal,
        excess=total - optimal if solved and optimal is not None else None,
        first_illegal=first_illegal, reason=reason, first_suboptimal=first_suboptimal, line=line, kind=kind,
        start=str(source), goal=str(target), final=str(final), remaining=remaining,
        continuation=continuation, continuation_length=length,
        continuation_from=None if continuation is None else str(before), unreadable=listed.unreadable,
        posts=puzzle.posts, no_optimum=why, unreachable=unreachable, extracted_from=listed.extracted_from,
        labels=labels, warnings=tuple(warnings), format_ok=exact,
    )


STYLE_FORMATS = {
    "hanoikit": "only move lines such as 1SD (the disk, then the letters of the two posts), one a line",
    "reasoning-gym": "only lines 'Move disk X from Peg Y to Peg Z' (pegs from 1), no other text or formatting",
    "apple": "the list on a line of its own as moves = [[disk, from peg, to peg], ...] (pegs from 0)",
}
"""What each prompt style (:data:`hanoikit.generate.STYLES`) asks an answer to be written as: :func:`format_ok`."""

_RG_LINE = r"[ \t]*Move disk \d+ from Peg \d+ to Peg \d+[ \t]*"


def format_ok(text: str | bytes, style: str, posts: int = 3) -> bool:
    """Whether ``text`` is written exactly as a prompt of ``style`` asks (:data:`STYLE_FORMATS`): for ``hanoikit``
    and ``reasoning-gym`` nothing but its move lines (blank lines and spaces around them aside); for ``apple`` a line
    that is ``moves = [[1, 0, 2], ...]`` and nothing else (prose on other lines is allowed: the prompt does not
    forbid it; :func:`check` also asks that the answer read is that line). Whether the moves solve is not asked.

    >>> format_ok("Move disk 1 from Peg 1 to Peg 3", "reasoning-gym"), format_ok("1. Move disk 1 from Peg 1 to Peg 3.",
    ...                                                                       "reasoning-gym")
    (True, False)
    >>> format_ok("1SD\\n2SI\\n", "hanoikit"), format_ok("**1SD**", "hanoikit")
    (True, False)
    >>> format_ok("Here:\\nmoves = [[1, 0, 2]]", "apple"), format_ok("moves = [[1, 0, 2]] # done", "apple")
    (True, False)
    """
    if style not in STYLE_FORMATS:
        raise UnknownMethodError(f"unknown style {style!r}: the styles are {', '.join(STYLE_FORMATS)}")
    data = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    if style == "apple":
        return any(_apple(line) for line in data.splitlines() if "moves" in line)
    if style == "reasoning-gym":
        line = re.compile(_RG_LINE + r"\r?")
    else:
        names = "|".join(re.escape(name) for name in post_names(posts))
        line = re.compile(rf"[ \t]*\d+(?:{names})(?:{names})[ \t]*\r?")
    data = data.strip()
    ends = (data[: data.find("\n") % (len(data) + 1)], data[data.rfind("\n") + 1 :])
    if not data or not all(line.fullmatch(end) for end in ends):
        return False  # prose before or after the list: told at once
    kinds = set(data.split("\n"))  # a long list has few kinds of lines
    return all(line.fullmatch(part) or not part.strip() for part in kinds)


_ITEM = re.compile(r"\s*,\s*\[\s*\d+\s*,\s*\d+\s*,\s*\d+\s*")


def _apple(line: str) -> bool:
    """Whether ``line`` is ``moves = [[1, 0, 2], ...]`` and nothing else (its items told apart by kind: fast)."""
    head = re.match(r"\s*moves\s*=\s*\[", line)
    body = line[head.end() :].rstrip() if head else ""
    if not body.endswith("]"):
        return False
    body = body[:-1].strip()
    if not body:
        return True
    parts = ("," + body).split("]")
    return not parts[-1].strip() and all(_ITEM.fullmatch(part) for part in set(parts[:-1]))


def _line(text: str | bytes, number: int) -> str:
    """Line ``number`` (from 1) of ``text``."""
    data = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    begin = 0
    for _ in range(number - 1):
        begin = data.find("\n", begin) + 1
    end = data.find("\n", begin)
    return data[begin : end if end >= 0 else len(data)]


_RECAP = re.compile(r"\b(?:recap\w*|summar\w*|in short|again|repeat\w*|i\.e\.|e\.g\.|for example|for instance|"
                    r"first (?:\w+ )?moves?|were)\b", re.IGNORECASE)
_SAID_RECAP = re.compile(r"\b(?:recap\w*|summar\w*|in short|for example|for instance|first (?:\w+ )?moves?|were)\b",
                         re.IGNORECASE)
"""A heading that says a recap follows even of an answer that does not solve (not "again": a corrected list may be)."""
_CORRECTED = re.compile(r"\b(?:correct\w*|fix\w*|instead|wrong|mistake|oops|actually|redo|retry)\b", re.IGNORECASE)
_JOIN_TRIES = 64
"""The most joins of lists tried in one reply."""


def _span(moves: MoveList) -> str:
    first, last = moves.extracted_from or (0, 0)
    return f"line {first}" if first == last else f"lines {first}-{last}"


def _lines(numbers: Sequence[int]) -> str:
    shown = [str(n) for n in numbers[:8]]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"line{'s' * (len(numbers) > 1)} {listed}{' ...' if len(numbers) > 8 else ''}"


def _answer(puzzle: Puzzle, source: State, target: State, listed: MoveList) -> tuple[MoveList | None, list[str]]:
    """The list of a reply that is its answer among its candidates (``None`` when that is not certain), and how it
    was read: a sentence each."""
    candidates = list(listed.candidates)
    notes: list[str] = []

    def verdict(moves: MoveList) -> tuple[int, bool]:
        readable = len(moves) if not moves.unreadable else moves.unreadable[0].index
        played, final = _replay(puzzle, source, moves, readable)
        return played, played == len(moves) + len(moves.unreadable) and final == target

    outside = [c for c in candidates if not c.thinking]
    drafts = [c.moves for c in candidates if c.thinking and len(c.moves)] if outside else []
    if outside:
        candidates = outside
    else:
        notes.append("every list of the reply lies inside its <think> block, none after it: the last one is read")

    while len(candidates) > 1:  # a recap after the answer is passed over
        last = candidates[-1]
        if not len(last.moves) and not last.moves.unreadable:  # "Stack: []" after a list that solves
            solving = next((c.moves for c in reversed(candidates[:-1]) if len(c.moves) and verdict(c.moves)[1]), None)
            if solving is None:
                break
            notes.append(f"{_span(last.moves)} holds an empty list after the list at {_span(solving)}, which solves "
                         "the puzzle: not read as the answer")
            candidates.pop()
            continue
        hosts = [c.moves for c in candidates[:-1]]
        first = len(candidates) - 1
        while first > 0 and candidates[first].joins:
            first -= 1
        if first < len(candidates) - 2:
            hosts.append(joined([c.moves for c in candidates[first:-1]]))
        worded = _RECAP.search(last.heading) is not None
        within = next((h for h in reversed(hosts) if len(h) > len(last.moves) and verdict(h)[1] and (
            worded or _contains(h, last.moves))), None)
        if within is None:
            said = _SAID_RECAP.search(last.heading) is not None and not _CORRECTED.search(last.heading)
            within = next((h for h in reversed(hosts) if said and len(h) > len(last.moves) and
                           _contains(h, last.moves)), None) if not verdict(last.moves)[1] else None
            if within is None:
                break
            notes.append(f"{_span(last.moves)}, headed {_quoted([last.heading])}, repeat"
                         f"{'s' * ('-' not in _span(last.moves))} moves of the list at {_span(within)} (a recap): not "
                         "read as the answer")
            candidates.pop()
            continue
        if worded or 2 * len(last.moves) <= len(within):
            notes.append(f"{_span(last.moves)} repeat{'s' * ('-' not in _span(last.moves))} moves of the list at "
                         f"{_span(within)} (a recap): not read as the answer")
            candidates.pop()
            continue
        return None, [*notes, f"{_span(last.moves)} list{'s' * ('-' not in _span(last.moves))} again most of the "
                      f"moves of the list at {_span(within)} but not all: a second answer cut short, or a recap"]
    last_index = len(candidates) - 1
    first = last_index
    while first > 0 and candidates[first].joins:
        first -= 1
    tail = candidates[-1]
    reading = tail.moves
    played, solved = verdict(reading)
    size = len(reading) + len(reading.unreadable)
    start, used = first, last_index
    for _ in range(_JOIN_TRIES):  # the halves of one list, around headings: joined when the join goes further
        if solved or start >= last_index:
            break
        parts = [c.moves for c in candidates[start:]]
        whole = joined(parts)
        far, done = verdict(whole)
        total = len(whole) + len(whole.unreadable)
        stop = not played and far == total - size and bool(len(reading)) and (
            not reading.unreadable or reading.unreadable[0].index > 0)  # both readings stop at its first move
        if done or far - (total - size) > played or stop:  # solves, or goes further into the last list than it alone
            between = [c.heading for c in candidates[start + 1 :] if c.heading]
            across = f", across {_quoted(between)}" if between else ""
            runs = (", ".join(_span(p) for p in parts[:-1]) + f" and {_span(parts[-1])}" if len(parts) <= 3 else
                    f"{len(parts)} runs of lines from line {(whole.extracted_from or (0, 0))[0]} to line "
                    f"{(whole.extracted_from or (0, 0))[1]}")
            notes.append(f"the moves of {runs} are read as one list{across}")
            reading, played, solved, used = whole, far, done, start
            break
        ends = np.cumsum([len(p) + len(p.unreadable) for p in parts]).tolist()
        failed = next(i for i, end in enumerate(ends) if far < end)
        start += failed if far == (ends[failed - 1] if failed else 0) and failed else failed + 1
    if not solved:
        earlier = [c for c in candidates[max(0, used - 16) : used] if len(c.moves) and verdict(c.moves)[1]]
        if earlier:
            host = earlier[-1]
            marked = any(c.marked for c in candidates[used:])
            if not marked and (host.marked or len(reading) < len(host.moves)):
                given = " given as the answer" if host.marked else ""
                return None, [*notes, f"the list{given} at {_span(host.moves)} solves the puzzle, the last list "
                              f"({_span(reading)}, {_moves(len(reading))}) does not: which is the answer is not "
                              "certain"]
            notes.append(f"an earlier list ({_span(host.moves)}) solves the puzzle; the "
                         f"{'list given as the answer' if marked else 'last list'} ({_span(reading)}) is read")
    if not solved and not played and size and used == last_index:  # illegal at once: the rest of a list before?
        before = next((c.moves for c in reversed(candidates[:used]) if len(c.moves)), None)
        if before is not None and not before.unreadable and verdict(before)[0] == len(before):
            far, done = verdict(joined([before, reading]))
            if far > len(before):
                together = "together they solve the puzzle" if done else f"together their first {far} moves are legal"
                return None, [*notes, f"the last list ({_span(reading)}) is illegal at its first move but goes on "
                              f"from where the list at {_span(before)} ends ({together}): it may be the rest of that "
                              "answer"]
    solving = next((d for d in reversed(drafts) if not solved and verdict(d)[1]), None)
    if solving is not None:
        notes.append(f"a list inside the <think> block ({_span(solving)}) solves the puzzle; the list after the block "
                     f"({_span(reading)}) is read")
    noted = [line for c in candidates[used:] for line in c.noted if reading.extracted_from and
             reading.extracted_from[0] <= line <= reading.extracted_from[1]]
    if noted:
        notes.append(f"the text after the move on {_lines(noted)} is read as a note and ignored")
    if tail.cut is not None:
        notes.append(f"the list breaks off on line {tail.cut} (the reply cut short?): its whole moves are read")
    after = [line for line in listed.states if reading.extracted_from and line > reading.extracted_from[0]]
    if after:
        notes.append(f"{_lines(after)} print{'s' * (len(after) == 1)} positions, not moves: not read as the answer")
    return reading, notes


def _quoted(headings: list[str]) -> str:
    return " and ".join(repr(h) for h in headings[:2])


def _contains(big: MoveList, small: MoveList) -> bool:
    """Whether the moves of ``small`` come in a row among those of ``big``."""
    codes = [(m.disk.astype(np.int64) << 16) | (m.src.astype(np.int64) << 8) | m.dst for m in (big, small)]
    whole, part = codes
    if not len(part):
        return False
    places = len(whole) - len(part) + 1
    if len(part) <= 64:
        found = whole[:places] == part[0]
        for index in range(1, len(part)):
            found &= whole[index : index + places] == part[index]
        return bool(found.any())
    return any(np.array_equal(whole[at : at + len(part)], part)
               for at in np.flatnonzero(whole[:places] == part[0]).tolist())


_NO_LIST = "moves such as '1SD', '1 S D', '(1, 0, 2)', 'move disk 1 from S to D' or moves = [[1, 0, 2], ...]"


def _position(puzzle: Puzzle, position: State | str, names: Names) -> State:
    return puzzle.parse(named_position(position, puzzle.posts, names)) if isinstance(position, str) else position


_NO_POST = 255
"""The post a move list keeps for a post number outside 0..254 (:func:`hanoikit.movelist.as_move_list`)."""

_NAMED = re.compile(r"\b(post|from|to|between|and) ([A-Z])\b")


def _reason(puzzle: Puzzle, state: State, move: Move, kind: str, labels: tuple[str, ...] | None) -> str:
    """Why ``move`` is illegal in ``state``, posts written as ``labels`` (default: the letters)."""
    disk, src, dst = move
    names = labels or post_names(puzzle.posts)
    if kind == "rule" and not (0 <= src < puzzle.posts and 0 <= dst < puzzle.posts and src != dst):
        listed = ", ".join(names)
        if src == dst:
            return f"disk {disk} cannot move from post {names[src]} to the same post"
        wrong = src if not 0 <= src < puzzle.posts else dst
        post = f"post number {wrong}" if wrong < _NO_POST else "such post"  # a list keeps any post above 254 as 255
        return f"there is no {post} (numbered from 0): the posts are {listed}"
    if kind == "disk" and not 0 <= disk <= MAX_DISKS:  # kept as -1 or MAX_DISKS + 1, whatever was given
        return f"there is no such disk: disks are 1 to {puzzle.n}"
    reason = puzzle.move_error(state, move) or ""
    if labels is None:
        return reason
    letters = post_names(puzzle.posts)
    return _NAMED.sub(lambda m: f"{m[1]} {names[letters.index(m[2])]}" if m[2] in letters else m[0], reason)


def _distance(puzzle: Puzzle, src: State, dst: State) -> int | None:
    return _optimum(puzzle, src, dst)[0]


def _optimum(puzzle: Puzzle, src: State, dst: State) -> tuple[int | None, str | None, bool]:
    """The distance from ``src`` to ``dst``, or ``None``, why, and whether because ``dst`` cannot be reached (rather
    than beyond what the solvers answer)."""
    try:
        return puzzle.distance(src, dst), None, False
    except UnsolvableError as error:
        return None, str(error), True
    except (TooLargeError, UnknownMethodError) as error:
        return None, str(error), False


def _optimal_prefix(
    puzzle: Puzzle, src: State, dst: State, moves: MoveList, played: int, optimal: int
) -> tuple[int, State]:
    """The longest prefix of the legal moves along which the distance to ``dst`` falls by one a move, and the
    position after it: a binary search, since the prefixes of an optimal prefix are optimal."""
    low, state, high = 0, src, played
    while low < high:
        middle = (low + high + 1) // 2
        after = _advance(puzzle, state, moves, low, middle)
        if _distance(puzzle, after, dst) == optimal - middle:
            low, state = middle, after
        else:
            high = middle - 1
    return low, state


# -- the replay ---------------------------------------------------------------------------------------------------


def _replay(puzzle: Puzzle, state: State, moves: MoveList, count: int) -> tuple[int, State]:
    """How many of the first ``count`` moves are legal in a row from ``state``, and the position after them."""
    if not puzzle.rules_as_data:
        return _replay_slowly(puzzle, state, moves, 0, count)
    played, after = replay(puzzle, state, moves.disk[:count], moves.src[:count], moves.dst[:count])
    if played < count:
        move = Move._make(int(a[played]) for a in (moves.disk, moves.src, moves.dst))
        if puzzle.rule_error(after, move) is None:  # never, unless the arrays and the rules disagree
            return _replay_slowly(puzzle, after, moves, played, count)
    return played, after


def _replay_slowly(puzzle: Puzzle, state: State, moves: MoveList, begin: int, end: int) -> tuple[int, State]:
    for index, move in enumerate(islice(moves, begin, end), begin):
        if puzzle.rule_error(state, move) is not None:
            return index, state
        state = puzzle.moved(state, move)
    return end, state


def _advance(puzzle: Puzzle, state: State, moves: MoveList, begin: int, end: int) -> State:
    """The position after the legal moves ``begin`` to ``end`` (from 0, end excluded) played from ``state``."""
    if not puzzle.rules_as_data:
        return _replay_slowly(puzzle, state, moves, begin, end)[1]
    return replay(puzzle, state, moves.disk[begin:end], moves.src[begin:end], moves.dst[begin:end])[1]
