"""The IMP scale (International Match Points), as the JCBL manual prints it (part 2 ch. 6 §3).

A difference in total points becomes IMPs by this table; the sign follows the
difference. Differences that are not multiples of 10 (against an averaged datum, say)
take the row whose lower bound they reach: 15 is 0 IMPs, 20 is 1.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction

#: The lowest difference that is worth 1, 2, … 24 IMPs.
THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
    1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: int | Fraction) -> int:
    """IMPs for a points difference: ``imps(430) == 10``, ``imps(-50) == -2``."""
    # bisect compares ints and Fractions exactly; no need to build a Fraction per call.
    size = bisect_right(THRESHOLDS, difference if difference >= 0 else -difference)
    return size if difference >= 0 else -size
