"""Commands that seat a whole session from an earlier one: every pair keeping its seat,
or the qualifiers of a stage seated for the final."""

from __future__ import annotations

from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.errors import N_, Fix, InvalidInput
from engine.section.state import Section
from engine.tournament.events import PairsRenumbered


class SeatingCommands(ApplicationCore):
    """Commands that seat a whole session from an earlier one."""

    def seat_session(
        self,
        event_id: UUID,
        session: int,
        *,
        from_session: int | None = None,
        from_stage: str | None = None,
        rematches: bool = False,
        reason: str | None = None,
        actor: str = "director",
    ) -> PairsRenumbered:
        """Seat ``session``'s sections (their movements assigned) with the pairs of an
        earlier session, each keeping its section and number (checked as a renumbering:
        no two pairs meet again unless ``rematches`` allows the ones the movement has), or
        with the qualifiers of ``from_stage`` in their qualifying order (after its
        carry-over). Recorded as a renumbering (:mod:`engine.renumbering.seated`): the
        decision, then each section's seats. For new seats found by a search, see
        :meth:`renumber`."""
        from engine import renumbering
        from engine.renumbering import seated
        from engine.section import decide as section_decide

        if (from_session is None) == (from_stage is None):
            raise InvalidInput(
                N_("Say where the pairs come from: an earlier session or a stage's qualifiers."),
                hint=N_("Give the earlier session or the stage (not both)."),
                code="seat.source",
                fix=(Fix(None, needs=("from_session",)), Fix(None, needs=("from_stage",))),
            )

        def command(uow: UnitOfWork) -> PairsRenumbered:
            tournament = uow.tournament(event_id)

            def sections_of(number: int) -> list[Section]:
                names = renumbering.session_sections(tournament, number)
                return [uow.section(event_id, number, name) for name in names]

            following = sections_of(session)
            if from_session is not None:
                played = sections_of(from_session)
                decided = renumbering.plan(
                    tournament,
                    played,
                    following,
                    moves=seated.same_seat_moves(played, following),
                    rematches=rematches,
                )
                method, source = seated.SAME_SEATS, from_session
            else:
                assert from_stage is not None
                decided, source = seated.qualifier_seats(
                    tournament, from_stage, sections_of, following
                )
                method = seated.QUALIFYING_ORDER
            events = section_decide.renumber(
                tournament,
                following,
                decided,
                from_session=source,
                to_session=session,
                stationary=(),
                method=method,
                version=seated.VERSION,
                reason=reason,
                actor=actor,
            )
            return first_of(uow.record(events), PairsRenumbered)

        return self._run(actor, command)
