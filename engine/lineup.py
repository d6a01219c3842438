"""Who played for an entry in a session: its players as put right since they registered,
and the substitutes who came in for them.

A substitute changes who sat at the table, never whose score it is: the pair (or team)
keeps its result and its place in the pair rankings, and the totals over several
sessions count it as the same contestant. Where players are ranked one by one (an
individual, or an event ranking players), the score of a seat goes to whoever played
most of its boards that session — the regular player, or the substitute who replaced
them for more than half — a tie going to the one who played first (the usual practice
of masterpoint rules, which credit the player who played the majority of the boards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.seating import Pair
from engine.section.seats import seated_entry
from engine.section.state import Section
from engine.tournament.events import Player
from engine.tournament.state import Tournament


@dataclass(frozen=True)
class SubstituteShown:
    """A substitute as the standings show it: for whom, who, from which round."""

    player: str
    substitute: str
    from_round: int

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "substitute": self.substitute, "from_round": self.from_round}

    def __str__(self) -> str:
        since = "" if self.from_round == 1 else f" from round {self.from_round}"
        return f"{self.substitute} for {self.player}{since}"


def pair_rounds(section: Section, pair: Pair) -> list[int | None]:
    """The round of each board ``pair`` plays in the section: as the movement schedules
    it (the phantom's tables left out), else as its results say (None where not said)."""
    movement = section.movement
    if movement is None:
        return [
            None if t.result is None else t.result.round
            for t in section.tables.values()
            if pair in (t.ns, t.ew)
        ]
    return [
        e.round
        for e in movement.schedule
        if pair in (movement.ns_pair(e), movement.ew_pair(e))
        and section.phantom not in (movement.ns_pair(e), movement.ew_pair(e))
        for _ in e.boards
    ]


def credited_players(tournament: Tournament, section: Section, pair: Pair) -> tuple[Player, ...]:
    """The players credited with the score of the entry at ``pair`` in the section's
    session (none for a pair no entry sits at)."""
    entry = seated_entry(tournament, section, pair)
    if entry is None:
        return ()
    if not entry.substitutes_in(section.session):
        return entry.players
    return entry.credited(section.session, pair_rounds(section, pair))


def substitutes_of(
    tournament: Tournament, section: Section, pair: Pair
) -> tuple[SubstituteShown, ...]:
    """The substitutes who played for the entry at ``pair`` in the section's session."""
    entry = seated_entry(tournament, section, pair)
    if entry is None:
        return ()
    return tuple(
        SubstituteShown(entry.players[s.player - 1].name, s.substitute.name, s.from_round)
        for s in sorted(entry.substitutes_in(section.session), key=lambda s: s.from_round)
    )


def players_at(
    tournament: Tournament, section: Section, pair: Pair, round: int | None
) -> tuple[Player, ...]:
    """Who sat for the entry at ``pair`` in ``round`` of the section (none: no entry)."""
    entry = seated_entry(tournament, section, pair)
    return () if entry is None else entry.players_at(section.session, round)
