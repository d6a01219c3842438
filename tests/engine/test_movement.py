"""The movement as data: its derived views follow the schedule it holds."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.movement import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    Movement,
    Relay,
    equal_stops,
    matches_of,
    relays_of,
    uncompared,
)
from engine.seating import Line, Numbering, Pair


def two_tables() -> Movement:
    schedule = (
        Encounter(round=1, table=1, ns=1, ew=1, boards=(1, 2)),
        Encounter(round=1, table=2, ns=2, ew=2, boards=(3, 4)),
    )
    return Movement(
        family="test",
        tables=2,
        rounds=1,
        boards_per_round=2,
        numbering=Numbering.MITCHELL,
        schedule=schedule,
    )


def test_a_copy_with_a_new_schedule_does_not_keep_the_old_views() -> None:
    movement = two_tables()
    # Use every cached view, so the original holds them.
    assert Pair(2, Line.EW) in movement.pairs and movement.boards == (1, 2, 3, 4)
    assert (1, Pair(1, Line.NS), Pair(1, Line.EW)) in movement.scheduled
    changed = movement.model_copy(
        update={"schedule": (Encounter(round=1, table=1, ns=3, ew=5, boards=(7, 8)),)}
    )
    assert changed.pairs == (Pair(3, Line.NS), Pair(5, Line.EW))
    assert changed.boards == (7, 8)
    assert set(changed.scheduled) == {(b, Pair(3, Line.NS), Pair(5, Line.EW)) for b in (7, 8)}
    # The original is untouched.
    assert movement.boards == (1, 2, 3, 4)


def test_equal_stops_lets_play_stop_where_the_boards_played_are_even() -> None:
    """A board not yet played does not count; one played more often than another does."""
    e = Encounter
    schedule = [
        e(round=1, table=1, ns=1, ew=2, boards=(1,)),
        e(round=1, table=2, ns=3, ew=4, boards=(2,)),
        e(round=2, table=1, ns=1, ew=4, boards=(2,)),
        e(round=2, table=2, ns=3, ew=2, boards=(1,)),
        e(round=3, table=1, ns=1, ew=3, boards=(3,)),  # board 1 a third time, 3 once
        e(round=3, table=2, ns=2, ew=4, boards=(1,)),
        e(round=4, table=1, ns=1, ew=3, boards=(2,)),
        e(round=4, table=2, ns=2, ew=4, boards=(3,)),
        e(round=5, table=1, ns=1, ew=4, boards=(3,)),
    ]
    assert equal_stops(schedule, 5) == (1, 2)  # after round 4 board 3 is still behind
    assert equal_stops(schedule, 2) == (1,)
    assert equal_stops([], 3) == ()


def test_equal_stops_for_teams_waits_for_every_match_begun() -> None:
    """NS n and EW n are team n: board 1 of 1 v 2 needs NS 2 v EW 1 too before play stops."""
    e = Encounter
    schedule = [
        e(round=1, table=1, ns=1, ew=2, boards=(1,)),
        e(round=1, table=2, ns=2, ew=1, boards=(2,)),
        e(round=2, table=1, ns=1, ew=2, boards=(2,)),
        e(round=2, table=2, ns=2, ew=1, boards=(1,)),
        e(round=3, table=1, ns=1, ew=2, boards=(3,)),
        e(round=3, table=2, ns=2, ew=1, boards=(3,)),
    ]
    assert equal_stops(schedule, 3) == (1, 2)
    assert equal_stops(schedule, 3, teams=True) == (2,)


def test_curtailing_is_part_of_the_documented_json() -> None:
    """``curtail_after`` and ``curtail_groups`` are printed, and a movement stored before
    they existed still reads (neither is required)."""
    movement = two_tables().model_copy(update={"curtail_groups": ((1,),)})
    data = movement.to_json()
    assert data["curtail_after"] == [] and data["curtail_groups"] == [[1]]
    del data["curtail_after"], data["curtail_groups"]
    assert Movement.model_validate(data).curtail_groups == ()


def test_relays_are_the_sets_several_tables_play_in_a_round() -> None:
    schedule = (
        Encounter(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
        Encounter(round=1, table=3, ns=5, ew=6, boards=(1, 2)),
        Encounter(round=1, table=2, ns=3, ew=4, boards=(3, 4)),
        Encounter(round=2, table=2, ns=3, ew=1, boards=(1, 2)),
    )
    assert relays_of(schedule) == (Relay(round=1, tables=(1, 3), boards=(1, 2)),)


def test_matches_pair_the_two_halves_of_each_board() -> None:
    """Team 1 and team 2 compare board 1 (played both ways); board 2 only one way."""
    schedule = (
        Encounter(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
        Encounter(round=1, table=2, ns=2, ew=1, boards=(1,)),
    )
    movement = two_tables().model_copy(update={"schedule": schedule, "kind": "teams"})
    assert matches_of(movement) == {(1, 2): (1,)}
    assert uncompared(movement) == [(schedule[0], 2)]


class ThreeABoard(BoardOptions):
    """A family that plays three boards a set unless told."""

    boards_per_round: BoardsPerRound = 3


def test_board_options_are_shared_and_a_family_narrows_the_default() -> None:
    assert BoardOptions().boards_per_round is None and BoardOptions().first_board == 1
    assert ThreeABoard().boards_per_round == 3
    assert ThreeABoard.model_fields["boards_per_round"].description == "Boards in each set."
    for options in (BoardOptions, ThreeABoard):
        for wrong in ({"boards_per_round": 0}, {"first_board": 0}, {"board_per_round": 2}):
            with pytest.raises(ValidationError):
                options.model_validate(wrong)
