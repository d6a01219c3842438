"""Total points (JCBL manual part 2 ch. 4 §17): figure 19's score differences, added up."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scoring import Award, TableResult
from engine.seating import Pair
from plugins.scoring import total_points
from plugins.scoring.total_points import TotalPoints, TotalPointsOptions
from tests.plugins.test_cross_imps import FIGURE_19_PAIR_1, SPLIT
from tests.plugins.test_houston import (
    BOARD_4,
    assert_relabelling_changes_nothing,
    board_4,
    registry_with,
    sections,
)
from tests.plugins.test_matchpoints import ew, howell, mitchell, ns, points

TOTAL = TotalPoints()
F = Fraction


def options(**kw: Any) -> TotalPointsOptions:
    return TotalPointsOptions.model_validate(kw)


def test_figure_19_differences_added_up() -> None:
    # §17: "the score differences explained under IMP scoring, totalled" — pair 1's
    # column of differences in the table under figure 19 is 3340.
    score = TOTAL.score(board_4(), options())
    column = {p.number: v for p, v in points(score, 4).items()}
    assert column[1] == sum(d for _, d, _ in FIGURE_19_PAIR_1) == 3340
    assert column[3] == -3340
    # Each result against the other seven: 8 × own score − the board's 1460.
    total = sum(s for _, _, s in BOARD_4)
    for n, e, s in BOARD_4:
        assert (column[n], column[e]) == (F(8 * s - total), F(total - 8 * s))
    assert score.totals[Pair(16)].score == 8 * 800 - total


def test_averaged_per_comparison() -> None:
    score = TOTAL.score(board_4(), options(average=True))
    assert points(score, 4)[Pair(1)] == F(3340, 7)


def test_artificial_scores_are_points_per_comparison() -> None:
    a_plus, a40 = Award.parse("A+"), Award.parse("A40")
    score = TOTAL.score(
        board_4(TableResult(4, Pair(17), Pair(18), award_ns=a_plus, award_ew=a40)), options()
    )
    # 100 points for each of the 8 results the table would have met.
    assert (points(score, 4)[Pair(17)], points(score, 4)[Pair(18)]) == (F(800), F(-800))
    smaller = TOTAL.score(
        board_4(TableResult(4, Pair(17), Pair(18), award_ns=a_plus, award_ew=a40)),
        options(average=True, average_plus_points=50),
    )
    assert (points(smaller, 4)[Pair(17)], points(smaller, 4)[Pair(18)]) == (F(50), F(-50))


@settings(max_examples=100, deadline=None)
@given(sections(), st.randoms(use_true_random=False), st.booleans())
def test_zero_sum_and_relabelling(
    section: tuple[list[TableResult], int], rnd: Any, average: bool
) -> None:
    rows, pairs = section
    score = TOTAL.score(howell(rows, pairs), options(average=average))
    assert sum(s.points_ns for s in score.results) == sum(s.points_ew for s in score.results) == 0
    assert_relabelling_changes_nothing(TOTAL, options(average=average), section, rnd)


def test_a_split_table_is_compared_direction_by_direction() -> None:
    # Table 1 was given NS +420 and EW −450; the others played 450, 420 and 100.
    column = points(TOTAL.score(mitchell(SPLIT, 4), options()), 1)
    # NS 1 (420) against 450, 420, 100: −30 + 0 + 320 = 290. EW 1 is scored on 450:
    # 0 + 30 + 350 = 380 NS-wise, so −380. The two sides do not balance.
    assert (column[ns(1)], column[ew(1)]) == (F(290), F(-380))
    # Each direction still sums to zero: NS 2 (450) 30 + 30 + 350 = 410 against the NS
    # view; EW 2 meets 450 at table 1, 0 + 30 + 350, so −380.
    assert (column[ns(2)], column[ew(2)]) == (F(410), F(-380))
    assert sum(column[ns(n)] for n in range(1, 5)) == sum(column[ew(n)] for n in range(1, 5)) == 0


def test_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry_with(total_points, monkeypatch).scoring("total-point").name == "total-points"
