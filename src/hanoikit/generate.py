"""Puzzle sets with exact optima, for learners and for the evaluation of AI models.

:func:`generate` draws instances of the family (classic, magnetic, more posts, restricted moves) from a seed: the same
arguments give the same instances, and instance ``i`` depends only on the seed and ``i``. Each instance is a JSON-ready
dict with its rules, its start and goal, the exact optimal length (its difficulty) and what the solver that gave it
guarantees (``guarantee``: "proven optimal", or "optimal by exhaustive check" where a conjecture was checked), a
``prompt`` in plain English stating the rules, the positions and the answer format, and a ``link`` to the play page.

>>> [instance] = generate(1, seed=7, families=["classic"], disks=(3, 3))
>>> instance["id"], instance["n"], instance["posts"], instance["moves"], instance["colors"], instance["optimal"]
('7-0', 3, 3, 'any', None, 7)
>>> instance["start"], instance["goal"], instance["link"]
('SSS', 'DDD', '/?n=3&posts=3&moves=any&start=SSS&goal=DDD&par=7')

**Families** (:func:`family_puzzle`): ``classic``; ``postsK`` (K posts, every move); ``cyclic``, ``linear``,
``star`` (three posts, or K with a suffix: ``cyclic4``); ``magnetic`` (three posts of a colouring drawn among the 27)
or ``magnetic-RBB`` (that colouring). Any member of the family is covered as its solvers land in the registry.

**Bounded work.** The optimum of every instance is computed exactly, so sizes whose optimum is not quick are refused
before anything is drawn (:func:`check_sizes`): at most :data:`~hanoikit.limits.MAX_GENERATE_DISKS` disks; on four
posts or more, where no closed form gives the optimum (the heuristic search), at most
:data:`~hanoikit.limits.MAX_GENERATE_HEURISTIC_DISKS` disks by posts and faces (:func:`heuristic_disks`); and another
member answered only by the exhaustive search at most :data:`~hanoikit.limits.MAX_GENERATE_SEARCH_POSITIONS`
positions. A solution is included (``solutions=True``: ``solution``, an optimal answer written as the prompt asks,
:func:`answer_text` in the style) up to :data:`~hanoikit.limits.MAX_GENERATE_SOLUTION_MOVES` moves.

**Styles** (:data:`STYLES`). ``hanoikit`` asks for moves such as ``1SD`` (posts S, I, D), one a line;
``reasoning-gym`` for ``Move disk 1 from Peg 1 to Peg 3`` lines (pegs numbered from 1, as reasoning-gym's
``tower_of_hanoi`` does); ``apple`` for the list ``moves = [[1, 0, 2], ...]`` of "The Illusion of Thinking" (2025;
pegs numbered from 0). Each instance says its ``style``, the post ``names`` its answers use (``None``: hanoikit's
letters), ``answer_chars`` (the length in characters of an optimal answer written in that style, ``None`` when it
would cost more than listing :data:`~hanoikit.limits.MAX_GENERATE_SOLUTION_MOVES` moves to count) and ``branching``
(the most legal moves a position of the member can have: the pairs of posts a disk may cross between).
``max_answer_chars`` keeps only the instances whose optimal answer fits.

**The link** is the play page's address of the instance: ``/?n=N&posts=K&moves=RULE[&colors=COLORS]&start=POSITION
&goal=POSITION&par=OPTIMAL``, the rule a name (``any``, ``cyclic``, ...) or pairs of post letters (``SI ID DS``),
``colors`` for magnetic instances only, positions in their notation (``SIS:RBR``), ``par`` the optimum.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, cast
from urllib.parse import quote_plus

import numpy as np

from . import algorithms
from .errors import (
    InvalidPuzzleError,
    InvalidStateError,
    TooLargeError,
    UnsolvableError,
    quote,
)
from .limits import (
    MAX_DISK_MOVES_DISKS,
    MAX_GENERATE_COUNT,
    MAX_GENERATE_DISKS,
    MAX_GENERATE_HEURISTIC_DISKS,
    MAX_GENERATE_SEARCH_POSITIONS,
    MAX_GENERATE_SOLUTION_MOVES,
    ensure_at_most,
)
from .move import Move, as_count, as_int
from .puzzle import VARIANTS, MagneticPuzzle, Puzzle, rule_name, rule_text
from .state import Color, State, color_name

__all__ = [
    "FAMILIES",
    "STARTS",
    "GOAL_POSTS",
    "STYLES",
    "answer_text",
    "branching",
    "instance_at",
    "check_sizes",
    "family_puzzle",
    "generate",
    "heuristic_disks",
    "instance_puzzle",
    "prompt",
    "rule_of",
]

FAMILIES = ("classic", "magnetic", "posts4", "cyclic", "linear", "star")
"""Family names for ``--family`` (and the patterns ``postsK``, ``cyclicK``, ``linearK``, ``starK``,
``magnetic-COLORS``)."""

STARTS = ("perfect", "random")
"""How the start (and the goal) are drawn: the perfect towers on S and D, or any legal position."""

STYLES = ("hanoikit", "reasoning-gym", "apple")
"""Prompt and answer styles: hanoikit's ``1SD`` lines, reasoning-gym's ``Move disk 1 from Peg 1 to Peg 3`` lines,
the paper's ``moves = [[1, 0, 2], ...]``."""

