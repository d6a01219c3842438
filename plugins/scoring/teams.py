"""Team scoring: IMP matches, victory points, board-a-match, round robins and knockouts.

JCBL manual part 2 ch. 6 (§3 IMPs, §4 VPs, §6 round robin, §7 knockout, §11 board-a-match)
and part 3 ch. 4 §3 (the scoring methods of a team game). These are pure functions of
the recorded boards of a match (:class:`engine.teams.TeamMatch`); the scoring methods
that find a team section's matches in its recorded results and score them with these
are in :mod:`plugins.scoring.team_events`. VPs come from any registered
:class:`engine.registry.VictoryPointScale` (``wbf2013``, ``20-0``, ``25-0``, ``mccallum-40``, …),
McCallum included.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidInput
from engine.imps import imps
from engine.numbers import round_half_up, show
from engine.registry import VictoryPointScale
from engine.standings import rank_labels
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


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What a match is worth to each team in a round robin: VPs (or any points)."""

    home: int
    away: int
    home_points: Fraction
    away_points: Fraction


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
            f"The B-a-M + VP margin table has no row for a round of {boards} board(s).",
            hint="It covers rounds of 2 boards and of 3 or more; score shorter rounds as "
            "plain board-a-match.",
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


# ---- round robin ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrossTableRow:
    """One team's line of the cross-table: rank, total, and what it scored against each."""

    team: int
    rank: str
    total: Fraction
    against: tuple[tuple[Fraction, ...], ...]
    """Per column team (in :attr:`RoundRobin.teams` order): the points of each match
    against it, in the order played; empty for the team itself and teams not yet met."""


@dataclass(frozen=True, slots=True)
class RoundRobin:
    """Round-robin standings laid out as the manual's cross-table (part 2 ch. 6 §6)."""

    teams: tuple[int, ...]
    """The columns, and the rows of :attr:`rows`: every team in number order."""
    rows: tuple[CrossTableRow, ...]

    def standings(self) -> tuple[CrossTableRow, ...]:
        """The rows best first (equal totals by team number)."""
        return tuple(sorted(self.rows, key=lambda r: (-round_half_up(r.total), r.team)))

    def to_json(self) -> dict[str, Any]:
        """The cross-table with every number shown to 2 decimals, half up."""
        return {
            "teams": list(self.teams),
            "rows": [
                {
                    "team": r.team,
                    "rank": r.rank,
                    "total": show(r.total),
                    "against": [[show(p) for p in cell] for cell in r.against],
                }
                for r in self.rows
            ],
        }


def round_robin(results: Iterable[MatchResult], teams: Sequence[int] = ()) -> RoundRobin:
    """Standings of a round robin (single, double or triple) from its match results.

    Each team's total is the sum of its VPs (or other match points) from every match.
    Teams rank by their totals as shown, half up to 2 decimals; equal totals share a
    rank marked "=" ("2="). ``teams`` adds teams that have no result yet.
    """
    played: dict[tuple[int, int], list[Fraction]] = defaultdict(list)
    everyone = set(teams)
    for r in results:
        played[r.home, r.away].append(r.home_points)
        played[r.away, r.home].append(r.away_points)
        everyone |= {r.home, r.away}
    order = tuple(sorted(everyone))
    totals = {t: sum((sum(played[t, o], Fraction(0)) for o in order), Fraction(0)) for t in order}
    ranked = sorted(order, key=lambda t: (-round_half_up(totals[t]), t))
    labels = dict(zip(ranked, rank_labels([round_half_up(totals[t]) for t in ranked]), strict=True))
    rows = tuple(
        CrossTableRow(t, labels[t], totals[t], tuple(tuple(played[t, o]) for o in order))
        for t in order
    )
    return RoundRobin(order, rows)


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
