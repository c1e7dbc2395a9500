"""Every cap on the size of a request, in one place.

Work whose cost grows faster than linearly with its size is refused above its cap, before it starts, with a
:class:`~hanoikit.TooLargeError` that names the cap. The CLI's ``--help`` texts, the web API's schema and the
docstrings quote these constants, so that there is one number to change.

>>> from hanoikit.limits import MAX_DISKS, ensure_at_most
>>> ensure_at_most(MAX_DISKS + 1, MAX_DISKS, "disks")
Traceback (most recent call last):
hanoikit.errors.TooLargeError: 1000001 disks is more than this can handle: at most 1000000
"""

from __future__ import annotations

from .errors import TooLargeError, quote

__all__ = [
    "MAX_DISKS",
    "MAX_DISK_MOVES_DISKS",
    "MAX_MAGNETIC_DISKS",
    "MAX_MAGNETIC_INDEX_DISKS",
    "MAX_POSTS",
    "MAX_RECURSIVE_DISKS",
    "MAX_SEARCH_POSITIONS",
    "MAX_FAMILY_ARRAY_MOVES",
    "MAX_FAMILY_INDEX_DISKS",
    "MAX_TOWER_SEARCH_CODES",
    "MAX_MEMORY_SEARCH_CODES",
    "MAX_DIAMETER_CODES",
    "OEIS_DEFAULT_CODES",
    "MAX_TABLE_DISKS",
    "WEB_MAX_BODY_BYTES",
    "WEB_MAX_DISKS",
    "WEB_MAX_FAMILY_DISKS",
    "WEB_MAX_POSTS",
    "WEB_MAX_PAGE",
    "WEB_MAX_QUOTE",
    "WEB_MAX_WORKERS",
    "WEB_MAX_WAITING",
    "WEB_HEADER_TIMEOUT",
    "WEB_BODY_TIMEOUT",
    "WEB_KEEP_ALIVE",
    "WEB_MAX_HEADER_BYTES",
    "WEB_MAX_SAVED_MOVES",
    "MAX_INDEX_BITS",
    "MAX_INDEX_CHARS",
    "MAX_RATE_EXPONENT",
    "MAX_COUNT_ROWS",
    "MAX_COUNT_SEARCH_CODES",
    "MAX_DIAGRAM_DISKS",
    "MAX_GRAPH_NODES",
    "MAX_DRAWN_GRAPH_NODES",
    "MAX_TOTALS_DISKS",
    "MAX_RECURRENCE_TERMS",
    "MAX_MOVIE_MOVES",
    "MAX_FRAMES",
    "MAX_CHECK_BYTES",
    "MAX_EVAL_CONCURRENCY",
    "MAX_EVAL_TOKENS",
    "MAX_CHECK_MOVES",
    "MAX_CONTINUATION_MOVES",
    "MAX_GENERATE_COUNT",
    "MAX_GENERATE_DISKS",
    "MAX_GENERATE_HEURISTIC_DISKS",
    "MAX_GENERATE_SEARCH_POSITIONS",
    "MAX_GENERATE_SOLUTION_MOVES",
    "MAX_VARIANTS_COLORINGS",
    "MAX_VARIANTS_COUNTS",
    "MAX_VARIANTS_DEFAULT_POSITIONS",
    "MAX_VARIANTS_POSITIONS",
    "MAX_LEVY_DISKS",
    "MAX_LEVY_ARRAY_MOVES",
    "MAX_LEVY_DISK_COUNTS_DISKS",
    "MAX_CHART_MOVES",
    "TERMINAL_MAX_DISKS",
    "web_max_disks",
    "FRONTIER_BLOCK_CODES",
    "MAX_FRONTIER_CODES",
    "MAX_FRONTIER_SOLVER_CODES",
    "MAX_HEURISTIC_DISKS",
    "MAX_HEURISTIC_NODES",
    "MAX_HEURISTIC_WIDE_CODES",
    "MAX_PATTERN_ENTRIES",
    "MAX_MOD3_ENTRIES",
    "MAX_FACE_TABLE_CODES",
    "MAX_HEURISTIC_FOUR_POST_DISKS",
    "MAX_HEURISTIC_EVERY_MOVE_DISKS",
    "MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS",
    "MAX_HEURISTIC_NNNN_DISKS",
    "MAX_NARROW",
    "MAX_WORKERS",
    "CLUSTER_CONNECT_SECONDS",
    "ROUND_WAIT_SECONDS",
    "ensure_at_most",
]

