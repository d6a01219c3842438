"""Short round robins (SRR) for teams, and SRR teams + pairs (JCBL manual part 2 ch. 6
§9-10 and appendix 1, lists 3 "SRR チーム戦", 4 "SRR チーム+ペア" and 5 "SRR チーム戦"
over two sessions).

A short round robin plays few boards a match so that a club session (or two) holds a
whole round robin. In *SRR + pairs* the teams play their round robin (IMPs → VPs) while
every pair is also ranked on the same boards, so each round's boards are played by every
table of the field. The JCBL lists which game suits how many teams; :data:`SRR_TEAMS`
(list 3, one session), :data:`SRR_TEAMS_AND_PAIRS` (list 4) and :data:`SRR_TEAMS_SESSIONS`
(list 5, two sessions; three for 13 teams) hold them as data, each line naming the
Traveller family and options that play each session:

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
match swaps (:data:`PAIR_SEATING`). Traveller scores all the boards two teams compared in
a session as one match; over two sessions that is a match (and VPs) a session, where the
JCBL converts the two halves together after session 2.

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

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidMovement
from engine.hookspecs import hookimpl
from engine.movement import Movement
from engine.registry import MovementFamily, parse_options
from engine.validator import validate
from plugins.movements.american_whist import (
    AmericanWhist,
    AmericanWhistOptions,
    american_whist,
)
from plugins.movements.bam_core import teams_movement
from plugins.movements.mirror_mitchell import MirrorMitchell
from plugins.movements.relay_teams import Stagger
from plugins.movements.round_robin import RoundRobinTeams, boards_for


class SRRFormat(enum.StrEnum):
    """Whom a team's pairs meet in a short round robin."""

    PAIRS = "pairs"
    """ペア総当たり: each pair meets both pairs of every other team."""
    TEAMS = "teams"
    """チーム総当たり: each team meets every other team once, one pair of it per pair."""


PAIR_SEATING = (
    "Pair all-play-all: at two teams' second meeting the higher-numbered team of each "
    "match seats its pairs the other way round (its EW pair sits NS at home, its NS pair "
    "plays EW at the opponents' table), so every pair meets both pairs of every other team."
)
"""The seating that makes the round robin a pair all-play-all (see the module's docstring)."""

ODD_PAIR_ALL_PLAY_ALL = (
    "With an odd number of teams it cannot be seated in the list's rounds: in an American "
    "Whist or a round robin with triangles a match's two halves are played in different "
    "rounds, which ties the teams' seating together round an odd cycle of teams, and the "
    "second meetings round an odd cycle cannot all change (a round robin with a bye, each "
    "match within a round, could be seated so, but is not the list's game)."
)
"""Why no family plays the list's pair all-play-all of an odd number of teams."""


Options = tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class SessionGame:
    """One session of a listed game: the installed family that plays it, its options."""

    family: str | None
    """``None``: no Traveller family plays it (a pair all-play-all of an odd number)."""
    rounds: int
    boards_used: int
    """Boards laid out for the session, as read from the list."""
    options: Options = ()
    """The family's options, besides the boards a round."""

    def options_for(self, boards_per_round: int) -> dict[str, Any]:
        """The options to assign the family with."""
        return {"boards_per_round": boards_per_round, **dict(self.options)}

    def movement(self, teams: int, boards_per_round: int) -> Movement:
        """The session, built by its family and validated."""
        if self.family is None:
            raise InvalidMovement(
                f"No Traveller family plays the {teams}-team pair all-play-all (ペア総当たり). "
                + ODD_PAIR_ALL_PLAY_ALL,
                hint="Play the list's team all-play-all (チーム総当たり) for as many teams.",
            )
        family = FAMILIES[self.family]
        return family.build(teams, parse_options(family, self.options_for(boards_per_round)))


@dataclass(frozen=True, slots=True)
class SRRPlan:
    """One line of list 3 or 4: a game for a number of teams, every session the same."""

    teams: int
    """Teams, which is also tables: each team has a home table."""
    boards_per_round: int
    rounds: tuple[int, ...]
    """Rounds in each session."""
    boards_played: int
    """Boards each team plays in all its sessions."""
    boards_used: int
    """Boards laid out for a session."""
    format: SRRFormat
    family: str | None
    """The Traveller movement family that plays a session; ``None`` when none does."""
    remark: str
    """The list's remark, as printed (JTOS master-sheet ids in brackets)."""
    options: Options = ()
    """The family's options, besides the boards a round."""

    @property
    def game(self) -> SessionGame:
        """What each session plays."""
        return SessionGame(self.family, self.rounds[0], self.boards_used, self.options)

    def movement(self, boards_per_round: int | None = None) -> Movement:
        """A session of this game, built and validated (family ``srr``); ``boards_per_round``
        overrides the list's."""
        built = self.game.movement(self.teams, boards_per_round or self.boards_per_round)
        return validate(
            built.model_copy(
                update={"family": SRR.name, "plugin": SRR.name, "plugin_version": SRR.version}
            )
        )


