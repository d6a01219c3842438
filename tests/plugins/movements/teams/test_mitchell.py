"""Mitchell teams against the club-director guide's MITCHELL TEAMS, point by point, and by
property. (The guide gives the rules of the movement but no master sheet.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement, matches_of, uncompared
from engine.registry import MovementFamily, create_registry
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.teams import mitchell as module
from plugins.movements.teams.mitchell import MitchellTeams, MitchellTeamsOptions
from plugins.movements.teams.round_robin import Match

FAMILY = MitchellTeams()


def build(teams: int, **given: object) -> Movement:
    return FAMILY.build(teams, MitchellTeamsOptions.model_validate(given))


def test_ten_teams_master_sheet() -> None:
    """Rows of 5: facing tables i and 5 + i share set i + r - 1 in round r."""
    m = build(10, boards_per_round=2)
    assert m.master_sheet() == [
        ["1-6 6-1", "2-7 7-2", "3-8 8-3", "4-9 9-4", "5-10 10-5"],
        ["5-9 9-5", "1-10 10-1", "2-6 6-2", "3-7 7-3", "4-8 8-4"],
        ["4-7 7-4", "5-8 8-5", "1-9 9-1", "2-10 10-2", "3-6 6-3"],
        ["3-10 10-3", "4-6 6-4", "5-7 7-5", "1-8 8-1", "2-9 9-2"],
        ["2-8 8-2", "3-9 9-3", "4-10 10-4", "5-6 6-5", "1-7 7-1"],
    ]


def test_to_start_the_ew_pairs_of_facing_tables_swap() -> None:
    m = build(10)
    assert [(e.table, e.ns, e.ew) for e in m.round(1)] == [
        (t, t, (t + 4) % 10 + 1) for t in range(1, 11)
    ]


def test_boards_are_shared_between_facing_tables() -> None:
    m = build(10)
    assert {r.tables for r in m.relays} == {(i, i + 5) for i in range(1, 6)}
    assert all(
        e.boards == m.schedule[i + 5].boards for i, e in enumerate(m.schedule) if e.table <= 5
    )


def test_at_each_move_ew_in_row_one_and_ns_in_row_two_go_up_and_boards_down() -> None:
    m = build(10)
    for rnd in range(1, m.rounds):
        now, later = m.round(rnd), m.round(rnd + 1)
        ew_row_one = {e.ew: e.table for e in now if e.table <= 5}
        assert {e.ew: e.table for e in later if e.table <= 5} == {
            ew: t % 5 + 1 for ew, t in ew_row_one.items()
        }
        ns_row_two = {e.ns: e.table for e in now if e.table > 5}
        assert {e.ns: e.table for e in later if e.table > 5} == {
            ns: t % 5 + 6 for ns, t in ns_row_two.items()
        }
        sets = {e.boards: e.table for e in now if e.table <= 5}
        assert {e.boards: e.table for e in later if e.table <= 5} == {
            b: (t - 2) % 5 + 1 for b, t in sets.items()
        }


def test_the_teams_of_row_one_never_move() -> None:
    m = build(10)
    assert m.stationary == tuple(Pair(t, line) for line in Line for t in range(1, 6))
    assert check(m).ok


def test_teams_of_a_row_do_not_meet() -> None:
    met = matches_of(build(10))
    assert set(met) == {Match(a, b) for a in range(1, 6) for b in range(6, 11)}


def test_an_even_row_skips_at_half_way() -> None:
    """With rows of 4 the movers would meet their boards again after 2 rounds: they skip a
    table there (as a skip Mitchell), playing 3 rounds and missing one team of row one."""
    m = build(8)
    assert m.rounds == 3 and check(m).ok
    assert len(matches_of(m)) == 12


def test_may_be_curtailed() -> None:
    m = build(14, rounds=4)
    assert m.rounds == 4 and m.curtail_after == (1, 2, 3)
    assert check(m).ok


@pytest.mark.parametrize(("teams", "given"), [(3, {}), (2, {}), (9, {}), (10, {"rounds": 6})])
def test_impossible_requests_are_explained(teams: int, given: dict[str, object]) -> None:
    with pytest.raises(InvalidMovement):
        build(teams, **given)


def test_the_plugin_follows_the_protocol() -> None:
    assert isinstance(FAMILY, MovementFamily)
    assert create_registry(module).movement("mitchell-teams") is not None
    assert build(10).boards_per_round == 5  # 5 rounds, 24 boards or more


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 14), st.integers(1, 4))
def test_every_mitchell_teams_is_valid(row: int, per_round: int) -> None:
    m = build(2 * row, boards_per_round=per_round)
    report = check(m)
    assert report.ok and m.kind == "teams"
    assert m.rounds == (row if row % 2 else row - 1)
    assert uncompared(m) == []
    met = matches_of(m)
    assert len(met) == row * m.rounds
    assert all(a <= row < b for a, b in met)
    assert m.curtail_after == tuple(range(1, m.rounds))
