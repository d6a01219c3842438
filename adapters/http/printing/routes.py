"""The printable pages: ``/print/events/{id}/{kind}`` for one section of a session,
on A4 or Letter (``?paper=``), in Japanese or English.

A page of the movement (master sheet, guide cards, table cards, pair slips) is public,
as the sheets posted at the venue are. A page of results is printed straight away once
released; before that the page is a shell whose content the console's script fetches
with the director's token (``?fragment=1``), so a director prints unpublished results
and the public is shown why it cannot yet."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query, Request
from starlette.responses import HTMLResponse

from adapters.http import i18n
from adapters.http.api.visibility import check_released
from adapters.http.auth import Who
from adapters.http.deps import get_app
from adapters.http.errors import status_of
from adapters.http.pages import reads
from adapters.http.pages.render import fragment_asked, page
from adapters.http.printing.sheets import KINDS, RESULTS, Kind, Where, sheet
from adapters.i18n import message_of
from engine.application import Traveller
from engine.errors import TravellerError

router = APIRouter(prefix="/print", include_in_schema=False)

App = Annotated[Traveller, Depends(get_app)]
Paper = Literal["a4", "letter"]
PAPERS: tuple[Paper, ...] = ("a4", "letter")


def _url(request: Request, **changed: str | None) -> str:
    """This page's address with some parameters changed (``None``: left out)."""
    params = {k: v for k, v in request.query_params.items() if k not in ("fragment", "lang")}
    for key, value in changed.items():
        if value is None:
            params.pop(key, None)
        else:
            params[key] = value
    return f"{request.url.path}?{urlencode(params)}" if params else request.url.path


@router.get("/events/{event_id}/{kind}", response_class=HTMLResponse)
def printed(
    request: Request,
    app: App,
    who: Who,
    event_id: str,
    kind: Kind,
    session: Annotated[int, Query(ge=1)] = 1,
    section: Annotated[str | None, Query(max_length=8)] = None,
    board: Annotated[int | None, Query(ge=1)] = None,
    pair: Annotated[str | None, Query(max_length=8)] = None,
    paper: Paper = "a4",
) -> HTMLResponse:
    """A printable page of one section (the session's first, if none is named)."""
    fragment = fragment_asked(request)
    try:
        event = reads.event(app, app.resolve_event(event_id))
        name = event.section_of(session, section)
        context: dict[str, Any] = {
            "event": event,
            "session": session,
            "section": name,
            "kind": kind,
            "kinds": KINDS,
            "paper": paper,
            "papers": [(p, _url(request, paper=p)) for p in PAPERS],
        }
        if kind in RESULTS and who.kind != "director" and not event.released(session):
            if fragment:  # the console's script asked, without a director's token
                check_released(who, app.tournament(event.id), session)
            context["panel"] = _url(request, fragment="1")
            return page(request, "print/shell.html", context)
        where = Where(app, event.id, session, name)
        found = sheet(where, kind, board=board, pair=pair)
        return page(request, found.template, {**context, **found.context})
    except TravellerError as e:
        if fragment:
            raise  # the script shows the refusal as the API words it
        status = status_of(e)
        problem = message_of(e, i18n.chosen(request)[0])
        return page(
            request, "problem.html", {"problem": problem, "status": status}, status_code=status
        )
