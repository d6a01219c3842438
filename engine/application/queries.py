"""The application's queries: everything an interface reads, each answered as of now or
as of a moment in the event's history (``at``, an :class:`~engine.application.moments.At`).

The command line, the benchmark and the HTTP adapter all read through these; none of
them computes a projection itself. A query writes nothing: what-if tries its changes on
an in-memory fork of the event.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, cast
from uuid import UUID

from pydantic import BaseModel

from engine.application import moments
from engine.application.core import ApplicationCore
from engine.application.moments import At, EventState, Snapshot
from engine.errors import N_, InvalidInput, Phrase, PluginError, TravellerError
from engine.in_force import ScoringInForce, scoring_in_force
from engine.movement import Movement
from engine.ranks import RankBy, Standings
from engine.registry import parse_options
from engine.section.results import ImportRow
from engine.standings import compute_standings
from engine.tournament.events import MissingResult

if TYPE_CHECKING:  # imported by the queries that use them (the advisor by advise() alone)
    from engine.advisor.proposals import Advice
    from engine.masterpoints import EligibilityLine
    from engine.match_reports import CrossTable, KnockoutReport
    from engine.round_seating import RoundSeating
    from engine.swiss import TeamLine
    from engine.totals import Totals
    from engine.travellers import BoardTraveller, ScoreCard

AsOf = At | Snapshot | None
"""When a query answers as of: ``None`` now, an :class:`At`, or a snapshot already
folded (an interface that shows which moment it answers for folds it once)."""


@dataclass(frozen=True)
class WhatIf:
    """What changes tried on a fork would do: the standings before and after, and each
    pair whose line changes (as :meth:`Queries.diff` gives them)."""

    before: Standings
    after: Standings
    diff: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {
            "before": self.before.to_json(),
            "after": self.after.to_json(),
            "diff": self.diff,
        }


class _Trial(Protocol):
    """The commands what-if makes on its fork (the application's own)."""

    def adjust(self, event_id: UUID, **given: Any) -> object: ...

    def correct_result(self, event_id: UUID, entry: Any, **given: Any) -> object: ...

    def record_result(self, event_id: UUID, entry: Any, **given: Any) -> object: ...


class Queries(ApplicationCore):
    """Reads of an event, now or as of a moment. Each takes ``at`` (``None``: now)."""

    def moment(self, event_id: UUID, at: At) -> Snapshot:
        """The event as it stood at ``at``: its state and the last action folded into
        it (which moment an answer is for)."""
        return moments.snapshot(self, event_id, at)

    def event_state(self, event_id: UUID, *, at: AsOf = None) -> EventState:
        """The tournament and its sections, now or as they stood at ``at``."""
        return moments.state(self, event_id, at)

    # ---- standings ---------------------------------------------------------------------------

    def standings(self, event_id: UUID, session: int = 1, *, at: AsOf = None) -> Standings:
        """A session's standings: every field ranked (and the overall ranking, flights,
        players, the masterpoints once awarded)."""
        now = self.event_state(event_id, at=at)
        sections = now.sections_of(session)
        return compute_standings(
            self.registry, now.tournament, sections, session, memo=self.remembered
        )

    def scoring_in_force(
        self, event_id: UUID, session: int = 1, *, at: AsOf = None
    ) -> dict[str, ScoringInForce]:
        """Section → the method it is scored by, its options and its version in force
        (docs/decisions/0024; a version no choice or publication names is the current)."""
        now = self.event_state(event_id, at=at)
        found = {}
        for section in now.sections_of(session):
            chosen = scoring_in_force(now.tournament, section)
            current = self.registry.scoring(chosen.method)
            found[section.name] = replace(
                chosen, method=current.name, version=chosen.version or current.version
            )
        return found

    def totals(
        self,
        event_id: UUID,
        *,
        stage: str | None = None,
        sessions: Sequence[int] | None = None,
        by: RankBy = RankBy.SCORE,
        at: AsOf = None,
    ) -> Totals:
        """Contestants ranked on their total over several sessions (default every one),
        or over a stage's sessions with its carry-over."""
        from engine.totals import compute_totals

        now = self.event_state(event_id, at=at)
        return compute_totals(
            self.registry, now.tournament, now.sections_of, sessions=sessions, stage=stage, by=by
        )

    def swiss_standings(
        self, event_id: UUID, upto: int | None = None, *, at: AsOf = None
    ) -> list[TeamLine]:
        """A Swiss event's standings by VPs (after round ``upto``), with each contestant's
        opponents round by round; as of a moment, the draws, cards and each round's
        session as they were."""
        from engine.swiss import standings as swiss_standings
        from engine.swiss_seating import round_sections

        now = self.event_state(event_id, at=at)
        sections = round_sections(now.tournament, now.section)
        return swiss_standings(self.registry, now.tournament, sections, upto)

    # ---- boards, cards and matches -------------------------------------------------------

    def traveller(
        self,
        event_id: UUID,
        board: int,
        *,
        session: int = 1,
        section: str | None = None,
        at: AsOf = None,
    ) -> BoardTraveller:
        """One board's traveller: every table's result and the points it earned (in a
        session scored as one field, the field's). ``section`` None: the session's first."""
        from engine.travellers import BoardTraveller, traveller

        now = self.event_state(event_id, at=at)
        fields = now.sections_of(session)
        own = now.section(session, section or now.tournament.sessions[session][0])
        # A one-field session scores across its sections.
        data = traveller(self.registry, now.tournament, own, board, fields)
        return BoardTraveller(data)

    def score_card(
        self,
        event_id: UUID,
        contestant: str,
        *,
        session: int = 1,
        section: str = "A",
        at: AsOf = None,
    ) -> ScoreCard:
        """Every board a pair (``NS3``, ``EW3``, ``3``), team (``3``) or player played in a
        section: round, table, opponents, contract, declarer, score and points."""
        from engine.travellers import score_card

        now = self.event_state(event_id, at=at)
        own = now.section(session, section)
        return score_card(self.registry, now.tournament, own, contestant, now.sections_of(session))

    def cross_table(
        self, event_id: UUID, *, session: int = 1, section: str = "A", at: AsOf = None
    ) -> CrossTable:
        """A team section's matches as a round-robin cross-table: each team's points (VPs
        when the event converts matches) against each other team, its total and rank."""
        from engine.match_reports import cross_table_report

        now = self.event_state(event_id, at=at)
        return cross_table_report(self.registry, now.tournament, now.section(session, section))

    def knockout(
        self,
        event_id: UUID,
        *,
        section: str = "A",
        sessions: Sequence[int] | None = None,
        at: AsOf = None,
    ) -> KnockoutReport:
        """A knockout match of two teams: carry-over, each segment's IMPs, the running
        score and who goes through. ``sessions`` names the match's sessions (each must be
        scored as a knockout); default every session whose section is."""
        from engine.match_reports import knockout_report

        now = self.event_state(event_id, at=at)
        tournament = now.tournament
        named = None if sessions is None else sorted(set(sessions))
        candidates = (
            [
                s
                for n in sorted(tournament.sessions)
                for s in now.sections_of(n)
                if s.name == section
            ]
            if named is None
            else [now.section(n, section) for n in named]
        )
        return knockout_report(
            self.registry, tournament, candidates, section=section, named=named is not None
        )

    # ---- the movement and its rounds ---------------------------------------------------------

    def movement_of(
        self, event_id: UUID, *, session: int = 1, section: str = "A", at: AsOf = None
    ) -> Movement | None:
        """The section's movement (None before one is assigned)."""
        return self.event_state(event_id, at=at).section(session, section).movement

    def advise(
        self,
        entries: int,
        *,
        teams: bool = False,
        boards: int | None = None,
        minutes: int | None = None,
        two_winners: bool = False,
        sessions: int = 1,
    ) -> Advice:
        """The movements the advisor proposes for ``entries`` pairs (or teams), best
        first, through this application's registry (:func:`engine.advisor.service.advise`)."""
        from engine.advisor.service import advise  # only this query pays for the advisor

        return advise(
            self.registry,
            entries,
            teams=teams,
            boards=boards,
            minutes=minutes,
            two_winners=two_winners,
            sessions=sessions,
        )

    def seating(
        self,
        event_id: UUID,
        *,
        session: int = 1,
        section: str = "A",
        round: int = 1,
        at: AsOf = None,
    ) -> RoundSeating:
        """Each table of a round: its NS and EW pairs, the boards they play and the names
        of those sitting there that round."""
        from engine.round_seating import round_seating

        now = self.event_state(event_id, at=at)
        return round_seating(now.tournament, now.section(session, section), round)

    def missing_results(
        self,
        event_id: UUID,
        *,
        session: int = 1,
        round: int | None = None,
        at: AsOf = None,
    ) -> list[MissingResult]:
        """Every table of the session's movements (of ``round`` only, if given) with no
        result yet, section by section; the phantom's and a withdrawn pair's left out."""
        from engine.section.checks import missing_results

        now = self.event_state(event_id, at=at)
        return [
            m
            for state in now.sections_of(session)
            for m in missing_results(now.tournament, state)
            if round is None or m.round == round
        ]

    def eligibility(
        self,
        event_id: UUID,
        rule: str,
        options: Mapping[str, Any] | BaseModel | None = None,
        *,
        session: int = 1,
        section: str | None = None,
        session_boards: int | None = None,
        at: AsOf = None,
    ) -> list[EligibilityLine]:
        """Every contestant of a session (one section's, if given) with a masterpoint
        eligibility rule's answer: may it earn masterpoints there, and why."""
        from engine.masterpoints import EligibilityRule, session_eligibility

        plugin = self.registry.masterpoint_rule(rule)
        if not isinstance(plugin, EligibilityRule):
            raise PluginError(
                N_("The %(rule)s rule awards masterpoints; it does not decide who may earn them."),
                code="masterpoints.not_eligibility",
                rule=plugin.name,
            )
        parsed = parse_options(plugin, dict(options) if isinstance(options, Mapping) else options)
        now = self.event_state(event_id, at=at)
        sections = now.sections_of(session) if section is None else [now.section(session, section)]
        return session_eligibility(plugin, parsed, now.tournament, sections, session_boards)

    # ---- the record looked back on -------------------------------------------------------------

    def audit(
        self,
        event_id: UUID,
        *,
        board: int | None = None,
        pair: str | None = None,
        session: int | None = None,
        section: str | None = None,
        zone: dt.tzinfo | None = None,
        actor: str | None = None,
    ) -> list[dict[str, Any]]:
        """Every action recorded for the event (or one board, pair, session, section or
        actor: ``director:suzuki``, ``suzuki``, or ``table`` for every device): its
        position (1 is the event's creation), store position, time (in ``zone``; UTC by
        default), who, why and what (the event's data)."""
        self.tournament(event_id)  # an unknown event is refused, not an empty trail
        return moments.audit(
            self,
            event_id,
            board=board,
            pair=pair,
            session=session,
            section=section,
            zone=zone,
            actor=actor,
        )

    def diff(
        self,
        event_id: UUID,
        *,
        before: At,
        after: At | None = None,
        session: int = 1,
    ) -> list[dict[str, Any]]:
        """What changed between two moments (``after`` None: now): each pair whose score,
        rank or percentage changed in the session's standings; in a Swiss, each team (or
        pair) whose VPs or place changed."""
        from engine.swiss import standings_diff

        then = self.moment(event_id, before)
        swiss = self.tournament(event_id).swiss
        if swiss is not None:
            return standings_diff(
                self.swiss_standings(event_id, at=then),
                self.swiss_standings(event_id, at=after),
                "pairs" if swiss.conditions.kind == "pairs" else "teams",
            )
        return moments.diff(
            self.standings(event_id, session, at=then), self.standings(event_id, session, at=after)
        )

    def what_if(
        self,
        event_id: UUID,
        changes: Sequence[ImportRow],
        *,
        session: int = 1,
        section: str = "A",
        override: str | None = None,
    ) -> WhatIf:
        """Try ``changes`` (traveller lines: a result added or corrected, an adjusted score,
        a neutral board) in that order on an in-memory fork of the event, and say what
        they would change in the session's standings; writes nothing."""
        if not changes:
            raise InvalidInput(
                N_("Give a change to try: a result or an adjusted score."), code="what_if.empty"
            )
        trial = moments.fork(self, event_id)
        before = trial.standings(event_id, session)
        for number, change in enumerate(changes, start=1):
            try:
                trial._try(event_id, change, session=session, section=section, override=override)
            except TravellerError as refused:
                if len(changes) == 1:
                    raise
                raise InvalidInput(
                    N_(
                        "Change %(number)s of %(count)s (board %(board)s, NS %(ns)s v EW %(ew)s) "
                        "cannot be made: %(refused)s%(refused_hint)s"
                    ),
                    code="what_if.refused",
                    number=number,
                    count=len(changes),
                    board=change.board,
                    ns=change.ns,
                    ew=change.ew,
                    refused=Phrase(refused.template, **refused.values),
                    # The refusal keeps its own words, message and hint, each translated.
                    refused_hint=""
                    if refused.hint_template is None
                    else Phrase(" %(hint)s", hint=Phrase(refused.hint_template, **refused.values)),
                ) from None
        after = trial.standings(event_id, session)
        return WhatIf(before, after, moments.diff(before, after))

    def _try(
        self,
        event_id: UUID,
        change: ImportRow,
        *,
        session: int,
        section: str,
        override: str | None,
    ) -> None:
        """Make one change (on a fork): an adjusted score, or the table's result
        corrected (added when it has none yet)."""
        # The commands are the application's: every application (a fork too) is a Traveller.
        from engine.section.checks import table_if_any

        app = cast(_Trial, self)
        if change.adjusted is not None:
            app.adjust(
                event_id,
                board=change.board,
                ns=change.ns,
                ew=change.ew,
                neutral=change.adjusted.neutral,
                award_ns=change.adjusted.ns,
                award_ew=change.adjusted.ew,
                reason="what-if",
                session=session,
                section=section,
            )
            return
        assert change.entry is not None
        state = self.section(event_id, session, section)
        recorded = state.numbering is not None and table_if_any(
            state, change.board, change.ns, change.ew
        )
        if recorded:
            app.correct_result(
                event_id,
                change.entry,
                reason="what-if",
                session=session,
                section=section,
                override=override,
            )
        else:
            app.record_result(
                event_id, change.entry, session=session, section=section, override=override
            )
