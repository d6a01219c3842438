"""The movement advisor: which movements suit tonight's field, ranked, with their trade-offs.

Sources:

- JCBL director manual, part 2 ch. 1 §7: a weekly game plays 20–30 boards; a round takes
  7 minutes a board plus 1 minute (ch. 2 §6), so three hours hold about 24 boards.
- JCBL manual appendix 1: the weekly list of table guide sheets by tables (3–11)
  (:data:`WEEKLY`) and the two-session quick reference for 3–45 tables with its section
  splits (:data:`TWO_SESSIONS`), transcribed cell by cell; readings of garbled cells
  are stated beside them.
- The club-director guide ("Movements for the club director"): the considerations a
  director weighs (:data:`CONSIDERATIONS`), the NS rover and 1½ appendix Mitchell for a
  half table, and the arrow-switch for one winner.

Proposals are built with the installed movement families (the registry) wherever a
family can build them, and then carry the validator's figures; the others are the
lists' data alone, marked as not available to assign.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, NamedTuple

from pydantic import ValidationError

from engine.errors import InvalidInput, TravellerError
from engine.movement import Movement
from engine.plugins import MovementFamily, Registry, parse_options
from engine.validator import check
from plugins.movements.srr import SRR_TEAMS, SRR_TEAMS_AND_PAIRS, SRRPlan

__all__ = [
    "CONSIDERATIONS",
    "MINUTES_A_BOARD",
    "MINUTES_A_ROUND",
    "TWO_SESSIONS",
    "WEEKLY",
    "Advice",
    "Balance",
    "Kind",
    "Play",
    "Proposal",
    "SectionPlan",
    "TwoSessionLine",
    "WeeklyLine",
    "advise",
    "minutes",
]

MINUTES_A_BOARD = 7
"""JCBL manual part 2 ch. 1 §7-2 and ch. 2 §6: "7 分×ボード数 + 1 分" a round."""
MINUTES_A_ROUND = 1
WEEKLY_BOARDS = (20, 30)
"""A weekly game plays 20 to 30 boards (part 2 ch. 1)."""
USUAL_BOARDS = 24
"""Three hours at 7 minutes a board: about 24 boards (part 2 ch. 1 §7-2)."""
MASTERPOINT_BOARDS = 24
"""The club-director guide: a green-masterpoint session is at least 24 boards."""

CONSIDERATIONS = (
    "Number of boards to be played",
    "Number of boxes of boards available",
    "Whether 1 or 2 winners required",
    "Any half table",
    "Length of any sit out",
    "Pairs with special needs",
    "Availability of movement cards",
    "Balance (fairness)",
    "Scoring program options",
    "Masterpoint requirements",
)
"""The club-director guide's list of what to consider when choosing a movement."""


def minutes(rounds: int, boards_per_round: int) -> int:
    """Expected playing time: 7 minutes a board plus 1 a round (the JCBL's rule)."""
    return rounds * (MINUTES_A_BOARD * boards_per_round + MINUTES_A_ROUND)


class Kind(enum.StrEnum):
    """A kind of movement as the lists name it (appendix 1's letters where it has them)."""

    HOWELL = "H"
    """A Howell: full (``2n - 1`` rounds) or ¾ / short (fewer rounds, more stationary pairs)."""
    APPENDIX_MITCHELL = "A"
    """Appendix Mitchell: a prime base with tables appended; most pairs and all boards move."""
    SCRAMBLED_MITCHELL = "M"
    """Scrambled (arrow-switched) Mitchell: one field, one winner."""
    INTERWOVEN_HOWELL = "I"
    """Interwoven Howell: the second session that makes a two-session event one field."""
    STRAIGHT_MITCHELL = "straight"
    SKIP_MITCHELL = "skip"
    RELAY_MITCHELL = "relay"
    ROVER_MITCHELL = "rover"
    """A full-table Mitchell plus an NS rover for the half table (the guide)."""
    APPENDIX_1_5 = "1.5"
    """1½ appendix Mitchell: a Mitchell on the full tables less one, for a half table."""
    TEAMS = "teams"
    """A team movement (American Whist, round robin, …): one home table a team."""

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def fields(self) -> int:
        """1 when every pair is ranked in one field (one winner), 2 for NS and EW fields."""
        one = (Kind.HOWELL, Kind.SCRAMBLED_MITCHELL, Kind.INTERWOVEN_HOWELL, Kind.TEAMS)
        return 1 if self in one else 2

    def sets(self, tables: int, rounds: int) -> int:
        """Sets of boards the section lays out (Howells: one a round; Mitchells: one a table)."""
        if self in (Kind.HOWELL, Kind.INTERWOVEN_HOWELL, Kind.APPENDIX_MITCHELL):
            return rounds
        if self is Kind.ROVER_MITCHELL:
            return max(tables - 1, rounds)
        if self is Kind.APPENDIX_1_5:
            return max(tables - 2, rounds)
        return max(tables, rounds)


_LABELS = {
    Kind.HOWELL: "Howell",
    Kind.APPENDIX_MITCHELL: "appendix Mitchell",
    Kind.SCRAMBLED_MITCHELL: "scrambled Mitchell",
    Kind.INTERWOVEN_HOWELL: "interwoven Howell",
    Kind.STRAIGHT_MITCHELL: "straight Mitchell",
    Kind.SKIP_MITCHELL: "skip Mitchell",
    Kind.RELAY_MITCHELL: "relay Mitchell",
    Kind.ROVER_MITCHELL: "NS rover Mitchell",
    Kind.APPENDIX_1_5: "1½ appendix Mitchell",
    Kind.TEAMS: "team movement",
}


# ---- appendix 1, list 1-1): the weekly table guide sheets ---------------------------------


@dataclass(frozen=True, slots=True)
class WeeklyLine:
    """One line of the weekly list: a table count's sheets of one kind."""

    tables: int
    pairs: tuple[int, int]
    """対象ペア数: the pairs the sheets serve (beyond ``2 × tables`` with A/B tables)."""
    kind: Kind
    games: tuple[tuple[int, int], ...]
    """(boards a round, rounds) of each sheet: ``3 / 4 × 7`` is ``(3, 7), (4, 7)``."""
    remark: str = ""
    """備考, as printed."""


_H, _S, _K, _R = Kind.HOWELL, Kind.STRAIGHT_MITCHELL, Kind.SKIP_MITCHELL, Kind.RELAY_MITCHELL

