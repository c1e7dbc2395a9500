"""Public entry points given a number where a count, an index or a post is meant: a bool is refused (``levy.compare``
took ``True`` for one row), a numpy integer gives exactly the answer of the same Python int (never numpy's wrapping
arithmetic), and a negative, zero, huge or fractional number is refused at once with a :class:`~hanoikit.HanoiError`
subclass, never a ``TypeError``, ``IndexError``, ``ValueError`` or ``OverflowError`` from inside, a hang or a crash
of the process."""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import islice

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import checker, levy, movelist, oeis, search
from hanoikit.analysis import counts, markov, variants
from hanoikit.analysis.colourings import with_disks
from hanoikit.digits import digit_count, exact, grouped, leading, rounded
from hanoikit.draw.animate import frames
from hanoikit.frontier import Layout, frontier_search, make_engine
from hanoikit.generate import generate, instance_at
from hanoikit.graph import sierpinski_layout, sierpinski_text
from hanoikit.movearray import MoveArray
from hanoikit.report.levy import table10
from hanoikit.score import wilson
from hanoikit.solvers import arrays, classic, cyclic, frame_stewart, linear, magnetic, tower_search
from hanoikit.teach import cycles, explain, ncube
from hanoikit.text import disk_text
from strategies import examples


def _first(moves: Iterable[object]) -> list[object]:
    """The first moves of a lazy solution (never all of them: a valid number may be 40 disks)."""
    return list(islice(moves, 5))


def _summary(moves: MoveArray) -> tuple[object, ...]:
    """A solution built whole, told by its length, first and last moves (a list of millions of rows would take GBs)."""
    return moves.size, *(np.r_[part[:5], part[-1:]].tolist() for part in (moves.disk, moves.src, moves.dst))


