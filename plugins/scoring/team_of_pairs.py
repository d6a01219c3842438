"""Team of pairs (チームオブペア, JCBL manual part 2 ch. 4 §20): IMPs with changing teams.

With four or five pairs the manual scores by IMPs as a team game: both tables play the
same boards, and the NS pair at one table and the EW pair at the other are team-mates
for the round, their scores compared when the EW pairs change tables. That is a board
of two results compared with each other, so the IMPs are cross-IMPs; the manual ranks
either by the IMP total or by each round's IMP margin converted to VPs and totalled
("「IMP を合計」する方法と「ラウンド毎に IMP 差を VP に換算して VP を合計」"). With six
pairs (a 3-table Howell on shared boards) each result is compared with both others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel

from engine.hookspecs import hookimpl
from engine.registry import VictoryPointScale
from engine.scoring import SectionScore
from plugins.scoring.cross_imps import CrossImps, CrossImpsOptions
from plugins.scoring.houston import match_victory_points
from plugins.scoring.vp_scales import VpScaleOptions


class TeamOfPairsOptions(CrossImpsOptions, VpScaleOptions):
    """Cross-IMP options, and the VP scale when each round is converted to VPs
    (``scale=``, or ``vp_scale=``; ``boards=`` to read it for a fixed number of boards)."""


class TeamOfPairs(CrossImps):
    """Team of pairs: the NS pair at one table and the EW pair at the other are a team
    for the round; each board's two results are compared in IMPs. Totals are IMPs, or
    with ``vp_scale`` each round's IMPs as VPs (the manual's two ways)."""

    name: ClassVar[str] = "team-of-pairs"
    aliases: ClassVar[tuple[str, ...]] = ("teams-of-pairs", "チームオブペア")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = TeamOfPairsOptions

    def victory_points(self, score: SectionScore, scale: VictoryPointScale) -> SectionScore:
        """Each round's IMP margin (a pair's IMPs against the opponents it met) as VPs."""
        return match_victory_points(score, scale)


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`TeamOfPairs`."""
    register(TeamOfPairs())
