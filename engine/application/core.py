"""The application's core: the unit of work, the state cache and the retry loop."""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, ExitStack, suppress
from dataclasses import dataclass, field
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    NamedTuple,
    Protocol,
    TypeVar,
    cast,
    runtime_checkable,
)
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError
from eventsourcing.utils import TopicError, get_topic

from engine.collector import fewer_passes, settle
from engine.errors import N_, Conflict, Fix, InvalidInput, NotFound, Phrase, StoreError
from engine.events import DomainEvent, OrjsonTranscoder, PydanticMapper, event_of, stored_topics
from engine.integrity import ChainReader, Link, Record, check_stream
from engine.logging import configure_logging, get_logger
from engine.registry import Registry, create_registry, parse_options
from engine.remembered import Remembered
from engine.section.events import SectionOpened
from engine.section.state import Section, project_section
from engine.tournament.checks import check_section, check_sessions
from engine.tournament.events import EventCreated, TimeZoneChosen
from engine.tournament.state import Tournament, not_an_event, project_tournament, section_id

if TYPE_CHECKING:  # a command's, imported where a command uses it (not by a query)
    from engine.section.decide import ScoringPick

log = get_logger("traveller")

T = TypeVar("T")
E = TypeVar("E", bound=DomainEvent)
S = TypeVar("S", Tournament, Section)

RETRIES = 25
"""Attempts of a command whose aggregate others changed meanwhile (optimistic concurrency):
enough that a person at a table almost never sees a conflict with 50 writers in one
section (docs/performance.md, bench/writers.py)."""
STORE_PATIENCE = 20.0
"""Seconds a command keeps trying while the store cannot be reached (a PostgreSQL server
restarting, a SQLite file locked by another writer) before it says so."""
SETTLE_FROM = 5000
"""Facts folded at once (an imported field) from which the state read is taken out of the
garbage collector's later passes (:func:`engine.collector.settle`)."""


@runtime_checkable
class TakesTurns(Protocol):
    """A store whose writers can take turns on aggregates (PostgreSQL's advisory locks,
    :mod:`adapters.storage.postgres`): a command that met a conflict is decided again
    holding its aggregates' turn, so that many writers in one section do not conflict
    again and again."""

    def exclusive(self, aggregates: Sequence[UUID]) -> AbstractContextManager[None]: ...


@dataclass
class UnitOfWork:
    """The aggregates one command reads and the events it will record."""

    app: ApplicationCore
    tournaments: dict[UUID, Tournament] = field(default_factory=dict)
    sections: dict[UUID, Section] = field(default_factory=dict)
    events: list[DomainEvent] = field(default_factory=list)
    reading: bool = False
    """A query's: the states read are the cached ones themselves, not private copies, and
    nothing may be folded into them or recorded."""

    def tournament(self, event_id: UUID) -> Tournament:
        if event_id not in self.tournaments:
            state = self.app.latest(event_id, project_tournament, shared=self.reading)
            if state is not None and not isinstance(state, Tournament):  # a section's id
                raise not_an_event(event_id)
            if state is None:
                raise NotFound(
                    N_("There is no event with id %(event)s."),
                    hint=N_("List the events."),
                    code="event.not_found",
                    fix=Fix("event.list"),
                    event=str(event_id),
                )
            self.tournaments[event_id] = state
        return self.tournaments[event_id]

    def section(self, event_id: UUID, session: int, name: str) -> Section:
        check_section(self.tournament(event_id), session, name)
        sid = section_id(event_id, session, name)
        if sid not in self.sections:
            state = self.app.latest(sid, project_section, shared=self.reading)
            assert state is not None, "every section listed by its tournament was opened"
            self.sections[sid] = state
        return self.sections[sid]

    def record(self, events: Sequence[DomainEvent], *, fold: bool = True) -> Sequence[DomainEvent]:
        """Queue ``events`` for recording, folded into the states read (private copies).

        Without ``fold`` the states stay as read, so the state cache stays at its version
        too and the next read folds the events from the store: an import of a million
        results does not build, in the command that records them, a state it never reads."""
        assert not self.reading, "a query records nothing"
        for event in events if fold else ():
            state = self.tournaments.get(event.originator_id) or self.sections.get(
                event.originator_id
            )
            if state is not None:
                state.apply(event)
            elif isinstance(event, SectionOpened):  # a session added by this command
                opened = project_section(None, [event])
                assert opened is not None
                self.sections[event.originator_id] = opened
        self.events += events
        return events


class Listed(NamedTuple):
    """An event as the store's list of events shows it."""

    id: UUID
    name: str
    created: dt.datetime
    date: dt.date | None = None
    club: str | None = None
    zone: str | None = None

    def describe(self) -> str:
        """The name, with the date and club when known: ``Tuesday pairs, 2026-11-24,
        Yotsuya BC``."""
        return ", ".join(
            part
            for part in (self.name, None if self.date is None else self.date.isoformat(), self.club)
            if part
        )