WEEKLY: tuple[WeeklyLine, ...] = (
    WeeklyLine(3, (6, 6), _H, ((4, 5), (5, 5)), "リレイあり"),
    WeeklyLine(4, (7, 10), _H, ((3, 6), (4, 6), (3, 7), (4, 7)), "リレイあり リレイあり"),
    WeeklyLine(5, (9, 12), _H, ((3, 7), (3, 8), (2, 9), (3, 9)), "リレイあり"),
    WeeklyLine(
        6,
        (11, 14),
        _H,
        ((3, 7), (3, 8), (2, 9), (3, 9), (2, 10), (2, 11)),
        "リレイ、AB テーブル無し",
    ),
    WeeklyLine(7, (13, 16), _H, ((2, 9), (3, 9), (2, 10), (2, 11), (2, 12), (2, 13))),
    WeeklyLine(7, (14, 15), _S, ((4, 6), (3, 7), (4, 7)), "ストレート MITCHEL 〃"),
    WeeklyLine(8, (15, 18), _H, ((2, 10), (2, 11), (2, 12), (2, 13), (2, 15))),
    # One line in the manual: "3 / 4 × 7 = 21 / 28  3 × 8 = 24 … スキップ MITCHEL リレイ MITCHEL";
    # read as the skip Mitchell's 7 rounds and the relay Mitchell's 8 (an 8-table skip
    # Mitchell has 7 rounds, the relay 8).
    WeeklyLine(8, (16, 17), _K, ((3, 7), (4, 7)), "スキップ MITCHEL"),
    WeeklyLine(8, (16, 17), _R, ((3, 8),), "リレイ MITCHEL"),
    WeeklyLine(9, (17, 20), _H, ((2, 10), (2, 11), (2, 12), (2, 13))),
    WeeklyLine(9, (18, 19), _S, ((3, 7), (3, 8), (3, 9)), "ストレート MITCHEL"),
    WeeklyLine(10, (19, 22), _H, ((2, 12), (2, 13))),
    WeeklyLine(10, (20, 21), _K, ((3, 7), (3, 8), (3, 9)), "スキップ MITCHEL"),
    WeeklyLine(11, (21, 24), _H, ((2, 12), (2, 13)), "AB テーブル無し"),
    WeeklyLine(11, (22, 23), _S, ((3, 7), (3, 8), (3, 9), (2, 11)), "ストレート MITCHEL 〃"),
)
"""Appendix 1, 1. 1) "HOWELL ムーブメント・テーブル・ガイドシート・リスト" (weekly games)."""


# ---- appendix 1, list 2-2): movements for two-session games -----------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """One section's movement in one session: the list's ``8(A)``."""

    kind: Kind
    rounds: int

    def __str__(self) -> str:
        return f"{self.rounds}({self.kind.value})"


@dataclass(frozen=True, slots=True)
class TwoSessionSection:
    """One section of a two-session line."""

    tables: int
    plays: tuple[Play, Play]
    """Its movement in the first (前半) and the second (後半) session."""
    stationary: tuple[int, int] | None = None
    """ステイ・ペア数: stationary pairs in each session, where the list prints them."""

    @property
    def stay_pair(self) -> int | None:
        """前後半ステイペア No.: the pair stationary in both sessions (the section's last)."""
        return None if self.stationary is None else 2 * self.tables


@dataclass(frozen=True, slots=True)
class TwoSessionLine:
    """One line of the two-session list."""

    tables: int
    sections: tuple[TwoSessionSection, ...]
    boards_per_round: int
    printed_total: int | None
    """ボード総数 as printed (``None`` where the cell is blank in the extracted text)."""
    remark: str = ""

    @property
    def rounds(self) -> tuple[int, int]:
        return (self.sections[0].plays[0].rounds, self.sections[0].plays[1].rounds)

    @property
    def total(self) -> int:
        """Boards each pair plays over both sessions."""
        return self.boards_per_round * sum(self.rounds)

    def __str__(self) -> str:
        split = " + ".join(f"{s.tables}T" for s in self.sections)
        first = " ".join(str(s.plays[0]) for s in self.sections)
        second = " ".join(str(s.plays[1]) for s in self.sections)
        return f"{split}: {self.boards_per_round} × {first} / {second} = {self.total}"


def _two(
    tables: int,
    split: str,
    boards: int,
    first: str,
    second: str,
    total: int | None = None,
    stays: str = "",
    remark: str = "",
) -> TwoSessionLine:
    """A line written as the manual's cells: ``_two(15, "9T + 6T", 3, "8(A) 8(H)", …)``.

    ``stays`` lists ステイ・ペア数 ("2/2 4/4") for the sections with a stationary pair, in
    order: every section but the scrambled Mitchells (M), which have none ("—")."""
    sizes = [tables] if split == "1" else [int(t.strip().rstrip("T")) for t in split.split("+")]
    plays = [
        [Play(Kind(k), int(r)) for r, k in re.findall(r"(\d+)\((\w)\)", cell)]
        for cell in (first, second)
    ]
    counts = [tuple(int(n) for n in s.split("/")) for s in stays.split()]
    staying = [i for i, p in enumerate(plays[0]) if p.kind is not Kind.SCRAMBLED_MITCHELL]
    if sum(sizes) != tables or not len(plays[0]) == len(plays[1]) == len(sizes):
        raise ValueError(f"two-session line for {tables} tables does not add up: {split}")
    if counts and len(counts) != len(staying):
        raise ValueError(f"two-session line for {tables} tables: stays {stays!r}")
    stationary: dict[int, tuple[int, int]] = {
        i: (c[0], c[1]) for i, c in zip(staying, counts, strict=False)
    }
    sections = tuple(
        TwoSessionSection(size, (a, b), stationary.get(i))
        for i, (size, a, b) in enumerate(zip(sizes, plays[0], plays[1], strict=True))
    )
    return TwoSessionLine(tables, sections, boards, total, remark)


_DIFFERENT2 = "2つのセクションについて異なるムーブメントに出来る"
_DIFFERENT3 = "3つのセクションについて異なるムーブメントに出来る"
_GUIDE = "テーブルガイドシートの使用も可能"

HOWELL_TWICE: dict[int, tuple[tuple[int, ...], tuple[int, int]]] = {
    3: ((4, 5), (40, 50)),
    4: ((3, 4), (42, 48)),
    5: ((3, 4), (42, 54)),
    6: ((2, 3), (40, 54)),
    7: ((2, 3), (40, 54)),
}
"""3–7 tables: "ハウエルのテーブルガイド又はムーブメント・スリップを使用" — play a weekly Howell
in each session; (boards a round, the printed range of ボード総数). The lines are the
weekly list's Howells with those boards a round whose two sessions fall in the range."""

