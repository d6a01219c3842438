"""Strict reading of what a person types or a file holds, and the limits that refuse
absurd input early.

A whole number is ASCII digits with at most one sign in front: ``12``, ``-50``, ``+420``.
Python's ``int`` reads much more (``１２``, ``٤٢``, ``1_0``, `` 7 ``), and a lax reader
reads ``+-420`` as −420: a slip on a keyboard or a mangled file must be refused, never
taken for another number. Every number is bounded, so that 2^64 or a board 10^18 is
refused here with a clear message rather than failing deep in the store.

The limits are far beyond any real tournament and only stop absurd input (a fuzzer, a
wrong file): a section of :data:`MOST_TABLES` tables, board numbers up to
:data:`MOST_BOARD`, a results file read whole of :data:`MOST_FILE_BYTES` bytes, a CSV of
travellers (read line by line) of :data:`MOST_STREAMED_BYTES` bytes and
:data:`MOST_STREAMED_ROWS` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import N_, InvalidFile, InvalidInput

MOST_WHOLE = 10**9
"""The largest whole number any command or file gives (its negative is the smallest)."""
MOST_BOARD = 9_999
"""The largest board number."""
MOST_PAIR = 9_999
"""The largest pair, team or table number."""
MOST_TABLES = 100
"""The most tables a section (and so a movement) may have (a Mitchell of 100 tables is
already 10,000 table-rounds: more is a slip, and would keep the CLI busy for minutes)."""
MOST_BOARDS_PER_ROUND = 99
"""The most boards a round may have."""
MOST_SESSIONS = 99
"""The largest session number."""
MOST_ROUNDS = 2 * MOST_TABLES
"""The largest round number (a movement of the most tables plays fewer)."""
MOST_SCORE = 7_600
"""The largest raw score a bridge table can make (seven down, redoubled, vulnerable):
no score beyond it, not even an overridden one, can be real."""
MOST_FILE_BYTES = 5 * 1024 * 1024
"""The largest results file read whole (PBN, USEBIO, a CSV sent to the API: a whole
season's travellers is far less)."""
MOST_ROWS = 50_000
"""The most lines a results text read whole may hold."""
MOST_STREAMED_BYTES = 256 * 1024 * 1024
"""The largest CSV of travellers ``traveller import travellers`` reads. It is read line
by line and kept as a few bytes a result (docs/decisions/0028): a million lines (15 to
60 MB) import in well under 500 MB of memory, and this limit, about four million short
lines, only refuses a file that cannot be one event's."""
MOST_STREAMED_ROWS = 2_000_000
"""The most lines of a CSV of travellers read line by line (twice the million the import
is measured with, docs/performance.md)."""
MOST_NAME = 200
"""The longest name of a player, an event or a team (typed, or read from a file)."""
MOST_PROBLEMS = 20
"""The most problems an error lists; the rest are counted."""
MOST_PROBLEMS_KEPT = 10_000
"""The most problems of one file an error keeps (a script reads them all, up to this
many); the rest are counted, so a file of a million bad lines is refused in bounded
memory."""

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


@dataclass(frozen=True)
class Bounds:
    """The smallest and largest value a number may take."""

    low: int = -MOST_WHOLE
    high: int = MOST_WHOLE


WHOLE = Bounds()
"""Any whole number a person types."""

BOUNDS: dict[str, Bounds] = {
    "board": Bounds(1, MOST_BOARD),
    "first_board": Bounds(1, MOST_BOARD),
    "ns": Bounds(1, MOST_PAIR),
    "ew": Bounds(1, MOST_PAIR),
    "pair": Bounds(1, MOST_PAIR),
    "table": Bounds(1, MOST_PAIR),
    "tables": Bounds(1, MOST_TABLES),
    "pairs": Bounds(1, 4 * MOST_TABLES),
    "boards_per_round": Bounds(1, MOST_BOARDS_PER_ROUND),
    "session": Bounds(1, MOST_SESSIONS),
    "round": Bounds(1, MOST_ROUNDS),
    "rounds": Bounds(1, MOST_ROUNDS),
    "score_ns": Bounds(-MOST_SCORE, MOST_SCORE),
}
"""The bounds of the numbers named so in commands and files (a board, a pair, a score);
any other number is bounded by :data:`WHOLE`."""


def bounds_of(name: str) -> Bounds:
    """The bounds of the number called ``name`` (``board``, ``score_ns``, …)."""
    return BOUNDS.get(name, WHOLE)


def whole_number(text: str, what: str, bounds: Bounds = WHOLE) -> int:
    """``text`` as a whole number: ASCII digits after at most one sign, within ``bounds``.

    ``what`` names the number in the message (``--board``, ``the board column``).
    Raises :class:`~engine.errors.InvalidInput` saying what is wrong otherwise."""
    written = text.strip(" ")
    # Bounded before it is converted: a string of a million digits is refused at once.
    if len(written) > 24 or not _WHOLE.fullmatch(written):
        raise InvalidInput(
            N_("%(what)s %(text)s is not a whole number."),
            hint=N_("Write it in the digits 0–9, with a minus sign in front if negative: 12, -50."),
            code="number.not_whole",
            what=what,
            text=ascii(text)[:40],
        )
    number = int(written)
    if not bounds.low <= number <= bounds.high:
        raise InvalidInput(
            N_("%(what)s %(number)s is out of range."),
            hint=N_("Give a number from %(low)s to %(high)s."),
            code="number.out_of_range",
            what=what,
            number=number,
            low=bounds.low,
            high=bounds.high,
        )
    return number


def within(number: int, what: str, bounds: Bounds = WHOLE) -> int:
    """``number`` (already a number, as a form or JSON gives it) if within ``bounds``."""
    if type(number) is int and bounds.low <= number <= bounds.high:
        return number  # the common case, at once (an import checks millions)
    return whole_number(str(number), what, bounds)


def too_large(file: object, most: int = MOST_FILE_BYTES) -> InvalidFile:
    """The error of a file larger than any results file (``most`` bytes:
    :data:`MOST_FILE_BYTES` for a file read whole)."""
    return InvalidFile(
        N_("%(file)s is larger than %(most)s MB: it cannot be a results file."),
        hint=N_("Check that this is the file meant; split a whole season into sessions."),
        code="file.too_large",
        problems=[],
        file=str(file),
        most=most // (1024 * 1024),
    )


def check_name(name: str) -> str:
    """``name`` if it is a name a person could have: not longer than :data:`MOST_NAME`."""
    if len(name) > MOST_NAME:
        raise InvalidInput(
            N_("A name of %(length)s characters (%(start)s…) is too long: at most %(most)s."),
            hint=N_("Give the name as it should be written; a file's column may have run on."),
            code="name.too_long",
            length=len(name),
            start=name[:20],
            most=MOST_NAME,
        )
    return name


def number_list(text: str, what: str, bounds: Bounds, *, ranges: bool = True) -> list[int]:
    """``1,3,5-8`` (with ``ranges``) or ``1,2``: numbers each read strictly within
    ``bounds`` (so a range of 10^9 numbers is refused before it is made), in the order
    written. Raises :class:`~engine.errors.InvalidInput` saying what is wrong."""
    numbers: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        first, dash, last = part.partition("-") if ranges else (part, "", "")
        if dash and not first:  # "-3": a negative number, not a range
            first, dash, last = part, "", ""
        try:
            low = whole_number(first, what, bounds)
            high = whole_number(last, what, bounds) if dash else low
        except InvalidInput as exc:
            if exc.code != "number.not_whole":
                raise
            raise InvalidInput(
                N_("%(what)s %(part)s is not a number or a range of numbers."),
                hint=N_("Write the numbers with commas, and a range with a dash: 1,3,5-8."),
                code="number.list",
                what=what,
                part=ascii(part)[:40],
            ) from None
        if low > high:
            raise InvalidInput(
                N_("%(what)s %(part)s runs backwards."),
                hint=N_("Write a range low to high: 1-8."),
                code="number.range",
                what=what,
                part=ascii(part)[:40],
            )
        numbers += range(low, high + 1)
    if not numbers:
        raise InvalidInput(
            N_("%(what)s %(text)s gives no number."),
            hint=N_("Write the numbers with commas, and a range with a dash: 1,3,5-8."),
            code="number.list",
            what=what,
            text=ascii(text)[:40],
        )
    return numbers