def first_of(events: Iterable[DomainEvent], cls: type[E]) -> E:
    """The first of a decision's events of ``cls`` (what a command returns)."""
    return next(e for e in events if isinstance(e, cls))


def _wait_for_store(lost: Exception, patience: float, actor: str) -> None:
    """Wait a moment before trying a command again on a store that could not be reached,
    or, past ``patience`` (a monotonic time), say so in words."""
    why = (str(lost).strip().splitlines() or [type(lost).__name__])[0]
    if time.monotonic() > patience:
        raise StoreError(
            N_("The store could not be reached for %(seconds)s seconds (%(why)s)."),
            hint=N_(
                "Check that the database is running and reachable, then do it again: what was "
                "recorded meanwhile is refused as already there, never recorded twice."
            ),
            code="store.unreachable",
            seconds=int(STORE_PATIENCE),
            why=why,
        ) from None
    log.warning("store unreachable, trying again", actor=actor, error=why)
    time.sleep(random.uniform(0.1, 0.5))


def _readable(record: Record) -> DomainEvent:
    """The event a record holds, or a clear refusal when it was changed beyond reading
    (by hand, outside Traveller): never a traceback."""
    try:
        return event_of(record.topic, record.state)
    except (ValueError, LookupError, TypeError, TopicError) as unreadable:
        raise StoreError(
            N_(
                "Event %(version)s of record %(aggregate)s cannot be read: it was changed "
                "outside Traveller (%(why)s)."
            ),
            hint=N_(
                "Verify the store to see every break, and restore the event from a copy or "
                "from its exported event file."
            ),
            code="store.unreadable",
            fix=Fix("verify"),
            version=record.version,
            aggregate=str(record.originator_id),
            why=(str(unreadable).splitlines() or [type(unreadable).__name__])[0],
        ) from None


