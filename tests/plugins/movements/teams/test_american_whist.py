"""American Whist against the JCBL manual (part 2 ch. 6 §11, figures 21-23), the club-director
guide's AMERICAN WHIST (with its curtailed 7-table example), and by property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement, matches_of, uncompared
from engine.registry import MovementFamily, create_registry, parse_options
from engine.seating import Line, Pair
from engine.testing import memory_app, play_movement
from engine.validator import check
from plugins.movements.teams import american_whist as awl_module
from plugins.movements.teams.american_whist import (
    AmericanWhist,
    AmericanWhistOptions,
    american_whist,
)
from plugins.movements.teams.round_robin import Match
from tests.conftest import register_teams
from tests.plugins.movements.mitchell.test_basic import (
    assert_curtailing_exact,
    equal_and_sound,
    keeping,
)

AWL = AmericanWhist()


def sheet_rows(text: str) -> list[list[str]]:
    """A master sheet as the seed prints it: the round number, then a cell per board set."""
    return [line.split()[1:] for line in text.strip().splitlines()]


def options(**given: object) -> AmericanWhistOptions:
    return AmericanWhistOptions.model_validate(given)


# Figure 21: 9 teams (rows are rounds, columns board sets; a cell is NS-EW).
FIGURE_21 = """
1\t\t9-2\t1-3\t2-4\t3-5\t4-6\t5-7\t6-8\t7-9\t8-1
2\t\t8-3\t9-4\t1-5\t2-6\t3-7\t4-8\t5-9\t6-1\t7-2
3\t\t7-4\t8-5\t9-6\t1-7\t2-8\t3-9\t4-1\t5-2\t6-3
4\t\t6-5\t7-6\t8-7\t9-8\t1-9\t2-1\t3-2\t4-3\t5-4
5\t\t5-6\t6-7\t7-8\t8-9\t9-1\t1-2\t2-3\t3-4\t4-5
6\t\t4-7\t5-8\t6-9\t7-1\t8-2\t9-3\t1-4\t2-5\t3-6
7\t\t3-8\t4-9\t5-1\t6-2\t7-3\t8-4\t9-5\t1-6\t2-7
8\t\t2-9\t3-1\t4-2\t5-3\t6-4\t7-5\t8-6\t9-7\t1-8
"""

# Figure 22: 10 teams, rounds 1-8 (the relay round 9 is read separately below).
FIGURE_22 = """
1\t\t10-2\t1-3\t2-4\t3-5\t4-6\t5-7\t6-8\t7-9\t8-10\t9-1
2\t\t9-3\t10-4\t1-5\t2-6\t3-7\t4-8\t5-9\t6-10\t7-1\t8-2
3\t\t3-9\t4-10\t5-1\t6-2\t7-3\t8-4\t9-5\t10-6\t1-7\t2-8
4\t\t2-10\t3-1\t4-2\t5-3\t6-4\t7-5\t8-6\t9-7\t10-8\t1-9
5\t\t8-5\t9-6\t10-7\t1-8\t2-9\t3-10\t4-1\t5-2\t6-3\t7-4
6\t\t7-6\t8-7\t9-8\t10-9\t1-10\t2-1\t3-2\t4-3\t5-4\t6-5
7\t\t6-7\t7-8\t8-9\t9-10\t10-1\t1-2\t2-3\t3-4\t4-5\t5-6
8\t\t5-8\t6-9\t7-10\t8-1\t9-2\t10-3\t1-4\t2-5\t3-6\t4-7
"""
# Round 9 as printed: "1-6 2-7 3-8 4-9 5-10" over "6-1 7-2 8-3 9-4 10-5" in the columns of
# sets 1-5, "各テーブルでボードリレイ" (each two tables relay boards).
FIGURE_22_RELAY = [("1-6", "6-1"), ("2-7", "7-2"), ("3-8", "8-3"), ("4-9", "9-4"), ("5-10", "10-5")]

# Figure 23: 15 teams.
FIGURE_23 = """
1\t15-2\t1-3\t2-4\t3-5\t4-6\t5-7\t6-8\t7-9\t8-10\t9-11\t10-12\t11-13\t12-14\t13-15\t14-1
2\t14-3\t15-4\t1-5\t2-6\t3-7\t4-8\t5-9\t6-10\t7-11\t8-12\t9-13\t10-14\t11-15\t12-1\t13-2
3\t13-4\t14-5\t15-6\t1-7\t2-8\t3-9\t4-10\t5-11\t6-12\t7-13\t8-14\t9-15\t10-1\t11-2\t12-3
4\t12-5\t13-6\t14-7\t15-8\t1-9\t2-10\t3-11\t4-12\t5-13\t6-14\t7-15\t8-1\t9-2\t10-3\t11-4
5\t11-6\t12-7\t13-8\t14-9\t15-10\t1-11\t2-12\t3-13\t4-14\t5-15\t6-1\t7-2\t8-3\t9-4\t10-5
6\t10-7\t11-8\t12-9\t13-10\t14-11\t15-12\t1-13\t2-14\t3-15\t4-1\t5-2\t6-3\t7-4\t8-5\t9-6
7\t9-8\t10-9\t11-10\t12-11\t13-12\t14-13\t15-14\t1-15\t2-1\t3-2\t4-3\t5-4\t6-5\t7-6\t8-7
8\t8-9\t9-10\t10-11\t11-12\t12-13\t13-14\t14-15\t15-1\t1-2\t2-3\t3-4\t4-5\t5-6\t6-7\t7-8
9\t7-10\t8-11\t9-12\t10-13\t11-14\t12-15\t13-1\t14-2\t15-3\t1-4\t2-5\t3-6\t4-7\t5-8\t6-9
10\t6-11\t7-12\t8-13\t9-14\t10-15\t11-1\t12-2\t13-3\t14-4\t15-5\t1-6\t2-7\t3-8\t4-9\t5-10
11\t5-12\t6-13\t7-14\t8-15\t9-1\t10-2\t11-3\t12-4\t13-5\t14-6\t15-7\t1-8\t2-9\t3-10\t4-11
12\t4-13\t5-14\t6-15\t7-1\t8-2\t9-3\t10-4\t11-5\t12-6\t13-7\t14-8\t15-9\t1-10\t2-11\t3-12
13\t3-14\t4-15\t5-1\t6-2\t7-3\t8-4\t9-5\t10-6\t11-7\t12-8\t13-9\t14-10\t15-11\t1-12\t2-13
14\t2-15\t3-1\t4-2\t5-3\t6-4\t7-5\t8-6\t9-7\t10-8\t11-9\t12-10\t13-11\t14-12\t15-13\t1-14
"""

# The guide's 7-table American Whist playing 4 matches: per table "NS v EW" and the set.
# (The header's "Tabl e1 Table e 2 …" is the extraction splitting "Table 1", "Table 2", ….)
GUIDE_CURTAILED = """
1\t1 v 4\t1\t2 v 5\t2\t3 v 6\t3\t4 v 7\t4\t5 v 1\t5\t6 v 2\t6\t7 v 3\t7
2\t1 v 2\t7\t2 v 3\t1\t3 v 4\t2\t4 v 5\t3\t5 v 6\t4\t6 v 7\t5\t7 v 1\t6
3\t1 v 7\t6\t2 v 1\t7\t3 v 2\t1\t4 v 3\t2\t5 v 4\t3\t6 v 5\t4\t7 v 6\t5
4\t1 v 5\t5\t2 v 6\t6\t3 v 7\t7\t4 v 1\t1\t5 v 2\t2\t6 v 3\t3\t7 v 4\t4
"""


def seats(m: Movement, rnd: int) -> list[tuple[int, int, int]]:
    """(NS, EW, set) at each table of a round, table by table."""
    return [(e.ns, e.ew, m.set_index(e.boards) + 1) for e in m.round(rnd)]


# ---- the worked examples -------------------------------------------------------------------


def test_figure_21_nine_teams() -> None:
    m = AWL.build(9, options(boards_per_round=3))
    assert (m.rounds, m.kind) == (8, "teams")  # §11-3: rounds = teams - 1
    assert m.master_sheet() == sheet_rows(FIGURE_21)
    assert all(e.ns == e.table for e in m.schedule)  # NS pairs stay at their home tables


def test_figure_21_boards_down_ew_skip_down() -> None:
    """§11-3: EW go two tables lower, boards one lower; round 1 starts one table down."""
    m = AWL.build(9, options(boards_per_round=3))
    for rnd in range(1, m.rounds):
        now = {e.ew: e.table for e in m.round(rnd)}
        later = {e.ew: e.table for e in m.round(rnd + 1)}
        assert all(later[ew] == (now[ew] - 3) % 9 + 1 for ew in now)
        here = {m.set_index(e.boards): e.table for e in m.round(rnd)}
        there = {m.set_index(e.boards): e.table for e in m.round(rnd + 1)}
        assert all(there[s] == (here[s] - 2) % 9 + 1 for s in here)
    # "最初のボードは … 1 つ数の少ない方のテーブルへ送った状態に配置": set t + 1 at table t.
    assert [m.set_index(e.boards) + 1 for e in m.round(1)] == [2, 3, 4, 5, 6, 7, 8, 9, 1]


def test_figure_21_rounds_1_and_8_play_the_same_matches() -> None:
    """§11-6: round 1 and round 8 correspond; each match is the pair (r, 9 - r)."""
    m = AWL.build(9, options(boards_per_round=3))
    for r in range(1, 9):
        swapped = {(e.ew, e.ns, e.boards) for e in m.round(9 - r)}
        assert {(e.ns, e.ew, e.boards) for e in m.round(r)} == swapped


def test_figure_22_ten_teams_rounds_1_to_8() -> None:
    m = american_whist(10, options(boards_per_round=3))
    assert m.rounds == 9
    assert [row[:10] for row in m.master_sheet()[:8]] == sheet_rows(FIGURE_22)


def test_figure_22_relay_round() -> None:
    """Reading of round 9: teams c and c + 5 play a match on a set shared by tables c and c + 5.

    The figure prints the pairs in the columns of sets 1-5. But after rounds 1-8 each
    team has played eight of sets 1-10 and teams c and c + 5 have between them played
    all ten (checked below), so the relay round needs five more sets: we number them
    11-15, set 10 + c at tables c and c + 5. (Reading the figure as placing new boards
    after round 4 instead would need 20 sets; "ボードは再配置" — the boards are placed
    again — reads as the same boards moved.)
    """
    m = american_whist(10, options(boards_per_round=3))
    played: dict[int, set[int]] = {t: set() for t in range(1, 11)}
    for e in m.schedule:
        if e.round <= 8:
            played[e.ns].add(m.set_index(e.boards) + 1)
            played[e.ew].add(m.set_index(e.boards) + 1)
    for c in range(1, 6):
        assert played[c] | played[c + 5] == set(range(1, 11))
    last = m.master_sheet()[8]
    assert last[:10] == [""] * 10
    assert [tuple(cell.split()) for cell in last[10:]] == FIGURE_22_RELAY
    assert {r.tables for r in m.relays} == {(c, c + 5) for c in range(1, 6)}
    assert all(r.round == 9 for r in m.relays)


def test_figure_22_crossover_and_new_layout() -> None:
    """§11-5: after round 2 the EW pairs carry the boards they played home; after round 4
    the boards are placed again; rounds 5-8 go boards down, EW skip down."""
    m = american_whist(10, options(boards_per_round=3))

    def table_of_set(rnd: int) -> dict[int, int]:
        return {m.set_index(e.boards) + 1: e.table for e in m.round(rnd)}

    for e in m.round(2):
        assert table_of_set(3)[m.set_index(e.boards) + 1] == e.ew  # carried to EW's home
    for rnd in (5, 6, 7):
        now, later = table_of_set(rnd), table_of_set(rnd + 1)
        assert all(later[s] == (now[s] - 2) % 10 + 1 for s in now)


def test_figure_22_is_a_complete_round_robin_with_every_board_compared() -> None:
    m = american_whist(10, options(boards_per_round=3))
    assert uncompared(m) == []
    assert set(matches_of(m)) == {Match(a, b) for a in range(1, 11) for b in range(a + 1, 11)}


def test_figure_22_relay_sets_are_played_fewer_times_than_the_rest() -> None:
    """Sets 11-15 are played twice, 1-10 eight times: a team match compares a board only
    within the match, so the validator notes it and the relay round can be assigned."""
    m = american_whist(10, options(boards_per_round=3))
    report = check(m)
    assert report.problems == []
    assert "(twice: 31-45; 8 times: 1-30)." in " ".join(report.notes)
    assert AWL.build(10, options(boards_per_round=3)).rounds == 9


def test_even_teams_may_leave_out_the_relay_round() -> None:
    """§11-6: "偶数チームのときは、リレイのラウンドだけを省略出来ます"."""
    m = AWL.build(10, options(boards_per_round=3, matches=8))
    assert m.rounds == 8 and m.relays == ()
    assert [row[:10] for row in m.master_sheet()] == sheet_rows(FIGURE_22)
    assert m.curtail_after == (4,)
    assert american_whist(10, options(boards_per_round=3)).curtail_after == (4, 8)


def test_figure_23_fifteen_teams() -> None:
    m = AWL.build(15, options(boards_per_round=2))
    assert m.master_sheet() == sheet_rows(FIGURE_23)


@pytest.mark.parametrize(
    ("first_session_pairs", "session_1", "session_2"),
    [
        (None, [1, 2, 3, 4, 11, 12, 13, 14], [5, 6, 7, 8, 9, 10]),
        (4, [1, 2, 3, 4, 11, 12, 13, 14], [5, 6, 7, 8, 9, 10]),
        (3, [1, 2, 3, 12, 13, 14], [4, 5, 6, 7, 8, 9, 10, 11]),  # 備考: 1-3, 12-14 と 4-11
    ],
)
def test_figure_23_two_sessions(
    first_session_pairs: int | None, session_1: list[int], session_2: list[int]
) -> None:
    """§11-7: session 1 plays rounds 1-4 and 11-14, session 2 rounds 5-10."""
    full = sheet_rows(FIGURE_23)
    for session, rounds in ((1, session_1), (2, session_2)):
        m = AWL.build(
            15,
            options(boards_per_round=2, session=session, first_session_pairs=first_session_pairs),
        )
        assert m.master_sheet() == [full[r - 1] for r in rounds]
        assert uncompared(m) == []


def test_figure_23_move_after_round_4() -> None:
    """§11-7: after round 4 EW carry the boards home and go one table up without skipping
    ("ボードをホームテーブルに運んでからスキップしないで 1 つ大きいテーブル No. に移り")."""
    m = AWL.build(15, options(boards_per_round=2, session=1))
    before = {e.ew: e for e in m.round(4)}
    after = {e.ew: e for e in m.round(5)}
    for ew, e in before.items():
        assert after[ew].table == e.table % 15 + 1
        carried = next(x for x in m.round(5) if x.boards == e.boards)
        assert carried.table == ew


def test_guide_curtailed_seven_tables_four_matches() -> None:
    m = AWL.build(7, options(boards_per_round=3, direction="up", matches=4))
    for rnd, line in enumerate(GUIDE_CURTAILED.strip().splitlines(), start=1):
        cells = line.split("\t")[1:]
        printed = [
            (int(pair.split(" v ")[0]), int(pair.split(" v ")[1]), int(s))
            for pair, s in zip(cells[::2], cells[1::2], strict=True)
        ]
        assert seats(m, rnd) == printed
    assert m.curtail_after == ()
    assert check(m).ok and uncompared(m) == []


def test_guide_curtailed_is_the_full_movement_without_its_outer_rounds() -> None:
    """The guide: "EW pairs move up a further 2 tables for every two rounds to be
    curtailed"; the curtailed movement plays rounds 2-5 of the full one (the sets
    renumbered to start at home)."""
    full = AWL.build(7, options(boards_per_round=3, direction="up"))
    short = AWL.build(7, options(boards_per_round=3, direction="up", matches=4))
    for rnd in range(1, 5):
        assert [(e.ns, e.ew) for e in short.round(rnd)] == [
            (e.ns, e.ew) for e in full.round(rnd + 1)
        ]
    first_move = {e.ew: e.table for e in short.round(1)}
    assert all(table == (ew + 4 - 1) % 7 + 1 for ew, table in first_move.items())


def test_guide_full_movement_up() -> None:
    """The guide: "Set 1 may just as well be played at Table 1 for the first match and the
    first instruction becomes 'EW move up 2 tables'"; then EW up two, boards up one."""
    m = AWL.build(7, options(boards_per_round=3, direction="up"))
    assert seats(m, 1) == [(t, (t - 3) % 7 + 1, t) for t in range(1, 8)]
    for rnd in range(1, m.rounds):
        now = {e.ew: e.table for e in m.round(rnd)}
        later = {e.ew: e.table for e in m.round(rnd + 1)}
        assert all(later[ew] == (now[ew] + 1) % 7 + 1 for ew in now)
    assert m.rounds == 6 and check(m).ok


