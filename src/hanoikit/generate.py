"""Puzzle sets with exact optima, for learners and for the evaluation of AI models.

:func:`generate` draws instances of the family (classic, magnetic, more posts, restricted moves) from a seed: the same
arguments give the same instances, and instance ``i`` depends only on the seed and ``i``. Each instance is a JSON-ready
dict with its rules, its start and goal, the exact optimal length (its difficulty) and what the solver that gave it
guarantees (``guarantee``: "proven optimal" for every member solved so far), a plain-English ``prompt`` stating the
rules, the positions and the answer format, and a ``link`` to the play page.

>>> [instance] = generate(1, seed=7, families=["classic"], disks=(3, 3))
>>> instance["id"], instance["n"], instance["posts"], instance["moves"], instance["colors"], instance["optimal"]
('7-0', 3, 3, 'any', None, 7)
>>> instance["start"], instance["goal"], instance["link"]
('SSS', 'DDD', '/?n=3&posts=3&moves=any&start=SSS&goal=DDD&par=7')

**Families** (:func:`family_puzzle`): ``classic``; ``postsK`` (K posts, every move); ``cyclic``, ``linear``,
``star`` (three posts, or K with a suffix: ``cyclic4``); ``magnetic`` (three posts of a colouring drawn among the 27)
or ``magnetic-RBB`` (that colouring). Any member of the family is covered as its solvers land in the registry.

**Bounded work.** The optimum of every instance is computed exactly, so sizes whose optimum is not quick are refused
before anything is drawn (:func:`check_sizes`): at most :data:`~hanoikit.limits.MAX_GENERATE_DISKS` disks, and a
member answered only by the exhaustive search at most :data:`~hanoikit.limits.MAX_GENERATE_SEARCH_POSITIONS`
positions. A solution is included (``solutions=True``) up to
:data:`~hanoikit.limits.MAX_GENERATE_SOLUTION_MOVES` moves.

**The link** is the play page's address of the instance: ``/?n=N&posts=K&moves=RULE[&colors=COLORS]&start=POSITION
&goal=POSITION&par=OPTIMAL``, the rule a name (``any``, ``cyclic``, ...) or pairs of post letters (``SI ID DS``),
``colors`` for magnetic instances only, positions in their notation (``SIS:RBR``), ``par`` the optimum.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import quote_plus

from .errors import (
    InvalidPuzzleError,
    InvalidStateError,
    TooLargeError,
    UnsolvableError,
    quote,
)
from .limits import (
    MAX_GENERATE_COUNT,
    MAX_GENERATE_DISKS,
    MAX_GENERATE_SEARCH_POSITIONS,
    MAX_GENERATE_SOLUTION_MOVES,
    ensure_at_most,
)
from .puzzle import VARIANTS, MagneticPuzzle, Puzzle, rule_name, rule_text
from .state import State, color_name

__all__ = [
    "FAMILIES",
    "STARTS",
    "check_sizes",
    "family_puzzle",
    "generate",
    "instance_puzzle",
    "prompt",
    "rule_of",
]

FAMILIES = ("classic", "magnetic", "posts4", "cyclic", "linear", "star")
"""Family names for ``--family`` (and the patterns ``postsK``, ``cyclicK``, ``linearK``, ``starK``,
``magnetic-COLORS``)."""

STARTS = ("perfect", "random")
"""How the start (and the goal) are drawn: the perfect towers on S and D, or any legal position."""

_FAMILY = re.compile(r"(classic)|posts(\d+)|(cyclic|linear|star)(\d*)|magnetic(?:-([RBNrbn]+))?")
_TRIES = 100


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


def check_sizes(families: Sequence[str], disks: tuple[int, int], start: str = "perfect", goal: str = "perfect") -> None:
    """Raise :class:`~hanoikit.TooLargeError` (or :class:`~hanoikit.InvalidPuzzleError`) if some instance of these
    families and sizes could need more than quick work for its optimum.

    >>> check_sizes(["posts4"], (3, 9), "random")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    hanoikit.errors.TooLargeError: posts4 with 7 disks needs the exhaustive search over 16384 positions for its optimum:
    at most 5000 (--disks up to 6 for it)
    """
    low, high = disks
    if not 1 <= low <= high:
        raise InvalidPuzzleError(f"the disks are a range low..high of at least 1 disk, not {low}..{high}")
    ensure_at_most(high, MAX_GENERATE_DISKS, "disks (in a generated instance)")
    if start not in STARTS or goal not in STARTS:
        raise InvalidPuzzleError(f"a start or goal is one of {', '.join(STARTS)}, not {quote(start)}, {quote(goal)}")
    from .solvers.exhaustive import position_bound
    from .solvers.registry import EXHAUSTIVE

    for family in families:
        for n in range(low, high + 1):
            puzzle = family_puzzle(family, n)
            src = _example(puzzle, start, puzzle.start)
            dst = _example(puzzle, goal, puzzle.goal)
            if puzzle.solver(src, dst) is EXHAUSTIVE:
                bound = position_bound(puzzle)
                if bound > MAX_GENERATE_SEARCH_POSITIONS:
                    fits = [m for m in range(1, n) if position_bound(family_puzzle(family, m)) <=
                            MAX_GENERATE_SEARCH_POSITIONS]
                    hint = f" (--disks up to {fits[-1]} for it)" if fits else ""
                    raise TooLargeError(
                        f"{family} with {n} disks needs the exhaustive search over {bound} positions for its optimum: "
                        f"at most {MAX_GENERATE_SEARCH_POSITIONS}{hint}"
                    )


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
) -> Iterator[dict[str, Any]]:
    """``count`` instances drawn from ``seed``: for each, a family of ``families`` and a number of disks in
    ``disks`` (low, high), a start and a goal (``"perfect"`` towers or ``"random"`` legal positions, never equal,
    the goal reachable), and with ``solutions`` an optimal solution. The sizes are checked first (see
    :func:`check_sizes`)."""
    ensure_at_most(count, MAX_GENERATE_COUNT, "instances")
    families = list(families) or ["classic"]
    check_sizes(families, disks, start, goal)
    for index in range(count):
        yield _instance(f"{seed}-{index}", random.Random(f"hanoikit:{seed}:{index}"), families, disks, start, goal,
                        solutions)


def _instance(name: str, rng: random.Random, families: list[str], disks: tuple[int, int], start: str, goal: str,
              solutions: bool) -> dict[str, Any]:
    family = rng.choice(families)
    n = rng.randint(*disks)
    for _ in range(_TRIES):
        puzzle = family_puzzle(family, n, rng)
        try:
            src = puzzle.start if start == "perfect" else puzzle.random_state(rng)
            dst = puzzle.goal if goal == "perfect" else puzzle.random_state(rng)
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
        "id": name, "family": family, "n": n, "posts": puzzle.posts, "moves": rule, "colors": colors,
        "start": str(src), "goal": str(dst), "optimal": optimal,
        "guarantee": puzzle.solver(src, dst).guarantee.value, "prompt": prompt(puzzle, src, dst),
    }
    query = {"n": n, "posts": puzzle.posts, "moves": rule, **({"colors": colors} if colors else {}),
             "start": str(src), "goal": str(dst), "par": optimal}
    instance["link"] = "/?" + "&".join(f"{key}={quote_plus(str(value), safe=':')}" for key, value in query.items())
    if solutions:
        ensure_at_most(optimal, MAX_GENERATE_SOLUTION_MOVES, "moves (in a listed solution)")
        instance["solution"] = [move.notation(puzzle.posts) for move in puzzle.solve(src, dst)]
    return instance


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


def _describe(puzzle: Puzzle, state: State) -> list[str]:
    """Each post's disks, bottom to top, with their top colours."""
    lines = []
    for post, stack in enumerate(state.stacks()):
        if not stack:
            lines.append(f"- {puzzle.post_names[post]}: empty")
            continue
        if state.ups is None:
            shown = ", ".join(map(str, stack))
        else:
            shown = ", ".join(f"{disk} ({color_name(state.ups[disk - 1])} up)" for disk in stack)
        lines.append(f"- {puzzle.post_names[post]}: {'disk' if len(stack) == 1 else 'disks'} {shown}")
    return lines