MAX_DISKS = 1_000_000
"""The most disks a puzzle, a position or a move may have: exact counts and single moves stay well under a few seconds
up to here."""


# -- the library (puzzles, positions, moves): each capped call answers in about a second at most ------------------

MAX_MAGNETIC_DISKS = 100_000
"""The most disks for which a magnetic puzzle is solved from or to a position other than a perfect tower (distance,
solve): the engine decides the gathering level by level on floats in a compiled loop (exact where a choice is close)
and sums the exact costs once: two random positions take about as long as the classic puzzle's (0.05 s at the cap;
beyond it the big-integer sums grow faster than the disks). Between perfect towers the counts are in closed form and
every size up to :data:`MAX_DISKS` answers."""

MAX_MAGNETIC_INDEX_DISKS = 200_000
"""The most disks for which a magnetic puzzle answers ``move_at`` and ``state_at``: the engine walks down the levels
comparing leading bits, about n^1.6 bit operations (about 2 s at the cap)."""

MAX_DISK_MOVES_DISKS = 10_000
"""The most disks for which ``disk_moves`` counts the moves of every disk: n exact counts of up to 1.6 n bits each."""

MAX_RECURSIVE_DISKS = 500
"""The most disks for the classic ``recursive`` method, which nests one Python frame per disk (Python's recursion
limit is 1000)."""

MAX_TOTALS_DISKS = 20_000
"""The most totals S(1), ..., S(n) of a magnetic tower listed at once (``hanoikit.analysis.counts.totals_upto``): the
list holds about ``0.1 n**2`` bytes of exact ints (40 MB and under a second at the cap)."""

MAX_RECURRENCE_TERMS = 200
"""The most terms ``hanoikit.analysis.counts.closed_form`` fits a linear recursion to (exact rational algebra on
every term; a few seconds at the cap)."""

MAX_TABLE_DISKS = 24
"""The most disks for the classic methods that keep a table of ``2**n`` bytes (``route_table``,
``is_hamiltonian_path``): 16 MiB at the cap."""


# -- the model and its solvers (hanoikit.solvers.registry, hanoikit.solvers.exhaustive) ----------------------------

MAX_POSTS = 10
"""The most posts a puzzle has: one letter and one digit name each post in the notations."""

MAX_SEARCH_POSITIONS = 200_000
"""The largest position space the exhaustive solver searches, counted as ``posts**n`` (times ``2**posts`` on a
magnetic tower, one top colour per post): a breadth-first search over the puzzle's own rules, a few seconds at the cap
(4 posts: n <= 8; 3 posts: n <= 11; magnetic on 3 posts: n <= 9)."""


# -- the family's exact solvers (Frame-Stewart, cyclic and linear moves: hanoikit.solvers.frame_stewart, cyclic, linear)

MAX_FAMILY_ARRAY_MOVES = 50_000_000
"""The longest Frame-Stewart solution built whole as numpy arrays (three arrays, about 0.2 GB at the cap); longer ones
are streamed in chunks."""

MAX_FAMILY_INDEX_DISKS = 100_000
"""The most disks for which the cyclic and linear solvers answer ``move_at``, ``state_at`` and the linear rank of a
position: each walks the levels with exact ints of O(n) bits (or converts an index to base 3), O(n^2) bit operations."""

