"""A file's lines imported as they stream in (issue 16, docs/decisions/0028): the same
decision, line for line, as checking each line against the section with the lines before
it folded in, but recorded as a few ResultsImported events, column by column, with
nothing of a line kept once it is checked."""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import errors
from engine.application import Traveller
from engine.bridge import possible_scores_ns
from engine.events import Changes, DomainEvent
from engine.seating import Numbering
from engine.section import (
    Adjusted,
    ImportRow,
    ResultEntry,
    ResultRecorded,
    ResultsImported,
    build_result,
    importing,
)
from engine.section import decide as section_decide
from engine.section.checks import (
    check_not_recorded,
    check_pairs_and_board,
    check_round_started,
)
from engine.section.events import (
    IMPORTED_COLUMNS,
    BoardDeclaredNeutral,
    ScoreAdjusted,
)
from engine.section.results import LineProblem, Result, ResultFields
from engine.section.state import Section
from engine.testing import memory_app
from tests.engine.test_decide import TD, Game, mitchell, new_game


def one_by_one(game: Game, rows: Sequence[ImportRow | LineProblem]) -> tuple[Section, list[int]]:
    """The reference: how an import was decided before it streamed — each line checked
    against the section with every line before it folded in, one event a line. The
    section as the file leaves it, and the lines with a problem."""
    section = game.section.copy()
    changes = Changes(TD)
    refused = []
    for row in rows:
        if isinstance(row, LineProblem):
            refused.append(row.line)
            continue
        try:
            check_pairs_and_board(
                section, game.tournament, row.board, row.ns, row.ew, allow_unscheduled=False
            )
            if row.adjusted is not None:
                check_not_recorded(section, row.board, row.ns, row.ew)
                where = {"board": row.board, "ns": row.ns, "ew": row.ew}
                if row.adjusted.neutral:
                    event: DomainEvent = changes.add(section, BoardDeclaredNeutral, **where)
                else:
                    event = changes.add(
                        section,
                        ScoreAdjusted,
                        **where,
                        award_ns=str(row.adjusted.ns),
                        award_ew=str(row.adjusted.ew),
                    )
            else:
                assert row.entry is not None
                result = build_result(row.entry, allow_impossible=False)
                check_round_started(
                    section, game.tournament, result.board, result.ns, result.ew, result.round
                )
                check_not_recorded(section, result.board, result.ns, result.ew)
                event = changes.add(section, ResultRecorded, result=result)
        except (errors.Rejected, errors.NotFound, errors.InvalidInput):
            refused.append(row.line)
            continue
        section.apply(event)
    return section, refused


def streamed(game: Game, rows: Sequence[ImportRow | LineProblem]) -> Section | list[int]:
    """The import as it is now: the section the recorded events leave, or the lines
    refused (in the order listed)."""
    try:
        events = section_decide.import_results(
            game.tournament,
            game.section,
            iter(rows),  # read once, as a file is
            numbering=None,
            scoring=None,
            scoring_reason="",
            actor=TD,
        )
    except errors.InvalidFile as refused:
        return [int(p.removeprefix("line ").split(":")[0]) for p in refused.problems]
    return game.then(events).section


def tables(section: Section) -> dict[Any, Any]:
    return {key: (entry.fact, entry.result) for key, entry in section.tables.items()}


def results_only(numbering: Numbering) -> Game:
    game = new_game()
    return game.then(section_decide.choose_numbering(game.section, numbering, actor=TD))


SCALE = float(os.environ.get("TRAVELLER_FUZZ_SCALE", "1"))
"""How many more examples than the suite's to try (``bench/fuzz.py`` sets it)."""


SCORES = st.sampled_from([420, -50, 170, 100, 1430, -620, 0, 7, 425])
"""Scores a board can have, and some it cannot (7, 425)."""


