"""Matchpoints against the JCBL director manual (part 2, chapter 4) and by property."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import InvalidInput, PluginError
from engine.numbers import round_half_up
from engine.registry import ScoringMethod, create_registry, parse_options
from engine.scoring import (
    Award,
    AwardKind,
    ScoringField,
    SectionFacts,
    SectionScore,
    TableResult,
)
from engine.seating import Line, Numbering, Pair
from plugins.scoring.matchpoints import Matchpoints

MP = Matchpoints()
F = Fraction
SCORES = st.sampled_from([-980, -500, -100, -50, 0, 50, 100, 110, 170, 420, 450, 800])


def options(**kw: Any) -> Matchpoints.Options:
    return Matchpoints.Options.model_validate(kw)


def ns(n: int) -> Pair:
    return Pair(n, Line.NS)


def ew(n: int) -> Pair:
    return Pair(n, Line.EW)


def howell(results: Sequence[TableResult], pairs: int, **kw: Any) -> SectionFacts:
    everyone = tuple(Pair(n) for n in range(1, pairs + 1))
    return SectionFacts(Numbering.HOWELL, (ScoringField("ALL", everyone),), tuple(results), **kw)


def mitchell(results: Sequence[TableResult], pairs: int, **kw: Any) -> SectionFacts:
    fields = tuple(
        ScoringField(line.value, tuple(Pair(n, line) for n in range(1, pairs + 1))) for line in Line
    )
    return SectionFacts(Numbering.MITCHELL, fields, tuple(results), **kw)


def points(score: SectionScore, board: int) -> dict[Pair, Fraction]:
    """Every pair's matchpoints on ``board``: the traveller's right-hand column."""
    out: dict[Pair, Fraction] = {}
    for s in score.results:
        if s.result.board == board:
            out[s.result.ns] = s.points_ns
            out[s.result.ew] = s.points_ew
    return out


def halves(*values: str) -> list[Fraction]:
    """Printed matchpoints (``2x`` in the manual is 2½) as exact fractions."""
    return [F(v) for v in values]


# -- figure 15: 6-table Howell, board 9 ------------------------------------------------------------

FIG15 = [
    TableResult(9, Pair(ns_), Pair(ew_), score)
    for ns_, ew_, score in [
        (1, 11, 170),
        (2, 9, 450),
        (5, 6, 800),
        (7, 8, 420),
        (10, 4, 420),
        (12, 3, -50),
    ]
]


def test_figure_15_howell() -> None:
    score = MP.score(howell(FIG15, 12), options())
    column = points(score, 9)
    # The printed column, pairs 1..12.
    printed = halves("1", "4", "5", "2.5", "5", "0", "2.5", "2.5", "1", "2.5", "4", "0")
    assert [column[Pair(n)] for n in range(1, 13)] == printed
    assert score.tops == {9: 5}
    assert sum(s.points_ns for s in score.results) == 15
    assert sum(s.points_ew for s in score.results) == 15
    assert score.totals[Pair(5)].score == 5
    assert score.totals[Pair(5)].maximum == 5
    assert score.totals[Pair(6)].percentage == 0


def test_figure_15_european_scale_doubles() -> None:
    american = MP.score(howell(FIG15, 12), options())
    european = MP.score(howell(FIG15, 12), options(scale="european"))
    assert european.tops == {9: 10}
    assert points(european, 9) == {p: 2 * v for p, v in points(american, 9).items()}
    assert sum(s.points_ns for s in european.results) == 30  # k(k-1) = 6·5


# -- figure 16: Mitchell, board 9 (the printed scores are EW's) ---------------------------------

FIG16 = [
    TableResult(9, ns(n), ew(e), score)
    for n, (e, score) in enumerate(
        [
            (9, -430),
            (2, -420),
            (4, -420),
            (6, -480),
            (8, 50),
            (1, -450),
            (3, -980),
            (5, -450),
            (7, -480),
        ],
        start=1,
    )
]


def test_figure_16_mitchell() -> None:
    score = MP.score(mitchell(FIG16, 10), options())
    column = points(score, 9)
    assert [column[ns(n)] for n in range(1, 10)] == halves(
        "5", "6.5", "6.5", "1.5", "8", "3.5", "0", "3.5", "1.5"
    )
    assert [column[ew(n)] for n in range(1, 10)] == halves(
        "4.5", "1.5", "8", "1.5", "4.5", "6.5", "6.5", "0", "3"
    )
    assert sum(column[ns(n)] for n in range(1, 10)) == 36
    assert sum(column[ew(n)] for n in range(1, 10)) == 36
    # Pair 10 of each line has no result yet: it still has a total.
    for pair in (ns(10), ew(10)):
        total = score.totals[pair]
        assert (total.score, total.raw, total.maximum, total.boards_played) == (F(0), F(0), F(0), 0)


# -- figure 17: a neutral board -----------------------------------------------------------------

FIG17 = [
    TableResult(3, Pair(1), Pair(11), 170),
    TableResult(3, Pair(2), Pair(9), 450),
    TableResult(3, Pair(5), Pair(6), 800),
    TableResult(3, Pair(7), Pair(8), -100),
    TableResult(3, Pair(10), Pair(4), neutral=True),
    TableResult(3, Pair(12), Pair(3), -50),
]


def test_figure_17_neutral_method_2() -> None:
    # The five played results among themselves (top 4) plus ½ for the neutral table;
    # the neutral pairs get the average, 2½. (The print leaves row 11 blank: 5 − 2½.)
    score = MP.score(howell(FIG17, 12), options())
    column = points(score, 3)
    printed = halves(
        "2.5", "3.5", "3.5", "2.5", "4.5", "0.5", "0.5", "4.5", "1.5", "2.5", "2.5", "1.5"
    )
    assert [column[Pair(n)] for n in range(1, 13)] == printed
    assert score.tops == {3: 5}
    assert sum(s.points_ns for s in score.results) == 15
    assert sum(s.points_ew for s in score.results) == 15


def test_figure_17_neutral_method_1_neuberg() -> None:
    # Among five, NS have 2, 3, 4, 0, 1 (170, 450, 800, −100, −50); Neuberg to six results:
    # (mp + ½)·6/5 − ½ = 2.5, 3.7, 4.9, 0.1, 1.3; EW get 5 minus that.
    score = MP.score(howell(FIG17, 12), options(neutral="method1"))
    column = points(score, 3)
    assert [column[Pair(n)] for n in (1, 2, 5, 7, 12)] == halves("2.5", "3.7", "4.9", "0.1", "1.3")
    assert [column[Pair(n)] for n in (11, 9, 6, 8, 3)] == halves("2.5", "1.3", "0.1", "4.9", "3.7")
    assert column[Pair(10)] == column[Pair(4)] == F(5, 2)


@pytest.mark.parametrize("factoring", ["ratio", "none"])
def test_figure_17_neutral_method_1_ratio(factoring: str) -> None:
    # The manual's example: top 4 among five, factored 5/4: 2.5, 3.75, 5, 0, 1.25.
    # With factoring "none" method 1 still has to factor, and uses the ratio.
    score = MP.score(howell(FIG17, 12), options(neutral="method1", factoring=factoring))
    column = points(score, 3)
    assert [column[Pair(n)] for n in (1, 2, 5, 7, 12)] == halves("2.5", "3.75", "5", "0", "1.25")
    assert [column[Pair(n)] for n in (11, 9, 6, 8, 3)] == halves("2.5", "1.25", "0", "5", "3.75")
    assert score.tops == {3: 5}


def test_neutral_pairs_may_get_average_plus() -> None:
    # Pairs 10 and 4 have no other board: their own average counts as 50 %, so 60 % of 5.
    score = MP.score(howell(FIG17, 12), options(neutral_award="ave_plus"))
    column = points(score, 3)
    assert column[Pair(10)] == column[Pair(4)] == 3


# -- factoring a board played fewer times than expected -------------------------------------------

SHORT = [TableResult(1, ns(n), ew(n), s) for n, s in enumerate([100, 200, 200, 300, -50], start=1)]
"""Five results of a board the movement has played six times: mp among five 1, 2½, 2½, 4, 0."""


@pytest.mark.parametrize(
    ("kw", "top", "expected"),
    [
        # (mp + ½)·6/5 − ½
        ({}, 5, halves("1.3", "3.1", "3.1", "4.9", "0.1")),
        # (mp + 1)·6/5 − 1 with european mp 2, 5, 5, 8, 0
        ({"scale": "european"}, 10, halves("2.6", "6.2", "6.2", "9.8", "0.2")),
        # mp · 5/4
        ({"factoring": "ratio"}, 5, halves("1.25", "3.125", "3.125", "5", "0")),
        ({"factoring": "ratio", "scale": "european"}, 10, halves("2.5", "6.25", "6.25", "10", "0")),
        ({"factoring": "none"}, 4, halves("1", "2.5", "2.5", "4", "0")),
    ],
)
def test_factoring_a_short_board(kw: dict[str, Any], top: int, expected: list[Fraction]) -> None:
    score = MP.score(mitchell(SHORT, 6, expected_plays={1: 6}), options(**kw))
    column = points(score, 1)
    assert score.tops == {1: top}
    assert [column[ns(n)] for n in range(1, 6)] == expected
    assert [column[ew(n)] for n in range(1, 6)] == [top - v for v in expected]
    assert sum(expected) == F(5 * top, 2)  # the board's average is kept


def test_factored_board_scores_rounded_per_board_on_request() -> None:
    """``rounding=board``: each factored score rounded half up to 2 decimals (mp × 5/4 on
    a ratio: 3.125 shows 3.13 and EW 1.875 shows 1.88); by default only totals are."""
    exact = MP.score(mitchell(SHORT, 6, expected_plays={1: 6}), options(factoring="ratio"))
    assert points(exact, 1)[ns(2)] == F(25, 8)
    rounded = MP.score(
        mitchell(SHORT, 6, expected_plays={1: 6}), options(factoring="ratio", rounding="board")
    )
    column = points(rounded, 1)
    assert [column[ns(n)] for n in range(1, 6)] == halves("1.25", "3.13", "3.13", "5", "0")
    assert [column[ew(n)] for n in (2, 3)] == halves("1.88", "1.88")


@pytest.mark.parametrize("expected_plays", [{}, {2: 6}])
def test_expected_plays_default_to_the_most_played_board(expected_plays: dict[int, int]) -> None:
    full = [TableResult(2, ns(n), ew(n), 10 * n) for n in range(1, 7)]
    score = MP.score(mitchell(SHORT + full, 6, expected_plays=expected_plays), options())
    assert score.tops == {1: 5, 2: 5}
    assert [points(score, 1)[ns(n)] for n in range(1, 6)] == halves(
        "1.3", "3.1", "3.1", "4.9", "0.1"
    )


SHORT_NEUTRAL = [
    *(TableResult(1, ns(n), ew(n), 100 * n) for n in range(1, 5)),
    TableResult(1, ns(5), ew(5), neutral=True),
]
"""Four results and a neutral table on a board expected six times."""


def test_method_2_then_factoring() -> None:
    # Among four 0, 1, 2, 3; +½ for the neutral table: ½, 1½, 2½, 3½ among five;
    # Neuberg to six: (mp + ½)·6/5 − ½ = 0.7, 1.9, 3.1, 4.3. The neutral pairs get 2½.
    score = MP.score(mitchell(SHORT_NEUTRAL, 6, expected_plays={1: 6}), options())
    column = points(score, 1)
    assert [column[ns(n)] for n in range(1, 6)] == halves("0.7", "1.9", "3.1", "4.3", "2.5")
    assert sum(s.points_ns for s in score.results) == F(25, 2)


def test_method_1_factors_to_the_expected_plays() -> None:
    # Among four 0, 1, 2, 3; Neuberg to six: (mp + ½)·6/4 − ½ = 0.25, 1.75, 3.25, 4.75.
    score = MP.score(mitchell(SHORT_NEUTRAL, 6, expected_plays={1: 6}), options(neutral="method1"))
    column = points(score, 1)
    assert [column[ns(n)] for n in range(1, 5)] == halves("0.25", "1.75", "3.25", "4.75")


# -- adjusted scores ----------------------------------------------------------------------------

PLUS_MINUS = Award(AwardKind.AVE_PLUS), Award(AwardKind.AVE_MINUS)
ADJUSTED = [
    # board 1: NS 3, 2, 1, 0 and EW 0, 1, 2, 3
    *(TableResult(1, ns(n), ew(n), s) for n, s in enumerate([400, 300, 200, 100], start=1)),
    # board 3: NS 2, 3, 1, 0 and EW 1, 0, 2, 3
    *(TableResult(3, ns(n), ew(n), s) for n, s in enumerate([200, 300, 100, -100], start=1)),
    # board 2: two tables get A+ (NS) and A− (EW)
    TableResult(2, ns(1), ew(1), award_ns=PLUS_MINUS[0], award_ew=PLUS_MINUS[1]),
    TableResult(2, ns(2), ew(2), 50),
    TableResult(2, ns(3), ew(3), -50),
    TableResult(2, ns(4), ew(4), award_ns=PLUS_MINUS[0], award_ew=PLUS_MINUS[1]),
]


def test_average_plus_and_minus_use_the_session_average() -> None:
    # Played boards (top 3 each): NS 1 5/6 = 83⅓ %, EW 1 1/6 = 16⅔ %, NS 4 0 %, EW 4 100 %.
    # A+ = max(own, 60 %), A− = min(own, 40 %): NS 1 2.5, EW 1 0.5, NS 4 1.8, EW 4 1.2.
    score = MP.score(mitchell(ADJUSTED, 4), options())
    column = points(score, 2)
    assert [column[p] for p in (ns(1), ew(1), ns(4), ew(4))] == halves("2.5", "0.5", "1.8", "1.2")
    # The artificial tables are not results for the other two (1 and 0 between them),
    # who are factored up to the full top (Neuberg from 2 to 4): (mp + ½)·2 − ½.
    assert [column[p] for p in (ns(2), ns(3), ew(2), ew(3))] == halves("2.5", "0.5", "0.5", "2.5")
    total = score.totals[ns(1)]
    assert (total.raw, total.maximum, total.percentage) == (F(15, 2), F(9), F(250, 3))


def test_artificial_tables_may_be_ties_as_neutral_ones() -> None:
    # artificial=as_neutral (before version 1.1, the default): under method 2 each
    # artificial table is a tie for the others, 1 + 1 and 0 + 1; the awards are the same.
    score = MP.score(mitchell(ADJUSTED, 4), options(artificial="as_neutral"))
    column = points(score, 2)
    assert [column[p] for p in (ns(2), ns(3), ew(2), ew(3))] == halves("2", "1", "1", "2")
    assert [column[p] for p in (ns(1), ew(1), ns(4), ew(4))] == halves("2.5", "0.5", "1.8", "1.2")


def test_average_plus_and_minus_without_the_session_average() -> None:
    score = MP.score(mitchell(ADJUSTED, 4), options(session_average=False))
    column = points(score, 2)
    assert [column[p] for p in (ns(1), ew(1), ns(4), ew(4))] == halves("1.8", "1.2", "1.8", "1.2")


def test_average_plus_and_minus_with_other_percentages() -> None:
    opts = options(session_average=False, average_plus=70, average_minus=30)
    column = points(MP.score(mitchell(ADJUSTED, 4), opts), 2)
    assert [column[p] for p in (ns(1), ew(1))] == halves("2.1", "0.9")


FIXED = [
    TableResult(1, ns(1), ew(1), award_ns=Award(AwardKind.AVE), award_ew=Award.parse("A60")),
    TableResult(1, ns(2), ew(2), 100),
    TableResult(1, ns(3), ew(3), 0),
]


def test_fixed_adjusted_scores() -> None:
    # Top 2: A = 1, A60 = 1.2. The two played results among themselves 1 and 0, factored
    # (Neuberg to three): 1.75 and 0.25.
    column = points(MP.score(mitchell(FIXED, 3), options()), 1)
    assert [column[p] for p in (ns(1), ew(1), ns(2), ns(3))] == halves("1", "1.2", "1.75", "0.25")
    assert [column[p] for p in (ew(2), ew(3))] == halves("0.25", "1.75")


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        # factored whatever the neutral method
        ({"neutral": "method1"}, halves("1.75", "0.25")),
        ({"factoring": "ratio"}, halves("2", "0")),  # 1·2/1 and 0
        ({"factoring": "none"}, halves("2", "0")),  # factoring still, by the ratio
        # as a neutral table: method 2's ½ each, method 1's factoring
        ({"artificial": "as_neutral"}, halves("1.5", "0.5")),
        ({"artificial": "as_neutral", "neutral": "method1"}, halves("1.75", "0.25")),
    ],
)
def test_the_others_around_an_artificial_table(kw: dict[str, Any], expected: list[F]) -> None:
    column = points(MP.score(mitchell(FIXED, 3), options(**kw)), 1)
    assert [column[p] for p in (ns(2), ns(3))] == expected
    assert column[ns(1)] == 1 and column[ew(1)] == F(6, 5)


def test_neutral_and_artificial_tables_on_one_board() -> None:
    # Four played results (NS 100…400: 0, 1, 2, 3 among themselves), a neutral table and
    # an artificial one on a board of six. Method 2: ½ each for the neutral table (½, 1½,
    # 2½, 3½ among five), then Neuberg from five to six for the artificial one.
    results = [
        *(TableResult(1, ns(n), ew(n), 100 * n) for n in range(1, 5)),
        TableResult(1, ns(5), ew(5), neutral=True),
        TableResult(1, ns(6), ew(6), award_ns=PLUS_MINUS[0], award_ew=PLUS_MINUS[1]),
    ]
    column = points(MP.score(mitchell(results, 6), options()), 1)
    assert [column[ns(n)] for n in range(1, 6)] == halves("0.7", "1.9", "3.1", "4.3", "2.5")
    # Pair 6 of each line has no other board: the session average is 50 %, so 60 % / 40 %.
    assert (column[ns(6)], column[ew(6)]) == (F(3), F(2))


@pytest.mark.parametrize(
    "result",
    [
        TableResult(1, ns(1), ew(1)),
        TableResult(1, ns(1), ew(1), 100, neutral=True),
        TableResult(1, ns(1), ew(1), award_ns=Award(AwardKind.AVE)),
        TableResult(1, ns(1), ew(1), neutral=True, award_ns=PLUS_MINUS[0], award_ew=PLUS_MINUS[1]),
    ],
)
def test_a_result_must_be_exactly_one_thing(result: TableResult) -> None:
    with pytest.raises(InvalidInput, match="Board 1, NS 1 v EW 1"):
        MP.score(mitchell([result], 1), options())


# -- totals ------------------------------------------------------------------------------------

TEN_BOARDS = [
    *(TableResult(b, Pair(1), Pair(2), 100) for b in range(1, 11)),
    TableResult(1, Pair(3), Pair(4), 100),
    *(TableResult(b, Pair(3), Pair(4), 0) for b in range(2, 10)),
]
"""Pairs 1 and 2 play ten boards, 3 and 4 nine; pair 5 has not played yet."""


def test_total_factoring_ten_ninths() -> None:
    # Pair 4: ½ on board 1 and 1 on boards 2–9, 8½ of 9; factored 10/9 = 85/9 = 9.44.
    # Board 10 was played once of twice: Neuberg gives its one result the average, ½.
    score = MP.score(howell(TEN_BOARDS, 5), options())
    four = score.totals[Pair(4)]
    assert (four.raw, four.score, four.maximum, four.boards_played) == (F(17, 2), F(85, 9), F(9), 9)
    assert round_half_up(four.score) == Decimal("9.44")
    one = score.totals[Pair(1)]
    assert (one.raw, one.score, one.maximum, one.boards_played) == (F(9), F(9), F(10), 10)
    assert score.totals[Pair(3)].score == F(5, 9)
    assert score.totals[Pair(5)].boards_played == 0


def test_total_factoring_can_be_turned_off() -> None:
    score = MP.score(howell(TEN_BOARDS, 5), options(total_factoring=False))
    assert score.totals[Pair(4)].score == F(17, 2)


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (F(249, 200), 2, "1.25"),  # 1.245 exactly: half up
        (F(1244999, 1000000), 2, "1.24"),
        (F(1, 8), 2, "0.13"),
        (F(85, 9), 2, "9.44"),
        (F(2, 3), 2, "0.67"),
        (F(-249, 200), 2, "-1.25"),  # away from zero
        (F(5, 2), 0, "3"),
        (F(3), 2, "3.00"),
    ],
)
def test_round_half_up(value: Fraction, places: int, shown: str) -> None:
    rounded = round_half_up(value, places)
    assert str(rounded) == shown
    assert rounded == Decimal(shown)


# -- the plugin --------------------------------------------------------------------------------


def test_loads_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVELLER_PLUGINS", "matchpoints")
    registry = create_registry()
    method = registry.scoring("matchpoints")
    assert isinstance(method, Matchpoints)
    assert isinstance(method, ScoringMethod)
    assert registry.scoring("MP") is registry.scoring("matchpoint") is method
    assert (method.name, method.version) == ("matchpoints", "1.1")
    opts = parse_options(method, {"scale": "european"})
    assert method.score(howell(FIG15, 12), opts).tops == {9: 10}


@pytest.mark.parametrize("bad", [{"scale": "metric"}, {"factor": "neuberg"}, {"average_plus": 101}])
def test_bad_options_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(PluginError):
        parse_options(MP, bad)


def test_every_result_is_scored_in_order() -> None:
    facts = howell(FIG17, 12)
    score = MP.score(facts, options())
    assert tuple(s.result for s in score.results) == facts.results
    assert (score.method, score.version, score.higher_is_better) == ("matchpoints", "1.1", True)


# -- properties --------------------------------------------------------------------------------


def one_board(scores: Sequence[int], neutrals: int = 0) -> list[TableResult]:
    played = [TableResult(1, ns(n), ew(n), s) for n, s in enumerate(scores, start=1)]
    return played + [
        TableResult(1, ns(n), ew(n), neutral=True)
        for n in range(len(scores) + 1, len(scores) + neutrals + 1)
    ]


@given(st.lists(SCORES, min_size=1, max_size=13))
def test_matchpoints_sum_to_k_choose_2(scores: list[int]) -> None:
    k = len(scores)
    facts = mitchell(one_board(scores), k)
    for scale, unit in (("american", 1), ("european", 2)):
        score = MP.score(facts, options(scale=scale))
        assert sum(s.points_ns for s in score.results) == unit * F(k * (k - 1), 2)
        assert sum(s.points_ew for s in score.results) == unit * F(k * (k - 1), 2)


@given(
    st.lists(SCORES, min_size=1, max_size=12),
    st.integers(1, 6),
    st.sampled_from(["neuberg", "ratio"]),
    st.sampled_from(["american", "european"]),
)
def test_factored_board_keeps_its_value(
    scores: list[int], missing: int, factoring: str, scale: str
) -> None:
    k = len(scores)
    facts = mitchell(one_board(scores), k, expected_plays={1: k + missing})
    score = MP.score(facts, options(factoring=factoring, scale=scale))
    top = score.tops[1]
    assert top == (2 if scale == "european" else 1) * (k + missing - 1)
    assert sum(s.points_ns + s.points_ew for s in score.results) == k * top
    assert sum(s.points_ns for s in score.results) == k * top / 2
    assert all(0 <= s.points_ns <= top for s in score.results)


@given(st.lists(SCORES, min_size=1, max_size=10), st.integers(1, 3))
def test_method_2_neutral_board_totals_fit(scores: list[int], neutrals: int) -> None:
    tables = len(scores) + neutrals
    score = MP.score(mitchell(one_board(scores, neutrals), tables), options())
    assert score.tops == {1: tables - 1}
    assert sum(s.points_ns for s in score.results) == F(tables * (tables - 1), 2)
    assert sum(s.points_ew for s in score.results) == F(tables * (tables - 1), 2)


@given(st.lists(SCORES, min_size=1, max_size=10), st.integers(1, 3))
def test_method_1_keeps_the_average_of_the_others(scores: list[int], neutrals: int) -> None:
    tables = len(scores) + neutrals
    score = MP.score(mitchell(one_board(scores, neutrals), tables), options(neutral="method1"))
    played = [s for s in score.results if s.result.played]
    assert sum(s.points_ns for s in played) == F(len(scores) * (tables - 1), 2)


@given(st.data())
def test_relabelling_pairs_changes_nothing(data: st.DataObject) -> None:
    scores = data.draw(st.lists(SCORES, min_size=1, max_size=8), label="scores")
    pairs = 2 * len(scores)
    relabel = data.draw(st.permutations(range(1, pairs + 1)), label="relabel")
    results = [
        TableResult(b, Pair(2 * t + 1), Pair(2 * t + 2), s + 10 * b)
        for b in (1, 2)
        for t, s in enumerate(scores)
    ]

    def renamed(p: Pair) -> Pair:
        return Pair(relabel[p.number - 1])

    moved = [TableResult(r.board, renamed(r.ns), renamed(r.ew), r.score_ns) for r in results]
    before = MP.score(howell(results, pairs), options())
    after = MP.score(howell(moved, pairs), options())
    assert [(s.points_ns, s.points_ew) for s in before.results] == [
        (s.points_ns, s.points_ew) for s in after.results
    ]
    assert {renamed(p): t.score for p, t in before.totals.items()} == {
        p: t.score for p, t in after.totals.items()
    }


AWARDS = st.sampled_from(
    [Award(AwardKind.AVE_PLUS), Award(AwardKind.AVE), Award(AwardKind.AVE_MINUS)]
    + [Award(AwardKind.PERCENT, p) for p in (40, 50, 60, 70)]
)


def percent(award: Award) -> int:
    """An award's percentage for a pair with no other board (its own average is 50 %)."""
    fixed = {AwardKind.AVE_PLUS: 60, AwardKind.AVE: 50, AwardKind.AVE_MINUS: 40}
    found = fixed.get(award.kind, award.percent)
    assert found is not None
    return found


