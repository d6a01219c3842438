"""Team movements in which every team meets every other: standard, New England relay, stagger.

- **Standard** (ACBL BAMS.033 page 8 "A. Standard"; the JCBL manual's American Whist
  League, part 2 ch. 6 §11-3): an odd number of teams, NS at home, boards one table
  lower and EW pairs two tables lower each round, ``teams - 1`` rounds.
- **New England relay** (BAMS.033 page 8 "C."; the club-director guide's NEW ENGLAND
  RELAY): an even number of teams in two facing rows whose opposite tables relay, with a
  bye stand after each pair of tables; ``teams - 1`` rounds.
- **Stagger** (JCBL manual appendix 3 §3): an even number of teams over two sessions,
  opposite tables relaying; session 1 odd teams against odd and even against even,
  session 2 odd against even.

Team ``n``'s NS pair sits at table ``n`` throughout; NS ``n`` and EW ``n`` are its pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import BoardsPerRound, Encounter, InvalidMovement, Movement, hookimpl, validate
from engine.errors import N_
from plugins.movements.teams.common import Plan, SessionBoards, on_circle, sets_of, teams_movement

STAGGER_BOARDS = 30
"""A stagger's sets hold about 30 boards by default (10 a set with 6 teams)."""


def _used(encounters: list[Encounter]) -> str:
    boards = {b for e in encounters for b in e.boards}
    return f"boards {min(boards)}-{max(boards)}"


# ---- standard --------------------------------------------------------------------------------


class StandardTeams:
    """Standard team movement (RTM, American Whist League): odd number of teams, all meet.

    NS pairs stay at home; each round the boards go to the next lower table and the EW
    pairs skip a table toward the lower numbers. To start, the EW pairs make their first
    move and set 2 is on table 1, set 1 on the highest table (BAMS.033 page 8). Every team
    plays every other in ``teams - 1`` rounds, and both pairs of a team play each board
    against the same team. For an even number of teams use bam (with skips), the New
    England relay or the stagger.
    """

    name: ClassVar[str] = "standard-teams"
    aliases: ClassVar[tuple[str, ...]] = ("rtm", "regular-team-movement")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = SessionBoards

    def build(self, tables: int, options: SessionBoards | None = None) -> Movement:
        """The standard movement for ``tables`` teams."""
        return validate(standard(tables, options or SessionBoards()))


def standard(tables: int, options: SessionBoards) -> Movement:
    """The standard movement, before validation."""
    if tables % 2 == 0 or tables < 3:
        raise InvalidMovement(
            N_(
                "The standard team movement needs an odd number of teams, at least 3, not "
                "%(tables)s: with an even number the EW pairs would meet their own team."
            ),
            hint=N_("For an even number of teams choose bam, new-england-relay or stagger."),
            code="standard_teams.tables",
            tables=tables,
        )
    plan = Plan.rtm(tables - 1)
    per_round = options.per_round(plan.rounds)
    encounters = plan.schedule(tables, sets_of(per_round, options.first_board))
    return teams_movement(
        StandardTeams.name,
        StandardTeams.version,
        tables=tables,
        rounds=plan.rounds,
        boards_per_round=per_round,
        schedule=encounters,
        description=(
            f"Standard team movement, {tables} tables: {plan.rounds} rounds of {per_round} "
            f"boards, {_used(encounters)}. NS pairs stay; before each round (the first too) "
            "EW pairs move two tables lower and boards one table lower; set 2 starts on "
            f"table 1, set 1 on table {tables}."
        ),
    )


# ---- New England relay ---------------------------------------------------------------------


class NewEnglandRelay:
    """New England relay: an even number of teams, all meet, opposite tables relay.

    With 2X teams the tables stand in two rows, table 1 opposite table X+1 … table X
    opposite 2X; opposite tables share their boards all session, and a bye stand stands
    after each pair of tables. Set 2 starts on the 1 and X+1 relay, set 3 on the bye
    stand between tables 1 and 2, set 4 on the 2 and X+2 relay … set 1 on the bye stand
    behind table X. Before each round (the first too) the EW pairs move to the next lower
    table (from table 1 to table 2X) and the boards one station lower (relay to bye stand
    to relay). 2X - 1 rounds; each team misses one set, so the sets are not all played
    equally often (BAMS.033 page 8; the club-director guide runs it upwards).
    """

    name: ClassVar[str] = "new-england-relay"
    aliases: ClassVar[tuple[str, ...]] = ("ne-relay", "new-england")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = SessionBoards

    def build(self, tables: int, options: SessionBoards | None = None) -> Movement:
        """The New England relay for ``tables`` teams."""
        return validate(new_england_relay(tables, options or SessionBoards()))


