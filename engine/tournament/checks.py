"""The checks a tournament's commands make before anything is written.

Each function either returns quietly (or returns the value as it will be recorded)
or raises an error from :mod:`engine.errors` whose message tells the director what
is wrong and what to do about it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from uuid import UUID

from engine.errors import (
    N_,
    Fix,
    InvalidInput,
    NotFound,
    Phrase,
    ReasonRequired,
    Rejected,
    ResultsMissing,
)
from engine.movement import EntryKind
from engine.parsing import check_name
from engine.seating import Pair
from engine.tournament.events import MissingResult, Player
from engine.tournament.state import Entry, Swiss, Tournament

# ---- plain values -----------------------------------------------------------------------


def require_text(value: str | None, message: str, field: str | None = None) -> None:
    """``value`` is not blank; else ``message`` (a template of the errors catalog), with
    the ``field`` to give as its fix."""
    if value is None or not value.strip():
        raise InvalidInput(message, fix=Fix(None, needs=(field,)) if field else ())
    check_name(value)


def require_reason(reason: str | None, what: str | Phrase, field: str = "reason") -> None:
    """A reason given for ``what`` (a phrase of the errors catalog), in ``field``."""
    if reason is None or not reason.strip():
        raise ReasonRequired(
            N_("Give a reason for %(what)s: the audit trail shows who changed what and why."),
            code="reason.required",
            fix=Fix(None, needs=(field,)),
            what=Phrase(what) if isinstance(what, str) else what,
        )


def section_names(names: Sequence[str]) -> tuple[str, ...]:
    cleaned = tuple(n.strip().upper() for n in names)
    if not cleaned or any(not n or not n.isalnum() for n in cleaned):
        raise InvalidInput(
            N_("Section names must be letters or digits, such as A or B (got %(names)s)."),
            code="section.name",
            names=list(names),
        )
    if len(set(cleaned)) != len(cleaned):
        raise InvalidInput(
            N_("A section name is given twice: %(names)s."),
            code="section.name_twice",
            names=", ".join(cleaned),
        )
    return cleaned


def parse_pair_text(text: str) -> Pair:
    try:
        pair = Pair.parse(text)
    except ValueError:
        raise InvalidInput(
            N_("%(text)s is not a pair number."),
            hint=N_("Write 5 in a Howell, NS5 or EW5 in a Mitchell."),
            code="pair.text",
            text=repr(text),
        ) from None
    if pair.number < 1:
        raise InvalidInput(N_("Pair numbers start at 1."), code="pair.number")
    return pair


# ---- entries ----------------------------------------------------------------------------

TEAM_SIZES = range(4, 7)
"""A team is four to six players (JCBL: a team of four may field up to two reserves)."""

ENTRY_WORDS: dict[EntryKind, str] = {
    "individual": N_("individual players"),
    "pairs": N_("pairs"),
    "teams": N_("teams"),
}
"""Each kind of entry as a message names it."""


def entry_kind(players: Sequence[Player]) -> EntryKind:
    """What an entry of these players is: one player, a pair or a team."""
    if len(players) == 1:
        return "individual"
    if len(players) == 2:
        return "pairs"
    if len(players) in TEAM_SIZES:
        return "teams"
    raise InvalidInput(
        N_("An entry of %(count)s players is neither a player, a pair nor a team."),
        hint=N_("Give one player for an individual, two for a pair, or four to six for a team."),
        code="entry.size",
        fix=Fix(None, needs=("player",)),
        count=len(players),
    )


def check_players(players: Sequence[Player], others: Sequence[Entry] = ()) -> None:
    """An entry's players have names, and the entry is of the section's kind."""
    kind = entry_kind(players)
    if any(not p.name.strip() for p in players):
        raise InvalidInput(
            N_("Every player of an entry needs a name."),
            hint=N_("Give each player's name (and membership number, if known)."),
            code="entry.player_name",
            fix=Fix(None, needs=("player",)),
        )
    for p in players:
        check_name(p.name)
    for other in others:
        theirs = entry_kind(other.players)
        if theirs != kind:
            raise Rejected(
                N_(
                    "Section %(section)s of session %(session)s already has %(theirs)s (entry "
                    "%(entry)s); this entry would be %(kind)s, and a section seats one kind."
                ),
                hint=N_("Register it in another section, or give the players of %(theirs)s."),
                code="entry.kind",
                fix=Fix(None, needs=("section",)),
                section=other.section,
                session=other.session,
                theirs=Phrase(ENTRY_WORDS[theirs]),
                entry=other.id,
                kind=Phrase(ENTRY_WORDS[kind]),
            )


def find_entry(tournament: Tournament, entry: str) -> Entry:
    found = tournament.entries.get(entry)
    if found is None:
        raise NotFound(
            N_("There is no entry %(entry)s."),
            hint=N_("See the entries."),
            code="entry.not_found",
            fix=Fix("entry.list"),
            entry=repr(entry),
        )
    return found


def player_place(entry: Entry, player: str) -> int:
    """The place (from 1) in ``entry`` of the player given by place or by name (spaces
    and case aside)."""
    text = " ".join(player.split())
    if text.isascii() and text.isdigit():  # "²".isdigit() too, and int() refuses it
        place = int(text) if len(text) < 10 else 0
        if not 1 <= place <= len(entry.players):
            raise InvalidInput(
                N_("Entry %(entry)s has %(players)s players, not a player %(place)s."),
                hint=N_("Give the player's place in the entry (1 to %(players)s) or name."),
                code="player.place",
                entry=entry.id,
                players=len(entry.players),
                place=place,
            )
        return place
    named = [i for i, p in enumerate(entry.players, 1) if p.name.casefold() == text.casefold()]
    if len(named) != 1:
        raise NotFound(
            N_("Entry %(entry)s has no player named %(player)s.")
            if not named
            else N_("Entry %(entry)s has more than one player named %(player)s."),
            hint=N_("Its players: %(players)s. Give the place or the name."),
            code="player.not_found" if not named else "player.ambiguous",
            entry=entry.id,
            player=repr(player),
            players=", ".join(f"{i} {p.name}" for i, p in enumerate(entry.players, 1)),
        )
    return named[0]


# ---- sessions and sections --------------------------------------------------------------


def check_sessions(tournament: Tournament, sessions: Sequence[int]) -> None:
    missing = [s for s in sessions if s not in tournament.sessions]
    if missing:
        known = ", ".join(str(s) for s in sorted(tournament.sessions)) or Phrase(N_("none"))
        raise NotFound(
            N_("Event %(event)s has no session %(session)s."),
            hint=N_("Its sessions are %(known)s. Add one first."),
            code="session.not_found",
            fix=Fix("session.add"),
            event=repr(tournament.name),
            session=", ".join(map(str, missing)),
            known=known,
        )


def check_section(tournament: Tournament, session: int, name: str) -> None:
    """The session and its section exist."""
    check_sessions(tournament, [session])
    if name not in tournament.sessions[session]:
        known = ", ".join(tournament.sessions[session])
        raise NotFound(
            N_("Session %(session)s of %(event)s has no section %(section)s."),
            hint=N_("Its sections are %(known)s."),
            code="section.not_found",
            session=session,
            event=repr(tournament.name),
            section=repr(name),
            known=known,
        )


def event_option(event_id: UUID) -> str:
    """How a hint names the event: the start of its id, as ``--event`` takes it."""
    return str(event_id)[:8]


def check_open(tournament: Tournament, session: int) -> None:
    if session in tournament.closed:
        raise Rejected(
            N_("Session %(session)s is closed: no new results can be added."),
            hint=N_(
                "To add one, reopen it first. A result already recorded can be corrected "
                "without reopening."
            ),
            code="session.closed",
            fix=(
                Fix(
                    "session.reopen",
                    fields={"event": event_option(tournament.id), "session": session},
                    needs=("reason",),
                ),
                Fix("result.correct"),
            ),
            session=session,
        )


def missing_lines(missing: Sequence[MissingResult]) -> list[str]:
    """The missing results as a director reads them: one line per table and round,
    section by section (``section A, round 5: NS 1 v EW 4, boards 13, 14, 15``)."""
    tables: dict[tuple[str, int, int, int], list[int]] = {}
    for m in missing:
        tables.setdefault((m.section, m.round, m.ns, m.ew), []).append(m.board)
    return [
        f"section {section}, round {rnd}: NS {ns} v EW {ew}, "
        + ("board " if len(boards) == 1 else "boards ")
        + ", ".join(str(b) for b in sorted(boards))
        for (section, rnd, ns, ew), boards in sorted(tables.items())
    ]


def check_can_close(
    tournament: Tournament, session: int, missing: Sequence[MissingResult], reason: str | None
) -> None:
    """A session closes once; with results missing, only for a reason (what was missing
    is kept with it)."""
    check_sessions(tournament, [session])
    if session in tournament.closed:
        raise Rejected(
            N_("Session %(session)s is already closed."),
            code="session.already_closed",
            session=session,
        )
    if missing and (reason is None or not reason.strip()):
        raise ResultsMissing(
            N_(
                "Session %(session)s still lacks 1 result that the movement schedules; "
                "closing it now would leave it out of the standings."
            )
            if len(missing) == 1
            else N_(
                "Session %(session)s still lacks %(count)s results that the movement "
                "schedules; closing it now would leave them out of the standings."
            ),
            problems=missing_lines(missing),
            hint=N_(
                "Enter them or adjust them first, or close all the same with a reason (the "
                "reason and what was missing are kept in the audit trail)."
            ),
            code="session.results_missing",
            fix=(Fix("result.add"), Fix("adjust"), Fix(None, needs=("reason",))),
            session=session,
            count=len(missing),
        )


def check_can_reopen(tournament: Tournament, session: int, reason: str | None) -> None:
    """Only a closed session reopens, and only for a reason."""
    check_sessions(tournament, [session])
    if session not in tournament.closed:
        raise Rejected(
            N_("Session %(session)s is not closed."),
            hint=N_("Its results can be entered."),
            code="session.not_closed",
            session=session,
        )
    require_reason(reason, N_("reopening a session"))


def check_closed(tournament: Tournament, session: int) -> None:
    """Standings are published only once no result can change them unseen."""
    if session not in tournament.closed:
        raise Rejected(
            N_("Session %(session)s is still open."),
            hint=N_(
                "Close it first; results entered after publishing would silently change "
                "published standings."
            ),
            code="session.open",
            fix=Fix("session.close", fields={"session": session}),
            session=session,
        )


# ---- ranking and stages -----------------------------------------------------------------


def stage_sessions(tournament: Tournament, stage: str) -> tuple[int, ...]:
    """The sessions of a defined stage, all of them already added."""
    found = tournament.ranking.stages.get(stage)
    if found is None:
        known = ", ".join(tournament.ranking.stages) or Phrase(N_("none"))
        raise NotFound(
            N_("Event %(event)s has no stage %(stage)s."),
            hint=N_("Its stages are %(known)s. Define one first."),
            code="stage.not_found",
            fix=Fix("stage.define"),
            event=repr(tournament.name),
            stage=repr(stage),
            known=known,
        )
    check_sessions(tournament, found)
    return found


def check_stage(tournament: Tournament, stage: str, sessions: Sequence[int]) -> tuple[int, ...]:
    """A stage's name and sessions as they will be recorded: checked, sorted."""
    stage = stage.strip()  # compared as it is recorded
    if not stage:
        raise InvalidInput(
            N_("The stage needs a name."),
            hint=N_("For example qualifying or final."),
            code="stage.name",
        )
    chosen = tuple(sorted(set(sessions)))
    if not chosen or chosen[0] < 1:
        raise InvalidInput(
            N_("A stage is made of one or more sessions, numbered from 1."),
            hint=N_("Give its sessions, for example 1,2."),
            code="stage.sessions",
            fix=Fix(None, fields={"sessions": "1,2"}),
        )
    check_sessions(tournament, chosen)
    for other, theirs in tournament.ranking.stages.items():
        shared = sorted(set(theirs) & set(chosen))
        if other != stage and shared:
            raise Rejected(
                N_("Session %(sessions)s is already part of stage %(stage)s."),
                hint=N_("A session belongs to one stage; redefine that stage first."),
                code="stage.session_taken",
                sessions=", ".join(map(str, shared)),
                stage=repr(other),
            )
    return chosen


