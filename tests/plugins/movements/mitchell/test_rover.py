"""NS rover Mitchell against JCBL figure 13, appendix 3 §5 and the guide's rover tables."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell.basic import Mitchell, MitchellOptions
from plugins.movements.mitchell.rover import RoverMitchell, RoverMitchellOptions
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact

ROVER = RoverMitchell()


def options(**given: object) -> RoverMitchellOptions:
    return RoverMitchellOptions.model_validate(given)


def visits(m: Movement) -> list[int]:
    """The tables the rover plays at, round 2 onwards."""
    (rover,) = m.rovers
    return [e.table for e in m.schedule if e.ns == rover.number]


def printed_form(m: Movement) -> list[list[str]]:
    """Figure 13's form: the rover's cell is "(displaced NS)-EW", then the pair sitting out."""
    rover = m.rovers[0].number
    rows = [["" for _ in range(m.tables)] for _ in range(m.rounds)]
    for e in m.schedule:
        ns = f"({e.table})" if e.ns == rover else str(e.ns)
        rows[e.round - 1][m.set_index(e.boards)] = f"{ns}-{e.ew}"
    for s in m.sit_outs:
        rows[s.round - 1].append(str(s.pair))
    return rows


# Figure 13: 7-table Mitchell with NS rover 8; the last column is the pair sitting out.
# ("ミッ cellul" in the extracted heading is OCR junk for ミッチャエル.)
FIGURE_13 = """
1\t1-1\t2-2\t3-3\t4-4\t5-5\t6-6\t7-7\t8
2\t7-6\t1-7\t(2)-1\t3-2\t4-3\t5-4\t6-5\t2
3\t6-4\t7-5\t1-6\t2-7\t3-1\t(4)-2\t5-3\t4
4\t5-2\t(6)-3\t7-4\t1-5\t2-6\t3-7\t4-1\t6
5\t4-7\t5-1\t6-2\t7-3\t(1)-4\t2-5\t3-6\t1
6\t(3)-5\t4-6\t5-7\t6-1\t7-2\t1-3\t2-4\t3
7\t2-3\t3-4\t4-5\t(5)-6\t6-7\t7-1\t1-2\t5
"""


def test_figure_13_seven_table_mitchell_with_a_rover() -> None:
    m = ROVER.build(7, options(boards_per_round=3))
    assert printed_form(m) == [line.split("\t")[1:] for line in FIGURE_13.strip().splitlines()]
    assert m.rovers == (Pair(8, Line.NS),)
    # "N-S の No. 8 は第 1 ラウンドは休み、次に No. 2 … 4-NS、6-NS、1-NS、3-NS、5-NS"
    assert visits(m) == [2, 4, 6, 1, 3, 5]


# The guide's NS ROVER MITCHELL tables: the rover's table in rounds 2, 3, … ("(1)*", the
# skip Mitchells' revenge round, is a round the full-length skip Mitchell does not have).
GUIDE = {
    ("straight", 5): [2, 4, 1, 3],
    ("straight", 7): [2, 4, 6, 1, 3, 5],
    ("straight", 11): [2, 4, 6, 8, 10, 1, 3, 5, 7, 9],
    ("straight", 13): [2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11],
    ("straight", 9): [2, 4, 6, 9, 3, 5, 7, 8],
    ("skip", 8): [2, 4, 6, 3, 5, 7],
    ("skip", 10): [2, 4, 6, 8, 3, 5, 7, 9],
    ("skip", 14): [2, 4, 6, 8, 10, 12, 3, 5, 7, 9, 11, 13],
    ("skip", 12): [2, 10, 8, 6, 4, 1, 11, 9, 5, 3],
    ("relay", 6): [2, 5, 3, 6, 4],
    ("relay", 8): [1, 6, 2, 7, 3, 8, 4],
    ("relay", 10): [1, 7, 2, 8, 3, 9, 4, 10, 5],
    ("relay", 12): [3, 9, 4, 10, 5, 11, 6, 12, 7, 1, 8],
    ("relay", 14): [1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7],
}


@pytest.mark.parametrize(("variant", "tables"), list(GUIDE))
def test_the_guides_rover_tables(variant: str, tables: int) -> None:
    m = ROVER.build(tables, options(variant=variant))
    assert visits(m) == GUIDE[variant, tables]
    assert [s.pair for s in m.sit_outs] == [tables + 1, *GUIDE[variant, tables]]


def test_nine_tables_exchange_ew_6_and_9_in_rounds_3_6_and_9() -> None:
    m = ROVER.build(9)
    plain = {(e.round, e.table): e.ew for e in Mitchell().build(9).schedule}
    changed = sorted((e.round, e.ew) for e in m.schedule if e.ew != plain[e.round, e.table])
    assert changed == [(r, ew) for r in (3, 6, 9) for ew in (6, 9)]
    assert "EW 6 and EW 9 change places in rounds 3, 6, 9" in m.description
    assert check(m).notes == []


def test_without_the_exchange_the_nine_table_rover_meets_a_pair_twice() -> None:
    """The guide's special exchange is what lets the 9-table rover play all 9 rounds."""
    m = ROVER.build(9, options(rover_tables=GUIDE["straight", 9]))
    assert [n for n in check(m).notes if "NS pair 10" in n] == [
        "EW pair 9 and NS pair 10 meet in rounds 8 and 9."
    ]


