"""Team sections scored from their recorded results: team-imps (and VPs), board-a-match and
B-a-M + VP, against the JCBL manual (part 2 ch. 6 §2–4, §11-1) and by property."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from adapters.cli.common import open_app
from engine.errors import InvalidInput
from engine.history import standings_at
from engine.imps import imps
from engine.movement import Movement, matches_of
from engine.registry import (
    ConvertsToVictoryPoints,
    Registry,
    ScoringMethod,
    create_registry,
    parse_options,
    scale_for,
)
from engine.scoring import (
    Award,
    AwardKind,
    ScoringField,
    SectionFacts,
    SectionScore,
    TableResult,
)
from engine.seating import Line, Numbering, Pair
from engine.teams import MatchBoard, TeamMatch
from engine.testing import memory_app, play_movement
from engine.tournament import ScoringChoice
from plugins.movements.teams.american_whist import AmericanWhist, AmericanWhistOptions
from plugins.movements.teams.round_robin import RoundRobinOptions, RoundRobinTeams
from plugins.scoring import team_events, vp_scales
from plugins.scoring.team_events import BamVp, BoardAMatch, TeamImps, TeamImpsOptions
from plugins.scoring.team_matches import read_matches
from plugins.scoring.teams import BamOptions, imp_match
from plugins.scoring.vp_scales import Wbf2013
from tests.acceptance.cli import Cli

F = Fraction
NS, EW = Line.NS, Line.EW
TEAM_IMPS, BAM, BAM_VP = TeamImps(), BoardAMatch(), BamVp()
WBF = Wbf2013()
A_PLUS, AVE, A_MINUS = Award(AwardKind.AVE_PLUS), Award(AwardKind.AVE), Award(AwardKind.AVE_MINUS)

SCORES = st.sampled_from([-1430, -800, -620, -420, -100, -50, 0, 50, 110, 140, 420, 600, 1430])

# A 4-team round robin of 2-board matches: 3 rounds, each team at its home table.
ROUND_ROBIN = RoundRobinTeams().build(4, RoundRobinOptions(boards_per_round=2))
# A 3-team American Whist: a team's two pairs meet the same team in different rounds.
AMERICAN_WHIST = AmericanWhist().build(3, AmericanWhistOptions(boards_per_round=2))


def table(board: int, ns: int, ew: int, score: int | None = None, **kw: Any) -> TableResult:
    """Board ``board`` played by team ``ns``'s NS pair against team ``ew``'s EW pair."""
    return TableResult(board, Pair(ns, NS), Pair(ew, EW), score, **kw)


def facts(results: Sequence[TableResult], teams: int = 4, **kw: Any) -> SectionFacts:
    """A team section's facts as the engine gives them: one field of every team by its NS pair."""
    field = ScoringField("TEAMS", tuple(Pair(t, NS) for t in range(1, teams + 1)))
    return SectionFacts(Numbering.MITCHELL, (field,), tuple(results), **kw)


def tables(movement: Movement) -> list[tuple[int, int, int]]:
    """(board, NS team, EW team) of every board played at every table of ``movement``."""
    return [(b, e.ns, e.ew) for e in movement.schedule for b in e.boards]


def played(movement: Movement, scores: Sequence[int]) -> list[TableResult]:
    return [table(*t, s) for t, s in zip(tables(movement), scores, strict=True)]


def ns_scores(movement: Movement, scores: Sequence[int]) -> dict[tuple[int, int], int]:
    """(board, team) → the NS score of the team's home table, as :func:`played` records it."""
    return {(b, ns): s for (b, ns, _), s in zip(tables(movement), scores, strict=True)}


def totals(score: SectionScore) -> dict[int, Fraction]:
    return {p.number: t.score for p, t in score.totals.items()}


def at(score: SectionScore, board: int, ns: int) -> tuple[object, object]:
    """The (NS, EW) points of the table where team ``ns``'s NS pair played ``board``."""
    (s,) = [s for s in score.results if s.result.board == board and s.result.ns.number == ns]
    return s.points_ns, s.points_ew


