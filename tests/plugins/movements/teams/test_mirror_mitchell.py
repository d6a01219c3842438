"""Mirror Mitchell against BAMS.033 pages 6-8 and JCBL manual appendix 3 §2.

Numbering reading: the file calls the sections' teams A1..AS and B1..BS; here team Ak
is team k at table k and team Bk is team S + k at table S + k (the second section's
table k)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily, create_registry
from plugins.movements.teams import mirror_mitchell as mirror_module
from plugins.movements.teams.mirror_mitchell import MirrorMitchell, MirrorMitchellOptions, Style
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact
from tests.plugins.movements.teams.test_bam_invariants import assert_team_movement, not_installed

MM = MirrorMitchell()

# "Section A 1 North-South" and "Section B A1 East-West", copied line for line: the B team
# whose EW pair NS A1 meets, and the B team whose NS pair EW A1 meets, with the boards.
HAND_RECORDS = {
    18: """
Round 1 --   9 ...... 4-6     Round 1 --   9 ...... 4-6
Round 2 --   8 ...... 7-9     Round 2 --   8 ...... 7-9
Round 3 --   7 .... 10-12     Round 3 --   7 .... 10-12
Round 4 --   6 .... 13-15     Round 4 --   6 .... 13-15
Round 5 --   5 .... 16-18     Round 5 --   5 .... 16-18
Round 6 --   4 .... 19-21     Round 6 --   4 .... 19-21
Round 7 --   3 .... 22-24     Round 7 --   3 .... 22-24
Round 8 --   2 .... 25-27     Round 8 --   2 .... 25-27
""",
    20: """
