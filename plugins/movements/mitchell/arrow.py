"""Arrow-switch (scrambled) Mitchell: one winner from a Mitchell (JCBL part 2, ch. 3, §7).

In some rounds the boards are turned (the arrow points East) so that the moving pairs
play them North-South. The opponents are the same; the pairs a score is compared with
change, so the two fields become one. The pairs are numbered in one series, as the
manual requires: the stationary pairs first (1 … tables), the moving pairs after them.

The guide (ARROWSWITCH MITCHELL) suggests switching about one round in eight, perhaps
the first; JCBL's master sheets switch two rounds in four (rounds 3-4, 7-8, 11-12 …, as
in the printed 9-table sheet). JCBL also prints two scrambled sheets of its two-session
games (part 3, ch. 2, §3), which ``printed`` plays from
:data:`~plugins.movements.mitchell.printed_sheets.SCRAMBLED_SHEETS`: 9 tables (a straight
Mitchell with its rounds in another order) and 8 tables (a special movement with no relay
and no bye stand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Movement,
    Numbering,
    Pair,
    equal_stops,
    hookimpl,
    validate,
)
from engine.errors import N_
from plugins.movements.mitchell.basic import Mitchell, MitchellOptions
from plugins.movements.mitchell.printed_sheets import (
    SCRAMBLED_SHEETS,
    master_sheet,
    staying_pairs,
)


def jcbl_switches(rounds: int) -> tuple[int, ...]:
    """JCBL's pattern: two rounds straight, two switched (3-4, 7-8, 11-12 …)."""
    return tuple(r for r in range(1, rounds + 1) if (r - 1) // 2 % 2)


class ArrowSwitchOptions(MitchellOptions):
    """How the Mitchell is played and which rounds are switched."""

    switched_rounds: tuple[int, ...] | None = Field(
        default=None,
        description=(
            "Rounds in which the boards are turned so that the moving pairs sit NS "
            "(default: JCBL's pattern, rounds 3-4, 7-8, 11-12 …)."
        ),
    )
    printed: bool = Field(
        default=False,
        description="Play JCBL's printed 8- or 9-table scrambled sheet (part 3, ch. 2).",
    )


class ArrowSwitchMitchell:
    """Arrow-switch (scrambled) Mitchell (スクランブルド・ミッチャエル): one field, one winner.

    A Mitchell (straight, skip, or bye and relay, as the Mitchell) in which the boards
    are turned in some rounds ("arrow East") so that the moving pairs play them NS. Nobody
    changes opponents; the scores are compared across both directions, so there is one
    winner. The pairs are numbered in one series: pairs 1 to ``tables`` start NS and stay
    at their tables, the moving pairs are ``tables + 1`` upwards (EW pair ``t`` of the
    Mitchell is pair ``tables + t``). By default rounds 3-4, 7-8, 11-12 … are switched, as
    on JCBL's master sheets; the guide suggests about one round in eight, perhaps the
    first. A table that forgets to turn its boards must be un-switched in the scoring.

    With ``printed`` the JCBL two-session sheets are played instead: 9 tables (a straight
    Mitchell in the order of rounds 1, 4, 7, 2, 6, 5, 3, 8, 9, moving pairs 1-9,
    stationary pairs 10-18; the manual stops after round 8) or 8 tables (a special
    movement without relay or bye stand; pairs 1-8 stay, every second round switched).
    """

    name: ClassVar[str] = "arrow-switch-mitchell"
    aliases: ClassVar[tuple[str, ...]] = (
        "scrambled-mitchell",
        "arrowswitch-mitchell",
        "mitchell-arrow-switch",
    )
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = ArrowSwitchOptions

    def build(self, tables: int, options: ArrowSwitchOptions | None = None) -> Movement:
        """The arrow-switched Mitchell for ``tables`` tables."""
        opts = options or ArrowSwitchOptions()
        base = self._printed(tables, opts) if opts.printed else Mitchell().build(tables, opts)
        if not opts.printed:
            base = base.model_copy(
                update=dict(
                    description=f"Arrow-switch {base.description[0].lower()}{base.description[1:]}",
                ),
            )
        switched = _switches(base.rounds, opts, tables)
        moving = 0 if opts.printed else tables
        schedule = tuple(
            e.model_copy(update={"ew": e.ew + moving, "arrow_switch": e.round in switched})
            for e in base.schedule
        )
        listed = ", ".join(str(r) for r in switched) or "none"
        return validate(
            base.model_copy(
                update=dict(
                    family=self.name,
                    numbering=Numbering.HOWELL,
                    schedule=schedule,
                    stationary=tuple(Pair(p.number) for p in base.stationary),
                    curtail_after=equal_stops(schedule, base.rounds),
                    phantom=Pair(base.phantom.number) if base.phantom else None,
                    description=f"{base.description[:-1]}; pairs in one series, the moving pairs "
                    f"play NS in rounds {listed}.",
                    plugin=self.name,
                    plugin_version=self.version,
                ),
            )
        )

    def _printed(self, tables: int, opts: ArrowSwitchOptions) -> Movement:
        """JCBL's printed sheet, unswitched: the pairs that keep their tables sit NS."""
        if tables not in SCRAMBLED_SHEETS:
            raise InvalidMovement(
                N_("JCBL prints scrambled Mitchell sheets only for 8 and 9 tables."),
                hint=N_("Leave out the printed option for other sizes."),
                code="arrow.printed",
            )
        sheet = master_sheet(SCRAMBLED_SHEETS[tables])
        rounds = opts.rounds or len(sheet)
        if rounds > len(sheet):
            raise InvalidMovement(
                N_("JCBL's %(tables)s-table scrambled sheet has %(full)s rounds, not %(rounds)s."),
                hint=N_("Give at most %(full)s rounds."),
                code="arrow.rounds",
                tables=tables,
                full=len(sheet),
                rounds=rounds,
            )
        staying = staying_pairs(sheet)
        table = {pair: t for t, pair in enumerate(staying, start=1)}
        schedule = [
            Encounter(round=r, table=table[stay], ns=stay, ew=mover, boards=opts.boards(s))
            for r, row in enumerate(sheet[:rounds], start=1)
            for s, cell in enumerate(row, start=1)
            for ns, ew in cell
            for stay, mover in [(ns, ew) if ns in table else (ew, ns)]
        ]
        return Movement(
            family=self.name,
            tables=tables,
            rounds=rounds,
            boards_per_round=opts.boards_per_round,
            numbering=Numbering.HOWELL,
            schedule=tuple(sorted(schedule, key=lambda e: (e.round, e.table))),
            phantom=Pair(staying[-1]),
            stationary=tuple(Pair(p) for p in staying),
            description=(
                f"JCBL's {tables}-table scrambled Mitchell sheet: {rounds} rounds of "
                f"{opts.boards_per_round} boards."
            ),
        )


def _switches(rounds: int, opts: ArrowSwitchOptions, tables: int) -> tuple[int, ...]:
    if opts.switched_rounds is None:
        if opts.printed:  # the rounds in which the sheet seats the moving pairs NS
            sheet = master_sheet(SCRAMBLED_SHEETS[tables])
            staying = staying_pairs(sheet)
            return tuple(r for r in range(1, rounds + 1) if sheet[r - 1][0][0][0] not in staying)
        return jcbl_switches(rounds)
    outside = [r for r in opts.switched_rounds if not 1 <= r <= rounds]
    if outside:
        raise InvalidMovement(
            N_("Round %(round)s cannot be switched: the movement has %(rounds)s rounds."),
            hint=N_("Give rounds between 1 and %(rounds)s."),
            code="arrow.round",
            round=outside[0],
            rounds=rounds,
        )
    return tuple(sorted(set(opts.switched_rounds)))


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the arrow-switch Mitchell."""
    register(ArrowSwitchMitchell())
