"""Cross-IMPs (IMP pairs): IMPs against every other result (JCBL manual part 2 ch. 4 §16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.hookspecs import hookimpl
from plugins.scoring.comparison import AgainstEachOther


class CrossImpsOptions(BaseModel):
    """How the comparisons of a board are added up and what adjusted scores are worth."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    average: bool = Field(
        False,
        description="Divide a result's IMPs by the number of results it was compared "
        "with (false: the sum over every comparison, as the JCBL manual scores).",
    )
    average_plus_imps: int = Field(
        3,
        ge=0,
        description="IMPs per comparison for average plus; average minus is as many below 0.",
    )


class CrossImps(AgainstEachOther):
    """Cross-IMPs (IMP pairs, "IMPs across the field"): every result against every other.

    On each board a pair's score is compared with the score of every other table that
    played it, and each difference is converted to IMPs: NS +600 against +90 elsewhere is
    +11. A pair's points on the board are the sum of those IMPs (pair 1 of the manual's
    figure 19 scores +55, its opponents -55), or their average per comparison with
    ``average``. A pair's total is the sum over its boards. Neutral boards are 0 IMPs to
    both pairs; average plus is +3 IMPs per comparison, average minus -3 (A60 and A40 the
    same), and neither is compared with the other tables.

    A weighted assigned score (law 12C1(c), such as ⅔ of 4S made and ⅓ of 4S one off)
    earns against each other result the weighted sum of the IMPs of each of its results,
    and the other table the opposite. On a fouled board (the hands changed during play)
    a result is compared only with the tables that played the same version. Averaged,
    that is its IMPs per comparison; summed, a version's IMPs are scaled to the number of
    comparisons the whole board gives (7 results in versions of 4 and 3: ×6/3 and ×6/2),
    so a fouled board weighs what any board weighs. A result alone in its version scores 0.
    """

    name: ClassVar[str] = "cross-imps"
    aliases: ClassVar[tuple[str, ...]] = ("imp-pairs", "cross-imp", "imps-across-the-field")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = CrossImpsOptions

    in_imps: ClassVar[bool] = True

    def average_plus(self, options: CrossImpsOptions) -> int:
        return options.average_plus_imps


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`CrossImps`."""
    register(CrossImps())