MAX_TOWER_SEARCH_CODES = 1 << 30
"""The largest code space the tower-to-tower search (hanoikit.solvers.tower_search, ``hanoi oeis --max-positions``)
takes on: ``posts**n`` codes (times ``2**posts`` on a magnetic tower), in memory up to 2**22 codes and at two bits a
code above (256 MiB at the cap); minutes at the cap on two cores (4 posts: n <= 15; magnetic on 4 posts: n <= 13)."""

MAX_MEMORY_SEARCH_CODES = 2**28
"""The largest code space searched in memory, with a distance per code (hanoikit.frontier.memory: 4 bytes a code and
4 for the queue, 2 GiB at the cap): classic n <= 17, magnetic n <= 15 on three posts; larger searches keep two bits a
code (the frontier search)."""

MAX_DIAMETER_CODES = 2**26
"""The largest code space whose diameter, radius and eccentricities ``hanoi diameter`` (hanoikit.search.diameter)
computes: a distance per code and the code's class under the symmetries in memory (about 1 GiB at the cap), from
a few to a few hundred breadth-first searches (4 posts: n <= 13; 5 posts: n <= 11; magnetic on 4 posts: n <= 11)."""

OEIS_DEFAULT_CODES = 100_000
"""``hanoi oeis`` computes the terms that need a search up to this many codes unless told otherwise (a few seconds in
all)."""

# -- the frontier search (hanoikit.frontier: hanoi search above hanoikit.search's range, the exhaustive solver) ------

MAX_FRONTIER_CODES = 2**48
"""The largest code space the frontier search takes on (``posts**n``, times ``2**posts`` with faces): 64 TiB at two
bits a code, four posts in a line with 24 disks (OEIS A160002 n = 24); only a cluster's disks hold that."""

FRONTIER_BLOCK_CODES = 2**24
"""The most codes in one block of the frontier search (4 MiB at two bits): the unit of work, memory and checkpoints."""

MAX_FRONTIER_SOLVER_CODES = 2**26
"""The largest code space the exhaustive solver's ``distance`` searches with the frontier search, above
:data:`MAX_SEARCH_POSITIONS` (16 MiB at two bits, a few seconds at the cap); paths stay within
:data:`MAX_SEARCH_POSITIONS`."""


# -- the heuristic search (hanoikit.solvers.heuristic: any positions on four posts and more, past the exhaustive one)

MAX_HEURISTIC_FOUR_POST_DISKS = 14
"""The most disks the heuristic search takes on with four posts, a restricted move rule (cyclic, linear, star, ...)
and no faces (the first entry of :data:`MAX_HEURISTIC_DISKS`): random pairs with 14 disks take 2.2 s of processor
time at the median in a star, 8.5 s in a line, 15.6 s on a cycle, where a quarter of the pairs store
:data:`MAX_HEURISTIC_NODES` positions."""

MAX_HEURISTIC_EVERY_MOVE_DISKS = 19
"""The most disks the heuristic search takes on with four posts, every move and no faces (where its largest disks'
table is compressed, hanoikit.solvers.mod3: 15 disks from 18, 16 from 19), in place of
:data:`MAX_HEURISTIC_FOUR_POST_DISKS`: random pairs take, in processor time, 0.13 s at the median with 13 disks, 1.6 s
with 16, 9.2 s with 17 (32 s at most of 20 pairs, 1.8 GiB), 38.9 s with 18 (127 s at most of 20 pairs, 4.3 GiB) and
132 s with 19 (237 s at most of 5 pairs, 44 million positions expanded, 7.4 GiB). With 20 the same tables would leave
each pair some 20 moves more to search, about 14 times the work (benchmarks/bench_heuristic.py,
docs/heuristic-search.md, 29 November 2026)."""

MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS = 13
"""The most disks the heuristic search takes on with four posts and faces (the entry ``(4, True)`` of
:data:`MAX_HEURISTIC_DISKS`), where the largest group's table holds 11 disks at one byte a code
(hanoikit.solvers.face_tables, 3.2 s of processor time to build): with 13 disks on NNNN, random pairs take 8 to 11 s
of processor time (6 of 8 pairs, 29 November 2026, load 12; under 450 MB), with cyclic moves 24 s for a pair that
cannot be reached (under 1 GB). With 14 disks (the cap from 26 November to 29 November 2026), random pairs took 24 s
of processor time at the median (17.7 million positions expanded, peak 2.1 GB), but one pair of 20 stored
:data:`MAX_HEURISTIC_NODES` positions and was refused only then, after 48 to 141 s and 2.4 GB (issue 35): a cap
after the work. On RBNN 2.7 s (5 pairs). Before those tables were built a word at a time, the medians were 3.0 s with 12
disks on NNNN, 5.0 s on NNNN with cyclic moves, 0.9 s on RBNN, 1.2 s on RNNB; 12.5 s with 13 disks on NNNN, 34 s
with 14. NNNN with every move has its own cap since issue 37, :data:`MAX_HEURISTIC_NNNN_DISKS` (from both ends)."""

MAX_HEURISTIC_NNNN_DISKS = 15
"""The most disks the heuristic search takes on with four neutral magnetic posts and every move (NNNN), in place of
:data:`MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS`: there it searches from both ends (hanoikit.solvers.heuristic
.from_both_ends; 13 before). On the benchmark's 5 pairs of 15 disks (29 November 2026, load 7 to 12 on 2 cores):
24.2 s of processor time at the median, tables included, 71.9 s at most (226 moves apart, 28.2 million positions
expanded), peak 1.74 GiB (benchmarks/bench_heuristic.py, docs/heuristic-search.md)."""

MAX_HEURISTIC_DISKS: dict[tuple[int, bool], int] = {
    (4, False): MAX_HEURISTIC_FOUR_POST_DISKS,
    (5, False): 15,
    (6, False): 6,
    (4, True): MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS,
    (5, True): 7,
    (6, True): 4,
}
"""The most disks the heuristic search takes on, by ``(posts, faces)`` (6 stands for 6 posts and more; five posts
with restricted moves and six or more also within :data:`MAX_HEURISTIC_WIDE_CODES` positions). Its cost
depends on the pair of positions far more than on the disks, so a member is refused before the search where even its
easy pairs stop being quick, and every search is bounded by :data:`MAX_HEURISTIC_NODES`: five posts with 14 disks
take 2.5 s of processor time at the median, with 15 (A*, 14 before issue 37) 5 to 25 s on the benchmark's first two
pairs (0.1 and 0.8 million positions expanded, 0.4 GiB, load 10); the magnetic members on four posts, see
:data:`MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS` and :data:`MAX_HEURISTIC_NNNN_DISKS` (benchmarks/bench_heuristic.py)."""

MAX_PATTERN_ENTRIES = 1 << 28
"""The most code-move pairs of one pattern database of the heuristic search (hanoikit.solvers.pdb): its backward
breadth-first search keeps 8 bytes a code (4 posts: 12 disks, 134 MB, about a second; 5 posts: 10 disks)."""

MAX_MOD3_ENTRIES = 1 << 32
"""The most codes of one compressed pattern database (hanoikit.solvers.mod3: two bits a code, and three bitmaps of the
layers while it is built; 4 posts: 16 disks, 1 GiB and 1.5 GiB of bitmaps, about 50 s of processor time)."""

MAX_FACE_TABLE_CODES = 1 << 26
"""The most codes of one pattern database of a magnetic group (hanoikit.solvers.face_tables: one byte a code and two
bitmaps of the layers while it is built; 4 posts: 11 disks, 64 MiB; 5 posts: 9 disks). 12 disks on four posts (256
MiB, 13 to 40 s of processor time on the shared machine) cost NNNN with 15 disks more than they saved (issue 37,
docs/heuristic-search.md)."""

