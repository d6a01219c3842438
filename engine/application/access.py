"""Commands of access to a server: director accounts and tokens, table devices' codes,
the public view, and a table device's own result.

The adapter that authenticates hashes passwords, tokens and codes; only the hashes
reach these commands and the store."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING
from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.events import DomainEvent
from engine.section.events import ResultRecorded
from engine.section.results import Result, ResultEntry
from engine.section.state import Section
from engine.tournament.events import DeviceIssued, LeadEntry
from engine.tournament.state import Device, TableEntry, Tournament

if TYPE_CHECKING:
    from engine.access.state import Access
    from engine.table_round import TableRound

_access_lock = threading.Lock()


class AccessCommands(ApplicationCore):
    """Commands of access to a server."""

    _access: Access | None = None

    def access(self) -> Access:
        """The store's director accounts and tokens as now recorded (a private copy)."""
        from engine.access.state import ACCESS_ID, project_access

        with _access_lock:
            cached = self._access
        if cached is None:
            state = project_access(None, self.events_of(ACCESS_ID))
        else:
            newer = self.events_of(ACCESS_ID, cached.version)
            state = project_access(cached.copy(), newer)
        with _access_lock:
            if self._access is None or self._access.version < state.version:
                self._access = state
        return state.copy()

    def _run_access(self, actor: str, decision: Callable[[Access], list[DomainEvent]]) -> None:
        def command(uow: UnitOfWork) -> None:
            uow.record(decision(self.access()))

        self._run(actor, command)

    # ---- directors and tokens --------------------------------------------------------------

    def add_director(self, name: str, password_hash: str, *, actor: str = "director") -> str:
        """A new director account; returns its name as recorded."""
        from engine.access import decide

        name = decide.check_director_name(name)
        self._run_access(actor, lambda a: decide.add_director(a, name, password_hash, actor=actor))
        return name

    def change_director_password(
        self, name: str, password_hash: str, *, actor: str = "director"
    ) -> None:
        from engine.access import decide

        self._run_access(
            actor, lambda a: decide.change_password(a, name, password_hash, actor=actor)
        )

    def issue_token(
        self,
        name: str,
        token_hash: str,
        *,
        expires: dt.datetime | None = None,
        login: bool = False,
        actor: str = "director",
    ) -> str:
        """A bearer token for director ``name`` (its hash only); returns its id (``T3``)."""

        from engine.access import decide
        from engine.access.events import TokenIssued

        def command(uow: UnitOfWork) -> str:
            events = decide.issue_token(
                self.access(), name, token_hash, expires=expires, login=login, actor=actor
            )
            return first_of(uow.record(events), TokenIssued).token

        return self._run(actor, command)

    def revoke_token(self, token: str, *, actor: str = "director") -> None:
        from engine.access import decide

        self._run_access(actor, lambda a: decide.revoke_token(a, token, actor=actor))

    # ---- table devices and the public view ---------------------------------------------------

    def issue_device(
        self,
        event_id: UUID,
        table: int,
        code_hash: str,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> Device:
        """A code (its hash) for the device at ``table``; returns the device recorded."""

        from engine.access import decide

        def command(uow: UnitOfWork) -> Device:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = decide.issue_device(tournament, state, table, code_hash, actor=actor)
            issued = first_of(uow.record(events), DeviceIssued)
            return tournament.devices[issued.device]

        return self._run(actor, command)

    def revoke_device(self, event_id: UUID, device: str, *, actor: str = "director") -> None:
        from engine.access import decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(decide.revoke_device(tournament, device, actor=actor))

        self._run(actor, command)

    def choose_directors(
        self, event_id: UUID, directors: Iterable[str], *, actor: str = "director"
    ) -> tuple[str, ...]:
        """Only ``directors`` (accounts of the store) direct the event on a server; none:
        every director of the store. Returns the event's directors as recorded."""
        from engine.access import decide

        names = list(directors)

        def command(uow: UnitOfWork) -> tuple[str, ...]:
            tournament = uow.tournament(event_id)
            uow.record(decide.choose_directors(self.access(), tournament, names, actor=actor))
            return uow.tournament(event_id).directors

        return self._run(actor, command)

    def choose_public_view(self, event_id: UUID, running: bool, *, actor: str = "director") -> bool:
        """Show the public the running standings (``running``) or only published sessions;
        returns False if the event already did so."""

        from engine.access import decide

        def command(uow: UnitOfWork) -> bool:
            tournament = uow.tournament(event_id)
            return bool(uow.record(decide.choose_public_view(tournament, running, actor=actor)))

        return self._run(actor, command)

    def record_table_result(
        self, event_id: UUID, device: str, entry: ResultEntry, *, request: str | None = None
    ) -> Result:
        """A table device's result: new (never a correction), for its own table and the
        round in play, recorded as ``table:A3``. Checked against the state as it is when
        recorded (a round ended, or the code revoked, meanwhile: refused). ``request`` is
        the device's idempotency key: the same request sent again (after a timeout) is
        answered with the result it recorded, nothing written."""

        from engine.access import decide
        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> Result:
            tournament = uow.tournament(event_id)
            found = decide.device_of(tournament, device)
            state = uow.section(event_id, found.session, found.section)
            earlier = section_decide.answered(state, request, entry)
            if earlier is not None:
                return earlier
            events = _table_result(tournament, state, found, entry, request)
            return first_of(uow.record(events), ResultRecorded).result

        return self._run(f"device:{device}", command)

    def check_table_result(self, event_id: UUID, device: str, entry: ResultEntry) -> Result:
        """The result a table device's ``entry`` would record, checked as
        :meth:`record_table_result` checks it (every refusal the same), recording nothing:
        the score a table confirms before it sends."""
        from engine.access import decide

        tournament = self.tournament(event_id)
        found = decide.device_of(tournament, device)
        state = self.section(event_id, found.session, found.section)
        events = _table_result(tournament, state, found, entry, None)
        return first_of(events, ResultRecorded).result

    def table_round(self, event_id: UUID, device: str) -> TableRound:
        """What ``device``'s table plays in its section's current round, what it has
        sent, and how the event has its tables enter results."""
        from engine.access import decide
        from engine.table_round import table_round

        tournament = self.tournament(event_id)
        found = decide.device_of(tournament, device)
        return table_round(tournament, self.section(event_id, found.session, found.section), found)

    def choose_table_entry(
        self,
        event_id: UUID,
        *,
        ew_confirmation: bool | None = None,
        opening_lead: LeadEntry | str | None = None,
        traveller_after: bool | None = None,
        actor: str = "director",
    ) -> TableEntry:
        """How the tables enter results on their devices (what is not given stays);
        returns the event's choice as it now is."""

        from engine.access import decide

        def command(uow: UnitOfWork) -> TableEntry:
            tournament = uow.tournament(event_id)
            events = decide.choose_table_entry(
                tournament,
                ew_confirmation=ew_confirmation,
                opening_lead=opening_lead,
                traveller_after=traveller_after,
                actor=actor,
            )
            uow.record(events)
            return tournament.table_entry

        return self._run(actor, command)


def _table_result(
    tournament: Tournament,
    state: Section,
    device: Device,
    entry: ResultEntry,
    request: str | None,
) -> list[DomainEvent]:
    """The events of a table device's new result, every check of a device passed."""
    from engine.access.checks import check_device_result, check_lead_given, round_in_play
    from engine.section import decide as section_decide

    current = round_in_play(device, state)
    # The slip's round and table are the device's, unless it says otherwise.
    entry_played = replace(entry, round=entry.round or current, table=entry.table or device.table)
    events = section_decide.record_result(
        tournament,
        state,
        entry_played,
        numbering=None,
        override=None,
        actor=f"table:{device.table_name}",
        request=request,
    )
    check_device_result(device, state, entry_played)
    check_lead_given(tournament, device, first_of(events, ResultRecorded).result)
    return events
