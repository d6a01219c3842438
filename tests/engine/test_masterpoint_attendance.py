"""How much of a session each contestant played, from the store, and an eligibility rule's
answer for every one (the Australian club director's guide: "A session for green
masterpoint purposes is at least 24 boards. For larger sessions players need to play at
least 75% of the boards to be eligible for masterpoints. A sit out counts as boards
played.")."""

from __future__ import annotations

from uuid import UUID

import pytest

from engine.application import Traveller
from engine.errors import InvalidInput
from engine.masterpoints import Attendance, attendance_of, conditions, session_eligibility
from engine.registry import parse_options
from engine.seating import Line, Numbering, Pair
from engine.section import ResultEntry
from engine.testing import play_movement
from engine.tournament import Player
from plugins.masterpoints.eligibility import AustralianClub
from tests.conftest import register_pairs

GREEN = AustralianClub()


def seven_table_mitchell(app: Traveller, pairs: int = 13) -> UUID:
    """A 7-table Mitchell of 4-board rounds (28 boards); with 13 pairs, a phantom."""
    event = app.create_event("Club night")
    register_pairs(app, event, pairs)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 4})
    return event


def test_a_pair_that_meets_the_phantom_sits_out_its_boards(app: Traveller) -> None:
    event = seven_table_mitchell(app)
    play_movement(app, event)
    state = app.section(event)
    assert state.phantom is not None
    seen = attendance_of(state)
    assert len(seen) == 13 and state.phantom not in seen
    sitting = [p for p in seen if p.line is not state.phantom.line]
    assert all(seen[p] == Attendance(28, 24, 4) for p in sitting)
    others = [p for p in seen if p.line is state.phantom.line]
    assert all(seen[p] == Attendance(28, 28, 0) for p in others)


def test_a_pair_that_left_early_is_not_eligible(app: Traveller) -> None:
    event = seven_table_mitchell(app, pairs=14)
    play_movement(app, event, rounds=5)
    movement = app.section(event).movement
    assert movement is not None
    for e in movement.schedule:  # every pair but NS 1 plays the last two rounds
        if e.round > 5 and e.ns != 1:
            for b in e.boards:
                app.record_result(
                    event,
                    ResultEntry(board=b, ns=e.ns, ew=e.ew, contract="3NT", declarer="S", tricks=9),
                )
    lines = {
        line.pair: line
        for line in session_eligibility(
            GREEN, GREEN.Options(), app.tournament(event), [app.section(event)]
        )
    }
    left = lines[Pair(1, Line.NS)]
    assert (left.attendance, left.verdict.eligible) == (Attendance(28, 20, 0), False)
    assert left.verdict.reason == (
        "20 boards played of 28: fewer than the 21 (75 %) needed for masterpoints."
    )
    assert left.names == ("A1 North", "A1 South")
    # The two EW pairs NS 1 should have met in rounds 6 and 7 missed 4 boards each.
    short = [p for p, line in lines.items() if line.attendance.boards_played == 24]
    assert len(short) == 2 and all(lines[p].verdict.eligible for p in short)
    assert sum(line.verdict.eligible for line in lines.values()) == 13


def test_a_howell_half_table_is_a_sit_out(app: Traveller) -> None:
    event = app.create_event("Club night")
    register_pairs(app, event, 7)
    app.assign_movement(event, "howell", options={"boards_per_round": 4})
    play_movement(app, event)
    seen = attendance_of(app.section(event))
    assert set(seen.values()) == {Attendance(28, 24, 4)}


def test_a_curtailed_session_counts_sit_outs_only_up_to_its_boards(app: Traveller) -> None:
    event = seven_table_mitchell(app)
    play_movement(app, event, rounds=5)
    seen = attendance_of(app.section(event), session_boards=20)
    assert {a.session_boards for a in seen.values()} == {20}
    assert all(a.boards_played + a.sit_out_boards == 20 for a in seen.values())
    with pytest.raises(InvalidInput, match="more than the 16 boards of the session"):
        attendance_of(app.section(event), session_boards=16)


def test_a_short_session_earns_nobody_green_masterpoints(app: Traveller) -> None:
    event = app.create_event("Individual night")
    for i in range(1, 9):
        app.register_entry(event, [Player(name=f"Player {i}")])
    app.assign_movement(event, "individual")  # 7 rounds of 3 boards: 21
    play_movement(app, event)
    lines = session_eligibility(GREEN, GREEN.Options(), app.tournament(event), [app.section(event)])
    assert [line.pair.number for line in lines] == list(range(1, 9))
    assert {line.attendance for line in lines} == {Attendance(21, 21, 0)}
    assert {line.verdict.eligible for line in lines} == {False}
    assert lines[0].names == ("Player 1",)


def test_a_section_with_no_movement_counts_its_recorded_boards(app: Traveller) -> None:
    event = app.create_event("Results only")
    app.choose_numbering(event, Numbering.MITCHELL)
    for board in range(1, 25):
        app.record_result(
            event, ResultEntry(board=board, ns=1, ew=1, contract="4S", declarer="N", tricks=10)
        )
    for board in range(1, 19):
        app.record_result(
            event, ResultEntry(board=board, ns=2, ew=2, contract="4S", declarer="N", tricks=9)
        )
    seen = attendance_of(app.section(event))
    assert seen[Pair(1, Line.NS)] == Attendance(24, 24, 0)
    assert seen[Pair(2, Line.EW)] == Attendance(24, 18, 0)


def test_the_rules_parameters_are_stated_for_the_director() -> None:
    options = parse_options(GREEN, {"share": "70"})
    assert conditions(GREEN, options) == (
        "session_boards = 24 (The fewest boards a session has for green masterpoints); "
        "share = 70 (The per cent of the session's boards a pair must play)"
    )
