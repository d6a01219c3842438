"""The console's set-up half: logging in, the events, and an event's set-up — its sessions
and sections, entries and the fixes a director makes to them, the movement (with the
advisor's proposals), the scoring method, the tables' codes and how tables enter results,
starting and ending rounds with the results still missing, table by table, live.

Pages (``/console``, ``/console/login``, ``/console/events/{id}[/page]``) are shells
anyone may load; their panels (``…/panels/…``) need a director and are the only routes
that read the event. Every form a panel holds is sent by ``static/console.js`` to the
API (``/api/…``), which records the action as the director's, or refuses it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.responses import HTMLResponse

from adapters.http.api.common import App
from adapters.http.auth import Director
from adapters.http.console.options import option_fields
from adapters.http.console.render import (
    Place,
    PlaceAt,
    SessionQuery,
    event_url,
    language_of,
    live_url,
    panel,
    place_of,
    shell,
)
from adapters.http.errors import status_of
from adapters.i18n import message_of
from engine.application import Traveller
from engine.errors import TravellerError
from engine.in_force import scoring_in_force
from engine.section.state import Section
from engine.tournament.events import LeadEntry
from engine.tournament.state import Entry

router = APIRouter()

PageSection = Annotated[
    str | None, Query(max_length=8, description="The section (default: the session's first).")
]

PAGES = ("", "entries", "movement", "scoring", "tables")
"""The set-up pages of an event (``/console/events/{id}/PAGE``), in the navigation's
order (their titles are in ``console/event.html``)."""


# ---- shells --------------------------------------------------------------------------------


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> HTMLResponse:
    """The director's login form (the token is kept in the tab's session storage)."""
    return shell(request, "console/login.html", {})


@router.get("", response_class=HTMLResponse)
def events_page(request: Request, app: App) -> HTMLResponse:
    """The events, and a form to create one (with the installed scoring methods)."""
    methods = sorted(m.name for m in app.registry.scoring_methods())
    return shell(request, "console/setup_events.html", {"methods": methods})


def _event_shell(
    request: Request,
    app: Traveller,
    event_id: str,
    page: str,
    session: int,
    section: str | None,
) -> HTMLResponse:
    """An event's page about ``section`` of ``session`` (none given: the session's
    first section)."""
    try:
        found = app.resolve_event(event_id)
    except TravellerError as e:
        return shell(
            request,
            "console/setup_problem.html",
            {"problem": message_of(e, language_of(request))},
            status_code=status_of(e),
        )
    if section is None:
        # Which sections the session has is all a shell reads of the event.
        section = next(iter(app.tournament(found).sessions.get(session, ())), "A")
    return shell(
        request,
        f"console/setup_{page or 'overview'}.html",
        {
            "event_id": str(found),
            "session": session,
            "section": section,
            "current": page,
            "pages": PAGES,
            "event_url": event_url,
            "live": live_url(found),
        },
    )


@router.get("/events/{event_id}", response_class=HTMLResponse)
def overview_page(
    request: Request,
    app: App,
    event_id: str,
    session: SessionQuery = 1,
    section: PageSection = None,
) -> HTMLResponse:
    """An event's sessions and sections, and the rounds of the one chosen, live."""
    return _event_shell(request, app, event_id, "", session, section)


def _page_route(page: str) -> None:
    """The route of one set-up page (each its own, so the scoring desk's pages, which
    share the prefix, are never taken for one)."""

    def setup_page(
        request: Request,
        app: App,
        event_id: str,
        session: SessionQuery = 1,
        section: PageSection = None,
    ) -> HTMLResponse:
        return _event_shell(request, app, event_id, page, session, section)

    setup_page.__name__ = f"setup_{page}_page"
    router.add_api_route(
        f"/events/{{event_id}}/{page}",
        setup_page,
        methods=["GET"],
        response_class=HTMLResponse,
        summary=f"The event's {page} set-up page.",
    )


for _page in PAGES[1:]:
    _page_route(_page)


# ---- panels --------------------------------------------------------------------------------


@router.get("/panels/events", response_class=HTMLResponse)
def events_panel(request: Request, app: App, who: Director) -> HTMLResponse:
    """Every event in the store, newest first, each a link to its set-up."""
    events = sorted(app.list_events(), key=lambda e: e.created, reverse=True)
    return panel(request, "console/setup_events_panel.html", {"events": events})


def _section(app: Traveller, place: Place) -> Section:
    """The place's section (a clear refusal when the session or section is not there)."""
    return app.event_state(place.event).section(place.session, place.section)


