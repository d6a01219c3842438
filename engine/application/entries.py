"""Commands on an event, its sessions and its entries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal
from uuid import UUID, uuid4

from engine.application.conventions import profile_options
from engine.application.core import ApplicationCore, UnitOfWork, first_of
from engine.section.seats import seat_of
from engine.section.state import Section
from engine.tournament.checks import check_sessions
from engine.tournament.events import (
    EntryRegistered,
    Player,
    PlayerSubstituted,
    ScoringChoice,
)
from engine.tournament.state import project_tournament


class EntryCommands(ApplicationCore):
    """Commands on an event, its sessions and its entries."""

    def create_event(
        self,
        name: str,
        *,
        date: dt.date | None = None,
        club: str | None = None,
        scoring: ScoringChoice | None = None,
        sections: Sequence[str] = ("A",),
        enforce_rounds: bool = False,
        zone: str | None = None,
        directors: Sequence[str] = (),
        conventions: str | None = None,
        actor: str = "director",
    ) -> UUID:
        """A new event with session 1 and its sections; with ``enforce_rounds``, results
        for rounds not yet started are refused (by default they are accepted in any order,
        as when paper travellers are entered after play); ``zone`` is the time zone its
        times are shown and read in (:mod:`engine.zones`); ``directors``, the store's
        directors who alone direct it on a server (the one creating it there; none: every
        director of the store); ``conventions``, the convention profile it follows (none:
        ``jcbl``, every scoring method's defaults)."""
        from engine.access import decide as access_decide
        from engine.section import decide as section_decide
        from engine.tournament import conventions as conventions_decide
        from engine.tournament import decide as tournament_decide

        scoring = scoring or ScoringChoice()
        profile = None if conventions is None else profile_options(self.registry, conventions)
        method = self._scoring_plugin(scoring.method, scoring.options, scoring.version).method
        # The version in force is recorded: a later version applies only by a rescore.
        scoring = ScoringChoice(method=method.name, options=scoring.options, version=method.version)
        event_id = uuid4()

        def command(uow: UnitOfWork) -> UUID:
            created = tournament_decide.create_event(
                event_id,
                name,
                date=date,
                club=club,
                scoring=scoring,
                enforce_rounds=enforce_rounds,
                zone=zone,
                actor=actor,
            )
            tournament = project_tournament(None, created)
            assert tournament is not None
            uow.record(created)
            if profile is not None:
                follows, given = profile
                chosen = conventions_decide.choose_conventions(
                    tournament,
                    follows.name,
                    follows.version,
                    given,
                    reason=None,
                    actor=actor,
                    at_creation=True,
                )
                uow.record(chosen)
                tournament = project_tournament(tournament, chosen)
                assert tournament is not None
            opened = section_decide.add_session(tournament, 1, sections, actor=actor)
            uow.record(opened)
            if directors:
                own = [e for e in opened if e.originator_id == event_id]
                after = project_tournament(tournament, own)
                assert after is not None
                uow.record(access_decide.directors_chosen(after, directors, actor=actor))
            return event_id

        return self._run(actor, command)

    def add_session(
        self,
        event_id: UUID,
        session: int,
        sections: Sequence[str] = ("A",),
        actor: str = "director",
    ) -> None:
        from engine.section import decide as section_decide

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
        name: str | None = None,
        seeding: Decimal | None = None,
        actor: str = "director",
    ) -> str:
        """Register a pair (one player for an individual, four to six for a team); after
        seating, a late pair takes the phantom's seat or that of a pair that withdrew
        before playing; in a section with no movement, ``pair`` seats it at its number.
        ``name`` is the entry's own (a team's); ``seeding``, its seeding points."""

        from engine.section import decide as section_decide

        def command(uow: UnitOfWork) -> str:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            events = section_decide.register_entry(
                tournament, state, players, pair=pair, name=name, seeding=seeding, actor=actor
            )
            return first_of(uow.record(events), EntryRegistered).entry

        return self._run(actor, command)

    def withdraw_entry(
        self, event_id: UUID, entry: str, *, reason: str, actor: str = "director"
    ) -> None:
        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.withdraw_entry(tournament, entry, reason=reason, actor=actor)
            )

        self._run(actor, command)

    # ---- entries put right ------------------------------------------------------------

    def rename_player(
        self,
        event_id: UUID,
        entry: str,
        player: str,
        name: str,
        *,
        reason: str | None = None,
        actor: str = "director",
    ) -> None:
        """Put a player's name right (``player``: their place in the entry, or their name)."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.rename_player(
                    tournament, entry, player, name, reason=reason, actor=actor
                )
            )

        self._run(actor, command)

    def change_member(
        self,
        event_id: UUID,
        entry: str,
        player: str,
        member: str | None,
        *,
        reason: str | None = None,
        actor: str = "director",
    ) -> None:
        """Put a player's member number right (None: the player has none)."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.change_member(
                    tournament, entry, player, member, reason=reason, actor=actor
                )
            )

        self._run(actor, command)

    def substitute_player(
        self,
        event_id: UUID,
        entry: str,
        player: str,
        substitute: Player,
        *,
        session: int = 1,
        from_round: int | None = None,
        reason: str | None = None,
        actor: str = "director",
    ) -> int:
        """A substitute plays for one of the entry's players in ``session`` from
        ``from_round`` (by default the round in play) to its end; returns that round."""

        from engine.section import seating

        def command(uow: UnitOfWork) -> int:
            tournament = uow.tournament(event_id)
            events = seating.substitute_player(
                tournament,
                _sitting(uow, event_id, session, entry),
                entry,
                player,
                substitute,
                from_round=from_round,
                reason=reason,
                actor=actor,
            )
            return first_of(uow.record(events), PlayerSubstituted).from_round

        return self._run(actor, command)

    def swap_seats(
        self,
        event_id: UUID,
        first: str,
        second: str,
        *,
        session: int = 1,
        section: str = "A",
        reason: str | None = None,
        actor: str = "director",
    ) -> None:
        """Exchange the entries at two seats of a section before either has played (one
        may be the phantom's: the entry moves there)."""

        from engine.section import seating

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            state = uow.section(event_id, session, section)
            uow.record(
                seating.swap_seats(tournament, state, first, second, reason=reason, actor=actor)
            )

        self._run(actor, command)


def _sitting(uow: UnitOfWork, event_id: UUID, session: int, entry: str) -> Section:
    """The section of ``session`` in which ``entry`` sits (else its first section, whose
    decision says that it does not sit there)."""
    tournament = uow.tournament(event_id)
    check_sessions(tournament, [session])
    sections = [uow.section(event_id, session, name) for name in tournament.sessions[session]]
    return next((s for s in sections if seat_of(s, entry) is not None), sections[0])
