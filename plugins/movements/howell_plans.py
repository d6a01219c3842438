"""The JCBL quick-reference lists: which Howell for a weekly game, which movements for a
two-session game (JCBL manual, appendix 1, section 1, lists 1 and 2).

:func:`howell_list` gives the Howells the manual offers for a weekly game (3 to 12
tables: boards a round, rounds, and the pairs that stay put); :func:`two_session_plan`
the movements of a two-session pairs game for 3 to 45 tables: how to split the field
into sections and which movement each section plays in each session. A movement
advisor reads them; each movement names the Traveller family that builds it, where
one does.

Readings of the printed lists (the PDF's text extraction merges cells):

- 3 to 7 tables print only "Howell twice" and a range of boards; the plans are the
  weekly Howells whose two sessions fall in that range (e.g. 4 tables, 42-48 boards:
  7 rounds of 3, or 6 rounds of 4).
- Where a split into sections is printed once for several rows, it belongs to the row
  whose movements fit it: 14 tables "8(M) 8(H)" is 8T + 6T (a 6-table Howell of 8
  rounds has the printed stay pair 12 and 4 stationary pairs), so "9(M) 9(H)" is 9T +
  5T, with no stay pair printed; 12 tables "8(?) 8(?)" (the part 3 list: "8 (-)") is
  read as 8(A) 8(I), the kinds of every other single-section row of 8 to 11 rounds.
- 11 tables prints "11(M) 11(I)" twice; it is kept once. The blocks printed as 42 and
  44 hold 43 and 45 tables too (their sections add up so).
- 15 tables, 12(A) 12(I) prints 4/6 stationary pairs; an appendix Mitchell of 15 tables
  and 12 rounds has 6, as every other row's count says (``2 × (tables - rounds)``).
  The printed figures are kept as printed.
- "H" is a full Howell when its rounds are ``2n - 1`` and otherwise the three-quarter
  Howell of that many rounds; "M" a scrambled Mitchell, "A" an appendix Mitchell, "I"
  an interwoven Howell.

A plan of several sections plays the same movements in both sessions; between them the
pairs change sections so that no two meet again (manual, part 3, chapter 3, 5). A plan
of one section plays a Mitchell (groups A v B), then the interwoven Howell.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from engine.errors import InvalidInput
from plugins.movements.howell import BASE_ROUNDS
from plugins.movements.howell_short import SHORT_BASE_ROUNDS

_T = TypeVar("_T")


class Kind(enum.StrEnum):
    """The kinds of movement the JCBL lists name (with the letter the lists use)."""

    HOWELL = "H"
    """A Howell: full, or three-quarter with fewer rounds."""
    APPENDIX_MITCHELL = "A"
    """An appendix Mitchell: groups larger than the rounds, appendix tables relay boards."""
    SCRAMBLED_MITCHELL = "M"
    """A scrambled Mitchell: groups A and B meet, sitting NS and EW by turns."""
    INTERWOVEN_HOWELL = "I"
    """An interwoven Howell: each group's Howell, the groups sharing the boards."""


@dataclass(frozen=True)
class SectionMovement:
    """One section's movement in one session, and the Traveller family that builds it."""

    tables: int
    rounds: int
    kind: Kind
    family: str | None = None
    """The family to assign (``None``: no built-in family builds it)."""
    options: dict[str, object] = field(default_factory=dict)
    """The options to assign it with."""


@dataclass(frozen=True)
class Section:
    """One section of a two-session game: its movement in each session."""

    tables: int
    first: SectionMovement
    second: SectionMovement
    stay: int | None = None
    """The pair that stays put in both sessions, as printed (for a player who cannot
    move, or the phantom); ``None`` where the list prints none."""
    stationary: tuple[int, int] | None = None
    """How many pairs stay put in session 1 and session 2, as printed."""


@dataclass(frozen=True)
class TwoSessionPlan:
    """A way to play a two-session pairs game for ``tables`` tables."""

    tables: int
    boards_per_round: int
    sections: tuple[Section, ...]
    note: str = ""

    @property
    def boards(self) -> int:
        """Boards a pair plays over both sessions (the list's ボード総数)."""
        first = self.sections[0]
        return self.boards_per_round * (first.first.rounds + first.second.rounds)


