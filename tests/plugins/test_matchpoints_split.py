"""Split assigned scores in matchpoints: each side of a table given its own result (law 12C).

The convention (the EBU's, and the JCBL manual's "the two sides' scores need not
balance"): on a board the NS pairs compete with each other and the EW pairs with each
other. The split table's NS pair is matchpointed with its NS result, and the other NS
pairs are compared with that result; its EW pair with its EW result, and the other EW
pairs with that one. Each direction shares the matchpoints it always does; the two
sides of one table need not add up to the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput
from engine.scoring import Award, AwardKind, SectionFacts, Split, TableResult
from tests.plugins.test_matchpoints import MP, SCORES, ew, halves, mitchell, ns, options, points
from tests.plugins.test_matchpoints_weighted import Blend, blends

F = Fraction
Side = int | Blend


def table(n: int, outcome: Side | Split, board: int = 1) -> TableResult:
    """NS n v EW n: a played score, an assigned (weighted) score, or a split one."""
    if isinstance(outcome, Split):
        return TableResult(
            board, ns(n), ew(n), weighted=blend(outcome.ns), split_ew=blend(outcome.ew)
        )
    if isinstance(outcome, int):
        return TableResult(board, ns(n), ew(n), outcome)
    return TableResult(board, ns(n), ew(n), weighted=outcome)


def blend(side: Side) -> Blend:
    """One result of weight 1, or a blend as it is."""
    return ((F(1), side),) if isinstance(side, int) else side


# -- a worked board -----------------------------------------------------------------------------

# Table 1 was given NS +420 (4S made) and EW −450 (NS +450, 4S with an overtrick); the
# others played +450, +420 and +100. Top 3.
WORKED = [table(1, Split(420, 450)), table(2, 450), table(3, 420), table(4, 100)]


def test_each_direction_is_compared_with_its_own_result() -> None:
    column = points(MP.score(mitchell(WORKED, 4), options()), 1)
    # NS pairs see 420 at table 1: 420 ½ + 1 = 1½, 450 3, 420 1½, 100 0.
    assert [column[ns(n)] for n in range(1, 5)] == halves("1.5", "3", "1.5", "0")
    # EW pairs see 450 at table 1: NS-wise 2½, 2½, 1, 0, so EW ½, ½, 2, 3.
    assert [column[ew(n)] for n in range(1, 5)] == halves("0.5", "0.5", "2", "3")
    # Each direction shares 4·3/2 = 6; table 1's two sides add up to 2, not 3.
    assert sum(column[ns(n)] for n in range(1, 5)) == sum(column[ew(n)] for n in range(1, 5)) == 6
    assert column[ns(1)] + column[ew(1)] == 2


def test_a_split_table_can_favour_both_sides() -> None:
    # NS given +450 and EW given −420 (each the better result): NS 1 ties the 450 (2½),
    # EW 1 sees 420 (NS-wise 1½, so 1½ for EW). Together 4 of a top of 3.
    column = points(MP.score(mitchell([table(1, Split(450, 420)), *WORKED[1:]], 4), options()), 1)
    assert (column[ns(1)], column[ew(1)]) == (F(5, 2), F(3, 2))


def test_a_split_table_of_weighted_results() -> None:
    # NS get ⅔ of +420 and ⅓ of −50; EW get −450. NS 1 against 450, 420, 100:
    # ⅔·(½ + 1) + ⅓·0 = 1; EW 1 as in the worked board, ½.
    facts = mitchell([table(1, Split(((F(2, 3), 420), (F(1, 3), -50)), 450)), *WORKED[1:]], 4)
    column = points(MP.score(facts, options()), 1)
    assert (column[ns(1)], column[ew(1)]) == (F(1), F(1, 2))
    # NS 4 (+100) beats the −50 a third of the time.
    assert column[ns(4)] == F(1, 3)


def test_a_split_table_with_factoring_and_a_neutral_table() -> None:
    # Six expected; the worked board plus a neutral table: ½ each (method 2), then
    # Neuberg from five to six, (mp + ½)·6/5 − ½. NS 1: 1½ + ½ = 2, so 2.5. EW 1 sees
    # 450: NS-wise 2½ + ½ = 3, so 3.7, and EW 1 gets 5 − 3.7 = 1.3.
    results = [*WORKED, TableResult(1, ns(5), ew(5), neutral=True)]
    score = MP.score(mitchell(results, 5, expected_plays={1: 6}), options())
    column = points(score, 1)
    assert score.tops == {1: 5}
    assert (column[ns(1)], column[ew(1)]) == (F("2.5"), F("1.3"))


def test_a_split_table_counts_for_the_pairs_session_average() -> None:
    # NS 1 scores 1½ of 3 on board 1 (50 %) by its split score; on board 2 (three results
    # of four expected, top 3) it has A+, the greater of 60 % and its own 50 %: 1.8.
    plus_minus = Award(AwardKind.AVE_PLUS), Award(AwardKind.AVE_MINUS)
    results = [
        *WORKED,
        TableResult(2, ns(1), ew(1), award_ns=plus_minus[0], award_ew=plus_minus[1]),
        table(2, 100, board=2),
        table(3, 200, board=2),
    ]
    column = points(MP.score(mitchell(results, 4), options()), 2)
    assert column[ns(1)] == F(9, 5)
    # EW 1 has ½ of 3 on board 1 (16⅔ %): its A− is the smaller, 16⅔ % of 3.
    assert column[ew(1)] == F(1, 2)


def test_a_split_table_on_a_fouled_board_is_in_its_version() -> None:
    # Versions {1, 2} and {3, 4}; simple method: ½ per result of the other version.
    # NS 1 (420) loses to 450 in its version: 0 + 1; EW 1 (sees 450) ties: ½ + 1.
    facts = mitchell(WORKED, 4, fouled={1: (frozenset((ns(1), ns(2))), frozenset((ns(3), ns(4))))})
    column = points(MP.score(facts, options(fouled="simple")), 1)
    assert [column[ns(n)] for n in range(1, 5)] == halves("1", "2", "2", "1")
    assert [column[ew(n)] for n in range(1, 5)] == halves("1.5", "1.5", "1", "2")


def test_a_split_outcome_is_only_for_a_method_that_asks_for_it() -> None:
    fact = WORKED[0]
    average = Award(AwardKind.AVE)
    assert fact.outcome(average, weighted=True, split=True) == Split(420, 450)
    assert fact.split
    for ask in ({}, {"weighted": True}):
        with pytest.raises(InvalidInput, match="split assigned score"):
            fact.outcome(average, **ask)


@pytest.mark.parametrize(
    "fact",
    [
        TableResult(1, ns(1), ew(1), 420, split_ew=((F(1), 450),)),
        TableResult(1, ns(1), ew(1), neutral=True, split_ew=((F(1), 450),)),
        TableResult(1, ns(1), ew(1), split_ew=((F(1), 450),)),
    ],
)
def test_a_split_needs_an_assigned_ns_side(fact: TableResult) -> None:
    with pytest.raises(InvalidInput, match="not one score"):
        fact.outcome(Award(AwardKind.AVE), weighted=True, split=True)


# -- properties --------------------------------------------------------------------------------

SIDES = st.one_of(SCORES, blends())


@st.composite
def boards(draw: st.DrawFn) -> list[Side | Split]:
    """A board's outcomes: played, weighted and split tables, one split at least."""
    outcomes: list[Side | Split] = list(draw(st.lists(SIDES, min_size=0, max_size=8)))
    splits = draw(st.lists(st.builds(Split, SIDES, SIDES), min_size=1, max_size=3))
    for both in splits:
        outcomes.insert(draw(st.integers(0, len(outcomes))), both)
    return outcomes


