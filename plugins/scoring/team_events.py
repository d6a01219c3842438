"""Team events scored from the store: IMP matches (or VPs), board-a-match, B-a-M + VP and
knockout matches with carry-over.

Each method finds a team section's matches in its recorded results and scores them board
by board (:mod:`plugins.scoring.team_matches`) with the functions of
:mod:`plugins.scoring.teams`; the engine reports them as a cross-table or a knockout's
running score (:mod:`engine.match_reports`, docs/decisions/0010-team-events-in-the-store.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine import BoardScore, KnockoutMatch, KnockoutSegment, MatchScore, SegmentFacts, TieRule
from engine.errors import N_, Fix, InvalidInput
from engine.hookspecs import hookimpl
from engine.imps import THRESHOLDS, imps
from engine.registry import VictoryPointScale
from engine.scoring import Award, SectionFacts, SectionScore
from plugins.scoring.comparison import adjusted_points
from plugins.scoring.houston import match_victory_points
from plugins.scoring.team_matches import BoardRule, match_sheet, score_matches, section_score
from plugins.scoring.teams import (
    BamOptions,
    KnockoutOptions,
    bam_margin_vp,
    bam_points,
    board_a_match,
    imp_match,
)
from plugins.scoring.vp_scales import VpScaleOptions

IMP_TOP = Fraction(len(THRESHOLDS))
"""The most IMPs one board of a match can give: the IMP table's last row, 24."""
BAM_TOP = Fraction(2)
"""A board-a-match board: 2 points, shared by the two teams."""
BAM_VP_STAKE = Fraction(6)
"""The VPs a B-a-M + VP round shares between its two teams (6–0 to 3–3)."""


# ---- the methods ------------------------------------------------------------------------------


AveragePlusImps = Annotated[
    int,
    Field(
        ge=0,
        description="IMPs on the board for average plus (law 12C2: 3); average minus is "
        "as many below 0.",
    ),
]
"""What an artificial adjusted score is worth in a team match: one option, whichever
team method reads it."""


class TeamImpsOptions(VpScaleOptions):
    """What adjusted scores are worth, and whether matches become victory points."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    average_plus_imps: AveragePlusImps = 3


class TeamImps:
    """Team matches scored in IMPs (or victory points): JCBL manual part 2 ch. 6 §2–4.

    On each board of a match a team's net score is its NS pair's score at its home table
    less the opponents' NS score at theirs; the IMP table turns it into IMPs, which the
    other team loses. Every board two teams played against each other in the section,
    whichever rounds, is their match. A team's total is its IMPs over all its matches,
    or with ``scale`` (``vp_scale``) the VPs each match's margin is worth on that scale,
    read for ``boards`` boards when that option is given.

    Adjusted scores: average plus is +3 IMPs on the board, average minus -3, average 0
    (A60 and A40 the same); a neutral board is 0 to both teams. An artificial score at
    one table settles the board: the other table's score is not compared. Given at both
    tables, a team's two scores add up. A weighted assigned score (such as ⅔ of 4S made
    and ⅓ one off) earns the weighted IMPs of each of its scores. A result whose other
    table is not recorded yet scores nothing. A fouled board played in different
    versions at the two tables is neutral.
    """

    name: ClassVar[str] = "team-imps"
    aliases: ClassVar[tuple[str, ...]] = ("imp-teams", "teams-imps", "imp-match")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = TeamImpsOptions

    def score(self, facts: SectionFacts, options: TeamImpsOptions) -> SectionScore:
        """Each board's IMPs to both teams, and each team's total IMPs."""
        return section_score(self.name, self.version, facts, self.matches(facts, options), IMP_TOP)

    def matches(self, facts: SectionFacts, options: TeamImpsOptions) -> tuple[MatchScore, ...]:
        """Every match of the section in IMPs, board by board."""

        def awarded(awards: Sequence[Award]) -> Fraction:
            return sum((adjusted_points(a, options.average_plus_imps) for a in awards), Fraction(0))

        rule = BoardRule(
            played=lambda match: ((b.imps, -b.imps) for b in imp_match(match).boards),
            value=imps,
            awarded=awarded,
        )
        return score_matches(facts, rule)

    def victory_points(self, score: SectionScore, scale: VictoryPointScale) -> SectionScore:
        """``score`` with each match's IMP margin as VPs on ``scale``; the boards keep their IMPs.

        The margin is half the difference of the two teams' IMPs over the match (each
        team's IMPs when every board is balanced), rounded to a whole IMP, an exact half
        away from zero; a team's ``maximum`` is the VPs at stake in its matches."""
        converted = match_victory_points(replace(score, results=match_sheet(score)), scale)
        return replace(score, totals=converted.totals)


