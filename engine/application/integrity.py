"""Queries of the record's integrity: checking the hash chains of one event or of the
whole store, the heads a publication signs, and an event's stored events as written.

The chain itself (what is hashed, how a break is found) is :mod:`engine.integrity`.
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, cast
from uuid import UUID

from eventsourcing.persistence import Notification

from engine.application.core import ApplicationCore
from engine.application.moments import EventLog
from engine.errors import N_, Phrase, TravellerError
from engine.events import event_of, stored_topics
from engine.integrity import Break, Head, Record, StreamCheck, check_stream
from engine.section.state import Section
from engine.tournament.events import EventCreated, SessionAdded
from engine.tournament.state import Tournament, section_id

BATCH = 500


@dataclass(frozen=True)
class Verification:
    """What checking the chains found: how much was checked, and every break in words."""

    events: int
    aggregates: int
    unsealed: int
    """Events written before chains existed (checked only through the links after them)."""
    breaks: tuple[Break, ...]

    @property
    def ok(self) -> bool:
        return not self.breaks

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "events": self.events,
            "aggregates": self.aggregates,
            "unsealed": self.unsealed,
            "breaks": [
                {
                    "aggregate": str(b.aggregate),
                    "name": None if b.name is None else str(b.name),
                    "version": b.version,
                    "kind": b.kind,
                    "position": b.position,
                    "description": str(b.describe()),
                }
                for b in self.breaks
            ],
        }


def event_named(name: str) -> Phrase:
    return Phrase(N_("the event %(name)s"), name=repr(name))


def section_named(session: int, section: str, event: str) -> Phrase:
    return Phrase(
        N_("session %(session)s, section %(section)s of %(name)s"),
        session=session,
        section=section,
        name=repr(event),
    )


def _named(event_id: UUID, own: list[Record]) -> tuple[dict[UUID, Phrase], list[UUID]]:
    """The names of an event's aggregates, and its sections' ids, as its own records say
    them (none when ``own`` is not a tournament's). A record too damaged to read names
    nothing: its break is found by the chain."""
    names: dict[UUID, Phrase] = {}
    sections: list[UUID] = []
    created, added = set(stored_topics(EventCreated)), set(stored_topics(SessionAdded))
    title = str(event_id)
    for record in own:
        if record.topic not in created | added:
            continue
        try:
            said = event_of(record.topic, record.state)
        except (ValueError, LookupError, TypeError):  # changed beyond reading
            continue
        if isinstance(said, EventCreated):
            title = said.name
            names[event_id] = event_named(title)
        elif isinstance(said, SessionAdded):
            for section in said.sections:
                sid = section_id(event_id, said.session, section)
                sections.append(sid)
                names[sid] = section_named(said.session, section, title)
    return names, sections


def _summed(checks: list[StreamCheck], names: Mapping[UUID, Phrase]) -> Verification:
    return Verification(
        events=sum(c.version for c in checks),
        aggregates=len(checks),
        unsealed=sum(c.unsealed for c in checks),
        breaks=tuple(replace(b, name=names.get(b.aggregate)) for c in checks for b in c.breaks),
    )


class IntegrityQueries(ApplicationCore):
    """Checking the record: :meth:`verify`, :meth:`chain_head`, :meth:`stored_events`."""

    def _records(self, aggregate: UUID) -> list[Record]:
        mapper = self.pydantic_mapper
        return [mapper.to_record(s) for s in self.recorder.select_events(aggregate)]

    def _event_checks(self, event_id: UUID) -> tuple[list[StreamCheck], dict[UUID, Phrase]]:
        """Check the event's chains: its own and those of the sections its own events
        name (read from the records, not from a fold: a changed record may not fold)."""
        own = self._records(event_id)
        if not own:
            self.tournament(event_id)  # says there is no such event
        names, expected = _named(event_id, own)
        checks = [check_stream(event_id, own)]
        for aggregate in expected:
            check = check_stream(aggregate, self._records(aggregate))
            if check.version == 0:
                check.breaks.append(Break(aggregate, 1, "empty"))
            checks.append(check)
        return checks, names

    def verify(self, event_id: UUID | None = None) -> Verification:
        """Check the chain of every event of ``event_id`` (every aggregate of the store
        when None): which event was altered, or where a chain breaks."""
        if event_id is not None:
            checks, names = self._event_checks(event_id)
            return _summed(checks, names)
        return self._verify_store()

    def _verify_store(self) -> Verification:
        from engine.access.state import ACCESS_ID

        streams: dict[UUID, list[Record]] = defaultdict(list)
        mapper = self.pydantic_mapper
        for n in self._notifications():
            record = mapper.to_record(n, n.id)
            streams[record.originator_id].append(record)
        names: dict[UUID, Phrase] = {ACCESS_ID: Phrase(N_("the store's director accounts"))}
        expected: set[UUID] = set()
        for aggregate, records in streams.items():
            records.sort(key=lambda r: r.version)
            named, sections = _named(aggregate, records)
            names.update(named)
            expected |= set(sections)
        checks = [check_stream(a, records) for a, records in streams.items()]
        checks += [
            StreamCheck(a, breaks=[Break(a, 1, "empty")]) for a in expected if a not in streams
        ]
        return _summed(checks, names)

    def _notifications(self, start: int = 1) -> Iterator[Notification]:
        """Every stored event in the order recorded, read in batches."""
        at: int | None = start
        while True:
            batch = self.recorder.select_notifications(at, BATCH)
            yield from batch
            if len(batch) < BATCH:
                return
            at = batch[-1].id + 1

    def chain_head(self, event_id: UUID) -> Head:
        """Where the event's chains end (checked on the way): what a publication signs."""
        checks, _ = self._event_checks(event_id)
        return Head(tuple((c.aggregate, c.version, c.head) for c in checks))

    def stored_events(self, event_id: UUID) -> list[Notification]:
        """Every stored event of the event (its own and its sections'), as written, in the
        order recorded: what an export carries."""
        own = self._records(event_id)
        if not own:
            self.tournament(event_id)  # says there is no such event
        aggregates = {event_id, *_named(event_id, own)[1]}
        reader = getattr(self.recorder, "select_notifications_of", None)
        if reader is not None:  # the event's own streams, not the whole log (issue 16)
            return list(cast(EventLog, self.recorder).select_notifications_of(sorted(aggregates)))
        return [n for n in self._notifications() if UUID(str(n.originator_id)) in aggregates]

    def read_checked(self, event_id: UUID) -> list[Break]:
        """Read the event's aggregates as far as they go (cheap for those already read:
        their links are checked as read), and give every break met so far. A command
        that read the event by another way (as of a moment, the audit) warns by this."""
        with contextlib.suppress(TravellerError):  # no such event: nothing of it to check
            tournament = self.tournament(event_id)
            for session, names in tournament.sessions.items():
                for name in names:  # checked, not folded: a section may hold a million results
                    sid = section_id(event_id, session, name)
                    self.check_chain(sid)
                    if self.chains.breaks.get(sid):  # read, so that the warning names it
                        self.section(event_id, session, name)
        return self.broken_chains()

    def broken_chains(self) -> list[Break]:
        """The breaks the reads of this process have met so far (a command warns of
        them), each named by the state read."""
        with self._chains_lock:
            found = [b for breaks in self.chains.breaks.values() for b in breaks]
        with self._states_lock:
            states = dict(self._states)
        named = []
        for b in found:
            state = states.get(b.aggregate)
            if isinstance(state, Section):
                event = states.get(state.tournament)
                label = event.name if isinstance(event, Tournament) else str(state.tournament)
                b = replace(b, name=section_named(state.session, state.name, label))
            elif isinstance(state, Tournament):
                b = replace(b, name=event_named(state.name))
            named.append(b)
        return named