# Readings of the extracted text (appendix 1, 2. 2)):
# - 8-10 tables print the sections as "1"; the 11-14 groups leave the cell blank on
#   their one-section lines (read as one section, as the (A)/(I) pairs show).
# - 11-14 tables print one rounds cell for the multi-section lines ("7(M) 7(H)" for
#   "7T + 4T"): read as each section's movement, the same in both sessions, as the
#   lines for 15 tables and more print it twice; the totals (42 = 3 × 2 × 7) agree.
# - Boards a round is printed once per group for 11-14 tables and for some lines of
#   42-45: read from the group, and checked against the printed totals.
# - 12 tables, "8(?) 8(?)": read as 8(A) 8(I), the 8-round line of 9-11 tables.
# - 14 tables print the block of lines twice, partly shifted: read as six lines, the
#   "8T + 6T" split and its stays (No. 12, 4/4: a 6-table Howell of 8 rounds) belonging
#   to 8(M) 8(H); 9(M) 9(H) is then 9T + 5T (a 9-table Mitchell has 9 sets; 5 tables
#   play the full 9-round Howell), its stays not printed.
# - 11 tables print "11(M) 11(I) 44" twice: kept once.
# - The lines after 42 and after 44 carry no table count: their splits add up to 43 and
#   45 tables.
TWO_SESSIONS: tuple[TwoSessionLine, ...] = (
    _two(8, "1", 3, "7(A)", "7(I)", 42, "2/2", "総当たり"),
    _two(8, "1", 3, "8(M)", "7(I)", 45),
    _two(8, "1", 2, "13(H)", "13(H)", 52),
    _two(9, "1", 3, "7(A)", "7(I)", 42, "4/4", "ハウエル×2回"),
    _two(9, "1", 3, "8(A)", "8(I)", 48),
    _two(9, "1", 3, "8(A)", "9(I)", 51),
    _two(9, "1", 2, "13(H)", "13(H)", 52),
    _two(9, "1", 3, "9(M)", "9(I)", 54),
    _two(10, "1", 3, "7(A)", "7(I)", 42, "6/6", "新版"),
    _two(10, "1", 3, "8(A)", "8(I)", 48),
    _two(10, "1", 3, "9(A)", "9(I)", 54),
    _two(10, "1", 3, "10(M)", "9(I)", 57),
    _two(11, "7T + 4T", 3, "7(M) 7(H)", "7(M) 7(H)", 42, "1/1", "新版 " + _GUIDE),
    _two(11, "1", 3, "8(A)", "8(I)", 48),
    _two(11, "1", 3, "9(A)", "9(I)", 54),
    _two(11, "1", 2, "11(M)", "11(I)", 44),
    _two(12, "7T + 5T", 3, "7(M) 7(H)", "7(M) 7(H)", 42, "3/3", "新版 " + _GUIDE),
    _two(12, "1", 3, "8(A)", "8(I)", 48),
    _two(12, "1", 3, "9(A)", "9(I)", 54),
    _two(12, "1", 2, "11(A)", "11(I)", 44),
    _two(12, "1", 2, "12(M)", "11(I)", 46),
    _two(13, "8T + 5T", 3, "7(A) 7(H)", "7(A) 7(H)", 42, "2/2 3/3",
         "(6T(H)にはリレイ有り) テーブルガイドも使用可 / 2Rd 開始"),
    _two(13, "1", 2, "11(A)", "11(I)", 44),
    _two(13, "1", 2, "12(A)", "12(I)", 48),
    _two(13, "1", 2, "12(A)", "13(I)", 50),
    _two(13, "1", 2, "13(M)", "13(I)", 52),
    _two(14, "7T + 7T", 3, "7(M) 7(M)", "7(M) 7(M)", 42, "", _DIFFERENT2),
    _two(14, "8T + 6T", 3, "8(M) 8(H)", "8(M) 8(H)", 48, "4/4", _GUIDE),
    _two(14, "9T + 5T", 3, "9(M) 9(H)", "9(M) 9(H)", 54),
    _two(14, "1", 2, "11(A)", "11(I)", 44),
    _two(14, "1", 2, "12(A)", "12(I)", 48),
    _two(14, "1", 2, "13(A)", "13(I)", 52),
    _two(15, "9T + 6T", 3, "8(A) 8(H)", "8(A) 8(H)", 48, "2/2 4/4",
         "(7T(H)にはリレイ有り)テーブルガイドも使用可/2Rd 開始"),
    _two(15, "9T + 6T", 3, "9(M) 9(H)", "9(M) 9(H)", 54, "3/3", _GUIDE),
    _two(15, "1", 2, "11(A)", "11(I)", 44, "8/8"),
    _two(15, "1", 2, "12(A)", "12(I)", 48, "4/6", "リレイが不規則"),
    _two(15, "1", 2, "13(A)", "13(I)", 52, "4/4"),
    _two(16, "8T + 8T", 3, "8(M) 8(M)", "8(M) 8(M)", 48, "", _DIFFERENT2),
    _two(16, "9T + 7T", 3, "9(M) 9(H)", "9(M) 9(H)", 54, "5/5", _GUIDE),
    _two(16, "1", 2, "11(A)", "11(I)", 44, "10/10", "新版"),
    _two(16, "1", 2, "12(A)", "12(I)", 48, "8/8"),
    _two(16, "1", 2, "13(A)", "13(I)", 52, "6/6"),
    _two(17, "10T + 7T", 3, "9(A) 9(H)", "9(A) 9(H)", 54, "2/2 5/5",
         "(8T(H)にはリレイ有り)テーブルガイドも使用可/2Rd 開始"),
    _two(17, "11T + 6T", 2, "11(M) 11(H)", "11(M) 11(H)", 44, "1/1"),
    _two(17, "1", 2, "12(A)", "12(I)", 48, "10/10"),
    _two(17, "1", 2, "13(A)", "13(I)", 52, "8/8"),
    _two(18, "9T + 9T", 3, "9(M) 9(M)", "9(M) 9(M)", 54, "", _DIFFERENT2),
    _two(18, "11T + 7T", 2, "11(M) 11(H)", "11(M) 11(H)", 44, "3/3"),
    _two(18, "1", 2, "12(A)", "12(I)", 48, "12/12"),
    _two(18, "1", 2, "13(A)", "13(I)", 52, "10/10"),
    _two(19, "11T + 8T", 2, "11(M) 11(H)", "11(M) 11(H)", 44, "5/5"),
    _two(19, "12T + 7T", 2, "12(M) 12(H)", "12(M) 12(H)", 48, "2/2"),
    _two(19, "1", 2, "13(A)", "13(I)", 52, "12/12"),
    _two(20, "11T + 9T", 2, "11(M) 11(H)", "11(M) 11(H)", 44, "7/7"),
    _two(20, "12T + 8T", 2, "12(M) 12(H)", "12(M) 12(H)", 48, "4/4"),
    _two(20, "13T + 7T", 2, "13(M) 13(H)", "13(M) 13(H)", 52, "1/1"),
    _two(21, "12T + 9T", 2, "11(A) 11(H)", "11(A) 11(H)", 44, "2/2 7/7",
         "(10T(H)にはリレイ有り)第2 Rdから開始"),
    _two(21, "12T + 9T", 2, "12(M) 12(H)", "12(M) 12(H)", 48, "6/6"),
    _two(21, "13T + 8T", 2, "13(M) 13(H)", "13(M) 13(H)", 52, "3/3"),
    _two(22, "11T + 11T", 2, "11(M) 11(M)", "11(M) 11(M)", 44, "", _DIFFERENT2),
    _two(22, "12T + 10T", 2, "12(M) 12(H)", "12(M) 12(H)", None, "8/8"),
    _two(22, "13T + 9T", 2, "13(M) 13(H)", "13(M) 13(H)", None, "5/5"),
    _two(23, "12T + 11T", 2, "11(A) 11(M)", "11(A) 11(M)", 44, "2/2"),
    _two(23, "12T + 11T", 2, "12(M) 12(H)", "12(M) 12(H)", None, "10/10"),
    _two(23, "13T + 10T", 2, "13(M) 13(H)", "13(M) 13(H)", None, "7/7"),
    _two(24, "13T + 11T", 2, "11(A) 11(M)", "11(A) 11(M)", 44, "4/4", _DIFFERENT2),
    _two(24, "12T + 12T", 2, "12(M) 12(M)", "12(M) 12(M)", None),
    _two(24, "13T + 11T", 2, "13(M) 13(H)", "13(M) 13(H)", None, "9/9"),
    _two(25, "14T + 11T", 2, "11(A) 11(M)", "11(A) 11(M)", 44, "6/6"),
    _two(25, "13T + 12T", 2, "12(A) 12(M)", "12(A) 12(M)", None, "2/2"),
    _two(25, "14T + 11T", 2, "13(A) 13(H)", "13(A) 13(H)", None, "2/2 9/9"),
    _two(26, "15T + 11T", 2, "11(A) 11(M)", "11(A) 11(M)", 44, "8/8"),
    _two(26, "16T + 10T", 2, "12(A) 12(H)", "12(A) 12(H)", None, "8/8 8/8"),
    _two(26, "13T + 13T", 2, "13(M) 13(M)", "13(M) 13(M)", None),
    _two(27, "16T + 11T", 2, "11(A) 11(M)", "11(A) 11(M)", 44, "10/10"),
    _two(27, "16T + 11T", 2, "12(A) 12(H)", "12(A) 12(H)", None, "8/8 10/10"),
    _two(27, "14T + 13T", 2, "13(A) 13(M)", "13(A) 13(M)", None, "2/2"),
    _two(28, "11T + 11T + 6T", 2, "11(M) 11(M) 11(H)", "11(M) 11(M) 11(H)", 44, "1/1",
         _DIFFERENT2),
    _two(28, "16T + 12T", 2, "12(A) 12(M)", "12(A) 12(M)", None, "8/8"),
    _two(28, "15T + 13T", 2, "13(A) 13(M)", "13(A) 13(M)", None, "4/4"),
    _two(29, "11T + 11T + 7T", 2, "11(M) 11(M) 11(H)", "11(M) 11(M) 11(H)", 44, "3/3",
         _DIFFERENT2),
    _two(29, "17T + 12T", 2, "12(A) 12(M)", "12(A) 12(M)", None, "10/10"),
    _two(29, "16T + 13T", 2, "13(A) 13(M)", "13(A) 13(M)", None, "6/6"),
    _two(30, "11T + 11T + 8T", 2, "11(M) 11(M) 11(H)", "11(M) 11(M) 11(H)", 44, "5/5",
         _DIFFERENT2),
    _two(30, "18T + 12T", 2, "12(A) 12(M)", "12(A) 12(M)", 48, "12/12"),
    _two(30, "17T + 13T", 2, "13(A) 13(M)", "13(A) 13(M)", 52, "8/8"),
    _two(31, "11T + 11T + 9T", 2, "11(M) 11(M) 11(H)", "11(M) 11(M) 11(H)", 44, "7/7",
         _DIFFERENT2),
    _two(31, "12T + 10T + 9T", 2, "12(M) 12(H) 12(H)", "12(M) 12(H) 12(H)", 48, "8/8 6/6"),
    _two(31, "18T + 13T", 2, "13(A) 13(M)", "13(A) 13(M)", 52, "10/10"),
    _two(32, "12T + 11T + 9T", 2, "11(A) 11(M) 11(H)", "11(A) 11(M) 11(H)", 44, "2/2 7/7",
         "(10T(H)にはリレイ有り)第2Rdから開始"),
    _two(32, "12T + 11T + 9T", 2, "12(M) 12(H) 12(H)", "12(M) 12(H) 12(H)", 48, "10/10 6/6"),
    _two(32, "19T + 13T", 2, "13(A) 13(M)", "13(A) 13(M)", 52, "12/12"),
    _two(33, "11T + 11T + 11T", 2, "11(M) 11(M) 11(M)", "11(M) 11(M) 11(M)", 44, "",
         _DIFFERENT3),
    _two(33, "12T + 11T + 10T", 2, "12(M) 12(H) 12(H)", "12(M) 12(H) 12(H)", 48, "10/10 8/8"),
    _two(33, "13T + 11T + 9T", 2, "13(M) 13(H) 13(H)", "13(M) 13(H) 13(H)", 52, "9/9 5/5"),
    _two(34, "12T + 11T + 11T", 2, "11(A) 11(M) 11(M)", "11(A) 11(M) 11(M)", 44, "2/2",
         _DIFFERENT2),
    _two(34, "12T + 12T + 10T", 2, "12(M) 12(M) 12(H)", "12(M) 12(M) 12(H)", 48, "8/8",
         _DIFFERENT2),
    _two(34, "13T + 11T + 10T", 2, "13(M) 13(H) 13(H)", "13(M) 13(H) 13(H)", 52, "9/9 7/7"),
    _two(35, "13T + 11T + 11T", 2, "11(A) 11(M) 11(M)", "11(A) 11(M) 11(M)", 44, "4/4",
         _DIFFERENT2),
    _two(35, "12T + 12T + 11T", 2, "12(M) 12(M) 12(H)", "12(M) 12(M) 12(H)", 48, "10/10",
         _DIFFERENT2),
    _two(35, "13T + 13T + 9T", 2, "13(M) 13(M) 13(H)", "13(M) 13(M) 13(H)", 52, "5/5",
         _DIFFERENT2),
    _two(36, "14T + 11T + 11T", 2, "11(A) 11(M) 11(M)", "11(A) 11(M) 11(M)", 44, "6/6",
         _DIFFERENT2),
    _two(36, "12T + 12T + 12T", 2, "12(M) 12(M) 12(M)", "12(M) 12(M) 12(M)", None, "",
         _DIFFERENT3),
    _two(36, "13T + 13T + 10T", 2, "13(M) 13(M) 13(H)", "13(M) 13(M) 13(H)", None, "7/7",
         _DIFFERENT2),
    _two(37, "15T + 11T + 11T", 2, "11(A) 11(M) 11(M)", "11(A) 11(M) 11(M)", 44, "8/8",
         _DIFFERENT2),
    _two(37, "13T + 12T + 12T", 2, "12(A) 12(M) 12(M)", "12(A) 12(M) 12(M)", None, "2/2",
         _DIFFERENT2),
    _two(37, "13T + 13T + 11T", 2, "13(M) 13(M) 13(H)", "13(M) 13(M) 13(H)", None, "9/9",
         _DIFFERENT2),
    _two(38, "16T + 11T + 11T", 2, "11(A) 11(M) 11(M)", "11(A) 11(M) 11(M)", 44, "10/10",
         _DIFFERENT2),
    _two(38, "16T + 12T + 10T", 2, "12(A) 12(M) 12(H)", "12(A) 12(M) 12(H)", None, "8/8 8/8",
         "(14T リレイ不規則)"),
    _two(38, "14T + 13T + 11T", 2, "13(A) 13(M) 13(H)", "13(A) 13(M) 13(H)", None, "2/2 9/9",
         "第 2 Rd から開始"),
    _two(39, "11T + 11T + 11T + 6T", 2, "11(M) 11(M) 11(M) 11(H)", "11(M) 11(M) 11(M) 11(H)",
         44, "1/1", _DIFFERENT3),
    _two(39, "16T + 12T + 11T", 2, "12(A) 12(M) 12(H)", "12(A) 12(M) 12(H)", None,
         "8/8 10/10", "(15T リレイ不規則)"),
    _two(39, "13T + 13T + 13T", 2, "13(M) 13(M) 13(M)", "13(M) 13(M) 13(M)", None, "",
         _DIFFERENT3),
    _two(40, "11T + 11T + 11T + 7T", 2, "11(M) 11(M) 11(M) 11(H)", "11(M) 11(M) 11(M) 11(H)",
         44, "3/3", _DIFFERENT3),
    _two(40, "16T + 12T + 12T", 2, "12(A) 12(M) 12(M)", "12(A) 12(M) 12(M)", None, "8/8",
         _DIFFERENT2),
    _two(40, "18T + 13T + 9T", 2, "13(A) 13(M) 13(H)", "13(A) 13(M) 13(H)", None, "10/10 5/5"),
    _two(41, "11T + 11T + 11T + 8T", 2, "11(M) 11(M) 11(M) 11(H)", "11(M) 11(M) 11(M) 11(H)",
         44, "5/5", _DIFFERENT2),
    _two(41, "17T + 12T + 12T", 2, "12(A) 12(M) 12(M)", "12(A) 12(M) 12(M)", None, "10/10",
         _DIFFERENT2),
    _two(41, "18T + 13T + 10T", 2, "13(A) 13(M) 13(H)", "13(A) 13(M) 13(H)", None,
         "10/10 7/7"),
    _two(42, "11T + 11T + 11T + 9T", 2, "11(M) 11(M) 11(M) 11(H)", "11(M) 11(M) 11(M) 11(H)",
         44, "7/7", _DIFFERENT3),
    _two(42, "18T + 12T + 12T", 2, "12(A) 12(M) 12(M)", "12(A) 12(M) 12(M)", None, "12/12"),
    _two(42, "19T + 13T + 10T", 2, "13(A) 13(M) 13(H)", "13(A) 13(M) 13(H)", 52, "12/12 7/7"),
    _two(43, "12T + 11T + 11T + 9T", 2, "11(A) 11(M) 11(M) 11(H)", "11(A) 11(M) 11(M) 11(H)",
         None, "2/2 7/7", _DIFFERENT2),
    _two(43, "12T + 12T + 12T + 7T", 2, "12(M) 12(M) 12(M) 12(H)", "12(M) 12(M) 12(M) 12(H)",
         48, "2/2"),
    _two(43, "19T + 13T + 11T", 2, "13(A) 13(M) 13(H)", "13(A) 13(M) 13(H)", None,
         "12/12 9/9"),
    _two(44, "13T + 11T + 11T + 9T", 2, "11(A) 11(M) 11(M) 11(H)", "11(A) 11(M) 11(M) 11(H)",
         44, "4/4 7/7", _DIFFERENT2),
    _two(44, "12T + 12T + 12T + 8T", 2, "12(M) 12(M) 12(M) 12(H)", "12(M) 12(M) 12(M) 12(H)",
         None, "4/4"),
    _two(44, "18T + 13T + 13T", 2, "13(A) 13(M) 13(M)", "13(A) 13(M) 13(M)", 52, "10/10"),
    _two(45, "12T + 11T + 11T + 11T", 2, "11(A) 11(M) 11(M) 11(M)", "11(A) 11(M) 11(M) 11(M)",
         None, "2/2", _DIFFERENT3),
    _two(45, "12T + 12T + 12T + 9T", 2, "12(M) 12(M) 12(M) 12(H)", "12(M) 12(M) 12(M) 12(H)",
         48, "6/6"),
    _two(45, "19T + 13T + 13T", 2, "13(A) 13(M) 13(M)", "13(A) 13(M) 13(M)", None, "12/12"),
)  # fmt: skip
"""Appendix 1, 2. 2) "2セッション・ゲームのムーブメント", 8–45 tables (3–7: ``HOWELL_TWICE``)."""