class ApplicationCore(Application[UUID]):
    """What every command shares: the store, the registry, the state cache and the
    load-decide-save loop that retries a conflict."""

    name = "Traveller"
    env: ClassVar[dict[str, str]] = {
        "TRANSCODER_TOPIC": get_topic(OrjsonTranscoder),
        "MAPPER_TOPIC": get_topic(PydanticMapper),
    }

    def __init__(
        self, env: dict[str, str] | None = None, *, registry: Registry | None = None
    ) -> None:
        configure_logging()
        fewer_passes()  # a process that reads states lives on many small objects
        super().__init__(env)
        self.registry = registry if registry is not None else create_registry()
        self._states: dict[UUID, Tournament | Section] = {}
        self._states_lock = threading.Lock()
        self.conflicts_retried = 0
        """Commands decided again because another writer changed their aggregate first
        (bench/writers.py reports it)."""
        self.remembered = Remembered()
        """Scores and standings worked out from the states read (engine.standings)."""
        self.chains = ChainReader()
        """The links of every event read or written, checked as they are read."""
        self._chains_lock = threading.Lock()

    @property
    def pydantic_mapper(self) -> PydanticMapper:
        assert isinstance(self.mapper, PydanticMapper), "the application's mapper"
        return self.mapper

    def events_of(self, aggregate_id: UUID, after: int = 0) -> list[DomainEvent]:
        """The aggregate's events after version ``after``, their links checked on the way
        (a break is kept in :attr:`chains` for the command to warn of)."""
        checked = self._checked_records(aggregate_id, after)
        return [_readable(r) for r in checked if r.version > after]

    def check_chain(self, aggregate_id: UUID) -> None:
        """Check the links of the aggregate's events this process has neither read nor
        written, without reading them into its state (after a command, none: an import
        of a million results is not folded again just to check the links it wrote)."""
        with self._chains_lock:
            known = self.chains.links.get(aggregate_id)
        self._checked_records(aggregate_id, 0 if known is None else known.version)

    def _checked_records(self, aggregate_id: UUID, after: int) -> list[Record]:
        """The aggregate's stored records after version ``after`` (from its first event
        when the link at ``after`` is not known), their links checked."""
        mapper = self.pydantic_mapper
        with self._chains_lock:
            known = self.chains.at(aggregate_id, after) is not None
        start = after if known else 0  # a link not yet known: check from the first event
        stored = self.recorder.select_events(aggregate_id, gt=start or None)
        records = [mapper.to_record(s) for s in stored]
        with self._chains_lock:
            known_breaks = len(self.chains.breaks.get(aggregate_id, ()))
            checked = list(self.chains.follow(aggregate_id, start, records))
            found = self.chains.breaks.get(aggregate_id, [])[known_breaks:]
        for broken in found:
            log.warning(
                "chain broken",
                aggregate=str(aggregate_id),
                version=broken.version,
                kind=broken.kind,
                said=str(broken.describe()),
            )
        return checked

    def _link_at(self, aggregate_id: UUID, version: int) -> str | None:
        """The link of the aggregate's event ``version`` (None before its first)."""
        with self._chains_lock:
            known = self.chains.at(aggregate_id, version)
        if known is not None:
            return known.head
        mapper = self.pydantic_mapper
        stored = self.recorder.select_events(aggregate_id, lte=version)
        return check_stream(aggregate_id, (mapper.to_record(s) for s in stored)).head

    def _seal(self, events: Sequence[DomainEvent]) -> dict[UUID, Link]:
        """Seal each event with its link after the one before it in its aggregate;
        where each aggregate's chain is left."""
        links: dict[UUID, Link] = {}
        for event in events:
            aggregate = event.originator_id
            previous = (
                links[aggregate].head
                if aggregate in links
                else self._link_at(aggregate, event.originator_version - 1)
            )
            sealed = self.pydantic_mapper.seal(event, previous)
            links[aggregate] = Link(event.originator_version, sealed, True)
        return links

    def latest(
        self,
        aggregate_id: UUID,
        projector: Callable[[S | None, Iterable[Any]], S | None],
        *,
        shared: bool = False,
    ) -> S | None:
        """The aggregate's current state, as a private copy the caller may fold into (with
        ``shared``, the cached state itself, for a query that only reads it).

        States are cached per process and brought up to date with the events others
        recorded since (so several processes can share one store). A cached state is
        never changed once remembered: newer events are folded into a copy."""
        with self._states_lock:
            cached = self._states.get(aggregate_id)
        if cached is None:
            newer = self.events_of(aggregate_id)
            state = projector(None, newer)
        else:
            newer = self.events_of(aggregate_id, cached.version)
            # Folded into a copy; with nothing newer, the cached state as it is.
            state = projector(cached.copy(), newer) if newer else cast(S, cached)  # type: ignore[arg-type]
        if state is not None:
            self._remember(state)
            if sum(e.size for e in newer) >= SETTLE_FROM:
                settle()  # a big state now lives on: out of the collector's way
            return state if shared else state.copy()
        return None

    def _remember(self, state: Tournament | Section) -> None:
        with self._states_lock:
            known = self._states.get(state.id)
            if known is None or known.version < state.version:
                self._states[state.id] = state

    # ---- the unit of work ------------------------------------------------------------------

    def _run(self, actor: str, command: Callable[[UnitOfWork], T]) -> T:
        """Load, decide and save; on a conflict, load the fresh state and decide again.

        While the store cannot be reached (a server restarting, a file locked) the command
        is tried again for up to :data:`STORE_PATIENCE` seconds, then refused in words. A
        save whose answer was lost is recognised: when the store holds exactly the events
        this command tried to save, they are its own, recorded once."""
        with ExitStack() as turn:
            return self._attempts(actor, command, turn)

    def _attempts(self, actor: str, command: Callable[[UnitOfWork], T], turn: ExitStack) -> T:
        attempt = 0
        patience = time.monotonic() + STORE_PATIENCE
        waiting = False
        while attempt < RETRIES:
            uow = UnitOfWork(self)
            try:
                value = command(uow)
                heads = self._seal(uow.events)
                recordings = self.save(*uow.events)
            except IntegrityError:
                if not self._saved_already(uow.events):
                    # Someone else wrote to the same aggregate: wait for our turn where the
                    # store keeps turns, else a little (randomly, so two busy scorers fall
                    # out of step); then re-read and re-check.
                    self.conflicts_retried += 1
                    attempt += 1
                    if not waiting and isinstance(self.recorder, TakesTurns):
                        aggregates = [e.originator_id for e in uow.events]
                        with suppress(OperationalError, InterfaceError):
                            turn.enter_context(self.recorder.exclusive(aggregates))
                            waiting = True
                            continue
                    time.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
                    continue
                recordings = []  # our own events, recorded although the answer was lost
            except (OperationalError, InterfaceError) as lost:
                _wait_for_store(lost, patience, actor)
                continue
            states: list[Tournament | Section] = [*uow.tournaments.values(), *uow.sections.values()]
            with self._chains_lock:
                for aggregate, at in heads.items():
                    self.chains.remember(aggregate, at)
            for state in states:
                self._remember(state)
            for r in recordings:
                log.info(
                    "recorded",
                    event_type=type(r.domain_event).__name__,
                    aggregate=str(r.domain_event.originator_id),
                    version=r.domain_event.originator_version,
                    position=r.notification.id,
                    actor=actor,
                )
            return value
        raise Conflict(
            N_("Others kept changing this event at the same moment; nothing was recorded."),
            hint=N_("Run the command again."),
            code="store.conflict",
        )

    def _saved_already(self, events: Sequence[DomainEvent]) -> bool:
        """Whether the store holds ``events`` themselves: a save that went through although
        its answer was lost (the connection broke as it committed, and the driver's own
        retry found the versions taken). A batch is saved in one transaction, so its first
        event tells."""
        if not events:
            return False
        first = events[0]
        try:
            stored = self.recorder.select_events(
                first.originator_id,
                gt=first.originator_version - 1,
                lte=first.originator_version,
            )
            return [self.mapper.to_domain_event(s) for s in stored] == [first]
        except (OperationalError, InterfaceError):
            return False

    def tournament(self, event_id: UUID) -> Tournament:
        return UnitOfWork(self).tournament(event_id)

    def section(self, event_id: UUID, session: int = 1, name: str = "A") -> Section:
        return UnitOfWork(self).section(event_id, session, name)

    def sections(self, event_id: UUID, session: int | None = None) -> list[Section]:
        """The event's sections (of ``session`` only, which must exist)."""
        uow = UnitOfWork(self)
        tournament = uow.tournament(event_id)
        if session is not None:
            check_sessions(tournament, [session])
        return [
            uow.section(event_id, s, name)
            for s, names in sorted(tournament.sessions.items())
            if session is None or s == session
            for name in names
        ]

    def position(self) -> int:
        """The store's current position (the notification id of the last event)."""
        return self.recorder.max_notification_id() or 0

    def list_events(self) -> list[Listed]:
        """Every event (tournament) in the store, in the order created: id, name, creation
        time, date, club and time zone (read from the events that say them, not by
        loading each tournament)."""
        found: dict[UUID, Listed] = {}
        start: int | None = 1
        topics = [*stored_topics(EventCreated), *stored_topics(TimeZoneChosen)]
        while True:
            batch = self.recorder.select_notifications(start, 500, topics=topics)
            for n in batch:
                event = self.mapper.to_domain_event(n)
                if isinstance(event, EventCreated):
                    found[event.originator_id] = Listed(
                        event.originator_id, event.name, event.timestamp, event.date, event.club
                    )
                elif isinstance(event, TimeZoneChosen) and event.originator_id in found:
                    found[event.originator_id] = found[event.originator_id]._replace(
                        zone=event.zone
                    )
            if len(batch) < 500:
                return list(found.values())
            start = batch[-1].id + 1

    def resolve_event(self, text: str) -> UUID:
        """An event id from a full UUID or any unique start of one (with or without its
        hyphens, in either case)."""
        try:
            return UUID(text)
        except ValueError:
            pass
        typed = text.strip().lower()
        if not typed:
            raise InvalidInput(
                N_("No event was given."),
                hint=N_(
                    "Give the id printed when the event was created, or any unique start of it."
                ),
                code="event.missing",
                fix=Fix("event.list"),
            )
        listed = self.list_events()
        bare = typed.replace("-", "")
        matches = [
            e for e in listed if str(e.id).startswith(typed) or (bare and e.id.hex.startswith(bare))
        ]
        if len(matches) == 1:
            return matches[0].id
        if not matches:
            raise NotFound(
                N_("%(text)s does not name one event: no event id in the store starts with it.")
                if listed
                else N_(
                    "%(text)s does not name one event: no event id in the store starts with it "
                    "(the store holds no events)."
                ),
                hint=N_(
                    "Give the id printed when the event was created, or any unique start of it."
                ),
                code="event.unknown",
                fix=Fix("event.list"),
                text=repr(text),
            )
        shown = "; ".join(f"{e.id} ({e.describe()})" for e in matches[:10])
        more = Phrase(N_(" and %(more)s more"), more=len(matches) - 10) if len(matches) > 10 else ""
        raise NotFound(
            N_("%(text)s is the start of %(count)s events' ids: %(shown)s%(more)s."),
            hint=N_("Give more of the id, enough to name one of them."),
            code="event.ambiguous",
            text=repr(text),
            count=len(matches),
            shown=shown,
            more=more,
        )

    def _scoring_plugin(
        self, method: str, options: dict[str, Any] | None, version: str | None = None
    ) -> ScoringPick:
        """The plugin (at ``version``, else its current one), its checked options and the
        options as given (an unknown VP scale is refused now, not when the standings are
        published)."""
        from engine.section.decide import ScoringPick  # the commands' side, not a query's

        plugin = self.registry.scoring_at(method, version)
        parsed = parse_options(plugin, options)
        scale = getattr(parsed, "vp_scale", None)
        if scale is not None:
            self.registry.vp_scale(scale)
        return ScoringPick(plugin, parsed, dict(options or {}))
