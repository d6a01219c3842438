"""The scoring method in force for a section, and the version of it (docs/decisions/0024).

A scoring method's figures may change from one version to the next (matchpoints 1.1
factors around an artificial table where 1.0 gave the others ½ for it). What was
published stays what was published: the scoring choice records the method's version
(the event's at its creation, a section's own with each choice), the standings are
computed by that version, and a new version applies only through a new choice (a
rescore, in the audit).

A choice recorded before versions were (``EventCreated`` and ``ScoringChosen`` of
schema 1) names none: the version in force is then the one the section's session was
last published under by that method, else the method's current one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.lineup import SubstituteShown
from engine.ranks import FieldStandings, MasterpointsShown, RankBy, StandingRow, Standings
from engine.seating import Line, Pair
from engine.section.state import Section
from engine.tournament.state import Tournament


@dataclass(frozen=True)
class ScoringInForce:
    """The method (a plugin name), its options and its version in force for a section."""

    method: str
    options: dict[str, Any]
    version: str | None
    """None: no choice or publication names one; the method's current version."""
    conventions: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """The option values the event's convention profile gives each method (method →
    option → value; empty under ``jcbl``): ``options`` win over them
    (:func:`engine.conventions.options_in_force`)."""


def scoring_in_force(tournament: Tournament, section: Section) -> ScoringInForce:
    """The method ``section`` is scored by (its own, or the event's) and its version."""
    if section.scoring is not None:
        method, options = section.scoring
        version = section.scoring_version
    else:
        method, options = tournament.scoring.method, tournament.scoring.options
        version = tournament.scoring.version
    if version is None:
        version = published_version(tournament, section.session, method)
    chosen = tournament.conventions
    return ScoringInForce(method, options, version, {} if chosen is None else chosen.options)


def published_version(tournament: Tournament, session: int, method: str) -> str | None:
    """The version of ``method`` the session was last published under, if it was."""
    for publication in reversed(tournament.publications.get(session, [])):
        if publication.method == method:
            return publication.method_version
    return None


# ---- the figures as published -----------------------------------------------------------


def as_published(tournament: Tournament, session: int) -> Standings | None:
    """The session's standings as it was last published (the figures its publication
    stored), marked with the method and version they were computed by; None if it was
    never published. Shown when that version is no longer installed."""
    stored = [p for p in tournament.publications.get(session, []) if p.standings]
    if not stored:
        return None
    last = stored[-1]
    data = last.standings or {}
    masterpoints = data.get("masterpoints")
    return Standings(
        event=str(data.get("event", tournament.id)),
        event_name=str(data.get("name", tournament.name)),
        session=int(data.get("session", session)),
        method=last.method,
        method_version=last.method_version,
        fields=tuple(_field(f) for f in data.get("fields", ())),
        overall=None if data.get("overall") is None else _field(data["overall"]),
        masterpoints=None if masterpoints is None else MasterpointsShown(**masterpoints),
        as_published=f"{last.method} {last.method_version}",
    )


def _field(data: dict[str, Any]) -> FieldStandings:
    line = Line(data["name"]) if data["name"] in (Line.NS.value, Line.EW.value) else None
    return FieldStandings(
        section=data["section"],
        name=data["name"],
        top=Fraction(Decimal(str(data["top"]))),
        rows=tuple(_row(r, line) for r in data.get("rows", ())),
        ranked_by=RankBy(data.get("ranked_by", RankBy.SCORE.value)),
        flight=data.get("flight"),
    )


def _row(data: dict[str, Any], line: Line | None) -> StandingRow:
    shown = data.get("line")
    masterpoints = data.get("masterpoints")
    return StandingRow(
        rank=data["rank"],
        pair=Pair(data["pair"], Line(shown) if shown else line),
        names=tuple(data.get("names", ())),
        score=Decimal(data["score"]),
        percentage=Decimal(data["percentage"]),
        boards_played=data["boards_played"],
        section=data.get("section"),
        line=Line(shown) if shown else None,
        player=data.get("player"),
        masterpoints=None if masterpoints is None else Decimal(masterpoints),
        substitutes=tuple(SubstituteShown(**s) for s in data.get("substitutes", ())),
    )
