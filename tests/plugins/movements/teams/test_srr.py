"""The JCBL SRR lists (appendix 1, lists 3, 4 and 5) as data, the SRR teams + pairs family
and the mirror Mitchell's halves."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.advisor.srr_lists import (
    SRR_TEAMS,
    SRR_TEAMS_AND_PAIRS,
    SRR_TEAMS_SESSIONS,
    SRRFormat,
    SRRPlan,
    SRRSessions,
)
from engine.errors import InvalidMovement
from engine.movement import Movement, matches_of, uncompared
from engine.registry import MovementFamily, create_registry
from engine.validator import check
from plugins.movements.teams import srr as srr_module
from plugins.movements.teams.american_whist import AmericanWhist, AmericanWhistOptions
from plugins.movements.teams.common import SessionBoards
from plugins.movements.teams.round_robin import Match, RoundRobinOptions, RoundRobinTeams
from plugins.movements.teams.srr import (
    FAMILIES,
    SRR,
    MirrorHalves,
    SRROptions,
    listed_session,
    session_of,
)
from tests.plugins.movements.teams.test_bam_invariants import assert_team_movement

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
def test_each_listed_game_builds_as_listed(plan: SRRPlan) -> None:
    m = listed_session(plan)
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
        plays = check(listed_session(plan)).plays
        expected = plan.teams - 1 if plan.teams % 2 else plan.teams
        assert set(plays.values()) == {expected}


@pytest.mark.parametrize("plan", [p for p in SRR_TEAMS if p.family is None])
def test_pair_all_play_all_of_an_odd_number_is_not_built(plan: SRRPlan) -> None:
    """3 and 5 teams (TP1S): why, :func:`test_odd_pair_all_play_alls_cannot_be_seated`."""
    assert plan.teams % 2 == 1 and plan.format is SRRFormat.PAIRS
    with pytest.raises(InvalidMovement, match="odd cycle"):
        listed_session(plan)


def test_srr_teams_and_pairs_asks_the_standings_to_rank_its_pairs() -> None:
    """The ``srr`` family's movements rank the pairs as well as the teams (what ``movement
    list`` promises); the families it borrows do not, and a movement stored before the
    flag existed reads without it."""
    assert SRR().build(6).ranks_pairs and SRR().build(7).ranks_pairs
    assert not any(f.build(6, None).ranks_pairs for f in FAMILIES.values())
    stored = SRR().build(4).to_json()
    del stored["ranks_pairs"]
    assert not Movement.model_validate(stored).ranks_pairs


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


# ---- list 5: two sessions ------------------------------------------------------------------

# List 5 "SRR チーム戦" (two sessions; three for 13 teams), as extracted: teams (blank: as the
# line above), boards a round, rounds of each session ("4 + 4"), boards played, boards used,
# remark. The list's note "13 以上 →スイス戦" (13 teams or more: a Swiss) stands before the
# mirror Mitchell lines and is no line.
LIST_5 = """
3\t6 / 7\t4 + 4\t48 / 56\t36 / 42\tペア総当たり (TP2S)
4\t8 / 9\t3 + 3\t48 / 54\t24 / 27\t同上 全Tリレイ有
5\t6 / 7\t4 + 4\t48 / 56\t30 / 35\t同上
6\t5 / 6\t5 + 5\t50 / 60\t25 / 30\t同上 リレイ有
\t10 / 11\t2 + 3\t50 / 55\t30 / 33\tチーム総当たり (TF2S) STAGGER
7\t4 / 5\t6 + 6\t48 / 60\t28 / 35\tペア総当たり リレイ有
\t8\t2 + 4\t48\t24 / 40\tチーム総当たり リレイ有
8\t3 / 4\t7 + 7\t42 / 56\t21 / 28\tペア総当たり リレイ有
\t7\t3 + 4\t49\t21 / 28\tチーム総当たり 全Tリレイ有
\t7 / 8\t3 + 4\t49 / 56\t28 / 32\t同上 STAGGER
9\t3\t8 + 8\t48\t27 / 27\tペア総当たり、ボードステイを含む3種有 セッション完結型
\t6 / 7\t4 + 4\t48 / 56\t30 / 35\tチーム総当たり リレイ有
10\t3\t9 + 9\t54\t27 / 27\tペア総当たり 全Tリレイ有
\t5 / 6\t4 + 5\t45 / 54\t25 / 30\tチーム総当たり 全Tリレイ有 ボードステイを含む2種有
\t5 / 6\t4 + 5\t45 / 54\t25 / 30\t同上 STAGGER
\t5 / 6\t4 + 5\t45 / 54\t25 / 30\t同上 ミラーミッセル(TFMM)
11\t5\t4 + 6\t50\t25 / 35\t同上 全Tリレイ有
12\t5\t5 + 6\t55\t25 / 30\t同上 全Tリレイ有
\t5\t5 + 6\t55\t30 / 30\t同上 STAGGER
13\t5\t4 + 4 + 4\t60\t25 / 25 / 25\t同上 (TF3S)
14\t4\t6 + 7\t52\t28 / 28\tミラーミッセル
18\t3\t8 + 9\t51\t27 / 27\t同上
22\t3\t10 + 11\t63\t33 / 33\t同上
26\t2\t12 + 13\t50\t39 / 39\t同上
30\t2\t14 + 15\t58\t45 / 45\t同上
"""


def list_5() -> list[tuple[int, int, tuple[int, ...], int, tuple[int, ...], SRRFormat, str]]:
    """Each printed line expanded into one line per boards-a-round choice: teams, boards a
    round, rounds, boards played, boards used in each session, format, remark.

    Readings: a blank team cell is the team count of the line above. "X / Y" boards a round
    are two choices, and the played column pairs with them (6 / 7 → 48 / 56: 8 rounds of 6
    or of 7). The used column pairs with the choices too where there are two (36 / 42: six
    sets of 6 or of 7, laid out each session); on a line with one choice it gives each
    session ("24 / 40": 3 sets of 8, then 5; "25 / 25 / 25" for the three sessions of 13
    teams). ペア総当たり and チーム総当たり name the format; 同上 ("as above") and the
    mirror Mitchell lines keep the format of the line above, チーム総当たり from 13 on."""
    out = []
    teams, format_ = 0, SRRFormat.PAIRS
    for line in LIST_5.strip().splitlines():
        cells = line.split("\t")
        teams = int(cells[0]) if cells[0] else teams
        per_round, played, used = (choices(c) for c in (cells[1], cells[3], cells[4]))
        rounds = tuple(int(n) for n in cells[2].split("+"))
        remark = cells[5]
        if remark.startswith("ペア総当たり"):
            format_ = SRRFormat.PAIRS
        elif remark.startswith("チーム総当たり"):
            format_ = SRRFormat.TEAMS
        assert len(played) == len(per_round)
        for i, b in enumerate(per_round):
            by_session = (used[i],) * len(rounds) if len(per_round) > 1 else tuple(used)
            assert len(by_session) == len(rounds)
            out.append((teams, b, rounds, played[i], by_session, format_, remark))
    return out


def test_list_5_number_for_number() -> None:
    """Readings where the data differ from the print (each with why):

    - 10 teams, team all-play-all with an all-table relay, 4 + 5 rounds of 5 or 6 boards:
      printed 25 / 30 boards used, read (as on the other lines with two choices) as one
      figure a choice. The round robin lays one set a round, so the sessions lay 4 and 5
      sets: 20 and 25 boards with 5 a round, 24 and 30 with 6. The printed figure is the
      longer session's, the boards to have ready.
    - 26 and 30 teams, the mirror Mitchell with 2 boards a round: printed 39 / 39 and
      45 / 45, which are 13 and 15 sets of 3 boards. The lines play 2 (their boards played
      are 2 x 25 and 2 x 29, and every other mirror line's boards used are its sets times
      its boards a round: 7 x 4, 9 x 3, 11 x 3), so the data say 26 / 26 and 30 / 30."""
    data = iter(SRR_TEAMS_SESSIONS)
    for teams, per_round, rounds, played, used, format_, remark in list_5():
        plan = next(data)
        if teams == 10 and rounds == (4, 5) and "全Tリレイ有" in remark:
            assert used == (5 * per_round,) * 2
            used = (4 * per_round, 5 * per_round)
        if teams in (26, 30):
            assert used == ((teams // 2) * 3,) * 2
            used = ((teams // 2) * 2,) * 2
        assert (plan.teams, plan.boards_per_round, plan.rounds) == (teams, per_round, rounds)
        assert (plan.boards_played, plan.boards_used) == (played, used)
        assert (plan.format, plan.remark) == (format_, remark)
    assert next(data, None) is None


def test_list_5_names_the_families_that_play_it() -> None:
    """STAGGER: the stagger's two sessions; TFMM and the mirror lines: the mirror Mitchell
    with the halves' American Whists; the other team lines: the round robin's draw split
    over the sessions; the pair all-play-alls: the round robin in each session (an even
    number of teams) or nothing (an odd number)."""
    for plan in SRR_TEAMS_SESSIONS:
        families = [s.family for s in plan.sessions]
        if "STAGGER" in plan.remark:
            assert families == ["stagger", "stagger"]
            assert [dict(s.options)["session"] for s in plan.sessions] == [1, 2]
        elif "ミラー" in plan.remark or plan.teams >= 14:
            assert families == ["mirror-mitchell-halves", "mirror-mitchell"]
        elif plan.format is SRRFormat.PAIRS:
            assert families == [None if plan.teams % 2 else "round-robin"] * 2
        else:
            assert set(families) == {"round-robin"}
            spans = [dict(s.options) for s in plan.sessions]
            assert spans[0]["first_round"] == 1 and spans[-1]["last_round"] == plan.teams - 1
        assert all(f is None or f in FAMILIES for f in families)


BUILT_5 = [p for p in SRR_TEAMS_SESSIONS if p.family is not None]


def label(plan: SRRSessions) -> str:
    return f"{plan.teams}T-{plan.boards_per_round}-{plan.remark}"


@pytest.mark.parametrize("plan", BUILT_5, ids=label)
def test_each_two_session_game_builds_as_listed(plan: SRRSessions) -> None:
    """Every session builds with its family and options and validates; the sessions lay the
    boards the list counts and play its boards; each match is complete in its session; a
    team all-play-all plays every match once, a pair all-play-all twice (once a session)."""
    sessions = [session_of(plan, n) for n in range(1, len(plan.sessions) + 1)]
    for m, game in zip(sessions, plan.sessions, strict=True):
        assert (m.family, m.kind, m.tables) == (game.family, "teams", plan.teams)
        assert m.rounds == game.rounds and m.boards_per_round == plan.boards_per_round
        assert len(m.boards) == game.boards_used
        assert check(m).ok and uncompared(m) == []
        # a triangle's own set is played by its two tables only
        assert_team_movement(m, equal_plays=not (plan.teams % 2 and m.family == "round-robin"))
    assert sum(m.rounds * m.boards_per_round for m in sessions) == plan.boards_played
    everyone = {Match(a, b) for a, b in combinations(range(1, plan.teams + 1), 2)}
    met = [set(matches_of(m)) for m in sessions]
    if plan.format is SRRFormat.PAIRS:
        assert met == [everyone, everyone]
    else:
        assert set().union(*met) == everyone
        assert sum(len(s) for s in met) == len(everyone), "every match once"


def test_a_session_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidMovement, match="2 sessions, not a session 3"):
        session_of(BUILT_5[0], 3)


# ---- pair all-play-all: a seating ----------------------------------------------------------

Second = Callable[[int, int], bool]
"""(session index, round) → whether it is two teams' second meeting."""


