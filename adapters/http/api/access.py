"""Routes of access: a director's login and tokens, table devices' codes, and what the
public may see."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter
from pydantic import Field

from adapters.http.api.common import App, Body, Event, done
from adapters.http.auth import (
    LOGIN_HOURS,
    Director,
    Who,
    code_hash,
    new_code,
    new_token,
    password_matches,
    token_hash,
)
from adapters.http.errors import Unauthenticated
from engine.errors import N_, Rejected

router = APIRouter(tags=["access"])


class Login(Body):
    name: str
    password: str


@router.post("/login")
def login(body: Login, app: App) -> dict[str, Any]:
    """A director's name and password → a bearer token for the next hours (shown once)."""
    director = app.access().directors.get(body.name)
    if not password_matches(None if director is None else director.password_hash, body.password):
        raise Unauthenticated(
            "The name or the password is not right.",
            hint="Check both; a director account is made with `traveller director add NAME`.",
        )
    assert director is not None
    token = new_token()
    expires = dt.datetime.now(dt.UTC) + dt.timedelta(hours=LOGIN_HOURS)
    token_id = app.issue_token(
        director.name,
        token_hash(token),
        expires=expires,
        login=True,
        actor=f"director:{director.name}",
    )
    return {"token": token, "id": token_id, "director": director.name, "expires": expires}


@router.get("/me")
def me(who: Who) -> dict[str, Any]:
    """Who the credentials sent prove the caller to be."""
    return {"kind": who.kind, "name": who.name or None, "actor": who.actor}


@router.post("/tokens", status_code=201)
def issue_token(app: App, who: Director) -> dict[str, Any]:
    """A token for the director asking, for a script: it lasts until revoked (shown once)."""
    token = new_token()
    token_id = app.issue_token(who.name, token_hash(token), actor=who.actor)
    return done(token=token, id=token_id, director=who.name)


@router.delete("/tokens/{token_id}")
def revoke_token(token_id: str, app: App, who: Director) -> dict[str, Any]:
    """Revoke a token (any director's: a lost laptop is dealt with by whoever is there)."""
    app.revoke_token(token_id, actor=who.actor)
    return done(id=token_id)


class NewDevice(Body):
    table: int
    session: int = 1
    section: str = "A"


@router.post("/events/{event_id}/devices", status_code=201)
def issue_device(event_id: Event, body: NewDevice, app: App, who: Director) -> dict[str, Any]:
    """A code for a table's device (shown once: write it on the table's card)."""
    code = new_code()
    device = app.issue_device(
        event_id,
        body.table,
        code_hash(event_id, code),
        session=body.session,
        section=body.section,
        actor=who.actor,
    )
    return done(
        device=device.id,
        code=code,
        session=device.session,
        section=device.section,
        table=device.table,
    )


@router.get("/events/{event_id}/devices")
def list_devices(event_id: Event, app: App, who: Director) -> list[dict[str, Any]]:
    """The event's table devices (never their codes)."""
    return [
        {
            "device": d.id,
            "session": d.session,
            "section": d.section,
            "table": d.table,
            "revoked": d.revoked,
        }
        for d in app.tournament(event_id).devices.values()
    ]


@router.delete("/events/{event_id}/devices/{device}")
def revoke_device(event_id: Event, device: str, app: App, who: Director) -> dict[str, Any]:
    app.revoke_device(event_id, device, actor=who.actor)
    return done(device=device)


class PublicView(Body):
    running: bool


@router.put("/events/{event_id}/public")
def choose_public_view(
    event_id: Event, body: PublicView, app: App, who: Director
) -> dict[str, Any]:
    """Show the public the running standings, or only published sessions (the default)."""
    changed = app.choose_public_view(event_id, body.running, actor=who.actor)
    return done(changed=changed, running=body.running)


@router.get("/events/{event_id}/directors")
def event_directors(event_id: Event, app: App, who: Director) -> dict[str, Any]:
    """The store's directors who direct the event (none: every director of the store)."""
    return {"directors": list(app.tournament(event_id).directors)}


class EventDirectors(Body):
    directors: list[str] = Field(
        description="Directors of the store who alone direct the event (empty: every one)"
    )


@router.put("/events/{event_id}/directors")
def choose_event_directors(
    event_id: Event, body: EventDirectors, app: App, who: Director
) -> dict[str, Any]:
    """Who directs the event: a director of it names the others (or none, opening it to
    every director of the store). A director may not leave themselves out while others
    remain: ask another director to take the event over instead."""
    if body.directors and who.name not in body.directors:
        raise Rejected(
            N_("You would no longer direct %(event)r: name yourself among its directors."),
            hint=N_("Name yourself too, or have one of the others make the change."),
            code="event.directors_self",
            event=app.tournament(event_id).name,
        )
    chosen = app.choose_directors(event_id, body.directors, actor=who.actor)
    return done(directors=list(chosen))
