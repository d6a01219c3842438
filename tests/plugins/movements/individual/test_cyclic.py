"""Individual movements against the JCBL director manual (part 2, chapter 5; appendix 1)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import plugins.movements.individual.cyclic as individual_module
from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily
from engine.seating import Pair
from engine.testing import memory_app, play_movement
from engine.validator import check
from plugins.movements.individual.cyclic import STARTERS, Individual, IndividualOptions

INDIVIDUAL = Individual()

# Figure 20, "8人用 インディビデュアル", exactly as the seed's text extraction gives it.
# Reading: the printed sheet has a row per round and a column per board set (1-7, three
# boards each); each cell holds the round's two tables one above the other, which the
# extraction split into two lines (the table with player 8 first). So the cell in
# column r is round r, set r, and both tables play that set. The manual says the
# numbers are North, South, East, West from the left ("左からN, S, E, Wの位置").
FIGURE_20 = """\
1\t2\t3\t4\t5\t6\t7
8-1-6-2\t\t\t\t\t\t
5-7-3-4\t\t\t\t\t\t
\t8-2-7-3\t\t\t\t\t
\t6-1-4-5\t\t\t\t\t
\t\t8-3-1-4\t\t\t\t
\t\t7-2-5-6\t\t\t\t
\t\t\t8-4-2-5\t\t\t
\t\t\t1-3-6-7\t\t\t
\t\t\t\t8-5-3-6\t\t
\t\t\t\t2-4-7-1\t\t
\t\t\t\t\t8-6-4-7\t
\t\t\t\t\t3-5-1-2\t
\t\t\t\t\t\t8-7-5-1
\t\t\t\t\t\t4-6-2-3
"""

# Appendix 1, "2) 個人戦": players → (boards a round, rounds).
JCBL_LIST = {
    8: (3, 7),
    9: (2, 9),
    10: (2, 10),
    12: (2, 11),
    13: (2, 13),
    14: (2, 14),
    16: (2, 15),
    17: (2, 13),
}


def build(players: int, **options: int) -> Movement:
    return INDIVIDUAL.build(
        len(STARTERS[players].tables), IndividualOptions(players=players, **options)
    )


def figure_20() -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(round, table) → (North, South, East, West) as printed."""
    cells: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    header, *lines = FIGURE_20.splitlines()
    assert header.split("\t") == [str(c) for c in range(1, 8)]
    for line in lines:
        (column, text), *empty = [(c, t) for c, t in enumerate(line.split("\t"), 1) if t]
        assert not empty
        table = 1 + sum(1 for r, _ in cells if r == column)
        n, s, e, w = (int(x) for x in text.split("-"))
        cells[column, table] = (n, s, e, w)
    return cells


def as_printed(m: Movement) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(round, table) → (North, South, East, West) of a built movement."""
    out = {}
    for e in m.schedule:
        assert e.players is not None
        n, east, s, w = e.players
        out[e.round, e.table] = (n, s, east, w)
    return out


def test_figure_20_number_for_number() -> None:
    m = INDIVIDUAL.build(2)
    assert (m.kind, m.tables, m.rounds, m.boards_per_round) == ("individual", 2, 7, 3)
    assert as_printed(m) == figure_20()
    for e in m.schedule:
        assert e.boards == (3 * e.round - 2, 3 * e.round - 1, 3 * e.round)
    assert m.boards == tuple(range(1, 22))
    assert m.stationary == (Pair(8),)
    assert [(r.round, r.tables, r.boards) for r in m.relays] == [
        (r, (1, 2), (3 * r - 2, 3 * r - 1, 3 * r)) for r in range(1, 8)
    ]


def test_figure_20_is_a_rotation_of_players_one_to_seven() -> None:
    """Round r is round 1 with every player below 8 moved on r - 1 (after 7 comes 1)."""
    sheet = figure_20()
    for (rnd, table), seats in sheet.items():
        expected = tuple(p if p == 8 else (p + rnd - 2) % 7 + 1 for p in sheet[1, table])
        assert seats == expected


def test_ns_and_ew_name_the_north_and_east_players() -> None:
    for players in STARTERS:
        for e in build(players).schedule:
            assert e.players is not None
            assert (e.ns, e.ew) == e.players[:2]


@pytest.mark.parametrize("players", sorted(JCBL_LIST))
def test_jcbl_list_of_boards_and_rounds(players: int) -> None:
    m = build(players)
    per_round, rounds = JCBL_LIST[players]
    assert (m.boards_per_round, m.rounds) == (per_round, rounds)
    assert m.boards == tuple(range(1, per_round * rounds + 1))
    assert m.tables == players // 4
    assert check(m).ok


def test_sixteen_players_may_play_twelve_rounds() -> None:
    """The list's "2 × 12 / 15" for 16 players: 24 boards, or 30."""
    m = build(16, rounds=12)
    assert (m.rounds, m.boards) == (12, tuple(range(1, 25)))
    report = check(m)
    assert report.ok
    assert set(report.partners.values()) == {1}
    assert len(report.partners) == 16 * 12 // 2
    assert len(set(report.partners) | set(report.opponents)) == 120, "every two players meet"


# ---- what each size promises ---------------------------------------------------------------

# players → (partners of each player, opponent counts, each opponent once on each side)
# over the full cycle.
PROMISES = {
    8: (7, {2}, False),
    9: (8, {2}, True),
    10: (8, {1, 2}, False),
    12: (11, {2}, False),
    13: (12, {2}, True),
    14: (12, {1, 2}, False),
    16: (15, {2}, False),
    17: (16, {2}, False),
}