def round_robin_scores() -> st.SearchStrategy[list[int]]:
    n = len(tables(ROUND_ROBIN))
    return st.lists(SCORES, min_size=n, max_size=n)


@st.composite
def round_robin_results(draw: st.DrawFn) -> list[TableResult]:
    """The round robin with some tables adjusted, neutral, weighted or not yet recorded."""
    results = []
    for t in tables(ROUND_ROBIN):
        kind = draw(st.sampled_from(["played"] * 6 + ["awarded", "neutral", "weighted", "none"]))
        if kind == "played":
            results.append(table(*t, draw(SCORES)))
        elif kind == "awarded":
            sides = draw(st.tuples(*[st.sampled_from([A_PLUS, AVE, A_MINUS])] * 2))
            results.append(table(*t, award_ns=sides[0], award_ew=sides[1]))
        elif kind == "neutral":
            results.append(table(*t, neutral=True))
        elif kind == "weighted":
            first, second = draw(SCORES), draw(SCORES)
            results.append(table(*t, weighted=((F(2, 3), first), (F(1, 3), second))))
    return results


def between(results: Sequence[TableResult], a: int, b: int) -> list[TableResult]:
    """The results of the match a v b alone."""
    return [r for r in results if {r.ns.number, r.ew.number} == {a, b}]


# -- the matches of a section -----------------------------------------------------------------


def test_the_matches_found_are_the_round_robins() -> None:
    found = read_matches(played(ROUND_ROBIN, [0] * len(tables(ROUND_ROBIN))))
    assert {(m.home, m.away): tuple(b.board for b in m.boards) for m in found.matches} == (
        matches_of(ROUND_ROBIN)
    )
    assert len(found.matches) == 6 and found.unmatched == ()


def test_an_american_whist_match_spans_two_rounds() -> None:
    # Figure 21's movement for 3 teams: team a's NS pair meets team b's EW pair in one
    # round and team b's NS pair meets team a's EW pair on the same boards in the other.
    scores = [110, 140, -50, 420, 600, -100] * 2
    results = played(AMERICAN_WHIST, scores)
    found = read_matches(results)
    assert {(m.home, m.away): tuple(b.board for b in m.boards) for m in found.matches} == (
        matches_of(AMERICAN_WHIST)
    )
    round_of = {(b, e.ns): e.round for e in AMERICAN_WHIST.schedule for b in e.boards}
    ns_score = ns_scores(AMERICAN_WHIST, scores)
    score = TEAM_IMPS.score(facts(results, teams=3), TeamImpsOptions())
    for m in found.matches:
        for b in m.boards:
            assert round_of[b.board, m.home] != round_of[b.board, m.away]
            won = imps(ns_score[b.board, m.home] - ns_score[b.board, m.away])
            assert at(score, b.board, m.home) == (won, -won)
            assert at(score, b.board, m.away) == (-won, won)
    assert sum(totals(score).values()) == 0
    assert all(t.boards_played == 2 * 2 for t in score.totals.values())  # 2 matches of 2


@settings(max_examples=100, deadline=None)
@given(round_robin_scores())
def test_each_board_is_the_imps_of_its_net_score(scores: list[int]) -> None:
    results = played(ROUND_ROBIN, scores)
    score = TEAM_IMPS.score(facts(results), TeamImpsOptions())
    ns_score = ns_scores(ROUND_ROBIN, scores)
    for r, s in zip(results, score.results, strict=True):
        net = ns_score[r.board, r.ns.number] - ns_score[r.board, r.ew.number]
        assert s.result == r and (s.points_ns, s.points_ew) == (F(imps(net)), F(-imps(net)))
    assert score.tops == {board: 24 for board in ROUND_ROBIN.boards}


