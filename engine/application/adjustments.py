"""The director's adjustments: adjusted and assigned scores, fouled boards, imported results."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any
from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.scoring import Award
from engine.seating import Numbering
from engine.section.events import BoardFouled, ScoreAssigned
from engine.section.results import ImportRow, LineProblem
from engine.tournament.events import Player


class AdjustmentCommands(ApplicationCore):
    """The director's adjustments: adjusted and assigned scores, fouled boards, imported results."""

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

        from engine.section import decide as section_decide

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
        law: str | None = None,
        session: int = 1,
        section: str = "A",
        actor: str = "director",
    ) -> tuple[tuple[int, ...], ...]:
        """Declare a board fouled: the tables (by NS pair) that played each version of it,
        and the law applied (87, unless another is named).

        Declaring it again replaces the groups. Returns the groups as recorded."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> tuple[tuple[int, ...], ...]:
            state = uow.section(event_id, session, section)
            events = section_decide.declare_fouled(
                state, board=board, groups=groups, reason=reason, law=law, actor=actor
            )
            return first_of(uow.record(events), BoardFouled).groups

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

        from engine.section import decide as section_decide

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
            return first_of(uow.record(events), ScoreAssigned)

        return self._run(actor, command)

    def import_results(
        self,
        event_id: UUID,
        rows: Iterable[ImportRow | LineProblem],
        *,
        session: int = 1,
        section: str = "A",
        numbering: Numbering | None = None,
        scoring: tuple[str, dict[str, Any]] | None = None,
        scoring_reason: str = "chosen on import",
        names: Mapping[str, Sequence[Player]] | None = None,
        dry_run: bool = False,
        actor: str = "director",
    ) -> int:
        """Record a whole file of traveller lines, all or nothing; returns how many.

        ``rows`` is read once per attempt, line by line (a list, or a file read afresh
        each time it is iterated: a conflict decides again), so a file of a million lines
        is never held whole; the lines a reader could not read come among them as
        :class:`LineProblem`, and are listed with the others. ``scoring`` (a method and its
        options) becomes the section's scoring method in the same transaction; so do
        entries for the pairs the file ``names`` (pair number → players), seated at their
        numbers, when the section has none registered. With ``dry_run`` every line is
        checked and nothing is recorded."""
        from engine.section import decide as section_decide
        from engine.section.importing import lines_recorded

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
                names=names,
                actor=actor,
            )
            if not dry_run:
                # Not folded here: the next read folds them (a state of a million results
                # is not built by the command that only records them).
                uow.record(events, fold=False)
            return lines_recorded(events)

        return self._run(actor, command)
