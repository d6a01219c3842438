"""The console's scoring-desk half: results entered and corrected (with a what-if
preview of the standings first), adjusted and assigned scores and fouled boards (with
the reason and the law), the audit filtered by board, pair and actor with the standings
before and after each action, closing, reopening and publishing a session with what
the public sees, and the printable pages.

Pages (``/console/events/{id}/desk/…``) are shells anyone may load; their panels
(``…/desk/panels/…``) need a director. Every form is sent by ``static/console.js`` to
the API (``/api/…``), which records the action as the director's, or refuses it and
writes nothing; ``static/desk.js`` adds the what-if preview and the audit's filters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from starlette.responses import HTMLResponse

from adapters.http.api.common import App
from adapters.http.api.visibility import released
from adapters.http.auth import Director
from adapters.http.console.render import (
    SectionAt,
    SectionQuery,
    SessionQuery,
    event_url,
    live_url,
    panel,
    shell,
)
from adapters.http.console.setup import PAGES
from adapters.http.errors import status_of
from adapters.http.printing.sheets import KINDS, RESULTS
from engine.application.moments import At
from engine.errors import TravellerError
from engine.zones import zone_of

router = APIRouter()


DESK_PAGES: tuple[str, ...] = ("results", "rulings", "audit", "release", "print")
"""The scoring desk's pages (``/console/events/{id}/desk/{page}``), in the navigation's
order (``console/desk_nav.html`` titles them)."""
AUDIT_SHOWN = 200
"""How many actions the audit shows, newest first (a filter narrows it)."""


# ---- shells --------------------------------------------------------------------------------


@router.get("/events/{event_id}/desk/{page}", response_class=HTMLResponse)
def desk_page(
    request: Request,
    app: App,
    event_id: str,
    page: Literal["results", "rulings", "audit", "release", "print"],
    session: SessionQuery = 1,
    section: SectionQuery = "A",
) -> HTMLResponse:
    """One page of the scoring desk (:data:`DESK_PAGES`)."""
    try:
        found = app.resolve_event(event_id)
    except TravellerError as e:
        return shell(
            request, "console/setup_problem.html", {"problem": e.message}, status_code=status_of(e)
        )
    return shell(
        request,
        f"console/desk_{page}.html",
        {
            "event_id": str(found),
            "session": session,
            "section": section,
            "current": f"desk/{page}",
            "pages": PAGES,
            "event_url": event_url,
            "live": live_url(found),
            "api": f"/api/events/{found}",
            "section_api": f"/api/events/{found}/sessions/{session}/sections/{section}",
            "print_kinds": KINDS,
            "print_results": RESULTS,
        },
    )


# ---- panels --------------------------------------------------------------------------------


@router.get("/events/{event_id}/desk/panels/board", response_class=HTMLResponse)
def board_panel(
    request: Request,
    app: App,
    who: Director,
    desk: SectionAt,
    board: Annotated[int | None, Query(ge=1, description="The board shown.")] = None,
) -> HTMLResponse:
    """A board's traveller as the desk sees it (released or not), each table's result
    with a button that puts it in the correction form; the section's boards to pick."""
    movement = app.movement_of(desk.event, session=desk.session, section=desk.section)
    boards = () if movement is None else movement.boards
    shown = board if board is not None else (boards[0] if boards else None)
    data = (
        None
        if shown is None
        else app.traveller(desk.event, shown, session=desk.session, section=desk.section).to_json()
    )
    return panel(
        request,
        "console/desk_board.html",
        {"desk": desk, "boards": boards, "board": shown, "data": data},
    )


def _result_words(result: Mapping[str, Any]) -> dict[str, Any]:
    """A result (as an action records it) for the audit: who played, what, the score."""
    return {
        "board": result.get("board"),
        "ns": result.get("ns"),
        "ew": result.get("ew"),
        "contract": result.get("contract"),
        "declarer": result.get("declarer"),
        "tricks": result.get("tricks"),
        "score_ns": result.get("score_ns"),
        "lead": result.get("lead"),
    }