# JCBL appendix 3 §5 1): the rover's tables in rounds 2 and 3 where they are not 2, 4.
JCBL_STARTS = {
    ("skip", 6): [3, 6],
    ("skip", 12): [2, 10],
    ("relay", 10): [1, 7],
    ("relay", 12): [3, 9],
    ("relay", 14): [1, 9],
    ("relay", 16): [1, 10],
}


@pytest.mark.parametrize(("variant", "tables"), list(JCBL_STARTS))
def test_jcbl_appendix_3_rover_starts(variant: str, tables: int) -> None:
    assert visits(ROVER.build(tables, options(variant=variant)))[:2] == JCBL_STARTS[variant, tables]


def test_jcbl_6_table_relay_start_cannot_be_completed() -> None:
    """JCBL lists NS 5 then NS 6 for a 6-table relay Mitchell; in the relay Mitchell of
    figure 10 EW 4 is at table 5 in round 2 and at table 6 in round 3, so the rover would
    meet it twice. We follow the guide (2, 5, 3, 6, 4) and show the clash."""
    m = ROVER.build(6, options(variant="relay", rover_tables=(5, 6, 1, 2, 3)))
    assert check(m).notes[0].startswith("EW pair 4 and NS pair 7 meet in rounds 2, 3")


# JCBL appendix 3 §5 2): how far a rover Mitchell can be played (from JTOS's sheets).
# Ours reaches at least as far: 15 tables one round more, 18/24/26 all rounds, 21 tables
# to round 20 with no rematch at all (JTOS has one in round 19).
JCBL_LIMITS = [
    ("straight", 9, 8),
    ("straight", 15, 13),
    ("skip", 18, 14),
    ("straight", 19, 18),
    ("straight", 21, 18),
    ("skip", 24, 19),
    ("skip", 26, 23),
]


@pytest.mark.parametrize(("variant", "tables", "clean"), JCBL_LIMITS)
def test_at_least_as_many_clean_rounds_as_jtos(variant: str, tables: int, clean: int) -> None:
    m = ROVER.build(tables, options(variant=variant))
    assert m.rounds >= clean
    assert check(m).notes == [] or all("phantom" in n for n in check(m).notes)


def test_fifteen_and_twenty_one_tables_stop_a_round_early() -> None:
    assert ROVER.build(15).rounds == 14
    assert ROVER.build(21).rounds == 20
    with pytest.raises(InvalidMovement, match="at most 14 rounds"):
        ROVER.build(15, options(rounds=15))


def test_curtailing_keeps_the_rovers_list() -> None:
    m = ROVER.build(11, options(rounds=6))
    assert m.rounds == 6 and visits(m) == [2, 4, 6, 8, 10]


