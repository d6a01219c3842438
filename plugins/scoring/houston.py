"""Houston trial (Butler) pair scoring: IMPs against a datum (JCBL manual part 2 ch. 4 §15)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import N_, Fix, Rejected
from engine.hookspecs import hookimpl
from engine.imps import imps
from engine.numbers import round_half_up
from engine.registry import VictoryPointScale
from engine.scoring import PairTotal, SectionFacts, SectionScore
from engine.seating import Pair, pair_order
from plugins.scoring.comparison import (
    BoardPoints,
    Version,
    by_weight,
    matches,
    mean,
    points_of,
    score_boards,
    version_name,
)
from plugins.scoring.vp_scales import VpScaleOptions


class HoustonOptions(VpScaleOptions):
    """How the datum is found, what adjusted scores are worth, and the VP scale (if any)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    trim: int = Field(
        1,
        ge=0,
        description="How many of the highest and how many of the lowest scores of each "
        "board are left out of the datum (0 keeps every score).",
    )
    round: int = Field(
        10,
        ge=1,
        description="The datum is rounded to the nearest multiple of this; an exact half "
        "goes away from zero (+185 is +190, -185 is -190).",
    )
    average_plus_imps: int = Field(
        3, ge=0, description="IMPs for average plus; average minus is as many below 0."
    )


class Houston:
    """Houston trial (Butler): IMPs against the board's datum, as if it were a teammate's score.

    The datum of a board is the average of its North-South scores after the highest and
    the lowest are left out (``trim`` of each, 1 by default), rounded to the nearest 10
    (an exact half, +185, goes away from zero, to +190). Each pair scores the IMPs of the
    difference between its score and the datum: NS +600 against a datum of +190 is +9
    IMPs to NS and -9 to EW. A pair's total is the sum of its IMPs. Neutral boards are 0
    IMPs to both pairs; average plus is +3 IMPs, average minus -3 (A60 and A40 the same).
    Neutral and adjusted tables are left out of the datum. With ``vp_scale`` the IMPs of
    each match (the boards two pairs play against each other, a round) become victory
    points on that scale and the VPs are ranked.

    A weighted assigned score (law 12C1(c), such as ⅔ of 4S made and ⅓ of 4S one off)
    enters the datum as its weighted average score and earns the weighted sum of the
    IMPs of each of its results against the datum. A fouled board (the hands changed
    during play) has a datum for each version, from the tables that played it; a version
    too small to keep a score after the trim is refused with the board and its tables.
    """

    name: ClassVar[str] = "houston"
    aliases: ClassVar[tuple[str, ...]] = ("butler", "houston-trial")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = HoustonOptions

    def score(self, facts: SectionFacts, options: HoustonOptions) -> SectionScore:
        """IMPs against the datum for every result, and each pair's sum of them."""

        def rule(version: Version) -> BoardPoints:
            if not version.results:
                return BoardPoints((), comparisons=1)
            at = datum(
                version.board,
                [mean(r) for r in version.results],
                options.trim,
                options.round,
                played_by=version.played_by,
            )
            return BoardPoints(
                tuple(Fraction(by_weight(r, lambda s: imps(s - at))) for r in version.results),
                comparisons=1,
                datum=at,
            )

        return score_boards(self.name, self.version, facts, rule, options.average_plus_imps)

    def victory_points(self, score: SectionScore, scale: VictoryPointScale) -> SectionScore:
        """``score`` with each match's IMPs as VPs on ``scale`` (:func:`match_victory_points`)."""
        return match_victory_points(score, scale)


def datum(
    board: int,
    scores: Sequence[int | Fraction],
    trim: int,
    step: int,
    *,
    played_by: frozenset[Pair] | None = None,
) -> Fraction:
    """The average of ``scores`` without the ``trim`` highest and lowest, to the nearest ``step``.

    An exact half is rounded away from zero (the JCBL's 四捨五入), so the datum of the
    scores seen from East-West is exactly the negative of the datum seen from North-South.
    ``played_by`` names the tables of a fouled board's version, for the error message.
    """
    kept = sorted(scores)[trim : len(scores) - trim]
    if not kept:
        where = version_name(board, played_by)
        raise Rejected(
            N_(
                "%(where)s has %(count)s played result(s): leaving out the %(trim)s highest and "
                "the %(trim)s lowest leaves none to average for the datum."
            ),
            hint=N_(
                "Enter the other results first, give the tables an adjusted score, or score "
                "the event with a smaller trim (a trim of 0 keeps every score)."
            ),
            code="houston.trim",
            fix=(
                Fix("result.add"),
                Fix("adjust"),
                Fix(
                    "rescore",
                    fields={"scoring": "houston", "option": "trim=0"},
                    needs=("reason",),
                ),
            ),
            where=where,
            count=len(scores),
            trim=trim,
        )
    steps = round_half_up(Fraction(sum(kept), len(kept)) / step, 0)
    return Fraction(int(steps) * step)


def match_victory_points(score: SectionScore, scale: VictoryPointScale) -> SectionScore:
    """``score`` with each match's IMPs converted to VPs on ``scale`` and the VPs totalled.

    The margin of a match is a pair's IMPs against the datum over the match's boards
    (half the difference of the two pairs' IMPs, which is the same when the IMPs of every
    table are opposite), rounded to a whole IMP, an exact half away from zero. A pair's
    ``maximum`` is the VPs at stake in its matches, so its percentage is its share of them.
    """
    won: dict[Pair, Fraction] = defaultdict(Fraction)
    stake: dict[Pair, Fraction] = defaultdict(Fraction)
    for match, boards in matches(score.results).items():
        first, second = sorted(match, key=pair_order)
        margin = sum((points_of(first, s) - points_of(second, s) for s in boards), Fraction(0)) / 2
        vp_first, vp_second = scale.victory_points(int(round_half_up(margin, 0)), len(boards))
        won[first] += vp_first
        won[second] += vp_second
        stake[first] += vp_first + vp_second
        stake[second] += vp_first + vp_second
    totals = {
        p: PairTotal(p, won[p], stake[p], won[p], t.boards_played) for p, t in score.totals.items()
    }
    return replace(score, totals=totals)


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`Houston`."""
    register(Houston())
