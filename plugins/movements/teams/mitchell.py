"""Mitchell teams: the club-director guide's MITCHELL TEAMS.

An even number of teams sits in two equal rows, numbered as for a Mitchell: row one
holds tables 1 to ``k``, row two tables ``k + 1`` to ``2k``, and team ``n`` starts at
table ``n``. Tables ``i`` and ``k + i`` face each other and share their boards. To start,
the EW pairs of facing tables swap, so the first round is a match between teams ``i``
and ``k + i``. At each move the EW pairs in row one and the NS pairs in row two go up one
table, staying in their row, and the boards go down one. The teams of row one never
move; each meets the teams of row two in turn.

With ``k`` odd that is ``k`` rounds. With ``k`` even the moving teams would come back to
boards they have played after ``k / 2`` rounds, so — as in a skip Mitchell — they skip one
table there and play ``k - 1`` rounds. Every round completes its matches, so play may stop
after any round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    Numbering,
    Pair,
    board_set,
    equal_stops,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_
from plugins.movements.teams.common import SessionBoards, on_circle


class MitchellTeamsOptions(SessionBoards):
    """How a Mitchell teams is played."""

    rounds: int | None = Field(
        default=None, ge=1, description="Play fewer rounds than the full movement (curtail)."
    )


class MitchellTeams:
    """Mitchell teams: two rows of teams, each team of one row meeting those of the other.

    For an even number of teams, 4 or more. Tables are numbered as for a Mitchell, row one
    1 to half and row two the rest; facing tables share their boards. The first match is
    between facing teams; then the EW pairs in row one and the NS pairs in row two move
    up one table and the boards down one, so the teams of row one stay put. Half the
    number of teams rounds when that half is odd, one fewer (with a skip at half way) when
    it is even. Teams of the same row do not meet; play may stop after any round.
    """

    name: ClassVar[str] = "mitchell-teams"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = MitchellTeamsOptions

    def build(self, tables: int, options: MitchellTeamsOptions | None = None) -> Movement:
        """The Mitchell teams for ``tables`` teams (one table each)."""
        opts = options or MitchellTeamsOptions()
        if tables < 4 or tables % 2:
            raise InvalidMovement(
                N_(
                    "A Mitchell teams needs an even number of teams, at least 4, not %(tables)s: "
                    "the teams sit in two equal rows."
                ),
                hint=N_("Add or remove a team, or play an American Whist or a round robin."),
                code="mitchell_teams.tables",
                tables=tables,
            )
        row = tables // 2
        full = row if row % 2 else row - 1
        rounds = full if opts.rounds is None else opts.rounds
        if rounds > full:
            raise InvalidMovement(
                N_("A Mitchell teams for %(tables)s teams has %(full)s rounds, not %(rounds)s."),
                hint=N_("Give at most %(full)s rounds."),
                code="mitchell_teams.rounds",
                tables=tables,
                full=full,
                rounds=rounds,
            )
        per_round = opts.per_round(rounds)
        schedule = _schedule(row, rounds, per_round, opts.first_board)
        movement = Movement(
            family=self.name,
            kind="teams",
            tables=tables,
            rounds=rounds,
            boards_per_round=per_round,
            numbering=Numbering.MITCHELL,
            schedule=tuple(schedule),
            relays=relays_of(schedule),
            stationary=tuple(Pair(t, line) for line in Line for t in range(1, row + 1)),
            curtail_after=equal_stops(schedule, rounds, teams=True),
            description=(
                f"Mitchell teams, {tables} teams in two rows of {row}: {rounds} rounds of "
                f"{per_round} boards; facing tables share boards; EW in row one and NS in "
                "row two up one table, boards down one"
                + (
                    f", the movers skipping a table after round {row // 2}."
                    if row % 2 == 0
                    else "."
                )
            ),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)


def _schedule(row: int, rounds: int, per_round: int, first_board: int) -> list[Encounter]:
    """Round ``r``: table ``i`` plays set ``i + r - 1``; the movers have gone up ``j`` tables."""

    out: list[Encounter] = []
    for r in range(1, rounds + 1):
        moved = r - 1 + (1 if row % 2 == 0 and r > row // 2 else 0)
        for i in range(1, row + 1):
            boards = board_set(on_circle(i + r - 1, row), per_round, first_board)
            mover = row + on_circle(i - moved, row)
            out.append(Encounter(round=r, table=i, ns=i, ew=mover, boards=boards))
            out.append(Encounter(round=r, table=row + i, ns=mover, ew=i, boards=boards))
    out.sort(key=lambda e: (e.round, e.table))
    return out


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the Mitchell teams."""
    register(MitchellTeams())
