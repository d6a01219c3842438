"""Cross-IMPs against the JCBL manual's figure 19 (part 2 ch. 4 §16) and by property."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.imps import imps
from engine.scoring import Award, TableResult
from engine.seating import Pair
from plugins.scoring import cross_imps
from plugins.scoring.cross_imps import CrossImps, CrossImpsOptions
from tests.plugins.test_houston import (
    BOARD_4,
    assert_relabelling_changes_nothing,
    board_4,
    registry_with,
    sections,
)
from tests.plugins.test_matchpoints import howell, points

CROSS = CrossImps()
F = Fraction


def options(**kw: Any) -> CrossImpsOptions:
    return CrossImpsOptions.model_validate(kw)


#: The manual's table under figure 19: pair 1 against each other NS pair, as printed
#: (compared pair, score difference, IMPs); the total is +55.
FIGURE_19_PAIR_1 = [
    (2, 510, 11), (4, 1100, 15), (7, 460, 10), (8, 800, 13), (12, -30, -1), (14, 700, 12),
    (16, -200, -5),
]  # fmt: skip

#: Every pair's total on board 4. The manual prints pair 1's +55 and pair 3's -55; the
#: others are worked the same way by hand from the traveller (e.g. pair 2: 90 against
#: 600, -500, 140, -200, 630, -100, 800 is -11 +11 -2 +7 -11 +5 -12 = -13).
FIGURE_19 = {
    1: 55, 2: -13, 3: -55, 4: -85, 5: 85, 6: 51, 7: -4, 8: -51, 9: 37, 10: -78, 11: -57,
    12: 57, 13: 4, 14: -37, 15: 13, 16: 78,
}  # fmt: skip


def test_figure_19_pair_1_line_by_line() -> None:
    ns_score = {n: s for n, _, s in BOARD_4}
    for other, difference, printed in FIGURE_19_PAIR_1:
        assert ns_score[1] - ns_score[other] == difference
        assert imps(difference) == printed
    assert sum(i for _, _, i in FIGURE_19_PAIR_1) == 55


def test_figure_19_every_pair() -> None:
    score = CROSS.score(board_4(), options())
    column = points(score, 4)
    assert {p.number: v for p, v in column.items()} == FIGURE_19
    assert {p.number: t.score for p, t in score.totals.items()} == FIGURE_19
    assert score.datum == {} and score.method == "cross-imps"


def test_averaged_per_comparison() -> None:
    score = CROSS.score(board_4(), options(average=True))
    assert {p.number: v for p, v in points(score, 4).items()} == {
        n: F(v, 7) for n, v in FIGURE_19.items()
    }


def test_neutral_and_artificial_tables() -> None:
    adjusted = TableResult(
        4, Pair(17), Pair(18), award_ns=Award.parse("A+"), award_ew=Award.parse("A-")
    )
    neutral = TableResult(4, Pair(19), Pair(20), neutral=True)
    summed = CROSS.score(board_4(adjusted, neutral), options())
    # Neither table is compared with the others: figure 19's numbers stand.
    assert {p.number: v for p, v in points(summed, 4).items() if p.number <= 16} == FIGURE_19
    # Average plus is +3 IMPs for each of the 8 results the table would have met.
    assert [points(summed, 4)[Pair(n)] for n in (17, 18, 19, 20)] == [24, -24, 0, 0]
    averaged = CROSS.score(board_4(adjusted, neutral), options(average=True))
    assert [points(averaged, 4)[Pair(n)] for n in (17, 18, 19, 20)] == [3, -3, 0, 0]
    bigger = CROSS.score(board_4(adjusted), options(average=True, average_plus_imps=2))
    assert points(bigger, 4)[Pair(17)] == 2


def test_a_board_played_once_scores_nothing() -> None:
    score = CROSS.score(howell([TableResult(1, Pair(1), Pair(2), 620)], 2), options(average=True))
    assert points(score, 1) == {Pair(1): 0, Pair(2): 0}


@pytest.mark.parametrize("average", [False, True])
@settings(max_examples=100, deadline=None)
@given(section=sections())
def test_every_board_sums_to_zero(average: bool, section: tuple[list[TableResult], int]) -> None:
    rows, pairs = section
    score = CROSS.score(howell(rows, pairs), options(average=average))
    for board in {r.board for r in rows}:
        on_board = [s for s in score.results if s.result.board == board]
        assert sum(s.points_ns for s in on_board) == 0
        assert sum(s.points_ew for s in on_board) == 0
        assert all(s.points_ew == -s.points_ns for s in on_board)


@settings(max_examples=100, deadline=None)
@given(sections(), st.randoms(use_true_random=False), st.booleans())
def test_relabelling_pairs_changes_nothing(
    section: tuple[list[TableResult], int], rnd: Any, average: bool
) -> None:
    assert_relabelling_changes_nothing(CROSS, options(average=average), section, rnd)


def test_imp_pairs_is_the_same_method(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = registry_with(cross_imps, monkeypatch)
    assert registry.scoring("imp-pairs") is registry.scoring("cross-imps")