def _bam_rule(options: BamOptions) -> BoardRule:
    """Board-a-match points: 2 won, 1 tied, 0 lost; an artificial score is its share of 2."""

    def awarded(awards: Sequence[Award]) -> Fraction:
        # adjusted_points(·, 1) is (percentage - 50) / 10: A+ and A60 are 60 % of the board.
        return BAM_TOP * (
            Fraction(1, 2) + sum((adjusted_points(a, 1) for a in awards), Fraction(0)) / 10
        )

    return BoardRule(
        played=lambda match: (
            (b.home_points, b.away_points) for b in board_a_match(match, options).boards
        ),
        value=lambda net: bam_points(net, options.tie_margin),
        awarded=awarded,
    )


class BoardAMatch:
    """Board-a-match (B-a-M): every board is won (2), tied (1) or lost (0): JCBL manual
    part 2 ch. 6 §11-1.

    A team wins a board when its net score — its NS pair's score at home less the
    opponents' NS score at theirs — is more than the tie margin (0 unless set); the two
    teams share the board's 2 points. A team's total is its points over all its boards.

    Adjusted scores: average plus is 60 % of the board (1.2 points), average 1, average
    minus 0.8 (A55 is 1.1); a neutral board is 1 to both teams. An artificial score at one
    table settles the board; given at both tables, a team's two shares add up. A weighted
    assigned score earns the weighted points of each of its scores. A result whose other
    table is not recorded yet scores nothing.
    """

    name: ClassVar[str] = "board-a-match"
    aliases: ClassVar[tuple[str, ...]] = ("bam", "b-a-m")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = BamOptions

    def score(self, facts: SectionFacts, options: BamOptions) -> SectionScore:
        """Each board's B-a-M points to both teams, and each team's total."""
        return section_score(self.name, self.version, facts, self.matches(facts, options), BAM_TOP)

    def matches(self, facts: SectionFacts, options: BamOptions) -> tuple[MatchScore, ...]:
        """Every match of the section in board-a-match points."""
        return score_matches(facts, _bam_rule(options))


class BamVp:
    """B-a-M + VP: board-a-match points plus 6 VPs a round for the net margin: JCBL
    manual part 2 ch. 6 §11-1.

    Each board gives 2, 1 or 0 board-a-match points, as in plain board-a-match. Each
    match (the boards two teams play against each other) then shares 6 VPs by the
    teams' total net score over its boards:

    ========  ==============  ===================
    VPs       2 boards        3 or more boards
    ========  ==============  ===================
    6–0       520 or more     750 or more
    5–1       230–510         330–740
    4–2       60–220          90–320
    3–3       0–50            0–80
    ========  ==============  ===================

    A team's score is its B-a-M points plus its VPs (the manual's report form: team 3
    wins board 3 by 210, team 1 board 4 by 460; team 1 is 250 up, 5–1; team 3 scores 3,
    team 1 7). A board settled by artificial scores adds its points but no net score.
    A match with a single board has no row in the table: it scores its board-a-match
    points and gets its VPs once a second board is compared.
    """

    name: ClassVar[str] = "bam-vp"
    aliases: ClassVar[tuple[str, ...]] = ("bam+vp", "b-a-m-vp", "board-a-match-vp")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = BamOptions

    def score(self, facts: SectionFacts, options: BamOptions) -> SectionScore:
        """Each board's B-a-M points to both teams, and each team's points plus VPs."""
        return section_score(self.name, self.version, facts, self.matches(facts, options), BAM_TOP)

    def matches(self, facts: SectionFacts, options: BamOptions) -> tuple[MatchScore, ...]:
        """Every match of the section: board-a-match points, and each match's VPs."""
        return tuple(_with_vps(m) for m in score_matches(facts, _bam_rule(options)))


def _with_vps(match: MatchScore) -> MatchScore:
    """``match`` with the VPs of its net margin (none yet for a one-board match)."""
    if len(match.boards) < 2:
        return match
    net = sum((b.net for b in match.boards if b.net is not None), Fraction(0))
    home, away = bam_margin_vp(net, len(match.boards))
    return replace(match, home_bonus=Fraction(home), away_bonus=Fraction(away), stake=BAM_VP_STAKE)


# ---- knockout ---------------------------------------------------------------------------------


class KnockoutMatchOptions(KnockoutOptions):
    """The IMPs each team brings into the match, how a level match is decided, and what
    an artificial adjusted score is worth."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tie: TieRule = Field(
        "extra-boards",
        description="A match level after its last segment: extra-boards (it is not decided; "
        "play the extra boards the conditions of contest name and record them as one more "
        "segment) or carry-over (the team that brought the larger carry-over goes through; "
        "equal carry-overs play extra boards).",
    )
    average_plus_imps: AveragePlusImps = 3


def _gained(match: MatchScore) -> tuple[Fraction, Fraction]:
    """The IMPs each team of ``match`` won: the home team's on the boards it gained on,
    the visitors' on theirs."""
    home = sum((max(b.home, Fraction(0)) for b in match.boards), Fraction(0))
    away = sum((max(b.away, Fraction(0)) for b in match.boards), Fraction(0))
    return home, away


def _law_86b(board: BoardScore) -> Fraction:
    """The home team's IMPs on a knockout board: a non-balancing adjusted score (A+ to
    both teams) is averaged, each team scoring half the difference (law 86B); a
    balancing board keeps its IMPs."""
    return (board.home - board.away) / 2