@pytest.mark.parametrize(
    ("tables", "given", "message"),
    [
        (7, {"rover_tables": (2, 4, 6), "rounds": 7}, "needs 6 tables, not 3"),
        (7, {"rover_tables": (2, 4, 6, 1, 3, 9)}, "table 9, but there are only 7"),
        (7, {"rover_tables": (2, 4, 6, 1, 3, 2)}, "to table 2 twice"),
        (7, {"rover_tables": (7, 6, 5, 4, 3, 2)}, "NS pair 8 plays board 1 6 times"),
        (8, {"variant": "relay", "rounds": 5}, "cannot be curtailed"),
        (27, {}, "no published rover list"),
        (8, {"rounds": 5, "skip_after": 2}, "for the skip after round 4"),
        (3, {}, "no published rover list"),
    ],
)
def test_refusals(tables: int, given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        ROVER.build(tables, options(**given))


def test_the_phantom_is_an_ns_pair_the_rover_never_displaces() -> None:
    m = ROVER.build(7)
    assert m.phantom == Pair(7, Line.NS)
    assert check(m).plays_without_phantom == {b: 6 for b in range(1, 15)}


def assert_rover_sound(m: Movement) -> None:
    """The rules checked by hand as well as through the validator."""
    report = check(m)
    assert report.ok
    (rover,) = m.rovers
    rounds = [e.round for e in m.schedule if e.ns == rover.number]
    assert rounds == list(range(2, m.rounds + 1)), "the rover plays every round after the first"
    tables = visits(m)
    assert len(set(tables)) == len(tables), "a different NS pair is displaced each round"
    rested = Counter((s.round, s.pair) for s in m.sit_outs)
    assert rested[1, rover.number] == 1
    for e in m.schedule:
        if e.ns == rover.number:
            assert rested[e.round, e.table] == 1, "the displaced pair sits out that round"
    met = Counter((e.ns, e.ew) for e in m.schedule)
    assert max(met.values()) == 1, "the published rover lists avoid every rematch"
    assert all(e.ns in (e.table, rover.number) for e in m.schedule), "NS pairs stay"


SIZES = [
    (t, v) for t in [*range(4, 27), 29, 32] for v in (("straight",) if t % 2 else ("skip", "relay"))
]
COVERED = [(t, v) for t, v in SIZES if t % 3 or t <= 26]
"""JCBL's rover sheets go to 26 tables; beyond, the rules for sizes not divisible by 3."""


@pytest.mark.parametrize(("tables", "variant"), COVERED)
def test_every_size_is_sound(tables: int, variant: str) -> None:
    assert_rover_sound(ROVER.build(tables, options(variant=variant)))


@settings(max_examples=30, deadline=None)
@given(data=st.data(), case=st.sampled_from([c for c in COVERED if c[1] != "relay" and c[0] < 17]))
def test_curtailed_and_renumbered_boards_stay_sound(
    data: st.DataObject, case: tuple[int, str]
) -> None:
    tables, variant = case
    longest = ROVER.build(tables, options(variant=variant)).rounds
    m = ROVER.build(
        tables,
        options(
            variant=variant,
            rounds=data.draw(st.integers(2, longest)),
            boards_per_round=data.draw(st.integers(1, 4)),
            first_board=data.draw(st.integers(1, 50)),
        ),
    )
    assert_rover_sound(m)


@pytest.mark.parametrize(
    ("tables", "given"),
    [(5, {}), (6, {}), (7, {}), (9, {}), (7, {"rounds": 5}), (8, {"variant": "relay"})],
)
def test_the_rover_leaves_curtailing_as_in_the_mitchell(
    tables: int, given: dict[str, object]
) -> None:
    """The rover takes a displaced pair's seat, so every table still plays every round:
    play may stop after any round of a straight or skip Mitchell, never in a relay."""
    m = ROVER.build(tables, options(**given))
    base = Mitchell().build(tables, MitchellOptions.model_validate({**given, "rounds": m.rounds}))
    assert m.curtail_after == base.curtail_after
    assert m.curtail_after == (() if given.get("variant") == "relay" else tuple(range(1, m.rounds)))
    assert_curtailing_exact(m)