def two_session_lines(tables: int) -> tuple[TwoSessionLine, ...]:
    """The two-session list's lines for ``tables`` (3–7: the weekly Howells, played twice)."""
    if tables in HOWELL_TWICE:
        per_round, (low, high) = HOWELL_TWICE[tables]
        return tuple(
            _two(tables, "1", b, f"{r}(H)", f"{r}(H)", None, "", "ハウエル×2回")
            for line in WEEKLY
            if line.tables == tables and line.kind is Kind.HOWELL
            for b, r in line.games
            if b in per_round and low <= 2 * b * r <= high
        )
    return tuple(line for line in TWO_SESSIONS if line.tables == tables)


# ---- proposals -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Balance:
    """The validator's figures for a built section."""

    comparison_min: int
    comparison_max: int
    comparison_stdev: Decimal
    relay_rounds: int
    """Rounds in which tables share boards."""
    bye_stand: bool
    sit_out_rounds: int
    """The most rounds any pair sits out with every seat filled (a rover's rests)."""

    def to_json(self) -> dict[str, object]:
        return {
            "comparison_min": self.comparison_min,
            "comparison_max": self.comparison_max,
            "comparison_stdev": str(self.comparison_stdev.quantize(Decimal("0.01"))),
            "relay_rounds": self.relay_rounds,
            "bye_stand": self.bye_stand,
            "sit_out_rounds": self.sit_out_rounds,
        }


