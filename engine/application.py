"""The Traveller application: every director's action as a command.

A command loads the aggregates it needs, asks the decide functions beside them
(:mod:`engine.tournament.decide`, :mod:`engine.section.decide`) for the events, and
records those in one transaction. Everything a director could get wrong is checked
there, before anything is written: a command that raises has written nothing. Within
a section, a concurrent writer's conflict is retried with the fresh state, so a
result is never lost.

One concept: the application's command surface, kept in one module although it runs
past 600 lines: each command is its public signature and docstring (the CLI, the
benchmarks and the tests call them) around the same few lines of load, decide, record.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, TypeVar
from uuid import UUID, uuid4

import structlog
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from engine import carry_over, renumbering
from engine.errors import Conflict, NotFound
from engine.events import DomainEvent, OrjsonTranscoder, PydanticMapper, stored_topics
from engine.logging import configure_logging
from engine.registry import Registry, create_registry, parse_options
from engine.scoring import Award
from engine.seating import Numbering, Pair
from engine.section import decide as section_decide
from engine.section.decide import ScoringPick
from engine.section.events import BoardFouled, ResultCorrected, ResultRecorded, ScoreAssigned
from engine.section.results import ImportRow, Result, ResultEntry
from engine.section.state import Section, project_section
from engine.standings import compute_standings
from engine.tournament import decide as tournament_decide
from engine.tournament.checks import check_closed, check_section
from engine.tournament.events import (
    CarryOverRecorded,
    ContestantKind,
    EntryRegistered,
    EventCreated,
    PairsRenumbered,
    Player,
    ResultsPublished,
    ScoringChoice,
    SectionRanking,
    StageDefined,
)
from engine.tournament.state import Tournament, project_tournament, section_id

log = structlog.get_logger("traveller")

T = TypeVar("T")
E = TypeVar("E", bound=DomainEvent)
S = TypeVar("S", Tournament, Section)

RETRIES = 25


@dataclass
class UnitOfWork:
    """The aggregates one command reads and the events it will record."""

    app: Traveller
    tournaments: dict[UUID, Tournament] = field(default_factory=dict)
    sections: dict[UUID, Section] = field(default_factory=dict)
    events: list[DomainEvent] = field(default_factory=list)

    def tournament(self, event_id: UUID) -> Tournament:
        if event_id not in self.tournaments:
            state = self.app.latest(event_id, project_tournament)
            if state is None:
                raise NotFound(
                    f"There is no event with id {event_id}.",
                    hint="List the events with `traveller event list`.",
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
        self.events += events
        return events


def _first(events: Iterable[DomainEvent], cls: type[E]) -> E:
    """The first of a decision's events of ``cls`` (what a command returns)."""
    return next(e for e in events if isinstance(e, cls))


