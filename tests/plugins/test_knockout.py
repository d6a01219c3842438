"""A knockout match from the store: IMPs segment by segment, the carry-over and the running
score (JCBL manual part 2 ch. 6 §2–3, §7), the tie rule and law 86B."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, PluginError
from engine.imps import imps
from engine.matches import SegmentFacts, segments_of
from engine.registry import (
    PlaysKnockouts,
    PlaysMatches,
    ScoringMethod,
    create_registry,
    parse_options,
)
from engine.scoring import Award, AwardKind, ScoringField, SectionFacts, TableResult
from engine.seating import Line, Numbering, Pair
from plugins.movements.teams.round_robin import RoundRobinOptions, RoundRobinTeams
from plugins.scoring import team_events
from plugins.scoring.team_events import KnockoutImps, KnockoutMatchOptions

F = Fraction
NS, EW = Line.NS, Line.EW
KO = KnockoutImps()
A_PLUS = Award(AwardKind.AVE_PLUS)
# Two teams, two rounds of four boards: a match played in two halves (前半・後半).
HALVES = RoundRobinTeams().build(2, RoundRobinOptions(boards_per_round=4, times=2))
SCORES = st.sampled_from([-1430, -800, -620, -420, -100, -50, 0, 50, 110, 140, 420, 600, 1430])


def table(board: int, ns: int, ew: int, score: int | None = None, **kw: Any) -> TableResult:
    return TableResult(board, Pair(ns, NS), Pair(ew, EW), score, **kw)


def facts(results: Sequence[TableResult], teams: int = 2) -> SectionFacts:
    field = ScoringField("TEAMS", tuple(Pair(t, NS) for t in range(1, teams + 1)))
    return SectionFacts(Numbering.MITCHELL, (field,), tuple(results))


def board(b: int, home_ns: int, away_ns: int, home: int = 1, away: int = 2) -> list[TableResult]:
    """Board ``b`` of the match: ``home_ns`` at the home team's table, ``away_ns`` at the other."""
    return [table(b, home, away, home_ns), table(b, away, home, away_ns)]


def options(**kw: Any) -> KnockoutMatchOptions:
    parsed = parse_options(KO, kw)
    assert isinstance(parsed, KnockoutMatchOptions)
    return parsed


def segment(
    session: int, results: Sequence[TableResult], teams: dict[int, str] | None = None
) -> SegmentFacts:
    return SegmentFacts(session, (), facts(results), teams or {1: "A", 2: "B"})


def test_a_knockout_is_a_registered_team_method_with_a_directors_docstring() -> None:
    registry = create_registry(team_events)
    method = registry.scoring("ko")
    assert isinstance(method, KnockoutImps) and registry.scoring("knockout") is method
    assert isinstance(method, ScoringMethod) and isinstance(method, PlaysMatches)
    assert isinstance(method, PlaysKnockouts)
    assert method.__doc__ and "carry-over" in method.__doc__ and "86B" in method.__doc__
    fields = KnockoutMatchOptions.model_fields
    assert {"carry_over_home", "carry_over_away", "tie", "average_plus_imps"} <= set(fields)
    assert all(fields[name].description for name in fields)


def test_the_options_are_exact_and_checked() -> None:
    chosen = options(carry_over_home="7.5", tie="carry-over")
    assert chosen.carry_over_home == Decimal("7.5") and chosen.tie == "carry-over"
    with pytest.raises(PluginError, match="carry_over_away"):
        options(carry_over_away="-1")
    with pytest.raises(PluginError, match="tie"):
        options(tie="coin")


def test_segments_carry_the_score_over_with_the_carry_over() -> None:
    # Segment 1: team 1 wins 12 IMPs (620 v -100 → +720 = 12) and team 2 two (-50 v 0).
    first = segment(1, [*board(1, 620, -100), *board(2, -50, 0)])
    # Segment 2, a new session where team "B" is seated as team 1: B gains 3, A 10.
    second = segment(2, [*board(1, 100, 0), *board(2, 0, 430)], {1: "B", 2: "A"})
    match = KO.match([first, second], options(carry_over_away="4.5"))
    assert (match.home, match.away) == ("A", "B")
    assert [(s.home_imps, s.away_imps) for s in match.segments] == [(F(12), F(2)), (F(10), F(3))]
    assert [(s.home_running, s.away_running) for s in match.segments] == [
        (F(12), F(13, 2)),
        (F(22), F(19, 2)),
    ]
    assert (match.home_total, match.away_total) == (F(22), F(19, 2))
    assert (match.ahead, match.decided_by) == ("A", "imps")
    assert match.segments[1].to_json()["away_running"] == "9.50"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(SCORES, SCORES), min_size=1, max_size=8), st.integers(0, 20))
