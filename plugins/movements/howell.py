"""Full Howell movements for 3 to 12 tables (JCBL director manual, part 2, chapter 2).

Every pair meets every other pair once: ``2n`` pairs play ``2n - 1`` rounds on
``2n - 1`` board sets. Pair ``2n`` is stationary NS at table 1; every other pair
follows the pair one number below it (pair 1 follows pair ``2n - 1``). Boards go down
one table each round and from table 1 to the highest place of the circuit, passing
bye stands where the circuit has no table. Each moving pair sits NS ``n - 1`` times
and EW ``n`` times.

A base round fixes the whole movement: in round ``r`` add ``r - 1`` to every moving
pair number and every set number, counting modulo ``2n - 1``. For 6 tables it is the
manual's figure 7; the others were found by the search in
``tests/plugins/howell_search.py`` and compare every two pairs on as equal a number
of boards as the size allows (exactly ``n - 1`` sets when ``n`` is even).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidMovement
from engine.hookspecs import hookimpl
from engine.movement import Encounter, Movement, Relay, board_set
from engine.seating import Numbering, Pair
from engine.validator import validate

BASE_ROUNDS: dict[int, tuple[tuple[int, int, int], ...]] = {
    3: ((6, 1, 1), (5, 2, 1), (4, 3, 1)),
    4: ((8, 1, 1), (2, 7, 3), (3, 6, 5), (5, 4, 2)),
    5: ((10, 1, 1), (5, 9, 6), (4, 2, 9), (3, 6, 5), (8, 7, 2)),
    6: ((12, 1, 1), (11, 6, 3), (9, 5, 7), (3, 2, 8), (8, 10, 9), (7, 4, 11)),
    7: ((14, 1, 1), (13, 2, 10), (3, 6, 5), (8, 4, 11), (5, 11, 9), (7, 12, 8), (9, 10, 2)),
    8: (
        (16, 1, 1), (15, 2, 6), (3, 4, 12), (5, 10, 7), (6, 12, 11), (14, 7, 2), (8, 11, 9),
        (9, 13, 5),
    ),
    9: (
        (18, 1, 1), (17, 2, 10), (3, 6, 4), (13, 4, 17), (5, 12, 7), (7, 8, 14), (15, 9, 3),
        (10, 14, 13), (11, 16, 8),
    ),
    10: (
        (20, 1, 1), (19, 2, 13), (3, 4, 9), (5, 9, 19), (6, 16, 4), (7, 15, 8), (8, 14, 11),
        (10, 13, 12), (18, 11, 7), (17, 12, 2),
    ),
    11: (
        (22, 1, 1), (21, 2, 10), (3, 4, 15), (5, 8, 6), (6, 13, 12), (7, 15, 11), (9, 19, 14),
        (10, 16, 4), (11, 20, 13), (12, 17, 9), (18, 14, 21),
    ),
    12: (
        (24, 1, 1), (23, 2, 9), (3, 4, 15), (5, 8, 6), (12, 6, 20), (7, 16, 13), (9, 19, 11),
        (10, 18, 5), (11, 22, 4), (17, 13, 7), (14, 21, 17), (15, 20, 19),
    ),
}  # fmt: skip
"""Tables → round 1 as (NS pair, EW pair, board set), the stationary table first.

With 3 tables no cyclic Howell keeps the sets apart, so all three tables share each
round's set (a three-way relay)."""


