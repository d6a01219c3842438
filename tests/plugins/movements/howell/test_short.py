"""Three-quarter (short) Howells: the club-director guide's rules, the JCBL list, properties."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.advisor.lists import WEEKLY_HOWELLS
from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.registry import MovementFamily
from engine.seating import Pair
from engine.validator import check
from plugins.movements.howell.full import cyclic_howell
from plugins.movements.howell.short import (
    SHORT_BASE_ROUNDS,
    ThreeQuarterHowell,
    ThreeQuarterHowellOptions,
    three_quarter_rounds,
)
from tests.plugins.movements.howell.howell_search import Shape, base_round, spread

SHORT = ThreeQuarterHowell()
SIZES = sorted(SHORT_BASE_ROUNDS)


def build(tables: int, rounds: int) -> Movement:
    return SHORT.build(tables, ThreeQuarterHowellOptions(rounds=rounds))


def test_every_size_from_one_more_round_than_tables_to_two_fewer_than_pairs() -> None:
    expected = {(n, r) for n in range(4, 15) for r in range(n + 1, min(2 * n - 2, 15) + 1)}
    assert set(SHORT_BASE_ROUNDS) == expected


@pytest.mark.parametrize(("tables", "rounds"), SIZES)
def test_the_guides_rules_hold(tables: int, rounds: int) -> None:
    """ "Each pair plays all boards. More than one stationary pair: pairs less rounds. The
    number of sets is equal to the number of rounds. Moving pairs follow the next lower
    numbered moving pair." (3/4 HOWELL or SHORTENED HOWELL)"""
    m = build(tables, rounds)
    report = check(m)
    assert report.ok and report.notes == []
    pairs = 2 * tables
    assert m.rounds == rounds and len(m.boards) == 2 * rounds
    assert m.stationary == tuple(Pair(p) for p in range(rounds + 1, pairs + 1))
    assert m.phantom == Pair(pairs)
    assert set(report.plays.values()) == {tables}, "every board at every table"
    by_pair = Counter((p, b) for e in m.schedule for p in (e.ns, e.ew) for b in e.boards)
    assert set(by_pair.values()) == {1} and len(by_pair) == pairs * len(m.boards)
    assert max(report.meetings.values()) == 1, "no two pairs meet twice"
    assert set(report.sit_outs.values()) == {0}
    seat = {(e.round, p): e.table for e in m.schedule for p in (e.ns, e.ew)}
    for r, p in itertools.product(range(1, rounds), range(1, rounds + 1)):
        assert seat[r + 1, p] == seat[r, (p - 2) % rounds + 1], "follow the pair below"
    ns_stationary = [s for s in m.stationary if report.directions[s] == (rounds, 0)]
    ew_stationary = [s for s in m.stationary if report.directions[s] == (0, rounds)]
    assert len(ns_stationary) + len(ew_stationary) == len(m.stationary)
    assert len(ns_stationary) - len(ew_stationary) in (0, 1), "stationary pairs split"
    for p in range(1, rounds + 1):
        ns, ew = report.directions[Pair(p)]
        assert abs(ns - ew) <= 1, "moving pairs sit NS and EW equally often within one"
    for s, p in itertools.product(m.stationary, range(1, rounds + 1)):
        assert report.meetings[min(s, Pair(p)), max(s, Pair(p))] == 1


# Sizes where two tables must share a set every round; with rounds = tables + 1 and
# rounds odd this is forced (see howell_short), the others the search proved.
RELAYS = {(4, 5), (4, 6), (5, 8), (6, 7), (8, 9), (10, 11), (12, 13), (14, 15)}


def test_relays_only_where_no_layout_avoids_them() -> None:
    relayed = {size for size in SIZES if build(*size).relays}
    assert relayed == RELAYS
    assert {(n, r) for n, r in SIZES if r == n + 1 and r % 2} < RELAYS
    for size in RELAYS:
        m = build(*size)
        assert {len(r.tables) for r in m.relays} == {2}
        assert len(m.relays) == m.rounds, "one pair of tables shares a set each round"


