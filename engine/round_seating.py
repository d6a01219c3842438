"""Who sits where in one round of a section: each table's pairs (or players), the boards
they play and the names of those sitting there that round (a substitute from the round
they came in), as the director calls the move and the public pages show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import N_, InvalidInput, NotFound
from engine.lineup import players_at
from engine.movement import Encounter
from engine.seating import Pair
from engine.section.state import Section
from engine.tournament.state import Tournament


@dataclass(frozen=True)
class SeatedTable:
    """One table of the round: who sits NS and EW, and the boards they play."""

    table: int
    ns: str
    """The pair numbered NS at the table (``NS3``; in a Howell ``3``)."""
    ew: str
    boards: tuple[int, ...]
    names_ns: tuple[str, ...]
    """Who sits for ``ns`` this round (empty for the phantom: its opponents sit out)."""
    names_ew: tuple[str, ...]
    arrow_switch: bool = False
    """The boards are turned: the EW pair plays them as NS."""
    players: tuple[int, int, int, int] | None = None
    """In an individual, the players sitting North, East, South and West."""

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "boards": list(self.boards),
            "names_ns": list(self.names_ns),
            "names_ew": list(self.names_ew),
            "arrow_switch": self.arrow_switch,
            "players": None if self.players is None else list(self.players),
        }


@dataclass(frozen=True)
class RoundSeating:
    """A round of a section, table by table."""

    session: int
    section: str
    round: int
    rounds: int
    tables: tuple[SeatedTable, ...]
    phantom: str | None = None
    """The empty pair number (its opponents sit the round out), if any."""

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "section": self.section,
            "round": self.round,
            "rounds": self.rounds,
            "phantom": self.phantom,
            "tables": [t.to_json() for t in self.tables],
        }


def round_seating(tournament: Tournament, section: Section, round: int) -> RoundSeating:
    """Each table of ``round`` of ``section``'s movement, with the names seated there."""
    movement = section.movement
    if movement is None:
        raise NotFound(
            N_(
                "Section %(section)s of session %(session)s has no movement yet, so "
                "nobody is seated."
            ),
            hint=N_("Assign the section a movement first."),
            code="seating.no_movement",
            section=section.name,
            session=section.session,
        )
    if not 1 <= round <= movement.rounds:
        raise InvalidInput(
            N_("Section %(section)s plays rounds 1 to %(rounds)s; there is no round %(round)s."),
            hint=N_("Give a round from 1 to %(rounds)s."),
            code="round.beyond_movement",
            section=section.name,
            rounds=movement.rounds,
            round=round,
        )

    def names(pair: Pair) -> tuple[str, ...]:
        if pair == section.phantom:
            return ()
        return tuple(p.name for p in players_at(tournament, section, pair, round))

    def seated(e: Encounter) -> SeatedTable:
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        if e.players is not None:  # an individual: North-South and East-West players
            north, east, south, west = (Pair(p) for p in e.players)
            ns_names, ew_names = names(north) + names(south), names(east) + names(west)
        else:
            ns_names, ew_names = names(ns), names(ew)
        return SeatedTable(
            table=e.table,
            ns=ns.key,
            ew=ew.key,
            boards=e.boards,
            names_ns=ns_names,
            names_ew=ew_names,
            arrow_switch=e.arrow_switch,
            players=e.players,
        )

    return RoundSeating(
        session=section.session,
        section=section.name,
        round=round,
        rounds=movement.rounds,
        tables=tuple(seated(e) for e in sorted(movement.round(round), key=lambda e: e.table)),
        phantom=None if section.phantom is None else section.phantom.key,
    )
