"""Board-a-match movements against ACBL BAMS.033 pages 1-5 and 9, number for number."""

from __future__ import annotations

import re

import pytest

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily, create_registry, parse_options
from engine.testing import memory_app, play_movement
from engine.validator import check
from plugins.movements.teams import bam as bam_module
from plugins.movements.teams.bam import LISTING, Bam, BamOptions, listed, schedule
from plugins.movements.teams.common import Move, Plan
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact
from tests.plugins.movements.teams.test_bam_invariants import assert_team_movement, not_installed

BAM = Bam()

# The "1 North-South" and "1 East-West" tables, copied line for line from BAMS.033: for
# each round, the team whose EW pair NS 1 meets and the boards, then the team whose NS
# pair EW 1 meets (at that team's table) and the boards.
TEAM_ONE = {
    5: """
Round 1 --  3 ...... 7-12  Round 1 --  4 ... 25-30
Round 2 --  5 ..... 13-18  Round 2 --  2 ... 19-24
Round 3 --  2 ..... 19-24  Round 3 --  5 ... 13-18
Round 4 --  4 ..... 25-30  Round 4 --  3 ...  7-12
""",
    6: """
Round 1 --  3 ...... 7-12  Round 1 --  5 ... 31-36
Round 2 --  6 ..... 13-18  Round 2 --  2 ... 19-24
Round 3 --  2 ..... 19-24  Round 3 --  6 ... 13-18
Round 4 --  5 ..... 31-36  Round 4 --  3 .... 7-12
""",
    7: """
Round 1 --  3 ....... 5-8  Round 1 --  6 ... 25-28
Round 2 --  5 ...... 9-12  Round 2 --  4 ... 21-24
Round 3 --  7 ..... 13-16  Round 3 --  2 ... 17-20
Round 4 --  2 ..... 17-20  Round 4 --  7 ... 13-16
Round 5 --  4 ..... 21-24  Round 5 --  5 .... 9-12
Round 6 --  6 ..... 25-28  Round 6 --  3 ..... 5-8
""",
    8: """
Round 1 --  3 ....... 5-8  Round 1 --  7 ... 29-32
Round 2 --  6 ...... 9-12  Round 2 --  4 ... 21-24
Round 3 --  8 ..... 13-16  Round 3 --  2 ... 17-20
Round 4 --  2 ..... 17-20  Round 4 --  8 ... 13-16
Round 5 --  4 ..... 21-24  Round 5 --  6 .... 9-12
Round 6 --  7 ..... 29-32  Round 6 --  3 ..... 5-8
""",
    9: """
Round 1 --   3 .....  4-6  Round 1 --   8 .. 25-27
Round 2 --   5 .....  7-9  Round 2 --   6 .. 22-24
Round 3 --   7 .... 10-12  Round 3 --   4 .. 19-21
Round 4 --   9 .... 13-15  Round 4 --   2 .. 16-18
Round 5 --   2 .... 16-18  Round 5 --   9 .. 13-15
Round 6 --   4 .... 19-21  Round 6 --   7 .. 10-12
Round 7 --   6 .... 22-24  Round 7 --   5 .... 7-9
Round 8 --   8 .... 25-27  Round 8 --   3 .... 4-6
""",
    10: """
Round 1 --   3 ...... 4-6  Round 1 --   9 .. 28-30
Round 2 --   5 ...... 7-9  Round 2 --   7 .. 25-27
Round 3 --   8 .... 10-12  Round 3 --   4 .. 19-21
Round 4 --  10 .... 13-15  Round 4 --   2 .. 16-18
Round 5 --   2 .... 16-18  Round 5 --  10 .. 13-15
Round 6 --   4 .... 19-21  Round 6 --   8 .. 10-12
Round 7 --   7 .... 25-27  Round 7 --   5 .... 7-9
Round 8 --   9 .... 28-30  Round 8 --   3 .... 4-6
""",
    11: """
Round 1 --   5 ...... 7-9  Round 1 --   8 .. 28-30
Round 2 --   7 .... 10-12  Round 2 --   6 .. 25-27
Round 3 --   9 .... 13-15  Round 3 --   4 .. 22-24
Round 4 --  11 .... 16-18  Round 4 --   2 .. 19-21
Round 5 --   2 .... 19-21  Round 5 --  11 .. 16-18
Round 6 --   4 .... 22-24  Round 6 --   9 .. 13-15
Round 7 --   6 .... 25-27  Round 7 --   7 .. 10-12
Round 8 --   8 .... 28-30  Round 8 --   5 .... 7-9
""",
    12: """
Round 1 --   5 ...... 7-9  Round 1 --   9 .. 31-33
Round 2 --   8 .... 10-12  Round 2 --   6 .. 25-27
Round 3 --  10 .... 13-15  Round 3 --   4 .. 22-24
Round 4 --  12 .... 16-18  Round 4 --   2 .. 19-21
Round 5 --   2 .... 19-21  Round 5 --  12 .. 16-18
Round 6 --   4 .... 22-24  Round 6 --  10 .. 13-15
Round 7 --   6 .... 25-27  Round 7 --   8 .. 10-12
Round 8 --   9 .... 31-33  Round 8 --   5 .... 7-9
""",
    13: """
Round  1 --  3 ...... 3-4  Round  1 -- 12 .. 25-26
Round  2 --  5 ...... 5-6  Round  2 -- 10 .. 23-24
Round  3 --  7 ...... 7-8  Round  3 --  8 .. 21-22
Round  4 --  9 ..... 9-10  Round  4 --  6 .. 19-20
Round  5 -- 11 .... 11-12  Round  5 --  4 .. 17-18
Round  6 -- 13 .... 13-14  Round  6 --  2 .. 15-16
Round  7 --  2 .... 15-16  Round  7 -- 13 .. 13-14
Round  8 --  4 .... 17-18  Round  8 -- 11 .. 11-12
Round  9 --  6 .... 19-20  Round  9 --  9 ... 9-10
Round 10 --  8 .... 21-22  Round 10 --  7 .... 7-8
Round 11 -- 10 .... 23-24  Round 11 --  5 .... 5-6
Round 12 -- 12 .... 25-26  Round 12 --  3 .... 3-4
""",
    14: """
Round  1 --  3 ...... 3-4  Round  1 -- 13 .. 27-28
Round  2 --  5 ...... 5-6  Round  2 -- 11 .. 25-26
Round  3 --  7 ...... 7-8  Round  3 --  9 .. 23-24
Round  4 -- 10 ..... 9-10  Round  4 --  6 .. 19-20
Round  5 -- 12 .... 11-12  Round  5 --  4 .. 17-18
Round  6 -- 14 .... 13-14  Round  6 --  2 .. 15-16
Round  7 --  2 .... 15-16  Round  7 -- 14 .. 13-14
Round  8 --  4 .... 17-18  Round  8 -- 12 .. 11-12
Round  9 --  6 .... 19-20  Round  9 -- 10 ... 9-10
Round 10 --  9 .... 23-24  Round 10 --  7 .... 7-8
Round 11 -- 11 .... 25-26  Round 11 --  5 .... 5-6
Round 12 -- 13 .... 27-28  Round 12 --  3 .... 3-4
""",
    15: """
Round  1 --  3 ...... 3-4  Round  1 -- 14 .. 29-30
Round  2 --  5 ...... 5-6  Round  2 -- 12 .. 27-28
Round  3 --  7 ...... 7-8  Round  3 -- 10 .. 25-26
Round  4 --  9 ..... 9-10  Round  4 --  8 .. 23-24
Round  5 -- 11 .... 11-12  Round  5 --  6 .. 21-22
Round  6 -- 13 .... 13-14  Round  6 --  4 .. 19-20
Round  7 -- 15 .... 15-16  Round  7 --  2 .. 17-18
Round  8 --  2 .... 17-18  Round  8 -- 15 .. 15-16
Round  9 --  4 .... 19-20  Round  9 -- 13 .. 13-14
Round 10 --  6 .... 21-22  Round 10 -- 11 .. 11-12
Round 11 --  8 .... 23-24  Round 11 --  9 ... 9-10
Round 12 -- 10 .... 25-26  Round 12 --  7 .... 7-8
Round 13 -- 12 .... 27-28  Round 13 --  5 .... 5-6
Round 14 -- 14 .... 29-30  Round 14 --  3 .... 3-4
""",
    16: """
Round  1 --  3 ...... 3-4  Round  1 -- 15 .. 31-32
Round  2 --  5 ...... 5-6  Round  2 -- 13 .. 29-30
Round  3 --  7 ...... 7-8  Round  3 -- 11 .. 27-28
Round  4 -- 10 ..... 9-10  Round  4 --  8 .. 23-24
Round  5 -- 12 .... 11-12  Round  5 --  6 .. 21-22
Round  6 -- 14 .... 13-14  Round  6 --  4 .. 19-20
Round  7 -- 16 .... 15-16  Round  7 --  2 .. 17-18
Round  8 --  2 .... 17-18  Round  8 -- 16 .. 15-16
Round  9 --  4 .... 19-20  Round  9 -- 14 .. 13-14
Round 10 --  6 .... 21-22  Round 10 -- 12 .. 11-12
Round 11 --  8 .... 23-24  Round 11 -- 10 ... 9-10
Round 12 -- 11 .... 27-28  Round 12 --  7 .... 7-8
Round 13 -- 13 .... 29-30  Round 13 --  5 .... 5-6
Round 14 -- 15 .... 31-32  Round 14 --  3 .... 3-4
""",
    17: """
Round  1 --  5 ...... 5-6  Round  1 -- 14 .. 31-32
Round  2 --  7 ...... 7-8  Round  2 -- 12 .. 29-30
Round  3 --  9 ..... 9-10  Round  3 -- 10 .. 27-28
Round  4 -- 11 .... 11-12  Round  4 --  8 .. 25-26
Round  5 -- 13 .... 13-14  Round  5 --  6 .. 23-24
Round  6 -- 15 .... 15-16  Round  6 --  4 .. 21-22
Round  7 -- 17 .... 17-18  Round  7 --  2 .. 19-20
Round  8 --  2 .... 19-20  Round  8 -- 17 .. 17-18
Round  9 --  4 .... 21-22  Round  9 -- 15 .. 15-16
Round 10 --  6 .... 23-24  Round 10 -- 13 .. 13-14
Round 11 --  8 .... 25-26  Round 11 -- 11 .. 11-12
Round 12 -- 10 .... 27-28  Round 12 --  9 ... 9-10
Round 13 -- 12 .... 29-30  Round 13 --  7 .... 7-8
Round 14 -- 14 .... 31-32  Round 14 --  5 .... 5-6
""",
}

