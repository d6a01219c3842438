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

from engine.errors import InvalidFile, TravellerError
from engine.rules import Adjusted, ImportRow, ResultEntry

REQUIRED = ("board", "ns", "ew")
KNOWN = (
    *REQUIRED,
    "contract",
    "declarer",
    "tricks",
    "score_ns",
    "adjusted",
    "round",
    "table",
    "lead",
)


def read_travellers(path: Path) -> tuple[list[ImportRow], list[str]]:
    """The rows that could be read, and every problem found, by line number."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InvalidFile(f"Cannot read {path}.", problems=[str(exc)]) from exc
    return parse_travellers(text)


def parse_travellers(text: str) -> tuple[list[ImportRow], list[str]]:
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    missing = [c for c in REQUIRED if c not in header]
    unknown = [c for c in header if c not in KNOWN]
    if missing or unknown:
        problems = []
        if missing:
            problems.append(f"line 1: the header lacks the column(s) {', '.join(missing)}")
        if unknown:
            problems.append(
                f"line 1: unknown column(s) {', '.join(unknown)} (known: {', '.join(KNOWN)})"
            )
        return [], problems
    rows: list[ImportRow] = []
    problems = []
    for number, raw in enumerate(reader, start=2):
        cells = {k.strip().lower(): (v or "").strip() for k, v in raw.items() if k}
        if not any(cells.values()):
            continue
        try:
            rows.append(_row(number, cells))
        except (ValueError, TravellerError) as exc:
            problems.append(f"line {number}: {exc}")
    if not rows and not problems:
        problems.append("the file has no traveller lines")
    return rows, problems


def _int(cells: dict[str, str], name: str, *, required: bool = False) -> int | None:
    value = cells.get(name, "")
    if not value:
        if required:
            raise ValueError(f"the {name} column is empty")
        return None
    try:
        return int(value.replace("+", ""))
    except ValueError:
        raise ValueError(f"{name} {value!r} is not a whole number") from None


def _row(line: int, cells: dict[str, str]) -> ImportRow:
    board = _int(cells, "board", required=True)
    ns = _int(cells, "ns", required=True)
    ew = _int(cells, "ew", required=True)
    assert board is not None and ns is not None and ew is not None
    if cells.get("adjusted"):
        if cells.get("contract") or cells.get("score_ns"):
            raise ValueError("a row is either a result or an adjusted score, not both")
        return ImportRow(line, board, ns, ew, adjusted=Adjusted.parse(cells["adjusted"]))
    entry = ResultEntry(
        board=board,
        ns=ns,
        ew=ew,
        contract=cells.get("contract") or None,
        declarer=cells.get("declarer") or None,
        tricks=_int(cells, "tricks"),
        score_ns=_int(cells, "score_ns"),
        lead=cells.get("lead") or None,
        round=_int(cells, "round"),
        table=_int(cells, "table"),
    )
    if entry.contract is None and entry.score_ns is None:
        raise ValueError("give contract, declarer and tricks, or score_ns, or adjusted")
    return ImportRow(line, board, ns, ew, entry=entry)
