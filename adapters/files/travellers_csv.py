"""Traveller lines from a CSV file, one result per row.

Columns (a header row names them; order is free)::

    board,ns,ew,contract,declarer,tricks,score_ns,adjusted[,round,table,lead]

A row gives ``contract`` + ``declarer`` + ``tricks``, or ``score_ns``, or both (then
they must agree); or an ``adjusted`` score for the table instead: ``A+/A-``,
``A60/A40``, ``A50/A50`` (NS/EW), or ``N`` for a neutral board. ``tricks`` is the
number of tricks declarer took (0–13). A passed-out board is ``contract=PASS``.

A file is read line by line (:class:`TravellerFile`), never held whole: a million lines
are checked and imported in bounded memory (docs/decisions/0028). A text already in
memory (a file sent to the API) is read by :func:`parse_travellers`, the same way.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from adapters.files.reading import CELLS, RowReader
from engine.errors import InvalidFile, TravellerError
from engine.parsing import MOST_ROWS, MOST_STREAMED_BYTES, MOST_STREAMED_ROWS, too_large
from engine.section import ImportRow
from engine.section.results import LineProblem

REQUIRED = ("board", "ns", "ew")
PROGRESS_EVERY = 8192
"""Lines read between two reports of a file's progress."""

Progress = Callable[[int], None]
"""Told how many bytes of the file have been read so far."""


class TravellerFile:
    """A CSV of traveller lines, read line by line each time it is iterated (an import
    that meets a conflict reads it again): its rows, and a :class:`LineProblem` for each
    line that cannot be read, in the file's order.

    The file is refused at once (:class:`~engine.errors.InvalidFile`) when it cannot be
    opened, is larger than :data:`~engine.parsing.MOST_STREAMED_BYTES` or is not UTF-8
    text (a byte-order mark, as spreadsheets write it, is dropped); a file of more than
    :data:`~engine.parsing.MOST_STREAMED_ROWS` lines ends with that problem.
    ``progress``, if given, is told the bytes read as the lines are."""

    def __init__(self, path: Path, *, progress: Progress | None = None) -> None:
        self.path = path
        self.progress = progress
        try:
            self.size = path.stat().st_size
            if self.size > MOST_STREAMED_BYTES:
                raise too_large(path, MOST_STREAMED_BYTES)
            _check_utf8(path)
        except OSError as exc:
            raise InvalidFile(f"Cannot read {path}.", problems=[str(exc)]) from exc

    def __iter__(self) -> Iterator[ImportRow | LineProblem]:
        try:
            with self.path.open(encoding="utf-8-sig", newline=None) as text:
                yield from read_rows(self._lines(text), MOST_STREAMED_ROWS)
        except OSError as exc:
            raise InvalidFile(f"Cannot read {self.path}.", problems=[str(exc)]) from exc
        except UnicodeDecodeError as exc:  # changed since it was checked
            raise not_utf8(self.path, exc) from exc

    def _lines(self, text: TextIO) -> Iterator[str]:
        if self.progress is None:
            yield from text
            return
        for count, line in enumerate(text, start=1):
            if count % PROGRESS_EVERY == 0:
                self.progress(text.buffer.tell())
            yield line
        self.progress(self.size)


def _check_utf8(path: Path) -> None:
    """Refuse a file that is not UTF-8 text before a line of it is checked (decoded a
    megabyte at a time, and let go)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    with path.open("rb") as file:
        try:
            while block := file.read(1 << 20):
                decoder.decode(block)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError as exc:
            raise not_utf8(path, exc) from exc


def not_utf8(path: Path, exc: UnicodeDecodeError) -> InvalidFile:
    return InvalidFile(f"Cannot read {path}: it is not UTF-8 text.", problems=[str(exc)])


def read_travellers(path: Path) -> tuple[list[ImportRow], list[str]]:
    """The rows that could be read, and every problem found, by line (the whole file in
    memory: an import reads a :class:`TravellerFile` instead)."""
    return _collected(TravellerFile(path))


def parse_travellers(text: str) -> tuple[list[ImportRow], list[str]]:
    """The rows of a CSV text, and its problems by line. Any line ending is read (``\\r\\n``,
    ``\\n``, and the ``\\r`` of old spreadsheets); a line the CSV reader cannot read (a
    stray quote, a NUL byte) ends the reading with that problem, and a text of more
    than :data:`~engine.parsing.MOST_ROWS` lines is refused."""
    if text.count("\n") + text.count("\r") > 2 * MOST_ROWS + 2:  # before splitting a huge text
        return [], [too_many_rows(MOST_ROWS)]
    # Universal newlines: ``\\r`` alone ends a line too, as old Excel for the Mac wrote it.
    lines = io.StringIO(text, newline=None).read().split("\n")
    if lines and not lines[-1]:
        lines.pop()  # the end of the last line, not a line
    if len(lines) > MOST_ROWS + 1:  # the header and the rows
        return [], [too_many_rows(MOST_ROWS)]
    return _collected(read_rows(lines, MOST_ROWS))


def _collected(read: Iterable[ImportRow | LineProblem]) -> tuple[list[ImportRow], list[str]]:
    rows: list[ImportRow] = []
    problems: list[str] = []
    for row in read:
        if isinstance(row, LineProblem):
            problems.append(str(row))
        else:
            rows.append(row)
    return rows, problems


def read_rows(lines: Iterable[str], most_rows: int) -> Iterator[ImportRow | LineProblem]:
    """The rows of CSV ``lines``, and a :class:`LineProblem` for each line that cannot be
    read; a line the CSV reader cannot read ends the reading, and so does a line past
    ``most_rows``. A file with no rows says so (the file as a whole: line 0)."""
    reader = csv.reader(lines)
    try:
        fieldnames = next(reader, [])
    except csv.Error as exc:
        yield LineProblem(1, unreadable(exc))
        return
    header = [h.strip().lower() for h in fieldnames]
    missing = [c for c in REQUIRED if c not in header]
    unknown = [c for c in header if c not in CELLS]
    if missing:
        yield LineProblem(1, f"the header lacks the column(s) {', '.join(missing)}")
    if unknown:
        yield LineProblem(1, f"unknown column(s) {', '.join(unknown)} (known: {', '.join(CELLS)})")
    if missing or unknown:
        return
    read = RowReader()
    found = False
    number = 1  # a row's number counts the rows read, as the csv module's DictReader does
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            yield LineProblem(reader.line_num, unreadable(exc))
            return
        if reader.line_num > most_rows + 1:
            yield LineProblem(0, too_many_rows(most_rows))
            return
        if not record:
            continue  # a blank line
        number += 1
        cells = dict(zip(header, map(str.strip, record), strict=False))
        if not any(cells.values()):
            continue
        found = True
        try:
            yield read.row(number, cells)
        except TravellerError as exc:
            yield LineProblem(number, str(exc))
    if not found:
        yield LineProblem(0, "the file has no traveller lines")


def unreadable(exc: csv.Error) -> str:
    """A line the CSV reader refused, in words."""
    return f"this line cannot be read as CSV ({exc}): check its quotes and characters"


def too_many_rows(most: int = MOST_STREAMED_ROWS) -> str:
    return (
        f"the file has more than {most} lines: it cannot be one event's travellers "
        "(import each session's file)"
    )
