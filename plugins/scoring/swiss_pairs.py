"""Swiss pairs: each match's matchpoint percentage as victory points (JCBL part 2 ch. 4 §19)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from engine.hookspecs import hookimpl
from engine.registry import EarlierVersions
from engine.scoring import PairTotal, SectionFacts, SectionScore
from engine.seating import Pair
from plugins.scoring.comparison import matches, points_of
from plugins.scoring.matchpoints import Matchpoints

HALF = Fraction(1, 2)
_MATCHPOINTS = Matchpoints()


@dataclass(frozen=True, slots=True)
class PercentScale:
    """Victory points for a match percentage, in a straight line: half the VPs at 50 %,
    all of them at ``full_at`` % or more, none at ``100 - full_at`` % or less."""

    maximum: int
    full_at: int

    def victory_points(self, percentage: Fraction) -> Fraction:
        share = HALF + (percentage - 50) / (2 * (self.full_at - 50))
        return self.maximum * min(max(share, Fraction(0)), Fraction(1))


class SwissPairsOptions(Matchpoints.Options):
    """The matchpoint options of each board, and the scale of a match's VPs.

    ``total_factoring`` has no effect: pairs are ranked by VPs, which are never factored.
    """

    vp_maximum: int = Field(20, ge=1, description="The VPs of a match: a 20-0 scale.")
    vp_full_at: int = Field(
        75,
        gt=50,
        le=100,
        description="The percentage that wins every VP of a match (100: the VPs are "
        "shared in proportion to the matchpoints).",
    )


class SwissPairs:
    """Swiss pairs: matchpoints across the field, each match's percentage turned into VPs.

    Every table plays the round's boards, which are matchpointed across the whole field
    as in a pairs game (the matchpoint options apply, neutral and adjusted tables too).
    A pair's percentage over the boards of a match (the boards it played against one
    opponent, a round) becomes victory points: half the VPs (10 of 20) at 50 %, one VP
    more for every 2½ % above, all 20 at 75 % (``vp_maximum``, ``vp_full_at``); the
    opponent's percentage gets the rest. Pairs are ranked by their VPs. For Swiss pairs
    scored by IMPs, use ``houston`` with a ``vp_scale``.
    """

    name: ClassVar[str] = "swiss-pairs"
    aliases: ClassVar[tuple[str, ...]] = ("swiss-pair",)
    version: ClassVar[str] = "1.1"
    earlier_versions: ClassVar[EarlierVersions] = Matchpoints.earlier_versions
    """Its boards are matchpointed: 1.0 is matchpoints 1.0's (artificial tables as neutral)."""
    Options: ClassVar[type[BaseModel]] = SwissPairsOptions

    def score(self, facts: SectionFacts, options: SwissPairsOptions) -> SectionScore:
        """Matchpoints for every result, and each pair's VPs over its matches."""
        scored = _MATCHPOINTS.score(facts, options)
        scale = PercentScale(options.vp_maximum, options.vp_full_at)
        won: dict[Pair, Fraction] = defaultdict(Fraction)
        played: Counter[Pair] = Counter()
        for match, boards in matches(scored.results).items():
            top = sum(scored.tops[s.result.board] for s in boards)
            for pair in match:
                got = sum((points_of(pair, s) for s in boards), Fraction(0))
                won[pair] += scale.victory_points(got * 100 / top if top else Fraction(50))
                played[pair] += 1
        totals = {
            p: PairTotal(p, won[p], Fraction(played[p] * scale.maximum), won[p], t.boards_played)
            for p, t in scored.totals.items()
        }
        return replace(scored, method=self.name, version=self.version, totals=totals)


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`SwissPairs`."""
    register(SwissPairs())