@st.composite
def files(draw: st.DrawFn, pairs: int, boards: int) -> list[ImportRow | LineProblem]:
    """Lines of a file: results, adjusted scores and neutral boards of a few pairs on a
    few boards (so that a pair often has a second result on a board), a score no contract
    makes now and then, and a line a reader could not read."""
    rows: list[ImportRow | LineProblem] = []
    for line in range(2, 2 + draw(st.integers(0, 40))):
        board = draw(st.integers(1, boards))
        ns, ew = draw(st.integers(1, pairs)), draw(st.integers(1, pairs))
        kind = draw(st.sampled_from(["result"] * 8 + ["contract", "adjusted", "neutral", "bad"]))
        if kind == "bad":
            rows.append(LineProblem(line, "ns x is not a whole number"))
        elif kind == "adjusted":
            rows.append(ImportRow(line, board, ns, ew, adjusted=Adjusted.parse("A60/A40")))
        elif kind == "neutral":
            rows.append(ImportRow(line, board, ns, ew, adjusted=Adjusted.parse("N")))
        else:
            contract = (
                {"contract": "4S", "declarer": "N", "tricks": 10} if kind == "contract" else {}
            )
            score = None if contract else draw(SCORES)
            entry = ResultEntry(board, ns, ew, score_ns=score, **contract)  # type: ignore[arg-type]
            rows.append(ImportRow(line, board, ns, ew, entry=entry))
    return rows


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of three results, so that a few lines make several events."""
    monkeypatch.setattr(importing, "IMPORT_CHUNK", 3)


BOTH_WAYS = pytest.mark.parametrize("numpy_from", [10**9, 0], ids=["set", "numpy"])
"""Both ways the lines that give a pair a second result are found: a small file's (a
set) and a big file's (numpy), by where :data:`importing.NUMPY_FROM` stands."""


@BOTH_WAYS
@settings(max_examples=round(150 * SCALE), deadline=None)
@given(
    numbering=st.sampled_from([Numbering.MITCHELL, Numbering.HOWELL]),
    rows=files(pairs=5, boards=3),
)
def test_a_streamed_import_decides_as_lines_folded_one_by_one(
    numpy_from: int, numbering: Numbering, rows: list[ImportRow | LineProblem]
) -> None:
    game = results_only(numbering)
    expected, refused = one_by_one(game, rows)
    with patch.object(importing, "NUMPY_FROM", numpy_from):
        got = streamed(game, rows)
    if refused:
        assert got == refused, "the same lines, in the file's order"
    else:
        assert isinstance(got, Section) and tables(got) == tables(expected)


@BOTH_WAYS
@settings(max_examples=round(60 * SCALE), deadline=None)
@given(rows=files(pairs=14, boards=21))
def test_a_streamed_import_into_a_movement_decides_as_before(
    numpy_from: int, rows: list[ImportRow | LineProblem]
) -> None:
    game = mitchell(14)  # a movement: unscheduled tables and unknown boards are refused too
    expected, refused = one_by_one(game, rows)
    with patch.object(importing, "NUMPY_FROM", numpy_from):
        got = streamed(game, rows)
    if refused:
        assert got == refused
    else:
        assert isinstance(got, Section) and tables(got) == tables(expected)


