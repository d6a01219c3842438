"""The checks a tournament's commands make before anything is written.

Each function either returns quietly (or returns the value as it will be recorded)
or raises an error from :mod:`engine.errors` whose message tells the director what
is wrong and what to do about it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.errors import InvalidInput, NotFound, ReasonRequired, Rejected
from engine.movement import EntryKind
from engine.seating import Pair
from engine.tournament.events import Player
from engine.tournament.state import Entry, Tournament

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


def check_open(tournament: Tournament, session: int) -> None:
    if session in tournament.closed:
        raise Rejected(
            f"Session {session} is closed: no new results can be added.",
            hint="A wrong result can still be put right with `traveller result correct`.",
        )


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
    if not stage.strip():
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