@settings(max_examples=100, deadline=None)
@given(round_robin_scores())
def test_imp_totals_are_the_sum_over_matches(scores: list[int]) -> None:
    results = played(ROUND_ROBIN, scores)
    ns_score = ns_scores(ROUND_ROBIN, scores)
    expected = dict.fromkeys(range(1, 5), F(0))
    for (home, away), boards in matches_of(ROUND_ROBIN).items():
        match = imp_match(
            TeamMatch(
                home,
                away,
                tuple(MatchBoard(b, ns_score[b, home], ns_score[b, away]) for b in boards),
            )
        )
        expected[home] += match.margin
        expected[away] -= match.margin
    score = TEAM_IMPS.score(facts(results), TeamImpsOptions())
    assert totals(score) == expected
    assert all(t.boards_played == 6 and t.maximum == 6 * 24 for t in score.totals.values())


@settings(max_examples=100, deadline=None)
@given(round_robin_scores())
def test_every_bam_board_and_round_is_shared(scores: list[int]) -> None:
    results = played(ROUND_ROBIN, scores)
    bam = BAM.score(facts(results), BamOptions())
    for s in bam.results:
        assert s.points_ns + s.points_ew == 2 and s.points_ns in (0, 1, 2)
    assert sum(totals(bam).values()) == 2 * 12  # 6 matches of 2 boards
    with_vps = BAM_VP.score(facts(results), BamOptions())
    assert with_vps.results == bam.results
    assert sum(totals(with_vps).values()) == 2 * 12 + 6 * 6
    assert all(t.maximum == 3 * (2 * 2 + 6) for t in with_vps.totals.values())


@settings(max_examples=100, deadline=None)
@given(round_robin_results())
def test_the_vps_of_each_match_share_the_scale(results: list[TableResult]) -> None:
    whole = TEAM_IMPS.victory_points(TEAM_IMPS.score(facts(results), TeamImpsOptions()), WBF)
    expected = dict.fromkeys(range(1, 5), F(0))
    for m in read_matches(results).matches:
        alone = facts(between(results, m.home, m.away))
        vps = TEAM_IMPS.victory_points(TEAM_IMPS.score(alone, TeamImpsOptions()), WBF)
        assert totals(vps)[m.home] + totals(vps)[m.away] == 20
        expected[m.home] += totals(vps)[m.home]
        expected[m.away] += totals(vps)[m.away]
    assert totals(whole) == expected
    played_matches = len(read_matches(results).matches)
    assert sum(t.maximum for t in whole.totals.values()) == 2 * 20 * played_matches


@settings(max_examples=100, deadline=None)
@given(round_robin_results(), st.permutations(range(1, 5)))
def test_relabelling_the_teams_changes_nothing(
    results: list[TableResult], order: list[int]
) -> None:
    def relabel(r: TableResult) -> TableResult:
        return TableResult(
            r.board,
            Pair(order[r.ns.number - 1], NS),
            Pair(order[r.ew.number - 1], EW),
            r.score_ns,
            r.neutral,
            r.award_ns,
            r.award_ew,
            r.weighted,
        )

    relabelled = [relabel(r) for r in results]
    methods: tuple[tuple[ScoringMethod, BaseModel], ...] = (
        (TEAM_IMPS, TeamImpsOptions()),
        (BAM, BamOptions()),
        (BAM_VP, BamOptions()),
    )
    for method, options in methods:
        before = method.score(facts(results), options)
        after = method.score(facts(relabelled), options)
        assert {order[t - 1]: total for t, total in totals(before).items()} == totals(after)
    before_vps = TEAM_IMPS.victory_points(TEAM_IMPS.score(facts(results), TeamImpsOptions()), WBF)
    after_vps = TEAM_IMPS.victory_points(TEAM_IMPS.score(facts(relabelled), TeamImpsOptions()), WBF)
    assert {order[t - 1]: vp for t, vp in totals(before_vps).items()} == totals(after_vps)


# -- the manual's examples --------------------------------------------------------------------

