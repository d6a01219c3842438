"""What the team movements share: the boards of a session, home tables on a circle,
board-a-match plans, the teams rule.

Every team movement here seats a team's North-South pair at its home table for the
whole session (NS ``n`` sits at table ``n``) while its East-West pair travels, so a
schedule is written in Mitchell numbering: NS ``n`` and EW ``n`` are the two pairs of
team ``n``. Teammates never meet, and a board one pair of a team plays against some
team, the other pair plays against the same team: that is what lets a board-a-match
(or a team match) compare them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pydantic import Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    Numbering,
    Pair,
    board_set,
    equal_stops,
    relays_of,
)
from engine.errors import N_

SESSION_BOARDS = 24
"""A team session plays at least 24 boards (JCBL competition rules, appendix 1, note to
4); BAMS.033 too: "In general, only 24 boards will be played"."""


class SessionBoards(BoardOptions):
    """The boards of a team movement: enough for a 24-board session unless told."""

    boards_per_round: BoardsPerRound | None = Field(
        default=None,
        description="Boards in each set; by default enough for 24 boards in the session.",
    )

    def per_round(self, sets: int, boards: int = SESSION_BOARDS) -> int:
        """Boards in each set: as given, or enough for ``boards`` over ``sets`` sets."""
        return self.boards_per_round or math.ceil(boards / sets)


BoardSet = Callable[[int], tuple[int, ...]]
"""Set number (1-based) → the boards of that set."""


def on_circle(number: int, size: int) -> int:
    """``number`` taken round a circle of places 1..size: table 0 is table ``size``."""
    return (number - 1) % size + 1


def sets_of(boards_per_round: int, first_board: int) -> BoardSet:
    """The board sets of a session: set 1 is the first ``boards_per_round`` boards, and so on."""
    return lambda number: board_set(number, boards_per_round, first_board)


class Move(NamedTuple):
    """How many tables the East-West pairs and the boards move down before a round."""

    pairs: int
    boards: int

    def __str__(self) -> str:
        return f"EW pairs down {self.pairs}, boards down {self.boards}"


NORMAL = Move(2, 1)
"""The regular team movement's move: boards to the next lower table, EW skip one table lower."""
SKIPS = (Move(3, 1), Move(3, 2))
"""The first and the second skip of an ``a-b-c`` movement (BAMS.033 page 9, "2-10-2")."""


@dataclass(frozen=True)
class Plan:
    """A board-a-match movement as BAMS.033 writes it: runs of regular rounds between skips.

    ``segments`` is ``(rounds,)`` for the regular team movement ("RTM") or ``(a, b, c)``
    for an ``a-b-c`` movement: ``a`` regular rounds, a skip (EW down three, boards down
    one), ``b`` rounds, a second skip (EW down three, boards down two), ``c`` rounds.
    ``start`` is the move made before round 1 from the home tables (every pair and set
    at its own table); it replaces the regular first move when the movement is shortened.
    """

    segments: tuple[int, ...]
    start: Move = NORMAL

    def __post_init__(self) -> None:
        if len(self.segments) not in (1, 3) or min(self.segments) < 1:
            raise InvalidMovement(
                N_("A board-a-match plan has one or three runs of rounds, not %(segments)s."),
                hint=N_("Write it as BAMS.033 does: RTM, or a-b-c such as 2-6-2."),
                code="bam.plan",
                segments=self.segments,
            )

    @classmethod
    def rtm(cls, rounds: int, start: Move = NORMAL) -> Plan:
        """The regular team movement: boards down one, EW down two, every round."""
        return cls((rounds,), start)

    @classmethod
    def parse(cls, notation: str, start: Move = NORMAL) -> Plan:
        """An ``a-b-c`` movement, as the suggestions table writes it (``"2-6-2"``)."""
        return cls(tuple(int(part) for part in notation.split("-")), start)

    @property
    def rounds(self) -> int:
        return sum(self.segments)

    @property
    def notation(self) -> str:
        """``RTM`` or ``a-b-c``, as BAMS.033 names the movement."""
        return "RTM" if len(self.segments) == 1 else "-".join(map(str, self.segments))

    @property
    def moves(self) -> tuple[Move, ...]:
        """The move before each round (round 1's from the home tables)."""
        moves = [self.start]
        for index, length in enumerate(self.segments):
            if index:
                moves.append(SKIPS[index - 1])
            moves += [NORMAL] * (length - 1)
        return tuple(moves)

    @property
    def positions(self) -> tuple[Move, ...]:
        """How far the EW pairs and the boards are from home in each round."""
        pairs = boards = 0
        out: list[Move] = []
        for move in self.moves:
            pairs, boards = pairs + move.pairs, boards + move.boards
            out.append(Move(pairs, boards))
        return tuple(out)

    def unmet(self, teams: int) -> tuple[int, ...]:
        """The teams nobody meets, as distances: team ``t`` never meets team ``t + d``."""
        met = {p.pairs % teams for p in self.positions}
        return tuple(d for d in range(1, teams) if d not in met)

    def schedule(self, teams: int, boards: BoardSet) -> list[Encounter]:
        """Round ``r``: table ``t`` has EW ``t + pairs`` and set ``t + boards`` (moved down)."""
        return [
            Encounter(
                round=rnd,
                table=table,
                ns=table,
                ew=on_circle(table + at.pairs, teams),
                boards=boards(on_circle(table + at.boards, teams)),
            )
            for rnd, at in enumerate(self.positions, start=1)
            for table in range(1, teams + 1)
        ]


def describe_moves(moves: Sequence[Move]) -> str:
    """The director's instructions, runs of equal moves together, as BAMS.033 prints them."""
    runs: list[tuple[int, int, Move]] = []
    for rnd, move in enumerate(moves, start=1):
        if runs and runs[-1][2] == move:
            runs[-1] = (runs[-1][0], rnd, move)
        else:
            runs.append((rnd, rnd, move))
    parts = [
        f"round {first}: {move}" if first == last else f"rounds {first}-{last}: {move}"
        for first, last, move in runs
    ]
    return "To begin " + "; ".join(parts) + "."


# ---- building and checking a team movement ------------------------------------------------


def teams_movement(
    family: str,
    version: str,
    *,
    tables: int,
    rounds: int,
    boards_per_round: int,
    schedule: Iterable[Encounter],
    description: str,
    bye_boards: tuple[tuple[int, tuple[int, ...]], ...] = (),
    curtail_groups: tuple[tuple[int, ...], ...] = (),
) -> Movement:
    """A team movement (unchecked): NS pairs at home, shared boards declared as relays,
    and the rounds after which play may stop with every match begun complete and every
    board played equally often (``curtail_after``); ``curtail_groups`` as the family
    works them out."""
    encounters = tuple(sorted(schedule, key=lambda e: (e.round, e.table)))
    return Movement(
        family=family,
        kind="teams",
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        numbering=Numbering.MITCHELL,
        schedule=encounters,
        relays=relays_of(encounters),
        bye_boards=bye_boards,
        stationary=tuple(Pair(t, Line.NS) for t in range(1, tables + 1)),
        curtail_after=equal_stops(encounters, rounds, teams=True),
        curtail_groups=curtail_groups,
        description=description,
        plugin=family,
        plugin_version=version,
    )
