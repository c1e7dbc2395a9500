"""Move lists as people and models write them, read into arrays, every unreadable line reported with its number.

One move per line, in any of these forms (case, spacing and markdown emphasis do not matter)::

    1SD                          disk 1 from S to D (also 1 S D, 1 S->D, 1: S -> D, 1,S,D)
    1 0 2                        posts as numbers (also 1,0,2: a csv row; the header disk,src,dst is skipped)
    (1, 0, 2)   [1, 'S', 'D']    a tuple or a list; several on one line, or a JSON list [[1,0,2], [2,0,1]]
    move disk 1 from S to D      words (also "Move disk 1 from Peg 1 to Peg 3" with names="123")

Blank lines, lines of brackets only, code fences (```) and comments (``#`` or ``//``) are skipped; a leading step
number (``1.``, ``Step 2:``, ``- ``) and a trailing full stop are dropped when the rest is a move.

**Finding the list in a reply** (the default, ``strict=False``). A model's reply holds prose around its answer; the
move list read is the *last* one in the text, and the lines it was read from are :attr:`MoveList.extracted_from`:

1. Lines are moves (above), *near-moves*, list heads, position printouts, fences, tags, or prose. A move may carry a
   note after it, dropped: ``Move disk 3 from Peg 1 to Peg 3 (the largest disk)``, ``1SD # done``, ``... - done!``,
   ``Step 1: Move disk 1 from A to C. This frees disk 2.`` (a note that holds another move, ``... then disk 2 to Peg
   2``, is no note: the line is prose; a code comment after a bracketed move, ``[1, 0, 2],  # move disk 1 from peg 0 to
   peg 2``, is always a note). A near-move has the form of a move but names an unknown post or disk (``1 S X``, ``Move
   disk 1 from X to Y``; posts of one or two characters, or any word when the posts are named by words): it is kept as
   unreadable. A list head holds a list of moves after other text on its line, such as the paper's ``moves = [[1, 0, 2],
   [2, 0, 1]]``, ``The answer is [[1,0,2]].`` or an opening ``moves = [`` of a list continued on the next lines; a list
   that breaks off (``moves = [[1, 0, 2], [2, 0``: a reply cut short) gives its whole moves. A position printout names
   posts with their disks (``Peg 2: [3, 2, 1]``, ``S: 3 2, D: 1``) or lists stacks that cannot be moves (``[[], [], [3,
   2, 1]]``): it is never read as moves (:attr:`MoveList.states`). ``<think>`` and ``</think>`` mark a block of thinking
   (the text after ``</think>`` on its line is read), ``<answer>`` an answer. Any other line is prose.
2. A list (a :class:`Candidate`) is a run of lines holding moves or near-moves, with the blank and skipped lines
   between them, begun by a list head or by its first move, and ended by any other line.
3. The last list is read, everything outside it ignored; every list is kept in :attr:`MoveList.candidates`, for
   :func:`hanoikit.checker.check` to choose the answer among them with the puzzle (halves of one answer around a
   heading, a recap after it, drafts before it). A reply with no move at all is *empty* (:attr:`MoveList.found` is
   false; the checker calls a blank reply "no answer" and any other such reply unreadable); an empty list ``[]`` (or
   ``moves = []``) is a list of no moves.

With ``strict=True`` the text must be a bare list: every line that is not a move or skipped is unreadable (a list
head too), kept in :attr:`MoveList.unreadable` with its line number, at its place among the moves, never skipped
silently.

**Post names.** By default a post is named by its letter (``S``, ``I``, ``D``; ``S``, ``I``, ``J``, ``D`` on four
posts, see :func:`~hanoikit.post_names`) or by its number from 0. ``names`` replaces them: a string of one character
per post (``"ABC"``: A is post 0 = S, B is 1, C is 2 = D; ``"123"`` for posts numbered from 1, as in "Peg 1"), words
separated by commas or spaces (``"left, middle, right"``), a sequence of names, or a mapping of name to post.

>>> moves = read_move_list("1SD\\n2 S I\\nmove disk 1 from D to I\\n(3, 0, 2)\\n")
>>> [str(m) for m in moves], moves.lines.tolist()
(['1SD', '2SI', '1DI', '3SD'], [1, 2, 3, 4])
>>> [str(m) for m in read_move_list("Move disk 1 from peg A to peg C.", names="ABC")]
['1SD']
>>> reply = "Sure! Here are the moves:\\n\\nmoves = [[1, 0, 2], [2, 0, 1],\\n  [1, 2, 1]]\\n\\nThat is 3 moves."
>>> moves = read_move_list(reply)
>>> [str(m) for m in moves], moves.extracted_from
(['1SD', '2SI', '1DI'], (3, 4))
>>> [bad] = read_move_list("1SD\\n1 S X\\n2SI").unreadable
>>> bad.line, bad.text, bad.index
(2, '1 S X', 1)
>>> print(bad.reason)
unknown post 'X': posts are S, I, D or 0, 1, 2 (name posts otherwise with names=, or --names in hanoi check)
>>> [u.line for u in read_move_list("Sure:\\n1SD", strict=True).unreadable]
[1]

Long lists in hanoikit's own formats (``text``, ``csv``, ``json`` of :mod:`hanoikit.formats`) are read by its
vectorised readers, some 10**7 moves a second; other forms are read line by line. A list holds at most
:data:`~hanoikit.limits.MAX_CHECK_MOVES` moves.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..errors import InvalidMoveError, quote
from ..limits import MAX_DISKS
from ..move import as_int
from ..movearray import MoveArray
from ._candidates import extracted
from ._lines import Unread, moves_of, post_of, read_lines
from ._long import read_long
from ._model import (
    Candidate,
    MoveList,
    Unreadable,
    ensure_moves,
    joined,
    named_position,
    post_labels,
    post_mapping,
    small_arrays,
)
from ._model import Names as Names  # the type of post names, for the modules that take them

__all__ = ["Candidate", "MoveList", "Unreadable", "as_move_list", "joined", "named_position", "post_labels",
           "post_mapping", "read_move_list"]


def read_move_list(data: str | bytes, posts: int = 3, names: Names = None, strict: bool = False) -> MoveList:
    """Read the moves of ``data`` (text or bytes, in any form this module describes) for a puzzle with ``posts``
    posts, post names as ``names`` says (default: the post letters and numbers from 0): the last move list in the
    text, or with ``strict`` the whole text as a bare list.

    >>> moves = read_move_list(b"[\\n[1,0,2],\\n[2,0,1]\\n]\\n")
    >>> [str(m) for m in moves], moves.unreadable
    (['1SD', '2SI'], ())
    >>> [str(m) for m in read_move_list("[[1, 'A', 'B'], [2, 'A', 'C']]", names="ABC")]
    ['1SI', '2SD']
    """
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape") if data.isascii() else None
    read = None
    if raw is not None and len(raw) > 1 << 9:
        read = read_long(raw, posts, names, strict)
    if read is None:
        text = data if isinstance(data, str) else data.decode("utf-8", "replace")
        read = read_lines(text, post_mapping(posts, names), strict=strict)
    if strict:
        return read.moves if read.moves.unreadable or len(read.moves) else _strict_empty(read.moves, raw or data)
    return extracted(read)


def _strict_empty(listed: MoveList, data: str | bytes) -> MoveList:
    """A bare list of no moves: found if the text is not blank (``[]``, say)."""
    return MoveList(listed.disk, listed.src, listed.dst, listed.lines, (), None, bool(data.strip()))


def as_move_list(moves: str | bytes | MoveList | Iterable[object] | MoveArray, posts: int = 3,
                 names: Names = None, strict: bool = False) -> MoveList:
    """``moves`` as a :class:`MoveList`: text or bytes to read, a move list, ``(disk, src, dst)`` arrays or an
    integer array of such rows, or moves
    (:class:`~hanoikit.Move`, tuples or lists of three, or text such as ``"1SD"``; posts named as ``names`` says).
    An item that is not a move is kept in :attr:`MoveList.unreadable`, its ``line`` the item's number from 1.

    >>> from hanoikit import Move
    >>> moves = as_move_list([Move(1, 0, 2), [2, "S", "I"], "1DI", (1, 0, 7)])
    >>> [str(m) for m in moves], [u.line for u in moves.unreadable]
    (['1SD', '2SI', '1DI'], [4])
    """
    if isinstance(moves, MoveList):
        return moves
    if isinstance(moves, (str, bytes)):
        return read_move_list(moves, posts, names, strict)
    if isinstance(moves, tuple) and len(moves) == 3 and all(isinstance(a, np.ndarray) for a in moves):
        disk, src, dst = (np.asarray(a) for a in moves)
        if not len(disk) == len(src) == len(dst):
            raise InvalidMoveError("the arrays disk, src and dst of a move list have different lengths")
        ensure_moves(len(disk))
        return small_arrays(disk.astype(np.int64), src.astype(np.int64), dst.astype(np.int64), None)
    if isinstance(moves, np.ndarray) and moves.ndim == 2 and moves.shape[1] == 3 and moves.dtype.kind in "iu":
        ensure_moves(len(moves))  # rows (disk, src, dst), as MoveArray.rows() gives them
        rows = moves.astype(np.int64)
        return small_arrays(rows[:, 0], rows[:, 1], rows[:, 2], None)
    if not isinstance(moves, Iterable):
        raise TypeError(f"a move list is text, bytes, moves or arrays of them, not {type(moves).__name__}")
    mapping = post_mapping(posts, names)
    table: list[tuple[int, int, int]] = []
    unreadable: list[Unreadable] = []
    for index, item in enumerate(moves, 1):
        try:
            table.append(_item(item, mapping))
        except Unread as error:
            unreadable.append(Unreadable(index, quote(item, 80), len(table), str(error)))
        ensure_moves(len(table))
    array = np.array(table, np.int64).reshape(-1, 3)
    return small_arrays(array[:, 0], array[:, 1], array[:, 2], None, tuple(unreadable))


def _item(item: object, mapping: dict[str, int]) -> tuple[int, int, int]:
    """One move given as a :class:`Move`, a tuple, list or numpy row of three, or text."""
    if isinstance(item, str):
        found = moves_of(item, mapping)
        if found is None or len(found) != 1:
            raise Unread("not a move such as '1SD', '1 S D', '(1, 0, 2)' or 'move disk 1 from S to D'")
        return found[0]
    if isinstance(item, (tuple, list, np.ndarray)) and np.ndim(item) == 1 and len(item) == 3:
        disk = as_int(item[0])
        if disk is None or not 0 <= disk <= MAX_DISKS:
            raise Unread(f"the disk of a move is a whole number up to {MAX_DISKS}")
        posts = []
        for post in item[1:]:
            number = as_int(post)
            if number is None and not isinstance(post, str):
                raise Unread(f"{quote(post)} is not a post")
            posts.append(post_of(post if number is None else str(number), mapping))
        return disk, posts[0], posts[1]
    raise Unread("a move is (disk, src, dst) or text such as '1SD'")