class KnockoutImps:
    """A knockout match in IMPs, with carry-over between segments: JCBL manual part 2 ch. 6
    §2–3 and §7.

    Two teams play the match in segments — the rounds of a session (a half, 前半 and 後半)
    or its sessions — and the team with more IMPs after the last segment goes through.
    Each team may bring a carry-over into the match (``carry_over_home`` for team 1, the
    home team of the first segment; ``carry_over_away`` for the visitors), exact IMPs
    such as 7.5; the running score after each segment is the carry-over plus the IMPs
    won so far. Every board is scored as in team-imps (its net score by the IMP table);
    a team's IMPs in a segment are those of the boards it gained on. An artificial
    adjusted score that does not balance (A+ to both teams) is averaged, each team
    scoring half the difference (law 86B): A+ to both is 0 to both. A level match is
    decided as ``tie`` says: extra boards (recorded as one more segment) or the larger
    carry-over. A session's standings show the IMPs each team won in it; `traveller
    knockout` shows the match: carry-over, every segment and the running total.
    """

    name: ClassVar[str] = "knockout"
    aliases: ClassVar[tuple[str, ...]] = ("ko", "knockout-imps")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = KnockoutMatchOptions

    def score(self, facts: SectionFacts, options: KnockoutMatchOptions) -> SectionScore:
        """Each board's IMPs to both teams, and the IMPs each team won in the section."""
        matches = self.matches(facts, options)
        scored = section_score(self.name, self.version, facts, matches, IMP_TOP)
        won: dict[int, Fraction] = defaultdict(Fraction)
        for m in matches:
            home, away = _gained(m)
            won[m.home] += home
            won[m.away] += away
        totals = {
            pair: replace(total, score=won[pair.number], raw=won[pair.number])
            for pair, total in scored.totals.items()
        }
        return replace(scored, totals=totals)

    def matches(self, facts: SectionFacts, options: KnockoutMatchOptions) -> tuple[MatchScore, ...]:
        """Every match of the section in IMPs, board by board, law 86B applied."""
        imps_options = TeamImpsOptions(average_plus_imps=options.average_plus_imps)
        return tuple(
            replace(
                m,
                boards=tuple(replace(b, home=_law_86b(b), away=-_law_86b(b)) for b in m.boards),
            )
            for m in TeamImps().matches(facts, imps_options)
        )

    def match(
        self, segments: Sequence[SegmentFacts], options: KnockoutMatchOptions
    ) -> KnockoutMatch:
        """The knockout match of two teams over ``segments``, in the order played.

        The first segment's lower-numbered team is the home team throughout, whichever
        number it has in later sessions; a segment with no board compared yet is left
        out. Refused when a segment is not a match of the same two teams."""
        home: Hashable | None = None
        away: Hashable | None = None
        running = [Fraction(options.carry_over_home), Fraction(options.carry_over_away)]
        played: list[KnockoutSegment] = []
        for segment in segments:
            numbers = sorted({p.number for f in segment.facts.fields for p in f.pairs})
            if len(numbers) != 2:
                raise InvalidInput(
                    N_("Session %(session)s has %(teams)s teams; a knockout match is between two."),
                    hint=N_(
                        "Put each knockout match in a section of its own, its two teams "
                        "numbered 1 and 2."
                    ),
                    code="knockout.teams",
                    session=segment.session,
                    teams=len(numbers),
                )
            who = [segment.teams.get(n, f"team {n}") for n in numbers]
            if home is None:
                home, away = who
            elif set(who) != {home, away}:
                raise InvalidInput(
                    N_(
                        "Session %(session)s's teams are not the two teams of the match begun in "
                        "the first segment."
                    ),
                    hint=N_(
                        "Seat the same two teams (the same players) in every session of the "
                        "match, or choose the match's sessions."
                    ),
                    code="knockout.teams",
                    fix=Fix(None, needs=("sessions",)),
                    session=segment.session,
                )
            for m in self.matches(segment.facts, options):
                if not m.boards:
                    continue
                won = _gained(m)
                if segment.teams.get(m.home, f"team {m.home}") != home:
                    won = (won[1], won[0])
                running = [running[0] + won[0], running[1] + won[1]]
                played.append(
                    KnockoutSegment(
                        segment.session,
                        segment.rounds,
                        len(m.boards),
                        won[0],
                        won[1],
                        running[0],
                        running[1],
                    )
                )
        if home is None or away is None:
            raise InvalidInput(
                N_("A knockout match needs at least one segment."),
                hint=N_("Give the sessions of the match."),
                code="knockout.segments",
            )
        return KnockoutMatch(
            home=home,
            away=away,
            carry_over_home=Fraction(options.carry_over_home),
            carry_over_away=Fraction(options.carry_over_away),
            segments=tuple(played),
            tie=options.tie,
        )


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`TeamImps`, :class:`BoardAMatch`, :class:`BamVp` and
    :class:`KnockoutImps`."""
    register(TeamImps())
    register(BoardAMatch())
    register(BamVp())
    register(KnockoutImps())