@dataclass(frozen=True, slots=True)
class SectionPlan:
    """One section of a proposal."""

    tables: int
    plays: tuple[Play, ...]
    """Its movement in each session."""
    stationary: tuple[int, ...] | None = None
    """Stationary pairs in each session, as the list prints them."""
    family: str | None = None
    """The installed family that builds its first session (``None``: none does)."""
    options: tuple[tuple[str, Any], ...] = ()
    balance: Balance | None = None
    ready: bool = False
    """Installed families build every session's movement."""

    @property
    def sets(self) -> int:
        return self.plays[0].kind.sets(self.tables, self.plays[0].rounds)

    def to_json(self) -> dict[str, object]:
        return {
            "tables": self.tables,
            "plays": [{"kind": p.kind.label, "rounds": p.rounds} for p in self.plays],
            "stationary": None if self.stationary is None else list(self.stationary),
            "stay_pair": None if self.stationary is None else 2 * self.tables,
            "sets": self.sets,
            "family": self.family,
            "options": dict(self.options),
            "ready": self.ready,
            "balance": None if self.balance is None else self.balance.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Proposal:
    """A movement the advisor proposes, with what it costs and gives."""

    title: str
    source: str
    sections: tuple[SectionPlan, ...]
    boards_per_round: int
    rounds: tuple[int, ...]
    """Rounds in each session."""
    sit_out_rounds: int = 0
    """Rounds a pair sits out (with a half table: the rounds against the phantom)."""
    notes: tuple[str, ...] = ()
    remark: str = ""
    """The list's remark, as printed."""

    @property
    def tables(self) -> int:
        return sum(s.tables for s in self.sections)

    @property
    def boards(self) -> int:
        """Boards each pair plays (all sessions; sit-outs count as boards not played)."""
        return self.boards_per_round * sum(self.rounds)

    @property
    def minutes(self) -> tuple[int, ...]:
        """Expected minutes of each session."""
        return tuple(minutes(r, self.boards_per_round) for r in self.rounds)

    @property
    def winners(self) -> int:
        """1 when every section plays one field in the last session, else 2."""
        return max(s.plays[-1].kind.fields for s in self.sections)

    @property
    def boards_needed(self) -> int:
        """Boards laid out in the first session, all sections together."""
        return sum(s.sets for s in self.sections) * self.boards_per_round

    @property
    def boxes(self) -> int:
        """Copies of the board set needed: each section plays its own copy."""
        return len(self.sections)

    @property
    def relays(self) -> bool | None:
        """Whether tables share boards (``None`` when no section could be built)."""
        built = [s.balance for s in self.sections if s.balance is not None]
        if built:
            return any(b.relay_rounds or b.bye_stand for b in built)
        return "リレ" in self.remark or None

    @property
    def balance(self) -> Balance | None:
        """The least balanced built section (``None`` when none was built)."""
        built = [s.balance for s in self.sections if s.balance is not None]
        return max(built, key=lambda b: b.comparison_stdev, default=None)

    @property
    def assignable(self) -> bool:
        """Installed families build every section's movement in every session."""
        return all(s.ready for s in self.sections)

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "source": self.source,
            "tables": self.tables,
            "sections": [s.to_json() for s in self.sections],
            "boards_per_round": self.boards_per_round,
            "rounds": list(self.rounds),
            "boards": self.boards,
            "minutes": list(self.minutes),
            "sit_out_rounds": self.sit_out_rounds,
            "sit_out_boards": self.sit_out_rounds * self.boards_per_round,
            "relays": self.relays,
            "boards_needed": self.boards_needed,
            "boxes": self.boxes,
            "winners": self.winners,
            "assignable": self.assignable,
            "notes": list(self.notes),
            "remark": self.remark,
        }


@dataclass(frozen=True, slots=True)
class Advice:
    """What the advisor proposes for a field, best first."""

    entries: int
    teams: bool
    tables: int
    sessions: int
    boards: int | None
    minutes: int | None
    winners: int
    proposals: tuple[Proposal, ...]
    notes: tuple[str, ...] = ()
    considerations: tuple[str, ...] = field(default=CONSIDERATIONS)

    def to_json(self) -> dict[str, object]:
        return {
            "teams" if self.teams else "pairs": self.entries,
            "tables": self.tables,
            "sessions": self.sessions,
            "boards": self.boards,
            "minutes": self.minutes,
            "winners": self.winners,
            "proposals": [p.to_json() for p in self.proposals],
            "notes": list(self.notes),
            "considerations": list(self.considerations),
        }


