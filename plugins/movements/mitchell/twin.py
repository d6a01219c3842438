"""Twin Mitchell: two rows of tables playing the same boards (the guide's TWIN MITCHELL).

An even number of tables stands in two rows side by side; each row moves as a Mitchell
(a skip Mitchell when a row has an even number of tables) with its EW pairs staying in
their own row, and each pair of facing tables shares one set of boards. In the pure
form the movement is played twice, on the two halves of the boards: after the first
stanza the EW pairs change rows, so every NS pair meets every EW pair.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Movement,
    hookimpl,
    validate,
)
from engine.errors import N_
from plugins.movements.mitchell.basic import (
    Mitchell,
    MitchellBoards,
    MitchellOptions,
    Variant,
    mitchell_movement,
)


class TwinOptions(MitchellBoards):
    """How the twin Mitchell is played."""

    variant: Variant = Field(
        default="auto",
        description=(
            "The Mitchell each row plays: straight (odd rows), skip or relay (even rows); "
            "auto: straight for odd rows, skip for even rows."
        ),
    )
    stanzas: Literal[1, 2] = Field(
        default=2,
        description=(
            "2: the pure form, played twice on the two halves of the boards with the EW "
            "pairs changing rows in between; 1: played once (one set of boards)."
        ),
    )


class TwinMitchell:
    """Twin Mitchell (ツイン・ミッチャエル): two rows of a Mitchell sharing boards.

    For an even number of tables, at least 6: tables 1 to ``n`` form the first row and
    ``n + 1`` to ``2n`` the second, table ``n + t`` beside table ``t``. Each row plays a
    Mitchell (a skip Mitchell if a row has an even number of tables) with its EW pairs
    staying in their row; facing tables share one set of boards, which move back one
    table a round. Pairs are numbered as at a single section (one traveller a board).

    Pure form (``stanzas=2``): the movement is played on the first half of the boards,
    then the EW pairs change rows (EW ``t`` goes to table ``n + t`` and EW ``n + t`` to
    table ``t``) and it is played again on the second half: every NS pair meets every EW
    pair, two winners. With ``stanzas=1`` it is played once, on one set of boards (the
    guide scores it best as two sections). A half table: the last NS pair is the phantom.
    """

    name: ClassVar[str] = "twin-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mitchell-twin",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = TwinOptions

    def build(self, tables: int, options: TwinOptions | None = None) -> Movement:
        """The twin Mitchell for ``tables`` tables in two rows."""
        opts = options or TwinOptions()
        if tables % 2 or tables < 6:
            raise InvalidMovement(
                N_(
                    "A twin Mitchell needs two rows of at least 3 tables, so an even number of "
                    "tables from 6, not %(tables)s."
                ),
                hint=N_("Play a Mitchell, or add or remove a table."),
                code="twin.tables",
                tables=tables,
            )
        row = tables // 2
        schedule: list[Encounter] = []
        byes: list[tuple[int, tuple[int, ...]]] = []
        played = 0
        for stanza in range(opts.stanzas):
            # The second stanza plays the second half of the boards with the rows' EW
            # pairs exchanged.
            first = opts.first_board + stanza * row * opts.boards_per_round
            plan = Mitchell().build(
                row,
                MitchellOptions(
                    variant=opts.variant,
                    boards_per_round=opts.boards_per_round,
                    first_board=first,
                ),
            )
            for e in plan.schedule:
                for side in (0, row):
                    schedule.append(
                        e.model_copy(
                            update={
                                "round": played + e.round,
                                "table": side + e.table,
                                "ns": side + e.ns,
                                "ew": (side + e.ew + stanza * row - 1) % tables + 1,
                            }
                        )
                    )
            byes += [(played + rnd, boards) for rnd, boards in plan.bye_boards]
            played += plan.rounds
        how = plan.description.split(";", 1)[1].strip()[:-1]
        movement = mitchell_movement(
            self,
            tables=tables,
            rounds=played,
            boards_per_round=opts.boards_per_round,
            schedule=schedule,
            bye_boards=byes,
            description=(
                f"Twin Mitchell, {tables} tables in rows 1-{row} and {row + 1}-{tables}: "
                f"{played} rounds of {opts.boards_per_round} boards; table {row} + t shares "
                f"boards with table t; in each row {how}"
                + (
                    f"; after round {plan.rounds} the EW pairs change rows and play the "
                    "second half of the boards."
                    if opts.stanzas == 2
                    else "."
                )
            ),
        )
        return validate(movement)


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the twin Mitchell."""
    register(TwinMitchell())