@pytest.mark.parametrize("players", sorted(PROMISES))
def test_balance_of_the_full_cycle(players: int) -> None:
    m = build(players, rounds=STARTERS[players].full_rounds)
    partners, opponents, both_sides = PROMISES[players]
    report = check(m)
    assert report.ok and report.notes == []
    assert set(report.partners.values()) == {1}, "nobody partners anyone twice"
    per_player = Counter(p for pair in report.partners for p in pair)
    assert set(per_player.values()) == {partners}
    everyone = set(itertools.combinations(range(1, players + 1), 2))
    assert set(report.opponents) == everyone, "every two players are opponents"
    assert set(report.opponents.values()) == opponents
    if both_sides:
        assert set(report.on_left.values()) == {1}
        assert len(report.on_left) == players * (players - 1)


def test_seventeen_players_in_thirteen_rounds_all_meet() -> None:
    report = check(build(17))
    assert set(report.partners.values()) == {1}
    assert len(set(report.partners) | set(report.opponents)) == 17 * 16 // 2
    assert Counter(report.sit_outs.values()) == {1: 13, 0: 4}


@pytest.mark.parametrize(
    ("players", "out"),
    [(9, (0,)), (10, (0, 1)), (13, (0,)), (14, (0, 6)), (17, (0,))],
)
def test_player_r_sits_out_round_r(players: int, out: tuple[int, ...]) -> None:
    m = build(players, rounds=STARTERS[players].full_rounds)
    for r in range(1, m.rounds + 1):
        expected = {(r - 1 + k) % STARTERS[players].full_rounds + 1 for k in out}
        assert {s.pair for s in m.sit_outs if s.round == r} == expected
    assert set(check(m).sit_outs.values()) == {len(out)}


@pytest.mark.parametrize("players", [8, 12, 16])
def test_the_highest_player_stays_north_at_table_1(players: int) -> None:
    m = build(players)
    assert m.stationary == (Pair(players),)
    seats = {(e.table, (e.players or ()).index(players)) for e in m.schedule if e.table == 1}
    assert seats == {(1, 0)}, "North at table 1 in every round"
    assert all(players not in (e.players or ()) for e in m.schedule if e.table > 1)


# ---- properties -----------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(
    players=st.sampled_from(sorted(STARTERS)),
    data=st.data(),
    per_round=st.integers(1, 4),
    first=st.integers(1, 40),
)
def test_every_size_and_length_is_a_sound_individual(
    players: int, data: st.DataObject, per_round: int, first: int
) -> None:
    rounds = data.draw(st.integers(1, STARTERS[players].full_rounds), label="rounds")
    m = build(players, rounds=rounds, boards_per_round=per_round, first_board=first)
    report = check(m)
    assert report.ok, report.problems
    assert m.curtail_after == tuple(range(1, rounds))
    # Independently of the validator: four different players a table, nobody twice in a
    # round, nobody meeting a board twice, every board played once at every table.
    boards_of: dict[int, list[int]] = {p: [] for p in range(1, players + 1)}
    for r in range(1, rounds + 1):
        seated = [p for e in m.round(r) for p in (e.players or ())]
        assert len(seated) == len(set(seated)) == 4 * m.tables
        sitting_out = {s.pair for s in m.sit_outs if s.round == r}
        assert sitting_out == set(range(1, players + 1)) - set(seated)
        assert len(sitting_out) == players - 4 * m.tables
        for e in m.round(r):
            assert e.boards == tuple(range(first + (r - 1) * per_round, first + r * per_round))
            for p in e.players or ():
                boards_of[p] += e.boards
    assert all(len(b) == len(set(b)) for b in boards_of.values())
    assert set(report.plays.values()) == {m.tables}
    assert set(report.partners.values()) <= {1}, "no partner twice"


# ---- mistakes -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 7, 11, 15, 18, 28])
def test_sizes_jcbl_does_not_list_are_refused(players: int) -> None:
    with pytest.raises(InvalidMovement, match=r"8, 9, 10, 12, 13, 14, 16 and 17 players"):
        INDIVIDUAL.build(max(1, players // 4), IndividualOptions(players=players))


def test_players_must_fit_the_tables() -> None:
    with pytest.raises(InvalidMovement, match="13 players play an individual at 3 tables, not 4"):
        INDIVIDUAL.build(4, IndividualOptions(players=13))
    with pytest.raises(InvalidMovement, match="no individual movement for 20 players"):
        INDIVIDUAL.build(5)


def test_no_more_rounds_than_the_cycle() -> None:
    with pytest.raises(InvalidMovement, match="at most 15 rounds, not 16"):
        build(16, rounds=16)
    assert build(17, rounds=17).rounds == 17


# ---- through the engine ---------------------------------------------------------------------


def test_the_plugin_keeps_the_family_protocol() -> None:
    assert isinstance(INDIVIDUAL, MovementFamily)
    assert INDIVIDUAL.__doc__ and "個人戦" in INDIVIDUAL.__doc__


@pytest.mark.parametrize(("players", "results"), [(8, 7 * 2 * 3), (9, 9 * 2 * 2)])
def test_a_whole_individual_is_played_through_the_engine(players: int, results: int) -> None:
    """The engine stores the schedule and takes a result for every table of it (addressed
    by board, North and East). Entries are still pairs, so no players are seated."""
    app = memory_app(individual_module)
    event = app.create_event("Individual")
    app.assign_movement(event, "individual", tables=2, options={"players": players})
    stored = app.section(event).movement
    assert stored is not None and stored.kind == "individual"
    assert stored.schedule == build(players).schedule
    assert play_movement(app, event) == results
