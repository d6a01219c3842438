"""Traveller lines from a CSV file, one result per row.

Columns (a header row names them; order is free)::

    board,ns,ew,contract,declarer,tricks,score_ns,adjusted[,round,table,lead]

A row gives ``contract`` + ``declarer`` + ``tricks``, or ``score_ns``, or both (then
they must agree); or an ``adjusted`` score for the table instead: ``A+/A-``,
``A60/A40``, ``A50/A50`` (NS/EW), or ``N`` for a neutral board. ``tricks`` is the
number of tricks declarer took (0–13). A passed-out board is ``contract=PASS``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from adapters.files.reading import CELLS, import_row, read_text
from engine.errors import TravellerError
from engine.parsing import MOST_ROWS
from engine.section import ImportRow

REQUIRED = ("board", "ns", "ew")


def read_travellers(path: Path) -> tuple[list[ImportRow], list[str]]:
    """The rows that could be read, and every problem found, by line number."""
    return parse_travellers(read_text(path))


def parse_travellers(text: str) -> tuple[list[ImportRow], list[str]]:
    """The rows of a CSV text, and its problems by line. Any line ending is read (``\\r\\n``,
    ``\\n``, and the ``\\r`` of old spreadsheets); a line the CSV reader cannot read (a
    stray quote, a NUL byte) ends the reading with that problem, and a file of more
    than :data:`~engine.parsing.MOST_ROWS` lines is refused."""
    if text.count("\n") + text.count("\r") > 2 * MOST_ROWS + 2:  # before splitting a huge file
        return [], [too_many_rows()]
    # Universal newlines: ``\\r`` alone ends a line too, as old Excel for the Mac wrote it.
    lines = io.StringIO(text, newline=None).read().split("\n")
    if lines and not lines[-1]:
        lines.pop()  # the end of the last line, not a line
    if len(lines) > MOST_ROWS + 1:  # the header and the rows
        return [], [too_many_rows()]
    reader = csv.DictReader(lines)
    try:
        fieldnames = reader.fieldnames
    except csv.Error as exc:
        return [], [f"line 1: {unreadable(exc)}"]
    header = [h.strip().lower() for h in fieldnames or []]
    missing = [c for c in REQUIRED if c not in header]
    unknown = [c for c in header if c not in CELLS]
    if missing or unknown:
        problems = []
        if missing:
            problems.append(f"line 1: the header lacks the column(s) {', '.join(missing)}")
        if unknown:
            problems.append(
                f"line 1: unknown column(s) {', '.join(unknown)} (known: {', '.join(CELLS)})"
            )
        return [], problems
    rows: list[ImportRow] = []
    problems = []
    number = 1
    for number, raw in enumerate(_safe(reader, problems), start=2):
        cells = {
            k.strip().lower(): (v or "").strip() if isinstance(v, str) else ""
            for k, v in raw.items()
            if k
        }
        if not any(cells.values()):
            continue
        try:
            rows.append(import_row(number, cells))
        except TravellerError as exc:
            problems.append(f"line {number}: {exc}")
    if not rows and not problems:
        problems.append("the file has no traveller lines")
    return rows, problems


def _safe(reader: csv.DictReader[str], problems: list[str]) -> Iterator[dict[str, Any]]:
    """The reader's rows until one cannot be read: its problem is added to ``problems``
    and the reading ends (what follows a stray quote cannot be trusted)."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.append(f"line {reader.line_num}: {unreadable(exc)}")
            return
        yield row


def unreadable(exc: csv.Error) -> str:
    """A line the CSV reader refused, in words."""
    return f"this line cannot be read as CSV ({exc}): check its quotes and characters"


def too_many_rows() -> str:
    return (
        f"the file has more than {MOST_ROWS} lines: it cannot be one event's travellers "
        "(import each session's file)"
    )
