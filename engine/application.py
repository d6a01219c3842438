"""The Traveller application: every director's action as a validated command.

A command loads the aggregates it needs, checks everything a director could get
wrong, and only then records its events, in one transaction. A command that
raises has written nothing. Within a section, a concurrent writer's conflict is
retried with the fresh state, so a result is never lost.
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
from pydantic import BaseModel

from engine import rules, stages
from engine.errors import Conflict, NotFound, Rejected
from engine.events import DomainEvent, OrjsonTranscoder, PydanticMapper
from engine.logging import configure_logging
from engine.registry import Registry, ScoringMethod, create_registry, parse_options
from engine.scoring import Award
from engine.seating import Numbering, Pair
from engine.section import (
    BoardDeclaredNeutral,
    BoardFouled,
    MovementAssigned,
    NumberingChosen,
    PairsSeated,
    Result,
    ResultCorrected,
    ResultRecorded,
    RoundEnded,
    RoundStarted,
    ScoreAdjusted,
    ScoreAssigned,
    ScoringChosen,
    Section,
    SectionOpened,
    project_section,
)
from engine.tournament import (
    CarryOverRecorded,
    ContestantKind,
    ContestantsChosen,
    EntryRegistered,
    EntryWithdrawn,
    EventCreated,
    FlightsAssigned,
    Player,
    ResultsPublished,
    ScoringChoice,
    SectionRanking,
    SectionRankingChosen,
    SessionAdded,
    SessionClosed,
    StageDefined,
    Tournament,
    project_tournament,
    section_id,
)

log = structlog.get_logger("traveller")

T = TypeVar("T")
E = TypeVar("E", bound=DomainEvent)

RETRIES = 25
S = TypeVar("S", Tournament, Section)


@dataclass
class UnitOfWork:
    """The aggregates one command reads and the events it will record."""

    app: Traveller
    actor: str
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
        tournament = self.tournament(event_id)
        if session not in tournament.sessions:
            known = ", ".join(str(s) for s in sorted(tournament.sessions)) or "none"
            raise NotFound(
                f"Event {tournament.name!r} has no session {session}.",
                hint=f"Sessions: {known}. Add one with `traveller session add`.",
            )
        if name not in tournament.sessions[session]:
            known = ", ".join(tournament.sessions[session])
            raise NotFound(
                f"Session {session} of {tournament.name!r} has no section {name!r}.",
                hint=f"Its sections are {known}.",
            )
        sid = section_id(event_id, session, name)
        if sid not in self.sections:
            state = self.app.latest(sid, project_section)
            assert state is not None, "every section listed by its tournament was opened"
            self.sections[sid] = state
        return self.sections[sid]

    def trigger(self, state: Tournament | Section, cls: type[E], **data: Any) -> E:
        """Create the next event of ``state``, fold it in, and queue it for recording."""
        data.setdefault("actor", self.actor)
        event = cls(originator_id=state.id, originator_version=state.version + 1, **data)
        state.apply(event)
        self.events.append(event)
        return event


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
        for attempt in range(RETRIES):
            uow = UnitOfWork(self, actor)
            value = command(uow)
            try:
                recordings = self.save(*uow.events)
            except IntegrityError:
                # Someone else wrote to the same aggregate: wait a little (randomly, so two
                # busy scorers fall out of step), then re-read and re-check.
                time.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
                continue
            if uow.events:  # a state folded only in a dry run was never recorded
                for tournament in uow.tournaments.values():
                    self._remember(tournament)
                for section in uow.sections.values():
                    self._remember(section)
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
        return UnitOfWork(self, "").tournament(event_id)

    def section(self, event_id: UUID, session: int = 1, name: str = "A") -> Section:
        return UnitOfWork(self, "").section(event_id, session, name)

    def sections(self, event_id: UUID, session: int | None = None) -> list[Section]:
        uow = UnitOfWork(self, "")
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
        topic = get_topic(EventCreated)
        while True:
            batch = self.recorder.select_notifications(start, 500, topics=[topic])
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
        rules.require_text(name, "The event needs a name.")
        method = self.registry.scoring(scoring.method)
        scale = getattr(parse_options(method, scoring.options), "vp_scale", None)
        if scale is not None:
            self.registry.vp_scale(scale)  # an unknown scale is refused now, not at 10 pm
        scoring = ScoringChoice(method=method.name, options=scoring.options)
        event_id = uuid4()

        def command(uow: UnitOfWork) -> UUID:
            created = EventCreated(
                originator_id=event_id,
                originator_version=1,
                name=name.strip(),
                date=date,
                club=club,
                scoring=scoring,
                actor=actor,
            )
            tournament = project_tournament(None, [created])
            assert tournament is not None
            uow.events.append(created)
            self._add_session(uow, tournament, 1, sections)
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
            if session in tournament.sessions:
                raise Rejected(f"Session {session} already exists.")
            self._add_session(uow, tournament, session, sections)

        self._run(actor, command)

    def _add_session(
        self, uow: UnitOfWork, tournament: Tournament, session: int, sections: Sequence[str]
    ) -> None:
        names = rules.section_names(sections)
        if session < 1:
            raise Rejected("Sessions are numbered from 1.")
        uow.trigger(tournament, SessionAdded, session=session, sections=names)
        for name in names:
            opened = SectionOpened(
                originator_id=section_id(tournament.id, session, name),
                originator_version=1,
                tournament=tournament.id,
                session=session,
                section=name,
                actor=uow.actor,
            )
            uow.events.append(opened)

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
            others = [e for e in tournament.entries_of(session, section) if not e.withdrawn]
            rules.check_players(players, others)
            entry = tournament.next_entry_id()
            seat = rules.late_seat(state, pair) if state.movement is not None else None
            if pair is not None and state.movement is None:
                rules.parse_pair_text(pair)
            uow.trigger(
                tournament,
                EntryRegistered,
                entry=entry,
                session=session,
                section=section,
                players=tuple(players),
                late=state.movement is not None,
                requested_pair=pair,
            )
            if seat is not None:
                uow.trigger(state, PairsSeated, seats={seat.key: entry}, phantom=None)
            return entry

        return self._run(actor, command)

    def withdraw_entry(
        self, event_id: UUID, entry: str, *, reason: str, actor: str = "director"
    ) -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            rules.require_reason(reason, "withdrawing an entry")
            found = tournament.entries.get(entry)
            if found is None:
                raise NotFound(
                    f"There is no entry {entry!r}.",
                    hint="See the entries with `traveller entry list`.",
                )
            if found.withdrawn:
                raise Rejected(f"Entry {entry} has already withdrawn.")
            uow.trigger(tournament, EntryWithdrawn, entry=entry, reason=reason)

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
            rules.check_can_assign(state)
            entries = [e for e in tournament.entries_of(session, section) if not e.withdrawn]
            parsed = parse_options(plugin, rules.with_players(plugin, options, entries))
            size = rules.tables_for(entries, tables)
            movement = rules.validated(plugin.build(size, parsed), plugin)
            seats, phantom = rules.seat(movement, entries)
            uow.trigger(
                state, MovementAssigned, movement=movement, options=parsed.model_dump(mode="json")
            )
            uow.trigger(
                state,
                PairsSeated,
                seats={p.key: e for p, e in seats.items()},
                phantom=None if phantom is None else phantom.key,
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
        from engine import renumbering
        from engine.tournament import PairsRenumbered

        def command(uow: UnitOfWork) -> PairsRenumbered:
            tournament = uow.tournament(event_id)
            played, following = (
                [uow.section(event_id, s, n) for n in renumbering.session_sections(tournament, s)]
                for s in (from_session, to_session)
            )
            decided = renumbering.plan(
                tournament, played, following, stationary=stationary, moves=moves
            )
            event = uow.trigger(
                tournament,
                PairsRenumbered,
                from_session=from_session,
                to_session=to_session,
                moves=decided.record(),
                phantoms={name: pair.key for name, pair in decided.phantoms.items()},
                stationary=tuple(sorted(stationary)),
                method=renumbering.METHOD,
                version=renumbering.VERSION,
                reason=reason,
            )
            for state in following:
                seats, phantom = decided.seating(state.name)
                uow.trigger(state, PairsSeated, seats=seats, phantom=phantom, reason=reason)
            return event

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
            rules.check_round_start(state, round)
            uow.trigger(state, RoundStarted, round=round)

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
            rules.check_round_end(state, round)
            uow.trigger(state, RoundEnded, round=round)
            return rules.missing_results(state, round)

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
            self._choose_numbering(uow, state, numbering)

        self._run(actor, command)

    def _choose_numbering(
        self, uow: UnitOfWork, state: Section, numbering: Numbering | None
    ) -> None:
        if numbering is None or state.numbering is numbering:
            return
        if state.numbering is not None:
            raise Rejected(
                f"Section {state.name} numbers its pairs {state.numbering.value}-style; "
                f"it cannot switch to {numbering.value}.",
                hint="Leave out --numbering, or give the section's own numbering.",
            )
        uow.trigger(state, NumberingChosen, numbering=numbering)

    # ---- results ------------------------------------------------------------------------

    def record_result(
        self,
        event_id: UUID,
        entry: rules.ResultEntry,
        *,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        override: str | None = None,
        actor: str = "director",
    ) -> Result:
        def command(uow: UnitOfWork) -> Result:
            state, result = self._checked_result(
                uow, event_id, session, section, entry, numbering, override
            )
            rules.check_not_recorded(state, result.board, result.ns, result.ew)
            uow.trigger(
                state, ResultRecorded, result=result, override=override is not None, reason=override
            )
            return result

        return self._run(actor, command)

    def correct_result(
        self,
        event_id: UUID,
        entry: rules.ResultEntry,
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
            rules.require_reason(reason, "a correction")
            state, result = self._checked_result(
                uow, event_id, session, section, entry, None, override, correcting=True
            )
            old_ns = entry.ns if was_ns is None else was_ns
            old_ew = entry.ew if was_ew is None else was_ew
            rules.find_table(state, entry.board, old_ns, old_ew)
            rules.check_not_recorded(
                state, result.board, result.ns, result.ew, replacing=(old_ns, old_ew)
            )
            uow.trigger(
                state,
                ResultCorrected,
                board=entry.board,
                ns=old_ns,
                ew=old_ew,
                result=result,
                override=override is not None,
                reason=reason if override is None else f"{reason} (override: {override})",
            )
            return result

        return self._run(actor, command)

    def _checked_result(
        self,
        uow: UnitOfWork,
        event_id: UUID,
        session: int,
        section: str,
        entry: rules.ResultEntry,
        numbering: Numbering | None,
        override: str | None,
        *,
        correcting: bool = False,
    ) -> tuple[Section, Result]:
        tournament = uow.tournament(event_id)
        state = uow.section(event_id, session, section)
        if not correcting:
            rules.check_open(tournament, session)
        if override is not None:
            rules.require_reason(override, "an override")
        self._choose_numbering(uow, state, numbering)
        rules.require_numbering(state)
        result = rules.build_result(entry, allow_impossible=override is not None)
        rules.check_pairs_and_board(
            state,
            tournament,
            result.board,
            result.ns,
            result.ew,
            allow_unscheduled=override is not None,
        )
        return state, result

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
            where = (event_id, session, section, board, ns, ew)
            state = self._table_to_adjust(uow, *where, numbering, reason, "an adjusted score")
            if neutral:
                if award_ns is not None or award_ew is not None:
                    raise Rejected(
                        "A neutral board has no adjusted scores of its own.",
                        hint="Give either --neutral or the two adjusted scores.",
                    )
                uow.trigger(state, BoardDeclaredNeutral, board=board, ns=ns, ew=ew, reason=reason)
                return
            if award_ns is None or award_ew is None:
                raise Rejected(
                    "An adjusted score needs a score for each side.",
                    hint="For example --ns-score A+ --ew-score A-, or --neutral.",
                )
            uow.trigger(
                state,
                ScoreAdjusted,
                board=board,
                ns=ns,
                ew=ew,
                award_ns=str(award_ns),
                award_ew=str(award_ew),
                law=law,
                reason=reason,
            )

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
            rules.require_reason(reason, "a fouled board")
            rules.require_numbering(state)
            checked = rules.check_fouled_groups(state, board, groups)
            uow.trigger(state, BoardFouled, board=board, groups=checked, reason=reason)
            return checked

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
            where = (event_id, session, section, board, ns, ew)
            state = self._table_to_adjust(uow, *where, numbering, reason, "an assigned score")
            if outcomes_ew is None:
                checked, checked_ew = rules.check_weighted_score(board, outcomes), None
            else:
                checked, checked_ew = rules.check_split_score(state, board, outcomes, outcomes_ew)
            weighed = len(checked) > 1 or (checked_ew is not None and len(checked_ew) > 1)
            return uow.trigger(
                state,
                ScoreAssigned,
                board=board,
                ns=ns,
                ew=ew,
                outcomes=_as_text(checked),
                outcomes_ew=None if checked_ew is None else _as_text(checked_ew),
                law=law if law is not None else "12C1c" if weighed else "12C",
                reason=reason,
            )

        return self._run(actor, command)

    def _table_to_adjust(
        self,
        uow: UnitOfWork,
        event_id: UUID,
        session: int,
        section: str,
        board: int,
        ns: int,
        ew: int,
        numbering: Numbering | None,
        reason: str,
        what: str,
    ) -> Section:
        """The section of a table the director is about to adjust, every check made.

        An adjustment replaces what the table had; it may not clash with another table."""
        tournament = uow.tournament(event_id)
        state = uow.section(event_id, session, section)
        rules.require_reason(reason, what)
        self._choose_numbering(uow, state, numbering)
        rules.require_numbering(state)
        rules.check_pairs_and_board(state, tournament, board, ns, ew, allow_unscheduled=False)
        rules.check_not_recorded(state, board, ns, ew, replacing=(ns, ew))
        return state

    def import_results(
        self,
        event_id: UUID,
        rows: Sequence[rules.ImportRow],
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
        chosen = None if scoring is None else self._scoring_plugin(*scoring)

        def command(uow: UnitOfWork) -> int:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            rules.check_open(tournament, session)
            if chosen is not None:
                self._choose_scoring(uow, tournament, state, *chosen, reason=scoring_reason)
            self._choose_numbering(uow, state, numbering)
            rules.require_numbering(state)
            problems: list[str] = []
            for row in rows:
                try:
                    rules.check_pairs_and_board(
                        state, tournament, row.board, row.ns, row.ew, allow_unscheduled=False
                    )
                    if row.adjusted is not None:
                        self._import_adjusted(uow, state, row)
                        continue
                    assert row.entry is not None
                    result = rules.build_result(row.entry, allow_impossible=False)
                    rules.check_not_recorded(state, result.board, result.ns, result.ew)
                    uow.trigger(state, ResultRecorded, result=result)
                except (Rejected, NotFound, rules.InvalidInput) as exc:
                    problems.append(f"line {row.line}: {exc}")
            if problems:
                raise rules.InvalidFile(
                    f"The file was not imported: {len(problems)} line(s) need fixing.",
                    problems=problems,
                )
            if dry_run:
                uow.events.clear()
            return len(rows)

        return self._run(actor, command)

    def _import_adjusted(self, uow: UnitOfWork, state: Section, row: rules.ImportRow) -> None:
        assert row.adjusted is not None
        rules.check_not_recorded(state, row.board, row.ns, row.ew)
        reason = f"imported adjusted score {row.adjusted.text}"
        if row.adjusted.neutral:
            uow.trigger(
                state, BoardDeclaredNeutral, board=row.board, ns=row.ns, ew=row.ew, reason=reason
            )
        else:
            uow.trigger(
                state,
                ScoreAdjusted,
                board=row.board,
                ns=row.ns,
                ew=row.ew,
                award_ns=str(row.adjusted.ns),
                award_ew=str(row.adjusted.ew),
                reason=reason,
            )

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
        chosen = self._scoring_plugin(method, options)

        def command(uow: UnitOfWork) -> bool:
            rules.require_reason(reason, "choosing a scoring method")
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            return self._choose_scoring(uow, tournament, state, *chosen, reason=reason)

        return self._run(actor, command)

    def _scoring_plugin(
        self, method: str, options: dict[str, Any] | None
    ) -> tuple[ScoringMethod, BaseModel, dict[str, Any]]:
        """The plugin, its checked options and the options as given (an unknown VP scale
        is refused now, not when the standings are published)."""
        plugin = self.registry.scoring(method)
        parsed = parse_options(plugin, options)
        scale = getattr(parsed, "vp_scale", None)
        if scale is not None:
            self.registry.vp_scale(scale)
        return plugin, parsed, dict(options or {})

    def _choose_scoring(
        self,
        uow: UnitOfWork,
        tournament: Tournament,
        state: Section,
        plugin: ScoringMethod,
        parsed: BaseModel,
        options: dict[str, Any],
        *,
        reason: str,
    ) -> bool:
        name, current = state.scoring or (tournament.scoring.method, tournament.scoring.options)
        if name == plugin.name and parse_options(plugin, current) == parsed:
            return False
        uow.trigger(state, ScoringChosen, method=plugin.name, options=options, reason=reason)
        return True

    # ---- closing and publishing ----------------------------------------------------------

    def close_session(self, event_id: UUID, session: int = 1, *, actor: str = "director") -> None:
        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            if session not in tournament.sessions:
                raise NotFound(f"There is no session {session}.")
            if session in tournament.closed:
                raise Rejected(f"Session {session} is already closed.")
            uow.trigger(tournament, SessionClosed, session=session)

        self._run(actor, command)

    def publish(
        self, event_id: UUID, session: int = 1, *, actor: str = "director"
    ) -> ResultsPublished:
        from engine.standings import compute_standings

        def command(uow: UnitOfWork) -> ResultsPublished:
            tournament = uow.tournament(event_id)
            if session not in tournament.closed:
                raise Rejected(
                    f"Session {session} is still open.",
                    hint="Close it first with `traveller session close`; results entered "
                    "after publishing would silently change published standings.",
                )
            sections = [uow.section(event_id, session, n) for n in tournament.sessions[session]]
            standings = compute_standings(self.registry, tournament, sections, session)
            return uow.trigger(
                tournament,
                ResultsPublished,
                session=session,
                method=standings.method,
                method_version=standings.method_version,
                digest=standings.digest(),
                standings=standings.to_json(),
            )

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
            if session is not None:
                stages.check_sessions(tournament, [session])
            uow.trigger(tournament, SectionRankingChosen, ranking=ranking, session=session)

        self._run(actor, command)

    def assign_flights(
        self, event_id: UUID, flights: Mapping[str, str], *, actor: str = "director"
    ) -> None:
        """Put entries in flights (entry id → letter) for a stratified game."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            checked = stages.check_flights(tournament, flights)
            uow.trigger(tournament, FlightsAssigned, flights=checked)

        self._run(actor, command)

    def choose_contestants(
        self, event_id: UUID, contestants: ContestantKind, *, actor: str = "director"
    ) -> None:
        """Rank pairs, or (an individual) each player."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.trigger(tournament, ContestantsChosen, contestants=contestants)

        self._run(actor, command)

    def define_stage(
        self, event_id: UUID, stage: str, sessions: Sequence[int], *, actor: str = "director"
    ) -> tuple[int, ...]:
        """Define (or redefine) a stage, such as a qualifying or a final, by its sessions."""

        def command(uow: UnitOfWork) -> tuple[int, ...]:
            tournament = uow.tournament(event_id)
            chosen = stages.check_stage(tournament, stage, sessions)
            uow.trigger(tournament, StageDefined, stage=stage.strip(), sessions=chosen)
            return chosen

        return self._run(actor, command)

    def record_carry_over(
        self,
        event_id: UUID,
        *,
        stage: str,
        source: str,
        rule: stages.CarryOverRule,
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

            plan = stages.plan_carry_over(
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
            return uow.trigger(
                tournament,
                CarryOverRecorded,
                stage=stage,
                source=source,
                method=rule.name,
                version=rule.version,
                parameters=plan.parameters,
                carried=plan.carried,
            )

        return self._run(actor, command)


def _as_text(outcomes: Iterable[tuple[Fraction, int]]) -> tuple[tuple[str, int], ...]:
    """(weight, NS score) pairs as an event stores them: the weight as exact text."""
    return tuple((str(weight), score) for weight, score in outcomes)
