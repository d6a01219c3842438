"""Cross-IMPs against the JCBL manual's figure 19 (part 2 ch. 4 §16) and by property."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.imps import imps
from engine.registry import ScoringMethod
from engine.scoring import Award, Split, TableResult
from engine.seating import Pair
from plugins.scoring import comparison, cross_imps
from plugins.scoring.cross_imps import CrossImps, CrossImpsOptions
from plugins.scoring.houston import Houston, HoustonOptions
from plugins.scoring.total_points import TotalPoints, TotalPointsOptions
from tests.plugins.test_houston import (
    BOARD_4,
    assert_relabelling_changes_nothing,
    board_4,
    registry_with,
    sections,
)
from tests.plugins.test_matchpoints import ew, howell, mitchell, ns, points
from tests.plugins.test_matchpoints_split import Side, boards, facts_of, one_side, table

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


# -- split assigned scores (every method of plugins/scoring/comparison.py) ---------------------

#: Table 1 was given NS +420 and EW −450 (NS +450); the others played 450, 420 and 100.
SPLIT = [table(1, Split(420, 450)), table(2, 450), table(3, 420), table(4, 100)]


def test_a_split_table_is_compared_direction_by_direction() -> None:
    column = points(CROSS.score(mitchell(SPLIT, 4), options()), 1)
    # NS pairs meet 420 at table 1. NS 1 (420): −1 against 450, 0, +8 against 100 = +7;
    # NS 2 (450) +1 +1 +8 = 10; NS 3 (420) 0 −1 +8 = 7; NS 4 (100) −8 −8 −8.
    assert [column[ns(n)] for n in range(1, 5)] == [7, 10, 7, -24]
    # EW pairs meet 450 there. EW 1 (sees 450): 0, +1, +8 = 9 NS-wise, so −9; EW 2 the
    # same; EW 3 (420): −1 −1 +8, so −6; EW 4: +24.
    assert [column[ew(n)] for n in range(1, 5)] == [-9, -9, -6, 24]
    # Each direction sums to zero; table 1's two sides are not opposite numbers.
    assert sum(column[ns(n)] for n in range(1, 5)) == sum(column[ew(n)] for n in range(1, 5)) == 0


def test_a_split_table_moves_the_datum_of_one_direction() -> None:
    # Houston, trim 1: NS pairs average 110, 120, 130 (without 100 and 140): datum 120;
    # EW pairs see 460 at table 1 instead of 100: 120, 130, 140, datum 130.
    results = [table(1, Split(100, 460)), *(table(n, s) for n, s in ((2, 140), (3, 110)))]
    results += [table(4, 120), table(5, 130)]
    score = Houston().score(mitchell(results, 5), HoustonOptions())
    assert (score.datum, score.datum_ew) == ({1: F(120)}, {1: F(130)})
    first = score.results[0]
    assert (first.datum, first.datum_ew) == (F(120), F(130))
    # NS 1: 100 − 120 is −1 IMP; EW 1: 460 − 130 = 330 is 8 IMPs against them.
    assert (first.points_ns, first.points_ew) == (F(-1), F(-8))
    # A board without a split has no EW datum of its own.
    plain = Houston().score(mitchell([table(n, 10 * n) for n in range(1, 5)], 4), HoustonOptions())
    assert plain.datum_ew == {} and all(s.datum_ew is None for s in plain.results)


COMPARISON_METHODS: list[tuple[ScoringMethod, Any]] = [
    (CROSS, CrossImpsOptions()),
    (CROSS, CrossImpsOptions(average=True)),
    (TotalPoints(), TotalPointsOptions()),
    (Houston(), HoustonOptions()),
]


@pytest.mark.parametrize(("method", "opts"), COMPARISON_METHODS)
@settings(max_examples=100, deadline=None)
@given(outcomes=boards(), neutrals=st.integers(0, 2))
def test_each_direction_scores_as_on_a_board_of_its_own_results(
    method: ScoringMethod, opts: Any, outcomes: list[Side | Split], neutrals: int
) -> None:
    """The NS points are those of the board with every split table given its NS result,
    the EW points those of the board with every split table given its EW result; each
    direction sums to zero (Houston: as its datum gives) as on any board."""
    if len(outcomes) < 3:
        outcomes = [*outcomes, 110, -50][: max(3, len(outcomes))]
    score = method.score(facts_of(outcomes, neutrals, 0), opts)
    as_ns = method.score(facts_of(one_side(outcomes, ew_side=False), neutrals, 0), opts)
    as_ew = method.score(facts_of(one_side(outcomes, ew_side=True), neutrals, 0), opts)
    assert [s.points_ns for s in score.results] == [s.points_ns for s in as_ns.results]
    assert [s.points_ew for s in score.results] == [s.points_ew for s in as_ew.results]
    assert [s.datum for s in score.results] == [s.datum for s in as_ns.results]
    ew_datum = [s.datum if s.datum_ew is None else s.datum_ew for s in score.results]
    assert ew_datum == [s.datum for s in as_ew.results]


@settings(deadline=None)
@given(
    scores=st.lists(st.integers(-150, 150).map(lambda s: 10 * s), min_size=1, max_size=40),
    fouled_off=st.integers(0, 3),
    average=st.booleans(),
    in_imps=st.booleans(),
)
def test_a_board_of_played_scores_is_every_result_against_every_other(
    scores: list[int], fouled_off: int, average: bool, in_imps: bool
) -> None:
    """Played scores are grouped by score; what each earns is still, by the definition,
    the sum over every other result of the IMPs (or points) of the difference, averaged
    or brought to the whole board's comparisons (a fouled board's version has fewer
    results than the board)."""
    convert = imps if in_imps else comparison.as_is
    on_board = len(scores) + fouled_off
    got = comparison.against_each_other(convert, average)(
        comparison.Version(4, tuple(scores), on_board)
    )
    met = len(scores) - 1
    sums = [
        F(sum(convert(s - t) for j, t in enumerate(scores) if j != i)) for i, s in enumerate(scores)
    ]
    if average:
        assert got.ns == tuple(p / met if met else p for p in sums)
    else:
        scale = F(on_board - 1, met) if met else F(0)
        assert got.ns == tuple(p * scale for p in sums)
