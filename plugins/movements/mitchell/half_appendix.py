"""1½ appendix Mitchell: a half table without a phantom (JCBL part 2, ch. 3, §8-2, figure 14).

Take 1½ from the number of tables: the rest, the base, plays a Mitchell (a skip Mitchell
when the base is even, skipping after half the base's rounds, as the guide's 11½-table
example does) and only the base tables get boards. The full table of the 1½ becomes the
next table number and shares boards with table 1; the half table's pair becomes the EW
pair of the number after that. Every EW pair follows the EW pair one number above it,
so the EW pairs pass from table 1 up through the base, to the shared table, to a
sit-out, and back to table 1; at the skip every EW pair moves two places on that circuit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel

from engine import (
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    Numbering,
    Pair,
    Relay,
    SitOut,
    hookimpl,
    validate,
)
from engine.errors import N_
from plugins.movements.mitchell.basic import MitchellBoards


class HalfAppendixOptions(MitchellBoards):
    """Boards of a 1½ appendix Mitchell (it cannot be curtailed)."""


class HalfAppendixMitchell:
    """1½ appendix Mitchell (1½ テーブル・アペンディックス): a Mitchell for n½ tables.

    Give the number of full tables (8 for 8½ tables, 11 for 11½), as for the NS rover
    Mitchell; a section's pairs fill 8½ tables when 17 are registered. Take 1½ from the
    tables: the rest are the base tables, set up as a Mitchell, and only they get boards.
    An odd base (8½, 10½, 12½ … tables) plays a straight Mitchell; an even base (5½, 7½,
    11½ … tables) a skip Mitchell whose EW pairs skip one place after half the base's
    rounds. Either way the movement has as many rounds as the base has
    tables, and every set is played once at each base table and once at the shared table.
    The full table of the 1½ takes the next number and shares boards with table 1. The
    pair of the half table is the EW pair of the number after that: it sits out the
    first round and goes to table 1 at the first move. Each EW pair follows the EW pair
    one number higher, so every EW pair sits out at most once, between the shared table
    and table 1; NS pairs stay. Two EW pairs never sit out (EW 1 and EW 2 on an odd
    base, EW 1 and the EW pair half the base plus two on an even one), so their scores
    are factored. The movement cannot be curtailed.
    """

    name: ClassVar[str] = "half-appendix-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mitchell-1.5-appendix", "one-and-a-half-appendix")
    version: ClassVar[str] = "1.2"
    """1.2: ``tables`` counts the full tables (8 for 8½), as the movement itself does;
    1.1 counted the half table as one (9 for 8½)."""
    Options: ClassVar[type[BaseModel]] = HalfAppendixOptions

    def build(self, tables: int, options: HalfAppendixOptions | None = None) -> Movement:
        """The 1½ appendix Mitchell for ``tables`` full tables and a half table (8 gives
        figure 14's 8½)."""
        opts = options or HalfAppendixOptions()
        base = tables - 1
        if base < 3:
            raise InvalidMovement(
                N_(
                    "A 1½ appendix Mitchell needs a base Mitchell of at least 3 tables, so at "
                    "least 4½ tables; %(tables)s½ is too few."
                ),
                hint=N_("Play a Howell for so few pairs."),
                code="half_appendix.tables",
                tables=tables,
            )
        rounds = base
        # An even base is a skip Mitchell: after half its rounds the EW pairs move two
        # places, or they would come back to boards they have played.
        skip = base // 2 if base % 2 == 0 else rounds
        shared = base + 1
        circuit = base + 2  # the EW pairs' places: base tables, shared table, sit-out
        schedule: list[Encounter] = []
        sit_outs: list[SitOut] = []
        for r in range(1, rounds + 1):
            moved = r - 1 + (1 if r > skip else 0)
            for ew in range(1, circuit + 1):
                place = (ew - 1 + moved) % circuit + 1
                if place == circuit:
                    sit_outs.append(SitOut(round=r, pair=ew, line=Line.EW))
                    continue
                at_base = 1 if place == shared else place
                schedule.append(
                    Encounter(
                        round=r,
                        table=place,
                        ns=place,
                        ew=ew,
                        boards=opts.boards((at_base + r - 2) % base + 1),
                    )
                )
        relays = tuple(
            Relay(round=r, tables=(1, shared), boards=opts.boards((r - 1) % base + 1))
            for r in range(1, rounds + 1)
        )
        shape = (
            f"a {base}-table Mitchell"
            if skip == rounds
            else f"a {base}-table skip Mitchell (EW skip one table after round {skip})"
        )
        movement = Movement(
            family=self.name,
            tables=shared,
            rounds=rounds,
            boards_per_round=opts.boards_per_round,
            numbering=Numbering.MITCHELL,
            schedule=tuple(sorted(schedule, key=lambda e: (e.round, e.table))),
            relays=relays,
            sit_outs=tuple(sit_outs),
            phantom=Pair(shared, Line.NS),
            stationary=tuple(Pair(t, Line.NS) for t in range(1, shared + 1)),
            description=(
                f"1½ appendix Mitchell, {base + 1}½ tables: {shape} of {rounds} rounds of "
                f"{opts.boards_per_round} boards; table {shared} shares boards with table 1, "
                f"EW {circuit} sits out first and EW pairs sit out between table {shared} "
                "and table 1."
            ),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the 1½ appendix Mitchell."""
    register(HalfAppendixMitchell())
