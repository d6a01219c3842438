"""The checks a tournament's commands make before anything is written.

Each function either returns quietly (or returns the value as it will be recorded)
or raises an error from :mod:`engine.errors` whose message tells the director what
is wrong and what to do about it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from uuid import UUID

from engine.errors import InvalidInput, NotFound, ReasonRequired, Rejected, ResultsMissing
from engine.movement import EntryKind
from engine.seating import Pair
from engine.tournament.events import MissingResult, Player
from engine.tournament.state import Entry, Swiss, Tournament

# ---- plain values -----------------------------------------------------------------------


def require_text(value: str | None, message: str) -> None:
    if value is None or not value.strip():
        raise InvalidInput(message)


def require_reason(reason: str | None, what: str) -> None:
    if reason is None or not reason.strip():
        raise ReasonRequired(
            f"Give a reason for {what}: the audit trail shows who changed what and why.",
            hint='Add --reason "...".',
        )


def section_names(names: Sequence[str]) -> tuple[str, ...]:
    cleaned = tuple(n.strip().upper() for n in names)
    if not cleaned or any(not n or not n.isalnum() for n in cleaned):
        raise InvalidInput(
            f"Section names must be letters or digits, such as A or B (got {list(names)})."
        )
    if len(set(cleaned)) != len(cleaned):
        raise InvalidInput(f"A section name is given twice: {', '.join(cleaned)}.")
    return cleaned


def parse_pair_text(text: str) -> Pair:
    try:
        pair = Pair.parse(text)
    except ValueError:
        raise InvalidInput(
            f"{text!r} is not a pair number.", hint="Write 5 in a Howell, NS5 or EW5 in a Mitchell."
        ) from None
    if pair.number < 1:
        raise InvalidInput("Pair numbers start at 1.")
    return pair


# ---- entries ----------------------------------------------------------------------------

TEAM_SIZES = range(4, 7)
"""A team is four to six players (JCBL: a team of four may field up to two reserves)."""

ENTRY_WORDS: dict[EntryKind, str] = {
    "individual": "individual players",
    "pairs": "pairs",
    "teams": "teams",
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
        f"An entry of {len(players)} players is neither a player, a pair nor a team.",
        hint="Give --player once for an individual, twice for a pair, or four to six "
        "times for a team.",
    )


def check_players(players: Sequence[Player], others: Sequence[Entry] = ()) -> None:
    """An entry's players have names, and the entry is of the section's kind."""
    kind = entry_kind(players)
    if any(not p.name.strip() for p in players):
        raise InvalidInput(
            "Every player of an entry needs a name.",
            hint="Give --player NAME for each player (with --member NUMBER for each if known).",
        )
    for other in others:
        theirs = entry_kind(other.players)
        if theirs != kind:
            raise Rejected(
                f"Section {other.section} of session {other.session} already has "
                f"{ENTRY_WORDS[theirs]} (entry {other.id}); this entry would be "
                f"{ENTRY_WORDS[kind]}, and a section seats one kind.",
                hint=f"Register it in another section (--section), or give the players of "
                f"{ENTRY_WORDS[theirs]}.",
            )


def find_entry(tournament: Tournament, entry: str) -> Entry:
    found = tournament.entries.get(entry)
    if found is None:
        raise NotFound(
            f"There is no entry {entry!r}.", hint="See the entries with `traveller entry list`."
        )
    return found


def player_place(entry: Entry, player: str) -> int:
    """The place (from 1) in ``entry`` of the player given by place or by name (spaces
    and case aside)."""
    text = " ".join(player.split())
    if text.isdigit():
        place = int(text)
        if not 1 <= place <= len(entry.players):
            raise InvalidInput(
                f"Entry {entry.id} has {len(entry.players)} players, not a player {place}.",
                hint=f"Give the player's place in the entry (1 to {len(entry.players)}) or name.",
            )
        return place
    named = [i for i, p in enumerate(entry.players, 1) if p.name.casefold() == text.casefold()]
    if len(named) != 1:
        raise NotFound(
            f"Entry {entry.id} has {'no' if not named else 'more than one'} player "
            f"named {player!r}.",
            hint="Its players: "
            + ", ".join(f"{i} {p.name}" for i, p in enumerate(entry.players, 1))
            + ". Give the place or the name.",
        )
    return named[0]


# ---- sessions and sections --------------------------------------------------------------


def check_sessions(tournament: Tournament, sessions: Sequence[int]) -> None:
    missing = [s for s in sessions if s not in tournament.sessions]
    if missing:
        known = ", ".join(str(s) for s in sorted(tournament.sessions)) or "none"
        raise NotFound(
            f"Event {tournament.name!r} has no session {', '.join(map(str, missing))}.",
            hint=f"Its sessions are {known}. Add one with `traveller session add`.",
        )


def check_section(tournament: Tournament, session: int, name: str) -> None:
    """The session and its section exist."""
    check_sessions(tournament, [session])
    if name not in tournament.sessions[session]:
        known = ", ".join(tournament.sessions[session])
        raise NotFound(
            f"Session {session} of {tournament.name!r} has no section {name!r}.",
            hint=f"Its sections are {known}.",
        )


def event_option(event_id: UUID) -> str:
    """How a hint names the event: the start of its id, as ``--event`` takes it."""
    return str(event_id)[:8]


def check_open(tournament: Tournament, session: int) -> None:
    if session in tournament.closed:
        raise Rejected(
            f"Session {session} is closed: no new results can be added.",
            hint="To add one, reopen it first: `traveller session reopen --event "
            f"{event_option(tournament.id)} --session {session} "
            '--reason "..."`. A result already recorded can be corrected without reopening '
            "(`traveller result correct`).",
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
        raise Rejected(f"Session {session} is already closed.")
    if missing and (reason is None or not reason.strip()):
        count = f"{len(missing)} result" + ("" if len(missing) == 1 else "s")
        raise ResultsMissing(
            f"Session {session} still lacks {count} that the movement schedules; "
            "closing it now would leave them out of the standings.",
            problems=missing_lines(missing),
            hint="Enter them (`traveller result add`) or adjust them (`traveller adjust`) "
            'first, or close all the same with --reason "..." (the reason and what was '
            "missing are kept in the audit trail).",
        )


def check_can_reopen(tournament: Tournament, session: int, reason: str | None) -> None:
    """Only a closed session reopens, and only for a reason."""
    check_sessions(tournament, [session])
    if session not in tournament.closed:
        raise Rejected(f"Session {session} is not closed.", hint="Its results can be entered.")
    require_reason(reason, "reopening a session")


def check_closed(tournament: Tournament, session: int) -> None:
    """Standings are published only once no result can change them unseen."""
    if session not in tournament.closed:
        raise Rejected(
            f"Session {session} is still open.",
            hint="Close it first with `traveller session close`; results entered "
            "after publishing would silently change published standings.",
        )


# ---- ranking and stages -----------------------------------------------------------------


def stage_sessions(tournament: Tournament, stage: str) -> tuple[int, ...]:
    """The sessions of a defined stage, all of them already added."""
    found = tournament.ranking.stages.get(stage)
    if found is None:
        known = ", ".join(tournament.ranking.stages) or "none"
        raise NotFound(
            f"Event {tournament.name!r} has no stage {stage!r}.",
            hint=f"Its stages are {known}. Define one with `traveller stage define`.",
        )
    check_sessions(tournament, found)
    return found


def check_stage(tournament: Tournament, stage: str, sessions: Sequence[int]) -> tuple[int, ...]:
    """A stage's name and sessions as they will be recorded: checked, sorted."""
    stage = stage.strip()  # compared as it is recorded
    if not stage:
        raise InvalidInput("The stage needs a name.", hint="For example qualifying or final.")
    chosen = tuple(sorted(set(sessions)))
    if not chosen or chosen[0] < 1:
        raise InvalidInput(
            "A stage is made of one or more sessions, numbered from 1.",
            hint="For example --sessions 1,2.",
        )
    check_sessions(tournament, chosen)
    for other, theirs in tournament.ranking.stages.items():
        shared = sorted(set(theirs) & set(chosen))
        if other != stage and shared:
            raise Rejected(
                f"Session {', '.join(map(str, shared))} is already part of stage {other!r}.",
                hint="A session belongs to one stage; redefine that stage first.",
            )
    return chosen


def check_flights(tournament: Tournament, flights: Mapping[str, str]) -> dict[str, str]:
    """Flights as they will be recorded: known entries, each in a flight A to Z."""
    if not flights:
        raise InvalidInput("No entry was given a flight.", hint="Write ENTRY=FLIGHT, e.g. E3=B.")
    checked = {}
    for entry, flight in flights.items():
        find_entry(tournament, entry)
        letter = flight.strip().upper()
        if len(letter) != 1 or not "A" <= letter <= "Z":
            raise InvalidInput(
                f"{flight!r} is not a flight.",
                hint="Flights are letters: A is the top flight, then B, C …",
            )
        checked[entry] = letter
    return checked


def swiss_of(tournament: Tournament) -> Swiss:
    """The event's Swiss record, or a clear refusal when it is not run as a Swiss."""
    if tournament.swiss is None:
        raise Rejected(
            f"{tournament.name} is not run as a Swiss.",
            hint="Record its conditions first: `traveller swiss start --event ID --rounds R "
            "--boards-per-round B`.",
        )
    return tournament.swiss