# ---- options and errors ----------------------------------------------------------------------


def test_default_boards_make_a_session_of_24() -> None:
    assert AWL.build(9).boards_per_round == 3
    assert AWL.build(13).boards_per_round == 2
    assert AWL.build(7, options(matches=4)).boards_per_round == 6


@pytest.mark.parametrize(
    ("teams", "given", "fragment"),
    [
        (1, {}, "at least 3"),
        (2, {}, "at least 4"),
        (9, {"matches": 5}, "8, 6, 4, 2"),
        (9, {"matches": 10}, "8, 6, 4, 2"),
        (10, {"matches": 7}, "9 or 8"),
        (10, {"session": 1}, "odd number of teams"),
        (9, {"session": 1, "matches": 4}, "not both"),
        (9, {"session": 2, "first_session_pairs": 4}, "1 and 3"),
        (3, {"session": 1}, "cannot be split"),
    ],
)
def test_impossible_requests_are_explained(
    teams: int, given: dict[str, object], fragment: str
) -> None:
    with pytest.raises(InvalidMovement) as raised:
        american_whist(teams, options(**given))
    assert fragment in str(raised.value)


def test_the_plugin_follows_the_protocol() -> None:
    assert isinstance(AWL, MovementFamily)
    assert AWL.__doc__ and "AWL" in AWL.__doc__
    opts = parse_options(AWL, {"direction": "up", "matches": "4", "session": "2"})
    assert isinstance(opts, AmericanWhistOptions) and (opts.matches, opts.session) == (4, 2)
    assert create_registry(awl_module).movement("awl").name == "american-whist"


