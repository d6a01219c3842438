"""NS rover Mitchell: a half table played by a roving NS pair (JCBL part 2, ch. 3, §8-1).

The full tables play an ordinary Mitchell (straight, skip, or bye and relay). The extra
pair takes the next NS number, sits out the first round and then takes the place of a
different NS pair each round; the displaced pair sits out that round and comes back
to its own table afterwards. The rover's list of tables is chosen so that it never
plays a board twice nor meets an EW pair twice.

Where the seeds print the rover's tables they are used as printed: the guide's tables
for prime Mitchells (table 2 first, then up two tables a round), skip Mitchells not
divisible by 3 (up two, table 3 at the skip), the 12-table skip, the share-and-relay
Mitchells, and the 9-table Mitchell (with EW 6 and EW 9 changing places in rounds 3, 6
and 9); JCBL figure 13 is the 7-table case. The three rules generalise to every size not
divisible by 3. For the sizes divisible by 3 that no seed tabulates, the tables below
were found by a depth-first search for the longest list with no board played twice and
no pair met twice; where no complete list exists the movement is curtailed (as JCBL
appendix 3 §5 does for 9, 15 and 21 tables).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import InvalidMovement, Line, Movement, Pair, SitOut, equal_stops, hookimpl, validate
from engine.errors import N_
from plugins.movements.mitchell.basic import (
    Basic,
    Mitchell,
    MitchellOptions,
    full_rounds,
    resolve_variant,
)

SEARCHED: dict[tuple[Basic, int], tuple[int, ...]] = {
    ("skip", 6): (3, 6, 4, 2),
    ("straight", 15): (14, 5, 7, 15, 12, 3, 13, 10, 2, 4, 1, 11, 8),
    ("skip", 18): (2, 4, 6, 8, 13, 11, 3, 15, 16, 10, 5, 7, 9, 12, 14, 17),
    ("relay", 18): (2, 4, 6, 9, 17, 13, 11, 3, 18, 8, 1, 5, 12, 10, 7, 16, 14),
    ("straight", 21): (
        13, 4, 1, 18, 6, 14, 12, 2, 8, 19, 7, 16, 3, 9, 21, 5, 17, 15, 11,
    ),
    ("skip", 24): (
        2, 4, 6, 8, 10, 12, 16, 18, 20, 24, 5, 1, 9, 11, 23, 15, 7, 3, 13, 21, 14, 22,
    ),
    ("relay", 24): (
        13, 22, 8, 15, 23, 4, 2, 10, 18, 9, 1, 12, 17, 3, 21, 7, 14, 19, 11, 6, 24, 5, 16,
    ),
}  # fmt: skip
"""The rover's tables from round 2 for sizes divisible by 3 that no seed tabulates.

Found by search; the 6-table skip starts as JCBL appendix 3 §5 prints it (NS 3, NS 6).
15 and 21 tables allow one round fewer than the full Mitchell (JCBL: 13 rounds and a
rematch in round 19; no list avoids a rematch over all rounds there)."""

PRINTED: dict[tuple[Basic, int], tuple[int, ...]] = {
    ("straight", 9): (2, 4, 6, 9, 3, 5, 7, 8),
    ("skip", 12): (2, 10, 8, 6, 4, 1, 11, 9, 5, 3),
    ("relay", 6): (2, 5, 3, 6, 4),
    ("relay", 12): (3, 9, 4, 10, 5, 11, 6, 12, 7, 1, 8),
}
"""The guide's tables where its rules do not apply (sizes divisible by 3)."""

EXCHANGES: dict[tuple[Basic, int], tuple[tuple[int, int], tuple[int, ...]]] = {
    ("straight", 9): ((6, 9), (3, 6, 9)),
}
"""(EW pairs that change places, rounds in which they do): the guide's 9-table rover."""


class RoverMitchellOptions(MitchellOptions):
    """How the Mitchell and its rover are played."""

    rover_tables: tuple[int, ...] | None = Field(
        default=None,
        description=(
            "The tables at which the rover plays from round 2 on, one a round (default: "
            "the published list for the size)."
        ),
    )


def rover_tables(tables: int, variant: Basic) -> tuple[int, ...]:
    """The rover's tables from round 2 for a ``variant`` Mitchell of ``tables`` tables.

    Raises :class:`InvalidMovement` for a size no rule or table covers."""
    key = (variant, tables)
    if key in PRINTED:
        return PRINTED[key]
    if key in SEARCHED:
        return SEARCHED[key]
    if tables % 3 == 0 or tables < 4:
        raise InvalidMovement(
            N_("There is no published rover list for a %(tables)s-table %(variant)s Mitchell."),
            hint=N_(
                "Give the rover's tables with the rover_tables option, or play the "
                "Mitchell with a phantom pair."
            ),
            code="rover.no_list",
            tables=tables,
            variant=variant,
        )
    half = tables // 2
    if variant == "straight":  # table 2, then up two tables a round
        return tuple((2 * k - 1) % tables + 1 for k in range(1, tables))
    if variant == "skip":  # up two until the skip, table 3 at the skip, up two again
        return tuple(range(2, tables - 1, 2)) + tuple(range(3, tables, 2))
    # relay: the low and high halves in turn, from table 1 and from the middle + 2
    low, high = range(1, half + 1), range(half + 2, tables + 1)
    return tuple(t for pair in zip(low, [*high, 0], strict=True) for t in pair if t)