def with_artificial(
    scores: Sequence[int], neutrals: int, awards: Sequence[tuple[Award, Award]]
) -> list[TableResult]:
    """One board: the played ``scores``, then ``neutrals`` neutral tables, then a table
    for each pair of ``awards`` (NS, EW)."""
    results = one_board(scores, neutrals)
    first = len(results) + 1
    return results + [
        TableResult(1, ns(n), ew(n), award_ns=a, award_ew=b)
        for n, (a, b) in enumerate(awards, start=first)
    ]


@given(
    st.lists(SCORES, min_size=1, max_size=10),
    st.integers(0, 2),
    st.lists(st.tuples(AWARDS, AWARDS), min_size=1, max_size=3),
    st.integers(0, 2),
    st.sampled_from(["neuberg", "ratio", "none"]),
    st.sampled_from(["american", "european"]),
)
def test_artificial_tables_are_factored_around(
    scores: list[int],
    neutrals: int,
    awards: list[tuple[Award, Award]],
    missing: int,
    factoring: str,
    scale: str,
) -> None:
    """The invariant of a board with n results, t neutral tables (method 2) and artificial
    tables, T results expected (T is the tables at the board when factoring is none):

    - the top is (T − 1)·unit, and every result's and neutral table's NS + EW is the top;
    - the n results' NS matchpoints sum to n·top/2, and so do their EW: exactly what n
      results share at the full top — the artificial tables are factored around, they
      take no matchpoints from the others and give them none;
    - the neutral pairs get the average, so results and neutral tables together share
      (n + t)·top/2 a direction, the fixed total of that many tables;
    - the artificial tables' points are their awards' percentages of the top, whatever
      the others scored: the board's total is the fixed total only when they are 50 %.
    """
    n, tables = len(scores), len(scores) + neutrals + len(awards)
    facts = mitchell(
        with_artificial(scores, neutrals, awards), tables, expected_plays={1: tables + missing}
    )
    score = MP.score(facts, options(factoring=factoring, scale=scale))
    unit = 2 if scale == "european" else 1
    target = tables if factoring == "none" else tables + missing
    top = score.tops[1]
    assert top == unit * (target - 1)
    compared = [s for s in score.results if s.result.played]
    neutral = [s for s in score.results if s.result.neutral]
    assert all(s.points_ns + s.points_ew == top for s in compared + neutral)
    assert sum(s.points_ns for s in compared) == sum(s.points_ew for s in compared) == n * top / 2
    assert all(s.points_ns == s.points_ew == top / 2 for s in neutral)
    for s, (a, b) in zip(score.results[n + neutrals :], awards, strict=True):
        assert (s.points_ns, s.points_ew) == (top * percent(a) / 100, top * percent(b) / 100)


