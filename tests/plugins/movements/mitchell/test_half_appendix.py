"""1½ appendix Mitchell against JCBL figure 14 and the guide's examples."""

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
from plugins.movements.mitchell.half_appendix import HalfAppendixMitchell, HalfAppendixOptions

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
    m = HALF.build(8, HalfAppendixOptions(boards_per_round=3))
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
    m = HALF.build(8)
    ew_9 = [(e.round, e.table) for e in m.schedule if e.ew == 9]
    assert ew_9 == [(r, r - 1) for r in range(2, 8)]
    sat_out = Counter(s.pair for s in m.sit_outs)
    assert sorted(set(range(1, 10)) - set(sat_out)) == [1, 2], "two EW pairs never sit out"
    assert max(sat_out.values()) == 1


def test_the_guides_ten_and_a_half_tables() -> None:
    """10½ - 1½ = 9: a 9-table Mitchell, T1 and T10 share boards, EW 11 sits out first."""
    m = HALF.build(10)
    assert m.rounds == 9 and m.tables == 10
    assert {r.tables for r in m.relays} == {(1, 10)}
    assert [s.pair for s in m.sit_outs if s.round == 1] == [11]
    assert next(e.table for e in m.schedule if e.ew == 11) == 1


# The guide's "11/2 APPENDIX MITCHELL" (1½ appendix), its second example, exactly as the
# seed's text extraction gives it. Two places are garbled; our readings:
# - "$11\frac{1}{2} 1\frac{1}{2} = 10$" lost its minus sign: 11½ − 1½ = 10, as the
#   section's rule says ("Take 1½ from the number of tables").
# - "10 sets of boards skip after 5 rounds." is two bullets run together: 10 sets of
#   boards, and the skip after round 5. It is the EW pairs that skip, not the boards (the
#   guide's SKIP MITCHELL: "If EW Pairs do not skip, they will meet boards they have
#   already played"; the boards go down one table every round), and the section puts the
#   skip "after the round that equates to half the number tables in the base": 10 / 2.
GUIDE_ELEVEN_AND_A_HALF = r"""
- $11\frac{1}{2} 1\frac{1}{2} = 10$  Tables
- Set up a 10 Table Skip Mitchell
- 10 sets of boards skip after 5 rounds.
- T1 & T11 share boards.
- Pair EW 12 has first sit out at Table 12.
"""


def guide_says(pattern: str) -> tuple[int, ...]:
    """The numbers ``pattern`` (a regular expression) captures in the guide's example."""
    found = re.search(pattern, GUIDE_ELEVEN_AND_A_HALF)
    assert found is not None, pattern
    return tuple(int(n) for n in found.groups())


def eleven_and_a_half() -> Movement:
    """The guide's 11½ tables: 11 full tables and the half table."""
    (whole,) = guide_says(r"\$(\d+)\\frac\{1\}\{2\}")
    return HALF.build(whole)


def ew_table(m: Movement, rnd: int, ew: int) -> int | None:
    """The table EW ``ew`` plays at in round ``rnd`` (None when it sits out)."""
    return next((e.table for e in m.round(rnd) if e.ew == ew), None)


def test_the_guides_eleven_and_a_half_less_one_and_a_half_is_ten_base_tables() -> None:
    """'The number of tables includes a half table' and '11½ − 1½ = 10 Tables': ten base
    tables, the full table of the 1½ as table 11 and the half table's pair as EW 12, so
    23 pairs and no phantom needed."""
    (base,) = guide_says(r"= (\d+)\$\s+Tables")
    m = eleven_and_a_half()
    assert base == 10 and m.tables == base + 1
    assert {e.ns for e in m.schedule} == set(range(1, base + 2))
    assert {e.ew for e in m.schedule} == set(range(1, base + 3))
    assert len(m.pairs) == 2 * base + 3 == 23


