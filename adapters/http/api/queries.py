"""Routes that read: each calls one of the application's queries (none computes a
projection), as of now or as of a moment (``?number=``, ``?position=``, ``?time=``).

The public, and a table's device, read what is released (:mod:`.visibility`); the audit,
a diff, what-if and the missing results are the director's."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Query, Request
from starlette.responses import Response, StreamingResponse

from adapters.http import live
from adapters.http.api.common import App, Body, Event, Moment
from adapters.http.api.visibility import check_director, check_released, released
from adapters.http.auth import Director, Who
from adapters.http.shared_reads import latest, shared_reads
from engine.application.moments import At
from engine.errors import N_, InvalidInput
from engine.section.results import Adjusted, ImportRow, ResultEntry

router = APIRouter(tags=["queries"])

SECTION = "/events/{event_id}/sessions/{session}/sections/{section}"


@router.get("/events")
def list_events(app: App) -> list[dict[str, Any]]:
    """Every event in the store, in the order created."""
    return [
        {
            "id": str(e.id),
            "name": e.name,
            "created": e.created.isoformat(),
            "date": None if e.date is None else e.date.isoformat(),
            "club": e.club,
            "zone": e.zone,
        }
        for e in app.list_events()
    ]


@router.get("/events/{event_id}")
def event(event_id: Event, app: App, who: Who) -> dict[str, Any]:
    """The event: its sessions and sections, entries, what is closed and published, and
    whether the public sees the running standings."""
    t = app.tournament(event_id)
    return {
        "id": str(t.id),
        "name": t.name,
        "date": None if t.date is None else t.date.isoformat(),
        "club": t.club,
        "scoring": t.scoring.model_dump(),
        "sessions": {str(s): list(names) for s, names in sorted(t.sessions.items())},
        "closed": sorted(t.closed),
        "published": sorted(s for s, p in t.publications.items() if p),
        "public_running": t.public_running,
        "entries": [
            {
                "entry": e.id,
                "session": e.session,
                "section": e.section,
                "name": e.name,
                "players": [p.name for p in e.players],
                "withdrawn": e.withdrawn,
            }
            for e in t.entries.values()
        ],
    }


@router.get("/events/{event_id}/sessions/{session}/standings")
def standings(event_id: Event, session: int, app: App, who: Who, at: Moment) -> Response:
    """A session's standings. As of now, they are computed and encoded once per change of
    the store for every reader asking (a live page's readers all ask at once)."""
    check_released(who, app.tournament(event_id), session)
    if at is not None:
        return json_answer(encoded(app.standings(event_id, session, at=at).to_json()))
    return json_answer(standings_now(app, event_id, session))


def standings_now(app: App, event_id: UUID, session: int) -> bytes:
    """The session's standings as of now, encoded: kept for every reader until the store
    moves."""
    text: bytes = shared_reads(app).read(
        ("standings", event_id, session),
        lambda: encoded(app.standings(event_id, session).to_json()),
    )
    return text


def encoded(data: Any) -> bytes:
    """``data`` as the JSON the API answers with (FastAPI's own encoding)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def json_answer(body: bytes) -> Response:
    """An answer already encoded (no per-reader serialisation)."""
    return Response(body, media_type="application/json")


@router.get("/events/{event_id}/sessions/{session}/standings/live")
def live_standings(
    event_id: Event, session: int, request: Request, app: App, who: Who
) -> StreamingResponse:
    """The session's standings as server-sent events: the standings themselves (``event:
    standings``, the JSON of the standings route) at once and each time the event
    changes, or ``event: hidden`` while they are not released to this reader. One
    computation and one encoding per change serve every subscriber: none of them asks
    again, and none waits in a thread of its own."""
    app.tournament(event_id)  # an unknown event is a 404 before the stream starts
    director = who.kind == "director"

    def shown() -> bytes | None:
        if not director and not released(app.tournament(event_id), session):
            return None
        return standings_now(app, event_id, session)

    async def body() -> AsyncIterator[str]:
        yield f"retry: {live.RETRY_MS}\n\n"
        async for kind, position in live.changes(request, app, event_id):
            if kind == "keep-alive":
                yield ": keep-alive\n\n"
                continue
            text = await latest(("standings", event_id, session, director), position, shown)
            data = "{}" if text is None else text.decode()
            kind = "hidden" if text is None else "standings"
            yield f"id: {position}\nevent: {kind}\ndata: {data}\n\n"

    return live.event_stream(body())


@router.get("/events/{event_id}/totals")
def totals(
    event_id: Event,
    app: App,
    who: Who,
    at: Moment,
    stage: str | None = None,
    sessions: Annotated[list[int] | None, Query()] = None,
) -> dict[str, Any]:
    """Totals over several sessions (default every one), or a stage's with its carry-over."""
    check_released(who, app.tournament(event_id), None)
    return app.totals(event_id, stage=stage, sessions=sessions, at=at).to_json()


@router.get(SECTION + "/boards/{board}")
def board_traveller(
    event_id: Event, session: int, section: str, board: int, app: App, who: Who, at: Moment
) -> dict[str, Any]:
    """A board's traveller: every table's result and its points."""
    check_released(who, app.tournament(event_id), session)
    return app.traveller(event_id, board, session=session, section=section, at=at).to_json()


@router.get(SECTION + "/cards/{contestant}")
def score_card(
    event_id: Event, session: int, section: str, contestant: str, app: App, who: Who, at: Moment
) -> dict[str, Any]:
    """A pair's or team's score card: every board it played."""
    check_released(who, app.tournament(event_id), session)
    return app.score_card(event_id, contestant, session=session, section=section, at=at).to_json()