@BOTH_WAYS
def test_a_line_refused_leaves_its_other_pair_free(
    numpy_from: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Line 3 gives NS 1 a second result on board 1 and is refused; EW 2, which it also
    names, has no result then, so line 4 may give it one — as when each line was folded
    before the next was checked."""
    monkeypatch.setattr(importing, "NUMPY_FROM", numpy_from)
    game = results_only(Numbering.MITCHELL)
    rows = [
        ImportRow(2, 1, 1, 1, entry=ResultEntry(1, 1, 1, score_ns=420)),
        ImportRow(3, 1, 1, 2, entry=ResultEntry(1, 1, 2, score_ns=420)),
        ImportRow(4, 1, 3, 2, entry=ResultEntry(1, 3, 2, score_ns=420)),
    ]
    with pytest.raises(errors.InvalidFile) as refused:
        section_decide.import_results(
            game.tournament, game.section, rows, numbering=None, scoring=None,
            scoring_reason="", actor=TD,
        )  # fmt: skip
    (problem,) = refused.value.problems
    assert problem.startswith("line 3: Pair NS 1 already has a result on board 1 (NS 1 against")


def test_the_results_are_recorded_a_chunk_at_a_time_in_the_files_order() -> None:
    game = results_only(Numbering.MITCHELL)
    rows = [ImportRow(n, 1, n, n, entry=ResultEntry(1, n, n, score_ns=420)) for n in range(1, 8)]
    rows.insert(4, ImportRow(99, 2, 1, 1, adjusted=Adjusted.parse("A+/A-")))
    events = section_decide.import_results(
        game.tournament, game.section, rows, numbering=None, scoring=None, scoring_reason="",
        actor=TD,
    )  # fmt: skip
    kinds = [(type(e).__name__, e.size) for e in events]
    assert kinds == [
        ("ResultsImported", 3),
        ("ResultsImported", 1),
        ("ScoreAdjusted", 1),
        ("ResultsImported", 3),
    ]
    assert [e.originator_version for e in events] == list(
        range(game.section.version + 1, game.section.version + 5)
    )
    first = events[0]
    assert isinstance(first, ResultsImported)
    assert first.score_ns == (420, 420, 420) and first.contract is None, "no column of Nones"
    assert list(first.results()) == [
        build_result(ResultEntry(1, n, n, score_ns=420), allow_impossible=False) for n in (1, 2, 3)
    ]


def test_an_imported_result_keeps_every_column_it_gives() -> None:
    game = results_only(Numbering.MITCHELL)
    full = ResultEntry(3, 2, 4, "3NT", "S", 9, None, "SK", 2, 5)
    plain = ResultEntry(3, 1, 1, score_ns=-100)
    rows = [ImportRow(2, 3, 2, 4, entry=full), ImportRow(3, 3, 1, 1, entry=plain)]
    (event,) = section_decide.import_results(
        game.tournament, game.section, rows, numbering=None, scoring=None, scoring_reason="",
        actor=TD,
    )  # fmt: skip
    assert isinstance(event, ResultsImported)
    assert list(event.results()) == [
        build_result(full, allow_impossible=False),
        build_result(plain, allow_impossible=False),
    ]
    stored = ResultsImported.model_validate(event.model_dump(mode="json"))
    assert stored == event, "read back from its stored form"


def test_columns_of_different_lengths_are_not_an_event() -> None:
    with pytest.raises(ValueError, match="the ns column has 1 values, not 2"):
        ResultsImported(
            originator_id=EVENT_ID, originator_version=2, board=(1, 1), ns=(1,), ew=(1, 2),
            score_ns=(420, 420),
        )  # fmt: skip


EVENT_ID = new_game().section.id


def test_problems_beyond_those_kept_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of a million bad lines is refused in bounded memory: the first problems
    (in line order, the duplicates found at the end among them) are kept, every one is
    counted."""
    monkeypatch.setattr(importing, "MOST_PROBLEMS_KEPT", 3)
    game = results_only(Numbering.MITCHELL)
    rows: list[ImportRow | LineProblem] = [
        ImportRow(2, 1, 1, 1, entry=ResultEntry(1, 1, 1, score_ns=420)),
        ImportRow(3, 1, 1, 1, entry=ResultEntry(1, 1, 1, score_ns=420)),  # found at the end
        *(LineProblem(n, "board x is not a whole number") for n in range(4, 40)),
    ]
    with pytest.raises(errors.InvalidFile) as refused:
        section_decide.import_results(
            game.tournament, game.section, rows, numbering=None, scoring=None,
            scoring_reason="", actor=TD,
        )  # fmt: skip
    assert [p.split(":")[0] for p in refused.value.problems] == ["line 3", "line 4", "line 5"]
    assert refused.value.problem_count == 37 and refused.value.unlisted == 34


# ---- through the application --------------------------------------------------------------


def imported(app: Traveller, count: int) -> tuple[Any, list[ImportRow]]:
    event = app.create_event("Big field")
    rows = [
        ImportRow(n, board, t, t, entry=ResultEntry(board, t, t, score_ns=score))
        for n, (board, t, score) in enumerate(
            ((b, t, sorted(possible_scores_ns(b))[t]) for b in range(1, count // 10 + 1)
             for t in range(1, 11)),
            start=2,
        )
    ]  # fmt: skip
    assert app.import_results(event, rows, numbering=Numbering.MITCHELL) == len(rows)
    return event, rows


def test_an_import_replays_to_the_results_one_by_one_would_give() -> None:
    app = memory_app()
    event, rows = imported(app, 50)
    by_one = memory_app()
    other = by_one.create_event("Big field")
    for row in rows:
        assert row.entry is not None
        by_one.record_result(other, row.entry, numbering=Numbering.MITCHELL)
    # The import folded nothing: the section read is its events replayed from the store.
    assert tables(app.section(event)) == tables(by_one.section(other))
    assert (
        app.standings(event, 1).to_json()["fields"]
        == by_one.standings(other, 1).to_json()["fields"]
    )


def test_the_audit_shows_each_imported_result_by_board_and_pair() -> None:
    app = memory_app()
    event, _ = imported(app, 30)
    board_2 = app.audit(event, board=2)
    assert [(a["type"], a["data"]["result"]["ns"]) for a in board_2] == [
        ("ResultsImported", t) for t in range(1, 11)
    ]
    assert len(app.audit(event, pair="NS3")) == 3
    assert app.verify(event).ok


def test_the_command_that_imports_builds_no_state_of_the_results() -> None:
    """The section is not folded by the import (its cached state stays as it was read),
    nor by the check of the links it wrote: the next read folds the results."""
    app = memory_app()
    event = app.create_event("Big field")
    read = app.section(event)
    app.import_results(
        event,
        [ImportRow(2, 1, 1, 1, entry=ResultEntry(1, 1, 1, score_ns=420))],
        numbering=Numbering.MITCHELL,
    )
    assert app.read_checked(event) == []
    assert app._states[read.id].version == read.version, "neither folded the results"
    now = app.section(event)  # the next read folds them
    assert now.version == read.version + 2 and len(now.tables) == 1
    assert app._states[read.id].version == now.version


def test_an_import_refused_writes_nothing() -> None:
    app = memory_app()
    event = app.create_event("Big field")
    at = app.position()
    rows = [ImportRow(n, 1, n, n, entry=ResultEntry(1, n, n, score_ns=420)) for n in range(1, 9)]
    rows.append(ImportRow(20, 1, 1, 2, entry=ResultEntry(1, 1, 2, score_ns=420)))
    with pytest.raises(errors.InvalidFile, match="1 line"):
        app.import_results(event, rows, numbering=Numbering.MITCHELL)
    assert app.position() == at and not app.section(event).tables


def test_weights_of_an_assigned_score_survive_an_import() -> None:
    app = memory_app()
    event = app.create_event("Assigned")
    weighted = ((Fraction(1, 3), 420), (Fraction(2, 3), -50))
    app.import_results(
        event, [ImportRow(2, 1, 1, 1, assigned=weighted)], numbering=Numbering.MITCHELL
    )
    (table,) = app.section(event).entries()
    assert table.fact.weighted == weighted


def test_a_result_is_written_with_the_same_fields_everywhere() -> None:
    # A Result, the values an import keeps of it and the chunk's columns name the same
    # fields in the same order: a field added to one and not the others would be lost.
    fields = tuple(Result.model_fields)
    assert ResultFields._fields == fields == IMPORTED_COLUMNS
    assert set(fields) <= set(ResultsImported.model_fields)