GOAL_POSTS = ("D", "any")
"""Where a goal tower stands: on D (the last post), or on a post drawn among the others than the start's."""

_FAMILY = re.compile(r"(classic)|posts(\d+)|(cyclic|linear|star)(\d*)|magnetic(?:-([RBNrbn]+))?")
_TRIES = 100
_SEED_DIGITS = 100


def family_puzzle(family: str, n: int, rng: random.Random | None = None) -> Puzzle:
    """The puzzle of ``family`` with ``n`` disks (a ``magnetic`` colouring drawn with ``rng``, NNN without one).

    >>> family_puzzle("posts4", 3), family_puzzle("cyclic", 2), family_puzzle("magnetic-RBB", 2)
    (Puzzle(3, posts=4), Puzzle(2, moves='cyclic'), MagneticPuzzle(2, colors='RBB', start_up='R', goal_up='B'))
    """
    found = _FAMILY.fullmatch(family.strip().lower()) if isinstance(family, str) else None
    if found is None:
        raise InvalidPuzzleError(
            f"unknown family {quote(family)}: choose {', '.join(FAMILIES)} (or postsK, cyclicK, linearK, starK, "
            "magnetic-COLORS such as magnetic-RBB)"
        )
    classic, posts, rule, rule_posts, colors = found.groups()
    if not (classic or posts or rule or colors):
        colors = "NNN" if rng is None else rng.choice(VARIANTS)
    return _puzzle(n, classic, posts, rule, rule_posts, colors)


@functools.lru_cache(maxsize=1024)
def _puzzle(n: int, classic: str | None, posts: str | None, rule: str | None, rule_posts: str | None,
            colors: str | None) -> Puzzle:
    if classic:
        return Puzzle(n)
    if posts:
        return Puzzle(n, posts=int(posts))
    if rule:
        return Puzzle(n, posts=int(rule_posts or 3), moves=rule)
    return MagneticPuzzle(n, str(colors).upper())


def rule_of(puzzle: Puzzle) -> str:
    """The move rule's name, or the allowed moves as pairs of post letters.

    >>> rule_of(Puzzle(2, posts=4, moves="star")), rule_of(Puzzle(2, moves="SI ID DS SD"))
    ('star', 'DS ID SD SI')
    """
    names = puzzle.post_names
    return rule_name(puzzle.moves, puzzle.posts) or " ".join(sorted(names[a] + names[b] for a, b in puzzle.moves))


def _disks(disks: tuple[int, int]) -> tuple[int, int]:
    """``disks`` as a pair of Python ints ``(low, high)``, or :class:`~hanoikit.InvalidPuzzleError`."""
    pair = tuple(disks) if isinstance(disks, (tuple, list)) else ()
    numbers = [as_int(value) for value in pair]
    if len(numbers) != 2 or None in numbers:
        raise InvalidPuzzleError(f"the disks are a range (low, high) of whole numbers, not {quote(disks)}")
    low, high = cast("list[int]", numbers)
    return low, high


