"""Commands of play: the movement, the rounds (the move) and the results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.events import DomainEvent
from engine.movement import Movement
from engine.seating import Numbering, Pair
from engine.section.events import ResultCorrected, ResultRecorded
from engine.section.results import Result, ResultEntry
from engine.section.state import Section
from engine.tournament.events import PairsRenumbered


class PlayCommands(ApplicationCore):
    """Commands of play: the movement, the rounds (the move) and the results."""

    def assign_movement(
        self,
        event_id: UUID,
        family: str,
        *,
        session: int = 1,
        section: str = "A",
        tables: int | None = None,
        options: dict[str, Any] | None = None,
        actor: str = "director",
    ) -> Section:
        from engine.section import decide as section_decide

        plugin = self.registry.movement(family)

        def command(uow: UnitOfWork) -> Section:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            uow.record(
                section_decide.assign_movement(
                    tournament, state, plugin, tables=tables, options=options, actor=actor
                )
            )
            return state

        return self._run(actor, command)

    def assign_published_movement(
        self,
        event_id: UUID,
        movement: Movement,
        *,
        source: str,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> Section:
        """Assign a movement read from a file (``source``: its name, kept in the record)
        to a section and seat its entries, once the engine's validator passes it."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> Section:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            uow.record(
                section_decide.assign_published_movement(
                    tournament, state, movement, source=source, actor=actor
                )
            )
            return state

        return self._run(actor, command)

    def renumber(
        self,
        event_id: UUID,
        *,
        from_session: int,
        to_session: int,
        stationary: Sequence[str] = (),
        moves: Sequence[str] = (),
        actor: str = "director",
        reason: str | None = None,
    ) -> DomainEvent:
        """Give every pair of ``from_session`` its seat in ``to_session`` so that no two pairs
        meet again, nobody sits out twice and the pairs at ``stationary`` seats (``B:NS3``)
        stay put (JCBL part 3 ch. 3 §5); ``moves`` (``A:NS3=B:5``) fixes some seats.

        Records the decision (``PairsRenumbered``) and seats the next session's sections
        from it (``PairsSeated``); their movements must be assigned first. Returns the
        ``PairsRenumbered`` event."""

        from engine import renumbering
        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> PairsRenumbered:
            tournament = uow.tournament(event_id)
            played, following = (
                [uow.section(event_id, s, n) for n in renumbering.session_sections(tournament, s)]
                for s in (from_session, to_session)
            )
            decided = renumbering.plan(
                tournament, played, following, stationary=stationary, moves=moves
            )
            events = section_decide.renumber(
                tournament,
                following,
                decided,
                from_session=from_session,
                to_session=to_session,
                stationary=stationary,
                method=renumbering.METHOD,
                version=renumbering.VERSION,
                reason=reason,
                actor=actor,
            )
            return first_of(uow.record(events), PairsRenumbered)

        return self._run(actor, command)

    def start_round(
        self,
        event_id: UUID,
        round: int,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> None:
        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> None:
            state = uow.section(event_id, session, section)
            uow.record(section_decide.start_round(state, round, actor=actor))

        self._run(actor, command)

    def end_round(
        self,
        event_id: UUID,
        round: int,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> list[tuple[int, Pair, Pair]]:
        """End a round (the move); returns the scheduled results still missing from it."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> list[tuple[int, Pair, Pair]]:
            state = uow.section(event_id, session, section)
            uow.record(section_decide.end_round(state, round, actor=actor))
            return state.missing_results(round)

        return self._run(actor, command)

    def choose_numbering(
        self,
        event_id: UUID,
        numbering: Numbering,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> None:
        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> None:
            state = uow.section(event_id, session, section)
            uow.record(section_decide.choose_numbering(state, numbering, actor=actor))

        self._run(actor, command)

    # ---- results ------------------------------------------------------------------------

    def record_result(
        self,
        event_id: UUID,
        entry: ResultEntry,
        *,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        override: str | None = None,
        actor: str = "director",
        request: str | None = None,
    ) -> Result:
        """Record a table's result. ``request`` is the sender's idempotency key: the same
        request sent again is answered with the result it recorded, nothing written."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> Result:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            earlier = section_decide.answered(state, request, entry)
            if earlier is not None:
                return earlier
            events = section_decide.record_result(
                tournament,
                state,
                entry,
                numbering=numbering,
                override=override,
                actor=actor,
                request=request,
            )
            return first_of(uow.record(events), ResultRecorded).result

        return self._run(actor, command)

    def correct_result(
        self,
        event_id: UUID,
        entry: ResultEntry,
        *,
        reason: str,
        was_ns: int | None = None,
        was_ew: int | None = None,
        session: int = 1,
        section: str = "A",
        override: str | None = None,
        actor: str = "director",
    ) -> Result:
        """Replace a recorded result (or an adjusted score) with a corrected one."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> Result:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.correct_result(
                tournament,
                state,
                entry,
                reason=reason,
                was_ns=was_ns,
                was_ew=was_ew,
                override=override,
                actor=actor,
            )
            return first_of(uow.record(events), ResultCorrected).result

        return self._run(actor, command)