def facts_of(outcomes: Sequence[Side | Split], neutrals: int, missing: int) -> SectionFacts:
    results = [table(n, o) for n, o in enumerate(outcomes, start=1)]
    k = len(results) + neutrals
    results += [TableResult(1, ns(n), ew(n), neutral=True) for n in range(len(outcomes) + 1, k + 1)]
    return mitchell(results, k, expected_plays={1: k + missing})


def one_side(outcomes: Sequence[Side | Split], ew_side: bool) -> list[Side]:
    """The board with each split table given one side's result (NS's, or EW's)."""
    return [(o.ew if ew_side else o.ns) if isinstance(o, Split) else o for o in outcomes]


@settings(max_examples=200, deadline=None)
@given(
    boards(),
    st.integers(0, 2),
    st.integers(0, 2),
    st.sampled_from(["method2", "method1"]),
    st.sampled_from(["american", "european"]),
)
def test_each_direction_scores_as_on_a_board_of_its_own_results(
    outcomes: list[Side | Split], neutrals: int, missing: int, neutral: str, scale: str
) -> None:
    """The NS column is the NS column of the board with every split table given its NS
    result; the EW column that of the board with every split table given its EW result.
    So each direction's matchpoints add up as on any board: n·top/2 for n results."""
    kw: dict[str, Any] = {"neutral": neutral, "scale": scale}
    score = MP.score(facts_of(outcomes, neutrals, missing), options(**kw))
    as_ns = MP.score(facts_of(one_side(outcomes, ew_side=False), neutrals, missing), options(**kw))
    as_ew = MP.score(facts_of(one_side(outcomes, ew_side=True), neutrals, missing), options(**kw))
    assert [s.points_ns for s in score.results] == [s.points_ns for s in as_ns.results]
    assert [s.points_ew for s in score.results] == [s.points_ew for s in as_ew.results]
    top, n = score.tops[1], len(outcomes)
    compared = score.results[:n]
    assert sum(s.points_ns for s in compared) == sum(s.points_ew for s in compared) == n * top / 2