# Part 2 ch. 6 §2: team A (1) v team B (2). A's NS pair scored +50, +110, +450, -620 at home;
# its EW pair -300, +50, -420, +620 at B's table, where B's NS pair scored the opposite.
MANUAL_MATCH = [
    table(1, 1, 2, 50), table(2, 1, 2, 110), table(3, 1, 2, 450), table(4, 1, 2, -620),
    table(1, 2, 1, 300), table(2, 2, 1, -50), table(3, 2, 1, 420), table(4, 2, 1, -620),
]  # fmt: skip


def test_the_manuals_imp_match() -> None:
    score = TEAM_IMPS.score(facts(MANUAL_MATCH, teams=2), TeamImpsOptions())
    assert [at(score, board, 1) for board in (1, 2, 3, 4)] == [(-6, 6), (4, -4), (1, -1), (0, 0)]
    assert [at(score, board, 2) for board in (1, 2, 3, 4)] == [(6, -6), (-4, 4), (-1, 1), (0, 0)]
    assert totals(score) == {1: -1, 2: 1}
    # Lost by 1 IMP over 4 boards on the WBF 2013 scale: 9.39–10.61 (test_teams).
    vps = TEAM_IMPS.victory_points(score, WBF)
    assert totals(vps) == {1: F("9.39"), 2: F("10.61")}
    assert vps.results == score.results  # the boards keep their IMPs


# Part 2 ch. 6 §11-1, the travellers of boards 3 and 4 and the B-a-M report form: board 3,
# NS 1 v EW 3 3S by N two off (NS -100), NS 3 v EW 1 2S by N made (NS +110); board 4, NS 1 v
# EW 3 3NT by S made (NS +600), NS 3 v EW 1 3S by N made (NS +140).
REPORT_FORM = [table(3, 1, 3, -100), table(3, 3, 1, 110), table(4, 1, 3, 600), table(4, 3, 1, 140)]


def test_the_manuals_bam_report_form() -> None:
    score = BAM_VP.score(facts(REPORT_FORM), BamOptions())
    # Team 3 wins board 3 by 210 (2 points), team 1 board 4 by 460 (2 points).
    assert (at(score, 3, 3), at(score, 4, 3)) == ((2, 0), (0, 2))
    assert (at(score, 3, 1), at(score, 4, 1)) == ((0, 2), (2, 0))
    # Team 1 is 250 up over 2 boards: 5 VPs to 1; grand total team 3 gets 3, team 1 gets 7.
    assert totals(score) == {1: 7, 2: 0, 3: 3, 4: 0}
    assert score.totals[Pair(1, NS)].maximum == 2 * 2 + 6
    assert score.tops == {3: 2, 4: 2}


def test_plain_board_a_match_and_its_tie_margin() -> None:
    assert totals(BAM.score(facts(REPORT_FORM), BamOptions())) == {1: 2, 2: 0, 3: 2, 4: 0}
    # Board 3 is decided by 210: a tie margin of 250 makes it a tie, board 4 (460) is not.
    tied = BAM.score(facts(REPORT_FORM), BamOptions(tie_margin=250))
    assert (at(tied, 3, 3), at(tied, 4, 3)) == ((1, 1), (0, 2))


def test_a_one_board_bam_vp_match_waits_for_its_vps() -> None:
    score = BAM_VP.score(facts(REPORT_FORM[:2]), BamOptions())
    assert totals(score) == {1: 0, 2: 0, 3: 2, 4: 0}


# -- adjusted, neutral and weighted boards ------------------------------------------------------


def test_an_artificial_score_settles_the_board() -> None:
    # Board 1 at team 1's table: A+ to team 1, A- to team 2; team 2's table played +620,
    # which is not compared.
    results = [table(1, 1, 2, award_ns=A_PLUS, award_ew=A_MINUS), table(1, 2, 1, 620)]
    score = TEAM_IMPS.score(facts(results, teams=2), TeamImpsOptions())
    assert (at(score, 1, 1), at(score, 1, 2)) == ((3, -3), (-3, 3))
    assert totals(score) == {1: 3, 2: -3}
    assert score.totals[Pair(1, NS)].boards_played == 1
    changed = TEAM_IMPS.score(facts(results, teams=2), TeamImpsOptions(average_plus_imps=2))
    assert totals(changed) == {1: 2, 2: -2}
    bam = BAM.score(facts(results, teams=2), BamOptions())
    assert totals(bam) == {1: F(6, 5), 2: F(4, 5)}