def check_sizes(families: Sequence[str], disks: tuple[int, int], start: str = "perfect", goal: str = "perfect") -> None:
    """Raise :class:`~hanoikit.TooLargeError` (or :class:`~hanoikit.InvalidPuzzleError`) if some instance of these
    families and sizes could need more than quick work for its optimum.

    >>> check_sizes(["cyclic"], (3, 9), "random")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    hanoikit.errors.TooLargeError: cyclic with 8 disks needs the exhaustive search over 6561 positions for its optimum:
    at most 5000 (--disks up to 7 for it)
    >>> check_sizes(["posts4"], (3, 13), "random")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    hanoikit.errors.TooLargeError: posts4 with 12 disks needs a heuristic search for its optimum: at most 11 disks
    (--disks up to 11 for it)
    """
    low, high = _disks(disks)
    if not 1 <= low <= high:
        raise InvalidPuzzleError(f"the disks are a range low..high of at least 1 disk, not {low}..{high}")
    ensure_at_most(high, MAX_GENERATE_DISKS, "disks (in a generated instance)")
    if start not in STARTS or goal not in STARTS:
        raise InvalidPuzzleError(f"a start or goal is one of {', '.join(STARTS)}, not {quote(start)}, {quote(goal)}")
    from .solvers.exhaustive import position_bound
    from .solvers.heuristic import covers
    from .solvers.registry import EXHAUSTIVE, HEURISTIC, solvers_for

    for family in families:
        for n in range(low, high + 1):
            puzzle = family_puzzle(family, n)
            src = _example(puzzle, start, puzzle.start)
            dst = _example(puzzle, goal, puzzle.goal)
            solver = solvers_for(puzzle, src, dst)[0]
            if solver in (EXHAUSTIVE, HEURISTIC) and covers(puzzle):
                cap = heuristic_disks(puzzle)
                if n > cap:
                    raise TooLargeError(
                        f"{family} with {n} disks needs a heuristic search for its optimum: at most {cap} disks "
                        f"(--disks up to {cap} for it)"
                    )
            elif solver is EXHAUSTIVE:
                bound = position_bound(puzzle)
                if bound > MAX_GENERATE_SEARCH_POSITIONS:
                    fits = [m for m in range(1, n) if position_bound(family_puzzle(family, m)) <=
                            MAX_GENERATE_SEARCH_POSITIONS]
                    hint = f" (--disks up to {fits[-1]} for it)" if fits else ""
                    raise TooLargeError(
                        f"{family} with {n} disks needs the exhaustive search over {bound} positions for its optimum: "
                        f"at most {MAX_GENERATE_SEARCH_POSITIONS}{hint}"
                    )


def heuristic_disks(puzzle: Puzzle) -> int:
    """The most disks of a generated instance of ``puzzle``'s member (four posts or more) whose optimum needs a search
    (:data:`~hanoikit.limits.MAX_GENERATE_HEURISTIC_DISKS`).

    On more posts, no more than the heuristic search takes on (:func:`hanoikit.solvers.heuristic.disk_cap`: the
    positions of ten posts grow much faster than those of six).

    >>> heuristic_disks(Puzzle(3, posts=4)) == MAX_GENERATE_HEURISTIC_DISKS[4, False]
    True
    >>> heuristic_disks(Puzzle(3, posts=6)), heuristic_disks(Puzzle(3, posts=10))
    (6, 5)
    """
    from .solvers.heuristic import disk_cap

    return min(MAX_GENERATE_HEURISTIC_DISKS[min(puzzle.posts, 6), puzzle.faces], disk_cap(puzzle))


def _example(puzzle: Puzzle, kind: str, tower: State) -> State:
    """A position standing for those ``kind`` draws: the tower itself, or one that is not a tower."""
    if kind == "perfect" or puzzle.n == 1:
        return tower
    return tower.replace(1, (tower.posts[0] + 1) % puzzle.posts)


