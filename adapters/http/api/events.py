"""Routes of an event, its sessions and entries, and its conditions: what a director
sets up before and after play (``traveller event|session|entry …`` over HTTP)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fastapi import APIRouter
from pydantic import Field

from adapters import keys
from adapters.http.api.common import App, Body, Event, done
from adapters.http.auth import Director
from engine.carry_over import chosen_rule
from engine.errors import N_, InvalidInput
from engine.tournament.events import ContestantKind, Player, ScoringChoice, SectionRanking

router = APIRouter(tags=["events"])


class NewEvent(Body):
    name: str
    date: dt.date | None = None
    club: str | None = None
    scoring: ScoringChoice | None = None
    sections: list[str] = Field(default_factory=lambda: ["A"])
    enforce_rounds: bool = False
    zone: str | None = None
    conventions: str | None = Field(
        None, description="The convention profile it follows (GET /api/conventions); none: jcbl"
    )


@router.post("/events", status_code=201)
def create_event(body: NewEvent, app: App, who: Director) -> dict[str, Any]:
    """A new event with session 1 and its sections. Its creator is the director asking,
    who alone directs it until they name others (``PUT /api/events/{id}/directors``)."""
    event_id = app.create_event(
        body.name,
        date=body.date,
        club=body.club,
        scoring=body.scoring,
        sections=body.sections,
        enforce_rounds=body.enforce_rounds,
        zone=body.zone,
        directors=[who.name],
        conventions=body.conventions,
        actor=who.actor,
    )
    return done(id=str(event_id))


class NewSession(Body):
    session: int
    sections: list[str] = Field(default_factory=lambda: ["A"])


@router.post("/events/{event_id}/sessions", status_code=201)
def add_session(event_id: Event, body: NewSession, app: App, who: Director) -> dict[str, Any]:
    app.add_session(event_id, body.session, body.sections, actor=who.actor)
    return done(session=body.session, sections=body.sections)


class NewEntry(Body):
    players: list[Player]
    session: int = 1
    section: str = "A"
    pair: str | None = None
    name: str | None = None
    seeding: Decimal | None = None


@router.post("/events/{event_id}/entries", status_code=201)
def register_entry(event_id: Event, body: NewEntry, app: App, who: Director) -> dict[str, Any]:
    entry = app.register_entry(
        event_id,
        body.players,
        session=body.session,
        section=body.section,
        pair=body.pair,
        name=body.name,
        seeding=body.seeding,
        actor=who.actor,
    )
    return done(entry=entry)


class Why(Body):
    reason: str | None = None


@router.post("/events/{event_id}/entries/{entry}/withdraw")
def withdraw_entry(
    event_id: Event, entry: str, body: Why, app: App, who: Director
) -> dict[str, Any]:
    app.withdraw_entry(event_id, entry, reason=body.reason or "", actor=who.actor)
    return done(entry=entry)


class Rename(Body):
    player: str
    name: str
    reason: str | None = None


@router.post("/events/{event_id}/entries/{entry}/rename")
def rename_player(
    event_id: Event, entry: str, body: Rename, app: App, who: Director
) -> dict[str, Any]:
    app.rename_player(event_id, entry, body.player, body.name, reason=body.reason, actor=who.actor)
    return done(entry=entry)


class Member(Body):
    player: str
    member: str | None = None
    reason: str | None = None


@router.post("/events/{event_id}/entries/{entry}/member")
def change_member(
    event_id: Event, entry: str, body: Member, app: App, who: Director
) -> dict[str, Any]:
    app.change_member(
        event_id, entry, body.player, body.member, reason=body.reason, actor=who.actor
    )
    return done(entry=entry)


class Substitute(Body):
    player: str
    substitute: Player
    session: int = 1
    from_round: int | None = None
    reason: str | None = None


@router.post("/events/{event_id}/entries/{entry}/substitute")
def substitute_player(
    event_id: Event, entry: str, body: Substitute, app: App, who: Director
) -> dict[str, Any]:
    from_round = app.substitute_player(
        event_id,
        entry,
        body.player,
        body.substitute,
        session=body.session,
        from_round=body.from_round,
        reason=body.reason,
        actor=who.actor,
    )
    return done(entry=entry, from_round=from_round)


class Swap(Body):
    first: str
    second: str
    session: int = 1
    section: str = "A"
    reason: str | None = None


@router.post("/events/{event_id}/seats/swap")
def swap_seats(event_id: Event, body: Swap, app: App, who: Director) -> dict[str, Any]:
    app.swap_seats(
        event_id,
        body.first,
        body.second,
        session=body.session,
        section=body.section,
        reason=body.reason,
        actor=who.actor,
    )
    return done()


# ---- closing, publishing, masterpoints ----------------------------------------------------


@router.post("/events/{event_id}/sessions/{session}/close")
def close_session(
    event_id: Event, session: int, body: Why, app: App, who: Director
) -> dict[str, Any]:
    closed = app.close_session(event_id, session, reason=body.reason, actor=who.actor)
    return done(session=session, missing=[m.model_dump() for m in closed.missing])


@router.post("/events/{event_id}/sessions/{session}/reopen")
def reopen_session(
    event_id: Event, session: int, body: Why, app: App, who: Director
) -> dict[str, Any]:
    app.reopen_session(event_id, session, reason=body.reason or "", actor=who.actor)
    return done(session=session)


@router.post("/events/{event_id}/sessions/{session}/publish")
def publish(event_id: Event, session: int, app: App, who: Director) -> dict[str, Any]:
    """Publish a closed session's standings; signed with the server's key when its
    administrator gave it one ($TRAVELLER_SIGNING_KEY)."""
    signer = keys.signing_key(None)
    published = app.publish(event_id, session, signer=signer, actor=who.actor)
    return done(
        session=session,
        method=published.method,
        method_version=published.method_version,
        digest=published.digest,
        signed_by=None if signer is None else signer.public_key,
    )


class Award(Body):
    rule: str | None = None
    options: dict[str, Any] | None = None
    reason: str | None = None


@router.post("/events/{event_id}/sessions/{session}/masterpoints")
def award_masterpoints(
    event_id: Event, session: int, body: Award, app: App, who: Director
) -> dict[str, Any]:
    awarded = app.award_masterpoints(
        event_id,
        session,
        rule=body.rule,
        options=body.options,
        reason=body.reason,
        actor=who.actor,
    )
    return done(
        session=session,
        awarded=awarded.model_dump(mode="json", include={"rule", "version", "fields"}),
    )


# ---- conditions ---------------------------------------------------------------------------


class Enforcement(Body):
    enforced: bool


@router.put("/events/{event_id}/rounds-enforced")
def choose_rounds_enforcement(
    event_id: Event, body: Enforcement, app: App, who: Director
) -> dict[str, Any]:
    changed = app.choose_rounds_enforcement(event_id, body.enforced, actor=who.actor)
    return done(changed=changed)


class Zone(Body):
    zone: str = Field(description="An IANA name (Asia/Tokyo) or an offset (+09:00)")


@router.put("/events/{event_id}/zone")
def choose_zone(event_id: Event, body: Zone, app: App, who: Director) -> dict[str, Any]:
    """The zone the event's times are shown and read in."""
    changed = app.choose_zone(event_id, body.zone, actor=who.actor)
    return done(changed=changed)


