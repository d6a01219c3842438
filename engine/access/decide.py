"""The access commands' decisions: director accounts and tokens (the access aggregate),
table devices' codes and the public view (the tournament's)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from engine.access.events import DirectorAdded, DirectorPasswordChanged, TokenIssued, TokenRevoked
from engine.access.state import Access
from engine.errors import N_, Fix, InvalidInput, NotFound, Phrase, Rejected
from engine.events import Changes, DomainEvent
from engine.section.state import Section
from engine.tournament.events import (
    DeviceIssued,
    DeviceRevoked,
    DirectorsChosen,
    LeadEntry,
    PublicViewChosen,
    TableEntryChosen,
)
from engine.tournament.state import Device, TableEntry, Tournament

MOST_NAME = 40


def check_director_name(name: str) -> str:
    """A director's name as the audit shows it (``director:NAME``): no spaces or colons."""
    cleaned = name.strip()
    if not cleaned or len(cleaned) > MOST_NAME or any(c.isspace() or c == ":" for c in cleaned):
        raise InvalidInput(
            N_(
                "%(name)s cannot be a director's name: it must be 1 to %(most)s characters "
                "with no spaces or colons."
            ),
            hint=N_("Use a short name such as suzuki or t.suzuki."),
            code="director.name",
            name=repr(name),
            most=MOST_NAME,
        )
    return cleaned


def director_of(access: Access, name: str) -> str:
    if name not in access.directors:
        known = ", ".join(sorted(access.directors)) or Phrase(N_("none yet"))
        raise NotFound(
            N_("There is no director %(name)s in this store (directors: %(known)s)."),
            hint=N_("Add one first."),
            code="director.not_found",
            fix=Fix("director.add", fields={"name": name}),
            name=repr(name),
            known=known,
        )
    return name


def add_director(access: Access, name: str, password_hash: str, *, actor: str) -> list[DomainEvent]:
    name = check_director_name(name)
    if name in access.directors:
        raise Rejected(
            N_("There is already a director %(name)s in this store."),
            hint=N_("Choose another name, or set this one's password again."),
            code="director.exists",
            fix=Fix("director.password", fields={"name": name}),
            name=repr(name),
        )
    changes = Changes(actor)
    changes.add(access, DirectorAdded, name=name, password_hash=password_hash)
    return changes.events


def change_password(
    access: Access, name: str, password_hash: str, *, actor: str
) -> list[DomainEvent]:
    changes = Changes(actor)
    name = director_of(access, name)
    changes.add(access, DirectorPasswordChanged, name=name, password_hash=password_hash)
    return changes.events


def issue_token(
    access: Access,
    name: str,
    token_hash: str,
    *,
    expires: dt.datetime | None,
    login: bool,
    actor: str,
) -> list[DomainEvent]:
    """A token for director ``name``, numbered ``T1``, ``T2``… in the store."""
    director_of(access, name)
    changes = Changes(actor)
    changes.add(
        access,
        TokenIssued,
        token=f"T{len(access.tokens) + 1}",
        name=name,
        token_hash=token_hash,
        expires=expires,
        login=login,
    )
    return changes.events


def revoke_token(access: Access, token: str, *, actor: str) -> list[DomainEvent]:
    found = access.tokens.get(token)
    if found is None:
        raise NotFound(
            N_("There is no token %(token)s in this store."),
            hint=N_(
                "Tokens are numbered T1, T2… as they were issued; the list of directors shows them."
            ),
            code="token.not_found",
            fix=Fix("director.list"),
            token=repr(token),
        )
    if found.revoked:
        raise Rejected(
            N_("Token %(token)s was already revoked."), code="token.revoked", token=token
        )
    changes = Changes(actor)
    changes.add(access, TokenRevoked, token=token)
    return changes.events


# ---- the tournament's: table devices and the public view -----------------------------------


