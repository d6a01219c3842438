"""The public pages: the events, an event's standings, a board's traveller, a pair's or
team's score card, a team event's cross-table, a Swiss round's draw, and the live stream
that keeps them current.

A page of results the public may not see yet is answered with 200 and a "not released
yet" page that listens to the live stream, so it shows the results the moment the
director releases them (see ``docs/decisions/0019-public-pages-live-and-languages.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Query, Request
from starlette.responses import HTMLResponse, Response

from adapters.http import i18n, live
from adapters.http.api.visibility import released_rounds
from adapters.http.deps import get_app
from adapters.http.errors import status_of
from adapters.http.pages import reads
from adapters.http.pages.render import page
from adapters.http.shared_reads import shared_reads
from adapters.i18n import message_of
from engine.application import Traveller
from engine.errors import TravellerError

router = APIRouter(include_in_schema=False)

App = Annotated[Traveller, Depends(get_app)]
SessionQuery = Annotated[int, Query(description="The session (a Swiss: the round).")]
SectionQuery = Annotated[str | None, Query(max_length=8, description="The section.")]


def _answer(request: Request, app: Traveller, build: Callable[[], HTMLResponse]) -> Response:
    """``build()``'s page, or a page that says what was not found or cannot be shown
    (with the status the API gives the same refusal), in the reader's language.

    A page is built once per change of the store for every reader asking for it (a live
    page's readers all fetch its content again at once when the event changes): the same
    address in the same language is the same page until the store moves."""

    def built() -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
        try:
            response = build()
        except TravellerError as e:
            status = status_of(e)
            problem = message_of(e, i18n.chosen(request)[0])
            context = {"problem": problem, "status": status}
            response = page(request, "problem.html", context, status_code=status)
        return response.status_code, bytes(response.body), response.raw_headers

    key = ("page", request.url.path, request.url.query, i18n.chosen(request)[0])
    status, body, headers = shared_reads(app).read(key, built)
    answer = Response(body, status_code=status)
    answer.raw_headers = list(headers)
    return answer


def _event_id(app: Traveller, text: str) -> UUID:
    return app.resolve_event(text)


def _live(event: reads.Event) -> str:
    return f"/events/{event.id}/live"


def _hidden(request: Request, event: reads.Event, session: int) -> HTMLResponse:
    return page(
        request,
        "not_released.html",
        {"event": event, "session": session},
        live=_live(event),
    )


def _section_page(
    request: Request,
    app: Traveller,
    event_id: str,
    session: int,
    section: str | None,
    build: Callable[[reads.Event, str], HTMLResponse],
) -> Response:
    """A page of one section of a session: ``build(event, section)``'s, once the event,
    the session and the section are found and the session is released to the public."""

    def checked() -> HTMLResponse:
        event = reads.event(app, _event_id(app, event_id))
        name = event.section_of(session, section)
        if not event.released(session):
            return _hidden(request, event, session)
        return build(event, name)

    return _answer(request, app, checked)


@router.get("/", response_class=HTMLResponse)
def events_page(request: Request, app: App) -> HTMLResponse:
    """Every event in the store, newest first."""
    return page(request, "events.html", {"events": reads.events(app)})


@router.get("/events/{event_id}", response_class=HTMLResponse)
def standings_page(request: Request, app: App, event_id: str, session: SessionQuery = 1) -> Any:
    """An event's standings: a session's fields, or a Swiss's standings by VPs."""

    def build() -> HTMLResponse:
        event = reads.event(app, _event_id(app, event_id))
        if event.swiss:
            upto = released_rounds(app.tournament(event.id))
            if upto == 0:
                return _hidden(request, event, 1)
            rows = reads.swiss_standings(app, event.id, upto)
            context = {"event": event, "rows": rows, "upto": upto}
            return page(request, "swiss_standings.html", context, live=_live(event))
        event.section_of(session, None)  # the session exists
        if not event.released(session):
            return _hidden(request, event, session)
        data = reads.standings(app, event.id, session)
        context = {"event": event, "session": session, "data": data}
        return page(request, "standings.html", context, live=_live(event))

    return _answer(request, app, build)


@router.get("/events/{event_id}/boards/{board}", response_class=HTMLResponse)
def board_page(
    request: Request,
    app: App,
    event_id: str,
    board: int,
    session: SessionQuery = 1,
    section: SectionQuery = None,
) -> Any:
    """A board's traveller: every table's result and the points it earned."""

    def build(event: reads.Event, name: str) -> HTMLResponse:
        data = reads.traveller(app, event.id, board, session, name)
        boards = event.boards.get((session, name), ())
        context = {
            "event": event,
            "session": session,
            "section": name,
            "data": data,
            "previous": max((b for b in boards if b < board), default=None),
            "next": min((b for b in boards if b > board), default=None),
            "points": data["unit"],
        }
        return page(request, "board.html", context, live=_live(event))

    return _section_page(request, app, event_id, session, section, build)


@router.get("/events/{event_id}/cards/{contestant}", response_class=HTMLResponse)
def card_page(
    request: Request,
    app: App,
    event_id: str,
    contestant: str,
    session: SessionQuery = 1,
    section: SectionQuery = None,
) -> Any:
    """A pair's or team's score card: every board it played."""

    def build(event: reads.Event, name: str) -> HTMLResponse:
        data = reads.score_card(app, event.id, contestant, session, name)
        context = {
            "event": event,
            "session": session,
            "section": name,
            "contestant": contestant,
            "data": data,
            "points": data["unit"],
        }
        return page(request, "card.html", context, live=_live(event))

    return _section_page(request, app, event_id, session, section, build)


@router.get("/events/{event_id}/crosstable", response_class=HTMLResponse)
def crosstable_page(
    request: Request,
    app: App,
    event_id: str,
    session: SessionQuery = 1,
    section: SectionQuery = None,
) -> Any:
    """A team event's round-robin cross-table."""

    def build(event: reads.Event, name: str) -> HTMLResponse:
        data = reads.cross_table(app, event.id, session, name)
        context = {"event": event, "session": session, "section": name, "data": data}
        return page(request, "crosstable.html", context, live=_live(event))

    return _section_page(request, app, event_id, session, section, build)


@router.get("/events/{event_id}/swiss/{round_}", response_class=HTMLResponse)
def swiss_draw_page(request: Request, app: App, event_id: str, round_: int) -> Any:
    """A Swiss round's draw: the matches and their tables, a triangle, the bye. Where
    to sit is public as soon as the round is drawn."""

    def build() -> HTMLResponse:
        event = reads.event(app, _event_id(app, event_id))
        data = reads.swiss_draw(app, event.id, round_)
        context = {"event": event, "round": round_, "data": data, "session": round_}
        return page(request, "swiss_draw.html", context, live=_live(event))

    return _answer(request, app, build)


@router.get("/events/{event_id}/live")
def live_stream(request: Request, app: App, event_id: str) -> Response:
    """Server-sent events: ``changed`` each time the event changes."""
    try:
        found = _event_id(app, event_id)
        app.tournament(found)
    except TravellerError as e:
        words = message_of(e, i18n.chosen(request)[0])
        return Response(words, status_code=404, media_type="text/plain")
    return live.stream(request, app, found)
