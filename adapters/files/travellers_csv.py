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
from pathlib import Path

from adapters.files.reading import CELLS, import_row, read_text
from engine.errors import TravellerError
from engine.section import ImportRow

REQUIRED = ("board", "ns", "ew")


def read_travellers(path: Path) -> tuple[list[ImportRow], list[str]]:
    """The rows that could be read, and every problem found, by line number."""
    return parse_travellers(read_text(path))


def parse_travellers(text: str) -> tuple[list[ImportRow], list[str]]:
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip().lower() for h in reader.fieldnames or []]
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
    for number, raw in enumerate(reader, start=2):
        cells = {k.strip().lower(): (v or "").strip() for k, v in raw.items() if k}
        if not any(cells.values()):
            continue
        try:
            rows.append(import_row(number, cells))
        except TravellerError as exc:
            problems.append(f"line {number}: {exc}")
    if not rows and not problems:
        problems.append("the file has no traveller lines")
    return rows, problems