ROW = re.compile(
    r"Round\s+(\d+) --\s+(\d+) \.+\s+(\d+-\d+)\s+Round\s+(\d+) --\s+(\d+) \.+\s+(\d+-\d+)"
)

# The "To begin Round(s) a thru b -- Pairs (move) down X - Boards (move) down Y" lines of
# BAMS.033 pages 1-5 as (first round, last round, pairs down, boards down).
INSTRUCTIONS: dict[tuple[int, int | None], list[tuple[int, int, int, int]]] = {
    (5, None): [(1, 4, 2, 1)],
    (6, None): [(1, 1, 2, 1), (2, 2, 3, 1), (3, 3, 2, 1), (4, 4, 3, 2)],
    (7, None): [(1, 6, 2, 1)],
    (8, None): [(1, 1, 2, 1), (2, 2, 3, 1), (3, 5, 2, 1), (6, 6, 3, 2)],
    (9, None): [(1, 8, 2, 1)],
    (10, None): [(1, 2, 2, 1), (3, 3, 3, 1), (4, 6, 2, 1), (7, 7, 3, 2), (8, 8, 2, 1)],
    (11, None): [(1, 1, 4, 2), (2, 8, 2, 1)],
    (12, None): [(1, 1, 4, 2), (2, 2, 3, 1), (3, 7, 2, 1), (8, 8, 3, 2)],
    (13, None): [(1, 12, 2, 1)],
    (14, None): [(1, 3, 2, 1), (4, 4, 3, 1), (5, 9, 2, 1), (10, 10, 3, 2), (11, 12, 2, 1)],
    (15, None): [(1, 14, 2, 1)],
    # "Note: In order to play twelve rounds begin the first round by moving the pairs down
    # four and the boards down two. On all other rounds the pairs would move down two and
    # the boards move down one."
    (15, 12): [(1, 1, 4, 2), (2, 12, 2, 1)],
    (16, None): [(1, 3, 2, 1), (4, 4, 3, 1), (5, 11, 2, 1), (12, 12, 3, 2), (13, 14, 2, 1)],
    (16, 12): [
        (1, 1, 4, 2),
        (2, 2, 2, 1),
        (3, 3, 3, 1),
        (4, 10, 2, 1),
        (11, 11, 3, 2),
        (12, 12, 2, 1),
    ],
    (17, None): [(1, 1, 4, 2), (2, 14, 2, 1)],
    (17, 12): [(1, 1, 6, 3), (2, 12, 2, 1)],
}