MAX_HEURISTIC_WIDE_CODES = 2**18
"""The most positions (``posts**n``, times ``2**posts`` with faces) of a member the heuristic search takes on where
its pattern tables are weak, below the disks of :data:`MAX_HEURISTIC_DISKS`: five posts with restricted moves and six
posts or more (hanoikit.solvers.heuristic.disk_cap). There the search stores a good part of the positions it can
reach, so its work grows with them, and faster with the posts and faces. Between towers (processor time, 29 November
2026, load 12): 5 posts cyclic with 8 disks (390,625 positions) 21 s, 7 posts NNNNNNN with 4 (307,328) 14 s, 10
posts cyclic with 6 (a million) 7.8 s, with 7 more than 90 s (stopped), 10 posts NNNNNNNNNN with 3 (1,024,000) more
than 19 s (stopped), 5 posts cyclic with 11 more than 90 s (stopped); 6 posts NNNNNN with 5 (497,664) 1.3 s and 5
posts star with 8 1.4 s, but the cap is set by the slowest rules: five posts with restricted moves take 7 disks
(the play page's cap on five posts, :data:`WEB_MAX_FAMILY_DISKS`), ten posts with cyclic moves 5. Under it the
exhaustive search answers most of these members (:data:`MAX_SEARCH_POSITIONS`). A count table with ten posts and
cyclic moves took 28 to 38 s and 2 GB with the six-post cap on disks alone (8), and 2 s of processor time now. Every
search also stops at :data:`MAX_HEURISTIC_NODES`."""

MAX_HEURISTIC_NODES = 125_000_000
"""The most positions one heuristic search stores, both sides of a search from both ends together (about 55 bytes
each, up to 90 while the arrays are doubled: 3.8 GiB with the 18-disk tables at 35 million positions, 6.0 GiB at 114
million, the 18-disk tower to tower); a search that needs more stops with :class:`~hanoikit.TooLargeError` (checked
as it goes: the expansions of each call of the compiled loop are cut to what the cap leaves). The search that keeps
only its frontier (``frontier=True``) holds at most this many positions at once (8 bytes each)."""


# -- the web API (``hanoi play``): each request answers in well under 100 ms at these caps ------------------------

WEB_MAX_DISKS = 12
"""The largest tower the play page and its API offer: a whole optimal solution (at most 606,778 moves) is built in a
few milliseconds."""

WEB_MAX_PAGE = 1000
"""The most moves one page of a solution may hold."""

WEB_MAX_SAVED_MOVES = 1000
"""The most moves a saved game may hold: each is read and checked against the rules when the game is loaded."""

WEB_MAX_BODY_BYTES = 1_000_000
"""The largest request body the API reads; a larger one is refused (413) before the rest of it is read."""

WEB_MAX_QUOTE = 24
"""The most characters of a bad input an error message quotes."""

WEB_MAX_WORKERS = 4
"""The most worker processes the API runs the rules' work in (one per core, at most this): the event loop that reads
requests and answers the cheap ones never waits for that work."""

WEB_MAX_WAITING = 64
"""The most requests for the rules' work that wait for a worker; one more is refused at once (503, ``Retry-After``)
instead of queueing without bound."""

WEB_HEADER_TIMEOUT = 10
"""Seconds a client has to send a request's headers, from its first byte (or from the connection on a new one); a
slower one is answered 408 and its connection closed."""

WEB_BODY_TIMEOUT = 10
"""Seconds a client has to send a request's body once its headers are in; a slower one is answered 408 and closed."""

WEB_KEEP_ALIVE = 5
"""Seconds an idle kept-alive connection stays open between requests."""

WEB_MAX_HEADER_BYTES = 16_384
"""The most bytes of a request's line and headers the server holds before they are complete; more is answered 400
and the connection closed."""


# -- the web API's family members (hanoi play with posts= and moves=): a hint or a distance answers in < 50 ms -------

WEB_MAX_POSTS = 5
"""The most posts the play page and its API offer (3 to this many)."""