def seating_exists(sessions: Sequence[Movement], second: Second) -> bool:
    """Whether the teams can choose, round by round, which of their pairs takes the NS
    seat so that every pair meets both pairs of every other team: at two teams' first
    meetings their pairs meet one way (1 v 2 and 2 v 1, say), at the second meetings the
    other (1 v 1, 2 v 2).

    A linear system over GF(2): x[s, r, t] is 1 when team t's pair 2 takes its NS seat in
    round r of session s. A board's two results are the team's two pairs: NS t in round
    r and EW t in round r' on the same board need x[s, r, t] = x[s, r', t]. NS a v EW c in
    round r is pair for pair exactly when x[s, r, a] + x[s, r, c] = 1, so two teams'
    meetings must give that sum one value throughout the first meetings and the other
    throughout the second. Solved by elimination; rows are bit masks, the constant in bit 0."""
    index: dict[tuple[int, int, int], int] = {}

    def bit(s: int, r: int, t: int) -> int:
        return 1 << index.setdefault((s, r, t), len(index) + 1)

    rows: list[int] = []
    meetings: dict[tuple[int, int], list[tuple[bool, int]]] = {}
    for s, m in enumerate(sessions):
        seen: dict[tuple[int, int, int], int] = {}  # (board, ns, ew) → round
        for e in m.schedule:
            for board in e.boards:
                seen[board, e.ns, e.ew] = e.round
        for (board, ns, ew), r in seen.items():
            other = seen[board, ew, ns]
            rows += [bit(s, r, ns) ^ bit(s, other, ns), bit(s, r, ew) ^ bit(s, other, ew)]
        for e in m.schedule:
            pair = (min(e.ns, e.ew), max(e.ns, e.ew))
            meetings.setdefault(pair, []).append(
                (second(s, e.round), bit(s, e.round, e.ns) ^ bit(s, e.round, e.ew))
            )
    for found in meetings.values():
        firsts = [v for later, v in found if not later]
        seconds = [v for later, v in found if later]
        assert firsts and seconds, "two teams meet in both halves"
        rows += [firsts[0] ^ v for v in firsts[1:]] + [seconds[0] ^ v for v in seconds[1:]]
        rows.append(firsts[0] ^ seconds[0] ^ 1)
    basis: dict[int, int] = {}
    for row in rows:
        while row >> 1:
            top = (row >> 1).bit_length()
            if top not in basis:
                basis[top] = row
                break
            row ^= basis[top]
        else:
            if row & 1:
                return False
    return True