def prompt(puzzle: Puzzle, src: State, dst: State) -> str:
    """The instance in plain English: the rules of ``puzzle``, the start ``src``, the goal ``dst``, the answer format.

    >>> print(prompt(Puzzle(2, moves="cyclic"), State.parse("SS"), State.parse("DD")))  # doctest: +ELLIPSIS
    Solve this Tower of Hanoi puzzle.
    <BLANKLINE>
    There are 3 posts, S, I and D, and 2 disks of different sizes, numbered 1 (the smallest) to 2 (the largest).
    Rules:
    - Move one disk at a time: take the top disk of a post and put it on top of the disks of another post.
    - Never put a disk on a smaller disk.
    - Moves go only from S to I, from I to D and from D to S.
    ...
    """
    names = puzzle.post_names
    k, n = puzzle.posts, puzzle.n
    kind = " (the magnetic version)" if puzzle.faces else ""
    rules = [
        "- Move one disk at a time: take the top disk of a post and put it on top of the disks of another post.",
        "- Never put a disk on a smaller disk.",
    ]
    if len(puzzle.moves) < k * (k - 1):
        text = rule_text(puzzle.moves, names).removesuffix(" here")
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
        colored = [(names[p], c) for p, c in enumerate(puzzle.colors) if c != "N"]
        if colored:
            posts = _and([f"{name} is {color_name(c)}" for name, c in colored])
            others = " The other posts take any disk." if len(colored) < k else ""
            rules.append(
                f"- Post {posts}: a disk may land directly on a coloured post only if it then shows that post's colour"
                f" on top (its other face touches the post).{others}"
            )
    positions = f"{_and(list(names))}"
    return "\n".join([
        f"Solve this Tower of Hanoi puzzle{kind}.",
        "",
        (
            f"There are {k} posts, {positions}, and {n} disk{'s' if n > 1 else ''} of different sizes, numbered 1 "
            f"(the smallest) to {n} (the largest)."
        ),
        "Rules:",
        *rules,
        "",
        "Start position (the disks on each post from bottom to top):",
        *_describe(puzzle, src),
        "",
        "Goal position:",
        *_describe(puzzle, dst),
        "",
        (
            "Reach the goal in as few moves as possible. Answer with the moves in order, one per line, each written "
            "as the disk number followed by the letters of the post it leaves and the post it goes to: for example "
            f"1{names[0]}{names[-1]} moves disk 1 from post {names[0]} to post {names[-1]}. Write nothing else."
        ),
    ])

