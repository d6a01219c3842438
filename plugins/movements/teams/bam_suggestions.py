"""ACBL BAMS.033 page 9: suggested movements for one-session board-a-match team games.

The table as data, one row per number of teams, with :func:`suggest` to look a row up
and :meth:`BamSuggestion.choices` to turn a row into the movements Traveller can assign
(family, tables and options). Movement names are the file's: ``RTM`` is the regular team
movement (boards one table lower, EW pairs two tables lower each round); ``a-b-c`` plays
``a`` regular rounds, a skip, ``b`` rounds, a second skip and ``c`` rounds (the first skip
sends the EW pairs three tables lower, the second also the boards two tables lower);
``MM`` is a mirror Mitchell in two equal sections; ``RELAY`` is a last round in which
each EW pair meets the team it skipped, the two tables sharing a set as in a Swiss match.

Readings of the printed table: the 18-team row says "E/W 1-14 add 14", read as E/W 1-4
(with E/W 5-18 subtracting 4 the two ranges must meet); the 25-team row says "E/W 25
subtract 12", read as E/W 13-25. A start instruction moves the EW pairs only; the
boards start half as far down (BAMS.033 pages 3-5 pair "down four" with "boards down
two" and "down six" with "down three"), which is also what keeps the teams compared.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from engine import InvalidInput
from engine.errors import N_
from plugins.movements.teams.common import NORMAL, Move, Plan


class Layout(enum.StrEnum):
    """What kind of movement a row suggests."""

    RTM = "RTM"
    """The regular team movement, possibly with a longer first move."""
    SKIPS = "skips"
    """An ``a-b-c`` movement: regular rounds with two skips."""
    MIRROR_MITCHELL = "MM"
    """A mirror Mitchell in two sections of the same size."""
    SECTIONS = "sections"
    """The field broken into separate sections, each its own board-a-match."""


class Assignment(NamedTuple):
    """One movement to assign: the family, the number of tables and its options."""

    family: str
    tables: int
    options: Mapping[str, object]


Choice = tuple[Assignment, ...]
"""One way to play a row: a movement for each section."""


@dataclass(frozen=True)
class BamSuggestion:
    """One row of the suggestions table."""

    teams: int
    boards: tuple[int, ...]
    """Boards each team plays, one figure per alternative ("24/28")."""
    rounds: tuple[int, ...]
    """Rounds, one figure per alternative ("8/9": without and with the relay round)."""
    layout: Layout
    movement: str
    """The movement as printed: ``RTM``, ``1-2-1``, ``MM``."""
    boards_per_round: tuple[int, ...] = ()
    relay_round: int | None = None
    """The relay round, if the row plays one."""
    relay_optional: bool = False
    """True where the row says "(+RELAY to add round N)": the relay round may be left out."""
    start_down: int | None = None
    """Tables the EW pairs move down to start ("E/W 1-k add N ... E/W k+1-T subtract k")."""
    sections: tuple[int, ...] = ()
    """Section sizes for a mirror Mitchell or a broken field."""

    @property
    def plan(self) -> Plan | None:
        """The board-a-match plan (relay round apart), for RTM and ``a-b-c`` rows."""
        start = NORMAL if self.start_down is None else Move(self.start_down, self.start_down // 2)
        base = self.rounds[0] if self.relay_round is None else self.relay_round - 1
        if self.layout is Layout.RTM:
            return Plan.rtm(base, start)
        if self.layout is Layout.SKIPS:
            return Plan.parse(self.movement, start)
        return None

    @property
    def set_sizes(self) -> tuple[int, ...]:
        """Boards per round, one per alternative; boards / rounds where the row prints none."""
        return self.boards_per_round or (self.boards[0] // self.rounds[0],)

    @property
    def start(self) -> str:
        """The start instruction as the file words it, or "" for the regular start."""
        k = self.start_down
        if k is None:
            return ""
        return (
            f"To start, E/W 1-{k} add {self.teams - k} to their number and move to that "
            f"table; E/W {k + 1}-{self.teams} subtract {k}."
        )

    def choices(self) -> tuple[Choice, ...]:
        """Every way the row can be played, as movements to assign."""
        if not self.rounds:
            return ()
        per_round = self.set_sizes
        if self.layout is Layout.MIRROR_MITCHELL:
            return tuple(
                (Assignment("mirror-mitchell", self.teams, _frozen(boards_per_round=b)),)
                for b in per_round
            )
        if self.layout is Layout.SECTIONS:
            return (
                tuple(
                    Assignment("bam", size, _frozen(rounds=self.rounds[0]))
                    for size in self.sections
                ),
            )
        plan = self.plan
        assert plan is not None
        relays = (False, True) if self.relay_optional else (self.relay_round is not None,)
        return tuple(
            (
                Assignment(
                    "bam",
                    self.teams,
                    _frozen(rounds=plan.rounds, relay=relay, boards_per_round=b),
                ),
            )
            for relay in relays
            for b in per_round
        )


def _frozen(**options: object) -> Mapping[str, object]:
    return MappingProxyType(options)


def _row(
    teams: int,
    boards: tuple[int, ...],
    rounds: tuple[int, ...],
    movement: str,
    per_round: tuple[int, ...] = (),
    *,
    relay: int | None = None,
    optional: bool = False,
    start: int | None = None,
    sections: tuple[int, ...] = (),
) -> BamSuggestion:
    layout = {"RTM": Layout.RTM, "MM": Layout.MIRROR_MITCHELL, "sections": Layout.SECTIONS}
    return BamSuggestion(
        teams=teams,
        boards=boards,
        rounds=rounds,
        layout=layout.get(movement, Layout.SKIPS),
        movement=movement,
        boards_per_round=per_round,
        relay_round=relay,
        relay_optional=optional,
        start_down=start,
        sections=sections,
    )


SUGGESTIONS: tuple[BamSuggestion, ...] = (
    _row(5, (24, 28), (4,), "RTM", (6, 7)),
    _row(6, (25, 30), (5,), "1-2-1", (5, 6), relay=5),
    _row(7, (24, 30), (6,), "RTM", (4, 5)),
    _row(8, (28,), (7,), "1-4-1", (4,), relay=7),
    _row(9, (24,), (8,), "RTM", (3,)),
    _row(10, (24, 27), (8, 9), "2-4-2", (3,), relay=9, optional=True),
    _row(11, (30,), (10,), "RTM", (3,)),
    _row(12, (24,), (8,), "1-6-1", start=4),
    _row(12, (30, 33), (10, 11), "2-6-2", (3,), relay=11, optional=True),
    _row(13, (24,), (12,), "RTM", (2,)),
    _row(14, (24, 26), (12, 13), "3-6-3", (2,), relay=13, optional=True),
    _row(15, (28,), (14,), "RTM", (2,)),
    _row(16, (28, 30), (14, 15), "3-8-3", (2,), relay=15, optional=True),
    _row(17, (28,), (14,), "RTM", (2,), start=4),
    _row(18, (28,), (14,), "3-8-3", (2,), start=4),
    _row(19, (28,), (14,), "RTM", (2,), start=6),
    _row(20, (28,), (14,), "2-10-2", (2,), start=6),
    _row(21, (28,), (14,), "RTM", (2,), start=8),
    _row(22, (28,), (14,), "2-10-2", (2,), start=8),
    _row(23, (28,), (14,), "RTM", (2,), start=10),
    _row(24, (28,), (14,), "1-12-1", (2,), start=10),
    _row(25, (28,), (14,), "RTM", (2,), start=12),
    _row(26, (24,), (12,), "MM", sections=(13, 13)),
    _row(27, (24,), (12,), "sections", sections=(13, 14)),
    _row(28, (26,), (13,), "MM", sections=(14, 14)),
)
"""The printed rows, in order (12 teams has two)."""

SECTIONS_FROM = 29
"""From 29 teams the file says: continue to break the field into multiple sections."""


def suggest(teams: int) -> tuple[BamSuggestion, ...]:
    """The suggested one-session movements for ``teams`` teams (two rows for 12)."""
    if teams >= SECTIONS_FROM:
        return (BamSuggestion(teams, (), (), Layout.SECTIONS, "sections"),)
    rows = tuple(row for row in SUGGESTIONS if row.teams == teams)
    if not rows:
        raise InvalidInput(
            N_("BAMS.033 suggests board-a-match movements for 5 teams or more, not %(teams)s."),
            hint=N_("With fewer teams play a round robin or an American Whist."),
            code="bam.suggestions",
            teams=teams,
        )
    return rows