_HEAVY = {"solvers.arrays.arrays": 24}
"""Entry points that build a valid request whole up to a cap that takes GBs (``arrays`` holds 2**32 - 1 moves, 12 GiB,
by design): the generated numbers stay under the bound given here (an OOM-killed worker in the deep run)."""


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
    "levy.solution_array": (lambda x: _summary(levy.solution_array("62", x)), 3),
    "levy.solution_array limit": (lambda x: levy.solution_array("62", 3, x).rows().tolist(), 100),
    "oeis.new_numbers": (lambda x: oeis.new_numbers(upto=x, max_codes=2000), 2),
    "oeis.new_shapes": (lambda x: oeis.new_shapes(upto=x, max_codes=2000), 2),
    "oeis.bfile": (lambda x: oeis.bfile("A382111", upto=x, max_codes=2000), 2),
    "search.diameter posts": (lambda x: search.diameter(hk.Puzzle(2, posts=x)).as_dict()["diameter"], 4),
    "oeis.compare max_codes": (lambda x: oeis.compare(upto=2, max_codes=x), 100),
    "markov.seed_recursions": (lambda x: markov.seed_recursions(x), 12),
    "analysis.variants": (lambda x: variants(hk.Puzzle(1), x).rows, 2),
    "graph.sierpinski_layout": (lambda x: sierpinski_layout(x), 2),
    "text.disk_text": (lambda x: disk_text(x), 3),
    "teach.cycles.steps": (lambda x: cycles.steps(x), 3),
    "teach.explain.script": (lambda x: explain.script(x), 3),
    "teach.explain.names": (lambda x: explain.names(x), 3),
    "teach.ncube.walk": (lambda x: ncube.walk(x), 3),
    "solvers.arrays.arrays": (lambda x: _summary(arrays.arrays(x)), 3),
    "solvers.arrays.arrays src": (lambda x: arrays.arrays(2, x, 0).rows().tolist(), 1),
    "solvers.arrays.chunks size": (lambda x: [c.rows().tolist() for c in arrays.chunks(3, x)], 2),
    "solvers.arrays.chunks start": (lambda x: [c.rows().tolist() for c in arrays.chunks(3, 2, start=x)], 1),
    "search.successors": (lambda x: search.successors(hk.Puzzle(3), np.array([x])).child.tolist(), 5),
    "generate count": (lambda x: list(generate(x, disks=(2, 3))), 2),
    "generate seed": (lambda x: list(generate(2, seed=x, disks=(2, 3))), 7),
    "generate disks": (lambda x: list(generate(2, disks=(x, 3))), 2),
    "generate max_answer_chars": (lambda x: list(generate(2, disks=(2, 3), max_answer_chars=x)), 120),
    # widened by the deep fuzzing session: every public function that takes a count, an index, a post or a size
    "Puzzle(cyclic).distance": (lambda x: hk.Puzzle(x, moves="cyclic").distance(), 3),
    "Puzzle(cyclic).state_at": (lambda x: hk.Puzzle(3, moves="cyclic").state_at(x), 3),
    "Puzzle(linear).move_at": (lambda x: hk.Puzzle(3, moves="linear").move_at(x), 3),
    "Puzzle(posts=4).move_at": (lambda x: hk.Puzzle(4, posts=4).move_at(x), 3),
    "Puzzle.disk_moves": (lambda x: hk.Puzzle(x).disk_moves(), 3),
    "MagneticPuzzle.disk_moves": (lambda x: hk.MagneticPuzzle(x).disk_moves(), 3),
    "Puzzle(posts=4).disk_moves": (lambda x: hk.Puzzle(x, posts=4).disk_moves(), 3),
    "MagneticPuzzle.move_at": (lambda x: hk.MagneticPuzzle(4).move_at(x), 3),
    "Game": (lambda x: str(hk.Game(hk.Puzzle(x)).state), 3),
    "State.up": (lambda x: hk.MagneticPuzzle(3).start.up(x), 1),
    "State.replace disk": (lambda x: hk.Puzzle(3).start.replace(x, 1), 1),
    "State.replace post": (lambda x: hk.Puzzle(3).start.replace(1, x), 1),
    "Move.notation posts": (lambda x: hk.Move(1, 0, 2).notation(x), 3),
    "post_names": (lambda x: hk.post_names(x), 3),
    "post_index name": (lambda x: hk.post_index(x), 1),
    "post_index posts": (lambda x: hk.post_index("S", x), 3),
    "movelist.post_labels": (lambda x: movelist.post_labels(x), 3),
    "movelist.read_move_list posts": (lambda x: list(movelist.read_move_list("1SD", x)), 3),
    "movelist.MoveList.line": (lambda x: movelist.read_move_list("1SD\n2SI").line(x), 1),
    "checker.check optimal": (lambda x: checker.check(hk.Puzzle(1), "1SD", optimal=x).optimal, 1),
    "search.codes_at": (lambda x: search.bfs(hk.Puzzle(2)).codes_at(x).tolist(), 1),
    "search.states_at": (lambda x: search.bfs(hk.Puzzle(2)).states_at(x), 1),
    "teach.cycles.four_step_rule k": (lambda x: cycles.four_step_rule(x, 3), 1),
    "teach.cycles.four_step_rule n": (lambda x: cycles.four_step_rule(1, x), 3),
    "teach.cycles.three_step_pair k": (lambda x: cycles.three_step_pair(x, 3), 1),
    "teach.cycles.three_step_pair n": (lambda x: cycles.three_step_pair(1, x), 3),
    "teach.cycles.table": (lambda x: cycles.table(x).row_count, 3),
    "teach.explain.moves": (lambda x: explain.moves(x), 3),
    "teach.explain.dialogue": (lambda x: list(explain.dialogue(x)), 2),
    "teach.ncube.disk_sequence": (lambda x: ncube.disk_sequence(x), 3),
    "teach.ncube.bits corner": (lambda x: ncube.bits(x, 3), 5),
    "teach.ncube.bits n": (lambda x: ncube.bits(5, x), 3),
    "teach.ncube.walk disks": (lambda x: ncube.walk(3, [1, x, 1]), 2),
    "teach.ncube.letters": (lambda x: ncube.letters([x]), 3),
    "teach.ncube.table": (lambda x: ncube.table(x), 3),
    "graph.sierpinski_text": (lambda x: sierpinski_text(x), 2),
    "counts.total_moves": (lambda x: counts.total_moves("NNN", x), 5),
    "counts.totals_upto": (lambda x: counts.totals_upto("NNN", x), 5),
    "counts.disk_move_counts": (lambda x: counts.disk_move_counts("NNN", x), 5),
    "counts.counts_table": (lambda x: counts.counts_table("NNN", x), 5),
    "counts.linear_recurrence max_order": (lambda x: counts.linear_recurrence([2**i - 1 for i in range(1, 11)], x), 3),
    "counts.closed_form terms": (lambda x: str(counts.closed_form("RRB", terms=x)), 12),
    "markov.eigenvalues digits": (lambda x: markov.eigenvalues(markov.seed_matrix(), x), 6),
    "colourings.with_disks": (lambda x: with_disks(hk.MagneticPuzzle(2), x).n, 3),
    "animate.frames tween": (lambda x: len(list(frames(hk.Puzzle(1), [hk.Move(1, 0, 2)], tween=x))), 3),
    "report.levy.table10": (lambda x: table10(x), 3),
    "generate.instance_at seed": (lambda x: instance_at(x, 0, ["classic"], (2, 3)), 1),
    "generate.instance_at index": (lambda x: instance_at(1, x, ["classic"], (2, 3)), 1),
    "score.wilson successes": (lambda x: wilson(x, 10), 3),
    "score.wilson trials": (lambda x: wilson(1, x), 10),
    "levy.blocks": (lambda x: [b.rows().tolist() for b in islice(levy.blocks("62", x), 3)], 3),
    "levy.solution": (lambda x: _first(levy.solution("62", x)), 3),
    "digits.exact": (lambda x: exact(x), 4),
    "digits.grouped": (lambda x: grouped(x), 4),
    "digits.digit_count": (lambda x: digit_count(x), 4),
    "digits.rounded number": (lambda x: rounded(x), 4),
    "digits.rounded figures": (lambda x: rounded(3**100, x), 4),
    "digits.leading figures": (lambda x: leading(3**100, x), 4),
    "positions.decode": (lambda x: hk.search.decode(hk.Puzzle(3), x), 5),
    "frame_stewart.arrays n": (lambda x: _summary(frame_stewart.arrays(x)), 3),
    "frame_stewart.arrays posts": (lambda x: frame_stewart.arrays(3, x).rows().tolist(), 4),
    "frame_stewart.arrays src": (lambda x: frame_stewart.arrays(3, 4, x).rows().tolist(), 1),
    "frame_stewart.arrays dst": (lambda x: frame_stewart.arrays(3, 4, 0, x).rows().tolist(), 2),
    "frame_stewart.chunks size": (lambda x: [c.rows().tolist() for c in frame_stewart.chunks(3, size=x)], 2),
    "magnetic.solution_chunks size": (
        lambda x: [c[0].tolist() for c in magnetic.solution_chunks(hk.MagneticPuzzle(2), size=x)], 2
    ),
    "linear.unrank": (lambda x: linear.unrank(hk.Puzzle(2, moves="linear"), x), 3),
    "tower_search.distance max_codes": (lambda x: tower_search.distance(hk.Puzzle(3, posts=4), max_codes=x), 100),
    "classic.bits": (lambda x: _first(classic.bits(x)), 3),
    "classic.disk_at": (lambda x: classic.disk_at(x), 5),
    "classic.four_step": (lambda x: _first(classic.four_step(x)), 3),
    "classic.three_step": (lambda x: _first(classic.three_step(x)), 3),
    "classic.gray_code": (lambda x: _first(classic.gray_code(x)), 3),
    "classic.iterative": (lambda x: _first(classic.iterative(x)), 3),
    "classic.route_table": (lambda x: _first(classic.route_table(x)), 3),
    "classic.recursive n": (lambda x: _first(classic.recursive(x)), 3),
    "classic.recursive src": (lambda x: _first(classic.recursive(3, x)), 1),
    "classic.tower_move height": (lambda x: classic.tower_move(x, 1), 3),
    "classic.tower_move k": (lambda x: classic.tower_move(3, x), 1),
    "classic.tower_move src": (lambda x: classic.tower_move(3, 1, x), 1),
    "classic.tower_state k": (lambda x: classic.tower_state(3, x), 1),
    "classic.is_hamiltonian_path": (lambda x: classic.is_hamiltonian_path(x, [1, 2, 1]), 2),
    "classic.check_posts": (lambda x: classic.check_posts(x, 2), 0),
    "cyclic.one_step": (lambda x: cyclic.one_step(x), 3),
    "cyclic.two_steps": (lambda x: cyclic.two_steps(x), 3),
    # the frontier search's numbers (the trust session)
    "frontier_search narrow": (lambda x: frontier_search(hk.Puzzle(3, posts=4), narrow=x).layer_sizes, 4),
    "frontier_search block_disks": (lambda x: frontier_search(hk.Puzzle(3, posts=4), block_disks=x).layer_sizes, 2),
    "frontier_search checkpoint_every": (lambda x: _checkpointed(x), 0),
    "frontier.Layout block_disks": (lambda x: repr(Layout(hk.Puzzle(3, posts=4), x)), 1),
    "frontier.make_engine workers": (lambda x: _engine_workers(x), 2),
}


