"""Appendix Mitchell against JCBL figure 12, the guide's rules and JCBL's lists."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell.appendix import AppendixMitchell, AppendixOptions
from plugins.movements.mitchell.printed_sheets import APPENDIX_9_TABLES

APPENDIX = AppendixMitchell()


def options(**given: object) -> AppendixOptions:
    return AppendixOptions.model_validate(given)


# Figure 12 (7-table base, tables 8-10 appended, 20 pairs) exactly as the seed's text
# extraction gives it: one line a round, cells separated by " | ". Rows 1-3 and 6-7 carry
# "table)" prefixes but the extraction packed the two tables of each cell into the wrong
# columns; rows 4 and 5 have no prefixes and keep their columns (board sets 1-7).
FIGURE_12 = """
1) 1-1 8) 8-8 | 2) 2-2 9) 9-9 | 3) 3-3 10) 10-10 | 4) 4-4 5) 5-5 | 6) 6-6 7) 7-7 | |
7) 5-6 8) 8-7 | 1) 6-1 9) 9-8 | 2) 7-2 10) 10-9 | 3) 1-3 4) 2-10 | 5) 3-4 6) 4-5 | |
6) 2-4 8) 8-6 | 7) 3-5 9) 9-7 | 1) 4-1 10) 10-8 | 2) 5-2 3) 6-3 | 4) 7-9 5) 1-10 | |
6-9 | 7-3 | 1-4 | 2-1 8-5 | 3-2 9-6 | 4-3 10-7 | 5-8
3-7 | 4-10 | 5-9 | 6-10 | 7-1 8-4 | 1-2 9-5 | 2-3 10-6
7-3 10-5 | 1-6 | 2-7 | 3-8 | 4-9 5-1 | 6-2 8-10 | 9-4
4-2 9-10 | 5-3 10-4 | 6-5 | 7-6 | 1-7 2-8 | 3-1 8-9 |
"""

# Two entries cannot be right: in round 4 "7-3" (EW 3 stays at table 3 and plays NS 4
# there that round) and in round 5 "4-10" (EW 10 is also in "6-10"). Every rule of §6
# (NS 1-7 up two tables in the base, EW 4-10 up one through tables 4-10, NS 8-10 and
# EW 1-3 stationary) gives 7-10 and 4-8, the only NS-EW pairs the row lacks.
MISREAD = {(4, "7-3"): "7-10", (5, "4-10"): "4-8"}


def figure_12() -> list[list[list[tuple[int | None, str]]]]:
    """Rounds → cells → (printed table or None, "NS-EW")."""
    rows = []
    for line in FIGURE_12.strip().splitlines():
        cells = [
            [
                (int(t) if t else None, pair)
                for t, pair in re.findall(r"(?:(\d+)\) )?(\d+-\d+)", cell)
            ]
            for cell in line.split(" | ")
        ]
        rows.append(cells)
    return rows


def test_figure_12_ten_tables_on_a_seven_table_base() -> None:
    m = APPENDIX.build(10, options(boards_per_round=3))
    assert m.rounds == 7 and len(m.boards) == 21
    for rnd, cells in enumerate(figure_12(), start=1):
        ours = {e.table: f"{e.ns}-{e.ew}" for e in m.round(rnd)}
        printed = [
            (table, MISREAD.get((rnd, pair), pair)) for cell in cells for table, pair in cell
        ]
        assert sorted(pair for _, pair in printed) == sorted(ours.values())
        assert all(ours[table] == pair for table, pair in printed if table is not None)
        if rnd in (4, 5):  # the rows whose columns survived: each cell is its board set
            sets = {f"{e.ns}-{e.ew}": m.set_index(e.boards) for e in m.round(rnd)}
            for column, cell in enumerate(cells):
                for _, pair in cell:
                    assert sets[MISREAD.get((rnd, pair), pair)] == column


def test_figure_12_who_stays_and_who_moves() -> None:
    """§6: tables 8-10 face 1-3 and relay with them; NS 8-10 and EW 1-3 stay; EW 4-10
    go from table 10 to 4 skipping 1-3; NS 1-7 go up two tables within tables 1-7."""
    m = APPENDIX.build(10)
    assert set(m.stationary) == {Pair(p, Line.NS) for p in (8, 9, 10)} | {
        Pair(p, Line.EW) for p in (1, 2, 3)
    }
    assert {r.tables for r in m.relays} == {(1, 8), (2, 9), (3, 10)}
    ew_10 = [e.table for e in m.schedule if e.ew == 10]
    assert ew_10 == [10, 4, 5, 6, 7, 8, 9]
    ns_1 = [e.table for e in m.schedule if e.ns == 1]
    assert ns_1 == [1, 3, 5, 7, 2, 4, 6]
    assert m.phantom == Pair(10, Line.NS)


def test_the_guides_appendix_mitchell() -> None:
    """The guide's diagram: NS at the shared base tables and EW at the appended tables
    stay; the other NS up two through 8, 9, 10, 4, 5, 6, 7; EW up one through 1-7."""
    m = APPENDIX.build(10, options(stationary="guide"))
    assert set(m.stationary) == {Pair(p, Line.NS) for p in (1, 2, 3)} | {
        Pair(p, Line.EW) for p in (8, 9, 10)
    }
    ns_8 = [e.table for e in m.schedule if e.ns == 8]
    assert ns_8 == [8, 10, 5, 7, 9, 4, 6]
    ew_1 = [e.table for e in m.schedule if e.ew == 1]
    assert ew_1 == [1, 2, 3, 4, 5, 6, 7]
    assert m.phantom == Pair(10, Line.EW)
    assert "EW stay at tables 8-10, NS at tables 1-3" in m.description


@pytest.mark.parametrize(
    ("ns_step", "ew_step"),
    [(-2, 1), (1, 2), (1, -2)],
    ids=["NS down 2, EW up 1", "NS up 1, EW up 2", "NS up 1, EW down 2"],
)
def test_the_guides_other_ways_to_move(ns_step: int, ew_step: int) -> None:
    m = APPENDIX.build(10, options(stationary="guide", ns_step=ns_step, ew_step=ew_step))
    assert check(m).notes == []
    ew_1 = [e.table for e in m.schedule if e.ew == 1]
    assert ew_1[1] == (1 + ew_step - 1) % 7 + 1


def test_steps_that_would_repeat_are_refused() -> None:
    with pytest.raises(InvalidMovement, match="never meet twice only if 0 is prime to 7"):
        APPENDIX.build(10, options(ns_step=1, ew_step=1))
    with pytest.raises(InvalidMovement, match="never play a board twice only if 7 is prime"):
        APPENDIX.build(10, options(ns_step=6, ew_step=1))


# JCBL appendix 1 (two-session lists): "ステイ・ペア数" of the appendix Mitchells: each
# appended table and its partner keep two pairs still.
STAYING = [
    (12, 11, 2),
    (13, 11, 4),
    (14, 11, 6),
    (15, 11, 8),
    (16, 11, 10),
    (14, 13, 2),
    (15, 13, 4),
    (16, 13, 6),
    (17, 13, 8),
    (18, 13, 10),
    (19, 13, 12),
]


@pytest.mark.parametrize(("tables", "rounds", "staying"), STAYING)
def test_jcbl_lists_stationary_pairs(tables: int, rounds: int, staying: int) -> None:
    m = APPENDIX.build(tables, options(rounds=rounds))
    assert m.rounds == rounds and len(m.stationary) == staying


@pytest.mark.parametrize(
    ("rounds", "tables"),
    [(11, t) for t in range(12, 22)] + [(13, t) for t in range(14, 26)],
)
def test_jcbl_11_and_13_round_versions(rounds: int, tables: int) -> None:
    """PMAX in JTOS: 11 rounds for 12-21 tables, 13 rounds for 14-25 tables."""
    m = APPENDIX.build(tables, options(rounds=rounds))
    assert check(m).notes == []


@pytest.mark.parametrize(("tables", "base"), [(6, 5), (8, 7), (11, 7), (12, 11), (13, 11)])
def test_default_base(tables: int, base: int) -> None:
    assert APPENDIX.build(tables).rounds == base
    assert all(APPENDIX.build(t).rounds == 13 for t in (14, 20, 25))


@pytest.mark.parametrize(
    ("tables", "given", "message"),
    [
        (11, {"rounds": 10}, "No appendix Mitchell works on a base of 10 tables"),
        (24, {"rounds": 12}, "12-table base takes 13 to 23 tables, not 24"),
        (10, {"rounds": 6}, "No appendix Mitchell works on a base of 6 tables"),
        (7, {"rounds": 7}, "takes 8 to 13 tables, not 7"),
        (14, {"rounds": 7}, "takes 8 to 13 tables, not 14"),
        (26, {}, "No appendix Mitchell"),
        (5, {}, "No appendix Mitchell"),
        (10, {"printed": True}, "only for 9 tables and 8 rounds"),
    ],
)
def test_refusals(tables: int, given: dict[str, object], message: str) -> None:
    """JTOS also has 10- and 12-round versions (11-19 and 13-22 tables), whose sheets the
    manual does not print: with the boards going down one table a round no appendix
    Mitchell on an even base works. The group movements of ``two_session_bases`` play
    them (see test_two_session_bases) where one exists; 11 tables in 10 rounds has none
    (the only group of order 10 is cyclic), and is refused."""
    with pytest.raises(InvalidMovement, match=message):
        APPENDIX.build(tables, options(**given))


def test_jcbl_printed_nine_table_sheet() -> None:
    """JCBL part 3, ch. 2, §3: the 9-table, 8-round appendix Mitchell, number for number
    (the sheet shows board sets only; our reading of the tables is in the plugin)."""
    m = APPENDIX.build(9, options(printed=True, boards_per_round=3))
    ours = m.master_sheet()
    for row, printed in zip(ours, APPENDIX_9_TABLES, strict=True):
        assert [set(c.split()) for c in row] == [set(c.split("/")) for c in printed.split()]
    report = check(m)
    assert report.notes == []
    for stays, others in ((Pair(9), range(10, 18)), (Pair(18), range(1, 9))):
        assert {q for (p, q) in report.meetings if p == stays} | {
            p for (p, q) in report.meetings if q == stays
        } == {Pair(n) for n in others}
    unmet = [(p, p + 9) for p in range(1, 9) if (Pair(p), Pair(p + 9)) not in report.meetings]
    assert len(unmet) == 8, "pair p never meets pair p + 9"


def assert_appendix_sound(m: Movement) -> None:
    report = check(m)
    assert report.ok and report.notes == [], "no rematch, no phantom factoring"
    assert len(set(report.plays.values())) == 1
    by_pair = Counter(
        (line, n, b)
        for e in m.schedule
        for line, n in (("NS", e.ns), ("EW", e.ew))
        for b in e.boards
    )
    assert max(by_pair.values()) == 1
    everyone = {p for p in m.pairs}
    assert all(report.directions[p][0] + report.directions[p][1] == m.rounds for p in everyone)


BASES = [5, 7, 11, 13]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), base=st.sampled_from(BASES))
def test_every_size_and_orientation_is_sound(data: st.DataObject, base: int) -> None:
    tables = data.draw(st.integers(base + 1, 2 * base - 1))
    m = APPENDIX.build(
        tables,
        options(
            rounds=base,
            stationary=data.draw(st.sampled_from(["jcbl", "guide"])),
            boards_per_round=data.draw(st.integers(1, 4)),
            first_board=data.draw(st.integers(1, 40)),
        ),
    )
    assert_appendix_sound(m)
    assert len(m.stationary) == 2 * (tables - base)


@pytest.mark.parametrize("base", [17, 19])
def test_larger_prime_bases(base: int) -> None:
    assert_appendix_sound(APPENDIX.build(base + 3, options(rounds=base)))