# ---- properties -------------------------------------------------------------------------------


def assert_team_movement(m: Movement, opponents: int) -> None:
    """What a team movement must keep, beyond the validator's rules."""
    assert all(e.ns != e.ew for e in m.schedule)
    assert uncompared(m) == []
    met = matches_of(m)
    for team in range(1, m.tables + 1):
        assert sum(team in teams for teams in met) == opponents
        ns = {b for e in m.schedule if e.ns == team for b in e.boards}
        ew = {b for e in m.schedule if e.ew == team for b in e.boards}
        assert ns == ew  # both pairs of a team play the same boards
    for boards in met.values():
        assert len(boards) == m.boards_per_round  # a whole set compared per match
    for stop in m.curtail_after:
        early = [e for e in m.schedule if e.round <= stop]
        counts = {b: sum(b in e.boards for e in early) for e in early for b in e.boards}
        assert len(set(counts.values())) == 1
        played = {(e.ns, e.ew, b) for e in early for b in e.boards}
        assert all((ew, ns, b) in played for ns, ew, b in played)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(0, 5), st.sampled_from(["down", "up"]), st.integers(1, 4))
def test_every_odd_american_whist_is_valid(
    half: int, dropped: int, direction: str, per_round: int
) -> None:
    teams = 2 * half + 1
    matches = max(teams - 1 - 2 * dropped, 2)
    m = AWL.build(teams, options(direction=direction, matches=matches, boards_per_round=per_round))
    report = check(m)
    assert report.ok and m.rounds == matches
    assert set(report.plays.values()) == {matches}
    assert all(n == 1 for n in report.meetings.values())
    assert_team_movement(m, matches)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.sampled_from(["down", "up"]), st.booleans())