def check_flights(tournament: Tournament, flights: Mapping[str, str]) -> dict[str, str]:
    """Flights as they will be recorded: known entries, each in a flight A to Z."""
    if not flights:
        raise InvalidInput(
            N_("No entry was given a flight."),
            hint=N_("Write ENTRY=FLIGHT, e.g. E3=B."),
            code="flight.none",
        )
    checked = {}
    for entry, flight in flights.items():
        find_entry(tournament, entry)
        letter = flight.strip().upper()
        if len(letter) != 1 or not "A" <= letter <= "Z":
            raise InvalidInput(
                N_("%(flight)s is not a flight."),
                hint=N_("Flights are letters: A is the top flight, then B, C …"),
                code="flight.letter",
                flight=repr(flight),
            )
        checked[entry] = letter
    return checked


def swiss_of(tournament: Tournament) -> Swiss:
    """The event's Swiss record, or a clear refusal when it is not run as a Swiss."""
    if tournament.swiss is None:
        raise Rejected(
            N_("%(event)s is not run as a Swiss."),
            hint=N_("Record its conditions first: the rounds and the boards per round."),
            code="swiss.not_started",
            fix=Fix(
                "swiss.start",
                fields={"event": event_option(tournament.id)},
                needs=("rounds", "boards_per_round"),
            ),
            event=tournament.name,
        )
    return tournament.swiss
