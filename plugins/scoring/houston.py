"""Houston trial (Butler) pair scoring: IMPs against a datum (JCBL manual part 2 ch. 4 §15)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import ceil, floor
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import N_, Fix, Rejected
from engine.hookspecs import hookimpl
from engine.imps import imps
from engine.numbers import round_half_up
from engine.registry import VictoryPointScale
from engine.scoring import Award, AwardKind, PairTotal, SectionFacts, SectionScore
from engine.seating import Pair, pair_order
from plugins.scoring.comparison import (
    BoardPoints,
    BoardRule,
    Version,
    adjusted_points,
    by_weight,
    matches,
    mean,
    points_of,
    rescore_boards,
    score_boards,
    version_name,
)
from plugins.scoring.vp_scales import VpScaleOptions

if TYPE_CHECKING:
    from plugins.scoring.kernels import Boards, Scored


class HoustonOptions(VpScaleOptions):
    """How the datum is found, what adjusted scores are worth, and the VP scale (if any)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    trim: int = Field(
        1,
        ge=0,
        description="How many of the highest and how many of the lowest scores of each "
        "board are left out of the datum (0 keeps every score).",
    )
    trim_by: Literal["fixed", "field_size", "central"] = Field(
        "fixed",
        description="How many scores each end of a board leaves out of the datum: fixed "
        "(trim, JCBL), field_size (none with 3 results or fewer, 1 with 4-10, 2 with 11-25, "
        "one more for every 15 more: bridge-scorer) or central (round(0.475 x results) each "
        "end, the central results only: JFR Pary).",
    )
    round: int = Field(
        10,
        ge=1,
        description="The datum is rounded to a multiple of this, as datum_rounding says.",
    )
    datum_rounding: Literal["away_from_zero", "half_up", "toward_zero"] = Field(
        "away_from_zero",
        description="How the average becomes a multiple of round: away_from_zero (nearest, "
        "an exact half away from zero: -275 is -280, JCBL), half_up (nearest, an exact half "
        "upwards: -275 is -270) or toward_zero (cut toward zero: -279 is -270, JFR Pary).",
    )
    assigned_in_datum: bool = Field(
        True,
        description="Whether a director's weighted assigned score enters the datum (at its "
        "weighted average); false: only scores played at the table do (JFR Pary).",
    )
    average_plus_imps: int = Field(
        3, ge=0, description="IMPs for average plus; average minus is as many below 0."
    )
    facing_absent: int | None = Field(
        None,
        ge=0,
        le=100,
        description="A pair the movement has play against an absent pair (the phantom): "
        "none (JCBL) scores nothing for those boards; a percentage (JFR Pary: 60) scores it "
        "that adjusted score on each (60 is average plus) once the board is in play.",
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
    enters the datum as its weighted average score (unless ``assigned_in_datum`` is
    false) and earns the weighted sum of the IMPs of each of its results against the
    datum. A fouled board (the hands changed during play) has a datum for each version,
    from the tables that played it; a version too small to keep a score after the trim
    is refused with the board and its tables.

    Other federations' programs find the datum their own way (``trim_by``,
    ``datum_rounding``; the convention profiles ``acbl`` and ``jfr`` choose them). While
    a board is still in play (fewer results than the movement gives it) its datum is
    provisional: the trim leaves at least one result out of those it has so far, and the
    standings name the board, so running standings are given from the first round on.
    """

    name: ClassVar[str] = "houston"
    aliases: ClassVar[tuple[str, ...]] = ("butler", "houston-trial")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = HoustonOptions

    def score(self, facts: SectionFacts, options: HoustonOptions) -> SectionScore:
        """IMPs against the datum for every result, and each pair's sum of them."""
        expected = facts.expected_plays
        tables = Counter(map(attrgetter("board"), facts.results)) if expected else Counter()
        in_play = frozenset(b for b, plays in expected.items() if 0 < tables[b] < plays)

        def rule(version: Version) -> BoardPoints:
            return _against_datum(version, options, version.board in in_play)

        def plain(boards: Boards) -> Scored | None:
            from plugins.scoring import kernels

            return kernels.houston(
                boards,
                lambda results: trim_of(results, options),
                in_play,
                options.round,
                options.datum_rounding,
            )

        scored = score_boards(
            self.name, self.version, facts, rule, options.average_plus_imps, plain
        )
        if options.facing_absent is not None:
            scored = replace(scored, totals=_facing_absent(facts, scored, options))
        return replace(scored, provisional=in_play)

    def rescore(
        self,
        before: SectionScore,
        was: SectionFacts,
        facts: SectionFacts,
        boards: frozenset[int],
        options: HoustonOptions,
    ) -> SectionScore | None:
        """:meth:`score` of ``facts``, only ``boards`` scored again: a board's datum is
        its own results' (:func:`~plugins.scoring.comparison.rescore_boards`), and so is
        whether it is still in play. None where boards against the absent pair are
        scored (``facing_absent``): their pairs' totals follow every board in play."""
        if options.facing_absent is not None and facts.absent:
            return None
        expected = facts.expected_plays
        in_play: list[frozenset[int]] = []  # of ``boards``: as they were, then as they are

        def rule_of(tables: Mapping[int, int]) -> BoardRule:
            playing = frozenset(b for b in boards if 0 < tables.get(b, 0) < expected.get(b, 0))
            in_play.append(playing)
            return lambda version: _against_datum(version, options, version.board in playing)

        scored = rescore_boards(
            self.name,
            self.version,
            before,
            was,
            facts,
            boards,
            rule_of,
            options.average_plus_imps,
            lambda: self.score(facts, options),
        )
        return replace(scored, provisional=(before.provisional - boards) | in_play[-1])

    def victory_points(self, score: SectionScore, scale: VictoryPointScale) -> SectionScore:
        """``score`` with each match's IMPs as VPs on ``scale`` (:func:`match_victory_points`)."""
        return match_victory_points(score, scale)


