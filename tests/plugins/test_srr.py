"""The JCBL SRR lists (appendix 1, lists 3 and 4) as data, and the SRR teams + pairs family."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.plugins import MovementFamily, create_registry
from engine.validator import check
from plugins.movements import srr as srr_module
from plugins.movements.round_robin import Match, matches_of, uncompared
from plugins.movements.srr import SRR, SRR_TEAMS, SRR_TEAMS_AND_PAIRS, SRRFormat, SRROptions

# List 3 "SRR チーム戦", as extracted: teams, boards a round, rounds, boards played, boards
# used, remark. "3 / 4" gives a choice; "3 6" under one team count is two printed lines
# merged by the extraction (so is the remark of those rows).
LIST_3 = """
3\t6\t4\t24\t36\tペア総当たり (TP1S)
4\t4\t6\t24\t24\t同上 リレイ有
5\t3 6\t8 4\t24 24\t30 30\t同上 チーム総当たり (TF1S) AWL (TFAWL)
6\t5\t5\t25\t25\t同上 リレイ有
7\t4\t6\t24\t27\t同上 AWL
8\t3 / 4\t7\t21 / 28\t21 / 28\t同上 リレイ有 2SS の 1st と同じ
9\t3\t8\t24\t27\t同上 AWL
10\t3 3\t9 9\t27 27\t27 27\t同上 全 T リレイ 2SS の 1st と同じ 同上 リレイ有 2SS の 2nd と同じ
11\t2 / 3\t10\t20 / 30\t22 / 33\t同上 AWL
12\t2\t11\t22\t22\t同上 リレイ有
13\t2\t12\t24\t26\t同上 AWL
14\t2\t13\t26\t26\t同上 リレイ有
"""

# List 4 "SRR チーム+ペア": tables, boards a round, rounds in the first and second session
# (前半, 後半), boards played, boards used, remark.
LIST_4 = """
4\t8\t3\t3\t48\t24\tリレー有り
5\t6\t4\t4\t48\t30\tセッション完結型、リレー無し ボードステイ
6\t5/6\t5\t5\t50/60\t25/30\tリレー有り
7\t4\t6\t6\t48\t28\tセッション完結型、リレー無/有 3種類あり
8\t4\t7\t7\t56\t28\tリレー有り 2種類あり
9\t3\t8\t8\t48\t27\tセッション完結型、リレー無し 3種類あり
10\t3\t9\t9\t54\t27\tリレー有り 3種類あり
11\t3\t10\t10\t60\t33\tセッション完結型、リレー無し/有り
"""


def choices(cell: str) -> list[int]:
    return [int(n) for n in re.split(r"[\s/]+", cell.strip())]


def lines(text: str, numeric: int) -> list[tuple[list[tuple[int, ...]], str]]:
    """Each printed line expanded into one tuple of numbers per choice, and its remark."""
    out = []
    for line in text.strip().splitlines():
        cells = line.split("\t")
        columns = [choices(c) for c in cells[:numeric]]
        width = max(len(c) for c in columns)
        rows = [tuple(c[i] if len(c) > 1 else c[0] for c in columns) for i in range(width)]
        out.append((rows, cells[numeric]))
    return out


def test_list_3_number_for_number() -> None:
    """Reading: the 7-team line prints 27 boards used, but its AWL lays one set of 4 boards
    a team, 28 (every other AWL line is teams x boards: 5 x 6, 9 x 3, 11 x 2 or 3,
    13 x 2), so the data says 28."""
    data = iter(SRR_TEAMS)
    for rows, remark in lines(LIST_3, 5):
        for teams, per_round, rounds, played, used in rows:
            plan = next(data)
            if teams == 7:
                assert used == 27
                used = 28
            assert (plan.teams, plan.boards_per_round, plan.rounds) == (teams, per_round, (rounds,))
            assert (plan.boards_played, plan.boards_used) == (played, used)
            assert plan.remark in remark
    assert next(data, None) is None


def test_list_4_number_for_number() -> None:
    data = iter(SRR_TEAMS_AND_PAIRS)
    for rows, remark in lines(LIST_4, 6):
        for tables, per_round, first, second, played, used in rows:
            plan = next(data)
            assert (plan.teams, plan.boards_per_round, plan.rounds) == (
                tables,
                per_round,
                (first, second),
            )
            assert (plan.boards_played, plan.boards_used, plan.remark) == (played, used, remark)
    assert next(data, None) is None


def test_which_lines_are_which_format() -> None:
    """同上 ("as above") carries the format down: pair all-play-all for 3, 4 and the first
    5-team line; from the second 5-team line, チーム総当たり (JTOS: TF1S for 6, 12, 14;
    AWL for 5, 7, 9, 11, 13; 8 and 10 the first session of the two-session game)."""
    pairs = [(p.teams, p.boards_per_round) for p in SRR_TEAMS if p.format is SRRFormat.PAIRS]
    assert pairs == [(3, 6), (4, 4), (5, 3)]
    awl = sorted({p.teams for p in SRR_TEAMS if p.family == "american-whist"})
    assert awl == [5, 7, 9, 11, 13]
    assert all((p.teams % 2 == 1) == (p.family == "american-whist") for p in SRR_TEAMS_AND_PAIRS)


@pytest.mark.parametrize("plan", [p for p in SRR_TEAMS + SRR_TEAMS_AND_PAIRS if p.family])
def test_each_listed_game_builds_as_listed(plan: srr_module.SRRPlan) -> None:
    m = plan.movement()
    assert (m.family, m.kind, m.tables) == ("srr", "teams", plan.teams)
    assert m.rounds == plan.rounds[0] and m.boards_per_round == plan.boards_per_round
    assert len(m.boards) == plan.boards_used
    assert plan.boards_played == m.rounds * m.boards_per_round * len(plan.rounds)
    assert check(m).ok and uncompared(m) == []
    teams = range(1, plan.teams + 1)
    assert set(matches_of(m)) == {Match(a, b) for a in teams for b in teams if a < b}


def test_every_board_is_played_by_the_whole_field() -> None:
    """SRR + pairs ranks the pairs too: every board must be played at many tables."""
    for plan in SRR_TEAMS_AND_PAIRS:
        plays = check(plan.movement()).plays
        expected = plan.teams - 1 if plan.teams % 2 else plan.teams
        assert set(plays.values()) == {expected}


@pytest.mark.parametrize("plan", [p for p in SRR_TEAMS if p.family is None])
def test_pair_all_play_all_is_not_built(plan: srr_module.SRRPlan) -> None:
    with pytest.raises(InvalidMovement, match="NS pairs meet NS pairs"):
        plan.movement()


def test_the_family() -> None:
    family = SRR()
    assert isinstance(family, MovementFamily)
    assert create_registry(srr_module).movement("srr-pairs").name == "srr"
    assert family.build(6).boards_per_round == 5
    assert len(family.build(6, SRROptions(boards_per_round=6)).boards) == 30
    for tables in (3, 12):
        with pytest.raises(InvalidMovement, match="4 to 11"):
            family.build(tables)


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 11), st.integers(1, 8))
def test_every_size_is_valid(tables: int, per_round: int) -> None:
    m = SRR().build(tables, SRROptions(boards_per_round=per_round))
    assert check(m).ok and uncompared(m) == [] and m.rounds == tables - 1
