"""Weighted assigned scores (law 12C1(c)) in the IMP methods: Houston (Butler) and cross-IMPs.

The reading (decision 0008): a weighted table earns the weighted sum of the IMPs each of
its results would have earned — against the datum, or against each other result — and
every other table, against it, the opposite. In the Houston datum the weighted table
counts as its weighted average score.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.imps import imps
from engine.scoring import Award, SectionFacts, TableResult
from engine.seating import Pair
from plugins.scoring.houston import datum
from tests.plugins.test_cross_imps import CROSS
from tests.plugins.test_cross_imps import options as cross_options
from tests.plugins.test_houston import BOARD_4, HOUSTON, board_4
from tests.plugins.test_houston import options as houston_options
from tests.plugins.test_matchpoints import SCORES, ew, mitchell, ns, points
from tests.plugins.test_matchpoints_weighted import TWO_THIRDS, Blend, blends, table

F = Fraction


def board(outcomes: Sequence[int | Blend], **kw: Any) -> SectionFacts:
    return mitchell([table(n, o) for n, o in enumerate(outcomes, start=1)], len(outcomes), **kw)


def ns_column(score: Any, facts: SectionFacts) -> list[Fraction]:
    column = points(score, 1)
    return [column[r.ns] for r in facts.results]


def as_blend(outcome: int | Blend) -> Blend:
    return ((F(1), outcome),) if isinstance(outcome, int) else outcome


# -- Houston -------------------------------------------------------------------------------------


def test_figure_18_with_a_weighted_table_added() -> None:
    # Board 4 with pairs 17 v 18 given ⅔ of +420 and ⅓ of −50: an average of +263⅓.
    # The datum's scores: −500 −200 −100 +90 +140 +263⅓ +600 +630 +800; without the
    # highest and the lowest, 1423⅓ / 7 = 203.3 → +200.
    weighted = TableResult(4, Pair(17), Pair(18), weighted=TWO_THIRDS)
    score = HOUSTON.score(board_4(weighted), houston_options())
    assert score.datum == {4: 200}
    # ⅔ · IMPs(+420 − 200 = 220: 6) + ⅓ · IMPs(−50 − 200 = −250: −6) = 4 − 2.
    assert (points(score, 4)[Pair(17)], points(score, 4)[Pair(18)]) == (F(2), F(-2))
    assert points(score, 4)[Pair(1)] == imps(600 - 200) == 9  # figure 18 said 9 at +190


def test_the_weighted_table_enters_the_datum_as_its_weighted_average() -> None:
    weighted = TableResult(4, Pair(17), Pair(18), weighted=TWO_THIRDS)
    at = HOUSTON.score(board_4(weighted), houston_options(trim=0)).datum[4]
    scores = [s for _, _, s in BOARD_4]
    assert at == datum(4, [*scores, F(2, 3) * 420 - F(50, 3)], trim=0, step=10)
    assert at != datum(4, [*scores, 420, -50], trim=0, step=10)  # not as two tables


def test_a_weight_of_one_is_the_played_score_in_houston() -> None:
    played = board([420, 450, 100, -50])
    weighted = board([420, ((F(1), 450),), 100, -50])
    one, other = (HOUSTON.score(f, houston_options()) for f in (played, weighted))
    assert ns_column(one, played) == ns_column(other, weighted)
    assert one.datum == other.datum == {1: 260}  # 420 and 100 kept: 260


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(SCORES, blends()), min_size=3, max_size=9), st.integers(0, 1))
def test_houston_weighted_tables_by_hand(outcomes: list[int | Blend], trim: int) -> None:
    facts = board(outcomes)
    score = HOUSTON.score(facts, houston_options(trim=trim))
    means = [sum((w * s for w, s in as_blend(o)), F(0)) for o in outcomes]
    at = datum(1, means, trim=trim, step=10)
    assert score.datum == {1: at}
    expected = [sum((w * imps(s - at) for w, s in as_blend(o)), F(0)) for o in outcomes]
    assert ns_column(score, facts) == expected
    assert all(s.points_ew == -s.points_ns for s in score.results)


# -- cross-IMPs ----------------------------------------------------------------------------------


def test_cross_imps_with_a_weighted_table() -> None:
    # Tables +420, +170 and (⅔ +420, ⅓ −50).
    # +420: against +170 IMPs(250) = 6; against the blend ⅔·0 + ⅓·IMPs(470) = 10/3.
    # +170: −6; against the blend ⅔·IMPs(−250) + ⅓·IMPs(220) = −4 + 2 = −2.
    # The blend: −10/3 + 2.
    facts = board([420, 170, TWO_THIRDS])
    assert ns_column(CROSS.score(facts, cross_options()), facts) == [
        6 + F(10, 3),
        F(-8),
        F(-10, 3) + 2,
    ]
    averaged = ns_column(CROSS.score(facts, cross_options(average=True)), facts)
    assert averaged == [F(14, 3), F(-4), F(-2, 3)]


def test_two_weighted_tables_meet_score_by_score() -> None:
    # (½ +420, ½ +450) against (⅔ +420, ⅓ −50): ½·⅔·0 + ½·⅓·IMPs(470) + ½·⅔·IMPs(30)
    # + ½·⅓·IMPs(500) = 10/6 + 1/3 + 11/6.
    halves = ((F(1, 2), 420), (F(1, 2), 450))
    facts = board([halves, TWO_THIRDS])
    assert ns_column(CROSS.score(facts, cross_options()), facts) == [F(23, 6), F(-23, 6)]


def test_an_adjusted_table_beside_a_weighted_one() -> None:
    # A+ is +3 IMPs for each of the 3 results it would have met, the blend among them.
    adjusted = TableResult(1, ns(4), ew(4), award_ns=Award.parse("A+"), award_ew=Award.parse("A-"))
    facts = mitchell([table(1, 420), table(2, 170), table(3, TWO_THIRDS), adjusted], 4)
    column = points(CROSS.score(facts, cross_options()), 1)
    assert (column[ns(4)], column[ew(4)]) == (F(9), F(-9))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(SCORES, blends()), min_size=1, max_size=8), st.booleans())
def test_cross_imps_weighted_tables_by_hand(outcomes: list[int | Blend], average: bool) -> None:
    facts = board(outcomes)
    score = CROSS.score(facts, cross_options(average=average))
    parts = [as_blend(o) for o in outcomes]
    others = max(len(parts) - 1, 1) if average else 1
    expected = [
        sum(
            (
                a * b * imps(s - t)
                for j, theirs in enumerate(parts)
                if j != i
                for a, s in mine
                for b, t in theirs
            ),
            F(0),
        )
        / others
        for i, mine in enumerate(parts)
    ]
    assert ns_column(score, facts) == expected
    assert sum(expected) == 0
