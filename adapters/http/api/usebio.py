"""Routes of USEBIO 1.2 files (``traveller export usebio`` and ``traveller import usebio``):
a session as the XML other federations' club programs read, and one section of such a
file imported, all or nothing."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Body as Payload
from starlette.responses import Response

from adapters.files.usebio import parse_usebio
from adapters.files.usebio_export import session_results, usebio_document
from adapters.http.api.common import App, Event, refuse_a_file_with
from adapters.http.auth import Director
from engine.seating import Numbering
from engine.section.seating import unseated

router = APIRouter(tags=["usebio"])

SESSION = "/events/{event_id}/sessions/{session}"
SECTION = SESSION + "/sections/{section}"


@router.get(SESSION + "/export/usebio")
def export_session_usebio(event_id: Event, session: int, app: App, who: Director) -> Response:
    """The session of a pairs event as a USEBIO 1.2 file, checked against the DTD."""
    return Response(
        usebio_document(session_results(app, event_id, session)),
        media_type="application/xml",
        headers={"Content-Disposition": f'attachment; filename="{event_id}-{session}.xml"'},
    )


@router.post(SECTION + "/import/usebio")
def import_usebio(
    event_id: Event,
    session: int,
    section: str,
    data: Annotated[bytes, Payload(media_type="application/xml", description="The file")],
    app: App,
    who: Director,
    numbering: Numbering | None = None,
    dry_run: bool = False,
) -> dict[str, Any]:
    """One section of a USEBIO file (the file's section of that name, or its only one):
    its results, and its players as the section's entries when it has none; all or
    nothing."""
    found = parse_usebio(data, session=session, section=section)
    state = app.section(event_id, session, section)
    problems, names, numbered = found.for_section(
        unseated=unseated(app.tournament(event_id), state), numbering=state.numbering
    )
    refuse_a_file_with(problems)
    count = app.import_results(
        event_id,
        found.rows,
        session=session,
        section=section,
        numbering=numbering or numbered,
        names=names,
        dry_run=dry_run,
        actor=who.actor,
    )
    return {"recorded": not dry_run, "rows": count, "entries_registered": len(names)}