class Conventions(Body):
    profile: str = Field(description="A convention profile (GET /api/conventions)")
    reason: str


@router.get("/events/{event_id}/conventions")
def conventions(event_id: Event, app: App) -> dict[str, Any]:
    """The convention profile the event follows and the options it recorded."""
    return app.conventions(event_id).to_json()


@router.put("/events/{event_id}/conventions")
def choose_conventions(
    event_id: Event, body: Conventions, app: App, who: Director
) -> dict[str, Any]:
    """The convention profile the event follows from now on (before results are published)."""
    changed = app.choose_conventions(event_id, body.profile, reason=body.reason, actor=who.actor)
    return done(changed=changed, **app.conventions(event_id).to_json())


class Ranking(Body):
    ranking: SectionRanking
    session: int | None = None


@router.put("/events/{event_id}/section-ranking")
def choose_section_ranking(
    event_id: Event, body: Ranking, app: App, who: Director
) -> dict[str, Any]:
    app.choose_section_ranking(event_id, body.ranking, session=body.session, actor=who.actor)
    return done()


class Flights(Body):
    flights: dict[str, str]


@router.put("/events/{event_id}/flights")
def assign_flights(event_id: Event, body: Flights, app: App, who: Director) -> dict[str, Any]:
    app.assign_flights(event_id, body.flights, actor=who.actor)
    return done()


class Contestants(Body):
    contestants: ContestantKind


@router.put("/events/{event_id}/contestants")
def choose_contestants(
    event_id: Event, body: Contestants, app: App, who: Director
) -> dict[str, Any]:
    app.choose_contestants(event_id, body.contestants, actor=who.actor)
    return done()


class Stage(Body):
    sessions: list[int]


@router.put("/events/{event_id}/stages/{stage}")
def define_stage(
    event_id: Event, stage: str, body: Stage, app: App, who: Director
) -> dict[str, Any]:
    sessions = app.define_stage(event_id, stage, body.sessions, actor=who.actor)
    return done(stage=stage, sessions=list(sessions))


