"""Short round robins (SRR) for teams, and SRR teams + pairs (JCBL manual part 2 ch. 6
§9-10 and appendix 1, lists 3 "SRR チーム戦", 4 "SRR チーム+ペア" and 5 "SRR チーム戦"
over two sessions).

A short round robin plays few boards a match so that a club session (or two) holds a
whole round robin. In *SRR + pairs* the teams play their round robin (IMPs → VPs) while
every pair is also ranked on the same boards, so each round's boards are played by every
table of the field. The JCBL lists which game suits how many teams: list 3 (one
session), list 4 and list 5 (two sessions; three for 13 teams) are data in
:mod:`engine.advisor.srr_lists`, which the movement advisor reads, each line naming the
Traveller family and options that play each session (:func:`listed_session` and
:func:`session_of` build them with the families here):

- an odd number of teams in one session plays an American Whist (session complete, no
  relay);
- an even number plays the guide's round robin with every table of a round sharing its
  boards; split over sessions, each session plays some rounds of the draw (with an odd
  number the guide's triangles, sharing one extra set, as the list counts boards);
- the stagger (appendix 3 §3) plays odd teams against odd and even against even in its
  first session, odd against even in its second;
- the mirror Mitchell (TFMM, appendix 3 §2) plays in one session a mirror Mitchell
  across the two halves of the field and in the other an American Whist within each half
  (family ``mirror-mitchell-halves``, registered here).

**Pair all-play-all** (ペア総当たり, TP1S and TP2S): every pair meets both pairs of every
other team. A Traveller team movement names seats, not people: team t's NS seat at home
and its EW seat away, one of each every round, and a board of the match a v b is NS a v
EW b set against NS b v EW a. Which of its two pairs takes the NS seat is the team's
affair and may change from round to round, as long as a board's two results are played
by its two different pairs. A pair all-play-all is then a way of seating: at two teams'
first meeting their pairs meet crosswise; at the second one of the two teams seats its
pairs the other way round, so they meet pair for pair. With an even number of teams the
list plays the guide's round robin, every match within one round, so any team may swap
in any round: the draw twice over in one session (4 teams, ``times=2``) or once a
session (TP2S, 4 to 10 teams), and at the second meeting the higher-numbered team of each
match swaps (:data:`~engine.advisor.srr_lists.PAIR_SEATING`). Traveller scores all the
boards two teams compared in a session as one match; over two sessions that is a match
(and VPs) a session, where the JCBL converts the two halves together after session 2.

With an odd number of teams (3 and 5 in one session; 3, 5, 7 and 9 over two) no built-in
family seats it. The list's rounds (teams - 1 a session) leave the American Whist or the
round robin with triangles, and in both a match's two halves are played in different
rounds, so a team must keep its seating over those rounds. The American Whist's rounds r
and teams - r then set the teams round a cycle of odd length (t against t ± 2r), and a
triangle sets its three teams so. For every meeting of such a cycle to change from the
first meeting to the second, exactly one of every two neighbours in it would have to
swap, which an odd cycle does not allow (a swaps and b not, b swaps and c not, then c and
a both swap or both not). A round robin with a bye, every match within a round, could be
seated so, but it plays other rounds and boards than the list's. Those lines are data only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from pydantic import BaseModel, Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    InvalidMovement,
    Movement,
    MovementFamily,
    hookimpl,
    parse_options,
    validate,
)
from engine.advisor.srr_lists import (
    ODD_PAIR_ALL_PLAY_ALL,
    SRR_TEAMS_AND_PAIRS,
    SessionGame,
    SRRPlan,
    SRRSessions,
)
from engine.errors import N_, Phrase
from plugins.movements.teams.american_whist import (
    AmericanWhist,
    AmericanWhistOptions,
    american_whist,
)
from plugins.movements.teams.common import SessionBoards, teams_movement
from plugins.movements.teams.mirror_mitchell import MirrorMitchell
from plugins.movements.teams.relay import Stagger
from plugins.movements.teams.round_robin import RoundRobinTeams

# ---- the families --------------------------------------------------------------------------


class SRROptions(BoardOptions):
    """How a session of SRR teams + pairs is played."""

    boards_per_round: BoardsPerRound | None = Field(
        default=None, description="Boards in each round; by default the JCBL list's."
    )


class SRR:
    """SRR teams + pairs (SRR チーム+ペア): a short team round robin that also ranks the pairs.

    For 4 to 11 teams, one home table each; a session of the JCBL's list 4 (play it again
    for the second session). An odd number of teams plays an American Whist (every match
    complete within the session); an even number plays the round robin with every table
    of a round sharing its boards, so each board is played by the whole field and the
    pairs can be matchpointed as well as the teams scored in IMPs and VPs. Teams - 1
    rounds; the list's boards a round by default (8 for 4 teams down to 3 for 9-11).
    The standings rank the teams, then the NS pairs and the EW pairs, each line apart (as
    a Mitchell's) by matchpoints; register a team's players NS pair first, then EW pair.
    """

    name: ClassVar[str] = "srr"
    aliases: ClassVar[tuple[str, ...]] = ("srr-pairs", "srr-teams-pairs")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = SRROptions

    def build(self, tables: int, options: SRROptions | None = None) -> Movement:
        """A session of SRR teams + pairs for ``tables`` teams."""
        opts = options or SRROptions()
        plan = next((p for p in SRR_TEAMS_AND_PAIRS if p.teams == tables), None)
        if plan is None:
            raise InvalidMovement(
                N_("The JCBL plays SRR teams + pairs with 4 to 11 teams, not %(tables)s."),
                hint=N_("With 12 teams or more play a Swiss; with fewer than 4, a pairs game."),
                code="srr.tables",
                tables=tables,
            )
        return listed_session(plan, opts.boards_per_round, opts.first_board)


class MirrorHalves:
    """The mirror Mitchell's other session (ミラーミッチャエル, JCBL appendix 3 §2): each half
    of the field plays an American Whist within itself.

    For 2S teams with S odd (10, 14, 18, 22, 26, 30 in the JCBL list): teams 1 to S and
    S+1 to 2S, each half at its own tables, play the standard American Whist (NS at home,
    EW pairs down two, boards down one; S - 1 rounds), both halves on the same boards
    (duplicated). With the mirror Mitchell, in which every team meets the other half,
    every team has met every other. The manual plays it after the mirror Mitchell (its
    "B-a-M" of 7 teams is this movement); the JCBL list puts it first.
    """

    name: ClassVar[str] = "mirror-mitchell-halves"
    aliases: ClassVar[tuple[str, ...]] = ("mirror-halves",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = SessionBoards

    def build(self, tables: int, options: SessionBoards | None = None) -> Movement:
        """Both halves' American Whists for ``tables`` teams."""
        opts = options or SessionBoards()
        half = tables // 2
        if tables % 2 or half % 2 == 0 or half < 3:
            raise InvalidMovement(
                N_(
                    "The mirror Mitchell's halves are two odd numbers of teams, at least 3: "
                    "6, 10, 14, 18 … teams, not %(tables)s."
                ),
                hint=N_("With halves of an even number of teams play bam or a round robin."),
                code="srr.halves",
                tables=tables,
            )
        per_round = opts.per_round(half - 1)
        one = american_whist(
            half, AmericanWhistOptions(boards_per_round=per_round, first_board=opts.first_board)
        )
        other = (
            e.model_copy(update={"table": e.table + half, "ns": e.ns + half, "ew": e.ew + half})
            for e in one.schedule
        )
        built = teams_movement(
            self.name,
            self.version,
            tables=tables,
            rounds=one.rounds,
            boards_per_round=per_round,
            schedule=(*one.schedule, *other),
            curtail_groups=one.curtail_groups,
            description=(
                f"Mirror Mitchell's halves, {tables} tables: teams 1-{half} and "
                f"{half + 1}-{tables} each play an American Whist within their half on the "
                f"same (duplicated) boards {one.boards[0]}-{one.boards[-1]}: {one.rounds} "
                f"rounds of {per_round} boards. NS pairs stay; before each round (the first "
                "too) EW pairs move two tables lower and boards one table lower within the "
                f"half; set 2 starts on tables 1 and {half + 1}."
            ),
        )
        return validate(built)


FAMILIES: Mapping[str, MovementFamily] = {
    f.name: f
    for f in (AmericanWhist(), RoundRobinTeams(), Stagger(), MirrorMitchell(), MirrorHalves())
}
"""The families the lists name, by name."""


def built_game(game: SessionGame, teams: int, boards_per_round: int, first_board: int) -> Movement:
    """A session of a listed game, built by the family it names and validated."""
    if game.family is None:
        raise InvalidMovement(
            N_(
                "No Traveller family plays the %(teams)s-team pair all-play-all (ペア総当たり). "
                "%(why)s"
            ),
            hint=N_("Play the list's team all-play-all (チーム総当たり) for as many teams."),
            code="srr.odd_pair_all_play_all",
            teams=teams,
            why=Phrase(ODD_PAIR_ALL_PLAY_ALL),
        )
    family = FAMILIES[game.family]
    options = game.options_for(boards_per_round) | {"first_board": first_board}
    return family.build(teams, parse_options(family, options))


def listed_session(
    plan: SRRPlan, boards_per_round: int | None = None, first_board: int = 1
) -> Movement:
    """A session of a game of list 3 or 4, built and validated as the ``srr`` family,
    whose pairs the standings rank as well as its teams; ``boards_per_round`` overrides
    the list's."""
    built = built_game(
        plan.game, plan.teams, boards_per_round or plan.boards_per_round, first_board
    )
    # Every board is played across the field: the standings rank the pairs too.
    update = {
        "family": SRR.name,
        "plugin": SRR.name,
        "plugin_version": SRR.version,
        "ranks_pairs": True,
    }
    return validate(built.model_copy(update=update))


def session_of(
    plan: SRRSessions, session: int = 1, boards_per_round: int | None = None
) -> Movement:
    """Session ``session`` of a game of list 5, built by its family and validated;
    ``boards_per_round`` overrides the list's."""
    if not 1 <= session <= len(plan.sessions):
        raise InvalidMovement(
            N_("This game has %(sessions)s sessions, not a session %(session)s."),
            hint=N_("Choose a session from 1 to %(sessions)s."),
            code="srr.session",
            sessions=len(plan.sessions),
            session=session,
        )
    game = plan.sessions[session - 1]
    return built_game(game, plan.teams, boards_per_round or plan.boards_per_round, 1)


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register SRR teams + pairs and the mirror Mitchell's halves."""
    register(SRR())
    register(MirrorHalves())
