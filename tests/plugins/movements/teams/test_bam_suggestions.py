"""The suggested one-session board-a-match movements (BAMS.033 page 9), number for number."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import InvalidInput
from engine.movement import Movement
from plugins.movements.teams import bam, mirror_mitchell
from plugins.movements.teams.bam import LISTING
from plugins.movements.teams.bam_suggestions import (
    SECTIONS_FROM,
    SUGGESTIONS,
    Assignment,
    BamSuggestion,
    Layout,
    suggest,
)
from tests.plugins.movements.teams.test_bam_invariants import assert_team_movement

# The table as printed: teams, boards, rounds, movement, boards per round, then the start
# instruction as (first range, add, second range, subtract). "RELAY" rounds are noted as
# (round, optional). Readings: "12 ... 1-6-1" prints no boards per round (24 boards / 8
# rounds = 3); 18 teams prints "E/W 1-14 add 14", read "1-4"; 25 teams prints "E/W 25
# subtract 12", read "13-25".
PRINTED: list[tuple[Any, ...]] = [
    (5, "24/28", "4", "RTM", "6/7", None, None),
    (6, "25/30", "5", "1-2-1", "5/6", (5, False), None),
    (7, "24/30", "6", "RTM", "4/5", None, None),
    (8, "28", "7", "1-4-1", "4", (7, False), None),
    (9, "24", "8", "RTM", "3", None, None),
    (10, "24/27", "8/9", "2-4-2", "3", (9, True), None),
    (11, "30", "10", "RTM", "3", None, None),
    (12, "24", "8", "1-6-1", "", None, ("1-4", 8, "5-12", 4)),
    (12, "30/33", "10/11", "2-6-2", "3", (11, True), None),
    (13, "24", "12", "RTM", "2", None, None),
    (14, "24/26", "12/13", "3-6-3", "2", (13, True), None),
    (15, "28", "14", "RTM", "2", None, None),
    (16, "28/30", "14/15", "3-8-3", "2", (15, True), None),
    (17, "28", "14", "RTM", "2", None, ("1-4", 13, "5-17", 4)),
    (18, "28", "14", "3-8-3", "2", None, ("1-14", 14, "5-18", 4)),
    (19, "28", "14", "RTM", "2", None, ("1-6", 13, "7-19", 6)),
    (20, "28", "14", "2-10-2", "2", None, ("1-6", 14, "7-20", 6)),
    (21, "28", "14", "RTM", "2", None, ("1-8", 13, "9-21", 8)),
    (22, "28", "14", "2-10-2", "2", None, ("1-8", 14, "9-22", 8)),
    (23, "28", "14", "RTM", "2", None, ("1-10", 13, "11-23", 10)),
    (24, "28", "14", "1-12-1", "2", None, ("1-10", 14, "11-24", 10)),
    (25, "28", "14", "RTM", "2", None, ("1-12", 13, "25", 12)),
    (26, "24", "12", "MM", "", None, None),
    (27, "24", "12", "sections", "", None, None),
    (28, "26", "13", "MM", "", None, None),
]
READ_AS = {"1-14": "1-4", "25": "13-25"}


def figures(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split("/")) if text else ()


def test_the_table_row_by_row() -> None:
    assert len(SUGGESTIONS) == len(PRINTED)
    for row, (teams, boards, rounds, movement, per_round, relay, start) in zip(
        SUGGESTIONS, PRINTED, strict=True
    ):
        assert (row.teams, row.boards, row.rounds, row.movement) == (
            teams,
            figures(boards),
            figures(rounds),
            movement,
        )
        assert row.boards_per_round == figures(per_round)
        assert (row.relay_round, row.relay_optional) == (relay or (None, False))
        if start is None:
            assert row.start_down is None and row.start == ""
        else:
            first, add, second, subtract = start
            assert row.start_down == subtract
            assert row.start == (
                f"To start, E/W {READ_AS.get(first, first)} add {add} to their number and "
                f"move to that table; E/W {READ_AS.get(second, second)} subtract {subtract}."
            )


def test_sections() -> None:
    assert [(r.teams, r.layout, r.sections) for r in SUGGESTIONS if r.teams >= 26] == [
        (26, Layout.MIRROR_MITCHELL, (13, 13)),
        (27, Layout.SECTIONS, (13, 14)),
        (28, Layout.MIRROR_MITCHELL, (14, 14)),
    ]
    (beyond,) = suggest(SECTIONS_FROM + 3)
    assert beyond.layout is Layout.SECTIONS and beyond.choices() == ()


def test_lookup() -> None:
    assert [r.movement for r in suggest(12)] == ["1-6-1", "2-6-2"]
    assert suggest(9)[0].plan is not None
    with pytest.raises(InvalidInput, match="5 teams or more, not 4"):
        suggest(4)


@pytest.mark.parametrize(
    "row", [r for r in SUGGESTIONS if r.plan is not None], ids=lambda r: f"{r.teams}-{r.movement}"
)
def test_the_start_instruction_is_the_first_move(row: BamSuggestion) -> None:
    """E/W 1..k add (teams - k) and move to that table; E/W k+1..teams subtract k."""
    m = _build(Assignment("bam", row.teams, {"rounds": row.plan.rounds}))  # type: ignore[union-attr]
    k = row.start_down or 2
    for e in m.round(1):
        assert e.table == (e.ew + row.teams - k if e.ew <= k else e.ew - k)


def _build(assignment: Assignment) -> Movement:
    family, tables, options = assignment
    if family == "bam":
        return bam.schedule(tables, bam.BamOptions(**options))
    assert family == "mirror-mitchell"
    return mirror_mitchell.schedule(tables, mirror_mitchell.MirrorMitchellOptions(**options))


@pytest.mark.parametrize("row", SUGGESTIONS, ids=lambda r: f"{r.teams}-{r.movement}")
def test_every_choice_plays_the_printed_rounds_and_boards(row: BamSuggestion) -> None:
    """Each alternative ("24/27", "8/9") is a movement Traveller builds, with those figures."""
    played: set[tuple[int, int]] = set()
    for choice in row.choices():
        for assignment in choice:
            m = _build(assignment)
            per_team = sum(len(e.boards) for e in m.schedule if e.ns == 1)
            played.add((m.rounds, per_team))
            assert_team_movement(m, equal_plays=m.rounds != row.relay_round)
    expected = {
        (rounds, boards)
        for rounds in row.rounds
        for boards in row.boards
        if boards % rounds == 0
        and (not row.boards_per_round or boards // rounds in row.boards_per_round)
    }
    assert played == expected


def test_the_suggestions_agree_with_the_pages_listing() -> None:
    """Where page 9 and pages 1-5 give a movement for the same teams and rounds, it is the same."""
    compared = 0
    for row in SUGGESTIONS:
        plan = row.plan
        if plan is None:
            continue
        for item in LISTING[row.teams]:
            if item.plan.rounds == plan.rounds and not item.source.startswith("page 9"):
                assert item.plan == plan, row
                compared += 1
    assert compared == 12  # 5-10, 12 (1-6-1), 13-17; 11 differs (8 rounds listed, 10 suggested)
