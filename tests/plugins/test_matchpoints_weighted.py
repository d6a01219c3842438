"""Weighted assigned scores (law 12C1(c)) in matchpoints.

The convention (ACBL and EBU): the weighted table's pairs get the weighted sum of what
each of its results earns against the other tables; every other table, against the
weighted one, gets the weighted sum of its comparisons with each of those results; two
weighted tables meet result by result, weighted by the product of the weights. Every
two tables still share one matchpoint, so the board keeps its value.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scoring import Award, AwardKind, SectionFacts, TableResult
from tests.plugins.test_matchpoints import MP, SCORES, ew, mitchell, ns, options, points

F = Fraction
Blend = tuple[tuple[Fraction, int], ...]


def table(n: int, outcome: int | Blend, board: int = 1) -> TableResult:
    """NS n v EW n: a played score, or a weighted score."""
    if isinstance(outcome, int):
        return TableResult(board, ns(n), ew(n), outcome)
    return TableResult(board, ns(n), ew(n), weighted=outcome)


def board(outcomes: Sequence[int | Blend], **kw: Any) -> SectionFacts:
    return mitchell([table(n, o) for n, o in enumerate(outcomes, start=1)], len(outcomes), **kw)


def columns(facts: SectionFacts, **kw: Any) -> tuple[list[Fraction], list[Fraction]]:
    column = points(MP.score(facts, options(**kw)), 1)
    return [column[r.ns] for r in facts.results], [column[r.ew] for r in facts.results]


def by_hand(outcomes: Sequence[int | Blend]) -> list[Fraction]:
    """NS matchpoints straight from the convention: every pair of tables, result by result."""
    parts = [((F(1), o),) if isinstance(o, int) else o for o in outcomes]
    return [
        sum(
            (
                a * b * (1 if s > t else F(1, 2) if s == t else 0)
                for j, other in enumerate(parts)
                if j != i
                for a, s in mine
                for b, t in other
            ),
            F(0),
        )
        for i, mine in enumerate(parts)
    ]


TWO_THIRDS = ((F(2, 3), 420), (F(1, 3), -50))
"""⅔ of 4S made (+420) and ⅓ of 4S one off (−50)."""


def test_a_weighted_table_among_three_played_ones() -> None:
    # Tables: 420, (⅔ 420, ⅓ −50), 450, 100; top 3.
    # The weighted table: its 420 ties 420, beats 100 (1½), its −50 beats nothing:
    #   ⅔·1½ + ⅓·0 = 1.
    # The 420 table: against the weighted one ⅔·½ + ⅓·1 = ⅔; beats 100: 1 → 1⅔.
    # The 100 table: beats only the weighted table's −50: ⅓. The 450 table: 3.
    ns_column, ew_column = columns(board([420, TWO_THIRDS, 450, 100]))
    assert ns_column == [F(5, 3), F(1), F(3), F(1, 3)]
    assert ew_column == [F(4, 3), F(2), F(0), F(8, 3)]
    assert sum(ns_column) == 6  # 4·3/2, as without the weighting


def test_a_weight_of_one_is_the_played_score() -> None:
    assert columns(board([420, ((F(1), 450),), 100])) == columns(board([420, 450, 100]))


def test_two_weighted_tables_meet_result_by_result() -> None:
    # (½ 420, ½ 450) against (⅔ 420, ⅓ −50): ½·⅔·½ + ½·⅓·1 + ½·⅔·1 + ½·⅓·1 = ⅚.
    halves = ((F(1, 2), 420), (F(1, 2), 450))
    ns_column, _ = columns(board([halves, TWO_THIRDS]))
    assert ns_column == [F(5, 6), F(1, 6)]


def test_weighted_scores_with_a_neutral_table_and_factoring() -> None:
    # Method 2: the neutral table is ½ for every other; then Neuberg from 4 to 5 tables.
    results = [table(1, TWO_THIRDS), table(2, 420), table(3, 100)]
    results.append(TableResult(1, ns(4), ew(4), neutral=True))
    facts = mitchell(results, 4, expected_plays={1: 5})
    ns_column, ew_column = columns(facts)
    # Among the three: the weighted table 1, 420 1⅔, 100 ⅓ (as in the first test, less
    # the 450). Plus ½ for the neutral table: 1½, 2⅙, ⅚; Neuberg: 2, 2⅚, 1⅙.
    assert ns_column == [F(2), F(17, 6), F(7, 6), F(2)]
    assert all(n + e == 4 for n, e in zip(ns_column, ew_column, strict=True))


def test_a_weighted_score_counts_for_the_pairs_session_average() -> None:
    # NS 1 has (½ 420, ½ 450) on board 1 (1¾ of 2: 87½ %) and A+ on board 2: its
    # average plus is its own 87½ %, not the 60 % of a pair with no scored board.
    plus_minus = Award(AwardKind.AVE_PLUS), Award(AwardKind.AVE_MINUS)
    results = [
        table(1, ((F(1, 2), 420), (F(1, 2), 450))),
        table(2, 420),
        table(3, -50),
        TableResult(2, ns(1), ew(1), award_ns=plus_minus[0], award_ew=plus_minus[1]),
        table(2, 100, board=2),
        table(3, 200, board=2),
    ]
    column = points(MP.score(mitchell(results, 3), options()), 2)
    assert column[ns(1)] == F(7, 4)


def test_a_weighted_table_on_a_fouled_board_is_in_its_version() -> None:
    # Versions {1, 2} and {3, 4}; simple method: ½ per result of the other version.
    facts = board(
        [TWO_THIRDS, 420, 100, 200],
        fouled={1: (frozenset((ns(1), ns(2))), frozenset((ns(3), ns(4))))},
    )
    ns_column, _ = columns(facts, fouled="simple")
    assert ns_column == [F(1, 3) + 1, F(2, 3) + 1, F(1), F(2)]


# -- properties --------------------------------------------------------------------------------

WEIGHTS = st.sampled_from([F(1, 2), F(1, 3), F(2, 3), F(1, 4), F(3, 4), F(1, 5)])


@st.composite
def blends(draw: st.DrawFn) -> Blend:
    """A weighted score of two or three results, weights adding up to 1."""
    scores = draw(st.lists(SCORES, min_size=2, max_size=3, unique=True))
    weights = [draw(WEIGHTS) for _ in scores[1:]]
    rest = 1 - sum(weights, F(0))
    if rest <= 0:
        weights, scores = [F(1, 2)], scores[:2]
        rest = F(1, 2)
    return tuple(zip([rest, *weights], scores, strict=True))


OUTCOMES = st.lists(st.one_of(SCORES, blends()), min_size=1, max_size=10)


@settings(max_examples=200, deadline=None)
@given(OUTCOMES)
def test_every_table_is_scored_as_the_convention_says(outcomes: list[int | Blend]) -> None:
    ns_column, _ = columns(board(outcomes))
    assert ns_column == by_hand(outcomes)


@settings(max_examples=200, deadline=None)
@given(
    OUTCOMES,
    st.integers(0, 2),
    st.integers(0, 2),
    st.sampled_from(["method2", "method1"]),
    st.sampled_from(["american", "european"]),
)
def test_weighting_keeps_the_top_and_the_boards_total(
    outcomes: list[int | Blend], neutrals: int, missing: int, neutral: str, scale: str
) -> None:
    k = len(outcomes) + neutrals
    kw: dict[str, Any] = {"neutral": neutral, "scale": scale}

    def scored(played: Sequence[int | Blend]) -> tuple[Fraction, list[tuple[Fraction, Fraction]]]:
        results = [table(n, o) for n, o in enumerate(played, start=1)]
        results += [
            TableResult(1, ns(n), ew(n), neutral=True) for n in range(len(played) + 1, k + 1)
        ]
        score = MP.score(mitchell(results, k, expected_plays={1: k + missing}), options(**kw))
        return score.tops[1], [(s.points_ns, s.points_ew) for s in score.results]

    top, weighted = scored(outcomes)
    assert all(n + e == top for n, e in weighted)
    # The same board with every weighted table given one of its results instead.
    _, plain = scored([o if isinstance(o, int) else o[0][1] for o in outcomes])
    assert sum(n for n, _ in weighted) == sum(n for n, _ in plain)