def generate(
    count: int,
    seed: int = 0,
    families: Sequence[str] = ("classic",),
    disks: tuple[int, int] = (3, 10),
    start: str = "perfect",
    goal: str = "perfect",
    solutions: bool = False,
    *,
    style: str = "hanoikit",
    goal_post: str = "D",
    max_answer_chars: int | None = None,
) -> Iterator[dict[str, Any]]:
    """``count`` instances drawn from ``seed``: for each, a family of ``families`` and a number of disks in
    ``disks`` (low, high), a start and a goal (``"perfect"`` towers, on S and on D or with ``goal_post="any"`` on a
    post drawn among the others, or ``"random"`` legal positions; never equal, the goal reachable), the prompt in
    ``style``, and with ``solutions`` an optimal solution written in the style (``solution``). With
    ``max_answer_chars``, instances whose optimal answer is longer (or not known) are skipped and the next index
    drawn, up to ``100 * count`` draws. The sizes are checked first (see :func:`check_sizes`).

    >>> [one] = generate(1, seed=2, families=["posts4"], disks=(3, 3), style="apple", goal_post="any")
    >>> one["start"], one["goal"], one["names"], one["answer_chars"], one["branching"]
    ('SSS', 'III', '0123', 63, 6)
    """
    count = as_count(count, "the number of instances", 0)
    ensure_at_most(count, MAX_GENERATE_COUNT, "instances")
    seed = _seed(seed)
    if max_answer_chars is not None:
        max_answer_chars = as_count(max_answer_chars, "the most answer characters")
    families = list(families) or ["classic"]
    disks = _disks(disks)
    check_sizes(families, disks, start, goal)
    _check_choice(style, STYLES, "style")
    _check_choice(goal_post, GOAL_POSTS, "goal post")
    if max_answer_chars is not None and start == goal == "perfect" and goal_post == "D":
        shortest = min(_answer_chars(p, p.start, p.goal, style) or 0 for p in
                       (family_puzzle(f, disks[0]) for f in families))
        if shortest > max_answer_chars:
            raise TooLargeError(f"no instance fits in {max_answer_chars} answer characters: the shortest optimal "
                                f"answer with {disks[0]} disks has {shortest}")
    index = made = 0
    while made < count:
        if max_answer_chars is not None and index >= 100 * count:
            raise TooLargeError(f"only {made} of {count} instances fit in {max_answer_chars} answer characters "
                                f"after {index} draws")
        instance = instance_at(seed, index, families, disks, start, goal, solutions, style=style,
                               goal_post=goal_post)
        index += 1
        chars = instance["answer_chars"]
        if max_answer_chars is None or (chars is not None and chars <= max_answer_chars):
            made += 1
            yield instance


def _check_choice(value: str, choices: Sequence[str], what: str) -> None:
    if value not in choices:
        raise InvalidPuzzleError(f"unknown {what} {quote(value)}: choose {', '.join(choices)}")


def instance_at(seed: int, index: int, families: Sequence[str], disks: tuple[int, int], start: str = "perfect",
                goal: str = "perfect", solutions: bool = False, *, style: str = "hanoikit",
                goal_post: str = "D") -> dict[str, Any]:
    """Instance ``index`` of the set of ``seed`` (it depends only on them and the options, see :func:`generate`;
    the sizes are not checked here)."""
    seed, index = _seed(seed), as_count(index, "the index of an instance", 0)
    rng = random.Random(f"hanoikit:{seed}:{index}")
    family = rng.choice(list(families))
    n = rng.randint(*disks)
    for _ in range(_TRIES):
        puzzle = family_puzzle(family, n, rng)
        try:
            src, dst = _endpoints(puzzle, rng, start, goal, goal_post)
            optimal = puzzle.distance(src, dst)
        except (UnsolvableError, InvalidPuzzleError, InvalidStateError):
            continue  # a colouring whose goal cannot be reached, or a position with none
        if optimal:
            break
    else:
        raise UnsolvableError(f"no instance of {family} with {n} disks has a reachable goal after {_TRIES} draws")
    colors = puzzle.colors if puzzle.faces else None
    rule = rule_of(puzzle)
    instance: dict[str, Any] = {
        "id": f"{seed}-{index}", "family": family, "n": n, "posts": puzzle.posts, "moves": rule, "colors": colors,
        "start": str(src), "goal": str(dst), "optimal": optimal,
        "guarantee": puzzle.solver(src, dst).guarantee_for(puzzle).value, "style": style,
        "names": _STYLE_NAMES[style](puzzle.posts),
        "answer_chars": _answer_chars(puzzle, src, dst, style), "branching": branching(puzzle),
        "prompt": prompt(puzzle, src, dst, style),
    }
    query = {"n": n, "posts": puzzle.posts, "moves": rule, **({"colors": colors} if colors else {}),
             "start": str(src), "goal": str(dst), "par": optimal}
    instance["link"] = "/?" + "&".join(f"{key}={quote_plus(str(value), safe=':')}" for key, value in query.items())
    if solutions:
        ensure_at_most(optimal, MAX_GENERATE_SOLUTION_MOVES, "moves (in a listed solution)")
        instance["solution"] = answer_text(puzzle, puzzle.solve(src, dst), style)
    return instance


