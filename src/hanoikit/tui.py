"""The game in the terminal (``hanoi play --terminal``): any puzzle of the family, moved by keys, with hints, undo and
redo, the counters against the optimum and the win, drawn with rich to fit the terminal's width and height.

:class:`TerminalGame` is the game itself, without a terminal (each key in, a drawing out), its moves kept by a
:class:`~hanoikit.Game` session; :func:`run` plays it on a terminal.

>>> game = TerminalGame(Puzzle(2))
>>> for key in "12" "13" "23":
...     _ = game.press(key)
>>> game.state, game.moves, game.message
(State.parse('DD'), 3, 'Solved in 3 moves, the optimum: a perfect solution! ★★★  n: new game · q: quit')
"""

from __future__ import annotations

import math
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import EmptyStackError, HanoiError, UnsolvableError
from .limits import TERMINAL_MAX_DISKS
from .move import Move
from .puzzle import Puzzle
from .session import Game
from .state import State

if TYPE_CHECKING:
    from rich.console import Console, Group, RenderableType
    from rich.text import Text

__all__ = ["KEYS", "TerminalGame", "run", "stars"]

KEYS = (
    "1-{k} or {names}: pick a post, then where to · ←/→ and Enter too · h hint · u undo · y redo · n next game · q quit"
)
"""The key hint under the board (``{k}`` and ``{names}`` are the puzzle's posts)."""

CHOOSER_KEYS = "+/- disks · c post colours · m magnetic or classic · Enter: play it · n: the same again · Esc: back"
"""The key hint while a new game is being chosen (after ``n``)."""

SHORT_KEYS = ("1-{k} pick · h hint · u undo · y redo · n new · q quit", "1-{k} move · h u y n q")
"""Shorter key hints under the board, for a terminal too small for :data:`KEYS` (the shortest fits 20 columns)."""

SHORT_CHOOSER_KEYS = ("+/- disks · c colours · m magnetic · Enter play · Esc back", "+/- c m Enter Esc")
"""Shorter key hints while a new game is being chosen."""

COLORINGS = ("NNN", "RBN", "NRB", "RBB", "BRN", "RNB", "NBR", "RRB", "BNR")
"""The post colourings ``c`` steps through in the chooser (S, I and D; the posts between I and D are plain)."""

LEFT, RIGHT = ("\x1b[D", "\x1bOD"), ("\x1b[C", "\x1bOC")
ENTER = ("\r", "\n", " ")
ESCAPE = "\x1b"


def stars(used: int, optimal: int) -> int:
    """The rating of a win: three stars for the optimum, two within half as many moves again, else one.

    >>> stars(7, 7), stars(10, 7), stars(12, 7)
    (3, 2, 1)
    """
    if used <= optimal:
        return 3
    return 2 if used <= math.ceil(optimal * 1.5) else 1