def meetings_by_the_rule(sessions: Sequence[Movement], second: Second) -> list[tuple[int, ...]]:
    """The pairs that meet when, at the second meetings, the higher-numbered team of each
    match swaps its pairs (PAIR_SEATING): (team, pair, team, pair), lower team first. Also
    checks that a board's two results are a team's two pairs."""
    met: list[tuple[int, ...]] = []
    for s, m in enumerate(sessions):
        by_round: dict[int, dict[int, int]] = {}
        for e in m.schedule:
            swap = {t: int(second(s, e.round) and t == max(e.ns, e.ew)) for t in (e.ns, e.ew)}
            by_round.setdefault(e.round, {}).update({e.ns: swap[e.ns]})
            at_ns, at_ew = (e.ns, swap[e.ns]), (e.ew, 1 - swap[e.ew])
            met.append((*min(at_ns, at_ew), *max(at_ns, at_ew)))
        rounds_of = {(b, e.ns, e.ew): e.round for e in m.schedule for b in e.boards}
        for (board, ns, ew), r in rounds_of.items():
            assert by_round[r][ns] == by_round[rounds_of[board, ew, ns]][ns], "two pairs"
    return met


def every_pair_meeting(teams: int) -> list[tuple[int, ...]]:
    return sorted(
        (a, i, c, j)
        for a, c in combinations(range(1, teams + 1), 2)
        for i in (0, 1)
        for j in (0, 1)
    )


