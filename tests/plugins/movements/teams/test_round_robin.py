"""Round-robin schedules and relayed round-robin movements against the club-director guide
(ROUND ROBIN TEAMS; A Round Robin for an Odd Number of Teams, 7-13 teams) and by property."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement, matches_of, uncompared
from engine.registry import MovementFamily, create_registry
from engine.seating import Line
from engine.validator import check
from plugins.movements.teams import round_robin as rr_module
from plugins.movements.teams.round_robin import (
    Match,
    RoundRobin,
    RoundRobinOptions,
    RoundRobinTeams,
    Triangle,
    guide_round_robin,
    round_robin,
)

FAMILY = RoundRobinTeams()

# The guide's even draw, fully entered (8 teams).
GUIDE_8 = """
1\t8 v 1\t7 v 2\t6 v 3\t5 v 4
2\t8 v 2\t1 v 3\t7 v 4\t6 v 5
3\t8 v 3\t2 v 4\t1 v 5\t7 v 6
4\t8 v 4\t3 v 5\t2 v 6\t1 v 7
5\t8 v 5\t4 v 6\t3 v 7\t2 v 1
6\t8 v 6\t5 v 7\t4 v 1\t3 v 2
7\t8 v 7\t6 v 1\t5 v 2\t4 v 3
"""

# The guide's odd round robins, as extracted: the main group's matches, then the triangle.
# The second leg of a triangle is printed with a symbol the extraction turned into "4",
# "7" or "/" ("1 4 2 4 3" is 1 Δ 2 Δ 3): the teams are the 1st, 3rd and 5th tokens.
GUIDE_ODD = {
    7: """
1\t7 v 4\t6 v 5\t1 v 2 v 3
2\t4 v 6\t5 v 7\t1 4 2 4 3
3\t2 v 6\t3 v 7\t1 v 4 v 5
4\t7 v 2\t6 v 3\t1 4 4 4 5
5\t2 v 4\t3 v 5\t1 v 6 v 7
6\t5 v 2\t4 v 3\t1 4 6 4 7
""",
    9: """
1\t6 v 5\t4 v 8\t7 v 9\t1 v 2 v 3\t
2\t5 v 8\t7 v 4\t9 v 6\t1 4 2 4 3\t
3\t8 v 7\t2 v 6\t3 v 9\t1 v 4 v 5\t
4\t9 v 2\t6 v 8\t3 v 7\t1 4 4 7 3\t
5\t4 v 3\t2 v 8\t5 v 9\t1 v 6 v 7\t
6\t5 v 2\t9 v 4\t8 v 3\t1 4 6 4 7\t
7\t7 v 2\t4 v 6\t3 v 5\t1 v 8 v 9\t
8\t2 v 4\t5 v 7\t6 v 3\t1 4 0 4 9\t
""",
    11: """
1\t6 v 5\t11 v 4\t7 v 9\t8 v 10\t1 v 2 v 3
2\t4 v 6\t9 v 11\t8 v 5\t10 v 7\t1 4 2 4 3
3\t8 v 7\t11 v 2\t10 v 3\t9 v 6\t1 v 4 v 5
4\t2 v 8\t3 v 9\t6 v 10\t7 v 11\t1 4 4 7 5
5\t2 v 4\t3 v 5\t10 v 9\t11 v 8\t1 4 6 4 7
6\t9 v 2\t4 v 8\t10 v 5\t3 v 11\t1 v 6 v 7
7\t4 v 3\t5 v 7\t2 v 10\t11 v 6\t1 v 8 v 9
8\t7 v 2\t6 v 3\t4 v 10\t5 v 11\t1 4 0 4 9
9\t5 v 2\t3 v 7\t6 v 8\t9 v 4\t1 v 10 v 11
10\t5 v 9\t2 v 6\t8 v 3\t7 v 4\t1 7 10 7 11
""",
    13: """
