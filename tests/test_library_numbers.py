"""Public entry points given a number where a count, an index or a post is meant: a bool is refused (``levy.compare``
took ``True`` for one row), a numpy integer gives exactly the answer of the same Python int (never numpy's wrapping
arithmetic), and a negative, zero, huge or fractional number is refused at once with a :class:`~hanoikit.HanoiError`
subclass, never a ``TypeError``, ``IndexError``, ``ValueError`` or ``OverflowError`` from inside, a hang or a crash
of the process."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import levy, oeis, search
from hanoikit.analysis import markov, variants
from hanoikit.generate import generate
from hanoikit.graph import sierpinski_layout
from hanoikit.score import wilson
from hanoikit.solvers import arrays
from hanoikit.teach import cycles, explain, ncube
from hanoikit.text import disk_text
from strategies import examples

_ENTRY_POINTS: dict[str, tuple[Callable[[object], object], int]] = {
    # name: (the call with the number in question, a valid small value for it)
    "Puzzle(n).distance": (lambda x: hk.Puzzle(x).distance(), 5),
    "MagneticPuzzle(n).distance": (lambda x: hk.MagneticPuzzle(x).distance(), 5),
    "Puzzle.move_at": (lambda x: hk.Puzzle(4).move_at(x), 3),
    "Puzzle.state_at": (lambda x: hk.MagneticPuzzle(4).state_at(x), 3),
    "Puzzle(posts)": (lambda x: hk.Puzzle(3, posts=x).distance(), 4),
    "levy.counts": (lambda x: levy.counts("100", x), 5),
    "levy.structural_count": (lambda x: levy.structural_count("62", x), 5),
    "levy.disk_counts": (lambda x: levy.disk_counts("62", x), 5),
    "levy.compare": (lambda x: levy.compare("62", x), 3),
    "levy.first_suboptimal": (lambda x: levy.first_suboptimal("62", x), 8),
    "levy.solution_array": (lambda x: levy.solution_array("62", x).rows().tolist(), 3),
    "levy.solution_array limit": (lambda x: levy.solution_array("62", 3, x).rows().tolist(), 100),
    "oeis.new_numbers": (lambda x: oeis.new_numbers(upto=x, max_codes=2000), 2),
    "oeis.compare max_codes": (lambda x: oeis.compare(upto=2, max_codes=x), 100),
    "markov.seed_recursions": (lambda x: markov.seed_recursions(x), 12),
    "analysis.variants": (lambda x: variants(hk.Puzzle(1), x).rows, 2),
    "graph.sierpinski_layout": (lambda x: sierpinski_layout(x), 2),
    "text.disk_text": (lambda x: disk_text(x), 3),
    "teach.cycles.steps": (lambda x: cycles.steps(x), 3),
    "teach.explain.script": (lambda x: explain.script(x), 3),
    "teach.explain.names": (lambda x: explain.names(x), 3),
    "teach.ncube.walk": (lambda x: ncube.walk(x), 3),
    "solvers.arrays.arrays": (lambda x: arrays.arrays(x).rows().tolist(), 3),
    "solvers.arrays.arrays src": (lambda x: arrays.arrays(2, x, 0).rows().tolist(), 1),
    "solvers.arrays.chunks size": (lambda x: [c.rows().tolist() for c in arrays.chunks(3, x)], 2),
    "solvers.arrays.chunks start": (lambda x: [c.rows().tolist() for c in arrays.chunks(3, 2, start=x)], 1),
    "search.successors": (lambda x: search.successors(hk.Puzzle(3), np.array([x])).child.tolist(), 5),
    "generate count": (lambda x: list(generate(x, disks=(2, 3))), 2),
    "generate seed": (lambda x: list(generate(2, seed=x, disks=(2, 3))), 7),
    "generate disks": (lambda x: list(generate(2, disks=(x, 3))), 2),
    "generate max_answer_chars": (lambda x: list(generate(2, disks=(2, 3), max_answer_chars=x)), 120),
}

_NUMBERS = st.one_of(
    st.sampled_from([0, -1, -(10**30), 10**30, 2**63, 2**64 - 1, 1.0, 2.5, math.nan, math.inf, Fraction(5, 1)]),
    st.integers(-3, 40),
    st.integers(-(2**70), 2**70),
)


def _outcome(call: Callable[[object], object], value: object) -> tuple[str, object]:
    """What the call gave: ``("value", result)`` or ``("refused", error class)``; anything but a library error
    fails the test."""
    try:
        return "value", call(value)
    except hk.HanoiError as error:
        return "refused", type(error)


@pytest.mark.parametrize("name", sorted(_ENTRY_POINTS))
def test_a_bool_is_refused_where_a_number_is_meant(name: str) -> None:
    call, valid = _ENTRY_POINTS[name]
    assert _outcome(call, valid)[0] == "value", name  # the valid value is one
    for flag in (True, False, np.bool_(True)):
        with pytest.raises(hk.HanoiError):
            call(flag)


@pytest.mark.parametrize("name", sorted(_ENTRY_POINTS))
@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint16, np.uint64])
def test_a_numpy_integer_gives_the_answer_of_the_python_int(name: str, kind: type) -> None:
    call, valid = _ENTRY_POINTS[name]
    expected = call(valid)
    assert call(kind(valid)) == expected, name


def test_numpy_integers_never_wrap_in_the_counts() -> None:
    """A count computed with a numpy int64 n would wrap past 2**63; the Python int answer is exact."""
    assert levy.counts("100", np.int64(60)) == (3**60 - 1) // 2
    assert levy.counts("62", np.uint8(200)) == levy.counts("62", 200)
    assert hk.Puzzle(np.int64(70)).distance() == 2**70 - 1
    assert hk.MagneticPuzzle(np.int16(60)).distance() == hk.MagneticPuzzle(60).distance()


@settings(max_examples=examples(100), deadline=None)
@given(name=st.sampled_from(sorted(_ENTRY_POINTS)), value=_NUMBERS)
def test_any_number_gives_an_answer_or_a_library_error(name: str, value: object) -> None:
    call, _ = _ENTRY_POINTS[name]
    kind, found = _outcome(call, value)
    if kind == "value" and isinstance(value, int) and -(2**63) <= value < 2**63:
        assert call(np.int64(value)) == found  # the same answer from numpy


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: search.successors(hk.Puzzle(3), np.uint64(2**63)), "0..26"),  # crashed the process (SIGSEGV)
        (lambda: search.successors(hk.Puzzle(3), [27]), "0..26"),  # a wrong child silently
        (lambda: search.successors(hk.Puzzle(3), np.array([1.5])), "whole numbers"),
        (lambda: sierpinski_layout(-1), "number of disks"),  # never returned
        (lambda: sierpinski_layout(10**30), "200,000 states"),  # never returned
        (lambda: arrays.arrays(20_000), r"3\.980·10\^6020 moves"),  # ValueError: more than 4,300 digits
        (lambda: cycles.steps(2**70), "up to 8 disks"),  # computed 2**(2**70) for its message
        (lambda: arrays.arrays(2, 1, 1), "two different posts"),  # listed 1II 2II 1II
        (lambda: arrays.arrays(2, 0, 5), "two different posts"),  # OverflowError
        (lambda: levy.solution_array("62", 3, "3"), "limit of moves"),  # TypeError
        (lambda: oeis.compare(upto=False), "last n"),  # IndexError
        (lambda: oeis.new_numbers(max_codes=10**30), "at most"),  # searched without a cap
        (lambda: markov.seed_recursions(False), "level"),  # ValueError
        (lambda: markov.seed_recursions(25), "at most 24"),
        (lambda: variants(hk.Puzzle(1), 10**30), "at most 200"),  # never returned
        (lambda: disk_text(np.uint64(2**63)), "at most"),  # OverflowError
        (lambda: list(generate(True)), "number of instances"),  # one instance
        (lambda: list(generate(-1)), "number of instances"),  # none, silently
        (lambda: list(generate(2, seed=2.5)), "seed"),  # ids '2.5-0'
        (lambda: list(generate(2, disks=(2.5, 3))), "range"),  # TypeError
        (lambda: wilson(5, 3), "from 0 to the 3 trials"),  # ValueError: math domain error
        (lambda: wilson(True, 3), "successes"),
    ],
)
def test_found_by_the_audit_refused_at_once(call: Callable[[], object], words: str) -> None:
    with pytest.raises(hk.HanoiError, match=words):
        call()
