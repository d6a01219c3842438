"""Team scoring: IMP matches, victory points, board-a-match and knockouts.

JCBL manual part 2 ch. 6 (§3 IMPs, §4 VPs, §7 knockout, §11 board-a-match) and part 3
ch. 4 §3 (the scoring methods of a team game). These are pure functions of the recorded
boards of a match (:class:`engine.teams.TeamMatch`); the scoring methods that find a team
section's matches in its recorded results and score them with these are in
:mod:`plugins.scoring.team_events`. VPs come from any registered
:class:`engine.registry.VictoryPointScale` (``wbf2013``, ``20-0``, ``25-0``, ``mccallum-40``, …),
McCallum included. A round robin's cross-table (§6) is the engine's report of any team
method's matches (:mod:`engine.match_reports`).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from engine import MatchResult
from engine.errors import N_, InvalidInput
from engine.imps import imps
from engine.registry import VictoryPointScale
from engine.teams import TeamMatch

# ---- IMP matches ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardImps:
    """One board of an IMP match, from the home team's side."""

    board: int
    net: int
    """The home team's net score: its NS score at home less the visitors' NS score."""
    imps: int
    """The home team's IMPs on the board (negative when the visitors won it)."""


@dataclass(frozen=True, slots=True)
class ImpMatch:
    """An IMP match: each board's IMPs and the IMPs each team won in all."""

    home: int
    away: int
    boards: tuple[BoardImps, ...]
    home_imps: int
    away_imps: int

    @property
    def margin(self) -> int:
        """The home team's margin in IMPs (negative when the visitors won)."""
        return self.home_imps - self.away_imps


def imp_match(match: TeamMatch) -> ImpMatch:
    """Score a match in IMPs (manual part 2 ch. 6 §2–3).

    On each board the home team's net score — what its NS pair scored at home less
    what the visitors' NS pair scored at the other table — becomes IMPs by the IMP
    table. Each team's total is the IMPs of the boards it won; the margin decides the
    match and is what a VP scale converts.
    """
    boards = tuple(BoardImps(b.board, b.net, imps(b.net)) for b in match.boards)
    return ImpMatch(
        home=match.home,
        away=match.away,
        boards=boards,
        home_imps=sum(b.imps for b in boards if b.imps > 0),
        away_imps=-sum(b.imps for b in boards if b.imps < 0),
    )


def victory_points(match: ImpMatch, scale: VictoryPointScale) -> MatchResult:
    """Convert an IMP match to VPs on ``scale`` (manual part 2 ch. 6 §4).

    The number of boards is the number of boards compared in the match.
    """
    home, away = scale.victory_points(match.margin, len(match.boards))
    return MatchResult(match.home, match.away, home, away)


# ---- board-a-match ----------------------------------------------------------------------------


class BamOptions(BaseModel):
    """How board-a-match points are counted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tie_margin: int = Field(
        0,
        ge=0,
        description="A board whose net score differs by this many points or fewer is a tie "
        "(1 point each). 0: only an equal score ties.",
    )


@dataclass(frozen=True, slots=True)
class BoardBam:
    """One board of a board-a-match round: the net score and each team's B-a-M points."""

    board: int
    net: int
    home_points: int
    away_points: int


@dataclass(frozen=True, slots=True)
class BamMatch:
    """A board-a-match round between two teams (manual part 2 ch. 6 §11-1)."""

    home: int
    away: int
    boards: tuple[BoardBam, ...]
    home_points: int
    away_points: int
    net: int
    """The home team's net score over the round (what BAM+VP converts to VPs)."""


def board_a_match(match: TeamMatch, options: BamOptions) -> BamMatch:
    """Score a round board-a-match: each board is won (2), tied (1) or lost (0).

    A team wins a board when its net score on it — NS at home less the opponents' NS at
    the other table — is more than the tie margin (0 unless the director sets one);
    the two teams share the 2 points of every board.
    """
    boards = []
    for b in match.boards:
        home = bam_points(b.net, options.tie_margin)
        boards.append(BoardBam(b.board, b.net, home, 2 - home))
    return BamMatch(
        home=match.home,
        away=match.away,
        boards=tuple(boards),
        home_points=sum(b.home_points for b in boards),
        away_points=sum(b.away_points for b in boards),
        net=sum(b.net for b in match.boards),
    )


def bam_points(net: int | Fraction, tie_margin: int) -> int:
    """The points of the team with ``net`` on a board: 2 won, 1 tied, 0 lost."""
    if -tie_margin <= net <= tie_margin:
        return 1
    return 2 if net > 0 else 0


#: JCBL B-a-M + VP (manual part 2 ch. 6 §11-1): the lowest net margin worth 4–2, 5–1 and
#: 6–0 VPs; a smaller margin is 3–3. Rounds of 2 boards, and of 3 or more.
BAM_VP_TWO_BOARDS: tuple[int, ...] = (60, 230, 520)
BAM_VP_MORE_BOARDS: tuple[int, ...] = (90, 330, 750)


def bam_margin_vp(net: int | Fraction, boards: int) -> tuple[int, int]:
    """The JCBL 6–0 VPs for a round's net margin: (the side with ``net``, its opponent).

    A margin between two rows (a weighted assigned score's) takes the row whose lower
    bound it reaches, as the IMP table does."""
    if boards < 2:
        raise InvalidInput(
            N_("The B-a-M + VP margin table has no row for a round of %(boards)s board(s)."),
            hint=N_(
                "It covers rounds of 2 boards and of 3 or more; score shorter rounds as "
                "plain board-a-match."
            ),
            code="bam_vp.boards",
            boards=boards,
        )
    table = BAM_VP_TWO_BOARDS if boards == 2 else BAM_VP_MORE_BOARDS
    winner = 3 + bisect_right(table, abs(Fraction(net)))
    return (winner, 6 - winner) if net >= 0 else (6 - winner, winner)


@dataclass(frozen=True, slots=True)
class BamVpMatch:
    """A B-a-M + VP round: the board-a-match points plus the VPs of the net margin."""

    bam: BamMatch
    home_vp: int
    away_vp: int

    @property
    def home_total(self) -> int:
        return self.bam.home_points + self.home_vp

    @property
    def away_total(self) -> int:
        return self.bam.away_points + self.away_vp


def bam_vp(match: TeamMatch, options: BamOptions) -> BamVpMatch:
    """Score a round B-a-M + VP (JCBL, manual part 2 ch. 6 §11-1).

    Each board gives board-a-match points (2 win, 1 tie, 0 loss). The round's total net
    score then gives 6 VPs shared by this table:

    ========  ==============  ===================
    VPs       2 boards        3 or more boards
    ========  ==============  ===================
    6–0       520 or more     750 or more
    5–1       230–510         330–740
    4–2       60–220          90–320
    3–3       0–50            0–80
    ========  ==============  ===================

    A team's score for the round is its B-a-M points plus its VPs.
    """
    bam = board_a_match(match, options)
    home, away = bam_margin_vp(bam.net, len(bam.boards))
    return BamVpMatch(bam, home, away)


# ---- knockout ---------------------------------------------------------------------------------


class KnockoutOptions(BaseModel):
    """The IMPs each team brings into a knockout match (the ``knockout`` scoring method of
    :mod:`plugins.scoring.team_events` scores the match from the store)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    carry_over_home: Decimal = Field(
        Decimal(0),
        ge=0,
        description="IMPs the home team starts with (a carry-over from an earlier stage).",
    )
    carry_over_away: Decimal = Field(
        Decimal(0), ge=0, description="IMPs the visiting team starts with."
    )