WEB_MAX_FAMILY_DISKS: dict[tuple[int, bool], int] = {
    (3, False): 9,
    (4, False): 10,
    (5, False): 7,
    (3, True): 6,
    (4, True): 5,
    (5, True): 4,
}
"""The largest tower the play API offers for a member other than the three-post tower with every move allowed
(those keep :data:`WEB_MAX_DISKS`), by ``(posts, faces)``, whatever the move rule. Up to 200,000 positions a hint
reads a table of distances to the goal (hanoikit.solvers.tower_search.distances_to, a few milliseconds to build);
above, on four and five posts, the heuristic search answers (hanoikit.solvers.heuristic): its pattern databases
for the member's goal are built on its first hint (about 0.15 s of processor time on four posts with 10 disks, then
kept on disk), after which every hint, from the start or from any position, answers in under 50 ms through the API
(a few milliseconds; benchmarks/bench_web_hint.py). Four posts with 11 disks, and five with 9, are past that with
restricted moves (cyclic: 0.4 s a hint). Five posts stop at 7 disks (8 until 29 November 2026), where the heuristic
search takes on five posts with restricted moves (:data:`MAX_HEURISTIC_WIDE_CODES`). Magnetic members stay at some
20,000 positions: their hints read the
exhaustive search's tables, rebuilt on a member's first hint in each worker (some 20 ms; at 65,536 positions 40 to
150 ms), and the menus' pars take one search per colouring and goal (``/api/choices``). To be measured again as the
heuristic search gets faster."""


def web_max_disks(posts: int, faces: bool, every_move: bool) -> int:
    """The largest tower the play page and its API offer on ``posts`` posts (3 to :data:`WEB_MAX_POSTS`), magnetic
    (``faces``) or classic, with every move allowed or not: :data:`WEB_MAX_DISKS` on three posts with every move,
    else :data:`WEB_MAX_FAMILY_DISKS`.

    >>> web_max_disks(3, True, True), web_max_disks(3, False, False), web_max_disks(4, False, True)
    (12, 9, 10)
    """
    return WEB_MAX_DISKS if posts == 3 and every_move else WEB_MAX_FAMILY_DISKS[posts, faces]


# -- the command line (hanoi ...) and its movies --------------------------------------------------------------------

MAX_INDEX_BITS = 1 << 22
"""The longest move number ``hanoi move`` and ``hanoi state`` read, in bits: a sum of powers such as ``2**63-1`` whose
terms would be longer is refused before it is computed (every solution of up to :data:`MAX_DISKS` disks is shorter)."""

MAX_INDEX_CHARS = 10_000
"""The longest text read as a move number."""

MAX_RATE_EXPONENT = 100
"""``hanoi time --rate`` reads moves per second between 1e-100 and 1e100."""

MAX_COUNT_ROWS = 2000
"""The most rows of ``hanoi count``'s table: its text grows as the square of the rows (row n has about n/2 digits
twice), some 2 MB and a few seconds at this cap."""

MAX_COUNT_SEARCH_CODES = 2**22
"""The most positions (``posts**n``, times ``2**posts`` with faces) of a count ``hanoi count`` asks the heuristic
search for, tower to tower, where no formula gives it (hanoikit.analysis.first_counts): the table adds one search per
row, and the searches between towers are the long ones (NNNN with 13 disks: 16 s; the whole table to 13 took more
than 20 s of processor time): NNNN up to 9 disks, four posts with cyclic moves up to 11."""

MAX_GRAPH_NODES = 200_000
"""The largest state graph built (``hanoikit.graph.state_graph``, ``hanoi graph``; the classic graph of 11 disks has
177,147 nodes): refused before any move when the positions it could have (every legal one, or those the breadth-first
oracle reaches) are more."""

MAX_DRAWN_GRAPH_NODES = 60_000
"""The largest state graph drawn as a picture (``hanoi graph --out`` .png, .svg or .pdf; .dot and .graphml take up to
:data:`MAX_GRAPH_NODES`): the drawing's time grows with its positions, 31 s of processor time and 340 MB for the
59,049 of ten classic disks (29 November 2026, load 15), so a graph of :data:`MAX_GRAPH_NODES` would take some two
minutes."""