WEEKLY_SOURCE = "JCBL appendix 1, weekly list"
TWO_SESSION_SOURCE = "JCBL appendix 1, two-session list"
SRR_SOURCE = "JCBL appendix 1, SRR list"
GUIDE_SOURCE = "club-director guide"
BUILT_SOURCE = "installed family"


def advise(
    registry: Registry,
    entries: int,
    *,
    teams: bool = False,
    boards: int | None = None,
    minutes: int | None = None,
    two_winners: bool = False,
    sessions: int = 1,
) -> Advice:
    """Movements for ``entries`` pairs (or teams), ranked best first.

    ``boards`` and ``minutes`` are what one session should play and may take;
    ``two_winners`` asks for NS and EW fields (otherwise one winner is wanted).
    Ranking: proposals that fit in ``minutes`` first, then those giving the winners
    wanted, then the nearest to the boards wanted (without ``boards``: the longest game
    that fits ``minutes``, or else the usual 24), then the shortest sit-out, no relay,
    the best comparison balance, the manual's lists before the rest."""
    if entries < 2:
        raise InvalidInput(
            f"{entries} {'teams' if teams else 'pairs'} cannot play a duplicate game.",
            hint="A game needs at least 2 teams, or 4 pairs.",
        )
    if sessions not in (1, 2):
        raise InvalidInput(f"The advisor plans 1 or 2 sessions, not {sessions}.")
    tables = entries if teams else math.ceil(entries / 2)
    half_table = not teams and entries % 2 == 1
    builder = _Builder(registry, teams, entries)
    if teams:
        found = list(_team_proposals(builder, entries, sessions))
    else:
        found = list(_pair_proposals(builder, entries, tables, sessions, boards, minutes))
    want = _Want(boards, minutes, 2 if two_winners else 1, sessions)
    ranked = sorted(
        (_with_notes(p, half_table, want) for p in _merged(found)),
        key=want.key,
    )
    return Advice(
        entries=entries,
        teams=teams,
        tables=tables,
        sessions=sessions,
        boards=boards,
        minutes=minutes,
        winners=want.winners,
        proposals=tuple(ranked),
        notes=tuple(_field_notes(entries, tables, teams, half_table)),
    )


@dataclass(frozen=True)
class _Want:
    boards: int | None
    minutes: int | None
    winners: int
    sessions: int

    def key(self, p: Proposal) -> tuple[Any, ...]:
        session_boards = p.boards / len(p.rounds)
        longest = max(p.minutes)
        over = self.minutes is not None and longest > self.minutes
        if self.boards is not None:
            distance: float = abs(session_boards - self.boards)
        elif self.minutes is not None:
            distance = abs(self.minutes - longest)
        else:
            distance = abs(session_boards - USUAL_BOARDS)
        balance = p.balance
        return (
            over,
            p.winners != self.winners,
            distance,
            p.sit_out_rounds * p.boards_per_round,
            bool(p.relays),
            Decimal("Infinity") if balance is None else balance.comparison_stdev,
            p.source == BUILT_SOURCE,
            not p.assignable,
            longest,
            p.title,
        )


def _pair_proposals(
    builder: _Builder,
    pairs: int,
    tables: int,
    sessions: int,
    boards: int | None,
    minutes: int | None,
) -> Iterator[Proposal]:
    if sessions == 2:
        for two in two_session_lines(tables):
            yield builder.listed(two, sessions=2)
    else:
        for line in WEEKLY:
            if line.pairs[0] <= pairs <= line.pairs[1]:
                for b, r in line.games:
                    yield builder.weekly(line, b, r, pairs)
        if not any(line.tables == tables for line in WEEKLY):
            for two in _first_sessions(tables):
                yield builder.listed(two, sessions=1)
        yield from _guide_proposals(builder, pairs, tables)
    yield from builder.installed(tables, sessions, _target(boards, minutes))


def _first_sessions(tables: int) -> Iterator[TwoSessionLine]:
    """The two-session list's first sessions, as one-session games (beyond the weekly list)."""
    seen: set[tuple[object, ...]] = set()
    for line in two_session_lines(tables):
        key = (line.boards_per_round, tuple((s.tables, s.plays[0]) for s in line.sections))
        if key not in seen:
            seen.add(key)
            yield line


def _guide_proposals(builder: _Builder, pairs: int, tables: int) -> Iterator[Proposal]:
    """The guide's movements for a half table: an NS rover Mitchell, a 1½ appendix Mitchell."""
    if pairs % 2 == 0:
        return
    full = tables - 1
    for variant, sizes in ROVER_ROUTES.items():
        if full in sizes:
            rounds = full - 1 if variant is Kind.SKIP_MITCHELL else full
            for b in (2, 3):
                yield builder.guide(Kind.ROVER_MITCHELL, tables, b, rounds, variant)
    base = full - 1
    if base >= 3:
        rounds = base - 1 if base % 2 == 0 else base
        for b in (2, 3):
            yield builder.guide(Kind.APPENDIX_1_5, tables, b, rounds, None)


ROVER_ROUTES: dict[Kind, frozenset[int]] = {
    Kind.STRAIGHT_MITCHELL: frozenset({5, 7, 9, 11, 13}),
    Kind.SKIP_MITCHELL: frozenset({8, 10, 12, 14}),
    Kind.RELAY_MITCHELL: frozenset({6, 8, 10, 12, 14}),
}
"""Full tables for which the guide tabulates the NS rover's route, by the base Mitchell."""


def _team_proposals(builder: _Builder, teams: int, sessions: int) -> Iterator[Proposal]:
    plans: tuple[SRRPlan, ...] = SRR_TEAMS if sessions == 1 else SRR_TEAMS_AND_PAIRS
    for plan in plans:
        if plan.teams == teams:
            yield builder.srr(plan)
    yield from builder.installed(teams, sessions, USUAL_BOARDS)