@dataclass
class TerminalGame:
    """One game of ``puzzle`` from ``start`` (default: its start) to its goal, played by :meth:`press`."""

    puzzle: Puzzle
    start: State | None = None
    session: Game = field(init=False)
    selected: int | None = None
    cursor: int = 0
    message: str = ""
    hint: Move | None = None
    choosing: Puzzle | None = None
    _distances: dict[State, int | None] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.start = self.puzzle.check(self.puzzle.start if self.start is None else self.start)
        self.session = Game(self.puzzle, self.start)
        self.optimal = self._distance(self.start)
        names = self.puzzle.post_names
        self.message = self.message or f"Move the tower to {names[-1]}. Pick a post: {self._keys_of_posts()}."

    # -- what is shown ----------------------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The position now."""
        return self.session.state

    @property
    def moves(self) -> int:
        """How many moves have been played (undone ones not counted)."""
        return len(self.session)

    @property
    def solved(self) -> bool:
        """Whether the goal is reached."""
        return self.session.is_solved()

    def _distance(self, state: State) -> int | None:
        """The distance to the goal, worked out once per position (the board shows it on every redraw)."""
        if state not in self._distances:
            try:
                self._distances[state] = self.puzzle.distance(state, self.puzzle.goal)
            except UnsolvableError:
                self._distances[state] = None
        return self._distances[state]

    def _keys_of_posts(self) -> str:
        return f"1-{self.puzzle.posts} or {' '.join(self.puzzle.post_names)}"

    def counters(self) -> str:
        """The status line: moves made, the par and how far the goal is."""
        remaining = self._distance(self.state)

        def shown(value: int | None) -> str:
            return "–" if value is None else f"{value:,}"

        return f"Moves {self.moves:,} · Par {shown(self.optimal)} · To go {shown(remaining)}"

    def title(self) -> str:
        """The game's title: the puzzle in words."""
        p = self.puzzle
        kind = f"Magnetic Tower of Hanoi, posts {p.colors}" if p.faces else "Tower of Hanoi"
        name = _rule(p)
        rule = "" if name == "any" else f", moves {name}"
        return f"{kind} · {p.n} disk{'s' * (p.n != 1)} · {p.posts} posts{rule}"

    # -- keys -------------------------------------------------------------------------------------------------------

    def press(self, key: str) -> bool:
        """Act on one key; ``False`` when the player quits."""
        names = self.puzzle.post_names
        lower = key.lower()
        self.hint = None
        if lower in ("q", "\x03", "\x04"):
            return False
        if self.choosing is not None:
            self._choose(key)
            return True
        if key in LEFT or key in RIGHT:
            self.cursor = (self.cursor + (1 if key in RIGHT else -1)) % self.puzzle.posts
        elif key in ENTER:
            self.pick(self.cursor)
        elif lower.isdigit() and 1 <= int(lower) <= self.puzzle.posts:
            self.pick(int(lower) - 1)
        elif len(lower) == 1 and lower.upper() in names:
            self.pick(names.index(lower.upper()))
        elif lower == "h":
            self.give_hint()
        elif lower == "u":
            self.undo()
        elif lower in ("y", "r"):
            self.redo()
        elif lower == "n":
            self.offer()
        elif key == ESCAPE:
            self.selected = None
            self.message = "Cancelled."
        else:
            self.message = f"Keys: {KEYS.format(k=self.puzzle.posts, names=' '.join(names))}"
        return True

    def pick(self, post: int) -> None:
        """Select ``post`` (a key press): the source first, then the destination, which plays the move."""
        names = self.puzzle.post_names
        self.cursor = post
        if self.selected is None:
            if self.state.tops()[post] is None:
                self.message = f"Post {names[post]} is empty: pick a post with a disk on it."
            else:
                self.selected = post
                self.message = f"From {names[post]} to…"
            return
        if self.selected == post:
            self.selected = None
            self.message = "Cancelled."
            return
        src, self.selected = self.selected, None
        self.play(src, post)

    def play(self, src: int, dst: int) -> None:
        """Play the top disk of ``src`` onto ``dst``, or say why the rules refuse it."""
        names = self.puzzle.post_names
        if self.solved:
            self.message = "Solved already: u undoes, n starts again, q quits."
            return
        disk = self.state.tops()[src]
        if disk is None:
            self.message = f"Post {names[src]} is empty: pick a post with a disk on it."
            return
        move = Move(disk, src, dst)
        reason = self.puzzle.move_error(self.state, move)
        if reason is not None:
            self.message = f"Not allowed: {reason}"
            return
        self.session.push(move)
        self.message = f"Disk {disk} from {names[src]} to {names[dst]}."
        self._check_win()

    def _check_win(self) -> None:
        if not self.solved or self.optimal is None:
            return
        rating = stars(self.moves, self.optimal)
        perfect = self.moves <= self.optimal
        verdict = "the optimum: a perfect solution!" if perfect else f"the optimum is {self.optimal:,}"
        self.message = (f"Solved in {self.moves:,} moves, {verdict} {'★' * rating}{'☆' * (3 - rating)}  "
                        "n: new game · q: quit")

    def give_hint(self) -> None:
        """Show the first move of an optimal solution from here."""
        names = self.puzzle.post_names
        if self.solved:
            self.message = "Solved already."
            return
        try:
            best = next(self.puzzle.solve(self.state, self.puzzle.goal))
        except (HanoiError, StopIteration):
            self.message = "No hint: the goal cannot be reached from here. Undo, or n for a new game."
            return
        self.hint = best
        left = self._distance(self.state)
        self.message = f"Hint: disk {best.disk} from {names[best.src]} to {names[best.dst]} ({left:,} moves to go)."

    def undo(self) -> None:
        """Take back the last move."""
        self.selected = None
        try:
            self.message = f"Took back {self.session.pop()}."
        except EmptyStackError:
            self.message = "Nothing to undo."

    def redo(self) -> None:
        """Play again the last move taken back."""
        self.selected = None
        try:
            self.message = f"Played {self.session.redo()} again."
        except EmptyStackError:
            self.message = "Nothing to redo."
            return
        self._check_win()

    def restart(self) -> None:
        """Start the game again from its start."""
        self.session = Game(self.puzzle, self.start)
        self.selected = None
        self.message = "A new game: back to the start."

    def offer(self) -> None:
        """Open the chooser of the next game: the same member, or another size, colouring or kind."""
        self.selected = None
        self.choosing = self.puzzle
        self.message = self._offer_text()

    def _offer_text(self) -> str:
        assert self.choosing is not None
        return f"New game: {_describe(self.choosing)}. {CHOOSER_KEYS}"

    def _choose(self, key: str) -> None:
        lower, chosen = key.lower(), self.choosing
        assert chosen is not None
        if key in ENTER or lower == "n":
            self.choosing = None
            if chosen == self.puzzle and self.start is not None:
                self.restart()
                return
            self._switch(chosen)
            return
        if key == ESCAPE:
            self.choosing = None
            self.message = "Back to your game."
            return
        n, colors = chosen.n, chosen.colors if chosen.faces else None
        if lower in ("+", "=") or key in RIGHT:
            n = min(n + 1, TERMINAL_MAX_DISKS)
        elif lower in ("-", "_") or key in LEFT:
            n = max(n - 1, 1)
        elif lower == "c" and colors is not None:
            plain = colors[:2] + colors[-1]
            following = COLORINGS[(COLORINGS.index(plain) + 1) % len(COLORINGS)] if plain in COLORINGS else "NNN"
            colors = following[:2] + "N" * (chosen.posts - 3) + following[2]
        elif lower == "m":
            colors = None if colors is not None else "N" * chosen.posts
        try:
            self.choosing = _member(chosen, n, colors)
        except HanoiError as error:
            self.message = f"{error}. {CHOOSER_KEYS}"
            return
        self.message = self._offer_text()

    def _switch(self, puzzle: Puzzle) -> None:
        try:
            optimal = puzzle.distance()
        except UnsolvableError:
            self.message = f"{_describe(puzzle)}: the goal cannot be reached from the start; choose another. "
            self.choosing = puzzle
            return
        self.puzzle, self.start, self.optimal = puzzle, puzzle.start, optimal
        self._distances = {}
        self.session = Game(puzzle, puzzle.start)
        self.cursor = 0
        self.message = f"A new game: {_describe(puzzle)}. Move the tower to {puzzle.post_names[-1]}."

    # -- drawing ----------------------------------------------------------------------------------------------------

    def render(self, width: int, height: int, letters: bool = False) -> Group:
        """The whole screen, fitted to ``width`` × ``height``: the board when it fits, else the stacks as text;
        ``letters``: the faces as letters (a terminal without colour)."""
        from rich.console import Group
        from rich.text import Text

        from .draw.terminal import picture

        names = self.puzzle.post_names
        k = self.puzzle.posts
        hints = (CHOOSER_KEYS, *SHORT_CHOOSER_KEYS) if self.choosing is not None else (KEYS, *SHORT_KEYS)
        said = self.message + ("" if self.hint is None else f"  ({self.hint})")
        head = Text(self.title(), style="bold")
        counters = Text(self.counters())
        message = Text(said, style=_style(self.message))
        keys = hints[0].format(k=k, names=" ".join(names))
        footer = Text(keys, style="dim")
        lines = sum(_lines(text.plain, width) for text in (head, counters, message, footer)) + 1
        board_rows = self.puzzle.n + 3  # the disks, one row above, the base and the names
        board: RenderableType
        if board_rows + lines <= height and width >= 3 * self.puzzle.posts:
            board = picture(
                self.state, self.puzzle, width=width, selected=self.selected, cursor=self.cursor, letters=letters,
                fill=True,
            )
        elif lines - 1 + k <= height:
            board = self._as_text()
        else:  # a small terminal: one line each for the title and the counters, the keys kept, the message cut
            board = self._as_text()
            keys = next((h.format(k=k) for h in hints[1:] if _lines(h.format(k=k), width) == 1), hints[-1].format(k=k))
            footer = Text(keys, style="dim", no_wrap=True, overflow="ellipsis")
            head.no_wrap = counters.no_wrap = True
            head.overflow = counters.overflow = "ellipsis"
            room = max(1, height - 2 - k - _lines(keys, width))
            message = Text(_cut(said, width, room), style=_style(self.message))
        return Group(head, board, counters, message, footer)

    def _as_text(self) -> Text:
        """The stacks in words, one line a post, for a terminal too small for the drawing."""
        from rich.text import Text

        names = self.puzzle.post_names
        text = Text()
        for post, stack in enumerate(self.state.stacks()):
            mark = "[x]" if post == self.selected else ">" if post == self.cursor else " "
            disks = " ".join(f"{disk}{self.state.up(disk) or ''}" for disk in stack) or "-"
            text.append(f"{mark}{names[post]}: {disks}\n")
        text.rstrip()
        return text


