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


MOST_REMEMBERED = 1 << 16
"""The most different texts a :class:`RowReader` remembers for one column."""


class RowReader:
    """Turns traveller lines, as named cells, into :class:`~engine.section.ImportRow`s,
    remembering the numbers it has read: a file of a million lines has a few thousand
    different cells, each read (strictly: :func:`whole_number`) once, and each number
    then kept once in memory however many lines give it.

    ``labels`` names the cells in the words of the file (a reader of another format maps
    its own columns onto :data:`CELLS`)."""

    def __init__(self, labels: Mapping[str, str] | None = None) -> None:
        named = labels or {}
        self.labels = {cell: named.get(cell, cell) for cell in CELLS}
        self._bounds = {cell: bounds_of(cell) for cell in CELLS}
        self._known: dict[str, dict[str, int]] = {cell: {} for cell in CELLS}

    def number(self, cells: Mapping[str, str], cell: str) -> int | None:
        """The cell's whole number; None for an empty cell."""
        text = cells.get(cell, "")
        if not text:
            return None
        known = self._known[cell]
        value = known.get(text)
        if value is None:
            value = whole_number(text, self.labels[cell], self._bounds[cell])
            assert value is not None
            if len(known) < MOST_REMEMBERED:
                known[text] = value
        return value

    def required(self, cells: Mapping[str, str], cell: str) -> int:
        value = self.number(cells, cell)
        if value is None:
            raise InvalidInput(f"the {self.labels[cell]} column is empty")
        return value

    def row(self, line: int, cells: Mapping[str, str]) -> ImportRow:
        """The line's result or adjusted score; raises :class:`InvalidInput` saying what is
        wrong. ``cells`` holds stripped text, empty for an empty cell; a cell left out is
        empty."""
        get, known = cells.get, self._known
        # A number read before is looked up at once (most of a big file); the first time,
        # or an empty cell, goes the whole way (:meth:`required`), to be read or refused.
        board = known["board"].get(get("board", "")) or self.required(cells, "board")
        ns = known["ns"].get(get("ns", "")) or self.required(cells, "ns")
        ew = known["ew"].get(get("ew", "")) or self.required(cells, "ew")
        if get("adjusted"):
            if get("contract") or get("score_ns"):
                raise InvalidInput("a row is either a result or an adjusted score, not both")
            return ImportRow(line, board, ns, ew, adjusted=Adjusted.parse(cells["adjusted"]))
        contract = get("contract") or None
        tricks = self.number(cells, "tricks") if get("tricks") else None
        score = known["score_ns"].get(get("score_ns", ""))
        if score is None:
            score = self.number(cells, "score_ns")
        round = self.number(cells, "round") if get("round") else None
        table = self.number(cells, "table") if get("table") else None
        if contract is None and score is None:
            label = self.labels
            raise InvalidInput(
                f"give {label['contract']}, {label['declarer']} and {label['tricks']}, "
                f"or {label['score_ns']}, or {label['adjusted']}"
            )
        entry = ResultEntry(
            board,
            ns,
            ew,
            contract,
            get("declarer") or None,
            tricks,
            score,
            get("lead") or None,
            round,
            table,
        )
        return ImportRow(line, board, ns, ew, entry)  # in order: a million of them


def import_row(
    line: int, cells: Mapping[str, str], labels: Mapping[str, str] | None = None
) -> ImportRow:
    """The line's result or adjusted score (see :meth:`RowReader.row`); raises
    :class:`InvalidInput` saying what is wrong."""
    return RowReader(labels).row(line, cells)
