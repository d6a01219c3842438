"""The relay Mitchell recovery against JCBL appendix 2 (§2-3, error recovery) and by property.

The manual prints two 8-table master sheets (rows are rounds, columns the board sets 1-3
… 22-24, a cell "NS-EW" for each table playing the set, "bye" for the set on the bye
stand): the bye stand put one table nearer table 1 (§2) and one table further away (§3).
The seed's text extraction of them is kept below exactly as extracted; our readings
follow, with the reasons.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from types import ModuleType

import pytest

from engine.advisor.service import advise
from engine.errors import InvalidMovement, PluginError
from engine.guides import BoardSpot, Stand, TableSide, table_cards
from engine.movement import Movement
from engine.registry import ENTRY_POINT_GROUP, create_registry, parse_options
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell import relay_recovery as mitchell_relay_recovery
from plugins.movements.mitchell.basic import Mitchell, MitchellOptions
from plugins.movements.mitchell.relay_recovery import (
    RelayMitchellRecovery,
    RelayRecoveryOptions,
)

RECOVERY = RelayMitchellRecovery()


def build(tables: int, bye_stand_after: int, boards_per_round: int = 3) -> Movement:
    return RECOVERY.build(
        tables,
        RelayRecoveryOptions(bye_stand_after=bye_stand_after, boards_per_round=boards_per_round),
    )


def grid(text: str) -> list[list[str]]:
    return [line.split("\t")[1:] for line in text.strip("\n").splitlines()]


def entries(cell: str) -> list[str]:
    """A cell's entries ("NS-EW" or "bye"), the extraction's underlining dropped."""
    return re.sub(r"</?u>", "", cell).split()


def same_cells(ours: list[list[str]], read: list[list[str]]) -> bool:
    """Cell for cell: the same entries (a relay cell's two in any order)."""
    return [[sorted(entries(c)) for c in row] for row in ours] == [
        [sorted(entries(c)) for c in row] for row in read
    ]


# §2 "バイ・テーブルを近くに置いた場合" (bye stand put near table 1), exactly as extracted.
NEAR_EXTRACTED = """
1\t1-1 8-8\t2-2\t3-3\t<u>bye</u>\t4-4\t5-5\t6-6\t7-7
2\t7-6 8-7\t1-8\t2-1\t3-2\t<u>bye</u>\t4-3\t5-4\t6-5
3\t6-4 8-6\t7-5\t1-7\t2-8\t3-1\t<u>bye</u>\t4-2\t5-3
4\t5-2 8-5\t6-3\t7-4\t1-6\t2-7\t3-8\t<u>bye</u>\t4-1
5\tbye 4-4\t5-1\t6-2\t7-3\t1-5\t2-6\t3-7\t8-8
6\t4-7 6-1\tbye 5-8\t\t<u>6-1</u>\t7-2 8-3\t1-4\t2-5\t3-6
7\t3-5 6-8\t4-6 5-7\tbye 5-7\t\t6-8 7-1 8-2\t7-1 6-7\t1-3 7-8 8-1\t2-4 1-2
8\t2-3 8-1\t3-4 4-5\t4-5 bye\t\t5-6 6-7\t\t\t
"""

# Our reading of it. Rows 1-5: the sheet, like figure 10 (the relay Mitchell, see
# test_basic.py), prints table 8's encounter on a line of its own, which the
# extraction put after the first cell; table 8 plays the set of the table it relays with
# — table 1 in rounds 1-4 ("1-8 8-7" in round 2 …), table 7 from round 5, as the text
# says ("この修正ラウンド以降、一番番号の大きいテーブルは、一つ番号の少いテーブルとボード
# のリレイを行い"), so round 5's "4-4" (NS 4 at table 8, exchanged) joins "7-3" on set 4.
# Row 6: "6-1" is printed twice, in the first cell and (underlined) in its own column
# 10-12 after an empty one; a pair plays one set a round, so it is read once, in its
# column, and "5-8", printed after "bye", fills the empty column 7-9. Rows 7-8: the
# extraction spilled row 8's right half ("6-7", "7-8 8-1", "1-2") into row 7, where
# they would seat NS 6, 7, 8 and 1 twice, and repeated "6-8", "5-7", "7-1" and "4-5";
# each entry is read once, in the row where its pairs are free. Every other entry
# stands where it is printed, and the whole sheet follows the text's rule.
NEAR_READ = """
1\t1-1 8-8\t2-2\t3-3\tbye\t4-4\t5-5\t6-6\t7-7
2\t7-6\t1-8 8-7\t2-1\t3-2\tbye\t4-3\t5-4\t6-5
3\t6-4\t7-5\t1-7 8-6\t2-8\t3-1\tbye\t4-2\t5-3
4\t5-2\t6-3\t7-4\t1-6 8-5\t2-7\t3-8\tbye\t4-1
5\tbye\t5-1\t6-2\t7-3 4-4\t1-5\t2-6\t3-7\t8-8
6\t4-7\tbye\t5-8\t6-1\t7-2 8-3\t1-4\t2-5\t3-6
7\t3-5\t4-6\tbye\t5-7\t6-8\t7-1 8-2\t1-3\t2-4
8\t2-3\t3-4\t4-5\tbye\t5-6\t6-7\t7-8 8-1\t1-2
"""

# §3 "バイ・テーブルを遠くに置いた場合" (bye stand put far away), exactly as extracted.
FAR_EXTRACTED = """
1\t1-1 8-8\t2-2\t3-3\t4-4\t5-5\t<u>bye</u>\t6-6\t7-7
2\t7-6 8-7\t1-8\t2-1\t3-2\t4-3\t5-4\t<u>bye</u>\t6-5
3\t6-4 8-6\t7-5\t1-7\t2-8\t3-1\t4-2\t5-3\t<u>bye</u>
4\tbye\t6-3 7-4\t8-5\t1-6\t2-7\t3-8\t4-1\t5-2
5\tbye\t5-1\t6-2 7-3\t8-4\t2-6 1-5\t3-7\t4-8\t
6\t4-7\tbye 5-8\t6-1\t7-2\t8-3\t2-5 1-4\t3-6\t
7\t3-5\t4-6\tbye 5-7\t6-8\t7-1\t8-2\t2-4 1-3\t
8\t2-3 <u>5-2</u>\t3-4\t4-5\tbye 1-6\t6-7\t7-8\t8-1\t
"""

# Our reading of it. Every entry is printed once; in rows 4-8 the extraction merged one
# cell with its neighbour and shifted the rest left (the last column is empty), so the
# entries are read in their printed order, one set each, two for the relay: table 8's
# line ("8-5") with table 1 in round 4, and from round 5 tables 2 and 1, printed in that
# order ("2-6 1-5": table 1 shares table 2's boards, "1番テーブルは2番テーブルとリレイ").
# In round 8 the relay cell "2-3 5-2" thus seats NS 5 at table 1, and "1-6" (after the
# bye of set 4) is set 5 at table 5: NS 1 and NS 5 exchange tables, the only exchange
# that keeps every pair off boards it has played (see the search test below).
FAR_READ = """
1\t1-1 8-8\t2-2\t3-3\t4-4\t5-5\tbye\t6-6\t7-7
2\t7-6\t1-8 8-7\t2-1\t3-2\t4-3\t5-4\tbye\t6-5
3\t6-4\t7-5\t1-7 8-6\t2-8\t3-1\t4-2\t5-3\tbye
4\tbye\t6-3\t7-4\t1-6 8-5\t2-7\t3-8\t4-1\t5-2
5\tbye\t5-1\t6-2\t7-3\t8-4\t2-6 1-5\t3-7\t4-8
6\t4-7\tbye\t5-8\t6-1\t7-2\t8-3\t2-5 1-4\t3-6
7\t3-5\t4-6\tbye\t5-7\t6-8\t7-1\t8-2\t2-4 1-3
8\t2-3 5-2\t3-4\t4-5\tbye\t1-6\t6-7\t7-8\t8-1
"""

# The underlining (<u>…</u>) marks the misplaced bye stand of the first rounds and two
# cells ("6-1" of §2, "5-2" of §3, the latter the exchanged NS 5); it changes no entry
# and is dropped.


# ---- the printed sheets ------------------------------------------------------------------


def test_bye_stand_near_table_1_reproduces_the_manuals_sheet() -> None:
    m = build(8, 3)
    assert m.rounds == 8 and m.boards == tuple(range(1, 25))
    assert same_cells(m.master_sheet(), grid(NEAR_READ))


def test_bye_stand_far_away_reproduces_the_manuals_sheet() -> None:
    m = build(8, 5)
    assert m.rounds == 8 and m.boards == tuple(range(1, 25))
    assert same_cells(m.master_sheet(), grid(FAR_READ))


def sheet_entries(sheet: list[list[str]], *rows: int) -> Counter[str]:
    return Counter(e for r in rows for cell in sheet[r - 1] for e in entries(cell))


@pytest.mark.parametrize(
    ("extracted", "read", "spilled"),
    [(NEAR_EXTRACTED, NEAR_READ, (6, 7, 8)), (FAR_EXTRACTED, FAR_READ, ())],
    ids=["near", "far"],
)
def test_the_readings_keep_every_printed_entry(
    extracted: str, read: str, spilled: tuple[int, ...]
) -> None:
    """Row by row the reading has exactly the printed entries, except in §2's rows 6-8,
    where it drops only the repeated ones and moves only between rows 7 and 8."""
    printed, ours = grid(extracted), grid(read)
    for r in range(1, 9):
        if r not in spilled:
            assert sheet_entries(printed, r) == sheet_entries(ours, r), r
    if spilled:
        theirs, mine = sheet_entries(printed, *spilled), sheet_entries(ours, *spilled)
        assert not mine - theirs, "nothing is read that is not printed"
        repeated = sorted((theirs - mine).elements())
        assert repeated == ["4-5", "5-7", "6-1", "6-7", "6-8", "7-1", "8-1"]
        assert set(sheet_entries(printed, 6)) == set(sheet_entries(ours, 6))
        assert set(sheet_entries(printed, 7, 8)) == set(sheet_entries(ours, 7, 8))


def test_where_the_extraction_kept_the_columns_ours_agree() -> None:
    """§2 throughout and §3 rows 1-3: every printed cell starts with the entry of our
    cell in that column (a cell the extraction emptied says nothing)."""
    for extracted, read, rows in ((NEAR_EXTRACTED, NEAR_READ, 8), (FAR_EXTRACTED, FAR_READ, 3)):
        for printed_row, our_row in zip(grid(extracted)[:rows], grid(read), strict=False):
            for printed, ours in zip(printed_row, our_row, strict=True):
                if entries(printed):
                    assert entries(printed)[0] == entries(ours)[0]


def test_where_the_extraction_merged_cells_ours_follow_the_printed_order() -> None:
    """§3 rows 4-8 and §2 rows 1-5: read in order, with table 8's line of the first
    rounds set aside, the printed entries are ours set by set."""
    for extracted, read, rows, table_8_line in (
        (FAR_EXTRACTED, FAR_READ, range(4, 9), {4: "8-5"}),
        (NEAR_EXTRACTED, NEAR_READ, range(1, 6), {1: "8-8", 2: "8-7", 3: "8-6", 4: "8-5"}),
    ):
        for r in rows:
            printed = [e for c in grid(extracted)[r - 1] for e in entries(c)]
            ours = [e for c in grid(read)[r - 1] for e in entries(c)]
            aside = table_8_line.get(r, "4-4" if r == 5 and extracted is NEAR_EXTRACTED else "")
            if aside:
                printed.remove(aside)
                ours.remove(aside)
            assert printed == ours, r


def test_table_8s_line_is_table_8() -> None:
    """The entry the extraction put after the first cell of §2's rows 1-5 is the pair
    at table 8 (NS 4 in the correction round)."""
    m = build(8, 3)
    for r, row in enumerate(grid(NEAR_EXTRACTED)[:5], start=1):
        (at_8,) = [e for e in m.round(r) if e.table == 8]
        assert f"{at_8.ns}-{at_8.ew}" == entries(row[0])[1]


# ---- what the text says ------------------------------------------------------------------


def test_the_correction_round_follows_the_text() -> None:
    """§2: half the rounds as set up; in the next, set 1 onto the bye stand at its right
    place, the highest set stays, the rest go down one table; EW up one table; the NS
    that just played the highest set and the last table's NS exchange tables, meeting
    their round-1 opponents again; from then the last table relays with the one below;
    the exchanged NS pairs go back and keep their numbers."""
    m = build(8, 3)
    where: dict[tuple[int, int], int] = {}
    for e in m.schedule:  # a relayed set by its lower table
        where.setdefault((e.round, e.boards[0]), e.table)
    byes = dict(m.bye_boards)
    assert byes[4] == (19, 20, 21) and byes[5] == (1, 2, 3)  # set 1 onto the bye stand
    assert where[4, 22] == where[5, 22] == 4  # the highest set stays at table 4
    # sets 2-7 go down one table: table 1's to table 7, the old bye stand's to table 3
    assert {b: where[4, b] for b in (4, 7, 10, 13, 16)} == {4: 6, 7: 7, 10: 1, 13: 2, 16: 3}
    assert {b: where[5, b] for b in (4, 7, 10, 13, 16, 19)} == {
        4: 5,
        7: 6,
        10: 7,
        13: 1,
        16: 2,
        19: 3,
    }
    five = {e.table: (e.ns, e.ew) for e in m.round(5)}
    assert five[4] == (8, 8) and five[8] == (4, 4)
    assert {e.table: e.ew for e in m.round(5)} == {t: (t + 3) % 8 + 1 for t in range(1, 9)}
    assert [r.tables for r in m.relays] == [(1, 8)] * 4 + [(7, 8)] * 4
    assert all(e.ns == e.table for e in m.schedule if e.round != 5)
    assert check(m).notes == [
        "EW pair 4 and NS pair 4 meet in rounds 1 and 5.",
        "EW pair 8 and NS pair 8 meet in rounds 1 and 5.",
    ]
    assert m.stationary == tuple(Pair(t, Line.NS) for t in (1, 2, 3, 5, 6, 7))


def test_far_away_table_1_relays_with_table_2_after_half_time() -> None:
    m = build(8, 5)
    assert [r.tables for r in m.relays] == [(1, 8)] * 4 + [(1, 2)] * 4
    assert dict(m.bye_boards)[4] == dict(m.bye_boards)[5] == (1, 2, 3)
    assert all(e.ns == e.table for e in m.schedule if e.round < 8)
    eight = {e.table: (e.ns, e.ew) for e in m.round(8)}
    assert eight[1] == (5, 2) and eight[5] == (1, 6)
    assert check(m).notes == [
        "EW pair 2 and NS pair 5 meet in rounds 4 and 8.",
        "EW pair 6 and NS pair 1 meet in rounds 4 and 8.",
    ]


def played_before(m: Movement, rnd: int) -> dict[int, set[int]]:
    """NS pair → boards it played before round ``rnd``."""
    out: dict[int, set[int]] = {}
    for e in m.schedule:
        if e.round < rnd:
            out.setdefault(e.ns, set()).update(e.boards)
    return out


@pytest.mark.parametrize("tables", [6, 8, 10, 12, 14, 16])
def test_far_away_the_last_rounds_search_has_one_answer(tables: int) -> None:
    """§3: "未だプレイしていないペアとの対戦を探し出す" — the director finds the last round
    from the sheet so far. With the boards and EW pairs where they go, the only exchange of
    two NS pairs keeping everyone off boards played is NS 1 with NS tables/2 + 1."""
    m = build(tables, tables // 2 + 1)
    before = played_before(m, tables)
    boards_at = {e.table: set(e.boards) for e in m.round(tables)}
    fits = [
        (a, b)
        for a, b in itertools.combinations(range(1, tables + 1), 2)
        if all(
            not before[ns] & boards_at[t]
            for t in range(1, tables + 1)
            for ns in [b if t == a else a if t == b else t]
        )
    ]
    assert fits == [(1, tables // 2 + 1)]


def test_the_first_half_is_the_movement_as_set_up() -> None:
    """Rounds 1 to n/2 are the relay Mitchell as it was set up: its pairs at its tables,
    tables 1 and n sharing a set, sets 1, 2 … at tables 1, 2 … up to the bye stand, which
    holds the next set."""
    relay = Mitchell().build(12, MitchellOptions(variant="relay"))
    for after in (5, 7):
        m = build(12, after, boards_per_round=2)
        assert dict(m.bye_boards)[1] == (2 * after + 1, 2 * after + 2)
        for r in range(1, 7):
            ours = {(e.table, e.ns, e.ew) for e in m.round(r)}
            assert ours == {(e.table, e.ns, e.ew) for e in relay.round(r)}
            shared = {e.boards for e in m.round(r) if e.table in (1, 12)}
            assert len(shared) == 1
        for table in range(1, min(after, 6) + 1):
            assert m.round(1)[table - 1].boards == relay.round(1)[table - 1].boards


# ---- any even number of tables -----------------------------------------------------------


@pytest.mark.parametrize("tables", range(4, 22, 2))
@pytest.mark.parametrize("case", ["near", "far"])
def test_the_rule_keeps_duplicate_play_on_any_even_number_of_tables(tables: int, case: str) -> None:
    half = tables // 2
    after = half - 1 if case == "near" else half + 1
    m = build(tables, after, boards_per_round=2)
    report = check(m)
    assert report.ok
    assert set(report.plays.values()) == {tables}
    twice = [k for k, n in report.meetings.items() if n > 1]
    movers = (half, tables) if case == "near" else (1, half + 1)
    assert len(twice) == 2 and {p.number for k in twice for p in k if p.line is Line.NS} == set(
        movers
    )
    assert len(report.meetings) == tables * tables - 2
    assert len(m.relays) == tables and len(m.bye_boards) == tables
    # Like the relay Mitchell it cannot stop early: the relay set is ahead of the bye set.
    for last in range(1, tables):
        plays = Counter(b for e in m.schedule if e.round <= last for b in e.boards)
        assert len(set(plays.values())) > 1 or len(plays) < len(m.boards)
    assert Pair(movers[0], Line.NS) not in m.stationary


# ---- director's documents ----------------------------------------------------------------


def test_the_guide_cards_tell_the_exchanges() -> None:
    near = {c.table: c for c in table_cards(build(8, 3))}
    four = near[4].rounds[3]
    assert four.ns_next == TableSide(8, Line.NS)
    assert four.boards_next == BoardSpot(Stand.TABLE, (4,))
    assert near[8].rounds[3].ns_next == TableSide(4, Line.NS)
    assert near[8].rounds[4].ns_next == TableSide(4, Line.NS)  # back home after round 5
    assert near[5].rounds[3].boards_next == BoardSpot(Stand.BYE)
    far = {c.table: c for c in table_cards(build(8, 5))}
    assert far[1].rounds[6].ns_next == TableSide(5, Line.NS)
    assert far[2].rounds[3].boards_next == BoardSpot(Stand.TABLE, (8,))


@pytest.mark.parametrize("tables", range(4, 16, 2))
@pytest.mark.parametrize("case", ["near", "far"])
def test_cards_slips_and_placement_follow_the_schedule(tables: int, case: str) -> None:
    """The properties tests/engine/test_guides.py checks on every family it can build
    without options (this one needs the misplacement, so the sweep passes it by)."""
    from tests.engine import test_guides as guides  # builds its sweep: import when needed

    half = tables // 2
    m = build(tables, half - 1 if case == "near" else half + 1)
    guides.test_following_a_slip_reproduces_the_pairs_encounters(m)
    guides.test_following_the_cards_reproduces_the_next_round(m)
    guides.test_the_placement_lays_every_set_where_round_one_wants_it(m)


def test_the_description_is_the_directors_instructions() -> None:
    near = build(8, 3).description
    assert "bye stand put between tables 3 and 4 instead of 4 and 5" in near
    assert "move the bye stand between tables 4 and 5 and put boards 1-3 on it" in near
    assert "boards 22-24 stay at table 4" in near
    assert "NS 4 and NS 8 exchange tables for round 5 only" in near
    far = build(8, 5).description
    assert "From round 5 table 1 shares boards with table 2" in far
    assert "In round 8 NS 1 and NS 5 exchange tables" in far


# ---- refusals and registration -----------------------------------------------------------


@pytest.mark.parametrize(
    ("tables", "after", "message"),
    [
        (8, 4, "that is its right place"),
        (8, 2, "one table off its place: after table 3 or 5 on 8 tables, not after table 2"),
        (8, 6, "not after table 6"),
        (7, 3, "for an even number of tables"),
        (2, 1, "at least 3 tables"),
    ],
)
def test_refusals(tables: int, after: int, message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        build(tables, after)


def test_the_misplacement_must_be_given() -> None:
    with pytest.raises(PluginError, match="bye_stand_after"):
        parse_options(RECOVERY, {"boards_per_round": 3})


def not_installed(*modules: ModuleType) -> tuple[ModuleType, ...]:
    from importlib.metadata import entry_points

    installed = {ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return tuple(m for m in modules if m.__name__ not in installed)


def test_registered_by_name_and_aliases_but_never_proposed() -> None:
    registry = create_registry(*not_installed(mitchell_relay_recovery))
    for name in ("relay-mitchell-recovery", "relay-recovery", "misplaced-bye-mitchell"):
        assert registry.movement(name).name == "relay-mitchell-recovery"
    family = registry.movement("relay-recovery")
    built = family.build(8, parse_options(family, {"bye_stand_after": 3}))
    assert built.plugin == "relay-mitchell-recovery"
    # A recovery is no game to propose: without the misplacement it is not built.
    advice = advise(registry, 16)
    families = {a.family for p in advice.proposals for s in p.sections for a in s.sessions}
    assert "relay-mitchell-recovery" not in families
