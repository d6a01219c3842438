"""Fouled boards in matchpoints: the JCBL manual, appendix 2 §4 and figure 24."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, PluginError
from engine.numbers import round_half_up
from engine.registry import parse_options
from engine.scoring import Award, AwardKind, SectionFacts, TableResult
from plugins.scoring.matchpoints import Matchpoints
from tests.plugins.test_matchpoints import MP, SCORES, ew, mitchell, ns, options, points

F = Fraction


def fouled(
    scores: Sequence[int], groups: Sequence[Sequence[int]], board: int = 1, **kw: Any
) -> SectionFacts:
    """One board played at ``len(scores)`` tables (NS n v EW n), fouled into ``groups``."""
    results = [TableResult(board, ns(n), ew(n), s) for n, s in enumerate(scores, start=1)]
    versions = tuple(frozenset(ns(n) for n in g) for g in groups)
    return mitchell(results, len(scores), fouled={board: versions}, **kw)


def ns_points(facts: SectionFacts, **kw: Any) -> list[Fraction]:
    column = points(MP.score(facts, options(**kw)), facts.results[0].board)
    return [column[r.ns] for r in facts.results]


# -- figure 24: board 17 of section B ----------------------------------------------------------

# Reading of figure 24 (the extracted traveller lost its score columns): NS 1–8 declared
# from N/S and their scores are NS's; NS 9–15 show declarer E or W, so the hands were
# turned and their scores belong in the E-W column (NS −430 …). Only that reading gives
# the printed matchpoints (x = ½): group A 5½ 3½ 2 ½ ½ 5½ 7 3½, group B ½ 3 3 6 5 ½ 3.
FIG24_EW = (8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, 2, 4, 6)
FIG24_NS_SCORES = (430, 400, 180, 150, 150, 430, 460, 400)
FIG24_EW_SCORES = (430, 400, 400, 150, 180, 430, 400)
FIG24 = [
    TableResult(17, ns(n), ew(e), score)
    for n, e, score in zip(
        range(1, 16),
        FIG24_EW,
        (*FIG24_NS_SCORES, *(-s for s in FIG24_EW_SCORES)),
        strict=True,
    )
]
FIG24_GROUPS = {17: (frozenset(ns(n) for n in range(1, 9)), frozenset(ns(n) for n in range(9, 16)))}


def test_figure_24_groups_are_matchpointed_apart() -> None:
    # Each version alone (no fouled declaration): the printed matchpoints column.
    a = mitchell([r for r in FIG24 if r.ns.number <= 8], 15)
    b = mitchell([r for r in FIG24 if r.ns.number > 8], 15)
    assert ns_points(a) == [F(v) for v in ("5.5", "3.5", "2", "0.5", "0.5", "5.5", "7", "3.5")]
    assert ns_points(b) == [F(v) for v in ("0.5", "3", "3", "6", "5", "0.5", "3")]


def test_figure_24_simple_method() -> None:
    # Top 7 in A and 6 in B; A adds half of B's 7 scores (3½), B half of A's 8 (4).
    # Reading of the garbled "修正した mp" block: the corrected matchpoints run three to a
    # line in NS order (9, 7, 5½ / 4, 4, 9 / 10½, 7 / 4½, 7, 7 / 10, 9, 4½ / 7), the "+3x"
    # and "+4" marking where each group's addition starts; the last line's two further
    # "= 7" are extraction debris (there are 15 tables), and the printed total 105 = 15·14/2
    # confirms the fifteen numbers.
    score = MP.score(mitchell(FIG24, 15, fouled=FIG24_GROUPS), options(fouled="simple"))
    column = points(score, 17)
    printed = [9, 7, F(11, 2), 4, 4, 9, F(21, 2), 7, F(9, 2), 7, 7, 10, 9, F(9, 2), 7]
    assert [column[ns(n)] for n in range(1, 16)] == printed
    assert score.tops == {17: 14}
    assert sum(column[ns(n)] for n in range(1, 16)) == 105
    for r in FIG24:
        assert column[r.ns] + column[r.ew] == 14


def test_figure_24_formula_method() -> None:
    # Both groups have 4 or more scores: M = N·Sᵢ/nᵢ + (N − nᵢ)/(2nᵢ) with N = 15, each
    # rounded half up to 2 decimals; EW get the top (14) less NS's.
    score = MP.score(mitchell(FIG24, 15, fouled=FIG24_GROUPS), options())
    column = points(score, 17)
    within = [F(v) for v in ("5.5", "3.5", "2", "0.5", "0.5", "5.5", "7", "3.5")]
    within += [F(v) for v in ("0.5", "3", "3", "6", "5", "0.5", "3")]
    for n, s in enumerate(within, start=1):
        size = 8 if n <= 8 else 7
        m = round_half_up(15 * s / size + F(15 - size, 2 * size))
        assert column[ns(n)] == F(m)
    assert column[ns(7)] == F("13.56")  # 15·7/8 + 7/16 = 13.5625
    assert column[ns(12)] == F("13.43")  # 15·6/7 + 8/14 = 13.428…
    for r in FIG24:
        assert column[r.ns] + column[r.ew] == 14


# -- the formula's worked example: 10 scores, groups of 3 and 7 ----------------------------------


def test_worked_example_three_and_seven() -> None:
    # The group of 3 is the smaller: 50, 60, 70 % of the top 9 = 4.5, 5.4, 6.3 (total 16.2).
    # The group of 7: M = 10·Sᵢ/7 + 3/14 = 0.21 1.64 3.07 4.50 5.93 7.36 8.79 (total 31.50).
    # The note: 16.2 + 31.50 = 47.70 > 45, the usual total of a board of 10 scores.
    facts = fouled([-50, 100, 200, *range(400, 470, 10)], [(1, 2, 3), range(4, 11)])
    column = ns_points(facts)
    assert column[:3] == [F("4.5"), F("5.4"), F("6.3")]
    assert column[3:] == [F(v) for v in ("0.21", "1.64", "3.07", "4.50", "5.93", "7.36", "8.79")]
    assert sum(column[:3]) == F("16.2")
    assert sum(column[3:]) == F("31.50")
    assert sum(column) == F("47.70")
    assert MP.score(facts, options()).tops == {1: 9}


def test_worked_example_east_west() -> None:
    # Each EW pair of the group of 3 ranks the other way (70 % for NS's 50 %), so every
    # pair of a small group averages 60 %; the group of 7's EW get 9 less NS's points.
    facts = fouled([-50, 100, 200, *range(400, 470, 10)], [(1, 2, 3), range(4, 11)])
    column = points(MP.score(facts, options()), 1)
    ew = [column[r.ew] for r in facts.results]
    assert ew[:3] == [F("6.3"), F("5.4"), F("4.5")]
    assert ew[3:] == [9 - F(v) for v in ("0.21", "1.64", "3.07", "4.50", "5.93", "7.36", "8.79")]


# -- the conditions of the formula, as the manual's table of splits lists them -----------------

# The manual's table: for 3 to 10 scores, every split into two groups; a group in
# parentheses is given percentages, the others the formula.
SPLITS = {
    3: ["(1)+(2)"],
    4: ["(1)+3", "(2)+(2)"],
    5: ["(1)+4", "(2)+3"],
    6: ["(1)+5", "(2)+4", "3+3"],
    7: ["(1)+6", "(2)+5", "(3)+4"],
    8: ["(1)+7", "(2)+6", "(3)+5", "4+4"],
    9: ["(1)+8", "(2)+7", "(3)+6", "4+5"],
    10: ["(1)+9", "(2)+8", "(3)+7", "4+6", "5+5"],
}
CASES = [(n, split) for n, splits in SPLITS.items() for split in splits]


@pytest.mark.parametrize(("n", "split"), CASES)
def test_which_groups_use_the_formula(n: int, split: str) -> None:
    sizes = [int(part.strip("()")) for part in split.split("+")]
    assert sum(sizes) == n
    scores = list(range(10, 10 * n + 1, 10))  # all different: no ties
    first = list(range(1, sizes[0] + 1))
    facts = fouled(scores, [first, range(sizes[0] + 1, n + 1)])
    column = ns_points(facts)
    top = n - 1
    start = 0
    for part, size in zip(split.split("+"), sizes, strict=True):
        got = column[start : start + size]
        if part.startswith("("):
            ladder = {1: [60], 2: [55, 65], 3: [50, 60, 70]}[size]
            assert got == [F(top * p, 100) for p in ladder]
        else:
            assert got == [
                F(round_half_up(F(n * s, size) + F(n - size, 2 * size))) for s in range(size)
            ]
        start += size


def test_ties_in_a_small_group_share_the_average_percentage() -> None:
    # Group of 3 with its two best tied: (70 + 60)/2 = 65 % each, the other 50 %.
    # Group of 2 tied: (65 + 55)/2 = 60 % each.
    three = ns_points(fouled([100, 200, 200, *range(300, 370, 10)], [(1, 2, 3), range(4, 11)]))
    assert three[:3] == [F(9 * 50, 100), F(9 * 65, 100), F(9 * 65, 100)]
    two = ns_points(fouled([100, 100, *range(300, 370, 10)], [(1, 2), range(3, 10)]))
    assert two[:2] == [F(8 * 60, 100)] * 2


def test_the_formula_rounds_half_up_at_the_second_decimal() -> None:
    # 7 scores as 3 + 4: the 4 get M = 7·Sᵢ/4 + 3/8 = 0.375 (→ 0.38), 2.125 (→ 2.13), …
    column = ns_points(fouled([10, 20, 30, 40, 50, 60, 70], [(1, 2, 3), (4, 5, 6, 7)]))
    assert column[3:] == [F("0.38"), F("2.13"), F("3.88"), F("5.63")]


def test_european_scale_doubles_before_rounding() -> None:
    american = ns_points(fouled([10, 20, 30, 40, 50, 60, 70], [(1, 2, 3), (4, 5, 6, 7)]))
    european = ns_points(
        fouled([10, 20, 30, 40, 50, 60, 70], [(1, 2, 3), (4, 5, 6, 7)]), scale="european"
    )
    assert european[:3] == [2 * v for v in american[:3]]
    assert european[3:] == [F("0.75"), F("4.25"), F("7.75"), F("11.25")]


def test_three_versions_under_the_simple_method() -> None:
    # Each version adds ½ for every result of the other two: 2 + 3 + 4 scores, top 8.
    column = ns_points(
        fouled([10, 20, 10, 20, 30, 10, 20, 30, 40], [(1, 2), (3, 4, 5), (6, 7, 8, 9)]),
        fouled="simple",
    )
    assert column == [F(v) for v in ("3.5", "4.5", "3", "4", "5", "2.5", "3.5", "4.5", "5.5")]
    assert sum(column) == 36


def test_a_group_of_three_beside_smaller_ones_uses_the_formula() -> None:
    # 1 + 2 + 3: the 3 is the largest group, so the formula (N = 6): M = 2·Sᵢ + ½; the
    # others get 60 % and 55/65 % of the top 5.
    column = ns_points(fouled([10, 10, 20, 10, 20, 30], [(1,), (2, 3), (4, 5, 6)]))
    assert column == [F(3), F("2.75"), F("3.25"), F("0.5"), F("2.5"), F("4.5")]


# -- neutral tables, short boards and the rest of the section --------------------------------


def test_a_neutral_table_is_a_tie_for_every_version_under_method_2() -> None:
    # 3 + 3 played and one neutral table: top 6. Simple: ½ per other result and ½ for the
    # neutral table; the neutral pairs get 3, the average.
    results = [TableResult(1, ns(n), ew(n), s) for n, s in enumerate([10, 20, 30] * 2, start=1)]
    results.append(TableResult(1, ns(7), ew(7), neutral=True))
    versions = (frozenset(ns(n) for n in (1, 2, 3)), frozenset(ns(n) for n in (4, 5, 6)))
    facts = mitchell(results, 7, fouled={1: versions})
    column = ns_points(facts, fouled="simple")
    assert column == [F(2), F(3), F(4), F(2), F(3), F(4), F(3)]
    assert sum(column) == 21
    # The formula (3 + 3, with the neutral table a tie): Neuberg from 4 to 7 tables.
    column = ns_points(facts)
    assert column[:3] == [F("1.25"), F("3"), F("4.75")]


def test_an_artificial_table_is_factored_around_in_every_version() -> None:
    # 3 + 3 played and one table with A/A: top 6. The artificial table is no result for
    # anyone: simple, each result gets ½ per result of the other version (1½, 2½, 3½
    # among six) and Neuberg to seven, (mp + ½)·7/6 − ½; as_neutral, ½ for it too.
    average = Award(AwardKind.AVE)
    results = [TableResult(1, ns(n), ew(n), s) for n, s in enumerate([10, 20, 30] * 2, start=1)]
    results.append(TableResult(1, ns(7), ew(7), award_ns=average, award_ew=average))
    versions = (frozenset(ns(n) for n in (1, 2, 3)), frozenset(ns(n) for n in (4, 5, 6)))
    facts = mitchell(results, 7, fouled={1: versions})
    column = ns_points(facts, fouled="simple")
    assert column == [F(11, 6), F(3), F(25, 6)] * 2 + [F(3)]
    assert ns_points(facts, fouled="simple", artificial="as_neutral")[:3] == [2, 3, 4]
    # The formula: each version of three alone, Neuberg from 3 to 7, to two decimals.
    assert ns_points(facts)[:3] == [F("0.67"), F("3"), F("5.33")]
    assert ns_points(facts, artificial="as_neutral")[:3] == [F("1.25"), F("3"), F("4.75")]


def test_a_short_fouled_board_is_brought_to_the_full_top() -> None:
    # Expected 6 times, played 5 (2 + 3): the formula's N is the 6 results every other
    # board has, so its top is 5 like theirs.
    facts = fouled([10, 20, 10, 20, 30], [(1, 2), (3, 4, 5)], expected_plays={1: 6})
    score = MP.score(facts, options())
    assert score.tops == {1: 5}
    assert ns_points(facts)[2:] == [F("0.5"), F("2.5"), F("4.5")]  # 6·Sᵢ/3 + 3/6


def test_other_boards_are_scored_as_usual() -> None:
    facts = fouled([10, 20, 30, 40], [(1, 2), (3, 4)])
    other = [TableResult(2, r.ns, r.ew, r.score_ns) for r in facts.results]
    both = mitchell([*facts.results, *other], 4, fouled=facts.fouled)
    assert points(MP.score(both, options()), 2) == points(
        MP.score(mitchell(other, 4), options()), 2
    )


def test_a_table_in_no_group_is_refused() -> None:
    facts = fouled([10, 20, 30, 40, 50], [(1, 2), (3, 4)])
    with pytest.raises(InvalidInput, match="Board 1 is fouled, but the table of NS 5 v EW 5"):
        MP.score(facts, options())


def test_the_option_is_checked() -> None:
    assert Matchpoints.Options().fouled == "formula"
    assert parse_options(MP, {"fouled": "simple"}) == options(fouled="simple")
    with pytest.raises(PluginError):
        parse_options(MP, {"fouled": "average"})


# -- properties ---------------------------------------------------------------------------------


@st.composite
def fouled_boards(draw: st.DrawFn) -> tuple[list[int], list[list[int]]]:
    """Scores of one board and a split of its tables into 2 to 4 versions."""
    scores = draw(st.lists(SCORES, min_size=2, max_size=13))
    tables = list(range(1, len(scores) + 1))
    order = draw(st.permutations(tables))
    count = draw(st.integers(2, min(4, len(scores))))
    cuts = sorted(
        draw(st.sets(st.integers(1, len(scores) - 1), min_size=count - 1, max_size=count - 1))
    )
    bounds = [0, *cuts, len(scores)]
    return scores, [list(order[a:b]) for a, b in pairwise(bounds)]


@settings(max_examples=150, deadline=None)
@given(fouled_boards(), st.sampled_from(["american", "european"]))
def test_the_simple_method_keeps_the_boards_value(
    board: tuple[list[int], list[list[int]]], scale: str
) -> None:
    scores, groups = board
    k = len(scores)
    score = MP.score(fouled(scores, groups), options(fouled="simple", scale=scale))
    unit = 2 if scale == "european" else 1
    assert score.tops == {1: unit * (k - 1)}
    assert sum(s.points_ns for s in score.results) == unit * F(k * (k - 1), 2)
    assert all(s.points_ns + s.points_ew == unit * (k - 1) for s in score.results)


@settings(max_examples=150, deadline=None)
@given(fouled_boards())
def test_the_formula_method_gives_each_table_a_share_of_the_top(
    board: tuple[list[int], list[list[int]]],
) -> None:
    # A formula group's table shares the top; a small group's pairs share 120 % of it,
    # each pair between 50 and 70 %. Every number has at most two decimals.
    scores, groups = board
    top = len(scores) - 1
    largest = max(len(g) for g in groups)
    score = MP.score(fouled(scores, groups), options())
    size = {n: len(g) for g in groups for n in g}
    for s in score.results:
        n = size[s.result.ns.number]
        small = n <= 2 or (n == 3 and largest > 3)
        assert s.points_ns + s.points_ew == (F(6, 5) * top if small else top)
        if small:
            assert F(1, 2) * top <= s.points_ns <= F(7, 10) * top
        assert (s.points_ns * 100).denominator == (s.points_ew * 100).denominator == 1
