"""The interwoven Howell and its first sessions against the JCBL manual (part 3, chapter 2, 3)."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily
from engine.validator import check
from plugins.movements.howell.interwoven import InterwovenHowell, InterwovenHowellOptions
from plugins.movements.mitchell.arrow import ArrowSwitchMitchell, ArrowSwitchOptions

IWH = InterwovenHowell()

# The master sheets exactly as the seed's text extraction gives them: the round, then a
# cell per board set ("a-b/c-d" where two tables relay, empty where the set rests).
SHEET_8_SESSION_1 = """
1\t1-9\t2-15\t3-12\t4-14\t5-10\t6-15\t7-11\t8-13
2\t10-2\t16-1\t11-4\t13-3\t9-6\t15-5\t12-8\t14-7
3\t4-12\t3-14\t2-9\t1-15\t8-11\t7-13\t6-10\t5-16
4\t13-5\t11-6\t16-7\t10-8\t14-1\t12-2\t15-3\t9-4
5\t7-15\t8-9\t5-14\t6-12\t3-16\t4-10\t1-13\t2-11
6\t16-8\t10-7\t13-6\t11-5\t15-4\t9-3\t14-2\t12-1
7\t3-11\t4-13\t1-10\t2-16\t7-12\t8-14\t5-9\t6-15
8\t14-6\t12-5\t15-8\t9-7\t13-2\t11-1\t16-4\t10-3
"""
SHEET_8_SESSION_2 = """
1\t8-1/9-16\t13-14\t12-10\t6-2\t11-15\t5-7\t3-4
2\t4-5\t8-2/10-16\t11-15\t13-11\t7-3\t12-9\t6-1
3\t7-2\t5-6\t8-3/11-16\t15-9\t14-12\t1-4\t13-10
4\t14-11\t1-3\t6-7\t8-4/12-16\t9-10\t15-13\t2-5
5\t3-6\t15-12\t2-4\t7-1\t8-5/13-16\t10-11\t9-14
6\t10-15\t4-7\t9-13\t3-5\t1-2\t8-6/14-16\t11-12
7\t12-13\t11-9\t5-1\t10-14\t4-6\t2-3\t8-7/15-16
"""
SHEET_9_SCRAMBLED = """
1\t10-9\t11-1\t12-2\t13-3\t14-4\t15-5\t16-6\t17-7\t18-8
2\t16-3\t17-4\t18-5\t10-6\t11-7\t12-8\t13-9\t14-1\t15-2
3\t6-13\t7-14\t8-15\t9-16\t1-17\t2-18\t3-10\t4-11\t5-12
4\t7-18\t8-10\t9-11\t1-12\t2-13\t3-14\t4-15\t5-16\t6-17
5\t14-8\t15-9\t16-1\t17-2\t18-3\t10-4\t11-5\t12-6\t13-7
6\t15-1\t16-2\t17-3\t18-4\t10-5\t11-6\t12-7\t13-8\t14-9
7\t5-17\t6-18\t7-10\t8-11\t9-12\t1-13\t2-14\t3-15\t4-16
8\t4-12\t5-13\t6-14\t7-15\t8-16\t9-17\t1-18\t2-10\t3-11
9\t11-2\t12-3\t13-4\t14-5\t15-6\t16-7\t17-8\t18-9\t10-1
"""
SHEET_9_APPENDIX = """
1\t10-9/1-18\t2-13\t15-3\t4-14\t5-17\t16-6\t12-7\t11-8
2\t6-17\t9-16/7-18\t8-12\t11-5\t10-2\t3-13\t4-15\t14-1
3\t2-14\t10-3\t13-9/18-4\t1-15\t11-6\t17-7\t8-16\t12-5
4\t5-16\t6-12\t7-11\t17-9/18-8\t13-1\t15-2\t14-3\t4-10
5\t15-7\t8-14\t5-10\t13-6\t12-9/3-18\t4-11\t17-1\t2-16
6\t12-4\t11-1\t2-17\t16-3\t8-15\t14-9/5-18\t6-10\t7-13
7\t8-13\t15-5\t14-6\t10-7\t16-4\t1-12\t11-9/18-2\t3-17
8\t11-3\t17-4\t1-16\t2-12\t7-14\t8-10\t13-5\t9-15/18-6
"""
SHEET_9_SESSION_2 = """
1\t<u>10-1</u>\t17-18\t5-2/15-13\t\t9-8\t7-3\t\t4-6/12-16\t11-14
2\t<u>12-15</u>\t<u>11-2</u>\t18-10\t6-3/16-14\t\t1-9\t8-4\t\t5-7/13-17
3\t6-8/14-18\t<u>13-16</u>\t<u>12-3</u>\t10-11\t7-4/17-15\t\t2-1\t9-5\t
4\t\t7-9/15-10\t14-17\t<u>13-4</u>\t11-12\t8-5/18-16\t\t3-2\t1-6
5\t2-7\t\t8-1/16-11\t<u>15-18</u>\t<u>14-5</u>\t12-13\t9-6/10-17\t\t4-3
6\t5-4\t3-8\t\t9-2/17-12\t<u>16-10</u>\t<u>15-6</u>\t13-14\t1-7/11-18\t
7\t\t6-5\t4-9\t\t1-3/18-13\t<u>17-11</u>\t<u>16-7</u>\t14-15\t2-8/12-10
8\t3-9/13-11\t\t7-6\t5-1\t\t2-4/10-14\t<u>18-12</u>\t<u>17-8</u>\t15-16
9\t16-7\t4-1/14-12\t\t8-7\t6-2\t\t3-5/11-15\t<u>19-13</u>\t<u>18-9</u>
"""

# Readings of garbled cells: (sheet, round, set) → (printed, read). Each printed cell
# breaks the sheet (a pair twice in a round, or a pair 19 of 18) and the read cell is
# what the rows around it give by the movement's rule.
READINGS = {
    # Pair 15 twice in round 1 and 16 missing; 6 meets every other B pair in rounds 2-8.
    (SHEET_8_SESSION_1, 1, 6): ("6-15", "6-16"),
    # Pair 11 twice in round 2 (13-11); round 1's 13-14 moves on to 14-15, round 3's 15-9.
    (SHEET_8_SESSION_2, 2, 3): ("11-15", "14-15"),
    # Pair 7 twice in round 9 (8-7); round 8's 15-16 moves on to 16-17.
    (SHEET_9_SESSION_2, 9, 1): ("16-7", "16-17"),
    # There is no pair 19; round 8's 18-12 moves on to 10-13.
    (SHEET_9_SESSION_2, 9, 8): ("19-13", "10-13"),
}


def printed(sheet: str) -> list[list[str]]:
    """The sheet's cells as the master sheet shows them (relays space-separated), read."""
    rows = []
    for line in sheet.strip("\n").split("\n"):
        rnd, *cells = line.split("\t")
        row = []
        for s, cell in enumerate(cells, start=1):
            cell = re.sub(r"</?u>", "", cell)
            was, read = READINGS.get((sheet, int(rnd), s), (cell, cell))
            assert cell == was
            row.append(read.replace("/", " "))
        rows.append(row)
    return rows


