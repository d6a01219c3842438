"""Mirror Mitchell for a pairs game (JCBL appendix 3 §2; ACBL BAMS.033 pages 6-8).

The schedule is the team movement's (:mod:`plugins.movements.teams.mirror_mitchell`): two equal
sections whose EW pairs cross to the other section before play, both sections playing
the same (twin) boards. Played as a pairs game every NS pair meets the EW pairs of the
other section, and the two directions are scored as the two fields of a Mitchell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel

from engine import Line, Movement, Pair, equal_stops, hookimpl, validate
from plugins.movements.teams.mirror_mitchell import MirrorMitchellOptions, schedule


class MirrorMitchellPairs:
    """Mirror Mitchell for pairs (ミラーミッチャエル): two sections on the same boards.

    For an even number of tables, at least 6: tables 1 to ``n`` and ``n + 1`` to ``2n``
    are two sections playing the same boards (duplicated). Before play the EW pairs
    cross to the table of the same number in the other section (JCBL: NS 1 meets EW
    ``n + 1``), so every NS pair meets the EW pairs of the other section. JCBL form (odd
    sections, 14 tables in the manual): boards down one, EW pairs down two, round 1
    makes the twin boards. ACBL form (9- or 13-table or even sections): one section a
    Mitchell, the other its mirror. Options as for the team mirror Mitchell. A half
    table: the last NS pair is the phantom.
    """

    name: ClassVar[str] = "mirror-mitchell-pairs"
    aliases: ClassVar[tuple[str, ...]] = ("pairs-mirror-mitchell",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = MirrorMitchellOptions

    def build(self, tables: int, options: MirrorMitchellOptions | None = None) -> Movement:
        """The mirror Mitchell for ``tables`` tables of pairs."""
        teams = schedule(tables, options or MirrorMitchellOptions())
        return validate(
            teams.model_copy(
                update=dict(
                    family=self.name,
                    kind="pairs",
                    phantom=Pair(tables, Line.NS),
                    # Pairs compare boards with their field, not in matches.
                    curtail_after=equal_stops(teams.schedule, teams.rounds),
                    description=f"{teams.description} Played as pairs: NS and EW are two fields.",
                    plugin=self.name,
                    plugin_version=self.version,
                ),
            )
        )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the mirror Mitchell for pairs."""
    register(MirrorMitchellPairs())
