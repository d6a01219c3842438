"""What a tournament's commands record: pure functions of its state and the command.

Each function takes the current state and what the director asked, makes every check
(:mod:`engine.tournament.checks`) and returns the new events, numbered on from the
state's version; it never reads or writes a store. What a plugin decided (standings, a
carry-over) is worked out by the caller and passed in: the events remember it.
Commands that record on a tournament and its sections together are in
:mod:`engine.section.decide`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from engine.errors import Rejected
from engine.events import Changes, DomainEvent
from engine.tournament.checks import (
    check_closed,
    check_flights,
    check_sessions,
    check_stage,
    find_entry,
    require_reason,
    require_text,
)
from engine.tournament.events import (
    CarriedScore,
    CarryOverRecorded,
    ContestantKind,
    ContestantsChosen,
    EntryWithdrawn,
    EventCreated,
    FlightsAssigned,
    ResultsPublished,
    ScoringChoice,
    SectionRanking,
    SectionRankingChosen,
    SessionClosed,
    StageDefined,
)
from engine.tournament.state import Tournament


def create_event(
    event_id: UUID,
    name: str,
    *,
    date: dt.date | None,
    club: str | None,
    scoring: ScoringChoice,
    actor: str,
) -> list[DomainEvent]:
    """A new event (its first session is added by :func:`engine.section.decide.add_session`)."""
    require_text(name, "The event needs a name.")
    changes = Changes(actor)
    changes.start(event_id, EventCreated, name=name.strip(), date=date, club=club, scoring=scoring)
    return changes.events


def withdraw_entry(
    tournament: Tournament, entry: str, *, reason: str, actor: str
) -> list[DomainEvent]:
    require_reason(reason, "withdrawing an entry")
    if find_entry(tournament, entry).withdrawn:
        raise Rejected(f"Entry {entry} has already withdrawn.")
    changes = Changes(actor)
    changes.add(tournament, EntryWithdrawn, entry=entry, reason=reason)
    return changes.events


def close_session(tournament: Tournament, session: int, *, actor: str) -> list[DomainEvent]:
    check_sessions(tournament, [session])
    if session in tournament.closed:
        raise Rejected(f"Session {session} is already closed.")
    changes = Changes(actor)
    changes.add(tournament, SessionClosed, session=session)
    return changes.events


def publish(
    tournament: Tournament,
    session: int,
    *,
    method: str,
    method_version: str,
    digest: str,
    standings: dict[str, Any],
    actor: str,
) -> list[DomainEvent]:
    """The standings of a closed session, as the scoring method (at its version) gave them."""
    check_closed(tournament, session)
    changes = Changes(actor)
    changes.add(
        tournament,
        ResultsPublished,
        session=session,
        method=method,
        method_version=method_version,
        digest=digest,
        standings=standings,
    )
    return changes.events


# ---- ranking and stages -----------------------------------------------------------------


def choose_section_ranking(
    tournament: Tournament, ranking: SectionRanking, *, session: int | None, actor: str
) -> list[DomainEvent]:
    if session is not None:
        check_sessions(tournament, [session])
    changes = Changes(actor)
    changes.add(tournament, SectionRankingChosen, ranking=ranking, session=session)
    return changes.events


def assign_flights(
    tournament: Tournament, flights: Mapping[str, str], *, actor: str
) -> list[DomainEvent]:
    checked = check_flights(tournament, flights)
    changes = Changes(actor)
    changes.add(tournament, FlightsAssigned, flights=checked)
    return changes.events


def choose_contestants(
    tournament: Tournament, contestants: ContestantKind, *, actor: str
) -> list[DomainEvent]:
    changes = Changes(actor)
    changes.add(tournament, ContestantsChosen, contestants=contestants)
    return changes.events


def define_stage(
    tournament: Tournament, stage: str, sessions: Sequence[int], *, actor: str
) -> list[DomainEvent]:
    chosen = check_stage(tournament, stage, sessions)
    changes = Changes(actor)
    changes.add(tournament, StageDefined, stage=stage.strip(), sessions=chosen)
    return changes.events


def record_carry_over(
    tournament: Tournament,
    *,
    stage: str,
    source: str,
    method: str,
    version: str,
    parameters: dict[str, Any],
    carried: tuple[CarriedScore, ...],
    actor: str,
) -> list[DomainEvent]:
    """What the carry-over rule ``method`` (at ``version``) decided, checked when it was
    planned (:func:`engine.carry_over.plan_carry_over`)."""
    changes = Changes(actor)
    changes.add(
        tournament,
        CarryOverRecorded,
        stage=stage,
        source=source,
        method=method,
        version=version,
        parameters=parameters,
        carried=carried,
    )
    return changes.events
