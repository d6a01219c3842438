"""Three-quarter (short) Howells: fewer rounds than a full Howell, every board still equal.

The club-director guide (3/4 HOWELL or SHORTENED HOWELL): "These are not curtailed
Howells. They are special movements … Pairs do not play every other pair. Each pair
plays all boards. … The number of stationary pairs equates to the number of pairs
less the number of rounds to be played. The number of sets is equal to the number of
rounds … Moving pairs follow the next lower numbered moving pair." The JCBL manual
(part 2, chapter 2, 10–11) calls them スリークォーター・ハウエル and, ending at about
22 boards instead of 26, ショート・ハウエル; its list of Howell guide sheets (appendix 1)
offers them by rounds with the stationary pairs ``r + 1`` to ``2n``.

With ``n`` tables and ``r`` rounds, pairs 1 to ``r`` move (pair 1 follows pair ``r``)
and pairs ``r + 1`` to ``2n`` stay at their tables, half of them NS (pair ``2n`` NS at
table 1) and half EW, so every moving pair sits NS and EW equally often within one.
There are ``r`` sets and every set is played at every table, so the value of a board is
``n`` as in a full Howell. A cyclic full Howell can never be curtailed instead: a set
played at ``n`` places over ``2n - 1`` rounds is played equally often in a subset of
``k`` rounds only if ``2n - 1`` divides ``n·k``, so only when ``k`` is every round.

The base rounds were found by ``tests/plugins/movements/howell/howell_search.py``: the
NS offsets with the most evenly spread differences, then the fewest relays. Two
stationary pairs that sit opposite ways are never compared, so a three-quarter Howell is
less balanced than a full one (the guide says so too); every two moving pairs are compared on
``2·λ(d) + r - 2|U|`` sets, as evenly as the size allows. With ``r = n + 1`` and ``r``
odd two tables must share a set (a relay) every round: the pair numbers and offsets of
a base round add up to the same total, which forces the one moving table onto the set
no table plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import BoardOptions, BoardsPerRound, InvalidMovement, Movement, hookimpl, validate
from engine.errors import N_
from plugins.movements.howell.full import BaseRound, cyclic_howell

SHORT_BASE_ROUNDS: dict[tuple[int, int], BaseRound] = {
    (4, 5): ((8, 1, 1), (6, 5, 4), (3, 2, 5), (4, 7, 5)),
    (4, 6): ((8, 1, 1), (5, 7, 1), (4, 3, 2), (2, 6, 3)),
    (5, 6): ((10, 1, 1), (7, 4, 3), (6, 8, 4), (3, 2, 5), (5, 9, 6)),
    (5, 7): ((10, 1, 1), (8, 4, 2), (6, 9, 3), (3, 2, 5), (5, 7, 6)),
    (5, 8): ((10, 1, 1), (7, 9, 1), (3, 6, 4), (2, 8, 7), (5, 4, 8)),
    (6, 7): ((12, 1, 1), (8, 2, 1), (9, 5, 3), (7, 10, 4), (4, 3, 6), (6, 11, 7)),
    (6, 8): ((12, 1, 1), (9, 6, 2), (2, 4, 3), (8, 7, 5), (3, 10, 6), (5, 11, 7)),
    (6, 9): ((12, 1, 1), (3, 10, 4), (11, 8, 5), (4, 7, 6), (2, 9, 7), (6, 5, 9)),
    (6, 10): ((12, 1, 1), (8, 7, 2), (4, 6, 5), (3, 10, 6), (5, 9, 7), (2, 11, 9)),
    (7, 8): ((14, 1, 1), (5, 9, 2), (2, 10, 4), (11, 6, 5), (12, 8, 6), (4, 3, 7), (7, 13, 8)),
    (7, 9): ((14, 1, 1), (8, 7, 2), (2, 4, 3), (10, 6, 4), (9, 11, 5), (5, 12, 7), (13, 3, 9)),
    (7, 10): ((14, 1, 1), (2, 4, 3), (8, 11, 5), (3, 10, 6), (12, 9, 7), (7, 13, 9), (6, 5, 10)),
    (7, 11): ((14, 1, 1), (3, 12, 5), (13, 8, 6), (11, 9, 8), (6, 2, 9), (5, 4, 10), (10, 7, 11)),
    (7, 12): ((14, 1, 1), (9, 7, 3), (3, 10, 5), (4, 8, 7), (12, 13, 9), (6, 5, 10), (11, 2, 12)),
    (8, 9): (
        (16, 1, 1), (9, 10, 2), (7, 6, 3), (11, 5, 4), (3, 12, 6), (13, 4, 8), (8, 14, 9),
        (15, 2, 9),
    ),
    (8, 10): (
        (16, 1, 1), (5, 4, 2), (9, 11, 3), (2, 10, 5), (12, 7, 6), (6, 13, 7), (14, 3, 9),
        (8, 15, 10),
    ),
    (8, 11): (
        (16, 1, 1), (12, 3, 2), (6, 13, 3), (11, 10, 5), (5, 8, 6), (4, 14, 7), (15, 2, 9),
        (9, 7, 11),
    ),
    (8, 12): (
        (16, 1, 1), (12, 13, 2), (6, 14, 3), (10, 8, 4), (15, 9, 8), (5, 4, 9), (7, 3, 10),
        (11, 2, 12),
    ),
    (8, 13): (
        (16, 1, 1), (13, 4, 2), (14, 11, 5), (5, 15, 6), (12, 10, 9), (7, 2, 10), (6, 3, 12),
        (9, 8, 13),
    ),
    (8, 14): (
        (16, 1, 1), (2, 6, 3), (13, 8, 6), (4, 12, 7), (7, 15, 9), (14, 11, 10), (5, 3, 11),
        (10, 9, 14),
    ),
    (9, 10): (
        (18, 1, 1), (5, 4, 2), (10, 11, 3), (12, 8, 4), (13, 6, 5), (2, 14, 6), (15, 3, 8),
        (7, 16, 9), (9, 17, 10),
    ),
    (9, 11): (
        (18, 1, 1), (12, 9, 2), (2, 4, 3), (13, 8, 4), (3, 14, 5), (10, 15, 7), (16, 11, 9),
        (7, 17, 10), (6, 5, 11),
    ),
    (9, 12): (
        (18, 1, 1), (2, 5, 3), (12, 13, 4), (8, 14, 5), (15, 11, 7), (6, 16, 8), (17, 10, 9),
        (4, 3, 10), (9, 7, 12),
    ),
    (9, 13): (
        (18, 1, 1), (11, 10, 2), (14, 9, 3), (3, 5, 4), (15, 13, 8), (6, 16, 9), (8, 12, 10),
        (2, 17, 12), (7, 4, 13),
    ),
    (9, 14): (
        (18, 1, 1), (11, 8, 3), (3, 5, 4), (15, 7, 5), (4, 13, 7), (6, 16, 8), (2, 12, 9),
        (14, 17, 10), (10, 9, 14),
    ),
    (9, 15): (
        (18, 1, 1), (15, 4, 2), (13, 16, 3), (9, 6, 5), (12, 11, 6), (17, 10, 7), (3, 5, 9),
        (7, 2, 10), (14, 8, 15),
    ),
    (10, 11): (
        (20, 1, 1), (12, 2, 1), (11, 13, 2), (14, 7, 3), (8, 15, 5), (16, 9, 7), (5, 17, 8),
        (4, 3, 9), (18, 6, 10), (10, 19, 11),
    ),
    (10, 12): (
        (20, 1, 1), (5, 4, 2), (11, 13, 3), (14, 8, 4), (12, 15, 6), (16, 2, 7), (7, 9, 8),
        (6, 17, 9), (18, 3, 10), (10, 19, 12),
    ),
    (10, 13): (
        (20, 1, 1), (14, 7, 2), (2, 5, 3), (13, 15, 4), (16, 6, 5), (17, 11, 7), (12, 18, 9),
        (4, 3, 10), (9, 19, 11), (10, 8, 13),
    ),
    (10, 14): (
        (20, 1, 1), (10, 7, 2), (15, 4, 3), (14, 16, 4), (3, 17, 5), (8, 12, 9), (18, 13, 11),
        (2, 19, 12), (6, 5, 13), (11, 9, 14),
    ),
    (10, 15): (
        (20, 1, 1), (15, 5, 2), (10, 6, 4), (16, 8, 7), (12, 13, 8), (4, 2, 9), (17, 3, 11),
        (9, 18, 12), (7, 19, 13), (14, 11, 15),
    ),
    (11, 12): (
        (22, 1, 1), (13, 3, 2), (12, 14, 3), (15, 8, 4), (9, 16, 6), (17, 2, 7), (18, 10, 8),
        (7, 19, 9), (6, 20, 10), (5, 4, 11), (11, 21, 12),
    ),
    (11, 13): (
        (22, 1, 1), (5, 4, 2), (14, 9, 3), (12, 15, 5), (16, 10, 6), (3, 17, 7), (7, 18, 8),
        (19, 2, 10), (8, 6, 11), (20, 13, 12), (11, 21, 13),
    ),
    (11, 14): (
        (22, 1, 1), (12, 15, 2), (11, 9, 3), (2, 5, 4), (16, 10, 5), (14, 17, 7), (7, 18, 8),
        (6, 19, 9), (20, 13, 11), (21, 8, 13), (4, 3, 14),
    ),
    (11, 15): (
        (22, 1, 1), (14, 13, 2), (10, 7, 4), (3, 16, 5), (17, 8, 6), (11, 18, 7), (19, 2, 10),
        (6, 4, 11), (12, 20, 13), (21, 15, 14), (9, 5, 15),
    ),
    (12, 13): (
        (24, 1, 1), (14, 7, 2), (15, 11, 3), (16, 5, 4), (3, 17, 5), (9, 8, 6), (18, 13, 7),
        (4, 19, 8), (20, 2, 11), (6, 21, 12), (12, 22, 13), (10, 23, 13),
    ),
    (12, 14): (
        (24, 1, 1), (6, 5, 2), (13, 15, 3), (11, 16, 4), (17, 7, 5), (14, 18, 6), (19, 2, 7),
        (8, 10, 9), (20, 3, 11), (9, 21, 12), (22, 4, 13), (12, 23, 14),
    ),
    (12, 15): (
        (24, 1, 1), (16, 7, 2), (17, 6, 3), (13, 18, 4), (3, 19, 5), (10, 8, 6), (2, 14, 7),
        (9, 20, 10), (21, 5, 12), (4, 22, 13), (23, 15, 14), (12, 11, 15),
    ),
    (13, 14): (
        (26, 1, 1), (15, 4, 2), (10, 9, 3), (16, 5, 4), (3, 17, 5), (18, 11, 6), (19, 2, 7),
        (12, 20, 8), (6, 21, 9), (22, 14, 11), (8, 23, 12), (7, 24, 13), (13, 25, 14),
    ),
    (13, 15): (
        (26, 1, 1), (16, 10, 2), (2, 4, 3), (17, 6, 4), (11, 12, 5), (3, 18, 6), (5, 19, 7),
        (13, 20, 9), (21, 15, 10), (22, 14, 11), (7, 23, 12), (24, 9, 13), (8, 25, 14),
    ),
    (14, 15): (
        (28, 1, 1), (15, 16, 2), (17, 4, 3), (10, 11, 4), (9, 18, 5), (3, 19, 6), (20, 12, 7),
        (21, 5, 9), (22, 13, 10), (6, 23, 12), (8, 24, 13), (25, 7, 14), (14, 26, 15), (27, 2, 15),
    ),
}  # fmt: skip
"""(tables, rounds) → round 1 as (NS pair, EW pair, board set), table 1 first."""

MOST_ROUNDS = 15
"""No three-quarter Howell is offered beyond 15 rounds (30 boards at two a round)."""


def three_quarter_rounds(tables: int) -> int:
    """Three quarters of a full Howell's ``2n - 1`` rounds, rounded half up, within the offer."""
    rounds = (3 * (2 * tables - 1) + 2) // 4
    return max(tables + 1, min(rounds, 2 * tables - 2, MOST_ROUNDS))


