"""Total points: the score differences of IMP pairs, unconverted (JCBL part 2 ch. 4 §17).

Weighted assigned scores and fouled boards are scored as in cross-IMPs (the shared
comparison in :mod:`plugins.scoring.comparison`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.hookspecs import hookimpl
from plugins.scoring.comparison import AgainstEachOther


class TotalPointsOptions(BaseModel):
    """How the differences of a board are added up and what adjusted scores are worth."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    average: bool = Field(
        False,
        description="Divide a result's points by the number of results it was compared "
        "with (false: the sum over every comparison).",
    )
    average_plus_points: int = Field(
        100,
        ge=0,
        description="Points per comparison for average plus; average minus is as many below 0.",
    )


class TotalPoints(AgainstEachOther):
    """Total points: each result's score differences from every other result, added up.

    As cross-IMPs, but the differences are not converted to IMPs: NS +600 on a board
    where the others scored +90 and -500 earns 510 + 1100 = 1610 points. A pair's points
    on a board are the sum of its differences (or their average per comparison with
    ``average``); its total is the sum over its boards. Every point counts, so one big
    swing can decide an event. Neutral boards are 0 to both pairs; average plus is +100
    points per comparison (about what +3 IMPs are), average minus -100 (A60 and A40 the
    same), and neither is compared with the other tables.
    """

    name: ClassVar[str] = "total-points"
    aliases: ClassVar[tuple[str, ...]] = ("total-point",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = TotalPointsOptions

    in_imps: ClassVar[bool] = False

    def average_plus(self, options: TotalPointsOptions) -> int:
        return options.average_plus_points


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`TotalPoints`."""
    register(TotalPoints())
