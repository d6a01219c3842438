"""Short round robins (SRR) for teams, and SRR teams + pairs (JCBL manual part 2 ch. 6
§9-10 and appendix 1, lists 3 "SRR チーム戦" and 4 "SRR チーム+ペア").

A short round robin plays few boards a match so that a club session holds a whole round
robin. In *SRR + pairs* the teams play their round robin (IMPs → VPs) while every pair is
also ranked on the same boards, so each round's boards are played by every table of the
field. The JCBL lists which game suits how many teams; :data:`SRR_TEAMS` and
:data:`SRR_TEAMS_AND_PAIRS` hold them as data, and :meth:`SRRPlan.movement` builds the
session with the Traveller family that plays it:

- an odd number of teams plays an American Whist (session complete, no relay);
- an even number plays the round robin with every table of a round sharing its boards.

A *pair* all-play-all (ペア総当たり: each pair meets both pairs of every other team over two
sessions) has NS pairs meeting NS pairs, which Mitchell team numbering cannot express;
those rows are data only.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidMovement
from engine.hookspecs import hookimpl
from engine.movement import Movement
from engine.validator import validate
from plugins.movements.american_whist import AmericanWhistOptions, american_whist
from plugins.movements.round_robin import round_robin


class SRRFormat(enum.StrEnum):
    """Whom a team's pairs meet in a short round robin."""

    PAIRS = "pairs"
    """ペア総当たり: each pair meets both pairs of every other team (over two sessions)."""
    TEAMS = "teams"
    """チーム総当たり: each team meets every other team once, one pair of it per pair."""


@dataclass(frozen=True, slots=True)
class SRRPlan:
    """One line of a JCBL SRR list: a game for a number of teams."""

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

    def movement(self, boards_per_round: int | None = None) -> Movement:
        """A session of this game, built and validated (family ``srr``); ``boards_per_round``
        overrides the list's."""
        per_round = boards_per_round or self.boards_per_round
        if self.family is None:
            raise InvalidMovement(
                f"The {self.teams}-team SRR with {self.boards_per_round} boards a round is a "
                "pair all-play-all (ペア総当たり), in which NS pairs meet NS pairs; Traveller's "
                "team movements seat a team's NS pair against EW pairs only.",
                hint="Play the team all-play-all of the list, or an American Whist.",
            )
        if self.family == "american-whist":
            built = american_whist(self.teams, AmericanWhistOptions(boards_per_round=per_round))
        else:
            built = round_robin(self.teams).movement(per_round, shared=True)
        return validate(
            built.model_copy(
                update={"family": SRR.name, "plugin": SRR.name, "plugin_version": SRR.version}
            )
        )


_AWL, _RR = "american-whist", "round-robin"
_P, _T = SRRFormat.PAIRS, SRRFormat.TEAMS

SRR_TEAMS: tuple[SRRPlan, ...] = (
    SRRPlan(3, 6, (4,), 24, 36, _P, None, "ペア総当たり (TP1S)"),
    SRRPlan(4, 4, (6,), 24, 24, _P, None, "同上 リレイ有"),
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


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register SRR teams + pairs."""
    register(SRR())