@router.get("/events/{event_id}/stages")
def list_stages(event_id: Event, app: App) -> list[dict[str, object]]:
    """The event's stages, their sessions and the carry-over into each."""
    return app.tournament(event_id).ranking.stages_json()


class Rescoring(Body):
    scoring: str | None = Field(
        default=None, description="The method to score by from now on (or to_current)"
    )
    options: dict[str, Any] | None = None
    reason: str = Field(description="Why the session is scored again (kept in the audit)")
    section: str | None = Field(default=None, description="One section only (default: all)")
    to_current: bool = Field(
        default=False,
        description="Keep each section's method and options, scored by the method's "
        "current version (a new version applies only this way)",
    )


@router.post("/events/{event_id}/sessions/{session}/rescore")
def rescore(
    event_id: Event, session: int, body: Rescoring, app: App, who: Director
) -> dict[str, Any]:
    """Score a session (or one section) by another method, or by the current version of
    its method (``to_current``), all sections or none. The standings published before
    stay in the record; publish again to store the new ones."""
    if (body.scoring is None) == (not body.to_current):
        raise InvalidInput(
            N_("Give a scoring method or to_current (one of the two)."),
            hint=N_(
                "A scoring method is another method; to_current keeps the method and moves "
                "it to its current version."
            ),
            code="rescore.what",
        )
    if body.scoring is None:
        changed = app.rescore_to_current(
            event_id, session=session, section=body.section, reason=body.reason, actor=who.actor
        )
    else:
        changed = app.rescore(
            event_id,
            body.scoring,
            body.options,
            session=session,
            section=body.section,
            reason=body.reason,
            actor=who.actor,
        )
    in_force = app.scoring_in_force(event_id, session)
    names = [body.section] if body.section else list(in_force)
    methods = sorted({in_force[n].method for n in names if n in in_force})
    return done(
        session=session,
        method=app.registry.scoring(body.scoring).name if body.scoring else ", ".join(methods),
        versions={n: in_force[n].version for n in names if n in in_force},
        rescored=changed,
    )


class CarryOver(Body):
    source: str = Field(description="The qualifying stage")
    final_top: str = Field(description="The final's top on a board (a number: 25)")
    rule: str = "jcbl"
    options: dict[str, Any] | None = None
    qualifiers: int | None = None
    entries: list[str] = Field(default_factory=list)
    maximum_boards: int | None = None


@router.post("/events/{event_id}/stages/{stage}/carry-over")
def record_carry_over(
    event_id: Event, stage: str, body: CarryOver, app: App, who: Director
) -> dict[str, Any]:
    """Who qualified from ``source`` and what each carries into ``stage`` (the rule's
    decision, recorded)."""
    try:
        top = Fraction(body.final_top)
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(
            N_("%(top)r is not a number."),
            hint=N_("For example 25."),
            code="carry_over.top",
            top=body.final_top,
        ) from None
    recorded = app.record_carry_over(
        event_id,
        stage=stage,
        source=body.source,
        rule=chosen_rule(app.registry, body.rule, body.options),
        final_top=top,
        qualifiers=body.qualifiers,
        entries=body.entries,
        maximum_boards=body.maximum_boards,
        actor=who.actor,
    )
    return done(
        stage=stage,
        method=recorded.method,
        version=recorded.version,
        carried=[c.model_dump(mode="json") for c in recorded.carried],
    )


class Renumber(Body):
    from_session: int
    to_session: int
    stationary: list[str] = Field(default_factory=list)
    moves: list[str] = Field(default_factory=list)
    reason: str | None = None


@router.post("/events/{event_id}/renumber")
def renumber(event_id: Event, body: Renumber, app: App, who: Director) -> dict[str, Any]:
    app.renumber(
        event_id,
        from_session=body.from_session,
        to_session=body.to_session,
        stationary=body.stationary,
        moves=body.moves,
        reason=body.reason,
        actor=who.actor,
    )
    return done(session=body.to_session)


class Seat(Body):
    from_session: int | None = None
    from_stage: str | None = None
    rematches: bool = False
    reason: str | None = None


@router.post("/events/{event_id}/sessions/{session}/seat")
def seat_session(
    event_id: Event, session: int, body: Seat, app: App, who: Director
) -> dict[str, Any]:
    app.seat_session(
        event_id,
        session,
        from_session=body.from_session,
        from_stage=body.from_stage,
        rematches=body.rematches,
        reason=body.reason,
        actor=who.actor,
    )
    return done(session=session)