MAX_DIAGRAM_DISKS = 100
"""The most disks an ASCII drawing of a position (``hanoikit.text.diagram``) shows: it is some ``n`` rows of
``posts * 2n`` characters, about 60 kB on three posts at the cap."""

MAX_MOVIE_MOVES = 5000
"""The longest solution made into a movie (``hanoi animate``) or shown in the terminal (``hanoi show``)."""

MAX_FRAMES = 20_000
"""The most frames in one movie (``hanoi animate``). Frames are streamed to the file, so memory does not grow with
them, but time does (about two minutes per thousand frames at 480x320)."""


# -- checking move lists, generating and scoring puzzle sets (hanoikit.check, hanoikit.generate, hanoi score) -----

MAX_CHECK_MOVES = 2**25
"""The longest move list ``check`` reads: a little more than the classic solution of 25 disks, kept as arrays of
three bytes a move (about 100 MB) and replayed in a few seconds."""

MAX_CHECK_BYTES = 2**30
"""The largest file ``hanoi check`` reads (1 GiB): a list of :data:`MAX_CHECK_MOVES` moves in any of the forms it
reads, some 30 bytes a move."""

MAX_CONTINUATION_MOVES = 10_000
"""The most moves of the optimal continuation a check report lists (``--explain``); its length is always given."""

MAX_GENERATE_COUNT = 1_000_000
"""The most instances ``hanoi generate`` writes in one set."""

MAX_GENERATE_DISKS = 64
"""The most disks of a generated instance: its prompt lists every disk, and its optimum is computed exactly."""

MAX_GENERATE_SEARCH_POSITIONS = 5_000
"""The largest position space (as counted for :data:`MAX_SEARCH_POSITIONS`) of a generated instance whose optimum
only the exhaustive search gives: about a tenth of a second each (4 posts: up to 6 disks; 3 posts: up to 7)."""

MAX_GENERATE_HEURISTIC_DISKS: dict[tuple[int, bool], int] = {
    (4, False): 11,
    (5, False): 9,
    (6, False): 6,
    (4, True): 11,
    (5, True): 7,
    (6, True): 4,
}
"""The most disks of a generated instance on four posts or more, by ``(posts, faces)`` (6 stands for 6 posts and more,
within what the heuristic search takes on: :data:`MAX_HEURISTIC_WIDE_CODES`), between positions whose optimum no
closed form gives (random positions; towers with restricted moves): the heuristic search answers them
(hanoikit.solvers.heuristic; the exhaustive one below its range). 100 instances with random starts, to the goal tower
or to random goals, take at each cap from 0.1 s to 37 s of processor time in all (the slowest rule, cyclic on four
posts with 11 disks: 0.3 s an instance at the median, 1.3 s at most; tables built from an empty cache included;
benchmarks/bench_generate.py). One disk more costs an order of magnitude: four posts with 12 disks and every move
take 0.3 s an instance at the median and 2.5 s at most (0.02 s and 0.2 s with 11); cyclic moves on five posts with 10
disks 1.5 s and 5 s. Magnetic on four posts (every move), 11 disks: 100 instances of NNNN take 29 s of processor time
to the goal tower and 32 s to random goals (0.25 s an instance at the median, 1.1 s at most; RBNB 17 and 14 s on 20),
since the magnetic tables are built a word of 64 codes at a time (hanoikit.solvers.face_tables); with 12 disks 85 and
131 s (up to 4 s an instance; 20 instances, 26 November 2026). To be measured again as the heuristic search gets
faster."""

MAX_GENERATE_SOLUTION_MOVES = 100_000
"""The longest optimal solution listed in a generated instance (``--solutions``)."""


