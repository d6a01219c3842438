"""The movement as data: its derived views follow the schedule it holds."""

from __future__ import annotations

from engine.movement import Encounter, Movement
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