def _seed(seed: object) -> int:
    """The seed as a Python int (a numpy integer writes the ids as a Python int does), of at most 100 digits."""
    found = as_int(seed)
    if found is None or abs(found) >= 10**_SEED_DIGITS:
        raise InvalidPuzzleError(f"the seed is a whole number of at most {_SEED_DIGITS} digits, not {quote(seed)}")
    return found


def _endpoints(puzzle: Puzzle, rng: random.Random, start: str, goal: str, goal_post: str) -> tuple[State, State]:
    src = puzzle.start if start == "perfect" else puzzle.random_state(rng)
    if goal == "random":
        return src, puzzle.random_state(rng)
    if goal_post == "D":
        return src, puzzle.goal
    return src, _tower(puzzle, rng.choice([p for p in range(puzzle.posts) if p != src.posts[-1]]), puzzle.goal)


def _tower(puzzle: Puzzle, post: int, like: State) -> State:
    """The tower on ``post``, showing the colour of ``like`` (or the post's own colour)."""
    if like.posts[0] == post:
        return like
    up = None if like.ups is None else {"R": "R", "B": "B"}.get(puzzle.colors[post], like.ups[0])
    return State.tower(puzzle.n, post, cast("Color | None", up), puzzle.posts)


def branching(puzzle: Puzzle) -> int:
    """The most legal moves a position of ``puzzle`` can have: the pairs of posts between which a disk may move
    (on a magnetic tower the colours may allow fewer).

    >>> branching(Puzzle(3)), branching(Puzzle(3, posts=4)), branching(Puzzle(3, moves="cyclic"))
    (3, 6, 3)
    >>> branching(Puzzle(3, posts=4, moves="star")), branching(Puzzle(3, moves="linear"))
    (3, 2)
    """
    return len({frozenset(pair) for pair in puzzle.moves})


_STYLE_NAMES: dict[str, Callable[[int], str | None]] = {
    "hanoikit": lambda posts: None,
    "reasoning-gym": lambda posts: "".join(map(str, range(1, posts + 1))) if posts < 10 else
    " ".join(map(str, range(1, posts + 1))),
    "apple": lambda posts: "".join(map(str, range(posts))),
}


def answer_text(puzzle: Puzzle, moves: Iterable[Move], style: str = "hanoikit") -> str:
    """``moves`` written as an answer in ``style``.

    >>> p = Puzzle(2)
    >>> print(answer_text(p, p.solve(), "reasoning-gym"))
    Move disk 1 from Peg 1 to Peg 2
    Move disk 2 from Peg 1 to Peg 3
    Move disk 1 from Peg 2 to Peg 3
    >>> answer_text(p, p.solve(), "apple"), answer_text(p, p.solve())
    ('moves = [[1, 0, 1], [2, 0, 2], [1, 1, 2]]', '1SI\\n2SD\\n1ID')
    """
    _check_choice(style, STYLES, "style")
    if style == "hanoikit":
        return "\n".join(move.notation(puzzle.posts) for move in moves)
    if style == "reasoning-gym":
        return "\n".join(f"Move disk {d} from Peg {a + 1} to Peg {b + 1}" for d, a, b in moves)
    return "moves = [" + ", ".join(f"[{d}, {a}, {b}]" for d, a, b in moves) + "]"


_SHAPE = {"hanoikit": (0, 1, 0), "reasoning-gym": (len("Move disk  from Peg  to Peg "), 1, 0),
          "apple": (len("[, , ]"), 2, len("moves = []"))}
