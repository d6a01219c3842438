"""The JCBL quick-reference lists (appendix 1) as data: checked against the manual's pages,
its prose, and themselves.

The expected lists are written from the manual's pages in a notation of their own
(``"9+6 3 8A+8H =48"``: sections of 9 and 6 tables, 3 boards a round, 8-round appendix
Mitchell and 8-round Howell in both sessions, 48 boards; ``"15 2 11A/11I =44"``: one
section, the first session then the second). Readings of garbled cells are the module's
(its docstring): the one-section cells left blank for 11-14 tables, "8(?) 8(?)" read as
8(A) 8(I), the doubled 14-table block read as six lines with 9T + 5T for 9(M) 9(H), and
the unlabelled lines after 42 and 44 tables as 43 and 45. For 3 to 7 tables the list
prints only "Howell twice", the boards a round and a range of boards: the lines are the
Howell list's (2. 1) Howells within them, which is why 5 tables play 4 × 6 (the printed
"3 / 4") and 7 tables 3 × 8 (48 boards, in 40-54), which the weekly sheets (1. 1) lack."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.advisor.lists import (
    HOWELL_TWICE,
    TWO_SESSION_PLANS,
    WEEKLY_HOWELLS,
    WEEKLY_SHEETS,
    Kind,
    Play,
    Section,
    TwoSessionPlan,
    howell_list,
    listed_family,
    two_session_plan,
)
from engine.errors import InvalidInput, InvalidMovement
from engine.movement import Movement
from engine.registry import create_registry, parse_options

REGISTRY = create_registry()


def built(listed: tuple[str, dict[str, object]] | None, tables: int) -> Movement | None:
    """The movement of a listed family and options, as the installed family builds it
    (``None`` where it refuses the size)."""
    assert listed is not None
    name, options = listed
    family = REGISTRY.movement(name)
    try:
        return family.build(tables, parse_options(family, options))
    except InvalidMovement:
        return None


# ---- list 1. 1): the weekly table guide sheets ---------------------------------------------

EXPECTED_WEEKLY = {
    3: "H 4x5, H 5x5",
    4: "H 3x6, H 4x6, H 3x7, H 4x7",
    5: "H 3x7, H 3x8, H 2x9, H 3x9",
    6: "H 3x7, H 3x8, H 2x9, H 3x9, H 2x10, H 2x11",
    7: "H 2x9, H 3x9, H 2x10, H 2x11, H 2x12, H 2x13, straight 4x6, straight 3x7, straight 4x7",
    8: "H 2x10, H 2x11, H 2x12, H 2x13, H 2x15, skip 3x7, skip 4x7, relay 3x8",
    9: "H 2x10, H 2x11, H 2x12, H 2x13, straight 3x7, straight 3x8, straight 3x9",
    10: "H 2x12, H 2x13, skip 3x7, skip 3x8, skip 3x9",
    11: "H 2x12, H 2x13, straight 3x7, straight 3x8, straight 3x9, straight 2x11",
}
"""Appendix 1, 1. 1), by tables: kind, boards a round x rounds of every sheet."""


@pytest.mark.parametrize("tables", sorted(EXPECTED_WEEKLY))
def test_the_weekly_sheets_are_the_manuals_list(tables: int) -> None:
    got = [
        f"{line.kind.value} {per_round}x{rounds}"
        for line in WEEKLY_SHEETS
        if line.tables == tables
        for per_round, rounds in line.games
    ]
    assert sorted(got) == sorted(EXPECTED_WEEKLY[tables].split(", "))


def test_the_weekly_games_fit_the_manuals_evening() -> None:
    # Part 2 ch. 1: 20-30 boards a game (the 3-table 5 x 5 and the 8-table 2 x 15 at the
    # ends); and each figure is boards a round x rounds.
    for line in WEEKLY_SHEETS:
        for per_round, rounds in line.games:
            assert 18 <= per_round * rounds <= 30
        assert line.pairs[0] <= 2 * line.tables <= line.pairs[1] + 1


# ---- list 2. 1): the Howells with guide cards ----------------------------------------------


def test_the_weekly_howell_list() -> None:
    assert sorted({h.tables for h in WEEKLY_HOWELLS}) == list(range(3, 13))
    assert [(h.rounds, h.boards_per_round) for h in howell_list(7)] == [
        (8, 3),
        (9, 3),
        (10, 2),
        (11, 2),
        (12, 2),
        (13, 2),
    ]
    for offer in WEEKLY_HOWELLS:
        movement = built(listed_family(offer.tables, offer.rounds, Kind.HOWELL), offer.tables)
        if movement is None:
            assert offer.rounds <= offer.tables, "only the Mitchell-like rows are not built"
            continue
        assert movement.rounds == offer.rounds
        assert tuple(p.number for p in movement.stationary) == offer.stay
    with pytest.raises(InvalidInput, match="3 to 12 tables"):
        howell_list(13)


# ---- list 2. 2): two-session games ---------------------------------------------------------

EXPECTED_TWO_SESSIONS = {
    3: "3 4 5H =40; 3 5 5H =50",
    4: "4 4 6H =48; 4 3 7H =42",
    5: "5 4 6H =48; 5 3 7H =42; 5 3 8H =48; 5 3 9H =54",
    6: "6 3 7H =42; 6 3 8H =48; 6 3 9H =54; 6 2 10H =40; 6 2 11H =44",
    7: "7 3 8H =48; 7 3 9H =54; 7 2 10H =40; 7 2 11H =44; 7 2 12H =48; 7 2 13H =52",
    8: "8 3 7A/7I =42; 8 3 8M/7I =45; 8 2 13H =52",
    9: "9 3 7A/7I =42; 9 3 8A/8I =48; 9 3 8A/9I =51; 9 2 13H =52; 9 3 9M/9I =54",
    10: "10 3 7A/7I =42; 10 3 8A/8I =48; 10 3 9A/9I =54; 10 3 10M/9I =57",
    11: "7+4 3 7M+7H =42; 11 3 8A/8I =48; 11 3 9A/9I =54; 11 2 11M/11I =44",
    12: "7+5 3 7M+7H =42; 12 3 8A/8I =48; 12 3 9A/9I =54; 12 2 11A/11I =44; 12 2 12M/11I =46",
    13: "8+5 3 7A+7H =42; 13 2 11A/11I =44; 13 2 12A/12I =48; 13 2 12A/13I =50; 13 2 13M/13I =52",
    14: "7+7 3 7M+7M =42; 8+6 3 8M+8H =48; 9+5 3 9M+9H =54; 14 2 11A/11I =44; "
    "14 2 12A/12I =48; 14 2 13A/13I =52",
    15: "9+6 3 8A+8H =48; 9+6 3 9M+9H =54; 15 2 11A/11I =44; 15 2 12A/12I =48; 15 2 13A/13I =52",
    16: "8+8 3 8M+8M =48; 9+7 3 9M+9H =54; 16 2 11A/11I =44; 16 2 12A/12I =48; 16 2 13A/13I =52",
    17: "10+7 3 9A+9H =54; 11+6 2 11M+11H =44; 17 2 12A/12I =48; 17 2 13A/13I =52",
    18: "9+9 3 9M+9M =54; 11+7 2 11M+11H =44; 18 2 12A/12I =48; 18 2 13A/13I =52",
    19: "11+8 2 11M+11H =44; 12+7 2 12M+12H =48; 19 2 13A/13I =52",
    20: "11+9 2 11M+11H =44; 12+8 2 12M+12H =48; 13+7 2 13M+13H =52",
    21: "12+9 2 11A+11H =44; 12+9 2 12M+12H =48; 13+8 2 13M+13H =52",
    22: "11+11 2 11M+11M =44; 12+10 2 12M+12H =48; 13+9 2 13M+13H =52",
    23: "12+11 2 11A+11M =44; 12+11 2 12M+12H =48; 13+10 2 13M+13H =52",
    24: "13+11 2 11A+11M =44; 12+12 2 12M+12M =48; 13+11 2 13M+13H =52",
    25: "14+11 2 11A+11M =44; 13+12 2 12A+12M =48; 14+11 2 13A+13H =52",
    26: "15+11 2 11A+11M =44; 16+10 2 12A+12H =48; 13+13 2 13M+13M =52",
    27: "16+11 2 11A+11M =44; 16+11 2 12A+12H =48; 14+13 2 13A+13M =52",
    28: "11+11+6 2 11M+11M+11H =44; 16+12 2 12A+12M =48; 15+13 2 13A+13M =52",
    29: "11+11+7 2 11M+11M+11H =44; 17+12 2 12A+12M =48; 16+13 2 13A+13M =52",
    30: "11+11+8 2 11M+11M+11H =44; 18+12 2 12A+12M =48; 17+13 2 13A+13M =52",
    31: "11+11+9 2 11M+11M+11H =44; 12+10+9 2 12M+12H+12H =48; 18+13 2 13A+13M =52",
    32: "12+11+9 2 11A+11M+11H =44; 12+11+9 2 12M+12H+12H =48; 19+13 2 13A+13M =52",
    33: "11+11+11 2 11M+11M+11M =44; 12+11+10 2 12M+12H+12H =48; 13+11+9 2 13M+13H+13H =52",
    34: "12+11+11 2 11A+11M+11M =44; 12+12+10 2 12M+12M+12H =48; 13+11+10 2 13M+13H+13H =52",
    35: "13+11+11 2 11A+11M+11M =44; 12+12+11 2 12M+12M+12H =48; 13+13+9 2 13M+13M+13H =52",
    36: "14+11+11 2 11A+11M+11M =44; 12+12+12 2 12M+12M+12M =48; 13+13+10 2 13M+13M+13H =52",
    37: "15+11+11 2 11A+11M+11M =44; 13+12+12 2 12A+12M+12M =48; 13+13+11 2 13M+13M+13H =52",
    38: "16+11+11 2 11A+11M+11M =44; 16+12+10 2 12A+12M+12H =48; 14+13+11 2 13A+13M+13H =52",
    39: "11+11+11+6 2 11M+11M+11M+11H =44; 16+12+11 2 12A+12M+12H =48; 13+13+13 2 13M+13M+13M =52",
    40: "11+11+11+7 2 11M+11M+11M+11H =44; 16+12+12 2 12A+12M+12M =48; 18+13+9 2 13A+13M+13H =52",
    41: "11+11+11+8 2 11M+11M+11M+11H =44; 17+12+12 2 12A+12M+12M =48; 18+13+10 2 13A+13M+13H =52",
    42: "11+11+11+9 2 11M+11M+11M+11H =44; 18+12+12 2 12A+12M+12M =48; 19+13+10 2 13A+13M+13H =52",
    43: "12+11+11+9 2 11A+11M+11M+11H =44; 12+12+12+7 2 12M+12M+12M+12H =48; "
    "19+13+11 2 13A+13M+13H =52",
    44: "13+11+11+9 2 11A+11M+11M+11H =44; 12+12+12+8 2 12M+12M+12M+12H =48; "
    "18+13+13 2 13A+13M+13M =52",
    45: "12+11+11+11 2 11A+11M+11M+11M =44; 12+12+12+9 2 12M+12M+12M+12H =48; "
    "19+13+13 2 13A+13M+13M =52",
}
"""Appendix 1, 2. 2), by tables, in the notation above."""


def notation(split: str, per_round: int, first: str, second: str, boards: int) -> str:
    """``"9+6 3 8A+8H =48"``, or ``"15 2 11A/11I =44"`` when the sessions differ."""
    plays = first if first == second else f"{first}/{second}"
    return f"{split} {per_round} {plays} ={boards}"


def cells(plays: list[Play]) -> str:
    """``[8(A), 8(H)]`` → ``"8A+8H"``."""
    return "+".join(f"{p.rounds}{p.kind.value}" for p in plays)


def written(plan: TwoSessionPlan) -> str:
    return notation(
        "+".join(str(s.tables) for s in plan.sections),
        plan.boards_per_round,
        cells([s.first for s in plan.sections]),
        cells([s.second for s in plan.sections]),
        plan.boards,
    )


def shape(plan: TwoSessionPlan) -> tuple[tuple[int, str, str], ...]:
    """``((tables, "12A", "13I"), …)`` for each section."""
    return tuple((s.tables, cells([s.first]), cells([s.second])) for s in plan.sections)


def plans(tables: int, per_round: int = 2) -> list[tuple[tuple[int, str, str], ...]]:
    return [shape(p) for p in two_session_plan(tables) if p.boards_per_round == per_round]


@pytest.mark.parametrize("tables", range(3, 46))
def test_the_two_session_list_is_the_manuals(tables: int) -> None:
    got = [written(p) for p in two_session_plan(tables)]
    assert sorted(got) == sorted(EXPECTED_TWO_SESSIONS[tables].split("; "))


def test_every_size_from_3_to_45_tables() -> None:
    assert sorted({p.tables for p in TWO_SESSION_PLANS}) == list(range(3, 46))
    assert all(len(two_session_plan(t)) >= 2 for t in range(3, 46))
    for bad in (2, 46):
        with pytest.raises(InvalidInput, match="3 to 45 tables"):
            two_session_plan(bad)
    assert Counter(p.tables for p in TWO_SESSION_PLANS) == {
        t: len(EXPECTED_TWO_SESSIONS[t].split("; ")) for t in range(3, 46)
    }


def test_the_sections_add_up_and_none_is_listed_twice() -> None:
    for plan in TWO_SESSION_PLANS:
        assert sum(s.tables for s in plan.sections) == plan.tables
        for session in (0, 1):
            assert len({s.plays[session].rounds for s in plan.sections}) == 1, str(plan)
    keys = [(p.tables, p.boards_per_round, shape(p)) for p in TWO_SESSION_PLANS]
    assert len(keys) == len(set(keys))


def test_the_printed_totals() -> None:
    # ボード総数 is boards a round x both sessions' rounds wherever it is printed; the
    # lines of 22-29 tables (all but the first) and of 36-45 print it for some lines only.
    printed = [p for p in TWO_SESSION_PLANS if p.printed_boards is not None]
    assert all(p.printed_boards == p.boards for p in printed)
    assert len(printed) == 97
    blank = {p.tables for p in TWO_SESSION_PLANS if p.tables >= 8 and p.printed_boards is None}
    assert blank == set(range(22, 30)) | set(range(36, 46))
    # 3 to 7 tables print a range: the plans are the Howells within it.
    for tables, (per_round, (fewest, most)) in HOWELL_TWICE.items():
        found = two_session_plan(tables)
        assert {p.boards for p in found} >= {fewest, most}
        assert {p.boards_per_round for p in found} == set(per_round)
        for plan in found:
            assert fewest <= plan.boards <= most and plan.printed_boards is None
            ((_, first, second),) = shape(plan)
            assert first == second and first.endswith("H")


def test_one_section_plays_a_mitchell_then_the_interwoven_howell() -> None:
    """Part 3 ch. 3, 6: one section's second session is the interwoven Howell; several
    sections play the same movements again, the pairs changing sections."""
    for plan in TWO_SESSION_PLANS:
        if len(plan.sections) > 1:
            assert all(s.first == s.second for s in plan.sections)
        elif plan.tables >= 8 and plan.sections[0].first.kind is not Kind.HOWELL:
            (section,) = plan.sections
            assert section.first.kind in (Kind.APPENDIX_MITCHELL, Kind.SCRAMBLED_MITCHELL)
            assert section.second.kind is Kind.INTERWOVEN_HOWELL


def test_the_manuals_worked_examples() -> None:
    # Part 3 ch. 2, 2.1: 14 tables, 2 boards a round: an appendix Mitchell, then the
    # interwoven Howell, in 11 to 13 rounds.
    assert plans(14) == [((14, "11A", "11I"),), ((14, "12A", "12I"),), ((14, "13A", "13I"),)]
    # Ch. 2, 3: 13 tables in 25 rounds: a 12-round appendix Mitchell, then 13 rounds of
    # interwoven Howell (24 and 26 boards, ch. 2, 4).
    (plan,) = [p for p in two_session_plan(13) if shape(p) == ((13, "12A", "13I"),)]
    assert plan.boards == 50
    # Ch. 3, 1: 19 tables, 12 rounds: a 12-table scrambled Mitchell and a 7-table Howell.
    assert ((12, "12M", "12M"), (7, "12H", "12H")) in plans(19)
    # Ch. 3, 5 (1): 20 tables, 24 boards: 12T + 8T.
    assert ((12, "12M", "12M"), (8, "12H", "12H")) in plans(20)
    # Ch. 3, 5 (2): 26 tables in two sections: 16T appendix Mitchell + 10T Howell.
    assert ((16, "12A", "12A"), (10, "12H", "12H")) in plans(26)
    # Ch. 4, 1 (2) b ①: 29 tables, 11 rounds: sections of 11, 11 and 7 tables.
    assert ((11, "11M", "11M"), (11, "11M", "11M"), (7, "11H", "11H")) in plans(29)
    # Appendix 1, note 5: 33 tables, 2 boards, 13 rounds: 13T + 11T + 9T.
    assert ((13, "13M", "13M"), (11, "13H", "13H"), (9, "13H", "13H")) in plans(33)
    # Note 6 a: 25 tables, 13 rounds: a 14-table appendix Mitchell and an 11-table Howell.
    assert ((14, "13A", "13A"), (11, "13H", "13H")) in plans(25)


def test_the_printed_stay_pairs_and_stationary_counts() -> None:
    """A Howell section of ``n`` tables in ``r`` rounds keeps ``2n - r`` pairs still, the
    highest printed as the stay pair; an appendix Mitchell ``2 × (tables - rounds)``,
    and an interwoven Howell as many (two groups of ``tables`` pairs). Scrambled
    Mitchells have none ("—"). One printed count disagrees (15 tables, 12(A): 4 for 6,
    printed with "リレイが不規則") and is kept as printed."""
    odd_one = []
    for plan in TWO_SESSION_PLANS:
        for s in plan.sections:
            if s.first.kind is Kind.SCRAMBLED_MITCHELL:
                assert (s.stay, s.stationary) == (None, None)
            if s.stationary is None:
                continue
            expected = tuple(_still(s.tables, p) for p in s.plays)
            if s.stationary != expected:
                odd_one.append((plan.tables, shape(plan), s.stationary, expected))
            assert s.stay == 2 * s.tables
    assert odd_one == [(15, ((15, "12A", "12I"),), (4, 6), (6, 6))]


def _still(tables: int, play: Play) -> int:
    if play.kind is Kind.HOWELL:
        return 2 * tables - play.rounds
    return 2 * (tables - play.rounds)


def _stays(plan: TwoSessionPlan) -> list[tuple[int | None, tuple[int, int] | None]]:
    return [(s.stay, s.stationary) for s in plan.sections]


def test_stationary_pairs_for_special_needs() -> None:
    # 15 tables, 9T + 6T, 8(A) 8(H): "No. 18 No. 12", "2 / 2 4 / 4".
    (plan,) = [p for p in two_session_plan(15) if str(p).startswith("9T + 6T: 3 × 8(A)")]
    assert _stays(plan) == [(18, (2, 2)), (12, (4, 4))]
    # 21 tables, 12T + 9T, 11(A) 11(H): "No. 24 No. 18", "2 / 2 7 / 7".
    assert _stays(two_session_plan(21)[0]) == [(24, (2, 2)), (18, (7, 7))]
    # Scrambled Mitchells have none ("—").
    assert _stays(two_session_plan(22)[0]) == [(None, None), (None, None)]


def test_remarks_read_on_the_lines_they_describe() -> None:
    # "総当たり": every pair meets all 2n - 1 others over the two sessions.
    every = [p for p in TWO_SESSION_PLANS if "総当たり" in p.note]
    assert [written(p) for p in every] == ["8 3 8M/7I =45"]
    assert all(sum(p.rounds) == 2 * p.tables - 1 for p in every)
    # "ハウエル×2回": the Howell played twice.
    for plan in TWO_SESSION_PLANS:
        kinds = {play.kind for s in plan.sections for play in s.plays}
        assert ("ハウエル×2回" in plan.note) == (kinds == {Kind.HOWELL})
    # The guide's "2Rd 開始": a Howell section beside an appendix Mitchell.
    for plan in TWO_SESSION_PLANS:
        if "2Rd" in plan.note:
            firsts = {s.first.kind for s in plan.sections}
            assert {Kind.APPENDIX_MITCHELL, Kind.HOWELL} <= firsts


@pytest.mark.slow
def test_every_movement_named_with_a_family_builds() -> None:
    count, refused = 0, set()
    for plan in TWO_SESSION_PLANS:
        for s in plan.sections:
            for play in s.plays:
                listed = listed_family(s.tables, play.rounds, play.kind)
                if listed is None:
                    continue
                movement = built(listed, s.tables)
                if movement is None:
                    refused.add((s.tables, str(play)))
                    continue
                assert (movement.tables, movement.rounds) == (s.tables, play.rounds)
                count += 1
    assert count > 100
    # a 7-table scrambled Mitchell beside a Howell section: the interwoven Howell's first
    # sessions start at 8 tables (the advisor finds the arrow-switch Mitchell by its name)
    assert refused == {(7, "7(M)")}


def test_the_interwoven_howell_is_named_where_the_list_plays_it() -> None:
    def named(s: Section) -> tuple[dict[str, object], ...]:
        found = [listed_family(s.tables, p.rounds, p.kind) for p in s.plays]
        return tuple({} if f is None else f[1] for f in found)

    one_section = [
        (p.tables, shape(p), s)
        for p in TWO_SESSION_PLANS
        for s in p.sections
        if s.second.kind is Kind.INTERWOVEN_HOWELL
    ]
    assert {t for t, _, _ in one_section} == set(range(8, 20))
    for _, _, s in one_section:
        for p in s.plays:
            listed = listed_family(s.tables, p.rounds, p.kind)
            assert listed is not None and listed[0] == "interwoven-howell"
            assert built(listed, s.tables) is not None
    found = {(t, sh): named(s) for t, sh, s in one_section if t in (8, 9)}
    appendix, scrambled = {"first_session": "appendix"}, {"first_session": "scrambled"}
    assert found == {
        (8, ((8, "7A", "7I"),)): (
            {"session": 1, **appendix, "rounds": 7},
            {"session": 2, "rounds": 7},
        ),
        (8, ((8, "8M", "7I"),)): (
            {"session": 1, **scrambled, "rounds": 8},
            {"session": 2, "rounds": 7},
        ),
        (9, ((9, "7A", "7I"),)): (
            {"session": 1, **appendix, "rounds": 7},
            {"session": 2, "rounds": 7},
        ),
        (9, ((9, "8A", "8I"),)): (
            {"session": 1, **appendix, "rounds": 8},
            {"session": 2, "rounds": 8},
        ),
        (9, ((9, "8A", "9I"),)): (
            {"session": 1, **appendix, "rounds": 8},
            {"session": 2, "rounds": 9},
        ),
        (9, ((9, "9M", "9I"),)): (
            {"session": 1, **scrambled, "rounds": 9},
            {"session": 2, "rounds": 9},
        ),
    }