def test_the_guides_eleven_and_a_half_tables_is_a_ten_table_skip_mitchell() -> None:
    """'Set up a 10 Table Skip Mitchell', '10 sets of boards', 'skip after 5 rounds': at
    the base tables NS stay, the boards go down one table every round (table t plays set
    t + r - 1), and the EW pairs go up one table, except after round 5, when they skip
    one table and go up two. The completed skip Mitchell brings all 10 sets to each base
    table, so it has 10 rounds."""
    (base,) = guide_says(r"Set up a (\d+) Table Skip Mitchell")
    sets, skip = guide_says(r"(\d+) sets of boards skip after (\d+) rounds")
    m = eleven_and_a_half()
    assert m.rounds == base == sets
    assert len(m.boards) == sets * m.boards_per_round
    assert all(e.ns == e.table for e in m.schedule), "NS pairs stay"
    for rnd in range(1, m.rounds + 1):
        for t in range(1, base + 1):
            (e,) = [e for e in m.round(rnd) if e.table == t]
            assert m.set_index(e.boards) + 1 == (t + rnd - 2) % sets + 1
    for rnd in range(1, m.rounds):
        step = 2 if rnd == skip else 1
        for t in range(1, base + 1 - step):
            (now,) = [e for e in m.round(rnd) if e.table == t]
            assert ew_table(m, rnd + 1, now.ew) == t + step, f"EW {now.ew} after round {rnd}"
    assert f"skip Mitchell (EW skip one table after round {skip})" in m.description


def test_the_guides_eleven_and_a_half_tables_share_boards_at_tables_1_and_11() -> None:
    """'T1 & T11 share boards': table 11 gets no set of its own and plays table 1's set
    in every round, a relay between the two."""
    shared = guide_says(r"T(\d+) & T(\d+) share boards")
    m = eleven_and_a_half()
    assert [r.tables for r in m.relays] == [shared] * 10 == [(1, 11)] * 10
    for rnd in range(1, 11):
        by_table = {e.table: e.boards for e in m.round(rnd)}
        assert by_table[11] == by_table[1]
        assert len(set(by_table.values())) == 10


def test_the_guides_eleven_and_a_half_tables_ew_12_sits_out_first() -> None:
    """'Pair EW 12 has first sit out at Table 12' (the half table) and, as the section
    says, 'sits out before progressing to Table 1 at the first move'. Each EW pair then
    follows the one a number higher (JCBL §8-2), so EW 11 leaves table 11 for the sit-out
    in round 2. 'Two EW Pairs do not sit out in the completed movement': the guide does
    not name them; here they are EW 1 and EW 7, the pair that skips from table 11 over
    the sit-out to table 1 after round 5."""
    first, at = guide_says(r"Pair EW (\d+) has first sit out at Table (\d+)")
    assert first == at == 12
    m = eleven_and_a_half()
    assert [s.pair for s in m.sit_outs if s.round == 1] == [first]
    assert ew_table(m, 1, 12) is None and ew_table(m, 2, 12) == 1
    assert [s.pair for s in m.sit_outs if s.round == 2] == [11]
    assert {s.line for s in m.sit_outs} == {Line.EW}
    sat_out = Counter(s.pair for s in m.sit_outs)
    assert max(sat_out.values()) == 1
    assert sorted(set(range(1, 13)) - set(sat_out)) == [1, 7]
    assert ew_table(m, 5, 7) == 11 and ew_table(m, 6, 7) == 1


def test_the_ew_pairs_of_eleven_and_a_half_tables_follow_the_pair_one_number_higher() -> None:
    """JCBL §8-2: each EW pair follows the EW pair one number higher (EW 11 follows EW
    12, EW 12 follows EW 1) around tables 1-10, the shared table 11 and the sit-out, so
    a pair sits out between table 11 and table 1. At the guide's skip after round 5 the
    whole field moves one place further: each pair takes the place of the pair two
    numbers higher."""
    m = eleven_and_a_half()
    sitting_out = {s.round: s.pair for s in m.sit_outs}

    def place(rnd: int, ew: int) -> int:
        table = ew_table(m, rnd, ew)
        assert (table is None) == (sitting_out[rnd] == ew)
        return 12 if table is None else table

    for rnd in range(1, 10):
        ahead = 2 if rnd == 5 else 1
        for ew in range(1, 13):
            assert place(rnd + 1, ew) == place(rnd, (ew + ahead - 1) % 12 + 1)


