"""Standard team movement, New England relay (BAMS.033 page 8) and stagger (JCBL appendix 3 §3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily, create_registry, parse_options
from plugins.movements.teams import relay as relay_module
from plugins.movements.teams.common import SessionBoards
from plugins.movements.teams.relay import (
    NewEnglandRelay,
    Stagger,
    StaggerOptions,
    StandardTeams,
    new_england_relay,
)
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact
from tests.plugins.movements.teams.test_bam_invariants import assert_team_movement, not_installed

STANDARD, RELAY, STAGGER = StandardTeams(), NewEnglandRelay(), Stagger()

# JCBL manual figure 21, the 9-team American Whist League master sheet: rows are rounds,
# columns sets 1-9, cells "NS-EW". Reading: the manual's AWL ("Boards Down, E-W Pairs
# Skip Down", the first boards placed one table lower than a Mitchell) is BAMS.033's
# standard movement.
FIGURE_21 = """
1\t9-2\t1-3\t2-4\t3-5\t4-6\t5-7\t6-8\t7-9\t8-1
2\t8-3\t9-4\t1-5\t2-6\t3-7\t4-8\t5-9\t6-1\t7-2
3\t7-4\t8-5\t9-6\t1-7\t2-8\t3-9\t4-1\t5-2\t6-3
4\t6-5\t7-6\t8-7\t9-8\t1-9\t2-1\t3-2\t4-3\t5-4
5\t5-6\t6-7\t7-8\t8-9\t9-1\t1-2\t2-3\t3-4\t4-5
6\t4-7\t5-8\t6-9\t7-1\t8-2\t9-3\t1-4\t2-5\t3-6
7\t3-8\t4-9\t5-1\t6-2\t7-3\t8-4\t9-5\t1-6\t2-7
8\t2-9\t3-1\t4-2\t5-3\t6-4\t7-5\t8-6\t9-7\t1-8
"""


def grid(text: str) -> list[list[str]]:
    return [line.split("\t")[1:] for line in text.strip().splitlines()]


def set_of(m: Movement, boards: tuple[int, ...]) -> int:
    return m.set_index(boards) + 1


def opponents(m: Movement, team: int) -> list[int]:
    return sorted(e.ew for e in m.schedule if e.ns == team)


# ---- standard ------------------------------------------------------------------------------


def test_figure_21_nine_team_awl_is_the_standard_movement() -> None:
    m = STANDARD.build(9)
    assert m.rounds == 8
    assert m.master_sheet() == grid(FIGURE_21)


def test_standard_start() -> None:
    """ "Have the E/W pairs make their first move and distribute the boards starting with
    the second set on table #1 and ending with the first set on the highest numbered table.\""""
    m = STANDARD.build(7, SessionBoards(boards_per_round=4))
    first = {e.table: e for e in m.round(1)}
    assert [set_of(m, first[t].boards) for t in range(1, 8)] == [2, 3, 4, 5, 6, 7, 1]
    assert [first[t].ew for t in range(1, 8)] == [3, 4, 5, 6, 7, 1, 2]  # EW two tables lower


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(tables=st.sampled_from(range(3, 26, 2)), per_round=st.integers(1, 4))
def test_standard_every_odd_size(tables: int, per_round: int) -> None:
    m = STANDARD.build(tables, SessionBoards(boards_per_round=per_round))
    assert m.rounds == tables - 1
    assert_team_movement(m)
    for team in range(1, tables + 1):
        assert opponents(m, team) == [t for t in range(1, tables + 1) if t != team]


def test_standard_aims_at_24_boards() -> None:
    assert [STANDARD.build(t).boards_per_round for t in (5, 7, 9, 11, 13, 15)] == [6, 4, 3, 3, 2, 2]


# ---- New England relay ---------------------------------------------------------------------


def test_new_england_relay_six_teams() -> None:
    """BAMS.033 page 8: "with six teams the set up is: 1 2 3 / 4 5 6. Tables 1 and 4 relay,
    as do 2 and 5, 3 and 6. E/W pairs make their first move and boards are distributed as
    follows: Set 2 goes to the 1 - 4 relay, Set 3 goes to the bye-stand between 1 and 2,
    Set 4 goes to the 2 - 5 relay, Set 5 goes to the bye-stand between 2 and 3, Set 6 goes
    to the 3 - 6 relay, Set 1 goes to the bye-stand behind table 3.\""""
    m = new_england_relay(6, SessionBoards(boards_per_round=4))
    assert m.rounds == 5
    assert {r.tables for r in m.relays} == {(1, 4), (2, 5), (3, 6)}
    assert len(m.relays) == 3 * 5
    first = {e.table: set_of(m, e.boards) for e in m.round(1)}
    assert first == {1: 2, 4: 2, 2: 4, 5: 4, 3: 6, 6: 6}
    byes = {rnd: sorted({set_of(m, (b,)) for b in boards}) for rnd, boards in m.bye_boards}
    assert byes[1] == [1, 3, 5]
    # "E/W pairs move to the next lower numbered table" (table 1's go to table 6).
    assert [e.ew for e in m.round(1)] == [2, 3, 4, 5, 6, 1]
    assert [e.ew for e in m.round(2)] == [3, 4, 5, 6, 1, 2]
    # The sets on the bye stands of round 1 go to the next lower relay: set 3 (between
    # tables 1 and 2) to 1-4, set 5 to 2-5, set 1 (behind table 3) to 3-6.
    second = {e.table: set_of(m, e.boards) for e in m.round(2)}
    assert (second[1], second[2], second[3]) == (3, 5, 1)