def test_the_running_total_is_the_carry_over_plus_every_boards_imps(
    scores: list[tuple[int, int]], carried: int
) -> None:
    results = [t for b, (h, a) in enumerate(scores, start=1) for t in board(b, h, a)]
    half = len(scores) // 2 * 2
    segments = [segment(1, results[:half]), segment(2, results[half:])]
    match = KO.match([s for s in segments if s.facts.results], options(carry_over_home=carried))
    margins = [imps(h - a) for h, a in scores]
    assert match.home_total == carried + sum(m for m in margins if m > 0)
    assert match.away_total == -sum(m for m in margins if m < 0)
    assert match.home_total - match.away_total == carried + sum(margins)


def test_a_section_is_scored_as_the_imps_each_team_won() -> None:
    scored = KO.score(facts([*board(1, 620, -100), *board(2, -50, 0)]), options())
    assert scored.method == "knockout"
    assert {p.number: t.score for p, t in scored.totals.items()} == {1: F(12), 2: F(2)}
    assert {p.number: t.boards_played for p, t in scored.totals.items()} == {1: 2, 2: 2}
    first = next(s for s in scored.results if s.result == table(1, 1, 2, 620))
    assert (first.points_ns, first.points_ew) == (F(12), F(-12))


def test_a_non_balancing_adjusted_score_is_averaged_by_law_86b() -> None:
    # A+ to both teams: +3 and +3, averaged to 0 each; A+ to one and A- to the other: ±3.
    both = [table(1, 1, 2, award_ns=A_PLUS, award_ew=A_PLUS)]
    match = KO.match([segment(1, both)], options())
    assert [(s.home_imps, s.away_imps) for s in match.segments] == [(F(0), F(0))]
    one_side = [table(1, 1, 2, award_ns=A_PLUS, award_ew=Award(AwardKind.AVE_MINUS))]
    match = KO.match([segment(1, one_side)], options())
    assert [(s.home_imps, s.away_imps) for s in match.segments] == [(F(3), F(0))]
    assert KO.match([segment(1, one_side)], options(average_plus_imps=2)).home_total == 2


def test_a_level_match_is_decided_by_the_tie_rule() -> None:
    level = [segment(1, [*board(1, 420, 0), *board(2, 0, 420)])]  # 9 IMPs each
    extra = KO.match(level, options(carry_over_home="3", carry_over_away="3"))
    assert (extra.home_total, extra.away_total) == (F(12), F(12))
    assert (extra.ahead, extra.decided_by) == (None, None)
    chosen = options(carry_over_home="3", carry_over_away="3", tie="carry-over")
    assert KO.match(level, chosen).ahead is None  # equal carry-overs: extra boards still
    by_carry = KO.match(
        [segment(1, [*board(1, 420, 0), *board(2, 0, 420), *board(3, 0, 110)])],
        options(carry_over_home="3", tie="carry-over"),
    )
    # 3 + 9 to team 1, 9 + 3 to team 2 (110: 3 IMPs): level at 12, team 1 brought more.
    assert (by_carry.home_total, by_carry.away_total) == (F(12), F(12))
    assert (by_carry.ahead, by_carry.decided_by) == ("A", "carry-over")


def test_a_match_with_no_board_yet_is_its_carry_over() -> None:
    match = KO.match([segment(1, [])], options(carry_over_away="2.5"))
    assert match.segments == () and (match.home_total, match.away_total) == (F(0), F(5, 2))
    assert match.ahead == "B"


def test_the_segments_of_a_session_are_its_rounds() -> None:
    results = [table(b, e.ns, e.ew, 100 * b) for e in HALVES.schedule for b in e.boards]
    results.append(table(9, 1, 2, 420))  # an extra board the movement does not list
    cut = segments_of(1, facts(results), HALVES, {1: "A", 2: "B"})
    assert [s.rounds for s in cut] == [(1,), (2,), ()]
    assert [len(s.facts.results) for s in cut] == [8, 8, 1]
    assert segments_of(1, facts(results), None, {})[0].rounds == ()


def test_a_knockout_is_between_the_same_two_teams() -> None:
    three = SegmentFacts(1, (), facts([], teams=3), {})
    with pytest.raises(InvalidInput, match="3 teams; a knockout match is between two"):
        KO.match([three], options())
    others = segment(2, [], {1: "A", 2: "C"})
    with pytest.raises(InvalidInput, match="Session 2's teams are not the two teams"):
        KO.match([segment(1, []), others], options())
    with pytest.raises(InvalidInput, match="at least one segment"):
        KO.match([], options())