def issue_device(
    tournament: Tournament, section: Section, table: int, code_hash: str, *, actor: str
) -> list[DomainEvent]:
    """A code for the device at ``table`` of ``section`` (a table of its movement, when it
    has one), numbered ``D1``, ``D2``… in the event."""
    tables = None if section.movement is None else section.movement.tables
    if table < 1 or (tables is not None and table > tables):
        raise InvalidInput(
            N_("Section %(section)s of session %(session)s has no table %(table)s.")
            if tables is None
            else N_(
                "Section %(section)s of session %(session)s has no table %(table)s: its "
                "movement has tables 1 to %(tables)s."
            ),
            hint=N_("Give a table number of the movement."),
            code="table.not_found",
            section=section.name,
            session=section.session,
            table=table,
            tables=tables,
        )
    changes = Changes(actor)
    changes.add(
        tournament,
        DeviceIssued,
        device=f"D{len(tournament.devices) + 1}",
        code_hash=code_hash,
        session=section.session,
        section=section.name,
        table=table,
    )
    return changes.events


def device_of(tournament: Tournament, device: str) -> Device:
    found = tournament.devices.get(device)
    if found is None:
        raise NotFound(
            N_("%(event)s has no table device %(device)s."),
            hint=N_("Devices are numbered D1, D2… as their codes were issued."),
            code="device.not_found",
            event=repr(tournament.name),
            device=repr(device),
        )
    return found


def revoke_device(tournament: Tournament, device: str, *, actor: str) -> list[DomainEvent]:
    if device_of(tournament, device).revoked:
        raise Rejected(
            N_("The code of table device %(device)s was already revoked."),
            code="device.revoked",
            device=device,
        )
    changes = Changes(actor)
    changes.add(tournament, DeviceRevoked, device=device)
    return changes.events


def choose_public_view(tournament: Tournament, running: bool, *, actor: str) -> list[DomainEvent]:
    """Show the public the running standings, or only published sessions (nothing is
    recorded if the event already does so)."""
    changes = Changes(actor)
    if tournament.public_running != running:
        changes.add(tournament, PublicViewChosen, running=running)
    return changes.events


def choose_table_entry(
    tournament: Tournament,
    *,
    ew_confirmation: bool | None = None,
    opening_lead: LeadEntry | str | None = None,
    traveller_after: bool | None = None,
    actor: str,
) -> list[DomainEvent]:
    """How the tables enter results on their devices: what is not given stays as the event
    has it (nothing is recorded if nothing changes)."""
    now = tournament.table_entry
    if opening_lead is not None and opening_lead not in tuple(LeadEntry):
        raise InvalidInput(
            N_("%(lead)s is not a choice for the opening lead: off, optional or required."),
            hint=N_("Choose off (not asked), optional (asked) or required (must be given)."),
            code="table_entry.lead",
            lead=repr(opening_lead),
        )
    chosen = TableEntry(
        now.ew_confirmation if ew_confirmation is None else ew_confirmation,
        now.opening_lead if opening_lead is None else LeadEntry(opening_lead),
        now.traveller_after if traveller_after is None else traveller_after,
    )
    changes = Changes(actor)
    if chosen != now:
        changes.add(
            tournament,
            TableEntryChosen,
            ew_confirmation=chosen.ew_confirmation,
            opening_lead=chosen.opening_lead,
            traveller_after=chosen.traveller_after,
        )
    return changes.events


def choose_directors(
    access: Access, tournament: Tournament, names: Iterable[str], *, actor: str
) -> list[DomainEvent]:
    """Only the directors ``names`` (accounts of the store) direct the event on a server;
    none named: every director of the store (nothing is recorded if nothing changes)."""
    known = [director_of(access, check_director_name(n)) for n in names]
    return directors_chosen(tournament, known, actor=actor)


def directors_chosen(
    tournament: Tournament, names: Iterable[str], *, actor: str
) -> list[DomainEvent]:
    """The event recording that only ``names`` direct the event (names already checked to
    be the store's directors: the one creating the event on a server)."""
    chosen = tuple(sorted(set(names)))
    changes = Changes(actor)
    if chosen != tournament.directors:
        changes.add(tournament, DirectorsChosen, directors=chosen)
    return changes.events
