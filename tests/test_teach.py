"""Teaching: the talking disks say the optimal solution, the disk sequence walks the n-cube, the cycles agree."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

import hanoikit as hk
from hanoikit.cli import main
from hanoikit.solvers import classic
from hanoikit.teach import cycles, explain, ncube


# -- the talking disks ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_the_disks_announce_the_optimal_solution(n: int) -> None:
    solution = list(hk.Puzzle(n).solve())
    assert explain.moves(n) == solution
    assert [line.move for line in explain.dialogue(n, "de") if line.move] == solution
    assert hk.Puzzle(n).play(explain.moves(n)) == hk.Puzzle(n).goal


@pytest.mark.parametrize("lang", explain.LANGUAGES)
def test_the_dialogue_follows_the_disks(lang: str) -> None:
    n = 5
    lines = list(explain.dialogue(n, lang))
    assert len(lines) == 6 * 2 ** (n - 1) - 4  # 2 lines per call of disk 1, 4 per call of a larger disk
    posts = explain._LINES[lang]["posts"]
    puzzle, state = hk.Puzzle(n), hk.Puzzle(n).start
    name = dict(zip(range(1, n + 1), explain.names(n)))
    for line, following in zip(lines, lines[1:] + [None]):
        assert line.speaker == name[line.disk]
        if line.move is not None:
            assert posts[line.move.src] in line.text or line.disk == 1
            state = puzzle.apply(state, line.move)
        if line.text.startswith(name.get(line.disk - 1, "-") + ","):  # talking to the disk above
            assert following is not None and following.disk in (line.disk - 1, line.disk)
        if following is not None and following.disk == line.disk - 1 and line.move is None:
            # asked to go: the disk above hears where from, and it is where that disk is now
            source = posts[state.posts[following.disk - 1]]
            assert source in following.text
    assert state == puzzle.goal


def test_the_script_names_the_speaker_only_when_it_changes() -> None:
    text = explain.script(4, "de", numbered=True)
    rows = text.splitlines()
    assert rows[0] == "Maxi: Aha, ich soll also von links nach rechts."
    assert rows[1].startswith("    : Midi, ")
    assert sum("[" in row for row in rows) == 15 and rows[-1].endswith("[15: 1ID]")
    speakers = [row.split(":")[0].strip() for row in rows]
    assert all(a != b for a, b in zip(speakers, speakers[1:]) if a and b)
    assert explain.names(4) == ["Tiny", "Mini", "Midi", "Maxi"]


def test_explain_refuses_bad_input() -> None:
    with pytest.raises(hk.TooLargeError):
        explain.script(11)
    with pytest.raises(hk.InvalidPuzzleError, match="'fr'"):
        explain.script(3, "fr")
    with pytest.raises(hk.InvalidPuzzleError):
        list(explain.dialogue(0))


# -- the n-cube ----------------------------------------------------------------------------------------------------


def visits_every_corner_once(n: int, corners: list[int]) -> bool:
    """The oracle, on the corners: each of the 2**n corners once, each step along one edge of the cube."""
    if len(corners) != 2**n or len(set(corners)) != 2**n or not all(0 <= c < 2**n for c in corners):
        return False
    return all((a ^ b).bit_count() == 1 for a, b in zip(corners, corners[1:]))


@pytest.mark.parametrize("n", range(1, 11))
def test_the_disk_sequence_walks_the_cube_as_a_gray_code(n: int) -> None:
    corners = ncube.walk(n)
    assert corners == list(classic.gray_code(n))
    assert visits_every_corner_once(n, corners)
    assert classic.is_hamiltonian_path(n, ncube.disk_sequence(n))
    assert corners[-1] == 1 << (n - 1)  # open: only the largest disk has moved an odd number of times


def test_other_walks_are_not_hamiltonian() -> None:
    levy = [move.disk for move in hk.levy.solution(3, "62")]  # a magnetic solution: disks repeat their corners
    for n, disks in ((3, levy), (3, [1, 2, 1, 3, 1, 2]), (2, [1, 2, 2])):
        assert not visits_every_corner_once(n, ncube.walk(n, disks))
        assert not classic.is_hamiltonian_path(n, disks)
    assert not visits_every_corner_once(2, [0, 1, 3, 1])


@pytest.mark.parametrize("n", [3, 4])
def test_the_cube_drawing(tmp_path, n: int) -> None:
    from matplotlib.collections import LineCollection

    figure = ncube.draw(n)
    collections = [c for c in figure.axes[0].collections if isinstance(c, LineCollection)]
    assert [len(c.get_segments()) for c in collections] == [n * 2 ** (n - 1), 2**n - 1]  # cube edges, the walk
    svg = tmp_path / "cube.svg"
    ncube.save(n, svg)
    texts = {t.text for t in ET.parse(svg).iter("{http://www.w3.org/2000/svg}text")}
    assert f"start {'0' * n}" in texts and {str(k) for k in range(2**n)} <= texts


def test_the_cube_table() -> None:
    text = ncube.table(3)
    assert text.splitlines()[1:3] == ["    0     -  000", "    1   A 1  100"]
    assert "ABACABA" in text and "visits all 8 corners" in text


# -- the cycles ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_formula_and_cycles_agree_with_the_recursion(n: int) -> None:
    rows = cycles.steps(n)
    assert [row.move for row in rows] == list(hk.Puzzle(n).solve())
    assert all(row.agree for row in rows)
    assert [row.formula for row in rows] == [((k + 1) & -(k + 1)).bit_length() for k in range(2**n - 1)]
    assert all(row.calls.split("›")[-1] == str(row.move) for row in rows)
    assert [row.calls.count("›") for row in rows] == [n - row.move.disk for row in rows]


def test_a_wrong_step_disagrees() -> None:
    row = cycles.steps(3)[1]
    assert row.agree
    assert not row._replace(formula=1).agree
    assert not row._replace(four_step=hk.Move(2, 0, 2)).agree
    assert not row._replace(k=2).agree  # the 3-step cycle would look at I and D


def test_the_cycles_table() -> None:
    console = Console(width=120, color_system=None)
    with console.capture() as captured:
        console.print(cycles.table(4))
    text = captured.get()
    assert text.count("✓") == 15 and "✗" not in text and "4SD›3SI›2SD›1SI" in text


# -- the commands --------------------------------------------------------------------------------------------------


def test_cli_explain_and_ncube(tmp_path, capsys) -> None:
    assert main(["explain", "3", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Midi: Aha, ich soll also von links nach rechts.") and out.count("hüpfe") == 4
    assert main(["explain", "3", "--cycles"]) == 0
    assert capsys.readouterr().out.count("✓") == 7
    assert main(["explain", "9", "--cycles"]) == 2
    target = tmp_path / "cube.png"
    assert main(["ncube", "4", "--out", str(target)]) == 0
    assert "ABACABADABACABA" in capsys.readouterr().out and target.stat().st_size > 10_000
    assert main(["ncube", "7", "--out", str(tmp_path / "big.png")]) == 2
    assert main(["ncube", "3", "--out", str(tmp_path / "cube.gif")]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cube.png"]
