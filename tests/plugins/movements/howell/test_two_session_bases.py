"""The JCBL two-session games of 8 to 19 tables in one section, and the appendix Mitchells
on no prime base (appendix 1, list 2. 2; part 3, ch. 1 §1.2 and ch. 2)."""

from __future__ import annotations

from collections import Counter
from math import gcd

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.advisor.lists import TWO_SESSION_PLANS, Kind, TwoSessionPlan, listed_family
from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Pair
from engine.validator import check
from plugins.movements.howell.full import Rotation
from plugins.movements.howell.interwoven import InterwovenHowell, InterwovenHowellOptions
from plugins.movements.howell.two_session_bases import (
    APPENDIX_BASES,
    INTERWOVEN_BASES,
    PRINTED_INTERWOVEN,
    WHOLE_INTERWOVEN,
)
from plugins.movements.mitchell.appendix import AppendixMitchell, AppendixOptions

IWH = InterwovenHowell()
APPENDIX = AppendixMitchell()

ONE_SECTION = [
    plan
    for plan in TWO_SESSION_PLANS
    if len(plan.sections) == 1 and plan.sections[0].second.kind is Kind.INTERWOVEN_HOWELL
]


def sessions(plan: TwoSessionPlan) -> tuple[Movement, Movement]:
    """Both sessions of a one-section plan, as the list names them."""
    section = plan.sections[0]
    built = []
    for play in section.plays:
        listed = listed_family(section.tables, play.rounds, play.kind)
        assert listed is not None, f"{play} on {section.tables} tables has no family"
        name, options = listed
        assert name == "interwoven-howell", f"{play} on {section.tables} tables has no family"
        given = options | {"boards_per_round": plan.boards_per_round}
        built.append(IWH.build(section.tables, InterwovenHowellOptions.model_validate(given)))
    return built[0], built[1]


def meetings(m: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((e.ns, e.ew)) for e in m.schedule)


@pytest.mark.parametrize("plan", ONE_SECTION, ids=str)
def test_every_one_section_plan_of_the_list_is_played(plan: TwoSessionPlan) -> None:
    section = plan.sections[0]
    tables = section.tables
    for m, play in zip(sessions(plan), section.plays, strict=True):
        report = check(m)
        assert report.ok and report.notes == []
        assert (m.tables, m.rounds, m.boards_per_round) == (
            tables,
            play.rounds,
            plan.boards_per_round,
        )
        assert len(set(report.plays.values())) == 1, "every board played equally often"
        assert max(report.meetings.values()) == 1
        assert set(report.sit_outs.values()) == {0}


@pytest.mark.parametrize("plan", ONE_SECTION, ids=str)
def test_no_pair_meets_another_twice_over_the_two_sessions(plan: TwoSessionPlan) -> None:
    """Session 1 is group A (1 to t) against group B; session 2 plays within the groups,
    but for the one table of an odd group's leftover pairs, which must be new opponents.
    After a full scrambled Mitchell on an odd number of tables every A pair has met every
    B pair: those leftover tables are the list's "one rematch" (one a pair)."""
    one, two = sessions(plan)
    tables = plan.tables
    group = {p: p <= tables for p in range(1, 2 * tables + 1)}
    assert all(group[a] != group[b] for a, b in map(tuple, meetings(one)))
    crossing = [pq for pq in meetings(two) if len({group[p] for p in pq}) == 2]
    assert len(crossing) == (two.rounds if tables % 2 else 0)
    twice = [pq for pq, n in (meetings(one) + meetings(two)).items() if n > 1]
    first = plan.sections[0].first
    if first.kind is Kind.SCRAMBLED_MITCHELL and first.rounds == tables and tables % 2:
        assert sorted(twice, key=sorted) == sorted(crossing, key=sorted)
        assert Counter(p for pq in twice for p in pq) == {p: 1 for p in range(1, 2 * tables + 1)}
    else:
        assert twice == []


@pytest.mark.parametrize("plan", ONE_SECTION, ids=str)
def test_the_lists_stay_pair_and_stationary_pairs(plan: TwoSessionPlan) -> None:
    """The printed stay pair (前後半ステイペア) stays put in both sessions and is the
    phantom; the printed numbers of stationary pairs are ``2 × (tables - rounds)``, but
    for 15 tables' 12(A), printed 4 where the group movement keeps 6."""
    section = plan.sections[0]
    built = sessions(plan)
    for m in built:
        assert m.phantom == Pair(2 * plan.tables)
    if section.stay is not None:
        assert all(Pair(section.stay) in m.stationary for m in built)
    if section.stationary is not None:
        counts = tuple(len(m.stationary) for m in built)
        if (plan.tables, section.first.rounds) == (15, 12):
            assert section.stationary == (4, 6) and counts == (6, 6)
        else:
            assert counts == section.stationary


def test_every_plan_of_8_to_19_tables_in_one_section_is_covered() -> None:
    sizes = {p.tables for p in ONE_SECTION}
    assert sizes == set(range(8, 20))
    assert len(ONE_SECTION) == 35


