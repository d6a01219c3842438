"""Moments in a tournament's history: the time-travel core the application answers "as of"
with — reading one tournament's events, folding them into its state at any point, the
audit trail, what changed between two moments, and forks that write nothing.

A tournament's *position* (its event *number*) counts its own history: 1 is its creation,
n its n-th event (its sections' events included), whatever else the store holds, so a
number means the same in every store the tournament is kept in. The store's
notification id, the *store position*, counts every event of every tournament; both are
given with each event.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast
from uuid import UUID

from eventsourcing.persistence import Notification

from engine.application.core import ApplicationCore, UnitOfWork
from engine.errors import N_, Fix, InvalidInput, NotFound
from engine.events import DomainEvent, stored_topics
from engine.ranks import Standings
from engine.registry import Registry
from engine.seating import Pair
from engine.section.events import ResultsImported, SectionOpened
from engine.section.state import Section, project_section
from engine.standings import compute_standings
from engine.tournament.checks import check_section, check_sessions, parse_pair_text
from engine.tournament.events import EventCreated, SessionAdded
from engine.tournament.state import Tournament, project_tournament, section_id

BATCH = 1000
"""Rows per read of the store."""

A = TypeVar("A", bound=ApplicationCore)


@dataclass(frozen=True)
class At:
    """A moment in one tournament's history, as a query is asked "as of" it.

    Give one of the three (a query given ``None`` instead of an ``At`` answers as of
    now, from the live states); given several, the history is cut at the earliest of
    them; given none (``At()``), the whole history is folded from the log."""

    number: int | None = None
    """The tournament's own position: its ``number``-th recorded event, 1 being its
    creation (as ``traveller audit`` numbers them); the same in every store."""
    position: int | None = None
    """A store position: the store's notification id, counting every event of every
    tournament in the store."""
    time: dt.datetime | None = None
    """A moment (timezone-aware): the events recorded at or before it."""


@dataclass(frozen=True)
class Recorded:
    """An event with its place in the store (``position``, the store position) and in
    its tournament's history (``number``: 1 is the tournament's creation)."""

    position: int
    event: DomainEvent
    number: int = 0


class EventLog(Protocol):
    """A recorder that reads the events of given aggregates alone, in store order (the
    SQLite and PostgreSQL stores' do: :mod:`adapters.storage`)."""

    def select_notifications_of(
        self, originator_ids: Sequence[UUID], *, stop: int | None = None
    ) -> Sequence[Notification]: ...


def _notifications(
    app: ApplicationCore, event_id: UUID, until: int | None
) -> Iterator[Notification]:
    """The stored events that may be the tournament's, in store order, up to ``until``:
    its own and its sections' alone where the store reads them so (the cost of one
    tournament then does not grow with the store), else the whole log."""
    reader = getattr(app.recorder, "select_notifications_of", None)
    if reader is not None:
        log = cast(EventLog, app.recorder)
        own = log.select_notifications_of([event_id], stop=until)
        added = set(stored_topics(SessionAdded))
        sections = {
            section_id(event_id, e.session, name)
            for n in own
            if n.topic in added
            for e in [app.mapper.to_domain_event(n)]
            if isinstance(e, SessionAdded)
            for name in e.sections
        }
        yield from log.select_notifications_of([event_id, *sorted(sections)], stop=until)
        return
    start: int | None = 1
    while True:
        batch = app.recorder.select_notifications(start, BATCH, stop=until)
        yield from batch
        if len(batch) < BATCH:
            return
        start = batch[-1].id + 1


def history(
    app: ApplicationCore,
    event_id: UUID,
    *,
    until: int | None = None,
    until_number: int | None = None,
    until_time: dt.datetime | None = None,
) -> Iterator[Recorded]:
    """Every event of one tournament (its own and its sections'), in store order, up to
    store position ``until``, the tournament's ``until_number``-th event, or a moment."""
    ours = {event_id}
    number = 0
    for n in _notifications(app, event_id, until):
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

    @property
    def at(self) -> At:
        """This moment, as queries take it."""
        return At(position=self.position)

    def sections_of(self, session: int) -> list[Section]:
        """The session's sections as they stood (none for a session not yet added)."""
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
        """Fold one more event in."""
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
    app: ApplicationCore,
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
            N_("There is no position %(number)s: an event's history starts at 1 (its creation)."),
            code="position.number",
            number=number,
        )
    fold = Fold()
    last: Recorded | None = None
    for rec in history(app, event_id, until=position, until_number=number, until_time=time):
        last = rec
        fold.add(rec.event)
    if last is None or event_id not in fold.tournaments:
        raise NotFound(
            N_("Event %(event)s did not exist yet at that point."),
            hint=N_("Give a later position or time (the audit numbers the positions)."),
            code="moment.before",
            fix=Fix("audit"),
            event=str(event_id),
        )
    tournament = fold.tournaments[event_id]
    if number is not None and last.number < number:
        raise NotFound(
            N_(
                "Event %(event)s has %(last)s events in its history, so there is no position "
                "%(number)s."
            ),
            hint=N_("Give a position from 1 to %(last)s (the audit numbers them)."),
            code="moment.beyond",
            fix=Fix("audit"),
            event=repr(tournament.name),
            last=last.number,
            number=number,
        )
    return Snapshot(last, tournament, fold.sections)


