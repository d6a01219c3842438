"""A relay Mitchell whose bye stand was put at the wrong table (JCBL appendix 2, §2-3).

In a bye-and-relay Mitchell on ``n`` tables the bye stand belongs between the two middle
tables, ``n/2`` and ``n/2 + 1``. Put one table off, the boards still go round, but after
half the rounds the EW pairs would come to boards they have played. The manual's error
recovery (付録2: 間違えたときの対策) lets the game go on so that it can be scored, and
prints both cases as 8-table master sheets, which this family reproduces:

- **near** (§2, バイ・テーブルを近くに置いた場合: the bye stand one table nearer table 1,
  after table ``n/2 - 1``). The first half of the rounds is played as set up. The next
  round is the correction round: set 1 goes onto the bye stand, moved to its right
  place; the highest set stays at the table that played it; every other set goes down
  one table as usual. The EW pairs move up as usual, and the NS pair that has just
  played the highest set exchanges tables for this round only with the NS pair of the
  last table, each keeping its number (each meets its round-1 opponents again, which
  cannot be helped). From the correction round on, the last table shares boards with
  the table below it instead of table 1.
- **far** (§3, バイ・テーブルを遠くに置いた場合: one table further, after table ``n/2 + 1``).
  After half the rounds table 1 shares boards with table 2 instead of the last table,
  and the set then on the bye stand stays on it one round more, the bye stand standing
  from then on at its right place. In the last round the manual tells the director to
  find, from the master sheet so far, the opponents who have not played the boards: on
  its sheet NS 1 and NS 5 exchange tables. For any ``n`` the search has one answer: NS 1
  has played every set but set ``n/2 + 1``, and NS ``n/2 + 1`` is the only NS pair that
  has not played set 1, which table 1 shares in the last round; so NS 1 and NS ``n/2 +
  1`` exchange tables for the last round (each meets its round-``n/2`` opponents again).

The manual states both rules for a relay Mitchell of any size (half the rounds, the
first and the highest set, the highest table) and illustrates them on 8 tables; built
this way they keep every rule of duplicate play for every even number of tables (the
tests check 4 to 20). Any other misplacement is not covered by the manual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    Numbering,
    Pair,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_
from plugins.movements.mitchell.basic import MitchellBoards, resolve_variant

Place = tuple[int, ...]
"""Where a set stands in a round: the tables playing it (two when shared), or none."""

BYE_STAND: Place = ()
"""The place of the bye stand on a circuit."""

Case = Literal["near", "far"]
"""Which way the bye stand was put off its place: towards table 1, or away from it."""


class RelayRecoveryOptions(MitchellBoards):
    """Where the bye stand was put by mistake, and the boards (as the relay Mitchell's)."""

    bye_stand_after: int = Field(
        ge=1,
        description=(
            "The table the bye stand was put after by mistake (it stood between this table "
            "and the next): one table before the middle (3 on 8 tables, JCBL appendix 2 "
            "§2) or one table after it (5 on 8 tables, §3)."
        ),
    )


class RelayMitchellRecovery:
    """Relay Mitchell with a misplaced bye stand (JCBL appendix 2, §2-3): how to go on.

    For a bye-and-relay Mitchell (an even number of tables, tables 1 and the last
    sharing boards) whose bye stand was put one table off the middle. Give the table the
    bye stand stood after (``bye_stand_after``): 3 or 5 on 8 tables. The first half of
    the rounds is the movement as it was set up and played. Bye stand nearer table 1:
    the next round is a correction round in which set 1 goes onto the bye stand, moved
    to its right place, the highest set stays where it is and the NS pair that just
    played it exchanges tables with the last table's NS pair for that round; from then
    on the last table shares boards with the table below it. Bye stand further away:
    from half-time table 1 shares boards with table 2, the set on the bye stand stays
    there one more round, and in the last round NS 1 exchanges tables with NS
    ``tables/2 + 1``. In both cases two NS pairs meet one EW pair a second time and
    miss another, every board is played equally often and nobody plays a board twice.
    NS pairs keep their numbers when they exchange tables. As many rounds as tables;
    it cannot be curtailed.
    """

    name: ClassVar[str] = "relay-mitchell-recovery"
    aliases: ClassVar[tuple[str, ...]] = ("relay-recovery", "misplaced-bye-mitchell")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = RelayRecoveryOptions

    def build(self, tables: int, options: RelayRecoveryOptions) -> Movement:
        """The recovered relay Mitchell for ``tables`` tables."""
        resolve_variant(tables, "relay")  # an even number of tables, at least 4
        half = tables // 2
        case = _case(tables, options.bye_stand_after)
        if case == "near":
            # Correction round: the last table shares with the one below; the NS pair of
            # table n/2 (which played the highest set) and of the last table exchange.
            second = _circuit(tables, bye_after=half, shared=(tables - 1, tables))
            exchange = (half + 1, half, tables)
        else:
            # From half-time table 1 shares table 2's boards; last round NS 1 and NS n/2+1.
            second = _circuit(tables, bye_after=half, shared=(1, 2))
            exchange = (tables, 1, half + 1)
        first = _circuit(tables, bye_after=options.bye_stand_after, shared=(1, tables))
        schedule: list[Encounter] = []
        byes: list[tuple[int, tuple[int, ...]]] = []
        for r in range(1, tables + 1):
            for s in range(1, tables + 1):
                if r <= half:
                    place = first[(s - r) % tables]
                else:
                    # Set 1 goes onto the bye stand at its right place, the others keep
                    # their order behind it and go on down one place a round.
                    place = second[(second.index(BYE_STAND) + s - 1 - (r - half - 1)) % tables]
                boards = options.boards(s)
                if place == BYE_STAND:
                    byes.append((r, boards))
                for t in place:
                    schedule.append(
                        Encounter(
                            round=r,
                            table=t,
                            ns=_ns_at(t, r, exchange),
                            ew=(t - r) % tables + 1,
                            boards=boards,
                        )
                    )
        schedule.sort(key=lambda e: (e.round, e.table))
        movers = exchange[1:]
        movement = Movement(
            family=self.name,
            tables=tables,
            rounds=tables,
            boards_per_round=options.boards_per_round,
            numbering=Numbering.MITCHELL,
            schedule=tuple(schedule),
            relays=relays_of(schedule),
            bye_boards=tuple(byes),
            phantom=Pair(tables, Line.NS),
            stationary=tuple(Pair(t, Line.NS) for t in range(1, tables + 1) if t not in movers),
            description=_describe(tables, case, options),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)


def _case(tables: int, bye_after: int) -> Case:
    """Which of the manual's two cases a bye stand put after table ``bye_after`` is."""
    half = tables // 2
    if bye_after == half - 1:
        return "near"
    if bye_after == half + 1:
        return "far"
    if bye_after == half:
        raise InvalidMovement(
            N_(
                "On %(tables)s tables the bye stand belongs after table %(half)s, between tables "
                "%(half)s and %(next)s: that is its right place, so nothing needs recovering."
            ),
            hint=N_("Play the relay Mitchell (family mitchell, variant=relay)."),
            code="relay_recovery.in_place",
            tables=tables,
            half=half,
            next=half + 1,
        )
    raise InvalidMovement(
        N_(
            "The manual's recovery (JCBL appendix 2) is for a bye stand one table off its "
            "place: after table %(near)s or %(far)s on %(tables)s tables, not after table "
            "%(after)s."
        ),
        hint=N_(
            "Give bye_stand_after=%(near)s or %(far)s, or rearrange the boards "
            "by hand and score the boards played in error as the laws direct."
        ),
        code="relay_recovery.bye_stand",
        near=half - 1,
        far=half + 1,
        tables=tables,
        after=bye_after,
    )


def _circuit(tables: int, *, bye_after: int, shared: tuple[int, int]) -> tuple[Place, ...]:
    """The places a set passes through, in the order it goes down them (a set at place
    ``p`` goes to place ``p - 1`` and from place 0 to the last place): tables 1 to
    ``tables`` with the bye stand after table ``bye_after``, and the second table of
    ``shared`` playing the boards of the first."""
    places: list[Place] = []
    for t in range(1, tables + 1):
        if t != shared[1]:
            places.append(shared if t == shared[0] else (t,))
        if t == bye_after:
            places.append(BYE_STAND)
    return tuple(places)


def _ns_at(table: int, rnd: int, exchange: tuple[int, int, int]) -> int:
    """The NS pair at ``table`` in round ``rnd``: its own, but the two NS pairs of
    ``exchange`` (round, pair, pair) sit at each other's tables in that round."""
    when, a, b = exchange
    if rnd == when and table in (a, b):
        return b if table == a else a
    return table


def _describe(tables: int, case: Case, opts: RelayRecoveryOptions) -> str:
    half = tables // 2

    def sets(number: int) -> str:
        boards = opts.boards(number)
        return f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])

    last = opts.first_board + tables * opts.boards_per_round - 1
    wrong = half - 1 if case == "near" else half + 1
    head = (
        f"Relay Mitchell, {tables} tables, recovered from a bye stand put between tables "
        f"{wrong} and {wrong + 1} instead of {half} and {half + 1} (JCBL appendix 2 "
        f"§{2 if case == 'near' else 3}): {tables} rounds of {opts.boards_per_round} boards, "
        f"boards {opts.first_board}-{last}. Rounds 1-{half} as set up, tables 1 and "
        f"{tables} sharing boards. "
    )
    if case == "near":
        return head + (
            f"Round {half + 1} is the correction round: move the bye stand between tables "
            f"{half} and {half + 1} and put boards {sets(1)} on it; boards {sets(tables)} "
            f"stay at table {half}; the other boards go down one table as usual. EW move up "
            f"one table as usual; NS {half} and NS {tables} exchange tables for round "
            f"{half + 1} only, keeping their numbers (both meet their round-1 opponents "
            f"again). From round {half + 1} table {tables} shares boards with table "
            f"{tables - 1}."
        )
    return head + (
        f"From round {half + 1} table 1 shares boards with table 2, the boards of table 2 "
        f"go to table {tables}, and the bye stand moves between tables {half} and "
        f"{half + 1}, its right place (boards {sets(1)} stay on it for round {half + 1}). "
        f"In round {tables} "
        f"NS 1 and NS {half + 1} exchange tables, keeping their numbers (both meet their "
        f"round-{half} opponents again)."
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the relay Mitchell recovery."""
    register(RelayMitchellRecovery())
