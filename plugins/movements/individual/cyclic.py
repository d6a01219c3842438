"""Individual movements (JCBL director manual, part 2, chapter 5; appendix 1, "2) 個人戦").

In an individual (個人戦) every player changes partner from round to round. The ideal the
manual sets (ch. 5 §2) is that each player partners every other player once and meets
each as an opponent twice, once on the left and once on the right. JCBL's list of
individual movements (appendix 1) offers 8 to 17 players:

=======  ===============  ======  ======================================================
players  boards × rounds  boards  what the movement here gives
=======  ===============  ======  ======================================================
8        3 × 7            21      the manual's figure 20; partners once, opponents twice
9        2 × 9            18      partners once, opponents twice, once on each side
10       2 × 10           20      8 of the 9 others as partners, each opponent once or twice
12       2 × 11           22      partners once, opponents twice
13       2 × 13           26      partners once, opponents twice, once on each side
14       2 × 14           28      12 of the 13 others as partners, opponents once or twice
16       2 × 15 (or 12)   30/24   partners once, opponents twice (12 rounds: no partner twice)
17       2 × 13           26      no partner twice, every two players meet
=======  ===============  ======  ======================================================

17 players may also play the full 17 rounds: partners once, opponents twice. There is
none for 11 or 15 players, nor beyond 17 (the manual: "8人から28人までの内、出来
ないムーブメントがあります"). Every round, every table plays that round's set of boards
(set ``r`` in round ``r``), as in figure 20: two tables relay the boards between them;
three or four tables need a copy of the boards at each table (duplicated boards, as a
3-table Howell does) or relay them in twos. So every board is played once at every table,
and play may stop after any round with every board played equally often.

**Numbers.** An encounter lists its players as ``players=(north, east, south, west)``;
``ns`` is the North player's number and ``ew`` the East player's, so a result is still
addressed by board, NS and EW (no player plays a board twice, so that is unique). The
manual's master sheet writes a table North-South-East-West: "8-1-6-2" is North 8, South 1,
East 6, West 2. Players who have no seat in a round are listed as sit-outs.

**Construction.** Each movement is cyclic, like a Howell: a *starter* (round 1) and a rule
for the moves. The players numbered up to ``m`` (the rounds of the full cycle) move,
higher numbers are stationary: in round ``r`` the seat of round-1 player ``p`` is taken by
player ``p + r - 1``, counting modulo ``m`` (after ``m`` comes 1); each player takes the
seat the player one number below had. For 9 players the moves are those of a 3 × 3 square
instead (the numbers 1-9 as two base-3 digits, each digit added separately, modulo 3),
the only way found to give all nine the manual's ideal. Only figure 20 (8 players) is
printed in the manual ("個人戦は一般に行われないので、当マニュアルではムーブメントのマスター
シートを省略しています"); the other starters were found by a computer search (not part of
Traveller): no partner twice, opponents as even as the cyclic rule allows, then each
opponent on either side and each player NS and EW as evenly as it found. The validator
and the tests check the properties in the table above.
With sit-outs the player numbered ``r`` sits out round ``r`` (10 players: ``r`` and ``r + 1``;
14 players: ``r`` and ``r + 6``).
"""

from __future__ import annotations

import math
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
    Numbering,
    Pair,
    Relay,
    SitOut,
    board_set,
    hookimpl,
    validate,
)
from engine.errors import N_

Seats = tuple[int, int, int, int]
"""The players at a table: North, East, South, West."""