@dataclass(frozen=True, slots=True)
class SRRSessions:
    """One line of list 5: a game over two sessions (three for 13 teams), each session
    played by its own family and options."""

    teams: int
    boards_per_round: int
    boards_played: int
    """Boards each team plays in all its sessions."""
    format: SRRFormat
    sessions: tuple[SessionGame, ...]
    remark: str
    """The list's remark, as printed (JTOS master-sheet ids in brackets)."""

    @property
    def rounds(self) -> tuple[int, ...]:
        """Rounds in each session."""
        return tuple(s.rounds for s in self.sessions)

    @property
    def boards_used(self) -> tuple[int, ...]:
        """Boards laid out for each session."""
        return tuple(s.boards_used for s in self.sessions)

    @property
    def family(self) -> str | None:
        """The first session's family (``None``: no family plays the game)."""
        return self.sessions[0].family

    def movement(self, session: int = 1, boards_per_round: int | None = None) -> Movement:
        """Session ``session`` of this game, built and validated; ``boards_per_round``
        overrides the list's."""
        if not 1 <= session <= len(self.sessions):
            raise InvalidMovement(
                f"This game has {len(self.sessions)} sessions, not a session {session}.",
                hint=f"Choose a session from 1 to {len(self.sessions)}.",
            )
        game = self.sessions[session - 1]
        return game.movement(self.teams, boards_per_round or self.boards_per_round)


# ---- the lists -----------------------------------------------------------------------------

_AWL, _RR, _HALVES = "american-whist", "round-robin", "mirror-mitchell-halves"
_P, _T = SRRFormat.PAIRS, SRRFormat.TEAMS

SRR_TEAMS: tuple[SRRPlan, ...] = (
    SRRPlan(3, 6, (4,), 24, 36, _P, None, "ペア総当たり (TP1S)"),
    # The draw twice over, every round's set shared: the second time the pairs change
    # seats (PAIR_SEATING). 6 rounds, 6 sets of 4: 24 boards, as listed.
    SRRPlan(4, 4, (6,), 24, 24, _P, _RR, "同上 リレイ有", (("times", 2),)),
    SRRPlan(5, 3, (8,), 24, 30, _P, None, "同上"),
    SRRPlan(5, 6, (4,), 24, 30, _T, _AWL, "チーム総当たり (TF1S) AWL (TFAWL)"),
    SRRPlan(6, 5, (5,), 25, 25, _T, _RR, "同上 リレイ有"),
    # The manual prints 27 boards used; an AWL lays one set a team, 7 x 4 = 28.
    SRRPlan(7, 4, (6,), 24, 28, _T, _AWL, "同上 AWL"),
    SRRPlan(8, 3, (7,), 21, 21, _T, _RR, "同上 リレイ有 2SS の 1st と同じ"),
    SRRPlan(8, 4, (7,), 28, 28, _T, _RR, "同上 リレイ有 2SS の 1st と同じ"),
    SRRPlan(9, 3, (8,), 24, 27, _T, _AWL, "同上 AWL"),
    SRRPlan(10, 3, (9,), 27, 27, _T, _RR, "同上 全 T リレイ 2SS の 1st と同じ"),
    SRRPlan(10, 3, (9,), 27, 27, _T, _RR, "同上 リレイ有 2SS の 2nd と同じ"),
    SRRPlan(11, 2, (10,), 20, 22, _T, _AWL, "同上 AWL"),
    SRRPlan(11, 3, (10,), 30, 33, _T, _AWL, "同上 AWL"),
    SRRPlan(12, 2, (11,), 22, 22, _T, _RR, "同上 リレイ有"),
    SRRPlan(13, 2, (12,), 24, 26, _T, _AWL, "同上 AWL"),
    SRRPlan(14, 2, (13,), 26, 26, _T, _RR, "同上 リレイ有"),
)
"""Appendix 1, list 3 "SRR チーム戦" (one session), a line per boards-a-round choice."""

SRR_TEAMS_AND_PAIRS: tuple[SRRPlan, ...] = (
    SRRPlan(4, 8, (3, 3), 48, 24, _T, _RR, "リレー有り"),
    SRRPlan(5, 6, (4, 4), 48, 30, _T, _AWL, "セッション完結型、リレー無し ボードステイ"),
    SRRPlan(6, 5, (5, 5), 50, 25, _T, _RR, "リレー有り"),
    SRRPlan(6, 6, (5, 5), 60, 30, _T, _RR, "リレー有り"),
    SRRPlan(7, 4, (6, 6), 48, 28, _T, _AWL, "セッション完結型、リレー無/有 3種類あり"),
    SRRPlan(8, 4, (7, 7), 56, 28, _T, _RR, "リレー有り 2種類あり"),
    SRRPlan(9, 3, (8, 8), 48, 27, _T, _AWL, "セッション完結型、リレー無し 3種類あり"),
    SRRPlan(10, 3, (9, 9), 54, 27, _T, _RR, "リレー有り 3種類あり"),
    SRRPlan(11, 3, (10, 10), 60, 33, _T, _AWL, "セッション完結型、リレー無し/有り"),
)
"""Appendix 1, list 4 "SRR チーム+ペア" (two sessions of the same movement)."""


