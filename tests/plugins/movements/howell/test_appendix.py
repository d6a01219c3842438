"""Howells with appendix and A/B tables against figure 8 of the JCBL manual, and by property."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily
from engine.seating import Pair
from engine.validator import check
from plugins.movements.howell.appendix import AppendixHowell, AppendixHowellOptions
from plugins.movements.howell.full import Howell
from plugins.movements.howell.short import ThreeQuarterHowell, ThreeQuarterHowellOptions
from tests.plugins.movements.howell.test_full import FIGURE_7

APPENDIX = AppendixHowell()

# Figure 8 exactly as the seed's text extraction gives it: each round's row, then a row
# of the parenthesised appendix pairings. The cells have lost their columns (the
# underlines that marked the appended pairings are gone too), so the tests compare each
# row's entries in order.
FIGURE_8_EXTRACTED = """
1\t12-1\t\t11-6\t\t\t9-5\t3-2\t8-10\t\t7-4\t
\t\t\t\t\t\t\t\t(8-15/16-10)\t(7-13/14-4)\t\t
2\t8-5\t12-2\t\t1-7\t\t\t10-6\t4-3\t9-11\t\t
\t(8-13/14-5)\t\t\t\t\t\t\t(9-15/16-11)\t\t\t
3\t\t9-6\t12-3\t\t2-8\t\t\t11-7\t5-4\t10-1\t
\t\t(9-13/14-6)\t\t\t\t\t\t\t(10-15/16-1)\t\t
4\t11-2\t\t10-7\t12-4\t\t3-9\t\t\t1-8\t6-5\t
\t(11-15/16-2)\t(10-13/14-7)\t\t\t\t\t\t\t\t\t
5\t7-6\t1-3\t\t11-8\t12-5\t\t4-10\t\t\t2-9\t
\t(1-15/16-3)\t(11-13/14-8)\t\t\t\t\t\t\t\t\t
6\t3-10\t8-7\t2-4\t\t1-9\t12-6\t\t5-11\t\t\t
\t\t(2-15/16-4)\t(1-13/14-9)\t\t\t\t\t\t\t\t
7\t4-11\t9-8\t3-5\t\t2-10\t12-7\t\t6-1\t\t\t
\t\t(3-15/16-5)\t(2-13/14-10)\t\t\t\t\t\t\t\t
8\t\t5-1\t10-9\t4-6\t\t3-11\t12-8\t\t7-2\t\t
\t\t\t(4-15/16-6)\t(3-13/14-11)\t\t\t\t\t\t\t
9\t\t6-2\t11-10\t5-7\t\t4-1\t12-9\t\t\t8-3\t
\t\t\t(5-15/16-7)\t(4-13/14-1)\t\t\t\t\t\t\t
10\t9-4\t\t\t7-3\t1-11\t6-8\t\t5-2\t12-10\t\t
\t\t\t\t\t(6-15/16-8)\t(5-13/14-2)\t\t\t\t\t
11\t\t10-5\t\t\t8-4\t2-1\t7-9\t\t6-3\t12-11\t
\t\t\t\t\t\t(7-15/16-9)\t(6-13/14-3)\t\t\t\t
"""


def figure_8() -> Movement:
    """Figure 7 with table 6 split into A/B (pairs 13, 14) and table 5 appended (15, 16)."""
    return APPENDIX.build(8, AppendixHowellOptions(appended=2))


def printed_rows() -> list[tuple[list[str], list[str]]]:
    """(entries of the round's row, its parenthesised notes), round by round."""
    lines = FIGURE_8_EXTRACTED.strip("\n").split("\n")
    rows = []
    for main, notes in zip(lines[::2], lines[1::2], strict=True):
        cells = main.split("\t")[1:]
        rows.append(([c for c in cells if c], re.findall(r"\(([^)]*)\)", notes)))
    return rows


def test_figure_8_appended_pairings_number_for_number() -> None:
    """Each note ``(x-13/14-y)`` reads as ``x-13`` at the transfer table and ``14-y`` at its
    appendix table, on the transfer table's boards; the notes of a round come in the
    order of their board sets."""
    m = figure_8()
    for rnd, (_, notes) in enumerate(printed_rows(), start=1):
        ours = []
        for transfer, appendix in ((6, 7), (5, 8)):
            (t,) = [e for e in m.round(rnd) if e.table == transfer]
            (a,) = [e for e in m.round(rnd) if e.table == appendix]
            assert t.boards == a.boards
            ours.append((t.boards, f"{t.ns}-{t.ew}/{a.ns}-{a.ew}"))
        assert [note for _, note in sorted(ours)] == notes


def test_figure_8_keeps_figure_7_at_every_other_table() -> None:
    """The rows of figure 8 are figure 7's (in order; the extraction moved the columns)."""
    figure_7 = [[c for c in line.split() if c != "."] for line in FIGURE_7.strip().split("\n")]
    howell = Howell().build(6)
    appended = {(e.round, e.table): e for e in figure_8().schedule}
    for rnd, (entries, _) in enumerate(printed_rows(), start=1):
        assert entries == figure_7[rnd - 1]
        for e in howell.round(rnd):
            if e.table < 5:
                assert appended[rnd, e.table] == e


def test_figure_8_relays_and_stationary_pairs() -> None:
    m = figure_8()
    assert m.tables == 8 and m.rounds == 11 and m.boards == tuple(range(1, 23))
    assert {r.tables for r in m.relays} == {(5, 8), (6, 7)}
    assert len(m.relays) == 22
    assert m.stationary == tuple(Pair(p) for p in (12, 13, 14, 15, 16))
    assert m.phantom == Pair(16)
    report = check(m)
    assert report.ok and report.notes == []
    assert set(report.plays.values()) == {8}
    # a transfer table's two moving pairs never meet: difference 3 (table 6) and 2 (table 5)
    never = {(p, q) for p, q in itertools.combinations(range(1, 17), 2)}
    never -= {(p.number, q.number) for p, q in report.meetings}
    moving = {(p, q) for p, q in never if q <= 11}
    assert {min((q - p) % 11, (p - q) % 11) for p, q in moving} == {2, 3}
    assert len(moving) == 22
    assert never - moving == set(itertools.combinations(range(12, 17), 2))


def test_the_ab_tables_for_a_late_13th_pair() -> None:
    """Section 8: 12 pairs, a 13th arrives before round 2: table 6 becomes 6A (table 6)
    and 6B (table 7); the phantom 14 sits at 6B, so 6A plays its boards alone."""
    m = APPENDIX.build(7)
    assert m.tables == 7 and m.rounds == 11
    assert m.phantom == Pair(14)
    six_b = [e for e in m.schedule if e.table == 7]
    assert {e.ns for e in six_b} == {14}
    assert [e.ew for e in six_b] == [4, 5, 6, 7, 8, 9, 10, 11, 1, 2, 3]
    assert [e.ns for e in m.schedule if e.table == 6] == [7, 8, 9, 10, 11, 1, 2, 3, 4, 5, 6]
    report = check(m)
    assert report.plays_without_phantom is not None
    assert set(report.plays_without_phantom.values()) == {6}, "6A plays alone, no relay"


def test_five_tables_of_27_boards_appended_to_six() -> None:
    """Section 9: 6 tables on 11 rounds of 2 are too few boards and 33 too many, so append a
    table to the 5-table Howell: 6 tables, 9 rounds, 27 boards. The JCBL weekly list
    prints it as 6 tables, 3 × 9, stay pairs 10-12."""
    m = APPENDIX.build(6, AppendixHowellOptions(boards_per_round=3))
    assert (m.tables, m.rounds, len(m.boards)) == (6, 9, 27)
    assert m.stationary == (Pair(10), Pair(11), Pair(12))


def test_any_transfer_tables_give_the_same_balance() -> None:
    """Appending keeps every moving pair's NS offsets, so which tables take the appendix
    does not change the comparison figures (checked for 6 tables + 1 and + 2)."""
    for appended in (1, 2):
        figures = {
            check(
                APPENDIX.build(
                    6 + appended, AppendixHowellOptions(appended=appended, transfers=chosen)
                )
            ).comparison_variance
            for chosen in itertools.permutations(range(2, 7), appended)
        }
        assert len(figures) == 1


@pytest.mark.parametrize(("base", "appended"), [(5, 1), (6, 2), (7, 1), (7, 3), (8, 4)])
def test_a_three_quarter_howell_is_as_balanced_without_relays(base: int, appended: int) -> None:
    """The same tables and rounds as a three-quarter Howell: equal comparison balance, but
    the three-quarter Howell shares no boards."""
    tables, rounds = base + appended, 2 * base - 1
    ours = check(APPENDIX.build(tables, AppendixHowellOptions(appended=appended)))
    short = ThreeQuarterHowell().build(tables, ThreeQuarterHowellOptions(rounds=rounds))
    assert check(short).comparison_variance == ours.comparison_variance
    assert short.relays == ()


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_appendix_howell_keeps_the_rules(data: st.DataObject) -> None:
    base = data.draw(st.integers(3, 16), label="base")
    appended = data.draw(st.integers(1, base - 1), label="appended")
    transfers = data.draw(
        st.permutations(range(2, base + 1)).map(lambda p: tuple(p[:appended])), label="transfers"
    )
    m = APPENDIX.build(
        base + appended, AppendixHowellOptions(appended=appended, transfers=transfers)
    )
    report = check(m)
    assert report.ok and report.notes == []
    rounds, moving = 2 * base - 1, range(1, 2 * base)
    assert m.rounds == rounds and set(report.plays.values()) == {base + appended}
    assert max(report.meetings.values()) == 1, "no two pairs meet twice"
    stationary = range(2 * base, 2 * (base + appended) + 1)
    for s in stationary:
        assert report.directions[Pair(s)] in ((rounds, 0), (0, rounds))
        met = {q for pq in report.meetings for q in pq if s in (pq[0].number, pq[1].number)}
        assert met - {Pair(s)} == {Pair(p) for p in moving}, "meets every moving pair"
    for p in moving:
        ns, ew = report.directions[Pair(p)]
        assert abs(ns - ew) <= 1
    assert set(report.sit_outs.values()) == {0}


def test_bad_options_are_explained() -> None:
    with pytest.raises(InvalidMovement, match="tables 2 to 6"):
        APPENDIX.build(7, AppendixHowellOptions(transfers=(1,)))
    with pytest.raises(InvalidMovement, match="different transfer"):
        APPENDIX.build(8, AppendixHowellOptions(appended=2, transfers=(4, 4)))
    with pytest.raises(InvalidMovement, match="3 to 16 tables"):
        APPENDIX.build(4, AppendixHowellOptions(appended=2))


def test_follows_the_movement_family_protocol() -> None:
    assert isinstance(APPENDIX, MovementFamily)
    assert APPENDIX.__doc__ and APPENDIX.Options.__doc__
