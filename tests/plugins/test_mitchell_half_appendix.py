"""1½ appendix Mitchell against JCBL figure 14 and the guide's examples."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell_half_appendix import HalfAppendixMitchell, HalfAppendixOptions

HALF = HalfAppendixMitchell()

# Figure 14: 8½ tables (rows are rounds, columns board sets 1-3 … 19-21, then the EW
# pair sitting out), exactly as the seed's text extraction gives it.
FIGURE_14_EXTRACTED = """
1\t1-1 8-8\t2-2\t3-3\t4-4\t5-5\t6-6\t7-7\t9
2\t7-6 8-7\t1-9\t2-1\t3-2\t4-3\t5-4\t6-5\t8
3\t6-4 8-6\t7-5\t1-8\t2-9\t3-1\t4-2\t5-3\t7
4\t5-2 8-5\t6-3\t7-4\t1-7\t2-8\t3-9\t4-1\t6
5\t4-9 8-4\t5-1\t6-2\t7-3\t1-6\t2-7\t3-8\t5
6\t3-7 8-3\t4-8\t5-9\t6-1\t7-2\t1-5\t2-6\t4
7\t2-5 8-2\t3-6\t4-7\t5-8\t6-9\t7-1\t1-4\t3
"""


def test_figure_14_eight_and_a_half_tables() -> None:
    """Reading: as in figure 10, the extraction folded table 8's entry ("8-x") into the
    first column; table 8 shares boards with table 1, so we compare it with table 1's
    set. Everything else is legible and compared cell for cell."""
    m = HALF.build(9, HalfAppendixOptions(boards_per_round=3))
    ours = m.master_sheet()
    for rnd, line in enumerate(FIGURE_14_EXTRACTED.strip().splitlines(), start=1):
        *cells, sitting_out = line.split("\t")[1:]
        (table_8,) = [e for e in m.round(rnd) if e.table == 8]
        (table_1,) = [e for e in m.round(rnd) if e.table == 1]
        assert table_8.boards == table_1.boards
        assert f"8-{table_8.ew}" == cells[0].split()[-1]
        printed = [c.split()[0] for c in cells]
        assert [c.replace(f" 8-{table_8.ew}", "") for c in ours[rnd - 1]] == printed
        assert [s.pair for s in m.sit_outs if s.round == rnd] == [int(sitting_out)]
    assert m.tables == 8 and m.rounds == 7


def test_the_half_tables_pair_sits_out_first_then_goes_to_table_1() -> None:
    m = HALF.build(9)
    ew_9 = [(e.round, e.table) for e in m.schedule if e.ew == 9]
    assert ew_9 == [(r, r - 1) for r in range(2, 8)]
    sat_out = Counter(s.pair for s in m.sit_outs)
    assert sorted(set(range(1, 10)) - set(sat_out)) == [1, 2], "two EW pairs never sit out"
    assert max(sat_out.values()) == 1


def test_the_guides_ten_and_a_half_tables() -> None:
    """10½ - 1½ = 9: a 9-table Mitchell, T1 and T10 share boards, EW 11 sits out first."""
    m = HALF.build(11)
    assert m.rounds == 9 and m.tables == 10
    assert {r.tables for r in m.relays} == {(1, 10)}
    assert [s.pair for s in m.sit_outs if s.round == 1] == [11]
    assert next(e.table for e in m.schedule if e.ew == 11) == 1


def test_the_guides_eleven_and_a_half_tables_is_refused() -> None:
    """The guide's 11½ tables (a 10-table skip Mitchell, T1 and T11 sharing): in 9 rounds
    table 1 meets only sets 1-9, so set 10 is played 9 times and the others 10. The
    validator rejects unequal plays, so the plugin refuses and says why."""
    with pytest.raises(InvalidMovement, match="one set would be played once fewer"):
        HALF.build(12)


def test_too_few_tables() -> None:
    with pytest.raises(InvalidMovement, match="at least 4½ tables"):
        HALF.build(4)


def assert_half_sound(m: Movement) -> None:
    report = check(m)
    assert report.ok and report.notes == []
    assert len(set(report.plays.values())) == 1
    assert all(e.ns == e.table for e in m.schedule), "NS pairs stay"
    assert Counter((e.ns, e.ew) for e in m.schedule).most_common(1)[0][1] == 1
    base = m.tables - 1
    assert len(m.sit_outs) == base and {s.line for s in m.sit_outs} == {Line.EW}
    assert m.phantom == Pair(m.tables, Line.NS)


@pytest.mark.parametrize("tables", range(5, 30, 2))
def test_every_odd_base_is_sound(tables: int) -> None:
    assert_half_sound(HALF.build(tables))