def test_an_artificial_score_needs_no_other_table() -> None:
    results = [table(1, 2, 1, award_ns=AVE, award_ew=Award(AwardKind.PERCENT, 60))]
    score = TEAM_IMPS.score(facts(results, teams=2), TeamImpsOptions())
    assert totals(score) == {1: 3, 2: 0}
    assert totals(BAM.score(facts(results, teams=2), BamOptions())) == {1: F(6, 5), 2: 1}


def test_artificial_scores_at_both_tables_add_up() -> None:
    results = [
        table(1, 1, 2, award_ns=A_PLUS, award_ew=A_MINUS),
        table(1, 2, 1, award_ns=AVE, award_ew=A_PLUS),
    ]
    score = TEAM_IMPS.score(facts(results, teams=2), TeamImpsOptions())
    assert totals(score) == {1: 6, 2: -3}
    # Non-balancing: the VP margin is half the difference, 4.5 IMPs, an exact half: 5.
    assert totals(TEAM_IMPS.victory_points(score, WBF)) == dict(
        zip((1, 2), WBF.victory_points(5, 1), strict=True)
    )


def test_a_neutral_board_is_nothing_to_either_team() -> None:
    results = [table(1, 1, 2, neutral=True), table(1, 2, 1, 1430)]
    score = TEAM_IMPS.score(facts(results, teams=2), TeamImpsOptions())
    assert (at(score, 1, 1), at(score, 1, 2)) == ((0, 0), (0, 0))
    assert score.totals[Pair(1, NS)].boards_played == 1
    assert totals(BAM.score(facts(results, teams=2), BamOptions())) == {1: 1, 2: 1}


def test_a_weighted_assigned_score_earns_weighted_imps() -> None:
    # ⅔ of +420 and ⅓ of -50 against +100: ⅔ · IMPs(320) + ⅓ · IMPs(-150) = ⅔·8 − ⅓·4 = 4.
    results = [
        table(1, 1, 2, weighted=((F(2, 3), 420), (F(1, 3), -50))),
        table(1, 2, 1, 100),
        table(2, 1, 2, 140),
        table(2, 2, 1, 140),
    ]
    score = TEAM_IMPS.score(facts(results, teams=2), TeamImpsOptions())
    assert (at(score, 1, 1), at(score, 1, 2)) == ((4, -4), (-4, 4))
    assert totals(score) == {1: 4, 2: -4}
    bam = BAM_VP.score(facts(results, teams=2), BamOptions())
    # B-a-M: ⅔ of a win and ⅓ of a loss; board 2 tied. Net 263⅓ - 100 = 163⅓: 4–2 VPs.
    assert at(bam, 1, 1) == (F(4, 3), F(2, 3))
    assert totals(bam) == {1: F(4, 3) + 1 + 4, 2: F(2, 3) + 1 + 2}


def test_a_result_without_its_other_table_scores_nothing() -> None:
    results = [*MANUAL_MATCH, table(5, 1, 2, 620)]
    found = read_matches(results)
    assert found.unmatched == (8,)
    score = TEAM_IMPS.score(facts(results, teams=3), TeamImpsOptions())
    assert at(score, 5, 1) == (0, 0)
    assert totals(score) == {1: -1, 2: 1, 3: 0}
    assert score.totals[Pair(1, NS)].boards_played == 4
    assert totals(TEAM_IMPS.victory_points(score, WBF)) == {1: F("9.39"), 2: F("10.61"), 3: 0}


