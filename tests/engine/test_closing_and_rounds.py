"""A session closed with results missing, reopened; rounds enforced or not; a movement
assigned again; a Mitchell's two lines ranked together (issue 14, dead ends).

Decide-level where the rule is the aggregate's, application-level where the command
gathers what it decides on (the results missing across a session's sections).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from uuid import UUID

import pytest

from adapters.storage import env_for
from engine import errors
from engine.application import Traveller
from engine.errors import Fix
from engine.events import DomainEvent
from engine.history import audit
from engine.registry import create_registry
from engine.seating import Line, Numbering, Pair, pair_order
from engine.section import ImportRow, ResultEntry, ResultRecorded
from engine.section import decide as section_decide
from engine.section.checks import missing_results
from engine.standings import compute_standings
from engine.testing import memory_app
from engine.tournament import (
    MissingResult,
    RoundsEnforcementChosen,
    ScoringChoice,
    SessionClosed,
    SessionReopened,
    project_tournament,
)
from engine.tournament import decide as tournament_decide
from tests.conftest import register_pairs
from tests.engine.test_decide import EVENT, FOUR_SPADES, TD, Game, new_game, record

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def mitchell_game() -> Game:
    """A 7-table Mitchell (14 pairs, 3 boards a round) with no results, as the
    application leaves its states."""
    app = memory_app()
    event = app.create_event("Tuesday pairs")
    register_pairs(app, event, 14)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    return Game(app.tournament(event), app.section(event))


def result(board: int, ns: int, ew: int, round: int | None = None) -> ResultEntry:
    """4S= by North at the table (the slip's round, if written on it)."""
    return ResultEntry(
        board=board, ns=ns, ew=ew, contract="4S", declarer="N", tricks=10, round=round
    )


def scheduled(game: Game, rnd: int) -> list[tuple[int, int, int]]:
    """(board, NS, EW) of every table of round ``rnd``."""
    movement = game.section.movement
    assert movement is not None
    return [(b, e.ns, e.ew) for e in movement.round(rnd) for b in e.boards]


# ---- a movement assigned again ---------------------------------------------------------------


def test_a_movement_assigned_again_replaces_the_seats_and_restarts_the_rounds() -> None:
    """A Mitchell after a Howell left the Howell's seats beside the Mitchell's (16 entries
    in 32 seats, ``1`` beside ``NS1``), which the CLI then could not even sort."""
    game = mitchell_game()
    howell = create_registry().movement("howell")
    game = game.then(section_decide.start_round(game.section, 1, actor=TD))
    game = game.then(
        section_decide.assign_movement(
            game.tournament, game.section, howell, tables=None, options=None, actor=TD
        )
    )
    assert game.section.movement is not None and game.section.movement.family == "howell"
    assert all(pair.line is None for pair in game.section.seats)
    assert sorted(game.section.seats.values()) == sorted(game.tournament.entries)
    assert game.section.current_round is None, "the new movement starts from round 1"
    section_decide.start_round(game.section, 1, actor=TD)


def test_the_application_reassigns_a_movement_in_a_section_with_no_results(
    app: Traveller,
) -> None:
    event = app.create_event("Tuesday pairs")
    entries = register_pairs(app, event, 16)
    app.assign_movement(event, "howell")
    state = app.assign_movement(event, "mitchell")
    assert state.movement is not None and state.movement.family == "mitchell"
    seats = sorted(state.seats, key=pair_order)
    assert {p.line for p in seats} == {Line.NS, Line.EW} and len(seats) == 16
    assert sorted(state.seats.values()) == sorted(entries)
    assert app.section(event).seats == state.seats  # as stored, not only as returned
    state = app.assign_movement(event, "howell")
    assert {p.line for p in state.seats} == {None} and len(state.seats) == 16


# ---- closing with results missing ------------------------------------------------------------


def test_closing_with_results_missing_is_refused_without_a_reason_and_lists_them() -> None:
    game = mitchell_game()
    game = game.then(record(game, FOUR_SPADES))
    missing = missing_results(game.tournament, game.section)
    assert len(missing) == 7 * 7 * 3 - 1
    assert MissingResult(section="A", round=1, board=2, ns=1, ew=1) in missing
    assert all(m.board != 1 or (m.ns, m.ew) != (1, 1) for m in missing)
    with pytest.raises(errors.ResultsMissing, match="still lacks 146 results") as refused:
        tournament_decide.close_session(game.tournament, 1, missing=missing, actor=TD)
    assert refused.value.problems[0] == "section A, round 1: NS 1 v EW 1, boards 2, 3"
    assert "section A, round 1: NS 2 v EW 2, boards 4, 5, 6" in refused.value.problems
    assert len(refused.value.problems) == 7 * 7
    # The way to close all the same is a fix the adapters word (CLI: --reason "REASON").
    assert Fix(None, needs=("reason",)) in refused.value.fixes
    (closed,) = tournament_decide.close_session(
        game.tournament, 1, missing=missing, reason="the last round was curtailed", actor=TD
    )
    assert isinstance(closed, SessionClosed)
    assert closed.missing == tuple(missing)
    assert closed.reason == "the last round was curtailed"


def test_the_phantoms_and_a_withdrawn_pairs_tables_are_not_missing(app: Traveller) -> None:
    event = app.create_event("Tuesday pairs")
    register_pairs(app, event, 13)  # a phantom: NS 7 sits out
    app.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    missing = missing_results(app.tournament(event), app.section(event))
    assert len(missing) == 6 * 7 * 3
    assert not [m for m in missing if m.ns == 7]
    withdrawn = app.section(event).seats[Pair(2, Line.EW)]
    app.withdraw_entry(event, withdrawn, reason="taken ill")
    missing = missing_results(app.tournament(event), app.section(event))
    # EW 2 meets the phantom once: six of its tables are left out
    assert len(missing) == 6 * 7 * 3 - 6 * 3 and not [m for m in missing if m.ew == 2]


def test_a_session_is_closed_and_reopened_with_reasons_kept_in_the_audit(
    app: Traveller, mitchell: UUID
) -> None:
    with pytest.raises(errors.ResultsMissing) as refused:
        app.close_session(mitchell)
    assert len(refused.value.problems) == 7 * 7
    assert app.tournament(mitchell).closed == set(), "a refused close writes nothing"
    closed = app.close_session(mitchell, reason="travellers lost")
    assert len(closed.missing) == 147
    with pytest.raises(errors.Rejected, match="Session 1 is closed") as shut:
        app.record_result(mitchell, FOUR_SPADES)
    reopen = Fix(
        "session.reopen", fields={"event": str(mitchell)[:8], "session": 1}, needs=("reason",)
    )
    assert reopen in shut.value.fixes
    with pytest.raises(errors.NotFound, match="no result") as uncorrectable:
        app.correct_result(mitchell, FOUR_SPADES, reason="wrong")
    assert "reopen session 1" in (uncorrectable.value.hint or "")
    assert "session.reopen" in [f.command for f in uncorrectable.value.fixes]
    with pytest.raises(errors.ReasonRequired, match="reopening a session"):
        app.reopen_session(mitchell, reason=" ")
    app.reopen_session(mitchell, reason="travellers found")
    assert app.record_result(mitchell, FOUR_SPADES).score_ns == 420
    with pytest.raises(errors.Rejected, match="Session 1 is not closed"):
        app.reopen_session(mitchell, reason="twice")
    trail = [(r["type"], r["reason"]) for r in audit(app, mitchell)]
    assert ("SessionClosed", "travellers lost") in trail
    assert ("SessionReopened", "travellers found") in trail
    (shown,) = [r for r in audit(app, mitchell) if r["type"] == "SessionClosed"]
    assert len(shown["data"]["missing"]) == 147


def test_a_session_with_every_result_closes_without_a_reason(app: Traveller) -> None:
    event = app.create_event("Results only")
    app.record_result(event, result(1, 1, 2), numbering=Numbering.HOWELL)
    closed = app.close_session(event)
    assert closed.missing == () and closed.reason is None


def test_reopening_is_a_tournament_event_and_needs_a_closed_session() -> None:
    game = new_game()
    with pytest.raises(errors.Rejected, match="Session 1 is not closed"):
        tournament_decide.reopen_session(game.tournament, 1, reason="why", actor=TD)
    game = game.then(tournament_decide.close_session(game.tournament, 1, actor=TD))
    (reopened,) = tournament_decide.reopen_session(game.tournament, 1, reason="why", actor=TD)
    assert isinstance(reopened, SessionReopened) and reopened.originator_id == EVENT
    assert 1 not in game.then([reopened]).tournament.closed


# ---- rounds enforced, or results in any order ------------------------------------------------


def enforced(game: Game) -> Game:
    return game.then(tournament_decide.choose_rounds_enforcement(game.tournament, True, actor=TD))


def test_by_default_results_are_accepted_for_rounds_not_yet_started() -> None:
    game = mitchell_game()
    assert not game.tournament.rounds_enforced
    board, ns, ew = scheduled(game, 5)[0]
    (event,) = record(game, result(board, ns, ew))
    assert isinstance(event, ResultRecorded)


def test_with_rounds_enforced_a_result_waits_for_its_round() -> None:
    game = enforced(mitchell_game())
    board, ns, ew = scheduled(game, 1)[0]
    with pytest.raises(
        errors.Rejected, match=r"played in round 1 of section A, which has not started"
    ):
        record(game, result(board, ns, ew))
    game = game.then(section_decide.start_round(game.section, 1, actor=TD))
    game = game.then(record(game, result(board, ns, ew)))
    later = scheduled(game, 3)[0]
    with pytest.raises(
        errors.Rejected, match=r"round 3 of section A, which has not started \(round 1"
    ) as e:
        record(game, result(*later))
    # The commands are fixes the adapters word (CLI: traveller round start 3, event rounds --free).
    assert e.value.fixes == (
        Fix("round.start", fields={"round": 3}),
        Fix("event.rounds", fields={"enforce": False}),
    )
    game = game.then(section_decide.end_round(game.section, 1, actor=TD))
    game = game.then(record(game, result(*scheduled(game, 1)[1])))  # a late slip of round 1


def test_with_rounds_enforced_an_unscheduled_result_goes_by_the_round_on_its_slip() -> None:
    game = enforced(mitchell_game())
    game = game.then(section_decide.start_round(game.section, 1, actor=TD))

    def override(entry: ResultEntry) -> list[DomainEvent]:
        return section_decide.record_result(
            game.tournament, game.section, entry, numbering=None, override="slip", actor=TD
        )

    with pytest.raises(errors.Rejected, match=r"slip of board 1 .* is for round 4"):
        override(result(1, 1, 2, round=4))
    (recorded,) = override(result(1, 1, 2))
    assert isinstance(recorded, ResultRecorded) and recorded.override


def test_with_rounds_enforced_a_file_of_results_is_checked_line_by_line() -> None:
    game = enforced(mitchell_game())
    game = game.then(section_decide.start_round(game.section, 1, actor=TD))
    first, later = scheduled(game, 1)[0], scheduled(game, 2)[0]
    rows = [
        ImportRow(line=n, board=b, ns=ns, ew=ew, entry=result(b, ns, ew))
        for n, (b, ns, ew) in enumerate((first, later), start=2)
    ]
    with pytest.raises(errors.InvalidFile) as refused:
        section_decide.import_results(
            game.tournament,
            game.section,
            rows,
            numbering=None,
            scoring=None,
            scoring_reason="",
            actor=TD,
        )
    assert len(refused.value.problems) == 1
    assert refused.value.problems[0].startswith("line 3: Board")


def test_enforcing_rounds_is_chosen_when_the_event_is_created_or_later() -> None:
    created = tournament_decide.create_event(
        EVENT, "Live", date=None, club=None, scoring=ScoringChoice(), enforce_rounds=True, actor=TD
    )
    assert [type(e) for e in created][1:] == [RoundsEnforcementChosen]
    tournament = project_tournament(None, created)
    assert tournament is not None and tournament.rounds_enforced
    assert tournament_decide.choose_rounds_enforcement(tournament, True, actor=TD) == []
    (freed,) = tournament_decide.choose_rounds_enforcement(tournament, False, actor=TD)
    freed_state = project_tournament(tournament.copy(), [freed])
    assert freed_state is not None and not freed_state.rounds_enforced


def test_the_application_creates_an_event_that_enforces_rounds(app: Traveller) -> None:
    event = app.create_event("Live", enforce_rounds=True)
    register_pairs(app, event, 14)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    with pytest.raises(errors.Rejected, match="has not started"):
        app.record_result(event, FOUR_SPADES)
    assert app.choose_rounds_enforcement(event, False)
    assert app.record_result(event, FOUR_SPADES).score_ns == 420


def test_an_event_of_release_0_1_0_accepts_results_in_any_order(tmp_path: Path) -> None:
    """0.1.0 wrote no choice: its events (and their closes, which listed nothing) read
    as before."""
    copy = tmp_path / "store.db"
    shutil.copy(FIXTURES / "store-0.1.0.db", copy)
    app = Traveller(env_for(f"sqlite:///{copy}"))
    events = [listed[0] for listed in app.list_events()]
    assert events
    assert not any(app.tournament(event_id).rounds_enforced for event_id in events)
    closes = [
        e for event_id in events for e in app.events.get(event_id) if isinstance(e, SessionClosed)
    ]
    assert closes and all(c.missing == () for c in closes)


# ---- a Mitchell's two lines ranked together --------------------------------------------------


def test_the_combined_ranking_of_a_mitchell_names_each_pairs_line(
    app: Traveller, mitchell: UUID
) -> None:
    app.record_result(mitchell, FOUR_SPADES)
    standings = compute_standings(
        app.registry, app.tournament(mitchell), app.sections(mitchell, 1), 1
    ).to_json()
    assert standings["overall"] is not None
    rows = standings["overall"]["rows"]
    labels = {(r["section"], r["pair"], r["line"]) for r in rows}
    assert len(labels) == len(rows) == 14
    assert {("A", 1, "NS"), ("A", 1, "EW")} <= labels
    for field in standings["fields"]:  # each line's own field needs no line
        assert all("line" not in r for r in field["rows"])