def _pairs(
    teams: int, per_round: int, rounds: int, played: int, used: int, remark: str
) -> SRRSessions:
    """A pair all-play-all over two sessions: the round robin a session, the pairs
    changing seats in the second (even teams); with an odd number no family plays it."""
    family = _RR if teams % 2 == 0 else None
    game = SessionGame(family, rounds, used)
    return SRRSessions(teams, per_round, played, _P, (game, game), remark)


def _split(
    teams: int,
    per_round: int,
    rounds: tuple[int, ...],
    played: int,
    used: tuple[int, ...],
    remark: str,
) -> SRRSessions:
    """The guide's round robin, its rounds split over the sessions (with an odd number of
    teams, the triangles sharing one extra set)."""
    triangles: Options = (("triangle_set", "one"),) if teams % 2 else ()
    games, first = [], 1
    for count, boards in zip(rounds, used, strict=True):
        span = (("first_round", first), ("last_round", first + count - 1))
        games.append(SessionGame(_RR, count, boards, span + triangles))
        first += count
    return SRRSessions(teams, per_round, played, _T, tuple(games), remark)


def _stagger(teams: int, per_round: int, played: int, remark: str) -> SRRSessions:
    """The stagger: N - 1 rounds then N, one set a pair of neighbouring tables."""
    half = teams // 2
    used = half * per_round
    games = tuple(
        SessionGame("stagger", rounds, used, (("session", session),))
        for session, rounds in ((1, half - 1), (2, half))
    )
    return SRRSessions(teams, per_round, played, _T, games, remark)


def _mirror(teams: int, per_round: int, played: int, remark: str) -> SRRSessions:
    """The mirror Mitchell (TFMM) in the list's order, S - 1 rounds then S with sections of
    S: an American Whist in each half, then the JCBL mirror Mitchell (twin boards)."""
    half = teams // 2
    used = half * per_round
    games = (
        SessionGame(_HALVES, half - 1, used),
        SessionGame("mirror-mitchell", half, used, (("style", "jcbl"),)),
    )
    return SRRSessions(teams, per_round, played, _T, games, remark)


SRR_TEAMS_SESSIONS: tuple[SRRSessions, ...] = (
    _pairs(3, 6, 4, 48, 36, "ペア総当たり (TP2S)"),
    _pairs(3, 7, 4, 56, 42, "ペア総当たり (TP2S)"),
    _pairs(4, 8, 3, 48, 24, "同上 全Tリレイ有"),
    _pairs(4, 9, 3, 54, 27, "同上 全Tリレイ有"),
    _pairs(5, 6, 4, 48, 30, "同上"),
    _pairs(5, 7, 4, 56, 35, "同上"),
    _pairs(6, 5, 5, 50, 25, "同上 リレイ有"),
    _pairs(6, 6, 5, 60, 30, "同上 リレイ有"),
    _stagger(6, 10, 50, "チーム総当たり (TF2S) STAGGER"),
    _stagger(6, 11, 55, "チーム総当たり (TF2S) STAGGER"),
    _pairs(7, 4, 6, 48, 28, "ペア総当たり リレイ有"),
    _pairs(7, 5, 6, 60, 35, "ペア総当たり リレイ有"),
    _split(7, 8, (2, 4), 48, (24, 40), "チーム総当たり リレイ有"),
    _pairs(8, 3, 7, 42, 21, "ペア総当たり リレイ有"),
    _pairs(8, 4, 7, 56, 28, "ペア総当たり リレイ有"),
    _split(8, 7, (3, 4), 49, (21, 28), "チーム総当たり 全Tリレイ有"),
    _stagger(8, 7, 49, "同上 STAGGER"),
    _stagger(8, 8, 56, "同上 STAGGER"),
    _pairs(9, 3, 8, 48, 27, "ペア総当たり、ボードステイを含む3種有 セッション完結型"),
    _split(9, 6, (4, 4), 48, (30, 30), "チーム総当たり リレイ有"),
    _split(9, 7, (4, 4), 56, (35, 35), "チーム総当たり リレイ有"),
    _pairs(10, 3, 9, 54, 27, "ペア総当たり 全Tリレイ有"),
    # Printed 25 / 30 boards used: the boards of the longer session, 5 rounds x 5 or 6.
    _split(10, 5, (4, 5), 45, (20, 25), "チーム総当たり 全Tリレイ有 ボードステイを含む2種有"),
    _split(10, 6, (4, 5), 54, (24, 30), "チーム総当たり 全Tリレイ有 ボードステイを含む2種有"),
    _stagger(10, 5, 45, "同上 STAGGER"),
    _stagger(10, 6, 54, "同上 STAGGER"),
    _mirror(10, 5, 45, "同上 ミラーミッセル(TFMM)"),
    _mirror(10, 6, 54, "同上 ミラーミッセル(TFMM)"),
    _split(11, 5, (4, 6), 50, (25, 35), "同上 全Tリレイ有"),
    _split(12, 5, (5, 6), 55, (25, 30), "同上 全Tリレイ有"),
    _stagger(12, 5, 55, "同上 STAGGER"),
    _split(13, 5, (4, 4, 4), 60, (25, 25, 25), "同上 (TF3S)"),
    _mirror(14, 4, 52, "ミラーミッセル"),
    _mirror(18, 3, 51, "同上"),
    _mirror(22, 3, 63, "同上"),
    # Printed 39 / 39 and 45 / 45 boards used: 13 and 15 sets of 3 boards, where these
    # lines play 2 a round (their boards played are 2 x 25 and 2 x 29).
    _mirror(26, 2, 50, "同上"),
    _mirror(30, 2, 58, "同上"),
)
"""Appendix 1, list 5 "SRR チーム戦" over two sessions (three for 13 teams), a line per
boards-a-round choice; from 13 teams the list advises a Swiss, and lists the mirror
Mitchell for 14 to 30."""


