"""Board-a-match movements of ACBL BAMS.033 (5 to 25 teams).

Each team's NS pair stays at the team's home table (team ``n`` at table ``n``); before
every round, including the first, the EW pairs move down two tables (sometimes three,
four or more) and the boards down one (sometimes two or more), as the file lists
table count by table count. Set ``s`` starts at table ``s``. Every board a team's NS
pair plays against another team's EW pair, its own EW pair plays against that team's
NS pair, so the two results are compared (JCBL manual part 2 ch. 6 §11-2).

The movements for 5 to 17 tables are those of BAMS.033 pages 1-5 (with the twelve-round
notes for 15, 16 and 17 tables); the page 9 suggestions add 10 rounds for 11 and for 12
teams, 18 to 25 teams, and a relay round where a movement leaves each team one
opponent unmet (:mod:`plugins.movements.teams.bam_suggestions`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

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
from plugins.movements.teams.bam_suggestions import SUGGESTIONS
from plugins.movements.teams.common import (
    BoardSet,
    Move,
    Plan,
    describe_moves,
    on_circle,
    sets_of,
    teams_movement,
)


@dataclass(frozen=True)
class Listed:
    """A movement BAMS.033 gives for a number of tables."""

    plan: Plan
    boards_per_round: int
    source: str


def _listing() -> dict[int, tuple[Listed, ...]]:
    """BAMS.033 pages 1-5 as printed, then the page 9 suggestions the pages lack."""
    down4, down6 = Move(4, 2), Move(6, 3)
    pages: dict[int, tuple[Listed, ...]] = {
        5: (Listed(Plan.rtm(4), 6, "page 1"),),
        6: (Listed(Plan.parse("1-2-1"), 6, "page 1"),),
        7: (Listed(Plan.rtm(6), 4, "page 1"),),
        8: (Listed(Plan.parse("1-4-1"), 4, "page 2"),),
        9: (Listed(Plan.rtm(8), 3, "page 2"),),
        10: (Listed(Plan.parse("2-4-2"), 3, "page 2"),),
        11: (Listed(Plan.rtm(8, down4), 3, "page 3"),),
        12: (Listed(Plan.parse("1-6-1", down4), 3, "page 3"),),
        13: (Listed(Plan.rtm(12), 2, "page 3"),),
        14: (Listed(Plan.parse("3-6-3"), 2, "page 4"),),
        15: (
            Listed(Plan.rtm(14), 2, "page 4"),
            Listed(Plan.rtm(12, down4), 2, "page 4, twelve rounds"),
        ),
        16: (
            Listed(Plan.parse("3-8-3"), 2, "page 5"),
            Listed(Plan.parse("2-8-2", down4), 2, "page 5, twelve rounds"),
        ),
        17: (
            Listed(Plan.rtm(14, down4), 2, "page 5"),
            Listed(Plan.rtm(12, down6), 2, "page 5, twelve rounds"),
        ),
    }
    for row in SUGGESTIONS:
        plan = row.plan
        known = pages.get(row.teams, ())
        if plan is not None and all(item.plan.rounds != plan.rounds for item in known):
            pages[row.teams] = (*known, Listed(plan, row.set_sizes[0], "page 9, suggested"))
    return pages


LISTING: dict[int, tuple[Listed, ...]] = _listing()
"""Tables → the movements BAMS.033 gives for them, the first being the default."""


class BamOptions(BoardOptions):
    """How a board-a-match is played."""

    rounds: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Choose the movement by its number of rounds (before any relay round): 12 for "
            "the twelve-round notes for 15, 16 and 17 tables, 10 for the suggested 11- and "
            "12-team movements. Default: the movement BAMS.033 lists first."
        ),
    )
    relay: bool = Field(
        default=False,
        description=(
            "Add a last round in which each EW pair plays the team it skipped, the two "
            "tables sharing a new set (6, 8, 10, 12 with 10 rounds, 14 and 16 tables)."
        ),
    )
    boards_per_round: BoardsPerRound | None = Field(
        default=None, description="Boards in each set; default as BAMS.033 places them."
    )


class Bam:
    """Board-a-match (ボード・ア・マッチ): ACBL BAMS.033 team movements for 5 to 25 teams.

    One table per team: the NS pairs stay at home, the EW pairs move down two tables
    and the boards down one each round, with the skips and longer first moves the file
    gives for each number of tables, so that both pairs of a team play every board
    against the same opposing team. For 5 to 17 tables the movement is the one listed
    table by table (choose the twelve-round notes for 15, 16, 17 with ``rounds=12``); for
    18 to 25 teams the suggested one-session movement. With ``relay`` a last round sends
    each EW pair to the team it skipped, sharing a set between the two tables.
    """

    name: ClassVar[str] = "bam"
    aliases: ClassVar[tuple[str, ...]] = ("board-a-match", "b-a-m")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = BamOptions

    def build(self, tables: int, options: BamOptions | None = None) -> Movement:
        """The board-a-match for ``tables`` teams."""
        return validate(schedule(tables, options or BamOptions()))


def listed(tables: int, rounds: int | None = None) -> Listed:
    """The movement BAMS.033 gives for ``tables`` tables (and ``rounds`` rounds)."""
    choices = LISTING.get(tables)
    if choices is None:
        raise InvalidMovement(
            N_("BAMS.033 gives board-a-match movements for 5 to 25 teams, not %(tables)s."),
            hint=N_(
                "With 26 or 28 teams play a mirror Mitchell; with more, split the field "
                "into sections; with 3 teams play the standard team movement."
            ),
            code="bam.tables",
            tables=tables,
        )
    for item in choices:
        if rounds is None or item.plan.rounds == rounds:
            return item
    offered = " or ".join(str(item.plan.rounds) for item in choices)
    raise InvalidMovement(
        N_(
            "BAMS.033 gives the %(tables)s-table board-a-match with %(offered)s rounds, not "
            "%(rounds)s."
        ),
        hint=N_("Leave rounds out, or give %(offered)s."),
        code="bam.rounds",
        tables=tables,
        offered=offered,
        rounds=rounds,
    )


def schedule(tables: int, options: BamOptions) -> Movement:
    """The movement, not yet validated."""
    item = listed(tables, options.rounds)
    plan = item.plan
    per_round = options.boards_per_round or item.boards_per_round
    sets = sets_of(per_round, options.first_board)
    encounters = plan.schedule(tables, sets)
    rounds = plan.rounds
    how = describe_moves(plan.moves)
    if options.relay:
        relay = _relay_round(tables, plan, sets)
        encounters += relay
        rounds += 1
        new = sorted({b for e in relay for b in e.boards})
        how += (
            f" Round {rounds} is a relay (BAMS.033 page 9): each EW pair goes to the table "
            f"{tables // 2} above or below its own, the NS pair it skipped; the two share a "
            f"new set (boards {new[0]}-{new[-1]}), as in a Swiss team match."
        )
    used = {b for e in encounters for b in e.boards}
    return teams_movement(
        Bam.name,
        Bam.version,
        tables=tables,
        rounds=rounds,
        boards_per_round=per_round,
        schedule=encounters,
        description=(
            f"Board-a-match {plan.notation}, {tables} tables (BAMS.033 {item.source}): "
            f"{rounds} rounds of {per_round} boards, boards {min(used)}-{max(used)}. "
            f"NS pairs stay at their home tables; set s is dealt at table s. {how}"
        ),
    )


def _relay_round(tables: int, plan: Plan, sets: BoardSet) -> list[Encounter]:
    """Each EW pair meets the team it skipped; tables ``t`` and ``t + n/2`` share set ``n + t``."""
    half = tables // 2
    if plan.unmet(tables) != (half,) or tables % 2:
        raise InvalidMovement(
            N_(
                "In the %(tables)s-table %(plan)s board-a-match the EW pairs do not skip "
                "exactly one team (the one opposite), so it has no relay round."
            ),
            hint=N_(
                "A relay round follows the 1-2-1, 1-4-1, 2-4-2, 2-6-2, 3-6-3 and 3-8-3 "
                "movements (6, 8, 10, 12 with 10 rounds, 14 and 16 tables)."
            ),
            code="bam.relay",
            tables=tables,
            plan=plan.notation,
        )
    after = plan.rounds + 1
    return [
        Encounter(
            round=after,
            table=t,
            ns=t,
            ew=on_circle(t + half, tables),
            boards=sets(tables + on_circle(t, half)),
        )
        for t in range(1, tables + 1)
    ]


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the board-a-match family."""
    register(Bam())