PAIR_LINES = [p for p in SRR_TEAMS_SESSIONS if p.format is SRRFormat.PAIRS]


@pytest.mark.parametrize("plan", [p for p in PAIR_LINES if p.family], ids=label)
def test_even_pair_all_play_alls_are_seated_by_the_rule(plan: SRRSessions) -> None:
    """4, 6, 8 and 10 teams over two sessions: with every match played within one round
    any team may swap its pairs in any round, and the rule (PAIR_SEATING) makes each pair
    meet each pair of every other team exactly once."""
    sessions = [session_of(plan, 1), session_of(plan, 2)]

    def later(s: int, r: int) -> bool:
        return s == 1

    assert seating_exists(sessions, later)
    assert sorted(meetings_by_the_rule(sessions, later)) == every_pair_meeting(plan.teams)


def test_four_team_pair_all_play_all_in_one_session() -> None:
    """List 3, 4 teams (TP1S): 6 rounds of 4 boards, 24 boards laid out — the draw twice
    over, every round's set shared by all four tables; the second time the pairs change."""
    (plan,) = [p for p in SRR_TEAMS if p.teams == 4]
    assert plan.family == "round-robin" and dict(plan.options) == {"times": 2}
    m = listed_session(plan)
    assert (m.rounds, len(m.boards), m.family) == (6, 24, "srr")

    def later(s: int, r: int) -> bool:
        return r > 3

    assert seating_exists([m], later)
    assert sorted(meetings_by_the_rule([m], later)) == every_pair_meeting(4)
    assert len(matches_of(m)) == 6, "two meetings, one match of 8 boards"


