"""Time travel: a tournament as it stood at any position or moment (its standings and
totals), what changed between two positions, the audit trail, and forks that write
nothing.

A tournament's *position* counts its own history: 1 is its creation, n its n-th event
(its sections' events included), whatever else the store holds, so a position means the
same in every store the tournament is kept in. The store's notification id, the *store
position*, counts every event of every tournament; both are given with each event.

This module reads an application's store and builds forks of it, so it sits above
:mod:`engine.application`, which never imports it.
"""

from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from engine.application import Traveller
from engine.errors import InvalidInput, NotFound
from engine.events import DomainEvent
from engine.ranks import RankBy, Standings
from engine.registry import Registry
from engine.seating import Pair
from engine.section import Section, SectionOpened, project_section
from engine.standings import compute_standings
from engine.swiss import TeamLine, round_sections
from engine.swiss import standings as swiss_standings
from engine.totals import Totals, compute_totals
from engine.tournament import (
    EventCreated,
    SessionAdded,
    Tournament,
    project_tournament,
    section_id,
)
from engine.tournament.checks import check_sessions

BATCH = 1000


@dataclass(frozen=True)
class Recorded:
    """An event with its place in the store (``position``, the store position) and in
    its tournament's history (``number``: 1 is the tournament's creation)."""

    position: int
    event: DomainEvent
    number: int = 0


def history(
    app: Traveller,
    event_id: UUID,
    *,
    until: int | None = None,
    until_number: int | None = None,
    until_time: dt.datetime | None = None,
) -> Iterator[Recorded]:
    """Every event of one tournament (its own and its sections'), in store order, up to
    store position ``until``, the tournament's ``until_number``-th event, or a moment."""
    ours = {event_id}
    start: int | None = 1
    number = 0
    while True:
        batch = app.recorder.select_notifications(start, BATCH, stop=until)
        for n in batch:
            if n.originator_id not in ours:
                continue
            if until_number is not None and number >= until_number:
                return
            event = app.mapper.to_domain_event(n)
            assert isinstance(event, DomainEvent)
            if until_time is not None and event.timestamp > until_time:
                return
            if isinstance(event, SessionAdded):
                ours |= {section_id(event_id, event.session, s) for s in event.sections}
            number += 1
            yield Recorded(n.id, event, number)
        if len(batch) < BATCH:
            return
        start = batch[-1].id + 1


@dataclass
class Snapshot:
    """A tournament and its sections as they stood after ``last``, the last event of its
    history folded into them."""

    last: Recorded
    tournament: Tournament
    sections: dict[UUID, Section]

    @property
    def position(self) -> int:
        """The store position of the last event folded."""
        return self.last.position

    @property
    def number(self) -> int:
        """The tournament's position: how many of its events were folded."""
        return self.last.number

    def sections_of(self, session: int) -> list[Section]:
        names = self.tournament.sessions.get(session, ())
        out = []
        for name in names:
            sid = section_id(self.tournament.id, session, name)
            if sid in self.sections:
                out.append(self.sections[sid])
        return out


class Fold:
    """Tournaments and sections folded from events in store order.

    The one fold behind as-of replay and a whole-store rebuild; it is the same
    ``project_*``/``apply`` the live application uses."""

    def __init__(self) -> None:
        self.tournaments: dict[UUID, Tournament] = {}
        self.sections: dict[UUID, Section] = {}

    def add(self, event: DomainEvent) -> None:
        oid = event.originator_id
        if isinstance(event, EventCreated):
            created = project_tournament(None, [event])
            assert created is not None
            self.tournaments[oid] = created
        elif isinstance(event, SectionOpened):
            opened = project_section(None, [event])
            assert opened is not None
            self.sections[oid] = opened
        elif oid in self.tournaments:
            self.tournaments[oid].apply(event)
        else:
            self.sections[oid].apply(event)

    def standings(self, registry: Registry) -> dict[tuple[UUID, int], Standings]:
        """Every session's standings, by (event id, session)."""
        found = {}
        for t in self.tournaments.values():
            for session, names in sorted(t.sessions.items()):
                of = [self.sections[section_id(t.id, session, name)] for name in names]
                found[(t.id, session)] = compute_standings(registry, t, of, session)
        return found


def state_at(
    app: Traveller,
    event_id: UUID,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
) -> Snapshot:
    """Fold the tournament's events up to its ``number``-th event, a store ``position``
    or a moment (the same fold as live; with none of them, up to now)."""
    if number is not None and number < 1:
        raise InvalidInput(
            f"There is no position {number}: an event's history starts at 1 (its creation)."
        )
    fold = Fold()
    last: Recorded | None = None
    for rec in history(app, event_id, until=position, until_number=number, until_time=time):
        last = rec
        fold.add(rec.event)
    if last is None or event_id not in fold.tournaments:
        raise NotFound(
            f"Event {event_id} did not exist yet at that point.",
            hint="Give a later position or time (see `traveller audit`).",
        )
    tournament = fold.tournaments[event_id]
    if number is not None and last.number < number:
        raise NotFound(
            f"Event {tournament.name!r} has {last.number} events in its history, so there "
            f"is no position {number}.",
            hint=f"Give a position from 1 to {last.number} (`traveller audit` numbers them).",
        )
    return Snapshot(last, tournament, fold.sections)


def rebuild(app: Traveller) -> tuple[int, dict[tuple[UUID, int], Standings]]:
    """Read the whole store once and compute every session's standings from scratch.

    Returns the number of events read and the standings by (event id, session)."""
    fold = Fold()
    count, start = 0, 1
    # Folding creates many small objects that all live to the end: the cyclic garbage
    # collector would scan them again and again for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        while True:
            batch = app.recorder.select_notifications(start, BATCH)
            for n in batch:
                event = app.mapper.to_domain_event(n)
                assert isinstance(event, DomainEvent)
                fold.add(event)
            count += len(batch)
            if len(batch) < BATCH:
                return count, fold.standings(app.registry)
            start = batch[-1].id + 1
    finally:
        if collecting:
            gc.enable()


