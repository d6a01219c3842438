"""Renumbering pairs between sessions (JCBL part 3 ch. 2 §4, ch. 3 §5–6, ch. 4 §1,
appendix 4): the manual's worked examples, number for number, and the invariants.

The manual's sections play movements the plugins do not offer (a scrambled Mitchell
numbered in one series, Howells of fewer rounds than pairs, a 16-table appendix Mitchell
of 12 rounds), so the examples build them here with the shape the manual describes; the
renumbering reads only who meets whom, who sits out and who is stationary. The property
tests use the plugins' own Mitchells and Howells.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, NotFound, Rejected
from engine.movement import Movement
from engine.registry import create_registry
from engine.renumbering import (
    Move,
    PlayedSection,
    Renumbering,
    SectionSeat,
    check,
    renumber,
)
from engine.renumbering.groups import groups, modes, opponents, sit_outs
from engine.seating import Line, Pair

REGISTRY = create_registry()


def plugin(family: str, tables: int, **options: object) -> Movement:
    found = REGISTRY.movement(family)
    return found.build(tables, found.Options.model_validate(options))


# ---- the manual's movements, from the plugins that play them --------------------------------


def scrambled_mitchell(tables: int) -> Movement:
    """SM (スクランブル・ミッセル) numbered as the manual numbers it: 1..n stay, n+1..2n move
    (a relay Mitchell when n is even: it has as many rounds as tables)."""
    variant = "relay" if tables % 2 == 0 else "straight"
    return plugin("arrow-switch-mitchell", tables, variant=variant)


def shortened_howell(tables: int, rounds: int) -> Movement:
    """A Howell of ``rounds`` rounds: pairs 1..rounds move, the higher pairs stay (part 3
    ch. 3 §5: "ペア No.13 ~ 16 はテーブルにスティショナリとなるのでお互いには対戦しません")."""
    return plugin("three-quarter-howell", tables, rounds=rounds)


def appendix_mitchell_16() -> Movement:
    """AM of 16 tables and 12 rounds: 1-16 meet only 17-32; 13-16 and 29-32 stay at the
    appended tables and never meet one another (part 3 ch. 3 §5, example 2)."""
    return plugin("appendix-mitchell", 16, rounds=12)


def played(name: str, movement: Movement, phantom: Pair | None = None) -> PlayedSection:
    """A section of the session played, every pair an entry named by its seat."""
    seats = {p: f"{name}:{p.key}" for p in movement.pairs if p != phantom}
    return PlayedSection(name, movement, seats, phantom)


def blocks(sections: Sequence[tuple[str, Movement]]) -> list[str]:
    """The renumbering of ``sections`` into the same movements, as the manual prints it."""
    done = renumber([played(n, m) for n, m in sections], dict(sections))
    return [str(b) for b in done.blocks()]


def test_the_manual_movements_have_the_shapes_it_describes() -> None:
    sm = scrambled_mitchell(12)
    assert opponents(sm, None)[Pair(1)] == {Pair(p) for p in range(13, 25)}
    howell = shortened_howell(8, 12)
    met = opponents(howell, None)
    assert met[Pair(13)] == {Pair(p) for p in range(1, 13)}, "the stationary pairs meet all movers"
    assert all(len(met[Pair(p)]) == 12 for p in range(1, 17)), "12 rounds, no one met twice"
    am = appendix_mitchell_16()
    met = opponents(am, None)
    assert all(met[Pair(p)] <= {Pair(q) for q in range(17, 33)} for p in range(1, 17))
    assert all(len(met[Pair(p)]) == 12 for p in range(1, 33))
    assert not met[Pair(13)] & {Pair(q) for q in range(29, 33)}


# ---- the worked examples ----------------------------------------------------------------------


def test_20_tables_as_12_and_8_swaps_pairs_1_to_12_keeping_every_number() -> None:
    # Part 3 ch. 3 §5 example 1: section 1 a 12-table SM (1-12 meet 13-24), section 2 an
    # 8-table Howell of 12 rounds (13-16 stationary). The manual's diagram is lost in the
    # extraction; its text reads "セクション 1 のペア No. 1 ~ 12 と、セクション 2 のペア
    # No. 1 ~ 12 とを入れ替える" — swap pairs 1-12 of the two sections — and "この例では
    # 一日を通してペア No.は変わらない": every pair keeps its number.
    assert blocks([("1", scrambled_mitchell(12)), ("2", shortened_howell(8, 12))]) == [
        "1 1-12 → 2 1-12",
        "1 13-24 → 1 13-24",
        "2 1-12 → 1 1-12",
        "2 13-16 → 2 13-16",
    ]


def test_20_tables_with_an_odd_pair_leaves_section_2s_stationary_seat_empty() -> None:
    # "ペア数が奇数であれば、セクション 2 のステイショナリー・ペアの No.を割り当てます":
    # with 39 pairs the missing pair is a stationary pair of section 2 (the Howell's 16).
    first = [played("1", scrambled_mitchell(12)), played("2", shortened_howell(8, 12), Pair(16))]
    done = renumber(first, {"1": scrambled_mitchell(12), "2": shortened_howell(8, 12)})
    assert [str(b) for b in done.blocks()] == [
        "1 1-12 → 2 1-12",
        "1 13-24 → 1 13-24",
        "2 1-12 → 1 1-12",
        "2 13-15 → 2 13-15",
    ]
    assert done.phantoms == {"2": Pair(16)}


def test_26_tables_as_16_and_10_swaps_pairs_1_to_16_appendix_tables_included() -> None:
    # Part 3 ch. 3 §5 example 2: section 1 a 16-table AM (1-16 meet 17-32; 13-16 and 29-32
    # stationary at the appended tables), section 2 a 10-table Howell of 12 rounds (13-20
    # stationary). "セクション 1 のペア No. 1 ~ 16 と、セクション 2 のペア No. 1 ~ 16 とを
    # 入れ替えれば" — and the appendix tables' pairs move too.
    assert blocks([("1", appendix_mitchell_16()), ("2", shortened_howell(10, 12))]) == [
        "1 1-16 → 2 1-16",
        "1 17-32 → 1 17-32",
        "2 1-16 → 1 1-16",
        "2 17-20 → 2 17-20",
    ]


#: Part 3 ch. 4 §1 ②: 29 tables, 13 rounds, as A 13 (a Mitchell of 1-13 against 14-26),
#: B 9 (a Howell, 14-18 stationary) and C 7 (a Howell, 14 stationary). The table reads
#: A 1-13 → B 1-13, A 14-26 → C 1-13, B 1-13 → A 1-13, B 14-18 → B 14-18,
#: C 1-13 → A 14-26, C 14 → C 14.
TABLE_29_13 = [
    "A 1-13 → B 1-13",
    "A 14-26 → C 1-13",
    "B 1-13 → A 1-13",
    "B 14-18 → B 14-18",
    "C 1-13 → A 14-26",
    "C 14 → C 14",
]


def test_29_tables_in_13_rounds_as_the_manual_prints_it() -> None:
    sections = [
        ("A", scrambled_mitchell(13)),
        ("B", shortened_howell(9, 13)),
        ("C", plugin("howell", 7)),
    ]
    assert blocks(sections) == TABLE_29_13


def test_the_know_how_sheet_30_tables_in_13_rounds() -> None:
    # Appendix 4 §3: A 13T (A1: 1-13, A2: 14-26), B 9T (B1: 1-13, B2: 14-18), C 8T
    # (C1: 1-13, C2: 14-16); "A セクション : B1 + C1, B セクション : A1 + B2, C セクション :
    # A2 + C2" — read in order: a section's first numbers come from the first group named.
    sections = [
        ("A", scrambled_mitchell(13)),
        ("B", shortened_howell(9, 13)),
        ("C", shortened_howell(8, 13)),
    ]
    assert blocks(sections) == [
        "A 1-13 → B 1-13",
        "A 14-26 → C 1-13",
        "B 1-13 → A 1-13",
        "B 14-18 → B 14-18",
        "C 1-13 → A 14-26",
        "C 14-16 → C 14-16",
    ]


ELEVEN_ROUNDS = [
    ("A", scrambled_mitchell(11)),
    ("B", scrambled_mitchell(11)),
    ("C", shortened_howell(7, 11)),
]
"""Part 3 ch. 4 §1 ①: 29 tables in 11 rounds as A 11, B 11 (Mitchells of 1-11 against
12-22) and C 7 (a Howell of 14 pairs, 12-14 stationary)."""

#: The manual's table for ELEVEN_ROUNDS, which it calls one example among many ("これは
#: 一例で同じペアと対戦しなければどのように入れ替える構いません").
TABLE_29_11 = {
    ("A", 1, 11): ("A", 1),
    ("A", 12, 22): ("B", 1),
    ("B", 1, 11): ("B", 12),
    ("B", 12, 22): ("C", 1),
    ("C", 1, 11): ("A", 12),
    ("C", 12, 14): ("C", 12),
}


def seat_moves(
    table: Mapping[tuple[str, int, int], tuple[str, int]],
) -> dict[SectionSeat, SectionSeat]:
    return {
        SectionSeat(old, Pair(first + i)): SectionSeat(new, Pair(start + i))
        for (old, first, last), (new, start) in table.items()
        for i in range(last - first + 1)
    }


def test_29_tables_in_11_rounds_keeps_every_number_where_the_manual_need_not() -> None:
    # The manual's own table moves 44 pairs to new numbers; every pair can keep its number
    # here, and the renumbering found does so.
    assert blocks(ELEVEN_ROUNDS) == [
        "A 1-11 → B 1-11",
        "A 12-22 → A 12-22",
        "B 1-11 → C 1-11",
        "B 12-22 → B 12-22",
        "C 1-11 → A 1-11",
        "C 12-14 → C 12-14",
    ]


def test_the_manuals_own_table_for_11_rounds_is_kept_as_given() -> None:
    first = [played(n, m) for n, m in ELEVEN_ROUNDS]
    done = renumber(first, dict(ELEVEN_ROUNDS), moves=seat_moves(TABLE_29_11))
    assert [str(b) for b in done.blocks()] == [
        "A 1-11 → A 1-11",
        "A 12-22 → B 1-11",
        "B 1-11 → B 12-22",
        "B 12-22 → C 1-11",
        "C 1-11 → A 12-22",
        "C 12-14 → C 12-14",
    ]


def test_the_manuals_variant_moving_cs_stationary_pairs_is_completed_around_it() -> None:
    # "C のステーショナリーペアを入れ替えたければ C1-3 → C12-14、C4-14 → A12-22": fixing
    # only C's moves, the rest is found around them.
    first = [played(n, m) for n, m in ELEVEN_ROUNDS]
    fixed = seat_moves({("C", 1, 3): ("C", 12), ("C", 4, 14): ("A", 12)})
    done = renumber(first, dict(ELEVEN_ROUNDS), moves=fixed)
    assert {m.old: m.new for m in done.moves}.items() >= fixed.items()
    assert_valid(first, dict(ELEVEN_ROUNDS), done)


def test_the_manuals_variant_for_13_rounds_is_a_valid_renumbering() -> None:
    # The starred column: "(B1-5 → B14-18、B6-18 → A1-13)", "(C1 → C14、C2-14 → A14-26)"
    # when the stationary pairs change; A's pairs move as in the main table.
    sections = [
        ("A", scrambled_mitchell(13)),
        ("B", shortened_howell(9, 13)),
        ("C", plugin("howell", 7)),
    ]
    first = [played(n, m) for n, m in sections]
    table = {
        ("A", 1, 13): ("B", 1),
        ("A", 14, 26): ("C", 1),
        ("B", 1, 5): ("B", 14),
        ("B", 6, 18): ("A", 1),
        ("C", 1, 1): ("C", 14),
        ("C", 2, 14): ("A", 14),
    }
    done = renumber(first, dict(sections), moves=seat_moves(table))
    assert "B 1-5 → B 14-18" in [str(b) for b in done.blocks()]


# ---- groups and ways -----------------------------------------------------------------------


def test_a_mitchell_has_two_lines_and_a_howell_moving_and_stationary_pairs() -> None:
    mitchell = plugin("mitchell", 5)
    (lines,) = groups(mitchell.pairs, opponents(mitchell, None))
    assert [g.members for g in lines] == [
        tuple(Pair(n, Line.NS) for n in range(1, 6)),
        tuple(Pair(n, Line.EW) for n in range(1, 6)),
    ]
    assert not any(g.moving for g in lines)
    howell = shortened_howell(9, 13)
    (howells,) = groups(howell.pairs, opponents(howell, None))
    assert [(g.moving, len(g.members)) for g in howells] == [(True, 13), (False, 5)]
    full = plugin("howell", 7)
    (everyone,) = groups(full.pairs, opponents(full, None))
    assert [(g.moving, len(g.members)) for g in everyone] == [(True, 14)]


def test_two_halves_that_never_meet_are_two_components() -> None:
    # An interwoven Howell: two Howells side by side (part 3 ch. 2 §4).
    one, other = plugin("howell", 4), plugin("howell", 4)
    met = opponents(one, None)
    met |= {
        Pair(p.number + 8): {Pair(q.number + 8) for q in s}
        for p, s in opponents(other, None).items()
    }
    halves = groups(list(met), met)
    assert [[len(g.members) for g in c] for c in halves] == [[8], [8]]


def test_the_ways_a_group_may_use_a_section_are_few_and_maximal() -> None:
    # A Mitchell's lines into a Mitchell: everyone into one line, or one line into both.
    assert len(modes([False, False], [False, False])) == 4
    # A Howell's movers and stationary pairs into a Howell: one mover among the movers,
    # the stationary pairs on both sides, or everyone among the stationary seats.
    assert sorted(sorted(m) for m in modes([True, False], [True, False])) == [
        [(0, 0)],
        [(0, 1), (1, 1)],
        [(1, 0), (1, 1)],
    ]


# ---- what the director gives ----------------------------------------------------------------


def test_a_seat_is_written_section_colon_pair() -> None:
    assert SectionSeat.parse("b:ns3", ["A", "B"]) == SectionSeat("B", Pair(3, Line.NS))
    assert SectionSeat.parse("C 14", ["A", "C"]) == SectionSeat("C", Pair(14))
    assert SectionSeat.parse("EW2", ["A"]) == SectionSeat("A", Pair(2, Line.EW))
    with pytest.raises(InvalidInput, match="which section"):
        SectionSeat.parse("NS3", ["A", "B"])
    with pytest.raises(NotFound, match="no section 'D'"):
        SectionSeat.parse("D:3", ["A", "B"])
    with pytest.raises(InvalidInput, match="not a seat"):
        SectionSeat.parse("A:X", ["A"])
    assert (
        str(SectionSeat("B", Pair(3, Line.NS))) == "B NS 3"
        and SectionSeat("B", Pair(5)).key == "B:5"
    )


def test_a_pair_that_cannot_move_gets_a_stationary_seat() -> None:
    sections = [("A", plugin("mitchell", 5)), ("B", plugin("howell", 3))]
    first = [played(n, m) for n, m in sections]
    plain = renumber(first, dict(sections))
    moving = next(
        m for m in plain.moves if m.new.pair not in dict(sections)[m.new.section].stationary
    )
    asked = renumber(first, dict(sections), stationary={moving.old})
    new = next(m.new for m in asked.moves if m.old == moving.old)
    assert new.pair in dict(sections)[new.section].stationary
    assert_valid(first, dict(sections), asked, stationary={moving.old})


def test_more_stationary_requests_than_stationary_seats_are_refused() -> None:
    sections = [("A", plugin("howell", 4)), ("B", plugin("howell", 4))]
    first = [played(n, m) for n, m in sections]
    asking = {SectionSeat("A", Pair(n)) for n in (1, 2, 3)}
    with pytest.raises(Rejected, match=r"3 pairs asked to stay put, but .* only 2 stationary"):
        renumber(first, dict(sections), stationary=asking)


def test_unknown_seats_and_doubled_moves_are_refused() -> None:
    sections = [("A", plugin("mitchell", 5)), ("B", plugin("mitchell", 5))]
    first = [played(n, m) for n, m in sections]
    with pytest.raises(NotFound, match=r"No pair .* sits at A NS 9"):
        renumber(first, dict(sections), stationary={SectionSeat("A", Pair(9, Line.NS))})
    with pytest.raises(NotFound, match="no seat B 3"):
        renumber(
            first,
            dict(sections),
            moves={SectionSeat("A", Pair(1, Line.NS)): SectionSeat("B", Pair(3))},
        )
    twice = {SectionSeat("A", Pair(n, Line.NS)): SectionSeat("B", Pair(1, Line.NS)) for n in (1, 2)}
    with pytest.raises(Rejected, match="Two pairs are moved to B NS 1"):
        renumber(first, dict(sections), moves=twice)


# ---- refusals ---------------------------------------------------------------------------------


def test_one_howell_cannot_follow_itself() -> None:
    with pytest.raises(Rejected, match="seats 16 pairs who all meet one another, but at most 1"):
        renumber([played("A", plugin("howell", 8))], {"A": plugin("howell", 8)})


def test_one_mitchell_cannot_follow_itself() -> None:
    # Every NS pair met every EW pair: the manual plays an interwoven Howell instead (§4).
    with pytest.raises(Rejected, match="No renumbering keeps every pair"):
        renumber([played("A", plugin("mitchell", 7))], {"A": plugin("mitchell", 7)})


def test_too_few_or_too_many_seats_are_refused() -> None:
    first = [played("A", plugin("mitchell", 5)), played("B", plugin("mitchell", 5))]
    with pytest.raises(Rejected, match="seat 18 pairs, but 20 pairs go on"):
        renumber(first, {"A": plugin("mitchell", 5), "B": plugin("mitchell", 4)})
    with pytest.raises(Rejected, match="a section can leave only one seat empty"):
        renumber(first, {"A": plugin("mitchell", 5), "B": plugin("mitchell", 7)})


def test_a_pair_that_sat_out_does_not_sit_out_again() -> None:
    # Odd pairs both times: in a Mitchell every EW pair meets the phantom once, so the
    # pairs who sat out must take seats that do not meet the next phantom.
    first = [
        played("A", plugin("mitchell", 5), Pair(5, Line.NS)),
        played("B", plugin("mitchell", 5)),
    ]
    following = {"A": plugin("mitchell", 5), "B": plugin("mitchell", 5)}
    done = renumber(first, following)
    assert len(done.phantoms) == 1
    assert_valid(first, following, done)


# ---- checking a renumbering -----------------------------------------------------------------


def test_check_names_what_is_wrong() -> None:
    sections = [("A", plugin("mitchell", 3)), ("B", plugin("mitchell", 3))]
    first = [played(n, m) for n, m in sections]
    same = Renumbering(
        tuple(
            Move(e, SectionSeat(s.name, p), SectionSeat(s.name, p))
            for s in first
            for p, e in s.seats.items()
        )
    )
    with pytest.raises(
        Rejected, match="A:NS1 \\(A NS 1\\) and A:EW1 \\(A EW 1\\) would meet again"
    ):
        check(first, dict(sections), same)
    with pytest.raises(Rejected, match="has no seat"):
        check(first, dict(sections), Renumbering(same.moves[1:]))
    second = same.moves[1]
    doubled = Renumbering(
        (same.moves[0], Move(second.entry, second.old, same.moves[0].new), *same.moves[2:])
    )
    with pytest.raises(Rejected, match="both sit at A NS 1"):
        check(first, dict(sections), doubled)


def test_a_recorded_renumbering_reads_back_as_it_was() -> None:
    sections = [("A", plugin("mitchell", 5)), ("B", plugin("howell", 3))]
    done = renumber([played(n, m) for n, m in sections], dict(sections))
    again = Renumbering.recorded(done.record(), {n: p.key for n, p in done.phantoms.items()})
    assert again == done


# ---- properties -------------------------------------------------------------------------------


def assert_valid(
    first: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    done: Renumbering,
    *,
    stationary: frozenset[SectionSeat] | set[SectionSeat] = frozenset(),
) -> None:
    """The invariants, worked out here from the schedules (not by :func:`check`)."""
    entries = {e: SectionSeat(s.name, p) for s in first for p, e in s.seats.items()}
    new = {m.entry: m.new for m in done.moves}
    assert sorted(new) == sorted(entries), "every pair gets exactly one new seat"
    assert len(set(new.values())) == len(new), "no seat twice"
    at = {seat: e for e, seat in new.items()}
    for name, movement in following.items():
        empty = [p for p in movement.pairs if SectionSeat(name, p) not in at]
        assert len(empty) <= 1 and done.phantoms.get(name) == (empty[0] if empty else None)
    before: dict[str, int] = {}
    met: set[frozenset[str]] = set()
    for s in first:
        for e in s.movement.schedule:
            ns, ew = s.seats.get(s.movement.ns_pair(e)), s.seats.get(s.movement.ew_pair(e))
            if ns and ew:
                met.add(frozenset((ns, ew)))
            elif ns or ew:
                before[ns or ew or ""] = before.get(ns or ew or "", 0) + 1
    for name, movement in following.items():
        rests: dict[str, int] = {}
        for e in movement.schedule:
            ns = at.get(SectionSeat(name, movement.ns_pair(e)))
            ew = at.get(SectionSeat(name, movement.ew_pair(e)))
            if ns and ew:
                assert frozenset((ns, ew)) not in met, f"{ns} and {ew} meet again"
            elif ns or ew:
                rests[ns or ew or ""] = rests.get(ns or ew or "", 0) + 1
        for entry, n in rests.items():
            assert before.get(entry, 0) + n <= 1, f"{entry} sits out twice"
    for seat in stationary:
        m = new[first_entry(first, seat)]
        assert m.pair in following[m.section].stationary, f"{seat} moves"


def first_entry(first: Sequence[PlayedSection], seat: SectionSeat) -> str:
    return next(s.seats[seat.pair] for s in first if s.name == seat.section)


FAMILIES = st.sampled_from([("mitchell", 3, 9), ("howell", 3, 7)])


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[PlayedSection], dict[str, Movement], set[SectionSeat]]:
    """One to three sections, maybe an odd pair in some; the next session keeps the
    movements (the manual's way) or draws others; maybe a stationary request or two."""
    count = draw(st.integers(1, 3))
    first: list[PlayedSection] = []
    following: dict[str, Movement] = {}
    for name in "ABC"[:count]:
        family, low, high = draw(FAMILIES)
        movement = plugin(family, draw(st.integers(low, high)))
        first.append(played(name, movement, movement.phantom if draw(st.booleans()) else None))
        if draw(st.booleans()):
            following[name] = movement
        else:
            family, low, high = draw(FAMILIES)
            following[name] = plugin(family, draw(st.integers(low, high)))
    seats = [SectionSeat(s.name, p) for s in first for p in s.seats]
    stationary = set(draw(st.lists(st.sampled_from(seats), max_size=2)))
    return first, following, stationary


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_a_renumbering_is_valid_or_refused_with_a_reason(
    drawn: tuple[list[PlayedSection], dict[str, Movement], set[SectionSeat]],
) -> None:
    first, following, stationary = drawn
    try:
        done = renumber(first, following, stationary=stationary)
    except Rejected as refused:
        assert refused.message and refused.hint
        event("refused")
        return
    event("renumbered")
    assert_valid(first, following, done, stationary=stationary)


@st.composite
def manual_games(
    draw: st.DrawFn,
) -> tuple[list[PlayedSection], dict[str, Movement], set[SectionSeat]]:
    """Games as the manual lays them out (part 3 ch. 3 §1, §4–6): sections of one number
    of rounds — a straight Mitchell, a Howell of half as many tables, maybe a second
    Mitchell; the next session keeps the movements; an odd pair somewhere, a pair or two
    who cannot move."""
    tables = draw(st.sampled_from([5, 7, 9, 11]))
    sections = [("A", plugin("mitchell", tables)), ("B", plugin("howell", (tables + 1) // 2))]
    if draw(st.booleans()):
        sections.append(("C", plugin("mitchell", tables)))
    odd = draw(st.sampled_from([None, *(name for name, _ in sections)]))
    first = [played(n, m, m.phantom if n == odd else None) for n, m in sections]
    seats = [SectionSeat(s.name, p) for s in first for p in s.seats]
    stationary = set(draw(st.lists(st.sampled_from(seats), max_size=2)))
    return first, dict(sections), stationary


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(manual_games())
def test_games_laid_out_as_the_manual_says_are_renumbered(
    drawn: tuple[list[PlayedSection], dict[str, Movement], set[SectionSeat]],
) -> None:
    first, following, stationary = drawn
    try:
        done = renumber(first, following, stationary=stationary)
    except Rejected as refused:
        assert stationary or any(s.phantom for s in first), refused
        event("refused: a stationary request or an odd pair")
        return
    event("renumbered")
    assert_valid(first, following, done, stationary=stationary)


def brute_force(first: Sequence[PlayedSection], following: Mapping[str, Movement]) -> bool:
    """Whether any renumbering at all works, pair by pair (small sessions only): every
    placing of the empty seats, then every seat for each pair in turn."""
    entries = [e for s in first for p, e in s.seats.items()]
    met: dict[str, set[str]] = {}
    rested: dict[str, int] = {}
    for s in first:
        for p, others in opponents(s.movement, s.phantom).items():
            if p in s.seats:
                met[s.seats[p]] = {s.seats[q] for q in others if q in s.seats}
        for p, n in sit_outs(s.movement, s.phantom).items():
            if p in s.seats:
                rested[s.seats[p]] = n
    entries.sort(key=lambda e: -len(met[e]))  # the pairs that met most are hardest to seat
    empties = sum(len(m.pairs) for m in following.values()) - len(entries)
    for names in itertools.combinations(following, empties):
        for holes in itertools.product(*(following[n].pairs for n in names)):
            hole = dict(zip(names, holes, strict=True))
            meets: dict[SectionSeat, set[SectionSeat]] = {}
            rests: dict[SectionSeat, int] = {}
            for name, movement in following.items():
                for p, others in opponents(movement, hole.get(name)).items():
                    meets[SectionSeat(name, p)] = {SectionSeat(name, q) for q in others}
                for p, count in sit_outs(movement, hole.get(name)).items():
                    rests[SectionSeat(name, p)] = count
            if _placed(entries, list(meets), meets, rests, met, rested, {}):
                return True
    return False


def _placed(
    entries: Sequence[str],
    seats: Sequence[SectionSeat],
    meets: Mapping[SectionSeat, set[SectionSeat]],
    rests: Mapping[SectionSeat, int],
    met: Mapping[str, set[str]],
    rested: Mapping[str, int],
    at: dict[SectionSeat, str],
) -> bool:
    def fits(entry: str, seat: SectionSeat) -> bool:
        return (
            seat not in at
            and not any(at.get(o) in met[entry] for o in meets[seat])
            and (rests[seat] == 0 or rested.get(entry, 0) + rests[seat] <= 1)
        )

    if len(at) == len(entries):
        return True
    entry = entries[len(at)]
    for seat in seats:
        if not fits(entry, seat):
            continue
        at[seat] = entry
        later = entries[len(at) :]
        if all(any(fits(e, s) for s in seats) for e in later) and _placed(
            entries, seats, meets, rests, met, rested, at
        ):
            return True
        del at[seat]
    return False


SMALL = [("mitchell", 3), ("howell", 3), ("howell", 4)]


@pytest.mark.parametrize(
    ("a", "b", "odd", "same"),
    list(itertools.product(SMALL, SMALL, (False, True), (False, True))),
    ids=lambda v: "-".join(map(str, v)) if isinstance(v, tuple) else str(v),
)
def test_a_refusal_means_no_renumbering_exists(
    a: tuple[str, int], b: tuple[str, int], odd: bool, same: bool
) -> None:
    # Straight Mitchells and full Howells: whoever may meet, meets, so the cautious model
    # of groups is exact and a refusal can be checked by trying every renumbering.
    first = [played("A", plugin(*a), plugin(*a).phantom if odd else None), played("B", plugin(*b))]
    movements = [plugin(*a), plugin(*b)]
    following = dict(zip("AB", movements if same else movements[::-1], strict=True))
    try:
        done = renumber(first, following)
    except Rejected:
        assert not brute_force(first, following)
        return
    assert_valid(first, following, done)