@dataclass(frozen=True)
class WeeklyHowell:
    """A Howell the weekly list offers: its size, boards, and the pairs that stay put."""

    tables: int
    rounds: int
    boards_per_round: int
    stay: tuple[int, ...]
    """The stationary pairs as printed (empty where the list prints none)."""
    family: str | None
    options: dict[str, object] = field(default_factory=dict)


# The weekly list (appendix 1, 1-1): tables | boards a round | rounds | stay pairs.
# 6 tables, 7 rounds prints stay "9-12"; read 8-12, the guide's rule (pairs less rounds),
# as every other row has it. 10 tables in 10 rounds and 11 in 10 are Mitchell-like
# movements (no more rounds than tables) that no Howell family builds.
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

# The two-session list (appendix 1, 1-2), one plan a line:
# tables | sections | boards a round | session 1 | session 2 | stay pairs | stationary | note
# with a movement per section as rounds + kind letter and "-" where nothing is printed.
_TWO_SESSIONS = """
 3 | 1        | 4 | 5H          | 5H          | -        | -          | Howell twice
 3 | 1        | 5 | 5H          | 5H          | -        | -          | Howell twice
 4 | 1        | 4 | 6H          | 6H          | -        | -          | Howell twice
 4 | 1        | 3 | 7H          | 7H          | -        | -          | Howell twice
 5 | 1        | 4 | 6H          | 6H          | -        | -          | Howell twice
 5 | 1        | 3 | 7H          | 7H          | -        | -          | Howell twice
 5 | 1        | 3 | 8H          | 8H          | -        | -          | Howell twice
 5 | 1        | 3 | 9H          | 9H          | -        | -          | Howell twice
 6 | 1        | 3 | 7H          | 7H          | -        | -          | Howell twice
 6 | 1        | 3 | 8H          | 8H          | -        | -          | Howell twice
 6 | 1        | 3 | 9H          | 9H          | -        | -          | Howell twice
 6 | 1        | 2 | 10H         | 10H         | -        | -          | Howell twice
 6 | 1        | 2 | 11H         | 11H         | -        | -          | Howell twice
 7 | 1        | 3 | 8H          | 8H          | -        | -          | Howell twice
 7 | 1        | 3 | 9H          | 9H          | -        | -          | Howell twice
 7 | 1        | 2 | 10H         | 10H         | -        | -          | Howell twice
 7 | 1        | 2 | 11H         | 11H         | -        | -          | Howell twice
 7 | 1        | 2 | 12H         | 12H         | -        | -          | Howell twice
 7 | 1        | 2 | 13H         | 13H         | -        | -          | Howell twice
 8 | 1        | 3 | 7A          | 7I          | 16       | 2/2        | every pair meets every other
 8 | 1        | 3 | 8M          | 7I          | -        | -          | every pair meets every other
 8 | 1        | 2 | 13H         | 13H         | -        | -          | Howell twice
 9 | 1        | 3 | 7A          | 7I          | 18       | 4/4        |
 9 | 1        | 3 | 8A          | 8I          | -        | -          |
 9 | 1        | 3 | 8A          | 9I          | -        | -          |
 9 | 1        | 2 | 13H         | 13H         | -        | -          | Howell twice
 9 | 1        | 3 | 9M          | 9I          | -        | -          | one rematch in session 2
10 | 1        | 3 | 7A          | 7I          | 20       | 6/6        |
10 | 1        | 3 | 8A          | 8I          | -        | -          |
10 | 1        | 3 | 9A          | 9I          | -        | -          |
10 | 1        | 3 | 10M         | 9I          | -        | -          |
11 | 7+4      | 3 | 7M 7H       | 7M 7H       | - 8      | - 1/1      |
11 | 1        | 3 | 8A          | 8I          | -        | -          |
11 | 1        | 3 | 9A          | 9I          | -        | -          |
11 | 1        | 2 | 11M         | 11I         | -        | -          |
12 | 7+5      | 3 | 7M 7H       | 7M 7H       | - 10     | - 3/3      |
12 | 1        | 3 | 8A          | 8I          | -        | -          | kinds printed "?"
12 | 1        | 3 | 9A          | 9I          | -        | -          |
12 | 1        | 2 | 11A         | 11I         | -        | -          |
12 | 1        | 2 | 12M         | 11I         | -        | -          |
13 | 8+5      | 3 | 7A 7H       | 7A 7H       | 16 10    | 2/2 3/3    | Howell from round 2
13 | 1        | 2 | 11A         | 11I         | -        | -          |
13 | 1        | 2 | 12A         | 12I         | -        | -          |
13 | 1        | 2 | 12A         | 13I         | -        | -          |
13 | 1        | 2 | 13M         | 13I         | -        | -          | one rematch in session 2
14 | 7+7      | 3 | 7M 7M       | 7M 7M       | - -      | -          |
14 | 8+6      | 3 | 8M 8H       | 8M 8H       | - 12     | - 4/4      |
14 | 9+5      | 3 | 9M 9H       | 9M 9H       | - -      | -          | sections not printed
14 | 1        | 2 | 11A         | 11I         | -        | -          |
14 | 1        | 2 | 12A         | 12I         | -        | -          |
14 | 1        | 2 | 13A         | 13I         | -        | -          |
15 | 9+6      | 3 | 8A 8H       | 8A 8H       | 18 12    | 2/2 4/4    | Howell from round 2
15 | 9+6      | 3 | 9M 9H       | 9M 9H       | - 12     | - 3/3      |
15 | 1        | 2 | 11A         | 11I         | 30       | 8/8        |
15 | 1        | 2 | 12A         | 12I         | 30       | 4/6        | irregular relays
15 | 1        | 2 | 13A         | 13I         | 30       | 4/4        |
16 | 8+8      | 3 | 8M 8M       | 8M 8M       | - -      | -          |
16 | 9+7      | 3 | 9M 9H       | 9M 9H       | - 14     | - 5/5      |
16 | 1        | 2 | 11A         | 11I         | 32       | 10/10      |
16 | 1        | 2 | 12A         | 12I         | 32       | 8/8        |
16 | 1        | 2 | 13A         | 13I         | 32       | 6/6        |
17 | 10+7     | 3 | 9A 9H       | 9A 9H       | 20 14    | 2/2 5/5    | Howell from round 2
17 | 11+6     | 2 | 11M 11H     | 11M 11H     | - 12     | - 1/1      |
17 | 1        | 2 | 12A         | 12I         | 34       | 10/10      |
17 | 1        | 2 | 13A         | 13I         | 34       | 8/8        |
18 | 9+9      | 3 | 9M 9M       | 9M 9M       | - -      | -          |
18 | 11+7     | 2 | 11M 11H     | 11M 11H     | - 14     | - 3/3      |
18 | 1        | 2 | 12A         | 12I         | 36       | 12/12      |
18 | 1        | 2 | 13A         | 13I         | 36       | 10/10      |
19 | 11+8     | 2 | 11M 11H     | 11M 11H     | - 16     | - 5/5      |
19 | 12+7     | 2 | 12M 12H     | 12M 12H     | - 14     | - 2/2      |
19 | 1        | 2 | 13A         | 13I         | 38       | 12/12      |
20 | 11+9     | 2 | 11M 11H     | 11M 11H     | - 18     | - 7/7      |
20 | 12+8     | 2 | 12M 12H     | 12M 12H     | - 16     | - 4/4      |
20 | 13+7     | 2 | 13M 13H     | 13M 13H     | - 14     | - 1/1      |
21 | 12+9     | 2 | 11A 11H     | 11A 11H     | 24 18    | 2/2 7/7    | Howell from round 2
21 | 12+9     | 2 | 12M 12H     | 12M 12H     | - 18     | - 6/6      |
21 | 13+8     | 2 | 13M 13H     | 13M 13H     | - 16     | - 3/3      |
22 | 11+11    | 2 | 11M 11M     | 11M 11M     | - -      | -          |
22 | 12+10    | 2 | 12M 12H     | 12M 12H     | - 20     | - 8/8      |
22 | 13+9     | 2 | 13M 13H     | 13M 13H     | - 18     | - 5/5      |
23 | 12+11    | 2 | 11A 11M     | 11A 11M     | 24 -     | 2/2 -      |
23 | 12+11    | 2 | 12M 12H     | 12M 12H     | - 22     | - 10/10    |
23 | 13+10    | 2 | 13M 13H     | 13M 13H     | - 20     | - 7/7      |
24 | 13+11    | 2 | 11A 11M     | 11A 11M     | 26 -     | 4/4 -      |
24 | 12+12    | 2 | 12M 12M     | 12M 12M     | - -      | -          |
24 | 13+11    | 2 | 13M 13H     | 13M 13H     | - 22     | - 9/9      |
25 | 14+11    | 2 | 11A 11M     | 11A 11M     | 28 -     | 6/6 -      |
25 | 13+12    | 2 | 12A 12M     | 12A 12M     | 26 -     | 2/2 -      |
25 | 14+11    | 2 | 13A 13H     | 13A 13H     | 28 22    | 2/2 9/9    |
26 | 15+11    | 2 | 11A 11M     | 11A 11M     | 30 -     | 8/8 -      |
26 | 16+10    | 2 | 12A 12H     | 12A 12H     | 32 20    | 8/8 8/8    |
26 | 13+13    | 2 | 13M 13M     | 13M 13M     | - -      | -          |
27 | 16+11    | 2 | 11A 11M     | 11A 11M     | 32 -     | 10/10 -    |
27 | 16+11    | 2 | 12A 12H     | 12A 12H     | 32 22    | 8/8 10/10  |
27 | 14+13    | 2 | 13A 13M     | 13A 13M     | 28 -     | 2/2 -      |
28 | 11+11+6  | 2 | 11M 11M 11H | 11M 11M 11H | - - 12   | - - 1/1    |
28 | 16+12    | 2 | 12A 12M     | 12A 12M     | 32 -     | 8/8 -      |
28 | 15+13    | 2 | 13A 13M     | 13A 13M     | 30 -     | 4/4 -      |
29 | 11+11+7  | 2 | 11M 11M 11H | 11M 11M 11H | - - 14   | - - 3/3    |
29 | 17+12    | 2 | 12A 12M     | 12A 12M     | 34 -     | 10/10 -    |
29 | 16+13    | 2 | 13A 13M     | 13A 13M     | 32 -     | 6/6 -      |
30 | 11+11+8  | 2 | 11M 11M 11H | 11M 11M 11H | - - 16   | - - 5/5    |
30 | 18+12    | 2 | 12A 12M     | 12A 12M     | 36 -     | 12/12 -    |
30 | 17+13    | 2 | 13A 13M     | 13A 13M     | 34 -     | 8/8 -      |
31 | 11+11+9  | 2 | 11M 11M 11H | 11M 11M 11H | - - 18   | - - 7/7    |
31 | 12+10+9  | 2 | 12M 12H 12H | 12M 12H 12H | - 20 18  | - 8/8 6/6  |
31 | 18+13    | 2 | 13A 13M     | 13A 13M     | 36 -     | 10/10 -    |
32 | 12+11+9  | 2 | 11A 11M 11H | 11A 11M 11H | 24 - 18  | 2/2 - 7/7  | Howell from round 2
32 | 12+11+9  | 2 | 12M 12H 12H | 12M 12H 12H | - 22 18  | - 10/10 6/6 |
32 | 19+13    | 2 | 13A 13M     | 13A 13M     | 38 -     | 12/12 -    |
33 | 11+11+11 | 2 | 11M 11M 11M | 11M 11M 11M | - - -    | -          |
33 | 12+11+10 | 2 | 12M 12H 12H | 12M 12H 12H | - 22 20  | - 10/10 8/8 |
33 | 13+11+9  | 2 | 13M 13H 13H | 13M 13H 13H | - 22 18  | - 9/9 5/5  |
34 | 12+11+11 | 2 | 11A 11M 11M | 11A 11M 11M | 24 - -   | 2/2 - -    |
34 | 12+12+10 | 2 | 12M 12M 12H | 12M 12M 12H | - - 20   | - - 8/8    |
34 | 13+11+10 | 2 | 13M 13H 13H | 13M 13H 13H | - 22 20  | - 9/9 7/7  |
35 | 13+11+11 | 2 | 11A 11M 11M | 11A 11M 11M | 26 - -   | 4/4 - -    |
35 | 12+12+11 | 2 | 12M 12M 12H | 12M 12M 12H | - - 22   | - - 10/10  |
35 | 13+13+9  | 2 | 13M 13M 13H | 13M 13M 13H | - - 18   | - - 5/5    |
36 | 14+11+11 | 2 | 11A 11M 11M | 11A 11M 11M | 28 - -   | 6/6 - -    |
36 | 12+12+12 | 2 | 12M 12M 12M | 12M 12M 12M | - - -    | -          |
36 | 13+13+10 | 2 | 13M 13M 13H | 13M 13M 13H | - - 20   | - - 7/7    |
37 | 15+11+11 | 2 | 11A 11M 11M | 11A 11M 11M | 30 - -   | 8/8 - -    |
37 | 13+12+12 | 2 | 12A 12M 12M | 12A 12M 12M | 26 - -   | 2/2 - -    |
37 | 13+13+11 | 2 | 13M 13M 13H | 13M 13M 13H | - - 22   | - - 9/9    |
38 | 16+11+11 | 2 | 11A 11M 11M | 11A 11M 11M | 32 - -   | 10/10 - -  |
38 | 16+12+10 | 2 | 12A 12M 12H | 12A 12M 12H | 32 - 20  | 8/8 - 8/8  | irregular relays
38 | 14+13+11 | 2 | 13A 13M 13H | 13A 13M 13H | 28 - 22  | 2/2 - 9/9  | Howell from round 2
39 | 11+11+11+6 | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | - - - 12 | - - - 1/1 |
39 | 16+12+11 | 2 | 12A 12M 12H | 12A 12M 12H | 32 - 22  | 8/8 - 10/10 | irregular relays
39 | 13+13+13 | 2 | 13M 13M 13M | 13M 13M 13M | - - -    | -          |
40 | 11+11+11+7 | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | - - - 14 | - - - 3/3 |
40 | 16+12+12 | 2 | 12A 12M 12M | 12A 12M 12M | 32 - -   | 8/8 - -    |
40 | 18+13+9  | 2 | 13A 13M 13H | 13A 13M 13H | 36 - 18  | 10/10 - 5/5 |
41 | 11+11+11+8 | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | - - - 16 | - - - 5/5 |
41 | 17+12+12 | 2 | 12A 12M 12M | 12A 12M 12M | 34 - -   | 10/10 - -  |
41 | 18+13+10 | 2 | 13A 13M 13H | 13A 13M 13H | 36 - 20  | 10/10 - 7/7 |
42 | 11+11+11+9 | 2 | 11M 11M 11M 11H | 11M 11M 11M 11H | - - - 18 | - - - 7/7 |
42 | 18+12+12 | 2 | 12A 12M 12M | 12A 12M 12M | 36 - -   | 12/12 - -  |
42 | 19+13+10 | 2 | 13A 13M 13H | 13A 13M 13H | 38 - 20  | 12/12 - 7/7 |
43 | 12+11+11+9 | 2 | 11A 11M 11M 11H | 11A 11M 11M 11H | 24 - - 18 | 2/2 - - 7/7 |
43 | 12+12+12+7 | 2 | 12M 12M 12M 12H | 12M 12M 12M 12H | - - - 14 | - - - 2/2 |
43 | 19+13+11 | 2 | 13A 13M 13H | 13A 13M 13H | 38 - 22  | 12/12 - 9/9 |
44 | 13+11+11+9 | 2 | 11A 11M 11M 11H | 11A 11M 11M 11H | 26 - - 18 | 4/4 - - 7/7 |
44 | 12+12+12+8 | 2 | 12M 12M 12M 12H | 12M 12M 12M 12H | - - - 16 | - - - 4/4 |
44 | 18+13+13 | 2 | 13A 13M 13M | 13A 13M 13M | 36 - -   | 10/10 - -  |
45 | 12+11+11+11 | 2 | 11A 11M 11M 11M | 11A 11M 11M 11M | 24 - - - | 2/2 - - - |
45 | 12+12+12+9 | 2 | 12M 12M 12M 12H | 12M 12M 12M 12H | - - - 18 | - - - 6/6 |
45 | 19+13+13 | 2 | 13A 13M 13M | 13A 13M 13M | 38 - -   | 12/12 - -  |
"""


