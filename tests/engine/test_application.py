"""The application's commands: what they record, and what they refuse."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from uuid import UUID, uuid4

import pytest

from engine import errors, history
from engine.application import Traveller
from engine.scoring import Award
from engine.seating import Line, Numbering, Pair
from engine.section import ResultEntry
from engine.testing import flat_score, play_movement
from engine.tournament import Player
from tests.conftest import register_pairs


def nothing_written(app: Traveller, action: Callable[[], object], error: type[Exception]) -> str:
    """Run a command that must fail; check it wrote nothing; return the message."""
    before = app.position()
    with pytest.raises(error) as caught:
        action()
    assert app.position() == before, "a rejected command must write nothing"
    return str(caught.value)


# ---- set-up ---------------------------------------------------------------------------------


def test_an_event_has_session_one_with_its_sections(app: Traveller) -> None:
    event = app.create_event("Club night", sections=("a", "B"))
    t = app.tournament(event)
    assert t.name == "Club night"
    assert t.sessions == {1: ("A", "B")}
    assert t.scoring.method == "matchpoints"
    assert app.section(event, 1, "B").name == "B"


def test_a_mitchell_seats_ns_and_ew_by_table(app: Traveller, mitchell: UUID) -> None:
    state = app.section(mitchell)
    assert state.numbering is Numbering.MITCHELL
    assert state.phantom is None
    assert state.seats[Pair(1, Line.NS)] == "E1"
    assert len(state.seats) == 14


def test_odd_pairs_in_a_mitchell_leave_the_last_ns_as_phantom(app: Traveller) -> None:
    event = app.create_event("Odd")
    register_pairs(app, event, 13)
    state = app.assign_movement(event, "mitchell")
    assert state.movement is not None and state.movement.tables == 7
    assert state.phantom == Pair(7, Line.NS)


def test_odd_pairs_in_a_howell_make_the_stationary_pair_the_phantom(app: Traveller) -> None:
    event = app.create_event("Odd")
    register_pairs(app, event, 11)
    state = app.assign_movement(event, "howell")
    assert state.phantom == Pair(12)
    late = app.register_entry(event, [Player(name="Late"), Player(name="Comer")])
    state = app.section(event)
    assert state.phantom is None
    assert state.seats[Pair(12)] == late
    assert app.tournament(event).entries[late].late


def test_a_late_pair_with_no_empty_seat_is_refused(app: Traveller, howell: UUID) -> None:
    message = nothing_written(
        app,
        lambda: app.register_entry(howell, [Player(name="A"), Player(name="B")]),
        errors.Rejected,
    )
    assert "no empty seat" in message


def test_a_requested_pair_number_is_honoured(app: Traveller) -> None:
    event = app.create_event("Stationary")
    register_pairs(app, event, 5)
    app.register_entry(event, [Player(name="Slow"), Player(name="Walker")], pair="NS1")
    state = app.assign_movement(event, "mitchell", tables=3, options={"variant": "straight"})
    assert state.seats[Pair(1, Line.NS)] == "E6"
    assert state.seats[Pair(2, Line.NS)] == "E1"


def test_a_withdrawn_pair_cannot_score(app: Traveller, mitchell: UUID) -> None:
    app.withdraw_entry(mitchell, "E1", reason="illness")
    message = nothing_written(
        app,
        lambda: app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10)),
        errors.Rejected,
    )
    assert "withdrawn" in message


# ---- results --------------------------------------------------------------------------------


def test_a_result_is_scored_from_the_boards_vulnerability(app: Traveller, mitchell: UUID) -> None:
    r = app.record_result(
        mitchell,
        ResultEntry(board=1, ns=1, ew=1, contract="4s", declarer="n", tricks=10, lead="HK"),
    )
    assert (r.contract, r.declarer, r.score_ns, r.lead) == ("4S", "N", 420, "HK")
    r = app.record_result(
        mitchell, ResultEntry(board=2, ns=1, ew=1, contract="4S", declarer="N", tricks=10)
    )
    assert r.score_ns == 620  # board 2: NS vulnerable


def test_a_raw_score_alone_is_accepted_when_bridge_can_produce_it(
    app: Traveller, mitchell: UUID
) -> None:
    r = app.record_result(mitchell, ResultEntry(board=3, ns=1, ew=1, score_ns=-630))
    assert r.score_ns == -630 and r.contract is None


def test_passed_out(app: Traveller, mitchell: UUID) -> None:
    r = app.record_result(mitchell, ResultEntry(board=1, ns=1, ew=1, contract="PASS"))
    assert r.score_ns == 0 and r.declarer is None


@pytest.mark.parametrize(
    ("entry", "error", "words"),
    [
        (ResultEntry(1, 1, 1, "8S", "N", 10), errors.InvalidContract, "level"),
        (ResultEntry(1, 1, 1, "4S", "N", 14), errors.InvalidInput, "14"),
        (ResultEntry(1, 1, 1, "4S", "Q", 10), errors.InvalidInput, "Q"),
        (ResultEntry(1, 1, 1, "4S"), errors.InvalidInput, "declarer"),
        (ResultEntry(1, 1, 1, score_ns=425), errors.ImpossibleScore, "+425"),
        (ResultEntry(1, 1, 1, "4S", "N", 10, score_ns=450), errors.InvalidInput, "420"),
        (ResultEntry(1, 1, 1), errors.InvalidInput, "contract"),
        (ResultEntry(22, 1, 1, "4S", "N", 10), errors.NotFound, "Board 22"),
        (ResultEntry(1, 9, 1, "4S", "N", 10), errors.NotFound, "NS 9"),
        (ResultEntry(1, 1, 2, "4S", "N", 10), errors.NotScheduled, "round"),
        (ResultEntry(4, 1, 1, "4S", "N", 10), errors.NotScheduled, "board 4"),
    ],
)
def test_bad_results_are_refused_and_nothing_is_written(
    app: Traveller, mitchell: UUID, entry: ResultEntry, error: type[Exception], words: str
) -> None:
    message = nothing_written(app, lambda: app.record_result(mitchell, entry), error)
    assert words in message


def test_an_unscheduled_result_needs_an_override_with_a_reason(
    app: Traveller, mitchell: UUID
) -> None:
    entry = ResultEntry(1, 1, 2, "4S", "N", 10)
    nothing_written(
        app, lambda: app.record_result(mitchell, entry, override="  "), errors.ReasonRequired
    )
    app.record_result(mitchell, entry, override="pairs sat at the wrong table in round 1")
    trail = history.audit(app, mitchell, board=1)
    assert trail[-1]["type"] == "ResultRecorded"
    assert trail[-1]["reason"] == "pairs sat at the wrong table in round 1"
    assert trail[-1]["data"]["override"] is True
    # The table really played: the director may adjust it like any other.
    app.adjust(
        mitchell, board=1, ns=1, ew=2, award_ns=Award.parse("A"), award_ew=Award.parse("A"),
        reason="fouled at the table",
    )  # fmt: skip
    # A table that never played off the movement still needs its result first.
    with pytest.raises(errors.TravellerError, match="does not have NS 1 and EW 3 playing board 2"):
        app.adjust(
            mitchell, board=2, ns=1, ew=3, award_ns=Award.parse("A"), award_ew=Award.parse("A"),
            reason="x",
        )  # fmt: skip


def test_a_second_result_for_the_same_board_and_pair_points_to_correct(
    app: Traveller, mitchell: UUID
) -> None:
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10))
    message = nothing_written(
        app,
        lambda: app.record_result(mitchell, ResultEntry(1, 1, 1, "3NT", "N", 9)),
        errors.DuplicateResult,
    )
    assert "correct that result" in message


def test_unknown_event_section_and_session(app: Traveller, mitchell: UUID) -> None:
    entry = ResultEntry(1, 1, 1, "4S", "N", 10)
    nothing_written(app, lambda: app.record_result(uuid4(), entry), errors.NotFound)
    nothing_written(app, lambda: app.record_result(mitchell, entry, section="Z"), errors.NotFound)
    nothing_written(app, lambda: app.record_result(mitchell, entry, session=2), errors.NotFound)


def test_a_results_only_section_needs_a_numbering_then_accepts_any_pairing(
    app: Traveller,
) -> None:
    event = app.create_event("Paper travellers")
    entry = ResultEntry(9, 1, 11, "1S", "N", 10)
    message = nothing_written(app, lambda: app.record_result(event, entry), errors.Rejected)
    assert "give the numbering: mitchell" in message  # the CLI adds --numbering mitchell
    app.record_result(event, entry, numbering=Numbering.HOWELL)
    app.record_result(event, ResultEntry(9, 2, 9, "4H", "S", 11))
    nothing_written(
        app,
        lambda: app.record_result(event, ResultEntry(9, 11, 5, "4H", "S", 11)),
        errors.DuplicateResult,
    )


# ---- corrections and adjustments ------------------------------------------------------------


def test_a_correction_needs_a_reason_and_replaces_the_result(
    app: Traveller, mitchell: UUID
) -> None:
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10))
    fixed = ResultEntry(1, 1, 1, "4S", "N", 9)
    nothing_written(
        app, lambda: app.correct_result(mitchell, fixed, reason=""), errors.ReasonRequired
    )
    app.correct_result(mitchell, fixed, reason="one off, not made", actor="TD Sato")
    table = app.section(mitchell).tables[(1, Pair(1, Line.NS))]
    assert table.result is not None and table.result.score_ns == -50


def test_a_correction_can_fix_the_pair_numbers(app: Traveller, mitchell: UUID) -> None:
    app.record_result(mitchell, ResultEntry(1, 1, 2, "4S", "N", 10), override="slip unclear")
    app.correct_result(
        mitchell,
        ResultEntry(1, 1, 1, "4S", "N", 10),
        was_ns=1,
        was_ew=2,
        reason="EW pair number misread",
    )
    state = app.section(mitchell)
    assert state.entry_for(1, Pair(1, Line.EW)) is not None
    assert state.entry_for(1, Pair(2, Line.EW)) is None


def test_correcting_a_result_that_does_not_exist(app: Traveller, mitchell: UUID) -> None:
    nothing_written(
        app,
        lambda: app.correct_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 9), reason="x"),
        errors.NotFound,
    )


def test_adjustments_need_a_reason_and_both_sides(app: Traveller, mitchell: UUID) -> None:
    nothing_written(
        app,
        lambda: app.adjust(mitchell, board=1, ns=1, ew=1, neutral=True, reason=""),
        errors.ReasonRequired,
    )
    nothing_written(
        app,
        lambda: app.adjust(mitchell, board=1, ns=1, ew=1, award_ns=Award.parse("A+"), reason="x"),
        errors.Rejected,
    )
    app.adjust(
        mitchell,
        board=1,
        ns=1,
        ew=1,
        award_ns=Award.parse("A-"),
        award_ew=Award.parse("A+"),
        reason="slow play",
        law="90",
    )
    table = app.section(mitchell).tables[(1, Pair(1, Line.NS))]
    assert (str(table.award_ns), str(table.award_ew)) == ("A-", "A+")


# ---- rounds, closing, publishing -------------------------------------------------------------


def test_rounds_run_in_order_and_end_reports_missing_results(
    app: Traveller, mitchell: UUID
) -> None:
    nothing_written(app, lambda: app.start_round(mitchell, 2), errors.Rejected)
    app.start_round(mitchell, 1)
    nothing_written(app, lambda: app.start_round(mitchell, 2), errors.Rejected)
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10))
    missing = app.end_round(mitchell, 1)
    assert len(missing) == 7 * 3 - 1
    assert (2, Pair(1, Line.NS), Pair(1, Line.EW)) in missing
    nothing_written(app, lambda: app.end_round(mitchell, 1), errors.Rejected)


def test_a_closed_session_takes_corrections_but_not_new_results(
    app: Traveller, howell: UUID
) -> None:
    play_movement(app, howell, rounds=2)
    nothing_written(app, lambda: app.publish(howell), errors.Rejected)
    nothing_written(app, lambda: app.close_session(howell), errors.ResultsMissing)
    app.close_session(howell, reason="the last rounds were not played")
    e = app.section(howell).movement.round(3)[0]  # type: ignore[union-attr]
    nothing_written(
        app,
        lambda: app.record_result(howell, ResultEntry(e.boards[0], e.ns, e.ew, "3NT", "N", 9)),
        errors.Rejected,
    )
    done = next(t for t in app.section(howell).entries())
    app.correct_result(
        howell,
        ResultEntry(done.board, done.ns.number, done.ew.number, "PASS"),
        reason="it was passed out",
    )
    published = app.publish(howell)
    assert published.method == "matchpoints" and len(published.digest) == 64
    assert app.tournament(howell).publications[1][0].digest == published.digest


# ---- concurrency ------------------------------------------------------------------------------


def test_a_conflict_within_a_section_is_retried_and_nothing_is_lost(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine import application as module

    url = f"{tmp_path}/club.db"
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": url}
    first, second = Traveller(env), Traveller(env)
    event = first.create_event("Busy night")
    register_pairs(first, event, 14)
    first.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    attempts = []
    original = module.UnitOfWork.section

    def section_then_interleave(self: module.UnitOfWork, *args: object) -> object:
        state = original(self, *args)  # type: ignore[arg-type]
        attempts.append(1)
        if len(attempts) == 1:  # another scorer records a result right now
            second.record_result(event, ResultEntry(2, 1, 1, "3NT", "S", 9))
        return state

    monkeypatch.setattr(module.UnitOfWork, "section", section_then_interleave)
    first.record_result(event, ResultEntry(1, 1, 1, "4S", "N", 10))
    monkeypatch.undo()
    assert len(attempts) == 3  # the first try, the interleaved writer, the retry
    tables = Traveller(env).section(event).tables
    assert {(1, Pair(1, Line.NS)), (2, Pair(1, Line.NS))} <= set(tables)


def test_sections_never_conflict(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import application as module

    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{tmp_path}/c.db"}
    first, second = Traveller(env), Traveller(env)
    event = first.create_event("Two sections", sections=("A", "B"))
    for section in ("A", "B"):
        register_pairs(first, event, 14, section)
        first.assign_movement(event, "mitchell", section=section)
    calls = []
    original = module.UnitOfWork.section

    def interleave(self: module.UnitOfWork, *args: object) -> object:
        state = original(self, *args)  # type: ignore[arg-type]
        calls.append(args)
        if len(calls) == 1:
            second.record_result(event, ResultEntry(1, 1, 1, "4S", "N", 10), section="B")
        return state

    monkeypatch.setattr(module.UnitOfWork, "section", interleave)
    first.record_result(event, ResultEntry(1, 1, 1, "4S", "N", 10), section="A")
    monkeypatch.undo()
    assert len(calls) == 2  # A once (no retry), and B by the other scorer


def test_an_adjustment_cannot_clash_with_another_tables_result(app: Traveller) -> None:
    event = app.create_event("Paper")
    app.record_result(event, ResultEntry(1, 1, 2, "4S", "N", 10), numbering=Numbering.HOWELL)
    message = nothing_written(
        app,
        lambda: app.adjust(event, board=1, ns=1, ew=3, neutral=True, reason="x"),
        errors.DuplicateResult,
    )
    assert "Pair 1 already has a result on board 1" in message
    app.adjust(event, board=1, ns=1, ew=2, neutral=True, reason="fouled board")
    assert app.section(event).tables[(1, Pair(1))].neutral


def test_a_pair_withdrawn_mid_session_keeps_its_table_put_right(
    app: Traveller, mitchell: UUID
) -> None:
    """A pair that leaves after round 1: no new result, but its played board corrected
    and its opponents' unplayed boards adjusted."""
    section = app.section(mitchell)
    movement = section.movement
    assert movement is not None
    first = next(e for e in movement.round(1) if e.ns == 1)
    later = next(e for e in movement.round(2) if e.ns == 1)
    app.record_result(mitchell, flat_score(first.boards[0], first))
    entry = section.seats[Pair.parse("NS1")]
    app.withdraw_entry(mitchell, entry, reason="taken ill")
    with pytest.raises(errors.Rejected, match="has withdrawn: it plays no more boards"):
        app.record_result(mitchell, flat_score(later.boards[0], later))
    corrected = dataclasses.replace(flat_score(first.boards[0], first), tricks=7)
    app.correct_result(mitchell, corrected, reason="misread slip")
    app.adjust(
        mitchell,
        board=later.boards[0],
        ns=later.ns,
        ew=later.ew,
        award_ns=Award.parse("A-"),
        award_ew=Award.parse("A+"),
        reason="NS withdrew",
    )