def test_a_fouled_board_is_compared_only_in_one_version() -> None:
    results = [table(1, 1, 2, 620), table(1, 2, 1, -100), table(1, 3, 4, 620), table(1, 4, 3, 620)]
    # Teams 1 and 2 played different versions; teams 3 and 4 the same one.
    fouled = {1: (frozenset({Pair(1, NS), Pair(3, NS), Pair(4, NS)}), frozenset({Pair(2, NS)}))}
    score = TEAM_IMPS.score(facts(results, fouled=fouled), TeamImpsOptions())
    assert totals(score) == {1: 0, 2: 0, 3: 0, 4: 0}
    assert score.totals[Pair(1, NS)].boards_played == 1
    unfouled = TEAM_IMPS.score(facts(results), TeamImpsOptions())
    assert totals(unfouled) == {1: 12, 2: -12, 3: 0, 4: 0}


# -- what is refused ----------------------------------------------------------------------------


def test_a_pairs_section_is_refused() -> None:
    howell = TableResult(1, Pair(1), Pair(2), 100)
    with pytest.raises(InvalidInput, match="not a table of a team match"):
        TEAM_IMPS.score(facts([howell]), TeamImpsOptions())


def test_a_team_against_itself_and_a_table_recorded_twice_are_refused() -> None:
    with pytest.raises(InvalidInput, match="its own EW pair"):
        BAM.score(facts([table(1, 2, 2, 100)]), BamOptions())
    with pytest.raises(InvalidInput, match="recorded twice"):
        BAM.score(facts([table(1, 1, 2, 100), table(1, 1, 2, 110)]), BamOptions())


# -- as the engine uses them --------------------------------------------------------------------


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """The team methods and the VP scales, whether or not their entry points are installed."""
    monkeypatch.setenv("TRAVELLER_PLUGINS", "matchpoints")
    monkeypatch.delenv("TRAVELLER_PLUGINS_BLOCK", raising=False)
    return create_registry(team_events, vp_scales)


def test_registered_with_their_aliases(registry: Registry) -> None:
    assert registry.scoring("imp-teams") is registry.scoring("team-imps")
    assert registry.scoring("bam") is registry.scoring("board-a-match")
    assert registry.scoring("bam+vp") is registry.scoring("bam-vp")
    for name in ("team-imps", "board-a-match", "bam-vp"):
        method = registry.scoring(name)
        assert isinstance(method, ScoringMethod) and method.__doc__
    assert isinstance(registry.scoring("team-imps"), ConvertsToVictoryPoints)
    assert not isinstance(registry.scoring("bam-vp"), ConvertsToVictoryPoints)


def test_vps_through_the_option_as_the_engine_converts_them(registry: Registry) -> None:
    method = registry.scoring("team-imps")
    options = parse_options(method, {"vp_scale": "wbf2013"})
    assert isinstance(options, TeamImpsOptions) and options.vp_scale is not None
    scored = method.score(facts(MANUAL_MATCH, teams=2), options)
    assert isinstance(method, ConvertsToVictoryPoints)
    vps = method.victory_points(scored, registry.vp_scale(options.vp_scale))
    assert totals(vps) == {1: F("9.39"), 2: F("10.61")}
    assert parse_options(method, {}) == TeamImpsOptions(vp_scale=None)