def howell_list(tables: int) -> list[WeeklyHowell]:
    """The Howells the JCBL weekly list offers for ``tables`` tables (3 to 12)."""
    found = [h for h in WEEKLY_HOWELLS if h.tables == tables]
    if not found:
        raise InvalidInput(
            f"The JCBL Howell list covers 3 to 12 tables, not {tables}.",
            hint="For more tables play a Mitchell, or see the two-session list.",
        )
    return found


def two_session_plan(tables: int) -> list[TwoSessionPlan]:
    """The ways the JCBL list plays a two-session pairs game on ``tables`` tables (3 to 45).

    With an odd number of pairs use the plan for the next size up and make the printed
    stay pair the phantom (the list's note 1)."""
    found = [p for p in TWO_SESSION_PLANS if p.tables == tables]
    if not found:
        raise InvalidInput(
            f"The JCBL two-session list covers 3 to 45 tables, not {tables}.",
            hint="Split the field into sections of sizes the list covers.",
        )
    return found


def builder(tables: int, rounds: int, kind: Kind) -> tuple[str | None, dict[str, object]]:
    """The built-in family, and its options, that plays this movement; ``None`` if none."""
    if kind is Kind.HOWELL:
        if rounds == 2 * tables - 1 and tables in BASE_ROUNDS:
            return "howell", {}
        if (tables, rounds) in SHORT_BASE_ROUNDS:
            return "three-quarter-howell", {"rounds": rounds}
        return None, {}
    options = _INTERWOVEN.get((tables, rounds, kind))
    return (None, {}) if options is None else ("interwoven-howell", options)