Round 1 --   1 ...... 4-6     Round 1 --   1 ...... 4-6
Round 2 --  10 ...... 7-9     Round 2 --  10 ...... 7-9
Round 3 --   9 .... 10-12     Round 3 --   9 .... 10-12
Round 4 --   8 .... 13-15     Round 4 --   8 .... 13-15
Round 5 --   7 .... 16-18     Round 5 --   7 .... 16-18
Round 6 --   5 .... 19-21     Round 6 --   5 .... 19-21
Round 7 --   4 .... 22-24     Round 7 --   4 .... 22-24
Round 8 --   3 .... 25-27     Round 8 --   3 .... 25-27
Round 9 --   2 .... 28-30     Round 9 --   2 .... 28-30
""",
}
ROW = re.compile(r"Round (\d+) --\s+(\d+) \.+\s+(\d+-\d+)\s+Round (\d+) --\s+(\d+) \.+\s+(\d+-\d+)")

# The "MOVEMENT(S) OF PAIRS AND BOARDS" paragraphs, as runs of (first round, last round,
# tables the EW pairs move, tables the boards move down): the Mitchell section's EW pairs
# move up, the Mirror's down. Round 1 starts from the crossing (each EW pair at the table
# of its own number in the other section, set s on table s in both sections).
# 26 tables: "the movement is similar playing only 12 rounds unless floor duplication is
# done"; with floor duplication the first round is played "without moving the pairs after
# they have switched sections" and "counting the duplication round as Round 1".
Runs = list[tuple[int, int, int, int]]
INSTRUCTIONS: dict[tuple[int, bool], tuple[Runs, Runs]] = {
    (18, False): ([(1, 8, 1, 1)], [(1, 8, 1, 2)]),
    (18, True): ([(1, 1, 0, 0), (2, 9, 1, 1)], [(1, 1, 0, 0), (2, 9, 1, 2)]),
    (20, False): (
        [(1, 1, 0, 1), (2, 5, 1, 1), (6, 6, 2, 1), (7, 9, 1, 1)],
        [(1, 1, 0, 1), (2, 5, 1, 2), (6, 6, 2, 3), (7, 9, 1, 2)],
    ),
    (26, False): ([(1, 12, 1, 1)], [(1, 12, 1, 2)]),
    (26, True): ([(1, 1, 0, 0), (2, 13, 1, 1)], [(1, 1, 0, 0), (2, 13, 1, 2)]),
    (28, False): (
        [(1, 1, 0, 1), (2, 7, 1, 1), (8, 8, 2, 1), (9, 13, 1, 1)],
        [(1, 1, 0, 1), (2, 7, 1, 2), (8, 8, 2, 3), (9, 13, 1, 2)],
    ),
}
# "Place 3 boards on each table. Play eight 3 board rounds." and so on.
PLACED = {18: (3, 8), 20: (3, 9), 26: (2, 12), 28: (2, 13)}

# JCBL appendix 3 §2, 14 teams: a row per round, a cell per set, "NS-EW NS-EW" for the
# table of each section playing the set; round 1 makes the twin boards.
JCBL_14 = """
1\t1- 8 8- 1\t2- 9 9- 2\t3-10 10- 3\t4-11 11- 4\t5-12 12- 5\t6-13 13- 6\t7-14 14- 7
2\t7- 9 14- 2\t1-10 8- 3\t2-11 9- 4\t3-12 10- 5\t4-13 11- 6\t5-14 12- 7\t6- 8 13- 1
3\t6-10 13- 3\t7-11 14- 4\t1-12 8- 5\t2-13 9- 6\t3-14 10- 7\t4- 8 11- 1\t5- 9 12- 2
4\t5-11 12- 4\t6-12 13- 5\t7-13 14- 6\t1-14 8- 7\t2- 8 9- 1\t3- 9 10- 2\t4-10 11- 3
5\t4-12 11- 5\t5-13 12- 6\t6-14 13- 7\t7- 8 14- 1\t1- 9 8- 2\t2-10 9- 3\t3-11 10- 4
6\t3-13 10- 6\t4-14 11- 7\t5- 8 12- 1\t6- 9 13- 2\t7-10 14- 3\t1-11 8- 4\t2-12 9- 5
7\t2-14 9- 7\t3- 8 10- 1\t4- 9 11- 2\t5-10 12- 3\t6-11 13- 4\t7-12 14- 5\t1-13 8- 6
"""


def grid(text: str) -> list[list[str]]:
    return [
        [re.sub(r"-\s+", "-", cell) for cell in line.split("\t")[1:]]
        for line in text.strip().splitlines()
    ]


def boards_text(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}-{boards[-1]}"


@pytest.mark.parametrize("tables", sorted(HAND_RECORDS))
def test_team_a1_with_hand_records(tables: int) -> None:
    m = MM.build(tables)
    size = tables // 2
    printed = [ROW.fullmatch(line) for line in HAND_RECORDS[tables].strip().splitlines()]
    assert len(printed) == m.rounds
    for rnd, found in enumerate(printed, start=1):
        assert found is not None
        r1, ns_vs, ns_boards, r2, ew_vs, ew_boards = found.groups()
        assert int(r1) == int(r2) == rnd
        (north,) = [e for e in m.round(rnd) if e.ns == 1]
        (east,) = [e for e in m.round(rnd) if e.ew == 1]
        assert (north.table, north.ew, boards_text(north.boards)) == (
            1,
            size + int(ns_vs),
            ns_boards,
        )
        assert (east.table, east.ns, boards_text(east.boards)) == (
            size + int(ew_vs),
            size + int(ew_vs),
            ew_boards,
        )


def moved(m: Movement) -> tuple[Runs, Runs]:
    """Each section's moves read off the schedule, following team B1's EW pair and set 1
    in the Mitchell section, team A1's EW pair and set 1 in the Mirror section."""
    size = m.tables // 2
    first_set = m.boards[: m.boards_per_round]

    def follow(section: range, ew: int, up: int) -> Runs:
        ew_at, set_at = [1], [1]
        for rnd in range(1, m.rounds + 1):
            here = [e for e in m.round(rnd) if e.table in section]
            ew_at.append(next(e.table for e in here if e.ew == ew) - section.start + 1)
            set_at.append(next(e.table for e in here if e.boards == first_set) - section.start + 1)
        out: Runs = []
        for rnd in range(1, m.rounds + 1):
            step = (
                (up * (ew_at[rnd] - ew_at[rnd - 1])) % size,
                (set_at[rnd - 1] - set_at[rnd]) % size,
            )
            if out and out[-1][2:] == step:
                out[-1] = (out[-1][0], rnd, *step)
            else:
                out.append((rnd, rnd, *step))
        return out

    return (
        follow(range(1, size + 1), size + 1, 1),
        follow(range(size + 1, 2 * size + 1), 1, -1),
    )


@pytest.mark.parametrize(("tables", "floor"), sorted(INSTRUCTIONS))
def test_instructions(tables: int, floor: bool) -> None:
    m = MM.build(tables, MirrorMitchellOptions(floor_duplication=floor))
    assert moved(m) == INSTRUCTIONS[tables, floor]
    per_round, rounds = PLACED[tables]
    assert (m.boards_per_round, m.rounds) == (per_round, rounds + floor)


@pytest.mark.parametrize(("tables", "floor"), sorted(INSTRUCTIONS))
def test_every_round_is_a_match_at_two_tables_with_duplicated_boards(
    tables: int, floor: bool
) -> None:
    """BAMS.033: "the boards must be duplicated between the two sections"; each match of
    the ACBL form is played in one round at a table of each section."""
    m = MM.build(tables, MirrorMitchellOptions(floor_duplication=floor))
    size = tables // 2
    for e in m.schedule:
        mirror = [f for f in m.round(e.round) if (f.ns, f.ew) == (e.ew, e.ns)]
        assert [f.boards for f in mirror] == [e.boards]
    assert len(m.relays) == m.rounds * size
    assert all(r.tables[0] <= size < r.tables[1] for r in m.relays)
    assert_team_movement(m)


