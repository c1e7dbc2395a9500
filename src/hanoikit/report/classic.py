"""Seeds 002 (a German lesson, "Die Türme von Hanoi") and 003 (a Chinese article on the classic tower): their counts,
formulas, printed move lists and disk sequences, each beside what hanoikit computes.

The published values are transcribed from the seeds; the computed ones are computed when the report is built.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

from ..analysis.duration import duration
from ..move import Move
from ..puzzle import Puzzle
from ..state import State
from . import Check

__all__ = ["TITLE", "checks"]

TITLE = "the classic tower: Die Türme von Hanoi (002) and 河內塔 (003)"
"""The section's title in the report."""

_GERMAN_POSTS = {"Links": 0, "Mitte": 1, "Rechts": 2, "links": 0, "rechts": 2}
_LETTER_POSTS = {"A": 0, "B": 1, "C": 2}

HANOI_4_OUTPUT = """\
1 von Links nach Mitte
2 von Links nach Rechts
1 von Mitte nach Rechts
3 von Links nach Mitte
1 von Rechts nach Links
2 von Rechts nach Mitte
1 von Links nach Mitte
4 von Links nach Rechts
1 von Mitte nach Rechts
2 von Mitte nach Links
1 von Rechts nach Links
3 von Mitte nach Rechts
1 von Links nach Mitte
2 von Links nach Rechts
1 von Mitte nach Rechts"""
"""Seed 002: the screen output of ``hanoi(4, 'Links ', 'Rechts', 'Mitte ')``."""

DEMO4_JUMPS = """\
Tiny links Mitte; Mini links rechts; Tiny Mitte rechts; Midi links Mitte; Tiny rechts links; Mini rechts Mitte;
Tiny links Mitte; Maxi links rechts; Tiny Mitte rechts; Mini Mitte links; Tiny rechts links; Midi Mitte rechts;
Tiny links Mitte; Mini links rechts; Tiny Mitte rechts"""
"""Seed 002: the moves made in the talking disks' dialogue ``demo4()`` (each "ich springe rüber" or "ich gehe von
... nach ..."), disk by name, in order."""

GRAPH_3 = """\
              AAA
              / \\
            BAA-CAA
            /     \\
          BCA     CBA
          / \\     / \\
        CCA-ACA-ABA-BBA
        /             \\
      CCB             BBC
      / \\             / \\
    ACB-BCB         CBC-ABC
    /     \\         /     \\
  ABB     BAB     CAC     ACC
  / \\     / \\     / \\     / \\
BBB-CBB CAB-AAB-AAC-BAC-BCC-CCC"""
"""Seed 003: the drawing of the 3-disk state graph (letters: the rods of the yellow, red, blue disks)."""

MOVE_LISTS_3 = {
    ("A", "C"): "AC AB CB AC BA BC AC",
    ("A", "B"): "AB AC BC AB CA CB AB",
    ("B", "C"): "BC BA CA BC AB AC BC",
}
"""Seed 003: the printed 3-disk move lists ("Move a disk from A to C." ...) for each transfer."""

DISK_SEQUENCES = {
    4: "1  2  1  3  1  2  1  4  1  2  1  3  1  2  1",
    5: "1  2  1  3  1  2  1  4  1  2  1  3  1  2  1  5  1  2  1  3  1  2  1  4  1  2  1  3  1  2  1",
    6: "1  2  1  3  1  2  1  4  1  2  1  3  1  2  1  5  1  2  1  3  1  2  1  4  1  2  1  3  1  2  1  "
    "6  1  2  1  3  1  2  1  4  1  2  1  3  1  2  1  5  1  2  1  3  1  2  1  4  1  2  1  3  1  2  1",
}
"""Seed 003: the printed sequences of moved disks for 4, 5 and 6 disks."""


def _disks(n: int) -> list[int]:
    return [m.disk for m in Puzzle(n).solve()]