_INTERWOVEN: dict[tuple[int, int, Kind], dict[str, object]] = {
    (8, 8, Kind.SCRAMBLED_MITCHELL): {"session": 1},
    (9, 9, Kind.SCRAMBLED_MITCHELL): {"session": 1, "rounds": 9},
    (9, 8, Kind.APPENDIX_MITCHELL): {"session": 1, "first_session": "appendix"},
    (8, 7, Kind.INTERWOVEN_HOWELL): {"session": 2},
    (9, 9, Kind.INTERWOVEN_HOWELL): {"session": 2},
}
"""The printed sheets the interwoven-howell family plays: (tables, rounds, kind) → options.

The 9-table scrambled Mitchell cut to 8 rounds plays 9 sets 8 times each, so the list
never names it: its plans say 8(A)."""


def _two_sessions() -> tuple[TwoSessionPlan, ...]:
    plans = []
    for line in _TWO_SESSIONS.strip().splitlines():
        tables, split, per_round, *columns, note = (c.strip() for c in line.split("|"))
        sizes = [int(tables)] if split == "1" else [int(t) for t in split.split("+")]
        first, second, stay, still = (c.split() for c in columns)
        sections = tuple(
            Section(
                size,
                _movement(size, first[i]),
                _movement(size, second[i]),
                _printed(stay, i, int),
                _printed(still, i, _two),
            )
            for i, size in enumerate(sizes)
        )
        plans.append(TwoSessionPlan(int(tables), int(per_round), sections, note))
    return tuple(plans)