MAX_EVAL_CONCURRENCY = 64
"""The most requests ``hanoi eval`` keeps in flight at once (``--concurrency``): a thread each."""

MAX_EVAL_TOKENS = 10_000_000
"""The largest ``--max-tokens`` of ``hanoi eval`` (a bound on what a reply may cost, not a model's own limit)."""


# -- the colourings of a member other than three posts with every move (hanoi variants --posts, --moves) -----------

MAX_VARIANTS_COLORINGS = 3**6
"""The most colourings ``hanoi variants`` lists on one member: ``3**K`` on K posts, so K <= 6."""

MAX_VARIANTS_COUNTS = 200
"""The most first counts :func:`hanoikit.analysis.variants` gives of each of the 27 colourings on three posts with
every move (``upto``): 5,400 exact counts, about a second (2,000 took 16 s)."""

MAX_VARIANTS_DEFAULT_POSITIONS = 2_000_000
"""Without ``--upto``, ``hanoi variants`` on such a member counts up to the largest n whose searches, all together,
cover at most this many positions (as counted for :data:`MAX_SEARCH_POSITIONS`): a few seconds."""

MAX_VARIANTS_POSITIONS = 10_000_000
"""The most positions ``hanoi variants --upto`` searches in all on such a member (about 10 s); each search stays
within :data:`MAX_SEARCH_POSITIONS`."""


# -- Levy's algorithms as move arrays (hanoikit.levy.arrays) ----------------------------------------------------------

MAX_LEVY_DISKS = 2**15 - 1
"""The most disks whose Levy moves are streamed as arrays: the stream first counts the moves of every call of up to
``n`` disks (exact ints of about ``1.6 n`` bits), so its set-up grows as ``n**2``."""

MAX_LEVY_ARRAY_MOVES = 50_000_000
"""The most moves of a Levy algorithm built as one array at once (``hanoikit.levy.solution_array``)."""

MAX_CHART_MOVES = 30_000
"""The most moves a colour-crossing chart draws (``hanoi crossings --plot``, ``hanoikit.draw.crossings``): a bar per
change of colour, a few seconds at the cap (every algorithm up to 10 disks)."""

MAX_LEVY_DISK_COUNTS_DISKS = 1000
"""The most disks for which ``hanoikit.levy.disk_counts`` counts the moves of every disk: it keeps the counts of
every disk for every call of up to ``n`` disks, about ``n**3`` bits (0.3 GB and about a second at the cap). Their
totals (``hanoikit.levy.counts``) are in closed form up to :data:`MAX_DISKS` disks; the recursion that checks them
(``structural_count``) and the move streams go up to :data:`MAX_LEVY_DISKS`."""

MAX_NARROW = 1 << 20
"""The largest ``narrow`` a frontier search takes (``hanoikit.frontier.frontier_search``): its lists take room for
that many positions times the moves of each."""

MAX_WORKERS = 64
"""The most local worker processes a search starts (``--workers``): each holds its own interpreter and compiled
kernels, about 150 MB."""

CLUSTER_CONNECT_SECONDS = 10
"""How long a search waits for the Dask scheduler it is given (``--cluster``) before it gives up."""

ROUND_WAIT_SECONDS = 600
"""How long a worker of a search on a LocalCluster waits for the others at the end of a layer before it gives up (a
worker that died is noticed within a second): longer than any layer's imbalance between workers."""


# -- play in the terminal (hanoi play --terminal) ----------------------------------------------------------------------

TERMINAL_MAX_DISKS = 64
"""The tallest tower ``hanoi play --terminal`` plays: a board of 64 rows, or its stacks as text on a smaller
terminal."""


def ensure_at_most(value: int, cap: int, what: str) -> None:
    """Raise :class:`TooLargeError` unless ``value`` is at most ``cap`` (a cap of nan takes nothing); ``what`` names
    the unit in the message."""
    if not value <= cap:
        raise TooLargeError(f"{quote(value)} {what} is more than this can handle: at most {quote(cap)}")