def snapshot(app: ApplicationCore, event_id: UUID, at: At | Snapshot) -> Snapshot:
    """The tournament as it stood at ``at`` (a snapshot already folded is itself)."""
    if isinstance(at, Snapshot):
        return at
    return state_at(app, event_id, number=at.number, position=at.position, time=at.time)


@dataclass
class EventState:
    """A tournament and its sections as a query reads them: now (``snapshot`` is None)
    or as they stood at a moment."""

    tournament: Tournament
    snapshot: Snapshot | None
    _section: Callable[[int, str], Section | None]

    def section(self, session: int, name: str) -> Section:
        """One section (the session and the section must exist by then)."""
        check_section(self.tournament, session, name)
        found = self._section(session, name)
        if found is None:  # cut between a session's adding and its sections' opening
            raise NotFound(
                N_("Section %(section)s of session %(session)s was not open yet then."),
                code="section.not_yet_open",
                section=name,
                session=session,
            )
        return found

    def sections_of(self, session: int) -> list[Section]:
        """The sections of a session (which must exist by then)."""
        check_sessions(self.tournament, [session])
        names = self.tournament.sessions[session]
        return [s for s in (self._section(session, n) for n in names) if s is not None]


def state(app: ApplicationCore, event_id: UUID, at: At | Snapshot | None = None) -> EventState:
    """The tournament and its sections now (``at`` None) or as they stood at ``at``."""
    if at is None:
        uow = UnitOfWork(app, reading=True)  # a query: the cached states, not copies
        return EventState(uow.tournament(event_id), None, lambda s, n: uow.section(event_id, s, n))
    snap = snapshot(app, event_id, at)
    return EventState(
        snap.tournament,
        snap,
        lambda s, n: snap.sections.get(section_id(event_id, s, n)),
    )


def fork(app: A, event_id: UUID, *, position: int | None = None) -> A:
    """An in-memory copy of one tournament's history (up to store ``position``) to try
    things on, of the same application class. Nothing done to the fork reaches the real
    store."""
    copy = type(app)({"PERSISTENCE_MODULE": "eventsourcing.popo"}, registry=app.registry)
    events = [rec.event for rec in history(app, event_id, until=position)]
    if not events:
        raise NotFound(
            N_("There is no event %(event)s to fork."), code="event.not_found", event=event_id
        )
    copy.save(*events)
    return copy


# ---- the audit trail ------------------------------------------------------------------------


def audit(
    app: ApplicationCore,
    event_id: UUID,
    *,
    board: int | None = None,
    pair: str | None = None,
    session: int | None = None,
    section: str | None = None,
    zone: dt.tzinfo | None = None,
    actor: str | None = None,
) -> list[dict[str, Any]]:
    """Every event (filtered to one board, one pair or one actor): its position in the
    tournament's history and in the store, time (in ``zone``, UTC by default), who, why,
    what. ``actor`` matches the whole actor (``director:suzuki``), its kind (``table``:
    every device) or its name (``suzuki``)."""
    where: dict[UUID, tuple[int, str]] = {}
    out = []
    wanted = None if pair is None else parse_pair_text(pair)
    for rec in history(app, event_id):
        event = rec.event
        if isinstance(event, SectionOpened):
            where[event.originator_id] = (event.session, event.section)
        located = where.get(event.originator_id)
        if located is not None:
            if session is not None and located[0] != session:
                continue
            if section is not None and located[1] != section:
                continue
        if actor is not None and not _acted_by(event.actor, actor):
            continue
        for data in _said(event):
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


def _said(event: DomainEvent) -> Iterator[dict[str, Any]]:
    """What the audit shows of ``event``: its data; for the results of an imported file
    (docs/decisions/0028), one line a result, each as a recorded result's."""
    if isinstance(event, ResultsImported):
        for r in event.results():
            yield {"result": r.model_dump(mode="json")}
        return
    yield event.model_dump(
        mode="json",
        exclude={"originator_id", "originator_version", "timestamp", "actor", "reason"},
    )


def _acted_by(recorded: str | None, wanted: str) -> bool:
    if recorded is None:
        return False
    return recorded == wanted or wanted in recorded.split(":", 1)


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
