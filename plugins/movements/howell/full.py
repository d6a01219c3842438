"""Full Howell movements for 3 to 16 tables (JCBL director manual, part 2, chapter 2).

Every pair meets every other pair once: ``2n`` pairs play ``2n - 1`` rounds on
``2n - 1`` board sets. Pair ``2n`` is stationary NS at table 1; every other pair
follows the pair one number below it (pair 1 follows pair ``2n - 1``). Boards go down
one table each round and from table 1 to the highest place of the circuit, passing
bye stands where the circuit has no table. Each moving pair sits NS ``n - 1`` times
and EW ``n`` times.

A base round fixes the whole movement: in round ``r`` add ``r - 1`` to every moving
pair number and every set number, counting modulo ``2n - 1``. For 6 tables it is the
manual's figure 7; the others were found by the search in
``tests/plugins/movements/howell/howell_search.py`` and compare every two pairs on as
equal a number of boards as the size allows: exactly ``n - 1`` sets when ``n`` is even
(a cyclic difference set), ``n - 1 ± 1`` when it is odd; with 14 tables, where no
difference set exists, four differences stray by one more (11 to 15 sets).

The same construction with fewer rounds and more stationary pairs gives the
three-quarter Howells (:mod:`plugins.movements.howell.short`), and with two circuits
of moving pairs the interwoven Howell (:mod:`plugins.movements.howell.interwoven`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import prod
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    InvalidMovement,
    Movement,
    Numbering,
    Pair,
    board_set,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_

BaseRound = tuple[tuple[int, int, int], ...]
"""Round 1 of a cyclic movement as (NS pair, EW pair, board set), the table of the
phantom's pair first."""

BASE_ROUNDS: dict[int, BaseRound] = {
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
    13: (
        (26, 1, 1), (25, 4, 2), (2, 16, 3), (24, 9, 4), (3, 21, 6), (13, 8, 7), (14, 17, 10),
        (7, 20, 11), (23, 15, 12), (6, 22, 14), (5, 11, 20), (12, 10, 23), (19, 18, 25),
    ),
    14: (
        (28, 1, 1), (27, 3, 2), (24, 18, 3), (2, 22, 5), (15, 13, 7), (19, 11, 8), (25, 14, 9),
        (5, 20, 10), (21, 7, 14), (16, 12, 20), (23, 6, 21), (10, 9, 23), (17, 8, 26), (26, 4, 27),
    ),
    15: (
        (30, 1, 1), (24, 23, 2), (2, 5, 4), (20, 13, 5), (9, 25, 6), (3, 12, 7), (14, 19, 8),
        (6, 29, 9), (7, 21, 12), (4, 22, 15), (26, 18, 16), (17, 27, 23), (8, 10, 25),
        (15, 11, 27), (28, 16, 29),
    ),
    16: (
        (32, 1, 1), (24, 21, 2), (31, 7, 3), (2, 15, 4), (10, 25, 5), (20, 8, 6), (3, 13, 7),
        (26, 22, 9), (19, 28, 10), (6, 14, 13), (27, 29, 19), (23, 12, 20), (11, 5, 21),
        (17, 18, 23), (4, 9, 28), (30, 16, 31),
    ),
}  # fmt: skip
"""Tables → round 1 as (NS pair, EW pair, board set), the stationary table first.

With 3 tables no cyclic Howell keeps the sets apart, so all three tables share each
round's set (a three-way relay)."""


class HowellOptions(BoardOptions):
    """How a full Howell is played."""

    rounds: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Leave empty: a Howell cannot be curtailed to fewer rounds (choose the "
            "three-quarter-howell for fewer rounds)."
        ),
    )
    boards_per_round: BoardsPerRound = 2  # the Howell list plays two or three a round


class Howell:
    """Full Howell (ハウエル): every pair meets every other pair once.

    For 3 to 16 tables (6 to 32 pairs), ``2n - 1`` rounds. The highest pair is
    stationary NS at table 1 and is the phantom when a pair is missing. A Howell
    cannot be curtailed: stopping early leaves boards played unequally often and
    pairs that never met, so choose fewer boards a round, or a three-quarter Howell
    (fewer rounds, more stationary pairs). With 3 tables the three tables share each
    round's boards: play at least 3 boards a round or duplicate them.
    """

    name: ClassVar[str] = "howell"
    aliases: ClassVar[tuple[str, ...]] = ("howel", "full-howell")
    version: ClassVar[str] = "1.1"
    Options: ClassVar[type[BaseModel]] = HowellOptions

    def build(self, tables: int, options: HowellOptions | None = None) -> Movement:
        """The full Howell for ``tables`` tables."""
        opts = options or HowellOptions()
        if tables not in BASE_ROUNDS:
            raise InvalidMovement(
                N_("A full Howell is offered for 3 to 16 tables, not %(tables)s."),
                hint=N_("For more tables play a Mitchell, or split the field into sections."),
                code="howell.tables",
                tables=tables,
            )
        m = 2 * tables - 1
        if opts.rounds is not None and opts.rounds != m:
            raise InvalidMovement(
                N_(
                    "A %(tables)s-table Howell cannot be curtailed to %(rounds)s rounds: "
                    "some boards would be played more often than others and some pairs "
                    "would not meet. It has %(full)s rounds."
                ),
                hint=N_("Play fewer boards a round, or choose the three-quarter-howell."),
                code="howell.curtailed",
                tables=tables,
                rounds=opts.rounds,
                full=m,
            )
        movement = cyclic_howell(BASE_ROUNDS[tables], opts.boards_per_round, opts.first_board)
        return validate(
            movement.model_copy(update={"plugin": self.name, "plugin_version": self.version})
        )


