"""What the public pages read, and whether the public may see it: the one place the
pages call the application.

Every figure comes from an application query as data (``to_json()``, the shape the API
and ``--format json`` give); the templates only lay it out. The running results of a
session are public once the director allows it (``Tournament.public_running``) or once
the session is published; the list of events and the Swiss draws (where to sit) are
public always.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from adapters.http.api.visibility import released
from engine.application import Traveller
from engine.application.core import Listed
from engine.scoring import TEAMS
from engine.seating import Line, Numbering, pair_at
from engine.swiss import standings_json
from engine.swiss_seating import seated_draw_json, swiss_section_name
from engine.tournament.checks import check_section, check_sessions
from engine.tournament.state import Tournament


@dataclass(frozen=True)
class Event:
    """An event as every page of it is headed and linked: its sessions and sections,
    whether it is a team event or a Swiss, and what the public may see of it."""

    id: UUID
    name: str
    date: str | None
    club: str | None
    sessions: dict[int, tuple[str, ...]]
    swiss: bool
    teams: bool
    """A team event: it speaks of teams, matches, IMPs and VPs."""
    vp: bool
    """Its matches are converted to VPs."""
    public_running: bool
    """The director lets the public see the running results."""
    published: frozenset[int]
    released_sessions: frozenset[int]
    """The sessions whose results the public may see."""
    tournament: Tournament
    """The event's state, whose checks word what a page asks for that it has not."""
    rounds: tuple[int, ...] = ()
    """A Swiss's drawn rounds."""
    boards: dict[tuple[int, str], tuple[int, ...]] = field(default_factory=dict)
    """(session, section) → the boards its movement plays."""
    mitchell: dict[tuple[int, str], bool] = field(default_factory=dict)
    """(session, section) → whether its pairs are numbered in two lines (NS 1, EW 1)."""

    def released(self, session: int) -> bool:
        """Whether the public may see the session's results."""
        return session in self.released_sessions

    def section_of(self, session: int, section: str | None) -> str:
        """The section asked for, else the session's first (a Swiss plays in one)."""
        check_sessions(self.tournament, [session])
        if section is None:
            return self.sessions[session][0]
        check_section(self.tournament, session, section)
        return section

    def card_key(self, session: int, section: str, line: str, number: int) -> str:
        """The key of the pair (or team) sitting ``line`` with ``number`` at a table, as
        its score card is addressed: ``NS3``/``EW3`` in a Mitchell, ``3`` otherwise."""
        numbering = (
            Numbering.MITCHELL if self.mitchell.get((session, section)) else Numbering.HOWELL
        )
        return pair_at(numbering, Line(line), number).key


def events(app: Traveller) -> list[Listed]:
    """Every event in the store, newest first."""
    return sorted(app.list_events(), key=lambda e: e.created, reverse=True)


def event(app: Traveller, event_id: UUID) -> Event:
    """The event's heading, links and release (its tournament, with each section's
    movement for the boards it plays)."""
    tournament = app.tournament(event_id)
    boards: dict[tuple[int, str], tuple[int, ...]] = {}
    mitchell: dict[tuple[int, str], bool] = {}
    teams = False
    for section in app.sections(event_id):
        key = (section.session, section.name)
        movement = section.movement
        boards[key] = () if movement is None else tuple(movement.boards)
        mitchell[key] = section.numbering is Numbering.MITCHELL
        teams = teams or (movement is not None and movement.kind == "teams")
    swiss = tournament.swiss
    if swiss is not None:
        teams = swiss.conditions.kind == "teams"
    return Event(
        id=tournament.id,
        name=tournament.name,
        date=None if tournament.date is None else tournament.date.isoformat(),
        club=tournament.club,
        sessions=dict(sorted(tournament.sessions.items())),
        swiss=swiss is not None,
        teams=teams,
        vp=_converts_to_vps(tournament),
        public_running=tournament.public_running,
        published=frozenset(s for s, done in tournament.publications.items() if done),
        released_sessions=frozenset(s for s in tournament.sessions if released(tournament, s)),
        tournament=tournament,
        rounds=() if swiss is None else tuple(sorted(swiss.draws)),
        boards=boards,
        mitchell=mitchell,
    )


def _converts_to_vps(tournament: Tournament) -> bool:
    swiss = tournament.swiss
    if swiss is not None:
        return True
    return bool(tournament.scoring.options.get("vp_scale"))


def standings(app: Traveller, event_id: UUID, session: int) -> dict[str, Any]:
    """A session's standings (each field, the overall ranking) as data."""
    return app.standings(event_id, session).to_json()


def is_team_field(field_data: Mapping[str, Any]) -> bool:
    """Whether a standings field ranks teams (no pair, percentage or top)."""
    return bool(field_data.get("name") == TEAMS)


def traveller(
    app: Traveller, event_id: UUID, board: int, session: int, section: str
) -> dict[str, Any]:
    """The board's traveller: every table's result and the points it earned."""
    return app.traveller(event_id, board, session=session, section=section).to_json()


def score_card(
    app: Traveller, event_id: UUID, contestant: str, session: int, section: str
) -> dict[str, Any]:
    """Every board the pair or team played: round, opponents, contract, score, points."""
    return app.score_card(event_id, contestant, session=session, section=section).to_json()


def cross_table(app: Traveller, event_id: UUID, session: int, section: str) -> dict[str, Any]:
    """A team section's round-robin cross-table as data."""
    return app.cross_table(event_id, session=session, section=section).to_json()


def swiss_standings(app: Traveller, event_id: UUID, upto: int | None) -> list[dict[str, Any]]:
    """A Swiss's standings after ``upto`` rounds (None: every round so far): each
    contestant's VPs, and its opponents and VPs round by round."""
    tournament = app.tournament(event_id)
    swiss = tournament.swiss
    kind = "teams" if swiss is None else swiss.conditions.kind
    return standings_json(app.swiss_standings(event_id, upto), kind)


def swiss_draw(app: Traveller, event_id: UUID, rnd: int) -> dict[str, Any]:
    """A Swiss round's draw with its seating: each match's table (and, for teams, its
    closed room's), a triangle's tables, the bye and the round's boards."""
    draw = app.swiss_draw(event_id, rnd)
    data = seated_draw_json(draw, app.swiss_seating(event_id, draw))
    data["section"] = swiss_section_name(app.tournament(event_id))
    data["names"] = contestant_names(app, event_id)
    return data


def contestant_names(app: Traveller, event_id: UUID) -> dict[int, str]:
    """A Swiss's contestants by number: the team's name as entered, else its players'."""
    tournament = app.tournament(event_id)
    swiss = tournament.swiss
    if swiss is None:
        return {}
    names: dict[int, str] = {}
    for number, entry_id in swiss.conditions.teams.items():
        entry = tournament.entries.get(entry_id)
        if entry is not None:
            names[number] = entry.name or " / ".join(entry.names[:2])
    return names
