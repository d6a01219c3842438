"""The movement validator: every broken movement is reported in words a director can act on."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from engine.errors import InvalidMovement
from engine.movement import Encounter, Movement, Relay, SitOut
from engine.seating import Line, Numbering, Pair
from engine.validator import check, validate

Row = tuple[int, int, int, int, tuple[int, ...]]
"""(round, table, NS, EW, boards)"""

# A straight 3-table Mitchell: NS stay, EW move up, boards (sets of two) move down.
MITCHELL_3: list[Row] = [
    (1, 1, 1, 1, (1, 2)), (1, 2, 2, 2, (3, 4)), (1, 3, 3, 3, (5, 6)),
    (2, 1, 1, 3, (3, 4)), (2, 2, 2, 1, (5, 6)), (2, 3, 3, 2, (1, 2)),
    (3, 1, 1, 2, (5, 6)), (3, 2, 2, 3, (1, 2)), (3, 3, 3, 1, (3, 4)),
]  # fmt: skip


def movement(
    rows: list[Row],
    *,
    numbering: Numbering = Numbering.MITCHELL,
    tables: int = 3,
    rounds: int = 3,
    boards_per_round: int = 2,
    **extra: Any,
) -> Movement:
    return Movement(
        family="test",
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        numbering=numbering,
        schedule=tuple(
            Encounter(round=r, table=t, ns=ns, ew=ew, boards=b) for r, t, ns, ew, b in rows
        ),
        **extra,
    )


def replace(rows: list[Row], index: int, row: Row) -> list[Row]:
    return [row if i == index else old for i, old in enumerate(rows)]


def test_a_sound_movement_passes_with_its_figures() -> None:
    m = movement(MITCHELL_3, phantom=Pair(3, Line.NS))
    report = check(m)
    assert report.ok and report.problems == [] and report.notes == []
    assert validate(m) is m
    assert report.plays == dict.fromkeys(range(1, 7), 3)
    assert report.plays_without_phantom == dict.fromkeys(range(1, 7), 2)
    assert report.meetings == {
        (Pair(e, Line.EW), Pair(n, Line.NS)): 1 for n in (1, 2, 3) for e in (1, 2, 3)
    }
    assert set(report.sit_outs.values()) == {0}
    assert report.directions[Pair(2, Line.NS)] == (3, 0)
    assert report.directions[Pair(2, Line.EW)] == (0, 3)
    # Two NS pairs (or two EW pairs) are compared on all six boards; NS and EW never.
    assert report.comparisons[Pair(1, Line.NS), Pair(3, Line.NS)] == 6
    assert len(report.comparisons) == 6
    assert (report.comparison_min, report.comparison_max) == (6, 6)
    assert report.comparison_variance == 0


def test_comparison_balance_is_exact() -> None:
    # One board relayed between two tables: 1 and 3 sit NS on it, 2 and 4 EW.
    m = movement(
        [(1, 1, 1, 2, (1,)), (1, 2, 3, 4, (1,))],
        numbering=Numbering.HOWELL,
        tables=2,
        rounds=1,
        boards_per_round=1,
        relays=(Relay(round=1, tables=(1, 2), boards=(1,)),),
    )
    report = check(m)
    assert report.ok
    assert report.comparisons == {
        (Pair(1), Pair(2)): 0, (Pair(1), Pair(3)): 1, (Pair(1), Pair(4)): 0,
        (Pair(2), Pair(3)): 0, (Pair(2), Pair(4)): 1, (Pair(3), Pair(4)): 0,
    }  # fmt: skip
    assert report.comparison_variance == Fraction(2, 9)
    assert isinstance(report.comparison_stdev, Decimal)
    assert str(report.comparison_stdev).startswith("0.4714045207910316")


def test_a_pair_playing_a_board_twice() -> None:
    rows = replace(MITCHELL_3, 6, (3, 1, 1, 2, (1, 2)))  # NS 1 gets set 1 again
    problems = check(movement(rows)).problems
    assert "NS pair 1 plays board 1 twice, in rounds 1 and 3." in problems
    assert "NS pair 1 plays board 2 twice, in rounds 1 and 3." in problems
    assert "EW pair 2 plays board 1 twice, in rounds 1 and 3." not in problems


def test_howell_numbering_names_pairs_by_number() -> None:
    rows: list[Row] = [(1, 1, 5, 2, (7,)), (2, 1, 3, 5, (7,))]
    problems = check(
        movement(rows, numbering=Numbering.HOWELL, tables=1, rounds=2, boards_per_round=1)
    ).problems
    assert "Pair 5 plays board 7 twice, in rounds 1 and 2." in problems


def test_a_pair_seated_twice_in_a_round() -> None:
    rows = replace(MITCHELL_3, 1, (1, 2, 2, 1, (3, 4)))  # EW 1 at tables 1 and 2
    assert (
        "EW pair 1 is seated twice in round 1, at tables 1 and 2." in check(movement(rows)).problems
    )


def test_two_encounters_at_one_table() -> None:
    rows = replace(MITCHELL_3, 1, (1, 1, 2, 2, (3, 4)))
    problems = check(movement(rows)).problems
    assert (
        "Table 1 has 2 encounters in round 1 (NS pair 1 v EW pair 1, NS pair 2 v EW pair 2)."
        in problems
    )


def test_boards_played_unequally() -> None:
    rows = replace(MITCHELL_3, 8, (3, 3, 3, 1, (7, 8)))
    problems = check(movement(rows)).problems
    assert "Boards are played unequally (once: 7-8; twice: 3-4; 3 times: 1-2, 5-6)." in problems


def test_a_board_at_two_tables_needs_a_relay() -> None:
    rows: list[Row] = [(1, 1, 1, 2, (1,)), (1, 2, 3, 4, (1,))]
    kwargs: dict[str, Any] = dict(
        numbering=Numbering.HOWELL, tables=2, rounds=1, boards_per_round=1
    )
    problems = check(movement(rows, **kwargs)).problems
    assert problems == ["Board 1 is at tables 1 and 2 in round 1 with no relay between them."]
    wrong = Relay(round=1, tables=(1, 2), boards=(2,))
    problems = check(movement(rows, relays=(wrong,), **kwargs)).problems
    assert "The relay in round 1 shares boards 2, but table 1 does not play them." in problems


def test_bye_stand_boards() -> None:
    byes = ((1, (3, 4)), (2, (9,)))
    problems = check(movement(MITCHELL_3, bye_boards=byes)).problems
    assert "Board 3 is on the bye stand in round 1, but table 2 plays it." in problems
    assert "The bye stand in round 2 holds board 9, which no table plays." in problems


def test_boards_of_an_encounter_must_be_a_whole_set() -> None:
    rows = replace(MITCHELL_3, 0, (1, 1, 1, 1, (1, 2, 3)))
    problems = check(movement(rows)).problems
    assert "Table 1 in round 1 plays 3 boards (1-3); the movement plays 2 a round." in problems
    assert "Board sets 1-2 and 1-3 overlap: a table must play a whole set of boards." in problems
    rows = replace(MITCHELL_3, 0, (1, 1, 1, 1, (1, 1)))
    assert (
        "The boards of table 1 in round 1 list a board twice (1, 1)."
        in check(movement(rows)).problems
    )


def test_rounds_and_tables_outside_the_movement() -> None:
    problems = check(movement(MITCHELL_3, tables=2, rounds=4)).problems
    assert "Table 3 is laid in round 1, but the movement has only 2 tables." in problems
    assert "Round 4 has no table in play." in problems
    problems = check(movement(MITCHELL_3, rounds=2)).problems
    assert "Table 1 plays in round 3, but the movement has only 2 rounds." in problems


def test_declarations_that_contradict_the_schedule() -> None:
    m = movement(
        MITCHELL_3,
        stationary=(Pair(1, Line.NS), Pair(2, Line.EW), Pair(9, Line.NS)),
        phantom=Pair(4, Line.NS),
        sit_outs=(SitOut(round=2, pair=2, line=Line.NS),),
    )
    problems = check(m).problems
    assert "EW pair 2 is called stationary but sits at table 1 EW, table 2 EW, table 3 EW." in (
        problems
    )
    assert "NS pair 9 is called stationary but never plays." in problems
    assert "The phantom, NS pair 4, is not a pair of the movement." in problems
    assert "NS pair 2 is listed as sitting out round 2 but has a table." in problems
    assert not any("NS pair 1 is called" in p for p in problems)


def test_a_pair_cannot_be_its_own_opponent() -> None:
    m = movement(
        [(1, 1, 3, 3, (1,))], numbering=Numbering.HOWELL, tables=1, rounds=1, boards_per_round=1
    )
    assert "Pair 3 is its own opponent at table 1 in round 1." in check(m).problems


def test_notes_do_not_stop_play() -> None:
    # Two rounds of the same two pairs on different boards: legal, but worth a word.
    rows: list[Row] = [(1, 1, 1, 2, (1,)), (2, 1, 2, 1, (2,))]
    m = movement(
        rows, numbering=Numbering.HOWELL, tables=1, rounds=2, boards_per_round=1, phantom=Pair(2)
    )
    report = check(m)
    assert report.ok
    assert report.notes == ["Pair 1 and pair 2 meet in rounds 1 and 2."]
    assert report.directions == {Pair(1): (1, 1), Pair(2): (1, 1)}
    assert report.plays_without_phantom == {}


def test_uneven_plays_without_the_phantom_are_a_note() -> None:
    m = movement(MITCHELL_3[:6], rounds=2, phantom=Pair(3, Line.NS))
    report = check(m)
    assert report.ok
    assert report.notes == [
        "If NS pair 3 is the phantom, boards are played unequally and their scores must be "
        "factored (once: 1-2, 5-6; twice: 3-4)."
    ]


def test_sit_outs_are_counted() -> None:
    rows = [r for r in MITCHELL_3 if (r[0], r[1]) != (2, 3)]
    report = check(movement(rows))
    assert report.sit_outs[Pair(3, Line.NS)] == 1
    assert report.sit_outs[Pair(2, Line.EW)] == 1
    assert report.sit_outs[Pair(1, Line.NS)] == 0


def test_validate_lists_every_problem() -> None:
    rows = replace(MITCHELL_3, 6, (3, 1, 1, 2, (1, 2)))
    m = movement(rows, tables=2)
    with pytest.raises(InvalidMovement) as caught:
        validate(m)
    assert caught.value.problems == check(m).problems
    assert len(caught.value.problems) > 3
    assert caught.value.message.startswith("The 2-table test movement has ")
    assert "more." in caught.value.message
