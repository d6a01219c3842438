"""Routes of the record's integrity: ``traveller verify``, ``export events`` and
``import events`` over HTTP (a director's).

Keys stay on the signer's machine: a server signs only with the key its administrator
gave it (``$TRAVELLER_SIGNING_KEY``), and checks with the public key a request names."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Query
from fastapi import Body as Payload
from starlette.responses import Response

from adapters import keys
from adapters.http.api.common import App, Event
from adapters.http.auth import Director
from engine.application.publications import proven
from engine.errors import N_, InvalidInput
from engine.signing import fingerprint

router = APIRouter(tags=["integrity"])

EVENTS_FILE = "application/x-ndjson"

PublicKey = Annotated[
    str | None,
    Query(description="The signer's public key (ed25519:…): check every signed publication"),
]


def _verified(app: App, event_id: UUID | None, key: str | None) -> dict[str, Any]:
    public = None if key is None else keys.read_public_key(key)
    verification = app.verify(event_id)
    checks = app.check_publications(event_id, key=public)
    return {
        **verification.to_json(),
        "ok": verification.ok and proven(checks, public),
        "key": None
        if public is None
        else {"public_key": public, "fingerprint": fingerprint(public)},
        "publications": [c.to_json() for c in checks],
    }


@router.get("/events/{event_id}/verify")
def verify_event(event_id: Event, app: App, who: Director, key: PublicKey = None) -> dict[str, Any]:
    """Check the event's hash chains (each break in words), and with ``key`` every signed
    publication (``ok`` false when anything does not verify)."""
    return _verified(app, event_id, key)


@router.get("/verify")
def verify_store(app: App, who: Director, key: PublicKey = None) -> dict[str, Any]:
    """Check the whole store's hash chains (and with ``key`` every signed publication)."""
    return _verified(app, None, key)


@router.get("/events/{event_id}/export")
def export_events(
    event_id: Event,
    app: App,
    who: Director,
    sign: Annotated[
        bool, Query(description="Sign the file with the server's key ($TRAVELLER_SIGNING_KEY)")
    ] = False,
) -> Response:
    """The event file (``docs/event-file-format.md``) as a download."""
    signer = keys.signing_key(None) if sign else None
    if sign and signer is None:
        raise InvalidInput(
            N_("This server has no signing key."),
            hint=N_(
                "Its administrator names one with $TRAVELLER_SIGNING_KEY; or export the "
                "file unsigned."
            ),
            code="export.no_key",
        )
    lines = app.export_events(event_id, signer)
    return Response(
        b"".join(lines),
        media_type=EVENTS_FILE,
        headers={"Content-Disposition": f'attachment; filename="{event_id}.events"'},
    )


@router.post("/import/events")
def import_events(
    text: Annotated[bytes, Payload(media_type=EVENTS_FILE, description="The event file")],
    app: App,
    who: Director,
    key: PublicKey = None,
) -> dict[str, Any]:
    """Load an event file after checking it (chains, its end, its signature and each
    signed publication, all by ``key`` when given); twice is once."""
    done = app.import_events(
        text.splitlines(keepends=True), key=None if key is None else keys.read_public_key(key)
    )
    return {"recorded": bool(done.added), **done.to_json()}
