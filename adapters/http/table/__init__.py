"""The table's pages, for a phone at the table: sign in with the table's code, then enter
each board's result of the round in play.

``/table`` signs a device in (the event and the code, kept in the phone's
``localStorage`` so a reload keeps it); ``/table/{event}`` is the table's page, a shell
whose script (``static/table.js``) fetches the round's panel, ``/table/{event}/round``,
with the code as a bearer credential (decision 20: never a cookie), and fetches it again
when the live stream says the event changed. The panel is rendered here, in the
reader's language; the results go to the API (``/api/events/{id}/device/score`` for the
score before sending, then the section's ``results``), whose refusals the script shows
as the API words them.
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse

from adapters.http.api.common import App, Event
from adapters.http.api.device import TableDevice, travellers_seen
from adapters.http.pages.render import page
from engine import bridge
from engine.table_round import TablePlay

router = APIRouter(prefix="/table", include_in_schema=False)

STRAINS = ("C", "D", "H", "S", "NT")
SEATS = ("N", "E", "S", "W")


@router.get("", response_class=HTMLResponse)
def sign_in_page(request: Request, app: App) -> HTMLResponse:
    """Sign a table's device in: the event and the code the director gave the table."""
    events = [{"id": str(e.id), "name": e.name} for e in reversed(app.list_events())]
    chosen = request.query_params.get("event", "")
    return page(request, "table/signin.html", {"events": events, "chosen": chosen})


@router.get("/{event_id}", response_class=HTMLResponse)
def table_page(request: Request, event_id: Event, app: App) -> HTMLResponse:
    """The table's page: a shell its script fills with the round's panel."""
    name = app.tournament(event_id).name
    return page(
        request,
        "table/table.html",
        {"event_id": str(event_id), "event_name": name},
        live=f"/events/{event_id}/live",
    )


@router.get("/{event_id}/round", response_class=HTMLResponse)
def round_panel(request: Request, event_id: Event, app: App, device: TableDevice) -> HTMLResponse:
    """The signed-in table's round: its pairs, boards and the forms to enter them."""
    seen = app.table_round(event_id, device.id)
    response = page(
        request,
        "table/round.html",
        {
            "event_id": str(event_id),
            "seen": seen,
            "facts": board_facts(seen.plays),
            "travellers": travellers_seen(app, event_id, seen),
            "strains": STRAINS,
            "seats": SEATS,
        },
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def board_facts(plays: Iterable[TablePlay]) -> dict[int, dict[str, str]]:
    """Board → its dealer and vulnerability, as the board's tray shows them."""
    return {
        b.board: {
            "dealer": bridge.dealer(b.board).value,
            "vulnerability": bridge.vulnerability(b.board).value,
        }
        for play in plays
        for b in play.boards
    }