def _details(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The rest of an action's data as (field, value) pairs, long lists shortened."""
    out = []
    # The table a result names is said with the result.
    shown = {"result", "was"} | ({"board", "ns", "ew"} if "result" in data else set())
    for key, value in data.items():
        if key in shown or value in (None, "", [], {}, False):
            continue
        if key == "movement" and isinstance(value, dict):
            text = "{} {}×{}×{}".format(
                value.get("family"),
                value.get("tables"),
                value.get("rounds"),
                value.get("boards_per_round"),
            )
        elif isinstance(value, list) and len(value) > 6:
            text = ", ".join(_plain(v) for v in value[:6]) + f", … ({len(value)})"
        else:
            text = _plain(value)
        out.append((key, text))
    return out


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        if "name" in value:  # a player
            return str(value["name"])
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items() if v not in (None, "", []))
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return str(value)


def audit_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The audit's rows, newest first, each with its result (if any) and other data
    laid out for the table."""
    shown = []
    for row in reversed(rows[-AUDIT_SHOWN:]):
        data = row["data"]
        result = data.get("result")
        was = data.get("was")
        shown.append(
            {
                **row,
                "result": _result_words(result) if isinstance(result, dict) else None,
                "was": _result_words(was) if isinstance(was, dict) else None,
                "details": _details(data),
            }
        )
    return shown


@router.get("/events/{event_id}/desk/panels/audit", response_class=HTMLResponse)
def audit_panel(
    request: Request,
    app: App,
    who: Director,
    desk: SectionAt,
    board: Annotated[int | None, Query(ge=1)] = None,
    pair: Annotated[str | None, Query(max_length=8)] = None,
    actor: Annotated[str | None, Query(max_length=80)] = None,
    within: Annotated[int | None, Query(ge=1, description="Only this session's actions")] = None,
) -> HTMLResponse:
    """The actions recorded for the event, newest first, filtered by board, pair, actor
    and session; each with a button for the standings before and after it."""
    zone = desk.tournament.zone  # the event's clock, else UTC (the server's is no one's)
    rows = app.audit(
        desk.event,
        board=board,
        pair=pair or None,
        actor=actor or None,
        session=within,
        zone=None if zone is None else zone_of(zone),
    )
    return panel(
        request,
        "console/desk_audit_panel.html",
        {
            "desk": desk,
            "rows": audit_rows(rows),
            "total": len(rows),
            "zone": zone,
            "limit": AUDIT_SHOWN,
            "filters": {"board": board, "pair": pair, "actor": actor, "within": within},
        },
    )


@router.get("/events/{event_id}/desk/panels/diff", response_class=HTMLResponse)
def diff_panel(
    request: Request,
    app: App,
    who: Director,
    desk: SectionAt,
    number: Annotated[int, Query(ge=1, description="The action (as the audit numbers it)")],
) -> HTMLResponse:
    """What one action changed in the session's standings: each pair's score, rank and
    percentage just before it and just after."""
    problem = None
    rows: list[dict[str, Any]] = []
    try:
        rows = app.diff(
            desk.event,
            before=At(number=max(number - 1, 1)),
            after=At(number=number),
            session=desk.session,
        )
    except TravellerError as e:
        problem = e  # e.g. the session did not exist yet before the action
    return panel(
        request,
        "console/desk_diff.html",
        {"desk": desk, "rows": rows, "number": number, "problem": problem},
    )


@router.get("/events/{event_id}/desk/panels/release", response_class=HTMLResponse)
def release_panel(
    request: Request,
    app: App,
    who: Director,
    desk: SectionAt,
) -> HTMLResponse:
    """Each session: closed or not, published or not, what the public sees of it; the
    forms to close, reopen (with the reason) and publish, and the running standings'
    switch."""
    t = desk.tournament
    sessions = [
        {
            "session": s,
            "sections": names,
            "closed": s in t.closed,
            "published": bool(t.publications.get(s)),
            "public": released(t, s),
            "missing": len(app.missing_results(desk.event, session=s)),
        }
        for s, names in sorted(t.sessions.items())
    ]
    return panel(
        request,
        "console/desk_release_panel.html",
        {"desk": desk, "sessions": sessions, "running": t.public_running},
    )
