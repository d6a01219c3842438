"""Commands on an event, its sessions and its entries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from uuid import UUID, uuid4

from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.section import decide as section_decide
from engine.tournament import decide as tournament_decide
from engine.tournament.events import (
    EntryRegistered,
    Player,
    ScoringChoice,
)
from engine.tournament.state import project_tournament


class EntryCommands(ApplicationCore):
    """Commands on an event, its sessions and its entries."""

    def create_event(
        self,
        name: str,
        *,
        date: dt.date | None = None,
        club: str | None = None,
        scoring: ScoringChoice | None = None,
        sections: Sequence[str] = ("A",),
        actor: str = "director",
    ) -> UUID:
        scoring = scoring or ScoringChoice()
        method = self._scoring_plugin(scoring.method, scoring.options).method
        scoring = ScoringChoice(method=method.name, options=scoring.options)
        event_id = uuid4()

        def command(uow: UnitOfWork) -> UUID:
            created = tournament_decide.create_event(
                event_id, name, date=date, club=club, scoring=scoring, actor=actor
            )
            tournament = project_tournament(None, created)
            assert tournament is not None
            uow.record(created)
            uow.record(section_decide.add_session(tournament, 1, sections, actor=actor))
            return event_id

        return self._run(actor, command)

    def add_session(
        self,
        event_id: UUID,
        session: int,
        sections: Sequence[str] = ("A",),
        actor: str = "director",
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(section_decide.add_session(tournament, session, sections, actor=actor))

        self._run(actor, command)

    def register_entry(
        self,
        event_id: UUID,
        players: Sequence[Player],
        *,
        session: int = 1,
        section: str = "A",
        pair: str | None = None,
        actor: str = "director",
    ) -> str:
        """Register a pair (one player for an individual, four to six for a team); after
        seating, a late pair takes the phantom's number."""

        def command(uow: UnitOfWork) -> str:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.register_entry(
                tournament, state, players, pair=pair, actor=actor
            )
            return first_of(uow.record(events), EntryRegistered).entry

        return self._run(actor, command)

    def withdraw_entry(
        self, event_id: UUID, entry: str, *, reason: str, actor: str = "director"
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.withdraw_entry(tournament, entry, reason=reason, actor=actor)
            )

        self._run(actor, command)
