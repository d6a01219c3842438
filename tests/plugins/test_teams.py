"""Team scoring against the JCBL manual (part 2 ch. 6, part 3 ch. 4) and by property."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.errors import InvalidInput
from engine.match_reports import MatchResult, round_robin
from engine.teams import MatchBoard, TeamMatch
from plugins.scoring.teams import (
    BamOptions,
    bam_margin_vp,
    bam_vp,
    board_a_match,
    imp_match,
    victory_points,
)
from plugins.scoring.vp_scales import McCallum40, Wbf2013

F = Fraction
SCORES = st.sampled_from([-1430, -800, -620, -420, -100, -50, 0, 50, 110, 140, 420, 600, 1430])
BOARD_SCORES = st.lists(st.tuples(SCORES, SCORES), min_size=1, max_size=12)


def match(home: int, away: int, *boards: tuple[int, int], first: int = 1) -> TeamMatch:
    """A match from (NS score at the home table, NS score at the visitors' table) per board."""
    return TeamMatch(
        home, away, tuple(MatchBoard(first + i, h, a) for i, (h, a) in enumerate(boards))
    )


# Part 2 ch. 6 §2: team A's private score sheets. A's NS pair scored +50, +110, +450, -620
# at home; its EW pair scored -300, +50, -420, +620 at B's table, so B's NS pair there
# scored +300, -50, +420, -620.
MANUAL_IMP_MATCH = match(1, 2, (50, 300), (110, -50), (450, 420), (-620, -620))


# -- IMP matches -----------------------------------------------------------------------------


def test_the_manuals_imp_comparison() -> None:
    scored = imp_match(MANUAL_IMP_MATCH)
    assert [(b.board, b.net, b.imps) for b in scored.boards] == [
        (1, -250, -6),
        (2, 160, 4),
        (3, 30, 1),
        (4, 0, 0),
    ]
    assert (scored.home_imps, scored.away_imps, scored.margin) == (5, 6, -1)


def test_vps_of_an_imp_match() -> None:
    # 4 boards lost by 1 IMP, blitz 15·√4 = 30 IMPs: the winner's 10 + 10·(1 − τ^(3/30)) /
    # (1 − τ³) is 10.614998…, a hair under the half: 10.61 (binary floats are not trusted).
    result = victory_points(imp_match(MANUAL_IMP_MATCH), Wbf2013())
    assert result == MatchResult(1, 2, F("9.39"), F("10.61"))


def test_mccallum_match() -> None:
    # Part 3 ch. 4 §3 with a carry of 40: the home team wins by 10 IMPs → 50–30.
    won = match(5, 6, (620, -100), (-50, 0))  # +720 = 12 IMPs, -50 = 2 IMPs
    assert victory_points(imp_match(won), McCallum40()) == MatchResult(5, 6, F(50), F(30))


@settings(max_examples=200, deadline=None)
@given(BOARD_SCORES)
def test_an_imp_match_seen_from_the_other_side(boards: list[tuple[int, int]]) -> None:
    there = imp_match(match(1, 2, *boards))
    back = imp_match(match(2, 1, *((a, h) for h, a in boards)))
    assert (back.home_imps, back.away_imps) == (there.away_imps, there.home_imps)
    assert there.margin == sum(b.imps for b in there.boards)


def test_a_match_needs_two_teams_and_each_board_once() -> None:
    with pytest.raises(InvalidInput, match="against itself"):
        match(3, 3, (0, 0))
    with pytest.raises(InvalidInput, match="board twice"):
        TeamMatch(1, 2, (MatchBoard(1, 0, 0), MatchBoard(1, 10, 0)))


# -- board-a-match ---------------------------------------------------------------------------

# Part 2 ch. 6 §11-1, the B-a-M report form: team 3 (at home at table 3) v team 1.
# Board 3: at table 3, 2S by N made 2, NS +110; at table 1, 3S by N two off, NS -100.
# Board 4: at table 3, 3S by N made 3, NS +140; at table 1, 3NT by S made 3, NS +600.
REPORT_FORM = match(3, 1, (110, -100), (140, 600), first=3)


def test_the_manuals_report_form() -> None:
    scored = bam_vp(REPORT_FORM, BamOptions())
    # Board 3: team 3 +210, 2 B-a-M points; board 4: team 1 +460, 2 points.
    assert [(b.board, b.net, b.home_points, b.away_points) for b in scored.bam.boards] == [
        (3, 210, 2, 0),
        (4, -460, 0, 2),
    ]
    # Team 1 is 250 up over 2 boards (230-510): 5 VPs to team 1, 1 to team 3.
    assert scored.bam.net == -250
    assert (scored.home_vp, scored.away_vp) == (1, 5)
    # Grand total: team 3 gets 3, team 1 gets 7.
    assert (scored.home_total, scored.away_total) == (3, 7)


def test_plain_board_a_match() -> None:
    scored = board_a_match(REPORT_FORM, BamOptions())
    assert (scored.home_points, scored.away_points) == (2, 2)


@pytest.mark.parametrize(
    ("tie_margin", "points"), [(0, (2, 0, 1)), (10, (1, 0, 1)), (50, (1, 1, 1))]
)
def test_the_tie_margin(tie_margin: int, points: tuple[int, int, int]) -> None:
    boards = match(1, 2, (420, 410), (-50, 0), (100, 100))  # nets +10, -50, 0
    scored = board_a_match(boards, BamOptions(tie_margin=tie_margin))
    assert tuple(b.home_points for b in scored.boards) == points


def test_bad_bam_options_are_refused() -> None:
    with pytest.raises(ValidationError):
        BamOptions.model_validate({"tie_margin": -10})
    with pytest.raises(ValidationError):
        BamOptions.model_validate({"tie": 10})


# The manual's margin table: (lowest, highest) net margin of each row and the winner's VPs.
TWO_BOARDS = [(0, 50, 3), (60, 220, 4), (230, 510, 5), (520, 5000, 6)]
MORE_BOARDS = [(0, 80, 3), (90, 320, 4), (330, 740, 5), (750, 5000, 6)]


@pytest.mark.parametrize(
    ("boards", "low", "high", "winner"),
    [(2, *row) for row in TWO_BOARDS] + [(n, *row) for n in (3, 4, 7) for row in MORE_BOARDS],
)
def test_every_row_of_the_margin_table(boards: int, low: int, high: int, winner: int) -> None:
    for net in range(low, high + 1, 10):
        assert bam_margin_vp(net, boards) == (winner, 6 - winner)
        assert bam_margin_vp(-net, boards) == (6 - winner, winner)


def test_the_margin_table_has_no_one_board_row() -> None:
    with pytest.raises(InvalidInput, match="1 board"):
        bam_vp(match(1, 2, (100, 0)), BamOptions())


@settings(max_examples=200, deadline=None)
@given(BOARD_SCORES.filter(lambda b: len(b) >= 2), st.sampled_from([0, 10, 30]))
def test_every_bam_round_is_worth_the_same(boards: list[tuple[int, int]], tie: int) -> None:
    scored = bam_vp(match(1, 2, *boards), BamOptions(tie_margin=tie))
    assert scored.bam.home_points + scored.bam.away_points == 2 * len(boards)
    assert scored.home_total + scored.away_total == 2 * len(boards) + 6


# -- round robin -----------------------------------------------------------------------------

# Part 2 ch. 6 §6: the manual's cross-table (a 20-0 scale: every match's two VPs add to 20).
CROSS_TABLE = {
    1: (3, 54, [None, 19, 0, 8, 7, 20]),
    2: (5, 44, [1, None, 10, 18, 15, 0]),
    3: (1, 57, [20, 10, None, 4, 6, 17]),
    4: (6, 41, [12, 2, 16, None, 7, 4]),
    5: (2, 56, [13, 5, 14, 13, None, 11]),
    6: (4, 48, [0, 20, 3, 16, 9, None]),
}


def cross_table_results() -> list[MatchResult]:
    results = []
    for team, (_, _, row) in CROSS_TABLE.items():
        for opponent, vp in enumerate(row, start=1):
            if vp is not None and team < opponent:
                theirs = CROSS_TABLE[opponent][2][team - 1]
                assert theirs is not None and vp + theirs == 20
                results.append(MatchResult(team, opponent, F(vp), F(theirs)))
    return results


def test_the_manuals_cross_table() -> None:
    table = round_robin(cross_table_results())
    assert table.teams == (1, 2, 3, 4, 5, 6)
    for row in table.rows:
        rank, total, cells = CROSS_TABLE[row.team]
        assert (row.rank, row.total) == (str(rank), F(total))
        assert row.against == tuple(() if vp is None else (F(vp),) for vp in cells)
    assert [r.team for r in table.standings()] == [3, 5, 1, 6, 2, 4]


def test_equal_totals_share_a_rank() -> None:
    table = round_robin(
        [
            MatchResult(1, 2, F(15), F(5)),
            MatchResult(3, 4, F(15), F(5)),
            MatchResult(1, 3, F(10), F(10)),
            MatchResult(2, 4, F(10), F(10)),
        ],
        teams=[5],
    )
    assert [(r.team, r.rank, r.total) for r in table.standings()] == [
        (1, "1=", F(25)),
        (3, "1=", F(25)),
        (2, "3=", F(15)),
        (4, "3=", F(15)),
        (5, "5", F(0)),
    ]


def test_a_double_round_robin_keeps_both_matches() -> None:
    table = round_robin(
        [
            MatchResult(1, 2, F("12.03"), F("7.97")),
            MatchResult(2, 1, F("10.36"), F("9.64")),
        ]
    )
    one = table.rows[0]
    assert one.against == ((), (F("12.03"), F("9.64")))
    assert one.total == F("21.67")
    assert table.to_json()["rows"][1] == {
        "team": 2,
        "rank": "2",
        "total": "18.33",
        "against": [["7.97", "10.36"], []],
    }


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(0, 20))))
def test_round_robin_totals_add_up(matches: list[tuple[int, int, int]]) -> None:
    results = [MatchResult(a, b, F(vp), F(20 - vp)) for a, b, vp in matches if a != b]
    table = round_robin(results)
    assert sum(r.total for r in table.rows) == 20 * len(results)
    assert all(r.total == sum(sum(cell) for cell in r.against) for r in table.rows)