@pytest.mark.parametrize("tables", range(4, 21, 2))
def test_new_england_relay_board_moves(tables: int) -> None:
    """ "The boards move from a relay to the next lower bye-stand and from a bye-stand to
    the next lower relay": a set at relay i is on a bye stand next round, at relay i - 1
    the round after (relay 1 to the bye stand behind the last table, then the last relay)."""
    m = new_england_relay(tables, SessionBoards(boards_per_round=1))
    half = tables // 2
    relay_of = {
        (rnd, set_of(m, e.boards)): (e.table - 1) % half + 1
        for rnd in range(1, m.rounds + 1)
        for e in m.round(rnd)
    }
    byes = dict(m.bye_boards)  # one board a set: board s is set s
    assert all(len(boards) == half for boards in byes.values())
    for (rnd, s), relay in relay_of.items():
        if rnd < m.rounds:
            assert s in byes[rnd + 1], "from a relay to a bye stand"
        if rnd + 2 <= m.rounds:
            assert relay_of[rnd + 2, s] == (relay - 2) % half + 1, "then to the next lower relay"


@settings(max_examples=25, deadline=None)
@given(tables=st.sampled_from(range(4, 25, 2)), per_round=st.integers(1, 4))
def test_new_england_relay_every_size(tables: int, per_round: int) -> None:
    """Each team plays every other; each team does not play one set (the club guide)."""
    m = new_england_relay(tables, SessionBoards(boards_per_round=per_round))
    assert m.rounds == tables - 1
    assert_team_movement(m, equal_plays=False)
    sets = set(range(1, tables + 1))
    for team in range(1, tables + 1):
        assert opponents(m, team) == [t for t in range(1, tables + 1) if t != team]
        for line in ("ns", "ew"):
            played = {set_of(m, e.boards) for e in m.schedule if getattr(e, line) == team}
            assert len(sets - played) == 1


def test_new_england_relay_passes_the_validator() -> None:
    assert RELAY.build(6).rounds == 5


# ---- stagger -----------------------------------------------------------------------------


def test_stagger_six_teams() -> None:
    """JCBL appendix 3 §3, 6 teams, 10 boards a round: [4] relay [1] set 1 (boards 1-10),
    [5] relay [2] set 2 (11-20), [6] relay [3] set 3 (21-30). Session 1: odd against odd,
    even against even, EW start skipping down; session 2: odd against even, EW start one
    table down; (N - 1) + N rounds."""
    first = STAGGER.build(6)
    second = STAGGER.build(6, StaggerOptions(session=2))
    assert (first.boards_per_round, first.rounds, second.rounds) == (10, 2, 3)
    for m in (first, second):
        assert {r.tables for r in m.relays} == {(1, 4), (2, 5), (3, 6)}
        assert [e.boards[0] for e in m.round(1)] == [1, 11, 21, 1, 11, 21]
    assert [e.ew for e in first.round(1)] == [3, 4, 5, 6, 1, 2]
    assert [e.ew for e in second.round(1)] == [2, 3, 4, 5, 6, 1]
    assert all((e.ns - e.ew) % 2 == 0 for e in first.schedule)
    assert all((e.ns - e.ew) % 2 == 1 for e in second.schedule)
    # Then boards down one, EW pairs skip down two.
    assert [e.ew for e in second.round(2)] == [4, 5, 6, 1, 2, 3]
    assert [e.boards[0] for e in second.round(2)] == [11, 21, 1, 11, 21, 1]


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(tables=st.sampled_from(range(4, 25, 2)), per_round=st.integers(1, 4))
def test_stagger_every_size(tables: int, per_round: int) -> None:
    sessions = [
        STAGGER.build(tables, StaggerOptions(session=s, boards_per_round=per_round)) for s in (1, 2)
    ]
    half = tables // 2
    assert [m.rounds for m in sessions] == [half - 1, half]
    for m in sessions:
        assert_team_movement(m)
    for team in range(1, tables + 1):
        met = sorted(opponents(sessions[0], team) + opponents(sessions[1], team))
        assert met == [t for t in range(1, tables + 1) if t != team], "a round robin"


# ---- all three -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("family", "tables", "message"),
    [
        (STANDARD, 8, "odd number of teams"),
        (STANDARD, 1, "odd number of teams, at least 3"),
        (RELAY, 7, "even number of teams"),
        (RELAY, 2, "at least 4"),
        (STAGGER, 9, "even number of teams"),
    ],
)
def test_refusals(family: MovementFamily, tables: int, message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        family.build(tables, None)


def test_registration() -> None:
    registry = create_registry(*not_installed(relay_module))
    assert isinstance(registry.movement("rtm"), StandardTeams)
    assert isinstance(registry.movement("new-england"), NewEnglandRelay)
    assert isinstance(registry.movement("stagger"), Stagger)
    families: list[MovementFamily] = [STANDARD, RELAY, STAGGER]
    assert all(isinstance(f, MovementFamily) for f in families)


def test_descriptions() -> None:
    assert "set 2 starts on table 1, set 1 on table 7" in STANDARD.build(7).description
    assert "Set 2 starts on the 1 and 4 relay" in new_england_relay(6, SessionBoards()).description
    assert "odd meet even" in STAGGER.build(8, StaggerOptions(session=2)).description


@pytest.mark.parametrize(
    ("family", "tables", "given"),
    [
        ("standard-teams", 7, {}),
        ("new-england-relay", 8, {}),
        ("stagger", 8, {"session": 1}),
        ("stagger", 8, {"session": 2}),
    ],
)
def test_team_movements_that_cannot_stop_early(
    family: str, tables: int, given: dict[str, object]
) -> None:
    """In each a match's two halves come in different rounds (and a New England relay
    plays its sets unequally), so no round is a place to stop."""
    plugin = create_registry().movement(family)
    m = plugin.build(tables, parse_options(plugin, given))
    assert m.curtail_after == ()
    assert_curtailing_exact(m)
