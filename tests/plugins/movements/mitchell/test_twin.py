"""Twin Mitchell (the guide's TWIN MITCHELL) by its rules and by property."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell.basic import Mitchell
from plugins.movements.mitchell.twin import TwinMitchell, TwinOptions
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact

TWIN = TwinMitchell()


def options(**given: object) -> TwinOptions:
    return TwinOptions.model_validate(given)


def test_fourteen_tables_in_two_rows_of_seven() -> None:
    """Each row moves as a 7-table Mitchell; facing tables t and 7 + t share boards."""
    m = TWIN.build(14, options(stanzas=1))
    row = Mitchell().build(7)
    assert m.rounds == 7
    for e in m.schedule:
        twin = row.round(e.round)[(e.table - 1) % 7]
        assert e.boards == twin.boards
        assert (e.ns - 1) // 7 == (e.ew - 1) // 7 == (e.table - 1) // 7, "EW stay in the row"
    assert {r.tables for r in m.relays} == {(t, t + 7) for t in range(1, 8)}
    assert m.boards == tuple(range(1, 15)), "one set of boards for both rows"


def test_the_pure_form_plays_twice_and_every_ns_meets_every_ew() -> None:
    m = TWIN.build(14)
    assert m.rounds == 14 and m.boards == tuple(range(1, 29))
    first, second = set(range(1, 8)), set(range(8, 15))
    assert {e.boards[0] for e in m.schedule if e.round <= 7} == set(range(1, 15, 2))
    # after the first stanza the EW pairs change rows (EW t to table 7 + t and back)
    assert {(e.ns, e.ew) for e in m.round(8)} == {(t, t + 7) for t in first} | {
        (t, t - 7) for t in second
    }
    met = Counter((e.ns, e.ew) for e in m.schedule)
    assert set(met) == {(ns, ew) for ns in range(1, 15) for ew in range(1, 15)}
    assert set(met.values()) == {1}


def test_even_rows_play_a_skip_mitchell() -> None:
    m = TWIN.build(16, options(stanzas=1))
    assert m.rounds == 7
    assert "skip one table after round 4" in m.description


def test_phantom_and_stationary_pairs() -> None:
    m = TWIN.build(10)
    assert m.phantom == Pair(10, Line.NS)
    assert m.stationary == tuple(Pair(t, Line.NS) for t in range(1, 11))


@pytest.mark.parametrize("tables", [4, 7, 13])
def test_refusals(tables: int) -> None:
    with pytest.raises(InvalidMovement, match="two rows of at least 3 tables"):
        TWIN.build(tables)


def assert_twin_sound(m: Movement) -> None:
    report = check(m)
    assert report.ok and [n for n in report.notes if "phantom" not in n] == []
    assert len(set(report.plays.values())) == 1
    assert all(e.ns == e.table for e in m.schedule)
    for r in m.relays:
        rows = {(t - 1) // (m.tables // 2) for t in r.tables}
        assert rows == {0, 1}, "facing tables of the two rows share"


@pytest.mark.parametrize(
    ("tables", "variant", "stanzas"),
    [
        (t, v, s)
        for t in range(6, 31, 2)
        for v in (("straight",) if t // 2 % 2 else ("skip", "relay"))
        for s in (1, 2)
    ],
)
def test_every_size_is_sound(tables: int, variant: str, stanzas: int) -> None:
    assert_twin_sound(TWIN.build(tables, options(variant=variant, stanzas=stanzas)))


@pytest.mark.parametrize(
    ("tables", "stanzas", "stops"),
    [(10, 2, (1, 2, 3, 4, 5)), (10, 1, (1, 2, 3, 4)), (8, 2, (1, 2, 3)), (8, 1, (1, 2))],
)
def test_twin_may_stop_within_the_first_stanza(
    tables: int, stanzas: int, stops: tuple[int, ...]
) -> None:
    """Both rows play every set of the first half each round, so play may stop after any
    round of the first stanza (the second half of the boards then left out, as with
    ``stanzas=1``); in the second stanza the first half has been played more often."""
    m = TWIN.build(tables, options(stanzas=stanzas))
    assert m.curtail_after == stops
    assert_curtailing_exact(m)
