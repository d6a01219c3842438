"""Routes of a table's device: what its table plays in the round in play (and what it
has sent), the score a result would get before it is sent, and how the event has its
tables enter results (the director chooses)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends

from adapters.http.api.common import App, Body, Event, done
from adapters.http.auth import Director, Who
from adapters.http.errors import Forbidden, Unauthenticated
from engine.application import Traveller
from engine.errors import N_, TravellerError
from engine.section.results import ResultEntry
from engine.table_round import TableRound
from engine.tournament.events import LeadEntry
from engine.tournament.state import Device, TableEntry

router = APIRouter(tags=["device"])


def table_device(who: Who) -> Device:
    """The device the request's code signs in (a director or the public: refused)."""
    if who.kind == "table":
        assert who.device is not None
        return who.device
    if who.kind == "public":
        raise Unauthenticated(
            N_("This is a table device's page, and no table code was sent."),
            hint=N_("Sign in with the code the director gave for your table."),
            code="auth.device_needed",
        )
    raise Forbidden(
        N_("This is a table device's page: a director's token does not sign in a table."),
        hint=N_("Use the table's code, or the director's console."),
        code="auth.device_only",
    )


TableDevice = Annotated[Device, Depends(table_device)]


def settings_json(settings: TableEntry) -> dict[str, Any]:
    return {
        "ew_confirmation": settings.ew_confirmation,
        "opening_lead": settings.opening_lead.value,
        "traveller_after": settings.traveller_after,
    }


def travellers_seen(app: Traveller, event_id: UUID, seen: TableRound) -> dict[int, dict[str, Any]]:
    """Board → its traveller so far, for each board the table has sent (when the event
    lets the tables see them)."""
    if not seen.settings.traveller_after:
        return {}
    shown: dict[int, dict[str, Any]] = {}
    for play in seen.plays:
        for b in play.boards:
            if b.result is not None:
                try:
                    found = app.traveller(
                        event_id, b.board, session=seen.session, section=seen.section
                    )
                except TravellerError:
                    continue  # a board its method cannot score yet: no traveller to show
                shown[b.board] = found.to_json()
    return shown


@router.get("/events/{event_id}/device")
def device_view(event_id: Event, app: App, device: TableDevice) -> dict[str, Any]:
    """The signed-in table: its section and table, the round in play (or the first, before
    one starts), the pairs with their names, the boards with what is already recorded,
    the event's table-entry settings and (if they allow) each sent board's traveller."""
    seen = app.table_round(event_id, device.id)
    tournament = app.tournament(event_id)
    return {
        "event": {"id": str(event_id), "name": tournament.name},
        **seen.to_json(),
        "travellers": {str(b): t for b, t in travellers_seen(app, event_id, seen).items()},
    }


@router.get("/events/{event_id}/device/score")
def score_of(
    event_id: Event,
    app: App,
    device: TableDevice,
    board: int,
    ns: int,
    ew: int,
    contract: str,
    declarer: str | None = None,
    tricks: int | None = None,
    lead: str | None = None,
) -> dict[str, Any]:
    """The result a table's entry would record (its NS score), every check of a table's
    result made, nothing written: what the table confirms before it sends."""
    entry = ResultEntry(board, ns, ew, contract, declarer, tricks, lead=lead)
    result = app.check_table_result(event_id, device.id, entry)
    return {"recorded": False, "result": result.model_dump()}


class TableEntryChoice(Body):
    """How the tables enter results (a field left out stays as it is)."""

    ew_confirmation: bool | None = None
    opening_lead: LeadEntry | None = None
    traveller_after: bool | None = None


@router.get("/events/{event_id}/table-entry")
def table_entry(event_id: Event, app: App, who: Who) -> dict[str, Any]:
    """How the event has its tables enter results."""
    return settings_json(app.tournament(event_id).table_entry)


@router.put("/events/{event_id}/table-entry")
def choose_table_entry(
    event_id: Event, body: TableEntryChoice, app: App, who: Director
) -> dict[str, Any]:
    """Whether EW confirm each result on the device, whether the opening lead is asked
    (``off``, ``optional``, ``required``), whether a table sees a board's traveller once
    it has sent its result."""
    before = app.tournament(event_id).table_entry
    chosen = app.choose_table_entry(
        event_id,
        ew_confirmation=body.ew_confirmation,
        opening_lead=body.opening_lead,
        traveller_after=body.traveller_after,
        actor=who.actor,
    )
    return done(changed=chosen != before, **settings_json(chosen))