@router.get("/events/{event_id}/panels/heading", response_class=HTMLResponse)
def heading_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
) -> HTMLResponse:
    """The event's name, and the session and section the page is about (links to the
    others)."""
    return panel(request, "console/setup_heading.html", {"place": place, "who": who})


@router.get("/events/{event_id}/panels/sessions", response_class=HTMLResponse)
def sessions_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
) -> HTMLResponse:
    """Each session and section: its movement, scoring, rounds, and whether it is closed
    or published; a form to add a session."""
    now = app.event_state(place.event)
    rows = [
        {"session": s, "state": state}
        for s in sorted(place.tournament.sessions)
        for state in now.sections_of(s)
    ]
    return panel(
        request,
        "console/setup_sessions.html",
        {
            "place": place,
            "rows": rows,
            "next_session": max(place.tournament.sessions, default=0) + 1,
            "default_scoring": place.tournament.scoring.method,
        },
    )


@dataclass(frozen=True)
class TableOfRound:
    """A table of a round as the director watches it: who sits there, its boards, the
    boards with no result yet."""

    table: int
    ns: str
    ew: str
    names_ns: tuple[str, ...]
    names_ew: tuple[str, ...]
    boards: tuple[int, ...]
    missing: tuple[int, ...]
    sits_out: bool


def _tables_of_round(
    app: Traveller, place: Place, state: Section, round: int
) -> list[TableOfRound]:
    assert state.movement is not None
    seating = app.seating(place.event, session=place.session, section=place.section, round=round)
    missing = [
        m
        for m in app.missing_results(place.event, session=place.session, round=round)
        if m.section == place.section
    ]
    encounters = {e.table: e for e in state.movement.round(round)}
    tables = []
    for seated in seating.tables:
        ns, ew = state.movement.cards(encounters[seated.table])
        tables.append(
            TableOfRound(
                table=seated.table,
                ns=seated.ns,
                ew=seated.ew,
                names_ns=seated.names_ns,
                names_ew=seated.names_ew,
                boards=seated.boards,
                missing=tuple(
                    m.board
                    for m in missing
                    if (m.ns, m.ew) == (ns.number, ew.number) and m.board in seated.boards
                ),
                sits_out=seating.phantom in (seated.ns, seated.ew),
            )
        )
    return tables


@router.get("/events/{event_id}/panels/rounds", response_class=HTMLResponse)
def rounds_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
    round: Annotated[int | None, Query(ge=1, description="The round shown.")] = None,
) -> HTMLResponse:
    """The section's rounds: start the next, end the one in play, and the round's
    tables with the results still missing (the panel follows the live stream)."""
    state = _section(app, place)
    movement = state.movement
    # The last round started is in play only until it is ended.
    current = None if state.current_round in state.rounds_ended else state.current_round
    shown = round or current or (state.rounds_ended[-1] if state.rounds_ended else 1)
    if movement is not None:
        shown = min(shown, movement.rounds)
    next_round = None
    if movement is not None:
        started = set(state.rounds_started)
        next_round = next((r for r in range(1, movement.rounds + 1) if r not in started), None)
    return panel(
        request,
        "console/setup_rounds.html",
        {
            "place": place,
            "state": state,
            "movement": movement,
            "current": current,
            "shown": shown,
            "next_round": next_round,
            "tables": [] if movement is None else _tables_of_round(app, place, state, shown),
            "closed": place.session in place.tournament.closed,
        },
    )


@dataclass(frozen=True)
class EntryRow:
    """An entry of the section, and the seat it has (none before the movement)."""

    entry: Entry
    seat: str | None


@router.get("/events/{event_id}/panels/entries", response_class=HTMLResponse)
def entries_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
) -> HTMLResponse:
    """The section's entries, each with its seat and players, and the forms that put
    them right: rename, change a member number, a substitute, withdraw, swap seats, and
    a late entry (which takes the phantom's seat)."""
    state = _section(app, place)
    seat_of = {entry: pair.key for pair, entry in state.seats.items()}
    entries = sorted(
        (
            EntryRow(e, seat_of.get(e.id))
            for e in place.tournament.entries.values()
            if e.id in seat_of or (e.session, e.section) == (place.session, place.section)
        ),
        key=lambda row: (row.seat is None, _seat_order(row.seat), row.entry.id),
    )
    return panel(
        request,
        "console/setup_entries_panel.html",
        {
            "place": place,
            "state": state,
            "entries": entries,
            "seats": sorted(
                [pair.key for pair in state.seats]
                + ([] if state.phantom is None else [state.phantom.key]),
                key=_seat_order,
            ),
            "phantom": None if state.phantom is None else state.phantom.key,
            "rounds": [] if state.movement is None else range(1, state.movement.rounds + 1),
        },
    )


