"""The application's core: the unit of work, the state cache and the retry loop."""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, TypeVar
from uuid import UUID

import structlog
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from engine.errors import N_, Conflict, Fix, InvalidInput, NotFound, Phrase
from engine.events import DomainEvent, OrjsonTranscoder, PydanticMapper, stored_topics
from engine.logging import configure_logging
from engine.registry import Registry, create_registry, parse_options
from engine.section.decide import ScoringPick
from engine.section.events import SectionOpened
from engine.section.state import Section, project_section
from engine.tournament.checks import check_section, check_sessions
from engine.tournament.events import EventCreated, TimeZoneChosen
from engine.tournament.state import Tournament, project_tournament, section_id

log = structlog.get_logger("traveller")

T = TypeVar("T")
E = TypeVar("E", bound=DomainEvent)
S = TypeVar("S", Tournament, Section)

RETRIES = 25


@dataclass
class UnitOfWork:
    """The aggregates one command reads and the events it will record."""

    app: ApplicationCore
    tournaments: dict[UUID, Tournament] = field(default_factory=dict)
    sections: dict[UUID, Section] = field(default_factory=dict)
    events: list[DomainEvent] = field(default_factory=list)

    def tournament(self, event_id: UUID) -> Tournament:
        if event_id not in self.tournaments:
            state = self.app.latest(event_id, project_tournament)
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
            state = self.app.latest(sid, project_section)
            assert state is not None, "every section listed by its tournament was opened"
            self.sections[sid] = state
        return self.sections[sid]

    def record(self, events: Sequence[DomainEvent]) -> Sequence[DomainEvent]:
        """Queue ``events`` for recording, folded into the states read (private copies)."""
        for event in events:
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
        super().__init__(env)
        self.registry = registry if registry is not None else create_registry()
        self._states: dict[UUID, Tournament | Section] = {}
        self._states_lock = threading.Lock()

    def latest(
        self, aggregate_id: UUID, projector: Callable[[S | None, Iterable[Any]], S | None]
    ) -> S | None:
        """The aggregate's current state, as a private copy the caller may fold into.

        States are cached per process and brought up to date with the events others
        recorded since (so several processes can share one store)."""
        with self._states_lock:
            cached = self._states.get(aggregate_id)
        if cached is None:
            state = projector(None, self.events.get(aggregate_id))
        else:
            newer = self.events.get(aggregate_id, gt=cached.version)
            state = projector(cached.copy(), newer)  # type: ignore[arg-type]
        if state is not None:
            self._remember(state)
            return state.copy()
        return None

    def _remember(self, state: Tournament | Section) -> None:
        with self._states_lock:
            known = self._states.get(state.id)
            if known is None or known.version < state.version:
                self._states[state.id] = state

    # ---- the unit of work ------------------------------------------------------------------

    def _run(self, actor: str, command: Callable[[UnitOfWork], T]) -> T:
        """Load, decide and save; on a conflict, load the fresh state and decide again."""
        for attempt in range(RETRIES):
            uow = UnitOfWork(self)
            value = command(uow)
            try:
                recordings = self.save(*uow.events)
            except IntegrityError:
                # Someone else wrote to the same aggregate: wait a little (randomly, so two
                # busy scorers fall out of step), then re-read and re-check.
                time.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
                continue
            states: list[Tournament | Section] = [*uow.tournaments.values(), *uow.sections.values()]
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

    def _scoring_plugin(self, method: str, options: dict[str, Any] | None) -> ScoringPick:
        """The plugin, its checked options and the options as given (an unknown VP scale
        is refused now, not when the standings are published)."""
        plugin = self.registry.scoring(method)
        parsed = parse_options(plugin, options)
        scale = getattr(parsed, "vp_scale", None)
        if scale is not None:
            self.registry.vp_scale(scale)
        return ScoringPick(plugin, parsed, dict(options or {}))