def underlined(sheet: str) -> list[tuple[int, int]]:
    return [tuple(sorted(map(int, c.split("-")))) for c in re.findall(r"<u>(.*?)</u>", sheet)]  # type: ignore[misc]


def build(tables: int, **options: object) -> Movement:
    return IWH.build(tables, InterwovenHowellOptions.model_validate(options))


def sheet(m: Movement) -> list[list[str]]:
    return m.master_sheet(byes=False)


def test_8_tables_session_1_scrambled_mitchell() -> None:
    m = build(8, session=1)
    assert (m.rounds, len(m.boards), m.boards_per_round) == (8, 24, 3)
    assert sheet(m) == printed(SHEET_8_SESSION_1)


def test_8_tables_session_2_interwoven_howell() -> None:
    m = build(8)
    assert (m.rounds, len(m.boards)) == (7, 21)
    assert sheet(m) == printed(SHEET_8_SESSION_2)
    assert {r.tables for r in m.relays} == {(1, 2)}
    assert [str(p) for p in m.stationary] == ["8", "16"]


def test_9_tables_session_1_scrambled_mitchell_cut_after_8_rounds() -> None:
    rows = printed(SHEET_9_SCRAMBLED)
    assert sheet(build(9, session=1)) == rows[:8]
    assert sheet(build(9, session=1, rounds=9)) == rows


@pytest.mark.parametrize(
    ("tables", "rounds", "staying"), [(8, 8, range(1, 9)), (9, 9, range(10, 19))]
)
def test_the_scrambled_sheets_are_numbered_as_the_arrow_switch_mitchell(
    tables: int, rounds: int, staying: range
) -> None:
    """One sheet, one numbering. The manual prints no table numbers: the pairs its sheet
    seats NS in round 1 keep their tables, in number order (pairs 1-8 on 8 tables, as the
    arrow-switch Mitchell numbers every size; pairs 10-18 on 9), in both families."""
    ours = build(tables, session=1, rounds=rounds)
    arrow = ArrowSwitchMitchell().build(
        tables, ArrowSwitchOptions(printed=True, boards_per_round=3, rounds=rounds)
    )

    def seated(m: Movement) -> set[tuple[int, int, frozenset[int], tuple[int, ...]]]:
        return {(e.round, e.table, frozenset((e.ns, e.ew)), e.boards) for e in m.schedule}

    assert seated(ours) == seated(arrow)
    assert {(e.table, p) for e in ours.schedule for p in (e.ns, e.ew) if p in staying} == {
        (t, p) for t, p in enumerate(staying, start=1)
    }


def test_9_tables_session_1_appendix_mitchell() -> None:
    m = build(9, session=1, first_session="appendix")
    assert sheet(m) == printed(SHEET_9_APPENDIX)
    assert [r.tables for r in m.relays] == [
        (1, 9),
        (7, 9),
        (4, 9),
        (8, 9),
        (3, 9),
        (5, 9),
        (2, 9),
        (6, 9),
    ]