@given(
    st.lists(SCORES, min_size=1, max_size=10),
    st.integers(1, 3),
    st.sampled_from(["neuberg", "ratio"]),
    st.sampled_from(["method2", "method1"]),
)
def test_an_artificial_table_is_no_result_for_the_others(
    scores: list[int], artificial: int, factoring: str, neutral: str
) -> None:
    # The results score as on a board where the artificial tables were never played.
    tables = len(scores) + artificial
    kw = {"factoring": factoring, "neutral": neutral}
    awards = [(Award(AwardKind.AVE_PLUS), Award(AwardKind.AVE_MINUS))] * artificial
    adjusted = MP.score(
        mitchell(with_artificial(scores, 0, awards), tables, expected_plays={1: tables}),
        options(**kw),
    )
    absent = MP.score(
        mitchell(one_board(scores), tables, expected_plays={1: tables}), options(**kw)
    )
    assert [(s.points_ns, s.points_ew) for s in adjusted.results[: len(scores)]] == [
        (s.points_ns, s.points_ew) for s in absent.results
    ]


@given(st.lists(SCORES, min_size=1, max_size=10), st.integers(1, 3))
def test_average_for_both_keeps_the_fixed_total(scores: list[int], artificial: int) -> None:
    # Every artificial table A/A: each direction's matchpoints sum to k(k − 1)/2.
    k = len(scores) + artificial
    average = Award(AwardKind.AVE)
    facts = mitchell(with_artificial(scores, 0, [(average, average)] * artificial), k)
    score = MP.score(facts, options())
    assert sum(s.points_ns for s in score.results) == F(k * (k - 1), 2)
    assert sum(s.points_ew for s in score.results) == F(k * (k - 1), 2)