# Boards placed on each table and rounds, from the first lines of each size.
PLACED = {
    5: (6, 4),
    6: (6, 4),
    7: (4, 6),
    8: (4, 6),
    9: (3, 8),
    10: (3, 8),
    11: (3, 8),
    12: (3, 8),
    13: (2, 12),
    14: (2, 12),
    15: (2, 14),
    16: (2, 14),
    17: (2, 14),
}


def moves_of(m: Movement) -> list[Move]:
    """The moves read off the schedule: where EW 1 and set 1 went since the last round."""
    t = m.tables
    ew_at = [0] + [next(e.table for e in m.round(r) if e.ew == 1) for r in range(1, m.rounds + 1)]
    set_at = [0] + [
        next(e.table for e in m.round(r) if e.boards[0] == 1) for r in range(1, m.rounds + 1)
    ]
    # Home: EW 1 and set 1 are at table 1 before the first move.
    ew_at[0] = set_at[0] = 1
    return [
        Move((ew_at[r - 1] - ew_at[r]) % t, (set_at[r - 1] - set_at[r]) % t)
        for r in range(1, m.rounds + 1)
    ]


def runs(moves: list[Move]) -> list[tuple[int, int, int, int]]:
    out: list[tuple[int, int, int, int]] = []
    for rnd, move in enumerate(moves, start=1):
        if out and out[-1][2:] == tuple(move):
            out[-1] = (out[-1][0], rnd, *move)
        else:
            out.append((rnd, rnd, *move))
    return out


