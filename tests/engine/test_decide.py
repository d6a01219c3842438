"""The decide functions on their own: states built from events, no application, no store.

Each test folds events into a tournament and its section (as the repository would),
asks a decide function what a command records, and looks at the events, or at the
error that refuses the command. The states passed in are never changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

import pytest

from engine import errors
from engine.events import DomainEvent
from engine.registry import create_registry
from engine.seating import Line, Numbering, Pair
from engine.section import (
    ImportRow,
    MovementAssigned,
    NumberingChosen,
    PairsSeated,
    ResultEntry,
    ResultRecorded,
    RoundEnded,
    Section,
    SectionOpened,
    project_section,
)
from engine.section import decide as section_decide
from engine.tournament import (
    EntryRegistered,
    EventCreated,
    Player,
    ResultsPublished,
    ScoringChoice,
    SessionAdded,
    SessionClosed,
    Tournament,
    project_tournament,
    section_id,
)
from engine.tournament import decide as tournament_decide

EVENT = UUID("00000000-0000-4000-8000-000000000009")
TD = "td"


@dataclass
class Game:
    """A tournament with one section, as the events so far leave them."""

    tournament: Tournament
    section: Section

    def then(self, events: Sequence[DomainEvent]) -> Game:
        """The game with ``events`` folded in (into copies: this one stays as it was)."""
        ours = [e for e in events if e.originator_id == self.tournament.id]
        theirs = [e for e in events if e.originator_id == self.section.id]
        tournament = project_tournament(self.tournament.copy(), ours)
        section = project_section(self.section.copy(), theirs)
        assert tournament is not None and section is not None
        return Game(tournament, section)


def new_game() -> Game:
    created = tournament_decide.create_event(
        EVENT, "Club night", date=None, club=None, scoring=ScoringChoice(), actor=TD
    )
    tournament = project_tournament(None, created)
    assert tournament is not None
    opened = section_decide.add_session(tournament, 1, ["A"], actor=TD)
    section = project_section(None, [e for e in opened if isinstance(e, SectionOpened)])
    assert section is not None
    return Game(tournament, section).then(opened)


def with_pairs(game: Game, count: int) -> Game:
    for i in range(1, count + 1):
        players = [Player(name=f"North {i}"), Player(name=f"South {i}")]
        game = game.then(
            section_decide.register_entry(
                game.tournament, game.section, players, pair=None, actor=TD
            )
        )
    return game


def mitchell(pairs: int) -> Game:
    """A Mitchell of ``pairs`` pairs (7 tables, 3 boards a round) with no results yet."""
    game = with_pairs(new_game(), pairs)
    family = create_registry().movement("mitchell")  # the caller consults the registry
    return game.then(
        section_decide.assign_movement(
            game.tournament,
            game.section,
            family,
            tables=None,
            options={"boards_per_round": 3},
            actor=TD,
        )
    )


def record(game: Game, entry: ResultEntry) -> list[DomainEvent]:
    return section_decide.record_result(
        game.tournament, game.section, entry, numbering=None, override=None, actor=TD
    )


FOUR_SPADES = ResultEntry(board=1, ns=1, ew=1, contract="4S", declarer="N", tricks=10)


# ---- the event, its sessions and entries ----------------------------------------------------


def test_a_new_event_opens_session_one_and_its_sections() -> None:
    created = tournament_decide.create_event(
        EVENT, " Club night ", date=None, club=None, scoring=ScoringChoice(), actor=TD
    )
    tournament = project_tournament(None, created)
    assert tournament is not None
    events = section_decide.add_session(tournament, 1, ["a", "b"], actor=TD)
    assert [(type(e), e.originator_id, e.originator_version) for e in events] == [
        (SessionAdded, EVENT, 2),
        (SectionOpened, section_id(EVENT, 1, "A"), 1),
        (SectionOpened, section_id(EVENT, 1, "B"), 1),
    ]
    assert isinstance(created[0], EventCreated) and created[0].name == "Club night"
    assert {e.actor for e in [*created, *events]} == {TD}


def test_an_event_needs_a_name() -> None:
    with pytest.raises(errors.InvalidInput, match="needs a name"):
        tournament_decide.create_event(
            EVENT, "  ", date=None, club=None, scoring=ScoringChoice(), actor=TD
        )


def test_a_late_pair_takes_the_phantoms_seat_in_one_decision() -> None:
    game = mitchell(13)
    assert game.section.phantom == Pair(7, Line.NS)
    players = [Player(name="Late"), Player(name="Comer")]
    events = section_decide.register_entry(
        game.tournament, game.section, players, pair=None, actor=TD
    )
    registered, seated = events
    assert isinstance(registered, EntryRegistered) and registered.late
    assert (registered.originator_id, registered.originator_version) == (
        game.tournament.id,
        game.tournament.version + 1,
    )
    assert isinstance(seated, PairsSeated)
    assert (seated.originator_id, seated.originator_version) == (
        game.section.id,
        game.section.version + 1,
    )
    assert seated.seats == {"NS7": registered.entry} and seated.phantom is None
    after = game.then(events)
    assert after.section.phantom is None and game.section.phantom == Pair(7, Line.NS)


def test_a_late_pair_with_no_empty_seat_is_refused() -> None:
    game = mitchell(14)
    with pytest.raises(errors.Rejected, match="no empty seat"):
        section_decide.register_entry(
            game.tournament, game.section, [Player(name="A"), Player(name="B")], pair=None, actor=TD
        )


def test_a_section_seats_one_kind_of_entry() -> None:
    game = with_pairs(new_game(), 2)
    team = [Player(name=f"Team {seat}") for seat in "NSEW"]
    with pytest.raises(errors.Rejected, match="a section seats one kind"):
        section_decide.register_entry(game.tournament, game.section, team, pair=None, actor=TD)


def test_a_withdrawal_needs_a_reason_and_happens_once() -> None:
    game = with_pairs(new_game(), 2)
    with pytest.raises(errors.ReasonRequired):
        tournament_decide.withdraw_entry(game.tournament, "E1", reason=" ", actor=TD)
    with pytest.raises(errors.NotFound, match="no entry 'E9'"):
        tournament_decide.withdraw_entry(game.tournament, "E9", reason="ill", actor=TD)
    game = game.then(
        tournament_decide.withdraw_entry(game.tournament, "E1", reason="ill", actor=TD)
    )
    with pytest.raises(errors.Rejected, match="already withdrawn"):
        tournament_decide.withdraw_entry(game.tournament, "E1", reason="ill", actor=TD)


def test_the_movement_is_the_record_and_the_entries_are_seated() -> None:
    game = mitchell(14)
    assert game.section.movement is not None and game.section.movement.tables == 7
    assert game.section.movement.plugin == "mitchell"
    assert game.section.seats[Pair(1, Line.NS)] == "E1"
    assert len(game.section.seats) == 14
    family = create_registry().movement("mitchell")
    game = game.then(record(game, FOUR_SPADES))
    with pytest.raises(errors.Rejected, match="already has results"):
        section_decide.assign_movement(
            game.tournament, game.section, family, tables=None, options=None, actor=TD
        )


# ---- rounds ---------------------------------------------------------------------------------


def test_rounds_start_in_order() -> None:
    game = mitchell(14)
    with pytest.raises(errors.Rejected, match="The next round is round 1, not 2"):
        section_decide.start_round(game.section, 2, actor=TD)
    game = game.then(section_decide.start_round(game.section, 1, actor=TD))
    with pytest.raises(errors.Rejected, match="Round 1 has not ended yet") as open_round:
        section_decide.start_round(game.section, 2, actor=TD)
    (end,) = open_round.value.fixes  # worded by the CLI as traveller round end --event …
    assert end.command == "round.end" and end.fields["round"] == 1 and "event" in end.fields


def test_no_round_starts_after_the_last() -> None:
    game = mitchell(14)
    assert game.section.movement is not None
    rounds = game.section.movement.rounds
    for rnd in range(1, rounds + 1):
        game = game.then(section_decide.start_round(game.section, rnd, actor=TD))
        game = game.then(section_decide.end_round(game.section, rnd, actor=TD))
    for asked in (rounds + 1, rounds + 2):
        with pytest.raises(errors.Rejected, match="All 7 rounds of this movement have been"):
            section_decide.start_round(game.section, asked, actor=TD)


def test_ending_a_round_lists_the_results_it_still_lacks() -> None:
    game = mitchell(14)
    game = game.then(section_decide.start_round(game.section, 1, actor=TD))
    game = game.then(record(game, FOUR_SPADES))
    events = section_decide.end_round(game.section, 1, actor=TD)
    assert [type(e) for e in events] == [RoundEnded]
    game = game.then(events)
    missing = game.section.missing_results(1)
    assert len(missing) == 7 * 3 - 1
    assert (1, Pair(1, Line.NS), Pair(1, Line.EW)) not in missing
    assert (2, Pair(1, Line.NS), Pair(1, Line.EW)) in missing
    with pytest.raises(errors.Rejected, match="Round 1 is not in play"):
        section_decide.end_round(game.section, 1, actor=TD)


# ---- results --------------------------------------------------------------------------------


def test_a_result_is_recorded_with_its_score() -> None:
    game = mitchell(14)
    (event,) = record(game, FOUR_SPADES)
    assert isinstance(event, ResultRecorded)
    assert event.result.score_ns == 420 and not event.override
    assert event.originator_version == game.section.version + 1


def test_recording_a_result_twice_is_refused() -> None:
    game = mitchell(14)
    game = game.then(record(game, FOUR_SPADES))
    with pytest.raises(errors.DuplicateResult, match="Pair NS 1 already has a result on board 1"):
        record(game, FOUR_SPADES)


def test_a_result_the_movement_does_not_schedule_needs_an_override() -> None:
    game = mitchell(14)
    unscheduled = ResultEntry(board=1, ns=1, ew=2, contract="4S", declarer="N", tricks=10)
    with pytest.raises(errors.NotScheduled):
        record(game, unscheduled)
    (event,) = section_decide.record_result(
        game.tournament, game.section, unscheduled, numbering=None, override="slip", actor=TD
    )
    assert isinstance(event, ResultRecorded) and event.override and event.reason == "slip"


def test_a_closed_session_takes_no_new_result() -> None:
    game = mitchell(14)
    game = game.then(tournament_decide.close_session(game.tournament, 1, actor=TD))
    with pytest.raises(errors.Rejected, match="Session 1 is closed"):
        record(game, FOUR_SPADES)


def test_a_correction_needs_a_reason() -> None:
    game = mitchell(14)
    game = game.then(record(game, FOUR_SPADES))
    passed = ResultEntry(board=1, ns=1, ew=1, contract="PASS")
    for reason in ("", "   "):
        with pytest.raises(errors.ReasonRequired, match="Give a reason for a correction"):
            section_decide.correct_result(
                game.tournament,
                game.section,
                passed,
                reason=reason,
                was_ns=None,
                was_ew=None,
                override=None,
                actor=TD,
            )
    (corrected,) = section_decide.correct_result(
        game.tournament,
        game.section,
        passed,
        reason="passed out",
        was_ns=None,
        was_ew=None,
        override=None,
        actor=TD,
    )
    assert corrected.reason == "passed out"


def test_a_results_only_section_chooses_its_numbering_with_the_first_result() -> None:
    game = new_game()
    entry = ResultEntry(board=1, ns=1, ew=2, contract="4S", declarer="N", tricks=10)
    with pytest.raises(errors.Rejected, match="no movement and no pair numbering"):
        record(game, entry)
    events = section_decide.record_result(
        game.tournament, game.section, entry, numbering=Numbering.HOWELL, override=None, actor=TD
    )
    assert [(type(e), e.originator_version) for e in events] == [
        (NumberingChosen, game.section.version + 1),
        (ResultRecorded, game.section.version + 2),
    ]
    assert game.section.numbering is None, "a decision leaves the state it was given alone"


def test_an_import_checks_each_line_against_the_lines_before_it() -> None:
    game = mitchell(14)
    line = ImportRow(line=1, board=1, ns=1, ew=1, entry=FOUR_SPADES)
    again = ImportRow(line=2, board=1, ns=1, ew=1, entry=FOUR_SPADES)
    with pytest.raises(errors.InvalidFile) as refused:
        section_decide.import_results(
            game.tournament,
            game.section,
            [line, again],
            numbering=None,
            scoring=None,
            scoring_reason="",
            actor=TD,
        )
    (problem,) = refused.value.problems
    assert problem.startswith("line 2: Pair NS 1 already has a result on board 1")
    assert not game.section.tables, "a decision leaves the state it was given alone"


# ---- closing and publishing -----------------------------------------------------------------


def test_a_session_closes_once_and_is_published_only_when_closed() -> None:
    game = new_game()

    def publish(tournament: Tournament) -> list[DomainEvent]:
        return tournament_decide.publish(
            tournament,
            1,
            method="matchpoints",
            method_version="1",
            digest="d",
            standings={},
            actor=TD,
        )

    with pytest.raises(errors.Rejected, match="Session 1 is still open"):
        publish(game.tournament)
    closed = tournament_decide.close_session(game.tournament, 1, actor=TD)
    assert [type(e) for e in closed] == [SessionClosed]
    game = game.then(closed)
    with pytest.raises(errors.Rejected, match="already closed"):
        tournament_decide.close_session(game.tournament, 1, actor=TD)
    with pytest.raises(errors.NotFound, match="has no session 2"):
        tournament_decide.close_session(game.tournament, 2, actor=TD)
    (published,) = publish(game.tournament)
    assert isinstance(published, ResultsPublished) and published.digest == "d"


def test_movement_assigned_is_recorded_before_the_seats() -> None:
    game = with_pairs(new_game(), 14)
    family = create_registry().movement("mitchell")
    events = section_decide.assign_movement(
        game.tournament, game.section, family, tables=None, options=None, actor=TD
    )
    assigned, seated = events
    assert isinstance(assigned, MovementAssigned) and isinstance(seated, PairsSeated)
    assert [e.originator_version for e in events] == [game.section.version + n for n in (1, 2)]
