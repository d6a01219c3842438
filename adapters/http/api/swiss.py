"""Routes of a Swiss event: its conditions, each round's draw and the match scores."""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from uuid import UUID

from fastapi import APIRouter
from pydantic import Field

from adapters.http.api.common import App, Body, Event, Moment, done
from adapters.http.api.visibility import check_released, released_rounds
from adapters.http.auth import Director, Who
from engine.application import Traveller
from engine.application.swiss import DEFAULT_PAIRING
from engine.pairing.field import Draw
from engine.swiss import standings_json
from engine.swiss_seating import seated_draw_json

router = APIRouter(tags=["swiss"])


class SwissConditions(Body):
    rounds: int
    boards_per_round: int
    pairing: str = DEFAULT_PAIRING
    options: dict[str, Any] | None = None
    vp_scale: str | None = None
    bye_vp: Decimal = Decimal(12)
    tie_break: list[str] = Field(default_factory=list)


@router.post("/events/{event_id}/swiss")
def start_swiss(event_id: Event, body: SwissConditions, app: App, who: Director) -> dict[str, Any]:
    """Run the event as a Swiss; answers with the warnings a director should read."""
    warnings = app.start_swiss(
        event_id,
        rounds=body.rounds,
        boards_per_round=body.boards_per_round,
        pairing=body.pairing,
        options=body.options,
        vp_scale=body.vp_scale,
        bye_vp=body.bye_vp,
        tie_break=body.tie_break,
        actor=who.actor,
    )
    return done(warnings=list(warnings))


class DrawRequest(Body):
    round: int | None = None
    dry_run: bool = False


@router.post("/events/{event_id}/swiss/draw")
def draw_round(event_id: Event, body: DrawRequest, app: App, who: Director) -> dict[str, Any]:
    """Draw the next round (and seat its session); ``dry_run`` only shows it."""
    draw = app.draw_round(event_id, body.round, dry_run=body.dry_run, actor=who.actor)
    return {"recorded": not body.dry_run, "draw": _seated(app, event_id, draw)}


class Redraw(Body):
    reason: str | None = None


@router.post("/events/{event_id}/swiss/rounds/{round}/redraw")
def redraw_round(
    event_id: Event, round: int, body: Redraw, app: App, who: Director
) -> dict[str, Any]:
    draw = app.redraw_round(event_id, round, reason=body.reason, actor=who.actor)
    return done(draw=_seated(app, event_id, draw))


class MatchScore(Body):
    home: int
    away: int
    imps: tuple[Decimal, Decimal] | None = None
    vp: tuple[Decimal, Decimal] | None = None
    reason: str | None = None


@router.post("/events/{event_id}/swiss/rounds/{round}/matches")
def score_match(
    event_id: Event, round: int, body: MatchScore, app: App, who: Director
) -> dict[str, Any]:
    """A match's score from the teams' cards (again, with a reason: a correction)."""
    app.score_match(
        event_id,
        round,
        body.home,
        body.away,
        imps=body.imps,
        vp=body.vp,
        reason=body.reason,
        actor=who.actor,
    )
    return done(round=round, home=body.home, away=body.away)


@router.get("/events/{event_id}/swiss/rounds/{round}/draw")
def swiss_draw(event_id: Event, round: int, app: App, who: Who) -> dict[str, Any]:
    """A round's draw, as recorded (public: the draw is posted at the venue)."""
    return _seated(app, event_id, app.swiss_draw(event_id, round))


@router.get("/events/{event_id}/swiss/standings")
def swiss_standings(
    event_id: Event, app: App, who: Who, at: Moment, upto: int | None = None
) -> list[dict[str, Any]]:
    """The Swiss standings by VPs (after round ``upto``); the public's, after the last
    round published (every round, if the director allows the running standings)."""
    tournament = app.tournament(event_id)
    if who.kind != "director":
        shown = released_rounds(tournament)
        if shown == 0:
            check_released(who, tournament, 1)  # not even round 1: refused, saying so
        if shown is not None:
            upto = shown if upto is None else min(upto, shown)
    swiss = tournament.swiss
    kind = "pairs" if swiss is not None and swiss.conditions.kind == "pairs" else "teams"
    return standings_json(app.swiss_standings(event_id, upto, at=at), kind)


def _seated(app: Traveller, event_id: UUID, draw: Draw) -> dict[str, Any]:
    """A draw as the CLI shows it: with its round's boards and tables."""
    return seated_draw_json(draw, app.swiss_seating(event_id, draw))
