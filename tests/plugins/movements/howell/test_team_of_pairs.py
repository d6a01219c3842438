"""Team of pairs against the JCBL director manual (part 2, chapter 4, §20)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import plugins.movements.howell.team_of_pairs as team_of_pairs_module
from engine.errors import InvalidMovement
from engine.movement import Encounter, Movement
from engine.registry import MovementFamily
from engine.seating import Pair
from engine.standings import compute_standings
from engine.testing import memory_app, play_movement
from engine.tournament import Player
from engine.validator import check
from plugins.movements.howell.team_of_pairs import TeamOfPairs, TeamOfPairsOptions

TEAM_OF_PAIRS = TeamOfPairs()

# "4 ペアのテーブルガイドシート" exactly as the seed's text extraction gives it (one sheet
# per table: round, NS, EW, boards). Reading of the boards column "1 - 7 / 1 - 8": the
# sheet serves two lengths, 7 boards a round (1-7, 8-14, 15-21) or 8 (1-8, 9-16, 17-24).
GUIDE_4 = {
    1: """\
1\t4\t1\t1 - 7 / 1 - 8
2\t4\t2\t8 - 14 / 9 - 16
3\t4\t3\t15 - 21 / 17 - 24
""",
    2: """\
1\t3\t2\t1 - 7 / 1 - 8
2\t1\t3\t8 - 14 / 9 - 16
3\t2\t1\t15 - 21 / 17 - 24
""",
}


def guide_rows(per_round: int) -> set[tuple[int, int, int, int, tuple[int, ...]]]:
    """(round, table, NS, EW, boards) of the printed guide for 7 or 8 boards a round."""
    rows = set()
    for table, text in GUIDE_4.items():
        for line in text.splitlines():
            rnd, ns, ew, boards = line.split("\t")
            first, last = boards.split(" / ")[(7, 8).index(per_round)].split(" - ")
            rows.add((int(rnd), table, int(ns), int(ew), tuple(range(int(first), int(last) + 1))))
    return rows


def rows_of(m: Movement) -> set[tuple[int, int, int, int, tuple[int, ...]]]:
    return {(e.round, e.table, e.ns, e.ew, e.boards) for e in m.schedule}


def roles(m: Movement, r: int) -> dict[str, set[frozenset[int]]]:
    """The round's table opponents, team-mates and compared pairs, of the two tables in play."""
    (a, b), (c, d) = [(e.ns, e.ew) for e in m.round(r) if m.phantom not in (Pair(e.ns), Pair(e.ew))]
    return {
        "opponents": {frozenset((a, b)), frozenset((c, d))},
        "team-mates": {frozenset((a, d)), frozenset((c, b))},
        "compared": {frozenset((a, c)), frozenset((b, d))},
    }


def counts(m: Movement, role: str, pairs: int) -> Counter[int]:
    """How many two-pair sets hold ``role`` 0, 1, 2 … times over the movement."""
    held = Counter(p for r in range(1, m.rounds + 1) for p in roles(m, r)[role])
    return Counter(held[frozenset(p)] for p in itertools.combinations(range(1, pairs + 1), 2))


@pytest.mark.parametrize("per_round", [7, 8])
def test_four_pair_guide_number_for_number(per_round: int) -> None:
    m = TEAM_OF_PAIRS.build(2, TeamOfPairsOptions(boards_per_round=per_round))
    assert rows_of(m) == guide_rows(per_round)
    assert (m.tables, m.rounds, m.phantom, m.stationary) == (2, 3, None, (Pair(4),))
    assert [r.tables for r in m.relays] == [(1, 2)] * 3, "both tables relay the round's boards"


def test_four_pairs_play_seven_boards_a_round_by_default() -> None:
    assert rows_of(TEAM_OF_PAIRS.build(2)) == guide_rows(7)


def test_the_guide_follows_the_manual_move() -> None:
    """ "After each round the EW pairs go to the other table …, and at table 2 NS and EW
    swap seats before the next round" (各ラウンド終了後 EW ペアは他のテーブルに移動して…)."""
    m = TEAM_OF_PAIRS.build(2)
    for r in (1, 2):
        (ns1, ew1), (ns2, ew2) = [(e.ns, e.ew) for e in m.round(r)]
        # EW 1 arrives at table 2 and EW 2 at table 1; at table 2 the two pairs swap.
        assert [(e.ns, e.ew) for e in m.round(r + 1)] == [(ns1, ew2), (ew1, ns2)]


def test_four_pairs_meet_team_and_compare_each_other_once() -> None:
    m = TEAM_OF_PAIRS.build(2)
    for role in ("opponents", "team-mates", "compared"):
        assert counts(m, role, 4) == {1: 6}, role
    assert check(m).ok and set(check(m).meetings.values()) == {1}


