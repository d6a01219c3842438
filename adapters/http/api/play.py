"""Routes of a session's section: the movement, the rounds, the results (from the
director or the table's device), adjustments, imports and the scoring method."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header
from fastapi import Body as Payload
from pydantic import Field

from adapters.files.pbn import parse_pbn
from adapters.files.travellers_csv import parse_travellers
from adapters.http.api.common import App, Body, Event, done, refuse_a_file_with
from adapters.http.auth import Director, Writer
from engine.deals import Deal
from engine.errors import N_, InvalidInput, NotAllowed, TravellerError
from engine.scoring import Award
from engine.seating import Numbering
from engine.section.results import ResultEntry

router = APIRouter(tags=["play"])

SECTION = "/events/{event_id}/sessions/{session}/sections/{section}"


class MovementChoice(Body):
    family: str
    tables: int | None = None
    options: dict[str, Any] | None = None


@router.post(SECTION + "/movement")
def assign_movement(
    event_id: Event, session: int, section: str, body: MovementChoice, app: App, who: Director
) -> dict[str, Any]:
    state = app.assign_movement(
        event_id,
        body.family,
        session=session,
        section=section,
        tables=body.tables,
        options=body.options,
        actor=who.actor,
    )
    assert state.movement is not None
    return done(movement=state.movement.to_json())


@router.post(SECTION + "/rounds/{round}/start")
def start_round(
    event_id: Event, session: int, section: str, round: int, app: App, who: Director
) -> dict[str, Any]:
    app.start_round(event_id, round, session=session, section=section, actor=who.actor)
    return done(round=round)


@router.post(SECTION + "/rounds/{round}/end")
def end_round(
    event_id: Event, session: int, section: str, round: int, app: App, who: Director
) -> dict[str, Any]:
    """The move; answers with the tables of the round that still have no result."""
    missing = app.end_round(event_id, round, session=session, section=section, actor=who.actor)
    return done(
        round=round,
        missing=[{"board": b, "ns": ns.number, "ew": ew.number} for b, ns, ew in missing],
    )


class NumberingChoice(Body):
    numbering: Numbering


@router.put(SECTION + "/numbering")
def choose_numbering(
    event_id: Event, session: int, section: str, body: NumberingChoice, app: App, who: Director
) -> dict[str, Any]:
    app.choose_numbering(
        event_id, body.numbering, session=session, section=section, actor=who.actor
    )
    return done()


# ---- results ----------------------------------------------------------------------------


@router.post(SECTION + "/results", status_code=201)
def record_result(
    event_id: Event,
    session: int,
    section: str,
    entry: ResultEntry,
    app: App,
    who: Writer,
    override: str | None = None,
    numbering: Numbering | None = None,
    idempotency_key: Annotated[
        str | None,
        Header(
            description="A key the sender makes up for this result (a UUID): the same request "
            "sent again with it (after a timeout) is answered with the result it recorded, "
            "never recorded twice."
        ),
    ] = None,
) -> dict[str, Any]:
    """A table's result (the body is a result as the CLI's ``traveller result add`` takes
    it). A director may record any; a table's device only a new result of its own table in
    the round in play, in its own section (``override`` and ``numbering`` are the
    director's). With an ``Idempotency-Key`` header, a resent request records nothing and
    answers as the first did."""
    if who.kind == "table":
        assert who.device is not None
        device = who.device
        if (device.session, device.section) != (session, section) or override or numbering:
            raise NotAllowed(
                N_(
                    "Table %(table)s's device enters results of its own table only (session "
                    "%(session)s, section %(section)s), without an override or a numbering."
                ),
                hint=N_("Ask the director."),
                code="device.own_table",
                table=device.table_name,
                session=device.session,
                section=device.section,
            )
        result = app.record_table_result(event_id, device.id, entry, request=idempotency_key)
    else:
        result = app.record_result(
            event_id,
            entry,
            session=session,
            section=section,
            numbering=numbering,
            override=override,
            actor=who.actor,
            request=idempotency_key,
        )
    return done(result=result.model_dump())


class Correction(Body):
    result: ResultEntry
    reason: str
    was_ns: int | None = None
    was_ew: int | None = None
    override: str | None = None


@router.post(SECTION + "/results/correct")
def correct_result(
    event_id: Event, session: int, section: str, body: Correction, app: App, who: Director
) -> dict[str, Any]:
    """Replace a recorded result (or an adjusted score): the director's alone."""
    result = app.correct_result(
        event_id,
        body.result,
        reason=body.reason,
        was_ns=body.was_ns,
        was_ew=body.was_ew,
        session=session,
        section=section,
        override=body.override,
        actor=who.actor,
    )
    return done(result=result.model_dump())


class Ruling(Body):
    """A director's ruling on one table's board: which table, why, under which law."""

    board: int
    ns: int
    ew: int
    reason: str
    law: str | None = None
    numbering: Numbering | None = None


class Adjustment(Ruling):
    award_ns: str | None = Field(None, description="A+, A, A- or A60 …")
    award_ew: str | None = None
    neutral: bool = False


@router.post(SECTION + "/adjustments", status_code=201)
def adjust(
    event_id: Event, session: int, section: str, body: Adjustment, app: App, who: Director
) -> dict[str, Any]:
    """An artificial adjusted score, or a neutral board."""
    app.adjust(
        event_id,
        board=body.board,
        ns=body.ns,
        ew=body.ew,
        award_ns=None if body.award_ns is None else Award.parse(body.award_ns),
        award_ew=None if body.award_ew is None else Award.parse(body.award_ew),
        neutral=body.neutral,
        reason=body.reason,
        law=body.law,
        session=session,
        section=section,
        numbering=body.numbering,
        actor=who.actor,
    )
    return done(board=body.board, ns=body.ns, ew=body.ew)


class Weighted(Body):
    weight: str = Field("1", description="A fraction or decimal: 2/3, 0.25")
    score: int

    def parsed(self, *, ew: bool = False) -> tuple[Fraction, int]:
        try:
            weight = Fraction(self.weight)
        except (ValueError, ZeroDivisionError):
            raise InvalidInput(
                N_("%(weight)r is not a weight."),
                hint=N_("Write a fraction or a decimal: 2/3."),
                code="ruling.weight",
                weight=self.weight,
            ) from None
        # EW's own scores are stored as NS scores, as every score of a traveller is.
        return weight, -self.score if ew else self.score


class Assigned(Ruling):
    ns_scores: list[Weighted] = Field(description="NS's score(s), with weights summing to 1")
    ew_scores: list[Weighted] | None = Field(None, description="EW's own score(s): a split")


@router.post(SECTION + "/assigned", status_code=201)
def assign_score(
    event_id: Event, session: int, section: str, body: Assigned, app: App, who: Director
) -> dict[str, Any]:
    """An assigned score (law 12C): one result, several by weight, or a split score."""
    recorded = app.assign_score(
        event_id,
        board=body.board,
        ns=body.ns,
        ew=body.ew,
        outcomes=[w.parsed() for w in body.ns_scores],
        outcomes_ew=None if body.ew_scores is None else [w.parsed(ew=True) for w in body.ew_scores],
        reason=body.reason,
        law=body.law,
        session=session,
        section=section,
        numbering=body.numbering,
        actor=who.actor,
    )
    return done(law=recorded.law, outcomes=[list(o) for o in recorded.outcomes])


class Fouled(Body):
    board: int
    groups: list[list[int]] = Field(description="The NS pairs that played each version")
    reason: str
    law: str | None = Field(default=None, description="The law applied, e.g. 87B")


@router.post(SECTION + "/fouled")
def declare_fouled(
    event_id: Event, session: int, section: str, body: Fouled, app: App, who: Director
) -> dict[str, Any]:
    groups = app.declare_fouled(
        event_id,
        board=body.board,
        groups=body.groups,
        reason=body.reason,
        law=body.law,
        session=session,
        section=section,
        actor=who.actor,
    )
    return done(board=body.board, groups=[list(g) for g in groups])


@router.post(SECTION + "/import")
def import_travellers(
    event_id: Event,
    session: int,
    section: str,
    text: Annotated[str, Payload(media_type="text/csv", description="The file's text")],
    app: App,
    who: Director,
    format: Literal["csv", "pbn"] = "csv",
    numbering: Numbering | None = None,
    dry_run: bool = False,
) -> dict[str, Any]:
    """A travellers CSV (as ``traveller import travellers`` reads), or a PBN file's score
    tables (``format=pbn``: its deals become the session's hand record, and its pair
    numbers, where they show it, the section's numbering), all or nothing."""
    deals: dict[int, Deal] = {}
    if format == "pbn":
        found = parse_pbn(text, section=section)
        rows, problems, deals = found.rows, found.problems, found.deals
        own = app.section(event_id, session, section)
        if numbering is None and own.movement is None and own.numbering is None:
            numbering = found.numbering
        if deals and not problems:
            try:
                app.record_deals(event_id, deals, session=session, source="import", dry_run=True)
            except TravellerError as refused:
                problems.append(str(refused))
    else:
        rows, problems = parse_travellers(text)
    refuse_a_file_with(problems)
    count = app.import_results(
        event_id,
        rows,
        session=session,
        section=section,
        numbering=numbering,
        dry_run=dry_run,
        actor=who.actor,
    )
    recorded = (
        []
        if dry_run or not deals
        else app.record_deals(event_id, deals, session=session, source="import", actor=who.actor)
    )
    return {"recorded": not dry_run, "rows": count} | ({"deals": recorded} if recorded else {})


class Scoring(Body):
    method: str
    options: dict[str, Any] | None = None
    reason: str


@router.put(SECTION + "/scoring")
def choose_scoring(
    event_id: Event, session: int, section: str, body: Scoring, app: App, who: Director
) -> dict[str, Any]:
    """Score the section by another method from now on (a re-score, with the reason)."""
    changed = app.choose_scoring(
        event_id,
        body.method,
        body.options,
        session=session,
        section=section,
        reason=body.reason,
        actor=who.actor,
    )
    return done(changed=changed)
