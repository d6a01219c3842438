"""Hand records: a session's deals recorded (imported or generated) and read back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING
from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork
from engine.errors import N_, InvalidInput

if TYPE_CHECKING:
    from engine.deals import Deal


class DealCommands(ApplicationCore):
    """Commands and queries of a session's hand record."""

    def record_deals(
        self,
        event_id: UUID,
        deals: Mapping[int, Deal],
        *,
        session: int = 1,
        source: str,
        replace: bool = False,
        dry_run: bool = False,
        actor: str = "director",
    ) -> list[int]:
        """Record ``deals`` (by board) as the session's hand record, from ``source`` (a
        file's name); returns the boards whose deal was recorded (none when every one
        was recorded already). With ``dry_run`` everything is checked, nothing written."""
        return self._record_deals(event_id, deals, session, source, None, replace, dry_run, actor)

    def generate_deals(
        self,
        event_id: UUID,
        seed: int,
        *,
        session: int = 1,
        boards: Sequence[int] | None = None,
        replace: bool = False,
        actor: str = "director",
    ) -> list[int]:
        """Deal the session's boards (``boards``, else every board its sections' movements
        play) from ``seed`` and record them with the seed; returns the boards recorded."""
        from engine import deals as hand_records

        wanted = sorted(set(boards)) if boards else self._boards_played(event_id, session)
        if not wanted:
            raise InvalidInput(
                N_("Session %(session)s has no boards to deal: no section has a movement."),
                hint=N_("Name the boards to deal."),
                code="deal.no_boards",
                session=session,
            )
        if len(wanted) > hand_records.MOST_BOARDS or wanted[0] < 1:
            raise InvalidInput(
                N_("Boards %(first)s to %(last)s cannot be dealt: give 1 to %(most)s boards."),
                code="deal.boards",
                first=wanted[0],
                last=wanted[-1],
                most=hand_records.MOST_BOARDS,
            )
        dealt = hand_records.generate(wanted, seed)
        return self._record_deals(
            event_id, dealt, session, "generated", seed, replace, False, actor
        )

    def session_deals(self, event_id: UUID, session: int = 1) -> dict[int, Deal]:
        """The session's hand record as now recorded, by board."""
        from engine import deals as hand_records

        return hand_records.session_deals(self.tournament(event_id), session)

    def _boards_played(self, event_id: UUID, session: int) -> list[int]:
        boards: set[int] = set()
        for section in self.sections(event_id, session):
            if section.movement is not None:
                boards.update(section.movement.boards)
        return sorted(boards)

    def _record_deals(
        self,
        event_id: UUID,
        deals: Mapping[int, Deal],
        session: int,
        source: str,
        seed: int | None,
        replace: bool,
        dry_run: bool,
        actor: str,
    ) -> list[int]:
        from engine import deals as hand_records

        def command(uow: UnitOfWork) -> list[int]:
            events = hand_records.record_deals(
                uow.tournament(event_id),
                session,
                deals,
                source=source,
                seed=seed,
                replace=replace,
                actor=actor,
            )
            if not dry_run:
                uow.record(events)
            return sorted(b for e in events for b in getattr(e, "deals", {}))

        return self._run(actor, command)