@pytest.mark.parametrize(
    ("method", "options", "total"),
    [("team-imps", {}, 0), ("team-imps", {"vp_scale": "wbf2013"}, 6 * 20), ("bam-vp", {}, 60)],
)
def test_a_round_robin_played_through_the_engine(
    method: str, options: dict[str, Any], total: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every result entered through the real commands, the standings from the store: IMPs sum
    # to 0, 6 matches share 20 VPs each, and B-a-M + VP shares 2 a board and 6 a match.
    monkeypatch.delenv("TRAVELLER_PLUGINS_BLOCK", raising=False)
    app = memory_app(team_events, vp_scales)
    event = app.create_event("Teams", scoring=ScoringChoice(method=method, options=options))
    app.assign_movement(event, "round-robin", tables=4, options={"boards_per_round": 2})
    play_movement(app, event)
    (field,) = standings_at(app, event).fields
    assert sorted(r.pair for r in field.rows) == [Pair(t, NS) for t in range(1, 5)]
    assert sum(r.score for r in field.rows) == total
    assert all(r.boards_played == 6 for r in field.rows)


# -- the VP options: scale (vp_scale) and boards ------------------------------------------------


def test_the_boards_option_reads_the_scale_for_the_boards_the_conditions_name(
    registry: Registry,
) -> None:
    # The manual's match is 4 boards. Read for 8 boards, team 1's 1-IMP loss is worth what
    # it is worth over 8 boards.
    method = registry.scoring("team-imps")
    options = parse_options(method, {"scale": "wbf2013", "boards": "8"})
    assert isinstance(options, TeamImpsOptions) and options.vp_scale == "wbf2013"
    assert isinstance(method, ConvertsToVictoryPoints)
    scored = method.score(facts(MANUAL_MATCH, teams=2), options)
    vps = method.victory_points(scored, scale_for(registry.vp_scale(options.vp_scale), options))
    lost, won = WBF.victory_points(-1, 8)
    assert totals(vps) == {1: lost, 2: won} and lost != F("9.39")
    # The old WBF scale prints no 4-board table; on its 8-board one 1 IMP is 15-15.
    with pytest.raises(InvalidInput, match="not 4"):
        method.victory_points(scored, registry.vp_scale("25-0"))
    old = parse_options(method, {"scale": "25-0", "boards": 8})
    assert totals(method.victory_points(scored, scale_for(registry.vp_scale("25-0"), old))) == {
        1: 15,
        2: 15,
    }


def round_robin_event(options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Any:
    """A 4-team round robin of 2-board matches, every board played, scored by team-imps."""
    monkeypatch.delenv("TRAVELLER_PLUGINS_BLOCK", raising=False)
    app = memory_app(team_events, vp_scales)
    event = app.create_event("Teams", scoring=ScoringChoice(method="team-imps", options=options))
    app.assign_movement(event, "round-robin", tables=4, options={"boards_per_round": 2})
    play_movement(app, event)
    return app, event


def test_matches_the_25_0_scale_has_no_table_for_are_refused_with_the_way_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, event = round_robin_event({"scale": "25-0"}, monkeypatch)
    with pytest.raises(InvalidInput, match="not 2") as refused:
        standings_at(app, event)
    assert "boards=N" in (refused.value.hint or "")


def test_a_round_robin_of_two_board_matches_on_the_8_board_25_0_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, event = round_robin_event({"scale": "25-0", "boards": 8}, monkeypatch)
    (field,) = standings_at(app, event).fields
    # Six matches, each worth 30 VPs up to 25-5 and at least 25 (25-0).
    assert 6 * 25 <= sum(r.score for r in field.rows) <= 6 * 30


def test_the_vp_options_from_the_command_line() -> None:
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Teams league", "--scoring", "team-imps",
        "--option", "scale=wbf2013", "--option", "boards=8",
    )["id"]  # fmt: skip
    app = open_app(cli.store)
    options = app.tournament(app.resolve_event(event)).scoring.options
    assert options == {"scale": "wbf2013", "boards": "8"}
    parsed = parse_options(app.registry.scoring("team-imps"), options)
    assert isinstance(parsed, TeamImpsOptions)
    assert (parsed.vp_scale, parsed.boards) == ("wbf2013", 8)

    def refused(*option: str) -> str:
        error = cli.run(
            "event", "create", "--name", "Teams", "--scoring", "team-imps", *option, ok=False
        )  # fmt: skip
        return str(error["message"])

    assert "no VP scale called 'wbf1990'" in refused("--option", "scale=wbf1990")
    assert "name the scale too" in refused("--option", "boards=8")
    assert "greater than or equal to 1" in refused("--option", "scale=25-0", "--option", "boards=0")
