"""The movement advisor over HTTP: ``GET /api/advice`` (``traveller movement advise``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from adapters.http.api.common import App
from adapters.http.auth import Director

router = APIRouter(tags=["play"])


@router.get("/advice")
def advice(
    app: App,
    who: Director,
    pairs: Annotated[int, Query(description="Pairs playing (teams, with teams=true).")],
    boards: Annotated[int | None, Query(description="Boards a session should play.")] = None,
    minutes: Annotated[int | None, Query(description="Minutes a session may take.")] = None,
    teams: Annotated[bool, Query(description="The number given is of teams.")] = False,
    two_winners: Annotated[bool, Query(description="NS and EW winners.")] = False,
    sessions: Annotated[int, Query(description="1, or 2 for two sessions.")] = 1,
) -> dict[str, Any]:
    """Movements proposed for a field, best first, each with what to assign in each
    session's sections (``assign``: family, tables, options; a family of null: no
    installed family builds it)."""
    found = app.advise(
        pairs,
        teams=teams,
        boards=boards,
        minutes=minutes,
        two_winners=two_winners,
        sessions=sessions,
    )
    return found.to_json()
