"""Howells with appendix tables, and the A/B tables for late pairs (JCBL manual, part 2,
chapter 2, 8–9 and figure 8).

An appendix table (アペンディックス・テーブル) is added to a table of a full Howell where
two moving pairs meet, its *transfer* table (トランスファー・テーブル); the two tables
share (relay) that table's boards every round. Two new pairs stay put: one at the
transfer table facing its NS pair, one at the appendix table facing its EW pair. The
manual's A/B tables are the same thing on the last table: for 12 pairs, table 6 is
split into 6A and 6B when a 13th pair arrives before round 2, and with 13 pairs 6B
holds the phantom, so 6A needs no relay.

Figure 8 (figure 7 with tables 6 and 5 appended) prints each split as ``(x-13/14-y)``
and ``(x-15/16-y)``: ``x`` is the table's NS pair and ``y`` its EW pair. Traveller reads
the note as the two encounters it spells, ``x-13`` (the transfer table, 6A) and
``14-y`` (the appendix table, 6B): the manual's prose puts the lower new number at the
appendix table instead, but the printed sheet is what directors use, and it puts the
phantom (the highest number, 14) at 6B as section 8 says. Appendix tables are numbered
after the Howell's tables in the order they are added (figure 8: 6B is table 7 and
5's appendix table 8).

With ``k`` tables appended to an ``n``-table Howell the movement keeps its ``2n - 1``
rounds and sets, seats ``2n + 2k`` pairs at ``n + k`` tables and plays every board at
``n + k`` tables; the ``2k + 1`` stationary pairs meet every moving pair and not each
other, and the moving pairs of a transfer table never meet. It is the manual's way to
play, say, 6 tables on 9 rounds of 3 boards: 5 tables appended to 6.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    InvalidMovement,
    Movement,
    Pair,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_
from plugins.movements.howell.full import BASE_ROUNDS, Howell, HowellOptions


class AppendixHowellOptions(BoardOptions):
    """How a Howell with appendix (or A/B) tables is played."""

    appended: int = Field(
        default=1,
        ge=1,
        description="Tables added to the full Howell (1: the A/B tables for a late pair).",
    )
    transfers: tuple[int, ...] | None = Field(
        default=None,
        description=(
            "The Howell's tables that get an appendix table, in the order they are added; "
            "empty: the last tables, highest first (figure 8: 6, then 5)."
        ),
    )
    boards_per_round: BoardsPerRound = 2  # as the full Howell it extends


class AppendixHowell:
    """Howell with appendix tables (アペンディックス・ハウエル), or A/B tables for a late pair.

    A full Howell of ``tables - appended`` tables with ``appended`` tables added: each
    added table shares the boards of its transfer table, two new pairs stay put (one
    at each), and the rounds and boards stay those of the smaller Howell. With one
    table appended it is the manual's A/B tables: table ``n`` becomes ``nA`` and table
    ``n + 1`` is ``nB``. The highest pair stays NS at the last appendix table and is
    the phantom with an odd number of pairs (its table then needs no relay). Pairs at
    a transfer table do not meet each other, nor do the stationary pairs.
    """

    name: ClassVar[str] = "appendix-howell"
    aliases: ClassVar[tuple[str, ...]] = ("ab-howell", "howell-ab", "howell-appendix")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = AppendixHowellOptions

    def build(self, tables: int, options: AppendixHowellOptions | None = None) -> Movement:
        """The Howell of ``tables - appended`` tables with ``appended`` tables added."""
        opts = options or AppendixHowellOptions()
        base = tables - opts.appended
        if base not in BASE_ROUNDS:
            raise InvalidMovement(
                N_(
                    "%(appended)s appendix table(s) on %(tables)s tables leaves a %(base)s-table "
                    "Howell, and full Howells are offered for 3 to 16 tables."
                ),
                hint=N_("Append fewer tables, or choose another movement."),
                code="appendix_howell.base",
                appended=opts.appended,
                tables=tables,
                base=base,
            )
        transfers = opts.transfers or tuple(range(base, base - opts.appended, -1))
        if len(transfers) != opts.appended or len(set(transfers)) != len(transfers):
            raise InvalidMovement(
                N_("Name %(appended)s different transfer table(s), not %(transfers)s."),
                hint=N_("Leave transfers empty to append the last tables."),
                code="appendix_howell.transfers",
                appended=opts.appended,
                transfers=list(transfers),
            )
        if not all(2 <= t <= base for t in transfers):
            raise InvalidMovement(
                N_(
                    "Appendix tables go on tables 2 to %(base)s of the %(base)s-table Howell, "
                    "where two moving pairs meet, not on %(transfers)s."
                ),
                hint=N_("Table 1 holds the stationary pair; choose other transfer tables."),
                code="appendix_howell.transfer_tables",
                base=base,
                transfers=list(transfers),
            )
        howell = Howell().build(
            base,
            HowellOptions(boards_per_round=opts.boards_per_round, first_board=opts.first_board),
        )
        movement = append_tables(howell, transfers, self.name).model_copy(
            update={"plugin": self.name, "plugin_version": self.version}
        )
        return validate(movement)


def append_tables(
    howell: Movement, transfers: tuple[int, ...], family: str = "appendix-howell"
) -> Movement:
    """``howell`` with an appendix table on each of ``transfers`` (not yet validated).

    The ``i``-th transfer table keeps its NS pair, who faces pair ``2n + 2i - 1``; its EW
    pair moves to the new table ``n + i`` and faces pair ``2n + 2i`` sitting NS."""
    n, pairs = howell.tables, 2 * howell.tables
    where = {t: i for i, t in enumerate(transfers, start=1)}
    schedule: list[Encounter] = []
    for e in howell.schedule:
        i = where.get(e.table)
        if i is None:
            schedule.append(e)
            continue
        schedule.append(e.model_copy(update={"ew": pairs + 2 * i - 1}))
        schedule.append(e.model_copy(update={"table": n + i, "ns": pairs + 2 * i}))
    schedule.sort(key=lambda e: (e.round, e.table))
    added = tuple(Pair(p) for p in range(pairs + 1, pairs + 2 * len(transfers) + 1))
    shares = "; ".join(f"table {n + i} shares the boards of table {t}" for t, i in where.items())
    still = ", ".join(str(p.number) for p in (*howell.stationary, *added))
    # a fresh model: model_copy would keep the Howell's cached pairs and boards
    return Movement.model_validate(
        howell.model_dump()
        | {
            "family": family,
            "tables": n + len(transfers),
            "schedule": tuple(schedule),
            "relays": relays_of(schedule),
            "stationary": (*howell.stationary, *added),
            "phantom": added[-1],
            "description": (
                f"Howell with appendix tables, {n} + {len(transfers)} tables "
                f"({pairs + len(added)} pairs): {howell.rounds} rounds of "
                f"{howell.boards_per_round} boards, boards {howell.boards[0]}-"
                f"{howell.boards[-1]}; {shares}. Pairs {still} stay at their tables; every "
                "other pair follows the pair one number below it; boards go down one table."
            ),
        }
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the Howell with appendix tables."""
    register(AppendixHowell())