def _checkpointed(every: object) -> list[int]:
    with tempfile.TemporaryDirectory() as directory:
        return frontier_search(hk.Puzzle(3, posts=4), checkpoint=directory, checkpoint_every=every).layer_sizes


def _engine_workers(workers: object) -> int:
    """The workers of a process engine (none starts before its first task)."""
    with make_engine("processes", workers=workers) as engine:
        return engine.workers

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
@example(name="magnetic.solution_chunks size", value=2**70)  # ValueError: maximum allowed dimension exceeded
def test_any_number_gives_an_answer_or_a_library_error(name: str, value: object) -> None:
    call, _ = _ENTRY_POINTS[name]
    assume(not (name in _HEAVY and isinstance(value, int) and _HEAVY[name] < value < 2**10))
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
        (lambda: frontier_search(hk.Puzzle(3), narrow=10**12), "narrow is a whole number"),  # ValueError from numpy
        (lambda: make_engine("processes", workers=-1), "at least 1"),  # ValueError from concurrent.futures
        (lambda: frontier_search(hk.Puzzle(3), checkpoint_every="2"), "seconds"),  # TypeError
        (lambda: markov.seed_recursions(25), "at most 24"),
        (lambda: variants(hk.Puzzle(1), 10**30), "at most 200"),  # never returned
        (lambda: disk_text(np.uint64(2**63)), "at most"),  # OverflowError
        (lambda: list(generate(True)), "number of instances"),  # one instance
        (lambda: list(generate(-1)), "number of instances"),  # none, silently
        (lambda: list(generate(2, seed=2.5)), "seed"),  # ids '2.5-0'
        (lambda: list(generate(2, disks=(2.5, 3))), "range"),  # TypeError
        (lambda: wilson(5, 3), "from 0 to the 3 trials"),  # ValueError: math domain error
        (lambda: wilson(True, 3), "successes"),
        # found by the deep fuzzing session
        (lambda: ncube.disk_sequence(14_000), "up to n = 10"),  # never returned (2**14000 moves)
        (lambda: ncube.bits(5, 2**70), "up to n = 10"),  # never returned
        (lambda: ncube.bits(8, 3), "0 to 7"),  # '000': a corner that is not one
        (lambda: ncube.walk(3, [1, 0]), "a disk"),  # ValueError: negative shift count
        (lambda: ncube.walk(10**5000), r"1\.000·10\^5000"),  # ValueError: more than 4,300 digits in its message
        (lambda: cycles.four_step_rule(1.5, 3), "move number"),  # TypeError
        (lambda: cycles.three_step_pair(1, 2.5), "number of disks"),  # an answer for 2.5 disks
        (lambda: counts.closed_form("RRB", terms=0), "number of terms"),  # IndexError
        (lambda: counts.linear_recurrence([1, 3, 7], 1.5), "highest order"),  # TypeError
        (lambda: markov.eigenvalues(markov.seed_matrix(), 14_000), "at most 15 digits"),  # never returned
        (lambda: markov.eigenvalues(markov.seed_matrix(), 30), "at most 15 digits"),  # NoConvergence
        (lambda: table10(14_000), "up to N = 12"),  # never returned
        (lambda: list(frames(hk.Puzzle(1), [hk.Move(1, 0, 2)], tween=1.5)), "in-between frames"),  # TypeError
        (lambda: list(generate(1, seed=10**5000, disks=(2, 3))), "at most 100 digits"),  # ValueError: 4,300 digits
        (lambda: instance_at(1.5, 0, ["classic"], (2, 3)), "seed"),  # an instance '1.5-0'
        (lambda: search.bfs(hk.Puzzle(14_000)), r"4\.984·10\^6679 codes"),  # ValueError: 4,300 digits
        (lambda: sierpinski_text(10**5000), "1 to 5 disks"),  # ValueError: 4,300 digits
        (lambda: rounded(3**100, 1.5), "figures"),  # '1.6.0·10^47'
        (lambda: rounded(3**100, 14_000), "figures"),  # ValueError: 4,300 digits
        (lambda: rounded(math.nan), "not a number"),  # ValueError: cannot convert NaN
        (lambda: frame_stewart.arrays(3, 4, 1.5), "two different posts"),  # moves from post 1.5
        (lambda: checker.check(hk.Puzzle(1), "1SD", optimal=math.nan), "optimum"),  # a report with optimum nan
        (lambda: movelist.read_move_list("1SD").line(5), "outside 0..0"),  # IndexError
        (lambda: search.bfs(hk.Puzzle(2)).codes_at(1.5), "whole number"),  # [] for distance 1.5
        (lambda: linear.unrank(hk.Puzzle(2, moves="linear"), 9), "0 to 3"),  # a position from a rank past the end
        (lambda: list(magnetic.solution_chunks(hk.MagneticPuzzle(2), size=0)), "size of a chunk"),  # never returned
        (lambda: tower_search.distance(hk.Puzzle(3, posts=4), max_codes=math.nan), "at most nan"),  # no cap at all
    ],
)
def test_found_by_the_audit_refused_at_once(call: Callable[[], object], words: str) -> None:
    with pytest.raises(hk.HanoiError, match=words):
        call()