def new_england_relay(tables: int, options: SessionBoards) -> Movement:
    """The New England relay, before validation.

    Stations round the room: the relay of tables ``i`` and ``i + X`` is station
    ``2(i - 1)``, the bye stand after it station ``2i - 1``; set ``s`` starts at station
    ``s - 2`` and moves one station lower each round."""
    if tables % 2 or tables < 4:
        raise InvalidMovement(
            N_("A New England relay needs an even number of teams, at least 4, not %(tables)s."),
            hint=N_("For an odd number of teams choose standard-teams."),
            code="new_england_relay.tables",
            tables=tables,
        )
    half, rounds = tables // 2, tables - 1
    per_round = options.per_round(rounds)
    sets = sets_of(per_round, options.first_board)

    def set_at(station: int, rnd: int) -> int:
        return on_circle(station + rnd + 1, tables)

    encounters = [
        Encounter(
            round=rnd,
            table=t,
            ns=t,
            ew=on_circle(t + rnd, tables),
            boards=sets(set_at(2 * (on_circle(t, half) - 1), rnd)),
        )
        for rnd in range(1, rounds + 1)
        for t in range(1, tables + 1)
    ]
    byes = tuple(
        (rnd, tuple(b for i in range(1, half + 1) for b in sets(set_at(2 * i - 1, rnd))))
        for rnd in range(1, rounds + 1)
    )
    return teams_movement(
        NewEnglandRelay.name,
        NewEnglandRelay.version,
        tables=tables,
        rounds=rounds,
        boards_per_round=per_round,
        schedule=encounters,
        bye_boards=byes,
        description=(
            f"New England relay, {tables} tables: {rounds} rounds of {per_round} boards, "
            f"{_used(encounters)}. Tables 1-{half} face tables {half + 1}-{tables}; "
            f"opposite tables relay, with a bye stand after each pair. Set 2 starts on the "
            f"1 and {half + 1} relay, set 1 on the bye stand behind table {half}. Before "
            "each round EW pairs move to the next lower table and boards one station lower."
        ),
    )


# ---- stagger ---------------------------------------------------------------------------------


class StaggerOptions(SessionBoards):
    """Which session of a stagger, and its boards."""

    session: Literal[1, 2] = Field(
        default=1,
        description="1: odd teams against odd, even against even; 2: odd against even.",
    )
    boards_per_round: BoardsPerRound | None = Field(
        default=None,
        description="Boards in each set; default about 30 over the sets (10 with 6 teams).",
    )


class Stagger:
    """Stagger (スタッガー): an even number of teams meets all others over two sessions.

    With 2N teams tables 1-N stand beside tables N+1-2N and each pair of neighbours
    relays one set (the manual applies it to 6, 8, 10 and 12 teams). NS pairs stay at
    home; set s starts on table s (and its neighbour). Session 1 (N - 1 rounds): the
    EW pairs start by skipping down two tables, so odd teams meet odd and even meet even.
    Session 2 (N rounds): they start one table down, meeting the other parity. After the
    start, boards down one and EW pairs skip down two each round.
    """

    name: ClassVar[str] = "stagger"
    aliases: ClassVar[tuple[str, ...]] = ("staggered",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = StaggerOptions

    def build(self, tables: int, options: StaggerOptions | None = None) -> Movement:
        """Session 1 or 2 of the stagger for ``tables`` teams."""
        return validate(stagger(tables, options or StaggerOptions()))


def stagger(tables: int, options: StaggerOptions) -> Movement:
    """One session of the stagger, before validation."""
    if tables % 2 or tables < 4:
        raise InvalidMovement(
            N_("A stagger needs an even number of teams, at least 4, not %(tables)s."),
            hint=N_("For an odd number of teams choose standard-teams."),
            code="stagger.tables",
            tables=tables,
        )
    half = tables // 2
    first_move, rounds = (2, half - 1) if options.session == 1 else (1, half)
    per_round = options.per_round(half, STAGGER_BOARDS)
    sets = sets_of(per_round, options.first_board)
    encounters = [
        Encounter(
            round=rnd,
            table=t,
            ns=t,
            ew=on_circle(t + first_move + 2 * (rnd - 1), tables),
            boards=sets(on_circle(t + rnd - 1, half)),
        )
        for rnd in range(1, rounds + 1)
        for t in range(1, tables + 1)
    ]
    who = "odd teams meet odd, even meet even" if options.session == 1 else "odd meet even"
    start = "skip down two tables" if options.session == 1 else "move down one table"
    return teams_movement(
        Stagger.name,
        Stagger.version,
        tables=tables,
        rounds=rounds,
        boards_per_round=per_round,
        schedule=encounters,
        description=(
            f"Stagger, {tables} tables, session {options.session} ({who}): {rounds} rounds "
            f"of {per_round} boards, {_used(encounters)}. Tables 1-{half} stand beside "
            f"tables {half + 1}-{tables} and each pair relays one set; set s starts on "
            f"table s. To start the EW pairs {start}; then each round boards down one, EW "
            "pairs skip down two."
        ),
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the standard team movement, the New England relay and the stagger."""
    register(StandardTeams())
    register(NewEnglandRelay())
    register(Stagger())