1\t3 v 11\t9 v 4\t8 v 5\t7 v 6\t10 v 12\t12 y 1 y 2\t
2\t3 v 9\t4 v 12\t5 v 7\t6 v 8\t11 v 10\t13 v 1 v 2\t
3\t1 v 7\t9 v 2\t6 v 12\t5 v 11\t8 v 10\t12 1/2 1/4\t
4\t10 v 1\t7 v 2\t11 v 6\t12 v 5\t9 v 8\t13 v 3 v 4\t
5\t1 v 9\t2 v 12\t4 v 10\t3 v 7\t8 v 11\t13 v 5 v 6\t
6\t12 v 1\t2 v 8\t7 v 4\t10 v 3\t9 v 11\t13 7 3 7 0\t
7\t1 v 11\t2 v 10\t5 v 4\t6 v 3\t12 v 9\t13 v 7 v 8\t
8\t4 v 1\t11 v 2\t10 v 5\t12 v 3\t9 v 6\t13 7 7 7 0\t
9\t1 v 5\t2 v 6\t11 v 4\t8 v 3\t7 v 12\t13 v 9 v 10\t
10\t6 v 1\t2 v 4\t11 v 7\t3 v 5\t12 v 8\t13 4 9 4 10\t
11\t1 v 3\t5 v 2\t6 v 10\t4 v 8\t7 v 9\t13 v 11 v 12\t
12\t8 v 1\t3 v 2\t5 v 9\t4 v 6\t10 v 7\t13 / 11 / 12\t
""",
}

# Triangle cells the extraction garbled, and our reading: the three teams missing from the
# row's main group (which the test checks), led by the team that stays in the triangle.
GARBLED_TRIANGLES = {
    (9, 4): (1, 4, 5),  # "1 4 4 7 3": 3 plays 3 v 7 in the main group
    (9, 8): (1, 8, 9),  # "1 4 0 4 9": "0" is a lost "8"
    (11, 8): (1, 8, 9),  # "1 4 0 4 9"
    (13, 1): (13, 1, 2),  # "12 y 1 y 2": 12 plays 10 v 12; the next row prints 13 v 1 v 2
    (13, 3): (13, 3, 4),  # "12 1/2 1/4"
    (13, 6): (13, 5, 6),  # "13 7 3 7 0"
    (13, 8): (13, 7, 8),  # "13 7 7 7 0"
}


def printed(text: str) -> list[list[str]]:
    return [[c for c in line.split("\t")[1:] if c] for line in text.strip().splitlines()]


def match_of(cell: str) -> Match:
    home, away = cell.split(" v ")
    return Match(int(home), int(away))


def test_guide_even_draw_for_eight_teams() -> None:
    schedule = guide_round_robin(8)
    assert [list(map(str, r)) for r in schedule.rounds] == printed(GUIDE_8)


@pytest.mark.parametrize("teams", [7, 9, 11, 13])
def test_guide_odd_round_robins_with_a_triangle(teams: int) -> None:
    schedule = round_robin(teams)
    rows = printed(GUIDE_ODD[teams])
    assert len(schedule.rounds) == len(rows) == teams - 1
    for number, (row, sittings) in enumerate(zip(rows, schedule.rounds, strict=True), start=1):
        *main, triangle_cell = row
        matches = [s for s in sittings if isinstance(s, Match)]
        (triangle,) = [s for s in sittings if isinstance(s, Triangle)]
        assert matches == [match_of(c) for c in main]
        missing = set(range(1, teams + 1)) - {t for m in matches for t in (m.home, m.away)}
        assert set(triangle.teams) == missing
        tokens = re.split(r"\s+", triangle_cell.strip())
        expected = GARBLED_TRIANGLES.get((teams, number))
        if expected is None:
            expected = (int(tokens[0]), int(tokens[2]), int(tokens[4]))
        assert triangle.teams == expected
        assert triangle.leg == (1 if number % 2 else 2)


def test_one_team_stays_in_the_triangle_throughout() -> None:
    for teams, stays in ((7, 1), (9, 1), (11, 1), (13, 13)):
        triangles = [s for r in round_robin(teams).rounds for s in r if isinstance(s, Triangle)]
        assert {t.teams[0] for t in triangles} == {stays}


def test_guide_triangle_example_for_seven_teams() -> None:
    """Matches 1 and 2 of 7 teams: the main body plays set 1 (boards 1-12) then set 2
    (13-24); the triangle plays sets 1, 2 and Δ set 3 (25-36) as the guide lays out."""
    m = round_robin(7).movement(12, rounds=[1, 2], shared=True)
    triangle = [
        (e.round, e.table, e.ns, e.ew, e.boards[0], e.boards[-1])
        for e in m.schedule
        if e.table <= 3
    ]
    assert triangle == [
        (1, 1, 1, 3, 1, 12),
        (1, 2, 2, 1, 13, 24),
        (1, 3, 3, 2, 25, 36),
        (2, 1, 1, 2, 13, 24),
        (2, 2, 2, 3, 25, 36),
        (2, 3, 3, 1, 1, 12),
    ]
    main = {(e.round, e.ns, e.ew, e.boards[0]) for e in m.schedule if e.table > 3}
    assert main == {
        (1, 7, 4, 1), (1, 4, 7, 1), (1, 6, 5, 1), (1, 5, 6, 1),
        (2, 4, 6, 13), (2, 6, 4, 13), (2, 5, 7, 13), (2, 7, 5, 13),
    }  # fmt: skip
    assert uncompared(m) == []


def test_guide_final_triangle_for_seven_teams() -> None:
    """The guide's last triangle: "Table 1 Set 2 NS 1 v EW 7 / Table 6 Set 3 NS 6 v EW 1 /
    Table 7 Δ Set 1 NS 7 v EW 6".

    The guide's three sets turn through the matches (match 5 plays set 2), so its set
    numbers are ours turned by one: our 1, 2, 3 are its 2, 3, 1."""
    m = round_robin(7).movement(12, rounds=[5, 6], shared=True)
    guide_set = {1: 2, 2: 3, 3: 1}
    first = [
        (e.table, e.ns, e.ew, guide_set[m.set_index(e.boards) + 1])
        for e in m.round(1)
        if e.table in (1, 6, 7)
    ]
    assert first == [(1, 1, 7, 2), (6, 6, 1, 3), (7, 7, 6, 1)]


def test_a_shared_triangle_plays_its_set_less_often_which_teams_do_not_mind() -> None:
    """The guide's layout plays the Δ set twice and the main sets six times: harmless for
    team matches (each board is compared within its match), so the validator notes it."""
    m = round_robin(7).movement(12, shared=True)
    report = check(m)
    assert report.ok
    assert any(n.startswith("Boards are played unequally") for n in report.notes)
    built = FAMILY.build(7)
    assert check(built).ok and built.curtail_after == ()  # the Δ set is short of plays
    own = FAMILY.build(7, RoundRobinOptions(shared_boards=False))
    assert check(own).ok and own.curtail_after == (2, 4) and own.boards != built.boards


def test_each_match_may_have_its_own_boards() -> None:
    m = FAMILY.build(8, RoundRobinOptions(shared_boards=False, boards_per_round=3))
    assert len(m.boards) == 7 * 4 * 3
    assert all(len(r.tables) == 2 for r in m.relays)
    assert {check(m).plays[b] for b in m.boards} == {2}


def test_shared_boards_relay_between_all_tables() -> None:
    m = FAMILY.build(6, RoundRobinOptions(boards_per_round=5))
    assert len(m.boards) == 25  # JCBL SRR, 6 teams: 5 boards x 5 rounds, all 25 used
    assert [r.tables for r in m.relays] == [(1, 2, 3, 4, 5, 6)] * 5
    assert m.curtail_after == (1, 2, 3, 4)


def test_a_bye_each_round_for_an_odd_number() -> None:
    schedule = round_robin(7, "bye")
    assert [schedule.sitting_out(r) for r in range(1, 8)] == [(t,) for t in range(1, 8)]
    m = FAMILY.build(7, RoundRobinOptions(odd="bye", boards_per_round=3))
    assert check(m).ok and m.rounds == 7
    assert {(s.round, s.pair, s.line) for s in m.sit_outs} == {
        (r, r, line) for r in range(1, 8) for line in Line
    }


def test_five_teams_have_no_triangle_schedule() -> None:
    with pytest.raises(InvalidMovement, match="odd=bye"):
        round_robin(5)


@pytest.mark.parametrize(
    ("teams", "rounds", "fragment"),
    [
        (4, ((Match(1, 2), Match(2, 3)),), "team 2 plays twice"),
        (4, ((Match(1, 5),),), "there are 4 teams"),
        (3, ((Triangle((1, 2, 3), 1),),), "no second leg"),
        (3, ((Triangle((1, 2, 3), 2),), (Triangle((1, 2, 3), 1),)), "no first leg"),
    ],
)
def test_a_broken_schedule_is_refused(
    teams: int, rounds: tuple[tuple[Match | Triangle, ...], ...], fragment: str
) -> None:
    with pytest.raises(InvalidMovement, match=fragment):
        RoundRobin(teams, rounds)


def test_a_triangle_leg_cannot_be_played_alone() -> None:
    with pytest.raises(InvalidMovement, match="must be played next to it"):
        round_robin(7).movement(3, rounds=[2], shared=False)
    with pytest.raises(InvalidMovement, match="not a round 9"):
        round_robin(7).movement(3, rounds=[9], shared=False)


def test_one_round_as_a_movement() -> None:
    m = guide_round_robin(8).movement(4, rounds=[3])
    assert m.rounds == 1 and len(m.schedule) == 8
    assert set(matches_of(m)) == {Match(3, 8), Match(2, 4), Match(1, 5), Match(6, 7)}


def test_the_plugin_follows_the_protocol() -> None:
    assert isinstance(FAMILY, MovementFamily)
    assert create_registry(rr_module).movement("round-robin-teams").name == "round-robin"
    assert FAMILY.build(8).boards_per_round == 4  # 7 rounds x 4 >= 24 boards


# ---- split over sessions, played twice, one triangle set --------------------------------------


def test_a_round_robin_split_over_two_sessions() -> None:
    """JCBL list 5, 8 teams, 7 boards a round: rounds 1-3 then 4-7 of the draw, each
    round's set shared by all tables (21 and 28 boards); every match once, each complete
    in its session."""
    first = FAMILY.build(8, RoundRobinOptions(boards_per_round=7, last_round=3))
    second = FAMILY.build(8, RoundRobinOptions(boards_per_round=7, first_round=4))
    assert (first.rounds, second.rounds) == (3, 4)
    assert (len(first.boards), len(second.boards)) == (21, 28)
    assert set(matches_of(first)).isdisjoint(matches_of(second))
    assert len(matches_of(first)) + len(matches_of(second)) == 28
    assert uncompared(first) == uncompared(second) == []
    assert "Rounds 4-7 of the draw." in second.description
    assert [e.ew for e in second.round(1)] == [e.ew for e in FAMILY.build(8).round(4)]


def test_one_triangle_set_for_the_triangles_of_a_session() -> None:
    """The guide: "One different set of boards from those to be played by the main body is
    required". The later triangles play the first one's own set again — its teams have not
    played it, and the team that stays in the triangle never does — so 7 teams in 2 + 4
    rounds of 8 boards lay 24 and 40 boards (JCBL list 5), not 24 and 48."""
    options = {"boards_per_round": 8, "triangle_set": "one"}
    first = FAMILY.build(7, RoundRobinOptions(**options, last_round=2))
    second = FAMILY.build(7, RoundRobinOptions(**options, first_round=3))
    each = FAMILY.build(7, RoundRobinOptions(boards_per_round=8, first_round=3))
    assert (len(first.boards), len(second.boards), len(each.boards)) == (24, 40, 48)
    for m in (first, second):
        assert check(m).ok and uncompared(m) == []
    delta = second.boards[-8:]
    played = sorted({e.ns for e in second.schedule if e.boards == delta})
    assert played == [4, 5, 6, 7]
    assert "The triangles share one set of their own" in second.description


def test_a_triangle_set_is_not_played_twice_by_a_team() -> None:
    """The 3-team triangle twice over: its second time needs a new set of its own."""
    m = FAMILY.build(3, RoundRobinOptions(boards_per_round=6, times=2, triangle_set="one"))
    assert check(m).ok and len(m.boards) == 36


def test_a_double_round_robin_in_one_session() -> None:
    """times=2: the draw twice over on new boards; two teams' boards make one match."""
    m = FAMILY.build(4, RoundRobinOptions(boards_per_round=4, times=2))
    assert m.rounds == 6 and len(m.boards) == 24 and check(m).ok
    assert {len(boards) for boards in matches_of(m).values()} == {8}
    assert [e.ew for e in m.round(4)] == [e.ew for e in m.round(1)]
    assert "every two teams meet twice" in m.description


