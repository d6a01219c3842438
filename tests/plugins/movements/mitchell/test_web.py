"""Web Mitchell against the guide's 14-table example, JCBL appendix 3 §1, and by property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidMovement
from engine.movement import Movement
from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell.web import WebMitchell, WebOptions
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact

WEB = WebMitchell()


def options(**given: object) -> WebOptions:
    return WebOptions.model_validate(given)


def sets_at(m: Movement, rnd: int) -> dict[int, int]:
    """Table → board set in a round."""
    return {e.table: m.set_index(e.boards) + 1 for e in m.round(rnd)}


def test_the_guides_fourteen_table_web() -> None:
    """Groups 1-7 and 8-14, 9 sets. First group: set 1 on table 1 … set 7 on table 7, the
    rest (8, 9) at table 7. Second group: set 9 on table 14, set 1 on table 13 down to
    set 6 on table 8, sets 7 and 8 waiting at table 14, set 8 fed in next ("Sets 7/8 |
    Set 9 | Set 1 | … | Set 6")."""
    m = WEB.build(14, options(sets=9))
    first = sets_at(m, 1)
    assert [first[t] for t in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [first[t] for t in range(14, 7, -1)] == [9, 1, 2, 3, 4, 5, 6]
    second = sets_at(m, 2)
    assert second[7] == 8 and second[14] == 8, "the waiting sets are fed in at 7 and 14"
    assert [sets_at(m, r)[14] for r in range(1, 10)] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert [sets_at(m, r)[1] for r in range(1, 10)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    ew_1 = [e.table for e in m.schedule if e.ew == 1]
    assert ew_1 == list(range(1, 10)), "EW move up one table, ignoring the groups"


def test_every_pair_plays_every_board() -> None:
    m = WEB.build(14, options(sets=9))
    for line in Line:
        for n in range(1, 15):
            played = {
                b for e in m.schedule if (e.ns if line is Line.NS else e.ew) == n for b in e.boards
            }
            assert played == set(m.boards)


@pytest.mark.parametrize(
    ("tables", "sections", "mitchells", "groups"),
    [(13, 1, [(1, 9)], [(10, 11), (12, 13)]), (28, 2, [(1, 9), (10, 18)], [(19, 23), (24, 28)])],
)
def test_the_guides_webs_after_full_mitchells(
    tables: int, sections: int, mitchells: list[tuple[int, int]], groups: list[tuple[int, int]]
) -> None:
    """13 tables: a 9-table Mitchell and a 4-table web, 2/2; 28 tables: two 9-table
    Mitchells and a 10-table web, 5/5."""
    m = WEB.build(tables, options(sets=9, mitchell_sections=sections))
    first = sets_at(m, 1)
    for low, high in mitchells:
        assert [first[t] for t in range(low, high + 1)] == list(range(1, 10))
    (a_low, a_high), (b_low, b_high) = groups
    assert [first[t] for t in range(a_low, a_high + 1)] == list(range(1, a_high - a_low + 2))
    assert first[b_high] == 9
    backwards = [first[t] for t in range(b_high - 1, b_low - 1, -1)]
    assert backwards == list(range(1, b_high - b_low + 1))
    assert check(m).ok and m.rounds == 9


@pytest.mark.parametrize("tables", range(14, 25, 2))
def test_jcbl_thirteen_round_webs(tables: int) -> None:
    """JTOS PWEB: 13 rounds for 14-24 tables, even only (appendix 3: 18 tables, 2 × 13)."""
    m = WEB.build(tables)
    assert m.rounds == 13 and len(m.boards) == 26
    assert m.phantom == Pair(tables, Line.NS)


@pytest.mark.parametrize(
    ("tables", "given", "message"),
    [
        (14, {"sets": 8}, "odd number of sets"),
        (13, {"sets": 9}, "leave 13 for the web, which needs an even number"),
        (14, {"sets": 5}, "do not fit"),
        (4, {"sets": 7}, "do not fit"),
        (3, {}, "No web Mitchell fits 3 tables"),
    ],
)
def test_refusals(tables: int, given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidMovement, match=message):
        WEB.build(tables, options(**given))


def assert_web_sound(m: Movement) -> None:
    report = check(m)
    assert report.ok and [n for n in report.notes if "phantom" not in n] == []
    assert set(report.plays.values()) == {m.tables}, "every pair plays every board"
    assert all(e.ns == e.table for e in m.schedule)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_web_is_sound(data: st.DataObject) -> None:
    sets = data.draw(st.sampled_from([3, 5, 7, 9, 11]))
    sections = data.draw(st.integers(0, 2))
    group = data.draw(st.integers(1, sets))
    tables = sections * sets + 2 * group
    if tables < sets:
        return
    assert_web_sound(WEB.build(tables, options(sets=sets, mitchell_sections=sections)))


@pytest.mark.parametrize(
    ("tables", "given"), [(14, {}), (16, {}), (13, {"mitchell_sections": 1, "sets": 9})]
)
def test_a_web_cannot_stop_early(tables: int, given: dict[str, object]) -> None:
    """The web's groups leave sets waiting, so its boards are played equally often only
    when every round is played."""
    m = WEB.build(tables, options(**given))
    assert m.curtail_after == ()
    assert_curtailing_exact(m)