class Traveller(Application[UUID]):
    """The application service behind every interface (CLI, HTTP, tests)."""

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
            "Others kept writing to the same section at the same moment; this entry was "
            "not recorded.",
            hint="Enter it again.",
        )

    def tournament(self, event_id: UUID) -> Tournament:
        return UnitOfWork(self).tournament(event_id)

    def section(self, event_id: UUID, session: int = 1, name: str = "A") -> Section:
        return UnitOfWork(self).section(event_id, session, name)

    def sections(self, event_id: UUID, session: int | None = None) -> list[Section]:
        uow = UnitOfWork(self)
        tournament = uow.tournament(event_id)
        return [
            uow.section(event_id, s, name)
            for s, names in sorted(tournament.sessions.items())
            if session is None or s == session
            for name in names
        ]

    def position(self) -> int:
        """The store's current position (the notification id of the last event)."""
        return self.recorder.max_notification_id() or 0

    def list_events(self) -> list[tuple[UUID, str, dt.datetime]]:
        """Every event (tournament) in the store: id, name, creation time."""
        found = []
        start: int | None = 1
        topics = stored_topics(EventCreated)
        while True:
            batch = self.recorder.select_notifications(start, 500, topics=topics)
            for n in batch:
                created = self.mapper.to_domain_event(n)
                assert isinstance(created, EventCreated)
                found.append((created.originator_id, created.name, created.timestamp))
            if len(batch) < 500:
                return found
            start = batch[-1].id + 1

    def resolve_event(self, text: str) -> UUID:
        """An event id from a full UUID or a unique prefix of at least four characters."""
        try:
            return UUID(text)
        except ValueError:
            pass
        matches = [eid for eid, _, _ in self.list_events() if str(eid).startswith(text.lower())]
        if len(text) >= 4 and len(matches) == 1:
            return matches[0]
        raise NotFound(
            f"{text!r} does not name one event"
            + (" (several events start with it)." if len(matches) > 1 else "."),
            hint="Give the id printed by `traveller event create` (see `traveller event list`).",
        )

    # ---- events, sessions, entries --------------------------------------------------------

    def create_event(
        self,
        name: str,
        *,
        date: dt.date | None = None,
        club: str | None = None,
        scoring: ScoringChoice | None = None,
        sections: Sequence[str] = ("A",),
        actor: str = "director",
    ) -> UUID:
        scoring = scoring or ScoringChoice()
        method = self._scoring_plugin(scoring.method, scoring.options).method
        scoring = ScoringChoice(method=method.name, options=scoring.options)
        event_id = uuid4()

        def command(uow: UnitOfWork) -> UUID:
            created = tournament_decide.create_event(
                event_id, name, date=date, club=club, scoring=scoring, actor=actor
            )
            tournament = project_tournament(None, created)
            assert tournament is not None
            uow.record(created)
            uow.record(section_decide.add_session(tournament, 1, sections, actor=actor))
            return event_id

        return self._run(actor, command)

    def add_session(
        self,
        event_id: UUID,
        session: int,
        sections: Sequence[str] = ("A",),
        actor: str = "director",
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(section_decide.add_session(tournament, session, sections, actor=actor))

        self._run(actor, command)

    def register_entry(
        self,
        event_id: UUID,
        players: Sequence[Player],
        *,
        session: int = 1,
        section: str = "A",
        pair: str | None = None,
        actor: str = "director",
    ) -> str:
        """Register a pair (one player for an individual, four to six for a team); after
        seating, a late pair takes the phantom's number."""

        def command(uow: UnitOfWork) -> str:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.register_entry(
                tournament, state, players, pair=pair, actor=actor
            )
            return _first(uow.record(events), EntryRegistered).entry

        return self._run(actor, command)

    def withdraw_entry(
        self, event_id: UUID, entry: str, *, reason: str, actor: str = "director"
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.withdraw_entry(tournament, entry, reason=reason, actor=actor)
            )

        self._run(actor, command)

    # ---- movement and rounds ------------------------------------------------------------

    def assign_movement(
        self,
        event_id: UUID,
        family: str,
        *,
        session: int = 1,
        section: str = "A",
        tables: int | None = None,
        options: dict[str, Any] | None = None,
        actor: str = "director",
    ) -> Section:
        plugin = self.registry.movement(family)

        def command(uow: UnitOfWork) -> Section:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            uow.record(
                section_decide.assign_movement(
                    tournament, state, plugin, tables=tables, options=options, actor=actor
                )
            )
            return state

        return self._run(actor, command)

    def renumber(
        self,
        event_id: UUID,
        *,
        from_session: int,
        to_session: int,
        stationary: Sequence[str] = (),
        moves: Sequence[str] = (),
        actor: str = "director",
        reason: str | None = None,
    ) -> DomainEvent:
        """Give every pair of ``from_session`` its seat in ``to_session`` so that no two pairs
        meet again, nobody sits out twice and the pairs at ``stationary`` seats (``B:NS3``)
        stay put (JCBL part 3 ch. 3 §5); ``moves`` (``A:NS3=B:5``) fixes some seats.

        Records the decision (``PairsRenumbered``) and seats the next session's sections
        from it (``PairsSeated``); their movements must be assigned first. Returns the
        ``PairsRenumbered`` event."""

        def command(uow: UnitOfWork) -> PairsRenumbered:
            tournament = uow.tournament(event_id)
            played, following = (
                [uow.section(event_id, s, n) for n in renumbering.session_sections(tournament, s)]
                for s in (from_session, to_session)
            )
            decided = renumbering.plan(
                tournament, played, following, stationary=stationary, moves=moves
            )
            events = section_decide.renumber(
                tournament,
                following,
                decided,
                from_session=from_session,
                to_session=to_session,
                stationary=stationary,
                method=renumbering.METHOD,
                version=renumbering.VERSION,
                reason=reason,
                actor=actor,
            )
            return _first(uow.record(events), PairsRenumbered)

        return self._run(actor, command)

    def start_round(
        self,
        event_id: UUID,
        round: int,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            state = uow.section(event_id, session, section)
            uow.record(section_decide.start_round(state, round, actor=actor))

        self._run(actor, command)

    def end_round(
        self,
        event_id: UUID,
        round: int,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> list[tuple[int, Pair, Pair]]:
        """End a round (the move); returns the scheduled results still missing from it."""

        def command(uow: UnitOfWork) -> list[tuple[int, Pair, Pair]]:
            state = uow.section(event_id, session, section)
            uow.record(section_decide.end_round(state, round, actor=actor))
            return state.missing_results(round)

        return self._run(actor, command)

    def choose_numbering(
        self,
        event_id: UUID,
        numbering: Numbering,
        *,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            state = uow.section(event_id, session, section)
            uow.record(section_decide.choose_numbering(state, numbering, actor=actor))

        self._run(actor, command)

    # ---- results ------------------------------------------------------------------------

    def record_result(
        self,
        event_id: UUID,
        entry: ResultEntry,
        *,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        override: str | None = None,
        actor: str = "director",
    ) -> Result:
        def command(uow: UnitOfWork) -> Result:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.record_result(
                tournament, state, entry, numbering=numbering, override=override, actor=actor
            )
            return _first(uow.record(events), ResultRecorded).result

        return self._run(actor, command)

    def correct_result(
        self,
        event_id: UUID,
        entry: ResultEntry,
        *,
        reason: str,
        was_ns: int | None = None,
        was_ew: int | None = None,
        session: int = 1,
        section: str = "A",
        override: str | None = None,
        actor: str = "director",
    ) -> Result:
        """Replace a recorded result (or an adjusted score) with a corrected one."""

        def command(uow: UnitOfWork) -> Result:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.correct_result(
                tournament,
                state,
                entry,
                reason=reason,
                was_ns=was_ns,
                was_ew=was_ew,
                override=override,
                actor=actor,
            )
            return _first(uow.record(events), ResultCorrected).result

        return self._run(actor, command)

    def adjust(
        self,
        event_id: UUID,
        *,
        board: int,
        ns: int,
        ew: int,
        award_ns: Award | None = None,
        award_ew: Award | None = None,
        neutral: bool = False,
        reason: str,
        law: str | None = None,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        actor: str = "director",
    ) -> None:
        """Give a table an artificial adjusted score, or declare its board neutral."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.adjust(
                tournament,
                state,
                board=board,
                ns=ns,
                ew=ew,
                award_ns=award_ns,
                award_ew=award_ew,
                neutral=neutral,
                reason=reason,
                law=law,
                numbering=numbering,
                actor=actor,
            )
            uow.record(events)

        self._run(actor, command)

    def declare_fouled(
        self,
        event_id: UUID,
        *,
        board: int,
        groups: Sequence[Sequence[int]],
        reason: str,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> tuple[tuple[int, ...], ...]:
        """Declare a board fouled: the tables (by NS pair) that played each version of it.

        Declaring it again replaces the groups. Returns the groups as recorded."""

        def command(uow: UnitOfWork) -> tuple[tuple[int, ...], ...]:
            state = uow.section(event_id, session, section)
            events = section_decide.declare_fouled(
                state, board=board, groups=groups, reason=reason, actor=actor
            )
            return _first(uow.record(events), BoardFouled).groups

        return self._run(actor, command)

    def assign_score(
        self,
        event_id: UUID,
        *,
        board: int,
        ns: int,
        ew: int,
        outcomes: Sequence[tuple[Fraction, int]],
        reason: str,
        outcomes_ew: Sequence[tuple[Fraction, int]] | None = None,
        law: str | None = None,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        actor: str = "director",
    ) -> ScoreAssigned:
        """Give a table an assigned score (law 12C): NS scores with weights (one of weight
        1, or several, law 12C1(c)). With ``outcomes_ew`` the score is split: ``outcomes``
        is what North-South are given and ``outcomes_ew`` (NS scores too) what East-West
        are given. ``law`` defaults to 12C1c for a weighted score, 12C otherwise.
        Returns the event recorded."""

        def command(uow: UnitOfWork) -> ScoreAssigned:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.assign_score(
                tournament,
                state,
                board=board,
                ns=ns,
                ew=ew,
                outcomes=outcomes,
                outcomes_ew=outcomes_ew,
                reason=reason,
                law=law,
                numbering=numbering,
                actor=actor,
            )
            return _first(uow.record(events), ScoreAssigned)

        return self._run(actor, command)

    def import_results(
        self,
        event_id: UUID,
        rows: Sequence[ImportRow],
        *,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        scoring: tuple[str, dict[str, Any]] | None = None,
        scoring_reason: str = "chosen on import",
        dry_run: bool = False,
        actor: str = "director",
    ) -> int:
        """Record a whole file of traveller lines, all or nothing; returns how many.

        ``scoring`` (a method and its options) becomes the section's scoring method in the
        same transaction. With ``dry_run`` every line is checked and nothing is recorded."""
        pick = None if scoring is None else self._scoring_plugin(*scoring)

        def command(uow: UnitOfWork) -> int:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.import_results(
                tournament,
                state,
                rows,
                numbering=numbering,
                scoring=pick,
                scoring_reason=scoring_reason,
                actor=actor,
            )
            if not dry_run:
                uow.record(events)
            return len(rows)

        return self._run(actor, command)

    # ---- scoring ----------------------------------------------------------------------

    def choose_scoring(
        self,
        event_id: UUID,
        method: str,
        options: dict[str, Any] | None = None,
        *,
        session: int = 1,
        section: str = "A",
        reason: str,
        actor: str = "director",
    ) -> bool:
        """Score a section by ``method`` from now on; returns False if it already was.

        This is how an event is re-scored: the standings published under the old method
        stay in the record, and the next publication stores the new method's."""
        pick = self._scoring_plugin(method, options)

        def command(uow: UnitOfWork) -> bool:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.choose_scoring(
                tournament, state, pick, reason=reason, actor=actor
            )
            return bool(uow.record(events))

        return self._run(actor, command)

    def _scoring_plugin(self, method: str, options: dict[str, Any] | None) -> ScoringPick:
        """The plugin, its checked options and the options as given (an unknown VP scale
        is refused now, not when the standings are published)."""
        plugin = self.registry.scoring(method)
        parsed = parse_options(plugin, options)
        scale = getattr(parsed, "vp_scale", None)
        if scale is not None:
            self.registry.vp_scale(scale)
        return ScoringPick(plugin, parsed, dict(options or {}))

    # ---- closing and publishing ----------------------------------------------------------

    def close_session(self, event_id: UUID, session: int = 1, *, actor: str = "director") -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.close_session(tournament, session, actor=actor))

        self._run(actor, command)

    def publish(
        self, event_id: UUID, session: int = 1, *, actor: str = "director"
    ) -> ResultsPublished:
        def command(uow: UnitOfWork) -> ResultsPublished:
            tournament = uow.tournament(event_id)
            check_closed(tournament, session)  # before scoring what may still change
            sections = [uow.section(event_id, session, n) for n in tournament.sessions[session]]
            standings = compute_standings(self.registry, tournament, sections, session)
            events = tournament_decide.publish(
                tournament,
                session,
                method=standings.method,
                method_version=standings.method_version,
                digest=standings.digest(),
                standings=standings.to_json(),
                actor=actor,
            )
            return _first(uow.record(events), ResultsPublished)

        return self._run(actor, command)

    # ---- ranking and stages -------------------------------------------------------------

    def choose_section_ranking(
        self,
        event_id: UUID,
        ranking: SectionRanking,
        *,
        session: int | None = None,
        actor: str = "director",
    ) -> None:
        """Rank a session's sections each alone or as one field (every session when
        ``session`` is None, save those with a choice of their own)."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.choose_section_ranking(
                    tournament, ranking, session=session, actor=actor
                )
            )

        self._run(actor, command)

    def assign_flights(
        self, event_id: UUID, flights: Mapping[str, str], *, actor: str = "director"
    ) -> None:
        """Put entries in flights (entry id → letter) for a stratified game."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.assign_flights(tournament, flights, actor=actor))

        self._run(actor, command)

    def choose_contestants(
        self, event_id: UUID, contestants: ContestantKind, *, actor: str = "director"
    ) -> None:
        """Rank pairs, or (an individual) each player."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.choose_contestants(tournament, contestants, actor=actor))

        self._run(actor, command)

    def define_stage(
        self, event_id: UUID, stage: str, sessions: Sequence[int], *, actor: str = "director"
    ) -> tuple[int, ...]:
        """Define (or redefine) a stage, such as a qualifying or a final, by its sessions."""

        def command(uow: UnitOfWork) -> tuple[int, ...]:
            tournament = uow.tournament(event_id)
            events = tournament_decide.define_stage(tournament, stage, sessions, actor=actor)
            return _first(uow.record(events), StageDefined).sessions

        return self._run(actor, command)

    def record_carry_over(
        self,
        event_id: UUID,
        *,
        stage: str,
        source: str,
        rule: carry_over.ChosenRule,
        final_top: Fraction,
        qualifiers: int | None = None,
        entries: Sequence[str] = (),
        maximum_boards: int | None = None,
        actor: str = "director",
    ) -> CarryOverRecorded:
        """Record who qualified from ``source`` and what each carries into ``stage``.

        The rule is a plugin's (the engine knows none); what it decides is recorded."""

        def command(uow: UnitOfWork) -> CarryOverRecorded:
            tournament = uow.tournament(event_id)

            def sections_of(session: int) -> list[Section]:
                return [uow.section(event_id, session, n) for n in tournament.sessions[session]]

            plan = carry_over.plan_carry_over(
                self.registry,
                tournament,
                sections_of,
                stage=stage,
                source=source,
                rule=rule,
                final_top=final_top,
                qualifiers=qualifiers,
                entries=entries,
                maximum_boards=maximum_boards,
            )
            events = tournament_decide.record_carry_over(
                tournament,
                stage=stage,
                source=source,
                method=rule.name,
                version=rule.version,
                parameters=plan.parameters,
                carried=plan.carried,
                actor=actor,
            )
            return _first(uow.record(events), CarryOverRecorded)

        return self._run(actor, command)
