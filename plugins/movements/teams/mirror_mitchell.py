"""Mirror Mitchell team movements (ACBL BAMS.033 pages 6-8, JCBL manual appendix 3 §2).

The field is split into two sections of the same size. Tables ``1..S`` are the first
(Mitchell) section and tables ``S+1..2S`` the second (Mirror) section, whose table ``k``
is table ``S + k``; team ``n`` is at home at table ``n``. Before play every EW pair
crosses to the table of the same number in the other section, so every team plays only
the teams of the other section, and both sections play the same boards (duplicated).

Two forms:

- **ACBL** (18, 20, 26 and 28 tables in BAMS.033, and any section of an even number of
  tables by the same rule): the Mitchell section plays a Mitchell (EW up one, boards
  down one, a skip with an even section) and the Mirror section mirrors it (EW down
  one, boards down two; at the skip EW down two, boards down three), so each round is
  a match played at two tables at once, one in each section. With 9- or 13-table
  sections and hand records the pairs move before round 1 and 8 or 12 rounds are
  played; with floor duplication the first round is played where the pairs arrive.
- **JCBL** (14 teams in the manual; any odd section): in both sections boards down
  one, EW pairs down two. Round 1 (teams ``n`` and ``n + S``) makes twin boards;
  without twin boards that round is left out and the sections exchange all their
  boards after half the remaining rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal, NamedTuple

from pydantic import BaseModel, Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    InvalidMovement,
    Movement,
    hookimpl,
    validate,
)
from engine.errors import N_
from plugins.movements.teams.common import BoardSet, on_circle, sets_of, teams_movement

Style = Literal["auto", "acbl", "jcbl"]

ACBL_ODD_SECTIONS = (9, 13)
"""Odd sections BAMS.033 gives a mirror Mitchell for (18 and 26 tables)."""


class Shift(NamedTuple):
    """Where the EW pairs and the boards of one round stand, in tables up from home."""

    ew_first: int
    """Table ``t`` of the first section has the EW pair of second-section team ``t + ew_first``."""
    boards_first: int
    ew_second: int
    """Table ``k`` of the second section has the EW pair of first-section team ``k + ew_second``."""
    boards_second: int
    sets_first: int = 0
    """Added to the set number in the first section (0 while both sections play duplicates)."""
    sets_second: int = 0


class MirrorMitchellOptions(BoardOptions):
    """How a mirror Mitchell is played."""

    style: Style = Field(
        default="auto",
        description=(
            "acbl (BAMS.033) or jcbl (JCBL manual appendix 3); auto: acbl for sections of "
            "9, 13 or an even number of tables, jcbl for other odd sections (14 teams)."
        ),
    )
    floor_duplication: bool = Field(
        default=False,
        description=(
            "ACBL with 9- or 13-table sections: duplicate the boards at the tables in a "
            "first round played where the pairs arrive (9 or 13 rounds, not 8 or 12)."
        ),
    )
    twin_boards: bool = Field(
        default=True,
        description=(
            "JCBL: make twin boards in round 1; without, round 1 is left out and the "
            "sections exchange their boards after half the rounds."
        ),
    )
    boards_per_round: BoardsPerRound | None = Field(
        default=None,
        description="Boards in each set; default 3 with sections up to 10 tables, else 2.",
    )


class MirrorMitchell:
    """Mirror Mitchell (ミラーミッチャエル): two equal sections whose EW pairs cross over.

    For an even number of teams. Each team plays the teams of the other section, and
    both pairs of a team play every board against the same team. ACBL form (BAMS.033;
    18, 20, 26, 28 tables): one section plays a Mitchell, the other its mirror, with the
    boards duplicated, so every round is a two-table match; 8 or 12 rounds with
    9- or 13-table sections and hand records, 9 or 13 with floor duplication. JCBL form
    (14 teams, or any two odd sections): both sections boards down one, EW pairs down two;
    round 1 makes twin boards, or is left out and the sections swap boards halfway.
    """

    name: ClassVar[str] = "mirror-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mirror", "mm")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = MirrorMitchellOptions

    def build(self, tables: int, options: MirrorMitchellOptions | None = None) -> Movement:
        """The mirror Mitchell for ``tables`` teams."""
        return validate(schedule(tables, options or MirrorMitchellOptions()))


def schedule(tables: int, options: MirrorMitchellOptions) -> Movement:
    """The movement, before validation."""
    if tables % 2 or tables < 6:
        raise InvalidMovement(
            N_(
                "A mirror Mitchell needs two equal sections of at least 3 tables, so an even "
                "number of teams from 6; not %(tables)s."
            ),
            hint=N_("With an odd number of teams play a board-a-match (bam)."),
            code="mirror_mitchell.tables",
            tables=tables,
        )
    size = tables // 2
    style = options.style
    if style == "auto":
        style = "acbl" if size % 2 == 0 or size in ACBL_ODD_SECTIONS else "jcbl"
    if style == "acbl":
        shifts, how = _acbl(size, options.floor_duplication)
    else:
        shifts, how = _jcbl(size, options.twin_boards)
    per_round = options.boards_per_round or (3 if size <= 10 else 2)
    sets = sets_of(per_round, options.first_board)
    encounters = [
        e for rnd, shift in enumerate(shifts, start=1) for e in _round(size, rnd, shift, sets)
    ]
    used = {b for e in encounters for b in e.boards}
    return teams_movement(
        MirrorMitchell.name,
        MirrorMitchell.version,
        tables=tables,
        rounds=len(shifts),
        boards_per_round=per_round,
        schedule=encounters,
        description=(
            f"Mirror Mitchell ({style.upper()}), {tables} tables in two sections of {size}: "
            f"tables 1-{size} and {size + 1}-{tables} (the second section's table k is "
            f"table {size} + k); {len(shifts)} rounds of {per_round} boards, boards "
            f"{min(used)}-{max(used)}. Before play each EW pair goes to the table of its own "
            f"number in the other section. {how}"
        ),
    )


def _round(size: int, rnd: int, shift: Shift, sets: BoardSet) -> list[Encounter]:
    """One round in both sections."""
    first = [
        Encounter(
            round=rnd,
            table=t,
            ns=t,
            ew=size + on_circle(t + shift.ew_first, size),
            boards=sets(shift.sets_first + on_circle(t + shift.boards_first, size)),
        )
        for t in range(1, size + 1)
    ]
    second = [
        Encounter(
            round=rnd,
            table=size + k,
            ns=size + k,
            ew=on_circle(k + shift.ew_second, size),
            boards=sets(shift.sets_second + on_circle(k + shift.boards_second, size)),
        )
        for k in range(1, size + 1)
    ]
    return first + second


def _acbl(size: int, floor_duplication: bool) -> tuple[list[Shift], str]:
    """BAMS.033: the Mitchell section's EW pairs ``m`` tables up and boards ``b`` down; the
    Mirror's EW pairs ``m`` down and boards ``b + m`` down, so each round's match is
    played at both its tables at once."""
    if size % 2 and size not in ACBL_ODD_SECTIONS:
        raise InvalidMovement(
            N_(
                "BAMS.033 gives the mirror Mitchell for sections of 9 or 13 tables or an even "
                "number, not %(size)s."
            ),
            hint=N_("Choose style=jcbl (JCBL manual appendix 3) for this size."),
            code="mirror_mitchell.acbl_size",
            size=size,
        )
    if floor_duplication and size % 2 == 0:
        raise InvalidMovement(
            N_(
                "Floor duplication is for sections of 9 or 13 tables; with an even section the "
                "first round is already played where the pairs arrive."
            ),
            hint=N_("Leave floor_duplication out."),
            code="mirror_mitchell.floor_duplication",
        )
    if size % 2:
        moved = [(r, r) for r in range(0 if floor_duplication else 1, size)]
        how = (
            "Round 1 is played where the pairs arrive while the boards are duplicated; then"
            if floor_duplication
            else "Before round 1 and every round after"
        ) + (
            ": in the first section EW pairs up one, boards down one; in the second EW "
            "pairs down one, boards down two."
        )
    else:
        skip = size // 2 + 1
        moved = [(r - 1 if r < skip else r, r) for r in range(1, size)]
        how = (
            "Round 1: boards down one in both sections. Then in the first section EW pairs "
            "up one, boards down one; in the second EW pairs down one, boards down two; "
            f"before round {skip} both skip (first section EW up two; second EW down two, "
            "boards down three)."
        )
    shifts = [Shift(-m, b, m, b + m) for m, b in moved]
    return shifts, how + " Every round's match is played at two tables with duplicated boards."


def _jcbl(size: int, twin_boards: bool) -> tuple[list[Shift], str]:
    """JCBL appendix 3 §2: both sections boards down one, EW pairs down two."""
    if size % 2 == 0:
        raise InvalidMovement(
            N_(
                "The JCBL mirror Mitchell is for two sections of an odd number of tables "
                "(the number of teams halved is odd), not %(size)s."
            ),
            hint=N_("Choose style=acbl for sections of an even number of tables."),
            code="mirror_mitchell.jcbl_size",
            size=size,
        )
    rounds = [(2 * (r - 1), r - 1) for r in range(1, size + 1)]
    if twin_boards:
        shifts = [Shift(e, b, e, b) for e, b in rounds]
        how = (
            "Round 1: teams n and n + half play each other and make twin boards; then in "
            "both sections boards down one, EW pairs down two."
        )
        return shifts, how
    half = (size - 1) // 2
    shifts = [
        Shift(e, b, e, b, *((0, size) if index < half else (size, 0)))
        for index, (e, b) in enumerate(rounds[1:])
    ]
    how = (
        f"No twin boards: the first section plays sets 1-{size}, the second sets "
        f"{size + 1}-{2 * size}; in both, boards down one and EW pairs down two each round, "
        f"and after round {half} the sections exchange all their boards."
    )
    return shifts, how


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the mirror Mitchell."""
    register(MirrorMitchell())
