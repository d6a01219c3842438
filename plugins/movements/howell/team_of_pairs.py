"""Team of pairs for four or five pairs (JCBL director manual, part 2, chapter 4, §20).

With only four pairs a Howell cannot be played, and matchpoints of 0 or 1 make a dull
game, so the manual scores by IMPs as a team game whose teams change every round
(チームオブペア): both tables play the same boards (relayed, 4 to 8 a round), and the NS
pair at one table and the EW pair at the other, who play the boards in opposite
directions, are team-mates for the round. After the round the EW pairs change tables
and compare scores with the NS pairs there. Totals are IMPs, or each round's IMPs
converted to VPs.

- **4 pairs** (2 tables, 3 rounds): the manual's table guide sheet, exactly. Pair 4 stays
  NS at table 1; after each round the EW pairs change tables and at table 2 the two
  pairs then swap seats. Every two pairs meet once, are team-mates once and are compared
  (sit the same way at the other table) once.
- **5 pairs** (3 tables, 5 rounds): the manual says to use a 3-table Howell but prints no
  guide, so this one was found by an exhaustive search: pair 6 is the phantom, stationary
  NS at table 3, so the pair drawn against it sits out (pair ``r`` in round ``r``) and
  tables 1 and 2 play. Every two pairs meet once (it is a 3-table Howell) and each pair
  sits NS in two of its four rounds; no 5-round schedule also makes every two pairs
  team-mates exactly once, so two pairs are team-mates twice and two never. With six
  pairs it is a plain 3-table Howell on shared boards.
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
    Numbering,
    Pair,
    Relay,
    board_set,
    hookimpl,
    validate,
)
from engine.errors import N_

Round = tuple[tuple[int, int], ...]
"""One round: (NS pair, EW pair) of each table, table 1 first."""

GUIDES: dict[int, tuple[Round, ...]] = {
    # The manual's "4 ペアのテーブルガイドシート".
    2: (
        ((4, 1), (3, 2)),
        ((4, 2), (1, 3)),
        ((4, 3), (2, 1)),
    ),
    3: (
        ((2, 3), (4, 5), (6, 1)),
        ((1, 4), (3, 5), (6, 2)),
        ((2, 4), (5, 1), (6, 3)),
        ((3, 1), (5, 2), (6, 4)),
        ((1, 2), (4, 3), (6, 5)),
    ),
}
"""Tables → the rounds of the team of pairs."""

DEFAULT_BOARDS = {2: 7, 3: 6}
"""Tables → boards a round: the guide's 7 (it also prints 8) for four pairs; 6 for five,
so each pair plays 24 boards in its four rounds."""

PAIRS = {2: 4, 3: 5}
"""Tables → the pairs the team of pairs is for."""

PHANTOM = {3: Pair(6)}
"""The pair that is missing when five pairs play at three tables."""


class TeamOfPairsOptions(BoardOptions):
    """How a team of pairs is played."""

    boards_per_round: BoardsPerRound | None = Field(
        default=None,
        description="Boards a round (the manual: 4 to 8); empty: 7 for four pairs, 6 for five.",
    )


class TeamOfPairs:
    """Team of pairs (チームオブペア): four or five pairs, teams that change every round.

    Both tables play the same boards each round; the NS pair at one table and the EW pair
    at the other are team-mates for the round, and the pairs are scored by IMPs (with two
    tables, cross-IMPs is the team comparison), totalled or converted to VPs a round.
    Four pairs play the manual's guide at 2 tables (3 rounds, 7 or 8 boards a round);
    five pairs a 3-table Howell at 3 tables (5 rounds, 6 boards), in which the pair
    drawn against the phantom, pair 6 at table 3, sits out.
    """

    name: ClassVar[str] = "team-of-pairs"
    aliases: ClassVar[tuple[str, ...]] = ("teams-of-pairs", "team-of-pair")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = TeamOfPairsOptions

    def build(self, tables: int, options: TeamOfPairsOptions | None = None) -> Movement:
        """The team of pairs at ``tables`` tables (2 for four pairs, 3 for five)."""
        opts = options or TeamOfPairsOptions()
        guide = GUIDES.get(tables)
        if guide is None:
            raise InvalidMovement(
                N_(
                    "A team of pairs is for four pairs (2 tables) or five (3 tables), not "
                    "%(tables)s tables."
                ),
                hint=N_("With six pairs or more play a Howell or a Mitchell."),
                code="team_of_pairs.tables",
                tables=tables,
            )
        per_round = opts.boards_per_round or DEFAULT_BOARDS[tables]

        def boards(r: int) -> tuple[int, ...]:
            return board_set(r, per_round, opts.first_board)

        everyone = tuple(range(1, tables + 1))
        movement = Movement(
            family=self.name,
            tables=tables,
            rounds=len(guide),
            boards_per_round=per_round,
            numbering=Numbering.HOWELL,
            schedule=tuple(
                Encounter(round=r, table=t, ns=ns, ew=ew, boards=boards(r))
                for r, seats in enumerate(guide, 1)
                for t, (ns, ew) in enumerate(seats, 1)
            ),
            relays=tuple(
                Relay(round=r, tables=everyone, boards=boards(r)) for r in range(1, len(guide) + 1)
            ),
            phantom=PHANTOM.get(tables),
            stationary=(Pair(2 * tables),),
            curtail_after=tuple(range(1, len(guide))),
            description=_describe(tables, len(guide), per_round, opts.first_board),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)


def _describe(tables: int, rounds: int, per_round: int, first_board: int) -> str:
    last = first_board + rounds * per_round - 1
    how = (
        "pair 4 stays NS at table 1; after each round the EW pairs change tables and at "
        "table 2 the two pairs swap seats"
        if tables == 2
        else "pair 6 is the phantom at table 3: the pair drawn against it sits out"
    )
    return (
        f"Team of pairs, {PAIRS[tables]} pairs at {tables} tables: {rounds} rounds of "
        f"{per_round} boards, boards {first_board}-{last}; every table plays the round's "
        "boards (relayed); of the two tables in play, the NS pair at one and the EW pair at "
        f"the other are team-mates; {how}."
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the team of pairs."""
    register(TeamOfPairs())
