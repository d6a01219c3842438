"""Routes of a session's hand record (its deals: imported from PBN, dealt from a seed,
read with their analysis) and of the session as a PBN file."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Body as Payload
from starlette.responses import Response

from adapters.files.pbn import parse_pbn
from adapters.files.pbn_export import export_pbn
from adapters.http.api.common import App, Body, Event, done
from adapters.http.api.visibility import check_released
from adapters.http.auth import Director, Who
from engine.deals import hand_record
from engine.errors import N_, InvalidFile

router = APIRouter(tags=["deals"])

SESSION = "/events/{event_id}/sessions/{session}"


@router.get(SESSION + "/deals")
def deals(event_id: Event, session: int, app: App, who: Who) -> dict[str, Any]:
    """The session's hand record: each board's deal, with its double-dummy table and par
    where the server can work them out (released as the travellers are)."""
    tournament = app.tournament(event_id)
    check_released(who, tournament, session)
    boards = sorted(app.session_deals(event_id, session))
    return {
        "session": session,
        "deals": [{"board": b, **(hand_record(tournament, session, b) or {})} for b in boards],
    }


@router.post(SESSION + "/deals")
def import_deals(
    event_id: Event,
    session: int,
    text: Annotated[str, Payload(media_type="text/plain", description="A PBN file's text")],
    app: App,
    who: Director,
    replace: bool = False,
    source: str = "hand record",
) -> dict[str, Any]:
    """Record every board's ``[Deal]`` of a PBN file as the session's hand record: all of
    them, or none if any is wrong."""
    found = parse_pbn(text, results=False)
    if found.problems:
        raise InvalidFile(
            N_("The hand record was not recorded: nothing was written."),
            hint=N_("Put right the lines listed, then send the file again."),
            code="deals.problems",
            problems=found.problems,
        )
    boards = app.record_deals(
        event_id, found.deals, session=session, source=source, replace=replace, actor=who.actor
    )
    return done(boards=boards)


class Dealing(Body):
    seed: int
    boards: list[int] | None = None
    replace: bool = False


@router.post(SESSION + "/deals/generate")
def generate_deals(
    event_id: Event, session: int, body: Dealing, app: App, who: Director
) -> dict[str, Any]:
    """Deal the session's boards (the movement's, or ``boards``) from ``seed``."""
    boards = app.generate_deals(
        event_id,
        body.seed,
        session=session,
        boards=body.boards,
        replace=body.replace,
        actor=who.actor,
    )
    return done(boards=boards, seed=body.seed)


@router.get(SESSION + "/export/pbn")
def export_session_pbn(event_id: Event, session: int, app: App, who: Director) -> Response:
    """The session as a PBN 2.1 file: deals, score tables with the points, total scores."""
    return Response(
        export_pbn(app, event_id, session).encode("utf-8"),
        media_type="application/x-pbn",
        headers={"Content-Disposition": f'attachment; filename="{event_id}-{session}.pbn"'},
    )