def test_five_pairs_play_a_three_table_howell_with_a_phantom() -> None:
    m = TEAM_OF_PAIRS.build(3)
    report = check(m)
    assert report.ok and report.notes == []
    assert (m.tables, m.rounds, m.boards_per_round, m.phantom) == (3, 5, 6, Pair(6))
    assert set(report.meetings.values()) == {1} and len(report.meetings) == 15, "a Howell"
    assert [e.ew for e in m.schedule if e.table == 3] == [1, 2, 3, 4, 5], "pair r sits out"
    assert all(e.ns == 6 for e in m.schedule if e.table == 3)
    assert report.plays_without_phantom == dict.fromkeys(range(1, 31), 2)
    held_ns = Counter(e.ns for e in m.schedule if e.table < 3)
    assert held_ns == dict.fromkeys(range(1, 6), 2), "two rounds NS, two EW"


def test_five_pairs_change_teams_as_evenly_as_five_rounds_allow() -> None:
    m = TEAM_OF_PAIRS.build(3)
    assert counts(m, "opponents", 5) == {1: 10}
    assert counts(m, "team-mates", 5) == {1: 6, 2: 2, 0: 2}


def test_no_five_round_schedule_makes_every_two_pairs_team_mates_once() -> None:
    """Why the 5-pair guide cannot do better: no schedule in which every two pairs meet once
    (so each pair plays four rounds and sits out one: pair r in round r, after renumbering)
    also makes them team-mates once. The search tries every seating of every round."""
    found = 0
    rounds = [list(itertools.permutations(p for p in range(1, 6) if p != r)) for r in range(1, 6)]

    def search(r: int, used: set[tuple[str, frozenset[int]]]) -> None:
        nonlocal found
        if r == 5:
            found += 1
            return
        for a, b, c, d in rounds[r]:
            held = {
                ("o", frozenset((a, b))),
                ("o", frozenset((c, d))),
                ("t", frozenset((a, d))),
                ("t", frozenset((c, b))),
            }
            if not held & used:
                search(r + 1, used | held)

    search(0, set())
    assert found == 0


@settings(max_examples=60, deadline=None)
@given(tables=st.sampled_from([2, 3]), per_round=st.integers(1, 8), first=st.integers(1, 30))
def test_every_length_is_sound(tables: int, per_round: int, first: int) -> None:
    m = TEAM_OF_PAIRS.build(
        tables, TeamOfPairsOptions(boards_per_round=per_round, first_board=first)
    )
    report = check(m)
    assert report.ok, report.problems
    for e in m.schedule:
        assert e.boards == tuple(
            range(first + (e.round - 1) * per_round, first + e.round * per_round)
        )
    assert set(report.plays.values()) == {tables}
    assert m.curtail_after == tuple(range(1, m.rounds))


@pytest.mark.parametrize("tables", [1, 4, 5])
def test_other_sizes_are_refused(tables: int) -> None:
    with pytest.raises(InvalidMovement, match=r"four pairs \(2 tables\) or five \(3 tables\)"):
        TEAM_OF_PAIRS.build(tables)


def test_the_plugin_keeps_the_family_protocol() -> None:
    assert isinstance(TEAM_OF_PAIRS, MovementFamily)
    assert TEAM_OF_PAIRS.__doc__ and "チームオブペア" in TEAM_OF_PAIRS.__doc__


@pytest.mark.parametrize(("pairs", "results"), [(4, 3 * 2 * 7), (5, 5 * 2 * 6)])
def test_a_team_of_pairs_is_played_and_scored_by_imps(pairs: int, results: int) -> None:
    app = memory_app(team_of_pairs_module)
    event = app.create_event("Team of pairs")
    for n in range(1, pairs + 1):
        app.register_entry(event, [Player(name=f"North {n}"), Player(name=f"South {n}")])
    app.assign_movement(event, "team-of-pairs")
    section = app.section(event)
    assert section.movement is not None and section.movement.tables == pairs - 2
    assert section.phantom == (Pair(6) if pairs == 5 else None)
    assert play_movement(app, event) == results
    app.choose_scoring(event, "cross-imps", reason="a team of pairs is scored by IMPs")
    standings = compute_standings(app.registry, app.tournament(event), app.sections(event), 1)
    (field,) = standings.fields
    assert {row.pair for row in field.rows} == {Pair(p) for p in range(1, pairs + 1)}
    # Cross-IMPs with two tables in play: every IMP one side wins the other loses.
    assert sum(row.score for row in field.rows) == 0


def test_an_encounter_is_a_plain_pair_encounter() -> None:
    """A team of pairs is scored as pairs: no players, no arrow switch."""
    e = TEAM_OF_PAIRS.build(2).schedule[0]
    assert e == Encounter(round=1, table=1, ns=4, ew=1, boards=tuple(range(1, 8)))