@pytest.mark.parametrize(
    ("teams", "given", "fragment"),
    [
        (8, {"first_round": 5, "last_round": 4}, "rounds 5 to 4 cannot be played"),
        (8, {"last_round": 8}, "rounds 1 to 7"),
        (7, {"first_round": 2}, "must be played next to it"),
        (7, {"last_round": 3}, "must be played next to it"),
    ],
)
def test_rounds_that_cannot_be_played(teams: int, given: dict[str, int], fragment: str) -> None:
    with pytest.raises(InvalidMovement, match=fragment):
        FAMILY.build(teams, RoundRobinOptions(**given))


# ---- properties -------------------------------------------------------------------------------


def assert_everyone_meets_once(schedule: RoundRobin) -> None:
    n = schedule.teams
    assert schedule.meetings() == {(a, b): 1 for a in range(1, n + 1) for b in range(a + 1, n + 1)}


def assert_relayed(m: Movement, teams: int) -> None:
    assert uncompared(m) == []
    assert set(matches_of(m)) == {
        Match(a, b) for a in range(1, teams + 1) for b in range(a + 1, teams + 1)
    }
    assert all(e.ns == e.table for e in m.schedule)  # NS at home, in a triangle too


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 40))
def test_every_round_robin_meets_every_pair_of_teams_once(teams: int) -> None:
    schedule = round_robin(teams, "bye")
    assert_everyone_meets_once(schedule)
    byes = [t for r in range(1, len(schedule.rounds) + 1) for t in schedule.sitting_out(r)]
    assert sorted(byes) == ([] if teams % 2 == 0 else list(range(1, teams + 1)))


@pytest.mark.parametrize("teams", [3, 7, 9, 11, 13])
def test_every_triangle_schedule_meets_every_pair_once(teams: int) -> None:
    schedule = round_robin(teams)
    assert_everyone_meets_once(schedule)
    for number in range(1, len(schedule.rounds) + 1):
        assert schedule.sitting_out(number) == ()
    m = FAMILY.build(teams, RoundRobinOptions(boards_per_round=2))
    assert check(m).ok
    assert_relayed(m, teams)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 16), st.booleans(), st.integers(1, 4))
def test_every_relayed_round_robin_is_valid(teams: int, shared: bool, per_round: int) -> None:
    m = FAMILY.build(
        teams, RoundRobinOptions(odd="bye", shared_boards=shared, boards_per_round=per_round)
    )
    report = check(m)
    assert report.ok
    assert len(set(report.plays.values())) == 1
    assert_relayed(m, teams)
    assert m.curtail_after == tuple(range(1, m.rounds))