class RoverMitchell:
    """NS rover Mitchell (ローバー・ペア): a half table without a phantom.

    For an odd number of pairs: set up the Mitchell for the full tables (straight,
    skip, or bye and relay). The extra pair is the NS rover and takes the next NS number
    (NS 8 with 7 tables). It sits out the first round; from round 2 it goes to the
    table on its list, plays there as NS, and the NS pair it displaces sits out that
    round and returns to its own table afterwards. The rover displaces a different pair
    each round and meets no EW pair twice. The guide card lists the rover's tables;
    pre-numbered travellers enter the rover's score on the rover's line.

    With 9 tables EW 6 and EW 9 change places in rounds 3, 6 and 9. With 15 and 21
    tables the movement stops one round early (no rover list avoids a rematch).
    A Mitchell or skip Mitchell with a rover may be curtailed; a relay may not. The rover
    only takes a displaced pair's seat, so every table still plays every round and play
    may stop after any round of a straight or skip Mitchell (``curtail_after``).

    Should a pair be missing after all, the phantom is an NS pair the rover never
    displaces (its table is empty every round, so every board is still played equally
    often).
    """

    name: ClassVar[str] = "rover-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("ns-rover-mitchell", "mitchell-rover")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = RoverMitchellOptions

    def build(self, tables: int, options: RoverMitchellOptions | None = None) -> Movement:
        """The Mitchell for ``tables`` full tables plus an NS rover."""
        opts = options or RoverMitchellOptions()
        variant = resolve_variant(tables, opts.variant)
        full = full_rounds(tables, variant)
        if opts.rover_tables is None and opts.skip_after not in (None, tables // 2):
            raise InvalidMovement(
                N_("The published rover tables are for the skip after round %(round)s."),
                hint=N_("Give the rover's tables too, or leave skip_after out."),
                code="rover.skip",
                round=tables // 2,
            )
        visits = opts.rover_tables or rover_tables(tables, variant)
        longest = min(full, len(visits) + 1)
        rounds = opts.rounds or longest
        if opts.rover_tables is not None and len(visits) != rounds - 1:
            raise InvalidMovement(
                N_(
                    "The rover plays from round 2 to round %(rounds)s, so it needs "
                    "%(needed)s tables, not %(given)s."
                ),
                hint=N_("Give one table for each round after the first."),
                code="rover.tables_count",
                rounds=rounds,
                needed=rounds - 1,
                given=len(visits),
            )
        if rounds > longest:
            raise InvalidMovement(
                N_(
                    "With a rover, a %(tables)s-table %(variant)s Mitchell can be played for at "
                    "most %(longest)s rounds: after that the rover would meet a pair or a "
                    "board again."
                ),
                hint=N_("Curtail to %(longest)s rounds, or give the rover's tables yourself."),
                code="rover.rounds",
                tables=tables,
                variant=variant,
                longest=longest,
            )
        visits = visits[: rounds - 1]
        _check_visits(tables, visits)
        base = Mitchell().build(tables, opts.model_copy(update={"rounds": rounds}))
        rover = tables + 1
        at = dict(enumerate(visits, start=2))
        # The guide's 9-table list needs two EW pairs to change places in some rounds.
        swap, swapped_rounds = (
            EXCHANGES.get((variant, tables), ((0, 0), ()))
            if opts.rover_tables is None
            else ((0, 0), ())
        )
        exchange = {swap[0]: swap[1], swap[1]: swap[0]}
        schedule = tuple(
            e.model_copy(
                update={
                    "ns": rover if at.get(e.round) == e.table else e.ns,
                    "ew": exchange.get(e.ew, e.ew) if e.round in swapped_rounds else e.ew,
                }
            )
            for e in base.schedule
        )
        resting = {1: rover, **at}
        sit_outs = tuple(SitOut(round=r, pair=p, line=Line.NS) for r, p in resting.items())
        listed = ", ".join(str(t) for t in visits)
        swaps = (
            f"; EW {swap[0]} and EW {swap[1]} change places in rounds "
            + ", ".join(str(r) for r in swapped_rounds if r <= rounds)
            if swapped_rounds
            else ""
        )
        return validate(
            base.model_copy(
                update=dict(
                    family=self.name,
                    schedule=schedule,
                    sit_outs=sit_outs,
                    rovers=(Pair(rover, Line.NS),),
                    curtail_after=equal_stops(schedule, base.rounds),
                    phantom=Pair(
                        max({*range(1, tables + 1)} - set(visits), default=rover), Line.NS
                    ),
                    description=f"{base.description[:-1]}; NS rover {rover} sits out round 1, "
                    f"then plays at tables {listed}{swaps}.",
                    plugin=self.name,
                    plugin_version=self.version,
                ),
            )
        )


def _check_visits(tables: int, visits: tuple[int, ...]) -> None:
    outside = [t for t in visits if not 1 <= t <= tables]
    if outside:
        raise InvalidMovement(
            N_("The rover's list names table %(table)s, but there are only %(tables)s tables."),
            hint=N_("Use tables 1 to %(tables)s."),
            code="rover.table_outside",
            table=outside[0],
            tables=tables,
        )
    again = sorted({t for t in visits if visits.count(t) > 1})
    if again:
        raise InvalidMovement(
            N_(
                "The rover's list sends it to table %(table)s twice: it must displace a "
                "different NS pair each round."
            ),
            hint=N_("Give each table at most once."),
            code="rover.table_twice",
            table=again[0],
        )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the NS rover Mitchell."""
    register(RoverMitchell())
