"""``hanoi oeis``: every integer sequence hanoikit produces, checked against the published OEIS terms, and the new
numbers of the magnetic tower on four posts and on three posts with restricted moves."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import click

from ..limits import MAX_TOWER_SEARCH_CODES, OEIS_DEFAULT_CODES
from .app import app, table_format

__all__ = ["oeis"]


@app.command()
@click.option("--upto", type=click.IntRange(1, 1000), default=None, help="Check terms up to this n only.")
@click.option(
    "--max-positions", "max_codes", type=click.IntRange(1, MAX_TOWER_SEARCH_CODES), default=OEIS_DEFAULT_CODES,
    show_default=True,
    help=f"Search only puzzles with at most this many codes (positions), up to {MAX_TOWER_SEARCH_CODES:,}.",
)
@click.option("--new", is_flag=True, help="Show the optimal counts, diameters and radii no one has published instead.")
@click.option("--bfile", "identifier", metavar="ID", help="Print an OEIS b-file (n a(n) lines) of the terms computed "
              "of ID: A382111, or the name of a diameter or radius row of --new such as 'diameter, 4 posts, every "
              "move'.")
@table_format
def oeis(upto: int | None, max_codes: int, new: bool, identifier: str | None, fmt: str) -> None:
    """Compute every integer sequence hanoikit can produce and compare it with the published OEIS terms stored in
    the package (hanoikit.oeis_terms): each row says how many terms were checked, by which method (the solver the
    registry picks, or the exhaustive search over the positions) and whether they agree.

    \b
    hanoi oeis                          every sequence, searches up to the default size
    hanoi oeis --max-positions 5000000  the search goes further (4 posts: n <= 11)
    hanoi oeis --new                    the magnetic tower on 4 posts, cyclic and linear moves; diameters, radii
    hanoi oeis --format json
    hanoi oeis --bfile A382111 --max-positions 16777216 > b382111.txt
    """
    from .. import oeis as library

    if identifier is not None:
        click.echo(library.bfile(identifier, upto, max_codes))
        return
    if new:
        found = library.new_numbers(upto, max_codes) + library.new_shapes(upto, max_codes)
        rows = [row._asdict() for row in found]
        columns = ["name", "puzzle", "method", "terms", "note", "recorded"]
        title = (
            f"Optimal counts from S to D, diameters and radii, n = 1, 2, ... (exhaustive search, at most "
            f"{max_codes:,} codes)"
        )
    else:
        rows = [row._asdict() for row in library.compare(upto, max_codes)]
        columns = ["anumber", "name", "method", "checked", "first", "last", "agree", "note", "url"]
        title = f"hanoikit against the OEIS (search: at most {max_codes:,} codes)"
    if fmt == "json":
        click.echo(json.dumps(rows, indent=1))
        return
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, columns, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            for key in ("terms", "recorded"):
                if key in row:
                    row[key] = " ".join("-" if t is None else str(t) for t in row[key])
            writer.writerow(row)
        click.echo(out.getvalue(), nl=False)
        return
    _table(title, rows, new)


def _table(title: str, rows: list[dict[str, Any]], new: bool) -> None:
    from ..draw.terminal import emit

    cells: list[list[object]] = []
    if new:
        columns = ["member", "terms (- : the goal cannot be reached)"]
        for row in rows:
            terms = ", ".join("-" if t is None else str(t) for t in row["terms"])
            if row["recorded"]:
                terms += f"\nrecorded (n = 1..{len(row['recorded'])}): {', '.join(map(str, row['recorded']))}"
            cells.append([f"{row['name']}\n{row['puzzle']}", terms + (f"\n({row['note']})" if row["note"] else "")])
        caption = (
            "start tower on S showing red, goal tower on D showing blue unless told; none found in the OEIS; recorded: "
            "searched further before (hanoikit.oeis.RECORDED)"
        )
    else:
        columns = ["A-number", "sequence", "method", "terms", "agree"]
        previous = None
        for row in rows:
            name, previous = ("" if row["anumber"] == previous else row["name"]), row["anumber"]
            span = f"{row['checked']} (n={row['first']}..{row['last']})" if row["checked"] else "0"
            agree = {True: "yes", False: "NO", None: "-"}[row["agree"]]
            note = f": {row['note']}" if row["note"] else ""
            cells.append([row["anumber"] if name else "", name, row["method"], span, agree + note])
        agreed = sum(1 for row in rows if row["agree"])
        caption = f"{agreed} of {len(rows)} rows agree; the others compare nothing (see why)"
    emit("table", columns, cells, title=title, caption=caption)
