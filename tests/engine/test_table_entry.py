"""Table entry in the engine: the event's table-entry settings, the opening lead on a
result, a table's round as its device sees it, and a result checked without being
recorded."""

from __future__ import annotations

from uuid import UUID

import pytest

from engine.application import Traveller
from engine.bridge import parse_lead
from engine.errors import InvalidInput, NotAllowed, Rejected
from engine.section.results import ResultEntry
from engine.tournament.events import LeadEntry, TableEntryChosen
from engine.tournament.state import TableEntry
from tests.conftest import register_pairs, register_teams

# ---- the settings -------------------------------------------------------------------------


def test_an_event_that_never_chose_has_ew_confirm_no_lead_and_the_traveller_shown(
    app: Traveller, mitchell: UUID
) -> None:
    assert app.tournament(mitchell).table_entry == TableEntry(True, LeadEntry.OFF, True)


def test_the_table_entry_settings_are_one_event_and_what_is_not_given_stays(
    app: Traveller, mitchell: UUID
) -> None:
    before = app.position()
    chosen = app.choose_table_entry(mitchell, opening_lead="required", actor="director:suzuki")
    assert chosen == TableEntry(True, LeadEntry.REQUIRED, True)
    chosen = app.choose_table_entry(mitchell, ew_confirmation=False)
    assert chosen == TableEntry(False, LeadEntry.REQUIRED, True)
    assert app.tournament(mitchell).table_entry == chosen
    assert app.position() == before + 2
    last = list(app.events.get(mitchell))[-1]
    assert isinstance(last, TableEntryChosen) and last.opening_lead is LeadEntry.REQUIRED
    # The same choice again records nothing.
    app.choose_table_entry(mitchell, ew_confirmation=False, opening_lead=LeadEntry.REQUIRED)
    assert app.position() == before + 2


def test_an_unknown_lead_choice_is_refused_and_nothing_is_written(
    app: Traveller, mitchell: UUID
) -> None:
    before = app.position()
    with pytest.raises(InvalidInput, match="'sometimes' is not a choice for the opening lead"):
        app.choose_table_entry(mitchell, opening_lead="sometimes")
    assert app.position() == before


# ---- the opening lead -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "card"),
    [("SK", "SK"), ("sk", "SK"), ("♠K", "SK"), ("K♠", "SK"), ("h10", "HT"), ("D 4", "D4")],
)
def test_a_lead_is_read_as_a_card(typed: str, card: str) -> None:
    assert parse_lead(typed) == card


@pytest.mark.parametrize("typed", ["S", "K", "S1", "SKH", "X4", "11S"])
def test_a_lead_that_is_not_a_card_is_refused(typed: str) -> None:
    with pytest.raises(InvalidInput, match="is not a card for the opening lead"):
        parse_lead(typed)


def test_a_result_records_its_lead_as_a_card_and_refuses_a_bad_one(
    app: Traveller, mitchell: UUID
) -> None:
    recorded = app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10, lead="♥q"))
    assert recorded.lead == "HQ"
    before = app.position()
    with pytest.raises(InvalidInput, match="'queen' is not a card"):
        app.record_result(mitchell, ResultEntry(2, 1, 1, "4S", "N", 10, lead="queen"))
    assert app.position() == before


# ---- a table's device -------------------------------------------------------------------------


def test_a_device_sees_its_table_through_the_rounds(app: Traveller, mitchell: UUID) -> None:
    device = app.issue_device(mitchell, 2, "code-hash")
    seen = app.table_round(mitchell, device.id)
    assert (seen.status, seen.round, seen.rounds, seen.open) == ("waiting", 1, 7, False)
    (play,) = seen.plays
    assert (play.ns, play.ew) == (2, 2)
    assert play.names_ns == ("A2 North", "A2 South")
    assert [b.board for b in play.boards] == [4, 5, 6] and play.sent == 0
    app.start_round(mitchell, 1)
    app.record_table_result(mitchell, device.id, ResultEntry(4, 2, 2, "3NT", "S", 9))
    seen = app.table_round(mitchell, device.id)
    assert (seen.status, seen.open) == ("playing", True)
    board = seen.plays[0].boards[0]
    assert board.done and board.result is not None and board.result.score_ns == 600
    assert seen.plays[0].sent == 1
    app.end_round(mitchell, 1)
    assert app.table_round(mitchell, device.id).status == "ended"
    app.start_round(mitchell, 2)
    seen = app.table_round(mitchell, device.id)
    assert (seen.status, seen.round) == ("playing", 2)
    assert [b.board for b in seen.plays[0].boards] == [7, 8, 9]


def test_a_table_playing_the_phantom_sits_out(app: Traveller) -> None:
    event = app.create_event("Odd")
    register_pairs(app, event, 13)
    state = app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    assert state.movement is not None
    phantom = app.section(event).phantom
    assert phantom is not None
    e = next(e for e in state.movement.round(1) if phantom in state.movement.cards(e))
    device = app.issue_device(event, e.table, "h")
    (play,) = app.table_round(event, device.id).plays
    assert play.sits_out


