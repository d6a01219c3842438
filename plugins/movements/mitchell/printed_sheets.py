"""JCBL's printed master sheets of its two-session Mitchells (part 3, ch. 2, §3), as data.

The manual prints the first sessions of its 8- and 9-table two-session games: the
scrambled (arrow-switched) Mitchells of 8 and 9 tables and the 9-table appendix
Mitchell. A sheet has a row a round and a cell a board set: ``NS-EW`` as the pairs sit
(on turned boards the moving pair sits NS), ``a-b/c-d`` where two tables share the set.
It prints no table numbers. Kept once, here, and read by the arrow-switch Mitchell
(:mod:`.arrow`, ``printed``), the appendix Mitchell (:mod:`.appendix`, ``printed``) and
the interwoven Howell's first session (:mod:`plugins.movements.howell.interwoven`).

**Tables of a scrambled sheet.** As in any Mitchell, the pairs the sheet seats NS in
round 1 keep their tables, in number order: pairs 1-8 at tables 1-8 on 8 tables (as the
arrow-switch Mitchell numbers every size: the stationary pairs first), pairs 10-18 at
tables 1-9 on 9 tables, whose sheet seats the higher group NS in round 1. The moving
pairs and the boards go where the sheet sends them; a round in which the moving pairs
sit NS is a round of turned boards.
"""

from __future__ import annotations

from collections.abc import Sequence

SCRAMBLED_SHEETS: dict[int, tuple[str, ...]] = {
    8: (
        "1-9 2-15 3-12 4-14 5-10 6-16 7-11 8-13",
        "10-2 16-1 11-4 13-3 9-6 15-5 12-8 14-7",
        "4-12 3-14 2-9 1-15 8-11 7-13 6-10 5-16",
        "13-5 11-6 16-7 10-8 14-1 12-2 15-3 9-4",
        "7-15 8-9 5-14 6-12 3-16 4-10 1-13 2-11",
        "16-8 10-7 13-6 11-5 15-4 9-3 14-2 12-1",
        "3-11 4-13 1-10 2-16 7-12 8-14 5-9 6-15",
        "14-6 12-5 15-8 9-7 13-2 11-1 16-4 10-3",
    ),
    9: (
        "10-9 11-1 12-2 13-3 14-4 15-5 16-6 17-7 18-8",
        "16-3 17-4 18-5 10-6 11-7 12-8 13-9 14-1 15-2",
        "6-13 7-14 8-15 9-16 1-17 2-18 3-10 4-11 5-12",
        "7-18 8-10 9-11 1-12 2-13 3-14 4-15 5-16 6-17",
        "14-8 15-9 16-1 17-2 18-3 10-4 11-5 12-6 13-7",
        "15-1 16-2 17-3 18-4 10-5 11-6 12-7 13-8 14-9",
        "5-17 6-18 7-10 8-11 9-12 1-13 2-14 3-15 4-16",
        "4-12 5-13 6-14 7-15 8-16 9-17 1-18 2-10 3-11",
        "11-2 12-3 13-4 14-5 15-6 16-7 17-8 18-9 10-1",
    ),
}
"""Tables → the printed scrambled Mitchell (pairs 1 to ``t`` against ``t + 1`` to ``2t``).

9 tables: the straight Mitchell's rounds 1, 4, 7, 2, 6, 5, 3, 8 and 9 in that order, the
boards turned in rounds 3-4 and 7-8; the two-session game cuts round 9 (it is printed).
8 tables: a special movement with no relay and no bye stand, the boards turned every
second round. Round 1's sixth cell is printed "6-15" (pair 15 twice, 16 never): read
6-16, as the rule every other cell follows gives: numbering the pairs 0-7 within each
group and the sets 0-7, in the round of shift ``c`` (0, 1, 3, 4, 6, 7, 2, 5) pair ``a``
of 1-8 plays set ``a ^ c`` (exclusive or) against pair ``(0, 6, 3, 5, 1, 7, 2, 4)[a ^ c]
^ c`` of 9-16."""

APPENDIX_9_TABLES: tuple[str, ...] = (
    "10-9/1-18 2-13 15-3 4-14 5-17 16-6 12-7 11-8",
    "6-17 9-16/7-18 8-12 11-5 10-2 3-13 4-15 14-1",
    "2-14 10-3 13-9/18-4 1-15 11-6 17-7 8-16 12-5",
    "5-16 6-12 7-11 17-9/18-8 13-1 15-2 14-3 4-10",
    "15-7 8-14 5-10 13-6 12-9/3-18 4-11 17-1 2-16",
    "12-4 11-1 2-17 16-3 8-15 14-9/5-18 6-10 7-13",
    "8-13 15-5 14-6 10-7 16-4 1-12 11-9/18-2 3-17",
    "11-3 17-4 1-16 2-12 7-14 8-10 13-5 9-15/18-6",
)
"""The 9-table, 8-round appendix Mitchell: pairs 1-18 in one series, set ``r`` shared in
round ``r`` by the stationary pairs 9 and 18."""

Cell = tuple[tuple[int, int], ...]
"""The encounters (NS, EW) on one board set in one round: two where tables share it."""


def master_sheet(rows: Sequence[str]) -> list[list[Cell]]:
    """A printed sheet's rows read: cells ``a-b`` or ``a-b/c-d``."""
    return [
        [
            tuple((int(ns), int(ew)) for ns, ew in (match.split("-") for match in cell.split("/")))
            for cell in row.split()
        ]
        for row in rows
    ]


def staying_pairs(sheet: Sequence[Sequence[Cell]]) -> tuple[int, ...]:
    """The pairs that keep their tables in a scrambled sheet: those round 1 seats NS,
    table ``t`` holding the ``t``-th."""
    return tuple(sorted(ns for cell in sheet[0] for ns, _ in cell))
