"""What every results-file reader shares: reading the file, and turning one traveller
line, as named cells, into the :class:`~engine.section.ImportRow` the import command takes.

The cell names are the CSV header's (see :data:`CELLS`); a reader of another format
maps its own columns onto them, and gives its own column names as ``labels`` so that a
problem is reported in the words of the file the director is looking at.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engine.errors import InvalidFile, InvalidInput
from engine.parsing import MOST_FILE_BYTES, WHOLE, Bounds, bounds_of, too_large
from engine.parsing import whole_number as strict_whole_number
from engine.section import Adjusted, ImportRow, ResultEntry

CELLS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "score_ns",
    "adjusted",
    "round",
    "table",
    "lead",
)


def read_text(path: Path, *, fallback: str | None = None) -> str:
    """The file's text: UTF-8 (a byte-order mark, as spreadsheets write it, is dropped),
    else the ``fallback`` encoding when the format names one. A file larger than any
    results file (:data:`~engine.parsing.MOST_FILE_BYTES`) is refused before it is read."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if fallback is None:
            raise InvalidFile(
                f"Cannot read {path}: it is not UTF-8 text.", problems=[str(exc)]
            ) from exc
        return data.decode(fallback)


def read_bytes(path: Path) -> bytes:
    """The file's bytes (a format that says its own encoding, as XML does, decodes them
    itself); a file larger than any results file is refused before it is read."""
    try:
        with path.open("rb") as file:
            data = file.read(MOST_FILE_BYTES + 1)
    except OSError as exc:
        raise InvalidFile(f"Cannot read {path}.", problems=[str(exc)]) from exc
    if len(data) > MOST_FILE_BYTES:
        raise too_large(path)
    return data


def line_of(problem: str) -> int:
    """The line a problem is about (``"line 12: …"``), 0 for the file as a whole."""
    head = problem.removeprefix("line ").split(":", 1)[0]
    return int(head) if head.isdigit() else 0


def whole_number(value: str, label: str, bounds: Bounds = WHOLE) -> int | None:
    """An optional whole number (``+420`` too, read strictly and within ``bounds``: see
    :func:`engine.parsing.whole_number`); None for an empty cell."""
    if not value:
        return None
    try:
        return strict_whole_number(value, label, bounds)
    except InvalidInput as exc:  # a line's problem is said in one sentence, without the hint
        raise InvalidInput(exc.message.rstrip(".")) from None


def import_row(
    line: int, cells: Mapping[str, str], labels: Mapping[str, str] | None = None
) -> ImportRow:
    """The line's result or adjusted score; raises :class:`InvalidInput` saying what is wrong.

    ``cells`` holds stripped text, empty for an empty cell; a cell left out is empty."""
    named = labels or {}

    def label(cell: str) -> str:
        return named.get(cell, cell)

    def number(cell: str, *, required: bool = False) -> int | None:
        value = whole_number(cells.get(cell, ""), label(cell), bounds_of(cell))
        if value is None and required:
            raise InvalidInput(f"the {label(cell)} column is empty")
        return value

    board = number("board", required=True)
    ns = number("ns", required=True)
    ew = number("ew", required=True)
    assert board is not None and ns is not None and ew is not None
    if cells.get("adjusted"):
        if cells.get("contract") or cells.get("score_ns"):
            raise InvalidInput("a row is either a result or an adjusted score, not both")
        return ImportRow(line, board, ns, ew, adjusted=Adjusted.parse(cells["adjusted"]))
    entry = ResultEntry(
        board=board,
        ns=ns,
        ew=ew,
        contract=cells.get("contract") or None,
        declarer=cells.get("declarer") or None,
        tricks=number("tricks"),
        score_ns=number("score_ns"),
        lead=cells.get("lead") or None,
        round=number("round"),
        table=number("table"),
    )
    if entry.contract is None and entry.score_ns is None:
        raise InvalidInput(
            f"give {label('contract')}, {label('declarer')} and {label('tricks')}, "
            f"or {label('score_ns')}, or {label('adjusted')}"
        )
    return ImportRow(line, board, ns, ew, entry=entry)
