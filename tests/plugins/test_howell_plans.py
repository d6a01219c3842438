"""The JCBL quick-reference lists as data: checked against the manual's prose and themselves."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInput
from engine.plugins import MovementFamily
from plugins.movements.howell import Howell
from plugins.movements.howell_interwoven import InterwovenHowell
from plugins.movements.howell_plans import (
    TWO_SESSION_PLANS,
    WEEKLY_HOWELLS,
    Kind,
    SectionMovement,
    TwoSessionPlan,
    howell_list,
    two_session_plan,
)
from plugins.movements.howell_short import ThreeQuarterHowell

FAMILIES: dict[str, MovementFamily] = {
    f.name: f for f in (Howell(), ThreeQuarterHowell(), InterwovenHowell())
}


def shape(plan: TwoSessionPlan) -> tuple[tuple[int, str, str], ...]:
    """``((tables, "12A", "13I"), …)`` for each section."""
    return tuple(
        (s.tables, f"{s.first.rounds}{s.first.kind}", f"{s.second.rounds}{s.second.kind}")
        for s in plan.sections
    )


def plans(tables: int, per_round: int = 2) -> list[tuple[tuple[int, str, str], ...]]:
    return [shape(p) for p in two_session_plan(tables) if p.boards_per_round == per_round]


def test_every_size_from_3_to_45_tables() -> None:
    assert sorted({p.tables for p in TWO_SESSION_PLANS}) == list(range(3, 46))
    assert all(len(two_session_plan(t)) >= 2 for t in range(3, 46))
    for bad in (2, 46):
        with pytest.raises(InvalidInput, match="3 to 45 tables"):
            two_session_plan(bad)


def test_the_sections_add_up_and_none_is_listed_twice() -> None:
    for plan in TWO_SESSION_PLANS:
        assert sum(s.tables for s in plan.sections) == plan.tables
    keys = [(p.tables, p.boards_per_round, shape(p)) for p in TWO_SESSION_PLANS]
    assert len(keys) == len(set(keys))


def test_one_section_plays_a_mitchell_then_the_interwoven_howell() -> None:
    """Part 3 ch. 3, 6: one section's second session is the interwoven Howell; several
    sections play the same movements again, the pairs changing sections."""
    for plan in TWO_SESSION_PLANS:
        if len(plan.sections) > 1:
            assert all(
                (s.first.rounds, s.first.kind) == (s.second.rounds, s.second.kind)
                for s in plan.sections
            )
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


def test_3_to_7_tables_play_the_howell_twice_within_the_printed_boards() -> None:
    printed = {3: (40, 50), 4: (42, 48), 5: (42, 54), 6: (40, 54), 7: (40, 54)}
    for tables, (fewest, most) in printed.items():
        found = two_session_plan(tables)
        assert {p.boards for p in found} >= {fewest, most}
        for plan in found:
            assert fewest <= plan.boards <= most
            ((_, first, second),) = shape(plan)
            assert first == second and first.endswith("H")


def test_the_printed_stay_pairs_and_stationary_counts() -> None:
    """A Howell section of ``n`` tables in ``r`` rounds keeps ``2n - r`` pairs still, the
    highest printed as the stay pair; an appendix Mitchell ``2 × (tables - rounds)``,
    and an interwoven Howell as many (two groups of ``tables`` pairs). One printed count
    disagrees (15 tables, 12(A): 4 for 6) and is kept as printed."""
    odd_one = []
    for plan in TWO_SESSION_PLANS:
        for s in plan.sections:
            if s.stationary is None:
                continue
            expected = tuple(_still(m) for m in (s.first, s.second))
            if s.stationary != expected:
                odd_one.append((plan.tables, shape(plan), s.stationary, expected))
            assert s.stay == 2 * s.tables
    assert odd_one == [(15, ((15, "12A", "12I"),), (4, 6), (6, 6))]


def _still(m: SectionMovement) -> int:
    if m.kind is Kind.HOWELL:
        return 2 * m.tables - m.rounds
    return 2 * (m.tables - m.rounds)


def test_every_movement_named_with_a_family_builds() -> None:
    built = 0
    for plan in TWO_SESSION_PLANS:
        for s in plan.sections:
            for m in (s.first, s.second):
                if m.family is None:
                    continue
                family = FAMILIES[m.family]
                movement = family.build(m.tables, family.Options.model_validate(m.options))
                assert (movement.tables, movement.rounds) == (m.tables, m.rounds)
                built += 1
    assert built > 100


def test_the_interwoven_howell_sheets_are_named_where_the_list_plays_them() -> None:
    named = {
        (p.tables, shape(p)): (s.first.options, s.second.options)
        for p in TWO_SESSION_PLANS
        for s in p.sections
        if p.tables in (8, 9) and s.second.family == "interwoven-howell"
    }
    assert named == {
        (8, ((8, "7A", "7I"),)): ({}, {"session": 2}),  # a 7-round appendix Mitchell: none
        (8, ((8, "8M", "7I"),)): ({"session": 1}, {"session": 2}),
        (9, ((9, "8A", "9I"),)): ({"session": 1, "first_session": "appendix"}, {"session": 2}),
        (9, ((9, "9M", "9I"),)): ({"session": 1, "rounds": 9}, {"session": 2}),
    }


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
        if offer.family is None:
            assert offer.rounds <= offer.tables, "only the Mitchell-like rows are not built"
            continue
        family = FAMILIES[offer.family]
        movement = family.build(offer.tables, family.Options.model_validate(offer.options))
        assert movement.rounds == offer.rounds
        assert tuple(p.number for p in movement.stationary) == offer.stay
    with pytest.raises(InvalidInput, match="3 to 12 tables"):
        howell_list(13)