def test_jcbl_figure_14_teams() -> None:
    m = MM.build(14)
    assert m.master_sheet() == grid(JCBL_14)
    assert m.boards_per_round == 3  # reading: the figure gives no boards; 7 rounds of 3
    assert_team_movement(m)


def test_jcbl_without_twin_boards() -> None:
    """ "If the first round is cut ... rounds 2 and 7, 3 and 6, 4 and 5 correspond; after
    round 4 the boards of the two sections are exchanged completely.\""""
    twin = MM.build(14)
    cut = MM.build(14, MirrorMitchellOptions(twin_boards=False))
    assert cut.rounds == 6
    for rnd in range(1, 7):
        seats = [(e.table, e.ns, e.ew) for e in cut.round(rnd)]
        assert seats == [(e.table, e.ns, e.ew) for e in twin.round(rnd + 1)]
        places = [(e.table, e.boards) for e in twin.round(rnd + 1)]
        # Sets 8-14 (boards 22-42): the second section's until round 3, then the first's.
        assert [(e.table, e.boards) for e in cut.round(rnd)] == [
            (t, b if (t <= 7) == (rnd <= 3) else tuple(x + 21 for x in b)) for t, b in places
        ]
    assert cut.relays == ()
    for early, late in ((1, 6), (2, 5), (3, 4)):
        a = {(e.ns, e.ew): e.boards for e in cut.round(early)}
        b = {(e.ew, e.ns): e.boards for e in cut.round(late)}
        assert a == b, "the two halves of each match are played on the same boards"
    assert_team_movement(cut)


STYLES: tuple[Style, ...] = ("auto", "acbl", "jcbl")
SIZES = [(t, s) for t in range(6, 37, 2) for s in STYLES]


def _buildable(tables: int, style: Style) -> bool:
    size = tables // 2
    if style == "jcbl":
        return size % 2 == 1
    return style == "auto" or size % 2 == 0 or size in (9, 13)


@settings(max_examples=40, deadline=None)
@given(
    case=st.sampled_from([c for c in SIZES if _buildable(*c)]),
    twin=st.booleans(),
    per_round=st.integers(1, 3),
)
@pytest.mark.slow
def test_every_size_compares_the_teams(case: tuple[int, Style], twin: bool, per_round: int) -> None:
    tables, style = case
    m = MM.build(
        tables,
        MirrorMitchellOptions(style=style, twin_boards=twin, boards_per_round=per_round),
    )
    assert_team_movement(m)
    size = tables // 2
    for team in range(1, tables + 1):
        met = sorted(e.ew for e in m.schedule if e.ns == team)
        others = range(size + 1, tables + 1) if team <= size else range(1, size + 1)
        assert set(met) <= set(others), "each team plays only the other section"
        assert len(met) == m.rounds


@pytest.mark.parametrize(
    ("tables", "options", "message"),
    [
        (7, MirrorMitchellOptions(), "even number of teams from 6; not 7"),
        (4, MirrorMitchellOptions(), "not 4"),
        (22, MirrorMitchellOptions(style="acbl"), "sections of 9 or 13 tables or an even"),
        (20, MirrorMitchellOptions(style="jcbl"), "odd number of tables"),
        (20, MirrorMitchellOptions(floor_duplication=True), "Floor duplication is for"),
    ],
)
def test_refusals(tables: int, options: MirrorMitchellOptions, message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        MM.build(tables, options)


def test_description_and_registration() -> None:
    text = MM.build(20).description
    assert "two sections of 10: tables 1-10 and 11-20" in text
    assert "before round 6 both skip" in text
    families: list[MovementFamily] = [MM]
    assert isinstance(families[0], MovementFamily)
    assert create_registry(*not_installed(mirror_module)).movement("mm") is not None


@pytest.mark.parametrize(
    ("tables", "given", "stops"),
    [
        (18, {}, (1, 2, 3, 4, 5, 6, 7)),
        (18, {"floor_duplication": True}, (1, 2, 3, 4, 5, 6, 7, 8)),
        (8, {}, (1, 2)),
        (14, {}, (1,)),
        (14, {"twin_boards": False}, ()),
    ],
)
def test_where_a_mirror_mitchell_may_stop(
    tables: int, given: dict[str, object], stops: tuple[int, ...]
) -> None:
    """ACBL form: every round is a whole match at two tables, so play may stop after any
    round. JCBL form: only after the twin-board round, whose matches are complete."""
    m = MM.build(tables, MirrorMitchellOptions.model_validate(given))
    assert m.curtail_after == stops
    assert_curtailing_exact(m)
