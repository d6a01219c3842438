"""Mitchell movements against the JCBL director manual (part 2, chapter 3) and by property."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily, create_registry, parse_options
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell.basic import Mitchell, MitchellOptions

MITCHELL = Mitchell()


def sheet(m: Movement) -> list[list[str]]:
    return m.master_sheet()


def grid(text: str) -> list[list[str]]:
    return [line.split("\t")[1:] for line in text.strip().splitlines()]


# Figure 9: 7-table Mitchell (rows are rounds, columns board sets 1-3 … 19-21).
FIGURE_9 = """
1\t1-1\t2-2\t3-3\t4-4\t5-5\t6-6\t7-7
2\t7-6\t1-7\t2-1\t3-2\t4-3\t5-4\t6-5
3\t6-4\t7-5\t1-6\t2-7\t3-1\t4-2\t5-3
4\t5-2\t6-3\t7-4\t1-5\t2-6\t3-7\t4-1
5\t4-7\t5-1\t6-2\t7-3\t1-4\t2-5\t3-6
6\t3-5\t4-6\t5-7\t6-1\t7-2\t1-3\t2-4
7\t2-3\t3-4\t4-5\t5-6\t6-7\t7-1\t1-2
"""

# Figure 11: 8-table skip Mitchell (EW skip one table after round 4).
FIGURE_11 = """
1\t1-1\t2-2\t3-3\t4-4\t5-5\t6-6\t7-7\t8-8
2\t8-7\t1-8\t2-1\t3-2\t4-3\t5-4\t6-5\t7-6
3\t7-5\t8-6\t1-7\t2-8\t3-1\t4-2\t5-3\t6-4
4\t6-3\t7-4\t8-5\t1-6\t2-7\t3-8\t4-1\t5-2
5\t5-8\t6-1\t7-2\t8-3\t1-4\t2-5\t3-6\t4-7
6\t4-6\t5-7\t6-8\t7-1\t8-2\t1-3\t2-4\t3-5
7\t3-4\t4-5\t5-6\t6-7\t7-8\t8-1\t1-2\t2-3
"""

# Figure 10: 8-table bye-and-relay Mitchell, exactly as the seed's text extraction
# gives it (columns board sets 1-3 … 22-24).
FIGURE_10_EXTRACTED = """
1\t1-1 8-8\t2-2\t3-3\t4-4\tbye\t5-5\t6-6\t7-7
2\t7-6 8-7\t1-8\t2-1\t3-2\t4-3\tbye\t5-4\t6-5
3\t6-4 8-6\t7-5\t1-7\t2-8\t3-1\t4-2\tbye\t5-3
4\t5-2 8-5\t6-3\t7-4\t1-6\t2-7\t3-8\t4-1\tbye
5\tbye 8-4\t5-1\t6-2\t7-3\t1-5 8-4\t2-6\t3-7\t4-8
6\t4-7 8-3\tbye 8-3\t5-8\t6-1\t7-2\t1-4 8-3\t2-5\t3-6
7\t3-5 8-2\t4-6 8-2\tbye 8-2\t5-7\t6-8\t7-1 8-1\t1-3 2-4\t2-4
8\t2-3 8-1\t3-4\t4-5\tbye\t5-6\t6-7\t7-8\t1-2 8-1
"""


def test_figure_9_seven_table_mitchell() -> None:
    m = MITCHELL.build(7, MitchellOptions(boards_per_round=3))
    assert m.rounds == 7
    assert sheet(m) == grid(FIGURE_9)


@pytest.mark.parametrize(
    ("per_round", "first_sets"),
    [
        (3, ["1-3", "4-6", "7-9", "10-12", "13-15", "16-18", "19-21"]),
        (4, ["1-4", "5-8", "9-12", "13-16", "17-20", "21-24", "25-28"]),
    ],
)
def test_boards_laid_out_as_the_manual_shows_for_seven_tables(
    per_round: int, first_sets: list[str]
) -> None:
    m = MITCHELL.build(7, MitchellOptions(boards_per_round=per_round))
    laid = [f"{e.boards[0]}-{e.boards[-1]}" for e in m.round(1)]
    assert laid == first_sets


def test_figure_11_eight_table_skip_mitchell() -> None:
    m = MITCHELL.build(8, MitchellOptions(boards_per_round=3))
    assert m.rounds == 7
    assert sheet(m) == grid(FIGURE_11)


def test_figure_10_eight_table_relay_mitchell() -> None:
    """The relay Mitchell against our reading of the garbled figure 10.

    Reading: the sheet has an extra column for table 8 (which plays the relay set with
    table 1), and the extraction folded its "8-x" entries into other cells. So we rely
    on (1) the first entry of every cell in all eight rows (the table playing that set,
    or "bye"), which is legible throughout; (2) the "8-x" next to the first column,
    which gives table 8 in every round; (3) the relay cells of rows 1, 5 and 8, whose
    text ("1-1 8-8", "1-5 8-4", "1-2 8-1") is intact. Stray duplicates (the "8-x"
    after the bye cells, "2-4" and "8-1" in row 7) are ignored.
    """
    m = MITCHELL.build(8, MitchellOptions(variant="relay", boards_per_round=3))
    assert m.rounds == 8
    ours, printed = sheet(m), grid(FIGURE_10_EXTRACTED)
    for rnd, (our_row, printed_row) in enumerate(zip(ours, printed, strict=True), start=1):
        assert [c.split()[0] for c in our_row] == [c.split()[0] for c in printed_row]
        (table_8,) = [e for e in m.round(rnd) if e.table == 8]
        assert f"8-{table_8.ew}" == printed_row[0].split()[1]
    for rnd, cell in ((1, 0), (5, 4), (8, 7)):
        assert ours[rnd - 1][cell] == printed[rnd - 1][cell]


def test_relay_and_bye_stand() -> None:
    m = MITCHELL.build(8, MitchellOptions(variant="relay"))
    assert [r.tables for r in m.relays] == [(1, 8)] * 8
    assert [r.boards for r in m.relays[:2]] == [(1, 2), (3, 4)]
    # The bye stand stands between tables 4 and 5: set 5 rests in round 1, set 4 in round 8.
    assert m.bye_boards[0] == (1, (9, 10))
    assert m.bye_boards[-1] == (8, (7, 8))
    assert "bye stand between tables 4 and 5" in m.description


@pytest.mark.parametrize("tables", [1, 2])
def test_too_few_tables(tables: int) -> None:
    with pytest.raises(InvalidMovement, match="at least 3 tables"):
        MITCHELL.build(tables)


@pytest.mark.parametrize(
    ("tables", "options", "message"),
    [
        (8, MitchellOptions(variant="straight"), "needs an odd number of tables"),
        (7, MitchellOptions(variant="skip"), "for an even number of tables"),
        (7, MitchellOptions(variant="relay"), "for an even number of tables"),
        (8, MitchellOptions(variant="relay", rounds=6), "cannot be curtailed"),
        (8, MitchellOptions(rounds=8), "has 7 rounds, not 8"),
        (7, MitchellOptions(rounds=8), "has 7 rounds, not 8"),
    ],
)
def test_refusals(tables: int, options: MitchellOptions, message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        MITCHELL.build(tables, options)


@pytest.mark.parametrize("tables", [3, 7, 15, 29])
def test_boards_down_pairs_up(tables: int) -> None:
    m = MITCHELL.build(tables)
    where = {(e.round, e.table): e for e in m.schedule}
    for (rnd, table), e in where.items():
        if rnd < m.rounds:
            up = where[rnd + 1, table % tables + 1]
            down = where[rnd + 1, (table - 2) % tables + 1]
            assert up.ew == e.ew, "EW move to the next higher table"
            assert down.boards == e.boards, "boards move to the next lower table"


def test_curtailed_mitchell() -> None:
    m = MITCHELL.build(9, MitchellOptions(rounds=6))
    assert m.rounds == 6
    assert sheet(m)[:6] == sheet(MITCHELL.build(9))[:6]


def test_phantom_is_the_last_tables_ns_pair() -> None:
    assert MITCHELL.build(7).phantom == Pair(7, Line.NS)
    assert MITCHELL.build(8).phantom == Pair(8, Line.NS)
    assert MITCHELL.build(8).stationary == tuple(Pair(t, Line.NS) for t in range(1, 9))


def test_follows_the_movement_family_protocol() -> None:
    families: list[MovementFamily] = [MITCHELL]  # mypy checks the protocol here
    assert all(isinstance(f, MovementFamily) for f in families)


def test_loaded_through_the_entry_point_registry() -> None:
    registry = create_registry()
    family = registry.movement("mitchell")
    assert registry.movement("Mitchel") is family
    options = parse_options(family, {"variant": "relay", "boards_per_round": 3})
    assert family.build(8, options).relays
    assert isinstance(family, MovementFamily)
    assert isinstance(family, Mitchell)


VARIANTS = {1: ["auto", "straight"], 0: ["auto", "skip", "relay"]}
CASES = [(t, v) for t in range(3, 31) for v in VARIANTS[t % 2] if v != "auto"]


def assert_sound(m: Movement) -> None:
    """The rules checked by hand, not only through the validator."""
    assert check(m).ok
    assert all(e.ns == e.table for e in m.schedule), "NS pairs never move"
    plays = Counter(b for e in m.schedule for b in e.boards)
    assert len(set(plays.values())) == 1, "every board is played equally often"
    by_pair = Counter(
        (line, number, b)
        for e in m.schedule
        for line, number in (("NS", e.ns), ("EW", e.ew))
        for b in e.boards
    )
    assert max(by_pair.values()) == 1, "no pair plays a board twice"
    met = Counter((e.ns, e.ew) for e in m.schedule)
    assert max(met.values()) == 1, "no two pairs meet twice"


@pytest.mark.parametrize(("tables", "variant"), CASES)
def test_every_size_and_variant_is_sound(tables: int, variant: str) -> None:
    m = MITCHELL.build(tables, MitchellOptions.model_validate({"variant": variant}))
    assert_sound(m)
    assert m.rounds == (tables - 1 if variant == "skip" else tables)
    assert len(m.boards) == 2 * tables


@settings(max_examples=60, deadline=None)
@given(data=st.data(), tables=st.integers(3, 30))
def test_options_keep_the_movement_sound(data: st.DataObject, tables: int) -> None:
    variant = data.draw(st.sampled_from(VARIANTS[tables % 2]))
    full = tables - 1 if variant in ("skip", "auto") and tables % 2 == 0 else tables
    rounds = None if variant == "relay" else data.draw(st.none() | st.integers(1, full))
    options = MitchellOptions.model_validate(
        {
            "variant": variant,
            "rounds": rounds,
            "boards_per_round": data.draw(st.integers(1, 4)),
            "first_board": data.draw(st.integers(1, 100)),
        }
    )
    m = MITCHELL.build(tables, options)
    assert_sound(m)
    assert m.rounds == (rounds or full)
    assert m.boards[0] == options.first_board
    assert len(m.boards) == tables * options.boards_per_round


# JCBL appendix 3 §4, the skip formula: with Y rounds on N tables the earliest round
# after which the EW pairs may skip is X = Y - N/2. Sections of 14, 16 and 18 tables
# playing 13 rounds: X = 6, 5 and 4, so all can skip together after round 6 or 7; after
# round 8 is too late for the 14-table section.
@pytest.mark.parametrize(("tables", "earliest"), [(14, 6), (16, 5), (18, 4)])
def test_the_skip_formula(tables: int, earliest: int) -> None:
    for skip in (earliest, 6, 7):
        m = MITCHELL.build(tables, MitchellOptions(rounds=13, skip_after=skip))
        assert_sound(m)
        assert f"skip one table after round {skip}" in m.description
    with pytest.raises(InvalidMovement, match=f"from {earliest} to {tables // 2}"):
        MITCHELL.build(tables, MitchellOptions(rounds=13, skip_after=earliest - 1))


def test_skipping_after_round_8_is_too_late_for_14_tables() -> None:
    with pytest.raises(InvalidMovement, match="not after round 8"):
        MITCHELL.build(14, MitchellOptions(rounds=13, skip_after=8))


def test_an_early_skip_moves_the_ew_pairs_one_table_further() -> None:
    m = MITCHELL.build(14, MitchellOptions(rounds=13, skip_after=6))
    ew_1 = [e.table for e in m.schedule if e.ew == 1]
    assert ew_1 == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]


def test_only_a_skip_mitchell_skips() -> None:
    with pytest.raises(InvalidMovement, match="Only a skip Mitchell has a skip"):
        MITCHELL.build(7, MitchellOptions(skip_after=3))


@settings(max_examples=40, deadline=None)
@given(data=st.data(), half=st.integers(2, 10))
def test_every_skip_the_formula_allows_is_sound(data: st.DataObject, half: int) -> None:
    tables = 2 * half
    rounds = data.draw(st.integers(1, tables - 1))
    skip = data.draw(st.integers(max(1, rounds - half), half))
    assert_sound(MITCHELL.build(tables, MitchellOptions(rounds=rounds, skip_after=skip)))


# ---- curtailing ------------------------------------------------------------------------------


def keeping(m: Movement, kept: Iterable[int]) -> Movement:
    """``m`` with only the rounds ``kept`` played, renumbered from 1: a curtailed session.

    Bye stands keep only the boards some table still plays."""
    number = {r: i for i, r in enumerate(sorted(kept), start=1)}
    schedule = tuple(
        e.model_copy(update={"round": number[e.round]}) for e in m.schedule if e.round in number
    )
    boards = {b for e in schedule for b in e.boards}
    return m.model_copy(
        update={
            "rounds": len(number),
            "schedule": schedule,
            "relays": tuple(
                r.model_copy(update={"round": number[r.round]})
                for r in m.relays
                if r.round in number
            ),
            "bye_boards": tuple(
                (number[r], tuple(b for b in bye if b in boards))
                for r, bye in m.bye_boards
                if r in number
            ),
            "sit_outs": tuple(
                s.model_copy(update={"round": number[s.round]})
                for s in m.sit_outs
                if s.round in number
            ),
            "curtail_after": (),
            "curtail_groups": (),
        }
    )


def equal_and_sound(m: Movement) -> bool:
    """The validator finds no problem and every board is played equally often (for a
    team movement unequal plays are only a note)."""
    report = check(m)
    return report.ok and not any(n.startswith("Boards are played unequally") for n in report.notes)


def assert_curtailing_exact(m: Movement) -> None:
    """``curtail_after`` lists exactly the rounds after which the rest may be left out with
    the movement still keeping the rules (every board played equally often, every match
    complete); every group of ``curtail_groups`` may be left out, alone or with the others
    as long as a round is left."""
    stops = tuple(r for r in range(1, m.rounds) if equal_and_sound(keeping(m, range(1, r + 1))))
    assert m.curtail_after == stops
    every = set(range(1, m.rounds + 1))
    for count in range(1, len(m.curtail_groups) + 1):
        for groups in itertools.combinations(m.curtail_groups, count):
            left = every - {r for g in groups for r in g}
            if left:
                assert equal_and_sound(keeping(m, left)), groups


@pytest.mark.parametrize(
    ("tables", "given", "stops"),
    [
        (7, {}, (1, 2, 3, 4, 5, 6)),
        (8, {}, (1, 2, 3, 4, 5, 6)),
        (9, {"rounds": 6}, (1, 2, 3, 4, 5)),
        (8, {"rounds": 5, "skip_after": 2}, (1, 2, 3, 4)),
        (8, {"variant": "relay"}, ()),
    ],
)
def test_play_may_stop_after_any_round_but_not_in_a_relay(
    tables: int, given: dict[str, object], stops: tuple[int, ...]
) -> None:
    """Every set is in play every round of a straight or skip Mitchell; a relay Mitchell
    plays its relay set twice a round and its bye set not at all (and cannot be curtailed)."""
    m = MITCHELL.build(tables, MitchellOptions.model_validate(given))
    assert m.curtail_after == stops
    assert m.curtail_groups == ()
    assert_curtailing_exact(m)
