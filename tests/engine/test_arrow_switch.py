"""An arrow-switched board is scored with the pair that held the NS cards as NS."""

from __future__ import annotations

from engine.application import Traveller
from engine.section import ResultEntry
from engine.testing import play_movement
from tests.conftest import register_pairs


def test_a_switched_board_is_entered_and_scored_from_the_cards_held(app: Traveller) -> None:
    event = app.create_event("Scrambled")
    register_pairs(app, event, 12)
    state = app.assign_movement(event, "arrow-switch-mitchell", options={"boards_per_round": 2})
    movement = state.movement
    assert movement is not None
    switched = next(e for e in movement.schedule if e.arrow_switch)
    board = switched.boards[0]
    # The pair numbered EW at the table held the NS cards: it is the NS side of the result.
    app.record_result(event, ResultEntry(board, switched.ew, switched.ns, "4S", "N", 10))
    table = app.section(event).entry_for(board, movement.ew_pair(switched))
    assert table is not None and table.ns == movement.ew_pair(switched)
    directions = {
        p: counts
        for p, counts in __import__("engine.validator", fromlist=["check"])
        .check(movement)
        .directions.items()
    }
    assert all(abs(ns - ew) <= 1 for ns, ew in directions.values())


def test_a_whole_scrambled_session_plays(app: Traveller) -> None:
    event = app.create_event("Scrambled")
    register_pairs(app, event, 12)
    app.assign_movement(event, "arrow-switch-mitchell")
    movement = app.section(event).movement
    assert movement is not None

    assert play_movement(app, event) == len(movement.scheduled)
