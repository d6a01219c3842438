"""Mirror Mitchell played by pairs against JCBL appendix 3 §2."""

from __future__ import annotations

import pytest

from engine.seating import Line, Pair
from engine.validator import check
from plugins.movements.mitchell.mirror import MirrorMitchellPairs
from plugins.movements.teams.mirror_mitchell import MirrorMitchellOptions
from tests.plugins.movements.mitchell.test_basic import assert_curtailing_exact

MIRROR = MirrorMitchellPairs()

# JCBL appendix 3 §2: 14 tables (rows are rounds, columns board sets 1-7).
JCBL_14 = """
1\t1- 8 8- 1\t2- 9 9- 2\t3-10 10- 3\t4-11 11- 4\t5-12 12- 5\t6-13 13- 6\t7-14 14- 7
2\t7- 9 14- 2\t1-10 8- 3\t2-11 9- 4\t3-12 10- 5\t4-13 11- 6\t5-14 12- 7\t6- 8 13- 1
3\t6-10 13- 3\t7-11 14- 4\t1-12 8- 5\t2-13 9- 6\t3-14 10- 7\t4- 8 11- 1\t5- 9 12- 2
4\t5-11 12- 4\t6-12 13- 5\t7-13 14- 6\t1-14 8- 7\t2- 8 9- 1\t3- 9 10- 2\t4-10 11- 3
5\t4-12 11- 5\t5-13 12- 6\t6-14 13- 7\t7- 8 14- 1\t1- 9 8- 2\t2-10 9- 3\t3-11 10- 4
6\t3-13 10- 6\t4-14 11- 7\t5- 8 12- 1\t6- 9 13- 2\t7-10 14- 3\t1-11 8- 4\t2-12 9- 5
7\t2-14 9- 7\t3- 8 10- 1\t4- 9 11- 2\t5-10 12- 3\t6-11 13- 4\t7-12 14- 5\t1-13 8- 6
"""


def test_jcbl_fourteen_table_mirror_mitchell_as_pairs() -> None:
    m = MIRROR.build(14, MirrorMitchellOptions(style="jcbl"))
    printed = [
        [cell.replace("- ", "-") for cell in line.split("\t")[1:]]
        for line in JCBL_14.strip().splitlines()
    ]
    assert m.master_sheet() == printed
    assert m.kind == "pairs" and m.phantom == Pair(14, Line.NS)
    report = check(m)
    assert report.ok and [n for n in report.notes if "phantom" not in n] == []


@pytest.mark.parametrize("tables", range(6, 31, 2))
def test_every_size_is_a_sound_pairs_movement(tables: int) -> None:
    m = MIRROR.build(tables)
    report = check(m)
    assert report.ok and len(set(report.plays.values())) == 1
    assert [n for n in report.notes if "phantom" not in n] == []
    half = tables // 2
    assert all((e.ns - 1) // half != (e.ew - 1) // half for e in m.schedule), (
        "every NS pair meets the EW pairs of the other section"
    )


@pytest.mark.parametrize(
    ("tables", "stops"), [(6, (1, 2)), (14, (1, 2, 3, 4, 5, 6)), (18, (1, 2, 3, 4, 5, 6, 7))]
)
def test_pairs_may_stop_after_any_round(tables: int, stops: tuple[int, ...]) -> None:
    """Played as pairs nothing waits for a team-mate's result: only the boards count."""
    m = MIRROR.build(tables, MirrorMitchellOptions())
    assert m.curtail_after == stops
    assert_curtailing_exact(m)
