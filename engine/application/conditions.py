"""The event's conditions: scoring, closing and publishing, ranking, flights, stages
and carry-over."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.in_force import scoring_in_force
from engine.section.state import Section
from engine.signing import Signer
from engine.standings import compute_standings
from engine.tournament.checks import check_closed, check_sessions
from engine.tournament.events import (
    CarryOverRecorded,
    ContestantKind,
    MasterpointsAwarded,
    ResultsPublished,
    SectionRanking,
    SessionClosed,
    StageDefined,
)
from engine.tournament.state import Tournament

if TYPE_CHECKING:
    from engine import carry_over
    from engine.section.decide import ScoringPick


class ConditionCommands(ApplicationCore):
    """The event's conditions: scoring, closing and publishing, ranking, flights, stages
    and carry-over."""

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
        from engine.section import decide as section_decide

        pick = self._scoring_plugin(method, options)

        def command(uow: UnitOfWork) -> bool:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.choose_scoring(
                tournament, state, pick, reason=reason, actor=actor
            )
            return bool(uow.record(events))

        return self._run(actor, command)

    def rescore(
        self,
        event_id: UUID,
        method: str,
        options: dict[str, Any] | None = None,
        *,
        session: int = 1,
        section: str | None = None,
        reason: str,
        actor: str = "director",
    ) -> list[str]:
        """Score every section of a session (or only ``section``) by ``method`` from now
        on, all or none; returns the sections it changed (none if each already was)."""
        pick = self._scoring_plugin(method, options)
        return self._rescore(
            event_id, session, section, lambda *_: pick, reason=reason, actor=actor
        )

    def rescore_to_current(
        self,
        event_id: UUID,
        *,
        session: int = 1,
        section: str | None = None,
        reason: str,
        actor: str = "director",
    ) -> list[str]:
        """Score every section of a session (or only ``section``) by the current version
        of the method it is scored by, with the same options, all or none; returns the
        sections it changed (none if each already was). A new version of a method applies
        only this way (docs/decisions/0024)."""

        def current(tournament: Tournament, state: Section) -> ScoringPick:
            now = scoring_in_force(tournament, state)
            return self._scoring_plugin(now.method, now.options)

        return self._rescore(event_id, session, section, current, reason=reason, actor=actor)

    def _rescore(
        self,
        event_id: UUID,
        session: int,
        section: str | None,
        pick: Callable[[Tournament, Section], ScoringPick],
        *,
        reason: str,
        actor: str,
    ) -> list[str]:
        """Choose the scoring ``pick`` gives each section of the session (or ``section``),
        all in one unit of work; the sections it changed."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> list[str]:
            tournament = uow.tournament(event_id)
            check_sessions(tournament, [session])
            names = [section] if section is not None else list(tournament.sessions[session])
            changed = []
            for name in names:
                state = uow.section(event_id, session, name)
                events = section_decide.choose_scoring(
                    tournament, state, pick(tournament, state), reason=reason, actor=actor
                )
                if uow.record(events):
                    changed.append(name)
            return changed

        return self._run(actor, command)

    def close_session(
        self,
        event_id: UUID,
        session: int = 1,
        *,
        reason: str | None = None,
        actor: str = "director",
    ) -> SessionClosed:
        """Close a session to new results. With results the movements schedule still
        missing it is refused unless a ``reason`` is given; the event keeps the reason
        and what was missing."""

        from engine.section.checks import missing_results
        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> SessionClosed:
            tournament = uow.tournament(event_id)
            check_sessions(tournament, [session])
            missing = [
                m
                for name in tournament.sessions[session]
                for m in missing_results(tournament, uow.section(event_id, session, name))
            ]
            events = tournament_decide.close_session(
                tournament, session, missing=missing, reason=reason, actor=actor
            )
            return first_of(uow.record(events), SessionClosed)

        return self._run(actor, command)

    def reopen_session(
        self, event_id: UUID, session: int = 1, *, reason: str, actor: str = "director"
    ) -> None:
        """Open a closed session again for new results (the reason is kept)."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.reopen_session(tournament, session, reason=reason, actor=actor)
            )

        self._run(actor, command)

    def choose_zone(self, event_id: UUID, zone: str, *, actor: str = "director") -> bool:
        """Show and read the event's times in ``zone`` (an IANA name such as Asia/Tokyo,
        or an offset such as +09:00); returns False if the event already did so."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> bool:
            tournament = uow.tournament(event_id)
            return bool(uow.record(tournament_decide.choose_zone(tournament, zone, actor=actor)))

        return self._run(actor, command)

    def choose_rounds_enforcement(
        self, event_id: UUID, enforced: bool, *, actor: str = "director"
    ) -> bool:
        """Refuse results for rounds not yet started (``enforced``), or accept them in any
        order (the default); returns False if the event already did so."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> bool:
            tournament = uow.tournament(event_id)
            events = tournament_decide.choose_rounds_enforcement(tournament, enforced, actor=actor)
            return bool(uow.record(events))

        return self._run(actor, command)

    def publish(
        self,
        event_id: UUID,
        session: int = 1,
        *,
        signer: Signer | None = None,
        actor: str = "director",
    ) -> ResultsPublished:
        """Publish a closed session's standings; signed by ``signer`` (the club's key),
        the publication carries the signature over them and the event's chain head."""

        from engine.application.publications import signed_publication
        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> ResultsPublished:
            tournament = uow.tournament(event_id)
            check_closed(tournament, session)  # before scoring what may still change
            sections = [uow.section(event_id, session, n) for n in tournament.sessions[session]]
            standings = compute_standings(
                self.registry, tournament, sections, session, published_if_unavailable=False
            )
            signature = (
                None
                if signer is None
                else signed_publication(self, uow, tournament, session, standings, signer)
            )
            events = tournament_decide.publish(
                tournament,
                session,
                method=standings.method,
                method_version=standings.method_version,
                digest=standings.digest(),
                standings=standings.to_json(),
                signature=signature,
                actor=actor,
            )
            return first_of(uow.record(events), ResultsPublished)

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

        from engine.tournament import decide as tournament_decide

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

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.assign_flights(tournament, flights, actor=actor))

        self._run(actor, command)

    def choose_contestants(
        self, event_id: UUID, contestants: ContestantKind, *, actor: str = "director"
    ) -> None:
        """Rank pairs, or (an individual) each player."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.choose_contestants(tournament, contestants, actor=actor))

        self._run(actor, command)

    def define_stage(
        self, event_id: UUID, stage: str, sessions: Sequence[int], *, actor: str = "director"
    ) -> tuple[int, ...]:
        """Define (or redefine) a stage, such as a qualifying or a final, by its sessions."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> tuple[int, ...]:
            tournament = uow.tournament(event_id)
            events = tournament_decide.define_stage(tournament, stage, sessions, actor=actor)
            return first_of(uow.record(events), StageDefined).sessions

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

        from engine import carry_over
        from engine.tournament import decide as tournament_decide

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
            return first_of(uow.record(events), CarryOverRecorded)

        return self._run(actor, command)

    # ---- masterpoints ---------------------------------------------------------------------

    def award_masterpoints(
        self,
        event_id: UUID,
        session: int = 1,
        *,
        rule: str | None = None,
        options: Mapping[str, Any] | None = None,
        reason: str | None = None,
        actor: str = "director",
    ) -> MasterpointsAwarded:
        """Award a closed session's masterpoints from its standings, by ``rule`` with
        ``options`` (JCBL: the game's class), which are recorded for the event; given
        none, the event's recorded ones. The contestants are counted from the standings.
        Awarding a session again (after a correction) supersedes the earlier award and
        needs a ``reason``."""

        from engine import masterpoints
        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> MasterpointsAwarded:
            tournament = uow.tournament(event_id)
            check_sessions(tournament, [session])
            check_closed(tournament, session)
            plugin, chosen = masterpoints.chosen_rule(self.registry, tournament, rule, options)
            sections = [uow.section(event_id, session, n) for n in tournament.sessions[session]]
            standings = compute_standings(
                self.registry,
                tournament,
                sections,
                session,
                masterpoints=False,
                published_if_unavailable=False,
            )
            fields = masterpoints.fields_to_award(self.registry, tournament, sections, standings)
            events = tournament_decide.award_masterpoints(
                tournament,
                session,
                rule=plugin.name,
                version=plugin.version,
                options=chosen,
                digest=standings.digest(),
                fields=masterpoints.award_fields(plugin, chosen, fields),
                reason=reason,
                actor=actor,
            )
            return first_of(uow.record(events), MasterpointsAwarded)

        return self._run(actor, command)