def test_9_tables_session_2_interwoven_howell() -> None:
    m = build(9)
    assert (m.rounds, len(m.boards), m.stationary) == (9, 27, ())
    assert sheet(m) == printed(SHEET_9_SESSION_2)


def test_the_underlines_are_the_meetings_round_9_would_repeat() -> None:
    """ "By cutting round 9 of the Mitchell the underlined same-pair meetings of session 2
    are avoided." The underlined cross-group pairs are exactly round 9's; the other
    underlines fall on group-B tables (pairs that never meet in session 1), so they are
    read as the extraction smearing one round's underline onto the next cell."""
    marked = underlined(SHEET_9_SESSION_2)
    cross = {pq for pq in marked if pq[0] <= 9 < pq[1]}
    round_9 = {tuple(sorted((e.ns, e.ew))) for e in build(9, session=1, rounds=9).round(9)}
    assert cross == round_9 and len(cross) == 9
    assert all(p > 9 for pq in set(marked) - cross for p in pq)


@pytest.mark.parametrize(
    ("tables", "first"), [(8, {}), (9, {}), (9, {"first_session": "appendix"})]
)
def test_over_both_sessions_every_pair_meets_every_other_once(
    tables: int, first: dict[str, object]
) -> None:
    one, two = build(tables, session=1, **first), build(tables)
    met = Counter(tuple(sorted((e.ns, e.ew))) for m in (one, two) for e in m.schedule)
    assert met == {pq: 1 for pq in itertools.combinations(range(1, 2 * tables + 1), 2)}


def test_all_nine_rounds_of_the_scrambled_mitchell_bring_one_rematch_each() -> None:
    one, two = build(9, session=1, rounds=9), build(9)
    met = Counter(tuple(sorted((e.ns, e.ew))) for m in (one, two) for e in m.schedule)
    twice = [pq for pq, n in met.items() if n == 2]
    assert len(twice) == 9 and {p for pq in twice for p in pq} == set(range(1, 19))


def test_the_tops_differ_after_the_cut_but_not_with_the_appendix_mitchell() -> None:
    """Cutting round 9 plays each board 8 times in session 1 and 9 in session 2, so the
    scores are factored; the appendix Mitchell plays each 9 times in both."""
    assert set(check(build(9, session=1)).plays.values()) == {8}
    assert set(check(build(9, session=1, first_session="appendix")).plays.values()) == {9}
    assert set(check(build(9)).plays.values()) == {9}


def test_the_scrambled_mitchell_may_stop_after_any_round() -> None:
    """Every set is in play every round, so stopping early keeps the boards equal: the
    manual's cut after round 8 is one such stop. The relayed movements have none."""
    assert build(9, session=1, rounds=9).curtail_after == tuple(range(1, 9))
    assert build(8, session=1).curtail_after == tuple(range(1, 8))
    assert build(9, session=1, first_session="appendix").curtail_after == ()
    assert build(8).curtail_after == build(9).curtail_after == ()


@pytest.mark.parametrize(("tables", "groups"), [(8, ((1, 7), (9, 15))), (9, ((1, 9), (10, 18)))])
def test_each_group_plays_its_own_howell(tables: int, groups: tuple[tuple[int, int], ...]) -> None:
    m = build(tables)
    report = check(m)
    assert report.ok and report.notes == []
    assert max(report.meetings.values()) == 1
    assert set(report.sit_outs.values()) == {0}
    for low, high in groups:
        group = [*range(low, high + 1), *([high + 1] if tables == 8 else [])]
        met = {(a.number, b.number) for a, b in report.meetings}
        assert set(itertools.combinations(group, 2)) <= met
    seat = {(e.round, p): e.table for e in m.schedule for p in (e.ns, e.ew)}
    for low, high in groups:
        for r, p in itertools.product(range(1, m.rounds), range(low, high + 1)):
            below = high if p == low else p - 1
            assert seat[r + 1, p] == seat[r, below], "follow the pair below in the group"


@pytest.mark.parametrize("session", [1, 2])
def test_every_session_keeps_the_rules(session: int) -> None:
    for tables in (8, 9):
        report = check(build(tables, session=session))
        assert report.ok
        assert max(report.meetings.values()) == 1


def test_bad_options_are_explained() -> None:
    with pytest.raises(InvalidMovement, match="8 to 19 tables"):
        build(7)
    with pytest.raises(InvalidMovement, match="appendix Mitchell on 8 tables is played in 7"):
        build(8, session=1, first_session="appendix", rounds=8)
    with pytest.raises(InvalidMovement, match="8 rounds \\(or all 9\\), not 7"):
        build(9, session=1, rounds=7)
    with pytest.raises(InvalidMovement, match="interwoven Howell on 9 tables is played in 7, 8"):
        build(9, rounds=6)


def test_follows_the_movement_family_protocol() -> None:
    assert isinstance(IWH, MovementFamily)
    assert IWH.__doc__ and IWH.Options.__doc__