def _describe(puzzle: Puzzle) -> str:
    """The member in words: "magnetic, posts RBN, 4 disks" or "classic, 3 disks, 4 posts, moves cyclic"."""
    kind = f"magnetic, posts {puzzle.colors}" if puzzle.faces else "classic"
    rule = _rule(puzzle)
    posts = "" if puzzle.faces or puzzle.posts == 3 else f", {puzzle.posts} posts"
    return f"{kind}, {puzzle.n} disk{'s' * (puzzle.n != 1)}{posts}" + ("" if rule == "any" else f", moves {rule}")


def _member(puzzle: Puzzle, n: int, colors: str | None) -> Puzzle:
    """``puzzle``'s member with ``n`` disks and the post colours ``colors`` (``None``: the classic tower), on the same
    posts with the same moves."""
    from .puzzle import MagneticPuzzle

    if colors is None:
        return Puzzle(n, puzzle.posts, puzzle.moves)
    return MagneticPuzzle(n, colors, moves=puzzle.moves)


def _rule(puzzle: Puzzle) -> str:
    from .puzzle import rule_name

    return rule_name(puzzle.moves, puzzle.posts) or "custom"


def _style(message: str) -> str:
    if message.startswith("Not allowed") or message.endswith("pick a post with a disk on it."):
        return "bold red"
    if message.startswith("Solved"):
        return "bold green"
    if message.startswith("Hint"):
        return "bold yellow"
    return ""