@lru_cache(maxsize=16384)
def _against_datum(version: Version, options: HoustonOptions, provisional: bool) -> BoardPoints:
    """A version's IMPs against its datum (a board remembered: a new result rescores only
    its board). A ``provisional`` board (still in play) keeps one result at least."""
    if not version.results:
        return BoardPoints((), comparisons=1)
    played = [r for r in version.results if isinstance(r, int)]
    entering = version.results if options.assigned_in_datum or not played else played
    scores = [mean(r) for r in entering]
    trim = trim_of(len(scores), options)
    if provisional:
        trim = min(trim, (len(scores) - 1) // 2)  # so far: keep one result at least
    at = datum(
        version.board,
        scores,
        trim,
        options.round,
        played_by=version.played_by,
        rounding=options.datum_rounding,
    )
    return BoardPoints(
        tuple(Fraction(by_weight(r, lambda s: imps(s - at))) for r in version.results),
        comparisons=1,
        datum=at,
    )


Rounding = Literal["away_from_zero", "half_up", "toward_zero"]


def trim_of(results: int, options: HoustonOptions) -> int:
    """How many of the highest and of the lowest of a board's ``results`` scores are left
    out of its datum, by the options' ``trim_by``.

    ``fixed``: ``trim`` (JCBL: 1). ``field_size`` (bridge-scorer): none with 3 results or
    fewer, 1 with 4 to 10, then one more for every 15 results more (2 with 11-25, 3 with
    26-40). ``central`` (JFR Pary): round(0.475 × results), half up, so only the central
    twentieth or so is averaged; never so many that none is left (one central result
    of an odd number is kept, two of an even number)."""
    match options.trim_by:
        case "fixed":
            return options.trim
        case "field_size":
            return 0 if results <= 3 else 1 + max(0, ceil(Fraction(results - 10, 15)))
        case "central":
            drop = int(round_half_up(Fraction(19 * results, 40), 0))
            return max(0, min(drop, (results - 1) // 2))


def to_step(value: Fraction, step: int, rounding: Rounding = "away_from_zero") -> Fraction:
    """``value`` as a multiple of ``step``: the nearest, an exact half away from zero
    (-275 → -280) or upwards (-275 → -270), or cut toward zero (-279 → -270)."""
    steps = value / step
    if rounding == "away_from_zero":
        whole = int(round_half_up(steps, 0))
    elif rounding == "half_up":
        whole = floor(steps + Fraction(1, 2))
    else:
        whole = int(steps)  # a Fraction's int() is cut toward zero
    return Fraction(whole * step)


def datum(
    board: int,
    scores: Sequence[int | Fraction],
    trim: int,
    step: int,
    *,
    played_by: frozenset[Pair] | None = None,
    rounding: Rounding = "away_from_zero",
) -> Fraction:
    """The average of ``scores`` without the ``trim`` highest and lowest, as a multiple of
    ``step`` (:func:`to_step`).

    By default an exact half is rounded away from zero (the JCBL's 四捨五入), so the datum
    of the scores seen from East-West is exactly the negative of the datum seen from
    North-South. ``played_by`` names the tables of a fouled board's version, for the
    error message.
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
    return to_step(Fraction(sum(kept), len(kept)), step, rounding)


def _facing_absent(
    facts: SectionFacts, scored: SectionScore, options: HoustonOptions
) -> dict[Pair, PairTotal]:
    """The totals with each board a pair was to play against the absent pair scored as an
    adjusted score of ``facing_absent`` per cent (JFR Pary: 60), once the board is in play."""
    assert options.facing_absent is not None
    award = adjusted_points(
        Award(AwardKind.PERCENT, options.facing_absent), options.average_plus_imps
    )
    played = {r.board for r in facts.results}  # the scored results are the facts'
    totals = dict(scored.totals)
    for board, pair in facts.absent:
        now = totals.get(pair)
        if board in played and now is not None:
            score = now.score + award
            totals[pair] = PairTotal(pair, score, now.maximum, score, now.boards_played + 1)
    return totals


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