def test_an_arrow_switched_table_shows_the_pair_holding_the_ns_cards_as_ns(
    app: Traveller,
) -> None:
    event = app.create_event("Scrambled")
    register_pairs(app, event, 12)
    movement = app.assign_movement(
        event, "arrow-switch-mitchell", options={"boards_per_round": 2}
    ).movement
    assert movement is not None
    switched = next(e for e in movement.schedule if e.arrow_switch)
    device = app.issue_device(event, switched.table, "h")
    for rnd in range(1, switched.round + 1):
        app.start_round(event, rnd)
        if rnd < switched.round:
            app.end_round(event, rnd)
    (play,) = app.table_round(event, device.id).plays
    assert play.arrow_switch and (play.ns, play.ew) == (switched.ew, switched.ns)
    board = switched.boards[0]
    app.record_table_result(event, device.id, ResultEntry(board, play.ns, play.ew, "2H", "E", 8))
    (play,) = app.table_round(event, device.id).plays
    assert play.boards[0].done


def test_the_opening_lead_can_be_required_of_the_tables(app: Traveller, mitchell: UUID) -> None:
    app.choose_table_entry(mitchell, opening_lead="required")
    device = app.issue_device(mitchell, 1, "h")
    app.start_round(mitchell, 1)
    before = app.position()
    with pytest.raises(Rejected, match="the opening lead is required"):
        app.record_table_result(mitchell, device.id, ResultEntry(1, 1, 1, "4S", "N", 10))
    assert app.position() == before
    # A passed-out board has no lead; a director is never asked for one.
    app.record_table_result(mitchell, device.id, ResultEntry(2, 1, 1, "PASS"))
    app.record_result(mitchell, ResultEntry(3, 1, 1, "4S", "N", 10))
    app.record_table_result(mitchell, device.id, ResultEntry(1, 1, 1, "4S", "N", 10, lead="CA"))


def test_a_result_is_checked_as_the_device_would_send_it_and_nothing_is_written(
    app: Traveller, mitchell: UUID
) -> None:
    device = app.issue_device(mitchell, 1, "h")
    with pytest.raises(Rejected, match="cannot enter results yet"):
        app.check_table_result(mitchell, device.id, ResultEntry(1, 1, 1, "4S", "N", 10))
    app.start_round(mitchell, 1)
    before = app.position()
    checked = app.check_table_result(mitchell, device.id, ResultEntry(1, 1, 1, "4SX", "N", 9))
    assert (checked.score_ns, checked.round, checked.table) == (-100, 1, 1)
    with pytest.raises(NotAllowed, match="cannot enter a result of table 2"):
        app.check_table_result(mitchell, device.id, ResultEntry(1, 1, 1, "4S", "N", 10, table=2))
    assert app.position() == before


def test_a_relay_names_the_tables_that_share_the_boards(app: Traveller) -> None:
    event = app.create_event("Eight tables")
    register_pairs(app, event, 16)
    movement = app.assign_movement(
        event, "mitchell", options={"variant": "relay", "boards_per_round": 2}
    ).movement
    assert movement is not None and movement.relays
    relay = movement.relays[0]
    device = app.issue_device(event, relay.tables[0], "h")
    for rnd in range(1, relay.round + 1):
        app.start_round(event, rnd)
        if rnd < relay.round:
            app.end_round(event, rnd)
    (play,) = app.table_round(event, device.id).plays
    assert play.relay_with == relay.tables[1:]


def test_a_rover_is_named_at_the_table_it_visits(app: Traveller) -> None:
    event = app.create_event("Rover")
    register_pairs(app, event, 15)
    movement = app.assign_movement(
        event, "rover-mitchell", options={"boards_per_round": 3}
    ).movement
    assert movement is not None and movement.rovers
    rover = movement.rovers[0]
    e = next(e for e in movement.schedule if rover in (movement.ns_pair(e), movement.ew_pair(e)))
    device = app.issue_device(event, e.table, "h")
    for rnd in range(1, e.round + 1):
        app.start_round(event, rnd)
        if rnd < e.round:
            app.end_round(event, rnd)
    (play,) = app.table_round(event, device.id).plays
    assert play.rover == rover.key


def test_a_team_match_names_the_home_and_visiting_teams(app: Traveller) -> None:
    event = app.create_event("Teams")
    register_teams(app, event, 4)
    movement = app.assign_movement(event, "round-robin", options={"boards_per_round": 2}).movement
    assert movement is not None
    e = movement.round(1)[0]
    device = app.issue_device(event, e.table, "h")
    (play,) = app.table_round(event, device.id).plays
    assert (play.home_team, play.visiting_team) == (e.ns, e.ew)