@pytest.mark.parametrize(("tables", "rounds"), SIZES)
def test_comparisons_follow_the_ns_offsets(tables: int, rounds: int) -> None:
    """Two moving pairs ``d`` apart are compared on ``2·λ(d) + r - 2|U|`` sets; the NS
    offsets ``U`` spread their differences within the mean's band (except 14 rounds,
    where no 7 offsets of 14 do: one difference strays)."""
    base = SHORT_BASE_ROUNDS[tables, rounds]
    offsets = tuple(sorted((c - a) % rounds for a, _, c in base if a <= rounds))
    assert len(offsets) == Shape(tables, rounds).ns_offsets
    lam = spread(rounds, offsets)
    report = check(build(tables, rounds))
    for p, q in itertools.combinations(range(1, rounds + 1), 2):
        sets = report.comparisons[Pair(p), Pair(q)] // 2
        assert sets == 2 * lam[q - p - 1] + rounds - 2 * len(offsets)
    floor, spill = divmod(len(offsets) * (len(offsets) - 1), rounds - 1)
    strays = [x for x in lam if not floor <= x <= floor + (spill > 0)]
    assert len(strays) == (1 if rounds == 14 else 0)


def test_the_search_finds_every_stored_base_round() -> None:
    for size, base in SHORT_BASE_ROUNDS.items():
        assert base_round(*size) == base, size


def test_a_curtailed_full_howell_never_plays_boards_equally() -> None:
    """Why three-quarter Howells are their own movements: in a cyclic full Howell each set
    visits ``n`` of the ``2n - 1`` places, and no proper subset of rounds meets each set
    equally often (``2n - 1`` would have to divide ``n·k``)."""
    for tables in (4, 5, 6):
        m = cyclic_howell(base_round(tables))
        for size in range(1, m.rounds):
            for chosen in itertools.combinations(range(1, m.rounds + 1), size):
                plays = Counter(b for e in m.schedule if e.round in chosen for b in e.boards)
                assert len(set(plays.values())) > 1 or len(plays) < len(m.boards)


def test_the_jcbl_list_stationary_pairs() -> None:
    """The weekly list prints the pairs that stay put; each is a three-quarter Howell's
    stationary pairs (6 tables, 7 rounds printed "9-12", read "8-12")."""
    for offer in WEEKLY_HOWELLS:
        if (offer.tables, offer.rounds) not in SHORT_BASE_ROUNDS:
            continue  # a full Howell, or a Mitchell-like row (10 tables in 10 rounds, 11 in 10)
        m = SHORT.build(offer.tables, ThreeQuarterHowellOptions(rounds=offer.rounds))
        assert m.rounds == offer.rounds
        assert m.stationary == tuple(Pair(p) for p in offer.stay)


def test_three_quarters_of_the_rounds_by_default() -> None:
    assert [three_quarter_rounds(n) for n in range(4, 15)] == [
        5,
        7,
        8,
        10,
        11,
        13,
        14,
        15,
        15,
        15,
        15,
    ]
    assert SHORT.build(8).rounds == 11, "figure 8's size: 8 tables, 11 rounds"


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from(SIZES), per_round=st.integers(1, 4), first=st.integers(1, 50))
def test_options_keep_the_movement_sound(size: tuple[int, int], per_round: int, first: int) -> None:
    tables, rounds = size
    m = SHORT.build(
        tables,
        ThreeQuarterHowellOptions(rounds=rounds, boards_per_round=per_round, first_board=first),
    )
    report = check(m)
    assert report.ok
    assert m.boards == tuple(range(first, first + rounds * per_round))
    assert set(report.plays.values()) == {tables}


@pytest.mark.parametrize(
    ("tables", "rounds", "match"),
    [
        (3, None, "4 to 14 tables"),
        (15, None, "4 to 14 tables"),
        (8, 15, "9 to 14 rounds"),
        (8, 8, "9 to 14 rounds"),
        (12, 16, "13 to 15 rounds"),
    ],
)
def test_sizes_without_a_three_quarter_howell(tables: int, rounds: int | None, match: str) -> None:
    with pytest.raises(InvalidMovement, match=match):
        SHORT.build(tables, ThreeQuarterHowellOptions(rounds=rounds))


def test_follows_the_movement_family_protocol() -> None:
    assert isinstance(SHORT, MovementFamily)
    assert SHORT.__doc__ and SHORT.Options.__doc__
