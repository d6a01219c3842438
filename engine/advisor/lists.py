"""The JCBL quick-reference lists (manual, appendix 1): Traveller's one reading of them.

- :data:`WEEKLY_SHEETS`, list 1. 1): the table guide sheets of a weekly game by tables (3
  to 11), with the pairs each serves: Howells, and straight, skip and relay Mitchells.
- :data:`WEEKLY_HOWELLS` and :func:`howell_list`, list 2. 1): the Howells with guide
  cards (3 to 12 tables), their boards and rounds and the pairs that stay put.
- :data:`TWO_SESSION_PLANS` and :func:`two_session_plan`, list 2. 2): the movements of a
  two-session pairs game for 3 to 45 tables: how to split the field into sections and
  which movement each section plays in each session.
- :func:`listed_family`: the built-in family, by name, and its options, that a listed
  movement is played by (the advisor builds it through the registry).

The movement advisor reads the lists from here. A plan of several sections plays the
same movements in both sessions, the pairs changing sections in between so that no two
meet again (part 3 ch. 3 §5-6); a plan of one section plays a Mitchell (groups A v B),
then the interwoven Howell (part 3 ch. 1 §1.2); 3 to 7 tables play a Howell twice.

Readings of the printed lists (the PDF's text extraction merges and shifts cells):

- Weekly sheets, 8 tables: one line "3 / 4 × 7 = 21 / 28  3 × 8 = 24 … スキップ MITCHEL
  リレイ MITCHEL" is the skip Mitchell's 7 rounds and the relay Mitchell's 8 (an 8-table
  skip Mitchell has 7 rounds, the relay 8). 6 tables' remark "リレイ、AB テーブル無し" is
  read as list 2. 1) prints it, "リレイ有り、AB テーブル無し": a relay, no A/B tables.
- Howell list, 6 tables in 7 rounds prints stay "9-12": read 8-12 (pairs less rounds),
  as every other row has it. 10 tables in 10 rounds and 11 in 10 are Mitchell-like
  movements (no more rounds than tables) that no Howell family builds.
- Two sessions, 3 to 7 tables print only "Howell twice", the boards a round and a range
  of boards: the plans are the Howell list's Howells with those boards a round whose two
  sessions fall in the range. The Howell list (2. 1), not the weekly sheets (1. 1): only
  it has the 4-board 5-table Howell that 5 tables' "3 / 4" asks for.
- 8-10 tables print the sections as "1"; 11-14 leave the cell blank on their one-section
  lines: one section, as the (A)/(I) pairs show.
- 11-14 tables print one rounds cell for a multi-section line ("7(M) 7(H)" for 7T + 4T):
  each section's movement, the same in both sessions, as the lines for 15 tables and
  more print it twice and part 3 ch. 3 §6 says; the totals agree (42 = 3 × 2 × 7).
- Boards a round is printed once for a group of lines (11-14 tables, some of 42-45):
  read from the group, and checked against the printed totals. Blank totals stay blank.
- 12 tables, "8(?) 8(?)" (part 3's list: "8 (-)"): read 8(A) 8(I), the kinds of every
  other one-section line of 8 and 9 rounds.
- 14 tables print the block of lines twice, partly shifted: six lines. "8T + 6T" and its
  stays (No. 12, 4/4: a 6-table Howell of 8 rounds) belong to 8(M) 8(H); 9(M) 9(H) is
  then 9T + 5T (a 9-table Mitchell has 9 sets; 5 tables play the full 9-round Howell),
  its stays not printed.
- 11 tables print "11(M) 11(I) 44" twice: kept once. The lines after 42 and after 44
  carry no table count: their sections add up to 43 and 45 tables.
- 15 tables, 12(A) 12(I) prints 4/6 stationary pairs where every other line's count
  (``2 × (tables - rounds)``) says 6/6: kept as printed.
- Remarks printed once beside a group are read on the lines they describe: "総当たり"
  (every pair meets every other) on 8 tables' 8(M) 7(I), whose 8 + 7 rounds meet all 15
  others (7(A) 7(I) meets 14); "ハウエル×2回" (Howell twice, beside 9 tables' first
  line) on the 13(H) 13(H) lines; part 3's "再戦1回あり" (one rematch) on the full
  scrambled Mitchells 9(M) 9(I) and 13(M) 13(I) (part 3 ch. 2 §3).
- "H" is a full Howell when its rounds are ``2n - 1``, otherwise the three-quarter Howell
  of that many rounds; "M" a scrambled Mitchell, "A" an appendix Mitchell, "I" an
  interwoven Howell.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from engine.errors import N_, InvalidInput

__all__ = [
    "HOWELL_TWICE",
    "TWO_SESSION_PLANS",
    "WEEKLY_HOWELLS",
    "WEEKLY_SHEETS",
    "Kind",
    "Play",
    "Section",
    "TwoSessionPlan",
    "WeeklyHowell",
    "WeeklyLine",
    "howell_list",
    "listed_family",
    "two_session_plan",
]

_T = TypeVar("_T")


class Kind(enum.StrEnum):
    """A kind of movement as the lists name it (appendix 1's letter where it has one) or the
    club-director guide does."""

    HOWELL = "H"
    """A Howell: full (``2n - 1`` rounds) or ¾ / short (fewer rounds, more stationary pairs)."""
    APPENDIX_MITCHELL = "A"
    """Appendix Mitchell: a prime base with tables appended; most pairs and all boards move."""
    SCRAMBLED_MITCHELL = "M"
    """Scrambled (arrow-switched) Mitchell: groups A and B meet, one field, one winner."""
    INTERWOVEN_HOWELL = "I"
    """Interwoven Howell: each group's Howell, the groups sharing the boards (session 2)."""
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


@dataclass(frozen=True, slots=True)
class Play:
    """A movement of some rounds: the lists' ``8(A)``."""

    kind: Kind
    rounds: int

    @classmethod
    def parse(cls, text: str) -> Play:
        """``"8A"`` → an appendix Mitchell of 8 rounds."""
        return cls(Kind(text[-1]), int(text[:-1]))

    def __str__(self) -> str:
        return f"{self.rounds}({self.kind.value})"


# ---- list 1. 1): the weekly table guide sheets --------------------------------------------


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
    """備考, in English (the printed words in brackets)."""


_H, _S, _K, _R = Kind.HOWELL, Kind.STRAIGHT_MITCHELL, Kind.SKIP_MITCHELL, Kind.RELAY_MITCHELL
_RELAY = "With a relay (リレイあり)."

WEEKLY_SHEETS: tuple[WeeklyLine, ...] = (
    WeeklyLine(3, (6, 6), _H, ((4, 5), (5, 5)), _RELAY),
    WeeklyLine(4, (7, 10), _H, ((3, 6), (4, 6), (3, 7), (4, 7)), "Two with a relay (リレイあり)."),
    WeeklyLine(5, (9, 12), _H, ((3, 7), (3, 8), (2, 9), (3, 9)), _RELAY),
    WeeklyLine(
        6,
        (11, 14),
        _H,
        ((3, 7), (3, 8), (2, 9), (3, 9), (2, 10), (2, 11)),
        "With a relay; no A/B tables (リレイ、AB テーブル無し).",
    ),
    WeeklyLine(7, (13, 16), _H, ((2, 9), (3, 9), (2, 10), (2, 11), (2, 12), (2, 13))),
    WeeklyLine(7, (14, 15), _S, ((4, 6), (3, 7), (4, 7))),
    WeeklyLine(8, (15, 18), _H, ((2, 10), (2, 11), (2, 12), (2, 13), (2, 15))),
    WeeklyLine(8, (16, 17), _K, ((3, 7), (4, 7))),
    WeeklyLine(8, (16, 17), _R, ((3, 8),)),
    WeeklyLine(9, (17, 20), _H, ((2, 10), (2, 11), (2, 12), (2, 13))),
    WeeklyLine(9, (18, 19), _S, ((3, 7), (3, 8), (3, 9))),
    WeeklyLine(10, (19, 22), _H, ((2, 12), (2, 13))),
    WeeklyLine(10, (20, 21), _K, ((3, 7), (3, 8), (3, 9))),
    WeeklyLine(11, (21, 24), _H, ((2, 12), (2, 13)), "No A/B tables (AB テーブル無し)."),
    WeeklyLine(11, (22, 23), _S, ((3, 7), (3, 8), (3, 9), (2, 11))),
)
"""Appendix 1, 1. 1) "HOWELL ムーブメント・テーブル・ガイドシート・リスト" (weekly games)."""


# ---- list 2. 1): the Howells with guide cards ---------------------------------------------


@dataclass(frozen=True)
class WeeklyHowell:
    """A Howell of the Howell list: its size, boards, and the pairs that stay put."""

    tables: int
    rounds: int
    boards_per_round: int
    stay: tuple[int, ...]
    """The stationary pairs as printed (empty where the list prints none)."""


# tables | boards a round | rounds | stay pairs
_WEEKLY = """
 3 5  5 6       | 3 4  5 6
 4 4  6 7-8     | 4 3  7 8
 5 4  6 7-10    | 5 3  7 8-10   | 5 3  8 9-10   | 5 3  9 10
 6 3  7 8-12    | 6 3  8 9-12   | 6 3  9 10-12  | 6 2 10 11-12  | 6 2 11 12
 7 3  8 9-14    | 7 3  9 10-14  | 7 2 10 11-14  | 7 2 11 12-14  | 7 2 12 13-14 | 7 2 13 14
 8 3  9 10-16   | 8 2 10 11-16  | 8 2 11 12-16  | 8 2 12 13-16  | 8 2 13 14-16 | 8 2 15 16
 9 2 10 11-18   | 9 2 11 12-18  | 9 2 12 13-18  | 9 2 13 14-18
10 2 10 -       | 10 2 11 12-20 | 10 2 12 13-20 | 10 2 13 14-20
11 2 10 21-22   | 11 2 12 13-22 | 11 2 13 14-22
12 2 13 14-24
"""


# ---- list 2. 2): two-session games ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a two-session plan: its movement in each session."""

    tables: int
    first: Play
    second: Play
    stay: int | None = None
    """前後半ステイペア No.: the pair that stays put in both sessions, as printed (for a
    player who cannot move, or the phantom); ``None`` where the list prints none."""
    stationary: tuple[int, int] | None = None
    """ステイ・ペア数: how many pairs stay put in session 1 and session 2, as printed."""

    @property
    def plays(self) -> tuple[Play, Play]:
        return (self.first, self.second)


@dataclass(frozen=True, slots=True)
class TwoSessionPlan:
    """A way to play a two-session pairs game on ``tables`` tables."""

    tables: int
    boards_per_round: int
    sections: tuple[Section, ...]
    printed_boards: int | None = None
    """ボード総数 as printed (``None`` where the cell is blank, or 3-7 tables' range)."""
    note: str = ""
    """The printed remark in English (its words in brackets), and what the reading adds."""

    @property
    def rounds(self) -> tuple[int, int]:
        """Rounds of each session (every section plays as many)."""
        return (self.sections[0].first.rounds, self.sections[0].second.rounds)

    @property
    def boards(self) -> int:
        """Boards a pair plays over both sessions (the list's ボード総数)."""
        return self.boards_per_round * sum(self.rounds)

    def __str__(self) -> str:
        split = " + ".join(f"{s.tables}T" for s in self.sections)
        first = " ".join(str(s.first) for s in self.sections)
        second = " ".join(str(s.second) for s in self.sections)
        return f"{split}: {self.boards_per_round} × {first} / {second} = {self.boards}"


HOWELL_TWICE: dict[int, tuple[tuple[int, ...], tuple[int, int]]] = {
    3: ((4, 5), (40, 50)),
    4: ((3, 4), (42, 48)),
    5: ((3, 4), (42, 54)),
    6: ((2, 3), (40, 54)),
    7: ((2, 3), (40, 54)),
}
"""3–7 tables: "ハウエルのテーブルガイド又はムーブメント・スリップを使用" (a Howell in each
session): the printed boards a round, and the printed range of ボード総数."""

_REMARKS = {
    "all": "Every pair meets every other (総当たり).",
    "twice": "The Howell played twice (ハウエル×2回).",
    "rematch": "Played in full, its first session leaves one rematch for the second (再戦1回あり).",
    "new": "New edition of the sheets (新版).",
    "guide": "Table guide sheets may be used (テーブルガイドシートの使用も可能).",
    "rd2": "Rather than the Howell with a relay, the Howell section is one table smaller, "
    "without relay, and starts at round 2; the appendix Mitchell, one table larger, "
    "relays its boards (2Rd 開始; note 6 a).",
    "irregular": "Irregular relays (リレイが不規則).",
    "diff2": "Two of the sections may play different movements "
    "(2つのセクションについて異なるムーブメントに出来る).",
    "diff3": "Three of the sections may play different movements "
    "(3つのセクションについて異なるムーブメントに出来る).",
    "?": 'The kinds are printed "8(?) 8(?)": read 8(A) 8(I).',
    "nosplit": "The split is not printed: read 9T + 5T.",
}
"""The remarks of the two-session list, by the short names the table below uses."""

# 8 to 45 tables, one plan a line:
# tables | sections | boards a round | session 1 | session 2 | ボード総数 | stay pairs |
# stationary pairs | remarks (keys of _REMARKS), a movement per section as rounds + kind
# letter and "-" where nothing is printed.
_TWO_SESSIONS = """
 8 | 1           | 3 | 7A              | 7I              | 42 | 16        | 2/2         |
 8 | 1           | 3 | 8M              | 7I              | 45 | -         | -           | all
 8 | 1           | 2 | 13H             | 13H             | 52 | -         | -           | twice
 9 | 1           | 3 | 7A              | 7I              | 42 | 18        | 4/4         |
 9 | 1           | 3 | 8A              | 8I              | 48 | -         | -           |
 9 | 1           | 3 | 8A              | 9I              | 51 | -         | -           |
 9 | 1           | 2 | 13H             | 13H             | 52 | -         | -           | twice
 9 | 1           | 3 | 9M              | 9I              | 54 | -         | -           | rematch
10 | 1           | 3 | 7A              | 7I              | 42 | 20        | 6/6         | new
10 | 1           | 3 | 8A              | 8I              | 48 | -         | -           |
10 | 1           | 3 | 9A              | 9I              | 54 | -         | -           |
10 | 1           | 3 | 10M             | 9I              | 57 | -         | -           |
11 | 7+4         | 3 | 7M 7H           | 7M 7H           | 42 | - 8       | - 1/1       | new guide
11 | 1           | 3 | 8A              | 8I              | 48 | -         | -           |
11 | 1           | 3 | 9A              | 9I              | 54 | -         | -           |
11 | 1           | 2 | 11M             | 11I             | 44 | -         | -           |
12 | 7+5         | 3 | 7M 7H           | 7M 7H           | 42 | - 10      | - 3/3       | new guide
12 | 1           | 3 | 8A              | 8I              | 48 | -         | -           | ?
12 | 1           | 3 | 9A              | 9I              | 54 | -         | -           |
12 | 1           | 2 | 11A             | 11I             | 44 | -         | -           |
12 | 1           | 2 | 12M             | 11I             | 46 | -         | -           |
13 | 8+5         | 3 | 7A 7H           | 7A 7H           | 42 | 16 10     | 2/2 3/3     | guide rd2
13 | 1           | 2 | 11A             | 11I             | 44 | -         | -           |
13 | 1           | 2 | 12A             | 12I             | 48 | -         | -           |
13 | 1           | 2 | 12A             | 13I             | 50 | -         | -           |
13 | 1           | 2 | 13M             | 13I             | 52 | -         | -           | rematch
14 | 7+7         | 3 | 7M 7M           | 7M 7M           | 42 | -         | -           | diff2
14 | 8+6         | 3 | 8M 8H           | 8M 8H           | 48 | - 12      | - 4/4       | guide
14 | 9+5         | 3 | 9M 9H           | 9M 9H           | 54 | -         | -           | nosplit
14 | 1           | 2 | 11A             | 11I             | 44 | -         | -           |
14 | 1           | 2 | 12A             | 12I             | 48 | -         | -           |
14 | 1           | 2 | 13A             | 13I             | 52 | -         | -           |
15 | 9+6         | 3 | 8A 8H           | 8A 8H           | 48 | 18 12     | 2/2 4/4     | guide rd2
15 | 9+6         | 3 | 9M 9H           | 9M 9H           | 54 | - 12      | - 3/3       | guide
15 | 1           | 2 | 11A             | 11I             | 44 | 30        | 8/8         |
15 | 1           | 2 | 12A             | 12I             | 48 | 30        | 4/6         | irregular
15 | 1           | 2 | 13A             | 13I             | 52 | 30        | 4/4         |
16 | 8+8         | 3 | 8M 8M           | 8M 8M           | 48 | -         | -           | diff2
16 | 9+7         | 3 | 9M 9H           | 9M 9H           | 54 | - 14      | - 5/5       | guide
16 | 1           | 2 | 11A             | 11I             | 44 | 32        | 10/10       | new
16 | 1           | 2 | 12A             | 12I             | 48 | 32        | 8/8         |
16 | 1           | 2 | 13A             | 13I             | 52 | 32        | 6/6         |
17 | 10+7        | 3 | 9A 9H           | 9A 9H           | 54 | 20 14     | 2/2 5/5     | guide rd2
17 | 11+6        | 2 | 11M 11H         | 11M 11H         | 44 | - 12      | - 1/1       |
17 | 1           | 2 | 12A             | 12I             | 48 | 34        | 10/10       |
17 | 1           | 2 | 13A             | 13I             | 52 | 34        | 8/8         |
18 | 9+9         | 3 | 9M 9M           | 9M 9M           | 54 | -         | -           | diff2
18 | 11+7        | 2 | 11M 11H         | 11M 11H         | 44 | - 14      | - 3/3       |
18 | 1           | 2 | 12A             | 12I             | 48 | 36        | 12/12       |
18 | 1           | 2 | 13A             | 13I             | 52 | 36        | 10/10       |
19 | 11+8        | 2 | 11M 11H         | 11M 11H         | 44 | - 16      | - 5/5       |
19 | 12+7        | 2 | 12M 12H         | 12M 12H         | 48 | - 14      | - 2/2       |
19 | 1           | 2 | 13A             | 13I             | 52 | 38        | 12/12       |
20 | 11+9        | 2 | 11M 11H         | 11M 11H         | 44 | - 18      | - 7/7       |
20 | 12+8        | 2 | 12M 12H         | 12M 12H         | 48 | - 16      | - 4/4       |
20 | 13+7        | 2 | 13M 13H         | 13M 13H         | 52 | - 14      | - 1/1       |
21 | 12+9        | 2 | 11A 11H         | 11A 11H         | 44 | 24 18     | 2/2 7/7     | rd2
21 | 12+9        | 2 | 12M 12H         | 12M 12H         | 48 | - 18      | - 6/6       |
21 | 13+8        | 2 | 13M 13H         | 13M 13H         | 52 | - 16      | - 3/3       |
22 | 11+11       | 2 | 11M 11M         | 11M 11M         | 44 | -         | -           | diff2
22 | 12+10       | 2 | 12M 12H         | 12M 12H         | -  | - 20      | - 8/8       |
22 | 13+9        | 2 | 13M 13H         | 13M 13H         | -  | - 18      | - 5/5       |
23 | 12+11       | 2 | 11A 11M         | 11A 11M         | 44 | 24 -      | 2/2 -       |
23 | 12+11       | 2 | 12M 12H         | 12M 12H         | -  | - 22      | - 10/10     |
23 | 13+10       | 2 | 13M 13H         | 13M 13H         | -  | - 20      | - 7/7       |
24 | 13+11       | 2 | 11A 11M         | 11A 11M         | 44 | 26 -      | 4/4 -       | diff2
24 | 12+12       | 2 | 12M 12M         | 12M 12M         | -  | -         | -           |
24 | 13+11       | 2 | 13M 13H         | 13M 13H         | -  | - 22      | - 9/9       |
25 | 14+11       | 2 | 11A 11M         | 11A 11M         | 44 | 28 -      | 6/6 -       |
25 | 13+12       | 2 | 12A 12M         | 12A 12M         | -  | 26 -      | 2/2 -       |
25 | 14+11       | 2 | 13A 13H         | 13A 13H         | -  | 28 22     | 2/2 9/9     |
26 | 15+11       | 2 | 11A 11M         | 11A 11M         | 44 | 30 -      | 8/8 -       |
26 | 16+10       | 2 | 12A 12H         | 12A 12H         | -  | 32 20     | 8/8 8/8     |
26 | 13+13       | 2 | 13M 13M         | 13M 13M         | -  | -         | -           |
27 | 16+11       | 2 | 11A 11M         | 11A 11M         | 44 | 32 -      | 10/10 -     |
27 | 16+11       | 2 | 12A 12H         | 12A 12H         | -  | 32 22     | 8/8 10/10   |
27 | 14+13       | 2 | 13A 13M         | 13A 13M         | -  | 28 -      | 2/2 -       |
28 | 11+11+6     | 2 | 11M 11M 11H     | 11M 11M 11H     | 44 | - - 12    | - - 1/1     | diff2
28 | 16+12       | 2 | 12A 12M         | 12A 12M         | -  | 32 -      | 8/8 -       |
28 | 15+13       | 2 | 13A 13M         | 13A 13M         | -  | 30 -      | 4/4 -       |
29 | 11+11+7     | 2 | 11M 11M 11H     | 11M 11M 11H     | 44 | - - 14    | - - 3/3     | diff2
29 | 17+12       | 2 | 12A 12M         | 12A 12M         | -  | 34 -      | 10/10 -     |
29 | 16+13       | 2 | 13A 13M         | 13A 13M         | -  | 32 -      | 6/6 -       |
30 | 11+11+8     | 2 | 11M 11M 11H     | 11M 11M 11H     | 44 | - - 16    | - - 5/5     | diff2
30 | 18+12       | 2 | 12A 12M         | 12A 12M         | 48 | 36 -      | 12/12 -     |
30 | 17+13       | 2 | 13A 13M         | 13A 13M         | 52 | 34 -      | 8/8 -       |
31 | 11+11+9     | 2 | 11M 11M 11H     | 11M 11M 11H     | 44 | - - 18    | - - 7/7     | diff2
31 | 12+10+9     | 2 | 12M 12H 12H     | 12M 12H 12H     | 48 | - 20 18   | - 8/8 6/6   |
31 | 18+13       | 2 | 13A 13M         | 13A 13M         | 52 | 36 -      | 10/10 -     |
32 | 12+11+9     | 2 | 11A 11M 11H     | 11A 11M 11H     | 44 | 24 - 18   | 2/2 - 7/7   | rd2
32 | 12+11+9     | 2 | 12M 12H 12H     | 12M 12H 12H     | 48 | - 22 18   | - 10/10 6/6 |
32 | 19+13       | 2 | 13A 13M         | 13A 13M         | 52 | 38 -      | 12/12 -     |
33 | 11+11+11    | 2 | 11M 11M 11M     | 11M 11M 11M     | 44 | -         | -           | diff3
33 | 12+11+10    | 2 | 12M 12H 12H     | 12M 12H 12H     | 48 | - 22 20   | - 10/10 8/8 |
33 | 13+11+9     | 2 | 13M 13H 13H     | 13M 13H 13H     | 52 | - 22 18   | - 9/9 5/5   |
34 | 12+11+11    | 2 | 11A 11M 11M     | 11A 11M 11M     | 44 | 24 - -    | 2/2 - -     | diff2
34 | 12+12+10    | 2 | 12M 12M 12H     | 12M 12M 12H     | 48 | - - 20    | - - 8/8     | diff2
34 | 13+11+10    | 2 | 13M 13H 13H     | 13M 13H 13H     | 52 | - 22 20   | - 9/9 7/7   |
35 | 13+11+11    | 2 | 11A 11M 11M     | 11A 11M 11M     | 44 | 26 - -    | 4/4 - -     | diff2
35 | 12+12+11    | 2 | 12M 12M 12H     | 12M 12M 12H     | 48 | - - 22    | - - 10/10   | diff2
35 | 13+13+9     | 2 | 13M 13M 13H     | 13M 13M 13H     | 52 | - - 18    | - - 5/5     | diff2
36 | 14+11+11    | 2 | 11A 11M 11M     | 11A 11M 11M     | 44 | 28 - -    | 6/6 - -     | diff2
36 | 12+12+12    | 2 | 12M 12M 12M     | 12M 12M 12M     | -  | -         | -           | diff3
36 | 13+13+10    | 2 | 13M 13M 13H     | 13M 13M 13H     | -  | - - 20    | - - 7/7     | diff2
37 | 15+11+11    | 2 | 11A 11M 11M     | 11A 11M 11M     | 44 | 30 - -    | 8/8 - -     | diff2
37 | 13+12+12    | 2 | 12A 12M 12M     | 12A 12M 12M     | -  | 26 - -    | 2/2 - -     | diff2
37 | 13+13+11    | 2 | 13M 13M 13H     | 13M 13M 13H     | -  | - - 22    | - - 9/9     | diff2
38 | 16+11+11    | 2 | 11A 11M 11M     | 11A 11M 11M     | 44 | 32 - -    | 10/10 - -   | diff2
38 | 16+12+10    | 2 | 12A 12M 12H     | 12A 12M 12H     | -  | 32 - 20   | 8/8 - 8/8   | irregular
38 | 14+13+11    | 2 | 13A 13M 13H     | 13A 13M 13H     | -  | 28 - 22   | 2/2 - 9/9   | rd2
39 | 11+11+11+6  | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | 44 | - - - 12  | - - - 1/1   | diff3
39 | 16+12+11    | 2 | 12A 12M 12H     | 12A 12M 12H     | -  | 32 - 22   | 8/8 - 10/10 | irregular
39 | 13+13+13    | 2 | 13M 13M 13M     | 13M 13M 13M     | -  | -         | -           | diff3
40 | 11+11+11+7  | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | 44 | - - - 14  | - - - 3/3   | diff3
40 | 16+12+12    | 2 | 12A 12M 12M     | 12A 12M 12M     | -  | 32 - -    | 8/8 - -     | diff2
40 | 18+13+9     | 2 | 13A 13M 13H     | 13A 13M 13H     | -  | 36 - 18   | 10/10 - 5/5 |
41 | 11+11+11+8  | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | 44 | - - - 16  | - - - 5/5   | diff2
41 | 17+12+12    | 2 | 12A 12M 12M     | 12A 12M 12M     | -  | 34 - -    | 10/10 - -   | diff2
41 | 18+13+10    | 2 | 13A 13M 13H     | 13A 13M 13H     | -  | 36 - 20   | 10/10 - 7/7 |
42 | 11+11+11+9  | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | 44 | - - - 18  | - - - 7/7   | diff3
42 | 18+12+12    | 2 | 12A 12M 12M     | 12A 12M 12M     | -  | 36 - -    | 12/12 - -   |
42 | 19+13+10    | 2 | 13A 13M 13H     | 13A 13M 13H     | 52 | 38 - 20   | 12/12 - 7/7 |
43 | 12+11+11+9  | 2 | 11A 11M 11M 11H | 11A 11M 11M 11H | -  | 24 - - 18 | 2/2 - - 7/7 | diff2
43 | 12+12+12+7  | 2 | 12M 12M 12M 12H | 12M 12M 12M 12H | 48 | - - - 14  | - - - 2/2   |
43 | 19+13+11    | 2 | 13A 13M 13H     | 13A 13M 13H     | -  | 38 - 22   | 12/12 - 9/9 |
44 | 13+11+11+9  | 2 | 11A 11M 11M 11H | 11A 11M 11M 11H | 44 | 26 - - 18 | 4/4 - - 7/7 | diff2
44 | 12+12+12+8  | 2 | 12M 12M 12M 12H | 12M 12M 12M 12H | -  | - - - 16  | - - - 4/4   |
44 | 18+13+13    | 2 | 13A 13M 13M     | 13A 13M 13M     | 52 | 36 - -    | 10/10 - -   |
45 | 12+11+11+11 | 2 | 11A 11M 11M 11M | 11A 11M 11M 11M | -  | 24 - - -  | 2/2 - - -   | diff3
45 | 12+12+12+9  | 2 | 12M 12M 12M 12H | 12M 12M 12M 12H | 48 | - - - 18  | - - - 6/6   |
45 | 19+13+13    | 2 | 13A 13M 13M     | 13A 13M 13M     | -  | 38 - -    | 12/12 - -   |
"""


def howell_list(tables: int) -> list[WeeklyHowell]:
    """The Howells the JCBL Howell list offers for ``tables`` tables (3 to 12)."""
    return _covered(
        [h for h in WEEKLY_HOWELLS if h.tables == tables],
        N_("The JCBL Howell list covers 3 to 12 tables, not %(tables)s."),
        hint=N_("For more tables play a Mitchell, or see the two-session list."),
        tables=tables,
    )


def two_session_plan(tables: int) -> list[TwoSessionPlan]:
    """The ways the JCBL list plays a two-session pairs game on ``tables`` tables (3 to 45).

    With an odd number of pairs use the plan for the next size up and make the printed
    stay pair the phantom (the list's note 1)."""
    return _covered(
        [p for p in TWO_SESSION_PLANS if p.tables == tables],
        N_("The JCBL two-session list covers 3 to 45 tables, not %(tables)s."),
        hint=N_("Split the field into sections of sizes the list covers."),
        tables=tables,
    )


def _covered(found: list[_T], refusal: str, *, hint: str, tables: int) -> list[_T]:
    """The lines a list has for a size, or the refusal (a template) to name one it does not
    cover."""
    if not found:
        raise InvalidInput(refusal, hint=hint, code="advisor.list_size", tables=tables)
    return found


def listed_family(tables: int, rounds: int, kind: Kind) -> tuple[str, dict[str, object]] | None:
    """The built-in family, by name, and its options, that plays a listed movement
    (``None``: the lists name it for no built-in family).

    A Howell of ``2n - 1`` rounds is the ``howell``, one of fewer rounds the
    ``three-quarter-howell``; a session of the one-section two-session games (the
    interwoven Howell, and the scrambled or appendix Mitchell before it) the
    ``interwoven-howell``. Whether the family plays the size is the family's to say: the
    advisor builds it through the registry (10 tables in 10 rounds and 11 in 10 are
    Mitchell-like movements no Howell family builds)."""
    if kind is Kind.HOWELL:
        if rounds == 2 * tables - 1:
            return "howell", {}
        return "three-quarter-howell", {"rounds": rounds}
    if kind is Kind.INTERWOVEN_HOWELL:
        return "interwoven-howell", {"session": 2, "rounds": rounds}
    first = {Kind.SCRAMBLED_MITCHELL: "scrambled", Kind.APPENDIX_MITCHELL: "appendix"}.get(kind)
    if first is None or (tables, rounds, kind) == (9, 8, Kind.SCRAMBLED_MITCHELL):
        # the 9-table scrambled Mitchell cut to 8 rounds plays 9 sets 8 times each, so
        # the list never names it: its plans say 8(A)
        return None
    return "interwoven-howell", {"session": 1, "first_session": first, "rounds": rounds}


def _weekly() -> tuple[WeeklyHowell, ...]:
    found = []
    for line in _WEEKLY.strip().splitlines():
        for offer in line.split("|"):
            tables, per_round, rounds, stay = offer.split()
            first, _, last = stay.partition("-")
            pairs = () if stay == "-" else tuple(range(int(first), int(last or first) + 1))
            found.append(WeeklyHowell(int(tables), int(rounds), int(per_round), pairs))
    return tuple(found)


WEEKLY_HOWELLS = _weekly()
"""Every Howell of the Howell list (appendix 1, 2. 1), in the list's order."""


def _howell_twice() -> tuple[TwoSessionPlan, ...]:
    """3 to 7 tables: the Howell list's Howells whose two sessions fall in the printed range."""
    plans: list[TwoSessionPlan] = []
    for tables, (per_round, (low, high)) in HOWELL_TWICE.items():
        note = f"{_REMARKS['twice']} The list prints {low}-{high} boards."
        plans.extend(
            TwoSessionPlan(
                tables,
                h.boards_per_round,
                (Section(tables, Play(Kind.HOWELL, h.rounds), Play(Kind.HOWELL, h.rounds)),),
                note=note,
            )
            for h in WEEKLY_HOWELLS
            if h.tables == tables
            and h.boards_per_round in per_round
            and low <= 2 * h.boards_per_round * h.rounds <= high
        )
    return tuple(plans)


def _two_sessions() -> tuple[TwoSessionPlan, ...]:
    plans: list[TwoSessionPlan] = []
    for line in _TWO_SESSIONS.strip().splitlines():
        tables, split, per_round, *columns, remarks = (c.strip() for c in line.split("|"))
        sizes = [int(tables)] if split == "1" else [int(t) for t in split.split("+")]
        first, second, printed, stay, still = (c.split() for c in columns)
        sections = tuple(
            Section(
                size,
                Play.parse(first[i]),
                Play.parse(second[i]),
                _printed(stay, i, int),
                _printed(still, i, _pair_counts),
            )
            for i, size in enumerate(sizes)
        )
        note = " ".join(_REMARKS[key] for key in remarks.split())
        boards = _printed(printed, 0, int)
        plans.append(TwoSessionPlan(int(tables), int(per_round), sections, boards, note))
    return tuple(plans)


def _printed(words: list[str], i: int, read: Callable[[str], _T]) -> _T | None:
    """Section ``i``'s entry of a column, ``None`` where it is ``-`` or not printed."""
    return None if i >= len(words) or words[i] == "-" else read(words[i])


def _pair_counts(text: str) -> tuple[int, int]:
    first, second = text.split("/")
    return int(first), int(second)


TWO_SESSION_PLANS = _howell_twice() + _two_sessions()
"""Every plan of the two-session list, in the list's order."""