def boards_text(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}-{boards[-1]}"


@pytest.mark.parametrize("tables", sorted(TEAM_ONE))
def test_team_one_tables(tables: int) -> None:
    m = BAM.build(tables)
    printed = [ROW.fullmatch(line) for line in TEAM_ONE[tables].strip().splitlines()]
    assert len(printed) == m.rounds
    for rnd, found in enumerate(printed, start=1):
        assert found is not None
        r1, ns_vs, ns_boards, r2, ew_vs, ew_boards = found.groups()
        assert int(r1) == int(r2) == rnd
        (north,) = [e for e in m.round(rnd) if e.ns == 1]
        (east,) = [e for e in m.round(rnd) if e.ew == 1]
        assert (north.ew, boards_text(north.boards)) == (int(ns_vs), ns_boards)
        assert (east.ns, east.table, boards_text(east.boards)) == (
            int(ew_vs),
            int(ew_vs),
            ew_boards,
        )


@pytest.mark.parametrize(("tables", "rounds"), sorted(INSTRUCTIONS, key=str))
def test_instructions(tables: int, rounds: int | None) -> None:
    m = BAM.build(tables, BamOptions(rounds=rounds))
    assert runs(moves_of(m)) == INSTRUCTIONS[tables, rounds]
    assert runs(list(listed(tables, rounds).plan.moves)) == INSTRUCTIONS[tables, rounds]