def cyclic_howell(
    base: BaseRound,
    boards_per_round: int = 2,
    first_board: int = 1,
    *,
    rounds: int | None = None,
    circuits: tuple[tuple[int, int], ...] | None = None,
    rotation: Rotation | None = None,
    family: str = "howell",
    title: str = "Full Howell",
) -> Movement:
    """The cyclic movement a base round generates (not yet validated).

    ``base`` holds (NS, EW, set) of each table in round 1, the phantom's table first.
    The pairs of each circuit (first, last) move: in round ``k`` each has the number of
    round 1 plus ``k - 1``, counting round its circuit, and so does each set, counting
    modulo ``rounds`` (``2n - 1`` unless given). A Howell has one circuit, pairs 1 to
    ``rounds``; the pairs in no circuit are stationary. Tables are numbered in the order
    of their sets' places on the circuit of sets, so boards go down one table a round;
    places without a table are bye stands, and tables at one place share (relay) its set.

    With a ``rotation`` that is no cyclic group the rounds run through its elements
    instead of counting up by one (see :class:`Rotation`): the boards and pairs then
    move as the guide cards say, not one table a round.
    """
    tables = len(base)
    m = 2 * tables - 1 if rounds is None else rounds
    turn = rotation or Rotation((m,))
    if turn.order != m:
        raise ValueError(f"a rotation of order {turn.order} cannot run {m} rounds")
    loops = circuits or ((1, m),)
    order = sorted(range(tables), key=lambda i: ((base[i][2] - 1) % m, i))
    places = [(base[i][2] - 1) % m for i in order]

    def moved(pair: int, r: int) -> int:
        for low, high in loops:
            if low <= pair <= high:
                return low + turn.plus(pair - low, r - 1)
        return pair

    def boards(place: int, r: int) -> tuple[int, ...]:
        return board_set(turn.plus(place, r - 1) + 1, boards_per_round, first_board)

    schedule: list[Encounter] = []
    bye_boards: list[tuple[int, tuple[int, ...]]] = []
    for r in range(1, m + 1):
        for table, (i, place) in enumerate(zip(order, places, strict=True), start=1):
            ns, ew, _ = base[i]
            schedule.append(
                Encounter(
                    round=r, table=table, ns=moved(ns, r), ew=moved(ew, r), boards=boards(place, r)
                )
            )
        bye = [b for p in range(m) if p not in places for b in boards(p, r)]
        if bye:
            bye_boards.append((r, tuple(sorted(bye))))
    pairs = 2 * tables
    still = sorted({p for e in base for p in e[:2] if moved(p, 2) == p})
    last = first_board + m * boards_per_round - 1
    groups = " and ".join(f"{low}-{high}" for low, high in loops)
    follow = "the pair one number below it" + (
        "" if circuits is None else f" in its group ({groups})"
    )
    moves = "boards go down one table"
    if not turn.cyclic:
        follow = f"the seats its guide card gives (groups {groups})"
        moves = "boards move as the guide cards say"
    return Movement(
        family=family,
        tables=tables,
        rounds=m,
        boards_per_round=boards_per_round,
        numbering=Numbering.HOWELL,
        schedule=tuple(schedule),
        relays=relays_of(schedule),
        bye_boards=tuple(bye_boards),
        phantom=Pair(max(p for e in base for p in e[:2])),
        stationary=tuple(Pair(p) for p in still),
        description=(
            f"{title}, {tables} tables ({pairs} pairs): {m} rounds of {boards_per_round} "
            f"boards, boards {first_board}-{last}. {_staying(still)}; "
            f"every other pair follows {follow}; {moves}."
        ),
    )


@dataclass(frozen=True)
class Rotation:
    """The group a cyclic movement's rounds run through: ``Z_r`` unless it cannot.

    Labels ``0 … r - 1`` (of moving pairs within their circuit, and of board sets) are
    the elements of a product of cyclic groups of ``orders``, written in mixed radix
    (the first order's digit lowest); round ``k`` adds element ``k - 1`` to every label.
    For one order that is the usual count-up-by-one. Some sizes have no cyclic
    movement (the 8- and 12-round appendix Mitchells with one relay, and JCBL's printed
    9-table sheet is none either), while ``Z_2 × Z_4`` or ``Z_3 × Z_3`` has one."""

    orders: tuple[int, ...]

    @property
    def order(self) -> int:
        return prod(self.orders)

    @property
    def cyclic(self) -> bool:
        return len(self.orders) == 1

    def plus(self, label: int, other: int) -> int:
        """``label + other`` in the group."""
        return self._join(
            a + b for a, b in zip(self._digits(label), self._digits(other), strict=True)
        )

    def minus(self, label: int, other: int) -> int:
        """``label - other`` in the group."""
        return self._join(
            a - b for a, b in zip(self._digits(label), self._digits(other), strict=True)
        )

    def digit(self, label: int, place: int) -> int:
        """The ``place``-th digit of ``label`` (its coordinate in that cyclic factor)."""
        return self._digits(label)[place]

    def _digits(self, label: int) -> list[int]:
        digits = []
        for n in self.orders:
            label, digit = divmod(label, n)
            digits.append(digit)
        return digits

    def _join(self, digits: Iterable[int]) -> int:
        label, scale = 0, 1
        for digit, n in zip(digits, self.orders, strict=True):
            label += (digit % n) * scale
            scale *= n
        return label


def _staying(pairs: list[int]) -> str:
    """``Pair 12 stays at its table`` or ``Pairs 12, 13 and 14 stay at their tables``."""
    if not pairs:
        return "No pair stays at one table"
    if len(pairs) == 1:
        return f"Pair {pairs[0]} stays at its table"
    listed = ", ".join(map(str, pairs[:-1]))
    return f"Pairs {listed} and {pairs[-1]} stay at their tables"


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the full Howell."""
    register(Howell())