"""Each style's characters a move besides its numbers and post names, between moves, and around the list."""


def _answer_chars(puzzle: Puzzle, src: State, dst: State, style: str) -> int | None:
    """The length of an optimal answer in ``style``, counted from the moves of each disk between the puzzle's own
    start and goal, else on the solution's arrays up to :data:`~hanoikit.limits.MAX_GENERATE_SOLUTION_MOVES` moves,
    else ``None``."""
    each, between, around = _SHAPE[style]
    widths = np.array([len(name) for name in (puzzle.post_names if style == "hanoikit" else
                                              (_STYLE_NAMES[style](puzzle.posts) or "").split() if puzzle.posts >= 10
                                              else list(_STYLE_NAMES[style](puzzle.posts) or ""))], np.int64)
    try:
        optimal = puzzle.distance(src, dst)
        if src == puzzle.start and dst == puzzle.goal and puzzle.n <= MAX_DISK_MOVES_DISKS and len(set(widths)) == 1:
            counts = puzzle.disk_moves()
            digits = sum(count * len(str(disk)) for disk, count in enumerate(counts, 1))
            names = optimal * 2 * int(widths[0])
        elif optimal <= MAX_GENERATE_SOLUTION_MOVES:
            digits = names = 0
            for disk, a, b in algorithms.get("optimal").arrays(puzzle, src, dst):
                disk = np.asarray(disk, np.int64)
                digits += len(disk) + int(np.searchsorted(_POWERS, disk, "right").sum())
                names += int(widths[np.asarray(a, np.int64)].sum() + widths[np.asarray(b, np.int64)].sum())
        else:
            return None
    except (UnsolvableError, TooLargeError):
        return None
    return optimal * each + digits + names + (optimal - 1) * between + around


_POWERS = np.array([10**k for k in range(1, 8)], np.int64)  # a disk's digits: 1 + the powers of ten up to it


def instance_puzzle(instance: dict[str, Any]) -> tuple[Puzzle, State, State]:
    """The puzzle, the start and the goal of a generated instance (as read back from its JSON).

    >>> [instance] = generate(1, seed=3, families=["magnetic-RNB"], disks=(2, 2))
    >>> instance_puzzle(instance)
    (MagneticPuzzle(2, colors='RNB', start_up='R', goal_up='B'), State.parse('SS:RR'), State.parse('DD:BB'))
    """
    try:
        n, posts, rule, colors = (instance[key] for key in ("n", "posts", "moves", "colors"))
    except (KeyError, TypeError):
        raise InvalidPuzzleError(f"an instance gives n, posts, moves and colors, not {quote(instance)}") from None
    puzzle = Puzzle(n, posts, rule) if colors is None else MagneticPuzzle(n, colors, moves=rule)
    return puzzle, puzzle.parse(instance["start"]), puzzle.parse(instance["goal"])


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _labels(puzzle: Puzzle, style: str) -> list[str]:
    """How the prompt of ``style`` names each post."""
    if style == "hanoikit":
        return [f"post {name}" for name in puzzle.post_names]
    if style == "reasoning-gym":
        return [f"Peg {post + 1}" for post in range(puzzle.posts)]
    return [f"peg {post}" for post in range(puzzle.posts)]


def _describe(labels: list[str], state: State) -> list[str]:
    """Each post's disks, bottom to top, with their top colours."""
    lines = []
    for label, stack in zip(labels, state.stacks()):
        if not stack:
            lines.append(f"- {label}: empty")
            continue
        if state.ups is None:
            shown = ", ".join(map(str, stack))
        else:
            shown = ", ".join(f"{disk} ({color_name(state.ups[disk - 1])} up)" for disk in stack)
        lines.append(f"- {label}: {'disk' if len(stack) == 1 else 'disks'} {shown}")
    return lines