def test_the_guides_eleven_and_a_half_tables_keep_the_rules() -> None:
    """What the validator reports on the 11½ tables, read back from its JSON as
    ``traveller movement check`` reads it: every board played 11 times (at the 10 base
    tables and the shared one), no pair plays a board or meets a pair twice, every NS
    pair plays every round, every EW pair sits out at most once and two never."""
    m = eleven_and_a_half()
    report = check(Movement.model_validate(m.to_json()))
    assert report.ok and report.problems == [] and report.notes == []
    assert set(report.plays.values()) == {11}
    assert set(report.meetings.values()) == {1}
    assert len(report.meetings) == 10 * 11, "10 rounds of 11 tables, 110 different meetings"
    ns = {p: n for p, n in report.sit_outs.items() if p.line is Line.NS}
    ew = {p: n for p, n in report.sit_outs.items() if p.line is Line.EW}
    assert set(ns.values()) == {0} and len(ns) == 11
    assert sorted(ew.values()) == [0, 0] + [1] * 10
    assert report.plays_without_phantom is not None
    assert set(report.plays_without_phantom.values()) == {10}, "without NS 11: T1 alone"


def test_too_few_tables() -> None:
    with pytest.raises(InvalidMovement, match="at least 4½ tables"):
        HALF.build(3)


def assert_half_sound(m: Movement) -> None:
    report = check(m)
    assert report.ok and report.notes == []
    assert len(set(report.plays.values())) == 1
    assert all(e.ns == e.table for e in m.schedule), "NS pairs stay"
    assert Counter((e.ns, e.ew) for e in m.schedule).most_common(1)[0][1] == 1
    base = m.tables - 1
    assert len(m.sit_outs) == base and {s.line for s in m.sit_outs} == {Line.EW}
    assert m.phantom == Pair(m.tables, Line.NS)


@pytest.mark.parametrize("tables", range(4, 29, 2))
def test_every_odd_base_is_sound(tables: int) -> None:
    assert_half_sound(HALF.build(tables))


@pytest.mark.parametrize("tables", range(5, 22, 2))
def test_every_even_base_from_4_to_20_is_sound(tables: int) -> None:
    m = HALF.build(tables)
    assert_half_sound(m)
    base = tables - 1
    assert "skip" in m.description and m.rounds == base
    never = set(range(1, tables + 2)) - {s.pair for s in m.sit_outs}
    assert never == {1, base // 2 + 2}


@settings(max_examples=40, deadline=None)
@given(
    tables=st.integers(4, 39),
    boards_per_round=st.integers(1, 4),
    first_board=st.integers(1, 30),
)
@pytest.mark.slow
def test_the_validators_invariants_hold_on_every_base(
    tables: int, boards_per_round: int, first_board: int
) -> None:
    """Odd bases (straight) and even bases (skip): the movement keeps the rules, every
    board is played base + 1 times, no pair meets a pair or a board twice, NS pairs never
    sit out, every EW pair at most once and exactly two EW pairs never."""
    opts = HalfAppendixOptions(boards_per_round=boards_per_round, first_board=first_board)
    m = HALF.build(tables, opts)
    base = tables - 1
    report = check(m)
    assert report.ok and report.notes == []
    assert set(report.plays.values()) == {base + 1}
    assert len(report.plays) == base * boards_per_round
    assert min(report.plays) == first_board
    assert set(report.meetings.values()) == {1}
    assert len(report.meetings) == (base + 1) * base
    for pair, rounds_out in report.sit_outs.items():
        assert rounds_out <= (0 if pair.line is Line.NS else 1), pair
    ew_out = [n for p, n in report.sit_outs.items() if p.line is Line.EW]
    assert len(ew_out) == base + 2 and ew_out.count(0) == 2
    assert report.plays_without_phantom is not None
    assert set(report.plays_without_phantom.values()) == {base}