class HowellOptions(BaseModel):
    """How a full Howell is played."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int | None = Field(
        default=None,
        ge=1,
        description="Leave empty: a Howell cannot be curtailed to fewer rounds.",
    )
    boards_per_round: int = Field(default=2, ge=1, description="Boards in each set.")
    first_board: int = Field(default=1, ge=1, description="Number of the first board.")


class Howell:
    """Full Howell (ハウエル): every pair meets every other pair once.

    For 3 to 12 tables (6 to 24 pairs), ``2n - 1`` rounds. The highest pair is
    stationary NS at table 1 and is the phantom when a pair is missing. A Howell
    cannot be curtailed: stopping early leaves boards played unequally often and
    pairs that never met, so choose fewer boards a round instead. With 3 tables the
    three tables share each round's boards: play at least 3 boards a round or
    duplicate them.
    """

    name: ClassVar[str] = "howell"
    aliases: ClassVar[tuple[str, ...]] = ("howel", "full-howell")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = HowellOptions

    def build(self, tables: int, options: HowellOptions | None = None) -> Movement:
        """The full Howell for ``tables`` tables."""
        opts = options or HowellOptions()
        if tables not in BASE_ROUNDS:
            raise InvalidMovement(
                f"A full Howell is offered for 3 to 12 tables, not {tables}.",
                hint="For more tables play a Mitchell.",
            )
        m = 2 * tables - 1
        if opts.rounds is not None and opts.rounds != m:
            raise InvalidMovement(
                f"A {tables}-table Howell cannot be curtailed to {opts.rounds} rounds: "
                "some boards would be played more often than others and some pairs "
                f"would not meet. It has {m} rounds.",
                hint="Play fewer boards a round, or choose a Mitchell.",
            )
        return validate(
            cyclic_howell(BASE_ROUNDS[tables], opts.boards_per_round, opts.first_board).model_copy(
                update={"plugin": self.name, "plugin_version": self.version}
            )
        )


def cyclic_howell(
    base: tuple[tuple[int, int, int], ...], boards_per_round: int = 2, first_board: int = 1
) -> Movement:
    """The Howell a base round generates (not yet validated).

    ``base`` holds (NS, EW, set) of each table in round 1, the stationary pair's table
    first. Tables are numbered in the order of their sets' places on the circuit, so
    boards go down one table a round; places without a table are bye stands, and
    tables at one place share (relay) its set.
    """
    tables = len(base)
    m = 2 * tables - 1
    stationary = 2 * tables
    order = sorted(range(tables), key=lambda i: ((base[i][2] - 1) % m, i))
    places = [(base[i][2] - 1) % m for i in order]

    def moved(pair: int, r: int) -> int:
        return pair if pair == stationary else (pair + r - 2) % m + 1

    def boards(place: int, r: int) -> tuple[int, ...]:
        return board_set((place + r - 1) % m + 1, boards_per_round, first_board)

    schedule: list[Encounter] = []
    relays: list[Relay] = []
    bye_boards: list[tuple[int, tuple[int, ...]]] = []
    for r in range(1, m + 1):
        for table, (i, place) in enumerate(zip(order, places, strict=True), start=1):
            ns, ew, _ = base[i]
            schedule.append(
                Encounter(
                    round=r, table=table, ns=moved(ns, r), ew=moved(ew, r), boards=boards(place, r)
                )
            )
        for place in sorted(set(places)):
            sharing = tuple(t for t, p in enumerate(places, start=1) if p == place)
            if len(sharing) > 1:
                relays.append(Relay(round=r, tables=sharing, boards=boards(place, r)))
        bye = [b for p in range(m) if p not in places for b in boards(p, r)]
        bye_boards.append((r, tuple(sorted(bye))))
    last = first_board + m * boards_per_round - 1
    return Movement(
        family=Howell.name,
        tables=tables,
        rounds=m,
        boards_per_round=boards_per_round,
        numbering=Numbering.HOWELL,
        schedule=tuple(schedule),
        relays=tuple(relays),
        bye_boards=tuple(bye_boards),
        phantom=Pair(stationary),
        stationary=(Pair(stationary),),
        description=(
            f"Full Howell, {tables} tables ({stationary} pairs): {m} rounds of "
            f"{boards_per_round} boards, boards {first_board}-{last}. Pair {stationary} stays "
            "NS at table 1; every other pair follows the pair one number below it; boards go "
            "down one table."
        ),
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the full Howell."""
    register(Howell())