@pytest.mark.parametrize("tables", sorted(PLACED))
def test_boards_on_each_table_and_rounds(tables: int) -> None:
    m = BAM.build(tables)
    per_round, rounds = PLACED[tables]
    assert (m.boards_per_round, m.rounds) == (per_round, rounds)
    # "In general, only 24 boards will be played" (28 from 15 tables, 2 boards a round).
    assert per_round * rounds == (24 if tables <= 14 else 28)
    # Set s is dealt at table s; round 1 finds it as far down as the first move sends it.
    down = INSTRUCTIONS[tables, None][0][3]
    first = {e.table: e.boards for e in m.round(1)}
    for s in range(1, tables + 1):
        table = (s - 1 - down) % tables + 1
        assert first[table] == tuple(range((s - 1) * per_round + 1, s * per_round + 1))


def test_relay_round_sends_each_ew_pair_to_the_team_it_skipped() -> None:
    """BAMS.033 page 9: "RELAY: For the last round, send the E/W pairs to the N/S pair that
    they skipped and relay a set of boards between the two tables as if it were a Swiss
    team." 6 teams: 1-2-1 + RELAY, 5 rounds; with 5 boards a round 25 boards."""
    m = schedule(6, BamOptions(relay=True, boards_per_round=5))
    assert m.rounds == 5
    last = {e.table: e for e in m.round(5)}
    assert [(e.ns, e.ew) for e in last.values()] == [(1, 4), (2, 5), (3, 6), (4, 1), (5, 2), (6, 3)]
    # Team 1 met every team but 4 in rounds 1-4.
    assert sorted(e.ew for e in m.schedule if e.ns == 1 and e.round < 5) == [2, 3, 5, 6]
    assert [(r.tables, r.boards) for r in m.relays] == [
        ((1, 4), (31, 32, 33, 34, 35)),
        ((2, 5), (36, 37, 38, 39, 40)),
        ((3, 6), (41, 42, 43, 44, 45)),
    ]
    assert all(r.round == 5 for r in m.relays)
    assert sum(len(e.boards) for e in m.schedule if e.ns == 1) == 25
    assert_team_movement(m, equal_plays=False)


RELAYS = [(6, None), (8, None), (10, None), (12, 10), (14, None), (16, None)]


@pytest.mark.parametrize(("tables", "rounds"), RELAYS)
def test_relay_round_completes_the_round_robin(tables: int, rounds: int | None) -> None:
    m = schedule(tables, BamOptions(rounds=rounds, relay=True))
    for team in range(1, tables + 1):
        met = sorted(e.ew for e in m.schedule if e.ns == team)
        assert met == [t for t in range(1, tables + 1) if t != team]
    assert_team_movement(m, equal_plays=False)


@pytest.mark.parametrize(("tables", "rounds"), RELAYS)
def test_relay_round_passes_the_validator(tables: int, rounds: int | None) -> None:
    assert BAM.build(tables, BamOptions(rounds=rounds, relay=True)).rounds


CATALOGUE = [(t, item.plan.rounds) for t, items in sorted(LISTING.items()) for item in items]


@pytest.mark.parametrize(("tables", "rounds"), CATALOGUE)
def test_every_listed_movement_is_sound(tables: int, rounds: int) -> None:
    m = BAM.build(tables, BamOptions(rounds=rounds))
    assert m.rounds == rounds
    assert_team_movement(m)
    report = check(m)
    assert set(report.plays.values()) == {rounds}, "all sets are in play every round"
    assert report.notes == []
    # Every round, each set at exactly one table.
    for r in range(1, rounds + 1):
        assert sorted(e.boards[0] for e in m.round(r)) == [
            1 + s * m.boards_per_round for s in range(tables)
        ]