# ---- the families --------------------------------------------------------------------------


class SRROptions(BaseModel):
    """How a session of SRR teams + pairs is played."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    boards_per_round: int | None = Field(
        default=None, ge=1, description="Boards in each round; by default the JCBL list's."
    )


class SRR:
    """SRR teams + pairs (SRR チーム+ペア): a short team round robin that also ranks the pairs.

    For 4 to 11 teams, one home table each; a session of the JCBL's list 4 (play it again
    for the second session). An odd number of teams plays an American Whist (every match
    complete within the session); an even number plays the round robin with every table
    of a round sharing its boards, so each board is played by the whole field and the
    pairs can be matchpointed as well as the teams scored in IMPs and VPs. Teams - 1
    rounds; the list's boards a round by default (8 for 4 teams down to 3 for 9-11).
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
                f"The JCBL plays SRR teams + pairs with 4 to 11 teams, not {tables}.",
                hint="With 12 teams or more play a Swiss; with fewer than 4, a pairs game.",
            )
        return plan.movement(opts.boards_per_round)


class MirrorHalvesOptions(BaseModel):
    """Boards for the halves' American Whists."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    boards_per_round: int | None = Field(
        default=None,
        ge=1,
        description="Boards in each set; by default enough for 24 boards in the session.",
    )
    first_board: int = Field(default=1, ge=1, description="Number of the first board.")


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

    name: ClassVar[str] = _HALVES
    aliases: ClassVar[tuple[str, ...]] = ("mirror-halves",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = MirrorHalvesOptions

    def build(self, tables: int, options: MirrorHalvesOptions | None = None) -> Movement:
        """Both halves' American Whists for ``tables`` teams."""
        opts = options or MirrorHalvesOptions()
        half = tables // 2
        if tables % 2 or half % 2 == 0 or half < 3:
            raise InvalidMovement(
                f"The mirror Mitchell's halves are two odd numbers of teams, at least 3: "
                f"6, 10, 14, 18 … teams, not {tables}.",
                hint="With halves of an even number of teams play bam or a round robin.",
            )
        per_round = opts.boards_per_round or boards_for(half - 1)
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
            description=(
                f"Mirror Mitchell's halves, {tables} tables: teams 1-{half} and "
                f"{half + 1}-{tables} each play an American Whist within their half on the "
                f"same (duplicated) boards {one.boards[0]}-{one.boards[-1]}: {one.rounds} "
                f"rounds of {per_round} boards. NS pairs stay; before each round (the first "
                "too) EW pairs move two tables lower and boards one table lower within the "
                f"half; set 2 starts on tables 1 and {half + 1}."
            ),
        )
        return validate(built.model_copy(update={"curtail_groups": one.curtail_groups}))


FAMILIES: Mapping[str, MovementFamily] = {
    f.name: f
    for f in (AmericanWhist(), RoundRobinTeams(), Stagger(), MirrorMitchell(), MirrorHalves())
}
"""The families the lists name, by name."""


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register SRR teams + pairs and the mirror Mitchell's halves."""
    register(SRR())
    register(MirrorHalves())
