"""What a table's device shows: its table in the round in play, as the movement seats it.

The pairs at the table (the pair holding the NS cards first: on arrow-switched boards
the pair numbered EW), their names that round, the boards to play with the results
already recorded, and what the movement says of the table this round: boards shared
with other tables (a relay), the phantom's opponents sitting out, a rover, a team
match's home and visiting teams. A read model: it records nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from engine.movement import Encounter
from engine.round_seating import round_seating
from engine.seating import Pair
from engine.section.results import Result
from engine.section.state import Section
from engine.tournament.state import Device, TableEntry, Tournament

RoundStatus = Literal["waiting", "playing", "ended", "over", "no_movement"]
"""Where the device's section is: no round started yet, a round in play, a round ended
and the next not started, every round played, or no movement assigned."""


@dataclass(frozen=True)
class BoardAtTable:
    """One board of the table's round and its result, if one is recorded."""

    board: int
    result: Result | None = None
    ruled: bool = False
    """The director gave the table a score on the board (an adjusted or assigned score):
    there is nothing for the table to enter."""

    @property
    def done(self) -> bool:
        return self.result is not None or self.ruled

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "done": self.done,
            "ruled": self.ruled,
            "result": None if self.result is None else self.result.model_dump(),
        }


@dataclass(frozen=True)
class TablePlay:
    """The pairs at the table and the boards they play (the numbers a result gives)."""

    ns: int
    """The number of the pair holding the NS cards, as a result of the table names it."""
    ew: int
    names_ns: tuple[str, ...]
    names_ew: tuple[str, ...]
    boards: tuple[BoardAtTable, ...]
    arrow_switch: bool = False
    """The boards are turned: the pair numbered EW in the schedule plays them NS."""
    relay_with: tuple[int, ...] = ()
    """The other tables that share these boards this round."""
    sits_out: bool = False
    """The opponents are the phantom: the pair at the table sits this round out."""
    rover: str | None = None
    """The pair at the table that roves (``NS7``), if one does."""
    home_team: int | None = None
    """In a team movement: the team at home at this table (its NS pair), and the visitors."""
    visiting_team: int | None = None

    @property
    def sent(self) -> int:
        """How many of the boards have a result."""
        return sum(1 for b in self.boards if b.done)

    def to_json(self) -> dict[str, Any]:
        return {
            "ns": self.ns,
            "ew": self.ew,
            "names_ns": list(self.names_ns),
            "names_ew": list(self.names_ew),
            "boards": [b.to_json() for b in self.boards],
            "arrow_switch": self.arrow_switch,
            "relay_with": list(self.relay_with),
            "sits_out": self.sits_out,
            "rover": self.rover,
            "home_team": self.home_team,
            "visiting_team": self.visiting_team,
        }


@dataclass(frozen=True)
class TableRound:
    """A device's table in its section's current round (see :data:`RoundStatus`)."""

    device: str
    session: int
    section: str
    table: int
    table_name: str
    status: RoundStatus
    round: int | None
    """The round shown: the one in play, just ended, or (before any) the first."""
    rounds: int | None
    plays: tuple[TablePlay, ...]
    """What the table plays in :attr:`round` (none: the table is empty that round)."""
    settings: TableEntry

    @property
    def open(self) -> bool:
        """Whether the device may send results now."""
        return self.status == "playing"

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "session": self.session,
            "section": self.section,
            "table": self.table,
            "table_name": self.table_name,
            "status": self.status,
            "open": self.open,
            "round": self.round,
            "rounds": self.rounds,
            "plays": [p.to_json() for p in self.plays],
            "settings": {
                "ew_confirmation": self.settings.ew_confirmation,
                "opening_lead": self.settings.opening_lead.value,
                "traveller_after": self.settings.traveller_after,
            },
        }


def status_of(section: Section) -> tuple[RoundStatus, int | None]:
    """Where the section's play is, and the round a table shows."""
    movement = section.movement
    if movement is None:
        return "no_movement", None
    current = section.current_round
    if current is None:
        return "waiting", 1
    if current not in section.rounds_ended:
        return "playing", current
    return ("over" if current >= movement.rounds else "ended"), current


def table_round(tournament: Tournament, section: Section, device: Device) -> TableRound:
    """What ``device``'s table plays in its section's current round, and what it sent."""
    status, shown = status_of(section)
    plays: tuple[TablePlay, ...] = ()
    if section.movement is not None and shown is not None:
        movement = section.movement
        seating = round_seating(tournament, section, shown)
        names = {t.table: t for t in seating.tables}

        def play(e: Encounter) -> TablePlay:
            seated = names[e.table]
            ns, ew = movement.cards(e)
            names_ns, names_ew = seated.names_ns, seated.names_ew
            if e.arrow_switch:
                names_ns, names_ew = names_ew, names_ns
            relay = next(
                (r for r in movement.relays if r.round == shown and e.table in r.tables), None
            )
            rover = next(
                (p.key for p in movement.rovers if p in (movement.ns_pair(e), movement.ew_pair(e))),
                None,
            )
            teams = movement.kind == "teams"
            boards = tuple(_board_at(section, b, ns, ew) for b in e.boards)
            return TablePlay(
                ns=ns.number,
                ew=ew.number,
                names_ns=names_ns,
                names_ew=names_ew,
                boards=boards,
                arrow_switch=e.arrow_switch,
                relay_with=() if relay is None else tuple(t for t in relay.tables if t != e.table),
                sits_out=section.phantom is not None and section.phantom in (ns, ew),
                rover=rover,
                home_team=movement.ns_pair(e).number if teams else None,
                visiting_team=movement.ew_pair(e).number if teams else None,
            )

        plays = tuple(play(e) for e in movement.round(shown) if e.table == device.table)
    return TableRound(
        device=device.id,
        session=section.session,
        section=section.name,
        table=device.table,
        table_name=device.table_name,
        status=status,
        round=shown,
        rounds=None if section.movement is None else section.movement.rounds,
        plays=plays,
        settings=tournament.table_entry,
    )


def _board_at(section: Section, board: int, ns: Pair, ew: Pair) -> BoardAtTable:
    """``board`` at the table of ``ns`` and ``ew`` with what is recorded for it."""
    entry = section.entry_for(board, ns)
    if entry is None or entry.ew != ew:
        return BoardAtTable(board)
    return BoardAtTable(board, entry.result, ruled=entry.result is None)