@dataclass(frozen=True)
class Starter:
    """Round 1 of a cyclic individual, and JCBL's length for it."""

    cycle: tuple[int, ...]
    """The moduli of the moves: ``(7,)`` for players 1-7 moving modulo 7, ``(3, 3)`` for
    the 3 × 3 square. Their product is the number of moving players and of full rounds."""
    tables: tuple[Seats, ...]
    """Round 1, table by table."""
    rounds: int
    """JCBL's number of rounds (the full cycle, or fewer)."""
    boards_per_round: int
    """JCBL's boards a round."""

    @property
    def full_rounds(self) -> int:
        """Rounds of the complete cycle."""
        return math.prod(self.cycle)

    @property
    def players(self) -> int:
        return self.full_rounds + sum(p > self.full_rounds for t in self.tables for p in t)

    @property
    def stationary(self) -> tuple[int, ...]:
        return tuple(sorted(p for t in self.tables for p in t if p > self.full_rounds))

    def moved(self, player: int, round: int) -> int:
        """The player who takes round-1 ``player``'s seat in round ``round``."""
        if player > self.full_rounds:
            return player
        total = 0
        for q, a, b in zip(
            self.cycle, self._digits(player - 1), self._digits(round - 1), strict=True
        ):
            total = total * q + (a + b) % q
        return total + 1

    def _digits(self, number: int) -> list[int]:
        """``number`` (0-based) as digits of the cycle's moduli, most significant first."""
        digits = []
        for q in reversed(self.cycle):
            number, digit = divmod(number, q)
            digits.append(digit)
        return digits[::-1]


STARTERS: dict[int, Starter] = {
    # Figure 20 (8-1-6-2 / 5-7-3-4 read North-South-East-West).
    8: Starter((7,), ((8, 6, 1, 2), (5, 3, 7, 4)), rounds=7, boards_per_round=3),
    9: Starter((3, 3), ((5, 7, 9, 4), (6, 3, 8, 2)), rounds=9, boards_per_round=2),
    10: Starter((10,), ((6, 7, 5, 9), (8, 10, 4, 3)), rounds=10, boards_per_round=2),
    12: Starter(
        (11,), ((12, 2, 1, 8), (3, 4, 6, 11), (5, 9, 7, 10)), rounds=11, boards_per_round=2
    ),
    13: Starter(
        (13,), ((5, 7, 10, 8), (12, 4, 3, 11), (13, 6, 2, 9)), rounds=13, boards_per_round=2
    ),
    14: Starter(
        (14,), ((10, 5, 9, 11), (12, 14, 3, 4), (13, 6, 2, 8)), rounds=14, boards_per_round=2
    ),
    16: Starter(
        (15,), ((16, 3, 1, 8), (12, 5, 9, 11), (7, 6, 15, 10), (4, 14, 2, 13)),
        rounds=15, boards_per_round=2,
    ),
    17: Starter(
        (17,), ((3, 11, 14, 12), (5, 7, 2, 15), (9, 8, 13, 6), (10, 16, 17, 4)),
        rounds=13, boards_per_round=2,
    ),
}  # fmt: skip
"""Players → the starter of their individual."""


class IndividualOptions(BoardOptions):
    """How an individual is played."""

    players: int | None = Field(
        default=None,
        ge=1,
        description="Number of players: 8, 9, 10, 12, 13, 14, 16 or 17; empty: four a table.",
    )
    rounds: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Rounds to play; empty: JCBL's (13 for 17 players, else the full cycle). "
            "16 players may play 12 rounds, 17 players up to 17."
        ),
    )
    boards_per_round: BoardsPerRound | None = Field(
        default=None, description="Boards a round; empty: 3 for 8 players, else 2."
    )


