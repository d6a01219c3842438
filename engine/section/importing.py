"""A file's traveller lines recorded as a section's results, all or nothing: each line is
checked as it streams in, and the results are recorded as a few
:class:`~engine.section.events.ResultsImported` events of up to
:data:`~engine.section.events.IMPORT_CHUNK` results each, column by column
(docs/decisions/0028).

Nothing holds a line once it is checked, so a million lines import in bounded memory: a
result is kept as its values in the columns of its chunk, and as two numbers (its board
with each of its pairs) from which the lines that give a pair a second result on a board
are found at the end; problems are kept in line order, the first
:data:`~engine.parsing.MOST_PROBLEMS_KEPT`, and counted. Once a line has a problem the
file will be refused: the lines after it are only checked, no longer recorded.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any

from engine.collector import collector_paused
from engine.errors import N_, InvalidFile, InvalidInput, NotFound, Rejected
from engine.events import Changes, DomainEvent
from engine.parsing import MOST_PAIR, MOST_PROBLEMS_KEPT
from engine.seating import Line, Pair
from engine.section.assigned import check_weighted_score, outcomes_text
from engine.section.checks import (
    check_not_recorded,
    check_pairs_and_board,
    check_round_started,
    duplicate_result,
)
from engine.section.events import (
    IMPORT_CHUNK,
    IMPORTED_COLUMNS,
    BoardDeclaredNeutral,
    ResultsImported,
    ScoreAdjusted,
    ScoreAssigned,
)
from engine.section.results import ImportRow, LineProblem, ResultFields, result_fields
from engine.section.state import Section
from engine.tournament.state import Tournament

Row = ImportRow | LineProblem
"""What a file read line by line gives: a line read, or a line that could not be."""

_OPTIONAL = IMPORTED_COLUMNS[4:]
"""The columns a chunk leaves out (None) when none of its results gives a value."""
_LINE_CODE = {None: 0, Line.NS: 1, Line.EW: 2}
_CODE_LINE = (None, Line.NS, Line.EW)
_by_line = itemgetter(0)


class Problems:
    """A file's problems in line order (line 0: the file as a whole, listed first): the
    first :data:`~engine.parsing.MOST_PROBLEMS_KEPT` kept in words, every one counted."""

    def __init__(self) -> None:
        self._kept: list[tuple[int, str]] = []
        self.count = 0

    def __bool__(self) -> bool:
        return self.count > 0

    def add(self, line: int, problem: str) -> None:
        """A problem of ``line``, in words (``"line 12: …"``)."""
        self.count += 1
        self._kept.append((line, problem))
        if len(self._kept) >= 2 * MOST_PROBLEMS_KEPT:
            self._trim()

    def _trim(self) -> None:
        self._kept.sort(key=_by_line)  # stable: a line's problems stay in the order found
        del self._kept[MOST_PROBLEMS_KEPT:]

    def listed(self) -> list[str]:
        """The problems kept, in line order."""
        self._trim()
        return [problem for _, problem in self._kept]

    def refusal(self) -> InvalidFile:
        """The error that refuses the file, listing its problems."""
        listed = self.listed()
        return InvalidFile(
            N_("The file was not imported: %(count)s line(s) need fixing."),
            problems=listed,
            unlisted=self.count - len(listed),
            code="file.lines",
            count=self.count,
        )


class _Seen:
    """Every (board, pair) a line of the file gives a result or a score, as two numbers a
    line in an array (16 bytes a line, not a Python object), and the line's number; the
    lines that give a pair a second result on a board are found once the file is read."""

    def __init__(self, section: Section) -> None:
        self.keys = array("q")
        """Two a line: its board with its NS pair, then with its EW pair (see :meth:`add`)."""
        self.lines = array("l")
        # How the section numbers its pairs says the line of each: NS and EW 3 are two
        # pairs of a Mitchell, one of a Howell.
        self._ns_line = _LINE_CODE[section.pair(Line.NS, 1).line]
        self._ew_line = _LINE_CODE[section.pair(Line.EW, 1).line]

    def add(self, line: int, board: int, ns: int, ew: int) -> None:
        """The line ``line``: NS ``ns`` against EW ``ew`` on ``board`` (each key is the
        board, the pair's number and its line, in one number)."""
        first = board * (MOST_PAIR + 1)
        self.keys.append((first + ns) * 3 + self._ns_line)
        self.keys.append((first + ew) * 3 + self._ew_line)
        self.lines.append(line)

    @staticmethod
    def _board_and_pair(key: int) -> tuple[int, Pair]:
        rest, line = divmod(key, 3)
        board, number = divmod(rest, MOST_PAIR + 1)
        return board, Pair(number, _CODE_LINE[line])

    def check(self, problems: Problems) -> None:
        """Add to ``problems`` each line that gives a pair a second result on a board.

        The lines are taken in the file's order, as if each were recorded before the next
        is checked: a line refused leaves its other pair free for a later line. Only the
        lines that share a key with another are looked at one by one."""
        taken: dict[int, tuple[int, int]] = {}
        for i in _sharing_lines(self.keys):
            pair_keys = (self.keys[2 * i], self.keys[2 * i + 1])
            clash = next((k for k in pair_keys if k in taken), None)
            if clash is None:
                ns, ew = (self._board_and_pair(k)[1].number for k in pair_keys)
                taken[pair_keys[0]] = taken[pair_keys[1]] = (ns, ew)
                continue
            board, pair = self._board_and_pair(clash)
            line = self.lines[i]
            problems.add(line, f"line {line}: {duplicate_result(pair, board, *taken[clash])}")


NUMPY_FROM = 200_000
"""Keys (two a line) from which the lines that share one are found with numpy: below,
with a set, as importing numpy would take longer than a club's whole file."""


def _sharing_lines(keys: array[int]) -> list[int]:
    """The indices of the lines (two keys each) one of whose keys another line has too,
    in order."""
    if len(keys) < NUMPY_FROM:
        if len(set(keys)) == len(keys):
            return []  # the usual file: no (board, pair) twice
        repeated = {k for k, n in Counter(keys).items() if n > 1}
        return [i for i in range(len(keys) // 2) if {keys[2 * i], keys[2 * i + 1]} & repeated]
    import numpy as np  # only for a big file: the command line starts without it

    column = np.frombuffer(keys, dtype=np.int64)
    ordered = np.sort(column)
    repeated_keys = ordered[1:][ordered[1:] == ordered[:-1]]
    if not repeated_keys.size:
        return []
    shared: list[int] = np.flatnonzero(
        np.isin(column, repeated_keys).reshape(-1, 2).any(axis=1)
    ).tolist()
    return shared


def import_rows(
    changes: Changes,
    tournament: Tournament,
    section: Section,
    rows: Iterable[Row],
    problems: Problems,
) -> None:
    """Check every row against ``section`` (its state before the file: the rows are not
    folded into it) and add the events that record them to ``changes``, or their
    problems to ``problems``."""
    # A line's objects are freed as it is checked; what lives on (the chunks) holds no
    # cycle: the cyclic collector would only scan the program again and again.
    with collector_paused():
        _import_rows(changes, tournament, section, rows, problems)


def _import_rows(
    changes: Changes,
    tournament: Tournament,
    section: Section,
    rows: Iterable[Row],
    problems: Problems,
) -> None:
    seen = _Seen(section)
    chunk: list[ResultFields] = []
    recorded = bool(section.tables)
    for row in rows:
        if isinstance(row, LineProblem):
            problems.add(row.line, str(row))
            continue
        try:
            check_pairs_and_board(
                section, tournament, row.board, row.ns, row.ew, allow_unscheduled=False
            )
            if row.entry is None:
                board, ns, ew = row.board, row.ns, row.ew
                if recorded:
                    check_not_recorded(section, board, ns, ew)
                event = _scored(row)
            else:
                fields = result_fields(row.entry, allow_impossible=False)
                board, ns, ew = fields.board, fields.ns, fields.ew
                check_round_started(section, tournament, board, ns, ew, fields.round)
                if recorded:
                    check_not_recorded(section, board, ns, ew)
                event = None
        except (Rejected, NotFound, InvalidInput) as exc:
            problems.add(row.line, f"line {row.line}: {exc}")
            continue
        seen.add(row.line, board, ns, ew)
        if problems.count:
            continue  # the file will be refused: checked, no longer recorded
        if event is None:
            chunk.append(fields)
            if len(chunk) == IMPORT_CHUNK:
                _record_chunk(changes, section, chunk)
        else:
            _record_chunk(changes, section, chunk)  # the events stay in the file's order
            changes.add(section, event[0], **event[1])
    seen.check(problems)
    if not problems:
        _record_chunk(changes, section, chunk)


def lines_recorded(events: Sequence[DomainEvent]) -> int:
    """How many lines of a file the events of its import record: a result each in the
    chunks, and an event each for an adjusted, neutral or assigned score."""
    return sum(
        e.size
        for e in events
        if isinstance(e, ResultsImported | ScoreAdjusted | BoardDeclaredNeutral | ScoreAssigned)
    )


def _scored(row: ImportRow) -> tuple[type[DomainEvent], dict[str, Any]]:
    """The event (class and data) of a row that gives a table a score, not a result: an
    adjusted score, a neutral board, an assigned score."""
    where = {"board": row.board, "ns": row.ns, "ew": row.ew}
    if row.adjusted is not None:
        reason = f"imported adjusted score {row.adjusted.text}"
        if row.adjusted.neutral:
            return BoardDeclaredNeutral, {**where, "reason": reason}
        return ScoreAdjusted, {
            **where,
            "award_ns": str(row.adjusted.ns),
            "award_ew": str(row.adjusted.ew),
            "reason": reason,
        }
    assert row.assigned is not None, "a row is a result, an adjusted or an assigned score"
    checked = check_weighted_score(row.board, row.assigned)
    return ScoreAssigned, {
        **where,
        "outcomes": outcomes_text(checked),
        "law": "12C1c" if len(checked) > 1 else "12C",
        "reason": "imported assigned score",
    }


def _record_chunk(changes: Changes, section: Section, chunk: list[ResultFields]) -> None:
    """The results of ``chunk`` recorded as one event, column by column; ``chunk`` is
    emptied."""
    if not chunk:
        return
    columns = dict(zip(IMPORTED_COLUMNS, zip(*chunk, strict=True), strict=True))
    size = len(chunk)
    for name in _OPTIONAL:
        if columns[name].count(None) == size:
            columns[name] = None  # type: ignore[assignment]
    changes.add(section, ResultsImported, **columns)
    chunk.clear()