def test_every_even_american_whist_keeps_the_team_rules(
    half: int, direction: str, relay: bool
) -> None:
    teams = 2 * half
    matches = teams - 1 if relay else teams - 2
    m = american_whist(teams, options(direction=direction, matches=matches, boards_per_round=2))
    report = check(m)
    assert report.problems == []
    if relay and teams > 4:  # with 4 teams every set, the relay's too, is played twice
        assert any(n.startswith("Boards are played unequally") for n in report.notes)
    assert_team_movement(m, matches)
    assert m.curtail_after[:1] == ((half - 1) // 2 * 2,) or half < 3


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 12), st.integers(1, 6), st.sampled_from([1, 2]))
def test_every_session_split_completes_its_matches(half: int, first: int, session: int) -> None:
    teams = 2 * half + 1
    first = min(first, half - 1)
    m = AWL.build(teams, options(session=session, first_session_pairs=first))
    assert check(m).ok
    assert_team_movement(m, 2 * first if session == 1 else teams - 1 - 2 * first)


def test_stationary_pairs_are_the_ns_pairs() -> None:
    m = AWL.build(11)
    assert m.stationary == tuple(Pair(t, Line.NS) for t in range(1, 12))


# ---- end to end --------------------------------------------------------------------------------


def test_an_american_whist_is_played_through_the_application(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Block the entry point (once the lead adds it) so the module is registered only once.
    monkeypatch.setenv("TRAVELLER_PLUGINS_BLOCK", "american-whist")
    app = memory_app(awl_module)
    event = app.create_event("AWL night")
    register_teams(app, event, 7)
    app.assign_movement(event, "american-whist", options={"boards_per_round": 4})
    movement = app.section(event).movement
    assert movement is not None and movement.kind == "teams" and movement.rounds == 6
    assert play_movement(app, event) == 7 * 6 * 4


# ---- which rounds may be left out (§11-6) -------------------------------------------------------


def test_figure_21_rounds_are_left_out_in_pairs() -> None:
    """§11-6: "rounds 1 and 8 of figure 21 go together; leave out one and the other's
    matches mean nothing": the movement lists the pairs, and no early stop."""
    m = AWL.build(9, options(boards_per_round=3))
    assert m.curtail_groups == ((1, 8), (2, 7), (3, 6), (4, 5))
    assert m.curtail_after == ()
    assert_curtailing_exact(m)
    every = set(range(1, 9))
    assert not equal_and_sound(keeping(m, every - {1}))  # one round of a pair alone
    assert not equal_and_sound(keeping(m, every - {1, 7}))  # two rounds of different pairs


def test_the_guides_curtailed_whist_leaves_out_the_outer_pair() -> None:
    """The guide's 7 teams, 4 matches: the full movement less rounds 1 and 6 (one of its
    groups); the curtailed movement may be curtailed again by its own pairs."""
    full = AWL.build(7, options(boards_per_round=3, direction="up"))
    short = AWL.build(7, options(boards_per_round=3, direction="up", matches=4))
    assert full.curtail_groups == ((1, 6), (2, 5), (3, 4))
    kept = keeping(full, (2, 3, 4, 5))
    assert [(e.round, e.ns, e.ew) for e in kept.schedule] == [
        (e.round, e.ns, e.ew) for e in short.schedule
    ]
    assert short.curtail_groups == ((1, 4), (2, 3))
    assert_curtailing_exact(short)


@pytest.mark.parametrize(
    ("teams", "given", "groups"),
    [
        (15, {"session": 1}, ((1, 8), (2, 7), (3, 6), (4, 5))),  # figure 23: 1-4 and 11-14
        (15, {"session": 2}, ((1, 6), (2, 5), (3, 4))),  # 5-10
        (15, {"session": 1, "first_session_pairs": 3}, ((1, 6), (2, 5), (3, 4))),
        (3, {}, ()),  # one pair of rounds is the whole session
        (10, {}, ((9,),)),  # even: only the relay round (§11-6)
        (10, {"matches": 8}, ()),
        (4, {}, ((3,),)),
    ],
)
def test_rounds_that_go_together(
    teams: int, given: dict[str, object], groups: tuple[tuple[int, ...], ...]
) -> None:
    m = american_whist(teams, options(**given))
    assert m.curtail_groups == groups
    assert_curtailing_exact(m)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 9), st.integers(0, 4), st.sampled_from(["down", "up"]))
def test_every_odd_whist_pairs_round_r_with_its_mirror(
    half: int, dropped: int, direction: str
) -> None:
    teams = 2 * half + 1
    matches = max(teams - 1 - 2 * dropped, 2)
    m = AWL.build(teams, options(direction=direction, matches=matches, boards_per_round=1))
    pairs = tuple((r, matches + 1 - r) for r in range(1, matches // 2 + 1))
    assert m.curtail_groups == (pairs if len(pairs) > 1 else ())
    for group in m.curtail_groups:
        assert equal_and_sound(keeping(m, set(range(1, matches + 1)) - set(group)))