def standings_at(
    app: Traveller,
    event_id: UUID,
    session: int = 1,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
) -> Standings:
    """A session's standings as they stood (see :func:`state_at`)."""
    snap = state_at(app, event_id, number=number, position=position, time=time)
    return standings_of(app, snap, session)


def standings_of(app: Traveller, snap: Snapshot, session: int) -> Standings:
    """A session's standings in a snapshot; the session must exist by then."""
    check_sessions(snap.tournament, [session])
    return compute_standings(app.registry, snap.tournament, snap.sections_of(session), session)


def swiss_standings_at(
    app: Traveller,
    event_id: UUID,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
) -> list[TeamLine]:
    """A Swiss event's standings as they stood (see :func:`state_at`): the draws, cards
    and each round's session as they were."""
    snap = state_at(app, event_id, number=number, position=position, time=time)
    tournament = snap.tournament
    sections = round_sections(
        tournament, lambda s, n: snap.sections[section_id(tournament.id, s, n)]
    )
    return swiss_standings(app.registry, tournament, sections)


def totals_at(
    app: Traveller,
    event_id: UUID,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
    sessions: Sequence[int] | None = None,
    stage: str | None = None,
    by: RankBy = RankBy.SCORE,
) -> Totals:
    """The totals as they stood at a position or a moment (the same fold as live)."""
    snap = state_at(app, event_id, number=number, position=position, time=time)
    return compute_totals(
        app.registry, snap.tournament, snap.sections_of, sessions=sessions, stage=stage, by=by
    )


# ---- the audit trail ------------------------------------------------------------------------


def audit(
    app: Traveller,
    event_id: UUID,
    *,
    board: int | None = None,
    pair: str | None = None,
    session: int | None = None,
    section: str | None = None,
    zone: dt.tzinfo | None = None,
) -> list[dict[str, Any]]:
    """Every event (filtered to one board or one pair): its position in the tournament's
    history and in the store, time (in ``zone``, UTC by default), who, why, what."""
    where: dict[UUID, tuple[int, str]] = {}
    out = []
    wanted = None if pair is None else Pair.parse(pair)
    for rec in history(app, event_id):
        event = rec.event
        if isinstance(event, SectionOpened):
            where[event.originator_id] = (event.session, event.section)
        data = event.model_dump(
            mode="json",
            exclude={"originator_id", "originator_version", "timestamp", "actor", "reason"},
        )
        located = where.get(event.originator_id)
        if located is not None:
            if session is not None and located[0] != session:
                continue
            if section is not None and located[1] != section:
                continue
        if board is not None and not _mentions_board(data, board):
            continue
        if wanted is not None and not _mentions_pair(data, wanted):
            continue
        out.append(
            {
                "position": rec.number,
                "store_position": rec.position,
                "time": event.timestamp.astimezone(zone or dt.UTC).isoformat(),
                "type": event.type,
                "actor": event.actor,
                "reason": event.reason,
                "session": None if located is None else located[0],
                "section": None if located is None else located[1],
                "data": data,
            }
        )
    return out


def _mentions_board(data: dict[str, Any], board: int) -> bool:
    if data.get("board") == board:
        return True
    result = data.get("result")
    return isinstance(result, dict) and result.get("board") == board


def _mentions_pair(data: dict[str, Any], pair: Pair) -> bool:
    sources = [data]
    if isinstance(data.get("result"), dict):
        sources.append(data["result"])
    for source in sources:
        for key, line in (("ns", "NS"), ("ew", "EW")):
            if source.get(key) == pair.number and pair.line in (None, line):
                return True
    seats = data.get("seats")
    return isinstance(seats, dict) and pair.key in seats


# ---- what changed -----------------------------------------------------------------------


def diff(before: Standings, after: Standings) -> list[dict[str, Any]]:
    """Per pair: score and rank before and after, for every pair whose line changed."""
    rows = []
    for f in after.fields:
        # A field may span sections (NS 3 of A and NS 3 of B) or rank players.
        old = {
            (r.section, r.pair, r.player): r
            for b in before.fields
            if (b.section, b.name) == (f.section, f.name)
            for r in b.rows
        }
        for r in f.rows:
            was = old.get((r.section, r.pair, r.player))
            if was is not None and (was.score, was.rank, was.percentage) == (
                r.score,
                r.rank,
                r.percentage,
            ):
                continue
            rows.append(
                {
                    "section": r.section or f.section,
                    "field": f.name,
                    "pair": r.pair.number,
                    "names": list(r.names),
                    "score_before": None if was is None else str(was.score),
                    "score_after": str(r.score),
                    "rank_before": None if was is None else was.rank,
                    "rank_after": r.rank,
                    "percentage_before": None if was is None else str(was.percentage),
                    "percentage_after": str(r.percentage),
                }
            )
    return rows


def fork(app: Traveller, event_id: UUID, *, position: int | None = None) -> Traveller:
    """An in-memory copy of one tournament's history (up to ``position``) to try things on.

    Nothing done to the fork reaches the real store.
    """
    copy = Traveller({"PERSISTENCE_MODULE": "eventsourcing.popo"}, registry=app.registry)
    events = [rec.event for rec in history(app, event_id, until=position)]
    if not events:
        raise NotFound(f"There is no event {event_id} to fork.")
    copy.save(*events)
    return copy