@pytest.mark.parametrize(("tables", "rounds"), CATALOGUE)
@pytest.mark.parametrize(("per_round", "first"), [(1, 1), (5, 101)])
def test_boards_per_round_and_first_board(
    tables: int, rounds: int, per_round: int, first: int
) -> None:
    m = BAM.build(tables, BamOptions(rounds=rounds, boards_per_round=per_round, first_board=first))
    assert m.boards == tuple(range(first, first + tables * per_round))
    assert_team_movement(m)


def test_the_odd_movements_are_the_regular_team_movement_shortened() -> None:
    """For an odd number of tables, R rounds start with EW down T - R + 1, boards half that."""
    for tables, items in LISTING.items():
        for item in items:
            if tables % 2 and item.plan.notation == "RTM":
                down = tables - item.plan.rounds + 1
                assert item.plan == Plan.rtm(item.plan.rounds, Move(down, down // 2))


@pytest.mark.parametrize(
    ("tables", "options", "message"),
    [
        (4, BamOptions(), "5 to 25 teams, not 4"),
        (26, BamOptions(), "5 to 25 teams, not 26"),
        (14, BamOptions(rounds=13), "with 12 rounds, not 13"),
        (16, BamOptions(rounds=10), "with 14 or 12 rounds, not 10"),
        (7, BamOptions(relay=True), "no relay round"),
        (12, BamOptions(relay=True), "no relay round"),
        (18, BamOptions(relay=True), "no relay round"),
    ],
)
def test_refusals(tables: int, options: BamOptions, message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        BAM.build(tables, options)


def test_description_gives_the_directors_instructions() -> None:
    text = BAM.build(6).description
    assert "1-2-1, 6 tables (BAMS.033 page 1): 4 rounds of 6 boards, boards 1-36" in text
    assert "round 2: EW pairs down 3, boards down 1" in text
    assert "round 4: EW pairs down 3, boards down 2" in text
    assert "Round 5 is a relay" in schedule(6, BamOptions(relay=True)).description


def test_follows_the_movement_family_protocol_and_registers() -> None:
    families: list[MovementFamily] = [BAM]
    assert all(isinstance(f, MovementFamily) for f in families)
    registry = create_registry(*not_installed(bam_module))
    family = registry.movement("board-a-match")
    assert isinstance(family, Bam)
    options = parse_options(family, {"rounds": 12})
    assert isinstance(options, BamOptions)
    assert family.build(16, options).rounds == 12


def test_a_whole_board_a_match_through_the_application() -> None:
    app = memory_app(*not_installed(bam_module))
    event = app.create_event("Tuesday board-a-match")
    app.assign_movement(event, "bam", tables=7)
    played = play_movement(app, event)
    assert played == 7 * 6 * 4  # tables × rounds × boards a round
    movement = app.section(event, 1, "A").movement
    assert movement is not None and movement.kind == "teams" and movement.plugin == "bam"


@pytest.mark.parametrize("tables", [5, 6, 7, 9, 10, 14, 17])
def test_a_board_a_match_cannot_stop_early(tables: int) -> None:
    """A board's two results come in different rounds, so some match is always half
    played until the last round."""
    m = BAM.build(tables, BamOptions())
    assert m.curtail_after == ()
    assert_curtailing_exact(m)


@pytest.mark.parametrize(("tables", "rounds"), RELAYS)
def test_the_relay_round_may_be_left_out(tables: int, rounds: int | None) -> None:
    m = BAM.build(tables, BamOptions(relay=True, rounds=rounds))
    assert m.curtail_after == (m.rounds - 1,)
    assert_curtailing_exact(m)