def _cut(text: str, width: int, lines: int) -> str:
    """``text`` wrapped at spaces to ``width`` columns, at most ``lines`` lines of it (the last ending in … if cut).

    >>> _cut("Move the tower to D. Pick a post: 1-3 or S I D.", 20, 2).splitlines()
    ['Move the tower to D.', 'Pick a post: 1-3 or…']
    """
    import textwrap

    wrapped = textwrap.wrap(text, max(1, width), break_on_hyphens=False) or [""]
    if len(wrapped) <= lines:
        return "\n".join(wrapped)
    kept = wrapped[:lines]
    kept[-1] = kept[-1][: max(0, width - 1)] + "…"
    return "\n".join(kept)


def _lines(text: str, width: int) -> int:
    """The lines ``text`` takes wrapped at spaces to ``width`` columns, as rich wraps it."""
    import textwrap

    return max(1, len(textwrap.wrap(text, max(1, width), break_on_hyphens=False)))


def run(puzzle: Puzzle, start: State | None = None, console: Console | None = None,
        read_key: Callable[[], str] | None = None) -> TerminalGame:
    """Play ``puzzle`` in the terminal until the player quits; the board is redrawn on every key and whenever the
    terminal is resized. Returns the game as it was left."""
    import click

    from .draw.terminal import output_console

    console = console or output_console()
    game = TerminalGame(puzzle, start)
    if not console.is_terminal or not sys.stdin.isatty():
        raise click.UsageError("hanoi play --terminal needs a terminal to read keys from and draw on")
    if read_key is not None:
        return _play(game, console, read_key)
    with _keys() as terminal_key:
        return _play(game, console, terminal_key)


def _play(game: TerminalGame, console: Console, read_key: Callable[[], str]) -> TerminalGame:
    from rich.live import Live

    def screen() -> Group:
        size = console.size
        return game.render(size.width, size.height, letters=console.no_color or console.color_system is None)

    with Live(get_renderable=screen, console=console, screen=True, auto_refresh=False) as live:
        previous = signal.getsignal(signal.SIGWINCH) if hasattr(signal, "SIGWINCH") else None
        if previous is not None:
            signal.signal(signal.SIGWINCH, lambda *_: live.refresh())
        try:
            live.refresh()
            while True:
                try:
                    key = read_key()
                except (EOFError, KeyboardInterrupt):
                    break
                if not game.press(key):
                    break
                live.refresh()
        finally:
            if previous is not None:
                signal.signal(signal.SIGWINCH, previous)
    console.print(f"{game.title()}: {game.counters()}." + (" Solved!" if game.solved else ""), highlight=False)
    return game


@contextmanager
def _keys() -> Iterator[Callable[[], str]]:
    """A key reader with the terminal in character mode for the whole game (``click.getchar`` switches the mode on
    every key, and the switch drops the keys typed while the board is redrawn); ``click.getchar`` where there is no
    termios."""
    import click

    try:
        import termios
    except ImportError:  # pragma: no cover - not a POSIX terminal
        yield click.getchar
        return
    try:
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):
        yield click.getchar
        return
    mode = termios.tcgetattr(fd)
    mode[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG)  # keys one by one, unechoed, Ctrl-C as a key
    mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, mode)
    pending: list[str] = []

    def read() -> str:
        if not pending:
            pending.extend(_split_keys(os.read(fd, 64).decode(sys.stdin.encoding or "utf-8", "replace")))
        key = pending.pop(0) if pending else "\x04"
        if key == "\x03":
            raise KeyboardInterrupt
        if key == "\x04":
            raise EOFError
        return key

    try:
        yield read
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _split_keys(typed: str) -> list[str]:
    r"""The keys in what the terminal sent at once: one character each, an escape sequence (an arrow) whole.

    >>> _split_keys("12\x1b[Aq")
    ['1', '2', '\x1b[A', 'q']
    """
    return re.findall(r"\x1b(?:\[[0-9;]*[A-Za-z~]|O[A-Za-z])|.", typed, re.DOTALL)