class ThreeQuarterHowellOptions(BoardOptions):
    """How a three-quarter Howell is played."""

    rounds: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Rounds to play, from one more than the tables to two fewer than the pairs "
            "(at most 15); empty: three quarters of the full Howell's rounds."
        ),
    )
    boards_per_round: BoardsPerRound = 2  # as the full Howell


class ThreeQuarterHowell:
    """Three-quarter or short Howell (スリークォーター／ショート・ハウエル): fewer rounds.

    For 4 to 14 tables, ``n + 1`` to ``2n - 2`` rounds (at most 15). Pairs 1 to
    ``rounds`` move, following the pair one number below; the higher pairs stay at
    their tables (half NS, half EW) and meet every moving pair. Every pair plays every
    board and every board is played at every table; pairs do not all meet. The highest
    pair stays NS at table 1 and is the phantom when a pair is missing. Less balanced
    than a full Howell: two stationary pairs sitting opposite ways are never compared.
    """

    name: ClassVar[str] = "three-quarter-howell"
    aliases: ClassVar[tuple[str, ...]] = ("3/4-howell", "short-howell", "shortened-howell")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = ThreeQuarterHowellOptions

    def build(self, tables: int, options: ThreeQuarterHowellOptions | None = None) -> Movement:
        """The three-quarter Howell for ``tables`` tables and the rounds asked for."""
        opts = options or ThreeQuarterHowellOptions()
        if not 4 <= tables <= 14:
            raise InvalidMovement(
                N_("A three-quarter Howell is offered for 4 to 14 tables, not %(tables)s."),
                hint=N_("For 3 tables play the full Howell; for more tables a Mitchell."),
                code="three_quarter_howell.tables",
                tables=tables,
            )
        rounds = three_quarter_rounds(tables) if opts.rounds is None else opts.rounds
        if (tables, rounds) not in SHORT_BASE_ROUNDS:
            most = min(2 * tables - 2, MOST_ROUNDS)
            raise InvalidMovement(
                N_(
                    "A %(tables)s-table three-quarter Howell has %(least)s to %(most)s rounds, "
                    "not %(rounds)s."
                ),
                hint=N_(
                    "Give rounds from %(least)s to %(most)s, or play the full Howell "
                    "(%(full)s rounds)."
                )
                if rounds == 2 * tables - 1
                else N_("Give rounds from %(least)s to %(most)s."),
                code="three_quarter_howell.rounds",
                tables=tables,
                least=tables + 1,
                most=most,
                rounds=rounds,
                full=2 * tables - 1,
            )
        movement = cyclic_howell(
            SHORT_BASE_ROUNDS[tables, rounds],
            opts.boards_per_round,
            opts.first_board,
            rounds=rounds,
            family=self.name,
            title="Three-quarter Howell",
        )
        return validate(
            movement.model_copy(update={"plugin": self.name, "plugin_version": self.version})
        )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the three-quarter Howell."""
    register(ThreeQuarterHowell())