def _seat_order(seat: str | None) -> tuple[str, int]:
    """``NS2`` before ``NS10`` before ``EW1``… (the line, then the number)."""
    if seat is None:
        return ("", 0)
    digits = "".join(c for c in seat if c.isdigit())
    line = seat.rstrip("0123456789")
    return ({"NS": "0", "EW": "1"}.get(line, line), int(digits or 0))


@router.get("/events/{event_id}/panels/movement", response_class=HTMLResponse)
def movement_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
) -> HTMLResponse:
    """The section's movement, and a form for each installed family to assign one."""
    state = _section(app, place)
    families = _forms(app.registry.movements())
    return panel(
        request,
        "console/setup_movement_panel.html",
        {
            "place": place,
            "state": state,
            "movement": state.movement,
            "families": families,
            "entries": _entries_in(place),
        },
    )


def _entries_in(place: Place) -> int:
    """Entries still playing in the place's session (every section)."""
    return sum(
        1
        for e in place.tournament.entries.values()
        if e.session == place.session and not e.withdrawn
    )


@router.get("/events/{event_id}/panels/advice", response_class=HTMLResponse)
def advice_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
    pairs: Annotated[int | None, Query(ge=0, description="Pairs (or teams) playing.")] = None,
    boards: Annotated[int | None, Query(ge=1)] = None,
    minutes: Annotated[int | None, Query(ge=1)] = None,
    teams: bool = False,
    two_winners: bool = False,
    sessions: Annotated[int, Query(ge=1, le=2)] = 1,
    limit: Annotated[int, Query(ge=1, le=50)] = 6,
) -> HTMLResponse:
    """The advisor's proposals for the field (by default the session's entries), each
    with a button per section that assigns it to this session."""
    entries = _entries_in(place) if pairs is None else pairs
    advice = None
    if entries >= 2:
        advice = app.advise(
            entries,
            teams=teams,
            boards=boards,
            minutes=minutes,
            two_winners=two_winners,
            sessions=sessions,
        )
    return panel(
        request,
        "console/setup_advice.html",
        {
            "place": place,
            "advice": advice,
            "entries": entries,
            "limit": limit,
            "sections": place.tournament.sessions.get(place.session, ()),
        },
    )


@router.get("/events/{event_id}/panels/scoring", response_class=HTMLResponse)
def scoring_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
) -> HTMLResponse:
    """How the section is scored, and a form for each installed method to choose it
    (with its options and the reason)."""
    state = _section(app, place)
    in_force = scoring_in_force(place.tournament, state)
    method, options = in_force.method, in_force.options
    methods = _forms(app.registry.scoring_methods())
    return panel(
        request,
        "console/setup_scoring_panel.html",
        {
            "place": place,
            "method": method,
            "options": options,
            "own": state.scoring is not None,
            "methods": methods,
        },
    )


@router.get("/events/{event_id}/panels/devices", response_class=HTMLResponse)
def devices_panel(
    request: Request,
    app: App,
    who: Director,
    place: PlaceAt,
) -> HTMLResponse:
    """The section's tables with their devices (never a code: a code is shown once, when
    issued), a button to issue a code for each table and to revoke a device."""
    state = _section(app, place)
    devices = [
        d
        for d in place.tournament.devices.values()
        if (d.session, d.section) == (place.session, place.section)
    ]
    tables = range(1, state.movement.tables + 1) if state.movement is not None else range(0)
    known = sorted(set(tables) | {d.table for d in devices})
    return panel(
        request,
        "console/setup_devices.html",
        {
            "place": place,
            "rows": [{"table": t, "devices": [d for d in devices if d.table == t]} for t in known],
            "movement": state.movement,
        },
    )


@router.get("/events/{event_id}/panels/table-entry", response_class=HTMLResponse)
def table_entry_panel(request: Request, app: App, who: Director, event_id: str) -> HTMLResponse:
    """How the tables enter results: the EW confirmation, the opening lead, the traveller
    shown after sending — a form to change them."""
    place = place_of(app, event_id)
    return panel(
        request,
        "console/setup_table_entry.html",
        {
            "place": place,
            "settings": place.tournament.table_entry,
            "leads": [lead.value for lead in LeadEntry],
        },
    )


def _forms(plugins: Iterable[Any]) -> list[dict[str, Any]]:
    """A form for each plugin of a family (movements, scoring methods), by name: its
    name, its docstring and its options' fields."""
    return [
        {"name": p.name, "doc": (p.__doc__ or "").strip(), "options": option_fields(p.Options)}
        for p in sorted(plugins, key=lambda p: str(p.name))
    ]
