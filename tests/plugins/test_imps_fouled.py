"""Fouled boards (JCBL manual appendix 2 §4) in the IMP methods: Houston (Butler) and cross-IMPs.

The reading (decision 0008): the tables that played the same version are compared only
with each other — a datum for each version; cross-IMPs within the version, averaged per
comparison, or (summed) scaled to the comparisons the whole board gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, Rejected
from engine.scoring import Award, SectionFacts, SectionScore, TableResult
from engine.seating import Pair
from plugins.scoring.cross_imps import CrossImps
from plugins.scoring.houston import Houston
from tests.plugins.test_cross_imps import CROSS
from tests.plugins.test_cross_imps import options as cross_options
from tests.plugins.test_houston import HOUSTON
from tests.plugins.test_houston import options as houston_options
from tests.plugins.test_matchpoints import SCORES, ew, mitchell, ns, points
from tests.plugins.test_matchpoints_weighted import TWO_THIRDS, Blend, blends, table

F = Fraction

#: Board 1 at eight tables: NS 1-4 played one version, NS 5-8 the other.
VERSION_A = (420, 450, 170, -50)
VERSION_B = (-100, -130, 110, -600)


def groups(*versions: Sequence[int]) -> dict[int, tuple[frozenset[Pair], ...]]:
    return {1: tuple(frozenset(ns(n) for n in v) for v in versions)}


def fouled(
    outcomes: Sequence[int | Blend], versions: Sequence[Sequence[int]], *extra: TableResult
) -> SectionFacts:
    """Board 1 with NS n v EW n scoring ``outcomes[n - 1]``, fouled into ``versions``."""
    tables = [table(n, o) for n, o in enumerate(outcomes, start=1)]
    return mitchell([*tables, *extra], len(outcomes) + len(extra), fouled=groups(*versions))


def alone(outcomes: Sequence[int | Blend], version: Sequence[int]) -> SectionFacts:
    """Only the tables of ``version`` (same pair numbers), not fouled."""
    tables = [table(n, outcomes[n - 1]) for n in version]
    return mitchell(tables, len(outcomes))


def column(score: SectionScore, tables: Sequence[int]) -> list[Fraction]:
    on_board = points(score, 1)
    return [on_board[ns(n)] for n in tables]


EIGHT = fouled((*VERSION_A, *VERSION_B), [(1, 2, 3, 4), (5, 6, 7, 8)])

# -- Houston -------------------------------------------------------------------------------------


def test_each_version_has_its_own_datum() -> None:
    # Version A: −50 170 420 450 → 170 and 420 kept, 295 → +300.
    # Version B: −600 −130 −100 +110 → −130 and −100 kept, −115 → −120 (away from zero).
    # (The whole board as one would have had a datum of +70.)
    score = HOUSTON.score(EIGHT, houston_options())
    assert column(score, range(1, 9)) == [3, 4, -4, -8, 1, 0, 6, -10]
    assert [points(score, 1)[ew(n)] for n in range(1, 9)] == [-3, -4, 4, 8, -1, 0, -6, 10]
    unfouled = HOUSTON.score(mitchell(EIGHT.results, 8), houston_options())
    assert unfouled.datum == {1: 70}
    # Each result carries its version's datum, for the traveller.
    by_table = {s.result.ns.number: s.datum for s in score.results}
    assert by_table == {n: 300 if n <= 4 else -120 for n in range(1, 9)}
    assert {s.datum for s in unfouled.results} == {70}


def test_a_fouled_board_has_no_single_datum_but_the_others_keep_theirs() -> None:
    board_2 = [TableResult(2, ns(n), ew(n), s) for n, s in [(1, 620), (2, 650), (3, 170), (4, 140)]]
    facts = mitchell([*EIGHT.results, *board_2], 8, fouled=EIGHT.fouled)
    assert HOUSTON.score(facts, houston_options()).datum == {2: 400}  # 170, 620: 395 → 400


def test_a_version_too_small_for_the_trim_is_refused_by_name() -> None:
    facts = fouled((*VERSION_A, *VERSION_B), [(1, 2), (3, 4, 5, 6, 7, 8)])
    with pytest.raises(Rejected, match=r"Board 1 \(the version NS 1, 2 played\) has 2") as info:
        HOUSTON.score(facts, houston_options())
    assert info.value.hint is not None and "a trim of 0" in info.value.hint
    assert any(f.fields.get("option") == "trim=0" for f in info.value.fixes)  # CLI: --option
    # Without the trim, the two results average +435: +440 (an exact half, away from 0).
    assert column(HOUSTON.score(facts, houston_options(trim=0)), (1, 2)) == [-1, 0]


def test_a_weighted_table_in_a_version_enters_its_datum() -> None:
    # Version A with NS 4 given ⅔ +420, ⅓ −50 (+263⅓): 263⅓ and 420 kept → 341.7 → +340.
    facts = fouled((420, 450, 170, TWO_THIRDS, *VERSION_B), [(1, 2, 3, 4), (5, 6, 7, 8)])
    score = HOUSTON.score(facts, houston_options())
    # ⅔ · IMPs(80: 2) + ⅓ · IMPs(−390: −9) = 4/3 − 3.
    assert column(score, range(1, 5)) == [F(2), F(3), F(-5), F(4, 3) - 3]
    assert column(score, range(5, 9)) == [1, 0, 6, -10]  # version B as before


def test_an_adjusted_table_on_a_fouled_board() -> None:
    adjusted = TableResult(1, ns(9), ew(9), award_ns=Award.parse("A+"), award_ew=Award.parse("A"))
    facts = fouled((*VERSION_A, *VERSION_B), [(1, 2, 3, 4), (5, 6, 7, 8)], adjusted)
    score = HOUSTON.score(facts, houston_options())
    assert (points(score, 1)[ns(9)], points(score, 1)[ew(9)]) == (F(3), F(0))
    assert column(score, range(1, 9)) == [3, 4, -4, -8, 1, 0, 6, -10]


@pytest.mark.parametrize("method", [HOUSTON, CROSS], ids=lambda m: m.name)
def test_a_result_in_no_version_is_refused(method: Houston | CrossImps) -> None:
    facts = fouled((*VERSION_A, *VERSION_B), [(1, 2, 3), (5, 6, 7, 8)])
    with pytest.raises(InvalidInput, match="NS 4 v EW 4 is in none of the groups") as info:
        if isinstance(method, Houston):
            method.score(facts, houston_options())
        else:
            method.score(facts, cross_options())
    assert info.value.hint is not None and "fouled again" in info.value.hint
    assert [f.command for f in info.value.fixes] == ["fouled"]


# -- cross-IMPs ----------------------------------------------------------------------------------

SEVEN = (*VERSION_A, -100, 110, -600)
SEVEN_VERSIONS = [(1, 2, 3, 4), (5, 6, 7)]


def test_cross_imps_summed_are_scaled_to_the_whole_board() -> None:
    # Version A among itself: +420 −1 +6 +10 = 15; +450 19; +170 −7; −50 −27.
    # Version B: −100 −5 +11 = 6; +110 17; −600 −23. Unfouled each result would have
    # met 6 others: A's sums count 6/3 = 2 times, B's 6/2 = 3 times.
    score = CROSS.score(fouled(SEVEN, SEVEN_VERSIONS), cross_options())
    assert column(score, range(1, 8)) == [30, 38, -14, -54, 18, 51, -69]


def test_cross_imps_averaged_per_comparison_in_the_version() -> None:
    score = CROSS.score(fouled(SEVEN, SEVEN_VERSIONS), cross_options(average=True))
    assert column(score, range(1, 8)) == [5, F(19, 3), F(-7, 3), -9, 3, F(17, 2), F(-23, 2)]


def test_a_result_alone_in_its_version_scores_zero() -> None:
    # NS 1 met no one. The others' sums (+450: +7 +11 = 18; +170: −1; −50: −17) count
    # 3/2 times: unfouled, each would have met 3 results, here only 2.
    score = CROSS.score(fouled((420, 450, 170, -50), [(1,), (2, 3, 4)]), cross_options())
    assert column(score, range(1, 5)) == [0, F(27), F(-3, 2), F(-51, 2)]


def test_average_plus_counts_the_comparisons_of_the_whole_board() -> None:
    adjusted = TableResult(1, ns(8), ew(8), award_ns=Award.parse("A+"), award_ew=Award.parse("A-"))
    facts = fouled(SEVEN, SEVEN_VERSIONS, adjusted)
    summed = points(CROSS.score(facts, cross_options()), 1)
    assert (summed[ns(8)], summed[ew(8)]) == (F(21), F(-21))  # 3 IMPs × the 7 results
    averaged = points(CROSS.score(facts, cross_options(average=True)), 1)
    assert (averaged[ns(8)], averaged[ew(8)]) == (F(3), F(-3))


# -- properties: a fouled board is its versions scored apart -------------------------------------


@st.composite
def split_boards(draw: st.DrawFn, smallest: int) -> tuple[list[int | Blend], list[list[int]]]:
    """Board 1's results and two or three versions of at least ``smallest`` tables each."""
    count = draw(st.integers(2, 3))
    sizes = [draw(st.integers(smallest, 5)) for _ in range(count)]
    outcomes = draw(st.lists(st.one_of(SCORES, blends()), min_size=sum(sizes), max_size=sum(sizes)))
    numbers = draw(st.permutations(range(1, sum(sizes) + 1)))
    versions, start = [], 0
    for size in sizes:
        versions.append(sorted(numbers[start : start + size]))
        start += size
    return outcomes, versions


@settings(max_examples=100, deadline=None)
@given(split_boards(smallest=3))
def test_houston_scores_each_version_as_a_board_of_its_own(
    board: tuple[list[int | Blend], list[list[int]]],
) -> None:
    outcomes, versions = board
    score = HOUSTON.score(fouled(outcomes, versions), houston_options())
    for version in versions:
        apart = HOUSTON.score(alone(outcomes, version), houston_options())
        assert column(score, version) == column(apart, version)
    assert score.datum == {}


@settings(max_examples=100, deadline=None)
@given(split_boards(smallest=1), st.booleans())
def test_cross_imps_score_each_version_apart_then_scale(
    board: tuple[list[int | Blend], list[list[int]]], average: bool
) -> None:
    outcomes, versions = board
    opts: Any = cross_options(average=average)
    score = CROSS.score(fouled(outcomes, versions), opts)
    others = len(outcomes) - 1
    for version in versions:
        apart = column(CROSS.score(alone(outcomes, version), opts), version)
        met = len(version) - 1
        scale = 1 if average else F(others, met) if met else 0
        assert column(score, version) == [p * scale for p in apart]
    assert sum(s.points_ns for s in score.results) == 0
    assert all(s.points_ew == -s.points_ns for s in score.results)