def twice_over(m: Movement) -> Movement:
    """``m`` played again in the same session, on new boards."""
    shift, rounds = len(m.boards), m.rounds
    again = [
        e.model_copy(
            update={"round": e.round + rounds, "boards": tuple(b + shift for b in e.boards)}
        )
        for e in m.schedule
    ]
    return m.model_copy(update={"schedule": (*m.schedule, *again), "rounds": 2 * rounds})


def awl(teams: int, per_round: int) -> Movement:
    return AmericanWhist().build(teams, AmericanWhistOptions(boards_per_round=per_round))


def triangles(teams: int, per_round: int) -> Movement:
    return RoundRobinTeams().build(
        teams, RoundRobinOptions(boards_per_round=per_round, triangle_set="one")
    )


@pytest.mark.parametrize(
    ("teams", "per_round", "rounds", "used"),
    [(3, 6, 4, 36), (5, 3, 8, 30)],  # list 3, TP1S
)
def test_odd_pair_all_play_alls_in_one_session_cannot_be_seated(
    teams: int, per_round: int, rounds: int, used: int
) -> None:
    """List 3, 3 and 5 teams: the built-in games with the list's rounds and boards — the
    American Whist twice over, and for 3 teams the triangle twice over — admit no seating:
    a match's two halves come in different rounds (rounds r and teams - r of the American
    Whist, a triangle's two legs), tying the teams' seating together round odd cycles."""
    games = [twice_over(awl(teams, per_round))]
    if teams == 3:
        games.append(RoundRobinTeams().build(3, RoundRobinOptions(boards_per_round=6, times=2)))
    for m in games:
        assert (m.rounds, len(m.boards)) == (rounds, used)
        assert not seating_exists([m], lambda s, r: r > rounds // 2)


@pytest.mark.parametrize("plan", [p for p in PAIR_LINES if p.family is None], ids=label)
def test_odd_pair_all_play_alls_cannot_be_seated(plan: SRRSessions) -> None:
    """List 5, 3, 5, 7 and 9 teams: the built-in games with the list's rounds and boards (the
    American Whist each session; the round robin with triangles for 7 and 9; for 3 the
    triangle twice over) admit no seating, so the lines are data only. A round robin with
    a bye could be seated (each match within a round), but its rounds are not the list's."""
    with pytest.raises(InvalidMovement, match="odd cycle"):
        session_of(plan, 1)
    (rounds, _), (used, _) = plan.rounds, plan.boards_used
    games = [awl(plan.teams, plan.boards_per_round)]
    if plan.teams == 3:
        games = [twice_over(m) for m in games]
        games.append(
            RoundRobinTeams().build(
                3, RoundRobinOptions(boards_per_round=plan.boards_per_round, times=2)
            )
        )
    elif plan.teams in (7, 9):
        games.append(triangles(plan.teams, plan.boards_per_round))
    for m in games:
        assert (m.rounds, len(m.boards)) == (rounds, used)
        assert not seating_exists([m, m], lambda s, r: s == 1)
    bye = RoundRobinTeams().build(
        plan.teams, RoundRobinOptions(boards_per_round=plan.boards_per_round, odd="bye")
    )
    assert bye.rounds == plan.teams != rounds and seating_exists([bye, bye], lambda s, r: s == 1)


# ---- the mirror Mitchell's halves ----------------------------------------------------------


@pytest.mark.parametrize("tables", [6, 10, 14, 18, 22, 26, 30])
def test_halves_play_an_american_whist_each(tables: int) -> None:
    half = tables // 2
    m = MirrorHalves().build(tables, SessionBoards())
    assert m.rounds == half - 1 and m.boards_per_round == -(-24 // (half - 1))
    assert_team_movement(m)
    first, second = range(1, half + 1), range(half + 1, tables + 1)
    assert set(matches_of(m)) == {
        Match(a, b) for side in (first, second) for a, b in combinations(side, 2)
    }
    assert len(m.boards) == half * m.boards_per_round, "the halves play the same boards"
    assert m.curtail_groups == AmericanWhist().build(half).curtail_groups


@pytest.mark.parametrize("tables", [4, 7, 8, 12])
def test_halves_need_two_odd_halves(tables: int) -> None:
    with pytest.raises(InvalidMovement, match="two odd numbers of teams"):
        MirrorHalves().build(tables)


def test_halves_registered() -> None:
    registry = create_registry()
    assert isinstance(registry.movement("mirror-halves"), MirrorHalves)
    assert isinstance(MirrorHalves(), MovementFamily)
    assert "teams 1-7 and 8-14" in MirrorHalves().build(14).description