def _seed002() -> list[Check]:
    seed = "002"
    found = []
    counts = [Puzzle(n).distance() for n in range(1, 5)]
    found.append(Check(seed, "Turm(1) to Turm(4): 1, 3, 7, 15 Schritte", "1 3 7 15", " ".join(map(str, counts)),
                       counts == [1, 3, 7, 15]))
    recurrence = all(Puzzle(n).distance() == 2 * Puzzle(n - 1).distance() + 1 == 2**n - 1 for n in range(2, 65))
    found.append(Check(seed, "Schritte(n) = 2*Schritte(n-1) + 1, so n disks need 2^n - 1 moves", "2^n - 1",
                       "Puzzle(n).distance() = 2*Puzzle(n-1).distance() + 1 = 2^n - 1 for n = 2..64: "
                       + ("yes" if recurrence else "no"), recurrence))
    printed = [_german_move(line) for line in HANOI_4_OUTPUT.splitlines()]
    solved = list(Puzzle(4).solve())
    found.append(Check(seed, "The screen output of hanoi(4, Links, Rechts, Mitte)", f"{len(printed)} lines",
                       " ".join(map(str, solved)), printed == solved,
                       "Links, Mitte, Rechts read as S, I, D; compared move by move with Puzzle(4).solve()."))
    found.append(Check(seed, "n = 20 needs 1048575 Schritte", "1048575", str(Puzzle(20).distance()),
                       Puzzle(20).distance() == 1048575))
    found.append(Check(seed, "print 2**64-1", "18446744073709551615", str(Puzzle(64).distance()),
                       Puzzle(64).distance() == 18446744073709551615))
    _, years = duration(Puzzle(64).distance())
    found.append(Check(
        seed, "print (2**64-1)/(60*60*24*365.25): years at one move per second", "584542046091.0",
        f"{float(years):.4f} (exactly {years.numerator}/{years.denominator}); rounded {round(years)}",
        round(years) == 584542046091,
        "Python 2 printed the float with 12 significant digits; the exact value rounds to the same whole number.",
    ))
    found.append(Check(seed, "über 584 Milliarden Jahre (over 584 billion years)", "> 584*10^9",
                       f"{math.floor(years):,}", 584 * 10**9 < years < 585 * 10**9))
    names = {"Tiny": 1, "Mini": 2, "Midi": 3, "Maxi": 4}
    jumps = [part.split() for part in DEMO4_JUMPS.replace("\n", " ").split(";")]
    talked = [Move(names[d], _GERMAN_POSTS[a], _GERMAN_POSTS[b]) for d, a, b in jumps]
    found.append(Check(seed, "The talking disks (demo4): the moves of the dialogue", f"{len(talked)} moves",
                       " ".join(map(str, talked)), talked == solved, "Tiny, Mini, Midi, Maxi are disks 1 to 4."))
    cyclic = all(_smallest_cycles(n) for n in range(1, 13))
    found.append(Check(
        seed, "The iterative rule: the smallest disk steps cyclically right (even n) or left (odd n), and in between "
        "comes the only other possible move", "the rule solves the tower",
        "the optimal solutions for n = 1..12 follow it: " + ("yes" if cyclic else "no"), cyclic,
    ))
    walk = all(_hamilton(n) for n in range(1, 13))
    found.append(Check(
        seed, "The disks of a solution, read as directions, walk an open Hamilton path on the n-cube",
        "every corner exactly once", "checked for n = 1..12: " + ("yes" if walk else "no"), walk,
        "Disk k flips bit k - 1; the 2^n - 1 steps visit all 2^n corners once each.",
    ))
    return found


def _german_move(line: str) -> Move:
    disk, _, src, _, dst = line.split()
    return Move(int(disk), _GERMAN_POSTS[src], _GERMAN_POSTS[dst])


def _smallest_cycles(n: int) -> bool:
    moves = list(Puzzle(n).solve())
    step = 1 if n % 2 == 0 else 2  # right: S -> I -> D -> S; left: S -> D -> I -> S
    smallest = moves[0::2]
    if any(m.disk != 1 or m.dst != (m.src + step) % 3 for m in smallest):
        return False
    state = Puzzle(n).start
    for index, move in enumerate(moves):
        if index % 2 == 1:
            others = [m for m in Puzzle(n).legal_moves(state) if m.disk != 1]
            if others != [move]:
                return False
        state = Puzzle(n).apply(state, move)
    return True


def _hamilton(n: int) -> bool:
    corner, seen = 0, {0}
    for disk in _disks(n):
        corner ^= 1 << (disk - 1)
        seen.add(corner)
    corners: int = 2**n
    return len(seen) == corners


