"""What a team method's matches are: each board scored for both teams, and a knockout
match's segments, carry-over and running score.

A team method (:class:`engine.registry.PlaysMatches`) reads a team section's recorded
results as matches and scores them board by board into :class:`MatchScore`; a knockout
method (:class:`engine.registry.PlaysKnockouts`) plays one match of two teams over
:class:`SegmentFacts` into a :class:`KnockoutMatch`. The engine's match reports
(:mod:`engine.match_reports`: the cross-table, the knockout's running score) are built
from these, whichever plugin scored them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from engine.movement import Movement
from engine.numbers import show
from engine.scoring import SectionFacts, TableResult

# ---- the boards of a match ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardTables:
    """One board of a match: its two tables, as positions in the section's results."""

    board: int
    home: int | None
    """The table where the home team's NS pair played the visitors' EW pair (None: not
    recorded)."""
    away: int | None
    """The table where the visitors' NS pair played the home team's EW pair."""


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board of a match scored: each team's points on it."""

    tables: BoardTables
    home: Fraction
    away: Fraction
    net: Fraction | None
    """The home team's net score (NS score at home less the visitors' NS score; the
    weighted average of an assigned score); None for a board settled by artificial scores."""


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match scored: its boards, and what the match itself adds (B-a-M + VP's VPs)."""

    home: int
    away: int
    boards: tuple[BoardScore, ...]
    home_bonus: Fraction = Fraction(0)
    away_bonus: Fraction = Fraction(0)
    stake: Fraction = Fraction(0)
    """What the bonuses share: the most a team can earn from the match beyond its boards."""

    def total(self, team: int) -> Fraction:
        """What ``team`` (home or away) earned from the match, boards and bonus."""
        if team == self.home:
            return sum((b.home for b in self.boards), self.home_bonus)
        return sum((b.away for b in self.boards), self.away_bonus)


# ---- a knockout match ----------------------------------------------------------------------


TieRule = Literal["extra-boards", "carry-over"]
"""How a knockout match level on IMPs after its last segment is decided."""


@dataclass(frozen=True, slots=True)
class SegmentFacts:
    """One segment of a knockout match as recorded: the boards of one round (or the whole
    section, with no movement) of one session, and who its two teams are."""

    session: int
    rounds: tuple[int, ...]
    """The movement's rounds the segment's boards were scheduled in (none: unscheduled
    boards, such as extra boards after a level match, or a section with no movement)."""
    facts: SectionFacts
    teams: Mapping[int, Hashable]
    """Team number in the section → who the team is, the same from session to session
    (its players); a team not in it is known by its number."""


def segments_of(
    session: int, facts: SectionFacts, movement: Movement | None, teams: Mapping[int, Hashable]
) -> tuple[SegmentFacts, ...]:
    """A session's section cut into the segments of a knockout match: the boards of each
    round of its movement, in round order, then any boards the movement does not list.

    A section with no movement, or with no result yet, is one segment."""
    if movement is None:
        return (SegmentFacts(session, (), facts, teams),)
    round_of = {b: e.round for e in movement.schedule for b in e.boards}
    by_round: dict[int | None, list[TableResult]] = defaultdict(list)
    for r in facts.results:
        by_round[round_of.get(r.board)].append(r)
    order = sorted(n for n in by_round if n is not None)
    cut = [*order, None] if None in by_round else order
    found = tuple(
        SegmentFacts(session, () if n is None else (n,), replace(facts, results=tuple(rs)), teams)
        for n in cut
        if (rs := by_round[n])
    )
    return found or (SegmentFacts(session, (), facts, teams),)


@dataclass(frozen=True, slots=True)
class KnockoutSegment:
    """One segment of a knockout match: the IMPs each team won in it, and the running
    score after it (the carry-over included)."""

    session: int
    rounds: tuple[int, ...]
    boards: int
    home_imps: Fraction
    away_imps: Fraction
    home_running: Fraction
    away_running: Fraction

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "rounds": list(self.rounds),
            "boards": self.boards,
            "home_imps": show(self.home_imps),
            "away_imps": show(self.away_imps),
            "home_running": show(self.home_running),
            "away_running": show(self.away_running),
        }


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """A knockout match from the store: each team's carry-over, every segment's IMPs and
    the running score, and who is ahead (JCBL manual part 2 ch. 6 §2, §7)."""

    home: Hashable
    """The home team: the lower-numbered team of the first segment."""
    away: Hashable
    carry_over_home: Fraction
    carry_over_away: Fraction
    segments: tuple[KnockoutSegment, ...]
    tie: TieRule

    @property
    def home_total(self) -> Fraction:
        return self.segments[-1].home_running if self.segments else self.carry_over_home

    @property
    def away_total(self) -> Fraction:
        return self.segments[-1].away_running if self.segments else self.carry_over_away

    @property
    def ahead(self) -> Hashable | None:
        """The team that goes through if the match ends now: more IMPs, or on a level
        score what the tie rule says; ``None`` while nothing separates them."""
        decided = self.decided_by
        if decided == "imps":
            return self.home if self.home_total > self.away_total else self.away
        if decided == "carry-over":
            return self.home if self.carry_over_home > self.carry_over_away else self.away
        return None

    @property
    def decided_by(self) -> Literal["imps", "carry-over"] | None:
        """What puts :attr:`ahead` ahead: the IMPs, or (level) the carry-over."""
        if self.home_total != self.away_total:
            return "imps"
        if self.tie == "carry-over" and self.carry_over_home != self.carry_over_away:
            return "carry-over"
        return None
