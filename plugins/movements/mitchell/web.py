"""Web Mitchell (John "Spider" Harris, 1977): two board groups, one of them backwards.

JCBL appendix 3 §1 and the guide's WEB MITCHELL. The tables are numbered in one series
and the EW pairs move up one table a round round all of them, as in a straight
Mitchell with no skip. The web's tables form two equal groups, each with its own box of
the same (duplicated) boards, an odd number of sets, one a round. In the first group
the sets go out in order (set 1 on the first table) and the surplus waits at the
group's last table; in the second group the highest set goes on the highest table, set
1 on the next lower one and on downwards, the surplus waiting at the highest table, so
that group plays the sets backwards. Boards move down one table within their group,
gathering at its first table and fed back in at its last. Every pair plays every board.

A web may follow full Mitchell sections of as many tables as sets (the guide's 13 tables:
a 9-table Mitchell and a 4-table web; 28: two 9-table Mitchells and a 10-table web); the
EW pairs then move up one table through all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Movement,
    hookimpl,
    validate,
)
from engine.errors import N_
from plugins.movements.mitchell.basic import MitchellBoards, mitchell_movement

JCBL_SETS = 13
"""JCBL's web sheets play 13 rounds (14 to 24 tables, even only)."""


class WebOptions(MitchellBoards):
    """How the web Mitchell is laid out."""

    sets: int | None = Field(
        default=None,
        ge=3,
        description=(
            "Board sets, an odd number, which is also the number of rounds (default 13 as "
            "JCBL's sheets, or the nearest odd number that fits)."
        ),
    )
    mitchell_sections: int = Field(
        default=0,
        ge=0,
        description="Full Mitchell sections (as many tables as sets) before the web.",
    )


class WebMitchell:
    """Web Mitchell (WEB ムーブメント): all pairs play all boards with two board groups.

    Tables in one series; NS stay, EW move up one table a round round the whole room, no
    skip. The web's tables (an even number) form two equal groups, each with its own
    box of the same boards and an odd number of sets (as many as rounds). First group:
    set 1 on its first table, set 2 on the next, and so on, the surplus waiting at its
    last table. Second group: the highest set on the highest table, set 1 on the next
    lower, set 2 on the next, and so on, the surplus waiting at the highest table; this
    group plays the sets backwards. Boards move down one table within their group, from
    its first table back to its last. ``mitchell_sections`` full Mitchells of as many
    tables as sets may come first (13 tables: a 9-table Mitchell and a 4-table web). A
    half table: the last NS pair is the phantom.
    """

    name: ClassVar[str] = "web-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mitchell-web", "spider-web-mitchell")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = WebOptions

    def build(self, tables: int, options: WebOptions | None = None) -> Movement:
        """The web Mitchell for ``tables`` tables."""
        opts = options or WebOptions()
        sections = opts.mitchell_sections
        sets = opts.sets or _default_sets(tables, sections)
        web = tables - sections * sets
        group = web // 2
        if sets % 2 == 0:
            raise InvalidMovement(
                N_(
                    "A web Mitchell needs an odd number of sets, not %(sets)s: the EW pairs "
                    "would meet boards they have played."
                ),
                hint=N_("Use %(fewer)s or %(more)s sets."),
                code="web.sets_even",
                sets=sets,
                fewer=sets - 1,
                more=sets + 1,
            )
        if web < 2 or web % 2:
            raise InvalidMovement(
                N_(
                    "%(tables)s tables less %(sections)s Mitchell sections of %(sets)s tables "
                    "leave %(web)s for the web, which needs an even number."
                )
                if sections != 1
                else N_(
                    "%(tables)s tables less %(sections)s Mitchell section of %(sets)s tables "
                    "leave %(web)s for the web, which needs an even number."
                ),
                hint=N_("Change the number of sets or of Mitchell sections."),
                code="web.odd_web",
                tables=tables,
                sections=sections,
                sets=sets,
                web=web,
            )
        if group > sets or sets > tables:
            raise InvalidMovement(
                N_(
                    "With %(sets)s sets a web group may have at most %(sets)s tables and the "
                    "room at least %(sets)s tables; %(group)s-table groups in %(tables)s tables "
                    "do not fit."
                ),
                hint=N_("Change the number of sets."),
                code="web.groups",
                sets=sets,
                group=group,
                tables=tables,
            )
        second = sections * sets + group
        schedule: list[Encounter] = []
        for r in range(1, sets + 1):
            for t in range(1, tables + 1):
                if t <= second:  # a Mitchell section, or the web's first group
                    place = (t - 1) % sets if t <= sections * sets else t - 1 - sections * sets
                    board_set = (place + r - 1) % sets + 1
                else:  # the second group, counted down from the highest table
                    board_set = (tables - t - r) % sets + 1
                schedule.append(
                    Encounter(
                        round=r,
                        table=t,
                        ns=t,
                        ew=(t - r) % tables + 1,
                        boards=opts.boards(board_set),
                    )
                )
        last = opts.first_board + sets * opts.boards_per_round - 1
        before = (
            f"tables 1-{sections * sets} are {sections} Mitchell section"
            f"{'s' if sections > 1 else ''} of {sets}; "
            if sections
            else ""
        )
        movement = mitchell_movement(
            self,
            tables=tables,
            rounds=sets,
            boards_per_round=opts.boards_per_round,
            schedule=schedule,
            description=(
                f"Web Mitchell, {tables} tables: {sets} rounds of {opts.boards_per_round} "
                f"boards, boards {opts.first_board}-{last} in each box; {before}the web's "
                f"groups are tables {sections * sets + 1}-{second} (sets in order from set 1, "
                f"the rest waiting at table {second}) and {second + 1}-{tables} (backwards: "
                f"set {sets} on table {tables}, set 1 on table {tables - 1} and down, the rest "
                f"waiting at table {tables}); NS stay, EW up one table, boards down one "
                "table within their group."
            ),
        )
        return validate(movement)


def _default_sets(tables: int, sections: int) -> int:
    """JCBL's 13 sets if they fit, else the odd number nearest below that does."""
    for sets in range(JCBL_SETS, 2, -2):
        web = tables - sections * sets
        if web >= 2 and web % 2 == 0 and web // 2 <= sets <= tables:
            return sets
    for sets in range(JCBL_SETS + 2, tables + 1, 2):
        web = tables - sections * sets
        if web >= 2 and web % 2 == 0 and web // 2 <= sets:
            return sets
    raise InvalidMovement(
        N_("No web Mitchell fits %(tables)s tables with %(sections)s Mitchell sections.")
        if sections
        else N_("No web Mitchell fits %(tables)s tables."),
        hint=N_("Give the number of sets (odd) and of Mitchell sections."),
        code="web.no_fit",
        tables=tables,
        sections=sections,
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the web Mitchell."""
    register(WebMitchell())