@pytest.mark.parametrize(("tables", "rounds"), sorted(INTERWOVEN_BASES.keys() | WHOLE_INTERWOVEN))
def test_session_2_is_a_howell_in_each_group(tables: int, rounds: int) -> None:
    m = IWH.build(tables, InterwovenHowellOptions(rounds=rounds))
    report = check(m)
    moving = [p for p in range(1, 2 * tables + 1) if Pair(p) not in m.stationary]
    if (tables, rounds) in WHOLE_INTERWOVEN:
        # pair 9 keeps table 9 (changing seats); boards go down tables 1-8, table 9 relays
        assert {e.table for e in m.schedule if tables in (e.ns, e.ew)} == {tables}
        assert {r.tables for r in m.relays} == {(rounds, tables)}
    else:
        assert len(moving) == 2 * rounds
    for p in moving:
        ns, ew = report.directions[Pair(p)]
        assert abs(ns - ew) <= 1, f"pair {p} sits NS {ns} and EW {ew} rounds"
    if (tables, rounds) not in PRINTED_INTERWOVEN:  # the printed 9-table one has bye stands
        relays_a_round = Counter(r.round for r in m.relays)
        assert set(relays_a_round.values()) <= {tables - rounds}


@pytest.mark.parametrize(
    ("tables", "rounds"), sorted(k for k in APPENDIX_BASES if gcd(k[1], 6) != 1)
)
def test_appendix_mitchells_on_no_prime_base(tables: int, rounds: int) -> None:
    """The lists' (and JTOS's) 8-, 9-, 10- and 12-round appendix Mitchells: every pair
    plays every board once, meets no pair twice, and ``tables - rounds`` tables relay."""
    m = APPENDIX.build(tables, AppendixOptions(rounds=rounds, boards_per_round=2))
    report = check(m)
    assert report.ok and report.notes == []
    assert m.rounds == rounds and len(m.boards) == 2 * rounds
    assert set(report.plays.values()) == {tables}
    plays = Counter((p, b) for e in m.schedule for p in (e.ns, e.ew) for b in e.boards)
    assert set(plays.values()) == {1}
    assert max(report.meetings.values()) == 1
    assert len(m.stationary) == 2 * (tables - rounds)
    assert all(len(r.tables) == 2 for r in m.relays)
    assert set(Counter(r.round for r in m.relays).values()) == {tables - rounds}


def test_the_appendix_mitchell_offers_what_the_lists_play() -> None:
    offered = {(t, r) for t, r in APPENDIX_BASES if gcd(r, 6) != 1}
    wanted = {(10, 9), (13, 12), (16, 12), (17, 12), (18, 12)}  # the multi-section plans
    jtos = {(t, 10) for t in range(12, 20)} | {(t, 12) for t in range(13, 23)}
    assert wanted | jtos <= offered
    assert APPENDIX.build(9, AppendixOptions(rounds=8)).description.startswith("JCBL's 9-table")


def test_refusals_say_what_is_offered() -> None:
    with pytest.raises(InvalidMovement, match="offered for 12-19 tables"):
        APPENDIX.build(11, AppendixOptions(rounds=10))
    with pytest.raises(InvalidMovement, match="moves of its own"):
        APPENDIX.build(13, AppendixOptions(rounds=12, ns_step=3))
    with pytest.raises(InvalidMovement, match="8 to 19 tables"):
        IWH.build(20, InterwovenHowellOptions())
    with pytest.raises(InvalidMovement, match="played in 7, 8, 9 rounds, not 10"):
        IWH.build(10, InterwovenHowellOptions(rounds=10))
    with pytest.raises(InvalidMovement, match="no scrambled Mitchell"):
        IWH.build(14, InterwovenHowellOptions(session=1))
    with pytest.raises(InvalidMovement, match="played in full, 12 rounds"):
        IWH.build(12, InterwovenHowellOptions(session=1, rounds=11))


def test_the_larger_scrambled_mitchells_are_the_arrow_switch_mitchell() -> None:
    """10 and 12 tables play the relay Mitchell (a bye stand and a relay), 11 and 13 the
    straight one; pairs 1 to t stay NS (group A), the moving pairs are group B."""
    for tables in (10, 11, 12, 13):
        m = IWH.build(tables, InterwovenHowellOptions(session=1, boards_per_round=2))
        assert m.rounds == tables
        assert [p.number for p in m.stationary] == list(range(1, tables + 1))
        assert bool(m.relays) == (tables % 2 == 0)
        assert any(e.arrow_switch for e in m.schedule)


@given(
    orders=st.sampled_from([(7,), (8,), (2, 4), (2, 2, 2), (9,), (3, 3), (12,), (2, 6)]),
    data=st.data(),
)
def test_a_rotation_is_a_group(orders: tuple[int, ...], data: st.DataObject) -> None:
    g = Rotation(orders)
    a, b, c = (data.draw(st.integers(0, g.order - 1)) for _ in range(3))
    assert g.plus(a, 0) == a
    assert g.plus(a, b) == g.plus(b, a)
    assert g.plus(g.plus(a, b), c) == g.plus(a, g.plus(b, c))
    assert g.plus(g.minus(a, b), b) == a
    if g.cyclic:
        assert g.plus(a, b) == (a + b) % g.order


def test_a_group_movement_visits_every_element_once() -> None:
    """The rounds run through the group: a moving pair takes every label once."""
    g = Rotation((2, 6))
    assert {g.plus(5, k) for k in range(g.order)} == set(range(12))
    assert not g.cyclic and g.order == 12
