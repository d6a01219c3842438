"""Arrow-switch (scrambled) Mitchell against JCBL's printed sheets and by property."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Numbering, Pair
from engine.validator import check
from plugins.movements.mitchell.arrow import (
    ArrowSwitchMitchell,
    ArrowSwitchOptions,
    jcbl_switches,
)
from plugins.movements.mitchell.basic import Mitchell, MitchellOptions
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact

ARROW = ArrowSwitchMitchell()


def options(**given: object) -> ArrowSwitchOptions:
    return ArrowSwitchOptions.model_validate(given)


def as_played(m: Movement) -> list[list[str]]:
    """The manual's sheet: "NS-EW" as the pairs actually sit (turned boards reversed)."""
    rows = [[""] * (len(m.boards) // m.boards_per_round) for _ in range(m.rounds)]
    for e in m.schedule:
        ns, ew = (e.ew, e.ns) if e.arrow_switch else (e.ns, e.ew)
        rows[e.round - 1][m.set_index(e.boards)] = f"{ns}-{ew}"
    return rows


def grid(text: str) -> list[list[str]]:
    return [line.split("\t")[1:] for line in text.strip().splitlines()]


# JCBL part 3, ch. 2, §3: 9 tables, 1st session (Scrambled Mitchell); round 9 is cut in
# the two-session plan but printed.
NINE_TABLES = """
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

# The same, 8 tables (a special movement with no relay and no bye stand). Round 1 set 6
# is printed "6-15", but pair 15 already plays set 2 that round and pair 16 no set at
# all; every other round follows one rule on the group of three bits (see the plugin),
# which gives 6-16, so we read it so.
EIGHT_TABLES = """
1\t1-9\t2-15\t3-12\t4-14\t5-10\t6-16\t7-11\t8-13
2\t10-2\t16-1\t11-4\t13-3\t9-6\t15-5\t12-8\t14-7
3\t4-12\t3-14\t2-9\t1-15\t8-11\t7-13\t6-10\t5-16
4\t13-5\t11-6\t16-7\t10-8\t14-1\t12-2\t15-3\t9-4
5\t7-15\t8-9\t5-14\t6-12\t3-16\t4-10\t1-13\t2-11
6\t16-8\t10-7\t13-6\t11-5\t15-4\t9-3\t14-2\t12-1
7\t3-11\t4-13\t1-10\t2-16\t7-12\t8-14\t5-9\t6-15
8\t14-6\t12-5\t15-8\t9-7\t13-2\t11-1\t16-4\t10-3
"""


def test_jcbl_nine_table_scrambled_sheet() -> None:
    m = ARROW.build(9, options(printed=True, boards_per_round=3))
    assert as_played(m) == grid(NINE_TABLES)
    assert [r for r in range(1, 10) if m.round(r)[0].arrow_switch] == [3, 4, 7, 8]
    assert m.stationary == tuple(Pair(p) for p in range(10, 19))


def test_the_nine_table_sheet_is_a_mitchell_in_another_order() -> None:
    """Round r of the sheet is round k of the straight Mitchell (stationary pair 9 + t,
    moving pair e + 1 where the Mitchell has EW e)."""
    sheet = ARROW.build(9, options(printed=True))
    plain = Mitchell().build(9)
    for r, k in enumerate((1, 4, 7, 2, 6, 5, 3, 8, 9), start=1):
        ours = {(e.ns - 9, e.ew % 9 + 1, e.boards) for e in sheet.round(r)}
        theirs = {(e.ns, e.ew, e.boards) for e in plain.round(k)}
        assert ours == theirs


def test_the_manual_cuts_round_nine() -> None:
    m = ARROW.build(9, options(printed=True, rounds=8))
    assert as_played(m) == grid(NINE_TABLES)[:8]


def test_jcbl_eight_table_scrambled_sheet() -> None:
    m = ARROW.build(8, options(printed=True, boards_per_round=3))
    assert as_played(m) == grid(EIGHT_TABLES)
    assert [r for r in range(1, 9) if m.round(r)[0].arrow_switch] == [2, 4, 6, 8]
    report = check(m)
    assert report.notes == [] and not m.relays and not m.bye_boards
    assert len(report.meetings) == 64, "every pair of 1-8 meets every pair of 9-16"


def test_jcbl_pattern_switches_two_rounds_in_four() -> None:
    assert jcbl_switches(13) == (3, 4, 7, 8, 11, 12)
    m = ARROW.build(7)
    assert [r for r in range(1, 8) if m.round(r)[0].arrow_switch] == [3, 4, 7]
    assert "the moving pairs play NS in rounds 3, 4, 7" in m.description


def test_one_series_numbering() -> None:
    """EW pair e of the Mitchell is pair tables + e; the opponents are the Mitchell's."""
    m = ARROW.build(8, options(variant="relay", switched_rounds=(1,)))
    plain = Mitchell().build(8, MitchellOptions(variant="relay"))
    assert m.numbering is Numbering.HOWELL
    assert [(e.ns, e.ew - 8, e.boards) for e in m.schedule] == [
        (e.ns, e.ew, e.boards) for e in plain.schedule
    ]
    assert m.relays == plain.relays and m.bye_boards == plain.bye_boards
    assert m.stationary == tuple(Pair(t) for t in range(1, 9)) and m.phantom == Pair(8)
    assert {e.round for e in m.schedule if e.arrow_switch} == {1}


def test_the_guide_switches_about_one_round_in_eight_first() -> None:
    m = ARROW.build(16, options(switched_rounds=(1, 9)))
    assert {e.round for e in m.schedule if e.arrow_switch} == {1, 9}
    assert ARROW.build(7, options(switched_rounds=())).description.endswith("rounds none.")


@pytest.mark.parametrize(
    ("tables", "given", "message"),
    [
        (7, {"switched_rounds": (8,)}, "Round 8 cannot be switched"),
        (10, {"printed": True}, "only for 8 and 9 tables"),
        (9, {"printed": True, "rounds": 10}, "has 9 rounds, not 10"),
        (8, {"variant": "straight"}, "needs an odd number of tables"),
    ],
)
def test_refusals(tables: int, given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        ARROW.build(tables, options(**given))


def assert_one_field(m: Movement, tables: int) -> None:
    report = check(m)
    assert report.ok
    assert m.numbering is Numbering.HOWELL
    assert {e.ns for e in m.schedule} == set(range(1, tables + 1))
    assert {e.ew for e in m.schedule} == set(range(tables + 1, 2 * tables + 1))
    assert max(Counter((e.ns, e.ew) for e in m.schedule).values()) == 1
    assert len(set(report.plays.values())) == 1


VARIANTS = {1: ["straight"], 0: ["skip", "relay"]}


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(data=st.data(), tables=st.integers(3, 20))
def test_every_size_and_switch_schedule_is_sound(data: st.DataObject, tables: int) -> None:
    variant = data.draw(st.sampled_from(VARIANTS[tables % 2]))
    full = tables - 1 if variant == "skip" else tables
    switched = data.draw(st.none() | st.lists(st.integers(1, full), max_size=full))
    m = ARROW.build(
        tables,
        options(
            variant=variant,
            switched_rounds=None if switched is None else tuple(switched),
            boards_per_round=data.draw(st.integers(1, 3)),
        ),
    )
    assert_one_field(m, tables)
    expected = set(jcbl_switches(full)) if switched is None else set(switched)
    assert {e.round for e in m.schedule if e.arrow_switch} == expected
    assert all(e.arrow_switch == (e.round in expected) for e in m.schedule), (
        "a switched round turns the boards at every table"
    )


@pytest.mark.parametrize(
    ("tables", "given"), [(7, {}), (8, {}), (9, {"printed": True}), (8, {"printed": True})]
)
def test_arrow_switch_may_stop_after_any_round(tables: int, given: dict[str, object]) -> None:
    """Turning boards does not change how often they are played."""
    m = ARROW.build(tables, options(**given))
    assert m.curtail_after == tuple(range(1, m.rounds))
    assert_curtailing_exact(m)