@router.get(SECTION + "/crosstable")
def cross_table(
    event_id: Event, session: int, section: str, app: App, who: Who, at: Moment
) -> dict[str, Any]:
    check_released(who, app.tournament(event_id), session)
    return app.cross_table(event_id, session=session, section=section, at=at).to_json()


@router.get("/events/{event_id}/knockout")
def knockout(
    event_id: Event,
    app: App,
    who: Who,
    at: Moment,
    section: str = "A",
    sessions: Annotated[list[int] | None, Query()] = None,
) -> dict[str, Any]:
    check_released(who, app.tournament(event_id), None)
    return app.knockout(event_id, section=section, sessions=sessions, at=at).to_json()


@router.get(SECTION + "/movement")
def movement(
    event_id: Event, session: int, section: str, app: App, who: Who, at: Moment
) -> dict[str, Any] | None:
    """The section's movement (null before one is assigned): public, as the master sheet
    posted at the venue is."""
    found = app.movement_of(event_id, session=session, section=section, at=at)
    return None if found is None else found.to_json()


@router.get(SECTION + "/rounds/{round}/seating")
def seating(
    event_id: Event, session: int, section: str, round: int, app: App, who: Who, at: Moment
) -> dict[str, Any]:
    """Each table of a round: its pairs, boards and players (public: the guide cards)."""
    return app.seating(event_id, session=session, section=section, round=round, at=at).to_json()


@router.get("/events/{event_id}/sessions/{session}/missing")
def missing_results(
    event_id: Event, session: int, app: App, who: Director, at: Moment, round: int | None = None
) -> list[dict[str, Any]]:
    """The tables of the session's movements with no result yet."""
    return [
        m.model_dump() for m in app.missing_results(event_id, session=session, round=round, at=at)
    ]


@router.get("/events/{event_id}/sessions/{session}/eligibility")
def eligibility(
    event_id: Event,
    session: int,
    app: App,
    who: Director,
    at: Moment,
    rule: str,
    option: Annotated[list[str] | None, Query(description="The rule's KEY=VALUE")] = None,
    section: str | None = None,
    session_boards: int | None = None,
) -> list[dict[str, Any]]:
    """Who may earn masterpoints in the session by an eligibility rule, and why."""
    options = dict(o.partition("=")[::2] for o in option or ())
    lines = app.eligibility(
        event_id,
        rule,
        options,
        session=session,
        section=section,
        session_boards=session_boards,
        at=at,
    )
    return [line.to_json() for line in lines]


@router.get("/events/{event_id}/audit")
def audit(
    event_id: Event,
    app: App,
    who: Who,
    board: int | None = None,
    pair: str | None = None,
    session: int | None = None,
    section: str | None = None,
    actor: Annotated[
        str | None,
        Query(description="Who acted: director:suzuki, suzuki, or table (every device)"),
    ] = None,
) -> list[dict[str, Any]]:
    """Every action recorded for the event (or a board, pair, session, section or actor):
    who, when, why and what."""
    check_director(who, N_("the audit"))
    return app.audit(
        event_id, board=board, pair=pair, session=session, section=section, actor=actor
    )


@router.get("/events/{event_id}/diff")
def diff(
    event_id: Event,
    app: App,
    who: Director,
    session: int = 1,
    before_number: int | None = None,
    before_position: int | None = None,
    before_time: dt.datetime | None = None,
    after_number: int | None = None,
    after_position: int | None = None,
    after_time: dt.datetime | None = None,
) -> list[dict[str, Any]]:
    """What changed in the standings between two moments (the second: now, if not given)."""
    if before_number is None and before_position is None and before_time is None:
        raise InvalidInput(
            "Say the moment to compare with: before_number, before_position or before_time.",
            hint="For example ?before_number=12 (the event's 12th action, as the audit numbers).",
        )
    before = At(number=before_number, position=before_position, time=before_time)
    given_after = (after_number, after_position, after_time) != (None, None, None)
    after = (
        At(number=after_number, position=after_position, time=after_time) if given_after else None
    )
    return app.diff(event_id, before=before, after=after, session=session)


class Change(Body):
    """A change to try: a table's result (a contract line or a score), or an adjusted
    score (``A+/A-``, ``A60/A40``, ``N`` for a neutral board)."""

    board: int
    ns: int
    ew: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    score_ns: int | None = None
    lead: str | None = None
    adjusted: str | None = None


class WhatIf(Body):
    changes: list[Change]
    session: int = 1
    section: str = "A"
    override: str | None = None


@router.post("/events/{event_id}/what-if")
def what_if(event_id: Event, body: WhatIf, app: App, who: Director) -> dict[str, Any]:
    """What the changes would do to the standings, tried on a copy: writes nothing."""
    rows = [
        ImportRow(
            line=n,
            board=c.board,
            ns=c.ns,
            ew=c.ew,
            entry=None
            if c.adjusted is not None
            else ResultEntry(
                board=c.board,
                ns=c.ns,
                ew=c.ew,
                contract=c.contract,
                declarer=c.declarer,
                tricks=c.tricks,
                score_ns=c.score_ns,
                lead=c.lead,
            ),
            adjusted=None if c.adjusted is None else Adjusted.parse(c.adjusted),
        )
        for n, c in enumerate(body.changes, start=1)
    ]
    return app.what_if(
        event_id, rows, session=body.session, section=body.section, override=body.override
    ).to_json()