def prompt(puzzle: Puzzle, src: State, dst: State, style: str = "hanoikit") -> str:
    """The instance in plain English: the rules of ``puzzle``, the start ``src``, the goal ``dst``, and the answer
    format of ``style`` (see :data:`STYLES`).

    >>> print(prompt(Puzzle(2, moves="cyclic"), State.parse("SS"), State.parse("DD")))  # doctest: +ELLIPSIS
    Solve this Tower of Hanoi puzzle.
    <BLANKLINE>
    There are 3 posts, S, I and D, and 2 disks of different sizes, numbered 1 (the smallest) to 2 (the largest).
    Rules:
    - Move one disk at a time: take the top disk of a post and put it on top of the disks of another post.
    - Never put a disk on a smaller disk.
    - Moves go only from S to I, from I to D and from D to S.
    ...
    >>> print(prompt(Puzzle(2), State.parse("SS"), State.parse("DD"), "apple").splitlines()[-1][:94])
    Answer with the complete list of moves on one line, as moves = [[disk, from peg, to peg], ...]
    """
    _check_choice(style, STYLES, "style")
    labels = _labels(puzzle, style)
    names = puzzle.post_names if style == "hanoikit" else [label.split()[1] for label in labels]
    k, n = puzzle.posts, puzzle.n
    kind = " (the magnetic version)" if puzzle.faces else ""
    thing = "post" if style == "hanoikit" else "peg"
    rules = [
        f"- Move one disk at a time: take the top disk of a {thing} and put it on top of the disks of another {thing}.",
        "- Never put a disk on a smaller disk.",
    ]
    if len(puzzle.moves) < k * (k - 1):
        text = rule_text(puzzle.moves, "".join(names[:10])).removesuffix(" here")  # one character a post
        if style != "hanoikit":
            text = re.sub(r"\b(from|to|between|and) (\d)\b",
                          lambda m: f"{m[1]} {labels[names.index(m[2])]}" if m[2] in names else m[0], text)
        rules.append(f"- {text[0].upper()}{text[1:]}.")
    if puzzle.faces:
        rules += [
            (
                "- Each disk has a red face and a blue face, one on top and one underneath. Every move turns the disk "
                "over: the face that was on top goes underneath."
            ),
            (
                "- Where a disk lands on another disk, the two faces that touch must differ in colour: the face that "
                "was on top of the moving disk must not have the colour of the top face of the disk it lands on."
            ),
        ]
        colored = [(labels[p], c) for p, c in enumerate(puzzle.colors) if c != "N"]
        if colored:
            posts = _and([f"{label} is {color_name(c)}" for label, c in colored])
            others = f" The other {thing}s take any disk." if len(colored) < k else ""
            rules.append(
                f"- {posts[0].upper()}{posts[1:]}: a disk may land directly on a coloured {thing} only if it then "
                f"shows that {thing}'s colour on top (its other face touches the {thing}).{others}"
            )
    if style == "hanoikit":
        there = f"There are {k} posts, {_and(list(names))}"
        answer = (
            "Reach the goal in as few moves as possible. Answer with the moves in order, one per line, each written "
            "as the disk number followed by the letters of the post it leaves and the post it goes to: for example "
            f"1{names[0]}{names[-1]} moves disk 1 from post {names[0]} to post {names[-1]}. Write nothing else."
        )
    elif style == "reasoning-gym":
        there = f"There are {k} pegs, {_and(labels)}"
        answer = (
            "Reach the goal in as few moves as possible. Give the moves in order, one per line, each line written "
            f"exactly as 'Move disk X from Peg Y to Peg Z' (for example: Move disk 1 from {labels[0]} to "
            f"{labels[-1]}), with no other text or formatting."
        )
    else:
        there = f"There are {k} pegs numbered 0 to {k - 1}"
        answer = (
            "Answer with the complete list of moves on one line, as moves = [[disk, from peg, to peg], ...], for "
            "example moves = [[1, 0, 2], [2, 0, 1]] moves disk 1 from peg 0 to peg 2, then disk 2 from peg 0 to "
            "peg 1."
        )
    return "\n".join([
        f"Solve this Tower of Hanoi puzzle{kind}.",
        "",
        (
            f"{there}, and {n} disk{'s' if n > 1 else ''} of different sizes, numbered 1 "
            f"(the smallest) to {n} (the largest)."
        ),
        "Rules:",
        *rules,
        "",
        f"Start position (the disks on each {thing} from bottom to top):",
        *_describe(labels, src),
        "",
        "Goal position:",
        *_describe(labels, dst),
        "",
        answer,
    ])