def _movement(tables: int, text: str) -> SectionMovement:
    """``7A`` → an appendix Mitchell of 7 rounds, with the family that builds it."""
    rounds, kind = int(text[:-1]), Kind(text[-1])
    return SectionMovement(tables, rounds, kind, *builder(tables, rounds, kind))


def _printed(words: list[str], i: int, read: Callable[[str], _T]) -> _T | None:
    """Section ``i``'s entry of a column, ``None`` where it is ``-`` or not printed."""
    return None if i >= len(words) or words[i] == "-" else read(words[i])


def _two(text: str) -> tuple[int, int]:
    first, second = text.split("/")
    return int(first), int(second)


def _weekly() -> tuple[WeeklyHowell, ...]:
    found = []
    for line in _WEEKLY.strip().splitlines():
        for offer in line.split("|"):
            tables, per_round, rounds, stay = offer.split()
            first, _, last = stay.partition("-")
            pairs = () if stay == "-" else tuple(range(int(first), int(last or first) + 1))
            family, options = builder(int(tables), int(rounds), Kind.HOWELL)
            found.append(
                WeeklyHowell(int(tables), int(rounds), int(per_round), pairs, family, options)
            )
    return tuple(found)


TWO_SESSION_PLANS = _two_sessions()
"""Every plan of the two-session list, in the list's order."""

WEEKLY_HOWELLS = _weekly()
"""Every Howell of the weekly list, in the list's order."""