def _seed003() -> list[Check]:
    seed = "003"
    found = []
    from ..search import bfs

    puzzle = Puzzle(3)
    result = bfs(puzzle)
    target = State.parse("DDD")
    labels = GRAPH_3.replace("-", " ").replace("/", " ").replace("\\", " ").split()
    as_states = {State([_LETTER_POSTS[c] for c in label]) for label in labels}
    every = {State(p) for p in _all_positions(3)}
    found.append(Check(seed, "The 3-disk state graph: the drawn positions", f"{len(labels)} labels",
                       f"{len(every)} positions of 3 disks; the drawing has each once: "
                       + ("yes" if as_states == every and len(labels) == 27 else "no"),
                       as_states == every and len(labels) == 27, "Rods A, B, C read as S, I, D; smallest disk first."))
    drawn = _drawn_horizontal_edges()
    legal = all(_adjacent(puzzle, a, b) for a, b in drawn)
    found.append(Check(seed, "The 3-disk state graph: the edges drawn as '-' join positions one move apart",
                       f"{len(drawn)} edges", "all are single moves: " + ("yes" if legal else "no"), legal))
    found.append(Check(seed, "The 3-disk state graph: the shortest path from AAA to CCC", "7",
                       str(result.distance(target)), result.distance(target) == 7, "By breadth-first search."))
    following = sorted(_letters(puzzle.apply(puzzle.start, m)) for m in puzzle.legal_moves(puzzle.start))
    found.append(Check(seed, "From AAA the next positions are BAA or CAA", "BAA, CAA",
                       ", ".join(following), set(following) == {"BAA", "CAA"}))
    minimal = [Puzzle(n).distance() for n in range(1, 5)]
    found.append(Check(seed, "The least numbers of moves for 1 to 4 disks: 1, 3, 7, 15", "1 3 7 15",
                       " ".join(map(str, minimal)), minimal == [1, 3, 7, 15]))
    proof = all(Puzzle(k + 1).distance() == 2 * Puzzle(k).distance() + 1 for k in range(1, 64))
    found.append(Check(seed, "S(n+1) = S(n) + 1 + S(n), so S(n) = 2^n - 1 (proof by induction)",
                       "S(n) = 2^n - 1", "holds for n = 1..64: " + ("yes" if proof else "no"), proof))
    first = {n: _letters_move(next(iter(Puzzle(n).solve()))) for n in (3, 4)}
    found.append(Check(seed, "First move: 3 disks A to C, 4 disks A to B", "3: AC; 4: AB",
                       f"3: {first[3]}; 4: {first[4]}", first == {3: "AC", 4: "AB"}))
    for (a, b), printed in MOVE_LISTS_3.items():
        start = State.tower(3, _LETTER_POSTS[a])
        goal = State.tower(3, _LETTER_POSTS[b])
        ours = " ".join(_letters_move(m) for m in puzzle.solve(start, goal))
        found.append(Check(seed, f"The 3-disk move list from {a} to {b}", printed, ours, ours == printed))
    for n, printed in DISK_SEQUENCES.items():
        ours = " ".join(map(str, _disks(n)))
        found.append(Check(seed, f"The sequence of moved disks for {n} disks", " ".join(printed.split()), ours,
                           ours == " ".join(printed.split()), f"{len(printed.split())} numbers printed."))
    formula = all(
        [(k ^ (k + 1)).bit_length() for k in range(2**n - 1)] == _disks(n) for n in range(1, 15)
    )
    found.append(Check(seed, "a_k = floor(log2(k XOR (k + 1))) + 1, k = 0, 1, 2, ...",
                       "the k-th moved disk (from k = 0)",
                       "gives the moved disks of the optimal solutions for n = 1..14: " + ("yes" if formula else "no"),
                       formula, "Computed exactly: for x >= 1, floor(log2(x)) + 1 is the bit length of x."))
    cycle = all(_three_step_cycle(n) for n in range(1, 13))
    found.append(Check(seed, "The three-step cycle: AB, AC, BC for an even number of disks; AC, AB, BC for odd",
                       "each move uses the rod pair of the cycle", "n = 1..12: " + ("yes" if cycle else "no"), cycle))
    return found


def _all_positions(n: int) -> list[tuple[int, ...]]:
    import itertools

    return list(itertools.product(range(3), repeat=n))


def _letters(state: State) -> str:
    return "".join("ABC"[p] for p in state.posts)


def _letters_move(move: Move) -> str:
    return "ABC"[move.src] + "ABC"[move.dst]


def _drawn_horizontal_edges() -> list[tuple[State, State]]:
    edges = []
    for line in GRAPH_3.splitlines():
        for chain in line.split():
            names = chain.split("-")
            if len(names) > 1:
                edges += [(State([_LETTER_POSTS[c] for c in a]), State([_LETTER_POSTS[c] for c in b]))
                          for a, b in itertools.pairwise(names)]
    return edges


def _adjacent(puzzle: Puzzle, a: State, b: State) -> bool:
    return any(puzzle.apply(a, m) == b for m in puzzle.legal_moves(a))


def _three_step_cycle(n: int) -> bool:
    pairs = [{0, 1}, {0, 2}, {1, 2}] if n % 2 == 0 else [{0, 2}, {0, 1}, {1, 2}]
    return all({m.src, m.dst} == pairs[k % 3] for k, m in enumerate(Puzzle(n).solve()))


def checks(figure_dir: Path) -> list[Check]:
    """Every checked item of seeds 002 and 003 (they have no figures to draw)."""
    return _seed002() + _seed003()