def _target(boards: int | None, minutes_: int | None) -> int:
    """Boards a session should play: as asked, as fit the minutes, or the usual 24."""
    if boards is not None:
        return boards
    if minutes_ is not None:
        return max(1, minutes_ // (MINUTES_A_BOARD + MINUTES_A_ROUND))
    return USUAL_BOARDS


# ---- building proposals through the registry ------------------------------------------------

_FAMILY_WORDS: dict[Kind, tuple[str, ...]] = {
    Kind.HOWELL: ("howell",),
    Kind.APPENDIX_MITCHELL: ("appendix",),
    Kind.SCRAMBLED_MITCHELL: ("scrambl", "arrow"),
    Kind.INTERWOVEN_HOWELL: ("interwoven",),
    Kind.ROVER_MITCHELL: ("rover",),
    Kind.APPENDIX_1_5: ("half-appendix", "1.5", "one-and-a-half"),
}
_MITCHELL_VARIANTS = {
    Kind.STRAIGHT_MITCHELL: "straight",
    Kind.SKIP_MITCHELL: "skip",
    Kind.RELAY_MITCHELL: "relay",
}


class _Built(NamedTuple):
    """A movement an installed family built, with the options that build it again."""

    movement: Movement
    options: dict[str, Any]


class _Builder:
    """Builds proposals, with the installed families where one can build the movement."""

    def __init__(self, registry: Registry, teams: bool, entries: int) -> None:
        self.registry = registry
        self.kind = "teams" if teams else "pairs"
        self.entries = entries

    def fits(self, m: Movement) -> bool:
        """Whether ``m`` seats this field: pairs (one more with a phantom), or teams' pairs."""
        if m.kind != self.kind:
            return False
        if self.kind == "teams":
            return len(m.pairs) == 2 * self.entries
        return len(m.pairs) == self.entries + (m.phantom is not None and self.entries % 2)

    # -- proposals from the lists ----------------------------------------------------

    def weekly(self, line: WeeklyLine, per_round: int, rounds: int, pairs: int) -> Proposal:
        section = self._section(line.tables, (Play(line.kind, rounds),), per_round)
        notes = []
        if pairs > 2 * line.tables:
            notes.append(
                f"The list offers the {line.tables}-table sheets for {line.pairs[0]}-"
                f"{line.pairs[1]} pairs: with {pairs} pairs the last table is split into "
                "tables A and B, which share their boards (manual part 2 ch. 2 §8)."
            )
        return Proposal(
            title=_title((section,), per_round, (rounds,)),
            source=f"{WEEKLY_SOURCE} ({line.tables}T)",
            sections=(section,),
            boards_per_round=per_round,
            rounds=(rounds,),
            notes=tuple(notes),
            remark=line.remark,
        )

    def listed(self, line: TwoSessionLine, sessions: int) -> Proposal:
        sections = tuple(
            self._section(s.tables, s.plays[:sessions], line.boards_per_round, s.stationary)
            for s in line.sections
        )
        rounds = line.rounds[:sessions]
        return Proposal(
            title=_title(sections, line.boards_per_round, rounds),
            source=f"{TWO_SESSION_SOURCE} ({line.tables}T)"
            + ("" if sessions == 2 else ", first session"),
            sections=sections,
            boards_per_round=line.boards_per_round,
            rounds=rounds,
            remark=line.remark,
        )

    def guide(
        self, kind: Kind, tables: int, per_round: int, rounds: int, base: Kind | None
    ) -> Proposal:
        variant = None if base is None else _MITCHELL_VARIANTS[base]
        section = self._section(tables, (Play(kind, rounds),), per_round, variant=variant)
        if base is not None:
            note = (
                f"A {tables - 1}-table {base.label} with an NS rover (pair {tables} NS): the "
                "rover sits out round 1, then takes a different NS pair's seat each round; "
                "that pair sits out. Give the rover its card (the guide's route table)."
            )
        else:
            note = (
                f"A {tables - 2}-table Mitchell on the base tables; table {tables - 1} shares "
                f"boards with table 1 and EW {tables} sits out first at table {tables}. "
                "Curtailing is not recommended."
            )
        return Proposal(
            title=_title((section,), per_round, (rounds,)),
            source=GUIDE_SOURCE,
            sections=(section,),
            boards_per_round=per_round,
            rounds=(rounds,),
            notes=(note,),
        )

    def srr(self, plan: SRRPlan) -> Proposal:
        built = None
        if plan.family is not None:
            options: dict[str, Any] = {"boards_per_round": plan.boards_per_round}
            built = self._first(
                plan.family,
                plan.teams,
                [options | {"shared_boards": True}, options],
                lambda m: m.rounds == plan.rounds[0],
            )
        play = Play(Kind.TEAMS, plan.rounds[0])
        section = _plan_section(plan.teams, (play,) * len(plan.rounds), built)
        all_play_all = "team" if plan.format.value == "teams" else "pair"
        return Proposal(
            title=f"SRR ({all_play_all} all-play-all), {plan.teams} teams: "
            + " + ".join(str(r) for r in plan.rounds)
            + f" rounds × {plan.boards_per_round} boards",
            source=SRR_SOURCE,
            sections=(section,),
            boards_per_round=plan.boards_per_round,
            rounds=plan.rounds,
            remark=plan.remark,
            notes=()
            if plan.family
            else ("A pair all-play-all: no installed family seats NS pairs against NS pairs.",),
        )

    # -- proposals from the installed families ---------------------------------------

    def installed(self, tables: int, sessions: int, target: int) -> Iterator[Proposal]:
        """Every installed family's movement for ``tables``: 2, 3 and 4 boards a round, and
        curtailed to the target where the family allows it."""
        for family in self.registry.movements():
            probe = self._build(family, tables, {})
            if probe is not None and not self.fits(probe.movement):
                continue  # a team family when pairs are asked for, or another field size
            for per_round in (2, 3, 4):
                tries = [{"boards_per_round": per_round, "rounds": max(1, target // per_round)}]
                if probe is None or probe.movement.rounds * per_round <= 2 * target:
                    tries.insert(0, {"boards_per_round": per_round})  # not twice too long
                for options in tries:
                    built = self._build(family, tables, options)
                    if built is not None and self.fits(built.movement):
                        m = built.movement
                        section = _plan_section(tables, None, built, sessions)
                        rounds = (m.rounds,) * sessions
                        yield Proposal(
                            title=f"{_title((section,), m.boards_per_round, rounds)} "
                            f"({family.name})",
                            source=BUILT_SOURCE,
                            sections=(section,),
                            boards_per_round=m.boards_per_round,
                            rounds=rounds,
                        )

    # -- helpers ---------------------------------------------------------------------

    def _section(
        self,
        tables: int,
        plays: tuple[Play, ...],
        per_round: int,
        stationary: tuple[int, int] | None = None,
        variant: str | None = None,
    ) -> SectionPlan:
        built = self._play(tables, plays[0], per_round, variant)
        later = [p for p in dict.fromkeys(plays[1:]) if p != plays[0]]
        ready = built is not None and all(self._play(tables, p, per_round, variant) for p in later)
        return replace(_plan_section(tables, plays, built), stationary=stationary, ready=ready)

    def _play(
        self, tables: int, play: Play, per_round: int, variant: str | None = None
    ) -> _Built | None:
        """The first installed family that builds ``play`` on ``tables`` tables.

        A rover Mitchell is built on the full tables (the rover's half table is extra);
        an appendix Mitchell whose rounds are no prime base may be the family's printed
        sheet."""
        full: dict[str, Any] = {"boards_per_round": per_round, "rounds": play.rounds}
        short: dict[str, Any] = {"boards_per_round": per_round}
        tries = [short, full, short | {"printed": True}]
        variant = variant or _MITCHELL_VARIANTS.get(play.kind)
        if variant is not None:
            tries = [short | {"variant": variant}, full | {"variant": variant}]
        size = tables - 1 if play.kind is Kind.ROVER_MITCHELL else tables
        names = (
            ["mitchell"]
            if play.kind in _MITCHELL_VARIANTS
            else [f.name for f in self._families(play.kind)]
        )
        for name in names:
            built = self._first(name, size, tries, lambda m: m.rounds == play.rounds)
            if built is not None:
                return built
        return None

    def _families(self, kind: Kind) -> list[MovementFamily]:
        """Installed families whose names say they play ``kind`` (the plain Howell first)."""
        found = [f for f in self.registry.movements() if _plays(f, kind)]
        return sorted(found, key=lambda f: f.name != "howell")

    def _first(
        self,
        name: str,
        tables: int,
        tries: list[dict[str, Any]],
        accept: Callable[[Movement], bool],
    ) -> _Built | None:
        try:
            family = self.registry.movement(name)
        except TravellerError:
            return None
        for options in tries:
            built = self._build(family, tables, options)
            if built is not None and accept(built.movement):
                return built
        return None

    @staticmethod
    def _build(family: MovementFamily, tables: int, options: dict[str, Any]) -> _Built | None:
        if any(key not in family.Options.model_fields for key in options):
            return None
        try:
            movement = family.build(tables, parse_options(family, options))
        except (TravellerError, ValidationError):
            return None
        return _Built(
            movement.model_copy(update={"plugin": family.name, "plugin_version": family.version}),
            options,
        )


def _names(family: MovementFamily) -> str:
    return " ".join((family.name, *family.aliases)).lower()


def _plays(family: MovementFamily, kind: Kind) -> bool:
    """Whether the family's names say it plays ``kind`` (and not a more particular kind)."""
    names = _names(family)
    if not any(word in names for word in _FAMILY_WORDS.get(kind, ())):
        return False
    narrower = {Kind.HOWELL: Kind.INTERWOVEN_HOWELL, Kind.APPENDIX_MITCHELL: Kind.APPENDIX_1_5}
    inner = narrower.get(kind)
    return inner is None or not any(word in names for word in _FAMILY_WORDS[inner])


def _plan_section(
    tables: int,
    plays: tuple[Play, ...] | None,
    built: _Built | None,
    sessions: int = 1,
) -> SectionPlan:
    if built is None:
        assert plays is not None
        return SectionPlan(tables, plays)
    m = built.movement
    if plays is None:
        plays = (Play(_kind_of(m), m.rounds),) * sessions
    report = check(m)
    return SectionPlan(
        tables=tables,
        plays=plays,
        family=m.plugin,
        options=tuple(built.options.items()),
        ready=True,
        balance=Balance(
            comparison_min=report.comparison_min,
            comparison_max=report.comparison_max,
            comparison_stdev=report.comparison_stdev,
            relay_rounds=len({r.round for r in m.relays}),
            bye_stand=any(boards for _, boards in m.bye_boards),
            sit_out_rounds=max(report.sit_outs.values(), default=0),
        ),
    )


def _kind_of(m: Movement) -> Kind:
    if m.kind == "teams":
        return Kind.TEAMS
    if m.family == "mitchell":
        if m.relays:
            return Kind.RELAY_MITCHELL
        return Kind.STRAIGHT_MITCHELL if m.tables % 2 else Kind.SKIP_MITCHELL
    return Kind.HOWELL if m.numbering.value == "howell" else Kind.STRAIGHT_MITCHELL


def _title(sections: Iterable[SectionPlan], per_round: int, rounds: tuple[int, ...]) -> str:
    """``9T appendix Mitchell, then interwoven Howell + 6T Howell — 8+8 rd × 3 bds``."""
    parts = []
    for s in sections:
        labels = list(dict.fromkeys(p.kind.label for p in s.plays))
        parts.append(f"{s.tables}T " + ", then ".join(labels))
    played = "+".join(str(r) for r in rounds)
    return " + ".join(parts) + f" — {played} rd × {per_round} bds"


def _merged(proposals: list[Proposal]) -> Iterator[Proposal]:
    """Drop installed-family proposals that repeat a listed one (same family, size, play)."""
    listed = {
        (s.family, s.tables, s.plays[0].rounds, p.boards_per_round)
        for p in proposals
        if p.source != BUILT_SOURCE
        for s in p.sections
        if len(p.sections) == 1 and s.family is not None
    }
    seen: set[tuple[object, ...]] = set()
    for p in proposals:
        s = p.sections[0]
        key = (s.family, s.tables, s.plays[0].rounds, p.boards_per_round)
        if p.source == BUILT_SOURCE and (key in listed or key in seen):
            continue
        seen.add(key)
        yield p


# ---- notes: the guide's considerations applied -------------------------------------------


def _with_notes(p: Proposal, half_table: bool, want: _Want) -> Proposal:
    """``p`` with its sit-out and the guide's considerations that apply to it as notes."""
    rests = 0 if p.balance is None else p.balance.sit_out_rounds
    p = replace(p, sit_out_rounds=max(rests, 1 if half_table else 0))
    notes = list(p.notes)
    kinds = {play.kind for s in p.sections for play in s.plays}
    per_session = p.boards // len(p.rounds)
    low, high = WEEKLY_BOARDS
    if not low <= per_session <= high:
        notes.append(f"{per_session} boards a session: a weekly game plays {low}-{high}.")
    if per_session < MASTERPOINT_BOARDS:
        notes.append(
            f"Fewer than {MASTERPOINT_BOARDS} boards: not a green-masterpoint session in "
            "Australia (the guide)."
        )
    if want.minutes is not None and max(p.minutes) > want.minutes:
        notes.append(
            f"Takes about {max(p.minutes)} minutes, more than the {want.minutes} there are."
        )
    if p.winners != want.winners:
        notes.append(
            "Two winners (NS and EW fields)." if p.winners == 2 else "One winner (one field)."
        )
    if Kind.HOWELL in kinds:
        full = all(
            play.rounds == 2 * s.tables - 1
            for s in p.sections
            for play in s.plays
            if play.kind is Kind.HOWELL
        )
        notes.append(
            "A Howell cannot be curtailed: choose one that ends in time."
            + (
                ""
                if full
                else " Fewer rounds than a full Howell: several stationary pairs, "
                "and pairs do not meet every other pair."
            )
        )
    if Kind.SKIP_MITCHELL in kinds and half_table:
        notes.append("A skip Mitchell is best not used with a half table.")
    if Kind.RELAY_MITCHELL in kinds:
        notes.append(
            "Relay Mitchell: tables in a neat horseshoe, the sharing tables equidistant "
            "from the bye stand; curtailing is not recommended."
        )
    if Kind.STRAIGHT_MITCHELL in kinds and half_table:
        notes.append("With a half table do not curtail: some boards would have a different top.")
    if Kind.SCRAMBLED_MITCHELL in kinds:
        notes.append(
            "Scrambled Mitchell: number the pairs in one series; arrow-switch about one round "
            "in eight, and check that every table turns its boards."
        )
    if Kind.APPENDIX_MITCHELL in kinds:
        notes.append(
            "Appendix Mitchell: most pairs and all boards move; put guide cards on the tables."
        )
    if Kind.INTERWOVEN_HOWELL in kinds:
        notes.append(
            "The interwoven Howell of the second session needs the pairs renumbered "
            "between the sessions."
        )
    if len(p.sections) > 1:
        notes.append(
            f"{len(p.sections)} sections: each needs its own copy of the boards; the "
            "stationary pair numbers are printed for players with special needs."
        )
        if len({(s.tables, s.plays) for s in p.sections}) < len(p.sections):
            notes.append(
                "Two sections of the same size play the same movement: the manual advises "
                "different sizes, so that pairs and scores are not mixed up (note 5)."
            )
    if p.sit_out_rounds:
        sit = p.sit_out_rounds * p.boards_per_round
        notes.append(
            f"A pair sits out {sit} boards (about "
            f"{minutes(p.sit_out_rounds, p.boards_per_round)} minutes)."
        )
    if not p.assignable:
        notes.append("No installed family builds it: play it from the printed guide cards.")
    return replace(p, notes=tuple(dict.fromkeys(notes)))


def _field_notes(entries: int, tables: int, teams: bool, half_table: bool) -> Iterator[str]:
    if teams:
        if entries >= 13:
            yield "13 teams or more: a Swiss suits better than a round robin (appendix 1)."
        elif entries % 2:
            yield "An odd number of teams: the American Whist suits (the guide)."
        else:
            yield "An even number of teams: the New England relay or a round robin (the guide)."
        return
    if half_table:
        yield (
            f"{entries} pairs: a half table. Use the movement for {entries + 1} pairs; the "
            "phantom is the stationary (or last) pair, so the sit-out stays at one table "
            "(appendix 1, note 1)."
        )
    if tables == 13:
        yield "13 tables: the guide also suggests a 9-table Mitchell with a 4-table web (2/2)."
    if tables == 28:
        yield "28 tables: the guide also suggests two 9-table Mitchells and a 10-table web (5/5)."