class Individual:
    """Individual (個人戦, インディビデュアル): partners change every round.

    For 8, 9, 10, 12, 13, 14, 16 or 17 players (JCBL's list), four a table; the others sit
    out a round in turn (player ``r`` sits out round ``r``). Each player partners every
    other once where the number of players allows (8, 9, 12, 13 and 16 players) and never
    partners anyone twice. Every table plays the same boards in a round: two tables relay
    them, three or four tables need them duplicated. 8 players play the manual's figure
    20 (3 boards × 7 rounds); the others 2 boards a round. Play may stop after any round.
    """

    name: ClassVar[str] = "individual"
    aliases: ClassVar[tuple[str, ...]] = ("individuals", "indy")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = IndividualOptions

    def build(self, tables: int, options: IndividualOptions | None = None) -> Movement:
        """The individual for ``options.players`` players (four a table) at ``tables`` tables."""
        opts = options or IndividualOptions()
        players = 4 * tables if opts.players is None else opts.players
        starter = STARTERS.get(players)
        if starter is None:
            raise InvalidMovement(
                N_(
                    "There is no individual movement for %(players)s players: JCBL's are for "
                    "8, 9, 10, 12, 13, 14, 16 and 17 players."
                ),
                hint=N_(
                    "Find a substitute (or ask a player to sit out) so that the players fit "
                    "one of these sizes, or play as pairs."
                ),
                code="individual.players",
                players=players,
            )
        if len(starter.tables) != tables:
            raise InvalidMovement(
                N_("%(players)s players play an individual at %(fit)s tables, not %(tables)s."),
                hint=N_(
                    "Give %(fit)s tables, or the number of players that sit at %(tables)s (four "
                    "a table, up to one or two sitting out)."
                ),
                code="individual.tables",
                players=players,
                fit=len(starter.tables),
                tables=tables,
            )
        rounds = starter.rounds if opts.rounds is None else opts.rounds
        if rounds > starter.full_rounds:
            raise InvalidMovement(
                N_(
                    "The individual for %(players)s players has at most %(full)s rounds, not "
                    "%(rounds)s: after that partners would come round again."
                ),
                hint=N_("Give at most %(full)s rounds."),
                code="individual.rounds",
                players=players,
                full=starter.full_rounds,
                rounds=rounds,
            )
        per_round = opts.boards_per_round or starter.boards_per_round
        schedule, relays, sit_outs = _schedule(
            starter, rounds, lambda r: board_set(r, per_round, opts.first_board)
        )
        movement = Movement(
            family=self.name,
            kind="individual",
            tables=tables,
            rounds=rounds,
            boards_per_round=per_round,
            numbering=Numbering.HOWELL,
            schedule=schedule,
            relays=relays,
            sit_outs=sit_outs,
            stationary=tuple(Pair(p) for p in starter.stationary),
            curtail_after=tuple(range(1, rounds)),
            description=_describe(starter, rounds, per_round, opts.first_board),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)


def _schedule(
    starter: Starter, rounds: int, boards: Callable[[int], tuple[int, ...]]
) -> tuple[tuple[Encounter, ...], tuple[Relay, ...], tuple[SitOut, ...]]:
    """The encounters, relays and sit-outs of ``rounds`` rounds: round ``r`` plays set ``r``."""
    schedule: list[Encounter] = []
    relays: list[Relay] = []
    sit_outs: list[SitOut] = []
    tables = tuple(range(1, len(starter.tables) + 1))
    everyone = range(1, starter.players + 1)
    for r in range(1, rounds + 1):
        seated: set[int] = set()
        for table, seats in zip(tables, starter.tables, strict=True):
            north, east, south, west = (starter.moved(p, r) for p in seats)
            seated |= {north, east, south, west}
            schedule.append(
                Encounter(
                    round=r,
                    table=table,
                    ns=north,
                    ew=east,
                    boards=boards(r),
                    players=(north, east, south, west),
                )
            )
        if len(tables) > 1:
            relays.append(Relay(round=r, tables=tables, boards=boards(r)))
        sit_outs += [SitOut(round=r, pair=p) for p in everyone if p not in seated]
    return tuple(schedule), tuple(relays), tuple(sit_outs)


def _describe(starter: Starter, rounds: int, per_round: int, first_board: int) -> str:
    last = first_board + rounds * per_round - 1
    tables = len(starter.tables)
    share = "relayed" if tables == 2 else "a copy at each table, or relayed in twos"
    out = starter.players - 4 * tables
    rest = f"; {out} sit{'s' if out == 1 else ''} out each round" if out else ""
    fixed = ", ".join(str(p) for p in starter.stationary)
    stay = f"; player {fixed} stays in one seat" if fixed else ""
    return (
        f"Individual, {starter.players} players at {tables} tables{rest}: {rounds} rounds of "
        f"{per_round} boards, boards {first_board}-{last}; every table plays the round's "
        f"boards ({share}){stay}; partners change every round."
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the individual."""
    register(Individual())
