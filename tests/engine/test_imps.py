"""The IMP scale, row by row from the manual's table."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.imps import imps

# The manual's table (part 2 ch. 6 §3): lowest and highest difference of each row.
TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), TABLE)
def test_every_row_of_the_manuals_table(low: int, high: int, expected: int) -> None:
    for difference in range(low, high + 1, 10):
        assert imps(difference) == expected
        assert imps(-difference) == -expected


def test_between_rows() -> None:
    assert imps(15) == 0 and imps(Fraction(39, 2)) == 0 and imps(Fraction(41, 2)) == 1


@given(st.integers(-8000, 8000), st.integers(0, 8000))
def test_more_points_never_fewer_imps(a: int, extra: int) -> None:
    assert imps(a + extra) >= imps(a)
