"""Matchpoints brought up to date board by board equal matchpoints from scratch.

Live standings (issue 16) score again only the boards whose results changed since the
section's last score (:class:`engine.registry.RescoresBoards`). Here random sections —
ties, adjusted and neutral tables, weighted and split assigned scores, fouled boards,
sit-outs, absent opponents — are scored, some of their boards' results changed (a
result added, dropped or corrected), and the changed section both rescored from the
first score and scored afresh, under every option that changes the arithmetic: the
two agree, or the method declines and the engine scores afresh.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.errors import TravellerError
from engine.registry import RescoresBoards, parse_options
from engine.scoring import ScoringField, SectionFacts, SectionScore, TableResult
from engine.seating import Line, Numbering, Pair
from tests.plugins.scoring.test_kernels import (
    MATCHPOINT_OPTIONS,
    PROPERTY,
    REGISTRY,
    SCORES,
    kernel,
    sections,
)


@st.composite
def changed(draw: st.DrawFn, facts: SectionFacts) -> tuple[SectionFacts, frozenset[int]]:
    """``facts`` as they were before some boards' results changed: on each changed
    board a result added since (absent before), dropped since, or corrected (another
    score before); the other boards as they are."""
    boards = sorted({r.board for r in facts.results})
    chosen = frozenset(draw(st.lists(st.sampled_from(boards), min_size=1, unique=True)))
    was: list[TableResult] = []
    for r in facts.results:
        if r.board not in chosen:
            was.append(r)
            continue
        match draw(st.sampled_from(["kept", "added since", "corrected"])):
            case "kept":
                was.append(r)
            case "corrected":
                was.append(
                    replace(
                        r,
                        score_ns=draw(SCORES),
                        neutral=False,
                        award_ns=None,
                        award_ew=None,
                        weighted=(),
                        split_ew=(),
                    )
                )
            case _:
                pass  # not there before
    if draw(st.booleans()):  # a result dropped since (a table that had played it)
        board = min(chosen)
        was.append(TableResult(board, Pair(99, Line.NS), Pair(99, Line.EW), score_ns=draw(SCORES)))
    return replace(facts, results=tuple(was)), chosen


def played(r: TableResult) -> TableResult:
    """The table with a played score only."""
    return replace(
        r,
        score_ns=r.score_ns or 110,
        neutral=False,
        award_ns=None,
        award_ew=None,
        weighted=(),
        split_ew=(),
    )


LIVE_OPTIONS = st.one_of(
    MATCHPOINT_OPTIONS,
    # what a club's evening runs with: nothing that reaches beyond a board
    MATCHPOINT_OPTIONS.map(lambda given: {**given, "factor_to": "field", "facing_absent": None}),
)


def outcome(work: Any) -> SectionScore | str:
    try:
        found: SectionScore = work()
    except TravellerError as refused:
        return f"{type(refused).__name__}: {refused.code}"
    return found


@PROPERTY
@given(sections(), LIVE_OPTIONS, st.data(), st.booleans(), st.booleans())
def test_matchpoints_rescored_equal_matchpoints_from_scratch(
    facts: SectionFacts,
    given: dict[str, Any],
    data: st.DataObject,
    by_kernel: bool,
    plain: bool,
) -> None:
    if plain:  # most evenings: played scores only, so that the board alone is rescored
        facts = replace(facts, results=tuple(map(played, facts.results)))
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, given)
    was, boards = data.draw(changed(facts))
    with kernel(by_kernel):
        before = outcome(lambda: method.score(was, options))
        if isinstance(before, str):
            return  # never scored, so never rescored
        fresh = outcome(lambda: method.score(facts, options))
        rescored = outcome(lambda: method.rescore(before, was, facts, boards, options))
    if rescored is None:
        return  # declined: the engine scores afresh
    assert rescored == fresh
    if isinstance(fresh, SectionScore):
        assert isinstance(rescored, SectionScore)
        assert rescored.totals == fresh.totals
        assert list(rescored.totals) == list(fresh.totals)
        assert list(rescored.tops) == list(fresh.tops)
        assert list(rescored.results) == list(fresh.results)


def test_a_plain_board_changed_is_rescored_not_declined() -> None:
    """The common case of a live evening: played scores only, one board's result added."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {})

    def ns(t: int) -> Pair:
        return Pair(t, Line.NS)

    def ew(t: int) -> Pair:
        return Pair(t, Line.EW)

    results = tuple(
        TableResult(b, ns(t), ew((t + b) % 3 + 1), score_ns=s)
        for b, scores in ((1, (420, 450, 420)), (2, (-100, 110, 140)))
        for t, s in zip((1, 2, 3), scores, strict=True)
    )
    fields = (
        ScoringField("NS", tuple(ns(t) for t in (1, 2, 3))),
        ScoringField("EW", tuple(ew(t) for t in (1, 2, 3))),
    )
    was = SectionFacts(Numbering.MITCHELL, fields, results[:-1], expected_plays={1: 3, 2: 3})
    now = replace(was, results=results)
    before = method.score(was, options)
    rescored = method.rescore(before, was, now, frozenset({2}), options)
    assert rescored is not None
    assert rescored == method.score(now, options)
